//! The decoded summary of an item: for known types the codec's `info` JSON (what `info
//! --json` prints), for archives their kind and entry count, else what the bytes are.

use crate::doc::items::{meta_of, node_at};
use crate::doc::registry::{Item, codec_for};
use crate::doc::{ItemPath, Workspace};
use serde_json::{Value, json};

pub fn summary(ws: &Workspace, path: &ItemPath, bytes: &[u8]) -> Result<Value, String> {
    let meta = meta_of(ws, path);
    let name = match &meta {
        Some(m) => m.name.clone(),
        None => ws.file(path.file).map(|f| f.name()).unwrap_or_default(),
    };
    let item = Item {
        bytes,
        name: &name,
        type_id: meta.as_ref().and_then(|m| m.type_id),
        attrs: meta.as_ref().map(|m| m.attrs).unwrap_or([0; 3]),
        readings: &ws.readings,
    };
    if let Some(c) = codec_for(&item) {
        return c.info(&item).map_err(|e| e.to_string());
    }
    if let Ok(n) = node_at(ws, path)
        && n.is_archive()
    {
        return Ok(json!({"kind": n.format_name(), "entries": n.len()}));
    }
    // What no codec claims: said plainly, with what the first bytes look like.
    let first = &bytes[..bytes.len().min(16)];
    let ascii: String = first.iter().map(|&b| if (0x20..0x7F).contains(&b) { b as char } else { '.' }).collect();
    let hex: Vec<String> = first.iter().map(|b| format!("{b:02X}")).collect();
    Ok(json!({"kind": "unknown format", "size": bytes.len(), "first bytes": hex.join(" "), "as text": ascii}))
}

/// Draws a JSON value as a tree: scalars inline, short number lists on one line, objects and
/// long lists as collapsible sections.
pub fn show(ui: &mut egui::Ui, v: &Value) {
    match v {
        Value::Object(m) => object(ui, m, "summary"),
        other => {
            ui.monospace(other.to_string());
        }
    }
}

const LIST_CAP: usize = 200;

fn object(ui: &mut egui::Ui, m: &serde_json::Map<String, Value>, id: &str) {
    egui::Grid::new(id).num_columns(2).striped(true).spacing([16.0, 4.0]).show(ui, |ui| {
        for (k, x) in m {
            if is_inline(x) {
                ui.label(k);
                ui.monospace(inline(x));
                ui.end_row();
            }
        }
    });
    for (k, x) in m {
        if !is_inline(x) {
            nested(ui, k, x, &format!("{id}.{k}"));
        }
    }
}

fn nested(ui: &mut egui::Ui, k: &str, x: &Value, id: &str) {
    let title = match x {
        Value::Array(a) => crate::tr!("summary-items", key = k, n = a.len()),
        _ => k.to_string(),
    };
    egui::CollapsingHeader::new(title).id_salt(id).default_open(matches!(x, Value::Array(a) if a.len() <= 16) || x.is_object()).show(ui, |ui| {
        match x {
            Value::Object(m) => object(ui, m, id),
            Value::Array(a) => {
                for (i, e) in a.iter().take(LIST_CAP).enumerate() {
                    if is_inline(e) {
                        ui.monospace(format!("[{i}] {}", inline(e)));
                    } else {
                        nested(ui, &format!("[{i}]"), e, &format!("{id}[{i}]"));
                    }
                }
                if a.len() > LIST_CAP {
                    ui.weak(crate::tr!("summary-more", n = a.len() - LIST_CAP));

                }
            }
            other => {
                ui.monospace(other.to_string());
            }
        }
    });
}

fn is_inline(x: &Value) -> bool {
    match x {
        Value::Array(a) => a.len() <= 24 && a.iter().all(|e| !e.is_object() && !e.is_array()),
        Value::Object(_) => false,
        _ => true,
    }
}

fn inline(x: &Value) -> String {
    match x {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;
    use std::path::PathBuf;

    #[test]
    fn textures_use_the_codec_archives_and_bytes_say_what_they_are() {
        let mut ws = Workspace::new();
        let id = ws.open_bytes(PathBuf::from("Textures.lib"), SharedBytes::from(crate::fixtures::texm::textures_lib())).unwrap();
        let p = ItemPath::root(id).child(0);
        let b = crate::doc::items::bytes_of(&ws, &p).unwrap();
        let v = summary(&ws, &p, &b).unwrap();
        assert_eq!(v["kind"], "texm");
        assert_eq!(v["width"], 64);
        let root = ItemPath::root(id);
        let v = summary(&ws, &root, &ws.item_bytes(&root).unwrap()).unwrap();
        assert_eq!(v, json!({"kind": "nres", "entries": 14}));
        let id2 = ws.open_bytes(PathBuf::from("x.bin"), SharedBytes::from(b"ABC\x01".to_vec())).unwrap();
        let v = summary(&ws, &ItemPath::root(id2), b"ABC\x01").unwrap();
        assert_eq!(v, json!({"kind": "unknown format", "size": 4, "first bytes": "41 42 43 01", "as text": "ABC."}));
    }

    #[test]
    fn inline_values_and_lists() {
        assert!(is_inline(&json!([1, 2, 3])));
        assert!(!is_inline(&json!([[1], [2]])));
        assert!(!is_inline(&json!({"a": 1})));
        assert_eq!(inline(&json!("x")), "x");
        assert_eq!(inline(&json!([1, 2])), "[1,2]");
    }
}
