//! Storage methods (`flags & 0x1E0`) and the one place that packs and unpacks payloads.
//! The xor variants encrypt the packed bytes (after compression) with the payload key.

use super::{cipher, lzhuf, lzss};
use crate::formats::{Error, Result};
use crate::msg;
use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use std::io::{Read, Write};

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

/// Encodes `data` with `method`; `key` is used by the xor methods only.
pub fn pack(method: Method, key: u16, data: &[u8]) -> Result<Vec<u8>> {
    let mut out = match method {
        Method::Stored | Method::Xor => data.to_vec(),
        Method::Lzss | Method::XorLzss => lzss::encode(data),
        Method::Lzhuf | Method::XorLzhuf => lzhuf::encode(data),
        Method::Deflate => {
            let mut e = DeflateEncoder::new(Vec::with_capacity(data.len() / 2 + 64), Compression::default());
            e.write_all(data).and_then(|_| e.finish()).map_err(|e| Error::new(0, msg!("rsli-deflate-failed", "Deflate failed: {error}", error = e.to_string())))?
        }
        Method::Unknown(bits) => {
            return Err(Error::new(0, msg!("rsli-method-cannot-encode", "storage method {method} is unknown and cannot be encoded", method = format!("0x{bits:03X}"))));
        }
    };
    if method.is_xor() {
        cipher::apply(key, &mut out);
    }
    Ok(out)
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
                return Err(Error::new(input.len(), msg!("rsli-stored-short", "{stored} bytes stored, {size} declared unpacked", stored = input.len(), size = size)));
            }
            // The copy stops at the unpacked size; extra stored bytes are reported by validate.
            Ok(input[..size].to_vec())
        }
        Method::Lzss | Method::XorLzss => lzss::decode(input, size),
        Method::Lzhuf | Method::XorLzhuf => lzhuf::decode(input, size),
        Method::Deflate => inflate(input, size),
        Method::Unknown(bits) => Err(Error::new(0, msg!("rsli-method-unknown", "storage method {method} is unknown", method = format!("0x{bits:03X}")))),
    }
}

fn inflate(input: &[u8], size: usize) -> Result<Vec<u8>> {
    let mut d = DeflateDecoder::new(input);
    let mut out = Vec::with_capacity(size.min(input.len().saturating_mul(DEFLATE_MAX_RATIO)));
    // One byte more than declared tells "too long" apart from "exact".
    let limit = u64::try_from(size).unwrap_or(u64::MAX).saturating_add(1);
    if let Err(e) = (&mut d).take(limit).read_to_end(&mut out) {
        return Err(Error::new(d.total_in(), msg!("rsli-deflate-corrupt", "Deflate stream is corrupt: {error}", error = e.to_string())));
    }
    if out.len() < size {
        return Err(Error::new(
            d.total_in(),
            msg!("rsli-deflate-short", "Deflate stream ends after {got} of {size} declared bytes", got = out.len(), size = size),
        ));
    }
    if out.len() > size {
        return Err(Error::new(d.total_in(), msg!("rsli-deflate-long", "Deflate stream holds more than the {size} declared bytes", size = size)));
    }
    Ok(out)
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
