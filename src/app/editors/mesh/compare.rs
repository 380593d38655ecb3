//! A mesh's two sides in two 3D views with one camera: a drag on either turns both, the wheel
//! moves both closer. Each side is built once by the scene layer (`scene::build_item`, what the
//! viewport and `export` build) with its materials and textures resolved from beside that side
//! (`assets`: the editor's side through the workspace, as the mesh editor's viewport reads
//! them, a side on disk from its own folder), uploaded once, drawn textured, and framed on the
//! box around both sides, so a moved part shows where it moved to.

use crate::app::gpu_view::{self, ViewFrame, ViewSlot};
use crate::doc::diff::Side;
use crate::app::seam::compare::{Assets, CompareBody, Placement};
use crate::formats::readings::Readings;
use crate::render::{FrameParams, OrbitCamera, RenderScene};
use crate::scene::SceneOptions;
use crate::scene::level::LevelLayers;
use eframe::egui_wgpu::RenderState;
use egui::{Sense, Ui, Vec2};
use glam::Vec3;

struct View {
    /// The built scene with its upload id, or why there is none.
    scene: Result<(RenderScene, u64), String>,
    view: u64,
    slot: Option<ViewSlot>,
}

pub struct MeshPair {
    views: [Option<View>; 2],
    pub yaw: f32,
    pub pitch: f32,
    /// The camera's distance as a share of the framing distance.
    pub zoom: f32,
    min: Vec3,
    max: Vec3,
}

fn build(side: &Side, assets: &Assets, readings: &Readings) -> Result<(RenderScene, u64), String> {
    let item = crate::scene::build_item(&side.name, &side.bytes, assets.as_ref(), &SceneOptions::default(), readings, LevelLayers::default()).map_err(|e| crate::app::i18n::messages::message(&e.message()))?;
    Ok((RenderScene::from_scene(&item.scene), gpu_view::next_id()))
}

impl MeshPair {
    /// `assets` are A's and B's (`app::compare::assets::side_assets`).
    pub fn new(a: Option<&Side>, b: Option<&Side>, readings: &Readings, assets: &[Assets; 2]) -> MeshPair {
        let mk = |s: Option<&Side>, x: &Assets| s.map(|s| View { scene: build(s, x, readings), view: gpu_view::next_id(), slot: None });
        let views = [mk(a, &assets[0]), mk(b, &assets[1])];
        let (mut min, mut max) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
        for (s, _) in views.iter().flatten().filter_map(|v| v.scene.as_ref().ok()) {
            (min, max) = (min.min(s.min), max.max(s.max));
        }
        if min.x > max.x {
            (min, max) = (Vec3::splat(-1.0), Vec3::splat(1.0));
        }
        MeshPair { views, yaw: 0.6, pitch: 0.35, zoom: 1.0, min, max }
    }

    /// How many sides were built (for tests and the caption).
    pub fn built(&self) -> usize {
        self.views.iter().flatten().filter(|v| v.scene.is_ok()).count()
    }

    /// How many textures side `k`'s scene carries (0: drawn untextured).
    pub fn textures(&self, k: usize) -> usize {
        self.views.get(k).and_then(Option::as_ref).and_then(|v| v.scene.as_ref().ok()).map_or(0, |(s, _)| s.textures.len())
    }

    pub fn show(&mut self, ui: &mut Ui, gpu: Option<&RenderState>) {
        let why_not = match gpu {
            None => Some(crate::tr!("mesh-no-gpu-device")),
            Some(rs) => gpu_view::unsupported(rs),
        };
        if let Some(w) = why_not {
            ui.weak(crate::tr!("mesh-compare-unavailable", why = w));
            return;
        }
        let Some(rs) = gpu else { return };
        let gap = 6.0;
        let w = ((ui.available_width() - gap) / 2.0).max(80.0);
        let size = Vec2::new(w, (w * 0.75).min(360.0));
        ui.horizontal(|ui| {
            for (k, tag) in [crate::tr!("compare-a"), crate::tr!("compare-b")].into_iter().enumerate() {
                ui.vertical(|ui| {
                    ui.label(tag);
                    let (rect, resp) = ui.allocate_exact_size(size, Sense::drag());
                    gpu_view::orbit_input(ui, &resp, &mut self.yaw, &mut self.pitch, &mut self.zoom);
                    let resp = resp.on_hover_text(crate::tr!("mesh-compare-orbit-tip"));
                    let Some(v) = self.views[k].as_mut() else {
                        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, crate::tr!("mesh-compare-not-here"),
 egui::FontId::proportional(13.0), ui.visuals().weak_text_color());
                        return;
                    };
                    let (scene, id) = match &v.scene {
                        Ok(s) => s,
                        Err(e) => {
                            ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, e, egui::FontId::proportional(13.0), ui.visuals().error_fg_color);
                            return;
                        }
                    };
                    if let Err(e) = gpu_view::upload(rs, v.view, *id, scene) {
                        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, crate::app::i18n::messages::message(&e.message()), egui::FontId::proportional(13.0), ui.visuals().error_fg_color);
                        return;
                    }
                    if v.slot.is_none() {
                        v.slot = Some(ViewSlot { rs: rs.clone(), view: v.view });
                    }
                    let mut camera = OrbitCamera::framing(self.min, self.max, self.yaw, self.pitch, rect.width() / rect.height());
                    camera.distance *= self.zoom;
                    ui.painter().add(ViewFrame::at_rest(v.view, ui, rect, FrameParams::new(camera), scene).paint_callback(rect));
                    let _ = resp;
                });
                if k == 0 {
                    ui.add_space(gap);
                }
            }
        });
    }
}

impl CompareBody for MeshPair {
    fn name(&self) -> &'static str {
        "mesh"
    }

    fn placement(&self) -> Placement {
        Placement::AboveFields
    }

    fn show(&mut self, ui: &mut Ui, _readings: &Readings, gpu: Option<&RenderState>, _figures: &mut dyn FnMut(&mut Ui)) {
        MeshPair::show(self, ui, gpu);
    }
}
