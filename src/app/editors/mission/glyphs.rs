//! Small marks the panels paint themselves rather than take from a font (the bundled fonts have
//! no squares, arrows or padlocks): a clan's colour swatch, the up and down buttons of a row,
//! the lock mark of a property the player cannot change.

use egui::{Color32, Response, Sense, Shape, Stroke, Ui, pos2, vec2};

/// A filled square of the clan's colour, as tall as a line of text.
pub fn swatch(ui: &mut Ui, color: Color32) -> Response {
    let (rect, r) = ui.allocate_exact_size(vec2(11.0, 11.0), Sense::hover());
    ui.painter().rect(rect, 1.0, color, Stroke::new(1.0, Color32::BLACK), egui::StrokeKind::Inside);
    r
}

/// A small button with a triangle pointing up or down.
pub fn arrow_button(ui: &mut Ui, up: bool, enabled: bool) -> Response {
    let r = ui.add_enabled(enabled, egui::Button::new("").min_size(vec2(16.0, 16.0)).small());
    let c = r.rect.center();
    let color = if enabled { ui.visuals().text_color() } else { ui.visuals().weak_text_color() };
    let (tip, base) = if up { (-4.0, 3.0) } else { (4.0, -3.0) };
    let pts = vec![pos2(c.x, c.y + tip), pos2(c.x + 4.0, c.y + base), pos2(c.x - 4.0, c.y + base)];
    ui.painter().add(Shape::convex_polygon(pts, color, Stroke::NONE));
    r
}

/// A padlock: a body and its shackle.
pub fn lock_mark(ui: &mut Ui) -> Response {
    let (rect, r) = ui.allocate_exact_size(vec2(14.0, 16.0), Sense::hover());
    let color = ui.visuals().warn_fg_color;
    let body = egui::Rect::from_min_max(pos2(rect.left() + 2.0, rect.center().y - 1.0), pos2(rect.right() - 2.0, rect.bottom() - 1.0));
    ui.painter().rect_filled(body, 1.5, color);
    let top = pos2(rect.center().x, body.top());
    let arc: Vec<_> = (0..=8).map(|k| {
        let a = std::f32::consts::PI * k as f32 / 8.0;
        pos2(top.x + 3.5 * a.cos(), top.y - 4.5 * a.sin())
    }).collect();
    ui.painter().add(Shape::line(arc, Stroke::new(1.5, color)));
    r
}
