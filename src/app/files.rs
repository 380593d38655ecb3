//! Work on disk that may take long, written to run on a task thread: reading a large file,
//! walking a game folder, extracting many entries. Each reports progress and stops when the
//! task is cancelled.

use crate::doc::items::output_name;
use super::tasks::{Outcome, Progress};
use crate::doc::node::Node;
use crate::doc::save::DiskStamp;
use crate::formats::bytes::SharedBytes;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Files at least this large are read on a task thread before they open.
pub const LARGE_FILE: u64 = 16 << 20;
/// Extensions a game folder listing shows.
pub const GAME_EXTENSIONS: &[&str] = &["lib", "rlb", "msh", "wea", "geom"];
const SCAN_MAX_FILES: usize = 100_000;
const SCAN_MAX_DEPTH: usize = 12;

pub fn is_game_file(p: &Path) -> bool {
    p.extension().and_then(|e| e.to_str()).is_some_and(|e| GAME_EXTENSIONS.iter().any(|g| e.eq_ignore_ascii_case(g)))
}

/// Reads a file in 1 MiB chunks (so the read can be cancelled and shows progress) and hands
/// the bytes, with the disk stamp taken before reading, to the workspace to open.
pub fn preload(path: &Path, p: &Progress) -> Outcome {
    let result = (|| -> std::io::Result<Option<(Vec<u8>, Option<DiskStamp>)>> {
        let stamp = DiskStamp::of(path).ok();
        let mut f = std::fs::File::open(path)?;
        let total = f.metadata()?.len();
        // The length is only a hint (the file may change while read); reading stops at EOF.
        let mut out = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
        loop {
            if p.cancelled() {
                return Ok(None);
            }
            // Straight into the result, no intermediate buffer.
            if (&mut f).take(1 << 20).read_to_end(&mut out)? == 0 {
                return Ok(Some((out, stamp)));
            }
            p.set(out.len() as u64, total.max(out.len() as u64));
        }
    })();
    match result {
        Ok(None) => Outcome::Cancelled,
        Ok(Some((bytes, stamp))) => Outcome::Loaded { path: path.to_path_buf(), result: Ok((SharedBytes::from(bytes), stamp)) },
        Err(e) => Outcome::Loaded { path: path.to_path_buf(), result: Err(format!("{}: {e}", path.display())) },
    }
}

/// Walks a folder for the files a game ships (archives, meshes, WEAR tables, level.geom).
pub fn scan_folder(root: &Path, p: &Progress) -> Outcome {
    let mut files = Vec::new();
    let mut stack = vec![(root.to_path_buf(), 0usize)];
    let mut dirs_seen = 0u64;
    let mut truncated = false;
    while let Some((dir, depth)) = stack.pop() {
        if p.cancelled() {
            return Outcome::Cancelled;
        }
        dirs_seen += 1;
        p.set(dirs_seen, dirs_seen + stack.len() as u64);
        let Ok(rd) = std::fs::read_dir(&dir) else { continue };
        let mut subdirs = Vec::new();
        for e in rd.flatten() {
            let path = e.path();
            let Ok(ft) = e.file_type() else { continue };
            if ft.is_dir() {
                if depth < SCAN_MAX_DEPTH {
                    subdirs.push(path);
                }
            } else if is_game_file(&path) || path.file_name().is_some_and(|n| n.eq_ignore_ascii_case("level.geom") || n.eq_ignore_ascii_case("level")) {
                if files.len() >= SCAN_MAX_FILES {
                    truncated = true;
                    break;
                }
                files.push(path);
            }
        }
        subdirs.sort();
        stack.extend(subdirs.into_iter().rev().map(|d| (d, depth + 1)));
    }
    files.sort();
    Outcome::Scanned { root: root.to_path_buf(), files, truncated }
}

/// Writes the entries `indices` of an archive into `dir` (created if missing), named as the
/// CLI's `extract --all` names them.
pub fn extract_into(node: &Node, indices: &[usize], dir: &Path, p: &Progress) -> Outcome {
    if let Err(e) = std::fs::create_dir_all(dir) {
        return Outcome::Extracted { dest: dir.to_path_buf(), written: 0, failed: vec![format!("{}: {e}", dir.display())] };
    }
    let metas = node.metas();
    let mut written = 0;
    let mut failed = Vec::new();
    for (k, &i) in indices.iter().enumerate() {
        if p.cancelled() {
            return Outcome::Cancelled;
        }
        p.set(k as u64, indices.len() as u64);
        if i >= metas.len() {
            failed.push(format!("#{i}: no such entry"));
            continue;
        }
        let out = dir.join(output_name(&metas, i));
        match node.entry_bytes(i) {
            Ok(b) => match std::fs::write(&out, &*b) {
                Ok(()) => written += 1,
                Err(e) => failed.push(format!("{}: {e}", out.display())),
            },
            Err(e) => failed.push(format!("{}: {e}", metas[i].name)),
        }
    }
    p.set(indices.len() as u64, indices.len() as u64);
    Outcome::Extracted { dest: dir.to_path_buf(), written, failed }
}

/// Where the bundled demo folder is: beside the working directory, else beside the sources.
pub fn demo_folder() -> Option<PathBuf> {
    [PathBuf::from("assets/demo"), Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo")].into_iter().find(|p| p.is_dir())
}

/// Every file of the demo folder (not recursive), sorted.
pub fn demo_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect()).unwrap_or_default();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::nres as fx;
    use crate::formats::bytes::SharedBytes;

    #[test]
    fn scans_game_files_case_insensitively_and_recursively() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("DATA/MAPS")).unwrap();
        for f in ["Material.lib", "DATA/robot.MSH", "DATA/MAPS/level.geom", "DATA/MAPS/Land.wea", "readme.txt", "x.RLB"] {
            std::fs::write(d.path().join(f), b"").unwrap();
        }
        let Outcome::Scanned { files, truncated, .. } = scan_folder(d.path(), &Progress::default()) else { panic!() };
        let rel: Vec<_> = files.iter().map(|f| f.strip_prefix(d.path()).unwrap().to_string_lossy().into_owned()).collect();
        assert_eq!(rel, ["DATA/MAPS/Land.wea", "DATA/MAPS/level.geom", "DATA/robot.MSH", "Material.lib", "x.RLB"]);
        assert!(!truncated);
        let p = Progress::default();
        p.cancel();
        assert!(matches!(scan_folder(d.path(), &p), Outcome::Cancelled));
    }

    #[test]
    fn extracts_with_safe_names_and_reports_failures() {
        let d = tempfile::tempdir().unwrap();
        let (node, _) = Node::parse("d.lib", SharedBytes::from(fx::duplicate_names())).unwrap();
        let Outcome::Extracted { written, failed, .. } = extract_into(&node, &[0, 1, 2, 3, 9], d.path(), &Progress::default()) else {
            panic!()
        };
        assert_eq!((written, failed.len()), (4, 1));
        assert_eq!(std::fs::read(d.path().join("other")).unwrap(), &*node.entry_bytes(1).unwrap());
        assert!(d.path().join("0003_TWIN").is_file());
        let p = Progress::default();
        p.cancel();
        assert!(matches!(extract_into(&node, &[0], d.path(), &p), Outcome::Cancelled));
    }

    #[test]
    fn preload_reads_or_reports() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("a.lib");
        std::fs::write(&f, vec![1u8; 3 << 20]).unwrap();
        let p = Progress::default();
        match preload(&f, &p) {
            Outcome::Loaded { result: Ok((bytes, stamp)), .. } => {
                assert_eq!(&*bytes, &vec![1u8; 3 << 20][..], "the bytes come back: the file is read once");
                assert!(stamp.is_some());
            }
            _ => panic!("not loaded"),
        }
        assert_eq!(p.get(), (3 << 20, 3 << 20));
        assert!(matches!(preload(&d.path().join("missing"), &p), Outcome::Loaded { result: Err(_), .. }));
    }
}
