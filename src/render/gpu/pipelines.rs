//! [`Renderer`]: the pipelines, layouts and samplers of one device and target format, made once.

use super::*;
use super::{frame::*, target::*, textures::*};

/// The pipelines of one device and target format, created once.
pub struct Renderer {
    pub(super) device: wgpu::Device,
    pub format: wgpu::TextureFormat,
    /// 1 or [`MSAA_SAMPLES`].
    pub samples: u32,
    pub(super) frame_layout: wgpu::BindGroupLayout,
    pub(super) material_layout: wgpu::BindGroupLayout,
    pub(super) texture_layout: wgpu::BindGroupLayout,
    pub(super) blit_layout: wgpu::BindGroupLayout,
    pub(super) opaque: wgpu::RenderPipeline,
    pub(super) blended: wgpu::RenderPipeline,
    pub(super) additive: wgpu::RenderPipeline,
    pub(super) points: wgpu::RenderPipeline,
    pub(super) wire: wgpu::RenderPipeline,
    pub(super) outline: wgpu::RenderPipeline,
    pub(super) lines: wgpu::RenderPipeline,
    pub(super) blit: wgpu::RenderPipeline,
    pub(super) samplers: [wgpu::Sampler; 2],
    pub(super) white: wgpu::TextureView,
    pub(super) material_stride: u64,
}

/// The sample count the adapter allows for colour `format` and depth: [`MSAA_SAMPLES`] or 1.
pub fn supported_samples(adapter: &wgpu::Adapter, format: wgpu::TextureFormat) -> u32 {
    let ok = |f| adapter.get_texture_format_features(f).flags.sample_count_supported(MSAA_SAMPLES);
    if ok(format) && ok(DEPTH_FORMAT) { MSAA_SAMPLES } else { 1 }
}

pub(super) fn vertex_layout() -> wgpu::VertexBufferLayout<'static> {
    const ATTRS: [wgpu::VertexAttribute; 6] =
        wgpu::vertex_attr_array![0 => Float32x3, 1 => Uint32, 2 => Float32x3, 3 => Unorm8x4, 4 => Float32x2, 5 => Float32];
    wgpu::VertexBufferLayout { array_stride: size_of::<Vertex>() as u64, step_mode: wgpu::VertexStepMode::Vertex, attributes: &ATTRS }
}

pub(super) fn line_layout() -> wgpu::VertexBufferLayout<'static> {
    const ATTRS: [wgpu::VertexAttribute; 3] = wgpu::vertex_attr_array![0 => Float32x3, 1 => Uint32, 2 => Unorm8x4];
    wgpu::VertexBufferLayout { array_stride: size_of::<LineVertex>() as u64, step_mode: wgpu::VertexStepMode::Vertex, attributes: &ATTRS }
}

pub(super) fn uniform_entry(binding: u32, dynamic: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
        ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Uniform, has_dynamic_offset: dynamic, min_binding_size: None },
        count: None,
    }
}

pub(super) fn texture_entries() -> [wgpu::BindGroupLayoutEntry; 2] {
    [
        wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
            count: None,
        },
        wgpu::BindGroupLayoutEntry {
            binding: 1,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
            count: None,
        },
    ]
}

pub(super) struct PipelineSpec<'a> {
    pub(super) label: &'a str,
    pub(super) vs: &'a str,
    pub(super) fs: &'a str,
    pub(super) layout: wgpu::VertexBufferLayout<'static>,
    pub(super) topology: wgpu::PrimitiveTopology,
    pub(super) blend: Option<wgpu::BlendState>,
    pub(super) depth_write: bool,
}

impl Renderer {
    /// Pipelines drawing into `format` with `samples` (1, or [`supported_samples`]).
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, format: wgpu::TextureFormat, samples: u32) -> Renderer {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render scene"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../shader.wgsl").into()),
        });
        let blit_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render blit"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../blit.wgsl").into()),
        });
        let frame_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("render frame"),
            entries: &[
                uniform_entry(0, false),
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::VERTEX,
                    ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: true }, has_dynamic_offset: false, min_binding_size: None },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 2,
                    visibility: wgpu::ShaderStages::VERTEX,
                    ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: true }, has_dynamic_offset: false, min_binding_size: None },
                    count: None,
                },
            ],
        });
        let material_layout =
            device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: Some("render material"), entries: &[uniform_entry(0, true)] });
        let texture_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: Some("render texture"), entries: &texture_entries() });
        let blit_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: Some("render blit"), entries: &texture_entries() });
        let scene_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("render scene"),
            bind_group_layouts: &[Some(&frame_layout), Some(&material_layout), Some(&texture_layout)],
            immediate_size: 0,
        });
        let line_pl = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("render lines"),
            bind_group_layouts: &[Some(&frame_layout)],
            immediate_size: 0,
        });
        let make = |s: PipelineSpec, layout: &wgpu::PipelineLayout| {
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(s.label),
                layout: Some(layout),
                vertex: wgpu::VertexState {
                    module: &module,
                    entry_point: Some(s.vs),
                    compilation_options: Default::default(),
                    buffers: &[Some(s.layout)],
                },
                primitive: wgpu::PrimitiveState { topology: s.topology, cull_mode: None, ..Default::default() },
                depth_stencil: Some(wgpu::DepthStencilState {
                    format: DEPTH_FORMAT,
                    depth_write_enabled: Some(s.depth_write),
                    depth_compare: Some(wgpu::CompareFunction::LessEqual),
                    stencil: Default::default(),
                    bias: Default::default(),
                }),
                multisample: wgpu::MultisampleState { count: samples, ..Default::default() },
                fragment: Some(wgpu::FragmentState {
                    module: &module,
                    entry_point: Some(s.fs),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState { format, blend: s.blend, write_mask: wgpu::ColorWrites::ALL })],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let tri = |label, blend, depth_write| PipelineSpec {
            label,
            vs: "vs_main",
            fs: "fs_main",
            layout: vertex_layout(),
            topology: wgpu::PrimitiveTopology::TriangleList,
            blend,
            depth_write,
        };
        let additive = wgpu::BlendState {
            color: wgpu::BlendComponent { src_factor: wgpu::BlendFactor::SrcAlpha, dst_factor: wgpu::BlendFactor::One, operation: wgpu::BlendOperation::Add },
            alpha: wgpu::BlendComponent { src_factor: wgpu::BlendFactor::Zero, dst_factor: wgpu::BlendFactor::One, operation: wgpu::BlendOperation::Add },
        };
        let opaque = make(tri("render opaque", None, true), &scene_layout);
        let blended = make(tri("render blended", Some(wgpu::BlendState::ALPHA_BLENDING), false), &scene_layout);
        let additive = make(tri("render additive", Some(additive), false), &scene_layout);
        let points = make(
            PipelineSpec { topology: wgpu::PrimitiveTopology::PointList, fs: "fs_points", ..tri("render points", None, true) },
            &scene_layout,
        );
        let wire = make(
            PipelineSpec { vs: "vs_wire", fs: "fs_wire", topology: wgpu::PrimitiveTopology::LineList, ..tri("render wireframe", None, false) },
            &line_pl,
        );
        let outline = make(
            PipelineSpec { vs: "vs_wire", fs: "fs_outline", topology: wgpu::PrimitiveTopology::LineList, ..tri("render outline", None, false) },
            &line_pl,
        );
        let lines = make(
            PipelineSpec {
                label: "render lines",
                vs: "vs_line",
                fs: "fs_line",
                layout: line_layout(),
                topology: wgpu::PrimitiveTopology::LineList,
                blend: None,
                depth_write: false,
            },
            &line_pl,
        );
        let blit_pl = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("render blit"),
            bind_group_layouts: &[Some(&blit_layout)],
            immediate_size: 0,
        });
        let blit = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("render blit"),
            layout: Some(&blit_pl),
            vertex: wgpu::VertexState { module: &blit_module, entry_point: Some("vs_blit"), compilation_options: Default::default(), buffers: &[] },
            primitive: Default::default(),
            depth_stencil: None,
            multisample: Default::default(),
            fragment: Some(wgpu::FragmentState {
                module: &blit_module,
                entry_point: Some("fs_blit"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState { format, blend: Some(wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING), write_mask: wgpu::ColorWrites::ALL })],
            }),
            multiview_mask: None,
            cache: None,
        });
        let sampler = |filter: wgpu::FilterMode, mip: wgpu::MipmapFilterMode| {
            device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("render texture"),
                address_mode_u: wgpu::AddressMode::Repeat,
                address_mode_v: wgpu::AddressMode::Repeat,
                mag_filter: filter,
                min_filter: filter,
                mipmap_filter: mip,
                ..Default::default()
            })
        };
        let samplers = [sampler(wgpu::FilterMode::Nearest, wgpu::MipmapFilterMode::Nearest), sampler(wgpu::FilterMode::Linear, wgpu::MipmapFilterMode::Linear)];
        let white = texture_view(device, queue, "render white", (1, 1), 1, &[255; 4]);
        let align = u64::from(device.limits().min_uniform_buffer_offset_alignment.max(1));
        let material_stride = (size_of::<MaterialUniform>() as u64).div_ceil(align) * align;
        Renderer {
            device: device.clone(),
            format,
            samples,
            frame_layout,
            material_layout,
            texture_layout,
            blit_layout,
            opaque,
            blended,
            additive,
            points,
            wire,
            outline,
            lines,
            blit,
            samplers,
            white,
            material_stride,
        }
    }

    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }

    /// The bind groups of a texture with each sampler (nearest, linear).
    pub(super) fn texture_groups(&self, view: &wgpu::TextureView) -> [wgpu::BindGroup; 2] {
        self.samplers.each_ref().map(|s| {
            self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("render texture"),
                layout: &self.texture_layout,
                entries: &[
                    wgpu::BindGroupEntry { binding: 0, resource: wgpu::BindingResource::TextureView(view) },
                    wgpu::BindGroupEntry { binding: 1, resource: wgpu::BindingResource::Sampler(s) },
                ],
            })
        })
    }
}

