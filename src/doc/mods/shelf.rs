//! The installed mods' packages a rebuild reads: an install placed before other installed
//! mods, and a revert, rebuild each file they share from its snapshot through the other mods
//! in order (docs/formats/parkanmod.md, "The journal"). Each package is opened from its copy
//! in the journal's folder holding no member ([`Package::open_installed`]), and only the
//! changes of the file being rebuilt are read when it is rebuilt (an entry's new bytes copied
//! from their member as the archive is written: [`Lazy::load_fed`]); so memory does not grow
//! with what the other mods hold.

use super::apply::Fed;
use super::change::Change;
use super::journal::{Installed, Journal};
use super::manage::ModError;
use super::package::{Lazy, Package};
use super::stream::Feed;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One opened package: its changes (no bytes), their indices by lower-cased file, and the
/// members to read them from.
struct Shelved {
    pkg: Package,
    by_file: HashMap<String, Vec<usize>>,
    lazy: Lazy,
}

/// The installed packages of one mod command, each opened when first needed.
pub(super) struct Shelf {
    journal_dir: PathBuf,
    /// The command's staging folder, where members several files name are spilled.
    spill: Option<PathBuf>,
    open: HashMap<u64, Shelved>,
}

impl Shelf {
    pub fn new(game: &Path, spill: Option<&Path>) -> Shelf {
        Shelf { journal_dir: Journal::dir(game), spill: spill.map(Path::to_path_buf), open: HashMap::new() }
    }

    /// The package of the installed mod `m`, opened when first asked for.
    fn open(&mut self, m: &Installed) -> Result<&mut Shelved, ModError> {
        Ok(match self.open.entry(m.seq) {
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let (pkg, mut lazy) = Package::open_installed(&self.journal_dir.join(&m.package))?;
                if let Some(dir) = &self.spill {
                    lazy.spill_into(dir, &format!("member-{}-", m.seq));
                }
                let mut by_file: HashMap<String, Vec<usize>> = HashMap::new();
                for (i, c) in pkg.changes.iter().enumerate() {
                    by_file.entry(c.file.to_ascii_lowercase()).or_default().push(i);
                }
                v.insert(Shelved { pkg, by_file, lazy })
            }
        })
    }

    /// The changes of the installed mod `m` to the file `key` (lower-cased), with their bytes,
    /// but an entry's new payload not read: a source of the mod's [`Shelf::feed`]
    /// ([`Lazy::load_fed`]); none when it does not touch the file.
    pub fn changes_fed(&mut self, m: &Installed, key: &str) -> Result<(Vec<Change>, Vec<Option<Fed>>), ModError> {
        let shelved = self.open(m)?;
        match shelved.by_file.get(key) {
            Some(which) => Ok(shelved.lazy.load_fed(&shelved.pkg, which)?),
            None => Ok((Vec::new(), Vec::new())),
        }
    }

    /// Where the sources of `m`'s changes last read by [`Shelf::changes_fed`] are copied from.
    pub fn feed(&mut self, m: &Installed) -> Result<&mut dyn Feed, ModError> {
        Ok(&mut self.open(m)?.lazy)
    }

    /// Members inflated from the installed packages so far.
    #[cfg(test)]
    pub fn inflated(&self) -> usize {
        self.open.values().map(|s| s.lazy.inflated()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::mods::change::Op;
    use crate::doc::mods::manage::{InstallOptions, install};
    use crate::doc::mods::package::Meta;
    use crate::formats::bytes::SharedBytes;

    fn add(file: &str, data: &[u8]) -> Change {
        Change { file: file.into(), entry: Vec::new(), op: Op::AddFile { data: SharedBytes::from(data) } }
    }

    #[test]
    fn a_rebuild_reads_only_the_members_of_the_file_it_rebuilds() {
        let t = tempfile::tempdir().unwrap();
        let game = t.path().join("game");
        std::fs::create_dir(&game).unwrap();
        let changes: Vec<Change> = (0..5).map(|i| add(&format!("f{i}.bin"), format!("bytes of file {i}").as_bytes())).collect();
        let pkg = Package { meta: Meta { name: "Five".into(), ..Meta::default() }, changes };
        let path = t.path().join("five.parkanmod");
        std::fs::write(&path, pkg.to_bytes().unwrap()).unwrap();
        install(&game, &path, &InstallOptions::default(), &mut |_| false).unwrap();
        let journal = Journal::load(&game).unwrap();
        let mut shelf = Shelf::new(&game, None);
        assert_eq!(shelf.inflated(), 0);
        // A whole file's bytes are a source, copied from its member when the file is written.
        let (got, fed) = shelf.changes_fed(&journal.mods[0], "f3.bin").unwrap();
        assert_eq!((got.len(), got[0].file.as_str()), (1, "f3.bin"));
        let want = b"bytes of file 3";
        let f = fed[0].clone().expect("the new bytes are a source");
        assert_eq!(f.digest, crate::doc::mods::change::Digest::of(want));
        let mut copied = Vec::new();
        shelf.feed(&journal.mods[0]).unwrap().copy(f.id, &mut copied).unwrap();
        assert_eq!(copied, want);
        assert_eq!(shelf.inflated(), 1, "one file's member, not the package's five");
        assert!(shelf.changes_fed(&journal.mods[0], "other.bin").unwrap().0.is_empty());
        assert_eq!(shelf.inflated(), 1);
        // A copy that is gone is an error naming it, not a panic.
        std::fs::remove_file(Journal::dir(&game).join(&journal.mods[0].package)).unwrap();
        let mut shelf = Shelf::new(&game, None);
        let e = shelf.changes_fed(&journal.mods[0], "f0.bin").unwrap_err().to_string();
        assert!(e.contains(&journal.mods[0].package), "{e}");
    }
}
