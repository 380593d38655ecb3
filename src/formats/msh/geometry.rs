//! CPU geometry of a model for one cell of the slot grid: flat vertex arrays (ready for a GPU
//! vertex buffer or glTF accessors), absolute `u32` indices grouped per draw batch, and the
//! node hierarchy with its rest transforms. Vertices stay in their node's space (Parkan meshes
//! are rigidly skinned); [`ModelMesh::posed`] bakes a pose into one model-space mesh for OBJ
//! export and simple previews.
//!
//! Malformed references never panic: a triangle whose index or vertex is out of range is
//! dropped and reported.

use super::Parts;
use super::anim::{Pose, Transform, pose};
use super::batches::Batch20;
use super::nodes::{GridCell, NodeTable};
use super::vertex::{decode_normal, decode_uv};
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;
use glam::Vec3;
use std::ops::Range;

/// The most indices one extraction emits. Shipped meshes stay far below it; a malformed one
/// whose nodes all share a slot of thousands of overlapping batches could otherwise ask for
/// billions, so drawing stops there with a warning.
pub const MAX_DRAWN_INDICES: usize = 1 << 23;

/// One draw batch of the chosen cell.
#[derive(Debug, Clone, PartialEq)]
pub struct SubMesh {
    /// The node it moves with (`None` for the 24-byte node variant, whose nodes are not read).
    pub node: Option<usize>,
    pub slot: usize,
    /// Index into component 13.
    pub batch: usize,
    /// The WEAR row under the batch-material reading.
    pub material: u16,
    pub lightmapped: Option<bool>,
    pub flags: u32,
    /// Range of [`ModelMesh::indices`].
    pub indices: Range<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NodeInfo {
    pub name: Option<String>,
    /// Only a parent before the node counts (a later one is a `check` error).
    pub parent: Option<usize>,
    pub flags: u16,
    /// The slot the chosen cell names, if any.
    pub slot: Option<usize>,
    /// Frame 0 (the rest pose), relative to the parent.
    pub rest_local: Transform,
    /// Frame 0 in model space.
    pub rest_world: Transform,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ModelMesh {
    pub cell: GridCell,
    /// Component 3, every vertex (in its node's space).
    pub positions: Vec<[f32; 3]>,
    /// Component 4 decoded; computed from the drawn triangles where it is missing.
    pub normals: Vec<[f32; 3]>,
    /// Component 5 under the UV reading; zeros where it is missing.
    pub uv0: Vec<[f32; 2]>,
    /// Component 18 (lightmap UVs), when present.
    pub uv1: Option<Vec<[f32; 2]>>,
    /// Absolute vertex indices, three per triangle, each submesh a contiguous range.
    pub indices: Vec<u32>,
    pub submeshes: Vec<SubMesh>,
    pub nodes: Vec<NodeInfo>,
}

/// A mesh in one space with no hierarchy: what an OBJ file or a single draw call takes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FlatMesh {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub uv0: Vec<[f32; 2]>,
    pub uv1: Option<Vec<[f32; 2]>>,
    pub indices: Vec<u32>,
    pub groups: Vec<FlatGroup>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FlatGroup {
    pub material: u16,
    pub lightmapped: Option<bool>,
    pub node: Option<usize>,
    pub indices: Range<u32>,
}

impl ModelMesh {
    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }

    /// The mesh in model space under a pose (`None`: the rest pose): each submesh's vertices
    /// moved by its node's world transform, shared vertices copied per submesh.
    pub fn posed(&self, pose: Option<&Pose>) -> FlatMesh {
        let mut out = FlatMesh { uv1: self.uv1.as_ref().map(|_| Vec::new()), ..FlatMesh::default() };
        let mut remap = vec![u32::MAX; self.positions.len()];
        for sm in &self.submeshes {
            let world = sm.node.map_or(Transform::IDENTITY, |n| match pose {
                Some(p) => p.nodes.get(n).map_or(Transform::IDENTITY, |np| np.world),
                None => self.nodes.get(n).map_or(Transform::IDENTITY, |ni| ni.rest_world),
            });
            let start = out.indices.len() as u32;
            let range = sm.indices.start as usize..sm.indices.end as usize;
            let used = self.indices.get(range).unwrap_or(&[]);
            for &v in used {
                let vi = v as usize;
                if remap[vi] == u32::MAX {
                    remap[vi] = out.positions.len() as u32;
                    out.positions.push(world.apply_point(Vec3::from(self.positions[vi])).into());
                    out.normals.push(world.apply_vector(Vec3::from(self.normals[vi])).into());
                    out.uv0.push(self.uv0[vi]);
                    if let (Some(dst), Some(src)) = (out.uv1.as_mut(), self.uv1.as_ref()) {
                        dst.push(src[vi]);
                    }
                }
                out.indices.push(remap[vi]);
            }
            for &v in used {
                remap[v as usize] = u32::MAX;
            }
            out.groups.push(FlatGroup { material: sm.material, lightmapped: sm.lightmapped, node: sm.node, indices: start..out.indices.len() as u32 });
        }
        out
    }
}

/// The pose of a model at time `t` (frames), `playback` zeroing the roots' translation. Empty
/// for the 24-byte node variant.
pub fn model_pose(parts: &Parts, readings: &Readings, t: f32, playback: bool) -> Pose {
    let nodes = parts.nodes.as_ref().and_then(NodeTable::nodes).unwrap_or(&[]);
    let keys = parts.anim_keys.as_ref().map_or(&[][..], |k| &k.0[..]);
    pose(nodes, keys, parts.anim_map.as_ref(), t, readings.quat, playback)
}

/// Frames of the model's animation (component 19's `attr2`; 0 for a static mesh).
pub fn frame_count(parts: &Parts) -> u32 {
    parts.anim_map.as_ref().map_or(0, |m| m.frame_count)
}

/// Extracts the geometry of one grid cell. Fails only without positions or a node table;
/// everything else that is wrong is dropped and reported.
pub fn extract_model(parts: &Parts, readings: &Readings, cell: GridCell) -> Result<(ModelMesh, Vec<Diagnostic>)> {
    let positions = parts.positions.as_ref().ok_or_else(|| Error::new(0, msg!("msh-no-positions", "the mesh has no positions (component 3)")))?;
    let table = parts.nodes.as_ref().ok_or_else(|| Error::new(0, msg!("msh-no-node-table", "the mesh has no node table (component 1)")))?;
    let mut diags = Vec::new();
    let vcount = positions.0.len();
    let slots = parts.slots.as_ref().map_or(&[][..], |s| &s.slots[..]);
    let batches = parts.batches.as_ref().map_or(&[][..], |b| &b.0[..]);
    let indices = parts.indices.as_ref().map_or(&[][..], |i| &i.0[..]);

    let rest = model_pose(parts, readings, 0.0, false);
    let mut nodes = Vec::new();
    // (node, slot) pairs to draw, in node order.
    let mut draw: Vec<(Option<usize>, usize)> = Vec::new();
    match table {
        NodeTable::Node38(list) => {
            for (i, n) in list.iter().enumerate() {
                let slot = n.slot(cell);
                let np = rest.nodes.get(i);
                nodes.push(NodeInfo {
                    name: parts.node_name(i),
                    parent: n.parent_index().filter(|&p| p < i),
                    flags: n.flags,
                    slot,
                    rest_local: np.map_or(Transform::IDENTITY, |p| p.local),
                    rest_world: np.map_or(Transform::IDENTITY, |p| p.world),
                });
                if let Some(s) = slot {
                    draw.push((Some(i), s));
                }
            }
        }
        NodeTable::Raw24(_) => {
            diags.push(Diagnostic::info(
                parts.offset(1),
                msg!("msh-node24-drawn-once", "24-byte node table: its layout is unknown, so every slot is drawn once, untransformed"),
            ));
            draw.extend((0..slots.len()).map(|s| (None, s)));
        }
    }

    let mut out_indices: Vec<u32> = Vec::new();
    let mut submeshes = Vec::new();
    let mut dropped = 0usize;
    'draw: for (node, s) in draw {
        let Some(slot) = slots.get(s) else {
            diags.push(Diagnostic::error(
                parts.offset(1),
                msg!("msh-draw-slot-past", "node {node}: slot {s} is past the {n} slots; not drawn", node = format!("{node:?}"), s = s, n = slots.len()),
            ));
            continue;
        };
        for b in slot.batch_range() {
            let Some(batch) = batches.get(b) else {
                diags.push(Diagnostic::error(
                    parts.offset(2),
                    msg!("msh-draw-batch-past", "slot {s}: batch {b} is past the {n} batches; not drawn", s = s, b = b, n = batches.len()),
                ));
                break;
            };
            if out_indices.len() + batch.index_count as usize > MAX_DRAWN_INDICES {
                diags.push(Diagnostic::warning(
                    parts.offset(13),
                    msg!(
                        "msh-draw-too-many-indices",
                        "more than {max} indices to draw (slots or batches shared many times over): the rest is not drawn",
                        max = MAX_DRAWN_INDICES
                    ),
                ));
                break 'draw;
            }
            let start = out_indices.len() as u32;
            dropped += push_batch(batch, indices, vcount, &mut out_indices);
            submeshes.push(SubMesh {
                node,
                slot: s,
                batch: b,
                material: batch.material_index(readings.batch_material),
                lightmapped: batch.lightmapped(readings.batch_material),
                flags: batch.flags(readings.batch_material),
                indices: start..out_indices.len() as u32,
            });
        }
    }
    if dropped > 0 {
        diags.push(Diagnostic::error(
            parts.offset(13),
            msg!("msh-draw-dropped-triangles", "{dropped} triangles reference indices or vertices that do not exist; not drawn", dropped = dropped),
        ));
    }

    let stored = parts.normals.as_ref().map_or(&[][..], |n| &n.0[..]);
    let computed = if stored.len() < vcount { Some(vertex_normals(&positions.0, &out_indices)) } else { None };
    let normals = (0..vcount)
        .map(|v| stored.get(v).map(|&n| decode_normal(n)).or_else(|| computed.as_ref().map(|c| c[v])).unwrap_or([0.0, 0.0, 1.0]))
        .collect();
    let uvs = parts.uv0.as_ref().map_or(&[][..], |u| &u.0[..]);
    let uv0 = (0..vcount).map(|v| uvs.get(v).map_or([0.0; 2], |&u| decode_uv(u, readings.uv))).collect();
    let uv1 = parts.lightmap_uv.as_ref().map(|l| (0..vcount).map(|v| l.0.get(v).map_or([0.0; 2], |&u| decode_uv(u, readings.uv))).collect());
    let mesh = ModelMesh { cell, positions: positions.0.clone(), normals, uv0, uv1, indices: out_indices, submeshes, nodes };
    Ok((mesh, diags))
}

/// Appends a batch's triangles as absolute indices; returns how many were dropped.
fn push_batch(batch: &Batch20, indices: &[u16], vcount: usize, out: &mut Vec<u32>) -> usize {
    let mut dropped = 0;
    let start = batch.index_start as usize;
    for t in 0..batch.index_count as usize / 3 {
        let mut tri = [0u32; 3];
        let whole = (0..3).all(|k| {
            let v = start.checked_add(3 * t + k).and_then(|at| indices.get(at)).map(|&i| u64::from(batch.base_vertex) + u64::from(i));
            match v {
                Some(v) if v < vcount as u64 => {
                    tri[k] = v as u32;
                    true
                }
                _ => false,
            }
        });
        if whole {
            out.extend_from_slice(&tri);
        } else {
            dropped += 1;
        }
    }
    dropped
}

/// Smooth vertex normals from triangles: area-weighted face normals `(b - a) x (c - a)`, which
/// face outwards for the clockwise front faces of a left-handed Direct3D mesh. Vertices on no
/// triangle get +z (up).
pub fn vertex_normals(positions: &[[f32; 3]], indices: &[u32]) -> Vec<[f32; 3]> {
    let mut acc = vec![Vec3::ZERO; positions.len()];
    for t in indices.chunks_exact(3) {
        let p = |k: usize| positions.get(t[k] as usize).map(|&v| Vec3::from(v));
        let (Some(a), Some(b), Some(c)) = (p(0), p(1), p(2)) else { continue };
        let n = (b - a).cross(c - a);
        for &v in t {
            acc[v as usize] += n;
        }
    }
    acc.into_iter().map(|n| n.try_normalize().unwrap_or(Vec3::Z).into()).collect()
}
