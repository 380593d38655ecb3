//! Archives and files → the editable tree.

use super::manifest::{self, ArchiveKind, ArchiveManifest, EntryRecord, Form, KeptFile, RootManifest, sha256};
use super::names::Taken;
use super::{ItemFailure, Options, Progress, Report, RunError, join_rel, material_text, pool, texture, write_out};
use crate::doc::node::Node;
use crate::doc::registry::{self, Item};
use crate::doc::resolve::FolderAssets;
use crate::export::gltf::glb_bytes;
use crate::scene::{SceneOptions, build_scene};
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::Mat0;
use crate::formats::readings::Readings;
use crate::formats::rsli;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

/// Stored bytes of entries converted at once per job (their files are held until written).
pub(super) const BATCH_BYTES_PER_JOB: u64 = 2 << 20;

/// The suffix of the glTF made beside a model.
pub const MODEL_SUFFIX: &str = ".glb";

/// Unpacks `sources` (files, or folders whose whole tree is taken) into `out`.
pub fn unpack(sources: &[PathBuf], out: &Path, opts: &Options, progress: &dyn Progress) -> Result<Report, RunError> {
    let mut inputs = Vec::new();
    for s in sources {
        let meta = std::fs::metadata(s).map_err(|e| RunError(format!("{}: {e}", s.display())))?;
        if meta.is_dir() {
            walk(s, "", &mut inputs).map_err(|e| RunError(format!("{}: {e}", s.display())))?;
        } else {
            let name = s.file_name().map(|n| n.to_string_lossy().into_owned()).ok_or_else(|| RunError(format!("{}: not a file name", s.display())))?;
            inputs.push((s.clone(), name, meta.len()));
        }
    }
    std::fs::create_dir_all(out).map_err(|e| RunError(format!("{}: {e}", out.display())))?;
    progress.begin(inputs.len() as u64, inputs.iter().map(|i| i.2).sum());
    let ctx = Ctx { out, opts, progress, assets: Mutex::new(HashMap::new()), files: Arc::new(SharedFiles::default()) };
    let results: Vec<(Report, Vec<String>)> = pool(opts.jobs)?.install(|| inputs.par_iter().map(|(src, rel, _)| ctx.file(src, rel)).collect());
    let mut report = Report::default();
    let root_path = out.join(manifest::ROOT);
    let mut derived: Vec<String> = std::fs::read(&root_path)
        .ok()
        .and_then(|b| serde_json::from_slice::<RootManifest>(&b).ok())
        .map(|m| m.derived)
        .unwrap_or_default();
    for (r, d) in results {
        report.merge(r);
        derived.extend(d);
    }
    derived.sort();
    derived.dedup();
    let root = RootManifest { version: manifest::VERSION, readings: opts.readings, derived };
    let json = serde_json::to_vec_pretty(&root).map_err(|e| RunError(e.to_string()))?;
    write_out(&root_path, &json).map_err(RunError)?;
    report.cancelled |= progress.cancelled();
    Ok(report)
}

fn walk(dir: &Path, prefix: &str, out: &mut Vec<(PathBuf, String, u64)>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
        let ft = e.file_type()?;
        if ft.is_dir() {
            walk(&e.path(), &rel, out)?;
        } else {
            let len = e.metadata()?.len();
            out.push((e.path(), rel, len));
        }
    }
    Ok(())
}

struct Ctx<'a> {
    out: &'a Path,
    opts: &'a Options,
    progress: &'a dyn Progress,
    /// One asset source per folder, shared by its models (each library is read once).
    assets: Mutex<HashMap<PathBuf, Arc<FolderAssets>>>,
    /// The files read, shared: a library the models' textures come from is the same bytes as
    /// the archive being unpacked, not a second copy.
    files: Arc<SharedFiles>,
}

/// Whole files read by the run, held as long as someone uses them (weakly here).
#[derive(Default)]
struct SharedFiles {
    /// One slot per file: a second reader of a file being read waits for those bytes rather
    /// than reading a second copy (two jobs starting on the same library at once).
    open: Mutex<HashMap<PathBuf, Arc<Mutex<Weak<Vec<u8>>>>>>,
}

impl SharedFiles {
    fn read(&self, path: &Path) -> std::io::Result<SharedBytes> {
        let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let slot = {
            let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
            // A slot being read now (locked) stays.
            open.retain(|k, s| *k == key || s.try_lock().map_or(true, |w| w.strong_count() > 0));
            open.entry(key).or_default().clone()
        };
        let mut held = slot.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(buf) = held.upgrade() {
            return Ok(SharedBytes::new(buf));
        }
        let buf = Arc::new(std::fs::read(path)?);
        *held = Arc::downgrade(&buf);
        Ok(SharedBytes::new(buf))
    }

    fn reader(self: &Arc<Self>) -> Arc<crate::doc::resolve::FileReader> {
        let me = self.clone();
        Arc::new(move |p: &Path| me.read(p))
    }
}

/// One entry's output before it is named: `(suffix, bytes)` files, the first the main one.
struct EntryOut {
    form: Form,
    files: Vec<(String, Vec<u8>)>,
    derived: Option<Vec<u8>>,
    texm: Option<manifest::TexmForm>,
    packed: Option<Vec<u8>>,
}

fn kind_of(bytes: &[u8], name: &str, type_id: Option<u32>, attrs: [u32; 3], readings: &Readings) -> Option<&'static str> {
    registry::codec_for(&Item { bytes, name, type_id, attrs, readings }).map(|c| c.kind())
}

impl Ctx<'_> {
    fn file(&self, src: &Path, rel: &str) -> (Report, Vec<String>) {
        let mut report = Report { items: 1, ..Report::default() };
        if self.progress.cancelled() {
            report.cancelled = true;
            return (report, Vec::new());
        }
        let fail = |report: &mut Report, m: String| report.failures.push(ItemFailure { item: src.display().to_string(), message: m });
        let bytes = match self.files.read(src) {
            Ok(b) => b,
            Err(e) => {
                fail(&mut report, e.to_string());
                return (report, Vec::new());
            }
        };
        report.bytes_in = bytes.len() as u64;
        let name = rel.rsplit('/').next().unwrap_or(rel).to_string();
        let readings = &self.opts.readings;
        let kind = kind_of(&bytes, &name, None, [0; 3], readings);
        let mut derived = Vec::new();
        let archive = match kind {
            Some("msh") => None,
            _ => Node::parse(&name, bytes.clone()).ok().map(|(n, _)| n).filter(Node::is_archive),
        };
        let done = match archive {
            // Entries that cannot be laid out as files: the archive is kept whole.
            Some(node) => self.archive(src, rel, &bytes, node, &mut report).err(),
            None => Some(String::new()),
        };
        if let Some(why) = done {
            if !why.is_empty() {
                report.notes.push(format!("{rel}: kept whole, not unpacked: {why}"));
            }
            match write_out(&join_rel(self.out, rel), &bytes) {
                Ok(()) => {
                    report.files_written += 1;
                    report.bytes_out += bytes.len() as u64;
                }
                Err(e) => fail(&mut report, e),
            }
            if kind == Some("msh") && self.opts.models {
                let assets = self.folder_assets(src);
                if let Some(glb) = model_glb(&name, bytes.clone(), assets.as_ref(), readings) {
                    let d = format!("{rel}{MODEL_SUFFIX}");
                    if write_out(&join_rel(self.out, &d), &glb).is_ok() {
                        report.files_written += 1;
                        report.bytes_out += glb.len() as u64;
                        derived.push(d);
                    }
                }
            }
            self.progress.advance(bytes.len() as u64);
        }
        self.progress.item_done(rel);
        (report, derived)
    }

    fn folder_assets(&self, src: &Path) -> Arc<FolderAssets> {
        let dir = src.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut map = self.assets.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(dir).or_insert_with(|| Arc::new(FolderAssets::for_file(src).with_reader(self.files.reader()))).clone()
    }

    /// Unpacks an archive into the folder `rel`. An error leaves the archive to be kept whole.
    fn archive(&self, src: &Path, rel: &str, bytes: &SharedBytes, node: Node, report: &mut Report) -> Result<(), String> {
        let metas = node.metas();
        let kind = match &node {
            Node::Nres(_) => ArchiveKind::Nres,
            _ => ArchiveKind::Rsli,
        };
        // The stored ranges must be apart for the skeleton to hold everything else.
        // RsLi: what the row's range covers within the data region (a row may claim more).
        let ranges: Vec<(u64, u64)> = match &node {
            Node::Rsli(a) => metas.iter().map(|m| (m.offset, a.packed(m.index).len() as u64)).collect(),
            _ => metas.iter().map(|m| (m.offset, m.size)).collect(),
        };
        let mut order: Vec<usize> = (0..ranges.len()).filter(|&i| ranges[i].1 > 0).collect();
        order.sort_by_key(|&i| ranges[i].0);
        let mut end = 0u64;
        for &i in &order {
            let (at, len) = ranges[i];
            if at < end || at.checked_add(len).is_none_or(|e| e > bytes.len() as u64) {
                return Err(format!("entry {} shares bytes with another or lies outside the file", metas[i].name));
            }
            end = at + len;
        }
        let mut skeleton = Vec::new();
        let mut at = 0usize;
        for &i in &order {
            let (start, len) = (ranges[i].0 as usize, ranges[i].1 as usize);
            skeleton.extend_from_slice(&bytes[at..start]);
            at = start + len;
        }
        skeleton.extend_from_slice(&bytes[at..]);

        let readings = &self.opts.readings;
        let archive_name = rel.rsplit('/').next().unwrap_or(rel);
        // Libraries are read per asset source: only an archive holding models needs its own.
        let has_models = self.opts.models && metas.iter().any(|m| m.name.to_ascii_lowercase().ends_with(".msh"));
        let container = if has_models { Some(FolderAssets::for_file(src).with_reader(self.files.reader()).with_container(archive_name.to_string(), node.clone())) } else { None };
        // Entries are converted and written a batch at a time, so that the files of only one
        // batch are held at once (peak memory: the archive and a few MB per job).
        let budget = BATCH_BYTES_PER_JOB * self.opts.jobs.max(1) as u64;
        let mut batches: Vec<std::ops::Range<usize>> = Vec::new();
        let (mut from, mut size) = (0, 0u64);
        for (i, m) in metas.iter().enumerate() {
            size += ranges[m.index].1.max(1);
            if size >= budget {
                batches.push(from..i + 1);
                (from, size) = (i + 1, 0);
            }
        }
        if from < metas.len() {
            batches.push(from..metas.len());
        }
        // Names: every file of an entry starts with its base; none collides with another's.
        let mut taken = Taken::default();
        let folder = join_rel(self.out, rel);
        // A folder this run makes holds no link and no earlier file: its files are written
        // without the lookups a replaced file needs, and it is made once, not per file.
        let fresh = !folder.exists();
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let put = |name: &str, b: &[u8]| -> Result<u64, String> {
            let path = join_rel(&folder, name);
            if fresh && !name.contains('/') {
                crate::doc::save::atomic_write_new(&path, b).map_err(|e| format!("{}: {e}", path.display()))?;
            } else {
                write_out(&path, b)?;
            }
            Ok(b.len() as u64)
        };
        let mut records = Vec::with_capacity(metas.len());
        // The whole archive's SHA-256 goes on beside the entries' work; the files of one batch
        // are written while the next batch is converted.
        let (whole_sum, run) = rayon::join(
            || sha256(bytes),
            || -> Result<bool, String> {
                let mut pending: Vec<(String, Vec<u8>)> = Vec::new();
                for batch in batches.into_iter().map(Some).chain([None]) {
                    let ready = std::mem::take(&mut pending);
                    let (outs, written) = rayon::join(
                        || -> Vec<Result<(EntryOut, Vec<String>), String>> {
                            let Some(batch) = batch.clone() else { return Vec::new() };
                            metas[batch]
                                .par_iter()
                                .map(|m| {
                                    if self.progress.cancelled() {
                                        return Err(String::new());
                                    }
                                    let r = self.entry(&node, m, archive_name, container.as_ref(), readings);
                                    self.progress.advance(ranges[m.index].1);
                                    // The files' SHA-256 (for the manifest) on the job that made them.
                                    r.map(|o| {
                                        let sums = o.files.iter().map(|(_, b)| sha256(b)).collect();
                                        (o, sums)
                                    })
                                })
                                .collect()
                        },
                        || ready.par_iter().map(|(name, b)| put(name, b)).collect::<Vec<Result<u64, String>>>(),
                    );
                    let mut write_error = None;
                    for w in written {
                        match w {
                            Ok(n) => {
                                report.files_written += 1;
                                report.bytes_out += n;
                            }
                            Err(e) => write_error = write_error.or(Some(e)),
                        }
                    }
                    if let Some(e) = write_error {
                        let _ = std::fs::remove_dir_all(&folder);
                        return Err(e);
                    }
                    if self.progress.cancelled() {
                        report.cancelled = true;
                        return Ok(true);
                    }
                    let Some(batch) = batch else { break };
                    let outs: Vec<(EntryOut, Vec<String>)> = match outs.into_iter().collect::<Result<_, _>>() {
                        Ok(o) => o,
                        Err(e) => {
                            // The archive is kept whole where its folder was begun.
                            let _ = std::fs::remove_dir_all(&folder);
                            return Err(e);
                        }
                    };
                    for (m, (o, sums)) in metas[batch].iter().zip(outs) {
                        let mut suffixes: Vec<&str> = o.files.iter().map(|(s, _)| s.as_str()).collect();
                        if o.derived.is_some() {
                            suffixes.push(MODEL_SUFFIX);
                        }
                        let base = taken.claim(&m.name, &suffixes);
                        let main_suffix = o.files[0].0.clone();
                        let kept: Vec<KeptFile> = o.files[1..].iter().zip(&sums[1..]).map(|((s, _), sum)| KeptFile { file: format!("{base}{s}"), sha256: sum.clone() }).collect();
                        let mut derived = Vec::new();
                        if let Some(d) = o.derived {
                            derived.push(format!("{base}{MODEL_SUFFIX}"));
                            pending.push((format!("{base}{MODEL_SUFFIX}"), d));
                        }
                        let packed = o.packed.map(|p| {
                            let f = format!(".packed/{base}");
                            pending.push((f.clone(), p));
                            f
                        });
                        for (s, b) in o.files {
                            pending.push((format!("{base}{s}"), b));
                        }
                        records.push(EntryRecord {
                            name: m.name.clone(),
                            type_id: m.type_id.unwrap_or(0),
                            attrs: m.attrs,
                            offset: ranges[m.index].0,
                            stored_size: ranges[m.index].1,
                            form: o.form,
                            file: format!("{base}{main_suffix}"),
                            sha256: sums[0].clone(),
                            kept,
                            derived,
                            texm: o.texm,
                            packed,
                            rsli: match &node {
                                Node::Rsli(a) => Some(manifest::RsliStorage { flags: a.entry(m.index).flags(), key: a.xor_key(m.index) }),
                                _ => None,
                            },
                        });
                    }
                }
                Ok(false)
            },
        );
        if run? {
            return Ok(());
        }
        let manifest = ArchiveManifest { version: manifest::VERSION, kind, size: bytes.len() as u64, sha256: whole_sum, entries: records };
        let json = serde_json::to_vec_pretty(&manifest).map_err(|e| e.to_string())?;
        write_out(&folder.join(manifest::SKELETON), &skeleton)?;
        // The manifest last: a folder without one was not finished.
        write_out(&folder.join(manifest::ARCHIVE), &json)?;
        report.files_written += 2;
        report.bytes_out += (skeleton.len() + json.len()) as u64;
        Ok(())
    }

    fn entry(&self, node: &Node, m: &crate::doc::node::EntryMeta, archive: &str, assets: Option<&FolderAssets>, readings: &Readings) -> Result<EntryOut, String> {
        let bytes = node.entry_bytes(m.index).map_err(|e| format!("{}: {e}", m.name))?;
        let packed = match node {
            Node::Rsli(a) => {
                let stored = a.packed(m.index);
                let again = rsli::pack(a.entry(m.index).method(), a.xor_key(m.index), &bytes).ok();
                (again.as_deref() != Some(&stored[..])).then(|| stored.to_vec())
            }
            _ => None,
        };
        let bytes_out = |derived| EntryOut { form: Form::Bytes, files: vec![(String::new(), bytes.to_vec())], derived, texm: None, packed: packed.clone() };
        match kind_of(&bytes, &m.name, m.type_id, m.attrs, readings) {
            Some("texm") => match texture::export(&bytes, readings, self.opts.compression) {
                Some(e) => Ok(EntryOut { form: Form::Texm, files: e.files, derived: None, texm: Some(e.form), packed }),
                None => Ok(bytes_out(None)),
            },
            Some("mat0") => {
                let Ok(mat) = Mat0::parse(&bytes, m.attrs[1]) else { return Ok(bytes_out(None)) };
                let text = material_text::write(&mat, m.attrs, &format!("{} of {archive}", m.name));
                // Only a text that reads back to these very bytes stands for them.
                match material_text::read(&text) {
                    Ok(back) if back.attrs == m.attrs && back.mat.write().ok().as_deref() == Some(&bytes[..]) => Ok(EntryOut {
                        form: Form::Mat0,
                        files: vec![(material_text::EXTENSION.to_string(), text.into_bytes())],
                        derived: None,
                        texm: None,
                        packed,
                    }),
                    _ => Ok(bytes_out(None)),
                }
            }
            Some("msh") => Ok(bytes_out(assets.and_then(|a| model_glb(&m.name, bytes.clone(), a, readings)))),
            _ => Ok(bytes_out(None)),
        }
    }
}

/// A model's scene as a binary glTF with its textures, or nothing when it does not build.
fn model_glb(name: &str, bytes: SharedBytes, assets: &FolderAssets, readings: &Readings) -> Option<Vec<u8>> {
    let scene = build_scene(name, bytes, assets, &SceneOptions::default(), readings).ok()?;
    glb_bytes(&scene).ok()
}
