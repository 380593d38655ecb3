//! Texm textures (docs/formats/texm.md): parse and write losslessly,
//! decode any level of every format to RGBA8 through one pixel table ([`pixel`]), encode back,
//! rebuild mip chains, the runtime's view (mip-skip, index-0 transparency, profile flags), the
//! `Page` atlas tail, palettes and `palettes.lib`, and PNG export/import.
//!
//! Raw layer: [`Texm`] holds the header words as stored, the embedded palette, the mip chain
//! bytes and the Page rects; `parse(b)` then `write()` gives `b` back. The mip chain is a view
//! of the bytes parsed ([`SharedBytes`]): parsing the document's bytes copies no pixel, and the
//! first edit of a level copies the chain once. A texture whose format
//! value the game does not know parses too, as an opaque entry (every byte after the header
//! kept), with an error diagnostic for `check`.

#[cfg(target_arch = "x86_64")]
mod avx2;
pub mod dither;
pub mod encode;
pub mod grid;
pub mod header;
pub mod kmeans;
pub mod mips;
pub mod page;
pub mod palette;
pub mod pixel;
pub mod png;
pub mod quality;
pub mod quantize;
pub mod skip;
pub mod space;
mod split;
pub mod view;

pub use encode::{EncodeOptions, encode_levels};
pub use header::{ALL_FORMATS, Format, HEADER_LEN, Header, PALETTE_LEN};
pub use mips::MipFilter;
pub use page::{Page, Rect, RuntimeRect, runtime_rects};
pub use palette::{PalEntry, Palette, PaletteSuffix, palette_suffix, slot_name};
pub use pixel::{Lut, Pixmap, pixel_fns};
pub use png::{ImportOptions, export_png, import_image};
pub use skip::mip_skip;
pub use split::decode_indexed_on;
pub use view::{RuntimeOptions, RuntimeView, runtime_view};

use crate::formats::bytes::{Reader, SharedBytes};
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

/// One Texm payload as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Texm {
    header: Header,
    /// Format 0 only.
    palette: Option<Palette>,
    /// Every mip level back to back; for an unknown format, every byte after the header. A
    /// view of the parsed bytes until an edit changes a level.
    data: SharedBytes,
    page: Option<Page>,
}

impl Texm {
    /// Parses a payload. Fails on a short or wrong header, a zero width, height or level
    /// count, a mip chain beyond the payload, or a tail that is not exactly one Page chunk.
    /// An unknown format value is not a failure: the entry is kept opaque and an error
    /// diagnostic says the game cannot load it.
    ///
    /// Given [`SharedBytes`] (the document's), the mip chain stays a view of them; a plain
    /// slice is copied once.
    pub fn parse(bytes: impl Into<SharedBytes>) -> Result<(Texm, Vec<Diagnostic>)> {
        let bytes: SharedBytes = bytes.into();
        let header = Header::parse(&bytes)?;
        let mut diags = Vec::new();
        let zero_fields = [(4u64, "width", header.width), (8, "height", header.height), (12, "mip_count", header.mip_count)];
        let Some(format) = header.known_format() else {
            diags.push(Diagnostic::error(
                28u64,
                msg!(
                    "texm-unknown-format-kept",
                    "unknown pixel format {format} (known: 0, 2, 565, 556, 4444, 88, 888, 8888): the game cannot load it; the entry is kept as raw bytes",
                    format = header.format
                ),
            ));
            for (at, name, v) in zero_fields {
                if v == 0 {
                    diags.push(Diagnostic::error(at, msg!("texm-field-zero", "{name} is 0", name = name)));
                }
            }
            // The header parsed, so there are at least HEADER_LEN bytes.
            let data = bytes.slice(HEADER_LEN..bytes.len());
            return Ok((Texm { header, palette: None, data, page: None }, diags));
        };
        for (at, name, v) in zero_fields {
            if v == 0 {
                let message = if name == "mip_count" {
                    msg!("texm-no-levels", "mip_count is 0; a texture needs at least one level")
                } else {
                    msg!("texm-no-pixels", "{name} is 0; a texture needs at least one pixel", name = name)
                };
                return Err(Error::new(at, message));
            }
        }
        let core = header::core_size(&header, format).ok_or_else(|| {
            Error::new(
                12u64,
                msg!(
                    "texm-chain-overflow",
                    "{levels} levels of {width}x{height} at format {format} overflow any size",
                    levels = header.mip_count,
                    width = header.width,
                    height = header.height,
                    format = header.format
                ),
            )
        })?;
        let mut r = Reader::at(&bytes, HEADER_LEN);
        let palette = if format.has_embedded_palette() {
            Some(Palette::from_bytes(r.bytes(PALETTE_LEN, "palette (256 entries of 4 bytes)")?)?)
        } else {
            None
        };
        // `core` counts the header and palette just read, so this never saturates.
        let chain_len = core.saturating_sub(r.pos() as u64);
        let chain_len = usize::try_from(chain_len).ok().filter(|&n| n <= r.remaining()).ok_or_else(|| {
            Error::new(
                r.pos(),
                msg!(
                    "texm-chain-past-end",
                    "mip chain ({levels} levels from {width}x{height}, format {format}) runs past the end (need {need} bytes, {left} left)",
                    levels = header.mip_count,
                    width = header.width,
                    height = header.height,
                    format = header.format,
                    need = chain_len,
                    left = r.remaining()
                ),
            )
        })?;
        let start = r.pos();
        r.skip(chain_len, "mip chain")?;
        let data = bytes.slice(start..start + chain_len);
        let page = if r.remaining() > 0 {
            let at = r.pos();
            Some(Page::parse(r.rest()).map_err(|e| e.at_base(at as u64, "Page"))?)
        } else {
            None
        };
        Ok((Texm { header, palette, data, page }, diags))
    }

    /// Assembles a texture from parts, checking that they agree with the header.
    pub fn from_parts(header: Header, palette: Option<Palette>, data: Vec<u8>, page: Option<Page>) -> Result<Texm> {
        let format = header.known_format().ok_or_else(|| Error::new(28u64, msg!("texm-unknown-format", "unknown pixel format {format}", format = header.format)))?;
        if header.width == 0 || header.height == 0 || header.mip_count == 0 {
            return Err(Error::new(4u64, msg!("texm-parts-zero", "width, height and mip_count must be at least 1")));
        }
        if format.has_embedded_palette() != palette.is_some() {
            return Err(Error::new(32u64, msg!("texm-parts-palette", "format 0 has an embedded palette and no other format does")));
        }
        let want = header::chain_pixels(header.width, header.height, header.mip_count)
            .and_then(|p| p.checked_mul(format.bytes_per_pixel() as u64));
        if want != Some(data.len() as u64) {
            return Err(Error::new(HEADER_LEN, msg!("texm-parts-size", "mip data is {size} bytes, the header asks for {want}", size = data.len(), want = format!("{want:?}"))));
        }
        Ok(Texm { header, palette, data: SharedBytes::from(data), page })
    }

    pub fn write(&self) -> Vec<u8> {
        let page_len = self.page.as_ref().map_or(0, Page::byte_len);
        let mut out = Vec::with_capacity(HEADER_LEN + PALETTE_LEN + self.data.len() + page_len);
        self.header.write_to(&mut out);
        if let Some(p) = &self.palette {
            out.extend_from_slice(&p.raw);
        }
        out.extend_from_slice(&self.data);
        if let Some(p) = &self.page {
            p.write_to(&mut out);
        }
        out
    }

    /// Bytes before the Page tail: header, palette and mip chain (or the opaque rest).
    pub fn core_len(&self) -> usize {
        HEADER_LEN + self.palette.as_ref().map_or(0, |_| PALETTE_LEN) + self.data.len()
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Edits the words whose meaning is only partly known; layout fields stay consistent.
    pub fn set_flags(&mut self, flags4: u32, flags5: u32, unk6: u32) {
        self.header.flags4 = flags4;
        self.header.flags5 = flags5;
        self.header.unk6 = unk6;
    }

    pub fn format(&self) -> Option<Format> {
        self.header.known_format()
    }

    /// For an unknown format: every byte after the header, for a raw view.
    pub fn opaque_bytes(&self) -> Option<&[u8]> {
        if self.format().is_none() { Some(&self.data) } else { None }
    }

    pub fn palette(&self) -> Option<&Palette> {
        self.palette.as_ref()
    }

    pub fn palette_mut(&mut self) -> Option<&mut Palette> {
        self.palette.as_mut()
    }

    pub fn page(&self) -> Option<&Page> {
        self.page.as_ref()
    }

    /// Sets or removes the Page tail (an opaque texture cannot carry one).
    pub fn set_page(&mut self, page: Option<Page>) -> Result<()> {
        if self.format().is_none() && page.is_some() {
            return Err(Error::new(28u64, msg!("texm-raw-no-page", "a texture of unknown format keeps its bytes raw; it cannot take a Page tail")));
        }
        self.page = page;
        Ok(())
    }

    pub fn width(&self) -> u32 {
        self.header.width
    }
    pub fn height(&self) -> u32 {
        self.header.height
    }
    pub fn mip_count(&self) -> u32 {
        self.header.mip_count
    }

    pub fn mip_dims(&self, level: u32) -> (u32, u32) {
        header::mip_dims(self.header.width, self.header.height, level)
    }

    /// All levels' bytes (known formats).
    pub fn mip_data(&self) -> &[u8] {
        if self.format().is_some() { &self.data } else { &[] }
    }

    fn level_range(&self, level: u32) -> Result<(Format, std::ops::Range<usize>)> {
        let format = self.format().ok_or_else(|| Error::new(28u64, msg!("texm-unknown-no-levels", "format {format} is unknown: no levels to read", format = self.header.format)))?;
        if level >= self.header.mip_count {
            return Err(Error::new(12u64, msg!("texm-no-such-level", "level {level} does not exist (the texture has {count})", level = level, count = self.header.mip_count)));
        }
        let range = header::level_range(self.header.width, self.header.height, level, format.bytes_per_pixel())
            .filter(|r| r.end <= self.data.len())
            .ok_or_else(|| Error::new(HEADER_LEN, msg!("texm-level-outside", "level {level} lies outside the mip data", level = level)))?;
        Ok((format, range))
    }

    /// Stored bytes of one level.
    pub fn mip_bytes(&self, level: u32) -> Result<&[u8]> {
        let (_, r) = self.level_range(level)?;
        Ok(&self.data[r])
    }

    /// The lookup table the indexed formats decode through: the embedded palette (format 0),
    /// else the external one, else greyscale.
    pub fn lut(&self, readings: &Readings, external: Option<&Palette>) -> Lut {
        match self.palette.as_ref().or(external) {
            Some(p) => p.lut(readings.palette),
            None => pixel::grey_lut(),
        }
    }

    /// The "stored" view of one level: alpha exactly as the format stores it (what
    /// `export-png` writes). `external` is the palette for format 2 (greyscale without one).
    pub fn decode_mip(&self, level: u32, readings: &Readings, external: Option<&Palette>) -> Result<Pixmap> {
        let (format, range) = self.level_range(level)?;
        let (w, h) = self.mip_dims(level);
        let fns = pixel_fns(format, readings);
        let lut = self.lut(readings, external);
        Pixmap::from_rgba(w, h, fns.decode(&self.data[range], &lut))
    }

    /// Replaces one level from RGBA of the same size. Direct formats keep the bytes their layout
    /// does not own (888's x); indexed formats map each pixel to the nearest entry of the
    /// palette they decode through (see [`quantize::Mapper`]).
    pub fn set_mip_rgba(&mut self, level: u32, image: &Pixmap, readings: &Readings, external: Option<&Palette>) -> Result<()> {
        let (format, range) = self.level_range(level)?;
        let (w, h) = self.mip_dims(level);
        if (image.width, image.height) != (w, h) {
            return Err(Error::new(0u64, msg!("texm-level-size", "level {level} is {w}x{h}; the image is {iw}x{ih}", level = level, w = w, h = h, iw = image.width, ih = image.height)));
        }
        let fns = pixel_fns(format, readings);
        match fns.encode_row {
            Some(enc) => enc(&image.rgba, &mut self.data.make_mut()[range]),
            None => {
                let lut = self.lut(readings, external);
                let reserve0 = self.header.index0_transparent();
                let mapper = quantize::Mapper::new(&lut, quantize::MapMode::for_texture(readings, reserve0));
                let indices = mapper.map_image(image, false);
                self.data.make_mut()[range].copy_from_slice(&indices);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod decode_reference;
#[cfg(test)]
mod tests;
