use super::*;
use crate::formats::Severity;

/// One 112-byte component, field by field.
fn comp(record: &[u8], display: &[u8], class: u32, attach: i32, children: i32) -> Vec<u8> {
    let mut c = vec![0u8; COMPONENT_LEN];
    c[..11].copy_from_slice(b"objects.rlb"); //            +0   char[32] archive
    c[32..32 + record.len()].copy_from_slice(record); //  +32  char[32] record key
    c[64..68].copy_from_slice(&1u32.to_le_bytes()); //    +64  u32 flags (1 shipped)
    c[68..72].copy_from_slice(&attach.to_le_bytes()); //  +68  i32 attachment (-1 root)
    c[72..72 + display.len()].copy_from_slice(display); // +72 char[32] display name (CP1251)
    c[104..108].copy_from_slice(&class.to_le_bytes()); // +104 u32 part class
    c[108..112].copy_from_slice(&children.to_le_bytes()); // +108 i32 child count
    c
}

/// A robot: chassis (2 children: armour, turret), the turret owning one gun, the gun one clip.
/// Depth first: 0 chassis, 1 armour, 2 turret, 3 gun, 4 clip.
fn robot() -> Vec<u8> {
    let mut f = Vec::new();
    f.extend(0xF0F1u32.to_le_bytes()); //     +0 magic
    f.extend(0x0100_8000u32.to_le_bytes()); // +4 class word: a warrior robot
    f.extend(comp(b"R_L_01", b"Small Track Chs", 0, -1, 2)); // +8
    f.extend(comp(b"i_arm_l_01", b"ARMOUR", 2, 0, 0)); //          +120
    f.extend(comp(b"e_tur_l_01", b"Turret", 1, 5, 1)); //          +232
    f.extend(comp(b"e_gun_l_01", b"\xCF\xF3\xF8\xEA\xE0", 4, 2, 1)); // +344 "Пушка"
    f.extend(comp(b"o_c01", b"Clip", 5, 0, 0)); //                 +456
    f
}

fn at(i: usize) -> usize {
    HEADER_LEN + i * COMPONENT_LEN
}

#[test]
fn robot_reads_as_a_tree_and_round_trips() {
    let bytes = robot();
    let (dat, diags) = UnitDat::parse(&bytes, Reading::Strict).unwrap();
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(dat.unit_class(), UnitClass::Robot);
    assert_eq!(dat.len(), 5);
    let t = dat.tree();
    assert_eq!(t.parent, [None, Some(0), Some(0), Some(2), Some(3)]);
    assert_eq!(t.children[0], [1, 2]);
    assert_eq!(t.depth(4), 3);
    let gun = dat.component(3);
    assert_eq!(gun.display_name(), "Пушка");
    assert_eq!(gun.class(), PartClass::Gun);
    assert_eq!(gun.attach(), 2);
    assert_eq!(dat.component(0).record(), "R_L_01");
    assert_eq!(dat.write(), bytes);
    assert_eq!(UnitDat::parse(&bytes, Reading::Lenient).unwrap().0, dat);
}

#[test]
fn class_words_are_named_and_kept() {
    assert_eq!(UnitClass::of(0x8000_0002), UnitClass::Building);
    assert_eq!(UnitClass::of(0x0100_8000), UnitClass::Robot);
    assert_eq!(UnitClass::of(0x2000_0000), UnitClass::Animal);
    assert_eq!(UnitClass::of(7), UnitClass::Other);
    assert_eq!(PartClass::from_raw(9), PartClass::Other(9));
    assert_eq!(PartClass::Other(9).raw(), 9);
    let mut bytes = robot();
    bytes[4..8].copy_from_slice(&0x8000_0002u32.to_le_bytes());
    let (dat, _) = UnitDat::parse(&bytes, Reading::Strict).unwrap();
    assert_eq!((dat.unit_class(), dat.class_word), (UnitClass::Building, 0x8000_0002));
}

#[test]
fn strict_failures_name_their_offsets() {
    let good = robot();
    let err = |b: &[u8]| UnitDat::parse(b, Reading::Strict).unwrap_err().offset;
    // Wrong magic: 0.
    let mut b = good.clone();
    b[0] = 0xF2;
    assert_eq!(err(&b), 0);
    assert_eq!(err(&good[..2]), 0);
    // A short header: the class word's offset.
    assert_eq!(err(&good[..6]), 4);
    // A partial component: its start (component 2 cut after 50 bytes).
    assert_eq!(err(&good[..at(2) + 50]), at(2) as u64);
    // No component: 8.
    assert_eq!(err(&good[..8]), 8);
    // A negative child count: that component + 108.
    let mut b = good.clone();
    b[at(2) + 108..at(2) + 112].copy_from_slice(&(-1i32).to_le_bytes());
    assert_eq!(err(&b), (at(2) + 108) as u64);
    // Components run out: the end of the file (the turret claims 3 children, two exist).
    let mut b = good.clone();
    b[at(2) + 108..at(2) + 112].copy_from_slice(&3i32.to_le_bytes());
    assert_eq!(err(&b), b.len() as u64);
    // A second root: the first component after the root's subtree.
    let mut b = good.clone();
    b[at(0) + 108..at(0) + 112].copy_from_slice(&1i32.to_le_bytes()); // the root owns only the armour
    assert_eq!(err(&b), at(2) as u64);
}

#[test]
fn lenient_reading_accepts_leftovers_and_magic_high_bits_and_says_so() {
    let mut b = robot();
    b[at(0) + 108..at(0) + 112].copy_from_slice(&1i32.to_le_bytes());
    let e = UnitDat::parse(&b, Reading::Strict).unwrap_err();
    assert!(e.message.contains("lenient"), "{e}");
    let (dat, diags) = UnitDat::parse(&b, Reading::Lenient).unwrap();
    assert_eq!(dat.len(), 2, "root and armour; turret, gun and clip are leftovers");
    assert_eq!(dat.leftover.len(), 3 * COMPONENT_LEN);
    let d = diags.iter().find(|d| d.message.contains("strict reading rejects")).unwrap();
    assert_eq!((d.severity, d.offset), (Severity::Warning, Some(at(2) as u64)));
    assert_eq!(dat.write(), b, "leftovers written back");

    let mut b = robot();
    b[2] = 0x01; // magic 0x0001F0F1
    assert_eq!(UnitDat::parse(&b, Reading::Strict).unwrap_err().offset, 0);
    let (dat, diags) = UnitDat::parse(&b, Reading::Lenient).unwrap();
    assert_eq!(dat.magic, 0x0001_F0F1);
    assert!(diags.iter().any(|d| d.offset == Some(0) && d.message.contains("strict reading rejects")));
    assert_eq!(dat.write(), b);
    // The other rules hold under both readings.
    assert_eq!(UnitDat::parse(&b[..8], Reading::Lenient).unwrap_err().offset, 8);
}

#[test]
fn unusual_fields_are_diagnostics_and_bytes_after_nul_are_kept() {
    let mut b = robot();
    b[at(1) + 32 + 20] = 0xCD; // junk after the armour's record name
    b[at(1) + 64] = 3; // flags 3
    b[at(3) + 104] = 9; // unknown class
    b[at(4) + 72..at(4) + 104].fill(b'Z'); // display name with no NUL
    let (dat, diags) = UnitDat::parse(&b, Reading::Strict).unwrap();
    let find = |s: &str| diags.iter().find(|d| d.message.contains(s)).and_then(|d| d.offset);
    assert_eq!(find("after the record"), Some((at(1) + 52) as u64));
    assert_eq!(find("flags 3"), Some((at(1) + 64) as u64));
    assert_eq!(find("unknown part class 9"), Some((at(3) + 104) as u64));
    assert_eq!(find("has no NUL"), Some((at(4) + 72) as u64));
    assert_eq!(dat.component(4).display_name(), "Z".repeat(32));
    assert_eq!(dat.component(1).record(), "i_arm_l_01");
    assert_eq!(dat.write(), b);
}

#[test]
fn edits_keep_a_valid_tree_and_untouched_components() {
    let bytes = robot();
    let (mut dat, _) = UnitDat::parse(&bytes, Reading::Strict).unwrap();
    // A second gun on the turret, first among its children.
    let gun = Component::new("e_gun_l_02", "Laser", PartClass::Gun, 3).unwrap();
    let i = dat.add_child(2, Some(0), gun).unwrap();
    assert_eq!(i, 3);
    assert!(dat.is_valid_tree());
    assert_eq!(dat.component(2).child_count(), 2);
    assert_eq!(dat.tree().children[2], [3, 4]);
    assert_eq!(dat.component(4).raw()[..], bytes[at(3)..at(4)], "the old gun's bytes unchanged");
    // Move the old gun (with its clip) under the chassis, last.
    let moved = dat.move_subtree(4, 0, None).unwrap();
    assert!(dat.is_valid_tree());
    assert_eq!(moved, 4);
    assert_eq!(dat.tree().children[0], [1, 2, 4]);
    assert_eq!(dat.tree().parent[5], Some(4));
    assert_eq!(dat.component(5).raw()[..], bytes[at(4)..at(5)], "the clip's bytes unchanged");
    // Remove the turret subtree (turret and the new gun).
    let gone = dat.remove_subtree(2).unwrap();
    assert_eq!(gone.len(), 2);
    assert!(dat.is_valid_tree());
    assert_eq!(dat.component(0).child_count(), 2);
    let re = UnitDat::parse(&dat.write(), Reading::Strict).unwrap().0;
    assert_eq!(re, dat);
    // Refused: the root, a move into its own subtree, a position past the children.
    assert!(dat.remove_subtree(0).is_err());
    assert!(dat.move_subtree(0, 1, None).is_err());
    assert!(dat.move_subtree(2, 3, None).is_err(), "3 is the clip under 2");
    assert!(dat.add_child(1, Some(1), Component::new("x", "y", PartClass::Ammo, 0).unwrap()).is_err());
    assert!(dat.is_valid_tree());
}

#[test]
fn field_setters_check_names() {
    let (mut dat, _) = UnitDat::parse(&robot(), Reading::Strict).unwrap();
    let c = dat.component_mut(1).unwrap();
    c.set_display_name("Броня").unwrap();
    assert_eq!(c.display_bytes(), b"\xC1\xF0\xEE\xED\xFF");
    let e = c.set_record(&"r".repeat(32)).unwrap_err();
    assert_eq!(e.offset, 32, "the record field");
    assert!(c.set_display_name("✓").is_err());
    c.set_class(3);
    c.set_attach(7);
    c.set_flags(1);
    assert_eq!((c.class(), c.attach()), (PartClass::Internal, 7));
    assert!(dat.component_mut(99).is_err());
    let out = dat.write();
    assert_eq!(out[..at(1)], robot()[..at(1)]);
    assert_eq!(out[at(2)..], robot()[at(2)..]);
}

#[test]
fn deep_nesting_does_not_recurse() {
    // 20,000 components each owning the next: a chain a recursive reader would overflow on.
    let n = 20_000;
    let mut f = Vec::new();
    f.extend(0xF0F1u32.to_le_bytes());
    f.extend(0x2000_0000u32.to_le_bytes());
    for i in 0..n {
        f.extend(comp(b"a", b"b", 3, 0, if i + 1 < n { 1 } else { 0 }));
    }
    let (dat, _) = UnitDat::parse(&f, Reading::Strict).unwrap();
    assert_eq!(dat.tree().parent[n - 1], Some(n - 2));
    assert_eq!(dat.subtree_end(0), n);
}

#[test]
fn an_error_keeps_its_id_and_reads_in_russian() {
    use crate::app::i18n::{Language, messages::text_in};
    let mut bytes = robot();
    bytes.truncate(bytes.len() - 12);
    let e = UnitDat::parse(&bytes, Reading::Strict).unwrap_err();
    assert_eq!(e.message, "partial component: 100 bytes where a component takes 112");
    let ru = text_in(Language::Russian, &e.message, e.key.as_deref());
    assert_eq!(ru, "неполный компонент: 100 байт, а компонент занимает 112");
    bytes.truncate(2);
    let e = UnitDat::parse(&bytes, Reading::Strict).unwrap_err();
    assert_eq!(text_in(Language::Russian, &e.message, e.key.as_deref()), "файл длиной 2 байта кончается внутри сигнатуры");
}
