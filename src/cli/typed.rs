//! Commands on typed items (materials, textures); wired to their codecs.

use super::{Failure, Out};
use crate::formats::readings::Readings;
use std::path::{Path, PathBuf};

pub fn material(_item: &str, _time: u32, _block: usize, _seed: Option<u32>, _json: bool, _r: &Readings) -> Out {
    Err(Failure::usage("material: the MAT0 codec is being integrated"))
}

pub fn export_png(_item: &str, _out: &Path, _mip: usize, _r: &Readings) -> Out {
    Err(Failure::usage("export-png: the Texm codec is being integrated"))
}

pub fn import_png(
    _item: &str,
    _image: &Path,
    _format: Option<u32>,
    _dither: bool,
    _smooth: bool,
    _out: Option<PathBuf>,
    _r: &Readings,
) -> Out {
    Err(Failure::usage("import-png: the Texm codec is being integrated"))
}
