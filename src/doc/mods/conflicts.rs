//! `mod conflicts`: which items several mods change, and who wins each (docs/cli.md, "mod";
//! docs/formats/parkanmod.md, "Conflicts between mods").

use super::change::{Change, Op};
use super::manage::overlaps;
use super::package::Package;
use super::text::shown;
use super::merge_rows as merge3;

/// One row of the conflicts matrix.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Every mod gives the item the same bytes.
    Same,
    /// WEAR row edits of different rows.
    Merged,
    /// The named (later) mod wins.
    Wins(String),
}

/// `mod conflicts`: a matrix of the items more than one of `mods` change (in order: the
/// later wins); the lines to print and whether there is a real conflict.
pub fn conflicts(mods: &[(String, Package)]) -> (Vec<String>, bool) {
    // Per item: its key, its address, and each (mod, change) on it. Keys sorted, an item and
    // what it holds are neighbours, so one sweep groups them (n log n); the rows are then put
    // back in the order their first change came.
    type Row<'a> = (usize, Vec<String>, String, Vec<(usize, usize, &'a Change)>);
    let mut all: Vec<(Vec<String>, usize, usize, &Change)> = Vec::new();
    for (i, (_, p)) in mods.iter().enumerate() {
        for c in &p.changes {
            all.push((c.key(), all.len(), i, c));
        }
    }
    all.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut grouped: Vec<Row> = Vec::new();
    for (k, seq, i, c) in all {
        match grouped.last_mut() {
            Some((first, rk, _, v)) if overlaps(rk, &k) => {
                *first = (*first).min(seq);
                v.push((seq, i, c));
            }
            _ => grouped.push((seq, k, c.address(), vec![(seq, i, c)])),
        }
    }
    grouped.sort_by_key(|r| r.0);
    type Item<'a> = (Vec<String>, String, Vec<(usize, &'a Change)>);
    let rows: Vec<Item> = grouped
        .into_iter()
        .map(|(_, k, addr, mut v)| {
            v.sort_by_key(|(seq, _, _)| *seq);
            (k, addr, v.into_iter().map(|(_, i, c)| (i, c)).collect())
        })
        .collect();
    let shared: Vec<_> = rows.iter().filter(|(_, _, v)| v.iter().map(|(i, _)| *i).collect::<std::collections::HashSet<_>>().len() > 1).collect();
    let mut lines = Vec::new();
    for (i, (label, p)) in mods.iter().enumerate() {
        lines.push(format!("[{}] {} ({} {}, {} change(s))", i + 1, shown(label), shown(&p.meta.name), shown(&p.meta.version), p.changes.len()));
    }
    if shared.is_empty() {
        lines.push(format!("no item is changed by more than one mod ({} item(s) in all): no conflicts", rows.len()));
        return (lines, false);
    }
    let width = shared.iter().map(|(_, a, _)| a.len()).max().unwrap_or(4).max(4);
    let mut head = format!("{:width$}", "item");
    for i in 0..mods.len() {
        head.push_str(&format!("  {:>13}", format!("[{}]", i + 1)));
    }
    lines.push(head);
    let mut real = false;
    for (_, addr, v) in &shared {
        let mut line = format!("{addr:width$}");
        for i in 0..mods.len() {
            let ops: Vec<&str> = v.iter().filter(|(j, _)| *j == i).map(|(_, c)| c.op_name()).collect();
            line.push_str(&format!("  {:>13}", if ops.is_empty() { "-".to_string() } else { ops.join("+") }));
        }
        let verdict = verdict(v, mods);
        if let Verdict::Wins(_) = verdict {
            real = true;
        }
        line.push_str(&match verdict {
            Verdict::Same => "  same new bytes: no conflict".to_string(),
            Verdict::Merged => "  WEAR rows merge: no conflict".to_string(),
            Verdict::Wins(w) => format!("  CONFLICT: {} wins (later in the order)", shown(&w)),
        });
        lines.push(line);
    }
    lines.push(format!("{} item(s) changed by more than one mod, {} of them in conflict", shared.len(), shared.iter().filter(|(_, _, v)| matches!(verdict(v, mods), Verdict::Wins(_))).count()));
    (lines, real)
}

pub(super) fn verdict(v: &[(usize, &Change)], mods: &[(String, Package)]) -> Verdict {
    let first = v[0].1;
    let same_item = v.iter().all(|(_, c)| c.key() == first.key());
    if same_item && v.iter().all(|(_, c)| c.op_name() == first.op.name() && c.op.new_bytes().map(|b| &b[..]) == first.op.new_bytes().map(|b| &b[..])) {
        if let (Op::RenameEntry { to, .. }, true) = (&first.op, true)
            && !v.iter().all(|(_, c)| matches!(&c.op, Op::RenameEntry { to: t, .. } if t == to))
        {
            return Verdict::Wins(mods[v[v.len() - 1].0].0.clone());
        }
        return Verdict::Same;
    }
    if same_item && v.iter().all(|(_, c)| matches!(c.op, Op::Merged { .. })) {
        let mut merged: Option<Vec<u8>> = None;
        let mut ok = true;
        for (_, c) in v {
            let Op::Merged { base, data } = &c.op else { unreachable!() };
            merged = Some(match merged {
                None => data.to_vec(),
                Some(m) => match merge3(&c.address(), base, &m, data) {
                    Ok(x) => x,
                    Err(_) => {
                        ok = false;
                        break;
                    }
                },
            });
        }
        if ok {
            return Verdict::Merged;
        }
    }
    Verdict::Wins(mods[v[v.len() - 1].0].0.clone())
}
