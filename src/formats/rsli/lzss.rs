//! RsLi LZSS (method 0x040): a 4096-byte ring pre-filled with 0x20, writing from 0xFEE; each
//! control byte gives eight flags, least significant bit first; 1 = one literal byte, 0 = a
//! two-byte copy `lo, hi` from the absolute ring index `lo | (hi & 0xF0) << 4`, `(hi & 0x0F) + 3`
//! bytes long. The stream has no size header: decoding stops at the row's unpacked size.

use super::matcher::{self, Token};
use crate::formats::message::Message;
use crate::formats::{Error, Result};
use crate::msg;

const N: usize = 4096;
const START: usize = 0xFEE;
const MIN_LEN: usize = 3;
const MAX_LEN: usize = 18;

/// The largest output one packed byte can stand for (a 2-byte copy of 18 bytes), used to
/// bound pre-allocation by the input actually present rather than by a declared size.
pub const MAX_RATIO: usize = 9;

/// What the decoder was reading when the input ran out.
#[derive(Clone, Copy)]
enum Part {
    Control,
    Literal,
    Copy,
}

fn ended(what: Part, size: usize) -> Message {
    match what {
        Part::Control => msg!("rsli-lzss-short-control", "LZSS stream ends before {size} bytes were produced (reading a control byte)", size = size),
        Part::Literal => msg!("rsli-lzss-short-literal", "LZSS stream ends before {size} bytes were produced (reading a literal)", size = size),
        Part::Copy => msg!("rsli-lzss-short-copy", "LZSS stream ends before {size} bytes were produced (reading a copy)", size = size),
    }
}

/// Decodes exactly `size` bytes. Errors carry the offset within `packed` where input ran out.
pub fn decode(packed: &[u8], size: usize) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(size.min(packed.len().saturating_mul(MAX_RATIO)));
    let mut ring = [0x20u8; N];
    let mut r = START;
    let mut pos = 0usize;
    let next = |pos: &mut usize, what: Part| -> Result<u8> {
        let b = packed.get(*pos).copied().ok_or_else(|| Error::new(*pos, ended(what, size)))?;
        *pos += 1;
        Ok(b)
    };
    while out.len() < size {
        let flags = next(&mut pos, Part::Control)?;
        for bit in 0..8 {
            if out.len() >= size {
                break;
            }
            if flags >> bit & 1 == 1 {
                let b = next(&mut pos, Part::Literal)?;
                out.push(b);
                ring[r] = b;
                r = (r + 1) & (N - 1);
            } else {
                let lo = next(&mut pos, Part::Copy)?;
                let hi = next(&mut pos, Part::Copy)?;
                let mut src = usize::from(lo) | (usize::from(hi) & 0xF0) << 4;
                let len = usize::from(hi & 0x0F) + MIN_LEN;
                for _ in 0..len {
                    if out.len() >= size {
                        break;
                    }
                    let b = ring[src];
                    out.push(b);
                    ring[r] = b;
                    r = (r + 1) & (N - 1);
                    src = (src + 1) & (N - 1);
                }
            }
        }
    }
    Ok(out)
}

/// Encodes `data` so that [`decode`] with `data.len()` returns it.
pub fn encode(data: &[u8]) -> Vec<u8> {
    let tokens = matcher::tokens(data, MIN_LEN, MAX_LEN);
    let mut out = Vec::with_capacity(data.len() + data.len() / 8 + 1);
    let mut written = 0usize;
    for group in tokens.chunks(8) {
        let flag_at = out.len();
        out.push(0);
        for (bit, t) in group.iter().enumerate() {
            match *t {
                Token::Literal(b) => {
                    out[flag_at] |= 1 << bit;
                    out.push(b);
                    written += 1;
                }
                Token::Match { dist, len } => {
                    // The source's absolute ring index: the write position of this copy
                    // (START + bytes written so far) minus the distance, modulo the ring.
                    let src = (START + (written & (N - 1)) + N - dist) & (N - 1);
                    out.push((src & 0xFF) as u8);
                    out.push(((src >> 4) & 0xF0) as u8 | (len - MIN_LEN) as u8);
                    written += len;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hand_made_stream_with_a_copy_that_wraps_the_ring() {
        // 18 literals fill ring cells 0xFEE..=0xFFF; the write position then wraps to 0.
        let mut s = vec![0xFF]; // control: 8 literals
        s.extend_from_slice(b"ABCDEFGH");
        s.push(0xFF); // 8 literals
        s.extend_from_slice(b"IJKLMNOP");
        s.push(0b0000_0011); // 2 literals, then a copy
        s.extend_from_slice(b"QR");
        // copy from ring index 0xFFC ("OPQR" at 0xFFC..=0xFFF), 6 bytes: reads 0xFFC..0xFFF,
        // then wraps to 0x000, 0x001, which this very copy has just written ("OP").
        s.push(0xFC); // lo = 0xFC
        s.push(0xF3); // hi: offset bits 0xF0 -> 0xF00, length 3 + 3 = 6
        let out = decode(&s, 24).unwrap();
        assert_eq!(&out, b"ABCDEFGHIJKLMNOPQROPQROP");
    }

    #[test]
    fn the_whole_ring_starts_as_spaces() {
        // One copy from index 0x000 (cells the classic code never pre-fills), 5 bytes.
        let out = decode(&[0x00, 0x00, 0x02], 5).unwrap();
        assert_eq!(out, b"     ");
    }

    #[test]
    fn stops_at_the_size_inside_a_copy_and_ignores_trailing_flags() {
        // control 0x01: literal 'x', then a copy (0xFEE, len 18) of which 3 bytes are wanted.
        let out = decode(&[0x01, b'x', 0xEE, 0xFF], 4).unwrap();
        assert_eq!(out, b"xxxx");
        // Size 0 reads nothing at all.
        assert_eq!(decode(&[], 0).unwrap(), b"");
    }

    #[test]
    fn truncation_is_an_error_with_the_offset() {
        let packed = encode(b"hello hello hello hello");
        for cut in 0..packed.len() {
            let e = decode(&packed[..cut], 23).unwrap_err();
            assert_eq!(e.offset as usize, cut, "{e}");
        }
    }

    #[test]
    fn huge_declared_size_does_not_preallocate() {
        let e = decode(&[0xFF, 1, 2], usize::MAX).unwrap_err();
        assert!(e.message.contains("ends before"), "{e}");
    }

    #[test]
    fn encoder_uses_the_space_prefill_and_back_references() {
        let data = vec![b' '; 100];
        let p = encode(&data);
        assert!(p.len() < 20, "{} bytes", p.len());
        assert_eq!(decode(&p, 100).unwrap(), data);
    }

    proptest! {
        #[test]
        fn unpack_of_encode_is_identity(data in proptest::collection::vec(prop_oneof![Just(0u8), Just(b' '), any::<u8>()], 0..6000)) {
            prop_assert_eq!(decode(&encode(&data), data.len()).unwrap(), data);
        }
    }
}
