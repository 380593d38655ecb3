//! Meshes component by component (matched by type id): added, removed, changed with their
//! record counts, attributes that differ; the mesh's counts (nodes, batches, vertices,
//! triangles) as context, marking the ones that changed.

use super::info_json;
use crate::doc::diff::matching::pair_by_name;
use crate::doc::diff::{Change, Detail, Side, damage};
use crate::formats::msh::component::record_size;
use crate::formats::msh::{ComponentEntry, Msh};

fn records(c: &ComponentEntry) -> String {
    match record_size(c.type_id).filter(|s| c.bytes.len().is_multiple_of(*s)) {
        Some(s) => format!("{} records", c.bytes.len() / s),
        None => format!("{} bytes", c.bytes.len()),
    }
}

pub fn diff(a: &Side, b: &Side, change: &mut Change) {
    let (ma, mb) = match (Msh::parse(a.bytes.clone()), Msh::parse(b.bytes.clone())) {
        (Ok((_, x, _)), Ok((_, y, _))) => (x, y),
        (ra, rb) => {
            change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string()));
            return;
        }
    };
    let key = |m: &Msh| -> Vec<Vec<u8>> { m.components.iter().map(|c| c.type_id.to_le_bytes().to_vec()).collect() };
    let (pairs, only_a, only_b) = pair_by_name(&key(&ma), &key(&mb));
    let out = &mut change.details;
    for (i, j) in pairs {
        let (ca, cb) = (&ma.components[i], &mb.components[j]);
        let attrs = if ca.attrs != cb.attrs { format!(", attrs {:?} -> {:?}", ca.attrs, cb.attrs) } else { String::new() };
        if ca.bytes[..] != cb.bytes[..] {
            let (ra, rb) = (records(ca), records(cb));
            let count = if ra == rb { ra } else { format!("{ra} -> {rb}") };
            out.push(Detail::note(cb.label(), crate::msg!("diff-msh-component-changed", "changed, {count}{attrs}", count = count, attrs = attrs)));
        } else if !attrs.is_empty() {
            out.push(Detail::values(format!("{} attrs", cb.label()), format!("{:?}", ca.attrs), format!("{:?}", cb.attrs)));
        }
    }
    for i in only_a {
        out.push(Detail::removed(ma.components[i].label(), records(&ma.components[i])));
    }
    for j in only_b {
        out.push(Detail::added(mb.components[j].label(), records(&mb.components[j])));
    }
    let (ia, ib) = (info_json(&ma), info_json(&mb));
    let counts: Vec<String> = ["nodes", "batches", "vertices", "triangles"]
        .iter()
        .map(|k| if ia[k] == ib[k] { format!("{k} {}", ib[k]) } else { format!("{k} {} -> {} (changed)", ia[k], ib[k]) })
        .collect();
    change.context.push(counts.join(", "));
}

impl crate::doc::kinds::Diff for super::MshCodec {
    fn diff(&self, a: &Side, b: &Side, _opts: &crate::doc::diff::Options, change: &mut Change) {
        diff(a, b, change);
    }
}
