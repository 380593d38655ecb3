//! `import-model` through the binary: glTF inputs built by `fixtures::gltf` (a walker with a
//! hierarchy, three materials, a textured one and an animated node; a grid past the 16-bit
//! limits), the outputs read back by `check`, `info` and the parsers, a model replaced loose and
//! inside an archive, refusals that write nothing, and the round trip export → import → export.

use parkan_studio::fixtures::gltf as fx;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::msh::{Msh, Parts};
use parkan_studio::formats::nres::Archive;
use std::path::Path;

#[path = "support/cli.rs"]
mod cli;
use cli::{demo_folder, ok, run};

fn parts_of(bytes: Vec<u8>) -> Parts {
    Msh::parse(SharedBytes::from(bytes)).unwrap().1.parts().0
}

fn names(p: &Parts) -> Vec<String> {
    let n = p.nodes.as_ref().unwrap().len();
    (0..n).map(|k| p.names.as_ref().unwrap().name(k).unwrap()).collect()
}

fn archive(path: &Path) -> Archive {
    Archive::parse(std::fs::read(path).unwrap().into()).unwrap().0
}

#[test]
fn a_blender_like_glb_becomes_a_model_that_check_and_info_read() {
    let d = demo_folder();
    std::fs::write(d.path().join("robot.glb"), fx::walker().glb()).unwrap();
    let (out, err) = ok(&["import-model", "robot.glb", "-o", "ROBOT.msh", "--materials", "Material.lib", "--textures", "Textures.lib"], d.path());
    assert!(out.contains("5 nodes") && out.contains("84 triangles") && out.contains("16 frames"), "{out}");
    assert!(out.contains("material HULL: added") && out.contains("texture HULL1.0: added"), "{out}");
    assert!(err.contains("TEXCOORD") || err.is_empty() || err.contains("warning"), "{err}");
    let wea = std::fs::read_to_string(d.path().join("ROBOT.wea")).unwrap();
    assert_eq!(wea, "3\r\n0 HULL\r\n1 GLASS\r\n2 METAL\r\n");
    let p = parts_of(std::fs::read(d.path().join("ROBOT.msh")).unwrap());
    assert_eq!(names(&p), ["BODY", "HEAD", "ARM_L", "ARM_R", "GUN"]);
    // check: the model, its table and the libraries it added to, with no error.
    for f in ["ROBOT.msh", "ROBOT.wea", "Material.lib", "Textures.lib"] {
        ok(&["check", f], d.path());
    }
    let (info, _) = ok(&["info", "ROBOT.msh"], d.path());
    assert!(info.contains("model"), "{info}");
    // Every material resolves now: export finds HULL's new texture.
    let (out, err) = ok(&["export", "ROBOT.msh", "r.glb"], d.path());
    assert!(out.contains("1 textures") || out.contains("2 textures"), "{out}");
    assert!(!err.contains("HULL"), "{err}");
    let lib = archive(&d.path().join("Material.lib"));
    assert!(lib.find("HULL").is_some() && lib.find("METAL").is_some());
}

#[test]
fn a_gltf_with_a_separate_bin_and_one_with_an_embedded_buffer() {
    let d = tempfile::tempdir().unwrap();
    let (json, bin) = fx::walker().gltf_external("robot data.bin");
    std::fs::write(d.path().join("robot.gltf"), json).unwrap();
    std::fs::write(d.path().join("robot data.bin"), bin).unwrap();
    std::fs::create_dir(d.path().join("one")).unwrap();
    std::fs::create_dir(d.path().join("two")).unwrap();
    let (out, err) = ok(&["import-model", "robot.gltf", "-o", "one/m.msh"], d.path());
    assert!(out.contains("84 triangles"), "{out}");
    // No Material.lib anywhere: every row is reported.
    assert!(err.contains("material HULL is not in Material.lib (none found"), "{err}");
    std::fs::write(d.path().join("e.gltf"), fx::walker().gltf_embedded()).unwrap();
    ok(&["import-model", "e.gltf", "-o", "two/m.msh"], d.path());
    assert!(std::fs::read(d.path().join("one/m.msh")).unwrap() == std::fs::read(d.path().join("two/m.msh")).unwrap(), "the same model both ways");
}

#[test]
fn a_mesh_past_the_16_bit_limits_is_split() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("ground.glb"), fx::large_grid(200).glb()).unwrap();
    let (out, err) = ok(&["import-model", "ground.glb", "-o", "g.msh"], d.path());
    assert!(out.contains("2 nodes") && out.contains("80000 triangles"), "{out}");
    assert!(err.contains("split into 1 more nodes") && err.contains("normals computed"), "{err}");
    ok(&["check", "g.msh"], d.path());
    let p = parts_of(std::fs::read(d.path().join("g.msh")).unwrap());
    assert!(p.batches.as_ref().unwrap().0.iter().all(|b| b.vertex_count as usize <= 65535 && b.index_count as usize <= 65535));
}

#[test]
fn replaces_a_loose_model_and_one_inside_an_archive_keeping_their_names() {
    let d = demo_folder();
    std::fs::write(d.path().join("robot.glb"), fx::walker().glb()).unwrap();
    // Loose: walker.msh and the walker.wea beside it.
    ok(&["import-model", "robot.glb", "walker.msh"], d.path());
    let p = Msh::parse(SharedBytes::from(std::fs::read(d.path().join("walker.msh")).unwrap())).unwrap().1;
    assert_eq!(p.name, b"WALKER");
    assert_eq!(std::fs::read_to_string(d.path().join("walker.wea")).unwrap(), "3\r\n0 HULL\r\n1 GLASS\r\n2 METAL\r\n");
    // Inside an archive: the entry is replaced, its table added beside it, the rest untouched.
    let mut a = Archive::new();
    a.add(b"CUBE.MSH", 0, [0; 3], parkan_studio::fixtures::msh::cube()).unwrap();
    a.add(b"OTHER", 7, [1, 2, 3], b"other bytes".to_vec()).unwrap();
    std::fs::write(d.path().join("models.rlb"), a.write()).unwrap();
    let (out, _) = ok(&["import-model", "robot.glb", "models.rlb::CUBE.MSH"], d.path());
    assert!(out.contains("models.rlb"), "{out}");
    let a = archive(&d.path().join("models.rlb"));
    let msh = a.find("CUBE.MSH").unwrap();
    assert_eq!(names(&parts_of(a.payload(msh).to_vec())), ["BODY", "HEAD", "ARM_L", "ARM_R", "GUN"]);
    assert_eq!(Msh::parse(a.payload(msh)).unwrap().1.name, b"CUBE");
    let wea = a.find("CUBE.wea").unwrap();
    assert_eq!(a.entry(wea).type_id(), parkan_studio::formats::TYPE_WEAR);
    assert_eq!(a.payload(a.find("OTHER").unwrap()).as_slice(), b"other bytes");
    ok(&["check", "models.rlb"], d.path());
    // Again: the table is replaced, not added twice.
    ok(&["import-model", "robot.glb", "models.rlb::CUBE.MSH"], d.path());
    assert_eq!(archive(&d.path().join("models.rlb")).len(), 3);
}

#[test]
fn refusals_name_the_problem_and_write_nothing() {
    let d = demo_folder();
    let before = std::fs::read(d.path().join("Material.lib")).unwrap();
    let (mut json, bin) = fx::walker().json_and_bin();
    json["extensionsUsed"] = serde_json::json!(["KHR_draco_mesh_compression"]);
    json["buffers"] = serde_json::json!([{"byteLength": bin.len()}]);
    std::fs::write(d.path().join("draco.glb"), parkan_studio::export::glb::container(serde_json::to_vec(&json).unwrap(), bin).unwrap()).unwrap();
    let out = run(&["import-model", "draco.glb", "-o", "x.msh", "--materials", "Material.lib"], d.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("KHR_draco_mesh_compression"));
    assert!(!d.path().join("x.msh").exists() && !d.path().join("x.wea").exists());
    // A texture library that is not an archive fails after the model converted: still nothing.
    std::fs::write(d.path().join("robot.glb"), fx::walker().glb()).unwrap();
    std::fs::write(d.path().join("bad.lib"), b"not an archive").unwrap();
    let out = run(&["import-model", "robot.glb", "-o", "x.msh", "--materials", "Material.lib", "--textures", "bad.lib"], d.path());
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!d.path().join("x.msh").exists());
    assert_eq!(std::fs::read(d.path().join("Material.lib")).unwrap(), before);
    // Usage: no output named.
    assert_eq!(run(&["import-model", "robot.glb"], d.path()).status.code(), Some(2));
    // Not glTF at all.
    std::fs::write(d.path().join("junk.glb"), b"glTF\x02\0\0\0\xff\xff\0\0").unwrap();
    assert_eq!(run(&["import-model", "junk.glb", "-o", "j.msh"], d.path()).status.code(), Some(1));
}

/// Per node name: (parent name, [(positions, normals, uvs, triangle count)] per primitive).
type Shape = Vec<(String, Option<String>, Vec<(Vec<[f32; 3]>, Vec<[f32; 3]>, Vec<[f32; 2]>, usize)>)>;

fn shape(path: &Path) -> Shape {
    let (doc, buffers, _) = gltf::import(path).unwrap();
    let parent_of = |i: usize| doc.nodes().find(|n| n.children().any(|c| c.index() == i)).and_then(|n| n.name().map(String::from));
    doc.nodes()
        .map(|n| {
            let prims = n.mesh().map_or(Vec::new(), |m| {
                m.primitives()
                    .map(|p| {
                        let r = p.reader(|b| Some(&buffers[b.index()]));
                        let tris = r.read_indices().unwrap().into_u32().count() / 3;
                        (
                            r.read_positions().unwrap().collect(),
                            r.read_normals().unwrap().collect(),
                            r.read_tex_coords(0).unwrap().into_f32().collect(),
                            tris,
                        )
                    })
                    .collect()
            });
            (n.name().unwrap_or("").to_string(), parent_of(n.index()), prims)
        })
        .collect()
}

#[test]
fn export_import_export_keeps_names_hierarchy_triangles_and_vertices() {
    let d = demo_folder();
    ok(&["export", "walker.msh", "a.glb"], d.path());
    ok(&["import-model", "a.glb", "-o", "back.msh"], d.path());
    // The table beside the new model is the original's (the exported materials are its rows).
    std::fs::copy(d.path().join("walker.wea"), d.path().join("back.wea")).unwrap();
    ok(&["export", "back.msh", "b.glb"], d.path());
    let (a, b) = (shape(&d.path().join("a.glb")), shape(&d.path().join("b.glb")));
    assert_eq!(a.len(), b.len());
    for ((na, pa, prims_a), (nb, pb, prims_b)) in a.iter().zip(&b) {
        assert_eq!((na, pa), (nb, pb));
        assert_eq!(prims_a.len(), prims_b.len(), "{na}");
        for (x, y) in prims_a.iter().zip(prims_b) {
            assert_eq!(x.3, y.3, "{na}: triangles");
            assert_eq!(x.0.len(), y.0.len(), "{na}: vertices");
            for (p, q) in x.0.iter().zip(&y.0) {
                assert!(p.iter().zip(q).all(|(s, t)| (s - t).abs() < 1e-5), "{na}: {p:?} {q:?}");
            }
            // Normals are stored as bytes (/127): equal to within one step.
            for (p, q) in x.1.iter().zip(&y.1) {
                assert!(p.iter().zip(q).all(|(s, t)| (s - t).abs() < 0.02), "{na}: {p:?} {q:?}");
            }
            assert_eq!(x.2, y.2, "{na}: UVs");
        }
    }
    // What glTF has no place for came back through the extras: node flags, batch words.
    let (orig, back) = (parts_of(std::fs::read(d.path().join("walker.msh")).unwrap()), parts_of(std::fs::read(d.path().join("back.msh")).unwrap()));
    let flags = |p: &Parts| p.nodes.as_ref().unwrap().nodes().unwrap().iter().map(|n| n.flags).collect::<Vec<_>>();
    assert_eq!(flags(&orig), flags(&back));
    assert!(flags(&orig).iter().any(|&f| f != 0), "the fixture has a flagged node");
    // The batches of the exported cell (LOD 0), in node order here, in slot order there.
    let cell = |p: &Parts| {
        let (nodes, slots, batches) = (p.nodes.as_ref().unwrap().nodes().unwrap(), &p.slots.as_ref().unwrap().slots, &p.batches.as_ref().unwrap().0);
        let mut v: Vec<(u32, u8, u8)> = nodes
            .iter()
            .filter(|n| n.slots[0] != 0xFFFF)
            .flat_map(|n| batches[slots[n.slots[0] as usize].batch_range()].iter().map(|b| (b.head, b.material, b.lightmap)))
            .collect();
        v.sort();
        v
    };
    assert_eq!(cell(&orig), cell(&back));
}

#[test]
fn render_refs_and_diff_read_an_imported_model_as_any_other() {
    let d = demo_folder();
    std::fs::write(d.path().join("robot.glb"), fx::walker().glb()).unwrap();
    ok(&["import-model", "robot.glb", "-o", "ROBOT.msh", "--materials", "Material.lib", "--textures", "Textures.lib"], d.path());
    // render: the model in a PNG, drawn with its materials.
    let (out, _) = ok(&["render", "ROBOT.msh", "r.png", "--size", "128x128"], d.path());
    assert!(out.contains("72 triangles"), "LOD 0's triangles are drawn: {out}");
    let img = image::open(d.path().join("r.png")).unwrap().to_rgba8();
    let corner = *img.get_pixel(0, 0);
    let drawn = img.pixels().filter(|p| p.0.iter().zip(corner.0).any(|(a, b)| a.abs_diff(b) > 8)).count();
    assert!(drawn > 128 * 128 / 20, "the model covers the picture: {drawn} pixels");
    // refs: each new WEAR row resolves to a Material.lib entry (the added ones and GLASS).
    let out = run(&["refs", "ROBOT.wea", "--json"], d.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let uses: Vec<String> = v["uses"].as_array().unwrap().iter().map(|l| l["target"].as_str().unwrap_or("").to_string()).collect();
    for m in ["Material.lib::HULL", "Material.lib::GLASS", "Material.lib::METAL"] {
        assert!(uses.iter().any(|u| u == m), "{m} in {uses:?}");
    }
    let (text, _) = ok(&["refs", "Material.lib::HULL"], d.path());
    assert!(text.contains("-> Textures.lib::HULL1.0") && text.contains("ROBOT.wea  material row 0"), "{text}");
    // diff: a model imported over the original names what changed.
    std::fs::copy(d.path().join("walker.msh"), d.path().join("orig.msh")).unwrap();
    ok(&["import-model", "robot.glb", "walker.msh"], d.path());
    let out = run(&["diff", "orig.msh", "walker.msh"], d.path());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("changed msh") && text.contains("(node table): changed") && text.contains("nodes 6 -> 5"), "{text}");
    assert!(text.contains("triangles 192 -> 84"), "{text}");
}

#[test]
fn map_draws_a_gltf_material_with_one_the_library_has() {
    let d = demo_folder();
    std::fs::write(d.path().join("robot.glb"), fx::walker().glb()).unwrap();
    let (out, _) = ok(&["import-model", "robot.glb", "-o", "M.msh", "--materials", "Material.lib", "--map", "METAL=GLASS", "--map", "hull=GLASS"], d.path());
    assert!(!out.contains("material METAL: added") && !out.contains("material HULL: added"), "{out}");
    assert_eq!(std::fs::read_to_string(d.path().join("M.wea")).unwrap(), "3\r\n0 GLASS\r\n1 GLASS\r\n2 GLASS\r\n");
    // A material the library lacks, or one the glTF lacks, is refused and nothing is written.
    let out = run(&["import-model", "robot.glb", "-o", "N.msh", "--materials", "Material.lib", "--map", "METAL=NOPE"], d.path());
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no material NOPE"));
    let out = run(&["import-model", "robot.glb", "-o", "N.msh", "--map", "WOOD=GLASS"], d.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("it has HULL, GLASS, METAL"));
    assert!(!d.path().join("N.msh").exists());
}
