//! Checks of an areal map beyond what a parse refuses (docs/formats/land-map.md, "Checks"):
//! links that do not point back, cells naming areals that do not exist (an edited map can
//! have them), and a grid that does not cover the landscape. The landscape's extent is a
//! parameter: it comes from the map's `Land.msh`, which this layer does not read.

use super::{ArealMap, Layout, LandMap};
use super::decimal;
use crate::formats::{Diagnostic, Message};
use crate::msg;
use std::fmt;

/// A rectangle in x, y.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Extent {
    pub min: [f32; 2],
    pub max: [f32; 2],
}

impl Extent {
    fn meets(&self, o: &Extent, slack: f32) -> bool {
        self.min[0] <= o.max[0] + slack && o.min[0] <= self.max[0] + slack && self.min[1] <= o.max[1] + slack && o.min[1] <= self.max[1] + slack
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// Areal `areal`'s link `edge` names an edge whose own link does not name it back.
    OneWayLink { areal: usize, edge: usize, to: (i32, i32), back: (i32, i32) },
    /// A link that is neither the border nor an edge of an existing areal.
    BadLink { areal: usize, edge: usize, to: (i32, i32) },
    /// A cell names an areal past the end of the list.
    MissingAreal { x: u32, y: u32, areal: u16 },
    /// A cell inside the extent lists no areal: nothing can be found there.
    EmptyCell { x: u32, y: u32 },
    /// A cell lists an areal whose vertices lie away from the cell's rectangle.
    AwayFromCell { x: u32, y: u32, areal: u16 },
    /// The areals together do not reach the extent's edge on a side (`side`: 0 −x, 1 −y, 2 +x, 3 +y).
    Uncovered { side: u8, reach: f32, edge: f32 },
}

impl Finding {
    /// What the finding says, with its id (the editor shows it in the user's language).
    pub fn message(&self) -> Message {
        match *self {
            Finding::OneWayLink { areal, edge, to, back } => msg!(
                "landmap-one-way-link",
                "areal {areal} edge {edge} links to areal {to_areal} edge {to_edge}, whose link is ({back_areal}, {back_edge}), not back",
                areal = areal,
                edge = edge,
                to_areal = to.0,
                to_edge = to.1,
                back_areal = back.0,
                back_edge = back.1
            ),
            Finding::BadLink { areal, edge, to } => msg!(
                "landmap-link-to-nothing",
                "areal {areal} edge {edge} links to ({to_areal}, {to_edge}), which does not exist",
                areal = areal,
                edge = edge,
                to_areal = to.0,
                to_edge = to.1
            ),
            Finding::MissingAreal { x, y, areal } => msg!("landmap-cell-missing-areal", "cell ({x}, {y}) names areal {areal}, which does not exist", x = x, y = y, areal = areal),
            Finding::EmptyCell { x, y } => msg!("landmap-cell-empty", "cell ({x}, {y}) lists no areal", x = x, y = y),
            Finding::AwayFromCell { x, y, areal } => msg!("landmap-cell-areal-away", "cell ({x}, {y}) lists areal {areal}, which lies away from it", x = x, y = y, areal = areal),
            Finding::Uncovered { side, reach, edge } => msg!(
                "landmap-uncovered",
                "the areals reach {reach} on the {side} side; the landscape goes to {edge}",
                reach = decimal(reach),
                side = ["-x", "-y", "+x", "+y"][side as usize & 3],
                edge = decimal(edge)
            ),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().english)
    }
}

/// Links that are not symmetric: (a, e) → (b, f) needs (b, f) → (a, e).
pub fn one_way_links(map: &ArealMap) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, a) in map.areals.iter().enumerate() {
        for (k, l) in a.links.iter().enumerate().take(a.vertices.len()) {
            if l.is_border() {
                continue;
            }
            let back = usize::try_from(l.areal).ok().and_then(|t| map.areals.get(t)).and_then(|t| usize::try_from(l.edge).ok().and_then(|e| t.links.get(e)));
            match back {
                None => out.push(Finding::BadLink { areal: i, edge: k, to: (l.areal, l.edge) }),
                Some(b) if b.areal != i as i32 || b.edge != k as i32 => {
                    out.push(Finding::OneWayLink { areal: i, edge: k, to: (l.areal, l.edge), back: (b.areal, b.edge) })
                }
                Some(_) => {}
            }
        }
    }
    out
}

/// Cells naming areals past the end of the list.
pub fn missing_areals(map: &ArealMap) -> Vec<Finding> {
    let mut out = Vec::new();
    for (k, c) in map.cells.iter().enumerate() {
        let (x, y) = cell_xy(map, k);
        out.extend(c.iter().filter(|&&a| a as usize >= map.areals.len()).map(|&a| Finding::MissingAreal { x, y, areal: a }));
    }
    out
}

fn cell_xy(map: &ArealMap, k: usize) -> (u32, u32) {
    let down = map.down.max(1) as usize;
    ((k / down) as u32, (k % down) as u32)
}

/// Whether the grid covers `extent`, the grid spread evenly over it: every cell lists an
/// areal, every areal a cell lists comes near the cell (within a tenth of a cell), and the
/// areals together reach every side (within a cell).
pub fn coverage(map: &ArealMap, extent: Extent) -> Vec<Finding> {
    let mut out = Vec::new();
    if map.across == 0 || map.down == 0 {
        return out;
    }
    let w = (extent.max[0] - extent.min[0]) / map.across as f32;
    let h = (extent.max[1] - extent.min[1]) / map.down as f32;
    let bounds: Vec<Option<Extent>> = map.areals.iter().map(|a| a.bounds()).collect();
    for (k, c) in map.cells.iter().enumerate() {
        let (x, y) = cell_xy(map, k);
        if c.is_empty() {
            out.push(Finding::EmptyCell { x, y });
            continue;
        }
        let min = [extent.min[0] + x as f32 * w, extent.min[1] + y as f32 * h];
        let cell = Extent { min, max: [min[0] + w, min[1] + h] };
        for &a in c {
            if let Some(Some(b)) = bounds.get(a as usize)
                && !b.meets(&cell, 0.1 * w.abs().max(h.abs()))
            {
                out.push(Finding::AwayFromCell { x, y, areal: a });
            }
        }
    }
    if let Some(all) = bounds.iter().flatten().copied().reduce(|a, b| Extent {
        min: [a.min[0].min(b.min[0]), a.min[1].min(b.min[1])],
        max: [a.max[0].max(b.max[0]), a.max[1].max(b.max[1])],
    }) {
        let sides = [(all.min[0], extent.min[0], -1.0, w), (all.min[1], extent.min[1], -1.0, h), (all.max[0], extent.max[0], 1.0, w), (all.max[1], extent.max[1], 1.0, h)];
        for (side, (reach, edge, dir, cell)) in sides.into_iter().enumerate() {
            if (edge - reach) * dir > cell.abs() {
                out.push(Finding::Uncovered { side: side as u8, reach, edge });
            }
        }
    }
    out
}

impl LandMap {
    /// Every finding of this module as a diagnostic at the file offset of the link or cell
    /// (warnings: the game reads such a map; units may path oddly across it). The coverage
    /// check runs only when the landscape's extent is given.
    pub fn check(&self, extent: Option<Extent>) -> Vec<Diagnostic> {
        let map = &self.map;
        let layout = map.layout();
        let base = self.payload_offset();
        let mut findings = one_way_links(map);
        findings.extend(missing_areals(map));
        if let Some(e) = extent {
            findings.extend(coverage(map, e));
        }
        findings.into_iter().map(|f| Diagnostic::warning(base + offset_of(map, &layout, &f) as u64, f.message())).collect()
    }
}

fn offset_of(map: &ArealMap, layout: &Layout, f: &Finding) -> usize {
    let cell = |x: u32, y: u32| layout.cells.get(x as usize * map.down as usize + y as usize).copied().unwrap_or(layout.grid);
    match *f {
        Finding::OneWayLink { areal, edge, .. } | Finding::BadLink { areal, edge, .. } => map.link_offset(layout, areal, edge),
        Finding::MissingAreal { x, y, .. } | Finding::EmptyCell { x, y } | Finding::AwayFromCell { x, y, .. } => cell(x, y),
        Finding::Uncovered { .. } => layout.grid,
    }
}
