//! X-Ray `level.geom` (S.T.A.L.K.E.R.; docs/formats/xray-level-geom.md): a sequence of chunks
//! `{u32 id; u32 size; payload}`. Chunk 1 is the header (version, quality), 9 the vertex
//! buffers, 10 the index buffers, 11 the sliding-window items. Versions 13 and 14 are read;
//! others are refused, naming the version.
//!
//! The raw layer keeps every chunk's id and payload bytes; known, uncompressed chunks also get
//! a typed body. Writing emits each chunk's stored bytes unless its body was replaced through
//! a `set_*` method, so an untouched file is byte-identical and an edit re-encodes only its
//! chunk. Compressed chunks (bit 31 of the id) and unknown ones are kept raw and reported.

pub mod attributes;
pub mod buffers;
pub mod decl;
pub mod geometry;

pub use attributes::{VertexAttributes, decode_attributes, decode_for_display, decode_hemi};
pub use buffers::{IndexBuffer, IndexBuffers, SwiEntry, SwiItem, SwiItems, VertexBuffer, VertexBuffers};
pub use decl::{Declaration, VertexElement};

use crate::formats::bytes::{Reader, SharedBytes};
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

pub const CHUNK_HEADER: u32 = 1;
pub const CHUNK_VERTICES: u32 = 9;
pub const CHUNK_INDICES: u32 = 10;
pub const CHUNK_SWIS: u32 = 11;
/// Bit 31 of a chunk id: the payload is compressed.
pub const COMPRESSED: u32 = 0x8000_0000;
pub const SUPPORTED_VERSIONS: [u16; 2] = [13, 14];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub version: u16,
    /// 0 draft, 1 high, 2 custom.
    pub quality: u16,
}

impl Header {
    pub fn quality_name(&self) -> &'static str {
        match self.quality {
            0 => "draft",
            1 => "high",
            2 => "custom",
            _ => "unknown",
        }
    }
}

/// A chunk's decoded payload.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    /// The header; bytes past its 4 are kept.
    Header(Header, SharedBytes),
    Vertices(VertexBuffers),
    Indices(IndexBuffers),
    Swis(SwiItems),
    /// Compressed (bit 31), unknown, or a repeated chunk: bytes only.
    Raw,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    /// As stored, bit 31 included.
    pub id: u32,
    /// Offset of the payload in the file.
    pub offset: u64,
    pub raw: SharedBytes,
    pub body: Body,
    edited: bool,
}

impl Chunk {
    pub fn kind(&self) -> u32 {
        self.id & !COMPRESSED
    }
    pub fn is_compressed(&self) -> bool {
        self.id & COMPRESSED != 0
    }
    /// The bytes this chunk writes: its stored payload unless its body was replaced.
    pub fn payload(&self) -> std::borrow::Cow<'_, [u8]> {
        if !self.edited {
            return std::borrow::Cow::Borrowed(&self.raw);
        }
        std::borrow::Cow::Owned(match &self.body {
            Body::Header(h, extra) => [&h.version.to_le_bytes()[..], &h.quality.to_le_bytes(), extra].concat(),
            Body::Vertices(v) => v.encode(),
            Body::Indices(i) => i.encode(),
            Body::Swis(s) => s.encode(),
            Body::Raw => self.raw.to_vec(),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct LevelGeom {
    pub chunks: Vec<Chunk>,
}

fn rebase(diags: Vec<Diagnostic>, base: u64, out: &mut Vec<Diagnostic>) {
    out.extend(diags.into_iter().map(|mut d| {
        d.offset = d.offset.map(|o| o.saturating_add(base));
        d
    }));
}

impl LevelGeom {
    /// A new file with a header chunk only.
    pub fn new(version: u16, quality: u16) -> LevelGeom {
        let mut g = LevelGeom { chunks: Vec::new() };
        g.set_body(CHUNK_HEADER, Body::Header(Header { version, quality }, SharedBytes::empty()));
        g
    }

    pub fn parse(bytes: SharedBytes) -> Result<(LevelGeom, Vec<Diagnostic>)> {
        let mut r = Reader::new(&bytes);
        let mut chunks: Vec<Chunk> = Vec::new();
        let mut diags = Vec::new();
        while r.remaining() > 0 {
            let at = r.pos();
            let id = r.u32("chunk id")?;
            let size = r.u32("chunk size")? as usize;
            r.need(size, "chunk payload").map_err(|e| {
                Error::new(at, msg!("xray-geom-chunk-declares", "chunk {id} declares {size} bytes: {why}", id = id & !COMPRESSED, size = size, why = e.message))
            })?;
            let start = r.pos();
            r.skip(size, "chunk payload")?;
            let chunk = Chunk { id, offset: start as u64, raw: bytes.slice(start..start + size), body: Body::Raw, edited: false };
            let kind = chunk.kind();
            let known = matches!(kind, CHUNK_HEADER | CHUNK_VERTICES | CHUNK_INDICES | CHUNK_SWIS);
            if chunk.is_compressed() {
                diags.push(Diagnostic::warning(at, msg!("xray-geom-chunk-compressed", "chunk {kind} is compressed (bit 31): kept as stored, not decoded", kind = kind)));
            } else if !known {
                diags.push(Diagnostic::info(at, msg!("xray-geom-chunk-unknown", "unknown chunk {kind} ({size} bytes): kept as stored", kind = kind, size = size)));
            } else if chunks.iter().any(|c| c.id == id) {
                diags.push(Diagnostic::warning(at, msg!("xray-geom-chunk-second", "a second chunk {kind}: the first is used, this one is kept as stored", kind = kind)));
            }
            chunks.push(chunk);
        }
        let header_at = chunks
            .iter()
            .position(|c| c.kind() == CHUNK_HEADER)
            .ok_or_else(|| Error::new(0, msg!("xray-geom-no-header", "no header chunk (id 1): not a level.geom, or its version is unknown")))?;
        let h = &chunks[header_at];
        if h.is_compressed() {
            return Err(Error::new(h.offset.saturating_sub(8), msg!("xray-geom-header-compressed", "the header chunk is compressed: the version cannot be read")));
        }
        let mut hr = Reader::new(&h.raw);
        let version = hr.u16("version").map_err(|e| e.at_base(h.offset, "header"))?;
        let quality = hr.u16("quality").map_err(|e| e.at_base(h.offset, "header"))?;
        if !SUPPORTED_VERSIONS.contains(&version) {
            let m = if version == 12 {
                msg!(
                    "xray-geom-version-12",
                    "level.geom version {version} is not supported; versions 13 and 14 are (version 12 swaps the vertex and index chunks)",
                    version = version
                )
            } else {
                msg!("xray-geom-version", "level.geom version {version} is not supported; versions 13 and 14 are", version = version)
            };
            return Err(Error::new(h.offset, m));
        }
        if h.raw.len() > 4 {
            diags.push(Diagnostic::warning(h.offset + 4, msg!("xray-geom-header-extra", "header chunk: {extra} bytes after version and quality, kept", extra = h.raw.len() - 4)));
        }
        let extra = h.raw.slice(4..h.raw.len());
        chunks[header_at].body = Body::Header(Header { version, quality }, extra);
        for k in 0..chunks.len() {
            let c = &chunks[k];
            let first = chunks.iter().position(|o| o.id == c.id) == Some(k);
            if c.is_compressed() || !first {
                continue;
            }
            let mut local = Vec::new();
            let ctx = format!("chunk {}", c.kind());
            let body = match c.kind() {
                CHUNK_VERTICES => Body::Vertices(VertexBuffers::parse(&c.raw, &mut local).map_err(|e| e.at_base(c.offset, ctx))?),
                CHUNK_INDICES => Body::Indices(IndexBuffers::parse(&c.raw, &mut local).map_err(|e| e.at_base(c.offset, ctx))?),
                CHUNK_SWIS => Body::Swis(SwiItems::parse(&c.raw, &mut local).map_err(|e| e.at_base(c.offset, ctx))?),
                _ => continue,
            };
            rebase(local, c.offset, &mut diags);
            chunks[k].body = body;
        }
        Ok((LevelGeom { chunks }, diags))
    }

    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.chunks.iter().map(|c| 8 + c.raw.len()).sum());
        for c in &self.chunks {
            let p = c.payload();
            out.extend_from_slice(&c.id.to_le_bytes());
            out.extend_from_slice(&(p.len() as u32).to_le_bytes());
            out.extend_from_slice(&p);
        }
        out
    }

    fn first(&self, kind: u32) -> Option<&Chunk> {
        self.chunks.iter().find(|c| c.id == kind)
    }
    pub fn header(&self) -> Header {
        match self.first(CHUNK_HEADER).map(|c| &c.body) {
            Some(Body::Header(h, _)) => *h,
            _ => Header { version: 0, quality: 0 },
        }
    }
    pub fn version(&self) -> u16 {
        self.header().version
    }
    /// The vertex buffers (empty when chunk 9 is absent or compressed).
    pub fn vertex_buffers(&self) -> &[VertexBuffer] {
        match self.first(CHUNK_VERTICES).map(|c| &c.body) {
            Some(Body::Vertices(v)) => &v.buffers,
            _ => &[],
        }
    }
    pub fn index_buffers(&self) -> &[IndexBuffer] {
        match self.first(CHUNK_INDICES).map(|c| &c.body) {
            Some(Body::Indices(v)) => &v.buffers,
            _ => &[],
        }
    }
    pub fn swis(&self) -> &[SwiItem] {
        match self.first(CHUNK_SWIS).map(|c| &c.body) {
            Some(Body::Swis(v)) => &v.items,
            _ => &[],
        }
    }
    /// Chunks kept raw because they are compressed.
    pub fn compressed_chunks(&self) -> impl Iterator<Item = &Chunk> {
        self.chunks.iter().filter(|c| c.is_compressed())
    }

    /// Replaces (or appends) the first uncompressed chunk of an id with a new body; only that
    /// chunk is re-encoded on write.
    fn set_body(&mut self, id: u32, body: Body) {
        let chunk = Chunk { id, offset: 0, raw: SharedBytes::empty(), body, edited: true };
        match self.chunks.iter_mut().find(|c| c.id == id) {
            Some(c) => {
                c.body = chunk.body;
                c.edited = true;
            }
            None => self.chunks.push(chunk),
        }
    }
    pub fn set_header(&mut self, h: Header) -> Result<()> {
        if !SUPPORTED_VERSIONS.contains(&h.version) {
            return Err(Error::new(0, msg!("xray-geom-version", "level.geom version {version} is not supported; versions 13 and 14 are", version = h.version)));
        }
        let extra = match self.first(CHUNK_HEADER).map(|c| &c.body) {
            Some(Body::Header(_, e)) => e.clone(),
            _ => SharedBytes::empty(),
        };
        self.set_body(CHUNK_HEADER, Body::Header(h, extra));
        Ok(())
    }
    pub fn set_vertex_buffers(&mut self, buffers: Vec<VertexBuffer>) {
        self.set_body(CHUNK_VERTICES, Body::Vertices(VertexBuffers { buffers, trailing: SharedBytes::empty() }));
    }
    pub fn set_index_buffers(&mut self, buffers: Vec<IndexBuffer>) {
        self.set_body(CHUNK_INDICES, Body::Indices(IndexBuffers { buffers, trailing: SharedBytes::empty() }));
    }
    pub fn set_swis(&mut self, items: Vec<SwiItem>) {
        self.set_body(CHUNK_SWIS, Body::Swis(SwiItems { items, trailing: SharedBytes::empty() }));
    }
    /// Appends a chunk kept as bytes (an unknown id, or a compressed one with bit 31 set).
    pub fn push_raw(&mut self, id: u32, bytes: impl Into<SharedBytes>) {
        self.chunks.push(Chunk { id, offset: 0, raw: bytes.into(), body: Body::Raw, edited: false });
    }
}

#[cfg(test)]
mod tests;
