//! Parkan Studio: an editor for the archives, materials, textures and meshes of *Parkan: Iron
//! Strategy* (Iron3D), and for X-Ray `level.geom` files.
//!
//! Layers, one way: [`formats`] knows bytes only; [`doc`] is the shared document model (open
//! files, edits, undo, atomic saves); [`cli`] and `app` (the egui editor, feature `gui`) drive it.

pub mod build_info;
pub mod cli;
pub mod doc;
pub mod export;
pub mod import;
pub mod scene;
pub mod unpack;
pub mod formats;

/// The project's writers of test and demo files: for the tests, benches, fuzz targets and the
/// hidden `write-*` commands (feature `test-support`), not part of the library's surface.
#[cfg(any(test, feature = "test-support"))]
pub mod fixtures;
/// The fuzz targets' entry points (feature `test-support`; `fuzz/Cargo.toml` turns it on).
#[cfg(any(test, feature = "test-support"))]
pub mod fuzzing;

#[cfg(feature = "gui")]
pub mod app;
#[cfg(feature = "gui")]
pub mod render;
