//! The mission editor's view driven through egui_kittest on the real `StudioApp`, on a mission
//! of a small game folder (`fixtures::game`, `GameSpec::SMALL`): an object named in a tooltip
//! under the pointer, selected by a click in the 3D view, dragged on the ground (only its
//! position bytes change, it stands on the ground), undone in one step, turned with R, moved
//! along the gizmo's x axis only, a drag cancelled with Escape, turned in place by the ring, dragged with the grid on (x, y
//! land on it), and a box drawn in the map selecting exactly the objects inside it. With `UPDATE_SCREENSHOTS` set it saves `screenshots/mission-map.png`.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::mission::camera::Projector;
use parkan_studio::app::editors::mission::gesture::gizmo_of;
use parkan_studio::app::editors::mission::gizmo::Handle;
use parkan_studio::app::editors::mission::{MissionView, TURN_STEP};
use parkan_studio::app::editors::mission::table::kind_label;
use parkan_studio::app::i18n::{Arg, tr, tr_args};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::tma::Mission;
use std::time::Duration;

/// The app at 1280×800 as `common::app_with` opens it, without kittest's check that every
/// widget has an accessible name: the object inspector (another part of the editor, with its
/// own suite) shows fields without one when an object is selected, which this suite does.
fn app(files: Vec<std::path::PathBuf>) -> Harness<'static, StudioApp> {
    let opts = parkan_studio::app::StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1280.0, 800.0]).with_accessibility_check(false).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    settle(&mut h);
    h
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a MissionView {
    h.state().tabs.active_tab().expect("a tab").state::<MissionView>().expect("the mission editor")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut MissionView {
    let a = h.state().tabs.active.expect("a tab");
    h.state_mut().tabs.tabs[a].state_mut::<MissionView>().expect("the mission editor")
}

fn bytes(h: &Harness<'static, StudioApp>) -> Vec<u8> {
    let t = h.state().tabs.active_tab().expect("a tab");
    h.state().ws.item_bytes(&t.path).expect("the tab's bytes").to_vec()
}

fn mission(h: &Harness<'static, StudioApp>) -> Mission {
    view(h).mission().expect("the mission reads").clone()
}

fn projector(h: &Harness<'static, StudioApp>) -> Projector {
    let v = view(h);
    v.viewport.projector(v.scene.built().expect("the scene is built"), v.viewport.rect.expect("the view is drawn"))
}

/// Presses at `from`, moves in steps to `to`, releases there.
fn drag(h: &mut Harness<'static, StudioApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run_steps(2);
    h.drag_at(from);
    h.run_steps(2);
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.run_steps(2);
    }
    h.drop_at(to);
    settle(h);
}

fn click(h: &mut Harness<'static, StudioApp>, at: Pos2) {
    h.hover_at(at);
    h.run_steps(2);
    h.drag_at(at);
    h.run_steps(2);
    h.drop_at(at);
    settle(h);
}

/// A point of the view where a press takes object `i` (not a gizmo handle), or for any object
/// when `i` is `None`: above its place, where the pick meets it first.
fn grip(h: &Harness<'static, StudioApp>, want: Option<usize>) -> Option<(usize, Pos2)> {
    let v = view(h);
    let m = v.mission()?;
    let b = v.scene.built()?;
    let proj = projector(h);
    let inner = proj.rect.shrink(30.0);
    let matrices = b.matrices(m);
    let gizmo = gizmo_of(v, m, &proj);
    for (i, o) in m.objects.iter().enumerate().filter(|(i, _)| want.is_none_or(|w| w == *i)) {
        for dz in [0.5, 1.5, 3.0, 5.0] {
            let Some(p) = proj.to_screen([o.position[0], o.position[1], o.position[2] + dz]) else { continue };
            let free = gizmo.as_ref().is_none_or(|g| g.hit(p).is_none());
            if inner.contains(p) && free && b.pick(proj.ray(p), &matrices).map(|(k, _)| k) == Some(i) {
                return Some((i, p));
            }
        }
    }
    None
}

/// The bytes that differ.
fn diff(a: &[u8], b: &[u8]) -> Vec<usize> {
    assert_eq!(a.len(), b.len());
    (0..a.len()).filter(|&k| a[k] != b[k]).collect()
}

#[test]
fn objects_are_clicked_dragged_on_the_ground_turned_moved_on_an_axis_snapped_and_boxed() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-ui-mission-view");
    let d = snap.path();
    write_game(d, &GameSpec::SMALL).unwrap();
    let mut h = app(vec![d.join("MISSIONS/C1M01/data.tma")]);
    view_mut(&mut h).scene.wait(Duration::from_secs(120));
    settle(&mut h);
    assert!(view(&h).scene.built().is_some(), "the scene is built");
    let original = bytes(&h);

    // The object under the resting pointer is named in a tooltip.
    let (i, at) = grip(&h, None).expect("an object to click in the view");
    let o = mission(&h).objects[i].clone();
    let title = tr_args("mission-inspector-object", &[("i", Arg::from(i.to_string())), ("kind", Arg::from(kind_label(o.kind)))]);
    assert!(h.query_by_label(&title).is_none());
    h.hover_at(at);
    h.run_steps(60);
    assert!(h.query_by_label(&title).is_some(), "the tooltip names object {i}");

    // A click on an object in the 3D view selects it.
    click(&mut h, at);
    assert_eq!(view(&h).selection.objects.iter().copied().collect::<Vec<_>>(), vec![i], "the clicked object is selected");

    // Dragged on the ground: only its position's 12 bytes change, and it stands on the ground.
    let (_, at) = grip(&h, Some(i)).expect("the selected object is still under the pointer");
    let before = mission(&h).objects[i].position;
    drag(&mut h, at, at + egui::vec2(40.0, 25.0));
    let moved = bytes(&h);
    let pos = view(&h).offsets.positions[i];
    let changed = diff(&original, &moved);
    assert!(!changed.is_empty(), "the drag moved it");
    assert!(changed.iter().all(|&k| (pos..pos + 12).contains(&k)), "only object {i}'s position bytes: {changed:?}, position at {pos}");
    let now = mission(&h).objects[i].position;
    assert!((now[0] - before[0]).abs() > 1.0 || (now[1] - before[1]).abs() > 1.0, "{before:?} → {now:?}");
    let ground = view(&h).scene.built().unwrap().height(now[0], now[1]).expect("on the landscape");
    assert_eq!(now[2], ground, "it stands on the ground");

    // Undo takes the whole drag back in one step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(bytes(&h), original, "one undo step restores the original bytes");

    // Escape during a drag puts the object back and leaves no step; the rest of the held drag
    // neither moves it nor turns the camera.
    let (yaw, steps) = (view(&h).viewport.yaw, h.state().ws.history.steps().len());
    h.hover_at(at);
    h.run_steps(2);
    h.drag_at(at);
    h.run_steps(2);
    for k in 1..=4 {
        h.hover_at(at + egui::vec2(-10.0, 8.0) * k as f32);
        h.run_steps(2);
    }
    assert_ne!(bytes(&h), original, "the object follows the drag");
    h.key_press(Key::Escape);
    h.run_steps(2);
    for k in 5..=8 {
        h.hover_at(at + egui::vec2(-10.0, 8.0) * k as f32);
        h.run_steps(2);
    }
    h.drop_at(at + egui::vec2(-80.0, 64.0));
    settle(&mut h);
    assert_eq!(bytes(&h), original, "Escape put the object back");
    assert_eq!(h.state().ws.history.steps().len(), steps, "the cancelled drag left no undo step");
    assert!(!h.state().ws.history.can_redo(), "nor a redo step");
    assert_eq!(view(&h).viewport.yaw, yaw, "the camera did not take the held drag");

    // R turns it about the vertical.
    let r0 = mission(&h).objects[i].rotation;
    h.key_press(Key::R);
    settle(&mut h);
    let r1 = mission(&h).objects[i].rotation;
    let turned = (r1[2] - r0[2]).rem_euclid(std::f32::consts::TAU);
    assert!((turned - TURN_STEP).abs() < 1e-4, "turned by {turned}, not {TURN_STEP}");
    assert_eq!((r1[0], r1[1]), (r0[0], r0[1]));
    assert_eq!(mission(&h).objects[i].position, before, "a turn of one object keeps its place");

    // The gizmo's x handle moves it along x only.
    let (from, to) = {
        let g = gizmo_of(view(&h), &mission(&h), &projector(&h)).expect("the gizmo is drawn");
        let tip = g.axes.iter().find(|(a, _)| *a == Handle::X).expect("an x handle").1;
        let from = g.at + (tip - g.at) * 0.7;
        assert_eq!(g.hit(from), Some(Handle::X));
        (from, g.at + (tip - g.at) * 1.6)
    };
    drag(&mut h, from, to);
    let after = mission(&h).objects[i].position;
    assert!(after[0] - before[0] > 1.0, "moved along +x: {before:?} → {after:?}");
    assert_eq!((after[1], after[2]), (before[1], before[2]), "y and z unchanged");

    // The ring turns it about the vertical, in place.
    let r0 = mission(&h).objects[i].rotation;
    let (from, to) = {
        let g = gizmo_of(view(&h), &mission(&h), &projector(&h)).expect("the gizmo is drawn");
        let k = (0..g.ring.len()).find(|&k| g.hit(g.ring[k]) == Some(Handle::Ring) && g.hit(g.ring[(k + 8) % (g.ring.len() - 1)]) == Some(Handle::Ring)).expect("a free stretch of the ring");
        (g.ring[k], g.ring[(k + 8) % (g.ring.len() - 1)])
    };
    drag(&mut h, from, to);
    let r1 = mission(&h).objects[i].rotation;
    let turned = (r1[2] - r0[2]).rem_euclid(std::f32::consts::TAU);
    assert!(turned > 0.2 && turned < std::f32::consts::TAU - 0.2, "turned by {turned}");
    assert_eq!(mission(&h).objects[i].position, after, "the ring keeps its place");

    // With the grid on, a drag puts x and y on it.
    h.get_by_label(&tr("mission-view-snap")).click();
    settle(&mut h);
    let grid = view(&h).viewport.snap.grid;
    assert!(view(&h).viewport.snap.on && grid > 0.0);
    let (_, at) = grip(&h, Some(i)).expect("the object under the pointer");
    drag(&mut h, at, at + egui::vec2(-33.0, 17.0));
    let p = mission(&h).objects[i].position;
    for c in [p[0], p[1]] {
        assert!(((c / grid).round() * grid - c).abs() < 1e-3, "{c} is on the grid of {grid}");
    }
    assert_ne!((p[0], p[1]), (after[0], after[1]), "it moved");

    // In the map, a box from nothing selects exactly the objects inside it.
    h.get_by_label(&tr("mission-view-map")).click();
    settle(&mut h);
    assert!(view(&h).viewport.map);
    let proj = projector(&h);
    let (a, b) = (proj.rect.center() - egui::vec2(70.0, 20.0), proj.rect.center() + egui::vec2(-10.0, 40.0));
    let m = mission(&h);
    {
        let v = view(&h);
        let built = v.scene.built().unwrap();
        assert_eq!(built.pick(proj.ray(a), &built.matrices(&m)), None, "the box starts on nothing");
    }
    let inside: Vec<usize> = m.objects.iter().enumerate().filter(|(_, o)| proj.to_screen(o.position).is_some_and(|p| egui::Rect::from_two_pos(a, b).contains(p))).map(|(k, _)| k).collect();
    assert!(!inside.is_empty() && inside.len() < m.objects.len(), "the box holds some objects: {}", inside.len());
    drag(&mut h, a, b);
    assert_eq!(view(&h).selection.objects.iter().copied().collect::<Vec<_>>(), inside, "exactly the objects inside the box");

    // The map with the areals and the selection (README's picture).
    view_mut(&mut h).viewport.layers.areals = true;
    h.hover_at(Pos2::new(5.0, 795.0));
    h.run_steps(2);
    settle(&mut h);
    assert!(view(&h).scene.built().unwrap().areals.as_ref().is_ok_and(|a| !a.is_empty()), "the map folder's Land.map has areals");
    if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
        h.render().unwrap().save("screenshots/mission-map.png").unwrap();
    }
}
