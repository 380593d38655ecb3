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

/// A 64 KiB tmpfs at `mnt`: a real full disk, and (remounted) a real read-only folder, which a
/// mode can not give root. Mounting needs root (CI and these machines run as root): as root, or
/// under CI, a failed mount fails the test; elsewhere a user without mount rights is told on
/// stderr that the test is ignored, and gets None.
fn tmpfs(mnt: &std::path::Path) -> Option<Mounted> {
    std::fs::create_dir(mnt).unwrap();
    let mounted = std::process::Command::new("mount").args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"]).arg(mnt).output();
    let root = std::fs::metadata("/proc/self").map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0).unwrap_or(false);
    match &mounted {
        Ok(o) if o.status.success() => Some(Mounted(mnt.to_path_buf())),
        _ if root => panic!("as root, mounting a tmpfs at {} failed: {mounted:?}", mnt.display()),
        // CI (which sets CI) must run this for real.
        _ if std::env::var_os("CI").is_some() => panic!("CI must run the tests as root: mounting a tmpfs at {} failed: {mounted:?}", mnt.display()),
        _ => {
            eprintln!("ignored: mounting a tmpfs needs root (CI runs it as root)");
            None
        }
    }
}

fn remount_read_only(mnt: &std::path::Path) {
    let remount = std::process::Command::new("mount").args(["-o", "remount,ro"]).arg(mnt).status();
    assert!(remount.is_ok_and(|s| s.success()));
}

#[test]
fn save_onto_full_and_read_only_tmpfs() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("mnt");
    let Some(_guard) = tmpfs(&mnt) else { return };
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

    remount_read_only(&mnt);
    ws.undo().unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    let err = ws.save(id, false).unwrap_err();
    assert!(err.to_string().contains("could not save"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), original, "read-only: the original is intact");
}

fn mode(path: &std::path::Path) -> u32 {
    std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(path).unwrap().permissions()) & 0o7777
}

fn set_mode(path: &std::path::Path, mode: u32) {
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(mode)).unwrap();
}

/// Mod managers and Wine prefixes link game files: the save replaces what the link points at,
/// in the target's folder, and the link stays a link (a relative one, through a linked folder).
#[test]
fn save_through_a_symlink_writes_the_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    let mods = dir.path().join("mods");
    std::fs::create_dir_all(&game).unwrap();
    std::fs::create_dir_all(&mods).unwrap();
    let target = game.join("t.lib");
    std::fs::write(&target, fx::simple()).unwrap();
    set_mode(&target, 0o640);
    std::os::unix::fs::symlink("../game/t.lib", mods.join("hop.lib")).unwrap();
    let link = mods.join("link.lib");
    std::os::unix::fs::symlink("hop.lib", &link).unwrap();

    let mut ws = Workspace::new();
    let id = ws.open(&link).unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    ws.save(id, false).unwrap();
    let saved = root_bytes(&ws, id);
    assert_ne!(saved, fx::simple());
    assert_eq!(std::fs::read(&target).unwrap(), saved, "the target holds the edit");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is still a link");
    assert_eq!(std::fs::read_link(&link).unwrap(), PathBuf::from("hop.lib"));
    assert_eq!(std::fs::read_link(mods.join("hop.lib")).unwrap(), PathBuf::from("../game/t.lib"));
    assert_eq!(mode(&target), 0o640, "the target keeps its mode");
    assert_eq!(std::fs::read_dir(&game).unwrap().count(), 1, "no temporary file left beside the target");
    assert_eq!(std::fs::read_dir(&mods).unwrap().count(), 2, "nothing written beside the link");
    // a second save sees no change on disk: the stamp is the target's
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    ws.save(id, false).unwrap();
    assert_eq!(std::fs::read(&target).unwrap(), root_bytes(&ws, id));
}

#[test]
fn save_through_a_dangling_link_fails_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.lib");
    std::fs::write(&target, fx::simple()).unwrap();
    let link = dir.path().join("link.lib");
    std::os::unix::fs::symlink("t.lib", &link).unwrap();
    let mut ws = Workspace::new();
    let id = ws.open(&link).unwrap();
    std::fs::remove_file(&target).unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    let err = ws.save(id, true).unwrap_err().to_string();
    assert!(err.contains("link.lib is a symbolic link to t.lib") && err.contains("could not save"), "{err}");
    assert_eq!(std::fs::read_link(&link).unwrap(), PathBuf::from("t.lib"), "the link is untouched");
    assert!(!target.exists(), "the target is not created");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    assert!(ws.is_dirty(id));
}

#[test]
fn save_through_a_link_into_a_read_only_folder_fails_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("ro");
    let Some(_guard) = tmpfs(&mnt) else { return };
    let target = mnt.join("t.lib");
    std::fs::write(&target, fx::simple()).unwrap();
    remount_read_only(&mnt);
    let link = dir.path().join("link.lib");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let mut ws = Workspace::new();
    let id = ws.open(&link).unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    let err = ws.save(id, false).unwrap_err().to_string();
    assert!(err.contains("cannot create a temporary file in") && err.contains("the target of the link"), "{err}");
    assert_eq!(std::fs::read(&target).unwrap(), fx::simple());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(ws.is_dirty(id));
}

/// A new file gets what any program gives one (0666 less the umask, as `fs::write` here); a
/// replaced file keeps its own mode.
#[test]
fn new_files_get_the_usual_mode_and_replaced_ones_keep_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference");
    std::fs::write(&reference, b"x").unwrap();
    let usual = mode(&reference);
    assert_ne!(usual & 0o044, 0, "this test needs a umask that lets others read (022 or 002)");

    let (mut ws, id) = open(fx::simple());
    let new = dir.path().join("new.lib");
    ws.save_as(id, &new).unwrap();
    assert_eq!(mode(&new), usual);

    let kept = dir.path().join("kept.lib");
    std::fs::write(&kept, b"old").unwrap();
    set_mode(&kept, 0o604);
    ws.save_as(id, &kept).unwrap();
    assert_eq!(mode(&kept), 0o604);
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    ws.save(id, false).unwrap();
    assert_eq!(mode(&kept), 0o604);
    assert_eq!(std::fs::read(&kept).unwrap(), root_bytes(&ws, id));
}

/// A save killed before its rename leaves `.NAME.XXXXXX.tmp`: it is found with its size and
/// age, nothing else in the folder is, and it goes only when asked.
#[test]
fn stale_temp_files_are_found_and_removed_only_when_asked() {
    use parkan_studio::doc::save::{remove_stale_temp, stale_temp_files};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.lib");
    std::fs::write(&path, fx::simple()).unwrap();
    for other in [".m.lib.abc.tmp", ".m.lib.abcdef.txt", ".x.lib.abcdef.tmp", "m.lib.abcdef.tmp"] {
        std::fs::write(dir.path().join(other), b"not ours").unwrap();
    }
    assert!(stale_temp_files(&path).is_empty());
    let stale = dir.path().join(".m.lib.Qx3zA9.tmp");
    std::fs::write(&stale, vec![0u8; 1234]).unwrap();
    let found = stale_temp_files(&path);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].path, stale);
    assert_eq!(found[0].len, 1234);
    assert!(found[0].to_string().contains("1234 bytes"), "{}", found[0]);
    // saving reports, never removes
    let mut ws = Workspace::new();
    let id = ws.open(&path).unwrap();
    ws.apply(Edit::new(id, vec![], EditOp::RemoveEntry { index: 0 })).unwrap();
    ws.save(id, false).unwrap();
    assert!(stale.exists());
    // a link finds the temporary files beside its target, where its saves write them
    let link = dir.path().join("sub");
    std::fs::create_dir(&link).unwrap();
    std::os::unix::fs::symlink(&path, link.join("m.lib")).unwrap();
    let via_link: Vec<_> = stale_temp_files(&link.join("m.lib")).into_iter().map(|t| (t.path, t.len)).collect();
    assert_eq!(via_link, [(stale.clone(), 1234)]);
    // one that changed since it was listed is left alone
    std::fs::write(&stale, vec![0u8; 10]).unwrap();
    assert!(remove_stale_temp(&found[0]).is_err());
    assert!(stale.exists());
    let found = stale_temp_files(&path);
    remove_stale_temp(&found[0]).unwrap();
    assert!(!stale.exists());
    assert!(stale_temp_files(&path).is_empty());
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
