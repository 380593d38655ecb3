//! The generated missions and maps (`fixtures::missions`, `fixtures::land_map`) through the
//! codecs of docs/formats/tma.md and docs/formats/land-map.md: every file written back
//! byte-identical, edits that change only their bytes, the variants the fixtures promise, and
//! the Land.map checks finding faults planted in a clean map.

use parkan_studio::fixtures::{land_map, missions};
use parkan_studio::formats::landmap::{Extent, LandMap, Link, check};
use parkan_studio::formats::tma::{Mission, Text, Zones, fail_offset};

fn diff(a: &[u8], b: &[u8]) -> Vec<usize> {
    (0..a.len().min(b.len())).filter(|&i| a[i] != b[i]).collect()
}

#[test]
fn every_mission_round_trips_byte_identical() {
    let files = missions::files();
    assert_eq!(files.len(), missions::MISSION_COUNT);
    let mut objects = 0;
    for (name, bytes) in &files {
        let (m, diags) = Mission::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(m.write(), *bytes, "{name}");
        objects += m.objects.len();
        let old = m.clan_version != 6 || m.object_version != 10;
        assert_eq!(fail_offset(bytes).is_some(), old, "{name}: strict reading refuses only the old versions");
        assert_eq!(diags.is_empty(), !old, "{name}: {diags:?}");
    }
    assert!((2000..9000).contains(&objects), "{objects} objects");
}

#[test]
fn the_fixtures_hold_every_variant_they_promise() {
    let ms: Vec<Mission> = (0..missions::MISSION_COUNT).map(missions::mission).collect();
    assert_eq!(ms.iter().map(|m| m.objects.len()).min(), Some(0));
    assert_eq!(ms.iter().map(|m| m.objects.len()).max(), Some(300));
    for t in 0..4 {
        assert!(ms.iter().flat_map(|m| &m.clans).any(|c| c.kind == t), "clan type {t}");
    }
    for k in 0..4 {
        assert!(ms.iter().flat_map(|m| &m.objects).any(|o| o.kind == k), "object kind {k}");
    }
    assert!(ms.iter().flat_map(|m| &m.clans).any(|c| matches!(&c.zones, Zones::List(z) if !z.is_empty())));
    assert!(ms.iter().flat_map(|m| &m.objects).any(|o| o.clan == -1), "scenery with a 0xFFFFFFFF owner");
    assert!(ms.iter().flat_map(|m| &m.objects).any(|o| o.host >= 0 && o.vertex >= 0), "a unit in a hall-way");
    assert!(ms.iter().flat_map(|m| &m.objects).any(|o| o.properties.iter().filter(|p| p.name.bytes() == b"NOT USED").count() == 2));
    assert!(ms.iter().all(|m| m.object_version < 2 || m.description.tail().first() == Some(&0)));
    assert!(ms.iter().any(|m| m.description.tail()[1..].iter().all(|&b| b == 0xCD) && m.description.tail().len() > 1));
    assert!(ms.iter().any(|m| m.description.text().contains(&0xCD)), "Н inside a text");
    assert!(ms.iter().any(|m| !m.lodes.is_empty()) && ms.iter().any(|m| !m.routes.is_empty()));
    let (i, name) = missions::CYRILLIC;
    assert!(ms[i].clans.iter().any(|c| c.name.decode() == name && c.name.bytes().iter().all(|&b| b >= 0xC0)));
    for &(i, cv, ov) in missions::OLD {
        assert_eq!((ms[i].clan_version, ms[i].object_version), (cv, ov));
    }
    for m in &ms {
        for c in &m.clans {
            assert!(c.relation(c.name.bytes()) == Some(1) || m.clan_version < 6, "each clan neutral to itself");
        }
    }
}

#[test]
fn moving_one_object_changes_exactly_its_position_bytes() {
    for (i, (name, bytes)) in missions::files().iter().enumerate() {
        let (mut m, _) = Mission::parse(bytes).unwrap();
        if m.objects.is_empty() {
            continue;
        }
        let k = m.objects.len() / 2;
        let at = m.offsets().positions[k];
        let p = m.objects[k].position;
        m.set_object_position(k, [p[0] + 1.5, p[1] - 2.25, p[2] + 0.5]).unwrap();
        let w = m.write();
        assert_eq!(w.len(), bytes.len());
        let d = diff(&w, bytes);
        assert!(!d.is_empty() && d.iter().all(|&o| (at..at + 12).contains(&o)), "mission {i} ({name}): {d:?} vs {at}");
        assert_eq!(Mission::parse(&w).unwrap().0.objects[k].position[1], p[1] - 2.25);
    }
}

#[test]
fn renaming_a_clan_changes_only_its_string_and_length_word() {
    for (name, bytes) in missions::files() {
        let (mut m, _) = Mission::parse(&bytes).unwrap();
        let k = m.clans.len() - 1;
        let at = m.offsets().clans[k];
        let old = m.clans[k].name.len();
        let new = Text::from("Захватчики");
        let grow = new.len() - old;
        m.set_clan_name(k, new.clone()).unwrap();
        let w = m.write();
        assert_eq!(w.len(), bytes.len() + grow, "{name}");
        assert_eq!(&w[..at], &bytes[..at], "{name}: before the name");
        assert_eq!(&w[at..at + 4], &(new.len() as u32).to_le_bytes(), "{name}: the length word");
        assert_eq!(&w[at + 4..at + 4 + new.len()], new.bytes());
        assert_eq!(&w[at + 4 + new.len()..], &bytes[at + 4 + old..], "{name}: after the name");
    }
}

#[test]
fn every_land_map_round_trips_and_checks_clean() {
    let files = land_map::files();
    assert_eq!(files.len(), missions::MAPS.len());
    for (k, (name, bytes)) in files.iter().enumerate() {
        let (lm, diags) = LandMap::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(diags.is_empty(), "{name}: {diags:?}");
        assert_eq!(lm.write().unwrap(), *bytes, "{name}");
        let g = land_map::side_of(k);
        assert_eq!((lm.map.areals.len(), lm.map.across, lm.map.down), ((g * g) as usize, 128, 128));
        assert_eq!(lm.archive().entry(0).attr1(), g * g);
        assert!(lm.check(Some(land_map::extent(g))).is_empty(), "{name}");
    }
}

#[test]
fn the_checks_find_planted_faults() {
    let g = 20;
    let (mut lm, _) = LandMap::parse(land_map::land_map(g)).unwrap();
    // A one-way link: areal 5's edge 1 now names areal 30's edge 3 (whose link names 29).
    lm.map.areals[5].links[1] = Link { areal: 30, edge: 3 };
    // A cell naming an areal past the list, and a hole in the grid.
    lm.map.cells[17].push((g * g) as u16 + 3);
    lm.map.cells[200].clear();
    assert!(check::one_way_links(&lm.map).iter().any(|f| matches!(f, check::Finding::OneWayLink { areal: 5, edge: 1, .. })));
    assert_eq!(check::missing_areals(&lm.map), vec![check::Finding::MissingAreal { x: 0, y: 17, areal: (g * g) as u16 + 3 }]);
    let cov = check::coverage(&lm.map, land_map::extent(g));
    assert!(cov.contains(&check::Finding::EmptyCell { x: 1, y: 72 }), "{cov:?}");
    // A larger landscape than the areals reach.
    let big = Extent { min: [0.0, 0.0], max: [g as f32 * 200.0, g as f32 * 96.0] };
    assert!(check::coverage(&lm.map, big).iter().any(|f| matches!(f, check::Finding::Uncovered { side: 2, .. })));
    let d = lm.check(Some(land_map::extent(g)));
    assert!(d.len() >= 4, "{d:?}");
    assert!(d.iter().all(|d| d.offset.is_some_and(|o| o >= lm.payload_offset())));
}
