//! RsLi: the parse target reads the header and the encrypted table and lists every row; one
//! target per compressing method's decoder, each also checking the streaming decoder against
//! the whole-slice one; the round trip unpacks everything, writes back and
//! compacts.

use crate::formats::bytes::SharedBytes;
use crate::formats::rsli::{self, Archive, Method};

pub fn parse(data: &[u8]) {
    match Archive::parse(SharedBytes::from(data)) {
        Ok((a, _)) => {
            for (i, row) in a.entries().iter().enumerate() {
                let _ = (row.name(), row.method(), row.unpacked_size(), a.xor_key(i));
                let _ = a.packed(i).len();
            }
            let _ = a.lookup_is_valid();
        }
        Err(e) => super::error_within(data, &e),
    }
}

/// The largest unpacked size a decoder target asks for. A run costs time in proportion to its
/// output (LZHUF updates its tree on every symbol), and a longer one only repeats steps: both
/// LZ decoders start with the 4 KiB window pre-filled and its write position 60 (LZHUF) or 18
/// (LZSS) bytes before the end, so a match may reach anywhere in the window and the position
/// wraps within the first bytes. LZHUF's tree rebuild (after 32K symbols) is left to the `rsli`
/// round trip, whose archives hold longer payloads.
pub const DECODE_MAX_SIZE: usize = 1024;

/// A decoder input: byte 0 bit 0 picks the xor variant (where the method has one), bytes 1-2
/// the key, bytes 3-4 the unpacked size (modulo [`DECODE_MAX_SIZE`]), the rest the packed
/// bytes.
fn unpack(plain: Method, xor: Method, data: &[u8]) {
    let [flags, k0, k1, s0, s1, packed @ ..] = data else { return };
    let method = if flags & 1 == 1 { xor } else { plain };
    let size = usize::from(u16::from_le_bytes([*s0, *s1])) % (DECODE_MAX_SIZE + 1);
    let key = u16::from_le_bytes([*k0, *k1]);
    let whole = rsli::unpack(method, key, packed, size);
    match &whole {
        Ok(out) => assert_eq!(out.len(), size, "{} decoded to the wrong length", method.name()),
        Err(e) => super::error_within(packed, e),
    }
    // The streaming decoder gives the same bytes or the same error, offset included.
    let mut out = Vec::new();
    match (rsli::unpack_into(method, key, &mut &packed[..], size as u64, &mut out), whole) {
        (Ok(n), Ok(w)) => assert!(n == size as u64 && out == w, "{}: unpack_into differs from unpack", method.name()),
        (Err(s), Err(w)) => assert_eq!((s.offset, &s.message), (w.offset, &w.message), "{}: unpack_into fails otherwise than unpack", method.name()),
        (s, w) => panic!("{}: unpack_into {:?}, unpack {:?}", method.name(), s.map_err(|e| e.message), w.map(|w| w.len()).map_err(|e| e.message)),
    }
}

pub fn lzss(data: &[u8]) {
    unpack(Method::Lzss, Method::XorLzss, data)
}
pub fn lzhuf(data: &[u8]) {
    unpack(Method::Lzhuf, Method::XorLzhuf, data)
}
pub fn deflate(data: &[u8]) {
    unpack(Method::Deflate, Method::Deflate, data)
}

/// Whatever parses unpacks (or errs) entry by entry, writes back byte-identically, re-parses
/// and compacts to the same packed payloads.
pub fn round_trip(data: &[u8]) {
    let Ok((archive, _)) = Archive::parse(SharedBytes::from(data)) else { return };
    for i in 0..archive.len() {
        let _ = archive.unpack(i);
    }
    let _ = archive.validate_structure();
    let written = archive.write();
    assert_eq!(written, data, "untouched archive must write back byte-identically");
    let (again, _) = Archive::parse(SharedBytes::from(written)).expect("own output re-parses");
    assert_eq!(again.len(), archive.len());
    let mut c = archive.clone();
    c.compact();
    let (compacted, _) = Archive::parse(SharedBytes::from(c.write())).expect("compacted output re-parses");
    for i in 0..archive.len() {
        assert_eq!(&*compacted.packed(i), &*archive.packed(i));
    }
}

pub fn seeds() -> Vec<Vec<u8>> {
    super::within_cap(crate::fixtures::rsli::all().into_iter().map(|(_, b)| b).collect())
}

/// Decoder inputs made by the project's own encoder: the fixture samples and a few fixture
/// files of other formats, packed plain and with a key.
fn packed_seeds(plain: Method, xor: Method) -> Vec<Vec<u8>> {
    use crate::fixtures as fx;
    let mut payloads: Vec<Vec<u8>> = [0, 1, 17, 100, 300, 700, DECODE_MAX_SIZE].iter().enumerate().map(|(k, &n)| fx::rsli::sample(k, n)).collect();
    payloads.push(fx::wear::demo());
    payloads.extend(fx::texm::all().into_iter().map(|(_, b)| b).filter(|b| b.len() <= DECODE_MAX_SIZE).take(6));
    let mut out = Vec::new();
    for (i, p) in payloads.iter().filter(|p| p.len() <= DECODE_MAX_SIZE).enumerate() {
        let (method, flags) = if i % 2 == 1 && xor != plain { (xor, 1u8) } else { (plain, 0) };
        let key = (i as u16).wrapping_mul(0x9E37);
        let packed = rsli::pack(method, key, p).expect("every known method packs");
        let mut seed = vec![flags];
        seed.extend(key.to_le_bytes());
        seed.extend((p.len() as u16).to_le_bytes());
        seed.extend(packed);
        out.push(seed);
    }
    super::within_cap(out)
}

pub fn lzss_seeds() -> Vec<Vec<u8>> {
    packed_seeds(Method::Lzss, Method::XorLzss)
}
pub fn lzhuf_seeds() -> Vec<Vec<u8>> {
    packed_seeds(Method::Lzhuf, Method::XorLzhuf)
}
pub fn deflate_seeds() -> Vec<Vec<u8>> {
    packed_seeds(Method::Deflate, Method::Deflate)
}
