//! The mission editor's palette, duplicate and delete driven through egui_kittest on the real
//! `StudioApp`, on a small game folder (`fixtures::game`, `GameSpec::SMALL`): the palette
//! opened from the tool bar, filtered by typing, an item dragged onto the view (one new object
//! on the ground under the pointer, a fresh id, undone and redone as one step), another
//! double-clicked (placed at the view's centre), Ctrl+D, Delete with the question about the
//! units inside (each answer and cancel), and the file saved and read back as the original
//! plus exactly the added objects. A snapshot of the palette open.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::mission::MissionView;
use parkan_studio::app::i18n::tr;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::fixtures::missions::name;
use parkan_studio::formats::tma::{Mission, Object, Text};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A fresh game folder, shown under a fixed name (the snapshot shows its paths).
fn game(tag: &str) -> common::SnapshotDir {
    let d = common::SnapshotDir::new(&format!("/tmp/parkan-studio-ui-mission-palette-{tag}"));
    write_game(d.path(), &GameSpec::SMALL).unwrap();
    d
}

/// The real app on `file` as `common::app_with` opens it, without kittest's check that every
/// input has a name after each settled frame: the inspector beside the view (another part of
/// the editor, with its own suite) is not ours to name. The palette's own widgets are checked
/// with [`Harness::check_accessibility`] while nothing is selected.
fn app_with(files: Vec<PathBuf>, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let opts = parkan_studio::app::StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size(size).with_accessibility_check(false).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    settle(&mut h);
    h
}

fn mission_file(d: &common::SnapshotDir, i: usize) -> PathBuf {
    d.path().join("MISSIONS").join(name(i)).join("data.tma")
}

fn read(path: &PathBuf) -> Mission {
    Mission::parse(&std::fs::read(path).unwrap()).unwrap().0
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a MissionView {
    h.state().tabs.active_tab().expect("a tab").state::<MissionView>().expect("the mission editor")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut MissionView {
    let a = h.state().tabs.active.expect("a tab");
    h.state_mut().tabs.tabs[a].state_mut::<MissionView>().expect("the mission editor")
}

fn objects(h: &Harness<'static, StudioApp>) -> Vec<Object> {
    view(h).mission().expect("the mission reads").objects.clone()
}

/// Steps until the scene for the mission as it is now is built, the palette's listing is
/// read and every thumbnail asked for has come, then until the UI is still.
fn ready(h: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    loop {
        h.step();
        let v = view_mut(h);
        v.scene.wait(Duration::from_secs(30));
        if v.palette.open {
            v.palette.wait(Duration::from_secs(30));
        }
        let v = view(h);
        let done = v.scene.built().is_some() && !v.scene.updating() && (!v.palette.open || (v.palette.listing.is_some() && v.palette.thumbs.pending() == 0));
        if done {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the scene, listing or thumbnails never came");
        std::thread::sleep(Duration::from_millis(10));
    }
    settle(h);
}

fn key(h: &mut Harness<'static, StudioApp>, mods: Modifiers, k: Key) {
    h.key_press_modifiers(mods, k);
    ready(h);
}

fn type_text(h: &mut Harness<'static, StudioApp>, text: &str) {
    for c in text.chars() {
        h.input_mut().events.push(egui::Event::Text(c.to_string()));
        h.step();
    }
}

fn button(h: &Harness<'static, StudioApp>, pos: Pos2, pressed: bool) {
    h.event(egui::Event::PointerButton { pos, button: egui::PointerButton::Primary, pressed, modifiers: Modifiers::NONE });
}

/// A primary drag from `from` to `to` in steps, released there (the pointer stays).
fn drag(h: &mut Harness<'static, StudioApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    button(h, from, true);
    h.step();
    for k in 1..=6 {
        h.hover_at(from.lerp(to, k as f32 / 6.0));
        h.step();
    }
    button(h, to, false);
    h.step();
    ready(h);
}

/// Two presses and releases at `at` within one frame (kittest's queued events take a frame
/// each, a quarter second apart: too slow for a double click).
fn double_click(h: &mut Harness<'static, StudioApp>, at: Pos2) {
    h.hover_at(at);
    h.step();
    for pressed in [true, false, true, false] {
        h.input_mut().events.push(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed, modifiers: Modifiers::NONE });
    }
    h.step();
}

/// The row of the palette showing `label`, where it was drawn.
fn row(h: &Harness<'static, StudioApp>, label: &str) -> egui::Rect {
    view(h).palette.shown.iter().find(|(i, _)| i.label == label).map(|(_, r)| *r).unwrap_or_else(|| panic!("no row {label}"))
}

fn shown(h: &Harness<'static, StudioApp>) -> Vec<String> {
    view(h).palette.shown.iter().map(|(i, _)| i.label.clone()).collect()
}

/// Where the ray through view point `at` meets the ground, as the editor computes it.
fn ground_under(h: &Harness<'static, StudioApp>, at: Pos2) -> [f32; 3] {
    let v = view(h);
    let b = v.scene.built().expect("built");
    let proj = v.viewport.projector(b, v.viewport.rect.expect("drawn"));
    b.ground_hit(proj.ray(at)).expect("ground under the point")
}

fn filter(h: &mut Harness<'static, StudioApp>, text: &str) {
    h.get_by_label(&tr("mission-palette-search")).click();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.key_press(Key::Backspace);
    h.step();
    type_text(h, text);
    // The keys go back to the editor (Delete, Ctrl+Z are the text field's while it has focus).
    h.ctx.memory_mut(|m| m.stop_text_input());
    ready(h);
}

fn open_palette(d: &common::SnapshotDir, i: usize) -> Harness<'static, StudioApp> {
    let mut h = app_with(vec![mission_file(d, i)], [1400.0, 900.0]);
    ready(&mut h);
    assert!(!view(&h).palette.open, "the palette starts hidden");
    h.get_by_label(&tr("mission-palette")).click();
    ready(&mut h);
    assert!(view(&h).palette.open);
    h
}

fn ids_are_unique(os: &[Object]) {
    let ids: Vec<i32> = os.iter().map(|o| o.logical_id).filter(|&i| i >= 0).collect();
    let set: BTreeSet<i32> = ids.iter().copied().collect();
    assert_eq!(set.len(), ids.len(), "logical ids collide: {ids:?}");
}

#[test]
fn palette_items_are_filtered_dragged_and_double_clicked_into_the_view_then_saved() {
    let d = game("place");
    let file = mission_file(&d, 1);
    let original = read(&file);
    let n = original.objects.len();
    assert!(n > 0);
    let mut h = open_palette(&d, 1);
    let listed: Vec<(u32, String)> = view(&h).palette.listing.as_ref().expect("listed").items.iter().map(|i| (i.kind, i.label.clone())).collect();
    let scenery = |k: &str| listed.iter().find(|(_, l)| l == k).map(|(kind, _)| *kind);
    assert_eq!(listed.len(), 8, "{listed:?}");
    assert_eq!((scenery("bld_000"), scenery("unit_002")), (Some(0), Some(1)));
    assert!(scenery("s_obj_000").is_some_and(|k| k >= 2), "{listed:?}");
    assert_eq!(shown(&h)[..2], ["bld_000", "anm_001"], "the rows on screen, by kind");
    assert!(view(&h).palette.thumbs.ready() >= 3, "thumbnails drawn for the rows on screen");
    assert!(view(&h).palette.thumbs.failures().is_empty(), "{:?}", view(&h).palette.thumbs.failures());
    h.check_accessibility();
    // The tool bar shows how long the build took: not part of the picture.
    if let Some(Ok(b)) = view_mut(&mut h).scene.built.as_mut() {
        b.millis = 0.0;
    }
    h.run();
    h.snapshot("mission_palette");

    // The owner: the player's clan until another is picked.
    let player = original.clans.iter().position(|c| c.kind == parkan_studio::formats::tma::CLAN_PLAYER).unwrap();
    let enemy = original.clans.iter().position(|c| c.kind == parkan_studio::formats::tma::CLAN_ENEMY).unwrap();
    assert_eq!(view(&h).palette.owner(view(&h).mission().unwrap()), player as i32);
    h.get_by_role_and_label(Role::ComboBox, &tr("mission-palette-owner")).click();
    h.step();
    h.step();
    // The popup's choice is drawn last (the legend and the table name the clan too).
    let name = original.clans[enemy].name.decode();
    h.get_all_by_label(&name).last().unwrap_or_else(|| panic!("{name} among the choices")).click();
    ready(&mut h);
    assert_eq!(view(&h).palette.clan, Some(enemy));

    filter(&mut h, "bld");
    assert_eq!(shown(&h), ["bld_000"]);

    // Dropped beside the landscape (the view's corner): nothing placed, and why.
    let from = row(&h, "bld_000").center();
    let corner = view(&h).viewport.rect.expect("the view").left_top() + egui::vec2(6.0, 6.0);
    drag(&mut h, from, corner);
    assert_eq!(objects(&h), original.objects);
    assert_eq!(view(&h).message, Some(tr("mission-palette-no-ground")));

    // Dragged onto the view: one building on the ground under the pointer.
    let to = view(&h).viewport.rect.expect("the view").center() + egui::vec2(40.0, 30.0);
    let ground = ground_under(&h, to);
    drag(&mut h, from, to);
    let after = objects(&h);
    assert_eq!(after.len(), n + 1, "one object added");
    let added = after[n].clone();
    assert_eq!((added.kind, added.path.bytes(), added.position), (0, &b"UNITS\\BUILDS\\bld_000.dat"[..], ground));
    assert!(added.logical_id >= 0 && original.objects.iter().all(|o| o.logical_id != added.logical_id), "a fresh id");
    assert_eq!(added.name.bytes(), b"bld_000");
    assert_eq!(view(&h).selection.objects.iter().copied().collect::<Vec<_>>(), [n], "the new object selected");
    assert_eq!(added.clan, enemy as i32, "owned by the clan picked in the palette");

    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(objects(&h), original.objects, "undone in one step");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(objects(&h)[n], added, "redone");

    // Double-clicked: scenery at the view's centre, owned by no clan.
    filter(&mut h, "s_obj_001");
    let at = row(&h, "s_obj_001").center();
    let centre = ground_under(&h, view(&h).viewport.rect.unwrap().center());
    double_click(&mut h, at);
    ready(&mut h);
    let after = objects(&h);
    assert_eq!(after.len(), n + 2);
    let tree = after[n + 1].clone();
    assert_eq!((tree.kind >= 2, tree.path.bytes(), tree.position, tree.clan, tree.logical_id), (true, &b"s_obj_001"[..], centre, -1, -1));
    assert!(tree.name.is_empty() && tree.properties.is_empty());
    ids_are_unique(&after);

    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    ready(&mut h);
    assert!(!h.state().ws.any_dirty(), "saved");
    let mut expected = original.clone();
    expected.objects.extend([added, tree]);
    assert_eq!(read(&file), expected, "the original plus exactly the added objects");
}

/// A building of `m` with units starting inside it: (its index, the units' indices).
fn hosting(m: &Mission) -> (usize, Vec<usize>) {
    m.objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.kind == 0 && o.logical_id >= 0)
        .map(|(b, o)| (b, m.objects.iter().enumerate().filter(|(_, u)| u.host == o.logical_id).map(|(k, _)| k).collect::<Vec<_>>()))
        .find(|(_, units)| !units.is_empty())
        .expect("a building with units inside")
}

#[test]
fn duplicate_and_delete_ask_about_units_inside_and_ids_never_collide() {
    let d = game("delete");
    let i = (0..4).find(|&i| read(&mission_file(&d, i)).objects.iter().any(|o| o.host >= 0)).expect("a mission with units inside buildings");
    let original = read(&mission_file(&d, i));
    let n = original.objects.len();
    let (b, inside) = hosting(&original);
    let mut h = app_with(vec![mission_file(&d, i)], [1400.0, 900.0]);
    ready(&mut h);

    // Ctrl+D: a copy with a fresh id and name, selected.
    view_mut(&mut h).selection.only(b);
    key(&mut h, Modifiers::COMMAND, Key::D);
    let after = objects(&h);
    assert_eq!(after.len(), n + 1);
    let copy = &after[n];
    assert_eq!((copy.kind, &copy.path), (0, &original.objects[b].path));
    assert_ne!(copy.name, original.objects[b].name);
    ids_are_unique(&after);
    assert_eq!(view(&h).selection.objects.iter().copied().collect::<Vec<_>>(), [n]);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(objects(&h), original.objects);

    // Delete on the building: the question; cancel leaves everything.
    view_mut(&mut h).selection.only(b);
    key(&mut h, Modifiers::NONE, Key::Delete);
    assert_eq!(view(&h).pending_remove.as_ref().map(|p| (p.objects.clone(), p.hosted)), Some((vec![b], inside.len())));
    h.get_by_label(&tr("dlg-cancel")).click();
    ready(&mut h);
    assert!(view(&h).pending_remove.is_none());
    assert_eq!(objects(&h), original.objects, "cancel removes nothing");

    // Start outside: the building goes, its units stay with no host.
    view_mut(&mut h).selection.only(b);
    key(&mut h, Modifiers::NONE, Key::Delete);
    h.get_by_label(&tr("mission-remove-outside")).click();
    ready(&mut h);
    let after = objects(&h);
    assert_eq!(after.len(), n - 1);
    let id = original.objects[b].logical_id;
    assert!(after.iter().all(|o| o.host != id), "no unit names the removed building");
    for &k in &inside {
        let unit = &after[if k > b { k - 1 } else { k }];
        assert_eq!((&unit.path, unit.host, unit.vertex), (&original.objects[k].path, -1, -1), "unit {k} starts outside");
    }
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(objects(&h), original.objects, "undone in one step");

    // Remove too: the building and its units go.
    view_mut(&mut h).selection.only(b);
    key(&mut h, Modifiers::NONE, Key::Delete);
    h.get_by_label(&tr("mission-remove-too")).click();
    ready(&mut h);
    let after = objects(&h);
    assert_eq!(after.len(), n - 1 - inside.len());
    let gone: Vec<&Object> = std::iter::once(b).chain(inside.iter().copied()).map(|k| &original.objects[k]).collect();
    assert!(gone.iter().all(|g| !after.contains(g)));
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(objects(&h), original.objects);

    // Any sequence of copies, placements and removals keeps the ids apart.
    h.get_by_label(&tr("mission-palette")).click();
    ready(&mut h);
    for step in 0..6 {
        match step % 3 {
            0 => {
                view_mut(&mut h).selection.objects = [b, inside[0]].into_iter().collect();
                key(&mut h, Modifiers::COMMAND, Key::D);
            }
            1 => {
                let at = row(&h, "unit_002").center();
                let before = objects(&h).len();
                double_click(&mut h, at);
                ready(&mut h);
                assert_eq!(objects(&h).len(), before + 1, "placed by the double-click");
            }
            _ => {
                let last = objects(&h).len() - 1;
                view_mut(&mut h).selection.only(last);
                key(&mut h, Modifiers::NONE, Key::Delete);
            }
        }
        ids_are_unique(&objects(&h));
    }
    let names: Vec<Text> = objects(&h).iter().filter(|o| !o.name.is_empty()).map(|o| o.name.clone()).collect();
    let distinct: BTreeSet<Vec<u8>> = names.iter().map(|t| t.bytes().to_ascii_lowercase()).collect();
    assert_eq!(distinct.len(), names.len(), "instance names stay unique");
}
