//! The names a material uses: its phases' textures, with phase, cell and offset. Read in
//! place (`Mat0Ref`): the index reads every material of a folder and changes none.

use super::Mat0Codec;
use crate::doc::kinds::{ReadRefs, Refs, RefsInput};
use crate::doc::project::{At, Problem, Ref, RefKind};
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::{Mat0Ref, PARAMS_LEN, PHASE_LEN, prefix_len};

impl Refs for Mat0Codec {
    fn refs(&self, item: &RefsInput, problems: &mut Vec<Problem>) -> ReadRefs {
        ReadRefs { refs: mat0(item.address, item.bytes, item.attrs[1], problems), wear: None, words: Vec::new() }
    }
}

fn mat0(address: &str, bytes: &SharedBytes, version: u32, problems: &mut Vec<Problem>) -> Vec<Ref> {
    let m = match Mat0Ref::parse(bytes, version) {
        Ok(m) => m,
        Err(e) => {
            problems.push(Problem::error(address, Some(e.offset), format!("MAT0 does not parse: {}", e.message)));
            return Vec::new();
        }
    };
    let first = 4 + prefix_len(version);
    m.phases()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.has_texture())
        .map(|(k, p)| {
            let offset = (first + k * PHASE_LEN + PARAMS_LEN) as u64;
            Ref::new(RefKind::Texture, p.texture_bytes(), At::Phase { phase: k, cell: p.cell(), offset })
        })
        .collect()
}

