//! A small 3D view of one built scene with an orbit camera (drag turns, the wheel moves
//! closer, a click picks a part): the record editor's mesh and the unit editor's assembled
//! unit. The scene is uploaded once per scene id through `gpu_view`; a frame carries only the
//! camera and the node matrices.

use crate::app::gpu_view::{self, ViewFrame, ViewSlot};
use crate::render::{FrameParams, OrbitCamera, RenderScene};
use eframe::egui_wgpu::RenderState;
use egui::{Sense, Ui, Vec2};
use glam::Vec2 as GVec2;

/// One view's camera and its GPU slot (freed with the view).
pub struct OrbitView {
    view: u64,
    slot: Option<ViewSlot>,
    pub yaw: f32,
    pub pitch: f32,
    /// The camera's distance as a share of the framing distance.
    pub zoom: f32,
    /// Where the view was drawn last frame.
    pub rect: Option<egui::Rect>,
}

impl Default for OrbitView {
    fn default() -> Self {
        OrbitView { view: gpu_view::next_id(), slot: None, yaw: 0.6, pitch: 0.35, zoom: 1.0, rect: None }
    }
}

/// What a frame of the view gave back.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct ViewOutcome {
    /// A click (not a drag) on the view: the part under the pointer, or `Some(None)` for a
    /// click on nothing.
    pub clicked: Option<Option<usize>>,
}

impl OrbitView {
    fn camera(&self, scene: &RenderScene, rect: egui::Rect) -> OrbitCamera {
        let mut camera = OrbitCamera::framing(scene.min, scene.max, self.yaw, self.pitch, rect.width() / rect.height().max(1.0));
        camera.distance *= self.zoom;
        camera
    }

    /// Draws `scene` (uploaded under `scene_id`) into a `size` rect, the part `highlight`
    /// outlined. Without a GPU device, or with one that cannot draw the view, says why.
    pub fn show(&mut self, ui: &mut Ui, gpu: Option<&RenderState>, scene: &RenderScene, scene_id: u64, size: Vec2, highlight: Option<usize>) -> ViewOutcome {
        let mut out = ViewOutcome::default();
        let why_not = match gpu {
            None => Some(crate::tr!("orbit-no-gpu")),
            Some(rs) => gpu_view::unsupported(rs),
        };
        let (rect, resp) = ui.allocate_exact_size(size, Sense::click_and_drag());
        self.rect = Some(rect);
        let weak = |ui: &Ui, text: String| {
            ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(13.0), ui.visuals().weak_text_color())
        };
        if let Some(w) = why_not {
            weak(ui, crate::tr!("orbit-unavailable", why = w));
            return out;
        }
        let Some(rs) = gpu else { return out };
        gpu_view::orbit_input(ui, &resp, &mut self.yaw, &mut self.pitch, &mut self.zoom);
        let camera = self.camera(scene, rect);
        if resp.clicked()
            && let Some(p) = resp.interact_pointer_pos()
        {
            let pixel = GVec2::new(p.x - rect.left(), p.y - rect.top());
            let ray = camera.ray(pixel, GVec2::new(rect.width(), rect.height()), scene.radius());
            out.clicked = Some(crate::render::pick::pick(scene, ray, &scene.rest_matrices()).map(|h| h.part));
        }
        if let Err(e) = gpu_view::upload(rs, self.view, scene_id, scene) {
            ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, crate::app::i18n::messages::message(&e.message()), egui::FontId::proportional(13.0), ui.visuals().error_fg_color);
            return out;
        }
        if self.slot.is_none() {
            self.slot = Some(ViewSlot { rs: rs.clone(), view: self.view });
        }
        let mut params = FrameParams::new(camera);
        params.highlight = highlight;
        ui.painter().add(ViewFrame::at_rest(self.view, ui, rect, params, scene).paint_callback(rect));
        resp.on_hover_text(crate::tr!("orbit-tip"));
        out
    }
}
