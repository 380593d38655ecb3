//! Serpentine Floyd-Steinberg error diffusion, shared by the palette mapper and the 16-bit
//! encoders: each pixel, with the error its neighbours passed on, goes to a quantiser that
//! says which colour it became; the difference spreads to the pixels not yet visited.

use super::pixel::{Pixmap, pixel_fns};
use super::header::Format;
use crate::formats::readings::Readings;

/// Visits every pixel of `img` in serpentine order (odd rows right to left, so the error does
/// not drift one way). `quantise(index, wanted)` stores the pixel and returns the colour it
/// became, or `None` to pass no error on (a transparent pixel on an alpha surface). Only the
/// first `channels` channels carry error.
pub fn diffuse(img: &Pixmap, channels: usize, mut quantise: impl FnMut(usize, [u8; 4]) -> Option<[u8; 4]>) {
    let (w, h) = (img.width as usize, img.height as usize);
    // Errors for this row and the next, with one cell of margin each side.
    let mut cur = vec![[0f32; 4]; w + 2];
    let mut next = vec![[0f32; 4]; w + 2];
    for y in 0..h {
        let backwards = y % 2 == 1;
        for step in 0..w {
            let x = if backwards { w - 1 - step } else { step };
            let i = y * w + x;
            let src = &img.rgba[i * 4..i * 4 + 4];
            let mut want = [0f32; 4];
            let mut p = [0u8; 4];
            for c in 0..4 {
                want[c] = (f32::from(src[c]) + if c < channels { cur[x + 1][c] } else { 0.0 }).clamp(0.0, 255.0);
                p[c] = (want[c] + 0.5) as u8; // want is in 0..=255: truncation rounds
            }
            let Some(got) = quantise(i, p) else { continue };
            let (ahead, behind) = if backwards { (x, x + 2) } else { (x + 2, x) };
            for c in 0..channels {
                let err = (want[c] - f32::from(got[c])) / 16.0;
                cur[ahead][c] += err * 7.0;
                next[behind][c] += err * 3.0;
                next[x + 1][c] += err * 5.0;
                next[ahead][c] += err;
            }
        }
        std::mem::swap(&mut cur, &mut next);
        next.iter_mut().for_each(|e| *e = [0.0; 4]);
    }
}

/// Encodes `img` into a format with 4- to 6-bit channels (565, 556, 4444) with error
/// diffusion: `dst` holds the stored pixels, 2 bytes each. Returns false (and writes nothing)
/// for other formats: 88 keeps 8 bits of luminance, so rounding bands no more than the source
/// (dithering its colour error only adds noise: measured 30 dB against exact), the 24- and
/// 32-bit formats are exact, and the indexed ones search a palette instead.
pub fn encode_16bit(img: &Pixmap, format: Format, readings: &Readings, dst: &mut [u8]) -> bool {
    if !matches!(format, Format::Rgb565 | Format::Rgb556 | Format::Argb4444) {
        return false;
    }
    let fns = pixel_fns(format, readings);
    let Some(enc) = fns.encode_row else { return false };
    if fns.bytes_per_pixel != 2 || dst.len() < img.rgba.len() / 2 {
        return false;
    }
    let lut = [[0u8; 4]; 256];
    let channels = if fns.stores_alpha { 4 } else { 3 };
    diffuse(img, channels, |i, p| {
        let word = &mut dst[i * 2..i * 2 + 2];
        enc(&p, word);
        let mut got = [0u8; 4];
        (fns.decode_row)(word, &lut, &mut got);
        Some(got)
    });
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp(w: u32) -> Pixmap {
        Pixmap::from_rgba(w, 8, (0..8).flat_map(|_| (0..w).flat_map(move |x| [(x * 40 / w) as u8 + 100, 50, (x * 24 / w) as u8, 255])).collect()).unwrap()
    }

    #[test]
    fn a_dithered_ramp_keeps_its_mean_where_rounding_bands() {
        let img = ramp(256);
        let r = Readings::default();
        let mut plain = vec![0u8; 512 * 8];
        let mut dith = vec![0u8; 512 * 8];
        let fns = pixel_fns(Format::Rgb565, &r);
        (fns.encode_row.unwrap())(&img.rgba, &mut plain);
        assert!(encode_16bit(&img, Format::Rgb565, &r, &mut dith));
        let lut = [[0u8; 4]; 256];
        let (a, b) = ((fns.decode_vec)(&plain, &lut), (fns.decode_vec)(&dith, &lut));
        // mean red over 16-pixel runs: dithering follows the ramp, rounding steps
        let row = 2 * 256 * 4;
        let run_mean = |d: &[u8], k: usize| (0..16).map(|j| f64::from(d[row + (k * 16 + j) * 4])).sum::<f64>() / 16.0;
        let run_err = |d: &[u8]| (0..16).map(|k| (run_mean(&img.rgba, k) - run_mean(d, k)).abs()).sum::<f64>() / 16.0;
        assert!(run_err(&b) < run_err(&a) / 2.0, "{} vs {}", run_err(&b), run_err(&a));
    }

    #[test]
    fn only_formats_with_short_channels_are_dithered() {
        let img = ramp(4);
        let mut dst = vec![0u8; 4 * 8 * 4];
        for f in [Format::Indexed, Format::LumAlpha88, Format::Rgb888, Format::Argb8888] {
            assert!(!encode_16bit(&img, f, &Readings::default(), &mut dst));
        }
        assert!(dst.iter().all(|&b| b == 0));
        for f in [Format::Rgb565, Format::Rgb556, Format::Argb4444] {
            assert!(encode_16bit(&img, f, &Readings::default(), &mut dst));
        }
    }
}
