//! The editor's drags in the view, as state and arithmetic (the wiring is
//! [`super::gesture`]): what a primary press landed on (decided on the press, so the camera
//! never sees a drag that belongs to the editor), and the drag under way: the selection
//! following the pointer on the ground, moved along one gizmo axis, turned by the ring, or a
//! box drawn in the map. Places are computed from where the objects stood when the drag
//! began, so every frame's edit is absolute and the frames merge into one undo step.

use super::edits::Place;
use super::selection::Selection;
use egui::{Pos2, Rect};

/// One part of the gizmo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handle {
    X,
    Y,
    Z,
    /// The ring: turns about the vertical.
    Ring,
}

impl Handle {
    /// The axis it moves along (Parkan x, y, z up); none for the ring.
    pub fn axis(self) -> Option<[f32; 3]> {
        match self {
            Handle::X => Some([1.0, 0.0, 0.0]),
            Handle::Y => Some([0.0, 1.0, 0.0]),
            Handle::Z => Some([0.0, 0.0, 1.0]),
            Handle::Ring => None,
        }
    }
}

/// Snapping moves to a grid (also while Ctrl is held), and turns by the ring to steps of R.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Snap {
    pub on: bool,
    /// The grid's spacing (Parkan units).
    pub grid: f32,
}

impl Default for Snap {
    fn default() -> Self {
        Snap { on: false, grid: 10.0 }
    }
}

/// The grid spacings the tool bar offers.
pub const GRID_RANGE: std::ops::RangeInclusive<f32> = 0.5..=500.0;

/// `v` on the nearest line of a grid of `grid` (unchanged for no grid or a value too large).
pub fn snap(v: f32, grid: f32) -> f32 {
    if !(grid > 0.0 && grid.is_finite()) {
        return v;
    }
    let s = (v / grid).round() * grid;
    if s.is_finite() { s } else { v }
}

/// What a primary press in the view landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Handle(Handle),
    Object(usize),
    /// Nothing (in the map: a box starts).
    Nothing,
}

/// A primary press the editor took from the camera.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Press {
    pub at: Pos2,
    pub on: Target,
    /// Shift or Ctrl held.
    pub add: bool,
}

/// How a moving drag places the selection.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Motion {
    /// Following the pointer on the ground from `anchor` (where the press met the ground);
    /// `lead` is the object taken, the one that lands on the grid.
    Ground { anchor: [f32; 3], lead: usize },
    /// Along one axis through `centre`; `from` is where the press was along it.
    Axis { handle: Handle, centre: [f32; 3], from: f32 },
    /// About the vertical through `centre`; `from` is the press's angle.
    Turn { centre: [f32; 3], from: f32 },
}

/// A drag that moves or turns the selection.
#[derive(Debug, Clone, PartialEq)]
pub struct Moving {
    pub motion: Motion,
    /// Where the objects stood when it began.
    pub start: Vec<Place>,
    /// What was last committed (nothing yet: no undo step, no end).
    pub last: Option<Vec<Place>>,
}

/// A drag under way.
#[derive(Debug, Clone, PartialEq)]
pub enum Drag {
    Moving(Moving),
    /// A selection box in the map, from the press to the pointer.
    Box { from: Pos2, to: Pos2, add: bool },
}

impl Moving {
    /// The places to commit for this frame, when they differ from the last ones.
    pub fn fresh(&mut self, places: Vec<Place>) -> Option<Vec<Place>> {
        let changed = match &self.last {
            Some(last) => *last != places,
            None => places != self.start,
        };
        if !changed {
            return None;
        }
        self.last = Some(places.clone());
        Some(places)
    }
}

/// The selection moved on the ground by `delta` (x, y): the lead object lands on the grid when
/// `grid` is given, the others keep their offsets to it, each stands on the ground
/// (`height`; its old height off the landscape).
pub fn on_ground(start: &[Place], lead: usize, delta: [f32; 2], grid: Option<f32>, height: impl Fn(f32, f32) -> Option<f32>) -> Vec<Place> {
    let mut d = delta;
    if let (Some(g), Some(l)) = (grid, start.iter().find(|p| p.object == lead).or(start.first())) {
        for k in 0..2 {
            d[k] = snap(l.position[k] + delta[k], g) - l.position[k];
        }
    }
    start
        .iter()
        .map(|p| {
            let (x, y) = (p.position[0] + d[0], p.position[1] + d[1]);
            let z = height(x, y).filter(|h| h.is_finite()).unwrap_or(p.position[2]);
            Place { object: p.object, position: [x, y, z], rotation: p.rotation }
        })
        .collect()
}

/// The selection moved by `amount` along `axis` (a unit vector of x, y or z); with `grid`, the
/// first object's coordinate on that axis lands on the grid and the others follow.
pub fn along(start: &[Place], axis: [f32; 3], amount: f32, grid: Option<f32>) -> Vec<Place> {
    let k = axis.iter().position(|a| *a != 0.0).unwrap_or(0);
    let mut d = amount;
    if let (Some(g), Some(first)) = (grid, start.first()) {
        d = snap(first.position[k] + amount, g) - first.position[k];
    }
    start
        .iter()
        .map(|p| {
            let mut position = p.position;
            for (c, a) in position.iter_mut().zip(axis) {
                *c += a * d;
            }
            Place { object: p.object, position, rotation: p.rotation }
        })
        .collect()
}

/// `places` turned by `step` radians about the vertical: one about itself, several about
/// their common centre (what R does, and the ring).
pub fn turn(places: &[Place], step: f32) -> Vec<Place> {
    let n = places.len().max(1) as f32;
    let (cx, cy) = places.iter().fold((0.0, 0.0), |(x, y), p| (x + p.position[0] / n, y + p.position[1] / n));
    let (s, c) = step.sin_cos();
    places
        .iter()
        .map(|p| {
            let (dx, dy) = (p.position[0] - cx, p.position[1] - cy);
            let position = if places.len() > 1 { [cx + dx * c - dy * s, cy + dx * s + dy * c, p.position[2]] } else { p.position };
            let mut rotation = p.rotation;
            rotation[2] = wrap(rotation[2] + step);
            Place { object: p.object, position, rotation }
        })
        .collect()
}

/// An angle in −π..π.
pub fn wrap(a: f32) -> f32 {
    let t = std::f32::consts::TAU;
    let w = (a + std::f32::consts::PI).rem_euclid(t) - std::f32::consts::PI;
    if w.is_finite() { w } else { 0.0 }
}

/// The objects whose points (on the screen) fall inside the box from `a` to `b`.
pub fn boxed(points: impl Iterator<Item = (usize, Pos2)>, a: Pos2, b: Pos2) -> Vec<usize> {
    let r = Rect::from_two_pos(a, b);
    points.filter(|(_, p)| r.contains(*p)).map(|(i, _)| i).collect()
}

/// The selection after a box: exactly `found`, or `found` added when `add`.
pub fn select_box(sel: &mut Selection, found: Vec<usize>, add: bool) {
    if !add {
        sel.objects.clear();
    }
    sel.objects.extend(found);
    sel.marker = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(object: usize, x: f32, y: f32, z: f32) -> Place {
        Place { object, position: [x, y, z], rotation: [0.0, 0.0, 0.25] }
    }

    #[test]
    fn snapping_rounds_to_the_nearest_grid_line() {
        assert_eq!(snap(14.0, 10.0), 10.0);
        assert_eq!(snap(15.5, 10.0), 20.0);
        assert_eq!(snap(-14.0, 10.0), -10.0);
        assert_eq!(snap(3.3, 0.5), 3.5);
        assert_eq!(snap(7.0, 0.0), 7.0, "no grid");
        assert_eq!(snap(7.0, f32::NAN), 7.0);
        assert_eq!(snap(f32::MAX, 0.5), f32::MAX, "too large to round stays");
    }

    #[test]
    fn a_ground_move_keeps_offsets_and_follows_the_ground() {
        let start = [place(2, 10.0, 20.0, 5.0), place(7, 30.0, 25.0, 6.0)];
        let height = |x: f32, y: f32| (x < 100.0).then_some(x + y);
        let out = on_ground(&start, 2, [3.0, -4.0], None, height);
        assert_eq!(out[0].position, [13.0, 16.0, 29.0]);
        assert_eq!(out[1].position, [33.0, 21.0, 54.0]);
        assert_eq!(out[0].rotation, start[0].rotation, "a move keeps the turn");
        // Off the landscape an object keeps its height.
        let out = on_ground(&start, 2, [200.0, 0.0], None, height);
        assert_eq!(out[0].position, [210.0, 20.0, 5.0]);
        // Snapped: the lead lands on the grid, the other keeps its offset to it.
        let out = on_ground(&start, 7, [3.0, -4.0], Some(10.0), height);
        assert_eq!((out[1].position[0], out[1].position[1]), (30.0, 20.0));
        assert_eq!((out[0].position[0], out[0].position[1]), (10.0, 15.0));
    }

    #[test]
    fn an_axis_move_changes_one_coordinate() {
        let start = [place(0, 12.0, 7.0, 3.0), place(1, 20.0, 9.0, 4.0)];
        let out = along(&start, [1.0, 0.0, 0.0], 5.5, None);
        assert_eq!(out[0].position, [17.5, 7.0, 3.0]);
        assert_eq!(out[1].position, [25.5, 9.0, 4.0]);
        let out = along(&start, [0.0, 0.0, 1.0], 2.0, Some(5.0));
        assert_eq!(out[0].position, [12.0, 7.0, 5.0], "the first lands on the grid");
        assert_eq!(out[1].position, [20.0, 9.0, 6.0]);
    }

    #[test]
    fn turning_one_keeps_its_place_and_several_turn_about_their_centre() {
        let one = [Place { object: 3, position: [5.0, 5.0, 1.0], rotation: [0.0, 0.0, 3.0] }];
        let t = turn(&one, 0.5);
        assert_eq!(t[0].position, one[0].position);
        assert!((t[0].rotation[2] - wrap(3.5)).abs() < 1e-6 && t[0].rotation[2] < 0.0, "wrapped into −π..π");
        let two = [place(0, 0.0, 0.0, 0.0), place(1, 10.0, 0.0, 2.0)];
        let t = turn(&two, std::f32::consts::FRAC_PI_2);
        assert!((t[0].position[0] - 5.0).abs() < 1e-4 && (t[0].position[1] + 5.0).abs() < 1e-4);
        assert!((t[1].position[0] - 5.0).abs() < 1e-4 && (t[1].position[1] - 5.0).abs() < 1e-4 && t[1].position[2] == 2.0);
        assert_eq!(wrap(f32::NAN), 0.0);
    }

    #[test]
    fn a_box_selects_exactly_the_points_inside_whichever_way_it_was_drawn() {
        let pts = [(0, Pos2::new(10.0, 10.0)), (1, Pos2::new(50.0, 40.0)), (2, Pos2::new(90.0, 90.0)), (3, Pos2::new(49.0, 5.0))];
        assert_eq!(boxed(pts.into_iter(), Pos2::new(60.0, 60.0), Pos2::new(5.0, 8.0)), vec![0, 1]);
        assert_eq!(boxed(pts.into_iter(), Pos2::new(0.0, 0.0), Pos2::new(0.0, 0.0)), Vec::<usize>::new());
        let mut sel = Selection::default();
        sel.only(2);
        select_box(&mut sel, vec![0, 1], true);
        assert_eq!(sel.objects.iter().copied().collect::<Vec<_>>(), vec![0, 1, 2], "Shift adds");
        select_box(&mut sel, vec![3], false);
        assert_eq!(sel.objects.iter().copied().collect::<Vec<_>>(), vec![3], "a plain box replaces");
    }

    #[test]
    fn only_a_changed_frame_is_committed() {
        let start = vec![place(0, 1.0, 2.0, 3.0)];
        let mut m = Moving { motion: Motion::Turn { centre: [0.0; 3], from: 0.0 }, start: start.clone(), last: None };
        assert_eq!(m.fresh(start.clone()), None, "not moved yet");
        let moved = vec![place(0, 2.0, 2.0, 3.0)];
        assert_eq!(m.fresh(moved.clone()), Some(moved.clone()));
        assert_eq!(m.fresh(moved), None, "the same again");
        assert_eq!(m.fresh(start.clone()), Some(start), "back where it began is a change");
    }
}
