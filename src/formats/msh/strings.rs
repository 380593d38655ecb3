//! Component 9 (node names, 32 bytes each, NUL-padded, bytes after the NUL kept) and component
//! 10 (node strings: `{u32 len; len bytes; NUL}` repeated, one per node).

use super::component::{Component, count32, record_component};
use crate::formats::bytes::Reader;
use crate::formats::{Error, Result, cp1251};

record_component!(
    /// Component 9: one 32-byte name field per node.
    NodeNames, 9, "node names", [u8; 32]
);

impl NodeNames {
    /// Name `i`: the bytes before the first NUL, CP1251-decoded.
    pub fn name(&self, i: usize) -> Option<String> {
        let f = self.0.get(i)?;
        Some(cp1251::decode(&f[..f.iter().position(|&b| b == 0).unwrap_or(f.len())]))
    }
    /// A name field from text: NUL-padded; `None` when it does not fit in 31 bytes.
    pub fn field(name: &[u8]) -> Option<[u8; 32]> {
        let mut f = [0u8; 32];
        f.get_mut(..name.len()).filter(|_| name.len() < 32)?.copy_from_slice(name);
        Some(f)
    }
}

/// One string of component 10.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodeString {
    pub text: Vec<u8>,
    /// The byte after the text. For a non-empty string the engine skips `len + 1` bytes, so the
    /// byte is always there (normally 0, kept whatever it is). For an empty string readers
    /// disagree whether a NUL follows; `None` = no byte, as the engine reads it.
    pub terminator: Option<u8>,
}

impl NodeString {
    pub fn new(text: &[u8]) -> NodeString {
        NodeString { text: text.to_vec(), terminator: (!text.is_empty()).then_some(0) }
    }
    pub fn text(&self) -> String {
        cp1251::decode(&self.text)
    }
}

/// Component 10.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodeStrings(pub Vec<NodeString>);

/// How an empty string ends: with no byte (what the engine reads) or with a NUL (one writer).
#[derive(Clone, Copy, PartialEq)]
enum EmptyEnds {
    Bare,
    Nul,
}

fn parse_strings(bytes: &[u8], empty: EmptyEnds) -> Result<Vec<NodeString>> {
    let mut r = Reader::new(bytes);
    let mut out = Vec::new();
    while r.remaining() > 0 {
        let start = r.pos();
        let len = r.u32("string length")? as usize;
        if len == 0 {
            let nul = empty == EmptyEnds::Nul && r.rest().first() == Some(&0);
            if nul {
                r.skip(1, "terminator")?;
            }
            out.push(NodeString { text: Vec::new(), terminator: nul.then_some(0) });
            continue;
        }
        let text = r.bytes(len, "string text").map_err(|e| {
            Error::new(start, crate::msg!("msh-string-declares", "string {k} declares {len} bytes: {why}", k = out.len(), len = len, why = e.message))
        })?;
        let terminator = r.u8("string terminator")?;
        out.push(NodeString { text: text.to_vec(), terminator: Some(terminator) });
    }
    Ok(out)
}

impl Component for NodeStrings {
    const TYPE_ID: u32 = 10;
    const LABEL: &'static str = "node strings";
    /// Empty strings are read without a NUL unless only the other convention makes the
    /// payload parse to its end (or gives the count in `attr1` where both do).
    fn decode(bytes: &[u8], attrs: [u32; 3]) -> Result<Self> {
        let bare = parse_strings(bytes, EmptyEnds::Bare);
        let fits = |r: &Result<Vec<NodeString>>| r.as_ref().is_ok_and(|v| count32(v.len()) == attrs[0]);
        if !fits(&bare) {
            let nul = parse_strings(bytes, EmptyEnds::Nul);
            if fits(&nul) || (bare.is_err() && nul.is_ok()) {
                return nul.map(NodeStrings);
            }
        }
        bare.map(NodeStrings)
    }
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for s in &self.0 {
            out.extend_from_slice(&count32(s.text.len()).to_le_bytes());
            out.extend_from_slice(&s.text);
            out.extend(s.terminator);
        }
        out
    }
    fn derived_attrs(&self) -> [Option<u32>; 3] {
        [Some(count32(self.0.len())), None, None]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_bytes_after_nul() {
        let mut f = *b"HEAD\0garbage\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0";
        f[31] = 0xC0; // CP1251 'А' after the NUL
        let n = NodeNames::decode(&f, [1, 0, 32]).unwrap();
        assert_eq!(n.name(0).as_deref(), Some("HEAD"));
        assert_eq!(n.encode(), f);
        assert_eq!(NodeNames::field(b"ARM_L").unwrap()[..6], *b"ARM_L\0");
        assert!(NodeNames::field(&[b'x'; 32]).is_none());
    }

    #[test]
    fn strings_with_bare_empty_entries() {
        let b = [
            4, 0, 0, 0, b'b', b'o', b'd', b'y', 0, // "body" + NUL
            0, 0, 0, 0, // empty, no NUL
            7, 0, 0, 0, b'c', b'e', b'n', b't', b'r', b'a', b'l', 0, // "central" + NUL
        ];
        let s = NodeStrings::decode(&b, [3, 0, 0]).unwrap();
        assert_eq!(s.0.len(), 3);
        assert_eq!(s.0[0].text(), "body");
        assert_eq!(s.0[1], NodeString { text: vec![], terminator: None });
        assert_eq!(s.0[2].text(), "central");
        assert_eq!(s.encode(), b);
    }

    #[test]
    fn strings_with_nul_after_empty_entries() {
        // Two empty strings each followed by a NUL: only the NUL convention parses to the end
        // (the bare one reads "0, 0, 0, 0 | 0, 0, 0, 0 | 0, 0": a truncated length).
        let b = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        let s = NodeStrings::decode(&b, [2, 0, 0]).unwrap();
        assert_eq!(s.0, vec![NodeString { text: vec![], terminator: Some(0) }; 2]);
        assert_eq!(s.encode(), b);
        // Eight zero bytes are two bare empty strings; the NUL convention would leave a
        // partial length after the first.
        let s = NodeStrings::decode(&[0; 8], [2, 0, 0]).unwrap();
        assert_eq!(s.0.len(), 2);
    }

    #[test]
    fn malformed_strings() {
        let e = NodeStrings::decode(&[9, 0, 0, 0, b'a'], [1, 0, 0]).unwrap_err();
        assert_eq!(e.offset, 0);
        assert!(e.message.contains("declares 9 bytes"), "{e}");
        let e = NodeStrings::decode(&[1, 0, 0, 0, b'a'], [1, 0, 0]).unwrap_err();
        assert_eq!(e.offset, 5);
        let e = NodeStrings::decode(&[1, 0], [1, 0, 0]).unwrap_err();
        assert_eq!(e.offset, 0);
        // A huge declared length fails without allocating.
        assert!(NodeStrings::decode(&[0xFF, 0xFF, 0xFF, 0xFF, 1], [1, 0, 0]).is_err());
    }
}
