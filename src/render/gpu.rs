//! The GPU side: [`Renderer`] (pipelines for one device and target format, made once),
//! [`GpuScene`] (a scene's buffers and textures, uploaded once), [`Offscreen`] (one view's
//! colour, depth and MSAA targets) and [`FrameParams`] (what changes per frame: a few hundred
//! bytes of uniforms, node matrices and material colours).

use super::camera::OrbitCamera;
use super::error::RenderError;
use super::lines::{self, LineVertex};
use super::scene::{BlendMode, MaterialColors, RenderScene, Vertex};
use super::wgpu;
use crate::doc::resolve::ResolvedTexture;
use glam::{Mat4, Vec3};
use std::sync::OnceLock;
use wgpu::util::DeviceExt;

pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;
/// The MSAA sample count used where the adapter allows it.
pub const MSAA_SAMPLES: u32 = 4;
/// The picked part's edges.
pub const HIGHLIGHT_COLOR: [f32; 4] = [1.0, 0.55, 0.0, 1.0];
/// Overlay lines drawn on top are pulled this far (in clip w) towards the camera.
const LINE_BIAS: f32 = 4e-4;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shading {
    /// Materials, textures and the light.
    #[default]
    Textured,
    /// Grey, lit, one normal per face (shows the geometry).
    Flat,
    /// The normal as a colour (`n * 0.5 + 0.5`).
    Normals,
    /// The vertex colours, unlit (level.geom).
    VertexColor,
    /// X-Ray's hemisphere lighting factor as grey, unlit (level.geom).
    Hemi,
    /// The texture coordinates as red (u) and green (v), each repeat from 0 to 1.
    TexCoord,
}

impl Shading {
    pub fn from_name(name: &str) -> Option<Shading> {
        match name.to_ascii_lowercase().as_str() {
            "textured" => Some(Shading::Textured),
            "flat" => Some(Shading::Flat),
            "normals" => Some(Shading::Normals),
            "vertex-color" | "vertexcolor" | "vertex-colour" => Some(Shading::VertexColor),
            "hemi" => Some(Shading::Hemi),
            "texcoord" | "uv" => Some(Shading::TexCoord),
            _ => None,
        }
    }
    fn code(self) -> f32 {
        match self {
            Shading::Textured => 0.0,
            Shading::Flat => 1.0,
            Shading::Normals => 2.0,
            Shading::VertexColor => 3.0,
            Shading::Hemi => 4.0,
            Shading::TexCoord => 5.0,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Overlays {
    pub wireframe: bool,
    pub normals: bool,
    /// The file's node and batch boxes and spheres.
    pub bounds: bool,
    pub grid: bool,
    pub axes: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SamplerFilter {
    Nearest,
    #[default]
    Linear,
}

/// One directional light plus ambient.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Light {
    /// Towards the light: in view space (x right, y up, z towards the viewer) when
    /// `follow_camera`, else in scene space.
    pub direction: Vec3,
    pub follow_camera: bool,
    pub intensity: f32,
    pub ambient: [f32; 3],
}

impl Default for Light {
    fn default() -> Self {
        Light { direction: Vec3::new(-0.35, 0.55, 0.75), follow_camera: true, intensity: 0.85, ambient: [0.35; 3] }
    }
}

/// Everything a frame needs besides the uploaded scene.
#[derive(Debug, Clone, Copy)]
pub struct FrameParams<'a> {
    pub camera: OrbitCamera,
    pub light: Light,
    pub shading: Shading,
    pub overlays: Overlays,
    pub filter: SamplerFilter,
    /// The clear colour as stored in the target (linear for an sRGB target); alpha 0 leaves
    /// it transparent.
    pub background: [f32; 4],
    pub wire_color: [f32; 4],
    /// The part whose edges are drawn in `highlight_color` (the picked one).
    pub highlight: Option<usize>,
    pub highlight_color: [f32; 4],
    /// Scene-space node matrices (the animation frame): [`RenderScene::pose`]; `None` or a
    /// wrong length: the scene's own pose.
    pub node_matrices: Option<&'a [Mat4]>,
    /// Colours per material (MAT0 at the current game time); `None` or a wrong length: the
    /// colours the scene was built with.
    pub material_colors: Option<&'a [MaterialColors]>,
    /// The texture per material (an index into the scene's textures: the MAT0 phase's at the
    /// current game time, [`super::MaterialClock::textures_at`]); `None` or a wrong length:
    /// the textures the scene was built with.
    pub material_textures: Option<&'a [Option<usize>]>,
    /// Per node: `false` hides its parts.
    pub node_visible: Option<&'a [bool]>,
}

impl<'a> FrameParams<'a> {
    pub fn new(camera: OrbitCamera) -> FrameParams<'a> {
        FrameParams {
            camera,
            light: Light::default(),
            shading: Shading::Textured,
            overlays: Overlays::default(),
            filter: SamplerFilter::Linear,
            background: [0.16, 0.17, 0.19, 1.0],
            wire_color: [0.95, 0.95, 0.95, 1.0],
            highlight: None,
            highlight_color: HIGHLIGHT_COLOR,
            node_matrices: None,
            material_colors: None,
            material_textures: None,
            node_visible: None,
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct FrameUniform {
    view_proj: [[f32; 4]; 4],
    eye: [f32; 4],
    view_dir: [f32; 4],
    light: [f32; 4],
    ambient: [f32; 4],
    options: [f32; 4],
    wire_color: [f32; 4],
    highlight_color: [f32; 4],
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct MaterialUniform {
    diffuse: [f32; 4],
    ambient: [f32; 4],
    specular: [f32; 4],
    emissive: [f32; 4],
    uv_rect: [f32; 4],
    params: [f32; 4],
}

/// The alpha-test thresholds: an alpha-tested material keeps texels of half alpha and more; the
/// blended modes (whose alpha test formats.md section 3 says is on) drop only clear texels.
const ALPHA_TEST: f32 = 0.5;
const BLEND_ALPHA_TEST: f32 = 1.0 / 255.0;
/// Textures are sampled as stored: the lighting works on gamma-encoded values, as the game's
/// fixed-function pipeline did.
const TEXTURE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// The pipelines of one device and target format, created once.
pub struct Renderer {
    device: wgpu::Device,
    pub format: wgpu::TextureFormat,
    /// 1 or [`MSAA_SAMPLES`].
    pub samples: u32,
    frame_layout: wgpu::BindGroupLayout,
    material_layout: wgpu::BindGroupLayout,
    texture_layout: wgpu::BindGroupLayout,
    blit_layout: wgpu::BindGroupLayout,
    opaque: wgpu::RenderPipeline,
    blended: wgpu::RenderPipeline,
    additive: wgpu::RenderPipeline,
    points: wgpu::RenderPipeline,
    wire: wgpu::RenderPipeline,
    outline: wgpu::RenderPipeline,
    lines: wgpu::RenderPipeline,
    blit: wgpu::RenderPipeline,
    samplers: [wgpu::Sampler; 2],
    white: wgpu::TextureView,
    material_stride: u64,
}

/// The sample count the adapter allows for colour `format` and depth: [`MSAA_SAMPLES`] or 1.
pub fn supported_samples(adapter: &wgpu::Adapter, format: wgpu::TextureFormat) -> u32 {
    let ok = |f| adapter.get_texture_format_features(f).flags.sample_count_supported(MSAA_SAMPLES);
    if ok(format) && ok(DEPTH_FORMAT) { MSAA_SAMPLES } else { 1 }
}

fn vertex_layout() -> wgpu::VertexBufferLayout<'static> {
    const ATTRS: [wgpu::VertexAttribute; 6] =
        wgpu::vertex_attr_array![0 => Float32x3, 1 => Uint32, 2 => Float32x3, 3 => Unorm8x4, 4 => Float32x2, 5 => Float32];
    wgpu::VertexBufferLayout { array_stride: size_of::<Vertex>() as u64, step_mode: wgpu::VertexStepMode::Vertex, attributes: &ATTRS }
}

fn line_layout() -> wgpu::VertexBufferLayout<'static> {
    const ATTRS: [wgpu::VertexAttribute; 3] = wgpu::vertex_attr_array![0 => Float32x3, 1 => Uint32, 2 => Unorm8x4];
    wgpu::VertexBufferLayout { array_stride: size_of::<LineVertex>() as u64, step_mode: wgpu::VertexStepMode::Vertex, attributes: &ATTRS }
}

fn uniform_entry(binding: u32, dynamic: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
        ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Uniform, has_dynamic_offset: dynamic, min_binding_size: None },
        count: None,
    }
}

fn texture_entries() -> [wgpu::BindGroupLayoutEntry; 2] {
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

struct PipelineSpec<'a> {
    label: &'a str,
    vs: &'a str,
    fs: &'a str,
    layout: wgpu::VertexBufferLayout<'static>,
    topology: wgpu::PrimitiveTopology,
    blend: Option<wgpu::BlendState>,
    depth_write: bool,
}

impl Renderer {
    /// Pipelines drawing into `format` with `samples` (1, or [`supported_samples`]).
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, format: wgpu::TextureFormat, samples: u32) -> Renderer {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render scene"),
            source: wgpu::ShaderSource::Wgsl(include_str!("shader.wgsl").into()),
        });
        let blit_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render blit"),
            source: wgpu::ShaderSource::Wgsl(include_str!("blit.wgsl").into()),
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
}

/// A half-size level (a 2x2 box filter; an odd edge's last texel repeats).
fn halve(w: u32, h: u32, src: &[u8]) -> (u32, u32, Vec<u8>) {
    let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
    let mut dst = vec![0u8; (nw * nh * 4) as usize];
    let at = |x: u32, y: u32, c: u32| u32::from(src[((y.min(h - 1) * w + x.min(w - 1)) * 4 + c) as usize]);
    for y in 0..nh {
        for x in 0..nw {
            for c in 0..4 {
                let sum = at(2 * x, 2 * y, c) + at(2 * x + 1, 2 * y, c) + at(2 * x, 2 * y + 1, c) + at(2 * x + 1, 2 * y + 1, c);
                dst[((y * nw + x) * 4 + c) as usize] = ((sum + 2) / 4) as u8;
            }
        }
    }
    (nw, nh, dst)
}

/// The mip chain of an RGBA image down to 1x1, starting from the first level no larger than
/// `max_dim` (the device's limit); returns level 0's size and the levels.
pub fn mip_chain(width: u32, height: u32, rgba: &[u8], max_dim: u32) -> (u32, u32, Vec<Vec<u8>>) {
    let (mut w, mut h) = (width.max(1), height.max(1));
    let mut level = rgba.to_vec();
    level.resize((w as usize) * (h as usize) * 4, 255);
    while w > max_dim.max(1) || h > max_dim.max(1) {
        (w, h, level) = halve(w, h, &level);
    }
    let size = (w, h);
    let mut levels = vec![level];
    while w > 1 || h > 1 {
        let next;
        (w, h, next) = halve(w, h, levels.last().map(Vec::as_slice).unwrap_or(&[]));
        levels.push(next);
    }
    (size.0, size.1, levels)
}

/// One part as the frame loop needs it.
#[derive(Debug, Clone, Copy)]
struct DrawPart {
    node: usize,
    material: usize,
    points: bool,
    /// Blended over another part (a landscape's secondary material).
    overlay: bool,
    first: u32,
    count: u32,
    centre: Vec3,
}

/// A scene's geometry, textures and per-frame buffers on the GPU. Geometry is uploaded here
/// once; the wireframe and normal lines are built on first use.
pub struct GpuScene {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    vertex_count: u32,
    parts: Vec<DrawPart>,
    /// The triangle parts in their order in the uploaded index buffer: by material, so that
    /// neighbours of one material draw as one range (a level's thousands of visuals in a
    /// handful of shaders are a handful of draws, not thousands).
    order: Vec<usize>,
    /// Colours, UV rect, blend, vertex colours, texture.
    materials: Vec<(MaterialColors, [f32; 4], BlendMode, bool, Option<usize>)>,
    rest: Vec<Mat4>,
    radius: f32,
    frame: wgpu::Buffer,
    nodes: wgpu::Buffer,
    frame_group: wgpu::BindGroup,
    material_buffer: wgpu::Buffer,
    material_group: wgpu::BindGroup,
    /// Per scene texture, then the white one: [nearest, linear].
    texture_groups: Vec<[wgpu::BindGroup; 2]>,
    /// Bounds, grid and axes in one buffer, with their vertex ranges.
    static_lines: wgpu::Buffer,
    bounds_range: std::ops::Range<u32>,
    grid_range: std::ops::Range<u32>,
    axes_range: std::ops::Range<u32>,
    wire: OnceLock<(wgpu::Buffer, u32)>,
    normals: OnceLock<(wgpu::Buffer, u32)>,
    /// The uploaded (material-ordered) indices, kept for the lazily built lines.
    scene_indices: Vec<u32>,
    normal_lines: Vec<LineVertex>,
}

fn buffer(device: &wgpu::Device, label: &str, bytes: &[u8], usage: wgpu::BufferUsages) -> wgpu::Buffer {
    // Empty buffers cannot be bound: keep at least one word.
    let padded;
    let contents = if bytes.is_empty() {
        padded = [0u8; 4];
        &padded[..]
    } else {
        bytes
    };
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: Some(label), contents, usage })
}

impl GpuScene {
    /// Uploads `scene`; refuses a scene whose vertex, index or wireframe array is larger than
    /// one buffer of the device may be.
    pub fn new(r: &Renderer, queue: &wgpu::Queue, scene: &RenderScene) -> Result<GpuScene, RenderError> {
        let device = &r.device;
        let max = device.limits().max_buffer_size;
        let largest = (size_of_val(scene.vertices.as_slice()) as u64).max(size_of_val(scene.indices.as_slice()) as u64 * 2);
        if largest > max {
            return Err(RenderError::SceneTooLarge { bytes: largest, max });
        }
        let vertices = buffer(device, "render vertices", bytemuck::cast_slice(&scene.vertices), wgpu::BufferUsages::VERTEX);
        let mut parts: Vec<DrawPart> = scene
            .parts
            .iter()
            .map(|p| DrawPart { node: p.node, material: p.material, points: p.points, overlay: p.over.is_some(), first: p.first, count: p.count, centre: p.centre() })
            .collect();
        let mut order: Vec<usize> = (0..parts.len()).filter(|&i| !parts[i].points).collect();
        order.sort_by_key(|&i| (parts[i].overlay, parts[i].material, parts[i].first));
        let mut ordered = Vec::with_capacity(scene.indices.len());
        for &i in &order {
            let d = &mut parts[i];
            let range = d.first as usize..(d.first as usize + d.count as usize).min(scene.indices.len());
            d.first = ordered.len() as u32;
            ordered.extend_from_slice(scene.indices.get(range).unwrap_or(&[]));
            d.count = ordered.len() as u32 - d.first;
        }
        let indices = buffer(device, "render indices", bytemuck::cast_slice(&ordered), wgpu::BufferUsages::INDEX);
        let node_slots = scene.nodes.len() + 1;
        let frame = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("render frame"),
            size: size_of::<FrameUniform>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let nodes = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("render nodes"),
            size: (node_slots * 64) as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let frame_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("render frame"),
            layout: &r.frame_layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: frame.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: nodes.as_entire_binding() },
            ],
        });
        let material_buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("render materials"),
            size: r.material_stride * scene.materials.len().max(1) as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let material_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("render material"),
            layout: &r.material_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                    buffer: &material_buffer,
                    offset: 0,
                    size: wgpu::BufferSize::new(size_of::<MaterialUniform>() as u64),
                }),
            }],
        });
        let max_dim = device.limits().max_texture_dimension_2d;
        let mut texture_groups: Vec<[wgpu::BindGroup; 2]> = scene.textures.iter().map(|t| r.texture_groups(&upload_texture(device, queue, t, max_dim))).collect();
        texture_groups.push(r.texture_groups(&r.white));
        let materials = scene.materials.iter().map(|m| (m.colors, m.uv_rect, m.blend, m.vertex_colors, m.texture)).collect();
        let bounds = lines::bounds(scene);
        let (grid, axes) = lines::grid_and_axes(scene);
        let b = bounds.len() as u32;
        let g = grid.len() as u32;
        let all: Vec<LineVertex> = bounds.into_iter().chain(grid).chain(axes).collect();
        let static_lines = buffer(device, "render overlay lines", bytemuck::cast_slice(&all), wgpu::BufferUsages::VERTEX);
        Ok(GpuScene {
            vertices,
            indices,
            vertex_count: scene.vertices.len() as u32,
            parts,
            order,
            materials,
            rest: scene.rest_matrices(),
            radius: scene.radius(),
            frame,
            nodes,
            frame_group,
            material_buffer,
            material_group,
            texture_groups,
            static_lines,
            bounds_range: 0..b,
            grid_range: b..b + g,
            axes_range: b + g..all.len() as u32,
            wire: OnceLock::new(),
            normals: OnceLock::new(),
            scene_indices: ordered,
            normal_lines: lines::normals(scene, scene.radius() * 0.03),
        })
    }

    pub fn radius(&self) -> f32 {
        self.radius
    }

    fn wire(&self, device: &wgpu::Device) -> &(wgpu::Buffer, u32) {
        self.wire.get_or_init(|| {
            let idx = lines::wire_indices(&self.scene_indices);
            (buffer(device, "render wireframe", bytemuck::cast_slice(&idx), wgpu::BufferUsages::INDEX), idx.len() as u32)
        })
    }

    fn normal_lines(&self, device: &wgpu::Device) -> &(wgpu::Buffer, u32) {
        self.normals.get_or_init(|| {
            (buffer(device, "render normals", bytemuck::cast_slice(&self.normal_lines), wgpu::BufferUsages::VERTEX), self.normal_lines.len() as u32)
        })
    }
}

fn upload_texture(device: &wgpu::Device, queue: &wgpu::Queue, t: &ResolvedTexture, max_dim: u32) -> wgpu::TextureView {
    let (w, h, levels) = mip_chain(t.image.width, t.image.height, &t.image.rgba, max_dim);
    texture_view(device, queue, &t.name, (w, h), levels.len() as u32, &levels.concat())
}

/// A sampled RGBA texture of `levels` mip levels (their texels one after another, largest first).
fn texture_view(device: &wgpu::Device, queue: &wgpu::Queue, label: &str, (width, height): (u32, u32), levels: u32, data: &[u8]) -> wgpu::TextureView {
    device
        .create_texture_with_data(
            queue,
            &wgpu::TextureDescriptor {
                label: Some(label),
                size: wgpu::Extent3d { width, height, depth_or_array_layers: 1 },
                mip_level_count: levels,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: TEXTURE_FORMAT,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            },
            wgpu::util::TextureDataOrder::LayerMajor,
            data,
        )
        .create_view(&Default::default())
}

/// The render targets of one view: the colour (resolved, sampled by [`Renderer::blit`] and
/// copied by the headless readback), the MSAA colour when sampling is on, and the depth.
pub struct Offscreen {
    pub width: u32,
    pub height: u32,
    color: wgpu::Texture,
    color_view: wgpu::TextureView,
    msaa_view: Option<wgpu::TextureView>,
    depth_view: wgpu::TextureView,
    blit_group: wgpu::BindGroup,
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

impl Renderer {
    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }

    fn texture_groups(&self, view: &wgpu::TextureView) -> [wgpu::BindGroup; 2] {
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

    /// Records one frame of `scene` into `target` (writes the frame's uniforms through
    /// `queue`, then one render pass on `encoder`). For an egui paint callback, call this
    /// from `prepare` and [`Renderer::blit`] from `paint`.
    pub fn render_into(&self, queue: &wgpu::Queue, encoder: &mut wgpu::CommandEncoder, scene: &GpuScene, target: &Offscreen, p: &FrameParams) {
        let aspect = target.width as f32 / target.height as f32;
        let cam = p.camera;
        let matrices = p.node_matrices.filter(|m| m.len() == scene.rest.len()).unwrap_or(&scene.rest);
        let mut node_data: Vec<Mat4> = matrices.iter().map(|m| if m.is_finite() { *m } else { Mat4::IDENTITY }).collect();
        node_data.push(Mat4::IDENTITY);
        queue.write_buffer(&scene.nodes, 0, bytemuck::cast_slice(&node_data));

        let colors = p.material_colors.filter(|c| c.len() == scene.materials.len());
        let stride = self.material_stride as usize;
        let mut mats = vec![0u8; stride * scene.materials.len()];
        for (i, (c, uv, blend, vcol, _)) in scene.materials.iter().enumerate() {
            let c = colors.map_or(*c, |cs| cs[i]);
            let u = MaterialUniform {
                diffuse: c.diffuse,
                ambient: c.ambient,
                specular: c.specular,
                emissive: c.emissive,
                uv_rect: *uv,
                params: [
                    c.power,
                    match blend {
                        BlendMode::Opaque => 0.0,
                        BlendMode::AlphaTest => ALPHA_TEST,
                        BlendMode::AlphaBlend | BlendMode::Additive => BLEND_ALPHA_TEST,
                    },
                    if blend.is_blended() { 1.0 } else { 0.0 },
                    if *vcol { 1.0 } else { 0.0 },
                ],
            };
            mats[i * stride..i * stride + size_of::<MaterialUniform>()].copy_from_slice(bytemuck::bytes_of(&u));
        }
        if !mats.is_empty() {
            queue.write_buffer(&scene.material_buffer, 0, &mats);
        }

        let view = cam.view();
        let light_dir = if p.light.follow_camera { view.inverse().transform_vector3(p.light.direction) } else { p.light.direction };
        let light_dir = light_dir.try_normalize().unwrap_or(Vec3::Y);
        let frame = FrameUniform {
            view_proj: cam.view_projection(aspect, scene.radius).to_cols_array_2d(),
            eye: cam.eye().extend(if cam.orthographic { 1.0 } else { 0.0 }).into(),
            view_dir: (-cam.back()).extend(0.0).into(),
            light: light_dir.extend(p.light.intensity).into(),
            ambient: [p.light.ambient[0], p.light.ambient[1], p.light.ambient[2], 0.0],
            options: [p.shading.code(), if self.format.is_srgb() { 1.0 } else { 0.0 }, LINE_BIAS, 0.0],
            wire_color: p.wire_color,
            highlight_color: p.highlight_color,
        };
        queue.write_buffer(&scene.frame, 0, bytemuck::bytes_of(&frame));

        // Opaque first, then points, then the blended parts from far to near.
        // A secondary material blends over its part's texture: the other shadings show the
        // geometry alone.
        let visible = |d: &&DrawPart| {
            p.node_visible.and_then(|v| v.get(d.node)).copied().unwrap_or(true) && d.count > 0 && (!d.overlay || p.shading == Shading::Textured)
        };
        let blend_of = |d: &DrawPart| scene.materials.get(d.material).map_or(BlendMode::Opaque, |m| m.2);
        let eye = cam.eye();
        let mut blended: Vec<(f32, &DrawPart)> = scene
            .parts
            .iter()
            .filter(visible)
            .filter(|d| !d.points && blend_of(d).is_blended())
            .map(|d| (matrices.get(d.node).map_or(d.centre, |m| m.transform_point3(d.centre)).distance_squared(eye), d))
            .collect();
        blended.sort_by(|a, b| b.0.total_cmp(&a.0));

        let [r, g, b, a] = p.background.map(f64::from);
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("render scene"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target.msaa_view.as_ref().unwrap_or(&target.color_view),
                depth_slice: None,
                resolve_target: target.msaa_view.as_ref().map(|_| &target.color_view),
                ops: wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color { r, g, b, a }), store: wgpu::StoreOp::Store },
            })],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &target.depth_view,
                depth_ops: Some(wgpu::Operations { load: wgpu::LoadOp::Clear(1.0), store: wgpu::StoreOp::Discard }),
                stencil_ops: None,
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_bind_group(0, &scene.frame_group, &[]);
        pass.set_vertex_buffer(0, scene.vertices.slice(..));
        pass.set_index_buffer(scene.indices.slice(..), wgpu::IndexFormat::Uint32);
        let filter = usize::from(p.filter == SamplerFilter::Linear);
        let white = scene.texture_groups.len() - 1;
        let textures = p.material_textures.filter(|t| t.len() == scene.materials.len());
        let draw = |pass: &mut wgpu::RenderPass, d: &DrawPart| {
            let built = || scene.materials.get(d.material).and_then(|m| m.4);
            let tex = if p.shading == Shading::Textured { textures.map_or_else(built, |t| t[d.material]).filter(|&t| t < white) } else { None };
            pass.set_bind_group(1, &scene.material_group, &[(d.material * stride) as u32]);
            pass.set_bind_group(2, &scene.texture_groups[tex.unwrap_or(white)][filter], &[]);
            if d.points {
                pass.draw(d.first..d.first + d.count, 0..1);
            } else {
                pass.draw_indexed(d.first..d.first + d.count, 0, 0..1);
            }
        };
        pass.set_pipeline(&self.opaque);
        for d in runs(scene, |d| visible(&d) && !blend_of(d).is_blended(), |a, b| a.material == b.material) {
            draw(&mut pass, &d);
        }
        pass.set_pipeline(&self.points);
        for d in scene.parts.iter().filter(visible).filter(|d| d.points) {
            draw(&mut pass, d);
        }
        let mut current = None;
        for (_, d) in &blended {
            let mode = blend_of(d);
            if current != Some(mode) {
                pass.set_pipeline(if mode == BlendMode::Additive { &self.additive } else { &self.blended });
                current = Some(mode);
            }
            draw(&mut pass, d);
        }

        let o = p.overlays;
        if o.bounds || o.grid || o.axes {
            pass.set_pipeline(&self.lines);
            pass.set_vertex_buffer(0, scene.static_lines.slice(..));
            for (on, range) in [(o.grid, &scene.grid_range), (o.bounds, &scene.bounds_range), (o.axes, &scene.axes_range)] {
                if on && !range.is_empty() {
                    pass.draw(range.clone(), 0..1);
                }
            }
        }
        if o.normals && scene.vertex_count > 0 {
            let (buf, n) = scene.normal_lines(&self.device);
            pass.set_pipeline(&self.lines);
            pass.set_vertex_buffer(0, buf.slice(..));
            pass.draw(0..*n, 0..1);
        }
        if o.wireframe && !scene.scene_indices.is_empty() {
            let (buf, _) = scene.wire(&self.device);
            pass.set_pipeline(&self.wire);
            pass.set_vertex_buffer(0, scene.vertices.slice(..));
            pass.set_index_buffer(buf.slice(..), wgpu::IndexFormat::Uint32);
            for d in runs(scene, |d| visible(&d) && !d.overlay, |_, _| true) {
                pass.draw_indexed(d.first * 2..(d.first + d.count) * 2, 0, 0..1);
            }
        }
        // The picked part's edges over everything else drawn, in the highlight colour.
        if let Some(d) = p.highlight.and_then(|i| scene.parts.get(i)).filter(|d| !d.points && visible(d)) {
            let (buf, _) = scene.wire(&self.device);
            pass.set_pipeline(&self.outline);
            pass.set_vertex_buffer(0, scene.vertices.slice(..));
            pass.set_index_buffer(buf.slice(..), wgpu::IndexFormat::Uint32);
            pass.draw_indexed(d.first * 2..(d.first + d.count) * 2, 0, 0..1);
        }
    }

    /// Draws `target`'s image over the pass's viewport (egui sets it to the callback's rect).
    /// The pass must be single-sampled and of the renderer's format (eframe's default).
    pub fn blit(&self, pass: &mut wgpu::RenderPass<'_>, target: &Offscreen) {
        pass.set_pipeline(&self.blit);
        pass.set_bind_group(0, &target.blit_group, &[]);
        pass.draw(0..3, 0..1);
    }
}

/// The triangle parts that pass `keep`, in index-buffer order, neighbours that `joins` merged
/// into one range (the first part's node, material and centre stand for the run).
fn runs<'a>(scene: &'a GpuScene, keep: impl Fn(&DrawPart) -> bool + 'a, joins: impl Fn(&DrawPart, &DrawPart) -> bool + 'a) -> impl Iterator<Item = DrawPart> + 'a {
    merge_runs(scene.order.iter().map(|&i| &scene.parts[i]), keep, joins)
}

fn merge_runs<'a>(parts: impl Iterator<Item = &'a DrawPart> + 'a, keep: impl Fn(&DrawPart) -> bool + 'a, joins: impl Fn(&DrawPart, &DrawPart) -> bool + 'a) -> impl Iterator<Item = DrawPart> + 'a {
    let mut parts = parts.peekable();
    std::iter::from_fn(move || {
        let mut run = *parts.by_ref().find(|d| keep(d))?;
        while let Some(next) = parts.peek() {
            if !(keep(next) && next.first == run.first + run.count && joins(&run, next)) {
                break;
            }
            run.count += next.count;
            parts.next();
        }
        Some(run)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_parts_of_one_material_draw_as_one_range() {
        let part = |material: usize, first: u32, count: u32| DrawPart { node: 0, material, points: false, overlay: false, first, count, centre: Vec3::ZERO };
        let parts = [part(0, 0, 3), part(0, 3, 6), part(0, 9, 3), part(1, 12, 3), part(1, 15, 3), part(1, 18, 3)];
        let same = |a: &DrawPart, b: &DrawPart| a.material == b.material;
        let all: Vec<(usize, u32, u32)> = merge_runs(parts.iter(), |_| true, same).map(|d| (d.material, d.first, d.count)).collect();
        assert_eq!(all, [(0, 0, 12), (1, 12, 9)]);
        // A hidden part splits its run; a run never spans a gap in the indices.
        let hidden: Vec<(usize, u32, u32)> = merge_runs(parts.iter(), |d| d.first != 3 && d.first != 15, same).map(|d| (d.material, d.first, d.count)).collect();
        assert_eq!(hidden, [(0, 0, 3), (0, 9, 3), (1, 12, 3), (1, 18, 3)]);
    }

    #[test]
    fn gpu_state_can_live_in_egui_callback_resources() {
        fn send_sync<T: Send + Sync + 'static>() {}
        send_sync::<Renderer>();
        send_sync::<GpuScene>();
        send_sync::<Offscreen>();
    }

    #[test]
    fn mip_chain_halves_to_one_and_respects_the_limit() {
        let rgba: Vec<u8> = (0..6 * 3).flat_map(|i| [i as u8 * 10, 0, 0, 255]).collect();
        let (w, h, levels) = mip_chain(6, 3, &rgba, 8192);
        assert_eq!((w, h), (6, 3));
        assert_eq!(levels.iter().map(Vec::len).collect::<Vec<_>>(), [6 * 3 * 4, 3 * 4, 4]);
        // Texels 0, 1, 6 and 7 average to 35.
        assert_eq!(levels[1][0], 35);
        let (w, h, levels) = mip_chain(6, 3, &rgba, 2);
        assert_eq!((w, h, levels.len()), (1, 1, 1));
        // A short pixel buffer is padded, not read past.
        let (_, _, l) = mip_chain(4, 4, &[1, 2, 3], 64);
        assert_eq!(l[0].len(), 64);
    }
}
