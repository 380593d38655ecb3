//! File ▸ Export Changes as Mod: the project's changes, either the unsaved edits against the
//! files on disk or the game folder (with those edits) against a chosen clean folder, each
//! with a checkbox to include it or leave it out, and the mod's name, version, author and
//! description. The package is written by `doc::mods::create::write_package`.

use super::package_view::describe;
use super::ModsState;
use crate::app::intent::{Intent, Pick};
use crate::app::tasks::Outcome;
use crate::doc::mods::create::{diff_file, diff_folders_over, write_package};
use crate::doc::mods::{Change, Meta};
use crate::formats::bytes::SharedBytes;
use std::path::{Path, PathBuf};

pub struct ExportForm {
    /// The clean folder compared with, or `None`: the unsaved edits against the disk.
    pub base: Option<PathBuf>,
    /// The changes are being found.
    pub loading: bool,
    pub meta: Meta,
    /// Each change and whether it goes into the package.
    pub rows: Vec<(bool, Change)>,
}

impl ExportForm {
    /// A form with the name offered from the game folder's.
    pub fn new(root: Option<&Path>) -> ExportForm {
        let name = root.and_then(|r| r.file_name()).map(|n| crate::tr!("modx-default-name", folder = n.to_string_lossy())).unwrap_or_else(|| crate::tr!("modx-default-name-mine"));
        let tool = format!("parkan-studio {}", env!("CARGO_PKG_VERSION"));
        ExportForm { base: None, loading: false, meta: Meta { name, version: "1.0".into(), tool, ..Default::default() }, rows: Vec::new() }
    }

    pub fn set_changes(&mut self, changes: Vec<Change>) {
        self.rows = changes.into_iter().map(|c| (true, c)).collect();
    }

    pub fn chosen(&self) -> Vec<Change> {
        self.rows.iter().filter(|(on, _)| *on).map(|(_, c)| c.clone()).collect()
    }

    /// Writes the chosen changes as a package; how many.
    pub fn write(&self, path: &Path) -> Result<usize, String> {
        write_package(path, self.meta.clone(), self.chosen()).map_err(|e| e.to_string())
    }
}

/// The changes to offer (a task's work): against `base` the whole folder `root` with the
/// unsaved bytes of `edited` (game path, file on disk, bytes), else each edited file against
/// its bytes on disk.
pub fn find_changes(base: Option<PathBuf>, root: Option<PathBuf>, edited: Vec<(String, PathBuf, SharedBytes)>) -> Outcome {
    let result = match (&base, root) {
        (Some(b), Some(r)) => {
            let overlay: Vec<(String, SharedBytes)> = edited.into_iter().map(|(rel, _, bytes)| (rel, bytes)).collect();
            diff_folders_over(b, &r, &overlay).map_err(|e| e.to_string())
        }
        (Some(_), None) => Err(crate::tr!("modx-no-game")),

        (None, _) => {
            let mut out = Vec::new();
            let mut err = None;
            for (rel, path, bytes) in edited {
                match std::fs::read(&path) {
                    Ok(disk) => diff_file(&rel, Some(SharedBytes::from(disk)), Some(bytes), &mut out),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => diff_file(&rel, None, Some(bytes), &mut out),
                    Err(e) => err = Some(crate::doc::mods::text::on_path(path.display(), e).to_string()),
                }
            }
            match err {
                Some(e) => Err(e),
                None => Ok(out),
            }
        }
    };
    Outcome::ModExportChanges { base, result }
}

/// The Export Changes as Mod form, while open; its answer goes into `out`.
pub fn show(mods: &mut ModsState, ctx: &egui::Context, out: &mut Vec<Intent>) {
    let Some(form) = mods.export.as_mut() else { return };
    let mut open = true;
    egui::Window::new(crate::tr!("pick-export-mod")).id(egui::Id::unique("mod-export")).open(&mut open).default_size([620.0, 480.0]).collapsible(false).show(ctx, |ui| {
        ui.horizontal(|ui| {
            ui.label(crate::tr!("export-changes"));
            if ui.selectable_label(form.base.is_none(), crate::tr!("export-unsaved")).clicked() && form.base.is_some() {
                out.push(Intent::ModExportChanges { base: None });
            }
            let against = match &form.base {
                Some(b) => crate::tr!("export-against", folder = b.display().to_string()),
                None => crate::tr!("export-against-clean"),
            };
            if ui.selectable_label(form.base.is_some(), against).on_hover_text(crate::tr!("export-against-tip")).clicked() {
                out.push(Intent::Pick(Pick::ModExportBase));
            }
        });
        ui.separator();
        if form.loading {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(crate::tr!("export-finding"));
            });
        } else if form.rows.is_empty() {
            ui.weak(crate::tr!("export-none"));
        } else {
            ui.horizontal(|ui| {
                let n = form.rows.iter().filter(|(on, _)| *on).count();
                ui.label(crate::tr!("export-included", n = n, total = form.rows.len()));
                if ui.small_button(crate::tr!("export-all")).clicked() {
                    form.rows.iter_mut().for_each(|(on, _)| *on = true);
                }
                if ui.small_button(crate::tr!("export-none-button")).clicked() {
                    form.rows.iter_mut().for_each(|(on, _)| *on = false);
                }
            });
            egui::ScrollArea::vertical().max_height(220.0).auto_shrink([false, true]).show(ui, |ui| {
                for (on, c) in form.rows.iter_mut() {
                    ui.horizontal(|ui| {
                        ui.checkbox(on, format!("{} {}", c.op.name(), c.address()));
                        ui.weak(describe(c));
                    });
                }
            });
        }
        ui.separator();
        egui::Grid::new("mod-export-meta").num_columns(2).show(ui, |ui| {
            let m = &mut form.meta;
            for (label, value, multiline) in [(crate::tr!("mod-name"), &mut m.name, false), (crate::tr!("mod-version"), &mut m.version, false), (crate::tr!("mod-author"), &mut m.author, false), (crate::tr!("mod-description"), &mut m.description, true)] {
                let id = ui.label(label).id;
                let edit = if multiline { egui::TextEdit::multiline(value) } else { egui::TextEdit::singleline(value) };
                ui.add(edit).labelled_by(id);
                ui.end_row();
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            let ready = !form.loading && form.rows.iter().any(|(on, _)| *on) && !form.meta.name.trim().is_empty();
            if ui.add_enabled(ready, egui::Button::new(crate::tr!("export-button"))).on_hover_text(crate::tr!("export-button-tip")).clicked() {
                let file: String = form.meta.name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
                out.push(Intent::Pick(Pick::ModExportTo(format!("{file}.parkanmod"))));
            }
            if ui.button(crate::tr!("dlg-cancel")).clicked() {
                out.push(Intent::ModExportClose);
            }
        });
    });
    if !open {
        out.push(Intent::ModExportClose);
    }
}
