//! The RIFF chunk layer of a WAV file (docs/formats/wav.md#the-chunk-layer): every chunk kept
//! with its stored size field, body and pad byte, a truncated chunk read as far as it goes, bytes
//! past the last chunk kept as a tail, so that [`Riff::write`] of an untouched file gives back
//! its bytes.

use crate::formats::error::{Diagnostic, Error, Result};
use crate::formats::message::hex;
use crate::msg;

/// One chunk as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub id: [u8; 4],
    /// The size field as stored (may exceed `body.len()` when the file was cut short).
    pub size_field: u32,
    pub body: Vec<u8>,
    /// The pad byte after an odd-sized body, when the file has it.
    pub pad: Option<u8>,
    /// Offset of the chunk's header in the file (0 for chunks made by the writer).
    pub offset: usize,
}

impl Chunk {
    /// A chunk with its size computed from the body (the writer's chunks).
    pub fn new(id: [u8; 4], body: Vec<u8>) -> Self {
        let size_field = u32::try_from(body.len()).unwrap_or(u32::MAX);
        let pad = (body.len() % 2 == 1).then_some(0);
        Chunk { id, size_field, body, pad, offset: 0 }
    }

    /// The stored size disagrees with the bytes the body has.
    pub fn truncated(&self) -> bool {
        self.body.len() < self.size_field as usize
    }

    pub fn id_str(&self) -> String {
        self.id.iter().map(|&b| if b.is_ascii_graphic() || b == b' ' { b as char } else { '?' }).collect()
    }

    fn encoded_len(&self) -> usize {
        8 + self.body.len() + usize::from(self.pad.is_some())
    }
}

/// A RIFF/WAVE file as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Riff {
    /// The RIFF size field as stored.
    pub size_field: u32,
    /// The form type (`WAVE`).
    pub form: [u8; 4],
    pub chunks: Vec<Chunk>,
    /// Bytes after the last chunk: past the RIFF size, or too few for a chunk header.
    pub tail: Vec<u8>,
    /// What reading found (truncated chunks, a RIFF size that disagrees).
    pub diagnostics: Vec<Diagnostic>,
}

/// Bytes that start a RIFF/WAVE file.
pub fn is_wave(b: &[u8]) -> bool {
    b.len() >= 12 && &b[0..4] == b"RIFF" && &b[8..12] == b"WAVE"
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

impl Riff {
    /// Reads the chunk layer. Fails only when the bytes are not RIFF/WAVE; everything after the
    /// 12-byte header opens, with diagnostics for what disagrees.
    pub fn parse(b: &[u8]) -> Result<Riff> {
        if b.len() < 12 || &b[0..4] != b"RIFF" {
            return Err(Error::new(0, msg!("wav-not-riff", "not a RIFF file: expected `RIFF` at the start")));
        }
        if &b[8..12] != b"WAVE" {
            return Err(Error::new(8, msg!("wav-not-wave", "a RIFF file of another form: expected `WAVE`")));
        }
        let size_field = u32_at(b, 4).unwrap_or(0);
        let mut diagnostics = Vec::new();
        let expected = b.len() - 8;
        if size_field as usize != expected {
            diagnostics.push(Diagnostic::warning(
                4,
                msg!("wav-riff-size", "RIFF size says {size} bytes follow it, the file has {expected}", size = size_field, expected = expected),
            ));
        }
        // Chunks are read up to the RIFF size, or the file's end when the size overruns it.
        let end = (size_field as usize).saturating_add(8).clamp(12, b.len());
        let mut chunks = Vec::new();
        let mut at = 12usize;
        // A chunk may run past the RIFF size (into bytes the size leaves out): reading stops
        // after it, and what follows is the tail.
        while end.saturating_sub(at) >= 8 {
            let mut id = [0u8; 4];
            id.copy_from_slice(&b[at..at + 4]);
            let size = u32_at(b, at + 4).unwrap_or(0);
            let body_start = at + 8;
            let avail = b.len() - body_start;
            let take = (size as usize).min(avail);
            let body = b[body_start..body_start + take].to_vec();
            let mut next = body_start + take;
            let mut pad = None;
            if take < size as usize {
                let c = Chunk { id, size_field: size, body: Vec::new(), pad: None, offset: at };
                diagnostics.push(Diagnostic::warning(
                    at + 4,
                    msg!(
                        "wav-chunk-cut",
                        "chunk `{id}` at {at} says {size} bytes, the file has {take}: read as far as it goes",
                        id = c.id_str(),
                        at = hex(at),
                        size = size,
                        take = take
                    ),
                ));
            } else if size % 2 == 1 && next < b.len() && next < end {
                pad = Some(b[next]);
                next += 1;
            }
            chunks.push(Chunk { id, size_field: size, body, pad, offset: at });
            at = next;
        }
        let tail = b[at..].to_vec();
        Ok(Riff { size_field, form: *b"WAVE", chunks, tail, diagnostics })
    }

    /// A new file of these chunks, sizes computed.
    pub fn new(chunks: Vec<Chunk>) -> Riff {
        let len: usize = 4 + chunks.iter().map(Chunk::encoded_len).sum::<usize>();
        Riff { size_field: u32::try_from(len).unwrap_or(u32::MAX), form: *b"WAVE", chunks, tail: Vec::new(), diagnostics: Vec::new() }
    }

    /// The bytes as stored: size fields, pads and the tail as read.
    pub fn write(&self) -> Vec<u8> {
        let len = 12 + self.chunks.iter().map(Chunk::encoded_len).sum::<usize>() + self.tail.len();
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(b"RIFF");
        out.extend_from_slice(&self.size_field.to_le_bytes());
        out.extend_from_slice(&self.form);
        for c in &self.chunks {
            out.extend_from_slice(&c.id);
            out.extend_from_slice(&c.size_field.to_le_bytes());
            out.extend_from_slice(&c.body);
            if let Some(p) = c.pad {
                out.push(p);
            }
        }
        out.extend_from_slice(&self.tail);
        out
    }

    pub fn chunk(&self, id: &[u8; 4]) -> Option<&Chunk> {
        self.chunks.iter().find(|c| &c.id == id)
    }

    pub fn chunk_mut(&mut self, id: &[u8; 4]) -> Option<&mut Chunk> {
        self.chunks.iter_mut().find(|c| &c.id == id)
    }
}
