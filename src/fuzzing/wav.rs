//! WAV (docs/formats/wav.md): any bytes read by the chunk layer, written back identical, the
//! format and its findings read, and decoded; the decode gives exactly the samples `info` counts.

use crate::formats::wav::{Wav, peek};

pub fn parse(data: &[u8]) {
    let Ok(w) = Wav::parse(data) else { return };
    assert_eq!(w.write(), data, "an untouched sound writes back its bytes");
    for d in w.diagnostics() {
        assert!(d.offset.is_none_or(|o| o as usize <= data.len()), "a diagnostic past the end: {d:?}");
    }
    let info = w.info().ok();
    assert_eq!(peek(data).map(|i| (i.codec, i.frames)), info.as_ref().map(|i| (i.codec, i.frames)), "peek and info agree");
    if let (Ok(s), Some(i)) = (w.decode(), info) {
        assert_eq!(s.samples.len() as u64, i.frames * i.channels as u64, "decode gives the samples info counts");
    }
}

pub fn seeds() -> Vec<Vec<u8>> {
    super::within_cap(crate::fixtures::wav::all().into_iter().map(|(_, b)| b).collect())
}
