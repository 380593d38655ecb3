//! Atomic saves: the bytes go to a temporary file in the target's folder, are flushed to disk
//! (fsync), and only then renamed over the target, so a failure at any point (disk full, a
//! read-only folder, a crash) leaves the original file intact.

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::time::SystemTime;

/// What the file on disk looked like when we read or last wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiskStamp {
    pub len: u64,
    pub modified: Option<SystemTime>,
}

impl DiskStamp {
    pub fn of(path: &Path) -> io::Result<DiskStamp> {
        let m = fs::metadata(path)?;
        Ok(DiskStamp { len: m.len(), modified: m.modified().ok() })
    }
}

/// Writes `bytes` to `path` atomically. The temporary file is removed on failure.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    atomic_write_with(path, &mut |f| f.write_all(bytes))
}

/// As [`atomic_write`], with the content written by `fill` (tests inject failures here).
pub fn atomic_write_with(path: &Path, fill: &mut dyn FnMut(&mut fs::File) -> io::Result<()>) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{}.", path.file_name().and_then(|n| n.to_str()).unwrap_or("save")))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    fill(tmp.as_file_mut())?;
    tmp.as_file_mut().flush()?;
    if let Ok(meta) = fs::metadata(path) {
        // Keep the original's permissions; the temporary file is created 0600.
        let _ = fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable.
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}
