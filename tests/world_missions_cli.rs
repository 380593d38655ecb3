//! Missions and navigation maps through the command line and the project, on a folder the
//! game writer made (`fixtures::game` with its missions): `info`, `check DIR` and its mission
//! findings, `refs` both ways, `search`, `diff`, `unpack`/`pack`, and mods that move objects.

#[path = "support/cli.rs"]
mod cli;

use cli::{json, ok, run};
use parkan_studio::doc::mods::create::diff_folders;
use parkan_studio::doc::mods::manage::{self, InstallOptions};
use parkan_studio::doc::mods::{Meta, Package};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::doc::kinds::FormatKind;
use parkan_studio::formats::tma::Mission;
use std::path::{Path, PathBuf};

fn game(spec: GameSpec) -> (tempfile::TempDir, PathBuf) {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("game");
    write_game(&dir, &spec).unwrap();
    (d, dir)
}

fn mission(dir: &Path, name: &str) -> Mission {
    Mission::parse(&std::fs::read(dir.join(format!("MISSIONS/{name}/data.tma"))).unwrap()).unwrap().0
}

#[test]
fn info_of_a_mission_and_a_land_map() {
    let (_t, dir) = game(GameSpec::SMALL);
    let v = json(&["info", "--json", "MISSIONS/C1M01/data.tma"], &dir);
    assert_eq!(v["kind"], FormatKind::Mission.name());
    assert_eq!(v["objects"], 300);
    assert_eq!(v["map"], "DATA\\MAPS\\SC_1\\land");
    assert!(v["clans"].as_array().unwrap().iter().any(|c| c["type"] == "player"));
    let v = json(&["info", "--json", "DATA/MAPS/SC_1/Land.map"], &dir);
    assert_eq!(v["kind"], FormatKind::LandMap.name());
    assert_eq!(v["grid"], serde_json::json!([128, 128]));
    ok(&["check", "MISSIONS/C1M01/data.tma", "DATA/MAPS/SC_1/Land.map"], &dir);
}

#[test]
fn check_dir_reports_each_mission_problem_and_a_clean_folder_none() {
    let (_t, dir) = game(GameSpec::SMALL);
    let v = json(&["check", ".", "--json"], &dir);
    let missions: Vec<&serde_json::Value> = v["files"].as_array().unwrap().iter().filter(|f| f["path"].as_str().unwrap().contains("MISSIONS")).collect();
    assert_eq!(missions.len(), GameSpec::SMALL.missions);
    assert!(missions.iter().all(|f| f["ok"] == true && f["project"].as_array().unwrap().is_empty()), "{missions:#?}");

    let (_t, dir) = game(GameSpec::SMALL.with_problems());
    let v = json(&["check", ".", "--json"], &dir);
    let files = v["files"].as_array().unwrap();
    let broken = files.iter().find(|f| f["path"].as_str().unwrap().ends_with("Broken/data.tma")).unwrap();
    let messages: Vec<&str> = broken["project"].as_array().unwrap().iter().map(|p| p["message"].as_str().unwrap()).collect();
    for want in ["bld_gone.dat", "clan 9 of 3", "clan Ghost", "host 999", "hall-way vertex 99", "below the ground", "above the ground", "lode 0 lies outside"] {
        assert!(messages.iter().any(|m| m.contains(want)), "{want}: {messages:#?}");
    }
    assert_eq!(messages.len(), 8, "{messages:#?}");
    let cut = files.iter().find(|f| f["path"].as_str().unwrap().ends_with("Cut/Land.map")).unwrap();
    assert!(cut["project"][0]["message"].as_str().unwrap().contains("does not cover"), "{cut:#?}");
}

#[test]
fn refs_say_which_missions_place_a_record_or_unit_and_where_a_mission_plays() {
    let (_t, dir) = game(GameSpec::SMALL);
    let v = json(&["refs", "MISSIONS/C1M01/data.tma", "--project", ".", "--json"], &dir);
    let uses = v["uses"].as_array().unwrap();
    let land = uses.iter().find(|u| u["kind"] == "landscape").unwrap();
    assert_eq!(land["target"], "DATA/MAPS/SC_1/land.msh");
    assert!(uses.iter().filter(|u| u["kind"] == "placed").all(|u| u["target"].is_string()), "every object resolves");
    let v = json(&["refs", "objects.rlb::s_obj_000", "--project", ".", "--json"], &dir);
    let by: Vec<&str> = v["used_by"].as_array().unwrap().iter().map(|l| l["address"].as_str().unwrap()).collect();
    assert!(by.contains(&"MISSIONS/C1M01/data.tma"), "{by:?}");
    let v = json(&["refs", "UNITS/BUILDS/bld_000.dat", "--project", ".", "--json"], &dir);
    assert!(v["used_by"].as_array().unwrap().iter().any(|l| l["at"] == "object"), "{v:#}");
    let v = json(&["refs", "DATA/MAPS/SC_1/land.msh", "--project", ".", "--json"], &dir);
    assert!(v["used_by"].as_array().unwrap().iter().any(|l| l["address"] == "MISSIONS/C1M01/data.tma"), "{v:#}");
}

#[test]
fn search_finds_objects_by_path_name_clan_and_property() {
    let (_t, dir) = game(GameSpec::SMALL);
    let v = json(&["search", ".", "bld_000", "--json"], &dir);
    assert!(v["hits"].as_array().unwrap().iter().any(|h| h["address"].as_str().unwrap().starts_with("MISSIONS/") && h["at"] == "object"), "{v:#}");
    let named = mission(&dir, "C1M01").objects.iter().find(|o| o.kind == 0).unwrap().name.decode();
    let v = json(&["search", ".", &named, "--json"], &dir);
    assert!(v["hits"].as_array().unwrap().iter().any(|h| h["name"] == named.as_str() && h["at"] == "object"), "{v:#}");
    let v = json(&["search", ".", "clan:Plr prop:CurrentOre", "--json"], &dir);
    let hits = v["hits"].as_array().unwrap();
    assert!(!hits.is_empty() && hits.iter().all(|h| h["address"].as_str().unwrap().starts_with("MISSIONS/")), "{v:#}");
}

#[test]
fn diff_of_a_moved_object_and_unpack_pack_round_trip() {
    let (t, dir) = game(GameSpec::SMALL);
    let mut m = mission(&dir, "C1M02");
    let k = m.objects.iter().position(|o| o.logical_id > 0).unwrap();
    m.objects[k].position[0] += 4.0;
    let moved = t.path().join("moved.tma");
    std::fs::write(&moved, m.write()).unwrap();
    let out = run(&["diff", "MISSIONS/C1M02/data.tma", moved.to_str().unwrap(), "--json"], &dir);
    assert_eq!(out.status.code(), Some(1), "differences found");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let details = v["changes"][0]["details"].as_array().unwrap();
    assert_eq!(details.len(), 1, "{v:#}");
    assert_eq!(details[0]["note"], "moved");

    let (u, p) = (t.path().join("u"), t.path().join("p"));
    ok(&["unpack", dir.to_str().unwrap(), "-o", u.to_str().unwrap()], &dir);
    let text = u.join("MISSIONS/C1M02/data.tma.mission.toml");
    assert!(text.is_file() && !u.join("MISSIONS/C1M02/data.tma").exists());
    ok(&["pack", u.to_str().unwrap(), "-o", p.to_str().unwrap()], &dir);
    for name in ["Tutorial", "C1M01", "C1M02", "C1M03"] {
        let f = format!("MISSIONS/{name}/data.tma");
        assert_eq!(std::fs::read(p.join(&f)).unwrap(), std::fs::read(dir.join(&f)).unwrap(), "{f}");
    }
    // An edit of the text: one clan's bot limit.
    let t2 = std::fs::read_to_string(&text).unwrap().replacen("bot_limit = ", "bot_limit = 1", 1);
    std::fs::write(&text, t2).unwrap();
    ok(&["pack", u.to_str().unwrap(), "-o", t.path().join("p2").to_str().unwrap()], &dir);
    let (a, b) = (mission(&dir, "C1M02"), mission(&t.path().join("p2"), "C1M02"));
    assert_ne!(a.clans[0].minds, b.clans[0].minds);
    assert_eq!(a.objects, b.objects);
}

#[test]
fn two_mods_moving_different_objects_of_one_mission_both_install() {
    let (t, dir) = game(GameSpec::SMALL);
    let make = |name: &str, object: usize, by: f32| {
        let modded = t.path().join(name);
        parkan_studio::fixtures::files::copy_dir(&dir, &modded).unwrap();
        let f = modded.join("MISSIONS/C1M01/data.tma");
        let mut m = Mission::parse(&std::fs::read(&f).unwrap()).unwrap().0;
        m.objects[object].position[1] += by;
        std::fs::write(&f, m.write()).unwrap();
        let changes = diff_folders(&dir, &modded).unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].op_name(), "mission_objects", "carried as a merged change");
        let pkg = Package { meta: Meta { name: name.into(), version: "1".into(), ..Meta::default() }, changes };
        let path = t.path().join(format!("{name}.parkanmod"));
        std::fs::write(&path, pkg.to_bytes().unwrap()).unwrap();
        path
    };
    let (a, b, c) = (make("a", 3, 7.0), make("b", 40, 7.0), make("c", 3, -2.0));
    let base = mission(&dir, "C1M01");
    for p in [&a, &b] {
        manage::install(&dir, p, &InstallOptions::default(), &mut |_| false).unwrap();
    }
    let m = mission(&dir, "C1M01");
    assert_eq!(m.objects[3].position[1], base.objects[3].position[1] + 7.0);
    assert_eq!(m.objects[40].position[1], base.objects[40].position[1] + 7.0);
    // A third moving object 3 otherwise conflicts: refused without --force.
    let r = manage::install(&dir, &c, &InstallOptions::default(), &mut |_| false);
    assert!(r.is_err(), "{r:?} {:?}", mission(&dir, "C1M01").objects[3].position);
    let _ = run(&["mod", "list", dir.to_str().unwrap()], &dir);
}
