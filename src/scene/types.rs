//! The scene every exporter writes: nodes with local transforms, their primitives (vertex
//! arrays and triangle or point lists), materials, textures and one optional animation, all
//! already in glTF's frame (right-handed, y up, counter-clockwise front faces). The builders
//! ([`super::model`], [`super::land`], [`super::geom`]) convert once; the writers
//! (`export::gltf`, `export::obj`, above this layer) only serialise.

use crate::doc::resolve::{ResolvedMaterial, ResolvedTexture};
use crate::formats::Diagnostic;
use crate::formats::msh::anim::Transform;
use crate::formats::msh::axes::{parkan_quat_to_gltf, parkan_to_gltf};
use glam::{Quat, Vec3};
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrimitiveMode {
    Triangles,
    /// A point cloud: level.geom buffers whose index buffer cannot be drawn without the
    /// level file's base vertices.
    Points,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Primitive {
    /// What it was made from ("slot 3 batch 7", "vertex buffer 2"), for reports.
    pub label: String,
    pub points: bool,
    /// In the node's space.
    pub positions: Vec<[f32; 3]>,
    pub normals: Option<Vec<[f32; 3]>>,
    pub uv0: Option<Vec<[f32; 2]>>,
    /// Lightmap / microtexture coordinates.
    pub uv1: Option<Vec<[f32; 2]>>,
    /// RGBA 0..1.
    pub colors: Option<Vec<[f32; 4]>>,
    /// X-Ray's hemisphere lighting factor per vertex, 0..1 (level.geom): viewers shade by it;
    /// the writers leave it out.
    pub hemi: Option<Vec<f32>>,
    /// Three per triangle, counter-clockwise; empty for points.
    pub indices: Vec<u32>,
    /// Index into [`Scene::materials`].
    pub material: Option<usize>,
    /// A second material blended over some of the triangles (a landscape's secondary).
    /// Viewers draw it; glTF and OBJ have no such blend and write the first material only.
    pub overlay: Option<Overlay>,
}

/// A material drawn over a primitive's triangles, weighted per vertex.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Overlay {
    /// Index into [`Scene::materials`].
    pub material: usize,
    /// Per vertex of the primitive, 0..1: how much of the overlay shows.
    pub weights: Vec<f32>,
    /// The triangles it covers, three indices each into the primitive's vertices.
    pub indices: Vec<u32>,
}

impl Primitive {
    pub fn mode(&self) -> PrimitiveMode {
        if self.points { PrimitiveMode::Points } else { PrimitiveMode::Triangles }
    }
    pub fn vertex_count(&self) -> usize {
        self.positions.len()
    }
    pub fn triangle_count(&self) -> usize {
        if self.points { 0 } else { self.indices.len() / 3 }
    }
    /// Whether a writer has anything to write (glTF accessors must not be empty).
    pub fn is_drawable(&self) -> bool {
        !self.positions.is_empty() && (self.points || !self.indices.is_empty())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SceneNode {
    pub name: String,
    /// Always an earlier node, so a front-to-back pass composes world transforms.
    pub parent: Option<usize>,
    pub local: Transform,
    pub primitives: Vec<Primitive>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SceneMaterial {
    pub name: String,
    pub base_color: [f32; 4],
    pub emissive: [f32; 3],
    /// Index into [`Scene::textures`].
    pub texture: Option<usize>,
    /// The part of the texture the material's cell names ([`ResolvedTexture::cell_uv`]: offset
    /// and size in texture coordinates); `None` is the whole texture.
    pub cell_uv: Option<[f32; 4]>,
    pub blend: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SceneTexture {
    pub texture: Arc<ResolvedTexture>,
    /// A file-name-safe form of the texture's name.
    pub stem: String,
}

/// The frame the file's own coordinates are in (docs/formats/msh.md#axes-and-winding and
/// docs/formats/xray-level-geom.md#axes), so that a viewer can draw the file's axes and ground
/// plane; the scene itself is always in glTF's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SourceAxes {
    /// Parkan: left-handed, z up; glTF `(x, z, y)`.
    #[default]
    Parkan,
    /// X-Ray: left-handed, y up; glTF `(x, y, -z)`.
    XRay,
}

impl SourceAxes {
    /// The file's x, y and z unit axes in glTF's frame.
    pub fn unit_axes(self) -> [[f32; 3]; 3] {
        match self {
            SourceAxes::Parkan => [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]],
            SourceAxes::XRay => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]],
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BoundShape {
    Box { min: [f32; 3], max: [f32; 3] },
    Sphere { centre: [f32; 3], radius: f32 },
}

/// A bound as the file stores it (not recomputed, so that a wrong one shows), converted to
/// glTF's frame, in its node's space (`node: None`: scene space).
#[derive(Debug, Clone, PartialEq)]
pub struct SceneBound {
    pub node: Option<usize>,
    /// What it is ("model box", "slot 3 sphere").
    pub label: String,
    pub shape: BoundShape,
}

/// Translation and rotation samples of one node, one per animation time.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeTrack {
    pub node: usize,
    pub translations: Vec<[f32; 3]>,
    /// glTF order `x, y, z, w`.
    pub rotations: Vec<[f32; 4]>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SceneAnimation {
    pub name: String,
    /// Seconds, strictly increasing.
    pub times: Vec<f32>,
    pub tracks: Vec<NodeTrack>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scene {
    pub name: String,
    pub nodes: Vec<SceneNode>,
    pub materials: Vec<SceneMaterial>,
    pub textures: Vec<SceneTexture>,
    pub animation: Option<SceneAnimation>,
    /// What was exported and how (the cell, the LOD, triangles or points per buffer).
    pub notes: Vec<crate::formats::message::Message>,
    /// Every finding of extraction and material resolution.
    pub diagnostics: Vec<Diagnostic>,
    /// The materials as resolved, for reports (one per [`Scene::materials`] entry, in order).
    pub resolved: Vec<ResolvedMaterial>,
    /// The file's own bounding boxes and spheres (viewers draw them; writers ignore them).
    pub bounds: Vec<SceneBound>,
    pub axes: SourceAxes,
    /// What the glTF writer puts in `extras`.
    pub extras: SceneExtras,
    /// Node ranges drawn again elsewhere without their own geometry (a mission's placed
    /// objects that share a unit: [`Instances`]). Only the renderer reads them; scenes meant
    /// for writers (glTF) have none.
    pub instances: Vec<Instances>,
    /// A scale applied after a node's rotation and translation (its local matrix is T·R·S):
    /// scenery of a mission drawn as instances. Only the renderer reads them.
    pub node_scales: Vec<(usize, glam::Vec3)>,
}

/// A range of nodes whose geometry is drawn once more for each copy: a copy is one node (the
/// copy's root, no primitives) that places the whole template as the template's root would be
/// placed (each template node drawn at copy root × template root⁻¹ × its own matrix).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Instances {
    pub template: std::ops::Range<usize>,
    /// The first node of each copy.
    pub copies: Vec<usize>,
}

/// Values the glTF writer stores in `extras` under `"parkan"`, so that `import-model` can give
/// back what glTF has no place for (docs/formats/msh.md#import): an MSH node's flags, a batch's
/// flags word, lightmap byte and room, and its triangles' descriptor flags.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SceneExtras {
    /// By node index.
    pub nodes: std::collections::BTreeMap<usize, serde_json::Value>,
    /// By node index and the primitive's index in [`SceneNode::primitives`].
    pub primitives: std::collections::BTreeMap<(usize, usize), serde_json::Value>,
}

impl Scene {
    pub fn primitives(&self) -> impl Iterator<Item = &Primitive> {
        self.nodes.iter().flat_map(|n| n.primitives.iter())
    }
    pub fn primitive_count(&self) -> usize {
        self.primitives().filter(|p| p.is_drawable()).count()
    }
    pub fn vertex_count(&self) -> usize {
        self.primitives().filter(|p| p.is_drawable()).map(Primitive::vertex_count).sum()
    }
    pub fn triangle_count(&self) -> usize {
        self.primitives().filter(|p| p.is_drawable()).map(Primitive::triangle_count).sum()
    }
    pub fn point_count(&self) -> usize {
        self.primitives().filter(|p| p.is_drawable() && p.points).map(Primitive::vertex_count).sum()
    }
    pub fn channel_count(&self) -> usize {
        let Some(a) = self.animation.as_ref().filter(|a| !a.times.is_empty()) else { return 0 };
        2 * a.tracks.iter().filter(|t| t.node < self.nodes.len()).count()
    }

    /// Every node's transform in scene space.
    pub fn world_transforms(&self) -> Vec<Transform> {
        let mut out: Vec<Transform> = Vec::with_capacity(self.nodes.len());
        for (i, n) in self.nodes.iter().enumerate() {
            let w = match n.parent.filter(|&p| p < i) {
                Some(p) => out[p].then(&n.local),
                None => n.local,
            };
            out.push(w);
        }
        out
    }

    /// Children of each node, in node order.
    pub fn children(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            if let Some(p) = n.parent.filter(|&p| p < i) {
                out[p].push(i);
            }
        }
        out
    }

    pub fn roots(&self) -> Vec<usize> {
        (0..self.nodes.len()).filter(|&i| self.nodes[i].parent.is_none_or(|p| p >= i)).collect()
    }
}

/// A Parkan transform (left-handed, z up) in glTF's frame: the reflection that swaps y and z
/// applied on both sides, so the rotation's axis is swapped and its angle negated.
pub fn parkan_transform(t: &Transform) -> Transform {
    Transform { rotation: Quat::from_array(parkan_quat_to_gltf(t.rotation)), translation: Vec3::from(parkan_to_gltf(t.translation.into())) }
}

/// Both axis conversions are reflections: a triangle wound clockwise seen from its front in
/// the left-handed source (Direct3D's front faces) is still clockwise seen from its front
/// after the reflection, and glTF's front faces are counter-clockwise. So every triangle's
/// last two corners swap (docs/formats/msh.md#axes-and-winding and
/// docs/formats/xray-level-geom.md#axes).
/// The vertex arrays of a Parkan mesh (model and landscape extraction give the same ones).
pub struct ParkanVertices<'a> {
    pub positions: &'a [[f32; 3]],
    pub normals: &'a [[f32; 3]],
    pub uv0: &'a [[f32; 2]],
    pub uv1: Option<&'a [[f32; 2]]>,
    /// A per-vertex weight to carry along (a landscape's secondary alpha, component 14):
    /// returned by [`parkan_primitive`] for the vertices it kept.
    pub weights: Option<&'a [f32]>,
}

/// One primitive holding only the vertices `used` references, converted to glTF's frame, with
/// the winding reversed for the axis reflection. The extractors only emit indices below the
/// vertex count.
pub fn parkan_primitive(label: String, material: Option<usize>, v: &ParkanVertices, used: &[u32], finite: &mut Finite) -> (Primitive, Vec<f32>) {
    let mut weights = Vec::new();
    let mut p = Primitive {
        label,
        normals: Some(Vec::new()),
        uv0: Some(Vec::new()),
        uv1: v.uv1.map(|_| Vec::new()),
        material,
        ..Primitive::default()
    };
    let mut remap: std::collections::HashMap<u32, u32> = std::collections::HashMap::with_capacity(used.len());
    for &i in used {
        let next = p.positions.len() as u32;
        let at = *remap.entry(i).or_insert_with(|| {
            let vi = i as usize;
            p.positions.push(finite.v3(parkan_to_gltf(v.positions[vi])));
            let n = Vec3::from(finite.v3(parkan_to_gltf(v.normals[vi])));
            if let Some(ns) = p.normals.as_mut() {
                ns.push(n.try_normalize().unwrap_or(Vec3::Y).into());
            }
            if let Some(uv) = p.uv0.as_mut() {
                uv.push(finite.v2(v.uv0[vi]));
            }
            if let (Some(dst), Some(src)) = (p.uv1.as_mut(), v.uv1) {
                dst.push(finite.v2(src[vi]));
            }
            if let Some(w) = v.weights {
                let x = w.get(vi).copied().unwrap_or(0.0);
                weights.push(if x.is_finite() { x.clamp(0.0, 1.0) } else { 0.0 });
            }
            next
        });
        p.indices.push(at);
    }
    reverse_winding(&mut p.indices);
    (p, weights)
}

pub fn reverse_winding(indices: &mut [u32]) {
    for t in indices.chunks_exact_mut(3) {
        t.swap(1, 2);
    }
}

/// Replaces non-finite components (malformed input) with 0, counting them, so that accessor
/// bounds and JSON numbers stay valid.
#[derive(Debug, Default)]
pub struct Finite {
    pub replaced: usize,
}

impl Finite {
    pub fn v3(&mut self, v: [f32; 3]) -> [f32; 3] {
        v.map(|x| self.f(x))
    }
    pub fn v2(&mut self, v: [f32; 2]) -> [f32; 2] {
        v.map(|x| self.f(x))
    }
    pub fn v4(&mut self, v: [f32; 4]) -> [f32; 4] {
        v.map(|x| self.f(x))
    }
    fn f(&mut self, x: f32) -> f32 {
        if x.is_finite() {
            x
        } else {
            self.replaced += 1;
            0.0
        }
    }
    /// A transform with finite parts (an identity rotation for a non-finite quaternion).
    pub fn transform(&mut self, t: Transform) -> Transform {
        let translation = Vec3::from(self.v3(t.translation.into()));
        let rotation = if t.rotation.is_finite() {
            t.rotation
        } else {
            self.replaced += 1;
            Quat::IDENTITY
        };
        Transform { rotation, translation }
    }
    pub fn diagnostic(&self) -> Option<Diagnostic> {
        (self.replaced > 0).then(|| {
            Diagnostic::warning(
                0u64,
                crate::msg!("scene-non-finite", "{n} non-finite coordinates (NaN or infinite) were written as 0", n = self.replaced),
            )
        })
    }
}

/// A name usable in file names and OBJ statements: ASCII letters, digits, `-` and `_` kept,
/// anything else `_`.
pub fn safe_stem(name: &str) -> String {
    let s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    if s.is_empty() { "_".to_string() } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winding_reverses_and_conversion_is_a_reflection() {
        let mut idx = vec![0, 1, 2, 3, 4, 5];
        reverse_winding(&mut idx);
        assert_eq!(idx, [0, 2, 1, 3, 5, 4]);
        // A triangle whose (b - a) x (c - a) is its outward normal n in the source (the
        // builder's clockwise-from-outside faces) keeps that property after conversion and
        // the corner swap.
        let (a, b, c) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]);
        let n = (Vec3::from(b) - Vec3::from(a)).cross(Vec3::from(c) - Vec3::from(a));
        let [a2, b2, c2] = [a, b, c].map(|p| Vec3::from(parkan_to_gltf(p)));
        let n2 = Vec3::from(parkan_to_gltf(n.into()));
        assert!((b2 - a2).cross(c2 - a2).dot(n2) < 0.0, "without the swap the face turns away");
        assert!((c2 - a2).cross(b2 - a2).dot(n2) > 0.0, "with it, it faces its normal");
    }

    #[test]
    fn world_transforms_compose_and_bad_parents_are_roots() {
        let t = |x: f32| Transform { rotation: Quat::from_rotation_y(std::f32::consts::FRAC_PI_2), translation: Vec3::new(x, 0.0, 0.0) };
        let node = |parent| SceneNode { name: String::new(), parent, local: t(1.0), primitives: Vec::new() };
        let s = Scene { nodes: vec![node(None), node(Some(0)), node(Some(5))], ..Scene::default() };
        let w = s.world_transforms();
        // Node 1: (1,0,0) + rot_y(90) * (1,0,0) = (1,0,0) + (0,0,-1).
        assert!((w[1].translation - Vec3::new(1.0, 0.0, -1.0)).length() < 1e-5, "{}", w[1].translation);
        assert_eq!(w[2], t(1.0));
        assert_eq!(s.roots(), [0, 2]);
        assert_eq!(s.children(), [vec![1], vec![], vec![]]);
    }

    #[test]
    fn parkan_transform_commutes_with_points() {
        let src = Transform { rotation: Quat::from_euler(glam::EulerRot::XYZ, 0.4, -0.2, 1.1), translation: Vec3::new(1.0, 2.0, 3.0) };
        let p = Vec3::new(0.5, -1.5, 2.0);
        let direct = Vec3::from(parkan_to_gltf(src.apply_point(p).into()));
        let via = parkan_transform(&src).apply_point(Vec3::from(parkan_to_gltf(p.into())));
        assert!((direct - via).length() < 1e-5);
    }

    #[test]
    fn finite_replaces_and_counts() {
        let mut f = Finite::default();
        assert_eq!(f.v3([1.0, f32::NAN, f32::INFINITY]), [1.0, 0.0, 0.0]);
        let t = f.transform(Transform { rotation: Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0), translation: Vec3::ONE });
        assert_eq!(t.rotation, Quat::IDENTITY);
        assert_eq!(f.replaced, 3);
        assert!(f.diagnostic().unwrap().message.starts_with("3 non-finite"));
        assert!(Finite::default().diagnostic().is_none());
        assert_eq!(safe_stem("METAL01.0"), "METAL01_0");
        assert_eq!(safe_stem("КАМЕНЬ.0"), "_______0");
        assert_eq!(safe_stem(""), "_");
    }
}
