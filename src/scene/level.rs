//! An X-Ray level as the game draws it: the `level` file's visuals resolved against the
//! level.geom beside it (and level.geomx for FASTPATH), docs/formats/xray-level.md. One
//! node per visual in the hierarchy (sectors, then hierarchy and LOD visuals, then their
//! children; visuals no sector reaches follow as roots), each geometry visual with its window-0
//! triangles, trees under their TREEDEF2 placement, one material per shader with a stable
//! colour (the `.dds` textures are not in the level). LOD facets, FASTPATH geometry and the
//! portals are optional layers. Coordinates go to glTF's frame `(x, y, -z)`, a reflection, so each
//! triangle's last two corners swap.

use super::types::{BoundShape, Finite, Primitive, Scene, SceneBound, SceneMaterial, SceneNode, SourceAxes, reverse_winding};
pub use crate::doc::resolve::level::{LevelFiles, is_level};
use crate::doc::resolve::{AssetSource, Found};
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::anim::Transform;
use crate::formats::msh::axes::xray_to_gltf;
use crate::formats::readings::Readings;
use crate::formats::xray_geom::{VertexBuffer, decode_for_display, decode_hemi};
use crate::formats::xray_level::draw::DrawCall;
use crate::formats::xray_level::visual::{MT_HIERRARHY, MT_LOD};
use crate::formats::xray_level::{Level, TreeDef};
use crate::formats::{Diagnostic, Result};
use glam::{Mat3, Quat, Vec3};

/// The optional layers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LevelLayers {
    /// The LOD visuals' 8 impostor quads.
    pub lod_facets: bool,
    /// FASTPATH geometry from level.geomx (the shadow-pass copy).
    pub fastpath: bool,
    /// The portals between sectors, translucent and seen from both sides.
    pub portals: bool,
}

/// A stable colour per shader name (FNV-1a hashed to a hue), so a shader keeps its colour
/// between runs and levels.
pub fn shader_colour(name: &str) -> [f32; 4] {
    let mut h: u32 = 0x811C_9DC5;
    for b in name.bytes() {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    let hue = (h % 360) as f32 / 60.0;
    let (s, v) = (0.55 + ((h >> 12) % 30) as f32 / 100.0, 0.75 + ((h >> 20) % 20) as f32 / 100.0);
    let c = v * s;
    let x = c * (1.0 - (hue % 2.0 - 1.0).abs());
    let (r, g, b) = match hue as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [r + m, g + m, b + m, 1.0]
}

/// A tree's placement in glTF's frame when its matrix is a rotation and a translation; `None`
/// for a scale, shear or mirror (then its vertices are placed one by one).
pub fn rigid_placement(t: &TreeDef) -> Option<Transform> {
    let m = &t.xform;
    // Row vectors: rows 0..2 are the images of x, y and z, the columns of the column-vector R.
    let r = Mat3::from_cols(Vec3::new(m[0], m[1], m[2]), Vec3::new(m[4], m[5], m[6]), Vec3::new(m[8], m[9], m[10]));
    let s = Mat3::from_diagonal(Vec3::new(1.0, 1.0, -1.0));
    let g = s * r * s;
    let ortho = (g.transpose() * g - Mat3::IDENTITY).to_cols_array().iter().all(|e| e.abs() < 1e-4);
    if !ortho || g.determinant() < 0.0 || !g.is_finite() {
        return None;
    }
    Some(Transform { rotation: Quat::from_mat3(&g).normalize(), translation: Vec3::from(xray_to_gltf([m[12], m[13], m[14]])) })
}

/// The order nodes are made in: each sector's root and below (children depth first), then
/// every visual no sector reaches. Each visual appears once, under its first parent.
fn node_order(level: &Level) -> Vec<(usize, Option<usize>)> {
    let n = level.visuals.len();
    let mut seen = vec![false; n];
    let mut out = Vec::with_capacity(n);
    let visit = |root: usize, out: &mut Vec<(usize, Option<usize>)>, seen: &mut [bool]| {
        let mut stack = vec![(root, None)];
        while let Some((v, parent)) = stack.pop() {
            if v >= n || seen[v] {
                continue;
            }
            seen[v] = true;
            out.push((v, parent));
            if let Some(ch) = &level.visuals[v].children
                && matches!(level.visuals[v].ty(), Some(MT_HIERRARHY | MT_LOD))
            {
                stack.extend(ch.ids.iter().rev().map(|&c| (c as usize, Some(v))));
            }
        }
    };
    for s in &level.sectors {
        if let Some(r) = s.root {
            visit(r as usize, &mut out, &mut seen);
        }
    }
    for v in 0..n {
        visit(v, &mut out, &mut seen);
    }
    out
}

/// One draw call's primitive: the visual's vertex range of `vb`, decoded on its own (only the
/// vertices drawn are touched, and each array is converted where it lies), in glTF's frame
/// (through the tree matrix when `tree`'s flag asks it baked in), indices relative to the
/// range, winding reversed. The hemisphere factor comes from the packed normal's 4th byte; a
/// tree's (`tree`) is that byte through its TREEDEF2 scale and bias, which give its rgb too
/// (`c_scale * byte + c_bias`, as the engine's tree shaders unpack them). `None` when the
/// range has no positions (a declaration without POSITION).
fn primitive(d: &DrawCall, vb: &VertexBuffer, readings: &Readings, tree: Option<(&TreeDef, bool)>, material: Option<usize>, label: String, finite: &mut Finite) -> Option<Primitive> {
    let stride = vb.stride();
    let start = (d.range.vbase as usize).checked_mul(stride)?;
    let end = ((d.range.vbase + d.range.vcount) as usize).checked_mul(stride)?;
    let range = VertexBuffer { decl: vb.decl.clone(), vertex_count: d.range.vcount, data: vb.data.slice(start..end.min(vb.data.len()).max(start)) };
    let a = decode_for_display(&range, readings);
    if a.positions.len() != d.range.vcount as usize {
        return None;
    }
    let mut p = Primitive { label, material, positions: a.positions, normals: a.normals, uv0: a.uv0, uv1: a.uv_lightmap, colors: a.colors, hemi: decode_hemi(&range), ..Primitive::default() };
    if let (Some((t, _)), Some(hemi)) = (tree, p.hemi.as_mut()) {
        let unpack = |k: usize, h: f32| t.c_scale[k] * h + t.c_bias[k];
        if p.colors.is_none() {
            p.colors = Some(hemi.iter().map(|&h| [unpack(0, h), unpack(1, h), unpack(2, h), 1.0]).collect());
        }
        for h in hemi.iter_mut() {
            *h = unpack(3, *h);
        }
    }
    let bake = tree.filter(|(_, bake)| *bake).map(|(t, _)| t);
    for v in &mut p.positions {
        *v = finite.v3(xray_to_gltf(bake.map_or(*v, |t| t.apply_point(*v))));
    }
    for n in p.normals.iter_mut().flatten() {
        let turned = bake.map_or(*n, |t| t.apply_vector(*n));
        *n = Vec3::from(finite.v3(xray_to_gltf(turned))).try_normalize().unwrap_or(Vec3::Y).into();
    }
    for uv in p.uv0.iter_mut().chain(p.uv1.iter_mut()).flatten() {
        *uv = finite.v2(*uv);
    }
    for c in p.colors.iter_mut().flatten() {
        *c = finite.v4(*c);
    }
    // The axis change is a reflection, so each triangle's last two corners swap; a mirroring
    // matrix baked in flips them back.
    let mirrored = bake.is_some_and(|t| Mat3::from_cols_array(&[t.xform[0], t.xform[1], t.xform[2], t.xform[4], t.xform[5], t.xform[6], t.xform[8], t.xform[9], t.xform[10]]).determinant() < 0.0);
    p.indices = d.indices.clone();
    if !mirrored {
        reverse_winding(&mut p.indices);
    }
    Some(p)
}

/// The label of a visual's main primitive: the viewport maps picks back through it.
pub fn visual_label(visual: usize) -> String {
    format!("visual {visual}")
}

/// Builds the scene of an opened level.
pub fn level_scene(name: &str, files: &LevelFiles, readings: &Readings, layers: LevelLayers) -> Scene {
    let level = &files.level;
    let mut scene = Scene { name: name.to_string(), axes: SourceAxes::XRay, diagnostics: files.diagnostics.clone(), notes: files.notes.clone(), ..Scene::default() };
    // One material per shader entry (entry 0, none, included so indices match).
    let mut used = vec![false; level.shaders.len().max(1)];
    for d in &files.resolved.draws {
        if let Some(u) = used.get_mut(d.shader as usize) {
            *u = true;
        }
    }
    let mut material_of = vec![None; used.len()];
    for (k, s) in level.shaders.iter().enumerate() {
        if used[k] || (layers.lod_facets && level.visuals.iter().any(|v| v.loddef.is_some() && v.shader() as usize == k)) {
            material_of[k] = Some(scene.materials.len());
            let name = s.name();
            scene.materials.push(SceneMaterial { base_color: shader_colour(&name), name, emissive: [0.0; 3], texture: None, cell_uv: None, blend: false });
        }
    }
    let fastpath_material = layers.fastpath.then(|| {
        scene.materials.push(SceneMaterial { name: "FASTPATH (level.geomx)".into(), base_color: [0.55, 0.55, 0.6, 1.0], emissive: [0.0; 3], texture: None, cell_uv: None, blend: false });
        scene.materials.len() - 1
    });
    let vbs = files.geom.as_ref().map_or(&[][..], |g| g.vertex_buffers());
    let fast_vbs = files.geomx.as_ref().map_or(&[][..], |g| g.vertex_buffers());
    let mut finite = Finite::default();
    let mut node_of = vec![usize::MAX; level.visuals.len()];
    let mut sector_node = Vec::new();
    for s in &level.sectors {
        sector_node.push((s.root, scene.nodes.len()));
        scene.nodes.push(SceneNode { name: format!("sector_{}", s.index), parent: None, local: Transform::IDENTITY, primitives: Vec::new() });
    }
    let fastpath_of = |v: usize| files.resolved.fastpath.binary_search_by_key(&v, |d| d.visual).ok().map(|k| &files.resolved.fastpath[k]);
    for (v, parent) in node_order(level) {
        let visual = &level.visuals[v];
        let parent_node = match parent {
            Some(p) => Some(node_of[p]),
            None => sector_node.iter().find(|(r, _)| *r == Some(v as u32)).map(|(_, n)| *n),
        };
        let mut node = SceneNode { name: format!("visual_{v}_{}", visual.type_name()), parent: parent_node, local: Transform::IDENTITY, primitives: Vec::new() };
        if let Some(d) = files.resolved.draw_of(v) {
            let material = material_of.get(d.shader as usize).copied().flatten();
            let tree = visual.treedef.filter(|_| d.xform.is_some());
            let placed = tree.as_ref().and_then(rigid_placement);
            if let Some(t) = placed {
                node.local = finite.transform(t);
            }
            match vbs.get(d.range.vb as usize).and_then(|vb| primitive(d, vb, readings, tree.as_ref().map(|t| (t, placed.is_none())), material, visual_label(v), &mut finite)) {
                Some(p) => node.primitives.push(p),
                None => scene.diagnostics.push(Diagnostic::error(
                    visual.offset,
                    crate::msg!("scene-visual-no-positions", "visual {v}: vertex buffer {vb} has no positions; not drawn", v = v, vb = d.range.vb),
                )),
            }
            if let (Some(fd), Some(m)) = (fastpath_of(v), fastpath_material)
                && let Some(p) = fast_vbs.get(fd.range.vb as usize).and_then(|vb| primitive(fd, vb, readings, None, Some(m), format!("visual {v} FASTPATH"), &mut finite))
            {
                node.primitives.push(p);
            }
        }
        if layers.lod_facets
            && let Some(lod) = &visual.loddef
        {
            let mut p = Primitive { label: format!("visual {v} LOD facets"), material: material_of.get(visual.shader() as usize).copied().flatten(), ..Primitive::default() };
            let (mut uv, mut colors, mut hemi) = (Vec::new(), Vec::new(), Vec::new());
            for (f, quad) in lod.facets.iter().enumerate() {
                let k = 4 * f as u32;
                for c in quad {
                    p.positions.push(finite.v3(xray_to_gltf(c.position)));
                    uv.push(finite.v2(c.uv));
                    // A D3DCOLOR: hemi in the top byte, then r, g, b.
                    let byte = |shift: u32| ((c.rgbh >> shift) & 0xFF) as f32 / 255.0;
                    colors.push([byte(16), byte(8), byte(0), 1.0]);
                    hemi.push(byte(24));
                }
                p.indices.extend_from_slice(&[k, k + 1, k + 2, k, k + 2, k + 3]);
            }
            (p.uv0, p.colors, p.hemi) = (Some(uv), Some(colors), Some(hemi));
            reverse_winding(&mut p.indices);
            node.primitives.push(p);
        }
        node_of[v] = scene.nodes.len();
        scene.nodes.push(node);
    }
    if layers.portals && !level.portals.is_empty() {
        scene.materials.push(SceneMaterial { name: "portals".into(), base_color: [1.0, 0.8, 0.2, 0.35], emissive: [0.0; 3], texture: None, cell_uv: None, blend: true });
        let mut p = Primitive { label: "portals".into(), material: Some(scene.materials.len() - 1), normals: Some(Vec::new()), ..Primitive::default() };
        for portal in &level.portals {
            let used = (portal.used as usize).min(portal.vertices.len());
            if used < 3 {
                continue;
            }
            let corners: Vec<Vec3> = portal.vertices[..used].iter().map(|&v| Vec3::from(finite.v3(xray_to_gltf(v)))).collect();
            let n = (corners[1] - corners[0]).cross(corners[2] - corners[0]).try_normalize().unwrap_or(Vec3::Y);
            // Both faces: the portal is seen from either sector.
            for (normal, flip) in [(n, false), (-n, true)] {
                let first = p.positions.len() as u32;
                for c in &corners {
                    p.positions.push((*c).into());
                    if let Some(ns) = p.normals.as_mut() {
                        ns.push(normal.into());
                    }
                }
                for k in 1..used as u32 - 1 {
                    let (b, c) = if flip { (first + k + 1, first + k) } else { (first + k, first + k + 1) };
                    p.indices.extend_from_slice(&[first, b, c]);
                }
            }
        }
        scene.nodes.push(SceneNode { name: "portals".into(), parent: None, local: Transform::IDENTITY, primitives: vec![p] });
    }
    for s in &level.sectors {
        if let Some(h) = s.root.and_then(|r| level.visuals.get(r as usize)).and_then(|v| v.header) {
            let (a, b) = (xray_to_gltf(h.bbox_min), xray_to_gltf(h.bbox_max));
            let shape = BoundShape::Box { min: [a[0], a[1], b[2]], max: [b[0], b[1], a[2]] };
            scene.bounds.push(SceneBound { node: None, label: format!("sector {} root box", s.index), shape });
        }
    }
    let r = &files.resolved;
    scene.notes.push(crate::msg!(
        "scene-level-summary",
        "level version {version}: {visuals} visuals, {drawn} drawn ({triangles} triangles), {skipped} skipped; {sectors} sectors, {portals} portals, {lights} lights, {glows} glows",
        version = level.header.version,
        visuals = level.visuals.len(),
        drawn = r.draws.len(),
        triangles = r.triangle_count(),
        skipped = r.skipped.len(),
        sectors = level.sectors.len(),
        portals = level.portals.len(),
        lights = level.light_count,
        glows = level.glows.len()
    ));
    scene.diagnostics.extend(finite.diagnostic());
    scene
}

/// The level scene of an item: a `level`, or a `level.geom` with a readable `level` beside it
/// (the level view replaces the point cloud then). `None` for anything else.
pub fn level_item_scene(name: &str, bytes: &SharedBytes, assets: &dyn AssetSource, readings: &Readings, layers: LevelLayers) -> Result<Option<Scene>> {
    if is_level(name, bytes) {
        let files = LevelFiles::open(bytes.clone(), assets)?;
        return Ok(Some(level_scene(name, &files, readings, layers)));
    }
    if !name.to_ascii_lowercase().ends_with(".geom") {
        return Ok(None);
    }
    let Found::Yes(beside) = assets.beside("level") else { return Ok(None) };
    if !Level::sniff(&beside.bytes) {
        return Ok(None);
    }
    let Ok(files) = LevelFiles::open(beside.bytes.clone(), assets) else { return Ok(None) };
    let mut scene = level_scene(name, &files, readings, layers);
    scene.notes.insert(0, crate::msg!("scene-through-level", "drawn through the level file beside it ({origin})", origin = beside.origin));
    Ok(Some(scene))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::resolve::MemoryAssets;
    use crate::fixtures::xray_level::{BAD_VISUAL, EXPECTED_TRIANGLES, TREES, level_set};

    fn built(layers: LevelLayers) -> (Scene, LevelFiles) {
        let set = level_set();
        let assets = MemoryAssets::from_files(set.files());
        let files = LevelFiles::open(SharedBytes::from(set.level), &assets).unwrap();
        (level_scene("level", &files, &Readings::default(), layers), files)
    }

    #[test]
    fn one_node_per_visual_in_the_hierarchy_with_the_fixture_triangles() {
        let (s, files) = built(LevelLayers::default());
        assert_eq!(s.nodes.len(), 2 + files.level.visuals.len());
        assert_eq!(s.triangle_count(), EXPECTED_TRIANGLES.iter().map(|e| e.1).sum::<usize>());
        for (v, n) in EXPECTED_TRIANGLES {
            let node = s.nodes.iter().find(|x| x.name.starts_with(&format!("visual_{v}_"))).unwrap();
            assert_eq!(node.primitives.iter().map(Primitive::triangle_count).sum::<usize>(), n, "visual {v}");
        }
        // sector_0 -> visual 11 -> 8 -> 0..2, 9 -> 6 (LOD) -> trees; sector_1 -> visual 10.
        let idx = |name: &str| s.nodes.iter().position(|n| n.name.starts_with(name)).unwrap();
        assert_eq!(s.nodes[idx("visual_11_")].parent, Some(idx("sector_0")));
        assert_eq!(s.nodes[idx("visual_0_")].parent, Some(idx("visual_8_")));
        assert_eq!(s.nodes[idx("visual_3_")].parent, Some(idx("visual_6_")));
        assert_eq!(s.nodes[idx("visual_10_")].parent, Some(idx("sector_1")));
        assert!(s.nodes[idx(&format!("visual_{BAD_VISUAL}_"))].primitives.is_empty());
        assert!(s.diagnostics.iter().any(|d| d.message.starts_with("visual 7 (normal)")));
        // Trees carry their placement as node transforms, not baked.
        for t in TREES {
            assert_ne!(s.nodes[idx(&format!("visual_{t}_"))].local, Transform::IDENTITY);
        }
        // One material per shader used, each its own colour.
        assert_eq!(s.materials.len(), 4);
        assert_ne!(s.materials[0].base_color, s.materials[1].base_color);
        assert_eq!(shader_colour("x"), shader_colour("x"));
    }

    #[test]
    fn placement_and_winding_survive_the_axis_change() {
        let (s, files) = built(LevelLayers::default());
        let world = s.world_transforms();
        for (k, n) in s.nodes.iter().enumerate() {
            for p in &n.primitives {
                let normals = p.normals.as_ref().unwrap();
                for t in p.indices.chunks_exact(3) {
                    let [a, b, c] = [0, 1, 2].map(|j| world[k].apply_point(Vec3::from(p.positions[t[j] as usize])));
                    let nn = world[k].apply_vector(Vec3::from(normals[t[0] as usize]));
                    // glTF front faces are counter-clockwise: (b - a) x (c - a) along the normal.
                    assert!((b - a).cross(c - a).dot(nn) > 0.0, "{} {t:?}", n.name);
                }
            }
        }
        // A tree's vertices, placed by the node transform, land inside its header box.
        for t in TREES {
            let k = s.nodes.iter().position(|n| n.name.starts_with(&format!("visual_{t}_"))).unwrap();
            let h = files.level.visuals[t].header.unwrap();
            let (lo, hi) = (Vec3::from(xray_to_gltf(h.bbox_min)), Vec3::from(xray_to_gltf(h.bbox_max)));
            let (lo, hi) = (lo.min(hi) - 1e-3, lo.max(hi) + 1e-3);
            for p in &s.nodes[k].primitives[0].positions {
                let w = world[k].apply_point(Vec3::from(*p));
                assert!(w.cmpge(lo).all() && w.cmple(hi).all(), "tree {t}: {w} outside {lo}..{hi}");
            }
        }
    }

    #[test]
    fn layers_add_facets_and_fastpath() {
        let (base, _) = built(LevelLayers::default());
        let (s, _) = built(LevelLayers { lod_facets: true, fastpath: true, portals: true });
        // 8 facet quads, the FASTPATH terrain and window 0 of its grid, one 4-corner portal
        // from both sides.
        assert_eq!(s.triangle_count(), base.triangle_count() + 16 + 32 + 18 + 4);
        assert!(s.primitives().any(|p| p.label == "visual 6 LOD facets"));
        assert!(s.materials.iter().any(|m| m.name.starts_with("FASTPATH")));
    }

    #[test]
    fn hemi_and_colours_come_from_the_vertices_trees_and_facets() {
        let (s, _) = built(LevelLayers { lod_facets: true, ..LevelLayers::default() });
        let prim = |label: &str| s.primitives().find(|p| p.label == label).unwrap();
        let near = |a: f32, b: f32| (a - b).abs() < 1e-5;
        // The entity box: its colour element (stored b, g, r = 40, 120, 220), hemi byte 200.
        let b = prim("visual 1");
        assert!(b.hemi.as_ref().unwrap().iter().all(|&h| near(h, 200.0 / 255.0)));
        assert!(b.colors.as_ref().unwrap().iter().all(|c| near(c[0], 220.0 / 255.0) && near(c[1], 120.0 / 255.0) && near(c[2], 40.0 / 255.0)));
        // The brush terrain has hemi but no colour element.
        assert!(prim("visual 0").hemi.is_some() && prim("visual 0").colors.is_none());
        // A tree: byte 200 through its TREEDEF2 scale (1, 1, 1, 0.6) and bias (0, 0, 0, 0.1).
        for t in TREES {
            let p = prim(&visual_label(t));
            let h = 200.0 / 255.0;
            assert!(p.hemi.as_ref().unwrap().iter().all(|&x| near(x, h * 0.6 + 0.1)), "tree {t}");
            assert!(p.colors.as_ref().unwrap().iter().all(|c| near(c[0], h) && near(c[1], h) && near(c[2], h)), "tree {t}");
        }
        // The LOD facets: rgbh 0x80FFFFFF.
        let f = prim("visual 6 LOD facets");
        assert!(f.hemi.as_ref().unwrap().iter().all(|&x| near(x, 128.0 / 255.0)));
        assert!(f.colors.as_ref().unwrap().iter().all(|c| *c == [1.0; 4]));
    }

    #[test]
    fn a_non_rigid_tree_matrix_is_baked() {
        let mut t = TreeDef { xform: crate::fixtures::xray_level::tree_matrix(30.0, [1.0, 2.0, 3.0]), c_scale: [0.0; 5], c_bias: [0.0; 5], old: false };
        let r = rigid_placement(&t).unwrap();
        let p = [0.3, 1.0, -2.0];
        let direct = Vec3::from(xray_to_gltf(t.apply_point(p)));
        assert!((r.apply_point(Vec3::from(xray_to_gltf(p))) - direct).length() < 1e-5);
        t.xform[0] *= 2.0;
        assert!(rigid_placement(&t).is_none());
    }
}
