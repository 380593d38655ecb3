//! [`Offscreen`]: one view's render targets.

use super::*;
use super::pipelines::*;

pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;
/// The MSAA sample count used where the adapter allows it.
pub const MSAA_SAMPLES: u32 = 4;

/// The render targets of one view: the colour (resolved, sampled by [`Renderer::blit`] and
/// copied by the headless readback), the MSAA colour when sampling is on, and the depth.
pub struct Offscreen {
    pub width: u32,
    pub height: u32,
    pub(super) color: wgpu::Texture,
    pub(super) color_view: wgpu::TextureView,
    pub(super) msaa_view: Option<wgpu::TextureView>,
    pub(super) depth_view: wgpu::TextureView,
    pub(super) blit_group: wgpu::BindGroup,
}

impl Offscreen {
    /// Targets of `width` x `height` physical pixels (each at least 1).
    pub fn new(r: &Renderer, width: u32, height: u32) -> Offscreen {
        let (width, height) = (width.max(1), height.max(1));
        let size = wgpu::Extent3d { width, height, depth_or_array_layers: 1 };
        let make = |label, format, samples, usage| {
            r.device.create_texture(&wgpu::TextureDescriptor {
                label: Some(label),
                size,
                mip_level_count: 1,
                sample_count: samples,
                dimension: wgpu::TextureDimension::D2,
                format,
                usage,
                view_formats: &[],
            })
        };
        let color = make(
            "render colour",
            r.format,
            1,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_SRC,
        );
        let color_view = color.create_view(&Default::default());
        let msaa_view = (r.samples > 1).then(|| make("render msaa", r.format, r.samples, wgpu::TextureUsages::RENDER_ATTACHMENT).create_view(&Default::default()));
        let depth_view = make("render depth", DEPTH_FORMAT, r.samples, wgpu::TextureUsages::RENDER_ATTACHMENT).create_view(&Default::default());
        let blit_group = r.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("render blit"),
            layout: &r.blit_layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: wgpu::BindingResource::TextureView(&color_view) },
                wgpu::BindGroupEntry { binding: 1, resource: wgpu::BindingResource::Sampler(&r.samplers[0]) },
            ],
        });
        Offscreen { width, height, color, color_view, msaa_view, depth_view, blit_group }
    }

    /// The resolved colour texture (for copies).
    pub fn texture(&self) -> &wgpu::Texture {
        &self.color
    }

    /// The resolved colour, for sampling.
    pub fn view(&self) -> &wgpu::TextureView {
        &self.color_view
    }
}
