//! WEAR tables: the rows of each section by material name (a name replaced in place, added,
//! removed, moved; an id changed), the count lines, and the line diff of the text as context
//! (the text is what a modder edits; the rows are what the game reads).

use crate::doc::diff::matching::{moved, pair_by_name};
use crate::doc::diff::{Change, Detail, LineOp, Side, line_diff, split_lines};
use crate::formats::cp1251;
use crate::formats::wear::{Section, Wear, WearRow};

/// Changed lines shown in the context, the rest counted.
const SHOWN_LINES: usize = 40;

fn rows(field: &str, (wa, a): (&Wear, &[WearRow]), (wb, b): (&Wear, &[WearRow]), out: &mut Vec<Detail>) {
    let na: Vec<&[u8]> = a.iter().map(|r| wa.name_bytes(r)).collect();
    let nb: Vec<&[u8]> = b.iter().map(|r| wb.name_bytes(r)).collect();
    let (pairs, only_a, only_b) = pair_by_name(&na, &nb);
    for p in moved(&pairs) {
        let (i, j) = pairs[p];
        out.push(Detail::note(format!("{field} {}", wa.name(&a[i])), crate::msg!("diff-wear-row-moved", "moved from row {i} to row {j}", i = i, j = j)));
    }
    // The id belongs to the line, not the name: a moved name leaves the ids in place.
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        if x.legacy_id != y.legacy_id {
            out.push(Detail::values(format!("{field} row {k} id"), x.legacy_id, y.legacy_id));
        }
    }
    // Names gone and names new at the same row: the row's material was replaced.
    let (mut ia, mut ib) = (only_a.iter().peekable(), only_b.iter().peekable());
    loop {
        match (ia.peek().copied(), ib.peek().copied()) {
            (Some(&i), Some(&j)) if i == j => {
                out.push(Detail::values(format!("{field} row {j}"), wa.name(&a[i]), wb.name(&b[j])));
                ia.next();
                ib.next();
            }
            (Some(&i), Some(&j)) if i < j => {
                out.push(Detail::removed(format!("{field} row {i}"), wa.name(&a[i])));
                ia.next();
            }
            (Some(_), Some(&j)) => {
                out.push(Detail::added(format!("{field} row {j}"), wb.name(&b[j])));
                ib.next();
            }
            (Some(&i), None) => {
                out.push(Detail::removed(format!("{field} row {i}"), wa.name(&a[i])));
                ia.next();
            }
            (None, Some(&j)) => {
                out.push(Detail::added(format!("{field} row {j}"), wb.name(&b[j])));
                ib.next();
            }
            (None, None) => break,
        }
    }
}

pub fn diff(a: &Side, b: &Side, change: &mut Change) {
    let (wa, wb) = (Wear::parse(&a.bytes), Wear::parse(&b.bytes));
    let out = &mut change.details;
    for s in [Section::Materials, Section::Lightmaps] {
        let (ca, cb) = (wa.declared_count(s), wb.declared_count(s));
        // A count that follows its rows on both sides changed with them: the rows report it.
        let follows = |w: &Wear, c: Option<i64>| c.is_some_and(|c| usize::try_from(c).ok() == Some(w.rows(s).len()));
        if ca != cb && !(follows(&wa, ca) && follows(&wb, cb)) {
            let show = |c: Option<i64>| c.map_or_else(|| "(none)".to_string(), |c| c.to_string());
            out.push(Detail::values(format!("{} count", s.label()), show(ca), show(cb)));
        }
    }
    rows("material", (&wa, wa.materials()), (&wb, wb.materials()), out);
    match (wa.lightmaps(), wb.lightmaps()) {
        (Some(x), Some(y)) => rows("lightmap", (&wa, x), (&wb, y), out),
        (None, Some(y)) => out.push(Detail::added("lightmaps section", format!("{} rows", y.len()))),
        (Some(x), None) => out.push(Detail::removed("lightmaps section", format!("{} rows", x.len()))),
        (None, None) => {}
    }

    let (la, lb) = (split_lines(wa.bytes()), split_lines(wb.bytes()));
    let ops = line_diff(&la, &lb);
    let show = |l: &[u8]| cp1251::decode(l.strip_suffix(b"\r").unwrap_or(l));
    let mut shown = 0;
    let mut changed = 0;
    for op in &ops {
        let line = match *op {
            LineOp::Equal(..) => continue,
            LineOp::Delete(i) => format!("-{:>5}: {}", i + 1, show(la[i])),
            LineOp::Insert(j) => format!("+{:>5}: {}", j + 1, show(lb[j])),
        };
        changed += 1;
        if shown < SHOWN_LINES {
            change.context.push(line);
            shown += 1;
        }
    }
    if changed > shown {
        change.context.push(format!("... {} more changed lines", changed - shown));
    }
    // Text the game does not read as rows (comments, spacing, line breaks) still changed.
    if change.details.is_empty() && changed > 0 {
        change.details.push(Detail::note("text", crate::msg!("diff-wear-text-lines", "{changed} line{s} differ; the rows and counts are the same", changed = changed, s = if changed == 1 { "" } else { "s" })));
    }
}

impl crate::doc::kinds::Diff for super::WearCodec {
    fn diff(&self, a: &Side, b: &Side, _opts: &crate::doc::diff::Options, change: &mut Change) {
        diff(a, b, change);
    }
}
