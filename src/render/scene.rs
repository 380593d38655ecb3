//! The CPU side of a drawable scene: one vertex array and one index array for the whole scene
//! (each vertex in its node's space, carrying its node), a [`Part`] per exported primitive,
//! the materials with the colours the shader needs, and the file's own bounds. Built from the
//! scene layer's [`Scene`], so the viewport draws exactly what `export` writes.

use crate::doc::resolve::{ResolvedMaterial, ResolvedTexture};
use crate::scene::{Scene, SceneBound, SourceAxes};
use glam::{Mat4, Quat, Vec3};
use std::sync::{Arc, OnceLock};

/// One vertex as the GPU reads it (44 bytes).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Vertex {
    /// In the node's space.
    pub position: [f32; 3],
    /// Index into [`RenderScene::nodes`].
    pub node: u32,
    pub normal: [f32; 3],
    /// RGBA8 (r in the low byte); white where the primitive has no colours.
    pub color: u32,
    pub uv: [f32; 2],
    /// X-Ray's hemisphere lighting factor (level.geom); 1 where the file has none.
    pub hemi: f32,
}

/// How a material's pixels combine with what is behind them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlendMode {
    Opaque,
    /// Opaque, texels under half alpha discarded.
    AlphaTest,
    AlphaBlend,
    Additive,
}

impl BlendMode {
    /// A MAT0 nibbleMode (docs/formats/mat0.md: 0 opaque, 1..4 through a five-entry engine
    /// table whose blend/additive assignment is unsettled). This renderer's reading: odd
    /// values alpha-blend, even ones add, both with the alpha test; values past the table
    /// blend. An opaque material whose texture has transparent texels is alpha-tested.
    pub fn from_nibble(mode: u8, texture_has_alpha: bool) -> BlendMode {
        match mode {
            0 if texture_has_alpha => BlendMode::AlphaTest,
            0 => BlendMode::Opaque,
            2 | 4 => BlendMode::Additive,
            _ => BlendMode::AlphaBlend,
        }
    }
    pub fn is_blended(self) -> bool {
        matches!(self, BlendMode::AlphaBlend | BlendMode::Additive)
    }
}

/// The colours a material is lit with (MAT0's runtime phase: docs/formats/mat0.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MaterialColors {
    pub diffuse: [f32; 4],
    pub ambient: [f32; 4],
    pub specular: [f32; 4],
    pub emissive: [f32; 4],
    /// The specular exponent (the device power, `1 << p[16]`).
    pub power: f32,
}

/// The grey of parts with no material to draw with.
pub const NEUTRAL_GREY: [f32; 4] = [0.62, 0.62, 0.62, 1.0];

/// The highest `p[16]` turned into a power: `1 << 7` is already a pin-point highlight, and
/// larger shifts overflow.
const MAX_POWER_SHIFT: u32 = 7;

impl MaterialColors {
    pub fn flat(rgba: [f32; 4]) -> MaterialColors {
        MaterialColors { diffuse: rgba, ambient: rgba, specular: [0.0; 4], emissive: [0.0, 0.0, 0.0, 1.0], power: 1.0 }
    }
    /// From MAT0's 16 runtime floats (diffuse +0, ambient +16, specular +32, emissive +48)
    /// and `p[16]`, as `formats::mat0::eval::MaterialState` gives them.
    pub fn from_runtime(values: &[f32; 16], p16: u32) -> MaterialColors {
        let g = |k: usize| [values[k], values[k + 1], values[k + 2], values[k + 3]];
        MaterialColors { diffuse: g(0), ambient: g(4), specular: g(8), emissive: g(12), power: power(p16) }
    }
    pub fn from_resolved(m: &ResolvedMaterial) -> MaterialColors {
        let [r, g, b] = m.emissive;
        MaterialColors { diffuse: m.base_color, ambient: m.ambient, specular: m.specular, emissive: [r, g, b, 1.0], power: power(m.power) }
    }
}

fn power(p16: u32) -> f32 {
    (1u32 << p16.min(MAX_POWER_SHIFT)) as f32
}

/// Why a part looks the way it does, for the viewport's legend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaterialStatus {
    /// Through its resolved texture.
    Textured,
    /// A resolved material whose phase has no texture (or whose texture was not found):
    /// its colours only.
    Untextured,
    /// The chain broke before a MAT0 (no WEAR, no row, no Material.lib): neutral grey.
    Unresolved,
    /// No material at all (level.geom): neutral grey, or the vertex colours.
    NoMaterial,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RenderMaterial {
    pub name: String,
    pub colors: MaterialColors,
    /// Index into [`RenderScene::textures`].
    pub texture: Option<usize>,
    /// The part of the texture the UVs span (`[u0, v0, width, height]`): a Page cell.
    pub uv_rect: [f32; 4],
    pub blend: BlendMode,
    /// MAT0's raw nibbleMode, when a MAT0 was found.
    pub nibble_mode: Option<u8>,
    pub status: MaterialStatus,
    /// Multiply by the vertex colours (level.geom's).
    pub vertex_colors: bool,
    /// The scene material this one draws (it differs for an overlay's blended copy, which
    /// animates with its source); `None` for the neutral ones.
    pub source: Option<usize>,
}

pub const FULL_UV_RECT: [f32; 4] = [0.0, 0.0, 1.0, 1.0];

/// A material's texture (an index into [`RenderScene::textures`]) and the rect of it drawn.
pub type Look = (Option<usize>, [f32; 4]);

impl RenderMaterial {
    fn neutral(vertex_colors: bool) -> RenderMaterial {
        RenderMaterial {
            name: if vertex_colors { "vertex colours".into() } else { "no material".into() },
            colors: MaterialColors::flat(if vertex_colors { [1.0; 4] } else { NEUTRAL_GREY }),
            texture: None,
            uv_rect: FULL_UV_RECT,
            blend: BlendMode::Opaque,
            nibble_mode: None,
            status: MaterialStatus::NoMaterial,
            vertex_colors,
            source: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct RenderNode {
    pub name: String,
    pub parent: Option<usize>,
    /// The scene's pose (rest, or the frame the scene was built at), relative to the parent.
    pub local: Mat4,
}

/// One primitive of the scene: a range of [`RenderScene::indices`] (triangles) or of
/// [`RenderScene::vertices`] (points).
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub node: usize,
    /// The scene builder's label ("slot 0 batch 2", "vertex buffer 1").
    pub label: String,
    /// Index into [`RenderScene::materials`] (always valid: parts without a material get a
    /// neutral one).
    pub material: usize,
    pub points: bool,
    /// Triangles: the index range; points: the vertex range.
    pub first: u32,
    pub count: u32,
    pub vertices: std::ops::Range<u32>,
    /// Node-space box of the part's vertices (for sorting and culling, not the file's bounds).
    pub min: Vec3,
    pub max: Vec3,
    /// Drawn over part `over`'s triangles, blended by the vertices' weights (a landscape's
    /// secondary material); such parts come after every other, are not picked and do not
    /// count as triangles of their own.
    pub over: Option<usize>,
}

impl Part {
    pub fn triangle_count(&self) -> usize {
        if self.points || self.over.is_some() { 0 } else { self.count as usize / 3 }
    }
    pub fn centre(&self) -> Vec3 {
        (self.min + self.max) * 0.5
    }
}

/// One frame of the scene's node animation: translations and rotations per animated node.
#[derive(Debug, Clone, PartialEq)]
struct Track {
    node: usize,
    translations: Vec<Vec3>,
    rotations: Vec<Quat>,
}

#[derive(Debug, Default)]
pub struct RenderScene {
    pub name: String,
    pub nodes: Vec<RenderNode>,
    pub vertices: Vec<Vertex>,
    /// Scene-wide vertex indices, three per triangle, counter-clockwise.
    pub indices: Vec<u32>,
    pub parts: Vec<Part>,
    pub materials: Vec<RenderMaterial>,
    pub textures: Vec<Arc<ResolvedTexture>>,
    /// The file's own boxes and spheres.
    pub bounds: Vec<SceneBound>,
    pub axes: SourceAxes,
    /// Scene-space box of every vertex at the scene's pose, for framing (a unit box when empty).
    pub min: Vec3,
    pub max: Vec3,
    /// Frames of the node animation (0 without one).
    pub frame_count: usize,
    tracks: Vec<Track>,
    /// Triangles dropped because an index was out of range.
    pub dropped_triangles: usize,
    /// Node ranges drawn again as copies (the scene's [`crate::scene::types::Instances`]).
    pub instances: Vec<crate::scene::types::Instances>,
    pub(super) bvh: OnceLock<super::pick::Bvh>,
}

impl RenderScene {
    /// The drawable form of a scene.
    pub fn from_scene(scene: &Scene) -> RenderScene {
        let mut out = RenderScene { name: scene.name.clone(), bounds: scene.bounds.clone(), axes: scene.axes, ..RenderScene::default() };
        out.nodes = scene
            .nodes
            .iter()
            .map(|n| RenderNode {
                name: n.name.clone(),
                parent: n.parent,
                local: Mat4::from_rotation_translation(n.local.rotation, n.local.translation),
            })
            .collect();
        for &(n, s) in &scene.node_scales {
            if let Some(node) = out.nodes.get_mut(n) {
                node.local *= Mat4::from_scale(s);
            }
        }
        out.instances = scene.instances.iter().filter(|g| g.template.end <= out.nodes.len() && !g.template.is_empty()).cloned().collect();
        for g in &mut out.instances {
            g.copies.retain(|&c| c < out.nodes.len());
        }
        out.textures = scene.textures.iter().map(|t| t.texture.clone()).collect();
        for (i, m) in scene.materials.iter().enumerate() {
            let resolved = scene.resolved.get(i).filter(|r| r.label() == m.name);
            let texture = m.texture.filter(|&t| t < out.textures.len());
            let has_alpha = texture.is_some_and(|t| out.textures[t].has_alpha);
            let status = match (texture, resolved.and_then(|r| r.mat0.as_ref())) {
                (Some(_), _) => MaterialStatus::Textured,
                (None, Some(_)) => MaterialStatus::Untextured,
                // No resolution chain stands behind the scene's materials (an X-Ray level's
                // shaders): each keeps the colour its builder gave it.
                (None, None) if scene.resolved.is_empty() => MaterialStatus::Untextured,
                (None, None) => MaterialStatus::Unresolved,
            };
            let colors = match resolved {
                Some(r) if status != MaterialStatus::Unresolved => MaterialColors::from_resolved(r),
                None if status == MaterialStatus::Untextured => MaterialColors::flat(m.base_color),
                _ => MaterialColors::flat(NEUTRAL_GREY),
            };
            let nibble = resolved.filter(|r| r.mat0.is_some()).map(|r| r.nibble_mode);
            let blend = match nibble {
                Some(n) => BlendMode::from_nibble(n, has_alpha),
                None if m.blend => BlendMode::AlphaBlend,
                None => BlendMode::Opaque,
            };
            out.materials.push(RenderMaterial {
                name: m.name.clone(),
                colors,
                texture,
                uv_rect: m.cell_uv.filter(|_| texture.is_some()).unwrap_or(FULL_UV_RECT),
                blend,
                nibble_mode: nibble,
                status,
                vertex_colors: false,
                source: Some(i),
            });
        }
        let mut neutral = [None, None];
        let mut overlays = Vec::new();
        // The arrays at their final size at once (a doubling Vec holds up to twice its contents).
        let drawable = || scene.nodes.iter().flat_map(|n| n.primitives.iter()).filter(|p| p.is_drawable());
        out.vertices.reserve_exact(drawable().map(|p| p.positions.len()).sum());
        out.indices.reserve_exact(drawable().map(|p| p.indices.len()).sum());
        for (ni, node) in scene.nodes.iter().enumerate() {
            for p in node.primitives.iter().filter(|p| p.is_drawable()) {
                let material = match p.material.filter(|&m| m < scene.materials.len()) {
                    Some(m) => m,
                    None => {
                        let k = usize::from(p.colors.is_some());
                        *neutral[k].get_or_insert_with(|| {
                            out.materials.push(RenderMaterial::neutral(k == 1));
                            out.materials.len() - 1
                        })
                    }
                };
                out.add_primitive(ni, p, material);
                if let Some(o) = p.overlay.as_ref().filter(|o| o.material < scene.materials.len() && !p.points) {
                    overlays.push((out.parts.len() - 1, o));
                }
            }
        }
        // After every other part, so that part indices match the scene's primitives.
        for (base, o) in overlays {
            out.add_overlay(base, o);
        }
        if let Some(a) = &scene.animation {
            out.frame_count = a.times.len();
            out.tracks = a
                .tracks
                .iter()
                .filter(|t| t.node < out.nodes.len())
                .map(|t| Track {
                    node: t.node,
                    translations: t.translations.iter().map(|&v| Vec3::from(v)).collect(),
                    rotations: t.rotations.iter().map(|&q| Quat::from_array(q).normalize()).collect(),
                })
                .collect();
        }
        out.update_extent();
        out
    }

    /// The overlay's material, drawn blended by the weights (kept in the base vertices'
    /// colour alpha) over the base part's vertices.
    fn add_overlay(&mut self, base: usize, o: &crate::scene::Overlay) {
        let Some(b) = self.parts.get(base).cloned() else { return };
        let n = b.vertices.len();
        for (k, v) in self.vertices[b.vertices.start as usize..b.vertices.end as usize].iter_mut().enumerate() {
            let w = o.weights.get(k).copied().unwrap_or(0.0);
            v.color = (v.color & 0x00FF_FFFF) | (((w.clamp(0.0, 1.0) * 255.0).round() as u32) << 24);
        }
        let Some(source) = self.materials.get(o.material) else { return };
        let material = RenderMaterial { name: format!("{} (blended)", source.name), blend: BlendMode::AlphaBlend, vertex_colors: true, ..source.clone() };
        self.materials.push(material);
        let first = self.indices.len() as u32;
        for t in o.indices.chunks_exact(3) {
            if t.iter().all(|&i| (i as usize) < n) {
                self.indices.extend(t.iter().map(|&i| i + b.vertices.start));
            }
        }
        let count = self.indices.len() as u32 - first;
        self.parts.push(Part { label: format!("{} (secondary)", b.label), material: self.materials.len() - 1, first, count, over: Some(base), ..b });
    }

    fn add_primitive(&mut self, node: usize, p: &crate::scene::Primitive, material: usize) {
        let base = self.vertices.len() as u32;
        let n = p.positions.len();
        let mut min = Vec3::splat(f32::INFINITY);
        let mut max = Vec3::splat(f32::NEG_INFINITY);
        for i in 0..n {
            let position = p.positions[i];
            min = min.min(Vec3::from(position));
            max = max.max(Vec3::from(position));
            let color = p.colors.as_ref().and_then(|c| c.get(i)).map_or(u32::MAX, |c| pack_rgba(*c));
            self.vertices.push(Vertex {
                position,
                node: node as u32,
                normal: p.normals.as_ref().and_then(|v| v.get(i)).copied().unwrap_or([0.0, 1.0, 0.0]),
                color,
                uv: p.uv0.as_ref().and_then(|v| v.get(i)).copied().unwrap_or([0.0; 2]),
                hemi: p.hemi.as_ref().and_then(|h| h.get(i)).copied().filter(|h| h.is_finite()).unwrap_or(1.0),
            });
        }
        let (first, count) = if p.points {
            (base, n as u32)
        } else {
            let first = self.indices.len() as u32;
            for t in p.indices.chunks_exact(3) {
                if t.iter().all(|&i| (i as usize) < n) {
                    self.indices.extend(t.iter().map(|&i| i + base));
                } else {
                    self.dropped_triangles += 1;
                }
            }
            (first, self.indices.len() as u32 - first)
        };
        self.parts.push(Part {
            node,
            label: p.label.clone(),
            material,
            points: p.points,
            first,
            count,
            vertices: base..self.vertices.len() as u32,
            min,
            max,
            over: None,
        });
    }

    /// Recomputes the scene box at the scene's pose (after parts were added by hand).
    pub fn update_extent(&mut self) {
        let world = self.rest_matrices();
        let mut min = Vec3::splat(f32::INFINITY);
        let mut max = Vec3::splat(f32::NEG_INFINITY);
        // A template's parts count once more where each copy places them.
        let at = |n: usize| world.get(n).copied().unwrap_or(Mat4::IDENTITY);
        let placements = |p: &Part| {
            let copies = self.instances.iter().filter(|g| g.template.contains(&p.node)).flat_map(|g| g.copies.iter().map(|&c| copy_matrix(at(c), at(g.template.start)) * at(p.node)));
            std::iter::once(at(p.node)).chain(copies).collect::<Vec<Mat4>>()
        };
        for (p, m) in self.parts.iter().flat_map(|p| placements(p).into_iter().map(move |m| (p, m))) {
            for k in 0..8 {
                let c = Vec3::new(
                    if k & 1 == 0 { p.min.x } else { p.max.x },
                    if k & 2 == 0 { p.min.y } else { p.max.y },
                    if k & 4 == 0 { p.min.z } else { p.max.z },
                );
                let w = m.transform_point3(c);
                min = min.min(w);
                max = max.max(w);
            }
        }
        if !(min.is_finite() && max.is_finite()) {
            (min, max) = (Vec3::splat(-1.0), Vec3::splat(1.0));
        }
        (self.min, self.max) = (min, max);
    }

    /// Every node's scene-space matrix at the scene's own pose.
    pub fn rest_matrices(&self) -> Vec<Mat4> {
        self.world_from_locals(|i| self.nodes[i].local)
    }

    /// Every node's scene-space matrix at animation frame `frame` (fractions interpolate;
    /// clamped to the sampled frames), as the engine plays it; the scene's pose without an
    /// animation.
    pub fn pose(&self, frame: f32) -> Vec<Mat4> {
        if self.frame_count == 0 || self.tracks.is_empty() || !frame.is_finite() {
            return self.rest_matrices();
        }
        let f = frame.clamp(0.0, (self.frame_count - 1) as f32);
        let (a, t) = (f.floor() as usize, f.fract());
        let b = (a + 1).min(self.frame_count - 1);
        let mut locals: Vec<Mat4> = self.nodes.iter().map(|n| n.local).collect();
        for tr in &self.tracks {
            let (Some(ta), Some(tb), Some(ra), Some(rb)) = (tr.translations.get(a), tr.translations.get(b), tr.rotations.get(a), tr.rotations.get(b)) else {
                continue;
            };
            locals[tr.node] = Mat4::from_rotation_translation(ra.slerp(*rb, t), ta.lerp(*tb, t));
        }
        self.world_from_locals(|i| locals[i])
    }

    /// Every node's scene-space matrix from its local matrix as `local` gives it (an editor
    /// moving nodes without rebuilding the scene).
    pub fn world_from_locals(&self, local: impl Fn(usize) -> Mat4) -> Vec<Mat4> {
        let mut out: Vec<Mat4> = Vec::with_capacity(self.nodes.len());
        for (i, n) in self.nodes.iter().enumerate() {
            let w = match n.parent.filter(|&p| p < i) {
                Some(p) => out[p] * local(i),
                None => local(i),
            };
            out.push(w);
        }
        out
    }

    pub fn triangle_count(&self) -> usize {
        self.parts.iter().map(Part::triangle_count).sum()
    }
    pub fn point_count(&self) -> usize {
        self.parts.iter().filter(|p| p.points).map(|p| p.count as usize).sum()
    }
    pub fn centre(&self) -> Vec3 {
        (self.min + self.max) * 0.5
    }
    /// Radius of the sphere around the scene box.
    pub fn radius(&self) -> f32 {
        ((self.max - self.min).length() * 0.5).max(1e-3)
    }

    /// The parts drawn without a texture, and why (for the legend).
    pub fn untextured_parts(&self) -> Vec<(usize, MaterialStatus)> {
        self.parts
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let s = self.materials.get(p.material).map_or(MaterialStatus::NoMaterial, |m| m.status);
                (s != MaterialStatus::Textured).then_some((i, s))
            })
            .collect()
    }

    /// The part holding scene triangle `triangle` (an index into `indices` / 3).
    pub fn part_of_triangle(&self, triangle: usize) -> Option<usize> {
        let at = (triangle * 3) as u32;
        self.parts.iter().position(|p| !p.points && p.over.is_none() && p.first <= at && at < p.first + p.count)
    }
}

/// RGBA 0..1 to RGBA8 with r in the low byte.
/// Where a copy places its template's geometry: the copy's root matrix after undoing the
/// template root's (each node of the template drawn at `copy_matrix × its own matrix`).
pub fn copy_matrix(copy_root: Mat4, template_root: Mat4) -> Mat4 {
    let inverse = template_root.inverse();
    if inverse.is_finite() { copy_root * inverse } else { copy_root }
}

pub fn pack_rgba(c: [f32; 4]) -> u32 {
    let b = c.map(|x| (x.clamp(0.0, 1.0) * 255.0).round() as u32);
    b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::resolve::MemoryAssets;
    use crate::scene::{SceneOptions, build_scene};
    use crate::fixtures::{demo, msh as mfx, xray as xfx};
    use crate::formats::readings::Readings;

    fn build(name: &str, bytes: Vec<u8>, opts: &SceneOptions) -> RenderScene {
        let assets = MemoryAssets::from_files(demo::demo_files());
        RenderScene::from_scene(&build_scene(name, bytes.into(), &assets, opts, &Readings::default()).unwrap())
    }

    #[test]
    fn walker_keeps_counts_materials_and_bounds() {
        let s = build("walker.msh", mfx::walker(), &SceneOptions::default());
        let assets = MemoryAssets::from_files(demo::demo_files());
        let e = build_scene("walker.msh", mfx::walker().into(), &assets, &SceneOptions::default(), &Readings::default()).unwrap();
        assert_eq!(s.triangle_count(), e.triangle_count());
        assert_eq!(s.vertices.len(), e.vertex_count());
        assert_eq!(s.materials.len(), e.materials.len(), "every part has a material of the scene");
        assert!(s.materials.iter().any(|m| m.status == MaterialStatus::Textured));
        assert!(!s.bounds.is_empty());
        assert!(s.frame_count > 0);
        // Each vertex carries the node of its part.
        for p in &s.parts {
            assert!(s.vertices[p.vertices.start as usize..p.vertices.end as usize].iter().all(|v| v.node as usize == p.node));
        }
    }

    #[test]
    fn pose_moves_only_animated_nodes() {
        let s = build("walker.msh", mfx::walker(), &SceneOptions::default());
        let (a, b) = (s.pose(0.0), s.pose(4.0));
        let moved: Vec<usize> = (0..s.nodes.len()).filter(|&i| !a[i].abs_diff_eq(b[i], 1e-4)).collect();
        assert!(!moved.is_empty());
        assert!(moved.len() < s.nodes.len(), "{moved:?}");
        assert_eq!(s.pose(f32::NAN), s.rest_matrices());
    }

    #[test]
    fn level_geom_points_and_neutral_materials() {
        let s = build("level.geom", xfx::level_v13(), &SceneOptions::default());
        assert_eq!(s.axes, SourceAxes::XRay);
        assert!(s.point_count() > 0 && s.triangle_count() > 0);
        assert!(s.materials.iter().all(|m| m.status == MaterialStatus::NoMaterial));
        assert_eq!(s.untextured_parts().len(), s.parts.len());
    }

    #[test]
    fn blend_modes_by_nibble() {
        assert_eq!(BlendMode::from_nibble(0, false), BlendMode::Opaque);
        assert_eq!(BlendMode::from_nibble(0, true), BlendMode::AlphaTest);
        assert_eq!(BlendMode::from_nibble(1, false), BlendMode::AlphaBlend);
        assert_eq!(BlendMode::from_nibble(2, false), BlendMode::Additive);
        assert_eq!(BlendMode::from_nibble(9, false), BlendMode::AlphaBlend);
        assert_eq!(pack_rgba([1.0, 0.0, 0.5, 1.0]), 0xFF80_00FF);
        assert_eq!(MaterialColors::from_runtime(&[0.0; 16], 200).power, 128.0);
    }
}
