//! A line diff (Myers' O(ND) shortest edit script) over byte lines, with the common head and
//! tail trimmed first. The search keeps only the diagonals it reached (at most
//! [`MAX_EDITS`]² words, about 2 MB); two texts further apart than that are one replaced block
//! between their common head and tail.

/// Edits beyond which the middle is reported as one replaced block.
const MAX_EDITS: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineOp {
    /// Line `a` of A is line `b` of B.
    Equal(usize, usize),
    Delete(usize),
    Insert(usize),
}

/// Splits at `\n`, keeping a `\r` before it as part of the line's bytes (a line-ending change
/// is a change).
pub fn split_lines(text: &[u8]) -> Vec<&[u8]> {
    if text.is_empty() {
        return Vec::new();
    }
    let mut v: Vec<&[u8]> = text.split(|&c| c == b'\n').collect();
    if text.ends_with(b"\n") {
        v.pop();
    }
    v
}

pub fn line_diff(a: &[&[u8]], b: &[&[u8]]) -> Vec<LineOp> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (ma, mb) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut ops: Vec<LineOp> = (0..head).map(|i| LineOp::Equal(i, i)).collect();
    match myers(ma, mb) {
        Some(mid) => ops.extend(mid.into_iter().map(|op| match op {
            LineOp::Equal(i, j) => LineOp::Equal(i + head, j + head),
            LineOp::Delete(i) => LineOp::Delete(i + head),
            LineOp::Insert(j) => LineOp::Insert(j + head),
        })),
        None => {
            ops.extend((0..ma.len()).map(|i| LineOp::Delete(i + head)));
            ops.extend((0..mb.len()).map(|j| LineOp::Insert(j + head)));
        }
    }
    ops.extend((0..tail).map(|k| LineOp::Equal(a.len() - tail + k, b.len() - tail + k)));
    ops
}

/// The shortest edit script, or `None` past [`MAX_EDITS`].
fn myers(a: &[&[u8]], b: &[&[u8]]) -> Option<Vec<LineOp>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    if n == 0 || m == 0 {
        let mut v: Vec<LineOp> = (0..a.len()).map(LineOp::Delete).collect();
        v.extend((0..b.len()).map(LineOp::Insert));
        return Some(v);
    }
    let max = (n + m) as usize;
    // trace[d] holds x for diagonals k = -d..=d (index k + d) after step d.
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let mut prev: Vec<isize> = vec![0; 1];
    let mut found = None;
    'outer: for d in 0..=max.min(MAX_EDITS) {
        let d = d as isize;
        let mut cur = vec![0isize; (2 * d + 1) as usize];
        let get = |v: &Vec<isize>, k: isize, dd: isize| -> isize { v[(k + dd) as usize] };
        for k in (-d..=d).step_by(2) {
            let mut x = if d == 0 {
                0
            } else if k == -d || (k != d && get(&prev, k - 1, d - 1) < get(&prev, k + 1, d - 1)) {
                get(&prev, k + 1, d - 1)
            } else {
                get(&prev, k - 1, d - 1) + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            cur[(k + d) as usize] = x;
            if x >= n && y >= m {
                trace.push(cur);
                found = Some(d);
                break 'outer;
            }
        }
        trace.push(cur.clone());
        prev = cur;
    }
    let dmax = found?;
    // Walk back from (n, m): each step a snake back to where its single edit ended, then the
    // edit.
    let mut ops = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (1..=dmax).rev() {
        let pv = &trace[(d - 1) as usize];
        let at = |k: isize| pv[(k + d - 1) as usize];
        let k = x - y;
        let pk = if k == -d || (k != d && at(k - 1) < at(k + 1)) { k + 1 } else { k - 1 };
        let px = at(pk);
        let py = px - pk;
        // The edit lands on (sx, sy), then the snake runs to (x, y).
        let (sx, sy) = if pk == k + 1 { (px, py + 1) } else { (px + 1, py) };
        while x > sx && y > sy {
            x -= 1;
            y -= 1;
            ops.push(LineOp::Equal(x as usize, y as usize));
        }
        if pk == k + 1 {
            ops.push(LineOp::Insert(py as usize));
        } else {
            ops.push(LineOp::Delete(px as usize));
        }
        (x, y) = (px, py);
    }
    while x > 0 && y > 0 {
        x -= 1;
        y -= 1;
        ops.push(LineOp::Equal(x as usize, y as usize));
    }
    ops.reverse();
    Some(ops)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn apply(a: &[&[u8]], b: &[&[u8]], ops: &[LineOp]) -> Vec<Vec<u8>> {
        // Rebuilds B from A and the script, checking every Equal really is equal.
        let mut out = Vec::new();
        let mut ia = 0;
        for op in ops {
            match *op {
                LineOp::Equal(i, j) => {
                    assert_eq!((i, a[i]), (ia, b[j]));
                    ia += 1;
                    out.push(a[i].to_vec());
                }
                LineOp::Delete(i) => {
                    assert_eq!(i, ia);
                    ia += 1;
                }
                LineOp::Insert(j) => out.push(b[j].to_vec()),
            }
        }
        assert_eq!(ia, a.len());
        out
    }

    #[test]
    fn one_changed_line_is_one_delete_and_one_insert() {
        let a = split_lines(b"1\n2\n3\n4\n");
        let b = split_lines(b"1\n2\nX\n4\n");
        let ops = line_diff(&a, &b);
        let edits: Vec<_> = ops.iter().filter(|o| !matches!(o, LineOp::Equal(..))).collect();
        assert_eq!(edits, [&LineOp::Delete(2), &LineOp::Insert(2)]);
    }

    proptest! {
        #[test]
        fn the_script_rebuilds_b_and_is_no_longer_than_a_plain_replace(
            a in proptest::collection::vec(0u8..4, 0..40), b in proptest::collection::vec(0u8..4, 0..40)
        ) {
            let la: Vec<Vec<u8>> = a.iter().map(|c| vec![b'a' + c]).collect();
            let lb: Vec<Vec<u8>> = b.iter().map(|c| vec![b'a' + c]).collect();
            let ra: Vec<&[u8]> = la.iter().map(|v| v.as_slice()).collect();
            let rb: Vec<&[u8]> = lb.iter().map(|v| v.as_slice()).collect();
            let ops = line_diff(&ra, &rb);
            prop_assert_eq!(apply(&ra, &rb, &ops), lb.clone());
            // Minimal: edits = |a| + |b| - 2 LCS; compare with a DP LCS.
            let mut dp = vec![vec![0usize; rb.len() + 1]; ra.len() + 1];
            for i in (0..ra.len()).rev() {
                for j in (0..rb.len()).rev() {
                    dp[i][j] = if ra[i] == rb[j] { dp[i + 1][j + 1] + 1 } else { dp[i + 1][j].max(dp[i][j + 1]) };
                }
            }
            let edits = ops.iter().filter(|o| !matches!(o, LineOp::Equal(..))).count();
            prop_assert_eq!(edits, ra.len() + rb.len() - 2 * dp[0][0]);
        }
    }
}
