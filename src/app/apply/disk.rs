//! Intents about files and work on disk: open, save, close, quit, extract, check, and the
//! background tasks' results.

use super::*;
use crate::tr;

impl StudioApp {
    pub(super) fn apply_file(&mut self, intent: Intent) {
        match intent {
            Intent::Open(paths) => {
                // Whatever the route (command line, menu, Open Recent, a drop, the folder
                // list), a file opens its editor's tab once read, as the command line did.
                for p in paths {
                    if !p.is_dir() && !crate::app::mods::is_package(&p) && !self.frame.open_after_load.iter().any(|(f, _)| *f == p) {
                        self.frame.open_after_load.push((p.clone(), None));
                    }
                    self.open_path(p);
                }
            }
            Intent::OpenReferenced(p) => self.open_path(p),
            Intent::OpenFolder(dir) => self.open_folder(dir),
            Intent::Unpack { src, dest } => {
                let label = tr!("task-unpacking", path = src.display().to_string());
                self.work.tasks.spawn(label, move |p| crate::app::tasks::run_batch(false, src, dest, p));
            }
            Intent::Pack { dir, dest } => {
                let label = tr!("task-packing", path = dir.display().to_string());
                self.work.tasks.spawn(label, move |p| crate::app::tasks::run_batch(true, dir, dest, p));
            }
            Intent::CloseFolder => self.views.folder = None,
            Intent::OpenProjectItem { address, offset } => self.open_project_item(&address, offset),
            Intent::OpenLinked { file, entry } => {
                // Shown once read (at once when the file is open already: `open_path` then
                // calls `show_opened`).
                self.frame.open_after_load.push((file.clone(), entry));
                self.open_path(file);
            }
            Intent::FocusProjectSearch => match self.views.folder.as_mut() {
                Some(v) => {
                    self.settings.show_browser = true;
                    v.focus_search = true;
                }
                None => self.log.info(tr!("log-no-project")),
            },
            Intent::Save { file, force, then } => self.save(file, force, then),
            Intent::SaveAs { file, path } => match self.ws.save_as(file, &path) {
                Ok(()) => {
                    self.log.info(tr!("log-saved-as", path = path.display().to_string()));
                    self.settings.remember_file(&path);
                    self.changed();
                }
                Err(e) => self.fail(&tr!("title-save-as"), e.to_string()),
            },
            Intent::SaveAll { then } => self.save_all(then),
            Intent::Close { file, confirmed } => {
                if !confirmed && self.ws.is_dirty(file) {
                    self.views.dialog = Some(Dialog::Unsaved { files: vec![file], then: Then::Close(file) });
                } else {
                    self.close_file(file);
                }
            }
            Intent::Quit { confirmed } => {
                if !confirmed && self.ws.any_dirty() {
                    let files = self.ws.files().iter().filter(|f| f.is_dirty()).map(|f| f.id).collect();
                    self.views.dialog = Some(Dialog::Unsaved { files, then: Then::Quit });
                } else {
                    self.views.dialog = None;
                    self.frame.allow_close = true;
                    self.frame.ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
            Intent::Extract { items, to } => self.extract(items, to),
            Intent::ExtractAll { archive, dir } => {
                if let Ok(n) = items::node_at(&self.ws, &archive) {
                    let all: Vec<usize> = (0..n.len()).collect();
                    self.extract_task(&archive, all, dir);
                }
            }
            Intent::Check(file) => self.check(file),
            Intent::CancelTasks => self.work.tasks.cancel_all(),
            Intent::RemoveStaleTemps(temps) => {
                for (path, len) in temps {
                    let stale = crate::doc::save::StaleTemp { path: path.clone(), len, age: Default::default() };
                    match crate::doc::save::remove_stale_temp(&stale) {
                        Ok(()) => self.log.info(tr!("log-removed-file", path = path.display().to_string())),
                        Err(e) => self.log.error(format!("{}: {e}", path.display())),
                    }
                }
            }
            i @ (Intent::ModPreview { .. }
            | Intent::ModInstall { .. }
            | Intent::ModDismissPreview
            | Intent::ModUninstall(_)
            | Intent::ModMove { .. }
            | Intent::ModClosePackage(_)
            | Intent::ModExportChanges { .. }
            | Intent::ModExportWrite(_)
            | Intent::ModExportClose) => self.apply_mods(i),
            Intent::OpenExternal(file) => {
                if self.outside.launch_programs {
                    if let Err(e) = crate::app::external::launch(&file, &self.settings.external_program) {
                        let text = tr!("log-external-failed", error = e.to_string());
                        self.log.error(e);
                        self.views.dialog = Some(crate::app::intent::Dialog::Message { title: tr!("title-edit-external"), text });
                    }
                } else {
                    self.log.info(tr!("log-external-off", path = file.display().to_string()));
                }
                self.outside.launched.push(file);
            }
            other => self.misrouted(other),
        }
    }

    pub(in crate::app) fn open_path(&mut self, p: PathBuf) {
        if p.is_dir() {
            self.open_folder(p);
            return;
        }
        if crate::app::mods::is_package(&p) {
            self.open_package(&p);
            return;
        }
        let canon = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        let already = self.ws.files().iter().find(|f| f.path == p || std::fs::canonicalize(&f.path).is_ok_and(|c| c == canon)).map(|f| f.id);
        if let Some(id) = already {
            self.browser.selection.select_only(ItemPath::root(id));
            self.browser.scroll_to = Some(ItemPath::root(id));
            self.log.info(tr!("log-already-open", path = p.display().to_string()));
            let opened = self.ws.file(id).map(|f| f.path.clone()).unwrap_or_default();
            self.frame.open_after_load.iter_mut().filter(|(f, _)| *f == p).for_each(|(f, _)| *f = opened.clone());
            self.frame.reveal_after_load.iter_mut().filter(|(f, ..)| *f == p).for_each(|(f, ..)| *f = opened.clone());
            self.show_opened(&opened);
            return;
        }
        let large = std::fs::metadata(&p).is_ok_and(|m| m.len() >= files::LARGE_FILE);
        if large {
            let label = tr!("task-reading", name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
            self.work.tasks.spawn(label, move |progress| files::preload(&p, progress));
            return;
        }
        self.open_now(&p, None);
    }

    /// Opens a file, from bytes a background reader already has when given.
    pub(super) fn open_now(&mut self, p: &Path, read: Option<(SharedBytes, Option<crate::doc::save::DiskStamp>)>) {
        let opened = match read {
            Some((bytes, stamp)) => self.ws.open_read(p, bytes, stamp),
            None => self.ws.open(p),
        };
        match opened {
            Ok(id) => {
                let (name, what, diags) = match self.ws.file(id) {
                    Some(f) if f.root().is_archive() => (f.name(), tr!("log-entries-count", n = f.root().len()), f.open_diagnostics.clone()),
                    Some(f) => {
                        let len = match f.root() {
                            crate::doc::node::Node::Blob(b) => b.len(),
                            other => other.write().len(),
                        };
                        (f.name(), tr!("log-bytes-count", n = len), f.open_diagnostics.clone())
                    }
                    None => return,
                };
                self.log.info(tr!("log-opened", path = p.display().to_string(), what = what));
                for d in diags {
                    self.log.push(d.severity, format!("{name} @0x{:X}: {}", d.offset.unwrap_or(0), crate::app::i18n::messages::diagnostic(&d)));
                }
                self.settings.remember_file(p);
                self.notice_stale_temps(p);
                if self.browser.selection.is_empty() {
                    self.browser.selection.select_only(ItemPath::root(id));
                }
                self.changed();
                self.show_opened(p);
            }
            Err(e) => {
                let error = match &e {
                    crate::doc::OpenError::Format(p, e) => format!("{}: {}", p.display(), crate::app::i18n::messages::error(e)),
                    crate::doc::OpenError::Io(..) => e.to_string(),
                };
                self.log.error(tr!("log-open-failed", error = error));
            }
        }
    }

    /// Opens the tab that the command line asked for `path`, now that it is read: the file's
    /// editor when one claims it, or the named entry.
    pub(in crate::app) fn show_opened(&mut self, path: &Path) {
        let Some(id) = self.ws.files().iter().find(|f| f.path == path).map(|f| f.id) else { return };
        let (asked, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.frame.open_after_load).into_iter().partition(|(f, _)| f == path);
        self.frame.open_after_load = rest;
        for (_, entry) in asked {
            match entry {
                None => {
                    let root = ItemPath::root(id);
                    if editors::editor_of(&self.ws, &root).is_some() {
                        self.queue.intents.push(Intent::OpenTab(root));
                    } else {
                        self.show_unclaimed(id);
                    }
                }
                Some(entry) => match items::resolve(&self.ws, id, &entry) {
                    Some(item) => {
                        self.queue.intents.push(Intent::Reveal { file: id, entry: Some(entry) });
                        self.queue.intents.push(Intent::OpenTab(item));
                    }
                    None => self.log.error(tr!("log-no-entry", path = path.display().to_string(), entry = entry)),
                },
            }
        }
        let (places, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.frame.reveal_after_load).into_iter().partition(|(f, ..)| f == path);
        self.frame.reveal_after_load = rest;
        for (_, address, offset) in places {
            self.queue.intents.push(Intent::OpenProjectItem { address, offset: Some(offset) });
        }
    }

    /// Temporary files of interrupted saves of `path`: logged, and offered for removal (never
    /// removed without asking).
    pub(super) fn notice_stale_temps(&mut self, path: &Path) {
        let stale = crate::doc::save::stale_temp_files(path);
        if stale.is_empty() {
            return;
        }
        for t in &stale {
            self.log.warn(crate::app::i18n::messages::message(&t.notice(path)));
        }
        if self.views.dialog.is_none() {
            self.views.dialog = Some(Dialog::StaleTemps { of: path.to_path_buf(), temps: stale.into_iter().map(|t| (t.path, t.len)).collect() });
        }
    }

    pub(super) fn open_folder(&mut self, dir: PathBuf) {
        self.settings.remember_folder(&dir);
        let label = tr!("task-opening-project", path = dir.display().to_string());
        self.work.tasks.spawn(label, move |_| files::walk_project(&dir));
    }

    pub(super) fn close_file(&mut self, file: FileId) {
        let name = self.ws.file(file).map(|f| f.name()).unwrap_or_default();
        self.ws.close(file);
        self.log.forget_file(file);
        self.browser.forget_file(file);
        self.log.info(tr!("log-closed", name = name));
        self.changed();
    }

    /// Saves `file` and, with it, every file with unsaved changes that an undo step shares with
    /// it (an import's model, table and libraries; a rename's rewritten tables): a step over
    /// several files is never saved in part. Each file is written atomically, as every save;
    /// one changed on disk stops the save before anything is written.
    pub(super) fn save(&mut self, file: FileId, force: bool, then: Then) {
        let dirty = |ws: &crate::doc::Workspace, f: FileId| ws.file(f).is_some_and(|o| o.is_dirty());
        let group: Vec<FileId> = self.ws.history.files_stepped_with(file).into_iter().enumerate().filter(|&(k, f)| k == 0 || dirty(&self.ws, f)).map(|(_, f)| f).collect();
        if let Some(&f) = group.iter().skip(1).find(|&&f| self.ws.changed_on_disk(f)) {
            self.views.dialog = Some(Dialog::ChangedOnDisk { file: f, then, all: false });
            return;
        }
        for (k, f) in group.into_iter().enumerate() {
            match self.ws.save(f, force && k == 0) {
                Ok(()) => self.saved(f),
                Err(SaveError::ChangedOnDisk(_)) => {
                    self.views.dialog = Some(Dialog::ChangedOnDisk { file: f, then, all: false });
                    return;
                }
                Err(e) => {
                    self.fail(&tr!("title-save"), crate::app::i18n::messages::message(&e.message()));
                    return;
                }
            }
        }
        self.continue_with(then);
    }

    pub(super) fn save_all(&mut self, then: Then) {
        let dirty: Vec<FileId> = self.ws.files().iter().filter(|f| f.is_dirty()).map(|f| f.id).collect();
        for f in dirty {
            match self.ws.save(f, false) {
                Ok(()) => self.saved(f),
                Err(SaveError::ChangedOnDisk(_)) => {
                    self.views.dialog = Some(Dialog::ChangedOnDisk { file: f, then, all: true });
                    return;
                }
                Err(e) => {
                    self.fail(&tr!("title-save"), crate::app::i18n::messages::message(&e.message()));
                    return;
                }
            }
        }
        self.continue_with(then);
    }

    pub(super) fn saved(&mut self, file: FileId) {
        if let Some(f) = self.ws.file(file) {
            let path = f.path.clone();
            self.log.info(tr!("log-saved", path = path.display().to_string()));
            self.settings.remember_file(&path);
            self.notice_stale_temps(&path);
        }
        self.changed();
    }

    pub(super) fn continue_with(&mut self, then: Then) {
        match then {
            Then::Nothing => {}
            Then::Close(f) => self.queue.intents.push(Intent::Close { file: f, confirmed: true }),
            Then::Quit => self.queue.intents.push(Intent::Quit { confirmed: false }),
        }
    }

    pub(super) fn extract(&mut self, items: Vec<ItemPath>, to: PathBuf) {
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
                Ok(n) => self.log.info(tr!("log-extracted-one", entry = items::address(&self.ws, one), path = target.display().to_string(), bytes = tr!("log-bytes-count", n = n))),
                Err(e) => self.fail(&tr!("title-extract"), format!("{}: {e}", target.display())),
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

    pub(super) fn extract_task(&mut self, archive: &ItemPath, indices: Vec<usize>, dir: PathBuf) {
        let node = match items::node_at(&self.ws, archive) {
            Ok(n) if n.is_archive() => (*n).clone(),
            _ => {
                self.log.error(tr!("log-extract-not-archive"));
                return;
            }
        };
        let label = tr!("task-extracting", n = indices.len(), archive = items::address(&self.ws, archive));
        self.work.tasks.spawn(label, move |p| files::extract_into(&node, &indices, &dir, p));
    }

    pub(super) fn check(&mut self, file: FileId) {
        let Some(f) = self.ws.file(file) else { return };
        let name = f.name();
        let bytes = match self.ws.item_bytes(&ItemPath::root(file)) {
            Ok(b) => b,
            Err(e) => {
                self.log.error(tr!("log-check-failed", name = &name, error = e.to_string()));
                return;
            }
        };
        let readings = self.ws.readings;
        // A level's draw ranges are checked against the level.geom beside it, open or on disk.
        let assets = crate::doc::resolve::WorkspaceAssets::for_item(&self.ws, &ItemPath::root(file));
        self.work.tasks.spawn(tr!("task-checking", name = &name), move |p| {
            let mut report = crate::doc::check::check_bytes_with(&name, bytes.clone(), &readings, &mut CheckSink(p));
            let file_name = std::path::Path::new(&name).file_name().map_or(name.clone(), |n| n.to_string_lossy().into_owned());
            crate::doc::check::check_draws(&file_name, &bytes, &assets, &mut report);
            Outcome::Checked { file, report }
        });
    }

    pub(in crate::app) fn finish_task(&mut self, label: &str, outcome: Outcome) {
        match outcome {
            Outcome::Loaded { path, result: Ok(read) } => self.open_now(&path, Some(read)),
            Outcome::Loaded { result: Err(m), .. } => self.log.error(tr!("log-open-failed", error = m)),
            Outcome::ProjectWalked { project } => self.project_walked(*project),
            Outcome::ProjectIndexed { root, index } => {
                if let Some(view) = self.views.folder.as_mut().filter(|v| v.root() == root) {
                    let problems = index.problems().len();
                    view.set_index(*index, &self.ws);
                    self.log.info(tr!("log-indexed", path = root.display().to_string(), n = problems));
                }
            }
            Outcome::Batch { verb, dest, report } => match report {
                Err(e) => self.log.error(format!("{verb}: {e}")),
                Ok(r) => {
                    use crate::app::i18n::messages::message;
                    for c in r.changes.iter().take(50) {
                        self.log.info(format!("{verb}: {}", message(c)));
                    }
                    for n in &r.notes {
                        self.log.info(format!("{verb}: {}", message(n)));
                    }
                    for f in r.failures.iter().take(50) {
                        self.log.error(format!("{verb}: {}: {}", f.item, message(&f.text())));
                    }
                    let failed = if r.failures.is_empty() { String::new() } else { tr!("log-batch-failed", n = r.failures.len()) };
                    self.log.info(tr!("log-batch-done", verb = verb, items = r.items, written = r.files_written, path = dest.display().to_string(), failed = failed));
                }
            },
            Outcome::Extracted { dest, written, failed } => {
                self.log.info(tr!("log-extracted", n = written, path = dest.display().to_string()));
                for f in failed.iter().take(50) {
                    self.log.error(tr!("log-extract-failure", error = f.to_string()));
                }
                if failed.len() > 50 {
                    self.log.error(tr!("log-extract-more", n = failed.len() - 50));
                }
            }
            Outcome::Checked { file, report } => {
                let errors = report.diagnostics.iter().filter(|d| d.severity == crate::formats::Severity::Error).count();
                let line = tr!("log-checked", path = &report.path, ok = if report.ok { tr!("log-check-ok") } else { tr!("log-check-failed-mark") }, entries = report.entries, roundtrip = if report.roundtrip { tr!("log-roundtrip-exact") } else { tr!("log-roundtrip-differs") }, n = report.diagnostics.len(), errors = errors);
                if report.ok { self.log.info(line) } else { self.log.error(line) }
                self.log.set_report(file, report);
                self.views.bottom_tab = crate::app::log::BottomTab::Diagnostics;
                self.settings.show_log = true;
            }
            Outcome::ModsChanged { game, result } => self.mods_changed(game, result),
            Outcome::ModPreviewed { game, package, force, order, result } => self.mod_previewed(game, package, (force, order), result),
            Outcome::ModExportChanges { base, result } => self.mod_export_changes(base, result),
            Outcome::Compared { view, report } => self.compared(view, report),
            Outcome::Cancelled => {
                self.log.warn(tr!("log-cancelled", task = label));

                self.compare_cancelled(label);
            }
        }
    }
}
