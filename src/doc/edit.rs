//! Every change to a document is an [`Edit`]: a value that applies itself to the workspace and
//! returns its inverse. Operations address an archive node by its path of entry indices inside
//! one open file; a change inside a nested archive rewrites every parent up to the file. The
//! inverse of any operation restores the file's previous root (a cheap snapshot: payload bytes
//! are shared), so undo gives back the original bytes exactly, whatever the layout rules did.

use super::node::Node;
use super::shift::Shift;
use super::workspace::{FileId, ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::message::Message;
use crate::formats::{Error, Result, cp1251};
use crate::msg;

#[derive(Clone, Debug)]
pub enum EditOp {
    ReplaceEntry { index: usize, bytes: SharedBytes },
    AddEntry { name: Vec<u8>, type_id: u32, attrs: [u32; 3], bytes: SharedBytes },
    RemoveEntry { index: usize },
    RenameEntry { index: usize, name: Vec<u8> },
    SetAttrs { index: usize, type_id: Option<u32>, attrs: [u32; 3] },
    /// Replaces the node at the path as a whole (a loose file's bytes, or a nested item).
    ReplaceNode { bytes: SharedBytes },
    Compact,
    RebuildLookup,
    /// Puts back a whole file state (the inverse of every other operation).
    Restore { root: Node, state: u64 },
    /// Several operations on one file, each at its own archive path, applied in order as one
    /// undo step (a multi-selection removed, several files added). All or nothing; name the
    /// step with [`Edit::labelled`].
    Batch { ops: Vec<(Vec<usize>, EditOp)> },
}

/// What a continuous edit changes: the item and which of its fields. Two edits merge into one
/// undo step only when both are equal, so a drag of one item's attributes never swallows a
/// drag of another's, nor a different field of the same item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeKey {
    pub item: ItemPath,
    /// The editor's name for the field being dragged (`"attrs"`, `"page-rects"`).
    pub field: &'static str,
}

impl MergeKey {
    pub fn new(item: &ItemPath, field: &'static str) -> MergeKey {
        MergeKey { item: item.clone(), field }
    }
}

#[derive(Clone, Debug)]
pub struct Edit {
    pub file: FileId,
    /// Entry indices from the file's root to the archive the operation works on (empty: the
    /// root itself).
    pub at: Vec<usize>,
    pub op: EditOp,
    /// Edits with the same key, applied one after another while the history's merge window
    /// is open (a drag), become one undo step.
    pub merge_key: Option<MergeKey>,
    /// What the Edit menu calls the step, when the operation's own label says too little
    /// (a texture's Page rects are an entry replace to the archive).
    pub label: Option<String>,
}

impl Edit {
    pub fn new(file: FileId, at: Vec<usize>, op: EditOp) -> Edit {
        Edit { file, at, op, merge_key: None, label: None }
    }

    pub fn labelled(mut self, label: impl Into<String>) -> Edit {
        self.label = Some(label.into());
        self
    }

    pub fn merging(mut self, key: MergeKey) -> Edit {
        self.merge_key = Some(key);
        self
    }

    /// A short description for the Edit menu and the history list (English).
    pub fn label(&self) -> String {
        self.message().english
    }

    /// The description with its id, for the editor to show in its language (a label given
    /// with [`Edit::labelled`] is already in it).
    pub fn message(&self) -> Message {
        if let Some(l) = &self.label {
            return Message::from(l);
        }
        match &self.op {
            EditOp::ReplaceEntry { index, bytes } => {
                msg!("doc-edit-replace-entry", "Replace entry #{i} ({size} bytes)", i = *index, size = bytes.len())
            }
            EditOp::AddEntry { name, .. } => msg!("doc-edit-add-entry", "Add {name}", name = cp1251::decode(name)),
            EditOp::RemoveEntry { index } => msg!("doc-edit-remove-entry", "Remove entry #{i}", i = *index),
            EditOp::RenameEntry { index, name } => {
                msg!("doc-edit-rename-entry", "Rename entry #{i} to {name}", i = *index, name = cp1251::decode(name))
            }
            EditOp::SetAttrs { index, .. } => msg!("doc-edit-set-attrs", "Set attributes of entry #{i}", i = *index),
            EditOp::ReplaceNode { .. } => msg!("doc-edit-replace-node", "Replace contents"),
            EditOp::Compact => msg!("doc-edit-compact", "Compact archive"),
            EditOp::RebuildLookup => msg!("doc-edit-rebuild-lookup", "Rebuild lookup table"),
            EditOp::Restore { .. } => msg!("doc-edit-restore", "Restore"),
            EditOp::Batch { ops } => msg!("doc-edit-batch", "{n} changes", n = ops.len()),
        }
    }

    /// The entry paths the edit changes (see [`super::shift::Change`]).
    pub fn touched(&self) -> Vec<Vec<usize>> {
        fn of(at: &[usize], op: &EditOp, out: &mut Vec<Vec<usize>>) {
            match op {
                EditOp::ReplaceEntry { index, .. } | EditOp::RenameEntry { index, .. } | EditOp::SetAttrs { index, .. } => {
                    out.push([at, &[*index]].concat());
                }
                EditOp::Batch { ops } => ops.iter().for_each(|(at, op)| of(at, op, out)),
                // A whole file state: everything in it may differ.
                EditOp::Restore { .. } => out.push(Vec::new()),
                _ => out.push(at.to_vec()),
            }
        }
        let mut out = Vec::new();
        of(&self.at, &self.op, &mut out);
        out
    }

    /// Applies the edit; returns its inverse and how it moved entry indices. A [`EditOp::Restore`]
    /// moves nothing of its own: the history replays the inverse of its step's shift.
    pub fn apply(&self, ws: &mut Workspace) -> Result<(Edit, Shift)> {
        let (old_root, old_state) = ws.root_state(self.file)?;
        let file = self.file;
        let (new_root, new_state, shift) = match &self.op {
            EditOp::Restore { root, state } => (root.clone(), *state, Shift::Nothing { file }),
            EditOp::Batch { ops } => {
                let mut root = old_root.clone();
                let mut shifts = Vec::with_capacity(ops.len());
                for (at, op) in ops {
                    if matches!(op, EditOp::Restore { .. } | EditOp::Batch { .. }) {
                        return Err(Error::new(0, msg!("doc-edit-batch-plain", "a batch holds plain operations only")));
                    }
                    let mut moved = Shift::Nothing { file };
                    root = apply_at(&root, at, &mut |node| apply_op(node, op, file, at, &mut moved))?;
                    shifts.push(moved);
                }
                (root, ws.fresh_state(), Shift::Many { file, shifts })
            }
            op => {
                let mut moved = Shift::Nothing { file };
                let root = apply_at(&old_root, &self.at, &mut |node| apply_op(node, op, file, &self.at, &mut moved))?;
                (root, ws.fresh_state(), moved)
            }
        };
        ws.set_root_state(self.file, new_root, new_state)?;
        Ok((Edit::new(self.file, Vec::new(), EditOp::Restore { root: old_root, state: old_state }), shift))
    }
}

/// Applies one operation to the archive node at `at`, noting in `moved` how indices shifted.
fn apply_op(node: &mut Node, op: &EditOp, file: FileId, at: &[usize], moved: &mut Shift) -> Result<()> {
    match op {
        EditOp::ReplaceEntry { index, bytes } => node.replace_entry(*index, bytes.clone()),
        EditOp::AddEntry { name, type_id, attrs, bytes } => {
            let index = node.add_entry(name, *type_id, *attrs, bytes.clone())?;
            *moved = Shift::Inserted { file, at: at.to_vec(), index };
            Ok(())
        }
        EditOp::RemoveEntry { index } => {
            node.remove_entry(*index)?;
            *moved = Shift::Removed { file, at: at.to_vec(), index: *index };
            Ok(())
        }
        EditOp::RenameEntry { index, name } => node.rename_entry(*index, name),
        EditOp::SetAttrs { index, type_id, attrs } => node.set_attrs(*index, *type_id, *attrs),
        EditOp::ReplaceNode { bytes } => {
            // Keep the node's kind when the new bytes are of it; a blob stays a blob.
            *node = match node {
                Node::Blob(_) => Node::Blob(bytes.clone()),
                _ => Node::parse("", bytes.clone())?.0,
            };
            Ok(())
        }
        EditOp::Compact => {
            node.compact();
            Ok(())
        }
        EditOp::RebuildLookup => {
            node.rebuild_lookup();
            Ok(())
        }
        EditOp::Restore { .. } | EditOp::Batch { .. } => unreachable!("handled by Edit::apply"),
    }
}

/// Applies `f` to the node at `path` below `root`, re-encoding every parent on the way up.
pub(crate) fn apply_at(root: &Node, path: &[usize], f: &mut dyn FnMut(&mut Node) -> Result<()>) -> Result<Node> {
    let Some((&first, rest)) = path.split_first() else {
        let mut n = root.clone();
        f(&mut n)?;
        return Ok(n);
    };
    let meta = root.meta(first).ok_or_else(|| Error::new(0, msg!("doc-no-entry", "no entry #{i}", i = first)))?;
    let (child, _) = Node::parse(&meta.name, root.entry_bytes(first)?).map_err(|e| e.within(meta.name.clone()))?;
    if rest.is_empty() && !child.is_archive() {
        // Only ReplaceNode works on a blob; apply it and store the result as the entry.
        let mut c = child;
        f(&mut c).map_err(|e| e.within(meta.name.clone()))?;
        let mut n = root.clone();
        n.replace_entry(first, SharedBytes::from(c.write()))?;
        return Ok(n);
    }
    let new_child = apply_at(&child, rest, f).map_err(|e| e.within(meta.name.clone()))?;
    let mut n = root.clone();
    n.replace_entry(first, SharedBytes::from(new_child.write()))?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;
    use std::path::PathBuf;

    #[test]
    fn undo_and_redo_say_what_they_changed() {
        use crate::doc::Shift;
        let mut ws = Workspace::new();
        let f = ws.open_bytes(PathBuf::from("t.lib"), SharedBytes::from(crate::fixtures::nres::simple())).unwrap();
        let c = ws.apply(Edit::new(f, vec![], EditOp::RenameEntry { index: 1, name: b"X".to_vec() })).unwrap();
        assert_eq!((c.items.clone(), c.shift.clone()), (vec![vec![1]], Shift::Nothing { file: f }));
        let (_, u) = ws.undo_step().unwrap().unwrap();
        assert_eq!(u.items, vec![vec![1]], "an undo touches what its step touched, not the whole file");
        let (_, r) = ws.redo_step().unwrap().unwrap();
        assert_eq!(r.items, vec![vec![1]]);
        let c = ws.apply(Edit::new(f, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
        assert_eq!(c.shift, Shift::Removed { file: f, at: vec![], index: 0 });
        let (_, u) = ws.undo_step().unwrap().unwrap();
        assert_eq!(u.shift, Shift::Inserted { file: f, at: vec![], index: 0 });
        let (_, r) = ws.redo_step().unwrap().unwrap();
        assert_eq!(r.shift, Shift::Removed { file: f, at: vec![], index: 0 });
        assert!(ws.redo_step().unwrap().is_none());
    }

    #[test]
    fn a_batch_is_one_step_and_all_or_nothing() {
        let mut ws = Workspace::new();
        let f = ws.open_bytes(PathBuf::from("t.lib"), SharedBytes::from(crate::fixtures::nres::simple())).unwrap();
        let before = ws.item_bytes(&crate::doc::ItemPath::root(f)).unwrap();
        let ops = vec![(vec![], EditOp::RemoveEntry { index: 3 }), (vec![], EditOp::RemoveEntry { index: 0 })];
        ws.apply(Edit::new(f, vec![], EditOp::Batch { ops }).labelled("Remove 2 entries")).unwrap();
        let names: Vec<String> = ws.file(f).unwrap().root().metas().into_iter().map(|m| m.name).collect();
        assert_eq!(names, ["brick.0", "_under", "alpha"]);
        assert_eq!(ws.history.undo_label(), Some("Remove 2 entries"));
        ws.undo().unwrap();
        assert_eq!(ws.item_bytes(&crate::doc::ItemPath::root(f)).unwrap(), before);
        ws.redo().unwrap();
        assert_eq!(ws.file(f).unwrap().root().len(), 3);
        // A failing operation leaves the file as it was.
        let ops = vec![(vec![], EditOp::RemoveEntry { index: 0 }), (vec![], EditOp::RemoveEntry { index: 99 })];
        let now = ws.item_bytes(&crate::doc::ItemPath::root(f)).unwrap();
        assert!(ws.apply(Edit::new(f, vec![], EditOp::Batch { ops })).is_err());
        assert_eq!(ws.item_bytes(&crate::doc::ItemPath::root(f)).unwrap(), now);
    }
}

/// What the editor shows in Russian: a step's name in the Edit menu, a check's finding, a
/// damaged file's line.
#[cfg(all(test, feature = "gui"))]
mod russian {
    use super::*;
    use crate::app::i18n::{Language, messages::text_in};
    use crate::formats::bytes::SharedBytes;
    use crate::formats::message::Message;
    use std::path::PathBuf;

    fn ru(m: &Message) -> String {
        text_in(Language::Russian, &m.english, m.key.as_deref())
    }

    #[test]
    fn undo_steps_checks_and_damage_read_in_russian() {
        let mut ws = Workspace::new();
        let f = ws.open_bytes(PathBuf::from("t.lib"), SharedBytes::from(crate::fixtures::nres::simple())).unwrap();
        ws.apply(Edit::new(f, vec![], EditOp::ReplaceEntry { index: 2, bytes: SharedBytes::from(vec![0u8; 3]) })).unwrap();
        assert_eq!(ws.history.undo_label(), Some("Replace entry #2 (3 bytes)"), "the English label is unchanged");
        assert_eq!(ru(ws.history.undo_message().unwrap()), "замена записи №2 (3 байта)");
        let e = ws.apply(Edit::new(f, vec![], EditOp::RemoveEntry { index: 9 })).unwrap_err();
        assert_eq!(ru(&e.text()), "нет записи №9 (в архиве 5 записей)");
        let e = crate::doc::items::rename(&crate::doc::ItemPath::root(f), "X").unwrap_err();
        assert_eq!(ru(&e), "файл переименовывается через «Сохранить как»");

        let r = crate::doc::check::check_bytes("junk.bin", SharedBytes::from(vec![1u8, 2, 3]), &Default::default());
        let d = &r.diagnostics[0];
        assert_eq!(d.message, "not a recognised format (NRes, RsLi, Texm, WEAR text or level.geom)");
        assert_eq!(text_in(Language::Russian, &d.message, d.key.as_deref()), "формат не распознан (NRes, RsLi, Texm, текст WEAR или level.geom)");

        // A cut NRes file: its parse error, and the line saying how it opened.
        let mut cut = crate::fixtures::nres::simple();
        cut.truncate(cut.len() - 10);
        let e = crate::formats::nres::Archive::parse(SharedBytes::from(cut.clone())).unwrap_err();
        let (_, _, damage) = crate::doc::damage::read(SharedBytes::from(cut), e);
        assert!(damage.describe().starts_with("damaged at 0xC: total_size "), "{}", damage.describe());
        let inner = text_in(Language::Russian, &damage.error.message, damage.error.key.as_deref());
        let line = ru(&damage.describe_with(inner));
        assert!(line.starts_with("повреждён по смещению 0xC: total_size ") && line.contains("не совпадает с длиной файла"), "{line}");
    }
}
