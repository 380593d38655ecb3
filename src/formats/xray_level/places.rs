//! The level's non-visual tables: SHADERS (engine shader and texture list per entry),
//! PORTALS, LIGHT_DYNAMIC, GLOWS and SECTORS (docs/formats/xray-level.md).

use super::chunks::{RawChunk, parse_chunks, push_chunk};
use crate::formats::bytes::{Reader, le_f32, le_u16, le_u32};
use crate::formats::{Diagnostic, Error, Result, cp1251};

pub const PORTAL_LEN: usize = 80;
pub const LIGHT_LEN: usize = 108;
pub const GLOW_LEN: usize = 18;
pub const SECTOR_PORTALS: u32 = 1;
pub const SECTOR_ROOT: u32 = 2;

/// One SHADERS entry: `<engine shader>/<texture>,<lightmap>...`, split at the first '/'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shader {
    /// The entry as stored (CP1251), without its NUL.
    pub raw: Vec<u8>,
    pub engine: String,
    /// Base texture first, then zero, one or two lightmaps; no extensions.
    pub textures: Vec<String>,
}

impl Shader {
    pub fn new(raw: &[u8]) -> Shader {
        let text = cp1251::decode(raw);
        let (engine, textures) = match text.split_once('/') {
            Some((e, t)) => (e.to_string(), t.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect()),
            None => (text, Vec::new()),
        };
        Shader { raw: raw.to_vec(), engine, textures }
    }
    pub fn name(&self) -> String {
        cp1251::decode(&self.raw)
    }
}

/// `u32 count`, then `count` NUL-terminated strings.
pub fn read_shaders(b: &[u8]) -> Result<Vec<Shader>> {
    let mut r = Reader::new(b);
    let count = r.u32("shader count")? as usize;
    // Each entry is at least its NUL.
    r.need_records(count, 1, "shader names")?;
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let rest = r.rest();
        let end = rest.iter().position(|&c| c == 0).ok_or_else(|| Error::new(r.pos(), crate::msg!("xray-shader-no-nul", "shader {k}: no NUL before the end", k = k)))?;
        out.push(Shader::new(&rest[..end]));
        r.skip(end + 1, "shader name")?;
    }
    if r.remaining() > 0 {
        return Err(Error::new(r.pos(), crate::msg!("xray-shaders-tail", "{n} bytes after the last shader name", n = r.remaining())));
    }
    Ok(out)
}

pub fn encode_shaders(names: &[&str]) -> Vec<u8> {
    let mut out = (names.len() as u32).to_le_bytes().to_vec();
    for n in names {
        out.extend(cp1251::encode(n).unwrap_or_else(|| n.bytes().collect()));
        out.push(0);
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Portal {
    pub front: u16,
    pub back: u16,
    pub vertices: [[f32; 3]; 6],
    /// How many of the 6 vertices are used.
    pub used: u32,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glow {
    pub position: [f32; 3],
    pub radius: f32,
    pub shader: u16,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Sector {
    /// The sub-chunk number.
    pub index: u32,
    pub portals: Vec<u16>,
    /// Root visual index.
    pub root: Option<u32>,
}

/// Whole records of a fixed-size table; a remainder is reported.
fn records<'a>(c: &'a RawChunk, len: usize, what: &str, diags: &mut Vec<Diagnostic>) -> std::slice::ChunksExact<'a, u8> {
    let rest = c.raw.len() % len;
    if rest != 0 {
        diags.push(Diagnostic::warning(
            c.header_offset(),
            crate::msg!(
                "xray-records-not-whole",
                "{what} (chunk {kind}): {size} bytes is not a whole number of {len}-byte records; {rest} left over",
                what = what,
                kind = c.kind(),
                size = c.raw.len(),
                len = len,
                rest = rest
            ),
        ));
    }
    c.raw.chunks_exact(len)
}

pub fn read_portals(c: &RawChunk, diags: &mut Vec<Diagnostic>) -> Vec<Portal> {
    records(c, PORTAL_LEN, "PORTALS", diags)
        .map(|b| Portal {
            front: le_u16(b, 0),
            back: le_u16(b, 2),
            vertices: std::array::from_fn(|k| std::array::from_fn(|j| le_f32(b, 4 + 12 * k + 4 * j))),
            used: le_u32(b, 76),
        })
        .collect()
}

pub fn encode_portals(portals: &[Portal]) -> Vec<u8> {
    let mut out = Vec::with_capacity(portals.len() * PORTAL_LEN);
    for p in portals {
        out.extend_from_slice(&p.front.to_le_bytes());
        out.extend_from_slice(&p.back.to_le_bytes());
        for f in p.vertices.iter().flatten() {
            out.extend_from_slice(&f.to_le_bytes());
        }
        out.extend_from_slice(&p.used.to_le_bytes());
    }
    out
}

pub fn count_lights(c: &RawChunk, diags: &mut Vec<Diagnostic>) -> usize {
    records(c, LIGHT_LEN, "LIGHT_DYNAMIC", diags).count()
}

pub fn read_glows(c: &RawChunk, diags: &mut Vec<Diagnostic>) -> Vec<Glow> {
    records(c, GLOW_LEN, "GLOWS", diags)
        .map(|b| Glow { position: [le_f32(b, 0), le_f32(b, 4), le_f32(b, 8)], radius: le_f32(b, 12), shader: le_u16(b, 16) })
        .collect()
}

pub fn encode_glows(glows: &[Glow]) -> Vec<u8> {
    let mut out = Vec::with_capacity(glows.len() * GLOW_LEN);
    for g in glows {
        for f in g.position.iter().chain([&g.radius]) {
            out.extend_from_slice(&f.to_le_bytes());
        }
        out.extend_from_slice(&g.shader.to_le_bytes());
    }
    out
}

/// SECTORS: one sub-chunk per sector, each holding sub 1 (u16 portal ids) and sub 2 (u32 root).
pub fn read_sectors(c: &RawChunk) -> Result<Vec<Sector>> {
    let list = parse_chunks(&c.raw, c.offset, "SECTORS")?;
    let mut out = Vec::with_capacity(list.len());
    for s in &list {
        let what = format!("sector {}", s.kind());
        let inner = parse_chunks(&s.raw, s.offset, &what)?;
        let mut sector = Sector { index: s.kind(), ..Sector::default() };
        for i in &inner {
            match i.id {
                SECTOR_PORTALS => {
                    if i.raw.len() % 2 != 0 {
                        let m = crate::msg!("xray-sector-portals", "portal list of {len} bytes is not whole u16 ids", len = i.raw.len());
                        return Err(Error::new(i.header_offset(), m.prefixed(&format!("{what}: "))));
                    }
                    sector.portals = i.raw.chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]])).collect();
                }
                SECTOR_ROOT => {
                    let b = <[u8; 4]>::try_from(i.raw.as_slice())
                        .map_err(|_| {
                            let m = crate::msg!("xray-sector-root-size", "root visual of {len} bytes (4 expected)", len = i.raw.len());
                            Error::new(i.header_offset(), m.prefixed(&format!("{what}: ")))
                        })?;
                    sector.root = Some(u32::from_le_bytes(b));
                }
                _ => {}
            }
        }
        out.push(sector);
    }
    Ok(out)
}

pub fn encode_sectors(sectors: &[Sector]) -> Vec<u8> {
    let mut out = Vec::new();
    for s in sectors {
        let mut inner = Vec::new();
        push_chunk(&mut inner, SECTOR_PORTALS, &s.portals.iter().flat_map(|p| p.to_le_bytes()).collect::<Vec<u8>>());
        if let Some(r) = s.root {
            push_chunk(&mut inner, SECTOR_ROOT, &r.to_le_bytes());
        }
        push_chunk(&mut out, s.index, &inner);
    }
    out
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;

    #[test]
    fn shaders_split_at_the_first_slash_then_commas() {
        let b = encode_shaders(&["", "default/crete\\crete_roof1,lmap#1_1,lmap#1_2", "a/b/c", "effects\\glow"]);
        let s = read_shaders(&b).unwrap();
        assert_eq!(s[0].engine, "");
        assert!(s[0].textures.is_empty());
        assert_eq!((s[1].engine.as_str(), s[1].textures.clone()), ("default", vec!["crete\\crete_roof1".to_string(), "lmap#1_1".into(), "lmap#1_2".into()]));
        assert_eq!(s[2].textures, ["b/c"]);
        assert_eq!((s[3].engine.as_str(), s[3].textures.len()), ("effects\\glow", 0));
        assert!(read_shaders(&b[..b.len() - 1]).unwrap_err().message.contains("shader 3"));
        let mut huge = b.clone();
        huge[..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(read_shaders(&huge).is_err());
    }

    #[test]
    fn sectors_and_tables_round_trip() {
        let s = vec![Sector { index: 0, portals: vec![0, 2], root: Some(9) }, Sector { index: 1, portals: vec![], root: Some(4) }];
        let bytes = encode_sectors(&s);
        let c = RawChunk { id: 8, offset: 8, raw: SharedBytes::from(bytes) };
        assert_eq!(read_sectors(&c).unwrap(), s);
        let g = vec![Glow { position: [1.0, 2.0, 3.0], radius: 0.5, shader: 4 }];
        let mut d = Vec::new();
        let mut gb = encode_glows(&g);
        gb.push(7);
        assert_eq!(read_glows(&RawChunk { id: 7, offset: 8, raw: gb.into() }, &mut d), g);
        assert!(d[0].message.contains("1 left over"));
    }
}
