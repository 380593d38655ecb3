//! WEAR: any bytes read (both engine parsers, the rows, the diagnostics); the parse target checks
//! only what the reading promises about positions.

use crate::formats::wear::Wear;

pub fn parse(data: &[u8]) {
    let w = Wear::parse(data);
    for d in w.diagnostics() {
        assert!(d.offset.is_none_or(|o| o as usize <= data.len()), "a diagnostic past the end: {d:?}");
    }
    for r in w.materials().iter().chain(w.lightmaps().unwrap_or(&[])) {
        assert!(r.id_span.end <= data.len() && r.name_span.end <= data.len());
    }
}

pub fn seeds() -> Vec<Vec<u8>> {
    super::within_cap(crate::fixtures::wear::all().into_iter().map(|(_, b)| b).collect())
}
