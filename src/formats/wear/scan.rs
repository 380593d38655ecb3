//! The pieces of C `scanf` the engine's WEAR parsers use, over bytes with positions: `%d`
//! (optional sign, decimal digits, leading whitespace skipped) and `%s` (a run of
//! non-whitespace). Whitespace is C's `isspace` in the "C" locale; bytes above 0x7F are name
//! characters.

use std::ops::Range;

pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

pub fn skip_ws(t: &[u8], mut p: usize) -> usize {
    while p < t.len() && is_space(t[p]) {
        p += 1;
    }
    p
}

/// A `%d` conversion at `p`: the value (saturated to i64; the caller flags values outside
/// i32) and the token's span. `None` is a matching failure: no digits after the whitespace.
pub fn scan_int(t: &[u8], p: usize) -> Option<(i64, Range<usize>)> {
    let start = skip_ws(t, p);
    let mut q = start;
    let negative = match t.get(q) {
        Some(b'-') => {
            q += 1;
            true
        }
        Some(b'+') => {
            q += 1;
            false
        }
        _ => false,
    };
    let digits = q;
    let mut v: i64 = 0;
    while let Some(d) = t.get(q).filter(|b| b.is_ascii_digit()) {
        v = v.saturating_mul(10).saturating_add(i64::from(d - b'0'));
        q += 1;
    }
    if q == digits {
        return None;
    }
    Some((if negative { -v } else { v }, start..q))
}

/// A `%s` conversion at `p`: the span of the word. `None` at the end of the text.
pub fn scan_word(t: &[u8], p: usize) -> Option<Range<usize>> {
    let start = skip_ws(t, p);
    let mut q = start;
    while q < t.len() && !is_space(t[q]) {
        q += 1;
    }
    (q > start).then_some(start..q)
}

/// The position after the first `\n` at or after `p` (the end of the text when there is none):
/// the buffer parser's "skip to the next line".
pub fn next_line(t: &[u8], p: usize) -> usize {
    match t.get(p..).and_then(|rest| rest.iter().position(|&b| b == b'\n')) {
        Some(i) => p + i + 1,
        None => t.len(),
    }
}

/// Start offsets of every line, for turning byte positions into 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    pub fn new(t: &[u8]) -> Lines {
        let mut starts = vec![0];
        starts.extend(t.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i + 1));
        Lines { starts }
    }
    /// 0-based line index of a byte position.
    pub fn index(&self, pos: usize) -> usize {
        self.starts.partition_point(|&s| s <= pos).saturating_sub(1)
    }
    /// 1-based line and byte column.
    pub fn line_col(&self, pos: usize) -> (u32, u32) {
        let mut hint = 0;
        self.line_col_from(pos, &mut hint)
    }
    /// As [`Lines::line_col`], for positions asked in increasing order: `hint` (the line of
    /// the last answer) is walked forward, a step or two for consecutive rows, where a search
    /// of 800,000 line starts missed the cache at every step.
    pub fn line_col_from(&self, pos: usize, hint: &mut usize) -> (u32, u32) {
        let mut i = (*hint).min(self.starts.len() - 1);
        if self.starts[i] > pos {
            i = self.index(pos);
        }
        let mut steps = 0;
        while i + 1 < self.starts.len() && self.starts[i + 1] <= pos {
            i += 1;
            steps += 1;
            if steps == 8 {
                i = self.index(pos);
                break;
            }
        }
        *hint = i;
        let col = pos - self.starts[i] + 1;
        (u32::try_from(i + 1).unwrap_or(u32::MAX), u32::try_from(col).unwrap_or(u32::MAX))
    }
    pub fn start(&self, line: usize) -> usize {
        self.starts[line.min(self.starts.len() - 1)]
    }
    pub fn count(&self) -> usize {
        self.starts.len()
    }
}

/// The end of the line holding `p`, before its `\r\n` or `\n` (or the end of the text).
pub fn line_content_end(t: &[u8], p: usize) -> usize {
    let mut q = p.min(t.len());
    while q < t.len() && t[q] != b'\n' {
        q += 1;
    }
    if q > p && q < t.len() && t[q - 1] == b'\r' { q - 1 } else { q }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scanf_int_semantics() {
        assert_eq!(scan_int(b"  \r\n 42 x", 0), Some((42, 5..7)));
        assert_eq!(scan_int(b"-7", 0), Some((-7, 0..2)));
        assert_eq!(scan_int(b"+7", 0), Some((7, 0..2)));
        assert_eq!(scan_int(b"0x10", 0), Some((0, 0..1)));
        assert_eq!(scan_int(b"- 1", 0), None);
        assert_eq!(scan_int(b"abc", 0), None);
        assert_eq!(scan_int(b"", 0), None);
        assert_eq!(scan_int(b"99999999999999999999999", 0).unwrap().0, i64::MAX);
    }

    #[test]
    fn scanf_word_semantics() {
        assert_eq!(scan_word(b" \tNAME.0\r\n", 0), Some(2..8));
        assert_eq!(scan_word(b"\xCA\xC0\xCC x", 0), Some(0..3));
        assert_eq!(scan_word(b"  \r\n", 0), None);
    }

    #[test]
    fn lines_and_columns() {
        let t = b"2\r\n0 A\n\n1 B";
        let l = Lines::new(t);
        assert_eq!(l.count(), 4);
        assert_eq!(l.line_col(0), (1, 1));
        assert_eq!(l.line_col(5), (2, 3));
        assert_eq!(l.line_col(8), (4, 1));
        assert_eq!(l.line_col(t.len()), (4, 4));
        // Walking forward, jumping ahead, and going back give what a search gives.
        let mut hint = 0;
        for pos in (0..=t.len()).chain([t.len(), 0, 5, 2, t.len()]) {
            assert_eq!(l.line_col_from(pos, &mut hint), l.line_col(pos), "{pos}");
        }
        assert_eq!(next_line(t, 0), 3);
        assert_eq!(next_line(t, 8), t.len());
        assert_eq!(line_content_end(t, 0), 1);
        assert_eq!(line_content_end(t, 3), 6);
        assert_eq!(line_content_end(t, 7), 7);
        assert_eq!(line_content_end(t, 9), t.len());
    }
}
