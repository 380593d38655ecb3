//! `info`: the decoded summary of one item, as JSON or for people.

use super::open::{listing, note_stale_temps, open_item};
use super::output::outln;
use super::{Failure, Out, export, split_address};
use crate::doc::registry::{FormatKind, Item, codec_for};
use crate::doc::{ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use serde_json::{Value, json};
use std::path::Path;

/// `info --json` for any item: archives report their kind and entry count unless a typed codec
/// (MSH) claims them; other items go to the codec of their type.
pub(super) fn info(address: &str, json_out: bool, readings: &Readings) -> Out {
    let name = Path::new(split_address(address).0).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(l) = listing(address)?
        && !l.claimed_by_codec(&name, readings)
    {
        note_stale_temps(address);
        return print_info(address, &json!({"kind": l.format_name(), "entries": l.len()}), json_out);
    }
    let (ws, path) = open_item(address, readings)?;
    let meta = ws.item_meta(&path);
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(address, e))?;
    let name = meta.as_ref().map(|m| m.name.clone()).unwrap_or_else(|| {
        Path::new(split_address(address).0).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
    });
    let item = Item {
        bytes: &bytes,
        name: &name,
        type_id: meta.as_ref().and_then(|m| m.type_id),
        attrs: meta.as_ref().map(|m| m.attrs).unwrap_or([0; 3]),
        readings,
    };
    let codec = codec_for(&item);
    let v = match codec {
        Some(c) => c.info(&item).map_err(|e| Failure::format(address, e))?,
        None => {
            let node = ws.node(path.file, &path.entries).map_err(|e| Failure::format(address, e))?;
            if !node.0.is_archive() {
                return Err(Failure { code: 1, message: format!("{address}: no codec knows this item ({} bytes)", bytes.len()) });
            }
            json!({"kind": node.0.format_name(), "entries": node.0.len()})
        }
    };
    let v = if codec.is_some_and(|c| c.kind() == FormatKind::XrayLevel) { with_level_geom(v, address, &ws, &path, bytes)? } else { v };
    print_info(address, &v, json_out)
}

/// A level's info with what its visuals draw against the level.geom (and .geomx) beside it.
fn with_level_geom(mut v: Value, address: &str, ws: &Workspace, path: &ItemPath, bytes: SharedBytes) -> Result<Value, Failure> {
    let assets = export::assets_for(address, ws, path)?;
    let files = crate::doc::resolve::level::LevelFiles::open(bytes, &assets).map_err(|e| Failure::format(address, e))?;
    let r = &files.resolved;
    let per_visual: Vec<Value> = r.draws.iter().map(|d| json!([d.visual, d.triangle_count()])).collect();
    v["drawn"] = json!({
        "level_geom": files.geom.is_some(),
        "level_geomx": files.geomx.is_some(),
        "visuals": r.draws.len(),
        "triangles": r.triangle_count(),
        "per_visual": per_visual,
        "fastpath_triangles": r.fastpath.iter().map(|d| d.triangle_count()).sum::<usize>(),
        "skipped": r.skipped,
        "notes": files.notes.iter().map(|m| m.english.as_str()).collect::<Vec<_>>(),
        "diagnostics": r.diagnostics.iter().map(|d| json!({"severity": d.severity, "offset": d.offset, "message": d.message})).collect::<Vec<_>>(),
    });
    Ok(v)
}

fn print_info(address: &str, v: &Value, json_out: bool) -> Out {
    if json_out {
        outln!("{}", serde_json::to_string_pretty(v).expect("JSON values serialise"));
    } else {
        print_plain(v, 0);
    }
    // An item the game cannot load is malformed input (exit 1), summary printed all the same.
    let errors: Vec<&Value> = v["diagnostics"].as_array().map(|a| a.iter().filter(|d| d["severity"] == "error").collect()).unwrap_or_default();
    for d in &errors {
        let at = d["offset"].as_u64().map(|o| format!(" @0x{o:X}")).unwrap_or_default();
        eprintln!("error: {address}{at}: {}", d["message"].as_str().unwrap_or_default());
    }
    Ok(if errors.is_empty() { 0 } else { 1 })
}

/// A readable rendering of a JSON summary for people.
pub(crate) fn print_plain(v: &Value, indent: usize) {
    let pad = " ".repeat(indent);
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match x {
                    Value::Object(_) => {
                        outln!("{pad}{k}:");
                        print_plain(x, indent + 2);
                    }
                    Value::Array(a) if a.iter().any(|e| e.is_object()) => {
                        outln!("{pad}{k}: {} items", a.len());
                        for (i, e) in a.iter().enumerate() {
                            outln!("{pad}  [{i}]");
                            print_plain(e, indent + 4);
                        }
                    }
                    _ => outln!("{pad}{k}: {x}"),
                }
            }
        }
        other => outln!("{pad}{other}"),
    }
}
