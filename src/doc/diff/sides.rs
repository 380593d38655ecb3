//! What a compare view compares and how it reaches the two sides of one change: a [`Source`]
//! (whole items, the workspace against the disk, or two folders) runs the same
//! [`diff_items`] / [`diff_folders`] as the `diff` command, and [`sides_of`] walks a change's
//! path back down both sides (through nested archives, pairing entries as the archive diff
//! paired them) so a view can show that one item's texture, table or text.

use super::archive::{child_at, child_by_label, paired_children};
use super::folder::{diff_folders_with, files_under};
use super::{Change, Kind, Options, Report, Side, diff_items, item_kind};
use crate::doc::{ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::message::Message;
use crate::msg;
use std::path::{Path, PathBuf};

/// Two whole items compared under `label` (the first part of every change's path). A side
/// that does not exist (a file not saved yet) is `None`.
#[derive(Debug, Clone)]
pub struct Pair {
    pub label: String,
    pub a: Option<Side>,
    pub b: Option<Side>,
    /// Where A's and B's file is, for reading what their items name (a material's textures,
    /// a mesh's table and materials) from beside them.
    pub at: [Option<Origin>; 2],
}

/// Where a side's file is: what it names is looked up beside it, as the game would.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    /// The file on disk (or where it will be saved).
    pub path: PathBuf,
    /// The side is the editor's: the open files (with their unsaved edits) are read before
    /// the disk.
    pub open: bool,
}

impl Origin {
    pub fn disk(path: impl Into<PathBuf>) -> Origin {
        Origin { path: path.into(), open: false }
    }
    pub fn open(path: impl Into<PathBuf>) -> Origin {
        Origin { path: path.into(), open: true }
    }
}

#[derive(Debug, Clone)]
pub enum Source {
    /// Items, each with its own label: a file against another, or each dirty file against
    /// its saved bytes.
    Pairs(Vec<Pair>),
    /// Two folders, files matched by relative path. A is the editor's: `unsaved` holds A's
    /// files that the editor has edited (relative path, the bytes Save would write), compared
    /// instead of what is on disk.
    Folders { a: PathBuf, b: PathBuf, unsaved: Vec<(String, SharedBytes)> },
}

impl Source {
    /// Runs the compare.
    pub fn compare(&self, opts: &Options) -> std::io::Result<Report> {
        match self {
            Source::Folders { a, b, unsaved } => diff_folders_with(a, b, opts, unsaved),
            Source::Pairs(pairs) => {
                let mut report = Report::default();
                for p in pairs {
                    pair_report(p, opts, &mut report);
                }
                Ok(report)
            }
        }
    }
}

fn pair_report(p: &Pair, opts: &Options, report: &mut Report) {
    match (&p.a, &p.b) {
        (Some(a), Some(b)) => diff_items(&p.label, a, b, opts, report),
        (None, Some(b)) => {
            let mut c = Change::new(p.label.clone(), Kind::Added, item_kind(b, &opts.readings));
            c.new_size = Some(b.bytes.len() as u64);
            report.changes.push(c);
        }
        (Some(a), None) => {
            let mut c = Change::new(p.label.clone(), Kind::Removed, item_kind(a, &opts.readings));
            c.old_size = Some(a.bytes.len() as u64);
            report.changes.push(c);
        }
        (None, None) => {}
    }
}

fn name_of(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// A file on disk as one side, named by its file name.
pub fn file_side(path: &Path) -> std::io::Result<Side> {
    let bytes = std::fs::read(path).map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    Ok(Side::file(name_of(path), SharedBytes::from(bytes)))
}

/// Every dirty open file (or only `only`'s) as Save would write it (B) against its file on
/// disk (A; `None` when it is not there), labelled as [`super::unsaved`] labels them: by the
/// file's name, or by as much of its path as tells it from another dirty file of that name.
pub fn saved_pairs(ws: &Workspace, only: Option<crate::doc::FileId>) -> Vec<Pair> {
    let dirty: Vec<_> = ws.files().iter().filter(|f| f.is_dirty()).collect();
    let labels = distinct_labels(&dirty.iter().map(|f| f.path.as_path()).collect::<Vec<_>>());
    let mut out = Vec::new();
    for (f, label) in dirty.iter().zip(labels).filter(|(f, _)| only.is_none_or(|id| id == f.id)) {
        let name = f.name();
        let b = ws.item_bytes(&ItemPath::root(f.id)).ok().map(|bytes| Side::file(name.clone(), bytes));
        let a = std::fs::read(&f.path).ok().map(|bytes| Side::file(name.clone(), SharedBytes::from(bytes)));
        out.push(Pair { label, a, b, at: [Some(Origin::disk(&f.path)), Some(Origin::open(&f.path))] });
    }
    out
}

/// A label for each path: its file name, or, where another path has the same name (ASCII
/// case-insensitively, as the game matches names), the shortest tail of folders and name
/// (`/`-separated) that no other path shares.
pub fn distinct_labels(paths: &[&Path]) -> Vec<String> {
    let parts: Vec<Vec<String>> = paths.iter().map(|p| p.components().rev().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect()).collect();
    let tail = |k: usize, n: usize| -> String {
        let p = &parts[k];
        p[..n.min(p.len())].iter().rev().cloned().collect::<Vec<_>>().join("/")
    };
    (0..paths.len())
        .map(|k| {
            let longest = parts[k].len().max(1);
            let mut n = 1;
            while n < longest && (0..paths.len()).any(|j| j != k && tail(j, n).eq_ignore_ascii_case(&tail(k, n))) {
                n += 1;
            }
            tail(k, n)
        })
        .collect()
}

/// Where `change`'s two files are ([`Origin`]); `None` for a side the source cannot say.
pub fn origins_of(source: &Source, change: &Change) -> [Option<Origin>; 2] {
    let root = change.path.split("::").next().unwrap_or_default();
    match source {
        Source::Pairs(pairs) => pairs.iter().find(|p| p.label == root).map_or([None, None], |p| p.at.clone()),
        Source::Folders { a, b, .. } => {
            let whole = !change.path.contains("::");
            let rel_a = if whole && change.kind == Kind::Renamed { change.from.as_deref().unwrap_or(root) } else { root };
            let mut pa = a.join(rel_a);
            if !pa.exists()
                && let Ok(files) = files_under(a)
                && let Some((_, p)) = files.into_iter().find(|(r, _)| r.eq_ignore_ascii_case(rel_a))
            {
                pa = p;
            }
            [Some(Origin::open(pa)), Some(Origin::disk(b.join(root)))]
        }
    }
}

/// The two archives that hold `change`'s item (`None` for a whole file): where an item in an
/// archive finds what lies beside it.
pub fn parent_sides(source: &Source, change: &Change) -> Option<(Option<Side>, Option<Side>)> {
    let (parent, _) = change.path.rsplit_once("::")?;
    sides_of(source, &Change::new(parent, Kind::Changed, crate::doc::kinds::ItemKind::Nres)).ok()
}

/// The two sides of `change` (`None` for the side it does not exist on: an added item's A).
/// An error names the part of the path that could not be read.
pub fn sides_of(source: &Source, change: &Change) -> Result<(Option<Side>, Option<Side>), Message> {
    let parts: Vec<&str> = change.path.split("::").collect();
    let (root, labels) = parts.split_first().ok_or_else(|| msg!("doc-diff-empty-path", "an empty path"))?;
    let pair = match source {
        Source::Pairs(pairs) => pairs
            .iter()
            .find(|p| p.label == *root)
            .cloned()
            .ok_or_else(|| msg!("doc-diff-not-compared", "{root} is not one of the compared items", root = *root))?,
        Source::Folders { a, b, unsaved } => folder_pair(a, b, unsaved, root, change, labels.is_empty())?,
    };
    if labels.is_empty() {
        return Ok(match change.kind {
            Kind::Added => (None, pair.b),
            Kind::Removed => (pair.a, None),
            _ => (pair.a, pair.b),
        });
    }
    let (mut a, mut b) = (pair.a, pair.b);
    for (k, label) in labels.iter().enumerate() {
        let last = k + 1 == labels.len();
        (a, b) = match (last, change.kind) {
            (true, Kind::Added) => (None, b.map(|s| child_by_label(&s, label)).transpose()?),
            (true, Kind::Removed) => (a.map(|s| child_by_label(&s, label)).transpose()?, None),
            (true, _) if change.old_index.is_some() && change.new_index.is_some() => {
                let at = |s: Option<Side>, i: Option<usize>| s.zip(i).map(|(s, i)| child_at(&s, i)).transpose();
                (at(a, change.old_index)?, at(b, change.new_index)?)
            }
            _ => match (a, b) {
                (Some(x), Some(y)) => paired_children(&x, &y, label)?,
                (x, y) => (x.map(|s| child_by_label(&s, label)).transpose()?, y.map(|s| child_by_label(&s, label)).transpose()?),
            },
        };
    }
    Ok((a, b))
}

/// The two files of a folder compare at `rel` (B's relative path; A's for a removal, the
/// rename's `from` for a rename), A's matched ASCII case-insensitively as the compare did.
fn folder_pair(a_dir: &Path, b_dir: &Path, unsaved: &[(String, SharedBytes)], rel: &str, change: &Change, whole: bool) -> Result<Pair, Message> {
    let read = |p: PathBuf| file_side(&p).map_err(|e| Message::from(e.to_string()));
    // A's file as the editor has it, when it is edited.
    let edited = |want: &str| unsaved.iter().find(|(r, _)| r.eq_ignore_ascii_case(want)).map(|(r, b)| Side::file(r.rsplit('/').next().unwrap_or(r), b.clone()));
    let removed = whole && change.kind == Kind::Removed;
    let added = whole && change.kind == Kind::Added;
    let b = if removed { None } else { Some(read(b_dir.join(rel))?) };
    let a = if added {
        None
    } else if let Some(side) = edited(if whole && change.kind == Kind::Renamed { change.from.as_deref().unwrap_or(rel) } else { rel }) {
        Some(side)
    } else if removed {
        Some(read(a_dir.join(rel))?)
    } else {
        let want = if whole && change.kind == Kind::Renamed { change.from.as_deref().unwrap_or(rel) } else { rel };
        let found = files_under(a_dir).map_err(|e| Message::from(e.to_string()))?.into_iter().find(|(r, _)| r.eq_ignore_ascii_case(want));
        let dir = a_dir.display().to_string();
        Some(read(found.map(|(_, p)| p).ok_or_else(|| msg!("doc-diff-not-in-folder", "{want} is not in {dir}", want = want, dir = dir))?)?)
    };
    Ok(Pair { label: rel.to_string(), a, b, at: [None, None] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::items;
    use crate::fixtures::nres as fx;
    use crate::formats::nres::Archive;

    fn nested_edit() -> Vec<u8> {
        let (outer, _) = Archive::parse(fx::nested().into()).unwrap();
        let (mut inner, _) = Archive::parse(outer.payload(0)).unwrap();
        let mut changed = inner.payload(0).to_vec();
        changed[2] ^= 0xFF;
        inner.replace(0, changed).unwrap();
        let mut outer2 = outer.clone();
        outer2.replace(0, inner.write()).unwrap();
        outer2.write()
    }

    #[test]
    fn a_nested_change_walks_back_to_both_entries() {
        let (a, b) = (fx::nested(), nested_edit());
        let pair = Pair { label: "n.lib".into(), a: Some(Side::file("n.lib", a.into())), b: Some(Side::file("n.lib", b.into())), at: [None, None] };
        let src = Source::Pairs(vec![pair]);
        let r = src.compare(&Options::default()).unwrap();
        assert_eq!(r.changes.len(), 1);
        let (sa, sb) = sides_of(&src, &r.changes[0]).unwrap();
        let (sa, sb) = (sa.unwrap(), sb.unwrap());
        assert_eq!(sa.name, "STEEL");
        assert_eq!(sa.bytes.len(), sb.bytes.len());
        assert_eq!(sa.bytes[2] ^ 0xFF, sb.bytes[2]);
        let mut gone = r.changes[0].clone();
        (gone.path, gone.old_index, gone.new_index) = ("n.lib::inner.rlb::NOTHERE".into(), None, None);
        assert!(sides_of(&src, &gone).unwrap_err().as_str().contains("NOTHERE"));
    }

    #[test]
    fn labels_tell_files_of_one_name_apart() {
        let paths = [Path::new("/g/a/Textures.lib"), Path::new("/g/b/textures.lib"), Path::new("/g/a/Material.lib"), Path::new("/h/x/a/Land.wea"), Path::new("/g/y/a/Land.wea")];
        assert_eq!(distinct_labels(&paths), ["a/Textures.lib", "b/textures.lib", "Material.lib", "x/a/Land.wea", "y/a/Land.wea"]);
    }

    #[test]
    fn a_folder_with_the_editors_bytes_of_one_file() {
        let d = tempfile::tempdir().unwrap();
        let (da, db) = (d.path().join("a"), d.path().join("b"));
        for dir in [&da, &db] {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(dir.join("x.lib"), fx::simple()).unwrap();
            std::fs::write(dir.join("y.bin"), b"same").unwrap();
        }
        let edited = SharedBytes::from(b"edited".to_vec());
        let src = Source::Folders { a: da, b: db, unsaved: vec![("Y.BIN".into(), edited.clone())] };
        let r = src.compare(&Options::default()).unwrap();
        assert_eq!(r.changes.iter().map(|c| (c.kind, c.path.as_str())).collect::<Vec<_>>(), [(Kind::Changed, "y.bin")]);
        let (sa, sb) = sides_of(&src, &r.changes[0]).unwrap();
        assert_eq!((&sa.unwrap().bytes[..], &sb.unwrap().bytes[..]), (&b"edited"[..], &b"same"[..]));
    }

    #[test]
    fn folders_and_the_unsaved_workspace() {
        let d = tempfile::tempdir().unwrap();
        let (da, db) = (d.path().join("a"), d.path().join("b"));
        std::fs::create_dir_all(&da).unwrap();
        std::fs::create_dir_all(&db).unwrap();
        std::fs::write(da.join("x.lib"), fx::simple()).unwrap();
        let (mut arch, _) = Archive::parse(fx::simple().into()).unwrap();
        arch.rename(0, b"IRON").unwrap();
        std::fs::write(db.join("X.LIB"), arch.write()).unwrap();
        std::fs::write(db.join("new.bin"), b"new").unwrap();
        let src = Source::Folders { a: da.clone(), b: db, unsaved: Vec::new() };
        let r = src.compare(&Options::default()).unwrap();
        for c in &r.changes {
            let (sa, sb) = sides_of(&src, c).unwrap();
            match c.kind {
                Kind::Added => assert!(sa.is_none() && sb.is_some(), "{c:?}"),
                Kind::Renamed => assert_eq!(sa.unwrap().bytes[..], sb.unwrap().bytes[..]),
                _ => assert!(sa.is_some() && sb.is_some(), "{c:?}"),
            }
        }
        // The workspace: a dirty file against its saved bytes.
        let mut ws = Workspace::new();
        let id = ws.open(&da.join("x.lib")).unwrap();
        assert!(saved_pairs(&ws, None).is_empty(), "nothing dirty");
        ws.apply(items::replace(&ItemPath::root(id).child(1), SharedBytes::from(vec![1, 2, 3]))).unwrap();
        let src = Source::Pairs(saved_pairs(&ws, Some(id)));
        let r = src.compare(&Options::default()).unwrap();
        assert_eq!(r.changes.len(), 1, "{:?}", r.changes);
        let (sa, sb) = sides_of(&src, &r.changes[0]).unwrap();
        assert_eq!(sb.unwrap().bytes[..], [1, 2, 3]);
        assert_ne!(sa.unwrap().bytes.len(), 3);
    }
}
