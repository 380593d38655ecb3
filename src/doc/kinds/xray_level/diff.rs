//! X-Ray `level`: the typed layer `info` shows (header, shaders, visuals with their ranges and
//! children, sectors), compared field by field.

use crate::doc::diff::{Change, Side, damage, json_diff};
use crate::formats::xray_level::Level;
use serde_json::Value;

fn level_view(l: &Level) -> Value {
    let mut v = super::info_json(l);
    if let Value::Object(m) = &mut v {
        // The chunk list's sizes follow from the visuals and tables compared below.
        m.remove("chunks");
        m.remove("sector_roots");
        // One shader string is one field (its engine/texture split follows from it).
        m.insert("shaders".into(), Value::Array(l.shaders.iter().map(|s| Value::String(s.name())).collect()));
    }
    v
}

pub fn diff(a: &Side, b: &Side, change: &mut Change) {
    match (Level::parse(a.bytes.clone()), Level::parse(b.bytes.clone())) {
        (Ok((x, _)), Ok((y, _))) => json_diff("", &level_view(&x), &level_view(&y), &mut change.details),
        (ra, rb) => change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string())),
    }
}

impl crate::doc::kinds::Diff for super::XrayLevelCodec {
    fn diff(&self, a: &Side, b: &Side, _opts: &crate::doc::diff::Options, change: &mut Change) {
        diff(a, b, change);
    }
}
