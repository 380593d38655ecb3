//! The `.parkanmod` file (docs/formats/parkanmod.md): a zip holding `mod.json` and the new
//! bytes of each change under `data/`. Reading checks everything before any of it is used:
//! the manifest's version, every path (nothing may leave the game folder), links, each data
//! file's size against what the zip declares (never reading past it: zip bombs) and its
//! SHA-256 against the manifest, and duplicate or overlapping changes.

use super::change::{Change, Digest, Op};
use super::lazy::ReadSeek;
pub use super::lazy::{Lazy, Source};
use super::paths::{MAX_ENTRY_DEPTH, unsafe_entry_name, unsafe_game_path};
use crate::formats::bytes::SharedBytes;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::{self, Read, Seek, Write};
use std::path::Path;

/// The manifest version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;
pub const MANIFEST: &str = "mod.json";
/// Limits that keep a hostile package from exhausting memory and time
/// (docs/formats/parkanmod.md, "Limits"): the manifest, one data file, all data files
/// together, the bytes the changes use (a member named by three changes counts three times,
/// though it is inflated once), the changes, and the bytes of the mod's name.
pub const MAX_MANIFEST: u64 = 16 << 20;
pub const MAX_DATA_FILE: u64 = 1 << 30;
pub const MAX_TOTAL: u64 = 4 << 30;
pub const MAX_USED: u64 = 4 << 30;
pub const MAX_CHANGES: usize = 200_000;
pub const MAX_NAME: usize = 255;

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
                op: c.op_name().to_string(),
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
                Op::Merged { base, data } => {
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
        read_package(io::Cursor::new(bytes), Mode::Held).map(|(p, _, _)| p).map_err(|e| PackageError(format!("{name}: {e}")))
    }

    /// Reads and checks a package as [`Package::from_bytes`] does (every member's size and
    /// SHA-256 included), but holds none of its members: each change's bytes are empty until
    /// [`Lazy::load`] reads them again. Installing reads one file's members at a time, so
    /// memory stays bounded by the largest file a package writes, not by the package.
    pub fn open_lazy(name: &str, source: Source) -> Result<(Package, Lazy), PackageError> {
        open(name, source, Mode::Lazy)
    }

    /// An installed mod's copy of its package (in the journal's folder), opened as
    /// [`Package::open_lazy`] opens one but with no member hashed yet: the copy passed every
    /// check when it was installed, and [`Lazy::load`] checks each member's SHA-256 when it
    /// reads it. A rebuild through the other installed mods reads only the members of the file
    /// it rebuilds.
    pub fn open_installed(path: &Path) -> Result<(Package, Lazy), PackageError> {
        open(&path.display().to_string(), Source::File(path.to_path_buf()), Mode::Installed)
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
pub(super) fn read_member<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, name: &str, limit: u64) -> Result<Vec<u8>, String> {
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

/// Why a zip member's name is refused, or `None`: members are plain relative names inside
/// the archive (docs/formats/parkanmod.md, "The file").
fn unsafe_member_name(name: &str) -> Option<&'static str> {
    if name.starts_with('/') {
        return Some("is absolute");
    }
    if name.contains('\\') {
        return Some("contains a backslash");
    }
    if name.contains(':') {
        return Some("contains ':' (a drive letter)");
    }
    if name.chars().any(char::is_control) {
        return Some("contains a control character");
    }
    if name.split('/').any(|p| p == ".." || p == ".") {
        return Some("leaves the package (. or ..)");
    }
    None
}

/// Hashes one member as [`read_member`] reads it, holding none of it.
fn hash_member<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, name: &str, limit: u64) -> Result<String, String> {
    let f = zip.by_name(name).map_err(|e| format!("{name}: {e}"))?;
    let declared = f.size();
    if declared > limit {
        return Err(format!("{name} declares {declared} bytes, more than the {limit} a package may hold in one file"));
    }
    let mut h = sha2::Sha256::default();
    let n = io::copy(&mut f.take(declared + 1), &mut h).map_err(|e| format!("{name}: {e}"))?;
    if n != declared {
        return Err(format!("{name} inflates to more or fewer bytes than the {declared} its zip entry declares"));
    }
    Ok(super::change::hex(&sha2::Digest::finalize(h)))
}

/// How a package is read: every member held, or none (each hashed once when the package is
/// opened, or, for an installed copy, when [`Lazy::load`] reads it).
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Held,
    Lazy,
    Installed,
}

fn open(name: &str, source: Source, mode: Mode) -> Result<(Package, Lazy), PackageError> {
    let err = |e: String| PackageError(format!("{name}: {e}"));
    let reader: Box<dyn ReadSeek> = match &source {
        Source::Bytes(b) => Box::new(io::Cursor::new(b.clone())),
        Source::File(p) => Box::new(io::BufReader::new(std::fs::File::open(p).map_err(|e| err(e.to_string()))?)),
    };
    let (pkg, pending, zip) = read_package(reader, mode).map_err(err)?;
    let lazy = Lazy::new(name, zip, &pkg, pending, source);
    Ok((pkg, lazy))
}

/// A blob the manifest names, read at most once however many changes use it; when not held,
/// only hashed (once, unless an installed copy) and noted in `taken` for the change being read.
struct Members<'z, R: Read + Seek> {
    zip: &'z mut zip::ZipArchive<R>,
    declared: HashMap<String, u64>,
    read: HashMap<String, (SharedBytes, String)>,
    mode: Mode,
    hashed: HashMap<String, String>,
    taken: Vec<(String, String)>,
}

impl<R: Read + Seek> Members<'_, R> {
    /// The manifest's blob record `b` checked against the zip: its declared size.
    fn size(&self, b: &Option<Blob>, what: &str, at: &str) -> Result<u64, String> {
        let b = b.as_ref().ok_or_else(|| format!("{at}: no {what}"))?;
        let size = *self.declared.get(&b.path).ok_or_else(|| format!("{at}: its {what} {} is not in the zip", b.path))?;
        if size != b.size {
            return Err(format!("{at}: the manifest says {} is {} bytes, the zip declares {size}", b.path, b.size));
        }
        Ok(size)
    }

    /// The bytes of `b`, shared with every other change naming the same member.
    fn bytes(&mut self, b: &Option<Blob>, what: &str, at: &str) -> Result<SharedBytes, String> {
        self.size(b, what, at)?;
        let b = b.as_ref().expect("checked by size");
        if self.mode == Mode::Installed {
            self.taken.push((b.path.clone(), b.sha256.to_ascii_lowercase()));
            return Ok(SharedBytes::empty());
        }
        if self.mode == Mode::Lazy {
            if !self.hashed.contains_key(&b.path) {
                let sha = hash_member(self.zip, &b.path, MAX_DATA_FILE)?;
                self.hashed.insert(b.path.clone(), sha);
            }
            let got = &self.hashed[&b.path];
            if !got.eq_ignore_ascii_case(&b.sha256) {
                return Err(format!("{at}: {} does not match the manifest's SHA-256 (manifest {}, bytes {got})", b.path, b.sha256));
            }
            self.taken.push((b.path.clone(), got.clone()));
            return Ok(SharedBytes::empty());
        }
        if !self.read.contains_key(&b.path) {
            let bytes = read_member(self.zip, &b.path, MAX_DATA_FILE)?;
            let sha = super::change::sha256_hex(&bytes);
            self.read.insert(b.path.clone(), (SharedBytes::from(bytes), sha));
        }
        let (bytes, got) = &self.read[&b.path];
        if !got.eq_ignore_ascii_case(&b.sha256) {
            return Err(format!("{at}: {} does not match the manifest's SHA-256 (manifest {}, bytes {got})", b.path, b.sha256));
        }
        Ok(bytes.clone())
    }
}

/// The package, and when not held each change's members (see [`Lazy`]) and the zip to read
/// them from.
type Read3<R> = (Package, Vec<Vec<(String, String)>>, zip::ZipArchive<R>);

fn read_package<R: Read + Seek>(r: R, mode: Mode) -> Result<Read3<R>, String> {
    let mut zip = zip::ZipArchive::new(r).map_err(|e| format!("not a .parkanmod zip: {e}"))?;
    // The zip reader keeps the last of two members of one name: a package could show a
    // harmless member to one reader and another to the next.
    if zip.metadata().has_duplicate_names() {
        return Err("a member name is in the zip twice; a package names each member once".into());
    }
    let mut declared: HashMap<String, u64> = HashMap::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let f = zip.by_index_raw(i).map_err(|e| format!("zip member #{i}: {e}"))?;
        let name = f.name().map_err(|e| format!("zip member #{i}: {e}"))?.to_string();
        let shown = super::text::shown(&name).into_owned();
        if f.is_symlink() {
            return Err(format!("{shown} is a link; a package holds only plain files"));
        }
        if let Some(why) = unsafe_member_name(&name) {
            return Err(format!("{shown}: a member path that {why}"));
        }
        if f.enclosed_name().is_none() {
            return Err(format!("{shown}: a member path that leaves the package"));
        }
        total = total.saturating_add(f.size());
        if declared.insert(name.clone(), f.size()).is_some() {
            return Err(format!("{shown} is in the zip twice"));
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
    if m.meta.name.trim().is_empty() {
        return Err(format!("{MANIFEST}: the mod has no name (a game folder tells its mods apart by name)"));
    }
    if m.meta.name.len() > MAX_NAME {
        return Err(format!("{MANIFEST}: the mod's name is {} bytes, more than the {MAX_NAME} a name may have", m.meta.name.len()));
    }
    if m.changes.len() > MAX_CHANGES {
        return Err(format!("{MANIFEST}: {} changes, more than the {MAX_CHANGES} a package may hold", m.changes.len()));
    }
    let mut members = Members { zip: &mut zip, declared, read: HashMap::new(), mode, hashed: HashMap::new(), taken: Vec::new() };
    let mut pending = Vec::new();
    // Every use of a blob counts, before any is read: what installing expands and writes.
    let mut used = 0u64;
    for (i, c) in m.changes.iter().enumerate() {
        for b in [&c.data, &c.base] {
            if let Some(size) = b.as_ref().and_then(|b| members.declared.get(&b.path)) {
                used = used.saturating_add(*size);
            }
        }
        if used > MAX_USED {
            return Err(format!("{MANIFEST}: its changes up to #{i} use {used} bytes of data, more than the {MAX_USED} a package may use (a member counts once for each change that names it)"));
        }
    }
    let mut changes = Vec::with_capacity(m.changes.len());
    for (i, c) in m.changes.iter().enumerate() {
        if let Some(why) = unsafe_game_path(&c.file) {
            return Err(format!("{MANIFEST} change #{i} ({}): the game path {} {why}", c.op, super::text::shown(&format!("{:?}", c.file))));
        }
        if c.entry.len() > MAX_ENTRY_DEPTH {
            return Err(format!("{MANIFEST} change #{i} ({} {}): an entry path of {} elements, more than the {MAX_ENTRY_DEPTH} a package may nest", c.op, c.file, c.entry.len()));
        }
        for e in &c.entry {
            if let Some(why) = unsafe_entry_name(e) {
                return Err(format!("{MANIFEST} change #{i} ({} {}): an entry name {} {why}", c.op, c.file, super::text::shown(&format!("{e:?}"))));
            }
        }
        let at = format!("{MANIFEST} change #{i} ({} {})", c.op, address(&c.file, &c.entry));
        let original = || {
            let mut d = c.original.clone().ok_or_else(|| format!("{at}: no original (size and sha256)"))?;
            // Hashes compare case-insensitively: kept in lower case, as this tool writes them.
            d.sha256.make_ascii_lowercase();
            Ok::<_, String>(d)
        };
        let entry_needed = |needed: bool| -> Result<(), String> {
            match (needed, c.entry.is_empty()) {
                (true, true) => Err(format!("{at}: no entry path")),
                (false, false) => Err(format!("{at}: a whole-file change has no entry path")),
                _ => Ok(()),
            }
        };
        // A name the change writes: one the archive formats can store.
        let new_name = |name: &str, what: &str| -> Result<(), String> {
            crate::doc::items::encode_name(name).map(|_| ()).map_err(|e| format!("{at}: {what} {}: {e}", super::text::shown(name)))
        };
        let op = match c.op.as_str() {
            "replace_entry" => {
                entry_needed(true)?;
                Op::ReplaceEntry { data: members.bytes(&c.data, "data", &at)?, type_id: c.type_id, attrs: c.attrs, original: original()? }
            }
            "add_entry" => {
                entry_needed(true)?;
                new_name(c.entry.last().expect("entry_needed"), "the new entry's name")?;
                Op::AddEntry { data: members.bytes(&c.data, "data", &at)?, type_id: c.type_id.unwrap_or(0), attrs: c.attrs.unwrap_or([0; 3]) }
            }
            "remove_entry" => {
                entry_needed(true)?;
                Op::RemoveEntry { original: original()? }
            }
            "rename_entry" => {
                entry_needed(true)?;
                let to = c.to.clone().ok_or_else(|| format!("{at}: no new name (to)"))?;
                if let Some(why) = unsafe_entry_name(&to) {
                    return Err(format!("{at}: the new name {} {why}", super::text::shown(&format!("{to:?}"))));
                }
                new_name(&to, "the new name")?;
                Op::RenameEntry { to, original: original()? }
            }
            "add_file" => {
                entry_needed(false)?;
                Op::AddFile { data: members.bytes(&c.data, "data", &at)? }
            }
            "replace_file" => {
                entry_needed(false)?;
                Op::ReplaceFile { data: members.bytes(&c.data, "data", &at)?, original: original()? }
            }
            "remove_file" => {
                entry_needed(false)?;
                Op::RemoveFile { original: original()? }
            }
            "wear_rows" | "mission_objects" => Op::Merged { base: members.bytes(&c.base, "base", &at)?, data: members.bytes(&c.data, "data", &at)? },
            other => return Err(format!("{at}: unknown operation {}", super::text::shown(&format!("{other:?}")))),
        };
        changes.push(Change { file: c.file.clone(), entry: c.entry.clone(), op });
        if mode != Mode::Held {
            pending.push(std::mem::take(&mut members.taken));
        }
    }
    drop(members);
    check_overlaps(&changes)?;
    for (i, c) in changes.iter().enumerate() {
        if let Some(d) = c.op.original()
            && (d.sha256.len() != 64 || !d.sha256.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            return Err(format!("{MANIFEST} change #{i} ({} {}): the original's sha256 is not 64 hex digits", c.op_name(), c.address()));
        }
    }
    Ok((Package { meta: m.meta, changes }, pending, zip))
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
/// an entry of it, an entry and an entry nested in it), cannot both be carried out; nor can a
/// path be a file for one change and a folder for another (`a` and `a/b`). Keys sorted, an
/// item and what holds it are neighbours (everything between a path and one it holds starts
/// with the first), so one pass over neighbours finds every overlap: n log n.
fn check_overlaps(changes: &[Change]) -> Result<(), String> {
    let mut keys: Vec<(Vec<String>, usize)> = changes.iter().enumerate().map(|(i, c)| (c.key(), i)).collect();
    keys.sort_unstable();
    for w in keys.windows(2) {
        let ((a, _), (b, j)) = (&w[0], &w[1]);
        if a == b {
            return Err(format!("{MANIFEST}: {} is changed twice", changes[*j].address()));
        }
        if b.len() > a.len() && b[..a.len()] == a[..] {
            return Err(format!("{MANIFEST}: {} is changed, and so is {} that holds it", changes[*j].address(), a.join("::")));
        }
    }
    // Files by their lower-cased path: a folder of one must not be the file of another.
    let mut files: Vec<&str> = keys.iter().map(|(k, _)| k[0].as_str()).collect();
    files.dedup();
    let set: HashSet<&str> = files.iter().copied().collect();
    for f in &files {
        let mut end = 0;
        while let Some(slash) = f[end..].find('/') {
            end += slash;
            if set.contains(&f[..end]) {
                let spelled = |k: &str| changes.iter().find(|c| c.file.eq_ignore_ascii_case(k)).map(|c| c.file.clone()).unwrap_or_default();
                return Err(format!("{MANIFEST}: {} is a file one change writes and a folder {} needs", spelled(&f[..end]), spelled(f)));
            }
            end += 1;
        }
    }
    Ok(())
}
