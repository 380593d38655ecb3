//! The match finder shared by the LZSS and LZHUF encoders. Both decoders start from a ring
//! filled with 0x20, so the encoder searches a virtual window of 4095 spaces followed by the
//! data: a reference into the spaces is exactly what the decoder's pre-filled ring yields.
//! Greedy parsing over hash chains; the output only has to decode back, not match the
//! original packer's bytes.

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
const NONE: u32 = u32::MAX;

fn hash(b: &[u8]) -> usize {
    let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

struct Chains<'a> {
    v: &'a [u8],
    head: Vec<u32>,
    prev: Vec<u32>,
}

impl Chains<'_> {
    fn insert(&mut self, pos: usize) {
        if pos + 3 <= self.v.len() {
            let h = hash(&self.v[pos..pos + 3]);
            self.prev[pos] = self.head[h];
            self.head[h] = pos as u32;
        }
    }

    /// Longest earlier occurrence of the bytes at `pos`, at most `max_len` long.
    fn longest(&self, pos: usize, max_len: usize) -> (usize, usize) {
        let v = self.v;
        let limit = max_len.min(v.len() - pos);
        if limit < 3 {
            return (0, 0);
        }
        let mut best = (0, 0);
        let mut cand = self.head[hash(&v[pos..pos + 3])];
        let mut depth = 0;
        while cand != NONE && depth < CHAIN_DEPTH {
            let c = cand as usize;
            let dist = pos - c;
            if dist > MAX_DIST {
                break;
            }
            let len = v[c..].iter().zip(&v[pos..pos + limit]).take_while(|(a, b)| a == b).count();
            if len > best.0 {
                best = (len, dist);
                if len == limit {
                    break;
                }
            }
            cand = self.prev[c];
            depth += 1;
        }
        best
    }
}

/// Parses `data` into literals and copies of `min_len..=max_len` bytes.
pub fn tokens(data: &[u8], min_len: usize, max_len: usize) -> Vec<Token> {
    let mut v = Vec::with_capacity(MAX_DIST + data.len());
    v.resize(MAX_DIST, 0x20);
    v.extend_from_slice(data);
    let mut ch = Chains { v: &v, head: vec![NONE; 1 << HASH_BITS], prev: vec![NONE; v.len()] };
    for p in 0..MAX_DIST {
        ch.insert(p);
    }
    let mut out = Vec::with_capacity(data.len() / 2 + 1);
    let mut pos = MAX_DIST;
    while pos < v.len() {
        let (len, dist) = ch.longest(pos, max_len);
        if len >= min_len {
            out.push(Token::Match { dist, len });
            for p in pos..pos + len {
                ch.insert(p);
            }
            pos += len;
        } else {
            out.push(Token::Literal(v[pos]));
            ch.insert(pos);
            pos += 1;
        }
    }
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
}
