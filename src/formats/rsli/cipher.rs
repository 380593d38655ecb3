//! The RsLi XOR stream cipher (docs/formats/rsli.md). One 16-bit key seeds two 8-bit state
//! bytes; the keystream depends only on the key, so encryption and decryption are the same
//! operation and re-keying a buffer is one pass with both keystreams.

/// The running keystream. The entry table is one stream: the state is never reset between rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keystream {
    lo: u8,
    hi: u8,
}

impl Keystream {
    pub fn new(key: u16) -> Self {
        Keystream { lo: (key & 0xFF) as u8, hi: (key >> 8) as u8 }
    }

    /// The next keystream byte. `lo << 1` wraps at 8 bits, as the engine's byte registers do.
    pub fn next_byte(&mut self) -> u8 {
        self.lo = self.hi ^ (self.lo << 1);
        let out = self.lo;
        self.hi = self.lo ^ (self.hi >> 1);
        out
    }

    /// XORs the next `data.len()` keystream bytes into `data`. Eight bytes a step through
    /// [`EIGHT`]: the keystream is linear in the state (shifts and XORs only), so eight steps
    /// from `(lo, hi)` are the XOR of eight steps from `(lo, 0)` and from `(0, hi)`, looked up;
    /// the stepping byte by byte is a chain of dependent operations the lookups shorten.
    pub fn apply(&mut self, data: &mut [u8]) {
        let (words, tail) = data.as_chunks_mut::<8>();
        for w in words {
            let (lo, hi) = (&EIGHT.from_lo[self.lo as usize], &EIGHT.from_hi[self.hi as usize]);
            *w = (u64::from_le_bytes(*w) ^ lo.bytes ^ hi.bytes).to_le_bytes();
            let state = lo.state ^ hi.state;
            (self.lo, self.hi) = (state as u8, (state >> 8) as u8);
        }
        for b in tail {
            *b ^= self.next_byte();
        }
    }
}

/// Eight keystream steps from one state byte (the other zero): the bytes made (the first in
/// the low byte) and the state after (`lo | hi << 8`).
#[derive(Clone, Copy)]
struct Steps {
    bytes: u64,
    state: u16,
}

struct EightSteps {
    from_lo: [Steps; 256],
    from_hi: [Steps; 256],
}

const fn eight_steps(lo: u8, hi: u8) -> Steps {
    let mut k = Keystream { lo, hi };
    let mut bytes = 0u64;
    let mut i = 0;
    while i < 8 {
        // `next_byte`, spelled out for a const fn.
        k.lo = k.hi ^ (k.lo << 1);
        k.hi = k.lo ^ (k.hi >> 1);
        bytes |= (k.lo as u64) << (8 * i);
        i += 1;
    }
    Steps { bytes, state: k.lo as u16 | (k.hi as u16) << 8 }
}

static EIGHT: EightSteps = {
    let mut t = EightSteps { from_lo: [Steps { bytes: 0, state: 0 }; 256], from_hi: [Steps { bytes: 0, state: 0 }; 256] };
    let mut v = 0;
    while v < 256 {
        t.from_lo[v] = eight_steps(v as u8, 0);
        t.from_hi[v] = eight_steps(0, v as u8);
        v += 1;
    }
    t
};

/// Encrypts or decrypts `data` in place with a fresh stream for `key`.
pub fn apply(key: u16, data: &mut [u8]) {
    Keystream::new(key).apply(data);
}

/// A copy of `data` encrypted or decrypted with `key`.
pub fn applied(key: u16, data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    apply(key, &mut out);
    out
}

/// Turns bytes encrypted with `old` into bytes encrypted with `new` without a plain copy.
pub fn rekey(old: u16, new: u16, data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    apply(old, &mut out);
    apply(new, &mut out);
    out
}

/// At most this many bytes of a write are re-keyed at a time ([`Rekeying`]).
const REKEY_STEP: usize = 64 << 10;

/// A writer that re-keys what goes through it: bytes encrypted with `from` reach the inner
/// writer encrypted with `to`, the same bytes as [`rekey`] makes of the whole, a bounded buffer
/// at a time. Key 0's keystream is all zeros, so `from` 0 encrypts plain bytes and `to` 0
/// decrypts them (a streamed write of an xor payload that is not held, docs/formats/rsli.md
/// "Writing and edits").
pub struct Rekeying<W: std::io::Write> {
    inner: W,
    from: Keystream,
    to: Keystream,
    buf: Vec<u8>,
}

impl<W: std::io::Write> Rekeying<W> {
    pub fn new(inner: W, from: u16, to: u16) -> Self {
        Rekeying { inner, from: Keystream::new(from), to: Keystream::new(to), buf: Vec::new() }
    }
    pub fn into_inner(self) -> W {
        self.inner
    }
}

impl<W: std::io::Write> std::io::Write for Rekeying<W> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        let n = data.len().min(REKEY_STEP);
        self.buf.clear();
        self.buf.extend_from_slice(&data[..n]);
        self.from.apply(&mut self.buf);
        self.to.apply(&mut self.buf);
        // Written whole before the streams go on: a short write would leave them ahead.
        self.inner.write_all(&self.buf)?;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Eight bytes a step through the tables is the byte-by-byte stream, from any state,
        /// for any length, and leaves the same state.
        #[test]
        fn eight_at_a_time_is_the_byte_stream(key in any::<u16>(), data in prop::collection::vec(any::<u8>(), 0..70), split in 0usize..70) {
            let mut slow = Keystream::new(key);
            let expected: Vec<u8> = data.iter().map(|&b| b ^ slow.next_byte()).collect();
            let mut fast = Keystream::new(key);
            let mut got = data.clone();
            let split = split.min(got.len());
            let (a, b) = got.split_at_mut(split);
            fast.apply(a);
            fast.apply(b);
            prop_assert_eq!(got, expected);
            prop_assert_eq!(fast, slow);
        }
    }

    /// Key 0x0102: lo = 0x02, hi = 0x01, computed by hand:
    /// 1: lo = 0x01 ^ 0x04 = 0x05, hi = 0x05 ^ 0x00 = 0x05
    /// 2: lo = 0x05 ^ 0x0A = 0x0F, hi = 0x0F ^ 0x02 = 0x0D
    /// 3: lo = 0x0D ^ 0x1E = 0x13, hi = 0x13 ^ 0x06 = 0x15
    /// 4: lo = 0x15 ^ 0x26 = 0x33, hi = 0x33 ^ 0x0A = 0x39
    #[test]
    fn keystream_known_vector_for_a_two_byte_key() {
        let mut k = Keystream::new(0x0102);
        let got: Vec<u8> = (0..4).map(|_| k.next_byte()).collect();
        assert_eq!(got, [0x05, 0x0F, 0x13, 0x33]);
        // Encrypting zeros yields the keystream; "NL" style plain text XORs with it.
        assert_eq!(applied(0x0102, &[0, 0, 0, 0]), [0x05, 0x0F, 0x13, 0x33]);
        assert_eq!(applied(0x0102, b"AB"), [b'A' ^ 0x05, b'B' ^ 0x0F]);
    }

    /// Key 0x00FF: lo = 0xFF, hi = 0x00; the shift drops bit 7 (8-bit wrap):
    /// 1: lo = 0x00 ^ 0xFE = 0xFE, hi = 0xFE ^ 0x00 = 0xFE
    /// 2: lo = 0xFE ^ 0xFC = 0x02, hi = 0x02 ^ 0x7F = 0x7D
    #[test]
    fn shift_wraps_at_eight_bits() {
        let mut k = Keystream::new(0x00FF);
        assert_eq!([k.next_byte(), k.next_byte()], [0xFE, 0x02]);
    }

    #[test]
    fn state_runs_on_across_calls() {
        let data: Vec<u8> = (0..64u8).collect();
        let whole = applied(0xBEEF, &data);
        let mut k = Keystream::new(0xBEEF);
        let mut parts = data.clone();
        let (a, b) = parts.split_at_mut(32);
        k.apply(a);
        k.apply(b);
        assert_eq!(parts, whole);
    }

    #[test]
    fn key_zero_is_the_identity() {
        let data: Vec<u8> = (0..=255u8).cycle().take(1000).collect();
        assert_eq!(applied(0, &data), data, "key 0's keystream is all zeros");
        assert_eq!(rekey(0, 0x1234, &data), applied(0x1234, &data), "from key 0: encrypted");
        assert_eq!(rekey(0x1234, 0, &applied(0x1234, &data)), data, "to key 0: decrypted");
    }

    proptest! {
        /// Re-keying through the writer, in writes of any sizes (some over its step), is
        /// [`rekey`] of the whole.
        #[test]
        fn the_rekeying_writer_is_rekey(a: u16, b: u16, len in 0usize..200_000, cuts in prop::collection::vec(1usize..90_000, 0..6)) {
            use std::io::Write;
            let data: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
            let mut w = Rekeying::new(Vec::new(), a, b);
            let mut rest = &data[..];
            for c in cuts {
                let (x, y) = rest.split_at(c.min(rest.len()));
                w.write_all(x).unwrap();
                rest = y;
            }
            w.write_all(rest).unwrap();
            prop_assert!(w.into_inner() == rekey(a, b, &data));
        }

        #[test]
        fn encrypt_is_decrypt(key: u16, data in proptest::collection::vec(any::<u8>(), 0..300)) {
            prop_assert_eq!(applied(key, &applied(key, &data)), data);
        }

        #[test]
        fn rekey_equals_decrypt_then_encrypt(a: u16, b: u16, data in proptest::collection::vec(any::<u8>(), 0..300)) {
            let enc = applied(a, &data);
            prop_assert_eq!(rekey(a, b, &enc), applied(b, &data));
        }
    }
}
