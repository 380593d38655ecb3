//! The streamed rebuild (`stream`) against the in-memory one (`apply::apply_file`): the same
//! outcomes and the same bytes, for every NRes and RsLi fixture and a spread of edits.

use super::*;
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;
use crate::formats::{nres, rsli};
use std::path::Path;
use crate::doc::mods::change::{Digest, Op};
use crate::fixtures;

pub(super) fn change(file: &str, entry: &[&str], op: Op) -> Change {
    Change { file: file.into(), entry: entry.iter().map(|s| s.to_string()).collect(), op }
}

/// Sets of changes of the archive `bytes` (named `file`): replacements by name and by index
/// (RsLi: packed again with each entry's method), additions, a removal and a rename together,
/// an entry already as the change leaves it, a blocked one beside an applied one, and a change
/// inside a nested archive.
fn edits(file: &str, bytes: &[u8]) -> Vec<Vec<Change>> {
    let Ok((node, _)) = Node::parse(file, SharedBytes::from(bytes)) else { return Vec::new() };
    let n = node.len();
    let orig = |i: usize| Digest::of(&node.entry_bytes(i).unwrap_or_else(|_| SharedBytes::empty()));
    let data = |seed: u32, len: usize| SharedBytes::from(fixtures::nres::pattern(seed, len));
    let add = |name: &str, seed: u32| change(file, &[name], Op::AddEntry { data: data(seed, 700 + seed as usize), type_id: 7, attrs: [1, 2, 3] });
    let replace = |seg: &str, i: usize, seed: u32, len: usize| change(file, &[seg], Op::ReplaceEntry { data: data(seed, len), type_id: None, attrs: None, original: orig(i) });
    let mut sets = vec![vec![add("NEW_A", 1), add("NEW_B", 2)]];
    if n == 0 {
        return sets;
    }
    let first = node.meta(0).map(|m| m.name).unwrap_or_default();
    sets.push(vec![replace(&format!("#{}", n - 1), n - 1, 3, 5000)]);
    // Every entry replaced (RsLi: each packed again with its own method).
    sets.push((0..n.min(40)).map(|i| replace(&format!("#{i}"), i, 10 + i as u32, 64 + 37 * i)).collect());
    sets.push(vec![change(file, &[&first], Op::ReplaceEntry { data: node.entry_bytes(0).unwrap_or_else(|_| SharedBytes::empty()), type_id: None, attrs: None, original: orig(0) })]);
    let bad = Digest { size: 1, sha256: "00".repeat(32) };
    sets.push(vec![change(file, &["#0"], Op::RemoveEntry { original: bad }), add("NEW_C", 4)]);
    if n >= 3 {
        sets.push(vec![
            replace("#0", 0, 5, 3),
            change(file, &["#1"], Op::RemoveEntry { original: orig(1) }),
            change(file, &["#2"], Op::RenameEntry { to: "RENAMED".into(), original: orig(2) }),
            add("NEW_D", 6),
        ]);
    }
    // Inside a nested archive: its first entry replaced.
    for i in 0..n {
        let (Ok(inner), Some(m)) = (node.entry_bytes(i), node.meta(i)) else { continue };
        if let Ok((child, _)) = Node::parse(&m.name, inner)
            && child.is_archive()
            && !child.is_empty()
        {
            let o = Digest::of(&child.entry_bytes(0).unwrap_or_else(|_| SharedBytes::empty()));
            sets.push(vec![change(file, &[&format!("#{i}"), "#0"], Op::ReplaceEntry { data: data(9, 900), type_id: None, attrs: None, original: o })]);
            break;
        }
    }
    sets
}

/// Sources of a test: each fed change's bytes, by id.
pub(super) struct Sources(Vec<SharedBytes>);

impl Feed for Sources {
    fn copy(&mut self, id: u32, w: &mut dyn Write) -> io::Result<()> {
        w.write_all(&self.0[id as usize])
    }
    fn load(&mut self, id: u32) -> io::Result<SharedBytes> {
        Ok(self.0[id as usize].clone())
    }
}

/// `set` with the new payload of each change of an entry (of the file, or of an archive nested
/// in it) taken out of it: the changes without those bytes, their sources, and the bytes.
pub(super) fn fed(set: &[Change]) -> (Vec<Change>, Vec<Option<Fed>>, Sources) {
    let (mut out, mut fed, mut src) = (Vec::new(), Vec::new(), Vec::new());
    for c in set {
        let mut c = c.clone();
        match &mut c.op {
            Op::ReplaceEntry { data, .. } | Op::AddEntry { data, .. } if !c.entry.is_empty() => {
                fed.push(Some(Fed { id: src.len() as u32, digest: Digest::of(data) }));
                src.push(std::mem::replace(data, SharedBytes::empty()));
            }
            _ => fed.push(None),
        }
        out.push(c);
    }
    (out, fed, Sources(src))
}

/// Applies each set of `sets` to the archive `bytes`, written as `name` in `dir`, streamed
/// (its new payloads held, then fed) and in memory: the same outcomes and bytes, for each
/// `force`. Returns how many rebuilds took the streamed way.
fn streamed_as_in_memory(dir: &Path, name: &str, bytes: &[u8], sets: &[Vec<Change>]) -> usize {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let whole = Node::parse(name, SharedBytes::from(bytes)).is_ok_and(|(n, _)| n.is_archive());
    let mut streamed = 0;
    for (k, set) in sets.iter().enumerate() {
        let refs: Vec<&Change> = set.iter().collect();
        for force in [false, true] {
            let what = format!("{name}, edits #{k}, force {force}");
            let want = apply_file(Some(SharedBytes::from(bytes)), name, &refs, force);
            let mut scratch = Scratch::in_dir(dir);
            let (got, outcomes) = apply_body(&Body::of_file(&path).unwrap(), name, &refs, &[], force, &mut scratch, &mut Held).unwrap();
            assert_eq!(outcomes, want.outcomes, "{what}");
            // The same changes with their new payloads not held but fed, copied as written.
            let (bare, sources, mut feed) = fed(set);
            let bare_refs: Vec<&Change> = bare.iter().collect();
            let (got_fed, outcomes) = apply_body(&Body::of_file(&path).unwrap(), name, &bare_refs, &sources, force, &mut scratch, &mut feed).unwrap();
            assert_eq!(outcomes, want.outcomes, "{what}, fed");
            let want = want.bytes.expect("an archive stays");
            match &got_fed {
                None => assert_eq!(want[..], bytes[..], "{what}, fed: unchanged"),
                Some(b) => assert!(b.load().unwrap().is_some_and(|b| b[..] == want[..]), "{what}, fed: the bytes differ"),
            }
            drop(got_fed);
            match got {
                None => assert_eq!(want[..], bytes[..], "{what}: unchanged"),
                Some(Body::Disk(d)) => {
                    let on_disk = std::fs::read(d.path()).unwrap();
                    assert!(on_disk == want[..], "{what}: the streamed bytes differ ({} against {})", on_disk.len(), want.len());
                    assert_eq!(d.sha, Some(super::super::change::sha256_hex(&want)), "{what}: hashed as written");
                    streamed += 1;
                }
                Some(Body::Mem(b)) => {
                    assert!(!whole, "{what}: an archive that reads is rebuilt on disk, not in memory");
                    assert_eq!(b, want, "{what}");
                }
                Some(_) => panic!("{what}: no bytes"),
            }
        }
    }
    streamed
}

#[test]
fn a_streamed_rebuild_gives_the_bytes_and_outcomes_of_the_rebuild_in_memory() {
    let t = tempfile::tempdir().unwrap();
    let mut archives: Vec<(String, Vec<u8>)> = fixtures::nres::all().into_iter().map(|(n, b)| (format!("{n}.lib"), b)).collect();
    archives.extend(fixtures::rsli::all().into_iter().map(|(n, b)| (format!("{n}.rsl"), b)));
    let (mut streamed, mut rsli_streamed) = (0, 0);
    for (name, bytes) in &archives {
        let n = streamed_as_in_memory(t.path(), name, bytes, &edits(name, bytes));
        streamed += n;
        rsli_streamed += if name.ends_with(".rsl") { n } else { 0 };
    }
    assert!(streamed > 40 && rsli_streamed > 20, "the streamed way was taken ({streamed} rebuilds, {rsli_streamed} of RsLi)");
    // Every scratch file went with its body.
    let left: Vec<_> = std::fs::read_dir(t.path()).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().starts_with("build-")).collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_directory_only_reading_holds_only_what_the_changes_name() {
    // An NRes archive of three 64 KiB entries; one replaced: the others are never loaded, so
    // the node holds the directory, the replaced entry and the new bytes.
    let mut a = nres::Archive::new();
    for (i, name) in ["ONE", "TWO", "THREE"].iter().enumerate() {
        a.add(name.as_bytes(), 0, [0; 3], fixtures::nres::pattern(i as u32, 64 << 10)).unwrap();
    }
    let bytes = a.write();
    let t = tempfile::tempdir().unwrap();
    let path = t.path().join("big.lib");
    std::fs::write(&path, &bytes).unwrap();
    let mut from = File::open(&path).unwrap();
    let mut node = open_directory(&mut from, &path, bytes.len() as u64).unwrap().expect("reads");
    // A removal's check needs the entry's digest alone: hashed in the file, not loaded; a
    // merged table's change loads its entry.
    let two = fixtures::nres::pattern(1, 64 << 10);
    let c = change("big.lib", &["two"], Op::RemoveEntry { original: Digest::of(&two) });
    let m = change("big.lib", &["THREE"], Op::Merged { base: SharedBytes::empty(), data: SharedBytes::empty() });
    let names = Names::of(&node);
    let seen = hash_named(&node, &names, &mut from, &path, &[&c, &m]).unwrap();
    assert_eq!(seen, HashMap::from([(1, Digest::of(&two))]));
    load_named(&mut node, &names, &seen, &mut from, &path, &[&c, &m]).unwrap();
    let Node::Nres(n) = &node else { panic!("NRes") };
    assert!(matches!(n.payload_at(2), nres::Payload::Bytes(_)), "the merged entry is loaded");
    for i in [0, 1] {
        assert!(matches!(n.payload_at(i), nres::Payload::InFile(_)), "entry {i} stays in the file");
    }
    assert!(node.entry_bytes(0).is_err(), "an entry not loaded is an error, not bytes");
    // A file cut short after its directory was read: an error naming it, not a panic.
    let mut out = Vec::new();
    let short = t.path().join("short.lib");
    std::fs::write(&short, &bytes[..1000]).unwrap();
    let mut cut = File::open(&short).unwrap();
    let e = node
        .write_streamed(&mut out, &mut |span, w| match span {
            Span::File(r) => copy_range(&mut cut, &short, r, w),
            Span::Source { .. } => unreachable!("no change"),
        })
        .unwrap_err();
    assert!(e.to_string().contains("short.lib"), "{e}");
}

/// An RsLi archive with entries of every xor method beside stored and Deflate ones: flagged
/// presorted, not flagged (the loader sorts: the keys are the rebuilt table), and with an AO
/// overlay past the table (zero filler in front of the data).
fn xor_archives() -> Vec<(String, Vec<u8>)> {
    let entries = [
        ("ALPHA", rsli::Method::Xor, 3000),
        ("BRAVO", rsli::Method::XorLzss, 5000),
        ("CHARLIE", rsli::Method::XorLzhuf, 4000),
        ("DELTA", rsli::Method::Stored, 700),
        ("ECHO", rsli::Method::Xor, 9000),
        ("FOXTROT", rsli::Method::Deflate, 2500),
    ];
    let mut a = rsli::Archive::with_seed(0x5A17_C0DE);
    for (k, (name, m, len)) in entries.iter().enumerate() {
        a.add(name.as_bytes(), &fixtures::nres::pattern(40 + k as u32, *len), *m).unwrap();
    }
    let mut unsorted = a.clone();
    unsorted.set_presorted(false).unwrap();
    let mut overlay = a.clone();
    overlay.compact();
    overlay.set_overlay(Some(overlay.entries().len() as u32 * 32 + 32 + 100)).unwrap();
    vec![("xor.rsl".into(), a.write()), ("xor_unsorted.rsl".into(), unsorted.write()), ("xor_overlay.rsl".into(), overlay.write())]
}

/// Changes of [`xor_archives`] that change the lookup table (so every xor entry's key moves),
/// replace xor entries, and checks that pass and that fail.
fn xor_edits(file: &str, bytes: &[u8]) -> Vec<Vec<Change>> {
    let (node, _) = Node::parse(file, SharedBytes::from(bytes)).unwrap();
    let orig = |name: &str| Digest::of(&node.entry_bytes(node.resolve(name).unwrap()).unwrap());
    let bad = Digest { size: 1, sha256: "00".repeat(32) };
    let data = |seed: u32, len: usize| SharedBytes::from(fixtures::nres::pattern(seed, len));
    let rename = |name: &str, to: &str, original: Digest| change(file, &[name], Op::RenameEntry { to: to.into(), original });
    let replace = |name: &str, seed: u32, len: usize, original: Digest| change(file, &[name], Op::ReplaceEntry { data: data(seed, len), type_id: None, attrs: None, original });
    let add = |name: &str, seed: u32| change(file, &[name], Op::AddEntry { data: data(seed, 1200), type_id: 0, attrs: [0; 3] });
    let remove = |name: &str, original: Digest| change(file, &[name], Op::RemoveEntry { original });
    vec![
        // A rename to the front of the table: every other entry's key moves.
        vec![rename("ECHO", "AAA", orig("ECHO"))],
        vec![rename("ALPHA", "ZULU", orig("ALPHA")), rename("BRAVO", "B2", orig("BRAVO"))],
        vec![add("BETA", 1)],
        vec![remove("ALPHA", orig("ALPHA"))],
        vec![remove("CHARLIE", orig("CHARLIE")), add("ABLE", 2), add("ZED", 3)],
        // Each xor method replaced, with the table changed too (the new payloads take the
        // final keys), and each alone.
        vec![replace("ALPHA", 4, 6000, orig("ALPHA")), replace("BRAVO", 5, 3000, orig("BRAVO")), replace("CHARLIE", 6, 2000, orig("CHARLIE")), rename("DELTA", "A0", orig("DELTA"))],
        vec![replace("ECHO", 7, 100, orig("ECHO"))],
        vec![replace("BRAVO", 8, 9000, orig("BRAVO"))],
        vec![replace("CHARLIE", 9, 9000, orig("CHARLIE")), add("NEW", 10)],
        // Already as the change leaves it.
        vec![change(file, &["ECHO"], Op::ReplaceEntry { data: node.entry_bytes(node.resolve("ECHO").unwrap()).unwrap(), type_id: None, attrs: None, original: orig("ECHO") })],
        // Checks that fail (blocked; --force applies them): a rename, a removal and
        // replacements of each xor method, beside changes that pass.
        vec![rename("ECHO", "AAA", bad.clone()), add("BETA", 12)],
        vec![remove("ALPHA", bad.clone()), rename("FOXTROT", "A1", orig("FOXTROT"))],
        vec![replace("ALPHA", 13, 500, bad.clone()), replace("BRAVO", 14, 500, bad.clone()), replace("CHARLIE", 15, 500, bad)],
    ]
}

#[test]
fn xor_entries_stream_as_they_are_rebuilt_in_memory() {
    let t = tempfile::tempdir().unwrap();
    for (name, bytes) in xor_archives() {
        let sets = xor_edits(&name, &bytes);
        // All but the set already applied, and the one whose every check fails unforced.
        assert_eq!(streamed_as_in_memory(t.path(), &name, &bytes, &sets), 2 * sets.len() - 3, "{name}");
    }
}

#[test]
fn xor_entries_are_hashed_in_place_unpacked_or_not_and_never_loaded() {
    let t = tempfile::tempdir().unwrap();
    let (name, bytes) = xor_archives().swap_remove(0);
    let path = t.path().join(&name);
    std::fs::write(&path, &bytes).unwrap();
    let (whole, _) = Node::parse(&name, SharedBytes::from(&bytes[..])).unwrap();
    let mut from = File::open(&path).unwrap();
    let mut node = open_directory(&mut from, &path, bytes.len() as u64).unwrap().expect("reads");
    // A rename of ECHO (Xor: hashed in the file, decrypted with its key) and a removal of
    // CHARLIE (XorLzhuf: decrypted and unpacked as it is hashed); the rename changes every key.
    let (echo, charlie) = (whole.resolve("ECHO").unwrap(), whole.resolve("CHARLIE").unwrap());
    let r = change(&name, &["ECHO"], Op::RenameEntry { to: "AAA".into(), original: Digest::of(&whole.entry_bytes(echo).unwrap()) });
    let c = change(&name, &["charlie"], Op::RemoveEntry { original: Digest::of(&whole.entry_bytes(charlie).unwrap()) });
    let names = Names::of(&node);
    let seen = hash_named(&node, &names, &mut from, &path, &[&r, &c]).unwrap();
    let digest = |i| Digest::of(&whole.entry_bytes(i).unwrap());
    assert_eq!(seen, HashMap::from([(echo, digest(echo)), (charlie, digest(charlie))]), "the unpacked bytes, hashed");
    load_named(&mut node, &names, &seen, &mut from, &path, &[&r, &c]).unwrap();
    drop(names);
    let Node::Rsli(a) = &node else { panic!("RsLi") };
    for i in 0..a.len() {
        assert!(a.stored_range(i).is_some(), "entry {i}: none is loaded");
    }
    let mut outcomes = Vec::new();
    assert!(apply_archive(&mut node, &[&r, &c], &[None, None], &seen, HashMap::new(), false, &mut outcomes));
    assert!(outcomes.iter().all(|o| o.done.is_ok()), "{outcomes:?}");
    // The xor entries re-keyed are copied from the file, re-keyed on the way: written, the
    // archive is the one edited in memory and reads back with every entry's bytes.
    let mut out = Vec::new();
    node.write_streamed(&mut out, &mut |span, w| match span {
        Span::File(r) => copy_range(&mut from, &path, r, w),
        Span::Source { .. } => unreachable!("no new payload"),
    })
    .unwrap();
    let want = apply_file(Some(SharedBytes::from(&bytes[..])), &name, &[&r, &c], false);
    assert!(want.bytes.is_some_and(|w| w[..] == out[..]), "the bytes of the rebuild in memory");
    let (back, _) = Node::parse(&name, SharedBytes::from(out)).unwrap();
    assert_eq!(back.entry_bytes(back.resolve("AAA").unwrap()).unwrap(), whole.entry_bytes(echo).unwrap());
    for name in ["ALPHA", "BRAVO", "DELTA", "FOXTROT"] {
        assert_eq!(back.entry_bytes(back.resolve(name).unwrap()).unwrap(), whole.entry_bytes(whole.resolve(name).unwrap()).unwrap(), "{name}");
    }
}

#[test]
fn an_entry_unpacked_from_the_file_tells_a_failing_writer_from_damaged_bytes() {
    let t = tempfile::tempdir().unwrap();
    let data = fixtures::rsli::sample(3, 20_000);
    let path = t.path().join("a.rsl");
    let (to, elsewhere) = (t.path().join("stage/0001"), t.path().join("elsewhere"));
    for m in [rsli::Method::Lzss, rsli::Method::XorLzhuf, rsli::Method::Deflate, rsli::Method::Xor] {
        let mut a = rsli::Archive::new();
        a.add(b"E", &data, m).unwrap();
        let bytes = a.write();
        std::fs::write(&path, &bytes).unwrap();
        let mut from = File::open(&path).unwrap();
        let Some(Node::Rsli(a)) = open_directory(&mut from, &path, bytes.len() as u64).unwrap() else { panic!("a table-only reading") };
        let p = Packed::of(&a, 0).unwrap();
        // Whole: the unpacked bytes.
        let mut out = Vec::new();
        assert!(unpack_range(&mut from, &path, &p, &mut out, &to).unwrap(), "{}", m.name());
        assert!(out == data, "{}", m.name());
        // A writer that fails (a full disk): an error naming where it writes, not "damaged".
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::StorageFull, "no space left on device"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let e = unpack_range(&mut from, &path, &p, &mut Full, &to).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull, "{}", m.name());
        assert!(e.to_string().contains(&to.display().to_string()), "{}: {e}", m.name());
        // Packed bytes cut short: they do not unpack, which is no error of the command's.
        let short = Packed { range: p.range.start..p.range.start + (p.range.end - p.range.start) / 2, ..Packed::of(&a, 0).unwrap() };
        assert!(!unpack_range(&mut from, &path, &short, &mut Vec::new(), &elsewhere).unwrap(), "{}", m.name());
    }
}

/// A feed no change may read from.
struct Untouched;

impl Feed for Untouched {
    fn copy(&mut self, id: u32, _: &mut dyn Write) -> io::Result<()> {
        panic!("source {id} was read")
    }
    fn load(&mut self, id: u32) -> io::Result<SharedBytes> {
        panic!("source {id} was read")
    }
}

#[test]
fn entry_changes_of_a_file_that_is_no_archive_read_neither_it_nor_their_members() {
    let t = tempfile::tempdir().unwrap();
    // No archive by its first bytes: a blob, a text table, "NL" under the 32 bytes RsLi needs,
    // a file shorter than a magic, an empty one.
    let files: [(&str, &[u8]); 5] = [("data.bin", &[7u8; 5000]), ("Land1.wea", b"1\nROCK 0\n"), ("short.rsl", b"NL\x00\x01 too short"), ("two.lib", b"NR"), ("empty.lib", b"")];
    for (name, bytes) in files {
        let path = t.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let o = Digest::of(b"x");
        let set = [
            change(name, &["NEW"], Op::AddEntry { data: SharedBytes::from(&b"new"[..]), type_id: 0, attrs: [0; 3] }),
            change(name, &["OLD"], Op::ReplaceEntry { data: SharedBytes::from(&b"newer"[..]), type_id: None, attrs: None, original: o.clone() }),
            change(name, &["GONE"], Op::RemoveEntry { original: o }),
        ];
        let refs: Vec<&Change> = set.iter().collect();
        let (bare, sources, _) = fed(&set);
        let bare_refs: Vec<&Change> = bare.iter().collect();
        for force in [false, true] {
            let want = apply_file(Some(SharedBytes::from(bytes)), name, &refs, force);
            assert!(want.bytes.as_deref() == Some(bytes), "{name}: left as it is in memory");
            let mut scratch = Scratch::in_dir(t.path());
            let (got, outcomes) = apply_body(&Body::of_file(&path).unwrap(), name, &bare_refs, &sources, force, &mut scratch, &mut Untouched).unwrap();
            assert!(got.is_none(), "{name}: left as it is");
            assert_eq!(outcomes, want.outcomes, "{name}, force {force}");
        }
    }
}

#[test]
fn damaged_archives_give_the_outcomes_of_the_reading_in_memory_without_being_read() {
    // Every fixture archive, every seventh byte of its header and its directory or table
    // changed, and cut at every third length of its last 64 bytes and its first 48: where the whole file's reading
    // fails, the streamed one gives its outcomes (blocked, or skipped when forced) without
    // reading a member; where it reads, the outcomes and bytes of the rebuild in memory.
    let t = tempfile::tempdir().unwrap();
    let mut archives: Vec<(String, Vec<u8>)> = fixtures::nres::all().into_iter().map(|(n, b)| (format!("{n}.lib"), b)).collect();
    archives.extend(fixtures::rsli::all().into_iter().map(|(n, b)| (format!("{n}.rsl"), b)));
    let data = |seed: u32, len: usize| SharedBytes::from(fixtures::nres::pattern(seed, len));
    let (mut unreadable, mut readable) = (0, 0);
    for (name, bytes) in &archives {
        let mut variants: Vec<Vec<u8>> = Vec::new();
        let dir_start = if name.ends_with(".lib") { bytes.len().saturating_sub(64 * 8) } else { 0 };
        let region: Vec<usize> = (0..bytes.len().min(48)).chain(dir_start.max(48)..bytes.len()).filter(|i| name.ends_with(".lib") || *i < 32 + 32 * 8).collect();
        for &i in region.iter().step_by(7) {
            for flip in [0xFFu8, 0x80] {
                let mut b = bytes.clone();
                b[i] ^= flip;
                variants.push(b);
            }
        }
        variants.extend((bytes.len().saturating_sub(64)..bytes.len()).chain(0..bytes.len().min(48)).step_by(3).map(|n| bytes[..n].to_vec()));
        let path = t.path().join(name);
        for v in variants {
            std::fs::write(&path, &v).unwrap();
            let set = vec![
                change(name, &["#0"], Op::ReplaceEntry { data: data(1, 300), type_id: None, attrs: None, original: Digest::of(b"whatever was there") }),
                change(name, &["NEW.BIN"], Op::AddEntry { data: data(2, 200), type_id: 0, attrs: [0; 3] }),
            ];
            let refs: Vec<&Change> = set.iter().collect();
            let (bare, sources, mut feed) = fed(&set);
            let bare_refs: Vec<&Change> = bare.iter().collect();
            let reads = Node::parse(name, SharedBytes::from(&v[..])).is_ok();
            for force in [false, true] {
                let want = apply_file(Some(SharedBytes::from(&v[..])), name, &refs, force);
                let mut scratch = Scratch::in_dir(t.path());
                let body = Body::of_file(&path).unwrap();
                let (got, outcomes) = if reads {
                    apply_body(&body, name, &bare_refs, &sources, force, &mut scratch, &mut feed).unwrap()
                } else {
                    apply_body(&body, name, &bare_refs, &sources, force, &mut scratch, &mut Untouched).unwrap()
                };
                assert_eq!(outcomes, want.outcomes, "{name} ({} bytes), force {force}", v.len());
                let got = match got {
                    None => v.clone(),
                    Some(b) => b.load().unwrap().map(|b| b.to_vec()).unwrap_or_default(),
                };
                assert!(want.bytes.as_deref() == Some(&got[..]), "{name} ({} bytes), force {force}: the bytes differ", v.len());
            }
            if reads { readable += 1 } else { unreadable += 1 }
        }
    }
    assert!(unreadable > 300 && readable > 300, "{unreadable} damaged, {readable} that read");
}
