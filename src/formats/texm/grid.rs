//! Nearest palette entry by RGB distance through a grid of RGB cells: each cell keeps the
//! entries that can be nearest to some colour inside it (those whose nearest point of the cell
//! is no farther than the best farthest point of any entry), worked out the first time a colour
//! falls in the cell. Noisy images, where almost every pixel is a new colour, then compare a
//! few entries per pixel instead of scanning the palette.

/// Cells per channel, as a shift: 32 cells of 8 values.
const SHIFT: u32 = 3;
const SIDE: usize = 256 >> SHIFT;
const NOT_BUILT: u32 = u32::MAX;

pub struct Grid {
    /// (rgb, id) of every entry.
    entries: Vec<([f32; 3], u16)>,
    /// Per cell, the start of its candidates in `pool` (`NOT_BUILT` until first used).
    start: Vec<u32>,
    len: Vec<u16>,
    pool: Vec<u16>,
}

impl Grid {
    pub fn new(entries: impl IntoIterator<Item = ([u8; 4], u16)>) -> Grid {
        let entries = entries.into_iter().map(|(c, id)| ([0, 1, 2].map(|i| f32::from(c[i])), id)).collect();
        Grid { entries, start: vec![NOT_BUILT; SIDE * SIDE * SIDE], len: vec![0; SIDE * SIDE * SIDE], pool: Vec::new() }
    }

    /// The ids of the entries that can be nearest to `p` (all of them tie-safe: an entry as
    /// near as the nearest is included).
    pub fn candidates(&mut self, p: [u8; 4]) -> &[u16] {
        let [r, g, b] = [p[0], p[1], p[2]].map(|v| usize::from(v >> SHIFT));
        let cell = (r * SIDE + g) * SIDE + b;
        if self.start[cell] == NOT_BUILT {
            let lo = [r, g, b].map(|v| (v << SHIFT) as f32);
            let hi = lo.map(|v| v + ((1 << SHIFT) - 1) as f32);
            let (near, far): (Vec<f32>, Vec<f32>) = self
                .entries
                .iter()
                .map(|(c, _)| {
                    let (mut n, mut f) = (0f32, 0f32);
                    for i in 0..3 {
                        let below = (lo[i] - c[i]).max(0.0);
                        let above = (c[i] - hi[i]).max(0.0);
                        n += (below + above).powi(2);
                        f += (c[i] - lo[i]).abs().max((c[i] - hi[i]).abs()).powi(2);
                    }
                    (n, f)
                })
                .unzip();
            // Some entry is within `bound` of every colour of the cell; a little slack keeps
            // entries that tie under rounding.
            let bound = far.iter().copied().fold(f32::INFINITY, f32::min) * 1.0001 + 1.0;
            self.start[cell] = self.pool.len() as u32;
            let before = self.pool.len();
            self.pool.extend(self.entries.iter().zip(&near).filter(|(_, n)| **n <= bound).map(|((_, id), _)| *id));
            self.len[cell] = (self.pool.len() - before) as u16;
        }
        let s = self.start[cell] as usize;
        &self.pool[s..s + usize::from(self.len[cell])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_always_hold_the_nearest_entry() {
        let pal: Vec<[u8; 4]> = (0..256u32).map(|i| i.wrapping_mul(2_654_435_761)).map(|v| [(v >> 24) as u8, (v >> 16) as u8 / 3, (v >> 8) as u8, 255]).collect();
        let mut grid = Grid::new(pal.iter().enumerate().map(|(i, c)| (*c, i as u16)));
        let d = |a: &[u8; 4], b: &[u8; 4]| (0..3).map(|i| (i32::from(a[i]) - i32::from(b[i])).pow(2)).sum::<i32>();
        for k in 0..20000u32 {
            let v = k.wrapping_mul(0x85EB_CA6B) ^ 0x1234_5678;
            let p = [(v >> 24) as u8, (v >> 16) as u8, (v >> 8) as u8, 255];
            let best = pal.iter().map(|e| d(e, &p)).min().unwrap();
            let c = grid.candidates(p);
            assert!(c.len() < 256);
            assert!(c.iter().any(|&i| d(&pal[usize::from(i)], &p) == best), "{p:?}");
        }
    }
}
