//! The one place where state changes: every [`Intent`] the panels, the command queue, the
//! dialogs and the background tasks produce is applied here, after the frame's UI ran.
//! Document changes go through `Workspace::apply` (undoable) and then move the editor's own
//! references to entries (selection, tabs, expanded rows) by the edit's index shift.

use super::StudioApp;
use crate::doc::items;
use super::files;
use super::editors::{self, EditorId, EditorState, Host, ItemEditor};
use super::intent::{Dialog, Intent, ItemEdit, Then, ViewKind, Zoom};
use super::tasks::{CheckSink, Outcome};
use crate::doc::{Change, Edit, EditOp, FileId, ItemPath, MergeKey, SaveError};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::TABLE;
use std::path::{Path, PathBuf};

impl StudioApp {
    pub(super) fn apply(&mut self, intent: Intent) {
        match intent {
            Intent::Open(paths) => {
                for p in paths {
                    self.open_path(p);
                }
            }
            Intent::OpenFolder(dir) => self.open_folder(dir),
            Intent::Unpack { src, dest } => {
                let label = format!("Unpacking {}", src.display());
                self.tasks.spawn(label, move |p| super::tasks::run_batch(false, src, dest, p));
            }
            Intent::Pack { dir, dest } => {
                let label = format!("Packing {}", dir.display());
                self.tasks.spawn(label, move |p| super::tasks::run_batch(true, dir, dest, p));
            }
            Intent::CloseFolder => self.folder = None,
            Intent::Save { file, force, then } => self.save(file, force, then),
            Intent::SaveAs { file, path } => match self.ws.save_as(file, &path) {
                Ok(()) => {
                    self.log.info(format!("saved as {}", path.display()));
                    self.settings.remember_file(&path);
                    self.changed();
                }
                Err(e) => self.fail("Save As", e.to_string()),
            },
            Intent::SaveAll { then } => self.save_all(then),
            Intent::Close { file, confirmed } => {
                if !confirmed && self.ws.is_dirty(file) {
                    self.dialog = Some(Dialog::Unsaved { files: vec![file], then: Then::Close(file) });
                } else {
                    self.close_file(file);
                }
            }
            Intent::Quit { confirmed } => {
                if !confirmed && self.ws.any_dirty() {
                    let files = self.ws.files().iter().filter(|f| f.is_dirty()).map(|f| f.id).collect();
                    self.dialog = Some(Dialog::Unsaved { files, then: Then::Quit });
                } else {
                    self.dialog = None;
                    self.allow_close = true;
                    self.ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }

            Intent::Rename { path, name } => {
                self.browser.renaming = None;
                let before = items::address(&self.ws, &path);
                match items::rename(&path, &name) {
                    Ok(e) => {
                        if self.edit(e) {
                            self.log.info(format!("renamed {before} to {name}"));
                        }
                    }
                    Err(m) => self.log.error(format!("rename: {m}")),
                }
            }
            Intent::Delete(paths) => {
                // One undo step per file, however many entries.
                let mut per_file: Vec<(FileId, Vec<Edit>)> = Vec::new();
                for e in items::delete(&paths) {
                    match per_file.iter_mut().find(|(f, _)| *f == e.file) {
                        Some((_, v)) => v.push(e),
                        None => per_file.push((e.file, vec![e])),
                    }
                }
                let mut removed = 0;
                for (_, group) in per_file {
                    let n = group.len();
                    let label = format!("Remove {n} entries");
                    if let Some(e) = items::batch(label, group)
                        && self.edit(e)
                    {
                        removed += n;
                    }
                }
                if removed > 0 {
                    self.log.info(format!("removed {removed} entr{}", if removed == 1 { "y" } else { "ies" }));
                }
            }
            Intent::Replace { path, from } => match std::fs::read(&from) {
                // The item's editor may take the file over (to convert it first, say).
                Ok(b) => match editors::editor_of(&self.ws, &path).and_then(|e| e.take_file(&path, &from, &b).map(|m| (e.id(), m))) {
                    Some((editor, msg)) => self.apply(Intent::Editor { editor, target: path, msg }),
                    None => self.apply(Intent::ReplaceBytes { path, bytes: SharedBytes::from(b) }),
                },
                Err(e) => self.fail("Replace", format!("{}: {e}", from.display())),
            },
            Intent::EditItem(e) => self.edit_item(e),
            Intent::ReplaceBytes { path, bytes } => {
                let n = bytes.len();
                let e = items::replace(&path, bytes);
                if self.edit(e) {
                    self.log.info(format!("replaced {} ({n} bytes)", items::address(&self.ws, &path)));
                }
            }
            Intent::Add { archive, files } => self.add_files(&archive, &files),
            Intent::SetAttrs { path, type_id, attrs, dragging } => match items::set_attrs(&path, type_id, attrs) {
                Ok(e) => {
                    let e = if dragging { e.merging(MergeKey::new(&path, "attrs")) } else { e };
                    self.edit(e);
                }
                Err(m) => self.log.error(m),
            },
            Intent::EndDrag => self.ws.history.seal(),
            Intent::Compact(a) => {
                self.edit(Edit::new(a.file, a.entries.clone(), EditOp::Compact));
            }
            Intent::RebuildLookup(a) => {
                self.edit(Edit::new(a.file, a.entries.clone(), EditOp::RebuildLookup));
            }
            Intent::Undo => self.undo_redo(true),
            Intent::Redo => self.undo_redo(false),

            Intent::Extract { items, to } => self.extract(items, to),
            Intent::ExtractAll { archive, dir } => {
                if let Ok(n) = items::node_at(&self.ws, &archive) {
                    let all: Vec<usize> = (0..n.len()).collect();
                    self.extract_task(&archive, all, dir);
                }
            }
            Intent::Check(file) => self.check(file),
            Intent::CancelTasks => self.tasks.cancel_all(),

            Intent::DropOnRow { target, files } => {
                let row = self.browser.model.row(&target);
                let is_open_archive = target.entries.is_empty() || row.is_some_and(|r| r.expandable && r.expanded);
                if is_open_archive {
                    self.apply(Intent::Add { archive: target, files });
                } else if files.len() == 1 {
                    self.apply(Intent::Replace { path: target, from: files[0].clone() });
                } else if let Some((parent, _)) = target.parent() {
                    self.apply(Intent::Add { archive: parent, files });
                }
            }
            Intent::DropOnBrowser(files) => match self.current_archive() {
                Some(a) if items::node_at(&self.ws, &a).is_ok_and(|n| n.is_archive()) => self.apply(Intent::Add { archive: a, files }),
                _ => self.apply(Intent::Open(files)),
            },

            Intent::Select { path, mods } => {
                let order = self.browser.model.order();
                self.browser.selection.click(&path, mods, &order);
                if self.browser.renaming.as_ref().is_some_and(|r| r.path != path) {
                    self.browser.renaming = None;
                }
            }
            Intent::SelectStep { delta, extend } => {
                let order = self.browser.model.order();
                self.browser.selection.step(delta, extend, &order);
                self.browser.scroll_to = self.browser.selection.lead().cloned();
            }
            Intent::SelectAll => {
                let order = self.browser.model.order();
                self.browser.selection.set_all(&order);
            }
            Intent::SetExpanded { path, open } => {
                self.browser.expansion.set(&path, open);
                self.browser.invalidate();
            }
            Intent::SetSort(sort) => {
                self.settings.sort = sort;
                self.browser.invalidate();
            }
            Intent::OpenTab(path) => {
                if items::exists(&self.ws, &path) {
                    let view = if editors::editor_of(&self.ws, &path).is_some() { ViewKind::Editor } else { ViewKind::Summary };
                    self.tabs.open(path, view);
                }
            }
            Intent::ActivateTab(i) => self.tabs.activate(i),
            Intent::CloseTab(i) => self.tabs.close(i),
            Intent::MoveTab { from, to } => self.tabs.move_tab(from, to),
            Intent::SetView { tab, view } => self.tabs.set_view(tab, view),
            Intent::StartRename(path) => {
                let name = items::meta_of(&self.ws, &path).map(|m| m.name);
                if let Some(name) = name {
                    self.browser.start_rename(path, name);
                }
            }
            Intent::CancelRename => self.browser.renaming = None,
            Intent::FocusFilter => self.browser.focus_filter = true,
            Intent::Reveal { file, entry } => self.reveal(file, entry.as_deref()),
            Intent::SetTheme(t) => self.settings.theme = t,
            Intent::TogglePanel(p) => self.settings.toggle(p),
            Intent::Zoom(z) => {
                self.settings.zoom = match z {
                    Zoom::In => (self.settings.zoom * 1.1).min(4.0),
                    Zoom::Out => (self.settings.zoom / 1.1).max(0.4),
                    Zoom::Reset => 1.0,
                }
            }
            Intent::SetReading(spec) => self.set_reading(&spec),
            Intent::ShowDialog(d) => self.dialog = Some(d),
            Intent::CloseDialog => self.dialog = None,
            Intent::OpenPalette => self.palette = Some(Default::default()),
            Intent::ClosePalette => self.palette = None,
            Intent::ShowReadings(b) => self.show_readings = b,
            Intent::Run(c) => {
                let v = self.intents_for(c);
                self.intents.extend(v);
            }
            Intent::RunEditor { cmd, target } => self.with_editor(cmd.editor, &target, |e, state, host| e.run(cmd.index, &target, state, host)),
            Intent::Editor { editor, target, msg } => self.with_editor(editor, &target, |e, state, host| e.handle(&target, msg, state, host)),
            Intent::CloseEditorDialog => self.editor_dialog = None,
            Intent::Log(severity, m) => self.log.push(severity, m),
            Intent::Pick(p) => {
                if self.native_dialogs {
                    super::pickers::spawn(p, self.settings.last_dir.clone(), self.send_to_inbox(), self.ctx.clone());
                } else {
                    self.log.info("file dialogs are off in this session");
                }
            }
            Intent::CopyText(s) => self.ctx.copy_text(s),
            Intent::RemoveStaleTemps(temps) => {
                for (path, len) in temps {
                    let stale = crate::doc::save::StaleTemp { path: path.clone(), len, age: Default::default() };
                    match crate::doc::save::remove_stale_temp(&stale) {
                        Ok(()) => self.log.info(format!("removed {}", path.display())),
                        Err(e) => self.log.error(format!("{}: {e}", path.display())),
                    }
                }
            }
        }
    }

    /// Applies one document edit; false (and a log line) when the document refused it.
    fn edit(&mut self, e: Edit) -> bool {
        self.edit_change(e).is_some()
    }

    /// Applies one document edit and returns what it changed.
    fn edit_change(&mut self, e: Edit) -> Option<Change> {
        let label = e.label();
        match self.ws.apply(e) {
            Ok(change) => {
                self.after_change(&change);
                Some(change)
            }
            Err(err) => {
                self.log.error(format!("{label}: {err}"));
                None
            }
        }
    }

    fn undo_redo(&mut self, undo: bool) {
        let r = if undo { self.ws.undo_step() } else { self.ws.redo_step() };
        let word = if undo { "undo" } else { "redo" };
        match r {
            Ok(Some((label, change))) => {
                self.after_change(&change);
                self.log.info(format!("{word}: {label}"));
            }
            Ok(None) => self.log.info(format!("nothing to {word}")),
            Err(e) => self.log.error(format!("{word}: {e}")),
        }
    }

    /// An edit, undo or redo went through: references follow its index shift, and only what
    /// it changed is rebuilt.
    fn after_change(&mut self, c: &Change) {
        let f = |p: &ItemPath| c.shift.map(p);
        self.browser.remap(&f);
        self.tabs.remap(&f);
        self.tabs.invalidate_where(&|p| c.affects(p));
        self.inspector.invalidate_where(&|p| c.affects(p));
        self.document_moved();
    }

    /// Anything else changed (a file opened, closed or saved, a reading): every cache goes
    /// stale.
    pub(super) fn changed(&mut self) {
        self.tabs.invalidate_where(&|_| true);
        self.inspector.invalidate_where(&|_| true);
        self.browser.invalidate();
        self.document_moved();
    }

    /// The browser rebuilds the rows of the files whose state moved on.
    fn document_moved(&mut self) {
        self.generation += 1;
        let ws = &self.ws;
        let keep = |p: &ItemPath| items::exists(ws, p);
        self.browser.selection.retain(&keep);
        self.tabs.retain(&keep);
    }

    fn fail(&mut self, what: &str, message: String) {
        self.log.error(format!("{what}: {message}"));
        self.dialog = Some(Dialog::Message { title: what.to_string(), text: message });
    }

    fn open_path(&mut self, p: PathBuf) {
        if p.is_dir() {
            self.open_folder(p);
            return;
        }
        let canon = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        let already = self.ws.files().iter().find(|f| f.path == p || std::fs::canonicalize(&f.path).is_ok_and(|c| c == canon)).map(|f| f.id);
        if let Some(id) = already {
            self.browser.selection.select_only(ItemPath::root(id));
            self.browser.scroll_to = Some(ItemPath::root(id));
            self.log.info(format!("{} is already open", p.display()));
            return;
        }
        let large = std::fs::metadata(&p).is_ok_and(|m| m.len() >= files::LARGE_FILE);
        if large {
            let label = format!("Reading {}", p.file_name().map(|n| n.to_string_lossy()).unwrap_or_default());
            self.tasks.spawn(label, move |progress| files::preload(&p, progress));
            return;
        }
        self.open_now(&p, None);
    }

    /// Opens a file, from bytes a background reader already has when given.
    fn open_now(&mut self, p: &Path, read: Option<(SharedBytes, Option<crate::doc::save::DiskStamp>)>) {
        let opened = match read {
            Some((bytes, stamp)) => self.ws.open_read(p, bytes, stamp),
            None => self.ws.open(p),
        };
        match opened {
            Ok(id) => {
                let (name, what, diags) = match self.ws.file(id) {
                    Some(f) if f.root().is_archive() => (f.name(), format!("{} entries", f.root().len()), f.open_diagnostics.clone()),
                    Some(f) => {
                        let len = match f.root() {
                            crate::doc::node::Node::Blob(b) => b.len(),
                            other => other.write().len(),
                        };
                        (f.name(), format!("{len} bytes"), f.open_diagnostics.clone())
                    }
                    None => return,
                };
                self.log.info(format!("opened {} ({what})", p.display()));
                for d in diags {
                    self.log.push(d.severity, format!("{name} @0x{:X}: {}", d.offset.unwrap_or(0), d.message));
                }
                self.settings.remember_file(p);
                self.notice_stale_temps(p);
                if self.browser.selection.is_empty() {
                    self.browser.selection.select_only(ItemPath::root(id));
                }
                self.changed();
                self.show_opened(p);
            }
            Err(e) => self.log.error(format!("open: {e}")),
        }
    }

    /// Opens the tab that the command line asked for `path`, now that it is read: the file's
    /// editor when one claims it, or the named entry.
    pub(super) fn show_opened(&mut self, path: &Path) {
        let Some(id) = self.ws.files().iter().find(|f| f.path == path).map(|f| f.id) else { return };
        let (asked, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.open_after_load).into_iter().partition(|(f, _)| f == path);
        self.open_after_load = rest;
        for (_, entry) in asked {
            match entry {
                None => {
                    let root = ItemPath::root(id);
                    if editors::editor_of(&self.ws, &root).is_some() {
                        self.intents.push(Intent::OpenTab(root));
                    }
                }
                Some(entry) => match items::resolve(&self.ws, id, &entry) {
                    Some(item) => {
                        self.intents.push(Intent::Reveal { file: id, entry: Some(entry) });
                        self.intents.push(Intent::OpenTab(item));
                    }
                    None => self.log.error(format!("{}: no entry {entry}", path.display())),
                },
            }
        }
    }

    /// Temporary files of interrupted saves of `path`: logged, and offered for removal (never
    /// removed without asking).
    fn notice_stale_temps(&mut self, path: &Path) {
        let stale = crate::doc::save::stale_temp_files(path);
        if stale.is_empty() {
            return;
        }
        for t in &stale {
            self.log.warn(t.notice(path));
        }
        if self.dialog.is_none() {
            self.dialog = Some(Dialog::StaleTemps { of: path.to_path_buf(), temps: stale.into_iter().map(|t| (t.path, t.len)).collect() });
        }
    }

    fn open_folder(&mut self, dir: PathBuf) {
        self.settings.remember_folder(&dir);
        let label = format!("Scanning {}", dir.display());
        self.tasks.spawn(label, move |p| files::scan_folder(&dir, p));
    }

    fn close_file(&mut self, file: FileId) {
        let name = self.ws.file(file).map(|f| f.name()).unwrap_or_default();
        self.ws.close(file);
        self.log.forget_file(file);
        self.browser.forget_file(file);
        self.log.info(format!("closed {name}"));
        self.changed();
    }

    fn save(&mut self, file: FileId, force: bool, then: Then) {
        match self.ws.save(file, force) {
            Ok(()) => {
                self.saved(file);
                self.continue_with(then);
            }
            Err(SaveError::ChangedOnDisk(_)) => self.dialog = Some(Dialog::ChangedOnDisk { file, then, all: false }),
            Err(e) => self.fail("Save", e.to_string()),
        }
    }

    fn save_all(&mut self, then: Then) {
        let dirty: Vec<FileId> = self.ws.files().iter().filter(|f| f.is_dirty()).map(|f| f.id).collect();
        for f in dirty {
            match self.ws.save(f, false) {
                Ok(()) => self.saved(f),
                Err(SaveError::ChangedOnDisk(_)) => {
                    self.dialog = Some(Dialog::ChangedOnDisk { file: f, then, all: true });
                    return;
                }
                Err(e) => {
                    self.fail("Save", e.to_string());
                    return;
                }
            }
        }
        self.continue_with(then);
    }

    fn saved(&mut self, file: FileId) {
        if let Some(f) = self.ws.file(file) {
            let path = f.path.clone();
            self.log.info(format!("saved {}", path.display()));
            self.settings.remember_file(&path);
            self.notice_stale_temps(&path);
        }
        self.changed();
    }

    fn continue_with(&mut self, then: Then) {
        match then {
            Then::Nothing => {}
            Then::Close(f) => self.intents.push(Intent::Close { file: f, confirmed: true }),
            Then::Quit => self.intents.push(Intent::Quit { confirmed: false }),
        }
    }

    /// Adds the files as entries, all in one undo step; a file that cannot be read or named is
    /// reported and left out.
    fn add_files(&mut self, archive: &ItemPath, paths: &[PathBuf]) {
        let mut group = Vec::new();
        for p in paths {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let bytes = match std::fs::read(p) {
                Ok(b) => SharedBytes::from(b),
                Err(e) => {
                    self.log.error(format!("add: {}: {e}", p.display()));
                    continue;
                }
            };
            match items::add(&self.ws, archive, &name, bytes) {
                Ok(e) => group.push(e),
                Err(m) => self.log.error(format!("add {name}: {m}")),
            }
        }
        let added = group.len();
        let change = items::batch(format!("Add {added} files"), group).and_then(|e| self.edit_change(e));
        let applied = change.is_some();
        if let Some(n) = change.as_ref().and_then(|c| c.shift.last_inserted()) {
            self.browser.selection.select_only(n.clone());
            self.browser.scroll_to = Some(n);
        }
        if applied {
            self.browser.expansion.set(archive, true);
            self.log.info(format!("added {added} file{} to {}", if added == 1 { "" } else { "s" }, items::address(&self.ws, archive)));
        }
    }

    fn extract(&mut self, items: Vec<ItemPath>, to: PathBuf) {
        let items: Vec<ItemPath> = items.into_iter().filter(|p| !p.entries.is_empty()).collect();
        if let [one] = items.as_slice() {
            let target = if to.is_dir() {
                let (parent, index) = one.parent().expect("entries are not empty");
                let metas = items::node_at(&self.ws, &parent).map(|n| n.metas()).unwrap_or_default();
                if index >= metas.len() {
                    return;
                }
                to.join(items::output_name(&metas, index))
            } else {
                to
            };
            let r = items::bytes_of(&self.ws, one).and_then(|b| std::fs::write(&target, &*b).map_err(|e| e.to_string()).map(|_| b.len()));
            match r {
                Ok(n) => self.log.info(format!("extracted {} to {} ({n} bytes)", items::address(&self.ws, one), target.display())),
                Err(e) => self.fail("Extract", format!("{}: {e}", target.display())),
            }
            return;
        }
        // Several entries: one task per archive they come from.
        let mut groups: Vec<(ItemPath, Vec<usize>)> = Vec::new();
        for p in items {
            let (parent, index) = p.parent().expect("entries are not empty");
            match groups.iter_mut().find(|(a, _)| *a == parent) {
                Some((_, v)) => v.push(index),
                None => groups.push((parent, vec![index])),
            }
        }
        for (archive, indices) in groups {
            self.extract_task(&archive, indices, to.clone());
        }
    }

    fn extract_task(&mut self, archive: &ItemPath, indices: Vec<usize>, dir: PathBuf) {
        let node = match items::node_at(&self.ws, archive) {
            Ok(n) if n.is_archive() => (*n).clone(),
            _ => {
                self.log.error("extract: not an archive");
                return;
            }
        };
        let label = format!("Extracting {} entries of {}", indices.len(), items::address(&self.ws, archive));
        self.tasks.spawn(label, move |p| files::extract_into(&node, &indices, &dir, p));
    }

    /// Runs `f` with the editor, the target's tab state when a tab of that editor has it open,
    /// and the host the editor works through; what it asks for is applied next.
    fn with_editor(&mut self, editor: EditorId, target: &ItemPath, f: impl FnOnce(&dyn ItemEditor, Option<&mut dyn EditorState>, &mut Host)) {
        let Some(e) = editors::by_id(editor) else { return };
        let mut out = Vec::new();
        let state = self.tabs.tabs.iter_mut().find(|t| t.path == *target && t.editor.as_ref().is_some_and(|s| s.id == editor)).and_then(|t| t.editor.as_mut()).map(|s| s.state.as_mut());
        let mut host = Host { ws: &self.ws, log: &mut self.log, dialog: &mut self.editor_dialog, out: &mut out };
        f(e, state, &mut host);
        self.intents.extend(out);
    }

    fn edit_item(&mut self, e: ItemEdit) {
        match items::edit_item(&e.path, e.bytes, e.attrs) {
            Ok(edit) => {
                let edit = edit.labelled(e.label);
                self.edit(match e.merge {
                    Some(k) => edit.merging(k),
                    None => edit,
                });
            }
            Err(m) => self.log.error(format!("{}: {m}", e.label)),
        }
    }

    fn check(&mut self, file: FileId) {
        let Some(f) = self.ws.file(file) else { return };
        let name = f.name();
        let bytes = match self.ws.item_bytes(&ItemPath::root(file)) {
            Ok(b) => b,
            Err(e) => {
                self.log.error(format!("check {name}: {e}"));
                return;
            }
        };
        let readings = self.ws.readings;
        // A level's draw ranges are checked against the level.geom beside it, open or on disk.
        let assets = crate::doc::resolve::WorkspaceAssets::for_item(&self.ws, &ItemPath::root(file));
        self.tasks.spawn(format!("Checking {name}"), move |p| {
            let mut report = crate::doc::check::check_bytes_with(&name, bytes.clone(), &readings, &mut CheckSink(p));
            let file_name = std::path::Path::new(&name).file_name().map_or(name.clone(), |n| n.to_string_lossy().into_owned());
            crate::export::level::check_draws(&file_name, &bytes, &assets, &mut report);
            Outcome::Checked { file, report }
        });
    }

    pub(super) fn finish_task(&mut self, label: &str, outcome: Outcome) {
        match outcome {
            Outcome::Loaded { path, result: Ok(read) } => self.open_now(&path, Some(read)),
            Outcome::Loaded { result: Err(m), .. } => self.log.error(format!("open: {m}")),
            Outcome::Scanned { root, files, truncated } => {
                self.log.info(format!("{}: {} game files{}", root.display(), files.len(), if truncated { " (listing cut short)" } else { "" }));
                self.folder = Some(super::panels::folder::FolderListing::new(root, files));
            }
            Outcome::Batch { verb, dest, report } => match report {
                Err(e) => self.log.error(format!("{verb}: {e}")),
                Ok(r) => {
                    for c in r.changes.iter().take(50) {
                        self.log.info(format!("{verb}: {c}"));
                    }
                    for n in &r.notes {
                        self.log.info(format!("{verb}: {n}"));
                    }
                    for f in r.failures.iter().take(50) {
                        self.log.error(format!("{verb}: {}: {}", f.item, f.message));
                    }
                    let failed = if r.failures.is_empty() { String::new() } else { format!(", {} failed (nothing written for those)", r.failures.len()) };
                    self.log.info(format!("{verb}: {} files -> {} files written to {}{failed}", r.items, r.files_written, dest.display()));
                }
            },
            Outcome::Extracted { dest, written, failed } => {
                self.log.info(format!("extracted {written} entries to {}", dest.display()));
                for f in failed.iter().take(50) {
                    self.log.error(format!("extract: {f}"));
                }
                if failed.len() > 50 {
                    self.log.error(format!("extract: {} more failures", failed.len() - 50));
                }
            }
            Outcome::Checked { file, report } => {
                let errors = report.diagnostics.iter().filter(|d| d.severity == crate::formats::Severity::Error).count();
                let line = format!(
                    "check {}: {}, {} entries, round trip {}, {} findings ({errors} errors)",
                    report.path,
                    if report.ok { "ok" } else { "FAILED" },
                    report.entries,
                    if report.roundtrip { "exact" } else { "differs" },
                    report.diagnostics.len()
                );
                if report.ok { self.log.info(line) } else { self.log.error(line) }
                self.log.set_report(file, report);
                self.log.tab = super::log::BottomTab::Diagnostics;
                self.settings.show_log = true;
            }
            Outcome::Cancelled => self.log.warn(format!("{label}: cancelled")),
        }
    }

    fn reveal(&mut self, file: FileId, entry: Option<&str>) {
        let path = match entry {
            None => Some(ItemPath::root(file)),
            Some(e) => items::resolve(&self.ws, file, e),
        };
        let Some(path) = path else {
            self.log.warn(format!("no entry {entry:?} any more"));
            return;
        };
        for k in 0..path.entries.len() {
            self.browser.expansion.set(&ItemPath { file, entries: path.entries[..k].to_vec() }, true);
        }
        self.browser.invalidate();
        self.browser.selection.select_only(path.clone());
        self.browser.scroll_to = Some(path);
    }

    fn set_reading(&mut self, spec: &str) {
        if let Err(e) = self.ws.readings.set(spec) {
            self.log.error(e);
            return;
        }
        let name = spec.split('=').next().unwrap_or_default();
        self.settings.readings.retain(|r| r.split('=').next() != Some(name));
        let is_default = TABLE.iter().any(|(n, values, _)| *n == name && spec.ends_with(&format!("={}", values[0])));
        if !is_default {
            self.settings.readings.push(spec.to_string());
        }
        self.log.info(format!("reading {spec}"));
        self.changed();
    }
}
