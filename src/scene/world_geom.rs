//! What the world scenes ([`super::unit`], [`super::mission`]) share: copying one scene into
//! another under a node (materials and textures shared, animation tracks renumbered), flat
//! colour materials (clan colours, markers), and the simple geometry markers are made of
//! (boxes, flat rings, ground ribbons for lines), all in glTF's frame (y up).

use super::types::{NodeTrack, Primitive, Scene, SceneAnimation, SceneBound, SceneMaterial, SceneNode, SceneTexture};
use crate::doc::resolve::ResolvedMaterial;
use crate::formats::msh::anim::Transform;
use glam::Vec3;
use std::collections::HashMap;

/// Which materials and textures of copied scenes are already in the destination: a source
/// scene copied many times (a unit placed 40 times) adds its materials once.
#[derive(Default)]
pub struct Merge {
    textures: HashMap<String, usize>,
    /// (source scene id, its material index) → destination material.
    materials: HashMap<(usize, usize), usize>,
    /// Flat materials by name.
    flat: HashMap<String, usize>,
    /// Animation tracks gathered from copied scenes, and the longest sampling.
    tracks: Vec<(NodeTrack, usize)>,
    times: Vec<f32>,
    /// Gather the animations of the scenes [`append`] copies.
    pub animate: bool,
}

/// A material of one colour (no texture), with a resolution entry so that viewers light it
/// with that colour (`RenderScene` takes an entry without a MAT0 as unresolved and grey).
pub fn flat_material(scene: &mut Scene, merge: &mut Merge, name: &str, rgba: [f32; 4], glow: f32) -> usize {
    if let Some(&i) = merge.flat.get(name) {
        return i;
    }
    let emissive = [rgba[0] * glow, rgba[1] * glow, rgba[2] * glow];
    scene.materials.push(SceneMaterial { name: name.to_string(), base_color: rgba, emissive, texture: None, cell_uv: None, blend: rgba[3] < 1.0 });
    scene.resolved.push(ResolvedMaterial {
        index: 0,
        table: "(drawn by the world view)".to_string(),
        row: None,
        name: Some(name.to_string()),
        mat0: Some(format!("(flat colour {name})")),
        fallback: None,
        attr1: 0,
        nibble_mode: u8::from(rgba[3] < 1.0),
        phase: None,
        texture_name: None,
        cell: None,
        base_color: rgba,
        emissive,
        ambient: rgba,
        specular: [0.0; 4],
        power: 0,
        texture: None,
        material: None,
        alpha_blended: rgba[3] < 1.0,
        diagnostics: Vec::new(),
    });
    let i = scene.materials.len() - 1;
    merge.flat.insert(name.to_string(), i);
    i
}

/// The destination material for `src`'s material `m` (copied on first use).
fn material(dst: &mut Scene, src: &Scene, src_id: usize, m: usize, merge: &mut Merge) -> Option<usize> {
    if let Some(&i) = merge.materials.get(&(src_id, m)) {
        return Some(i);
    }
    let sm = src.materials.get(m)?;
    let texture = sm.texture.and_then(|t| src.textures.get(t)).map(|t| texture(dst, t, merge));
    dst.materials.push(SceneMaterial { texture, ..sm.clone() });
    // Keep `resolved` in step with `materials` (viewers pair them by index and name).
    let resolved = src.resolved.get(m).filter(|r| r.label() == sm.name).cloned();
    dst.resolved.push(resolved.unwrap_or_else(|| ResolvedMaterial { name: Some(sm.name.clone()), mat0: None, ..placeholder() }));
    let i = dst.materials.len() - 1;
    merge.materials.insert((src_id, m), i);
    Some(i)
}

fn placeholder() -> ResolvedMaterial {
    ResolvedMaterial {
        index: 0,
        table: String::new(),
        row: None,
        name: None,
        mat0: None,
        fallback: None,
        attr1: 0,
        nibble_mode: 0,
        phase: None,
        texture_name: None,
        cell: None,
        base_color: [1.0; 4],
        emissive: [0.0; 3],
        ambient: [1.0; 4],
        specular: [0.0; 4],
        power: 0,
        texture: None,
        material: None,
        alpha_blended: false,
        diagnostics: Vec::new(),
    }
}

fn texture(dst: &mut Scene, t: &SceneTexture, merge: &mut Merge) -> usize {
    let key = t.texture.origin.clone();
    if let Some(&i) = merge.textures.get(&key) {
        return i;
    }
    let mut used: Vec<String> = dst.textures.iter().map(|t| t.stem.clone()).collect();
    let stem = super::materials::unique(t.stem.clone(), &mut used);
    dst.textures.push(SceneTexture { texture: t.texture.clone(), stem });
    merge.textures.insert(key, dst.textures.len() - 1);
    dst.textures.len() - 1
}

/// Copies `src` into `dst` under a new node (`name`, child of `parent`, at `local`): the new
/// node's index is returned, `src`'s node `k` becomes `returned + 1 + k`. `src_id` names the
/// source for sharing its materials between copies; its animation is gathered when
/// [`Merge::animate`].
pub fn append(dst: &mut Scene, src: &Scene, src_id: usize, name: String, parent: Option<usize>, local: Transform, merge: &mut Merge) -> usize {
    dst.nodes.push(SceneNode { name, parent, local, primitives: Vec::new() });
    let wrapper = dst.nodes.len() - 1;
    let base = wrapper + 1;
    for n in &src.nodes {
        let primitives = n.primitives.iter().map(|p| remap(dst, src, src_id, p, merge)).collect();
        let parent = match n.parent {
            Some(p) if p < src.nodes.len() => base + p,
            _ => wrapper,
        };
        dst.nodes.push(SceneNode { name: n.name.clone(), parent: Some(parent), local: n.local, primitives });
    }
    dst.bounds.extend(src.bounds.iter().map(|b| SceneBound { node: Some(b.node.map_or(wrapper, |n| base + n)), ..b.clone() }));
    if merge.animate && let Some(a) = &src.animation {
        for t in a.tracks.iter().filter(|t| t.node < src.nodes.len()) {
            merge.tracks.push((NodeTrack { node: base + t.node, ..t.clone() }, a.times.len()));
        }
        if a.times.len() > merge.times.len() {
            merge.times = a.times.clone();
        }
    }
    wrapper
}

/// A primitive of `src` with its material moved to `dst`'s.
pub fn remap(dst: &mut Scene, src: &Scene, src_id: usize, p: &Primitive, merge: &mut Merge) -> Primitive {
    let mut q = p.clone();
    q.material = p.material.and_then(|m| material(dst, src, src_id, m, merge));
    if let Some(o) = q.overlay.take() {
        q.overlay = material(dst, src, src_id, o.material, merge).map(|m| super::types::Overlay { material: m, ..o });
    }
    q
}

/// The gathered tracks as one animation over the longest sampling; shorter ones loop, as the
/// engine plays each model's animation on its own.
pub fn finish_animation(dst: &mut Scene, merge: &mut Merge) {
    let frames = merge.times.len();
    if frames == 0 || merge.tracks.is_empty() {
        return;
    }
    let tracks = std::mem::take(&mut merge.tracks)
        .into_iter()
        .map(|(t, own)| {
            let own = own.clamp(1, frames);
            let pick = |v: &[[f32; 3]], f: usize| v.get(f % own).or(v.last()).copied().unwrap_or([0.0; 3]);
            let translations = (0..frames).map(|f| pick(&t.translations, f)).collect();
            let rotations = (0..frames).map(|f| t.rotations.get(f % own).or(t.rotations.last()).copied().unwrap_or([0.0, 0.0, 0.0, 1.0])).collect();
            NodeTrack { node: t.node, translations, rotations }
        })
        .collect();
    dst.animation = Some(SceneAnimation { name: "animation".to_string(), times: std::mem::take(&mut merge.times), tracks });
}

/// Builds triangles into one primitive.
#[derive(Default)]
pub struct Mesher {
    pub p: Primitive,
}

impl Mesher {
    pub fn new(label: impl Into<String>, material: usize) -> Mesher {
        Mesher { p: Primitive { label: label.into(), material: Some(material), normals: Some(Vec::new()), ..Primitive::default() } }
    }

    /// A quad `a b c d` counter-clockwise seen from the side `n` points to.
    pub fn quad(&mut self, [a, b, c, d]: [Vec3; 4], n: Vec3) {
        let base = self.p.positions.len() as u32;
        for v in [a, b, c, d] {
            self.p.positions.push(v.into());
            if let Some(ns) = self.p.normals.as_mut() {
                ns.push(n.into());
            }
        }
        self.p.indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }

    /// An axis-aligned box, faces outwards.
    pub fn cuboid(&mut self, min: Vec3, max: Vec3) {
        let c = |x: bool, y: bool, z: bool| Vec3::new(if x { max.x } else { min.x }, if y { max.y } else { min.y }, if z { max.z } else { min.z });
        let (f, t) = (false, true);
        self.quad([c(f, f, t), c(t, f, t), c(t, t, t), c(f, t, t)], Vec3::Z);
        self.quad([c(t, f, f), c(f, f, f), c(f, t, f), c(t, t, f)], -Vec3::Z);
        self.quad([c(t, f, t), c(t, f, f), c(t, t, f), c(t, t, t)], Vec3::X);
        self.quad([c(f, f, f), c(f, f, t), c(f, t, t), c(f, t, f)], -Vec3::X);
        self.quad([c(f, t, t), c(t, t, t), c(t, t, f), c(f, t, f)], Vec3::Y);
        self.quad([c(f, f, f), c(t, f, f), c(t, f, t), c(f, f, t)], -Vec3::Y);
    }

    /// A flat ring about `centre` (facing up) from radius `inner` to `outer`.
    pub fn ring(&mut self, centre: Vec3, inner: f32, outer: f32, segments: usize) {
        let n = segments.max(3);
        for k in 0..n {
            let a0 = k as f32 / n as f32 * std::f32::consts::TAU;
            let a1 = (k + 1) as f32 / n as f32 * std::f32::consts::TAU;
            let at = |a: f32, r: f32| centre + Vec3::new(a.cos() * r, 0.0, -a.sin() * r);
            self.quad([at(a0, inner), at(a0, outer), at(a1, outer), at(a1, inner)], Vec3::Y);
        }
    }

    /// A flat band of `width` along the segment `a`→`b` (facing up).
    pub fn ribbon(&mut self, a: Vec3, b: Vec3, width: f32) {
        let d = Vec3::new(b.x - a.x, 0.0, b.z - a.z);
        let side = d.cross(Vec3::Y).normalize_or_zero() * (width * 0.5);
        if side == Vec3::ZERO {
            return;
        }
        self.quad([a + side, b + side, b - side, a - side], Vec3::Y);
    }

    /// A diamond (two pyramids) of half-size `r` at `centre`.
    pub fn diamond(&mut self, centre: Vec3, r: f32) {
        let (top, bottom) = (centre + Vec3::Y * r * 1.6, centre - Vec3::Y * r * 0.4);
        let around = [Vec3::X, -Vec3::Z, -Vec3::X, Vec3::Z].map(|v| centre + v * r);
        for k in 0..4 {
            let (a, b) = (around[k], around[(k + 1) % 4]);
            for (apex, flip) in [(top, false), (bottom, true)] {
                let base = self.p.positions.len() as u32;
                let n = (b - a).cross(apex - a).normalize_or_zero() * if flip { -1.0 } else { 1.0 };
                for v in [a, b, apex] {
                    self.p.positions.push(v.into());
                    if let Some(ns) = self.p.normals.as_mut() {
                        ns.push(n.into());
                    }
                }
                self.p.indices.extend(if flip { [base, base + 2, base + 1] } else { [base, base + 1, base + 2] });
            }
        }
    }

    pub fn finish(self) -> Primitive {
        self.p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_face_their_normals() {
        let mut m = Mesher::new("t", 0);
        m.cuboid(Vec3::splat(-1.0), Vec3::splat(1.0));
        m.ring(Vec3::ZERO, 1.0, 2.0, 8);
        m.diamond(Vec3::new(5.0, 0.0, 0.0), 1.0);
        m.ribbon(Vec3::ZERO, Vec3::new(3.0, 0.0, 0.0), 0.5);
        let p = m.finish();
        let ns = p.normals.as_ref().unwrap();
        for t in p.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| Vec3::from(p.positions[i as usize]));
            assert!((b - a).cross(c - a).dot(Vec3::from(ns[t[0] as usize])) > 0.0, "counter-clockwise seen from its normal");
        }
    }

    #[test]
    fn copies_share_materials_and_renumber_nodes() {
        let mut src = Scene::default();
        let mut merge = Merge::default();
        let m = flat_material(&mut src, &mut merge, "red", [1.0, 0.0, 0.0, 1.0], 0.0);
        let mut mesh = Mesher::new("box", m);
        mesh.cuboid(Vec3::ZERO, Vec3::ONE);
        src.nodes.push(SceneNode { name: "a".into(), parent: None, local: Transform::IDENTITY, primitives: vec![mesh.finish()] });
        src.nodes.push(SceneNode { name: "b".into(), parent: Some(0), local: Transform::IDENTITY, primitives: Vec::new() });
        let (mut dst, mut merge) = (Scene::default(), Merge::default());
        let w1 = append(&mut dst, &src, 7, "one".into(), None, Transform::IDENTITY, &mut merge);
        let w2 = append(&mut dst, &src, 7, "two".into(), Some(w1 + 2), Transform::IDENTITY, &mut merge);
        assert_eq!((w1, w2), (0, 3));
        assert_eq!(dst.nodes[4].parent, Some(3));
        assert_eq!(dst.nodes[5].parent, Some(4));
        assert_eq!(dst.nodes[3].parent, Some(2));
        assert_eq!((dst.materials.len(), dst.resolved.len()), (1, 1), "one material for both copies, in step with its resolution");
    }
}
