//! The typed codecs registered with the document model (see `doc::registry`). One file per
//! format; each exposes a unit struct implementing `Codec`.

use super::registry::Codec;

pub mod mat0;
pub mod msh;
pub mod texm;
pub mod wear;
pub mod xray_geom;

/// Most specific first: the MSH codec claims NRes entries before the generic archive handling.
pub static ALL: &[&dyn Codec] = &[&msh::MshCodec, &xray_geom::XrayGeomCodec, &texm::TexmCodec, &mat0::Mat0Codec, &wear::WearCodec];
