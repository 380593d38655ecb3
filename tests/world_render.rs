//! The world drawn through the binary: an assembled unit, a record and a mission rendered to
//! PNG (perspective and top-down) and a mission exported to glTF and read back, on a game
//! folder written by `fixtures::world_scene` (the small game, a map folder, a mission placing
//! its units and records with one path that names nothing).
#![cfg(feature = "gui")]

use parkan_studio::fixtures::world_scene as ws;
use parkan_studio::scene::mission::{CLAN_PALETTE, MISSING_COLOR};
use std::path::Path;

#[path = "support/cli.rs"]
mod cli;
use cli::run;

const OBJECTS: usize = 40;

/// A command that must succeed; its stdout.
fn ok(args: &[&str], cwd: &Path) -> String {
    cli::ok(args, cwd).0
}

/// The game folder with a 20-component unit and the mission.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut files = ws::game();
    let mission = ws::mission(OBJECTS, &files);
    files.push(("UNITS/UNITS/BATTLE/big.dat".into(), ws::unit(20)));
    files.push(("MISSIONS/Test/data.tma".into(), mission.write()));
    // The same mission with no owners and no zones: no clan colour anywhere.
    let mut plain = mission.clone();
    plain.objects.iter_mut().for_each(|o| o.clan = -1);
    plain.clans.iter_mut().for_each(|c| c.zones = parkan_studio::formats::tma::Zones::List(Vec::new()));
    files.push(("MISSIONS/Plain/data.tma".into(), plain.write()));
    for (rel, bytes) in files {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    dir
}

fn png(path: &Path) -> image::RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

/// Pixels that are not the background (the corner's colour).
fn drawn(img: &image::RgbaImage) -> usize {
    let bg = img.get_pixel(0, 0).0;
    img.pixels().filter(|p| p.0.iter().zip(bg).any(|(a, b)| a.abs_diff(b) > 6)).count()
}

/// Pixels whose colour is near `c`'s (stored linear, so compared in sRGB) in direction:
/// lighting scales a flat colour, it does not turn red into blue.
fn near_hue(img: &image::RgbaImage, c: [f32; 4]) -> usize {
    let srgb = |x: f32| if x <= 0.003_130_8 { x * 12.92 } else { 1.055 * x.powf(1.0 / 2.4) - 0.055 };
    let want = glam::Vec3::new(srgb(c[0]), srgb(c[1]), srgb(c[2])).normalize();
    img.pixels()
        .filter(|p| {
            let v = glam::Vec3::new(p.0[0] as f32, p.0[1] as f32, p.0[2] as f32);
            // Bright and saturated, as the flat markers are and the landscape's textures are not.
            let (hi, lo) = (v.max_element(), v.min_element());
            hi > 110.0 && (hi - lo) / hi > 0.6 && v.normalize().dot(want) > 0.99
        })
        .count()
}

#[test]
fn a_unit_and_a_record_render_assembled() {
    let dir = folder();
    let out = ok(&["render", "UNITS/UNITS/BATTLE/big.dat", "unit.png", "--size", "256x192"], dir.path());
    assert!(out.contains("assembled 20 of 20 components"), "{out}");
    let img = png(&dir.path().join("unit.png"));
    assert_eq!(img.dimensions(), (256, 192));
    assert!(drawn(&img) > 2000, "{} pixels drawn", drawn(&img));
    let out = ok(&["render", "objects.rlb::S_OBJ_000", "record.png", "--size", "128x128"], dir.path());
    assert!(out.contains("assembled 1 of 1"), "{out}");
    assert!(drawn(&png(&dir.path().join("record.png"))) > 500);
}

#[test]
fn a_mission_renders_top_down_with_clan_colours_and_the_missing_box() {
    let dir = folder();
    let out = ok(&["render", "MISSIONS/Test/data.tma", "top.png", "--view", "top", "--size", "512x512"], dir.path());
    assert!(out.contains(&format!("mission: {OBJECTS} objects (1 drawn as missing boxes)")), "{out}");
    let img = png(&dir.path().join("top.png"));
    // The landscape fills the view.
    assert!(drawn(&img) > 512 * 512 / 2, "{}", drawn(&img));
    ok(&["render", "MISSIONS/Plain/data.tma", "plain.png", "--view", "top", "--size", "512x512"], dir.path());
    let plain = png(&dir.path().join("plain.png"));
    // Clans 0 (zones), 1, 2 and 3 (the rings of the objects they own): each colour shows in the
    // mission and much less without owners and zones.
    for (clan, &colour) in CLAN_PALETTE.iter().enumerate().take(4) {
        let (with, without) = (near_hue(&img, colour), near_hue(&plain, colour));
        assert!(with > without + 100, "clan {clan}'s colour: {with} pixels, {without} without owners");
    }
    assert!(near_hue(&img, MISSING_COLOR) > 20, "the missing object's box: {}", near_hue(&img, MISSING_COLOR));
    assert_eq!(near_hue(&img, MISSING_COLOR), near_hue(&plain, MISSING_COLOR), "the box does not depend on the owner");
    ok(&["render", "MISSIONS/Test/data.tma", "persp.png", "--size", "320x240"], dir.path());
    assert!(drawn(&png(&dir.path().join("persp.png"))) > 5000);
    let bad = run(&["render", "MISSIONS/Test/data.tma", "x.png", "--view", "side"], dir.path());
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_mission_exports_every_object_as_a_node() {
    let dir = folder();
    ok(&["export", "MISSIONS/Test/data.tma", "mission.gltf"], dir.path());
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.path().join("mission.gltf")).unwrap()).unwrap();
    let roots = json["scenes"][0]["nodes"].as_array().unwrap();
    assert_eq!(roots.len(), OBJECTS + 1, "one node per object and the map (landscape and markers)");
    let names: Vec<&str> = roots.iter().map(|i| json["nodes"][i.as_u64().unwrap() as usize]["name"].as_str().unwrap_or("")).collect();
    assert_eq!(names[0], "map");
    assert!(names.contains(&"Unit 1 [2]") || names.contains(&"Base 1 [2]"), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("MISSING")), "{names:?}");
    ok(&["export", "MISSIONS/Test/data.tma", "mission.glb"], dir.path());
    assert!(std::fs::metadata(dir.path().join("mission.glb")).unwrap().len() > 10_000);
}

#[test]
fn a_unit_outside_a_game_folder_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lone.dat"), ws::unit(4)).unwrap();
    let out = run(&["render", "lone.dat", "x.png"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("objects.rlb"));
}
