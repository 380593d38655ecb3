//! `.parkanmod` packages (docs/formats/parkanmod.md): any bytes read as a package. A package
//! that reads has only safe game paths and entry names, each item changed once, and (in the
//! round trip) writes back to a package that reads as the same; one that does not read is an error naming it.
//! A package that reads is also applied: in memory to a small game's files (the parse target),
//! and installed into a small game folder on disk and reverted (the round trip), which must
//! leave the folder byte for byte as it was and write nothing through the folder's link out.
//! Seeds are packages the project's own writer makes of changes `doc::mods::create` finds
//! between fixture files.

use crate::doc::mods::apply::apply_file;
use crate::doc::mods::change::Change;
use crate::doc::mods::create::diff_file;
use crate::doc::mods::paths::{unsafe_entry_name, unsafe_game_path};
use crate::doc::mods::{Meta, Package};
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;

const NAME: &str = "fuzz.parkanmod";

/// The fast target: read, the promises of a package that reads, and its changes applied in
/// memory to the small game's files.
pub fn parse(data: &[u8]) {
    let Some(pkg) = read(data) else { return };
    let game = game_files();
    for force in [false, true] {
        let mut groups: Vec<(String, Vec<&Change>)> = Vec::new();
        for c in &pkg.changes {
            match groups.iter_mut().find(|(f, _)| f.eq_ignore_ascii_case(&c.file)) {
                Some((_, v)) => v.push(c),
                None => groups.push((c.file.clone(), vec![c])),
            }
        }
        for (file, changes) in groups {
            let current = game.iter().find(|(n, _)| n.eq_ignore_ascii_case(&file)).map(|(_, b)| SharedBytes::from(b.clone()));
            let r = apply_file(current, &file, &changes, force);
            assert_eq!(r.outcomes.len(), changes.len(), "{file}: one outcome a change");
        }
    }
}

/// The small game the targets apply packages to: the same files the fuzz corpus's packages were made against.
fn game_files() -> Vec<(&'static str, Vec<u8>)> {
    use crate::fixtures::{nres, wear};
    vec![
        ("Textures.lib", nres::simple()),
        ("models/deep.rlb", nres::nested()),
        ("sprites.lib", sprites()),
        ("Land1.wea", wear::demo()),
        ("config.cfg", b"a=1\n".to_vec()),
        ("old.dat", b"gone".to_vec()),
    ]
}

/// An RsLi archive with an entry of each of the seven methods and an NRes archive nested in an
/// LZSS-packed entry: the streamed rebuild's packing, unpacking and re-keying, and a nested
/// archive unpacked into the stage.
fn sprites() -> Vec<u8> {
    use crate::fixtures::{nres, rsli as fx};
    use crate::formats::rsli;
    let (mut a, _) = rsli::Archive::parse(SharedBytes::from(fx::one_per_method())).expect("fixtures parse");
    a.add(b"NESTED.LIB", &nres::simple(), rsli::Method::Lzss).expect("fixtures add");
    a.write()
}

/// Installs the package into the small game on disk (beside a folder outside it that the game
/// links to, where the system has links), then reverts it: the game folder must come back
/// byte for byte and nothing outside may change, whether the install worked or was refused.
/// Whether it was installed.
fn install_and_revert(bytes: &[u8], pkg: &Package) -> bool {
    use crate::doc::mods::manage::{InstallOptions, install_bytes, revert};
    use crate::fixtures::wear;
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let (game, outside) = (tmp.path().join("game"), tmp.path().join("outside"));
    std::fs::create_dir_all(game.join("models")).expect("the game folder");
    std::fs::create_dir(&outside).expect("the outside folder");
    std::fs::write(outside.join("f.wea"), wear::demo()).expect("an outside file");
    for (name, b) in game_files() {
        std::fs::write(game.join(name), b).expect("a game file");
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&outside, game.join("out")).expect("a link");
        std::os::unix::fs::symlink(outside.join("f.wea"), game.join("linked.wea")).expect("a link");
    }
    let before = tree(&game);
    let outside_before = tree(&outside);
    let installed = install_bytes(&game, NAME, bytes.to_vec(), &InstallOptions::default(), &mut |_| false);
    assert_eq!(tree(&outside), outside_before, "an install wrote outside the game folder");
    if installed.is_ok() {
        revert(&game, &pkg.meta.name, true, false, &mut |_| false).unwrap_or_else(|e| panic!("an installed mod does not revert: {e}"));
    }
    assert_eq!(tree(&game), before, "install and revert did not give the folder back");
    assert_eq!(tree(&outside), outside_before);
    installed.is_ok()
}

/// Every file under `dir` (links not followed, the journal left out) with its bytes.
fn tree(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), dir.to_path_buf())];
    while let Some((rel, at)) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&at) else { continue };
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if rel.is_empty() && name == crate::doc::mods::paths::JOURNAL_DIR {
                continue;
            }
            let r = if rel.is_empty() { name } else { format!("{rel}/{name}") };
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push((r, e.path())),
                Ok(t) if t.is_file() => out.push((r, std::fs::read(e.path()).unwrap_or_default())),
                _ => out.push((r, Vec::new())),
            }
        }
    }
    out.sort();
    out
}

/// Read, then written back and read again: the same package.
pub fn package(data: &[u8]) {
    // A zip member inflates at most about a thousand times its stored size: the cap keeps a
    // run's memory and time bounded (see `PARSE_MAX_LEN`).
    if data.len() > super::PARSE_MAX_LEN {
        return;
    }
    let Some(pkg) = read(data) else { return };
    let bytes = pkg.to_bytes().expect("writing to memory");
    let again = Package::from_bytes(NAME, &bytes).unwrap_or_else(|e| panic!("a package read does not read once written again: {}", e.0));
    assert_eq!(again, pkg, "written again, the package reads differently");
    install_and_revert(data, &pkg);
}

/// A package that reads has only safe game paths and entry names, each item changed once; one
/// that does not is an error naming it.
fn read(data: &[u8]) -> Option<Package> {
    let pkg = match Package::from_bytes(NAME, data) {
        Ok(p) => p,
        Err(e) => {
            assert!(e.0.english.starts_with(NAME), "an error that does not name the package: {}", e.0);
            return None;
        }
    };
    let mut keys = std::collections::HashSet::new();
    for c in &pkg.changes {
        assert!(unsafe_game_path(&c.file).is_none(), "an unsafe game path read: {:?}", c.file);
        assert!(c.entry.iter().all(|e| unsafe_entry_name(e).is_none()), "an unsafe entry name read: {:?}", c.entry);
        assert!(keys.insert(c.key()), "{} changed twice", c.address());
    }
    Some(pkg)
}

fn edited(bytes: &[u8], f: impl FnOnce(&mut Node)) -> SharedBytes {
    let (mut node, _) = Node::parse("x.lib", SharedBytes::from(bytes.to_vec())).expect("fixtures parse");
    f(&mut node);
    SharedBytes::from(node.write())
}

fn written(name: &str, changes: Vec<Change>) -> Vec<u8> {
    let meta = Meta { name: name.into(), version: "1.0".into(), author: "fuzz".into(), description: "a seed".into(), tool: "fixtures".into() };
    Package { meta, changes }.to_bytes().expect("writing to memory")
}

pub fn seeds() -> Vec<Vec<u8>> {
    use crate::fixtures::{nres, wear};
    let simple = nres::simple();
    let mut out = Vec::new();
    // Entries of an archive replaced, removed, renamed and added.
    let mut c = Vec::new();
    let b = edited(&simple, |n| {
        n.replace_entry(0, SharedBytes::from(b"new steel".to_vec())).unwrap();
        n.remove_entry(2).unwrap();
        n.add_entry(b"added.0", u32::from_le_bytes(*b"DATA"), [1, 2, 3], SharedBytes::from(b"added".to_vec())).unwrap();
    });
    diff_file("Textures.lib", Some(SharedBytes::from(simple.clone())), Some(b), &mut c);
    // A rename (as a modder writes it: `mod create` sees a removal and an addition).
    let (node, _) = Node::parse("x.lib", SharedBytes::from(simple.clone())).expect("fixtures parse");
    let original = crate::doc::mods::change::Digest::of(&node.entry_bytes(3).expect("fixtures read"));
    c.push(Change { file: "Textures.lib".into(), entry: vec!["Zeta".into()], op: crate::doc::mods::change::Op::RenameEntry { to: "Omega".into(), original } });
    out.push(written("Entries", c));
    // An entry inside a nested archive.
    let nested = nres::nested();
    let mut c = Vec::new();
    let b = edited(&nested, |n| {
        let (mut inner, _) = Node::parse("inner", n.entry_bytes(0).unwrap()).unwrap();
        inner.replace_entry(0, SharedBytes::from(b"deeper".to_vec())).unwrap();
        n.replace_entry(0, SharedBytes::from(inner.write())).unwrap();
    });
    diff_file("models/deep.rlb", Some(SharedBytes::from(nested)), Some(b), &mut c);
    out.push(written("Nested", c));
    // Entries of an RsLi archive of every method replaced, removed and added (the table
    // changes, so every xor entry is keyed again), and an entry of the archive nested in a
    // packed one replaced.
    let sprites = sprites();
    let mut c = Vec::new();
    let b = edited(&sprites, |n| {
        let nested = n.resolve("NESTED.LIB").expect("fixtures name");
        let (mut inner, _) = Node::parse("inner", n.entry_bytes(nested).unwrap()).unwrap();
        inner.replace_entry(0, SharedBytes::from(b"deeper".to_vec())).unwrap();
        n.replace_entry(nested, SharedBytes::from(inner.write())).unwrap();
        n.replace_entry(1, SharedBytes::from(b"packed again".to_vec())).unwrap();
        n.replace_entry(4, SharedBytes::from(b"keyed again".to_vec())).unwrap();
        n.remove_entry(0).unwrap();
        n.add_entry(b"ADDED.BIN", 0, [0; 3], SharedBytes::from(b"added".to_vec())).unwrap();
    });
    diff_file("sprites.lib", Some(SharedBytes::from(sprites)), Some(b), &mut c);
    out.push(written("Sprites", c));
    // WEAR rows, and loose files added, replaced and removed.
    let mut c = Vec::new();
    let table = wear::demo();
    let text = String::from_utf8_lossy(&table).replacen('0', "1", 1).into_bytes();
    diff_file("Land1.wea", Some(SharedBytes::from(table)), Some(SharedBytes::from(text)), &mut c);
    diff_file("readme.txt", None, Some(SharedBytes::from(b"hello\n".to_vec())), &mut c);
    diff_file("config.cfg", Some(SharedBytes::from(b"a=1\n".to_vec())), Some(SharedBytes::from(b"a=2\n".to_vec())), &mut c);
    diff_file("old.dat", Some(SharedBytes::from(b"gone".to_vec())), None, &mut c);
    out.push(written("Loose", c));
    // Nothing but the manifest.
    out.push(written("Empty", Vec::new()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seed_reads_with_each_kind_of_change() {
        let mut ops = std::collections::BTreeSet::new();
        for s in seeds() {
            let p = Package::from_bytes(NAME, &s).unwrap();
            ops.extend(p.changes.iter().map(|c| c.op.name()));
            package(&s);
        }
        for op in ["replace_entry", "remove_entry", "add_entry", "rename_entry", "wear_rows", "add_file", "replace_file", "remove_file"] {
            assert!(ops.contains(op), "no seed has {op}: {ops:?}");
        }
    }

    #[test]
    fn every_seed_installs_into_the_small_game_and_reverts() {
        // A seed the small game refuses would start the fuzzer on the refusal paths alone.
        for s in seeds() {
            let p = Package::from_bytes(NAME, &s).unwrap();
            assert!(install_and_revert(&s, &p), "seed {} is refused", p.meta.name);
        }
    }

    #[test]
    fn a_broken_package_is_an_error_naming_it() {
        let mut s = seeds().remove(0);
        let n = s.len();
        s.truncate(n / 2);
        for broken in [&s[..], b"PK\x03\x04", b""] {
            // The target's checks hold (no panic), and the package is refused, not read.
            package(broken);
            match Package::from_bytes(NAME, broken) {
                Ok(p) => panic!("a broken package of {} bytes was accepted with {} changes", broken.len(), p.changes.len()),
                Err(e) => assert!(e.0.english.starts_with(NAME), "the error names the package: {}", e.0),
            }
            assert!(read(broken).is_none());
        }
    }
}
