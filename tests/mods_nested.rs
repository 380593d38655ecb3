//! Memory of a mod change inside a nested archive (docs/formats/parkanmod.md, "Limits"): the
//! nested archive is rebuilt from its own directory, read where it lies in its holder's file,
//! and written into the stage, and the holder copies it from there; its new entry is copied
//! from the package's member as it is written. So the peak is neither the nested archive nor
//! the new entry. Peaks are the bytes this process has allocated (a counting allocator), above
//! what it held before the command; the tests of this file take turns.

use parkan_studio::doc::mods::change::sha256_hex;
use parkan_studio::doc::mods::manage::{self, InstallOptions};
use parkan_studio::formats::{nres, rsli};

#[path = "support/built.rs"]
mod built;
use built::{MIB, bytes_of, digest, in_memory, package, write};
#[path = "support/heap.rs"]
mod heap;
use heap::peak;

#[global_allocator]
static A: heap::Counting = heap::Counting;

/// A `replace_entry` of `entry` (a path through nested archives) of `file` by member
/// `data/0001` holding `new`, made against `old`.
fn replace(file: &str, entry: &[&str], new: &[u8], old: &[u8]) -> String {
    let path: Vec<String> = entry.iter().map(|e| format!("\"{e}\"")).collect();
    format!(
        r#"{{"op":"replace_entry","file":"{file}","entry":[{}],"data":{{"path":"data/0001","size":{},"sha256":"{}"}},"original":{}}}"#,
        path.join(","),
        new.len(),
        sha256_hex(new),
        digest(old)
    )
}

/// An NRes archive of `n` entries `E00`… of `len` bytes each (their bytes from `seed` on).
fn nres_archive(seed: u32, n: u32, len: usize) -> Vec<u8> {
    let mut a = nres::Archive::new();
    for i in 0..n {
        a.add(format!("E{i:02}").as_bytes(), 0, [0; 3], bytes_of(seed + i, len)).unwrap();
    }
    a.write()
}

/// Installs `pkg_bytes` into a game folder holding `file` (`bytes`), measuring the install, its
/// dry run and its revert; checks the result against the rebuild in memory and each peak
/// against 1 MiB.
fn within_a_mib(file: &str, bytes: &[u8], pkg_bytes: Vec<u8>) {
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("game");
    std::fs::create_dir(&game).unwrap();
    write(&game, file, bytes);
    let want = in_memory(bytes, file, &pkg_bytes);
    let pkg = write(t.path(), "nested.parkanmod", &pkg_bytes);
    drop(pkg_bytes);
    let dry = InstallOptions { dry_run: true, ..Default::default() };
    let (lines, dry_used) = peak(|| manage::install(&game, &pkg, &dry, &mut |_| false).unwrap());
    assert!(lines.iter().any(|l| l.english == "dry run: nothing written"), "{lines:?}");
    assert!(std::fs::read(game.join(file)).unwrap() == bytes, "a dry run writes nothing");
    let (_, used) = peak(|| manage::install(&game, &pkg, &InstallOptions::default(), &mut |_| false).unwrap());
    assert!(std::fs::read(game.join(file)).unwrap() == want, "the streamed rebuild is the in-memory one, byte for byte");
    assert!(!game.join(".parkan-mods/stage").exists(), "nothing left staged");
    let (_, revert_used) = peak(|| manage::revert(&game, "Nested", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join(file)).unwrap() == bytes, "reverted byte for byte");
    assert!(used < MIB, "install peak {} KiB", used >> 10);
    assert!(dry_used < MIB, "dry run peak {} KiB", dry_used >> 10);
    assert!(revert_used < MIB, "revert peak {} KiB", revert_used >> 10);
}

#[test]
fn an_entry_replaced_inside_a_nested_nres_archive_holds_neither_the_archive_nor_the_entry() {
    let _turn = heap::turn();
    // A 32 MiB NRes archive of four 8 MiB entries inside an outer NRes archive; one of its
    // entries replaced by an 8 MiB member.
    let inner = nres_archive(0, 4, 8 * MIB);
    let mut outer = nres::Archive::new();
    outer.add(b"FIRST", 0, [0; 3], bytes_of(90, MIB)).unwrap();
    outer.add(b"inner.lib", 0, [0; 3], inner).unwrap();
    outer.add(b"LAST", 0, [0; 3], bytes_of(91, 1000)).unwrap();
    let outer = outer.write();
    let new = bytes_of(100, 8 * MIB);
    let pkg = package("Nested", &[replace("outer.lib", &["inner.lib", "E02"], &new, &bytes_of(2, 8 * MIB))], &[("data/0001", &new)]);
    // Rebuilt in memory: the inner archive, its rebuilt copy and the member (about 3 × 32 MiB).
    within_a_mib("outer.lib", &outer, pkg);
}

#[test]
fn an_archive_two_levels_deep_under_a_stored_rsli_holder_is_read_where_it_lies() {
    let _turn = heap::turn();
    // outer.rsl › mid.lib (stored) › deep.lib (NRes, 16 MiB): an entry of the deepest replaced.
    // A stored holder is read where it lies; the Deflate-packed one beside it is not touched.
    let deep = nres_archive(10, 4, 4 * MIB);
    let mut mid = nres::Archive::new();
    mid.add(b"deep.lib", 0, [0; 3], deep).unwrap();
    mid.add(b"M1", 0, [0; 3], bytes_of(92, 2 * MIB)).unwrap();
    let mut outer = rsli::Archive::new();
    outer.add(b"MID.LIB", &mid.write(), rsli::Method::Stored).unwrap();
    outer.add(b"PACKED", &bytes_of(93, 2 * MIB), rsli::Method::Deflate).unwrap();
    let outer = outer.write();
    let new = bytes_of(101, 4 * MIB);
    let pkg = package("Nested", &[replace("outer.rsl", &["MID.LIB", "deep.lib", "E01"], &new, &bytes_of(11, 4 * MIB))], &[("data/0001", &new)]);
    within_a_mib("outer.rsl", &outer, pkg);
}

#[test]
fn an_archive_nested_in_a_packed_rsli_holder_is_unpacked_and_packed_again_as_it_streams() {
    let _turn = heap::turn();
    // outer.rsl › inner.lib (NRes, 16 MiB) packed with Deflate, and one packed with LZSS and
    // encrypted (XorLzss): an entry of each replaced. Each holder is unpacked into a file of the
    // stage as it is read and its rebuilt bytes packed again as they are read back, so neither
    // the holder nor its packed copy is held (before: both, about 2 × 16 MiB per holder).
    let mut outer = rsli::Archive::new();
    outer.add(b"INNER.LIB", &nres_archive(20, 4, 4 * MIB), rsli::Method::Deflate).unwrap();
    outer.add(b"SECRET.LIB", &nres_archive(30, 2, 2 * MIB), rsli::Method::XorLzss).unwrap();
    let outer = outer.write();
    let new = bytes_of(102, 4 * MIB);
    let changes = [replace("outer.rsl", &["INNER.LIB", "E03"], &new, &bytes_of(23, 4 * MIB)), replace("outer.rsl", &["SECRET.LIB", "E01"], &new, &bytes_of(31, 2 * MIB))];
    let pkg = package("Nested", &changes, &[("data/0001", &new)]);
    within_a_mib("outer.rsl", &outer, pkg);
}
