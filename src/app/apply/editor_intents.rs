//! The editors' intents, applied by the editor itself through the seam's [`ItemEditor`]
//! trait (`run` for its commands, `handle` for its messages), and an editor's change to its item
//! (one undo step, merged while a drag goes on).

use super::*;

impl StudioApp {
    pub(super) fn apply_editor(&mut self, intent: Intent) {
        match intent {
            Intent::RunEditor { cmd, target } => self.with_editor(cmd.editor, &target, |e, state, host| e.run(cmd.name, &target, state, host)),
            Intent::Editor { editor, target, msg } => self.with_editor(editor, &target, |e, state, host| e.handle(&target, msg, state, host)),
            Intent::CloseEditorDialog => self.views.editor_dialog = None,
            Intent::EditItem(e) => self.edit_item(e),
            Intent::EditGroup { label, edits } => self.edit_group(label, edits),
            other => self.misrouted(other),
        }
    }

    /// Runs `f` with the editor, the target's tab state when a tab of that editor has it open,
    /// and the host the editor works through; what it asks for is applied next.
    pub(super) fn with_editor(&mut self, editor: EditorId, target: &ItemPath, f: impl FnOnce(&dyn ItemEditor, Option<&mut dyn EditorState>, &mut Host)) {
        let Some(e) = editors::by_id(editor) else { return };
        // A tab opened this frame has no state yet (it is made when the editor first draws):
        // made now, so that a message sent with the opening (a place to show) reaches it.
        if let Some(t) = self.tabs.tabs.iter_mut().find(|t| t.path == *target && t.editor.is_none())
            && editors::editor_of(&self.ws, target).is_some_and(|c| c.id() == editor)
        {
            t.editor = Some(crate::app::tabs::EditorSlot { id: editor, state: e.create() });
        }
        let mut out = Vec::new();
        let state = self.tabs.tabs.iter_mut().find(|t| t.path == *target && t.editor.as_ref().is_some_and(|s| s.id == editor)).and_then(|t| t.editor.as_mut()).map(|s| s.state.as_mut());
        let mut host = Host { ws: &self.ws, log: &mut self.log, dialog: &mut self.views.editor_dialog, out: &mut out, ctx: &self.frame.ctx };
        f(e, state, &mut host);
        self.queue.intents.extend(out);
    }

    /// Every tab's editor, drawn or not, gets its [`EditorState::poll`].
    pub(in crate::app) fn poll_editors(&mut self) {
        let mut out = Vec::new();
        for t in &mut self.tabs.tabs {
            let Some(slot) = t.editor.as_mut() else { continue };
            let mut host = Host { ws: &self.ws, log: &mut self.log, dialog: &mut self.views.editor_dialog, out: &mut out, ctx: &self.frame.ctx };
            slot.state.poll(&t.path, &mut host);
        }
        self.queue.intents.extend(out);
    }

    /// Several items' new bytes as one undo step; files not open are opened (or made) first.
    fn edit_group(&mut self, label: String, parts: Vec<(GroupTarget, SharedBytes)>) {
        let mut edits = Vec::with_capacity(parts.len());
        let mut opened = false;
        for (target, bytes) in parts {
            let edit = match target {
                GroupTarget::Item(path) => Ok(items::replace(&path, bytes)),
                GroupTarget::File(p) => self.file_for_group(&p, &mut opened).map(|f| items::replace(&ItemPath::root(f), bytes)),
                GroupTarget::NewEntry { archive, name, type_id, attrs } => items::encode_name(&name)
                    .map(|name| Edit::new(archive.file, archive.entries.clone(), EditOp::AddEntry { name, type_id, attrs, bytes }))
                    .map_err(|m| crate::app::i18n::messages::message(&m)),
            };
            match edit {
                Ok(e) => edits.push(e),
                Err(m) => {
                    self.fail(&label, m);
                    if opened {
                        self.changed();
                    }
                    return;
                }
            }
        }
        match self.ws.apply_group(edits, label.clone()) {
            Ok(changes) => {
                self.after_changes(&changes);
                if opened {
                    self.changed();
                }
                self.log.info(crate::tr!("log-files-to-save", label = &label, n = changes.len()));

            }
            Err(e) => self.fail(&label, e.to_string()),
        }
    }

    /// The open file at `path`, else the file opened from disk, else a new empty one there.
    fn file_for_group(&mut self, path: &std::path::Path, opened: &mut bool) -> Result<crate::doc::FileId, String> {
        let canon = std::fs::canonicalize(path).ok();
        let open = self.ws.files().iter().find(|f| f.path == path || canon.is_some() && std::fs::canonicalize(&f.path).ok() == canon).map(|f| f.id);
        if let Some(id) = open {
            return Ok(id);
        }
        *opened = true;
        if path.exists() {
            self.ws.open(path).map_err(|e| e.to_string())
        } else {
            self.ws.open_bytes(path.to_path_buf(), SharedBytes::from(Vec::new())).map_err(|e| e.to_string())
        }
    }

    pub(super) fn edit_item(&mut self, e: ItemEdit) {
        if items::changes_nothing(&self.ws, &e.path, e.bytes.as_ref(), e.attrs) {
            return;
        }
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
}
