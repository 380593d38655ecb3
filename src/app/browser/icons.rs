//! One small painted badge per entry kind (a coloured tile with a letter), so types read at a
//! glance in either theme without an icon font.

use super::model::Kind;
use egui::{Color32, FontId, Sense, Ui, vec2};

pub fn style(kind: Kind) -> (Color32, &'static str) {
    match kind {
        Kind::File => (Color32::from_rgb(96, 110, 128), "F"),
        Kind::Archive => (Color32::from_rgb(176, 120, 52), "A"),
        Kind::Mesh => (Color32::from_rgb(38, 150, 140), "M"),
        Kind::Texture => (Color32::from_rgb(142, 84, 196), "T"),
        Kind::Material => (Color32::from_rgb(206, 86, 70), "m"),
        Kind::WearTable => (Color32::from_rgb(70, 140, 70), "W"),
        Kind::Page => (Color32::from_rgb(180, 150, 40), "P"),
        Kind::Sound => (Color32::from_rgb(60, 150, 170), "S"),
        Kind::Font => (Color32::from_rgb(150, 110, 60), "f"),
        Kind::Palette => (Color32::from_rgb(190, 80, 150), "p"),
        Kind::Geometry => (Color32::from_rgb(50, 110, 200), "G"),
        Kind::Component => (Color32::from_rgb(60, 130, 170), "c"),
        Kind::Record => (Color32::from_rgb(160, 100, 60), "R"),
        Kind::Unit => (Color32::from_rgb(110, 140, 50), "U"),
        Kind::Mission => (Color32::from_rgb(200, 60, 110), "Ms"),
        Kind::NavMap => (Color32::from_rgb(80, 120, 150), "N"),
        Kind::Data => (Color32::from_rgb(120, 120, 120), "·"),
    }
}

/// Paints the badge of `kind`, `size` points square; hovering names the kind.
pub fn badge(ui: &mut Ui, kind: Kind, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    if ui.is_rect_visible(rect) {
        let (fill, letter) = style(kind);
        let p = ui.painter();
        p.rect_filled(rect.shrink(1.0), 3.0, fill);
        p.text(rect.center(), egui::Align2::CENTER_CENTER, letter, FontId::proportional(size * 0.62), Color32::WHITE);
    }
    response.on_hover_text(kind.label())
}

/// A painted disclosure triangle (the default fonts have no arrow glyphs); named for
/// accessibility and tests as "Expand" / "Collapse".
pub fn expander(ui: &mut Ui, open: bool) -> egui::Response {
    let size = 16.0;
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), Sense::click());
    let label = if open { crate::tr!("tree-collapse") } else { crate::tr!("tree-expand") };
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    if ui.is_rect_visible(rect) {
        let color = ui.style().interact(&response).fg_stroke.color;
        let c = rect.center();
        let r = size * 0.25;
        let points = if open {
            vec![c + vec2(-r, -r * 0.6), c + vec2(r, -r * 0.6), c + vec2(0.0, r * 0.8)]
        } else {
            vec![c + vec2(-r * 0.6, -r), c + vec2(r * 0.8, 0.0), c + vec2(-r * 0.6, r)]
        };
        ui.painter().add(egui::Shape::convex_polygon(points, color, egui::Stroke::NONE));
    }
    response
}

/// A small painted triangle pointing up (ascending) or down.
pub fn sort_arrow(ui: &mut Ui, ascending: bool) {
    let (rect, _) = ui.allocate_exact_size(vec2(10.0, 10.0), Sense::hover());
    let color = ui.visuals().strong_text_color();
    let c = rect.center();
    let r = 3.5;
    let points = if ascending {
        vec![c + vec2(-r, r * 0.7), c + vec2(r, r * 0.7), c + vec2(0.0, -r * 0.8)]
    } else {
        vec![c + vec2(-r, -r * 0.7), c + vec2(r, -r * 0.7), c + vec2(0.0, r * 0.8)]
    };
    ui.painter().add(egui::Shape::convex_polygon(points, color, egui::Stroke::NONE));
}
