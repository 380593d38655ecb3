//! The material preview's shapes: a sphere, a cube and a plane (normals and UVs, one node, one
//! material slot), and the way to give that slot a material's colours, texture and cell.

use super::scene::{BlendMode, FULL_UV_RECT, MaterialColors, MaterialStatus, Part, RenderMaterial, RenderNode, RenderScene, Vertex};
use crate::doc::resolve::ResolvedTexture;
use glam::{Mat4, Vec3};
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Radius 1 about the origin.
    Sphere,
    /// -1..1 on every axis.
    Cube,
    /// -1..1 in x and y, facing +z (the default camera).
    Plane,
}

impl Shape {
    pub fn from_name(name: &str) -> Option<Shape> {
        match name.to_ascii_lowercase().as_str() {
            "sphere" => Some(Shape::Sphere),
            "cube" => Some(Shape::Cube),
            "plane" => Some(Shape::Plane),
            _ => None,
        }
    }
}

const SPHERE_SEGMENTS: u32 = 48;
const SPHERE_RINGS: u32 = 24;

fn vertex(p: Vec3, n: Vec3, uv: [f32; 2]) -> Vertex {
    Vertex { position: p.into(), node: 0, normal: n.into(), color: u32::MAX, uv, hemi: 1.0 }
}

/// The shape as a one-node scene whose single part uses material 0 (white until
/// [`RenderScene::set_preview_material`]).
pub fn preview_scene(shape: Shape) -> RenderScene {
    let (vertices, indices) = match shape {
        Shape::Sphere => sphere(),
        Shape::Cube => cube(),
        Shape::Plane => plane(),
    };
    let mut s = RenderScene::default();
    s.name = format!("{shape:?}").to_lowercase();
    s.nodes.push(RenderNode { name: s.name.clone(), parent: None, local: Mat4::IDENTITY });
    s.materials.push(RenderMaterial {
        name: "preview".into(),
        colors: MaterialColors::flat([1.0; 4]),
        texture: None,
        uv_rect: FULL_UV_RECT,
        blend: BlendMode::Opaque,
        nibble_mode: None,
        status: MaterialStatus::Untextured,
        vertex_colors: false,
        source: None,
    });
    let (min, max) = vertices.iter().fold((Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)), |(a, b), v| {
        (a.min(v.position.into()), b.max(v.position.into()))
    });
    s.parts.push(Part {
        node: 0,
        label: s.name.clone(),
        material: 0,
        points: false,
        first: 0,
        count: indices.len() as u32,
        vertices: 0..vertices.len() as u32,
        min,
        max,
        over: None,
    });
    s.vertices = vertices;
    s.indices = indices;
    s.update_extent();
    s
}

impl RenderScene {
    /// Gives material 0 (the preview's slot) a material: its colours, its texture (`None`:
    /// untextured) and the texture rect its cell names. A new texture needs a new upload;
    /// colours alone can go through [`super::FrameParams::material_colors`] every frame.
    pub fn set_preview_material(&mut self, colors: MaterialColors, texture: Option<Arc<ResolvedTexture>>, uv_rect: [f32; 4], blend: BlendMode) {
        let Some(m) = self.materials.first_mut() else { return };
        m.colors = colors;
        m.uv_rect = uv_rect;
        m.blend = blend;
        self.textures.clear();
        m.texture = texture.map(|t| {
            self.textures.push(t);
            0
        });
        m.status = if m.texture.is_some() { MaterialStatus::Textured } else { MaterialStatus::Untextured };
    }
}

fn sphere() -> (Vec<Vertex>, Vec<u32>) {
    let mut v = Vec::new();
    for r in 0..=SPHERE_RINGS {
        let phi = std::f32::consts::PI * r as f32 / SPHERE_RINGS as f32;
        for s in 0..=SPHERE_SEGMENTS {
            let theta = std::f32::consts::TAU * s as f32 / SPHERE_SEGMENTS as f32;
            let n = Vec3::new(phi.sin() * theta.sin(), phi.cos(), phi.sin() * theta.cos());
            v.push(vertex(n, n, [s as f32 / SPHERE_SEGMENTS as f32, r as f32 / SPHERE_RINGS as f32]));
        }
    }
    let row = SPHERE_SEGMENTS + 1;
    let mut idx = Vec::new();
    for r in 0..SPHERE_RINGS {
        for s in 0..SPHERE_SEGMENTS {
            let (a, b) = (r * row + s, (r + 1) * row + s);
            idx.extend([a, b, a + 1, a + 1, b, b + 1]);
        }
    }
    (v, idx)
}

/// Four corners of a face with normal `n` and in-plane axes `u` (right) and `v` (up).
fn quad(v: &mut Vec<Vertex>, idx: &mut Vec<u32>, n: Vec3, u: Vec3, up: Vec3) {
    let base = v.len() as u32;
    for (du, dv, uv) in [(-1.0, 1.0, [0.0, 0.0]), (1.0, 1.0, [1.0, 0.0]), (1.0, -1.0, [1.0, 1.0]), (-1.0, -1.0, [0.0, 1.0])] {
        v.push(vertex(n + u * du + up * dv, n, uv));
    }
    // Counter-clockwise seen from the front: top-left, bottom-left, bottom-right; then the other half.
    idx.extend([base, base + 3, base + 2, base, base + 2, base + 1]);
}

fn cube() -> (Vec<Vertex>, Vec<u32>) {
    let (mut v, mut idx) = (Vec::new(), Vec::new());
    for (n, u, up) in [
        (Vec3::Z, Vec3::X, Vec3::Y),
        (Vec3::NEG_Z, Vec3::NEG_X, Vec3::Y),
        (Vec3::X, Vec3::NEG_Z, Vec3::Y),
        (Vec3::NEG_X, Vec3::Z, Vec3::Y),
        (Vec3::Y, Vec3::X, Vec3::NEG_Z),
        (Vec3::NEG_Y, Vec3::X, Vec3::Z),
    ] {
        quad(&mut v, &mut idx, n, u, up);
    }
    (v, idx)
}

fn plane() -> (Vec<Vertex>, Vec<u32>) {
    let (mut v, mut idx) = (Vec::new(), Vec::new());
    quad(&mut v, &mut idx, Vec3::Z, Vec3::X, Vec3::Y);
    for p in &mut v {
        p.position[2] = 0.0;
    }
    (v, idx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_face_outwards_with_unit_normals() {
        for shape in [Shape::Sphere, Shape::Cube, Shape::Plane] {
            let s = preview_scene(shape);
            assert_eq!(s.parts.len(), 1);
            assert!(s.triangle_count() > 0);
            for t in s.indices.chunks_exact(3) {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| s.vertices[i as usize]);
                let face = (Vec3::from(b.position) - Vec3::from(a.position)).cross(Vec3::from(c.position) - Vec3::from(a.position));
                if face.length() > 1e-6 {
                    assert!(face.dot(Vec3::from(a.normal)) > 0.0, "{shape:?} counter-clockwise from outside");
                }
                assert!((Vec3::from(a.normal).length() - 1.0).abs() < 1e-4);
            }
        }
        assert_eq!(preview_scene(Shape::Cube).min, Vec3::splat(-1.0));
        assert_eq!(Shape::from_name("CUBE"), Some(Shape::Cube));
        assert_eq!(Shape::from_name("torus"), None);
    }
}
