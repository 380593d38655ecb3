use super::*;
use crate::formats::Severity;

/// One 64-byte slot: the archive name NUL-padded to 32 bytes, then the member likewise.
fn slot(archive: &[u8], member: &[u8]) -> Vec<u8> {
    let mut s = vec![0u8; SLOT_LEN];
    s[..archive.len()].copy_from_slice(archive);
    s[NAME_FIELD..NAME_FIELD + member.len()].copy_from_slice(member);
    s
}

/// A shipped-like scenery record: five named slots then one all-zero slot (6 × 64 = 384 bytes).
fn stat_payload() -> Vec<u8> {
    let mut p = Vec::new();
    p.extend(slot(b"static.rlb", b"s_tree_0_06.msh")); // +0x000 mesh
    p.extend(slot(b"static.rlb", b"s_tree_0_06.wea")); // +0x040 materials
    p.extend(slot(b"static.rlb", b"s_tree_0_06.cpt")); // +0x080 control points
    p.extend(slot(b"static.rlb", b"s_tree_0_06.ndp")); // +0x0C0 damage table
    p.extend(slot(b"static.rlb", b"s_tree_a_06.ctl")); // +0x100 controller
    p.extend([0u8; SLOT_LEN]); //                         +0x140 empty slot
    p
}

#[test]
fn scenery_record_reads_roles_and_round_trips() {
    let bytes = stat_payload();
    let (rec, diags) = Record::parse(&bytes, Kind::Stat).unwrap();
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(rec.slots.len(), 6);
    let roles: Vec<Role> = rec.slots.iter().map(Slot::role).collect();
    assert_eq!(roles, [Role::Mesh, Role::Materials, Role::ControlPoints, Role::Damage, Role::Controller, Role::Empty]);
    assert_eq!(rec.slots[0].archive(), "static.rlb");
    assert_eq!(rec.slots[4].member(), "s_tree_a_06.ctl");
    assert_eq!(rec.find_role(Role::Damage), Some(3));
    assert_eq!(rec.write(), bytes);
}

#[test]
fn kinds_map_fourcc_and_keep_unknown_tags() {
    for k in Kind::KNOWN {
        assert_eq!(Kind::from_type_id(k.type_id()), k);
    }
    assert_eq!(Kind::from_type_id(u32::from_le_bytes(*b"BTLU")), Kind::Btlu);
    assert_eq!(Kind::Stat.label(), "STAT");
    let odd = Kind::from_type_id(12);
    assert_eq!(odd, Kind::Other(12));
    assert_eq!(odd.type_id(), 12);
    assert_eq!(odd.label(), "12");
    assert_eq!(Kind::Btlu.expected_slots(), &[5, 7]);
}

#[test]
fn size_not_whole_slots_fails_past_the_last_whole_slot() {
    let mut bytes = stat_payload();
    bytes.truncate(2 * SLOT_LEN + 10); // two whole slots, then 10 bytes of a third
    let e = Record::parse(&bytes, Kind::Stat).unwrap_err();
    assert_eq!(e.offset, 2 * SLOT_LEN as u64);
    let e = Record::parse(&[0u8; 5], Kind::Fort).unwrap_err();
    assert_eq!(e.offset, 0);
}

#[test]
fn name_without_nul_fails_at_its_field() {
    let mut bytes = stat_payload();
    // Slot 1's member field (+0x040 + 0x20) filled with 32 letters: no NUL.
    bytes[SLOT_LEN + NAME_FIELD..2 * SLOT_LEN].fill(b'x');
    let e = Record::parse(&bytes, Kind::Stat).unwrap_err();
    assert_eq!(e.offset, (SLOT_LEN + NAME_FIELD) as u64);
    // Slot 2's archive field (+0x080).
    let mut bytes = stat_payload();
    bytes[2 * SLOT_LEN..2 * SLOT_LEN + NAME_FIELD].fill(b'a');
    assert_eq!(Record::parse(&bytes, Kind::Stat).unwrap_err().offset, 2 * SLOT_LEN as u64);
}

#[test]
fn unexpected_slot_count_is_a_warning_not_an_error() {
    let bytes = stat_payload();
    let (_, diags) = Record::parse(&bytes[..5 * SLOT_LEN], Kind::Stat).unwrap();
    assert!(diags.iter().any(|d| d.severity == Severity::Warning && d.message.contains("5 slots")), "{diags:?}");
    // BTLU takes 5 or 7; 6 is off.
    let (_, diags) = Record::parse(&bytes, Kind::Btlu).unwrap();
    assert!(diags.iter().any(|d| d.message.contains("5 or 7")), "{diags:?}");
    let mut seven = bytes.clone();
    seven.extend(slot(b"behpsp.res", b"chas_r_l_01.var"));
    let (rec, diags) = Record::parse(&seven, Kind::Btlu).unwrap();
    assert!(diags.iter().all(|d| !d.message.contains("slots;")), "{diags:?}");
    assert_eq!(rec.slots[6].role(), Role::Profile);
    // An unknown tag reads too, with a note.
    let (_, diags) = Record::parse(&bytes, Kind::Other(0x1234)).unwrap();
    assert!(diags.iter().any(|d| d.severity == Severity::Info && d.message.contains("unknown record kind")));
}

#[test]
fn junk_after_nul_is_kept_and_reported_at_its_byte() {
    let mut bytes = stat_payload();
    let at = SLOT_LEN + 20; // slot 1's archive "static.rlb" ends at +10; junk at +20
    bytes[at] = 0xCD;
    let (rec, diags) = Record::parse(&bytes, Kind::Stat).unwrap();
    assert_eq!(rec.slots[1].archive(), "static.rlb");
    let d = diags.iter().find(|d| d.message.contains("after the archive")).unwrap();
    assert_eq!(d.offset, Some(at as u64));
    assert_eq!(rec.write(), bytes, "bytes after the NUL written back");
}

#[test]
fn empty_slot_before_a_filled_one_is_reported() {
    let mut bytes = stat_payload();
    bytes[2 * SLOT_LEN..3 * SLOT_LEN].fill(0); // empty slot 2, slots 3 and 4 still filled
    let (rec, diags) = Record::parse(&bytes, Kind::Stat).unwrap();
    assert_eq!(rec.slots[2].role(), Role::Empty);
    let d = diags.iter().find(|d| d.message.contains("slot 2 is empty")).unwrap();
    assert_eq!(d.offset, Some(2 * SLOT_LEN as u64));
    assert!(!diags.iter().any(|d| d.message.contains("slot 5 is empty")), "the trailing empty slot is normal");
}

#[test]
fn parent_slot_names_another_record() {
    let mut bytes = slot(b"OBJECTS.RLB", b"s_tree_base");
    bytes.extend(slot(b"static.rlb", b"x.BAS"));
    let (rec, _) = Record::parse(&bytes, Kind::Fort).unwrap();
    assert_eq!(rec.slots[0].role(), Role::Parent);
    assert_eq!(rec.slots[1].role(), Role::Footprint);
    assert_eq!(rec.parents().collect::<Vec<_>>(), [b"s_tree_base".as_slice()]);
}

#[test]
fn set_slot_changes_only_its_64_bytes() {
    let mut bytes = stat_payload();
    bytes[SLOT_LEN + 40] = 0x77; // junk in slot 1's member field, which the edit leaves alone
    let (mut rec, _) = Record::parse(&bytes, Kind::Stat).unwrap();
    rec.set_slot(3, "static.rlb", "другой.ndp").unwrap();
    let out = rec.write();
    assert_eq!(out.len(), bytes.len());
    for (i, (a, b)) in bytes.iter().zip(&out).enumerate() {
        if !(3 * SLOT_LEN..4 * SLOT_LEN).contains(&i) {
            assert_eq!(a, b, "byte {i} outside the edited slot changed");
        }
    }
    assert_eq!(rec.slots[3].member(), "другой.ndp");
    assert_eq!(rec.slots[3].member_bytes()[0], 0xE4, "CP1251 bytes stored");
    rec.clear_slot(3).unwrap();
    assert!(rec.slots[3].is_empty());
}

#[test]
fn set_slot_refuses_long_unencodable_and_missing_names() {
    let mut rec = Record::parse(&stat_payload(), Kind::Stat).unwrap().0;
    let before = rec.clone();
    assert!(rec.set_slot(0, "static.rlb", &"a".repeat(31)).is_ok());
    let e = rec.set_slot(0, "static.rlb", &"a".repeat(32)).unwrap_err();
    assert!(e.message.contains("at most 31"), "{e}");
    assert_eq!(e.offset, NAME_FIELD as u64, "the member field of slot 0");
    let e = rec.set_slot(1, "日本.rlb", "x.msh").unwrap_err();
    assert!(e.message.contains("Windows-1251"), "{e}");
    assert_eq!(e.offset, SLOT_LEN as u64, "slot 1's archive field");
    assert!(rec.set_slot(9, "a", "b").is_err());
    assert!(rec.set_slot(0, "a\0b", "c").is_err());
    assert_eq!(rec.slots[1..], before.slots[1..], "failed edits change nothing");
    assert_eq!(rec.push_slot("behpsp.res", "chas_x.var").unwrap(), 6);
}

#[test]
fn a_finding_keeps_its_id_and_reads_in_russian() {
    use crate::app::i18n::{Language, messages::text_in};
    let bytes = stat_payload();
    let (_, diags) = Record::parse(&bytes, Kind::Btlu).unwrap();
    let d = diags.iter().find(|d| d.message.contains("5 or 7")).expect("the slot count");
    assert_eq!(d.message, "BTLU record has 6 slots; shipped BTLU records have 5 or 7");
    assert_eq!(text_in(Language::Russian, &d.message, d.key.as_deref()), "в записи BTLU слотов: 6; в записях BTLU из игры их 5 или 7");
    let e = Record::parse(&bytes[..70], Kind::Stat).unwrap_err();
    assert_eq!(
        text_in(Language::Russian, &e.message, e.key.as_deref()),
        "запись длиной 70 байт — не целое число слотов по 64 байт: после слота 1 лишних байт — 6"
    );
}
