//! Cross-references between components, the checks `check` runs beyond decoding: slot and
//! batch ranges, index ranges, `base_vertex + index < vertex_count`, parents before children,
//! per-vertex arrays as long as the positions, frame-map runs and fallback keys inside their
//! tables, landscape triangles inside the vertex array.
//!
//! Offsets are file offsets of the offending field. A check that fails on many records reports
//! the first few and then how many more, so a broken mesh does not drown the report.

use super::Parts;
use super::Variant;
use super::nodes::{GridCell, NODE38, NONE};
use super::range_max::RangeMax;
use super::slots::slot_offset;
use crate::formats::{Diagnostic, Severity};
use crate::formats::readings::SlotGrid;

/// At most this many diagnostics per kind of finding; then one summary line.
const PER_KIND: usize = 8;

struct Capped<'a> {
    out: &'a mut Vec<Diagnostic>,
    kind_counts: Vec<(&'static str, usize)>,
}

impl<'a> Capped<'a> {
    fn push(&mut self, kind: &'static str, d: Diagnostic) {
        let n = match self.kind_counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => n,
            None => {
                self.kind_counts.push((kind, 0));
                &mut self.kind_counts.last_mut().expect("just pushed").1
            }
        };
        *n += 1;
        if *n <= PER_KIND {
            self.out.push(d);
        }
    }
    fn finish(self) {
        for (kind, n) in self.kind_counts {
            if n > PER_KIND {
                self.out.push(Diagnostic::new(Severity::Info, None, format!("{} more: {kind}", n - PER_KIND)));
            }
        }
    }
}

fn at(base: u64, rel: usize) -> u64 {
    base.saturating_add(rel as u64)
}

pub fn cross_check(p: &Parts, diags: &mut Vec<Diagnostic>) {
    let mut c = Capped { out: diags, kind_counts: Vec::new() };
    if p.variant == Variant::Unknown {
        c.push(
            "variant",
            Diagnostic::info(0, "neither a model (components 6 and 13) nor a landscape (11 without 6): geometry is not extracted"),
        );
    }
    check_nodes(p, &mut c);
    check_slots(p, &mut c);
    check_batches(p, &mut c);
    check_vertex_arrays(p, &mut c);
    check_descriptors(p, &mut c);
    check_landscape(p, &mut c);
    if let Some(g) = &p.paths
        && !g.layout_ok()
    {
        c.push(
            "path graph size",
            Diagnostic::error(
                p.offset(17),
                format!(
                    "component 17 (path graph): {} bytes, but attr1 = {} nodes of 20 bytes and attr2 = {} links of 40 bytes make {}",
                    g.bytes.len(),
                    g.node_count,
                    g.link_count,
                    g.expected_len().map_or("more than fits".to_string(), |n| n.to_string())
                ),
            ),
        );
    }
    c.finish();
}

fn check_nodes(p: &Parts, c: &mut Capped) {
    let Some(table) = &p.nodes else { return };
    let base = p.offset(1);
    let Some(nodes) = table.nodes() else {
        c.push("node stride", Diagnostic::info(base, "component 1 is the 24-byte node variant: kept raw, its slots are not followed"));
        return;
    };
    let slot_count = p.slot_count();
    let keys = p.anim_keys.as_ref().map(|k| k.0.len());
    for (i, n) in nodes.iter().enumerate() {
        let nb = i * NODE38;
        if n.parent != NONE && n.parent as usize >= i {
            c.push(
                "parent after child",
                Diagnostic::error(at(base, nb + 2), format!("node {i}: parent {} is not before it (parents precede their children)", n.parent)),
            );
        }
        for cell in GridCell::all() {
            let s = n.slots[cell.index()];
            if s != NONE && s as usize >= slot_count {
                c.push(
                    "slot out of range",
                    Diagnostic::error(
                        at(base, nb + 8 + 2 * cell.index()),
                        format!(
                            "node {i}, slot cell {} ({}): slot {s} is past the {slot_count} slots",
                            cell.index(),
                            cell.label(SlotGrid::default())
                        ),
                    ),
                );
            }
        }
        match (keys, n.anim_map_start()) {
            (Some(k), _) if n.fallback_key as usize >= k => c.push(
                "fallback key",
                Diagnostic::error(at(base, nb + 6), format!("node {i}: fallback key {} is past the {k} animation keys", n.fallback_key)),
            ),
            (None, Some(_)) => c.push(
                "animation missing",
                Diagnostic::warning(at(base, nb + 4), format!("node {i} has a frame-map start but the mesh has no keys (component 8)")),
            ),
            _ => {}
        }
        if let Some(start) = n.anim_map_start() {
            match &p.anim_map {
                None => c.push(
                    "animation missing",
                    Diagnostic::warning(at(base, nb + 4), format!("node {i} has a frame-map start but the mesh has no frame map (component 19)")),
                ),
                Some(m) if start as u64 + m.frame_count as u64 > m.map.len() as u64 => c.push(
                    "frame map run",
                    Diagnostic::error(
                        at(base, nb + 4),
                        format!("node {i}: frames {start}..{} of the frame map are past its {} entries", start as u64 + m.frame_count as u64, m.map.len()),
                    ),
                ),
                Some(_) => {}
            }
        }
    }
    let n = nodes.len();
    if let Some(names) = &p.names
        && names.0.len() != n
    {
        c.push("name count", Diagnostic::warning(p.offset(9), format!("component 9 has {} names for {n} nodes", names.0.len())));
    }
    if let Some(s) = &p.strings
        && s.0.len() != n
    {
        c.push("name count", Diagnostic::warning(p.offset(10), format!("component 10 has {} strings for {n} nodes", s.0.len())));
    }
    if p.variant == Variant::Landscape
        && let Some(m) = p.meta(1)
        && m.attrs[1] != 0
        && (m.attrs[1] as u64).pow(2) != n as u64
    {
        c.push(
            "landscape grid",
            Diagnostic::warning(base, format!("component 1: attr2 says {} cells across, but there are {n} tiles", m.attrs[1])),
        );
    }
}

fn check_slots(p: &Parts, c: &mut Capped) {
    let Some(t) = &p.slots else { return };
    let base = p.offset(2);
    let batches = p.batches.as_ref().map(|b| b.0.len());
    let (tris, tri_label) = if p.variant == Variant::Landscape {
        (p.land_triangles.as_ref().map(|t| t.0.len()), "landscape triangles (component 21)")
    } else {
        (p.triangles.as_ref().map(|t| t.0.len()), "triangle descriptors (component 7)")
    };
    for (i, s) in t.slots.iter().enumerate() {
        let so = slot_offset(i);
        if let Some(n) = tris
            && s.tri_range().end > n
        {
            c.push(
                "slot triangle range",
                Diagnostic::error(at(base, so), format!("slot {i}: triangles {:?} run past the {n} {tri_label}", s.tri_range())),
            );
        }
        let nb = batches.unwrap_or(0);
        if s.batch_count > 0 && s.batch_range().end > nb {
            c.push(
                "slot batch range",
                Diagnostic::error(at(base, so + 4), format!("slot {i}: batches {:?} run past the {nb} batches", s.batch_range())),
            );
        }
    }
}

fn check_batches(p: &Parts, c: &mut Capped) {
    let Some(b) = &p.batches else { return };
    let base = p.offset(13);
    let indices = p.indices.as_ref().map_or(&[][..], |i| &i.0[..]);
    let vertices = p.vertex_count() as u64;
    let tree = RangeMax::new(indices);
    for (i, x) in b.0.iter().enumerate() {
        let bo = i * 20;
        let r = x.index_range();
        if r.end > indices.len() as u64 {
            c.push(
                "batch index range",
                Diagnostic::error(at(base, bo + 8), format!("batch {i}: indices {r:?} run past the {} indices", indices.len())),
            );
            continue;
        }
        if x.index_count % 3 != 0 {
            c.push(
                "batch index count",
                Diagnostic::warning(at(base, bo + 8), format!("batch {i}: {} indices is not a whole number of triangles", x.index_count)),
            );
        }
        let range = r.start as usize..r.end as usize;
        let limit = vertices.saturating_sub(x.base_vertex as u64);
        if let Some(first) = tree.first_at_least(range.clone(), limit) {
            let v = indices[first];
            c.push(
                "vertex out of range",
                Diagnostic::error(
                    at(p.offset(6), first * 2),
                    format!(
                        "batch {i}: base_vertex {} + index {v} = {} is not below the {vertices} vertices (the batch's largest index is {})",
                        x.base_vertex,
                        x.base_vertex as u64 + v as u64,
                        tree.max(range).unwrap_or(v)
                    ),
                ),
            );
        }
    }
}

fn check_vertex_arrays(p: &Parts, c: &mut Capped) {
    let v = p.vertex_count();
    let lens = [
        (4, p.normals.as_ref().map(|x| x.0.len())),
        (5, p.uv0.as_ref().map(|x| x.0.len())),
        (18, p.lightmap_uv.as_ref().map(|x| x.0.len())),
        (14, p.land_alpha.as_ref().map(|x| x.0.len())),
    ];
    for (t, n) in lens {
        let Some(n) = n else { continue };
        if n < v {
            c.push(
                "vertex array length",
                Diagnostic::error(p.offset(t), format!("component {t} ({}): {n} records for {v} vertices", super::type_label(t))),
            );
        } else if n > v {
            c.push(
                "vertex array length",
                Diagnostic::warning(p.offset(t), format!("component {t} ({}): {n} records for {v} vertices", super::type_label(t))),
            );
        }
    }
}

fn check_descriptors(p: &Parts, c: &mut Capped) {
    let Some(t) = &p.triangles else { return };
    let n = t.0.len();
    for (i, d) in t.0.iter().enumerate() {
        for (k, &nb) in d.neighbours.iter().enumerate() {
            if nb != NONE && nb as usize >= n {
                c.push(
                    "triangle neighbour",
                    Diagnostic::warning(at(p.offset(7), i * 16 + 2 + 2 * k), format!("triangle {i}: neighbour {nb} is past the {n} descriptors")),
                );
            }
        }
    }
}

fn check_landscape(p: &Parts, c: &mut Capped) {
    let Some(t) = &p.land_triangles else { return };
    let n = t.0.len();
    let v = p.vertex_count();
    let base = p.offset(21);
    for (i, tri) in t.0.iter().enumerate() {
        for (k, &x) in tri.vertices.iter().enumerate() {
            if x as usize >= v {
                c.push(
                    "landscape vertex",
                    Diagnostic::error(at(base, i * 28 + 8 + 2 * k), format!("landscape triangle {i}: vertex {x} is past the {v} vertices")),
                );
            }
        }
        for (k, &x) in tri.neighbours.iter().enumerate() {
            if x != NONE && x as usize >= n {
                c.push(
                    "landscape neighbour",
                    Diagnostic::warning(at(base, i * 28 + 14 + 2 * k), format!("landscape triangle {i}: neighbour {x} is past the {n} triangles")),
                );
            }
        }
    }
    if let Some(f) = &p.land_faces
        && f.0.len() != n
    {
        c.push("face order length", Diagnostic::warning(p.offset(11), format!("component 11 has {} records for {n} landscape triangles", f.0.len())));
    }
}
