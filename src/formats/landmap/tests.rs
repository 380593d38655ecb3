//! A hand-written Land.map (two triangles sharing an edge, a 2×1 grid), each strict rule at
//! its offset, the sub-block readings, and the checks.

use super::*;
use crate::formats::bytes::WriteLe;
use crate::formats::nres::Archive;

/// Payload bytes built field by field.
fn areal(out: &mut Vec<u8>, centre: [f32; 2], verts: &[[f32; 3]], links: &[(i32, i32)], class: u32) {
    out.put_f32(centre[0]); //          +0 centre x
    out.put_f32(centre[1]); //          +4 centre y
    out.put_f32(0.0); //                +8 reserved
    out.put_f32(0.0); //                +12 reserved
    out.put_f32(0.5); //                +16 area
    [0.0, 0.0, 1.0].iter().for_each(|&f| out.put_f32(f)); // +20 normal
    [1, 0, class, 0].iter().for_each(|&w| out.put_u32(w)); // +32 words
    out.put_u32(verts.len() as u32); // +48 V
    out.put_u32(0); //                  +52 B
    verts.iter().flatten().for_each(|&f| out.put_f32(f)); // +56 vertices
    links.iter().for_each(|&(a, e)| {
        out.put_i32(a);
        out.put_i32(e)
    });
}

/// 0..116 areal 0, 116..232 areal 1, 232 across, 236 down, 240 cell (0,0), 244 cell (1,0), end 250.
fn payload() -> Vec<u8> {
    let mut p = Vec::new();
    // Areal 0: (0,0) (1,0) (0,1); its edge 1 (the diagonal) is areal 1's edge 2.
    areal(&mut p, [0.3, 0.3], &[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], &[(-1, -1), (1, 2), (-1, -1)], 1);
    // Areal 1: (1,0) (1,1) (0,1), a lake.
    areal(&mut p, [0.6, 0.6], &[[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]], &[(-1, -1), (-1, -1), (0, 1)], 240);
    p.put_u32(2); //                    cells across
    p.put_u32(1); //                    cells down
    p.put_u16(1); //                    cell (0,0): one areal
    p.put_u16(0);
    p.put_u16(2); //                    cell (1,0): two areals
    p.put_u16(0);
    p.put_u16(1);
    p
}

/// The payload in an archive: it starts at 16.
fn file_of(payload: &[u8], count: u32, type_id: u32) -> Vec<u8> {
    let mut a = Archive::new();
    a.add(ENTRY_NAME, type_id, [count, 0, 0], payload.to_vec()).unwrap();
    a.write()
}

fn file() -> Vec<u8> {
    file_of(&payload(), 2, TYPE_AREAL_MAP)
}

fn fails_at(bytes: &[u8]) -> u64 {
    match LandMap::parse(bytes) {
        Ok(_) => panic!("parses"),
        Err(e) => e.offset,
    }
}

fn with_payload(f: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut p = payload();
    f(&mut p);
    file_of(&p, 2, TYPE_AREAL_MAP)
}

fn put(p: &mut [u8], at: usize, v: &[u8]) {
    p[at..at + v.len()].copy_from_slice(v);
}

#[test]
fn the_sample_reads_and_writes_back() {
    let f = file();
    let (lm, d) = LandMap::parse(&f).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(lm.payload_offset(), 16);
    let m = &lm.map;
    assert_eq!((m.areals.len(), m.across, m.down), (2, 2, 1));
    assert_eq!(m.areals[0].links[1], Link { areal: 1, edge: 2 });
    assert!(m.areals[1].is_lake() && !m.areals[0].is_lake());
    assert_eq!((m.cell(0, 0), m.cell(1, 0), m.cell(2, 0)), (Some(&[0u16][..]), Some(&[0u16, 1][..]), None));
    assert_eq!(m.layout(), Layout { areals: vec![0, 116], grid: 232, cells: vec![240, 244], end: 250 });
    assert_eq!(lm.write().unwrap(), f);
    assert!(lm.check(Some(Extent { min: [0.0, 0.0], max: [2.0, 1.0] })).is_empty());
}

#[test]
fn the_archive_rules_fail_at_their_words() {
    let mut a = Archive::new();
    a.add(ENTRY_NAME, TYPE_AREAL_MAP, [2, 0, 0], payload()).unwrap();
    a.add(b"Extra", TYPE_AREAL_MAP, [0; 3], vec![0u8; 4]).unwrap();
    assert_eq!(fails_at(&a.write()), 8, "two entries: the count word");
    let f = file_of(&payload(), 2, 11);
    assert_eq!(fails_at(&f), (f.len() - 64) as u64, "type 11: the row's type word");
    assert_eq!(fails_at(&file()[..100]), 12, "an NRes whose size word lies: the NRes rule");
}

#[test]
fn payload_rules_fail_at_their_offsets() {
    // R1: a payload cut inside areal 1's vertex count (116 + 48) fails at that word.
    let p = payload();
    assert_eq!(fails_at(&file_of(&p[..166], 2, 12)), 16 + 164);
    // An areal count past the payload: the third areal's first float is past the end.
    assert_eq!(fails_at(&file_of(&p, 3, 12)), 16 + 248, "the grid read as areal 2: its area is past the end");
    assert_eq!(fails_at(&with_payload(|p| put(p, 232, &0u32.to_le_bytes()))), 16 + 232, "zero across");
    assert_eq!(fails_at(&with_payload(|p| put(p, 236, &0u32.to_le_bytes()))), 16 + 236, "zero down");
    assert_eq!(fails_at(&with_payload(|p| put(p, 244, &1024u16.to_le_bytes()))), 16 + 244, "1024 areals in a cell");
    assert_eq!(fails_at(&with_payload(|p| put(p, 248, &2u16.to_le_bytes()))), 16 + 248, "areal 2 of 2");
    assert_eq!(fails_at(&with_payload(|p| p.extend_from_slice(&[0, 0]))), 16 + 250, "leftover bytes");
    // Areal 0's link 1 at 56 + 36 + 8 = 100.
    assert_eq!(fails_at(&with_payload(|p| put(p, 100, &[1, 0, 0, 0, 3, 0, 0, 0]))), 16 + 100, "edge 3 of a triangle");
    assert_eq!(fails_at(&with_payload(|p| put(p, 100, &[2, 0, 0, 0, 0, 0, 0, 0]))), 16 + 100, "areal 2 of 2");
    assert_eq!(fails_at(&with_payload(|p| put(p, 100, &[0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]))), 16 + 100, "(-1, 0)");
    for cut in 0..p.len() {
        let at = fails_at(&file_of(&p[..cut], 2, 12));
        assert!(at <= 16 + cut as u64, "cut {cut}: {at}");
    }
}

/// Areal 0 with one sub-block of n = 1: 12 body bytes under one reading, 16 under the other.
fn with_sub_block(extra_word: bool) -> Vec<u8> {
    let mut p = payload();
    let mut a = p[..116].to_vec();
    put(&mut a, 52, &1u32.to_le_bytes()); // B = 1
    a.extend_from_slice(&[0xFF; 24]); //    three more links, all (-1, -1)
    a.put_u32(1); //                        sub-block count n
    a.extend((0..12 + if extra_word { 4 } else { 0 }).map(|i| i as u8));
    p.splice(..116, a);
    file_of(&p, 2, 12)
}

#[test]
fn sub_blocks_are_sized_by_the_reading_and_kept() {
    let op = with_sub_block(false);
    let (lm, d) = LandMap::parse(&op).unwrap();
    assert_eq!(d.len(), 1, "a note that no shipped map has sub-blocks");
    assert_eq!((lm.map.areals[0].sub_blocks[0].n, lm.map.areals[0].sub_blocks[0].body.len()), (1, 12));
    assert_eq!(lm.write().unwrap(), op);
    assert!(LandMap::parse_with(&op, SubBlockReading::Words3nPlus1).is_err(), "4 bytes short of the other reading");
    let fp = with_sub_block(true);
    let (lm, _) = LandMap::parse_with(&fp, SubBlockReading::Words3nPlus1).unwrap();
    assert_eq!(lm.map.areals[0].sub_blocks[0].body.len(), 16);
    assert_eq!(lm.write().unwrap(), fp);
}

#[test]
fn an_edit_replaces_the_payload_and_counts_the_areals() {
    let f = file();
    let (mut lm, _) = LandMap::parse(&f).unwrap();
    lm.map.areals[1].vertices[1][2] = 0.25;
    let w = lm.write().unwrap();
    let changed: Vec<usize> = (0..w.len()).filter(|&i| w[i] != f[i]).collect();
    assert_eq!(changed.len(), 2, "the z of one vertex: two bytes of 0.25 differ from 0.0's: {changed:?}");
    assert!(changed.iter().all(|&i| (16 + 116 + 56 + 12 + 8..16 + 116 + 56 + 24).contains(&i)));
    let extra = lm.map.areals[1].clone();
    lm.map.areals.push(extra);
    lm.map.areals[2].links = vec![Link::BORDER; 3];
    let w = lm.write().unwrap();
    let (again, _) = LandMap::parse(&w).unwrap();
    assert_eq!(again.archive().entry(0).attr1(), 3);
    assert_eq!(again.map, lm.map);
    lm.map.areals[2].links.pop();
    assert!(lm.write().is_err(), "links must match the vertices");
}

#[test]
fn checks_find_planted_faults() {
    let (mut lm, _) = LandMap::parse(file()).unwrap();
    lm.map.areals[1].links[2] = Link { areal: 0, edge: 2 };
    lm.map.cells[0].push(7);
    let d = lm.check(None);
    let offsets: Vec<_> = d.iter().map(|d| d.offset.unwrap()).collect();
    // Areal 0 edge 1 → areal 1 edge 2, which now says (0, 2); areal 1 edge 2 → areal 0 edge 2,
    // which is the border; cell (0,0) names areal 7.
    assert_eq!(offsets, vec![16 + 100, 16 + 116 + 56 + 36 + 16, 16 + 240], "{d:?}");
    assert!(matches!(one_way_links_of(&lm)[..], [Finding::OneWayLink { areal: 0, edge: 1, .. }, Finding::OneWayLink { areal: 1, edge: 2, .. }]));
    let (mut lm, _) = LandMap::parse(file()).unwrap();
    let wide = Extent { min: [0.0, 0.0], max: [4.0, 1.0] };
    let f = check::coverage(&lm.map, wide);
    assert!(f.contains(&Finding::AwayFromCell { x: 1, y: 0, areal: 0 }), "{f:?}");
    assert!(f.iter().any(|f| matches!(f, Finding::Uncovered { side: 2, .. })), "{f:?}");
    lm.map.cells[0].clear();
    let f = check::coverage(&lm.map, Extent { min: [0.0, 0.0], max: [2.0, 1.0] });
    assert_eq!(f, vec![Finding::EmptyCell { x: 0, y: 0 }]);
}

fn one_way_links_of(lm: &LandMap) -> Vec<Finding> {
    check::one_way_links(&lm.map)
}

#[test]
fn a_check_finding_keeps_its_id_and_reads_in_russian() {
    use crate::app::i18n::{Language, messages::text_in};
    let (mut lm, _) = LandMap::parse(file()).unwrap();
    lm.map.cells[0].push(7);
    let d = lm.check(None);
    assert_eq!(d[0].message, "cell (0, 0) names areal 7, which does not exist");
    assert_eq!(text_in(Language::Russian, &d[0].message, d[0].key.as_deref()), "ячейка (0, 0) называет ареал 7, которого нет");
    let f = Finding::Uncovered { side: 2, reach: 0.1, edge: 4.5 };
    assert_eq!(f.to_string(), "the areals reach 0.1 on the +x side; the landscape goes to 4.5");
    let m = f.message();
    assert_eq!(text_in(Language::Russian, &m.english, m.key.as_deref()), "ареалы доходят до 0,1 со стороны +x, а ландшафт — до 4,5");
}
