//! Project-made test images that look like what modders import (noisy gradients, a
//! photograph-like procedural scene, tight colour clusters) and the figures quantisers are
//! judged by: PSNR, and PSNR after a 1-pixel Gaussian blur (what the eye averages).

#![allow(dead_code)]

use parkan_studio::formats::texm::Pixmap;

fn hash(x: u32, y: u32, seed: u32) -> u32 {
    let mut h = x.wrapping_mul(0x8DA6_B343) ^ y.wrapping_mul(0xD816_3841) ^ seed.wrapping_mul(0xCB1A_B31F);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^ (h >> 15)
}

/// Uniform in -1..1.
fn noise(x: u32, y: u32, seed: u32) -> f32 {
    (hash(x, y, seed) >> 8) as f32 / (1u32 << 23) as f32 - 1.0
}

/// Smooth value noise at a scale of `cell` pixels, -1..1.
fn value_noise(x: f32, y: f32, cell: f32, seed: u32) -> f32 {
    let (fx, fy) = (x / cell, y / cell);
    let (ix, iy) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - ix, fy - iy);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |dx: f32, dy: f32| noise((ix + dx) as i32 as u32, (iy + dy) as i32 as u32, seed);
    let top = at(0.0, 0.0) + (at(1.0, 0.0) - at(0.0, 0.0)) * s(tx);
    let bottom = at(0.0, 1.0) + (at(1.0, 1.0) - at(0.0, 1.0)) * s(tx);
    top + (bottom - top) * s(ty)
}

fn fbm(x: f32, y: f32, cell: f32, seed: u32) -> f32 {
    (0..5).map(|o| value_noise(x, y, cell / (1 << o) as f32, seed + o) / (1 << o) as f32).sum::<f32>() / 1.94
}

fn image(w: u32, h: u32, f: impl Fn(u32, u32) -> [f32; 3]) -> Pixmap {
    let mut rgba = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let c = f(x, y);
            rgba.extend(c.iter().map(|v| v.round().clamp(0.0, 255.0) as u8));
            rgba.push(255);
        }
    }
    Pixmap::from_rgba(w, h, rgba).unwrap()
}

/// A diagonal colour gradient with per-pixel noise, like a scanned or rendered sky.
pub fn noisy_gradient(w: u32, h: u32) -> Pixmap {
    image(w, h, |x, y| {
        let (u, v) = (x as f32 / w as f32, y as f32 / h as f32);
        let n = |s| 6.0 * noise(x, y, s);
        [40.0 + 180.0 * u + n(1), 70.0 + 120.0 * v + n(2), 200.0 - 150.0 * (u + v) / 2.0 + n(3)]
    })
}

/// A smooth gradient without noise: what 16-bit formats band on.
pub fn smooth_gradient(w: u32, h: u32) -> Pixmap {
    image(w, h, |x, y| {
        let (u, v) = (x as f32 / w as f32, y as f32 / h as f32);
        [30.0 + 60.0 * u, 40.0 + 50.0 * v, 60.0 + 40.0 * (u + v)]
    })
}

/// A landscape-like scene: fractal terrain through a colour ramp, lit by its slope, with a sky,
/// a few shaded spheres and fine grain.
pub fn photo_like(w: u32, h: u32) -> Pixmap {
    let sc = 256.0 / w as f32;
    image(w, h, |x, y| {
        let (fx, fy) = (x as f32 * sc, y as f32 * sc);
        let horizon = 90.0 + 25.0 * fbm(fx, 0.0, 64.0, 9);
        let grain = 3.0 * noise(x, y, 5);
        if fy < horizon {
            let t = fy / horizon;
            let cloud = (fbm(fx, fy * 2.0, 48.0, 11) * 1.6).max(0.0);
            let sky = [90.0 + 80.0 * t, 140.0 + 60.0 * t, 230.0 - 20.0 * t];
            return sky.map(|c| c + (250.0 - c) * cloud + grain);
        }
        for (cx, cy, r, col) in [(60.0, 170.0, 30.0, [200.0, 60.0, 40.0]), (180.0, 200.0, 40.0, [230.0, 200.0, 60.0]), (120.0, 140.0, 14.0, [80.0, 60.0, 160.0])] {
            let (dx, dy) = ((fx - cx) / r, (fy - cy) / r);
            let d2 = dx * dx + dy * dy;
            if d2 < 1.0 {
                let nz = (1.0 - d2).sqrt();
                let light = (0.35 + 0.65 * (-0.5 * dx - 0.6 * dy + 0.6 * nz).max(0.0)).min(1.0);
                let spec = ((-0.5 * dx - 0.6 * dy + 0.6 * nz).max(0.0)).powi(24) * 200.0;
                return col.map(|c: f32| c * light + spec + grain);
            }
        }
        let e = fbm(fx, fy, 40.0, 3);
        let slope = fbm(fx + 1.5, fy, 40.0, 3) - e;
        let shade = 0.8 + 4.0 * slope;
        let ramp = if e < -0.1 { [70.0, 110.0, 40.0] } else if e < 0.25 { [110.0, 130.0, 50.0] } else { [140.0, 120.0, 100.0] };
        let mix = (e + 1.0) / 2.0;
        ramp.map(|c| (c * (0.7 + 0.6 * mix)) * shade + grain)
    })
}

/// A few thousand colours in tight clusters around 40 hues (what NeuQuant handles worst).
pub fn tight_clusters(w: u32, h: u32) -> Pixmap {
    image(w, h, |x, y| {
        let k = hash(x / 16, y / 16, 21) % 40;
        let base = [(hash(k, 0, 1) % 256) as f32, (hash(k, 0, 2) % 256) as f32, (hash(k, 0, 3) % 256) as f32];
        let n = |s| 3.0 * noise(x, y, s);
        [base[0] + n(1), base[1] + n(2), base[2] + n(3)]
    })
}

/// PSNR over the RGB channels, in dB (infinite when equal).
pub fn psnr(a: &Pixmap, b: &Pixmap) -> f64 {
    parkan_studio::formats::texm::quality::psnr(a, b).expect("images of one size")
}

/// PSNR after a 1-pixel Gaussian blur of both images.
pub fn blurred_psnr(a: &Pixmap, b: &Pixmap) -> f64 {
    parkan_studio::formats::texm::quality::blurred_psnr(a, b).expect("images of one size")
}

/// An indexed level decoded through its palette's lookup table.
pub fn decode(indices: &[u8], lut: &[[u8; 4]; 256], w: u32, h: u32) -> Pixmap {
    Pixmap::from_rgba(w, h, indices.iter().flat_map(|&i| lut[usize::from(i)]).collect()).unwrap()
}
