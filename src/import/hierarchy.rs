//! The glTF node tree as an MSH node table: the order (parents before children, depth first
//! from the scene's roots), the names, the LOD and variant naming convention, and each node's
//! transform converted to Parkan's axes as a rigid transform (the engine's nodes carry a
//! rotation and a translation, no scale: any scale is baked into the vertices).

use super::gltf_read::{Gltf, NodeJ};
use crate::formats::msh::anim::Transform;
use crate::formats::msh::nodes::GridCell;
use crate::formats::message::Message;
use crate::formats::{Error, Result};
use crate::msg;
use glam::{Mat3, Mat4, Quat, Vec3};

/// A glTF node's local transform.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trs {
    pub t: Vec3,
    pub r: Quat,
    pub s: Vec3,
}

impl Trs {
    pub fn of(n: &NodeJ, index: usize) -> Result<Trs> {
        let trs = match n.matrix {
            Some(m) => {
                let (s, r, t) = Mat4::from_cols_array(&m).to_scale_rotation_translation();
                Trs { t, r, s }
            }
            None => Trs {
                t: Vec3::from(n.translation.unwrap_or([0.0; 3])),
                r: Quat::from_array(n.rotation.unwrap_or([0.0, 0.0, 0.0, 1.0])),
                s: Vec3::from(n.scale.unwrap_or([1.0; 3])),
            },
        };
        if !(trs.t.is_finite() && trs.r.is_finite() && trs.s.is_finite()) {
            return Err(Error::new(
                0,
                match n.name.as_deref() {
                    Some(name) => msg!("gltf-transform-not-finite", "node {index} ({name}): a transform value is not a finite number", index = index, name = name),
                    None => msg!("gltf-transform-not-finite-unnamed", "node {index} (unnamed): a transform value is not a finite number", index = index),
                },
            ));
        }
        let r = if trs.r.length() > 1e-6 { trs.r.normalize() } else { Quat::IDENTITY };
        Ok(Trs { r, ..trs })
    }
    fn unit_scale(&self) -> bool {
        (self.s - Vec3::ONE).abs().max_element() < 1e-6
    }
}

/// How glTF's axes become Parkan's: `p' = scale * M p`, with `M` a signed permutation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Axes {
    pub m: Mat3,
    pub scale: f32,
}

/// Which way is up in the glTF's data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Up {
    /// glTF's own convention (right-handed, y up): Parkan `(x, y, z)` = glTF `(x, z, y)`, the
    /// inverse of export (docs/formats/msh.md#axes-and-winding).
    #[default]
    Y,
    /// Data written z up, right-handed (a Blender scene exported without "+Y Up"): Parkan
    /// `(x, y, z)` = `(x, -y, z)`.
    Z,
}

impl Axes {
    pub fn new(up: Up, scale: f32) -> Axes {
        let m = match up {
            Up::Y => Mat3::from_cols(Vec3::X, Vec3::Z, Vec3::Y),
            Up::Z => Mat3::from_cols(Vec3::X, -Vec3::Y, Vec3::Z),
        };
        Axes { m, scale }
    }
    pub fn point(&self, p: Vec3) -> Vec3 {
        self.m * p * self.scale
    }
    pub fn vector(&self, v: Vec3) -> Vec3 {
        self.m * v
    }
    /// Both conversions are reflections: a rotation `(v, w)` becomes `(-M v, w)` (see
    /// `formats/msh/axes.rs`), and a triangle's last two corners swap.
    pub fn reflects(&self) -> bool {
        self.m.determinant() < 0.0
    }
    pub fn quat(&self, q: Quat) -> Quat {
        let sign = if self.reflects() { -1.0 } else { 1.0 };
        let v = self.m * Vec3::new(q.x, q.y, q.z) * sign;
        Quat::from_xyzw(v.x, v.y, v.z, q.w)
    }
    /// A per-axis scale in Parkan's axes (the permutation applied, signs dropped).
    fn scale_vec(&self, s: Vec3) -> Vec3 {
        (self.m * s).abs()
    }
}

/// A node whose name ends in the LOD / variant convention (docs/formats/msh.md#import):
/// `NAME_LOD1`..`_LOD3`, `NAME_VAR1`, `_VAR2` (damage variants), `NAME_FP` (first-person
/// view), combinable as `NAME_VAR1_LOD2`. Returns the base name and the cell.
pub fn lod_suffix(name: &str) -> Option<(&str, GridCell)> {
    let (mut lod, mut variant, mut found) = (0usize, 0usize, false);
    let mut rest = name;
    loop {
        let upper = rest.to_ascii_uppercase();
        let cut = |suffix_len: usize| &rest[..rest.len() - suffix_len];
        if upper.len() > 5 && upper.as_bytes()[upper.len() - 5..upper.len() - 1] == *b"_LOD" {
            let d = (upper.as_bytes()[upper.len() - 1] as char).to_digit(10)? as usize;
            if d > 3 {
                return None;
            }
            lod = d;
        } else if upper.len() > 5 && upper.as_bytes()[upper.len() - 5..upper.len() - 1] == *b"_VAR" {
            let d = (upper.as_bytes()[upper.len() - 1] as char).to_digit(10)? as usize;
            if d > 2 {
                return None;
            }
            variant = d;
        } else if upper.len() > 3 && upper.ends_with("_FP") {
            rest = cut(3);
            lod = 4;
            found = true;
            continue;
        } else {
            break;
        }
        rest = cut(5);
        found = true;
    }
    (found && !rest.is_empty()).then(|| (rest, GridCell::new(variant, lod).ok()).1.map(|c| (rest, c))).flatten()
}

/// The MSH node table's shape.
#[derive(Debug, Clone, Default)]
pub struct Tree {
    /// glTF node index of each MSH node, in MSH order.
    pub gltf: Vec<usize>,
    /// MSH parent of each MSH node.
    pub parent: Vec<Option<usize>>,
    /// glTF nodes whose mesh goes into another node's cell: (glTF node, MSH node, cell).
    pub cells: Vec<(usize, usize, GridCell)>,
    /// MSH node of each glTF node (`None`: not in the scene, or a LOD node).
    pub msh_of: Vec<Option<usize>>,
    pub warnings: Vec<Message>,
}

/// Orders the scene's nodes depth first from its roots (glTF's scene, else every node that is
/// nobody's child), checking that every node has at most one parent and no cycle.
pub fn tree(g: &Gltf) -> Result<Tree> {
    let nodes = &g.doc.nodes;
    let mut parent_of: Vec<Option<usize>> = vec![None; nodes.len()];
    for (i, n) in nodes.iter().enumerate() {
        for &c in &n.children {
            if c >= nodes.len() {
                return Err(Error::new(0, msg!("gltf-child-missing", "node {i} names child {c}; the file has {count} nodes", i = i, c = c, count = nodes.len())));
            }
            if let Some(p) = parent_of[c] {
                return Err(Error::new(0, msg!("gltf-two-parents", "node {c} is a child of both node {p} and node {i} (glTF allows one parent)", c = c, p = p, i = i)));
            }
            parent_of[c] = Some(i);
        }
    }
    let roots: Vec<usize> = match g.doc.scene.or((!g.doc.scenes.is_empty()).then_some(0)) {
        Some(s) => g.doc.scenes.get(s).ok_or_else(|| Error::new(0, msg!("gltf-scene-missing", "scene {s} does not exist", s = s)))?.nodes.clone(),
        None => (0..nodes.len()).filter(|&i| parent_of[i].is_none()).collect(),
    };
    let mut t = Tree { msh_of: vec![None; nodes.len()], ..Tree::default() };
    let mut seen = vec![false; nodes.len()];
    let mut stack: Vec<usize> = roots.iter().rev().copied().collect();
    let mut order = Vec::new();
    while let Some(i) = stack.pop() {
        let node = nodes.get(i).ok_or_else(|| Error::new(0, msg!("gltf-scene-node-missing", "the scene names node {i}; the file has {count} nodes", i = i, count = nodes.len())))?;
        if std::mem::replace(&mut seen[i], true) {
            return Err(Error::new(0, msg!("gltf-node-reached-twice", "node {i} is reached twice from the scene (a cycle, or a root that is also a child)", i = i)));
        }
        order.push(i);
        stack.extend(node.children.iter().rev());
    }
    let skipped = seen.iter().filter(|s| !**s).count();
    if skipped > 0 {
        t.warnings.push(msg!("import-nodes-outside-scene", "{count} nodes are not in the scene and were left out", count = skipped));
    }
    let name_of = |i: usize| nodes[i].name.clone().unwrap_or_default();
    // Upper-cased names of the MSH nodes placed so far, each its first node.
    let mut by_name: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for &i in &order {
        // A LOD / variant node: childless, with its base node among its ancestors' children.
        let lod = lod_suffix(&nodes[i].name.clone().unwrap_or_default()).map(|(b, c)| (b.to_string(), c));
        if let Some((base, cell)) = lod.filter(|_| nodes[i].children.is_empty()) {
            match by_name.get(&base.to_ascii_uppercase()) {
                Some(&m) => {
                    t.cells.push((i, m, cell));
                    continue;
                }
                None => t.warnings.push(msg!(
                    "import-lod-without-base",
                    "node {name} looks like a LOD or variant of {base}, but no node {base} comes before it: imported as a node of its own",
                    name = name_of(i),
                    base = &base
                )),
            }
        }
        let parent = msh_parent(&parent_of, &t.msh_of, i);
        by_name.entry(name_of(i).to_ascii_uppercase()).or_insert(t.gltf.len());
        t.msh_of[i] = Some(t.gltf.len());
        t.gltf.push(i);
        t.parent.push(parent);
    }
    Ok(t)
}

fn msh_parent(parent_of: &[Option<usize>], msh_of: &[Option<usize>], mut i: usize) -> Option<usize> {
    while let Some(p) = parent_of[i] {
        if let Some(m) = msh_of[p] {
            return Some(m);
        }
        i = p;
    }
    None
}

/// Every MSH node's rigid local transform in Parkan's axes, and for each glTF node the matrix
/// that takes its mesh's (already axis-converted) vertices into its MSH node's space (`None`:
/// none needed, the node has no scale anywhere above it).
pub struct Placed {
    pub locals: Vec<Transform>,
    pub worlds: Vec<Transform>,
    pub vertex: Vec<Option<Mat4>>,
}

fn rigid_inverse(t: &Transform) -> Transform {
    let r = t.rotation.conjugate();
    Transform { rotation: r, translation: -(r * t.translation) }
}

fn rigid_mat(t: &Transform) -> Mat4 {
    Mat4::from_rotation_translation(t.rotation, t.translation)
}

/// Places the nodes for one set of glTF transforms (the rest pose, or a frame).
pub fn place(tree: &Tree, g: &Gltf, trs: &[Trs], axes: &Axes) -> Placed {
    let n = g.doc.nodes.len();
    let mut parent_of: Vec<Option<usize>> = vec![None; n];
    for (i, node) in g.doc.nodes.iter().enumerate() {
        for &c in &node.children {
            if c < n {
                parent_of[c] = Some(i);
            }
        }
    }
    let order: Vec<usize> = tree.gltf.iter().copied().chain(tree.cells.iter().map(|c| c.0)).collect();
    let scaled = order.iter().any(|&i| !trs[i].unit_scale());
    // Parkan-space rigid world of every glTF node in the tree, and the affine one when scaled.
    let mut world: Vec<Option<Transform>> = vec![None; n];
    let mut affine: Vec<Option<Mat4>> = vec![None; n];
    let ensure = |i: usize, world: &mut Vec<Option<Transform>>, affine: &mut Vec<Option<Mat4>>| {
        let mut chain = vec![i];
        while let Some(p) = parent_of[*chain.last().unwrap_or(&i)].filter(|&p| world[p].is_none()) {
            if chain.contains(&p) {
                break;
            }
            chain.push(p);
        }
        for &k in chain.iter().rev() {
            let local = Transform { rotation: axes.quat(trs[k].r), translation: axes.point(trs[k].t) };
            let parent = parent_of[k].and_then(|p| world[p]);
            world[k] = Some(match parent {
                Some(pw) => pw.then(&local),
                None => local,
            });
            if scaled {
                let m = Mat4::from_scale_rotation_translation(axes.scale_vec(trs[k].s), local.rotation, local.translation);
                let a = parent_of[k].and_then(|p| affine[p]).map_or(m, |pa| pa * m);
                affine[k] = Some(a);
                let (_, r, t) = a.to_scale_rotation_translation();
                world[k] = Some(Transform { rotation: if r.is_finite() { r.normalize() } else { Quat::IDENTITY }, translation: t });
            }
        }
    };
    for &i in &order {
        ensure(i, &mut world, &mut affine);
    }
    let w = |i: usize| world[i].unwrap_or_default();
    let mut placed = Placed { locals: Vec::with_capacity(tree.gltf.len()), worlds: Vec::new(), vertex: vec![None; n] };
    for (m, &i) in tree.gltf.iter().enumerate() {
        let local = match tree.parent[m] {
            // Without scale a node's local is its own glTF local converted (exactly as exported).
            _ if !scaled && tree.parent[m].map(|p| tree.gltf[p]) == parent_of[i] => {
                Transform { rotation: axes.quat(trs[i].r), translation: axes.point(trs[i].t) }
            }
            Some(p) => rigid_inverse(&w(tree.gltf[p])).then(&w(i)),
            None => w(i),
        };
        placed.locals.push(local);
        placed.worlds.push(w(i));
        if scaled {
            placed.vertex[i] = affine[i].map(|a| rigid_mat(&rigid_inverse(&w(i))) * a);
        }
    }
    for &(i, m, _) in &tree.cells {
        let base = w(tree.gltf[m]);
        let into_base = match (scaled, affine[i]) {
            (true, Some(a)) => rigid_mat(&rigid_inverse(&base)) * a,
            _ => rigid_mat(&rigid_inverse(&base).then(&w(i))),
        };
        placed.vertex[i] = Some(into_base);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::msh::axes::{parkan_quat_to_gltf, parkan_to_gltf};

    #[test]
    fn lod_names() {
        assert_eq!(lod_suffix("HULL_LOD1"), Some(("HULL", GridCell::new(0, 1).unwrap())));
        assert_eq!(lod_suffix("hull_var2_lod3"), Some(("hull", GridCell::new(2, 3).unwrap())));
        assert_eq!(lod_suffix("GUN_FP"), Some(("GUN", GridCell::new(0, 4).unwrap())));
        assert_eq!(lod_suffix("HULL"), None);
        assert_eq!(lod_suffix("_LOD1"), None);
        assert_eq!(lod_suffix("HULL_LOD7"), None);
        assert_eq!(lod_suffix("HULL_LODX"), None);
    }

    #[test]
    fn axes_invert_export() {
        let a = Axes::new(Up::Y, 1.0);
        let p = [1.0, 2.0, 3.0];
        assert_eq!(a.point(Vec3::from(parkan_to_gltf(p))), Vec3::from(p));
        let q = Quat::from_euler(glam::EulerRot::XYZ, 0.3, -1.1, 0.7);
        let back = a.quat(Quat::from_array(parkan_quat_to_gltf(q)));
        assert!(back.abs_diff_eq(q, 1e-6));
        assert!(a.reflects() && Axes::new(Up::Z, 2.0).reflects());
        assert_eq!(Axes::new(Up::Z, 2.0).point(Vec3::new(1.0, 2.0, 3.0)), Vec3::new(2.0, -4.0, 6.0));
    }
}
