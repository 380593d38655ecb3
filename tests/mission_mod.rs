//! The modder's round trip for a mission (issue 41, "a mod made from an edited mission installs
//! object by object"), through the binary on a game folder written by `fixtures::game` (SMALL):
//! a mission is edited with the editor's own ops (an object moved, a clan renamed, a lode added:
//! `edits::run`) and saved; `mod create` makes a package of the change, a `mission_objects`
//! change (docs/formats/parkanmod.md, "Mission objects"); `mod apply` installs it on a fresh
//! copy of the original folder, where the mission becomes the edited file byte for byte, and on
//! a copy whose mission another hand changed elsewhere, where the two edits merge object by
//! object; `mod revert` restores the original bytes.

#![cfg(feature = "gui")]

#[path = "support/cli.rs"]
mod cli;

use parkan_studio::app::editors::mission::edits::{MissionOp, Place, run};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::tma::{LODE_TYPE, Lode, Mission};
use std::path::{Path, PathBuf};

/// The first mission of the folder, relative to it.
fn first_mission(game: &Path) -> String {
    let mut names: Vec<String> = std::fs::read_dir(game.join("MISSIONS")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let name = names.into_iter().find(|n| game.join("MISSIONS").join(n).join("data.tma").is_file()).expect("a mission");
    format!("MISSIONS/{name}/data.tma")
}

fn copy_dir(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

fn fresh(root: &Path, clean: &Path, name: &str) -> PathBuf {
    let d = root.join(name);
    std::fs::create_dir_all(&d).unwrap();
    copy_dir(clean, &d);
    d
}

fn read(path: &Path) -> Mission {
    Mission::parse(&std::fs::read(path).unwrap()).unwrap().0
}

#[test]
fn an_edited_mission_packs_as_a_mod_installs_object_by_object_and_reverts() {
    let t = tempfile::tempdir().unwrap();
    let root = t.path();
    let clean = root.join("clean");
    write_game(&clean, &GameSpec::SMALL).unwrap();
    let rel = first_mission(&clean);
    let original = std::fs::read(clean.join(&rel)).unwrap();

    // The modder's folder: the mission edited with the editor's ops and saved.
    let modded = fresh(root, &clean, "modded");
    let mut m = read(&modded.join(&rel));
    let k = m.objects.iter().position(|o| o.logical_id > 0).expect("an object with a logical id");
    let o = m.objects[k].clone();
    let moved = [o.position[0] + 12.0, o.position[1] + 3.0, o.position[2]];
    run(&mut m, &MissionOp::Place(vec![Place { object: k, position: moved, rotation: o.rotation }])).unwrap();
    run(&mut m, &MissionOp::RenameClan(1, "Rebels".into())).unwrap();
    let lode = Lode { position: [50.0, 60.0, 0.0], found: 0, kind: LODE_TYPE, amount: 900.0, extra: 0 };
    run(&mut m, &MissionOp::AddLode(lode)).unwrap();
    let edited = m.write();
    std::fs::write(modded.join(&rel), &edited).unwrap();

    // The package: one mission_objects change for the mission.
    let pkg = root.join("rebels.parkanmod");
    let (out, _) = cli::ok(&["mod", "create", "--base", clean.to_str().unwrap(), "--modded", modded.to_str().unwrap(), "-o", pkg.to_str().unwrap(), "--name", "Rebels"], root);
    assert!(out.lines().any(|l| l.trim_start().starts_with("mission_objects ") && l.contains("data.tma")), "{out}");
    assert!(out.contains("(1 mission_objects)"), "{out}");
    assert_eq!(out.lines().filter(|l| !l.starts_with("wrote")).count(), 1, "only the mission changed: {out}");

    // On a fresh copy of the original folder: the edited file, byte for byte; reverted: the original.
    let game = fresh(root, &clean, "game");
    cli::ok(&["mod", "apply", pkg.to_str().unwrap(), game.to_str().unwrap()], root);
    assert_eq!(std::fs::read(game.join(&rel)).unwrap(), edited, "installed as edited");
    cli::ok(&["mod", "revert", "Rebels", game.to_str().unwrap()], root);
    assert_eq!(std::fs::read(game.join(&rel)).unwrap(), original, "reverted to the original bytes");

    // On a folder whose mission another hand changed (another object's owner): both edits.
    let other = fresh(root, &clean, "other");
    let mut theirs = read(&other.join(&rel));
    let j = theirs.objects.iter().enumerate().position(|(i, x)| i != k && x.kind == 1).expect("another unit");
    let their_clan = if theirs.objects[j].clan == 2 { 3 } else { 2 };
    run(&mut theirs, &MissionOp::SetClan(vec![j], their_clan)).unwrap();
    let theirs_bytes = theirs.write();
    std::fs::write(other.join(&rel), &theirs_bytes).unwrap();
    cli::ok(&["mod", "apply", pkg.to_str().unwrap(), other.to_str().unwrap()], root);
    let merged = read(&other.join(&rel));
    assert_eq!(merged.objects[k].position, moved, "the mod's move");
    assert_eq!(merged.objects[j].clan, their_clan, "the other hand's owner kept");
    assert_eq!(merged.clans[1].name.decode(), "Rebels");
    assert_eq!(merged.lodes.last(), Some(&lode));
    assert_eq!(merged.objects.len(), theirs.objects.len());
    cli::ok(&["mod", "revert", "Rebels", other.to_str().unwrap()], root);
    assert_eq!(std::fs::read(other.join(&rel)).unwrap(), theirs_bytes, "reverted to what was there");
}
