//! The reference-record codec: entries of `objects.rlb` whose NRes type id is one of the eight
//! record kinds (docs/formats/objects.md). A record is a run of 64-byte slots, each naming an
//! archive and a member; `info` lists them with the role their extension gives them, `check`
//! reports the slot rules with offsets and re-encodes.

pub mod diff;
pub mod refs;
pub mod unpack;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::objrec::{Kind, Record};
use crate::formats::Result;
use serde_json::{Value, json};

pub struct RecordCodec;

/// The record kind of an entry's type id, for the eight the game uses; unknown tags are kept by
/// the archive but not claimed (nothing says they are records).
pub fn record_kind(type_id: Option<u32>) -> Option<Kind> {
    type_id.map(Kind::from_type_id).filter(|k| !matches!(k, Kind::Other(_)))
}

impl Codec for RecordCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Record
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn unpack(&self) -> Option<&dyn crate::doc::kinds::Unpack> {
        Some(self)
    }

    fn refs(&self) -> Option<&dyn crate::doc::kinds::Refs> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["object", "objrec"]
    }

    fn claims(&self, item: &Item) -> bool {
        record_kind(item.type_id).is_some()
    }

    fn check(&self, item: &Item) -> Checked {
        let Some(kind) = record_kind(item.type_id) else {
            return Checked::default();
        };
        match Record::parse(item.bytes, kind) {
            Ok((r, diagnostics)) => Checked { roundtrip: r.write() == item.bytes, diagnostics },
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let kind = record_kind(item.type_id).unwrap_or(Kind::Other(item.type_id.unwrap_or(0)));
        let (r, diagnostics) = Record::parse(item.bytes, kind)?;
        let slots: Vec<Value> = r
            .slots
            .iter()
            .map(|s| json!({"archive": s.archive(), "member": s.member(), "role": s.role().label()}))
            .collect();
        Ok(json!({
            "kind": FormatKind::Record,
            "record_kind": kind.label(),
            "meaning": kind.meaning(),
            "slots": slots,
            "diagnostics": diagnostics,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::readings::Readings;

    fn item<'a>(bytes: &'a [u8], type_id: Option<u32>, r: &'a Readings) -> Item<'a> {
        Item { bytes, name: "S_TREE01", type_id, attrs: [0; 3], readings: r }
    }

    #[test]
    fn claims_the_eight_kinds_and_reads_slots() {
        let r = Readings::default();
        let mut rec = Record::default();
        rec.push_slot("static.rlb", "s_tree01.msh").unwrap();
        rec.push_slot("static.rlb", "s_tree01.wea").unwrap();
        let b = rec.write();
        for k in Kind::KNOWN {
            assert!(RecordCodec.claims(&item(&b, Some(k.type_id()), &r)), "{k:?}");
        }
        assert!(!RecordCodec.claims(&item(&b, Some(crate::formats::TYPE_WEAR), &r)));
        assert!(!RecordCodec.claims(&item(&b, None, &r)));
        let it = item(&b, Some(Kind::Fort.type_id()), &r);
        let c = RecordCodec.check(&it);
        assert!(c.roundtrip);
        let v = RecordCodec.info(&it).unwrap();
        assert_eq!(v["kind"], "record");
        assert_eq!(v["record_kind"], "FORT");
        assert_eq!(v["slots"][0]["member"], "s_tree01.msh");
        assert_eq!(v["slots"][0]["role"], "mesh");
    }

    #[test]
    fn a_partial_slot_fails_at_its_offset() {
        let r = Readings::default();
        let c = RecordCodec.check(&item(&[0u8; 70], Some(Kind::Stat.type_id()), &r));
        assert!(!c.roundtrip);
        assert_eq!(c.diagnostics[0].offset, Some(64));
    }
}
