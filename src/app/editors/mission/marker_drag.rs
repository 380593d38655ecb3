//! The markers in the view's gestures: a primary press on a marker ([`super::markers`]) claims
//! the drag from the camera; the marker follows the ground under the pointer, one edit a frame
//! (only when the pointer moved) under one drag name, so the whole drag is one undo step, and
//! Escape cancels it (the step taken back); a click selects it and shows the tab that edits it;
//! a double-click on a route's edge inserts a corner there.

use super::camera::Projector;
use super::edits::MissionOp;
use super::markers::{Hit, drag_op, hit_test};
use super::overlays::on_ground;
use super::state::{MissionView, SideTab};
use super::viewport::Gesture;
use crate::formats::tma::Mission;
use egui::Pos2;

/// The side panel that edits what was hit.
pub fn tab(hit: Hit) -> SideTab {
    if hit.of_clan() { SideTab::Clans } else { SideTab::Routes }
}

/// What the markers did this frame.
#[derive(Debug, Default)]
pub struct Outcome {
    pub ops: Vec<super::asked::Request>,
    pub end_drag: bool,
    /// Escape cancelled a drag that had moved the marker: its undo step is taken back.
    pub cancel: bool,
    /// A click landed on a marker: the objects under it are not picked.
    pub took_click: bool,
}

/// The drag name of every marker drag (one undo step per drag).
pub const DRAG: &str = "mission-marker";

/// Whether the primary button went down on a marker (this frame or earlier, still held): the
/// drag is the marker's, not the camera's. Uses last frame's view.
pub fn claim(ui: &egui::Ui, v: &mut MissionView, m: &Mission) -> bool {
    let (pressed, down, origin) = ui.input(|i| (i.pointer.primary_pressed(), i.pointer.primary_down(), i.pointer.press_origin()));
    if pressed {
        v.markers.pressed = None;
        v.markers.moved = false;
        v.markers.last = None;
        if let (Some(rect), Some(b), Some(at)) = (v.viewport.rect, v.scene.built(), origin)
            && rect.contains(at)
        {
            let proj = v.viewport.projector(b, rect);
            v.markers.pressed = hit_test(m, &v.viewport.layers, at, &|p| proj.to_screen(on_ground(b, p)));
        }
    } else if !down && !ui.input(|i| i.pointer.primary_released()) {
        v.markers.pressed = None;
    }
    v.markers.pressed.is_some()
}

/// Acts on the view's gesture for the markers: a click selects one, a drag moves it, a
/// double-click on a route edge inserts a corner.
pub fn handle(ui: &egui::Ui, v: &mut MissionView, m: &Mission, g: &Gesture, proj: Option<&Projector>) -> Outcome {
    let mut out = Outcome::default();
    let (Some(proj), Some(b)) = (proj, v.scene.built()) else { return out };
    let at = ui.input(|i| i.pointer.interact_pos());
    let hit_at = |p: Pos2| hit_test(m, &v.viewport.layers, p, &|q| proj.to_screen(on_ground(b, q)));
    if v.markers.pressed.is_some() && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        out.cancel = v.markers.moved;
        v.markers = Default::default();
        // The button stays the editor's until released (`gesture::claim`).
        v.viewport.cancelled = true;
        return out;
    }
    if let Some(hit) = v.markers.pressed
        && let Some(p) = g.dragging.filter(|p| v.markers.last != Some(*p))
        && let Some(ground) = b.ground_hit(proj.ray(p))
    {
        v.markers.last = Some(p);
        if let Some(op) = drag_op(m, hit, ground) {
            out.ops.push((op, Some(DRAG)));
            v.markers.moved = true;
        }
        v.selection.objects.clear();
        v.selection.marker = Some(hit.marker());
        v.side = tab(hit);
    }
    if g.drag_ended && v.markers.pressed.is_some() {
        out.end_drag = v.markers.moved;
        v.markers.pressed = None;
        v.markers.moved = false;
        v.markers.last = None;
    }
    // (A third quick click, counted as a triple, inserts too.)
    let double = ui.input(|i| i.pointer.button_double_clicked(egui::PointerButton::Primary) || i.pointer.button_triple_clicked(egui::PointerButton::Primary));
    if double
        && let Some(p) = at.filter(|p| proj.rect.contains(*p))
        && let Some(Hit::RouteEdge { route, after, at }) = hit_at(p)
    {
        let at = b.ground_hit(proj.ray(p)).unwrap_or(at);
        out.ops.push((MissionOp::InsertRoutePoint { route, at_index: after + 1, at }, None));
        out.took_click = true;
        v.side = SideTab::Routes;
        return out;
    }
    if g.clicked.is_some()
        && let Some(p) = at
        && let Some(hit) = hit_at(p)
    {
        v.selection.objects.clear();
        v.selection.marker = Some(hit.marker());
        v.side = tab(hit);
        out.took_click = true;
    }
    out
}
