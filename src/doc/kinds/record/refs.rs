//! The names a record uses: each non-empty slot, a member of an archive the project finds by
//! file name (docs/formats/objects.md; a parent slot names another record of `objects.rlb`).

use super::RecordCodec;
use crate::doc::kinds::{ReadRefs, Refs, RefsInput};
use crate::doc::project::{At, Problem, Ref, RefKind};
use crate::formats::objrec::{Kind, Record, SLOT_LEN};

impl Refs for RecordCodec {
    fn refs(&self, item: &RefsInput, problems: &mut Vec<Problem>) -> ReadRefs {
        // The kind only shapes diagnostics, which `check` reports; the slots read the same.
        let record = match Record::parse(item.bytes, Kind::Other(0)) {
            Ok((r, _)) => r,
            Err(e) => {
                problems.push(Problem::error(item.address, Some(e.offset), e.text().prefixed("record does not parse: ")));
                return ReadRefs::default();
            }
        };
        ReadRefs { refs: slot_refs(&record), wear: None, words: Vec::new() }
    }
}

/// One ref per non-empty slot, named `ARCHIVE::MEMBER`.
pub fn slot_refs(record: &Record) -> Vec<Ref> {
    record
        .slots
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.is_empty())
        .map(|(i, s)| {
            let mut name = s.archive_bytes().to_vec();
            name.extend_from_slice(b"::");
            name.extend_from_slice(s.member_bytes());
            Ref::new(RefKind::Slot, &name, At::Slot { slot: i, offset: (i * SLOT_LEN) as u64 })
        })
        .collect()
}
