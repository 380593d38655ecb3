//! The typed codecs registered with the document model (see `doc::registry`). One file per
//! format; each exposes a unit struct implementing `Codec`.

use super::registry::Codec;

pub mod mat0;
pub mod texm;
pub mod wear;

/// Most specific first: the MSH codec claims NRes entries before the generic archive handling.
pub static ALL: &[&dyn Codec] = &[&texm::TexmCodec, &mat0::Mat0Codec, &wear::WearCodec];
