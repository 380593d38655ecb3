//! The navigation-map codec: a landscape's `Land.map` (docs/formats/land-map.md), an NRes
//! archive of one `ArealMap` entry: the areals with their neighbour edges and a grid of cells.
//! The file is one item (its entry is its body, never listed alone). `check` finds links that
//! do not point back and cells naming areals that do not exist; the grid's cover of the
//! landscape is checked where the landscape is known (the project's check).

pub mod diff;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::Result;
use crate::formats::bytes::SharedBytes;
use crate::formats::landmap::{Extent, LandMap, TYPE_AREAL_MAP};
use serde_json::{Value, json};

pub struct LandMapCodec;

fn parse(item: &Item) -> Result<(LandMap, Vec<crate::formats::Diagnostic>)> {
    LandMap::parse_with(SharedBytes::from(item.bytes), item.readings.land_map_sub_block)
}

impl Codec for LandMapCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::LandMap
    }

    fn whole_archive(&self) -> bool {
        true
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["map", "navigation", "areal"]
    }

    fn claims(&self, item: &Item) -> bool {
        item.type_id.is_none()
            && (item.name.eq_ignore_ascii_case("land.map")
                || crate::formats::nres::directory_type_ids(item.bytes).is_some_and(|t| t.len() == 1 && t[0] == TYPE_AREAL_MAP))
    }

    fn check(&self, item: &Item) -> Checked {
        match parse(item) {
            Ok((m, mut diagnostics)) => {
                diagnostics.extend(m.check(None));
                Checked { roundtrip: m.write().is_ok_and(|b| b == item.bytes), diagnostics }
            }
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (m, diagnostics) = parse(item)?;
        let links: usize = m.map.areals.iter().map(|a| a.links.len()).sum();
        let lakes = m.map.areals.iter().filter(|a| a.is_lake()).count();
        let extent = m.map.areals.iter().filter_map(|a| a.bounds()).reduce(|a, b| Extent {
            min: [a.min[0].min(b.min[0]), a.min[1].min(b.min[1])],
            max: [a.max[0].max(b.max[0]), a.max[1].max(b.max[1])],
        });
        Ok(json!({
            "kind": FormatKind::LandMap,
            "areals": m.map.areals.len(),
            "lakes": lakes,
            "links": links,
            "grid": [m.map.across, m.map.down],
            "extent": extent.map(|e| json!({"min": e.min, "max": e.max})),
            "diagnostics": diagnostics,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::readings::Readings;

    #[test]
    fn claims_by_name_or_entry_and_summarises() {
        let r = Readings::default();
        let b = crate::fixtures::land_map::small();
        let it = Item { bytes: &b, name: "Land.map", type_id: None, attrs: [0; 3], readings: &r };
        assert!(LandMapCodec.claims(&it));
        assert!(LandMapCodec.claims(&Item { name: "copy.bin", ..it }));
        assert!(!LandMapCodec.claims(&Item { bytes: &crate::fixtures::nres::simple(), name: "x.lib", ..it }));
        let c = LandMapCodec.check(&it);
        assert!(c.roundtrip, "{:?}", c.diagnostics);
        let v = LandMapCodec.info(&it).unwrap();
        assert_eq!(v["kind"], "land-map");
        assert!(v["areals"].as_u64().unwrap() > 0);
    }

    #[test]
    fn a_cut_file_fails_with_an_offset() {
        let r = Readings::default();
        let b = crate::fixtures::land_map::small();
        let c = LandMapCodec.check(&Item { bytes: &b[..b.len() - 9], name: "Land.map", type_id: None, attrs: [0; 3], readings: &r });
        assert!(!c.roundtrip);
        assert!(c.diagnostics[0].offset.is_some());
    }
}
