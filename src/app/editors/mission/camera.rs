//! The mission view's camera: perspective, or the map (straight down, orthographic, as
//! `render --view top`), framed on the scene and moved by the user; the layers painted over
//! the scene; and the projection between scene space and the view's points for one frame.

use super::drag::{Drag, Press, Snap};
use super::scene::{Built, to_scene};
use crate::app::gpu_view::{self, ViewSlot};
use crate::formats::tma::Mission;
use crate::render::{OrbitCamera, Ray};
use egui::{Pos2, Rect};
use glam::{Mat4, Vec2 as GVec2, Vec3};

/// What the editor paints over the scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layers {
    pub routes: bool,
    pub zones: bool,
    pub lodes: bool,
    pub bases: bool,
    /// The navigation map's areals (`Land.map`).
    pub areals: bool,
    /// Units starting inside a building: a line to their host.
    pub starts: bool,
    pub labels: bool,
}

impl Default for Layers {
    fn default() -> Self {
        Layers { routes: true, zones: true, lodes: true, bases: true, areals: false, starts: true, labels: false }
    }
}

pub struct ViewportState {
    pub(super) view: u64,
    pub(super) slot: Option<ViewSlot>,
    /// The map: straight down, orthographic.
    pub map: bool,
    pub yaw: f32,
    pub pitch: f32,
    /// The camera's distance as a share of the framing distance.
    pub zoom: f32,
    /// Where the camera looks, moved from the scene's centre (scene space).
    pub pan: Vec3,
    pub layers: Layers,
    /// Where the view was drawn last frame.
    pub rect: Option<Rect>,
    /// Snapping moves to a grid.
    pub snap: Snap,
    /// The primary press the editor took from the camera, while the button is down.
    pub press: Option<Press>,
    /// The drag under way.
    pub drag: Option<Drag>,
    /// A drag was cancelled with Escape: the press stays the editor's (the camera does not take
    /// it over) until the button is released.
    pub cancelled: bool,
    /// The object last found under the resting pointer: (pointer, mission bytes, object).
    pub(super) hover: Option<(Pos2, (usize, usize), Option<usize>)>,
}

impl Default for ViewportState {
    fn default() -> Self {
        ViewportState { view: gpu_view::next_id(), slot: None, map: false, yaw: 0.5, pitch: 0.6, zoom: 0.8, pan: Vec3::ZERO, layers: Layers::default(), rect: None, snap: Snap::default(), press: None, drag: None, cancelled: false, hover: None }
    }
}

/// Scene space ↔ the view's points, for one frame.
#[derive(Debug, Clone, Copy)]
pub struct Projector {
    pub camera: OrbitCamera,
    pub rect: Rect,
    pub radius: f32,
    view_proj: Mat4,
}

impl Projector {
    pub fn new(camera: OrbitCamera, rect: Rect, radius: f32) -> Projector {
        let view_proj = camera.view_projection(rect.width() / rect.height().max(1.0), radius);
        Projector { camera, rect, radius, view_proj }
    }

    /// A scene point on the view, if it is in front of the camera.
    pub fn scene_to_screen(&self, v: Vec3) -> Option<Pos2> {
        let clip = self.view_proj * v.extend(1.0);
        if clip.w <= 1e-6 && !self.camera.orthographic {
            return None;
        }
        let ndc = clip.truncate() / clip.w;
        Some(Pos2::new(self.rect.left() + (ndc.x + 1.0) * 0.5 * self.rect.width(), self.rect.top() + (1.0 - ndc.y) * 0.5 * self.rect.height()))
    }

    /// A Parkan point (x, y, z up) on the view.
    pub fn to_screen(&self, p: [f32; 3]) -> Option<Pos2> {
        self.scene_to_screen(to_scene(p))
    }

    /// The ray through a point of the view.
    pub fn ray(&self, at: Pos2) -> Ray {
        let pixel = GVec2::new(at.x - self.rect.left(), at.y - self.rect.top());
        self.camera.ray(pixel, GVec2::new(self.rect.width(), self.rect.height()), self.radius)
    }

    /// World units per point at scene point `v` (markers keep their size on screen).
    pub fn units_per_point(&self, v: Vec3) -> f32 {
        let d = if self.camera.orthographic { self.camera.distance } else { (self.camera.eye() - v).length().max(1e-3) };
        2.0 * d * (self.camera.fov_y * 0.5).tan() / self.rect.height().max(1.0)
    }
}

impl ViewportState {
    /// The camera for `b` in `rect`.
    pub fn camera(&self, b: &Built, rect: Rect) -> OrbitCamera {
        let s = &b.render;
        let (yaw, pitch) = if self.map { (0.0, std::f32::consts::FRAC_PI_2) } else { (self.yaw, self.pitch) };
        let mut c = OrbitCamera::framing(s.min, s.max, yaw, pitch, rect.width() / rect.height().max(1.0));
        c.distance *= self.zoom;
        c.target += self.pan;
        c.orthographic = self.map;
        c
    }

    pub fn projector(&self, b: &Built, rect: Rect) -> Projector {
        Projector::new(self.camera(b, rect), rect, b.render.radius())
    }

    /// Centres the view on the selected objects (all objects when none is).
    pub fn frame(&mut self, b: &Built, m: &Mission, selected: &[usize]) {
        let list: Vec<usize> = if selected.is_empty() { (0..m.objects.len()).collect() } else { selected.to_vec() };
        let pts: Vec<Vec3> = list.iter().filter_map(|&i| m.objects.get(i)).map(|o| to_scene(o.position)).collect();
        if pts.is_empty() {
            return;
        }
        let (lo, hi) = pts.iter().fold((Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)), |(a, b), p| (a.min(*p), b.max(*p)));
        let centre = (lo + hi) * 0.5;
        if !centre.is_finite() {
            return;
        }
        self.pan = centre - (b.render.min + b.render.max) * 0.5;
        let span = ((hi - lo).length() + 40.0) / (b.render.max - b.render.min).length().max(1.0);
        self.zoom = span.clamp(0.02, 1.5);
    }
}

