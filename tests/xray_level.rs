//! An X-Ray level through the command line and the renderer: `info --json` with what the
//! visuals draw against the level.geom beside it, `check`, `export` to GLB read back by the
//! `gltf` crate (same triangles, one node per visual, tree placements, front faces along the
//! normals), a level.geom with a level beside it exported as the level, and the renderer
//! drawing a known visual's silhouette in its shader's colour.

use parkan_studio::fixtures::xray_level::{BAD_VISUAL, EXPECTED_TRIANGLES, TREES, level_set};
use serde_json::Value;

#[path = "support/cli.rs"]
mod cli;
use cli::{ok, run};

fn level_dir() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for (name, bytes) in level_set().files() {
        std::fs::write(d.path().join(name), bytes).unwrap();
    }
    d
}

fn drawn_total() -> usize {
    EXPECTED_TRIANGLES.iter().map(|e| e.1).sum()
}

#[test]
fn info_reports_the_drawn_triangles_and_check_is_clean() {
    let d = level_dir();
    let (out, _) = ok(&["info", "level", "--json"], d.path());
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "xray-level");
    assert_eq!(v["visuals"].as_array().unwrap().len(), EXPECTED_TRIANGLES.len());
    assert_eq!(v["drawn"]["triangles"].as_u64(), Some(drawn_total() as u64));
    assert_eq!(v["drawn"]["skipped"], serde_json::json!([BAD_VISUAL]));
    assert_eq!(v["drawn"]["fastpath_triangles"].as_u64(), Some(50));
    let msg = v["drawn"]["diagnostics"][0]["message"].as_str().unwrap();
    assert!(msg.starts_with(&format!("visual {BAD_VISUAL} (normal)")), "{msg}");
    let (out, _) = ok(&["check", "level.geom", "level.geomx", "--json"], d.path());
    let v: Value = serde_json::from_str(&out).unwrap();
    for f in v["files"].as_array().unwrap() {
        assert_eq!((f["ok"].as_bool(), f["roundtrip"].as_bool()), (Some(true), Some(true)), "{f}");
    }
    // `check level` resolves against the level.geom beside it: the bad visual is an error
    // with its index and offset (exit code 1, malformed input); the file still round-trips.
    let out = run(&["check", "level", "--json"], d.path());
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_str(&String::from_utf8_lossy(&out.stdout)).unwrap();
    let f = &v["files"][0];
    assert_eq!((f["ok"].as_bool(), f["roundtrip"].as_bool()), (Some(false), Some(true)), "{f}");
    let errors: Vec<&Value> = f["diagnostics"].as_array().unwrap().iter().filter(|d| d["severity"] == "error").collect();
    assert_eq!(errors.len(), 1, "{f}");
    assert!(errors[0]["message"].as_str().unwrap().starts_with(&format!("visual {BAD_VISUAL} (normal)")), "{f}");
    let (level, _) = parkan_studio::formats::xray_level::Level::parse(level_set().level.into()).unwrap();
    let at = errors[0]["offset"].as_u64().expect("an offset");
    let (bad, next) = (level.visuals[BAD_VISUAL].offset, level.visuals[BAD_VISUAL + 1].offset);
    assert!((bad..next).contains(&at), "offset {at} is not inside visual {BAD_VISUAL} ({bad}..{next})");
    let plain = run(&["check", "level"], d.path());
    let text = String::from_utf8_lossy(&plain.stdout);
    assert!(text.contains(&format!("error: level @0x{at:X}: visual {BAD_VISUAL} (normal)")), "{text}");
    // Without level.geom the level still reads, and says it draws nothing; check says the
    // ranges went unchecked, and passes.
    std::fs::remove_file(d.path().join("level.geom")).unwrap();
    let (out, _) = ok(&["info", "level", "--json"], d.path());
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["drawn"]["triangles"].as_u64(), Some(0));
    let (out, _) = ok(&["check", "level"], d.path());
    assert!(out.contains("draw ranges were not checked"), "{out}");
}

#[test]
fn glb_reads_back_with_the_same_triangles_and_faces_its_normals() {
    let d = level_dir();
    let (out, err) = ok(&["export", "level", "level.glb"], d.path());
    assert!(out.contains(&format!("{} triangles", drawn_total())), "{out}");
    assert!(err.contains(&format!("visual {BAD_VISUAL} (normal)")), "the skipped visual is reported: {err}");
    let (doc, buffers, _) = gltf::import(d.path().join("level.glb")).unwrap();
    let mut triangles = 0;
    for node in doc.nodes() {
        let Some(mesh) = node.mesh() else { continue };
        let m = glam::Mat4::from_cols_array_2d(&node.transform().matrix());
        for p in mesh.primitives() {
            let r = p.reader(|b| Some(&buffers[b.index()]));
            let pos: Vec<glam::Vec3> = r.read_positions().unwrap().map(glam::Vec3::from).collect();
            let nrm: Vec<glam::Vec3> = r.read_normals().unwrap().map(glam::Vec3::from).collect();
            let idx: Vec<u32> = r.read_indices().unwrap().into_u32().collect();
            assert!(r.read_tex_coords(0).is_some(), "every fixture buffer declares texcoord 0");
            for t in idx.chunks_exact(3) {
                let [a, b, c] = [0, 1, 2].map(|j| m.transform_point3(pos[t[j] as usize]));
                let n = m.transform_vector3(nrm[t[0] as usize]);
                assert!((b - a).cross(c - a).dot(n) > 0.0, "{:?}: a triangle faces away from its normal", node.name());
            }
            triangles += idx.len() / 3;
        }
    }
    assert_eq!(triangles, drawn_total());
    // One node per visual (and one per sector); trees carry their placement.
    assert_eq!(doc.nodes().count(), EXPECTED_TRIANGLES.len() + 2);
    for t in TREES {
        let n = doc.nodes().find(|n| n.name().is_some_and(|s| s.starts_with(&format!("visual_{t}_")))).unwrap();
        let (tr, _, _) = n.transform().decomposed();
        assert!(glam::Vec3::from(tr).length() > 5.0, "tree {t} placed at {tr:?}");
    }
    // The two entity boxes' vertex colours are exported, and the trees' (their TREEDEF2
    // colour scale and bias over the hemi byte).
    let colours = doc.meshes().flat_map(|m| m.primitives()).filter(|p| p.get(&gltf::Semantic::Colors(0)).is_some()).count();
    assert_eq!(colours, 2 + TREES.len());
}

#[test]
fn a_level_geom_with_a_level_beside_it_exports_the_level() {
    let d = level_dir();
    let (out, _) = ok(&["export", "level.geom", "geom.glb"], d.path());
    assert!(out.contains("drawn through the level file beside it"), "{out}");
    assert!(out.contains(&format!("{} triangles, 0 points", drawn_total())), "{out}");
    std::fs::remove_file(d.path().join("level")).unwrap();
    let (out, _) = ok(&["export", "level.geom", "geom.glb"], d.path());
    assert!(!out.contains("drawn through the level") && out.contains("points"), "the point cloud without a level: {out}");
}

#[cfg(feature = "gui")]
#[test]
fn render_draws_a_known_visual_in_its_shader_colour() {
    use parkan_studio::doc::resolve::MemoryAssets;
    use parkan_studio::scene::level::{LevelFiles, LevelLayers, level_scene, shader_colour};
    use parkan_studio::formats::readings::Readings;
    use parkan_studio::render::{FrameParams, Headless, Light, OrbitCamera, RenderScene};

    let set = level_set();
    let files = LevelFiles::open(set.level.clone().into(), &MemoryAssets::from_files(set.files())).unwrap();
    let mut scene = level_scene("level", &files, &Readings::default(), LevelLayers::default());
    // Visual 10 alone: the box centred at (-6, 2, -4) with half sizes (2, 2, 1), shader 2.
    for n in &mut scene.nodes {
        n.primitives.retain(|p| p.label == "visual 10");
    }
    let rs = RenderScene::from_scene(&scene);
    let gpu = Headless::new().expect("a graphics adapter");
    let mut p = FrameParams::new(OrbitCamera::framing(rs.min, rs.max, 0.0, 0.0, 1.0));
    p.light = Light { direction: glam::Vec3::Z, follow_camera: true, intensity: 1.0, ambient: [0.0; 3] };
    let size = 128;
    let img = gpu.render(&gpu.upload(&rs).unwrap(), &p, size, size).unwrap();
    let bg = p.background.map(|c| (c * 255.0).round() as u8);
    let (mut x0, mut x1, mut y0, mut y1) = (size, 0, size, 0);
    for y in 0..size {
        for x in 0..size {
            if img.pixel(x, y).iter().zip(bg).any(|(a, b)| a.abs_diff(b) > 2) {
                (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
            }
        }
    }
    // Seen face-on along z it is a 4 x 4 square, centred.
    let (w, h) = (x1 + 1 - x0, y1 + 1 - y0);
    assert!(w > 20 && w.abs_diff(h) <= 2, "{w} x {h}");
    assert!(((x0 + x1) / 2).abs_diff(size / 2) <= 2 && ((y0 + y1) / 2).abs_diff(size / 2) <= 2, "{x0}..{x1}, {y0}..{y1}");
    let want = shader_colour(parkan_studio::fixtures::xray_level::SHADERS[2]).map(|c| (c * 255.0).round() as u8);
    let c = img.pixel(size / 2, size / 2);
    for k in 0..3 {
        assert!(c[k].abs_diff(want[k]) <= 12, "centre {c:?}, shader colour {want:?}");
    }
}
