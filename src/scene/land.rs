//! A landscape (`Land.msh`) as a scene at one LOD: one node, one primitive per primary
//! material (the triangles' PP byte, a row of `Land1.wea` by default), vertices straight from
//! the shared arrays. The engine blends a secondary material per vertex alpha (component 14)
//! over the triangles flagged 0x004: the primitive carries it as an [`Overlay`] that viewers
//! draw; glTF and OBJ have no such blend, so there the secondary is reported, not written.

use super::materials::add_materials;
use super::types::{Finite, Overlay, ParkanVertices, Primitive, Scene, SceneNode, parkan_primitive};
use crate::doc::resolve::ResolvedMaterial;
use crate::formats::msh::Parts;
use crate::formats::msh::anim::Transform;
use crate::formats::msh::terrain::{LandscapeMesh, MaterialGroup, extract_landscape};
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Result};

/// Builds LOD `lod`; `resolve` gets the primary material bytes and which table they index.
/// Also gives back the triangle records the scene was made from (a viewer picks in them).
pub fn landscape_scene(
    name: &str,
    parts: &Parts,
    readings: &Readings,
    lod: usize,
    resolve: &mut dyn FnMut(&LandscapeMesh, &[u16]) -> Vec<ResolvedMaterial>,
) -> Result<(Scene, LandscapeMesh)> {
    let (mesh, diags) = extract_landscape(parts, readings, lod)?;
    let mut scene = Scene { name: name.to_string(), diagnostics: diags, ..Scene::default() };
    scene.notes.push(crate::msg!(
        "scene-landscape-summary",
        "landscape LOD {lod}: {tiles} tiles, {triangles} triangles in {groups} material groups, materials from {wear}",
        lod = lod,
        tiles = mesh.tiles.len(),
        triangles = mesh.triangles.len(),
        groups = mesh.groups.len(),
        wear = mesh.wear.file_name()
    ));
    let blended = mesh.triangles.iter().filter(|t| t.blended && t.secondary.is_some()).count();
    if blended > 0 {
        scene.diagnostics.push(Diagnostic::info(
            parts.offset(21),
            crate::msg!(
                "scene-landscape-blended",
                "{blended} triangles blend a secondary material by vertex alpha; only their primary material is exported",
                blended = blended
            ),
        ));
    }
    let mut bytes: Vec<u16> = mesh.groups.iter().filter_map(|g| g.primary.map(u16::from)).collect();
    for s in mesh.groups.iter().filter(|g| blends(&mesh, g)).filter_map(|g| g.secondary.map(u16::from)) {
        if !bytes.contains(&s) {
            bytes.push(s);
        }
    }
    let materials = add_materials(&mut scene, resolve(&mesh, &bytes));
    let mut finite = Finite::default();
    let mut node = SceneNode { name: name.to_string(), parent: None, local: Transform::IDENTITY, primitives: Vec::new() };
    for g in &mesh.groups {
        let material = g.primary.and_then(|p| materials.get(&u16::from(p)).copied());
        let secondary = g.secondary.filter(|_| blends(&mesh, g)).and_then(|s| materials.get(&u16::from(s)).copied());
        node.primitives.push(group_primitive(&mesh, g, material, secondary, &mut finite));
    }
    scene.nodes.push(node);
    if let Some(t) = parts.slots.as_ref() {
        scene.bounds = super::model::header_bounds(&t.header, false);
    }
    scene.diagnostics.extend(finite.diagnostic());
    Ok((scene, mesh))
}

/// The group's triangles, one per three indices.
fn group_triangles<'a>(mesh: &'a LandscapeMesh, g: &MaterialGroup) -> &'a [crate::formats::msh::terrain::LandTriangleInfo] {
    mesh.triangles.get(g.indices.start as usize / 3..g.indices.end as usize / 3).unwrap_or(&[])
}

/// Whether some triangle of the group blends its secondary material (flag 0x004).
fn blends(mesh: &LandscapeMesh, g: &MaterialGroup) -> bool {
    g.secondary.is_some() && group_triangles(mesh, g).iter().any(|t| t.blended)
}

fn group_primitive(mesh: &LandscapeMesh, g: &MaterialGroup, material: Option<usize>, secondary: Option<usize>, finite: &mut Finite) -> Primitive {
    let used = mesh.indices.get(g.indices.start as usize..g.indices.end as usize).unwrap_or(&[]);
    let label = match (g.primary, g.secondary) {
        (Some(p), Some(s)) => format!("material {p} (blending {s})"),
        (Some(p), None) => format!("material {p}"),
        (None, _) => "no material".to_string(),
    };
    let weights = secondary.map(|_| mesh.second_alpha.as_slice());
    let v = ParkanVertices { positions: &mesh.positions, normals: &mesh.normals, uv0: &mesh.uv0, uv1: mesh.uv1.as_deref(), weights };
    let (mut p, weights) = parkan_primitive(label, material, &v, used, finite);
    if let Some(material) = secondary {
        let indices: Vec<u32> =
            p.indices.chunks_exact(3).zip(group_triangles(mesh, g)).filter(|(_, t)| t.blended).flat_map(|(tri, _)| tri.iter().copied()).collect();
        p.overlay = Some(Overlay { material, weights, indices });
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;
    use crate::fixtures::msh as fx;
    use crate::formats::bytes::SharedBytes;
    use crate::formats::msh::Msh;

    #[test]
    fn both_lods_group_by_material_and_face_up() {
        let parts = Msh::parse(SharedBytes::from(fx::landscape(8))).unwrap().1.parts().0;
        let mut seen = Vec::new();
        let mut resolve = |m: &LandscapeMesh, b: &[u16]| {
            seen.push((m.wear, b.to_vec()));
            Vec::new()
        };
        let (lod0, _) = landscape_scene("Land", &parts, &Readings::default(), 0, &mut resolve).unwrap();
        let (lod1, _) = landscape_scene("Land", &parts, &Readings::default(), 1, &mut resolve).unwrap();
        assert!(landscape_scene("Land", &parts, &Readings::default(), 2, &mut resolve).is_err());
        // 8 x 8 tiles: 8 triangles each at LOD0, 2 at LOD1.
        assert_eq!((lod0.triangle_count(), lod1.triangle_count()), (512, 128));
        assert!(lod0.primitive_count() >= 3);
        assert!(seen.iter().all(|(w, _)| w.file_name() == "Land1.wea"));
        assert!(seen[0].1.contains(&4), "the water basin's row 4");
        // Terrain faces up: glTF +y.
        for p in lod0.primitives() {
            for t in p.indices.chunks_exact(3) {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| Vec3::from(p.positions[i as usize]));
                assert!((b - a).cross(c - a).y > 0.0);
            }
        }
        assert!(lod0.diagnostics.iter().any(|d| d.message.contains("secondary material")));

    }

    #[test]
    fn blended_triangles_carry_the_secondary_with_component_14_weights() {
        use crate::doc::resolve::MemoryAssets;
        use crate::scene::{SceneOptions, build_scene};
        let files = crate::fixtures::demo::demo_files();
        let land = files.iter().find(|(n, _)| n.eq_ignore_ascii_case("Land.msh")).unwrap().1.clone();
        let scene = build_scene("Land.msh", land.clone().into(), &MemoryAssets::from_files(files), &SceneOptions::default(), &Readings::default()).unwrap();
        let parts = Msh::parse(SharedBytes::from(land)).unwrap().1.parts().0;
        // The blended triangles carry their secondary material with component 14's alpha.
        let mesh = extract_landscape(&parts, &Readings::default(), 0).unwrap().0;
        let blended = mesh.triangles.iter().filter(|t| t.blended && t.secondary.is_some()).count();
        let overlays: Vec<&Overlay> = scene.primitives().filter_map(|p| p.overlay.as_ref()).collect();
        assert!(!overlays.is_empty());
        assert_eq!(overlays.iter().map(|o| o.indices.len() / 3).sum::<usize>(), blended);
        for p in scene.primitives().filter(|p| p.overlay.is_some()) {
            let o = p.overlay.as_ref().unwrap();
            assert_eq!(o.weights.len(), p.positions.len());
            assert!(o.indices.iter().all(|&i| (i as usize) < p.positions.len()));
            assert_ne!(Some(o.material), p.material, "the secondary is another material");
        }
        // Some weight is strictly between none and all: the blend is partial somewhere.
        assert!(overlays.iter().flat_map(|o| o.weights.iter()).any(|&w| w > 0.0 && w < 1.0), "component 14 gives partial weights");
        assert!(mesh.second_alpha.iter().any(|&a| a > 0.0));
    }
}
