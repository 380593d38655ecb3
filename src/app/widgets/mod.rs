//! Widgets more than one view uses. A widget knows no editor: editors and panels draw with
//! these.

pub mod diff;
pub mod game_folder;
pub mod image;
pub mod material_preview;
pub mod name_picker;
pub mod named_texture;
pub mod orbit_view;
pub mod readings;
pub mod side_column;
pub mod timeline;
pub mod toolbar;
