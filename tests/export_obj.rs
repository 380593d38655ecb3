//! `export` to OBJ, read back by a small OBJ/MTL reader: vertex, normal, texture-coordinate,
//! face and point counts, every face index in range, every `usemtl` defined in the `mtllib`,
//! every `map_Kd` file present, and placements against the fixtures' known boxes and poses.

use parkan_studio::fixtures::{demo, msh as mfx, xray as xfx};
use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str], cwd: &Path) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_parkan-studio")).args(args).current_dir(cwd).output().unwrap();
    assert_ne!(out.status.code(), Some(101), "panic on {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn setup() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    d
}

#[derive(Default, Debug)]
struct Obj {
    v: Vec<[f32; 3]>,
    vn: usize,
    vt: usize,
    faces: usize,
    points: usize,
    mtllib: Option<String>,
    usemtl: Vec<String>,
    /// Vertex index range of each `o` object.
    objects: HashMap<String, std::ops::Range<usize>>,
}

fn read_obj(text: &str) -> Obj {
    let mut o = Obj::default();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let mut w = line.split_whitespace();
        let Some(kw) = w.next() else { continue };
        let rest: Vec<&str> = w.collect();
        match kw {
            "v" => {
                let f: Vec<f32> = rest.iter().map(|x| x.parse().unwrap()).collect();
                o.v.push([f[0], f[1], f[2]]);
                if let Some(c) = &current {
                    o.objects.get_mut(c).unwrap().end = o.v.len();
                }
            }
            "vn" => o.vn += 1,
            "vt" => o.vt += 1,
            "o" => {
                current = Some(rest[0].to_string());
                o.objects.insert(rest[0].to_string(), o.v.len()..o.v.len());
            }
            "f" => {
                assert_eq!(rest.len(), 3, "triangles only: {line}");
                for corner in rest {
                    let refs: Vec<&str> = corner.split('/').collect();
                    let vi: usize = refs[0].parse().unwrap();
                    assert!(vi >= 1 && vi <= o.v.len(), "face index {vi} past {} vertices", o.v.len());
                    if let Some(t) = refs.get(1).filter(|t| !t.is_empty()) {
                        assert!(t.parse::<usize>().unwrap() <= o.vt);
                    }
                    if let Some(n) = refs.get(2) {
                        assert!(n.parse::<usize>().unwrap() <= o.vn);
                    }
                }
                o.faces += 1;
            }
            "p" => {
                for i in rest {
                    let vi: usize = i.parse().unwrap();
                    assert!(vi >= 1 && vi <= o.v.len());
                    o.points += 1;
                }
            }
            "mtllib" => o.mtllib = Some(rest[0].to_string()),
            "usemtl" => o.usemtl.push(rest[0].to_string()),
            _ => {}
        }
    }
    o
}

/// `newmtl` names and their `map_Kd` files.
fn read_mtl(text: &str) -> HashMap<String, Option<String>> {
    let mut out = HashMap::new();
    let mut current = None;
    for line in text.lines() {
        let mut w = line.split_whitespace();
        match w.next() {
            Some("newmtl") => {
                let n = w.next().unwrap().to_string();
                out.insert(n.clone(), None);
                current = Some(n);
            }
            Some("map_Kd") => {
                out.insert(current.clone().unwrap(), Some(w.next().unwrap().to_string()));
            }
            _ => {}
        }
    }
    out
}

fn export(dir: &Path, args: &[&str], obj: &str) -> (Obj, Option<HashMap<String, Option<String>>>) {
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    run(&all, dir);
    let o = read_obj(&std::fs::read_to_string(dir.join(obj)).unwrap());
    let mtl = o.mtllib.as_ref().map(|m| {
        let bytes = std::fs::read(dir.join(m)).unwrap();
        let mtl = read_mtl(&String::from_utf8_lossy(&bytes));
        for name in &o.usemtl {
            assert!(mtl.contains_key(name), "usemtl {name} is not in {m}");
        }
        for file in mtl.values().flatten() {
            assert!(dir.join(file).is_file(), "{file} missing");
        }
        mtl
    });
    (o, mtl)
}

fn bounds(points: &[[f32; 3]]) -> ([f32; 3], [f32; 3]) {
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for p in points {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (lo, hi)
}

fn close(a: [f32; 3], b: [f32; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4)
}

#[test]
fn walker_obj_with_materials_and_textures() {
    let d = setup();
    let (o, mtl) = export(d.path(), &["walker.msh", "walker.obj"], "walker.obj");
    // Seven batches of boxes: body hull 3 + glass 1, head 2, two arms, the gun.
    assert_eq!(o.v.len(), 9 * 24);
    assert_eq!((o.vn, o.vt, o.faces, o.points), (9 * 24, 9 * 24, 9 * 12, 0));
    assert_eq!(o.usemtl.len(), 7);
    let mtl = mtl.unwrap();
    assert_eq!(mtl.len(), 3);
    assert_eq!(mtl["METAL01"].as_deref(), Some("walker_METAL01_0.png"));
    assert_eq!(mtl["GLASS"].as_deref(), Some("walker_GLASS_0.png"));
    // The head's hull (a 1 x 1 x 0.8 box) sits on the body at Parkan z 4.4: glTF y.
    let head = o.objects["HEAD_0"].clone();
    let (lo, hi) = bounds(&o.v[head]);
    assert!(close(lo, [-0.5, 4.0, -0.5]) && close(hi, [0.5, 4.8, 0.5]), "{lo:?} {hi:?}");
}

#[test]
fn frames_pose_the_obj() {
    let d = setup();
    std::fs::write(d.path().join("twonode.msh"), mfx::two_node_animated()).unwrap();
    let (rest, _) = export(d.path(), &["twonode.msh", "rest.obj"], "rest.obj");
    let (posed, _) = export(d.path(), &["twonode.msh", "posed.obj", "--frame", "4"], "posed.obj");
    // ARM: x 0..1 in its own space, at (1, 0, 0) under ROOT. At rest: Parkan x 1..2.
    let (lo, hi) = bounds(&rest.v[rest.objects["ARM_0"].clone()]);
    assert!(close(lo, [1.0, -0.25, -0.25]) && close(hi, [2.0, 0.25, 0.25]), "{lo:?} {hi:?}");
    // Frame 4: ROOT up 2 (Parkan z), ARM turned 90 degrees about z: Parkan x 0.75..1.25,
    // y 0..1, z 1.75..2.25, written (x, z, y).
    let (lo, hi) = bounds(&posed.v[posed.objects["ARM_0"].clone()]);
    assert!(close(lo, [0.75, 1.75, 0.0]) && close(hi, [1.25, 2.25, 1.0]), "{lo:?} {hi:?}");
}

#[test]
fn cube_without_a_table_is_white_and_untextured() {
    let d = setup();
    std::fs::write(d.path().join("cube.msh"), mfx::cube()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_parkan-studio")).args(["export", "cube.msh", "cube.obj"]).current_dir(d.path()).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("warning: cube.msh: no cube.wea"));
    let (o, mtl) = export(d.path(), &["cube.msh", "cube.obj"], "cube.obj");
    assert_eq!((o.v.len(), o.faces), (24, 12));
    let (lo, hi) = bounds(&o.v);
    assert!(close(lo, [-1.0; 3]) && close(hi, [1.0; 3]));
    let mtl = mtl.unwrap();
    assert!(mtl.values().all(Option::is_none));
    let text = std::fs::read_to_string(d.path().join("cube.mtl")).unwrap();
    assert!(text.contains("Kd 1 1 1"), "{text}");
}

#[test]
fn landscape_and_level_geom() {
    let d = setup();
    let (land, mtl) = export(d.path(), &["Land.msh", "land.obj"], "land.obj");
    assert_eq!(land.faces, 16 * 16 * 8);
    assert!(mtl.unwrap().values().any(|t| t.as_deref() == Some("land_GRASS_0.png")));
    let (lo, hi) = bounds(&land.v);
    assert!(lo[0] == 0.0 && hi[0] == 256.0 && lo[2] == 0.0 && hi[2] == 256.0);

    std::fs::write(d.path().join("v13.geom"), xfx::level_v13()).unwrap();
    let (geom, mtl) = export(d.path(), &["v13.geom", "geom.obj"], "geom.obj");
    assert!(mtl.is_none() && geom.usemtl.is_empty(), "no materials");
    let (g, _) = parkan_studio::formats::xray_geom::LevelGeom::parse(xfx::level_v13().into()).unwrap();
    let counts: Vec<usize> = g.vertex_buffers().iter().map(|v| v.vertex_count as usize).collect();
    assert_eq!(geom.v.len(), counts.iter().sum::<usize>());
    // Buffer 2's index buffer needs a base vertex: its vertices are points.
    assert_eq!(geom.points, counts[2]);
    let ibs = g.index_buffers();
    assert_eq!(geom.faces, (ibs[0].len() + ibs[1].len()) / 3);
}
