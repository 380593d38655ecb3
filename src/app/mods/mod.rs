//! Mods in the editor (docs/formats/parkanmod.md): the Mods panel of an open game folder
//! (installed mods in order, install from a file or a drop with the dry run listed and the
//! conflicts marked before the user confirms, uninstall, reorder), a `.parkanmod` opened on its
//! own (its manifest and its changes, each diffed against the game), and File ▸ Export Changes
//! as Mod. The work is `doc::mods`'s; what changes the game folder runs as a background task
//! ([`work`]) and the project and the open files of the folder are refreshed after it.
//!
//! - [`panel`]: the panel and the install confirmation.
//! - [`package_view`]: a package opened on its own.
//! - [`export`]: the export form.

pub mod export;
pub mod package_view;
pub mod panel;
pub mod work;

use crate::doc::mods::journal::{Installed, Journal};
use crate::doc::mods::preview::Preview;
use std::path::{Path, PathBuf};

/// A dry run waiting for the user's answer.
pub struct Pending {
    pub game: PathBuf,
    pub package: PathBuf,
    /// The dry run was made with `force` (this mod wins where it is blocked).
    pub force: bool,
    /// The 1-based place in the order it was made for (`None`: last).
    pub order: Option<usize>,
    pub preview: Preview,
}

#[derive(Default)]
pub struct ModsState {
    /// The open project's installed mods, as its journal lists them (read when the project
    /// opens and after every mod command).
    pub installed: Option<(PathBuf, Result<Vec<Installed>, String>)>,
    pub pending: Option<Pending>,
    /// Packages opened on their own, each in its window.
    pub packages: Vec<package_view::PackageView>,
    pub export: Option<export::ExportForm>,
}

impl ModsState {
    /// Reads the journal of `game` again.
    pub fn reload(&mut self, game: &Path) {
        let list = Journal::load(game).map(|j| j.mods).map_err(|e| e.to_string());
        self.installed = Some((game.to_path_buf(), list));
    }

    /// The installed mods of `game`, read now if they were not yet.
    pub fn installed_in(&mut self, game: &Path) -> &Result<Vec<Installed>, String> {
        if self.installed.as_ref().is_none_or(|(g, _)| g != game) {
            self.reload(game);
        }
        &self.installed.as_ref().expect("read above").1
    }
}

/// True for a path named `*.parkanmod` (any case).
pub fn is_package(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("parkanmod"))
}
