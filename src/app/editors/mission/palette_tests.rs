use super::*;
use crate::fixtures::game::{GameSpec, write_game};
use crate::formats::tma::{PROPERTY_I32, Value};

fn small() -> (tempfile::TempDir, Listing) {
    let d = tempfile::tempdir().unwrap();
    write_game(d.path(), &GameSpec::SMALL).unwrap();
    let listing = list_folder(d.path(), &Mission::default(), &Readings::default());
    (d, listing)
}

fn labels(l: &Listing, kind: u32) -> Vec<&str> {
    l.items.iter().filter(|i| i.kind == kind).map(|i| i.label.as_str()).collect()
}

#[test]
fn the_folder_lists_its_buildings_units_and_scenery_by_kind_and_name() {
    let (_d, l) = small();
    assert!(l.problems.is_empty(), "{:?}", l.problems);
    // The small folder's six unit files: one building (class word bit 31), an animal and four
    // battle units; its two scenery records.
    assert_eq!(labels(&l, 0), ["bld_000"]);
    assert_eq!(labels(&l, 1), ["anm_001", "unit_002", "unit_003", "unit_004", "unit_005"]);
    let scenery: Vec<&str> = l.items.iter().filter(|i| i.kind >= 2).map(|i| i.label.as_str()).collect();
    assert_eq!(scenery, ["s_obj_000", "s_obj_001"]);
    // Unit files are named as the game writes them: relative, backslashes.
    let b = &l.items[0];
    assert_eq!(b.path, "UNITS\\BUILDS\\bld_000.dat");
    assert!(b.is_unit_file());
    // Sorted by kind.
    assert!(l.items.windows(2).all(|w| w[0].kind <= w[1].kind));
}

#[test]
fn a_folder_without_units_or_records_says_so_and_lists_nothing() {
    let d = tempfile::tempdir().unwrap();
    let l = list_folder(d.path(), &Mission::default(), &Readings::default());
    assert!(l.items.is_empty());
    assert_eq!(l.problems.len(), 2, "{:?}", l.problems);
    assert!(l.problems[0].contains("no UNITS folder"), "{:?}", l.problems);
}

#[test]
fn a_unit_file_that_does_not_read_is_a_problem_not_an_item() {
    let d = tempfile::tempdir().unwrap();
    write_game(d.path(), &GameSpec::SMALL).unwrap();
    std::fs::write(d.path().join("UNITS/BUILDS/broken.dat"), b"\x01\x02").unwrap();
    std::fs::write(d.path().join("UNITS/huge.dat"), vec![0u8; MAX_UNIT_FILE_BYTES as usize + 1]).unwrap();
    let l = list_folder(d.path(), &Mission::default(), &Readings::default());
    assert_eq!(labels(&l, 0), ["bld_000"]);
    assert_eq!(l.problems.len(), 2, "{:?}", l.problems);
    assert!(l.problems[0].starts_with("UNITS\\BUILDS\\broken.dat: "), "{:?}", l.problems);
    assert!(l.problems[1].starts_with("UNITS\\huge.dat: 1048577 bytes"), "{:?}", l.problems);
}

#[test]
fn scenery_is_placed_as_the_mission_places_it_else_by_its_name() {
    let mut m = Mission::default();
    assert_eq!(scenery_kind("tree01", &m), 2);
    assert_eq!(scenery_kind("Rock02", &m), 3);
    assert_eq!(scenery_kind("stone05", &m), 3);
    m.objects.push(Object::new(3, Text::from("TREE01"), [0.0; 3]));
    assert_eq!(scenery_kind("tree01", &m), 3, "the mission's own use wins, case ignored");
}

#[test]
fn the_filter_matches_every_word_in_the_name_or_path_ignoring_case_and_slashes() {
    let (_d, l) = small();
    let names = |f: &str| filtered(&l.items, f).into_iter().map(|i| l.items[i].label.as_str()).collect::<Vec<_>>();
    assert_eq!(names("BLD"), ["bld_000"]);
    assert_eq!(names("units/battle 3"), ["unit_003"]);
    assert_eq!(names("UNITS\\ANIMALS"), ["anm_001"]);
    assert_eq!(names("s_obj"), ["s_obj_000", "s_obj_001"]);
    assert_eq!(names("  ").len(), l.items.len(), "an empty filter shows all");
    assert!(names("nothing-like-it").is_empty());
}

#[test]
fn a_new_building_gets_a_fresh_id_a_unique_name_and_its_kinds_properties() {
    let m = crate::fixtures::missions::mission(0);
    let item = Item { kind: 0, path: "UNITS\\BUILDS\\GENER\\gener_t.dat".into(), label: "gener_t".into() };
    let o = new_object(&m, &item, [10.0, 20.0, 3.0], 2);
    assert_eq!((o.kind, o.clan, o.position, o.scale, o.host, o.vertex), (0, 2, [10.0, 20.0, 3.0], [1.0; 3], -1, -1));
    assert_eq!(o.path.bytes(), b"UNITS\\BUILDS\\GENER\\gener_t.dat");
    assert!(m.objects.iter().all(|p| p.logical_id != o.logical_id) && o.logical_id >= 0);
    assert!(m.objects.iter().all(|p| !p.name.eq_ignore_case(o.name.bytes())));
    // The shipped list of this path: the id locked at the object's, the owner and kind set.
    let prop = |n: &str| o.properties.iter().find(|p| p.name.bytes() == n.as_bytes()).unwrap_or_else(|| panic!("{n}"));
    let id = prop("LogicalID");
    assert_eq!((id.kind, id.value() == Value::I32(o.logical_id), id.locked()), (PROPERTY_I32, true, true));
    assert_eq!(prop("ClanID").value(), Value::I32(2));
    assert_eq!(prop("Type").value(), Value::I32(0));
    assert_eq!(prop("Life state").value(), Value::F32(1.0));
    assert!(o.properties.iter().any(|p| p.name.bytes() == b"FreeBotNum"));
}

#[test]
fn a_unit_of_a_path_the_mission_lacks_gets_the_usual_list_and_scenery_gets_none() {
    let m = Mission::default();
    let unit = Item { kind: 1, path: "UNITS\\UNITS\\x.dat".into(), label: "x".into() };
    let o = new_object(&m, &unit, [0.0; 3], 1);
    assert_eq!((o.logical_id, o.name.bytes()), (0, &b"x"[..]));
    let names: Vec<&[u8]> = o.properties.iter().map(|p| p.name.bytes()).collect();
    assert_eq!(names, [&b"Invulnerability"[..], b"Life state", b"LogicalID", b"ClanID", b"Type"]);
    let tree = Item { kind: 2, path: "tree01".into(), label: "tree01".into() };
    let s = new_object(&m, &tree, [1.0, 2.0, 3.0], 1);
    assert_eq!((s.clan, s.logical_id, s.name.is_empty(), s.properties.is_empty(), s.scale), (-1, -1, true, true, [1.0; 3]));
}

#[test]
fn every_item_of_the_folder_has_a_scene_for_its_thumbnail_and_a_missing_one_says_why() {
    use super::super::thumbs::{Subject, scene_of};
    use crate::doc::resolve::world::RecordCache;
    let (d, l) = small();
    let game = GameFolder::on_disk(d.path());
    let mut records = RecordCache::default();
    for item in &l.items {
        let scene = scene_of(&game, &mut records, &item.subject(), &Readings::default()).unwrap_or_else(|e| panic!("{}: {e}", item.path));
        assert!(scene.triangle_count() > 0, "{}", item.path);
    }
    let gone = Subject { unit_file: true, path: "UNITS\\BUILDS\\gone.dat".into() };
    assert!(scene_of(&game, &mut records, &gone, &Readings::default()).unwrap_err().contains("gone.dat"));
    let no_key = Subject { unit_file: false, path: "no_such_key".into() };
    assert!(scene_of(&game, &mut records, &no_key, &Readings::default()).is_err());
}
