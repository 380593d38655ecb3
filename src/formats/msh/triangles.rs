//! Component 7: per-triangle descriptors of a model, used for collision and picking (the
//! vertices come from the batches, not from here).

use super::component::{Record, record_component};
use crate::formats::bytes::{le_i16, le_u16};
use crate::formats::readings::NormalScale;

pub const FLAG_WALKABLE: u16 = 0x2;
pub const FLAG_SEE_THROUGH: u16 = 0x4;
pub const FLAG_DOOR: u16 = 0x10;
pub const FLAG_GLASS: u16 = 0x20;
/// "No neighbour" in the neighbour links.
pub const NO_NEIGHBOUR: u16 = 0xFFFF;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TriDesc16 {
    pub flags: u16,
    pub neighbours: [u16; 3],
    pub normal: [i16; 3],
    /// Three 2-bit codes, bits 0-1, 2-3 and 4-5; 3 = none. Higher bits are kept.
    pub selectors: u16,
}

impl TriDesc16 {
    /// Selector `k` (0..3); `None` for the code 3.
    pub fn selector(&self, k: usize) -> Option<u8> {
        let code = (self.selectors >> (2 * k.min(2))) & 3;
        (code != 3).then_some(code as u8)
    }
    pub fn normal_f32(&self, scale: NormalScale) -> [f32; 3] {
        decode_face_normal(self.normal, scale)
    }
}

/// A stored face normal (components 7 and 21) under a reading: i16 / 32767 by default, the raw
/// integers under the other.
pub fn decode_face_normal(n: [i16; 3], scale: NormalScale) -> [f32; 3] {
    n.map(|v| match scale {
        NormalScale::I16Over32767 => (v as f32 / 32767.0).clamp(-1.0, 1.0),
        NormalScale::Raw => v as f32,
    })
}

/// A unit face normal packed as i16 / 32767.
pub fn encode_face_normal(n: [f32; 3]) -> [i16; 3] {
    let v = glam::Vec3::from(n).normalize_or_zero();
    [v.x, v.y, v.z].map(|c| (c * 32767.0).round().clamp(-32767.0, 32767.0) as i16)
}

impl Record for TriDesc16 {
    const SIZE: usize = 16;
    fn read(b: &[u8]) -> Self {
        TriDesc16 {
            flags: le_u16(b, 0),
            neighbours: [le_u16(b, 2), le_u16(b, 4), le_u16(b, 6)],
            normal: [le_i16(b, 8), le_i16(b, 10), le_i16(b, 12)],
            selectors: le_u16(b, 14),
        }
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.flags.to_le_bytes());
        for v in self.neighbours {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.normal {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.selectors.to_le_bytes());
    }
}

record_component!(
    /// Component 7: one descriptor per triangle of the model.
    TriDescs, 7, "triangle descriptors", TriDesc16
);

#[cfg(test)]
mod tests {
    use super::super::component::Component;
    use super::*;

    #[test]
    fn descriptor_fields() {
        let b = [
            0x22, 0x00, // flags: walkable | glass
            0x01, 0x00, 0xFF, 0xFF, 0x05, 0x00, // neighbours 1, none, 5
            0x00, 0x00, 0x00, 0x00, 0xFF, 0x7F, // normal (0, 0, 32767)
            0x34, 0x00, // selectors: 0b11_01_00 -> 0, 1, none
        ];
        let t = TriDescs::decode(&b, [0; 3]).unwrap();
        let d = t.0[0];
        assert_eq!(d.flags, FLAG_WALKABLE | FLAG_GLASS);
        assert_eq!(d.neighbours, [1, NO_NEIGHBOUR, 5]);
        assert_eq!(d.normal_f32(NormalScale::I16Over32767), [0.0, 0.0, 1.0]);
        assert_eq!(d.normal_f32(NormalScale::Raw), [0.0, 0.0, 32767.0]);
        assert_eq!((d.selector(0), d.selector(1), d.selector(2)), (Some(0), Some(1), None));
        assert_eq!(t.encode(), b);
        assert_eq!(encode_face_normal([0.0, -3.0, 0.0]), [0, -32767, 0]);
    }
}
