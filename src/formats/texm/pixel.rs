//! The one table of per-format pixel functions. Every decode and encode of Texm pixels goes
//! through [`pixel_fns`], which resolves a format and the section-8 readings to a row
//! decoder and a row encoder; each row function is a tight loop over an inlined per-pixel
//! function, so decoding costs a table lookup per texture and no per-pixel dispatch. Whole
//! levels ([`PixelFns::decode`]) go through the AVX2 decoders of `avx2` when the CPU has them.

use super::header::Format;
use crate::formats::readings::{Order88, Order888, Order8888, Readings};
use crate::formats::{Error, Result};
use crate::msg;

/// An RGBA8 image, rows top to bottom, 4 bytes per pixel.
#[derive(Clone, PartialEq, Eq)]
pub struct Pixmap {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl std::fmt::Debug for Pixmap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pixmap({}x{})", self.width, self.height)
    }
}

impl Pixmap {
    /// Pixel count as `usize`, or an error when it cannot be addressed.
    pub fn pixel_count(width: u32, height: u32) -> Result<usize> {
        usize::try_from(u64::from(width) * u64::from(height))
            .ok()
            .filter(|n| n.checked_mul(4).is_some())
            .ok_or_else(|| Error::new(0, msg!("texm-image-too-big", "a {width}x{height} image does not fit in memory", width = width, height = height)))
    }

    pub fn new(width: u32, height: u32) -> Result<Pixmap> {
        let n = Self::pixel_count(width, height)?;
        Ok(Pixmap { width, height, rgba: vec![0; n * 4] })
    }

    pub fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Result<Pixmap> {
        let n = Self::pixel_count(width, height)?;
        if rgba.len() != n * 4 {
            return Err(Error::new(0, msg!("texm-rgba-size", "{width}x{height} RGBA needs {need} bytes, got {got}", width = width, height = height, need = n * 4, got = rgba.len())));
        }
        Ok(Pixmap { width, height, rgba })
    }

    /// An image whose pixel at (x, y) is `f(x, y)`, in row order.
    pub fn from_fn(width: u32, height: u32, mut f: impl FnMut(u32, u32) -> [u8; 4]) -> Result<Pixmap> {
        let n = Self::pixel_count(width, height)?;
        let mut rgba = Vec::with_capacity(n * 4);
        for y in 0..height {
            for x in 0..width {
                rgba.extend_from_slice(&f(x, y));
            }
        }
        Ok(Pixmap { width, height, rgba })
    }

    /// The pixel at (x, y), clamped to the image (callers index edge texels freely).
    pub fn at(&self, x: u32, y: u32) -> [u8; 4] {
        let x = x.min(self.width.saturating_sub(1)) as usize;
        let y = y.min(self.height.saturating_sub(1)) as usize;
        let i = (y * self.width as usize + x) * 4;
        match self.rgba.get(i..i + 4) {
            Some(p) => [p[0], p[1], p[2], p[3]],
            None => [0; 4],
        }
    }

    pub fn has_transparency(&self) -> bool {
        self.rgba.chunks_exact(4).any(|p| p[3] != 255)
    }
}

/// 256 decoded RGBA palette entries.
pub type Lut = [[u8; 4]; 256];

/// Greyscale stand-in for an external palette nobody picked (format 2).
pub fn grey_lut() -> Lut {
    let mut lut = [[0u8; 4]; 256];
    for (i, e) in lut.iter_mut().enumerate() {
        let v = i as u8;
        *e = [v, v, v, 255];
    }
    lut
}

/// How one stored pixel is laid out, after the readings have been applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    Index8,
    Rgb565,
    Rgb556,
    Argb4444,
    /// 88, low byte luminance, high byte alpha (D3D A8L8).
    LumAlpha,
    /// 88 the other way round.
    AlphaLum,
    /// 8888 as bytes b, g, r, a.
    Bgra,
    /// 8888 as bytes a, r, g, b.
    Argb,
    /// 8888 read as b, g, r with the fourth byte ignored (and kept on encode).
    BgrKeep,
    /// 888 as b, g, r, x (x kept).
    BgrxKeep,
    /// 888 as r, g, b, x (x kept).
    RgbxKeep,
}

/// Decodes whole pixels of `src` into RGBA in `dst`.
pub type DecodeRow = fn(src: &[u8], lut: &Lut, dst: &mut [u8]);
/// Decodes whole pixels of `src` into a new RGBA buffer.
pub type DecodeVec = fn(src: &[u8], lut: &Lut) -> Vec<u8>;
/// Encodes RGBA into stored pixels, leaving bytes the layout does not own.
pub type EncodeRow = fn(rgba: &[u8], dst: &mut [u8]);

/// One row of the table.
pub struct PixelFns {
    pub layout: Layout,
    pub bytes_per_pixel: usize,
    /// Whether the stored bytes carry alpha (palette alpha is the palette's business).
    pub stores_alpha: bool,
    /// Decodes whole pixels of `src` into RGBA in `dst` (stops at the shorter of the two);
    /// the lookup table serves the indexed layout only.
    pub decode_row: DecodeRow,
    /// The same into a new buffer, portable (what [`PixelFns::decode`] runs without AVX2).
    pub decode_vec: DecodeVec,
    /// Encodes RGBA into stored pixels. Bytes a layout does not own (the x of 888) are left as
    /// `dst` held them, so pre-filling `dst` with the old pixels keeps them. `None` for the
    /// indexed layout, which needs a palette search (see `quantize`).
    pub encode_row: Option<EncodeRow>,
}

/// Resolves a format and the readings to its row of [`TABLE`].
pub fn pixel_fns(format: Format, readings: &Readings) -> &'static PixelFns {
    let layout = match format {
        Format::Indexed | Format::External => Layout::Index8,
        Format::Rgb565 => Layout::Rgb565,
        Format::Rgb556 => Layout::Rgb556,
        Format::Argb4444 => Layout::Argb4444,
        Format::LumAlpha88 => match readings.texm_88 {
            Order88::LumLowAlphaHigh => Layout::LumAlpha,
            Order88::AlphaLowLumHigh => Layout::AlphaLum,
        },
        Format::Rgb888 => match readings.texm_888 {
            Order888::Bgrx => Layout::BgrxKeep,
            Order888::Rgbx => Layout::RgbxKeep,
        },
        Format::Argb8888 => match readings.texm_8888 {
            Order8888::Bgra => Layout::Bgra,
            Order8888::Argb => Layout::Argb,
            Order8888::BgrNoAlpha => Layout::BgrKeep,
        },
    };
    layout_fns(layout)
}

pub fn layout_fns(layout: Layout) -> &'static PixelFns {
    TABLE.iter().find(|f| f.layout == layout).unwrap_or(&TABLE[0])
}

// --- channel expansion (bit replication) and rounding quantisation ---
//
// The 16-bit decoders work on whole 32-bit words: the fields are shifted into their bytes and
// widened by bit replication with word-wide shifts, ors and masks (two or four channels at
// once), which the compiler turns into SIMD over several pixels. A 65,536-entry table measured
// no faster here (0.63 against 0.67 ms for a 1024x1024 565 chain: a load per pixel from
// 256 KiB), per-byte arithmetic 1.5 to 2x slower.

#[inline(always)]
fn x6(v: u32) -> u32 {
    let v = v & 63;
    (v << 2) | (v >> 4)
}
/// RGBA bytes from their channel values, each below 256.
#[inline(always)]
fn rgba(r: u32, g: u32, b: u32, a: u32) -> [u8; 4] {
    (r | g << 8 | b << 16 | a << 24).to_le_bytes()
}
#[inline(always)]
fn q(c: u8, max: u16) -> u16 {
    (u16::from(c) * max + 127) / 255
}
/// Rec. 601 luma with weights summing to 256, so white stays 255.
#[inline(always)]
pub fn luma(p: [u8; 4]) -> u8 {
    ((77 * u32::from(p[0]) + 150 * u32::from(p[1]) + 29 * u32::from(p[2]) + 128) >> 8) as u8
}

// --- per-pixel functions: `d_*` decode, `n_*` encode ---

#[inline(always)]
fn w16(s: &[u8; 2]) -> u16 {
    u16::from_le_bytes(*s)
}
#[inline(always)]
fn d_index(s: &[u8; 1], lut: &Lut) -> [u8; 4] {
    lut[s[0] as usize]
}
#[inline(always)]
fn d_565(s: &[u8; 2], _: &Lut) -> [u8; 4] {
    let w = u32::from(w16(s));
    // Red and blue, both 5 bits, widened together in bytes 0 and 2.
    let rb = (w >> 11) | (w & 31) << 16;
    (rb << 3 | (rb >> 2 & 0x0007_0007) | x6(w >> 5) << 8 | 0xFF00_0000).to_le_bytes()
}
#[inline(always)]
fn n_565(p: [u8; 4], d: &mut [u8; 2]) {
    *d = (q(p[0], 31) << 11 | q(p[1], 63) << 5 | q(p[2], 31)).to_le_bytes();
}
#[inline(always)]
fn d_556(s: &[u8; 2], _: &Lut) -> [u8; 4] {
    let w = u32::from(w16(s));
    // Red and green, both 5 bits, widened together in bytes 0 and 1.
    let rg = (w >> 11) | (w >> 6 & 31) << 8;
    (rg << 3 | (rg >> 2 & 0x0707) | x6(w) << 16 | 0xFF00_0000).to_le_bytes()
}
#[inline(always)]
fn n_556(p: [u8; 4], d: &mut [u8; 2]) {
    *d = (q(p[0], 31) << 11 | q(p[1], 31) << 6 | q(p[2], 63)).to_le_bytes();
}
#[inline(always)]
fn d_4444(s: &[u8; 2], _: &Lut) -> [u8; 4] {
    let w = u32::from(w16(s));
    // Each nibble into the low half of its byte, then all four widened at once (n << 4 | n).
    let t = (w >> 8 & 15) | (w >> 4 & 15) << 8 | (w & 15) << 16 | (w >> 12) << 24;
    (t << 4 | t).to_le_bytes()
}
#[inline(always)]
fn n_4444(p: [u8; 4], d: &mut [u8; 2]) {
    *d = (q(p[3], 15) << 12 | q(p[0], 15) << 8 | q(p[1], 15) << 4 | q(p[2], 15)).to_le_bytes();
}
#[inline(always)]
fn d_lum_alpha(s: &[u8; 2], _: &Lut) -> [u8; 4] {
    let w = u32::from(w16(s));
    let (l, a) = (w & 0xFF, w >> 8);
    rgba(l, l, l, a)
}
#[inline(always)]
fn n_lum_alpha(p: [u8; 4], d: &mut [u8; 2]) {
    d[0] = luma(p);
    d[1] = p[3];
}
#[inline(always)]
fn d_alpha_lum(s: &[u8; 2], _: &Lut) -> [u8; 4] {
    let w = u32::from(w16(s));
    let (l, a) = (w >> 8, w & 0xFF);
    rgba(l, l, l, a)
}
#[inline(always)]
fn n_alpha_lum(p: [u8; 4], d: &mut [u8; 2]) {
    d[0] = p[3];
    d[1] = luma(p);
}
#[inline(always)]
fn d_bgra(s: &[u8; 4], _: &Lut) -> [u8; 4] {
    swap_0_2(*s)
}
/// Swaps bytes 0 and 2; as word arithmetic it vectorises, a byte shuffle did not (4x slower).
#[inline(always)]
fn swap_0_2(b: [u8; 4]) -> [u8; 4] {
    let w = u32::from_le_bytes(b);
    ((w & 0xFF00_FF00) | (w >> 16 & 0xFF) | (w & 0xFF) << 16).to_le_bytes()
}
#[inline(always)]
fn n_bgra(p: [u8; 4], d: &mut [u8; 4]) {
    *d = swap_0_2(p);
}
#[inline(always)]
fn d_argb(s: &[u8; 4], _: &Lut) -> [u8; 4] {
    u32::from_le_bytes(*s).rotate_right(8).to_le_bytes()
}
#[inline(always)]
fn n_argb(p: [u8; 4], d: &mut [u8; 4]) {
    *d = u32::from_le_bytes(p).rotate_left(8).to_le_bytes();
}
#[inline(always)]
fn d_bgr_keep(s: &[u8; 4], _: &Lut) -> [u8; 4] {
    let w = u32::from_le_bytes(*s);
    ((w & 0x0000_FF00) | (w >> 16 & 0xFF) | (w & 0xFF) << 16 | 0xFF00_0000).to_le_bytes()
}
#[inline(always)]
fn n_bgr_keep(p: [u8; 4], d: &mut [u8; 4]) {
    d[..3].copy_from_slice(&[p[2], p[1], p[0]]);
}
#[inline(always)]
fn d_rgb_keep(s: &[u8; 4], _: &Lut) -> [u8; 4] {
    (u32::from_le_bytes(*s) | 0xFF00_0000).to_le_bytes()
}
#[inline(always)]
fn n_rgb_keep(p: [u8; 4], d: &mut [u8; 4]) {
    d[..3].copy_from_slice(&[p[0], p[1], p[2]]);
}

/// Generates a row decoder and encoder from the per-pixel pair. `as_chunks` hands the
/// per-pixel functions fixed-size arrays, so they index without checks and the loops vectorise.
macro_rules! rows {
    ($dec_row:ident, $dec_vec:ident, $enc_row:ident, $bpp:expr, $dec:ident, $enc:ident) => {
        fn $dec_row(src: &[u8], lut: &Lut, dst: &mut [u8]) {
            let (px, _) = src.as_chunks::<$bpp>();
            let (out, _) = dst.as_chunks_mut::<4>();
            for (s, d) in px.iter().zip(out) {
                *d = $dec(s, lut);
            }
        }
        fn $dec_vec(src: &[u8], lut: &Lut) -> Vec<u8> {
            // Collecting from an exact-size iterator writes each texel once, with no zeroing pass.
            src.as_chunks::<$bpp>().0.iter().map(|s| $dec(s, lut)).collect::<Vec<[u8; 4]>>().into_flattened()
        }
        fn $enc_row(rgba: &[u8], dst: &mut [u8]) {
            let (px, _) = rgba.as_chunks::<4>();
            let (out, _) = dst.as_chunks_mut::<$bpp>();
            for (p, d) in px.iter().zip(out) {
                $enc(*p, d);
            }
        }
    };
}

/// The palette as two tables of 64-bit words, an entry in the low half and in the high half,
/// so that two texels are one load, one OR with a load, and one 64-bit store.
pub(super) struct PairTables {
    low: [u64; 256],
    high: [u64; 256],
}

impl PairTables {
    pub(super) fn new(lut: &Lut) -> Self {
        let low = lut.map(|c| u64::from(u32::from_le_bytes(c)));
        PairTables { low, high: low.map(|w| w << 32) }
    }

    /// Eight texels from eight indices read as one 64-bit word.
    #[inline(always)]
    pub(super) fn eight(&self, block: &[u8; 8]) -> [u8; 32] {
        let i = u64::from_le_bytes(*block);
        let pair = |k: u32| (self.low[usize::from((i >> k) as u8)] | self.high[usize::from((i >> (k + 8)) as u8)]).to_le_bytes();
        let mut d = [0u8; 32];
        let (quads, _) = d.as_chunks_mut::<8>();
        [quads[0], quads[1], quads[2], quads[3]] = [pair(0), pair(16), pair(32), pair(48)];
        d
    }
}

/// Eight indices a step through [`PairTables`]: 1.15x faster than one table of words and a
/// shift to pair them (0.42 against 0.49 ms for a 1024x1024 chain), 1.3x than a 4-byte copy
/// per texel. Loads bound it: one a texel, and Zen 2 does two a cycle.
pub(super) fn dec_index_vec(src: &[u8], lut: &Lut) -> Vec<u8> {
    let t = PairTables::new(lut);
    let (blocks, rest) = src.as_chunks::<8>();
    // Rounded up so that the last indices go in without growing the buffer.
    let mut out: Vec<[u8; 32]> = Vec::with_capacity(src.len().div_ceil(8));
    out.extend(blocks.iter().map(|b| t.eight(b)));
    let mut out = out.into_flattened();
    out.extend(rest.iter().flat_map(|&i| lut[usize::from(i)]));
    out
}
fn dec_index_row(src: &[u8], lut: &Lut, dst: &mut [u8]) {
    let (out, _) = dst.as_chunks_mut::<4>();
    for (s, d) in src.iter().zip(out) {
        *d = d_index(&[*s], lut);
    }
}
rows!(dec_565_row, dec_565_vec, enc_565_row, 2, d_565, n_565);
rows!(dec_556_row, dec_556_vec, enc_556_row, 2, d_556, n_556);
rows!(dec_4444_row, dec_4444_vec, enc_4444_row, 2, d_4444, n_4444);
rows!(dec_la_row, dec_la_vec, enc_la_row, 2, d_lum_alpha, n_lum_alpha);
rows!(dec_al_row, dec_al_vec, enc_al_row, 2, d_alpha_lum, n_alpha_lum);
rows!(dec_bgra_row, dec_bgra_vec, enc_bgra_row, 4, d_bgra, n_bgra);
rows!(dec_argb_row, dec_argb_vec, enc_argb_row, 4, d_argb, n_argb);
rows!(dec_bgrk_row, dec_bgrk_vec, enc_bgrk_row, 4, d_bgr_keep, n_bgr_keep);
rows!(dec_rgbk_row, dec_rgbk_vec, enc_rgbk_row, 4, d_rgb_keep, n_rgb_keep);

/// The table itself: one row per stored layout.
pub static TABLE: [PixelFns; 11] = [
    PixelFns { layout: Layout::Index8, bytes_per_pixel: 1, stores_alpha: false, decode_row: dec_index_row, decode_vec: dec_index_vec, encode_row: None },
    PixelFns { layout: Layout::Rgb565, bytes_per_pixel: 2, stores_alpha: false, decode_row: dec_565_row, decode_vec: dec_565_vec, encode_row: Some(enc_565_row) },
    PixelFns { layout: Layout::Rgb556, bytes_per_pixel: 2, stores_alpha: false, decode_row: dec_556_row, decode_vec: dec_556_vec, encode_row: Some(enc_556_row) },
    PixelFns { layout: Layout::Argb4444, bytes_per_pixel: 2, stores_alpha: true, decode_row: dec_4444_row, decode_vec: dec_4444_vec, encode_row: Some(enc_4444_row) },
    PixelFns { layout: Layout::LumAlpha, bytes_per_pixel: 2, stores_alpha: true, decode_row: dec_la_row, decode_vec: dec_la_vec, encode_row: Some(enc_la_row) },
    PixelFns { layout: Layout::AlphaLum, bytes_per_pixel: 2, stores_alpha: true, decode_row: dec_al_row, decode_vec: dec_al_vec, encode_row: Some(enc_al_row) },
    PixelFns { layout: Layout::Bgra, bytes_per_pixel: 4, stores_alpha: true, decode_row: dec_bgra_row, decode_vec: dec_bgra_vec, encode_row: Some(enc_bgra_row) },
    PixelFns { layout: Layout::Argb, bytes_per_pixel: 4, stores_alpha: true, decode_row: dec_argb_row, decode_vec: dec_argb_vec, encode_row: Some(enc_argb_row) },
    PixelFns { layout: Layout::BgrKeep, bytes_per_pixel: 4, stores_alpha: false, decode_row: dec_bgrk_row, decode_vec: dec_bgrk_vec, encode_row: Some(enc_bgrk_row) },
    PixelFns { layout: Layout::BgrxKeep, bytes_per_pixel: 4, stores_alpha: false, decode_row: dec_bgrk_row, decode_vec: dec_bgrk_vec, encode_row: Some(enc_bgrk_row) },
    PixelFns { layout: Layout::RgbxKeep, bytes_per_pixel: 4, stores_alpha: false, decode_row: dec_rgbk_row, decode_vec: dec_rgbk_vec, encode_row: Some(enc_rgbk_row) },
];

impl PixelFns {
    /// Decodes `src` (whole pixels) into a new RGBA buffer: the AVX2 decoder when the CPU has
    /// one for this layout, large indexed levels on several threads, else the portable
    /// `decode_vec` (the same bytes every way).
    pub fn decode(&self, src: &[u8], lut: &Lut) -> Vec<u8> {
        #[cfg(target_arch = "x86_64")]
        if let Some(rgba) = super::avx2::decode(self, src, lut) {
            return rgba;
        }
        if self.layout == Layout::Index8 {
            return super::split::decode_indexed(src, lut);
        }
        (self.decode_vec)(src, lut)
    }

    /// What one RGBA colour looks like after a store and a load in this layout (indexed:
    /// unchanged). Used by the runtime's forced 16-bit path and by tests.
    pub fn through(&self, p: [u8; 4]) -> [u8; 4] {
        let Some(enc) = self.encode_row else { return p };
        let mut buf = [0u8; 4];
        enc(&p, &mut buf[..self.bytes_per_pixel]);
        let mut out = [0u8; 4];
        (self.decode_row)(&buf[..self.bytes_per_pixel], &grey_lut(), &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(layout: Layout, bytes: &[u8]) -> [u8; 4] {
        let mut out = [0u8; 4];
        (layout_fns(layout).decode_row)(bytes, &grey_lut(), &mut out);
        out
    }

    #[test]
    fn table_has_one_row_per_layout() {
        for (i, row) in TABLE.iter().enumerate() {
            assert!(std::ptr::eq(layout_fns(row.layout), row), "row {i}");
        }
    }

    #[test]
    fn bit_fields_follow_the_spec() {
        // 565: r = w>>11, g = w>>5 & 63, b = w & 31; 0xF800 is pure red
        assert_eq!(dec(Layout::Rgb565, &0xF800u16.to_le_bytes()), [255, 0, 0, 255]);
        assert_eq!(dec(Layout::Rgb565, &0x07E0u16.to_le_bytes()), [0, 255, 0, 255]);
        // 5-bit 1 expands to 1<<3 | 1>>2 = 8; 6-bit 1 to 4
        assert_eq!(dec(Layout::Rgb565, &0x0821u16.to_le_bytes()), [8, 4, 8, 255]);
        // 556: g = w>>6 & 31, b = w & 63
        assert_eq!(dec(Layout::Rgb556, &0x003Fu16.to_le_bytes()), [0, 0, 255, 255]);
        assert_eq!(dec(Layout::Rgb556, &0x07C0u16.to_le_bytes()), [0, 255, 0, 255]);
        // 4444: a = w>>12, r = w>>8, g = w>>4, b = w
        assert_eq!(dec(Layout::Argb4444, &0x8F21u16.to_le_bytes()), [0xFF, 0x22, 0x11, 0x88]);
        // 88 default: low byte luminance, high byte alpha
        assert_eq!(dec(Layout::LumAlpha, &[0x40, 0x80]), [0x40, 0x40, 0x40, 0x80]);
        assert_eq!(dec(Layout::AlphaLum, &[0x40, 0x80]), [0x80, 0x80, 0x80, 0x40]);
        // 8888 default: bytes b, g, r, a
        assert_eq!(dec(Layout::Bgra, &[1, 2, 3, 4]), [3, 2, 1, 4]);
        assert_eq!(dec(Layout::Argb, &[1, 2, 3, 4]), [2, 3, 4, 1]);
        assert_eq!(dec(Layout::BgrKeep, &[1, 2, 3, 4]), [3, 2, 1, 255]);
        // 888: b, g, r, x (alpha 255) or r, g, b, x
        assert_eq!(dec(Layout::BgrxKeep, &[1, 2, 3, 9]), [3, 2, 1, 255]);
        assert_eq!(dec(Layout::RgbxKeep, &[1, 2, 3, 9]), [1, 2, 3, 255]);
    }

    #[test]
    fn row_and_vec_decoders_agree() {
        let src: Vec<u8> = (0..=255u8).chain((0..=255u8).rev()).collect();
        let mut lut = grey_lut();
        lut[3] = [1, 2, 3, 4];
        for f in &TABLE {
            let mut row = vec![0u8; src.len() / f.bytes_per_pixel * 4];
            (f.decode_row)(&src, &lut, &mut row);
            assert_eq!(f.decode(&src, &lut), row, "{:?}", f.layout);
            assert_eq!(f.decode(&src[..3], &lut).len(), 3 / f.bytes_per_pixel * 4, "partial pixels are dropped");
        }
    }

    #[test]
    fn readings_pick_the_row() {
        let mut r = Readings::default();
        assert_eq!(pixel_fns(Format::Argb8888, &r).layout, Layout::Bgra);
        assert_eq!(pixel_fns(Format::Rgb888, &r).layout, Layout::BgrxKeep);
        assert_eq!(pixel_fns(Format::LumAlpha88, &r).layout, Layout::LumAlpha);
        r.set("texm-8888=argb").unwrap();
        r.set("texm-888=rgbx").unwrap();
        r.set("texm-88=alpha-lum").unwrap();
        assert_eq!(pixel_fns(Format::Argb8888, &r).layout, Layout::Argb);
        assert_eq!(pixel_fns(Format::Rgb888, &r).layout, Layout::RgbxKeep);
        assert_eq!(pixel_fns(Format::LumAlpha88, &r).layout, Layout::AlphaLum);
        r.set("texm-8888=bgr").unwrap();
        assert_eq!(pixel_fns(Format::Argb8888, &r).layout, Layout::BgrKeep);
        assert_eq!(pixel_fns(Format::External, &r).layout, Layout::Index8);
    }

    #[test]
    fn every_stored_16_bit_word_survives_decode_encode() {
        for layout in [Layout::Rgb565, Layout::Rgb556, Layout::Argb4444, Layout::LumAlpha, Layout::AlphaLum] {
            let f = layout_fns(layout);
            let enc = f.encode_row.unwrap();
            for w in 0..=u16::MAX {
                let src = w.to_le_bytes();
                let mut rgba = [0u8; 4];
                (f.decode_row)(&src, &grey_lut(), &mut rgba);
                let mut back = [0u8; 2];
                enc(&rgba, &mut back);
                if matches!(layout, Layout::LumAlpha | Layout::AlphaLum) {
                    // luminance survives because decode writes r = g = b = L
                    assert_eq!(back, src, "{layout:?} {w:04X}");
                } else {
                    assert_eq!(u16::from_le_bytes(back), w, "{layout:?} {w:04X}");
                }
            }
        }
    }

    /// The word-wide decoders against the spec's per-channel formulas, for every stored word.
    #[test]
    fn every_16_bit_word_decodes_as_the_spec_says() {
        let widen = |v: u16, bits: u32| -> u8 {
            let v = u32::from(v) & ((1 << bits) - 1);
            ((v << (8 - bits)) | (v >> (2 * bits - 8))) as u8
        };
        for w in 0..=u16::MAX {
            let s = w.to_le_bytes();
            assert_eq!(dec(Layout::Rgb565, &s), [widen(w >> 11, 5), widen(w >> 5, 6), widen(w, 5), 255], "565 {w:04X}");
            assert_eq!(dec(Layout::Rgb556, &s), [widen(w >> 11, 5), widen(w >> 6, 5), widen(w, 6), 255], "556 {w:04X}");
            assert_eq!(dec(Layout::Argb4444, &s), [widen(w >> 8, 4), widen(w >> 4, 4), widen(w, 4), widen(w >> 12, 4)], "4444 {w:04X}");
            assert_eq!(dec(Layout::LumAlpha, &s), [s[0], s[0], s[0], s[1]], "88 {w:04X}");
            assert_eq!(dec(Layout::AlphaLum, &s), [s[1], s[1], s[1], s[0]], "88 swapped {w:04X}");
        }
    }

    #[test]
    fn x_bytes_are_left_alone() {
        for layout in [Layout::BgrxKeep, Layout::RgbxKeep, Layout::BgrKeep] {
            let mut dst = [0, 0, 0, 0x5A];
            layout_fns(layout).encode_row.unwrap()(&[10, 20, 30, 0], &mut dst);
            assert_eq!(dst[3], 0x5A, "{layout:?}");
        }
        let mut dst = [0u8; 4];
        layout_fns(Layout::Bgra).encode_row.unwrap()(&[10, 20, 30, 40], &mut dst);
        assert_eq!(dst, [30, 20, 10, 40]);
    }

    #[test]
    fn quantisation_rounds_to_nearest() {
        // 0x84 = 132 sits between 5-bit 16 (132) exactly; 0x85 rounds to 16 too
        assert_eq!(layout_fns(Layout::Rgb565).through([132, 130, 133, 255]), [132, 130, 132, 255]);
        assert_eq!(layout_fns(Layout::Argb4444).through([8, 9, 0, 255]), [0, 17, 0, 255]);
        assert_eq!(luma([255, 255, 255, 255]), 255);
        assert_eq!(luma([0, 0, 0, 0]), 0);
    }

    #[test]
    fn rows_stop_at_the_shorter_buffer() {
        let f = layout_fns(Layout::Rgb565);
        let mut dst = [7u8; 6];
        (f.decode_row)(&[0, 0, 0], &grey_lut(), &mut dst);
        assert_eq!(dst, [0, 0, 0, 255, 7, 7], "one whole pixel, the odd byte ignored");
        assert!(Pixmap::from_rgba(2, 2, vec![0; 15]).is_err());
        assert_eq!(Pixmap::new(3, 2).unwrap().at(9, 9), [0; 4]);
    }
}
