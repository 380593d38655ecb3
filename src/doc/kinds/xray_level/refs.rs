//! The names an X-Ray level uses: each shader's engine shader and texture names (outside the
//! project).

use super::XrayLevelCodec;
use crate::doc::kinds::{ReadRefs, Refs, RefsInput};
use crate::doc::project::{At, Problem, Ref, RefKind};
use crate::formats::bytes::SharedBytes;
use crate::formats::xray_level::Level;

impl Refs for XrayLevelCodec {
    fn refs(&self, item: &RefsInput, problems: &mut Vec<Problem>) -> ReadRefs {
        ReadRefs { refs: level(item.address, item.bytes, problems), wear: None, words: Vec::new() }
    }
}

fn level(address: &str, bytes: &SharedBytes, problems: &mut Vec<Problem>) -> Vec<Ref> {
    let level = match Level::parse(bytes.clone()) {
        Ok((l, _)) => l,
        Err(e) => {
            problems.push(Problem::error(address, Some(e.offset), crate::msg!("xray-refs-no-parse", "level does not parse: {why}", why = e.message)));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (index, s) in level.shaders.iter().enumerate() {
        if !s.engine.is_empty() {
            out.push(Ref::new(RefKind::XrayShader, s.engine.as_bytes(), At::Shader { index }));
        }
        for t in &s.textures {
            out.push(Ref::new(RefKind::XrayTexture, t.as_bytes(), At::Shader { index }));
        }
    }
    out
}
