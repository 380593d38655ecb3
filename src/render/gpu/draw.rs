//! One frame: the passes [`Renderer::render_into`] records, and the blit into egui's pass.

use super::*;
use super::{frame::*, pipelines::*, scene::*, target::*};

impl Renderer {
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
        if scene.slots.len() > 1 {
            let at = |n: usize| node_data.get(n).copied().unwrap_or(Mat4::IDENTITY);
            let placed: Vec<Mat4> = scene.slots.iter().map(|s| s.map_or(Mat4::IDENTITY, |(copy, root)| crate::render::scene::copy_matrix(at(copy), at(root)))).collect();
            queue.write_buffer(&scene.instance_matrices, 0, bytemuck::cast_slice(&placed));
        }

        let colors = p.material_colors.filter(|c| c.len() == scene.materials.len());
        let looks = p.material_textures.filter(|t| t.len() == scene.materials.len());
        let stride = self.material_stride as usize;
        let mut mats = vec![0u8; stride * scene.materials.len()];
        for (i, (c, uv, blend, vcol, _)) in scene.materials.iter().enumerate() {
            let c = colors.map_or(*c, |cs| cs[i]);
            let u = MaterialUniform {
                diffuse: c.diffuse,
                ambient: c.ambient,
                specular: c.specular,
                emissive: c.emissive,
                uv_rect: looks.map_or(*uv, |l| l[i].1),
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

        let draw = |pass: &mut wgpu::RenderPass, d: &DrawPart| {
            let built = || scene.materials.get(d.material).and_then(|m| m.4);
            let tex = if p.shading == Shading::Textured { looks.map_or_else(built, |t| t[d.material].0).filter(|&t| t < white) } else { None };
            pass.set_bind_group(1, &scene.material_group, &[(d.material * stride) as u32]);
            pass.set_bind_group(2, &scene.texture_groups[tex.unwrap_or(white)][filter], &[]);
            if d.points {
                pass.draw(d.first..d.first + d.count, d.instances());
            } else {
                pass.draw_indexed(d.first..d.first + d.count, 0, d.instances());
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
                pass.draw_indexed(d.first * 2..(d.first + d.count) * 2, 0, d.instances());
            }
        }
        // The picked part's edges, and those of every part of a highlighted node, over
        // everything else drawn, in the highlight colour.
        // A copy's part is outlined when the copy's node is flagged: one instance of the draw.
        let flagged = |node: usize| p.highlight_nodes.and_then(|h| h.get(node)).copied().unwrap_or(false);
        let single = p.highlight.and_then(|i| scene.parts.get(i));
        if single.is_some() || p.highlight_nodes.is_some_and(|h| h.contains(&true)) {
            let (buf, _) = scene.wire(&self.device);
            pass.set_pipeline(&self.outline);
            pass.set_vertex_buffer(0, scene.vertices.slice(..));
            pass.set_index_buffer(buf.slice(..), wgpu::IndexFormat::Uint32);
            let edges = |d: &DrawPart| d.first * 2..(d.first + d.count) * 2;
            if let Some(d) = single.filter(|d| !d.points && visible(d)) {
                pass.draw_indexed(edges(d), 0, d.inst[0]..d.inst[0] + 1);
            }
            if p.highlight_nodes.is_some() {
                for d in scene.parts.iter().filter(|d| !d.points && visible(d)) {
                    for k in d.instances() {
                        let node = scene.slots.get(k as usize).copied().flatten().map_or(d.node, |(copy, _)| copy);
                        if flagged(node) {
                            pass.draw_indexed(edges(d), 0, k..k + 1);
                        }
                    }
                }
            }
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

