//! The MSH codec: an NRes archive (a loose `.msh` or a nested entry) whose entries are MSH
//! components. `check` decodes every component, runs the cross-reference checks and compares
//! each re-encoding with its bytes (the archive-level checks are the NRes walk's); `info` is
//! the "msh" object of docs/cli.md#info plus per-component details.

pub mod diff;
pub mod refs;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::component::record_size;
use crate::formats::msh::slots::{HEADER_LEN, SLOT_LEN};
use crate::formats::msh::{Msh, Parts, Variant, is_msh, type_label};
use crate::formats::nres::Archive;
use crate::formats::{Diagnostic, Result};
use serde_json::{Value, json};

pub struct MshCodec;

fn open(bytes: &[u8]) -> Result<(Archive, Msh)> {
    let (archive, msh, _) = Msh::parse(SharedBytes::from(bytes))?;
    Ok((archive, msh))
}

impl Codec for MshCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Msh
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn refs(&self) -> Option<&dyn crate::doc::kinds::Refs> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["mesh", "model"]
    }

    fn whole_archive(&self) -> bool {
        true
    }

    fn claims(&self, item: &Item) -> bool {
        // The directory's types first: a 100 MB archive that is no mesh is never copied.
        crate::formats::nres::directory_type_ids(item.bytes).is_some_and(|t| is_msh(t.iter().copied()))
            && Archive::parse(SharedBytes::from(item.bytes)).is_ok_and(|(a, _)| is_msh(a.rows().iter().map(|r| r.type_id())))
    }

    fn check(&self, item: &Item) -> Checked {
        let (archive, msh) = match open(item.bytes) {
            Ok(x) => x,
            Err(e) => return Checked::failed(e),
        };
        let mut diagnostics = msh.check();
        let mut roundtrip = archive.write() == item.bytes;
        for i in msh.reencode_mismatches() {
            let c = &msh.components[i];
            roundtrip = false;
            diagnostics.push(Diagnostic::error(c.offset, crate::msg!("msh-reencode-differs", "{label} does not re-encode to its stored bytes", label = c.label())));
        }
        Checked { roundtrip, diagnostics }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (_, msh) = open(item.bytes)?;
        Ok(info_json(&msh))
    }
}

/// The record count of a component for `info` (`count`): records for fixed-size records
/// (slots after the header for 2, nodes for 1), the byte size otherwise.
fn count(type_id: u32, size: usize, attr3: u32) -> usize {
    match type_id {
        1 => crate::formats::msh::nodes::detect_stride(size, attr3).map_or(size, |s| size / s),
        2 if size >= HEADER_LEN && (size - HEADER_LEN).is_multiple_of(SLOT_LEN) => (size - HEADER_LEN) / SLOT_LEN,
        t => record_size(t).filter(|s| size.is_multiple_of(*s)).map_or(size, |s| size / s),
    }
}

/// The "msh" object of docs/cli.md#info.
pub fn info_json(msh: &Msh) -> Value {
    let (parts, diags) = msh.parts();
    let components: Vec<Value> = msh
        .components
        .iter()
        .map(|c| {
            json!({
                "type": c.type_id,
                "count": count(c.type_id, c.bytes.len(), c.attrs[2]),
                "label": type_label(c.type_id),
                "size": c.bytes.len(),
                "attrs": c.attrs,
                "name": crate::formats::cp1251::decode(&c.name),
            })
        })
        .collect();
    json!({
        "kind": FormatKind::Msh,
        "variant": parts.variant.as_str(),
        "components": components,
        "nodes": parts.node_count(),
        "node_stride": parts.nodes.as_ref().map(|n| n.stride()),
        "slots": parts.slot_count(),
        "vertices": parts.vertex_count(),
        "triangles": triangles(&parts),
        "batches": parts.batches.as_ref().map_or(0, |b| b.0.len()),
        "anim_keys": parts.anim_keys.as_ref().map_or(0, |k| k.0.len()),
        "frames": crate::formats::msh::geometry::frame_count(&parts),
        "cells_across": if parts.variant == Variant::Landscape { parts.cells_across() } else { None },
        "node_names": (0..parts.node_count()).map(|i| parts.node_name(i)).collect::<Vec<_>>(),
        "decode_errors": diags.iter().filter(|d| d.severity == crate::formats::Severity::Error).count(),
    })
}

/// A model's triangles are the sum of `index_count / 3` over its batches; a landscape's the
/// component-21 records.
fn triangles(parts: &Parts) -> usize {
    match parts.variant {
        Variant::Landscape => parts.land_triangles.as_ref().map_or(0, |t| t.0.len()),
        _ => parts.batches.as_ref().map_or(0, |b| b.0.iter().map(|x| x.index_count as usize / 3).sum()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::msh as fx;
    use crate::formats::Severity;
    use crate::formats::readings::Readings;

    fn item<'a>(bytes: &'a [u8], r: &'a Readings) -> Item<'a> {
        Item { bytes, name: "WALKER.msh", type_id: None, attrs: [0; 3], readings: r }
    }

    #[test]
    fn claims_msh_archives_only() {
        let r = Readings::default();
        let w = fx::walker();
        assert!(MshCodec.claims(&item(&w, &r)));
        let plain = crate::fixtures::nres::simple();
        assert!(!MshCodec.claims(&item(&plain, &r)));
        assert!(!MshCodec.claims(&item(b"NRes", &r)));
        // An archive with components 1, 2, 3 and a type id of 32 is not an MSH.
        let mut m = Msh::from_archive(&Archive::parse(SharedBytes::from(w.as_slice())).unwrap().0);
        m.push_raw(32, [0; 3], vec![1, 2, 3]);
        assert!(!MshCodec.claims(&item(&m.to_archive().unwrap().write(), &r)));
    }

    #[test]
    fn every_fixture_checks_clean_and_round_trips() {
        let r = Readings::default();
        for (name, b) in fx::all() {
            let c = MshCodec.check(&item(&b, &r));
            assert!(c.roundtrip, "{name}");
            assert!(!c.diagnostics.iter().any(|d| d.severity >= Severity::Warning), "{name}: {:?}", c.diagnostics);
        }
    }

    #[test]
    fn info_follows_the_schema() {
        let r = Readings::default();
        let v = MshCodec.info(&item(&fx::walker(), &r)).unwrap();
        for key in ["kind", "variant", "components", "nodes", "slots", "vertices", "triangles", "batches", "anim_keys"] {
            assert!(v.get(key).is_some(), "{key}");
        }
        assert_eq!((v["kind"].as_str(), v["variant"].as_str()), (Some("msh"), Some("model")));
        assert_eq!(v["nodes"], 6);
        assert_eq!(v["frames"], 9);
        assert_eq!(v["node_names"][4], "GUN");
        let comps = v["components"].as_array().unwrap();
        let slots = comps.iter().find(|c| c["type"] == 2).unwrap();
        assert_eq!(slots["count"], v["slots"]);
        let land = MshCodec.info(&item(&fx::landscape(16), &r)).unwrap();
        assert_eq!(land["variant"], "landscape");
        assert_eq!(land["nodes"], 256);
        assert_eq!(land["slots"], 512);
        assert_eq!(land["triangles"], 256 * 10);
        assert_eq!(land["cells_across"], 16);
        let tris = land["components"].as_array().unwrap().iter().find(|c| c["type"] == 21).unwrap().clone();
        assert_eq!(tris["count"], 2560);
        assert!(MshCodec.info(&item(b"NRes\0\0", &r)).is_err());
    }
}
