//! What the mod suites share: a small game folder written once per test with copies made of
//! it, and a zip archive built from members (a package's container, hostile or not).

use parkan_studio::fixtures::game::{GameSpec, write_game};
use std::path::PathBuf;

/// A temporary folder holding `clean/`, the small game, and the copies a test makes of it.
pub struct Setup {
    _tmp: tempfile::TempDir,
    pub root: PathBuf,
    pub clean: PathBuf,
}

impl Setup {
    pub fn new() -> Setup {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_path_buf();
        let clean = root.join("clean");
        write_game(&clean, &GameSpec::SMALL).unwrap();
        Setup { _tmp: tmp, root, clean }
    }

    /// A copy of the clean game named `name`.
    pub fn copy(&self, name: &str) -> PathBuf {
        let to = self.root.join(name);
        parkan_studio::fixtures::files::copy_dir(&self.clean, &to).unwrap();
        to
    }
}

/// A zip of `(name, bytes)` members, deflated, in order.
#[allow(dead_code, reason = "not every mod suite builds packages by hand")]
pub fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (n, b) in members {
        z.start_file(*n, o).unwrap();
        z.write_all(b).unwrap();
    }
    z.finish().unwrap().into_inner()
}

/// Gives entry `name` of `Textures.lib` in `dir` the bytes of entry `from` (an edit a mod is
/// made of, or a hand edit under an installed mod).
#[allow(dead_code, reason = "the Mods panel's suites use it; the command-line ones do not")]
pub fn swap_texture(dir: &std::path::Path, name: &str, from: &str) {
    use parkan_studio::doc::node::Node;
    use parkan_studio::formats::bytes::SharedBytes;
    let path = dir.join("Textures.lib");
    let (mut node, _) = Node::parse("Textures.lib", SharedBytes::from(std::fs::read(&path).unwrap())).unwrap();
    let bytes = node.entry_bytes(node.resolve(from).unwrap()).unwrap();
    let i = node.resolve(name).unwrap();
    node.replace_entry(i, bytes).unwrap();
    std::fs::write(&path, node.write()).unwrap();
}

/// Makes zip archive `z` declare `size` bytes for its member `name` in both of its headers (a
/// package that lies about how large a member inflates); returns how many headers it patched.
#[allow(dead_code, reason = "the hostile and streaming suites use it")]
pub fn declare_member_size(z: &mut [u8], name: &[u8], size: u32) -> usize {
    let mut patched = 0;
    for i in 0..z.len().saturating_sub(4) {
        let (name_at, size_at) = match &z[i..i + 4] {
            b"PK\x03\x04" => (i + 30, i + 22),
            b"PK\x01\x02" => (i + 46, i + 24),
            _ => continue,
        };
        if z.get(name_at..name_at + name.len()) == Some(name) {
            z[size_at..size_at + 4].copy_from_slice(&size.to_le_bytes());
            patched += 1;
        }
    }
    patched
}

/// Every game file (the journal's folder left out) by relative path, with its bytes.
#[allow(dead_code, reason = "not every mod suite compares folders")]
pub fn snapshot(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    parkan_studio::doc::mods::paths::files_under(dir).unwrap().into_iter().map(|(rel, p)| (rel, std::fs::read(p).unwrap())).collect()
}

/// Two snapshots hold the same files with the same bytes.
#[allow(dead_code, reason = "not every mod suite compares folders")]
pub fn assert_same(a: &std::collections::BTreeMap<String, Vec<u8>>, b: &std::collections::BTreeMap<String, Vec<u8>>, what: &str) {
    let ka: Vec<_> = a.keys().collect();
    let kb: Vec<_> = b.keys().collect();
    assert_eq!(ka, kb, "{what}: the same files");
    for (k, v) in a {
        assert!(b[k] == *v, "{what}: {k} differs");
    }
}
