//! The runtime flag bits of a MAT0 entry's NRes `attr1` (docs/formats/mat0.md#attr1-bits-flagsrs).
//! The whole word is kept: bits the engine does not read are preserved through every setter.

/// The texture load flag bit 0 adds to every phase's texture.
pub const SECOND_STAGE_LOAD_FLAG: u32 = 0x20_0000;
const SECOND_STAGE: u32 = 0x01;
const FLAG_A: u32 = 0x02;
const NIBBLE_SHIFT: u32 = 2;
const NIBBLE_MASK: u32 = 0xF << NIBBLE_SHIFT;
const FLAG_B: u32 = 0x40;
/// Every bit the engine reads.
pub const KNOWN_BITS: u32 = SECOND_STAGE | FLAG_A | NIBBLE_MASK | FLAG_B;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Mat0Flags(pub u32);

impl Mat0Flags {
    /// Bit 0: a second texture stage (texture load flag 0x200000).
    pub fn second_stage(self) -> bool {
        self.0 & SECOND_STAGE != 0
    }
    /// Bit 1: flagA, a lit skin that loads opaque.
    pub fn flag_a(self) -> bool {
        self.0 & FLAG_A != 0
    }
    /// Bits 2..5, the blend mode index 0..15. The engine's table has entries for 0..4 only
    /// (0 opaque; which of the others blends and which adds is not settled), so it is shown raw.
    pub fn nibble_mode(self) -> u8 {
        ((self.0 & NIBBLE_MASK) >> NIBBLE_SHIFT) as u8
    }
    /// Bit 6: flagB.
    pub fn flag_b(self) -> bool {
        self.0 & FLAG_B != 0
    }
    /// Bits no engine code reads (kept as they are).
    pub fn unknown_bits(self) -> u32 {
        self.0 & !KNOWN_BITS
    }
    /// The extra texture load flags of the material's phases.
    pub fn texture_load_flags(self) -> u32 {
        if self.second_stage() { SECOND_STAGE_LOAD_FLAG } else { 0 }
    }

    pub fn set_second_stage(&mut self, on: bool) {
        self.set(SECOND_STAGE, on);
    }
    pub fn set_flag_a(&mut self, on: bool) {
        self.set(FLAG_A, on);
    }
    /// Values above 15 keep their low four bits.
    pub fn set_nibble_mode(&mut self, v: u8) {
        self.0 = (self.0 & !NIBBLE_MASK) | ((u32::from(v) & 0xF) << NIBBLE_SHIFT);
    }
    pub fn set_flag_b(&mut self, on: bool) {
        self.set(FLAG_B, on);
    }

    fn set(&mut self, bit: u32, on: bool) {
        if on {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_read_by_name() {
        let f = Mat0Flags(0b0101_0111 | 0x8000_0000);
        assert!(f.second_stage() && f.flag_a() && f.flag_b());
        assert_eq!(f.nibble_mode(), 0b0101);
        assert_eq!(f.unknown_bits(), 0x8000_0000);
        assert_eq!(f.texture_load_flags(), 0x20_0000);
    }

    #[test]
    fn setters_touch_only_their_bits() {
        let mut f = Mat0Flags(0xFFFF_FF80);
        f.set_nibble_mode(0x1F);
        assert_eq!(f.nibble_mode(), 0xF);
        f.set_flag_a(true);
        f.set_second_stage(true);
        f.set_flag_b(true);
        assert_eq!(f.0, 0xFFFF_FFFF);
        f.set_flag_b(false);
        f.set_nibble_mode(0);
        f.set_flag_a(false);
        f.set_second_stage(false);
        assert_eq!(f.0, 0xFFFF_FF80);
    }
}
