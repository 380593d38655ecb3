//! The document model: edits, undo/redo, merging, nested archives, dirty tracking and atomic
//! saves.

use parkan_studio::doc::{Edit, EditOp, ItemPath, Workspace};
use parkan_studio::fixtures::nres as fx;
use parkan_studio::formats::bytes::SharedBytes;
use proptest::prelude::*;
use std::path::PathBuf;

fn open(bytes: Vec<u8>) -> (Workspace, u64) {
    let mut ws = Workspace::new();
    let id = ws.open_bytes(PathBuf::from("test.lib"), SharedBytes::from(bytes)).unwrap();
    (ws, id)
}

fn root_bytes(ws: &Workspace, id: u64) -> Vec<u8> {
    ws.item_bytes(&ItemPath::root(id)).unwrap().to_vec()
}

#[test]
fn undo_redo_and_dirty_tracking() {
    let original = fx::simple();
    let (mut ws, id) = open(original.clone());
    assert!(!ws.is_dirty(id));
    ws.apply(Edit::new(id, vec![], EditOp::RenameEntry { index: 0, name: b"NEWNAME".to_vec() })).unwrap();
    assert!(ws.is_dirty(id));
    let edited = root_bytes(&ws, id);
    assert_ne!(edited, original);
    assert_eq!(ws.undo().unwrap().as_deref(), Some("Rename entry #0 to NEWNAME"));
    assert_eq!(root_bytes(&ws, id), original);
    assert!(!ws.is_dirty(id), "undo back to the saved state is clean");
    ws.redo().unwrap();
    assert_eq!(root_bytes(&ws, id), edited);
    assert!(ws.is_dirty(id));
    assert_eq!(ws.redo().unwrap(), None);
}

#[test]
fn a_drag_merges_into_one_step() {
    let (mut ws, id) = open(fx::simple());
    for v in 0..10u32 {
        ws.apply(Edit::new(id, vec![], EditOp::SetAttrs { index: 1, type_id: None, attrs: [v, 0, 0] }).merging(parkan_studio::doc::MergeKey::new(&parkan_studio::doc::ItemPath::root(id).child(1), "attrs")))
            .unwrap();
    }
    ws.history.seal();
    ws.apply(Edit::new(id, vec![], EditOp::SetAttrs { index: 1, type_id: None, attrs: [99, 0, 0] }).merging(parkan_studio::doc::MergeKey::new(&parkan_studio::doc::ItemPath::root(id).child(1), "attrs")))
        .unwrap();
    assert_eq!(ws.history.steps().len(), 2);
    ws.undo().unwrap();
    assert_eq!(ws.node(id, &[]).unwrap().0.meta(1).unwrap().attrs, [9, 0, 0]);
    ws.undo().unwrap();
    assert_eq!(ws.node(id, &[]).unwrap().0.meta(1).unwrap().attrs, [1, 7, 0]);
}

#[test]
fn nested_edit_rewrites_parents() {
    let original = fx::nested();
    let (mut ws, id) = open(original.clone());
    // deeper.rlb (entry 1) › level2 (entry 0) › rename its entry 1
    let inner = ws.node(id, &[1, 0]).unwrap();
    assert_eq!(inner.0.len(), 4);
    ws.apply(Edit::new(id, vec![1, 0], EditOp::RenameEntry { index: 1, name: b"CHANGED".to_vec() })).unwrap();
    let inner = ws.node(id, &[1, 0]).unwrap();
    assert_eq!(inner.0.meta(1).unwrap().name, "CHANGED");
    // the untouched sibling entry keeps its bytes
    let before = parkan_studio::formats::nres::Archive::parse(SharedBytes::from(&original[..])).unwrap().0;
    let after_bytes = root_bytes(&ws, id);
    let after = parkan_studio::formats::nres::Archive::parse(SharedBytes::from(&after_bytes[..])).unwrap().0;
    assert_eq!(&*before.payload(0), &*after.payload(0));
    assert_eq!(&*before.payload(2), &*after.payload(2));
    ws.undo().unwrap();
    assert_eq!(root_bytes(&ws, id), original);
}

#[test]
fn replacing_a_blob_entry_in_a_nested_archive() {
    let (mut ws, id) = open(fx::nested());
    ws.apply(Edit::new(id, vec![0], EditOp::ReplaceEntry { index: 2, bytes: b"xyz".to_vec().into() })).unwrap();
    assert_eq!(&*ws.item_bytes(&ItemPath { file: id, entries: vec![0, 2] }).unwrap(), b"xyz");
}

#[test]
fn failed_edit_changes_nothing() {
    let original = fx::simple();
    let (mut ws, id) = open(original.clone());
    assert!(ws.apply(Edit::new(id, vec![], EditOp::RenameEntry { index: 0, name: vec![b'x'; 40] })).is_err());
    assert!(ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 99 })).is_err());
    assert!(ws.apply(Edit::new(id, vec![3], EditOp::RemoveEntry { index: 0 })).is_err());
    assert_eq!(root_bytes(&ws, id), original);
    assert!(!ws.history.can_undo());
    assert!(!ws.is_dirty(id));
}

#[test]
fn save_is_atomic_and_detects_changes_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Material.lib");
    std::fs::write(&path, fx::simple()).unwrap();
    let mut ws = Workspace::new();
    let id = ws.open(&path).unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    ws.save(id, false).unwrap();
    assert!(!ws.is_dirty(id));
    let saved = std::fs::read(&path).unwrap();
    assert_eq!(saved, root_bytes(&ws, id));
    // no temporary files are left behind
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);

    // someone else writes the file: a plain save refuses, a forced one goes ahead
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&path, b"changed elsewhere, and longer than before to change the length too").unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    assert!(ws.changed_on_disk(id));
    let err = ws.save(id, false).unwrap_err();
    assert!(err.to_string().contains("changed on disk"), "{err}");
    ws.save(id, true).unwrap();
}

#[test]
fn failed_write_leaves_the_original_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.lib");
    std::fs::write(&path, b"original").unwrap();
    // a writer that runs out of space half-way, as a full disk does
    let r = parkan_studio::doc::save::atomic_write_with(&path, &mut |f| {
        use std::io::Write;
        f.write_all(b"half")?;
        Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "No space left on device"))
    });
    assert!(r.is_err());
    assert_eq!(std::fs::read(&path).unwrap(), b"original");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "the temporary file is removed");
}

#[test]
fn save_into_a_missing_folder_fails_cleanly() {
    let (mut ws, id) = open(fx::simple());
    let err = ws.save_as(id, std::path::Path::new("/nonexistent-folder/x.lib")).unwrap_err();
    assert!(err.to_string().contains("could not save"), "{err}");
    // the document itself is unchanged and still unsaved
    assert!(!ws.is_dirty(id));
    assert_eq!(root_bytes(&ws, id), fx::simple());
}

/// Unmounts the test's tmpfs however the test ends, so a failed assertion leaves no mount.
struct Mounted(std::path::PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// A real full disk and a real read-only location: a 64 KiB tmpfs. Mounting needs root (CI and
/// these machines run as root): as root a failed mount fails the test; a user without mount
/// rights is told so on stderr, since nothing can be set up there.
#[test]
fn save_onto_full_and_read_only_tmpfs() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&mnt)
        .output();
    let root = std::fs::metadata("/proc/self").map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0).unwrap_or(false);
    match &mounted {
        Ok(o) if o.status.success() => {}
        _ if root => panic!("as root, mounting a tmpfs at {} failed: {mounted:?}", mnt.display()),
        _ => {
            eprintln!("not run: mounting a tmpfs needs root");
            return;
        }
    }
    let _guard = Mounted(mnt.clone());
    let path = mnt.join("big.lib");
    std::fs::write(&path, fx::simple()).unwrap();
    let original = std::fs::read(&path).unwrap();
    let mut ws = Workspace::new();
    let id = ws.open(&path).unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::AddEntry { name: b"HUGE".to_vec(), type_id: 0, attrs: [0; 3], bytes: vec![7u8; 200_000].into() }))
        .unwrap();
    let err = ws.save(id, false).unwrap_err();
    assert!(err.to_string().contains("could not save"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), original, "disk full: the original is intact");
    assert_eq!(std::fs::read_dir(&mnt).unwrap().count(), 1, "no temporary file left");

    let remount = std::process::Command::new("mount").args(["-o", "remount,ro"]).arg(&mnt).status();
    assert!(remount.is_ok_and(|s| s.success()));
    ws.undo().unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    let err = ws.save(id, false).unwrap_err();
    assert!(err.to_string().contains("could not save"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), original, "read-only: the original is intact");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A random sequence of edits, then undo all, gives back the original bytes.
    #[test]
    fn undo_all_restores_original(seq in proptest::collection::vec((0u8..6, any::<u16>(), 0usize..64), 1..16), which in 0usize..4) {
        let original = match which { 0 => fx::simple(), 1 => fx::gaps_nonzero(), 2 => fx::shared_ranges(), _ => fx::nested() };
        let (mut ws, id) = open(original.clone());
        let mut applied = 0;
        for (k, (op, pick, len)) in seq.into_iter().enumerate() {
            let n = ws.node(id, &[]).unwrap().0.len();
            let i = if n == 0 { 0 } else { pick as usize % n };
            let op = match op {
                0 => EditOp::ReplaceEntry { index: i, bytes: parkan_studio::fixtures::nres::pattern(k as u32, len).into() },
                1 => EditOp::AddEntry { name: format!("ADD{k}").into_bytes(), type_id: 7, attrs: [1, 2, 3], bytes: vec![k as u8; len].into() },
                2 => EditOp::RemoveEntry { index: i },
                3 => EditOp::RenameEntry { index: i, name: format!("REN{k}").into_bytes() },
                4 => EditOp::SetAttrs { index: i, type_id: Some(5), attrs: [k as u32, 0, 0] },
                _ => EditOp::Compact,
            };
            if ws.apply(Edit::new(id, vec![], op)).is_ok() { applied += 1; }
        }
        for _ in 0..applied {
            prop_assert!(ws.undo().unwrap().is_some());
        }
        prop_assert!(root_bytes(&ws, id) == original);
        prop_assert!(!ws.is_dirty(id));
    }
}
