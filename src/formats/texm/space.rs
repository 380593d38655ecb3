//! The Euclidean spaces palettes are chosen and searched in. Choosing and mapping share one
//! space so a palette is judged by the distance that later picks its entries.
//!
//! Both spaces put the axis that spreads colours most first (lightness, or the grey diagonal
//! of RGB), so a search sorted on coordinate 0 can stop early.

/// A colour in a [`Space`]: three colour coordinates and alpha (0 when alpha does not count).
pub type Coord = [f32; 4];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// sRGB values rotated so coordinate 0 is the grey diagonal: distances are RGB-Euclidean,
    /// the distance PSNR measures.
    Rgb,
    /// Oklab scaled by 255: distances follow perceived difference.
    Oklab,
}

const R3: f32 = 0.577_350_26; // 1/sqrt(3)
const R2: f32 = std::f32::consts::FRAC_1_SQRT_2;
const R6: f32 = 0.408_248_3; // 1/sqrt(6)

/// Converts RGBA bytes to and from one space; alpha is coordinate 3 when `alpha` is set.
#[derive(Clone)]
pub struct Converter {
    space: Space,
    alpha: bool,
    linear: [f32; 256],
}

impl Converter {
    pub fn new(space: Space, alpha: bool) -> Converter {
        let mut linear = [0f32; 256];
        for (i, l) in linear.iter_mut().enumerate() {
            let c = i as f32 / 255.0;
            *l = if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
        }
        Converter { space, alpha, linear }
    }

    pub fn space(&self) -> Space {
        self.space
    }

    pub fn to_space(&self, p: [u8; 4]) -> Coord {
        let a = if self.alpha { f32::from(p[3]) } else { 0.0 };
        let (r, g, b) = (f32::from(p[0]), f32::from(p[1]), f32::from(p[2]));
        match self.space {
            Space::Rgb => [(r + g + b) * R3, (r - g) * R2, (r + g - 2.0 * b) * R6, a],
            Space::Oklab => {
                let (r, g, b) = (self.linear[usize::from(p[0])], self.linear[usize::from(p[1])], self.linear[usize::from(p[2])]);
                let l = (0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b).cbrt();
                let m = (0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b).cbrt();
                let s = (0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b).cbrt();
                [
                    255.0 * (0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s),
                    255.0 * (1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s),
                    255.0 * (0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s),
                    a,
                ]
            }
        }
    }

    /// The nearest RGBA bytes to a point (alpha 255 when alpha does not count).
    pub fn to_rgba(&self, c: Coord) -> [u8; 4] {
        let byte = |v: f32| v.round().clamp(0.0, 255.0) as u8;
        let a = if self.alpha { byte(c[3]) } else { 255 };
        let (r, g, b) = match self.space {
            Space::Rgb => (c[0] * R3 + c[1] * R2 + c[2] * R6, c[0] * R3 - c[1] * R2 + c[2] * R6, c[0] * R3 - 2.0 * c[2] * R6),
            Space::Oklab => {
                let (ll, aa, bb) = (c[0] / 255.0, c[1] / 255.0, c[2] / 255.0);
                let l = (ll + 0.396_337_78 * aa + 0.215_803_76 * bb).powi(3);
                let m = (ll - 0.105_561_346 * aa - 0.063_854_17 * bb).powi(3);
                let s = (ll - 0.089_484_18 * aa - 1.291_485_5 * bb).powi(3);
                let gamma = |v: f32| {
                    let v = v.clamp(0.0, 1.0);
                    255.0 * if v <= 0.003_130_8 { 12.92 * v } else { 1.055 * v.powf(1.0 / 2.4) - 0.055 }
                };
                (
                    gamma(4.076_741_7 * l - 3.307_711_6 * m + 0.230_969_94 * s),
                    gamma(-1.268_438 * l + 2.609_757_4 * m - 0.341_319_38 * s),
                    gamma(-0.004_196_086_3 * l - 0.703_418_6 * m + 1.707_614_7 * s),
                )
            }
        };
        [byte(r), byte(g), byte(b), a]
    }
}

pub fn dist(a: &Coord, b: &Coord) -> f32 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]];
    d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3]
}

/// Exact nearest-entry search: entries sorted on coordinate 0, the scan walks out from the
/// query's place and stops once that coordinate alone is farther than the best match.
/// Ties go to the lower index, so results do not depend on the sort.
#[derive(Clone)]
pub struct Nearest {
    entries: Vec<(Coord, u16)>,
}

impl Nearest {
    pub fn new(points: impl IntoIterator<Item = (Coord, u16)>) -> Nearest {
        let mut entries: Vec<(Coord, u16)> = points.into_iter().collect();
        entries.sort_by(|a, b| a.0[0].total_cmp(&b.0[0]).then(a.1.cmp(&b.1)));
        Nearest { entries }
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The nearest entry other than `id` to `p`, and its squared distance.
    pub fn find_other(&self, p: &Coord, id: u16) -> Option<(u16, f32)> {
        self.scan(p, None, Some(id))
    }

    /// The nearest entry's id and squared distance; `hint` (an id and its distance) starts the
    /// search with a known bound. `None` only when there are no entries.
    pub fn find(&self, p: &Coord, hint: Option<(u16, f32)>) -> Option<(u16, f32)> {
        self.scan(p, hint, None)
    }

    fn scan(&self, p: &Coord, hint: Option<(u16, f32)>, exclude: Option<u16>) -> Option<(u16, f32)> {
        let start = self.entries.partition_point(|e| e.0[0] < p[0]);
        let mut best = hint.unwrap_or((u16::MAX, f32::INFINITY));
        let consider = |e: &(Coord, u16), best: &mut (u16, f32)| {
            let d = dist(&e.0, p);
            if (d < best.1 || (d == best.1 && e.1 < best.0)) && Some(e.1) != exclude {
                *best = (e.1, d);
            }
        };
        let mut up = start;
        let mut down = start;
        loop {
            let mut moved = false;
            if let Some(e) = self.entries.get(up) {
                let d0 = e.0[0] - p[0];
                if d0 * d0 <= best.1 {
                    consider(e, &mut best);
                    up += 1;
                    moved = true;
                }
            }
            if down > 0 {
                let e = &self.entries[down - 1];
                let d0 = p[0] - e.0[0];
                if d0 * d0 <= best.1 {
                    consider(e, &mut best);
                    down -= 1;
                    moved = true;
                }
            }
            if !moved {
                return (best.0 != u16::MAX).then_some(best);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_survive_both_spaces() {
        for space in [Space::Rgb, Space::Oklab] {
            let c = Converter::new(space, true);
            for k in 0..4096u32 {
                let v = k.wrapping_mul(0x9E37_79B9);
                let p = [(v >> 24) as u8, (v >> 16) as u8, (v >> 8) as u8, v as u8];
                assert_eq!(c.to_rgba(c.to_space(p)), p, "{space:?}");
            }
        }
    }

    #[test]
    fn rgb_space_keeps_rgb_distances() {
        let c = Converter::new(Space::Rgb, false);
        let (a, b) = ([10u8, 200, 30, 255], [90u8, 20, 250, 255]);
        let rgb: f32 = (0..3).map(|i| (f32::from(a[i]) - f32::from(b[i])).powi(2)).sum();
        assert!((dist(&c.to_space(a), &c.to_space(b)) - rgb).abs() < 0.5);
    }

    #[test]
    fn oklab_lightness_is_coordinate_zero() {
        let c = Converter::new(Space::Oklab, false);
        assert!(c.to_space([0, 0, 0, 255])[0].abs() < 0.01);
        assert!((c.to_space([255, 255, 255, 255])[0] - 255.0).abs() < 0.1);
        assert!(c.to_space([255, 255, 255, 255])[1].abs() < 0.1, "white is neutral");
    }

    #[test]
    fn search_matches_brute_force_with_and_without_a_hint() {
        let c = Converter::new(Space::Oklab, false);
        let pal: Vec<Coord> = (0..200u32).map(|i| i.wrapping_mul(2_654_435_761)).map(|v| c.to_space([(v >> 24) as u8, (v >> 16) as u8, (v >> 8) as u8, 255])).collect();
        let n = Nearest::new(pal.iter().enumerate().map(|(i, p)| (*p, i as u16)));
        for k in 0..2000u32 {
            let v = k.wrapping_mul(0x85EB_CA6B) ^ 0x1234_5678;
            let p = c.to_space([(v >> 24) as u8, (v >> 16) as u8, (v >> 8) as u8, 255]);
            let brute = pal.iter().map(|q| dist(q, &p)).fold(f32::INFINITY, f32::min);
            let hint = (k % 200) as u16;
            for h in [None, Some((hint, dist(&pal[usize::from(hint)], &p)))] {
                let (i, d) = n.find(&p, h).unwrap();
                assert_eq!(d, brute);
                assert_eq!(dist(&pal[usize::from(i)], &p), brute);
            }
        }
        assert!(Nearest::new([]).find(&[0.0; 4], None).is_none());
        for (i, q) in pal.iter().enumerate() {
            let brute = pal.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, o)| dist(q, o)).fold(f32::INFINITY, f32::min);
            let (j, d) = n.find_other(q, i as u16).unwrap();
            assert_ne!(usize::from(j), i);
            assert_eq!(d, brute);
        }
        assert!(Nearest::new([([0.0; 4], 3)]).find_other(&[0.0; 4], 3).is_none());
    }
}
