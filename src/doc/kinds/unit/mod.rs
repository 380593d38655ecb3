//! The unit-tree codec: `UNITS/**/*.dat`, a unit's or building's components as a depth-first
//! tree (docs/formats/unit-dat.md). `info` lists the tree with each component's record, class,
//! attachment and display name; `check` applies the strict rules (or the reading `unit-dat`)
//! and re-encodes.

pub mod diff;
pub mod refs;
pub mod unpack;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::Result;
use crate::formats::unit_dat::{MAGIC, UnitDat};
use serde_json::{Value, json};

pub struct UnitCodec;

/// A `.dat` whose first word's low half is the unit magic (the lenient reading's test; the
/// strict one then reports a wrong high half at offset 0 instead of not claiming the file).
pub fn looks_like_unit(name: &str, bytes: &[u8]) -> bool {
    name.to_ascii_lowercase().ends_with(".dat") && bytes.len() >= 4 && u16::from_le_bytes([bytes[0], bytes[1]]) == MAGIC as u16
}

impl Codec for UnitCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Unit
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
        &["dat", "assembly"]
    }

    fn claims(&self, item: &Item) -> bool {
        item.type_id.is_none() && looks_like_unit(item.name, item.bytes)
    }

    fn check(&self, item: &Item) -> Checked {
        match UnitDat::parse(item.bytes, item.readings.unit_dat) {
            Ok((u, diagnostics)) => Checked { roundtrip: u.write() == item.bytes, diagnostics },
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (u, diagnostics) = UnitDat::parse(item.bytes, item.readings.unit_dat)?;
        let tree = u.tree();
        let components: Vec<Value> = u
            .components()
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "record": c.record(),
                    "archive": c.archive(),
                    "display_name": c.display_name(),
                    "class": c.class().label(),
                    "attach": c.attach(),
                    "parent": tree.parent[i],
                    "children": c.child_count(),
                })
            })
            .collect();
        Ok(json!({
            "kind": FormatKind::Unit,
            "class_word": format!("0x{:08X}", u.class_word),
            "unit_class": u.unit_class().label(),
            "components": components,
            "leftover_bytes": u.leftover.len(),
            "diagnostics": diagnostics,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::readings::Readings;
    use crate::formats::unit_dat::{Component, PartClass};

    #[test]
    fn claims_dat_files_by_magic_and_reads_the_tree() {
        let r = Readings::default();
        let mut u = UnitDat::new(0x0100_0000, Component::new("R_CHASSIS", "Шасси", PartClass::from_raw(1), -1).unwrap());
        u.add_child(0, None, Component::new("T_GUN", "gun", PartClass::from_raw(2), 3).unwrap()).unwrap();
        let b = u.write();
        let it = Item { bytes: &b, name: "walker.DAT", type_id: None, attrs: [0; 3], readings: &r };
        assert!(UnitCodec.claims(&it));
        assert!(!UnitCodec.claims(&Item { name: "walker.bin", ..it }));
        assert!(!UnitCodec.claims(&Item { bytes: b"MZ\0\0\0\0\0\0", ..it }));
        assert!(UnitCodec.check(&it).roundtrip);
        let v = UnitCodec.info(&it).unwrap();
        assert_eq!(v["kind"], "unit");
        assert_eq!(v["components"][0]["display_name"], "Шасси");
        assert_eq!(v["components"][1]["parent"], 0);
        assert_eq!(v["components"][1]["attach"], 3);
    }

    #[test]
    fn a_bad_magic_fails_at_zero_under_the_strict_reading() {
        let r = Readings::default();
        let mut b = vec![0xF1, 0xF0, 0x12, 0x34, 0, 0, 0, 0];
        b.extend([0u8; 112]);
        let c = UnitCodec.check(&Item { bytes: &b, name: "x.dat", type_id: None, attrs: [0; 3], readings: &r });
        assert!(!c.roundtrip);
        assert_eq!(c.diagnostics[0].offset, Some(0));
    }
}
