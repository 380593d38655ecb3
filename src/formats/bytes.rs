//! Bounds-checked little-endian reading, a growable writer, and cheaply clonable shared byte
//! slices. Every read names what it reads, so a short buffer becomes an error that says what
//! was expected and how many bytes were left.

use super::error::{Error, Result};
use super::message::hex;
use crate::msg;
use std::ops::Range;
use std::sync::Arc;

/// A cursor over a byte slice. All arithmetic is checked; reads past the end are errors.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data, pos: 0 }
    }
    pub fn at(data: &'a [u8], pos: usize) -> Self {
        Reader { data, pos: pos.min(data.len()) }
    }
    pub fn pos(&self) -> usize {
        self.pos
    }
    pub fn len(&self) -> usize {
        self.data.len()
    }
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    pub fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }
    pub fn data(&self) -> &'a [u8] {
        self.data
    }
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.pos.min(self.data.len())..]
    }
    pub fn seek(&mut self, pos: usize, what: &str) -> Result<()> {
        if pos > self.data.len() {
            return Err(Error::new(
                self.pos,
                msg!("read-seek-past-end", "{what}: offset {at} is past the end (length {len})", what = what, at = hex(pos), len = hex(self.data.len())),
            ));
        }
        self.pos = pos;
        Ok(())
    }

    /// Fails unless `n` more bytes are available.
    pub fn need(&self, n: usize, what: &str) -> Result<()> {
        if n > self.remaining() {
            return Err(Error::new(
                self.pos,
                msg!("read-past-end", "{what} runs past the end (need {n} bytes, {left} left)", what = what, n = n, left = self.remaining()),
            ));
        }
        Ok(())
    }

    /// Checks that `count` records of `size` bytes fit in what remains, before anything is
    /// allocated for them. Returns the total byte length.
    pub fn need_records(&self, count: usize, size: usize, what: &str) -> Result<usize> {
        let total = count.checked_mul(size).ok_or_else(|| {
            Error::new(self.pos, msg!("read-records-overflow", "{what}: {count} records of {size} bytes overflow", what = what, count = count, size = size))
        })?;
        self.need(total, what)?;
        Ok(total)
    }

    pub fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        self.need(n, what)?;
        let start = self.pos;
        self.pos += n;
        Ok(&self.data[start..self.pos])
    }
    pub fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N]> {
        let b = self.bytes(N, what)?;
        let mut out = [0u8; N];
        out.copy_from_slice(b);
        Ok(out)
    }
    pub fn skip(&mut self, n: usize, what: &str) -> Result<()> {
        self.bytes(n, what).map(|_| ())
    }
    pub fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.array::<1>(what)?[0])
    }
    pub fn i8(&mut self, what: &str) -> Result<i8> {
        Ok(self.u8(what)? as i8)
    }
    pub fn u16(&mut self, what: &str) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }
    pub fn i16(&mut self, what: &str) -> Result<i16> {
        Ok(i16::from_le_bytes(self.array(what)?))
    }
    pub fn u32(&mut self, what: &str) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }
    pub fn i32(&mut self, what: &str) -> Result<i32> {
        Ok(i32::from_le_bytes(self.array(what)?))
    }
    pub fn f32(&mut self, what: &str) -> Result<f32> {
        Ok(f32::from_le_bytes(self.array(what)?))
    }
}

/// Reads a little-endian integer at a fixed offset of a record already known to be long enough.
pub fn le_u16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
pub fn le_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
pub fn le_i16(b: &[u8], at: usize) -> i16 {
    le_u16(b, at) as i16
}
pub fn le_f32(b: &[u8], at: usize) -> f32 {
    f32::from_bits(le_u32(b, at))
}
pub fn put_u16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}
pub fn put_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Appending little-endian values to a `Vec<u8>`.
pub trait WriteLe {
    fn put_u8(&mut self, v: u8);
    fn put_u16(&mut self, v: u16);
    fn put_i16(&mut self, v: i16);
    fn put_u32(&mut self, v: u32);
    fn put_i32(&mut self, v: i32);
    fn put_f32(&mut self, v: f32);
    fn put_zeros(&mut self, n: usize);
}

impl WriteLe for Vec<u8> {
    fn put_u8(&mut self, v: u8) {
        self.push(v);
    }
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_i16(&mut self, v: i16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_i32(&mut self, v: i32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_f32(&mut self, v: f32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_zeros(&mut self, n: usize) {
        self.resize(self.len() + n, 0);
    }
}

/// A cheaply clonable view into shared bytes: payloads of a 100 MB archive reference the one
/// buffer the file was read into, so opening copies nothing and an undo snapshot is O(entries).
/// The buffer is the `Vec` the file was read into, handed over as it is (an `Arc<[u8]>` would
/// need a second copy of the file to make).
#[derive(Clone)]
pub struct SharedBytes {
    buf: Arc<Vec<u8>>,
    range: Range<usize>,
}

impl SharedBytes {
    pub fn new(buf: Arc<Vec<u8>>) -> Self {
        let range = 0..buf.len();
        SharedBytes { buf, range }
    }
    /// No bytes: one shared empty buffer, so an empty view allocates nothing.
    pub fn empty() -> Self {
        static EMPTY: std::sync::OnceLock<Arc<Vec<u8>>> = std::sync::OnceLock::new();
        SharedBytes { buf: EMPTY.get_or_init(|| Arc::new(Vec::new())).clone(), range: 0..0 }
    }
    /// A sub-slice of this view; `range` is relative to the view and must lie within it.
    pub fn slice(&self, range: Range<usize>) -> SharedBytes {
        assert!(range.start <= range.end && range.end <= self.len(), "SharedBytes::slice out of range");
        SharedBytes { buf: self.buf.clone(), range: self.range.start + range.start..self.range.start + range.end }
    }
    pub fn len(&self) -> usize {
        self.range.len()
    }
    pub fn is_empty(&self) -> bool {
        self.range.is_empty()
    }
    pub fn as_slice(&self) -> &[u8] {
        &self.buf[self.range.clone()]
    }

    /// The bytes to change in place: the buffer's own when no other view shares it, else a
    /// copy of just this view's bytes, made once (copy on write). Views taken before keep
    /// what they saw.
    pub fn make_mut(&mut self) -> &mut [u8] {
        if Arc::get_mut(&mut self.buf).is_none() {
            *self = SharedBytes::from(self.as_slice().to_vec());
        }
        let buf = Arc::get_mut(&mut self.buf).expect("a buffer no other view holds");
        &mut buf[self.range.clone()]
    }

    /// The bytes as a `Vec` to change and grow: the buffer itself when this is the only view
    /// and it covers the whole buffer, else a copy of this view's bytes.
    pub fn into_vec(self) -> Vec<u8> {
        if self.range == (0..self.buf.len()) {
            match Arc::try_unwrap(self.buf) {
                Ok(v) => v,
                Err(buf) => buf[self.range].to_vec(),
            }
        } else {
            self.as_slice().to_vec()
        }
    }

    /// Whether both views look into the same buffer (a parse that shared, not copied).
    pub fn same_buffer(&self, other: &SharedBytes) -> bool {
        Arc::ptr_eq(&self.buf, &other.buf)
    }
}

impl std::ops::Deref for SharedBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl AsRef<[u8]> for SharedBytes {
    fn as_ref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl From<Vec<u8>> for SharedBytes {
    fn from(v: Vec<u8>) -> Self {
        SharedBytes::new(Arc::new(v))
    }
}

/// A borrowed slice has no buffer to share: it is copied once. Parsers take
/// `impl Into<SharedBytes>`, so the document's views are shared and other bytes copied.
impl From<&[u8]> for SharedBytes {
    fn from(v: &[u8]) -> Self {
        SharedBytes::new(Arc::new(v.to_vec()))
    }
}

impl From<String> for SharedBytes {
    fn from(v: String) -> Self {
        SharedBytes::from(v.into_bytes())
    }
}

impl From<&str> for SharedBytes {
    fn from(v: &str) -> Self {
        SharedBytes::from(v.as_bytes())
    }
}

impl From<&Vec<u8>> for SharedBytes {
    fn from(v: &Vec<u8>) -> Self {
        SharedBytes::from(v.as_slice())
    }
}

impl<const N: usize> From<&[u8; N]> for SharedBytes {
    fn from(v: &[u8; N]) -> Self {
        SharedBytes::from(v.as_slice())
    }
}

/// Another view of the same buffer, nothing copied.
impl From<&SharedBytes> for SharedBytes {
    fn from(v: &SharedBytes) -> Self {
        v.clone()
    }
}

impl PartialEq for SharedBytes {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl Eq for SharedBytes {}

impl std::fmt::Debug for SharedBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SharedBytes({} bytes)", self.len())
    }
}

/// Bytes a streamed writer does not hold ([`CopyRange`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    /// A range of the file a directory-only reading was made from (its data region left there).
    File(Range<u64>),
    /// An edit's new bytes not held ([`NewBytes::Source`]): `len` bytes of the caller's source `id`.
    Source { id: u32, len: u64 },
}

/// What a streamed writer calls for bytes it does not hold: write the bytes of this span to the
/// writer.
pub type CopyRange<'a> = dyn FnMut(Span, &mut dyn std::io::Write) -> std::io::Result<()> + 'a;

/// An edit's new bytes: held, or `len` bytes of a source the caller numbered, which a streamed
/// write copies when it reaches them ([`Span::Source`]), so that they are never held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewBytes {
    Held(SharedBytes),
    Source { id: u32, len: u64 },
}

impl NewBytes {
    pub fn len(&self) -> u64 {
        match self {
            NewBytes::Held(b) => b.len() as u64,
            NewBytes::Source { len, .. } => *len,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl From<SharedBytes> for NewBytes {
    fn from(b: SharedBytes) -> Self {
        NewBytes::Held(b)
    }
}

/// Rounds `v` up to a multiple of 8 (towards plus infinity, also for negative values).
pub fn round_up8(v: i64) -> i64 {
    v.div_euclid(8).checked_add(if v.rem_euclid(8) == 0 { 0 } else { 1 }).map_or(i64::MAX, |q| q * 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_reports_what_and_how_much() {
        let mut r = Reader::new(&[1, 2, 3]);
        assert_eq!(r.u16("a").unwrap(), 0x0201);
        let e = r.u32("entry_count").unwrap_err();
        assert_eq!(e.offset, 2);
        assert!(e.message.contains("entry_count") && e.message.contains("need 4 bytes, 1 left"), "{e}");
    }

    #[test]
    fn need_records_rejects_overflow_and_excess() {
        let r = Reader::new(&[0; 10]);
        assert!(r.need_records(usize::MAX, 64, "rows").is_err());
        assert!(r.need_records(2, 6, "rows").is_err());
        assert_eq!(r.need_records(2, 5, "rows").unwrap(), 10);
    }

    #[test]
    fn round_up8_goes_towards_plus_infinity() {
        assert_eq!(round_up8(0), 0);
        assert_eq!(round_up8(3), 8);
        assert_eq!(round_up8(8), 8);
        assert_eq!(round_up8(-3), 0);
        assert_eq!(round_up8(-8), -8);
        assert_eq!(round_up8(-13), -8);
    }

    #[test]
    fn shared_bytes_slices_share() {
        let s = SharedBytes::from(vec![1, 2, 3, 4, 5]);
        let t = s.slice(1..4);
        assert_eq!(&*t, &[2, 3, 4]);
        assert!(std::ptr::eq(&t[0], &s[1]), "a slice is a view, not a copy");
        assert_eq!(&*t.slice(1..2), &[3]);
    }

    #[test]
    fn into_vec_takes_a_sole_whole_buffer_and_copies_otherwise() {
        let v = vec![1u8, 2, 3];
        let at = v.as_ptr();
        let s = SharedBytes::from(v);
        let other = s.clone();
        let copied = s.into_vec();
        assert_ne!(copied.as_ptr(), at, "another view holds the buffer: a copy");
        assert_eq!(copied, [1, 2, 3]);
        assert_eq!(other.slice(1..3).into_vec(), [2, 3]);
        let taken = other.into_vec();
        assert_eq!(taken.as_ptr(), at, "the last view takes the buffer");
    }

    #[test]
    fn make_mut_copies_only_a_shared_view() {
        let s = SharedBytes::from(vec![1, 2, 3, 4, 5]);
        let mut t = s.slice(1..4);
        t.make_mut()[0] = 9;
        assert_eq!((&*s, &*t), (&[1, 2, 3, 4, 5][..], &[9, 3, 4][..]), "the shared buffer keeps its bytes");
        assert!(!t.same_buffer(&s));
        let before = t.as_ptr();
        t.make_mut()[1] = 8;
        assert_eq!(t.as_ptr(), before, "a view no one else holds changes in place");
        assert_eq!(&*t, &[9, 8, 4]);
    }
}
