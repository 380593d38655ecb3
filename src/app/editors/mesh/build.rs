//! What the viewport draws, built from the item through the exporters' scene builder (so the
//! viewport and `export` show the same geometry) with materials read through the workspace
//! (open libraries with their unsaved edits first).

use crate::doc::resolve::{ResolvedMaterial, WorkspaceAssets};
use crate::doc::{ItemPath, Workspace, items};
use crate::export::level::LevelLayers;
use crate::export::{ExportOptions, build_scene};
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::nodes::GridCell;
use crate::formats::msh::terrain::{LandTriangleInfo, LandscapeMesh, extract_landscape};
use crate::formats::msh::{Msh, Variant};
use crate::formats::readings::{LandFlag20000, Readings};
use crate::formats::xray_geom::LevelGeom;
use crate::formats::xray_geom::decl::{type_name, usage_name};
use crate::formats::{Diagnostic, Severity};
use crate::render::scene::pack_rgba;
use crate::render::{MaterialClock, Part, RenderScene};
use std::sync::Arc;

/// What kind of item the view shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshKind {
    /// An MSH model; which of the 15 slot-grid cells hold geometry in some node.
    Model { cells: [bool; 15] },
    Landscape,
    /// An X-Ray level.geom (points, or triangles where an index buffer fits its buffer).
    Geom,
    /// An X-Ray level drawn by its visuals (see [`super::level`]).
    Level,
}

/// A built scene and what the side panel says about it.
pub struct Built {
    pub scene: Arc<RenderScene>,
    pub kind: MeshKind,
    /// The LOD and variant built (the request's, clamped to what the kind has).
    pub cell: (usize, usize),
    /// The level layers built (a change renumbers the parts, so the pick goes).
    pub layers: LevelLayers,
    pub notes: Vec<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// Per render material: the resolution chain, when the material came from one.
    pub chains: Vec<Option<ResolvedMaterial>>,
    /// The materials' MAT0 colours at any game time.
    pub clock: MaterialClock,
    /// Milliseconds the build took (scene builder and render scene).
    pub build_ms: f64,
    /// A landscape's triangles as the file has them, for picking.
    pub land: Option<LandPick>,
    /// A level.geom's buffers: one line each, with the vertex declaration.
    pub buffers: Vec<String>,
    /// A level's visuals, shaders and sectors, for picking and the tree.
    pub level: Option<Arc<super::level::LevelPick>>,
}

/// A landscape LOD's triangle records and which material group each drawn part is.
pub struct LandPick {
    pub mesh: LandscapeMesh,
    /// Per render part: its index in `mesh.groups`.
    pub part_groups: Vec<usize>,
}

impl LandPick {
    /// The landscape triangle under scene triangle `triangle` of part `part`.
    pub fn triangle(&self, scene: &RenderScene, part: usize, triangle: usize) -> Option<&LandTriangleInfo> {
        let p = scene.parts.get(part)?;
        let g = self.mesh.groups.get(*self.part_groups.get(part)?)?;
        let k = triangle.checked_sub(p.first as usize / 3)?;
        self.mesh.triangles.get(g.indices.start as usize / 3 + k)
    }
}

/// The item's name as the scene builder wants it (the entry's, or the loose file's).
pub fn item_name(ws: &Workspace, path: &ItemPath) -> String {
    match items::meta_of(ws, path) {
        Some(m) if !m.name.is_empty() => m.name,
        _ => ws.file(path.file).map(|f| f.name()).unwrap_or_default(),
    }
}

/// Everything a build needs, taken from the workspace on the UI thread, so that the build
/// itself can run on another.
pub struct BuildInput {
    pub name: String,
    pub bytes: SharedBytes,
    pub assets: WorkspaceAssets,
    pub readings: Readings,
    pub lod: usize,
    pub variant: usize,
    pub time_ms: u32,
    pub layers: LevelLayers,
}

impl BuildInput {
    pub fn new(ws: &Workspace, path: &ItemPath, bytes: &SharedBytes, lod: usize, variant: usize, time_ms: u32, layers: LevelLayers) -> BuildInput {
        BuildInput { name: item_name(ws, path), bytes: bytes.clone(), assets: WorkspaceAssets::for_item(ws, path), readings: ws.readings, lod, variant, time_ms, layers }
    }

    /// Builds the scene at the input's cell with its materials at `time_ms`, and its picking
    /// tree.
    pub fn run(self) -> Result<Built, String> {
        let started = std::time::Instant::now();
        let BuildInput { name, bytes, assets, readings, lod, variant, time_ms, layers } = self;
        let bytes = &bytes;
        if let Some(level) = super::level::build_level(&name, bytes, &assets, &readings, layers) {
            return level;
        }
        let kind = kind_of(bytes);
        let (lod, variant) = match kind {
            MeshKind::Model { .. } => (lod.min(3), variant.min(2)),
            MeshKind::Landscape => (lod.min(1), 0),
            MeshKind::Geom | MeshKind::Level => (0, 0),
        };
        let opts = ExportOptions { lod, variant, frame: None, material_time_ms: time_ms, ..ExportOptions::default() };
        let scene = build_scene(&name, bytes.clone(), &assets, &opts, &readings).map_err(|e| e.to_string())?;
        let mut render = RenderScene::from_scene(&scene);
        let chains = render.materials.iter().map(|m| scene.resolved.iter().find(|r| r.label() == m.name).cloned()).collect();
        let mut diagnostics = scene.diagnostics.clone();
        if render.dropped_triangles > 0 {
            diagnostics.push(Diagnostic::new(Severity::Warning, None, format!("{} triangles with an index out of range are not drawn", render.dropped_triangles)));
        }
        let land = (kind == MeshKind::Landscape).then(|| land_pick(bytes, &readings, lod)).flatten();
        let buffers = if kind == MeshKind::Geom { geom_buffers(bytes) } else { Vec::new() };
        let mut clock = MaterialClock::new(&scene, &render, &readings);
        clock.add_phase_textures(&mut render, &assets);
        // Here on the worker rather than on the UI thread at the first click.
        render.prepare_picking();
        Ok(Built { scene: Arc::new(render), kind, cell: (lod, variant), layers, notes: scene.notes.clone(), diagnostics, chains, clock, build_ms: started.elapsed().as_secs_f64() * 1e3, land, buffers, level: None })
    }
}

/// "vertex buffer 0: 24 vertices of 32 bytes: FLOAT3 POSITION @0, ..." and the index buffers.
fn geom_buffers(bytes: &SharedBytes) -> Vec<String> {
    let Ok((g, _)) = LevelGeom::parse(bytes.clone()) else { return Vec::new() };
    let mut out: Vec<String> = g
        .vertex_buffers()
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let decl: Vec<String> =
                v.decl.elements.iter().map(|e| format!("{} {}{} @{}", type_name(e.ty), usage_name(e.usage), if e.usage_index > 0 { e.usage_index.to_string() } else { String::new() }, e.offset)).collect();
            format!("vertex buffer {i}: {} vertices of {} bytes: {}", v.vertex_count, v.stride(), decl.join(", "))
        })
        .collect();
    out.extend(g.index_buffers().iter().enumerate().map(|(i, b)| format!("index buffer {i}: {} indices", b.data.len() / 2)));
    out
}

/// What a landscape triangle's flags say, as the flag view colours them.
pub fn flag_colour(info: &LandTriangleInfo, readings: &Readings) -> [f32; 4] {
    let bit_20000 = info.water || info.collision;
    match () {
        _ if bit_20000 && readings.land_flag_20000 == LandFlag20000::Water => WATER,
        _ if bit_20000 => COLLISION,
        _ if info.liquid_bed => LIQUID_BED,
        _ if info.blended => BLENDED,
        _ => PLAIN,
    }
}

pub const WATER: [f32; 4] = [0.15, 0.45, 1.0, 1.0];
pub const COLLISION: [f32; 4] = [0.95, 0.25, 0.2, 1.0];
pub const LIQUID_BED: [f32; 4] = [0.1, 0.85, 0.85, 1.0];
pub const BLENDED: [f32; 4] = [0.95, 0.8, 0.2, 1.0];
pub const PLAIN: [f32; 4] = [0.55, 0.55, 0.55, 1.0];

/// The landscape with every triangle in its flags' colour (drawn with vertex-colour shading):
/// vertices are not shared, so each triangle keeps its own colour.
pub fn flag_scene(scene: &RenderScene, land: &LandPick, readings: &Readings) -> RenderScene {
    let mut out = RenderScene::default();
    out.name = scene.name.clone();
    out.nodes = scene.nodes.clone();
    out.materials = scene.materials.clone();
    out.textures = scene.textures.clone();
    out.bounds = scene.bounds.clone();
    out.axes = scene.axes;
    (out.min, out.max) = (scene.min, scene.max);
    for (pi, p) in scene.parts.iter().enumerate().filter(|(_, p)| !p.points && p.over.is_none()) {
        let (first_v, first_i) = (out.vertices.len() as u32, out.indices.len() as u32);
        for t in (p.first / 3)..((p.first + p.count) / 3) {
            let colour = land.triangle(scene, pi, t as usize).map_or(PLAIN, |info| flag_colour(info, readings));
            for k in 0..3 {
                let Some(mut v) = scene.indices.get(t as usize * 3 + k).and_then(|&i| scene.vertices.get(i as usize)).copied() else { continue };
                v.color = pack_rgba(colour);
                out.indices.push(out.vertices.len() as u32);
                out.vertices.push(v);
            }
        }
        out.parts.push(Part { first: first_i, count: out.indices.len() as u32 - first_i, vertices: first_v..out.vertices.len() as u32, ..p.clone() });
    }
    out
}

/// The landscape's triangle records at `lod`; the scene builder made one part per group that
/// has triangles, in group order.
fn land_pick(bytes: &SharedBytes, readings: &Readings, lod: usize) -> Option<LandPick> {
    let (_, msh, _) = Msh::parse(bytes.clone()).ok()?;
    let (parts, _) = msh.parts();
    let (mesh, _) = extract_landscape(&parts, readings, lod).ok()?;
    let part_groups = mesh.groups.iter().enumerate().filter(|(_, g)| g.indices.end > g.indices.start).map(|(i, _)| i).collect();
    Some(LandPick { mesh, part_groups })
}

fn kind_of(bytes: &[u8]) -> MeshKind {
    if !bytes.starts_with(b"NRes") {
        return MeshKind::Geom;
    }
    let Ok((_, msh, _)) = Msh::parse(SharedBytes::from(bytes)) else { return MeshKind::Model { cells: [false; 15] } };
    match msh.variant() {
        Variant::Landscape => MeshKind::Landscape,
        _ => {
            let (parts, _) = msh.parts();
            let mut cells = [false; 15];
            if let Some(nodes) = parts.nodes.as_ref().and_then(|t| t.nodes()) {
                for cell in GridCell::all() {
                    cells[cell.index()] = nodes.iter().any(|n| n.slot(cell).is_some());
                }
            } else {
                // Node tables without slots (the 24-byte variant) draw everything at any cell.
                cells = [true; 15];
            }
            MeshKind::Model { cells }
        }
    }
}
