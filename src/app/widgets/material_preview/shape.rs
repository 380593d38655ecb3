//! The material on a sphere, cube or plane, drawn by the 3D renderer (the same one the
//! viewport and `render Material.lib::NAME` use): lit by the evaluated colours and power,
//! textured with the phase's texture and cell, blended by the nibble mode, over a checkerboard.
//! The shape is uploaded again only when the texture, the cell or the blend changes; the
//! colours go up with every frame. Without a device that can draw it, the flat swatch shows.

use super::{MaterialPreview, PreviewInput, SwatchPreview};
use crate::app::widgets::image::paint_checker;
use crate::app::gpu_view::{self, ViewFrame, ViewSlot};
use crate::render::scene::FULL_UV_RECT;
use crate::render::shapes::{Shape, preview_scene};
use crate::render::{BlendMode, FrameParams, MaterialColors, OrbitCamera, RenderScene};
use egui::{Sense, Ui, vec2};
use std::sync::Arc;

/// What the uploaded shape was made with.
#[derive(Clone, PartialEq)]
struct ShapeKey {
    shape: Shape,
    texture: Option<(String, u32, u32)>,
    uv: [u32; 4],
    blend: BlendMode,
}

pub struct ShapePreview {
    pub shape: Shape,
    /// The flat swatch instead of the 3D shape.
    pub flat: bool,
    swatch: SwatchPreview,
    view: u64,
    slot: Option<ViewSlot>,
    scene: Option<(ShapeKey, Arc<RenderScene>, u64)>,
    pub yaw: f32,
    pub pitch: f32,
    /// Where the shape was drawn last frame.
    rect: Option<egui::Rect>,
}

impl Default for ShapePreview {
    fn default() -> Self {
        ShapePreview { shape: Shape::Sphere, flat: false, swatch: SwatchPreview, view: gpu_view::next_id(), slot: None, scene: None, yaw: 0.5, pitch: 0.35, rect: None }
    }
}

fn shape_name(s: Shape) -> String {
    match s {
        Shape::Sphere => crate::tr!("preview-sphere"),
        Shape::Cube => crate::tr!("preview-cube"),
        Shape::Plane => crate::tr!("preview-plane"),
    }
}

impl ShapePreview {
    fn scene(&mut self, input: &PreviewInput) -> (Arc<RenderScene>, u64) {
        let uv = [input.uv.min.x, input.uv.min.y, input.uv.width(), input.uv.height()];
        let has_alpha = input.resolved.as_ref().is_some_and(|t| t.has_alpha);
        let blend = BlendMode::from_nibble(input.flags.nibble_mode(), has_alpha);
        let key = ShapeKey {
            shape: self.shape,
            texture: input.resolved.as_ref().map(|t| (t.origin.clone(), t.width, t.height)),
            uv: uv.map(f32::to_bits),
            blend,
        };
        if let Some((k, s, id)) = &self.scene
            && *k == key
        {
            return (s.clone(), *id);
        }
        let mut scene = preview_scene(self.shape);
        let uv_rect = if input.resolved.is_some() { uv } else { FULL_UV_RECT };
        scene.set_preview_material(colors(input), input.resolved.clone(), uv_rect, blend);
        let scene = Arc::new(scene);
        let id = gpu_view::next_id();
        self.scene = Some((key, scene.clone(), id));
        (scene, id)
    }
}

fn colors(input: &PreviewInput) -> MaterialColors {
    MaterialColors::from_runtime(&input.state.values, input.state.u16)
}

impl MaterialPreview for ShapePreview {
    fn image_rect(&self) -> Option<egui::Rect> {
        self.rect
    }

    fn show(&mut self, ui: &mut Ui, input: &PreviewInput) {
        ui.horizontal(|ui| {
            for s in [Shape::Sphere, Shape::Cube, Shape::Plane] {
                if ui.selectable_label(!self.flat && self.shape == s, shape_name(s)).on_hover_text(crate::tr!("preview-shape-tip")).clicked() {
                    self.shape = s;
                    self.flat = false;
                }
            }
            ui.selectable_value(&mut self.flat, true, crate::tr!("preview-flat")).on_hover_text(crate::tr!("preview-flat-tip"));
        });
        let why_not = match input.gpu {
            None => Some(crate::tr!("mesh-no-gpu-device")),
            Some(rs) => gpu_view::unsupported(rs),
        };
        self.rect = None;
        let Some(rs) = input.gpu.filter(|_| !self.flat && why_not.is_none()) else {
            if !self.flat && let Some(w) = why_not {
                ui.weak(crate::tr!("preview-unavailable", why = w));
            }
            self.swatch.show(ui, input);
            return;
        };
        let side = ui.available_width().clamp(128.0, 320.0);
        let (rect, resp) = ui.allocate_exact_size(vec2(side, side), Sense::drag());
        if resp.dragged() {
            let d = resp.drag_delta();
            self.yaw -= d.x * 0.01;
            self.pitch = (self.pitch + d.y * 0.01).clamp(-1.5, 1.5);
        }
        let (scene, scene_id) = self.scene(input);
        if let Err(e) = gpu_view::upload(rs, self.view, scene_id, &scene) {
            ui.weak(crate::tr!("preview-unavailable", why = e.to_string()));
            self.swatch.show(ui, input);
            return;
        }
        if self.slot.is_none() {
            self.slot = Some(ViewSlot { rs: rs.clone(), view: self.view });
        }
        paint_checker(&ui.painter_at(rect), rect);
        let ppp = ui.ctx().pixels_per_point();
        let frame = ViewFrame {
            view: self.view,
            size: [(rect.width() * ppp).round().max(1.0) as u32, (rect.height() * ppp).round().max(1.0) as u32],
            params: FrameParams { background: [0.0; 4], ..FrameParams::new(OrbitCamera::framing(scene.min, scene.max, self.yaw, self.pitch, 1.0)) },
            matrices: scene.rest_matrices(),
            colors: Some(vec![colors(input)]),
            textures: None,
            visible: vec![true; scene.nodes.len()],
            outlined: Vec::new(),
        };
        ui.painter().add(frame.paint_callback(rect));
        self.rect = Some(rect);
        resp.on_hover_text(crate::tr!("preview-turn-tip"));

        if let Some(problem) = input.texture.and_then(|t| t.problem.as_ref()) {
            ui.colored_label(ui.visuals().warn_fg_color, problem.to_string());
        }
    }
}
