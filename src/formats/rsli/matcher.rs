//! The match finder shared by the LZSS and LZHUF encoders. Both decoders start from a ring
//! filled with 0x20, so the encoder searches a virtual window of 4095 spaces followed by the
//! data: a reference into the spaces is exactly what the decoder's pre-filled ring yields.
//! Greedy parsing over hash chains; the output only has to decode back, not match the
//! original packer's bytes.
//!
//! The finder runs over a sliding buffer, fed in any chunking: it decides at a position only
//! once `max_len` bytes after it are buffered (or the input has ended), and keeps `MAX_DIST`
//! bytes behind it, so its memory is constant and its parse is the same whatever the chunking.
//! Positions count from the start of the virtual window, as u64.

/// One parse step: a literal, or a copy of `len` bytes from `dist` bytes back (1..=4095;
/// copies may overlap the bytes they produce, as the decoders copy byte by byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    Literal(u8),
    Match { dist: usize, len: usize },
}

/// The farthest a copy may reach back: the ring holds 4096 bytes and the cell being written
/// is the oldest, so 4095 is the largest distance that still reads a byte not yet overwritten.
pub const MAX_DIST: usize = 4095;
const HASH_BITS: u32 = 13;
const CHAIN_DEPTH: usize = 96;
const NONE: u64 = u64::MAX;
/// `prev` is a ring over positions: a chain is followed only `MAX_DIST` back from a position
/// not yet inserted, so 4096 cells would do; twice that leaves room.
const PREV: usize = 8192;
/// The sliding buffer's size: the window behind the position, the lookahead and room to
/// append input in large pieces between shifts.
const BUF: usize = 64 * 1024;

fn hash(b: &[u8]) -> usize {
    let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// The greedy parser: feed bytes with [`Matcher::feed`], end with [`Matcher::finish`]; the
/// tokens are handed to a sink as soon as they are decided.
pub struct Matcher {
    min_len: usize,
    max_len: usize,
    /// The virtual stream's bytes from position `base` on.
    buf: Vec<u8>,
    base: u64,
    /// The next position to decide at.
    pos: u64,
    /// The next position to enter into the chains (all before it that have 3 bytes are in).
    inserted: u64,
    head: Vec<u64>,
    prev: Vec<u64>,
}

impl Matcher {
    /// A parser of copies `min_len..=max_len` long (`3 <= min_len`, `max_len` well under the
    /// buffer).
    pub fn new(min_len: usize, max_len: usize) -> Matcher {
        let mut buf = Vec::with_capacity(BUF);
        buf.resize(MAX_DIST, 0x20);
        Matcher { min_len, max_len, buf, base: 0, pos: MAX_DIST as u64, inserted: 0, head: vec![NONE; 1 << HASH_BITS], prev: vec![NONE; PREV] }
    }

    /// Appends `data` and hands over every token that can be decided.
    pub fn feed(&mut self, mut data: &[u8], sink: &mut impl FnMut(Token)) {
        while !data.is_empty() {
            if self.buf.len() == BUF {
                self.shift();
            }
            let n = data.len().min(BUF - self.buf.len());
            self.buf.extend_from_slice(&data[..n]);
            data = &data[n..];
            self.run(false, sink);
        }
    }

    /// Ends the input and hands over the remaining tokens.
    pub fn finish(&mut self, sink: &mut impl FnMut(Token)) {
        self.run(true, sink);
    }

    /// Drops the bytes more than `MAX_DIST` behind the position (no chain reaches them).
    fn shift(&mut self) {
        let keep_from = (self.pos - MAX_DIST as u64 - self.base) as usize;
        self.buf.copy_within(keep_from.., 0);
        self.buf.truncate(self.buf.len() - keep_from);
        self.base += keep_from as u64;
    }

    fn end(&self) -> u64 {
        self.base + self.buf.len() as u64
    }

    /// Enters positions up to `to` (exclusive) that have three bytes buffered.
    fn insert_up_to(&mut self, to: u64) {
        let end = self.end();
        while self.inserted < to && self.inserted + 3 <= end {
            let p = self.inserted;
            let i = (p - self.base) as usize;
            let h = hash(&self.buf[i..i + 3]);
            self.prev[p as usize % PREV] = self.head[h];
            self.head[h] = p;
            self.inserted += 1;
        }
    }

    /// Decides at every position that has `max_len` bytes after it, or at all when `last`.
    fn run(&mut self, last: bool, sink: &mut impl FnMut(Token)) {
        loop {
            let end = self.end();
            if self.pos >= end || (!last && self.pos + self.max_len as u64 > end) {
                return;
            }
            self.insert_up_to(self.pos);
            let (len, dist) = self.longest();
            if len >= self.min_len {
                sink(Token::Match { dist, len });
                self.pos += len as u64;
            } else {
                sink(Token::Literal(self.buf[(self.pos - self.base) as usize]));
                self.pos += 1;
            }
        }
    }

    /// Longest earlier occurrence of the bytes at the position, at most `max_len` long.
    fn longest(&self) -> (usize, usize) {
        let v = &self.buf[..];
        let pos = (self.pos - self.base) as usize;
        let limit = self.max_len.min(v.len() - pos);
        if limit < 3 {
            return (0, 0);
        }
        let mut best = (0, 0);
        let mut cand = self.head[hash(&v[pos..pos + 3])];
        let mut depth = 0;
        while cand != NONE && depth < CHAIN_DEPTH {
            let dist = self.pos - cand;
            if dist > MAX_DIST as u64 {
                break;
            }
            let dist = dist as usize;
            let c = pos - dist;
            let len = v[c..].iter().zip(&v[pos..pos + limit]).take_while(|(a, b)| a == b).count();
            if len > best.0 {
                best = (len, dist);
                if len == limit {
                    break;
                }
            }
            cand = self.prev[cand as usize % PREV];
            depth += 1;
        }
        best
    }
}

/// Parses `data` into literals and copies of `min_len..=max_len` bytes.
#[cfg(test)]
pub fn tokens(data: &[u8], min_len: usize, max_len: usize) -> Vec<Token> {
    let mut out = Vec::new();
    let mut m = Matcher::new(min_len, max_len);
    m.feed(data, &mut |t| out.push(t));
    m.finish(&mut |t| out.push(t));
    out
}

/// Rebuilds the data a token list stands for, over the same space-filled window.
#[cfg(test)]
pub fn expand(tokens: &[Token]) -> Vec<u8> {
    let mut v = vec![0x20; MAX_DIST];
    for t in tokens {
        match *t {
            Token::Literal(b) => v.push(b),
            Token::Match { dist, len } => {
                for _ in 0..len {
                    let b = v[v.len() - dist];
                    v.push(b);
                }
            }
        }
    }
    v.split_off(MAX_DIST)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn leading_spaces_come_from_the_prefilled_ring() {
        let t = tokens(b"      x", 3, 18);
        assert_eq!(t[0], Token::Match { dist: 1, len: 6 });
        assert_eq!(expand(&t), b"      x");
    }

    #[test]
    fn repeats_become_overlapping_copies() {
        let data = b"abcabcabcabcabcabc";
        let t = tokens(data, 3, 18);
        assert_eq!(&t[..3], &[Token::Literal(b'a'), Token::Literal(b'b'), Token::Literal(b'c')]);
        assert_eq!(t[3], Token::Match { dist: 3, len: 15 });
    }

    proptest! {
        #[test]
        fn tokens_expand_back(data in proptest::collection::vec(prop_oneof![Just(b'a'), Just(b' '), any::<u8>()], 0..2000),
                              max in 3usize..70) {
            let t = tokens(&data, 3, max);
            for tok in &t {
                if let Token::Match { dist, len } = *tok {
                    prop_assert!((1..=MAX_DIST).contains(&dist) && (3..=max).contains(&len));
                }
            }
            prop_assert_eq!(expand(&t), data);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// The parse is the same whatever the pieces the data comes in, across buffer shifts.
        #[test]
        fn pieces_give_the_one_shot_parse(data in proptest::collection::vec(prop_oneof![Just(b'a'), Just(b' '), any::<u8>()], 0..150_000),
                                          step in 1usize..70_000, max in prop_oneof![Just(18usize), Just(60usize)]) {
            let mut m = Matcher::new(3, max);
            let mut t = Vec::new();
            for piece in data.chunks(step) {
                m.feed(piece, &mut |tok| t.push(tok));
            }
            m.finish(&mut |tok| t.push(tok));
            prop_assert!(t == tokens(&data, 3, max));
        }
    }
}
