//! CPU geometry of a landscape (`Land.msh`) at one of its two LODs: every tile's slot (LOD0
//! `slot_index[0]`, LOD1 `slot_index[5]`) names a range of component-21 triangles, whose
//! vertex indices point straight into the vertex arrays. Triangles are grouped by their
//! (primary, secondary) material pair so a renderer draws each group once, blending the
//! secondary by the per-vertex alpha of component 14.

use super::Parts;
use super::geometry::{MAX_DRAWN_INDICES, vertex_normals};
use super::landscape::LandTri28;
use super::nodes::{NONE, NodeTable};
use super::vertex::{decode_normal, decode_uv};
use crate::formats::readings::{LandWear, Readings};
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;
use std::ops::Range;

/// The grid cell holding a tile's slot at each LOD (docs/formats/msh.md: slots 0-255, then
/// 256-511).
pub const LOD_CELLS: [usize; 2] = [0, 5];

/// Which loose `.wea` file beside `Land.msh` a material byte indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LandWearFile {
    Land1,
    Land2,
}

impl LandWearFile {
    pub fn file_name(self) -> &'static str {
        match self {
            LandWearFile::Land1 => "Land1.wea",
            LandWearFile::Land2 => "Land2.wea",
        }
    }
}

/// The table the material bytes of a LOD index, and the one giving each entry's
/// microtexture, under the reading of docs/readings.md.
pub fn wear_tables(lod: usize, reading: LandWear) -> (LandWearFile, Option<LandWearFile>) {
    match reading {
        LandWear::Land1BothLods => (LandWearFile::Land1, Some(LandWearFile::Land2)),
        LandWear::Land1Lod0Land2Lod1 if lod == 0 => (LandWearFile::Land1, None),
        LandWear::Land1Lod0Land2Lod1 => (LandWearFile::Land2, None),
    }
}

/// One drawn triangle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LandTriangleInfo {
    /// Index into component 21.
    pub source: u32,
    pub tile: u32,
    pub flags: u32,
    pub primary: Option<u8>,
    pub secondary: Option<u8>,
    /// Flag 0x004: the secondary material is blended in.
    pub blended: bool,
    /// Flag 0x20000 under the default reading.
    pub water: bool,
    /// Flag 0x20000 under the public description's reading.
    pub collision: bool,
    pub liquid_bed: bool,
    pub normal: [f32; 3],
}

#[derive(Debug, Clone, PartialEq)]
pub struct MaterialGroup {
    pub primary: Option<u8>,
    pub secondary: Option<u8>,
    /// Range of [`LandscapeMesh::indices`] (and, divided by 3, of `triangles`).
    pub indices: Range<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TileInfo {
    pub node: u32,
    pub slot: u32,
    /// Range of component-21 triangles the tile's slot names.
    pub source: Range<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LandscapeMesh {
    pub lod: usize,
    pub cells_across: Option<u32>,
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub uv0: Vec<[f32; 2]>,
    /// Component 18: microtexture / lightmap UVs.
    pub uv1: Option<Vec<[f32; 2]>>,
    /// Component 14 (0 where missing).
    pub second_alpha: Vec<f32>,
    /// Three per triangle, grouped by material.
    pub indices: Vec<u32>,
    /// One per drawn triangle, parallel to `indices` / 3.
    pub triangles: Vec<LandTriangleInfo>,
    pub groups: Vec<MaterialGroup>,
    pub tiles: Vec<TileInfo>,
    pub wear: LandWearFile,
    pub microtexture_wear: Option<LandWearFile>,
}

/// Extracts LOD 0 or 1. Fails without positions, tiles, slots or triangles; a reference out
/// of range drops the triangle or tile and is reported.
pub fn extract_landscape(parts: &Parts, readings: &Readings, lod: usize) -> Result<(LandscapeMesh, Vec<Diagnostic>)> {
    let cell = *LOD_CELLS.get(lod).ok_or_else(|| Error::new(0, msg!("msh-land-lod", "a landscape has LOD 0 and 1, not {lod}", lod = lod)))?;
    let positions = parts.positions.as_ref().ok_or_else(|| Error::new(0, msg!("msh-land-no-positions", "the landscape has no positions (component 3)")))?;
    let nodes = match parts.nodes.as_ref() {
        Some(NodeTable::Node38(n)) => n,
        Some(NodeTable::Raw24(_)) => return Err(Error::new(parts.offset(1), msg!("msh-land-node24", "24-byte node table: the tiles' slots cannot be read"))),
        None => return Err(Error::new(0, msg!("msh-land-no-tiles", "the landscape has no tiles (component 1)"))),
    };
    let slots = parts.slots.as_ref().ok_or_else(|| Error::new(0, msg!("msh-land-no-slots", "the landscape has no slots (component 2)")))?;
    let tris = parts.land_triangles.as_ref().ok_or_else(|| Error::new(0, msg!("msh-land-no-triangles", "the landscape has no triangles (component 21)")))?;
    let vcount = positions.0.len();
    let mut diags = Vec::new();
    let mut tiles = Vec::new();
    let mut drawn: Vec<(LandTriangleInfo, [u32; 3])> = Vec::new();
    let mut dropped = 0usize;
    // A LOD's tiles cover disjoint ranges of component 21, so together they name at most all
    // of its triangles; more means overlapping ranges (and, unchecked, tiles x 65,535).
    let budget = tris.0.len().min(MAX_DRAWN_INDICES / 3);
    let mut named = 0usize;
    'tiles: for (i, n) in nodes.iter().enumerate() {
        let s = n.slots[cell];
        if s == NONE {
            continue;
        }
        let Some(slot) = slots.slots.get(s as usize) else {
            diags.push(Diagnostic::error(parts.offset(1), msg!("msh-tile-slot-past", "tile {i}: slot {s} is past the {n} slots", i = i, s = s, n = slots.slots.len())));
            continue;
        };
        let range = slot.tri_range();
        named += range.len();
        if named > budget {
            diags.push(Diagnostic::error(
                parts.offset(1),
                msg!(
                    "msh-tile-ranges-overlap",
                    "tile {i}: the tiles' triangle ranges overlap (more than the {budget} landscape triangles named); the rest is not drawn",
                    i = i,
                    budget = budget
                ),
            ));
            break 'tiles;
        }
        tiles.push(TileInfo { node: i as u32, slot: s as u32, source: range.start as u32..range.end as u32 });
        for t in range {
            let Some(tri) = tris.0.get(t) else {
                dropped += 1;
                continue;
            };
            if tri.vertices.iter().any(|&v| v as usize >= vcount) {
                dropped += 1;
                continue;
            }
            drawn.push((info(tri, t as u32, i as u32, readings), tri.vertices.map(u32::from)));
        }
    }
    if dropped > 0 {
        diags.push(Diagnostic::error(
            parts.offset(21),
            msg!("msh-land-dropped-triangles", "{dropped} landscape triangles are missing or use vertices past the {vcount}; not drawn", dropped = dropped, vcount = vcount),
        ));
    }
    // Stable: within a material pair, triangles keep tile order.
    drawn.sort_by_key(|(t, _)| (t.primary.map_or(256, u16::from), t.secondary.map_or(256, u16::from)));
    let mut indices = Vec::with_capacity(drawn.len() * 3);
    let mut groups: Vec<MaterialGroup> = Vec::new();
    for (t, v) in &drawn {
        let at = indices.len() as u32;
        match groups.last_mut() {
            Some(g) if g.primary == t.primary && g.secondary == t.secondary => g.indices.end = at + 3,
            _ => groups.push(MaterialGroup { primary: t.primary, secondary: t.secondary, indices: at..at + 3 }),
        }
        indices.extend_from_slice(v);
    }
    let stored = parts.normals.as_ref().map_or(&[][..], |n| &n.0[..]);
    let computed = (stored.len() < vcount).then(|| vertex_normals(&positions.0, &indices));
    let normals = (0..vcount)
        .map(|v| stored.get(v).map(|&n| decode_normal(n)).or_else(|| computed.as_ref().map(|c| c[v])).unwrap_or([0.0, 0.0, 1.0]))
        .collect();
    let uvs = parts.uv0.as_ref().map_or(&[][..], |u| &u.0[..]);
    let uv0 = (0..vcount).map(|v| uvs.get(v).map_or([0.0; 2], |&u| decode_uv(u, readings.uv))).collect();
    let uv1 = parts.lightmap_uv.as_ref().map(|l| (0..vcount).map(|v| l.0.get(v).map_or([0.0; 2], |&u| decode_uv(u, readings.uv))).collect());
    let alpha = parts.land_alpha.as_ref().map_or(&[][..], |a| &a.0[..]);
    let second_alpha = (0..vcount).map(|v| alpha.get(v).copied().unwrap_or(0.0)).collect();
    let (wear, microtexture_wear) = wear_tables(lod, readings.land_wear);
    let mesh = LandscapeMesh {
        lod,
        cells_across: parts.cells_across(),
        positions: positions.0.clone(),
        normals,
        uv0,
        uv1,
        second_alpha,
        indices,
        triangles: drawn.into_iter().map(|(t, _)| t).collect(),
        groups,
        tiles,
        wear,
        microtexture_wear,
    };
    Ok((mesh, diags))
}

fn info(t: &LandTri28, source: u32, tile: u32, r: &Readings) -> LandTriangleInfo {
    LandTriangleInfo {
        source,
        tile,
        flags: t.flags,
        primary: t.primary(),
        secondary: t.secondary(),
        blended: t.has_second_material(),
        water: t.is_water(r.land_flag_20000),
        collision: t.is_collision(r.land_flag_20000),
        liquid_bed: t.is_liquid_bed(),
        normal: t.normal_f32(r.face_normal),
    }
}
