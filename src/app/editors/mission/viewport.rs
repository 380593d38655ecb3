//! The mission's view: the built scene drawn by the GPU in the camera of [`super::camera`], the
//! selected objects outlined; the editor paints its layers over it ([`super::overlays`]). A drag
//! the editor does not claim ([`super::gesture`]: a gizmo handle, an object, a box in the map)
//! turns the camera (pans it on the map), a right or middle drag pans, the wheel
//! moves closer. A click picks the object under the pointer (Shift or Ctrl adds or removes it);
//! the object under the resting pointer is named in a tooltip.

use super::camera::Projector;
use super::state::MissionView;
use super::table;
use crate::app::gpu_view::{self, ViewFrame, ViewSlot};
use crate::app::seam::EditorCx;
use crate::formats::tma::Mission;
use crate::render::FrameParams;
use crate::tr;
use egui::{Pos2, Sense, Ui, Vec2};
use glam::{Mat4, Vec3};

/// What happened in the view this frame that the editor acts on.
#[derive(Debug, Default, Clone)]
pub struct Gesture {
    /// A click: the object under the pointer (or none), and whether Shift or Ctrl was held.
    pub clicked: Option<(Option<usize>, bool)>,
    /// The pointer's drag started this frame on the view at this point (primary button).
    pub drag_started: Option<Pos2>,
    /// The primary button is dragging: the pointer now.
    pub dragging: Option<Pos2>,
    /// The primary drag ended this frame.
    pub drag_ended: bool,
}

/// Draws the view; returns what the pointer did. `claimed` says a primary drag belongs to the
/// editor (a move, a box, a marker) rather than to the camera.
pub fn show(ui: &mut Ui, cx: &EditorCx, v: &mut MissionView, size: Vec2, claimed: bool) -> (Gesture, Option<Projector>) {
    let mut g = Gesture::default();
    let (rect, resp) = ui.allocate_exact_size(size, Sense::click_and_drag());
    v.viewport.rect = Some(rect);
    let weak = |ui: &Ui, text: String| {
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
    };
    let why_not = match cx.gpu {
        None => Some(tr!("orbit-no-gpu")),
        Some(rs) => gpu_view::unsupported(rs),
    };
    if let Some(e) = v.scene.error() {
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, tr!("mission-scene-error", error = e), egui::FontId::proportional(14.0), ui.visuals().error_fg_color);
        return (g, None);
    }
    let (Some(m), true) = (v.mission.as_ref().and_then(|m| m.as_ref().ok()), v.scene.built().is_some()) else {
        weak(ui, tr!("mission-building"));
        return (g, None);
    };
    let matrices: Vec<Mat4> = v.scene.matrices(m, cx.bytes).map(<[Mat4]>::to_vec).unwrap_or_default();
    let Some(b) = v.scene.built() else { return (g, None) };
    let state = &mut v.viewport;
    // The camera's input.
    let primary_drag = resp.dragged_by(egui::PointerButton::Primary);
    if resp.dragged_by(egui::PointerButton::Secondary) || resp.dragged_by(egui::PointerButton::Middle) || (primary_drag && !claimed && state.map) {
        let p = state.projector(b, rect);
        let d = resp.drag_delta();
        let per = p.units_per_point(p.camera.target);
        let right = Vec3::new(p.camera.yaw.cos(), 0.0, -p.camera.yaw.sin());
        let forward = if state.map { Vec3::new(0.0, 0.0, -1.0) } else { Vec3::new(-p.camera.yaw.sin(), 0.0, -p.camera.yaw.cos()) };
        state.pan += (-right * d.x + forward * d.y) * per;
    } else if primary_drag && !claimed && !state.map {
        let d = resp.drag_delta();
        state.yaw -= d.x * 0.01;
        state.pitch = (state.pitch + d.y * 0.01).clamp(0.05, 1.55);
    }
    if resp.hovered() {
        let s = ui.input(|i| i.smooth_scroll_delta.y);
        if s != 0.0 {
            state.zoom = (state.zoom * (-s / 300.0).exp()).clamp(0.01, 4.0);
        }
    }
    let proj = state.projector(b, rect);
    // The object under the resting pointer, named in a tooltip (picked again only when the
    // pointer or the mission moved).
    if resp.hovered()
        && state.drag.is_none()
        && !ui.input(|i| i.pointer.any_down())
        && let Some(at) = resp.hover_pos()
    {
        let id = (cx.bytes.as_ptr() as usize, cx.bytes.len());
        let hit = match state.hover {
            Some((p, k, hit)) if p == at && k == id => hit,
            _ => {
                let hit = b.pick(proj.ray(at), &matrices).map(|(o, _)| o);
                state.hover = Some((at, id, hit));
                hit
            }
        };
        if let Some(i) = hit
            && i < m.objects.len()
        {
            resp.clone().on_hover_ui_at_pointer(|ui| tooltip(ui, m, i));
        }
    }
    if resp.clicked()
        && let Some(at) = resp.interact_pointer_pos()
    {
        let add = ui.input(|i| i.modifiers.shift || i.modifiers.command);
        let hit = b.pick(proj.ray(at), &matrices).map(|(o, _)| o);
        state.hover = None;
        g.clicked = Some((hit, add));
    }
    if resp.drag_started_by(egui::PointerButton::Primary) {
        g.drag_started = resp.interact_pointer_pos().or(resp.hover_pos());
    }
    if primary_drag {
        g.dragging = resp.interact_pointer_pos();
    }
    g.drag_ended = resp.drag_stopped_by(egui::PointerButton::Primary);

    let Some(rs) = cx.gpu else {
        weak(ui, tr!("orbit-unavailable", why = why_not.unwrap_or_default()));
        return (g, Some(proj));
    };
    if let Some(w) = why_not {
        weak(ui, tr!("orbit-unavailable", why = w));
        return (g, Some(proj));
    }
    let state = &mut v.viewport;
    if let Err(e) = gpu_view::upload(rs, state.view, b.id, &b.render) {
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, e.to_string(), egui::FontId::proportional(13.0), ui.visuals().error_fg_color);
        return (g, Some(proj));
    }
    if state.slot.is_none() {
        state.slot = Some(ViewSlot { rs: rs.clone(), view: state.view });
    }
    let mut outlined = vec![false; b.render.nodes.len()];
    for (n, o) in b.node_object.iter().enumerate() {
        if o.is_some_and(|o| v.selection.objects.contains(&o)) {
            outlined[n] = true;
        }
    }
    let mut frame = ViewFrame::at_rest(state.view, ui, rect, FrameParams::new(proj.camera), &b.render);
    if matrices.len() == b.render.nodes.len() {
        frame.matrices = matrices;
    }
    frame.outlined = outlined;
    ui.painter().add(frame.paint_callback(rect));
    (g, Some(proj))
}

/// What the tooltip says of the object under the pointer: kind, path, name, clan, id.
fn tooltip(ui: &mut Ui, m: &Mission, i: usize) {
    let Some(o) = m.objects.get(i) else { return };
    ui.strong(tr!("mission-inspector-object", i = i.to_string(), kind = table::kind_label(o.kind)));
    egui::Grid::new("mission-hover").num_columns(2).show(ui, |ui| {
        let name = o.name.decode();
        let rows = [
            (tr!("mission-col-path"), o.path.decode()),
            (tr!("mission-col-name"), if name.is_empty() { "—".to_string() } else { name }),
            (tr!("mission-col-clan"), table::clan_label(m, o)),
            (tr!("mission-col-id"), o.logical_id.to_string()),
        ];
        for (k, v) in rows {
            ui.weak(k);
            ui.label(v);
            ui.end_row();
        }
    });
}
