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
pub mod fixtures;
pub mod formats;
pub mod fuzzing;

#[cfg(feature = "gui")]
pub mod app;
#[cfg(feature = "gui")]
pub mod render;
