//! The sorted-name lookup table (`sort_index` column): row k holds the original index of the
//! entry whose name is k-th in ASCII case-insensitive order. The engine binary-searches
//! through it, so a table that is not that permutation makes the game miss entries.

use super::Row;
use crate::formats::Diagnostic;
use std::cmp::Ordering;

/// ASCII case-insensitive comparison, `A..Z` folded to `a..z` (so `_` sorts before letters).
pub fn compare_names(a: &[u8], b: &[u8]) -> Ordering {
    a.iter().map(u8::to_ascii_lowercase).cmp(b.iter().map(u8::to_ascii_lowercase))
}

/// The table a writer stores: entry indices in name order, ties by original index.
pub fn lookup_order(rows: &[Row]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..rows.len() as u32).collect();
    // A stable sort keeps ties in original-index order.
    order.sort_by(|&a, &b| compare_names(rows[a as usize].name_bytes(), rows[b as usize].name_bytes()));
    order
}

/// Checks the stored table; `dir_offset` places diagnostics at the offending row's field.
pub fn validate(rows: &[Row], dir_offset: u64) -> Vec<Diagnostic> {
    let n = rows.len();
    let at = |k: usize| dir_offset + (k as u64) * 64 + 60;
    let mut seen = vec![false; n];
    for (k, row) in rows.iter().enumerate() {
        let v = row.sort_index() as usize;
        if v >= n {
            return vec![Diagnostic::error(
                at(k),
                format!("lookup table row {k} holds {v}, outside 0..{n}: the game would miss entries (rebuild the table)"),
            )];
        }
        if seen[v] {
            return vec![Diagnostic::error(
                at(k),
                format!("lookup table holds entry {v} twice: the game would miss entries (rebuild the table)"),
            )];
        }
        seen[v] = true;
    }
    for k in 1..n {
        let prev = rows[rows[k - 1].sort_index() as usize].name_bytes();
        let cur = rows[rows[k].sort_index() as usize].name_bytes();
        if compare_names(prev, cur) == Ordering::Greater {
            return vec![Diagnostic::error(
                at(k),
                format!(
                    "lookup table is not sorted at row {k} ({:?} after {:?}): the game's binary search would miss entries (rebuild the table)",
                    crate::formats::cp1251::decode(cur),
                    crate::formats::cp1251::decode(prev)
                ),
            )];
        }
    }
    Vec::new()
}
