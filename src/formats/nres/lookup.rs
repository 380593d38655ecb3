//! The sorted-name lookup table (`sort_index` column): row k holds the original index of the
//! entry whose name is k-th in ASCII case-insensitive order. The engine binary-searches
//! through it, so a table that is not that permutation makes the game miss entries.

use super::Row;
use crate::formats::Diagnostic;
use crate::msg;
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

/// High bit of every byte of `w` that is not zero (exact: no carry crosses a byte).
fn nonzero8(w: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    (((w & LOW7) + LOW7) | w) & 0x8080_8080_8080_8080
}

/// [`compare_names`] of two rows' names, read from their 36-byte fields without first finding
/// the NULs: the folded fields compared up to the first byte that differs or is the first
/// name's NUL. Where one name is a prefix of the other, the shorter one's NUL (0) meets a name
/// byte of the other (never 0), so shorter sorts first as in [`compare_names`]; where both
/// end at the same NUL they are equal, whatever follows the NULs.
pub(super) fn compare_fields(a: &Row, b: &Row) -> Ordering {
    let (a, b) = (a.name_field(), b.name_field());
    // Four words, then the last four bytes as a word whose upper half is zero in both (the
    // stop for two 36-byte names that are equal).
    let word = |f: &[u8], k: usize| {
        if k < 4 {
            u64::from_le_bytes(f[k * 8..k * 8 + 8].try_into().expect("8 bytes"))
        } else {
            u64::from(u32::from_le_bytes(f[32..36].try_into().expect("4 bytes")))
        }
    };
    for k in 0..5 {
        let (x, y) = (fold8(word(a, k)), fold8(word(b, k)));
        let stop = nonzero8(x ^ y) | (!nonzero8(x) & 0x8080_8080_8080_8080);
        if stop != 0 {
            let at = stop.trailing_zeros() / 8 * 8;
            return ((x >> at) as u8).cmp(&((y >> at) as u8));
        }
    }
    Ordering::Equal
}

/// Checks the stored table; `dir_offset` places diagnostics at the offending row's field.
/// Two passes, allocating one bit a row: the values form a permutation, then the names in
/// table order never decrease (compared in their fields, see [`compare_fields`]).
pub fn validate(rows: &[Row], dir_offset: u64) -> Vec<Diagnostic> {
    let n = rows.len();
    let at = |k: usize| dir_offset + (k as u64) * 64 + 60;
    let mut seen = vec![0u64; n.div_ceil(64)];
    for (k, row) in rows.iter().enumerate() {
        let v = row.sort_index() as usize;
        if v >= n {
            return vec![Diagnostic::error(
                at(k),
                msg!("nres-lookup-out-of-range", "lookup table row {k} holds {v}, outside 0..{n}: the game would miss entries (rebuild the table)", k = k, v = v, n = n),
            )];
        }
        let (word, bit) = (v / 64, 1u64 << (v % 64));
        if seen[word] & bit != 0 {
            return vec![Diagnostic::error(
                at(k),
                msg!("nres-lookup-twice", "lookup table holds entry {v} twice: the game would miss entries (rebuild the table)", v = v),
            )];
        }
        seen[word] |= bit;
    }
    // Every value was checked to lie in 0..n above.
    let Some(first) = rows.first() else { return Vec::new() };
    let mut prev = &rows[first.sort_index() as usize];
    for k in 1..n {
        let cur = &rows[rows[k].sort_index() as usize];
        if compare_fields(prev, cur) == Ordering::Greater {
            return vec![Diagnostic::error(
                at(k),
                msg!(
                    "nres-lookup-unsorted",
                    "lookup table is not sorted at row {k} ({name:?} after {prev:?}): the game's binary search would miss entries (rebuild the table)",
                    k = k,
                    name = crate::formats::cp1251::decode(cur.name_bytes()),
                    prev = crate::formats::cp1251::decode(prev.name_bytes())
                ),
            )];
        }
        prev = cur;
    }
    Vec::new()
}
