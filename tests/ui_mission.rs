//! The mission editor driven through egui_kittest on the real `StudioApp`, on a small game
//! folder in the game's layout (`fixtures::game`, `GameSpec::SMALL`, four missions on their
//! maps): the scene is built and every object placed; a row of the objects table and an object
//! clicked in the view select the same object; R turns it (only its rotation's bytes change,
//! saved), undo and redo are one step each; Ctrl+D and Delete; a snapshot of the editor.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::{app_with, settle};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::mission::MissionView;
use parkan_studio::app::i18n::{Arg, tr_args};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::tma::Mission;
use std::path::PathBuf;
use std::time::Duration;

fn game(name: &str) -> common::SnapshotDir {
    let d = common::SnapshotDir::new(&format!("/tmp/parkan-studio-ui-mission-{name}"));
    write_game(d.path(), &GameSpec::SMALL).unwrap();
    d
}

/// The mission of the folder with the most objects.
fn biggest_mission(d: &std::path::Path) -> PathBuf {
    let mut all: Vec<(usize, PathBuf)> = std::fs::read_dir(d.join("MISSIONS"))
        .unwrap()
        .map(|e| e.unwrap().path().join("data.tma"))
        .map(|p| (Mission::parse(&std::fs::read(&p).unwrap()).unwrap().0.objects.len(), p))
        .collect();
    all.sort();
    all.pop().unwrap().1
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a MissionView {
    h.state().tabs.active_tab().expect("a tab").state::<MissionView>().expect("the mission editor")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut MissionView {
    let s = h.state_mut();
    let i = s.tabs.active.expect("a tab");
    s.tabs.tabs[i].state_mut::<MissionView>().expect("the mission editor")
}

/// Runs until the scene is built.
fn built(h: &mut Harness<'static, StudioApp>) {
    for _ in 0..50 {
        view_mut(h).scene.wait(Duration::from_secs(20));
        h.run();
        if view(h).scene.built().is_some() && !view(h).scene.updating() {
            return;
        }
    }
    panic!("the mission's scene was never built: {:?}", view(h).scene.error());
}

fn key(h: &mut Harness<'static, StudioApp>, mods: Modifiers, k: Key) {
    h.key_press_modifiers(mods, k);
    settle(h);
}

/// A press and release at `at`, a frame apart (a click, not a drag).
fn click_at(h: &mut Harness<'static, StudioApp>, at: egui::Pos2) {
    h.hover_at(at);
    h.run();
    h.event(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
    h.run();
    h.event(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    h.run();
}

fn selected(h: &Harness<'static, StudioApp>) -> Vec<usize> {
    view(h).selection.objects.iter().copied().collect()
}

#[test]
fn a_mission_opens_selects_in_table_and_view_turns_undoes_duplicates_deletes_and_saves() {
    let snap = game("core");
    let file = biggest_mission(snap.path());
    let original = std::fs::read(&file).unwrap();
    let (m0, _) = Mission::parse(&original).unwrap();
    let mut h = app_with(vec![file.clone()], [1400.0, 900.0]);
    built(&mut h);
    let v = view(&h);
    assert_eq!(v.mission().unwrap(), &m0);
    let b = v.scene.built().unwrap();
    assert_eq!(b.mission.objects.len(), m0.objects.len(), "every object is in the scene");
    assert!(b.ground.is_some(), "the map's landscape is found");
    let counts = tr_args("mission-counts", &[("objects", Arg::from(m0.objects.len())), ("clans", Arg::from(m0.clans.len())), ("lodes", Arg::from(m0.lodes.len())), ("routes", Arg::from(m0.routes.len()))]);
    assert!(h.query_by_label(&counts).is_some(), "the tool bar counts: {counts}");

    // A row of the table selects its object (one whose instance name is shown once).
    let row = (0..m0.objects.len())
        .find(|&i| !m0.objects[i].name.is_empty() && h.query_all_by_label(&m0.objects[i].name.decode()).count() == 1)
        .expect("an object whose name the table shows once");
    h.get_by_label(&m0.objects[row].name.decode()).click();
    settle(&mut h);
    assert_eq!(selected(&h), [row]);

    // A click in the view selects the object drawn under the pointer: a building, framed.
    let building = m0.objects.iter().position(|o| o.kind == 0).expect("a building");
    view_mut(&mut h).selection.only(building);
    key(&mut h, Modifiers::NONE, Key::F);
    let (at, expected) = {
        let v = view(&h);
        let b = v.scene.built().unwrap();
        let proj = v.viewport.projector(b, v.viewport.rect.unwrap());
        let placed = &b.mission.objects[building];
        let centre = (placed.min + placed.max) * 0.5;
        let at = proj.scene_to_screen(centre).unwrap();
        let matrices = b.matrices(v.mission().unwrap());
        (at, b.pick(proj.ray(at), &matrices).map(|(o, _)| o))
    };
    assert_eq!(expected, Some(building), "the building's centre picks it");
    view_mut(&mut h).selection.clear();
    click_at(&mut h, at);
    settle(&mut h);
    assert_eq!(selected(&h), [building], "a click in the view selects it");

    // R turns it: only the z angle's 4 bytes change; undo and redo are one step each.
    h.hover_at(at);
    key(&mut h, Modifiers::NONE, Key::R);
    let turned = view(&h).mission().unwrap().objects[building].rotation;
    assert!((turned[2] - m0.objects[building].rotation[2]).abs() > 0.2, "{turned:?}");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(view(&h).mission().unwrap(), &m0, "undone");
    assert!(!h.state().ws.any_dirty());
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(view(&h).mission().unwrap().objects[building].rotation, turned, "redone");

    // Ctrl+D copies it with a new id; Delete removes the copy again.
    key(&mut h, Modifiers::COMMAND, Key::D);
    let n = m0.objects.len();
    let m = view(&h).mission().unwrap().clone();
    assert_eq!(m.objects.len(), n + 1);
    assert_eq!(selected(&h), [n], "the copy is selected");
    assert!(m.objects.iter().take(n).all(|o| o.logical_id != m.objects[n].logical_id || o.logical_id < 0));
    key(&mut h, Modifiers::NONE, Key::Delete);
    assert_eq!(view(&h).mission().unwrap().objects.len(), n);
    h.snapshot("mission_editor");

    key(&mut h, Modifiers::COMMAND, Key::S);
    assert!(!h.state().ws.any_dirty(), "saved");
    let saved = std::fs::read(&file).unwrap();
    assert_eq!(saved.len(), original.len());
    let diff: Vec<usize> = (0..saved.len()).filter(|&i| saved[i] != original[i]).collect();
    let rot_z = m0.offsets().positions[building] + 12 + 8;
    assert!(!diff.is_empty() && diff.iter().all(|&i| (rot_z..rot_z + 4).contains(&i)), "only the z angle differs: {diff:?} (at {rot_z})");
}

#[test]
fn a_mission_opens_from_the_project_search() {
    let snap = game("project");
    let opts = parkan_studio::app::StartOptions { files: vec![snap.path().to_path_buf()], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    h.get_by(|n| n.placeholder().is_some_and(|p| p.starts_with("Search"))).type_text("t:mission");
    h.run();
    settle(&mut h);
    let labels = std::cell::RefCell::new(Vec::new());
    let _ = h.query_all_by(|n| {
        if let Some(l) = n.label().filter(|l| l.contains("C1M") || l.contains("tma") || l.to_lowercase().contains("result")) {
            labels.borrow_mut().push(l.to_string());
        }
        false
    }).count();
    let labels = labels.into_inner();
    let hit = h.query_all_by(|n| n.label().is_some_and(|l| l.contains("C1M02") && l.contains("data.tma"))).next().unwrap_or_else(|| panic!("the mission among the results: {labels:?}"));
    hit.click();
    settle(&mut h);
    key(&mut h, Modifiers::NONE, Key::Enter);
    built(&mut h);
    let v = view(&h);
    let (m, _) = Mission::parse(&std::fs::read(snap.path().join("MISSIONS/C1M02/data.tma")).unwrap()).unwrap();
    assert_eq!(v.mission(), Some(&m), "the search's mission opened in the mission editor");
}
