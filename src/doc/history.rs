//! One history for the whole workspace: undo, redo, and merging of continuous edits (a drag
//! is one step: edits with the same merge key join the open step until the window is sealed).

use super::edit::{Edit, MergeKey};
use super::shift::Shift;
use crate::formats::message::Message;

#[derive(Clone, Debug)]
pub struct Step {
    pub label: Message,
    pub forward: Edit,
    pub inverse: Edit,
    /// How the forward edit moved entry indices (undo replays its inverse), so references to
    /// entries follow every step without a second stack kept beside this one.
    pub shift: Shift,
    /// The entry paths the step's first edit touched ([`super::Change::items`]); its forward
    /// edit becomes a whole-file snapshot once undone, so the paths are kept here.
    pub touched: Vec<Vec<usize>>,
    /// The edits of other files made in the same step (a rename rewriting the tables that name
    /// it): undone and redone with the first, in one step.
    pub linked: Vec<Linked>,
}

/// One more file's edit in a step that spans several files.
#[derive(Clone, Debug)]
pub struct Linked {
    pub forward: Edit,
    pub inverse: Edit,
    pub shift: Shift,
    pub touched: Vec<Vec<usize>>,
}

#[derive(Default, Debug)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    open_merge: Option<MergeKey>,
}

impl History {
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }
    /// The next undo step's label with its id (the editor shows it in its language).
    pub fn undo_message(&self) -> Option<&Message> {
        self.undo.last().map(|s| &s.label)
    }
    pub fn redo_message(&self) -> Option<&Message> {
        self.redo.last().map(|s| &s.label)
    }
    pub fn steps(&self) -> &[Step] {
        &self.undo
    }

    /// Whether a continuous edit (a drag) is going on: its steps still merge.
    pub fn is_merging(&self) -> bool {
        self.open_merge.is_some()
    }

    /// Ends the current merge window (the drag was released).
    pub fn seal(&mut self) {
        self.open_merge = None;
    }

    /// Forgets the step last undone (a cancelled drag's, which nothing may redo).
    pub(crate) fn forget_redo(&mut self) {
        self.redo.pop();
    }

    /// Records an applied edit. With the merge window open on the same key and file, the step
    /// keeps its first inverse and takes the new forward edit.
    /// Returns whether the edit began a new step (false: it joined the open one).
    pub(crate) fn record(&mut self, forward: Edit, inverse: Edit, shift: Shift) -> bool {
        self.redo.clear();
        let key = forward.merge_key.clone();
        if let (Some(k), Some(open), Some(top)) = (&key, &self.open_merge, self.undo.last_mut())
            && k == open
            && top.forward.file == forward.file
        {
            // A merged edit rewrites the same item: it moves no indices beyond the first.
            top.forward = forward;
            return false;
        }
        self.open_merge = key;
        let touched = forward.touched();
        self.undo.push(Step { label: forward.message(), forward, inverse, shift, touched, linked: Vec::new() });
        true
    }

    /// Records edits of several files, applied together, as one step named `label`; they never
    /// merge with a drag.
    pub(crate) fn record_group(&mut self, label: Message, mut parts: Vec<(Edit, Edit, Shift)>) {
        self.redo.clear();
        self.open_merge = None;
        if parts.is_empty() {
            return;
        }
        let (forward, inverse, shift) = parts.remove(0);
        let touched = forward.touched();
        let linked = parts
            .into_iter()
            .map(|(forward, inverse, shift)| Linked { touched: forward.touched(), forward, inverse, shift })
            .collect();
        self.undo.push(Step { label, forward, inverse, shift, touched, linked });
    }

    pub(crate) fn pop_undo(&mut self) -> Option<Step> {
        self.open_merge = None;
        self.undo.pop()
    }
    pub(crate) fn pop_redo(&mut self) -> Option<Step> {
        self.open_merge = None;
        self.redo.pop()
    }
    pub(crate) fn push_undo(&mut self, s: Step) {
        self.undo.push(s);
    }
    pub(crate) fn push_redo(&mut self, s: Step) {
        self.redo.push(s);
    }

    /// The files that share an undo step with `file`, and those that share one with them, in
    /// the order they are found (`file` first): what a save of `file` writes with it, so that
    /// an edit spanning several files (an import, a rename rewriting its references) is never
    /// saved in part.
    pub fn files_stepped_with(&self, file: super::workspace::FileId) -> Vec<super::workspace::FileId> {
        let files_of = |s: &Step| std::iter::once(s.forward.file).chain(s.linked.iter().map(|l| l.forward.file)).collect::<Vec<_>>();
        let mut out = vec![file];
        let mut k = 0;
        while k < out.len() {
            for s in &self.undo {
                let files = files_of(s);
                if files.contains(&out[k]) {
                    for f in files {
                        if !out.contains(&f) {
                            out.push(f);
                        }
                    }
                }
            }
            k += 1;
        }
        out
    }

    /// Drops the steps of a closed file.
    pub(crate) fn forget_file(&mut self, file: super::workspace::FileId) {
        let keeps = |s: &Step| s.forward.file != file && s.linked.iter().all(|l| l.forward.file != file);
        self.undo.retain(keeps);
        self.redo.retain(keeps);
    }
}

#[cfg(test)]
mod tests {
    use crate::doc::Workspace;
    use crate::doc::edit::{Edit, EditOp};
    use crate::formats::bytes::SharedBytes;
    use std::path::PathBuf;

    #[test]
    fn files_stepped_together_are_saved_together() {
        let mut ws = Workspace::default();
        let open = |ws: &mut Workspace, n: &str| ws.open_bytes(PathBuf::from(format!("/nowhere/{n}.wea")), SharedBytes::from(b"1\r\n0 A\r\n".to_vec())).unwrap();
        let [a, b, c, d] = ["a", "b", "c", "d"].map(|n| open(&mut ws, n));
        let put = |f| Edit::new(f, Vec::new(), EditOp::ReplaceNode { bytes: SharedBytes::from(b"1\r\n0 B\r\n".to_vec()) });
        // One step over a and b, one over b and c, one over d alone.
        ws.apply_group(vec![put(a), put(b)], "import").unwrap();
        ws.apply_group(vec![put(b), put(c)], "rename").unwrap();
        ws.apply(put(d)).unwrap();
        assert_eq!(ws.history.files_stepped_with(a), [a, b, c]);
        assert_eq!(ws.history.files_stepped_with(c), [c, b, a]);
        assert_eq!(ws.history.files_stepped_with(d), [d]);
        // An undone step links nothing.
        ws.undo_step().unwrap();
        ws.undo_step().unwrap();
        assert_eq!(ws.history.files_stepped_with(a), [a, b]);
        assert_eq!(ws.history.files_stepped_with(c), [c]);
    }
}
