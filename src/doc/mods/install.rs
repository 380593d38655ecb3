//! `mod apply` (docs/cli.md, "mod"): a package installed one file at a time. The package is
//! read and checked whole first ([`Package::open_lazy`]: every member hashed, none held); then
//! for each file it changes, that file's changes are read and its new bytes built and staged
//! ([`Stage`]): an archive edited entry by entry is rebuilt from its directory straight into
//! the stage (`stream`; an NRes entry's new bytes copied from their member as it is written,
//! not read first), anything else built in memory and dropped once staged. Memory is bounded
//! by a constant plus the largest single item built in memory (none for NRes entries),
//! however many files a package writes and however large they are; the transaction's commit
//! point and recovery are those of `journal`.

use super::apply::Outcome;
use super::change::Change;
use super::journal::{FileState, Installed, InstalledChange, Journal, KillAt, Writes, commit, recover};
use super::manage::{InstallOptions, ModError, Step, apply_hand, base_body, done_text, dry_run_line, hand_changes, owners, replay, touched, unlisted};
use super::stream::{Body, Scratch, apply_body};
use super::shelf::Shelf;
use super::package::{Lazy, Package, Source};
use super::paths::{GameFolder, JOURNAL_DIR, file_inside, folder_inside};
use super::stage::Stage;
use super::text::{at_path, io_said, said, shown};
use crate::formats::bytes::SharedBytes;
use crate::formats::message::Message;
use crate::msg;
use std::collections::HashMap;
use std::io;
use std::path::Path;

/// One file of an install as planned: its path as the folder spells it, its staged bytes
/// (`None`: removed, or not staged in a dry run) and their SHA-256, and the file before.
pub(super) struct Planned {
    pub file: String,
    pub staged: Option<String>,
    pub after: Option<String>,
    pub existed: bool,
    /// The SHA-256 of the file before, when staging a file the journal does not list yet
    /// (its snapshot's hash).
    pub before: Option<String>,
}

/// An install worked out: the journal it starts from, the place, each file and each change's
/// outcome.
pub(super) struct Core {
    pub journal: Journal,
    pub position: usize,
    pub planned: Vec<Planned>,
    pub outcomes: Vec<Outcome>,
}

/// The changes of `changes` grouped by file (case-insensitively), as indices, in first-seen order.
fn groups(changes: &[Change]) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for (i, c) in changes.iter().enumerate() {
        let k = *at.entry(c.file.to_ascii_lowercase()).or_insert_with(|| {
            out.push((c.file.clone(), Vec::new()));
            out.len() - 1
        });
        out[k].1.push(i);
    }
    out
}

/// Works out an install of `pkg` into `game`: each file's new bytes built from the file as it
/// is (or rebuilt in the new order where later mods touch it), handed to `stage` as soon as
/// it is built (no file is staged once a change is blocked, and none without a stage).
pub(super) fn plan_core(game: &Path, pkg: &Package, lazy: &mut Lazy, opts: &InstallOptions, mut stage: Option<(&mut Stage, KillAt)>) -> Result<Core, ModError> {
    if !game.is_dir() {
        return Err(ModError::Usage(super::paths::not_a_folder(game)));
    }
    let journal = Journal::load(game)?;
    if opts.to.is_none() && journal.find_mod(&pkg.meta.name).is_some() {
        let (name, folder) = (format!("{:?}", pkg.meta.name), game.display().to_string());
        return Err(ModError::Usage(msg!("mods-already-installed", "a mod named {name} is already installed in {folder}; revert it first", name = name, folder = folder)));
    }
    let mut folder = GameFolder::scan(game)?;
    let position = if opts.to.is_some() { journal.mods.len() } else { opts.order.map_or(journal.mods.len(), |n| n.clamp(1, journal.mods.len() + 1) - 1) };
    let groups = groups(&pkg.changes);
    // Where each file is on disk, each path checked before anything is read: no link leading
    // out of the folder, no file where a folder must be, no folder where a file must be.
    let mut bad = Vec::new();
    if let Err(e) = folder_inside(game, JOURNAL_DIR) {
        bad.push(said(&e).prefixed("  "));
    }
    let mut located = Vec::with_capacity(groups.len());
    for (file, _) in &groups {
        let rel = folder.spell(file);
        match file_inside(game, &rel) {
            Ok(path) => located.push((rel, path)),
            Err(e) => bad.push(said(&e).prefixed("  ")),
        }
    }
    if !bad.is_empty() {
        let (name, folder) = (shown(&pkg.meta.name), game.display().to_string());
        let mut msg = vec![msg!("mods-unsafe-paths", "{name} cannot be installed into {folder}: {count} path(s) it cannot write safely", name = name, folder = folder, count = bad.len())];
        msg.extend(bad);
        msg.push(msg!("mods-nothing-written", "nothing was written"));
        return Err(ModError::Blocked(msg));
    }
    let touched = touched(&journal);
    let later = position..journal.mods.len();
    // The installed packages a rebuild reads, one file's changes at a time.
    let mut shelf = Shelf::new(game, stage.as_ref().map(|(s, _)| s.dir()));
    // Where rebuilt archives are written: the stage, or a temporary folder for a dry run.
    let mut scratch = stage.as_ref().map_or_else(Scratch::temporary, |(s, _)| Scratch::in_dir(s.dir()));
    let index = journal.file_index();
    let mut planned = Vec::with_capacity(groups.len());
    let mut outcomes = Vec::new();
    let mut blocked = false;
    for ((file, which), (rel, path)) in groups.iter().zip(located) {
        let key = file.to_ascii_lowercase();
        // A whole file a change writes as the package holds it: its SHA-256 is the member's,
        // checked when it was read.
        let known = match which.as_slice() {
            [i] => lazy.data_sha(*i).map(str::to_string),
            _ => None,
        };
        let mut current = Body::of_file(&path)?;
        let existed = !current.is_absent();
        let before = if stage.is_some() && !index.contains_key(&key) { current.sha()? } else { None };
        // The package's changes of the file, read when they are applied (in the order's step
        // of a rebuild, after the mods before it): an entry's new payload is not read but
        // copied from its member as the archive is written (`stream::Feed`).
        let mut given: Option<Vec<Change>> = None;
        let (mut bytes, outs) = if later.clone().any(|k| touched[k].contains(&key)) {
            // Installed before mods that touch this file: rebuilt in the new order.
            let fs = index.get(&key).map(|&i| &journal.files[i]).ok_or_else(|| unlisted(file))?;
            let touching: Vec<usize> = (0..journal.mods.len()).filter(|&k| touched[k].contains(&key)).collect();
            let installed: Vec<&Installed> = touching.iter().map(|&k| &journal.mods[k]).collect();
            // The file as it is stays on disk until the commit: the new payloads of its hand
            // edits are copied from it (`hand`).
            let mut hand = hand_changes(game, &mut shelf, fs, &mut current, &installed, &mut scratch)?;
            drop(current);
            let mut order: Vec<(Step, Option<bool>)> = Vec::new();
            for &k in touching.iter().filter(|&&k| k < position) {
                order.push((Step::Mod(&journal.mods[k]), None));
            }
            order.push((Step::Given(pkg, which), Some(opts.force)));
            for &k in touching.iter().filter(|&&k| k >= position) {
                order.push((Step::Mod(&journal.mods[k]), None));
            }
            let (b, outs) = replay(&mut shelf, Some(&mut *lazy), base_body(game, fs)?, file, &order, &mut scratch)?;
            (apply_hand(b, file, &mut hand, &mut scratch)?, outs)
        } else {
            let (loaded, fed) = lazy.load_fed(pkg, which)?;
            let changes: Vec<&Change> = loaded.iter().collect();
            // A dry run keeps nothing it builds: only the outcomes are wanted.
            let (b, outs) = if stage.is_some() { apply_body(&current, file, &changes, &fed, opts.force, &mut scratch, &mut *lazy)? } else { apply_body(&current, file, &changes, &fed, opts.force, &mut Scratch::discard(), &mut *lazy)? };
            given = Some(loaded);
            (b.unwrap_or(current), outs)
        };
        blocked |= outs.iter().any(|o| o.done.is_err());
        let (mut staged, mut after) = (None, None);
        if let Some((stage, kill)) = stage.as_mut().filter(|_| !blocked) {
            let as_held = |b: &Body| match (b, given.as_deref()) {
                (Body::Mem(b), Some([c])) => c.op.new_bytes().is_some_and(|d| d.same_buffer(b) && d.len() == b.len()),
                _ => false,
            };
            after = match known {
                Some(sha) if as_held(&bytes) => Some(sha),
                _ => bytes.sha()?,
            };
            staged = stage.put_body(&rel, bytes, &mut **kill)?;
        }
        planned.push(Planned { file: rel, staged, after, existed, before });
        outcomes.extend(outs);
    }
    Ok(Core { journal, position, planned, outcomes })
}

/// `mod apply`: installs the package at `pkg_path` (see [`InstallOptions`]); the lines to
/// print. The package is read from the file as needed, never held whole.
pub fn install(game: &Path, pkg_path: &Path, opts: &InstallOptions, kill: KillAt) -> Result<Vec<Message>, ModError> {
    install_from(game, &pkg_path.display().to_string(), Source::File(pkg_path.to_path_buf()), opts, kill)
}

/// [`install`] of the package file at `pkg_path`, called `label` in what is printed.
pub(super) fn install_file(game: &Path, label: &str, pkg_path: &Path, opts: &InstallOptions, kill: KillAt) -> Result<Vec<Message>, ModError> {
    install_from(game, label, Source::File(pkg_path.to_path_buf()), opts, kill)
}

/// [`install`] of a package already read (`label` names it in errors).
pub fn install_bytes(game: &Path, label: &str, pkg_bytes: Vec<u8>, opts: &InstallOptions, kill: KillAt) -> Result<Vec<Message>, ModError> {
    install_from(game, label, Source::Bytes(SharedBytes::from(pkg_bytes)), opts, kill)
}

fn install_from(game: &Path, label: &str, source: Source, opts: &InstallOptions, kill: KillAt) -> Result<Vec<Message>, ModError> {
    let mut lines = Vec::new();
    if !opts.dry_run && opts.to.is_none() && game.is_dir() {
        lines.extend(recover(game)?);
    }
    let (pkg, mut lazy) = Package::open_lazy(label, source)?;
    let mut stage = match (&opts.to, opts.dry_run) {
        (_, true) => None,
        (Some(out), false) => {
            std::fs::create_dir_all(out).map_err(|e| at_path(out, e))?;
            Some(Stage::temporary_in(out)?)
        }
        // (A journal's folder that is a link out is refused by the plan, naming it.)
        (None, false) if game.is_dir() && folder_inside(game, JOURNAL_DIR).is_ok() => Some(Stage::begin(game)?),
        (None, false) => None,
    };
    // A member several files name is inflated once: spilled into the stage for the others
    // (a dry run's into a temporary folder).
    match &stage {
        Some(s) => lazy.spill_into(s.dir(), "member-new-"),
        None => lazy.spill_to_temporary(),
    }
    let in_game = opts.to.is_none();
    let r = prepare(game, &pkg, &mut lazy, opts, stage.as_mut(), &mut lines, &mut *kill);
    lines.extend(transact(game, stage, in_game, r, kill)?);
    Ok(lines)
}

/// Commits what a mod command prepared with `stage` (`None`: nothing to commit), or takes back
/// what was staged when the preparing failed; the line that says it is done. A simulated kill
/// leaves everything as it is.
pub(super) fn transact(game: &Path, stage: Option<Stage>, in_game: bool, prepared: Result<Option<Ready>, ModError>, kill: KillAt) -> Result<Option<Message>, ModError> {
    match prepared {
        Ok(None) => Ok(None),
        Ok(Some((writes, next, done))) => {
            // The commit takes back what was staged when it fails before its commit point.
            commit(game, &writes, &next, kill)?;
            Ok(Some(done))
        }
        Err(ModError::Io(e)) if e.kind() == io::ErrorKind::Interrupted => Err(ModError::Io(e)),
        Err(e) => {
            let Some(stage) = stage else { return Err(e) };
            stage.abandon();
            match e {
                ModError::Io(e) if in_game => Err(ModError::Io(nothing_changed(e))),
                e => Err(e),
            }
        }
    }
}

/// The transaction an install commits: its writes, the journal after it, and the line that
/// says it is done.
pub(super) type Ready = (Writes, Journal, Message);

/// `e`, saying that the game folder was left as it was.
pub(super) fn nothing_changed(e: io::Error) -> io::Error {
    io_said(e.kind(), msg!("mods-nothing-changed", "{error}; nothing in the game folder was changed", error = &super::text::said(&e)))
}

/// Plans the install, staging each file as it is built, and makes its transaction (or writes
/// the files under `--to`, or stops at the dry run: `None`); the lines to print go into `lines`.
fn prepare(game: &Path, pkg: &Package, lazy: &mut Lazy, opts: &InstallOptions, mut stage: Option<&mut Stage>, lines: &mut Vec<Message>, kill: KillAt) -> Result<Option<Ready>, ModError> {
    let core = plan_core(game, pkg, lazy, opts, stage.as_mut().map(|s| (&mut **s, &mut *kill)));
    // Every file is built: no member is wanted again.
    lazy.drop_spills();
    let core = core?;
    let Core { journal, position, planned, outcomes } = core;
    let blocked: Vec<&Outcome> = outcomes.iter().filter(|o| o.done.is_err()).collect();
    if !blocked.is_empty() {
        let (before, _) = owners(&journal, position);
        let mut msg = vec![msg!(
            "mods-install-blocked",
            "{name} cannot be installed as it is: {count} change(s) find something else than they were made against",
            name = shown(&pkg.meta.name),
            count = blocked.len()
        )];
        let by_addr: HashMap<String, &Change> = pkg.changes.iter().map(|c| (c.address(), c)).collect();
        for o in &blocked {
            let why = o.done.as_ref().err().map(Message::to_string).unwrap_or_default();
            let line = match by_addr.get(&o.address).and_then(|c| before.overlapping(&c.key()).max()) {
                Some(k) => msg!("mods-blocked-by-mod", "{why} (changed by the installed mod \"{other}\")", why = why, other = shown(&journal.mods[k].name)),
                None => msg!("mods-blocked-by-hand", "{why} (not as in the game it was made for: changed by hand or by another tool)", why = why),
            };
            msg.push(line.prefixed(&format!("  {} {}: ", o.op, o.address)));
        }
        msg.push(msg!("mods-blocked-advice", "nothing was written; --force lets this mod win, --order N installs it before the mod it conflicts with"));
        return Err(ModError::Blocked(msg));
    }
    let (name, version, author) = (shown(&pkg.meta.name), shown(&pkg.meta.version), shown(&pkg.meta.author));
    let (count, files) = (pkg.changes.len(), planned.len());
    lines.push(match (opts.dry_run, pkg.meta.author.is_empty()) {
        (true, true) => msg!("mods-would-install", "would install {name} {version}: {count} change(s) to {files} file(s)", name = name, version = version, count = count, files = files),
        (true, false) => msg!("mods-would-install-by", "would install {name} {version} by {author}: {count} change(s) to {files} file(s)", name = name, version = version, author = author, count = count, files = files),
        (false, true) => msg!("mods-installing", "installing {name} {version}: {count} change(s) to {files} file(s)", name = name, version = version, count = count, files = files),
        (false, false) => msg!("mods-installing-by", "installing {name} {version} by {author}: {count} change(s) to {files} file(s)", name = name, version = version, author = author, count = count, files = files),
    });
    for o in &outcomes {
        let done = o.done.as_ref().map(done_text).unwrap_or_else(|_| Message::from(""));
        lines.push(done.prefixed(&format!("  {} {}", o.op, o.address)));
    }
    if position < journal.mods.len() {
        lines.push(msg!("mods-placed", "  placed #{n} in the order, before {other}", n = position + 1, other = shown(&journal.mods[position].name)));
    }
    if opts.dry_run {
        lines.push(dry_run_line());
        return Ok(None);
    }
    let no_stage = || io_said(io::ErrorKind::Other, msg!("mods-no-stage", "{path}: no folder to stage the new files in", path = Journal::dir(game).display().to_string()));
    let stage = stage.ok_or_else(no_stage)?;
    if let Some(out) = &opts.to {
        for p in &planned {
            match &p.staged {
                Some(name) => {
                    // The output folder is checked as the game folder is: nothing is written
                    // through a link out of it.
                    let target = file_inside(out, &p.file)?;
                    if let Some(parent) = target.parent() {
                        std::fs::create_dir_all(parent)?;
                    }
                    let from = stage.path(name);
                    let moved = std::fs::rename(&from, &target).or_else(|_| std::fs::copy(&from, &target).map(|_| ()));
                    moved.map_err(|e| at_path(&target, e))?;
                }
                None => lines.push(msg!("mods-to-removed", "  {file} is removed by the mod: not written to {out}", file = &p.file, out = out.display().to_string())),
            }
        }
        let count = planned.iter().filter(|p| p.staged.is_some()).count();
        lines.push(msg!("mods-to-wrote", "wrote {count} file(s) under {out}; {game} is untouched", count = count, out = out.display().to_string(), game = game.display().to_string()));
        return Ok(None);
    }
    // The journal after the install.
    let mut next = journal.clone();
    let seq = next.next_seq;
    next.next_seq += 1;
    let package = format!("mods/{seq}.parkanmod");
    let mut snapshots = Vec::new();
    let index = next.file_index();
    for (n, p) in planned.iter().enumerate() {
        match index.get(&p.file.to_ascii_lowercase()) {
            Some(&i) => next.files[i].after = p.after.clone(),
            None => {
                let base = p.existed.then(|| format!("base/{seq}-{n}"));
                if let Some(b) = &base {
                    snapshots.push((p.file.clone(), b.clone()));
                }
                next.files.push(FileState { file: p.file.clone(), base, base_sha256: p.before.clone(), after: p.after.clone() });
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
        changes: pkg.changes.iter().map(|c| InstalledChange { file: spelled(&c.file), entry: c.entry.clone(), op: c.op.name().into() }).collect(),
    };
    next.mods.insert(position, installed);
    let copy = match lazy.source() {
        Source::File(p) => stage.put_copy(&msg!("mods-package-copy", "the package's copy").to_string(), p)?,
        Source::Bytes(b) => stage.put_other(&msg!("mods-package-copy", "the package's copy").to_string(), b)?,
    };
    let writes = Writes {
        what: format!("install of {:?}", pkg.meta.name),
        files: planned.into_iter().map(|p| (p.file, p.staged, p.after)).collect(),
        snapshots,
        extra: vec![(copy, package)],
    };
    let done = msg!(
        "mods-installed",
        "installed {name} as #{n} of {count} (journal: {journal})",
        name = shown(&pkg.meta.name),
        n = position + 1,
        count = next.mods.len(),
        journal = Journal::dir(game).display().to_string()
    );
    Ok(Some((writes, next, done)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::mods::{Meta, Op};

    fn add(file: &str, data: &[u8]) -> Change {
        Change { file: file.into(), entry: Vec::new(), op: Op::AddFile { data: SharedBytes::from(data) } }
    }

    #[test]
    fn a_lazy_package_holds_no_member_until_a_file_needs_it() {
        let pkg = Package { meta: Meta { name: "Lazy".into(), ..Meta::default() }, changes: vec![add("a.bin", b"first"), add("b.bin", b"second"), add("c.bin", b"first")] };
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("lazy.parkanmod");
        std::fs::write(&path, pkg.to_bytes().unwrap()).unwrap();
        let (read, mut lazy) = Package::open_lazy("lazy.parkanmod", Source::File(path.clone())).unwrap();
        assert_eq!(read.meta, pkg.meta);
        assert!(read.changes.iter().all(|c| c.op.new_bytes().is_some_and(|b| b.is_empty())), "nothing held");
        let loaded = lazy.load(&read, &[2, 1]).unwrap();
        assert_eq!(loaded, vec![pkg.changes[2].clone(), pkg.changes[1].clone()]);
        // A package rewritten since it was read and checked is refused when its bytes are read.
        let other = Package { changes: vec![add("a.bin", b"FIRST"), add("b.bin", b"second"), add("c.bin", b"FIRST")], ..pkg.clone() };
        std::fs::write(&path, other.to_bytes().unwrap()).unwrap();
        let e = lazy.load(&read, &[0]).unwrap_err().0.english;
        // (Its hash differs; a rewrite that moved the member may fail to inflate instead.)
        assert!(e.starts_with("lazy.parkanmod: ") && (e.contains("changed since the package was read") || e.contains("data/0001")), "{e}");
    }
}
