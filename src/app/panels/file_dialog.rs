//! The file dialog drawn in the window, for when the native one cannot be shown (no desktop
//! portal and no zenity: a bare X11 or Wayland session, a tiling window manager, a container;
//! and tests). It chooses what the native dialog would for the same pick (`pickers::request`)
//! and answers with the same intent (`pickers::answer`); the UI thread never waits on it.

use crate::app::intent::{Intent, Pick};
use crate::app::pickers::{self, Mode};
use egui::{Key, RichText};
use std::path::{Path, PathBuf};

/// More entries than this in one folder are not listed (the name field still reaches them).
const MAX_ENTRIES: usize = 20_000;

/// The app's in-window dialog, and whether the log has said why it is used.
#[derive(Default)]
pub struct InWindow {
    pub open: Option<FileDialog>,
    said_why: bool,
    /// A native dialog was asked for and has not answered yet. A desktop portal can take the
    /// call and never answer: a second pick meanwhile is drawn in the window instead.
    pub native_pending: bool,
}

pub struct FileDialog {
    pick: Pick,
    mode: Mode,
    title: String,
    filters: Vec<(String, &'static [&'static str])>,
    filter: usize,
    pub dir: PathBuf,
    /// The folder field, as typed.
    dir_text: String,
    entries: Vec<(String, bool)>,
    selected: Vec<String>,
    /// The name field: the file to save, or a name or path to open.
    pub name: String,
    error: Option<String>,
}

impl FileDialog {
    pub fn new(pick: Pick, start: Option<PathBuf>) -> FileDialog {
        let (mode, title, filters) = pickers::request(&pick);
        let name = match &mode {
            Mode::Save(n) => n.clone(),
            _ => String::new(),
        };
        let dir = start.filter(|d| d.is_dir()).or_else(|| std::env::current_dir().ok()).unwrap_or_else(|| PathBuf::from("."));
        let mut d = FileDialog { pick, mode, title, filters, filter: 0, dir_text: String::new(), dir, entries: Vec::new(), selected: Vec::new(), name, error: None };
        d.go(d.dir.clone());
        d
    }

    /// Lists `dir` (folders first, then the files the filter lets through, by name).
    pub fn go(&mut self, dir: PathBuf) {
        match std::fs::read_dir(&dir) {
            Ok(rd) => {
                let exts = self.filters.get(self.filter).map(|f| f.1).filter(|e| !e.contains(&"*"));
                let mut entries: Vec<(String, bool)> = rd
                    .flatten()
                    .take(MAX_ENTRIES)
                    .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path().is_dir()))
                    .filter(|(n, is_dir)| *is_dir || (self.mode != Mode::Folder && exts.is_none_or(|x| x.iter().any(|x| n.to_ascii_lowercase().ends_with(&format!(".{}", x.to_ascii_lowercase()))))))
                    .collect();
                entries.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.to_lowercase().cmp(&b.0.to_lowercase())));
                self.entries = entries;
                self.dir_text = dir.display().to_string();
                self.dir = dir;
                self.selected.clear();
                self.error = None;
            }
            Err(e) => self.error = Some(format!("{}: {e}", dir.display())),
        }
    }

    /// The paths the dialog would answer with now, or why it cannot.
    fn chosen(&self) -> Result<Vec<PathBuf>, String> {
        let typed = (!self.name.trim().is_empty()).then(|| self.dir.join(self.name.trim()));
        match &self.mode {
            Mode::Files | Mode::File => {
                let mut paths: Vec<PathBuf> = self.selected.iter().map(|n| self.dir.join(n)).filter(|p| p.is_file()).collect();
                paths.extend(typed.filter(|p| p.is_file()));
                if self.mode == Mode::File {
                    paths.truncate(1);
                }
                if paths.is_empty() { Err(crate::tr!("fd-choose-file")) } else { Ok(paths) }
            }
            Mode::Folder => {
                let sub = self.selected.first().map(|n| self.dir.join(n)).or(typed).filter(|p| p.is_dir());
                Ok(vec![sub.unwrap_or_else(|| self.dir.clone())])
            }
            Mode::Save(_) => match typed {
                Some(p) if p.is_dir() => Err(crate::tr!("fd-is-folder", path = p.display().to_string())),
                Some(p) => Ok(vec![p]),
                None => Err(crate::tr!("fd-type-name")),
            },
        }
    }

    fn accept_label(&self) -> String {
        match self.mode {
            Mode::Files | Mode::File => crate::tr!("fd-open-selected"),
            Mode::Folder => crate::tr!("fd-choose-folder"),
            Mode::Save(_) => crate::tr!("fd-save-here"),
        }
    }

    /// Draws the dialog; `Some(answer)` once it closes (`None` inside: cancelled).
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Option<Intent>> {
        let mut done = None;
        let mut go_to = None;
        let mut accept = false;
        let centre = ctx.content_rect().center();
        egui::Window::new(&self.title).id(egui::Id::unique("in-window-file-dialog")).pivot(egui::Align2::CENTER_CENTER).default_pos(centre).collapsible(false).resizable(true).default_size([560.0, 420.0]).show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button(crate::tr!("fd-up")).on_hover_text(crate::tr!("fd-up-tip")).clicked() {
                    go_to = self.dir.parent().map(Path::to_path_buf);
                }
                let r = ui.add(egui::TextEdit::singleline(&mut self.dir_text).hint_text(crate::tr!("fd-folder")).desired_width(f32::INFINITY));
                if r.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                    go_to = Some(PathBuf::from(self.dir_text.trim()));
                }
            });
            if self.filters.len() > 1 {
                let before = self.filter;
                egui::ComboBox::from_label(crate::tr!("fd-show")).selected_text(self.filters[self.filter].0.clone()).show_ui(ui, |ui| {
                    for (i, (name, _)) in self.filters.iter().enumerate() {
                        ui.selectable_value(&mut self.filter, i, name.as_str());
                    }
                });
                if before != self.filter {
                    go_to = Some(self.dir.clone());
                }
            }
            ui.separator();
            egui::ScrollArea::vertical().id_salt("file-dialog-list").max_height(300.0).min_scrolled_height(300.0).auto_shrink([false, false]).show(ui, |ui| {
                for (name, is_dir) in &self.entries {
                    let shown = if *is_dir { format!("{name}/") } else { name.clone() };
                    let on = self.selected.contains(name);
                    let r = ui.selectable_label(on, shown);
                    if r.double_clicked() {
                        if *is_dir {
                            go_to = Some(self.dir.join(name));
                        } else {
                            self.selected = vec![name.clone()];
                            accept = true;
                        }
                    } else if r.clicked() {
                        let many = self.mode == Mode::Files && ui.input(|i| i.modifiers.command);
                        match (many, on) {
                            (true, true) => self.selected.retain(|n| n != name),
                            (true, false) => self.selected.push(name.clone()),
                            (false, _) => self.selected = vec![name.clone()],
                        }
                        if matches!(self.mode, Mode::Save(_)) && !is_dir {
                            self.name = name.clone();
                        }
                    }
                }
                if self.entries.is_empty() {
                    ui.weak(crate::tr!("fd-empty"));
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                let hint = if matches!(self.mode, Mode::Save(_)) { crate::tr!("fd-file-name") } else { crate::tr!("fd-name-or-path") };
                let r = ui.add(egui::TextEdit::singleline(&mut self.name).hint_text(hint).desired_width(ui.available_width() - 240.0));
                accept |= r.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                if ui.button(crate::tr!("dlg-cancel")).clicked() {
                    done = Some(None);
                }
                accept |= ui.button(RichText::new(self.accept_label()).strong()).clicked();
            });
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        });
        if ctx.input(|i| i.key_pressed(Key::Escape)) {
            done = Some(None);
        }
        if let Some(dir) = go_to {
            // A typed path to a file opens it.
            if dir.is_file() && self.mode != Mode::Folder {
                self.name = dir.display().to_string();
                accept = true;
            } else {
                self.go(dir);
            }
        }
        if accept && done.is_none() {
            match self.chosen() {
                Ok(paths) => done = Some(pickers::answer(self.pick.clone(), paths)),
                Err(e) => self.error = Some(e),
            }
        }
        done
    }
}

impl InWindow {
    /// Opens the dialog for `pick` in `last_dir`; true the first time, when the log should say
    /// why the dialog is drawn in the window.
    pub fn open_for(&mut self, pick: Pick, last_dir: Option<PathBuf>) -> bool {
        let first = !self.said_why;
        self.said_why = true;
        self.open = Some(FileDialog::new(pick, last_dir));
        first
    }
}

/// The in-window file dialog, when one is open; its answer goes into `out`.
pub fn show(dialog: &mut InWindow, ctx: &egui::Context, out: &mut Vec<Intent>) {
    let Some(d) = dialog.open.as_mut() else { return };
    if let Some(answer) = d.show(ctx) {
        dialog.open = None;
        out.extend(answer);
    }
}
