//! How close a converted image is to its source, as the import dialog shows it and the tests
//! hold the quantiser to: PSNR over RGB, and PSNR after a 1-pixel Gaussian blur of both images
//! (what the eye averages, where dithering earns its keep).

use super::Pixmap;

/// PSNR over the RGB channels, in dB (infinite when equal); `None` when the sizes differ.
pub fn psnr(a: &Pixmap, b: &Pixmap) -> Option<f64> {
    if (a.width, a.height) != (b.width, b.height) || a.rgba.len() != b.rgba.len() {
        return None;
    }
    let mut se = 0f64;
    let mut n = 0f64;
    for (p, q) in a.rgba.chunks_exact(4).zip(b.rgba.chunks_exact(4)) {
        for c in 0..3 {
            let d = f64::from(p[c]) - f64::from(q[c]);
            se += d * d;
            n += 1.0;
        }
    }
    Some(if se == 0.0 { f64::INFINITY } else { 10.0 * (255.0f64 * 255.0 * n / se).log10() })
}

/// A Gaussian blur of sigma 1 pixel (edges clamped), kept in floating point.
pub fn blur(img: &Pixmap) -> Vec<[f64; 3]> {
    let (w, h) = (i64::from(img.width), i64::from(img.height));
    if w == 0 || h == 0 || img.rgba.len() < (w * h * 4) as usize {
        return Vec::new();
    }
    let k: Vec<f64> = (-3..=3).map(|i: i32| (-(f64::from(i * i)) / 2.0).exp()).collect();
    let total: f64 = k.iter().sum();
    let px = |x: i64, y: i64| {
        let i = ((y.clamp(0, h - 1) * w + x.clamp(0, w - 1)) * 4) as usize;
        [0, 1, 2].map(|c| f64::from(img.rgba[i + c]))
    };
    let mut rows = vec![[0f64; 3]; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let mut s = [0f64; 3];
            for (j, kv) in k.iter().enumerate() {
                let p = px(x + j as i64 - 3, y);
                (0..3).for_each(|c| s[c] += kv * p[c]);
            }
            rows[(y * w + x) as usize] = s.map(|v| v / total);
        }
    }
    let mut out = vec![[0f64; 3]; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let mut s = [0f64; 3];
            for (j, kv) in k.iter().enumerate() {
                let yy = (y + j as i64 - 3).clamp(0, h - 1);
                let p = rows[(yy * w + x) as usize];
                (0..3).for_each(|c| s[c] += kv * p[c]);
            }
            out[(y * w + x) as usize] = s.map(|v| v / total);
        }
    }
    out
}

/// PSNR after the blur of both images; `None` when the sizes differ.
pub fn blurred_psnr(a: &Pixmap, b: &Pixmap) -> Option<f64> {
    if (a.width, a.height) != (b.width, b.height) {
        return None;
    }
    let (ba, bb) = (blur(a), blur(b));
    if ba.is_empty() || ba.len() != bb.len() {
        return None;
    }
    let se: f64 = ba.iter().zip(&bb).map(|(p, q)| (0..3).map(|c| (p[c] - q[c]).powi(2)).sum::<f64>()).sum();
    Some(if se == 0.0 { f64::INFINITY } else { 10.0 * (255.0f64 * 255.0 * (ba.len() * 3) as f64 / se).log10() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_images_are_infinite_and_noise_lowers_both() {
        let a = Pixmap::from_rgba(8, 8, (0..256).map(|i| (i * 7 % 256) as u8).collect()).unwrap();
        assert_eq!(psnr(&a, &a), Some(f64::INFINITY));
        let mut b = a.clone();
        b.rgba[0] ^= 0x40;
        let p = psnr(&a, &b).unwrap();
        assert!(p.is_finite() && p > 20.0);
        assert!(blurred_psnr(&a, &b).unwrap() > p, "the blur spreads one texel's error");
        let c = Pixmap::from_rgba(4, 4, vec![0; 64]).unwrap();
        assert_eq!(psnr(&a, &c), None);
        assert_eq!(blurred_psnr(&a, &c), None);
    }
}
