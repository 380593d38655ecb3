use super::*;
use crate::fixtures::game::{GameSpec, game_files};
use crate::fixtures::objects::{RecordSpec, objects_rlb, record};
use crate::fixtures::unit_dat::{Part, write};
use crate::formats::tma::{Object, Text};

fn small() -> Vec<(String, Vec<u8>)> {
    game_files(&GameSpec::SMALL)
}

#[test]
fn a_unit_resolves_every_component_to_its_mesh_and_table() {
    let files = small();
    let (path, bytes) = files.iter().find(|(n, _)| n.starts_with("UNITS/") && n.ends_with(".dat")).cloned().unwrap();
    let game = GameFolder::in_memory(files);
    let unit = resolve_unit(&game, &path, &bytes, &Readings::default(), &mut RecordCache::default()).unwrap();
    assert!(!unit.components.is_empty());
    assert_eq!(unit.components[0].parent, None);
    for c in &unit.components {
        let mesh = c.record.mesh.as_ref().unwrap_or_else(|| panic!("{}: {:?}", c.record_key, c.record.problems));
        assert!(mesh.address.contains(".rlb::"), "{}", mesh.address);
        assert!(mesh.wear.wear.is_some(), "{:?}", mesh.wear.diagnostics);
    }
    assert!(unit.all_problems().is_empty(), "{:?}", unit.all_problems());
}

#[test]
fn keys_and_paths_ignore_case_and_missing_pieces_are_reported() {
    let game = GameFolder::in_memory(small());
    let upper = resolve_record(&game, "S_OBJ_000");
    assert_eq!(upper.kind, Some(crate::formats::objrec::Kind::Stat));
    assert_eq!(upper.mesh.as_ref().unwrap().address, "static.rlb::s_obj_000.msh");
    assert!(matches!(game.read("units\\UNITS\\battle\\UNIT_002.DAT"), Found::Yes(_)));
    let gone = resolve_record(&game, "no_such_record");
    assert!(gone.mesh.is_none() && gone.problems[0].message.contains("no such record"));
    let dat = write(0x0100_8000, &Part::leaf("r_ch_000", "x", 0, -1).with(Part::leaf("missing_turret", "t", 1, 2)));
    let unit = resolve_unit(&game, "u.dat", &dat, &Readings::default(), &mut RecordCache::default()).unwrap();
    assert!(unit.components[1].record.mesh.is_none());
    assert!(unit.all_problems().iter().any(|d| d.message.contains("component 1") && d.message.contains("missing_turret")));
    assert!(resolve_unit(&game, "bad.dat", b"\xF1\xF0\0\0", &Readings::default(), &mut RecordCache::default()).is_err());
}

#[test]
fn parent_slots_splice_and_cycles_are_reported() {
    let recs = vec![
        record(crate::formats::objrec::Kind::Stat, 0),
        RecordSpec { key: "child".into(), kind: crate::formats::objrec::Kind::Stat, slots: vec![("objects.rlb".into(), "s_obj_000".into())] },
        RecordSpec { key: "loop_a".into(), kind: crate::formats::objrec::Kind::Stat, slots: vec![("objects.rlb".into(), "loop_b".into())] },
        RecordSpec { key: "loop_b".into(), kind: crate::formats::objrec::Kind::Stat, slots: vec![("objects.rlb".into(), "LOOP_A".into())] },
    ];
    let mut files = crate::fixtures::world_objects::archives(&recs, |_, _| crate::fixtures::wear::table(&[(0, "A")], None, Default::default()));
    files.push(("objects.rlb".into(), objects_rlb(&recs)));
    let game = GameFolder::in_memory(files);
    let child = resolve_record(&game, "child");
    assert_eq!(child.mesh.as_ref().unwrap().address, "static.rlb::s_obj_000.msh", "{:?}", child.problems);
    let looped = resolve_record(&game, "loop_a");
    assert!(looped.mesh.is_none());
    assert!(looped.problems.iter().any(|d| d.message.contains("names itself")), "{:?}", looped.problems);
}

#[test]
fn a_mission_resolves_its_map_and_objects_and_reports_what_names_nothing() {
    let mut files = small();
    files.push(("DATA/MAPS/Test/Land.msh".into(), crate::fixtures::msh::landscape(8)));
    let unit_path = files.iter().find(|(n, _)| n.starts_with("UNITS/")).unwrap().0.replace('/', "\\");
    let game = GameFolder::in_memory(files);
    let mut m = Mission { map_path: Text::from("DATA\\MAPS\\TEST\\land"), ..Mission::default() };
    m.objects.push(Object::new(1, Text::from(unit_path.as_str()), [1.0, 2.0, 0.0]));
    m.objects.push(Object::new(2, Text::from("S_OBJ_001"), [5.0, 2.0, 0.0]));
    m.objects.push(Object::new(1, Text::from("UNITS\\nowhere.dat"), [9.0, 2.0, 0.0]));
    m.objects.push(Object::new(3, Text::from("no_rock"), [9.0, 9.0, 0.0]));
    let r = resolve_mission(&game, m, &Readings::default());
    assert!(r.map.landscape.is_some(), "{:?}", r.problems);
    assert!(matches!(r.targets[0], ObjectTarget::Unit(_)));
    assert!(matches!(r.targets[1], ObjectTarget::Record(_)));
    assert!(matches!(r.targets[2], ObjectTarget::Missing(_)));
    assert!(matches!(r.targets[3], ObjectTarget::Missing(_)));
    assert!(r.problems.iter().any(|d| d.message.starts_with("object 2") && d.message.contains("nowhere.dat")), "{:?}", r.problems);
    let no_map = resolve_mission(&game, Mission { map_path: Text::from("DATA\\MAPS\\GONE\\land"), ..Mission::default() }, &Readings::default());
    assert!(no_map.map.landscape.is_none() && no_map.problems[0].message.contains("land.msh"));
}

#[test]
fn the_root_is_found_above_a_file_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("OBJECTS.RLB"), objects_rlb(&[record(crate::formats::objrec::Kind::Stat, 0)])).unwrap();
    std::fs::create_dir_all(dir.path().join("UNITS/X")).unwrap();
    let f = dir.path().join("UNITS/X/a.dat");
    std::fs::write(&f, b"x").unwrap();
    let root = GameFolder::root_of(&f).unwrap();
    assert_eq!(root, dir.path(), "the path as given, not resolved through links");
    let game = GameFolder::on_disk(root);
    assert!(game.objects().is_ok());
    assert!(matches!(game.read("units/x/A.DAT"), Found::Yes(_)));
    assert!(matches!(game.read("units/y/A.DAT"), Found::Missing { .. }));
}

#[test]
fn what_names_nothing_keeps_its_id_and_reads_in_russian() {
    use crate::app::i18n::{Language, messages::text_in};
    let game = GameFolder::in_memory(small());
    let mut m = Mission::default();
    m.objects.push(Object::new(3, Text::from("no_rock"), [9.0, 9.0, 0.0]));
    let r = resolve_mission(&game, m, &Readings::default());
    let ObjectTarget::Missing(why) = &r.targets[0] else { panic!("{:?}", r.targets[0]) };
    assert_eq!(why.english, "record no_rock: objects.rlb has no such record");
    assert_eq!(text_in(Language::Russian, &why.english, why.key.as_deref()), "запись no_rock: в objects.rlb такой записи нет");
    let ru: Vec<String> = r.problems.iter().map(|d| text_in(Language::Russian, &d.message, d.key.as_deref())).collect();
    // The reason sits inside the sentence: it is a value, shown as the English text it was.
    assert!(ru.iter().any(|t| t == "объект 0 (no_rock): record no_rock: objects.rlb has no such record; рисуется помеченным ящиком"), "{ru:?}");
}
