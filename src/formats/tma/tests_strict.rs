//! Each strict rule of docs/formats/tma.md at its exact offset in the hand-written sample
//! (offsets from `tests::sample`'s layout: clan at 36, object at 122, lodes at 303, end 335).

use super::tests::sample;
use super::*;

fn with(at: usize, v: u32) -> Vec<u8> {
    let mut b = sample().b;
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    b
}

fn fails_at(bytes: &[u8], o: &Options) -> u64 {
    match Mission::parse_with(bytes, o) {
        Ok(_) => panic!("parses"),
        Err(e) => e.offset,
    }
}

#[test]
fn r1_a_scalar_past_the_end_fails_at_its_first_byte() {
    let b = sample().b;
    let strict = Options::STRICT;
    assert_eq!(fails_at(&b[..0], &strict), 0);
    // A count is read before its records: a cut short of the records' minimum size fails at
    // the count (R3) before any field inside them is read.
    assert_eq!(fails_at(&b[..148], &strict), 118, "inside the position: the object count's 80 bytes are missing");
    assert_eq!(fails_at(&b[..334], &strict), 303, "inside the lode: the lode count's 28 bytes are missing");
    assert_eq!(fails_at(&b[..101], &strict), 99, "inside the relation count");
    assert_eq!(fails_at(&b[..248], &strict), 246, "inside the second property's max, past the minimum sizes");
    assert_eq!(fails_at(&b[..262], &strict), 262, "the map path's length word is missing");
    for cut in 0..b.len() {
        let at = fails_at(&b[..cut], &Options::default());
        assert!(at <= cut as u64, "cut {cut}: error at {at}");
    }
}

#[test]
fn r2_a_string_longer_than_what_is_left_fails_at_its_length_word() {
    let strict = Options::STRICT;
    assert_eq!(fails_at(&with(130, 1000), &strict), 130, "object path");
    assert_eq!(fails_at(&with(36, 400), &strict), 36, "clan name");
    assert_eq!(fails_at(&with(262, 70), &strict), 262, "map path");
    assert_eq!(fails_at(&with(289, 43), &strict), 289, "description: 42 bytes are left after its length");
    assert_eq!(fails_at(&with(289, 42), &strict), 335, "a description that takes the rest leaves the lode word past the end");
}

#[test]
fn r3_a_count_whose_records_cannot_fit_fails_at_the_count_word() {
    let strict = Options::STRICT;
    // count × minimum size > bytes left after the count word
    assert_eq!(fails_at(&with(4, 100), &strict), 4, "routes, 8 bytes each");
    assert_eq!(fails_at(&with(12, 27), &strict), 12, "points, 12 bytes: 324 > 319");
    assert_eq!(fails_at(&with(32, 8), &strict), 32, "clans, 40 bytes: 320 > 299");
    assert_eq!(fails_at(&with(63, 12), &strict), 63, "zones, 24 bytes: 288 > 268");
    assert_eq!(fails_at(&with(99, 30), &strict), 99, "relations, 8 bytes: 240 > 232");
    assert_ne!(fails_at(&with(99, 29), &strict), 99, "29 relations fit the count check (232 bytes)");
    assert_eq!(fails_at(&with(118, 3), &strict), 118, "objects, 80 bytes: 240 > 213");
    assert_eq!(fails_at(&with(202, 7), &strict), 202, "properties, 20 bytes: 140 > 129");
    assert_eq!(fails_at(&with(303, 2), &strict), 303, "lodes, 28 bytes");
    assert_eq!(fails_at(&with(303, u32::MAX), &strict), 303, "no overflow");
}

#[test]
fn r4_shipped_words_refuse_others_in_strict_mode() {
    let strict = Options::STRICT;
    assert_eq!(fails_at(&with(0, 2), &strict), 0, "file version");
    assert_eq!(fails_at(&with(28, 5), &strict), 28, "clan table version");
    assert_eq!(fails_at(&with(114, 9), &strict), 114, "object version");
    assert_eq!(fails_at(&with(198, 2), &strict), 198, "property word");
    assert_eq!(fails_at(&with(299, 0), &strict), 299, "lode word");
}

#[test]
fn r4_the_gated_default_reads_other_words_with_a_warning_and_refuses_unknown_versions() {
    let gated = Options::default();
    for at in [0, 198, 299] {
        let b = with(at, 7);
        let (m, d) = Mission::parse(&b).unwrap();
        assert_eq!(d.iter().map(|d| d.offset).collect::<Vec<_>>(), vec![Some(at as u64)]);
        assert_eq!(m.write(), b);
    }
    assert_eq!(fails_at(&with(28, 7), &gated), 28, "clan table versions stop at 6");
    assert_eq!(fails_at(&with(28, 0), &gated), 28);
    assert_eq!(fails_at(&with(114, 11), &gated), 114, "object versions stop at 10");
    assert_eq!(fails_at(&with(114, 0), &gated), 114);
}

#[test]
fn r4_a_marker_other_than_0x80000002_fails_at_it_in_every_mode() {
    assert_eq!(fails_at(&with(126, 0x8000_0001), &Options::STRICT), 126);
    assert_eq!(fails_at(&with(126, 0), &Options::default()), 126);
}

#[test]
fn r5_bytes_after_the_lodes_fail_at_the_first_one() {
    let mut b = sample().b;
    b.push(0);
    assert_eq!(fails_at(&b, &Options::STRICT), 335);
    assert_eq!(fail_offset(&b), Some(335));
    assert_eq!(fail_offset(&sample().b), None);
}

#[test]
fn errors_name_the_record() {
    let e = Mission::parse(&with(130, 1000)).unwrap_err();
    assert_eq!(e.path(), "objects[0]");
    assert!(e.message.contains("object path") && e.message.contains("1000"), "{e}");
}
