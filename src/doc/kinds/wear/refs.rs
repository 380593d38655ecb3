//! The names a WEAR table uses: its material and lightmap rows, with row, line and offset. The
//! table as read is kept by the index for the meshes beside it.

use super::WearCodec;
use crate::doc::kinds::{ReadRefs, Refs, RefsInput};
use crate::doc::project::{At, Problem, Ref, RefKind};
use crate::formats::wear::{Section, Wear};
use std::sync::Arc;

impl Refs for WearCodec {
    fn refs(&self, item: &RefsInput, _problems: &mut Vec<Problem>) -> ReadRefs {
        let w = Wear::parse(item.bytes);
        ReadRefs { refs: wear(&w), wear: Some(Arc::new(w)), words: Vec::new() }
    }
}

fn wear(w: &Wear) -> Vec<Ref> {
    let mut out = Vec::new();
    for (section, lightmaps) in [(Section::Materials, false), (Section::Lightmaps, true)] {
        let kind = if lightmaps { RefKind::Lightmap } else { RefKind::Material };
        for (row, r) in w.rows(section).iter().enumerate() {
            out.push(Ref::new(kind, w.name_bytes(r), At::Row { lightmaps, row, line: r.line, offset: r.name_span.start as u64 }));
        }
    }
    out
}

