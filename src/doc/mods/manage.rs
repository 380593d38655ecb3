//! `mod apply`, `revert`, `status` and `conflicts` over a game folder (docs/cli.md, "mod").
//!
//! Installing a mod last applies its changes to the files as they are, each precondition
//! checked. Any other change of the order (a mod installed with `--order` before others, a mod
//! reverted) rebuilds each file it touches from the journal's snapshot through the remaining
//! mods in order, and carries over what was changed by hand since the last mod command, so
//! the result is what installing them in that order would have given: byte-identical to the
//! original when no mod is left on the file.

use super::apply::{Done, Fed, Outcome};
use super::change::Change;
use super::create::diff_file;
use super::hand::Carry;
use super::install::{Ready, transact};
use super::journal::{FileState, Installed, Journal, KillAt, Writes, recover};
use super::package::{Lazy, Package, PackageError, Source};
use super::keys::KeyIndex;
use super::paths::file_inside;
use super::shelf::Shelf;
use super::stage::Stage;
use super::stream::{Body, Feed, Held, Scratch, apply_body};
use super::text::{at_path, io_said, shown};
use crate::formats::bytes::SharedBytes;
use crate::formats::message::Message;
use crate::msg;
use std::collections::{HashMap, HashSet};
use std::io;
use std::path::{Path, PathBuf};

#[derive(Debug)]
pub enum ModError {
    Package(PackageError),
    /// Changes whose preconditions failed, one line each, and what to do about it.
    Blocked(Vec<Message>),
    /// A file that cannot be read or written; its message (a [`super::text::Said`]) names it.
    Io(io::Error),
    Usage(Message),
}

impl std::fmt::Display for ModError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModError::Package(e) => write!(f, "{e}"),
            ModError::Blocked(lines) => {
                for (i, l) in lines.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    write!(f, "{l}")?;
                }
                Ok(())
            }
            ModError::Io(e) => write!(f, "{e}"),
            ModError::Usage(m) => write!(f, "{m}"),
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

pub(super) fn read_opt(p: &Path) -> io::Result<Option<SharedBytes>> {
    match std::fs::read(p) {
        Ok(b) => Ok(Some(SharedBytes::from(b))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(at_path(p, e)),
    }
}


/// One step of rebuilding a file: an installed mod's changes of it (read from its package
/// when the file is rebuilt, [`Shelf`]), or the changes `which` of the package being installed
/// (read from its members when the step runs).
pub(super) enum Step<'a> {
    Mod(&'a Installed),
    Given(&'a Package, &'a [usize]),
}

/// The lower-cased files each installed mod touches, in the journal's order.
pub(super) fn touched(journal: &Journal) -> Vec<HashSet<String>> {
    journal.mods.iter().map(|m| m.changes.iter().map(|c| c.file.to_ascii_lowercase()).collect()).collect()
}

/// True when one key is the other or holds it (a file and its entries, an archive and what is
/// nested in it).
pub(super) fn overlaps(a: &[String], b: &[String]) -> bool {
    let n = a.len().min(b.len());
    a[..n] == b[..n]
}

/// What became of a change, as the end of its report line (empty when it was applied).
pub fn done_text(d: &Done) -> Message {
    match d {
        Done::Applied => Message::from(""),
        Done::AlreadyThere => msg!("mods-done-already", " (already so)"),
        Done::Merged => msg!("mods-done-merged", " (rows merged with the table's other edits)"),
        Done::Overrode(why) => msg!("mods-done-overrode", " (--force: {why}; this mod wins)", why = why),
        Done::Skipped(why) => msg!("mods-done-skipped", " (skipped: {why})", why = why),
    }
}

/// The snapshot of `fs` on disk (absent when the file did not exist before), its SHA-256
/// checked against the journal's as it is hashed (streamed, not held).
pub(super) fn base_body(game: &Path, fs: &FileState) -> Result<Body, ModError> {
    let Some(base) = &fs.base else { return Ok(Body::Absent) };
    let p = Journal::dir(game).join(base);
    let mut b = match Body::of_file(&p)? {
        Body::Absent => {
            let m = msg!("mods-snapshot-missing", "{path}: the snapshot of {file} is missing", path = p.display().to_string(), file = &fs.file);
            return Err(ModError::Io(io_said(io::ErrorKind::Other, m)));
        }
        b => b,
    };
    let sha = b.sha()?.unwrap_or_default();
    if let Some(want) = &fs.base_sha256
        && *want != sha
    {
        return Err(ModError::Io(io_said(
            io::ErrorKind::Other,
            msg!(
                "mods-snapshot-changed",
                "{path}: the snapshot of {file} changed since it was taken (a tool rewrote the file in place?); reverting from it would not restore the original",
                path = p.display().to_string(),
                file = &fs.file
            ),
        )));
    }
    Ok(b)
}

/// A file rebuilt from `base` through `order` (each step with whether its preconditions are
/// checked rather than forced, and its force); the outcomes of the checked ones. Each step's
/// changes of the file are read when it runs (an installed mod's from `shelf`, the package
/// being installed's from `given`), an entry's new payload not read but copied from its member
/// as the archive is written, and dropped after; each step's archive is written into
/// `scratch` from the step before (`stream`), not held.
pub(super) fn replay(shelf: &mut Shelf, mut given: Option<&mut Lazy>, base: Body, file: &str, order: &[(Step, Option<bool>)], scratch: &mut Scratch) -> Result<(Body, Vec<Outcome>), ModError> {
    let mut cur = base;
    let mut outcomes = Vec::new();
    let key = file.to_ascii_lowercase();
    for (step, checked) in order {
        let (loaded, fed, feed): (Vec<Change>, Vec<Option<Fed>>, &mut dyn Feed) = match step {
            Step::Mod(m) => {
                let (c, f) = shelf.changes_fed(m, &key)?;
                (c, f, shelf.feed(m)?)
            }
            Step::Given(pkg, which) => {
                let lazy = given.as_deref_mut().ok_or_else(|| io::Error::other("the package being installed was not given"))?;
                let (c, f) = lazy.load_fed(pkg, which)?;
                (c, f, lazy)
            }
        };
        let changes: Vec<&Change> = loaded.iter().collect();
        if changes.is_empty() {
            continue;
        }
        let (next, outs) = apply_body(&cur, file, &changes, &fed, checked.unwrap_or(true), scratch, feed)?;
        let blocked = outs.iter().any(|o| o.done.is_err());
        if checked.is_some() {
            outcomes.extend(outs);
        }
        // A checked step that is blocked leaves the file as it was.
        if let Some(next) = next.filter(|_| checked.is_none() || !blocked) {
            cur = next;
        }
    }
    Ok((cur, outcomes))
}

/// What was changed by hand in a journalled file since the last mod command: the changes
/// from what the installed mods (`old_order`) give to what is on disk, found only when its hash
/// is not the one the journal noted. Two archives of one format are compared entry by entry in
/// their files, the new payloads left there to be fed when the carry is applied
/// ([`hand::entries`](super::hand::entries)); a file that is an archive on neither side by its
/// digests, its new bytes fed the same way ([`hand::whole`](super::hand::whole)); anything else
/// (a merged table, a side in memory) is diffed whole.
pub(super) fn hand_changes(game: &Path, shelf: &mut Shelf, fs: &FileState, current: &mut Body, old_order: &[&Installed], scratch: &mut Scratch) -> Result<Carry, ModError> {
    if current.sha()? == fs.after {
        return Ok(Carry::held(Vec::new()));
    }
    let order: Vec<(Step, Option<bool>)> = old_order.iter().map(|m| (Step::Mod(m), None)).collect();
    let (expected, _) = replay(shelf, None, base_body(game, fs)?, &fs.file, &order, scratch)?;
    if let Some(carry) = super::hand::entries(&fs.file, &expected, current)? {
        return Ok(carry);
    }
    if let Some(carry) = super::hand::whole(&fs.file, &expected, current)? {
        return Ok(carry);
    }
    let mut out = Vec::new();
    diff_file(&fs.file, expected.load()?, current.load()?, &mut out);
    Ok(Carry::held(out))
}

/// `carry` (what [`hand_changes`] found) applied to the rebuilt `bytes`, its fed payloads
/// copied from the file changed by hand as the archive is written. That file must be as it was
/// when the changes were found: it is, as the game's files are written only by the commit,
/// after every file is built and staged (a change by another program fails the feed's check).
pub(super) fn apply_hand(bytes: Body, file: &str, carry: &mut Carry, scratch: &mut Scratch) -> Result<Body, ModError> {
    if carry.is_empty() {
        return Ok(bytes);
    }
    let (changes, fed, feed) = carry.parts();
    let refs: Vec<&Change> = changes.iter().collect();
    let mut held = Held;
    let feed: &mut dyn Feed = match feed {
        Some(f) => f,
        None => &mut held,
    };
    Ok(apply_body(&bytes, file, &refs, fed, true, scratch, feed)?.0.unwrap_or(bytes))
}

/// The installed mods' items: `before` those of the mods before `position` (the last of them
/// kept where several change an item), `after` those from it on (the first kept).
pub(super) fn owners(journal: &Journal, position: usize) -> (KeyIndex, KeyIndex) {
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

/// An install worked out and not yet written: the package (its changes without their bytes)
/// and what became of each change ([`plan`]).
pub struct Plan {
    pub pkg: Package,
    /// The package's members, read again for a change that needs its bytes ([`Plan::load`]).
    lazy: Lazy,
    journal: Journal,
    /// 0-based place in the installed order.
    pub position: usize,
    pub outcomes: Vec<Outcome>,
    before: KeyIndex,
    after: KeyIndex,
}

/// Works out an install of the package in `source` (called `label` in errors) without
/// writing anything: every change's outcome, blocked ones included. The package is read as an
/// install reads it (checked whole, each file's members read when it is built, a member
/// several files name inflated once into a temporary folder), not held.
pub fn plan(game: &Path, label: &str, source: Source, opts: &InstallOptions) -> Result<Plan, ModError> {
    if !game.is_dir() {
        return Err(ModError::Usage(super::paths::not_a_folder(game)));
    }
    let (pkg, mut lazy) = Package::open_lazy(label, source)?;
    lazy.spill_to_temporary();
    let core = super::install::plan_core(game, &pkg, &mut lazy, opts, None);
    lazy.drop_spills();
    let core = core?;
    let (before, after) = owners(&core.journal, core.position);
    Ok(Plan { pkg, lazy, journal: core.journal, position: core.position, outcomes: core.outcomes, before, after })
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

    /// Change `i` of the package with its bytes, read for it alone.
    pub fn load(&mut self, i: usize) -> Result<Change, ModError> {
        let label = self.pkg.meta.name.clone();
        self.lazy.load(&self.pkg, &[i])?.pop().ok_or_else(|| ModError::Usage(no_change(&shown(&label), i)))
    }
}

/// `LABEL: no change #N`: a package asked for a change it does not have.
pub(super) fn no_change(label: &str, i: usize) -> Message {
    msg!("mods-no-change", "{label}: no change #{i}", label = label, i = i)
}

pub use super::install::{install, install_bytes};

/// `mod revert`: takes the mod `name` out; the lines to print.
pub fn revert(game: &Path, name: &str, force: bool, dry_run: bool, kill: KillAt) -> Result<Vec<Message>, ModError> {
    let mut lines = Vec::new();
    if !dry_run {
        lines.extend(recover(game)?);
    }
    // Each file is staged as soon as it is rebuilt.
    let mut stage = if dry_run || !game.is_dir() { None } else { Some(Stage::begin(game)?) };
    let r = prepare_revert(game, name, (force, dry_run), stage.as_mut(), &mut lines, &mut *kill);
    lines.extend(transact(game, stage, true, r, kill)?);
    Ok(lines)
}

/// The revert's transaction (`None` for the dry run), its files staged into `stage`.
fn prepare_revert(game: &Path, name: &str, (force, dry_run): (bool, bool), mut stage: Option<&mut Stage>, lines: &mut Vec<Message>, kill: KillAt) -> Result<Option<Ready>, ModError> {
    let journal = Journal::load(game)?;
    let Some(idx) = journal.find_mod(name) else {
        let names: Vec<String> = journal.mods.iter().map(|m| format!("{:?}", m.name)).collect();
        let folder = game.display().to_string();
        return Err(ModError::Usage(if names.is_empty() {
            msg!("mods-none-installed", "no mod is installed in {folder}", folder = folder)
        } else {
            msg!("mods-not-installed-named", "no mod named {name} is installed in {folder}; installed: {installed}", name = format!("{name:?}"), folder = folder, installed = names.join(", "))
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
    // The installed packages, each file's changes read when that file is rebuilt; members
    // several files name spilled into the stage.
    let mut shelf = Shelf::new(game, stage.as_ref().map(|s| s.dir()));
    // Each rebuilt archive written into the stage (a temporary folder for the dry run).
    let mut scratch = stage.as_ref().map_or_else(Scratch::temporary, |s| Scratch::in_dir(s.dir()));
    let index = journal.file_index();
    let (name_shown, version) = (shown(&m.name).into_owned(), shown(&m.version).into_owned());
    lines.push(if dry_run {
        msg!("mods-revert-would", "would revert {name} {version} ({count} file(s))", name = &name_shown, version = &version, count = mine.len())
    } else {
        msg!("mods-revert-reverting", "reverting {name} {version} ({count} file(s))", name = &name_shown, version = &version, count = mine.len())
    });
    let mut next = journal.clone();
    next.mods.remove(idx);
    let mut gone: HashSet<String> = HashSet::new();
    let mut afters: HashMap<String, Option<String>> = HashMap::new();
    let mut writes = Vec::new();
    for (file, keys) in &mine {
        let key = file.to_ascii_lowercase();
        let fs = index.get(&key).map(|&i| journal.files[i].clone()).ok_or_else(|| unlisted(file))?;
        let touching: Vec<usize> = (0..journal.mods.len()).filter(|&k| touched[k].contains(&key)).collect();
        let mut current = Body::of_file(&file_inside(game, &fs.file)?)?;
        let old_order: Vec<&Installed> = touching.iter().map(|&k| &journal.mods[k]).collect();
        // The file as it is stays on disk until the commit: the carry's new payloads are
        // copied from it (`hand`).
        let mut carry = hand_changes(game, &mut shelf, &fs, &mut current, &old_order, &mut scratch)?;
        drop(current);
        carry.retain(|h| {
            let on_mine = keys.iter().any(|k| overlaps(k, &h.key()));
            if on_mine {
                lines.push(if force {
                    msg!("mods-revert-hand-restored", "  {address} was changed by hand since the mod was installed: restored anyway (--force)", address = h.address())
                } else {
                    msg!("mods-revert-hand-kept", "  {address} was changed by hand since the mod was installed: left as it is (--force restores it)", address = h.address())
                });
            }
            !(on_mine && force)
        });
        let others: Vec<usize> = touching.iter().copied().filter(|&k| k != idx).collect();
        let remaining: Vec<(Step, Option<bool>)> = others.iter().map(|&k| (Step::Mod(&journal.mods[k]), None)).collect();
        let (rebuilt, _) = replay(&mut shelf, None, base_body(game, &fs)?, file, &remaining, &mut scratch)?;
        let mut bytes = apply_hand(rebuilt, file, &mut carry, &mut scratch)?;
        let names: Vec<String> = others.iter().map(|&k| shown(&journal.mods[k].name).into_owned()).collect();
        let file = &fs.file;
        let what = match (bytes.is_absent(), names.is_empty()) {
            (true, _) => msg!("mods-revert-remove", "  remove {file} (the mod added it)", file = file),
            (false, true) if carry.is_empty() => msg!("mods-revert-restore", "  restore {file} as it was before the mod", file = file),
            (false, true) => msg!("mods-revert-restore-hand", "  restore {file} as it was before the mod, keeping the edits made by hand since", file = file),
            (false, false) => msg!("mods-revert-restore-others", "  restore {file}, keeping the changes of {mods}", file = file, mods = names.join(", ")),
        };
        lines.push(what);
        // A file no mod is left on is its snapshot, whose hash the journal has.
        let after = if remaining.is_empty() && carry.is_empty() { fs.base_sha256.clone() } else { bytes.sha()? };
        if remaining.is_empty() && carry.is_empty() {
            gone.insert(key);
        } else {
            afters.insert(key, after.clone());
        }
        let staged = match stage.as_mut() {
            Some(s) => s.put_body(&fs.file, bytes, &mut *kill)?,
            None => None,
        };
        writes.push((fs.file.clone(), staged, after));
    }
    next.files.retain(|f| !gone.contains(&f.file.to_ascii_lowercase()));
    for f in &mut next.files {
        if let Some(a) = afters.get(&f.file.to_ascii_lowercase()) {
            f.after = a.clone();
        }
    }
    if dry_run || stage.is_none() {
        lines.push(dry_run_line());
        return Ok(None);
    }
    let w = Writes { what: format!("revert of {:?}", m.name), files: writes, snapshots: Vec::new(), extra: Vec::new() };
    let done = msg!("mods-reverted", "reverted {name}; {count} mod(s) still installed", name = name_shown, count = next.mods.len());
    Ok(Some((w, next, done)))
}

/// The last line of a dry run.
pub(super) fn dry_run_line() -> Message {
    msg!("mods-dry-run-nothing-written", "dry run: nothing written")
}

/// `the journal does not list FILE`: a journal that lost track of a file it should have.
pub(super) fn unlisted(file: &str) -> io::Error {
    io_said(io::ErrorKind::Other, msg!("mods-journal-unlisted", "the journal does not list {file}", file = file))
}

/// `mod status`: installed mods in order and what each owns.
pub fn status(game: &Path) -> Result<Vec<Message>, ModError> {
    let mut lines: Vec<Message> = recover(game)?.into_iter().collect();
    let journal = Journal::load(game)?;
    if journal.mods.is_empty() {
        lines.push(msg!("mods-status-none", "no mods installed in {folder}", folder = game.display().to_string()));
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
        let (n, name, version, count) = (i + 1, shown(&m.name), shown(&m.version), m.changes.len());
        lines.push(if m.author.is_empty() {
            msg!("mods-status-mod", "{n}. {name} {version}: {count} change(s)", n = n, name = name, version = version, count = count)
        } else {
            msg!("mods-status-mod-by", "{n}. {name} {version} by {author}: {count} change(s)", n = n, name = name, version = version, author = shown(&m.author), count = count)
        });
        for (c, later) in m.changes.iter().zip(&later_of[i]) {
            let (address, op) = (c.address(), shown(&c.op));
            match later {
                None => lines.push(msg!("mods-status-owns", "   owns {address} ({op})", address = address, op = op)),
                Some(l) => lines.push(msg!("mods-status-later", "   {address} ({op}): also changed by {other}, later in the order", address = address, op = op, other = shown(&journal.mods[*l].name))),
            }
        }
    }
    for f in &journal.files {
        let mut cur = match file_inside(game, &f.file) {
            Ok(p) => Body::of_file(&p)?,
            Err(e) => {
                lines.push(super::text::on_path(shown(&f.file), e));
                continue;
            }
        };
        if cur.sha()? != f.after {
            lines.push(msg!("mods-status-by-hand", "{file} was changed by hand since the last mod command", file = shown(&f.file)));
        }
    }
    Ok(lines)
}

pub use super::conflicts::{Verdict, conflicts, conflicts_lazy};
pub(super) use super::conflicts::verdict;
