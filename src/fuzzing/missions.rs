//! Missions (docs/formats/tma.md) and Land.map files (docs/formats/land-map.md): any bytes
//! parsed under every reading, an untouched parse written back identical; the round trips also
//! edit (move an object, rename a clan, add and remove records, move a vertex) and check that
//! only the edited bytes change and that the written file reads back as the model.

use crate::formats::Diagnostic;
use crate::formats::landmap::{Extent, LandMap, SubBlockReading, check};
use crate::formats::tma::{ClanBodyReading, Mission, Object, Options, Text, VersionCheck};

fn diags_within(data: &[u8], diags: &[Diagnostic]) {
    for d in diags {
        assert!(d.offset.is_none_or(|o| o as usize <= data.len()), "a diagnostic past the end: {d:?}");
    }
}

const TMA_OPTIONS: [Options; 3] = [
    Options { clan_body: ClanBodyReading::Single, versions: VersionCheck::Gated },
    Options { clan_body: ClanBodyReading::ByType, versions: VersionCheck::Gated },
    Options::STRICT,
];

pub fn tma_parse(data: &[u8]) {
    for o in &TMA_OPTIONS {
        match Mission::parse_with(data, o) {
            Ok((m, d)) => {
                assert_eq!(m.write(), data, "an untouched mission writes back its bytes ({o:?})");
                diags_within(data, &d);
            }
            Err(e) => super::error_within(data, &e),
        }
    }
}

pub fn tma_round_trip(data: &[u8]) {
    tma_parse(data);
    let Ok((mut m, _)) = Mission::parse(data) else { return };
    if !m.objects.is_empty() {
        let at = m.offsets().positions[0];
        let p = m.objects[0].position;
        m.set_object_position(0, [p[0] + 1.0, -p[1], 7.5]).expect("object 0 exists");
        let w = m.write();
        assert_eq!(w.len(), data.len());
        assert!((0..w.len()).filter(|&i| w[i] != data[i]).all(|i| (at..at + 12).contains(&i)), "a move changes only the position");
    }
    if !m.clans.is_empty() {
        let before = m.write();
        let at = m.offsets().clans[0];
        let old = m.clans[0].name.len();
        let name = Text::from("Захватчики");
        m.set_clan_name(0, name.clone()).expect("clan 0 exists");
        let w = m.write();
        let n = name.len();
        assert_eq!(&w[..at], &before[..at], "a rename changes nothing before the name");
        assert_eq!(&w[at + 4..at + 4 + n], name.bytes());
        assert_eq!(&w[at + 4 + n..], &before[at + 4 + old..], "a rename changes nothing after the name");
    }
    let mut o = Object::new(1, Text::from("UNITS\\UNITS\\HERO\\hero_t.dat"), [1.0, 2.0, 3.0]);
    o.clan = 0;
    let k = m.add_object(o);
    let w = m.write();
    let (back, _) = Mission::parse(&w).expect("an edited mission reads");
    assert_eq!(back.objects.len(), m.objects.len());
    assert_eq!(back.write(), w, "parse → write → parse is stable");
    m.remove_object(k).expect("just added");
    let _ = m.remove_clan(m.clans.len().saturating_sub(1));
    let w = m.write();
    let (again, _) = Mission::parse(&w).expect("a mission with a clan removed reads");
    assert_eq!(again.write(), w);
}

fn extent_of(lm: &LandMap) -> Extent {
    let mut e = Extent { min: [0.0, 0.0], max: [1.0, 1.0] };
    for b in lm.map.areals.iter().filter_map(|a| a.bounds()) {
        e.max = [e.max[0].max(b.max[0]), e.max[1].max(b.max[1])];
    }
    e
}

pub fn land_map_parse(data: &[u8]) {
    for r in [SubBlockReading::Records12, SubBlockReading::Words3nPlus1] {
        match LandMap::parse_with(data, r) {
            Ok((lm, d)) => {
                assert_eq!(lm.write().expect("an untouched map writes"), data, "an untouched map writes back its bytes ({r:?})");
                diags_within(data, &d);
                diags_within(data, &lm.check(Some(extent_of(&lm))));
            }
            Err(e) => super::error_within(data, &e),
        }
    }
}

pub fn land_map_round_trip(data: &[u8]) {
    land_map_parse(data);
    let Ok((mut lm, _)) = LandMap::parse(data) else { return };
    if let Some(v) = lm.map.areals.iter_mut().find_map(|a| a.vertices.first_mut()) {
        v[2] += 1.0;
    }
    if let Some(c) = lm.map.cells.first_mut()
        && !lm.map.areals.is_empty()
        && c.len() < 1000
    {
        c.push(0);
    }
    let w = lm.write().expect("an edited map writes");
    let (back, _) = LandMap::parse(&w).expect("an edited map reads");
    assert_eq!(back.map.areals.len(), lm.map.areals.len());
    assert_eq!(back.map.cells, lm.map.cells);
    assert_eq!(back.write().expect("writes"), w, "parse → write → parse is stable");
    let _ = check::one_way_links(&back.map);
}

pub fn tma_seeds() -> Vec<Vec<u8>> {
    let mut s = crate::fixtures::missions::small();
    let whole = s[1].clone();
    s.push(whole[..whole.len() / 2].to_vec());
    s.push(whole[..whole.len() - 3].to_vec());
    super::within_cap(s)
}

pub fn land_map_seeds() -> Vec<Vec<u8>> {
    let small = crate::fixtures::land_map::small();
    let mut m = crate::fixtures::land_map::areal_map(2, 4);
    m.areals[0].links[1].edge = 0;
    let one_way = LandMap::new(m).and_then(|l| l.write()).expect("a small map writes");
    super::within_cap(vec![small.clone(), one_way, small[..small.len() / 2].to_vec()])
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_seed_goes_round_and_a_damaged_one_is_no_panic() {
        for s in super::tma_seeds() {
            super::tma_round_trip(&s);
            for cut in [s.len() / 3, 40, 9] {
                super::tma_round_trip(&s[..cut.min(s.len())]);
            }
        }
        for s in super::land_map_seeds() {
            super::land_map_round_trip(&s);
            for cut in [s.len() / 3, 100, 20] {
                super::land_map_round_trip(&s[..cut.min(s.len())]);
            }
        }
    }
}
