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
