//! The change list: what a package carries and what installing it does, one change per item.
//! `create` fills it from two folders; `package` stores and reads it; `apply` carries it out.

use crate::formats::bytes::SharedBytes;
use sha2::{Digest as _, Sha256};

/// The size and SHA-256 of some bytes: what a change expects to find before it writes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Digest {
    pub size: u64,
    pub sha256: String,
}

impl Digest {
    pub fn of(bytes: &[u8]) -> Digest {
        Digest { size: bytes.len() as u64, sha256: sha256_hex(bytes) }
    }

    pub fn matches(&self, bytes: &[u8]) -> bool {
        self.size == bytes.len() as u64 && self.sha256.eq_ignore_ascii_case(&sha256_hex(bytes))
    }
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// A digest in lower-case hex.
pub fn hex(digest: &[u8]) -> String {
    let mut s = String::with_capacity(64);
    for b in digest {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// What a change does to its item.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// New bytes for an entry; `type_id`/`attrs` when the directory row changes too (NRes).
    ReplaceEntry { data: SharedBytes, type_id: Option<u32>, attrs: Option<[u32; 3]>, original: Digest },
    AddEntry { data: SharedBytes, type_id: u32, attrs: [u32; 3] },
    RemoveEntry { original: Digest },
    /// The entry keeps its bytes under the name `to`.
    RenameEntry { to: String, original: Digest },
    AddFile { data: SharedBytes },
    ReplaceFile { data: SharedBytes, original: Digest },
    RemoveFile { original: Digest },
    /// An item whose kind merges three ways (`doc::mods::merge_kind`): a WEAR table edited
    /// row by row or a mission edited object by object (an entry, or a loose file when
    /// `entry` is empty): the item it was made from and the one the modder made, so that it
    /// merges with other edits of other rows or objects. The manifest names it after the kind
    /// (`wear_rows`, `mission_objects`).
    Merged { base: SharedBytes, data: SharedBytes },
}

impl Op {
    /// The manifest's name of the operation.
    pub fn name(&self) -> &'static str {
        match self {
            Op::ReplaceEntry { .. } => "replace_entry",
            Op::AddEntry { .. } => "add_entry",
            Op::RemoveEntry { .. } => "remove_entry",
            Op::RenameEntry { .. } => "rename_entry",
            Op::AddFile { .. } => "add_file",
            Op::ReplaceFile { .. } => "replace_file",
            Op::RemoveFile { .. } => "remove_file",
            Op::Merged { .. } => "wear_rows",
        }
    }

    /// The new bytes the item ends with (none for removals and renames, which keep bytes).
    pub fn new_bytes(&self) -> Option<&SharedBytes> {
        match self {
            Op::ReplaceEntry { data, .. } | Op::AddEntry { data, .. } | Op::AddFile { data } | Op::ReplaceFile { data, .. } => Some(data),
            Op::Merged { data, .. } => Some(data),
            Op::RemoveEntry { .. } | Op::RenameEntry { .. } | Op::RemoveFile { .. } => None,
        }
    }

    /// What the change expects to find, when it presupposes an original.
    pub fn original(&self) -> Option<Digest> {
        match self {
            Op::ReplaceEntry { original, .. } | Op::RemoveEntry { original } | Op::RenameEntry { original, .. } => Some(original.clone()),
            Op::ReplaceFile { original, .. } | Op::RemoveFile { original } => Some(original.clone()),
            Op::Merged { base, .. } => Some(Digest::of(base)),
            Op::AddEntry { .. } | Op::AddFile { .. } => None,
        }
    }

    pub fn is_whole_file(&self) -> bool {
        matches!(self, Op::AddFile { .. } | Op::ReplaceFile { .. } | Op::RemoveFile { .. })
    }
}

/// One change: the game path of a file (relative, `/`-separated, matched case-insensitively as
/// the game opens files) and the entry path inside it through nested archives (empty for the
/// file itself).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub file: String,
    pub entry: Vec<String>,
    pub op: Op,
}

impl Change {
    /// `File.lib::NESTED.rlb::ENTRY` for people (control characters escaped, though a package
    /// that reads has none in its paths).
    pub fn address(&self) -> String {
        let mut s = self.file.clone();
        for e in &self.entry {
            s.push_str("::");
            s.push_str(e);
        }
        super::text::shown(&s).into_owned()
    }

    /// The manifest's and the reports' name of the operation: a merged change is named after
    /// its item's kind (`wear_rows`, `mission_objects`).
    pub fn op_name(&self) -> &'static str {
        match self.op {
            Op::Merged { .. } => super::merged_op_name(&self.address()),
            _ => self.op.name(),
        }
    }

    /// The key two changes of one item share: the path folded to ASCII lower case.
    pub fn key(&self) -> Vec<String> {
        let mut k = vec![self.file.to_ascii_lowercase()];
        k.extend(self.entry.iter().map(|e| e.to_ascii_lowercase()));
        k
    }
}
