//! Texm: the parse target reads the header, palette, mip chain and Page tail; the round trip
//! decodes every level under every reading, re-encodes in place and re-parses.

use crate::formats::readings::Readings;
use crate::formats::texm::{RuntimeOptions, Texm, runtime_view};

pub fn parse(data: &[u8]) {
    match Texm::parse(data) {
        Ok((t, _)) => {
            for level in 0..t.mip_count().min(64) {
                let _ = t.mip_dims(level);
                let _ = t.mip_bytes(level);
            }
            let _ = (t.format(), t.page().map(|p| p.rects.len()), t.palette().is_some());
        }
        Err(e) => super::error_within(data, &e),
    }
}

pub fn round_trip(data: &[u8]) {
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
        let opts = RuntimeOptions { force_16bit: data.len().is_multiple_of(2), disable_mipmap: data.len().is_multiple_of(3), ignore_page: false };
        let _ = runtime_view(&t, &readings, None, &opts);
    }
    let out = edited.write();
    let (back, _) = Texm::parse(&out).expect("an edited texture re-parses");
    assert!(back.write() == out);
}

pub fn seeds() -> Vec<Vec<u8>> {
    use crate::fixtures::texm;
    super::within_cap(texm::all().into_iter().chain(texm::malformed()).map(|(_, b)| b).collect())
}
