//! PNG export of any stored level and import of any image the `image` crate reads into an
//! existing texture (the CLI's `export-png` / `import-png` and the editor's "replace image").

use super::encode::{EncodeOptions, encode_levels};
use super::header::{Format, chain_pixels, mip_dims};
use super::mips::{MipFilter, build_chain};
use super::palette::Palette;
use super::pixel::Pixmap;
use super::skip::mip_skip;
use super::Texm;
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;
use image::ImageEncoder;

/// Levels past the point where the chain reaches 1x1 that an import rebuilds; beyond this a
/// declared count is refused rather than allocating one image per level.
pub const MAX_RUN_ON_LEVELS: u32 = 4096;

/// Encodes RGBA as a PNG file.
pub fn png_bytes(img: &Pixmap) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&img.rgba, img.width, img.height, image::ExtendedColorType::Rgba8)
        .map_err(|e| Error::new(0u64, msg!("texm-png-encode", "PNG encoding failed: {error}", error = e.to_string())))?;
    Ok(out)
}

/// Stored level `mip` of a Texm payload as an RGBA PNG. `palette` (a `.PAL` payload, 1024
/// bytes or more) is the external palette of format 2; without one format 2 is greyscale.
pub fn export_png(texm_bytes: &[u8], mip: usize, readings: &Readings, palette: Option<&[u8]>) -> Result<Vec<u8>> {
    let (t, _) = Texm::parse(texm_bytes)?;
    let external = palette.map(Palette::from_bytes).transpose().map_err(|e| e.within("external palette"))?;
    let level = u32::try_from(mip).map_err(|_| Error::new(12u64, msg!("texm-level-missing", "level {level} does not exist", level = mip)))?;
    png_bytes(&t.decode_mip(level, readings, external.as_ref())?)
}

/// Import settings. `Default`: keep the format and the size, shipped box-filtered mips, no
/// dithering.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportOptions {
    /// Target format value (0, 2, 565, 556, 4444, 88, 888, 8888); `None` keeps the texture's.
    pub format: Option<u32>,
    /// Let the texture take the image's size (with a warning) instead of refusing a mismatch.
    pub allow_resize: bool,
    pub filter: MipFilter,
    /// Floyd-Steinberg dithering for the palettised formats and 565, 556, 4444.
    pub dither: bool,
    /// The external palette (a `.PAL` payload) format 2 indexes into; greyscale without one.
    pub external_palette: Option<Vec<u8>>,
    /// Format 0: keep the texture's palette (nearest-colour mapping) instead of choosing one.
    pub keep_palette: bool,
}

/// Decodes an image file to RGBA.
pub fn read_image(image_bytes: &[u8]) -> Result<Pixmap> {
    let img = image::load_from_memory(image_bytes).map_err(|e| Error::new(0u64, msg!("texm-image-unreadable", "cannot read the image: {error}", error = e.to_string())))?;
    let rgba = img.to_rgba8();
    let (w, h) = rgba.dimensions();
    if w == 0 || h == 0 {
        return Err(Error::new(0u64, msg!("texm-image-empty", "the image is empty")));
    }
    Pixmap::from_rgba(w, h, rgba.into_raw())
}

/// Replaces the image of a Texm payload: same size unless `allow_resize`; the mip chain
/// rebuilt to the same level count; converted to the texture's format (or `opts.format`);
/// `flags4`, `flags5`, `unk6` kept; Page rects kept (scaled and rounded on a resize). Returns
/// the new payload and what the conversion changed.
pub fn import_image(old_texm: &[u8], image_bytes: &[u8], opts: &ImportOptions, readings: &Readings) -> Result<(Vec<u8>, Vec<Diagnostic>)> {
    let (old, _) = Texm::parse(old_texm)?;
    let img = read_image(image_bytes).map_err(|e| e.within("image"))?;
    let (texm, diags) = import_pixmap(&old, img, opts, readings)?;
    Ok((texm.write(), diags))
}

/// [`import_image`] on decoded values.
pub fn import_pixmap(old: &Texm, img: Pixmap, opts: &ImportOptions, readings: &Readings) -> Result<(Texm, Vec<Diagnostic>)> {
    let h = *old.header();
    let format = match opts.format {
        Some(v) => Format::from_raw(v).ok_or_else(|| Error::new(28u64, msg!("texm-target-format", "target format {format} is not one of 0, 2, 565, 556, 4444, 88, 888, 8888", format = v)))?,
        None => old.format().ok_or_else(|| Error::new(28u64, msg!("texm-import-unknown-format", "the texture's format {format} is unknown; give a target format", format = h.format)))?,
    };
    let mut diags = Vec::new();
    let (w, hgt) = (img.width, img.height);
    let resized = (w, hgt) != (h.width, h.height);
    if resized {
        if !opts.allow_resize {
            return Err(Error::new(
                4u64,
                msg!(
                    "texm-import-size",
                    "the image is {w}x{hgt} but the texture is {tw}x{th}; allow a resize to change the texture's size",
                    w = w,
                    hgt = hgt,
                    tw = h.width,
                    th = h.height
                ),
            ));
        }
        diags.push(Diagnostic::warning(4u64, msg!("texm-resized", "texture resized from {tw}x{th} to {w}x{hgt}", tw = h.width, th = h.height, w = w, hgt = hgt)));
    }
    let mut levels = h.mip_count.max(1);
    let full = full_chain_len(w, hgt);
    if levels > full.saturating_add(MAX_RUN_ON_LEVELS) {
        return Err(Error::new(
            12u64,
            msg!("texm-run-on-levels", "mip_count {levels} runs more than {max} levels past 1x1; refusing to rebuild it", levels = levels, max = MAX_RUN_ON_LEVELS),
        ));
    }
    if h.mip_count == 0 {
        diags.push(Diagnostic::warning(12u64, msg!("texm-zero-levels-written", "mip_count was 0: one level written")));
        levels = 1;
    }
    if old.format().is_some() && chain_pixels(w, hgt, levels).is_none() {
        return Err(Error::new(12u64, msg!("texm-rebuilt-overflow", "the rebuilt chain overflows")));
    }
    if let Some(f) = old.format().filter(|&f| f != format) {
        diags.push(Diagnostic::info(28u64, msg!("texm-format-changed", "format changed from {from} to {to}", from = f.raw(), to = format.raw())));
    }
    let page = old.page().map(|p| {
        if resized && !p.rects.is_empty() {
            diags.push(Diagnostic::warning(
                old.core_len() as u64,
                msg!(
                    "texm-page-scaled",
                    "{count} Page rects scaled by {w}/{tw} x {hgt}/{th} and rounded",
                    count = p.rects.len(),
                    w = w,
                    tw = h.width,
                    hgt = hgt,
                    th = h.height
                ),
            ));
            p.scaled((h.width, h.height), (w, hgt))
        } else {
            p.clone()
        }
    });
    let (before, after) = (mip_skip(h.flags5, h.width, h.height, h.mip_count), mip_skip(h.flags5, w, hgt, levels));
    if before != after {
        diags.push(Diagnostic::warning(20u64, msg!("texm-skip-changed", "at the new size the runtime skips {after} levels instead of {before}", after = after, before = before)));
    }
    let external = opts.external_palette.as_deref().map(Palette::from_bytes).transpose().map_err(|e| e.within("external palette"))?;
    let chain = build_chain(img, levels, opts.filter)?;
    let eopts = EncodeOptions {
        format: Some(format),
        flags4: h.flags4,
        flags5: h.flags5,
        unk6: h.unk6,
        page,
        old: Some(old),
        external_palette: external.as_ref(),
        dither: opts.dither,
        keep_palette: opts.keep_palette,
    };
    let (texm, more) = encode_levels(&chain, &eopts, readings)?;
    diags.extend(more);
    Ok((texm, diags))
}

/// Levels until both axes reach 1 (inclusive).
fn full_chain_len(w: u32, h: u32) -> u32 {
    (0..64).find(|&l| mip_dims(w, h, l) == (1, 1)).map_or(64, |l| l + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::texm::header::ALL_FORMATS;
    use crate::formats::texm::page::{Page, Rect};

    fn scene(w: u32, h: u32, alpha: bool) -> Pixmap {
        Pixmap::from_fn(w, h, |x, y| [(x * 40) as u8, (y * 60) as u8, 90, if alpha { ((x * 255) / w.max(1)) as u8 } else { 255 }]).unwrap()
    }

    fn base(format: Format, w: u32, h: u32, mips: u32) -> Texm {
        let chain = build_chain(scene(w, h, false), mips, MipFilter::Box).unwrap();
        let opts = EncodeOptions {
            format: Some(format),
            flags4: 32,
            flags5: 0x0400_0000,
            unk6: 0x00C0_FFEE,
            page: Some(Page { rects: vec![Rect { x: 0, w: 2, y: 1, h: 2 }] }),
            ..Default::default()
        };
        encode_levels(&chain, &opts, &Readings::default()).unwrap().0
    }

    #[test]
    fn export_decodes_the_stored_level() {
        let r = Readings::default();
        let t = base(Format::Rgb565, 4, 4, 3);
        let png = export_png(&t.write(), 1, &r, None).unwrap();
        let back = read_image(&png).unwrap();
        assert_eq!(back, t.decode_mip(1, &r, None).unwrap());
        assert!(export_png(&t.write(), 3, &r, None).is_err());
        assert!(export_png(&t.write(), usize::MAX, &r, None).is_err());
        assert!(export_png(&t.write(), 0, &r, Some(&[0; 10])).is_err(), "a short palette is an error");
    }

    #[test]
    fn import_keeps_flags_page_and_count() {
        let r = Readings::default();
        for f in ALL_FORMATS {
            let old = base(f, 4, 4, 3);
            let png = png_bytes(&scene(4, 4, false)).unwrap();
            let (bytes, _) = import_image(&old.write(), &png, &ImportOptions::default(), &r).unwrap();
            let (t, d) = Texm::parse(&bytes).unwrap();
            assert!(d.is_empty());
            let h = t.header();
            assert_eq!((h.flags4, h.flags5, h.unk6, h.mip_count, h.format), (32, 0x0400_0000, 0x00C0_FFEE, 3, f.raw()));
            assert_eq!(t.page(), old.page());
        }
    }

    #[test]
    fn resize_needs_permission_and_scales_rects() {
        let r = Readings::default();
        let old = base(Format::Argb8888, 4, 4, 3);
        let png = png_bytes(&scene(8, 2, true)).unwrap();
        let e = import_image(&old.write(), &png, &ImportOptions::default(), &r).unwrap_err();
        assert!(e.message.contains("8x2"), "{e}");
        let opts = ImportOptions { allow_resize: true, ..Default::default() };
        let (bytes, diags) = import_image(&old.write(), &png, &opts, &r).unwrap();
        let t = Texm::parse(&bytes).unwrap().0;
        assert_eq!((t.width(), t.height(), t.mip_count()), (8, 2, 3));
        assert_eq!(t.page().unwrap().rects[0], Rect { x: 0, w: 4, y: 1, h: 1 });
        assert!(diags.iter().any(|d| d.message.contains("resized")));
        assert!(diags.iter().any(|d| d.message.contains("scaled")));
    }

    #[test]
    fn format_override_and_bad_inputs() {
        let r = Readings::default();
        let old = base(Format::Rgb565, 4, 4, 1);
        let png = png_bytes(&scene(4, 4, false)).unwrap();
        let (bytes, diags) = import_image(&old.write(), &png, &ImportOptions { format: Some(0), ..Default::default() }, &r).unwrap();
        assert_eq!(Texm::parse(&bytes).unwrap().0.format(), Some(Format::Indexed));
        assert!(diags.iter().any(|d| d.message.contains("format changed")));
        assert!(import_image(&old.write(), &png, &ImportOptions { format: Some(1), ..Default::default() }, &r).is_err());
        assert!(import_image(&old.write(), b"not an image", &ImportOptions::default(), &r).is_err());
        assert!(import_image(b"Texm", &png, &ImportOptions::default(), &r).is_err());
    }

    #[test]
    fn unknown_format_textures_take_an_override() {
        let r = Readings::default();
        let mut bytes = base(Format::Rgb565, 4, 4, 1).write();
        bytes[28..32].copy_from_slice(&1234u32.to_le_bytes());
        let png = png_bytes(&scene(4, 4, false)).unwrap();
        assert!(import_image(&bytes, &png, &ImportOptions::default(), &r).is_err());
        let (out, _) = import_image(&bytes, &png, &ImportOptions { format: Some(8888), ..Default::default() }, &r).unwrap();
        assert_eq!(Texm::parse(&out).unwrap().0.format(), Some(Format::Argb8888));
        // an opaque header may declare any level count: it is bounded before rebuilding
        bytes[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(import_image(&bytes, &png, &ImportOptions { format: Some(8888), ..Default::default() }, &r).is_err());
    }
}
