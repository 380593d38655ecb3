//! World objects: `objects.rlb` (an NRes whose entries are reference records, and a record
//! payload on its own) and unit `.dat` trees under both readings. The round trips also edit: a
//! slot (only its 64 bytes may change), and the tree (it must stay a valid tree that re-parses
//! to the same unit).

use crate::formats::bytes::SharedBytes;
use crate::formats::objrec::{Kind, Objects, Record, SLOT_LEN};
use crate::formats::unit_dat::{Component, PartClass, Reading, UnitDat};

fn diags_within(data: &[u8], diags: &[crate::formats::Diagnostic]) {
    for d in diags {
        assert!(d.offset.is_none_or(|o| o as usize <= data.len()), "a diagnostic past the end: {d:?}");
    }
}

/// The whole archive when the bytes are one, and the bytes as one record payload either way.
pub fn objects_parse(data: &[u8]) {
    match Objects::parse(SharedBytes::from(data)) {
        Ok((o, diags)) => {
            diags_within(data, &diags);
            for (i, r) in o.records().iter().enumerate() {
                let _ = (o.key(i), o.kind(i).label());
                for s in &r.slots {
                    let _ = (s.archive(), s.member(), s.role());
                }
            }
            let _ = o.census();
        }
        Err(e) => super::error_within(data, &e),
    }
    match Record::parse(data, Kind::Stat) {
        Ok((r, diags)) => {
            diags_within(data, &diags);
            assert!(r.write() == data, "record round trip");
        }
        Err(e) => super::error_within(data, &e),
    }
}

pub fn objects_round_trip(data: &[u8]) {
    if let Ok((r, _)) = Record::parse(data, Kind::Btlu) {
        let out = r.write();
        assert!(out == data, "record round trip");
        assert_eq!(Record::parse(&out, Kind::Btlu).expect("written record re-parses").0, r);
    }
    let Ok((mut o, _)) = Objects::parse(SharedBytes::from(data)) else { return };
    assert!(o.write() == data, "objects.rlb round trip");
    let Some(i) = o.records().iter().position(|r| !r.slots.is_empty()) else { return };
    let slot = o.record(i).slots.len() - 1;
    // A payload sharing bytes with another row gets its own copy on an edit (NRes keeps the
    // other row's bytes), so only a sole payload is edited in place.
    let in_place = !o.archive.shared_entries().contains(&i);
    o.set_slot(i, slot, "static.rlb", "fuzz.msh").expect("a short name fits any slot");
    let out = o.write();
    if in_place {
        assert_eq!(out.len(), data.len(), "a slot edit keeps the file's size");
        let at = o.archive.entry(i).offset() as usize + slot * SLOT_LEN;
        assert!(out[..at] == data[..at] && out[at + SLOT_LEN..] == data[at + SLOT_LEN..], "only the slot's 64 bytes change");
    }
    let (re, _) = Objects::parse(SharedBytes::from(out)).expect("edited objects.rlb re-parses");
    assert_eq!(re.records(), o.records());
}

pub fn unit_dat_parse(data: &[u8]) {
    let strict = UnitDat::parse(data, Reading::Strict);
    let lenient = UnitDat::parse(data, Reading::Lenient);
    for r in [&strict, &lenient] {
        match r {
            Ok((dat, diags)) => {
                diags_within(data, diags);
                assert!(dat.write() == data, "unit round trip");
                let t = dat.tree();
                assert!(t.parent[0].is_none() && t.parent.len() == dat.len());
                for c in dat.components() {
                    let _ = (c.record(), c.display_name(), c.class().label());
                }
            }
            Err(e) => super::error_within(data, e),
        }
    }
    if let Ok((s, _)) = &strict {
        assert_eq!(&lenient.expect("whatever the strict reading reads, the lenient one reads").0, s);
    }
}

pub fn unit_dat_round_trip(data: &[u8]) {
    let Ok((mut dat, _)) = UnitDat::parse(data, Reading::Lenient) else { return };
    assert!(dat.write() == data, "unit round trip");
    let clip = Component::new("o_c001", "Обойма", PartClass::Ammo, 0).expect("valid names");
    let last = dat.len() - 1;
    dat.add_child(last, None, clip).expect("a leaf can take a child");
    if dat.len() > 2 {
        let _ = dat.move_subtree(dat.len() - 1, 0, Some(0));
        let _ = dat.remove_subtree(1);
    }
    assert!(dat.is_valid_tree());
    // What only the lenient reading accepts, cleared: the components after the root's
    // subtree, and high bits of the magic (tests/fuzz_findings/unit_dat/).
    dat.leftover.clear();
    dat.magic &= 0xFFFF;
    let (re, _) = UnitDat::parse(&dat.write(), Reading::Strict).expect("an edited unit re-parses under the strict reading");
    assert_eq!(re.components(), dat.components());
}

pub fn objects_seeds() -> Vec<Vec<u8>> {
    use crate::fixtures::objects as fx;
    let mut out = vec![fx::sample(), fx::objects_rlb(&fx::generate(&fx::SHIPPED.map(|(k, _)| (k, 3))))];
    out.extend(fx::payloads());
    super::within_cap(out)
}

pub fn unit_dat_seeds() -> Vec<Vec<u8>> {
    use crate::fixtures::unit_dat as fx;
    let mut out = vec![fx::building(), fx::robot(), fx::animal()];
    out.extend(fx::generate(12).into_iter().map(|(_, b)| b));
    super::within_cap(out)
}
