//! The installed mods' packages a rebuild reads: an install placed before other installed
//! mods, and a revert, rebuild each file they share from its snapshot through the other mods
//! in order (docs/formats/parkanmod.md, "The journal"). Each package is opened from its copy
//! in the journal's folder holding no member ([`Package::open_installed`]), and only the
//! changes of the file being rebuilt are read, with their members, when it is rebuilt; so
//! memory is a constant plus the file being rebuilt, whatever the other mods hold.

use super::change::Change;
use super::journal::{Installed, Journal};
use super::manage::ModError;
use super::package::{Lazy, Package};
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

    /// The changes of the installed mod `m` to the file `key` (lower-cased), with their bytes;
    /// none when it does not touch the file.
    pub fn changes(&mut self, m: &Installed, key: &str) -> Result<Vec<Change>, ModError> {
        let shelved = match self.open.entry(m.seq) {
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
        };
        match shelved.by_file.get(key) {
            Some(which) => Ok(shelved.lazy.load(&shelved.pkg, which)?),
            None => Ok(Vec::new()),
        }
    }

    /// Members inflated from the installed packages so far.
    #[cfg(test)]
    pub fn inflated(&self) -> usize {
        self.open.values().map(|s| s.lazy.inflated()).sum()
    }
}
