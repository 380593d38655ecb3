//! The shell's panels. Each reads the app and pushes intents; none changes the document.

pub mod dialogs;
pub mod file_dialog;
pub mod folder;
pub mod inspector;
pub mod log;
pub mod menu;
pub mod palette;
pub mod readings;
pub mod references;
pub mod status;
