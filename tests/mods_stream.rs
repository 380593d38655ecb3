//! Memory of the mod commands where files and members are large (docs/formats/parkanmod.md,
//! "Limits"): an archive a package changes is rebuilt from its directory and the entries the
//! changes name, streamed into the stage, so the peak is the items, not the file; a dry run
//! inflates a member several files name once and still counts every use; `mod conflicts` and
//! the package view hold no member they do not need. Peaks are the bytes this process has
//! allocated (a counting allocator), above what it held before the command; the tests of this
//! file take turns, so no other test's allocations count.

use parkan_studio::doc::mods::change::sha256_hex;
use parkan_studio::doc::mods::manage::{self, InstallOptions};
use parkan_studio::doc::mods::package::{MAX_USED, Source};
use parkan_studio::doc::mods::Package;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::{nres, rsli};
use std::path::{Path, PathBuf};

#[path = "support/built.rs"]
mod built;
use built::{MIB, blob, bytes_of, digest, in_memory, package, write, zip_with};
#[path = "support/heap.rs"]
mod heap;
#[path = "support/mods.rs"]
#[allow(dead_code, reason = "this suite builds its packages by hand")]
mod mods_support;
use mods_support::declare_member_size;
use heap::peak;

#[global_allocator]
static A: heap::Counting = heap::Counting;

fn install(game: &Path, pkg: &Path, order: Option<usize>) -> Vec<String> {
    manage::install(game, pkg, &InstallOptions { order, ..Default::default() }, &mut |_| false).unwrap().into_iter().map(String::from).collect()
}

/// An empty game folder `game` under `dir`.
fn game_folder(dir: &Path) -> PathBuf {
    let game = dir.join("game");
    std::fs::create_dir(&game).unwrap();
    game
}

/// A `replace_entry` change of `entry` of `file` by member `data/0001` holding `new`, made
/// against `old`.
fn replace_entry(file: &str, entry: &str, new: &[u8], old: &[u8]) -> String {
    format!(r#"{{"op":"replace_entry","file":"{file}","entry":["{entry}"],"data":{},"original":{}}}"#, blob("data/0001", new), digest(old))
}

/// An NRes archive of `n` entries `E00`… of `len` bytes each.
fn nres_archive(n: u32, len: usize) -> Vec<u8> {
    let mut a = nres::Archive::new();
    for i in 0..n {
        a.add(format!("E{i:02}").as_bytes(), 0, [0; 3], bytes_of(i, len)).unwrap();
    }
    a.write()
}

#[test]
fn rebuilding_an_archive_holds_the_entries_it_changes_not_the_file() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    // A 32 MiB NRes archive; one 2 MiB entry replaced by 4 MiB and one 1 MiB entry added.
    let big = nres_archive(16, 2 * MIB);
    write(&game, "big.lib", &big);
    let (new, added) = (bytes_of(100, 4 * MIB), bytes_of(101, MIB));
    let changes = [
        replace_entry("big.lib", "E03", &new, &bytes_of(3, 2 * MIB)),
        format!(r#"{{"op":"add_entry","file":"big.lib","entry":["ADDED"],"data":{}}}"#, blob("data/0002", &added)),
    ];
    let pkg_bytes = package("Big", &changes, &[("data/0001", &new), ("data/0002", &added)]);
    let want = in_memory(&big, "big.lib", &pkg_bytes);
    let pkg = write(t.path(), "big.parkanmod", &pkg_bytes);
    drop(pkg_bytes);

    let (_, used) = peak(|| install(&game, &pkg, None));
    assert!(std::fs::read(game.join("big.lib")).unwrap() == want, "the streamed rebuild is the in-memory one, byte for byte");
    // Neither the members (5 MiB) nor the replaced entry (2 MiB, hashed in the file) are held,
    // let alone the 32 MiB file (before: 7 MiB; before that about 74 MiB).
    assert!(used < MIB, "install peak {} KiB", used >> 10);
    let (_, used) = peak(|| manage::revert(&game, "Big", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join("big.lib")).unwrap() == big, "reverted byte for byte");
    assert!(used < MIB, "revert peak {} MiB (the snapshot is copied, not read)", used / MIB);

    // Two mods on the archive, one installed before the other: each rebuild streams from the
    // snapshot through the other mod's copy; the result is the in-order install's.
    let mod_of = |name: &str, seed: u32| {
        let own = bytes_of(seed, 2 * MIB);
        let c = format!(r#"{{"op":"add_entry","file":"big.lib","entry":["{name}_OWN"],"data":{}}}"#, blob("data/0001", &own));
        write(t.path(), &format!("{name}.parkanmod"), &package(name, &[c], &[("data/0001", &own)]))
    };
    let (x, y) = (mod_of("X", 7), mod_of("Y", 8));
    install(&game, &y, None);
    let (_, used) = peak(|| install(&game, &x, Some(1)));
    // Neither X's member nor Y's (copied from its package when the archive is rebuilt through
    // it) is held: each is streamed into the rebuilt archive at its own step (before: 4 MiB,
    // X's held through Y's step).
    assert!(used < MIB, "install before another: peak {} KiB", used >> 10);
    let reference = t.path().join("reference");
    std::fs::create_dir(&reference).unwrap();
    write(&reference, "big.lib", &big);
    install(&reference, &x, None);
    install(&reference, &y, None);
    assert!(std::fs::read(game.join("big.lib")).unwrap() == std::fs::read(reference.join("big.lib")).unwrap(), "as installed in order");
    let (_, used) = peak(|| manage::revert(&game, "X", false, false, &mut |_| false).unwrap());
    assert!(used < MIB, "revert through another: peak {} KiB", used >> 10);
    assert!(!game.join(".parkan-mods/stage").exists(), "nothing left staged");
}

#[test]
fn eight_members_into_one_archive_are_streamed_one_after_another_not_held() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    let archive = nres_archive(4, 64 << 10);
    write(&game, "big.lib", &archive);
    // Eight 8 MiB members: six added, two replacing entries; one more member added to a second
    // archive as well (inflated once into the stage for both).
    let members: Vec<Vec<u8>> = (0..8).map(|i| bytes_of(500 + i, 8 * MIB)).collect();
    let names: Vec<String> = (0..8).map(|i| format!("data/{:04}", i + 1)).collect();
    let mut changes: Vec<String> = (0..6).map(|i| format!(r#"{{"op":"add_entry","file":"big.lib","entry":["NEW{i}"],"data":{}}}"#, blob(&names[i], &members[i]))).collect();
    for (k, i) in [(0u32, 6usize), (2, 7)] {
        changes.push(format!(r#"{{"op":"replace_entry","file":"big.lib","entry":["E{k:02}"],"data":{},"original":{}}}"#, blob(&names[i], &members[i]), digest(&bytes_of(k, 64 << 10))));
    }
    write(&game, "other.lib", &nres_archive(2, 1000));
    changes.push(format!(r#"{{"op":"add_entry","file":"other.lib","entry":["SHARED"],"data":{}}}"#, blob(&names[0], &members[0])));
    let listed: Vec<(&str, &[u8])> = names.iter().zip(&members).map(|(n, m)| (n.as_str(), m.as_slice())).collect();
    let pkg_bytes = package("Eight", &changes, &listed);
    let want = in_memory(&archive, "big.lib", &pkg_bytes);
    let pkg = write(t.path(), "eight.parkanmod", &pkg_bytes);
    drop((pkg_bytes, listed));
    drop(members);

    let (_, used) = peak(|| install(&game, &pkg, None));
    assert!(std::fs::read(game.join("big.lib")).unwrap() == want, "byte for byte the rebuild in memory");
    // Held together they were 64 MiB; streamed, none of them.
    assert!(used < 2 * MIB, "eight 8 MiB members into one archive: peak {} KiB", used >> 10);
    assert!(!game.join(".parkan-mods/stage").exists(), "nothing left staged");
    let (_, used) = peak(|| manage::revert(&game, "Eight", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join("big.lib")).unwrap() == archive, "reverted byte for byte");
    assert!(used < MIB, "revert peak {} KiB", used >> 10);
}

#[test]
fn a_member_that_changes_while_it_is_streamed_stops_the_install_before_the_commit_point() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    let (a, b) = (nres_archive(3, 1000), nres_archive(3, 2000));
    write(&game, "a.lib", &a);
    write(&game, "b.lib", &b);
    let (one, two) = (bytes_of(1, 5000), bytes_of(2, 5000));
    let changes = [
        format!(r#"{{"op":"add_entry","file":"a.lib","entry":["ONE"],"data":{}}}"#, blob("data/0001", &one)),
        format!(r#"{{"op":"add_entry","file":"b.lib","entry":["TWO"],"data":{}}}"#, blob("data/0002", &two)),
    ];
    let pkg = write(t.path(), "changing.parkanmod", &package("Changing", &changes, &[("data/0001", &one), ("data/0002", &two)]));
    // When a.lib is staged, the package's second member is rewritten in place (stored: same
    // length, other bytes): b.lib's rebuild copies it, finds it changed (its CRC-32 is the
    // zip's first check, its SHA-256 the next: lazy.rs tests that one), and the install stops
    // with nothing in the game changed.
    let mut bytes = std::fs::read(&pkg).unwrap();
    let at = bytes.windows(two.len()).position(|w| w == two).expect("stored as written");
    bytes[at + 100] ^= 0xFF;
    let mut kill = |at: &str| {
        if at == "staging" {
            std::fs::write(&pkg, &bytes).unwrap();
        }
        false
    };
    let e = manage::install(&game, &pkg, &InstallOptions::default(), &mut kill).unwrap_err().to_string();
    assert!(e.contains("changing.parkanmod: data/0002: Invalid checksum"), "{e}");
    assert!(e.contains("nothing in the game folder was changed"), "{e}");
    assert!(std::fs::read(game.join("a.lib")).unwrap() == a && std::fs::read(game.join("b.lib")).unwrap() == b);
    assert!(!game.join(".parkan-mods/stage").exists() && !game.join(".parkan-mods/txn.json").exists(), "nothing staged or journalled");
    let status = manage::status(&game).unwrap();
    assert!(!status.iter().any(|l| l.english.contains("Changing")), "{status:?}");
}

#[test]
fn an_rsli_archive_is_rebuilt_streamed_and_repacked_with_each_method() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    // 16 MiB of stored entries, and small entries packed with the other methods.
    let mut a = rsli::Archive::new();
    for i in 0..8u32 {
        a.add(format!("BIG{i}").as_bytes(), &bytes_of(i, 2 * MIB), rsli::Method::Stored).unwrap();
    }
    let methods = [rsli::Method::Lzss, rsli::Method::Lzhuf, rsli::Method::Deflate, rsli::Method::Xor, rsli::Method::XorLzss];
    for (k, m) in methods.iter().enumerate() {
        a.add(format!("SMALL{k}").as_bytes(), &bytes_of(50 + k as u32, 3000), *m).unwrap();
    }
    let archive = a.write();
    write(&game, "sprites.lib", &archive);
    let big_new = bytes_of(200, 3 * MIB);
    let mut changes = vec![format!(r#"{{"op":"replace_entry","file":"sprites.lib","entry":["BIG2"],"data":{},"original":{}}}"#, blob("data/0001", &big_new), digest(&bytes_of(2, 2 * MIB)))];
    let smalls: Vec<Vec<u8>> = (0..methods.len()).map(|k| bytes_of(300 + k as u32, 2000 + k * 10)).collect();
    let names: Vec<String> = (0..methods.len()).map(|k| format!("data/{:04}", k + 2)).collect();
    let mut members: Vec<(&str, &[u8])> = vec![("data/0001", &big_new)];
    for (k, s) in smalls.iter().enumerate() {
        changes.push(format!(r#"{{"op":"replace_entry","file":"sprites.lib","entry":["SMALL{k}"],"data":{},"original":{}}}"#, blob(&names[k], s), digest(&bytes_of(50 + k as u32, 3000))));
        members.push((&names[k], s));
    }
    changes.push(format!(r#"{{"op":"remove_entry","file":"sprites.lib","entry":["BIG5"],"original":{}}}"#, digest(&bytes_of(5, 2 * MIB))));
    let pkg_bytes = package("Sprites", &changes, &members);
    let want = in_memory(&archive, "sprites.lib", &pkg_bytes);
    let pkg = write(t.path(), "sprites.parkanmod", &pkg_bytes);
    drop((pkg_bytes, members));

    let (_, used) = peak(|| install(&game, &pkg, None));
    assert!(std::fs::read(game.join("sprites.lib")).unwrap() == want, "the streamed RsLi rebuild is the in-memory one, every method packed again");
    // The new 3 MiB entry, stored, is copied from its member into a file of the stage before
    // the table is written, then from there, never held; the small ones are packed there one at
    // a time (the xor ones with key 0, keyed by the final table as they are copied); the replaced and the removed
    // entries, stored, are hashed in the file for their checks (before: 4 MiB, the new entries
    // held with their packed copies; before that 10 MiB, and the 16 MiB file before that).
    assert!(used < MIB, "install peak {} KiB", used >> 10);
    let (_, used) = peak(|| manage::revert(&game, "Sprites", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join("sprites.lib")).unwrap() == archive, "reverted byte for byte");
    assert!(used < MIB, "revert peak {} MiB", used / MIB);
}

#[test]
fn eight_members_into_one_rsli_archive_are_packed_one_at_a_time() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    // Two stored and two Deflate entries; each replaced by an 8 MiB member (packed again with
    // its entry's method) and four 8 MiB members added (Deflate).
    let mut a = rsli::Archive::new();
    for (name, m) in [("S0", rsli::Method::Stored), ("S1", rsli::Method::Stored), ("D0", rsli::Method::Deflate), ("D1", rsli::Method::Deflate)] {
        a.add(name.as_bytes(), &bytes_of(name.len() as u32 + u32::from(name.as_bytes()[1]), 64 << 10), m).unwrap();
    }
    let archive = a.write();
    write(&game, "eight.lib", &archive);
    let old = |name: &str| bytes_of(name.len() as u32 + u32::from(name.as_bytes()[1]), 64 << 10);
    let members: Vec<Vec<u8>> = (0..8).map(|i| bytes_of(700 + i, 8 * MIB)).collect();
    let names: Vec<String> = (0..8).map(|i| format!("data/{:04}", i + 1)).collect();
    let mut changes: Vec<String> = ["S0", "S1", "D0", "D1"]
        .iter()
        .enumerate()
        .map(|(i, e)| format!(r#"{{"op":"replace_entry","file":"eight.lib","entry":["{e}"],"data":{},"original":{}}}"#, blob(&names[i], &members[i]), digest(&old(e))))
        .collect();
    changes.extend((4..8).map(|i| format!(r#"{{"op":"add_entry","file":"eight.lib","entry":["NEW{i}"],"data":{}}}"#, blob(&names[i], &members[i]))));
    let listed: Vec<(&str, &[u8])> = names.iter().zip(&members).map(|(n, m)| (n.as_str(), m.as_slice())).collect();
    let pkg_bytes = package("EightRsLi", &changes, &listed);
    let want = in_memory(&archive, "eight.lib", &pkg_bytes);
    let pkg = write(t.path(), "eight.parkanmod", &pkg_bytes);
    drop((pkg_bytes, listed));
    drop(members);

    // A dry run packs each to count its bytes, writing nothing: 367 KiB measured (12 MiB when a
    // member was packed whole).
    let dry = InstallOptions { dry_run: true, ..Default::default() };
    let left = temporaries();
    let (lines, used) = peak(|| manage::install(&game, &pkg, &dry, &mut |_| false).unwrap());
    assert!(lines.iter().any(|l| l.english == "dry run: nothing written"), "{lines:?}");
    assert!(std::fs::read(game.join("eight.lib")).unwrap() == archive && temporaries() <= left, "nothing written");
    assert!(used < MIB, "dry run: peak {} KiB", used >> 10);

    let (_, used) = peak(|| install(&game, &pkg, None));
    assert!(std::fs::read(game.join("eight.lib")).unwrap() == want, "byte for byte the rebuild in memory");
    // Each member packed as it streams into a file of the stage before the table is written,
    // in the packer's constant memory: 432 KiB measured (before: one member and its packed copy
    // at a time, 12.4 MiB; before that 88 MiB, the eight held together with their packed copies).
    assert!(used < MIB, "eight 8 MiB members into one RsLi archive: peak {} KiB", used >> 10);
    assert!(!game.join(".parkan-mods/stage").exists(), "nothing left staged");
    let (_, used) = peak(|| manage::revert(&game, "EightRsLi", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join("eight.lib")).unwrap() == archive, "reverted byte for byte");
    assert!(used < MIB, "revert peak {} KiB", used >> 10);
}

#[test]
fn one_member_packed_with_several_methods_holds_it_for_none() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    // One 8 MiB member replaces a stored, an LZSS, an XorLzhuf and a Deflate entry and is added
    // (Deflate) beside them: four packings of one source.
    let methods = [("S", rsli::Method::Stored), ("L", rsli::Method::Lzss), ("X", rsli::Method::XorLzhuf), ("D", rsli::Method::Deflate)];
    let mut a = rsli::Archive::new();
    for (k, (name, m)) in methods.iter().enumerate() {
        a.add(name.as_bytes(), &bytes_of(k as u32, 4096), *m).unwrap();
    }
    let archive = a.write();
    write(&game, "mixed.lib", &archive);
    let member = bytes_of(900, 8 * MIB);
    let mut changes: Vec<String> = methods.iter().enumerate().map(|(k, (name, _))| replace_entry("mixed.lib", name, &member, &bytes_of(k as u32, 4096))).collect();
    changes.push(format!(r#"{{"op":"add_entry","file":"mixed.lib","entry":["NEW"],"data":{}}}"#, blob("data/0001", &member)));
    let pkg_bytes = package("Mixed", &changes, &[("data/0001", &member)]);
    let want = in_memory(&archive, "mixed.lib", &pkg_bytes);
    let pkg = write(t.path(), "mixed.parkanmod", &pkg_bytes);
    drop((pkg_bytes, member));

    let (_, used) = peak(|| install(&game, &pkg, None));
    assert!(std::fs::read(game.join("mixed.lib")).unwrap() == want, "byte for byte the rebuild in memory");
    // Each change is a source of its own (the member copied into the stage once), packed as it
    // streams with its entry's method: none of the five packings holds the member.
    assert!(used < MIB, "one member, four methods: peak {} KiB", used >> 10);
    let (_, used) = peak(|| manage::revert(&game, "Mixed", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join("mixed.lib")).unwrap() == archive, "reverted byte for byte");
    assert!(used < MIB, "revert peak {} KiB", used >> 10);
}

/// A package whose member `data/0001` (`len` bytes) is named by `uses` add_file changes.
fn shared_member(len: usize, uses: usize) -> (Vec<u8>, Vec<u8>) {
    let data = bytes_of(9, len);
    let changes: Vec<String> = (0..uses).map(|i| format!(r#"{{"op":"add_file","file":"copy{i}.bin","data":{}}}"#, blob("data/0001", &data))).collect();
    (package("Shared", &changes, &[("data/0001", &data)]), data)
}

fn temporaries() -> usize {
    std::fs::read_dir(std::env::temp_dir()).map_or(0, |d| d.filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().starts_with("parkan-mod-")).count())
}

#[test]
fn a_dry_run_of_a_shared_member_inflates_it_once_and_counts_every_use() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    let (bytes, data) = shared_member(4 * MIB, 8);
    let pkg = write(t.path(), "shared.parkanmod", &bytes);
    let left = temporaries();
    let dry = InstallOptions { dry_run: true, ..Default::default() };
    let (lines, used) = peak(|| manage::install(&game, &pkg, &dry, &mut |_| false).unwrap());
    assert_eq!(lines.iter().filter(|l| l.english.contains("add_file copy")).count(), 8, "{lines:?}");
    assert!(lines.iter().any(|l| l.english == "dry run: nothing written"), "{lines:?}");
    assert_eq!(std::fs::read_dir(&game).unwrap().count(), 0, "a dry run writes nothing into the game");
    // One copy of the member at a time (read from the spilled copy after the first file).
    assert!(used < 6 * MIB, "dry run peak {} MiB", used / MIB);
    assert!(temporaries() <= left, "the spilled copy's folder is gone");
    // The editor's preview reads it the same way.
    let (p, used) = peak(|| parkan_studio::doc::mods::preview::preview_file(&game, &pkg, &InstallOptions::default()).unwrap());
    assert_eq!((p.rows.len(), p.blocked()), (8, 0));
    assert!(used < 6 * MIB, "preview peak {} MiB", used / MIB);
    install(&game, &pkg, None);
    for i in 0..8 {
        assert!(std::fs::read(game.join(format!("copy{i}.bin"))).unwrap() == data);
    }

    // Every use counts against the limit in a dry run too: a member declaring 1 GiB (it holds
    // 64 bytes; its declared sizes patched) named by five changes is refused before any read.
    let small = [0u8; 64];
    let gib = 1u64 << 30;
    let uses: Vec<String> = (0..5).map(|i| format!(r#"{{"op":"add_file","file":"big{i}.bin","data":{{"path":"data/0001","size":{gib},"sha256":"{}"}}}}"#, sha256_hex(&small))).collect();
    let m = format!(r#"{{"format":"parkanmod","format_version":1,"name":"Bomb","version":"1","changes":[{}]}}"#, uses.join(","));
    let mut z = zip_with(&[("mod.json", m.as_bytes()), ("data/0001", &small)], zip::CompressionMethod::Deflated);
    assert_eq!(declare_member_size(&mut z, b"data/0001", gib as u32), 2);
    let bomb = write(t.path(), "bomb.parkanmod", &z);
    let e = manage::install(&game, &bomb, &dry, &mut |_| false).unwrap_err().to_string();
    assert!(e.contains(&format!("more than the {MAX_USED} a package may use")), "{e}");
}

#[test]
fn conflicts_and_the_package_view_hold_no_member_they_do_not_need() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    // Two packages of 4 MiB members on their own files, one item both give the same bytes and
    // one they give different bytes (small members).
    let pkg_of = |name: &str, seed: u32| {
        let own: Vec<Vec<u8>> = (0..4).map(|i| bytes_of(seed * 10 + i, 4 * MIB)).collect();
        let same = bytes_of(1, 1000);
        let fight = bytes_of(seed, 1000);
        let names: Vec<String> = (0..4).map(|i| format!("data/{:04}", i + 1)).collect();
        let mut changes: Vec<String> = (0..4).map(|i| format!(r#"{{"op":"add_file","file":"{name}/{i}.bin","data":{}}}"#, blob(&names[i], &own[i]))).collect();
        changes.push(format!(r#"{{"op":"add_file","file":"same.bin","data":{}}}"#, blob("data/0010", &same)));
        changes.push(format!(r#"{{"op":"add_file","file":"fight.bin","data":{}}}"#, blob("data/0011", &fight)));
        let mut members: Vec<(&str, &[u8])> = names.iter().zip(&own).map(|(n, b)| (n.as_str(), b.as_slice())).collect();
        members.push(("data/0010", &same));
        members.push(("data/0011", &fight));
        write(t.path(), &format!("{name}.parkanmod"), &package(name, &changes, &members))
    };
    let (a, b) = (pkg_of("A", 1), pkg_of("B", 2));
    let ((lines, real), used) = peak(|| {
        let mut mods: Vec<_> = [&a, &b]
            .iter()
            .map(|p| {
                let (pkg, lazy) = Package::open_lazy(&p.display().to_string(), Source::File(p.to_path_buf())).unwrap();
                (p.display().to_string(), pkg, lazy)
            })
            .collect();
        manage::conflicts_lazy(&mut mods).unwrap()
    });
    assert!(real, "{lines:?}");
    assert!(lines.iter().any(|l| l.english.starts_with("same.bin") && l.english.contains("same new bytes")), "{lines:?}");
    assert!(lines.iter().any(|l| l.english.starts_with("fight.bin") && l.english.contains("CONFLICT")), "{lines:?}");
    // Held whole, the two packages are 32 MiB; read lazily, the small members of the two
    // shared items and the zip readers' buffers.
    assert!(used < MIB, "conflicts peak {} KiB", used >> 10);
    // The same verdicts as with the packages held.
    let held = manage::conflicts(&[(a.display().to_string(), Package::read(&a).unwrap()), (b.display().to_string(), Package::read(&b).unwrap())]);
    assert_eq!(held, (lines, real));

    // The package view: the manifest and each change's sizes, no member; a change's bytes
    // read when its diff is asked for.
    let (view, used) = peak(|| parkan_studio::app::mods::package_view::PackageView::open(&a).unwrap());
    assert!(used < MIB, "package view peak {} KiB", used >> 10);
    assert_eq!(view.sizes[0], vec![4 * MIB as u64]);
    assert!(view.package.changes.iter().all(|c| c.op.new_bytes().is_none_or(|b| b.is_empty())), "no bytes held");
    let c = view.change(0).unwrap();
    assert!(c.op.new_bytes().unwrap()[..] == bytes_of(10, 4 * MIB)[..]);
}

/// A file changed by hand under an installed mod: the revert keeps the hand edit, and finds it
/// by comparing the two archives entry by entry in their files, so it holds the edited entry,
/// not the two 32 MiB files (before: both files, about 64 MiB).
#[test]
fn a_hand_edit_under_a_mod_is_found_entry_by_entry_not_by_reading_both_files() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    let big = nres_archive(16, 2 * MIB);
    write(&game, "big.lib", &big);
    let new = bytes_of(100, 2 * MIB);
    let c = replace_entry("big.lib", "E03", &new, &bytes_of(3, 2 * MIB));
    let pkg = write(t.path(), "m.parkanmod", &package("M", &[c], &[("data/0001", &new)]));
    install(&game, &pkg, None);
    // By hand, in another program: entry E09 gets 64 bytes of its own.
    let path = game.join("big.lib");
    let (mut a, _) = nres::Archive::parse(SharedBytes::from(std::fs::read(&path).unwrap())).unwrap();
    let i = (0..a.len()).find(|&i| a.entry(i).name() == "E09").unwrap();
    a.replace(i, b"edited by hand, 64 bytes long.................................!".to_vec()).unwrap();
    std::fs::write(&path, a.write()).unwrap();

    let (lines, used) = peak(|| manage::revert(&game, "M", false, false, &mut |_| false).unwrap());
    assert!(lines.iter().any(|l| l.english.contains("keeping the edits made by hand")), "{lines:?}");
    // The reference: the original archive with the same hand edit.
    let (mut want, _) = nres::Archive::parse(SharedBytes::from(big)).unwrap();
    want.replace(i, b"edited by hand, 64 bytes long.................................!".to_vec()).unwrap();
    assert!(std::fs::read(&path).unwrap() == want.write(), "the mod is gone and the hand edit kept, byte for byte");
    // The edited entry's two sides (its old 2 MiB, read to diff it as `mod create` does), not
    // the two 32 MiB files.
    assert!(used < 3 * MIB, "revert with a hand edit: peak {} KiB (the two files are not read)", used >> 10);
}

#[test]
fn whole_files_are_copied_from_their_members_not_held() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = game_folder(t.path());
    let old = bytes_of(1, 16 * MIB);
    write(&game, "old.bin", &old);
    let gone = bytes_of(4, 16 * MIB);
    write(&game, "gone.bin", &gone);
    let (added, replaced) = (bytes_of(2, 16 * MIB), bytes_of(3, 16 * MIB));
    let changes = [
        format!(r#"{{"op":"add_file","file":"NEW/a.bin","data":{}}}"#, blob("data/0001", &added)),
        format!(r#"{{"op":"replace_file","file":"old.bin","data":{},"original":{}}}"#, blob("data/0002", &replaced), digest(&old)),
        format!(r#"{{"op":"remove_file","file":"gone.bin","original":{}}}"#, digest(&gone)),
    ];
    let pkg = write(t.path(), "whole.parkanmod", &package("Whole", &changes, &[("data/0001", &added), ("data/0002", &replaced)]));
    let dry = InstallOptions { dry_run: true, ..Default::default() };
    let (_, used) = peak(|| manage::install(&game, &pkg, &dry, &mut |_| false).unwrap());
    assert!(used < MIB, "dry run of three 16 MiB files: peak {} KiB", used >> 10);
    let (_, used) = peak(|| install(&game, &pkg, None));
    assert!(std::fs::read(game.join("NEW/a.bin")).unwrap() == added && std::fs::read(game.join("old.bin")).unwrap() == replaced);
    assert!(!game.join("gone.bin").exists());
    // Held, each file was 16 MiB; copied from its member or checked by its digest, a buffer.
    assert!(used < MIB, "three 16 MiB files: peak {} KiB", used >> 10);
    let (_, used) = peak(|| manage::revert(&game, "Whole", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join("old.bin")).unwrap() == old && !game.join("NEW/a.bin").exists(), "reverted byte for byte");
    assert!(std::fs::read(game.join("gone.bin")).unwrap() == gone, "the removed file is back");
    assert!(used < MIB, "revert peak {} KiB", used >> 10);
}
