//! The X-Ray chunk framing shared by every level of the `level` file: the top-level chunks,
//! the VISUALS list, each visual's OGF chunks, FASTPATH's nested list and the SECTORS list.
//! A chunk is `u32 id; u32 size; payload`; bit 31 of the id marks an LZHUF-compressed payload,
//! which is kept as stored and never decoded here.

use crate::formats::bytes::{Reader, SharedBytes};
use crate::formats::{Error, Result};

/// Bit 31 of a chunk id: the payload is compressed.
pub const COMPRESSED: u32 = 0x8000_0000;

#[derive(Debug, Clone, PartialEq)]
pub struct RawChunk {
    /// As stored, bit 31 included.
    pub id: u32,
    /// Offset of the payload in the file.
    pub offset: u64,
    pub raw: SharedBytes,
}

impl RawChunk {
    /// The id with the compression bit masked off.
    pub fn kind(&self) -> u32 {
        self.id & !COMPRESSED
    }
    pub fn is_compressed(&self) -> bool {
        self.id & COMPRESSED != 0
    }
    /// Offset of the chunk's 8-byte header in the file.
    pub fn header_offset(&self) -> u64 {
        self.offset.saturating_sub(8)
    }
}

/// Splits `bytes` (which start at file offset `base`) into chunks. `what` names the list in
/// errors ("level", "visual 12"). Every byte must belong to a chunk.
pub fn parse_chunks(bytes: &SharedBytes, base: u64, what: &str) -> Result<Vec<RawChunk>> {
    let mut r = Reader::new(bytes);
    let mut out = Vec::new();
    while r.remaining() > 0 {
        let at = r.pos();
        if r.remaining() < 8 {
            let m = crate::msg!("xray-chunk-tail", "{n} bytes after the last chunk, too few for a chunk header", n = r.remaining());
            return Err(Error::new(base + at as u64, m.prefixed(&format!("{what}: "))));
        }
        let id = r.u32("chunk id")?;
        let size = r.u32("chunk size")? as usize;
        if size > r.remaining() {
            let m = crate::msg!("xray-chunk-declares", "chunk {id} declares {size} bytes but {left} are left", id = id & !COMPRESSED, size = size, left = r.remaining());
            return Err(Error::new(base + at as u64, m.prefixed(&format!("{what}: "))));
        }
        let start = r.pos();
        r.skip(size, "chunk payload")?;
        out.push(RawChunk { id, offset: base + start as u64, raw: bytes.slice(start..start + size) });
    }
    Ok(out)
}

/// The bytes of a chunk list: each chunk's id, size and payload.
pub fn write_chunks<'a>(chunks: impl IntoIterator<Item = (u32, &'a [u8])>) -> Vec<u8> {
    let mut out = Vec::new();
    for (id, payload) in chunks {
        push_chunk(&mut out, id, payload);
    }
    out
}

pub fn push_chunk(out: &mut Vec<u8>, id: u32, payload: &[u8]) {
    out.extend_from_slice(&id.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(payload);
}

/// The first uncompressed chunk of a kind.
pub fn find(chunks: &[RawChunk], kind: u32) -> Option<&RawChunk> {
    chunks.iter().find(|c| c.id == kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing_round_trips_and_names_the_bad_chunk() {
        let bytes = write_chunks([(1, &[1u8, 2][..]), (COMPRESSED | 5, &[9u8; 3][..])]);
        let c = parse_chunks(&SharedBytes::from(bytes.clone()), 100, "level").unwrap();
        assert_eq!((c[0].kind(), c[0].offset, c[1].kind(), c[1].is_compressed()), (1, 108, 5, true));
        assert_eq!(write_chunks(c.iter().map(|c| (c.id, c.raw.as_slice()))), bytes);
        let e = parse_chunks(&SharedBytes::from(&bytes[..bytes.len() - 1]), 100, "level").unwrap_err();
        assert_eq!(e.offset, 110);
        assert!(e.message.contains("chunk 5 declares 3 bytes but 2 are left"), "{e}");
        let e = parse_chunks(&SharedBytes::from(&bytes[..5]), 0, "visual 3").unwrap_err();
        assert!(e.message.starts_with("visual 3: 5 bytes"), "{e}");
    }
}
