//! A decoded summary (an `info` object) compared leaf by leaf: the typed diffs of kinds whose
//! fields are best read from their summary (X-Ray level and level.geom) use it. Offsets and
//! derived counts (triangles, names of numbers) are left out: they follow from the fields
//! that changed.

use super::Detail;
use serde_json::Value;

const DERIVED: [&str; 4] = ["offset", "triangles", "type_name", "quality_name"];

fn short(v: &Value) -> String {
    let s = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if s.chars().count() > 120 { format!("{}...", s.chars().take(117).collect::<String>()) } else { s }
}

fn label(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_string() } else { format!("{path}.{key}") }
}

/// Leaf by leaf; arrays of objects, or of one length on both sides, element by element (extra
/// elements added or removed); a list of plain values that grew or shrank as one value.
pub fn json_diff(path: &str, a: &Value, b: &Value, out: &mut Vec<Detail>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                if DERIVED.contains(&k.as_str()) {
                    continue;
                }
                match y.get(k) {
                    Some(vb) => json_diff(&label(path, k), va, vb, out),
                    None => out.push(Detail::removed(label(path, k), short(va))),
                }
            }
            for (k, vb) in y {
                if !x.contains_key(k) && !DERIVED.contains(&k.as_str()) {
                    out.push(Detail::added(label(path, k), short(vb)));
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() || x.iter().chain(y).any(Value::is_object) => {
            for i in 0..x.len().max(y.len()) {
                let field = format!("{path}[{i}]");
                match (x.get(i), y.get(i)) {
                    (Some(va), Some(vb)) => json_diff(&field, va, vb, out),
                    (Some(va), None) => out.push(Detail::removed(field, short(va))),
                    (None, Some(vb)) => out.push(Detail::added(field, short(vb))),
                    (None, None) => {}
                }
            }
        }
        (x, y) if x != y => out.push(Detail::values(path, short(x), short(y))),
        _ => {}
    }
}
