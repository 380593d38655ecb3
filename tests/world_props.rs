//! Property tests of the mission and Land.map codecs (docs/formats/tma.md,
//! docs/formats/land-map.md): random models of every section version written, read and written
//! again give the same bytes; mutated files never panic and, when they read, write back as they
//! were.

use parkan_studio::formats::landmap::{Areal, ArealMap, LandMap, Link};
use parkan_studio::formats::tma::{
    Clan, Description, Lode, Mission, Object, Options, Property, Relation, Route, Text, VersionCheck, Zone, Zones,
};
use proptest::collection::vec;
use proptest::prelude::*;

fn f() -> impl Strategy<Value = f32> {
    any::<u32>().prop_map(f32::from_bits)
}
fn f3() -> impl Strategy<Value = [f32; 3]> {
    (f(), f(), f()).prop_map(|(a, b, c)| [a, b, c])
}
fn text() -> impl Strategy<Value = Text> {
    vec(any::<u8>(), 0..12).prop_map(Text)
}

fn clan() -> impl Strategy<Value = Clan> {
    let zone = (any::<u32>(), f3(), f(), f()).prop_map(|(kind, centre, inner, outer)| Zone { kind, centre, inner, outer });
    let relation = (text(), 0u32..3).prop_map(|(clan, value)| Relation { clan, value });
    (text(), any::<i32>(), f(), f(), 0u32..6, text(), vec(zone, 0..3), text(), any::<u32>(), vec(relation, 0..4)).prop_map(
        |(name, id, x, y, kind, script, zones, tree, minds, relations)| Clan {
            name,
            id,
            base: [x, y],
            kind,
            script,
            zones: Zones::List(zones),
            tree,
            minds,
            relations,
        },
    )
}

fn object() -> impl Strategy<Value = Object> {
    let property = (any::<u32>(), any::<u32>(), any::<u32>(), any::<u32>(), text()).prop_map(|(kind, value, min, max, name)| Property { kind, value, min, max, name });
    (0u32..5, text(), any::<i32>(), any::<i32>(), f3(), f3(), f3(), text(), any::<u32>(), (any::<i32>(), any::<i32>()), vec(property, 0..4)).prop_map(
        |(kind, path, clan, logical_id, position, rotation, scale, name, start, (host, vertex), properties)| {
            let mut o = Object::new(kind, path, position);
            o.clan = clan;
            o.logical_id = logical_id;
            o.rotation = rotation;
            o.scale = scale;
            o.name = name;
            o.start = start;
            o.host = host;
            o.vertex = vertex;
            o.properties = properties;
            o
        },
    )
}

fn mission() -> impl Strategy<Value = Mission> {
    let route = (any::<u32>(), vec(f3(), 0..4)).prop_map(|(id, points)| Route { id, points });
    let lode = (f3(), any::<u32>(), any::<u32>(), f(), any::<u32>()).prop_map(|(position, found, kind, amount, extra)| Lode { position, found, kind, amount, extra });
    (
        vec(route, 0..3),
        1u32..=6,
        vec(clan(), 0..4),
        1u32..=10,
        vec(object(), 0..6),
        (text(), any::<u32>(), vec(any::<u8>(), 0..20)),
        vec(lode, 0..3),
    )
        .prop_map(|(routes, clan_version, clans, object_version, objects, (map_path, map_word, description), lodes)| Mission {
            routes,
            clan_version,
            clans,
            object_version,
            objects,
            map_path,
            map_word,
            description: Description(description),
            lodes,
            ..Mission::default()
        })
}

/// A map whose links name existing edges and whose cells name existing areals.
fn areal_map() -> impl Strategy<Value = ArealMap> {
    (vec(0usize..6, 0..6), 1u32..4, 1u32..4, any::<u64>(), f()).prop_map(|(sides, across, down, seed, x)| {
        let mut r = seed | 1;
        let mut next = move |n: usize| {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            (r % n.max(1) as u64) as usize
        };
        let areals: Vec<Areal> = sides
            .iter()
            .map(|&v| Areal {
                centre: [x, -x],
                reserved: [0.0, x],
                area: x,
                normal: [0.0, 0.0, 1.0],
                words: [1, 0, 240, 0],
                vertices: (0..v).map(|k| [k as f32, x, 0.0]).collect(),
                links: Vec::new(),
                sub_blocks: Vec::new(),
            })
            .collect();
        let mut areals = areals;
        for i in 0..areals.len() {
            let links = (0..sides[i])
                .map(|_| {
                    let t = next(sides.len());
                    if sides[t] == 0 || next(3) == 0 { Link::BORDER } else { Link { areal: t as i32, edge: next(sides[t]) as i32 } }
                })
                .collect();
            areals[i].links = links;
        }
        let n = areals.len();
        let cells = (0..across * down).map(|_| (0..next(4)).filter(|_| n > 0).map(|_| next(n) as u16).collect()).collect();
        ArealMap { areals, across, down, cells }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn missions_of_every_version_write_read_write_the_same(m in mission()) {
        let bytes = m.write();
        let (back, _) = Mission::parse(&bytes).expect("written missions read");
        prop_assert!(back.write() == bytes);
        prop_assert_eq!((back.objects.len(), back.clans.len(), back.routes.len()), (m.objects.len(), m.clans.len(), m.routes.len()));
        let strict = Options { versions: VersionCheck::Shipped, ..Options::default() };
        let shipped = m.clan_version == 6 && m.object_version == 10;
        prop_assert_eq!(Mission::parse_with(&bytes, &strict).is_ok(), shipped);
    }

    #[test]
    fn mutated_missions_never_panic(m in mission(), flips in vec((any::<usize>(), any::<u8>()), 1..8)) {
        let mut b = m.write();
        for (i, v) in flips {
            let n = b.len();
            b[i % n] = v;
        }
        if let Ok((again, _)) = Mission::parse(&b) {
            prop_assert!(again.write() == b);
        }
    }

    #[test]
    fn land_maps_write_read_write_the_same(map in areal_map()) {
        let bytes = LandMap::new(map.clone()).and_then(|l| l.write()).expect("generated maps write");
        let (back, d) = LandMap::parse(&bytes[..]).expect("written maps read");
        prop_assert!(d.is_empty());
        prop_assert!(back.write().unwrap() == bytes);
        prop_assert_eq!(back.map.cells, map.cells);
    }

    #[test]
    fn mutated_land_maps_never_panic(map in areal_map(), flips in vec((any::<usize>(), any::<u8>()), 1..8)) {
        let mut b = LandMap::new(map).and_then(|l| l.write()).unwrap();
        for (i, v) in flips {
            let n = b.len();
            b[i % n] = v;
        }
        if let Ok((again, _)) = LandMap::parse(&b[..]) {
            prop_assert!(again.write().unwrap() == b);
        }
    }
}
