//! A sound's min/max envelope as a pyramid, for drawing waveforms: level 0 holds the minimum and
//! maximum of every `BASE` frames (all channels), each next level merges pairs of the one below.
//! The sound editor builds it once per edit on its worker; a frame then reads at most a few
//! buckets per pixel column, so a 10-minute sound draws in the time of its width, not its length.

/// Frames per bucket of level 0.
pub const BASE: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pyramid {
    /// `levels[k]` has a `(min, max)` per `BASE << k` frames.
    pub levels: Vec<Vec<(i16, i16)>>,
}

impl Pyramid {
    pub fn build(samples: &[i16], channels: usize) -> Pyramid {
        let ch = channels.max(1);
        let mut l0 = Vec::with_capacity(samples.len() / ch / BASE + 1);
        for block in samples.chunks(BASE * ch) {
            let (mut lo, mut hi) = (i16::MAX, i16::MIN);
            for &v in block {
                lo = lo.min(v);
                hi = hi.max(v);
            }
            l0.push((lo, hi));
        }
        let mut levels = vec![l0];
        while levels.last().is_some_and(|l| l.len() > 1) {
            let prev = levels.last().expect("checked");
            let next = prev.chunks(2).map(|p| p.iter().fold((i16::MAX, i16::MIN), |(a, b), &(lo, hi)| (a.min(lo), b.max(hi)))).collect();
            levels.push(next);
        }
        Pyramid { levels }
    }

    /// Min and max over frames `from..to`, from the coarsest level whose buckets still fit in
    /// the span; `samples` covers what the pyramid's buckets cannot (spans under `BASE`).
    pub fn range(&self, samples: &[i16], channels: usize, from: usize, to: usize) -> Option<(i16, i16)> {
        let ch = channels.max(1);
        if to <= from {
            return None;
        }
        let span = to - from;
        if span < BASE * 2 || self.levels.is_empty() {
            let s = samples.get(from * ch..(to * ch).min(samples.len()))?;
            return s.iter().fold(None, |acc, &v| Some(acc.map_or((v, v), |(a, b): (i16, i16)| (a.min(v), b.max(v)))));
        }
        let mut k = 0;
        while k + 1 < self.levels.len() && (BASE << (k + 1)) * 2 <= span {
            k += 1;
        }
        let size = BASE << k;
        let level = &self.levels[k];
        let (a, b) = (from / size, to.div_ceil(size).min(level.len()));
        level.get(a..b)?.iter().fold(None, |acc, &(lo, hi)| Some(acc.map_or((lo, hi), |(x, y): (i16, i16)| (x.min(lo), y.max(hi)))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_halve_and_ranges_agree_with_the_samples() {
        let s: Vec<i16> = (0..10_000).map(|i| ((i * 37) % 2001 - 1000) as i16).collect();
        let p = Pyramid::build(&s, 1);
        assert_eq!(p.levels[0].len(), 10_000usize.div_ceil(BASE));
        assert_eq!(p.levels.last().unwrap().len(), 1);
        assert_eq!(p.levels.last().unwrap()[0], (-1000, 1000));
        // A short span reads the samples exactly.
        let direct = |a: usize, b: usize| (s[a..b].iter().copied().min().unwrap(), s[a..b].iter().copied().max().unwrap());
        assert_eq!(p.range(&s, 1, 10, 20), Some(direct(10, 20)));
        // A long span's buckets cover it (bucket edges may add a little on each side).
        let (lo, hi) = p.range(&s, 1, 1000, 9000).unwrap();
        let (dlo, dhi) = direct(1000, 9000);
        assert!(lo <= dlo && hi >= dhi);
        assert_eq!(p.range(&s, 1, 5, 5), None);
        assert_eq!(Pyramid::build(&[], 2).range(&[], 2, 0, 10), None);
    }
}
