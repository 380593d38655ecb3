//! `mod conflicts`: which items several mods change, and who wins each (docs/cli.md, "mod";
//! docs/formats/parkanmod.md, "Conflicts between mods").

use super::change::{Change, Op};
use super::manage::overlaps;
use super::package::{Lazy, Package, PackageError};
use super::text::shown;
use super::merge_rows as merge3;
use crate::formats::message::Message;
use crate::msg;

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
pub fn conflicts(mods: &[(String, Package)]) -> (Vec<Message>, bool) {
    let mut held = |i: usize, k: usize| Ok(mods[i].1.changes[k].clone());
    let listed: Vec<(&str, &Package)> = mods.iter().map(|(l, p)| (l.as_str(), p)).collect();
    match matrix(&listed, &mut held) {
        Ok(r) => r,
        Err(e) => (vec![e.0], false),
    }
}

/// [`conflicts`] of packages opened without their members ([`Package::open_lazy`],
/// [`Package::open_installed`]): only the changes of items several mods change are read,
/// one item at a time, for its verdict; no package is held whole.
pub fn conflicts_lazy(mods: &mut [(String, Package, Lazy)]) -> Result<(Vec<Message>, bool), PackageError> {
    let listed: Vec<(String, Package)> = mods.iter_mut().map(|(l, p, _)| (l.clone(), std::mem::take(p))).collect();
    let mut lazy = |i: usize, k: usize| -> Result<Change, PackageError> {
        let (_, pkg) = &listed[i];
        mods[i].2.load(pkg, &[k])?.pop().ok_or_else(|| PackageError(super::manage::no_change(&listed[i].0, k)))
    };
    let names: Vec<(&str, &Package)> = listed.iter().map(|(l, p)| (l.as_str(), p)).collect();
    matrix(&names, &mut lazy)
}

/// The matrix of [`conflicts`]; `load(i, k)` gives change `k` of mod `i` with its bytes.
fn matrix(mods: &[(&str, &Package)], load: &mut dyn FnMut(usize, usize) -> Result<Change, PackageError>) -> Result<(Vec<Message>, bool), PackageError> {
    // Per item: its key, its address, and each (mod, change) on it. Keys sorted, an item and
    // what it holds are neighbours, so one sweep groups them (n log n); the rows are then put
    // back in the order their first change came.
    type On = (usize, usize);
    type Row = (usize, Vec<String>, String, Vec<(usize, On)>);
    let mut all: Vec<(Vec<String>, usize, On, &Change)> = Vec::new();
    for (i, (_, p)) in mods.iter().enumerate() {
        for (k, c) in p.changes.iter().enumerate() {
            all.push((c.key(), all.len(), (i, k), c));
        }
    }
    all.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut grouped: Vec<Row> = Vec::new();
    for (k, seq, on, c) in all {
        match grouped.last_mut() {
            Some((first, rk, _, v)) if overlaps(rk, &k) => {
                *first = (*first).min(seq);
                v.push((seq, on));
            }
            _ => grouped.push((seq, k, c.address(), vec![(seq, on)])),
        }
    }
    grouped.sort_by_key(|r| r.0);
    let rows: Vec<(String, Vec<On>)> = grouped
        .into_iter()
        .map(|(_, _, addr, mut v)| {
            v.sort_by_key(|(seq, _)| *seq);
            (addr, v.into_iter().map(|(_, on)| on).collect())
        })
        .collect();
    let shared: Vec<_> = rows.iter().filter(|(_, v)| v.iter().map(|(i, _)| *i).collect::<std::collections::HashSet<_>>().len() > 1).collect();
    let mut lines = Vec::new();
    for (i, (label, p)) in mods.iter().enumerate() {
        let (n, label, name, version, count) = (i + 1, shown(label), shown(&p.meta.name), shown(&p.meta.version), p.changes.len());
        lines.push(msg!("mods-conflicts-mod", "[{n}] {label} ({name} {version}, {count} change(s))", n = n, label = label, name = name, version = version, count = count));
    }
    if shared.is_empty() {
        lines.push(msg!("mods-conflicts-none", "no item is changed by more than one mod ({count} item(s) in all): no conflicts", count = rows.len()));
        return Ok((lines, false));
    }
    let names: Vec<&str> = mods.iter().map(|(l, _)| *l).collect();
    let width = shared.iter().map(|(a, _)| a.len()).max().unwrap_or(4).max(4);
    // The first column's heading is four letters in every language, so `pad` lines it up.
    let mut columns = String::new();
    for i in 0..mods.len() {
        columns.push_str(&format!("  {:>13}", format!("[{}]", i + 1)));
    }
    lines.push(msg!("mods-conflicts-head", "item{pad}{columns}", pad = " ".repeat(width - 4), columns = columns));
    let mut real = 0;
    for (addr, v) in &shared {
        let mut line = format!("{addr:width$}");
        for i in 0..mods.len() {
            let ops: Vec<&str> = v.iter().filter(|(j, _)| *j == i).map(|&(j, k)| mods[j].1.changes[k].op_name()).collect();
            line.push_str(&format!("  {:>13}", if ops.is_empty() { "-".to_string() } else { ops.join("+") }));
        }
        // The changes of this item with their bytes, read for it alone.
        let loaded: Vec<(usize, Change)> = v.iter().map(|&(i, k)| load(i, k).map(|c| (i, c))).collect::<Result<_, _>>()?;
        let refs: Vec<(usize, &Change)> = loaded.iter().map(|(i, c)| (*i, c)).collect();
        let verdict = verdict(&refs, &names);
        drop(loaded);
        if let Verdict::Wins(_) = verdict {
            real += 1;
        }
        line.push_str("  ");
        let said = match verdict {
            Verdict::Same => msg!("mods-conflicts-same", "same new bytes: no conflict"),
            Verdict::Merged => msg!("mods-conflicts-merged", "WEAR rows merge: no conflict"),
            Verdict::Wins(w) => msg!("mods-conflicts-wins", "CONFLICT: {winner} wins (later in the order)", winner = shown(&w)),
        };
        lines.push(said.prefixed(&line));
    }
    lines.push(msg!("mods-conflicts-summary", "{count} item(s) changed by more than one mod, {real} of them in conflict", count = shared.len(), real = real));
    Ok((lines, real > 0))
}

/// The verdict on one item from the changes of it (mod index, change with its bytes), in
/// order; `names` names the mods.
pub(super) fn verdict(v: &[(usize, &Change)], names: &[&str]) -> Verdict {
    let first = v[0].1;
    let same_item = v.iter().all(|(_, c)| c.key() == first.key());
    if same_item && v.iter().all(|(_, c)| c.op_name() == first.op.name() && c.op.new_bytes().map(|b| &b[..]) == first.op.new_bytes().map(|b| &b[..])) {
        if let (Op::RenameEntry { to, .. }, true) = (&first.op, true)
            && !v.iter().all(|(_, c)| matches!(&c.op, Op::RenameEntry { to: t, .. } if t == to))
        {
            return Verdict::Wins(names[v[v.len() - 1].0].to_string());
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
    Verdict::Wins(names[v[v.len() - 1].0].to_string())
}
