//! `export`: meshes, assembled units and records, and missions to OBJ and glTF. The item is opened through the document model like
//! every other command; its materials are resolved the engine's way from the archive that
//! holds it and the game folder around the file (see `doc::resolve`). Whatever cannot be
//! resolved (a missing `.wea`, material or texture) is a warning on stderr, not a failure.

use super::output::outln;
use super::{Failure, Out};
use crate::doc::resolve::FolderAssets;
use crate::export::{ExportError, ExportFormat, export_to};
use crate::scene::world::{WorldItem, world_scene_in};
use crate::scene::{SceneOptions, build_scene};
use crate::formats::Severity;
use crate::formats::readings::Readings;
use std::collections::HashSet;
use std::path::Path;

fn failure(item: &str, e: ExportError) -> Failure {
    match e {
        ExportError::Usage(m) => Failure::usage(format!("{item}: {m}")),
        ExportError::Format(e) => Failure::format(item, e),
        ExportError::Io(p, e) => Failure::io(&p, e),
    }
}

pub fn export(item: &str, out: &Path, lod: usize, variant: usize, frame: Option<f32>, r: &Readings) -> Out {
    if ExportFormat::from_path(out).is_none() {
        return Err(Failure::usage(format!("{}: the output must end in .obj, .gltf or .glb", out.display())));
    }
    let opts = SceneOptions { lod, variant, frame, ..SceneOptions::default() };
    let scene = scene_of(item, &opts, r)?;
    let summary = export_to(&scene, out).map_err(|e| failure(item, e))?;

    for (p, n) in &summary.files {
        outln!("wrote {} ({n} bytes)", p.display());
    }
    outln!(
        "{} nodes, {} primitives, {} vertices, {} triangles, {} points, {} materials, {} textures, {} animation channels",
        summary.nodes,
        summary.primitives,
        summary.vertices,
        summary.triangles,
        summary.points,
        summary.materials,
        summary.textures,
        summary.animation_channels
    );
    report(item, &scene);
    Ok(0)
}

/// The assets a material chain resolves through for `item`: the folder around its file and,
/// for an entry, the archive that holds it.
pub(super) fn assets_for(item: &str, ws: &crate::doc::Workspace, path: &crate::doc::ItemPath) -> Result<FolderAssets, Failure> {
    let (file, entries) = super::split_address(item);
    let mut assets = FolderAssets::for_file(Path::new(file));
    if let Some((parent, _)) = path.parent() {
        let node = ws.node(parent.file, &parent.entries).map_err(|e| Failure::format(item, e))?;
        let label = std::iter::once(file).chain(entries[..entries.len().saturating_sub(1)].iter().copied()).collect::<Vec<_>>().join("::");
        assets = assets.with_container(label, node.0.clone());
    }
    Ok(assets)
}

/// Opens a mesh item and builds its scene, as `export` and `render` draw it.
pub(super) fn scene_of(item: &str, opts: &SceneOptions, r: &Readings) -> Result<crate::scene::Scene, Failure> {
    let (ws, path) = super::open_item(item, r)?;
    let bytes = ws.item_bytes(&path).map_err(|e| Failure::format(item, e))?;
    let name = match ws.item_meta(&path) {
        Some(m) => m.name,
        None => Path::new(super::split_address(item).0).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
    };
    let assets = assets_for(item, &ws, &path)?;
    // A record of objects.rlb is known by its entry's type, not its bytes.
    if crate::doc::kinds::record::record_kind(ws.item_meta(&path).and_then(|m| m.type_id)).is_some() {
        let key = WorldItem::Record { key: &name };
        return world_scene_in(key, &assets, opts, r).map_err(|e| failure(item, e.into()));
    }
    build_scene(&name, bytes, &assets, opts, r).map_err(|e| failure(item, e.into()))
}

/// The scene's notes and material chains on stdout, its findings (each once) on stderr.
pub(super) fn report(item: &str, scene: &crate::scene::Scene) {
    for note in &scene.notes {
        outln!("  {note}");
    }
    for m in &scene.resolved {
        outln!("  material {}", m.chain());
    }
    // Materials sharing a table or a texture repeat its findings: each is shown once.
    let mut shown = HashSet::new();
    for d in &scene.diagnostics {
        let at = d.offset.filter(|&o| o > 0).map(|o| format!(" @0x{o:X}")).unwrap_or_default();
        let line = match d.severity {
            Severity::Error => format!("error: {item}{at}: {}", d.message),
            Severity::Warning => format!("warning: {item}{at}: {}", d.message),
            Severity::Info => format!("note: {item}{at}: {}", d.message),
        };
        if shown.insert(line.clone()) {
            eprintln!("{line}");
        }
    }
}
