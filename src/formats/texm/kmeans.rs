//! Choosing up to K palette colours for many: a weighted colour histogram, a variance-splitting
//! median cut as the seed (Wu's criterion: split the box whose colours spread most, at the cut
//! that leaves the least squared error), then Lloyd's k-means over the histogram until the error
//! stops falling. All of it in one [`Space`], the one the pixels are later mapped in.

use super::space::{Converter, Coord, Nearest, dist};

/// Histograms with more colours than this are merged into bins (each bin keeps the weighted
/// mean of its colours) so k-means costs the same on very large images.
const MAX_POINTS: usize = 1 << 13;
/// Lloyd's iterations stop when the error falls by less than this fraction, or after
/// [`MAX_ITERATIONS`].
const MIN_GAIN: f64 = 1e-3;
const MAX_ITERATIONS: usize = 16;

/// Distinct colours with their weights, as points of a space.
pub struct Histogram {
    pub points: Vec<Coord>,
    pub weights: Vec<f32>,
}

impl Histogram {
    /// The colours of `pixels` (keys already normalised by the caller, e.g. alpha forced to 255
    /// when the palette stores none), each pixel of a source counting its weight.
    pub fn new(sources: &[(&[[u8; 4]], f32)], conv: &Converter) -> Histogram {
        let mut distinct: Vec<(u32, f32)> = Vec::new();
        for (pixels, w) in sources {
            let mut keys: Vec<u32> = pixels.iter().map(|p| u32::from_be_bytes(*p)).collect();
            keys.sort_unstable();
            let mut run = 0usize;
            for (i, k) in keys.iter().enumerate() {
                run += 1;
                if keys.get(i + 1) != Some(k) {
                    distinct.push((*k, run as f32 * w));
                    run = 0;
                }
            }
        }
        if sources.len() > 1 {
            distinct.sort_unstable_by_key(|k| k.0);
            distinct.dedup_by(|b, a| {
                let same = a.0 == b.0;
                if same {
                    a.1 += b.1;
                }
                same
            });
        }
        // Coarser bins until few enough: drop one low bit of every channel at a time.
        let mut shift = 0;
        while shift < 7 && bins(&distinct, shift) > MAX_POINTS {
            shift += 1;
        }
        let mut points = Vec::new();
        let mut weights = Vec::new();
        let mut current: Option<(u32, Coord, f32)> = None;
        let mask = u32::from_be_bytes([0xFFu8 << shift; 4]);
        let mut by_bin = distinct;
        by_bin.sort_unstable_by_key(|k| (k.0 & mask, k.0));
        for (k, w) in by_bin {
            let c = conv.to_space(k.to_be_bytes());
            match &mut current {
                Some((bin, sum, total)) if *bin == k & mask => {
                    (0..4).for_each(|i| sum[i] += c[i] * w);
                    *total += w;
                }
                _ => {
                    if let Some((_, sum, total)) = current.take() {
                        points.push(sum.map(|v| v / total));
                        weights.push(total);
                    }
                    current = Some((k & mask, c.map(|v| v * w), w));
                }
            }
        }
        if let Some((_, sum, total)) = current {
            points.push(sum.map(|v| v / total));
            weights.push(total);
        }
        Histogram { points, weights }
    }
}

fn bins(sorted: &[(u32, f32)], shift: u32) -> usize {
    let mask = u32::from_be_bytes([0xFFu8 << shift; 4]);
    let mut keys: Vec<u32> = sorted.iter().map(|k| k.0 & mask).collect();
    keys.sort_unstable();
    keys.dedup();
    keys.len()
}

/// Weighted sums of a set of points: enough for its mean and squared error.
#[derive(Clone, Copy, Default)]
struct Moments {
    w: f64,
    s: [f64; 4],
    s2: f64,
}

impl Moments {
    fn add(&mut self, p: &Coord, w: f32) {
        let w = f64::from(w);
        self.w += w;
        for (s, &v) in self.s.iter_mut().zip(p.iter()) {
            let v = f64::from(v);
            *s += w * v;
            self.s2 += w * v * v;
        }
    }

    fn sub(&self, o: &Moments) -> Moments {
        Moments { w: self.w - o.w, s: [0, 1, 2, 3].map(|i| self.s[i] - o.s[i]), s2: self.s2 - o.s2 }
    }

    fn sse(&self) -> f64 {
        if self.w <= 0.0 { 0.0 } else { (self.s2 - self.s.iter().map(|s| s * s).sum::<f64>() / self.w).max(0.0) }
    }

    fn mean(&self) -> Coord {
        self.s.map(|s| (s / self.w.max(f64::MIN_POSITIVE)) as f32)
    }
}

struct Cell {
    range: std::ops::Range<usize>,
    m: Moments,
}

/// The median-cut seed: at most `k` boxes over `order` (indices into the histogram), returned
/// as their means.
fn median_cut(h: &Histogram, k: usize) -> Vec<Coord> {
    let mut order: Vec<u32> = (0..h.points.len() as u32).collect();
    let mut all = Moments::default();
    h.points.iter().zip(&h.weights).for_each(|(p, w)| all.add(p, *w));
    let mut cells = vec![Cell { range: 0..order.len(), m: all }];
    while cells.len() < k {
        let Some((ci, _)) = cells.iter().enumerate().filter(|(_, c)| c.range.len() > 1).map(|(i, c)| (i, c.m.sse())).filter(|(_, e)| *e > 0.0).max_by(|a, b| a.1.total_cmp(&b.1))
        else {
            break;
        };
        let range = cells[ci].range.clone();
        let m = cells[ci].m;
        // The axis of greatest spread.
        let mut var = [0f64; 4];
        for &i in &order[range.clone()] {
            let (p, w) = (&h.points[i as usize], f64::from(h.weights[i as usize]));
            for (a, v) in var.iter_mut().enumerate() {
                let d = f64::from(p[a]) - m.s[a] / m.w;
                *v += w * d * d;
            }
        }
        let axis = (0..4).max_by(|a, b| var[*a].total_cmp(&var[*b])).unwrap_or(0);
        let slice = &mut order[range.clone()];
        slice.sort_unstable_by(|a, b| h.points[*a as usize][axis].total_cmp(&h.points[*b as usize][axis]).then(a.cmp(b)));
        // The cut that leaves the least error on both sides.
        let mut left = Moments::default();
        let mut best = (f64::INFINITY, 0usize, Moments::default());
        for (n, &i) in slice[..slice.len() - 1].iter().enumerate() {
            left.add(&h.points[i as usize], h.weights[i as usize]);
            let e = left.sse() + m.sub(&left).sse();
            if e < best.0 {
                best = (e, n + 1, left);
            }
        }
        let cut = range.start + best.1;
        cells[ci] = Cell { range: range.start..cut, m: best.2 };
        cells.push(Cell { range: cut..range.end, m: m.sub(&best.2) });
    }
    cells.iter().map(|c| c.m.mean()).collect()
}

/// Up to `k` centres for the histogram: its points themselves when there are few enough,
/// else a median-cut seed refined by k-means. Deterministic for the same input.
pub fn centres(h: &Histogram, k: usize) -> Vec<Coord> {
    if h.points.len() <= k {
        return h.points.clone();
    }
    let mut centres = median_cut(h, k);
    let mut assign: Vec<Option<(u16, f32)>> = vec![None; h.points.len()];
    let mut last_err = f64::INFINITY;
    for _ in 0..MAX_ITERATIONS {
        let search = Nearest::new(centres.iter().enumerate().map(|(i, c)| (*c, i as u16)));
        // A point no farther from its centre than half the way to that centre's nearest
        // neighbour cannot be nearer another (Elkan): most points skip the search.
        let safe: Vec<f32> = centres
            .iter()
            .enumerate()
            .map(|(i, c)| search.find_other(c, i as u16).map_or(f32::INFINITY, |(_, d)| d / 4.0))
            .collect();
        let mut sums = vec![Moments::default(); centres.len()];
        let mut err = 0f64;
        for (i, (p, w)) in h.points.iter().zip(&h.weights).enumerate() {
            let (c, d) = match assign[i] {
                Some((c, _)) => {
                    let d = dist(&centres[usize::from(c)], p);
                    if d < safe[usize::from(c)] {
                        (c, d)
                    } else {
                        let Some(found) = search.find(p, Some((c, d))) else { return centres };
                        found
                    }
                }
                None => {
                    let Some(found) = search.find(p, None) else { return centres };
                    found
                }
            };
            assign[i] = Some((c, d));
            sums[usize::from(c)].add(p, *w);
            err += f64::from(d) * f64::from(*w);
        }
        // A centre nobody chose moves to the point that is worst served.
        let empty: Vec<usize> = sums.iter().enumerate().filter(|(_, m)| m.w <= 0.0).map(|(i, _)| i).collect();
        if !empty.is_empty() {
            let mut worst: Vec<(f32, usize)> = assign.iter().zip(&h.weights).enumerate().map(|(i, (a, w))| (a.map_or(0.0, |a| a.1) * w, i)).collect();
            worst.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            for (c, (_, i)) in empty.iter().zip(&worst) {
                centres[*c] = h.points[*i];
                assign[*i] = None;
            }
        }
        for (c, m) in centres.iter_mut().zip(&sums) {
            if m.w > 0.0 {
                *c = m.mean();
            }
        }
        if empty.is_empty() && last_err - err <= MIN_GAIN * err {
            break;
        }
        last_err = err;
    }
    centres
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::texm::space::Space;

    fn hist(pixels: &[[u8; 4]], space: Space) -> Histogram {
        Histogram::new(&[(pixels, 1.0)], &Converter::new(space, false))
    }

    #[test]
    fn histogram_counts_distinct_colours() {
        let px = [[1, 2, 3, 255], [9, 9, 9, 255], [1, 2, 3, 255]];
        let h = hist(&px, Space::Rgb);
        assert_eq!(h.points.len(), 2);
        let mut w = h.weights.clone();
        w.sort_by(f32::total_cmp);
        assert_eq!(w, [1.0, 2.0]);
    }

    #[test]
    fn large_histograms_are_binned_by_weighted_mean() {
        let px: Vec<[u8; 4]> = (0..(1u32 << 18)).map(|i| [(i >> 10) as u8, (i >> 2) as u8, (i << 6) as u8 | (i >> 16) as u8, 255]).collect();
        let h = hist(&px, Space::Rgb);
        assert!(h.points.len() <= MAX_POINTS, "{}", h.points.len());
        assert!((h.weights.iter().sum::<f32>() - px.len() as f32).abs() < 1.0);
    }

    #[test]
    fn separated_clusters_get_one_centre_each() {
        let conv = Converter::new(Space::Oklab, false);
        let mut px = Vec::new();
        for (k, base) in [[20u8, 30, 200], [200, 40, 40], [60, 220, 90], [240, 240, 240]].iter().enumerate() {
            for j in 0..50u8 {
                px.push([base[0] + j % 5, base[1] + j / 5, base[2], 255]);
                if k == 0 {
                    px.push([base[0], base[1], base[2] + j % 7, 255]);
                }
            }
        }
        let h = Histogram::new(&[(&px, 1.0)], &conv);
        let c = centres(&h, 4);
        assert_eq!(c.len(), 4);
        for base in [[22u8, 32, 203], [202, 45, 40], [62, 225, 90], [242, 245, 240]] {
            let p = conv.to_space([base[0], base[1], base[2], 255]);
            assert!(c.iter().any(|q| dist(q, &p) < 30.0), "no centre near {base:?}");
        }
    }

    #[test]
    fn k_means_is_deterministic_and_uses_every_centre() {
        let px: Vec<[u8; 4]> = (0..20000u32).map(|i| i.wrapping_mul(0x9E37_79B9)).map(|v| [(v >> 24) as u8, (v >> 16) as u8 / 2, (v >> 8) as u8 / 4, 255]).collect();
        let h = hist(&px, Space::Oklab);
        let a = centres(&h, 255);
        assert_eq!(a.len(), 255);
        assert_eq!(a, centres(&h, 255));
        let mut keys: Vec<[u32; 4]> = a.iter().map(|c| c.map(f32::to_bits)).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 255, "centres are distinct");
    }
}
