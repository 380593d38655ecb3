//! File ▸ Unpack Project… and Pack…: the menu items, and the two runs as background tasks with
//! progress and Cancel in the task bar, reporting to the log.

#![cfg(feature = "gui")]

mod common;

use common::settle;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::intent::Intent;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use std::path::PathBuf;

fn harness() -> Harness<'static, StudioApp> {
    let opts = parkan_studio::app::StartOptions { files: Vec::<PathBuf>::new(), readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1280.0, 800.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h
}

fn log_has(h: &Harness<'static, StudioApp>, needle: &str) -> bool {
    h.state().log.lines().iter().any(|l| l.text.contains(needle))
}

#[test]
fn the_file_menu_offers_unpack_and_pack() {
    let mut h = harness();
    h.get_by_label("File").click();
    h.run();
    assert!(h.query_by_label("Unpack Project…").is_some());
    assert!(h.query_by_label("Pack…").is_some());
}

#[test]
fn unpack_then_pack_run_as_tasks_and_give_the_folder_back() {
    let t = tempfile::tempdir().unwrap();
    let (game, un, out) = (t.path().join("game"), t.path().join("un"), t.path().join("out"));
    write_game(&game, &GameSpec::SMALL).unwrap();
    let mut h = harness();
    h.state_mut().push_intent(Intent::Unpack { src: game.clone(), dest: un.clone() });
    h.step();
    assert!(h.state().work.tasks.busy(), "the unpack runs as a task");
    assert!(h.state().work.tasks.running()[0].label.starts_with("Unpacking"));
    settle(&mut h);
    assert!(log_has(&h, "unpack: "), "{:?}", h.state().log.lines());
    assert!(un.join("Textures.lib/BRICK00.0.png").is_file());

    h.state_mut().push_intent(Intent::Pack { dir: un.clone(), dest: out.clone() });
    settle(&mut h);
    assert!(log_has(&h, "pack: "));
    for f in ["Textures.lib", "Material.lib", "objects.rlb", "fortif.rlb", "sprites.lib"] {
        assert_eq!(std::fs::read(game.join(f)).unwrap(), std::fs::read(out.join(f)).unwrap(), "{f}");
    }
}

#[test]
fn cancel_in_the_task_bar_stops_an_unpack() {
    let t = tempfile::tempdir().unwrap();
    let (game, un) = (t.path().join("game"), t.path().join("un"));
    write_game(&game, &GameSpec::SMALL).unwrap();
    let mut h = harness();
    h.state_mut().push_intent(Intent::Unpack { src: game, dest: un });
    h.step();
    h.state().work.tasks.cancel_all();
    settle(&mut h);
    assert!(log_has(&h, "cancelled"), "{:?}", h.state().log.lines());
}
