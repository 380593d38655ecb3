//! The "runtime" view: the texture as the engine's loader presents it. Mip-skip applied (with
//! the loader's own start offset), palette index 0 transparent on an alpha surface, the Page
//! rects converted, and the two profile flags of docs/formats/texm.md#the-runtime-view that change
//! textures: "Force 16-bit textures" and "DisableMipmap".

use super::header::{FLAG5_FADE, Format, mip_dims};
use super::page::{RuntimeRect, runtime_rects};
use super::palette::Palette;
use super::pixel::{Layout, Pixmap, layout_fns, pixel_fns};
use super::skip::{engine_skip_offset, mip_skip};
use super::Texm;
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

/// Settings of the player's profile and the caller's load flags that change what the
/// runtime makes of a texture. `Default` is a stock profile that parses Page tails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct RuntimeOptions {
    /// "Force 16-bit textures": surfaces that are not 16-bit are stored as ARGB 4444 when the
    /// surface has alpha, else RGB 565. Modelled by passing every texel through that format.
    pub force_16bit: bool,
    /// "DisableMipmap": the texture is used at its top (post-skip) level only.
    pub disable_mipmap: bool,
    /// The load flags lack 0x400000, so the loader ignores the Page tail (rect 0 only).
    pub ignore_page: bool,
}

#[derive(Debug, Clone)]
pub struct RuntimeView {
    pub skip: u32,
    /// Size after the skip, as the loader computes it (`width >> skip`; may reach 0 for very
    /// thin textures, which the decoded levels show as 1).
    pub width: u32,
    pub height: u32,
    pub levels: Vec<Pixmap>,
    /// Rect 0 (the whole texture) and the Page rects.
    pub rects: Vec<RuntimeRect>,
    /// The surface format after "Force 16-bit textures".
    pub surface: Format,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn runtime_view(t: &Texm, readings: &Readings, external: Option<&Palette>, opts: &RuntimeOptions) -> Result<RuntimeView> {
    let h = t.header();
    let format = t.format().ok_or_else(|| Error::new(28u64, msg!("texm-unknown-format-runtime", "format {format} is unknown: the game cannot load it", format = h.format)))?;
    let mut diags = Vec::new();
    let skip = mip_skip(h.flags5, h.width, h.height, h.mip_count);
    let (rw, rh) = (h.width >> skip, h.height >> skip);
    if rw == 0 || rh == 0 {
        diags.push(Diagnostic::warning(4u64, msg!("texm-skip-empty", "mip-skip {skip} leaves the loader a {rw}x{rh} texture; shown as at least 1x1", skip = skip, rw = rw, rh = rh)));
    }
    let bpp = format.bytes_per_pixel();
    let start = engine_skip_offset(bpp, h.width, h.height, skip)
        .and_then(|o| usize::try_from(o).ok())
        .ok_or_else(|| Error::new(4u64, msg!("texm-skip-overflow", "mip-skip offset overflows")))?;
    let true_start = mip_dims_offset(t, skip, bpp);
    if Some(start) != true_start {
        diags.push(Diagnostic::warning(
            4u64,
            msg!(
                "texm-skip-misaligned",
                "the loader starts level {skip} at byte {start} of the mip data (w*h*1.25), the stored level starts at {stored}: odd sizes misalign",
                skip = skip,
                start = start,
                stored = format!("{true_start:?}")
            ),
        ));
    }
    let mut count = h.mip_count.saturating_sub(skip);
    if opts.disable_mipmap {
        count = 1;
    }
    let fns = pixel_fns(format, readings);
    let mut lut = t.lut(readings, external);
    if h.index0_transparent() {
        lut[0][3] = 0;
    } else if format.is_indexed() && h.flags5 & FLAG5_FADE != 0 {
        diags.push(Diagnostic::info(
            20u64,
            msg!("texm-fade-palette", "flags5 bit 25: the runtime builds a 32-step fade palette for this texture (not modelled); shown with the stored palette"),
        ));
    }
    let surface = if opts.force_16bit && bpp != 2 {
        if h.is_alpha_surface() || h.index0_transparent() { Format::Argb4444 } else { Format::Rgb565 }
    } else {
        format
    };
    let through = (surface != format).then(|| layout_fns(if surface == Format::Argb4444 { Layout::Argb4444 } else { Layout::Rgb565 }));
    let data = t.mip_data();
    let mut at = start;
    let mut levels = Vec::new();
    for j in 0..count {
        let (lw, lh) = mip_dims(rw.max(1), rh.max(1), j);
        let len = (lw as usize).checked_mul(lh as usize).and_then(|n| n.checked_mul(bpp));
        let Some(bytes) = len.and_then(|n| data.get(at..at.checked_add(n)?)) else {
            diags.push(Diagnostic::error(
                32u64,
                msg!(
                    "texm-runtime-past-chain",
                    "runtime level {level} ({lw}x{lh}) would be read past the stored mip chain; the loader reads beyond it",
                    level = j,
                    lw = lw,
                    lh = lh
                ),
            ));
            break;
        };
        at += bytes.len();
        let mut img = Pixmap::from_rgba(lw, lh, fns.decode(bytes, &lut))?;
        if let Some(f) = through {
            for p in img.rgba.chunks_exact_mut(4) {
                p.copy_from_slice(&f.through([p[0], p[1], p[2], p[3]]));
            }
        }
        levels.push(img);
    }
    let page: &[_] = match (t.page(), opts.ignore_page) {
        (Some(p), false) => &p.rects,
        _ => &[],
    };
    let rects = runtime_rects(page, rw, rh, skip);
    Ok(RuntimeView { skip, width: rw, height: rh, levels, rects, surface, diagnostics: diags })
}

fn mip_dims_offset(t: &Texm, level: u32, bpp: usize) -> Option<usize> {
    super::header::level_range(t.width(), t.height(), level, bpp).map(|r| r.start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::texm::encode::{EncodeOptions, encode_levels};
    use crate::formats::texm::header::FLAG5_ALPHA;
    use crate::formats::texm::mips::{MipFilter, build_chain};
    use crate::formats::texm::page::{Page, Rect};

    fn texture(format: Format, w: u32, h: u32, mips: u32, flags5: u32) -> Texm {
        let mut rgba = Vec::new();
        for y in 0..h {
            for x in 0..w {
                rgba.extend_from_slice(&[(x * 7) as u8, (y * 5) as u8, (x ^ y) as u8, if x == 0 { 0 } else { 255 }]);
            }
        }
        let levels = build_chain(Pixmap::from_rgba(w, h, rgba).unwrap(), mips, MipFilter::Box).unwrap();
        let opts = EncodeOptions { format: Some(format), flags5, page: Some(Page { rects: vec![Rect { x: 8, w: 8, y: 0, h: 4 }] }), ..Default::default() };
        encode_levels(&levels, &opts, &Readings::default()).unwrap().0
    }

    #[test]
    fn skip_drops_levels_and_scales_rects() {
        let t = texture(Format::Argb8888, 16, 16, 5, 0x1000_0000);
        let v = runtime_view(&t, &Readings::default(), None, &RuntimeOptions::default()).unwrap();
        assert_eq!(v.skip, 1);
        assert_eq!((v.width, v.height), (8, 8));
        assert_eq!(v.levels.len(), 4);
        assert_eq!(v.levels[0], t.decode_mip(1, &Readings::default(), None).unwrap());
        assert_eq!(v.rects.len(), 2);
        assert_eq!((v.rects[1].x0, v.rects[1].x1), (16, 32));
        assert_eq!(v.rects[1].u0, 0.5);
        assert!(v.diagnostics.is_empty(), "{:?}", v.diagnostics);
        let v = runtime_view(&t, &Readings::default(), None, &RuntimeOptions { disable_mipmap: true, ignore_page: true, ..Default::default() }).unwrap();
        assert_eq!(v.levels.len(), 1);
        assert_eq!(v.rects.len(), 1);
    }

    #[test]
    fn odd_sizes_show_the_loaders_offset() {
        // skip 2 on 5x3: the loader starts at 15 * 1.25 = 18 (one byte per pixel), the stored
        // level 2 at 15 + 2 = 17
        let t = texture(Format::External, 5, 3, 4, 0x0200_0000);
        let v = runtime_view(&t, &Readings::default(), None, &RuntimeOptions::default()).unwrap();
        assert_eq!(v.skip, 2);
        assert_eq!((v.width, v.height), (1, 0));
        assert!(v.diagnostics.iter().any(|d| d.message.contains("starts level 2 at byte 18")), "{:?}", v.diagnostics);
        assert_eq!(v.levels.len(), 1, "runtime level 1 would need byte 19, the chain has 19 bytes: read fits once");
        assert_eq!(v.levels[0].rgba, t.decode_mip(3, &Readings::default(), None).unwrap().rgba);
    }

    #[test]
    fn index_zero_is_transparent_on_alpha_surfaces_only() {
        let opaque = texture(Format::Indexed, 4, 4, 1, 0);
        let alpha = texture(Format::Indexed, 4, 4, 1, FLAG5_ALPHA);
        let r = Readings::default();
        let v = runtime_view(&opaque, &r, None, &RuntimeOptions::default()).unwrap();
        assert!(v.levels[0].rgba.chunks(4).all(|p| p[3] == 255));
        let v = runtime_view(&alpha, &r, None, &RuntimeOptions::default()).unwrap();
        let stored = alpha.decode_mip(0, &r, None).unwrap();
        assert!(stored.rgba.chunks(4).all(|p| p[3] == 255), "the stored view keeps RGBQUAD alpha");
        for (i, p) in v.levels[0].rgba.chunks(4).enumerate() {
            let index = alpha.mip_bytes(0).unwrap()[i];
            assert_eq!(p[3] == 0, index == 0, "pixel {i}");
            assert_eq!(index == 0, i % 4 == 0, "column 0 was transparent in the source");
        }
        let fade = texture(Format::Indexed, 4, 4, 1, FLAG5_ALPHA | FLAG5_FADE);
        let v = runtime_view(&fade, &r, None, &RuntimeOptions::default()).unwrap();
        assert!(v.diagnostics.iter().any(|d| d.message.contains("fade palette")));
    }

    #[test]
    fn force_16_bit_quantises_32_bit_surfaces() {
        let r = Readings::default();
        let t = texture(Format::Rgb888, 8, 8, 1, 0);
        let v = runtime_view(&t, &r, None, &RuntimeOptions { force_16bit: true, ..Default::default() }).unwrap();
        assert_eq!(v.surface, Format::Rgb565);
        let stored = t.decode_mip(0, &r, None).unwrap();
        let f = layout_fns(Layout::Rgb565);
        for (a, b) in stored.rgba.chunks(4).zip(v.levels[0].rgba.chunks(4)) {
            assert_eq!(f.through([a[0], a[1], a[2], a[3]]), [b[0], b[1], b[2], b[3]]);
        }
        let t = texture(Format::Argb8888, 8, 8, 1, 0);
        let v = runtime_view(&t, &r, None, &RuntimeOptions { force_16bit: true, ..Default::default() }).unwrap();
        assert_eq!(v.surface, Format::Argb4444);
        let t = texture(Format::Rgb565, 8, 8, 1, 0);
        let v = runtime_view(&t, &r, None, &RuntimeOptions { force_16bit: true, ..Default::default() }).unwrap();
        assert_eq!(v.surface, Format::Rgb565);
        assert_eq!(v.levels[0], t.decode_mip(0, &r, None).unwrap());
    }
}
