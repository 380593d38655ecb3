//! The mission editor in Russian at the laptop sizes (snapshots `ru_mission_*`): every panel of
//! it written against the keys, nothing clipped without an ellipsis. Its own test binary: the
//! Russian harness sets the process-wide language, which the English suites never share.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::mission::MissionView;
use parkan_studio::app::i18n::{self, Language};
use parkan_studio::app::intent::Intent;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use std::time::Duration;

fn harness(snap: &common::SnapshotDir, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let file = snap.path().join("MISSIONS/C1M01/data.tma");
    let opts = StartOptions { files: vec![file], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size(size).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::B);
    settle(&mut h);
    for _ in 0..50 {
        let s = h.state_mut();
        let i = s.tabs.active.expect("a tab");
        let v = s.tabs.tabs[i].state_mut::<MissionView>().expect("the mission editor");
        v.scene.wait(Duration::from_secs(20));
        let done = v.scene.built().is_some() && !v.scene.updating();
        h.run();
        if done {
            break;
        }
    }
    settle(&mut h);
    h
}

/// One laptop size: the editor in Russian, snapped. Both tests set Russian (the language is
/// the process's), neither sets it back.
fn at(size: [f32; 2], name: &str) {
    let snap = common::SnapshotDir::new(&format!("/tmp/parkan-studio-ui-mission-{name}"));
    write_game(snap.path(), &GameSpec::SMALL).unwrap();
    let mut h = harness(&snap, size);
    assert_eq!(h.state().settings.language, Some(Language::Russian));
    assert_eq!(i18n::tr("mission-tab-clans"), "Кланы");
    assert!(h.query_by_label("Кланы").is_some(), "the side panel's tabs in Russian");
    h.snapshot(name);
}

#[test]
fn the_mission_editor_in_russian_at_1280_by_720() {
    at([1280.0, 720.0], "ru_mission_1280");
}

#[test]
fn the_mission_editor_in_russian_at_1024_by_768() {
    at([1024.0, 768.0], "ru_mission_1024");
}
