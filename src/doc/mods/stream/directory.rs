//! An archive read as its directory alone, and the payloads of it that changes name: hashed in
//! the file for their checks ([`hash_named`]), or loaded ([`load_named`]).

use super::{Hashing, Packed, digest_of, named, read_range, unpack_range};
use crate::doc::mods::apply::Names;
use crate::doc::mods::change::{Change, Digest, Op};
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;
use crate::formats::{nres, rsli};
use std::collections::HashMap;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// The archive in `from` (a file, or a [`Window`] on a byte range of one: a nested archive),
/// `len` bytes long, read as its directory alone, or `None` when it does not read so (not an
/// archive, or damaged: the in-memory reading then gives the outcome and its error). Its
/// offsets are from the start of `from`.
pub(in crate::doc::mods) fn open_directory(from: &mut (impl Read + Seek), path: &Path, len: u64) -> io::Result<Option<Node>> {
    Ok(read_directory(from, path, len)?.and_then(Result::ok))
}

/// [`open_directory`], with the error of an archive whose directory does not read: the one
/// the whole file's reading gives, as both readings check a header and directory alike.
/// `None`: no archive by its first bytes, or one too short for its header.
pub(in crate::doc::mods) fn read_directory(from: &mut (impl Read + Seek), path: &Path, len: u64) -> io::Result<Option<Result<Node, crate::formats::Error>>> {
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
pub(super) fn hash_named(node: &Node, names: &Names, from: &mut (impl Read + Seek), path: &Path, changes: &[&Change]) -> io::Result<HashMap<usize, Digest>> {
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
pub(super) fn load_named(node: &mut Node, names: &Names, seen: &HashMap<usize, Digest>, from: &mut (impl Read + Seek), path: &Path, changes: &[&Change]) -> io::Result<()> {
    let mut want: Vec<usize> = changes.iter().filter_map(|c| c.entry.first()).filter_map(|seg| names.find(seg)).filter(|i| !seen.contains_key(i)).collect();
    want.sort_unstable();
    want.dedup();
    let bad = |e: crate::formats::Error| crate::doc::mods::text::io_said(io::ErrorKind::Other, crate::doc::mods::text::on_path(path.display(), e));
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

