//! The image canvas: nearest-sampled at any zoom over a checkerboard, panned by dragging,
//! zoomed by the wheel about the pointer, with a pixel grid from 8x, the Page rect overlay
//! (index labels, hover and selection, corner and body dragging on the stored view) and the
//! texel under the pointer read out.

use super::{Corner, RectDrag, TextureView};
use crate::app::seam::EditorCx;
use crate::app::widgets::image::paint_checker;
use crate::app::intent::Intent;
use crate::formats::texm::Rect as PageRect;
use egui::{Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, pos2, vec2};
use super::model::ViewMode;

/// How close (points) the pointer must be to a corner to grab it.
const GRAB: f32 = 7.0;
/// The pixel grid appears from this zoom on.
pub const GRID_FROM: f32 = 8.0;

pub fn show(ui: &mut Ui, cx: &EditorCx, view: &mut TextureView, out: &mut Vec<Intent>) {
    let (rect, resp) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    view.canvas_rect = Some(rect);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
    let Some(tex) = view.shown_texture(ui.ctx()) else {
        painter.text(rect.center(), egui::Align2::CENTER_CENTER, crate::tr!("tex-no-levels"), egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
        return;
    };
    let Some(model) = view.model() else { return };
    let Some((w, h)) = model.levels.get(view.level).map(|l| (l.width as usize, l.height as usize)) else { return };
    let level_size = vec2(w as f32, h as f32);
    let scale = 2f32.powi(view.level as i32);
    let editable = model.mode == ViewMode::Stored;
    let rects: Vec<([f32; 4], PageRect)> = model.rects.iter().map(|r| (model.rect_on_level(r, view.level), r.stored)).collect();
    let level = view.level;

    if view.fit {
        view.zoom = TextureView::fit_zoom(level_size, rect.size());
        view.pan = Vec2::ZERO;
    }
    // Wheel and pinch zoom about the pointer.
    if resp.hovered() {
        let (scroll, pinch, pointer) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta(), i.pointer.hover_pos()));
        // About 1.4x per wheel notch (50 points).
        let factor = pinch * 2f32.powf(scroll / 100.0);
        if (factor - 1.0).abs() > 1e-4
            && let Some(p) = pointer
        {
            view.zoom_about(factor, p - rect.center());
        }
    }
    let img_rect = Rect::from_center_size(rect.center() + view.pan, level_size * view.zoom);
    let zoom = view.zoom;
    let to_screen = |x: f32, y: f32| pos2(img_rect.min.x + x * zoom, img_rect.min.y + y * zoom);
    let screen_rects: Vec<Rect> = rects.iter().map(|(r, _)| Rect::from_min_max(to_screen(r[0], r[1]), to_screen(r[2], r[3]))).collect();

    // Dragging: a Page rect's corner or body on the stored view, else the image.
    let pointer = resp.interact_pointer_pos().or(resp.hover_pos());
    let texel_of = |p: Pos2| ((p - img_rect.min) / zoom * scale).to_pos2();
    if resp.drag_started_by(egui::PointerButton::Primary) && editable {
        let origin = ui.input(|i| i.pointer.press_origin()).unwrap_or_default();
        view.drag = grab(&screen_rects, view.rect_selected, origin).map(|(index, corner)| {
            view.rect_selected = Some(index);
            RectDrag { index, corner, start: rects[index].1, from: texel_of(origin) }
        });
    }
    if let (Some(d), Some(p)) = (view.drag.clone(), pointer)
        && resp.dragged_by(egui::PointerButton::Primary)
    {
        let moved = dragged_rect(&d, texel_of(p));
        if moved != rects.get(d.index).map(|r| r.1).unwrap_or(d.start) {
            let mut all: Vec<PageRect> = rects.iter().map(|r| r.1).collect();
            if let Some(slot) = all.get_mut(d.index) {
                *slot = moved;
                out.push(super::edits::rects_intent(cx, all, true));
            }
        }
    } else if resp.dragged() {
        view.pan += resp.drag_delta();
        view.fit = false;
    }
    if resp.drag_stopped() && view.drag.take().is_some() {
        out.push(Intent::EndDrag);
    }
    if resp.double_clicked() {
        view.fit = true;
    } else if resp.clicked()
        && let Some(p) = pointer
    {
        view.rect_selected = screen_rects.iter().rposition(|r| r.contains(p));
    }

    // Hover: the texel and the rect under the pointer.
    view.hover = None;
    let mut rect_under = None;
    if let Some(p) = resp.hover_pos() {
        let t = (p - img_rect.min) / view.zoom;
        if t.x >= 0.0 && t.y >= 0.0 {
            view.hover = view.model().and_then(|m| m.readout(level, t.x as u32, t.y as u32));
        }
        rect_under = screen_rects.iter().rposition(|r| r.contains(p));
    }
    if rect_under.is_some() {
        view.rect_hover = rect_under;
    }

    // Paint.
    paint_checker(&painter, img_rect);
    painter.image(tex.id(), img_rect, Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0)), Color32::WHITE);
    if view.grid && view.zoom >= GRID_FROM {
        grid(&painter, rect, img_rect, w, h, view.zoom);
    }
    if let Some(r) = &view.hover
        && view.zoom >= 4.0
    {
        let cell = Rect::from_min_size(to_screen(r.x as f32, r.y as f32), Vec2::splat(view.zoom));
        painter.rect_stroke(cell, 0.0, Stroke::new(1.5, Color32::WHITE), StrokeKind::Inside);
    }
    for (i, sr) in screen_rects.iter().enumerate() {
        let strong = view.rect_selected == Some(i) || view.rect_hover == Some(i);
        let colour = if strong { Color32::from_rgb(255, 210, 40) } else { Color32::from_rgb(60, 220, 255) };
        if strong {
            painter.rect_filled(*sr, 0.0, colour.gamma_multiply(0.12));
        }
        painter.rect_stroke(*sr, 0.0, Stroke::new(if strong { 2.0 } else { 1.0 }, colour), StrokeKind::Middle);
        // The cell byte's number (MAT0 names rect 0 first), as the table and the material
        // editor's cell picker number them.
        let label = format!("{i}");
        let galley = painter.layout_no_wrap(label, egui::FontId::monospace(11.0), Color32::BLACK);
        let at = sr.min + vec2(1.0, 1.0);
        painter.rect_filled(Rect::from_min_size(at, galley.size() + vec2(4.0, 0.0)), 2.0, colour);
        painter.galley(at + vec2(2.0, 0.0), galley, Color32::BLACK);
        if editable && view.rect_selected == Some(i) {
            for c in corners(sr) {
                painter.rect_filled(Rect::from_center_size(c, Vec2::splat(7.0)), 1.0, colour);
                painter.rect_stroke(Rect::from_center_size(c, Vec2::splat(7.0)), 1.0, Stroke::new(1.0, Color32::BLACK), StrokeKind::Outside);
            }
        }
    }
    // Files dragged over the window: say what a drop here does.
    let hovering_files = ui.ctx().input(|i| !i.raw.hovered_files.is_empty());
    if hovering_files && ui.ctx().pointer_latest_pos().is_some_and(|p| rect.contains(p)) {
        let accent = ui.visuals().selection.stroke.color;
        painter.rect_filled(rect, 0.0, Color32::from_black_alpha(120));
        painter.rect_stroke(rect.shrink(4.0), 6.0, Stroke::new(3.0, accent), StrokeKind::Inside);
        painter.text(rect.center(), egui::Align2::CENTER_CENTER, crate::tr!("tex-drop"), egui::FontId::proportional(18.0), Color32::WHITE);
    }
    if resp.hovered() {
        let icon = match &view.drag {
            Some(_) => egui::CursorIcon::Grabbing,
            None if editable && pointer.and_then(|p| grab(&screen_rects, view.rect_selected, p)).is_some_and(|(_, c)| c != Corner::Body) => {
                egui::CursorIcon::Crosshair
            }
            None => egui::CursorIcon::Default,
        };
        ui.ctx().set_cursor_icon(icon);
    }
}

fn corners(r: &Rect) -> [Pos2; 4] {
    [r.left_top(), r.right_top(), r.left_bottom(), r.right_bottom()]
}

/// The rect and part under `p`: a corner of the selected rect first, then any rect's corner,
/// then the body of the selected rect.
pub fn grab(rects: &[Rect], selected: Option<usize>, p: Pos2) -> Option<(usize, Corner)> {
    const KINDS: [Corner; 4] = [Corner::TopLeft, Corner::TopRight, Corner::BottomLeft, Corner::BottomRight];
    let order = selected.into_iter().chain((0..rects.len()).rev().filter(move |i| Some(*i) != selected));
    for i in order {
        let Some(r) = rects.get(i) else { continue };
        if let Some(k) = corners(r).iter().position(|c| c.distance(p) <= GRAB) {
            return Some((i, KINDS[k]));
        }
    }
    selected.filter(|&i| rects.get(i).is_some_and(|r| r.contains(p))).map(|i| (i, Corner::Body))
}

/// The rect a drag makes, in level-0 texels: a corner follows the pointer (rounded to the
/// nearest texel edge, the rect never inverted), the body moves by whole texels.
pub fn dragged_rect(d: &RectDrag, p: Pos2) -> PageRect {
    let s = d.start;
    let clamp = |v: f32| v.round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i32;
    let (mut x0, mut y0, mut x1, mut y1) = (i32::from(s.x), i32::from(s.y), i32::from(s.x) + i32::from(s.w), i32::from(s.y) + i32::from(s.h));
    match d.corner {
        Corner::TopLeft => (x0, y0) = (clamp(p.x), clamp(p.y)),
        Corner::TopRight => (x1, y0) = (clamp(p.x), clamp(p.y)),
        Corner::BottomLeft => (x0, y1) = (clamp(p.x), clamp(p.y)),
        Corner::BottomRight => (x1, y1) = (clamp(p.x), clamp(p.y)),
        Corner::Body => {
            let (dx, dy) = (clamp(p.x - d.from.x), clamp(p.y - d.from.y));
            (x0, y0, x1, y1) = (x0 + dx, y0 + dy, x1 + dx, y1 + dy);
        }
    }
    let (x0, x1) = (x0.min(x1), x0.max(x1));
    let (y0, y1) = (y0.min(y1), y0.max(y1));
    let i16c = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
    PageRect { x: i16c(x0), w: i16c(x1 - x0), y: i16c(y0), h: i16c(y1 - y0) }
}

fn grid(painter: &egui::Painter, clip: Rect, img: Rect, w: usize, h: usize, zoom: f32) {
    let stroke = Stroke::new(1.0, Color32::from_black_alpha(90));
    let vis = clip.intersect(img);
    if vis.width() <= 0.0 || vis.height() <= 0.0 {
        return;
    }
    let first_x = ((vis.min.x - img.min.x) / zoom).floor().max(0.0) as usize;
    let last_x = (((vis.max.x - img.min.x) / zoom).ceil() as usize).min(w);
    let first_y = ((vis.min.y - img.min.y) / zoom).floor().max(0.0) as usize;
    let last_y = (((vis.max.y - img.min.y) / zoom).ceil() as usize).min(h);
    for x in first_x..=last_x {
        let sx = img.min.x + x as f32 * zoom;
        painter.line_segment([pos2(sx, vis.min.y), pos2(sx, vis.max.y)], stroke);
    }
    for y in first_y..=last_y {
        let sy = img.min.y + y as f32 * zoom;
        painter.line_segment([pos2(vis.min.x, sy), pos2(vis.max.x, sy)], stroke);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drag(corner: Corner) -> RectDrag {
        RectDrag { index: 0, corner, start: PageRect { x: 4, w: 8, y: 2, h: 6 }, from: pos2(6.0, 4.0) }
    }

    #[test]
    fn corners_follow_the_pointer_and_never_invert() {
        assert_eq!(dragged_rect(&drag(Corner::BottomRight), pos2(15.6, 9.2)), PageRect { x: 4, w: 12, y: 2, h: 7 });
        assert_eq!(dragged_rect(&drag(Corner::TopLeft), pos2(0.4, 0.0)), PageRect { x: 0, w: 12, y: 0, h: 8 });
        // Past the opposite corner: the rect flips instead of getting a negative size.
        assert_eq!(dragged_rect(&drag(Corner::TopLeft), pos2(20.0, 10.0)), PageRect { x: 12, w: 8, y: 8, h: 2 });
        assert_eq!(dragged_rect(&drag(Corner::Body), pos2(9.0, 3.0)), PageRect { x: 7, w: 8, y: 1, h: 6 });
    }

    #[test]
    fn grab_prefers_the_selected_rect() {
        let rects = [Rect::from_min_max(pos2(0.0, 0.0), pos2(50.0, 50.0)), Rect::from_min_max(pos2(50.0, 50.0), pos2(90.0, 90.0))];
        assert_eq!(grab(&rects, None, pos2(51.0, 49.0)), Some((1, Corner::TopLeft)));
        assert_eq!(grab(&rects, Some(0), pos2(51.0, 49.0)), Some((0, Corner::BottomRight)));
        assert_eq!(grab(&rects, Some(0), pos2(20.0, 20.0)), Some((0, Corner::Body)));
        assert_eq!(grab(&rects, None, pos2(20.0, 20.0)), None);
    }
}
