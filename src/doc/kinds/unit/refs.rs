//! The names a unit tree uses: each component's record in `objects.rlb` (its archive field),
//! with the component's parent and, for a turret or a gun, the node of the parent's mesh it
//! sits on (docs/formats/unit-dat.md), for the project's socket check.

use super::UnitCodec;
use crate::doc::kinds::{ReadRefs, Refs, RefsInput};
use crate::doc::project::{At, Problem, Ref, RefKind};
use crate::formats::unit_dat::{COMPONENT_LEN, HEADER_LEN, PartClass, UnitDat};

impl Refs for UnitCodec {
    fn refs(&self, item: &RefsInput, problems: &mut Vec<Problem>) -> ReadRefs {
        let unit = match UnitDat::parse(item.bytes, item.readings.unit_dat) {
            Ok((u, _)) => u,
            Err(e) => {
                problems.push(Problem::error(item.address, Some(e.offset), e.text().prefixed("unit tree does not parse: ")));
                return ReadRefs::default();
            }
        };
        let words = unit
            .components()
            .iter()
            .enumerate()
            .map(|(i, c)| (c.display_name().into_owned(), At::Component { index: i, offset: (HEADER_LEN + i * COMPONENT_LEN) as u64, parent: None, socket: None }))
            .collect();
        ReadRefs { refs: component_refs(&unit), wear: None, words }
    }
}

/// One ref per component, named `ARCHIVE::RECORD`.
pub fn component_refs(unit: &UnitDat) -> Vec<Ref> {
    let tree = unit.tree();
    unit.components()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut name = c.archive_bytes().to_vec();
            name.extend_from_slice(b"::");
            name.extend_from_slice(c.record_bytes());
            let parent = tree.parent.get(i).copied().flatten();
            let on_node = matches!(c.class(), PartClass::Turret | PartClass::Gun);
            let socket = (on_node && parent.is_some()).then(|| u32::try_from(c.attach()).ok()).flatten();
            let offset = (HEADER_LEN + i * COMPONENT_LEN) as u64;
            Ref::new(RefKind::Component, &name, At::Component { index: i, offset, parent, socket })
        })
        .collect()
}
