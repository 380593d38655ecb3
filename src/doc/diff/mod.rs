//! What changed between two items of the same kind, in the format's own terms: archives entry
//! by entry (added, removed, renamed, moved, changed, directory fields), textures by header
//! field, level, palette entry and Page rect, materials field by field, WEAR tables by row,
//! meshes by component, X-Ray levels by visual and buffer, anything else by byte range.
//! `parkan-studio diff` prints a [`Report`]; the editor's compare view reads the same one.
//!
//! Identical things are found by their bytes and never decoded, so a diff of two large
//! folders costs little more than reading them (`benches/diff.rs`). A side that fails to parse
//! is compared as far as it reads, and the failure is one line on its change
//! ([`Change::damaged`]). See `docs/cli.md#diff` for the output.

mod archive;
mod bytes;
mod fields;
mod folder;
mod json;
mod lines;
pub mod matching;
pub mod sides;
mod unsaved;

pub use fields::{FieldRow, field_rows};
pub use folder::{diff_folders, diff_folders_with, files_under};
pub use crate::doc::kinds::texm::levels::{DEFAULT_GAIN, Decoded, LevelPair, level_pair};
pub use lines::{LineOp, line_diff, split_lines};
pub use crate::doc::kinds::texm::diff::{LevelDiff, difference_image, level_diff};
pub use json::json_diff;
pub use unsaved::{against_saved, unsaved};

use crate::doc::registry::{FormatKind, Item, ItemKind, codec_for};
use crate::formats::bytes::SharedBytes;
use crate::formats::magic::{FileKind, detect};
use crate::formats::message::{Key, Message};
use crate::msg;
use crate::formats::readings::Readings;
use serde::Serialize;

/// How much to work out.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Only which items changed (`--stat`): a changed typed item is not decoded.
    pub stat_only: bool,
    pub readings: Readings,
}

/// What happened to one item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Added,
    Removed,
    /// The same bytes under a new name.
    Renamed,
    /// Its place in the archive's order changed.
    Moved,
    Changed,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::Added => "added",
            Kind::Removed => "removed",
            Kind::Renamed => "renamed",
            Kind::Moved => "moved",
            Kind::Changed => "changed",
        }
    }
}

/// One difference inside a changed item: a field with its two values, or a finding
/// (`level 0`, with the pixel counts in `note`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Detail {
    pub field: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<String>,
    /// The note in English (what `diff --json` writes and the views match on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The note's id and values, for the editor (the JSON names the id as `note_id`).
    #[serde(rename = "note_id", serialize_with = "crate::formats::error::id_only", skip_serializing_if = "Option::is_none")]
    pub note_key: Option<Box<Key>>,
}

impl Detail {
    pub fn values(field: impl Into<String>, old: impl ToString, new: impl ToString) -> Detail {
        Detail { field: field.into(), old: Some(old.to_string()), new: Some(new.to_string()), note: None, note_key: None }
    }
    pub fn note(field: impl Into<String>, note: impl Into<Message>) -> Detail {
        Detail { field: field.into(), old: None, new: None, ..Detail::noted(note) }
    }
    pub fn added(field: impl Into<String>, new: impl ToString) -> Detail {
        Detail { field: field.into(), old: None, new: Some(new.to_string()), ..Detail::noted(msg!("diff-added", "added")) }
    }
    pub fn removed(field: impl Into<String>, old: impl ToString) -> Detail {
        Detail { field: field.into(), old: Some(old.to_string()), new: None, ..Detail::noted(msg!("diff-removed", "removed")) }
    }

    /// A detail with only `note` set (the rest filled in by the caller).
    pub fn noted(note: impl Into<Message>) -> Detail {
        let Message { english, key } = note.into();
        Detail { field: String::new(), old: None, new: None, note: Some(english), note_key: key }
    }

    /// The note as the reader sees it (in the editor's language when it has an id).
    pub fn shown_note(&self) -> Option<String> {
        self.note.as_deref().map(|n| crate::formats::message::shown(n, self.note_key.as_deref()).into_owned())
    }

    /// `field: old -> new (note)` for people.
    pub fn line(&self) -> String {
        let mut s = self.field.clone();
        match (&self.old, &self.new) {
            (Some(o), Some(n)) => s.push_str(&format!(": {o} -> {n}")),
            (Some(o), None) => s.push_str(&format!(": {o}")),
            (None, Some(n)) => s.push_str(&format!(": {n}")),
            (None, None) => {}
        }
        match &self.shown_note() {
            Some(n) if self.old.is_none() && self.new.is_none() => s.push_str(&format!(": {n}")),
            Some(n) => s.push_str(&format!(" ({n})")),
            None => {}
        }
        s
    }
}

/// One change: an item added, removed, renamed, moved or changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// Where, relative to what was compared: `Textures.lib::BRICK00.0`, `models/A.msh`
    /// (B's name for everything but a removal).
    pub path: String,
    pub kind: Kind,
    /// What the item is (`texm`, `mat0`, `wear`, `msh`, `nres`, `rsli`, `xray-level`,
    /// `xray-geom`, `bytes`, `file`).
    pub item: ItemKind,
    /// The old name of a renamed item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Index in A's and B's archive (entries only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_size: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_size: Option<u64>,
    /// What differs inside a changed item (empty with `--stat`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<Detail>,
    /// Lines that explain without being changes of their own: a mesh's counts, a text's
    /// line diff.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub context: Vec<String>,
    /// A side that failed to read, one line (`b: @0x20: ...`); the rest is as far as it read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damaged: Option<String>,
}

impl Change {
    pub fn new(path: impl Into<String>, kind: Kind, item: ItemKind) -> Change {
        Change {
            path: path.into(),
            kind,
            item,
            from: None,
            old_index: None,
            new_index: None,
            old_size: None,
            new_size: None,
            details: Vec::new(),
            context: Vec::new(),
            damaged: None,
        }
    }
}

/// Everything that differs, and how many items were found identical (counted, not listed).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Report {
    pub changes: Vec<Change>,
    pub identical: usize,
}

impl Report {
    pub fn is_equal(&self) -> bool {
        self.changes.is_empty()
    }

    pub fn count(&self, kind: Kind) -> usize {
        self.changes.iter().filter(|c| c.kind == kind).count()
    }

    /// `3 changes (1 changed, 1 added, 1 renamed), 120 identical`.
    pub fn summary(&self) -> String {
        self.summary_with(&|m| m.english.clone())
    }

    /// The summary with each of its pieces said by `say` (the editor: in its language).
    pub fn summary_with(&self, say: &dyn Fn(&Message) -> String) -> String {
        let identical = self.identical;
        if self.changes.is_empty() {
            return say(&msg!("doc-diff-none", "no differences, {identical} identical", identical = identical));
        }
        let kinds = [Kind::Changed, Kind::Added, Kind::Removed, Kind::Renamed, Kind::Moved];
        let part = |k: Kind, n: usize| match k {
            Kind::Changed => msg!("doc-diff-part-changed", "{n} changed", n = n),
            Kind::Added => msg!("doc-diff-part-added", "{n} added", n = n),
            Kind::Removed => msg!("doc-diff-part-removed", "{n} removed", n = n),
            Kind::Renamed => msg!("doc-diff-part-renamed", "{n} renamed", n = n),
            Kind::Moved => msg!("doc-diff-part-moved", "{n} moved", n = n),
        };
        let parts: Vec<String> = kinds.iter().filter(|k| self.count(**k) > 0).map(|k| say(&part(*k, self.count(*k)))).collect();
        let (n, parts) = (self.changes.len(), parts.join(", "));
        say(&if n == 1 {
            msg!("doc-diff-summary-one", "{n} change ({parts}), {identical} identical", n = n, parts = parts, identical = identical)
        } else {
            msg!("doc-diff-summary", "{n} changes ({parts}), {identical} identical", n = n, parts = parts, identical = identical)
        })
    }
}

/// One side of a compare: an item's bytes and, for an archive entry, its directory fields
/// (which say how MAT0 is laid out and which codec claims it).
#[derive(Debug, Clone)]
pub struct Side {
    pub name: String,
    pub bytes: SharedBytes,
    pub type_id: Option<u32>,
    pub attrs: [u32; 3],
}

impl Side {
    /// A loose file (or a whole file named by its path).
    pub fn file(name: impl Into<String>, bytes: SharedBytes) -> Side {
        Side { name: name.into(), bytes, type_id: None, attrs: [0; 3] }
    }
}

/// The kind of an item, as `info` names it; archives that no codec claims are `nres`/`rsli`,
/// anything unknown `bytes`.
pub fn item_kind(side: &Side, readings: &Readings) -> ItemKind {
    let item = Item { bytes: &side.bytes, name: &side.name, type_id: side.type_id, attrs: side.attrs, readings };
    if let Some(c) = codec_for(&item) {
        return ItemKind::Format(c.kind());
    }
    match detect(&side.name, &side.bytes) {
        FileKind::Nres => ItemKind::Nres,
        FileKind::Rsli => ItemKind::Rsli,
        _ => ItemKind::Bytes,
    }
}

/// Compares two items at `path` and adds what differs to `report`. Identical bytes (and equal
/// directory fields) are one identical item, never decoded.
pub fn diff_items(path: &str, a: &Side, b: &Side, opts: &Options, report: &mut Report) {
    if a.bytes[..] == b.bytes[..] {
        report.identical += 1;
        return;
    }
    let ka = item_kind(a, &opts.readings);
    let kb = item_kind(b, &opts.readings);
    // Archives (not meshes) are walked entry by entry, even for `--stat`: the changes are the
    // entries that differ.
    if ka == kb && ka.is_archive() {
        archive::diff_archives(path, a, b, opts, report);
        return;
    }
    let mut change = Change::new(path, Kind::Changed, kb);
    change.old_size = Some(a.bytes.len() as u64);
    change.new_size = Some(b.bytes.len() as u64);
    if ka != kb {
        change.details.push(Detail::values("kind", ka, kb));
    } else if !opts.stat_only {
        match ka.format().and_then(|k: FormatKind| k.codec().diff()) {
            Some(typed) => typed.diff(a, b, opts, &mut change),
            None => bytes::diff(&a.bytes, &b.bytes, &mut change),
        }
        // A typed diff that found nothing named still owes the reader the bytes that differ.
        if change.details.is_empty() && change.damaged.is_none() {
            bytes::diff(&a.bytes, &b.bytes, &mut change);
        }
    }
    report.changes.push(change);
}

/// `a: MESSAGE` / `b: MESSAGE` / both, for [`Change::damaged`].
pub(crate) fn damage(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (None, None) => None,
        (Some(a), None) => Some(format!("a: {a}")),
        (None, Some(b)) => Some(format!("b: {b}")),
        (Some(a), Some(b)) => Some(format!("a: {a}; b: {b}")),
    }
}

#[cfg(test)]
mod tests;
