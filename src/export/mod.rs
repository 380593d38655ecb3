//! Mesh export: an MSH model (with its node hierarchy, batches, materials, textures and
//! animation), an MSH landscape (one LOD, its ground materials) or a level.geom (as the
//! viewer draws it) to glTF 2.0 (`.gltf` + `.bin` + PNGs, or one `.glb`) or OBJ (+ MTL +
//! PNGs).
//!
//! [`build_scene`] reads the item and resolves its materials through an
//! [`AssetSource`] into a format-neutral [`Scene`] in glTF's axes; [`encode`] turns a scene
//! into named files in memory; [`export_to`] writes them beside the output path. The CLI's
//! `export` and the editor call the same three.

pub mod geom;
pub mod glb;
pub mod gltf;
pub mod land;
pub mod level;
pub mod materials;
pub mod model;
pub mod obj;
pub mod scene;

pub use model::DEFAULT_FRAMES_PER_SECOND;
pub use scene::Scene;

use crate::doc::resolve::{AssetSource, Resolver, WearTable};
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::nodes::GridCell;
use crate::formats::msh::terrain::LandscapeMesh;
use crate::formats::msh::{Msh, Variant};
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Error, Severity};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Obj,
    Gltf,
    Glb,
}

impl ExportFormat {
    /// By the output's extension (ASCII case-insensitive).
    pub fn from_path(path: &Path) -> Option<ExportFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "obj" => Some(ExportFormat::Obj),
            "gltf" => Some(ExportFormat::Gltf),
            "glb" => Some(ExportFormat::Glb),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExportOptions {
    /// 0..3 for a model, 0 or 1 for a landscape.
    pub lod: usize,
    /// Damage variant 0..2 (models).
    pub variant: usize,
    /// The frame to pose a model at; `None` is the rest pose.
    pub frame: Option<f32>,
    /// The game time (ms) at which materials pick their phase.
    pub material_time_ms: u32,
    /// Seconds per frame of the exported animation.
    pub frames_per_second: f32,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions { lod: 0, variant: 0, frame: None, material_time_ms: 0, frames_per_second: DEFAULT_FRAMES_PER_SECOND }
    }
}

#[derive(Debug)]
pub enum ExportError {
    /// The request does not fit the item (a LOD it has not, an unknown output type).
    Usage(String),
    /// The item cannot be read.
    Format(Error),
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::Usage(m) => f.write_str(m),
            ExportError::Format(e) => write!(f, "{e}"),
            ExportError::Io(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<Error> for ExportError {
    fn from(e: Error) -> Self {
        ExportError::Format(e)
    }
}

/// Reads an item (`name` is its entry or file name: the WEAR table is looked up by its base
/// name, level.geom is recognised by it) and builds its scene.
pub fn build_scene(
    name: &str,
    bytes: SharedBytes,
    assets: &dyn AssetSource,
    opts: &ExportOptions,
    readings: &Readings,
) -> Result<Scene, ExportError> {
    if !bytes.starts_with(b"NRes") {
        if let Some(scene) = level::level_item_scene(name, &bytes, assets, readings, level::LevelLayers::default())? {
            let mut scene = scene;
            ignored_options(&mut scene, opts, true, true);
            return Ok(scene);
        }
        if name.to_ascii_lowercase().ends_with(".geom") {
            let mut scene = geom::geom_scene(name, bytes, readings)?;
            ignored_options(&mut scene, opts, true, true);
            return Ok(scene);
        }
        return Err(ExportError::Usage(format!("{name}: not a mesh (an MSH model or landscape, or a level.geom)")));
    }
    let (_, msh, open_diags) = Msh::parse(bytes)?;
    let (parts, part_diags) = msh.parts();
    let mut resolver = Resolver::new(assets, readings).at_time(opts.material_time_ms);
    let mut scene = match msh.variant() {
        Variant::Model => {
            let cell = GridCell::from_lod_variant(opts.lod, opts.variant).map_err(|e| ExportError::Usage(e.message))?;
            let table = WearTable::for_mesh(assets, name);
            let mopts = model::ModelOptions { cell, frame: opts.frame, frames_per_second: opts.frames_per_second };
            let mut resolve = |b: &[u16]| resolver.resolve_all(&table, b.iter().copied());
            let mut scene = model::model_scene(name, &parts, readings, &mopts, &mut resolve)?;
            scene.diagnostics.splice(0..0, table.diagnostics.iter().cloned());
            scene
        }
        Variant::Landscape => {
            if opts.lod > 1 {
                return Err(ExportError::Usage(format!("{name}: a landscape has LOD 0 and 1, not {}", opts.lod)));
            }
            let mut tables: Vec<Diagnostic> = Vec::new();
            let mut resolve = |m: &LandscapeMesh, b: &[u16]| {
                let table = WearTable::land_file(assets, m.wear);
                tables.extend(table.diagnostics.iter().cloned());
                resolver.resolve_all(&table, b.iter().copied())
            };
            let mut scene = land::landscape_scene(name, &parts, readings, opts.lod, &mut resolve)?;
            scene.diagnostics.splice(0..0, tables);
            ignored_options(&mut scene, opts, false, true);
            scene
        }
        Variant::Unknown => {
            return Err(ExportError::Format(Error::new(
                0,
                "an MSH that is neither a model (components 6 and 13) nor a landscape (11 without 6): nothing to draw",
            )));
        }
    };
    scene.diagnostics.splice(0..0, open_diags.into_iter().chain(part_diags));
    Ok(scene)
}

/// Notes the options that do not apply to the item.
fn ignored_options(scene: &mut Scene, opts: &ExportOptions, lod: bool, variant_frame: bool) {
    let mut ignored = Vec::new();
    if lod && opts.lod != 0 {
        ignored.push("--lod");
    }
    if variant_frame && opts.variant != 0 {
        ignored.push("--variant");
    }
    if variant_frame && opts.frame.is_some() {
        ignored.push("--frame");
    }
    if !ignored.is_empty() {
        scene.diagnostics.push(Diagnostic::new(Severity::Info, None, format!("{} do not apply to {} and were ignored", ignored.join(", "), scene.name)));
    }
}

/// The files of an export named `stem` (the output's file name without extension).
pub fn encode(scene: &Scene, format: ExportFormat, stem: &str) -> Result<Vec<(String, Vec<u8>)>, ExportError> {
    Ok(match format {
        ExportFormat::Obj => obj::obj_files(scene, stem)?,
        ExportFormat::Gltf => gltf::gltf_files(scene, stem)?,
        ExportFormat::Glb => vec![(format!("{stem}.glb"), gltf::glb_bytes(scene)?)],
    })
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportSummary {
    /// Every file written, with its size.
    pub files: Vec<(PathBuf, usize)>,
    pub nodes: usize,
    pub primitives: usize,
    pub vertices: usize,
    pub triangles: usize,
    pub points: usize,
    pub materials: usize,
    pub textures: usize,
    pub animation_channels: usize,
}

impl ExportSummary {
    pub fn of(scene: &Scene) -> ExportSummary {
        ExportSummary {
            files: Vec::new(),
            nodes: scene.nodes.len(),
            primitives: scene.primitive_count(),
            vertices: scene.vertex_count(),
            triangles: scene.triangle_count(),
            points: scene.point_count(),
            materials: scene.materials.len(),
            textures: scene.textures.len(),
            animation_channels: scene.channel_count(),
        }
    }
}

/// Encodes the scene in the format `out`'s extension names and writes `out` and its
/// companions (the `.bin`, `.mtl` and PNGs) into `out`'s folder. `out`'s own name is kept
/// as given; the companions are named after its stem.
pub fn export_to(scene: &Scene, out: &Path) -> Result<ExportSummary, ExportError> {
    let format = ExportFormat::from_path(out)
        .ok_or_else(|| ExportError::Usage(format!("{}: the output must end in .obj, .gltf or .glb", out.display())))?;
    let stem = out.file_stem().and_then(|s| s.to_str()).filter(|s| !s.is_empty()).unwrap_or("export").to_string();
    let dir = out.parent().filter(|p| !p.as_os_str().is_empty()).map(Path::to_path_buf);
    let mut summary = ExportSummary::of(scene);
    for (i, (name, bytes)) in encode(scene, format, &stem)?.into_iter().enumerate() {
        // The first file is the document itself, under the name the caller asked for.
        let path = match (&dir, i) {
            (_, 0) => out.to_path_buf(),
            (Some(d), _) => d.join(&name),
            (None, _) => PathBuf::from(&name),
        };
        std::fs::write(&path, &bytes).map_err(|e| ExportError::Io(path.clone(), e))?;
        summary.files.push((path, bytes.len()));
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::resolve::MemoryAssets;
    use crate::fixtures::{demo, msh as mfx, xray as xfx};

    fn demo_assets() -> MemoryAssets {
        MemoryAssets::from_files(demo::demo_files())
    }

    #[test]
    fn formats_by_extension() {
        assert_eq!(ExportFormat::from_path(Path::new("a/B.GLB")), Some(ExportFormat::Glb));
        assert_eq!(ExportFormat::from_path(Path::new("x.gltf")), Some(ExportFormat::Gltf));
        assert_eq!(ExportFormat::from_path(Path::new("x.obj")), Some(ExportFormat::Obj));
        assert_eq!(ExportFormat::from_path(Path::new("x.fbx")), None);
        assert_eq!(ExportFormat::from_path(Path::new("x")), None);
    }

    #[test]
    fn every_kind_builds_and_refuses_what_does_not_apply() {
        let a = demo_assets();
        let r = Readings::default();
        let o = ExportOptions::default();
        let walker = build_scene("walker.msh", mfx::walker().into(), &a, &o, &r).unwrap();
        // LOD0 uses rows 0 METAL01, 1 GLASS and 2 GLOW; GLOW shares METAL01.0.
        assert_eq!((walker.materials.len(), walker.textures.len()), (3, 2));
        let land = build_scene("Land.msh", mfx::landscape(16).into(), &a, &o, &r).unwrap();
        assert!(land.materials.iter().any(|m| m.name == "WATER"));
        let geom = build_scene("level.geom", xfx::level_v14().into(), &a, &ExportOptions { lod: 1, ..o }, &r).unwrap();
        assert!(geom.diagnostics.iter().any(|d| d.message.contains("--lod")));
        assert!(matches!(build_scene("Land.msh", mfx::landscape(8).into(), &a, &ExportOptions { lod: 2, ..o }, &r), Err(ExportError::Usage(_))));
        assert!(matches!(build_scene("walker.msh", mfx::walker().into(), &a, &ExportOptions { variant: 3, ..o }, &r), Err(ExportError::Usage(_))));
        assert!(matches!(build_scene("x.txt", b"hello".to_vec().into(), &a, &o, &r), Err(ExportError::Usage(_))));
        assert!(matches!(build_scene("x.msh", b"NRes".to_vec().into(), &a, &o, &r), Err(ExportError::Format(_))));
    }
}
