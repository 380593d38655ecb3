use super::*;
use crate::fixtures::missions;
use crate::formats::tma::{CLAN_ENEMY, Offsets};

/// A mission with a building (logical id 7) and two units starting inside it, one free unit
/// and a scenery rock, on two clans.
fn mission() -> Mission {
    let mut m = Mission { map_path: Text::from("DATA\\MAPS\\SC_1\\land"), ..Mission::default() };
    m.add_clan(Clan::new(Text::from("Player"), tma::CLAN_PLAYER)).unwrap();
    m.add_clan(Clan::new(Text::from("Enemy"), CLAN_ENEMY)).unwrap();
    let mut b = Object::new(0, Text::from("UNITS\\base.dat"), [10.0, 20.0, 0.0]);
    (b.logical_id, b.name) = (7, Text::from("base"));
    m.add_object(b);
    for k in 0..2 {
        let mut u = Object::new(1, Text::from("UNITS\\walker.dat"), [0.0; 3]);
        (u.logical_id, u.host, u.vertex, u.name) = (8 + k, 7, k, Text::from("walker"));
        m.add_object(u);
    }
    let mut free = Object::new(1, Text::from("UNITS\\walker.dat"), [50.0, 50.0, 0.0]);
    (free.logical_id, free.clan, free.name) = (10, 1, Text::from("walker_2"));
    m.add_object(free);
    m.add_object(Object::new(3, Text::from("rock_1"), [5.0, 5.0, 0.0]));
    m
}

/// The byte ranges where two writes differ.
fn changed(a: &[u8], b: &[u8]) -> Vec<usize> {
    assert_eq!(a.len(), b.len(), "same length");
    a.iter().zip(b).enumerate().filter(|(_, (x, y))| x != y).map(|(i, _)| i).collect()
}

#[test]
fn moving_one_object_changes_only_its_position_and_rotation_bytes() {
    for i in [3, 11, 20] {
        let m0 = missions::mission(i);
        if m0.objects.is_empty() {
            continue;
        }
        let k = m0.objects.len() / 2;
        let (before, at): (Vec<u8>, Offsets) = m0.write_with_offsets();
        let mut m = m0.clone();
        let mut p = m.objects[k].position;
        p[0] += 3.5;
        p[1] -= 1.25;
        let rotation = m.objects[k].rotation;
        run(&mut m, &MissionOp::Place(vec![Place { object: k, position: p, rotation }])).unwrap();
        let after = m.write();
        let diff = changed(&before, &after);
        assert!(!diff.is_empty());
        let pos = at.positions[k];
        assert!(diff.iter().all(|&d| (pos..pos + 12).contains(&d)), "mission {i}: {diff:?} outside {pos}..{}", pos + 12);
    }
}

#[test]
fn renaming_a_clan_changes_its_name_and_the_relations_naming_it() {
    let m0 = mission();
    let mut m = m0.clone();
    run(&mut m, &MissionOp::RenameClan(1, "Чужие".into())).unwrap();
    assert_eq!(m.clans[1].name.decode(), "Чужие");
    assert_eq!(m.clans[1].relation(Text::from("Чужие").bytes()), Some(tma::RELATION_NEUTRAL), "its own relation follows the name");
    assert!(run(&mut m, &MissionOp::RenameClan(0, "чужие".into())).is_err() || m.clans[0].name.decode() == "чужие");
    let err = run(&mut m, &MissionOp::RenameClan(0, "PLAYER ☺".into())).unwrap_err();
    assert!(err.contains("263A"), "{err}");
    // Same length: only the name's bytes and those of the clan's relation to itself differ.
    let mut n = m0.clone();
    run(&mut n, &MissionOp::RenameClan(0, "People".into())).unwrap();
    let d = changed(&m0.write(), &n.write());
    let at = m0.offsets();
    let name = at.clans[0] + 4;
    assert_eq!(d.len(), 5 + 5, "Player → People differs in 5 letters, in the name and the relation: {d:?}");
    assert!(d.iter().all(|&i| (name..name + 6).contains(&i) || (at.clans[0]..at.clans[1]).contains(&i)), "{d:?}");
}

#[test]
fn duplicates_get_fresh_ids_and_names_and_keep_their_host() {
    let mut m = mission();
    let (after, _) = run(&mut m, &MissionOp::Duplicate(vec![1, 4], [4.0, 0.0, 0.0])).unwrap();
    assert_eq!(after, After::Objects(vec![5, 6]));
    assert_eq!(m.objects[5].logical_id, 11);
    assert_eq!(m.objects[5].name.decode(), "walker_3", "walker and walker_2 are taken");
    assert_eq!((m.objects[5].host, m.objects[5].vertex), (7, 0), "a copy starts where its original does");
    assert_eq!(m.objects[6].logical_id, -1, "scenery keeps no id");
    assert!(m.objects[6].name.is_empty());
    assert_eq!(m.objects[6].position, [9.0, 5.0, 0.0]);
    let ids: Vec<i32> = m.objects.iter().map(|o| o.logical_id).filter(|&i| i >= 0).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(ids.len(), unique.len(), "no two objects share an id: {ids:?}");
}

#[test]
fn adding_replaces_colliding_ids() {
    let mut m = mission();
    let mut o = Object::new(1, Text::from("UNITS\\walker.dat"), [1.0, 2.0, 3.0]);
    o.logical_id = 7;
    let (after, _) = run(&mut m, &MissionOp::Add(vec![o])).unwrap();
    assert_eq!(after, After::Objects(vec![5]));
    assert_eq!(m.objects[5].logical_id, 11);
}

#[test]
fn removing_a_building_moves_its_units_out_or_takes_them_along() {
    let mut out = mission();
    run(&mut out, &MissionOp::Remove(vec![0], Hosted::StartOutside)).unwrap();
    assert_eq!(out.objects.len(), 4);
    assert!(out.objects.iter().all(|o| o.host == -1 && o.vertex == -1));
    let mut along = mission();
    run(&mut along, &MissionOp::Remove(vec![0], Hosted::RemoveToo)).unwrap();
    assert_eq!(along.objects.iter().map(|o| o.logical_id).collect::<Vec<_>>(), [10, -1]);
    assert!(crate::doc::world::mission_findings(&along, &along.offsets()).is_empty());
}

#[test]
fn a_logical_id_change_takes_the_hosted_units_along_and_refuses_a_taken_id() {
    let mut m = mission();
    assert!(run(&mut m, &MissionOp::SetLogicalId(0, 10)).unwrap_err().contains("10"));
    run(&mut m, &MissionOp::SetLogicalId(0, 70)).unwrap();
    assert_eq!((m.objects[1].host, m.objects[2].host), (70, 70));
}

#[test]
fn scale_applies_to_scenery_only_and_fields_follow_the_version_gates() {
    let mut m = mission();
    assert!(run(&mut m, &MissionOp::SetScale(1, [2.0; 3])).is_err());
    run(&mut m, &MissionOp::SetScale(4, [2.0, 2.0, 3.0])).unwrap();
    assert_eq!(m.objects[4].scale, [2.0, 2.0, 3.0]);
    m.object_version = 7;
    assert!(run(&mut m, &MissionOp::SetScale(4, [1.0; 3])).unwrap_err().contains("10"));
    assert!(run(&mut m, &MissionOp::SetHost(1, -1, -1)).is_err());
    run(&mut m, &MissionOp::SetName(1, "Рыцарь".into())).unwrap();
    assert!(run(&mut m, &MissionOp::Place(vec![Place { object: 1, position: [f32::NAN, 0.0, 0.0], rotation: [0.0; 3] }])).is_err());
}

#[test]
fn clan_routes_and_lodes_edits_round_trip() {
    let mut m = mission();
    run(&mut m, &MissionOp::SetRelation(0, 1, tma::RELATION_ALLIED)).unwrap();
    assert_eq!(m.clans[0].relation(b"enemy"), Some(tma::RELATION_ALLIED));
    run(&mut m, &MissionOp::SetClanZones(1, vec![Zone { kind: 1, centre: [1.0, 2.0, 0.0], inner: 10.0, outer: 20.0 }])).unwrap();
    run(&mut m, &MissionOp::SetClanMinds(1, 5)).unwrap();
    run(&mut m, &MissionOp::SetClanScript(1, "SCRIPTS\\ai.scr".into())).unwrap();
    assert_eq!(run(&mut m, &MissionOp::AddClan("Nature".into(), tma::CLAN_NATURE)).unwrap().0, After::Clan(2));
    assert!(run(&mut m, &MissionOp::RemoveClan(0)).is_err(), "it owns objects");
    run(&mut m, &MissionOp::RemoveClan(2)).unwrap();
    assert_eq!(run(&mut m, &MissionOp::AddRoute(vec![[0.0; 3], [10.0, 0.0, 0.0], [10.0, 10.0, 0.0]])).unwrap().0, After::Route(0));
    run(&mut m, &MissionOp::InsertRoutePoint { route: 0, at_index: 1, at: [5.0, -2.0, 0.0] }).unwrap();
    run(&mut m, &MissionOp::SetRoutePoint { route: 0, point: 0, at: [-1.0, 0.0, 0.0] }).unwrap();
    run(&mut m, &MissionOp::RemoveRoutePoint { route: 0, point: 3 }).unwrap();
    assert_eq!(m.routes[0].points, [[-1.0, 0.0, 0.0], [5.0, -2.0, 0.0], [10.0, 0.0, 0.0]]);
    run(&mut m, &MissionOp::AddLode(new_lode([3.0, 4.0, 0.0], 500.0))).unwrap();
    let mut l = m.lodes[0];
    l.amount = 750.0;
    run(&mut m, &MissionOp::SetLode(0, l)).unwrap();
    run(&mut m, &MissionOp::SetDescription("Миссия".into())).unwrap();
    let bytes = m.write();
    let (back, _) = Mission::parse(&bytes).unwrap();
    assert_eq!(back, m);
    assert_eq!(back.lodes[0].amount, 750.0);
    run(&mut m, &MissionOp::RemoveLode(0)).unwrap();
    assert!(m.lodes.is_empty());
}

#[test]
fn apply_reads_the_bytes_and_writes_the_edit_as_one_item_edit() {
    let m = mission();
    let path = ItemPath::root(0);
    let o = tma::Options::default();
    let (edit, after) = apply(&path, &m.write(), &o, &MissionOp::SetClan(vec![3], 0)).unwrap();
    assert_eq!(after, After::Keep);
    let (back, _) = Mission::parse(edit.bytes.as_deref().unwrap()).unwrap();
    assert_eq!(back.objects[3].clan, 0);
    assert!(apply(&path, b"junk", &o, &MissionOp::SetClan(vec![3], 0)).is_err());
}
