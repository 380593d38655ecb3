//! The record and unit editors driven through egui_kittest on the real `StudioApp`, on a small
//! game folder in the game's layout (`fixtures::game`, `GameSpec::SMALL`): a record's slot
//! changed through the picker, undone, redone and saved (only that slot's 64 bytes of
//! `objects.rlb` differ); a unit's component added, re-parented, removed and renamed in Cyrillic,
//! saved and read back as edited; a snapshot of each view.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::{app_with, settle};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::i18n::{Arg, tr, tr_args};
use parkan_studio::app::editors::record::RecordView;
use parkan_studio::app::editors::unit::UnitView;
use parkan_studio::app::editors::unit::scene::chain_title;
use parkan_studio::app::editors::unit::view::row_label;
use parkan_studio::app::widgets::game_folder::Resolution;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::objrec::{Objects, Role};
use parkan_studio::formats::unit_dat::{Reading, UnitDat};
use std::path::{Path, PathBuf};

/// A fresh game folder, shown under a fixed name (the views and snapshots show its path).
fn game(name: &str) -> common::SnapshotDir {
    let d = common::SnapshotDir::new(&format!("/tmp/parkan-studio-ui-world-{name}"));
    write_game(d.path(), &GameSpec::SMALL).unwrap();
    d
}

fn entry(file: &Path, entry: &str) -> PathBuf {
    PathBuf::from(format!("{}::{entry}", file.display()))
}

fn record_view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a RecordView {
    h.state().tabs.active_tab().expect("a tab").state::<RecordView>().expect("the record editor")
}

fn unit_view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a UnitView {
    h.state().tabs.active_tab().expect("a tab").state::<UnitView>().expect("the unit editor")
}

fn type_text(h: &mut Harness<'static, StudioApp>, text: &str) {
    for c in text.chars() {
        h.input_mut().events.push(egui::Event::Text(c.to_string()));
        h.run();
    }
}

fn key(h: &mut Harness<'static, StudioApp>, mods: Modifiers, k: Key) {
    h.key_press_modifiers(mods, k);
    settle(h);
}

fn save(h: &mut Harness<'static, StudioApp>) {
    key(h, Modifiers::COMMAND, Key::S);
    assert!(!h.state().ws.any_dirty(), "saved");
}

#[test]
fn a_record_slot_is_picked_undone_redone_and_saved_as_64_bytes() {
    let snap = game("record");
    let d = snap.path();
    let rlb = d.join("objects.rlb");
    let original = std::fs::read(&rlb).unwrap();
    let mut h = app_with(vec![entry(&rlb, "s_obj_000")], [1400.0, 900.0]);
    let v = record_view(&h);
    let record = v.record().expect("the record reads").clone();
    assert_eq!(record.slots.len(), 6);
    assert_eq!(record.slots[1].role(), Role::Materials);
    assert!(has(&h, "STAT") && has(&h, &format!("— {}", tr("record-kind-stat"))), "the kind and its meaning");
    // Every filled slot resolves in the folder, and says where.
    for i in 0..5 {
        assert!(matches!(v.resolution(i), Some(Resolution::Found { .. })), "slot {i}: {:?}", v.resolution(i));
    }
    assert!(has(&h, "static.rlb::s_obj_000.wea"), "the materials slot's link");
    assert!(has(&h, &tr_args("record-mesh", &[("name", Arg::from("static.rlb::s_obj_000.msh"))])), "the mesh is drawn");
    h.snapshot("record_editor");

    // Slot 1's Edit… opens the picker on static.rlb; typing filters, a click sets the member.
    h.get_all_by_label(&tr("record-edit")).nth(1).expect("slot 1's Edit…").click();
    h.run();
    assert_eq!(record_view(&h).pick.as_ref().map(|p| (p.slot, p.archive.as_str())), Some((Some(1), "static.rlb")));
    h.get_by_label(&tr("record-member-name")).click();
    h.run();
    type_text(&mut h, "s_obj_001.w");
    assert!(h.query_by_label("s_obj_001.msh").is_none(), "filtered out");
    h.get_by_label("s_obj_001.wea").click();
    settle(&mut h);
    assert!(record_view(&h).pick.is_none(), "the picker closes on a choice");
    let member = |h: &Harness<'static, StudioApp>| record_view(h).record().unwrap().slots[1].member().into_owned();
    assert_eq!(member(&h), "s_obj_001.wea");
    assert!(has(&h, "static.rlb::s_obj_001.wea"));

    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(member(&h), "s_obj_000.wea", "undone in one step");
    assert!(!h.state().ws.any_dirty());
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(member(&h), "s_obj_001.wea", "redone");
    save(&mut h);

    let saved = std::fs::read(&rlb).unwrap();
    assert_eq!(saved.len(), original.len());
    let diff: Vec<usize> = (0..saved.len()).filter(|&i| saved[i] != original[i]).collect();
    let (first, last) = (diff[0], diff[diff.len() - 1]);
    let (o, _) = Objects::parse(saved.clone().into()).unwrap();
    let k = o.find("s_obj_000").unwrap();
    let slot = o.archive.entry(k).offset() as usize + 64;
    assert!(first >= slot && last < slot + 64, "only slot 1's 64 bytes differ: {first}..={last}, slot at {slot}");
    assert_eq!(o.record(k).slots[1].member(), "s_obj_001.wea");
}

fn has(h: &Harness<'static, StudioApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The first unit of the folder with a turret (so it has a subtree to move).
fn a_battle_unit(d: &Path) -> PathBuf {
    let dir = d.join("UNITS/UNITS/BATTLE");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .find(|p| {
            let (u, _) = UnitDat::parse(&std::fs::read(p).unwrap(), Reading::Strict).unwrap();
            u.len() >= 3 && u.tree().children[0].len() >= 2
        })
        .expect("a unit of three or more components")
}

#[test]
fn a_unit_gets_a_child_reparented_removed_and_renamed_then_saves_as_a_valid_tree() {
    let snap = game("unit");
    let d = snap.path();
    let file = a_battle_unit(d);
    let (before, _) = UnitDat::parse(&std::fs::read(&file).unwrap(), Reading::Strict).unwrap();
    let n = before.len();
    let mut h = app_with(vec![file.clone()], [1400.0, 900.0]);
    assert_eq!(unit_view(&h).unit().map(UnitDat::len), Some(n));
    assert!(has(&h, &format!("({})", tr("unit-class-robot"))), "the class word named");
    // The assembled unit is drawn: one assembled part per component, each from its record.
    let parts = unit_view(&h).scene.assembly().expect("the unit assembles").parts.len();
    assert_eq!(parts, n);
    assert!(has(&h, &tr_args("unit-chain-record", &[("record", Arg::from("objects.rlb::"))])), "the selected component's chain");
    h.snapshot("unit_editor");

    // A click on the middle of the 3D view picks the part there and selects its component.
    let last = n - 1;
    h.get_by_label(&row_label(last, before.component(last))).click();
    h.run();
    assert_eq!(unit_view(&h).selected, last);
    let centre = unit_view(&h).scene.view.rect.expect("the 3D view is drawn").center();
    h.hover_at(centre);
    h.run();
    h.drag_at(centre);
    h.run();
    h.drop_at(centre);
    settle(&mut h);
    let picked = unit_view(&h).selected;
    assert_ne!(picked, last, "the leaf is not in the middle of the view; the part there was picked");
    assert!(has(&h, &chain_title(picked, before.component(picked))), "its chain is shown");
    h.get_by_label(&row_label(0, before.component(0))).click();
    h.run();

    // Add a child to the root: it is selected, last among the root's children.
    h.get_by_label(&tr("unit-add-child")).click();
    settle(&mut h);
    let u = unit_view(&h).unit().unwrap().clone();
    assert_eq!(u.len(), n + 1);
    let added = unit_view(&h).selected;
    assert_eq!(u.parent_of(added), Some(0));
    assert_eq!(u.component(added).record(), before.component(0).record());

    // Re-parent it under the root's first child with Move to….
    let first_child = u.tree().children[0][0];
    let under_first = tr_args("unit-move-under", &[("i", Arg::from(first_child.to_string())), ("record", Arg::from(u.component(first_child).record().into_owned()))]);
    h.get_by_label(&tr("unit-move-to")).click();
    h.run();
    h.get_by_label(&under_first).click();
    settle(&mut h);
    let u = unit_view(&h).unit().unwrap().clone();
    let moved = unit_view(&h).selected;
    assert_eq!(u.parent_of(moved), Some(first_child), "re-parented");
    assert!(u.is_valid_tree());

    // Dragging its row onto the root's row re-parents it there, and Move to… puts it back.
    let rows = unit_view(&h).row_rects.clone();
    let (from, to) = (rows[moved].center(), rows[0].center());
    h.drag_at(from);
    h.run();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.run();
    }
    h.drop_at(to);
    settle(&mut h);
    let u = unit_view(&h).unit().unwrap().clone();
    let dragged = unit_view(&h).selected;
    assert_eq!(u.parent_of(dragged), Some(0), "dropped on the root");
    h.get_by_label(&tr("unit-move-to")).click();
    h.run();
    h.get_by_label(&under_first).click();
    settle(&mut h);
    let moved = unit_view(&h).selected;
    assert_eq!(unit_view(&h).unit().unwrap().parent_of(moved), Some(first_child));

    // Rename it in Cyrillic; a character with no Windows-1251 byte is refused with a reason.
    h.get_by_label(&tr("unit-apply")).click(); // nothing typed yet: no edit
    h.run();
    h.get_by_label(&tr("unit-display-name")).click();
    h.run();
    type_text(&mut h, "Пушка ß");
    h.get_by_label(&tr("unit-apply")).click();
    settle(&mut h);
    assert!(unit_view(&h).message.as_deref().is_some_and(|m| m.contains("U+00DF")), "{:?}", unit_view(&h).message);
    assert!(has(&h, &tr_args("unit-no-cp1251", &[("ch", Arg::from("'ß'"))])));
    h.get_by_label(&tr("unit-display-name")).click();
    h.run();
    h.key_press(Key::End);
    h.key_press(Key::Backspace);
    h.key_press(Key::Backspace);
    h.run();
    h.get_by_label(&tr("unit-apply")).click();
    settle(&mut h);
    assert_eq!(unit_view(&h).unit().unwrap().component(moved).display_name(), "Пушка");

    // Undo takes the name back, redo puts it again: one step each.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(unit_view(&h).unit().unwrap().component(moved).display_name(), "");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(unit_view(&h).unit().unwrap().component(moved).display_name(), "Пушка");

    // Remove the root's last child (its subtree with it) with Delete.
    let u = unit_view(&h).unit().unwrap().clone();
    let last = *u.tree().children[0].last().unwrap();
    let gone = u.subtree_end(last) - last;
    h.get_by_label(&row_label(last, u.component(last))).click();
    h.run();
    assert_eq!(unit_view(&h).selected, last, "a click on its row selects it");
    key(&mut h, Modifiers::NONE, Key::Delete);
    assert_eq!(unit_view(&h).unit().unwrap().len(), u.len() - gone);
    save(&mut h);

    let (after, _) = UnitDat::parse(&std::fs::read(&file).unwrap(), Reading::Strict).expect("the saved file reads strictly");
    assert!(after.is_valid_tree());
    assert_eq!(&after, unit_view(&h).unit().unwrap());
    let renamed = after.components().iter().position(|c| c.display_name() == "Пушка").expect("the renamed component");
    assert_eq!(after.parent_of(renamed), Some(first_child));
    assert_eq!(after.len(), n + 1 - gone);
}
