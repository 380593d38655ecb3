//! Files built on disk, not in memory (docs/formats/parkanmod.md, "Limits"). A game file, a
//! snapshot or a file built by an earlier step is a [`Body`] on disk; entry changes of an
//! archive read only its directory (NRes: [`nres::Archive::parse_directory`]; RsLi: the table,
//! [`rsli::Archive::parse_table`]) and the payloads the changes name, and the rebuilt archive
//! is written straight into a file of the command's staging folder ([`Scratch`]): entries no
//! change touches are copied from the source file by byte range, new bytes written from the
//! member, the directory after them. An NRes entry a change names is hashed in the file for its
//! checks, not loaded, and its new payload is copied from its member ([`Feed`]) when the writer
//! reaches it: memory is then a constant, not the file nor the items. RsLi, whose table comes
//! before the data and needs every packed size, packs each new payload ahead ([`prepack`]) into
//! a file of the stage as it streams from its member ([`rsli::Packer`]), which the writer
//! copies; an RsLi entry a change names is unpacked as it is hashed ([`unpack_range`]). An xor
//! payload whose key the new lookup table changes is re-keyed as it is copied, not loaded.
//! Memory is a constant there too. A nested archive the changes edit is rebuilt the same way,
//! to any depth, from its holder's bytes (a [`Window`] on their range of the file, or an RsLi
//! holder packed otherwise unpacked into a file of the stage), into a file of the stage its
//! holder's entry is then copied from ([`nested`]). A merged table holds the items it changes,
//! and so does a nested archive that cannot be read so (named twice, or damaged). The bytes are
//! those [`apply_file`] gives for the whole file in memory.
//!
//! Whole-file adds, replaces and removes stream ([`super::whole`]). Entry changes of a file that
//! is no archive by its first bytes, or an archive whose directory does not read, are blocked
//! or skipped without reading it ([`read_directory`] gives the whole reading's error). Merged
//! tables take the in-memory way. What was changed by hand in an archive is found entry by entry in the files (`hand`).

use super::apply::{Fed, Names, Outcome, apply_archive, apply_file};
use super::change::{Change, Digest, Op, hex};
use crate::doc::node::Node;
use crate::formats::bytes::{SharedBytes, Span};
use crate::formats::{nres, rsli};
use sha2::Digest as _;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A file's bytes while a mod command builds it.
pub(super) enum Body {
    /// The file does not exist (or is removed).
    Absent,
    Mem(SharedBytes),
    Disk(OnDisk),
    /// Built and not kept: a dry run's last step, whose bytes nothing reads.
    Built,
}

/// A file on disk: the game's, a snapshot, or one a step built ([`Scratch`], removed when
/// dropped unless staged).
pub(super) struct OnDisk {
    path: PathBuf,
    len: u64,
    sha: Option<String>,
    scratch: bool,
}

impl Drop for OnDisk {
    fn drop(&mut self) {
        if self.scratch {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl OnDisk {
    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn is_scratch(&self) -> bool {
        self.scratch
    }
    /// Keeps the file when this is dropped (it was moved into the stage).
    pub fn keep(mut self) {
        self.scratch = false;
    }
    pub fn sha(&mut self) -> io::Result<String> {
        if self.sha.is_none() {
            let mut h = sha2::Sha256::default();
            io::copy(&mut File::open(&self.path).map_err(|e| named(&self.path, e))?, &mut h).map_err(|e| named(&self.path, e))?;
            self.sha = Some(hex(&h.finalize()));
        }
        Ok(self.sha.clone().unwrap_or_default())
    }
}

pub(super) fn named(p: &Path, e: io::Error) -> io::Error {
    super::text::at_path(p, e)
}

impl Body {
    /// The file at `path` as it is on disk (not read).
    pub fn of_file(path: &Path) -> io::Result<Body> {
        match std::fs::metadata(path) {
            Ok(m) if m.is_file() => Ok(Body::Disk(OnDisk { path: path.to_path_buf(), len: m.len(), sha: None, scratch: false })),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Body::Absent),
            // Not a plain file: reading it gives the error that names it.
            _ => Ok(super::manage::read_opt(path)?.map_or(Body::Absent, Body::Mem)),
        }
    }

    pub fn is_absent(&self) -> bool {
        matches!(self, Body::Absent)
    }

    /// The file's path, for a body on disk.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Body::Disk(d) => Some(&d.path),
            _ => None,
        }
    }

    /// The SHA-256 of the bytes (`None`: absent, or built and not kept).
    pub fn sha(&mut self) -> io::Result<Option<String>> {
        match self {
            Body::Absent | Body::Built => Ok(None),
            Body::Mem(b) => Ok(Some(super::change::sha256_hex(b))),
            Body::Disk(d) => d.sha().map(Some),
        }
    }

    /// The bytes, read whole (the in-memory way).
    pub fn load(&self) -> io::Result<Option<SharedBytes>> {
        match self {
            Body::Absent => Ok(None),
            Body::Mem(b) => Ok(Some(b.clone())),
            Body::Disk(d) => super::manage::read_opt(&d.path),
            Body::Built => Err(super::text::io_said(io::ErrorKind::Other, crate::msg!("mods-dry-run-not-kept", "a dry run's file was not kept"))),
        }
    }
}

/// Where a command's steps write the files they build: its staging folder, a temporary
/// folder (a dry run that rebuilds through several mods), or nowhere (a dry run's last step).
pub(super) struct Scratch {
    dir: Option<PathBuf>,
    temp: Option<tempfile::TempDir>,
    discard: bool,
    next: usize,
}

impl Scratch {
    pub fn in_dir(dir: &Path) -> Scratch {
        Scratch { dir: Some(dir.to_path_buf()), temp: None, discard: false, next: 0 }
    }
    /// A temporary folder, made when a step first writes.
    pub fn temporary() -> Scratch {
        Scratch { dir: None, temp: None, discard: false, next: 0 }
    }
    /// Nothing written: each step's result is [`Body::Built`] (only its outcomes are wanted).
    pub fn discard() -> Scratch {
        Scratch { dir: None, temp: None, discard: true, next: 0 }
    }

    /// Whether nothing is written ([`Scratch::discard`]).
    pub fn discards(&self) -> bool {
        self.discard
    }

    /// A new file of the scratch folder holding what `write` writes, hashed as it goes; removed
    /// again when `write` fails.
    pub fn build(&mut self, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> io::Result<OnDisk> {
        let (p, f) = self.create()?;
        let mut w = Hashing::new(io::BufWriter::with_capacity(1 << 16, f));
        let written = write(&mut w).and_then(|_| w.flush());
        let Digest { size, sha256 } = w.digest();
        let built = OnDisk { path: p, len: size, sha: Some(sha256), scratch: true };
        written.map_err(|e| if e.kind() == io::ErrorKind::InvalidData { e } else { named(&built.path, e) })?;
        Ok(built)
    }

    fn create(&mut self) -> io::Result<(PathBuf, File)> {
        let dir = match (&self.dir, &self.temp) {
            (Some(d), _) => d.clone(),
            (None, Some(t)) => t.path().to_path_buf(),
            (None, None) => {
                let t = tempfile::Builder::new().prefix("parkan-mod-").tempdir()?;
                let d = t.path().to_path_buf();
                self.temp = Some(t);
                d
            }
        };
        self.next += 1;
        let p = dir.join(format!("build-{}", self.next));
        let f = File::create(&p).map_err(|e| named(&p, e))?;
        Ok((p, f))
    }
}

/// Where the new bytes of changes that do not hold them come from ([`Fed`]): a package's
/// members, numbered when the changes were read.
pub(super) trait Feed {
    /// Writes the bytes of source `id` into `w`, their length and SHA-256 checked against the
    /// manifest's as they go: an error when they differ (the rebuild then fails, before the
    /// commit point).
    fn copy(&mut self, id: u32, w: &mut dyn Write) -> io::Result<()>;
    /// The bytes of source `id`, read whole and checked (a change built in memory).
    fn load(&mut self, id: u32) -> io::Result<SharedBytes>;
}

/// No sources: changes that hold their bytes.
pub(super) struct Held;

impl Feed for Held {
    fn copy(&mut self, id: u32, _: &mut dyn Write) -> io::Result<()> {
        Err(io::Error::other(format!("no source {id}: the changes hold their bytes")))
    }
    fn load(&mut self, id: u32) -> io::Result<SharedBytes> {
        Err(io::Error::other(format!("no source {id}: the changes hold their bytes")))
    }
}

/// A writer that hashes and counts what goes through it.
pub(super) struct Hashing<W: Write> {
    inner: W,
    h: sha2::Sha256,
    n: u64,
}

impl<W: Write> Hashing<W> {
    pub fn new(inner: W) -> Self {
        Hashing { inner, h: sha2::Sha256::default(), n: 0 }
    }
    /// The bytes written and their SHA-256.
    pub fn digest(self) -> Digest {
        self.finish().1
    }
    /// The writer written to, and [`Hashing::digest`].
    pub fn finish(self) -> (W, Digest) {
        (self.inner, Digest { size: self.n, sha256: hex(&self.h.finalize()) })
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.h.update(&buf[..n]);
        self.n += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Copies the file range `r` of `from` into `w`.
pub(super) fn copy_range(from: &mut (impl Read + Seek), path: &Path, r: Range<u64>, w: &mut dyn Write) -> io::Result<()> {
    from.seek(SeekFrom::Start(r.start)).map_err(|e| named(path, e))?;
    let want = r.end - r.start;
    let n = io::copy(&mut from.take(want), w).map_err(|e| named(path, e))?;
    if n != want {
        return Err(shorter(path, &r));
    }
    Ok(())
}

/// An RsLi entry's packed bytes where they lie in a file, and how they unpack.
pub(super) struct Packed {
    pub range: Range<u64>,
    pub method: rsli::Method,
    pub key: u16,
    /// The unpacked size.
    pub size: u64,
}

impl Packed {
    /// Entry `i` of `a` (`None`: its range is not in the file).
    pub fn of(a: &rsli::Archive, i: usize) -> Option<Packed> {
        let row = a.entry(i);
        Some(Packed { range: a.stored_range(i)?, method: row.method(), key: a.xor_key(i), size: u64::from(row.unpacked_size()) })
    }
}

/// Unpacks the RsLi entry `p` of `from` (the file at `path`) into `w` as it is read
/// ([`rsli::unpack_into`]). `Ok(false)`: it does not unpack (a damaged entry, whose in-memory
/// reading gives the error the caller reports); a failure of `w` (a full disk) is an error
/// naming `to`, where `w` writes.
pub(super) fn unpack_range(from: &mut (impl Read + Seek), path: &Path, p: &Packed, w: &mut dyn Write, to: &Path) -> io::Result<bool> {
    from.seek(SeekFrom::Start(p.range.start)).map_err(|e| named(path, e))?;
    let mut w = Noting { w, failed: None };
    let unpacked = rsli::unpack_into(p.method, p.key, &mut from.take(p.range.end - p.range.start), p.size, &mut w);
    match w.failed {
        Some(e) => Err(named(to, e)),
        None => Ok(unpacked.is_ok()),
    }
}

/// A writer that keeps its first failure, so that a full disk is told from a damaged entry
/// when a decoder reports either as an error of its own.
struct Noting<'a> {
    w: &'a mut dyn Write,
    failed: Option<io::Error>,
}

impl Write for Noting<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.w.write(buf).map_err(|e| {
            let again = io::Error::new(e.kind(), e.to_string());
            self.failed.get_or_insert(e);
            again
        })
    }
    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// The error of a file that ends before the range `r` its directory gave.
fn shorter(path: &Path, r: &Range<u64>) -> io::Error {
    let m = crate::msg!("mods-shorter", "{path}: shorter than when its directory was read (bytes {start}..{end})", path = path.display().to_string(), start = crate::formats::message::hex(r.start), end = crate::formats::message::hex(r.end));
    super::text::io_said(io::ErrorKind::UnexpectedEof, m)
}

pub(super) fn read_range(from: &mut (impl Read + Seek), path: &Path, r: Range<u64>) -> io::Result<SharedBytes> {
    let mut v = Vec::with_capacity((r.end - r.start) as usize);
    copy_range(from, path, r, &mut v)?;
    Ok(SharedBytes::from(v))
}

/// The archive in `from` (a file, or a [`Window`] on a byte range of one: a nested archive),
/// `len` bytes long, read as its directory alone, or `None` when it does not read so (not an
/// archive, or damaged: the in-memory reading then gives the outcome and its error). Its
/// offsets are from the start of `from`.
pub(super) fn open_directory(from: &mut (impl Read + Seek), path: &Path, len: u64) -> io::Result<Option<Node>> {
    Ok(read_directory(from, path, len)?.and_then(Result::ok))
}

/// [`open_directory`], with the error of an archive whose directory does not read: the one
/// the whole file's reading gives, as both readings check a header and directory alike.
/// `None`: no archive by its first bytes, or one too short for its header.
pub(super) fn read_directory(from: &mut (impl Read + Seek), path: &Path, len: u64) -> io::Result<Option<Result<Node, crate::formats::Error>>> {
    let Ok(len) = usize::try_from(len) else { return Ok(None) };
    let mut head = vec![0u8; len.min(32)];
    from.seek(SeekFrom::Start(0))?;
    from.read_exact(&mut head).map_err(|e| named(path, e))?;
    if head.starts_with(nres::MAGIC) && head.len() >= nres::HEADER_LEN {
        let mut header = [0u8; nres::HEADER_LEN];
        header.copy_from_slice(&head[..nres::HEADER_LEN]);
        let dir_len = match nres::Archive::directory_len(&header, len) {
            Ok(n) => n,
            Err(e) => return Ok(Some(Err(e))),
        };
        let dir = read_range(from, path, (len - dir_len) as u64..len as u64)?;
        return Ok(Some(nres::Archive::parse_directory(header, dir, len).map(|(a, _)| Node::Nres(a))));
    }
    if head.starts_with(nres::MAGIC) {
        // Shorter than its header: `head` is the whole file.
        return Ok(Some(nres::Archive::parse(SharedBytes::from(head)).map(|(a, _)| Node::Nres(a))));
    }
    if head.starts_with(b"NL") && len >= 32 {
        let tail = read_range(from, path, len.saturating_sub(6) as u64..len as u64)?;
        // (No table length: the header alone gives the error.)
        let start = match rsli::Archive::table_len(&head) {
            Some(end) => read_range(from, path, 0..end.min(len) as u64)?,
            None => SharedBytes::from(head),
        };
        return Ok(Some(rsli::Archive::parse_table(&start, &tail, len).map(|(a, _)| Node::Rsli(a))));
    }
    Ok(None)
}

/// The digest of a range of a file, hashed as it is read.
pub(super) fn digest_of(from: &mut (impl Read + Seek), path: &Path, r: Range<u64>) -> io::Result<Digest> {
    let mut h = Hashing::new(io::sink());
    copy_range(from, path, r, &mut h)?;
    Ok(h.digest())
}

/// Whether a change's check of the NRes entry it names needs only the entry's digest: one of
/// the archive's own entries, not a merged table.
fn hashed(c: &Change) -> bool {
    c.entry.len() == 1 && !matches!(c.op, Op::Merged { .. })
}

/// The digests of the entries of a directory-only `node` that `changes` name for their checks
/// alone ([`hashed`]), each hashed in the file, not held: NRes entries, and RsLi entries
/// unpacked as they are read ([`rsli::unpack_into`]; a stored one's bytes as they are, an
/// encrypted one decrypted with its key). An RsLi entry that does not unpack is left to
/// [`load_named`], whose reading gives the error the check reports.
fn hash_named(node: &Node, names: &Names, from: &mut (impl Read + Seek), path: &Path, changes: &[&Change]) -> io::Result<HashMap<usize, Digest>> {
    let mut out = HashMap::new();
    for c in changes.iter().filter(|c| hashed(c)) {
        let Some(i) = c.entry.first().and_then(|seg| names.find(seg)) else { continue };
        if out.contains_key(&i) {
            continue;
        }
        match node {
            Node::Nres(a) => {
                if let nres::Payload::InFile(r) = a.payload_at(i) {
                    out.insert(i, digest_of(from, path, r.start as u64..r.end as u64)?);
                }
            }
            Node::Rsli(a) => {
                let Some(p) = Packed::of(a, i) else { continue };
                let mut h = Hashing::new(io::sink());
                if unpack_range(from, path, &p, &mut h, path)? {
                    out.insert(i, h.digest());
                }
            }
            Node::Blob(_) => {}
        }
    }
    Ok(out)
}

/// Loads into a directory-only `node` the payloads `changes` name (their first entry-path
/// element, resolved as `apply` resolves it) that were not hashed (`seen`, [`hash_named`]),
/// one at a time as a check unpacks them. An RsLi xor payload a change of the lookup table
/// re-keys is not loaded: the streamed writer re-keys it as it copies it.
fn load_named(node: &mut Node, names: &Names, seen: &HashMap<usize, Digest>, from: &mut (impl Read + Seek), path: &Path, changes: &[&Change]) -> io::Result<()> {
    let mut want: Vec<usize> = changes.iter().filter_map(|c| c.entry.first()).filter_map(|seg| names.find(seg)).filter(|i| !seen.contains_key(i)).collect();
    want.sort_unstable();
    want.dedup();
    let bad = |e: crate::formats::Error| super::text::io_said(io::ErrorKind::Other, super::text::on_path(path.display(), e));
    for i in want {
        match node {
            Node::Nres(a) => {
                if let Some(r) = a.load_range(i) {
                    let b = read_range(from, path, r.start as u64..r.end as u64)?;
                    a.load_payload(i, b).map_err(bad)?;
                }
            }
            Node::Rsli(a) => {
                if let Some(r) = a.stored_range(i) {
                    let b = read_range(from, path, r)?;
                    a.load_packed(i, b).map_err(bad)?;
                }
            }
            Node::Blob(_) => {}
        }
    }
    Ok(())
}

/// `changes` with the bytes of those `fed` names read from `feed` (`None`: none is fed).
fn held(changes: &[&Change], fed: &[Option<Fed>], feed: &mut dyn Feed) -> io::Result<Option<Vec<Change>>> {
    if fed.iter().all(Option::is_none) {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(changes.len());
    for (k, c) in changes.iter().enumerate() {
        let mut c = (*c).clone();
        if let Some(f) = fed.get(k).and_then(Option::as_ref) {
            let bytes = feed.load(f.id)?;
            match &mut c.op {
                Op::ReplaceEntry { data, .. } | Op::AddEntry { data, .. } | Op::AddFile { data } | Op::ReplaceFile { data, .. } | Op::Merged { data, .. } => *data = bytes,
                Op::RemoveEntry { .. } | Op::RenameEntry { .. } | Op::RemoveFile { .. } => {}
            }
        }
        out.push(c);
    }
    Ok(Some(out))
}

/// The payloads a streamed rebuild packs ahead ([`prepack`]).
struct Packs {
    /// The packed files by source id, removed when dropped.
    files: HashMap<u32, OnDisk>,
    /// Per change: its source when its payload is written from the feed or a packed file.
    fed: Vec<Option<Fed>>,
    /// Per change: its source when its payload cannot be packed ahead: read whole.
    read: Vec<Option<Fed>>,
}

/// Packs the new payload of each change of an RsLi `node` that `fed` names, one at a time, into
/// a file of `scratch` as it streams from the feed ([`rsli::Packer`]: nothing held; a dry run's
/// last step only counts the packed bytes), and declares it to the archive
/// ([`rsli::Archive::prepacked`]). NRes packs nothing (its writer copies from the feed).
/// An xor method's payload is packed with key 0 (the batch keys it by the final lookup table as
/// it is written). A payload that cannot be packed ahead is left to be read whole: a change
/// inside a nested archive, or a source also packed with another method.
fn prepack(node: &mut Node, changes: &[&Change], fed: &[Option<Fed>], feed: &mut dyn Feed, scratch: &mut Scratch) -> io::Result<Packs> {
    let mut out = Packs { files: HashMap::new(), fed: fed.to_vec(), read: vec![None; fed.len()] };
    if !matches!(node, Node::Rsli(_)) {
        return Ok(out);
    }
    let names = Names::of(node);
    let Node::Rsli(a) = node else { return Ok(out) };
    // The method `Node::edit_batch` packs each with: the entry's (an unknown one: Deflate),
    // Deflate for a new entry.
    let mut want: Vec<(u32, u64, rsli::Method)> = Vec::new();
    for (k, c) in changes.iter().enumerate() {
        let Some(f) = fed.get(k).and_then(Option::as_ref) else { continue };
        let method = match &c.entry[..] {
            [seg] => Some(match names.find(seg).map(|i| a.entry(i).method()) {
                Some(rsli::Method::Unknown(_)) | None => rsli::Method::Deflate,
                Some(m) => m,
            }),
            _ => None,
        };
        let packs = match (method, want.iter().find(|w| w.0 == f.id)) {
            (Some(m), Some(w)) => w.2 == m && w.1 == f.digest.size,
            (Some(m), None) => {
                want.push((f.id, f.digest.size, m));
                true
            }
            (None, _) => false,
        };
        if !packs {
            out.read[k] = out.fed[k].take();
        }
    }
    drop(names);
    for (id, unpacked, m) in want {
        // A dry run's last step writes nothing: the packed sizes alone are wanted.
        let (mut w, mut built): (Box<dyn Write>, Option<OnDisk>) = if scratch.discard {
            (Box::new(io::sink()), None)
        } else {
            let (p, file) = scratch.create()?;
            (Box::new(io::BufWriter::with_capacity(1 << 16, file)), Some(OnDisk { path: p, len: 0, sha: None, scratch: true }))
        };
        let at = built.as_ref().map(|b| b.path.clone()).unwrap_or_default();
        // Packed as the member streams from the feed, in the packer's constant memory; an xor
        // method with key 0 (not encrypted). Stored and Xor are the bytes as they are.
        let mut packer = rsli::Packer::new(m, 0, &mut w).map_err(|e| super::text::io_said(io::ErrorKind::InvalidData, super::text::on_path(at.display(), e)))?;
        feed.copy(id, &mut packer)?;
        let (_, packed) = packer.finish().map_err(|e| named(&at, e))?;
        a.prepacked(id, rsli::Prepacked { method: m, packed, unpacked });
        if let Some(mut b) = built.take() {
            b.len = packed;
            out.files.insert(id, b);
        }
    }
    Ok(out)
}

/// `changes` (all of one file) applied to `body`, as [`apply_file`] applies them: an archive
/// on disk changed entry by entry is rebuilt into `scratch` from its directory and the
/// payloads the changes name ([`rebuild`]); anything else in memory. A change whose `fed` (by
/// position) is given holds no new bytes: they are copied from `feed` as the archive is written
/// (RsLi: packed ahead as it streams, [`prepack`]; read whole for a file built in memory). The
/// new bytes, or `None` when they are `body`'s.
pub(super) fn apply_body(body: &Body, file: &str, changes: &[&Change], fed: &[Option<Fed>], force: bool, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<(Option<Body>, Vec<Outcome>)> {
    let first_fed = fed.first().and_then(Option::as_ref);
    if let [c] = changes
        && super::whole::streams(c, first_fed)
    {
        return super::whole::apply(body, c, first_fed, force, scratch, feed);
    }
    if let Body::Disk(d) = body
        && !changes.is_empty()
        && changes.iter().all(|c| !c.entry.is_empty())
    {
        let mut from = Window::open(&d.path, 0, d.len)?;
        let keep = !scratch.discard;
        if let Some((built, outcomes)) = rebuild(&mut from, changes, fed, force, keep, scratch, feed)? {
            let body = built.map(|b| match b {
                Built::File(f) => Body::Disk(f),
                Built::Len(_) => Body::Built,
            });
            return Ok((body, outcomes));
        }
    }
    // A file that is no archive by its first bytes (all `Node::parse` decides it by), or an
    // archive whose header or directory does not read (the error the whole file's reading
    // gives), is left as it is, its changes blocked or skipped, as in memory; neither it nor
    // their members are read.
    if let Body::Disk(d) = body
        && !changes.is_empty()
        && changes.iter().all(|c| !c.entry.is_empty())
    {
        let mut from = File::open(&d.path).map_err(|e| named(&d.path, e))?;
        let head = read_range(&mut from, &d.path, 0..d.len.min(4))?;
        if !super::create::archive_magic(&head, d.len) {
            return Ok((None, super::apply::not_archive_outcomes(file, changes, force)));
        }
        if let Some(Err(e)) = read_directory(&mut from, &d.path, d.len)? {
            return Ok((None, super::apply::unreadable_outcomes(file, &e, changes, force)));
        }
    }
    let loaded = held(changes, fed, feed)?;
    let refs: Vec<&Change> = loaded.as_ref().map(|l| l.iter().collect()).unwrap_or_else(|| changes.to_vec());
    let r = apply_file(body.load()?, file, &refs, force);
    Ok((Some(r.bytes.map_or(Body::Absent, Body::Mem)), r.outcomes))
}

/// An archive [`rebuild`] changed: written into a file of the scratch, or (`keep` not asked:
/// a dry run's) only measured.
enum Built {
    File(OnDisk),
    Len(u64),
}

/// `changes` (their entry paths relative to it) applied to the archive in `from`, rebuilt from
/// its directory and the payloads the changes name: `None` when it does not read as an archive
/// by its directory; else the rebuilt archive (`None`: unchanged) and each change's outcome.
/// The nested archives the changes edit are rebuilt the same way first, each from its holder's
/// bytes, into a file the holder's new payload is copied from ([`nested::holders`]).
fn rebuild(from: &mut Window, changes: &[&Change], fed: &[Option<Fed>], force: bool, keep: bool, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<Option<(Option<Built>, Vec<Outcome>)>> {
    let path = from.path.clone();
    let Some(mut node) = open_directory(from, &path, from.len)? else { return Ok(None) };
    let nest = nested::holders(&mut node, from, changes, fed, force, scratch, feed)?;
    // A nested archive rebuilt on its own has its changes' payloads copied there, not here.
    let fed: Vec<Option<Fed>> = fed.iter().enumerate().map(|(k, f)| f.clone().filter(|_| !nest.streamed.get(k).copied().unwrap_or(false))).collect();
    // RsLi packs each new payload before its table: the fed ones are packed ahead into
    // files of the stage, one at a time, or (a nested change) read.
    let mut packs = prepack(&mut node, changes, &fed, feed, scratch)?;
    // A change inside a nested archive rebuilt in memory with its holder has its bytes read.
    for (k, c) in changes.iter().enumerate() {
        if c.entry.len() > 1
            && let Some(f) = packs.fed.get_mut(k).and_then(Option::take)
        {
            packs.read[k] = Some(f);
        }
    }
    packs.files.extend(nest.files);
    let loaded = held(changes, &packs.read, feed)?;
    let refs: Vec<&Change> = loaded.as_ref().map(|l| l.iter().collect()).unwrap_or_else(|| changes.to_vec());
    let fed = &packs.fed[..];
    let names = Names::of(&node);
    let seen = hash_named(&node, &names, from, &path, &refs)?;
    // The holders rebuilt on their own are not loaded; those rebuilt in memory are, even where
    // a change of the holder itself had it hashed.
    let here: Vec<&Change> = refs.iter().enumerate().filter(|(k, _)| !nest.streamed.get(*k).copied().unwrap_or(false)).map(|(_, c)| *c).collect();
    let holders: std::collections::HashSet<usize> = here.iter().filter(|c| c.entry.len() > 1).filter_map(|c| names.find(&c.entry[0])).filter(|i| seen.contains_key(i)).collect();
    let unseen: HashMap<usize, Digest>;
    let for_load = if holders.is_empty() {
        &seen
    } else {
        unseen = seen.iter().filter(|(i, _)| !holders.contains(i)).map(|(i, d)| (*i, d.clone())).collect();
        &unseen
    };
    load_named(&mut node, &names, for_load, from, &path, &here)?;
    drop(names);
    let mut outcomes = Vec::new();
    if !apply_archive(&mut node, &refs, fed, &seen, nest.pre, force, &mut outcomes) {
        return Ok(Some((None, outcomes)));
    }
    if !keep {
        return Ok(Some((Some(Built::Len(measure(&node)?)), outcomes)));
    }
    let (p, f) = scratch.create()?;
    let mut w = Hashing::new(io::BufWriter::with_capacity(1 << 16, f));
    let src = path;
    let written = node
        .write_streamed(&mut w, &mut |span, w| match span {
            Span::File(r) => copy_range(from, &src, r, w),
            Span::Source { id, len } => match packs.files.get(&id) {
                Some(p) => copy_range(&mut File::open(&p.path).map_err(|e| named(&p.path, e))?, &p.path, 0..len, w),
                None => feed.copy(id, w),
            },
        })
        .and_then(|_| w.flush());
    let (n, sha) = (w.n, hex(&w.h.finalize()));
    let built = OnDisk { path: p, len: n, sha: Some(sha), scratch: true };
    written.map_err(|e| if e.kind() == io::ErrorKind::InvalidData { e } else { named(&built.path, e) })?;
    Ok(Some((Some(Built::File(built)), outcomes)))
}

#[path = "nested.rs"]
mod nested;
use nested::{Window, measure};

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
