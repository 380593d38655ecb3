//! What was changed by hand in a journalled file, found entry by entry in the files and carried
//! onto the file a mod command rebuilds without holding the new payloads (docs/formats/parkanmod.md,
//! "Limits").
//!
//! When `mod revert`, a re-order or an install rebuilds a file that was also edited by hand,
//! the changes from what the installed mods give (`expected`) to what is on disk (`current`)
//! are applied again to the rebuilt file. Two archives of one format on disk are compared
//! entry by entry in their files ([`entries`]): both directories are read, entries are paired
//! as `create::diff_sides` pairs them (by name; an entry gone whose row and bytes an added one
//! has is a rename), each entry compared by its size and SHA-256 hashed in its file (NRes: its
//! range; RsLi stored: its first `unpacked_size` bytes; RsLi packed: unpacked, one entry at a
//! time), and only a pair that differs and may be a nested archive or a WEAR table is read
//! whole. The change list is the one `create::diff_file` gives for the two whole files.
//!
//! The new payload of an added or replaced entry is not held: its change is fed ([`Fed`]) from
//! the current file ([`InFile`], a [`Feed`]), copied from its byte range (RsLi packed: unpacked
//! on demand, one at a time) when the rebuilt archive is written, and checked against the
//! digest it was compared by as it goes. The current file is only read until the command's
//! commit point: every file is built into the stage first and the game's files are replaced
//! only by the commit, after the carried changes were applied and dropped; a file changed by
//! another program meanwhile fails that check, and the command then changes nothing.

use super::apply::Fed;
use super::change::{Change, Digest, Op};
use super::create::{Same, Side, archive_magic, diff_sides};
use super::stream::{Body, Feed, Hashing, Packed, copy_range, digest_of, named, open_directory, read_range, unpack_range};
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;
use crate::formats::{nres, rsli};
use crate::msg;
use std::fs::File;
use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The changes made by hand that a rebuilt file carries, each with its source when its new
/// bytes are fed from the file changed by hand rather than held.
pub(super) struct Carry {
    pub changes: Vec<Change>,
    fed: Vec<Option<Fed>>,
    feed: Option<Box<dyn Feed>>,
}

impl Carry {
    /// Changes that hold their bytes (a diff of two whole files).
    pub fn held(changes: Vec<Change>) -> Carry {
        Carry { fed: vec![None; changes.len()], changes, feed: None }
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// Keeps the changes `keep` says to keep (asked once each, in order).
    pub fn retain(&mut self, mut keep: impl FnMut(&Change) -> bool) {
        let (mut changes, mut fed) = (Vec::with_capacity(self.changes.len()), Vec::with_capacity(self.fed.len()));
        for (c, f) in std::mem::take(&mut self.changes).into_iter().zip(std::mem::take(&mut self.fed)) {
            if keep(&c) {
                changes.push(c);
                fed.push(f);
            }
        }
        (self.changes, self.fed) = (changes, fed);
    }

    /// The changes, their sources by position, and the file that feeds them (`None`: they hold
    /// their bytes).
    pub fn parts(&mut self) -> (&[Change], &[Option<Fed>], Option<&mut dyn Feed>) {
        (&self.changes, &self.fed, self.feed.as_mut().map(|f| &mut **f as &mut dyn Feed))
    }
}

/// What was changed by hand between `expected` and `current`, two archives of one format on
/// disk, found entry by entry in their files (see the module); `None` when the two are not
/// such a pair (absent, in memory, not archives, damaged, or of two formats): the caller diffs
/// the whole files.
pub(super) fn entries(rel: &str, expected: &Body, current: &Body) -> io::Result<Option<Carry>> {
    let (Body::Disk(a), Body::Disk(b)) = (expected, current) else { return Ok(None) };
    let (Some(mut sa), Some(mut sb)) = (InFile::open(a.path())?, InFile::open(b.path())?) else { return Ok(None) };
    if sa.node.format_name() != sb.node.format_name() {
        return Ok(None);
    }
    let (mut changes, mut fed) = (Vec::new(), Vec::new());
    diff_sides(rel, &[], &mut sa, &mut sb, &mut changes, &mut fed)?;
    Ok(Some(Carry { changes, fed, feed: Some(Box::new(sb)) }))
}

/// What was changed by hand in a file that is an archive on neither side, nor a table merged
/// row by row (`.wea`, `.tma`): found by the two files' sizes and SHA-256, hashed as they are
/// read, and a file added or replaced by hand fed from the file on disk ([`WholeFile`]), not
/// held. The changes are those `create::diff_file` gives. `None` when the file is not such a
/// one (or a side is in memory): the caller diffs the whole files.
pub(super) fn whole(rel: &str, expected: &Body, current: &Body) -> io::Result<Option<Carry>> {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    if name.ends_with(".wea") || name.ends_with(".tma") {
        return Ok(None);
    }
    for side in [expected, current] {
        match side {
            Body::Absent => {}
            Body::Disk(d) => {
                let mut head = Vec::with_capacity(32);
                let mut f = File::open(d.path()).map_err(|e| named(d.path(), e))?;
                io::Read::read_to_end(&mut io::Read::take(&mut f, 32), &mut head).map_err(|e| named(d.path(), e))?;
                let len = f.metadata().map_err(|e| named(d.path(), e))?.len();
                if archive_magic(&head, len) {
                    return Ok(None);
                }
            }
            Body::Mem(_) | Body::Built => return Ok(None),
        }
    }
    let change = |op| Change { file: rel.to_string(), entry: Vec::new(), op };
    let data = SharedBytes::empty;
    let (changes, fed) = match (expected.digest()?, current.digest()?) {
        (None, None) => (Vec::new(), Vec::new()),
        (Some(a), None) => (vec![change(Op::RemoveFile { original: a })], vec![None]),
        (Some(a), Some(b)) if a == b => (Vec::new(), Vec::new()),
        (a, Some(b)) => {
            let op = match a {
                Some(original) => Op::ReplaceFile { original, data: data() },
                None => Op::AddFile { data: data() },
            };
            let source = current.path().map(|p| WholeFile { path: p.to_path_buf(), digest: b.clone() });
            return Ok(Some(Carry { changes: vec![change(op)], fed: vec![Some(Fed { id: 0, digest: b })], feed: source.map(|s| Box::new(s) as Box<dyn Feed>) }));
        }
    };
    Ok(Some(Carry { changes, fed, feed: None }))
}

/// A file changed by hand as the feed of its own new bytes (source 0), checked against the
/// digest it was compared by as it is copied.
struct WholeFile {
    path: PathBuf,
    digest: Digest,
}

impl WholeFile {
    fn changed(&self) -> io::Error {
        let m = msg!("mods-hand-file-changed", "{path} changed while the mod command ran (it is no longer what was compared)", path = self.path.display().to_string());
        super::text::io_said(io::ErrorKind::InvalidData, m)
    }
}

impl Feed for WholeFile {
    fn copy(&mut self, _: u32, w: &mut dyn Write) -> io::Result<()> {
        let mut h = Hashing::new(w);
        let mut f = File::open(&self.path).map_err(|e| named(&self.path, e))?;
        io::copy(&mut f, &mut h).map_err(|e| named(&self.path, e))?;
        if h.digest() != self.digest {
            return Err(self.changed());
        }
        Ok(())
    }

    fn load(&mut self, _: u32) -> io::Result<SharedBytes> {
        let b = std::fs::read(&self.path).map_err(|e| named(&self.path, e))?;
        if !self.digest.matches(&b) {
            return Err(self.changed());
        }
        Ok(SharedBytes::from(b))
    }
}

/// Where an entry's bytes are in its file: a range holding exactly them, or packed bytes
/// (`range`; none stored) unpacked to `size` with `method` and `key`.
enum Where {
    Range(Range<u64>),
    Packed(Packed),
}

/// An archive on disk read as its directory: one side of the diff, and, for the current file,
/// the feed of the payloads its changes name.
pub(super) struct InFile {
    path: PathBuf,
    file: File,
    node: Node,
    /// Per entry, once looked at: its digest and whether it may be an archive (`None` inside:
    /// its bytes do not read).
    seen: Vec<Option<Option<(Digest, bool)>>>,
    /// The sources fed from this file, by id: the entry and the digest it was compared by.
    sources: Vec<(usize, Digest)>,
}

impl InFile {
    fn open(path: &Path) -> io::Result<Option<InFile>> {
        let mut file = File::open(path).map_err(|e| named(path, e))?;
        let len = file.metadata().map_err(|e| named(path, e))?.len();
        let Some(node) = open_directory(&mut file, path, len)? else { return Ok(None) };
        if !matches!(node, Node::Nres(_) | Node::Rsli(_)) {
            return Ok(None);
        }
        let seen = vec![None; node.len()];
        Ok(Some(InFile { path: path.to_path_buf(), file, node, seen, sources: Vec::new() }))
    }

    fn locate(&self, i: usize) -> Option<Where> {
        match &self.node {
            Node::Nres(a) => match a.payload_at(i) {
                nres::Payload::InFile(r) => Some(Where::Range(r.start as u64..r.end as u64)),
                _ => None,
            },
            Node::Rsli(a) => {
                let row = a.entry(i);
                let (method, size) = (row.method(), u64::from(row.unpacked_size()));
                let range = a.stored_range(i);
                // The bytes unpacked from a stored entry are its first `unpacked_size` stored
                // (`rsli::method::unpack`).
                if method == rsli::Method::Stored
                    && let Some(r) = range.as_ref().filter(|r| r.end - r.start >= size)
                {
                    return Some(Where::Range(r.start..r.start + size));
                }
                // (Not in the file: no bytes, which unpack to an empty entry or not at all.)
                Some(Where::Packed(Packed { range: range.unwrap_or(0..0), method, key: a.xor_key(i), size }))
            }
            Node::Blob(_) => None,
        }
    }

    /// Entry `i` unpacked from its packed bytes into `w` as they are read (`false`: they do not
    /// unpack).
    fn unpack_to(&mut self, p: &Packed, w: &mut dyn Write) -> io::Result<bool> {
        unpack_range(&mut self.file, &self.path, p, w, &self.path)
    }

    /// Entry `i` unpacked from its packed bytes (`None`: they do not unpack); the packed bytes
    /// are not held. Grown as it is written, so that a size the row claims is not allocated
    /// ahead.
    fn unpack(&mut self, p: &Packed) -> io::Result<Option<Vec<u8>>> {
        let mut out = Vec::new();
        Ok(self.unpack_to(p, &mut out)?.then_some(out))
    }

    /// Entry `i`'s bytes read whole (`None`: they do not read).
    fn read(&mut self, i: usize) -> io::Result<Option<SharedBytes>> {
        match self.locate(i) {
            Some(Where::Range(r)) => read_range(&mut self.file, &self.path, r).map(Some),
            Some(Where::Packed(p)) => Ok(self.unpack(&p)?.map(SharedBytes::from)),
            None => Ok(None),
        }
    }

    /// Entry `i`'s digest and whether it may be an archive, hashed in the file (unpacked, one
    /// entry at a time, when packed) the first time it is asked.
    fn look(&mut self, i: usize) -> io::Result<Option<(Digest, bool)>> {
        if let Some(Some(seen)) = self.seen.get(i) {
            return Ok(seen.clone());
        }
        let got = match self.locate(i) {
            Some(Where::Range(r)) => {
                let head = read_range(&mut self.file, &self.path, r.start..r.end.min(r.start + 4))?;
                let like = archive_magic(&head, r.end - r.start);
                Some((digest_of(&mut self.file, &self.path, r)?, like))
            }
            Some(Where::Packed(p)) => {
                let mut h = Hashing::new(Head(Vec::new()));
                if self.unpack_to(&p, &mut h)? {
                    let (head, digest) = h.finish();
                    Some((digest, archive_magic(&head.0, p.size)))
                } else {
                    None
                }
            }
            None => None,
        };
        if let Some(s) = self.seen.get_mut(i) {
            *s = Some(got.clone());
        }
        Ok(got)
    }

    /// The error of a source whose bytes are no longer those compared.
    fn changed(&self, i: usize) -> io::Error {
        let entry = self.node.meta(i).map_or_else(|| format!("#{i}"), |m| m.name);
        let m = msg!("mods-hand-entry-changed", "{path}: entry {entry} changed while the mod command ran (it is no longer what was compared)", path = self.path.display().to_string(), entry = entry);
        super::text::io_said(io::ErrorKind::InvalidData, m)
    }

    fn source(&self, id: u32) -> io::Result<(usize, Digest)> {
        self.sources.get(id as usize).cloned().ok_or_else(|| {
            let m = msg!("mods-hand-no-source", "{path}: no source {id} of the edits made by hand", path = self.path.display().to_string(), id = id);
            super::text::io_said(io::ErrorKind::Other, m)
        })
    }
}

impl Side for InFile {
    fn node(&self) -> &Node {
        &self.node
    }
    fn same(&mut self, i: usize) -> io::Result<Option<Same>> {
        Ok(self.look(i)?.map(|(d, _)| Same::Digest(d)))
    }
    fn archive_like(&mut self, i: usize) -> io::Result<bool> {
        Ok(self.look(i)?.is_some_and(|(_, like)| like))
    }
    fn bytes(&mut self, i: usize) -> io::Result<Option<SharedBytes>> {
        self.read(i)
    }
    fn payload(&mut self, i: usize) -> io::Result<Option<(SharedBytes, Option<Fed>)>> {
        let Some((digest, _)) = self.look(i)? else { return Ok(None) };
        let Ok(id) = u32::try_from(self.sources.len()) else { return Ok(self.read(i)?.map(|b| (b, None))) };
        self.sources.push((i, digest.clone()));
        Ok(Some((SharedBytes::empty(), Some(Fed { id, digest }))))
    }
}

impl Feed for InFile {
    fn copy(&mut self, id: u32, w: &mut dyn Write) -> io::Result<()> {
        let (i, want) = self.source(id)?;
        match self.locate(i) {
            Some(Where::Range(r)) => {
                let mut h = Hashing::new(w);
                copy_range(&mut self.file, &self.path, r, &mut h)?;
                if h.digest() != want {
                    return Err(self.changed(i));
                }
                Ok(())
            }
            Some(Where::Packed(p)) => {
                let mut h = Hashing::new(w);
                if !self.unpack_to(&p, &mut h)? || h.digest() != want {
                    return Err(self.changed(i));
                }
                Ok(())
            }
            None => Err(self.changed(i)),
        }
    }

    fn load(&mut self, id: u32) -> io::Result<SharedBytes> {
        let (i, want) = self.source(id)?;
        match self.read(i)? {
            Some(b) if want.matches(&b) => Ok(b),
            _ => Err(self.changed(i)),
        }
    }
}

/// The first bytes written: enough for [`archive_magic`].
struct Head(Vec<u8>);

impl Write for Head {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let take = 4usize.saturating_sub(self.0.len()).min(buf.len());
        self.0.extend_from_slice(&buf[..take]);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
#[path = "hand_tests.rs"]
mod tests;
