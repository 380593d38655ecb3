//! Multi-selection in a list: click, Ctrl+click (toggle), Shift+click (range from the anchor),
//! in the order the rows are currently shown.

use crate::doc::ItemPath;
use std::collections::BTreeSet;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Selection {
    set: BTreeSet<ItemPath>,
    /// Where a Shift+click range starts.
    anchor: Option<ItemPath>,
    /// The row the keyboard is on (the last one clicked).
    lead: Option<ItemPath>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ClickMods {
    pub toggle: bool,
    pub range: bool,
}

impl Selection {
    pub fn contains(&self, p: &ItemPath) -> bool {
        self.set.contains(p)
    }
    pub fn len(&self) -> usize {
        self.set.len()
    }
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = &ItemPath> {
        self.set.iter()
    }
    pub fn lead(&self) -> Option<&ItemPath> {
        self.lead.as_ref()
    }
    pub fn anchor(&self) -> Option<&ItemPath> {
        self.anchor.as_ref()
    }
    /// The one selected item, when exactly one is.
    pub fn single(&self) -> Option<&ItemPath> {
        if self.set.len() == 1 { self.set.iter().next() } else { None }
    }

    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    pub fn select_only(&mut self, p: ItemPath) {
        self.set.clear();
        self.set.insert(p.clone());
        self.anchor = Some(p.clone());
        self.lead = Some(p);
    }

    /// A click on `p`; `order` is the list as shown (for ranges).
    pub fn click(&mut self, p: &ItemPath, mods: ClickMods, order: &[ItemPath]) {
        if mods.range {
            let anchor = self.anchor.clone().unwrap_or_else(|| p.clone());
            let a = order.iter().position(|x| *x == anchor);
            let b = order.iter().position(|x| x == p);
            if let (Some(a), Some(b)) = (a, b) {
                if !mods.toggle {
                    self.set.clear();
                }
                let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
                self.set.extend(order[lo..=hi].iter().cloned());
                self.anchor = Some(anchor);
                self.lead = Some(p.clone());
                return;
            }
            // The anchor is not shown any more: a plain click.
        }
        if mods.toggle {
            if !self.set.remove(p) {
                self.set.insert(p.clone());
            }
            self.anchor = Some(p.clone());
            self.lead = Some(p.clone());
            return;
        }
        self.select_only(p.clone());
    }

    /// Moves the lead by `delta` rows (arrow keys); Shift extends from the anchor.
    pub fn step(&mut self, delta: isize, extend: bool, order: &[ItemPath]) {
        if order.is_empty() {
            return;
        }
        let at = self.lead.as_ref().and_then(|l| order.iter().position(|x| x == l));
        let next = match at {
            None => 0,
            Some(i) => (i as isize + delta).clamp(0, order.len() as isize - 1) as usize,
        };
        let p = order[next].clone();
        if extend {
            self.click(&p, ClickMods { toggle: false, range: true }, order);
        } else {
            self.select_only(p);
        }
    }

    pub fn set_all(&mut self, order: &[ItemPath]) {
        self.set = order.iter().cloned().collect();
        if self.anchor.is_none() {
            self.anchor = order.first().cloned();
            self.lead = self.anchor.clone();
        }
    }

    /// Rewrites every path (after entries moved) and drops those that are gone.
    pub fn remap(&mut self, f: &dyn Fn(&ItemPath) -> Option<ItemPath>) {
        self.set = self.set.iter().filter_map(f).collect();
        self.anchor = self.anchor.as_ref().and_then(f);
        self.lead = self.lead.as_ref().and_then(f);
    }

    /// Keeps only what `keep` accepts (items that still exist).
    pub fn retain(&mut self, keep: &dyn Fn(&ItemPath) -> bool) {
        self.set.retain(|p| keep(p));
        if self.anchor.as_ref().is_some_and(|p| !keep(p)) {
            self.anchor = None;
        }
        if self.lead.as_ref().is_some_and(|p| !keep(p)) {
            self.lead = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(n: usize) -> Vec<ItemPath> {
        (0..n).map(|i| ItemPath::root(1).child(i)).collect()
    }
    const PLAIN: ClickMods = ClickMods { toggle: false, range: false };
    const CTRL: ClickMods = ClickMods { toggle: true, range: false };
    const SHIFT: ClickMods = ClickMods { toggle: false, range: true };

    #[test]
    fn click_ctrl_click_shift_click() {
        let o = rows(6);
        let mut s = Selection::default();
        s.click(&o[1], PLAIN, &o);
        assert_eq!(s.iter().cloned().collect::<Vec<_>>(), vec![o[1].clone()]);
        s.click(&o[4], CTRL, &o);
        assert_eq!(s.len(), 2);
        s.click(&o[1], CTRL, &o);
        assert_eq!(s.single(), Some(&o[4]));
        // Shift from the anchor (1, the last Ctrl+click, even though it deselected) to 3.
        s.click(&o[3], SHIFT, &o);
        assert_eq!(s.iter().cloned().collect::<Vec<_>>(), o[1..=3].to_vec());
        // A second Shift+click re-extends from the same anchor.
        s.click(&o[0], SHIFT, &o);
        assert_eq!(s.iter().cloned().collect::<Vec<_>>(), o[0..=1].to_vec());
        // Ctrl+Shift adds a range to what is selected.
        s.click(&o[5], CTRL, &o);
        s.click(&o[4], ClickMods { toggle: true, range: true }, &o);
        assert_eq!(s.iter().cloned().collect::<Vec<_>>(), [o[0].clone(), o[1].clone(), o[4].clone(), o[5].clone()]);
        s.click(&o[0], PLAIN, &o);
        assert_eq!(s.single(), Some(&o[0]));
    }

    #[test]
    fn ranges_follow_the_shown_order() {
        let mut o = rows(4);
        o.reverse(); // sorted descending
        let mut s = Selection::default();
        s.click(&o[0], PLAIN, &o);
        s.click(&o[2], SHIFT, &o);
        let got: BTreeSet<_> = s.iter().cloned().collect();
        assert_eq!(got, o[0..=2].iter().cloned().collect());
    }

    #[test]
    fn arrows_move_and_extend() {
        let o = rows(3);
        let mut s = Selection::default();
        s.step(1, false, &o);
        assert_eq!(s.single(), Some(&o[0]));
        s.step(1, false, &o);
        s.step(5, true, &o);
        assert_eq!(s.len(), 2);
        s.step(-9, false, &o);
        assert_eq!(s.single(), Some(&o[0]));
    }

    #[test]
    fn remap_drops_and_shifts() {
        let o = rows(3);
        let mut s = Selection::default();
        s.set_all(&o);
        s.remap(&|p| match p.entries[0] {
            1 => None,
            k if k > 1 => Some(ItemPath::root(1).child(k - 1)),
            _ => Some(p.clone()),
        });
        assert_eq!(s.iter().cloned().collect::<Vec<_>>(), rows(2));
    }
}
