//! The world's items as scenes for `render` and `export` (and anything else that wants one
//! [`Scene`]): a unit or building file assembled ([`super::unit`]), one `objects.rlb` record's
//! mesh, a mission with its landscape and objects ([`super::mission`]). Each is drawn across
//! the game folder the item sits in ([`AssetSource::game`]).

use super::mission::{MissionOptions, mission_file_scene};
use super::unit::{AssemblyOptions, assemble, record_assembly};
use super::{Scene, SceneError, SceneOptions};
use crate::doc::resolve::AssetSource;
use crate::doc::resolve::world::{GameFolder, RecordCache, resolve_record, resolve_unit};
use crate::formats::readings::Readings;

/// A world item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorldItem<'a> {
    /// A unit or building file (`UNITS/**/*.dat`).
    Unit { name: &'a str, bytes: &'a [u8] },
    /// A record of `objects.rlb`, by key.
    Record { key: &'a str },
    /// A mission's `data.tma`.
    Mission { name: &'a str, bytes: &'a [u8] },
}

impl<'a> WorldItem<'a> {
    /// A unit file or a mission by its name and bytes (a record is known by its archive, not
    /// its bytes: the caller says so).
    pub fn sniff(name: &'a str, bytes: &'a [u8]) -> Option<WorldItem<'a>> {
        if name.to_ascii_lowercase().ends_with(".tma") {
            Some(WorldItem::Mission { name, bytes })
        } else if crate::doc::kinds::unit::looks_like_unit(name, bytes) {
            Some(WorldItem::Unit { name, bytes })
        } else {
            None
        }
    }
}

fn no_game(what: &str) -> SceneError {
    SceneError::Usage(crate::msg!("scene-no-game", "{what} is drawn across its game folder, and no folder above it has an objects.rlb", what = what))
}

/// The item's scene across `game`.
pub fn world_scene(item: WorldItem, game: &GameFolder, opts: &SceneOptions, readings: &Readings) -> Result<Scene, SceneError> {
    let aopts = AssemblyOptions { scene: SceneOptions { frame: None, ..*opts }, ..AssemblyOptions::default() };
    let mut scene = match item {
        WorldItem::Unit { name, bytes } => {
            let unit = resolve_unit(game, name, bytes, readings, &mut RecordCache::default())?;
            assemble(&unit, game, readings, &aopts).scene
        }
        WorldItem::Record { key } => record_assembly(&resolve_record(game, key), game, readings, &aopts).scene,
        WorldItem::Mission { name, bytes } => mission_file_scene(name, bytes, game, readings, &MissionOptions { scene: aopts.scene, ..MissionOptions::default() })?.scene,
    };
    if opts.frame.is_some() {
        scene.notes.push(crate::msg!("scene-frame-at-rest", "--frame does not apply to an assembled item: drawn at rest"));
    }
    Ok(scene)
}

/// [`world_scene`] across the game folder `assets` knows.
pub fn world_scene_in(item: WorldItem, assets: &dyn AssetSource, opts: &SceneOptions, readings: &Readings) -> Result<Scene, SceneError> {
    let what = match item {
        WorldItem::Unit { name, .. } | WorldItem::Mission { name, .. } => name.to_string(),
        WorldItem::Record { key } => format!("objects.rlb::{key}"),
    };
    let game = assets.game().ok_or_else(|| no_game(&what))?;
    world_scene(item, game, opts, readings)
}
