//! Component 13: Batch20 draw records. All readers agree on the index range and base vertex;
//! the first eight bytes and the word at +14 are read two ways (docs/readings.md), so the
//! record keeps every byte and the readings are accessors.

use super::component::{Record, record_component};
use crate::formats::bytes::{le_u16, le_u32};
use crate::formats::readings::BatchMaterial;

/// "Not lightmapped" in the byte at +5 (default reading).
pub const NO_LIGHTMAP: u8 = 0xFF;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Batch20 {
    /// Bytes +0..+4: a u32 flags word (default reading); the public description's u16 flags and u16
    /// material index.
    pub head: u32,
    /// +4: the WEAR row (default reading).
    pub material: u8,
    /// +5: 0x00 uses the lightmap, 0xFF none (default reading).
    pub lightmap: u8,
    /// +6: the room node (default reading).
    pub room: u16,
    /// +8: number of indices drawn.
    pub index_count: u16,
    /// +10: first index in component 6.
    pub index_start: u32,
    /// +14: vertex count (default reading).
    pub vertex_count: u16,
    /// +16: added to every index.
    pub base_vertex: u32,
}

impl Batch20 {
    /// The material index under a reading: the byte at +4, or the public description's u16 at +2.
    pub fn material_index(&self, reading: BatchMaterial) -> u16 {
        match reading {
            BatchMaterial::ByteAt4 => self.material as u16,
            BatchMaterial::U16At2 => (self.head >> 16) as u16,
        }
    }
    /// Whether the batch uses the lightmap; only the default reading has this field.
    pub fn lightmapped(&self, reading: BatchMaterial) -> Option<bool> {
        match reading {
            BatchMaterial::ByteAt4 => Some(self.lightmap != NO_LIGHTMAP),
            BatchMaterial::U16At2 => None,
        }
    }
    /// The flags under a reading: the u32 at +0, or the public description's u16 at +0.
    pub fn flags(&self, reading: BatchMaterial) -> u32 {
        match reading {
            BatchMaterial::ByteAt4 => self.head,
            BatchMaterial::U16At2 => self.head & 0xFFFF,
        }
    }
    pub fn index_range(&self) -> std::ops::Range<u64> {
        self.index_start as u64..self.index_start as u64 + self.index_count as u64
    }
}

impl Record for Batch20 {
    const SIZE: usize = 20;
    fn read(b: &[u8]) -> Self {
        Batch20 {
            head: le_u32(b, 0),
            material: b[4],
            lightmap: b[5],
            room: le_u16(b, 6),
            index_count: le_u16(b, 8),
            index_start: le_u32(b, 10),
            vertex_count: le_u16(b, 14),
            base_vertex: le_u32(b, 16),
        }
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.head.to_le_bytes());
        out.push(self.material);
        out.push(self.lightmap);
        out.extend_from_slice(&self.room.to_le_bytes());
        out.extend_from_slice(&self.index_count.to_le_bytes());
        out.extend_from_slice(&self.index_start.to_le_bytes());
        out.extend_from_slice(&self.vertex_count.to_le_bytes());
        out.extend_from_slice(&self.base_vertex.to_le_bytes());
    }
}

record_component!(
    /// Component 13: draw batches; a slot names a range of them.
    Batches, 13, "batch table", Batch20
);

#[cfg(test)]
mod tests {
    use super::super::component::Component;
    use super::*;

    /// A batch whose fields differ under the two readings.
    const BATCH: [u8; 20] = [
        0x01, 0x00, 0x07, 0x00, // +0: flags word 0x0007_0001 (u16at2: flags 1, material 7)
        0x03, // +4: WEAR row 3
        0x00, // +5: lightmapped
        0x02, 0x00, // +6: room node 2
        0x24, 0x00, // +8: index_count 36
        0x10, 0x00, 0x00, 0x00, // +10: index_start 16
        0x18, 0x00, // +14: vertex count 24
        0x08, 0x00, 0x00, 0x00, // +16: base_vertex 8
    ];

    #[test]
    fn both_readings() {
        let b = Batches::decode(&BATCH, [0; 3]).unwrap();
        let x = b.0[0];
        assert_eq!((x.index_count, x.index_start, x.base_vertex, x.vertex_count, x.room), (36, 16, 8, 24, 2));
        assert_eq!(x.material_index(BatchMaterial::ByteAt4), 3);
        assert_eq!(x.material_index(BatchMaterial::U16At2), 7);
        assert_eq!(x.lightmapped(BatchMaterial::ByteAt4), Some(true));
        assert_eq!(x.lightmapped(BatchMaterial::U16At2), None);
        assert_eq!(x.flags(BatchMaterial::ByteAt4), 0x0007_0001);
        assert_eq!(x.flags(BatchMaterial::U16At2), 1);
        assert_eq!(x.index_range(), 16..52);
        assert_eq!(b.encode(), BATCH);
    }
}
