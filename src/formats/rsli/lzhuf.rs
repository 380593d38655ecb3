//! RsLi LZHUF (method 0x080): the classic adaptive-Huffman LZSS (N = 4096, F = 60,
//! THRESHOLD = 2). Symbols 0..=255 are literals, 256..=313 copies of `symbol - 253` bytes; the
//! 627-node frequency tree is updated after every symbol and rebuilt (frequencies halved) when
//! the root reaches 0x8000. A copy's 12-bit position is `distance - 1`: its upper 6 bits through
//! a fixed prefix code, its lower 6 bits verbatim. Bits are read most significant first; the
//! ring is pre-filled with 0x20 and writing starts at N - F. The stream has no size header.

use super::matcher::{Matcher, Token};
use super::stream::{Input, Output, SliceInput, next, put};
use crate::formats::Result;
use crate::formats::message::Message;
use crate::msg;

const N: usize = 4096;
const F: usize = 60;
const THRESHOLD: usize = 2;
const N_CHAR: usize = 256 - THRESHOLD + F;
const T: usize = N_CHAR * 2 - 1;
const R: usize = T - 1;
const MAX_FREQ: u16 = 0x8000;

/// The most output one packed byte can stand for: a 60-byte copy costs at least 10 bits.
pub const MAX_RATIO: usize = 48;

/// Upper-6-bit position codes, decoder side: for each 8-bit prefix value, the upper bits it
/// stands for and the length in bits of its code (the classic `d_code` / `d_len` tables).
struct PositionTables {
    d_code: [u8; 256],
    d_len: [u8; 256],
    /// Encoder side: for each upper value, its code left-aligned in 8 bits and its length.
    p_code: [u8; 64],
    p_len: [u8; 64],
}

impl PositionTables {
    /// Code lengths 3..=8 cover 1, 3, 8, 12, 24, 16 upper values; a code of length L takes
    /// 2^(8-L) consecutive prefix values.
    fn new() -> Self {
        let mut t = PositionTables { d_code: [0; 256], d_len: [0; 256], p_code: [0; 64], p_len: [0; 64] };
        let groups: [(u8, usize); 6] = [(3, 1), (4, 3), (5, 8), (6, 12), (7, 24), (8, 16)];
        let mut prefix = 0usize;
        let mut upper = 0usize;
        for (len, count) in groups {
            let run = 1usize << (8 - len);
            for _ in 0..count {
                t.p_code[upper] = prefix as u8;
                t.p_len[upper] = len;
                for _ in 0..run {
                    t.d_code[prefix] = upper as u8;
                    t.d_len[prefix] = len;
                    prefix += 1;
                }
                upper += 1;
            }
        }
        t
    }
}

/// The adaptive Huffman tree: `son[n]` is node n's first child (its second is `son[n] + 1`), or
/// `T + symbol` for a leaf; `prnt` maps nodes and leaves (at `T + symbol`) to their parent;
/// `freq` stays sorted ascending, `freq[T]` is a sentinel.
struct Tree {
    freq: [u16; T + 1],
    prnt: [u16; T + N_CHAR],
    son: [u16; T],
}

impl Tree {
    fn new() -> Self {
        let mut t = Tree { freq: [0; T + 1], prnt: [0; T + N_CHAR], son: [0; T] };
        for i in 0..N_CHAR {
            t.freq[i] = 1;
            t.son[i] = (i + T) as u16;
            t.prnt[i + T] = i as u16;
        }
        let (mut i, mut j) = (0, N_CHAR);
        while j <= R {
            t.freq[j] = t.freq[i] + t.freq[i + 1];
            t.son[j] = i as u16;
            t.prnt[i] = j as u16;
            t.prnt[i + 1] = j as u16;
            i += 2;
            j += 1;
        }
        t.freq[T] = 0xFFFF;
        t.prnt[R] = 0;
        t
    }

    /// Halves the frequencies and rebuilds the tree from its leaves, keeping `freq` sorted.
    fn reconstruct(&mut self) {
        let mut j = 0;
        for i in 0..T {
            if usize::from(self.son[i]) >= T {
                self.freq[j] = self.freq[i].div_ceil(2);
                self.son[j] = self.son[i];
                j += 1;
            }
        }
        let mut i = 0;
        for j in N_CHAR..T {
            let f = self.freq[i] + self.freq[i + 1];
            let mut k = j;
            while k > 0 && f < self.freq[k - 1] {
                k -= 1;
            }
            self.freq.copy_within(k..j, k + 1);
            self.son.copy_within(k..j, k + 1);
            self.freq[k] = f;
            self.son[k] = i as u16;
            i += 2;
        }
        for i in 0..T {
            let k = usize::from(self.son[i]);
            self.prnt[k] = i as u16;
            if k < T {
                self.prnt[k + 1] = i as u16;
            }
        }
    }

    /// Counts one more `symbol` and restores the sibling order by swapping subtrees.
    fn update(&mut self, symbol: usize) {
        if self.freq[R] == MAX_FREQ {
            self.reconstruct();
        }
        let mut c = usize::from(self.prnt[symbol + T]);
        loop {
            self.freq[c] += 1;
            let k = self.freq[c];
            let mut l = c + 1;
            if k > self.freq[l] {
                while k > self.freq[l + 1] {
                    l += 1;
                }
                self.freq[c] = self.freq[l];
                self.freq[l] = k;
                let i = usize::from(self.son[c]);
                self.prnt[i] = l as u16;
                if i < T {
                    self.prnt[i + 1] = l as u16;
                }
                let j = usize::from(self.son[l]);
                self.son[l] = i as u16;
                self.prnt[j] = c as u16;
                if j < T {
                    self.prnt[j + 1] = c as u16;
                }
                self.son[c] = j as u16;
                c = l;
            }
            c = usize::from(self.prnt[c]);
            if c == 0 {
                break;
            }
        }
    }
}

#[cold]
#[inline(never)]
fn ended(size: u64) -> Message {
    msg!("rsli-lzhuf-short", "LZHUF stream ends before {size} bytes were produced", size = size)
}

struct BitReader<I> {
    input: I,
    /// The byte being read and how many of its bits are left (most significant first).
    byte: u8,
    left: u8,
    size: u64,
}

impl<I: Input> BitReader<I> {
    #[inline]
    fn bit(&mut self) -> Result<usize> {
        if self.left == 0 {
            let size = self.size;
            self.byte = next(&mut self.input, || ended(size))?;
            self.left = 8;
        }
        self.left -= 1;
        Ok(usize::from(self.byte >> self.left & 1))
    }

    fn bits(&mut self, n: u32) -> Result<usize> {
        let mut v = 0;
        for _ in 0..n {
            v = v << 1 | self.bit()?;
        }
        Ok(v)
    }
}

/// Decodes exactly `size` bytes; an error carries the offset within `packed` where bits ran out.
pub fn decode(packed: &[u8], size: usize) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(size.min(packed.len().saturating_mul(MAX_RATIO)));
    decode_from(SliceInput::new(packed), &mut out, size as u64)?;
    Ok(out)
}

/// Decodes exactly `size` bytes from `input` into `out`; an error carries the offset within
/// the input where bits ran out (or where writing failed).
#[inline]
pub fn decode_from(input: impl Input, out: &mut impl Output, size: u64) -> Result<()> {
    let mut bits = BitReader { input, byte: 0, left: 0, size };
    let tables = PositionTables::new();
    let mut tree = Tree::new();
    let mut ring = [0x20u8; N];
    let mut r = N - F;
    let mut done = 0u64;
    while done < size {
        let mut c = usize::from(tree.son[R]);
        while c < T {
            c = usize::from(tree.son[c + bits.bit()?]);
        }
        let symbol = c - T;
        tree.update(symbol);
        if symbol < 256 {
            let b = symbol as u8;
            put(&bits.input, out, b)?;
            done += 1;
            ring[r] = b;
            r = (r + 1) & (N - 1);
            continue;
        }
        let first = bits.bits(8)?;
        let mut low = first;
        for _ in 2..tables.d_len[first] {
            low = low << 1 | bits.bit()?;
        }
        let position = usize::from(tables.d_code[first]) << 6 | (low & 0x3F);
        let mut src = (r + N - position - 1) & (N - 1);
        // The copy stops at the unpacked size.
        let len = ((symbol - 253) as u64).min(size - done);
        for _ in 0..len {
            let b = ring[src];
            put(&bits.input, out, b)?;
            ring[r] = b;
            r = (r + 1) & (N - 1);
            src = (src + 1) & (N - 1);
        }
        done += len;
    }
    Ok(())
}

/// Bits into bytes, most significant first, appended to the `Vec` each call is given.
#[derive(Default)]
struct BitWriter {
    acc: u8,
    n: u8,
}

impl BitWriter {
    fn bit(&mut self, out: &mut Vec<u8>, b: usize) {
        self.acc = self.acc << 1 | (b & 1) as u8;
        self.n += 1;
        if self.n == 8 {
            out.push(self.acc);
            self.acc = 0;
            self.n = 0;
        }
    }
    fn bits(&mut self, out: &mut Vec<u8>, value: usize, n: u32) {
        for i in (0..n).rev() {
            self.bit(out, value >> i);
        }
    }
    /// The last partial byte is padded with zero bits, as the classic encoder does.
    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.n > 0 {
            out.push(self.acc << (8 - self.n));
            self.acc = 0;
            self.n = 0;
        }
    }
}

fn put_symbol(tree: &mut Tree, w: &mut BitWriter, out: &mut Vec<u8>, symbol: usize) {
    // Walk leaf to root; a node's bit is its parity (siblings sit at even, odd indices).
    let mut path = [0u8; T];
    let mut depth = 0;
    let mut k = usize::from(tree.prnt[symbol + T]);
    while k != R {
        path[depth] = (k & 1) as u8;
        depth += 1;
        k = usize::from(tree.prnt[k]);
    }
    for &b in path[..depth].iter().rev() {
        w.bit(out, usize::from(b));
    }
    tree.update(symbol);
}

/// The streaming encoder: feed it the data in any chunking; the packed bytes are appended to
/// the `Vec` given to each call.
pub struct Encoder {
    matcher: Matcher,
    tables: PositionTables,
    tree: Box<Tree>,
    bits: BitWriter,
}

impl Default for Encoder {
    fn default() -> Self {
        Encoder { matcher: Matcher::new(THRESHOLD + 1, F), tables: PositionTables::new(), tree: Box::new(Tree::new()), bits: BitWriter::default() }
    }
}

impl Encoder {
    pub fn feed(&mut self, data: &[u8], out: &mut Vec<u8>) {
        let Encoder { matcher, tables, tree, bits } = self;
        matcher.feed(data, &mut |t| put_token(tables, tree, bits, out, t));
    }

    /// Ends the data and pads the last byte.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        let Encoder { matcher, tables, tree, bits } = self;
        matcher.finish(&mut |t| put_token(tables, tree, bits, out, t));
        bits.finish(out);
    }
}

fn put_token(tables: &PositionTables, tree: &mut Tree, w: &mut BitWriter, out: &mut Vec<u8>, t: Token) {
    match t {
        Token::Literal(b) => put_symbol(tree, w, out, usize::from(b)),
        Token::Match { dist, len } => {
            put_symbol(tree, w, out, 253 + len);
            let position = dist - 1;
            let upper = position >> 6;
            let len = u32::from(tables.p_len[upper]);
            w.bits(out, usize::from(tables.p_code[upper]) >> (8 - len), len);
            w.bits(out, position & 0x3F, 6);
        }
    }
}

/// Encodes `data` so that [`decode`] with `data.len()` returns it.
pub fn encode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 2 + 16);
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
    fn position_tables_are_the_classic_ones() {
        let t = PositionTables::new();
        // Spot values of the classic d_code / d_len tables.
        assert_eq!((t.d_code[0x1F], t.d_len[0x1F]), (0x00, 3));
        assert_eq!((t.d_code[0x20], t.d_len[0x20]), (0x01, 4));
        assert_eq!((t.d_code[0x50], t.d_len[0x50]), (0x04, 5));
        assert_eq!((t.d_code[0x90], t.d_len[0x90]), (0x0C, 6));
        assert_eq!((t.d_code[0xC0], t.d_len[0xC0]), (0x18, 7));
        assert_eq!((t.d_code[0xF0], t.d_len[0xF0]), (0x30, 8));
        assert_eq!((t.d_code[0xFF], t.d_len[0xFF]), (0x3F, 8));
        // Encoder tables: the classic p_len / p_code starts 0x03, 0x04, 0x04, 0x04, 0x05 and
        // 0x00, 0x20, 0x30, 0x40, 0x50.
        assert_eq!(&t.p_len[..5], &[3, 4, 4, 4, 5]);
        assert_eq!(&t.p_code[..5], &[0x00, 0x20, 0x30, 0x40, 0x50]);
        assert_eq!((t.p_code[63], t.p_len[63]), (0xFF, 8));
    }

    /// Streams from the classic LZHUF algorithm (Okumura's LZSS, Yoshizaki's adaptive
    /// Huffman; run outside this project as a test oracle, its 4-byte size header left off).
    /// Cross-checked the same way both ways on 0.2 MB inputs that pass several tree rebuilds.
    #[test]
    fn decodes_classic_lzhuf_streams() {
        // 'A' alone: its code in the fresh tree, the last byte zero-padded.
        assert_eq!(decode(&[0xE6, 0x80], 1).unwrap(), b"A");
        let hello = [0xFA, 0x7C, 0x7F, 0x18, 0x7F, 0xB9, 0x60, 0x28, 0x1E, 0x17, 0xFA, 0xFF, 0xC0];
        assert_eq!(decode(&hello, 23).unwrap(), b"hello hello hello world");
        // "AB" x 18: two literals, then a copy reaching back 2 bytes.
        assert_eq!(decode(&[0xE6, 0xF3, 0xAA, 0xC0, 0x20], 36).unwrap(), b"AB".repeat(18));
        assert_eq!(encode(b"hello hello hello world"), hello, "this encoder finds the same parse here");
    }

    #[test]
    fn round_trips_beyond_the_tree_rebuild() {
        // Pseudo-random bytes: every symbol a literal, so > 0x8000 updates force rebuilds.
        let mut x = 0x1234_5678u32;
        let data: Vec<u8> = (0..120_000)
            .map(|i| {
                x = x.wrapping_mul(214_013).wrapping_add(2_531_011);
                if i % 7 == 0 { b'e' } else { (x >> 16) as u8 }
            })
            .collect();
        let enc = encode(&data);
        assert_eq!(decode(&enc, data.len()).unwrap(), data);
    }

    #[test]
    fn truncation_is_an_error_with_the_offset() {
        let data = b"the quick brown fox jumps over the lazy dog, the quick brown fox";
        let enc = encode(data);
        assert_eq!(decode(&enc, data.len()).unwrap(), data);
        for cut in 0..enc.len() {
            // Every packed byte holds bits the decoder needs (padding only fills the last one).
            let e = decode(&enc[..cut], data.len()).unwrap_err();
            assert_eq!(e.offset as usize, cut, "{e}");
        }
    }

    #[test]
    fn garbage_never_panics() {
        let mut x = 1u32;
        for len in 0..200 {
            let junk: Vec<u8> = (0..len)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (x >> 24) as u8
                })
                .collect();
            let _ = decode(&junk, 1000);
        }
    }

    proptest! {
        #[test]
        fn unpack_of_encode_is_identity(data in proptest::collection::vec(prop_oneof![Just(0u8), Just(b' '), Just(b'z'), any::<u8>()], 0..6000)) {
            prop_assert_eq!(decode(&encode(&data), data.len()).unwrap(), data);
        }
    }
}
