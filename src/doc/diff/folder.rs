//! Two folders: files matched by their path under the folder, ASCII case-insensitively as the
//! game opens them; a file only on one side whose bytes the other side has under another path
//! is a rename. Pairs are compared a megabyte at a time first and read whole only when they
//! differ; one pair is in memory at a time (a file only on one side is read to hash it and
//! dropped), so a compare holds at most the two largest files plus the report.

use super::matching::pair_by_name;
use super::{Change, Kind, Options, Report, Side, diff_items, item_kind};
use crate::formats::bytes::SharedBytes;
use std::hash::{Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};

/// Every file under `dir` as (path relative to it with `/`, full path), sorted by the relative
/// path. Links to files are followed; links to folders are not (no cycles).
pub fn files_under(dir: &Path) -> io::Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), dir.to_path_buf())];
    while let Some((rel, at)) = stack.pop() {
        for e in std::fs::read_dir(&at)? {
            let e = e?;
            let name = e.file_name().to_string_lossy().into_owned();
            let r = if rel.is_empty() { name } else { format!("{rel}/{name}") };
            let ft = e.file_type()?;
            if ft.is_dir() {
                stack.push((r, e.path()));
            } else if ft.is_file() || (ft.is_symlink() && std::fs::metadata(e.path()).is_ok_and(|m| m.is_file())) {
                out.push((r, e.path()));
            }
        }
    }
    out.sort();
    Ok(out)
}

fn read(p: &Path) -> io::Result<SharedBytes> {
    std::fs::read(p).map(SharedBytes::from).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))
}

/// Bytes compared at a time by [`same_contents`].
const CHUNK: usize = 1 << 20;

/// Whether two files hold the same bytes, read a chunk at a time into the two reused buffers:
/// an identical pair (most of a compare) is never held whole, and the read stops at the first
/// difference.
fn same_contents(a: &Path, b: &Path, (ba, bb): &mut (Vec<u8>, Vec<u8>)) -> io::Result<bool> {
    use std::io::Read;
    let open = |p: &Path| std::fs::File::open(p).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())));
    let (mut fa, mut fb) = (open(a)?, open(b)?);
    if fa.metadata()?.len() != fb.metadata()?.len() {
        return Ok(false);
    }
    loop {
        let n = read_full(&mut fa, ba)?;
        let m = read_full(&mut fb, bb)?;
        if n != m || ba[..n] != bb[..m] {
            return Ok(false);
        }
        if n < ba.len() {
            return Ok(true);
        }
    }
    fn read_full(f: &mut std::fs::File, buf: &mut [u8]) -> io::Result<usize> {
        let mut got = 0;
        while got < buf.len() {
            match f.read(&mut buf[got..]) {
                Ok(0) => break,
                Ok(k) => got += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(got)
    }
}

fn file_name(rel: &str) -> &str {
    rel.rsplit('/').next().unwrap_or(rel)
}

struct Lone {
    rel: String,
    path: PathBuf,
    size: u64,
    hash: u64,
    kind: crate::doc::kinds::ItemKind,
    /// The editor's bytes of an edited file (read again from `path` otherwise).
    edited: Option<SharedBytes>,
}

impl Lone {
    fn bytes(&self) -> io::Result<SharedBytes> {
        self.edited.clone().map_or_else(|| read(&self.path), Ok)
    }
}

/// A's file `k`: the editor's bytes when it edited the file, else the disk's.
fn read_a(fa: &[(String, PathBuf)], now: &[Option<SharedBytes>], k: usize) -> io::Result<SharedBytes> {
    match &now[k] {
        Some(b) => Ok(b.clone()),
        None => read(&fa[k].1),
    }
}

fn lone(rel: &str, edited: Option<&SharedBytes>, path: &Path, opts: &Options) -> io::Result<Lone> {
    let bytes = edited.cloned().map_or_else(|| read(path), Ok)?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes[..].hash(&mut h);
    let kind = item_kind(&Side::file(file_name(rel), bytes.clone()), &opts.readings);
    Ok(Lone { rel: rel.to_string(), path: path.to_path_buf(), size: bytes.len() as u64, hash: h.finish(), kind, edited: edited.cloned() })
}

/// Compares the folders `a` and `b`. An unreadable file or folder is an error (the caller's
/// exit 2); a file that reads but does not parse is a change with its damage noted.
pub fn diff_folders(a: &Path, b: &Path, opts: &Options) -> io::Result<Report> {
    diff_folders_with(a, b, opts, &[])
}

/// [`diff_folders`] with some of A's files as an editor has them: `a_now` holds (path relative
/// to `a`, bytes) for each edited file, compared instead of the file on disk (a file not on
/// disk yet counts as A's too).
pub fn diff_folders_with(a: &Path, b: &Path, opts: &Options, a_now: &[(String, SharedBytes)]) -> io::Result<Report> {
    let mut fa = files_under(a)?;
    for (rel, _) in a_now {
        if !fa.iter().any(|(r, _)| r.eq_ignore_ascii_case(rel)) {
            fa.push((rel.clone(), a.join(rel)));
        }
    }
    fa.sort();
    let now: Vec<Option<SharedBytes>> = fa.iter().map(|(r, _)| a_now.iter().find(|(n, _)| n.eq_ignore_ascii_case(r)).map(|(_, b)| b.clone())).collect();
    let fb = files_under(b)?;
    let ka: Vec<Vec<u8>> = fa.iter().map(|(r, _)| r.as_bytes().to_vec()).collect();
    let kb: Vec<Vec<u8>> = fb.iter().map(|(r, _)| r.as_bytes().to_vec()).collect();
    let (pairs, only_a, only_b) = pair_by_name(&ka, &kb);
    let mut report = Report::default();
    let mut bufs = (vec![0u8; CHUNK], vec![0u8; CHUNK]);
    for (i, j) in pairs {
        let (rel_b, pb) = &fb[j];
        let same = match &now[i] {
            Some(x) => std::fs::metadata(pb).is_ok_and(|m| m.len() == x.len() as u64) && read(pb)?[..] == x[..],
            None => same_contents(&fa[i].1, pb, &mut bufs)?,
        };
        if same {
            report.identical += 1;
            continue;
        }
        let xa = read_a(&fa, &now, i)?;
        let xb = read(pb)?;
        diff_items(rel_b, &Side::file(file_name(&fa[i].0), xa), &Side::file(file_name(rel_b), xb), opts, &mut report);
    }
    let gone: Vec<Lone> = only_a.iter().map(|&i| lone(&fa[i].0, now[i].as_ref(), &fa[i].1, opts)).collect::<io::Result<_>>()?;
    let new: Vec<Lone> = only_b.iter().map(|&j| lone(&fb[j].0, None, &fb[j].1, opts)).collect::<io::Result<_>>()?;
    let mut taken = vec![false; new.len()];
    let mut changes = Vec::new();
    for g in &gone {
        let mut hit = None;
        for (k, n) in new.iter().enumerate() {
            // The hash picks the candidate; the bytes confirm it.
            if !taken[k] && n.size == g.size && n.hash == g.hash && g.bytes()?[..] == n.bytes()?[..] {
                hit = Some(k);
                break;
            }
        }
        match hit {
            Some(k) => {
                taken[k] = true;
                let mut c = Change::new(new[k].rel.clone(), Kind::Renamed, new[k].kind);
                c.from = Some(g.rel.clone());
                changes.push(c);
                report.identical += 1;
            }
            None => {
                let mut c = Change::new(g.rel.clone(), Kind::Removed, g.kind);
                c.old_size = Some(g.size);
                changes.push(c);
            }
        }
    }
    for (_, n) in new.iter().enumerate().filter(|(k, _)| !taken[*k]) {
        let mut c = Change::new(n.rel.clone(), Kind::Added, n.kind);
        c.new_size = Some(n.size);
        changes.push(c);
    }
    report.changes.extend(changes);
    report.changes.sort_by_key(|c| c.path.to_ascii_lowercase());
    Ok(report)
}
