//! Replays the `texm` fuzz target's steps over every texture the fixture writers make (every
//! format, with and without Page rects, the malformed ones) and, when it is there, the saved
//! fuzz corpus (fuzz/corpus/texm, not in the repository), so a fixed finding stays fixed
//! without running the fuzzer.

use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::{RuntimeOptions, Texm, runtime_view};

#[test]
fn saved_corpus_replays_without_panics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/texm");
    let mut inputs: Vec<(String, Vec<u8>)> = parkan_studio::fixtures::texm::all().into_iter().map(|(n, b)| (n.to_string(), b)).collect();
    inputs.extend(parkan_studio::fixtures::texm::malformed().into_iter().map(|(n, b)| (n.to_string(), b)));
    let fixtures = inputs.len();
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        inputs.push((entry.path().display().to_string(), std::fs::read(entry.path()).unwrap()));
    }
    let mut parsed = 0;
    for (name, data) in &inputs {
        let data = data.clone();
        let Ok((t, _)) = Texm::parse(&data) else { continue };
        parsed += 1;
        assert_eq!(t.write(), data, "{name}");
        let r = Readings::default();
        let mut edited = t.clone();
        for level in 0..t.mip_count().min(64) {
            let Ok(img) = t.decode_mip(level, &r, None) else { continue };
            edited.set_mip_rgba(level, &img, &r, None).unwrap();
        }
        let _ = runtime_view(&t, &r, None, &RuntimeOptions { force_16bit: true, disable_mipmap: false, ignore_page: false });
        let out = edited.write();
        assert_eq!(Texm::parse(&out).unwrap().0.write(), out);
    }
    assert!(fixtures >= 20 && parsed >= fixtures / 2, "{parsed} of {} inputs parsed ({fixtures} from the fixture writers)", inputs.len());
}
