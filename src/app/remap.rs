//! Entries are addressed by index, so removing or inserting a row moves every later index of
//! that archive. The editor's own references (selection, tabs, expanded rows) follow: each
//! applied edit records how it shifted indices, in a stack kept step for step beside the
//! document history, and undo/redo replay the inverse or the shift again.

use crate::doc::{FileId, ItemPath};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shift {
    /// Entry `index` of the archive at `at` was removed.
    Removed { file: FileId, at: Vec<usize>, index: usize },
    /// A new entry now sits at `index` of the archive at `at`.
    Inserted { file: FileId, at: Vec<usize>, index: usize },
    /// Nothing moved (rename, replace, attrs, compact: indices stay).
    Nothing { file: FileId },
    /// The shifts of a batch edit, in the order its operations ran (one file).
    Many { file: FileId, shifts: Vec<Shift> },
}

impl Shift {
    pub fn file(&self) -> FileId {
        match self {
            Shift::Removed { file, .. } | Shift::Inserted { file, .. } | Shift::Nothing { file } | Shift::Many { file, .. } => *file,
        }
    }

    pub fn inverse(&self) -> Shift {
        match self.clone() {
            Shift::Removed { file, at, index } => Shift::Inserted { file, at, index },
            Shift::Inserted { file, at, index } => Shift::Removed { file, at, index },
            n @ Shift::Nothing { .. } => n,
            Shift::Many { file, shifts } => Shift::Many { file, shifts: shifts.iter().rev().map(Shift::inverse).collect() },
        }
    }

    /// Where `p` is after the shift; `None` when it was removed.
    pub fn map(&self, p: &ItemPath) -> Option<ItemPath> {
        let (file, at, index, removed) = match self {
            Shift::Removed { file, at, index } => (*file, at, *index, true),
            Shift::Inserted { file, at, index } => (*file, at, *index, false),
            Shift::Nothing { .. } => return Some(p.clone()),
            Shift::Many { shifts, .. } => return shifts.iter().try_fold(p.clone(), |q, s| s.map(&q)),
        };
        if p.file != file || p.entries.len() <= at.len() || !p.entries.starts_with(at) {
            return Some(p.clone());
        }
        let k = p.entries[at.len()];
        let mut out = p.clone();
        if removed {
            if k == index {
                return None;
            }
            if k > index {
                out.entries[at.len()] = k - 1;
            }
        } else if k >= index {
            out.entries[at.len()] = k + 1;
        }
        Some(out)
    }
}

/// The shifts of the steps in the document history, in the same order.
#[derive(Default, Debug)]
pub struct ShiftLog {
    undo: Vec<Shift>,
    redo: Vec<Shift>,
}

impl ShiftLog {
    /// An edit was applied; `new_step` is false when the history merged it into the last step
    /// (a drag), which moved nothing new.
    pub fn applied(&mut self, shift: Shift, new_step: bool) {
        self.redo.clear();
        if new_step {
            self.undo.push(shift);
        }
    }

    /// The shift to replay for an undo (the inverse of the step's).
    pub fn undone(&mut self) -> Option<Shift> {
        let s = self.undo.pop()?;
        let inv = s.inverse();
        self.redo.push(s);
        Some(inv)
    }

    pub fn redone(&mut self) -> Option<Shift> {
        let s = self.redo.pop()?;
        self.undo.push(s.clone());
        Some(s)
    }

    /// A file was closed: the history forgot its steps, and so do we.
    pub fn forget_file(&mut self, file: FileId) {
        self.undo.retain(|s| s.file() != file);
        self.redo.retain(|s| s.file() != file);
    }

    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(e: &[usize]) -> ItemPath {
        ItemPath { file: 1, entries: e.to_vec() }
    }

    #[test]
    fn removal_shifts_later_siblings_and_their_children() {
        let s = Shift::Removed { file: 1, at: vec![], index: 2 };
        assert_eq!(s.map(&p(&[1])), Some(p(&[1])));
        assert_eq!(s.map(&p(&[2])), None);
        assert_eq!(s.map(&p(&[2, 0])), None);
        assert_eq!(s.map(&p(&[3, 4])), Some(p(&[2, 4])));
        assert_eq!(s.map(&p(&[])), Some(p(&[])));
        // Another file is untouched.
        let other = ItemPath { file: 2, entries: vec![3] };
        assert_eq!(s.map(&other), Some(other.clone()));
    }

    #[test]
    fn nested_insertion_only_moves_inside_that_archive() {
        let s = Shift::Inserted { file: 1, at: vec![0], index: 1 };
        assert_eq!(s.map(&p(&[0, 1])), Some(p(&[0, 2])));
        assert_eq!(s.map(&p(&[0, 0])), Some(p(&[0, 0])));
        assert_eq!(s.map(&p(&[1, 1])), Some(p(&[1, 1])));
        assert_eq!(s.map(&p(&[0])), Some(p(&[0])));
    }

    #[test]
    fn a_batch_maps_through_each_shift_and_inverts_in_reverse() {
        // Removing #3 then #1 (descending, as delete orders them) of one archive.
        let s = Shift::Many { file: 1, shifts: vec![Shift::Removed { file: 1, at: vec![], index: 3 }, Shift::Removed { file: 1, at: vec![], index: 1 }] };
        assert_eq!(s.map(&p(&[4])), Some(p(&[2])));
        assert_eq!(s.map(&p(&[2])), Some(p(&[1])));
        assert_eq!(s.map(&p(&[1])), None);
        assert_eq!(s.map(&p(&[3, 0])), None);
        let back = s.inverse();
        assert_eq!(back.map(&p(&[2])), Some(p(&[4])));
        assert_eq!(back.map(&p(&[0])), Some(p(&[0])));
    }

    #[test]
    fn undo_replays_the_inverse_and_redo_the_shift() {
        let mut log = ShiftLog::default();
        log.applied(Shift::Removed { file: 1, at: vec![], index: 0 }, true);
        log.applied(Shift::Nothing { file: 1 }, false);
        assert_eq!(log.depth(), (1, 0));
        assert_eq!(log.undone(), Some(Shift::Inserted { file: 1, at: vec![], index: 0 }));
        assert_eq!(log.redone(), Some(Shift::Removed { file: 1, at: vec![], index: 0 }));
        log.forget_file(1);
        assert_eq!(log.depth(), (0, 0));
        assert_eq!(log.undone(), None);
    }
}
