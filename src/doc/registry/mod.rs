//! Typed codecs plug into the document model here, by type id or content: `check`, `info`, the
//! editor's inspector and summary view, `diff`, the project index, `unpack` and `mod` find a
//! codec for an item through [`codec_for`] (or a kind's own through [`FormatKind::codec`]) and
//! ask it for its kind, check and summary, and for the capabilities it has. Each codec is a
//! unit struct in its kind's folder (`doc::kinds::NAME`), listed once in [`ALL`].

pub mod classify;

pub use crate::doc::kinds::{FormatKind, ItemKind};
use crate::doc::kinds::{Diff, Merge, Refs, land_map, mat0, mission, msh, pal, record, texm, tfnt, unit, wav, wear, xray_geom, xray_level};
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Result};

/// One item as a codec sees it: an archive entry or a loose file.
#[derive(Clone, Copy)]
pub struct Item<'a> {
    /// The item's bytes (for RsLi entries: unpacked).
    pub bytes: &'a [u8],
    /// Entry name (decoded) or the loose file's name.
    pub name: &'a str,
    /// The NRes type id; `None` for loose files and RsLi entries.
    pub type_id: Option<u32>,
    /// NRes `attr1`, `attr2`, `attr3` (zeros for loose files).
    pub attrs: [u32; 3],
    pub readings: &'a Readings,
}

/// The outcome of checking one item with its codec.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The item re-encodes to exactly its original bytes.
    pub roundtrip: bool,
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// A parse failure: not round-trippable, one error diagnostic.
    pub fn failed(e: crate::formats::Error) -> Self {
        Checked { roundtrip: false, diagnostics: vec![e.into()] }
    }
}

/// What the document model does with one kind. The first four every kind has; the rest are
/// capabilities, `None` (or empty) where the kind lacks them, and the machinery that uses one
/// falls back to its generic way (bytes compared by range, no names read, entry kept as bytes,
/// no merge).
pub trait Codec: Sync {
    /// The kind (its name is the `kind` of `info --json`).
    fn kind(&self) -> FormatKind;
    /// Whether this codec handles the item (by type id for entries, by content or name for
    /// loose files).
    fn claims(&self, item: &Item) -> bool;
    /// Parse, validate, re-encode and compare.
    fn check(&self, item: &Item) -> Checked;
    /// The decoded summary of `info --json`.
    fn info(&self, item: &Item) -> Result<serde_json::Value>;

    /// Compared in the format's own terms (`doc::diff`).
    fn diff(&self) -> Option<&dyn Diff> {
        None
    }
    /// The names an item uses (`doc::project`).
    fn refs(&self) -> Option<&dyn Refs> {
        None
    }
    /// The editable form in an unpacked tree (`unpack`).
    fn unpack(&self) -> Option<&dyn crate::doc::kinds::Unpack> {
        None
    }
    /// Three-way merge (`doc::mods`).
    fn merge(&self) -> Option<&dyn Merge> {
        None
    }
    /// Words `search`'s `t:WORD` takes for this kind besides its name (`texture` for `texm`).
    fn search_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// An archive this kind claims is one item: its entries are its parts (a model's
    /// components), never walked, listed or unpacked as items of their own.
    fn whole_archive(&self) -> bool {
        false
    }
}

/// Every registered typed codec, most specific first.
pub fn codecs() -> &'static [&'static dyn Codec] {
    ALL
}

/// Most specific first: a sound is a sound by its bytes whatever its type tag, and so is a font
/// (`Tfnt`) or a palette (`.PAL`, or the `Ipol` tag); the MSH codec claims NRes entries before the generic archive handling.
pub static ALL: &[&dyn Codec] = &[&wav::WavCodec, &tfnt::TfntCodec, &pal::PalCodec, &land_map::LandMapCodec, &msh::MshCodec, &xray_level::XrayLevelCodec, &xray_geom::XrayGeomCodec, &texm::TexmCodec, &mat0::Mat0Codec, &wear::WearCodec, &record::RecordCodec, &unit::UnitCodec, &mission::MissionCodec];

pub fn codec_for(item: &Item) -> Option<&'static dyn Codec> {
    codecs().iter().copied().find(|c| c.claims(item))
}
