//! The editable tree → archives and files. First every archive folder is compared with its
//! manifest and every edited file converted (a material text with a mistake, an unreadable
//! image: all are listed and nothing is written); then each archive is rebuilt from its
//! skeleton, the untouched entries' files and the converted ones, and written.

use super::manifest::{self, ArchiveKind, ArchiveManifest, EntryRecord, Form, RootManifest, sha256};
use super::texture::{self, Kept};
use super::tree::MODEL_SUFFIX;
use super::{ItemFailure, Options, Progress, Report, RunError, join_rel, material_text, pool};
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::texm::png::read_image;
use crate::formats::{TYPE_MAT0, TYPE_TEXM, cp1251, rsli};
use rayon::prelude::*;
use std::collections::HashSet;
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
        .map_err(|e| RunError(format!("{}: not an unpacked tree ({}: {e})", dir.display(), manifest::ROOT)))
        .and_then(|b| serde_json::from_slice(&b).map_err(|e| RunError(format!("{}: {e}", dir.join(manifest::ROOT).display()))))?;
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(dir), std::fs::canonicalize(out))
        && (b == a || b.starts_with(&a))
    {
        return Err(RunError(format!("{}: the output must be outside the unpacked tree", out.display())));
    }
    let mut archives = Vec::new();
    let mut loose = Vec::new();
    let derived: HashSet<&str> = root.derived.iter().map(String::as_str).collect();
    walk(dir, "", &derived, &mut archives, &mut loose).map_err(|e| RunError(format!("{}: {e}", dir.display())))?;
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
        rs.par_extend(loose.par_iter().map(|(src, rel, len)| copy_loose(src, rel, *len, out, progress)));
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

fn kept_of(folder: &Path, rec: &EntryRecord, form: &manifest::TexmForm) -> Result<Kept, String> {
    let base = rec.file.strip_suffix(".png").unwrap_or(&rec.file).to_string();
    texture::read_kept(form, &mut |suffix| read_opt(&join_rel(folder, &format!("{base}{suffix}"))))
}

/// An entry's payload from its files. `untouched`: the main file is the one exported.
fn entry_bytes(folder: &Path, rec: &EntryRecord, main: &[u8], untouched: bool, readings: &Readings) -> Result<(Vec<u8>, Option<[u32; 3]>), String> {
    match rec.form {
        Form::Bytes => Ok((main.to_vec(), None)),
        Form::Mat0 => {
            let text = std::str::from_utf8(main).map_err(|e| format!("not UTF-8 text: {e}"))?;
            let m = material_text::read(text).map_err(|e| e.to_string())?;
            let bytes = m.mat.write().map_err(|e| e.to_string())?;
            Ok((bytes, (m.attrs != rec.attrs).then_some(m.attrs)))
        }
        Form::Texm => {
            let form = rec.texm.as_ref().ok_or("the manifest lacks the texture's header")?;
            let kept = kept_of(folder, rec, form)?;
            let img = read_image(main).map_err(|e| e.to_string())?;
            let bytes = texture::rebuild(form, img, &kept, untouched, readings).map_err(|e| e.to_string())?;
            Ok((bytes, None))
        }
    }
}

fn plan(folder: &Path, rel: &str, readings: &Readings) -> Result<ArchivePlan, Vec<ItemFailure>> {
    let fail = |item: String, message: String| vec![ItemFailure { item, message }];
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
                failures.push(ItemFailure { item, message: e.to_string() });
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
                failures.push(ItemFailure { item, message });
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
                failures.push(ItemFailure { item, message: e.to_string() });
                continue;
            }
        };
        let converted = if let Some(name) = f.strip_suffix(material_text::EXTENSION) {
            std::str::from_utf8(&bytes)
                .map_err(|e| format!("not UTF-8 text: {e}"))
                .and_then(|t| material_text::read(t).map_err(|e| e.to_string()))
                .and_then(|m| Ok(Added { name: name.to_string(), type_id: TYPE_MAT0, attrs: m.attrs, bytes: m.mat.write().map_err(|e| e.to_string())?, from: f.clone() }))
        } else if let Some(name) = f.strip_suffix(".png").filter(|_| !f.ends_with(MODEL_SUFFIX)) {
            read_image(&bytes)
                .and_then(|img| texture::new_texture(img, readings))
                .map(|b| Added { name: name.to_string(), type_id: TYPE_TEXM, attrs: [0; 3], bytes: b, from: f.clone() })
                .map_err(|e| e.to_string())
        } else {
            // The type is guessed when the archive is rebuilt (from its other entries).
            Ok(Added { name: f.clone(), type_id: u32::MAX, attrs: [0; 3], bytes, from: f.clone() })
        };
        match converted {
            Ok(a) => added.push(a),
            Err(message) => failures.push(ItemFailure { item, message }),
        }
    }
    if !failures.is_empty() {
        return Err(failures);
    }
    Ok(ArchivePlan { rel: rel.to_string(), folder: folder.to_path_buf(), manifest, fates, added })
}

fn describe(p: &ArchivePlan) -> Vec<String> {
    let mut out = Vec::new();
    for (rec, fate) in p.manifest.entries.iter().zip(&p.fates) {
        match fate {
            Fate::Untouched => {}
            Fate::Replaced { bytes, attrs, from } => {
                let a = if attrs.is_some() { " and its attributes" } else { "" };
                out.push(format!("{}: {} replaced from {from} ({} -> {} bytes){a}", p.rel, rec.name, rec.stored_size, bytes.len()));
            }
            Fate::Removed => out.push(format!("{}: {} removed ({} is gone)", p.rel, rec.name, rec.file)),
        }
    }
    for a in &p.added {
        out.push(format!("{}: {} added from {} ({} bytes)", p.rel, a.name, a.from, a.bytes.len()));
    }
    out
}

/// The stored bytes of an untouched entry.
fn untouched_payload(p: &ArchivePlan, rec: &EntryRecord, readings: &Readings) -> Result<Vec<u8>, String> {
    let main = std::fs::read(join_rel(&p.folder, &rec.file)).map_err(|e| e.to_string())?;
    let (bytes, _) = entry_bytes(&p.folder, rec, &main, true, readings)?;
    match (p.manifest.kind, &rec.packed, rec.rsli) {
        (ArchiveKind::Nres, _, _) => Ok(bytes),
        (ArchiveKind::Rsli, Some(f), _) => std::fs::read(join_rel(&p.folder, f)).map_err(|e| format!("{f}: {e}")),
        (ArchiveKind::Rsli, None, Some(s)) => rsli::pack(rsli::Method::from_flags(s.flags), s.key, &bytes).map_err(|e| e.to_string()),
        (ArchiveKind::Rsli, None, None) => Err("the manifest lacks the entry's storage method".into()),
    }
}

fn build(p: &ArchivePlan, readings: &Readings, progress: &dyn Progress) -> Result<Vec<u8>, String> {
    let skeleton = std::fs::read(p.folder.join(manifest::SKELETON)).map_err(|e| format!("{}: {e}", manifest::SKELETON))?;
    let entries = &p.manifest.entries;
    let payloads: Vec<Result<Option<Vec<u8>>, String>> = entries
        .par_iter()
        .zip(&p.fates)
        .map(|(rec, fate)| {
            if progress.cancelled() {
                return Err(String::new());
            }
            let r = match fate {
                Fate::Untouched if rec.stored_size > 0 => untouched_payload(p, rec, readings).map(Some).map_err(|e| format!("{}: {e}", rec.file)),
                _ => Ok(None),
            };
            progress.advance(rec.stored_size);
            r
        })
        .collect();
    let mut payloads: Vec<Option<Vec<u8>>> = payloads.into_iter().collect::<Result<_, _>>()?;
    // Lay the payloads into the skeleton in file order; a changed or removed entry holds zeros
    // of its old length until the archive's own edit replaces or removes it.
    let mut order: Vec<usize> = (0..entries.len()).filter(|&i| entries[i].stored_size > 0).collect();
    order.sort_by_key(|&i| entries[i].offset);
    let mut out = Vec::with_capacity(p.manifest.size as usize);
    let mut sk = 0usize;
    for &i in &order {
        let rec = &entries[i];
        let gap = (rec.offset as usize).checked_sub(out.len()).ok_or("the manifest's entry offsets overlap")?;
        let piece = skeleton.get(sk..sk + gap).ok_or("the skeleton is shorter than the manifest says")?;
        out.extend_from_slice(piece);
        sk += gap;
        match payloads[i].take() {
            Some(b) if b.len() as u64 == rec.stored_size => out.extend_from_slice(&b),
            Some(b) if matches!(p.fates[i], Fate::Untouched) => {
                return Err(format!("{}: gives {} bytes, the entry held {}", rec.file, b.len(), rec.stored_size));
            }
            _ => out.resize(out.len() + rec.stored_size as usize, 0),
        }
    }
    out.extend_from_slice(&skeleton[sk.min(skeleton.len())..]);
    let changed = !p.added.is_empty() || p.fates.iter().any(|f| !matches!(f, Fate::Untouched));
    if !changed {
        if sha256(&out) != p.manifest.sha256 {
            return Err("the files give other bytes than the archive had, though none changed (was the manifest or .archive.bin edited?)".into());
        }
        return Ok(out);
    }
    let (mut node, _) = Node::parse(&p.rel, SharedBytes::from(out)).map_err(|e| e.to_string())?;
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
        let name = cp1251::encode(&a.name).ok_or_else(|| format!("{}: the name has characters outside CP1251", a.from))?;
        let type_id = if a.type_id == u32::MAX { crate::doc::items::guess_type(&node, &a.name, &a.bytes) } else { a.type_id };
        node.add_entry(&name, type_id, a.attrs, SharedBytes::from(a.bytes.clone())).map_err(|e| format!("{}: {e}", a.from))?;
    }
    Ok(node.write())
}

fn build_and_write(p: &ArchivePlan, out: &Path, readings: &Readings, progress: &dyn Progress) -> Report {
    let mut r = Report { items: 1, bytes_in: p.manifest.size, ..Report::default() };
    if progress.cancelled() {
        r.cancelled = true;
        return r;
    }
    match build(p, readings, progress) {
        Ok(bytes) => match write_archive(&join_rel(out, &p.rel), &bytes) {
            Ok(()) => {
                r.files_written = 1;
                r.bytes_out = bytes.len() as u64;
            }
            Err(e) => r.failures.push(ItemFailure { item: p.rel.clone(), message: e }),
        },
        Err(e) if e.is_empty() => r.cancelled = true,
        Err(e) => r.failures.push(ItemFailure { item: p.rel.clone(), message: e }),
    }
    progress.item_done(&p.rel);
    r
}

/// Archives go through the editor's save (fsynced, renamed over the target).
fn write_archive(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    crate::doc::save::atomic_write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn copy_loose(src: &Path, rel: &str, len: u64, out: &Path, progress: &dyn Progress) -> Report {
    let mut r = Report { items: 1, bytes_in: len, ..Report::default() };
    if progress.cancelled() {
        r.cancelled = true;
        return r;
    }
    match std::fs::read(src).map_err(|e| e.to_string()).and_then(|b| super::write_out(&join_rel(out, rel), &b).map(|()| b.len())) {
        Ok(n) => {
            r.files_written = 1;
            r.bytes_out = n as u64;
        }
        Err(e) => r.failures.push(ItemFailure { item: rel.to_string(), message: e }),
    }
    progress.advance(len);
    progress.item_done(rel);
    r
}
