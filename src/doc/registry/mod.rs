//! Typed codecs plug into the document model here, by type id or content: `check`, `info`, the
//! editor's inspector and summary view find a codec for an item through [`codec_for`] and ask it
//! for its kind, check and summary. One file per format, each a unit struct implementing
//! [`Codec`], listed once in [`ALL`].

pub mod classify;
pub mod mat0;
pub mod msh;
pub mod pal;
pub mod texm;
pub mod tfnt;
pub mod wav;
pub mod wear;
pub mod xray_geom;
pub mod xray_level;

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

pub trait Codec: Sync {
    /// The `kind` string of `info --json` ("texm", "mat0", ...).
    fn kind(&self) -> &'static str;
    /// Whether this codec handles the item (by type id for entries, by content or name for
    /// loose files).
    fn claims(&self, item: &Item) -> bool;
    /// Parse, validate, re-encode and compare.
    fn check(&self, item: &Item) -> Checked;
    /// The decoded summary of `info --json`.
    fn info(&self, item: &Item) -> Result<serde_json::Value>;
}

/// Every registered typed codec, most specific first.
pub fn codecs() -> &'static [&'static dyn Codec] {
    ALL
}

/// Most specific first: a sound is a sound by its bytes whatever its type tag, and so is a font
/// (`Tfnt`) or a palette (`.PAL`, or the `Ipol` tag); the MSH codec claims NRes entries before the generic archive handling.
pub static ALL: &[&dyn Codec] = &[&wav::WavCodec, &tfnt::TfntCodec, &pal::PalCodec, &msh::MshCodec, &xray_level::XrayLevelCodec, &xray_geom::XrayGeomCodec, &texm::TexmCodec, &mat0::Mat0Codec, &wear::WearCodec];

pub fn codec_for(item: &Item) -> Option<&'static dyn Codec> {
    codecs().iter().copied().find(|c| c.claims(item))
}
