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

/// Walks a game folder as a project (the tree: no file is read beyond its first bytes).
pub fn walk_project(root: &Path) -> Outcome {
    Outcome::ProjectWalked { project: Box::new(crate::doc::project::Project::open(root)) }
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
            failed.push(crate::tr!("log-no-such-entry", i = i.to_string()));

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
    fn walks_a_folder_as_a_project() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("DATA")).unwrap();
        std::fs::write(d.path().join("DATA/Land1.WEA"), b"1\n0 A\n").unwrap();
        std::fs::write(d.path().join("readme.txt"), b"").unwrap();
        let Outcome::ProjectWalked { project } = walk_project(d.path()) else { panic!() };
        let rel: Vec<_> = project.files().iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rel, ["DATA/Land1.WEA"]);
        assert_eq!(project.walked.unrelated, 1);
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
