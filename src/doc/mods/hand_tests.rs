//! The entry-by-entry diff of two archives on disk ([`entries`]) against the diff of the two
//! whole files (`create::diff_file`): the same changes (ops, order, addresses, digests) for
//! every NRes and RsLi fixture and a spread of hand edits, the fed payloads read back from the
//! current file equal to the bytes the whole diff holds.

use super::*;
use crate::doc::mods::change::Op;
use crate::doc::mods::create::diff_file;
use crate::fixtures;
use crate::formats::TYPE_WEAR;

const REL: &str = "data/test.lib";

fn data(seed: u32, len: usize) -> SharedBytes {
    SharedBytes::from(fixtures::nres::pattern(seed, len))
}

/// An NRes archive with a WEAR table, a nested archive and plain entries (two of one name).
fn mixed() -> Vec<u8> {
    let mut a = nres::Archive::new();
    let wear = fixtures::wear::table(&[(0, "STEEL"), (1, "GLASS")], None, fixtures::wear::Style::default());
    a.add(b"hull.wea", TYPE_WEAR, [0; 3], wear).unwrap();
    a.add(b"inner.rlb", 0, [0; 3], fixtures::nres::nested()).unwrap();
    a.add(b"twin", 1, [1, 2, 3], data(1, 300)).unwrap();
    a.add(b"twin", 1, [1, 2, 3], data(2, 300)).unwrap();
    a.add(b"plain", 2, [0; 3], data(3, 5000)).unwrap();
    a.write()
}

/// Hand edits of the archive `bytes`, each a new archive: additions, removals, renames (and a
/// removal plus an addition of the same bytes, which reads as one), duplicate names, type and
/// attribute changes, replacements (by an archive-looking blob too), a WEAR table's rows and a
/// nested archive's entry, and several together.
fn edits(bytes: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let Ok((node, _)) = Node::parse("test.lib", SharedBytes::from(bytes)) else { return Vec::new() };
    let n = node.len();
    let rsli = matches!(node, Node::Rsli(_));
    let mut out = Vec::new();
    let mut edit = |what: &'static str, f: &dyn Fn(&mut Node) -> crate::formats::Result<()>| {
        let mut m = node.clone();
        if f(&mut m).is_ok() {
            out.push((what, m.write()));
        }
    };
    edit("unchanged", &|_| Ok(()));
    edit("two added", &|m| {
        m.add_entry(b"NEW_A", 7, [1, 2, 3], data(10, 9000))?;
        m.add_entry(b"NEW_B", 7, [0; 3], data(11, 40)).map(drop)
    });
    edit("empty added", &|m| m.add_entry(b"NEW_E", 0, [0; 3], SharedBytes::empty()).map(drop));
    if n == 0 {
        return out;
    }
    let bytes_of = |m: &Node, i: usize| m.entry_bytes(i).unwrap_or_else(|_| SharedBytes::empty());
    edit("first removed", &|m| m.remove_entry(0));
    edit("last renamed", &|m| m.rename_entry(n - 1, b"RENAMED"));
    edit("first duplicated", &|m| {
        let name = m.meta(0).map(|x| x.name_bytes).unwrap_or_default();
        m.add_entry(&name, 3, [0; 3], data(12, 70)).map(drop)
    });
    edit("first replaced", &|m| m.replace_entry(0, data(13, 1234)));
    edit("first replaced by itself", &|m| m.replace_entry(0, bytes_of(m, 0)));
    edit("last replaced by a damaged archive", &|m| m.replace_entry(n - 1, SharedBytes::from(b"NRes and not much more, 32 bytes long at least".to_vec())));
    edit("first moved: removed and added again", &|m| {
        let b = bytes_of(m, 0);
        let (t, a) = m.meta(0).map(|x| (x.type_id.unwrap_or(0), x.attrs)).unwrap_or_default();
        m.remove_entry(0)?;
        m.add_entry(b"MOVED", t, a, b).map(drop)
    });
    if !rsli {
        edit("first's type changed", &|m| m.set_attrs(0, Some(99), [4, 5, 6]));
        edit("first's attrs changed, bytes too", &|m| {
            m.set_attrs(0, None, [7, 7, 7])?;
            m.replace_entry(0, data(14, 50))
        });
        edit("first moved with another type", &|m| {
            let b = bytes_of(m, 0);
            m.remove_entry(0)?;
            m.add_entry(b"MOVED", 1234, [0; 3], b).map(drop)
        });
    }
    if n >= 3 {
        edit("several", &|m| {
            m.replace_entry(2, data(15, 600))?;
            m.rename_entry(1, b"OTHER")?;
            m.remove_entry(0)?;
            m.add_entry(b"NEW_C", 1, [0; 3], data(16, 77)).map(drop)
        });
    }
    // Inside: each nested archive's first entry replaced, each WEAR table's rows changed.
    for i in 0..n {
        let (Ok(inner), Some(meta)) = (node.entry_bytes(i), node.meta(i)) else { continue };
        if meta.type_id == Some(TYPE_WEAR) {
            let wear = fixtures::wear::table(&[(0, "STEEL"), (1, "BRASS"), (2, "NEW")], None, fixtures::wear::Style::default());
            edit("a WEAR table's rows", &move |m| m.replace_entry(i, SharedBytes::from(wear.clone())));
        }
        if let Ok((child, _)) = Node::parse(&meta.name, inner)
            && child.is_archive()
            && !child.is_empty()
        {
            let mut c = child.clone();
            if c.replace_entry(0, data(17, 900)).is_ok() {
                let w = c.write();
                edit("a nested archive's entry", &move |m| m.replace_entry(i, SharedBytes::from(w.clone())));
            }
        }
    }
    out
}

/// The changes of `carry` with the bytes its fed ones name read back from its feed (both ways).
fn with_bytes(carry: &mut Carry) -> Vec<Change> {
    let (changes, fed, feed) = carry.parts();
    let mut out = changes.to_vec();
    let Some(feed) = feed else { return out };
    for (c, f) in out.iter_mut().zip(fed) {
        let Some(f) = f else { continue };
        let loaded = feed.load(f.id).unwrap();
        let mut copied = Vec::new();
        feed.copy(f.id, &mut copied).unwrap();
        assert!(f.digest.matches(&loaded) && copied == loaded[..], "{}: source {} reads back", c.address(), f.id);
        let address = c.address();
        match &mut c.op {
            Op::ReplaceEntry { data, .. } | Op::AddEntry { data, .. } | Op::AddFile { data } | Op::ReplaceFile { data, .. } => {
                assert!(data.is_empty(), "{address}: a fed change holds no bytes");
                *data = loaded;
            }
            op => panic!("{address}: {} is fed", op.name()),
        }
    }
    out
}

fn compare(t: &Path, what: &str, a: &[u8], b: &[u8]) -> usize {
    let (pa, pb) = (t.join("expected"), t.join("current"));
    std::fs::write(&pa, a).unwrap();
    std::fs::write(&pb, b).unwrap();
    let mut want = Vec::new();
    diff_file(REL, Some(SharedBytes::from(a)), Some(SharedBytes::from(b)), &mut want);
    let mut carry = entries(REL, &Body::of_file(&pa).unwrap(), &Body::of_file(&pb).unwrap()).unwrap().unwrap_or_else(|| panic!("{what}: two archives of one format"));
    let got = with_bytes(&mut carry);
    assert_eq!(got, want, "{what}");
    carry.fed.iter().flatten().count()
}

#[test]
fn the_entry_by_entry_diff_is_the_whole_files_diff() {
    let t = tempfile::tempdir().unwrap();
    let mut archives = fixtures::nres::all();
    archives.extend(fixtures::rsli::all());
    archives.push(("mixed", mixed()));
    let (mut cases, mut fed) = (0, 0);
    for (name, a) in &archives {
        for (what, b) in edits(a) {
            fed += compare(t.path(), &format!("{name}: {what}"), a, &b);
            // And the other way: the edit undone by hand.
            fed += compare(t.path(), &format!("{name}: {what}, undone"), &b, a);
            cases += 2;
        }
    }
    assert!(cases > 300 && fed > 100, "{cases} pairs compared, {fed} payloads fed");
}

#[test]
fn what_is_not_two_archives_of_one_format_is_left_to_the_whole_diff() {
    let t = tempfile::tempdir().unwrap();
    let (nres, rsli, blob) = (t.path().join("a.lib"), t.path().join("b.rlb"), t.path().join("c.bin"));
    std::fs::write(&nres, fixtures::nres::simple()).unwrap();
    std::fs::write(&rsli, fixtures::rsli::one_per_method()).unwrap();
    std::fs::write(&blob, b"not an archive").unwrap();
    let of = |p: &Path| Body::of_file(p).unwrap();
    assert!(entries(REL, &of(&nres), &of(&rsli)).unwrap().is_none());
    assert!(entries(REL, &of(&nres), &of(&blob)).unwrap().is_none());
    assert!(entries(REL, &of(&nres), &Body::Absent).unwrap().is_none());
    assert!(entries(REL, &of(&nres), &Body::Mem(SharedBytes::from(fixtures::nres::simple()))).unwrap().is_none());
}

#[test]
fn a_payload_changed_after_it_was_compared_is_refused_as_it_is_copied() {
    let t = tempfile::tempdir().unwrap();
    for a in [mixed(), fixtures::rsli::one_per_method()] {
        let (pa, pb) = (t.path().join("expected"), t.path().join("current"));
        let (mut node, _) = Node::parse("test.lib", SharedBytes::from(a.clone())).unwrap();
        let name = node.format_name();
        node.add_entry(b"BY_HAND", 0, [0; 3], data(20, 4000)).unwrap();
        let b = node.write();
        std::fs::write(&pa, &a).unwrap();
        std::fs::write(&pb, &b).unwrap();
        let mut carry = entries(REL, &Body::of_file(&pa).unwrap(), &Body::of_file(&pb).unwrap()).unwrap().unwrap();
        // Another program rewrites the added entry's bytes in place.
        let at = b.windows(64).position(|w| w == &data(20, 4000)[..64]);
        let mut changed = b.clone();
        match at {
            Some(at) => changed[at] ^= 0xFF,
            // RsLi: packed, not found as is: the file is cut short instead.
            None => changed.truncate(b.len() / 2),
        }
        std::fs::write(&pb, &changed).unwrap();
        let (_, fed, feed) = carry.parts();
        let id = fed.iter().flatten().next().unwrap_or_else(|| panic!("{name}: the addition is fed")).id;
        let e = feed.unwrap().copy(id, &mut Vec::new()).unwrap_err().to_string();
        assert!(e.contains(&pb.display().to_string()), "{name}: {e}");
    }
}

#[test]
fn a_file_that_is_no_archive_is_diffed_by_its_digests_and_fed_from_the_file() {
    let t = tempfile::tempdir().unwrap();
    let (pa, pb) = (t.path().join("expected"), t.path().join("current"));
    let side = |p: &Path, b: Option<&[u8]>| {
        let _ = std::fs::remove_file(p);
        if let Some(b) = b {
            std::fs::write(p, b).unwrap();
        }
        Body::of_file(p).unwrap()
    };
    let (one, two) = (&b"the file as the mods leave it"[..], &b"the file as it was edited by hand"[..]);
    // Before, after, and how many changes are fed from the file.
    type Case<'a> = (Option<&'a [u8]>, Option<&'a [u8]>, usize);
    let cases: [Case; 5] = [(Some(one), Some(two), 1), (None, Some(two), 1), (Some(one), None, 0), (Some(one), Some(one), 0), (None, None, 0)];
    for (a, b, fed) in cases {
        let what = format!("{:?} -> {:?}", a.map(String::from_utf8_lossy), b.map(String::from_utf8_lossy));
        let mut want = Vec::new();
        diff_file("data/x.bin", a.map(SharedBytes::from), b.map(SharedBytes::from), &mut want);
        let (ea, eb) = (side(&pa, a), side(&pb, b));
        let mut carry = whole("data/x.bin", &ea, &eb).unwrap().unwrap_or_else(|| panic!("{what}: no archive on either side"));
        assert_eq!(carry.fed.iter().flatten().count(), fed, "{what}");
        assert_eq!(with_bytes(&mut carry), want, "{what}");
    }
    // Rewritten after it was compared: refused as it is copied.
    let (ea, eb) = (side(&pa, Some(one)), side(&pb, Some(two)));
    let mut carry = whole("data/x.bin", &ea, &eb).unwrap().unwrap();
    std::fs::write(&pb, b"something else again").unwrap();
    let (_, _, feed) = carry.parts();
    let e = feed.unwrap().copy(0, &mut Vec::new()).unwrap_err().to_string();
    assert!(e.contains("changed while the mod command ran"), "{e}");
    // An archive on either side, a table merged row by row, or a side in memory: the whole diff.
    let archive = fixtures::nres::simple();
    assert!(whole("data/x.bin", &side(&pa, Some(&archive)), &side(&pb, Some(two))).unwrap().is_none());
    assert!(whole("data/x.bin", &side(&pa, Some(one)), &side(&pb, Some(&archive))).unwrap().is_none());
    assert!(whole("data/t.wea", &side(&pa, Some(one)), &side(&pb, Some(two))).unwrap().is_none());
    assert!(whole("data/m.tma", &side(&pa, Some(one)), &side(&pb, Some(two))).unwrap().is_none());
    assert!(whole("data/x.bin", &Body::Mem(SharedBytes::from(one)), &side(&pb, Some(two))).unwrap().is_none());
}
