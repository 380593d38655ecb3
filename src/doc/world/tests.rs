use super::*;
use crate::doc::project::Index;
use crate::fixtures::game::{GameSpec, game_files};
use crate::formats::Severity;
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::tma::{Clan, Object, Relation, Text};

fn index(spec: &GameSpec) -> Index {
    Index::from_bytes(game_files(spec).into_iter().map(|(n, b)| (n, SharedBytes::from(b))), &Readings::default())
}

#[test]
fn the_ground_follows_the_landscape_and_ends_at_its_edge() {
    let land = SharedBytes::from(crate::fixtures::msh::landscape(16));
    let g = Ground::of_landscape(&land, &Readings::default()).unwrap();
    let side = crate::fixtures::msh::land::side(16);
    assert_eq!((g.extent().min, g.extent().max), ([0.0, 0.0], [side, side]));
    for (x, y) in [(8.0, 16.0), (100.3, 57.9), (250.0, 3.0)] {
        let h = g.height(x, y).unwrap();
        assert!((h - crate::fixtures::msh::land::height(x, y)).abs() < 0.2, "({x}, {y}): {h}");
    }
    assert_eq!(g.height(-1.0, 5.0), None);
    assert!(!g.covers(side + 1.0, 0.0));
}

#[test]
fn a_mission_reports_owners_relations_and_hosts_it_lacks() {
    let mut m = Mission::default();
    m.clans.push(Clan::new(Text::from("Plr"), 1));
    m.clans[0].relations.push(Relation { clan: Text::from("Ghost"), value: 0 });
    let mut b = Object::new(0, Text::from("UNITS\\BUILDS\\b.dat"), [0.0; 3]);
    b.logical_id = 7;
    let mut u = Object::new(1, Text::from("UNITS\\u.dat"), [0.0; 3]);
    (u.clan, u.host, u.vertex) = (3, 8, 0);
    let mut tree = Object::new(2, Text::from("s_obj_000"), [0.0; 3]);
    tree.clan = -1;
    m.objects = vec![b, u, tree];
    let at = m.offsets();
    let f: Vec<String> = mission_findings(&m, &at).into_iter().map(|f| f.message).collect();
    assert_eq!(
        f,
        [
            "object 1 belongs to clan 3 of 1",
            "object 1 starts in host 8, which no building of the mission is",
            "clan Plr's relation names the clan Ghost, which the mission lacks"
        ]
    );
    // A unit started in the building that is there is fine; scenery's leftover owner too.
    m.objects[1].host = 7;
    m.objects[1].clan = 0;
    m.clans[0].relations.pop();
    assert_eq!(mission_findings(&m, &m.offsets()), []);
}

#[test]
fn missions_of_the_game_folder_resolve_every_name() {
    let ix = index(&GameSpec::SMALL);
    let missions: Vec<_> = ix.items().filter(|(_, it)| it.kind == crate::doc::kinds::FormatKind::Mission).map(|(id, _)| id).collect();
    assert_eq!(missions.len(), GameSpec::SMALL.missions);
    for id in missions {
        let r = resolve_mission(&ix, id).unwrap();
        let addr = |i: Option<crate::doc::project::ItemId>| i.and_then(|i| ix.item(i)).map(|i| i.address.clone());
        let folder = r.map.folder.clone();
        assert_eq!(addr(r.map.landscape), Some(format!("{folder}/land.msh")));
        assert_eq!(addr(r.map.tables[1]), Some(format!("{folder}/Land2.wea")));
        assert_eq!(addr(r.map.land_map), Some(format!("{folder}/Land.map")));
        for (o, ro) in r.mission.objects.iter().zip(&r.objects) {
            let target = addr(ro.target).unwrap_or_else(|| panic!("{} resolves", o.path.decode()));
            match o.kind {
                0 | 1 => assert!(target.eq_ignore_ascii_case(&o.path.decode().replace('\\', "/"))),
                _ => assert_eq!(target, format!("objects.rlb::{}", o.path.decode())),
            }
        }
    }
    assert!(check(&ix).is_empty(), "{:#?}", check(&ix));
}

#[test]
fn the_problem_folder_has_each_mission_finding_once() {
    let ix = index(&GameSpec::SMALL.with_problems());
    let all = ix.problems();
    let broken: Vec<&str> = all.iter().filter(|p| p.file == "MISSIONS/Broken/data.tma").map(|p| p.message.as_str()).collect();
    let want = [
        "object 3 names object UNITS\\BUILDS\\bld_gone.dat: the folder has no such file",
        "object 4 belongs to clan 9 of 3",
        "clan Plr's relation names the clan Ghost, which the mission lacks",
        "object 5 starts in host 999, which no building of the mission is",
        "object 6 starts at hall-way vertex 99 of host 1, whose hall-way has 4",
        "object 7 stands 20 below the ground",
        "object 8 floats 500 above the ground",
        "lode 0 lies outside the map (-500, -500)",
    ];
    let mut sorted = broken.clone();
    sorted.sort();
    let mut want_sorted = want.to_vec();
    want_sorted.sort();
    assert_eq!(sorted, want_sorted);
    let cut: Vec<_> = all.iter().filter(|p| p.file == "DATA/MAPS/Cut/Land.map").collect();
    assert_eq!(cut.len(), 1, "{cut:#?}");
    assert!(cut[0].message.contains("does not cover") && cut[0].severity == Severity::Warning, "{:?}", cut[0]);
}
