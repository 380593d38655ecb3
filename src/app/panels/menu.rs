//! The menu bar, built from the command table: every item shows the command's label, its
//! shortcut and its tooltip, and clicking it queues the command.

use crate::app::cx::{Enabled, PanelCx};
use crate::app::command::{Command, MenuGroup};
use crate::app::intent::Intent;
use crate::app::i18n::Language;
use crate::app::settings::Theme;
use egui::Ui;

/// A menu button for `c`; true when it was clicked (the menu then closes).
pub fn command_button(ui: &mut Ui, c: Command, enabled: bool) -> bool {
    let mut b = egui::Button::new(c.label());
    if let Some(s) = c.shortcut() {
        b = b.shortcut_text(ui.ctx().format_shortcut(&s));
    }
    let r = ui.add_enabled(enabled, b).on_hover_text(c.tooltip());
    if r.clicked() {
        ui.close();
        true
    } else {
        false
    }
}

fn checked_button(ui: &mut Ui, c: Command, on: bool) -> bool {
    let mut b = egui::Button::selectable(on, c.label());
    if let Some(s) = c.shortcut() {
        b = b.shortcut_text(ui.ctx().format_shortcut(&s));
    }
    let r = ui.add(b).on_hover_text(c.tooltip());
    if r.clicked() {
        ui.close();
        true
    } else {
        false
    }
}

/// The menu bar; clicked items go into `run`, everything else into `out`.
pub fn show(app: &Menu, ui: &mut Ui, run: &mut Vec<Command>, out: &mut Vec<Intent>) {
    egui::Panel::top("menu-bar").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            for group in [MenuGroup::File, MenuGroup::Edit, MenuGroup::Entry, MenuGroup::View, MenuGroup::Help] {
                ui.menu_button(group.label(), |ui| group_items(app, ui, group, run, out));
            }
        });
    });
}

/// What the menu bar reads: the shell's state and which commands apply now.
pub struct Menu<'a> {
    pub cx: PanelCx<'a>,
    pub enabled: Enabled<'a>,
}

fn group_items(app: &Menu, ui: &mut Ui, group: MenuGroup, run: &mut Vec<Command>, out: &mut Vec<Intent>) {
    match group {
        MenuGroup::File => {
            item(app, ui, Command::Open, run);
            item(app, ui, Command::OpenFolder, run);
            recent(app, ui, out);
            ui.separator();
            item(app, ui, Command::UnpackProject, run);
            item(app, ui, Command::PackProject, run);
            editor_items(app, ui, MenuGroup::File, run);
            ui.separator();
            item(app, ui, Command::InstallMod, run);
            item(app, ui, Command::ExportMod, run);
            ui.separator();
            item(app, ui, Command::CompareWithFile, run);
            item(app, ui, Command::CompareWithFolder, run);
            item(app, ui, Command::UnsavedChanges, run);
            item(app, ui, Command::CompareTabWithSaved, run);
            ui.separator();
            item(app, ui, Command::Save, run);
            item(app, ui, Command::SaveAs, run);
            item(app, ui, Command::SaveAll, run);
            ui.separator();
            item(app, ui, Command::CloseFile, run);
            item(app, ui, Command::Quit, run);
        }
        MenuGroup::Edit => {
            let undo = app.cx.ws.history.undo_message().map(|l| crate::tr!("menu-undo-what", what = crate::app::i18n::messages::message(l)));
            let redo = app.cx.ws.history.redo_message().map(|l| crate::tr!("menu-redo-what", what = crate::app::i18n::messages::message(l)));
            labelled(ui, Command::Undo, undo, (app.enabled)(Command::Undo), run);
            labelled(ui, Command::Redo, redo, (app.enabled)(Command::Redo), run);
            ui.separator();
            item(app, ui, Command::SelectAll, run);
            item(app, ui, Command::FocusFilter, run);
            ui.separator();
            external_program(app, ui, out);
        }
        MenuGroup::Entry => {
            for c in [Command::OpenEntry, Command::Extract, Command::ExtractAll, Command::Replace, Command::Rename, Command::Delete] {
                item(app, ui, c, run);
            }
            ui.separator();
            editor_items(app, ui, MenuGroup::Entry, run);
            ui.separator();
            for c in [Command::AddFiles, Command::CopyName] {
                item(app, ui, c, run);
            }
            ui.separator();
            for c in [Command::Check, Command::RebuildLookup, Command::Compact, Command::CancelTask] {
                item(app, ui, c, run);
            }
        }
        MenuGroup::View => {
            if checked_button(ui, Command::ToggleBrowser, app.cx.settings.show_browser) {
                run.push(Command::ToggleBrowser);
            }
            if checked_button(ui, Command::ToggleInspector, app.cx.settings.show_inspector) {
                run.push(Command::ToggleInspector);
            }
            if checked_button(ui, Command::ToggleLog, app.cx.settings.show_log) {
                run.push(Command::ToggleLog);
            }
            ui.separator();
            for (c, t) in [(Command::ThemeSystem, Theme::System), (Command::ThemeLight, Theme::Light), (Command::ThemeDark, Theme::Dark)] {
                if checked_button(ui, c, app.cx.settings.theme == t) {
                    run.push(c);
                }
            }
            language(app, ui, run);
            ui.separator();
            for c in [Command::ZoomIn, Command::ZoomOut, Command::ZoomReset] {
                item(app, ui, c, run);
            }
            ui.separator();
            for c in [Command::CloseTab, Command::NextTab, Command::PrevTab] {
                item(app, ui, c, run);
            }
            ui.separator();
            item(app, ui, Command::Readings, run);
            item(app, ui, Command::CommandPalette, run);
        }
        MenuGroup::Help => {
            item(app, ui, Command::CommandPalette, run);
            item(app, ui, Command::About, run);
        }
    }
}

/// View ▸ Language: each language named in itself; the choice is remembered.
fn language(app: &Menu, ui: &mut Ui, run: &mut Vec<Command>) {
    let current = app.cx.settings.language.unwrap_or_default();
    ui.menu_button(crate::tr!("menu-language"), |ui| {
        for (c, l) in [(Command::LanguageEnglish, Language::English), (Command::LanguageRussian, Language::Russian)] {
            let r = ui.add(egui::Button::selectable(current == l, l.native_name())).on_hover_text(c.tooltip());
            if r.clicked() {
                run.push(c);
                ui.close();
            }
        }
    });
}

/// The program Edit in External Program uses: a command (`gimp`, `krita`, a path), or blank
/// for the desktop's default program for the file's type.
fn external_program(app: &Menu, ui: &mut Ui, out: &mut Vec<Intent>) {
    ui.menu_button(crate::tr!("menu-external-program"), |ui| {
        ui.label(crate::tr!("menu-external-program-label"));
        let mut p = app.cx.settings.external_program.clone();
        let r = ui.add(egui::TextEdit::singleline(&mut p).hint_text(crate::tr!("menu-external-program-hint")).desired_width(240.0));
        r.on_hover_text(crate::tr!("menu-external-program-tip"));
        if p != app.cx.settings.external_program {
            out.push(Intent::SetExternalProgram(p));
        }
    });
}

/// The editors' commands that sit in this menu.
fn editor_items(app: &Menu, ui: &mut Ui, group: MenuGroup, run: &mut Vec<Command>) {
    for c in Command::every().into_iter().filter(|c| matches!(c, Command::Editor(e) if e.spec().is_some_and(|s| s.menu == Some(group)))) {
        item(app, ui, c, run);
    }
}

fn item(app: &Menu, ui: &mut Ui, c: Command, run: &mut Vec<Command>) {
    if command_button(ui, c, (app.enabled)(c)) {
        run.push(c);
    }
}

fn labelled(ui: &mut Ui, c: Command, label: Option<String>, enabled: bool, run: &mut Vec<Command>) {
    let mut b = egui::Button::new(label.unwrap_or_else(|| c.label().to_string()));
    if let Some(s) = c.shortcut() {
        b = b.shortcut_text(ui.ctx().format_shortcut(&s));
    }
    if ui.add_enabled(enabled, b).on_hover_text(c.tooltip()).clicked() {
        run.push(c);
        ui.close();
    }
}

fn recent(app: &Menu, ui: &mut Ui, out: &mut Vec<Intent>) {
    let files = &app.cx.settings.recent_files;
    let folders = &app.cx.settings.recent_folders;
    ui.add_enabled_ui(!files.is_empty() || !folders.is_empty(), |ui| {
        ui.menu_button(crate::tr!("menu-open-recent"), |ui| {
            for f in files {
                if ui.button(f.display().to_string()).clicked() {
                    out.push(Intent::Open(vec![f.clone()]));
                    ui.close();
                }
            }
            if !files.is_empty() && !folders.is_empty() {
                ui.separator();
            }
            for d in folders {
                if ui.button(format!("{}/", d.display())).clicked() {
                    out.push(Intent::OpenFolder(d.clone()));
                    ui.close();
                }
            }
        });
    });
}
