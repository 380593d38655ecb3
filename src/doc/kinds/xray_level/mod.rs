//! The X-Ray `level` codec: loose files named `level` (any case, no extension) with a HEADER
//! of version 13 or 14, or any loose file whose chunks look like one. `check` parses, reports
//! broken visuals and references, and compares the re-encoding; `info` is the "xray-level"
//! object: header, shader table, visuals with type, shader and ranges, child lists, sector
//! roots, table counts and the triangles the visuals would draw.

pub mod diff;
pub mod refs;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::Result;
use crate::formats::bytes::SharedBytes;
use crate::formats::xray_level::draw::planned_triangles;
use crate::formats::xray_level::{GContainer, Level};
use serde_json::{Value, json};

pub struct XrayLevelCodec;

impl Codec for XrayLevelCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::XrayLevel
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn refs(&self) -> Option<&dyn crate::doc::kinds::Refs> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["level", "xray"]
    }

    fn claims(&self, item: &Item) -> bool {
        item.type_id.is_none() && (item.name.eq_ignore_ascii_case("level") || Level::sniff(item.bytes))
    }

    fn check(&self, item: &Item) -> Checked {
        match Level::parse(SharedBytes::from(item.bytes)) {
            Ok((l, diagnostics)) => Checked { roundtrip: l.write() == item.bytes, diagnostics },
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (l, _) = Level::parse(SharedBytes::from(item.bytes))?;
        Ok(info_json(&l))
    }
}

fn range(g: &GContainer) -> Value {
    json!({"vb": g.vb, "vbase": g.vbase, "vcount": g.vcount, "ib": g.ib, "ibase": g.ibase, "icount": g.icount})
}

pub fn info_json(l: &Level) -> Value {
    let shaders: Vec<Value> = l.shaders.iter().map(|s| json!({"name": s.name(), "shader": s.engine, "textures": s.textures})).collect();
    let mut triangles = 0u64;
    let visuals: Vec<Value> = l
        .visuals
        .iter()
        .map(|v| {
            let planned = planned_triangles(v);
            triangles += planned.unwrap_or(0) as u64;
            let mut o = json!({
                "index": v.index,
                "offset": v.offset,
                "type": v.ty(),
                "type_name": v.type_name(),
                "shader": v.shader(),
                "triangles": planned,
                "chunks": v.chunks.iter().map(|c| c.kind()).collect::<Vec<_>>(),
            });
            if let Some(g) = &v.gcontainer {
                o["gcontainer"] = range(g);
            }
            if let Some(s) = &v.swidata {
                o["swidata"] = json!(s.entries.iter().map(|e| [e.offset, e.num_tris as u32, e.num_verts as u32]).collect::<Vec<_>>());
            }
            if let Some(s) = v.swicontainer {
                o["swicontainer"] = json!(s);
            }
            if let Some(c) = &v.children {
                o["children"] = json!(c.ids);
                o["children_u16"] = json!(c.narrow);
            }
            if let Some(t) = &v.treedef {
                o["xform"] = json!(t.xform);
            }
            if let Some(f) = &v.fastpath {
                o["fastpath"] = f.gcontainer.as_ref().map_or(Value::Null, range);
            }
            if v.loddef.is_some() {
                o["lod_facets"] = json!(8);
            }
            o
        })
        .collect();
    let sectors: Vec<Value> = l.sectors.iter().map(|s| json!({"index": s.index, "root": s.root, "portals": s.portals})).collect();
    json!({
        "kind": FormatKind::XrayLevel,
        "version": l.header.version,
        "quality": l.header.quality,
        "quality_name": l.header.quality_name(),
        "shaders": shaders,
        "visuals": visuals,
        "sectors": sectors,
        "sector_roots": l.sectors.iter().filter_map(|s| s.root).collect::<Vec<_>>(),
        "portals": l.portals.len(),
        "lights": l.light_count,
        "glows": l.glows.len(),
        "triangles": triangles,
        "chunks": l.chunks.iter().map(|c| json!({"id": c.kind(), "size": c.raw.len(), "compressed": c.is_compressed(), "offset": c.offset})).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::xray_level::{EXPECTED_TRIANGLES, level_set};
    use crate::formats::Severity;
    use crate::formats::readings::Readings;

    fn item<'a>(name: &'a str, bytes: &'a [u8], r: &'a Readings) -> Item<'a> {
        Item { bytes, name, type_id: None, attrs: [0; 3], readings: r }
    }

    #[test]
    fn claims_by_name_and_content_and_checks() {
        let r = Readings::default();
        let set = level_set();
        assert!(XrayLevelCodec.claims(&item("LEVEL", &set.level, &r)));
        assert!(XrayLevelCodec.claims(&item("copy_of_level.bin", &set.level, &r)), "by content");
        assert!(!XrayLevelCodec.claims(&item("level.geom", &set.geom, &r)));
        assert!(!XrayLevelCodec.claims(&Item { type_id: Some(1), ..item("level", &set.level, &r) }));
        let c = XrayLevelCodec.check(&item("level", &set.level, &r));
        assert!(c.roundtrip && !c.diagnostics.iter().any(|d| d.severity == Severity::Error), "{:?}", c.diagnostics);
        // Through the registry: `check` and `info` of a loose `level` find this codec.
        assert_eq!(crate::doc::registry::codec_for(&item("level", &set.level, &r)).map(|c| c.kind().name()), Some("xray-level"));
        assert_eq!(crate::doc::registry::codec_for(&item("level.geom", &set.geom, &r)).map(|c| c.kind().name()), Some("xray-geom"));
    }

    #[test]
    fn info_lists_visuals_children_sectors_and_counts() {
        let r = Readings::default();
        let v = XrayLevelCodec.info(&item("level", &level_set().level, &r)).unwrap();
        assert_eq!((v["kind"].as_str(), v["version"].as_u64(), v["quality_name"].as_str()), (Some("xray-level"), Some(13), Some("high")));
        assert_eq!(v["shaders"][3]["shader"], "default");
        assert_eq!(v["shaders"][3]["textures"], json!(["crete\\crete_roof1", "lmap#1_1", "lmap#1_2"]));
        assert_eq!(v["visuals"].as_array().unwrap().len(), 12);
        assert_eq!(v["visuals"][8]["children"], json!([0, 1, 2]));
        assert_eq!(v["visuals"][8]["children_u16"], json!(true));
        assert_eq!(v["visuals"][2]["type_name"], "progressive");
        assert_eq!(v["visuals"][0]["gcontainer"], json!({"vb": 0, "vbase": 0, "vcount": 25, "ib": 0, "ibase": 0, "icount": 96}));
        assert_eq!(v["sector_roots"], json!([11, 10]));
        assert_eq!((v["portals"].as_u64(), v["lights"].as_u64(), v["glows"].as_u64()), (Some(1), Some(1), Some(2)));
        // The level alone cannot check ranges or read the progressive tree's windows: the bad
        // visual counts its declared 2 triangles and the tree (level.geom chunk 11) none.
        let drawn: usize = EXPECTED_TRIANGLES.iter().map(|e| e.1).sum();
        assert_eq!(v["triangles"].as_u64(), Some((drawn - 12 + 2) as u64));
        assert!(v["visuals"][5]["triangles"].is_null());
    }
}
