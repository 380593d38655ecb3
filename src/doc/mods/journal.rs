//! What is installed in a game folder, and the transaction that changes it.
//!
//! The journal lives in `GAME/.parkan-mods/` (docs/formats/parkanmod.md, "The journal"):
//! `journal.json` lists the installed mods in order with their changes, and every game file
//! some installed mod touches with the file as it was before the first of them: a snapshot in
//! `base/` (a hard link to the replaced file where the file system allows, so keeping it costs
//! no copy; it holds the original bytes of every entry the mods replaced or removed). A copy of
//! each installed package is kept in `mods/`, so that the others can be applied again when one
//! goes.
//!
//! A change to the game folder is one transaction: the new files are staged in `stage/`, each
//! flushed to disk as soon as it is built (`stage`), then `txn.json` is written through the
//! atomic save (`doc::save`; the commit point), then
//! each staged file is renamed over its game file and the staged journal over `journal.json`.
//! Killed before the commit point, the game files are untouched and the next `mod` command
//! removes what was staged; killed after it, the next `mod` command finishes the renames
//! ([`recover`]). A full disk fails while staging, before any game file is touched.

use super::change::sha256_hex;
use super::paths::{JOURNAL_DIR, file_inside, folder_inside};
use super::stage::write_synced;
use super::text::{at_path, io_said, on_path};
use crate::formats::message::Message;
use crate::msg;
use crate::doc::save::{atomic_write, save_target};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

pub const JOURNAL_VERSION: u32 = 1;

/// One change of an installed mod, as `status` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InstalledChange {
    pub file: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entry: Vec<String>,
    pub op: String,
}

impl InstalledChange {
    /// `File.lib::ENTRY` for people, control characters escaped (a journal written before
    /// packages were checked for them may hold some).
    pub fn address(&self) -> String {
        let joined = std::iter::once(self.file.as_str()).chain(self.entry.iter().map(String::as_str)).collect::<Vec<_>>().join("::");
        super::text::shown(&joined).into_owned()
    }

    pub fn key(&self) -> Vec<String> {
        std::iter::once(&self.file).chain(&self.entry).map(|s| s.to_ascii_lowercase()).collect()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Installed {
    /// Unique in this game folder for as long as it is installed; names its files here.
    pub seq: u64,
    pub name: String,
    #[serde(default)]
    pub version: String,
    #[serde(default)]
    pub author: String,
    /// The package's copy, relative to the journal's folder.
    pub package: String,
    pub changes: Vec<InstalledChange>,
}

impl Installed {
    pub fn touches(&self, file: &str) -> bool {
        self.changes.iter().any(|c| c.file.eq_ignore_ascii_case(file))
    }
}

/// A game file some installed mod touches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileState {
    /// The game path as the folder spells it.
    pub file: String,
    /// The snapshot of the file before the first installed mod touched it, relative to the
    /// journal's folder; `None`: the file did not exist.
    pub base: Option<String>,
    /// The snapshot's SHA-256, checked before it is used: a tool that rewrote the game file
    /// in place (not by replacing it) would have changed a hard-linked snapshot too.
    #[serde(default)]
    pub base_sha256: Option<String>,
    /// The SHA-256 of the file as the last transaction left it; `None`: removed. A file that
    /// differs was changed by hand since.
    pub after: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Journal {
    pub version: u32,
    pub next_seq: u64,
    pub mods: Vec<Installed>,
    pub files: Vec<FileState>,
}

impl Journal {
    pub fn dir(game: &Path) -> PathBuf {
        game.join(JOURNAL_DIR)
    }

    /// The game folder's journal; an empty one when nothing was ever installed.
    pub fn load(game: &Path) -> io::Result<Journal> {
        let path = Journal::dir(game).join("journal.json");
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Journal { version: JOURNAL_VERSION, ..Journal::default() }),
            Err(e) => return Err(at_path(&path, e)),
        };
        let j: Journal = serde_json::from_slice(&bytes).map_err(|e| io_said(io::ErrorKind::InvalidData, on_path(path.display(), e)))?;
        if j.version != JOURNAL_VERSION {
            let m = msg!("mods-journal-version", "{path}: journal version {version} is not one this tool reads", path = path.display().to_string(), version = j.version);
            return Err(io_said(io::ErrorKind::InvalidData, m));
        }
        Ok(j)
    }

    pub fn file(&self, game_path: &str) -> Option<&FileState> {
        self.files.iter().find(|f| f.file.eq_ignore_ascii_case(game_path))
    }

    /// Each listed file's index by its lower-cased path.
    pub fn file_index(&self) -> std::collections::HashMap<String, usize> {
        self.files.iter().enumerate().map(|(i, f)| (f.file.to_ascii_lowercase(), i)).collect()
    }

    pub fn find_mod(&self, name: &str) -> Option<usize> {
        self.mods.iter().position(|m| m.name.eq_ignore_ascii_case(name))
    }

    /// Every file in the journal's folder the journal refers to.
    fn referenced(&self) -> HashSet<String> {
        let mut r: HashSet<String> = self.files.iter().filter_map(|f| f.base.clone()).collect();
        r.extend(self.mods.iter().map(|m| m.package.clone()));
        r
    }
}

/// One file a transaction writes: its game path as on disk, the staged bytes' name
/// (`None`: the file is removed) and the SHA-256 it ends with.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct TxnWrite {
    file: String,
    stage: Option<String>,
    after: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Txn {
    /// What is being done, for the message after a recovery (`install "Gold walls"`).
    what: String,
    writes: Vec<TxnWrite>,
    /// Staged files that go into the journal's folder (staged name, name there).
    #[serde(default)]
    extra: Vec<(String, String)>,
}

/// A simulated `kill -9` between two steps of a transaction: tests pass a function that
/// answers true at the step to die at; the transaction then returns at once, cleaning up
/// nothing, exactly as a killed process leaves the disk.
pub type KillAt<'a> = &'a mut dyn FnMut(&str) -> bool;

pub fn killed(step: &str) -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, format!("killed at {step} (test)"))
}

/// What a transaction writes, its files already staged ([`super::stage::Stage`]): each game file's staged
/// name (`None`: removed) with the SHA-256 it ends with, the snapshots to take first (game
/// path, the name in the journal's folder), and staged files to move into the journal's folder
/// (a package's copy: staged name, name there).
pub struct Writes {
    pub what: String,
    pub files: Vec<(String, Option<String>, Option<String>)>,
    pub snapshots: Vec<(String, String)>,
    pub extra: Vec<(String, String)>,
}

/// Keeps `src` (a game file) as `dst` in the journal's folder: a hard link, or a copy where the
/// file system has none.
fn snapshot(src: &Path, dst: &Path) -> io::Result<()> {
    if let Some(p) = dst.parent() {
        std::fs::create_dir_all(p)?;
    }
    let _ = std::fs::remove_file(dst);
    let src = save_target(src)?;
    if std::fs::hard_link(&src, dst).is_ok() {
        return Ok(());
    }
    let bytes = std::fs::read(&src)?;
    atomic_write(dst, &bytes)
}

/// Carries out a transaction (see the module's notes). `kill` is the tests' simulated kill.
pub fn commit(game: &Path, w: &Writes, journal: &Journal, kill: KillAt) -> io::Result<()> {
    let dir = Journal::dir(game);
    let stage = dir.join("stage");
    let r = stage_all(game, &dir, &stage, w, journal, kill);
    match r {
        Ok(txn) => finish(game, &dir, &txn, kill),
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
        Err(e) => {
            // Nothing of the game was touched: take back what was staged or snapshotted.
            let _ = std::fs::remove_dir_all(&stage);
            for (_, name) in &w.snapshots {
                let _ = std::fs::remove_file(dir.join(name));
            }
            Err(super::install::nothing_changed(e))
        }
    }
}

fn stage_all(game: &Path, dir: &Path, stage: &Path, w: &Writes, journal: &Journal, kill: KillAt) -> io::Result<Txn> {
    // Every path is checked again before the commit point (the folder may have changed since
    // the plan): after it, nothing may fail that the recovery could not finish.
    folder_inside(game, JOURNAL_DIR)?;
    check_writes(game, &w.files)?;
    std::fs::create_dir_all(stage).map_err(|e| at_path(stage, e))?;
    for (file, staged, _) in &w.files {
        if let Some(s) = staged
            && !stage.join(s).is_file()
        {
            return Err(io_said(io::ErrorKind::Other, msg!("mods-staged-missing", "the staged new {file} is missing", file = file)));
        }
    }
    for (file, name) in &w.snapshots {
        let src = file_inside(game, file)?;
        snapshot(&src, &dir.join(name)).map_err(|e| io_said(e.kind(), msg!("mods-keeping-original", "keeping the original {file}: {error}", file = file, error = e.to_string())))?;
    }
    if kill("snapshots") {
        return Err(killed("snapshots"));
    }
    let extra = w.extra.clone();
    let writes = w.files.iter().map(|(file, staged, sha)| TxnWrite { file: file.clone(), stage: staged.clone(), after: sha.clone() }).collect();
    let json = serde_json::to_vec_pretty(journal).map_err(io::Error::other)?;
    write_synced(&stage.join("journal.json"), &json).map_err(|e| io_said(e.kind(), msg!("mods-staging-journal", "staging the journal: {error}", error = e.to_string())))?;
    // The staged names must be durable before the commit point names them.
    if let Ok(d) = std::fs::File::open(stage) {
        let _ = d.sync_all();
    }
    let txn = Txn { what: w.what.clone(), writes, extra };
    if kill("staged") {
        return Err(killed("staged"));
    }
    atomic_write(&dir.join("txn.json"), &serde_json::to_vec_pretty(&txn).map_err(io::Error::other)?)?;
    Ok(txn)
}

/// The files a transaction writes, checked as a whole before its commit point: each path
/// inside the game folder ([`file_inside`]), and no file written where another write needs a
/// folder (the package reader refuses that within one package; a revert could meet it across
/// two).
fn check_writes(game: &Path, files: &[(String, Option<String>, Option<String>)]) -> io::Result<()> {
    let written: HashSet<String> = files.iter().filter(|(_, b, _)| b.is_some()).map(|(f, _, _)| f.to_ascii_lowercase()).collect();
    for (file, bytes, _) in files {
        file_inside(game, file)?;
        if bytes.is_some() {
            let lower = file.to_ascii_lowercase();
            let mut end = 0;
            while let Some(slash) = lower[end..].find('/') {
                end += slash;
                if written.contains(&lower[..end]) {
                    let m = msg!("mods-file-where-folder", "{written}: a file is written where {file} needs a folder", written = &file[..end], file = file);
                    return Err(io_said(io::ErrorKind::Other, m));
                }
                end += 1;
            }
        }
    }
    Ok(())
}

/// Puts one staged file in place of its game file: a rename where they share a file system,
/// else the atomic save of its bytes.
fn place(staged: &Path, target: &Path) -> io::Result<()> {
    let target = save_target(target)?;
    if let Some(p) = target.parent() {
        std::fs::create_dir_all(p)?;
    }
    // A replaced game file keeps its permissions, as a save does.
    if let Ok(m) = std::fs::metadata(&target) {
        let _ = std::fs::set_permissions(staged, m.permissions());
    }
    if std::fs::rename(staged, &target).is_ok() {
        return Ok(());
    }
    let bytes = std::fs::read(staged)?;
    atomic_write(&target, &bytes)?;
    std::fs::remove_file(staged)
}

fn file_sha(p: &Path) -> Option<String> {
    std::fs::read(p).ok().map(|b| sha256_hex(&b))
}

/// The steps after the commit point; run again by [`recover`], so each is done only when the
/// disk shows it is not yet.
fn finish(game: &Path, dir: &Path, txn: &Txn, kill: KillAt) -> io::Result<()> {
    let stage = dir.join("stage");
    for (n, w) in txn.writes.iter().enumerate() {
        let target = file_inside(game, &w.file)?;
        match &w.stage {
            Some(name) => {
                let staged = stage.join(name);
                if staged.exists() {
                    place(&staged, &target).map_err(|e| at_path(&target, e))?;
                } else if file_sha(&target) != w.after {
                    let m = msg!("mods-staged-gone", "{file}: its staged copy is gone and the file is not as the transaction left it", file = &w.file);
                    return Err(io_said(io::ErrorKind::Other, m));
                }
            }
            None => match std::fs::remove_file(&target) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(at_path(&target, e)),
            },
        }
        if kill(&format!("file {}", n + 1)) {
            return Err(killed("a file"));
        }
    }
    if let Ok(d) = std::fs::File::open(game) {
        let _ = d.sync_all();
    }
    for (staged, name) in &txn.extra {
        let from = stage.join(staged);
        if from.exists() {
            let to = dir.join(name);
            if let Some(p) = to.parent() {
                std::fs::create_dir_all(p).map_err(|e| at_path(p, e))?;
            }
            std::fs::rename(&from, &to).map_err(|e| at_path(&to, e))?;
        }
    }
    let staged_journal = stage.join("journal.json");
    if staged_journal.exists() {
        std::fs::rename(&staged_journal, dir.join("journal.json")).map_err(|e| at_path(&dir.join("journal.json"), e))?;
    }
    if kill("journal") {
        return Err(killed("journal"));
    }
    std::fs::remove_file(dir.join("txn.json")).map_err(|e| at_path(&dir.join("txn.json"), e))?;
    let _ = std::fs::remove_dir_all(&stage);
    collect_garbage(game)?;
    Ok(())
}

/// Removes files in the journal's folder that the journal does not refer to (snapshots and
/// package copies of a transaction that did not commit, or of mods reverted).
fn collect_garbage(game: &Path) -> io::Result<usize> {
    let dir = Journal::dir(game);
    let journal = Journal::load(game)?;
    let keep = journal.referenced();
    let mut removed = 0;
    for sub in ["base", "mods"] {
        let Ok(rd) = std::fs::read_dir(dir.join(sub)) else { continue };
        for e in rd.flatten() {
            let name = format!("{sub}/{}", e.file_name().to_string_lossy());
            if !keep.contains(&name) {
                std::fs::remove_file(e.path())?;
                removed += 1;
            }
        }
    }
    Ok(removed)
}

/// Finishes or rolls back a transaction a killed process left; the sentence to print, if there
/// was one.
pub fn recover(game: &Path) -> io::Result<Option<Message>> {
    let dir = Journal::dir(game);
    let txn_path = dir.join("txn.json");
    if let Ok(bytes) = std::fs::read(&txn_path) {
        let txn: Txn = serde_json::from_slice(&bytes).map_err(|e| io_said(io::ErrorKind::InvalidData, on_path(txn_path.display(), e)))?;
        finish(game, &dir, &txn, &mut |_| false)?;
        // `what` is the journal's own record (`install of "X"`), written in English.
        return Ok(Some(msg!("mods-recovered", "finished the interrupted {what} (it had been committed; the journal now lists it)", what = txn.what)));
    }
    let stage = dir.join("stage");
    let staged = stage.exists();
    if staged {
        std::fs::remove_dir_all(&stage)?;
    }
    let removed = if dir.exists() { collect_garbage(game)? } else { 0 };
    Ok((staged || removed > 0).then(|| msg!("mods-rolled-back", "rolled back an interrupted mod command that had not committed; the game files were not touched")))
}
