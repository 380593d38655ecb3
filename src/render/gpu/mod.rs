//! The GPU side: [`Renderer`] (pipelines for one device and target format, made once),
//! [`GpuScene`] (a scene's buffers and textures, uploaded once), [`Offscreen`] (one view's
//! colour, depth and MSAA targets) and [`FrameParams`] (what changes per frame: a few hundred
//! bytes of uniforms, node matrices and material colours).

use super::camera::OrbitCamera;
use super::error::RenderError;
use super::lines::{self, LineVertex};
use super::scene::{BlendMode, Look, MaterialColors, RenderScene, Vertex};
use super::wgpu;
use crate::doc::resolve::ResolvedTexture;
use glam::{Mat4, Vec3};
use std::sync::OnceLock;
use wgpu::util::DeviceExt;

mod draw;
mod frame;
mod pipelines;
mod scene;
mod target;
mod textures;

pub use frame::{FrameParams, HIGHLIGHT_COLOR, Light, Overlays, SamplerFilter, Shading};
pub use pipelines::{Renderer, supported_samples};
pub use scene::GpuScene;
pub use target::{DEPTH_FORMAT, MSAA_SAMPLES, Offscreen};
pub use textures::mip_chain;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpu_state_can_live_in_egui_callback_resources() {
        fn send_sync<T: Send + Sync + 'static>() {}
        send_sync::<Renderer>();
        send_sync::<GpuScene>();
        send_sync::<Offscreen>();
    }
}
