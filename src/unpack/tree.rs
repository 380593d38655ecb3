//! Archives and files → the editable tree.

use super::manifest::{self, ArchiveKind, ArchiveManifest, EntryRecord, Form, KeptFile, RootManifest, sha256};
use super::names::Taken;
use super::{ItemFailure, Options, Progress, Report, RunError, join_rel, pool, write_out};
use crate::doc::kinds::{FormatKind, UnpackIn};
use crate::doc::node::Node;
use crate::doc::registry::{self, Item};
use crate::doc::resolve::FolderAssets;
use crate::export::gltf::glb_bytes;
use crate::scene::{SceneOptions, build_scene};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::rsli;
use crate::msg;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

/// Stored bytes of entries held at once per job, from conversion until their files are written.
pub(super) const WINDOW_BYTES_PER_JOB: u64 = 2 << 20;

/// Why an archive is kept whole instead of unpacked (a note of the report).
enum Whole {
    /// An entry's stored range overlaps another's or leaves the file (its name).
    Overlap(String),
    /// A file could not be written or an entry not read (the reason, with its path).
    Failed(String),
}

/// The suffix of the glTF made beside a model.
pub const MODEL_SUFFIX: &str = ".glb";

/// Unpacks `sources` (files, or folders whose whole tree is taken) into `out`.
pub fn unpack(sources: &[PathBuf], out: &Path, opts: &Options, progress: &dyn Progress) -> Result<Report, RunError> {
    let mut inputs = Vec::new();
    for s in sources {
        let meta = std::fs::metadata(s).map_err(|e| RunError(format!("{}: {e}", s.display()).into()))?;
        if meta.is_dir() {
            walk(s, "", &mut inputs).map_err(|e| RunError(format!("{}: {e}", s.display()).into()))?;
        } else {
            let name = s.file_name().map(|n| n.to_string_lossy().into_owned()).ok_or_else(|| RunError(msg!("unpack-not-a-file-name", "{path}: not a file name", path = s.display().to_string())))?;
            inputs.push((s.clone(), name, meta.len()));
        }
    }
    std::fs::create_dir_all(out).map_err(|e| RunError(format!("{}: {e}", out.display()).into()))?;
    progress.begin(inputs.len() as u64, inputs.iter().map(|i| i.2).sum());
    let ctx = Ctx { out, opts, progress, assets: Mutex::new(HashMap::new()), files: Arc::new(SharedFiles { jobs: opts.jobs.max(1), open: Mutex::default() }) };
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
    let json = serde_json::to_vec_pretty(&root).map_err(|e| RunError(e.to_string().into()))?;
    write_out(&root_path, &json).map_err(|e| RunError(e.into()))?;
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

/// One file's bytes while anyone holds them; locked while they are read.
type Slot = Arc<Mutex<Weak<Vec<u8>>>>;

/// Whole files read by the run, held as long as someone uses them (weakly here).
struct SharedFiles {
    /// Parts a large file is read in at once.
    jobs: usize,
    /// One slot per file: a second reader of a file being read waits for those bytes rather
    /// than reading a second copy (two jobs starting on the same library at once).
    open: Mutex<HashMap<PathBuf, Slot>>,
}

/// Waits for a file that do other work meanwhile, nested on one thread at most.
const MAX_NESTED_WAITS: u32 = 8;

thread_local! {
    static WAITS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
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
        let mut held = loop {
            match slot.try_lock() {
                Ok(h) => break h,
                Err(std::sync::TryLockError::Poisoned(p)) => break p.into_inner(),
                // Being read by another job (which reads on threads of its own and takes no
                // pool work meanwhile): this job does other work until the bytes are there.
                // That work may wait for the same file in turn, so the waits nest on this
                // thread's stack; past a few, it sleeps instead.
                Err(std::sync::TryLockError::WouldBlock) => {
                    let nested = WAITS.with(|w| w.get());
                    let worked = nested < MAX_NESTED_WAITS && {
                        WAITS.with(|w| w.set(nested + 1));
                        let y = rayon::yield_now();
                        WAITS.with(|w| w.set(nested));
                        y == Some(rayon::Yield::Executed)
                    };
                    if !worked {
                        std::thread::sleep(std::time::Duration::from_micros(100));
                    }
                }
            }
        };
        if let Some(buf) = held.upgrade() {
            return Ok(SharedBytes::new(buf));
        }
        let buf = Arc::new(super::read::read_whole(path, self.jobs)?);
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

fn kind_of(bytes: &[u8], name: &str, type_id: Option<u32>, attrs: [u32; 3], readings: &Readings) -> Option<FormatKind> {
    registry::codec_for(&Item { bytes, name, type_id, attrs, readings }).map(|c| c.kind())
}

impl Ctx<'_> {
    fn file(&self, src: &Path, rel: &str) -> (Report, Vec<String>) {
        let mut report = Report { items: 1, ..Report::default() };
        if self.progress.cancelled() {
            report.cancelled = true;
            return (report, Vec::new());
        }
        let fail = |report: &mut Report, m: String| report.failures.push(ItemFailure::new(src.display().to_string(), m));
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
            // A model's entries are its components: the file is kept whole.
            Some(k) if k.codec().whole_archive() => None,
            _ => Node::parse(&name, bytes.clone()).ok().map(|(n, _)| n).filter(Node::is_archive),
        };
        let done = match archive {
            // Entries that cannot be laid out as files: the archive is kept whole.
            Some(node) => self.archive(src, rel, &bytes, node, &mut report).err().map(Some),
            None => match self.loose_form(&bytes, &name, kind, &mut report, rel) {
                true => None,
                false => Some(None),
            },
        };
        if let Some(why) = done {
            match why {
                Some(Whole::Overlap(entry)) => report.notes.push(msg!(
                    "unpack-kept-whole-overlap",
                    "{rel}: kept whole, not unpacked: entry {entry} shares bytes with another or lies outside the file",
                    rel = rel,
                    entry = entry
                )),
                Some(Whole::Failed(why)) => report.notes.push(msg!("unpack-kept-whole", "{rel}: kept whole, not unpacked: {why}", rel = rel, why = why)),
                None => {}
            }
            match write_out(&join_rel(self.out, rel), &bytes) {
                Ok(()) => {
                    report.files_written += 1;
                    report.bytes_out += bytes.len() as u64;
                }
                Err(e) => fail(&mut report, e),
            }
            if kind == Some(FormatKind::Msh) && self.opts.models {
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

    /// A loose file of a kind whose form stands for files (a unit tree's text) written as that
    /// form; false to copy it as it is.
    fn loose_form(&self, bytes: &[u8], name: &str, kind: Option<FormatKind>, report: &mut Report, rel: &str) -> bool {
        let Some(form) = kind.and_then(|k| k.codec().unpack()).filter(|u| u.loose_files()) else { return false };
        let e = UnpackIn { bytes, name, archive: "", type_id: None, attrs: [0; 3], readings: &self.opts.readings, compression: self.opts.compression };
        let Some(u) = form.unpack(&e) else { return false };
        let Some((suffix, text)) = u.files.into_iter().next() else { return false };
        match write_out(&join_rel(self.out, &format!("{rel}{suffix}")), &text) {
            Ok(()) => {
                report.files_written += 1;
                report.bytes_out += text.len() as u64;
                self.progress.advance(bytes.len() as u64);
                true
            }
            Err(_) => false,
        }
    }

    fn folder_assets(&self, src: &Path) -> Arc<FolderAssets> {
        let dir = src.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut map = self.assets.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(dir).or_insert_with(|| Arc::new(FolderAssets::for_file(src).with_reader(self.files.reader()))).clone()
    }

    /// Unpacks an archive into the folder `rel`. An error leaves the archive to be kept whole.
    fn archive(&self, src: &Path, rel: &str, bytes: &SharedBytes, node: Node, report: &mut Report) -> Result<(), Whole> {
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
                return Err(Whole::Overlap(metas[i].name.clone()));
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

        let archive_name = rel.rsplit('/').next().unwrap_or(rel);
        // Libraries are read per asset source: only an archive holding models needs its own.
        let has_models = self.opts.models && metas.iter().any(|m| m.name.to_ascii_lowercase().ends_with(".msh"));
        let container = if has_models { Some(FolderAssets::for_file(src).with_reader(self.files.reader()).with_container(archive_name.to_string(), node.clone())) } else { None };
        // Names: every file of an entry starts with its base; none collides with another's.
        let folder = join_rel(self.out, rel);
        // A folder this run makes holds no link and no earlier file: its files are written
        // without the lookups a replaced file needs, and it is made once, not per file.
        let fresh = !folder.exists();
        std::fs::create_dir_all(&folder).map_err(|e| Whole::Failed(format!("{}: {e}", folder.display())))?;
        let put = |name: &str, b: &[u8]| -> Result<u64, String> {
            let path = join_rel(&folder, name);
            if fresh && !name.contains('/') {
                crate::doc::save::atomic_write_new(&path, b).map_err(|e| format!("{}: {e}", path.display()))?;
            } else {
                write_out(&path, b)?;
            }
            Ok(b.len() as u64)
        };
        let jobs = self.opts.jobs.max(1);
        let run = Entries {
            ctx: self,
            node: &node,
            metas: &metas,
            ranges: &ranges,
            archive_name,
            container: container.as_ref(),
            put: &put,
            jobs,
            budget: WINDOW_BYTES_PER_JOB * jobs as u64,
            window: Mutex::new(Window::default()),
        };
        // The whole archive's SHA-256 goes on beside the entries' work.
        let (whole_sum, ()) = rayon::join(|| sha256(bytes), || rayon::scope_fifo(|s| run.pump(s, &mut run.lock())));
        let w = run.window.into_inner().unwrap_or_else(|p| p.into_inner());
        report.files_written += w.files_written;
        report.bytes_out += w.bytes_out;
        if let Some(e) = w.failed {
            // The archive is kept whole where its folder was begun.
            let _ = std::fs::remove_dir_all(&folder);
            return Err(Whole::Failed(e));
        }
        if w.cancelled || self.progress.cancelled() {
            report.cancelled = true;
            return Ok(());
        }
        let records = w.records;
        let manifest = ArchiveManifest { version: manifest::VERSION, kind, size: bytes.len() as u64, sha256: whole_sum, entries: records };
        let json = serde_json::to_vec_pretty(&manifest).map_err(|e| Whole::Failed(e.to_string()))?;
        write_out(&folder.join(manifest::SKELETON), &skeleton).map_err(Whole::Failed)?;
        // The manifest last: a folder without one was not finished.
        write_out(&folder.join(manifest::ARCHIVE), &json).map_err(Whole::Failed)?;
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
        let kind = kind_of(&bytes, &m.name, m.type_id, m.attrs, readings);
        // The kind's editable form, where it has one (doc::kinds::Unpack).
        if let Some(k) = kind
            && let Some(form) = k.codec().unpack()
        {
            let entry = UnpackIn { bytes: &bytes, name: &m.name, archive, type_id: m.type_id, attrs: m.attrs, readings, compression: self.opts.compression };
            return Ok(match form.unpack(&entry) {
                Some(u) => EntryOut { form: Form::Typed(k), files: u.files, derived: None, texm: u.texm, packed },
                None => bytes_out(None),
            });
        }
        match kind {
            Some(FormatKind::Msh) => Ok(bytes_out(assets.and_then(|a| model_glb(&m.name, bytes.clone(), a, readings)))),
            _ => Ok(bytes_out(None)),
        }
    }
}

/// Writes one file (a name in the archive's folder) and gives its length.
type PutFile<'a> = dyn Fn(&str, &[u8]) -> Result<u64, String> + Sync + 'a;

/// An archive's entries on their way to files. Entries are converted on every job in
/// directory order, as many at once as keep the jobs busy and the stored bytes held under
/// the budget; each finished entry is named (in directory order, so names never depend on
/// timing) and written by the job that finished the last entry before it, while the other
/// jobs go on converting. No job waits for a batch to end.
struct Entries<'a, 'c> {
    ctx: &'a Ctx<'c>,
    node: &'a Node,
    metas: &'a [crate::doc::node::EntryMeta],
    /// `(offset, stored length)` per entry index.
    ranges: &'a [(u64, u64)],
    archive_name: &'a str,
    container: Option<&'a FolderAssets>,
    /// Writes one file into the archive's folder, giving its length.
    put: &'a PutFile<'a>,
    jobs: usize,
    /// Stored bytes of entries begun and not yet written, above which no more are begun
    /// (unless a job would idle with nothing converting).
    budget: u64,
    window: Mutex<Window>,
}

#[derive(Default)]
struct Window {
    /// The next entry (position in `metas`) to begin, and the next to name and write.
    next_begin: usize,
    next_write: usize,
    converting: usize,
    /// Stored bytes of the entries in `next_write..next_begin`.
    held: u64,
    /// Converted entries waiting for the ones before them, with their files' SHA-256.
    ready: std::collections::BTreeMap<usize, (EntryOut, Vec<String>)>,
    taken: Taken,
    records: Vec<EntryRecord>,
    files_written: u64,
    bytes_out: u64,
    failed: Option<String>,
    cancelled: bool,
}

impl<'a> Entries<'a, '_> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Window> {
        self.window.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn stored(&self, at: usize) -> u64 {
        self.ranges[self.metas[at].index].1
    }

    /// Begins entries while jobs are free and the budget allows.
    fn pump<'s>(&'s self, s: &rayon::ScopeFifo<'s>, w: &mut Window) {
        while w.failed.is_none() && !w.cancelled && w.next_begin < self.metas.len() && w.converting < self.jobs && (w.held < self.budget || w.converting == 0) {
            let at = w.next_begin;
            w.next_begin += 1;
            w.converting += 1;
            w.held += self.stored(at);
            s.spawn_fifo(move |s| self.convert(at, s));
        }
    }

    fn convert<'s>(&'s self, at: usize, s: &rayon::ScopeFifo<'s>) {
        let ctx = self.ctx;
        let m = &self.metas[at];
        let out = if ctx.progress.cancelled() {
            None
        } else {
            let r = ctx.entry(self.node, m, self.archive_name, self.container, &ctx.opts.readings);
            ctx.progress.advance(self.stored(at));
            // The files' SHA-256 (for the manifest) on the job that made them.
            Some(r.map(|o| {
                let sums = o.files.iter().map(|(_, b)| sha256(b)).collect();
                (o, sums)
            }))
        };
        let mut files = Vec::new();
        let (first, written) = {
            let mut w = self.lock();
            w.converting -= 1;
            match out {
                None => w.cancelled = true,
                Some(Err(e)) => _ = w.failed.get_or_insert(e),
                Some(Ok(o)) => _ = w.ready.insert(at, o),
            }
            let first = w.next_write;
            while w.failed.is_none() {
                let next = w.next_write;
                let Some((o, sums)) = w.ready.remove(&next) else { break };
                self.name(&mut w, next, o, sums, &mut files);
                w.next_write += 1;
            }
            let written = w.next_write;
            // Another job may begin while this one writes.
            self.pump(s, &mut w);
            (first, written)
        };
        let mut done = (0, 0, None);
        for (name, b) in &files {
            match (self.put)(name, b) {
                Ok(n) => {
                    done.0 += 1;
                    done.1 += n;
                }
                Err(e) => {
                    done.2 = Some(e);
                    break;
                }
            }
        }
        drop(files);
        let mut w = self.lock();
        w.files_written += done.0;
        w.bytes_out += done.1;
        if let Some(e) = done.2 {
            w.failed.get_or_insert(e);
        }
        if ctx.progress.cancelled() {
            w.cancelled = true;
        }
        w.held -= (first..written).map(|i| self.stored(i)).sum::<u64>();
        self.pump(s, &mut w);
    }

    /// Names entry `at`'s files (queued in `files`) and records it.
    fn name(&self, w: &mut Window, at: usize, o: EntryOut, sums: Vec<String>, files: &mut Vec<(String, Vec<u8>)>) {
        let m = &self.metas[at];
        let mut suffixes: Vec<&str> = o.files.iter().map(|(s, _)| s.as_str()).collect();
        if o.derived.is_some() {
            suffixes.push(MODEL_SUFFIX);
        }
        let base = w.taken.claim(&m.name, &suffixes);
        let main_suffix = o.files[0].0.clone();
        let kept: Vec<KeptFile> = o.files[1..].iter().zip(&sums[1..]).map(|((s, _), sum)| KeptFile { file: format!("{base}{s}"), sha256: sum.clone() }).collect();
        let mut derived = Vec::new();
        if let Some(d) = o.derived {
            derived.push(format!("{base}{MODEL_SUFFIX}"));
            files.push((format!("{base}{MODEL_SUFFIX}"), d));
        }
        let packed = o.packed.map(|p| {
            let f = format!(".packed/{base}");
            files.push((f.clone(), p));
            f
        });
        for (s, b) in o.files {
            files.push((format!("{base}{s}"), b));
        }
        let (offset, stored_size) = self.ranges[m.index];
        w.records.push(EntryRecord {
            name: m.name.clone(),
            type_id: m.type_id.unwrap_or(0),
            attrs: m.attrs,
            offset,
            stored_size,
            form: o.form,
            file: format!("{base}{main_suffix}"),
            sha256: sums[0].clone(),
            kept,
            derived,
            texm: o.texm,
            packed,
            rsli: match self.node {
                Node::Rsli(a) => Some(manifest::RsliStorage { flags: a.entry(m.index).flags(), key: a.xor_key(m.index) }),
                _ => None,
            },
        });
    }
}

/// A model's scene as a binary glTF with its textures, or nothing when it does not build.
fn model_glb(name: &str, bytes: SharedBytes, assets: &FolderAssets, readings: &Readings) -> Option<Vec<u8>> {
    let scene = build_scene(name, bytes, assets, &SceneOptions::default(), readings).ok()?;
    glb_bytes(&scene).ok()
}
