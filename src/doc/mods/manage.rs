//! `mod apply`, `revert`, `status` and `conflicts` over a game folder (docs/cli.md, "mod").
//!
//! Installing a mod last applies its changes to the files as they are, each precondition
//! checked. Any other change of the order (a mod installed with `--order` before others, a mod
//! reverted) rebuilds each file it touches from the journal's snapshot through the remaining
//! mods in order, and carries over what was changed by hand since the last mod command, so
//! the result is what installing them in that order would have given: byte-identical to the
//! original when no mod is left on the file.

use super::apply::{Done, Outcome, apply_file};
use super::change::{Change, sha256_hex};
use super::create::diff_file;
use super::journal::{FileState, Installed, InstalledChange, Journal, KillAt, Writes, commit, recover};
use super::package::{Package, PackageError};
use super::paths::GameFolder;
use super::merge_rows as merge3;
use crate::formats::bytes::SharedBytes;
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

#[derive(Debug)]
pub enum ModError {
    Package(PackageError),
    /// Changes whose preconditions failed, one line each, and what to do about it.
    Blocked(Vec<String>),
    Io(io::Error),
    Usage(String),
}

impl std::fmt::Display for ModError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModError::Package(e) => write!(f, "{e}"),
            ModError::Blocked(lines) => write!(f, "{}", lines.join("\n")),
            ModError::Io(e) => write!(f, "{e}"),
            ModError::Usage(m) => f.write_str(m),
        }
    }
}

impl From<io::Error> for ModError {
    fn from(e: io::Error) -> Self {
        ModError::Io(e)
    }
}

impl From<PackageError> for ModError {
    fn from(e: PackageError) -> Self {
        ModError::Package(e)
    }
}

#[derive(Debug, Default, Clone)]
pub struct InstallOptions {
    pub dry_run: bool,
    /// Write the modded files under this folder instead, leaving the game untouched.
    pub to: Option<PathBuf>,
    /// Let this mod's changes win where their preconditions fail.
    pub force: bool,
    /// 1-based place in the installed order (default: last).
    pub order: Option<usize>,
}

fn read_opt(p: &Path) -> io::Result<Option<SharedBytes>> {
    match std::fs::read(p) {
        Ok(b) => Ok(Some(SharedBytes::from(b))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io::Error::new(e.kind(), format!("{}: {e}", p.display()))),
    }
}

fn sha_opt(b: &Option<SharedBytes>) -> Option<String> {
    b.as_ref().map(|b| sha256_hex(b))
}

/// The changes of `pkg` grouped by file (case-insensitively), in first-seen order.
fn by_file(changes: &[Change]) -> Vec<(String, Vec<&Change>)> {
    let mut out: Vec<(String, Vec<&Change>)> = Vec::new();
    for c in changes {
        match out.iter_mut().find(|(f, _)| f.eq_ignore_ascii_case(&c.file)) {
            Some((_, v)) => v.push(c),
            None => out.push((c.file.clone(), vec![c])),
        }
    }
    out
}

fn changes_of<'a>(pkg: &'a Package, file: &str) -> Vec<&'a Change> {
    pkg.changes.iter().filter(|c| c.file.eq_ignore_ascii_case(file)).collect()
}

/// True when one key is the other or holds it (a file and its entries, an archive and what is
/// nested in it).
pub(super) fn overlaps(a: &[String], b: &[String]) -> bool {
    let n = a.len().min(b.len());
    a[..n] == b[..n]
}

pub fn done_text(d: &Done) -> String {
    match d {
        Done::Applied => String::new(),
        Done::AlreadyThere => " (already so)".into(),
        Done::Merged => " (rows merged with the table's other edits)".into(),
        Done::Overrode(why) => format!(" (--force: {why}; this mod wins)"),
        Done::Skipped(why) => format!(" (skipped: {why})"),
    }
}

fn base_bytes(game: &Path, fs: &FileState) -> Result<Option<SharedBytes>, ModError> {
    let Some(base) = &fs.base else { return Ok(None) };
    let p = Journal::dir(game).join(base);
    let b = read_opt(&p)?.ok_or_else(|| ModError::Io(io::Error::other(format!("{}: the snapshot of {} is missing", p.display(), fs.file))))?;
    if let Some(want) = &fs.base_sha256
        && *want != sha256_hex(&b)
    {
        return Err(ModError::Io(io::Error::other(format!(
            "{}: the snapshot of {} changed since it was taken (a tool rewrote the file in place?); reverting from it would not restore the original",
            p.display(),
            fs.file
        ))));
    }
    Ok(Some(b))
}

pub(super) fn installed_package(game: &Path, m: &Installed) -> Result<Package, ModError> {
    Ok(Package::read(&Journal::dir(game).join(&m.package))?)
}

/// A file rebuilt from `base` through `order` (each package with whether its preconditions
/// are checked rather than forced, and its force); the outcomes of the checked ones.
fn replay(base: Option<SharedBytes>, file: &str, order: &[(&Package, Option<bool>)]) -> (Option<SharedBytes>, Vec<Outcome>) {
    let mut cur = base;
    let mut outcomes = Vec::new();
    for (pkg, checked) in order {
        let changes = changes_of(pkg, file);
        if changes.is_empty() {
            continue;
        }
        let r = apply_file(cur.clone(), file, &changes, checked.unwrap_or(true));
        if checked.is_some() {
            outcomes.extend(r.outcomes.iter().cloned());
        }
        if checked.is_none() || r.blocked().next().is_none() {
            cur = r.bytes;
        }
    }
    (cur, outcomes)
}

/// What was changed by hand in a journalled file since the last mod command: the changes
/// from what the installed mods give to what is on disk.
fn hand_changes(game: &Path, fs: &FileState, current: &Option<SharedBytes>, old_order: &[&Package]) -> Result<Vec<Change>, ModError> {
    if sha_opt(current) == fs.after {
        return Ok(Vec::new());
    }
    let order: Vec<(&Package, Option<bool>)> = old_order.iter().map(|p| (*p, None)).collect();
    let (expected, _) = replay(base_bytes(game, fs)?, &fs.file, &order);
    let mut out = Vec::new();
    diff_file(&fs.file, expected, current.clone(), &mut out);
    Ok(out)
}

fn apply_hand(bytes: Option<SharedBytes>, file: &str, carry: &[Change]) -> Option<SharedBytes> {
    if carry.is_empty() {
        return bytes;
    }
    let refs: Vec<&Change> = carry.iter().collect();
    apply_file(bytes, file, &refs, true).bytes
}

struct Planned {
    file: String,
    bytes: Option<SharedBytes>,
    /// The file before the install.
    current: Option<SharedBytes>,
}

/// Which installed mod (before `position`) last changed the item of `key`.
fn owner<'a>(journal: &'a Journal, position: usize, key: &[String]) -> Option<&'a Installed> {
    journal.mods[..position].iter().rev().find(|m| m.changes.iter().any(|c| overlaps(&c.key(), key)))
}

/// An install worked out and not yet written: the package, the files it gives and what
/// became of each change ([`plan`]).
pub struct Plan {
    pub pkg: Package,
    pkg_bytes: Vec<u8>,
    journal: Journal,
    /// 0-based place in the installed order.
    pub position: usize,
    planned: Vec<Planned>,
    pub outcomes: Vec<Outcome>,
}

/// Works out an install of the package `pkg_bytes` (called `label` in errors) without
/// writing anything: every change's outcome, blocked ones included.
pub fn plan(game: &Path, label: &str, pkg_bytes: Vec<u8>, opts: &InstallOptions) -> Result<Plan, ModError> {
    if !game.is_dir() {
        return Err(ModError::Usage(format!("{}: not a folder", game.display())));
    }
    let pkg = Package::from_bytes(label, &pkg_bytes)?;
    let journal = Journal::load(game)?;
    if opts.to.is_none() && journal.find_mod(&pkg.meta.name).is_some() {
        return Err(ModError::Usage(format!("a mod named {:?} is already installed in {}; revert it first", pkg.meta.name, game.display())));
    }
    let folder = GameFolder::scan(game)?;
    let position = if opts.to.is_some() { journal.mods.len() } else { opts.order.map_or(journal.mods.len(), |n| n.clamp(1, journal.mods.len() + 1) - 1) };
    let later = &journal.mods[position..];
    let mut later_pkgs: HashMap<u64, Package> = HashMap::new();
    let mut earlier_pkgs: HashMap<u64, Package> = HashMap::new();
    let groups = by_file(&pkg.changes);
    let mut planned = Vec::new();
    let mut outcomes = Vec::new();
    for (file, changes) in &groups {
        let rel = folder.existing(file).unwrap_or(file).to_string();
        let current = read_opt(&folder.locate(file))?;
        let before = current.clone();
        let (bytes, outs) = if later.iter().any(|m| m.touches(file)) {
            // Installed before mods that touch this file: rebuilt in the new order.
            let fs = journal.file(file).ok_or_else(|| io::Error::other(format!("the journal does not list {file}")))?;
            for m in journal.mods.iter().filter(|m| m.touches(file)) {
                let map = if later.iter().any(|l| l.seq == m.seq) { &mut later_pkgs } else { &mut earlier_pkgs };
                if let std::collections::hash_map::Entry::Vacant(v) = map.entry(m.seq) {
                    v.insert(installed_package(game, m)?);
                }
            }
            let installed: Vec<&Package> =
                journal.mods.iter().filter(|m| m.touches(file)).map(|m| later_pkgs.get(&m.seq).or(earlier_pkgs.get(&m.seq)).expect("loaded above")).collect();
            let hand = hand_changes(game, fs, &current, &installed)?;
            let mut order: Vec<(&Package, Option<bool>)> = Vec::new();
            for m in journal.mods[..position].iter().filter(|m| m.touches(file)) {
                order.push((&earlier_pkgs[&m.seq], None));
            }
            order.push((&pkg, Some(opts.force)));
            for m in later.iter().filter(|m| m.touches(file)) {
                order.push((&later_pkgs[&m.seq], None));
            }
            let (b, outs) = replay(base_bytes(game, fs)?, file, &order);
            (apply_hand(b, file, &hand), outs)
        } else {
            let r = apply_file(current, file, changes, opts.force);
            (r.bytes, r.outcomes)
        };
        planned.push(Planned { file: rel, bytes, current: before });
        outcomes.extend(outs);
    }
    Ok(Plan { pkg, pkg_bytes, journal, position, planned, outcomes })
}

impl Plan {
    /// The installed mod that last changed the item of `change` before this one's place.
    pub fn owner(&self, change: &Change) -> Option<&Installed> {
        owner(&self.journal, self.position, &change.key())
    }

    /// The first installed mod after this one's place that changes the item of `change`
    /// (it wins there).
    pub fn later_owner(&self, change: &Change) -> Option<&Installed> {
        let key = change.key();
        self.journal.mods[self.position..].iter().find(|m| m.changes.iter().any(|c| overlaps(&c.key(), &key)))
    }

    /// The installed mods in order.
    pub fn installed(&self) -> &[Installed] {
        &self.journal.mods
    }
}

/// `mod apply`: installs the package at `pkg_path` (see [`InstallOptions`]); the lines to
/// print.
pub fn install(game: &Path, pkg_path: &Path, opts: &InstallOptions, kill: KillAt) -> Result<Vec<String>, ModError> {
    let pkg_bytes = std::fs::read(pkg_path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", pkg_path.display())))?;
    install_bytes(game, &pkg_path.display().to_string(), pkg_bytes, opts, kill)
}

/// [`install`] of a package already read (`label` names it in errors).
pub fn install_bytes(game: &Path, label: &str, pkg_bytes: Vec<u8>, opts: &InstallOptions, kill: KillAt) -> Result<Vec<String>, ModError> {
    let mut lines = Vec::new();
    if !opts.dry_run && opts.to.is_none() && game.is_dir() {
        lines.extend(recover(game)?);
    }
    let Plan { pkg, pkg_bytes, journal, position, planned, outcomes } = plan(game, label, pkg_bytes, opts)?;
    let blocked: Vec<&Outcome> = outcomes.iter().filter(|o| o.done.is_err()).collect();
    if !blocked.is_empty() {
        let mut msg = vec![format!("{} cannot be installed as it is: {} change(s) find something else than they were made against", pkg.meta.name, blocked.len())];
        let by_addr: HashMap<String, &Change> = pkg.changes.iter().map(|c| (c.address(), c)).collect();
        for o in &blocked {
            let who = by_addr
                .get(&o.address)
                .and_then(|c| owner(&journal, position, &c.key()))
                .map(|m| format!("changed by the installed mod {:?}", m.name))
                .unwrap_or_else(|| "not as in the game it was made for: changed by hand or by another tool".into());
            msg.push(format!("  {} {}: {} ({who})", o.op, o.address, o.done.as_ref().err().map(String::as_str).unwrap_or_default()));
        }
        msg.push("nothing was written; --force lets this mod win, --order N installs it before the mod it conflicts with".into());
        return Err(ModError::Blocked(msg));
    }
    let files_n = planned.len();
    lines.push(format!(
        "{} {} {}{}: {} change(s) to {} file(s)",
        if opts.dry_run { "would install" } else { "installing" },
        pkg.meta.name,
        pkg.meta.version,
        if pkg.meta.author.is_empty() { String::new() } else { format!(" by {}", pkg.meta.author) },
        pkg.changes.len(),
        files_n
    ));
    for o in &outcomes {
        lines.push(format!("  {} {}{}", o.op, o.address, o.done.as_ref().map(done_text).unwrap_or_default()));
    }
    if position < journal.mods.len() {
        lines.push(format!("  placed #{} in the order, before {}", position + 1, journal.mods[position].name));
    }
    if opts.dry_run {
        lines.push("dry run: nothing written".into());
        return Ok(lines);
    }
    if let Some(out) = &opts.to {
        for p in &planned {
            match &p.bytes {
                Some(b) => {
                    let target = out.join(&p.file);
                    if let Some(parent) = target.parent() {
                        std::fs::create_dir_all(parent)?;
                    }
                    crate::doc::save::atomic_write(&target, b).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", target.display())))?;
                }
                None => lines.push(format!("  {} is removed by the mod: not written to {}", p.file, out.display())),
            }
        }
        lines.push(format!("wrote {} file(s) under {}; {} is untouched", planned.iter().filter(|p| p.bytes.is_some()).count(), out.display(), game.display()));
        return Ok(lines);
    }
    // The journal after the install.
    let mut next = journal.clone();
    let seq = next.next_seq;
    next.next_seq += 1;
    let package = format!("mods/{seq}.parkanmod");
    let mut snapshots = Vec::new();
    let mut afters = Vec::new();
    for (n, p) in planned.iter().enumerate() {
        let after = sha_opt(&p.bytes);
        afters.push(after.clone());
        match next.files.iter_mut().find(|f| f.file.eq_ignore_ascii_case(&p.file)) {
            Some(f) => f.after = after,
            None => {
                let base = p.current.as_ref().map(|_| format!("base/{seq}-{n}"));
                if let Some(b) = &base {
                    snapshots.push((p.file.clone(), b.clone()));
                }
                next.files.push(FileState { file: p.file.clone(), base, base_sha256: sha_opt(&p.current), after });
            }
        }
    }
    let spelled = |f: &str| planned.iter().find(|p| p.file.eq_ignore_ascii_case(f)).map(|p| p.file.clone()).unwrap_or_else(|| f.to_string());
    let installed = Installed {
        seq,
        name: pkg.meta.name.clone(),
        version: pkg.meta.version.clone(),
        author: pkg.meta.author.clone(),
        package: package.clone(),
        changes: pkg.changes.iter().map(|c| InstalledChange { file: spelled(&c.file), entry: c.entry.clone(), op: c.op.name().into() }).collect(),
    };
    next.mods.insert(position, installed);
    let writes = Writes {
        what: format!("install of {:?}", pkg.meta.name),
        files: planned.into_iter().zip(afters).map(|(p, sha)| (p.file, p.bytes, sha)).collect(),
        snapshots,
        extra: vec![(package, SharedBytes::from(pkg_bytes))],
    };
    commit(game, &writes, &next, kill)?;
    lines.push(format!("installed {} as #{} of {} (journal: {})", pkg.meta.name, position + 1, next.mods.len(), Journal::dir(game).display()));
    Ok(lines)
}

/// `mod revert`: takes the mod `name` out; the lines to print.
pub fn revert(game: &Path, name: &str, force: bool, dry_run: bool, kill: KillAt) -> Result<Vec<String>, ModError> {
    let mut lines = Vec::new();
    if !dry_run {
        lines.extend(recover(game)?);
    }
    let journal = Journal::load(game)?;
    let Some(idx) = journal.find_mod(name) else {
        let names: Vec<String> = journal.mods.iter().map(|m| format!("{:?}", m.name)).collect();
        return Err(ModError::Usage(if names.is_empty() {
            format!("no mod is installed in {}", game.display())
        } else {
            format!("no mod named {name:?} is installed in {}; installed: {}", game.display(), names.join(", "))
        }));
    };
    let m = &journal.mods[idx];
    let mut pkgs: HashMap<u64, Package> = HashMap::new();
    let mut files: Vec<String> = Vec::new();
    for c in &m.changes {
        if !files.iter().any(|f| f.eq_ignore_ascii_case(&c.file)) {
            files.push(c.file.clone());
        }
    }
    lines.push(format!("{} {} {} ({} file(s))", if dry_run { "would revert" } else { "reverting" }, m.name, m.version, files.len()));
    let mut next = journal.clone();
    next.mods.remove(idx);
    let mut writes = Vec::new();
    for file in &files {
        let fs = journal.file(file).ok_or_else(|| io::Error::other(format!("the journal does not list {file}")))?.clone();
        let touching: Vec<&Installed> = journal.mods.iter().filter(|x| x.touches(file)).collect();
        for x in &touching {
            if let std::collections::hash_map::Entry::Vacant(v) = pkgs.entry(x.seq) {
                v.insert(installed_package(game, x)?);
            }
        }
        let current = read_opt(&game.join(&fs.file))?;
        let old_order: Vec<&Package> = touching.iter().map(|x| &pkgs[&x.seq]).collect();
        let hand = hand_changes(game, &fs, &current, &old_order)?;
        let mine: Vec<Vec<String>> = m.changes.iter().filter(|c| c.file.eq_ignore_ascii_case(file)).map(|c| c.key()).collect();
        let mut carry = Vec::new();
        for h in hand {
            let on_mine = mine.iter().any(|k| overlaps(k, &h.key()));
            if on_mine {
                lines.push(format!(
                    "  {} was changed by hand since the mod was installed: {}",
                    h.address(),
                    if force { "restored anyway (--force)" } else { "left as it is (--force restores it)" }
                ));
                if force {
                    continue;
                }
            }
            carry.push(h);
        }
        let remaining: Vec<(&Package, Option<bool>)> = touching.iter().filter(|x| x.seq != m.seq).map(|x| (&pkgs[&x.seq], None)).collect();
        let (rebuilt, _) = replay(base_bytes(game, &fs)?, file, &remaining);
        let bytes = apply_hand(rebuilt, file, &carry);
        let others: Vec<&str> = touching.iter().filter(|x| x.seq != m.seq).map(|x| x.name.as_str()).collect();
        let what = match (&bytes, others.is_empty()) {
            (None, _) => format!("  remove {} (the mod added it)", fs.file),
            (Some(_), true) if carry.is_empty() => format!("  restore {} as it was before the mod", fs.file),
            (Some(_), true) => format!("  restore {} as it was before the mod, keeping the edits made by hand since", fs.file),
            (Some(_), false) => format!("  restore {}, keeping the changes of {}", fs.file, others.join(", ")),
        };
        lines.push(what);
        // A file no mod is left on is its snapshot, whose hash the journal has.
        let after = if remaining.is_empty() && carry.is_empty() { fs.base_sha256.clone() } else { sha_opt(&bytes) };
        if remaining.is_empty() && carry.is_empty() {
            next.files.retain(|f| !f.file.eq_ignore_ascii_case(file));
        } else if let Some(f) = next.files.iter_mut().find(|f| f.file.eq_ignore_ascii_case(file)) {
            f.after = after.clone();
        }
        writes.push((fs.file.clone(), bytes, after));
    }
    if dry_run {
        lines.push("dry run: nothing written".into());
        return Ok(lines);
    }
    let w = Writes { what: format!("revert of {:?}", m.name), files: writes, snapshots: Vec::new(), extra: Vec::new() };
    commit(game, &w, &next, kill)?;
    lines.push(format!("reverted {}; {} mod(s) still installed", m.name, next.mods.len()));
    Ok(lines)
}

/// `mod status`: installed mods in order and what each owns.
pub fn status(game: &Path) -> Result<Vec<String>, ModError> {
    let mut lines: Vec<String> = recover(game)?.into_iter().collect();
    let journal = Journal::load(game)?;
    if journal.mods.is_empty() {
        lines.push(format!("no mods installed in {}", game.display()));
        return Ok(lines);
    }
    for (i, m) in journal.mods.iter().enumerate() {
        let by = if m.author.is_empty() { String::new() } else { format!(" by {}", m.author) };
        lines.push(format!("{}. {} {}{}: {} change(s)", i + 1, m.name, m.version, by, m.changes.len()));
        for c in &m.changes {
            let later = journal.mods[i + 1..].iter().find(|l| l.changes.iter().any(|o| overlaps(&o.key(), &c.key())));
            match later {
                None => lines.push(format!("   owns {} ({})", c.address(), c.op)),
                Some(l) => lines.push(format!("   {} ({}): also changed by {}, later in the order", c.address(), c.op, l.name)),
            }
        }
    }
    for f in &journal.files {
        let cur = read_opt(&game.join(&f.file))?;
        if sha_opt(&cur) != f.after {
            lines.push(format!("{} was changed by hand since the last mod command", f.file));
        }
    }
    Ok(lines)
}

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
    // Per item: its key, its address, and each (mod, change) on it.
    type Row<'a> = (Vec<String>, String, Vec<(usize, &'a Change)>);
    let mut rows: Vec<Row> = Vec::new();
    for (i, (_, p)) in mods.iter().enumerate() {
        for c in &p.changes {
            let k = c.key();
            match rows.iter_mut().find(|(rk, _, _)| overlaps(rk, &k)) {
                Some((rk, addr, v)) => {
                    // An item and something inside it share the row of the shorter path.
                    if k.len() < rk.len() {
                        *rk = k;
                        *addr = c.address();
                    }
                    v.push((i, c));
                }
                None => rows.push((k, c.address(), vec![(i, c)])),
            }
        }
    }
    let shared: Vec<_> = rows.iter().filter(|(_, _, v)| v.iter().map(|(i, _)| *i).collect::<std::collections::HashSet<_>>().len() > 1).collect();
    let mut lines = Vec::new();
    for (i, (label, p)) in mods.iter().enumerate() {
        lines.push(format!("[{}] {} ({} {}, {} change(s))", i + 1, label, p.meta.name, p.meta.version, p.changes.len()));
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
            let ops: Vec<&str> = v.iter().filter(|(j, _)| *j == i).map(|(_, c)| c.op.name()).collect();
            line.push_str(&format!("  {:>13}", if ops.is_empty() { "-".to_string() } else { ops.join("+") }));
        }
        let verdict = verdict(v, mods);
        if let Verdict::Wins(_) = verdict {
            real = true;
        }
        line.push_str(&match verdict {
            Verdict::Same => "  same new bytes: no conflict".to_string(),
            Verdict::Merged => "  WEAR rows merge: no conflict".to_string(),
            Verdict::Wins(w) => format!("  CONFLICT: {w} wins (later in the order)"),
        });
        lines.push(line);
    }
    lines.push(format!("{} item(s) changed by more than one mod, {} of them in conflict", shared.len(), shared.iter().filter(|(_, _, v)| matches!(verdict(v, mods), Verdict::Wins(_))).count()));
    (lines, real)
}

pub(super) fn verdict(v: &[(usize, &Change)], mods: &[(String, Package)]) -> Verdict {
    let first = v[0].1;
    let same_item = v.iter().all(|(_, c)| c.key() == first.key());
    if same_item && v.iter().all(|(_, c)| c.op.name() == first.op.name() && c.op.new_bytes().map(|b| &b[..]) == first.op.new_bytes().map(|b| &b[..])) {
        if let (super::change::Op::RenameEntry { to, .. }, true) = (&first.op, true)
            && !v.iter().all(|(_, c)| matches!(&c.op, super::change::Op::RenameEntry { to: t, .. } if t == to))
        {
            return Verdict::Wins(mods[v[v.len() - 1].0].0.clone());
        }
        return Verdict::Same;
    }
    if same_item && v.iter().all(|(_, c)| matches!(c.op, super::change::Op::WearRows { .. })) {
        let mut merged: Option<Vec<u8>> = None;
        let mut ok = true;
        for (_, c) in v {
            let super::change::Op::WearRows { base, data } = &c.op else { unreachable!() };
            merged = Some(match merged {
                None => data.to_vec(),
                Some(m) => match merge3(base, &m, data) {
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
