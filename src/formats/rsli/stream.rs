//! Streaming pack and unpack of RsLi payloads in constant memory (docs/formats/rsli.md §
//! Streaming): [`Packer`] takes the unpacked bytes in any chunking and writes the packed bytes,
//! byte-identical to [`pack`](super::pack) (which is a `Packer` over a `Vec`); [`unpack_into`]
//! decodes from a reader into a writer with the same results and errors as
//! [`unpack`](super::unpack). The LZ decoders are one implementation over [`Input`] and
//! [`Output`], monomorphised for a slice and a `Vec` and for a reader and a writer.

use super::cipher::Keystream;
use super::method::{Method, cannot_encode, inflate_from, stored_short, unknown};
use super::{lzhuf, lzss};
use crate::formats::message::Message;
use crate::formats::{Error, Result};
use crate::msg;
use flate2::Compression;
use flate2::write::DeflateEncoder;
use std::io::{self, Read, Write};

/// Where a decoder reads packed bytes from.
pub trait Input {
    /// The next byte; at the end of the input an error at the offset with the message `ended`
    /// gives; a failed read is an error too.
    fn next(&mut self, ended: impl FnOnce() -> Message) -> Result<u8>;
    /// How many bytes [`Input::next`] has returned: the offset errors name.
    fn consumed(&self) -> u64;
}

impl<T: Input> Input for &mut T {
    #[inline(always)]
    fn next(&mut self, ended: impl FnOnce() -> Message) -> Result<u8> {
        (**self).next(ended)
    }
    fn consumed(&self) -> u64 {
        (**self).consumed()
    }
}

/// Where a decoder writes unpacked bytes to.
pub trait Output {
    fn push(&mut self, b: u8) -> io::Result<()>;
}

pub struct SliceInput<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> SliceInput<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        SliceInput { data, pos: 0 }
    }
}

impl Input for SliceInput<'_> {
    #[inline(always)]
    fn next(&mut self, ended: impl FnOnce() -> Message) -> Result<u8> {
        match self.data.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                Ok(b)
            }
            None => Err(ran_out(self.pos as u64, ended())),
        }
    }
    fn consumed(&self) -> u64 {
        self.pos as u64
    }
}

impl Output for Vec<u8> {
    #[inline(always)]
    fn push(&mut self, b: u8) -> io::Result<()> {
        Vec::push(self, b);
        Ok(())
    }
}

/// The next input byte (see [`Input::next`]).
#[inline(always)]
pub fn next(input: &mut impl Input, ended: impl FnOnce() -> Message) -> Result<u8> {
    input.next(ended)
}

#[cold]
fn ran_out(at: u64, m: Message) -> Error {
    Error::new(at, m)
}

/// Writes one unpacked byte; a failed write is an error at the input's offset.
#[inline(always)]
pub fn put(input: &impl Input, out: &mut impl Output, b: u8) -> Result<()> {
    out.push(b).map_err(|e| write_failed(input.consumed(), &e))
}

fn read_failed(at: u64, e: &io::Error) -> Error {
    Error::new(at, msg!("rsli-stream-read-failed", "reading the packed bytes failed: {error}", error = e.to_string()))
}

pub(super) fn write_failed(at: u64, e: &io::Error) -> Error {
    Error::new(at, msg!("rsli-stream-write-failed", "writing the unpacked bytes failed: {error}", error = e.to_string()))
}

const CHUNK: usize = 32 * 1024;

/// A reader's bytes through a fixed buffer, decrypted as they are read for the xor methods.
struct ReaderInput<'a> {
    r: &'a mut dyn Read,
    key: Option<Keystream>,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    consumed: u64,
}

impl<'a> ReaderInput<'a> {
    fn new(r: &'a mut dyn Read, key: Option<Keystream>) -> Self {
        ReaderInput { r, key, buf: vec![0; CHUNK].into_boxed_slice(), start: 0, end: 0, consumed: 0 }
    }

    /// The buffered bytes, read anew when all are consumed; empty at the end of the reader.
    fn fill(&mut self) -> io::Result<&[u8]> {
        if self.start == self.end {
            let n = loop {
                match self.r.read(&mut self.buf) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    r => break r?,
                }
            };
            if let Some(k) = &mut self.key {
                k.apply(&mut self.buf[..n]);
            }
            (self.start, self.end) = (0, n);
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, n: usize) {
        self.start += n;
        self.consumed += n as u64;
    }
}

impl Read for ReaderInput<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let chunk = self.fill()?;
        let n = chunk.len().min(out.len());
        out[..n].copy_from_slice(&chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// What the Deflate decoder reads through: the buffer as it was filled, as flate2's own
/// `read::DeflateDecoder` does over a slice with its 32 KiB buffer, so the error offsets agree.
impl io::BufRead for ReaderInput<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.fill()
    }
    fn consume(&mut self, n: usize) {
        ReaderInput::consume(self, n)
    }
}

impl Input for ReaderInput<'_> {
    #[inline]
    fn next(&mut self, ended: impl FnOnce() -> Message) -> Result<u8> {
        if self.start == self.end {
            match self.fill() {
                Ok([]) => return Err(ran_out(self.consumed, ended())),
                Ok(_) => {}
                Err(e) => return Err(read_failed(self.consumed, &e)),
            }
        }
        let b = self.buf[self.start];
        self.consume(1);
        Ok(b)
    }
    fn consumed(&self) -> u64 {
        self.consumed
    }
}

/// Unpacked bytes to a writer through a fixed buffer.
struct WriterOutput<'a> {
    w: &'a mut dyn Write,
    buf: Vec<u8>,
}

impl WriterOutput<'_> {
    fn flush(&mut self) -> io::Result<()> {
        self.w.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Output for WriterOutput<'_> {
    #[inline]
    fn push(&mut self, b: u8) -> io::Result<()> {
        if self.buf.len() == CHUNK {
            self.flush()?;
        }
        self.buf.push(b);
        Ok(())
    }
}

/// Decodes exactly `size` unpacked bytes of `method` from `packed` into `out` in constant
/// memory (a 4 KiB ring and two 32 KiB buffers) and returns the number written (`size`).
/// The results and errors are [`unpack`](super::unpack)'s, offsets within the packed bytes
/// included (for Deflate, whose decoder may detect damage a few bytes later or sooner as its
/// input comes in pieces, with a reader that fills the 32 KiB buffer as a slice or a file
/// does). `packed` may be read past the bytes the decoder needs (by up to one buffer):
/// give it a reader of the entry's packed bytes only (`Read::take`).
pub fn unpack_into(method: Method, key: u16, packed: &mut dyn Read, size: u64, out: &mut dyn Write) -> Result<u64> {
    let mut input = ReaderInput::new(packed, method.is_xor().then(|| Keystream::new(key)));
    match method {
        Method::Stored | Method::Xor => {
            let mut done = 0u64;
            while done < size {
                let at = input.consumed;
                let chunk = input.fill().map_err(|e| read_failed(at, &e))?;
                if chunk.is_empty() {
                    return Err(Error::new(done, stored_short(done, size)));
                }
                let n = chunk.len().min(usize::try_from(size - done).unwrap_or(usize::MAX));
                out.write_all(&chunk[..n]).map_err(|e| write_failed(at, &e))?;
                input.consume(n);
                done += n as u64;
            }
            Ok(size)
        }
        Method::Lzss | Method::XorLzss | Method::Lzhuf | Method::XorLzhuf => {
            let mut o = WriterOutput { w: out, buf: Vec::with_capacity(CHUNK) };
            if matches!(method, Method::Lzss | Method::XorLzss) {
                lzss::decode_from(&mut input, &mut o, size)?;
            } else {
                lzhuf::decode_from(&mut input, &mut o, size)?;
            }
            o.flush().map_err(|e| write_failed(input.consumed, &e))?;
            Ok(size)
        }
        Method::Deflate => inflate_from(input, size, |b| out.write_all(b)).map(|()| size),
        Method::Unknown(bits) => Err(Error::new(0, unknown(bits))),
    }
}

/// How much input the encoders take at a time: what they append to the staging buffer between
/// two writes stays a small multiple of it.
const FEED: usize = 32 * 1024;

enum Codec {
    Stored,
    Lzss(Box<lzss::Encoder>),
    Lzhuf(Box<lzhuf::Encoder>),
}

enum Inner<W: Write> {
    /// The project's own encoders (and the stored methods): packed bytes are staged, encrypted
    /// for the xor methods, and written.
    Own { codec: Codec, key: Option<Keystream>, stage: Vec<u8>, out: W, written: u64 },
    Deflate(DeflateEncoder<Counted<W>>),
}

/// A writer that counts what passes through it.
struct Counted<W> {
    w: W,
    n: u64,
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.w.write(buf)?;
        self.n += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// Packs a payload as it is written, in constant memory: the LZ window and hash chains, the
/// adaptive tree, and buffers of a few tens of KiB. Write the unpacked bytes in any chunking,
/// then [`Packer::finish`]: the bytes written to `out` are `pack(method, key, all of them)`.
pub struct Packer<W: Write> {
    inner: Inner<W>,
}

impl<W: Write> Packer<W> {
    /// A packer writing to `out`; `key` is used by the xor methods only. An unknown method is
    /// the error [`pack`](super::pack) gives.
    pub fn new(method: Method, key: u16, out: W) -> Result<Self> {
        let codec = match method {
            Method::Stored | Method::Xor => Codec::Stored,
            Method::Lzss | Method::XorLzss => Codec::Lzss(Box::default()),
            Method::Lzhuf | Method::XorLzhuf => Codec::Lzhuf(Box::default()),
            Method::Deflate => {
                return Ok(Packer { inner: Inner::Deflate(DeflateEncoder::new(Counted { w: out, n: 0 }, Compression::default())) });
            }
            Method::Unknown(bits) => return Err(Error::new(0, cannot_encode(bits))),
        };
        let key = method.is_xor().then(|| Keystream::new(key));
        Ok(Packer { inner: Inner::Own { codec, key, stage: Vec::new(), out, written: 0 } })
    }

    /// Ends the payload: writes what the encoder still holds, flushes `out` and returns it
    /// with the number of packed bytes written.
    pub fn finish(self) -> io::Result<(W, u64)> {
        match self.inner {
            Inner::Own { mut codec, mut key, mut stage, mut out, mut written } => {
                match &mut codec {
                    Codec::Stored => {}
                    Codec::Lzss(e) => e.finish(&mut stage),
                    Codec::Lzhuf(e) => e.finish(&mut stage),
                }
                emit(&mut key, &mut stage, &mut out, &mut written)?;
                out.flush()?;
                Ok((out, written))
            }
            Inner::Deflate(e) => {
                let mut c = e.finish()?;
                c.flush()?;
                Ok((c.w, c.n))
            }
        }
    }
}

/// Encrypts the staged bytes for the xor methods and writes them.
fn emit<W: Write>(key: &mut Option<Keystream>, stage: &mut Vec<u8>, out: &mut W, written: &mut u64) -> io::Result<()> {
    if let Some(k) = key {
        k.apply(stage);
    }
    out.write_all(stage)?;
    *written += stage.len() as u64;
    stage.clear();
    Ok(())
}

impl<W: Write> Write for Packer<W> {
    /// Takes all of `buf` (or fails).
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.inner {
            Inner::Own { codec, key, stage, out, written } => {
                for piece in buf.chunks(FEED) {
                    match codec {
                        Codec::Stored if key.is_none() => {
                            out.write_all(piece)?;
                            *written += piece.len() as u64;
                            continue;
                        }
                        Codec::Stored => stage.extend_from_slice(piece),
                        Codec::Lzss(e) => e.feed(piece, stage),
                        Codec::Lzhuf(e) => e.feed(piece, stage),
                    }
                    emit(key, stage, out, written)?;
                }
                Ok(buf.len())
            }
            Inner::Deflate(e) => e.write_all(buf).map(|()| buf.len()),
        }
    }

    /// Passes on what is already packed; never ends a Deflate block early (that would change
    /// the bytes): only [`Packer::finish`] writes the tail.
    fn flush(&mut self) -> io::Result<()> {
        match &mut self.inner {
            Inner::Own { out, .. } => out.flush(),
            Inner::Deflate(e) => e.get_mut().flush(),
        }
    }
}
