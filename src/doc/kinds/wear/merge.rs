//! Three-way merge of WEAR tables row by row (docs/formats/parkanmod.md, "WEAR rows"): two
//! edits of one base table merge when they touch different rows; rows are lines, compared as
//! bytes (CP1251, line breaks kept). The table's first line, the row count, is not a row: when
//! both sides changed it, the merged table's count is the number of material rows it holds.

/// One side's edit of the base: base lines `start..end` become `lines`.
#[derive(Debug, Clone, PartialEq)]
struct Hunk<'a> {
    start: usize,
    end: usize,
    lines: Vec<&'a [u8]>,
}

fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&b| b == b'\n').collect()
}

/// Above this many line pairs the diff is not attempted and only whole-table edits merge
/// (a WEAR table has tens of rows; this bounds a hostile one).
const MAX_CELLS: usize = 4_000_000;

/// The hunks turning `a` into `b`, from a longest common subsequence of lines.
fn hunks<'a>(a: &[&'a [u8]], b: &[&'a [u8]]) -> Option<Vec<Hunk<'a>>> {
    let (n, m) = (a.len(), b.len());
    if n.saturating_mul(m) > MAX_CELLS {
        return None;
    }
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let w = m + 1;
    let mut lcs = vec![0u32; (n + 1) * w];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i * w + j] = if a[i] == b[j] { lcs[(i + 1) * w + j + 1] + 1 } else { lcs[(i + 1) * w + j].max(lcs[i * w + j + 1]) };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    let mut open: Option<Hunk> = None;
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            out.extend(open.take());
            i += 1;
            j += 1;
            continue;
        }
        let h = open.get_or_insert(Hunk { start: i, end: i, lines: Vec::new() });
        if j < m && (i == n || lcs[i * w + j + 1] >= lcs[(i + 1) * w + j]) {
            h.lines.push(b[j]);
            j += 1;
        } else {
            i += 1;
            h.end = i;
        }
    }
    out.extend(open);
    Some(out)
}

/// Why two edits do not merge: the base rows both touched.
#[derive(Debug, Clone, PartialEq)]
pub struct RowConflict {
    /// 1-based line numbers of the base table, `first..=last` (an insertion: `last < first`).
    pub first: usize,
    pub last: usize,
}

impl RowConflict {
    pub fn message(&self) -> crate::formats::Message {
        if self.last < self.first {
            crate::msg!("wear-merge-both-add", "both add rows after line {line}", line = self.first - 1)
        } else {
            crate::msg!("wear-merge-both-change", "both change lines {first}..{last} of the base table", first = self.first, last = self.last)
        }
    }
}

impl std::fmt::Display for RowConflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

/// `base` edited into `a` and into `b`, merged; a conflict when both touch the same rows
/// differently.
pub fn merge3(base: &[u8], a: &[u8], b: &[u8]) -> Result<Vec<u8>, RowConflict> {
    if a == b || b == base {
        return Ok(a.to_vec());
    }
    if a == base {
        return Ok(b.to_vec());
    }
    let (lb, la, lbb) = (lines(base), lines(a), lines(b));
    // The count line is merged on its own (below); the rows are the rest.
    let counted = [&lb, &la, &lbb].iter().all(|l| l.first().is_some_and(|f| is_count(f)));
    let skip = usize::from(counted);
    let whole = RowConflict { first: 1, last: lb.len() };
    let ha = hunks(&lb[skip..], &la[skip..]).ok_or(whole.clone())?;
    let hb = hunks(&lb[skip..], &lbb[skip..]).ok_or(whole)?;
    let mut all: Vec<(usize, &Hunk)> = ha.iter().map(|h| (0, h)).chain(hb.iter().map(|h| (1, h))).collect();
    all.sort_by_key(|(side, h)| (h.start, h.end, *side));
    let rows = &lb[skip..];
    let mut out: Vec<&[u8]> = Vec::new();
    let mut pos = 0;
    let mut last: Option<(usize, &Hunk)> = None;
    for (side, h) in all {
        if let Some((ls, l)) = last {
            let overlaps = h.start < l.end || (h.start == l.start && h.start == h.end && l.start == l.end);
            if ls != side && overlaps {
                if h == l {
                    continue;
                }
                return Err(RowConflict { first: l.start + skip + 1, last: l.end.max(h.end) + skip });
            }
        }
        out.extend_from_slice(&rows[pos..h.start]);
        out.extend_from_slice(&h.lines);
        pos = h.end;
        last = Some((side, h));
    }
    out.extend_from_slice(&rows[pos..]);
    let mut merged = Vec::new();
    if counted {
        let (cb, ca, cbb) = (lb[0], la[0], lbb[0]);
        if ca == cbb || cbb == cb {
            merged.extend_from_slice(ca);
        } else if ca == cb {
            merged.extend_from_slice(cbb);
        } else {
            let ending: &[u8] = if ca.ends_with(b"\r\n") { b"\r\n" } else { b"\n" };
            merged.extend_from_slice(format!("{}", material_rows(&out)).as_bytes());
            merged.extend_from_slice(ending);
        }
    }
    for l in out {
        merged.extend_from_slice(l);
    }
    Ok(merged)
}

fn is_count(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    !t.is_empty() && t.iter().all(u8::is_ascii_digit)
}

/// Rows before the first blank line or `LIGHTMAPS`.
fn material_rows(rows: &[&[u8]]) -> usize {
    rows.iter().take_while(|l| {
        let t = l.trim_ascii();
        !t.is_empty() && !t.eq_ignore_ascii_case(b"LIGHTMAPS")
    })
    .count()
}

impl crate::doc::kinds::Merge for super::WearCodec {
    fn merge3(&self, base: &[u8], ours: &[u8], theirs: &[u8]) -> Result<Vec<u8>, crate::formats::Message> {
        merge3(base, ours, theirs).map_err(|c| c.message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &[u8] = b"4\r\n0 B_S0\r\n1 L04\r\n2 L02\r\n3 L00\r\n";

    #[test]
    fn edits_of_different_rows_merge() {
        let a = b"4\r\n0 B_S1\r\n1 L04\r\n2 L02\r\n3 L00\r\n";
        let b = b"4\r\n0 B_S0\r\n1 L04\r\n2 L02\r\n3 STONE\r\n";
        assert_eq!(merge3(BASE, a, b).unwrap(), b"4\r\n0 B_S1\r\n1 L04\r\n2 L02\r\n3 STONE\r\n");
        // Neighbouring rows are different rows.
        let c = b"4\r\n0 B_S0\r\n1 L05\r\n2 L02\r\n3 L00\r\n";
        let d = b"4\r\n0 B_S0\r\n1 L04\r\n2 L03\r\n3 L00\r\n";
        assert_eq!(merge3(BASE, c, d).unwrap(), b"4\r\n0 B_S0\r\n1 L05\r\n2 L03\r\n3 L00\r\n");
    }

    #[test]
    fn the_same_row_changed_twice_conflicts_unless_equal() {
        let a = b"4\r\n0 B_S0\r\n1 X\r\n2 L02\r\n3 L00\r\n";
        let b = b"4\r\n0 B_S0\r\n1 Y\r\n2 L02\r\n3 L00\r\n";
        let e = merge3(BASE, a, b).unwrap_err();
        assert_eq!((e.first, e.last), (3, 3), "{e}");
        assert_eq!(merge3(BASE, a, a).unwrap(), a);
    }

    #[test]
    fn a_row_added_and_a_row_changed_merge_with_the_count_recomputed() {
        let a = b"5\r\n0 B_S0\r\n1 L04\r\n2 L02\r\n3 L00\r\n4 NEW\r\n";
        let b = b"4\r\n0 GOLD\r\n1 L04\r\n2 L02\r\n3 L00\r\n";
        assert_eq!(merge3(BASE, a, b).unwrap(), b"5\r\n0 GOLD\r\n1 L04\r\n2 L02\r\n3 L00\r\n4 NEW\r\n");
        // Both add a row at the end: the same place, different rows.
        let c = b"5\r\n0 B_S0\r\n1 L04\r\n2 L02\r\n3 L00\r\n4 OTHER\r\n";
        assert!(merge3(BASE, a, c).unwrap_err().to_string().contains("add rows"));
        // One removes a row, the other changes another: counts differ from the base on one
        // side only.
        let d = b"3\r\n0 B_S0\r\n2 L02\r\n3 L00\r\n";
        let f = b"4\r\n0 B_S0\r\n1 L04\r\n2 L02\r\n3 Z\r\n";
        assert_eq!(merge3(BASE, d, f).unwrap(), b"3\r\n0 B_S0\r\n2 L02\r\n3 Z\r\n");
    }

    use proptest::prelude::*;

    fn table(rows: &[String]) -> Vec<u8> {
        let mut t = format!("{}\r\n", rows.len());
        for (i, r) in rows.iter().enumerate() {
            t.push_str(&format!("{i} {r}\r\n"));
        }
        t.into_bytes()
    }

    proptest! {
        /// Two mods renaming disjoint sets of rows merge to the table with both renames,
        /// whichever comes first; a mod merged with an untouched table is itself.
        #[test]
        fn disjoint_row_edits_merge_in_either_order(
            names in proptest::collection::vec("[A-Z]{1,6}", 1..30),
            picks in proptest::collection::vec((any::<prop::sample::Index>(), any::<bool>(), "[a-z]{1,6}"), 0..10),
        ) {
            let n = names.len();
            let (mut a, mut b, mut both) = (names.clone(), names.clone(), names.clone());
            let mut owner = vec![None; n];
            for (i, to_a, new) in &picks {
                let i = i.index(n);
                // A row belongs to the first side that picks it.
                let side = *owner[i].get_or_insert(*to_a);
                if side { a[i] = new.clone() } else { b[i] = new.clone() }
                both[i] = new.clone();
            }
            let (tb, ta, tbb, tboth) = (table(&names), table(&a), table(&b), table(&both));
            prop_assert_eq!(merge3(&tb, &ta, &tbb).unwrap(), tboth.clone());
            prop_assert_eq!(merge3(&tb, &tbb, &ta).unwrap(), tboth);
            prop_assert_eq!(merge3(&tb, &ta, &tb).unwrap(), ta.clone());
            prop_assert_eq!(merge3(&tb, &tb, &ta).unwrap(), ta);
        }
    }
}
