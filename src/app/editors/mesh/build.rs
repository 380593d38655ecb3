//! What the viewport draws, built from the item through the scene layer's builder (so the
//! viewport and `export` show the same geometry) with materials read through the workspace
//! (open libraries with their unsaved edits first).

use crate::doc::resolve::{ResolvedMaterial, WorkspaceAssets};
use crate::doc::{ItemPath, Workspace, items};
use crate::scene::level::LevelLayers;
use crate::scene::level_pick::LevelPick;
use crate::scene::{ItemScene, SceneKind, SceneOptions, build_item};
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::terrain::LandTriangleInfo;
use crate::formats::readings::{LandFlag20000, Readings};
use crate::app::i18n::messages;
use crate::formats::message::Message;
use crate::formats::{Diagnostic, Severity};
use crate::render::scene::pack_rgba;
use crate::render::{MaterialClock, Part, RenderScene};
use std::sync::Arc;

/// A built scene and what the side panel says about it.
pub struct Built {
    pub scene: Arc<RenderScene>,
    pub kind: SceneKind,
    /// The LOD and variant built (the request's, clamped to what the kind has).
    pub cell: (usize, usize),
    /// The level layers built (a change renumbers the parts, so the pick goes).
    pub layers: LevelLayers,
    /// What the scene layer says about the build, with ids (shown in the user's language).
    pub notes: Vec<Message>,
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
    pub buffers: Vec<Message>,
    /// A level's visuals, shaders and sectors, for picking and the tree.
    pub level: Option<Arc<LevelPick>>,
}

/// A landscape's triangle records (from the scene layer), found through the drawn scene's
/// parts.
pub struct LandPick(pub crate::scene::LandPick);

impl LandPick {
    /// The landscape triangle under scene triangle `triangle` of drawn part `part`.
    pub fn triangle(&self, scene: &RenderScene, part: usize, triangle: usize) -> Option<&LandTriangleInfo> {
        let p = scene.parts.get(part)?;
        self.0.triangle(part, triangle.checked_sub(p.first as usize / 3)?)
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
        let opts = SceneOptions { lod, variant, frame: None, material_time_ms: time_ms, ..SceneOptions::default() };
        let item = build_item(&name, &bytes, &assets, &opts, &readings, layers).map_err(|e| messages::message(&e.message()))?;
        let ItemScene { scene, kind, cell, land, buffers, level } = item;
        let mut render = RenderScene::from_scene(&scene);
        let chains = match kind {
            SceneKind::Level => vec![None; render.materials.len()],
            _ => render.materials.iter().map(|m| scene.resolved.iter().find(|r| r.label() == m.name).cloned()).collect(),
        };
        let mut diagnostics = scene.diagnostics.clone();
        if kind != SceneKind::Level && render.dropped_triangles > 0 {
            diagnostics.push(Diagnostic::new(Severity::Warning, None, crate::tr!("mesh-dropped-triangles", n = render.dropped_triangles)
));
        }
        let mut clock = MaterialClock::new(&scene, &render, &readings);
        if kind != SceneKind::Level {
            clock.add_phase_textures(&mut render, &assets);
        }
        // Here on the worker rather than on the UI thread at the first click.
        render.prepare_picking();
        let level = level.map(Arc::new);
        Ok(Built { scene: Arc::new(render), kind, cell, layers, notes: scene.notes, diagnostics, chains, clock, build_ms: started.elapsed().as_secs_f64() * 1e3, land: land.map(LandPick), buffers, level })
    }
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
