//! What is selected in a mission: placed objects, or one of the other things the view draws
//! (a clan, its base or a zone, a route or one corner of it, a lode). The view, the table and
//! the panels share one selection.

use std::collections::BTreeSet;

/// A thing of the mission other than a placed object, selected in the view or a panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    Clan(usize),
    /// A clan's base point.
    Base(usize),
    Zone { clan: usize, zone: usize },
    /// A route, or one corner of its polygon.
    Route { route: usize, point: Option<usize> },
    Lode(usize),
}

/// What is selected: placed objects (by index), or one marker.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    pub objects: BTreeSet<usize>,
    pub marker: Option<Marker>,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty() && self.marker.is_none()
    }
    /// Only this object.
    pub fn only(&mut self, i: usize) {
        self.objects = BTreeSet::from([i]);
        self.marker = None;
    }
    /// Adds or removes an object (Shift/Ctrl click).
    pub fn toggle(&mut self, i: usize) {
        if !self.objects.remove(&i) {
            self.objects.insert(i);
        }
        self.marker = None;
    }
    pub fn clear(&mut self) {
        *self = Selection::default();
    }
    /// The one selected object, when exactly one is.
    pub fn single(&self) -> Option<usize> {
        (self.objects.len() == 1).then(|| self.objects.first().copied()).flatten()
    }
}

