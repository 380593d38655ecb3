//! RsLi LZSS (method 0x040): a 4096-byte ring pre-filled with 0x20, writing from 0xFEE; each
//! control byte gives eight flags, least significant bit first; 1 = one literal byte, 0 = a
//! two-byte copy `lo, hi` from the absolute ring index `lo | (hi & 0xF0) << 4`, `(hi & 0x0F) + 3`
//! bytes long. The stream has no size header: decoding stops at the row's unpacked size.
//!
//! One decoder ([`decode_from`]) over an [`Input`] and an [`Output`], used with a slice and a
//! `Vec` by [`decode`] and with a reader and a writer by `stream::unpack_into`; one encoder
//! ([`Encoder`]), fed in any chunking, used whole by [`encode`] and by `stream::Packer`.

use super::matcher::{Matcher, Token};
use super::stream::{Input, Output, SliceInput, next, put};
use crate::formats::message::Message;
use crate::formats::Result;
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

#[cold]
#[inline(never)]
fn ended(what: Part, size: u64) -> Message {
    match what {
        Part::Control => msg!("rsli-lzss-short-control", "LZSS stream ends before {size} bytes were produced (reading a control byte)", size = size),
        Part::Literal => msg!("rsli-lzss-short-literal", "LZSS stream ends before {size} bytes were produced (reading a literal)", size = size),
        Part::Copy => msg!("rsli-lzss-short-copy", "LZSS stream ends before {size} bytes were produced (reading a copy)", size = size),
    }
}

/// Decodes exactly `size` bytes. Errors carry the offset within `packed` where input ran out.
pub fn decode(packed: &[u8], size: usize) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(size.min(packed.len().saturating_mul(MAX_RATIO)));
    decode_from(SliceInput::new(packed), &mut out, size as u64)?;
    Ok(out)
}

/// Decodes exactly `size` bytes from `input` into `out`. Errors carry the offset within the
/// input where it ran out (or where writing failed).
#[inline]
pub fn decode_from(mut input: impl Input, out: &mut impl Output, size: u64) -> Result<()> {
    let mut ring = [0x20u8; N];
    let mut r = START;
    let mut done = 0u64;
    while done < size {
        let flags = next(&mut input, || ended(Part::Control, size))?;
        for bit in 0..8 {
            if done >= size {
                break;
            }
            if flags >> bit & 1 == 1 {
                let b = next(&mut input, || ended(Part::Literal, size))?;
                put(&input, out, b)?;
                done += 1;
                ring[r] = b;
                r = (r + 1) & (N - 1);
            } else {
                let lo = next(&mut input, || ended(Part::Copy, size))?;
                let hi = next(&mut input, || ended(Part::Copy, size))?;
                let mut src = usize::from(lo) | (usize::from(hi) & 0xF0) << 4;
                // The copy stops at the unpacked size.
                let len = (u64::from(hi & 0x0F) + MIN_LEN as u64).min(size - done);
                for _ in 0..len {
                    let b = ring[src];
                    put(&input, out, b)?;
                    ring[r] = b;
                    r = (r + 1) & (N - 1);
                    src = (src + 1) & (N - 1);
                }
                done += len;
            }
        }
    }
    Ok(())
}

/// The streaming encoder: feed it the data in any chunking; the packed bytes are appended to
/// the `Vec` given to each call (no more than about 9/8 of the bytes fed, plus one group).
pub struct Encoder {
    matcher: Matcher,
    /// The control byte and up to eight tokens' bytes of the group being filled.
    group: [u8; 17],
    group_len: usize,
    tokens: u32,
    written: u64,
}

impl Default for Encoder {
    fn default() -> Self {
        Encoder { matcher: Matcher::new(MIN_LEN, MAX_LEN), group: [0; 17], group_len: 1, tokens: 0, written: 0 }
    }
}

impl Encoder {
    pub fn feed(&mut self, data: &[u8], out: &mut Vec<u8>) {
        let Encoder { matcher, group, group_len, tokens, written } = self;
        matcher.feed(data, &mut |t| put_token(group, group_len, tokens, written, out, t));
    }

    /// Ends the data: the last, partial group is written as it is.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        let Encoder { matcher, group, group_len, tokens, written } = self;
        matcher.finish(&mut |t| put_token(group, group_len, tokens, written, out, t));
        if *tokens > 0 {
            out.extend_from_slice(&group[..*group_len]);
            *tokens = 0;
            *group_len = 1;
            group[0] = 0;
        }
    }
}

fn put_token(group: &mut [u8; 17], group_len: &mut usize, tokens: &mut u32, written: &mut u64, out: &mut Vec<u8>, t: Token) {
    match t {
        Token::Literal(b) => {
            group[0] |= 1 << *tokens;
            group[*group_len] = b;
            *group_len += 1;
            *written += 1;
        }
        Token::Match { dist, len } => {
            // The source's absolute ring index: the write position of this copy (START +
            // bytes written so far) minus the distance, modulo the ring.
            let src = (START + (*written as usize & (N - 1)) + N - dist) & (N - 1);
            group[*group_len] = (src & 0xFF) as u8;
            group[*group_len + 1] = ((src >> 4) & 0xF0) as u8 | (len - MIN_LEN) as u8;
            *group_len += 2;
            *written += len as u64;
        }
    }
    *tokens += 1;
    if *tokens == 8 {
        out.extend_from_slice(&group[..*group_len]);
        *tokens = 0;
        *group_len = 1;
        group[0] = 0;
    }
}

/// Encodes `data` so that [`decode`] with `data.len()` returns it.
pub fn encode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 8 + 1);
    let mut e = Encoder::default();
    e.feed(data, &mut out);
    e.finish(&mut out);
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
