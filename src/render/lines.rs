//! Overlay line geometry, built once per scene: the file's bounds, the ground grid and the
//! axes gizmo (in the file's own axes), and the normals as short lines.

use super::scene::{RenderScene, pack_rgba};
use crate::scene::BoundShape;
use glam::Vec3;

/// One end of an overlay line (20 bytes); `node` = the node count means scene space.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct LineVertex {
    pub position: [f32; 3],
    pub node: u32,
    pub color: u32,
}

const CIRCLE_SEGMENTS: usize = 32;
const BOX_COLOR: [f32; 4] = [1.0, 0.8, 0.1, 1.0];
const SPHERE_COLOR: [f32; 4] = [0.2, 0.85, 1.0, 1.0];
const GRID_COLOR: [f32; 4] = [0.45, 0.45, 0.45, 1.0];
const NORMAL_COLOR: [f32; 4] = [0.3, 0.5, 1.0, 1.0];
/// The file's x, y and z axes.
const AXIS_COLORS: [[f32; 4]; 3] = [[0.95, 0.2, 0.2, 1.0], [0.2, 0.85, 0.2, 1.0], [0.25, 0.4, 1.0, 1.0]];

fn push(out: &mut Vec<LineVertex>, a: Vec3, b: Vec3, node: u32, color: [f32; 4]) {
    let color = pack_rgba(color);
    out.push(LineVertex { position: a.into(), node, color });
    out.push(LineVertex { position: b.into(), node, color });
}

/// Boxes and spheres as the file stores them (non-finite ones skipped).
pub fn bounds(scene: &RenderScene) -> Vec<LineVertex> {
    let scene_space = scene.nodes.len() as u32;
    let mut out = Vec::new();
    for b in &scene.bounds {
        let node = b.node.filter(|&n| n < scene.nodes.len()).map_or(scene_space, |n| n as u32);
        match b.shape {
            BoundShape::Box { min, max } => {
                let (min, max) = (Vec3::from(min), Vec3::from(max));
                if !(min.is_finite() && max.is_finite()) {
                    continue;
                }
                let corner = |k: usize| Vec3::new(if k & 1 == 0 { min.x } else { max.x }, if k & 2 == 0 { min.y } else { max.y }, if k & 4 == 0 { min.z } else { max.z });
                for k in 0..8usize {
                    for bit in [1, 2, 4] {
                        if k & bit == 0 {
                            push(&mut out, corner(k), corner(k | bit), node, BOX_COLOR);
                        }
                    }
                }
            }
            BoundShape::Sphere { centre, radius } => {
                let c = Vec3::from(centre);
                if !(c.is_finite() && radius.is_finite() && radius > 0.0) {
                    continue;
                }
                for (u, v) in [(Vec3::X, Vec3::Y), (Vec3::Y, Vec3::Z), (Vec3::Z, Vec3::X)] {
                    for s in 0..CIRCLE_SEGMENTS {
                        let a = std::f32::consts::TAU * s as f32 / CIRCLE_SEGMENTS as f32;
                        let b = std::f32::consts::TAU * (s + 1) as f32 / CIRCLE_SEGMENTS as f32;
                        let p = |t: f32| c + (u * t.cos() + v * t.sin()) * radius;
                        push(&mut out, p(a), p(b), node, SPHERE_COLOR);
                    }
                }
            }
        }
    }
    out
}

/// A step of 1, 2 or 5 times a power of ten giving about ten cells across `extent`.
fn grid_step(extent: f32) -> f32 {
    let raw = (extent / 10.0).max(1e-3);
    let p = 10f32.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|&s| s >= raw).unwrap_or(10.0 * p)
}

/// The ground grid (the file's horizontal plane through its origin, which is glTF's y = 0 for
/// both Parkan and X-Ray) covering the scene, then the axes gizmo at the origin.
pub fn grid_and_axes(scene: &RenderScene) -> (Vec<LineVertex>, Vec<LineVertex>) {
    let space = scene.nodes.len() as u32;
    let extent = (scene.max.x - scene.min.x).max(scene.max.z - scene.min.z).max(scene.radius());
    let step = grid_step(extent);
    let lo = |v: f32| (v.min(0.0) / step).floor() - 1.0;
    let hi = |v: f32| (v.max(0.0) / step).ceil() + 1.0;
    let (x0, x1, z0, z1) = (lo(scene.min.x), hi(scene.max.x), lo(scene.min.z), hi(scene.max.z));
    let mut grid = Vec::new();
    // Bounded: a non-finite or huge extent still gives at most this many lines per side.
    let max_lines = 400.0;
    let (x1, z1) = (x1.min(x0 + max_lines), z1.min(z0 + max_lines));
    let mut x = x0;
    while x <= x1 {
        push(&mut grid, Vec3::new(x * step, 0.0, z0 * step), Vec3::new(x * step, 0.0, z1 * step), space, GRID_COLOR);
        x += 1.0;
    }
    let mut z = z0;
    while z <= z1 {
        push(&mut grid, Vec3::new(x0 * step, 0.0, z * step), Vec3::new(x1 * step, 0.0, z * step), space, GRID_COLOR);
        z += 1.0;
    }
    let len = scene.radius() * 0.5;
    let mut axes = Vec::new();
    for (axis, color) in scene.axes.unit_axes().iter().zip(AXIS_COLORS) {
        push(&mut axes, Vec3::ZERO, Vec3::from(*axis) * len, space, color);
    }
    (grid, axes)
}

/// Each vertex's normal as a line of `length` (triangles and points alike).
pub fn normals(scene: &RenderScene, length: f32) -> Vec<LineVertex> {
    let mut out = Vec::with_capacity(scene.vertices.len() * 2);
    for v in &scene.vertices {
        let p = Vec3::from(v.position);
        push(&mut out, p, p + Vec3::from(v.normal) * length, v.node, NORMAL_COLOR);
    }
    out
}

/// Every triangle's three edges as a line list over the scene's vertices.
pub fn wire_indices(indices: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(indices.len() * 2);
    for t in indices.chunks_exact(3) {
        out.extend([t[0], t[1], t[1], t[2], t[2], t[0]]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{SceneBound, SourceAxes};
    use crate::render::shapes::{Shape, preview_scene};

    #[test]
    fn bounds_grid_and_axes() {
        let mut s = preview_scene(Shape::Cube);
        s.bounds = vec![
            SceneBound { node: Some(0), label: "b".into(), shape: BoundShape::Box { min: [-1.0; 3], max: [1.0; 3] } },
            SceneBound { node: None, label: "s".into(), shape: BoundShape::Sphere { centre: [0.0; 3], radius: 2.0 } },
            SceneBound { node: None, label: "bad".into(), shape: BoundShape::Sphere { centre: [f32::NAN; 3], radius: 2.0 } },
        ];
        let b = bounds(&s);
        assert_eq!(b.len(), 2 * (12 + 3 * CIRCLE_SEGMENTS));
        assert_eq!(b[0].node, 0);
        assert_eq!(b[24].node, 1, "scene space is the node count");
        let (grid, axes) = grid_and_axes(&s);
        assert!(grid.len() >= 8 && grid.iter().all(|v| v.position[1] == 0.0));
        // Parkan's z (third axis) is glTF's y.
        assert!(axes[5].position[1] > 0.0);
        s.axes = SourceAxes::XRay;
        assert!(grid_and_axes(&s).1[5].position[2] < 0.0, "X-Ray's z is glTF's -z");
        assert_eq!(grid_step(37.0), 5.0);
        assert_eq!(wire_indices(&s.indices).len(), s.indices.len() * 2);
        assert_eq!(normals(&s, 0.1).len(), s.vertices.len() * 2);
    }
}
