//! Rebuilding a mip chain from level 0. The default is what the shipped textures were made
//! with: each texel the truncated mean of its 2x2 parents (sum >> 2), edges clamped, so an
//! imported texture looks like the originals at a distance. The smooth option is a 4x4 tent
//! (weights 1 3 3 1 per axis) on alpha-premultiplied colour, rounded, which keeps transparent
//! texels from darkening their neighbours' edges.

use super::header::mip_dims;
use super::pixel::Pixmap;
use crate::formats::Result;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum MipFilter {
    /// Truncated 2x2 box, as shipped.
    #[default]
    Box,
    /// 4x4 tent on premultiplied alpha, rounded.
    Smooth,
}

/// The next level down: `max(1, w / 2)` by `max(1, h / 2)`.
pub fn next_level(src: &Pixmap, filter: MipFilter) -> Result<Pixmap> {
    let (w, h) = mip_dims(src.width, src.height, 1);
    let mut out = Pixmap::new(w, h)?;
    let mut i = 0;
    for y in 0..h {
        for x in 0..w {
            let p = match filter {
                MipFilter::Box => box_texel(src, x, y),
                MipFilter::Smooth => smooth_texel(src, x, y),
            };
            out.rgba[i..i + 4].copy_from_slice(&p);
            i += 4;
        }
    }
    Ok(out)
}

fn box_texel(src: &Pixmap, x: u32, y: u32) -> [u8; 4] {
    let (sx, sy) = (x * 2, y * 2);
    let q = [src.at(sx, sy), src.at(sx + 1, sy), src.at(sx, sy + 1), src.at(sx + 1, sy + 1)];
    let mut out = [0u8; 4];
    for (c, o) in out.iter_mut().enumerate() {
        *o = ((q.iter().map(|p| u32::from(p[c])).sum::<u32>()) >> 2) as u8;
    }
    out
}

fn smooth_texel(src: &Pixmap, x: u32, y: u32) -> [u8; 4] {
    const W: [u64; 4] = [1, 3, 3, 1];
    let (mut sum_w, mut sum_a, mut sum_c, mut sum_raw) = (0u64, 0u64, [0u64; 3], [0u64; 3]);
    for (j, wy) in W.iter().enumerate() {
        let sy = (i64::from(y) * 2 - 1 + j as i64).max(0) as u32;
        for (i, wx) in W.iter().enumerate() {
            let sx = (i64::from(x) * 2 - 1 + i as i64).max(0) as u32;
            let p = src.at(sx, sy);
            let w = wx * wy;
            let a = u64::from(p[3]);
            sum_w += w;
            sum_a += w * a;
            for c in 0..3 {
                sum_c[c] += w * a * u64::from(p[c]);
                sum_raw[c] += w * u64::from(p[c]);
            }
        }
    }
    let div = |n: u64, d: u64| ((n + d / 2) / d).min(255) as u8;
    let mut out = [0u8; 4];
    for c in 0..3 {
        out[c] = if sum_a > 0 { div(sum_c[c], sum_a) } else { div(sum_raw[c], sum_w) };
    }
    out[3] = div(sum_a, sum_w);
    out
}

/// Level 0 and `count - 1` levels built from it, each from the one above.
pub fn build_chain(level0: Pixmap, count: u32, filter: MipFilter) -> Result<Vec<Pixmap>> {
    let mut levels = Vec::with_capacity(count.min(64) as usize);
    levels.push(level0);
    for _ in 1..count {
        let last = &levels[levels.len() - 1];
        let next = if last.width == 1 && last.height == 1 { last.clone() } else { next_level(last, filter)? };
        levels.push(next);
    }
    Ok(levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn img(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Pixmap {
        Pixmap::from_fn(w, h, f).unwrap()
    }

    #[test]
    fn box_is_the_truncated_mean() {
        // 2x2 -> 1x1: (10 + 11 + 12 + 14) >> 2 = 47 >> 2 = 11 (the mean 11.75 truncated)
        let src = img(2, 2, |x, y| {
            let v = [10, 11, 12, 14][(x + 2 * y) as usize];
            [v, v, v, 255]
        });
        let out = next_level(&src, MipFilter::Box).unwrap();
        assert_eq!((out.width, out.height), (1, 1));
        assert_eq!(out.rgba, [11, 11, 11, 255]);
    }

    #[test]
    fn odd_and_thin_edges_clamp() {
        // 5x3 -> 2x1: column 4 and row 2 are dropped (truncation), as in the shipped files
        let src = img(5, 3, |x, y| [(x * 10 + y) as u8, 0, 0, 255]);
        let out = next_level(&src, MipFilter::Box).unwrap();
        assert_eq!((out.width, out.height), (2, 1));
        assert_eq!(out.rgba[0], (10 + 1 + 11) / 4, "texels 0, 10, 1, 11");
        assert_eq!(out.rgba[4], (20 + 30 + 21 + 31) / 4);
        // 1x4 -> 1x2: the missing column is the clamped edge itself
        let thin = img(1, 4, |_, y| [y as u8 * 4, 0, 0, 255]);
        let out = next_level(&thin, MipFilter::Box).unwrap();
        assert_eq!((out.width, out.height), (1, 2));
        assert_eq!((out.rgba[0], out.rgba[4]), ((4 + 4) / 4, (8 + 8 + 12 + 12) / 4), "rows 0, 0, 1, 1 and 2, 2, 3, 3");
    }

    #[test]
    fn chains_run_on_at_one_pixel() {
        let src = img(5, 3, |_, _| [1, 2, 3, 4]);
        let chain = build_chain(src, 5, MipFilter::Box).unwrap();
        let dims: Vec<_> = chain.iter().map(|l| (l.width, l.height)).collect();
        assert_eq!(dims, [(5, 3), (2, 1), (1, 1), (1, 1), (1, 1)]);
        for l in &chain {
            assert_eq!(&l.rgba[..4], &[1, 2, 3, 4], "a flat image stays flat");
        }
        for (i, l) in chain.iter().enumerate() {
            assert_eq!((l.width, l.height), mip_dims(5, 3, i as u32));
        }
    }

    #[test]
    fn smooth_ignores_the_colour_of_transparent_texels() {
        // red opaque texels beside black fully transparent ones: the smooth filter keeps the
        // colour red and averages alpha; the box filter darkens it
        let src = img(4, 4, |x, _| if x < 2 { [255, 0, 0, 255] } else { [0, 0, 0, 0] });
        let s = next_level(&src, MipFilter::Smooth).unwrap();
        let b = next_level(&src, MipFilter::Box).unwrap();
        assert_eq!(&s.rgba[4..7], &[255, 0, 0], "right texel, mostly transparent, stays red");
        assert!(s.rgba[7] > 0 && s.rgba[7] < 128);
        assert_eq!(&b.rgba[4..8], &[0, 0, 0, 0]);
        let flat = img(6, 6, |_, _| [40, 80, 120, 200]);
        assert!(next_level(&flat, MipFilter::Smooth).unwrap().rgba.chunks(4).all(|p| p == [40, 80, 120, 200]));
    }
}
