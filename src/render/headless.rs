//! Rendering with no window: a wgpu instance of its own (every backend; Mesa's lavapipe
//! Vulkan or llvmpipe GL on machines without a GPU), an offscreen target and a readback to
//! RGBA.

use super::gpu::{FrameParams, GpuScene, Offscreen, Renderer, supported_samples};
use super::error::RenderError;
use super::scene::RenderScene;
use super::wgpu;

/// The target format of headless renders (gamma-encoded bytes, as the PNG stores them).
pub const HEADLESS_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;


/// A device, its queue and the renderer's pipelines for [`HEADLESS_FORMAT`].
pub struct Headless {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub renderer: Renderer,
    /// "name (backend, device type)".
    pub adapter: String,
}

/// An RGBA8 image, rows top to bottom.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Image {
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y.min(self.height.saturating_sub(1)) * self.width + x.min(self.width.saturating_sub(1))) * 4) as usize;
        self.rgba.get(i..i + 4).and_then(|p| p.try_into().ok()).unwrap_or([0; 4])
    }
}

impl Headless {
    /// On any backend wgpu finds (honouring `WGPU_BACKEND` and the other wgpu variables).
    pub fn new() -> Result<Headless, RenderError> {
        Headless::with_backends(wgpu::Backends::all().with_env())
    }

    /// On `backends` only (an empty set finds no adapter: the error path).
    pub fn with_backends(backends: wgpu::Backends) -> Result<Headless, RenderError> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor { backends, ..wgpu::InstanceDescriptor::new_without_display_handle() });
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_fallback_adapter: false,
            compatible_surface: None,
            apply_limit_buckets: false,
        }))
        .map_err(|e| RenderError::NoAdapter(e.to_string()))?;
        let info = adapter.get_info();
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("parkan-studio headless"),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            ..Default::default()
        }))
        .map_err(|e| RenderError::Device(e.to_string()))?;
        let samples = supported_samples(&adapter, HEADLESS_FORMAT);
        let renderer = Renderer::new(&device, &queue, HEADLESS_FORMAT, samples);
        Ok(Headless { adapter: format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type), device, queue, renderer })
    }

    pub fn upload(&self, scene: &RenderScene) -> Result<GpuScene, RenderError> {
        GpuScene::new(&self.renderer, &self.queue, scene)
    }

    /// One frame of `scene` at `width` x `height`, read back.
    pub fn render(&self, scene: &GpuScene, params: &FrameParams, width: u32, height: u32) -> Result<Image, RenderError> {
        let max = self.device.limits().max_texture_dimension_2d;
        if width == 0 || height == 0 || width > max || height > max {
            return Err(RenderError::TooLarge { width, height, max });
        }
        let target = Offscreen::new(&self.renderer, width, height);
        let mut encoder = self.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("render headless") });
        self.renderer.render_into(&self.queue, &mut encoder, scene, &target, params);
        let row = width * 4;
        let padded = row.div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
        let readback = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("render readback"),
            size: u64::from(padded) * u64::from(height),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo { texture: target.texture(), mip_level: 0, origin: wgpu::Origin3d::ZERO, aspect: wgpu::TextureAspect::All },
            wgpu::TexelCopyBufferInfo {
                buffer: &readback,
                layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(padded), rows_per_image: Some(height) },
            },
            wgpu::Extent3d { width, height, depth_or_array_layers: 1 },
        );
        self.queue.submit([encoder.finish()]);
        let (tx, rx) = std::sync::mpsc::channel();
        readback.map_async(wgpu::MapMode::Read, .., move |r| {
            let _ = tx.send(r);
        });
        self.device.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| RenderError::Readback(e.to_string()))?;
        rx.recv().map_err(|e| RenderError::Readback(e.to_string()))?.map_err(|e| RenderError::Readback(e.to_string()))?;
        let mapped = readback.get_mapped_range(..).map_err(|e| RenderError::Readback(format!("{e:?}")))?;
        let mut rgba = Vec::with_capacity((row * height) as usize);
        for y in 0..height as usize {
            let start = y * padded as usize;
            rgba.extend_from_slice(&mapped[start..start + row as usize]);
        }
        Ok(Image { width, height, rgba })
    }
}
