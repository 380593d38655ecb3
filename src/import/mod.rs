//! Model import: a glTF 2.0 file (`.glb`, or `.gltf` with embedded or external buffers) as an
//! MSH model (docs/formats/msh.md#import) with its WEAR table, and the MAT0 materials and Texm
//! textures it needs. The inverse of [`crate::export`]: the node tree becomes the node table,
//! each primitive one or more batches, the first animation the keys and frame map.
//!
//! By concern: [`gltf_read`] (the container, buffers and accessors), [`hierarchy`] (node order,
//! names, LOD naming, transforms and axes), [`geometry`] (vertex arrays, batches, slots,
//! triangle descriptors and the 16-bit limits), [`animation`] (resampling to frames),
//! [`materials`] (WEAR rows, new MAT0 and Texm entries), [`transaction`] (writing every file
//! or none). The CLI's `import-model` (`cli::import`) drives them.

pub mod animation;
pub mod geometry;
pub mod gltf_read;
pub mod hierarchy;
pub mod materials;
pub mod plan;
pub mod preview;
pub mod transaction;
pub mod write;

use crate::formats::msh::anim::{AnimKeys, Transform};
use crate::formats::msh::batches::Batches;
use crate::formats::msh::indices::Indices;
use crate::formats::msh::nodes::{GridCell, NONE, Node38, NodeTable};
use crate::formats::msh::slots::{BoundsHeader, SlotTable};
use crate::formats::msh::strings::{NodeNames, NodeString, NodeStrings};
use crate::formats::msh::triangles::TriDescs;
use crate::formats::msh::vertex::{LightmapUv, Normals, Positions, Uv0};
use crate::formats::readings::Readings;
use crate::formats::message::Message;
use crate::formats::{Error, Result, cp1251};
use crate::msg;
use geometry::{Arrays, BatchExtras, Part};
use gltf_read::Gltf;
use hierarchy::{Axes, Trs, Up};
use serde_json::Value;

/// Per extra node, the groups of parts it takes in each cell.
type Spill = Vec<Vec<(GridCell, Vec<Part>)>>;
/// A node's label (for messages), its index, and the parts of each of its slots by cell.
type NodeSlots = (String, usize, Vec<(GridCell, Vec<Part>)>);

/// The node table's limit: u16 parents with 0xFFFF for "none".
pub const MAX_NODES: usize = 0xFFFF;
/// Names the engine reads: 32-byte fields ending in a NUL (component 9).
pub const MAX_NAME: usize = 31;

#[derive(Debug, Clone)]
pub struct Options {
    pub up: Up,
    /// Metres to Parkan units (1: the model was made at the game's scale).
    pub scale: f32,
    pub frames_per_second: f32,
    /// The cell meshes go into when their node's name gives none (`--lod`, `--variant`).
    pub cell: GridCell,
    /// The NRes name of every component entry (the model's name, at most 31 bytes).
    pub entry_name: Vec<u8>,
    pub readings: Readings,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            up: Up::Y,
            scale: 1.0,
            frames_per_second: crate::scene::model::DEFAULT_FRAMES_PER_SECOND,
            cell: GridCell::default(),
            entry_name: b"MODEL".to_vec(),
            readings: Readings::default(),
        }
    }
}

/// What the import made, before anything is written.
#[derive(Debug)]
pub struct Imported {
    /// The model's NRes bytes: its components under the entry name.
    pub msh: Vec<u8>,
    /// WEAR rows in order: each glTF material (and `DEFAULT` for primitives without one).
    pub rows: Vec<materials::Row>,
    pub warnings: Vec<Message>,
    pub summary: Summary,
    /// The node table as a tree, for the editor's import dialog.
    pub nodes: Vec<NodeInfo>,
}

/// One node of the imported model, as the import dialog lists it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct NodeInfo {
    pub name: String,
    /// The parent's index in the node table (parents come before children).
    pub parent: Option<usize>,
    /// Triangles in every cell of the node.
    pub triangles: usize,
    pub animated: bool,
}

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Summary {
    pub nodes: usize,
    pub slots: usize,
    pub batches: usize,
    pub vertices: usize,
    pub triangles: usize,
    pub keys: usize,
    pub frames: usize,
    pub animated_nodes: usize,
    pub materials: usize,
    /// The largest batch's vertices and indices (each at most a 16-bit count).
    pub batch_vertices: usize,
    pub batch_indices: usize,
}

/// A node name as the engine stores it: CP1251, at most 31 bytes (longer ones are cut, with a
/// warning), characters CP1251 lacks as `_`.
fn engine_name(name: &str, warn: &mut Vec<Message>) -> Vec<u8> {
    let mut bytes: Vec<u8> = name.chars().map(|c| cp1251::encode_char(c).filter(|&b| b != 0).unwrap_or(b'_')).collect();
    if bytes.len() > MAX_NAME {
        warn.push(msg!("import-node-name-cut", "node {name}: {count} bytes, cut to the engine's {max}", name = name, count = bytes.len(), max = MAX_NAME));
        bytes.truncate(MAX_NAME);
    }
    bytes
}

/// Reads the `parkan` object export writes into a node's or primitive's extras
/// (docs/formats/msh.md#import).
fn parkan_extras(extras: &Option<Value>) -> Option<&serde_json::Map<String, Value>> {
    extras.as_ref()?.get("parkan")?.as_object()
}

fn extra_u64(o: Option<&serde_json::Map<String, Value>>, key: &str) -> Option<u64> {
    o?.get(key)?.as_u64()
}

/// The options' numbers, checked before anything is read.
pub fn check_options(opts: &Options) -> Result<()> {
    if !(opts.scale.is_finite() && opts.scale > 0.0) {
        return Err(Error::new(0, msg!("import-scale-not-positive", "scale {scale} must be a positive number", scale = opts.scale.to_string())));
    }
    if !(opts.frames_per_second.is_finite() && opts.frames_per_second > 0.0 && opts.frames_per_second <= 1000.0) {
        return Err(Error::new(0, msg!("import-fps-out-of-range", "{fps} frames per second must be in 0..1000", fps = opts.frames_per_second.to_string())));
    }
    Ok(())
}

/// Converts a loaded glTF, its materials as they are named (see [`plan::convert`] for a
/// mapping and the libraries).
pub fn import(g: Gltf, opts: &Options) -> Result<Imported> {
    check_options(opts)?;
    let mut row_warn = Vec::new();
    let rows = materials::rows(&g, &mut row_warn)?;
    build(g, opts, rows, row_warn)
}

/// Converts `g` with its WEAR rows `rows` (from [`materials::rows`], perhaps renamed;
/// `row_warn` are the warnings that made them). `g` is taken whole so that its buffers (the
/// file's bytes, for a `.glb`) are let go once every primitive and the animation are read,
/// before the model is built (docs/formats/msh.md#import, "Cost").
pub fn build(mut g: Gltf, opts: &Options, rows: Vec<materials::Row>, row_warn: Vec<Message>) -> Result<Imported> {
    let mut warn: Vec<Message> = g.ignored_extensions.iter().map(|e| msg!("gltf-extension-ignored", "extension {ext} ignored", ext = e)).collect();
    let axes = Axes::new(opts.up, opts.scale);
    let tree = hierarchy::tree(&g)?;
    warn.extend(tree.warnings.iter().cloned());
    let rest: Vec<Trs> = g.doc.nodes.iter().enumerate().map(|(i, n)| Trs::of(n, i)).collect::<Result<_>>()?;
    let placed = hierarchy::place(&tree, &g, &rest, &axes);
    for (i, n) in g.doc.nodes.iter().enumerate() {
        if n.skin.is_some() && tree.msh_of[i].is_some() {
            warn.push(msg!("import-skin-left-out", "node {i}: its skin is left out (the engine moves each batch rigidly with one node)", i = i));
        }
    }
    warn.extend(row_warn);
    let default_row = rows.iter().position(|r| r.gltf.is_none());

    // Every mesh's parts, by MSH node and cell.
    let mut cells: Vec<Vec<(GridCell, Vec<Part>)>> = vec![Vec::new(); tree.gltf.len()];
    let mut with_mesh: Vec<(usize, usize, GridCell)> = tree.gltf.iter().enumerate().map(|(m, &i)| (i, m, opts.cell)).collect();
    with_mesh.extend(tree.cells.iter().copied());
    for (i, m, cell) in with_mesh {
        let Some(mesh_index) = g.doc.nodes[i].mesh else { continue };
        let mesh = g.doc.meshes.get(mesh_index).ok_or_else(|| Error::new(0, msg!("gltf-node-mesh-missing", "node {i} names mesh {mesh}, which does not exist", i = i, mesh = mesh_index)))?;
        let mesh_name = mesh.name.clone().or_else(|| g.doc.nodes[i].name.clone()).unwrap_or_else(|| format!("#{mesh_index}"));
        let mut parts = Vec::new();
        for (k, p) in mesh.primitives.iter().enumerate() {
            let row = match p.material {
                Some(mi) => rows.iter().position(|r| r.gltf == Some(mi)).ok_or_else(|| {
                    Error::new(0, msg!("gltf-primitive-material-missing", "mesh {mesh} primitive {k} names material {material}, which does not exist", mesh = &mesh_name, k = k, material = mi))
                })?,
                None => default_row.unwrap_or(0),
            };
            let Some(mut part) = geometry::read_part(&g, p, (&mesh_name, k), row as u8, &axes, placed.vertex[i], &mut warn)? else { continue };
            let x = parkan_extras(&p.extras);
            part.extras = BatchExtras {
                head: extra_u64(x, "batch_flags").and_then(|v| u32::try_from(v).ok()).unwrap_or(0),
                lightmap: extra_u64(x, "lightmap").and_then(|v| u8::try_from(v).ok()).unwrap_or(BatchExtras::default().lightmap),
                room: extra_u64(x, "room").and_then(|v| u16::try_from(v).ok()).unwrap_or(0),
            };
            part.tri_flags = x.and_then(|o| o.get("triangle_flags")).and_then(Value::as_array).map(|a| a.iter().map(|v| v.as_u64().unwrap_or(0) as u16).collect());
            if part.tri_flags.as_ref().is_some_and(|f| f.len() != part.tris.len()) {
                part.tri_flags = None;
            }
            parts.push(part);
        }
        match cells[m].iter_mut().find(|(c, _)| *c == cell) {
            Some((_, list)) => list.extend(parts),
            None => cells[m].push((cell, parts)),
        }
    }

    // Node names and flags, and each cell's parts grouped by slot: a cell over the slot limit
    // spills into extra nodes. `slots` lists, in the order the slots are made, each node's
    // label (for messages), index and groups.
    let mut names: Vec<Vec<u8>> = Vec::new();
    let mut nodes: Vec<Node38> = Vec::new();
    let mut locals: Vec<Transform> = placed.locals.clone();
    let mut slots: Vec<NodeSlots> = Vec::new();
    let mut extra: Vec<(usize, Spill)> = Vec::new();
    for (m, &i) in tree.gltf.iter().enumerate() {
        let n = &g.doc.nodes[i];
        let display = n.name.clone().unwrap_or_else(|| format!("node_{i}"));
        names.push(engine_name(&display, &mut warn));
        let x = parkan_extras(&n.extras);
        let flags = extra_u64(x, "flags").and_then(|v| u16::try_from(v).ok()).unwrap_or(0);
        let parent = tree.parent[m].map_or(NONE, |p| p as u16);
        nodes.push(Node38 { flags, parent, anim_map_start: NONE, fallback_key: 0, slots: [NONE; 15] });
        // Extra node k takes group k + 1 of every cell that needed more than one slot.
        let mut spill: Spill = Vec::new();
        let mut firsts = Vec::new();
        cells[m].sort_by_key(|(c, _)| c.index());
        for (cell, parts) in std::mem::take(&mut cells[m]) {
            let mut groups = geometry::split_for_slots(parts).into_iter();
            if let Some(first) = groups.next() {
                firsts.push((cell, first));
            }
            for (k, g) in groups.enumerate() {
                if spill.len() <= k {
                    spill.push(Vec::new());
                }
                spill[k].push((cell, g));
            }
        }
        if !spill.is_empty() {
            warn.push(msg!(
                "import-node-split",
                "node {node}: more than {max} triangles in one cell: split into {count} more nodes",
                node = &display,
                max = geometry::MAX_SLOT_TRIANGLES,
                count = spill.len()
            ));
            extra.push((m, spill));
        }
        slots.push((display, m, firsts));
    }
    for (m, spill) in extra {
        for (k, groups) in spill.into_iter().enumerate() {
            let base = cp1251::decode(&names[m]);
            let name = format!("{base}+{}", k + 1);
            names.push(engine_name(&name, &mut warn));
            nodes.push(Node38 { flags: nodes[m].flags, parent: m as u16, anim_map_start: NONE, fallback_key: 0, slots: [NONE; 15] });
            locals.push(Transform::IDENTITY);
            slots.push((name, nodes.len() - 1, groups));
        }
    }
    if nodes.len() > MAX_NODES {
        return Err(Error::new(0, msg!("import-too-many-nodes", "the model has {count} nodes, past the engine's limit of {max}", count = nodes.len(), max = MAX_NODES)));
    }
    if nodes.is_empty() {
        return Err(Error::new(0, msg!("import-no-nodes", "the glTF scene has no node to import")));
    }
    let extra_nodes = nodes.len() - tree.gltf.len();
    let keys = animation::keys(&g, &tree, &rest, &locals, &axes, opts.frames_per_second, extra_nodes, opts.readings.quat, &mut warn)?;
    // Every primitive and the animation are read: the glTF's bytes are let go before the
    // model's arrays are built.
    g.buffers = Vec::new();

    // The slots, each group's parts let go once its slot is built.
    let mut arrays = Arrays::default();
    let all_parts = || slots.iter().flat_map(|(_, _, cells)| cells.iter().flat_map(|(_, parts)| parts.iter()));
    let mut shared: Vec<(*const geometry::Verts, usize)> = all_parts().map(|p| (std::sync::Arc::as_ptr(&p.v), p.v.positions.len())).collect();
    shared.sort_unstable();
    shared.dedup();
    arrays.reserve(all_parts().map(|p| p.tris.len()).sum(), shared.iter().map(|s| s.1).sum());
    drop(shared);
    for (label, k, cells) in slots {
        for (cell, parts) in cells {
            nodes[k].slots[cell.index()] = arrays.slot(&label, &parts)?;
        }
    }
    for (k, node) in nodes.iter_mut().enumerate() {
        node.anim_map_start = keys.map_start[k];
        node.fallback_key = keys.fallback[k];
    }

    // The model's bounds in model space at the rest pose.
    let mut worlds: Vec<Transform> = Vec::with_capacity(nodes.len());
    for (k, node) in nodes.iter().enumerate() {
        let local = locals[k];
        let w = match node.parent_index().filter(|&p| p < k) {
            Some(p) => worlds[p].then(&local),
            None => local,
        };
        worlds.push(w);
    }
    let mut model_points: Vec<[f32; 3]> = Vec::with_capacity(arrays.positions.len());
    for (k, node) in nodes.iter().enumerate() {
        for s in node.slots.iter().filter(|&&s| s != NONE) {
            let slot = arrays.slots[*s as usize];
            for b in &arrays.batches[slot.batch_range()] {
                let range = b.base_vertex as usize..b.base_vertex as usize + b.vertex_count as usize;
                model_points.extend(arrays.positions[range].iter().map(|p| -> [f32; 3] { worlds[k].apply_point(glam::Vec3::from(*p)).into() }));
            }
        }
    }

    let summary = Summary {
        nodes: nodes.len(),
        slots: arrays.slots.len(),
        batches: arrays.batches.len(),
        vertices: arrays.positions.len(),
        triangles: arrays.descs.len(),
        keys: keys.keys.len(),
        frames: keys.map.frame_count as usize,
        animated_nodes: keys.animated_nodes,
        materials: rows.len(),
        batch_vertices: arrays.batches.iter().map(|b| b.vertex_count as usize).max().unwrap_or(0),
        batch_indices: arrays.batches.iter().map(|b| b.index_count as usize).max().unwrap_or(0),
    };
    let node_info = nodes
        .iter()
        .enumerate()
        .map(|(k, n)| NodeInfo {
            name: cp1251::decode(&names[k]),
            parent: n.parent_index().filter(|&p| p < k),
            triangles: n.slots.iter().filter(|&&s| s != NONE).map(|&s| arrays.slots[s as usize].tri_count as usize).sum(),
            animated: n.anim_map_start != NONE,
        })
        .collect();
    // The file, each array let go once written (never the model twice).
    let header = BoundsHeader::from_points(&model_points);
    drop(model_points);
    let Arrays { positions, normals, uv0, uv1, any_uv1, indices, batches, descs, slots } = arrays;
    let mut w = write::ModelWriter::new(&opts.entry_name);
    w.put(&NodeTable::Node38(nodes));
    w.put(&SlotTable { header, slots });
    {
        let c = Positions(positions);
        w.put_records(&c, &c.0);
    }
    {
        let c = Normals(normals);
        w.put_records(&c, &c.0);
    }
    {
        let c = Uv0(uv0);
        w.put_records(&c, &c.0);
    }
    {
        let c = Indices(indices);
        w.put_records(&c, &c.0);
    }
    {
        let c = TriDescs(descs);
        w.put_records(&c, &c.0);
    }
    w.put(&AnimKeys(keys.keys));
    w.put(&NodeNames(names.iter().map(|n| NodeNames::field(n).unwrap_or([0; 32])).collect()));
    w.put(&NodeStrings(names.iter().map(|n| NodeString::new(n)).collect()));
    w.put(&Batches(batches));
    if keys.map.frame_count > 0 {
        w.put(&keys.map);
    }
    if any_uv1 {
        let c = LightmapUv(uv1);
        w.put_records(&c, &c.0);
    }
    let msh = w.finish()?;
    Ok(Imported { msh, rows, warnings: warn, summary, nodes: node_info })
}

#[cfg(test)]
mod tests;
