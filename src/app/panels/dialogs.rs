//! Modal dialogs: unsaved changes (Save / Discard / Cancel, for closing a file or the window),
//! a file that changed on disk (Overwrite / Cancel), temporary files left by interrupted saves
//! (Remove / Keep), messages and About.

use crate::doc::Workspace;
use crate::app::intent::{Dialog, Intent, Then};
use egui::{Context, RichText};

/// The open dialog over the document it is about; answers go into `out`.
pub fn show(dialog: &Dialog, ws: &Workspace, ctx: &Context, out: &mut Vec<Intent>) {
    let modal = egui::Modal::new(egui::Id::unique("dialog")).show(ctx, |ui| {
        ui.set_max_width(460.0);
        match dialog {
            Dialog::Unsaved { files, then } => unsaved(ws, ui, files, then, out),
            Dialog::ChangedOnDisk { file, then, all } => {
                let name = ws.file(*file).map(|f| f.path.display().to_string()).unwrap_or_default();
                ui.heading("The file changed on disk");
                ui.label(format!("{name} was changed by another program since it was opened. Saving now overwrites those changes."));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("Overwrite").clicked() {
                        out.push(Intent::CloseDialog);
                        if *all {
                            out.push(Intent::Save { file: *file, force: true, then: Then::Nothing });
                            out.push(Intent::SaveAll { then: then.clone() });
                        } else {
                            out.push(Intent::Save { file: *file, force: true, then: then.clone() });
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        out.push(Intent::CloseDialog);
                    }
                });
            }
            Dialog::RenameReferences { path, plan } => {
                let n = plan.rewrites.len();
                ui.heading(format!("Rename {} to {}", plan.old, plan.new));
                ui.label(format!("{n} place{} in the project name{} {}:", if n == 1 { "" } else { "s" }, if n == 1 { "s" } else { "" }, plan.old));
                egui::ScrollArea::vertical().max_height(240.0).show(ui, |ui| {
                    for r in &plan.rewrites {
                        ui.label(RichText::new(format!("• {}  {}", r.address, r.at.describe())).monospace());
                    }
                });
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(format!("Rename and rewrite {n}")).on_hover_text("One undo step; Save (Ctrl+S) then writes every file it changed").clicked() {
                        out.push(Intent::CloseDialog);
                        out.push(Intent::RenameConfirmed { path: path.clone(), name: plan.new.clone(), references: true });
                    }
                    if ui.button("Rename only").on_hover_text("The rows and phases keep the old name (and reach nothing)").clicked() {
                        out.push(Intent::CloseDialog);
                        out.push(Intent::RenameConfirmed { path: path.clone(), name: plan.new.clone(), references: false });
                    }
                    if ui.button("Cancel").clicked() {
                        out.push(Intent::CloseDialog);
                    }
                });
            }
            Dialog::Message { title, text } => {
                ui.heading(title);
                ui.label(text);
                ui.add_space(8.0);
                if ui.button("OK").clicked() {
                    out.push(Intent::CloseDialog);
                }
            }
            Dialog::StaleTemps { of, temps } => {
                ui.heading("Left from an interrupted save");
                ui.label(format!("A save of {} did not finish; the file itself is intact. These temporary copies are left beside it:", of.display()));
                for (p, len) in temps {
                    ui.label(RichText::new(format!("• {} ({len} bytes)", p.display())).monospace());
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("Remove them").clicked() {
                        out.push(Intent::CloseDialog);
                        out.push(Intent::RemoveStaleTemps(temps.clone()));
                    }
                    if ui.button("Keep them").clicked() {
                        out.push(Intent::CloseDialog);
                    }
                });
            }
            Dialog::About => {
                ui.heading("Parkan Studio");
                ui.label(format!("version {}", crate::build_info::VERSION_LINE));
                ui.label(env!("CARGO_PKG_DESCRIPTION"));
                ui.label(format!("Licence: {} (LICENSE-MIT, LICENSE-APACHE)", env!("CARGO_PKG_LICENSE")));
                // Where the list is for this copy (docs/packaging.md): the .deb's doc folder or
                // beside the archive's binary; a build from source has none.
                ui.label(match crate::build_info::licences_path() {
                    Some(p) => format!("The crates built into it, with their licences: {}", p.display()),
                    None => "The crates built into it, with their licences: packaging/build.sh writes the list (THIRD-PARTY-LICENSES.md)".to_string(),
                });
                ui.label("Log: the Log tab of this window (Ctrl+J); it is not written to a file. Messages from before the window opened go to stderr: the terminal it was started from, or the session's journal (journalctl --user) when started from the desktop.");
                if let Some(dir) = eframe::storage_dir("parkan-studio") {
                    ui.label(format!("Settings: {}", dir.display()));
                }
                ui.add_space(8.0);
                if ui.button("OK").clicked() {
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
    ui.heading("Unsaved changes");
    let what = match then {
        Then::Quit => "Quit anyway?",
        _ => "Close anyway?",
    };
    if names.len() == 1 {
        ui.label(format!("{} has unsaved changes. {what}", names[0]));
    } else {
        ui.label(format!("{} files have unsaved changes:", names.len()));
        for (n, p) in names.iter().zip(&paths) {
            ui.label(RichText::new(format!("• {n}")).strong()).on_hover_text(p.display().to_string());
        }
    }
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if ui.button("Save").on_hover_text("Save the changes, then close").clicked() {
            out.push(Intent::CloseDialog);
            match then {
                Then::Close(f) => out.push(Intent::Save { file: *f, force: false, then: then.clone() }),
                _ => out.push(Intent::SaveAll { then: then.clone() }),
            }
        }
        if ui.button("Discard").on_hover_text("Close without saving; the changes are lost").clicked() {
            out.push(Intent::CloseDialog);
            match then {
                Then::Close(f) => out.push(Intent::Close { file: *f, confirmed: true }),
                Then::Quit => out.push(Intent::Quit { confirmed: true }),
                Then::Nothing => {}
            }
        }
        if ui.button("Cancel").on_hover_text("Keep the file open").clicked() {
            out.push(Intent::CloseDialog);
        }
        if ui.button("Show changes").on_hover_text("Keep the file open and show what Save would write, entry by entry").clicked() {
            out.push(Intent::CloseDialog);
            out.push(Intent::ShowUnsaved);
        }
    });
}
