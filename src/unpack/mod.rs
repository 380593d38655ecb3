//! Unpack a game folder into files people edit and keep in version control, and pack it back
//! (docs/unpack.md). Archives become folders (`Textures.lib/BRICK00.0.png`): textures as PNG,
//! materials as TOML text ([`material_text`]), everything else as its bytes, models with a
//! glTF beside them for looking. Each archive folder's manifest keeps what those files do not
//! carry, so an untouched tree packs back byte-identical and an edited file becomes its
//! entry's new bytes through the editor's own conversions.
//!
//! Both directions run their items on `jobs` threads, report progress through [`Progress`],
//! go on past a bad item (collected in [`Report::failures`]) and stop between items when
//! [`Progress::cancelled`] says so. Every file is written to a temporary beside it and renamed,
//! so a stop never leaves a half-written file.

pub mod manifest;
mod names;
mod pack;
mod read;
mod tree;

/// The forms' conversions live in their kinds' folders (`doc::kinds::NAME::unpack`).
pub use crate::doc::kinds::mat0::text as material_text;
pub use crate::doc::kinds::texm::unpack as texture;
pub use pack::pack;
pub use texture::Compression;
pub use tree::unpack;

use crate::formats::message::{Key, Message};
use crate::formats::readings::Readings;
use crate::msg;
use std::path::{Path, PathBuf};

/// Settings of both directions.
#[derive(Debug, Clone)]
pub struct Options {
    /// Worker threads (at least 1).
    pub jobs: usize,
    pub compression: Compression,
    /// Unpack: the readings textures are decoded with (kept in the root manifest; pack uses
    /// those).
    pub readings: Readings,
    /// Unpack: a glTF (`.glb`) beside every model, for looking.
    pub models: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { jobs: default_jobs(), compression: Compression::Fast, readings: Readings::default(), models: true }
    }
}

/// Every core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Where a long run reports to. Called from the worker threads.
pub trait Progress: Sync {
    /// The work ahead: items (files) and bytes.
    fn begin(&self, _items: u64, _bytes: u64) {}
    /// Bytes of input done (an entry, or a loose file).
    fn advance(&self, _bytes: u64) {}
    /// One item (file) done.
    fn item_done(&self, _what: &str) {}
    /// Checked between items: stop when true.
    fn cancelled(&self) -> bool {
        false
    }
}

/// No reporting, never cancelled.
pub struct Quiet;
impl Progress for Quiet {}

/// One item that failed; the run went on without it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ItemFailure {
    /// The file or `FILE::ENTRY`.
    pub item: String,
    /// The English text (what the CLI prints).
    pub message: String,
    /// The message's id and values, for the editor (the JSON names the id).
    #[serde(rename = "id", serialize_with = "crate::formats::error::id_only", skip_serializing_if = "Option::is_none")]
    pub key: Option<Box<Key>>,
}

impl ItemFailure {
    pub fn new(item: impl Into<String>, message: impl Into<Message>) -> Self {
        let Message { english, key } = message.into();
        ItemFailure { item: item.into(), message: english, key }
    }

    /// The message alone, with its id.
    pub fn text(&self) -> Message {
        Message { english: self.message.clone(), key: self.key.clone() }
    }
}

/// Lines of English text as the JSON report writes them.
fn english<S: serde::Serializer>(lines: &[Message], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(lines.iter().map(Message::as_str))
}

/// What a run did.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Report {
    /// Input files processed (archives and loose files).
    pub items: u64,
    /// Input bytes read.
    pub bytes_in: u64,
    /// Files written and their bytes.
    pub files_written: u64,
    pub bytes_out: u64,
    /// Pack: each change from the unpacked state, one line each (`Textures.lib: BRICK00.0 replaced`).
    #[serde(serialize_with = "english")]
    pub changes: Vec<Message>,
    pub failures: Vec<ItemFailure>,
    /// Things done otherwise than asked that lose nothing (an archive kept whole).
    #[serde(serialize_with = "english")]
    pub notes: Vec<Message>,
    pub cancelled: bool,
}

impl Report {
    fn merge(&mut self, o: Report) {
        self.items += o.items;
        self.bytes_in += o.bytes_in;
        self.files_written += o.files_written;
        self.bytes_out += o.bytes_out;
        self.changes.extend(o.changes);
        self.failures.extend(o.failures);
        self.notes.extend(o.notes);
        self.cancelled |= o.cancelled;
    }
}

/// A run that could not start (a missing source, an unusable output folder).
#[derive(Debug)]
pub struct RunError(pub Message);

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.as_str())
    }
}
impl std::error::Error for RunError {}

fn pool(jobs: usize) -> Result<rayon::ThreadPool, RunError> {
    rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build().map_err(|e| RunError(msg!("unpack-no-threads", "cannot start {jobs} worker threads: {error}", jobs = jobs, error = e.to_string())))
}

/// Writes one output file: a temporary beside it, renamed over it (no half-written file
/// after a stop; the bulk outputs skip the fsync a save makes, see `save::atomic_write_fast`).
fn write_out(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    crate::doc::save::atomic_write_fast(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// `rel` ('/'-separated) under `root`.
fn join_rel(root: &Path, rel: &str) -> PathBuf {
    rel.split('/').fold(root.to_path_buf(), |p, part| p.join(part))
}

#[cfg(test)]
mod tests;
