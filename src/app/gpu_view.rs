//! 3D views on the window's GPU (the mesh viewport, the material preview): one [`Renderer`]
//! for the app and, per view, its uploaded scene and offscreen target, kept in egui_wgpu's
//! callback resources. A frame's paint callback carries only the camera, the light, the
//! switches, the node matrices and the material colours; `prepare` renders offscreen (egui's
//! pass has no depth) and `paint` blits.

use crate::render::scene::Look;
use crate::render::{FrameParams, GpuScene, MaterialColors, Offscreen, RenderScene, Renderer};
use eframe::egui_wgpu::{self, CallbackResources, CallbackTrait, RenderState, ScreenDescriptor, wgpu};
use glam::Mat4;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// Everything the viewports keep on the GPU.
struct Resources {
    renderer: Renderer,
    views: HashMap<u64, ViewGpu>,
}

struct ViewGpu {
    scene_id: u64,
    scene: GpuScene,
    target: Option<Offscreen>,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A new id for a view (or a scene version): GPU resources are kept per view id and re-made
/// when the scene id they were made from changes.
pub fn next_id() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// Frees a view's GPU buffers and targets when the view (its tab) goes away.
pub struct ViewSlot {
    pub rs: RenderState,
    pub view: u64,
}

impl Drop for ViewSlot {
    fn drop(&mut self) {
        forget(&self.rs, self.view);
    }
}

/// Why this device cannot draw the 3D view, if it cannot: the renderer keeps node matrices in
/// a storage buffer, which a device held to WebGL 2's limits does not have.
pub fn unsupported(rs: &RenderState) -> Option<String> {
    let l = rs.device.limits();
    (l.max_storage_buffers_per_shader_stage == 0).then(|| crate::tr!("gpu-no-storage-buffers", backend = format!("{:?}", rs.adapter.get_info().backend))
)
}

/// Uploads `scene` for view `view` unless that view already holds scene `scene_id` (geometry
/// goes up once per document change, never per frame). A scene too large for the device's
/// buffers is refused.
pub fn upload(rs: &RenderState, view: u64, scene_id: u64, scene: &RenderScene) -> Result<(), crate::render::RenderError> {
    let mut renderer = rs.renderer.write();
    let res = &mut renderer.callback_resources;
    if res.get::<Resources>().is_none() {
        let samples = crate::render::gpu::supported_samples(&rs.adapter, rs.target_format);
        res.insert(Resources { renderer: Renderer::new(&rs.device, &rs.queue, rs.target_format, samples), views: HashMap::new() });
    }
    let Some(r) = res.get_mut::<Resources>() else { return Ok(()) };
    if r.views.get(&view).is_some_and(|v| v.scene_id == scene_id) {
        return Ok(());
    }
    let gpu = GpuScene::new(&r.renderer, &rs.queue, scene)?;
    r.views.insert(view, ViewGpu { scene_id, scene: gpu, target: None });
    Ok(())
}

/// Drops a closed view's buffers and targets.
pub fn forget(rs: &RenderState, view: u64) {
    if let Some(r) = rs.renderer.write().callback_resources.get_mut::<Resources>() {
        r.views.remove(&view);
    }
}

/// One frame of one view: the renderer's frame parameters, and the per-node and per-material
/// arrays they borrow, owned here because the paint callback outlives the frame's borrows.
pub struct ViewFrame {
    pub view: u64,
    /// Physical pixels.
    pub size: [u32; 2],
    /// Everything but the arrays below (their fields here are ignored).
    pub params: FrameParams<'static>,
    pub matrices: Vec<Mat4>,
    pub colors: Option<Vec<MaterialColors>>,
    pub textures: Option<Vec<Look>>,
    pub visible: Vec<bool>,
    /// Per node: outline its parts (empty: none).
    pub outlined: Vec<bool>,
}

impl ViewFrame {
    pub fn paint_callback(self, rect: egui::Rect) -> egui::PaintCallback {
        egui_wgpu::Callback::new_paint_callback(rect, self)
    }

    /// A frame of the whole scene at rest (every node shown, no material override), sized to
    /// `rect` in physical pixels: the small previews' frame (compare, import, orbit view).
    pub fn at_rest(view: u64, ui: &egui::Ui, rect: egui::Rect, params: FrameParams<'static>, scene: &RenderScene) -> ViewFrame {
        let ppp = ui.ctx().pixels_per_point();
        ViewFrame {
            view,
            size: [(rect.width() * ppp).round().max(1.0) as u32, (rect.height() * ppp).round().max(1.0) as u32],
            params,
            matrices: scene.rest_matrices(),
            colors: None,
            textures: None,
            visible: vec![true; scene.nodes.len()],
            outlined: Vec::new(),
        }
    }
}

/// The small previews' orbit input: a drag turns (yaw, pitch within ±1.5 rad), the wheel over
/// the view moves closer or away (`zoom`, a share of the framing distance, 0.05..20).
pub fn orbit_input(ui: &egui::Ui, resp: &egui::Response, yaw: &mut f32, pitch: &mut f32, zoom: &mut f32) {
    if resp.dragged() {
        let d = resp.drag_delta();
        *yaw -= d.x * 0.01;
        *pitch = (*pitch + d.y * 0.01).clamp(-1.5, 1.5);
    }
    if resp.hovered() {
        let s = ui.input(|i| i.smooth_scroll_delta.y);
        if s != 0.0 {
            *zoom = (*zoom * (-s / 300.0).exp()).clamp(0.05, 20.0);
        }
    }
}

impl CallbackTrait for ViewFrame {
    fn prepare(&self, _device: &wgpu::Device, queue: &wgpu::Queue, _sd: &ScreenDescriptor, encoder: &mut wgpu::CommandEncoder, res: &mut CallbackResources) -> Vec<wgpu::CommandBuffer> {
        let Some(r) = res.get_mut::<Resources>() else { return Vec::new() };
        let Some(v) = r.views.get_mut(&self.view) else { return Vec::new() };
        let [w, h] = self.size;
        if v.target.as_ref().is_none_or(|t| (t.width, t.height) != (w.max(1), h.max(1))) {
            v.target = Some(Offscreen::new(&r.renderer, w, h));
        }
        let Some(target) = v.target.as_ref() else { return Vec::new() };
        let p = FrameParams {
            node_matrices: Some(&self.matrices),
            material_colors: self.colors.as_deref(),
            material_textures: self.textures.as_deref(),
            node_visible: Some(&self.visible),
            highlight_nodes: (!self.outlined.is_empty()).then_some(self.outlined.as_slice()),
            ..self.params
        };
        r.renderer.render_into(queue, encoder, &v.scene, target, &p);
        Vec::new()
    }

    fn paint(&self, _info: egui::PaintCallbackInfo, pass: &mut wgpu::RenderPass<'static>, res: &CallbackResources) {
        let Some(r) = res.get::<Resources>() else { return };
        if let Some(target) = r.views.get(&self.view).and_then(|v| v.target.as_ref()) {
            r.renderer.blit(pass, target);
        }
    }
}

/// The window's device asks for what its adapter can do: egui's default holds a GL adapter to
/// WebGL 2's limits, which have no storage buffers, and the 3D view's node matrices live in one.
pub fn window_config() -> eframe::egui_wgpu::WgpuConfiguration {
    use eframe::egui_wgpu::{WgpuSetup, wgpu};
    let mut config = eframe::NativeOptions::default().wgpu_options;
    if let WgpuSetup::CreateNew(setup) = &mut config.wgpu_setup {
        setup.device_descriptor = std::sync::Arc::new(|adapter: &wgpu::Adapter| {
            let limits = adapter.limits();
            wgpu::DeviceDescriptor {
                label: Some("parkan studio device"),
                required_limits: wgpu::Limits { max_texture_dimension_2d: limits.max_texture_dimension_2d.min(16384), ..limits },
                ..Default::default()
            }
        });
    }
    config
}
