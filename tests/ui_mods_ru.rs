//! The Mods panel in Russian: what an install and an uninstall report, and why a dry run's
//! change is blocked, read in the interface's language (the English is the command line's).
//! Its own test binary: the Russian harness sets the process-wide language, which the English
//! suites never share.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::i18n::Language;
use parkan_studio::app::intent::Intent;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::mods::Meta;
use parkan_studio::doc::mods::create::{diff_folders, write_package};
use parkan_studio::doc::mods::journal::Journal;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use std::path::{Path, PathBuf};
#[allow(dead_code)]
#[path = "support/mods.rs"]
mod mods_support;
use mods_support::swap_texture;


/// A package that swaps BRICK00.0 for WALL00.0 and adds a loose file: two files.
fn make_mod(t: &Path, game: &Path) -> PathBuf {
    let modded = t.join("modded");
    parkan_studio::fixtures::files::copy_dir(game, &modded).unwrap();
    swap_texture(&modded, "BRICK00.0", "WALL00.0");
    std::fs::write(modded.join("Bricks.txt"), "Bricks was here\n").unwrap();
    let pkg = t.join("Bricks.parkanmod");
    let meta = Meta { name: "Bricks".into(), version: "1.0".into(), ..Meta::default() };
    write_package(&pkg, meta, diff_folders(game, &modded).unwrap()).unwrap();
    pkg
}

fn russian(game: &Path) -> Harness<'static, StudioApp> {
    let opts = StartOptions { files: vec![game.to_path_buf()], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1280.0, 800.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
    settle(&mut h);
    h
}

fn log_has(h: &Harness<'static, StudioApp>, needle: &str) -> bool {
    h.state().log.lines().iter().any(|l| l.text.contains(needle))
}

#[test]
fn the_mods_panel_reports_in_russian() {
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("game");
    write_game(&game, &GameSpec::SMALL).unwrap();
    let pkg = make_mod(t.path(), &game);
    let mut h = russian(&game);

    h.state_mut().push_intent(Intent::ModPreview { package: pkg.clone(), force: false, order: None });
    settle(&mut h);
    assert!(h.query_by_label("Установить Bricks?").is_some(), "the dry run window");
    h.get_by_label("Установить").click();
    settle(&mut h);
    assert_eq!(Journal::load(&game).unwrap().mods.len(), 1);
    let lines: Vec<String> = h.state().log.lines().iter().map(|l| l.text.clone()).collect();
    assert!(log_has(&h, "мод: устанавливается Bricks 1.0: 2 изменения в 2 файлах"), "{lines:#?}");
    assert!(log_has(&h, "мод: установлен Bricks как №1 из 1 (журнал: "), "{lines:#?}");

    h.state_mut().push_intent(Intent::ModUninstall("Bricks".into()));
    settle(&mut h);
    assert!(Journal::load(&game).unwrap().mods.is_empty());
    let lines: Vec<String> = h.state().log.lines().iter().map(|l| l.text.clone()).collect();
    assert!(log_has(&h, "мод: удаляется Bricks 1.0 (2 файла)"), "{lines:#?}");
    assert!(log_has(&h, "мод: удалён Bricks; установленных модов осталось: 0"), "{lines:#?}");

    // Changed by hand since the mod was made: the dry run says why its change is blocked.
    swap_texture(&game, "BRICK00.0", "ROCK00.0");
    h.state_mut().push_intent(Intent::ModPreview { package: pkg, force: false, order: None });
    settle(&mut h);
    assert!(
        h.query_by_label_contains("заблокировано: BRICK00.0 — не то исходное состояние, для которого сделано изменение (ожидалось").is_some(),
        "the blocked change's reason in Russian"
    );
}
