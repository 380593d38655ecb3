//! glTF primitives as MSH geometry: reading a primitive's arrays (checked: finite positions,
//! indices in range, normals computed where missing), then one slot per node and cell with its
//! batches split at the engine's 16-bit limits (docs/formats/msh.md#import).

use super::gltf_read::{Gltf, PrimitiveJ};
use super::hierarchy::Axes;
use crate::formats::msh::batches::{Batch20, NO_LIGHTMAP};
use crate::formats::msh::slots::Slot68;
use crate::formats::msh::triangles::{NO_NEIGHBOUR, TriDesc16, encode_face_normal};
use crate::formats::msh::vertex::{encode_normal, encode_uv};
use crate::formats::readings::UvSign;
use crate::formats::message::Message;
use crate::formats::{Error, Result};
use crate::msg;
use glam::{Mat4, Vec3};

/// Indices one batch draws: a u16 count (docs/formats/msh.md, Batch20 +8).
pub const MAX_BATCH_INDICES: usize = 65535 / 3 * 3;
/// Vertices one batch addresses: u16 indices and a u16 vertex count.
pub const MAX_BATCH_VERTICES: usize = 65535;
/// Triangles and batches of one slot, and the first of each: u16 fields of Slot68.
pub const MAX_SLOT_TRIANGLES: usize = 65535;
pub const MAX_U16_START: usize = 65535;

/// What a batch keeps from an MSH batch that came through export (the glTF extras).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchExtras {
    pub head: u32,
    pub lightmap: u8,
    pub room: u16,
}

impl Default for BatchExtras {
    fn default() -> Self {
        BatchExtras { head: 0, lightmap: NO_LIGHTMAP, room: 0 }
    }
}

/// A primitive's vertex arrays, shared by the pieces a large primitive is split into (one per
/// slot), never copied. Normals and UVs are held as the model stores them (4 bytes each, not
/// 12 or 8): the same encoding the writer would apply, done once the primitive is read.
#[derive(Debug, Clone, Default)]
pub struct Verts {
    pub positions: Vec<Vec3>,
    pub normals: Vec<[i8; 4]>,
    pub uv0: Vec<[u16; 2]>,
    pub uv1: Option<Vec<[u16; 2]>>,
}

/// One primitive's triangles in its MSH node's space.
#[derive(Debug, Clone, Default)]
pub struct Part {
    /// "mesh BODY primitive 1", for messages.
    pub label: String,
    pub material: u8,
    pub v: std::sync::Arc<Verts>,
    pub tris: Vec<[u32; 3]>,
    pub extras: BatchExtras,
    /// Per triangle, from the extras (`None`: 0).
    pub tri_flags: Option<Vec<u16>>,
}

/// Reads one primitive (`at`: its mesh's name and its index in the mesh, for messages),
/// converts it to Parkan's axes (and through `vertex`, into its MSH node's space), reverses its
/// winding for the reflection, and reports what it could not carry.
pub fn read_part(g: &Gltf, p: &PrimitiveJ, at: (&str, usize), material: u8, axes: &Axes, vertex: Option<Mat4>, warn: &mut Vec<Message>) -> Result<Option<Part>> {
    let (mesh, k) = at;
    let label = format!("mesh {mesh} primitive {k}");
    let ctx = |e: Error| e.within(label.clone());
    if let Some(ext) = p.extensions.as_ref().and_then(|e| e.keys().next()) {
        return Err(Error::new(0, msg!("gltf-primitive-extension", "mesh {mesh} primitive {k} uses the extension {ext}, which the importer does not read", mesh = mesh, k = k, ext = ext)));
    }
    let mode = p.mode.unwrap_or(4);
    if !(4..=6).contains(&mode) {
        warn.push(msg!("import-primitive-no-triangles", "mesh {mesh} primitive {k}: mode {mode} (points or lines) has no triangles: left out", mesh = mesh, k = k, mode = mode));
        return Ok(None);
    }
    let pos_acc = *p.attributes.get("POSITION").ok_or_else(|| Error::new(0, msg!("import-primitive-no-position", "mesh {mesh} primitive {k} has no POSITION", mesh = mesh, k = k)))?;
    let raw = g.read_floats::<3>(pos_acc, true).map_err(ctx)?;
    if let Some(bad) = raw.iter().position(|v| !v.iter().all(|c| c.is_finite())) {
        return Err(Error::new(
            0,
            msg!("import-position-not-finite", "mesh {mesh} primitive {k}: position {bad} is not a finite number ({value})", mesh = mesh, k = k, bad = bad, value = format!("{:?}", raw[bad])),
        ));
    }
    let n = raw.len();
    let indices = match p.indices {
        Some(a) => g.read_indices(a).map_err(ctx)?,
        None => (0..n as u32).collect(),
    };
    if let Some(&bad) = indices.iter().find(|&&i| i as usize >= n) {
        return Err(Error::new(0, msg!("import-index-past-vertices", "mesh {mesh} primitive {k}: index {bad} past its {n} vertices", mesh = mesh, k = k, bad = bad, n = n)));
    }
    let mut tris = triangles(&indices, mode);
    if mode == 4 && !indices.len().is_multiple_of(3) {
        warn.push(msg!(
            "import-indices-not-triangles",
            "mesh {mesh} primitive {k}: {count} indices is not a whole number of triangles; the last {left} left out",
            mesh = mesh,
            k = k,
            count = indices.len(),
            left = indices.len() % 3
        ));
    }
    if axes.reflects() {
        for t in &mut tris {
            t.swap(1, 2);
        }
    }
    let to_node = |v: Vec3| vertex.map_or(v, |m| m.transform_point3(v));
    drop(indices);
    // Converted in place (the same 12-byte elements): the accessor's floats are not kept twice.
    let positions: Vec<Vec3> = raw.into_iter().map(|v| to_node(axes.point(Vec3::from(v)))).collect();
    let normal_matrix = vertex.map(|m| glam::Mat3::from_mat4(m).inverse().transpose());
    let mut normals = match p.attributes.get("NORMAL") {
        Some(&a) => {
            let v = g.read_floats::<3>(a, false).map_err(ctx)?;
            if v.len() != n {
                return Err(Error::new(0, msg!("import-normal-count", "mesh {mesh} primitive {k}: {count} normals for {n} positions", mesh = mesh, k = k, count = v.len(), n = n)));
            }
            v.into_iter().map(|v| {
                let v = axes.vector(Vec3::from(v));
                normal_matrix.map_or(v, |m| m * v).normalize_or_zero()
            }).collect()
        }
        None => Vec::new(),
    };
    let bad_normals = normals.iter().filter(|v: &&Vec3| !v.is_finite() || v.length_squared() < 0.5).count();
    if normals.is_empty() || bad_normals > 0 {
        warn.push(if normals.is_empty() {
            msg!("import-normals-missing", "mesh {mesh} primitive {k}: no normals; normals computed from the triangles (area-weighted)", mesh = mesh, k = k)
        } else {
            msg!(
                "import-normals-bad",
                "mesh {mesh} primitive {k}: {count} zero or non-finite normals; normals computed from the triangles (area-weighted)",
                mesh = mesh,
                k = k,
                count = bad_normals
            )
        });
        let computed = face_normals(&positions, &tris);
        if normals.is_empty() {
            normals = computed;
        } else {
            for (v, c) in normals.iter_mut().zip(computed) {
                if !v.is_finite() || v.length_squared() < 0.5 {
                    *v = c;
                }
            }
        }
    }
    let uv0 = match p.attributes.get("TEXCOORD_0") {
        Some(&a) => uvs(g, a, n, at, "TEXCOORD_0", warn)?,
        None => {
            warn.push(msg!("import-no-uvs", "mesh {mesh} primitive {k}: no UVs (TEXCOORD_0); every vertex gets (0, 0), so its texture shows one texel", mesh = mesh, k = k));
            vec![[0.0; 2]; n]
        }
    };
    let uv1 = match p.attributes.get("TEXCOORD_1") {
        Some(&a) => Some(uvs(g, a, n, at, "TEXCOORD_1", warn)?),
        None => None,
    };
    for key in p.attributes.keys() {
        warn.push(match key.as_str() {
            "POSITION" | "NORMAL" | "TEXCOORD_0" | "TEXCOORD_1" => continue,
            a if a.starts_with("COLOR_") => msg!(
                "import-colours-left-out",
                "mesh {mesh} primitive {k}: {key} left out: the MSH format has no vertex colours (its colour comes from the material)",
                mesh = mesh,
                k = k,
                key = key
            ),
            a if a.starts_with("JOINTS_") || a.starts_with("WEIGHTS_") => msg!(
                "import-skinning-left-out",
                "mesh {mesh} primitive {k}: {key} left out: the engine moves each batch rigidly with its node; skinning is not read",
                mesh = mesh,
                k = k,
                key = key
            ),
            "TANGENT" => msg!("import-tangents-left-out", "mesh {mesh} primitive {k}: {key} left out: the engine reads no tangents", mesh = mesh, k = k, key = key),
            _ => msg!("import-attribute-left-out", "mesh {mesh} primitive {k}: {key} left out: the MSH format has no place for it", mesh = mesh, k = k, key = key),
        });
    }
    if p.targets.as_ref().is_some_and(|t| !t.is_empty()) {
        warn.push(msg!("import-morph-left-out", "mesh {mesh} primitive {k}: morph targets left out (the engine has none)", mesh = mesh, k = k));
    }
    let zero_area = tris.iter().filter(|t| face(&positions, t).length_squared() <= f32::MIN_POSITIVE).count();
    if zero_area > 0 {
        warn.push(msg!("import-zero-area-kept", "mesh {mesh} primitive {k}: {count} zero-area triangles kept (their face normal is zero)", mesh = mesh, k = k, count = zero_area));
    }
    let normals = normals.into_iter().map(|v| encode_normal(v.into(), 0)).collect();
    let encode = |uv: Vec<[f32; 2]>| uv.into_iter().map(|c| encode_uv(c, UvSign::Unsigned)).collect::<Vec<_>>();
    let (uv0, uv1) = (encode(uv0), uv1.map(encode));
    Ok(Some(Part { label, material, v: std::sync::Arc::new(Verts { positions, normals, uv0, uv1 }), tris, ..Part::default() }))
}

fn triangles(indices: &[u32], mode: u32) -> Vec<[u32; 3]> {
    match mode {
        5 => (2..indices.len()).map(|k| if k % 2 == 0 { [indices[k - 2], indices[k - 1], indices[k]] } else { [indices[k - 1], indices[k - 2], indices[k]] }).collect(),
        6 => (2..indices.len()).map(|k| [indices[0], indices[k - 1], indices[k]]).collect(),
        _ => indices.chunks_exact(3).map(|t| [t[0], t[1], t[2]]).collect(),
    }
}

/// Texture coordinates, shifted by whole repeats into the unsigned range the engine stores
/// (docs/formats/msh.md, component 5: u16 / 1024, 0..64).
fn uvs(g: &Gltf, acc: usize, n: usize, at: (&str, usize), what: &str, warn: &mut Vec<Message>) -> Result<Vec<[f32; 2]>> {
    let (mesh, k) = at;
    let mut v = g.read_floats::<2>(acc, false).map_err(|e| e.within(format!("mesh {mesh} primitive {k}")))?;
    if v.len() != n {
        return Err(Error::new(0, msg!("import-uv-count", "mesh {mesh} primitive {k}: {count} {what} for {n} positions", mesh = mesh, k = k, count = v.len(), what = what, n = n)));
    }
    let non_finite = v.iter().filter(|c| !c[0].is_finite() || !c[1].is_finite()).count();
    if non_finite > 0 {
        warn.push(msg!("import-uv-non-finite", "mesh {mesh} primitive {k}: {count} non-finite {what} set to 0", mesh = mesh, k = k, count = non_finite, what = what));
        for c in v.iter_mut().flatten().filter(|c| !c.is_finite()) {
            *c = 0.0;
        }
    }
    for c in 0..2 {
        let lo = v.iter().map(|uv| uv[c]).fold(f32::INFINITY, f32::min);
        let hi = v.iter().map(|uv| uv[c]).fold(f32::NEG_INFINITY, f32::max);
        let axis = ["u", "v"][c];
        if lo < 0.0 {
            let shift = (-lo).ceil();
            for uv in &mut v {
                uv[c] += shift;
            }
            warn.push(msg!(
                "import-uv-shifted",
                "mesh {mesh} primitive {k}: {what} {axis} shifted by {shift} whole repeats (the engine stores no negative coordinate)",
                mesh = mesh,
                k = k,
                what = what,
                axis = axis,
                shift = shift
            ));
        }
        if hi - lo.min(0.0) > 63.99 {
            warn.push(msg!(
                "import-uv-clamped",
                "mesh {mesh} primitive {k}: {what} {axis} spans {span} repeats; the engine stores 0..64, the rest is clamped",
                mesh = mesh,
                k = k,
                what = what,
                axis = axis,
                span = format!("{:.1}", hi - lo)
            ));
        }
    }
    Ok(v)
}

fn face(p: &[Vec3], t: &[u32; 3]) -> Vec3 {
    let [a, b, c] = t.map(|i| p[i as usize]);
    // The stored order is clockwise seen from the front in a left-handed frame, which is the
    // same arithmetic as counter-clockwise in a right-handed one: (b - a) x (c - a) points out
    // (the fixtures' boxes, src/fixtures/msh/builder.rs, are built that way).
    (b - a).cross(c - a)
}

fn face_normals(p: &[Vec3], tris: &[[u32; 3]]) -> Vec<Vec3> {
    let mut n = vec![Vec3::ZERO; p.len()];
    for t in tris {
        let f = face(p, t);
        for &i in t {
            n[i as usize] += f;
        }
    }
    n.into_iter().map(|v| v.try_normalize().unwrap_or(Vec3::Z)).collect()
}

/// A lightmap UV of (0, 0) as stored.
const ZERO_UV: [u16; 2] = [0, 0];

/// The model's arrays as they are being filled.
#[derive(Debug, Default)]
pub struct Arrays {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[i8; 4]>,
    pub uv0: Vec<[u16; 2]>,
    /// Empty until a part has lightmap UVs; then one a vertex.
    pub uv1: Vec<[u16; 2]>,
    pub any_uv1: bool,
    pub indices: Vec<u16>,
    pub batches: Vec<Batch20>,
    pub descs: Vec<TriDesc16>,
    pub slots: Vec<Slot68>,
}

/// Splits a node cell's parts into groups of at most [`MAX_SLOT_TRIANGLES`] triangles (each
/// group becomes one slot; the groups after the first go to extra nodes).
pub fn split_for_slots(parts: Vec<Part>) -> Vec<Vec<Part>> {
    let mut groups: Vec<Vec<Part>> = vec![Vec::new()];
    let mut room = MAX_SLOT_TRIANGLES;
    for mut part in parts {
        while part.tris.len() > room {
            let rest = part.tris.split_off(room);
            let flags_rest = part.tri_flags.as_mut().map(|f| f.split_off(room.min(f.len())));
            let mut head = Part { tris: std::mem::replace(&mut part.tris, rest), tri_flags: std::mem::replace(&mut part.tri_flags, flags_rest), ..part.clone() };
            // `split_off` leaves the head its whole capacity: give back what the rest took.
            head.tris.shrink_to_fit();
            if let Some(g) = groups.last_mut().filter(|_| !head.tris.is_empty()) {
                g.push(head);
            }
            groups.push(Vec::new());
            room = MAX_SLOT_TRIANGLES;
        }
        room -= part.tris.len();
        if let Some(g) = groups.last_mut() {
            g.push(part);
        }
    }
    groups.retain(|g| !g.is_empty());
    groups
}

impl Arrays {
    /// Appends one slot drawing `parts` (at most [`MAX_SLOT_TRIANGLES`] triangles, see
    /// [`split_for_slots`]); `node` names it in messages. Returns the slot's index.
    pub fn slot(&mut self, node: &str, parts: &[Part]) -> Result<u16> {
        let (tri_start, batch_start, first_vertex) = (self.descs.len(), self.batches.len(), self.positions.len());
        if tri_start > MAX_U16_START {
            return Err(Error::new(
                0,
                msg!(
                    "import-slot-first-triangle",
                    "node {node}: the first triangle of its slot is {count}, past the engine's limit of {max} (a 16-bit field); make the model smaller or split it into several models",
                    node = node,
                    count = tri_start,
                    max = MAX_U16_START
                ),
            ));
        }
        if self.slots.len() >= 0xFFFF {
            return Err(Error::new(
                0,
                msg!(
                    "import-slot-count",
                    "node {node}: the slot count is {count}, past the engine's limit of {max} (a 16-bit field); make the model smaller or split it into several models",
                    node = node,
                    count = self.slots.len() + 1,
                    max = 0xFFFE
                ),
            ));
        }
        for part in parts {
            self.batches_of(part);
        }
        let (tri_count, batch_count) = (self.descs.len() - tri_start, self.batches.len() - batch_start);
        if batch_start > MAX_U16_START || batch_count > 0xFFFF {
            return Err(Error::new(
                0,
                msg!(
                    "import-slot-first-batch",
                    "node {node}: the first batch of its slot is {count}, past the engine's limit of {max} (a 16-bit field); make the model smaller or split it into several models",
                    node = node,
                    count = batch_start.max(batch_count),
                    max = MAX_U16_START
                ),
            ));
        }
        self.link_neighbours(tri_start, batch_start);
        let slot = Slot68::with_bounds((tri_start as u16, tri_count as u16), (batch_start as u16, batch_count as u16), &self.positions[first_vertex..]);
        self.slots.push(slot);
        Ok((self.slots.len() - 1) as u16)
    }

    /// One part as batches of at most [`MAX_BATCH_VERTICES`] vertices and
    /// [`MAX_BATCH_INDICES`] indices, each with only the vertices it uses.
    fn batches_of(&mut self, part: &Part) {
        let whole = part.v.positions.len() <= MAX_BATCH_VERTICES && part.tris.len() * 3 <= MAX_BATCH_INDICES;
        let mut remap: Vec<u32> = if whole { Vec::new() } else { vec![u32::MAX; part.v.positions.len()] };
        let mut t = 0;
        while t < part.tris.len() || (t == 0 && whole) {
            let base = self.positions.len();
            let index_start = self.indices.len();
            let mut used: Vec<u32> = Vec::new();
            if whole {
                for i in 0..part.v.positions.len() {
                    self.push_vertex(part, i);
                }
            }
            while t < part.tris.len() {
                let tri = part.tris[t];
                if !whole {
                    let new = tri.iter().filter(|&&i| remap[i as usize] == u32::MAX).count();
                    if used.len() + new > MAX_BATCH_VERTICES || self.indices.len() - index_start + 3 > MAX_BATCH_INDICES {
                        break;
                    }
                    for &i in &tri {
                        if remap[i as usize] == u32::MAX {
                            remap[i as usize] = used.len() as u32;
                            used.push(i);
                            self.push_vertex(part, i as usize);
                        }
                    }
                }
                for &i in &tri {
                    self.indices.push(if whole { i } else { remap[i as usize] } as u16);
                }
                let p = |k: usize| Vec3::from(self.positions[base + (if whole { tri[k] } else { remap[tri[k] as usize] }) as usize]);
                let normal = encode_face_normal((p(1) - p(0)).cross(p(2) - p(0)).into());
                let flags = part.tri_flags.as_ref().and_then(|f| f.get(t)).copied().unwrap_or(0);
                self.descs.push(TriDesc16 { flags, neighbours: [NO_NEIGHBOUR; 3], normal, selectors: 0x3F });
                t += 1;
            }
            for &i in &used {
                remap[i as usize] = u32::MAX;
            }
            self.batches.push(Batch20 {
                head: part.extras.head,
                material: part.material,
                lightmap: part.extras.lightmap,
                room: part.extras.room,
                index_count: (self.indices.len() - index_start) as u16,
                index_start: index_start as u32,
                vertex_count: (self.positions.len() - base) as u16,
                base_vertex: base as u32,
            });
            if whole {
                break;
            }
        }
    }

    fn push_vertex(&mut self, part: &Part, i: usize) {
        let v = &part.v;
        if self.positions.len() == self.positions.capacity() {
            // Past the reservation ([`Arrays::reserve`]): a sixteenth more, not double.
            self.reserve_vertices(self.positions.len() / 16 + 64);
        }
        // The lightmap UVs are kept from the first part that has them on (zeros before it).
        if v.uv1.is_some() && !self.any_uv1 {
            self.any_uv1 = true;
            self.uv1.reserve_exact(self.positions.capacity());
            self.uv1.resize(self.positions.len(), ZERO_UV);
        }
        self.positions.push(v.positions[i].into());
        self.normals.push(v.normals[i]);
        self.uv0.push(v.uv0[i]);
        if self.any_uv1 {
            self.uv1.push(v.uv1.as_ref().map_or(ZERO_UV, |u| u[i]));
        }
    }

    /// Room for `triangles` more triangles and at least `vertices` more vertices, exactly (the
    /// vectors' doubling would hold up to twice the model; docs/formats/msh.md#import, "Cost").
    pub fn reserve(&mut self, triangles: usize, vertices: usize) {
        self.descs.reserve_exact(triangles);
        self.indices.reserve_exact(triangles * 3);
        self.reserve_vertices(vertices);
    }

    fn reserve_vertices(&mut self, n: usize) {
        self.positions.reserve_exact(n);
        self.normals.reserve_exact(n);
        self.uv0.reserve_exact(n);
        if self.any_uv1 {
            self.uv1.reserve_exact(n);
        }
    }

    /// Neighbour links across the slot's triangles by shared edges (positions matched by
    /// value, so batches that split a surface still link). Links are u16: a triangle past
    /// 65534 cannot be named and stays unlinked.
    fn link_neighbours(&mut self, tri_start: usize, batch_start: usize) {
        // One id per distinct position among the slot's vertices (they follow one another from
        // the first batch's base; at most 3 x 65535, so under 2^18), found by sorting the
        // vertices by position: any numbering that is one-to-one on positions links the same
        // triangles. Per vertex, not per corner, and no map of positions: a fraction of the memory.
        let Arrays { positions, indices, batches, descs, .. } = self;
        let first = batches.get(batch_start).map_or(positions.len(), |b| b.base_vertex as usize);
        let key = |v: u32| positions[first + v as usize].map(f32::to_bits);
        let mut order: Vec<u32> = (0..(positions.len() - first) as u32).collect();
        order.sort_unstable_by_key(|&v| key(v));
        let mut ids = vec![0u32; order.len()];
        let mut next = 0u32;
        for (k, &v) in order.iter().enumerate() {
            if k > 0 && key(order[k - 1]) != key(v) {
                next += 1;
            }
            ids[v as usize] = next;
        }
        drop(order);
        // The slot's triangles as position ids, in order (batch by batch).
        let (batches, indices, ids) = (&batches[batch_start..], &*indices, &ids);
        let corners = || {
            batches.iter().flat_map(move |b| {
                let idx = &indices[b.index_start as usize..b.index_start as usize + b.index_count as usize / 3 * 3];
                let base = b.base_vertex as usize - first;
                idx.chunks_exact(3).map(move |t| [0, 1, 2].map(|k| ids[base + t[k] as usize]))
            })
        };
        // Every directed edge and its triangle packed in one u64 (from, to, triangle: a slot has
        // at most 65535 triangles), sorted: the triangle across an edge is the one holding it
        // walked the other way. Sorting a flat list takes a fraction of the memory a map of the
        // edges does (docs/formats/msh.md#import, "Cost").
        const T: u32 = 16;
        let pack = |from: u32, to: u32| (from as u64) << (T + 24) | (to as u64) << T;
        let mut edges: Vec<u64> = Vec::with_capacity((descs.len() - tri_start) * 3);
        for (t, c) in corners().enumerate() {
            for k in 0..3 {
                edges.push(pack(c[k], c[(k + 1) % 3]) | t as u64);
            }
        }
        edges.sort_unstable();
        for (t, c) in corners().enumerate() {
            for k in 0..3 {
                let reversed = pack(c[(k + 1) % 3], c[k]);
                // The last triangle holding the edge, as a map filled in order would give.
                let end = edges.partition_point(|&e| e < reversed + (1 << T));
                if end > 0 && edges[end - 1] >= reversed {
                    let abs = tri_start + (edges[end - 1] & ((1 << T) - 1)) as usize;
                    if abs < NO_NEIGHBOUR as usize {
                        descs[tri_start + t].neighbours[k] = abs as u16;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(n: usize) -> Part {
        // An n x n grid of quads in the x-y plane: (n+1)^2 vertices, 2 n^2 triangles.
        let w = n as u32 + 1;
        let positions = (0..w * w).map(|i| Vec3::new((i % w) as f32, (i / w) as f32, 0.0)).collect::<Vec<_>>();
        let mut tris = Vec::new();
        for y in 0..n as u32 {
            for x in 0..n as u32 {
                let a = y * w + x;
                tris.push([a, a + 1, a + w]);
                tris.push([a + 1, a + w + 1, a + w]);
            }
        }
        let count = positions.len();
        let v = Verts { positions, normals: vec![[0, 0, 127, 0]; count], uv0: vec![[0; 2]; count], uv1: None };
        Part { label: "grid".into(), v: std::sync::Arc::new(v), tris, ..Part::default() }
    }

    #[test]
    fn a_small_part_is_one_batch_with_linked_neighbours() {
        let mut a = Arrays::default();
        let s = a.slot("N", &[grid(2)]).unwrap();
        assert_eq!((s, a.batches.len(), a.descs.len(), a.positions.len()), (0, 1, 8, 9));
        // The two triangles of a quad share their diagonal.
        assert!(a.descs[0].neighbours.contains(&1) && a.descs[1].neighbours.contains(&0));
        assert_eq!(a.slots[0].tri_count, 8);
    }

    #[test]
    fn large_parts_split_into_batches_and_slots() {
        // 200 x 200 quads: 80,000 triangles, 40,401 vertices.
        let big = grid(200);
        let groups = split_for_slots(vec![big.clone()]);
        assert_eq!(groups.iter().map(|g| g.iter().map(|p| p.tris.len()).sum::<usize>()).collect::<Vec<_>>(), [65535, 80000 - 65535]);
        let mut a = Arrays::default();
        for g in &groups {
            a.slot("BIG", g).unwrap();
        }
        assert_eq!(a.descs.len(), 80000);
        for b in &a.batches {
            assert!(b.index_count as usize <= MAX_BATCH_INDICES && (b.vertex_count as usize) <= MAX_BATCH_VERTICES);
            let ids = &a.indices[b.index_start as usize..][..b.index_count as usize];
            assert!(ids.iter().all(|&i| (i as usize) < b.vertex_count as usize));
        }
        // Every triangle is drawn once, at its own positions.
        let drawn: usize = a.batches.iter().map(|b| b.index_count as usize / 3).sum();
        assert_eq!(drawn, 80000);
        assert_eq!(a.slots[1].tri_start, 65535);
    }

    #[test]
    fn strips_and_fans() {
        assert_eq!(triangles(&[0, 1, 2, 3], 5), vec![[0, 1, 2], [2, 1, 3]]);
        assert_eq!(triangles(&[0, 1, 2, 3], 6), vec![[0, 1, 2], [0, 2, 3]]);
        assert_eq!(triangles(&[0, 1, 2, 3], 4), vec![[0, 1, 2]]);
    }
}
