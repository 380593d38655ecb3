//! Anything no codec reads: the byte ranges that differ (runs closer than [`JOIN`] bytes are
//! one range), and the length when it differs.

use super::{Change, Detail};

/// Differing runs this close together are reported as one range.
const JOIN: usize = 16;
/// Ranges listed one by one; the rest are counted.
const LISTED: usize = 16;

/// The differing ranges of the common length, as `start..end` (end exclusive).
pub fn ranges(a: &[u8], b: &[u8]) -> Vec<std::ops::Range<usize>> {
    let n = a.len().min(b.len());
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    let mut at = 0;
    while at < n {
        // Skip equal blocks a cache line at a time before looking byte by byte.
        let end = (at + 64).min(n);
        if a[at..end] == b[at..end] {
            at = end;
            continue;
        }
        let mut i = at;
        while i < end {
            if a[i] != b[i] {
                let start = i;
                while i < n && a[i] != b[i] {
                    i += 1;
                }
                match out.last_mut() {
                    Some(last) if start - last.end < JOIN => last.end = i,
                    _ => out.push(start..i),
                }
            } else {
                i += 1;
            }
        }
        at = i.max(end);
    }
    out
}

pub fn diff(a: &[u8], b: &[u8], change: &mut Change) {
    if a.len() != b.len() {
        change.details.push(Detail::values("size", a.len(), b.len()));
    }
    let rs = ranges(a, b);
    for r in rs.iter().take(LISTED) {
        change.details.push(Detail::note(format!("bytes 0x{:X}..0x{:X}", r.start, r.end), crate::msg!("diff-bytes-differ", "{n} bytes differ", n = r.len())));
    }
    if rs.len() > LISTED {
        let rest: usize = rs[LISTED..].iter().map(|r| r.len()).sum();
        change.details.push(Detail::note("more byte ranges", crate::msg!("diff-more-ranges", "{n} more ranges, {rest} bytes", n = rs.len() - LISTED, rest = rest)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_runs_join_and_far_ones_do_not() {
        let a = vec![0u8; 300];
        let mut b = a.clone();
        b[10] = 1;
        b[20] = 1; // 9 equal bytes between: one range
        b[200] = 1;
        b[201] = 1;
        assert_eq!(ranges(&a, &b), [10..21, 200..202]);
        assert!(ranges(&a, &a).is_empty());
        b[299] = 9;
        assert_eq!(ranges(&a, &b).last(), Some(&(299..300)));
    }

    #[test]
    fn a_length_change_is_reported() {
        let mut c = Change::new("x", super::super::Kind::Changed, crate::doc::kinds::ItemKind::Bytes);
        diff(b"abc", b"abcd", &mut c);
        assert_eq!(c.details, [Detail::values("size", 3, 4)]);
    }
}
