//! What the streamed-mods suites (mods_stream, mods_hand, mods_nested, mods_xor) build: bytes
//! of a seed, packages written by hand from change texts, and the in-memory reference the
//! streamed rebuilds are compared with.
#![allow(dead_code, reason = "each suite uses a part")]

use parkan_studio::doc::mods::apply::apply_file;
use parkan_studio::doc::mods::change::sha256_hex;
use parkan_studio::doc::mods::{Change, Package};
use parkan_studio::formats::bytes::SharedBytes;
use std::path::{Path, PathBuf};

pub const MIB: usize = 1 << 20;

/// `len` bytes that differ with `seed` and do not repeat within 8 KiB.
pub fn bytes_of(seed: u32, len: usize) -> Vec<u8> {
    (0..len as u32).map(|i| (i.wrapping_mul(2_654_435_761).wrapping_add(seed.wrapping_mul(40_503)) >> 13) as u8).collect()
}

/// A zip of `(name, bytes)` members compressed with `method`, in order.
pub fn zip_with(members: &[(&str, &[u8])], method: zip::CompressionMethod) -> Vec<u8> {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default().compression_method(method);
    for (n, b) in members {
        z.start_file(*n, o).unwrap();
        z.write_all(b).unwrap();
    }
    z.finish().unwrap().into_inner()
}

/// A manifest's `data` of `member` holding `data`.
pub fn blob(member: &str, data: &[u8]) -> String {
    format!(r#"{{"path":"{member}","size":{},"sha256":"{}"}}"#, data.len(), sha256_hex(data))
}

/// A manifest's `original` of `data`.
pub fn digest(data: &[u8]) -> String {
    format!(r#"{{"size":{},"sha256":"{}"}}"#, data.len(), sha256_hex(data))
}

/// A package named `name` of `changes` (manifest texts) with `members`, stored.
pub fn package(name: &str, changes: &[String], members: &[(&str, &[u8])]) -> Vec<u8> {
    let m = format!(r#"{{"format":"parkanmod","format_version":1,"name":"{name}","version":"1","changes":[{}]}}"#, changes.join(","));
    let mut all: Vec<(&str, &[u8])> = vec![("mod.json", m.as_bytes())];
    all.extend_from_slice(members);
    zip_with(&all, zip::CompressionMethod::Stored)
}

pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// The bytes `apply_file` gives for `pkg`'s changes of `file` in memory: the reference.
pub fn in_memory(file_bytes: &[u8], file: &str, pkg: &[u8]) -> Vec<u8> {
    let p = Package::from_bytes("reference", pkg).unwrap();
    let refs: Vec<&Change> = p.changes.iter().filter(|c| c.file == file).collect();
    let r = apply_file(Some(SharedBytes::from(file_bytes)), file, &refs, false);
    assert!(r.blocked().next().is_none());
    r.bytes.unwrap().to_vec()
}
