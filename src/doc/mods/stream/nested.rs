//! Nested archives rebuilt as their holder is (docs/formats/parkanmod.md, "Limits"): the
//! changes inside an archive that is itself an entry of the archive being rebuilt are applied
//! to that archive's own directory-only reading, read from its holder's bytes where they lie
//! in the file (an NRes entry; an RsLi entry stored unpacked: a [`Window`] on that range), or,
//! for an RsLi entry packed otherwise, from a file of the scratch it is unpacked into. The
//! rebuilt archive is written into a file of the scratch, as the file itself is ([`rebuild`]),
//! to any depth; its holder's batch then takes it as a new payload not held (a source of its
//! own, which the outer writer copies from that file; an RsLi holder's packed ahead with its
//! entry's method as it is read back, as [`prepack`](super::prepack) packs a fed payload). Memory
//! is then one archive's directory per level, not the nested archive nor its new payloads.
//!
//! A holder that cannot be read so (missing, not an archive, named twice, or whose bytes do not
//! unpack) is left to the in-memory group logic of `apply` (it is loaded with the
//! entries the changes name), which gives its outcomes; those rebuilt here go into the batch
//! at their group's place ([`Prebuilt`]), so the outcomes and bytes are the in-memory ones.

use super::ranges::shorter;
use super::prepack::pack_ahead;
use super::{Built, Feed, Hashing, OnDisk, Packed, Scratch, named, rebuild, unpack_range};
use crate::doc::mods::apply::{Fed, Names, Prebuilt, group_key};
use crate::doc::mods::change::Change;
use crate::doc::node::Node;
use crate::formats::bytes::{NewBytes, Span};
use crate::formats::{nres, rsli};
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The nested archives of one archive rebuilt on their own ([`holders`]).
pub(super) struct Nest {
    /// Per change (by position): whether it is inside a nested archive rebuilt here.
    pub streamed: Vec<bool>,
    /// The rebuilt archives by their changes' group key ([`group_key`]).
    pub pre: HashMap<String, Prebuilt>,
    /// The files their new payloads are copied from, by source id.
    pub files: HashMap<u32, OnDisk>,
}

/// Rebuilds each nested archive that `changes` (all of one archive, `node`, read by its
/// directory from `from`) edit and that can be read from its holder's bytes, with the changes
/// inside it and their sources (`fed`), into a file of `scratch`; declares each rebuilt
/// holder's new payload to an RsLi `node` ([`rsli::Archive::prepacked`]).
pub(super) fn holders(node: &mut Node, from: &mut Window, changes: &[&Change], fed: &[Option<Fed>], force: bool, scratch: &mut Scratch, feed: &mut dyn Feed) -> io::Result<Nest> {
    let mut out = Nest { streamed: vec![false; changes.len()], pre: HashMap::new(), files: HashMap::new() };
    if changes.iter().all(|c| c.entry.len() < 2) {
        return Ok(out);
    }
    // Source ids of our own: above every id the feed gives these changes.
    let mut next = fed.iter().flatten().map(|f| f.id).max().map_or(Some(0), |m| m.checked_add(1));
    let names = Names::of(node);
    // The groups as `apply` forms them (first appearance order), and how many groups and
    // changes of this archive's own entries claim each entry: a holder claimed twice is
    // left to the in-memory way, which decides what that does.
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    let mut group_of: HashMap<String, usize> = HashMap::new();
    let mut claims: HashMap<usize, usize> = HashMap::new();
    for (k, c) in changes.iter().enumerate() {
        match &c.entry[..] {
            [] => {}
            [seg] => {
                if let Some(i) = names.find(seg) {
                    *claims.entry(i).or_default() += 1;
                }
            }
            [seg, ..] => {
                let key = group_key(seg);
                let g = *group_of.entry(key.clone()).or_insert_with(|| {
                    groups.push((key, Vec::new()));
                    groups.len() - 1
                });
                groups[g].1.push(k);
            }
        }
    }
    let at: Vec<Option<usize>> = groups.iter().map(|(key, _)| names.find(key)).collect();
    for i in at.iter().flatten() {
        *claims.entry(*i).or_default() += 1;
    }
    drop(names);
    for ((key, ks), i) in groups.into_iter().zip(at) {
        // (No id left, past u32: the rest in memory.)
        let (Some(i), Some(id)) = (i.filter(|i| claims.get(i) == Some(&1)), next) else { continue };
        let Some(Holder { mut window, unpacked, method }) = holder(node, i, from, scratch)? else { continue };
        let inner: Vec<Change> = ks.iter().map(|&k| within(changes[k])).collect();
        let refs: Vec<&Change> = inner.iter().collect();
        let inner_fed: Vec<Option<Fed>> = ks.iter().map(|&k| fed.get(k).cloned().flatten()).collect();
        // A packed holder's bytes are packed again: written even in a dry run.
        let keep = !scratch.discard || method.is_some_and(|m| m != rsli::Method::Stored);
        let rebuilt = rebuild(&mut window, &refs, &inner_fed, force, keep, scratch, feed)?;
        drop((window, unpacked));
        let Some((built, outcomes)) = rebuilt else { continue };
        let bytes = match built {
            None => None,
            Some(b) => {
                next = id.checked_add(1);
                Some(payload(node, id, b, method, scratch, &mut out.files)?)
            }
        };
        for &k in &ks {
            out.streamed[k] = true;
        }
        out.pre.insert(key, Prebuilt { index: i, outcomes, bytes });
    }
    Ok(out)
}

/// `c` as a change of the archive its first entry-path element names: that element moved
/// into its file's name, so that its address, and what it is called by, stay the same.
fn within(c: &Change) -> Change {
    let mut file = c.file.clone();
    if let Some(seg) = c.entry.first() {
        file.push_str("::");
        file.push_str(seg);
    }
    Change { file, entry: c.entry.get(1..).unwrap_or_default().to_vec(), op: c.op.clone() }
}

/// Where a nested archive is read from for its rebuild.
struct Holder {
    window: Window,
    /// The file its bytes were unpacked into (an RsLi holder not stored as it is).
    unpacked: Option<OnDisk>,
    /// An RsLi holder's method, which its rebuilt bytes are packed with.
    method: Option<rsli::Method>,
}

/// Entry `i` of a directory-only `node` as the bytes of a nested archive: a window on its range
/// of the file (NRes; RsLi stored), or (any other RsLi method) unpacked as it is read into a
/// file of `scratch`; `None` when it is neither, or does not unpack (its bytes are then read in
/// memory, as `apply` reads them, with the outcome they give).
fn holder(node: &Node, i: usize, from: &mut Window, scratch: &mut Scratch) -> io::Result<Option<Holder>> {
    match node {
        Node::Nres(a) => match a.payload_at(i) {
            nres::Payload::InFile(r) => Ok(Some(Holder { window: from.sub(r.start as u64..r.end as u64)?, unpacked: None, method: None })),
            _ => Ok(None),
        },
        Node::Rsli(a) => {
            let Some(p) = Packed::of(a, i) else { return Ok(None) };
            let (r, m, size) = (&p.range, p.method, p.size);
            match m {
                // The bytes unpacked are the first `unpacked_size` stored (`rsli::method::unpack`).
                rsli::Method::Stored if r.end - r.start >= size => Ok(Some(Holder { window: from.sub(r.start..r.start + size)?, unpacked: None, method: Some(m) })),
                rsli::Method::Stored | rsli::Method::Unknown(_) => Ok(None),
                _ => {
                    let (at, f) = scratch.create()?;
                    let file = OnDisk { path: at, len: size, sha: None, scratch: true };
                    let mut w = io::BufWriter::with_capacity(1 << 16, f);
                    let path = from.path.clone();
                    if !unpack_range(from, &path, &p, &mut w, &file.path)? {
                        return Ok(None);
                    }
                    w.flush().map_err(|e| named(&file.path, e))?;
                    drop(w);
                    let window = Window::open(&file.path, 0, file.len)?;
                    Ok(Some(Holder { window, unpacked: Some(file), method: Some(m) }))
                }
            }
        }
        Node::Blob(_) => Ok(None),
    }
}

/// The new payload of a holder of `node`, rebuilt as `built`: source `id`, copied from its
/// file (kept in `files`); an RsLi holder's packed ahead with its `method` (with key 0 for an
/// xor method: the batch keys it as it writes) as it is read from that file, and declared.
fn payload(node: &mut Node, id: u32, built: Built, method: Option<rsli::Method>, scratch: &mut Scratch, files: &mut HashMap<u32, OnDisk>) -> io::Result<NewBytes> {
    let (file, len) = match built {
        Built::File(f) => {
            let n = f.len;
            (Some(f), n)
        }
        Built::Len(n) => (None, n),
    };
    let (stored, packed) = match (method, file) {
        (Some(m), Some(f)) if m != rsli::Method::Stored => {
            let mut src = File::open(&f.path).map_err(|e| named(&f.path, e))?;
            pack_ahead(m, scratch, |w, at| io::copy(&mut src, w).map(drop).map_err(|e| named(if at.as_os_str().is_empty() { &f.path } else { at }, e)))?
        }
        (_, f) => (f, len),
    };
    if let (Node::Rsli(a), Some(m)) = (node, method) {
        a.prepacked(id, rsli::Prepacked { method: m, packed, unpacked: len });
    }
    if let Some(f) = stored {
        files.insert(id, f);
    }
    Ok(NewBytes::Source { id, len })
}
/// The length `node` writes, nothing read nor kept (a dry run's nested archive: its holder's
/// new payload is then only laid out).
pub(super) fn measure(node: &Node) -> io::Result<u64> {
    let mut away = 0u64;
    let mut w = Hashing::new(io::sink());
    node.write_streamed(&mut w, &mut |span, _| {
        away += match span {
            Span::File(r) => r.end - r.start,
            Span::Source { len, .. } => len,
        };
        Ok(())
    })?;
    Ok(w.finish().1.size + away)
}

/// A byte range of a file read as a file of its own: a whole archive, or a nested archive
/// stored in its holder (its directory-only reading then gives offsets from its own start).
/// Reads stop at its end.
pub(super) struct Window {
    file: File,
    pub(super) path: PathBuf,
    base: u64,
    pub(super) len: u64,
    pos: u64,
}

impl Window {
    /// The `len` bytes of `path` from `base`.
    pub fn open(path: &Path, base: u64, len: u64) -> io::Result<Window> {
        let mut file = File::open(path).map_err(|e| named(path, e))?;
        file.seek(SeekFrom::Start(base)).map_err(|e| named(path, e))?;
        Ok(Window { file, path: path.to_path_buf(), base, len, pos: 0 })
    }

    /// The range `r` of this window, as a window of its own.
    fn sub(&self, r: Range<u64>) -> io::Result<Window> {
        if r.start > r.end || r.end > self.len {
            return Err(shorter(&self.path, &r));
        }
        Window::open(&self.path, self.base + r.start, r.end - r.start)
    }
}

impl Read for Window {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.len.saturating_sub(self.pos)).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let n = self.file.read(&mut buf[..want])?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl Seek for Window {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let at = match to {
            SeekFrom::Start(x) => Some(x),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
            SeekFrom::End(d) => self.len.checked_add_signed(d),
        };
        let at = at.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a seek before the start of the file"))?;
        self.file.seek(SeekFrom::Start(self.base.saturating_add(at)))?;
        self.pos = at;
        Ok(at)
    }
}


#[cfg(test)]
mod tests;
