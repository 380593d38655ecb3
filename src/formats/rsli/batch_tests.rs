//! [`Archive::edit_batch`] against the single edits made one by one, over generated archives
//! (with and without an AO overlay, empty entries pointing into the table, duplicate names)
//! and generated batches: byte-identical where no xor entry is re-keyed, the same entries
//! where one is.

use super::*;
use crate::formats::Result;
use super::archive::{Chunk, TRAILER_SIZE};
use crate::formats::bytes::{NewBytes, SharedBytes};

/// xorshift64*: a fixed sequence, so a failing case can be named by its number.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn name(&mut self) -> Vec<u8> {
        // A small alphabet: names repeat, and renames collide with existing names.
        (0..1 + self.below(3)).map(|_| b"ABCD_"[self.below(5)]).collect()
    }
    fn data(&mut self) -> Vec<u8> {
        // Often empty: a small data region, which a shrinking table then passes.
        let n = if self.below(3) == 0 { 0 } else { self.below(120) };
        let run = 1 + self.below(8);
        (0..n).map(|k| (k / run) as u8 ^ (self.below(2) as u8)).collect()
    }
}

const PLAIN: [Method; 4] = [Method::Stored, Method::Lzss, Method::Lzhuf, Method::Deflate];
const XOR: [Method; 3] = [Method::Xor, Method::XorLzss, Method::XorLzhuf];

/// A parsed archive of up to 24 entries; some cases have an AO overlay at or before the end of
/// the table (payloads from offset 0 on), and empty entries whose offset points into the table.
fn archive(r: &mut Rng, methods: &[Method]) -> Archive {
    let mut a = Archive::with_seed(r.next() as u32);
    for _ in 0..r.below(25) {
        let m = methods[r.below(methods.len())];
        a.add(&r.name(), &r.data(), m).unwrap();
    }
    if r.below(3) == 0 {
        a.compact();
        let below = 32 * r.below(3) as u64;
        a.set_overlay(Some(a.table_end().saturating_sub(below).max(32) as u32)).unwrap();
    }
    if r.below(4) == 0 {
        a.set_presorted(false).unwrap();
    }
    let mut bytes = a.write();
    // Empty entries pointing into the table (after the overlay): decrypt the table, point
    // them there, encrypt.
    let overlay = a.overlay().unwrap_or(0) as usize;
    let table_end = 32 + a.len() * ROW_SIZE;
    if r.below(2) == 0 && overlay + 4 < table_end {
        let seed = a.seed() as u16;
        let table = 32..32 + a.len() * ROW_SIZE;
        cipher::apply(seed, &mut bytes[table.clone()]);
        for k in 0..a.len() {
            let row = &mut bytes[32 + k * ROW_SIZE..32 + (k + 1) * ROW_SIZE];
            if u32::from_le_bytes(row[28..32].try_into().unwrap()) == 0 && r.below(2) == 0 {
                // Stored relative to the overlay.
                let at = 4 + r.below(table_end - overlay - 4);
                row[24..28].copy_from_slice(&(at as u32).to_le_bytes());
            }
        }
        cipher::apply(seed, &mut bytes[table]);
    }
    Archive::parse(SharedBytes::from(bytes)).expect("the generated archive reads").0
}

fn batch(r: &mut Rng, a: &Archive, methods: &[Method]) -> Batch {
    let n = a.len();
    let mut b = Batch::default();
    if n > 0 {
        for _ in 0..r.below(5) {
            let i = r.below(n);
            let m = match a.entry(i).method() {
                Method::Unknown(_) => Method::Deflate,
                m => m,
            };
            b.replace.push((i, SharedBytes::from(r.data()).into(), m));
        }
        for _ in 0..r.below(4) {
            b.rename.push((r.below(n), r.name()));
        }
        for _ in 0..r.below(7) {
            b.remove.push(r.below(n));
        }
    }
    for _ in 0..r.below(7) {
        b.add.push((r.name(), SharedBytes::from(r.data()).into(), methods[r.below(methods.len())]));
    }
    b
}

/// The batch's edits made one by one: replacements, renames, removals from the highest index,
/// additions (what `Node::edit_batch` did before the batch).
fn one_by_one(a: &Archive, b: &Batch) -> Result<Archive> {
    let mut a = a.clone();
    for (i, data, m) in &b.replace {
        a.replace(*i, held(data), *m)?;
    }
    for (i, name) in &b.rename {
        a.rename(*i, name)?;
    }
    let mut remove = b.remove.clone();
    remove.sort_unstable();
    remove.dedup();
    for &i in remove.iter().rev() {
        a.remove(i)?;
    }
    for (name, data, m) in &b.add {
        a.add(name, held(data), *m)?;
    }
    Ok(a)
}

fn held(b: &NewBytes) -> &[u8] {
    match b {
        NewBytes::Held(b) => b,
        NewBytes::Source { .. } => panic!("the generated batches hold their bytes"),
    }
}

fn entries(a: &Archive) -> Vec<(Vec<u8>, Method, Vec<u8>, u16)> {
    (0..a.len()).map(|i| (a.entry(i).name_bytes().to_vec(), a.entry(i).method(), a.unpack(i).unwrap(), a.lookup(i))).collect()
}

#[test]
fn a_batch_writes_the_bytes_of_its_edits_made_one_by_one() {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut overlays, mut verbatim, mut filled) = (0, 0, 0);
    for case in 0..600 {
        let a = archive(&mut r, &PLAIN);
        let b = batch(&mut r, &a, &PLAIN);
        overlays += usize::from(a.overlay().is_some());
        verbatim += usize::from(a.rel.iter().any(Option::is_none));
        let want = one_by_one(&a, &b);
        let mut got = a.clone();
        let res = got.edit_batch(b);
        match want {
            Ok(w) => {
                res.unwrap_or_else(|e| panic!("case {case}: the batch failed where one by one did not: {e}"));
                let (w, g) = (w.write(), got.write());
                assert!(w == g, "case {case}: {} bytes one by one, {} in a batch; first difference at {:?}", w.len(), g.len(), w.iter().zip(&g).position(|(x, y)| x != y));
                filled += usize::from(a.overlay().is_some() && w.len() > a.write().len());
                // And the result reads back as it is.
                let (back, _) = Archive::parse(SharedBytes::from(g)).unwrap();
                assert_eq!(entries(&back), entries(&got), "case {case}");
            }
            Err(_) => {
                assert!(res.is_err(), "case {case}: the batch took edits that fail one by one");
                assert_eq!(got.write(), a.write(), "case {case}: a failed batch leaves the archive as it was");
            }
        }
    }
    // The generator reached the cases that matter.
    assert!(overlays > 100 && verbatim > 50 && filled > 10, "{overlays} {verbatim} {filled}");
}

#[test]
fn xor_entries_get_their_final_key_once() {
    let mut r = Rng(0x0123_4567_89AB_CDEF);
    let methods: Vec<Method> = PLAIN.iter().chain(&XOR).copied().collect();
    for case in 0..300 {
        let a = archive(&mut r, &methods);
        let b = batch(&mut r, &a, &methods);
        let Ok(want) = one_by_one(&a, &b) else { continue };
        let mut got = a.clone();
        got.edit_batch(b).unwrap();
        assert_eq!(entries(&got), entries(&want), "case {case}");
        // No stale copies under intermediate keys (with an overlay, the zero filler in front
        // depends on where the lowest payload went, so sizes are not comparable).
        if a.overlay().is_none() {
            assert!(got.write().len() <= want.write().len(), "case {case}: {} bytes in a batch, {} one by one", got.write().len(), want.write().len());
        }
        let (back, _) = Archive::parse(SharedBytes::from(got.write())).unwrap();
        assert_eq!(entries(&back), entries(&want), "case {case}");
    }
}

#[test]
fn thousands_of_additions_in_one_batch() {
    let mut a = Archive::new();
    let b = Batch {
        add: (0..20_000).map(|k| (format!("N{k:05}").into_bytes(), SharedBytes::from(vec![k as u8; 3]).into(), Method::Stored)).collect(),
        ..Batch::default()
    };
    a.edit_batch(b).unwrap();
    assert_eq!(a.len(), 20_000);
    assert_eq!(a.find("N12345"), Some(12_345));
    assert_eq!(a.unpack(19_999).unwrap(), vec![(19_999 % 256) as u8; 3]);
    let too_many = Batch { add: vec![(b"X".to_vec(), SharedBytes::empty().into(), Method::Stored); MAX_ENTRIES], ..Batch::default() };
    assert!(a.edit_batch(too_many).unwrap_err().message.contains("at most"));
    assert_eq!(a.len(), 20_000, "a refused batch changes nothing");
    assert!(a.edit_batch(Batch { remove: vec![20_000], ..Batch::default() }).is_err());
    assert!(a.edit_batch(Batch { rename: vec![(0, b"THIRTEEN_BYTE".to_vec())], ..Batch::default() }).is_err());
}

#[test]
fn sources_packed_ahead_are_written_as_the_held_bytes_would_be() {
    let mut r = Rng(0x5EED_0F50_u64);
    let methods: Vec<Method> = PLAIN.to_vec();
    let mut done = 0;
    for case in 0..200 {
        let a = archive(&mut r, &methods);
        let b = batch(&mut r, &a, &methods);
        let mut want = a.clone();
        if want.edit_batch(Batch { replace: b.replace.clone(), rename: b.rename.clone(), remove: b.remove.clone(), add: b.add.clone() }).is_err() {
            continue;
        }
        // Every new payload a source, packed ahead by the caller (source k: the k-th payload).
        let mut packed: Vec<Vec<u8>> = Vec::new();
        let mut got = a.clone();
        let mut ahead = |data: &NewBytes, m: Method, got: &mut Archive| {
            let data = held(data);
            let p = pack(m, 0, data).unwrap();
            let id = packed.len() as u32;
            got.prepacked(id, Prepacked { method: m, packed: p.len() as u64, unpacked: data.len() as u64 });
            packed.push(p);
            NewBytes::Source { id, len: data.len() as u64 }
        };
        let replace = b.replace.iter().map(|(i, d, m)| (*i, ahead(d, *m, &mut got), *m)).collect();
        let add = b.add.iter().map(|(n, d, m)| (n.clone(), ahead(d, *m, &mut got), *m)).collect();
        // A source not declared, or declared for another method, is refused, nothing changed.
        if let Some((i, d, m)) = b.replace.first() {
            let other = if *m == Method::Stored { Method::Deflate } else { Method::Stored };
            for (id, m) in [(9999, *m), (0, other)] {
                let mut refused = got.clone();
                let e = refused.edit_batch(Batch { replace: vec![(*i, NewBytes::Source { id, len: d.len() }, m)], ..Batch::default() });
                assert!(e.unwrap_err().message.contains(&format!("source {id}")), "case {case}");
                assert!(refused.write() == a.write(), "case {case}: a refused batch changes nothing");
            }
        }
        got.edit_batch(Batch { replace, rename: b.rename.clone(), remove: b.remove.clone(), add }).unwrap();
        let mut out = Vec::new();
        got.write_streamed(&mut out, &mut |span, w| match span {
            crate::formats::bytes::Span::Source { id, len } => {
                assert_eq!(packed[id as usize].len() as u64, len);
                w.write_all(&packed[id as usize])
            }
            crate::formats::bytes::Span::File(r) => panic!("a whole reading: {r:?}"),
        })
        .unwrap();
        assert!(out == want.write(), "case {case}: the bytes differ");
        done += usize::from(!packed.is_empty());
    }
    assert!(done > 100, "{done} batches with sources");
}

/// A table-only reading (`parse_table`) of an archive with xor entries, edited by a batch
/// whose new payloads are held or packed ahead with key 0, written streamed: the bytes of the
/// whole reading edited in memory. The xor entries a new table re-keys stay in the file (their
/// stored bytes never held) and are re-keyed as they are copied; the xor sources are keyed so.
#[test]
fn xor_entries_left_in_the_file_are_rekeyed_as_they_are_copied() {
    let mut r = Rng(0x0BAD_5EED_CAFE_F00D);
    let methods: Vec<Method> = PLAIN.iter().chain(&XOR).copied().collect();
    let (mut rekeyed, mut keyed) = (0, 0);
    for case in 0..300 {
        let a = archive(&mut r, &methods);
        let b = batch(&mut r, &a, &methods);
        let bytes = a.write();
        let mut want = a.clone();
        if want.edit_batch(Batch { replace: b.replace.clone(), rename: b.rename.clone(), remove: b.remove.clone(), add: b.add.clone() }).is_err() {
            continue;
        }
        let want = want.write();
        let head = &bytes[..Archive::table_len(&bytes).unwrap().min(bytes.len())];
        let tail = &bytes[bytes.len().saturating_sub(TRAILER_SIZE)..];
        for ahead in [false, true] {
            let (mut t, _) = Archive::parse_table(head, tail, bytes.len()).unwrap();
            let mut packed: Vec<Vec<u8>> = Vec::new();
            let mut source = |data: &NewBytes, m: Method, t: &mut Archive| {
                if !ahead {
                    return data.clone();
                }
                let data = held(data);
                // Packed with key 0: an xor method's bytes are not encrypted yet.
                let p = pack(m, 0, data).unwrap();
                let id = packed.len() as u32;
                t.prepacked(id, Prepacked { method: m, packed: p.len() as u64, unpacked: data.len() as u64 });
                packed.push(p);
                NewBytes::Source { id, len: data.len() as u64 }
            };
            let replace = b.replace.iter().map(|(i, d, m)| (*i, source(d, *m, &mut t), *m)).collect();
            let add = b.add.iter().map(|(n, d, m)| (n.clone(), source(d, *m, &mut t), *m)).collect();
            t.edit_batch(Batch { replace, rename: b.rename.clone(), remove: b.remove.clone(), add }).unwrap();
            rekeyed += t.body.iter().filter(|c| matches!(c, Chunk::Keyed { span: crate::formats::bytes::Span::File(_), .. })).count();
            keyed += t.body.iter().filter(|c| matches!(c, Chunk::Keyed { span: crate::formats::bytes::Span::Source { .. }, .. })).count();
            let mut out = Vec::new();
            t.write_streamed(&mut out, &mut |span, w| match span {
                crate::formats::bytes::Span::File(r) => w.write_all(&bytes[r.start as usize..r.end as usize]),
                crate::formats::bytes::Span::Source { id, len } => {
                    assert_eq!(packed[id as usize].len() as u64, len);
                    w.write_all(&packed[id as usize])
                }
            })
            .unwrap();
            assert!(out == want, "case {case}, packed ahead {ahead}: {} bytes streamed, {} in memory; first difference at {:?}", out.len(), want.len(), out.iter().zip(&want).position(|(x, y)| x != y));
        }
    }
    assert!(rekeyed > 100 && keyed > 50, "{rekeyed} entries re-keyed in the file, {keyed} sources keyed");
}
