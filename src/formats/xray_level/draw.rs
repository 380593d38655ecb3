//! Draw calls: each geometry visual's GCONTAINER resolved against level.geom's buffers (and
//! FASTPATH's against level.geomx), exactly as docs/formats/xray-level.md#forming-the-triangles has
//! the engine form triangles: `ibase` moves in the index buffer, `vbase` is added to every index
//! value. Progressive visuals use sliding window 0 (inline SWIDATA, or for TREE_PM the
//! SWICONTAINER's item in level.geom chunk 11). Every range is checked in u32 arithmetic with
//! checked adds; a visual that fails is reported with its index and the offset of its chunk
//! and skipped, and the rest still draw.

use super::Level;
use super::visual::{GContainer, MT_NORMAL, MT_PROGRESSIVE, MT_TREE_PM, MT_TREE_ST, OGF_FASTPATH, OGF_GCONTAINER, OGF_SWICONTAINER, Visual};
use crate::formats::Diagnostic;
use crate::formats::message::Message;
use crate::formats::xray_geom::{LevelGeom, SwiEntry, SwiItem};
use crate::msg;

/// One visual's triangles, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawCall {
    pub visual: usize,
    pub ty: u8,
    pub shader: u16,
    pub range: GContainer,
    /// The sliding window drawn (window 0), for progressive visuals.
    pub window: Option<SwiEntry>,
    /// Three per triangle, relative to `range.vbase` and each below `range.vcount`, in the
    /// file's winding.
    pub indices: Vec<u32>,
    /// A tree's model matrix (row vectors, translation in 12..14).
    pub xform: Option<[f32; 16]>,
}

impl DrawCall {
    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Resolved {
    /// Geometry visuals that passed every check, in index order.
    pub draws: Vec<DrawCall>,
    /// FASTPATH geometry from level.geomx (position-only buffers).
    pub fastpath: Vec<DrawCall>,
    /// Visuals that were skipped, with the diagnostics saying why.
    pub skipped: Vec<usize>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Resolved {
    pub fn triangle_count(&self) -> usize {
        self.draws.iter().map(DrawCall::triangle_count).sum()
    }
    pub fn draw_of(&self, visual: usize) -> Option<&DrawCall> {
        self.draws.binary_search_by_key(&visual, |d| d.visual).ok().map(|k| &self.draws[k])
    }
}

/// The triangles a geometry visual draws by its own chunks (no buffers consulted): window 0's
/// for an inline progressive, `icount / 3` otherwise; `None` when they depend on level.geom
/// (TREE_PM) or the visual draws nothing itself.
pub fn planned_triangles(v: &Visual) -> Option<u32> {
    let g = v.gcontainer?;
    match v.ty()? {
        MT_NORMAL | MT_TREE_ST => Some(g.icount / 3),
        MT_PROGRESSIVE => v.swidata.as_ref()?.entries.first().map(|w| w.num_tris as u32),
        _ => None,
    }
}

/// The index list of a range (and window) after every check against `geom`'s buffers; the
/// error says why the range is not drawn (the caller puts the visual's name in front).
pub fn checked_indices(g: &GContainer, window: Option<SwiEntry>, geom: &LevelGeom, file: &str) -> Result<Vec<u32>, Message> {
    let vbs = geom.vertex_buffers();
    let ibs = geom.index_buffers();
    let vb = vbs.get(g.vb as usize).ok_or_else(|| {
        msg!("xray-draw-no-vb", "vertex buffer {vb} does not exist ({file} has {n}); not drawn", vb = g.vb, file = file, n = vbs.len())
    })?;
    let vend = g.vbase.checked_add(g.vcount).ok_or_else(|| {
        msg!("xray-draw-vbase-overflow", "vbase {vbase} + vcount {vcount} overflows u32; not drawn", vbase = g.vbase, vcount = g.vcount)
    })?;
    if vend > vb.vertex_count {
        return Err(msg!(
            "xray-draw-vertices-past",
            "vertices {vbase}..{vend} run past vertex buffer {buffer}'s {n} in {file}; not drawn",
            vbase = g.vbase,
            vend = vend,
            buffer = g.vb,
            n = vb.vertex_count,
            file = file
        ));
    }
    let ib = ibs.get(g.ib as usize).ok_or_else(|| {
        msg!("xray-draw-no-ib", "index buffer {ib} does not exist ({file} has {n}); not drawn", ib = g.ib, file = file, n = ibs.len())
    })?;
    let iend = g.ibase.checked_add(g.icount).ok_or_else(|| {
        msg!("xray-draw-ibase-overflow", "ibase {ibase} + icount {icount} overflows u32; not drawn", ibase = g.ibase, icount = g.icount)
    })?;
    if iend as usize > ib.len() {
        return Err(msg!(
            "xray-draw-indices-past",
            "indices {ibase}..{iend} run past index buffer {buffer}'s {n} in {file}; not drawn",
            ibase = g.ibase,
            iend = iend,
            buffer = g.ib,
            n = ib.len(),
            file = file
        ));
    }
    if !g.icount.is_multiple_of(3) {
        return Err(msg!("xray-draw-icount-not-triangles", "icount {icount} is not a whole number of triangles; not drawn", icount = g.icount));
    }
    let (start, count) = match window {
        None => (g.ibase, g.icount),
        Some(w) => {
            let start = g.ibase.checked_add(w.offset).ok_or_else(|| {
                msg!("xray-draw-window-overflow", "ibase {ibase} + window offset {offset} overflows u32; not drawn", ibase = g.ibase, offset = w.offset)
            })?;
            let count = 3 * w.num_tris as u32;
            match start.checked_add(count) {
                Some(end) if end <= iend => {}
                _ => {
                    return Err(msg!(
                        "xray-draw-window-past",
                        "window 0 (offset {offset}, {tris} triangles) runs past the range's {icount} indices; not drawn",
                        offset = w.offset,
                        tris = w.num_tris,
                        icount = g.icount
                    ));
                }
            }
            (start, count)
        }
    };
    let bytes = &ib.data[2 * start as usize..2 * (start + count) as usize];
    let mut out = Vec::with_capacity(count as usize);
    for (k, c) in bytes.chunks_exact(2).enumerate() {
        let i = u16::from_le_bytes([c[0], c[1]]) as u32;
        if i >= g.vcount {
            return Err(msg!(
                "xray-draw-index-past",
                "index {i} at position {at} of index buffer {ib} is not below vcount {vcount}; not drawn",
                i = i,
                at = start as usize + k,
                ib = g.ib,
                vcount = g.vcount
            ));
        }
        out.push(i);
    }
    Ok(out)
}

fn window_of(v: &Visual, swis: &[SwiItem], inline: Option<&SwiItem>) -> Result<Option<SwiEntry>, Message> {
    match v.ty() {
        Some(MT_PROGRESSIVE) => {
            let s = inline.ok_or_else(|| msg!("xray-draw-no-swidata", "a progressive visual without SWIDATA; not drawn"))?;
            s.entries.first().copied().map(Some).ok_or_else(|| msg!("xray-draw-swidata-empty", "SWIDATA has no windows; not drawn"))
        }
        Some(MT_TREE_PM) => {
            let k = v.swicontainer.ok_or_else(|| msg!("xray-draw-no-swicontainer", "a progressive tree without SWICONTAINER; not drawn"))?;
            let item = swis.get(k as usize).ok_or_else(|| {
                msg!("xray-draw-swi-past", "SWICONTAINER {k} is past level.geom's {n} sliding-window items; not drawn", k = k, n = swis.len())
            })?;
            item.entries.first().copied().map(Some).ok_or_else(|| msg!("xray-draw-swi-empty", "sliding-window item {k} has no windows; not drawn", k = k))
        }
        _ => Ok(None),
    }
}

/// Resolves every geometry visual. `geom` is the level.geom beside the level, `geomx` the
/// level.geomx (FASTPATH only); either may be missing.
pub fn resolve(level: &Level, geom: Option<&LevelGeom>, geomx: Option<&LevelGeom>) -> Resolved {
    let mut out = Resolved::default();
    let geometry: Vec<&Visual> = level.visuals.iter().filter(|v| v.has_geometry()).collect();
    let Some(geom) = geom else {
        if !geometry.is_empty() {
            out.diagnostics.push(Diagnostic::error(
                0u64,
                msg!("xray-draw-no-geom", "no level.geom beside the level: its {n} geometry visuals cannot be drawn", n = geometry.len()),
            ));
            out.skipped = geometry.iter().map(|v| v.index).collect();
        }
        return out;
    };
    let swis = geom.swis();
    for v in geometry {
        let ty = v.ty().unwrap_or(MT_NORMAL);
        let fail = |at: u64, why: Message| Diagnostic::error(at, why.prefixed(&format!("visual {} ({}): ", v.index, v.type_name())));
        let Some(g) = v.gcontainer else {
            let why = if v.chunks.iter().any(|c| c.kind() == super::visual::OGF_VCONTAINER) {
                msg!(
                    "xray-draw-vcontainer",
                    "no readable GCONTAINER (the older VCONTAINER/ICONTAINER pair, which xrLC 13/14 never writes, is not drawn); not drawn"
                )
            } else {
                msg!("xray-draw-no-gcontainer", "no readable GCONTAINER; not drawn")
            };
            out.diagnostics.push(fail(v.offset, why));
            out.skipped.push(v.index);
            continue;
        };
        let at = if ty == MT_TREE_PM { v.chunk_offset(OGF_SWICONTAINER) } else { v.chunk_offset(OGF_GCONTAINER) };
        let indices = window_of(v, swis, v.swidata.as_ref()).and_then(|w| checked_indices(&g, w, geom, "level.geom").map(|i| (w, i)));
        let (window, indices) = match indices {
            Ok(x) => x,
            Err(why) => {
                out.diagnostics.push(fail(at, why));
                out.skipped.push(v.index);
                continue;
            }
        };
        let xform = match (ty, v.treedef) {
            (MT_TREE_ST | MT_TREE_PM, Some(t)) => Some(t.xform),
            (MT_TREE_ST | MT_TREE_PM, None) => {
                let m = msg!("xray-draw-no-treedef", "visual {visual} ({kind}): no TREEDEF2; drawn at the origin", visual = v.index, kind = v.type_name());
                out.diagnostics.push(Diagnostic::warning(v.offset, m));
                None
            }
            _ => None,
        };
        out.draws.push(DrawCall { visual: v.index, ty, shader: v.shader(), range: g, window, indices, xform });
    }
    let Some(geomx) = geomx else { return out };
    for v in level.visuals.iter().filter(|v| v.has_geometry()) {
        let Some(fp) = &v.fastpath else { continue };
        let Some(g) = fp.gcontainer else { continue };
        let window = if v.ty() == Some(MT_PROGRESSIVE) { fp.swidata.as_ref().and_then(|s| s.entries.first().copied()) } else { None };
        match checked_indices(&g, window, geomx, "level.geomx") {
            Ok(indices) => out.fastpath.push(DrawCall { visual: v.index, ty: v.ty().unwrap_or(MT_NORMAL), shader: v.shader(), range: g, window, indices, xform: None }),
            Err(why) => out.diagnostics.push(Diagnostic::warning(v.chunk_offset(OGF_FASTPATH), why.prefixed(&format!("visual {} FASTPATH: ", v.index)))),
        }
    }
    out
}
