//! `list` and `extract`: an archive's directory and its entries' bytes.

use crate::doc::kinds::ItemKind;
use super::open::{listing, note_stale_temps, open_item};
use super::output::outln;
use super::{Failure, Out};
use crate::doc::node::output_name;
use crate::formats::nres;
use crate::formats::readings::Readings;
use serde_json::{Value, json};
use std::path::PathBuf;

pub(super) fn list(address: &str, json: bool, readings: &Readings) -> Out {
    let (format, metas) = match listing(address)? {
        Some(l) => {
            note_stale_temps(address);
            (l.format_name(), l.metas())
        }
        None => {
            let (ws, path) = open_item(address, readings)?;
            let node = ws.node(path.file, &path.entries).map_err(|e| Failure::format(address, e))?;
            if !node.0.is_archive() {
                return Err(Failure { code: 1, message: format!("{address}: not an NRes or RsLi archive") });
            }
            (node.0.format_name(), node.0.metas())
        }
    };
    if json {
        let entries: Vec<Value> = metas
            .iter()
            .map(|m| match format {
                f if f == ItemKind::Rsli.name() => json!({
                    "index": m.index, "name": m.name, "type": null, "type_id": null,
                    "method": m.method, "packed_size": m.packed_size, "size": m.size,
                    "offset": m.offset, "sort_index": m.sort_index,
                }),
                _ => json!({
                    "index": m.index, "name": m.name,
                    "type": nres::type_label(m.type_id.unwrap_or(0)), "type_id": m.type_id,
                    "attr1": m.attrs[0], "attr2": m.attrs[1], "attr3": m.attrs[2],
                    "size": m.size, "offset": m.offset, "sort_index": m.sort_index,
                }),
            })
            .collect();
        let v = json!({"path": address, "format": format, "entries": entries});
        outln!("{}", serde_json::to_string_pretty(&v).expect("JSON values serialise"));
    } else {
        outln!("{:>5}  {:<32} {:<10} {:>10} {:>10}  attrs / method", "#", "name", "type", "size", "offset");
        for m in &metas {
            let (kind, extra) = match m.method {
                Some(method) => ("-".to_string(), format!("{method}, packed {}", m.packed_size.unwrap_or(0))),
                None => (
                    nres::type_label(m.type_id.unwrap_or(0)),
                    format!("{} {} {}", m.attrs[0], m.attrs[1], m.attrs[2]),
                ),
            };
            outln!("{:>5}  {:<32} {:<10} {:>10} {:>10}  {extra}", m.index, m.name, kind, m.size, m.offset);
        }
        outln!("{} entries ({format})", metas.len());
    }
    Ok(0)
}

pub(super) fn extract(address: &str, out: Option<PathBuf>, all: bool, jobs: Option<usize>, readings: &Readings) -> Out {
    let (ws, path) = open_item(address, readings)?;
    if all {
        let dir = out.ok_or_else(|| Failure::usage("extract --all needs -o DIR"))?;
        let node = ws.node(path.file, &path.entries).map_err(|e| Failure::format(address, e))?;
        if !node.0.is_archive() {
            return Err(Failure { code: 1, message: format!("{address}: not an archive") });
        }
        return super::batch::extract_all(address, &node.0, &dir, jobs);
    }
    let meta = ws.item_meta(&path).ok_or_else(|| Failure::usage(format!("{address}: name an entry, FILE::ENTRY (or use --all)")))?;
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(address, e))?;
    let out = out.unwrap_or_else(|| PathBuf::from(output_name(std::slice::from_ref(&meta), 0)));
    std::fs::write(&out, &*bytes).map_err(|e| Failure::io(&out, e))?;
    Ok(0)
}
