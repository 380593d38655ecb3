//! AVX2 decoders for the direct layouts, chosen at run time when the CPU has AVX2 (no
//! `target-cpu` flag needed; elsewhere [`super::pixel`]'s portable loops run). They give
//! exactly the bytes of the portable decoders.
//!
//! Why hand-written: the baseline x86-64 target has no byte shuffle (SSSE3), so the portable
//! 32-bit swaps take four shifts per four texels, and the compiler widens the 16-bit layouts
//! to 32-bit lanes (eight texels a register where 16-bit lanes hold sixteen); both ran at
//! 1.9 to 3x a memcpy of their output. Here the 16-bit layouts work on sixteen words at once
//! with shifts and masks only (the multiply port is a bottleneck on Zen 2), and the 32-bit
//! ones are one `vpshufb` and one `vpor` for eight texels.

use super::pixel::{Layout, Lut, PixelFns};
use std::arch::x86_64::*;

/// Decodes `src` (whole pixels) as `fns.decode_vec` would, or `None` when the CPU lacks AVX2
/// or the layout has no AVX2 decoder (indexed: a gather is slower than scalar loads on Zen 2).
pub(super) fn decode(fns: &PixelFns, src: &[u8], lut: &Lut) -> Option<Vec<u8>> {
    if !is_x86_feature_detected!("avx2") {
        return None;
    }
    // SAFETY: every function called below only requires AVX2, which the CPU has (checked above).
    let out = unsafe {
        match fns.layout {
            Layout::Index8 => return None,
            // Closures, as a safe `#[target_feature]` function is not itself an `Fn`.
            Layout::Rgb565 => words(src, |w| rgb565(w)),
            Layout::Rgb556 => words(src, |w| rgb556(w)),
            Layout::Argb4444 => words(src, |w| argb4444(w)),
            Layout::LumAlpha => words(src, |w| lum_alpha(w)),
            Layout::AlphaLum => words(src, |w| alpha_lum(w)),
            Layout::Bgra => dwords(src, [2, 1, 0, 3], 0),
            Layout::Argb => dwords(src, [1, 2, 3, 0], 0),
            Layout::BgrKeep | Layout::BgrxKeep => dwords(src, [2, 1, 0, 3], 0xFF00_0000),
            Layout::RgbxKeep => dwords(src, [0, 1, 2, 3], 0xFF00_0000),
        }
    };
    Some(finish(out, src, fns, lut))
}

/// Decodes the pixels the wide loop left (fewer than one register's worth) with the portable
/// row decoder. `out` has room for them: its capacity was rounded up to whole blocks.
fn finish(mut out: Vec<u8>, src: &[u8], fns: &PixelFns, lut: &Lut) -> Vec<u8> {
    let done = out.len() / 4;
    out.resize(src.len() / fns.bytes_per_pixel * 4, 0);
    (fns.decode_row)(&src[done * fns.bytes_per_pixel..], lut, &mut out[done * 4..]);
    out
}

#[inline]
#[target_feature(enable = "avx2")]
fn splat(v: u16) -> __m256i {
    _mm256_set1_epi16(v as i16)
}

#[inline]
#[target_feature(enable = "avx2")]
fn and(x: __m256i, mask: u16) -> __m256i {
    _mm256_and_si256(x, splat(mask))
}

#[inline]
#[target_feature(enable = "avx2")]
fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

/// Sixteen 16-bit texels a step: `k` turns the words into the output's low words (r | g << 8)
/// and high words (b | a << 8), which are then interleaved into RGBA. The input's quarters are
/// reordered first (0, 2, 1, 3) so that the in-lane unpacks give texels in order.
#[inline]
#[target_feature(enable = "avx2")]
fn words(src: &[u8], k: impl Fn(__m256i) -> (__m256i, __m256i)) -> Vec<u8> {
    let (blocks, _) = src.as_chunks::<32>();
    // Rounded up so that `finish` adds the last texels without growing the buffer.
    let mut out: Vec<[u8; 64]> = Vec::with_capacity((src.len() / 2).div_ceil(16));
    out.extend(blocks.iter().map(|s| {
        // SAFETY: `s` is 32 readable bytes; the load has no alignment requirement.
        let w = _mm256_permute4x64_epi64::<0b11_01_10_00>(unsafe { _mm256_loadu_si256(s.as_ptr().cast()) });
        let (lo, hi) = k(w);
        let mut d = [0u8; 64];
        // SAFETY: `d` is 64 writable bytes, two unaligned 32-byte stores.
        unsafe {
            _mm256_storeu_si256(d.as_mut_ptr().cast(), _mm256_unpacklo_epi16(lo, hi));
            _mm256_storeu_si256(d.as_mut_ptr().add(32).cast(), _mm256_unpackhi_epi16(lo, hi));
        }
        d
    }));
    out.into_flattened()
}

/// Eight 32-bit texels a step: bytes picked within each texel by `order`, then `set` or-ed in.
#[inline]
#[target_feature(enable = "avx2")]
fn dwords(src: &[u8], order: [u8; 4], set: u32) -> Vec<u8> {
    let picks: [u8; 32] = std::array::from_fn(|i| (i & !3) as u8 + order[i & 3]);
    // SAFETY: `picks` is 32 readable bytes.
    let picks = unsafe { _mm256_loadu_si256(picks.as_ptr().cast()) };
    let set = _mm256_set1_epi32(set as i32);
    let (blocks, _) = src.as_chunks::<32>();
    let mut out: Vec<[u8; 32]> = Vec::with_capacity((src.len() / 4).div_ceil(8));
    out.extend(blocks.iter().map(|s| {
        // SAFETY: `s` is 32 readable bytes, `d` 32 writable ones; no alignment needed.
        let v = unsafe { _mm256_loadu_si256(s.as_ptr().cast()) };
        let mut d = [0u8; 32];
        unsafe { _mm256_storeu_si256(d.as_mut_ptr().cast(), or(_mm256_shuffle_epi8(v, picks), set)) };
        d
    }));
    out.into_flattened()
}

// Bit replication by shifts: a 5-bit v widens to v << 3 | v >> 2, a 6-bit one to v << 2 |
// v >> 4, each part taken straight from the word with one shift and one mask.

/// Red, bits 11-15 in both 565 and 556, to the low byte.
#[inline]
#[target_feature(enable = "avx2")]
fn red5(w: __m256i) -> __m256i {
    or(and(_mm256_srli_epi16::<8>(w), 0x00F8), _mm256_srli_epi16::<13>(w))
}

/// 565: green bits 5-10, blue 0-4.
#[inline]
#[target_feature(enable = "avx2")]
fn rgb565(w: __m256i) -> (__m256i, __m256i) {
    let g = or(and(_mm256_slli_epi16::<5>(w), 0xFC00), and(_mm256_srli_epi16::<1>(w), 0x0300));
    let b = or(and(_mm256_slli_epi16::<3>(w), 0x00F8), and(_mm256_srli_epi16::<2>(w), 0x0007));
    (or(red5(w), g), or(b, splat(0xFF00)))
}

/// 556: green bits 6-10, blue 0-5.
#[inline]
#[target_feature(enable = "avx2")]
fn rgb556(w: __m256i) -> (__m256i, __m256i) {
    // g5 << 3 lands in bits 11-15 and g5 >> 2 (bits 8-10 of the word) stays where it is.
    let g = or(and(_mm256_slli_epi16::<5>(w), 0xF800), and(w, 0x0700));
    let b = or(and(_mm256_slli_epi16::<2>(w), 0x00FC), and(_mm256_srli_epi16::<4>(w), 0x0003));
    (or(red5(w), g), or(b, splat(0xFF00)))
}

/// 4444 (a r g b nibbles from the top): each nibble moved to the low half of its output byte,
/// then n << 4 | n for all of them at once.
#[inline]
#[target_feature(enable = "avx2")]
fn argb4444(w: __m256i) -> (__m256i, __m256i) {
    let rg = or(and(_mm256_srli_epi16::<8>(w), 0x000F), and(_mm256_slli_epi16::<4>(w), 0x0F00));
    let ba = or(and(w, 0x000F), and(_mm256_srli_epi16::<4>(w), 0x0F00));
    (or(rg, _mm256_slli_epi16::<4>(rg)), or(ba, _mm256_slli_epi16::<4>(ba)))
}

/// 88, luminance low: the low word is l | l << 8, the high word the stored l | a << 8.
#[inline]
#[target_feature(enable = "avx2")]
fn lum_alpha(w: __m256i) -> (__m256i, __m256i) {
    (or(and(w, 0x00FF), _mm256_slli_epi16::<8>(w)), w)
}

/// 88, alpha low: l | l << 8 and the word byte-swapped (l | a << 8).
#[inline]
#[target_feature(enable = "avx2")]
fn alpha_lum(w: __m256i) -> (__m256i, __m256i) {
    let l = _mm256_srli_epi16::<8>(w);
    (or(l, and(w, 0xFF00)), or(l, _mm256_slli_epi16::<8>(w)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::texm::pixel::{TABLE, grey_lut};

    /// Every length from nothing to a few blocks past one, odd bytes included, so the wide
    /// loop, the hand-over to the portable tail and the partial texel are all met.
    #[test]
    fn every_layout_matches_the_portable_decoder_at_every_length() {
        let src: Vec<u8> = (0..300u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        let mut lut = grey_lut();
        lut[7] = [1, 2, 3, 4];
        let avx2 = is_x86_feature_detected!("avx2");
        for fns in &TABLE {
            for n in 0..src.len() {
                let got = decode(fns, &src[..n], &lut);
                assert_eq!(got.is_some(), avx2 && fns.layout != Layout::Index8, "{:?}", fns.layout);
                if let Some(got) = got {
                    assert_eq!(got, (fns.decode_vec)(&src[..n], &lut), "{:?}, {n} bytes", fns.layout);
                }
            }
        }
    }
}
