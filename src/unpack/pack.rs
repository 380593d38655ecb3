//! The editable tree → archives and files. First every archive folder is compared with its
//! manifest and every edited file converted (a material text with a mistake, an unreadable
//! image: all are listed and nothing is written); then each archive is rebuilt from its
//! skeleton, the untouched entries' files and the converted ones, and written.

use super::manifest::{self, ArchiveKind, ArchiveManifest, EntryRecord, Form, RootManifest, sha256};
use super::tree::{MODEL_SUFFIX, WINDOW_BYTES_PER_JOB};
use super::{ItemFailure, Options, Progress, Report, RunError, join_rel, pool};
use crate::doc::kinds::{FormatKind, PackIn};
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;
use crate::formats::message::Message;
use crate::formats::readings::Readings;
use crate::formats::{cp1251, rsli};
use crate::msg;
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What became of one entry.
enum Fate {
    Untouched,
    /// New payload (and attributes, for a material text).
    Replaced { bytes: Vec<u8>, attrs: Option<[u32; 3]>, from: String },
    Removed,
}

/// A file of the folder no entry claims: a new entry.
struct Added {
    name: String,
    type_id: u32,
    attrs: [u32; 3],
    bytes: Vec<u8>,
    from: String,
}

struct ArchivePlan {
    rel: String,
    folder: PathBuf,
    manifest: ArchiveManifest,
    fates: Vec<Fate>,
    added: Vec<Added>,
}

/// Packs the tree `dir` (made by `unpack`) into `out`.
pub fn pack(dir: &Path, out: &Path, opts: &Options, progress: &dyn Progress) -> Result<Report, RunError> {
    let root: RootManifest = std::fs::read(dir.join(manifest::ROOT))
        .map_err(|e| {
            RunError(msg!(
                "unpack-not-a-tree",
                "{dir}: not an unpacked tree ({manifest}: {error})",
                dir = dir.display().to_string(),
                manifest = manifest::ROOT,
                error = e.to_string()
            ))
        })
        .and_then(|b| serde_json::from_slice(&b).map_err(|e| RunError(format!("{}: {e}", dir.join(manifest::ROOT).display()).into())))?;
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(dir), std::fs::canonicalize(out))
        && (b == a || b.starts_with(&a))
    {
        return Err(RunError(msg!("unpack-output-inside-tree", "{out}: the output must be outside the unpacked tree", out = out.display().to_string())));
    }
    let mut archives = Vec::new();
    let mut loose = Vec::new();
    let derived: HashSet<&str> = root.derived.iter().map(String::as_str).collect();
    walk(dir, "", &derived, &mut archives, &mut loose).map_err(|e| RunError(format!("{}: {e}", dir.display()).into()))?;
    let total: u64 = loose.iter().map(|l: &(PathBuf, String, u64)| l.2).sum::<u64>()
        + archives.iter().map(|(f, _)| std::fs::metadata(f.join(manifest::SKELETON)).map_or(0, |m| m.len())).sum::<u64>();
    progress.begin((archives.len() + loose.len()) as u64, total);
    let readings = root.readings;
    let pool = pool(opts.jobs)?;
    let mut report = Report::default();

    // Pass 1: what changed, converted now so that a mistake stops the run before any write.
    let plans: Vec<Result<ArchivePlan, Vec<ItemFailure>>> = pool.install(|| archives.par_iter().map(|(folder, rel)| plan(folder, rel, &readings)).collect());
    let mut ok = Vec::new();
    for p in plans {
        match p {
            Ok(p) => ok.push(p),
            Err(f) => report.failures.extend(f),
        }
    }
    if !report.failures.is_empty() {
        return Ok(report);
    }
    for p in &ok {
        report.changes.extend(describe(p));
    }

    // Pass 2: build and write.
    let results: Vec<Report> = pool.install(|| {
        let mut rs: Vec<Report> = ok.par_iter().map(|p| build_and_write(p, out, &readings, progress)).collect();
        rs.par_extend(loose.par_iter().map(|(src, rel, len)| copy_loose(src, rel, *len, out, &readings, progress)));
        rs
    });
    for r in results {
        report.merge(r);
    }
    report.cancelled |= progress.cancelled();
    Ok(report)
}

type Found = Vec<(PathBuf, String)>;

fn walk(dir: &Path, prefix: &str, derived: &HashSet<&str>, archives: &mut Found, loose: &mut Vec<(PathBuf, String, u64)>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
        if e.file_type()?.is_dir() {
            if e.path().join(manifest::ARCHIVE).is_file() {
                archives.push((e.path(), rel));
            } else {
                walk(&e.path(), &rel, derived, archives, loose)?;
            }
        } else if !(derived.contains(rel.as_str()) || is_temp(&name) || prefix.is_empty() && name == manifest::ROOT) {
            loose.push((e.path(), rel, e.metadata()?.len()));
        }
    }
    Ok(())
}

/// A save's temporary file (`.NAME.XXXXXX.tmp`), left by a killed run: never packed.
fn is_temp(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".tmp")
}

fn read_opt(path: &Path) -> std::io::Result<Option<Vec<u8>>> {
    match std::fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// An entry's payload from its files. `untouched`: the main file is the one exported.
fn entry_bytes(folder: &Path, rec: &EntryRecord, main: &[u8], untouched: bool, readings: &Readings) -> Result<(Vec<u8>, Option<[u32; 3]>), Message> {
    let kind = match rec.form {
        Form::Bytes => return Ok((main.to_vec(), None)),
        Form::Typed(k) => k,
    };
    // A manifest names only forms whose kind has one (`Form`'s reading checks it).
    let form = kind.codec().unpack().ok_or_else(|| msg!("unpack-no-form", "{kind} has no editable form", kind = kind.to_string()))?;
    // The parts kept beside the main file share its base name.
    let base = rec.file.strip_suffix(form.suffix()).unwrap_or(&rec.file).to_string();
    let mut read_beside = |suffix: &str| read_opt(&join_rel(folder, &format!("{base}{suffix}")));
    let mut p = PackIn { main, untouched, attrs: rec.attrs, texm: rec.texm.as_ref(), read_beside: &mut read_beside, readings };
    form.pack(&mut p)
}

fn plan(folder: &Path, rel: &str, readings: &Readings) -> Result<ArchivePlan, Vec<ItemFailure>> {
    let fail = |item: String, message: String| vec![ItemFailure::new(item, message)];
    let mpath = folder.join(manifest::ARCHIVE);
    let manifest: ArchiveManifest = std::fs::read(&mpath)
        .map_err(|e| e.to_string())
        .and_then(|b| serde_json::from_slice(&b).map_err(|e| e.to_string()))
        .map_err(|e| fail(mpath.display().to_string(), e))?;
    let mut claimed: HashSet<String> = HashSet::new();
    let mut failures = Vec::new();
    let mut fates = Vec::with_capacity(manifest.entries.len());
    for rec in &manifest.entries {
        claimed.insert(rec.file.to_lowercase());
        claimed.extend(rec.kept.iter().map(|k| k.file.to_lowercase()));
        claimed.extend(rec.derived.iter().map(|d| d.to_lowercase()));
        let path = join_rel(folder, &rec.file);
        let item = format!("{}/{}", rel, rec.file);
        let main = match read_opt(&path) {
            Ok(Some(b)) => b,
            Ok(None) => {
                fates.push(Fate::Removed);
                continue;
            }
            Err(e) => {
                failures.push(ItemFailure::new(item, e.to_string()));
                fates.push(Fate::Untouched);
                continue;
            }
        };
        let main_same = sha256(&main) == rec.sha256;
        let kept_same = rec.kept.iter().all(|k| read_opt(&join_rel(folder, &k.file)).ok().flatten().is_some_and(|b| sha256(&b) == k.sha256));
        if main_same && kept_same {
            fates.push(Fate::Untouched);
            continue;
        }
        let from = if main_same { rec.kept.iter().map(|k| k.file.clone()).collect::<Vec<_>>().join(", ") } else { rec.file.clone() };
        match entry_bytes(folder, rec, &main, main_same, readings) {
            Ok((bytes, attrs)) => fates.push(Fate::Replaced { bytes, attrs, from }),
            Err(message) => {
                let item = if main_same { format!("{rel}/{from}") } else { item };
                failures.push(ItemFailure::new(item, message));
                fates.push(Fate::Untouched);
            }
        }
    }
    let mut added = Vec::new();
    let mut files: Vec<String> = std::fs::read_dir(folder)
        .map_err(|e| fail(folder.display().to_string(), e.to_string()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && !claimed.contains(&n.to_lowercase()))
        .collect();
    files.sort();
    for f in files {
        let path = folder.join(&f);
        let item = format!("{rel}/{f}");
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                failures.push(ItemFailure::new(item, e.to_string()));
                continue;
            }
        };
        // A file ending in a kind's form suffix is a new entry of that kind (`X.png` a
        // texture, `X.mat0.toml` a material); a model's glTF is never one.
        let typed = FormatKind::ALL.iter().filter_map(|k| k.codec().unpack()).find_map(|u| f.strip_suffix(u.suffix()).map(|n| (u, n)));
        let converted = match typed.filter(|_| !f.ends_with(MODEL_SUFFIX)) {
            Some((form, name)) => {
                form.new_entry(&bytes, readings).map(|e| Added { name: name.to_string(), type_id: e.type_id, attrs: e.attrs, bytes: e.bytes, from: f.clone() })
            }
            // The type is guessed when the archive is rebuilt (from its other entries).
            None => Ok(Added { name: f.clone(), type_id: u32::MAX, attrs: [0; 3], bytes, from: f.clone() }),
        };
        match converted {
            Ok(a) => added.push(a),
            Err(message) => failures.push(ItemFailure::new(item, message)),
        }
    }
    if !failures.is_empty() {
        return Err(failures);
    }
    Ok(ArchivePlan { rel: rel.to_string(), folder: folder.to_path_buf(), manifest, fates, added })
}

fn describe(p: &ArchivePlan) -> Vec<Message> {
    let mut out = Vec::new();
    let archive = &p.rel;
    for (rec, fate) in p.manifest.entries.iter().zip(&p.fates) {
        let entry = &rec.name;
        match fate {
            Fate::Untouched => {}
            Fate::Replaced { bytes, attrs: None, from } => out.push(msg!(
                "unpack-replaced",
                "{archive}: {entry} replaced from {from} ({old} -> {new} bytes)",
                archive = archive,
                entry = entry,
                from = from,
                old = rec.stored_size,
                new = bytes.len()
            )),
            Fate::Replaced { bytes, attrs: Some(_), from } => out.push(msg!(
                "unpack-replaced-with-attributes",
                "{archive}: {entry} replaced from {from} ({old} -> {new} bytes) and its attributes",
                archive = archive,
                entry = entry,
                from = from,
                old = rec.stored_size,
                new = bytes.len()
            )),
            Fate::Removed => out.push(msg!("unpack-removed", "{archive}: {entry} removed ({file} is gone)", archive = archive, entry = entry, file = &rec.file)),
        }
    }
    for a in &p.added {
        out.push(msg!("unpack-added", "{archive}: {entry} added from {from} ({size} bytes)", archive = archive, entry = &a.name, from = &a.from, size = a.bytes.len()));
    }
    out
}

/// The stored bytes of an untouched entry.
fn untouched_payload(p: &ArchivePlan, rec: &EntryRecord, readings: &Readings) -> Result<Vec<u8>, Message> {
    let main = std::fs::read(join_rel(&p.folder, &rec.file)).map_err(|e| e.to_string())?;
    let (bytes, _) = entry_bytes(&p.folder, rec, &main, true, readings)?;
    match (p.manifest.kind, &rec.packed, rec.rsli) {
        (ArchiveKind::Nres, _, _) => Ok(bytes),
        (ArchiveKind::Rsli, Some(f), _) => std::fs::read(join_rel(&p.folder, f)).map_err(|e| format!("{f}: {e}").into()),
        (ArchiveKind::Rsli, None, Some(s)) => rsli::pack(rsli::Method::from_flags(s.flags), s.key, &bytes).map_err(|e| e.as_message()),
        (ArchiveKind::Rsli, None, None) => Err(msg!("unpack-no-storage-method", "the manifest lacks the entry's storage method")),
    }
}

/// One entry's stored bytes, or `None` when the archive's own edit puts them in afterwards
/// (a changed, removed or empty entry).
fn payload(p: &ArchivePlan, i: usize, readings: &Readings, progress: &dyn Progress) -> Result<Option<Vec<u8>>, Message> {
    if progress.cancelled() {
        return Err(Message::from(String::new()));
    }
    let rec = &p.manifest.entries[i];
    let r = match p.fates[i] {
        Fate::Untouched if rec.stored_size > 0 => untouched_payload(p, rec, readings).map(Some).map_err(|e| e.prefixed(&format!("{}: ", rec.file))),
        _ => Ok(None),
    };
    progress.advance(rec.stored_size);
    r
}

/// Where [`lay_out`] writes: the sink, the SHA-256 of what went in, and the skeleton read so far.
struct Layout<'a> {
    sink: &'a mut (dyn Write + Send),
    hash: Sha256,
    len: u64,
    skeleton: &'a [u8],
    sk: usize,
}

impl Layout<'_> {
    fn put(&mut self, bytes: &[u8]) -> Result<(), Message> {
        self.hash.update(bytes);
        self.len += bytes.len() as u64;
        self.sink.write_all(bytes).map_err(|e| e.to_string().into())
    }

    /// The skeleton up to `rec`'s offset, then its payload (zeros of its old length when the
    /// archive's own edit replaces or removes it).
    fn entry(&mut self, p: &ArchivePlan, i: usize, payload: Option<Vec<u8>>) -> Result<(), Message> {
        let rec = &p.manifest.entries[i];
        let gap = rec
            .offset
            .checked_sub(self.len)
            .and_then(|g| usize::try_from(g).ok())
            .ok_or_else(|| msg!("unpack-offsets-overlap", "the manifest's entry offsets overlap"))?;
        let piece = self
            .sk
            .checked_add(gap)
            .and_then(|e| self.skeleton.get(self.sk..e))
            .ok_or_else(|| msg!("unpack-skeleton-short", "the skeleton is shorter than the manifest says"))?;
        self.put(piece)?;
        self.sk += gap;
        match payload {
            Some(b) if b.len() as u64 == rec.stored_size => self.put(&b),
            Some(b) if matches!(p.fates[i], Fate::Untouched) => Err(msg!(
                "unpack-untouched-size",
                "{file}: gives {size} bytes, the entry held {held}",
                file = &rec.file,
                size = b.len(),
                held = rec.stored_size
            )),
            _ => {
                const ZEROS: [u8; 4096] = [0; 4096];
                let mut left = rec.stored_size;
                while left > 0 {
                    let n = left.min(ZEROS.len() as u64) as usize;
                    self.put(&ZEROS[..n])?;
                    left -= n as u64;
                }
                Ok(())
            }
        }
    }
}

/// Writes the archive laid out from its skeleton and the entries' payloads to `sink`, in file
/// order, a window of entries at a time: the payloads of one window (about
/// [`WINDOW_BYTES_PER_JOB`] of stored bytes per job) are made on every job while the window
/// before is written, so only two windows are held, never the whole archive. Returns the
/// SHA-256 of what was written.
fn lay_out(p: &ArchivePlan, readings: &Readings, progress: &dyn Progress, sink: &mut (dyn Write + Send)) -> Result<String, Message> {
    let skeleton = std::fs::read(p.folder.join(manifest::SKELETON)).map_err(|e| Message::from(format!("{}: {e}", manifest::SKELETON)))?;
    let entries = &p.manifest.entries;
    let mut order: Vec<usize> = (0..entries.len()).filter(|&i| entries[i].stored_size > 0).collect();
    order.sort_by_key(|&i| entries[i].offset);
    let budget = WINDOW_BYTES_PER_JOB * rayon::current_num_threads().max(1) as u64;
    let mut windows: Vec<&[usize]> = Vec::new();
    let (mut from, mut size) = (0, 0u64);
    for (k, &i) in order.iter().enumerate() {
        size += entries[i].stored_size;
        if size >= budget {
            windows.push(&order[from..k + 1]);
            (from, size) = (k + 1, 0);
        }
    }
    windows.push(&order[from..]);
    let mut out = Layout { sink, hash: Sha256::new(), len: 0, skeleton: &skeleton, sk: 0 };
    let mut made: Vec<(usize, Option<Vec<u8>>)> = Vec::new();
    for w in windows.into_iter().chain([&[][..]]) {
        let ready = std::mem::take(&mut made);
        let (next, written) = rayon::join(
            || w.par_iter().map(|&i| payload(p, i, readings, progress).map(|b| (i, b))).collect::<Result<Vec<_>, Message>>(),
            || ready.into_iter().try_for_each(|(i, b)| out.entry(p, i, b)),
        );
        written?;
        made = next?;
    }
    let rest = &skeleton[out.sk.min(skeleton.len())..];
    out.put(rest)?;
    // Entries with no stored bytes: only their progress.
    for (i, rec) in entries.iter().enumerate() {
        if rec.stored_size == 0 {
            payload(p, i, readings, progress)?;
        }
    }
    Ok(manifest::hex(&out.hash.finalize()))
}

/// Builds an archive with changes: laid out in memory, then edited through the archive's own
/// editing (the archive and its edited copy are held: twice its size).
fn build_changed(p: &ArchivePlan, readings: &Readings, progress: &dyn Progress) -> Result<Vec<u8>, Message> {
    let entries = &p.manifest.entries;
    let mut out = Vec::with_capacity(p.manifest.size as usize);
    lay_out(p, readings, progress, &mut out)?;
    let (mut node, _) = Node::parse(&p.rel, SharedBytes::from(out)).map_err(|e| e.as_message())?;
    for (i, fate) in p.fates.iter().enumerate() {
        if let Fate::Replaced { bytes, attrs, .. } = fate {
            node.replace_entry(i, SharedBytes::from(bytes.clone())).map_err(|e| format!("{}: {e}", entries[i].name))?;
            if let Some(a) = attrs {
                node.set_attrs(i, None, *a).map_err(|e| format!("{}: {e}", entries[i].name))?;
            }
        }
    }
    for i in (0..entries.len()).rev() {
        if matches!(p.fates[i], Fate::Removed) {
            node.remove_entry(i).map_err(|e| format!("{}: {e}", entries[i].name))?;
        }
    }
    for a in &p.added {
        let name = cp1251::encode(&a.name).ok_or_else(|| msg!("unpack-name-not-cp1251", "{file}: the name has characters outside CP1251", file = &a.from))?;
        let type_id = if a.type_id == u32::MAX { crate::doc::items::guess_type(&node, &a.name, &a.bytes) } else { a.type_id };
        node.add_entry(&name, type_id, a.attrs, SharedBytes::from(a.bytes.clone())).map_err(|e| format!("{}: {e}", a.from))?;
    }
    Ok(node.write())
}

/// Writes an archive nothing changed in straight to its file as it is laid out (the editor's
/// save: a temporary fsynced and renamed over the target), checked against the manifest's
/// SHA-256 before the rename: a mismatch or a stop leaves no file.
fn write_untouched(p: &ArchivePlan, path: &Path, readings: &Readings, progress: &dyn Progress) -> Result<u64, Message> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    let mut failure = None;
    let mut written = 0;
    let r = crate::doc::save::atomic_write_with(path, &mut |f| {
        let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
        let why = match lay_out(p, readings, progress, &mut w) {
            Ok(sum) if sum == p.manifest.sha256 => {
                written = p.manifest.size;
                return w.flush();
            }
            Ok(_) => msg!(
                "unpack-untouched-differs",
                "the files give other bytes than the archive had, though none changed (was the manifest or .archive.bin edited?)"
            ),
            Err(e) => e,
        };
        failure = Some(why);
        Err(std::io::Error::other("not written"))
    });
    match (r, failure) {
        (_, Some(why)) => Err(why),
        (Ok(()), None) => Ok(written),
        (Err(e), None) => Err(format!("{}: {e}", path.display()).into()),
    }
}

fn build_and_write(p: &ArchivePlan, out: &Path, readings: &Readings, progress: &dyn Progress) -> Report {
    let mut r = Report { items: 1, bytes_in: p.manifest.size, ..Report::default() };
    if progress.cancelled() {
        r.cancelled = true;
        return r;
    }
    let path = join_rel(out, &p.rel);
    let changed = !p.added.is_empty() || p.fates.iter().any(|f| !matches!(f, Fate::Untouched));
    let done = if changed {
        build_changed(p, readings, progress).and_then(|bytes| write_archive(&path, &bytes).map(|()| bytes.len() as u64))
    } else {
        write_untouched(p, &path, readings, progress)
    };
    match done {
        Ok(n) => {
            r.files_written = 1;
            r.bytes_out = n;
        }
        Err(e) if e.as_str().is_empty() => r.cancelled = true,
        Err(e) => r.failures.push(ItemFailure::new(p.rel.clone(), e)),
    }
    progress.item_done(&p.rel);
    r
}

/// Archives go through the editor's save (fsynced, renamed over the target).
fn write_archive(path: &Path, bytes: &[u8]) -> Result<(), Message> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    crate::doc::save::atomic_write(path, bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}

fn copy_loose(src: &Path, rel: &str, len: u64, out: &Path, readings: &Readings, progress: &dyn Progress) -> Report {
    let mut r = Report { items: 1, bytes_in: len, ..Report::default() };
    if progress.cancelled() {
        r.cancelled = true;
        return r;
    }
    // A loose file's editable form (a unit tree's text) is made back into the file.
    let form = crate::doc::registry::codecs()
        .iter()
        .filter_map(|c| c.unpack())
        .find(|u| u.loose_files() && rel.len() > u.suffix().len() && rel.to_ascii_lowercase().ends_with(u.suffix()));
    let target = form.map_or(rel, |u| &rel[..rel.len() - u.suffix().len()]);
    let made = std::fs::read(src).map_err(|e| Message::from(e.to_string())).and_then(|b| match form {
        Some(u) => u.new_entry(&b, readings).map(|n| n.bytes),
        None => Ok(b),
    });
    match made.and_then(|b| super::write_out(&join_rel(out, target), &b).map(|()| b.len()).map_err(Message::from)) {
        Ok(n) => {
            r.files_written = 1;
            r.bytes_out = n as u64;
        }
        Err(e) => r.failures.push(ItemFailure::new(rel, e)),
    }
    progress.advance(len);
    progress.item_done(rel);
    r
}
