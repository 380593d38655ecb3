//! The Mods panel under the project's tree: the installed mods in order with Up, Down and
//! Uninstall, and Install from a file (or drop a `.parkanmod` on the window). An install
//! first shows its dry run in a window, each change with what it would do and, when an
//! installed mod changed the same item, that mod and whether they conflict; only Install there
//! writes.

use super::Pending;
use crate::app::StudioApp;
use crate::app::intent::{Intent, Pick};
use crate::doc::mods::apply::Done;
use crate::doc::mods::manage::{Verdict, done_text};
use egui::{Color32, RichText, Ui};

pub fn show(app: &mut StudioApp, ui: &mut Ui) {
    let Some(view) = &app.folder else { return };
    let root = view.root().to_path_buf();
    let busy = app.tasks.busy();
    let mut out = Vec::new();
    let installed = app.mods.installed_in(&root);
    let title = match installed {
        Ok(list) => format!("Mods ({} installed)", list.len()),
        Err(_) => "Mods".to_string(),
    };
    egui::CollapsingHeader::new(title).id_salt("mods").default_open(true).show(ui, |ui| {
        ui.horizontal(|ui| {
            if ui.add_enabled(!busy, egui::Button::new("Install from file…")).on_hover_text("Choose a .parkanmod; its dry run is listed before anything is written").clicked() {
                out.push(Intent::Pick(Pick::ModPackage));
            }
            ui.weak("or drop a .parkanmod on the window");
        });
        match installed {
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, format!("the journal cannot be read: {e}"));
            }
            Ok(list) if list.is_empty() => {
                ui.weak("No mods installed: the game is as its files are.");
            }
            Ok(list) => {
                let n = list.len();
                egui::Grid::new("mods-installed").striped(true).num_columns(3).show(ui, |ui| {
                    for (i, m) in list.iter().enumerate() {
                        let by = if m.author.is_empty() { String::new() } else { format!(" by {}", m.author) };
                        ui.label(format!("{}. {} {}{by}", i + 1, m.name, m.version)).on_hover_text(
                            m.changes.iter().map(|c| format!("{} {}", c.op, c.address())).collect::<Vec<_>>().join("\n"),
                        );
                        ui.weak(format!("{} changes", m.changes.len()));
                        ui.horizontal(|ui| {
                            if ui.add_enabled(!busy && i > 0, egui::Button::new("Up").small()).on_hover_text("Earlier in the order: re-applies the mods in the new order").clicked() {
                                out.push(Intent::ModMove { name: m.name.clone(), to: i });
                            }
                            if ui.add_enabled(!busy && i + 1 < n, egui::Button::new("Down").small()).on_hover_text("Later in the order: it wins where it conflicts").clicked() {
                                out.push(Intent::ModMove { name: m.name.clone(), to: i + 2 });
                            }
                            let b = egui::Button::new("Uninstall").small();
                            if ui.add_enabled(!busy, b).on_hover_text("Restore every entry it changed, byte for byte; later mods' changes stay").clicked() {
                                out.push(Intent::ModUninstall(m.name.clone()));
                            }
                        });
                        ui.end_row();
                    }
                });
                ui.weak("Later mods win where two change the same item.");
            }
        }
    });
    ui.separator();
    app.intents.extend(out);
}

/// The colour and words of one dry-run row's mark.
fn mark(ui: &Ui, done: &Result<Done, String>, conflict: &Option<(String, Verdict)>) -> (Color32, String) {
    let v = ui.visuals();
    match (done, conflict) {
        (Err(why), Some((other, _))) => (v.error_fg_color, format!("CONFLICT with {other}: {why}")),
        (Err(why), None) => (v.error_fg_color, format!("blocked: {why}")),
        (Ok(d), Some((other, Verdict::Wins(w)))) => (v.warn_fg_color, format!("CONFLICT with {other}: {w} wins{}", done_text(d))),
        (Ok(_), Some((other, Verdict::Same))) => (v.weak_text_color(), format!("also changed by {other}: the same bytes, no conflict")),
        (Ok(_), Some((other, Verdict::Merged))) => (v.weak_text_color(), format!("rows merge with {other}'s edits, no conflict")),
        (Ok(d), None) => (v.text_color(), format!("ok{}", done_text(d))),
    }
}

/// The dry run of an install, waiting for Install or Cancel.
pub fn confirm_window(app: &mut StudioApp, ctx: &egui::Context) {
    let Some(Pending { game, package, force, preview }) = &app.mods.pending else { return };
    let mut out = Vec::new();
    let mut open = true;
    let m = &preview.meta;
    egui::Window::new(format!("Install {}?", m.name)).id(egui::Id::unique("mod-install")).open(&mut open).default_size([640.0, 420.0]).collapsible(false).show(ctx, |ui| {
        let by = if m.author.is_empty() { String::new() } else { format!(" by {}", m.author) };
        ui.label(RichText::new(format!("{} {}{by}", m.name, m.version)).strong());
        if !m.description.is_empty() {
            ui.label(&m.description);
        }
        ui.weak(format!("into {} from {}", game.display(), package.display()));
        let place = if preview.installed.is_empty() {
            "the first mod installed".to_string()
        } else {
            format!("#{} of {}, after {}", preview.position + 1, preview.installed.len() + 1, preview.installed.join(", "))
        };
        ui.label(format!("Dry run: {} changes, {} blocked, {} in conflict; it would be {place}.", preview.rows.len(), preview.blocked(), preview.conflicts()));
        ui.separator();
        egui::ScrollArea::vertical().max_height(300.0).auto_shrink([false, true]).show(ui, |ui| {
            egui::Grid::new("mod-dry-run").striped(true).num_columns(3).show(ui, |ui| {
                ui.strong("change");
                ui.strong("item");
                ui.strong("what it does");
                ui.end_row();
                for r in &preview.rows {
                    let (color, text) = mark(ui, &r.done, &r.conflict);
                    ui.label(r.op);
                    ui.label(&r.address);
                    ui.label(RichText::new(text).color(color));
                    ui.end_row();
                }
            });
        });
        ui.separator();
        ui.horizontal(|ui| {
            let blocked = preview.blocked();
            if ui.add_enabled(blocked == 0, egui::Button::new("Install")).on_hover_text("Write it: all or nothing, journalled so Uninstall restores every byte").clicked() {
                out.push(Intent::ModInstall { package: package.clone(), force: *force });
            }
            if blocked > 0 && ui.button("Install, this mod wins").on_hover_text("Where another mod or a hand edit changed an item, this mod's bytes replace them").clicked() {
                out.push(Intent::ModPreview { package: package.clone(), force: true });
            }
            if ui.button("Cancel").clicked() {
                out.push(Intent::ModDismissPreview);
            }
        });
    });
    if !open {
        out.push(Intent::ModDismissPreview);
    }
    app.intents.extend(out);
}
