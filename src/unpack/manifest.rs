//! The manifests of an unpacked tree (docs/unpack.md). `.unpack.json` at the root names the
//! readings the tree was written with and the files made only for looking (glTF of models);
//! `.archive.json` in each archive's folder keeps what the editable files do not carry: the
//! archive's own bytes outside the payloads (header, directory rows in order with their
//! attributes and unknown fields, gaps; in `.archive.bin`), each entry's place, form, files
//! and their SHA-256, so `pack` tells an untouched file from an edited one.

pub use crate::doc::kinds::texm::unpack::{TexmForm, TexmLevel};
use crate::doc::kinds::{FormatKind, ItemKind};
use crate::formats::readings::Readings;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const ROOT: &str = ".unpack.json";
pub const ARCHIVE: &str = ".archive.json";
pub const SKELETON: &str = ".archive.bin";
pub const VERSION: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RootManifest {
    pub version: u32,
    pub readings: Readings,
    /// Files under the root (paths with '/') made only for looking; `pack` leaves them out.
    pub derived: Vec<String>,
}

/// How an archive's bytes are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArchiveKind {
    Nres,
    Rsli,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ArchiveManifest {
    pub version: u32,
    pub kind: ArchiveKind,
    /// The archive's size and SHA-256 when unpacked.
    pub size: u64,
    pub sha256: String,
    /// Every entry in directory order.
    pub entries: Vec<EntryRecord>,
}

/// The editable form of an entry, written as its kind's name (`texm`, `mat0`) or `bytes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The form of the kind's [`crate::doc::kinds::Unpack`] (a texture's PNG with kept parts
    /// and [`TexmForm`], a material's TOML text).
    Typed(FormatKind),
    /// The entry's bytes as they are (WEAR tables, models, anything else).
    Bytes,
}

impl Serialize for Form {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Form::Typed(k) => k.serialize(s),
            Form::Bytes => ItemKind::Bytes.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Form {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Form, D::Error> {
        let s = String::deserialize(d)?;
        if s == ItemKind::Bytes.name() {
            return Ok(Form::Bytes);
        }
        match FormatKind::from_name(&s) {
            Some(k) if k.codec().unpack().is_some() => Ok(Form::Typed(k)),
            _ => Err(serde::de::Error::custom(format!("unknown form {s:?}"))),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EntryRecord {
    /// The name as stored (CP1251 decoded), type and attributes: for reading; the directory
    /// row itself is in the skeleton.
    pub name: String,
    #[serde(rename = "type")]
    pub type_id: u32,
    pub attrs: [u32; 3],
    /// Where the stored payload lies in the archive and its length.
    pub offset: u64,
    pub stored_size: u64,
    pub form: Form,
    /// The main file, relative to the archive's folder.
    pub file: String,
    pub sha256: String,
    /// Kept parts beside it (suffixes of `file` without its form extension) and their hashes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept: Vec<KeptFile>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub derived: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub texm: Option<TexmForm>,
    /// RsLi: the stored (packed) bytes when packing the entry again would not give them back;
    /// a file in the folder's `.packed/`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub packed: Option<String>,
    /// RsLi: the row's flags (the storage method) and the entry's xor key, to pack it again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rsli: Option<RsliStorage>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct RsliStorage {
    pub flags: u16,
    pub key: u16,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KeptFile {
    pub file: String,
    pub sha256: String,
}

pub fn sha256(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// A digest as the manifests write it: lower-case hex.
pub fn hex(digest: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(digest.len() * 2);
    for b in digest {
        let _ = write!(s, "{b:02x}");
    }
    s
}
