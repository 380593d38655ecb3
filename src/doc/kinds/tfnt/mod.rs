//! The Tfnt codec: any item whose bytes start with `Tfnt` and hold the 256 glyph records
//! (docs/formats/tfnt.md). `check` reports the embedded Texm's findings and glyph rects outside
//! the sheet and compares the re-encoding; `info` is the "tfnt" object of docs/cli.md#info.

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::Result;
use crate::formats::tfnt::{Tfnt, is_tfnt};
use serde_json::{Value, json};

pub struct TfntCodec;

impl Codec for TfntCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Tfnt
    }

    fn claims(&self, item: &Item) -> bool {
        is_tfnt(item.bytes)
    }

    fn check(&self, item: &Item) -> Checked {
        match Tfnt::parse(item.bytes) {
            Ok((f, diagnostics)) => Checked { roundtrip: f.write() == item.bytes, diagnostics },
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (f, diags) = Tfnt::parse(item.bytes)?;
        let i = f.info();
        Ok(json!({
            "kind": FormatKind::Tfnt,
            "line_height": i.line_height,
            "spacing": f.spacing,
            "glyphs": i.glyphs,
            "sheet_width": i.sheet_width,
            "sheet_height": i.sheet_height,
            "sheet_format": i.sheet_format,
            "texm_bytes": f.texm_bytes.len(),
            "diagnostics": diags,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::font as fx;
    use crate::formats::readings::Readings;

    #[test]
    fn claims_checks_and_informs() {
        let r = Readings::default();
        let b = fx::tfnt_bytes();
        let it = Item { bytes: &b, name: "GAME.FNT", type_id: None, attrs: [0; 3], readings: &r };
        assert_eq!(crate::doc::registry::codec_for(&it).map(|c| c.kind().name()), Some("tfnt"));
        let c = TfntCodec.check(&it);
        assert!(c.roundtrip && c.diagnostics.is_empty(), "{:?}", c.diagnostics);
        let v = TfntCodec.info(&it).unwrap();
        assert_eq!((v["kind"].as_str(), v["glyphs"].as_u64(), v["sheet_format"].as_u64()), (Some("tfnt"), Some(fx::glyph_count() as u64), Some(2)));
        let bad = Item { bytes: &b[..100], ..it };
        assert!(!TfntCodec.claims(&bad));
    }
}
