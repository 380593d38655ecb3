//! A [`Scene`] as Wavefront OBJ with an MTL library and PNG textures. OBJ has no hierarchy
//! and no animation, so every vertex is placed by its node's scene transform (the pose the
//! scene was built at); point clouds become `p` statements. Axes are glTF's (y up,
//! counter-clockwise front faces), which is what OBJ importers expect.

use crate::scene::materials::unique;
use crate::scene::{Scene, safe_stem};
use crate::formats::texm::png::png_bytes;
use crate::formats::{Result, cp1251};
use glam::Vec3;
use std::fmt::Write as _;

/// Point indices per `p` statement (keeps lines short for line-based readers).
const POINTS_PER_LINE: usize = 16;

/// `(file name, bytes)` of an OBJ export named `stem`: `stem.obj`, `stem.mtl` when the scene
/// has materials, and `stem_<texture>.png` per texture.
pub fn obj_files(scene: &Scene, stem: &str) -> Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    let mut used = Vec::new();
    let material_names: Vec<String> = scene.materials.iter().map(|m| unique(safe_stem(&m.name), &mut used)).collect();
    let texture_files: Vec<String> = scene.textures.iter().map(|t| format!("{stem}_{}.png", t.stem)).collect();
    let mtl_name = format!("{stem}.mtl");

    let mut obj = String::new();
    // Writing into a String cannot fail; the results are ignored for that reason.
    let _ = writeln!(obj, "# {} exported by parkan-studio {}", scene.name, env!("CARGO_PKG_VERSION"));
    for note in &scene.notes {
        let _ = writeln!(obj, "# {note}");
    }
    if !scene.materials.is_empty() {
        let _ = writeln!(obj, "mtllib {mtl_name}");
    }
    let world = scene.world_transforms();
    let mut base = 1usize;
    for (ni, node) in scene.nodes.iter().enumerate() {
        let w = world[ni];
        for (k, p) in node.primitives.iter().filter(|p| p.is_drawable()).enumerate() {
            let _ = writeln!(obj, "o {}_{k}", safe_stem(&node.name));
            let _ = writeln!(obj, "# {}", p.label);
            if let Some(name) = p.material.and_then(|m| material_names.get(m)) {
                let _ = writeln!(obj, "usemtl {name}");
            }
            for &v in &p.positions {
                let q = w.apply_point(Vec3::from(v));
                let _ = writeln!(obj, "v {} {} {}", q.x, q.y, q.z);
            }
            let normals = p.normals.as_ref().filter(|n| n.len() == p.positions.len());
            for &n in normals.into_iter().flatten() {
                let q = w.apply_vector(Vec3::from(n));
                let _ = writeln!(obj, "vn {} {} {}", q.x, q.y, q.z);
            }
            let uvs = p.uv0.as_ref().filter(|u| u.len() == p.positions.len());
            // OBJ's v runs up from the bottom; Direct3D's (and glTF's) down from the top.
            for &[u, v] in uvs.into_iter().flatten() {
                let _ = writeln!(obj, "vt {u} {}", 1.0 - v);
            }
            if p.points {
                let all: Vec<usize> = (0..p.positions.len()).map(|i| base + i).collect();
                for line in all.chunks(POINTS_PER_LINE) {
                    let list: Vec<String> = line.iter().map(usize::to_string).collect();
                    let _ = writeln!(obj, "p {}", list.join(" "));
                }
            } else {
                for t in p.indices.chunks_exact(3) {
                    obj.push('f');
                    for &i in t {
                        let v = base + i as usize;
                        let _ = match (uvs.is_some(), normals.is_some()) {
                            (true, true) => write!(obj, " {v}/{v}/{v}"),
                            (true, false) => write!(obj, " {v}/{v}"),
                            (false, true) => write!(obj, " {v}//{v}"),
                            (false, false) => write!(obj, " {v}"),
                        };
                    }
                    obj.push('\n');
                }
            }
            base += p.positions.len();
        }
    }
    files.push((format!("{stem}.obj"), obj.into_bytes()));

    if !scene.materials.is_empty() {
        let mut mtl = String::new();
        let _ = writeln!(mtl, "# materials of {}", scene.name);
        for (m, name) in scene.materials.iter().zip(&material_names) {
            let [r, g, b, a] = m.base_color;
            let [er, eg, eb] = m.emissive;
            let _ = writeln!(mtl, "\nnewmtl {name}");
            if let Some(original) = scene.resolved.iter().find(|x| x.label() == m.name) {
                let _ = writeln!(mtl, "# {}", original.chain());
            }
            let _ = writeln!(mtl, "Kd {r} {g} {b}");
            let _ = writeln!(mtl, "Ke {er} {eg} {eb}");
            let _ = writeln!(mtl, "d {}", if m.blend { a } else { 1.0 });
            let _ = writeln!(mtl, "illum 1");
            if let Some(file) = m.texture.and_then(|t| texture_files.get(t)) {
                let _ = writeln!(mtl, "map_Kd {file}");
                if m.blend && m.texture.and_then(|t| scene.textures.get(t)).is_some_and(|t| t.texture.has_alpha) {
                    let _ = writeln!(mtl, "map_d {file}");
                }
            }
        }
        // MTL is text read as bytes by most tools; names are ASCII after safe_stem, comments
        // may hold CP1251 names, written in CP1251 like the game's own text files.
        let bytes = cp1251::encode(&mtl).unwrap_or_else(|| mtl.into_bytes());
        files.push((mtl_name, bytes));
    }
    for (t, file) in scene.textures.iter().zip(texture_files) {
        let png = png_bytes(&t.texture.image).map_err(|e| e.within(t.texture.origin.clone()))?;
        files.push((file, png));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Primitive, SceneMaterial, SceneNode};
    use crate::formats::msh::anim::Transform;

    #[test]
    fn faces_points_and_world_placement() {
        let tri = Primitive {
            positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
            normals: Some(vec![[0.0, 0.0, 1.0]; 3]),
            uv0: Some(vec![[0.0, 0.25]; 3]),
            indices: vec![0, 1, 2],
            material: Some(0),
            ..Primitive::default()
        };
        let pts = Primitive { positions: vec![[5.0, 5.0, 5.0]; 20], points: true, ..Primitive::default() };
        let moved = Transform { translation: Vec3::new(10.0, 0.0, 0.0), ..Transform::IDENTITY };
        let scene = Scene {
            name: "s".into(),
            nodes: vec![
                SceneNode { name: "a b".into(), parent: None, local: moved, primitives: vec![tri] },
                SceneNode { name: "c".into(), parent: Some(0), local: Transform::IDENTITY, primitives: vec![pts] },
            ],
            materials: vec![SceneMaterial { name: "GLASS".into(), base_color: [1.0, 0.5, 0.0, 0.5], emissive: [0.0; 3], texture: None, cell_uv: None, blend: true }],
            ..Scene::default()
        };
        let files = obj_files(&scene, "out").unwrap();
        assert_eq!(files.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["out.obj", "out.mtl"]);
        let obj = String::from_utf8(files[0].1.clone()).unwrap();
        assert!(obj.contains("mtllib out.mtl\n"));
        assert!(obj.contains("o a_b_0\n"));
        assert!(obj.contains("usemtl GLASS\n"));
        assert!(obj.contains("v 11 0 0\n"), "{obj}");
        assert!(obj.contains("vt 0 0.75\n"));
        assert!(obj.contains("f 1/1/1 2/2/2 3/3/3\n"));
        // The child inherits the parent's placement; 20 points on two lines, numbered on.
        assert!(obj.contains("v 15 5 5\n"));
        assert!(obj.contains("p 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19\np 20 21 22 23\n"), "{obj}");
        let mtl = String::from_utf8(files[1].1.clone()).unwrap();
        assert!(mtl.contains("newmtl GLASS\nKd 1 0.5 0\nKe 0 0 0\nd 0.5\n"), "{mtl}");
    }
}
