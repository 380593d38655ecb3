//! The `.parkanmod` file (docs/formats/parkanmod.md): a zip holding `mod.json` and the new
//! bytes of each change under `data/`. Reading checks everything before any of it is used:
//! the manifest's version, every path (nothing may leave the game folder), links, each data
//! file's size against what the zip declares (never reading past it: zip bombs) and its
//! SHA-256 against the manifest, and duplicate or overlapping changes.

use super::change::{Change, Digest, Op};
use super::lazy::ReadSeek;
pub use super::lazy::{Lazy, Source};
use super::paths::{MAX_ENTRY_DEPTH, unsafe_entry_name, unsafe_game_path};
use super::text::{on_path, shown};
use crate::formats::bytes::SharedBytes;
use crate::formats::message::Message;
use crate::msg;
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

/// A package that cannot be used, and why (shown in the interface's language by the editor,
/// in English by the command line).
#[derive(Debug)]
pub struct PackageError(pub Message);

impl std::fmt::Display for PackageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
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
        let bytes = std::fs::read(path).map_err(|e| PackageError(on_path(path.display(), e)))?;
        Package::from_bytes(&path.display().to_string(), &bytes)
    }

    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Package, PackageError> {
        read_package(io::Cursor::new(bytes), Mode::Held).map(|(p, _, _)| p).map_err(|e| PackageError(e.prefixed(&format!("{name}: "))))
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
pub(super) fn read_member<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, name: &str, limit: u64) -> Result<Vec<u8>, Message> {
    let f = zip.by_name(name).map_err(|e| on_path(name, e))?;
    let declared = f.size();
    if declared > limit {
        return Err(too_big(name, declared, limit));
    }
    let mut out = Vec::with_capacity(declared as usize);
    // One byte more than declared shows a member that inflates past its size.
    f.take(declared + 1).read_to_end(&mut out).map_err(|e| on_path(name, e))?;
    if out.len() as u64 != declared {
        return Err(inflates(name, declared));
    }
    Ok(out)
}

fn too_big(name: &str, declared: u64, limit: u64) -> Message {
    msg!("mods-pkg-member-too-big", "{name} declares {declared} bytes, more than the {limit} a package may hold in one file", name = name, declared = declared, limit = limit)
}

fn inflates(name: &str, declared: u64) -> Message {
    msg!("mods-pkg-member-inflates", "{name} inflates to more or fewer bytes than the {declared} its zip entry declares", name = name, declared = declared)
}

/// Why a zip member's name is refused, or `None`: members are plain relative names inside
/// the archive (docs/formats/parkanmod.md, "The file").
fn unsafe_member_name(name: &str, shown: &str) -> Option<Message> {
    if name.starts_with('/') {
        return Some(msg!("mods-pkg-member-absolute", "{shown}: a member path that is absolute", shown = shown));
    }
    if name.contains('\\') {
        return Some(msg!("mods-pkg-member-backslash", "{shown}: a member path that contains a backslash", shown = shown));
    }
    if name.contains(':') {
        return Some(msg!("mods-pkg-member-drive", "{shown}: a member path that contains ':' (a drive letter)", shown = shown));
    }
    if name.chars().any(char::is_control) {
        return Some(msg!("mods-pkg-member-control", "{shown}: a member path that contains a control character", shown = shown));
    }
    if name.split('/').any(|p| p == ".." || p == ".") {
        return Some(msg!("mods-pkg-member-dots", "{shown}: a member path that leaves the package (. or ..)", shown = shown));
    }
    None
}

/// Hashes one member as [`read_member`] reads it, holding none of it.
fn hash_member<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, name: &str, limit: u64) -> Result<String, Message> {
    let f = zip.by_name(name).map_err(|e| on_path(name, e))?;
    let declared = f.size();
    if declared > limit {
        return Err(too_big(name, declared, limit));
    }
    let mut h = sha2::Sha256::default();
    let n = io::copy(&mut f.take(declared + 1), &mut h).map_err(|e| on_path(name, e))?;
    if n != declared {
        return Err(inflates(name, declared));
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
    let err = |e: Message| PackageError(e.prefixed(&format!("{name}: ")));
    let reader: Box<dyn ReadSeek> = match &source {
        Source::Bytes(b) => Box::new(io::Cursor::new(b.clone())),
        Source::File(p) => Box::new(io::BufReader::new(std::fs::File::open(p).map_err(|e| PackageError(on_path(name, e)))?)),
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
    fn size(&self, b: &Option<Blob>, what: &str, at: &str) -> Result<u64, Message> {
        let b = b.as_ref().ok_or_else(|| msg!("mods-pkg-no-blob", "{at}: no {what}", at = at, what = what))?;
        let size = *self.declared.get(&b.path).ok_or_else(|| msg!("mods-pkg-blob-missing", "{at}: its {what} {path} is not in the zip", at = at, what = what, path = &b.path))?;
        if size != b.size {
            return Err(msg!("mods-pkg-blob-size", "{at}: the manifest says {path} is {size} bytes, the zip declares {declared}", at = at, path = &b.path, declared = size, size = b.size));
        }
        Ok(size)
    }

    /// The bytes of `b`, shared with every other change naming the same member.
    fn bytes(&mut self, b: &Option<Blob>, what: &str, at: &str) -> Result<SharedBytes, Message> {
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
                return Err(sha_differs(at, b, got));
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
            return Err(sha_differs(at, b, got));
        }
        Ok(bytes.clone())
    }
}

fn sha_differs(at: &str, b: &Blob, got: &str) -> Message {
    msg!("mods-pkg-blob-sha", "{at}: {path} does not match the manifest's SHA-256 (manifest {manifest}, bytes {got})", at = at, path = &b.path, manifest = &b.sha256, got = got)
}

/// The package, and when not held each change's members (see [`Lazy`]) and the zip to read
/// them from.
type Read3<R> = (Package, Vec<Vec<(String, String)>>, zip::ZipArchive<R>);

fn read_package<R: Read + Seek>(r: R, mode: Mode) -> Result<Read3<R>, Message> {
    let mut zip = zip::ZipArchive::new(r).map_err(|e| msg!("mods-pkg-not-zip", "not a .parkanmod zip: {error}", error = e.to_string()))?;
    // The zip reader keeps the last of two members of one name: a package could show a
    // harmless member to one reader and another to the next.
    if zip.metadata().has_duplicate_names() {
        return Err(msg!("mods-pkg-duplicate-names", "a member name is in the zip twice; a package names each member once"));
    }
    let mut declared: HashMap<String, u64> = HashMap::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let zip_member = |e: zip::result::ZipError| msg!("mods-pkg-zip-member", "zip member #{i}: {error}", i = i, error = e.to_string());
        let f = zip.by_index_raw(i).map_err(zip_member)?;
        let name = f.name().map_err(zip_member)?.to_string();
        let shown = shown(&name).into_owned();
        if f.is_symlink() {
            return Err(msg!("mods-pkg-member-link", "{shown} is a link; a package holds only plain files", shown = shown));
        }
        if let Some(why) = unsafe_member_name(&name, &shown) {
            return Err(why);
        }
        if f.enclosed_name().is_none() {
            return Err(msg!("mods-pkg-member-leaves", "{shown}: a member path that leaves the package", shown = shown));
        }
        total = total.saturating_add(f.size());
        if declared.insert(name.clone(), f.size()).is_some() {
            return Err(msg!("mods-pkg-member-twice", "{shown} is in the zip twice", shown = shown));
        }
    }
    if total > MAX_TOTAL {
        return Err(msg!("mods-pkg-total", "its members declare {total} bytes, more than the {limit} a package may hold", total = total, limit = MAX_TOTAL));
    }
    if !declared.contains_key(MANIFEST) {
        return Err(msg!("mods-pkg-no-manifest", "no {manifest}", manifest = MANIFEST));
    }
    let json = read_member(&mut zip, MANIFEST, MAX_MANIFEST)?;
    let head: serde_json::Value = serde_json::from_slice(&json).map_err(|e| on_path(MANIFEST, e))?;
    match head.get("format_version").and_then(|v| v.as_u64()) {
        Some(v) if v == FORMAT_VERSION as u64 => {}
        Some(v) => return Err(msg!("mods-pkg-version", "{manifest}: format version {v} is not one this tool reads (it reads {reads}); a newer Parkan Studio may", manifest = MANIFEST, v = v, reads = FORMAT_VERSION)),
        None => return Err(msg!("mods-pkg-no-version", "{manifest}: no format_version", manifest = MANIFEST)),
    }
    let m: Manifest = serde_json::from_value(head).map_err(|e| on_path(MANIFEST, e))?;
    if m.format != "parkanmod" {
        return Err(msg!("mods-pkg-format", "{manifest}: format is {format}, not \"parkanmod\"", manifest = MANIFEST, format = format!("{:?}", m.format)));
    }
    if m.meta.name.trim().is_empty() {
        return Err(msg!("mods-pkg-no-name", "{manifest}: the mod has no name (a game folder tells its mods apart by name)", manifest = MANIFEST));
    }
    if m.meta.name.len() > MAX_NAME {
        return Err(msg!("mods-pkg-name-long", "{manifest}: the mod's name is {size} bytes, more than the {limit} a name may have", manifest = MANIFEST, size = m.meta.name.len(), limit = MAX_NAME));
    }
    if m.changes.len() > MAX_CHANGES {
        return Err(msg!("mods-pkg-changes", "{manifest}: {count} changes, more than the {limit} a package may hold", manifest = MANIFEST, count = m.changes.len(), limit = MAX_CHANGES));
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
            return Err(msg!("mods-pkg-used", "{manifest}: its changes up to #{i} use {used} bytes of data, more than the {limit} a package may use (a member counts once for each change that names it)", manifest = MANIFEST, i = i, used = used, limit = MAX_USED));
        }
    }
    let mut changes = Vec::with_capacity(m.changes.len());
    for (i, c) in m.changes.iter().enumerate() {
        let at_op = msg!("mods-pkg-change-op", "{manifest} change #{i} ({op})", manifest = MANIFEST, i = i, op = &c.op);
        if let Some(why) = unsafe_game_path(&c.file) {
            return Err(msg!("mods-pkg-game-path", "{at}: the game path {path} {why}", at = &at_op, path = shown(&format!("{:?}", c.file)).into_owned(), why = &why));
        }
        let at_file = msg!("mods-pkg-change-at", "{manifest} change #{i} ({op} {address})", manifest = MANIFEST, i = i, op = &c.op, address = &c.file);
        if c.entry.len() > MAX_ENTRY_DEPTH {
            return Err(msg!("mods-pkg-entry-depth", "{at}: an entry path of {count} elements, more than the {limit} a package may nest", at = &at_file, count = c.entry.len(), limit = MAX_ENTRY_DEPTH));
        }
        for e in &c.entry {
            if let Some(why) = unsafe_entry_name(e) {
                return Err(msg!("mods-pkg-entry-name", "{at}: an entry name {name} {why}", at = &at_file, name = shown(&format!("{e:?}")).into_owned(), why = &why));
            }
        }
        let at = msg!("mods-pkg-change-at", "{manifest} change #{i} ({op} {address})", manifest = MANIFEST, i = i, op = &c.op, address = address(&c.file, &c.entry)).english;
        let original = || {
            let mut d = c.original.clone().ok_or_else(|| msg!("mods-pkg-no-original", "{at}: no original (size and sha256)", at = &at))?;
            // Hashes compare case-insensitively: kept in lower case, as this tool writes them.
            d.sha256.make_ascii_lowercase();
            Ok::<_, Message>(d)
        };
        let entry_needed = |needed: bool| -> Result<(), Message> {
            match (needed, c.entry.is_empty()) {
                (true, true) => Err(msg!("mods-pkg-no-entry", "{at}: no entry path", at = &at)),
                (false, false) => Err(msg!("mods-pkg-whole-file-entry", "{at}: a whole-file change has no entry path", at = &at)),
                _ => Ok(()),
            }
        };
        // A name the change writes: one the archive formats can store.
        let new_name = |name: &str, new_entry: bool| -> Result<(), Message> {
            crate::doc::items::encode_name(name).map(|_| ()).map_err(|e| {
                let (name, error) = (shown(name).into_owned(), e.to_string());
                if new_entry {
                    msg!("mods-pkg-new-entry-name", "{at}: the new entry's name {name}: {error}", at = &at, name = name, error = error)
                } else {
                    msg!("mods-pkg-new-name-bad", "{at}: the new name {name}: {error}", at = &at, name = name, error = error)
                }
            })
        };
        let op = match c.op.as_str() {
            "replace_entry" => {
                entry_needed(true)?;
                Op::ReplaceEntry { data: members.bytes(&c.data, "data", &at)?, type_id: c.type_id, attrs: c.attrs, original: original()? }
            }
            "add_entry" => {
                entry_needed(true)?;
                new_name(c.entry.last().expect("entry_needed"), true)?;
                Op::AddEntry { data: members.bytes(&c.data, "data", &at)?, type_id: c.type_id.unwrap_or(0), attrs: c.attrs.unwrap_or([0; 3]) }
            }
            "remove_entry" => {
                entry_needed(true)?;
                Op::RemoveEntry { original: original()? }
            }
            "rename_entry" => {
                entry_needed(true)?;
                let to = c.to.clone().ok_or_else(|| msg!("mods-pkg-no-to", "{at}: no new name (to)", at = &at))?;
                if let Some(why) = unsafe_entry_name(&to) {
                    return Err(msg!("mods-pkg-new-name-unsafe", "{at}: the new name {name} {why}", at = &at, name = shown(&format!("{to:?}")).into_owned(), why = &why));
                }
                new_name(&to, false)?;
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
            other => return Err(msg!("mods-pkg-unknown-op", "{at}: unknown operation {op}", at = &at, op = shown(&format!("{other:?}")).into_owned())),
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
            let at = msg!("mods-pkg-change-at", "{manifest} change #{i} ({op} {address})", manifest = MANIFEST, i = i, op = c.op_name(), address = c.address()).english;
            return Err(msg!("mods-pkg-original-sha", "{at}: the original's sha256 is not 64 hex digits", at = at));
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
fn check_overlaps(changes: &[Change]) -> Result<(), Message> {
    let mut keys: Vec<(Vec<String>, usize)> = changes.iter().enumerate().map(|(i, c)| (c.key(), i)).collect();
    keys.sort_unstable();
    for w in keys.windows(2) {
        let ((a, _), (b, j)) = (&w[0], &w[1]);
        if a == b {
            return Err(msg!("mods-pkg-twice", "{manifest}: {address} is changed twice", manifest = MANIFEST, address = changes[*j].address()));
        }
        if b.len() > a.len() && b[..a.len()] == a[..] {
            return Err(msg!("mods-pkg-held", "{manifest}: {address} is changed, and so is {holder} that holds it", manifest = MANIFEST, address = changes[*j].address(), holder = a.join("::")));
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
                return Err(msg!("mods-pkg-file-folder", "{manifest}: {file} is a file one change writes and a folder {needs} needs", manifest = MANIFEST, file = spelled(&f[..end]), needs = spelled(f)));
            }
            end += 1;
        }
    }
    Ok(())
}
