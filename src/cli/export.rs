//! `export`: meshes to OBJ and glTF.

use super::{Failure, Out};
use crate::formats::readings::Readings;
use std::path::Path;

pub fn export(_item: &str, _out: &Path, _lod: usize, _variant: usize, _frame: Option<f32>, _r: &Readings) -> Out {
    Err(Failure::usage("export: not built yet"))
}
