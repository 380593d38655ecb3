//! A map's `Land.map` (docs/formats/land-map.md): an NRes archive holding one entry of type 12,
//! `ArealMap`, whose first attribute counts the areals. The payload is the navigation areals
//! (convex polygons with their neighbours across each edge) and a grid of cells listing the
//! areals each cell meets.
//!
//! The archive is the project's NRes codec (`formats::nres`), so its header, directory row and
//! padding are kept as read; the payload model holds every field (floats as read, the
//! sub-blocks no shipped map has as raw bytes), so an untouched map writes back identical.

pub mod check;
mod parse;
#[cfg(test)]
mod tests;

pub use check::{Extent, Finding};

use crate::formats::bytes::{SharedBytes, WriteLe};
use crate::formats::nres::Archive;
use crate::formats::{Error, Result};
use crate::msg;
use serde::{Deserialize, Serialize};

/// The entry's type id and name.
pub const TYPE_AREAL_MAP: u32 = 12;
pub const ENTRY_NAME: &[u8] = b"ArealMap";
/// The fixed part of an areal, before its vertices.
pub const AREAL_HEADER: usize = 56;
/// A cell lists fewer than this many areals (the engine packs the count into 10 bits).
pub const CELL_LIMIT: usize = 1024;
/// Class words of lake areals.
pub const LAKE_CLASSES: [u32; 2] = [240, 242];

/// How an areal's sub-blocks are sized. No shipped map has one; the public readers disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum SubBlockReading {
    /// A count `n`, then `n` 12-byte records.
    #[default]
    Records12,
    /// A count `n`, then `3n + 1` words.
    Words3nPlus1,
}

impl SubBlockReading {
    /// The body length after the count word, `None` when it overflows.
    pub fn body_len(self, n: u32) -> Option<u64> {
        let n = u64::from(n);
        match self {
            SubBlockReading::Records12 => n.checked_mul(12),
            SubBlockReading::Words3nPlus1 => n.checked_mul(3).and_then(|w| w.checked_add(1)).map(|w| w * 4),
        }
    }
}

/// The neighbour across one edge: the areal and the index of the same edge in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    pub areal: i32,
    pub edge: i32,
}

impl Link {
    /// No neighbour: the edge lies on the map's border.
    pub const BORDER: Link = Link { areal: -1, edge: -1 };
    pub fn is_border(self) -> bool {
        self == Link::BORDER
    }
}

/// A sub-block as read: its count word and the bytes the reading gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubBlock {
    pub n: u32,
    pub body: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Areal {
    pub centre: [f32; 2],
    /// 0, 0 in shipped maps (one reader: the centre's height and a reserved float).
    pub reserved: [f32; 2],
    pub area: f32,
    /// 0, 0, 1 in shipped maps.
    pub normal: [f32; 3],
    /// 1, 0, class, 0.
    pub words: [u32; 4],
    /// Counter-clockwise.
    pub vertices: Vec<[f32; 3]>,
    /// One per edge, then three per sub-block.
    pub links: Vec<Link>,
    pub sub_blocks: Vec<SubBlock>,
}

impl Areal {
    pub fn class(&self) -> u32 {
        self.words[2]
    }
    pub fn is_lake(&self) -> bool {
        LAKE_CLASSES.contains(&self.class())
    }
    /// The links the format has for this areal: one per vertex and three per sub-block.
    pub fn expected_links(&self) -> usize {
        self.vertices.len() + 3 * self.sub_blocks.len()
    }
    fn len(&self) -> usize {
        AREAL_HEADER + 12 * self.vertices.len() + 8 * self.links.len() + self.sub_blocks.iter().map(|s| 4 + s.body.len()).sum::<usize>()
    }
    /// The vertices' bounding rectangle in x, y (`None` without vertices).
    pub fn bounds(&self) -> Option<Extent> {
        let first = self.vertices.first()?;
        let mut e = Extent { min: [first[0], first[1]], max: [first[0], first[1]] };
        for v in &self.vertices {
            e.min = [e.min[0].min(v[0]), e.min[1].min(v[1])];
            e.max = [e.max[0].max(v[0]), e.max[1].max(v[1])];
        }
        Some(e)
    }
}

/// The payload of the `ArealMap` entry.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ArealMap {
    pub areals: Vec<Areal>,
    /// Cells along x.
    pub across: u32,
    /// Cells along y.
    pub down: u32,
    /// `across × down` cells, x the outer loop: cell (x, y) is `cells[x * down + y]`.
    pub cells: Vec<Vec<u16>>,
}

/// Where the parts of a payload lie, relative to the payload.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Layout {
    pub areals: Vec<usize>,
    /// The `across` word.
    pub grid: usize,
    /// Each cell's count word.
    pub cells: Vec<usize>,
    pub end: usize,
}

impl ArealMap {
    pub fn cell(&self, x: u32, y: u32) -> Option<&[u16]> {
        if x >= self.across || y >= self.down {
            return None;
        }
        self.cells.get(x as usize * self.down as usize + y as usize).map(|c| c.as_slice())
    }

    /// Where a link's pair lies in the payload.
    pub fn link_offset(&self, layout: &Layout, areal: usize, edge: usize) -> usize {
        layout.areals[areal] + AREAL_HEADER + 12 * self.areals[areal].vertices.len() + 8 * edge
    }

    pub fn layout(&self) -> Layout {
        let mut l = Layout::default();
        let mut at = 0;
        for a in &self.areals {
            l.areals.push(at);
            at += a.len();
        }
        l.grid = at;
        at += 8;
        for c in &self.cells {
            l.cells.push(at);
            at += 2 + 2 * c.len();
        }
        l.end = at;
        l
    }

    /// The payload. Fails on what no reader could read back: links other than one per edge and
    /// three per sub-block, a cell list of 1,024 or more, a grid of another size than
    /// `across × down`, a count past u32.
    pub fn write(&self) -> Result<Vec<u8>> {
        let cells = u64::from(self.across) * u64::from(self.down);
        if self.cells.len() as u64 != cells || cells == 0 {
            return Err(Error::new(0, msg!("landmap-grid-cells", "{n} cells for a {across}×{down} grid", n = self.cells.len(), across = self.across, down = self.down)));
        }
        let layout = self.layout();
        let mut out = Vec::with_capacity(layout.end);
        for (i, a) in self.areals.iter().enumerate() {
            if a.links.len() != a.expected_links() {
                return Err(Error::new(
                    layout.areals[i],
                    msg!(
                        "landmap-areal-links",
                        "areal {i}: {links} links for {vertices} vertices and {blocks} sub-blocks",
                        i = i,
                        links = a.links.len(),
                        vertices = a.vertices.len(),
                        blocks = a.sub_blocks.len()
                    ),
                ));
            }
            a.centre.iter().chain(&a.reserved).for_each(|&f| out.put_f32(f));
            out.put_f32(a.area);
            a.normal.iter().for_each(|&f| out.put_f32(f));
            a.words.iter().for_each(|&w| out.put_u32(w));
            out.put_u32(count(a.vertices.len(), layout.areals[i])?);
            out.put_u32(count(a.sub_blocks.len(), layout.areals[i])?);
            a.vertices.iter().flatten().for_each(|&f| out.put_f32(f));
            for l in &a.links {
                out.put_i32(l.areal);
                out.put_i32(l.edge);
            }
            for s in &a.sub_blocks {
                out.put_u32(s.n);
                out.extend_from_slice(&s.body);
            }
        }
        out.put_u32(self.across);
        out.put_u32(self.down);
        for (k, c) in self.cells.iter().enumerate() {
            if c.len() >= CELL_LIMIT {
                return Err(Error::new(layout.cells[k], msg!("landmap-cell-too-long", "cell {k} lists {n} areals (fewer than {limit} fit)", k = k, n = c.len(), limit = CELL_LIMIT)));
            }
            out.put_u16(c.len() as u16);
            c.iter().for_each(|&a| out.put_u16(a));
        }
        Ok(out)
    }
}

/// A coordinate as a message value: the decimal text `{}` shows for the `f32`, as an `f64` (a
/// widened `f32` would show its binary tail, `0.10000000149011612`, in a translation).
pub(crate) fn decimal(v: f32) -> f64 {
    v.to_string().parse().unwrap_or(f64::from(v))
}

fn count(n: usize, at: usize) -> Result<u32> {
    u32::try_from(n).map_err(|_| Error::new(at, msg!("landmap-count-too-big", "count {n} does not fit a u32", n = n)))
}

/// The whole file: the archive as read and the areal map of its one entry.
#[derive(Debug, Clone)]
pub struct LandMap {
    archive: Archive,
    pub map: ArealMap,
    /// The reading the sub-blocks were sized with.
    pub reading: SubBlockReading,
}

impl LandMap {
    /// A new file: one `ArealMap` entry of type 12 with the areal count in its first attribute.
    pub fn new(map: ArealMap) -> Result<LandMap> {
        let payload = map.write()?;
        let mut archive = Archive::new();
        archive.add(ENTRY_NAME, TYPE_AREAL_MAP, [count(map.areals.len(), 0)?, 0, 0], payload)?;
        Ok(LandMap { archive, map, reading: SubBlockReading::default() })
    }

    pub fn archive(&self) -> &Archive {
        &self.archive
    }

    /// Where the payload starts in the file as read (or as last written).
    pub fn payload_offset(&self) -> u64 {
        u64::from(self.archive.entry(0).offset())
    }

    /// The file. An untouched map is the archive as read; an edited one replaces the payload
    /// (the NRes writer keeps every other byte) and sets the areal count.
    pub fn write(&self) -> Result<Vec<u8>> {
        let payload = self.map.write()?;
        let n = count(self.map.areals.len(), 0)?;
        let row = self.archive.entry(0);
        if *self.archive.payload(0) == *payload && row.attr1() == n {
            return Ok(self.archive.write());
        }
        let mut a = self.archive.clone();
        a.replace(0, SharedBytes::from(payload))?;
        a.set_attrs(0, [n, row.attr2(), row.attr3()])?;
        Ok(a.write())
    }
}
