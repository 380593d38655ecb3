//! The egui editor. One frame: take what arrived (task outcomes, dialog answers, dropped files,
//! a close request), turn pressed shortcuts into commands, draw the panels (which only read the
//! document and push intents), drain the command queue into intents, and apply every intent in
//! one place (`apply/`). The document is only ever changed there, through `doc::Workspace`.

pub mod apply;
pub mod browser;
pub mod command;
pub mod compare;
pub mod cx;
pub mod editors;
pub mod external;
pub mod files;
pub mod gpu_view;
pub mod i18n;
pub mod icon;
pub mod intent;
pub mod live_check;
pub mod log;
pub mod mods;
pub mod panels;
pub mod pickers;
pub mod project;
pub mod seam;
pub mod selection;
pub mod settings;
pub mod shown_path;
pub mod tabs;
pub mod tasks;
pub mod thumbs;
pub mod views;
pub mod widgets;
pub mod words;
pub mod worker;

use crate::doc::{FileId, ItemPath, Workspace};
use crate::formats::readings::Readings;
use browser::BrowserState;
use command::Command;
use intent::{Dialog, Intent};
use log::Log;
use settings::Settings;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

/// A [`cx::PanelCx`] over the app's parts: a macro, not a method, so that it borrows the
/// fields it reads and a panel's own state beside them can be borrowed mutably.
macro_rules! panel_cx {
    ($app:expr) => {
        cx::PanelCx {
            ws: &$app.ws,
            generation: $app.frame.generation,
            settings: &$app.settings,
            log: &$app.log,
            tasks: &$app.work.tasks,
            folder: $app.views.folder.as_ref(),
            gpu: $app.work.gpu.as_ref(),
        }
    };
}

/// How the editor starts.
#[derive(Clone, Debug, Default)]
pub struct StartOptions {
    pub files: Vec<PathBuf>,
    pub readings: Readings,
    /// With no files given, open every file of `assets/demo` when that folder exists.
    pub open_demo: bool,
    /// Native file dialogs (off in tests: they would wait on a desktop portal).
    pub native_dialogs: bool,
}

/// The editor: a table of contents of the shell's state. The document, settings, log,
/// browser and tabs are what every part reads; the rest is grouped by what it is for. Only the
/// shell (this module and `apply/`) is handed the whole; a panel gets a [`cx::PanelCx`] and
/// its own state, and answers with intents.
pub struct StudioApp {
    /// The open files: their bytes, edits, undo history and saving.
    pub ws: Workspace,
    /// What the user chose, kept between runs (panels shown, theme, zoom, recent files).
    pub settings: Settings,
    /// The log lines and each open file's last check.
    pub log: Log,
    /// The left panel: rows, selection, filter, expansion.
    pub browser: BrowserState,
    pub tabs: tabs::Tabs,
    /// Dialogs, the palette, and the views over or beside the tabs.
    pub views: Views,
    /// Work done off the frame, and the device it draws with.
    pub work: Work,
    /// The programs and native dialogs outside the window.
    pub outside: Outside,
    /// What waits to be applied: this frame's commands and intents, and other threads'.
    queue: Queue,
    /// What the shell keeps from frame to frame for itself.
    frame: FrameState,
}

/// The dialogs and the views the shell shows over or beside the editor tabs.
#[derive(Default)]
pub struct Views {
    pub dialog: Option<Dialog>,
    /// A dialog an editor opened (one at a time).
    pub editor_dialog: Option<Box<dyn editors::EditorDialog>>,
    pub palette: Option<panels::palette::PaletteState>,
    /// The file dialog drawn in the window, where the native one cannot be shown.
    pub file_dialog: panels::file_dialog::InWindow,
    /// The compare view, shown instead of the editor tabs while open.
    pub compare: Option<compare::CompareView>,
    /// The game folder open as a project.
    pub folder: Option<project::ProjectView>,
    /// The Mods panel, packages opened on their own, the export form.
    pub mods: mods::ModsState,
    pub show_readings: bool,
    pub inspector: panels::inspector::InspectorCache,
    /// The bottom panel's tab (the log or the diagnostics).
    pub bottom_tab: log::BottomTab,
}

/// Work done off the frame.
pub struct Work {
    pub tasks: tasks::Tasks,
    pub thumbs: thumbs::Thumbnails,
    /// Every open file's check, kept current in the background.
    pub checks: live_check::LiveChecks,
    /// The window's wgpu device, for editors that draw with the 3D renderer (none in
    /// benchmarks and on a context without a wgpu painter).
    pub gpu: Option<eframe::egui_wgpu::RenderState>,
}

/// The programs and native dialogs outside the window.
pub struct Outside {
    native_dialogs: bool,
    /// Edit in External Program starts the program (off with native dialogs off, as in
    /// tests: the file is still written and watched, and listed in `launched`).
    pub launch_programs: bool,
    /// Every file handed to the external program, in order.
    pub launched: Vec<PathBuf>,
}

/// What waits to be applied.
struct Queue {
    commands: Vec<Command>,
    intents: Vec<Intent>,
    inbox_tx: Sender<Intent>,
    inbox_rx: Receiver<Intent>,
}

/// What the shell keeps from frame to frame for itself.
struct FrameState {
    /// Bumped whenever the document changes; caches compare against it.
    generation: u64,
    /// The user agreed to close the window (or nothing was unsaved).
    allow_close: bool,
    ctx: egui::Context,
    title: String,
    applied_theme: Option<(settings::Theme, f32)>,
    /// The editor that claims the selected item, with the document generation it was asked at.
    selection_editor: std::cell::RefCell<Option<(ItemPath, u64, Option<editors::EditorId>)>>,
    /// Files named on the command line, with the entry to open, whose tab opens once they
    /// are read (at once, or when a background read of a large file ends).
    open_after_load: Vec<(PathBuf, Option<String>)>,
    /// Project items to show at a byte offset once their file is read (address, offset).
    reveal_after_load: Vec<(PathBuf, String, u64)>,
    /// The item of the active tab when the selection last followed it.
    followed_tab: Option<ItemPath>,
}

impl StudioApp {
    /// The app inside eframe (or kittest's eframe harness).
    pub fn new(cc: &eframe::CreationContext<'_>, opts: StartOptions) -> StudioApp {
        let mut app = StudioApp::with_context(&cc.egui_ctx, cc.storage, opts);
        app.work.gpu = cc.wgpu_render_state.clone();
        app
    }

    /// The app on any egui context (benchmarks, headless runs).
    pub fn with_context(ctx: &egui::Context, storage: Option<&dyn eframe::Storage>, opts: StartOptions) -> StudioApp {
        let mut settings = Settings::load(storage);
        i18n::messages::install();
        // A first start takes the system's language (`run`; English elsewhere) and keeps it.
        let language = *settings.language.get_or_insert_with(i18n::first_start_language);
        i18n::set_language(language);
        let (inbox_tx, inbox_rx) = channel();
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        let mut app = StudioApp {
            ws: Workspace::new(),
            browser: BrowserState::default(),
            tabs: tabs::Tabs::default(),
            views: Views::default(),
            work: Work { tasks: tasks::Tasks::new(ctx), thumbs: thumbs::Thumbnails::new(ctx), checks: Default::default(), gpu: None },
            outside: Outside { native_dialogs: opts.native_dialogs, launch_programs: opts.native_dialogs, launched: Vec::new() },
            log: Log::default(),
            queue: Queue { commands: Vec::new(), intents: Vec::new(), inbox_tx, inbox_rx },
            frame: FrameState {
                generation: 0,
                allow_close: false,
                ctx: ctx.clone(),
                title: String::new(),
                applied_theme: None,
                selection_editor: Default::default(),
                open_after_load: Vec::new(),
                reveal_after_load: Vec::new(),
                followed_tab: None,
            },
            settings,
        };
        app.ws.readings = opts.readings;
        app.ws.open_damaged = true;
        let saved: Vec<String> = app.settings.readings.clone();
        for r in saved {
            if app.ws.readings.set(&r).is_err() {
                app.settings.readings.retain(|x| *x != r);
            }
        }
        // Readings given on the command line win over the saved ones.
        if opts.readings != Readings::default() {
            app.ws.readings = opts.readings;
        }
        let explicit = !opts.files.is_empty();
        let mut files = opts.files;
        if files.is_empty()
            && opts.open_demo
            && let Some(dir) = files::demo_folder()
        {
            files = files::demo_files(&dir);
            app.log.info(crate::tr!("log-opened-demo", path = dir.display().to_string()));
        }
        // A folder opens as a project.
        let (dirs, files): (Vec<PathBuf>, Vec<PathBuf>) = files.into_iter().partition(|f| f.is_dir());
        for d in dirs {
            app.queue.intents.push(Intent::OpenFolder(d));
        }
        // `FILE::ENTRY` (the CLI's addressing) opens the file and the entry's tab.
        let mut entries = Vec::new();
        let files: Vec<PathBuf> = files
            .into_iter()
            .map(|f| match f.to_str().and_then(|s| s.split_once("::")) {
                Some((file, entry)) if !f.exists() && Path::new(file).exists() => {
                    entries.push((PathBuf::from(file), entry.to_string()));
                    PathBuf::from(file)
                }
                _ => f,
            })
            .collect();
        // `FILE::ENTRY` opens the entry's tab rather than the file's; every other file named
        // opens as any route opens it (`Intent::Open`); the demo's files open quietly.
        app.frame.open_after_load.extend(entries.into_iter().map(|(file, entry)| (file, Some(entry))));
        if explicit {
            app.queue.intents.push(Intent::Open(files.clone()));
        } else if !files.is_empty() {
            app.open_quietly(files.clone());
        }
        app.apply_pending();
        let loaded: Vec<PathBuf> = app.ws.files().iter().map(|f| f.path.clone()).collect();
        for path in loaded {
            app.show_opened(&path);
        }
        app.apply_pending();
        app
    }

    pub fn generation(&self) -> u64 {
        self.frame.generation
    }

    /// Queues an intent, as a panel would; applied at the end of the next frame (or by
    /// [`StudioApp::apply_pending`]).
    pub fn push_intent(&mut self, i: Intent) {
        self.queue.intents.push(i);
    }

    /// Opens `files` in the browser without opening their tabs (the demo folder at start).
    fn open_quietly(&mut self, files: Vec<PathBuf>) {
        for f in files {
            self.open_path(f);
        }
    }

    /// Applies every queued command and intent now.
    pub fn apply_pending(&mut self) {
        self.drain_commands();
        if !self.queue.intents.is_empty() {
            // The frame just drawn shows the state before these; draw the result too.
            self.frame.ctx.request_repaint();
        }
        let mut guard = 0;
        while !self.queue.intents.is_empty() && guard < 64 {
            guard += 1;
            let batch = std::mem::take(&mut self.queue.intents);
            for i in batch {
                self.apply(i);
            }
        }
    }

    /// The file the File menu acts on: the selection's, the active tab's, or the only one.
    pub fn current_file(&self) -> Option<FileId> {
        let from_sel = self.browser.selection.lead().map(|p| p.file).filter(|f| self.ws.file(*f).is_some());
        from_sel
            .or_else(|| self.tabs.active_tab().map(|t| t.path.file).filter(|f| self.ws.file(*f).is_some()))
            .or_else(|| self.ws.files().first().map(|f| f.id))
    }

    /// The archive that Add Files goes into: the selected file or expanded archive, else the
    /// archive holding the selection, else the current file.
    pub fn current_archive(&self) -> Option<ItemPath> {
        if let Some(lead) = self.browser.selection.lead().cloned() {
            let open_archive = self.browser.model.row(&lead).is_some_and(|r| r.expandable && (r.expanded || r.depth == 0));
            if lead.entries.is_empty() || open_archive {
                return Some(lead);
            }
            return lead.parent().map(|(p, _)| p);
        }
        self.current_file().map(ItemPath::root)
    }

    /// The selected entries (file rows left out), in shown order.
    pub fn selected_entries(&self) -> Vec<ItemPath> {
        self.browser.model.rows.iter().map(|r| &r.path).filter(|p| !p.entries.is_empty() && self.browser.selection.contains(p)).cloned().collect()
    }

    /// One frame of the whole editor on `ui` (what `eframe::App::ui` runs).
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.begin_frame(&ctx);
        if self.views.dialog.is_none() && self.views.palette.is_none() && self.views.editor_dialog.is_none() && self.views.file_dialog.open.is_none() {
            // The compare view covers the tabs: their editors' keys wait.
            let focus = self.tabs.active_tab().filter(|_| self.views.compare.is_none()).and_then(|t| t.focused_editor());
            let pressed = apply::dispatch::pressed_shortcuts(&ctx, focus);
            self.queue.commands.extend(pressed);
        }
        self.follow_active_tab();
        // Each panel reads a `PanelCx` (and changes only its own state); what it asks for
        // goes into `out`, in the order the panels are drawn, and is applied below.
        let mut out = Vec::new();
        {
            let enabled = |c| self.command_enabled(c);
            let menu = panels::menu::Menu { cx: panel_cx!(self), enabled: &enabled };
            let mut run = Vec::new();
            panels::menu::show(&menu, ui, &mut run, &mut out);
            self.queue.commands.extend(run);
        }
        panels::status::show(&panel_cx!(self), ui, &mut out);
        if self.settings.show_log {
            panels::log::show(&panel_cx!(self), &self.tabs, &mut self.views.bottom_tab, ui, &mut out);
        }
        if self.settings.show_browser {
            egui::Panel::left("browser").resizable(true).default_size(320.0).size_range(160.0..=1400.0).show(ui, |ui| {
                self.browser_panel(ui, &mut out);
            });
        }
        if self.settings.show_inspector {
            egui::Panel::right("inspector").resizable(true).default_size(240.0).size_range(160.0..=800.0).show(ui, |ui| {
                let mut inspector = panels::inspector::Inspector {
                    cx: panel_cx!(self),
                    browser: &self.browser,
                    cache: &mut self.views.inspector,
                    thumbs: &mut self.work.thumbs,
                };
                panels::inspector::show(&mut inspector, ui, &mut out);
            });
        }
        egui::CentralPanel::default().show(ui, |ui| match self.views.compare.as_mut() {
            Some(view) => compare::show(view, &panel_cx!(self), ui, &mut out),
            None => tabs::show(&mut self.tabs, &panel_cx!(self), ui, &mut out),
        });
        if let Some(d) = &self.views.dialog {
            panels::dialogs::show(d, &self.ws, &ctx, &mut out);
        }
        self.editor_dialog_ui(&ctx);
        if let Some(mut palette) = self.views.palette.take() {
            panels::palette::show(&mut palette, &|c| self.command_enabled(c), &ctx, &mut out);
            self.views.palette = Some(palette);
        }
        panels::file_dialog::show(&mut self.views.file_dialog, &ctx, &mut out);
        if self.views.show_readings {
            panels::readings::show(&panel_cx!(self), &ctx, &mut out);
        }
        mods::panel::confirm_window(&self.views.mods, &panel_cx!(self), &ctx, &mut out);
        mods::package_view::show(&mut self.views.mods, &panel_cx!(self), &ctx, &mut out);
        mods::export::show(&mut self.views.mods, &ctx, &mut out);
        self.queue.intents.extend(out);
        self.apply_pending();
        self.end_frame(&ctx);
    }

    /// When another tab becomes active, its item becomes the selection (its archives
    /// expanded), so the inspector shows the item being edited.
    fn follow_active_tab(&mut self) {
        let active = self.tabs.active_tab().map(|t| t.path.clone());
        if active == self.frame.followed_tab {
            return;
        }
        self.frame.followed_tab = active.clone();
        let Some(path) = active else { return };
        if self.browser.selection.single() == Some(&path) {
            return;
        }
        for k in 0..path.entries.len() {
            self.browser.expansion.set(&ItemPath { file: path.file, entries: path.entries[..k].to_vec() }, true);
        }
        self.browser.invalidate();
        self.browser.selection.select_only(path.clone());
        self.browser.scroll_to = Some(path);
    }

    /// The browser panel's content: refreshes the row model if the document or the view
    /// changed, then draws the table (what the UI benchmark measures).
    pub fn browser_ui(&mut self, ui: &mut egui::Ui) {
        let mut out = Vec::new();
        self.browser_panel(ui, &mut out);
        self.queue.intents.extend(out);
    }

    fn browser_panel(&mut self, ui: &mut egui::Ui, out: &mut Vec<Intent>) {
        self.browser.refresh(&self.ws, self.frame.generation, self.settings.sort);
        if let Some(view) = self.views.folder.as_mut() {
            panels::folder::show(view, ui, out);
        }
        mods::panel::show(&mut self.views.mods, &panel_cx!(self), ui, out);
        let menu = browser::table::ContextMenu::new(&|c| self.command_enabled(c));
        let keys_taken = self.views.dialog.is_some() || self.views.palette.is_some() || self.views.compare.is_some();
        let mut table = browser::table::Table { cx: panel_cx!(self), browser: &mut self.browser, thumbs: &mut self.work.thumbs, keys_taken, menu };
        browser::table::show(&mut table, ui, out);
    }

    fn begin_frame(&mut self, ctx: &egui::Context) {
        // This thread draws in this app's language (another app on another thread, as in
        // tests, keeps its own).
        i18n::set_language(self.settings.language.unwrap_or_default());
        let want = (self.settings.theme, self.settings.zoom);
        if self.frame.applied_theme != Some(want) {
            ctx.set_theme(self.settings.theme.preference());
            ctx.set_zoom_factor(self.settings.zoom);
            self.frame.applied_theme = Some(want);
        }
        self.work.thumbs.begin_frame(ctx, self.ws.readings);
        for (label, outcome) in self.work.tasks.poll() {
            self.finish_task(&label, outcome);
        }
        for (file, report) in self.work.checks.update(&self.ws, ctx) {
            self.log.set_report(file, report);
        }
        while let Ok(i) = self.queue.inbox_rx.try_recv() {
            self.queue.intents.push(i);
        }
        self.poll_editors();
        if ctx.input(|i| i.viewport().close_requested()) && !self.frame.allow_close && self.ws.any_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.queue.intents.push(Intent::Quit { confirmed: false });
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).collect());
        if !dropped.is_empty() {
            let pos = ctx.input(|i| i.pointer.latest_pos());
            // Onto the active editor's drop area, or onto an editor tab's title: the file
            // replaces that item (its editor may take it over).
            let on_editor = self.tabs.active_tab().filter(|t| t.view == intent::ViewKind::Editor).and_then(|t| {
                let inside = pos.zip(t.editor.as_ref().and_then(|e| e.state.drop_rect())).is_some_and(|(p, r)| r.contains(p));
                inside.then(|| t.path.clone())
            });
            let on_title = pos.and_then(|p| self.tabs.title_rects.iter().find(|(r, _)| r.contains(p)).map(|(_, path)| path.clone()));
            // A folder dropped anywhere opens as the project; a mod package is installed into
            // the open project (its dry run first), or shown on its own when none is open.
            let (dirs, dropped): (Vec<PathBuf>, Vec<PathBuf>) = dropped.into_iter().partition(|p| p.is_dir());
            let (packages, dropped): (Vec<PathBuf>, Vec<PathBuf>) = dropped.into_iter().partition(|p| mods::is_package(p));
            for package in packages {
                self.queue.intents.push(match self.views.folder {
                    Some(_) => Intent::ModPreview { package, force: false, order: None },
                    None => Intent::Open(vec![package]),
                });
            }
            for d in dirs {
                self.queue.intents.push(Intent::OpenFolder(d));
            }
            match (on_editor.or(on_title), dropped.as_slice()) {
                (_, []) => {}
                (Some(path), [one]) => self.queue.intents.push(Intent::Replace { path, from: one.clone() }),
                _ => self.queue.intents.push(self.browser.drop_intent(pos, dropped)),
            }
        }
    }

    /// The editor dialog, when one is open; it closes itself once done.
    fn editor_dialog_ui(&mut self, ctx: &egui::Context) {
        let Some(d) = self.views.editor_dialog.as_mut() else { return };
        let mut out = Vec::new();
        if !d.show_with_gpu(ctx, &self.ws, self.work.gpu.as_ref(), &mut out) {
            self.views.editor_dialog = None;
        }
        self.queue.intents.extend(out);
    }

    /// The open editor dialog as its concrete type.
    pub fn editor_dialog<T: editors::EditorDialog>(&self) -> Option<&T> {
        self.views.editor_dialog.as_deref().and_then(|d| (d as &dyn std::any::Any).downcast_ref())
    }

    fn end_frame(&mut self, ctx: &egui::Context) {
        let dirty = self.ws.any_dirty();
        let current = self.current_file().and_then(|f| self.ws.file(f)).map(|f| f.name());
        let title = match current {
            Some(n) => format!("{n}{} — Parkan Studio", if dirty { " •" } else { "" }),
            None => "Parkan Studio".to_string(),
        };
        if title != self.frame.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.frame.title = title;
        }
        if self.work.tasks.busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn send_to_inbox(&self) -> Sender<Intent> {
        self.queue.inbox_tx.clone()
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.settings.save(storage);
    }

    fn on_exit(&mut self) {
        self.work.tasks.cancel_all();
        external::remove_work_dir();
    }
}

/// Opens the editor window; returns the process exit code.
pub fn run(files: Vec<PathBuf>, readings: &[String]) -> i32 {
    let mut parsed = Readings::default();
    for r in readings {
        if let Err(e) = parsed.set(r) {
            eprintln!("error: --reading {r}: {e}");
            return 2;
        }
    }
    i18n::set_first_start_language(i18n::locale::system_language());
    let size = 256;
    let viewport = egui::ViewportBuilder::default()
        .with_title("Parkan Studio")
        .with_app_id("parkan-studio")
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([720.0, 420.0])
        .with_drag_and_drop(true)
        .with_icon(egui::IconData { rgba: icon::rgba(size), width: size, height: size });
    let options = eframe::NativeOptions { viewport, renderer: eframe::Renderer::Wgpu, wgpu_options: gpu_view::window_config(), ..Default::default() };
    let opts = StartOptions { files, readings: parsed, open_demo: true, native_dialogs: true };
    match eframe::run_native("Parkan Studio", options, Box::new(move |cc| Ok(Box::new(StudioApp::new(cc, opts))))) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: could not open the editor window: {e}");
            2
        }
    }
}
