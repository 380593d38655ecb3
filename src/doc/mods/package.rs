//! The `.parkanmod` file (docs/formats/parkanmod.md): a zip holding `mod.json` and the new
//! bytes of each change under `data/`. Reading checks everything before any of it is used:
//! the manifest's version, every path (nothing may leave the game folder), links, each data
//! file's size against what the zip declares (never reading past it: zip bombs) and its
//! SHA-256 against the manifest, and duplicate or overlapping changes.

use super::change::{Change, Digest, Op};
use super::paths::{unsafe_entry_name, unsafe_game_path};
use crate::formats::bytes::SharedBytes;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::{self, Read, Seek, Write};
use std::path::Path;

/// The manifest version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;
pub const MANIFEST: &str = "mod.json";
/// Limits that keep a hostile package from exhausting memory: the manifest, one data file,
/// all data files together.
pub const MAX_MANIFEST: u64 = 16 << 20;
pub const MAX_DATA_FILE: u64 = 1 << 30;
pub const MAX_TOTAL: u64 = 4 << 30;

/// The package's description.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub name: String,
    #[serde(default)]
    pub version: String,
    #[serde(default)]
    pub author: String,
    #[serde(default)]
    pub description: String,
    /// The tool that wrote the package, `parkan-studio 0.1.0`.
    #[serde(default)]
    pub tool: String,
}

/// A package in memory: its description and its changes with their bytes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Package {
    pub meta: Meta,
    pub changes: Vec<Change>,
}

/// A package that cannot be used, and why.
#[derive(Debug)]
pub struct PackageError(pub String);

impl std::fmt::Display for PackageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PackageError {}

#[derive(Serialize, Deserialize)]
struct Manifest {
    format: String,
    format_version: u32,
    #[serde(flatten)]
    meta: Meta,
    changes: Vec<ManifestChange>,
}

/// A data file of the zip: its member name, size and hash.
#[derive(Clone, Serialize, Deserialize)]
struct Blob {
    path: String,
    size: u64,
    sha256: String,
}

#[derive(Serialize, Deserialize)]
struct ManifestChange {
    op: String,
    file: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    entry: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<Blob>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    base: Option<Blob>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    original: Option<Digest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    type_id: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    attrs: Option<[u32; 3]>,
}

impl Package {
    /// Writes the package as a zip to `w`: `mod.json` first, then `data/NNNN` per blob.
    pub fn write_to<W: Write + Seek>(&self, w: W) -> io::Result<W> {
        let mut blobs: Vec<(String, &SharedBytes)> = Vec::new();
        let mut changes = Vec::with_capacity(self.changes.len());
        for c in &self.changes {
            let mut m = ManifestChange {
                op: c.op.name().to_string(),
                file: c.file.clone(),
                entry: c.entry.clone(),
                to: None,
                data: None,
                base: None,
                original: c.op.original(),
                type_id: None,
                attrs: None,
            };
            match &c.op {
                Op::ReplaceEntry { data, type_id, attrs, .. } => {
                    m.data = Some(blob(&mut blobs, data));
                    m.type_id = *type_id;
                    m.attrs = *attrs;
                }
                Op::AddEntry { data, type_id, attrs } => {
                    m.data = Some(blob(&mut blobs, data));
                    m.type_id = Some(*type_id);
                    m.attrs = Some(*attrs);
                }
                Op::AddFile { data } | Op::ReplaceFile { data, .. } => m.data = Some(blob(&mut blobs, data)),
                Op::RenameEntry { to, .. } => m.to = Some(to.clone()),
                Op::WearRows { base, data } => {
                    m.base = Some(blob(&mut blobs, base));
                    m.data = Some(blob(&mut blobs, data));
                    // The base is in the package; its digest is its blob's.
                    m.original = None;
                }
                Op::RemoveEntry { .. } | Op::RemoveFile { .. } => {}
            }
            changes.push(m);
        }
        let manifest = Manifest { format: "parkanmod".into(), format_version: FORMAT_VERSION, meta: self.meta.clone(), changes };
        let json = serde_json::to_vec_pretty(&manifest).map_err(io::Error::other)?;
        let mut zip = zip::ZipWriter::new(w);
        let deflated = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        let zerr = |e: zip::result::ZipError| io::Error::other(e.to_string());
        zip.start_file(MANIFEST, deflated).map_err(zerr)?;
        zip.write_all(&json)?;
        for (path, bytes) in blobs {
            zip.start_file(path, deflated).map_err(zerr)?;
            zip.write_all(bytes)?;
        }
        zip.finish().map_err(zerr)
    }

    /// The package as the bytes of a `.parkanmod` file.
    pub fn to_bytes(&self) -> io::Result<Vec<u8>> {
        Ok(self.write_to(io::Cursor::new(Vec::new()))?.into_inner())
    }

    /// Reads and checks a package file; `name` is what errors call it.
    pub fn read(path: &Path) -> Result<Package, PackageError> {
        let bytes = std::fs::read(path).map_err(|e| PackageError(format!("{}: {e}", path.display())))?;
        Package::from_bytes(&path.display().to_string(), &bytes)
    }

    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Package, PackageError> {
        read_package(io::Cursor::new(bytes)).map_err(|e| PackageError(format!("{name}: {e}")))
    }

    /// The change of each item, for lookups by [`Change::key`].
    pub fn by_key(&self) -> HashMap<Vec<String>, &Change> {
        self.changes.iter().map(|c| (c.key(), c)).collect()
    }
}

/// Adds a data file to the list to write and returns its manifest record.
fn blob<'a>(blobs: &mut Vec<(String, &'a SharedBytes)>, bytes: &'a SharedBytes) -> Blob {
    let path = format!("data/{:04}", blobs.len() + 1);
    blobs.push((path.clone(), bytes));
    Blob { path, size: bytes.len() as u64, sha256: super::change::sha256_hex(bytes) }
}

/// Reads one member fully, never past the size the zip declares for it.
fn read_member<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, name: &str, limit: u64) -> Result<Vec<u8>, String> {
    let f = zip.by_name(name).map_err(|e| format!("{name}: {e}"))?;
    let declared = f.size();
    if declared > limit {
        return Err(format!("{name} declares {declared} bytes, more than the {limit} a package may hold in one file"));
    }
    let mut out = Vec::with_capacity(declared as usize);
    // One byte more than declared shows a member that inflates past its size.
    f.take(declared + 1).read_to_end(&mut out).map_err(|e| format!("{name}: {e}"))?;
    if out.len() as u64 != declared {
        return Err(format!("{name} inflates to more or fewer bytes than the {declared} its zip entry declares"));
    }
    Ok(out)
}

fn read_package<R: Read + Seek>(r: R) -> Result<Package, String> {
    let mut zip = zip::ZipArchive::new(r).map_err(|e| format!("not a .parkanmod zip: {e}"))?;
    let mut declared: HashMap<String, u64> = HashMap::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let f = zip.by_index_raw(i).map_err(|e| format!("zip member #{i}: {e}"))?;
        let name = f.name().map_err(|e| format!("zip member #{i}: {e}"))?.to_string();
        if f.is_symlink() {
            return Err(format!("{name} is a link; a package holds only plain files"));
        }
        if f.enclosed_name().is_none() || name.contains('\\') {
            return Err(format!("{name}: a member path that leaves the package"));
        }
        total = total.saturating_add(f.size());
        if declared.insert(name.clone(), f.size()).is_some() {
            return Err(format!("{name} is in the zip twice"));
        }
    }
    if total > MAX_TOTAL {
        return Err(format!("its members declare {total} bytes, more than the {MAX_TOTAL} a package may hold"));
    }
    if !declared.contains_key(MANIFEST) {
        return Err(format!("no {MANIFEST}"));
    }
    let json = read_member(&mut zip, MANIFEST, MAX_MANIFEST)?;
    let head: serde_json::Value = serde_json::from_slice(&json).map_err(|e| format!("{MANIFEST}: {e}"))?;
    match head.get("format_version").and_then(|v| v.as_u64()) {
        Some(v) if v == FORMAT_VERSION as u64 => {}
        Some(v) => return Err(format!("{MANIFEST}: format version {v} is not one this tool reads (it reads {FORMAT_VERSION}); a newer Parkan Studio may")),
        None => return Err(format!("{MANIFEST}: no format_version")),
    }
    let m: Manifest = serde_json::from_value(head).map_err(|e| format!("{MANIFEST}: {e}"))?;
    if m.format != "parkanmod" {
        return Err(format!("{MANIFEST}: format is {:?}, not \"parkanmod\"", m.format));
    }
    let mut data = |b: &Option<Blob>, what: &str, at: &str| -> Result<SharedBytes, String> {
        let b = b.as_ref().ok_or_else(|| format!("{at}: no {what}"))?;
        let size = *declared.get(&b.path).ok_or_else(|| format!("{at}: its {what} {} is not in the zip", b.path))?;
        if size != b.size {
            return Err(format!("{at}: the manifest says {} is {} bytes, the zip declares {size}", b.path, b.size));
        }
        let bytes = read_member(&mut zip, &b.path, MAX_DATA_FILE)?;
        let got = super::change::sha256_hex(&bytes);
        if got != b.sha256.to_ascii_lowercase() {
            return Err(format!("{at}: {} does not match the manifest's SHA-256 (manifest {}, bytes {got})", b.path, b.sha256));
        }
        Ok(SharedBytes::from(bytes))
    };
    let mut changes = Vec::with_capacity(m.changes.len());
    for (i, c) in m.changes.iter().enumerate() {
        let at = format!("{MANIFEST} change #{i} ({} {})", c.op, address(&c.file, &c.entry));
        if let Some(why) = unsafe_game_path(&c.file) {
            return Err(format!("{at}: the game path {:?} {why}", c.file));
        }
        for e in &c.entry {
            if let Some(why) = unsafe_entry_name(e) {
                return Err(format!("{at}: an entry name {why}"));
            }
        }
        let original = || c.original.clone().ok_or_else(|| format!("{at}: no original (size and sha256)"));
        let entry_needed = |needed: bool| -> Result<(), String> {
            match (needed, c.entry.is_empty()) {
                (true, true) => Err(format!("{at}: no entry path")),
                (false, false) => Err(format!("{at}: a whole-file change has no entry path")),
                _ => Ok(()),
            }
        };
        let op = match c.op.as_str() {
            "replace_entry" => {
                entry_needed(true)?;
                Op::ReplaceEntry { data: data(&c.data, "data", &at)?, type_id: c.type_id, attrs: c.attrs, original: original()? }
            }
            "add_entry" => {
                entry_needed(true)?;
                Op::AddEntry { data: data(&c.data, "data", &at)?, type_id: c.type_id.unwrap_or(0), attrs: c.attrs.unwrap_or([0; 3]) }
            }
            "remove_entry" => {
                entry_needed(true)?;
                Op::RemoveEntry { original: original()? }
            }
            "rename_entry" => {
                entry_needed(true)?;
                let to = c.to.clone().ok_or_else(|| format!("{at}: no new name (to)"))?;
                if let Some(why) = unsafe_entry_name(&to) {
                    return Err(format!("{at}: the new name {why}"));
                }
                Op::RenameEntry { to, original: original()? }
            }
            "add_file" => {
                entry_needed(false)?;
                Op::AddFile { data: data(&c.data, "data", &at)? }
            }
            "replace_file" => {
                entry_needed(false)?;
                Op::ReplaceFile { data: data(&c.data, "data", &at)?, original: original()? }
            }
            "remove_file" => {
                entry_needed(false)?;
                Op::RemoveFile { original: original()? }
            }
            "wear_rows" => Op::WearRows { base: data(&c.base, "base", &at)?, data: data(&c.data, "data", &at)? },
            other => return Err(format!("{at}: unknown operation {other:?}")),
        };
        changes.push(Change { file: c.file.clone(), entry: c.entry.clone(), op });
    }
    check_overlaps(&changes)?;
    Ok(Package { meta: m.meta, changes })
}

fn address(file: &str, entry: &[String]) -> String {
    let mut s = file.to_string();
    for e in entry {
        s.push_str("::");
        s.push_str(e);
    }
    s
}

/// Two changes of one item, or of an item and something inside it (a file replaced whole and
/// an entry of it, an entry and an entry nested in it), cannot both be carried out.
fn check_overlaps(changes: &[Change]) -> Result<(), String> {
    let keys: HashSet<Vec<String>> = HashSet::new();
    let mut seen = keys;
    for c in changes {
        if !seen.insert(c.key()) {
            return Err(format!("{MANIFEST}: {} is changed twice", c.address()));
        }
    }
    for c in changes {
        let k = c.key();
        for n in 1..k.len() {
            if seen.contains(&k[..n]) {
                return Err(format!("{MANIFEST}: {} is changed, and so is {} that holds it", c.address(), k[..n].join("::")));
            }
        }
    }
    Ok(())
}
