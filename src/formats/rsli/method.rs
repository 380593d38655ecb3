//! Storage methods (`flags & 0x1E0`) and the one place that packs and unpacks payloads.
//! The xor variants encrypt the packed bytes (after compression) with the payload key.

use super::stream::{Packer, write_failed};
use super::{cipher, lzhuf, lzss};
use crate::formats::message::Message;
use crate::formats::{Error, Result};
use crate::msg;
use flate2::bufread::DeflateDecoder;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    Stored,
    Xor,
    Lzss,
    XorLzss,
    Lzhuf,
    XorLzhuf,
    Deflate,
    /// Any other value of `flags & 0x1E0`: the entry is kept raw and cannot be unpacked.
    Unknown(u16),
}

/// The bits of `flags` that select the method; the other flag bits are kept as they are.
pub const METHOD_MASK: u16 = 0x1E0;

/// Deflate's ceiling ratio (about 1032:1), to bound pre-allocation by the input present.
const DEFLATE_MAX_RATIO: usize = 1032;

impl Method {
    /// Every method that can be encoded, in bit order.
    pub const ALL: [Method; 7] =
        [Method::Stored, Method::Xor, Method::Lzss, Method::XorLzss, Method::Lzhuf, Method::XorLzhuf, Method::Deflate];

    pub fn from_flags(flags: u16) -> Method {
        match flags & METHOD_MASK {
            0x000 => Method::Stored,
            0x020 => Method::Xor,
            0x040 => Method::Lzss,
            0x060 => Method::XorLzss,
            0x080 => Method::Lzhuf,
            0x0A0 => Method::XorLzhuf,
            0x100 => Method::Deflate,
            other => Method::Unknown(other),
        }
    }

    /// The method's value within `flags & 0x1E0`.
    pub fn bits(&self) -> u16 {
        match *self {
            Method::Stored => 0x000,
            Method::Xor => 0x020,
            Method::Lzss => 0x040,
            Method::XorLzss => 0x060,
            Method::Lzhuf => 0x080,
            Method::XorLzhuf => 0x0A0,
            Method::Deflate => 0x100,
            Method::Unknown(b) => b & METHOD_MASK,
        }
    }

    /// The name used by `list --json` (docs/cli.md#list); unknown methods are "unknown".
    pub fn name(&self) -> &'static str {
        match self {
            Method::Stored => "stored",
            Method::Xor => "xor",
            Method::Lzss => "lzss",
            Method::XorLzss => "xor+lzss",
            Method::Lzhuf => "lzhuf",
            Method::XorLzhuf => "xor+lzhuf",
            Method::Deflate => "deflate",
            Method::Unknown(_) => "unknown",
        }
    }

    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Whether the packed bytes are encrypted with the payload key.
    pub fn is_xor(&self) -> bool {
        matches!(self, Method::Xor | Method::XorLzss | Method::XorLzhuf)
    }

    /// Whether the packed size must equal the unpacked size.
    pub fn is_uncompressed(&self) -> bool {
        matches!(self, Method::Stored | Method::Xor)
    }
}

/// Encodes `data` with `method`; `key` is used by the xor methods only. A [`Packer`] over a
/// `Vec`: the one implementation, whatever the chunking.
pub fn pack(method: Method, key: u16, data: &[u8]) -> Result<Vec<u8>> {
    let capacity = match method {
        Method::Stored | Method::Xor => data.len(),
        Method::Lzss | Method::XorLzss => data.len() + data.len() / 8 + 1,
        _ => data.len() / 2 + 64,
    };
    let mut p = Packer::new(method, key, Vec::with_capacity(capacity))?;
    // Writes to a Vec cannot fail: only the Deflate encoder can.
    let deflate_failed = |e: std::io::Error| Error::new(0, msg!("rsli-deflate-failed", "Deflate failed: {error}", error = e.to_string()));
    p.write_all(data).map_err(deflate_failed)?;
    Ok(p.finish().map_err(deflate_failed)?.0)
}

pub(super) fn cannot_encode(bits: u16) -> Message {
    msg!("rsli-method-cannot-encode", "storage method {method} is unknown and cannot be encoded", method = format!("0x{bits:03X}"))
}

pub(super) fn unknown(bits: u16) -> Message {
    msg!("rsli-method-unknown", "storage method {method} is unknown", method = format!("0x{bits:03X}"))
}

pub(super) fn stored_short(stored: u64, size: u64) -> Message {
    msg!("rsli-stored-short", "{stored} bytes stored, {size} declared unpacked", stored = stored, size = size)
}

/// Decodes `packed` into exactly `size` bytes. Error offsets are within `packed`.
pub fn unpack(method: Method, key: u16, packed: &[u8], size: usize) -> Result<Vec<u8>> {
    let decrypted;
    let input = if method.is_xor() {
        decrypted = cipher::applied(key, packed);
        &decrypted[..]
    } else {
        packed
    };
    match method {
        Method::Stored | Method::Xor => {
            if input.len() < size {
                return Err(Error::new(input.len(), stored_short(input.len() as u64, size as u64)));
            }
            // The copy stops at the unpacked size; extra stored bytes are reported by validate.
            Ok(input[..size].to_vec())
        }
        Method::Lzss | Method::XorLzss => lzss::decode(input, size),
        Method::Lzhuf | Method::XorLzhuf => lzhuf::decode(input, size),
        Method::Deflate => {
            let mut out = Vec::with_capacity(size.min(input.len().saturating_mul(DEFLATE_MAX_RATIO)));
            // flate2's 32 KiB buffer over the slice, as `stream::unpack_into` reads a reader.
            inflate_from(BufReader::with_capacity(INFLATE_CHUNK, input), size as u64, |b| {
                out.extend_from_slice(b);
                Ok(())
            })?;
            Ok(out)
        }
        Method::Unknown(bits) => Err(Error::new(0, unknown(bits))),
    }
}

const INFLATE_CHUNK: usize = 32 * 1024;

/// Inflates exactly `size` bytes from `input`, handing them to `out` in pieces of up to 32 KiB;
/// errors carry the compressed bytes consumed. Shared by `unpack` and `stream::unpack_into`.
pub(super) fn inflate_from(input: impl BufRead, size: u64, mut out: impl FnMut(&[u8]) -> std::io::Result<()>) -> Result<()> {
    let mut d = DeflateDecoder::new(input);
    let mut buf = vec![0u8; INFLATE_CHUNK];
    // One byte more than declared tells "too long" apart from "exact".
    let limit = size.saturating_add(1);
    let mut got = 0u64;
    while got < limit {
        let want = usize::try_from(limit - got).unwrap_or(usize::MAX).min(INFLATE_CHUNK);
        let n = match d.read(&mut buf[..want]) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::new(d.total_in(), msg!("rsli-deflate-corrupt", "Deflate stream is corrupt: {error}", error = e.to_string()))),
        };
        let keep = n.min(usize::try_from(size.saturating_sub(got)).unwrap_or(usize::MAX));
        out(&buf[..keep]).map_err(|e| write_failed(d.total_in(), &e))?;
        got += n as u64;
    }
    if got < size {
        return Err(Error::new(d.total_in(), msg!("rsli-deflate-short", "Deflate stream ends after {got} of {size} declared bytes", got = got, size = size)));
    }
    if got > size {
        return Err(Error::new(d.total_in(), msg!("rsli-deflate-long", "Deflate stream holds more than the {size} declared bytes", size = size)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bits_and_names_round_trip() {
        for m in Method::ALL {
            assert_eq!(Method::from_flags(m.bits()), m);
            assert_eq!(Method::from_flags(m.bits() | 0x801F | 0x200), m, "other bits are ignored");
            assert_eq!(Method::from_name(m.name()), Some(m));
        }
        assert_eq!(Method::from_flags(0x0C0), Method::Unknown(0x0C0));
        assert_eq!(Method::from_flags(0x1E0).name(), "unknown");
        assert_eq!(Method::Unknown(0x0E0).bits(), 0x0E0);
    }

    #[test]
    fn xor_methods_encrypt_the_packed_bytes() {
        let data = b"ABABABABABABABABABAB";
        assert_eq!(pack(Method::Xor, 0x0102, data).unwrap(), cipher::applied(0x0102, data));
        let lz = pack(Method::Lzss, 0, data).unwrap();
        assert_eq!(pack(Method::XorLzss, 7, data).unwrap(), cipher::applied(7, &lz));
        // The wrong key does not give the data back.
        let x = pack(Method::Xor, 1, data).unwrap();
        assert_ne!(unpack(Method::Xor, 2, &x, data.len()).unwrap(), data);
    }

    #[test]
    fn sizes_must_match() {
        assert!(unpack(Method::Stored, 0, b"abc", 4).is_err());
        assert_eq!(unpack(Method::Stored, 0, b"abcd", 3).unwrap(), b"abc");
        let d = pack(Method::Deflate, 0, b"hello").unwrap();
        let short = unpack(Method::Deflate, 0, &d, 4).unwrap_err();
        assert!(short.message.contains("more than"), "{short}");
        let long = unpack(Method::Deflate, 0, &d, 6).unwrap_err();
        assert!(long.message.contains("ends after 5"), "{long}");
        assert!(unpack(Method::Unknown(0x1E0), 0, b"", 0).is_err());
        assert!(pack(Method::Unknown(0x1E0), 0, b"").is_err());
    }

    #[test]
    fn truncated_deflate_is_an_error() {
        let data: Vec<u8> = (0..2000u32).map(|i| (i * 7 % 251) as u8).collect();
        let d = pack(Method::Deflate, 0, &data).unwrap();
        for cut in 0..d.len() {
            assert!(unpack(Method::Deflate, 0, &d[..cut], data.len()).is_err(), "cut {cut}");
        }
    }

    proptest! {
        #[test]
        fn unpack_of_pack_is_identity_for_every_method(
            key: u16,
            data in proptest::collection::vec(prop_oneof![Just(b' '), Just(0u8), any::<u8>()], 0..3000),
        ) {
            for m in Method::ALL {
                let p = pack(m, key, &data).unwrap();
                prop_assert_eq!(&unpack(m, key, &p, data.len()).unwrap(), &data, "{}", m.name());
            }
        }
    }
}
