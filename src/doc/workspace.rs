//! The workspace: the open files, each with its current root node, its saved state and what
//! the disk held when it was read; one history over all of them.

use super::edit::Edit;
use super::history::History;
use super::node::{EntryMeta, Node};
use super::save::{DiskStamp, atomic_write_with};
use super::shift::Change;
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::message::Message;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub type FileId = u64;

/// An entry (or a file's root, with `entries` empty) addressed from an open file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemPath {
    pub file: FileId,
    pub entries: Vec<usize>,
}

impl ItemPath {
    pub fn root(file: FileId) -> ItemPath {
        ItemPath { file, entries: Vec::new() }
    }
    pub fn child(&self, index: usize) -> ItemPath {
        let mut entries = self.entries.clone();
        entries.push(index);
        ItemPath { file: self.file, entries }
    }
    /// The archive that holds this item and the item's index in it.
    pub fn parent(&self) -> Option<(ItemPath, usize)> {
        let (&last, rest) = self.entries.split_last()?;
        Some((ItemPath { file: self.file, entries: rest.to_vec() }, last))
    }
}

/// A nested archive decoded on demand, with what decoding it reported.
pub type NestedNode = Arc<(Node, Vec<Diagnostic>)>;

pub struct OpenFile {
    pub id: FileId,
    pub path: PathBuf,
    /// Diagnostics of the first parse of the root.
    pub open_diagnostics: Vec<Diagnostic>,
    root: Node,
    state: u64,
    saved_state: u64,
    disk: Option<DiskStamp>,
    /// Nested archives decoded on demand, keyed by entry path; cleared when the file changes.
    nested: Mutex<HashMap<Vec<usize>, NestedNode>>,
    /// The file did not parse and opened read-only (`Workspace::open_damaged`).
    pub damage: Option<super::damage::Damage>,
}

impl OpenFile {
    pub fn root(&self) -> &Node {
        &self.root
    }
    pub fn name(&self) -> String {
        self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
    }
    pub fn is_dirty(&self) -> bool {
        self.state != self.saved_state
    }
    /// A number that every edit of the file changes (an undo gives back the earlier one), for
    /// caches of what the file shows.
    pub fn state(&self) -> u64 {
        self.state
    }
}

#[derive(Debug)]
pub enum SaveError {
    /// The file changed on disk since it was opened or last saved; save again with `force`.
    ChangedOnDisk(PathBuf),
    Io(PathBuf, std::io::Error),
    NoSuchFile(FileId),
}

impl SaveError {
    /// What went wrong, the file's path in front (the editor shows it in its language).
    pub fn message(&self) -> Message {
        match self {
            SaveError::ChangedOnDisk(p) => msg!(
                "doc-save-changed-on-disk",
                "the file changed on disk since it was opened; saving would overwrite those changes"
            )
            .prefixed(&format!("{}: ", p.display())),
            SaveError::Io(p, e) => msg!("doc-save-failed", "could not save: {error} (the original is intact)", error = e.to_string())
                .prefixed(&format!("{}: ", p.display())),
            SaveError::NoSuchFile(id) => msg!("doc-no-open-file", "no open file #{id}", id = *id),
        }
    }
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().english)
    }
}

impl std::error::Error for SaveError {}

#[derive(Default)]
pub struct Workspace {
    files: Vec<OpenFile>,
    pub history: History,
    pub readings: Readings,
    next_id: FileId,
    next_state: u64,
    /// Open a file that does not parse anyway, read-only (the editor); off, it is an error
    /// (the command line).
    pub open_damaged: bool,
}

impl Workspace {
    pub fn new() -> Workspace {
        Workspace::default()
    }

    /// Opens a file from disk. Archives are parsed (directory only); anything else is a blob.
    pub fn open(&mut self, path: &Path) -> std::result::Result<FileId, OpenError> {
        // The stamp is taken first: a change while reading then shows as a change on disk.
        let stamp = DiskStamp::of(path).ok();
        let bytes = std::fs::read(path).map_err(|e| OpenError::Io(path.to_path_buf(), e))?;
        self.open_read(path, SharedBytes::from(bytes), stamp)
    }

    /// Opens bytes already read from `path` (by a background reader), with the disk stamp
    /// taken before reading them.
    pub fn open_read(&mut self, path: &Path, bytes: SharedBytes, stamp: Option<DiskStamp>) -> std::result::Result<FileId, OpenError> {
        let id = self
            .open_bytes(path.to_path_buf(), bytes)
            .map_err(|e| OpenError::Format(path.to_path_buf(), e))?;
        if let Some(f) = self.files.iter_mut().find(|f| f.id == id) {
            f.disk = stamp;
        }
        Ok(id)
    }

    /// Opens bytes as if read from `path` (nothing is read from disk).
    pub fn open_bytes(&mut self, path: PathBuf, bytes: SharedBytes) -> Result<FileId> {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let (root, open_diagnostics, damage) = match Node::parse(&name, bytes.clone()) {
            Ok((root, d)) => (root, d, None),
            Err(e) if self.open_damaged => {
                let (root, d, damage) = super::damage::read(bytes, e);
                (root, d, Some(damage))
            }
            Err(e) => return Err(e.within(name.clone())),
        };
        self.next_id += 1;
        let id = self.next_id;
        let state = self.fresh_state();
        self.files.push(OpenFile {
            id,
            path,
            open_diagnostics,
            root,
            state,
            saved_state: state,
            disk: None,
            nested: Mutex::new(HashMap::new()),
            damage,
        });
        Ok(id)
    }

    pub fn close(&mut self, id: FileId) {
        self.files.retain(|f| f.id != id);
        self.history.forget_file(id);
    }

    pub fn files(&self) -> &[OpenFile] {
        &self.files
    }

    pub fn file(&self, id: FileId) -> Option<&OpenFile> {
        self.files.iter().find(|f| f.id == id)
    }

    pub fn find_file(&self, path: &Path) -> Option<FileId> {
        self.files.iter().find(|f| f.path == path).map(|f| f.id)
    }

    pub fn is_dirty(&self, id: FileId) -> bool {
        self.file(id).is_some_and(OpenFile::is_dirty)
    }

    pub fn any_dirty(&self) -> bool {
        self.files.iter().any(OpenFile::is_dirty)
    }

    /// The archive (or blob) at `entries` below the file's root, decoding nested archives on
    /// first use and caching them until the file changes.
    pub fn node(&self, file: FileId, entries: &[usize]) -> Result<NestedNode> {
        let f = self.file(file).ok_or_else(|| Error::new(0, msg!("doc-no-open-file", "no open file #{id}", id = file)))?;
        if entries.is_empty() {
            return Ok(Arc::new((f.root.clone(), f.open_diagnostics.clone())));
        }
        if let Some(hit) = f.nested.lock().map_err(|_| poisoned())?.get(entries) {
            return Ok(hit.clone());
        }
        let (last, parent) = entries.split_last().expect("non-empty");
        let parent = self.node(file, parent)?;
        let meta = parent.0.meta(*last).ok_or_else(|| Error::new(0, msg!("doc-no-entry", "no entry #{i}", i = *last)))?;
        let bytes = parent.0.entry_bytes(*last).map_err(|e| e.within(meta.name.clone()))?;
        let node = Arc::new(Node::parse(&meta.name, bytes).map_err(|e| e.within(meta.name.clone()))?);
        f.nested.lock().map_err(|_| poisoned())?.insert(entries.to_vec(), node.clone());
        Ok(node)
    }

    /// The bytes of an item: a file's root (as it would be written) or an entry (unpacked).
    pub fn item_bytes(&self, path: &ItemPath) -> Result<SharedBytes> {
        match path.parent() {
            None => {
                let f = self.file(path.file).ok_or_else(|| Error::new(0, msg!("doc-no-such-file", "no such file")))?;
                Ok(match &f.root {
                    Node::Blob(b) => b.clone(),
                    n => SharedBytes::from(n.write()),
                })
            }
            Some((parent, index)) => self.node(parent.file, &parent.entries)?.0.entry_bytes(index),
        }
    }

    pub fn item_meta(&self, path: &ItemPath) -> Option<EntryMeta> {
        let (parent, index) = path.parent()?;
        self.node(parent.file, &parent.entries).ok()?.0.meta(index)
    }

    /// Applies an edit and records it in the history.
    /// Returns what the edit changed.
    pub fn apply(&mut self, edit: Edit) -> Result<Change> {
        if let Some(d) = self.file(edit.file).and_then(|f| f.damage.as_ref()) {
            return Err(Error::new(d.error.offset, msg!("doc-damaged-read-only", "the file is damaged and open read-only: extract what it holds, or repair it and open it again")));
        }
        let (inverse, shift) = edit.apply(self)?;
        let change = Change { file: edit.file, items: edit.touched(), shift: shift.clone() };
        self.history.record(edit, inverse, shift);
        Ok(change)
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Result<Option<String>> {
        Ok(self.undo_step()?.map(|(label, _)| label.english))
    }

    /// Takes back a drag's open step (the merge window still open) and forgets it: the
    /// document is as before the drag and redo offers nothing of it. `None`: no drag step is
    /// open.
    pub fn cancel_drag(&mut self) -> Result<Option<(Message, Vec<Change>)>> {
        if !self.history.is_merging() {
            return Ok(None);
        }
        let r = self.replay(true)?;
        if r.is_some() {
            self.history.forget_redo();
        }
        Ok(r)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Result<Option<String>> {
        Ok(self.redo_step()?.map(|(label, _)| label.english))
    }

    /// Applies edits of several files as one undo step named `label` (a rename rewriting every
    /// table that names it). All or nothing: when one fails, the ones before it are put back.
    pub fn apply_group(&mut self, edits: Vec<Edit>, label: impl Into<Message>) -> Result<Vec<Change>> {
        let mut parts: Vec<(Edit, Edit, super::shift::Shift)> = Vec::with_capacity(edits.len());
        for edit in edits {
            match edit.apply(self) {
                Ok((inverse, shift)) => parts.push((edit, inverse, shift)),
                Err(e) => {
                    for (_, inverse, _) in parts.iter().rev() {
                        // A snapshot of a root put back: it cannot fail for an open file.
                        let _ = inverse.apply(self);
                    }
                    return Err(e);
                }
            }
        }
        let changes = parts.iter().map(|(e, _, shift)| Change { file: e.file, items: e.touched(), shift: shift.clone() }).collect();
        self.history.record_group(label.into(), parts);
        Ok(changes)
    }

    /// Undoes the last step; returns its label and what undoing changed (the shift is the
    /// inverse of the step's). A step over several files gives the first file's change; see
    /// [`Workspace::undo_steps`] for all of them.
    pub fn undo_step(&mut self) -> Result<Option<(Message, Change)>> {
        Ok(self.replay(true)?.map(|(l, mut c)| (l, c.swap_remove(0))))
    }

    /// Redoes the last undone step; returns its label and what it changed.
    pub fn redo_step(&mut self) -> Result<Option<(Message, Change)>> {
        Ok(self.replay(false)?.map(|(l, mut c)| (l, c.swap_remove(0))))
    }

    /// Undoes the last step; its label and the change of every file it spans.
    pub fn undo_steps(&mut self) -> Result<Option<(Message, Vec<Change>)>> {
        self.replay(true)
    }

    /// Redoes the last undone step; its label and the change of every file it spans.
    pub fn redo_steps(&mut self) -> Result<Option<(Message, Vec<Change>)>> {
        self.replay(false)
    }

    /// Applies the last step backwards (undo) or the last undone one forwards (redo) and moves
    /// it to the other stack; a step that fails to apply stays where it was (a step over
    /// several files is put back whole).
    fn replay(&mut self, undo: bool) -> Result<Option<(Message, Vec<Change>)>> {
        let popped = if undo { self.history.pop_undo() } else { self.history.pop_redo() };
        let Some(mut step) = popped else { return Ok(None) };
        // Undo runs the files backwards, redo forwards; each apply gives the edit that reverses it.
        let count = 1 + step.linked.len();
        let order: Vec<usize> = if undo { (0..count).rev().collect() } else { (0..count).collect() };
        let mut made: Vec<(usize, Edit)> = Vec::with_capacity(count);
        for &k in &order {
            let edit = match (k, undo) {
                (0, true) => &step.inverse,
                (0, false) => &step.forward,
                (k, true) => &step.linked[k - 1].inverse,
                (k, false) => &step.linked[k - 1].forward,
            };
            match edit.apply(self) {
                Ok((m, _)) => made.push((k, m)),
                Err(e) => {
                    for (_, m) in made.iter().rev() {
                        let _ = m.apply(self);
                    }
                    if undo { self.history.push_undo(step) } else { self.history.push_redo(step) }
                    return Err(e);
                }
            }
        }
        let mut changes = Vec::with_capacity(count);
        for k in 0..count {
            let (file, touched, shift) = match k {
                0 => (step.forward.file, step.touched.clone(), &step.shift),
                k => (step.linked[k - 1].forward.file, step.linked[k - 1].touched.clone(), &step.linked[k - 1].shift),
            };
            let shift = if undo { shift.inverse() } else { shift.clone() };
            changes.push(Change { file, items: touched, shift });
        }
        let label = step.label.clone();
        // Undoing makes the edit that redoes it (a snapshot of the state undone), redoing the
        // one that undoes it again.
        for (k, m) in made {
            match (k, undo) {
                (0, true) => step.forward = m,
                (0, false) => step.inverse = m,
                (k, true) => step.linked[k - 1].forward = m,
                (k, false) => step.linked[k - 1].inverse = m,
            }
        }
        if undo { self.history.push_redo(step) } else { self.history.push_undo(step) }
        Ok(Some((label, changes)))
    }

    /// Saves a file in place, atomically. Refuses when the file changed on disk since it was
    /// read, unless `force`.
    pub fn save(&mut self, id: FileId, force: bool) -> std::result::Result<(), SaveError> {
        let path = self.file(id).ok_or(SaveError::NoSuchFile(id))?.path.clone();
        self.save_to(id, &path, force)
    }

    /// Saves to another path; the file then refers to it.
    pub fn save_as(&mut self, id: FileId, path: &Path) -> std::result::Result<(), SaveError> {
        self.save_to(id, path, true)
    }

    /// True when the file on disk is no longer what was opened or last saved.
    pub fn changed_on_disk(&self, id: FileId) -> bool {
        let Some(f) = self.file(id) else { return false };
        match (f.disk, DiskStamp::of(&f.path).ok()) {
            (Some(then), Some(now)) => then != now,
            (Some(_), None) => true,
            _ => false,
        }
    }

    fn save_to(&mut self, id: FileId, path: &Path, force: bool) -> std::result::Result<(), SaveError> {
        let same_path = self.file(id).ok_or(SaveError::NoSuchFile(id))?.path == path;
        if same_path && !force && self.changed_on_disk(id) {
            return Err(SaveError::ChangedOnDisk(path.to_path_buf()));
        }
        let f = self.files.iter_mut().find(|f| f.id == id).ok_or(SaveError::NoSuchFile(id))?;
        let root = &f.root;
        atomic_write_with(path, &mut |file| {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, file);
            root.write_to(&mut w)?;
            std::io::Write::flush(&mut w)
        })
        .map_err(|e| SaveError::Io(path.to_path_buf(), e))?;
        f.path = path.to_path_buf();
        f.saved_state = f.state;
        f.disk = DiskStamp::of(path).ok();
        Ok(())
    }

    pub(crate) fn fresh_state(&mut self) -> u64 {
        self.next_state += 1;
        self.next_state
    }

    pub(crate) fn root_state(&self, id: FileId) -> Result<(Node, u64)> {
        let f = self.file(id).ok_or_else(|| Error::new(0, msg!("doc-no-open-file", "no open file #{id}", id = id)))?;
        Ok((f.root.clone(), f.state))
    }

    pub(crate) fn set_root_state(&mut self, id: FileId, root: Node, state: u64) -> Result<()> {
        let f = self.files.iter_mut().find(|f| f.id == id).ok_or_else(|| Error::new(0, msg!("doc-no-open-file", "no open file #{id}", id = id)))?;
        f.root = root;
        f.state = state;
        f.nested.get_mut().map_err(|_| poisoned())?.clear();
        Ok(())
    }
}

fn poisoned() -> Error {
    Error::new(0, msg!("doc-lock-poisoned", "internal cache lock poisoned"))
}

#[derive(Debug)]
pub enum OpenError {
    Io(PathBuf, std::io::Error),
    Format(PathBuf, Error),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            OpenError::Format(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for OpenError {}
