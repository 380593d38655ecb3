//! Geometry extraction from the MSH fixtures, against hand-computed expectations.

use parkan_studio::fixtures::msh as fx;
use parkan_studio::formats::Severity;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::msh::geometry::{extract_model, vertex_normals};
use parkan_studio::formats::msh::nodes::GridCell;
use parkan_studio::formats::msh::terrain::{LandWearFile, extract_landscape};
use parkan_studio::formats::msh::{Msh, Parts, axes};
use parkan_studio::formats::readings::{BatchMaterial, LandFlag20000, LandWear, Readings, SlotGrid, UvSign};

fn parts(b: Vec<u8>) -> Parts {
    let (_, m, _) = Msh::parse(SharedBytes::from(b)).unwrap();
    m.parts().0
}

fn cell(row: usize, col: usize) -> GridCell {
    GridCell::new(row, col).unwrap()
}

#[test]
fn cube_normals_uvs_and_indices() {
    let p = parts(fx::cube());
    let (m, d) = extract_model(&p, &Readings::default(), GridCell::default()).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!((m.positions.len(), m.triangle_count(), m.submeshes.len()), (24, 12, 1));
    // Face 0 is +x: corners (s, t) = (-1,-1), (1,-1), (1,1), (-1,1) along u = +y, v = +z.
    assert_eq!(&m.positions[..4], &[[1.0, -1.0, -1.0], [1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [1.0, -1.0, 1.0]]);
    assert_eq!(&m.uv0[..4], &[[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]);
    // Normals per face: +x, -x, +y, -y, +z, -z, 4 vertices each, exactly (127 / 127).
    let faces = [[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, -1.0]];
    for (f, n) in faces.iter().enumerate() {
        assert!(m.normals[4 * f..4 * f + 4].iter().all(|x| x == n), "face {f}");
    }
    // Two triangles per face, (0, 1, 2) and (0, 2, 3) of its four vertices.
    assert_eq!(&m.indices[..12], &[0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    assert_eq!(m.submeshes[0].material, 0);
    assert_eq!(m.submeshes[0].indices, 0..36);
    // The winding faces outwards: normals computed from the triangles match the stored ones.
    assert_eq!(vertex_normals(&m.positions, &m.indices), m.normals);
    // glTF axes: (x, z, y).
    assert_eq!(axes::parkan_to_gltf(m.positions[1]), [1.0, -1.0, 1.0]);
    // At rest the posed mesh is the same cube.
    let flat = m.posed(None);
    assert_eq!((flat.positions.len(), flat.indices.len()), (24, 36));
    assert_eq!(flat.positions, m.positions);
}

#[test]
fn cube_uvs_under_both_readings() {
    let p = parts(fx::cube());
    let signed = Readings { uv: UvSign::Signed, ..Readings::default() };
    let (m, _) = extract_model(&p, &signed, GridCell::default()).unwrap();
    assert_eq!(&m.uv0[..4], &[[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]);
}

#[test]
fn building_cells_pick_lods_and_variants() {
    let p = parts(fx::boxhouse());
    let r = Readings::default();
    let (lod0, d) = extract_model(&p, &r, cell(0, 0)).unwrap();
    assert!(d.is_empty(), "{d:?}");
    // HOUSE: walls (2 boxes), roof, chimney; INTERIOR: the floor.
    let mats: Vec<(Option<usize>, u16, Option<bool>)> = lod0.submeshes.iter().map(|s| (s.node, s.material, s.lightmapped)).collect();
    assert_eq!(mats, [(Some(0), 0, Some(true)), (Some(0), 1, Some(false)), (Some(0), 2, Some(false)), (Some(1), 3, Some(false))]);
    assert_eq!(lod0.triangle_count(), 5 * 12);
    assert_eq!(lod0.nodes[1].name.as_deref(), Some("INTERIOR"));
    assert_eq!(lod0.nodes[1].parent, Some(0));
    assert!(lod0.uv1.is_some());
    let (lod1, _) = extract_model(&p, &r, cell(0, 1)).unwrap();
    assert_eq!(lod1.triangle_count(), 2 * 12);
    let (ruin, _) = extract_model(&p, &r, cell(1, 0)).unwrap();
    assert_eq!(ruin.submeshes.len(), 2);
    let (none, _) = extract_model(&p, &r, cell(2, 3)).unwrap();
    assert!(none.submeshes.is_empty());
    // The public description's batch-material reading reads the (zero) high word of the flags.
    let seed = Readings { batch_material: BatchMaterial::U16At2, ..r };
    let (s, _) = extract_model(&p, &seed, cell(0, 0)).unwrap();
    assert!(s.submeshes.iter().all(|x| x.material == 0 && x.lightmapped.is_none()));
    assert_eq!(cell(1, 0).label(SlotGrid::VariantTimes5PlusLod), "variant 1, LOD 0");
    assert_eq!(cell(1, 0).label(SlotGrid::LodTimes5PlusGroup), "LOD 1, group 0");
}

#[test]
fn walker_cells_and_hierarchy() {
    let p = parts(fx::walker());
    let r = Readings::default();
    let (m, d) = extract_model(&p, &r, GridCell::from_lod_variant(0, 0).unwrap()).unwrap();
    assert!(d.is_empty(), "{d:?}");
    let names: Vec<_> = m.nodes.iter().map(|n| n.name.clone().unwrap()).collect();
    assert_eq!(names, ["BODY", "HEAD", "ARM_L", "ARM_R", "GUN", "CP_VIEW"]);
    assert_eq!(m.nodes.iter().map(|n| n.parent).collect::<Vec<_>>(), [None, Some(0), Some(0), Some(0), Some(3), Some(0)]);
    // LOD0 draws body (hull + glass), head (hull + glass), two arms, the gun.
    assert_eq!(m.submeshes.len(), 7);
    // The gun hangs from the right arm: its rest position is the arm's plus the gun's offset
    // turned by the arm's swing (-20 degrees about x at frame 0).
    let gun = m.nodes[4].rest_world.translation;
    let arm = m.nodes[3].rest_world.translation;
    let off = glam::Quat::from_rotation_x((-20f32).to_radians()) * glam::Vec3::new(0.0, 0.6, -1.2);
    assert!((gun - (arm + off)).length() < 1e-3, "{gun} {arm}");
    let (fp, _) = extract_model(&p, &r, cell(0, 4)).unwrap();
    assert_eq!(fp.submeshes.len(), 1);
    let (lod2, _) = extract_model(&p, &r, cell(0, 2)).unwrap();
    assert_eq!(lod2.triangle_count(), 12);
    // Posed at rest, every submesh's vertices are moved by its node.
    let flat = m.posed(None);
    assert_eq!(flat.indices.len(), m.indices.len());
    let head_group = &flat.groups[2];
    let z_min = flat.indices[head_group.indices.start as usize..head_group.indices.end as usize]
        .iter()
        .map(|&i| flat.positions[i as usize][2])
        .fold(f32::MAX, f32::min);
    assert!((z_min - 4.0).abs() < 1e-3, "head sits at 4.4 - 0.4: {z_min}");
}

#[test]
fn the_24_byte_variant_draws_every_slot_once() {
    let p = parts(fx::mtcheck());
    assert_eq!(p.nodes.as_ref().unwrap().stride(), 24);
    let (m, d) = extract_model(&p, &Readings::default(), GridCell::default()).unwrap();
    assert_eq!(m.submeshes.len(), 2);
    assert!(m.submeshes.iter().all(|s| s.node.is_none()));
    assert!(d.iter().any(|x| x.severity == Severity::Info && x.message.contains("24-byte")));
}

#[test]
fn landscape_lods_materials_and_flags() {
    let p = parts(fx::landscape(16));
    let r = Readings::default();
    let (l0, d) = extract_landscape(&p, &r, 0).unwrap();
    assert!(d.is_empty(), "{d:?}");
    let (l1, _) = extract_landscape(&p, &r, 1).unwrap();
    assert_eq!((l0.triangles.len(), l1.triangles.len()), (2048, 512));
    assert_eq!((l0.tiles.len(), l0.cells_across), (256, Some(16)));
    assert_eq!(l0.positions.len(), 33 * 33);
    // Groups partition the triangles, ordered by (primary, secondary).
    let total: u32 = l0.groups.iter().map(|g| g.indices.len() as u32).sum();
    assert_eq!(total as usize, l0.indices.len());
    let keys: Vec<_> = l0.groups.iter().map(|g| (g.primary, g.secondary)).collect();
    let mut sorted = keys.clone();
    sorted.sort_by_key(|(a, b)| (a.map_or(256, u16::from), b.map_or(256, u16::from)));
    assert_eq!(keys, sorted);
    // Every fixture material appears: footing, grass, dirt, rock, water; blends have a
    // secondary and flag 0x004; water triangles are flagged 0x20000.
    for m in 0..=4u8 {
        assert!(l0.triangles.iter().any(|t| t.primary == Some(m)), "material {m}");
    }
    assert!(l0.triangles.iter().filter(|t| t.blended).all(|t| t.secondary.is_some()));
    assert!(l0.triangles.iter().any(|t| t.blended));
    assert!(l0.triangles.iter().filter(|t| t.primary == Some(4)).all(|t| t.water && !t.collision));
    assert!(l0.second_alpha.iter().all(|a| (0.0..=1.0).contains(a)));
    assert!(l0.second_alpha.iter().any(|&a| a > 0.0 && a < 1.0));
    // Face normals point up on rolling hills.
    assert!(l0.triangles.iter().all(|t| t.normal[2] > 0.5));
    // LOD1 tiles use every other grid vertex.
    assert!(l1.indices.iter().all(|&v| (v % 33) % 2 == 0 && (v / 33) % 2 == 0));
    assert_eq!((l0.wear, l0.microtexture_wear), (LandWearFile::Land1, Some(LandWearFile::Land2)));
    let seed = Readings { land_flag_20000: LandFlag20000::Collision, land_wear: LandWear::Land1Lod0Land2Lod1, ..r };
    let (s1, _) = extract_landscape(&p, &seed, 1).unwrap();
    assert_eq!((s1.wear, s1.microtexture_wear), (LandWearFile::Land2, None));
    assert!(s1.triangles.iter().filter(|t| t.primary == Some(4)).all(|t| t.collision && !t.water));
    assert!(extract_landscape(&p, &r, 2).is_err());
    let p8 = parts(fx::landscape(8));
    let (l8, _) = extract_landscape(&p8, &r, 0).unwrap();
    assert_eq!((l8.tiles.len(), l8.cells_across), (64, Some(8)));
}
