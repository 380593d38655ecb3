//! Byte ranges of a file copied, hashed or unpacked as they are read, and where the new bytes of
//! changes that do not hold them come from ([`Feed`]).

use super::named;
use crate::doc::mods::change::{Digest, hex};
use crate::formats::bytes::SharedBytes;
use crate::formats::rsli;
use sha2::Digest as _;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::Path;

/// Where the new bytes of changes that do not hold them come from ([`Fed`]): a package's
/// members, numbered when the changes were read.
pub(in crate::doc::mods) trait Feed {
    /// Writes the bytes of source `id` into `w`, their length and SHA-256 checked against the
    /// manifest's as they go: an error when they differ (the rebuild then fails, before the
    /// commit point).
    fn copy(&mut self, id: u32, w: &mut dyn Write) -> io::Result<()>;
    /// The bytes of source `id`, read whole and checked (a change built in memory).
    fn load(&mut self, id: u32) -> io::Result<SharedBytes>;
}

/// No sources: changes that hold their bytes.
pub(in crate::doc::mods) struct Held;

impl Feed for Held {
    fn copy(&mut self, id: u32, _: &mut dyn Write) -> io::Result<()> {
        Err(io::Error::other(format!("no source {id}: the changes hold their bytes")))
    }
    fn load(&mut self, id: u32) -> io::Result<SharedBytes> {
        Err(io::Error::other(format!("no source {id}: the changes hold their bytes")))
    }
}

/// A writer that hashes and counts what goes through it.
pub(in crate::doc::mods) struct Hashing<W: Write> {
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
pub(in crate::doc::mods) fn copy_range(from: &mut (impl Read + Seek), path: &Path, r: Range<u64>, w: &mut dyn Write) -> io::Result<()> {
    from.seek(SeekFrom::Start(r.start)).map_err(|e| named(path, e))?;
    let want = r.end - r.start;
    let n = io::copy(&mut from.take(want), w).map_err(|e| named(path, e))?;
    if n != want {
        return Err(shorter(path, &r));
    }
    Ok(())
}

/// An RsLi entry's packed bytes where they lie in a file, and how they unpack.
pub(in crate::doc::mods) struct Packed {
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
pub(in crate::doc::mods) fn unpack_range(from: &mut (impl Read + Seek), path: &Path, p: &Packed, w: &mut dyn Write, to: &Path) -> io::Result<bool> {
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
pub(super) fn shorter(path: &Path, r: &Range<u64>) -> io::Error {
    let m = crate::msg!("mods-shorter", "{path}: shorter than when its directory was read (bytes {start}..{end})", path = path.display().to_string(), start = crate::formats::message::hex(r.start), end = crate::formats::message::hex(r.end));
    crate::doc::mods::text::io_said(io::ErrorKind::UnexpectedEof, m)
}

pub(in crate::doc::mods) fn read_range(from: &mut (impl Read + Seek), path: &Path, r: Range<u64>) -> io::Result<SharedBytes> {
    let mut v = Vec::with_capacity((r.end - r.start) as usize);
    copy_range(from, path, r, &mut v)?;
    Ok(SharedBytes::from(v))
}

/// The digest of a range of a file, hashed as it is read.
pub(in crate::doc::mods) fn digest_of(from: &mut (impl Read + Seek), path: &Path, r: Range<u64>) -> io::Result<Digest> {
    let mut h = Hashing::new(io::sink());
    copy_range(from, path, r, &mut h)?;
    Ok(h.digest())
}

