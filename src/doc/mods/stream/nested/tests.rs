//! Changes inside nested archives, rebuilt streamed (`nested`) against the rebuild in memory
//! (`apply::apply_file`): the same outcomes and the same bytes, with the new payloads held and
//! fed, forced or not, and in a dry run; NRes and RsLi holders, stored and packed, any depth,
//! and the holders the in-memory way decides (missing, not an archive, xor-packed, named twice).

use super::super::tests::{change, fed};
use super::super::*;
use crate::formats::bytes::SharedBytes;
use crate::formats::{nres, rsli};
use crate::doc::mods::change::{Digest, Op};
use crate::fixtures::nres::pattern;

fn nres_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut a = nres::Archive::new();
    for (i, (name, bytes)) in entries.iter().enumerate() {
        a.add(name.as_bytes(), i as u32, [i as u32, 2, 3], bytes.clone()).unwrap();
    }
    a.write()
}

fn rsli_of(entries: &[(&str, Vec<u8>, rsli::Method)]) -> Vec<u8> {
    let mut a = rsli::Archive::new();
    for (name, bytes, m) in entries {
        a.add(name.as_bytes(), bytes, *m).unwrap();
    }
    a.write()
}

/// An NRes archive of three entries: `TEX.TXR`, `MID`, `LAST`.
fn inner_nres() -> Vec<u8> {
    nres_of(&[("TEX.TXR", pattern(1, 5000)), ("MID", pattern(2, 300)), ("LAST", pattern(3, 7000))])
}

/// An RsLi archive of a stored, an Lzss and a Deflate entry.
fn inner_rsli() -> Vec<u8> {
    rsli_of(&[("S", pattern(4, 4000), rsli::Method::Stored), ("L", pattern(5, 3000), rsli::Method::Lzss), ("D", pattern(6, 6000), rsli::Method::Deflate)])
}

fn replace(file: &str, path: &[&str], seed: u32, len: usize, old: &[u8]) -> Change {
    change(file, path, Op::ReplaceEntry { data: SharedBytes::from(pattern(seed, len)), type_id: None, attrs: None, original: Digest::of(old) })
}

fn add(file: &str, path: &[&str], seed: u32) -> Change {
    change(file, path, Op::AddEntry { data: SharedBytes::from(pattern(seed, 900)), type_id: 9, attrs: [7, 8, 9] })
}

/// The streamed rebuild of `set` on the archive `bytes` (named `name`), held, fed and in a dry
/// run, forced and not, gives the outcomes and bytes of the rebuild in memory. How many of the
/// rebuilds changed the file.
fn same_as_in_memory(name: &str, bytes: &[u8], set: &[Change]) -> usize {
    let t = tempfile::tempdir().unwrap();
    let path = t.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    let refs: Vec<&Change> = set.iter().collect();
    let mut changed = 0;
    for force in [false, true] {
        let what = format!("{name}, force {force}");
        let want = apply_file(Some(SharedBytes::from(bytes)), name, &refs, force);
        let want_bytes = want.bytes.clone().expect("an archive stays");
        let (bare, sources, mut feed) = fed(set);
        let bare_refs: Vec<&Change> = bare.iter().collect();
        for fed_too in [false, true] {
            let what = format!("{what}, fed {fed_too}");
            let mut scratch = Scratch::in_dir(t.path());
            let body = Body::of_file(&path).unwrap();
            let (got, outcomes) = if fed_too {
                apply_body(&body, name, &bare_refs, &sources, force, &mut scratch, &mut feed).unwrap()
            } else {
                apply_body(&body, name, &refs, &[], force, &mut scratch, &mut Held).unwrap()
            };
            assert_eq!(outcomes, want.outcomes, "{what}");
            match got {
                None => assert!(want_bytes[..] == bytes[..], "{what}: unchanged"),
                Some(Body::Disk(d)) => {
                    let on_disk = std::fs::read(d.path()).unwrap();
                    assert!(on_disk == want_bytes[..], "{what}: the streamed bytes differ ({} against {})", on_disk.len(), want_bytes.len());
                    changed += 1;
                }
                Some(_) => panic!("{what}: an archive that reads is rebuilt on disk"),
            }
            // A dry run: the same outcomes, nothing kept.
            let (got, outcomes) = if fed_too {
                apply_body(&body, name, &bare_refs, &sources, force, &mut Scratch::discard(), &mut feed).unwrap()
            } else {
                apply_body(&body, name, &refs, &[], force, &mut Scratch::discard(), &mut Held).unwrap()
            };
            assert_eq!(outcomes, want.outcomes, "{what}, dry run");
            assert!(matches!(got, None | Some(Body::Built)), "{what}, dry run: nothing kept");
        }
    }
    // Every scratch file went with its body.
    let left: Vec<_> = std::fs::read_dir(t.path()).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().starts_with("build-")).collect();
    assert!(left.is_empty(), "{name}: {left:?}");
    changed
}

/// Which of `set`'s changes of the archive `bytes` the streamed rebuild puts inside nested
/// archives it rebuilds on their own, by position.
fn streamed(bytes: &[u8], set: &[Change]) -> Vec<bool> {
    let t = tempfile::tempdir().unwrap();
    let path = t.path().join("a.lib");
    std::fs::write(&path, bytes).unwrap();
    let mut from = Window::open(&path, 0, bytes.len() as u64).unwrap();
    let mut node = open_directory(&mut from, &path, bytes.len() as u64).unwrap().expect("reads");
    let refs: Vec<&Change> = set.iter().collect();
    let mut scratch = Scratch::in_dir(t.path());
    nested::holders(&mut node, &mut from, &refs, &[], false, &mut scratch, &mut Held).unwrap().streamed
}

#[test]
fn nres_and_rsli_archives_nested_in_nres_are_rebuilt_streamed_as_in_memory() {
    let inner = inner_nres();
    let rs = inner_rsli();
    let outer = nres_of(&[("A.BIN", pattern(10, 100)), ("inner.lib", inner.clone()), ("sprites.rsl", rs.clone()), ("plain.bin", pattern(11, 64))]);
    let f = "outer.lib";
    let (r, _) = rsli::Archive::parse(SharedBytes::from(&rs[..])).unwrap();
    let old = |i: usize| r.unpack(i).unwrap();
    let sets = [
        // NRes in NRes: one entry replaced from its member, by name in any case.
        vec![replace(f, &["INNER.LIB", "tex.txr"], 20, 9000, &pattern(1, 5000))],
        // Several edits inside, beside edits of the outer archive's own entries.
        vec![
            replace(f, &["inner.lib", "#2"], 21, 10, &pattern(3, 7000)),
            add(f, &["inner.lib", "NEW"], 22),
            change(f, &["inner.lib", "MID"], Op::RenameEntry { to: "MOVED".into(), original: Digest::of(&pattern(2, 300)) }),
            replace(f, &["A.BIN"], 23, 50, &pattern(10, 100)),
            add(f, &["ADDED"], 24),
        ],
        // RsLi in NRes: every method packed again, an entry added, one removed.
        vec![
            replace(f, &["sprites.rsl", "S"], 25, 5000, &old(0)),
            replace(f, &["sprites.rsl", "L"], 26, 2000, &old(1)),
            add(f, &["sprites.rsl", "NEW"], 27),
            change(f, &["sprites.rsl", "D"], Op::RemoveEntry { original: Digest::of(&old(2)) }),
        ],
        // Both nested archives at once, and an outer entry removed beside them.
        vec![
            replace(f, &["sprites.rsl", "D"], 28, 100, &old(2)),
            replace(f, &["inner.lib", "LAST"], 29, 100, &pattern(3, 7000)),
            change(f, &["plain.bin"], Op::RemoveEntry { original: Digest::of(&pattern(11, 64)) }),
        ],
        // Already as the change leaves it: nothing changes.
        vec![replace(f, &["inner.lib", "MID"], 2, 300, &pattern(2, 300))],
    ];
    for (k, set) in sets.iter().enumerate() {
        assert!(streamed(&outer, set).iter().zip(set).all(|(s, c)| *s == (c.entry.len() > 1)), "set {k}: every nested change streamed");
        let changed = same_as_in_memory(f, &outer, set);
        assert_eq!(changed, if k == 4 { 0 } else { 4 }, "set {k}");
    }
}

#[test]
fn nres_archives_nested_in_rsli_are_rebuilt_streamed_from_holders_of_every_method() {
    let inner = inner_nres();
    let methods = [rsli::Method::Stored, rsli::Method::Lzss, rsli::Method::Lzhuf, rsli::Method::Deflate, rsli::Method::Xor, rsli::Method::XorLzss, rsli::Method::XorLzhuf];
    let mut entries: Vec<(&str, Vec<u8>, rsli::Method)> = vec![("FIRST", pattern(30, 2000), rsli::Method::Deflate)];
    let names = ["H_STORED", "H_LZSS", "H_LZHUF", "H_DEFLATE", "H_XOR", "H_XLZSS", "H_XLZHUF"];
    for (n, m) in names.iter().zip(methods) {
        entries.push((n, inner.clone(), m));
    }
    let outer = rsli_of(&entries);
    let f = "sprites.lib";
    for name in names {
        let set = vec![replace(f, &[name, "TEX.TXR"], 31, 6000, &pattern(1, 5000)), add(f, &[name, "NEW"], 32), replace(f, &["FIRST"], 33, 10, &pattern(30, 2000))];
        assert_eq!(streamed(&outer, &set), vec![true, true, false], "{name}");
        assert_eq!(same_as_in_memory(f, &outer, &set), 4, "{name}");
    }
    // Two holders at once, and an entry added to the outer archive.
    let set = vec![replace(f, &["H_LZSS", "MID"], 34, 70, &pattern(2, 300)), replace(f, &["h_stored", "#0"], 35, 70, &pattern(1, 5000)), add(f, &["ADDED"], 36)];
    assert_eq!(same_as_in_memory(f, &outer, &set), 4);
}

#[test]
fn two_levels_deep_are_rebuilt_streamed_as_in_memory() {
    let inner = inner_nres();
    let middle = nres_of(&[("M0", pattern(40, 100)), ("deep.lib", inner.clone())]);
    let middle_rsli = rsli_of(&[("R0", pattern(41, 100), rsli::Method::Lzss), ("deep.lib", inner.clone(), rsli::Method::Deflate)]);
    let outer = nres_of(&[("mid.lib", middle), ("mid.rsl", middle_rsli), ("END", pattern(42, 10))]);
    let f = "outer.lib";
    let set = vec![
        replace(f, &["mid.lib", "deep.lib", "TEX.TXR"], 43, 100, &pattern(1, 5000)),
        add(f, &["mid.lib", "deep.lib", "NEW"], 44),
        replace(f, &["mid.lib", "M0"], 45, 10, &pattern(40, 100)),
        replace(f, &["mid.rsl", "deep.lib", "LAST"], 46, 100, &pattern(3, 7000)),
    ];
    assert_eq!(streamed(&outer, &set), vec![true; 4]);
    assert_eq!(same_as_in_memory(f, &outer, &set), 4);
}

#[test]
fn holders_the_in_memory_way_decides_give_its_outcomes() {
    let inner = inner_nres();
    let xor = rsli_of(&[("X", inner.clone(), rsli::Method::Xor), ("Y", pattern(50, 10), rsli::Method::Stored)]);
    let outer = nres_of(&[("inner.lib", inner.clone()), ("plain.bin", pattern(51, 64)), ("xor.rsl", xor.clone()), ("empty.lib", Vec::new())]);
    let f = "outer.lib";
    let ok = || replace(f, &["inner.lib", "TEX.TXR"], 52, 100, &pattern(1, 5000));
    let cases: Vec<(Vec<Change>, Vec<bool>)> = vec![
        // A missing holder and one that is not an archive: skipped (forced) or blocked, beside
        // a nested change that applies.
        (vec![replace(f, &["nope.lib", "X"], 53, 10, b"x"), ok(), add(f, &["plain.bin", "NEW"], 54), add(f, &["empty.lib", "NEW"], 55)], vec![false, true, false, false]),
        // An xor-packed holder (keyed by the final table) two levels down, in an RsLi archive
        // that is itself a holder: both rebuilt streamed.
        (vec![ok(), replace(f, &["xor.rsl", "X", "MID"], 56, 10, &pattern(2, 300))], vec![true, true]),
        // A blocked change inside beside an applied one (forced: overridden).
        (vec![ok(), replace(f, &["inner.lib", "MID"], 57, 10, b"not the original")], vec![true, true]),
        // One holder named twice (by name and by index): in memory, as the two groups decide.
        (vec![ok(), add(f, &["#0", "OTHER"], 58)], vec![false, false]),
        // A holder replaced whole beside a change inside it: in memory.
        (vec![ok(), replace(f, &["inner.lib"], 59, 100, &inner)], vec![false, false]),
    ];
    for (k, (set, want)) in cases.iter().enumerate() {
        assert_eq!(&streamed(&outer, set), want, "case {k}");
        same_as_in_memory(f, &outer, set);
    }
    // The xor-packed holder at the top: unpacked into a scratch file and rebuilt from it, like
    // any packed holder; its new bytes packed with key 0, keyed as the batch writes them.
    let set = vec![replace("x.rsl", &["X", "MID"], 56, 10, &pattern(2, 300)), replace("x.rsl", &["Y"], 57, 10, &pattern(50, 10))];
    assert_eq!(streamed(&xor, &set), vec![true, false]);
    assert_eq!(same_as_in_memory("x.rsl", &xor, &set), 4);
}

#[test]
fn a_packed_holder_that_does_not_unpack_gives_the_in_memory_error() {
    let inner = inner_nres();
    let mut bytes = rsli_of(&[("H", inner, rsli::Method::Deflate), ("Z", pattern(60, 10), rsli::Method::Stored)]);
    let (a, _) = rsli::Archive::parse(SharedBytes::from(&bytes[..])).unwrap();
    let r = a.entry(0);
    let at = r.effective_offset() as usize;
    for b in &mut bytes[at..at + r.packed_size() as usize] {
        *b = 0xFF;
    }
    assert!(rsli::Archive::parse(SharedBytes::from(&bytes[..])).unwrap().0.unpack(0).is_err(), "damaged");
    let set = vec![replace("d.lib", &["H", "MID"], 61, 10, &pattern(2, 300))];
    assert_eq!(streamed(&bytes, &set), vec![false]);
    same_as_in_memory("d.lib", &bytes, &set);
}
