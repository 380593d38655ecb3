//! The scene layer: any drawable item (an MSH model or landscape, a level.geom, an X-Ray
//! level, a material preview's shape, an assembled unit or record, a mission) turned into one
//! resolved [`Scene`]: nodes and their
//! geometry in glTF's frame, materials resolved at a game time with their textures, the file's
//! own bounds, and every finding. `render` draws a scene and `export` writes one; neither
//! reads an item itself.
//!
//! [`build_scene`] reads the item and resolves its materials through an [`AssetSource`].

pub mod geom;
pub mod item;
pub mod land;
pub mod level;
pub mod level_pick;
pub mod materials;
pub mod mission;
pub mod model;
pub mod shapes;
pub mod types;
pub mod unit;
pub mod world;
pub mod world_geom;

pub use model::DEFAULT_FRAMES_PER_SECOND;
pub use item::{ItemScene, LandPick, SceneKind, build_item};
pub use types::*;

use crate::doc::resolve::{AssetSource, Resolver, WearTable};
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::nodes::GridCell;
use crate::formats::msh::terrain::LandscapeMesh;
use crate::formats::msh::{Msh, Parts, Variant};
use crate::formats::readings::Readings;
use crate::formats::message::Message;
use crate::formats::{Diagnostic, Error, Severity};
use crate::msg;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SceneOptions {
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

impl Default for SceneOptions {
    fn default() -> Self {
        SceneOptions { lod: 0, variant: 0, frame: None, material_time_ms: 0, frames_per_second: DEFAULT_FRAMES_PER_SECOND }
    }
}

/// Why an item has no scene.
#[derive(Debug)]
pub enum SceneError {
    /// The request does not fit the item (a LOD it has not, not a mesh at all).
    Usage(Message),
    /// The item cannot be read.
    Format(Error),
}

impl std::fmt::Display for SceneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SceneError::Usage(m) => f.write_str(m.as_str()),
            SceneError::Format(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SceneError {}

impl SceneError {
    /// What `Display` writes, with the message's id: the editor shows it in the user's language.
    pub fn message(&self) -> Message {
        match self {
            SceneError::Usage(m) => m.clone(),
            SceneError::Format(e) => {
                let at = if e.context.is_empty() { format!("@0x{:X}: ", e.offset) } else { format!("{} @0x{:X}: ", e.path(), e.offset) };
                e.text().prefixed(&at)
            }
        }
    }
}

impl From<Error> for SceneError {
    fn from(e: Error) -> Self {
        SceneError::Format(e)
    }
}

/// Reads an item (`name` is its entry or file name: the WEAR table is looked up by its base
/// name, level.geom is recognised by it) and builds its scene. A unit file (`.dat`) or a
/// mission (`.tma`) is drawn across the game folder `assets` knows ([`world`]); a record of
/// `objects.rlb` is named by its archive, so its callers use [`world::world_scene_in`].
pub fn build_scene(
    name: &str,
    bytes: SharedBytes,
    assets: &dyn AssetSource,
    opts: &SceneOptions,
    readings: &Readings,
) -> Result<Scene, SceneError> {
    if let Some(item) = world::WorldItem::sniff(name, &bytes) {
        return world::world_scene_in(item, assets, opts, readings);
    }
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
        return Err(SceneError::Usage(msg!("scene-not-a-mesh", "not a mesh (an MSH model or landscape, or a level.geom)").prefixed(&format!("{name}: "))));
    }
    Ok(msh_scene(name, read_msh(bytes)?, assets, opts, readings)?.0)
}

/// An MSH parsed and split into its components, with what parsing found.
pub(crate) struct MshRead {
    pub msh: Msh,
    pub parts: Parts,
    pub diagnostics: Vec<Diagnostic>,
}

pub(crate) fn read_msh(bytes: SharedBytes) -> Result<MshRead, SceneError> {
    let (_, msh, open_diags) = Msh::parse(bytes)?;
    let (parts, part_diags) = msh.parts();
    Ok(MshRead { msh, parts, diagnostics: open_diags.into_iter().chain(part_diags).collect() })
}

/// A model's or a landscape's scene; for a landscape also the triangle records it was built
/// from.
pub(crate) fn msh_scene(name: &str, read: MshRead, assets: &dyn AssetSource, opts: &SceneOptions, readings: &Readings) -> Result<(Scene, Option<LandscapeMesh>), SceneError> {
    let MshRead { msh, parts, diagnostics } = read;
    let mut resolver = Resolver::new(assets, readings).at_time(opts.material_time_ms);
    let (mut scene, land) = match msh.variant() {
        Variant::Model => {
            let cell = GridCell::from_lod_variant(opts.lod, opts.variant).map_err(|e| SceneError::Usage(e.text()))?;
            let table = WearTable::for_mesh(assets, name);
            let mopts = model::ModelOptions { cell, frame: opts.frame, frames_per_second: opts.frames_per_second };
            let mut resolve = |b: &[u16]| resolver.resolve_all(&table, b.iter().copied());
            let mut scene = model::model_scene(name, &parts, readings, &mopts, &mut resolve)?;
            scene.diagnostics.splice(0..0, table.diagnostics.iter().cloned());
            (scene, None)
        }
        Variant::Landscape => {
            if opts.lod > 1 {
                return Err(SceneError::Usage(msg!("msh-land-lod", "a landscape has LOD 0 and 1, not {lod}", lod = opts.lod).prefixed(&format!("{name}: "))));
            }
            let mut tables: Vec<Diagnostic> = Vec::new();
            let mut resolve = |m: &LandscapeMesh, b: &[u16]| {
                let table = WearTable::land_file(assets, m.wear);
                tables.extend(table.diagnostics.iter().cloned());
                resolver.resolve_all(&table, b.iter().copied())
            };
            let (mut scene, mesh) = land::landscape_scene(name, &parts, readings, opts.lod, &mut resolve)?;
            scene.diagnostics.splice(0..0, tables);
            ignored_options(&mut scene, opts, false, true);
            (scene, Some(mesh))
        }
        Variant::Unknown => {
            return Err(SceneError::Format(Error::new(
                0,
                msg!("scene-msh-variant-unknown", "an MSH that is neither a model (components 6 and 13) nor a landscape (11 without 6): nothing to draw"),
            )));
        }
    };
    scene.diagnostics.splice(0..0, diagnostics);
    Ok((scene, land))
}

/// Notes the options that do not apply to the item.
fn ignored_options(scene: &mut Scene, opts: &SceneOptions, lod: bool, variant_frame: bool) {
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
        let m = msg!("scene-options-ignored", "{options} do not apply to {name} and were ignored", options = ignored.join(", "), name = &scene.name);
        scene.diagnostics.push(Diagnostic::new(Severity::Info, None, m));
    }
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
    fn every_kind_builds_and_refuses_what_does_not_apply() {
        let a = demo_assets();
        let r = Readings::default();
        let o = SceneOptions::default();
        let walker = build_scene("walker.msh", mfx::walker().into(), &a, &o, &r).unwrap();
        // LOD0 uses rows 0 METAL01, 1 GLASS and 2 GLOW; GLOW shares METAL01.0.
        assert_eq!((walker.materials.len(), walker.textures.len()), (3, 2));
        let land = build_scene("Land.msh", mfx::landscape(16).into(), &a, &o, &r).unwrap();
        assert!(land.materials.iter().any(|m| m.name == "WATER"));
        let geom = build_scene("level.geom", xfx::level_v14().into(), &a, &SceneOptions { lod: 1, ..o }, &r).unwrap();
        assert!(geom.diagnostics.iter().any(|d| d.message.contains("--lod")));
        assert!(matches!(build_scene("Land.msh", mfx::landscape(8).into(), &a, &SceneOptions { lod: 2, ..o }, &r), Err(SceneError::Usage(_))));
        assert!(matches!(build_scene("walker.msh", mfx::walker().into(), &a, &SceneOptions { variant: 3, ..o }, &r), Err(SceneError::Usage(_))));
        assert!(matches!(build_scene("x.txt", b"hello".to_vec().into(), &a, &o, &r), Err(SceneError::Usage(_))));
        assert!(matches!(build_scene("x.msh", b"NRes".to_vec().into(), &a, &o, &r), Err(SceneError::Format(_))));
    }

    #[test]
    fn refusals_and_notes_carry_ids_the_editor_reads_in_russian() {
        let russian = |m: &Message| crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &m.english, m.key.as_deref());
        let (a, r, o) = (demo_assets(), Readings::default(), SceneOptions::default());
        let Err(e) = build_scene("Land.msh", mfx::landscape(8).into(), &a, &SceneOptions { lod: 2, ..o }, &r) else { panic!("LOD 2 is refused") };
        assert_eq!(e.to_string(), "Land.msh: a landscape has LOD 0 and 1, not 2");
        assert_eq!(russian(&e.message()), "Land.msh: у ландшафта есть LOD 0 и 1, а не 2");
        let Err(e) = build_scene("x.msh", b"NRes".to_vec().into(), &a, &o, &r) else { panic!("not an archive") };
        assert_eq!(e.message().english, e.to_string(), "a format error's message is what Display writes");
        let walker = build_scene("walker.msh", mfx::walker().into(), &a, &o, &r).unwrap();
        let note = &walker.notes[0];
        assert!(note.english.starts_with("cell slot_index[0] (variant 0, LOD 0): "), "{note}");
        let ru = russian(note);
        assert!(ru.starts_with("ячейка slot_index[0] (вариант 0, LOD 0): ") && ru.contains(" батч"), "{ru}");
    }
}
