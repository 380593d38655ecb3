//! X-Ray `level.geom`: the typed layer `info` shows (header, vertex declarations and counts),
//! compared field by field, and each vertex and index buffer's contents.

use crate::doc::diff::{Change, Detail, Side, damage, json_diff};
use crate::formats::xray_geom::LevelGeom;
use serde_json::Value;

pub fn diff(a: &Side, b: &Side, change: &mut Change) {
    let (ga, gb) = match (LevelGeom::parse(a.bytes.clone()), LevelGeom::parse(b.bytes.clone())) {
        (Ok((x, _)), Ok((y, _))) => (x, y),
        (ra, rb) => {
            change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string()));
            return;
        }
    };
    let view = |g: &LevelGeom| {
        let mut v = super::info_json(g);
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
        out.push(Detail::note(format!("vertex_buffers[{i}] data"), crate::msg!("xray-diff-vertices", "{n} of {total} vertices differ", n = n, total = x.vertex_count)));
    }
    for (i, (x, y)) in ga.index_buffers().iter().zip(gb.index_buffers()).enumerate() {
        if x.data[..] == y.data[..] || x.len() != y.len() {
            continue;
        }
        let n = (0..x.len()).filter(|&k| x.get(k) != y.get(k)).count();
        out.push(Detail::note(format!("index_buffers[{i}] data"), crate::msg!("xray-diff-indices", "{n} of {total} indices differ", n = n, total = x.len())));
    }
}

impl crate::doc::kinds::Diff for super::XrayGeomCodec {
    fn diff(&self, a: &Side, b: &Side, _opts: &crate::doc::diff::Options, change: &mut Change) {
        diff(a, b, change);
    }
}
