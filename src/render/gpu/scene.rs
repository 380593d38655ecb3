//! [`GpuScene`]: a scene's buffers and textures, uploaded once, and the draw ranges made from
//! its parts.

use super::*;
use super::{frame::*, pipelines::*, textures::*};

/// A material as the draws use it: colours, UV rect, blend, vertex colours, texture.
pub(super) type DrawMaterial = (MaterialColors, [f32; 4], BlendMode, bool, Option<usize>);

/// One part as the frame loop needs it.
#[derive(Debug, Clone, Copy)]
pub(super) struct DrawPart {
    pub(super) node: usize,
    pub(super) material: usize,
    pub(super) points: bool,
    /// Blended over another part (a landscape's secondary material).
    pub(super) overlay: bool,
    pub(super) first: u32,
    pub(super) count: u32,
    pub(super) centre: Vec3,
    /// The instances it is drawn as, first and end: `[0, 1]` for geometry drawn once, a
    /// group's range of [`GpuScene::node_offsets`] for a template of placed copies.
    pub(super) inst: [u32; 2],
}

impl DrawPart {
    pub(super) fn instances(&self) -> std::ops::Range<u32> {
        self.inst[0]..self.inst[1]
    }
}

/// A scene's geometry, textures and per-frame buffers on the GPU. Geometry is uploaded here
/// once; the wireframe and normal lines are built on first use.
pub struct GpuScene {
    pub(super) vertices: wgpu::Buffer,
    pub(super) indices: wgpu::Buffer,
    pub(super) vertex_count: u32,
    pub(super) parts: Vec<DrawPart>,
    /// The triangle parts in their order in the uploaded index buffer: by material, so that
    /// neighbours of one material draw as one range (a level's thousands of visuals in a
    /// handful of shaders are a handful of draws, not thousands).
    pub(super) order: Vec<usize>,
    /// Colours, UV rect, blend, vertex colours, texture.
    pub(super) materials: Vec<DrawMaterial>,
    pub(super) rest: Vec<Mat4>,
    pub(super) radius: f32,
    pub(super) frame: wgpu::Buffer,
    pub(super) nodes: wgpu::Buffer,
    /// Per instance slot, the copy it draws and its template's root (`RenderScene::instances`):
    /// `None` for the identity (slot 0, and each group's template); the slots' matrices are
    /// written every frame from the node matrices.
    pub(super) slots: Vec<Option<(usize, usize)>>,
    pub(super) instance_matrices: wgpu::Buffer,
    pub(super) frame_group: wgpu::BindGroup,
    pub(super) material_buffer: wgpu::Buffer,
    pub(super) material_group: wgpu::BindGroup,
    /// Per scene texture, then the white one: [nearest, linear].
    pub(super) texture_groups: Vec<[wgpu::BindGroup; 2]>,
    /// Bounds, grid and axes in one buffer, with their vertex ranges.
    pub(super) static_lines: wgpu::Buffer,
    pub(super) bounds_range: std::ops::Range<u32>,
    pub(super) grid_range: std::ops::Range<u32>,
    pub(super) axes_range: std::ops::Range<u32>,
    pub(super) wire: OnceLock<(wgpu::Buffer, u32)>,
    pub(super) normals: OnceLock<(wgpu::Buffer, u32)>,
    /// The uploaded (material-ordered) indices, kept for the lazily built lines.
    pub(super) scene_indices: Vec<u32>,
    pub(super) normal_lines: Vec<LineVertex>,
}

pub(super) fn buffer(device: &wgpu::Device, label: &str, bytes: &[u8], usage: wgpu::BufferUsages) -> wgpu::Buffer {
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
            .map(|p| DrawPart { node: p.node, material: p.material, points: p.points, overlay: p.over.is_some(), first: p.first, count: p.count, centre: p.centre(), inst: [0, 1] })
            .collect();
        let mut slots: Vec<Option<(usize, usize)>> = vec![None];
        for g in &scene.instances {
            let first = slots.len() as u32;
            slots.push(None);
            slots.extend(g.copies.iter().map(|&c| Some((c, g.template.start))));
            let range = [first, slots.len() as u32];
            for d in parts.iter_mut().filter(|d| g.template.contains(&d.node)) {
                d.inst = range;
            }
        }
        let identities = vec![Mat4::IDENTITY; slots.len()];
        let instance_matrices = buffer(device, "render instances", bytemuck::cast_slice(&identities), wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST);
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
                wgpu::BindGroupEntry { binding: 2, resource: instance_matrices.as_entire_binding() },
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
            slots,
            instance_matrices,
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

    pub(super) fn wire(&self, device: &wgpu::Device) -> &(wgpu::Buffer, u32) {
        self.wire.get_or_init(|| {
            let idx = lines::wire_indices(&self.scene_indices);
            (buffer(device, "render wireframe", bytemuck::cast_slice(&idx), wgpu::BufferUsages::INDEX), idx.len() as u32)
        })
    }

    pub(super) fn normal_lines(&self, device: &wgpu::Device) -> &(wgpu::Buffer, u32) {
        self.normals.get_or_init(|| {
            (buffer(device, "render normals", bytemuck::cast_slice(&self.normal_lines), wgpu::BufferUsages::VERTEX), self.normal_lines.len() as u32)
        })
    }
}


/// The triangle parts that pass `keep`, in index-buffer order, neighbours that `joins` merged
/// into one range (the first part's node, material and centre stand for the run).
pub(super) fn runs<'a>(scene: &'a GpuScene, keep: impl Fn(&DrawPart) -> bool + 'a, joins: impl Fn(&DrawPart, &DrawPart) -> bool + 'a) -> impl Iterator<Item = DrawPart> + 'a {
    merge_runs(scene.order.iter().map(|&i| &scene.parts[i]), keep, joins)
}

pub(super) fn merge_runs<'a>(parts: impl Iterator<Item = &'a DrawPart> + 'a, keep: impl Fn(&DrawPart) -> bool + 'a, joins: impl Fn(&DrawPart, &DrawPart) -> bool + 'a) -> impl Iterator<Item = DrawPart> + 'a {
    let mut parts = parts.peekable();
    std::iter::from_fn(move || {
        let mut run = *parts.by_ref().find(|d| keep(d))?;
        while let Some(next) = parts.peek() {
            if !(keep(next) && next.first == run.first + run.count && next.inst == run.inst && joins(&run, next)) {
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
        let part = |material: usize, first: u32, count: u32| DrawPart { node: 0, material, points: false, overlay: false, first, count, centre: Vec3::ZERO, inst: [0, 1] };
        let parts = [part(0, 0, 3), part(0, 3, 6), part(0, 9, 3), part(1, 12, 3), part(1, 15, 3), part(1, 18, 3)];
        let same = |a: &DrawPart, b: &DrawPart| a.material == b.material;
        let all: Vec<(usize, u32, u32)> = merge_runs(parts.iter(), |_| true, same).map(|d| (d.material, d.first, d.count)).collect();
        assert_eq!(all, [(0, 0, 12), (1, 12, 9)]);
        // A hidden part splits its run; a run never spans a gap in the indices.
        let hidden: Vec<(usize, u32, u32)> = merge_runs(parts.iter(), |d| d.first != 3 && d.first != 15, same).map(|d| (d.material, d.first, d.count)).collect();
        assert_eq!(hidden, [(0, 0, 3), (0, 9, 3), (1, 12, 3), (1, 18, 3)]);
    }
}
