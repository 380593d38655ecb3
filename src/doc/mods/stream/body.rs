//! The files a mod command builds on disk ([`Body`]) and the staging folder they are built in
//! ([`Scratch`]).

use super::Hashing;
use crate::doc::mods::change::{Digest, hex};
use crate::formats::bytes::SharedBytes;
use sha2::Digest as _;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A file's bytes while a mod command builds it.
pub(in crate::doc::mods) enum Body {
    /// The file does not exist (or is removed).
    Absent,
    Mem(SharedBytes),
    Disk(OnDisk),
    /// Built and not kept: a dry run's last step, whose bytes nothing reads.
    Built,
}

/// A file on disk: the game's, a snapshot, or one a step built ([`Scratch`], removed when
/// dropped unless staged).
pub(in crate::doc::mods) struct OnDisk {
    pub(super) path: PathBuf,
    pub(super) len: u64,
    pub(super) sha: Option<String>,
    pub(super) scratch: bool,
}

impl Drop for OnDisk {
    fn drop(&mut self) {
        if self.scratch {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl OnDisk {
    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn is_scratch(&self) -> bool {
        self.scratch
    }
    /// Keeps the file when this is dropped (it was moved into the stage).
    pub fn keep(mut self) {
        self.scratch = false;
    }
    pub fn sha(&mut self) -> io::Result<String> {
        if self.sha.is_none() {
            let mut h = sha2::Sha256::default();
            io::copy(&mut File::open(&self.path).map_err(|e| named(&self.path, e))?, &mut h).map_err(|e| named(&self.path, e))?;
            self.sha = Some(hex(&h.finalize()));
        }
        Ok(self.sha.clone().unwrap_or_default())
    }
}

pub(in crate::doc::mods) fn named(p: &Path, e: io::Error) -> io::Error {
    crate::doc::mods::text::at_path(p, e)
}

impl Body {
    /// The file at `path` as it is on disk (not read).
    pub fn of_file(path: &Path) -> io::Result<Body> {
        match std::fs::metadata(path) {
            Ok(m) if m.is_file() => Ok(Body::Disk(OnDisk { path: path.to_path_buf(), len: m.len(), sha: None, scratch: false })),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Body::Absent),
            // Not a plain file: reading it gives the error that names it.
            _ => Ok(crate::doc::mods::manage::read_opt(path)?.map_or(Body::Absent, Body::Mem)),
        }
    }

    pub fn is_absent(&self) -> bool {
        matches!(self, Body::Absent)
    }

    /// The file's path, for a body on disk.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Body::Disk(d) => Some(&d.path),
            _ => None,
        }
    }

    /// The SHA-256 of the bytes (`None`: absent, or built and not kept).
    pub fn sha(&mut self) -> io::Result<Option<String>> {
        match self {
            Body::Absent | Body::Built => Ok(None),
            Body::Mem(b) => Ok(Some(crate::doc::mods::change::sha256_hex(b))),
            Body::Disk(d) => d.sha().map(Some),
        }
    }

    /// The bytes, read whole (the in-memory way).
    pub fn load(&self) -> io::Result<Option<SharedBytes>> {
        match self {
            Body::Absent => Ok(None),
            Body::Mem(b) => Ok(Some(b.clone())),
            Body::Disk(d) => crate::doc::mods::manage::read_opt(&d.path),
            Body::Built => Err(crate::doc::mods::text::io_said(io::ErrorKind::Other, crate::msg!("mods-dry-run-not-kept", "a dry run's file was not kept"))),
        }
    }
}

/// Where a command's steps write the files they build: its staging folder, a temporary
/// folder (a dry run that rebuilds through several mods), or nowhere (a dry run's last step).
pub(in crate::doc::mods) struct Scratch {
    dir: Option<PathBuf>,
    temp: Option<tempfile::TempDir>,
    pub(super) discard: bool,
    next: usize,
}

impl Scratch {
    pub fn in_dir(dir: &Path) -> Scratch {
        Scratch { dir: Some(dir.to_path_buf()), temp: None, discard: false, next: 0 }
    }
    /// A temporary folder, made when a step first writes.
    pub fn temporary() -> Scratch {
        Scratch { dir: None, temp: None, discard: false, next: 0 }
    }
    /// Nothing written: each step's result is [`Body::Built`] (only its outcomes are wanted).
    pub fn discard() -> Scratch {
        Scratch { dir: None, temp: None, discard: true, next: 0 }
    }

    /// Whether nothing is written ([`Scratch::discard`]).
    pub fn discards(&self) -> bool {
        self.discard
    }

    /// A new file of the scratch folder holding what `write` writes, hashed as it goes; removed
    /// again when `write` fails.
    pub fn build(&mut self, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> io::Result<OnDisk> {
        let (p, f) = self.create()?;
        let mut w = Hashing::new(io::BufWriter::with_capacity(1 << 16, f));
        let written = write(&mut w).and_then(|_| w.flush());
        let Digest { size, sha256 } = w.digest();
        let built = OnDisk { path: p, len: size, sha: Some(sha256), scratch: true };
        written.map_err(|e| if e.kind() == io::ErrorKind::InvalidData { e } else { named(&built.path, e) })?;
        Ok(built)
    }

    pub(super) fn create(&mut self) -> io::Result<(PathBuf, File)> {
        let dir = match (&self.dir, &self.temp) {
            (Some(d), _) => d.clone(),
            (None, Some(t)) => t.path().to_path_buf(),
            (None, None) => {
                let t = tempfile::Builder::new().prefix("parkan-mod-").tempdir()?;
                let d = t.path().to_path_buf();
                self.temp = Some(t);
                d
            }
        };
        self.next += 1;
        let p = dir.join(format!("build-{}", self.next));
        let f = File::create(&p).map_err(|e| named(&p, e))?;
        Ok((p, f))
    }
}

