//! The component tree of a unit and the edits that keep its stored layout a valid depth-first
//! tree (docs/formats/unit-dat.md, "Editing"): each edit moves whole subtrees and adjusts the
//! child counts of the parents involved; every other component's 112 bytes stay as they were.

use super::{Component, UnitDat};
use crate::formats::{Error, Result};
use crate::msg;

/// Parent and children of every component, derived from the child counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    /// `None` for the root.
    pub parent: Vec<Option<usize>>,
    /// In stored order.
    pub children: Vec<Vec<usize>>,
}

impl Tree {
    /// Depth of component `i` (the root is 0).
    pub fn depth(&self, mut i: usize) -> usize {
        let mut d = 0;
        while let Some(p) = self.parent[i] {
            i = p;
            d += 1;
        }
        d
    }
}

/// Where the subtree starting at `start` of `comps` ends (one past its last component), or
/// `None` when the counts ask for more components than there are or one is negative.
fn subtree_end_of(comps: &[Component], start: usize) -> Option<usize> {
    let mut owed: u64 = 1;
    let mut j = start;
    while owed > 0 {
        let count = comps.get(j)?.child_count();
        if count < 0 {
            return None;
        }
        owed = owed - 1 + count as u64;
        j += 1;
    }
    Some(j)
}

impl UnitDat {
    /// The tree the child counts describe.
    pub fn tree(&self) -> Tree {
        let n = self.components.len();
        let mut parent = vec![None; n];
        let mut children = vec![Vec::new(); n];
        // (component, children still to come)
        let mut open: Vec<(usize, i64)> = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            while open.last().is_some_and(|&(_, left)| left <= 0) {
                open.pop();
            }
            if let Some((p, left)) = open.last_mut() {
                *left -= 1;
                parent[i] = Some(*p);
                children[*p].push(i);
            }
            open.push((i, i64::from(c.child_count())));
        }
        Tree { parent, children }
    }

    /// One past the last component of `i`'s subtree.
    pub fn subtree_end(&self, i: usize) -> usize {
        // A parsed or edited unit is a valid tree, so the walk always ends within it.
        subtree_end_of(&self.components, i).unwrap_or(self.components.len())
    }

    /// The parent of component `i` (`None` for the root).
    pub fn parent_of(&self, i: usize) -> Option<usize> {
        self.tree().parent.get(i).copied().flatten()
    }

    fn check_index(&self, i: usize, what: &str) -> Result<()> {
        if i >= self.components.len() {
            let n = self.components.len();
            return Err(Error::new(
                0,
                match what {
                    "parent" => msg!("unit-edit-no-parent", "no parent {i}: the unit has {n} components", i = i, n = n),
                    _ => msg!("unit-edit-no-component", "no component {i}: the unit has {n} components", i = i, n = n),
                },
            ));
        }
        Ok(())
    }

    /// Index at which a new child of `parent` goes to become its `position`-th child (its last
    /// when `position` is `None`).
    fn child_slot(&self, parent: usize, position: Option<usize>) -> Result<usize> {
        let count = self.components[parent].child_count() as usize;
        let want = position.unwrap_or(count);
        if want > count {
            return Err(Error::new(0, msg!("unit-edit-position-past", "component {parent} has {count} children; position {want} is past them", parent = parent, count = count, want = want)));
        }
        let mut at = parent + 1;
        for _ in 0..want {
            at = self.subtree_end(at);
        }
        Ok(at)
    }

    fn bump(&mut self, i: usize, by: i32) -> Result<()> {
        let c = &mut self.components[i];
        let n = c.child_count().checked_add(by).filter(|n| *n >= 0).ok_or_else(|| {
            Error::new(0, msg!("unit-edit-count-overflow", "component {i}'s child count {count} cannot change by {by}", i = i, count = c.child_count(), by = by))
        })?;
        c.set_child_count(n);
        Ok(())
    }

    /// Adds `component` (as a leaf) as the `position`-th child of `parent` (last when `None`),
    /// returning its index.
    pub fn add_child(&mut self, parent: usize, position: Option<usize>, mut component: Component) -> Result<usize> {
        component.set_child_count(0);
        self.insert_subtree(parent, position, vec![component])
    }

    /// Inserts a whole subtree (depth first, its own counts consistent) under `parent`.
    pub fn insert_subtree(&mut self, parent: usize, position: Option<usize>, block: Vec<Component>) -> Result<usize> {
        self.check_index(parent, "parent")?;
        if block.is_empty() || subtree_end_of(&block, 0) != Some(block.len()) {
            return Err(Error::new(0, msg!("unit-edit-not-one-subtree", "the components to insert are not exactly one subtree")));
        }
        let at = self.child_slot(parent, position)?;
        self.bump(parent, 1)?;
        self.components.splice(at..at, block);
        Ok(at)
    }

    /// Removes component `i` and its whole subtree, returning them (depth first). The root
    /// cannot be removed: a unit needs one.
    pub fn remove_subtree(&mut self, i: usize) -> Result<Vec<Component>> {
        self.check_index(i, "component")?;
        let parent = self.parent_of(i).ok_or_else(|| Error::new(0, msg!("unit-edit-remove-root", "the root cannot be removed")))?;
        let end = self.subtree_end(i);
        self.bump(parent, -1)?;
        Ok(self.components.drain(i..end).collect())
    }

    /// Moves component `i`'s subtree to be the `position`-th child of `new_parent` (last when
    /// `None`), returning its new index. The root, and a move into its own subtree, are refused.
    pub fn move_subtree(&mut self, i: usize, new_parent: usize, position: Option<usize>) -> Result<usize> {
        self.check_index(i, "component")?;
        self.check_index(new_parent, "parent")?;
        let end = self.subtree_end(i);
        if (i..end).contains(&new_parent) {
            return Err(Error::new(0, msg!("unit-edit-move-into-itself", "component {i} cannot move under {new_parent}, which is in its own subtree", i = i, new_parent = new_parent)));
        }
        if i == 0 {
            return Err(Error::new(0, msg!("unit-edit-move-root", "the root cannot be moved")));
        }
        let count = self.components[new_parent].child_count() as usize;
        if let Some(p) = position {
            // Checked before anything changes; when the parent stays the same its count drops
            // by one with the removal.
            let same = self.parent_of(i) == Some(new_parent);
            if p > count - usize::from(same) {
                return Err(Error::new(0, msg!("unit-edit-too-few-children", "component {new_parent} has too few children for position {p}", new_parent = new_parent, p = p)));
            }
        }
        let block = self.remove_subtree(i)?;
        let target = if new_parent >= end { new_parent - (end - i) } else { new_parent };
        self.insert_subtree(target, position, block)
    }

    /// Whether the child counts describe exactly one tree over every component (true after
    /// any parse or edit; the tests check it).
    pub fn is_valid_tree(&self) -> bool {
        !self.components.is_empty() && subtree_end_of(&self.components, 0) == Some(self.components.len())
    }
}
