//! Walking a game folder: every file the project would open, classified by its first bytes
//! (and its name where the format has no magic), and one problem for each thing that could not
//! be walked. The walk never fails as a whole and never visits a folder or a file twice: each
//! folder is entered once by its canonical path, so a symbolic link back up the tree (a loop)
//! or a second link to the same place outside the folder is a problem, not a second walk.

use super::Problem;
use crate::msg;
use crate::formats::magic::{FileKind, detect};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// A file of the project.
#[derive(Debug, Clone)]
pub struct ProjectFile {
    /// The path below the project folder, with `/` between folders.
    pub rel: String,
    /// Where it is read from.
    pub path: PathBuf,
    pub size: u64,
    pub kind: FileKind,
}

impl ProjectFile {
    /// The folder part of `rel` (`""` for the top folder).
    pub fn dir(&self) -> &str {
        parent_dir(&self.rel)
    }
    pub fn name(&self) -> &str {
        self.rel.rsplit('/').next().unwrap_or(&self.rel)
    }
}

/// The folder part of a project path (`""` for the top folder).
pub fn parent_dir(rel: &str) -> &str {
    rel.rfind('/').map_or("", |i| &rel[..i])
}

/// What the walk found.
#[derive(Debug, Clone, Default)]
pub struct Walked {
    pub files: Vec<ProjectFile>,
    /// Files of no format the project knows (text, images, executables), not listed.
    pub unrelated: usize,
    pub problems: Vec<Problem>,
}

/// How many bytes of a file the classification reads.
const HEAD: usize = 64;

/// Walks `root`. Files come in path order (folders before the files beside them sort as
/// names do), so two walks of one folder agree.
pub fn walk(root: &Path) -> Walked {
    let mut out = Walked::default();
    let canon_root = match std::fs::canonicalize(root) {
        Ok(c) => c,
        Err(e) => {
            out.problems.push(Problem::error(root.display().to_string(), None, msg!("project-cannot-open-folder", "cannot open the folder: {error}", error = e.to_string())));
            return out;
        }
    };
    let mut seen_dirs: HashSet<PathBuf> = HashSet::from([canon_root.clone()]);
    let mut seen_files: HashSet<PathBuf> = HashSet::new();
    let mut stack = vec![(root.to_path_buf(), String::new())];
    while let Some((dir, rel)) = stack.pop() {
        let read = match std::fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) => {
                out.problems.push(Problem::error(shown(&rel), None, msg!("project-cannot-read-folder", "cannot read the folder: {error}", error = e.to_string())));
                continue;
            }
        };
        let mut entries: Vec<std::fs::DirEntry> = read.filter_map(|e| e.ok()).collect();
        entries.sort_by_key(|e| e.file_name());
        let mut subdirs = Vec::new();
        for e in entries {
            let name = e.file_name().to_string_lossy().into_owned();
            let child_rel = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
            let path = e.path();
            let is_link = e.file_type().is_ok_and(|t| t.is_symlink());
            // Follows links: what the game (and the editor) would read.
            let meta = match std::fs::metadata(&path) {
                Ok(m) => m,
                Err(e) => {
                    let message = if is_link {
                        msg!("project-link-unreadable", "a link to nothing readable: {error}", error = e.to_string())
                    } else {
                        msg!("project-cannot-read", "cannot be read: {error}", error = e.to_string())
                    };
                    out.problems.push(Problem::warning(child_rel, None, message));
                    continue;
                }
            };
            if meta.is_dir() {
                // The mod journal's folder (docs/formats/parkanmod.md, "The journal") holds
                // copies of game files, not files the game reads.
                if rel.is_empty() && name.eq_ignore_ascii_case(crate::doc::mods::paths::JOURNAL_DIR) {
                    continue;
                }
                let canon = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
                if !seen_dirs.insert(canon.clone()) {
                    let target = canon.display().to_string();
                    let message = if canon_root.starts_with(&canon) || canon.starts_with(&canon_root) {
                        msg!(
                            "project-link-loop",
                            "not walked: a link back into the project (a loop, or a second way to a folder already walked) ({target})",
                            target = target
                        )
                    } else {
                        msg!("project-link-twice", "not walked: a second link to a folder outside the project that is already walked ({target})", target = target)
                    };
                    out.problems.push(Problem::warning(child_rel, None, message));
                    continue;
                }
                subdirs.push((path, child_rel));
                continue;
            }
            if !meta.is_file() {
                continue;
            }
            match classify(&path, &name, meta.len()) {
                Err(e) => out.problems.push(Problem::error(child_rel, Some(0), msg!("project-cannot-read", "cannot be read: {error}", error = e.to_string()))),
                // A unit tree (`UNITS/**/*.dat`) has a magic word but no FileKind: a project file all the same.
                Ok(FileKind::Unknown) if !unit_file(&path, &name) => out.unrelated += 1,
                Ok(kind) => {
                    // A file reached twice through links is one file of the project.
                    if is_link || path_has_link(&canon_root, &path) {
                        let canon = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
                        if !seen_files.insert(canon.clone()) {
                            out.problems.push(Problem::info(child_rel, None, msg!("project-same-file", "skipped: the same file as another one walked ({target})", target = canon.display().to_string())));
                            continue;
                        }
                    } else if let Ok(canon) = std::fs::canonicalize(&path) {
                        seen_files.insert(canon);
                    }
                    out.files.push(ProjectFile { rel: child_rel, path, size: meta.len(), kind });
                }
            }
        }
        // Popped in name order.
        stack.extend(subdirs.into_iter().rev());
    }
    out.files.sort_by_key(|f| f.rel.to_ascii_lowercase());
    out
}

/// Whether `path` below the project is reached through a link (its canonical form is not the
/// root joined with its relative path), so that two names for one file are seen as one.
fn path_has_link(canon_root: &Path, path: &Path) -> bool {
    std::fs::canonicalize(path).is_ok_and(|c| !c.starts_with(canon_root))
}

fn shown(rel: &str) -> String {
    if rel.is_empty() { ".".to_string() } else { rel.to_string() }
}

/// A unit tree by its name and magic (docs/formats/unit-dat.md).
fn unit_file(path: &Path, name: &str) -> bool {
    let mut head = [0u8; 4];
    name.to_ascii_lowercase().ends_with(".dat")
        && std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head)).is_ok()
        && crate::doc::kinds::unit::looks_like_unit(name, &head)
}

/// The format of a file by its first bytes and its name. An X-Ray `level` under another name
/// is recognised by reading it whole (its chunks are walked), only when its first chunk is a
/// level header.
fn classify(path: &Path, name: &str, len: u64) -> std::io::Result<FileKind> {
    let mut f = std::fs::File::open(path)?;
    let mut head = Vec::with_capacity(HEAD);
    (&mut f).take(HEAD as u64).read_to_end(&mut head)?;
    let kind = detect(name, &head);
    if kind == FileKind::Unknown && head.starts_with(&[1, 0, 0, 0, 4, 0, 0, 0]) && len <= 1 << 30 {
        let bytes = std::fs::read(path)?;
        return Ok(detect(name, &bytes));
    }
    // The head is enough for the magic; a level named `level` is taken by name, a geom by
    // extension, and a `.wea` by extension (text has no magic).
    Ok(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unrelated_files_are_counted_not_listed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("readme.txt"), "hello").unwrap();
        std::fs::write(dir.path().join("a.wea"), "1\n0 STEEL\n").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/t.lib"), crate::fixtures::nres::simple()).unwrap();
        let w = walk(dir.path());
        let rels: Vec<&str> = w.files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rels, ["a.wea", "sub/t.lib"]);
        assert_eq!(w.unrelated, 1);
        assert!(w.problems.is_empty(), "{:?}", w.problems);
    }

    #[test]
    fn the_mod_journal_folder_is_not_part_of_the_project() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("t.lib"), crate::fixtures::nres::simple()).unwrap();
        let journal = dir.path().join(crate::doc::mods::paths::JOURNAL_DIR).join("base");
        std::fs::create_dir_all(&journal).unwrap();
        std::fs::write(journal.join("1-0"), crate::fixtures::nres::simple()).unwrap();
        // Only at the top: a folder of that name deeper down is the game's.
        std::fs::create_dir_all(dir.path().join("sub/.parkan-mods")).unwrap();
        std::fs::write(dir.path().join("sub/.parkan-mods/u.lib"), crate::fixtures::nres::simple()).unwrap();
        let w = walk(dir.path());
        let rels: Vec<&str> = w.files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rels, ["sub/.parkan-mods/u.lib", "t.lib"]);
        assert_eq!(w.unrelated, 0);
    }

    #[cfg(unix)]
    #[test]
    fn link_loops_and_second_links_are_one_problem_each() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("x.wea"), "1\n0 A\n").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::os::unix::fs::symlink(dir.path(), dir.path().join("sub/up")).unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("out1")).unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("out2")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("nothing"), dir.path().join("dangling")).unwrap();
        let w = walk(dir.path());
        let rels: Vec<&str> = w.files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rels, ["out1/x.wea"], "the outside folder is walked once");
        let files: Vec<&str> = w.problems.iter().map(|p| p.file.as_str()).collect();
        assert_eq!(files, ["dangling", "out2", "sub/up"], "{:?}", w.problems);
    }

    #[cfg(unix)]
    #[test]
    fn an_unreadable_file_is_a_problem_naming_it() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("locked.lib");
        std::fs::write(&p, crate::fixtures::nres::simple()).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o000)).unwrap();
        if std::fs::read(&p).is_ok() {
            return; // running as root: nothing is unreadable
        }
        let w = walk(dir.path());
        assert_eq!(w.problems.len(), 1);
        assert_eq!((w.problems[0].file.as_str(), w.problems[0].offset), ("locked.lib", Some(0)));
    }
}
