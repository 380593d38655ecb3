//! A game folder as one project: its files ([`walk`]), an index of every item in them and of
//! the names each item uses ([`index`]: texture ← MAT0 phase ← WEAR row ← mesh batches, lightmaps
//! the same way, X-Ray shader and texture names), the project's own findings (names that reach
//! nothing, a model without its table, names that shadow each other), search over names and
//! contained names ([`search`]) and a rename that rewrites what names the renamed entry
//! ([`rename`]).
//!
//! Names resolve through [`crate::doc::resolve`], the chain the WEAR editor, the exporter and
//! the 3D view use: the index is one more [`crate::doc::resolve::AssetSource`] over the
//! project's bytes (`assets.rs`), with the same library search and lookups. The index is built
//! from bytes, so it can take a document's unsaved bytes for one file or one item
//! ([`index::Index::update_file`], [`index::Index::update_item`]) and stay current with the
//! editor. See docs/architecture.md, "The project".

mod assets;
pub mod index;
pub mod rename;
pub mod search;
pub mod walk;

#[cfg(test)]
mod tests;

pub use index::{At, Index, Item, ItemId, Link, Ref, RefKind, Target};
pub use rename::{RenamePlan, Rewrite};
pub use search::{Hit, Query};
pub use walk::{ProjectFile, Walked, walk};

use crate::doc::listing::Listing;
use crate::doc::node::{EntryMeta, Node};
use crate::formats::{Message, Severity};
use crate::formats::bytes::SharedBytes;
use crate::formats::magic::FileKind;
use crate::formats::readings::Readings;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One finding about the project: a file that could not be walked or read, or a name that
/// reaches nothing, with the item it is about and, where there is one, the item at the other
/// end (for a link).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Problem {
    pub severity: Severity,
    /// The address of the file or item (`models/ROBOT.wea`, `Material.lib::STEEL`).
    pub file: String,
    pub offset: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The English text (what the CLI prints).
    pub message: String,
    /// The message's id and values when it was written with `msg!` (the JSON names the id).
    #[serde(rename = "id", serialize_with = "crate::formats::error::id_only", skip_serializing_if = "Option::is_none")]
    pub key: Option<Box<crate::formats::message::Key>>,
    /// The item at the other end (the entry the engine takes instead, the table looked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub related: Option<String>,
}

impl Problem {
    pub fn new(severity: Severity, file: impl Into<String>, offset: Option<u64>, message: impl Into<Message>) -> Problem {
        let Message { english, key } = message.into();
        Problem { severity, file: file.into(), offset, line: None, message: english, key, related: None }
    }
    pub fn error(file: impl Into<String>, offset: Option<u64>, message: impl Into<Message>) -> Problem {
        Problem::new(Severity::Error, file, offset, message)
    }
    pub fn warning(file: impl Into<String>, offset: Option<u64>, message: impl Into<Message>) -> Problem {
        Problem::new(Severity::Warning, file, offset, message)
    }
    pub fn info(file: impl Into<String>, offset: Option<u64>, message: impl Into<Message>) -> Problem {
        Problem::new(Severity::Info, file, offset, message)
    }
    /// The message alone, with its id (the editor shows it in the user's language).
    pub fn text(&self) -> Message {
        Message { english: self.message.clone(), key: self.key.clone() }
    }
    fn related(mut self, other: impl Into<String>) -> Problem {
        self.related = Some(other.into());
        self
    }
    fn at_line(mut self, line: u32) -> Problem {
        self.line = Some(line);
        self
    }
}

/// A walked game folder. Walking reads a few bytes of each file; archives are opened when
/// asked ([`Project::directory`]: the directory only) and read whole only by the index.
#[derive(Debug, Clone)]
pub struct Project {
    pub root: PathBuf,
    pub walked: Walked,
}

impl Project {
    pub fn open(root: &Path) -> Project {
        Project { root: root.to_path_buf(), walked: walk(root) }
    }

    pub fn files(&self) -> &[ProjectFile] {
        &self.walked.files
    }

    /// The file at a project path (ASCII case-insensitively, `/` or `\` between folders).
    pub fn file(&self, rel: &str) -> Option<&ProjectFile> {
        let want = rel.replace('\\', "/");
        self.walked.files.iter().find(|f| f.rel.eq_ignore_ascii_case(&want))
    }

    /// The project path of a file given as a path on disk (relative to the working folder or
    /// absolute), when it lies in the project.
    pub fn rel_of(&self, path: &Path) -> Option<String> {
        let canon = std::fs::canonicalize(path).ok()?;
        self.walked.files.iter().find(|f| std::fs::canonicalize(&f.path).is_ok_and(|c| c == canon)).map(|f| f.rel.clone())
    }

    /// The entries of an archive file for the tree: an NRes directory read without its
    /// payloads, an RsLi file read whole (its directory is encrypted in the header).
    pub fn directory(&self, file: &ProjectFile) -> std::io::Result<Vec<EntryMeta>> {
        if file.kind == FileKind::Nres
            && let Some(l) = Listing::read(&file.path)?
        {
            return Ok(l.metas());
        }
        let bytes = std::fs::read(&file.path)?;
        match Node::parse(file.name(), SharedBytes::from(bytes)) {
            Ok((n, _)) => Ok(n.metas()),
            Err(e) => Err(std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string())),
        }
    }

    /// Reads every file and builds the index (on up to two threads).
    pub fn index(&self, readings: &Readings) -> Index {
        let mut ix = Index::build(&self.walked.files, readings);
        ix.add_walk_problems(&self.walked.problems);
        ix
    }
}
