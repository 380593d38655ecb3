//! The importer on hand-built glTF inputs (`fixtures::gltf`): hierarchy, LOD naming, materials,
//! animation, the 16-bit limits, hostile input, and the round trip through export.

use super::*;
use crate::fixtures::gltf as fx;
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::Msh;
use crate::formats::msh::geometry::model_pose;
use crate::formats::nres::Archive;
use glam::Vec3;

fn run(doc: &fx::Doc) -> Imported {
    let g = gltf_read::load(doc.glb(), None).unwrap();
    import(g, &Options::default()).unwrap()
}

/// The written mesh, read back through the parser.
fn reread(i: &Imported) -> (Msh, crate::formats::msh::Parts) {
    let (_, msh, _) = Msh::parse(SharedBytes::from(i.msh.clone())).unwrap();
    let parts = msh.parts().0;
    (msh, parts)
}

#[test]
fn walker_hierarchy_materials_lod_and_animation() {
    let i = run(&fx::walker());
    let (msh, parts) = reread(&i);
    let errors: Vec<_> = msh.check().into_iter().filter(|d| d.severity == crate::formats::Severity::Error).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let nodes = parts.nodes.as_ref().unwrap().nodes().unwrap().to_vec();
    let names: Vec<String> = (0..nodes.len()).map(|k| parts.names.as_ref().unwrap().name(k).unwrap()).collect();
    // BODY_LOD1 is BODY's LOD 1 cell, not a node.
    assert_eq!(names, ["BODY", "HEAD", "ARM_L", "ARM_R", "GUN"]);
    assert_eq!(nodes.iter().map(|n| n.parent).collect::<Vec<_>>(), [0xFFFF, 0, 0, 0, 3]);
    assert!(nodes[0].slots[0] != 0xFFFF && nodes[0].slots[1] != 0xFFFF && nodes[1].slots[1] == 0xFFFF);
    assert_eq!(i.rows.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["HULL", "GLASS", "METAL"]);
    assert_eq!(i.summary.triangles, 7 * 12);
    // HEAD sits 2.4 above BODY: glTF y is Parkan z.
    let pose = model_pose(&parts, &Readings::default(), 0.0, false);
    assert!((pose.nodes[1].local.translation - Vec3::new(0.0, 0.0, 2.4)).length() < 1e-5);
    // ARM_L: 1 s at 15 frames per second is 16 frames. It lifts by 0.2 at 0.5 s, between
    // frames 7 and 8, which sample the glTF at 7/15 and 8/15 s: 0.5 + 0.2 * 14/15.
    assert_eq!((i.summary.frames, i.summary.animated_nodes), (16, 1));
    let mid = model_pose(&parts, &Readings::default(), 7.5, false);
    assert!((mid.nodes[2].local.translation.z - (0.5 + 0.2 * 14.0 / 15.0)).abs() < 1e-4, "{:?}", mid.nodes[2].local);
    // Its swing: +20 degrees about x at frame 0, -20 at 0.5 s (near frame 7.5), back at 15.
    let angle = |f: f32| {
        let q = model_pose(&parts, &Readings::default(), f, false).nodes[2].local.rotation;
        q.x.signum() * q.to_axis_angle().1.to_degrees()
    };
    assert!((angle(0.0).abs() - 20.0).abs() < 0.05 && (angle(15.0) - angle(0.0)).abs() < 0.05);
    assert!(angle(7.5).signum() != angle(0.0).signum());
    // Batches reference their WEAR rows.
    let mats: Vec<u8> = parts.batches.as_ref().unwrap().0.iter().map(|b| b.material).collect();
    assert!(mats.contains(&0) && mats.contains(&1) && mats.contains(&2));
}

#[test]
fn faces_point_outwards_after_the_reflection() {
    let i = run(&fx::walker());
    let (_, parts) = reread(&i);
    let positions = &parts.positions.as_ref().unwrap().0;
    let b = parts.batches.as_ref().unwrap().0[0];
    let ids = &parts.indices.as_ref().unwrap().0[b.index_start as usize..][..b.index_count as usize];
    let descs = &parts.triangles.as_ref().unwrap().0;
    for (k, t) in ids.chunks_exact(3).enumerate() {
        let [a, b2, c] = [t[0], t[1], t[2]].map(|x| Vec3::from(positions[b.base_vertex as usize + x as usize]));
        let n = (b2 - a).cross(c - a);
        // BODY's box is centred on its node: outward is away from the origin.
        assert!(n.dot(a + b2 + c) > 0.0);
        let stored = Vec3::from(descs[k].normal.map(|v| v as f32));
        assert!(stored.dot(n) > 0.0);
    }
}

#[test]
fn the_16_bit_limits_split_batches_and_nodes() {
    let i = run(&fx::large_grid(200));
    assert_eq!(i.summary.triangles, 80_000);
    assert_eq!(i.summary.nodes, 2, "the second slot's triangles go to GROUND+1");
    let (msh, parts) = reread(&i);
    assert!(msh.check().iter().all(|d| d.severity != crate::formats::Severity::Error));
    assert!(parts.batches.as_ref().unwrap().0.iter().all(|b| b.index_count % 3 == 0 && b.vertex_count > 0));
    assert_eq!(parts.names.as_ref().unwrap().name(1).unwrap(), "GROUND+1");
    assert!(i.warnings.iter().any(|w| w.as_str().contains("no normals")) && i.warnings.iter().any(|w| w.as_str().contains("split into 1 more")));
}

#[test]
fn a_model_past_the_triangle_start_limit_is_refused_with_its_numbers() {
    // Three nodes of 30,000 triangles each: the third slot would start at triangle 60,000 (fine);
    // a fourth at 90,000 is past 65,535.
    let mut doc = fx::Doc::default();
    for k in 0..4 {
        let mut n = fx::Node::new(&format!("PLATE{k}"), [0.0; 3]);
        n.mesh = Some(vec![fx::grid(122, None)]);
        doc.nodes.push(n);
        doc.roots.push(k);
    }
    let g = gltf_read::load(doc.glb(), None).unwrap();
    let e = import(g, &Options::default()).unwrap_err();
    assert!(e.message.contains("PLATE3") && e.message.contains("65535") && e.message.contains("89304"), "{e}");
}

#[test]
fn hostile_input_is_an_error_not_a_panic() {
    let mut doc = fx::walker();
    doc.nodes[1].mesh.as_mut().unwrap()[0].positions[0][0] = f32::NAN;
    let g = gltf_read::load(doc.glb(), None).unwrap();
    let e = import(g, &Options::default()).unwrap_err();
    assert!(e.message.contains("HEAD") && e.message.contains("not a finite"), "{e}");
    let mut doc = fx::walker();
    doc.nodes[1].mesh.as_mut().unwrap()[0].indices[0] = 999;
    let g = gltf_read::load(doc.glb(), None).unwrap();
    assert!(import(g, &Options::default()).unwrap_err().message.contains("index 999"));
    let mut doc = fx::walker();
    doc.nodes[4].children = vec![0];
    let g = gltf_read::load(doc.glb(), None).unwrap();
    assert!(import(g, &Options::default()).is_err());
    for junk in [&b""[..], b"{", b"glTF", b"{\"nodes\":[{\"children\":[0]}]}", b"{\"nodes\":[{\"mesh\":5}],\"scenes\":[{\"nodes\":[0]}]}"] {
        if let Ok(g) = gltf_read::load(junk, None) {
            let _ = import(g, &Options::default());
        }
    }
}

#[test]
fn colours_and_missing_uvs_are_reported() {
    let mut doc = fx::walker();
    let p = &mut doc.nodes[1].mesh.as_mut().unwrap()[0];
    p.colors = Some(vec![[1.0; 4]; p.positions.len()]);
    p.uvs = None;
    let i = run(&doc);
    assert!(i.warnings.iter().any(|w| w.as_str().contains("COLOR_0") && w.as_str().contains("no vertex colours")));
    assert!(i.warnings.iter().any(|w| w.as_str().contains("no UVs")));
}

#[test]
fn scale_and_up_axis() {
    let mut doc = fx::walker();
    doc.anims.clear();
    let g = gltf_read::load(doc.glb(), None).unwrap();
    let i = import(g, &Options { scale: 2.0, ..Options::default() }).unwrap();
    let (_, parts) = reread(&i);
    let pose = model_pose(&parts, &Readings::default(), 0.0, false);
    assert!((pose.nodes[1].local.translation - Vec3::new(0.0, 0.0, 4.8)).length() < 1e-5);
    // A scaled node: its scale is baked into its vertices.
    let mut doc = fx::walker();
    doc.anims.clear();
    doc.nodes[1].scale = Some([2.0; 3]);
    let g = gltf_read::load(doc.glb(), None).unwrap();
    let i = import(g, &Options::default()).unwrap();
    let (_, parts) = reread(&i);
    let slot = parts.slots.as_ref().unwrap().slots[parts.nodes.as_ref().unwrap().nodes().unwrap()[1].slots[0] as usize];
    assert!((slot.aabb_max[2] - 2.0).abs() < 1e-4 && (slot.aabb_max[0] - 1.0).abs() < 1e-4, "{slot:?}");
}

#[test]
fn materials_go_into_the_libraries() {
    let doc = fx::walker();
    let g = gltf_read::load(doc.glb(), None).unwrap();
    let i = import(gltf_read::load(doc.glb(), None).unwrap(), &Options::default()).unwrap();
    let lib = crate::fixtures::mat0::material_lib();
    let textures = crate::fixtures::texm::textures_lib();
    let mut warn = Vec::new();
    let c = materials::plan(&i.rows, &g, Some(&lib), &[true; 3], Some(&textures), &Readings::default(), &mut warn).unwrap();
    // GLASS is in the fixture library; HULL and METAL are added, HULL with its texture.
    assert_eq!(c.added_materials, ["HULL", "METAL"]);
    // The fixture library has a different HULL.0: the new texture takes the next free name.
    assert_eq!(c.added_textures, ["HULL1.0"]);
    let (a, _) = Archive::parse(c.material_lib.unwrap().into()).unwrap();
    let hull = a.find("HULL").unwrap();
    let m = crate::formats::mat0::Mat0::parse(&a.payload(hull), a.entry(hull).attrs()[1]).unwrap();
    assert_eq!(m.phases[0].texture_name().as_deref(), Some("HULL1.0"));
    let (t, _) = Archive::parse(c.textures_lib.clone().unwrap().into()).unwrap();
    let tex = t.find("HULL1.0").unwrap();
    assert!(crate::formats::texm::Texm::parse(t.payload(tex)).is_ok());
    // Importing again against the new libraries adds nothing; the texture is found identical.
    let c2 = materials::plan(&i.rows, &g, Some(&a.write()), &[true; 3], c.textures_lib.as_deref(), &Readings::default(), &mut warn).unwrap();
    assert!(c2.added_materials.is_empty() && c2.material_lib.is_none());
    // Without --materials the missing ones are listed.
    let c3 = materials::plan(&i.rows, &g, Some(&lib), &[false; 3], None, &Readings::default(), &mut warn).unwrap();
    assert_eq!(c3.missing, ["HULL", "METAL"]);
    assert_eq!(String::from_utf8(materials::wear_text(&i.rows)).unwrap(), "3\r\n0 HULL\r\n1 GLASS\r\n2 METAL\r\n");
}

#[test]
fn extras_from_export_come_back() {
    let mut doc = fx::walker();
    doc.anims.clear();
    let (mut json, bin) = doc.json_and_bin();
    json["nodes"][1]["extras"] = serde_json::json!({"parkan": {"flags": 0x120}});
    json["meshes"][0]["primitives"][1]["extras"] = serde_json::json!({"parkan": {"batch_flags": 7, "lightmap": 0, "room": 3}});
    json["buffers"] = serde_json::json!([{"byteLength": bin.len()}]);
    let glb = crate::export::glb::container(serde_json::to_vec(&json).unwrap(), bin).unwrap();
    let i = import(gltf_read::load(glb, None).unwrap(), &Options::default()).unwrap();
    let (_, parts) = reread(&i);
    assert_eq!(parts.nodes.as_ref().unwrap().nodes().unwrap()[1].flags, 0x120);
    let b = parts.batches.as_ref().unwrap().0[1];
    assert_eq!((b.head, b.lightmap, b.room), (7, 0, 3));
}

#[test]
fn mutated_files_never_panic() {
    // A cheap stand-in for the fuzz target between campaigns: bytes of a real .glb and of a
    // .gltf changed at pseudo-random places, each run through the fuzz body's promises.
    let mut small = fx::walker();
    small.materials.iter_mut().for_each(|m| m.png = None);
    let inputs = [small.glb(), small.gltf_embedded()];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for input in &inputs {
        for _ in 0..150 {
            let mut m = input.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % m.len() as u64) as usize;
                m[at] = match next() % 4 {
                    0 => b'9',
                    1 => b'-',
                    2 => m[at] ^ 0x40,
                    _ => (next() & 0xFF) as u8,
                };
            }
            crate::fuzzing::target("import_gltf").unwrap().run(&m);
        }
    }
}

/// The editor shows the importer's findings in the user's language: a warning with its count
/// in the plural Russian takes, and an error from a bad container.
#[cfg(feature = "gui")]
#[test]
fn warnings_and_errors_carry_their_russian_text() {
    use crate::app::i18n::Language;
    use crate::app::i18n::messages::text_in;
    let ru = |m: &crate::formats::Message| text_in(Language::Russian, &m.english, m.key.as_deref());
    let i = run(&fx::large_grid(200));
    let split = i.warnings.iter().find(|w| w.as_str().contains("split into 1 more")).expect("the split warning");
    assert_eq!(split.as_str(), "node GROUND: more than 65535 triangles in one cell: split into 1 more nodes");
    assert_eq!(ru(split), "узел GROUND: больше 65535 треугольников в одной ячейке; разделён ещё на 1 узел");

    let mut glb = b"glTF".to_vec();
    glb.extend(3u32.to_le_bytes());
    glb.extend(12u32.to_le_bytes());
    let e = gltf_read::load(glb, None).unwrap_err();
    assert_eq!(e.to_string(), "@0x4: GLB version 3; only glTF 2.0 is read");
    assert_eq!(ru(&e.text()), "версия GLB 3; читается только glTF 2.0");
}
