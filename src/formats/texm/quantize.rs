//! RGBA to 8-bit indices for the palettised formats: keep the texture's palette when every
//! colour of the new image is already in it, take the colours as they are when there are few
//! enough, else choose a palette by k-means (see [`kmeans`](super::kmeans)); then map every
//! level with an exact nearest-colour search in the same space, optionally with serpentine
//! Floyd-Steinberg error diffusion.
//!
//! On an alpha surface the runtime shows index 0 as transparent, so there transparent pixels
//! (alpha < 128) map to index 0 and opaque ones never do.

use super::dither::diffuse;
use super::grid::Grid;
use super::kmeans::{Histogram, centres};
use super::palette::Palette;
use super::pixel::{Lut, Pixmap};
use super::space::{Converter, Coord, Nearest, Space, dist};
use crate::formats::readings::{PaletteOrder, Readings};
use std::collections::HashSet;

/// Pixels with less alpha than this are "transparent" for index-0 purposes.
pub const TRANSPARENT_BELOW: u8 = 128;

/// The space palettes are chosen in, and the pixels then mapped in: RGB, the distance PSNR
/// measures, gave 0.4 to 1.5 dB more than k-means in Oklab (`benches/quantise_compare.sh`,
/// `tests/texm_quantise.rs`).
pub const CHOOSE_SPACE: Space = Space::Rgb;
/// The space `--keep-palette` maps to the texture's old palette in: nearest by perceived
/// difference, 8 to 19% less mean Oklab error than the RGB nearest at 0.8 to 1.2 dB less PSNR.
pub const KEEP_SPACE: Space = Space::Oklab;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapMode {
    /// Alpha takes part in the colour distance (palettes that store alpha).
    pub alpha: bool,
    /// Index 0 is the runtime's transparent index: only transparent pixels map to it.
    pub reserve0: bool,
}

impl MapMode {
    pub fn for_texture(readings: &Readings, alpha_surface: bool) -> MapMode {
        MapMode { alpha: Palette::carries_alpha(readings.palette), reserve0: alpha_surface }
    }
}

/// Maps colours to the nearest entry of a palette, nearest in one [`Space`].
pub struct Mapper {
    search: Nearest,
    conv: Converter,
    mode: MapMode,
    lut: Lut,
    /// Every entry's coordinates, by index.
    coords: Vec<Coord>,
    /// A quarter of the squared distance from each entry to its nearest other entry: a colour
    /// closer than that to an entry has it as its nearest (Elkan), no search needed.
    safe: Vec<f32>,
}

impl Mapper {
    /// A mapper by RGB distance (format 2's external palette, level edits).
    pub fn new(lut: &Lut, mode: MapMode) -> Mapper {
        Mapper::in_space(lut, mode, CHOOSE_SPACE)
    }

    pub fn in_space(lut: &Lut, mode: MapMode, space: Space) -> Mapper {
        let conv = Converter::new(space, mode.alpha);
        let first = usize::from(mode.reserve0);
        let coords: Vec<Coord> = lut.iter().map(|e| conv.to_space(*e)).collect();
        let search = Nearest::new(coords.iter().enumerate().skip(first).map(|(i, c)| (*c, i as u16)));
        let safe = coords.iter().enumerate().map(|(i, c)| search.find_other(c, i as u16).map_or(f32::INFINITY, |(_, d)| d / 4.0)).collect();
        Mapper { search, conv, mode, lut: *lut, coords, safe }
    }

    /// The index a colour maps to.
    pub fn nearest(&self, p: [u8; 4]) -> u8 {
        self.nearest_from(p, None, None)
    }

    /// The same, starting from a guess (a neighbour's index): most pixels are settled by it.
    /// With a grid (RGB without alpha) only its candidates are compared.
    fn nearest_from(&self, p: [u8; 4], guess: Option<u8>, grid: Option<&mut Grid>) -> u8 {
        if self.mode.reserve0 && p[3] < TRANSPARENT_BELOW {
            return 0;
        }
        let c = self.conv.to_space(p);
        let hint = guess.filter(|g| !(self.mode.reserve0 && *g == 0)).map(|g| (u16::from(g), dist(&self.coords[usize::from(g)], &c)));
        if let Some((g, d)) = hint
            && d < self.safe[usize::from(g)]
        {
            return g as u8;
        }
        match grid {
            Some(grid) => {
                let mut best = (u16::MAX, f32::INFINITY);
                for &i in grid.candidates(p) {
                    let d = dist(&self.coords[usize::from(i)], &c);
                    if d < best.1 || (d == best.1 && i < best.0) {
                        best = (i, d);
                    }
                }
                best.0 as u8
            }
            None => self.search.find(&c, hint).map_or(0, |(i, _)| i as u8),
        }
    }

    /// A grid for [`Mapper::nearest_from`] when the space is RGB and alpha does not count.
    fn grid(&self) -> Option<Grid> {
        let first = usize::from(self.mode.reserve0);
        (self.conv.space() == Space::Rgb && !self.mode.alpha).then(|| Grid::new(self.lut.iter().enumerate().skip(first).map(|(i, e)| (*e, i as u16))))
    }

    /// Maps a whole image; with `dither`, serpentine Floyd-Steinberg error diffusion in RGB
    /// (and alpha when the palette stores it). Transparent pixels on an alpha surface take
    /// index 0 and pass no error on.
    pub fn map_image(&self, img: &Pixmap, dither: bool) -> Vec<u8> {
        let mut out = vec![0u8; img.rgba.len() / 4];
        // Images repeat colours a lot: a small direct-mapped cache skips most searches, and
        // the last pixel's index starts the rest. An empty slot holds a value above any index.
        let mut cache = vec![(0u32, u16::MAX); 4096];
        let mut last = None;
        let mut grid = self.grid();
        let mut lookup = |p: [u8; 4]| {
            let key = u32::from_le_bytes(p);
            let slot = (key.wrapping_mul(0x9E37_79B9) >> 20) as usize;
            let v = match cache[slot] {
                (k, v) if k == key && v <= 255 => v as u8,
                _ => {
                    let v = self.nearest_from(p, last, grid.as_mut());
                    cache[slot] = (key, u16::from(v));
                    v
                }
            };
            last = Some(v);
            v
        };
        if !dither {
            for (o, p) in out.iter_mut().zip(img.rgba.chunks_exact(4)) {
                *o = lookup([p[0], p[1], p[2], p[3]]);
            }
            return out;
        }
        let channels = if self.mode.alpha { 4 } else { 3 };
        diffuse(img, channels, |i, p| {
            let idx = lookup(p);
            out[i] = idx;
            (!(self.mode.reserve0 && idx == 0)).then(|| self.lut[usize::from(idx)])
        });
        out
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuantOptions {
    pub dither: bool,
    pub order: PaletteOrder,
    /// The texture is an alpha surface: index 0 is kept for transparent pixels.
    pub reserve0: bool,
    /// Map every colour to the nearest entry of the old palette instead of choosing a new one
    /// (other textures or a material may rely on the palette's entries).
    pub keep_palette: bool,
}

/// How a palette is chosen: the defaults are what import uses; the alternatives stay so the
/// choice can be measured again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tuning {
    /// Where a new palette is chosen and every level mapped to it.
    pub space: Space,
    /// Where `keep_palette` maps to the old palette.
    pub keep_space: Space,
    /// Choose the palette from every level (each pixel weighted alike) instead of level 0:
    /// measured up to 0.8 dB less on level 0 and up to 5 dB more on the mips, which the box
    /// filter fills with in-between colours.
    pub all_levels: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning { space: CHOOSE_SPACE, keep_space: KEEP_SPACE, all_levels: true }
    }
}

/// Where the palette of a quantised texture came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaletteSource {
    /// Every colour was already in the old palette: it is kept byte for byte.
    Kept,
    /// Few enough distinct colours: they became the palette as they are.
    Exact(usize),
    /// More colours than entries: k-means chose them.
    KMeans,
    /// The old palette was kept as asked; colours not in it went to their nearest entry.
    Nearest,
}

pub struct Quantized {
    pub palette: Palette,
    /// One index buffer per input level.
    pub levels: Vec<Vec<u8>>,
    pub source: PaletteSource,
}

/// The palette key of a pixel: alpha only counts when the palette stores it.
fn key(p: &[u8], order: PaletteOrder) -> [u8; 4] {
    if Palette::carries_alpha(order) { [p[0], p[1], p[2], p[3]] } else { [p[0], p[1], p[2], 255] }
}

/// Quantises a mip chain to one palette, chosen from every level (see [`Tuning`]); every level
/// is mapped through it with the same distance. Entries the new palette does not
/// use keep their old bytes, so do the x bytes of an RGBQUAD palette.
pub fn quantize(levels: &[Pixmap], old: Option<&Palette>, opts: QuantOptions) -> Quantized {
    quantize_tuned(levels, old, opts, Tuning::default())
}

/// [`quantize`] with the palette choice spelled out.
pub fn quantize_tuned(levels: &[Pixmap], old: Option<&Palette>, opts: QuantOptions, tuning: Tuning) -> Quantized {
    let first = usize::from(opts.reserve0);
    let capacity = 256 - first;
    let counts = |p: &&[u8]| !(opts.reserve0 && p[3] < TRANSPARENT_BELOW);
    let mut palette = old.cloned().unwrap_or_else(Palette::zeroed);
    let mut distinct: Vec<[u8; 4]> = Vec::new();
    let mut seen = HashSet::new();
    if let Some(l0) = levels.first() {
        for p in l0.rgba.chunks_exact(4).filter(counts) {
            let k = key(p, opts.order);
            if seen.insert(k) {
                distinct.push(k);
                if distinct.len() > 256 {
                    break;
                }
            }
        }
    }
    let fits_old = old.is_some_and(|o| {
        let have: HashSet<[u8; 4]> = (first..256).map(|i| o.entry(i as u8, opts.order)).collect();
        distinct.iter().all(|k| have.contains(k))
    });
    let mode = MapMode { alpha: Palette::carries_alpha(opts.order), reserve0: opts.reserve0 };
    let source = if fits_old {
        PaletteSource::Kept
    } else if opts.keep_palette && old.is_some() {
        PaletteSource::Nearest
    } else if distinct.len() <= capacity {
        for (i, c) in distinct.iter().enumerate() {
            palette.set_entry((i + first) as u8, *c, opts.order);
        }
        PaletteSource::Exact(distinct.len())
    } else {
        let conv = Converter::new(tuning.space, mode.alpha);
        let used = if tuning.all_levels { levels.len() } else { levels.len().min(1) };
        let keyed: Vec<Vec<[u8; 4]>> = levels[..used].iter().map(|l| l.rgba.chunks_exact(4).filter(counts).map(|p| key(p, opts.order)).collect()).collect();
        let sources: Vec<(&[[u8; 4]], f32)> = keyed.iter().map(|k| (k.as_slice(), 1.0)).collect();
        for (i, c) in centres(&Histogram::new(&sources, &conv), capacity).iter().enumerate() {
            palette.set_entry((i + first) as u8, conv.to_rgba(*c), opts.order);
        }
        PaletteSource::KMeans
    };
    let space = if source == PaletteSource::Nearest { tuning.keep_space } else { tuning.space };
    let mapper = Mapper::in_space(&palette.lut(opts.order), mode, space);
    // Level 0 maps exactly unless k-means chose the palette, so dithering changes nothing
    // there; the averaged mips gain from it either way.
    let levels = levels.iter().map(|l| mapper.map_image(l, opts.dither)).collect();
    Quantized { palette, levels, source }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn img(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Pixmap {
        Pixmap::from_fn(w, h, f).unwrap()
    }

    #[test]
    fn nearest_matches_brute_force_in_rgb() {
        let mut lut = [[0u8; 4]; 256];
        for (i, e) in lut.iter_mut().enumerate() {
            let v = (i as u32).wrapping_mul(2_654_435_761);
            *e = [(v >> 24) as u8, (v >> 16) as u8, (v >> 8) as u8, v as u8];
        }
        for mode in [MapMode { alpha: false, reserve0: false }, MapMode { alpha: true, reserve0: true }] {
            let m = Mapper::in_space(&lut, mode, Space::Rgb);
            let d = |e: [u8; 4], p: [u8; 4]| {
                let c = |i: usize| (i32::from(e[i]) - i32::from(p[i])).pow(2);
                c(0) + c(1) + c(2) + if mode.alpha { c(3) } else { 0 }
            };
            for k in 0..2000u32 {
                let v = k.wrapping_mul(0x85EB_CA6B) ^ 0x1234_5678;
                let p = [(v >> 24) as u8, (v >> 16) as u8, (v >> 8) as u8, 128 + (v & 127) as u8];
                let i = m.nearest(p);
                let brute = lut[usize::from(mode.reserve0)..].iter().map(|e| d(*e, p)).min().unwrap();
                // f32 coordinates may round a tie either way
                assert!((d(lut[usize::from(i)], p) - brute).abs() <= 1, "{p:?}");
                assert!(!mode.reserve0 || i != 0);
            }
        }
    }

    #[test]
    fn keeps_the_old_palette_when_every_colour_fits() {
        let mut old = Palette::zeroed();
        for i in 0..256 {
            old.raw[i * 4..i * 4 + 4].copy_from_slice(&[i as u8, 255 - i as u8, 7, 0x33]); // b, g, r, x
        }
        let l0 = img(4, 4, |x, y| old.entry((x + 4 * y) as u8 * 3, PaletteOrder::Bgrx));
        let opts = QuantOptions { dither: true, order: PaletteOrder::Bgrx, reserve0: false, keep_palette: false };
        let q = quantize(std::slice::from_ref(&l0), Some(&old), opts);
        assert_eq!(q.source, PaletteSource::Kept);
        assert_eq!(q.palette, old);
        assert_eq!(q.levels[0], (0..16).map(|i| i * 3).collect::<Vec<u8>>());
    }

    #[test]
    fn few_colours_become_the_palette_exactly_and_keep_x() {
        let mut old = Palette::zeroed();
        old.raw.iter_mut().skip(3).step_by(4).for_each(|x| *x = 0xAB);
        let l0 = img(8, 2, |x, _| [x as u8 * 30, 5, 9, 255]);
        let opts = QuantOptions { dither: false, order: PaletteOrder::Bgrx, reserve0: false, keep_palette: false };
        let q = quantize(std::slice::from_ref(&l0), Some(&old), opts);
        assert_eq!(q.source, PaletteSource::Exact(8));
        let lut = q.palette.lut(PaletteOrder::Bgrx);
        for (i, &ix) in q.levels[0].iter().enumerate() {
            assert_eq!(&lut[usize::from(ix)], &l0.rgba[i * 4..i * 4 + 4]);
        }
        assert!(q.palette.raw.iter().skip(3).step_by(4).all(|&x| x == 0xAB));
    }

    #[test]
    fn alpha_surfaces_reserve_index_zero() {
        let l0 = img(4, 1, |x, _| if x == 0 { [9, 9, 9, 0] } else { [x as u8 * 50, 0, 0, 255] });
        let opts = QuantOptions { dither: false, order: PaletteOrder::Bgrx, reserve0: true, keep_palette: false };
        let q = quantize(std::slice::from_ref(&l0), None, opts);
        assert_eq!(q.levels[0][0], 0);
        assert!(q.levels[0][1..].iter().all(|&i| i != 0));
        assert_eq!(q.source, PaletteSource::Exact(3));
    }

    #[test]
    fn many_colours_go_through_k_means_and_stay_close() {
        let l0 = img(64, 64, |x, y| [(x * 4) as u8, (y * 4) as u8, ((x + y) * 2) as u8, 255]);
        for dither in [false, true] {
            let opts = QuantOptions { dither, order: PaletteOrder::Bgrx, reserve0: false, keep_palette: false };
            let q = quantize(std::slice::from_ref(&l0), None, opts);
            assert_eq!(q.source, PaletteSource::KMeans);
            let lut = q.palette.lut(PaletteOrder::Bgrx);
            let mut err = 0u64;
            for (i, &ix) in q.levels[0].iter().enumerate() {
                let e = lut[usize::from(ix)];
                err += e[..3].iter().zip(&l0.rgba[i * 4..i * 4 + 3]).map(|(a, b)| u64::from(a.abs_diff(*b))).sum::<u64>();
            }
            let mean = err as f64 / (64.0 * 64.0 * 3.0);
            assert!(mean < 12.0, "mean channel error {mean} (dither {dither})");
        }
    }

    #[test]
    fn white_maps_to_white() {
        // 0xFFFFFFFF is a key like any other for the mapping cache
        let m = Mapper::new(&crate::formats::texm::pixel::grey_lut(), MapMode { alpha: false, reserve0: false });
        assert_eq!(m.map_image(&img(1, 1, |_, _| [255; 4]), false), [255]);
        assert_eq!(m.map_image(&img(2, 1, |x, _| [x as u8 * 255; 4]), false), [0, 255]);
    }

    #[test]
    fn dithering_preserves_the_mean() {
        // a flat colour halfway between two entries dithers to a mix of both
        let mut lut = [[0u8, 0, 0, 255]; 256];
        lut[1] = [100, 100, 100, 255];
        let m = Mapper::new(&lut, MapMode { alpha: false, reserve0: false });
        let flat = img(16, 16, |_, _| [50, 50, 50, 255]);
        let out = m.map_image(&flat, true);
        let ones = out.iter().filter(|&&i| i == 1).count();
        assert!((100..=156).contains(&ones), "{ones} of 256 pixels took the lighter entry");
        assert!(m.map_image(&flat, false).iter().all(|&i| i == out[0] || i == 0 || i == 1));
    }

    #[test]
    fn keep_palette_maps_to_the_nearest_old_entry() {
        let mut old = Palette::zeroed();
        for i in 0..4u8 {
            old.set_entry(i, [i * 80, 0, 0, 255], PaletteOrder::Bgrx);
        }
        let mut rgba = Vec::new();
        for v in [10u8, 70, 170, 250, 5, 90] {
            rgba.extend_from_slice(&[v, 0, 0, 255]);
        }
        let img = Pixmap::from_rgba(6, 1, rgba).unwrap();
        let opts = QuantOptions { dither: false, order: PaletteOrder::Bgrx, reserve0: false, keep_palette: true };
        let q = quantize(std::slice::from_ref(&img), Some(&old), opts);
        assert_eq!(q.source, PaletteSource::Nearest);
        assert_eq!(q.palette.raw, old.raw, "the palette is kept byte for byte");
        assert_eq!(q.levels[0], [0, 1, 2, 3, 0, 1]);
        let q = quantize(std::slice::from_ref(&img), Some(&old), QuantOptions { keep_palette: false, ..opts });
        assert_eq!(q.source, PaletteSource::Exact(6));
    }
}
