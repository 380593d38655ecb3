//! The material preview's shapes: a sphere, a cube and a plane, with normals and UVs, faces
//! counter-clockwise seen from outside. `render::shapes` makes them a drawable scene with one
//! material slot.

use glam::Vec3;

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

/// One corner of a shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShapeVertex {
    pub position: [f32; 3],
    /// Unit length.
    pub normal: [f32; 3],
    pub uv: [f32; 2],
}

/// The shape's corners and its triangles (three indices each).
pub fn shape_mesh(shape: Shape) -> (Vec<ShapeVertex>, Vec<u32>) {
    match shape {
        Shape::Sphere => sphere(),
        Shape::Cube => cube(),
        Shape::Plane => plane(),
    }
}

fn sphere() -> (Vec<ShapeVertex>, Vec<u32>) {
    let mut v = Vec::new();
    for r in 0..=SPHERE_RINGS {
        let phi = std::f32::consts::PI * r as f32 / SPHERE_RINGS as f32;
        for s in 0..=SPHERE_SEGMENTS {
            let theta = std::f32::consts::TAU * s as f32 / SPHERE_SEGMENTS as f32;
            let n = Vec3::new(phi.sin() * theta.sin(), phi.cos(), phi.sin() * theta.cos());
            v.push(ShapeVertex { position: n.into(), normal: n.into(), uv: [s as f32 / SPHERE_SEGMENTS as f32, r as f32 / SPHERE_RINGS as f32] });
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
fn quad(v: &mut Vec<ShapeVertex>, idx: &mut Vec<u32>, n: Vec3, u: Vec3, up: Vec3) {
    let base = v.len() as u32;
    for (du, dv, uv) in [(-1.0, 1.0, [0.0, 0.0]), (1.0, 1.0, [1.0, 0.0]), (1.0, -1.0, [1.0, 1.0]), (-1.0, -1.0, [0.0, 1.0])] {
        v.push(ShapeVertex { position: (n + u * du + up * dv).into(), normal: n.into(), uv });
    }
    // Counter-clockwise seen from the front: top-left, bottom-left, bottom-right; then the other half.
    idx.extend([base, base + 3, base + 2, base, base + 2, base + 1]);
}

fn cube() -> (Vec<ShapeVertex>, Vec<u32>) {
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

fn plane() -> (Vec<ShapeVertex>, Vec<u32>) {
    let (mut v, mut idx) = (Vec::new(), Vec::new());
    quad(&mut v, &mut idx, Vec3::Z, Vec3::X, Vec3::Y);
    for p in &mut v {
        p.position[2] = 0.0;
    }
    (v, idx)
}
