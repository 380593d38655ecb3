//! The application icon, drawn in code (a palisade, "паркан", on a steel tile) so the window
//! icon and the PNGs in `assets/icons/` come from one source. The test below keeps the files
//! in step with this code (`UPDATE_ICONS=1` rewrites them).

/// RGBA pixels of a `size`×`size` icon, 4×4 supersampled.
pub fn rgba(size: u32) -> Vec<u8> {
    let n = size as usize;
    let mut out = vec![0u8; n * n * 4];
    const SS: u32 = 4;
    for y in 0..size {
        for x in 0..size {
            let mut acc = [0f32; 4];
            for sy in 0..SS {
                for sx in 0..SS {
                    let u = (x as f32 + (sx as f32 + 0.5) / SS as f32) / size as f32;
                    let v = (y as f32 + (sy as f32 + 0.5) / SS as f32) / size as f32;
                    let c = shade(u, v);
                    // Premultiply while averaging so edges blend correctly.
                    for k in 0..3 {
                        acc[k] += c[k] * c[3];
                    }
                    acc[3] += c[3];
                }
            }
            let samples = (SS * SS) as f32;
            let a = acc[3] / samples;
            let i = (y as usize * n + x as usize) * 4;
            for k in 0..3 {
                let v = if acc[3] > 0.0 { acc[k] / acc[3] } else { 0.0 };
                out[i + k] = (v * 255.0).round().clamp(0.0, 255.0) as u8;
            }
            out[i + 3] = (a * 255.0).round().clamp(0.0, 255.0) as u8;
        }
    }
    out
}

/// The colour at (u, v) in 0..1, RGBA in 0..1.
fn shade(u: f32, v: f32) -> [f32; 4] {
    if !in_rounded_square(u, v, 0.06, 0.18) {
        return [0.0; 4];
    }
    let bg_top = [0.22, 0.28, 0.33];
    let bg_bottom = [0.12, 0.15, 0.19];
    let t = v.clamp(0.0, 1.0);
    let mut c = [0.0; 4];
    for k in 0..3 {
        c[k] = bg_top[k] * (1.0 - t) + bg_bottom[k] * t;
    }
    c[3] = 1.0;
    let amber = [1.0, 0.70, 0.10, 1.0];
    let amber_dark = [0.80, 0.47, 0.05, 1.0];
    // Two rails behind the pickets.
    for rail in [0.50, 0.70] {
        if (v - rail).abs() < 0.035 && (0.16..0.84).contains(&u) {
            c = amber_dark;
        }
    }
    // Four pickets with pointed tops.
    for k in 0..4 {
        let cx = 0.255 + k as f32 * 0.163;
        let half = 0.055;
        let top = 0.26 + if k % 2 == 0 { 0.0 } else { 0.05 };
        let bottom = 0.84;
        let dx = (u - cx).abs();
        // The top edge rises from `top` at the sides to a point 0.09 above it.
        if dx < half && v < bottom && v >= top - 0.09 * (1.0 - dx / half) {
            c = amber;
        }
    }
    c
}

fn in_rounded_square(u: f32, v: f32, margin: f32, radius: f32) -> bool {
    let lo = margin + radius;
    let hi = 1.0 - margin - radius;
    let cx = u.clamp(lo, hi);
    let cy = v.clamp(lo, hi);
    let (dx, dy) = (u - cx, v - cy);
    dx * dx + dy * dy <= radius * radius
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icon_has_a_transparent_corner_and_an_opaque_middle() {
        let n = 64usize;
        let px = rgba(n as u32);
        assert_eq!(px.len(), n * n * 4);
        assert_eq!(px[3], 0, "corner");
        let mid = ((n / 2) * n + n / 2) * 4;
        assert_eq!(px[mid + 3], 255);
    }

    /// The PNGs in assets/icons are this code's output at each size.
    #[test]
    fn asset_pngs_match_the_generator() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons");
        for size in [48u32, 128, 256] {
            let path = dir.join(format!("parkan-studio-{size}.png"));
            let want = rgba(size);
            if std::env::var_os("UPDATE_ICONS").is_some() {
                std::fs::create_dir_all(&dir).unwrap();
                image::save_buffer(&path, &want, size, size, image::ColorType::Rgba8).unwrap();
            }
            let got = image::open(&path).unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_ICONS=1)", path.display())).to_rgba8();
            assert_eq!((got.width(), got.height()), (size, size));
            assert!(got.as_raw() == &want, "{} differs from the generator; run with UPDATE_ICONS=1", path.display());
        }
    }
}
