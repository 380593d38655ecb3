//! One viewport tab: the camera (kept per tab), the LOD and variant, playback, shading and
//! overlays, the node tree, picking and the material chain of what was picked.

use super::build::{BLENDED, BuildInput, Built, COLLISION, LIQUID_BED, PLAIN, WATER, flag_scene};
use crate::scene::SceneKind;
use crate::scene::level_pick::{hover_text, visual_of};
use crate::app::worker::Worker;
use crate::app::gpu_view as gpu;
use crate::app::seam::{EditorCx, EditorState};
use crate::app::widgets::side_column::SideColumn;
use crate::app::intent::Intent;
use crate::doc::{ItemPath, Workspace, items};
use crate::formats::Severity;
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::lookup::Fallback;
use crate::formats::readings::Readings;
use crate::render::scene::{Look, NEUTRAL_GREY};
use crate::app::widgets::timeline::{Axis, Timeline, Track};
use crate::render::{FrameParams, Light, MaterialColors, MaterialStatus, OrbitCamera, Overlays, RenderScene, SamplerFilter, Shading, pick};
use std::sync::Arc;
use egui::{Color32, RichText, Sense, Ui, Vec2};
use glam::{Mat4, Vec3};

mod level;
mod side;

/// How far the orbit tilts up or down: just short of straight, where the view's up vector
/// would turn over.
const PITCH_LIMIT: f32 = std::f32::consts::FRAC_PI_2 - 1e-4;

/// Frames per second of node animation playback (the engine's rate is not documented; the
/// exporters use the same).
pub const FRAMES_PER_SECOND: f32 = crate::scene::DEFAULT_FRAMES_PER_SECOND;


/// What was picked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Selection {
    pub node: usize,
    pub part: usize,
    pub triangle: Option<usize>,
}

/// What the scene was built from: the item's bytes (by identity), the document state (an
/// open library's edit shows at once), the cell and the readings.
#[derive(Clone, PartialEq)]
struct BuildKey {
    bytes: (*const u8, usize),
    generation: u64,
    lod: usize,
    variant: usize,
    layers: crate::scene::level::LevelLayers,
    readings: Readings,
}

pub struct MeshView {
    pub camera: OrbitCamera,
    /// The camera was framed on the scene (once, when it first came).
    framed: bool,
    /// The aspect and camera of the last automatic framing: while the camera is still that one,
    /// a change of the view's shape (a panel shown or hidden as the window settles) frames again.
    auto_framed: Option<(f32, OrbitCamera)>,
    pub lod: usize,
    pub variant: usize,
    /// Node animation playback, in frames, on the timeline the material editor uses too.
    pub timeline: Timeline,
    /// Game time of the materials, ms; moves with playback.
    pub time_ms: u32,
    pub shading: Shading,
    pub overlays: Overlays,
    pub filter: SamplerFilter,
    pub light: Light,
    /// Per node: hidden by the user.
    pub hidden: Vec<bool>,
    pub selected: Option<Selection>,
    /// Where the 3D view was drawn last frame (its keys want the pointer there).
    pub view_rect: Option<egui::Rect>,
    pub show_side: bool,
    /// A landscape drawn in its triangles' flag colours.
    pub show_flags: bool,
    /// A level's optional layers (LOD facets, FASTPATH).
    pub level_layers: crate::scene::level::LevelLayers,
    /// The level's sector tree rows opened or closed against their default: `(0, sector)` and
    /// `(1, visual)`.
    pub level_toggled: std::collections::HashSet<(u8, usize)>,
    /// The flag-coloured scene, for the build (scene id) it was made from, with its own id.
    flags: Option<(u64, Arc<RenderScene>, u64)>,
    key: Option<BuildKey>,
    built: Option<Result<Built, String>>,
    /// Builds the scene off the UI thread; started with the egui context on the first frame.
    worker: Option<Worker<Result<Built, String>>>,
    /// Bumped per build: the GPU side uploads a scene whose id it has not seen.
    scene_id: u64,
    view_id: u64,
    gpu: Option<gpu::ViewSlot>,
    /// A level's visual under the pointer (index and what the tooltip says), for the pointer
    /// position, scene and camera it was picked at: picked again only when one changes.
    pub hovered: Option<(usize, String)>,
    hover_key: Option<(egui::Pos2, u64, OrbitCamera)>,
    /// Material colours and textures at the time they were evaluated at.
    colors: Option<(u32, Vec<MaterialColors>, Vec<Look>)>,
    last_tick: Option<f64>,
}

impl Default for MeshView {
    fn default() -> Self {
        MeshView {
            camera: OrbitCamera::default(),
            framed: false,
            auto_framed: None,
            lod: 0,
            variant: 0,
            timeline: Timeline::default(),
            time_ms: 0,
            shading: Shading::Textured,
            overlays: Overlays { grid: true, axes: true, ..Overlays::default() },
            filter: SamplerFilter::Linear,
            light: Light::default(),
            hidden: Vec::new(),
            selected: None,
            view_rect: None,
            show_side: true,
            show_flags: false,
            level_layers: Default::default(),
            level_toggled: Default::default(),
            flags: None,
            key: None,
            built: None,
            worker: None,
            scene_id: 0,
            view_id: gpu::next_id(),
            gpu: None,
            hovered: None,
            hover_key: None,
            colors: None,
            last_tick: None,
        }
    }
}

/// The default view angles (degrees): a three-quarter view from above, as `render`.
const DEFAULT_YAW: f32 = 30.0;
const DEFAULT_PITCH: f32 = 20.0;

impl MeshView {
    pub fn built(&self) -> Option<&Built> {
        self.built.as_ref().and_then(|b| b.as_ref().ok())
    }

    /// Shows `ms` as the build time (a snapshot test's fixed figure instead of the clock's).
    pub fn show_build_ms(&mut self, ms: f64) {
        if let Some(Ok(b)) = self.built.as_mut() {
            b.build_ms = ms;
        }
    }

    pub fn build_error(&self) -> Option<&str> {
        self.built.as_ref().and_then(|b| b.as_ref().err()).map(String::as_str)
    }

    /// Asks the worker for a new scene when what it is built from changed; takes a finished
    /// one. The last scene stays drawn until the new one comes.
    fn refresh(&mut self, ctx: &egui::Context, ws: &Workspace, generation: u64, path: &ItemPath, bytes: &SharedBytes) {
        let key = BuildKey { bytes: (bytes.as_ptr(), bytes.len()), generation, lod: self.lod, variant: self.variant, layers: self.level_layers, readings: ws.readings };
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ctx.clone();
            Worker::new("mesh-scene-build", move || ctx.request_repaint())
        });
        if self.key.as_ref() != Some(&key) {
            let input = BuildInput::new(ws, path, bytes, self.lod, self.variant, self.time_ms, self.level_layers);
            worker.request(move || input.run());
            self.key = Some(key);
        }
        if let Some(built) = worker.poll() {
            self.take(built);
        }
    }

    /// Whether a newer scene is being built (the view says "updating...").
    pub fn updating(&self) -> bool {
        self.worker.as_ref().is_some_and(Worker::pending)
    }

    fn take(&mut self, built: Result<Built, String>) {
        let cell = self.built().map(|b| (b.cell, b.layers));
        if let Ok(b) = &built {
            // A level's look is in its vertex colours (its textures are not in the file).
            if self.built.is_none() && b.kind == SceneKind::Geom && b.scene.materials.iter().any(|m| m.vertex_colors) {
                self.shading = Shading::VertexColor;
            }
            if self.hidden.len() != b.scene.nodes.len() {
                self.hidden = vec![false; b.scene.nodes.len()];
            }
            if self.selected.is_some_and(|s| s.part >= b.scene.parts.len() || s.node >= b.scene.nodes.len()) || cell.is_some_and(|c| c != (b.cell, b.layers)) {
                self.selected = None;
            }
            self.timeline.time = self.timeline.time.clamp(0.0, b.scene.frame_count.saturating_sub(1) as f64);
        }
        self.built = Some(built);
        self.scene_id = gpu::next_id();
        self.colors = None;
    }

    /// The node animation frame shown.
    pub fn frame(&self) -> f32 {
        self.timeline.time as f32
    }

    /// Frames of the node animation (0 or 1: none to play).
    fn frames(&self) -> usize {
        self.built().map_or(0, |b| b.scene.frame_count)
    }

    /// The timeline's axis: frames 0..last at the export frame rate.
    fn axis(&self) -> Axis {
        let last = self.frames().saturating_sub(1) as f64;
        Axis { length: last, max_end: last, step: 1.0, per_second: f64::from(FRAMES_PER_SECOND), unit: crate::app::widgets::timeline::TimeUnit::Frames, counted: true }
    }

    /// Node matrices at the current frame.
    pub fn matrices(&self) -> Vec<Mat4> {
        self.built().map(|b| if b.scene.frame_count > 0 { b.scene.pose(self.frame()) } else { b.scene.rest_matrices() }).unwrap_or_default()
    }

    /// The whole scene in view, keeping the angles.
    pub fn frame_all(&mut self, aspect: f32) {
        let Some(b) = self.built() else { return };
        let (min, max) = (b.scene.min, b.scene.max);
        let mut c = OrbitCamera::framing(min, max, self.camera.yaw, self.camera.pitch, aspect);
        c.orthographic = self.camera.orthographic;
        self.camera = c;
    }

    /// The selected part in view.
    pub fn frame_selection(&mut self, aspect: f32) {
        let (Some(b), Some(sel)) = (self.built(), self.selected) else { return self.frame_all(aspect) };
        let Some(part) = b.scene.parts.get(sel.part) else { return };
        let m = self.matrices().get(part.node).copied().unwrap_or(Mat4::IDENTITY);
        let (mut min, mut max) = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
        for k in 0..8 {
            let c = Vec3::new(
                if k & 1 == 0 { part.min.x } else { part.max.x },
                if k & 2 == 0 { part.min.y } else { part.max.y },
                if k & 4 == 0 { part.min.z } else { part.max.z },
            );
            let w = m.transform_point3(c);
            (min, max) = (min.min(w), max.max(w));
        }
        if min.is_finite() && max.is_finite() {
            let mut c = OrbitCamera::framing(min, max, self.camera.yaw, self.camera.pitch, aspect);
            c.orthographic = self.camera.orthographic;
            self.camera = c;
        }
    }

    /// Blender's numpad views: front, side, top (radians of yaw and pitch).
    pub fn set_view(&mut self, yaw_deg: f32, pitch_deg: f32) {
        self.camera.yaw = yaw_deg.to_radians();
        self.camera.pitch = pitch_deg.to_radians();
    }

    fn aspect(&self) -> f32 {
        self.view_rect.map_or(1.0, |r| r.width() / r.height().max(1.0))
    }

    pub fn command(&mut self, cmd: super::Cmd) {
        use super::Cmd;
        let aspect = self.aspect();
        match cmd {
            Cmd::FrameAll => self.frame_all(aspect),
            Cmd::FrameSelection => self.frame_selection(aspect),
            Cmd::Front => self.set_view(0.0, 0.0),
            Cmd::Side => self.set_view(90.0, 0.0),
            Cmd::Top => self.set_view(0.0, 89.9),
            Cmd::Orthographic => self.camera.orthographic = !self.camera.orthographic,
            Cmd::Play => {
                if self.frames() > 1 {
                    let axis = self.axis();
                    self.timeline.toggle_play(&axis);
                } else {
                    // Only the materials animate.
                    self.timeline.playing = !self.timeline.playing;
                }
                self.last_tick = None;
            }
            Cmd::Wireframe => self.overlays.wireframe = !self.overlays.wireframe,
            // The editor runs it (a picker, then the import dialog).
            Cmd::ImportModel => {}
        }
    }

    /// Advances playback by the time since the last frame.
    fn tick(&mut self, now: f64) {
        let dt = self.last_tick.map_or(0.0, |t| (now - t).clamp(0.0, 0.25)) as f32;
        self.last_tick = Some(now);
        if !self.timeline.playing {
            return;
        }
        self.time_ms = self.time_ms.wrapping_add((dt * self.timeline.speed * 1000.0) as u32);
        if self.frames() > 1 {
            let axis = self.axis();
            self.timeline.tick(f64::from(dt), &axis);
        }
    }

    /// The materials' colours and textures at the material time (`None` for what does not
    /// change with time: the scene's own are drawn).
    fn materials_now(&mut self) -> (Option<Vec<MaterialColors>>, Option<Vec<Look>>) {
        let Some(b) = self.built() else { return (None, None) };
        let (colors, textures) = (b.clock.animated(), b.clock.textures_animated());
        if !colors && !textures {
            return (None, None);
        }
        let t = self.time_ms;
        if self.colors.as_ref().is_none_or(|(at, _, _)| *at != t) {
            self.colors = Some((t, b.clock.colors_at(t), b.clock.textures_at(t)));
        }
        let Some((_, c, x)) = self.colors.as_ref() else { return (None, None) };
        (colors.then(|| c.clone()), textures.then(|| x.clone()))
    }
}

impl EditorState for MeshView {
    fn show(&mut self, ui: &mut Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        self.refresh(ui.ctx(), cx.ws, cx.generation, cx.path, cx.bytes);
        let now = ui.input(|i| i.time);
        self.tick(now);
        // Until the scene comes (the worker wakes the UI too; this keeps "updating..." drawn
        // and lets a test wait for it).
        if self.timeline.playing || self.updating() {
            ui.ctx().request_repaint();
        }
        toolbar(ui, self);
        ui.separator();
        if self.built.is_none() {
            ui.weak(crate::tr!("mesh-building"));
            return;
        }
        if let Some(e) = self.build_error() {
            ui.colored_label(ui.visuals().error_fg_color, crate::tr!("mesh-cannot-draw", error = e.to_string()));
            ui.weak(crate::tr!("mesh-cannot-draw-hint"));
            return;
        }
        if self.show_side {
            SideColumn { id: "mesh-side", width: (260.0, 0.3, 400.0), width_range: 220.0..=560.0, height: 0.4 }.show(ui, |ui| side::side(ui, cx, self, out));
        }
        egui::Panel::bottom("mesh-playback").resizable(false).show(ui, |ui| playback(ui, self));
        egui::CentralPanel::default().show(ui, |ui| viewport(ui, cx, self));
    }

    fn wants_keys(&self, _cmd: &str, ctx: &egui::Context) -> bool {
        ctx.pointer_latest_pos().zip(self.view_rect).is_some_and(|(p, r)| r.contains(p))
    }

    /// A glTF dropped on the view opens the import dialog (`import`).
    fn drop_rect(&self) -> Option<egui::Rect> {
        self.view_rect
    }
}

fn toolbar(ui: &mut Ui, v: &mut MeshView) {
    crate::app::widgets::toolbar::toolbar(ui, "mesh", |ui, more| {
        if more {
            return more_tools(ui, v);
        }
        ui.label(crate::tr!("mesh-shading"));
        let level = v.built().is_some_and(|b| b.kind == SceneKind::Level);
        egui::ComboBox::from_id_salt("mesh-shading")
            .selected_text(shading_name(v.shading, level))
            .show_ui(ui, |ui| {
                for s in [Shading::Textured, Shading::Flat, Shading::Normals, Shading::VertexColor, Shading::Hemi, Shading::TexCoord] {
                    ui.selectable_value(&mut v.shading, s, shading_name(s, level));
                }
            })
            .response
            .on_hover_text(crate::tr!("mesh-shading-tip"));
        ui.separator();
        ui.toggle_value(&mut v.overlays.wireframe, crate::tr!("mesh-wireframe")).on_hover_text(crate::tr!("mesh-wireframe-tip"));
        ui.toggle_value(&mut v.overlays.normals, crate::tr!("mesh-normals")).on_hover_text(crate::tr!("mesh-normals-tip"));
        ui.toggle_value(&mut v.overlays.bounds, crate::tr!("mesh-bounds")).on_hover_text(crate::tr!("mesh-bounds-tip"));
        ui.toggle_value(&mut v.overlays.grid, crate::tr!("mesh-grid")).on_hover_text(crate::tr!("mesh-grid-tip"));
        ui.toggle_value(&mut v.overlays.axes, crate::tr!("mesh-axes")).on_hover_text(crate::tr!("mesh-axes-tip"));
        ui.separator();
    });
}

/// The tools that go into the tool bar's "More" menu when it does not fit.
fn more_tools(ui: &mut Ui, v: &mut MeshView) {
    let nearest = v.filter == SamplerFilter::Nearest;
    if ui.selectable_label(nearest, crate::tr!("mesh-nearest")).on_hover_text(crate::tr!("mesh-nearest-tip")).clicked() {
        v.filter = if nearest { SamplerFilter::Linear } else { SamplerFilter::Nearest };
    }
    ui.toggle_value(&mut v.camera.orthographic, crate::tr!("mesh-ortho")).on_hover_text(crate::tr!("mesh-ortho-tip"));
    if ui.button(crate::tr!("mesh-frame")).on_hover_text(crate::tr!("mesh-frame-tip")).clicked() {
        let a = v.aspect();
        v.frame_all(a);
    }
    if v.built().is_some_and(|b| b.land.is_some()) {
        ui.toggle_value(&mut v.show_flags, crate::tr!("mesh-flags")).on_hover_text(crate::tr!("mesh-flags-tip"));
    }
    ui.toggle_value(&mut v.show_side, crate::tr!("mesh-details")).on_hover_text(crate::tr!("mesh-details-tip"));
}

/// A level's materials are its shaders, drawn in their stable colours: its textured shading is
/// named "Shader", as the README calls it.
fn shading_name(s: Shading, level: bool) -> String {
    match s {
        Shading::Textured if level => crate::tr!("mesh-shading-shader"),
        Shading::Textured => crate::tr!("mesh-shading-textured"),
        Shading::Flat => crate::tr!("mesh-shading-flat"),
        Shading::Normals => crate::tr!("mesh-shading-normals"),
        Shading::VertexColor => crate::tr!("mesh-shading-vertex-colour"),
        Shading::Hemi => crate::tr!("mesh-shading-hemi"),
        Shading::TexCoord => crate::tr!("mesh-shading-texcoord"),
    }
}

fn playback(ui: &mut Ui, v: &mut MeshView) {
    let frames = v.frames();
    let animates = v.built().is_some_and(|b| b.clock.animated() || b.clock.textures_animated());
    if frames > 1 {
        let axis = v.axis();
        let mut events = Vec::new();
        v.timeline.controls(ui, &axis, &mut events);
        let track = Track { label: crate::tr!("mesh-frames"), bars: Vec::new(), echoes: Vec::new() };
        v.timeline.tracks(ui, &axis, std::slice::from_ref(&track), &mut events);
    }
    ui.horizontal(|ui| {
        if frames <= 1 {
            let label = if v.timeline.playing { crate::tr!("mesh-pause") } else { crate::tr!("mesh-play") };
            if ui.add_enabled(animates, egui::Button::new(label)).on_hover_text(crate::tr!("mesh-play-tip")).clicked() {
                v.command(super::Cmd::Play);
            }
            ui.weak(crate::tr!("mesh-no-node-animation"));
            ui.separator();
        }
        ui.label(crate::tr!("mesh-material-time"));
        ui.add(egui::DragValue::new(&mut v.time_ms).suffix(format!(" {}", crate::tr!("unit-ms-suffix"))).speed(10.0)).on_hover_text(crate::tr!("mesh-material-time-tip"));
    });
}

fn viewport(ui: &mut Ui, cx: &EditorCx, v: &mut MeshView) {
    let (rect, resp) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    v.view_rect = Some(rect);
    let Some(b) = v.built() else { return };
    let scene = b.scene.clone();
    let aspect = rect.width() / rect.height().max(1.0);
    let reshaped = v.auto_framed.is_some_and(|(a, c)| c == v.camera && (a - aspect).abs() > 1e-3);
    if !v.framed || reshaped {
        v.camera = OrbitCamera::framing(scene.min, scene.max, DEFAULT_YAW.to_radians(), DEFAULT_PITCH.to_radians(), aspect);
        v.framed = true;
        v.auto_framed = Some((aspect, v.camera));
    }
    camera_input(ui, &resp, rect, v, scene.radius());
    if resp.clicked()
        && let Some(p) = resp.interact_pointer_pos()
    {
        let ray = v.camera.ray(glam::Vec2::new(p.x - rect.min.x, p.y - rect.min.y), glam::Vec2::new(rect.width(), rect.height()), scene.radius());
        let visible: Vec<Mat4> = v.matrices();
        v.selected = pick(&scene, ray, &visible).filter(|h| !v.hidden.get(h.node).copied().unwrap_or(false)).map(|h| Selection { node: h.node, part: h.part, triangle: Some(h.triangle) });
        // The side panel was drawn before the pick: show the new selection there too.
        ui.ctx().request_repaint();
    }
    level_hover(&resp, rect, v, &scene);
    let Some(rs) = cx.gpu else {
        ui.painter().rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, crate::tr!("mesh-no-gpu"), egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
        return;
    };
    if let Some(why) = gpu::unsupported(rs) {
        ui.painter().rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, crate::tr!("mesh-no-view", why = why.to_string()), egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
        return;
    }
    // The flag view draws the same triangles, each in its flags' colour.
    let flagged = v.show_flags.then(|| flag_view(v, &cx.ws.readings)).flatten();
    let (drawn, drawn_id) = flagged.clone().unwrap_or((scene.clone(), v.scene_id));
    if let Err(e) = gpu::upload(rs, v.view_id, drawn_id, &drawn) {
        ui.painter().rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, crate::tr!("mesh-no-view", why = crate::app::i18n::messages::message(&e.message())), egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
        return;
    }
    if v.gpu.is_none() {
        v.gpu = Some(gpu::ViewSlot { rs: rs.clone(), view: v.view_id });
    }
    let ppp = ui.ctx().pixels_per_point();
    let size = [(rect.width() * ppp).round().max(1.0) as u32, (rect.height() * ppp).round().max(1.0) as u32];
    let visible: Vec<bool> = v.hidden.iter().map(|h| !h).collect();
    let bg = ui.visuals().extreme_bg_color;
    let (colors, textures) = v.materials_now();
    let params = FrameParams {
        light: v.light,
        shading: if flagged.is_some() { Shading::VertexColor } else { v.shading },
        overlays: v.overlays,
        filter: v.filter,
        background: [bg.r() as f32 / 255.0, bg.g() as f32 / 255.0, bg.b() as f32 / 255.0, 1.0],
        highlight: v.selected.map(|s| s.part),
        ..FrameParams::new(v.camera)
    };
    let frame = gpu::ViewFrame { view: v.view_id, size, params, matrices: v.matrices(), colors, textures, visible, outlined: Vec::new() };
    ui.painter().add(frame.paint_callback(rect));
    // The selected part's name over the image.
    if let Some(sel) = v.selected
        && let Some(part) = scene.parts.get(sel.part)
    {
        let text = format!("{} · {}", scene.nodes.get(sel.node).map_or("", |n| n.name.as_str()), part.label);
        ui.painter().text(rect.left_top() + Vec2::new(8.0, 8.0), egui::Align2::LEFT_TOP, text, egui::FontId::proportional(13.0), Color32::from_rgb(255, 210, 90));
    }
    if v.updating() {
        ui.painter().text(rect.right_top() + Vec2::new(-8.0, 8.0), egui::Align2::RIGHT_TOP, crate::tr!("mesh-updating"), egui::FontId::proportional(13.0), Color32::from_gray(220));
    }
    let shown = crate::tr!("mesh-view-counts", triangles = scene.triangle_count(), points = scene.point_count(), parts = scene.parts.iter().filter(|p| p.over.is_none()).count());

    ui.painter().text(rect.left_bottom() + Vec2::new(8.0, -8.0), egui::Align2::LEFT_BOTTOM, shown, egui::FontId::proportional(12.0), Color32::from_gray(200));
}

/// In a level, the visual and shader under the pointer as a tooltip, without a click.
fn level_hover(resp: &egui::Response, rect: egui::Rect, v: &mut MeshView, scene: &Arc<RenderScene>) {
    let pos = resp.hover_pos().filter(|_| !resp.dragged());
    let Some((p, pick_info)) = pos.zip(v.built().and_then(|b| b.level.clone())) else {
        v.hovered = None;
        v.hover_key = None;
        return;
    };
    let key = (p, v.scene_id, v.camera);
    if v.hover_key != Some(key) {
        let ray = v.camera.ray(glam::Vec2::new(p.x - rect.min.x, p.y - rect.min.y), glam::Vec2::new(rect.width(), rect.height()), scene.radius());
        let hit = pick(scene, ray, &v.matrices()).filter(|h| !v.hidden.get(h.node).copied().unwrap_or(false));
        v.hovered = hit.and_then(|h| visual_of(&scene.parts.get(h.part)?.label)).map(|k| (k, crate::app::i18n::messages::message(&hover_text(&pick_info, k))));
        v.hover_key = Some(key);
    }
    if let Some((_, text)) = &v.hovered {
        egui::Tooltip::for_widget(resp).at_pointer().gap(12.0).show(|ui| {
            ui.label(text.as_str());
        });
    }
}

/// Orbit (left or middle drag), pan (Shift+drag or right drag), zoom about the pointer (wheel).
fn camera_input(ui: &Ui, resp: &egui::Response, rect: egui::Rect, v: &mut MeshView, radius: f32) {
    let shift = ui.input(|i| i.modifiers.shift);
    let d = resp.drag_delta();
    if d != Vec2::ZERO {
        let pan = resp.dragged_by(egui::PointerButton::Secondary) || (shift && (resp.dragged_by(egui::PointerButton::Primary) || resp.dragged_by(egui::PointerButton::Middle)));
        if pan {
            let k = 2.0 * v.camera.distance * (v.camera.fov_y * 0.5).tan() / rect.height().max(1.0);
            let back = v.camera.back();
            let right = Vec3::Y.cross(back).normalize_or(Vec3::X);
            let up = back.cross(right);
            v.camera.target += (-right * d.x + up * d.y) * k;
        } else {
            v.camera.yaw -= d.x * 0.01;
            v.camera.pitch = (v.camera.pitch + d.y * 0.01).clamp(-PITCH_LIMIT, PITCH_LIMIT);
        }
    }
    if resp.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            let k = (-scroll * 0.002).exp();
            // Keep the point under the pointer (on the plane through the target) where it is.
            if let Some(p) = resp.hover_pos() {
                let ray = v.camera.ray(glam::Vec2::new(p.x - rect.min.x, p.y - rect.min.y), glam::Vec2::new(rect.width(), rect.height()), radius);
                let n = v.camera.back();
                let denom = ray.dir.dot(n);
                if denom.abs() > 1e-6 {
                    let t = (v.camera.target - ray.origin).dot(n) / denom;
                    let under = ray.origin + ray.dir * t;
                    if under.is_finite() {
                        v.camera.target = under + (v.camera.target - under) * k;
                    }
                }
            }
            v.camera.distance = (v.camera.distance * k).clamp(radius * 1e-3, radius * 1e3);
        }
    }
}

/// The flag-coloured landscape of the current build, made once per build.
fn flag_view(v: &mut MeshView, readings: &Readings) -> Option<(Arc<RenderScene>, u64)> {
    let current = v.scene_id;
    if v.flags.as_ref().is_none_or(|(built, _, _)| *built != current) {
        let b = v.built()?;
        let scene = Arc::new(flag_scene(&b.scene, b.land.as_ref()?, readings));
        v.flags = Some((current, scene, gpu::next_id()));
    }
    v.flags.as_ref().map(|(_, s, id)| (s.clone(), *id))
}
