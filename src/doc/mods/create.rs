//! The change list between a clean folder and a modded one (what `mod create` packages), and
//! between two versions of one file (what `revert` uses to keep edits made by hand).
//!
//! Files are paired by path case-insensitively; archives on both sides are compared entry by
//! entry, nested archives inside them too, so a package holds only the entries that changed.
//! Entries are paired by name (ASCII case-insensitively; the n-th of equal names with the
//! n-th), an entry only in the base whose bytes an entry only in the modded archive has is a
//! rename, and a WEAR table becomes a row edit. A change of entry order is not carried.

use super::apply::Fed;
use super::change::{Change, Digest, Op};
use super::paths::files_under;
use crate::doc::node::{EntryMeta, Node};
use crate::formats::bytes::SharedBytes;
use crate::formats::{TYPE_WEAR, nres};
use std::collections::HashMap;
use std::io;
use std::path::Path;

fn read(p: &Path) -> io::Result<SharedBytes> {
    std::fs::read(p).map(SharedBytes::from).map_err(|e| super::text::at_path(p, e))
}

/// Every change that turns the folder `base` into `modded`.
pub fn diff_folders(base: &Path, modded: &Path) -> io::Result<Vec<Change>> {
    diff_folders_over(base, modded, &[])
}

/// [`diff_folders`] with some of `modded`'s files as the editor holds them (unsaved edits):
/// `overlay` gives their game paths and bytes, which are used instead of what is on disk.
pub fn diff_folders_over(base: &Path, modded: &Path, overlay: &[(String, SharedBytes)]) -> io::Result<Vec<Change>> {
    let over = |rel: &str, p: &Path| -> io::Result<SharedBytes> {
        match overlay.iter().find(|(r, _)| r.eq_ignore_ascii_case(rel)) {
            Some((_, b)) => Ok(b.clone()),
            None => read(p),
        }
    };
    let fa = files_under(base)?;
    let fb = files_under(modded)?;
    let mut in_b: HashMap<String, usize> = HashMap::new();
    for (j, (rel, _)) in fb.iter().enumerate() {
        in_b.insert(rel.to_ascii_lowercase(), j);
    }
    let mut out = Vec::new();
    let mut paired = vec![false; fb.len()];
    for (rel, pa) in &fa {
        match in_b.get(&rel.to_ascii_lowercase()) {
            Some(&j) => {
                paired[j] = true;
                let (a, b) = (read(pa)?, over(&fb[j].0, &fb[j].1)?);
                if a[..] != b[..] {
                    diff_file(rel, Some(a), Some(b), &mut out);
                }
            }
            None => diff_file(rel, Some(read(pa)?), None, &mut out),
        }
    }
    for (j, (rel, pb)) in fb.iter().enumerate() {
        if !paired[j] {
            diff_file(rel, None, Some(over(rel, pb)?), &mut out);
        }
    }
    Ok(out)
}

/// Both sides read as missions, so the change can merge object by object.
fn both_missions(a: &[u8], b: &[u8]) -> bool {
    use crate::formats::tma::Mission;
    Mission::parse(a).is_ok() && Mission::parse(b).is_ok()
}

fn is_wear_name(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".wea")
}

/// The changes turning one file's bytes `a` into `b` (`None`: absent).
pub fn diff_file(rel: &str, a: Option<SharedBytes>, b: Option<SharedBytes>, out: &mut Vec<Change>) {
    let change = |op| Change { file: rel.to_string(), entry: Vec::new(), op };
    match (a, b) {
        (None, None) => {}
        (None, Some(b)) => out.push(change(Op::AddFile { data: b })),
        (Some(a), None) => out.push(change(Op::RemoveFile { original: Digest::of(&a) })),
        (Some(a), Some(b)) if a[..] == b[..] => {}
        (Some(a), Some(b)) => {
            let name = rel.rsplit('/').next().unwrap_or(rel);
            if let (Ok((na, _)), Ok((nb, _))) = (Node::parse(name, a.clone()), Node::parse(name, b.clone()))
                && na.is_archive()
                && na.format_name() == nb.format_name()
            {
                diff_nodes(rel, &[], &na, &nb, out);
            } else if is_wear_name(name) || (name.to_ascii_lowercase().ends_with(".tma") && both_missions(&a, &b)) {
                // Tables merge row by row, missions object by object (`mission_objects`).
                out.push(change(Op::Merged { base: a, data: b }));
            } else {
                out.push(change(Op::ReplaceFile { original: Digest::of(&a), data: b }));
            }
        }
    }
}

/// How a change addresses entry `i`: its name when that finds it (unique, and CP1251 text),
/// else `#i`.
pub(super) fn segment(node: &Node, metas: &[EntryMeta], i: usize) -> String {
    let m = &metas[i];
    let unique = metas.iter().filter(|o| o.name_bytes.eq_ignore_ascii_case(&m.name_bytes)).count() == 1;
    if unique && !m.name.is_empty() && super::apply::find(node, &m.name) == Some(i) { m.name.clone() } else { format!("#{i}") }
}

/// The changes from entry `a` to entry `b` (paired by name; `entry` is `a`'s address): none when
/// equal, the inner changes of a nested archive, a merge of a WEAR table, else a replacement.
pub(super) fn diff_pair(rel: &str, entry: Vec<String>, a: (&EntryMeta, SharedBytes), b: (&EntryMeta, SharedBytes), out: &mut Vec<Change>) {
    let ((ma, xa), (mb, xb)) = (a, b);
    let row_same = ma.type_id == mb.type_id && ma.attrs == mb.attrs;
    if xa[..] == xb[..] && row_same {
        return;
    }
    let change = |entry: Vec<String>, op| Change { file: rel.to_string(), entry, op };
    if row_same
        && let (Ok((na, _)), Ok((nb, _))) = (Node::parse(&ma.name, xa.clone()), Node::parse(&mb.name, xb.clone()))
        && na.is_archive()
        && na.format_name() == nb.format_name()
    {
        diff_nodes(rel, &entry, &na, &nb, out);
    } else if row_same && (ma.type_id == Some(TYPE_WEAR) || is_wear_name(&ma.name)) {
        out.push(change(entry, Op::Merged { base: xa, data: xb }));
    } else {
        let (type_id, attrs) = if row_same { (None, None) } else { (mb.type_id, Some(mb.attrs)) };
        out.push(change(entry, Op::ReplaceEntry { original: Digest::of(&xa), data: xb, type_id, attrs }));
    }
}

fn diff_nodes(rel: &str, at: &[String], a: &Node, b: &Node, out: &mut Vec<Change>) {
    let mut fed = Vec::new();
    // In memory nothing fails to read: an entry whose bytes do not decode is left out.
    let _ = diff_sides(rel, at, &mut InMemory(a), &mut InMemory(b), out, &mut fed);
}

/// What two entries are compared by: their bytes, or (an entry left in its file) their size
/// and SHA-256.
pub(super) enum Same {
    Bytes(SharedBytes),
    Digest(Digest),
}

impl Same {
    pub(super) fn digest(&self) -> Digest {
        match self {
            Same::Bytes(b) => Digest::of(b),
            Same::Digest(d) => d.clone(),
        }
    }
    fn equals(&self, o: &Same) -> bool {
        match (self, o) {
            (Same::Bytes(x), Same::Bytes(y)) => x[..] == y[..],
            _ => self.digest() == o.digest(),
        }
    }
}

/// One side of an archive diff ([`diff_sides`]): its entries' rows, and each entry's bytes as
/// the pairing needs them. `Ok(None)`: the entry's bytes do not read (it is left out, as the
/// diff of two archives in memory leaves out an entry that does not unpack).
pub(super) trait Side {
    fn node(&self) -> &Node;
    /// What entry `i` is compared by.
    fn same(&mut self, i: usize) -> io::Result<Option<Same>>;
    /// Whether entry `i`'s bytes could read as an archive (`Node::parse` by their magic): only
    /// then is a changed pair read whole to diff inside it.
    fn archive_like(&mut self, i: usize) -> io::Result<bool>;
    /// Entry `i`'s bytes, read whole.
    fn bytes(&mut self, i: usize) -> io::Result<Option<SharedBytes>>;
    /// Entry `i` as a change's new payload: its bytes held, or a source the change is fed
    /// from ([`Fed`], with no bytes held).
    fn payload(&mut self, i: usize) -> io::Result<Option<(SharedBytes, Option<Fed>)>>;
}

/// A side held in memory: every entry's bytes at hand.
struct InMemory<'a>(&'a Node);

impl Side for InMemory<'_> {
    fn node(&self) -> &Node {
        self.0
    }
    fn same(&mut self, i: usize) -> io::Result<Option<Same>> {
        Ok(self.0.entry_bytes(i).ok().map(Same::Bytes))
    }
    fn archive_like(&mut self, _: usize) -> io::Result<bool> {
        Ok(true)
    }
    fn bytes(&mut self, i: usize) -> io::Result<Option<SharedBytes>> {
        Ok(self.0.entry_bytes(i).ok())
    }
    fn payload(&mut self, i: usize) -> io::Result<Option<(SharedBytes, Option<Fed>)>> {
        Ok(self.0.entry_bytes(i).ok().map(|b| (b, None)))
    }
}

/// Whether `bytes` (an entry's first bytes, `len` its size) read as an archive by their magic
/// (`formats::magic::detect`: NRes, or RsLi of at least its header).
pub(super) fn archive_magic(head: &[u8], len: u64) -> bool {
    head.starts_with(nres::MAGIC) || (head.starts_with(b"NL") && len >= 32)
}

/// The changes from archive `a` to archive `b` (`at`: where they are nested), into `out`, with
/// per change its source in `fed` (`None`: its bytes held). Entries are paired as the compare
/// engine pairs them (doc::diff::matching); a pair that differs by its row is a replacement, one
/// that differs by its bytes is read and diffed by [`diff_pair`] when it may be a nested archive
/// or a WEAR table, else a replacement; an entry only in `a` whose row and bytes an entry only
/// in `b` has is a rename, else a removal; the rest of `b`'s are additions.
pub(super) fn diff_sides(rel: &str, at: &[String], a: &mut dyn Side, b: &mut dyn Side, out: &mut Vec<Change>, fed: &mut Vec<Option<Fed>>) -> io::Result<()> {
    let (ma, mb) = (a.node().metas(), b.node().metas());
    let names = |m: &[EntryMeta]| m.iter().map(|m| m.name_bytes.clone()).collect::<Vec<_>>();
    let (pairs, gone, added) = crate::doc::diff::matching::pair_by_name(&names(&ma), &names(&mb));
    let path = |seg: String| {
        let mut p = at.to_vec();
        p.push(seg);
        p
    };
    let mut push = |op, entry: Vec<String>, f: Option<Fed>, out: &mut Vec<Change>| {
        fed.resize(out.len(), None);
        out.push(Change { file: rel.to_string(), entry, op });
        fed.push(f);
    };
    for (i, j) in pairs {
        let (Some(sa), Some(sb)) = (a.same(i)?, b.same(j)?) else { continue };
        let row_same = ma[i].type_id == mb[j].type_id && ma[i].attrs == mb[j].attrs;
        if row_same && sa.equals(&sb) {
            continue;
        }
        let entry = path(segment(a.node(), &ma, i));
        let wear = ma[i].type_id == Some(TYPE_WEAR) || is_wear_name(&ma[i].name);
        if row_same && (wear || (a.archive_like(i)? && b.archive_like(j)?)) {
            let (Some(xa), Some(xb)) = (a.bytes(i)?, b.bytes(j)?) else { continue };
            diff_pair(rel, entry, (&ma[i], xa), (&mb[j], xb), out);
            continue;
        }
        let Some((data, f)) = b.payload(j)? else { continue };
        let (type_id, attrs) = if row_same { (None, None) } else { (mb[j].type_id, Some(mb[j].attrs)) };
        push(Op::ReplaceEntry { original: sa.digest(), data, type_id, attrs }, entry, f, out);
    }
    let mut taken = vec![false; added.len()];
    for i in gone {
        let Some(sa) = a.same(i)? else { continue };
        let entry = path(segment(a.node(), &ma, i));
        let mut renamed = None;
        for (n, &j) in added.iter().enumerate() {
            if !taken[n] && mb[j].type_id == ma[i].type_id && mb[j].attrs == ma[i].attrs && b.same(j)?.is_some_and(|sb| sb.equals(&sa)) {
                renamed = Some((n, j));
                break;
            }
        }
        match renamed {
            Some((n, j)) => {
                taken[n] = true;
                push(Op::RenameEntry { to: mb[j].name.clone(), original: sa.digest() }, entry, None, out);
            }
            None => push(Op::RemoveEntry { original: sa.digest() }, entry, None, out),
        }
    }
    for (n, &j) in added.iter().enumerate() {
        if taken[n] {
            continue;
        }
        let Some((data, f)) = b.payload(j)? else { continue };
        push(Op::AddEntry { data, type_id: mb[j].type_id.unwrap_or(0), attrs: mb[j].attrs }, path(mb[j].name.clone()), f, out);
    }
    fed.resize(out.len(), None);
    Ok(())
}

/// Writes a package of `changes` (chosen in memory, as the editor's Export Changes as Mod does)
/// to `path` through the atomic save. The package is read back first, so one that `mod
/// apply` would refuse (an unsafe path, two changes of one item) is an error and no file.
pub fn write_package(path: &Path, meta: super::package::Meta, changes: Vec<Change>) -> Result<usize, super::package::PackageError> {
    use super::package::{Package, PackageError};
    if meta.name.trim().is_empty() {
        return Err(PackageError(crate::msg!("mods-create-no-name", "a mod needs a name")));
    }
    if changes.is_empty() {
        return Err(PackageError(crate::msg!("mods-create-no-changes", "no changes chosen: a mod with nothing in it would do nothing")));
    }
    let n = changes.len();
    let pkg = Package { meta, changes };
    let bytes = pkg.to_bytes().map_err(|e| PackageError(super::text::on_path(path.display(), e)))?;
    Package::from_bytes(&path.display().to_string(), &bytes)?;
    crate::doc::save::atomic_write(path, &bytes).map_err(|e| PackageError(super::text::on_path(path.display(), e)))?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::mods::package::{Meta, Package};

    #[test]
    fn the_overlay_stands_for_the_files_on_disk() {
        let t = tempfile::tempdir().unwrap();
        let (a, b) = (t.path().join("a"), t.path().join("b"));
        for d in [&a, &b] {
            std::fs::create_dir(d).unwrap();
            std::fs::write(d.join("x.txt"), b"same").unwrap();
        }
        assert!(diff_folders(&a, &b).unwrap().is_empty());
        let overlay = vec![("X.TXT".to_string(), SharedBytes::from(b"edited".to_vec()))];
        let changes = diff_folders_over(&a, &b, &overlay).unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].op.new_bytes().map(|b| b.to_vec()), Some(b"edited".to_vec()));
    }

    #[test]
    fn a_package_of_chosen_changes_reads_back_and_bad_ones_write_nothing() {
        let t = tempfile::tempdir().unwrap();
        let mut changes = Vec::new();
        diff_file("x.txt", Some(SharedBytes::from(b"a".to_vec())), Some(SharedBytes::from(b"b".to_vec())), &mut changes);
        let meta = Meta { name: "Mine".into(), version: "1.0".into(), author: "me".into(), description: "d".into(), tool: "t".into() };
        let path = t.path().join("m.parkanmod");
        assert_eq!(write_package(&path, meta.clone(), changes.clone()).unwrap(), 1);
        let back = Package::read(&path).unwrap();
        assert_eq!(back.meta, meta);
        assert_eq!(back.changes, changes);

        let bad = t.path().join("bad.parkanmod");
        let mut twice = changes.clone();
        twice.extend(changes.clone());
        assert!(write_package(&bad, meta.clone(), twice).is_err());
        let mut escape = changes.clone();
        escape[0].file = "../x.txt".into();
        assert!(write_package(&bad, meta.clone(), escape).is_err());
        assert!(write_package(&bad, Meta { name: " ".into(), ..meta.clone() }, changes).is_err());
        assert!(write_package(&bad, meta, Vec::new()).is_err());
        assert!(!bad.exists());
    }
}
