//! The WAV codec: any item whose bytes are RIFF/WAVE, whatever its type tag (`SWAV` in the
//! game's `sounds.lib` and `voices.lib`) or name (docs/formats/wav.md). `check` reports what the
//! chunk layer and the format found (chunk sizes that disagree with the file, a truncated data
//! chunk, a format the codecs cannot read) and compares the re-encoding; `info` is the "wav"
//! object of docs/cli.md#info.

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::Result;
use crate::formats::wav::{Wav, is_wave};
use serde_json::{Value, json};

pub struct WavCodec;

impl Codec for WavCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Wav
    }

    fn claims(&self, item: &Item) -> bool {
        is_wave(item.bytes)
    }

    fn check(&self, item: &Item) -> Checked {
        match Wav::parse(item.bytes) {
            Ok(w) => Checked { roundtrip: w.write() == item.bytes, diagnostics: w.diagnostics() },
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let w = Wav::parse(item.bytes)?;
        let i = w.info()?;
        Ok(json!({
            "kind": FormatKind::Wav,
            "codec": i.codec,
            "format_tag": i.format_tag,
            "rate": i.rate,
            "channels": i.channels,
            "bits": i.bits,
            "block_align": i.block_align,
            "samples_per_block": i.samples_per_block,
            "frames": i.frames,
            "duration": i.duration,
            "data_bytes": i.data_bytes,
            "chunks": i.chunks,
            "diagnostics": w.diagnostics(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::wav as fx;
    use crate::formats::readings::Readings;
    use crate::formats::wav::TYPE_SWAV;

    fn item<'a>(bytes: &'a [u8], name: &'a str, type_id: Option<u32>, r: &'a Readings) -> Item<'a> {
        Item { bytes, name, type_id, attrs: [0; 3], readings: r }
    }

    #[test]
    fn claims_by_content_whatever_the_tag() {
        let r = Readings::default();
        let b = fx::all().remove(0).1;
        assert!(WavCodec.claims(&item(&b, "x.wav", Some(TYPE_SWAV), &r)));
        assert!(WavCodec.claims(&item(&b, "noise", Some(0), &r)));
        assert!(WavCodec.claims(&item(&b, "loose", None, &r)));
        assert!(!WavCodec.claims(&item(b"RIFF\0\0\0\0AVI LIST", "x.wav", Some(TYPE_SWAV), &r)));
        // The registry finds it before anything else.
        assert_eq!(crate::doc::registry::codec_for(&item(&b, "x.wav", Some(crate::formats::TYPE_TEXM), &r)).map(|c| c.kind().name()), Some("wav"));
    }

    #[test]
    fn check_round_trips_and_reports_sizes() {
        let r = Readings::default();
        for (name, b) in fx::all() {
            let c = WavCodec.check(&item(&b, name, Some(TYPE_SWAV), &r));
            assert!(c.roundtrip, "{name}");
            assert_eq!(name == "truncated_data.wav", !c.diagnostics.is_empty(), "{name}: {:?}", c.diagnostics);
        }
    }

    #[test]
    fn info_follows_the_schema() {
        let r = Readings::default();
        let b = fx::all().into_iter().find(|(n, _)| *n == "msadpcm_stereo.wav").unwrap().1;
        let v = WavCodec.info(&item(&b, "x", Some(TYPE_SWAV), &r)).unwrap();
        assert_eq!(v["kind"], "wav");
        assert_eq!(v["codec"], "ms-adpcm");
        assert_eq!((v["rate"].as_u64(), v["channels"].as_u64(), v["block_align"].as_u64(), v["frames"].as_u64()), (Some(22050), Some(2), Some(512), Some(2000)));
        assert_eq!(v["chunks"], json!(["fmt ", "fact", "data"]));
    }
}
