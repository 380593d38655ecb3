#![no_main]
//! Texm: parse arbitrary bytes; whatever parses must write back byte-identically, decode every
//! level in both views under every reading, re-encode in place and re-parse.
use libfuzzer_sys::fuzz_target;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::{RuntimeOptions, Texm, runtime_view};

fuzz_target!(|data: &[u8]| {
    let Ok((t, _)) = Texm::parse(data) else { return };
    assert!(t.write() == data, "round trip");
    let mut alt = Readings::default();
    for s in ["texm-8888=argb", "texm-888=rgbx", "texm-88=alpha-lum", "palette=rgba"] {
        alt.set(s).unwrap();
    }
    let mut edited = t.clone();
    for readings in [Readings::default(), alt] {
        for level in 0..t.mip_count().min(64) {
            let Ok(img) = t.decode_mip(level, &readings, None) else { continue };
            edited.set_mip_rgba(level, &img, &readings, None).expect("a decoded level re-encodes");
        }
        let opts = RuntimeOptions { force_16bit: data.len() % 2 == 0, disable_mipmap: data.len() % 3 == 0, ignore_page: false };
        let _ = runtime_view(&t, &readings, None, &opts);
    }
    let out = edited.write();
    let (back, _) = Texm::parse(&out).expect("an edited texture re-parses");
    assert!(back.write() == out);
});
