//! NRes and RsLi archives entry by entry: entries paired by name, then the unpaired ones with
//! the same bytes as renames, the pairs that left their order as moves, and each pair's
//! directory fields and bytes. Entries are compared as stored (RsLi: packed bytes, method and
//! key) and unpacked only when those differ; nested archives are walked the same way.

use super::matching::{moved, pair_by_name};
use super::{Change, Detail, Kind, Options, Report, Side, damage, diff_items, item_kind};
use crate::doc::kinds::ItemKind;
use crate::formats::bytes::SharedBytes;
use crate::formats::magic::{FileKind, detect};
use crate::formats::message::Message;
use crate::formats::{Result, nres, rsli};
use crate::msg;
use std::collections::HashMap;

enum Arch {
    Nres(nres::Archive),
    Rsli(rsli::Archive),
}

impl Arch {
    fn parse(side: &Side) -> Result<Arch> {
        match detect(&side.name, &side.bytes) {
            FileKind::Rsli => rsli::Archive::parse(side.bytes.clone()).map(|(a, _)| Arch::Rsli(a)),
            _ => nres::Archive::parse(side.bytes.clone()).map(|(a, _)| Arch::Nres(a)),
        }
    }

    fn kind(&self) -> ItemKind {
        match self {
            Arch::Nres(_) => ItemKind::Nres,
            Arch::Rsli(_) => ItemKind::Rsli,
        }
    }

    fn len(&self) -> usize {
        match self {
            Arch::Nres(a) => a.len(),
            Arch::Rsli(a) => a.len(),
        }
    }

    fn name_bytes(&self, i: usize) -> &[u8] {
        match self {
            Arch::Nres(a) => a.entry(i).name_bytes(),
            Arch::Rsli(a) => a.entry(i).name_bytes(),
        }
    }

    fn name(&self, i: usize) -> String {
        match self {
            Arch::Nres(a) => a.entry(i).name(),
            Arch::Rsli(a) => a.entry(i).name(),
        }
    }

    /// The directory fields a person set (type and attributes; an RsLi entry's method), not
    /// the ones the writer derives (offset, size, sort index).
    fn fields(&self, i: usize) -> Vec<(&'static str, String)> {
        match self {
            Arch::Nres(a) => {
                let r = a.entry(i);
                vec![
                    ("type", nres::type_label(r.type_id())),
                    ("attr1", r.attr1().to_string()),
                    ("attr2", r.attr2().to_string()),
                    ("attr3", r.attr3().to_string()),
                ]
            }
            Arch::Rsli(a) => vec![("method", a.entry(i).method().name().to_string())],
        }
    }

    fn stored_size(&self, i: usize) -> u64 {
        match self {
            Arch::Nres(a) => u64::from(a.entry(i).size()),
            Arch::Rsli(a) => u64::from(a.entry(i).unpacked_size()),
        }
    }

    /// Whether entry `i` here and `j` there hold the same bytes, judged from what is stored
    /// where that settles it (no unpacking).
    fn same_stored(&self, i: usize, other: &Arch, j: usize) -> Option<bool> {
        match (self, other) {
            (Arch::Nres(a), Arch::Nres(b)) => Some(a.payload(i)[..] == b.payload(j)[..]),
            (Arch::Rsli(a), Arch::Rsli(b)) => {
                let (ra, rb) = (a.entry(i), b.entry(j));
                let same = ra.method() == rb.method() && a.xor_key(i) == b.xor_key(j) && a.packed(i)[..] == b.packed(j)[..];
                if same {
                    Some(true)
                } else if ra.unpacked_size() != rb.unpacked_size() {
                    Some(false)
                } else {
                    None
                }
            }
            _ => Some(false),
        }
    }

    fn bytes(&self, i: usize) -> Result<SharedBytes> {
        match self {
            Arch::Nres(a) => Ok(a.payload(i)),
            Arch::Rsli(a) => a.unpack(i).map(SharedBytes::from),
        }
    }

    fn side(&self, i: usize, bytes: SharedBytes) -> Side {
        match self {
            Arch::Nres(a) => {
                let r = a.entry(i);
                Side { name: r.name(), bytes, type_id: Some(r.type_id()), attrs: r.attrs() }
            }
            Arch::Rsli(a) => Side { name: a.entry(i).name(), bytes, type_id: None, attrs: [0; 3] },
        }
    }

    /// The entry's label in a path: its name when unique and not empty, else `#N`.
    fn label(&self, i: usize, counts: &HashMap<Vec<u8>, usize>) -> String {
        let n = self.name_bytes(i);
        if !n.is_empty() && counts.get(&n.to_ascii_lowercase()).copied() == Some(1) { self.name(i) } else { format!("#{i}") }
    }

    fn name_counts(&self) -> HashMap<Vec<u8>, usize> {
        let mut m = HashMap::new();
        for i in 0..self.len() {
            *m.entry(self.name_bytes(i).to_ascii_lowercase()).or_default() += 1;
        }
        m
    }
}

pub fn diff_archives(path: &str, a: &Side, b: &Side, opts: &Options, report: &mut Report) {
    let (aa, ab) = match (Arch::parse(a), Arch::parse(b)) {
        (Ok(x), Ok(y)) => (x, y),
        (ra, rb) => {
            let mut c = Change::new(path, Kind::Changed, item_kind(b, &opts.readings));
            c.old_size = Some(a.bytes.len() as u64);
            c.new_size = Some(b.bytes.len() as u64);
            c.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string()));
            report.changes.push(c);
            return;
        }
    };
    let before = report.changes.len();
    let names_a: Vec<Vec<u8>> = (0..aa.len()).map(|i| aa.name_bytes(i).to_vec()).collect();
    let names_b: Vec<Vec<u8>> = (0..ab.len()).map(|j| ab.name_bytes(j).to_vec()).collect();
    let (mut pairs, only_a, only_b) = pair_by_name(&names_a, &names_b);
    let (counts_a, counts_b) = (aa.name_counts(), ab.name_counts());
    let at = |label: String| if path.is_empty() { label } else { format!("{path}::{label}") };

    // Renames: an entry gone from A whose bytes an entry new in B has, size first.
    let mut renamed: Vec<(usize, usize)> = Vec::new();
    let mut taken = vec![false; only_b.len()];
    for &i in &only_a {
        let size = aa.stored_size(i);
        let hit = only_b.iter().enumerate().find(|&(k, &j)| {
            !taken[k] && ab.stored_size(j) == size && match aa.same_stored(i, &ab, j) {
                Some(s) => s,
                None => matches!((aa.bytes(i), ab.bytes(j)), (Ok(x), Ok(y)) if x[..] == y[..]),
            }
        });
        if let Some((k, &j)) = hit {
            taken[k] = true;
            renamed.push((i, j));
        }
    }
    for &(i, j) in &renamed {
        let mut c = Change::new(at(ab.label(j, &counts_b)), Kind::Renamed, ItemKind::Entry);
        c.from = Some(aa.name(i));
        (c.old_index, c.new_index) = (Some(i), Some(j));
        report.changes.push(c);
    }
    let renamed_a: Vec<usize> = renamed.iter().map(|p| p.0).collect();
    for &i in only_a.iter().filter(|i| !renamed_a.contains(i)) {
        let mut c = Change::new(at(aa.label(i, &counts_a)), Kind::Removed, entry_kind(&aa, i, opts));
        c.old_index = Some(i);
        c.old_size = Some(aa.stored_size(i));
        report.changes.push(c);
    }
    for (_, &j) in only_b.iter().enumerate().filter(|(k, _)| !taken[*k]) {
        let mut c = Change::new(at(ab.label(j, &counts_b)), Kind::Added, entry_kind(&ab, j, opts));
        c.new_index = Some(j);
        c.new_size = Some(ab.stored_size(j));
        report.changes.push(c);
    }

    // Moves among everything paired, renames included.
    let mut all_pairs = pairs.clone();
    all_pairs.extend(renamed.iter().copied());
    all_pairs.sort_unstable();
    for p in moved(&all_pairs) {
        let (i, j) = all_pairs[p];
        let mut c = Change::new(at(ab.label(j, &counts_b)), Kind::Moved, ItemKind::Entry);
        (c.old_index, c.new_index) = (Some(i), Some(j));
        report.changes.push(c);
    }

    // Each pair: directory fields, then bytes.
    pairs.extend(renamed.iter().copied());
    for (i, j) in pairs {
        let label = at(ab.label(j, &counts_b));
        let fields: Vec<Detail> = aa
            .fields(i)
            .into_iter()
            .zip(ab.fields(j))
            .filter(|((_, x), (_, y))| x != y)
            .map(|((f, x), (_, y))| Detail::values(f, x, y))
            .collect();
        let same = match aa.same_stored(i, &ab, j) {
            Some(s) => Ok(s),
            None => match (aa.bytes(i), ab.bytes(j)) {
                (Ok(x), Ok(y)) => Ok(x[..] == y[..]),
                (x, y) => Err(damage(x.err().map(|e| e.to_string()), y.err().map(|e| e.to_string()))),
            },
        };
        match same {
            Ok(true) => {
                report.identical += 1;
                if !fields.is_empty() {
                    let mut c = Change::new(label, Kind::Changed, ItemKind::Entry);
                    (c.old_index, c.new_index) = (Some(i), Some(j));
                    c.details = fields;
                    report.changes.push(c);
                }
            }
            Ok(false) => {
                let (Ok(x), Ok(y)) = (aa.bytes(i), ab.bytes(j)) else {
                    let mut c = Change::new(label, Kind::Changed, ItemKind::Entry);
                    c.details = fields;
                    c.damaged = damage(aa.bytes(i).err().map(|e| e.to_string()), ab.bytes(j).err().map(|e| e.to_string()));
                    report.changes.push(c);
                    continue;
                };
                let mut inner = Report::default();
                diff_items(&label, &aa.side(i, x), &ab.side(j, y), opts, &mut inner);
                report.identical += inner.identical;
                let mut changes = inner.changes;
                match changes.iter_mut().find(|c| c.path == label) {
                    Some(c) => {
                        (c.old_index, c.new_index) = (Some(i), Some(j));
                        c.details.splice(0..0, fields);
                    }
                    None if !fields.is_empty() => {
                        let mut c = Change::new(label.clone(), Kind::Changed, ItemKind::Entry);
                        (c.old_index, c.new_index) = (Some(i), Some(j));
                        c.details = fields;
                        changes.insert(0, c);
                    }
                    None => {}
                }
                report.changes.extend(changes);
            }
            Err(d) => {
                let mut c = Change::new(label, Kind::Changed, ItemKind::Entry);
                c.details = fields;
                c.damaged = d;
                report.changes.push(c);
            }
        }
    }

    // Bytes differ but no entry or field does: the archive's own layout (header words,
    // lookup table, padding, RsLi seed or trailer).
    if report.changes.len() == before {
        let mut c = Change::new(path, Kind::Changed, aa.kind());
        c.old_size = Some(a.bytes.len() as u64);
        c.new_size = Some(b.bytes.len() as u64);
        c.details.push(Detail::note("layout", msg!("diff-layout-only", "every entry and directory field is the same; the header, lookup table or padding differ")));
        report.changes.push(c);
    }
}

/// What an added or removed entry is, read from its bytes (RsLi entries: the name's guess
/// without unpacking in `--stat`).
fn entry_kind(arch: &Arch, i: usize, opts: &Options) -> ItemKind {
    match arch.bytes(i) {
        Ok(b) if !opts.stat_only || matches!(arch, Arch::Nres(_)) => item_kind(&arch.side(i, b), &opts.readings),
        _ => ItemKind::Entry,
    }
}

/// The archive `side` holds, or why it cannot be read as one.
fn open(side: &Side) -> std::result::Result<Arch, Message> {
    Arch::parse(side).map_err(|e| e.as_message().prefixed(&format!("{}: ", side.name)))
}

/// Entry `i` of the archive `side` as a side of its own (RsLi entries unpacked).
pub fn child_at(side: &Side, i: usize) -> std::result::Result<Side, Message> {
    let arch = open(side)?;
    if i >= arch.len() {
        return Err(msg!("doc-diff-no-entry-index", "{name} has no entry #{i}", name = &side.name, i = i));
    }
    arch.bytes(i).map(|b| arch.side(i, b)).map_err(|e| e.as_message().prefixed(&format!("{}::#{i}: ", side.name)))
}

/// The index of the entry a change path calls `label` (`#N`, or a name, ASCII
/// case-insensitively), in `arch`.
fn index_of(arch: &Arch, label: &str) -> Option<usize> {
    if let Some(n) = label.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
        return (n < arch.len()).then_some(n);
    }
    (0..arch.len()).find(|&i| arch.name_bytes(i).eq_ignore_ascii_case(label.as_bytes()))
}

fn no_entry(side: &Side, label: &str) -> Message {
    msg!("doc-diff-no-entry", "{name} has no entry {label}", name = &side.name, label = label)
}

/// The entry of `side` a change path calls `label`.
pub fn child_by_label(side: &Side, label: &str) -> std::result::Result<Side, Message> {
    let arch = open(side)?;
    let i = index_of(&arch, label).ok_or_else(|| no_entry(side, label))?;
    child_at(side, i)
}

/// B's entry `label` and the entry of A that the archive diff paired with it (by name, the
/// k-th of a repeated name with the k-th); `None` for a side without it.
pub fn paired_children(a: &Side, b: &Side, label: &str) -> std::result::Result<(Option<Side>, Option<Side>), Message> {
    let (aa, ab) = (open(a)?, open(b)?);
    let j = index_of(&ab, label).ok_or_else(|| no_entry(b, label))?;
    let names_a: Vec<Vec<u8>> = (0..aa.len()).map(|i| aa.name_bytes(i).to_vec()).collect();
    let names_b: Vec<Vec<u8>> = (0..ab.len()).map(|k| ab.name_bytes(k).to_vec()).collect();
    let (pairs, _, _) = pair_by_name(&names_a, &names_b);
    let i = pairs.iter().find(|p| p.1 == j).map(|p| p.0);
    let sa = i.map(|i| child_at(a, i)).transpose()?;
    Ok((sa, Some(child_at(b, j)?)))
}
