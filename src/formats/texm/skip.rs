//! The loader's mip-skip policy (docs/formats/texm.md#mip-skip): how many top levels the
//! runtime drops, from `flags5 & 0x72000000`, the size and the level count, and where it
//! then starts reading pixels.

/// The `flags5` bits the policy looks at.
pub const SKIP_MASK: u32 = 0x7200_0000;

/// Levels the runtime skips.
pub fn mip_skip(flags5: u32, width: u32, height: u32, mip_count: u32) -> u32 {
    if mip_count <= 1 {
        return 0;
    }
    let two_or_one = if mip_count > 2 { 2 } else { 1 };
    match flags5 & SKIP_MASK {
        0x0200_0000 => two_or_one,
        0x1000_0000 => 1,
        0x2000_0000 => u32::from(width >= 256 || height >= 256),
        0x4000_0000 => {
            if width > 128 && height > 128 {
                two_or_one
            } else {
                u32::from(width == 128 || height == 128)
            }
        }
        _ => 0,
    }
}

/// Where the loader starts reading pixels after skipping, relative to the mip data, as the seed
/// gives it: `bpp * w * h` for one level, `bpp * w * h * 1.25` (truncated) for two. For even
/// sizes that is exactly the start of level 1 or 2; for odd sizes the second differs from the
/// true level offset, and the runtime view reports it. `None` on overflow.
pub fn engine_skip_offset(bpp: usize, width: u32, height: u32, skip: u32) -> Option<u64> {
    let level0 = (bpp as u64).checked_mul(u64::from(width))?.checked_mul(u64::from(height))?;
    match skip {
        0 => Some(0),
        1 => Some(level0),
        _ => Some(level0.checked_mul(5)? / 4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_policy_per_flag_mask() {
        // a single level is never skipped, whatever the flags
        for f in [0, 0x0200_0000, 0x1000_0000, 0x2000_0000, 0x4000_0000] {
            assert_eq!(mip_skip(f, 512, 512, 1), 0);
            assert_eq!(mip_skip(f, 512, 512, 0), 0);
        }
        // 0x02000000: 2 when more than two levels, else 1
        assert_eq!(mip_skip(0x0200_0000, 8, 8, 3), 2);
        assert_eq!(mip_skip(0x0200_0000, 8, 8, 2), 1);
        // 0x10000000: always 1
        assert_eq!(mip_skip(0x1000_0000, 4, 4, 3), 1);
        // 0x20000000: 1 from 256 on either axis
        assert_eq!(mip_skip(0x2000_0000, 256, 16, 5), 1);
        assert_eq!(mip_skip(0x2000_0000, 16, 256, 5), 1);
        assert_eq!(mip_skip(0x2000_0000, 255, 255, 5), 0);
        // 0x40000000: both > 128 -> 2 (or 1 with two levels); either == 128 -> 1; else 0
        assert_eq!(mip_skip(0x4000_0000, 256, 256, 9), 2);
        assert_eq!(mip_skip(0x4000_0000, 256, 256, 2), 1);
        assert_eq!(mip_skip(0x4000_0000, 128, 512, 9), 1);
        assert_eq!(mip_skip(0x4000_0000, 512, 128, 9), 1);
        assert_eq!(mip_skip(0x4000_0000, 129, 64, 9), 0);
        assert_eq!(mip_skip(0x4000_0000, 64, 64, 7), 0);
        // combinations of mask bits match no case
        assert_eq!(mip_skip(0x0200_0000 | 0x1000_0000, 256, 256, 9), 0);
        assert_eq!(mip_skip(0x6000_0000, 256, 256, 9), 0);
        // bits outside the mask do not matter (0x04000000 occurs in Textures.lib)
        assert_eq!(mip_skip(0x0400_0000 | 0x0080_0000 | 0x0100_0000, 256, 256, 9), 0);
        assert_eq!(mip_skip(0x0400_0000 | 0x1000_0000, 256, 256, 9), 1);
    }

    #[test]
    fn skip_offsets() {
        assert_eq!(engine_skip_offset(4, 256, 256, 0), Some(0));
        assert_eq!(engine_skip_offset(4, 256, 256, 1), Some(4 * 65536));
        assert_eq!(engine_skip_offset(4, 256, 256, 2), Some(4 * (65536 + 16384)));
        // odd: 5x3 at 2 bytes: 30 * 1.25 = 37.5 -> 37, while level 2 starts at 30 + 4 = 34
        assert_eq!(engine_skip_offset(2, 5, 3, 2), Some(37));
        assert_eq!(engine_skip_offset(usize::MAX, u32::MAX, u32::MAX, 2), None);
    }
}
