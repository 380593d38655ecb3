//! Modal dialogs: unsaved changes (Save / Discard / Cancel, for closing a file or the window),
//! a file that changed on disk (Overwrite / Cancel), temporary files left by interrupted saves
//! (Remove / Keep), messages and About.

use crate::doc::Workspace;
use crate::app::intent::{Dialog, Intent, Then};
use crate::tr;
use egui::{Context, RichText};

/// The open dialog over the document it is about; answers go into `out`.
pub fn show(dialog: &Dialog, ws: &Workspace, ctx: &Context, out: &mut Vec<Intent>) {
    let modal = egui::Modal::new(egui::Id::unique("dialog")).show(ctx, |ui| {
        ui.set_max_width(460.0);
        match dialog {
            Dialog::Unsaved { files, then } => unsaved(ws, ui, files, then, out),
            Dialog::ChangedOnDisk { file, then, all } => {
                let name = ws.file(*file).map(|f| f.path.display().to_string()).unwrap_or_default();
                ui.heading(tr!("dlg-changed-on-disk"));
                ui.label(tr!("dlg-changed-on-disk-text", name = name.as_str()));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(tr!("dlg-overwrite")).clicked() {
                        out.push(Intent::CloseDialog);
                        if *all {
                            out.push(Intent::Save { file: *file, force: true, then: Then::Nothing });
                            out.push(Intent::SaveAll { then: then.clone() });
                        } else {
                            out.push(Intent::Save { file: *file, force: true, then: then.clone() });
                        }
                    }
                    if ui.button(tr!("dlg-cancel")).clicked() {
                        out.push(Intent::CloseDialog);
                    }
                });
            }
            Dialog::RenameReferences { path, plan } => {
                let n = plan.rewrites.len();
                ui.heading(tr!("dlg-rename-title", old = plan.old.as_str(), new = plan.new.as_str()));
                ui.label(tr!("dlg-rename-places", n = n, old = plan.old.as_str()));
                egui::ScrollArea::vertical().max_height(240.0).show(ui, |ui| {
                    for r in &plan.rewrites {
                        ui.label(RichText::new(format!("• {}  {}", r.address, r.at.describe())).monospace());
                    }
                });
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(tr!("dlg-rename-rewrite", n = n)).on_hover_text(tr!("dlg-rename-rewrite-tip")).clicked() {
                        out.push(Intent::CloseDialog);
                        out.push(Intent::RenameConfirmed { path: path.clone(), name: plan.new.clone(), references: true });
                    }
                    if ui.button(tr!("dlg-rename-only")).on_hover_text(tr!("dlg-rename-only-tip")).clicked() {
                        out.push(Intent::CloseDialog);
                        out.push(Intent::RenameConfirmed { path: path.clone(), name: plan.new.clone(), references: false });
                    }
                    if ui.button(tr!("dlg-cancel")).clicked() {
                        out.push(Intent::CloseDialog);
                    }
                });
            }
            Dialog::Message { title, text } => {
                ui.heading(title);
                ui.label(text);
                ui.add_space(8.0);
                if ui.button(tr!("dlg-ok")).clicked() {
                    out.push(Intent::CloseDialog);
                }
            }
            Dialog::StaleTemps { of, temps } => {
                ui.heading(tr!("dlg-leftovers"));
                ui.label(tr!("dlg-leftovers-text", file = of.display().to_string()));
                for (p, len) in temps {
                    ui.label(RichText::new(format!("• {} ({})", p.display(), crate::app::i18n::format::bytes(*len))).monospace());
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(tr!("dlg-leftovers-remove")).clicked() {
                        out.push(Intent::CloseDialog);
                        out.push(Intent::RemoveStaleTemps(temps.clone()));
                    }
                    if ui.button(tr!("dlg-leftovers-keep")).clicked() {
                        out.push(Intent::CloseDialog);
                    }
                });
            }
            Dialog::About => {
                ui.heading("Parkan Studio");
                ui.label(tr!("about-version", version = crate::build_info::VERSION_LINE));
                ui.label(tr!("about-description"));
                ui.label(tr!("about-licence", licence = env!("CARGO_PKG_LICENSE")));
                // Where the list is for this copy (docs/packaging.md): the .deb's doc folder or
                // beside the archive's binary; a build from source has none.
                ui.label(match crate::build_info::licences_path() {
                    Some(p) => tr!("about-crates", list = p.display().to_string()),
                    None => tr!("about-crates-none"),
                });
                ui.label(tr!("about-log"));
                if let Some(dir) = eframe::storage_dir("parkan-studio") {
                    ui.label(tr!("about-settings", dir = dir.display().to_string()));
                }
                ui.add_space(8.0);
                if ui.button(tr!("dlg-ok")).clicked() {
                    out.push(Intent::CloseDialog);
                }
            }
        }
    });
    if modal.should_close() && out.is_empty() {
        // Escape or a click beside the dialog: the safe answer, Cancel.
        out.push(Intent::CloseDialog);
    }
}

fn unsaved(ws: &Workspace, ui: &mut egui::Ui, files: &[crate::doc::FileId], then: &Then, out: &mut Vec<Intent>) {
    // Two files of one name are told apart by their folders, as the unsaved-changes view does.
    let paths: Vec<&std::path::Path> = files.iter().filter_map(|f| ws.file(*f)).map(|f| f.path.as_path()).collect();
    let names = crate::doc::diff::sides::distinct_labels(&paths);
    ui.heading(tr!("dlg-unsaved"));
    let what = match then {
        Then::Quit => tr!("dlg-unsaved-quit-anyway"),
        _ => tr!("dlg-unsaved-close-anyway"),
    };
    if names.len() == 1 {
        ui.label(tr!("dlg-unsaved-one", name = names[0].as_str(), then = what));
    } else {
        ui.label(tr!("dlg-unsaved-many", n = names.len()));
        for (n, p) in names.iter().zip(&paths) {
            ui.label(RichText::new(format!("• {n}")).strong()).on_hover_text(p.display().to_string());
        }
    }
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if ui.button(tr!("dlg-unsaved-save")).on_hover_text(tr!("dlg-unsaved-save-tip")).clicked() {
            out.push(Intent::CloseDialog);
            match then {
                Then::Close(f) => out.push(Intent::Save { file: *f, force: false, then: then.clone() }),
                _ => out.push(Intent::SaveAll { then: then.clone() }),
            }
        }
        if ui.button(tr!("dlg-unsaved-discard")).on_hover_text(tr!("dlg-unsaved-discard-tip")).clicked() {
            out.push(Intent::CloseDialog);
            match then {
                Then::Close(f) => out.push(Intent::Close { file: *f, confirmed: true }),
                Then::Quit => out.push(Intent::Quit { confirmed: true }),
                Then::Nothing => {}
            }
        }
        if ui.button(tr!("dlg-cancel")).on_hover_text(tr!("dlg-unsaved-cancel-tip")).clicked() {
            out.push(Intent::CloseDialog);
        }
        if ui.button(tr!("dlg-unsaved-show")).on_hover_text(tr!("dlg-unsaved-show-tip")).clicked() {
            out.push(Intent::CloseDialog);
            out.push(Intent::ShowUnsaved);
        }
    });
}
