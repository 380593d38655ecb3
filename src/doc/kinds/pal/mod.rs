//! The PAL codec: `.PAL` entries and files of at least 1,024 bytes, and anything whose palette
//! is followed by the `Ipol` tag (docs/formats/pal.md). `check` reports a short table or a tail
//! and compares the re-encoding; `info` is the "pal" object of docs/cli.md#info.

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::Result;
use crate::formats::pal::{PALETTE_LEN, Pal, has_ipol};
use serde_json::{Value, json};

pub struct PalCodec;

/// Whether an item is a palette: by the `Ipol` tag, or by name and size.
pub fn is_pal(name: &str, bytes: &[u8]) -> bool {
    has_ipol(bytes) || (name.to_ascii_lowercase().ends_with(".pal") && bytes.len() >= PALETTE_LEN)
}

impl Codec for PalCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Pal
    }

    fn claims(&self, item: &Item) -> bool {
        is_pal(item.name, item.bytes)
    }

    fn check(&self, item: &Item) -> Checked {
        match Pal::parse(item.bytes) {
            Ok((p, diagnostics)) => Checked { roundtrip: p.write() == item.bytes, diagnostics },
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (p, diags) = Pal::parse(item.bytes)?;
        let order = item.readings.palette;
        let hex = |i: u8| {
            let c = p.palette.entry(i, order);
            format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
        };
        Ok(json!({
            "kind": FormatKind::Pal,
            "colours": 256,
            "first": hex(0),
            "last": hex(255),
            "ipol": p.ipol.is_some(),
            "tail_bytes": p.tail.len(),
            "diagnostics": diags,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::font as fx;
    use crate::formats::readings::Readings;

    fn item<'a>(bytes: &'a [u8], name: &'a str, r: &'a Readings) -> Item<'a> {
        Item { bytes, name, type_id: Some(0), attrs: [0; 3], readings: r }
    }

    #[test]
    fn claims_checks_and_informs() {
        let r = Readings::default();
        let ipol = fx::pal_with_ipol();
        assert!(PalCodec.claims(&item(&ipol, "anything", &r)));
        let plain = fx::pal_plain();
        assert!(PalCodec.claims(&item(&plain, "A.PAL", &r)));
        assert!(!PalCodec.claims(&item(&plain, "A.BIN", &r)));
        assert!(!PalCodec.claims(&item(&plain[..1000], "A.PAL", &r)));
        for (name, b) in [("i", &ipol), ("p", &plain), ("t", &fx::pal_with_tail())] {
            let c = PalCodec.check(&item(b, name, &r));
            assert!(c.roundtrip, "{name}");
        }
        let v = PalCodec.info(&item(&ipol, "PAL.PAL", &r)).unwrap();
        assert_eq!((v["kind"].as_str(), v["ipol"].as_bool(), v["tail_bytes"].as_u64()), (Some("pal"), Some(true), Some(0)));
        assert_eq!(v["first"], "#000000");
    }
}
