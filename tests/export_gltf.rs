//! `export` to glTF and GLB on the demo folder, every file read back with the `gltf` crate
//! (which validates the document): node hierarchy, primitives per batch, vertex counts,
//! accessor bounds against the fixtures' known boxes, textures, animation channels, winding.

use gltf::mesh::Mode;
use parkan_studio::fixtures::demo;
use serde_json::Value;
use std::path::Path;

#[path = "support/cli.rs"]
mod cli;
use cli::{ok, run};

fn setup() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    d
}

type Imported = (gltf::Document, Vec<gltf::buffer::Data>, Vec<gltf::image::Data>);

fn import(p: &Path) -> Imported {
    gltf::import(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn node<'a>(doc: &'a gltf::Document, name: &str) -> gltf::Node<'a> {
    doc.nodes().find(|n| n.name() == Some(name)).unwrap_or_else(|| panic!("no node {name}"))
}

fn bounds(p: &gltf::Primitive) -> ([f32; 3], [f32; 3]) {
    let b = p.bounding_box();
    (b.min, b.max)
}

fn close(a: [f32; 3], b: [f32; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4)
}

fn positions(p: &gltf::Primitive, buffers: &[gltf::buffer::Data]) -> Vec<[f32; 3]> {
    p.reader(|b| Some(&buffers[b.index()])).read_positions().unwrap().collect()
}

/// Every triangle faces the way its vertices' normals point (counter-clockwise fronts).
fn assert_front_faces(doc: &gltf::Document, buffers: &[gltf::buffer::Data]) {
    assert_front_faces_of(doc, buffers, |_| true)
}

fn assert_front_faces_of(doc: &gltf::Document, buffers: &[gltf::buffer::Data], which: impl Fn(&gltf::Mesh) -> bool) {
    for mesh in doc.meshes().filter(|m| which(m)) {
        for p in mesh.primitives().filter(|p| p.mode() == Mode::Triangles) {
            let r = p.reader(|b| Some(&buffers[b.index()]));
            let pos: Vec<glam::Vec3> = r.read_positions().unwrap().map(glam::Vec3::from).collect();
            let nrm: Vec<glam::Vec3> = r.read_normals().unwrap().map(glam::Vec3::from).collect();
            let idx: Vec<u32> = r.read_indices().unwrap().into_u32().collect();
            for t in idx.chunks_exact(3) {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| i as usize);
                let face = (pos[b] - pos[a]).cross(pos[c] - pos[a]);
                assert!(face.dot(nrm[a] + nrm[b] + nrm[c]) > 0.0, "mesh {:?}: a triangle faces away from its normals", mesh.name());
            }
        }
    }
}

#[test]
fn walker_gltf_reads_back() {
    let d = setup();
    let (stdout, _) = ok(&["export", "walker.msh", "walker.gltf"], d.path());
    assert!(stdout.contains("wrote walker.gltf"), "{stdout}");
    assert!(stdout.contains("7 primitives") && stdout.contains("8 animation channels"), "{stdout}");
    for f in ["walker.gltf", "walker.bin", "walker_METAL01_0.png", "walker_GLASS_0.png"] {
        assert!(d.path().join(f).is_file(), "{f} missing");
    }
    let (doc, buffers, images) = import(&d.path().join("walker.gltf"));
    assert_eq!(doc.nodes().count(), 6);
    assert_eq!(doc.scenes().next().unwrap().nodes().map(|n| n.name().unwrap().to_string()).collect::<Vec<_>>(), ["BODY"]);
    let body = node(&doc, "BODY");
    let mut children: Vec<_> = body.children().map(|c| c.name().unwrap().to_string()).collect();
    children.sort();
    assert_eq!(children, ["ARM_L", "ARM_R", "CP_VIEW", "HEAD"]);
    assert_eq!(node(&doc, "ARM_R").children().next().unwrap().name(), Some("GUN"));
    // HEAD rests at Parkan (0, 0, 4.4): glTF (0, 4.4, 0).
    let (t, _, _) = node(&doc, "HEAD").transform().decomposed();
    assert!(close(t, [0.0, 4.4, 0.0]), "{t:?}");
    // Primitives per batch: body 2 (hull, glass), head 2, each arm 1, gun 1, the view none.
    let prims = |n: &str| node(&doc, n).mesh().map_or(0, |m| m.primitives().count());
    assert_eq!([prims("BODY"), prims("HEAD"), prims("ARM_L"), prims("ARM_R"), prims("GUN"), prims("CP_VIEW")], [2, 2, 1, 1, 1, 0]);
    let body_mesh = body.mesh().unwrap();
    let hull = body_mesh.primitives().next().unwrap();
    // Hull: torso + two legs, 24 vertices a box; glass: one box.
    assert_eq!(positions(&hull, &buffers).len(), 72);
    assert_eq!(positions(&body_mesh.primitives().nth(1).unwrap(), &buffers).len(), 24);
    // Parkan x -1.2..1.2, y -0.8..0.8, z 0..4 is glTF x, then z as y, then y as z.
    let (lo, hi) = bounds(&hull);
    assert!(close(lo, [-1.2, 0.0, -0.8]) && close(hi, [1.2, 4.0, 0.8]), "{lo:?} {hi:?}");
    assert_eq!(hull.indices().unwrap().count(), 3 * 36);
    // Materials: METAL01 (opaque, METAL01.0) and GLASS (blended, GLASS.0); the gun's GLOW
    // shares METAL01.0: two images.
    assert_eq!(images.len(), 2);
    assert!(images.iter().any(|i| (i.width, i.height) == (64, 64)));
    for p in doc.meshes().flat_map(|m| m.primitives().collect::<Vec<_>>()) {
        assert!(p.material().pbr_metallic_roughness().base_color_texture().is_some(), "every walker material has a texture");
    }
    let glass = doc.materials().find(|m| m.name() == Some("GLASS")).unwrap();
    assert_eq!(glass.alpha_mode(), gltf::material::AlphaMode::Blend);
    let metal = doc.materials().find(|m| m.name() == Some("METAL01")).unwrap();
    let f = metal.pbr_metallic_roughness().base_color_factor();
    assert!((f[0] - 200.0 / 255.0).abs() < 1e-5 && (f[2] - 210.0 / 255.0).abs() < 1e-5, "{f:?}");
    // Animation: translation and rotation for BODY, HEAD, ARM_L, ARM_R over 9 frames.
    let anim = doc.animations().next().unwrap();
    assert_eq!(anim.channels().count(), 8);
    let ch = anim.channels().next().unwrap();
    let times: Vec<f32> = ch.reader(|b| Some(&buffers[b.index()])).read_inputs().unwrap().collect();
    assert_eq!(times.len(), 9);
    assert_front_faces(&doc, &buffers);
}

#[test]
fn walker_glb_embeds_everything() {
    let d = setup();
    let d2 = d.path().join("out");
    std::fs::create_dir(&d2).unwrap();
    ok(&["export", "walker.msh", "out/walker.glb"], d.path());
    let names: Vec<_> = std::fs::read_dir(&d2).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(names, ["walker.glb"], "a .glb has no companions");
    let (doc, buffers, images) = import(&d2.join("walker.glb"));
    assert_eq!(buffers.len(), 1);
    assert_eq!(images.len(), 2);
    assert!(doc.images().all(|i| matches!(i.source(), gltf::image::Source::View { mime_type: "image/png", .. })));
    assert_eq!(doc.nodes().count(), 6);
    assert_eq!(doc.meshes().map(|m| m.primitives().count()).sum::<usize>(), 7);
    assert_eq!(doc.animations().next().unwrap().channels().count(), 8);
}

#[test]
fn walker_glb_failed_first_write_is_an_io_error() {
    let d = setup();
    let out = run(&["export", "walker.msh", "missing/walker.glb"], d.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing/walker.glb"));
}

#[test]
fn lod_variant_and_frame_pick_what_is_exported() {
    let d = setup();
    let p = d.path();
    ok(&["export", "walker.msh", "lod1.glb", "--lod", "1"], p);
    let (doc, _, _) = import(&p.join("lod1.glb"));
    // LOD1: body, head and both arms one batch each; the gun has no LOD1 slot.
    assert_eq!(doc.meshes().map(|m| m.primitives().count()).sum::<usize>(), 4);
    assert!(node(&doc, "GUN").mesh().is_none());
    ok(&["export", "walker.msh", "wreck.glb", "--variant", "1"], p);
    let (doc, buffers, _) = import(&p.join("wreck.glb"));
    let prims: Vec<_> = doc.meshes().flat_map(|m| m.primitives().collect::<Vec<_>>()).collect();
    assert_eq!(prims.len(), 1, "the damaged variant: the body's wreck only");
    assert_eq!(positions(&prims[0], &buffers).len(), 72);
    assert_eq!(prims[0].material().name(), Some("GLOW"));
    ok(&["export", "walker.msh", "f4.glb", "--frame", "4"], p);
    let (doc, _, _) = import(&p.join("f4.glb"));
    // At frame 4 the body bobs up 0.2 (Parkan z: glTF y) and the head turns 30 degrees.
    let (t, r, _) = node(&doc, "BODY").transform().decomposed();
    assert!(close(t, [0.0, 0.2, 0.0]), "{t:?}");
    let (_, r_head, _) = node(&doc, "HEAD").transform().decomposed();
    let angle = glam::Quat::from_array(r_head).angle_between(glam::Quat::IDENTITY);
    assert!((angle - 30f32.to_radians()).abs() < 1e-3, "{angle}");
    assert_eq!(r, [0.0, 0.0, 0.0, 1.0]);
    let out = run(&["export", "walker.msh", "x.glb", "--lod", "4"], p);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["export", "walker.msh", "x.fbx"], p);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".obj, .gltf or .glb"));
    let out = run(&["export", "Material.lib::GLASS", "x.glb"], p);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["export", "nothere.msh", "x.glb"], p);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn building_with_interior_and_lightmap_uvs() {
    let d = setup();
    let (stdout, stderr) = ok(&["export", "tower.msh", "tower.gltf"], d.path());
    assert!(!stderr.contains("warning"), "{stderr}");
    assert!(stdout.contains("material tower.wea 0 row 0 → METAL01"), "{stdout}");
    let (doc, buffers, _) = import(&d.path().join("tower.gltf"));
    let house = node(&doc, "HOUSE");
    assert_eq!(house.children().next().unwrap().name(), Some("INTERIOR"));
    let m = house.mesh().unwrap();
    // LOD0: hull (house + annex), roof, chimney.
    assert_eq!(m.primitives().count(), 3);
    let hull = m.primitives().next().unwrap();
    assert!(hull.get(&gltf::Semantic::TexCoords(1)).is_some(), "component 18 becomes TEXCOORD_1");
    // House x -4..4, y -3..3, z 0..5 and the annex x 4..7, y -2..2, z 0..3.
    let (lo, hi) = bounds(&hull);
    assert!(close(lo, [-4.0, 0.0, -3.0]) && close(hi, [7.0, 5.0, 3.0]), "{lo:?} {hi:?}");
    assert_eq!(positions(&hull, &buffers).len(), 48);
    assert!(doc.animations().next().is_none());
    assert_front_faces(&doc, &buffers);
}

#[test]
fn landscape_both_lods() {
    let d = setup();
    let p = d.path();
    let (stdout, _) = ok(&["export", "Land.msh", "land.glb"], p);
    assert!(stdout.contains("landscape LOD 0") && stdout.contains("Land1.wea"), "{stdout}");
    let (doc, buffers, images) = import(&p.join("land.glb"));
    assert_eq!(doc.nodes().count(), 1);
    let mesh = doc.meshes().next().unwrap();
    let tris: usize = mesh.primitives().map(|p| p.indices().unwrap().count() / 3).sum();
    assert_eq!(tris, 16 * 16 * 8);
    // The grid spans 0..256 in Parkan x and y (glTF x and z); heights are glTF y.
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for prim in mesh.primitives() {
        let (a, b) = bounds(&prim);
        for k in 0..3 {
            lo[k] = lo[k].min(a[k]);
            hi[k] = hi[k].max(b[k]);
        }
        assert!(prim.material().index().is_some());
    }
    assert!((lo[0], hi[0], lo[2], hi[2]) == (0.0, 256.0, 0.0, 256.0), "{lo:?} {hi:?}");
    assert!(hi[1] > lo[1]);
    let names: Vec<_> = doc.materials().filter_map(|m| m.name().map(str::to_string)).collect();
    assert!(names.iter().any(|n| n == "GRASS") && names.iter().any(|n| n == "WATER"), "{names:?}");
    assert!(!images.is_empty());
    assert_front_faces(&doc, &buffers);
    ok(&["export", "Land.msh", "land1.glb", "--lod", "1"], p);
    let (doc, _, _) = import(&p.join("land1.glb"));
    let tris: usize = doc.meshes().next().unwrap().primitives().map(|p| p.indices().unwrap().count() / 3).sum();
    assert_eq!(tris, 16 * 16 * 2);
    assert_eq!(run(&["export", "Land.msh", "x.glb", "--lod", "2"], p).status.code(), Some(2));
}

#[test]
fn level_geom_as_the_viewer_draws_it() {
    let d = setup();
    let (stdout, _) = ok(&["export", "level.geom", "level.gltf"], d.path());
    assert!(stdout.contains("drawn with base vertex 0") || stdout.contains("drawn as points"), "{stdout}");
    let (doc, buffers, images) = import(&d.path().join("level.gltf"));
    assert!(images.is_empty() && doc.materials().next().is_none(), "level.geom exports carry no materials");
    let geom = parkan_studio::formats::xray_geom::LevelGeom::parse(parkan_studio::fixtures::xray::level_v14().into()).unwrap().0;
    let vbs = geom.vertex_buffers();
    assert_eq!(doc.nodes().count(), vbs.len());
    for (k, n) in doc.nodes().enumerate() {
        let prim = n.mesh().unwrap().primitives().next().unwrap();
        assert_eq!(positions(&prim, &buffers).len(), vbs[k].vertex_count as usize);
        let fits = geom.index_buffers().get(k).and_then(|ib| ib.max_index()).is_some_and(|m| (m as u32) < vbs[k].vertex_count);
        assert_eq!(prim.mode(), if fits { Mode::Triangles } else { Mode::Points }, "buffer {k}");
        assert!(stdout.contains(&format!("vertex buffer {k}:")));
    }
    // The brush grid only: vegetation is drawn without culling, and the fixture's bush winds
    // its quads against their normals.
    assert_front_faces_of(&doc, &buffers, |m| m.name() == Some("vertex_buffer_0"));
}

#[test]
fn a_mesh_inside_an_archive_uses_the_archive_wear() {
    use parkan_studio::formats::nres::Archive;
    let d = setup();
    let mut rlb = Archive::new();
    rlb.add(b"WALKER.msh", 0, [0; 3], parkan_studio::fixtures::msh::walker()).unwrap();
    let wea = parkan_studio::fixtures::wear::table(&[(0, "ROCK"), (1, "GRASS"), (2, "WATER")], None, Default::default());
    rlb.add(b"WALKER.wea", parkan_studio::formats::TYPE_WEAR, [0; 3], wea).unwrap();
    std::fs::write(d.path().join("bases.rlb"), rlb.write()).unwrap();
    let (stdout, _) = ok(&["export", "bases.rlb::WALKER.msh", "w.gltf"], d.path());
    assert!(stdout.contains("bases.rlb::WALKER.wea 0 row 0 → ROCK"), "{stdout}");
    let v: Value = serde_json::from_slice(&std::fs::read(d.path().join("w.gltf")).unwrap()).unwrap();
    let names: Vec<&str> = v["materials"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["ROCK", "GRASS", "WATER"]);
}

#[test]
fn missing_textures_and_tables_are_warnings() {
    let d = setup();
    std::fs::remove_file(d.path().join("Textures.lib")).unwrap();
    let (_, stderr) = ok(&["export", "walker.msh", "w.glb"], d.path());
    assert!(stderr.contains("warning: walker.msh: texture METAL01.0: no Textures.lib"), "{stderr}");
    let (doc, _, images) = import(&d.path().join("w.glb"));
    assert!(images.is_empty());
    assert!(doc.materials().all(|m| m.pbr_metallic_roughness().base_color_texture().is_none()));
    std::fs::remove_file(d.path().join("walker.wea")).unwrap();
    let (_, stderr) = ok(&["export", "walker.msh", "w2.glb"], d.path());
    assert!(stderr.contains("warning: walker.msh: no walker.wea"), "{stderr}");
    // Warnings shared by several materials are printed once.
    let lines: Vec<&str> = stderr.lines().collect();
    let mut unique = lines.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(lines.len(), unique.len(), "{stderr}");
}

#[test]
fn a_material_cell_is_exported_as_a_texture_transform() {
    let d = setup();
    demo::add_cells(d.path(), 2).unwrap();
    let wea = std::fs::read_to_string(d.path().join("walker.wea")).unwrap();
    std::fs::write(d.path().join("walker.wea"), wea.replace("0 METAL01", "0 CELLS")).unwrap();
    let (stdout, stderr) = ok(&["export", "walker.msh", "w.gltf"], d.path());
    assert!(format!("{stdout}{stderr}").contains("cell 2 names a Page rect of CELLS.0"), "{stdout}{stderr}");
    let v: Value = serde_json::from_slice(&std::fs::read(d.path().join("w.gltf")).unwrap()).unwrap();
    assert_eq!(v["extensionsUsed"], serde_json::json!(["KHR_texture_transform"]));
    let materials = v["materials"].as_array().unwrap();
    let cells = materials.iter().find(|m| m["name"] == "CELLS").unwrap();
    // Rect 2 of the fixture is the lower left quadrant.
    let t = &cells["pbrMetallicRoughness"]["baseColorTexture"]["extensions"]["KHR_texture_transform"];
    assert_eq!((&t["offset"], &t["scale"]), (&serde_json::json!([0.0, 0.5]), &serde_json::json!([0.5, 0.5])), "{t}");
    // Materials without a cell have no transform.
    for m in materials.iter().filter(|m| m["name"] != "CELLS") {
        assert!(m["pbrMetallicRoughness"]["baseColorTexture"].get("extensions").is_none(), "{m}");
    }
    import(&d.path().join("w.gltf"));
}
