//! Entries are addressed by index, so removing or inserting a row moves every later index of
//! that archive. Every applied edit says how it shifted indices ([`Shift`]); the history keeps
//! the shift with its step, so undo and redo hand back the inverse or the shift again, and
//! whoever holds references to entries (the editor's selection, tabs, expanded rows) follows.

use super::workspace::{FileId, ItemPath};

/// What one applied edit (or its undo or redo) changed, so that caches rebuild only that: the
/// file, the entry paths whose bytes or directory row changed (the archive itself for
/// additions, removals and re-layouts), and how entry indices moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub file: FileId,
    pub items: Vec<Vec<usize>>,
    pub shift: Shift,
}

impl Change {
    /// Whether what `p` names may look different now: it is one of the changed items, holds
    /// one (an archive re-encodes around a changed entry) or lies inside one.
    pub fn affects(&self, p: &ItemPath) -> bool {
        p.file == self.file && self.items.iter().any(|t| t.starts_with(&p.entries) || p.entries.starts_with(t))
    }
}

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

    /// The entry that the last insertion of this shift made (the last file of an Add).
    pub fn last_inserted(&self) -> Option<ItemPath> {
        match self {
            Shift::Inserted { file, at, index } => Some(ItemPath { file: *file, entries: at.clone() }.child(*index)),
            Shift::Many { shifts, .. } => shifts.iter().rev().find_map(Shift::last_inserted),
            _ => None,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn p(e: &[usize]) -> ItemPath {
        ItemPath { file: 1, entries: e.to_vec() }
    }

    #[test]
    fn a_change_affects_its_items_their_archives_and_their_contents() {
        let c = Change { file: 1, items: vec![vec![2, 0]], shift: Shift::Nothing { file: 1 } };
        assert!(c.affects(&p(&[2, 0])) && c.affects(&p(&[2])) && c.affects(&p(&[])) && c.affects(&p(&[2, 0, 5])));
        assert!(!c.affects(&p(&[2, 1])) && !c.affects(&p(&[3])));
        assert!(!c.affects(&ItemPath { file: 2, entries: vec![2, 0] }));
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
}
