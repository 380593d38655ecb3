//! X-Ray `level` and `level.geom`: the typed layer `info` shows (header, shaders, visuals with
//! their ranges and children, sectors; vertex declarations and counts), compared field by
//! field, and for level.geom each vertex and index buffer's contents. Offsets and derived
//! counts (triangles) are left out: they follow from the fields that changed.

use super::{Change, Detail, Side, damage};
use crate::doc::registry::{xray_geom, xray_level};
use crate::formats::xray_geom::LevelGeom;
use crate::formats::xray_level::Level;
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
fn json_diff(path: &str, a: &Value, b: &Value, out: &mut Vec<Detail>) {
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

fn level_view(l: &Level) -> Value {
    let mut v = xray_level::info_json(l);
    if let Value::Object(m) = &mut v {
        // The chunk list's sizes follow from the visuals and tables compared below.
        m.remove("chunks");
        m.remove("sector_roots");
        // One shader string is one field (its engine/texture split follows from it).
        m.insert("shaders".into(), Value::Array(l.shaders.iter().map(|s| Value::String(s.name())).collect()));
    }
    v
}

pub fn diff_level(a: &Side, b: &Side, change: &mut Change) {
    match (Level::parse(a.bytes.clone()), Level::parse(b.bytes.clone())) {
        (Ok((x, _)), Ok((y, _))) => json_diff("", &level_view(&x), &level_view(&y), &mut change.details),
        (ra, rb) => change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string())),
    }
}

pub fn diff_geom(a: &Side, b: &Side, change: &mut Change) {
    let (ga, gb) = match (LevelGeom::parse(a.bytes.clone()), LevelGeom::parse(b.bytes.clone())) {
        (Ok((x, _)), Ok((y, _))) => (x, y),
        (ra, rb) => {
            change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string()));
            return;
        }
    };
    let view = |g: &LevelGeom| {
        let mut v = xray_geom::info_json(g);
        if let Value::Object(m) = &mut v {
            m.remove("chunks");
        }
        v
    };
    let out = &mut change.details;
    json_diff("", &view(&ga), &view(&gb), out);
    for (i, (x, y)) in ga.vertex_buffers().iter().zip(gb.vertex_buffers()).enumerate() {
        let stride = x.stride();
        if x.data[..] == y.data[..] || stride != y.stride() || stride == 0 || x.vertex_count != y.vertex_count {
            continue;
        }
        let n = x.data.chunks(stride).zip(y.data.chunks(stride)).filter(|(p, q)| p != q).count();
        out.push(Detail::note(format!("vertex_buffers[{i}] data"), format!("{n} of {} vertices differ", x.vertex_count)));
    }
    for (i, (x, y)) in ga.index_buffers().iter().zip(gb.index_buffers()).enumerate() {
        if x.data[..] == y.data[..] || x.len() != y.len() {
            continue;
        }
        let n = (0..x.len()).filter(|&k| x.get(k) != y.get(k)).count();
        out.push(Detail::note(format!("index_buffers[{i}] data"), format!("{n} of {} indices differ", x.len())));
    }
}
