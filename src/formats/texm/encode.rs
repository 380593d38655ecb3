//! Building a Texm from RGBA levels: the one encoder behind PNG import, the editor's "replace
//! image" and the fixture builders. Bytes a format does not own (888's x, the x of RGBQUAD
//! palette entries) come from the texture being replaced wherever a level keeps its size.

use super::dither;
use super::header::{Format, Header, mip_dims};
use super::page::Page;
use super::palette::Palette;
use super::pixel::{Pixmap, grey_lut, pixel_fns};
use super::quantize::{self, MapMode, Mapper, PaletteSource, QuantOptions};
use super::Texm;
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

/// What to build. `flags4`, `flags5` and `unk6` are written as given (import passes the old
/// texture's); `old` supplies kept bytes and the palette to keep when every colour fits.
#[derive(Clone, Default)]
pub struct EncodeOptions<'a> {
    pub format: Option<Format>,
    pub flags4: u32,
    pub flags5: u32,
    pub unk6: u32,
    pub page: Option<Page>,
    pub old: Option<&'a Texm>,
    /// The palette format 2 indexes into; greyscale without one.
    pub external_palette: Option<&'a Palette>,
    /// Error diffusion for the palettised formats and 565, 556, 4444.
    pub dither: bool,
    /// Format 0: keep the old palette and map to its nearest entries.
    pub keep_palette: bool,
}

/// Encodes `levels` (level 0 first, each the size [`mip_dims`] gives) into a texture.
pub fn encode_levels(levels: &[Pixmap], opts: &EncodeOptions, readings: &Readings) -> Result<(Texm, Vec<Diagnostic>)> {
    let format = opts.format.ok_or_else(|| Error::new(28u64, msg!("texm-no-target-format", "no target format given")))?;
    let first = levels.first().ok_or_else(|| Error::new(12u64, msg!("texm-no-levels-to-encode", "no levels to encode")))?;
    let (w, h) = (first.width, first.height);
    let count = u32::try_from(levels.len()).map_err(|_| Error::new(12u64, msg!("texm-too-many-levels", "too many levels")))?;
    for (i, l) in levels.iter().enumerate() {
        if (l.width, l.height) != mip_dims(w, h, i as u32) {
            return Err(Error::new(
                0u64,
                msg!(
                    "texm-level-dims",
                    "level {level} is {lw}x{lh}, expected {expected}",
                    level = i,
                    lw = l.width,
                    lh = l.height,
                    expected = format!("{:?}", mip_dims(w, h, i as u32))
                ),
            ));
        }
    }
    let header = Header { flags4: opts.flags4, flags5: opts.flags5, unk6: opts.unk6, ..Header::new(w, h, count, format) };
    let mut diags = Vec::new();
    let bpp = format.bytes_per_pixel();
    let fns = pixel_fns(format, readings);
    let old = opts.old.filter(|o| o.format() == Some(format));
    let mut data = Vec::new();
    let mut palette = None;
    let alpha_lost = !fns.stores_alpha && levels[0].has_transparency();
    match fns.encode_row {
        Some(enc) => {
            for (i, l) in levels.iter().enumerate() {
                let start = data.len();
                let kept = old.filter(|o| i < o.mip_count() as usize && o.mip_dims(i as u32) == (l.width, l.height));
                match kept.and_then(|o| o.mip_bytes(i as u32).ok()) {
                    Some(b) => data.extend_from_slice(b),
                    None => data.resize(start + l.rgba.len() / 4 * bpp, 0),
                }
                if !(opts.dither && dither::encode_16bit(l, format, readings, &mut data[start..])) {
                    enc(&l.rgba, &mut data[start..]);
                }
            }
            if opts.dither && matches!(format, Format::Rgb565 | Format::Rgb556 | Format::Argb4444) {
                diags.push(Diagnostic::info(28u64, msg!("texm-dithered", "format {format}: dithered (Floyd-Steinberg) instead of rounding each pixel", format = format.raw())));
            }
            if alpha_lost {
                diags.push(Diagnostic::info(28u64, msg!("texm-alpha-dropped", "the image has transparency; format {format} stores no alpha, so it is dropped", format = format.raw())));
            }
        }
        None if format == Format::Indexed => {
            let order = readings.palette;
            let reserve0 = header.index0_transparent();
            let q = quantize::quantize(levels, old.and_then(Texm::palette), QuantOptions { dither: opts.dither, order, reserve0, keep_palette: opts.keep_palette });
            diags.push(Diagnostic::info(32u64, match q.source {
                PaletteSource::Kept => msg!("texm-palette-kept", "every colour is in the texture's palette: palette kept"),
                PaletteSource::Exact(n) => msg!("texm-palette-exact", "{count} distinct colours: they became the palette exactly", count = n),
                PaletteSource::Nearest if opts.dither => {
                    msg!("texm-palette-nearest-dithered", "palette kept: colours not in it took their nearest entry, dithered")
                }
                PaletteSource::Nearest => msg!("texm-palette-nearest", "palette kept: colours not in it took their nearest entry"),
                PaletteSource::KMeans if opts.dither => {
                    msg!("texm-palette-kmeans-dithered", "more than {count} colours: palette chosen by k-means, dithered", count = 256 - usize::from(reserve0))
                }
                PaletteSource::KMeans => msg!("texm-palette-kmeans", "more than {count} colours: palette chosen by k-means", count = 256 - usize::from(reserve0)),
            }));
            if reserve0 {
                diags.push(Diagnostic::info(32u64, msg!("texm-alpha-surface", "alpha surface: transparent pixels (alpha < 128) take index 0, which the runtime shows transparent")));
            } else if alpha_lost && !Palette::carries_alpha(order) {
                diags.push(Diagnostic::info(
                    32u64,
                    msg!("texm-palette-alpha-dropped", "the image has transparency; this palette stores no alpha and the surface is not an alpha surface, so it is dropped"),
                ));
            }
            q.levels.iter().for_each(|l| data.extend_from_slice(l));
            palette = Some(q.palette);
        }
        None => {
            let lut = opts.external_palette.map_or_else(grey_lut, |p| p.lut(readings.palette));
            if opts.external_palette.is_none() {
                diags.push(Diagnostic::info(28u64, msg!("texm-greyscale-indices", "format 2 without an external palette: encoded as greyscale indices")));
            }
            let mapper = Mapper::new(&lut, MapMode::for_texture(readings, header.index0_transparent()));
            levels.iter().for_each(|l| data.extend_from_slice(&mapper.map_image(l, opts.dither)));
        }
    }
    let texm = Texm::from_parts(header, palette, data, opts.page.clone())?;
    Ok((texm, diags))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::texm::header::ALL_FORMATS;
    use crate::formats::texm::mips::{MipFilter, build_chain};

    fn gradient(w: u32, h: u32) -> Pixmap {
        Pixmap::from_fn(w, h, |x, y| [(x * 255 / w.max(2)) as u8, (y * 255 / h.max(2)) as u8, 128, 255]).unwrap()
    }

    #[test]
    fn every_format_encodes_a_chain_and_parses_back() {
        let r = Readings::default();
        for f in ALL_FORMATS {
            let levels = build_chain(gradient(5, 3), 4, MipFilter::Box).unwrap();
            let opts = EncodeOptions { format: Some(f), flags4: 32, ..Default::default() };
            let (t, _) = encode_levels(&levels, &opts, &r).unwrap();
            let bytes = t.write();
            let (back, diags) = Texm::parse(&bytes).unwrap();
            assert!(diags.is_empty(), "{f:?} {diags:?}");
            assert_eq!(back, t);
            assert_eq!(back.header().flags4, 32);
            assert_eq!(back.mip_count(), 4);
        }
    }

    #[test]
    fn x_bytes_survive_a_same_size_reencode() {
        let r = Readings::default();
        let levels = build_chain(gradient(4, 4), 3, MipFilter::Box).unwrap();
        let (mut t, _) = encode_levels(&levels, &EncodeOptions { format: Some(Format::Rgb888), ..Default::default() }, &r).unwrap();
        let mut bytes = t.write();
        for x in bytes[32 + 3..].iter_mut().step_by(4) {
            *x = 0xEE;
        }
        t = Texm::parse(&bytes).unwrap().0;
        let opts = EncodeOptions { format: Some(Format::Rgb888), old: Some(&t), ..Default::default() };
        let (t2, _) = encode_levels(&levels, &opts, &r).unwrap();
        assert_eq!(t2.write(), bytes, "same pixels, x kept: byte-identical");
    }

    #[test]
    fn mismatched_levels_are_refused() {
        let r = Readings::default();
        let levels = vec![gradient(4, 4), gradient(3, 2)];
        let e = encode_levels(&levels, &EncodeOptions { format: Some(Format::Rgb565), ..Default::default() }, &r).unwrap_err();
        assert!(e.message.contains("level 1"), "{e}");
        assert!(encode_levels(&[], &EncodeOptions { format: Some(Format::Rgb565), ..Default::default() }, &r).is_err());
    }
}
