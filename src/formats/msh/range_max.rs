//! Range-maximum queries over an index buffer: batches may overlap and each may name up to
//! 65,535 indices, so checking every batch index by index costs batches x indices (a 70 KB
//! payload could make that 10^8 steps). A segment tree answers "largest index in a range" and
//! "first index at least `limit`" in O(log n) after an O(n) build.

pub struct RangeMax {
    /// Leaves at `size..size + n`, each node the maximum of its two children; 0 pads.
    tree: Vec<u16>,
    size: usize,
    n: usize,
}

impl RangeMax {
    pub fn new(values: &[u16]) -> RangeMax {
        let size = values.len().next_power_of_two().max(1);
        let mut tree = vec![0u16; 2 * size];
        tree[size..size + values.len()].copy_from_slice(values);
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].max(tree[2 * i + 1]);
        }
        RangeMax { tree, size, n: values.len() }
    }

    /// The largest value in `range` (clamped to the values), `None` when it is empty.
    pub fn max(&self, range: std::ops::Range<usize>) -> Option<u16> {
        let (mut l, mut r) = (range.start.min(self.n) + self.size, range.end.min(self.n) + self.size);
        if l >= r {
            return None;
        }
        let mut m = 0u16;
        while l < r {
            if l & 1 == 1 {
                m = m.max(self.tree[l]);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                m = m.max(self.tree[r]);
            }
            l /= 2;
            r /= 2;
        }
        Some(m)
    }

    /// The first position in `range` whose value is at least `limit`.
    pub fn first_at_least(&self, range: std::ops::Range<usize>, limit: u64) -> Option<usize> {
        let end = range.end.min(self.n);
        if range.start >= end {
            return None;
        }
        self.descend(1, 0, self.size, range.start, end, limit)
    }

    fn descend(&self, node: usize, lo: usize, hi: usize, l: usize, r: usize, limit: u64) -> Option<usize> {
        if hi <= l || r <= lo || u64::from(self.tree[node]) < limit {
            return None;
        }
        if hi - lo == 1 {
            return Some(lo);
        }
        let mid = (lo + hi) / 2;
        self.descend(2 * node, lo, mid, l, r, limit).or_else(|| self.descend(2 * node + 1, mid, hi, l, r, limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_a_scan() {
        let v: Vec<u16> = (0..300u32).map(|i| ((i * 7919) % 1000) as u16).collect();
        let t = RangeMax::new(&v);
        for (a, b) in [(0, 300), (5, 6), (17, 211), (299, 300), (100, 100), (250, 400)] {
            let s = &v[a.min(300)..b.min(300)];
            assert_eq!(t.max(a..b), s.iter().copied().max(), "{a}..{b}");
            for limit in [0u64, 500, 990, 1000] {
                assert_eq!(t.first_at_least(a..b, limit), s.iter().position(|&x| x as u64 >= limit).map(|p| p + a), "{a}..{b} {limit}");
            }
        }
        assert_eq!(RangeMax::new(&[]).max(0..1), None);
    }
}
