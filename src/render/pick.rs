//! Picking on the CPU: a ray against the scene's triangles, each node's triangles in a
//! bounding volume hierarchy of their node-space positions (built on the first pick), the ray
//! taken into each node's space by the current node matrices.

use super::camera::Ray;
use super::scene::RenderScene;
use glam::{Mat4, Vec3};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    pub node: usize,
    /// Index into [`RenderScene::parts`].
    pub part: usize,
    /// Scene triangle (index into `indices` / 3).
    pub triangle: usize,
    /// Distance along the ray (scene units).
    pub t: f32,
}

/// Triangles per leaf.
const LEAF: usize = 8;

#[derive(Debug, Clone, Copy)]
struct BvhNode {
    min: Vec3,
    max: Vec3,
    /// Leaf: the triangles at `first..first + count` of `order`; inner: `first` and `count`
    /// are the indices of the two children.
    first: u32,
    count: u32,
    leaf: bool,
}

/// One tree per node over the triangles of its parts.
#[derive(Debug, Default)]
pub struct Bvh {
    trees: Vec<(usize, Vec<BvhNode>)>,
    /// Triangle numbers, leaf by leaf.
    order: Vec<u32>,
    /// Each triangle's part.
    part_of: Vec<u32>,
}

impl Bvh {
    pub fn build(scene: &RenderScene) -> Bvh {
        let tri_count = scene.indices.len() / 3;
        let mut part_of = vec![u32::MAX; tri_count];
        let mut per_node: Vec<Vec<u32>> = vec![Vec::new(); scene.nodes.len()];
        for (pi, p) in scene.parts.iter().enumerate().filter(|(_, p)| !p.points && p.over.is_none()) {
            let Some(list) = per_node.get_mut(p.node) else { continue };
            for t in p.first / 3..(p.first + p.count) / 3 {
                part_of[t as usize] = pi as u32;
                list.push(t);
            }
        }
        let corners = |t: u32| -> [Vec3; 3] {
            let i = t as usize * 3;
            [0, 1, 2].map(|k| Vec3::from(scene.vertices[scene.indices[i + k] as usize].position))
        };
        let mut bvh = Bvh { part_of, ..Bvh::default() };
        for (node, tris) in per_node.into_iter().enumerate() {
            if tris.is_empty() {
                continue;
            }
            let centroids: Vec<(u32, Vec3, Vec3, Vec3)> = tris
                .iter()
                .map(|&t| {
                    let [a, b, c] = corners(t);
                    (t, (a + b + c) / 3.0, a.min(b).min(c), a.max(b).max(c))
                })
                .collect();
            let mut items: Vec<usize> = (0..centroids.len()).collect();
            let mut nodes = Vec::new();
            let base = bvh.order.len() as u32;
            split(&centroids, &mut items, base, &mut nodes);
            bvh.order.extend(items.iter().map(|&i| centroids[i].0));
            bvh.trees.push((node, nodes));
        }
        bvh
    }
}

/// Builds the subtree over `items` (whose triangles will sit at `base..` of `order`), returning
/// its index in `nodes`; children are written after their parent.
fn split(c: &[(u32, Vec3, Vec3, Vec3)], items: &mut [usize], base: u32, nodes: &mut Vec<BvhNode>) -> usize {
    let (mut min, mut max) = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
    let (mut cmin, mut cmax) = (min, max);
    for &i in items.iter() {
        min = min.min(c[i].2);
        max = max.max(c[i].3);
        cmin = cmin.min(c[i].1);
        cmax = cmax.max(c[i].1);
    }
    let at = nodes.len();
    nodes.push(BvhNode { min, max, first: base, count: items.len() as u32, leaf: true });
    let extent = cmax - cmin;
    if items.len() <= LEAF || extent.max_element().partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return at;
    }
    let axis = if extent.x >= extent.y && extent.x >= extent.z { 0 } else if extent.y >= extent.z { 1 } else { 2 };
    let mid = items.len() / 2;
    items.select_nth_unstable_by(mid, |&a, &b| c[a].1[axis].total_cmp(&c[b].1[axis]));
    let (l, r) = items.split_at_mut(mid);
    let left = split(c, l, base, nodes);
    let right = split(c, r, base + mid as u32, nodes);
    debug_assert_eq!(left, at + 1);
    nodes[at] = BvhNode { min, max, first: left as u32, count: right as u32, leaf: false };
    at
}

/// The ray's entry distance into a box, if it meets it before `best`.
fn slab(o: Vec3, inv: Vec3, min: Vec3, max: Vec3, best: f32) -> Option<f32> {
    let t1 = (min - o) * inv;
    let t2 = (max - o) * inv;
    let near = t1.min(t2).max_element().max(0.0);
    let far = t1.max(t2).min_element();
    (near <= far && near < best).then_some(near)
}

/// Möller–Trumbore, both faces.
fn triangle(o: Vec3, d: Vec3, [a, b, c]: [Vec3; 3]) -> Option<f32> {
    let (e1, e2) = (b - a, c - a);
    let p = d.cross(e2);
    let det = e1.dot(p);
    if det.abs() < 1e-12 {
        return None;
    }
    let inv = 1.0 / det;
    let s = o - a;
    let u = s.dot(p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = s.cross(e1);
    let v = d.dot(q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = e2.dot(q) * inv;
    (t > 0.0).then_some(t)
}

impl super::scene::RenderScene {
    /// Builds the picking tree now (it is otherwise built by the first [`pick`]; about 0.6 s
    /// for a million triangles), e.g. on a worker thread after loading.
    pub fn prepare_picking(&self) {
        self.bvh.get_or_init(|| Bvh::build(self));
    }
}

/// The nearest triangle the ray meets with the nodes at `node_matrices` (scene space; the
/// scene's own pose when the slice does not match the node count). Points are not picked.
pub fn pick(scene: &RenderScene, ray: Ray, node_matrices: &[Mat4]) -> Option<Hit> {
    let rest;
    let matrices = if node_matrices.len() == scene.nodes.len() {
        node_matrices
    } else {
        rest = scene.rest_matrices();
        &rest
    };
    let bvh = scene.bvh.get_or_init(|| Bvh::build(scene));
    let mut best: Option<Hit> = None;
    // Each tree is tested at its own node, and where every copy of it places it (a hit there
    // is the copy's root node's).
    for (tree_node, tree) in &bvh.trees {
        let Some(&m) = matrices.get(*tree_node) else { continue };
        pick_tree(scene, bvh, tree, *tree_node, m, ray, &mut best);
        for g in scene.instances.iter().filter(|g| g.template.contains(tree_node)) {
            let Some(&root) = matrices.get(g.template.start) else { continue };
            for &c in &g.copies {
                let Some(&copy) = matrices.get(c) else { continue };
                pick_tree(scene, bvh, tree, c, super::scene::copy_matrix(copy, root) * m, ray, &mut best);
            }
        }
    }
    best
}

/// Tests one node's tree placed by `m` (whose scale, if any, the ray's parameter absorbs:
/// `o + t·d` in node space is `origin + t·dir` in the scene, so `t` is the scene distance).
fn pick_tree(scene: &RenderScene, bvh: &Bvh, tree: &[BvhNode], node: usize, m: Mat4, ray: Ray, best: &mut Option<Hit>) {
    {
        let inv = m.inverse();
        if !inv.is_finite() {
            return;
        }
        let o = inv.transform_point3(ray.origin);
        let d = inv.transform_vector3(ray.dir);
        // A degenerate matrix (zero scale) gives no direction to test along.
        if d.length() <= 0.0 || d.length().is_nan() {
            return;
        }
        let inv_d = d.recip();
        let mut stack = vec![0usize];
        while let Some(i) = stack.pop() {
            let n = tree[i];
            let limit = best.map_or(f32::INFINITY, |h| h.t);
            if slab(o, inv_d, n.min, n.max, limit).is_none() {
                continue;
            }
            if !n.leaf {
                stack.push(n.first as usize);
                stack.push(n.count as usize);
                continue;
            }
            for &t in &bvh.order[n.first as usize..(n.first + n.count) as usize] {
                let k = t as usize * 3;
                let corners = [0, 1, 2].map(|j| Vec3::from(scene.vertices[scene.indices[k + j] as usize].position));
                if let Some(hit_t) = triangle(o, d, corners)
                    && best.is_none_or(|h| hit_t < h.t)
                {
                    *best = Some(Hit { node, part: bvh.part_of[t as usize] as usize, triangle: t as usize, t: hit_t });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::camera::OrbitCamera;
    use crate::render::shapes::{Shape, preview_scene};
    use glam::Vec2;

    #[test]
    fn picks_the_nearest_face_and_moves_with_the_node() {
        let s = preview_scene(Shape::Cube);
        let ray = Ray { origin: Vec3::new(0.2, 0.1, 5.0), dir: Vec3::NEG_Z };
        let hit = pick(&s, ray, &[]).expect("the cube is in front");
        assert!((hit.t - 4.0).abs() < 1e-4, "front face at z = 1: {}", hit.t);
        assert_eq!(s.part_of_triangle(hit.triangle), Some(hit.part));
        // Moved 10 to the right, the cube is missed by the same ray, and hit by a moved one.
        let moved = [Mat4::from_translation(Vec3::new(10.0, 0.0, 0.0))];
        assert!(pick(&s, ray, &moved).is_none());
        let r2 = Ray { origin: ray.origin + Vec3::new(10.0, 0.0, 0.0), ..ray };
        assert!((pick(&s, r2, &moved).unwrap().t - 4.0).abs() < 1e-4);
        // Through the camera: the centre pixel of a framed sphere hits it.
        let sphere = preview_scene(Shape::Sphere);
        let cam = OrbitCamera::framing(sphere.min, sphere.max, 0.5, 0.3, 1.0);
        let ray = cam.ray(Vec2::splat(32.0), Vec2::splat(64.0), sphere.radius());
        let h = pick(&sphere, ray, &[]).unwrap();
        assert!((h.t - (cam.distance - 1.0)).abs() < 0.02, "{} vs {}", h.t, cam.distance - 1.0);
    }

    #[test]
    fn bvh_agrees_with_brute_force() {
        let s = preview_scene(Shape::Sphere);
        for k in 0..50 {
            let a = k as f32 * 0.37;
            let origin = Vec3::new(a.sin() * 3.0, (a * 1.3).cos() * 2.0, 3.0);
            let ray = Ray { origin, dir: (Vec3::new((a * 0.7).cos() * 0.5, 0.1, 0.0) - origin).normalize() };
            let brute = (0..s.indices.len() / 3)
                .filter_map(|t| triangle(ray.origin, ray.dir, [0, 1, 2].map(|j| Vec3::from(s.vertices[s.indices[t * 3 + j] as usize].position))))
                .fold(f32::INFINITY, f32::min);
            let hit = pick(&s, ray, &[]).map_or(f32::INFINITY, |h| h.t);
            assert!((brute - hit).abs() < 1e-4 || brute == hit, "{brute} vs {hit}");
        }
    }
}
