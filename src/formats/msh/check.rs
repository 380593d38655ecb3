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
use crate::formats::message::Message;
use crate::formats::{Diagnostic, Severity};
use crate::formats::readings::SlotGrid;
use crate::msg;

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
                self.out.push(Diagnostic::new(Severity::Info, None, more(kind, n - PER_KIND)));
            }
        }
    }
}

/// The summary line of a kind of finding past the first [`PER_KIND`]: one id per kind, so a
/// translation names the kind in its own words.
fn more(kind: &str, n: usize) -> Message {
    match kind {
        "variant" => msg!("msh-more-variant", "{n} more: variant", n = n),
        "path graph size" => msg!("msh-more-path-graph-size", "{n} more: path graph size", n = n),
        "node stride" => msg!("msh-more-node-stride", "{n} more: node stride", n = n),
        "parent after child" => msg!("msh-more-parent-after-child", "{n} more: parent after child", n = n),
        "slot out of range" => msg!("msh-more-slot-out-of-range", "{n} more: slot out of range", n = n),
        "fallback key" => msg!("msh-more-fallback-key", "{n} more: fallback key", n = n),
        "animation missing" => msg!("msh-more-animation-missing", "{n} more: animation missing", n = n),
        "frame map run" => msg!("msh-more-frame-map-run", "{n} more: frame map run", n = n),
        "name count" => msg!("msh-more-name-count", "{n} more: name count", n = n),
        "landscape grid" => msg!("msh-more-landscape-grid", "{n} more: landscape grid", n = n),
        "slot triangle range" => msg!("msh-more-slot-triangle-range", "{n} more: slot triangle range", n = n),
        "slot batch range" => msg!("msh-more-slot-batch-range", "{n} more: slot batch range", n = n),
        "batch index range" => msg!("msh-more-batch-index-range", "{n} more: batch index range", n = n),
        "batch index count" => msg!("msh-more-batch-index-count", "{n} more: batch index count", n = n),
        "vertex out of range" => msg!("msh-more-vertex-out-of-range", "{n} more: vertex out of range", n = n),
        "vertex array length" => msg!("msh-more-vertex-array-length", "{n} more: vertex array length", n = n),
        "triangle neighbour" => msg!("msh-more-triangle-neighbour", "{n} more: triangle neighbour", n = n),
        "landscape vertex" => msg!("msh-more-landscape-vertex", "{n} more: landscape vertex", n = n),
        "landscape neighbour" => msg!("msh-more-landscape-neighbour", "{n} more: landscape neighbour", n = n),
        "face order length" => msg!("msh-more-face-order-length", "{n} more: face order length", n = n),
        _ => format!("{n} more: {kind}").into(),
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
            Diagnostic::info(
                0,
                msg!("msh-variant-unknown", "neither a model (components 6 and 13) nor a landscape (11 without 6): geometry is not extracted"),
            ),
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
                match g.expected_len() {
                    Some(want) => msg!(
                        "msh-path-graph-size",
                        "component 17 (path graph): {len} bytes, but attr1 = {nodes} nodes of 20 bytes and attr2 = {links} links of 40 bytes make {want}",
                        len = g.bytes.len(),
                        nodes = g.node_count,
                        links = g.link_count,
                        want = want
                    ),
                    None => msg!(
                        "msh-path-graph-too-big",
                        "component 17 (path graph): {len} bytes, but attr1 = {nodes} nodes of 20 bytes and attr2 = {links} links of 40 bytes make more than fits",
                        len = g.bytes.len(),
                        nodes = g.node_count,
                        links = g.link_count
                    ),
                },
            ),
        );
    }
    c.finish();
}

fn check_nodes(p: &Parts, c: &mut Capped) {
    let Some(table) = &p.nodes else { return };
    let base = p.offset(1);
    let Some(nodes) = table.nodes() else {
        c.push("node stride", Diagnostic::info(base, msg!("msh-node-stride-24", "component 1 is the 24-byte node variant: kept raw, its slots are not followed")));
        return;
    };
    let slot_count = p.slot_count();
    let keys = p.anim_keys.as_ref().map(|k| k.0.len());
    for (i, n) in nodes.iter().enumerate() {
        let nb = i * NODE38;
        if n.parent != NONE && n.parent as usize >= i {
            c.push(
                "parent after child",
                Diagnostic::error(
                    at(base, nb + 2),
                    msg!("msh-parent-after-child", "node {i}: parent {parent} is not before it (parents precede their children)", i = i, parent = n.parent),
                ),
            );
        }
        for cell in GridCell::all() {
            let s = n.slots[cell.index()];
            if s != NONE && s as usize >= slot_count {
                c.push(
                    "slot out of range",
                    Diagnostic::error(at(base, nb + 8 + 2 * cell.index()), slot_past(i, cell, s, slot_count)),
                );
            }
        }
        match (keys, n.anim_map_start()) {
            (Some(k), _) if n.fallback_key as usize >= k => c.push(
                "fallback key",
                Diagnostic::error(
                    at(base, nb + 6),
                    msg!("msh-fallback-key-past", "node {i}: fallback key {key} is past the {k} animation keys", i = i, key = n.fallback_key, k = k),
                ),
            ),
            (None, Some(_)) => c.push(
                "animation missing",
                Diagnostic::warning(at(base, nb + 4), msg!("msh-frame-map-no-keys", "node {i} has a frame-map start but the mesh has no keys (component 8)", i = i)),
            ),
            _ => {}
        }
        if let Some(start) = n.anim_map_start() {
            match &p.anim_map {
                None => c.push(
                    "animation missing",
                    Diagnostic::warning(
                        at(base, nb + 4),
                        msg!("msh-frame-map-missing", "node {i} has a frame-map start but the mesh has no frame map (component 19)", i = i),
                    ),
                ),
                Some(m) if start as u64 + m.frame_count as u64 > m.map.len() as u64 => c.push(
                    "frame map run",
                    Diagnostic::error(
                        at(base, nb + 4),
                        msg!(
                            "msh-frame-map-run-past",
                            "node {i}: frames {start}..{end} of the frame map are past its {len} entries",
                            i = i,
                            start = start,
                            end = start as u64 + m.frame_count as u64,
                            len = m.map.len()
                        ),
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
        c.push("name count", Diagnostic::warning(p.offset(9), msg!("msh-name-count", "component 9 has {names} names for {n} nodes", names = names.0.len(), n = n)));
    }
    if let Some(s) = &p.strings
        && s.0.len() != n
    {
        c.push("name count", Diagnostic::warning(p.offset(10), msg!("msh-string-count", "component 10 has {strings} strings for {n} nodes", strings = s.0.len(), n = n)));
    }
    if p.variant == Variant::Landscape
        && let Some(m) = p.meta(1)
        && m.attrs[1] != 0
        && (m.attrs[1] as u64).pow(2) != n as u64
    {
        c.push(
            "landscape grid",
            Diagnostic::warning(base, msg!("msh-landscape-grid", "component 1: attr2 says {across} cells across, but there are {n} tiles", across = m.attrs[1], n = n)),
        );
    }
}

fn check_slots(p: &Parts, c: &mut Capped) {
    let Some(t) = &p.slots else { return };
    let base = p.offset(2);
    let batches = p.batches.as_ref().map(|b| b.0.len());
    let land = p.variant == Variant::Landscape;
    let tris = if land { p.land_triangles.as_ref().map(|t| t.0.len()) } else { p.triangles.as_ref().map(|t| t.0.len()) };
    for (i, s) in t.slots.iter().enumerate() {
        let so = slot_offset(i);
        if let Some(n) = tris
            && s.tri_range().end > n
        {
            c.push(
                "slot triangle range",
                Diagnostic::error(
                    at(base, so),
                    if land {
                        msg!(
                            "msh-slot-land-triangles-past",
                            "slot {i}: triangles {range} run past the {n} landscape triangles (component 21)",
                            i = i,
                            range = format!("{:?}", s.tri_range()),
                            n = n
                        )
                    } else {
                        msg!(
                            "msh-slot-triangles-past",
                            "slot {i}: triangles {range} run past the {n} triangle descriptors (component 7)",
                            i = i,
                            range = format!("{:?}", s.tri_range()),
                            n = n
                        )
                    },
                ),
            );
        }
        let nb = batches.unwrap_or(0);
        if s.batch_count > 0 && s.batch_range().end > nb {
            c.push(
                "slot batch range",
                Diagnostic::error(
                    at(base, so + 4),
                    msg!("msh-slot-batches-past", "slot {i}: batches {range} run past the {nb} batches", i = i, range = format!("{:?}", s.batch_range()), nb = nb),
                ),
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
                Diagnostic::error(
                    at(base, bo + 8),
                    msg!("msh-batch-indices-past", "batch {i}: indices {range} run past the {n} indices", i = i, range = format!("{r:?}"), n = indices.len()),
                ),
            );
            continue;
        }
        if x.index_count % 3 != 0 {
            c.push(
                "batch index count",
                Diagnostic::warning(
                    at(base, bo + 8),
                    msg!("msh-batch-not-triangles", "batch {i}: {n} indices is not a whole number of triangles", i = i, n = x.index_count),
                ),
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
                    msg!(
                        "msh-batch-vertex-past",
                        "batch {i}: base_vertex {base} + index {v} = {sum} is not below the {vertices} vertices (the batch's largest index is {max})",
                        i = i,
                        base = x.base_vertex,
                        v = v,
                        sum = x.base_vertex as u64 + v as u64,
                        vertices = vertices,
                        max = tree.max(range).unwrap_or(v)
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
                Diagnostic::error(p.offset(t), array_length(t, n, v)),
            );
        } else if n > v {
            c.push(
                "vertex array length",
                Diagnostic::warning(p.offset(t), array_length(t, n, v)),
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
                    Diagnostic::warning(
                        at(p.offset(7), i * 16 + 2 + 2 * k),
                        msg!("msh-triangle-neighbour-past", "triangle {i}: neighbour {nb} is past the {n} descriptors", i = i, nb = nb, n = n),
                    ),
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
                    Diagnostic::error(
                        at(base, i * 28 + 8 + 2 * k),
                        msg!("msh-land-vertex-past", "landscape triangle {i}: vertex {x} is past the {v} vertices", i = i, x = x, v = v),
                    ),
                );
            }
        }
        for (k, &x) in tri.neighbours.iter().enumerate() {
            if x != NONE && x as usize >= n {
                c.push(
                    "landscape neighbour",
                    Diagnostic::warning(
                        at(base, i * 28 + 14 + 2 * k),
                        msg!("msh-land-neighbour-past", "landscape triangle {i}: neighbour {x} is past the {n} triangles", i = i, x = x, n = n),
                    ),
                );
            }
        }
    }
    if let Some(f) = &p.land_faces
        && f.0.len() != n
    {
        c.push(
            "face order length",
            Diagnostic::warning(
                p.offset(11),
                msg!("msh-face-order-length", "component 11 has {records} records for {n} landscape triangles", records = f.0.len(), n = n),
            ),
        );
    }
}

/// A per-vertex array's length against the vertex count.
fn array_length(t: u32, n: usize, v: usize) -> Message {
    msg!("msh-vertex-array-length", "component {t} ({label}): {n} records for {v} vertices", t = t, label = super::type_label(t), n = n, v = v)
}

/// A node's slot past the slot table, its grid cell named the way the default reading does.
fn slot_past(i: usize, cell: GridCell, s: u16, slots: usize) -> Message {
    msg!(
        "msh-node-slot-past",
        "node {i}, slot cell {index} ({name}): slot {s} is past the {slots} slots",
        i = i,
        index = cell.index(),
        name = &cell.label(SlotGrid::default()),
        s = s,
        slots = slots
    )
}
