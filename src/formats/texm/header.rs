//! The 32-byte Texm header, the pixel formats it names, and the size arithmetic of
//! docs/formats/texm.md#size-of-the-core (with format 2 corrected to one byte per pixel,
//! docs/formats/texm.md).

use crate::formats::bytes::{Reader, WriteLe};
use crate::formats::{Error, Result, TYPE_TEXM};
use crate::msg;

pub const HEADER_LEN: usize = 32;
/// 256 four-byte entries, present only for format 0.
pub const PALETTE_LEN: usize = 1024;

/// The header words exactly as stored. `flags4`, `flags5` and `unk6` are kept as they are:
/// only parts of their meaning are known (see [`Header::is_alpha_surface`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Header {
    pub magic: u32,
    pub width: u32,
    pub height: u32,
    pub mip_count: u32,
    /// 32 when the texture is mip-mapped, else 0 (in shipped data).
    pub flags4: u32,
    /// Alpha-surface bits 24/25 and the mip-skip mask 0x72000000.
    pub flags5: u32,
    /// An exporter colour nothing reads.
    pub unk6: u32,
    pub format: u32,
}

impl Header {
    pub fn new(width: u32, height: u32, mip_count: u32, format: Format) -> Self {
        Header { magic: TYPE_TEXM, width, height, mip_count, flags4: 0, flags5: 0, unk6: 0, format: format.raw() }
    }

    /// Reads the header; only the magic is validated here, the rest is the caller's policy.
    pub fn parse(bytes: &[u8]) -> Result<Header> {
        let mut r = Reader::new(bytes);
        let magic = r.u32("Texm magic")?;
        if magic != TYPE_TEXM {
            return Err(Error::new(0, msg!("texm-bad-magic", "expected magic 'Texm', found {magic}", magic = format!("{:02X?}", magic.to_le_bytes()))));
        }
        Ok(Header {
            magic,
            width: r.u32("header width")?,
            height: r.u32("header height")?,
            mip_count: r.u32("header mip_count")?,
            flags4: r.u32("header flags4")?,
            flags5: r.u32("header flags5")?,
            unk6: r.u32("header unk6")?,
            format: r.u32("header format")?,
        })
    }

    pub fn write_to(&self, out: &mut Vec<u8>) {
        for v in [self.magic, self.width, self.height, self.mip_count, self.flags4, self.flags5, self.unk6, self.format]
        {
            out.put_u32(v);
        }
    }

    pub fn known_format(&self) -> Option<Format> {
        Format::from_raw(self.format)
    }

    /// Whether the runtime treats the texture as having alpha: `flags5` bit 24 or 25, or a
    /// format with an alpha channel (4444, 8888). On such a surface a palettised texture's
    /// index 0 is transparent.
    pub fn is_alpha_surface(&self) -> bool {
        self.flags5 & (FLAG5_ALPHA | FLAG5_FADE) != 0 || matches!(self.known_format(), Some(Format::Argb4444 | Format::Argb8888))
    }

    /// Whether the runtime shows palette index 0 as transparent: a palettised texture on an
    /// alpha surface, unless bit 25 asks for the 32-step fade palette instead (whose
    /// construction is not known; views report it).
    pub fn index0_transparent(&self) -> bool {
        self.known_format().is_some_and(Format::is_indexed) && self.is_alpha_surface() && self.flags5 & FLAG5_FADE == 0
    }
}

/// `flags5` bit 24: alpha surface.
pub const FLAG5_ALPHA: u32 = 0x0100_0000;
/// `flags5` bit 25: alpha surface with the runtime's 32-step fade palette (also a mip-skip mask).
pub const FLAG5_FADE: u32 = 0x0200_0000;

/// The pixel formats the loader accepts. Stored as their decimal names (565 = 0x235).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Format {
    /// 0: 8-bit indices into the embedded 1024-byte palette.
    Indexed,
    /// 2: 8-bit indices into an external palette (a font atlas's `PAL.PAL`); no embedded palette.
    External,
    Rgb565,
    Rgb556,
    Argb4444,
    /// 88: luminance and alpha (byte order: docs/readings.md).
    LumAlpha88,
    /// 888: three colour bytes and a kept fourth byte.
    Rgb888,
    Argb8888,
}

pub const ALL_FORMATS: [Format; 8] = [
    Format::Indexed,
    Format::External,
    Format::Rgb565,
    Format::Rgb556,
    Format::Argb4444,
    Format::LumAlpha88,
    Format::Rgb888,
    Format::Argb8888,
];

impl Format {
    pub fn from_raw(v: u32) -> Option<Format> {
        Some(match v {
            0 => Format::Indexed,
            2 => Format::External,
            565 => Format::Rgb565,
            556 => Format::Rgb556,
            4444 => Format::Argb4444,
            88 => Format::LumAlpha88,
            888 => Format::Rgb888,
            8888 => Format::Argb8888,
            _ => return None,
        })
    }

    pub fn raw(self) -> u32 {
        match self {
            Format::Indexed => 0,
            Format::External => 2,
            Format::Rgb565 => 565,
            Format::Rgb556 => 556,
            Format::Argb4444 => 4444,
            Format::LumAlpha88 => 88,
            Format::Rgb888 => 888,
            Format::Argb8888 => 8888,
        }
    }

    pub fn bytes_per_pixel(self) -> usize {
        match self {
            Format::Indexed | Format::External => 1,
            Format::Rgb565 | Format::Rgb556 | Format::Argb4444 | Format::LumAlpha88 => 2,
            Format::Rgb888 | Format::Argb8888 => 4,
        }
    }

    /// Whether a 1024-byte palette follows the header.
    pub fn has_embedded_palette(self) -> bool {
        self == Format::Indexed
    }

    pub fn is_indexed(self) -> bool {
        matches!(self, Format::Indexed | Format::External)
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Indexed => "indexed (0)",
            Format::External => "external palette (2)",
            Format::Rgb565 => "RGB 565",
            Format::Rgb556 => "RGB 556",
            Format::Argb4444 => "ARGB 4444",
            Format::LumAlpha88 => "luminance+alpha 88",
            Format::Rgb888 => "RGB 888 (x)",
            Format::Argb8888 => "ARGB 8888",
        }
    }
}

/// Size of mip level `level`: each axis halves and stops at 1.
pub fn mip_dims(width: u32, height: u32, level: u32) -> (u32, u32) {
    let half = |v: u32| v.checked_shr(level).unwrap_or(0).max(1);
    (half(width), half(height))
}

/// Total pixels of `mip_count` levels. Levels past the point where both axes reach 1 are one
/// pixel each, so a huge declared count costs no loop iterations. `None` on overflow.
pub fn chain_pixels(width: u32, height: u32, mip_count: u32) -> Option<u64> {
    let mut total: u64 = 0;
    let mut level = 0u32;
    while level < mip_count {
        let (w, h) = mip_dims(width, height, level);
        if w == 1 && h == 1 {
            return total.checked_add(u64::from(mip_count - level));
        }
        total = total.checked_add(u64::from(w).checked_mul(u64::from(h))?)?;
        level += 1;
    }
    Some(total)
}

/// Byte offset of each level within the mip data, and its byte length. Only called once the
/// chain is known to fit in a payload, so the sums cannot overflow `usize`.
pub fn level_range(width: u32, height: u32, level: u32, bpp: usize) -> Option<std::ops::Range<usize>> {
    let before = chain_pixels(width, height, level)?;
    let (w, h) = mip_dims(width, height, level);
    let start = usize::try_from(before.checked_mul(bpp as u64)?).ok()?;
    let len = usize::try_from(u64::from(w) * u64::from(h)).ok()?.checked_mul(bpp)?;
    Some(start..start.checked_add(len)?)
}

/// The `sizeCore` of docs/formats/texm.md#size-of-the-core: header, palette (format 0) and the mip
/// chain. `None` on overflow.
pub fn core_size(header: &Header, format: Format) -> Option<u64> {
    let pixels = chain_pixels(header.width, header.height, header.mip_count)?;
    let palette = if format.has_embedded_palette() { PALETTE_LEN as u64 } else { 0 };
    pixels.checked_mul(format.bytes_per_pixel() as u64)?.checked_add(HEADER_LEN as u64 + palette)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_round_trip_and_bpp() {
        for f in ALL_FORMATS {
            assert_eq!(Format::from_raw(f.raw()), Some(f));
        }
        assert_eq!(Format::from_raw(1), None);
        assert_eq!(Format::from_raw(5650), None);
        let bpp: Vec<usize> = ALL_FORMATS.iter().map(|f| f.bytes_per_pixel()).collect();
        assert_eq!(bpp, [1, 1, 2, 2, 2, 2, 4, 4]);
    }

    #[test]
    fn odd_chain_runs_to_one_by_one() {
        // 5x3 -> 2x1 -> 1x1 -> 1x1
        assert_eq!(mip_dims(5, 3, 0), (5, 3));
        assert_eq!(mip_dims(5, 3, 1), (2, 1));
        assert_eq!(mip_dims(5, 3, 2), (1, 1));
        assert_eq!(mip_dims(5, 3, 40), (1, 1));
        assert_eq!(chain_pixels(5, 3, 4), Some(15 + 2 + 1 + 1));
        assert_eq!(level_range(5, 3, 1, 2), Some(30..34));
        assert_eq!(level_range(5, 3, 3, 2), Some(36..38));
    }

    #[test]
    fn chain_sum_matches_the_seed_loop() {
        for (w, h, m) in [(256, 256, 9), (64, 16, 7), (1, 1, 3), (7, 9, 5), (1024, 2, 12)] {
            let mut pix = 0u64;
            let (mut mw, mut mh) = (w as u64, h as u64);
            for _ in 0..m {
                pix += mw * mh;
                mw = (mw >> 1).max(1);
                mh = (mh >> 1).max(1);
            }
            assert_eq!(chain_pixels(w, h, m), Some(pix), "{w}x{h}x{m}");
        }
    }

    #[test]
    fn huge_counts_are_cheap_and_checked() {
        assert_eq!(chain_pixels(1, 1, u32::MAX), Some(u64::from(u32::MAX)));
        assert!(chain_pixels(u32::MAX, u32::MAX, 1).is_some());
        assert_eq!(chain_pixels(u32::MAX, u32::MAX, 2), None, "the second level overflows u64");
        let h = Header::new(u32::MAX, u32::MAX, 1, Format::Argb8888);
        assert_eq!(core_size(&h, Format::Argb8888), None, "4 bytes * (2^32-1)^2 overflows u64");
    }

    #[test]
    fn header_parses_fields_in_order() {
        let mut b = Vec::new();
        b.extend_from_slice(b"Texm"); // magic
        for v in [4u32, 2, 3, 32, 0x0400_0000, 0x00FF_00FF, 565] {
            b.extend_from_slice(&v.to_le_bytes()); // width, height, mip_count, flags4, flags5, unk6, format
        }
        let h = Header::parse(&b).unwrap();
        assert_eq!((h.width, h.height, h.mip_count, h.flags4, h.flags5, h.unk6, h.format), (4, 2, 3, 32, 0x0400_0000, 0x00FF_00FF, 565));
        let mut out = Vec::new();
        h.write_to(&mut out);
        assert_eq!(out, b);
        let e = Header::parse(&b[..20]).unwrap_err();
        assert_eq!(e.offset, 20);
        let e = Header::parse(b"Txem\0\0\0\0").unwrap_err();
        assert_eq!(e.offset, 0);
    }

    #[test]
    fn alpha_surface_bits() {
        let mut h = Header::new(4, 4, 1, Format::Indexed);
        assert!(!h.is_alpha_surface());
        h.flags5 = FLAG5_ALPHA;
        assert!(h.is_alpha_surface());
        h.flags5 = FLAG5_FADE;
        assert!(h.is_alpha_surface());
        h.flags5 = 0x0400_0000 | 0x0080_0000; // seen in shipped data, read by nothing
        assert!(!h.is_alpha_surface());
        assert!(Header::new(4, 4, 1, Format::Argb4444).is_alpha_surface());
        assert!(Header::new(4, 4, 1, Format::Argb8888).is_alpha_surface());
        let mut h = Header::new(4, 4, 1, Format::Indexed);
        h.flags5 = FLAG5_ALPHA;
        assert!(h.index0_transparent());
        h.flags5 = FLAG5_ALPHA | FLAG5_FADE;
        assert!(!h.index0_transparent(), "bit 25: fade palette instead");
        h.flags5 = FLAG5_ALPHA;
        h.format = 565;
        assert!(!h.index0_transparent(), "not palettised");
    }
}
