//! The material preview's shapes (`scene::shapes`) as a drawable scene (one node, one material
//! slot), and the way to give that slot a material's colours, texture and cell.

use super::scene::{BlendMode, FULL_UV_RECT, MaterialColors, MaterialStatus, Part, RenderMaterial, RenderNode, RenderScene, Vertex};
use crate::doc::resolve::ResolvedTexture;
pub use crate::scene::shapes::Shape;
use crate::scene::shapes::shape_mesh;
use glam::{Mat4, Vec3};
use std::sync::Arc;

fn vertex(p: Vec3, n: Vec3, uv: [f32; 2]) -> Vertex {
    Vertex { position: p.into(), node: 0, normal: n.into(), color: u32::MAX, uv, hemi: 1.0 }
}

/// The shape as a one-node scene whose single part uses material 0 (white until
/// [`RenderScene::set_preview_material`]).
pub fn preview_scene(shape: Shape) -> RenderScene {
    let (corners, indices) = shape_mesh(shape);
    let vertices: Vec<Vertex> = corners.iter().map(|c| vertex(c.position.into(), c.normal.into(), c.uv)).collect();
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
