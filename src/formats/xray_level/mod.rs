//! The X-Ray `level` file (xrLC versions 13 and 14; docs/formats/xray-level.md): the chunk list
//! that turns level.geom's buffers into draw calls. Raw layer: every top-level chunk as stored (ids
//! with bit 31, the compression mark, kept; compressed payloads are never decoded), so an untouched
//! file writes back byte-identically. Interpreted layer, read from those chunks: the header,
//! the shader table, the OGF v4 visuals, portals, dynamic lights (counted), glows and sectors.
//! Errors and diagnostics carry file offsets and name the chunk and the visual.

pub mod chunks;
pub mod draw;
pub mod places;
pub mod visual;

pub use chunks::{COMPRESSED, RawChunk, parse_chunks, write_chunks};
pub use places::{Glow, Portal, Sector, Shader};
pub use visual::{Children, FastPath, GContainer, LodDef, OgfHeader, TreeDef, Visual, VisualWriter};

use crate::formats::bytes::SharedBytes;
use crate::formats::xray_geom::Header;
use crate::formats::xray_geom::SUPPORTED_VERSIONS;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

pub const CHUNK_HEADER: u32 = 1;
pub const CHUNK_SHADERS: u32 = 2;
pub const CHUNK_VISUALS: u32 = 3;
pub const CHUNK_PORTALS: u32 = 4;
pub const CHUNK_LIGHT_DYNAMIC: u32 = 6;
pub const CHUNK_GLOWS: u32 = 7;
pub const CHUNK_SECTORS: u32 = 8;

pub fn chunk_name(kind: u32) -> &'static str {
    match kind {
        CHUNK_HEADER => "HEADER",
        CHUNK_SHADERS => "SHADERS",
        CHUNK_VISUALS => "VISUALS",
        CHUNK_PORTALS => "PORTALS",
        CHUNK_LIGHT_DYNAMIC => "LIGHT_DYNAMIC",
        CHUNK_GLOWS => "GLOWS",
        CHUNK_SECTORS => "SECTORS",
        9 => "VB",
        10 => "IB",
        11 => "SWIS",
        _ => "unknown",
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// Every top-level chunk as stored, in file order: what `write` emits.
    pub chunks: Vec<RawChunk>,
    pub header: Header,
    pub shaders: Vec<Shader>,
    /// `visuals[i].index == i`: sub-chunks 0, 1, 2... of VISUALS up to the first missing id.
    pub visuals: Vec<Visual>,
    pub portals: Vec<Portal>,
    /// LIGHT_DYNAMIC records (108 bytes each; not decoded).
    pub light_count: usize,
    pub glows: Vec<Glow>,
    pub sectors: Vec<Sector>,
}

impl Level {
    /// Whether the bytes look like a `level`: a first chunk HEADER of version 13 or 14 and a
    /// SHADERS or VISUALS chunk (level.geom has the header but neither).
    pub fn sniff(bytes: &[u8]) -> bool {
        if bytes.len() < 12 || bytes[..8] != [1, 0, 0, 0, 4, 0, 0, 0] || !SUPPORTED_VERSIONS.contains(&u16::from_le_bytes([bytes[8], bytes[9]])) {
            return false;
        }
        let mut at = 0usize;
        while let Some(h) = bytes.get(at..at + 8) {
            let id = u32::from_le_bytes([h[0], h[1], h[2], h[3]]) & !COMPRESSED;
            if matches!(id, CHUNK_SHADERS | CHUNK_VISUALS) {
                return true;
            }
            let size = u32::from_le_bytes([h[4], h[5], h[6], h[7]]) as usize;
            match at.checked_add(8).and_then(|a| a.checked_add(size)) {
                Some(next) if next <= bytes.len() => at = next,
                _ => return false,
            }
        }
        false
    }

    pub fn parse(bytes: SharedBytes) -> Result<(Level, Vec<Diagnostic>)> {
        let chunks = parse_chunks(&bytes, 0, "level")?;
        let mut diags = Vec::new();
        for (k, c) in chunks.iter().enumerate() {
            let name = chunk_name(c.kind());
            if c.is_compressed() {
                diags.push(Diagnostic::warning(c.header_offset(), msg!("xray-level-chunk-compressed", "chunk {kind} ({name}) is compressed (bit 31): kept as stored, not decoded", kind = c.kind(), name = name)));
            } else if chunks[..k].iter().any(|o| o.id == c.id) {
                diags.push(Diagnostic::warning(c.header_offset(), msg!("xray-level-chunk-second", "a second chunk {kind} ({name}): the first is used, this one is kept as stored", kind = c.kind(), name = name)));
            } else if name == "unknown" || matches!(c.kind(), 9..=11) {
                diags.push(Diagnostic::info(
                    c.header_offset(),
                    msg!(
                        "xray-level-chunk-not-read",
                        "chunk {kind} ({name}, {len} bytes) is not read in a level file: kept as stored",
                        kind = c.kind(),
                        name = name,
                        len = c.raw.len()
                    ),
                ));
            }
        }
        let h = chunks
            .iter()
            .find(|c| c.kind() == CHUNK_HEADER)
            .ok_or_else(|| Error::new(0, msg!("xray-level-no-header", "no HEADER chunk (id 1): not an X-Ray level")))?;
        if h.is_compressed() {
            return Err(Error::new(h.header_offset(), msg!("xray-level-header-compressed", "the HEADER chunk is compressed: the version cannot be read")));
        }
        if h.raw.len() < 4 {
            return Err(Error::new(h.header_offset(), msg!("xray-level-header-short", "HEADER chunk: {len} bytes, 4 expected (u16 version, u16 quality)", len = h.raw.len())));
        }
        let header = Header { version: u16::from_le_bytes([h.raw[0], h.raw[1]]), quality: u16::from_le_bytes([h.raw[2], h.raw[3]]) };
        if !SUPPORTED_VERSIONS.contains(&header.version) {
            return Err(Error::new(h.offset, msg!("xray-level-version", "level version {version} is not supported; xrLC versions 13 and 14 are", version = header.version)));
        }
        if h.raw.len() > 4 {
            diags.push(Diagnostic::warning(h.offset + 4, msg!("xray-level-header-extra", "HEADER chunk: {extra} bytes after version and quality, kept", extra = h.raw.len() - 4)));
        }
        let typed = |kind: u32| chunks::find(&chunks, kind);
        let shaders = match typed(CHUNK_SHADERS) {
            Some(c) => places::read_shaders(&c.raw).map_err(|e| e.at_base(c.offset, "chunk 2 (SHADERS)"))?,
            None => Vec::new(),
        };
        if shaders.first().is_some_and(|s| !s.raw.is_empty()) {
            diags.push(Diagnostic::warning(typed(CHUNK_SHADERS).map_or(0, |c| c.offset), msg!("xray-level-shader0", "SHADERS: entry 0 is not the empty string xrLC writes")));
        }
        let visuals = match typed(CHUNK_VISUALS) {
            Some(c) => read_visuals(c, &mut diags).map_err(|e| e.within("chunk 3 (VISUALS)"))?,
            None => {
                diags.push(Diagnostic::warning(0u64, msg!("xray-level-no-visuals", "no VISUALS chunk (id 3): nothing to draw")));
                Vec::new()
            }
        };
        let portals = typed(CHUNK_PORTALS).map(|c| places::read_portals(c, &mut diags)).unwrap_or_default();
        let light_count = typed(CHUNK_LIGHT_DYNAMIC).map_or(0, |c| places::count_lights(c, &mut diags));
        let glows = typed(CHUNK_GLOWS).map(|c| places::read_glows(c, &mut diags)).unwrap_or_default();
        let sectors = match typed(CHUNK_SECTORS).map(places::read_sectors) {
            Some(Ok(s)) => s,
            Some(Err(e)) => {
                diags.push(Diagnostic::from(e.within("chunk 8 (SECTORS)")));
                Vec::new()
            }
            None => Vec::new(),
        };
        let level = Level { chunks, header, shaders, visuals, portals, light_count, glows, sectors };
        level.validate(&mut diags);
        Ok((level, diags))
    }

    /// References between the tables: shader ids, child ids, sector roots.
    fn validate(&self, diags: &mut Vec<Diagnostic>) {
        for v in &self.visuals {
            if let Some(h) = v.header
                && h.shader as usize >= self.shaders.len().max(1)
            {
                diags.push(Diagnostic::error(
                    v.chunk_offset(visual::OGF_HEADER),
                    msg!("xray-visual-shader-past", "visual {v}: shader {shader} is past the {n}-entry shader table", v = v.index, shader = h.shader, n = self.shaders.len()),
                ));
            }
            if let Some(ch) = &v.children {
                for &c in &ch.ids {
                    if c as usize >= self.visuals.len() {
                        diags.push(Diagnostic::error(
                            v.chunk_offset(visual::OGF_CHILDREN_L),
                            msg!("xray-visual-child-past", "visual {v}: child {c} is past the {n} visuals", v = v.index, c = c, n = self.visuals.len()),
                        ));
                    }
                }
            }
        }
        let sectors_at = chunks::find(&self.chunks, CHUNK_SECTORS).map_or(0, RawChunk::header_offset);
        for s in &self.sectors {
            if let Some(r) = s.root.filter(|&r| r as usize >= self.visuals.len()) {
                diags.push(Diagnostic::error(
                    sectors_at,
                    msg!("xray-sector-root-past", "sector {s}: root visual {r} is past the {n} visuals", s = s.index, r = r, n = self.visuals.len()),
                ));
            }
        }
    }

    /// The stored bytes of every chunk, in order: byte-identical for an untouched parse.
    pub fn write(&self) -> Vec<u8> {
        write_chunks(self.chunks.iter().map(|c| (c.id, c.raw.as_slice())))
    }
}

/// VISUALS: sub-chunks numbered from 0; reading stops at the first missing number, as the
/// engine's does.
fn read_visuals(c: &RawChunk, diags: &mut Vec<Diagnostic>) -> Result<Vec<Visual>> {
    if c.is_compressed() {
        return Ok(Vec::new());
    }
    let subs = parse_chunks(&c.raw, c.offset, "VISUALS")?;
    let mut by_id: std::collections::HashMap<u32, usize> = std::collections::HashMap::with_capacity(subs.len());
    for (k, s) in subs.iter().enumerate() {
        by_id.entry(s.kind()).or_insert(k);
    }
    let mut out = Vec::with_capacity(subs.len());
    while let Some(&k) = by_id.get(&(out.len() as u32)) {
        let s = &subs[k];
        if s.is_compressed() {
            diags.push(Diagnostic::error(s.header_offset(), msg!("xray-visual-compressed", "visual {v} is compressed (bit 31): kept as stored, not decoded", v = out.len())));
            out.push(Visual::parse(out.len(), &SharedBytes::empty(), s.offset, &mut Vec::new()));
            continue;
        }
        out.push(Visual::parse(out.len(), &s.raw, s.offset, diags));
    }
    if out.len() < subs.len() {
        diags.push(Diagnostic::warning(
            c.header_offset(),
            msg!(
                "xray-visuals-id-gap",
                "VISUALS: {subs} sub-chunks but ids run 0..{read} only; the rest are kept as stored and not read (the engine stops at the first missing id)",
                subs = subs.len(),
                read = out.len()
            ),
        ));
    }
    Ok(out)
}

/// A `level` file from its parts, in xrLC's chunk order (HEADER, PORTALS, LIGHT_DYNAMIC,
/// GLOWS, VISUALS, SHADERS, SECTORS).
pub struct LevelWriter {
    pub header: Header,
    pub shaders: Vec<String>,
    /// Each visual's chunk list (see [`VisualWriter`]).
    pub visuals: Vec<Vec<u8>>,
    pub portals: Vec<Portal>,
    /// Raw LIGHT_DYNAMIC records.
    pub lights: Vec<[u8; places::LIGHT_LEN]>,
    pub glows: Vec<Glow>,
    pub sectors: Vec<Sector>,
    /// Chunks appended as they are (unknown ids, compressed ones).
    pub extra: Vec<(u32, Vec<u8>)>,
}

impl LevelWriter {
    /// A level of these shaders and visuals and nothing else (no portals, lights, glows,
    /// sectors or extra chunks); set the other fields as needed.
    pub fn new(header: Header, shaders: Vec<String>, visuals: Vec<Vec<u8>>) -> LevelWriter {
        LevelWriter { header, shaders, visuals, portals: Vec::new(), lights: Vec::new(), glows: Vec::new(), sectors: Vec::new(), extra: Vec::new() }
    }

    pub fn write(&self) -> Vec<u8> {
        let mut head = self.header.version.to_le_bytes().to_vec();
        head.extend_from_slice(&self.header.quality.to_le_bytes());
        let visuals = write_chunks(self.visuals.iter().enumerate().map(|(k, v)| (k as u32, v.as_slice())));
        let names: Vec<&str> = self.shaders.iter().map(String::as_str).collect();
        let lights: Vec<u8> = self.lights.iter().flatten().copied().collect();
        let parts: Vec<(u32, Vec<u8>)> = vec![
            (CHUNK_HEADER, head),
            (CHUNK_PORTALS, places::encode_portals(&self.portals)),
            (CHUNK_LIGHT_DYNAMIC, lights),
            (CHUNK_GLOWS, places::encode_glows(&self.glows)),
            (CHUNK_VISUALS, visuals),
            (CHUNK_SHADERS, places::encode_shaders(&names)),
            (CHUNK_SECTORS, places::encode_sectors(&self.sectors)),
        ];
        write_chunks(parts.iter().chain(&self.extra).map(|(id, p)| (*id, p.as_slice())))
    }
}

#[cfg(test)]
mod tests;
