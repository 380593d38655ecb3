//! A slot edit as the record's new bytes: the record read from the tab's bytes, the codec's
//! slot edit (`formats::objrec`), written back whole. A set or a clear keeps the payload's
//! size, so only that slot's 64 bytes differ; a push appends 64.

use crate::app::intent::ItemEdit;
use crate::doc::ItemPath;
use crate::formats::objrec::{Kind, Record};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlotEdit {
    Set { slot: usize, archive: String, member: String },
    Clear(usize),
    Push { archive: String, member: String },
}

/// The edit (one undo step) and the slot it touched, or why it is refused (a name with no
/// Windows-1251 byte or too long for its field, a slot past the end).
pub fn apply(path: &ItemPath, bytes: &[u8], kind: Kind, edit: &SlotEdit) -> Result<(ItemEdit, usize), String> {
    let (mut record, _) = Record::parse(bytes, kind).map_err(|e| e.to_string())?;
    let (slot, label) = match edit {
        SlotEdit::Set { slot, archive, member } => {
            record.set_slot(*slot, archive, member).map_err(|e| e.to_string())?;
            (*slot, crate::tr!("record-undo-set", i = slot.to_string(), name = format!("{archive}::{member}")))
        }
        SlotEdit::Clear(slot) => {
            record.clear_slot(*slot).map_err(|e| e.to_string())?;
            (*slot, crate::tr!("record-undo-clear", i = slot.to_string()))
        }
        SlotEdit::Push { archive, member } => {
            let i = record.push_slot(archive, member).map_err(|e| e.to_string())?;
            (i, crate::tr!("record-undo-add", i = i.to_string()))
        }
    };
    Ok((ItemEdit::bytes(path, record.write(), label), slot))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> Vec<u8> {
        let mut r = Record::default();
        r.push_slot("static.rlb", "s_a.msh").unwrap();
        r.push_slot("static.rlb", "s_a.wea").unwrap();
        r.write()
    }

    #[test]
    fn a_set_changes_only_its_slot_and_a_push_appends_one() {
        let b = two();
        let p = ItemPath::root(0);
        let (e, s) = apply(&p, &b, Kind::Stat, &SlotEdit::Set { slot: 1, archive: "static.rlb".into(), member: "s_b.wea".into() }).unwrap();
        assert_eq!(s, 1);
        let nb = e.bytes.unwrap();
        assert_eq!(nb.len(), b.len());
        assert_eq!(&nb[..64], &b[..64]);
        assert_ne!(&nb[64..], &b[64..]);
        let (e, s) = apply(&p, &b, Kind::Stat, &SlotEdit::Push { archive: "static.rlb".into(), member: "s_a.cpt".into() }).unwrap();
        assert_eq!((s, e.bytes.unwrap().len()), (2, 192));
        let (e, _) = apply(&p, &b, Kind::Stat, &SlotEdit::Clear(0)).unwrap();
        assert!(e.bytes.unwrap()[..64].iter().all(|&x| x == 0));
    }

    #[test]
    fn bad_names_and_slots_are_refused_with_a_reason() {
        let b = two();
        let p = ItemPath::root(0);
        let long = "x".repeat(40);
        assert!(apply(&p, &b, Kind::Stat, &SlotEdit::Set { slot: 0, archive: "static.rlb".into(), member: long }).unwrap_err().contains("31"));
        assert!(apply(&p, &b, Kind::Stat, &SlotEdit::Set { slot: 0, archive: "static.rlb".into(), member: "日本.msh".into() }).unwrap_err().contains("Windows-1251"));
        assert!(apply(&p, &b, Kind::Stat, &SlotEdit::Clear(5)).unwrap_err().contains("no slot 5"));
    }
}
