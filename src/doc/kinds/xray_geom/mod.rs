//! The level.geom codec: loose files named `*.geom` (and `*.geomx`, the same layout). `check` parses (refusing versions other
//! than 13 and 14), reports raw chunks and malformed buffers, and compares the re-encoding;
//! `info` is the "xray-geom" object of docs/cli.md#info plus the header's quality and the chunk
//! list.

pub mod diff;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::Result;
use crate::formats::bytes::SharedBytes;
use crate::formats::xray_geom::LevelGeom;
use crate::formats::xray_geom::decl::{type_name, usage_name};
use serde_json::{Value, json};

pub struct XrayGeomCodec;

impl Codec for XrayGeomCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::XrayGeom
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["geom"]
    }

    fn claims(&self, item: &Item) -> bool {
        let lower = item.name.to_ascii_lowercase();
        item.type_id.is_none() && (lower.ends_with(".geom") || lower.ends_with(".geomx"))
    }

    fn check(&self, item: &Item) -> Checked {
        match LevelGeom::parse(SharedBytes::from(item.bytes)) {
            Ok((g, diagnostics)) => Checked { roundtrip: g.write() == item.bytes, diagnostics },
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (g, _) = LevelGeom::parse(SharedBytes::from(item.bytes))?;
        Ok(info_json(&g))
    }
}

/// The "xray-geom" object of docs/cli.md#info.
pub fn info_json(g: &LevelGeom) -> Value {
    let h = g.header();
    let vbs: Vec<Value> = g
        .vertex_buffers()
        .iter()
        .map(|vb| {
            let elements: Vec<Value> = vb
                .decl
                .elements
                .iter()
                .map(|e| {
                    json!({
                        "offset": e.offset, "type": e.ty, "usage": e.usage, "usage_index": e.usage_index,
                        "method": e.method, "type_name": type_name(e.ty), "usage_name": usage_name(e.usage),
                    })
                })
                .collect();
            json!({"vertex_count": vb.vertex_count, "stride": vb.stride(), "elements": elements})
        })
        .collect();
    let chunks: Vec<Value> =
        g.chunks.iter().map(|c| json!({"id": c.kind(), "size": c.raw.len(), "compressed": c.is_compressed(), "offset": c.offset})).collect();
    json!({
        "kind": FormatKind::XrayGeom,
        "version": h.version,
        "quality": h.quality,
        "quality_name": h.quality_name(),
        "vertex_buffers": vbs,
        "index_buffers": g.index_buffers().iter().map(|b| b.len()).collect::<Vec<_>>(),
        "swis": g.swis().iter().map(|s| s.entries.len()).collect::<Vec<_>>(),
        "chunks": chunks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::xray as fx;
    use crate::formats::Severity;
    use crate::formats::readings::Readings;

    fn item<'a>(name: &'a str, bytes: &'a [u8], r: &'a Readings) -> Item<'a> {
        Item { bytes, name, type_id: None, attrs: [0; 3], readings: r }
    }

    #[test]
    fn claims_geom_files_by_name() {
        let r = Readings::default();
        let b = fx::level_v13();
        assert!(XrayGeomCodec.claims(&item("level.geom", &b, &r)));
        assert!(XrayGeomCodec.claims(&item("LEVEL.GEOM", &b, &r)));
        assert!(!XrayGeomCodec.claims(&item("level", &b, &r)));
        assert!(!XrayGeomCodec.claims(&Item { type_id: Some(1), ..item("x.geom", &b, &r) }));
    }

    #[test]
    fn fixtures_check_and_round_trip() {
        let r = Readings::default();
        for (name, b) in fx::all() {
            let c = XrayGeomCodec.check(&item(name, &b, &r));
            assert!(c.roundtrip, "{name}");
            assert!(!c.diagnostics.iter().any(|d| d.severity == Severity::Error), "{name}: {:?}", c.diagnostics);
        }
        let c = XrayGeomCodec.check(&item("old.geom", &fx::level_version(12), &r));
        assert!(!c.roundtrip && c.diagnostics[0].message.contains("version 12"));
    }

    #[test]
    fn info_follows_the_schema() {
        let r = Readings::default();
        let v = XrayGeomCodec.info(&item("level.geom", &fx::level_v13(), &r)).unwrap();
        assert_eq!((v["kind"].as_str(), v["version"].as_u64()), (Some("xray-geom"), Some(13)));
        let vb = &v["vertex_buffers"];
        assert_eq!(vb.as_array().unwrap().len(), 3);
        assert_eq!((vb[0]["stride"].as_u64(), vb[1]["stride"].as_u64(), vb[2]["stride"].as_u64()), (Some(32), Some(36), Some(36)));
        assert_eq!(vb[1]["elements"][5], json!({"offset": 32, "type": 6, "usage": 5, "usage_index": 1, "method": 0, "type_name": "SHORT2", "usage_name": "TEXCOORD"}));
        assert_eq!(v["index_buffers"], json!([12, 54, 6]));
        assert_eq!(v["swis"], json!([2, 1]));
        assert!(XrayGeomCodec.info(&item("x.geom", &[1, 2], &r)).is_err());
    }
}
