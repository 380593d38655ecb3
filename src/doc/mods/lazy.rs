//! A package's members read when a file needs them, not held (docs/formats/parkanmod.md,
//! "Limits"). [`Package::open_lazy`](super::Package::open_lazy) and
//! [`Package::open_installed`](super::Package::open_installed) read the manifest and check the
//! package; [`Lazy::load`] then reads the members of one file's changes.
//!
//! A member several files name is inflated once per command: when a file that is not the last
//! to want it reads it, it is copied into the command's staging folder ([`Lazy::spill_into`]),
//! and the other files read that copy (no inflating, no hashing again); the copy goes when the
//! last of them has read it. A dry run, which has no staging folder, spills into a temporary
//! folder of its own; only where none can be made is such a member inflated again.
//!
//! [`Lazy::load_fed`] reads no member for a change whose bytes are an archive entry's new
//! payload or a whole file's new bytes: it is a source ([`Fed`]) the streamed rebuild copies from the member, or from its
//! spilled copy, when it writes that entry or file ([`Feed`]), its length and SHA-256 checked as it
//! goes; a member other files want is first inflated into its copy, checked the same way.

use super::apply::Fed;
use super::change::{Change, Digest, Op, sha256_hex};
use super::package::{MAX_DATA_FILE, Package, PackageError, read_member};
use super::stream::{Feed, Hashing};
use crate::formats::bytes::SharedBytes;
use crate::msg;
use std::collections::{HashMap, HashSet};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// What a package's members are read from.
pub enum Source {
    Bytes(SharedBytes),
    File(PathBuf),
}

pub(super) trait ReadSeek: Read + Seek {}
impl<T: Read + Seek> ReadSeek for T {}

/// The members of a package opened without holding them, read again when needed.
pub struct Lazy {
    name: String,
    zip: zip::ZipArchive<Box<dyn ReadSeek>>,
    /// Per change, the members its bytes come from (member, SHA-256), in the order of its
    /// fields (a `wear_rows` change's base, then its data).
    pending: Vec<Vec<(String, String)>>,
    source: Source,
    /// Per member, the files (lower-cased) whose changes name it and have not been loaded yet.
    wanted: HashMap<String, HashSet<String>>,
    /// Where members still wanted by other files are copied, and the copies made (member →
    /// the copy and its length).
    spill: Option<(PathBuf, String)>,
    spilled: HashMap<String, (PathBuf, usize)>,
    copies: usize,
    /// Members inflated from the zip so far.
    inflated: usize,
    /// The temporary folder of [`Lazy::spill_to_temporary`].
    temp: Option<tempfile::TempDir>,
    /// The sources of the changes [`Lazy::load_fed`] read last: member, SHA-256, size.
    fed: Vec<(String, String, u64)>,
    /// Members whose copies no file wants any more, still read by the file loaded last (its
    /// fed changes): removed at the next load.
    retired: Vec<String>,
}

impl Lazy {
    pub(super) fn new(name: &str, zip: zip::ZipArchive<Box<dyn ReadSeek>>, pkg: &Package, pending: Vec<Vec<(String, String)>>, source: Source) -> Lazy {
        let mut wanted: HashMap<String, HashSet<String>> = HashMap::new();
        for (c, members) in pkg.changes.iter().zip(&pending) {
            for (m, _) in members {
                wanted.entry(m.clone()).or_default().insert(c.file.to_ascii_lowercase());
            }
        }
        Lazy { name: name.to_string(), zip, pending, source, wanted, spill: None, spilled: HashMap::new(), copies: 0, inflated: 0, temp: None, fed: Vec::new(), retired: Vec::new() }
    }

    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Members wanted by more than one file are copied into `dir` (a staging folder, removed
    /// with it), their names starting with `prefix`, so each is inflated once.
    pub fn spill_into(&mut self, dir: &Path, prefix: &str) {
        self.spill = Some((dir.to_path_buf(), prefix.to_string()));
    }

    /// As [`Lazy::spill_into`], into a temporary folder of its own (a dry run, which has no
    /// stage), removed with this reader; without one (it cannot be made) a member several
    /// files name is inflated again for each.
    pub fn spill_to_temporary(&mut self) {
        if let Ok(t) = tempfile::Builder::new().prefix("parkan-mod-members-").tempdir() {
            self.spill_into(t.path(), "member-");
            self.temp = Some(t);
        }
    }

    /// How many times a member was inflated from the zip so far.
    pub fn inflated(&self) -> usize {
        self.inflated
    }

    /// The SHA-256 of the member change `i`'s new bytes come from, as checked.
    pub fn data_sha(&self, i: usize) -> Option<&str> {
        self.pending.get(i).and_then(|m| m.last()).map(|(_, sha)| sha.as_str())
    }

    /// The sizes of the members change `i`'s bytes come from, in the order of its fields (a
    /// merged change's base, then its data), as the zip declares them (checked against the
    /// manifest when the package was opened): what a listing shows without reading them.
    pub fn member_sizes(&mut self, i: usize) -> Vec<u64> {
        let members = self.pending.get(i).cloned().unwrap_or_default();
        members.iter().map(|(m, _)| self.zip.by_name(m).map(|f| f.size()).unwrap_or(0)).collect()
    }

    /// Removes every spilled copy (the command has built its files).
    pub fn drop_spills(&mut self) {
        self.retired.clear();
        for (_, (p, _)) in self.spilled.drain() {
            let _ = std::fs::remove_file(p);
        }
    }

    /// Removes the copies of [`Lazy::retired`] members.
    fn retire(&mut self) {
        for m in std::mem::take(&mut self.retired) {
            if let Some((p, _)) = self.spilled.remove(&m) {
                let _ = std::fs::remove_file(p);
            }
        }
    }

    /// Streams `member` (`len` bytes as declared) from the zip into `w`, its length and
    /// SHA-256 checked against `sha` as it goes (an `InvalidData` error when they differ).
    fn stream_member(&mut self, member: &str, sha: &str, len: u64, w: &mut dyn Write) -> io::Result<()> {
        let name = self.name.clone();
        let bad = |why: String| io::Error::new(io::ErrorKind::InvalidData, why);
        let mut h = Hashing::new(w);
        {
            let f = self.zip.by_name(member).map_err(|e| bad(format!("{name}: {member}: {e}")))?;
            // One byte more than declared shows a member that inflates past its size.
            io::copy(&mut f.take(len.min(MAX_DATA_FILE) + 1), &mut h).map_err(|e| if e.kind() == io::ErrorKind::InvalidData { bad(format!("{name}: {member}: {e}")) } else { e })?;
        }
        self.inflated += 1;
        let got = h.digest();
        if got.size != len || !got.sha256.eq_ignore_ascii_case(sha) {
            let m = crate::msg!("mods-member-changed", "{member} changed since the package was read (its SHA-256 is no longer the manifest's)", member = member);
            return Err(bad(format!("{name}: {m}")));
        }
        Ok(())
    }

    /// Copies `member` into the spill folder (as [`Lazy::loaded`] does from bytes read), from
    /// the zip, checked as it goes; a copy that cannot be written is no error.
    fn spill_member(&mut self, member: &str, sha: &str, len: u64) -> Result<(), PackageError> {
        let Some((dir, prefix)) = &self.spill else { return Ok(()) };
        let p = dir.join(format!("{prefix}{}", self.copies));
        self.copies += 1;
        let written = std::fs::File::create(&p).and_then(|f| {
            let mut w = io::BufWriter::with_capacity(1 << 16, f);
            self.stream_member(member, sha, len, &mut w)?;
            w.flush()
        });
        match written {
            Ok(()) => {
                self.spilled.insert(member.to_string(), (p, len as usize));
                Ok(())
            }
            Err(e) => {
                let _ = std::fs::remove_file(&p);
                if e.kind() == io::ErrorKind::InvalidData { Err(refused(super::text::said(&e))) } else { Ok(()) }
            }
        }
    }

    /// As [`Lazy::load`], but a change whose bytes are an archive entry's new payload (an
    /// `add_entry` or `replace_entry` of an entry of the file, or of an archive nested in it) holds none: its
    /// `Fed` (by position) names the member, read as the entry is written ([`Feed`]). The
    /// sources stay valid until the next load. A member other files want too is inflated into
    /// its copy first (once per command).
    pub(super) fn load_fed(&mut self, pkg: &Package, which: &[usize]) -> Result<(Vec<Change>, Vec<Option<Fed>>), PackageError> {
        self.retire();
        self.fed.clear();
        let fed_op = |c: &Change| if c.entry.is_empty() { matches!(c.op, Op::AddFile { .. } | Op::ReplaceFile { .. }) } else { matches!(c.op, Op::ReplaceEntry { .. } | Op::AddEntry { .. }) };
        let rest: Vec<usize> = which.iter().copied().filter(|&i| !pkg.changes.get(i).is_some_and(fed_op)).collect();
        let mut loaded = self.load(pkg, &rest)?.into_iter();
        let files: HashSet<String> = which.iter().filter_map(|&i| pkg.changes.get(i)).map(|c| c.file.to_ascii_lowercase()).collect();
        let (mut out, mut fed) = (Vec::with_capacity(which.len()), Vec::with_capacity(which.len()));
        for &i in which {
            let Some(c) = pkg.changes.get(i) else { return Err(refused(crate::msg!("mods-no-change", "{label}: no change #{i}", label = self.name.clone(), i = i))) };
            if !fed_op(c) {
                out.push(loaded.next().ok_or_else(|| refused(crate::msg!("mods-no-change", "{label}: no change #{i}", label = self.name.clone(), i = i)))?);
                fed.push(None);
                continue;
            }
            let Some((member, sha)) = self.pending.get(i).and_then(|m| m.last()).cloned() else {
                return Err(refused(crate::msg!("mods-no-change", "{label}: no change #{i}", label = self.name.clone(), i = i)));
            };
            let len = self.zip.by_name(&member).map(|f| f.size()).map_err(|e| refused(crate::msg!("mods-member-unreadable", "{name}: {member}: {error}", name = self.name.clone(), member = member.clone(), error = e.to_string())))?;
            let left = match self.wanted.get_mut(&member) {
                Some(w) => {
                    w.retain(|f| !files.contains(f));
                    w.len()
                }
                None => 0,
            };
            if left > 0 && !self.spilled.contains_key(&member) {
                self.spill_member(&member, &sha, len)?;
            } else if left == 0 && self.spilled.contains_key(&member) {
                self.retired.push(member.clone());
            }
            let id = u32::try_from(self.fed.len()).map_err(|_| refused(crate::msg!("mods-too-many-fed", "{name}: too many changes", name = self.name.clone())))?;
            self.fed.push((member, sha.clone(), len));
            out.push(c.clone());
            fed.push(Some(Fed { id, digest: Digest { size: len, sha256: sha } }));
        }
        Ok((out, fed))
    }

    /// The bytes of `member`: its spilled copy, or inflated from the zip with its SHA-256
    /// checked again (the file may have changed since it was opened).
    fn member(&mut self, member: &str, sha: &str) -> Result<SharedBytes, PackageError> {
        if let Some((p, len)) = self.spilled.get(member) {
            match std::fs::read(p) {
                Ok(b) if b.len() == *len => return Ok(SharedBytes::from(b)),
                // A copy that cannot be read back is dropped; the zip still has the member.
                _ => {
                    let _ = std::fs::remove_file(p);
                    self.spilled.remove(member);
                }
            }
        }
        let bytes = read_member(&mut self.zip, member, MAX_DATA_FILE).map_err(|e| PackageError(e.prefixed(&format!("{}: ", self.name))))?;
        self.inflated += 1;
        if !sha256_hex(&bytes).eq_ignore_ascii_case(sha) {
            let m = msg!("mods-member-changed", "{member} changed since the package was read (its SHA-256 is no longer the manifest's)", member = member);
            return Err(PackageError(m.prefixed(&format!("{}: ", self.name))));
        }
        Ok(SharedBytes::from(bytes))
    }

    /// After `files` loaded `member` (read as `bytes`): its copy goes when no other file wants
    /// it, and is made when one does. A copy that cannot be written is no error: the member is
    /// then inflated again.
    fn loaded(&mut self, member: &str, files: &HashSet<String>, bytes: &[u8]) {
        let left = match self.wanted.get_mut(member) {
            Some(w) => {
                w.retain(|f| !files.contains(f));
                w.len()
            }
            None => 0,
        };
        if left == 0 {
            if let Some((p, _)) = self.spilled.remove(member) {
                let _ = std::fs::remove_file(p);
            }
            return;
        }
        if self.spilled.contains_key(member) {
            return;
        }
        let Some((dir, prefix)) = &self.spill else { return };
        let p = dir.join(format!("{prefix}{}", self.copies));
        self.copies += 1;
        match std::fs::write(&p, bytes) {
            Ok(()) => {
                self.spilled.insert(member.to_string(), (p, bytes.len()));
            }
            Err(_) => {
                let _ = std::fs::remove_file(&p);
            }
        }
    }

    /// The changes `which` of `pkg` (read by the same open) with their bytes, each member read
    /// once for them.
    pub fn load(&mut self, pkg: &Package, which: &[usize]) -> Result<Vec<Change>, PackageError> {
        self.retire();
        let files: HashSet<String> = which.iter().filter_map(|&i| pkg.changes.get(i)).map(|c| c.file.to_ascii_lowercase()).collect();
        let mut read: HashMap<String, SharedBytes> = HashMap::new();
        let mut out = Vec::with_capacity(which.len());
        for &i in which {
            let (Some(change), Some(members)) = (pkg.changes.get(i), self.pending.get(i).cloned()) else {
                return Err(PackageError(super::manage::no_change(&self.name, i)));
            };
            let mut c = change.clone();
            let mut got = Vec::new();
            for (member, sha) in &members {
                if !read.contains_key(member) {
                    let bytes = self.member(member, sha)?;
                    read.insert(member.clone(), bytes);
                }
                got.push(read[member].clone());
            }
            let mut got = got.into_iter();
            let mut next = || got.next().unwrap_or_else(SharedBytes::empty);
            match &mut c.op {
                Op::Merged { base, data } => {
                    *base = next();
                    *data = next();
                }
                Op::ReplaceEntry { data, .. } | Op::AddEntry { data, .. } | Op::AddFile { data } | Op::ReplaceFile { data, .. } => *data = next(),
                Op::RemoveEntry { .. } | Op::RenameEntry { .. } | Op::RemoveFile { .. } => {}
            }
            out.push(c);
        }
        for (member, bytes) in &read {
            self.loaded(member, &files, bytes);
        }
        Ok(out)
    }
}

/// A package error of [`Lazy::load_fed`] (its text names the package): built in one place.
fn refused(what: impl Into<crate::formats::Message>) -> PackageError {
    PackageError(what.into())
}

impl Feed for Lazy {
    fn copy(&mut self, id: u32, w: &mut dyn Write) -> io::Result<()> {
        let Some((member, sha, len)) = self.fed.get(id as usize).cloned() else {
            return Err(io::Error::other(format!("{}: no source {id}", self.name)));
        };
        // Its copy (checked when it was made), else the zip.
        if let Some((p, n)) = self.spilled.get(&member).cloned()
            && n as u64 == len
            && let Ok(f) = std::fs::File::open(&p)
        {
            let got = io::copy(&mut f.take(len), w)?;
            if got == len {
                return Ok(());
            }
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, format!("{}: {got} bytes of {len}", p.display())));
        }
        self.stream_member(&member, &sha, len, w)
    }

    fn load(&mut self, id: u32) -> io::Result<SharedBytes> {
        let Some((member, sha, _)) = self.fed.get(id as usize).cloned() else {
            return Err(io::Error::other(format!("{}: no source {id}", self.name)));
        };
        self.member(&member, &sha).map_err(|e| super::text::io_said(io::ErrorKind::InvalidData, e.0))
    }
}

impl Drop for Lazy {
    fn drop(&mut self) {
        self.drop_spills();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A package whose member `data/0001` is named by `add_file` changes of `shared` files and
    /// `data/0002` by one more file; the zip written by hand, so that members are shared.
    fn package(shared: usize, one: &[u8], two: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let blob = |m: &str, d: &[u8]| format!(r#"{{"path":"{m}","size":{},"sha256":"{}"}}"#, d.len(), sha256_hex(d));
        let mut changes: Vec<String> = (0..shared).map(|i| format!(r#"{{"op":"add_file","file":"f{i}.bin","data":{}}}"#, blob("data/0001", one))).collect();
        changes.push(format!(r#"{{"op":"add_file","file":"other.bin","data":{}}}"#, blob("data/0002", two)));
        let manifest = format!(r#"{{"format":"parkanmod","format_version":1,"name":"Shared","changes":[{}]}}"#, changes.join(","));
        let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        // Stored, so a test can find a member's bytes in the file.
        let o = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        for (n, b) in [("mod.json", manifest.as_bytes()), ("data/0001", one), ("data/0002", two)] {
            z.start_file(n, o).unwrap();
            z.write_all(b).unwrap();
        }
        z.finish().unwrap().into_inner()
    }

    fn spilled(dir: &Path) -> usize {
        std::fs::read_dir(dir).unwrap().count()
    }

    #[test]
    fn a_member_several_files_name_is_inflated_once_and_its_copy_goes_after_the_last() {
        let (one, two) = (vec![7u8; 10_000], b"second".to_vec());
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("shared.parkanmod");
        std::fs::write(&path, package(4, &one, &two)).unwrap();
        let stage = t.path().join("stage");
        std::fs::create_dir(&stage).unwrap();
        let (pkg, mut lazy) = Package::open_lazy("shared", Source::File(path.clone())).unwrap();
        lazy.spill_into(&stage, "member-");
        assert_eq!(lazy.data_sha(0), Some(sha256_hex(&one).as_str()));
        for i in 0..4 {
            let got = lazy.load(&pkg, &[i]).unwrap();
            assert_eq!(got[0].op.new_bytes().unwrap()[..], one[..], "file {i}");
            // Wanted by files not loaded yet: one copy; after the last, none.
            assert_eq!(spilled(&stage), usize::from(i < 3), "after file {i}");
        }
        assert_eq!(lazy.load(&pkg, &[4]).unwrap()[0].op.new_bytes().unwrap()[..], two[..]);
        assert_eq!(spilled(&stage), 0, "a member one file names is never copied");
        assert_eq!(lazy.inflated(), 2, "each member inflated once");

        // Without a folder to spill into, each file inflates it again; a file loaded twice
        // (a rebuild reads one twice when it was changed by hand) still gets its bytes.
        let (pkg, mut lazy) = Package::open_lazy("shared", Source::File(path.clone())).unwrap();
        for i in [0, 1, 2, 3, 0] {
            assert_eq!(lazy.load(&pkg, &[i]).unwrap()[0].op.new_bytes().unwrap()[..], one[..]);
        }
        assert_eq!(lazy.inflated(), 5);
        // Changes of one file that name one member read it once.
        let (pkg, mut lazy) = Package::open_lazy("shared", Source::File(path)).unwrap();
        lazy.spill_into(&stage, "member-");
        lazy.load(&pkg, &[0, 1]).unwrap();
        assert_eq!((lazy.inflated(), spilled(&stage)), (1, 1));
        drop(lazy);
        assert_eq!(spilled(&stage), 0, "dropped with the reader");
    }

    #[test]
    fn a_dry_run_spills_a_shared_member_into_a_temporary_folder_of_its_own() {
        let (one, two) = (vec![3u8; 20_000], b"two".to_vec());
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("shared.parkanmod");
        std::fs::write(&path, package(6, &one, &two)).unwrap();
        let (pkg, mut lazy) = Package::open_lazy("shared", Source::File(path)).unwrap();
        lazy.spill_to_temporary();
        let dir = lazy.temp.as_ref().map(|d| d.path().to_path_buf()).expect("a temporary folder");
        for i in 0..6 {
            assert_eq!(lazy.load(&pkg, &[i]).unwrap()[0].op.new_bytes().unwrap()[..], one[..], "file {i}");
            assert_eq!(spilled(&dir), usize::from(i < 5), "after file {i}");
        }
        assert_eq!(lazy.inflated(), 1, "inflated once for the six files");
        assert_eq!(lazy.member_sizes(0), vec![one.len() as u64]);
        drop(lazy);
        assert!(!dir.exists(), "the folder goes with the reader");
    }

    #[test]
    fn a_fed_member_is_copied_checked_and_shared_through_its_copy() {
        let (one, two) = (vec![5u8; 30_000], b"two".to_vec());
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("fed.parkanmod");
        std::fs::write(&path, package(3, &one, &two)).unwrap();
        let stage = t.path().join("stage");
        std::fs::create_dir(&stage).unwrap();
        let (mut pkg, mut lazy) = Package::open_lazy("fed", Source::File(path)).unwrap();
        lazy.spill_into(&stage, "member-");
        // The three files' changes as entry additions: fed, not read.
        for c in &mut pkg.changes {
            c.entry = vec!["NEW".into()];
            c.op = Op::AddEntry { data: SharedBytes::empty(), type_id: 0, attrs: [0; 3] };
        }
        let (changes, fed) = lazy.load_fed(&pkg, &[0]).unwrap();
        assert!(changes[0].op.new_bytes().unwrap().is_empty(), "no bytes held");
        let f = fed[0].clone().expect("fed");
        assert_eq!(f.digest, Digest::of(&one));
        // Wanted by two more files: inflated once, into its copy, which the others read.
        assert_eq!((lazy.inflated(), spilled(&stage)), (1, 1));
        let mut out = Vec::new();
        lazy.copy(f.id, &mut out).unwrap();
        assert!(out == one);
        for i in [1, 2] {
            let (_, fed) = lazy.load_fed(&pkg, &[i]).unwrap();
            let mut out = Vec::new();
            lazy.copy(fed[0].as_ref().unwrap().id, &mut out).unwrap();
            assert!(out == one, "file {i}");
        }
        assert_eq!(lazy.inflated(), 1, "one inflation for three files");
        // The last file's copy goes at the next load.
        let (_, fed) = lazy.load_fed(&pkg, &[3]).unwrap();
        assert_eq!(spilled(&stage), 0);
        let mut out = Vec::new();
        lazy.copy(fed[0].as_ref().unwrap().id, &mut out).unwrap();
        assert_eq!(out, two);
        // A member whose bytes are not the manifest's (here: its SHA-256 as noted) is refused as
        // it is copied.
        lazy.fed[0].1 = "00".repeat(32);
        let e = lazy.copy(0, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().contains("fed: data/0002 changed since the package was read"), "{e}");
        let e = lazy.copy(7, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("no source 7"), "{e}");
    }

    #[test]
    fn an_installed_copy_is_checked_when_its_members_are_read() {
        let (one, two) = (vec![1u8; 500], b"two".to_vec());
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("installed.parkanmod");
        let mut bytes = package(2, &one, &two);
        std::fs::write(&path, &bytes).unwrap();
        let (pkg, mut lazy) = Package::open_installed(&path).unwrap();
        assert_eq!(lazy.inflated(), 0, "nothing inflated to open it");
        assert_eq!(lazy.load(&pkg, &[2]).unwrap()[0].op.new_bytes().unwrap()[..], two[..]);
        // A copy whose member no longer matches the manifest opens, and fails when read.
        let at = bytes.windows(3).position(|w| w == b"two").expect("stored as written");
        bytes[at] = b'T';
        std::fs::write(&path, &bytes).unwrap();
        let (pkg, mut lazy) = Package::open_installed(&path).unwrap();
        let e = lazy.load(&pkg, &[2]).unwrap_err().0.english;
        assert!(e.contains("data/0002"), "{e}");
        assert!(Package::open_lazy("x", Source::File(path)).is_err(), "a package to install is checked whole first");
    }
}
