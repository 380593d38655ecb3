//! An item as a viewer shows it: its [`Scene`] with the LOD and variant clamped to what the
//! item has, and what the same read of the item gives beyond the geometry: the kind of mesh,
//! which slot-grid cells a model fills, a landscape's triangle records for picking, a
//! level.geom's buffers, a level's visuals and shaders. Nothing here is read twice.

use super::level::{LevelFiles, LevelLayers, is_level, level_scene};
use super::level_pick::LevelPick;
use super::{MshRead, Scene, SceneError, SceneOptions, geom, read_msh};
use crate::doc::resolve::{AssetSource, Found};
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::nodes::GridCell;
use crate::formats::msh::terrain::{LandTriangleInfo, LandscapeMesh};
use crate::formats::readings::Readings;
use crate::formats::xray_geom::LevelGeom;
use crate::formats::xray_level::Level;

/// What kind of item the scene shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SceneKind {
    /// An MSH model; which of the 15 slot-grid cells hold geometry in some node.
    Model { cells: [bool; 15] },
    Landscape,
    /// An X-Ray level.geom (points, or triangles where an index buffer fits its buffer).
    Geom,
    /// An X-Ray level drawn by its visuals.
    Level,
}

/// A landscape LOD's triangle records and which material group each drawn primitive is.
pub struct LandPick {
    pub mesh: LandscapeMesh,
    /// Per drawn primitive (in scene order): its index in `mesh.groups`.
    pub part_groups: Vec<usize>,
}

impl LandPick {
    /// The landscape triangle that is triangle `k` of drawn primitive `part`.
    pub fn triangle(&self, part: usize, k: usize) -> Option<&LandTriangleInfo> {
        let g = self.mesh.groups.get(*self.part_groups.get(part)?)?;
        self.mesh.triangles.get(g.indices.start as usize / 3 + k)
    }

    pub fn new(mesh: LandscapeMesh) -> LandPick {
        // The scene builder made one primitive per group that has triangles, in group order.
        let part_groups = mesh.groups.iter().enumerate().filter(|(_, g)| g.indices.end > g.indices.start).map(|(i, _)| i).collect();
        LandPick { mesh, part_groups }
    }
}

/// A drawable item's scene and what a viewer shows beside it.
pub struct ItemScene {
    pub scene: Scene,
    pub kind: SceneKind,
    /// The LOD and variant built (the request's, clamped to what the kind has).
    pub cell: (usize, usize),
    /// A landscape's triangles as the file has them, for picking.
    pub land: Option<LandPick>,
    /// A level.geom's buffers: one line each, with the vertex declaration.
    pub buffers: Vec<crate::formats::message::Message>,
    /// A level's visuals, shaders and sectors, for picking and the tree.
    pub level: Option<LevelPick>,
}

/// Builds the scene of any drawable item for a viewer: a `level` (or a level.geom with a
/// `level` beside it) with `layers`, else a model, landscape or level.geom at `opts`' LOD and
/// variant clamped to what the item has (a viewer offers only those), never posed (`frame`
/// is the viewer's to play).
pub fn build_item(name: &str, bytes: &SharedBytes, assets: &dyn AssetSource, opts: &SceneOptions, readings: &Readings, layers: LevelLayers) -> Result<ItemScene, SceneError> {
    if let Some((level, through)) = level_bytes(name, bytes, assets) {
        let files = LevelFiles::open(level, assets)?;
        let mut scene = level_scene(name, &files, readings, layers);
        if let Some(origin) = through {
            scene.notes.insert(0, crate::msg!("scene-through-level", "drawn through the level file beside it ({origin})", origin = origin));
        }
        let level = Some(LevelPick::new(&files));
        return Ok(ItemScene { scene, kind: SceneKind::Level, cell: (0, 0), land: None, buffers: Vec::new(), level });
    }
    let opts = SceneOptions { frame: None, ..*opts };
    if !bytes.starts_with(b"NRes") {
        if !name.to_ascii_lowercase().ends_with(".geom") {
            // Not a mesh: the builder says so.
            let scene = super::build_scene(name, bytes.clone(), assets, &SceneOptions { lod: 0, variant: 0, ..opts }, readings)?;
            return Ok(ItemScene { scene, kind: SceneKind::Geom, cell: (0, 0), land: None, buffers: Vec::new(), level: None });
        }
        let (g, diags) = LevelGeom::parse(bytes.clone())?;
        let scene = geom::geom_scene_of(name, &g, diags, readings);
        return Ok(ItemScene { scene, kind: SceneKind::Geom, cell: (0, 0), land: None, buffers: geom::buffer_lines(&g), level: None });
    }
    let read = read_msh(bytes.clone())?;
    let (kind, lod, variant) = match read.msh.variant() {
        crate::formats::msh::Variant::Landscape => (SceneKind::Landscape, opts.lod.min(1), 0),
        _ => (SceneKind::Model { cells: model_cells(&read) }, opts.lod.min(3), opts.variant.min(2)),
    };
    let (scene, land) = super::msh_scene(name, read, assets, &SceneOptions { lod, variant, ..opts }, readings)?;
    Ok(ItemScene { scene, kind, cell: (lod, variant), land: land.map(LandPick::new), buffers: Vec::new(), level: None })
}

/// Which slot-grid cells hold geometry in some node; node tables without slots (the 24-byte
/// variant) draw everything at any cell.
fn model_cells(read: &MshRead) -> [bool; 15] {
    let Some(nodes) = read.parts.nodes.as_ref().and_then(|t| t.nodes()) else { return [true; 15] };
    let mut cells = [false; 15];
    for cell in GridCell::all() {
        cells[cell.index()] = nodes.iter().any(|n| n.slot(cell).is_some());
    }
    cells
}

/// The level bytes behind an item: the item itself when it is a `level`, the `level` beside
/// it when it is a level.geom; `None` otherwise (a level.geom alone stays a point cloud).
fn level_bytes(name: &str, bytes: &SharedBytes, assets: &dyn AssetSource) -> Option<(SharedBytes, Option<String>)> {
    if is_level(name, bytes) {
        return Some((bytes.clone(), None));
    }
    if !name.to_ascii_lowercase().ends_with(".geom") {
        return None;
    }
    match assets.beside("level") {
        Found::Yes(b) if Level::sniff(&b.bytes) => Some((b.bytes, Some(b.origin))),
        _ => None,
    }
}
