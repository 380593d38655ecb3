//! Writing an import's files together: the `.msh` (or the archive holding it), the `.wea`, and
//! the libraries it added to. Every file is first written in full to a temporary file beside
//! its target and flushed to disk; only when all of them are there are they renamed over their
//! targets, one after another. A failure before the renames (a bad path, a full disk, an
//! unwritable folder) leaves every target as it was, as `doc::save` does for one file. The
//! renames themselves are atomic one by one; a crash between two of them (microseconds) can
//! leave some files new and some old, which no POSIX file system lets one avoid.

use crate::doc::save::save_target;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Writes every `(path, bytes)` or none. A path given twice is an error before anything is
/// written.
pub fn commit(files: &[(PathBuf, Vec<u8>)]) -> io::Result<()> {
    let mut targets = Vec::with_capacity(files.len());
    for (path, _) in files {
        let target = save_target(path)?;
        if targets.contains(&target) {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{} would be written twice", target.display())));
        }
        targets.push(target);
    }
    let mut staged = Vec::with_capacity(files.len());
    for ((path, bytes), target) in files.iter().zip(&targets) {
        let dir = folder_of(target);
        let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("import");
        let mut builder = tempfile::Builder::new();
        let prefix = format!(".{name}.");
        builder.prefix(&prefix).suffix(".tmp");
        let existing = fs::metadata(target).ok();
        #[cfg(unix)]
        if existing.is_none() {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let mut tmp = builder.tempfile_in(dir).map_err(|e| {
            let cause = e.raw_os_error().map(io::Error::from_raw_os_error).unwrap_or(e);
            io::Error::new(cause.kind(), format!("{}: cannot create a temporary file in {}: {cause}", path.display(), dir.display()))
        })?;
        tmp.as_file_mut().write_all(bytes).and_then(|_| tmp.as_file_mut().flush())?;
        if let Some(meta) = existing {
            let _ = fs::set_permissions(tmp.path(), meta.permissions());
        }
        tmp.as_file().sync_all()?;
        staged.push(tmp);
    }
    // Everything is on disk: now the renames. A temporary file not yet renamed is removed when
    // it is dropped.
    for (tmp, target) in staged.into_iter().zip(&targets) {
        tmp.persist(target).map_err(|e| io::Error::new(e.error.kind(), format!("{}: {}", target.display(), e.error)))?;
        if let Ok(d) = fs::File::open(folder_of(target)) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.msh");
        fs::write(&a, b"old").unwrap();
        // The second file's folder does not exist: nothing is written, no temporary file stays.
        let bad = dir.path().join("missing/b.wea");
        assert!(commit(&[(a.clone(), b"new".to_vec()), (bad, b"x".to_vec())]).is_err());
        assert_eq!(fs::read(&a).unwrap(), b"old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        let b = dir.path().join("b.wea");
        commit(&[(a.clone(), b"new".to_vec()), (b.clone(), b"wea".to_vec())]).unwrap();
        assert_eq!((fs::read(&a).unwrap(), fs::read(&b).unwrap()), (b"new".to_vec(), b"wea".to_vec()));
        assert!(commit(&[(a.clone(), Vec::new()), (a, Vec::new())]).is_err());
    }
}
