//! The editor's gestures in the view ([`super::drag`] holds their state and arithmetic): a
//! primary press on a gizmo handle or on an object (or on nothing, in the map) is taken from
//! the camera before the view is drawn; the drag that follows moves the selection on the
//! ground, along one axis, turns it with the ring, or draws a selection box. Each frame of a
//! move commits one `MissionOp::Place` under one drag name, and the release ends the undo step;
//! Escape cancels the drag, its step taken back and forgotten.
//! Per frame the work is one ground query for the pointer and one height per dragged object.

use super::camera::Projector;
use super::drag::{self, Drag, Motion, Moving, Press, Target};
use super::edits::{MissionOp, Place};
use super::gizmo::{self, Gizmo};
use super::overlays::HIGHLIGHT;
use super::state::{MissionView, SideTab};
use super::viewport::Gesture;
use crate::app::intent::Intent;
use crate::app::seam::EditorCx;
use crate::formats::tma::Mission;
use crate::tr;
use egui::{Color32, Stroke, Ui};
use glam::Mat4;

/// The drag names under which a gesture's frames merge into one undo step.
pub const MOVE: &str = "mission-move";
pub const TURN: &str = "mission-turn";

/// The gizmo for the selection on this frame's projector.
pub fn gizmo_of(v: &MissionView, m: &Mission, proj: &Projector) -> Option<Gizmo> {
    let c = gizmo::centre(v.selection.objects.iter().filter_map(|&i| m.objects.get(i)).map(|o| o.position))?;
    Gizmo::new(proj, c, v.viewport.map)
}

/// Before the view is drawn: takes a primary press on a gizmo handle or an object (or on
/// nothing, in the map) for the editor. Returns whether the primary drag is the editor's.
pub fn claim(ui: &Ui, cx: &EditorCx, v: &mut MissionView, m: &Mission) -> bool {
    let (pressed, down, origin, mods) = ui.input(|i| (i.pointer.primary_pressed(), i.pointer.primary_down(), i.pointer.press_origin(), i.modifiers));
    if v.viewport.cancelled {
        if down {
            return true;
        }
        v.viewport.cancelled = false;
    }
    if v.viewport.drag.is_none() {
        if pressed {
            v.viewport.press = None;
            let on_view = |at| v.viewport.rect.is_some_and(|r| r.contains(at)) && ui.ctx().layer_id_at(at).is_none_or(|l| l == ui.layer_id());
            if let Some(at) = origin.filter(|at| on_view(*at)) {
                v.viewport.press = target(cx, v, m, at).map(|on| Press { at, on, add: mods.shift || mods.command });
            }
        } else if !down {
            v.viewport.press = None;
        }
    }
    v.viewport.press.is_some() || v.viewport.drag.is_some()
}

/// What the press at `at` lands on: a gizmo handle, else the object there, else (in the map)
/// nothing; `None` leaves the drag to the camera.
fn target(cx: &EditorCx, v: &mut MissionView, m: &Mission, at: egui::Pos2) -> Option<Target> {
    let rect = v.viewport.rect?;
    let matrices: Vec<Mat4> = v.scene.matrices(m, cx.bytes).map(<[Mat4]>::to_vec)?;
    let b = v.scene.built()?;
    let proj = v.viewport.projector(b, rect);
    if let Some(h) = gizmo_of(v, m, &proj).and_then(|g| g.hit(at)) {
        return Some(Target::Handle(h));
    }
    if let Some((i, _)) = b.pick(proj.ray(at), &matrices) {
        return Some(Target::Object(i));
    }
    v.viewport.map.then_some(Target::Nothing)
}

fn places(m: &Mission, list: impl Iterator<Item = usize>) -> Vec<Place> {
    list.filter_map(|i| m.objects.get(i).map(|o| Place { object: i, position: o.position, rotation: o.rotation })).collect()
}

/// After the view is drawn: starts, steps and ends the editor's drag.
pub fn update(ui: &Ui, cx: &EditorCx, v: &mut MissionView, m: &Mission, g: &Gesture, proj: Option<&Projector>, out: &mut Vec<Intent>) {
    let Some(proj) = proj else { return };
    if cancel(ui, v, out) {
        return;
    }
    if g.drag_started.is_some()
        && v.viewport.drag.is_none()
        && let Some(p) = v.viewport.press
    {
        v.viewport.drag = begin(v, m, p, proj);
    }
    let snapping = v.viewport.snap.on || ui.input(|i| i.modifiers.command);
    let grid = snapping.then_some(v.viewport.snap.grid);
    if let Some(now) = g.dragging {
        let ray = proj.ray(now);
        let b = v.scene.built();
        match &mut v.viewport.drag {
            Some(Drag::Box { to, .. }) => *to = now,
            Some(Drag::Moving(mv)) => {
                let next = match mv.motion {
                    Motion::Ground { anchor, lead } => b.and_then(|b| b.ground_hit(ray)).or_else(|| gizmo::on_level(ray, anchor)).map(|hit| {
                        drag::on_ground(&mv.start, lead, [hit[0] - anchor[0], hit[1] - anchor[1]], grid, |x, y| b.and_then(|b| b.height(x, y)))
                    }),
                    Motion::Axis { handle, centre, from } => handle.axis().and_then(|a| gizmo::along_axis(ray, centre, a).map(|s| drag::along(&mv.start, a, s - from, grid))),
                    Motion::Turn { centre, from } => gizmo::angle_at(ray, centre).map(|a| {
                        let step = drag::wrap(a - from);
                        drag::turn(&mv.start, if snapping { drag::snap(step, super::TURN_STEP) } else { step })
                    }),
                };
                let name = if matches!(mv.motion, Motion::Turn { .. }) { TURN } else { MOVE };
                if let Some(list) = next.and_then(|n| mv.fresh(n)) {
                    v.commit(cx.path, cx.bytes, MissionOp::Place(list), Some(name), out);
                }
            }
            None => {}
        }
    }
    let down = ui.input(|i| i.pointer.primary_down());
    if g.drag_ended || (!down && v.viewport.drag.is_some()) {
        match v.viewport.drag.take() {
            Some(Drag::Moving(mv)) if mv.last.is_some() => out.push(Intent::EndDrag),
            Some(Drag::Box { from, to, add }) => {
                let found = drag::boxed(m.objects.iter().enumerate().filter_map(|(i, o)| proj.to_screen(o.position).map(|p| (i, p))), from, to);
                drag::select_box(&mut v.selection, found, add);
                v.side = SideTab::Object;
            }
            _ => {}
        }
        v.viewport.press = None;
    }
}

/// Escape while a press or drag is the editor's: the drag is dropped, the objects go back
/// where they were and its undo step is forgotten ([`Intent::CancelDrag`]); the button stays
/// the editor's until released. True when it cancelled.
fn cancel(ui: &Ui, v: &mut MissionView, out: &mut Vec<Intent>) -> bool {
    let busy = v.viewport.drag.is_some() || v.viewport.press.is_some();
    if !busy || !ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        return false;
    }
    if let Some(Drag::Moving(mv)) = v.viewport.drag.take()
        && mv.last.is_some()
    {
        out.push(Intent::CancelDrag);
    }
    v.viewport.press = None;
    v.viewport.cancelled = true;
    true
}

/// A drag starting from the press `p`.
fn begin(v: &mut MissionView, m: &Mission, p: Press, proj: &Projector) -> Option<Drag> {
    let ray = proj.ray(p.at);
    match p.on {
        Target::Nothing => Some(Drag::Box { from: p.at, to: p.at, add: p.add }),
        Target::Object(i) => {
            if !v.selection.objects.contains(&i) {
                if p.add {
                    v.selection.toggle(i);
                } else {
                    v.selection.only(i);
                }
                v.table.reveal = Some(i);
                v.side = SideTab::Object;
            }
            let o = m.objects.get(i)?;
            let anchor = v.scene.built().and_then(|b| b.ground_hit(ray)).or_else(|| gizmo::on_level(ray, o.position))?;
            Some(Drag::Moving(Moving { motion: Motion::Ground { anchor, lead: i }, start: places(m, v.selection.objects.iter().copied()), last: None }))
        }
        Target::Handle(h) => {
            let centre = gizmo::centre(v.selection.objects.iter().filter_map(|&i| m.objects.get(i)).map(|o| o.position))?;
            let motion = match h.axis() {
                Some(a) => Motion::Axis { handle: h, centre, from: gizmo::along_axis(ray, centre, a)? },
                None => Motion::Turn { centre, from: gizmo::angle_at(ray, centre)? },
            };
            Some(Drag::Moving(Moving { motion, start: places(m, v.selection.objects.iter().copied()), last: None }))
        }
    }
}

/// Paints the gizmo (the handle under the pointer or being dragged highlighted), the box being
/// drawn, and while snapping what the grid is.
pub fn paint(ui: &Ui, v: &MissionView, m: &Mission, proj: &Projector) {
    let painter = ui.painter_at(proj.rect);
    if let Some(Drag::Box { from, to, .. }) = v.viewport.drag {
        let r = egui::Rect::from_two_pos(from, to);
        painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(255, 210, 60, 40));
        painter.rect_stroke(r, 0.0, Stroke::new(1.5, HIGHLIGHT), egui::StrokeKind::Inside);
    }
    if v.viewport.map {
        // The map draws objects small: a ring marks each selected one.
        for o in v.selection.objects.iter().filter_map(|&i| m.objects.get(i)) {
            if let Some(at) = proj.to_screen(o.position) {
                painter.circle_stroke(at, 4.0, Stroke::new(1.5, HIGHLIGHT));
            }
        }
    }
    let Some(g) = gizmo_of(v, m, proj) else { return };
    let hot = match &v.viewport.drag {
        Some(Drag::Moving(Moving { motion: Motion::Axis { handle, .. }, .. })) => Some(*handle),
        Some(Drag::Moving(Moving { motion: Motion::Turn { .. }, .. })) => Some(gizmo::Handle::Ring),
        Some(_) => None,
        None => ui.input(|i| i.pointer.hover_pos()).filter(|p| proj.rect.contains(*p)).and_then(|p| g.hit(p)),
    };
    g.paint(&painter, hot);
    if matches!(v.viewport.drag, Some(Drag::Moving(_))) {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
    } else if hot.is_some() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
    }
    if matches!(v.viewport.drag, Some(Drag::Moving(_))) && (v.viewport.snap.on || ui.input(|i| i.modifiers.command)) {
        let text = tr!("mission-view-snapping", grid = crate::app::i18n::format::decimal(f64::from(v.viewport.snap.grid), 1));
        painter.text(g.at + egui::vec2(12.0, 12.0), egui::Align2::LEFT_TOP, text, egui::FontId::proportional(12.0), HIGHLIGHT);
    }
}

/// The tool bar's snapping controls: the toggle and the grid's spacing.
pub fn snap_controls(ui: &mut Ui, v: &mut MissionView) {
    let s = &mut v.viewport.snap;
    ui.toggle_value(&mut s.on, tr!("mission-view-snap")).on_hover_text(tr!("mission-view-snap-tip"));
    ui.add(egui::DragValue::new(&mut s.grid).range(drag::GRID_RANGE).speed(0.5).max_decimals(1)).on_hover_text(tr!("mission-view-grid-tip"));
}
