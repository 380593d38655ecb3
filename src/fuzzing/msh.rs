//! MSH: the parse target reads the NRes and decodes every known component (`Msh::parts`), the
//! component parser being most of the format. As in the round trip, an input whose first byte
//! is below 32 is one component (type id, 12 bytes of attrs, payload), which reaches the
//! component decoders without an archive around them.

use crate::formats::bytes::SharedBytes;
use crate::formats::msh::{ComponentEntry, Msh};

pub fn parse(data: &[u8]) {
    let msh = match data.first() {
        Some(&t) if t < 32 && data.len() >= 13 => {
            let word = |k: usize| u32::from_le_bytes([data[1 + 4 * k], data[2 + 4 * k], data[3 + 4 * k], data[4 + 4 * k]]);
            let c = ComponentEntry {
                entry: None,
                name: b"FUZZ".to_vec().into(),
                type_id: u32::from(t),
                attrs: [word(0), word(1), word(2)],
                bytes: SharedBytes::from(&data[13..]),
                offset: 0,
                edited: false,
            };
            Msh { components: vec![c], name: b"FUZZ".to_vec() }
        }
        _ => match Msh::parse(SharedBytes::from(data)) {
            Ok((_, msh, _)) => msh,
            Err(e) => return super::error_within(data, &e),
        },
    };
    let _ = msh.parts();
}

/// Every mesh the fixture writers make, and each of their components alone.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (_, b) in crate::fixtures::msh::all() {
        let (_, m, _) = Msh::parse(SharedBytes::from(b.as_slice())).expect("a fixture mesh parses");
        for c in &m.components {
            let mut input = vec![c.type_id as u8];
            for a in c.attrs {
                input.extend_from_slice(&a.to_le_bytes());
            }
            input.extend_from_slice(&c.bytes);
            out.push(input);
        }
        out.push(b);
    }
    super::within_cap(out)
}
