//! One folder per format kind: everything the document model does with items of that kind.
//! `doc::kinds::NAME` holds the kind's codec (`mod.rs`: the registry entry with `claims`,
//! `check` and `info`) and, where the kind has them, its capabilities: `diff.rs` (compare),
//! `refs.rs` (the names it uses, for the project index and search), `unpack.rs` (its editable
//! form in an unpacked tree), `merge.rs` (three-way merge for mods). The whole-folder
//! machinery (`doc::diff`, `doc::project`, `doc::mods`, `unpack`, the CLI's `info`/`check`)
//! reaches them only through [`crate::doc::registry::Codec`] and its capability accessors,
//! and names kinds only by [`FormatKind`] (whose names are written once, in [`names`]).
//! docs/architecture.md "Adding a format" lists the steps.

pub mod land_map;
pub mod mat0;
pub mod mission;
pub mod msh;
pub mod names;
pub mod pal;
pub mod record;
pub mod texm;
pub mod tfnt;
pub mod unit;
pub mod wav;
pub mod wear;
pub mod xray_geom;
pub mod xray_level;

pub use names::{FormatKind, ItemKind};

use crate::doc::diff::{Change, Options, Side};
use crate::doc::project::{Problem, Ref, RefKind};
use crate::doc::registry::Codec;
use crate::doc::kinds::texm::unpack::{Compression, TexmForm};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::wear::Wear;
use std::sync::Arc;

impl FormatKind {
    /// The kind's codec. Exhaustive: a new kind does not compile until it has one (and it must
    /// also be listed in `registry::ALL`, which a test checks).
    pub fn codec(self) -> &'static dyn Codec {
        match self {
            FormatKind::Texm => &texm::TexmCodec,
            FormatKind::Mat0 => &mat0::Mat0Codec,
            FormatKind::Wear => &wear::WearCodec,
            FormatKind::Msh => &msh::MshCodec,
            FormatKind::Pal => &pal::PalCodec,
            FormatKind::Tfnt => &tfnt::TfntCodec,
            FormatKind::Wav => &wav::WavCodec,
            FormatKind::XrayGeom => &xray_geom::XrayGeomCodec,
            FormatKind::XrayLevel => &xray_level::XrayLevelCodec,
            FormatKind::Record => &record::RecordCodec,
            FormatKind::Unit => &unit::UnitCodec,
            FormatKind::Mission => &mission::MissionCodec,
            FormatKind::LandMap => &land_map::LandMapCodec,
        }
    }
}

/// Capability: two items of the kind compared in the format's own terms (`doc::diff`). A kind
/// without it is compared by byte ranges.
pub trait Diff: Sync {
    /// Adds what differs to `change` (details, context, or `damaged` for a side that does not
    /// parse). Called only for two sides of this kind whose bytes differ.
    fn diff(&self, a: &Side, b: &Side, opts: &Options, change: &mut Change);
}

/// One item as the project index reads it for the names it uses.
pub struct RefsInput<'a> {
    /// The project address (`Material.lib::STEEL`), for problems.
    pub address: &'a str,
    /// The entry's or file's name.
    pub name: &'a str,
    pub bytes: &'a SharedBytes,
    pub attrs: [u32; 3],
    pub readings: &'a Readings,
}

/// What [`Refs::refs`] read.
#[derive(Default)]
pub struct ReadRefs {
    pub refs: Vec<Ref>,
    /// A WEAR table as read, kept by the index for the row lookups of the meshes that use it.
    pub wear: Option<Arc<Wear>>,
    /// Other text the item holds that `search` finds, with where it sits (a unit component's
    /// display name).
    pub words: Vec<(String, crate::doc::project::At)>,
}

/// Capability: the names an item of the kind uses (`doc::project`'s index, `refs`, `search`
/// by contained names, rename with references), and the references that name it.
pub trait Refs: Sync {
    /// The names the item uses; a failure to read is one problem in `problems`.
    fn refs(&self, item: &RefsInput, problems: &mut Vec<Problem>) -> ReadRefs;
}

/// One entry as `unpack` hands it to its kind.
pub struct UnpackIn<'a> {
    pub bytes: &'a [u8],
    /// The entry's name and its archive's, for the text's title.
    pub name: &'a str,
    pub archive: &'a str,
    /// The entry's NRes type id (`None`: an RsLi entry or a loose file).
    pub type_id: Option<u32>,
    pub attrs: [u32; 3],
    pub readings: &'a Readings,
    pub compression: Compression,
}

/// An entry's editable files: `(suffix, bytes)` with the main file first (its suffix is
/// [`Unpack::suffix`]), then the parts kept beside it.
pub struct Unpacked {
    pub files: Vec<(String, Vec<u8>)>,
    /// A texture's header words and Page rects (the manifest's `texm`).
    pub texm: Option<TexmForm>,
}

/// An edited entry's files as `pack` hands them back to its kind.
pub struct PackIn<'a> {
    /// The main file's bytes.
    pub main: &'a [u8],
    /// The main file is the one unpack wrote (only a kept part changed).
    pub untouched: bool,
    /// The manifest's record of the entry: its attributes and `texm`.
    pub attrs: [u32; 3],
    pub texm: Option<&'a TexmForm>,
    /// Reads a file beside the main one by its suffix (`None`: absent).
    pub read_beside: &'a mut dyn FnMut(&str) -> std::io::Result<Option<Vec<u8>>>,
    pub readings: &'a Readings,
}

/// A new file in an archive's folder made an entry of the kind.
pub struct NewEntry {
    pub type_id: u32,
    pub attrs: [u32; 3],
    pub bytes: Vec<u8>,
}

/// Capability: the editable form of an entry of the kind in an unpacked tree (`unpack`,
/// docs/unpack.md). Its manifest form is the kind's name.
pub trait Unpack: Sync {
    /// The main file's suffix after the entry's name (`.png`, `.mat0.toml`).
    fn suffix(&self) -> &'static str;
    /// The editable files, or `None` to keep the entry as its bytes (only a form that reads
    /// back to the very bytes may stand for them).
    fn unpack(&self, entry: &UnpackIn) -> Option<Unpacked>;
    /// The entry's payload from its edited files, and new attributes if they changed.
    fn pack(&self, p: &mut PackIn) -> Result<(Vec<u8>, Option<[u32; 3]>), crate::formats::Message>;
    /// A new main file (no manifest record) made an entry.
    fn new_entry(&self, main: &[u8], readings: &Readings) -> Result<NewEntry, crate::formats::Message>;
    /// The form also stands for a loose file of the kind (`X.dat` ↔ `X.dat.unit.toml`, made
    /// back by [`Unpack::new_entry`]); only for kinds that are files, never entries.
    fn loose_files(&self) -> bool {
        false
    }
}

/// Capability: three-way merge of items of the kind (`doc::mods`).
pub trait Merge: Sync {
    /// `theirs`' changes against `base` laid over `ours`, or what conflicts.
    fn merge3(&self, base: &[u8], ours: &[u8], theirs: &[u8]) -> Result<Vec<u8>, crate::formats::Message>;
}

/// Which references name an item of `kind` (what renaming it rewrites; what makes it "used").
/// Exhaustive, so a new kind says whether anything names it.
pub fn named_by(kind: FormatKind) -> &'static [RefKind] {
    match kind {
        FormatKind::Mat0 => &[RefKind::Material],
        FormatKind::Texm => &[RefKind::Texture, RefKind::Lightmap],
        // A mesh and its table in an archive are named by object records' slots, a landscape
        // by the missions playing on it; records by unit components, slots and missions.
        FormatKind::Msh => &[RefKind::Slot, RefKind::Landscape],
        FormatKind::Wear => &[RefKind::Slot],
        FormatKind::Record => &[RefKind::Component, RefKind::Slot, RefKind::Placed],
        FormatKind::Unit => &[RefKind::Placed],
        FormatKind::Pal | FormatKind::Tfnt | FormatKind::Wav | FormatKind::XrayGeom | FormatKind::XrayLevel => &[],
        FormatKind::Mission | FormatKind::LandMap => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_registered_codec_of_its_own() {
        for &k in FormatKind::ALL {
            assert_eq!(k.codec().kind(), k);
            assert_eq!(crate::doc::registry::ALL.iter().filter(|c| c.kind() == k).count(), 1, "{k}");
        }
        assert_eq!(crate::doc::registry::ALL.len(), FormatKind::ALL.len());
    }
}
