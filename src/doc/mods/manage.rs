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
use super::keys::KeyIndex;
use super::paths::{GameFolder, JOURNAL_DIR, file_inside, folder_inside};
use super::text::shown;
use crate::formats::bytes::SharedBytes;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
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
    let mut at: HashMap<String, usize> = HashMap::new();
    for c in changes {
        match at.entry(c.file.to_ascii_lowercase()) {
            Entry::Occupied(e) => out[*e.get()].1.push(c),
            Entry::Vacant(v) => {
                v.insert(out.len());
                out.push((c.file.clone(), vec![c]));
            }
        }
    }
    out
}

/// A package's changes by lower-cased file: one file's changes in constant time, so that
/// rebuilding every file of a mod costs the changes once, not files × changes.
type Files<'a> = HashMap<String, Vec<&'a Change>>;

fn files_of(pkg: &Package) -> Files<'_> {
    by_file(&pkg.changes).into_iter().map(|(f, v)| (f.to_ascii_lowercase(), v)).collect()
}

/// The lower-cased files each installed mod touches, in the journal's order.
fn touched(journal: &Journal) -> Vec<HashSet<String>> {
    journal.mods.iter().map(|m| m.changes.iter().map(|c| c.file.to_ascii_lowercase()).collect()).collect()
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

/// A file rebuilt from `base` through `order` (each package's changes by file with whether
/// its preconditions are checked rather than forced, and its force); the outcomes of the
/// checked ones.
fn replay(base: Option<SharedBytes>, file: &str, order: &[(&Files, Option<bool>)]) -> (Option<SharedBytes>, Vec<Outcome>) {
    let mut cur = base;
    let mut outcomes = Vec::new();
    let key = file.to_ascii_lowercase();
    for (files, checked) in order {
        let Some(changes) = files.get(&key) else { continue };
        let r = apply_file(cur.clone(), file, changes, checked.unwrap_or(true));
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
fn hand_changes(game: &Path, fs: &FileState, current: &Option<SharedBytes>, old_order: &[&Files]) -> Result<Vec<Change>, ModError> {
    if sha_opt(current) == fs.after {
        return Ok(Vec::new());
    }
    let order: Vec<(&Files, Option<bool>)> = old_order.iter().map(|p| (*p, None)).collect();
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

/// The installed mods' items: `before` those of the mods before `position` (the last of them
/// kept where several change an item), `after` those from it on (the first kept).
fn owners(journal: &Journal, position: usize) -> (KeyIndex, KeyIndex) {
    let (mut before, mut after) = (KeyIndex::default(), KeyIndex::default());
    for (k, m) in journal.mods.iter().enumerate().take(position) {
        for c in &m.changes {
            before.insert(&c.key(), k);
        }
    }
    for (k, m) in journal.mods.iter().enumerate().skip(position).rev() {
        for c in &m.changes {
            after.insert(&c.key(), k);
        }
    }
    (before, after)
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
    before: KeyIndex,
    after: KeyIndex,
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
    let mut folder = GameFolder::scan(game)?;
    let position = if opts.to.is_some() { journal.mods.len() } else { opts.order.map_or(journal.mods.len(), |n| n.clamp(1, journal.mods.len() + 1) - 1) };
    let groups = by_file(&pkg.changes);
    // Where each file is on disk, each path checked before anything is read: no link leading
    // out of the folder, no file where a folder must be, no folder where a file must be.
    let mut bad = Vec::new();
    if let Err(e) = folder_inside(game, JOURNAL_DIR) {
        bad.push(format!("  {e}"));
    }
    let mut located = Vec::with_capacity(groups.len());
    for (file, _) in &groups {
        let rel = folder.spell(file);
        match file_inside(game, &rel) {
            Ok(path) => located.push((rel, path)),
            Err(e) => bad.push(format!("  {e}")),
        }
    }
    if !bad.is_empty() {
        let mut msg = vec![format!("{} cannot be installed into {}: {} path(s) it cannot write safely", shown(&pkg.meta.name), game.display(), bad.len())];
        msg.extend(bad);
        msg.push("nothing was written".into());
        return Err(ModError::Blocked(msg));
    }
    let touched = touched(&journal);
    let later = position..journal.mods.len();
    // The installed packages a rebuild needs: every mod touching a file that a mod placed
    // after this one touches too.
    let mut pkgs: HashMap<u64, Package> = HashMap::new();
    for (file, _) in &groups {
        let key = file.to_ascii_lowercase();
        if later.clone().any(|k| touched[k].contains(&key)) {
            for (k, m) in journal.mods.iter().enumerate() {
                if touched[k].contains(&key) && !pkgs.contains_key(&m.seq) {
                    pkgs.insert(m.seq, installed_package(game, m)?);
                }
            }
        }
    }
    let files: HashMap<u64, Files> = pkgs.iter().map(|(seq, p)| (*seq, files_of(p))).collect();
    let mine = files_of(&pkg);
    let index = journal.file_index();
    let mut planned = Vec::new();
    let mut outcomes = Vec::new();
    for ((file, changes), (rel, path)) in groups.iter().zip(located) {
        let key = file.to_ascii_lowercase();
        let current = read_opt(&path)?;
        let before = current.clone();
        let (bytes, outs) = if later.clone().any(|k| touched[k].contains(&key)) {
            // Installed before mods that touch this file: rebuilt in the new order.
            let fs = index.get(&key).map(|&i| &journal.files[i]).ok_or_else(|| io::Error::other(format!("the journal does not list {file}")))?;
            let touching: Vec<usize> = (0..journal.mods.len()).filter(|&k| touched[k].contains(&key)).collect();
            let installed: Vec<&Files> = touching.iter().map(|&k| &files[&journal.mods[k].seq]).collect();
            let hand = hand_changes(game, fs, &current, &installed)?;
            let mut order: Vec<(&Files, Option<bool>)> = Vec::new();
            for &k in touching.iter().filter(|&&k| k < position) {
                order.push((&files[&journal.mods[k].seq], None));
            }
            order.push((&mine, Some(opts.force)));
            for &k in touching.iter().filter(|&&k| k >= position) {
                order.push((&files[&journal.mods[k].seq], None));
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
    let (before, after) = owners(&journal, position);
    Ok(Plan { pkg, pkg_bytes, journal, position, planned, outcomes, before, after })
}

impl Plan {
    /// The installed mod that last changed the item of `change` before this one's place.
    pub fn owner(&self, change: &Change) -> Option<&Installed> {
        let key = change.key();
        self.before.overlapping(&key).max().map(|k| &self.journal.mods[k])
    }

    /// The first installed mod after this one's place that changes the item of `change`
    /// (it wins there).
    pub fn later_owner(&self, change: &Change) -> Option<&Installed> {
        let key = change.key();
        self.after.overlapping(&key).min().map(|k| &self.journal.mods[k])
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
    let p = plan(game, label, pkg_bytes, opts)?;
    let Plan { pkg, pkg_bytes, journal, position, planned, outcomes, before, .. } = p;
    let blocked: Vec<&Outcome> = outcomes.iter().filter(|o| o.done.is_err()).collect();
    if !blocked.is_empty() {
        let mut msg = vec![format!("{} cannot be installed as it is: {} change(s) find something else than they were made against", shown(&pkg.meta.name), blocked.len())];
        let by_addr: HashMap<String, &Change> = pkg.changes.iter().map(|c| (c.address(), c)).collect();
        for o in &blocked {
            let who = by_addr
                .get(&o.address)
                .and_then(|c| before.overlapping(&c.key()).max())
                .map(|k| format!("changed by the installed mod \"{}\"", shown(&journal.mods[k].name)))
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
        shown(&pkg.meta.name),
        shown(&pkg.meta.version),
        if pkg.meta.author.is_empty() { String::new() } else { format!(" by {}", shown(&pkg.meta.author)) },
        pkg.changes.len(),
        files_n
    ));
    for o in &outcomes {
        lines.push(format!("  {} {}{}", o.op, o.address, o.done.as_ref().map(done_text).unwrap_or_default()));
    }
    if position < journal.mods.len() {
        lines.push(format!("  placed #{} in the order, before {}", position + 1, shown(&journal.mods[position].name)));
    }
    if opts.dry_run {
        lines.push("dry run: nothing written".into());
        return Ok(lines);
    }
    if let Some(out) = &opts.to {
        std::fs::create_dir_all(out).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", out.display())))?;
        for p in &planned {
            match &p.bytes {
                Some(b) => {
                    // The output folder is checked as the game folder is: nothing is written
                    // through a link out of it.
                    let target = file_inside(out, &p.file)?;
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
    let index = next.file_index();
    for (n, p) in planned.iter().enumerate() {
        let after = sha_opt(&p.bytes);
        afters.push(after.clone());
        match index.get(&p.file.to_ascii_lowercase()) {
            Some(&i) => next.files[i].after = after,
            None => {
                let base = p.current.as_ref().map(|_| format!("base/{seq}-{n}"));
                if let Some(b) = &base {
                    snapshots.push((p.file.clone(), b.clone()));
                }
                next.files.push(FileState { file: p.file.clone(), base, base_sha256: sha_opt(&p.current), after });
            }
        }
    }
    let spelling: HashMap<String, &str> = planned.iter().map(|p| (p.file.to_ascii_lowercase(), p.file.as_str())).collect();
    let spelled = |f: &str| spelling.get(&f.to_ascii_lowercase()).map_or_else(|| f.to_string(), |s| s.to_string());
    let installed = Installed {
        seq,
        name: pkg.meta.name.clone(),
        version: pkg.meta.version.clone(),
        author: pkg.meta.author.clone(),
        package: package.clone(),
        changes: pkg.changes.iter().map(|c| InstalledChange { file: spelled(&c.file), entry: c.entry.clone(), op: c.op_name().into() }).collect(),
    };
    next.mods.insert(position, installed);
    let writes = Writes {
        what: format!("install of {:?}", pkg.meta.name),
        files: planned.into_iter().zip(afters).map(|(p, sha)| (p.file, p.bytes, sha)).collect(),
        snapshots,
        extra: vec![(package, SharedBytes::from(pkg_bytes))],
    };
    commit(game, &writes, &next, kill)?;
    lines.push(format!("installed {} as #{} of {} (journal: {})", shown(&pkg.meta.name), position + 1, next.mods.len(), Journal::dir(game).display()));
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
    let touched = touched(&journal);
    // The mod's changes by file, in first-seen order.
    let mut mine: Vec<(String, Vec<Vec<String>>)> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for c in &m.changes {
        let k = *at.entry(c.file.to_ascii_lowercase()).or_insert_with(|| {
            mine.push((c.file.clone(), Vec::new()));
            mine.len() - 1
        });
        mine[k].1.push(c.key());
    }
    let mut pkgs: HashMap<u64, Package> = HashMap::new();
    for (k, x) in journal.mods.iter().enumerate() {
        if mine.iter().any(|(f, _)| touched[k].contains(&f.to_ascii_lowercase())) {
            pkgs.insert(x.seq, installed_package(game, x)?);
        }
    }
    let files_by: HashMap<u64, Files> = pkgs.iter().map(|(seq, p)| (*seq, files_of(p))).collect();
    let index = journal.file_index();
    lines.push(format!("{} {} {} ({} file(s))", if dry_run { "would revert" } else { "reverting" }, shown(&m.name), shown(&m.version), mine.len()));
    let mut next = journal.clone();
    next.mods.remove(idx);
    let mut gone: HashSet<String> = HashSet::new();
    let mut afters: HashMap<String, Option<String>> = HashMap::new();
    let mut writes = Vec::new();
    for (file, keys) in &mine {
        let key = file.to_ascii_lowercase();
        let fs = index.get(&key).map(|&i| journal.files[i].clone()).ok_or_else(|| io::Error::other(format!("the journal does not list {file}")))?;
        let touching: Vec<usize> = (0..journal.mods.len()).filter(|&k| touched[k].contains(&key)).collect();
        let current = read_opt(&file_inside(game, &fs.file)?)?;
        let old_order: Vec<&Files> = touching.iter().map(|&k| &files_by[&journal.mods[k].seq]).collect();
        let hand = hand_changes(game, &fs, &current, &old_order)?;
        let mut carry = Vec::new();
        for h in hand {
            let on_mine = keys.iter().any(|k| overlaps(k, &h.key()));
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
        let others: Vec<usize> = touching.iter().copied().filter(|&k| k != idx).collect();
        let remaining: Vec<(&Files, Option<bool>)> = others.iter().map(|&k| (&files_by[&journal.mods[k].seq], None)).collect();
        let (rebuilt, _) = replay(base_bytes(game, &fs)?, file, &remaining);
        let bytes = apply_hand(rebuilt, file, &carry);
        let names: Vec<String> = others.iter().map(|&k| shown(&journal.mods[k].name).into_owned()).collect();
        let what = match (&bytes, names.is_empty()) {
            (None, _) => format!("  remove {} (the mod added it)", fs.file),
            (Some(_), true) if carry.is_empty() => format!("  restore {} as it was before the mod", fs.file),
            (Some(_), true) => format!("  restore {} as it was before the mod, keeping the edits made by hand since", fs.file),
            (Some(_), false) => format!("  restore {}, keeping the changes of {}", fs.file, names.join(", ")),
        };
        lines.push(what);
        // A file no mod is left on is its snapshot, whose hash the journal has.
        let after = if remaining.is_empty() && carry.is_empty() { fs.base_sha256.clone() } else { sha_opt(&bytes) };
        if remaining.is_empty() && carry.is_empty() {
            gone.insert(key);
        } else {
            afters.insert(key, after.clone());
        }
        writes.push((fs.file.clone(), bytes, after));
    }
    next.files.retain(|f| !gone.contains(&f.file.to_ascii_lowercase()));
    for f in &mut next.files {
        if let Some(a) = afters.get(&f.file.to_ascii_lowercase()) {
            f.after = a.clone();
        }
    }
    if dry_run {
        lines.push("dry run: nothing written".into());
        return Ok(lines);
    }
    let w = Writes { what: format!("revert of {:?}", m.name), files: writes, snapshots: Vec::new(), extra: Vec::new() };
    commit(game, &w, &next, kill)?;
    lines.push(format!("reverted {}; {} mod(s) still installed", shown(&m.name), next.mods.len()));
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
    // Which later mod changes each item: built from the last mod back, so the nearest later
    // one is what a key finds. `exact` holds every later key, `holding` every proper prefix
    // of one; a change overlaps a later one when one of its prefixes (itself included) is a
    // later key, or it is a prefix of a later key. Linear in the changes (their depth bounded).
    let mut later_of: Vec<Vec<Option<usize>>> = vec![Vec::new(); journal.mods.len()];
    let mut exact: HashMap<Vec<String>, usize> = HashMap::new();
    let mut holding: HashMap<Vec<String>, usize> = HashMap::new();
    for (i, m) in journal.mods.iter().enumerate().rev() {
        let keys: Vec<Vec<String>> = m.changes.iter().map(|c| c.key()).collect();
        later_of[i] = keys
            .iter()
            .map(|k| {
                let held = (1..=k.len()).filter_map(|n| exact.get(&k[..n]).copied()).min();
                held.into_iter().chain(holding.get(k).copied()).min()
            })
            .collect();
        for k in keys {
            for n in 1..k.len() {
                holding.insert(k[..n].to_vec(), i);
            }
            exact.insert(k, i);
        }
    }
    for (i, m) in journal.mods.iter().enumerate() {
        let by = if m.author.is_empty() { String::new() } else { format!(" by {}", shown(&m.author)) };
        lines.push(format!("{}. {} {}{}: {} change(s)", i + 1, shown(&m.name), shown(&m.version), by, m.changes.len()));
        for (c, later) in m.changes.iter().zip(&later_of[i]) {
            match later {
                None => lines.push(format!("   owns {} ({})", c.address(), shown(&c.op))),
                Some(l) => lines.push(format!("   {} ({}): also changed by {}, later in the order", c.address(), shown(&c.op), shown(&journal.mods[*l].name))),
            }
        }
    }
    for f in &journal.files {
        let cur = match file_inside(game, &f.file) {
            Ok(p) => read_opt(&p)?,
            Err(e) => {
                lines.push(format!("{}: {e}", shown(&f.file)));
                continue;
            }
        };
        if sha_opt(&cur) != f.after {
            lines.push(format!("{} was changed by hand since the last mod command", shown(&f.file)));
        }
    }
    Ok(lines)
}

pub use super::conflicts::{Verdict, conflicts};
pub(super) use super::conflicts::verdict;
