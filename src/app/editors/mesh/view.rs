//! One viewport tab: the camera (kept per tab), the LOD and variant, playback, shading and
//! overlays, the node tree, picking and the material chain of what was picked.

use super::build::{BLENDED, BuildInput, Built, COLLISION, LIQUID_BED, MeshKind, PLAIN, WATER, flag_scene};
use crate::app::worker::Worker;
use crate::app::gpu_view as gpu;
use crate::app::editors::{EditorCx, EditorState, SideColumn};
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

/// How far the orbit tilts up or down: just short of straight, where the view's up vector
/// would turn over.
const PITCH_LIMIT: f32 = std::f32::consts::FRAC_PI_2 - 1e-4;

/// Frames per second of node animation playback (the engine's rate is not documented; the
/// exporters use the same).
pub const FRAMES_PER_SECOND: f32 = crate::export::DEFAULT_FRAMES_PER_SECOND;


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
    layers: crate::export::level::LevelLayers,
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
    pub level_layers: crate::export::level::LevelLayers,
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
            if self.built.is_none() && b.kind == MeshKind::Geom && b.scene.materials.iter().any(|m| m.vertex_colors) {
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
        Axis { length: last, max_end: last, step: 1.0, per_second: f64::from(FRAMES_PER_SECOND), unit: "frames", counted: true }
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
            ui.weak("Building the scene...");
            return;
        }
        if let Some(e) = self.build_error() {
            ui.colored_label(ui.visuals().error_fg_color, format!("This item cannot be drawn: {e}"));
            ui.weak("The Summary, Hex and Raw fields views show what it holds.");
            return;
        }
        if self.show_side {
            SideColumn { id: "mesh-side", width: (260.0, 0.3, 400.0), width_range: 220.0..=560.0, height: 0.4 }.show(ui, |ui| side(ui, cx, self, out));
        }
        egui::Panel::bottom("mesh-playback").resizable(false).show(ui, |ui| playback(ui, self));
        egui::CentralPanel::default().show(ui, |ui| viewport(ui, cx, self));
    }

    fn wants_keys(&self, _index: usize, ctx: &egui::Context) -> bool {
        ctx.pointer_latest_pos().zip(self.view_rect).is_some_and(|(p, r)| r.contains(p))
    }
}

fn toolbar(ui: &mut Ui, v: &mut MeshView) {
    crate::app::widgets::toolbar::toolbar(ui, "mesh", |ui, more| {
        if more {
            return more_tools(ui, v);
        }
        ui.label("Shading");
        let level = v.built().is_some_and(|b| b.kind == MeshKind::Level);
        egui::ComboBox::from_id_salt("mesh-shading")
            .selected_text(shading_name(v.shading, level))
            .show_ui(ui, |ui| {
                for s in [Shading::Textured, Shading::Flat, Shading::Normals, Shading::VertexColor, Shading::Hemi, Shading::TexCoord] {
                    ui.selectable_value(&mut v.shading, s, shading_name(s, level));
                }
            })
            .response
            .on_hover_text("Shading: the materials and textures, flat grey, normals as colours, the vertex colours, X-Ray's hemisphere lighting factor as grey (level.geom), or the texture coordinates as red and green");
        ui.separator();
        ui.toggle_value(&mut v.overlays.wireframe, "Wireframe").on_hover_text("Edges over the shading (W)");
        ui.toggle_value(&mut v.overlays.normals, "Normals").on_hover_text("Vertex normals as short lines");
        ui.toggle_value(&mut v.overlays.bounds, "Bounds").on_hover_text("The file's own node and batch boxes and spheres");
        ui.toggle_value(&mut v.overlays.grid, "Grid").on_hover_text("Ground grid in the file's axes");
        ui.toggle_value(&mut v.overlays.axes, "Axes").on_hover_text("The file's x (red), y (green) and z (blue) axes");
        ui.separator();
    });
}

/// The tools that go into the tool bar's "More" menu when it does not fit.
fn more_tools(ui: &mut Ui, v: &mut MeshView) {
    let nearest = v.filter == SamplerFilter::Nearest;
    if ui.selectable_label(nearest, "Nearest").on_hover_text("Nearest texel filtering (else linear with mips)").clicked() {
        v.filter = if nearest { SamplerFilter::Linear } else { SamplerFilter::Nearest };
    }
    ui.toggle_value(&mut v.camera.orthographic, "Ortho").on_hover_text("Orthographic projection (5)");
    if ui.button("Frame").on_hover_text("Frame everything (Home); F frames the selection").clicked() {
        let a = v.aspect();
        v.frame_all(a);
    }
    if v.built().is_some_and(|b| b.land.is_some()) {
        ui.toggle_value(&mut v.show_flags, "Flags").on_hover_text("Each triangle in its flags' colour: water or collision (0x20000, by the reading), liquid bed, blended");
    }
    ui.toggle_value(&mut v.show_side, "Details").on_hover_text("The node tree, materials and what is picked");
}

/// A level's materials are its shaders, drawn in their stable colours: its textured shading is
/// named "Shader", as the README calls it.
fn shading_name(s: Shading, level: bool) -> &'static str {
    match s {
        Shading::Textured if level => "Shader",
        Shading::Textured => "Textured",
        Shading::Flat => "Flat",
        Shading::Normals => "Normals",
        Shading::VertexColor => "Vertex colour",
        Shading::Hemi => "Hemi",
        Shading::TexCoord => "Texcoord",
    }
}

fn playback(ui: &mut Ui, v: &mut MeshView) {
    let frames = v.frames();
    let animates = v.built().is_some_and(|b| b.clock.animated() || b.clock.textures_animated());
    if frames > 1 {
        let axis = v.axis();
        let mut events = Vec::new();
        v.timeline.controls(ui, &axis, &mut events);
        let track = Track { label: "frames".into(), bars: Vec::new(), echoes: Vec::new() };
        v.timeline.tracks(ui, &axis, std::slice::from_ref(&track), &mut events);
    }
    ui.horizontal(|ui| {
        if frames <= 1 {
            let label = if v.timeline.playing { "Pause" } else { "Play" };
            if ui.add_enabled(animates, egui::Button::new(label)).on_hover_text("Play or pause the material animation (Space)").clicked() {
                v.command(super::Cmd::Play);
            }
            ui.weak("no node animation");
            ui.separator();
        }
        ui.label("Material time");
        ui.add(egui::DragValue::new(&mut v.time_ms).suffix(" ms").speed(10.0)).on_hover_text("The game time the MAT0 animations are evaluated at; it runs with playback");
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
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, "No GPU device: the 3D view needs wgpu (the render command draws headless)", egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
        return;
    };
    if let Some(why) = gpu::unsupported(rs) {
        ui.painter().rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, format!("No 3D view: {why}"), egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
        return;
    }
    // The flag view draws the same triangles, each in its flags' colour.
    let flagged = v.show_flags.then(|| flag_view(v, &cx.ws.readings)).flatten();
    let (drawn, drawn_id) = flagged.clone().unwrap_or((scene.clone(), v.scene_id));
    if let Err(e) = gpu::upload(rs, v.view_id, drawn_id, &drawn) {
        ui.painter().rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, format!("No 3D view: {e}"), egui::FontId::proportional(14.0), ui.visuals().weak_text_color());
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
    let frame = gpu::ViewFrame { view: v.view_id, size, params, matrices: v.matrices(), colors, textures, visible };
    ui.painter().add(frame.paint_callback(rect));
    // The selected part's name over the image.
    if let Some(sel) = v.selected
        && let Some(part) = scene.parts.get(sel.part)
    {
        let text = format!("{} · {}", scene.nodes.get(sel.node).map_or("", |n| n.name.as_str()), part.label);
        ui.painter().text(rect.left_top() + Vec2::new(8.0, 8.0), egui::Align2::LEFT_TOP, text, egui::FontId::proportional(13.0), Color32::from_rgb(255, 210, 90));
    }
    if v.updating() {
        ui.painter().text(rect.right_top() + Vec2::new(-8.0, 8.0), egui::Align2::RIGHT_TOP, "updating...", egui::FontId::proportional(13.0), Color32::from_gray(220));
    }
    let shown = format!("{} triangles · {} points · {} parts", scene.triangle_count(), scene.point_count(), scene.parts.iter().filter(|p| p.over.is_none()).count());
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
        v.hovered = hit.and_then(|h| super::level::visual_of(&scene.parts.get(h.part)?.label)).map(|k| (k, super::level::hover_text(&pick_info, k)));
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

fn side(ui: &mut Ui, cx: &EditorCx, v: &mut MeshView, out: &mut Vec<Intent>) {
    let Some(b) = v.built() else { return };
    let kind = b.kind;
    let scene = b.scene.clone();
    ui.label(RichText::new(match kind {
        MeshKind::Model { .. } => "MSH model",
        MeshKind::Landscape => "MSH landscape",
        MeshKind::Geom => "X-Ray level.geom",
        MeshKind::Level => "X-Ray level",
    }).strong());
    ui.weak(format!(
        "{} nodes · {} parts · {} triangles · {} points · built in {:.1} ms",
        scene.nodes.len(),
        scene.parts.iter().filter(|p| p.over.is_none()).count(),
        scene.triangle_count(),
        scene.point_count(),
        b.build_ms
    ));
    for n in &b.notes {
        ui.small(n);
    }
    match kind {
        MeshKind::Model { cells } => cell_grid(ui, v, cells),
        MeshKind::Landscape => {
            ui.horizontal(|ui| {
                ui.label("LOD");
                ui.selectable_value(&mut v.lod, 0, "0");
                ui.selectable_value(&mut v.lod, 1, "1");
            });
        }
        MeshKind::Geom => {}
        MeshKind::Level => {
            if let Some(pick) = b.level.clone() {
                super::level::side(ui, v, &pick);
            }
        }
    }
    ui.separator();
    selection(ui, cx, v, out);
    ui.separator();
    egui::CollapsingHeader::new(format!("Nodes ({})", scene.nodes.len())).id_salt("mesh-nodes").default_open(scene.nodes.len() <= 64).show(ui, |ui| node_tree(ui, v));
    buffers(ui, v);
    flag_legend(ui, v, &cx.ws.readings);
    legend(ui, v);
    lighting(ui, v);
    let Some(b) = v.built() else { return };
    if !b.diagnostics.is_empty() {
        egui::CollapsingHeader::new(format!("Problems ({})", b.diagnostics.len())).id_salt("mesh-problems").default_open(true).show(ui, |ui| {
            for d in b.diagnostics.iter().take(200) {
                let c = match d.severity {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                    Severity::Info => ui.visuals().weak_text_color(),
                };
                let at = d.offset.map(|o| format!("@0x{o:X} ")).unwrap_or_default();
                ui.colored_label(c, format!("{at}{}", d.message));
            }
        });
    }
}

/// The 3 x 5 slot grid: rows are damage variants and columns LODs 0..3 (column 4 the unit's
/// first-person view is not offered); empty cells are disabled.
fn cell_grid(ui: &mut Ui, v: &mut MeshView, cells: [bool; 15]) {
    ui.label("Variant × LOD: slot_index cells (empty ones greyed)");
    egui::Grid::new("mesh-cells").spacing([4.0, 4.0]).show(ui, |ui| {
        ui.label("");
        for lod in 0..4 {
            ui.weak(format!("LOD {lod}"));
        }
        ui.end_row();
        for variant in 0..3 {
            ui.weak(format!("variant {variant}"));
            for lod in 0..4 {
                let has = cells[variant * 5 + lod];
                let on = v.lod == lod && v.variant == variant;
                let index = variant * 5 + lod;
                let text = if has { index.to_string() } else { "·".to_string() };
                let r = ui.add_enabled(has, egui::Button::selectable(on, text)).on_hover_text(format!("slot_index[{index}]"));
                if r.clicked() {
                    v.lod = lod;
                    v.variant = variant;
                }
            }
            ui.end_row();
        }
    });
}

/// Every node with its part count, laid out only for the rows in view (a level has a node per
/// visual: thousands).
fn node_tree(ui: &mut Ui, v: &mut MeshView) {
    let Some(b) = v.built() else { return };
    let scene = b.scene.clone();
    let depth = |mut i: usize| {
        let mut d = 0;
        while let Some(p) = scene.nodes.get(i).and_then(|n| n.parent).filter(|&p| p < i) {
            d += 1;
            i = p;
        }
        d
    };
    let mut parts = vec![0usize; scene.nodes.len()];
    let mut first = vec![None; scene.nodes.len()];
    for (k, p) in scene.parts.iter().enumerate() {
        if let Some(n) = parts.get_mut(p.node) {
            *n += 1;
            first[p.node].get_or_insert(k);
        }
    }
    let height = ui.spacing().interact_size.y;
    egui::ScrollArea::vertical().id_salt("mesh-node-rows").max_height(360.0).auto_shrink([false, true]).show_rows(ui, height, scene.nodes.len(), |ui, range| {
        for i in range {
            let n = &scene.nodes[i];
            ui.horizontal(|ui| {
                ui.add_space(12.0 * depth(i).min(32) as f32);
                let mut shown = !v.hidden.get(i).copied().unwrap_or(false);
                if ui.checkbox(&mut shown, "").on_hover_text("Show or hide the node's parts").changed()
                    && let Some(h) = v.hidden.get_mut(i)
                {
                    *h = !shown;
                }
                let on = v.selected.is_some_and(|s| s.node == i);
                if ui.selectable_label(on, format!("{} ({})", n.name, parts[i])).clicked() {
                    v.selected = first[i].map(|part| Selection { node: i, part, triangle: None });
                }
            });
        }
    });
}

fn swatch(ui: &mut Ui, rgba: [f32; 4]) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), Sense::hover());
    let c = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    ui.painter().rect_filled(r, 2.0, Color32::from_rgb(c(rgba[0]), c(rgba[1]), c(rgba[2])));
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

/// The flag view's colours.
fn flag_legend(ui: &mut Ui, v: &MeshView, readings: &Readings) {
    if !v.show_flags || v.built().is_none_or(|b| b.land.is_none()) {
        return;
    }
    let bit = if readings.land_flag_20000 == crate::formats::readings::LandFlag20000::Water { "water (0x20000)" } else { "collision (0x20000)" };
    egui::CollapsingHeader::new("Flags").id_salt("mesh-flags").default_open(true).show(ui, |ui| {
        let with_20000 = if readings.land_flag_20000 == crate::formats::readings::LandFlag20000::Water { WATER } else { COLLISION };
        for (c, label) in [(with_20000, bit), (LIQUID_BED, "liquid bed"), (BLENDED, "blends the secondary material (0x4)"), (PLAIN, "none of these")] {
            ui.horizontal(|ui| {
                swatch(ui, c);
                ui.label(label);
            });
        }
    });
}

/// A level.geom's vertex buffers with their declarations, and its index buffers.
fn buffers(ui: &mut Ui, v: &MeshView) {
    let Some(b) = v.built().filter(|b| !b.buffers.is_empty()) else { return };
    egui::CollapsingHeader::new(format!("Buffers ({})", b.buffers.len())).id_salt("mesh-buffers").default_open(true).show(ui, |ui| {
        for line in &b.buffers {
            ui.small(line);
        }
    });
}

fn legend(ui: &mut Ui, v: &MeshView) {
    let Some(b) = v.built() else { return };
    // Materials the scene holds once per WEAR row: rows naming the same material (a
    // landscape's ROCK on rows 2 and 3) are one line with their rows.
    let mut lines: Vec<(usize, Vec<u16>, usize)> = Vec::new();
    for (i, m) in b.scene.materials.iter().enumerate() {
        let parts = b.scene.parts.iter().filter(|p| p.material == i).count();
        let row = b.chains.get(i).and_then(Option::as_ref).map(|c| c.index);
        let same = lines.iter_mut().find(|(j, _, _)| {
            let o = &b.scene.materials[*j];
            o.name == m.name && o.status == m.status && o.vertex_colors == m.vertex_colors
        });
        match same {
            Some((_, rows, n)) => {
                rows.extend(row.filter(|r| !rows.contains(r)));
                *n += parts;
            }
            None => lines.push((i, row.into_iter().collect(), parts)),
        }
    }
    egui::CollapsingHeader::new(format!("Materials ({})", lines.len())).id_salt("mesh-legend").default_open(true).show(ui, |ui| {
        for (i, rows, parts) in &lines {
            let m = &b.scene.materials[*i];
            ui.horizontal(|ui| {
                let color = if matches!(m.status, MaterialStatus::Unresolved | MaterialStatus::NoMaterial) && !m.vertex_colors { NEUTRAL_GREY } else { m.colors.diffuse };
                swatch(ui, color);
                let why = match m.status {
                    MaterialStatus::Textured => "textured",
                    MaterialStatus::Untextured if b.kind == MeshKind::Level => "shader colour",
                    MaterialStatus::Untextured => "untextured (colours only)",
                    MaterialStatus::Unresolved => "unresolved: neutral grey",
                    MaterialStatus::NoMaterial if m.vertex_colors => "vertex colours",
                    MaterialStatus::NoMaterial => "no material: neutral grey",
                };
                let rows = match rows.as_slice() {
                    [_, _, ..] => format!(" · rows {}", rows.iter().map(u16::to_string).collect::<Vec<_>>().join(", ")),
                    _ => String::new(),
                };
                ui.label(format!("{} · {why} · {}{rows}", m.name, crate::app::words::count(*parts, "part", "parts")));
            });
        }
    });
}

fn lighting(ui: &mut Ui, v: &mut MeshView) {
    egui::CollapsingHeader::new("Light").id_salt("mesh-light").show(ui, |ui| {
        ui.add(egui::Slider::new(&mut v.light.intensity, 0.0..=2.0).text("directional"));
        let mut a = v.light.ambient[0];
        if ui.add(egui::Slider::new(&mut a, 0.0..=1.0).text("ambient")).changed() {
            v.light.ambient = [a; 3];
        }
        ui.checkbox(&mut v.light.follow_camera, "Light follows the camera");
    });
}

/// The picked part and its material chain: WEAR row → MAT0 (fallback flagged) → phase at the
/// current time → texture and cell, with links that open them.
fn selection(ui: &mut Ui, cx: &EditorCx, v: &MeshView, out: &mut Vec<Intent>) {
    let (Some(b), Some(sel)) = (v.built(), v.selected) else {
        ui.weak("Click a part to see its material chain.");
        return;
    };
    let scene = &b.scene;
    let Some(part) = scene.parts.get(sel.part) else { return };
    ui.label(RichText::new(format!("{} · {}", scene.nodes.get(sel.node).map_or("?", |n| n.name.as_str()), part.label)).strong());
    // One index space, named: a landscape's triangles by their component 21 record (as the
    // tile line says), anything else's by their place in the picked part.
    let land_info = b.land.as_ref().zip(sel.triangle).and_then(|(land, t)| land.triangle(scene, sel.part, t));
    let tri = match (land_info, sel.triangle) {
        (Some(info), _) => format!(", component 21 triangle {}", info.source),
        (None, Some(t)) => format!(", the part's triangle {t}"),
        (None, None) => String::new(),
    };
    ui.weak(format!("{}{tri}", crate::app::words::count(part.triangle_count(), "triangle", "triangles")));
    if let Some(info) = land_info {
        let name = |byte: Option<u8>| match byte {
            Some(x) => {
                let n = b.chains.iter().flatten().find(|c| c.index == u16::from(x)).and_then(|c| c.name.clone());
                format!("{x}{}", n.map(|n| format!(" ({n})")).unwrap_or_default())
            }
            None => "none".into(),
        };
        egui::Grid::new("mesh-land-triangle").num_columns(2).show(ui, |ui| {
            ui.label("tile");
            ui.monospace(format!("{} (component 21 triangle {})", info.tile, info.source));
            ui.end_row();
            ui.label("flags");
            let flag_0x20000 = if cx.ws.readings.land_flag_20000 == crate::formats::readings::LandFlag20000::Water { "water" } else { "collision" };
            let mut named = Vec::new();
            if info.blended {
                named.push("blends the secondary");
            }
            if info.water || info.collision {
                named.push(flag_0x20000);
            }
            if info.liquid_bed {
                named.push("liquid bed");
            }
            ui.monospace(format!("0x{:05X} {}", info.flags, named.join(", ")));
            ui.end_row();
            ui.label("primary");
            ui.label(name(info.primary));
            ui.end_row();
            ui.label("secondary");
            ui.label(name(info.secondary));
            ui.end_row();
        });
    }
    let m = scene.materials.get(part.material);
    match b.chains.get(part.material).and_then(Option::as_ref) {
        Some(c) => {
            egui::Grid::new("mesh-chain").num_columns(2).show(ui, |ui| {
                ui.label("material byte");
                ui.monospace(c.index.to_string());
                ui.end_row();
                ui.label("WEAR row");
                ui.label(match (c.row, &c.name) {
                    (Some(r), Some(n)) => format!("{} row {r}: {n}", c.table),
                    _ => format!("{}: no row", c.table),
                });
                ui.end_row();
                ui.label("MAT0");
                ui.horizontal(|ui| {
                    ui.label(c.mat0.as_deref().unwrap_or("not found"));
                    match c.fallback {
                        Some(Fallback::Default) => {
                            ui.colored_label(ui.visuals().warn_fg_color, "fallback: DEFAULT");
                        }
                        Some(Fallback::FirstEntry) => {
                            ui.colored_label(ui.visuals().warn_fg_color, "fallback: entry 0");
                        }
                        _ => {}
                    }
                    if let Some(p) = c.mat0.as_deref().and_then(|m| open_entry(cx.ws, m))
                        && ui.small_button("open").on_hover_text("Open the material in its editor").clicked()
                    {
                        out.push(Intent::OpenTab(p));
                    }
                });
                ui.end_row();
                ui.label("phase");
                let mat = c.material.as_ref();
                let now = mat.and_then(|mat| crate::formats::mat0::eval::state_at_time(mat, 0, v.time_ms, 0, &mut crate::formats::mat0::rng::MsvcRand::new(1), &cx.ws.readings).ok());
                ui.label(match &now {
                    Some(s) => format!("{} to {} (alpha {:.2}) at {} ms", s.phase, s.next_phase, s.alpha, v.time_ms),
                    None => c.phase.map_or("-".into(), |p| p.to_string()),
                });
                ui.end_row();
                ui.label("texture");
                ui.horizontal(|ui| {
                    let name = now.as_ref().and_then(|s| s.texture.clone()).or_else(|| c.texture_name.clone());
                    ui.label(name.clone().unwrap_or_else(|| "none".into()));
                    if let Some(cell) = c.cell.filter(|&c| c >= 0) {
                        ui.weak(format!("cell {cell}"));
                    }
                    if let Some(t) = &c.texture
                        && let Some(p) = open_entry(cx.ws, &t.origin)
                        && ui.small_button("open").on_hover_text("Open the texture in its editor").clicked()
                    {
                        out.push(Intent::OpenTab(p));
                    }
                });
                ui.end_row();
            });
        }
        None => {
            ui.horizontal(|ui| {
                if let Some(m) = m {
                    swatch(ui, m.colors.diffuse);
                    ui.label(&m.name);
                }
            });
        }
    }
}

/// An entry named `LIB::ENTRY` (a chain's origin, "(open)" stripped) in an open file.
fn open_entry(ws: &Workspace, origin: &str) -> Option<ItemPath> {
    let (file, entry) = origin.rsplit_once("::")?;
    let file = file.trim_end_matches(" (open)");
    let name = std::path::Path::new(file).file_name()?.to_str()?;
    let f = ws.files().iter().find(|f| f.path == std::path::Path::new(file)).or_else(|| ws.files().iter().find(|f| f.name().eq_ignore_ascii_case(name)))?;
    items::resolve(ws, f.id, entry)
}
