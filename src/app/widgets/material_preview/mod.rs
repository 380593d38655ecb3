//! The material preview behind one small interface, shared by the MAT0 editor and the compare
//! view's material diff: the caller hands a [`PreviewInput`] (the evaluated state at the
//! playhead, the attr1 flags, the phase's texture and cell) to whatever [`MaterialPreview`] it
//! holds. [`SwatchPreview`] is the flat view that needs no adapter: a checkerboard, the texture
//! cell tinted by the evaluated diffuse colour, the four colours and the power.
//! [`shape::ShapePreview`] is the lit sphere/cube/plane from `src/render`, which falls back to
//! the swatch without a device.

pub mod shape;

use crate::app::widgets::named_texture::TexLook;
use crate::app::widgets::image::paint_checker;
use crate::formats::mat0::MaterialState;
use crate::formats::mat0::flags::Mat0Flags;
use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Ui, vec2};

/// What a preview draws for one frame.
pub struct PreviewInput<'a> {
    pub state: &'a MaterialState,
    pub flags: Mat0Flags,
    /// The current phase's texture as found in the open libraries (or why it was not).
    pub texture: Option<&'a TexLook>,
    /// The part of the texture the cell selects, in UV (the whole texture for -1 or no rect).
    pub uv: Rect,
    /// The same texture decoded for the renderer, when it was found.
    pub resolved: Option<std::sync::Arc<crate::doc::resolve::ResolvedTexture>>,
    /// The window's device, for a preview that draws in 3D.
    pub gpu: Option<&'a eframe::egui_wgpu::RenderState>,
}

pub trait MaterialPreview {
    fn show(&mut self, ui: &mut Ui, input: &PreviewInput);
    /// Where a rendered image was drawn last frame (tests read its pixels).
    fn image_rect(&self) -> Option<Rect> {
        None
    }
}

/// Runtime floats (offset / 4) of each colour: diffuse first, as the engine holds them.
pub const DIFFUSE: usize = 0;
pub const AMBIENT: usize = 4;
pub const SPECULAR: usize = 8;
pub const EMISSIVE: usize = 12;

/// A runtime colour (four floats from `at`) as an unmultiplied sRGB colour, clamped.
pub fn colour(values: &[f32; 16], at: usize) -> Color32 {
    let b = |i: usize| (values[at + i].clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgba_unmultiplied(b(0), b(1), b(2), b(3))
}

/// The colour at the centre of the flat swatch: the evaluated diffuse colour (its alpha drawn
/// over the checkerboard), which the texture multiplies.
pub fn centre_colour(state: &MaterialState) -> Color32 {
    colour(&state.values, DIFFUSE)
}

#[derive(Default)]
pub struct SwatchPreview;

impl MaterialPreview for SwatchPreview {
    fn show(&mut self, ui: &mut Ui, input: &PreviewInput) {
        let side = ui.available_width().clamp(96.0, 220.0);
        let (rect, _) = ui.allocate_exact_size(vec2(side, side), Sense::hover());
        let painter = ui.painter_at(rect);
        paint_checker(&painter, rect);
        let tint = centre_colour(input.state);
        match input.texture.and_then(|t| t.handle.as_ref()) {
            Some(tex) => {
                painter.image(tex.id(), rect, input.uv, tint);
            }
            None => {
                painter.rect_filled(rect, 0.0, tint);
            }
        }
        painter.rect_stroke(rect, 0.0, Stroke::new(1.0, ui.visuals().weak_text_color()), StrokeKind::Inside);
        if let Some(problem) = input.texture.and_then(|t| t.problem.as_ref()) {
            painter.text(rect.center(), egui::Align2::CENTER_CENTER, problem.to_string(), egui::FontId::proportional(11.0), Color32::RED);
        }
        ui.horizontal_wrapped(|ui| {
            for (name, at) in [(crate::tr!("preview-diffuse"), DIFFUSE), (crate::tr!("preview-ambient"), AMBIENT), (crate::tr!("preview-specular"), SPECULAR), (crate::tr!("preview-emissive"), EMISSIVE)] {
                let (r, resp) = ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
                paint_checker(&ui.painter_at(r), r);
                ui.painter().rect_filled(r, 2.0, colour(&input.state.values, at));
                let v = &input.state.values[at..at + 4];
                resp.on_hover_ui(|ui| {
                    ui.label(format!("{name}: {:.3} {:.3} {:.3} {:.3}", v[0], v[1], v[2], v[3]));
                });
                ui.label(&name);
            }
        });
        let power = 1u64.checked_shl(input.state.u16).map_or_else(|| crate::tr!("preview-overflows"), |p| p.to_string());
        ui.label(crate::tr!("preview-power", step = input.state.u16.to_string(), power = power, nibble = input.flags.nibble_mode().to_string()));

    }
}
