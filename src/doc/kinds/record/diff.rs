//! Object records slot by slot: a slot's archive or member changed, slots added or removed,
//! bytes after a name's NUL changed, and the record's kind (its NRes type id).

use super::{RecordCodec, record_kind};
use crate::doc::diff::{Change, Detail, Options, Side, damage};
use crate::doc::kinds::Diff;
use crate::formats::objrec::{Kind, Record, Slot};

fn kind_of(side: &Side) -> Kind {
    record_kind(side.type_id).unwrap_or(Kind::Other(side.type_id.unwrap_or(0)))
}

fn shown(s: &Slot) -> String {
    if s.is_empty() { "(empty)".to_string() } else { format!("{}::{}", s.archive(), s.member()) }
}

impl Diff for RecordCodec {
    fn diff(&self, a: &Side, b: &Side, _opts: &Options, change: &mut Change) {
        let (ka, kb) = (kind_of(a), kind_of(b));
        let (ra, rb) = match (Record::parse(&a.bytes, ka), Record::parse(&b.bytes, kb)) {
            (Ok((x, _)), Ok((y, _))) => (x, y),
            (x, y) => {
                change.damaged = damage(x.err().map(|e| e.to_string()), y.err().map(|e| e.to_string()));
                return;
            }
        };
        let out = &mut change.details;
        if ka != kb {
            out.push(Detail::values("kind", ka.label(), kb.label()));
        }
        for i in 0..ra.slots.len().max(rb.slots.len()) {
            match (ra.slots.get(i), rb.slots.get(i)) {
                (Some(x), Some(y)) if x != y => {
                    let mut named = false;
                    if x.archive_bytes() != y.archive_bytes() {
                        out.push(Detail::values(format!("slot {i} archive"), x.archive(), y.archive()));
                        named = true;
                    }
                    if x.member_bytes() != y.member_bytes() {
                        out.push(Detail::values(format!("slot {i} member"), x.member(), y.member()));
                        named = true;
                    }
                    if !named {
                        out.push(Detail::note(format!("slot {i}"), "bytes after a name's NUL changed"));
                    }
                }
                (Some(x), None) => out.push(Detail::removed(format!("slot {i}"), shown(x))),
                (None, Some(y)) => out.push(Detail::added(format!("slot {i}"), shown(y))),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::diff::Kind as ChangeKind;
    use crate::doc::kinds::{FormatKind, ItemKind};

    fn side(r: &Record, kind: Kind) -> Side {
        Side { name: "s_tree01".into(), bytes: r.write().into(), type_id: Some(kind.type_id()), attrs: [0; 3] }
    }

    #[test]
    fn slots_are_compared_one_by_one() {
        let mut a = Record::default();
        a.push_slot("static.rlb", "s_tree01.msh").unwrap();
        a.push_slot("static.rlb", "s_tree01.wea").unwrap();
        let mut b = a.clone();
        b.set_slot(0, "fortif.rlb", "s_tree02.msh").unwrap();
        b.push_slot("static.rlb", "s_tree01.ndp").unwrap();
        let mut junk = *b.slots[1].raw();
        junk[60] = 7;
        b.slots[1] = Slot::from_raw(junk);
        let mut c = Change::new("objects.rlb::s_tree01", ChangeKind::Changed, ItemKind::Format(FormatKind::Record));
        RecordCodec.diff(&side(&a, Kind::Stat), &side(&b, Kind::Fort), &Options::default(), &mut c);
        let d: Vec<String> = c.details.iter().map(|d| d.line()).collect();
        assert_eq!(d.len(), 5, "{d:?}");
        assert!(d[0].contains("kind") && d[0].contains("STAT") && d[0].contains("FORT"), "{d:?}");
        assert!(d[1].contains("slot 0 archive") && d[1].contains("fortif.rlb"), "{d:?}");
        assert!(d[2].contains("slot 0 member") && d[2].contains("s_tree02.msh"), "{d:?}");
        assert!(d[3].contains("slot 1") && d[3].contains("NUL"), "{d:?}");
        assert!(d[4].contains("slot 2") && d[4].contains("s_tree01.ndp"), "{d:?}");
        // A side that does not parse is damaged, not a panic.
        let mut c = Change::new("x", ChangeKind::Changed, ItemKind::Format(FormatKind::Record));
        let bad = Side { bytes: vec![1u8; 70].into(), ..side(&a, Kind::Stat) };
        RecordCodec.diff(&side(&a, Kind::Stat), &bad, &Options::default(), &mut c);
        assert!(c.damaged.is_some_and(|d| d.contains("b:")));
    }
}
