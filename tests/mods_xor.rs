//! Memory of a mod's rebuild of an RsLi archive whose entries use an xor method
//! (docs/formats/rsli.md, "Writing and edits"): a rename changes the lookup table and so every
//! later entry's key, yet the re-keyed payloads are copied from the file and re-keyed on the
//! way, not loaded; a replacement of an Xor entry is copied from its member and keyed as it is
//! written. Peaks are the bytes this process allocated (a counting allocator) above what it
//! held before; the tests of this file take turns.

use parkan_studio::doc::mods::change::sha256_hex;
use parkan_studio::doc::mods::manage::{self, InstallOptions};
use parkan_studio::formats::rsli;
use std::path::Path;

#[path = "support/built.rs"]
mod built;
use built::{MIB, bytes_of, digest, in_memory, package, write};
#[path = "support/heap.rs"]
mod heap;
use heap::peak;

#[global_allocator]
static A: heap::Counting = heap::Counting;

fn install(game: &Path, pkg: &Path) {
    manage::install(game, pkg, &InstallOptions::default(), &mut |_| false).unwrap();
}

#[test]
fn a_rename_in_an_archive_of_xor_entries_rekeys_them_as_they_are_copied() {
    let _turn = heap::turn();
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("game");
    std::fs::create_dir(&game).unwrap();
    // Eight 8 MiB Xor entries E0..E7 (64 MiB).
    let mut a = rsli::Archive::new();
    for i in 0..8u32 {
        a.add(format!("E{i}").as_bytes(), &bytes_of(i, 8 * MIB), rsli::Method::Xor).unwrap();
    }
    let archive = a.write();
    drop(a);
    write(&game, "sprites.lib", &archive);

    // E3 renamed to Z3: the table becomes E0 E1 E2 E4 E5 E6 E7 Z3, so E3..E7 change keys.
    let rename = format!(r#"{{"op":"rename_entry","file":"sprites.lib","entry":["E3"],"to":"Z3","original":{}}}"#, digest(&bytes_of(3, 8 * MIB)));
    let pkg_bytes = package("Rename", &[rename], &[]);
    let want = in_memory(&archive, "sprites.lib", &pkg_bytes);
    let pkg = write(t.path(), "rename.parkanmod", &pkg_bytes);
    let (_, used) = peak(|| install(&game, &pkg));
    assert!(std::fs::read(game.join("sprites.lib")).unwrap() == want, "the streamed rebuild is the in-memory one, byte for byte");
    // The rename's check hashes E3 in the file, decrypted as it is read; the five re-keyed
    // entries (40 MiB) are copied through the two keystreams a bounded buffer at a time
    // (before: all eight loaded, 64 MiB, and the five re-keyed copies beside them).
    assert!(used < MIB, "install peak {} KiB", used >> 10);
    let (_, used) = peak(|| manage::revert(&game, "Rename", false, false, &mut |_| false).unwrap());
    assert!(std::fs::read(game.join("sprites.lib")).unwrap() == archive, "reverted byte for byte");
    assert!(used < MIB, "revert peak {} KiB", used >> 10);

    // E5 replaced by an 8 MiB member and E1 renamed: the member is copied into a file of the
    // stage unencrypted (Xor with key 0), then keyed with E5's final key as it is written.
    let new = bytes_of(100, 8 * MIB);
    let changes = [
        format!(
            r#"{{"op":"replace_entry","file":"sprites.lib","entry":["E5"],"data":{{"path":"data/0001","size":{},"sha256":"{}"}},"original":{}}}"#,
            new.len(),
            sha256_hex(&new),
            digest(&bytes_of(5, 8 * MIB))
        ),
        format!(r#"{{"op":"rename_entry","file":"sprites.lib","entry":["E1"],"to":"A1","original":{}}}"#, digest(&bytes_of(1, 8 * MIB))),
    ];
    let pkg_bytes = package("Replace", &changes, &[("data/0001", &new)]);
    let want = in_memory(&archive, "sprites.lib", &pkg_bytes);
    let pkg = write(t.path(), "replace.parkanmod", &pkg_bytes);
    drop((pkg_bytes, new));
    let (_, used) = peak(|| install(&game, &pkg));
    assert!(std::fs::read(game.join("sprites.lib")).unwrap() == want, "byte for byte the rebuild in memory");
    // Before: the member read whole and all eight entries loaded.
    assert!(used < MIB, "install peak with a replaced Xor entry {} KiB", used >> 10);
    assert!(!game.join(".parkan-mods/stage").exists(), "nothing left staged");
}
