//! `.parkanmod` packages (docs/formats/parkanmod.md): any bytes read as a package. A package
//! that reads has only safe game paths and entry names, each item changed once, and (in the
//! round trip) writes back to a package that reads as the same; one that does not read is an error naming it.
//! Seeds are packages the project's own writer makes of changes `doc::mods::create` finds
//! between fixture files.

use crate::doc::mods::change::Change;
use crate::doc::mods::create::diff_file;
use crate::doc::mods::paths::{unsafe_entry_name, unsafe_game_path};
use crate::doc::mods::{Meta, Package};
use crate::doc::node::Node;
use crate::formats::bytes::SharedBytes;

const NAME: &str = "fuzz.parkanmod";

/// The fast target: read only, and the promises of a package that reads.
pub fn parse(data: &[u8]) {
    read(data);
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
}

/// A package that reads has only safe game paths and entry names, each item changed once; one
/// that does not is an error naming it.
fn read(data: &[u8]) -> Option<Package> {
    let pkg = match Package::from_bytes(NAME, data) {
        Ok(p) => p,
        Err(e) => {
            assert!(e.0.starts_with(NAME), "an error that does not name the package: {}", e.0);
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
    fn a_broken_package_is_an_error_naming_it() {
        let mut s = seeds().remove(0);
        let n = s.len();
        s.truncate(n / 2);
        for broken in [&s[..], b"PK\x03\x04", b""] {
            // The target's checks hold (no panic), and the package is refused, not read.
            package(broken);
            match Package::from_bytes(NAME, broken) {
                Ok(p) => panic!("a broken package of {} bytes was accepted with {} changes", broken.len(), p.changes.len()),
                Err(e) => assert!(e.0.starts_with(NAME), "the error names the package: {}", e.0),
            }
            assert!(read(broken).is_none());
        }
    }
}
