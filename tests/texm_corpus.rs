//! Replays the saved fuzz corpus of the `texm` target (fuzz/corpus/texm) through the same
//! steps as the fuzz target, so a fixed finding stays fixed without running the fuzzer.

use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::{RuntimeOptions, Texm, runtime_view};

#[test]
fn saved_corpus_replays_without_panics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/texm");
    let Ok(entries) = std::fs::read_dir(&dir) else { return };
    let mut parsed = 0;
    for entry in entries.flatten() {
        let data = std::fs::read(entry.path()).unwrap();
        let Ok((t, _)) = Texm::parse(&data) else { continue };
        parsed += 1;
        assert_eq!(t.write(), data, "{:?}", entry.path());
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
    assert!(parsed > 0, "the corpus holds parseable textures");
}
