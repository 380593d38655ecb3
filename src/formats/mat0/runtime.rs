//! The engine's 76-byte runtime phase (docs/formats/mat0.md#runtime-phase-76-bytes) and the
//! interpolation between two of them (docs/formats/mat0.md#interpolation). The stored parameter
//! order (ambient, diffuse, specular, emissive) differs from the runtime order, which puts diffuse
//! first like Direct3D's `D3DMATERIAL`; the table [`VALUE_OF_PARAM`] is the one place that knows
//! the mapping.

use super::Phase;
use super::phase::{CELL, POWER, param_value};
use crate::formats::readings::InterpMask;

pub const RUNTIME_LEN: usize = 76;

/// For parameter byte `p[i]` (i < 16), the index of the runtime float it becomes (offset / 4).
pub const VALUE_OF_PARAM: [usize; 16] = [4, 5, 6, 7, 0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15];

/// One runtime phase: 16 floats, the power step at +64, the texture slot at +68, the cell at +72.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RuntimePhase {
    /// The floats at +0..+60 in offset order.
    pub values: [f32; 16],
    /// +64: `p[16]` widened.
    pub u16: u32,
    /// +68: the texture cache slot, -1 without a texture.
    pub tex_slot: i32,
    /// +72: `p[17]` widened unsigned (the public description's reading), -1 without a texture.
    pub cell: i32,
}

impl RuntimePhase {
    /// The engine's conversion of a stored phase. `tex_slot` is what its texture load returned
    /// (the editor has no texture cache; callers pass their own index or 0); without a
    /// texture the engine writes -1 to both the slot and the cell.
    pub fn from_phase(p: &Phase, tex_slot: i32) -> RuntimePhase {
        let mut values = [0f32; 16];
        for (i, &v) in VALUE_OF_PARAM.iter().enumerate() {
            values[v] = param_value(i, p.params[i]);
        }
        let (tex_slot, cell) = if p.has_texture() { (tex_slot, i32::from(p.params[CELL])) } else { (-1, -1) };
        RuntimePhase { values, u16: u32::from(p.params[POWER]), tex_slot, cell }
    }

    /// The 76 bytes as the engine holds them (little-endian).
    pub fn to_bytes(&self) -> [u8; RUNTIME_LEN] {
        let mut out = [0u8; RUNTIME_LEN];
        for (i, v) in self.values.iter().enumerate() {
            out[i * 4..i * 4 + 4].copy_from_slice(&v.to_le_bytes());
        }
        out[64..68].copy_from_slice(&self.u16.to_le_bytes());
        out[68..72].copy_from_slice(&self.tex_slot.to_le_bytes());
        out[72..76].copy_from_slice(&self.cell.to_le_bytes());
        out
    }

    pub fn from_bytes(b: &[u8; RUNTIME_LEN]) -> RuntimePhase {
        let word = |at: usize| [b[at], b[at + 1], b[at + 2], b[at + 3]];
        RuntimePhase {
            values: std::array::from_fn(|i| f32::from_le_bytes(word(i * 4))),
            u16: u32::from_le_bytes(word(64)),
            tex_slot: i32::from_le_bytes(word(68)),
            cell: i32::from_le_bytes(word(72)),
        }
    }
}

/// Which runtime floats (by index, offset / 4) each interp_mask bit drives, bits 0x01..0x10
/// in order, under a reading of docs/readings.md.
pub fn mask_fields(reading: InterpMask) -> [&'static [usize]; 5] {
    match reading {
        // docs/formats/mat0.md#interpolation: 0x01 -> +20,+24,+28; 0x02 -> +4,+8,+12; 0x04 ->
        // +36,+40,+44; 0x08 -> +52,+56,+60; 0x10 -> +32.
        InterpMask::Seed71 => [&[5, 6, 7], &[1, 2, 3], &[9, 10, 11], &[13, 14, 15], &[8]],
        // One float earlier: 0x01 -> p[0..2] (+16..+24); 0x02 -> p[4..6] (+0..+8);
        // 0x04 -> p[8..10] (+32..+40); 0x08 -> p[12..14] (+48..+56); 0x10 -> p[3] (+28).
        InterpMask::OneFloatEarlier => [&[4, 5, 6], &[0, 1, 2], &[8, 9, 10], &[12, 13, 14], &[7]],
    }
}

/// The set of interpolated runtime floats for a mask, as a 16-bit set (bit i = float i).
/// Mask bits above 0x10 drive nothing.
pub fn interpolated_set(interp_mask: u32, reading: InterpMask) -> u16 {
    let mut set = 0u16;
    for (bit, fields) in mask_fields(reading).iter().enumerate() {
        if interp_mask & (1 << bit) != 0 {
            for &f in *fields {
                set |= 1 << f;
            }
        }
    }
    set
}

/// The engine's blend (docs/formats/mat0.md#interpolation): a copy of `cur` whose interpolated
/// floats are `cur + (next - cur) * alpha`; the power step, texture slot and cell are `cur`'s.
pub fn interpolate(cur: &RuntimePhase, next: &RuntimePhase, interp_mask: u32, alpha: f32, reading: InterpMask) -> RuntimePhase {
    let set = interpolated_set(interp_mask, reading);
    let mut out = *cur;
    for i in 0..16 {
        if set & (1 << i) != 0 {
            out.values[i] = cur.values[i] + (next.values[i] - cur.values[i]) * alpha;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phase(fill: u8, tex: &str) -> Phase {
        let mut params = [fill; 18];
        params[3] = 50; // ambient alpha 0.5
        params[16] = 3;
        params[17] = 200;
        Phase::new(params, tex).unwrap()
    }

    #[test]
    fn conversion_follows_the_seed_table() {
        let mut params = [0u8; 18];
        for (i, b) in params.iter_mut().enumerate() {
            *b = i as u8 * 10;
        }
        let r = RuntimePhase::from_phase(&Phase::new(params, "ROCK.0").unwrap(), 7);
        // p[0] -> +16, p[3] -> +28 (x 0.01), p[4] -> +0, p[8] -> +32, p[15] -> +60.
        assert_eq!(r.values[4], 0.0);
        assert_eq!(r.values[7], 30.0 * 0.01);
        assert_eq!(r.values[0], 40.0 / 255.0);
        assert_eq!(r.values[3], 70.0 / 255.0);
        assert_eq!(r.values[8], 80.0 / 255.0);
        assert_eq!(r.values[15], 150.0 / 255.0);
        assert_eq!((r.u16, r.tex_slot, r.cell), (160, 7, 170));
    }

    #[test]
    fn no_texture_sets_slot_and_cell_to_minus_one() {
        let r = RuntimePhase::from_phase(&phase(1, ""), 5);
        assert_eq!((r.tex_slot, r.cell), (-1, -1));
    }

    #[test]
    fn bytes_round_trip_at_the_seed_offsets() {
        let r = RuntimePhase::from_phase(&phase(51, "A.0"), 9);
        let b = r.to_bytes();
        assert_eq!(&b[64..68], &3u32.to_le_bytes());
        assert_eq!(&b[68..72], &9i32.to_le_bytes());
        assert_eq!(&b[72..76], &200i32.to_le_bytes());
        assert_eq!(&b[28..32], &(50.0f32 * 0.01).to_le_bytes());
        assert_eq!(RuntimePhase::from_bytes(&b), r);
    }

    #[test]
    fn seed_mask_never_touches_the_fixed_fields() {
        // +0, +16, +48, +64, +68, +72 are always the current phase's
        // (docs/formats/mat0.md#interpolation).
        let all = interpolated_set(0x1F, InterpMask::Seed71);
        assert_eq!(all & (1 << 0 | 1 << 4 | 1 << 12), 0);
        assert_eq!(all.count_ones(), 13);
        assert_eq!(interpolated_set(0x10, InterpMask::Seed71), 1 << 8);
        assert_eq!(interpolated_set(0x02, InterpMask::Seed71), 0b1110);
        assert_eq!(interpolated_set(0x01, InterpMask::OneFloatEarlier), 0b111_0000);
        assert_eq!(interpolated_set(0x10, InterpMask::OneFloatEarlier), 1 << 7);
        assert_eq!(interpolated_set(0xFFE0, InterpMask::Seed71), 0);
    }

    #[test]
    fn interpolate_blends_only_masked_floats() {
        let a = RuntimePhase::from_phase(&phase(0, "A.0"), 1);
        let b = RuntimePhase::from_phase(&phase(255, "B.0"), 2);
        let m = interpolate(&a, &b, 0x02, 0.25, InterpMask::Seed71);
        assert_eq!(m.values[1], 0.25);
        assert_eq!(m.values[3], 0.25);
        assert_eq!(m.values[0], 0.0);
        assert_eq!(m.values[5], 0.0);
        assert_eq!((m.u16, m.tex_slot, m.cell), (a.u16, 1, a.cell));
        let e = interpolate(&a, &b, 0x02, 0.25, InterpMask::OneFloatEarlier);
        assert_eq!((e.values[0], e.values[2], e.values[3]), (0.25, 0.25, 0.0));
    }
}
