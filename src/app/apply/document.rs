//! Intents that change the document (all undoable): rename, delete, replace, add, attributes,
//! compaction, undo and redo, files dropped on rows. After each change the shell's references
//! to entries (selection, tabs, expanded rows) follow the edit's index shift.

use super::*;

impl StudioApp {
    pub(super) fn apply_document(&mut self, intent: Intent) {
        match intent {
            Intent::Rename { path, name } => {
                self.browser.renaming = None;
                match self.rename_plan(&path, &name) {
                    Some(plan) if !plan.rewrites.is_empty() => self.views.dialog = Some(Dialog::RenameReferences { path, plan }),
                    _ => self.queue.intents.push(Intent::RenameConfirmed { path, name, references: false }),
                }
            }
            Intent::RenameConfirmed { path, name, references: true } => self.rename_with_references(&path, &name),
            Intent::RenameConfirmed { path, name, references: false } => {
                let before = items::address(&self.ws, &path);
                match items::rename(&path, &name) {
                    Ok(e) => {
                        if self.edit(e) {
                            self.log.info(crate::tr!("log-renamed", before = before, name = name));
                        }
                    }
                    Err(m) => self.log.error(crate::tr!("log-rename-failed", error = crate::app::i18n::messages::message(&m))),
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
                    let label = crate::tr!("undo-remove-entries", n = n);
                    if let Some(e) = items::batch(label, group)
                        && self.edit(e)
                    {
                        removed += n;
                    }
                }
                if removed > 0 {
                    self.log.info(crate::tr!("log-removed-entries", n = removed));
                }
            }
            Intent::Replace { path, from } => match std::fs::read(&from) {
                // The item's editor may take the file over (to convert it first, say).
                Ok(b) => match editors::editor_of(&self.ws, &path).and_then(|e| e.take_file(&path, &from, &b).map(|m| (e.id(), m))) {
                    Some((editor, msg)) => self.apply(Intent::Editor { editor, target: path, msg }),
                    None => self.apply(Intent::ReplaceBytes { path, bytes: SharedBytes::from(b) }),
                },
                Err(e) => self.fail(&crate::tr!("tex-replace-title"), format!("{}: {e}", from.display())),
            },
            Intent::ReplaceBytes { path, bytes } => {
                let n = bytes.len();
                let e = items::replace(&path, bytes);
                if self.edit(e) {
                    self.log.info(crate::tr!("log-replaced", entry = items::address(&self.ws, &path), bytes = crate::tr!("log-bytes-count", n = n)));
                }
            }
            Intent::Add { archive, files } => self.add_files(&archive, &files),
            Intent::SetAttrs { path, type_id, attrs, dragging } => match items::set_attrs(&path, type_id, attrs) {
                Ok(e) => {
                    let e = if dragging { e.merging(MergeKey::new(&path, "attrs")) } else { e };
                    self.edit(e);
                }
                Err(m) => self.log.error(crate::app::i18n::messages::message(&m)),
            },
            Intent::EndDrag => self.ws.history.seal(),
            Intent::CancelDrag => match self.ws.cancel_drag() {
                Ok(Some((label, changes))) => {
                    self.after_changes(&changes);
                    self.log.info(crate::tr!("log-drag-cancelled", label = crate::app::i18n::messages::message(&label)));
                }
                Ok(None) => {}
                Err(e) => self.log.error(crate::tr!("log-undone", word = crate::tr!("log-undo"), label = crate::app::i18n::messages::error(&e))),
            },
            Intent::Compact(a) => {
                self.edit(Edit::new(a.file, a.entries.clone(), EditOp::Compact));
            }
            Intent::RebuildLookup(a) => {
                self.edit(Edit::new(a.file, a.entries.clone(), EditOp::RebuildLookup));
            }
            Intent::Undo => self.undo_redo(true),
            Intent::Redo => self.undo_redo(false),
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
            other => self.misrouted(other),
        }
    }

    /// Applies one document edit; false (and a log line) when the document refused it.
    pub(super) fn edit(&mut self, e: Edit) -> bool {
        self.edit_change(e).is_some()
    }

    /// Applies one document edit and returns what it changed.
    pub(super) fn edit_change(&mut self, e: Edit) -> Option<Change> {
        let label = e.label();
        match self.ws.apply(e) {
            Ok(change) => {
                self.after_change(&change);
                Some(change)
            }
            Err(err) => {
                self.log.error(crate::tr!("log-step-failed", label = &label, error = err.to_string()));
                None
            }
        }
    }

    pub(super) fn undo_redo(&mut self, undo: bool) {
        let r = if undo { self.ws.undo_steps() } else { self.ws.redo_steps() };
        let word = if undo { crate::tr!("log-undo") } else { crate::tr!("log-redo") };
        match r {
            Ok(Some((label, changes))) => {
                // A step may span several files (a rename with its references).
                self.after_changes(&changes);
                self.log.info(crate::tr!("log-undone", word = &word, label = crate::app::i18n::messages::message(&label)));
            }
            Ok(None) => self.log.info(if undo { crate::tr!("log-nothing-to-undo") } else { crate::tr!("log-nothing-to-redo") }),
            Err(e) => self.log.error(crate::tr!("log-undone", word = &word, label = crate::app::i18n::messages::error(&e))),
        }
    }

    /// An edit, undo or redo went through: references follow its index shift, and only what
    /// it changed is rebuilt.
    pub(super) fn after_change(&mut self, c: &Change) {
        self.after_changes(std::slice::from_ref(c));
    }

    /// Several files changed in one step (a rename with its references, or its undo): the
    /// project's index takes them together, linking once.
    pub(super) fn after_changes(&mut self, changes: &[Change]) {
        if let Some(view) = self.views.folder.as_mut() {
            view.files_changed(&self.ws, changes);
        }
        for c in changes {
            self.follow_change(c);
        }
    }

    fn follow_change(&mut self, c: &Change) {
        let f = |p: &ItemPath| c.shift.map(p);
        self.browser.remap(&f);
        self.tabs.remap(&f);
        self.tabs.invalidate_where(&|p| c.affects(p));
        self.views.inspector.invalidate_where(&|p| c.affects(p));
        self.document_moved();
    }

    /// Anything else changed (a file opened, closed or saved, a reading): every cache goes
    /// stale.
    pub(in crate::app) fn changed(&mut self) {
        self.tabs.invalidate_where(&|_| true);
        self.views.inspector.invalidate_where(&|_| true);
        self.browser.invalidate();
        self.document_moved();
    }

    /// The browser rebuilds the rows of the files whose state moved on.
    pub(super) fn document_moved(&mut self) {
        self.frame.generation += 1;
        let ws = &self.ws;
        let keep = |p: &ItemPath| items::exists(ws, p);
        self.browser.selection.retain(&keep);
        self.tabs.retain(&keep);
    }

    /// Adds the files as entries, all in one undo step; a file that cannot be read or named is
    /// reported and left out.
    pub(super) fn add_files(&mut self, archive: &ItemPath, paths: &[PathBuf]) {
        let mut group = Vec::new();
        for p in paths {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let bytes = match std::fs::read(p) {
                Ok(b) => SharedBytes::from(b),
                Err(e) => {
                    self.log.error(crate::tr!("log-add-failed", what = p.display().to_string(), error = e.to_string()));
                    continue;
                }
            };
            match items::add(&self.ws, archive, &name, bytes) {
                Ok(e) => group.push(e),
                Err(m) => self.log.error(crate::tr!("log-add-failed", what = &name, error = crate::app::i18n::messages::message(&m))),
            }
        }
        let added = group.len();
        let change = items::batch(crate::tr!("undo-add-files", n = added), group).and_then(|e| self.edit_change(e));
        let applied = change.is_some();
        if let Some(n) = change.as_ref().and_then(|c| c.shift.last_inserted()) {
            self.browser.selection.select_only(n.clone());
            self.browser.scroll_to = Some(n);
        }
        if applied {
            self.browser.expansion.set(archive, true);
            self.log.info(crate::tr!("log-added-files", n = added, archive = items::address(&self.ws, archive)));

        }
    }
}
