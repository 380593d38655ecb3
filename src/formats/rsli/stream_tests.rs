//! Streaming pack and unpack (`stream.rs`): golden hashes of `pack`'s output recorded before
//! the encoders became streaming (the game reads what we write, and archives saved untouched
//! must stay byte-identical), chunked `Packer` == one-shot `pack`, and `unpack_into` ==
//! `unpack` on valid, truncated and garbage input, errors included.

use super::*;
use crate::formats::Error;
use proptest::prelude::*;
use sha2::{Digest, Sha256};
use std::io::{Read, Write};

const KEY: u16 = 0x1234;
const SIZES: [usize; 6] = [0, 1, 17, 4095, 4096, 70_000];

/// The fixed inputs of one kind: mixed text (the fixtures' sample), spaces, or random bytes
/// from a fixed seed.
fn input(kind: usize, len: usize) -> Vec<u8> {
    match kind {
        0 => crate::fixtures::rsli::sample(5, len),
        1 => vec![b' '; len],
        _ => {
            let mut x = 0x2545_F491u32;
            (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    (x >> 11) as u8
                })
                .collect()
        }
    }
}

/// SHA-256 over every size's input length (u64 LE) and packed bytes, for one method and kind.
fn digest(m: Method, kind: usize, pack: &dyn Fn(Method, &[u8]) -> Vec<u8>) -> String {
    let mut h = Sha256::new();
    for n in SIZES {
        let p = pack(m, &input(kind, n));
        h.update((n as u64).to_le_bytes());
        h.update((p.len() as u64).to_le_bytes());
        h.update(&p);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// `pack`'s output before the encoders became streaming (computed from the one-shot encoders of the
/// commit before, built apart): (method, input kind, SHA-256 over every size's length and packed bytes).
const GOLDEN: [(&str, usize, &str); 21] = [
    ("stored", 0, "f1cdd836e9b0e8362e7cb4df0dfc4443fe6cee6e71430dbfdfd0e1d9a909c4f6"),
    ("stored", 1, "325942ac0424c6026eb851819fcf53fb940edbf42a15195698d6b333bdd7afe2"),
    ("stored", 2, "68d847d64196344272ef2757a6a00cee9d73264bce416f18ffe5eae5b7810101"),
    ("xor", 0, "c585a5fe66afc657992e6f715c968abddda9a9932e77a19ebfea52ac92c8e234"),
    ("xor", 1, "66bb3939296e4f460f06e54e15ced80bdab530578a2ba85af60e1458161b506a"),
    ("xor", 2, "d2c907f5b5a13dd7e5962bc6bf1f5388066f49ed73c42fb2cec718e8b1b900d0"),
    ("lzss", 0, "c98c04feb0614c4c3c577865d3592661a725f001db88da48ecc92f94870a6641"),
    ("lzss", 1, "1213c0c98b206b6af4d8f5c26e386bedbba1db4a82c40b7ad6101ebcff0f9f93"),
    ("lzss", 2, "0ba8ae3d15c168d4005b19a5c9a6211911b1c120f902b2a6aa35b61f4b901b5b"),
    ("xor+lzss", 0, "341a465fec24ed3d3f1e0b8a95096fca9b3c4eceeee71d21c74f04b95745b1da"),
    ("xor+lzss", 1, "18e4a6568436b385d6366c429ce2f657e154e8968f9917256644f4bcc5450099"),
    ("xor+lzss", 2, "ea41faff7d1aadc9e269a04fab865782309f17094cbcf9b9bbf0a4b47ff3663a"),
    ("lzhuf", 0, "59c7dba2a026db9b04df93a7483c02a232e054dfc25562b40798e6dd6b0d469e"),
    ("lzhuf", 1, "42d0dc62d89299697fbe9224a113cd4a875f35d3aed3c2556eb16c590a6de70b"),
    ("lzhuf", 2, "bc6a8e1ff081cbe26a09c0fec79c4fd94961a48ddef357e49172545561a078f3"),
    ("xor+lzhuf", 0, "d6dff49aed2a2912a3e96173cb00fa7858fb684ff376f14b6a3dd53f7f0fe929"),
    ("xor+lzhuf", 1, "b0200e6d5fe6a349ca38726a7433e1d26b21097b29d78dd82e959c8925c4caff"),
    ("xor+lzhuf", 2, "5123f86c5f6121ea0b4b8c0953994495e3f526d9bd44ef334762f82ea231e289"),
    ("deflate", 0, "429af2b9005931e1ed17d37f6ba5a0108b486859e3c5d1b5a0221ae61aabe969"),
    ("deflate", 1, "24d8f4813d61477da6decadf8e639d9d22991cf0d9203d44e972cbdd2c354385"),
    ("deflate", 2, "7b1608c9b4531bc5656afaddbb7d0ba4d5ef4ad9d457d10e9fe254a5e8e25367"),
];

fn hex(e: &Error) -> String {
    format!("{} at {}", e.message, e.offset)
}

/// Packs through a `Packer` in pieces of `step` bytes (0: one write of the whole).
fn packed_in_pieces(m: Method, key: u16, data: &[u8], step: usize) -> Vec<u8> {
    let mut p = Packer::new(m, key, Vec::new()).unwrap();
    if step == 0 {
        p.write_all(data).unwrap();
    } else {
        for piece in data.chunks(step) {
            p.write_all(piece).unwrap();
        }
    }
    let (out, n) = p.finish().unwrap();
    assert_eq!(n, out.len() as u64, "{}: the count is the bytes written", m.name());
    out
}

#[test]
fn pack_gives_the_recorded_bytes_whole_and_in_pieces() {
    for (name, kind, want) in GOLDEN {
        let m = Method::from_name(name).unwrap();
        assert_eq!(digest(m, kind, &|m, d| pack(m, KEY, d).unwrap()), want, "{name}, kind {kind}: pack");
        for step in [1, 4097, 65_536 + 61] {
            assert_eq!(digest(m, kind, &|m, d| packed_in_pieces(m, KEY, d, step)), want, "{name}, kind {kind}: pieces of {step}");
        }
    }
}

#[test]
fn unknown_methods_are_refused_as_pack_refuses_them() {
    let Err(e) = Packer::new(Method::Unknown(0x1E0), 0, Vec::new()) else { panic!("an unknown method packs") };
    let p = pack(Method::Unknown(0x1E0), 0, b"x").unwrap_err();
    assert_eq!((e.offset, &e.message, &e.key), (p.offset, &p.message, &p.key));
    let mut out = Vec::new();
    let u = unpack_into(Method::Unknown(0x0C0), 0, &mut &b""[..], 0, &mut out).unwrap_err();
    let w = unpack(Method::Unknown(0x0C0), 0, b"", 0).unwrap_err();
    assert_eq!((u.offset, &u.message), (w.offset, &w.message));
}

/// A reader that hands out at most `step` bytes a call.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(buf.len()).min(self.1);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// `unpack_into` over a whole-slice reader (and, for the LZ and stored methods, a reader of
/// `step` bytes a call): the same bytes or the same error as `unpack`.
fn same_as_unpack(m: Method, key: u16, packed: &[u8], size: usize, step: usize) -> std::result::Result<(), String> {
    let want = unpack(m, key, packed, size);
    let mut readers: Vec<Box<dyn Read + '_>> = vec![Box::new(packed)];
    if m != Method::Deflate {
        readers.push(Box::new(Trickle(packed, step.max(1))));
    }
    for mut r in readers {
        let mut out = Vec::new();
        let got = unpack_into(m, key, &mut r, size as u64, &mut out);
        match (&want, got) {
            (Ok(w), Ok(n)) if *w == out && n == size as u64 => {}
            (Err(w), Err(g)) if w.offset == g.offset && w.message == g.message && w.key == g.key => {}
            (w, g) => return Err(format!("{}: unpack {:?}, unpack_into {:?}", m.name(), w.as_ref().map(Vec::len).map_err(hex), g.map_err(|e| hex(&e)))),
        }
    }
    Ok(())
}

#[test]
fn unpack_into_agrees_on_every_cut_of_a_packed_payload() {
    let data = input(0, 3000);
    for m in Method::ALL {
        let p = pack(m, KEY, &data).unwrap();
        for cut in 0..=p.len() {
            same_as_unpack(m, KEY, &p[..cut], data.len(), 1 + cut % 5).unwrap();
        }
        // Declared sizes shorter and longer than the payload.
        for size in [0, 1, data.len() - 1, data.len() + 1] {
            same_as_unpack(m, KEY, &p, size, 3).unwrap();
        }
    }
}

#[test]
fn unpack_into_streams_a_payload_larger_than_its_buffers() {
    let data = input(0, 300_000);
    for m in Method::ALL {
        let p = pack(m, KEY, &data).unwrap();
        let mut out = Vec::new();
        assert_eq!(unpack_into(m, KEY, &mut &p[..], data.len() as u64, &mut out).unwrap(), data.len() as u64);
        assert!(out == data, "{}", m.name());
    }
}

/// A writer that fails after `left` bytes.
struct Full(usize);

impl Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.0 == 0 {
            return Err(std::io::Error::other("disk full"));
        }
        let n = buf.len().min(self.0);
        self.0 -= n;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_failing_writer_is_an_error_naming_the_cause() {
    let data = input(0, 100_000);
    for m in Method::ALL {
        let p = pack(m, KEY, &data).unwrap();
        let e = unpack_into(m, KEY, &mut &p[..], data.len() as u64, &mut Full(40_000)).unwrap_err();
        assert!(e.message.contains("writing the unpacked bytes failed: disk full"), "{}: {e}", m.name());
        assert!(e.offset <= p.len() as u64, "{}: {e}", m.name());
        #[cfg(feature = "gui")]
        {
            use crate::app::i18n::{Language, messages::text_in};
            let r = text_in(Language::Russian, &e.message, e.key.as_deref());
            assert_eq!(r, "не удалось записать распакованные байты: disk full");
        }
        let mut w = Packer::new(m, KEY, Full(100)).unwrap();
        assert!(w.write_all(&data).and_then(|()| w.finish().map(|_| ())).is_err(), "{}", m.name());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn packer_in_any_pieces_is_pack(
        key: u16,
        data in proptest::collection::vec(prop_oneof![Just(b' '), Just(0u8), Just(b'a'), any::<u8>()], 0..20_000),
        steps in proptest::collection::vec(1usize..9000, 1..6),
    ) {
        for m in Method::ALL {
            let whole = pack(m, key, &data).unwrap();
            let mut p = Packer::new(m, key, Vec::new()).unwrap();
            let (mut rest, mut i) = (&data[..], 0);
            while !rest.is_empty() {
                let n = steps[i % steps.len()].min(rest.len());
                p.write_all(&rest[..n]).unwrap();
                rest = &rest[n..];
                i += 1;
            }
            let (out, n) = p.finish().unwrap();
            prop_assert_eq!(n, out.len() as u64);
            prop_assert!(out == whole, "{}: {} pieces", m.name(), i);
        }
    }

    #[test]
    fn unpack_into_is_unpack_on_any_bytes(
        key: u16,
        packed in proptest::collection::vec(any::<u8>(), 0..600),
        size in 0usize..3000,
        step in 1usize..40,
    ) {
        for m in Method::ALL {
            prop_assert!(same_as_unpack(m, key, &packed, size, step).is_ok(), "{:?}", same_as_unpack(m, key, &packed, size, step));
        }
    }

    #[test]
    fn unpack_into_is_unpack_on_damaged_payloads(
        key: u16,
        data in proptest::collection::vec(prop_oneof![Just(b' '), Just(b'x'), any::<u8>()], 1..4000),
        flip in any::<usize>(),
        bit in 0u8..8,
    ) {
        for m in Method::ALL {
            let mut p = pack(m, key, &data).unwrap();
            if !p.is_empty() {
                let i = flip % p.len();
                p[i] ^= 1 << bit;
            }
            prop_assert!(same_as_unpack(m, key, &p, data.len(), 7).is_ok(), "{:?}", same_as_unpack(m, key, &p, data.len(), 7));
        }
    }
}
