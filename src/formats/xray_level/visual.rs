//! OGF v4 visuals as xrLC writes them into a level's VISUALS chunk
//! (docs/formats/xray-level.md#visuals): the 44-byte header, the geometry container, sliding
//! windows (inline or by index into level.geom chunk 11), child lists (u32, or the version-13 u16
//! form told by size), the tree matrix with its colour scale and bias, the LOD facets, and
//! FASTPATH's nested list. Every chunk stays in `chunks` as stored; the typed fields are read from
//! them, and a chunk that cannot be read becomes a diagnostic naming the visual, the chunk and the
//! offset.

use super::chunks::{RawChunk, find, parse_chunks, push_chunk};
use crate::formats::bytes::{Reader, SharedBytes, le_f32, le_u32};
use crate::formats::xray_geom::{SwiEntry, SwiItem};
use crate::formats::message::Message;
use crate::formats::{Diagnostic, Result};
use crate::msg;

pub const OGF_HEADER: u32 = 1;
pub const OGF_TEXTURE: u32 = 2;
pub const OGF_VERTICES: u32 = 3;
pub const OGF_INDICES: u32 = 4;
pub const OGF_SWIDATA: u32 = 6;
pub const OGF_VCONTAINER: u32 = 7;
pub const OGF_ICONTAINER: u32 = 8;
pub const OGF_CHILDREN: u32 = 9;
pub const OGF_CHILDREN_L: u32 = 10;
pub const OGF_LODDEF2: u32 = 11;
pub const OGF_TREEDEF2: u32 = 12;
pub const OGF_SWICONTAINER: u32 = 20;
pub const OGF_GCONTAINER: u32 = 21;
pub const OGF_FASTPATH: u32 = 22;

pub const MT_NORMAL: u8 = 0;
pub const MT_HIERRARHY: u8 = 1;
pub const MT_PROGRESSIVE: u8 = 2;
pub const MT_LOD: u8 = 6;
pub const MT_TREE_ST: u8 = 7;
pub const MT_TREE_PM: u8 = 11;

pub const HEADER_LEN: usize = 44;
pub const GCONTAINER_LEN: usize = 24;
/// 16 f32 matrix, then c_scale and c_bias of 5 f32 each (xrLC 11 and later).
pub const TREEDEF2_LEN: usize = 104;
/// The same with 4-f32 colours (xrLC before 11).
pub const TREEDEF2_OLD_LEN: usize = 96;
pub const LOD_FACETS: usize = 8;
/// Per facet vertex: f32x3 position, f32x2 UV, u32 rgb+hemi, u8 sun, 3 padding bytes.
pub const LOD_VERTEX_LEN: usize = 28;
/// Before xrLC 11: no sun byte or padding.
pub const LOD_VERTEX_OLD_LEN: usize = 24;

/// The model type's name, as the engine's `MT_*` constants have it.
pub fn type_name(t: u8) -> &'static str {
    match t {
        0 => "normal",
        1 => "hierarchy",
        2 => "progressive",
        3 => "skeleton_anim",
        4 => "skeleton_geomdef_pm",
        5 => "skeleton_geomdef_st",
        6 => "lod",
        7 => "tree_st",
        8 => "particle_effect",
        9 => "particle_group",
        10 => "skeleton_rigid",
        11 => "tree_pm",
        12 => "3dfluidvolume",
        _ => "unknown",
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OgfHeader {
    pub format_version: u8,
    pub ty: u8,
    /// Index into the SHADERS table; 0 is none.
    pub shader: u16,
    /// World space, trees included.
    pub bbox_min: [f32; 3],
    pub bbox_max: [f32; 3],
    pub sphere_centre: [f32; 3],
    pub sphere_radius: f32,
}

fn f3(b: &[u8], at: usize) -> [f32; 3] {
    [le_f32(b, at), le_f32(b, at + 4), le_f32(b, at + 8)]
}
fn put_f32s(out: &mut Vec<u8>, v: &[f32]) {
    for f in v {
        out.extend_from_slice(&f.to_le_bytes());
    }
}

impl OgfHeader {
    pub fn read(b: &[u8]) -> Option<OgfHeader> {
        (b.len() >= HEADER_LEN).then(|| OgfHeader {
            format_version: b[0],
            ty: b[1],
            shader: u16::from_le_bytes([b[2], b[3]]),
            bbox_min: f3(b, 4),
            bbox_max: f3(b, 16),
            sphere_centre: f3(b, 28),
            sphere_radius: le_f32(b, 40),
        })
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut out = vec![self.format_version, self.ty];
        out.extend_from_slice(&self.shader.to_le_bytes());
        put_f32s(&mut out, &self.bbox_min);
        put_f32s(&mut out, &self.bbox_max);
        put_f32s(&mut out, &self.sphere_centre);
        put_f32s(&mut out, &[self.sphere_radius]);
        out
    }
}

/// OGF_GCONTAINER: a range of a level.geom (or, inside FASTPATH, level.geomx) vertex and index
/// buffer. Triangle k, corner j uses `VB[vb][vbase + IB[ib][ibase + 3k + j]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GContainer {
    pub vb: u32,
    pub vbase: u32,
    pub vcount: u32,
    pub ib: u32,
    pub ibase: u32,
    pub icount: u32,
}

impl GContainer {
    pub fn read(b: &[u8]) -> Option<GContainer> {
        (b.len() == GCONTAINER_LEN).then(|| GContainer {
            vb: le_u32(b, 0),
            vbase: le_u32(b, 4),
            vcount: le_u32(b, 8),
            ib: le_u32(b, 12),
            ibase: le_u32(b, 16),
            icount: le_u32(b, 20),
        })
    }
    pub fn encode(&self) -> Vec<u8> {
        [self.vb, self.vbase, self.vcount, self.ib, self.ibase, self.icount].iter().flat_map(|v| v.to_le_bytes()).collect()
    }
}

/// OGF_SWIDATA (and one item of level.geom chunk 11): 4 reserved u32, u32 n, n windows.
pub fn read_swi(b: &[u8]) -> Result<SwiItem> {
    let mut r = Reader::new(b);
    let reserved = [r.u32("reserved")?, r.u32("reserved")?, r.u32("reserved")?, r.u32("reserved")?];
    let n = r.u32("window count")? as usize;
    r.need_records(n, 8, "sliding windows")?;
    let mut entries = Vec::with_capacity(n);
    for _ in 0..n {
        entries.push(SwiEntry { offset: r.u32("offset")?, num_tris: r.u16("num_tris")?, num_verts: r.u16("num_verts")? });
    }
    if r.remaining() > 0 {
        return Err(crate::formats::Error::new(r.pos(), crate::msg!("xray-swi-tail", "{n} bytes after the last window", n = r.remaining())));
    }
    Ok(SwiItem { reserved, entries })
}

pub fn encode_swi(item: &SwiItem) -> Vec<u8> {
    let mut out = Vec::with_capacity(20 + 8 * item.entries.len());
    for v in item.reserved {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&(item.entries.len() as u32).to_le_bytes());
    for e in &item.entries {
        out.extend_from_slice(&e.offset.to_le_bytes());
        out.extend_from_slice(&e.num_tris.to_le_bytes());
        out.extend_from_slice(&e.num_verts.to_le_bytes());
    }
    out
}

/// OGF_CHILDREN_L: visual indices.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Children {
    pub ids: Vec<u32>,
    /// Stored as u16 (some version-13 levels), told by the chunk's size.
    pub narrow: bool,
}

impl Children {
    pub fn read(b: &[u8]) -> Option<Children> {
        let count = u32::from_le_bytes(b.get(..4)?.try_into().ok()?) as usize;
        let body = &b[4..];
        if count.checked_mul(4) == Some(body.len()) {
            Some(Children { ids: body.chunks_exact(4).map(|c| le_u32(c, 0)).collect(), narrow: false })
        } else if count.checked_mul(2) == Some(body.len()) {
            Some(Children { ids: body.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]) as u32).collect(), narrow: true })
        } else {
            None
        }
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut out = (self.ids.len() as u32).to_le_bytes().to_vec();
        for &id in &self.ids {
            if self.narrow {
                out.extend_from_slice(&(id as u16).to_le_bytes());
            } else {
                out.extend_from_slice(&id.to_le_bytes());
            }
        }
        out
    }
}

/// OGF_TREEDEF2: the tree's model matrix (row vectors, D3D: translation in 12..14) and its
/// colour scale and bias (rgb, hemi, sun; sun absent before xrLC 11).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TreeDef {
    pub xform: [f32; 16],
    pub c_scale: [f32; 5],
    pub c_bias: [f32; 5],
    /// The 96-byte form (4-f32 colours).
    pub old: bool,
}

impl TreeDef {
    pub fn read(b: &[u8]) -> Option<TreeDef> {
        let old = match b.len() {
            TREEDEF2_LEN => false,
            TREEDEF2_OLD_LEN => true,
            _ => return None,
        };
        let f = |k: usize| le_f32(b, 4 * k);
        let n = if old { 4 } else { 5 };
        let mut c_scale = [0.0; 5];
        let mut c_bias = [0.0; 5];
        for k in 0..n {
            c_scale[k] = f(16 + k);
            c_bias[k] = f(16 + n + k);
        }
        Some(TreeDef { xform: std::array::from_fn(f), c_scale, c_bias, old })
    }
    pub fn encode(&self) -> Vec<u8> {
        let n = if self.old { 4 } else { 5 };
        let mut out = Vec::with_capacity(TREEDEF2_LEN);
        put_f32s(&mut out, &self.xform);
        put_f32s(&mut out, &self.c_scale[..n]);
        put_f32s(&mut out, &self.c_bias[..n]);
        out
    }
    /// A model-space point in the world: the row vector `[x y z 1]` times the matrix.
    pub fn apply_point(&self, p: [f32; 3]) -> [f32; 3] {
        let m = &self.xform;
        std::array::from_fn(|c| p[0] * m[c] + p[1] * m[4 + c] + p[2] * m[8 + c] + m[12 + c])
    }
    /// A direction by the upper 3x3 (normals of a rigid placement).
    pub fn apply_vector(&self, v: [f32; 3]) -> [f32; 3] {
        let m = &self.xform;
        std::array::from_fn(|c| v[0] * m[c] + v[1] * m[4 + c] + v[2] * m[8 + c])
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LodVertex {
    pub position: [f32; 3],
    pub uv: [f32; 2],
    /// rgb + hemi, as stored.
    pub rgbh: u32,
    pub sun: u8,
}

/// OGF_LODDEF2: 8 facets of 4 vertices, each a quad seen from one direction.
#[derive(Debug, Clone, PartialEq)]
pub struct LodDef {
    pub facets: Vec<[LodVertex; 4]>,
    /// The 24-byte vertex form (no sun byte).
    pub old: bool,
    /// The 3 padding bytes after each new-form vertex's sun byte, kept for the writer.
    pub padding: Vec<[u8; 3]>,
}

impl LodDef {
    pub fn read(b: &[u8]) -> Option<LodDef> {
        let stride = match b.len() {
            n if n == LOD_FACETS * 4 * LOD_VERTEX_LEN => LOD_VERTEX_LEN,
            n if n == LOD_FACETS * 4 * LOD_VERTEX_OLD_LEN => LOD_VERTEX_OLD_LEN,
            _ => return None,
        };
        let old = stride == LOD_VERTEX_OLD_LEN;
        let mut padding = Vec::new();
        let vertex = |k: usize, padding: &mut Vec<[u8; 3]>| {
            let v = &b[k * stride..(k + 1) * stride];
            let sun = if old { 0 } else { v[24] };
            if !old {
                padding.push([v[25], v[26], v[27]]);
            }
            LodVertex { position: f3(v, 0), uv: [le_f32(v, 12), le_f32(v, 16)], rgbh: le_u32(v, 20), sun }
        };
        let mut facets = Vec::with_capacity(LOD_FACETS);
        for f in 0..LOD_FACETS {
            let q = [vertex(4 * f, &mut padding), vertex(4 * f + 1, &mut padding), vertex(4 * f + 2, &mut padding), vertex(4 * f + 3, &mut padding)];
            facets.push(q);
        }
        Some(LodDef { facets, old, padding })
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (k, v) in self.facets.iter().flatten().enumerate() {
            put_f32s(&mut out, &v.position);
            put_f32s(&mut out, &v.uv);
            out.extend_from_slice(&v.rgbh.to_le_bytes());
            if !self.old {
                out.push(v.sun);
                out.extend_from_slice(&self.padding.get(k).copied().unwrap_or_default());
            }
        }
        out
    }
}

/// OGF_FASTPATH: a nested chunk list with its own GCONTAINER into level.geomx and, for
/// progressive visuals, its own SWIDATA.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FastPath {
    pub chunks: Vec<RawChunk>,
    pub gcontainer: Option<GContainer>,
    pub swidata: Option<SwiItem>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Visual {
    /// The sub-chunk number in VISUALS: the index children and sectors refer to.
    pub index: usize,
    /// Offset of the visual's payload in the file.
    pub offset: u64,
    /// Every chunk as stored, in file order.
    pub chunks: Vec<RawChunk>,
    pub header: Option<OgfHeader>,
    pub gcontainer: Option<GContainer>,
    pub swidata: Option<SwiItem>,
    pub swicontainer: Option<u32>,
    pub children: Option<Children>,
    pub treedef: Option<TreeDef>,
    pub loddef: Option<LodDef>,
    pub fastpath: Option<FastPath>,
}

impl Visual {
    pub fn ty(&self) -> Option<u8> {
        self.header.map(|h| h.ty)
    }
    pub fn shader(&self) -> u16 {
        self.header.map_or(0, |h| h.shader)
    }
    pub fn type_name(&self) -> &'static str {
        self.ty().map_or("no header", type_name)
    }
    /// Whether the engine draws triangles for this visual's own chunks.
    pub fn has_geometry(&self) -> bool {
        matches!(self.ty(), Some(MT_NORMAL | MT_PROGRESSIVE | MT_TREE_ST | MT_TREE_PM))
    }
    /// Where a chunk of this visual starts, for diagnostics.
    pub fn chunk_offset(&self, kind: u32) -> u64 {
        self.chunks.iter().find(|c| c.kind() == kind).map_or(self.offset, |c| c.header_offset())
    }

    /// Reads a visual's chunks. A chunk that cannot be read is left untyped and reported.
    pub fn parse(index: usize, payload: &SharedBytes, offset: u64, diags: &mut Vec<Diagnostic>) -> Visual {
        let mut v = Visual {
            index,
            offset,
            chunks: Vec::new(),
            header: None,
            gcontainer: None,
            swidata: None,
            swicontainer: None,
            children: None,
            treedef: None,
            loddef: None,
            fastpath: None,
        };
        let what = format!("visual {index}");
        match parse_chunks(payload, offset, &what) {
            Ok(c) => v.chunks = c,
            Err(e) => {
                diags.push(e.into());
                return v;
            }
        }
        let bad = |c: &RawChunk, m: Message| Diagnostic::error(c.header_offset(), m.prefixed(&format!("{what}: ")));
        let mut seen: Vec<u32> = Vec::new();
        for c in &v.chunks {
            if c.is_compressed() {
                let m = msg!("xray-ogf-compressed", "a compressed chunk (chunk {kind}, {len} bytes): kept as stored, not decoded", kind = c.kind(), len = c.raw.len());
                diags.push(bad(c, m));
                continue;
            }
            if seen.contains(&c.id) {
                diags.push(Diagnostic::warning(c.header_offset(), msg!("xray-ogf-second", "a second chunk {id}: the first is used", id = c.id).prefixed(&format!("{what}: "))));
                continue;
            }
            seen.push(c.id);
            let b: &[u8] = &c.raw;
            match c.id {
                OGF_HEADER => match OgfHeader::read(b) {
                    Some(h) => {
                        if h.format_version != 4 {
                            let m = msg!("xray-ogf-version", "OGF format version {version} (4 expected)", version = h.format_version);
                            diags.push(Diagnostic::warning(c.offset, m.prefixed(&format!("{what}: "))));
                        }
                        if b.len() > HEADER_LEN {
                            let m = msg!("xray-ogf-header-extra", "{n} bytes after the 44-byte OGF header, kept", n = b.len() - HEADER_LEN);
                            diags.push(Diagnostic::warning(c.offset + HEADER_LEN as u64, m.prefixed(&format!("{what}: "))));
                        }
                        v.header = Some(h);
                    }
                    None => diags.push(bad(
                        c,
                        msg!("xray-ogf-header-size", "OGF_HEADER (chunk {kind}, {len} bytes): {need} bytes expected", kind = c.kind(), len = c.raw.len(), need = HEADER_LEN),
                    )),
                },
                OGF_GCONTAINER => match GContainer::read(b) {
                    Some(g) => v.gcontainer = Some(g),
                    None => diags.push(bad(
                        c,
                        msg!(
                            "xray-ogf-gcontainer-size",
                            "OGF_GCONTAINER (chunk {kind}, {len} bytes): {need} bytes expected",
                            kind = c.kind(),
                            len = c.raw.len(),
                            need = GCONTAINER_LEN
                        ),
                    )),
                },
                OGF_SWIDATA => match read_swi(b) {
                    Ok(s) => v.swidata = Some(s),
                    Err(e) => diags.push(bad(
                        c,
                        msg!("xray-ogf-swidata", "OGF_SWIDATA (chunk {kind}, {len} bytes): at +{at}: {why}", kind = c.kind(), len = c.raw.len(), at = e.offset, why = e.message),
                    )),
                },
                OGF_SWICONTAINER => match <[u8; 4]>::try_from(b) {
                    Ok(x) => v.swicontainer = Some(u32::from_le_bytes(x)),
                    Err(_) => diags.push(bad(
                        c,
                        msg!("xray-ogf-swicontainer-size", "OGF_SWICONTAINER (chunk {kind}, {len} bytes): 4 bytes expected", kind = c.kind(), len = c.raw.len()),
                    )),
                },
                OGF_CHILDREN_L => match Children::read(b) {
                    Some(ch) => v.children = Some(ch),
                    None => diags.push(bad(
                        c,
                        msg!(
                            "xray-ogf-children-size",
                            "OGF_CHILDREN_L (chunk {kind}, {len} bytes): the size fits neither a u32 nor a u16 child list",
                            kind = c.kind(),
                            len = c.raw.len()
                        ),
                    )),
                },
                OGF_TREEDEF2 => match TreeDef::read(b) {
                    Some(t) => v.treedef = Some(t),
                    None => diags.push(bad(
                        c,
                        msg!(
                            "xray-ogf-treedef-size",
                            "OGF_TREEDEF2 (chunk {kind}, {len} bytes): {need} (or {old}) bytes expected",
                            kind = c.kind(),
                            len = c.raw.len(),
                            need = TREEDEF2_LEN,
                            old = TREEDEF2_OLD_LEN
                        ),
                    )),
                },
                OGF_LODDEF2 => match LodDef::read(b) {
                    Some(l) => v.loddef = Some(l),
                    None => diags.push(bad(
                        c,
                        msg!(
                            "xray-ogf-loddef-size",
                            "OGF_LODDEF2 (chunk {kind}, {len} bytes): {need} (or {old}) bytes expected",
                            kind = c.kind(),
                            len = c.raw.len(),
                            need = 32 * LOD_VERTEX_LEN,
                            old = 32 * LOD_VERTEX_OLD_LEN
                        ),
                    )),
                },
                OGF_FASTPATH => match parse_chunks(&c.raw, c.offset, &format!("{what} FASTPATH")) {
                    Ok(chunks) => {
                        let gcontainer = find(&chunks, OGF_GCONTAINER).and_then(|g| GContainer::read(&g.raw));
                        let swidata = find(&chunks, OGF_SWIDATA).and_then(|s| read_swi(&s.raw).ok());
                        if gcontainer.is_none() {
                            let m = msg!("xray-ogf-fastpath-empty", "OGF_FASTPATH (chunk {kind}, {len} bytes): no readable GCONTAINER inside", kind = c.kind(), len = c.raw.len());
                            diags.push(bad(c, m));
                        }
                        v.fastpath = Some(FastPath { chunks, gcontainer, swidata });
                    }
                    Err(e) => diags.push(e.into()),
                },
                _ => {}
            }
        }
        if v.header.is_none() && !v.chunks.iter().any(|c| c.kind() == OGF_HEADER) {
            diags.push(Diagnostic::error(offset, msg!("xray-ogf-no-header", "no OGF_HEADER (chunk 1): its type is unknown").prefixed(&format!("{what}: "))));
        }
        v
    }
}

/// A visual's chunk list from typed parts, in xrLC's order (GCONTAINER, SWIDATA, FASTPATH, ...,
/// HEADER last).
#[derive(Debug, Clone, Default)]
pub struct VisualWriter {
    chunks: Vec<(u32, Vec<u8>)>,
}

impl VisualWriter {
    pub fn new() -> VisualWriter {
        VisualWriter::default()
    }
    pub fn chunk(mut self, id: u32, payload: Vec<u8>) -> VisualWriter {
        self.chunks.push((id, payload));
        self
    }
    pub fn gcontainer(self, g: &GContainer) -> VisualWriter {
        self.chunk(OGF_GCONTAINER, g.encode())
    }
    pub fn swidata(self, s: &SwiItem) -> VisualWriter {
        self.chunk(OGF_SWIDATA, encode_swi(s))
    }
    pub fn fastpath(self, g: &GContainer, s: Option<&SwiItem>) -> VisualWriter {
        let mut inner = Vec::new();
        push_chunk(&mut inner, OGF_GCONTAINER, &g.encode());
        if let Some(s) = s {
            push_chunk(&mut inner, OGF_SWIDATA, &encode_swi(s));
        }
        self.chunk(OGF_FASTPATH, inner)
    }
    pub fn finish(self) -> Vec<u8> {
        let mut out = Vec::new();
        for (id, p) in &self.chunks {
            push_chunk(&mut out, *id, p);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_by_size_and_typed_round_trips() {
        let wide = Children { ids: vec![3, 70000], narrow: false };
        assert_eq!(Children::read(&wide.encode()), Some(wide.clone()));
        let narrow = Children { ids: vec![3, 9, 11], narrow: true };
        assert_eq!(narrow.encode().len(), 10);
        assert_eq!(Children::read(&narrow.encode()), Some(narrow));
        assert_eq!(Children::read(&[2, 0, 0, 0, 1]), None);
        assert_eq!(Children::read(&[0xFF, 0xFF, 0xFF, 0xFF]), None);
        let t = TreeDef { xform: std::array::from_fn(|k| k as f32), c_scale: [1.0; 5], c_bias: [0.5; 5], old: false };
        assert_eq!(TreeDef::read(&t.encode()), Some(t));
        let g = GContainer { vb: 1, vbase: 2, vcount: 3, ib: 4, ibase: 5, icount: 6 };
        assert_eq!(GContainer::read(&g.encode()), Some(g));
        let s = SwiItem { reserved: [1, 2, 3, 4], entries: vec![SwiEntry { offset: 6, num_tris: 2, num_verts: 4 }] };
        assert_eq!(read_swi(&encode_swi(&s)).unwrap(), s);
        assert!(read_swi(&encode_swi(&s)[..27]).is_err());
    }

    #[test]
    fn tree_matrix_is_row_vector_with_translation_in_12_to_14() {
        // A quarter turn about y (x -> -z in row-vector form) and a move by (10, 2, -5).
        let mut xform = [0.0; 16];
        xform[2] = -1.0; // row 0: x maps to -z
        xform[5] = 1.0;
        xform[8] = 1.0; // row 2: z maps to x
        xform[12] = 10.0;
        xform[13] = 2.0;
        xform[14] = -5.0;
        xform[15] = 1.0;
        let t = TreeDef { xform, c_scale: [0.0; 5], c_bias: [0.0; 5], old: false };
        assert_eq!(t.apply_point([1.0, 0.0, 0.0]), [10.0, 2.0, -6.0]);
        assert_eq!(t.apply_vector([0.0, 0.0, 1.0]), [1.0, 0.0, 0.0]);
    }

    #[test]
    fn a_bad_chunk_is_reported_with_visual_and_offset() {
        let bytes = VisualWriter::new().chunk(OGF_GCONTAINER, vec![0; 23]).finish();
        let mut d = Vec::new();
        let v = Visual::parse(7, &SharedBytes::from(bytes), 1000, &mut d);
        assert!(v.gcontainer.is_none());
        assert_eq!(d[0].offset, Some(1000));
        assert!(d[0].message.contains("visual 7: OGF_GCONTAINER (chunk 21, 23 bytes)"), "{:?}", d);
        assert!(d[1].message.contains("no OGF_HEADER"));
    }
}
