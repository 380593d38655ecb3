//! The Mods panel under the project's tree: the installed mods in order with Up, Down and
//! Uninstall, and Install from a file (or drop a `.parkanmod` on the window). An install
//! first shows its dry run in a window, each change with what it would do and, when an
//! installed mod changed the same item, that mod and whether they conflict; only Install there
//! writes.

use super::Pending;
use super::ModsState;
use crate::app::cx::PanelCx;
use crate::app::intent::{Intent, Pick};
use crate::doc::mods::apply::Done;
use crate::doc::mods::manage::{Verdict, done_text};
use crate::doc::mods::preview::Preview;
use crate::doc::mods::text::{shown, shown_multiline};
use crate::app::i18n::messages::message;
use crate::formats::message::Message;
use egui::{Color32, RichText, Ui};

/// The Mods panel of the open project; what the user asks for goes into `out`.
pub fn show(mods: &mut ModsState, cx: &PanelCx, ui: &mut Ui, out: &mut Vec<Intent>) {
    let Some(view) = cx.folder else { return };
    let root = view.root().to_path_buf();
    let busy = cx.tasks.busy();
    let installed = mods.installed_in(&root);
    let title = match installed {
        Ok(list) => crate::tr!("mods-title-installed", n = list.len()),
        Err(_) => crate::tr!("mods-title"),
    };
    egui::CollapsingHeader::new(title).id_salt("mods").default_open(true).show(ui, |ui| {
        ui.horizontal(|ui| {
            if ui.add_enabled(!busy, egui::Button::new(crate::tr!("mods-install-from-file"))).on_hover_text(crate::tr!("mods-install-from-file-tip")).clicked() {
                out.push(Intent::Pick(Pick::ModPackage));
            }
            ui.weak(crate::tr!("mods-or-drop"));
        });
        match installed {
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, crate::tr!("mods-journal-unreadable", error = e.to_string()));
            }
            Ok(list) if list.is_empty() => {
                ui.weak(crate::tr!("mods-none"));
            }
            Ok(list) => {
                let n = list.len();
                egui::Grid::new("mods-installed").striped(true).num_columns(3).show(ui, |ui| {
                    for (i, m) in list.iter().enumerate() {
                        // The journal's text is a package's: shown with its controls escaped.
                        let by = if m.author.is_empty() { String::new() } else { format!(" {}", crate::tr!("mods-by", author = shown(&m.author).into_owned())) };
                        ui.label(format!("{}. {} {}{by}", i + 1, shown(&m.name), shown(&m.version))).on_hover_text(
                            m.changes.iter().map(|c| format!("{} {}", shown(&c.op), c.address())).collect::<Vec<_>>().join("\n"),
                        );
                        ui.weak(crate::tr!("mods-changes", n = m.changes.len()));
                        ui.horizontal(|ui| {
                            if ui.add_enabled(!busy && i > 0, egui::Button::new(crate::tr!("mods-up")).small()).on_hover_text(crate::tr!("mods-up-tip")).clicked() {
                                out.push(Intent::ModMove { name: m.name.clone(), to: i });
                            }
                            if ui.add_enabled(!busy && i + 1 < n, egui::Button::new(crate::tr!("mods-down")).small()).on_hover_text(crate::tr!("mods-down-tip")).clicked() {
                                out.push(Intent::ModMove { name: m.name.clone(), to: i + 2 });
                            }
                            let b = egui::Button::new(crate::tr!("mods-uninstall")).small();
                            if ui.add_enabled(!busy, b).on_hover_text(crate::tr!("mods-uninstall-tip")).clicked() {
                                out.push(Intent::ModUninstall(m.name.clone()));
                            }
                        });
                        ui.end_row();
                    }
                });
                ui.weak(crate::tr!("mods-later-wins"));
            }
        }
    });
    ui.separator();
}

/// The colour and words of one dry-run row's mark (`later`: the other mod comes after).
fn mark(ui: &Ui, done: &Result<Done, Message>, conflict: &Option<(String, Verdict)>, later: bool) -> (Color32, String) {
    let v = ui.visuals();
    match (done, conflict) {
        (Err(why), Some((other, _))) => (v.error_fg_color, crate::tr!("mods-conflict-why", other = shown(other).into_owned(), why = message(why))),
        (Err(why), None) => (v.error_fg_color, crate::tr!("mods-blocked", why = message(why))),
        (Ok(d), Some((other, Verdict::Wins(w)))) => {
            let text = if later { crate::tr!("mods-conflict-wins-later", other = shown(other).into_owned(), winner = shown(w).into_owned()) } else { crate::tr!("mods-conflict-wins", other = shown(other).into_owned(), winner = shown(w).into_owned()) };
            (v.warn_fg_color, format!("{text}{}", message(&done_text(d))))
        }
        (Ok(_), Some((other, Verdict::Same))) => (v.weak_text_color(), crate::tr!("mods-same-bytes", other = shown(other).into_owned())),
        (Ok(_), Some((other, Verdict::Merged))) => (v.weak_text_color(), crate::tr!("mods-rows-merge", other = shown(other).into_owned())),
        (Ok(d), None) => (v.text_color(), format!("{}{}", crate::tr!("check-ok"), message(&done_text(d)))),
    }
}

/// The installed mods this one conflicts with (changes the same items differently), and the
/// earliest of them's 0-based place in the order.
fn conflicting(preview: &Preview) -> (Vec<String>, Option<usize>) {
    let mut names: Vec<String> = Vec::new();
    for r in &preview.rows {
        if let Some((other, verdict)) = &r.conflict
            && (r.done.is_err() || matches!(verdict, Verdict::Wins(_)))
            && !names.contains(other)
        {
            names.push(shown(other).into_owned());
        }
    }
    let first = preview.installed.iter().position(|m| names.iter().any(|n| *n == shown(m)));
    (names, first)
}

/// The dry run of an install, waiting for Install or Cancel. Where the mod conflicts with
/// installed ones (or finds items changed by hand), it asks which wins: installed last with
/// this mod's bytes forced, or placed before the first mod it conflicts with, which then wins.
/// The install's dry run, while one waits for the user's answer.
pub fn confirm_window(mods: &ModsState, cx: &PanelCx, ctx: &egui::Context, out: &mut Vec<Intent>) {
    let Some(Pending { game, package, force, order, preview }) = &mods.pending else { return };
    let busy = cx.tasks.busy();
    let mut open = true;
    let m = &preview.meta;
    egui::Window::new(crate::tr!("mods-install-title", name = shown(&m.name).into_owned())).id(egui::Id::unique("mod-install")).open(&mut open).default_size([680.0, 440.0]).collapsible(false).show(ctx, |ui| {
        let by = if m.author.is_empty() { String::new() } else { format!(" {}", crate::tr!("mods-by", author = shown(&m.author).into_owned())) };
        ui.label(RichText::new(format!("{} {}{by}", shown(&m.name), shown(&m.version))).strong());
        if !m.description.is_empty() {
            ui.label(shown_multiline(&m.description));
        }
        ui.weak(crate::tr!("mods-into-from", game = game.display().to_string(), package = package.display().to_string()));
        let n = preview.installed.len();
        let installed: Vec<String> = preview.installed.iter().map(|m| shown(m).into_owned()).collect();
        let place = if n == 0 {
            crate::tr!("mods-place-first")
        } else if preview.position >= n {
            crate::tr!("mods-place-after", at = n + 1, of = n + 1, mods = installed.join(", "))
        } else {
            crate::tr!("mods-place-before", at = preview.position + 1, of = n + 1, mods = installed[preview.position..].join(", "))
        };
        ui.label(crate::tr!("mods-dry-run", n = preview.rows.len(), blocked = preview.blocked(), conflicts = preview.conflicts(), place = place));
        ui.separator();
        egui::ScrollArea::vertical().max_height(260.0).auto_shrink([false, true]).show(ui, |ui| {
            egui::Grid::new("mod-dry-run").striped(true).num_columns(3).show(ui, |ui| {
                ui.strong(crate::tr!("mods-col-change"));
                ui.strong(crate::tr!("mods-col-item"));
                ui.strong(crate::tr!("mods-col-does"));
                ui.end_row();
                for r in &preview.rows {
                    let (color, text) = mark(ui, &r.done, &r.conflict, r.later);
                    ui.label(r.op);
                    ui.label(&r.address);
                    ui.label(RichText::new(text).color(color));
                    ui.end_row();
                }
            });
        });
        let (names, first) = conflicting(preview);
        let blocked = preview.blocked();
        if !names.is_empty() || blocked > 0 || *force || order.is_some() {
            ui.separator();
            let ask = if names.is_empty() {
                crate::tr!("mods-ask-changed")
            } else {
                crate::tr!("mods-ask-conflict", mods = names.join(", "))
            };
            ui.label(RichText::new(ask).strong().color(ui.visuals().warn_fg_color));
            let wins = *force && order.is_none();
            if ui.radio(wins, crate::tr!("mods-install-last")).clicked() && !wins {
                out.push(Intent::ModPreview { package: package.clone(), force: true, order: None });
            }
            if let Some(at) = first {
                let before = order.is_some() && !*force;
                let text = crate::tr!("mods-install-before", name = installed[at].as_str(), at = at + 1);
                if ui.radio(before, text).clicked() && !before {
                    out.push(Intent::ModPreview { package: package.clone(), force: false, order: Some(at + 1) });
                }
            }
        }
        ui.separator();
        ui.horizontal(|ui| {
            let hint = if blocked == 0 { crate::tr!("mods-install-tip") } else { crate::tr!("mods-choose-first") };
            if ui.add_enabled(blocked == 0 && !busy, egui::Button::new(crate::tr!("mods-install"))).on_hover_text(&hint).on_disabled_hover_text(&hint).clicked() {
                out.push(Intent::ModInstall { package: package.clone(), force: *force, order: *order });
            }
            if ui.button(crate::tr!("dlg-cancel")).clicked() {
                out.push(Intent::ModDismissPreview);
            }
        });
    });
    if !open {
        out.push(Intent::ModDismissPreview);
    }
}
