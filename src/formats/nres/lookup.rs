//! The sorted-name lookup table (`sort_index` column): row k holds the original index of the
//! entry whose name is k-th in ASCII case-insensitive order. The engine binary-searches
//! through it, so a table that is not that permutation makes the game miss entries.

use super::Row;
use crate::formats::Diagnostic;
use std::cmp::Ordering;

/// ASCII case-insensitive comparison, `A..Z` folded to `a..z` (so `_` sorts before letters).
pub fn compare_names(a: &[u8], b: &[u8]) -> Ordering {
    // The lexicographic order of the folded bytes, eight at a time while both have eight (the
    // parse checks a thousands-row table with it), then byte by byte.
    let (wa, _) = a.as_chunks::<8>();
    let (wb, _) = b.as_chunks::<8>();
    let mut k = 0;
    for (x, y) in wa.iter().zip(wb) {
        let (x, y) = (fold8(u64::from_le_bytes(*x)), fold8(u64::from_le_bytes(*y)));
        if x != y {
            let at = (x ^ y).trailing_zeros() / 8 * 8;
            return ((x >> at) as u8).cmp(&((y >> at) as u8));
        }
        k += 8;
    }
    for (x, y) in a[k..].iter().zip(&b[k..]) {
        let (x, y) = (x.to_ascii_lowercase(), y.to_ascii_lowercase());
        if x != y {
            return x.cmp(&y);
        }
    }
    a.len().cmp(&b.len())
}

/// `to_ascii_lowercase` of eight bytes at once: 0x20 added to each byte in `A..=Z`.
fn fold8(w: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let low = w & LOW7;
    // High bit set where the low seven bits are >= 'A', and where they are > 'Z'; no carry
    // crosses a byte since each sum stays below 0x100.
    let ge_a = low + 0x3F3F_3F3F_3F3F_3F3F; // 0x80 - 'A' (0x41)
    let gt_z = low + 0x2525_2525_2525_2525; // 0x80 - 'Z' - 1 (0x5B)
    let upper = ge_a & !gt_z & !w & HIGH;
    w | (upper >> 2)
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
    // Every value was checked to lie in 0..n above.
    let mut prev: &[u8] = rows.first().map_or(&[], |r| rows[r.sort_index() as usize].name_bytes());
    for k in 1..n {
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
        prev = cur;
    }
    Vec::new()
}
