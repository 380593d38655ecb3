//! Component 1, the node table: Node38 records (a header of four words and the 3 x 5 slot
//! grid), or the rare 24-byte variant whose layout is unknown and is kept raw.

use super::component::{Component, Record, count32};
use crate::formats::bytes::le_u16;
use crate::formats::readings::SlotGrid;
use crate::formats::{Error, Result};

pub const NODE38: usize = 38;
pub const NODE24: usize = 24;
/// "None" in `parent`, `anim_map_start` and the slot grid.
pub const NONE: u16 = 0xFFFF;

pub const FLAG_INTERIOR: u16 = 0x1;
pub const FLAG_COCKPIT: u16 = 0x20;
pub const FLAG_DRAWN_AT_ZERO_LIFE: u16 = 0x100;

/// Rows and columns of the slot grid.
pub const GRID_ROWS: usize = 3;
pub const GRID_COLS: usize = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Node38 {
    pub flags: u16,
    /// 0xFFFF for a root; else the parent's index, which must be below this node's.
    pub parent: u16,
    /// First entry of this node's run in the frame map (component 19); 0xFFFF = none.
    pub anim_map_start: u16,
    /// The key (component 8) used when the map gives none: the last key of the node's run.
    pub fallback_key: u16,
    /// `slot_index[row * 5 + col]`, indices into component 2's slots; 0xFFFF = none.
    pub slots: [u16; 15],
}

impl Node38 {
    pub fn parent_index(&self) -> Option<usize> {
        (self.parent != NONE).then_some(self.parent as usize)
    }
    pub fn anim_map_start(&self) -> Option<usize> {
        (self.anim_map_start != NONE).then_some(self.anim_map_start as usize)
    }
    /// The slot stored in a grid cell, if any.
    pub fn slot(&self, cell: GridCell) -> Option<usize> {
        let v = *self.slots.get(cell.index())?;
        (v != NONE).then_some(v as usize)
    }
}

impl Record for Node38 {
    const SIZE: usize = NODE38;
    fn read(b: &[u8]) -> Self {
        let mut slots = [0u16; 15];
        for (k, s) in slots.iter_mut().enumerate() {
            *s = le_u16(b, 8 + 2 * k);
        }
        Node38 { flags: le_u16(b, 0), parent: le_u16(b, 2), anim_map_start: le_u16(b, 4), fallback_key: le_u16(b, 6), slots }
    }
    fn write(&self, out: &mut Vec<u8>) {
        for v in [self.flags, self.parent, self.anim_map_start, self.fallback_key].iter().chain(&self.slots) {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
}

/// A cell of the 3 x 5 slot grid: `slot_index[row * 5 + col]`. What rows and columns mean is
/// a reading (docs/readings.md): by default rows are damage variants and columns 0..3 the LODs
/// (column 4 the unit's own first-person view); by the oldest public description
/// (docs/formats/msh.md), rows are LODs and columns groups. The stored index is the same under
/// both; only the names differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct GridCell {
    pub row: u8,
    pub col: u8,
}

impl GridCell {
    pub fn new(row: usize, col: usize) -> Result<GridCell> {
        if row >= GRID_ROWS || col >= GRID_COLS {
            return Err(Error::new(0, crate::msg!("msh-cell-outside-grid", "slot grid cell ({row}, {col}) is outside the 3 x 5 grid", row = row, col = col)));
        }
        Ok(GridCell { row: row as u8, col: col as u8 })
    }
    /// The CLI's `--lod L --variant V`: `slot_index[V * 5 + L]` (docs/cli.md#export).
    pub fn from_lod_variant(lod: usize, variant: usize) -> Result<GridCell> {
        if lod > 3 || variant >= GRID_ROWS {
            return Err(Error::new(0, crate::msg!("msh-lod-variant-outside", "LOD {lod} / variant {variant} outside LOD 0..3, variant 0..2", lod = lod, variant = variant)));
        }
        GridCell::new(variant, lod)
    }
    pub fn from_index(i: usize) -> Result<GridCell> {
        GridCell::new(i / GRID_COLS, i % GRID_COLS)
    }
    pub fn index(self) -> usize {
        self.row as usize * GRID_COLS + self.col as usize
    }
    /// Every cell in index order.
    pub fn all() -> impl Iterator<Item = GridCell> {
        (0..GRID_ROWS * GRID_COLS).map(|i| GridCell { row: (i / GRID_COLS) as u8, col: (i % GRID_COLS) as u8 })
    }
    /// The cell's name under a reading ("variant 1, LOD 2", "LOD 1, group 2").
    pub fn label(self, grid: SlotGrid) -> crate::formats::Message {
        let (row, col) = (self.row, self.col);
        match grid {
            SlotGrid::VariantTimes5PlusLod if col == 4 => crate::msg!("msh-cell-first-person", "variant {row}, first-person view", row = row),
            SlotGrid::VariantTimes5PlusLod => crate::msg!("msh-cell-variant", "variant {row}, LOD {col}", row = row, col = col),
            SlotGrid::LodTimes5PlusGroup => crate::msg!("msh-cell-group", "LOD {row}, group {col}", row = row, col = col),
        }
    }
    /// The level of detail the cell stands for under a reading (`None`: the first-person view).
    pub fn lod(self, grid: SlotGrid) -> Option<usize> {
        match grid {
            SlotGrid::VariantTimes5PlusLod => (self.col < 4).then_some(self.col as usize),
            SlotGrid::LodTimes5PlusGroup => Some(self.row as usize),
        }
    }
}

/// The node table in either stored layout.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeTable {
    Node38(Vec<Node38>),
    /// The 24-byte variant (one shipped mesh): the layout is unknown, so the records stay raw.
    Raw24(Vec<[u8; NODE24]>),
}

impl NodeTable {
    pub fn len(&self) -> usize {
        match self {
            NodeTable::Node38(n) => n.len(),
            NodeTable::Raw24(r) => r.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn stride(&self) -> usize {
        match self {
            NodeTable::Node38(_) => NODE38,
            NodeTable::Raw24(_) => NODE24,
        }
    }
    /// The Node38 records; `None` for the 24-byte variant.
    pub fn nodes(&self) -> Option<&[Node38]> {
        match self {
            NodeTable::Node38(n) => Some(n),
            NodeTable::Raw24(_) => None,
        }
    }
}

/// Which record size a node-table payload uses. A size that is a multiple of 24 but not of 38
/// is the 24-byte variant (docs/formats/msh.md); a size both divide (0, 456, ...) follows the
/// stride stored in `attr3` (the one shipped 24-byte table has `attr3 == 24`).
pub fn detect_stride(len: usize, attr3: u32) -> Option<usize> {
    let by38 = len.is_multiple_of(NODE38);
    let by24 = len.is_multiple_of(NODE24);
    match (by38, by24) {
        (true, true) if attr3 == NODE24 as u32 => Some(NODE24),
        (true, _) => Some(NODE38),
        (false, true) => Some(NODE24),
        (false, false) => None,
    }
}

impl Component for NodeTable {
    const TYPE_ID: u32 = 1;
    const LABEL: &'static str = "node table";
    fn decode(bytes: &[u8], attrs: [u32; 3]) -> Result<Self> {
        match detect_stride(bytes.len(), attrs[2]) {
            Some(NODE24) => Ok(NodeTable::Raw24(bytes.chunks_exact(NODE24).map(<[u8; NODE24]>::read).collect())),
            Some(_) => Ok(NodeTable::Node38(bytes.chunks_exact(NODE38).map(Node38::read).collect())),
            None => Err(Error::new(
                0,
                crate::msg!(
                    "msh-node-table-stride",
                    "node table: {len} bytes is neither a whole number of 38-byte nodes ({rem38} left over) nor of 24-byte ones ({rem24} left over)",
                    len = bytes.len(),
                    rem38 = bytes.len() % NODE38,
                    rem24 = bytes.len() % NODE24
                ),
            )),
        }
    }
    fn encode(&self) -> Vec<u8> {
        match self {
            NodeTable::Node38(n) => super::component::encode_records(n),
            NodeTable::Raw24(r) => super::component::encode_records(r),
        }
    }
    /// `attr3` is the record size (38, or 24 for the variant), as in every shipped mesh.
    fn derived_attrs(&self) -> [Option<u32>; 3] {
        [Some(count32(self.len())), None, Some(self.stride() as u32)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One Node38 as stored: flags 0x0120, parent 0xFFFF, map start 4, fallback key 9, then the
    /// 15 slots 0, 1, 0xFFFF x 13.
    fn node_bytes() -> Vec<u8> {
        let mut b = vec![
            0x20, 0x01, // flags
            0xFF, 0xFF, // parent: root
            0x04, 0x00, // anim_map_start
            0x09, 0x00, // fallback_key
            0x00, 0x00, // slot 0 (row 0, col 0)
            0x01, 0x00, // slot 1 (row 0, col 1)
        ];
        b.extend(std::iter::repeat_n(0xFF, 26)); // slots 2..14: none
        b
    }

    #[test]
    fn node38_fields() {
        let b = node_bytes();
        let t = NodeTable::decode(&b, [1, 0, 38]).unwrap();
        let n = t.nodes().unwrap()[0];
        assert_eq!(n.flags, FLAG_COCKPIT | FLAG_DRAWN_AT_ZERO_LIFE);
        assert_eq!(n.parent_index(), None);
        assert_eq!(n.anim_map_start(), Some(4));
        assert_eq!(n.fallback_key, 9);
        assert_eq!(n.slot(GridCell::new(0, 0).unwrap()), Some(0));
        assert_eq!(n.slot(GridCell::new(0, 1).unwrap()), Some(1));
        assert_eq!(n.slot(GridCell::new(2, 4).unwrap()), None);
        assert_eq!(t.encode(), b);
    }

    #[test]
    fn stride_detection() {
        assert_eq!(detect_stride(48, 0), Some(24));
        assert_eq!(detect_stride(76, 38), Some(38));
        assert_eq!(detect_stride(456, 38), Some(38));
        assert_eq!(detect_stride(456, 24), Some(24));
        assert_eq!(detect_stride(0, 38), Some(38));
        assert_eq!(detect_stride(50, 38), None);
        let raw: Vec<u8> = (0..48u8).collect();
        let t = NodeTable::decode(&raw, [2, 0, 24]).unwrap();
        assert!(matches!(&t, NodeTable::Raw24(r) if r.len() == 2));
        assert_eq!(t.encode(), raw);
        let e = NodeTable::decode(&[0; 50], [0; 3]).unwrap_err();
        assert!(e.message.contains("50 bytes"), "{e}");
    }

    #[test]
    fn grid_cells_and_labels() {
        let c = GridCell::from_lod_variant(2, 1).unwrap();
        assert_eq!(c.index(), 7);
        assert_eq!(c.label(SlotGrid::VariantTimes5PlusLod), "variant 1, LOD 2");
        assert_eq!(c.label(SlotGrid::LodTimes5PlusGroup), "LOD 1, group 2");
        assert_eq!(c.lod(SlotGrid::LodTimes5PlusGroup), Some(1));
        assert_eq!(GridCell::new(0, 4).unwrap().lod(SlotGrid::VariantTimes5PlusLod), None);
        assert!(GridCell::new(3, 0).is_err());
        assert!(GridCell::from_lod_variant(4, 0).is_err());
        assert_eq!(GridCell::all().count(), 15);
        assert_eq!(GridCell::from_index(14).unwrap(), GridCell { row: 2, col: 4 });
    }
}
