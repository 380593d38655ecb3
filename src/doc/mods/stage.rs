//! The staging folder of a transaction in the making (see `journal`): each new file is written
//! there as soon as it is built and flushed to disk, and its bytes are dropped, so a mod
//! command holds one file at a time however many it writes. Nothing reads a staged file before
//! the commit point names it; a command that fails before then removes the folder, and one
//! killed before then leaves it for the next `mod` command to remove.

use super::journal::{Journal, KillAt, killed};
use super::paths::{JOURNAL_DIR, folder_inside};
use super::stream::Body;
use super::text::{at_path, io_said};
use crate::msg;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub struct Stage {
    dir: PathBuf,
    /// The journal's folder when this stage made it (removed again with the stage when empty).
    made: Option<PathBuf>,
    next: usize,
    /// A folder under `--to`'s output, removed when this is dropped.
    _temp: Option<tempfile::TempDir>,
}

impl Stage {
    /// The game folder's staging folder (`.parkan-mods/stage`), empty: a killed command's
    /// leftovers were removed by `recover` first.
    pub fn begin(game: &Path) -> io::Result<Stage> {
        folder_inside(game, JOURNAL_DIR)?;
        let journal = Journal::dir(game);
        let made = (!journal.exists()).then(|| journal.clone());
        let dir = journal.join("stage");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| at_path(&dir, e))?;
        Ok(Stage { dir, made, next: 0, _temp: None })
    }

    /// A staging folder inside `out` (`--to`), so that its files are renamed into place.
    pub fn temporary_in(out: &Path) -> io::Result<Stage> {
        let t = tempfile::Builder::new().prefix(".parkan-stage").tempdir_in(out).map_err(|e| at_path(out, e))?;
        Ok(Stage { dir: t.path().to_path_buf(), made: None, next: 0, _temp: Some(t) })
    }

    /// The staging folder itself (members spilled there go with it).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn name(&mut self) -> String {
        self.next += 1;
        format!("{}", self.next - 1)
    }

    /// Stages the new bytes of `what` (a game path); the staged file's name. `kill` is the
    /// tests' simulated kill, asked after each file ("staging").
    pub fn put(&mut self, what: &str, bytes: &[u8], kill: KillAt) -> io::Result<String> {
        let name = self.name();
        write_synced(&self.dir.join(&name), bytes).map_err(|e| staging_new(what, e))?;
        if kill("staging") {
            return Err(killed("staging"));
        }
        Ok(name)
    }

    /// Stages `body`, the new bytes of `what` (a game path; not absent): a file built in this
    /// stage is moved to its staged name, another file copied, bytes in memory written; each
    /// flushed to disk. The staged file's name; `kill` is asked after it, as for [`Stage::put`].
    pub(super) fn put_body(&mut self, what: &str, body: Body, kill: KillAt) -> io::Result<Option<String>> {
        let name = match body {
            Body::Absent | Body::Built => return Ok(None),
            Body::Mem(b) => return self.put(what, &b, kill).map(Some),
            Body::Disk(d) => {
                let name = self.name();
                let to = self.dir.join(&name);
                let staged = if d.is_scratch() && d.path().parent() == Some(&self.dir) {
                    std::fs::rename(d.path(), &to).and_then(|_| std::fs::File::open(&to)?.sync_all()).map(|_| d.keep())
                } else {
                    std::fs::copy(d.path(), &to).and_then(|_| std::fs::File::open(&to)?.sync_all())
                };
                staged.map_err(|e| staging_new(what, e))?;
                name
            }
        };
        if kill("staging") {
            return Err(killed("staging"));
        }
        Ok(Some(name))
    }

    /// Stages a copy of the file `from` (a package), streamed.
    pub fn put_copy(&mut self, what: &str, from: &Path) -> io::Result<String> {
        let name = self.name();
        let to = self.dir.join(&name);
        let copied = std::fs::copy(from, &to).and_then(|_| std::fs::File::open(&to)?.sync_all());
        copied.map_err(|e| staging(what, e))?;
        Ok(name)
    }

    /// Stages bytes that are not a game file (a package held in memory).
    pub fn put_other(&mut self, what: &str, bytes: &[u8]) -> io::Result<String> {
        let name = self.name();
        write_synced(&self.dir.join(&name), bytes).map_err(|e| staging(what, e))?;
        Ok(name)
    }

    /// Removes what was staged (nothing of the game was touched).
    pub fn abandon(self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some(j) = &self.made {
            let _ = std::fs::remove_dir(j);
        }
    }
}

/// Writes `bytes` to a new file and flushes it to disk. Staged files need no temporary file of
/// their own: nothing reads them before `txn.json` says they are complete.
pub fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = std::fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// `staging the new FILE: error`.
fn staging_new(what: &str, e: io::Error) -> io::Error {
    io_said(e.kind(), msg!("mods-staging-new", "staging the new {what}: {error}", what = what, error = e.to_string()))
}

/// `staging WHAT: error`, for what is not a game file (the package's copy).
fn staging(what: &str, e: io::Error) -> io::Error {
    io_said(e.kind(), msg!("mods-staging", "staging {what}: {error}", what = what, error = e.to_string()))
}
