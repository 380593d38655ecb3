//! The Mods panel of a game folder open as a project: a `.parkanmod` dropped on the window
//! shows its dry run, Install writes it, Uninstall gives every game file back byte for byte; a
//! mod that conflicts with an installed one asks which wins; a package opened on its own shows
//! its manifest and its changes. Game folders are written by `fixtures::game`, packages by
//! `doc::mods::create`.

#![cfg(feature = "gui")]

mod common;

use common::{drop_files_one_frame as drop_files, settle};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::mods::create::{diff_folders, write_package};
use parkan_studio::doc::mods::journal::Journal;
use parkan_studio::doc::mods::manage::{self, InstallOptions};
use parkan_studio::doc::mods::Meta;
use parkan_studio::doc::node::Node;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::bytes::SharedBytes;
use std::path::{Path, PathBuf};
#[allow(dead_code)]
#[path = "support/mods.rs"]
mod mods_support;
use mods_support::{snapshot, swap_texture};

fn harness(files: Vec<PathBuf>) -> Harness<'static, StudioApp> {
    let opts = StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1280.0, 800.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h
}

fn copy_dir(from: &Path, to: &Path) {
    parkan_studio::fixtures::files::copy_dir(from, to).unwrap();
}

/// A package made from a copy of `game` where each (entry, from) texture swap is done, plus a
/// loose file.
fn make_mod(t: &Path, game: &Path, name: &str, swaps: &[(&str, &str)]) -> PathBuf {
    let modded = t.join(format!("{name}-modded"));
    copy_dir(game, &modded);
    for (entry, from) in swaps {
        swap_texture(&modded, entry, from);
    }
    std::fs::write(modded.join(format!("{name}.txt")), format!("{name} was here\n")).unwrap();
    let changes = diff_folders(game, &modded).unwrap();
    let pkg = t.join(format!("{name}.parkanmod"));
    let meta = Meta { name: name.into(), version: "1.0".into(), author: "Ann".into(), description: "Sharper bricks".into(), tool: "test".into() };
    write_package(&pkg, meta, changes).unwrap();
    pkg
}

fn setup() -> (tempfile::TempDir, PathBuf) {
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("game");
    write_game(&game, &GameSpec::SMALL).unwrap();
    (t, game)
}

fn installed(game: &Path) -> Vec<String> {
    Journal::load(game).unwrap().mods.into_iter().map(|m| m.name).collect()
}

fn log_has(h: &Harness<'static, StudioApp>, needle: &str) -> bool {
    h.state().log.lines().iter().any(|l| l.text.contains(needle))
}

#[test]
fn a_dropped_mod_shows_its_dry_run_installs_and_uninstalls_byte_identically() {
    let (t, game) = setup();
    let pkg = make_mod(t.path(), &game, "HD Bricks", &[("BRICK00.0", "WALL00.0"), ("ROCK00.0", "METAL00.0")]);
    let before = snapshot(&game);
    let mut h = harness(vec![game.clone()]);
    assert!(h.query_by_label("Mods (0 installed)").is_some());
    // Textures.lib open in the editor: the install rewrites it, and it is read again.
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::Open(vec![game.join("Textures.lib")]));
    settle(&mut h);
    let open_bytes = |h: &Harness<'static, StudioApp>| {
        let s = h.state();
        let f = s.ws.files().iter().find(|f| f.path.ends_with("Textures.lib")).expect("Textures.lib is open");
        s.ws.item_bytes(&parkan_studio::doc::ItemPath::root(f.id)).unwrap().to_vec()
    };
    assert_eq!(open_bytes(&h), before["Textures.lib"]);
    assert!(h.query_by_label("Install from file…").is_some());

    // Dropped on the window with a project open: the dry run, nothing written yet.
    drop_files(&mut h, egui::pos2(700.0, 300.0), std::slice::from_ref(&pkg));
    settle(&mut h);
    assert!(h.query_by_label("Install HD Bricks?").is_some(), "the dry run window");
    assert!(h.query_by_label("Dry run: 3 changes, 0 blocked, 0 in conflict; it would be the first mod installed.").is_some());
    for item in ["Textures.lib::BRICK00.0", "Textures.lib::ROCK00.0", "HD Bricks.txt"] {
        assert!(h.query_by_label(item).is_some(), "{item} listed");
    }
    assert_eq!(snapshot(&game), before, "a dry run writes nothing");

    h.get_by_label("Install").click();
    settle(&mut h);
    assert!(h.query_by_label("Install HD Bricks?").is_none());
    assert_eq!(installed(&game), ["HD Bricks"]);
    assert!(h.query_by_label("Mods (1 installed)").is_some());
    assert!(h.query_by_label("1. HD Bricks 1.0 by Ann").is_some());
    assert_ne!(snapshot(&game), before);
    assert!(log_has(&h, "installed HD Bricks as #1 of 1"));
    assert_eq!(open_bytes(&h), std::fs::read(game.join("Textures.lib")).unwrap(), "the open archive was read again");
    // The project lists the new loose file's folder as before and not the journal's copies.
    let view = h.state().views.folder.as_ref().unwrap();
    assert!(view.project.walked.files.iter().all(|f| !f.rel.starts_with(".parkan-mods")), "the journal is not part of the project");

    h.get_by_label("Uninstall").click();
    settle(&mut h);
    assert!(h.query_by_label("Mods (0 installed)").is_some());
    assert!(installed(&game).is_empty());
    assert_eq!(snapshot(&game), before, "every game file byte-identical to before");
    assert_eq!(open_bytes(&h), before["Textures.lib"], "and the open archive with them");
}

#[test]
fn a_mod_that_conflicts_with_an_installed_one_asks_which_wins() {
    let (t, game) = setup();
    let first = make_mod(t.path(), &game, "Grassy", &[("BRICK00.0", "GRASS00.0")]);
    let second = make_mod(t.path(), &game, "HD Bricks", &[("BRICK00.0", "WALL00.0"), ("ROCK00.0", "METAL00.0")]);
    manage::install(&game, &first, &InstallOptions::default(), &mut |_| false).unwrap();
    let mut h = harness(vec![game.clone()]);
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::ModPreview { package: second.clone(), force: false, order: None });
    settle(&mut h);
    assert!(h.query_by_label("It conflicts with Grassy: which wins?").is_some());
    assert!(h.query_by_label_contains("CONFLICT with Grassy").is_some());
    assert!(h.get_by_label("Install").accesskit_node().is_disabled(), "Install waits for the choice");

    // Placed before Grassy: the dry run again, Grassy's brick wins, nothing blocked.
    h.get_by_label("Install it before Grassy (#1): the installed mods win where they conflict").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("it would be #1 of 2, before Grassy").is_some());
    assert!(h.query_by_label_contains("CONFLICT with Grassy, which comes after it: Grassy wins").is_some());
    h.get_by_label("Install").click();
    settle(&mut h);
    assert_eq!(installed(&game), ["HD Bricks", "Grassy"]);
    assert!(h.query_by_label("1. HD Bricks 1.0 by Ann").is_some() && h.query_by_label("2. Grassy 1.0 by Ann").is_some());

    // Uninstalling both in turn gives the clean game back.
    let clean = t.path().join("clean");
    write_game(&clean, &GameSpec::SMALL).unwrap();
    for _ in 0..2 {
        h.get_all_by_label("Uninstall").next().unwrap().click();
        settle(&mut h);
    }
    assert!(installed(&game).is_empty());
    assert_eq!(snapshot(&game), snapshot(&clean));
}

#[test]
fn forcing_a_conflicting_mod_installs_it_last_and_it_wins() {
    let (t, game) = setup();
    let first = make_mod(t.path(), &game, "Grassy", &[("BRICK00.0", "GRASS00.0")]);
    let second = make_mod(t.path(), &game, "HD Bricks", &[("BRICK00.0", "WALL00.0")]);
    manage::install(&game, &first, &InstallOptions::default(), &mut |_| false).unwrap();
    let mut h = harness(vec![game.clone()]);
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::ModPreview { package: second, force: false, order: None });
    settle(&mut h);
    h.get_by_label("Install it last: this mod wins (its bytes replace theirs where they differ)").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Dry run: 2 changes, 0 blocked").is_some());
    h.get_by_label("Install").click();
    settle(&mut h);
    assert_eq!(installed(&game), ["Grassy", "HD Bricks"]);
    // Uninstalled from the command line meanwhile: opening the folder again reads the journal.
    manage::revert(&game, "HD Bricks", false, false, &mut |_| false).unwrap();
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::OpenFolder(game.clone()));
    settle(&mut h);
    assert!(h.query_by_label("Mods (1 installed)").is_some());
}

#[test]
fn a_package_opened_on_its_own_shows_its_manifest_and_changes() {
    let (t, game) = setup();
    let pkg = make_mod(t.path(), &game, "HD Bricks", &[("BRICK00.0", "WALL00.0")]);
    let mut h = harness(vec![pkg.clone()]);
    assert!(h.query_by_label("Mod HD Bricks 1.0").is_some(), "its window");
    for text in ["Ann", "Sharper bricks", "Textures.lib::BRICK00.0", "HD Bricks.txt", "replace_entry", "add_file"] {
        assert!(h.query_by_label(text).is_some(), "{text} shown");
    }
    assert!(h.query_by_label_contains("Open the game folder").is_some(), "no project: no diffs offered");
    assert!(h.state().ws.files().is_empty(), "a package is not opened as a document");

    // Dropped with no project open, another package opens on its own too.
    let other = make_mod(t.path(), &game, "Grassy", &[("SAND00.0", "GRASS00.0")]);
    drop_files(&mut h, egui::pos2(700.0, 300.0), std::slice::from_ref(&other));
    settle(&mut h);
    assert!(h.query_by_label("Mod Grassy 1.0").is_some());
    assert!(h.state().views.mods.pending.is_none(), "nothing to install into");

    // With the game folder open, each change diffs against the game's item.
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::OpenFolder(game.clone()));
    settle(&mut h);
    assert_eq!(h.get_all_by_label("Install into this folder…").count(), 2, "neither is installed there yet");
    h.get_all_by_label("Diff").next().unwrap().click();
    settle(&mut h);
    assert!(h.query_by_label("changed Textures.lib::BRICK00.0 (texm)").is_some(), "the compare's words");
    let diffs: usize = h.state().views.mods.packages.iter().map(|p| p.diffs.len()).sum();
    assert_eq!(diffs, 1, "one change's diff shown");
}

#[test]
fn up_and_down_reorder_the_installed_mods_and_the_later_wins() {
    let (t, game) = setup();
    let grassy = make_mod(t.path(), &game, "Grassy", &[("BRICK00.0", "GRASS00.0")]);
    let bricks = make_mod(t.path(), &game, "HD Bricks", &[("BRICK00.0", "WALL00.0")]);
    manage::install(&game, &grassy, &InstallOptions::default(), &mut |_| false).unwrap();
    manage::install(&game, &bricks, &InstallOptions { force: true, ..Default::default() }, &mut |_| false).unwrap();
    let brick = |g: &Path| {
        let (node, _) = Node::parse("Textures.lib", SharedBytes::from(std::fs::read(g.join("Textures.lib")).unwrap())).unwrap();
        node.entry_bytes(node.resolve("BRICK00.0").unwrap()).unwrap().to_vec()
    };
    let clean = t.path().join("clean");
    write_game(&clean, &GameSpec::SMALL).unwrap();
    let texture = |name: &str| {
        let (node, _) = Node::parse("Textures.lib", SharedBytes::from(std::fs::read(clean.join("Textures.lib")).unwrap())).unwrap();
        node.entry_bytes(node.resolve(name).unwrap()).unwrap().to_vec()
    };
    assert_eq!(brick(&game), texture("WALL00.0"), "HD Bricks is later and wins");
    let mut h = harness(vec![game.clone()]);
    // The first row's Down (the second row's is disabled, being last).
    h.get_all_by_label("Down").next().unwrap().click();
    settle(&mut h);
    let log: Vec<String> = h.state().log.lines().iter().map(|l| l.text.clone()).collect();
    assert_eq!(installed(&game), ["HD Bricks", "Grassy"], "{log:?}");
    assert!(h.query_by_label("1. HD Bricks 1.0 by Ann").is_some());
    assert_eq!(brick(&game), texture("GRASS00.0"), "re-applied in the new order: Grassy wins");
}

#[test]
fn export_changes_as_mod_against_a_clean_folder_writes_a_package_that_installs() {
    let (t, game) = setup();
    let clean = t.path().join("clean");
    copy_dir(&game, &clean);
    swap_texture(&game, "BRICK00.0", "WALL00.0");
    std::fs::write(game.join("notes.txt"), b"mine\n").unwrap();
    let mut h = harness(vec![game.clone()]);
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export Changes as Mod…").click();
    settle(&mut h);
    assert!(h.query_by_label(&parkan_studio::app::i18n::tr("pick-export-mod")).is_some(), "the form");
    // The clean folder, as its pick answers.
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::ModExportChanges { base: Some(clean.clone()) });
    settle(&mut h);
    assert!(h.query_by_label("2 of 2 changes included").is_some());
    // Leave the loose file out.
    h.get_by_label("add_file notes.txt").click();
    h.run();
    assert!(h.query_by_label("1 of 2 changes included").is_some());
    let out = t.path().join("mine.parkanmod");
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::ModExportWrite(out.clone()));
    settle(&mut h);
    assert!(h.query_by_label(&parkan_studio::app::i18n::tr("pick-export-mod")).is_none(), "the form closes once written");
    let pkg = parkan_studio::doc::mods::Package::read(&out).unwrap();
    let addresses: Vec<String> = pkg.changes.iter().map(|c| c.address()).collect();
    assert_eq!(addresses, ["Textures.lib::BRICK00.0"]);
    // It installs over the clean copy and gives the modded entry.
    manage::install(&clean, &out, &InstallOptions::default(), &mut |_| false).unwrap();
    assert_eq!(std::fs::read(clean.join("Textures.lib")).unwrap(), std::fs::read(game.join("Textures.lib")).unwrap());
}

#[test]
fn a_hostile_package_dropped_on_the_window_is_refused_before_anything_is_written() {
    let (t, game) = setup();
    let before = snapshot(&game);
    // A manifest whose file leaves the game folder.
    let data: &[u8] = b"payload";
    let sha = parkan_studio::doc::mods::change::sha256_hex(data);
    let manifest = format!(
        r#"{{"format":"parkanmod","format_version":1,"name":"Evil","changes":[{{"op":"add_file","file":"../outside.txt","data":{{"path":"data/0001","size":7,"sha256":"{sha}"}}}}]}}"#
    );
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in [("mod.json", manifest.as_bytes()), ("data/0001", data)] {
        use std::io::Write;
        z.start_file(name, zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(bytes).unwrap();
    }
    let evil = t.path().join("evil.parkanmod");
    std::fs::write(&evil, z.finish().unwrap().into_inner()).unwrap();
    let mut h = harness(vec![game.clone()]);
    drop_files(&mut h, egui::pos2(700.0, 300.0), std::slice::from_ref(&evil));
    settle(&mut h);
    assert!(log_has(&h, "leaves or names the folder"), "{:?}", h.state().log.lines().iter().map(|l| l.text.clone()).collect::<Vec<_>>());
    assert!(h.state().views.mods.pending.is_none(), "no dry run to confirm");
    assert_eq!(snapshot(&game), before);
    assert!(!t.path().join("outside.txt").exists());
}

/// A mod's name with an ESC and a line break is shown escaped, in the Mods panel (read from the
/// journal) and in the package's own window.
#[test]
fn a_name_with_control_characters_is_shown_escaped() {
    let (t, game) = setup();
    let modded = t.path().join("modded");
    copy_dir(&game, &modded);
    std::fs::write(modded.join("evil.txt"), b"x").unwrap();
    let name = "Evil\u{1b}[2J\r\nFake";
    let pkg = t.path().join("evil.parkanmod");
    let meta = Meta { name: name.into(), version: "1.0".into(), author: "A\u{7}nn".into(), description: "d".into(), tool: "test".into() };
    write_package(&pkg, meta, diff_folders(&game, &modded).unwrap()).unwrap();
    manage::install(&game, &pkg, &InstallOptions::default(), &mut |_| false).unwrap();
    let mut h = harness(vec![game.clone(), pkg.clone()]);
    assert!(h.query_by_label("1. Evil\\u{1b}[2J\\r\\nFake 1.0 by A\\u{7}nn").is_some(), "the panel's row");
    assert!(h.query_by_label("Mod Evil\\u{1b}[2J\\r\\nFake 1.0").is_some(), "the package's window");
    let raw: Vec<String> = h.query_all_by_label_contains("\u{1b}").map(|n| format!("{:?} {:?}", n.accesskit_node().label(), n.accesskit_node().value())).collect();
    assert!(raw.is_empty(), "no raw ESC shown anywhere: {raw:?}");
    settle(&mut h);
}
