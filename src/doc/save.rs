//! Atomic saves: the bytes go to a temporary file in the target's folder, are flushed to disk
//! (fsync), and only then renamed over the target, so a failure at any point (disk full, a
//! read-only folder, a crash) leaves the original file intact.
//!
//! A symbolic link is saved through: mod managers and Wine prefixes link game files, and the game
//! reads the target, so the target is what gets replaced and the link stays a link.

use crate::formats::message::Message;
use crate::msg;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

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

/// The file a save to `path` replaces: `path` itself, or the end of the chain of links when
/// `path` is a symbolic link. A link that leads nowhere is an error naming where it leads.
pub fn save_target(path: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).map_err(|e| {
            let to = fs::read_link(path).map(|t| t.display().to_string()).unwrap_or_else(|_| "?".into());
            io::Error::new(e.kind(), format!("{} is a symbolic link to {to}, which cannot be reached: {e}", path.display()))
        }),
        _ => Ok(path.to_path_buf()),
    }
}

/// The folder a file's temporary file goes in.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The prefix and suffix of a save's temporary file: `.NAME.XXXXXX.tmp` beside NAME.
fn temp_affixes(target: &Path) -> (String, &'static str) {
    (format!(".{}.", target.file_name().and_then(|n| n.to_str()).unwrap_or("save")), ".tmp")
}

/// Writes `bytes` to `path` atomically. The temporary file is removed on failure.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    atomic_write_with(path, &mut |f| f.write_all(bytes))
}

/// As [`atomic_write`], with the content written by `fill` (tests inject failures here).
/// A replaced file keeps its permissions; a new one gets what any program would give it,
/// 0666 less the umask (the temporary file alone would leave it private, 0600).
pub fn atomic_write_with(path: &Path, fill: &mut dyn FnMut(&mut fs::File) -> io::Result<()>) -> io::Result<()> {
    write_renamed(path, fill, true)
}

/// As [`atomic_write`] without the fsyncs: for bulk output (thousands of files an `unpack`
/// writes, each derived from a source that is still there), where a stop must not leave a
/// half-written file but a power cut may lose the last files written.
pub fn atomic_write_fast(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_renamed(path, &mut |f| f.write_all(bytes), false)
}

/// As [`atomic_write_fast`] for a file of a folder the caller has just made: no link to
/// follow and no earlier file whose permissions to keep, so none of the lookups the others
/// make before writing (in a folder many threads write into, each lookup waits on the
/// folder's lock).
pub fn atomic_write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (prefix, suffix) = temp_affixes(path);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(suffix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(folder_of(path)).map_err(|e| {
        let cause = e.raw_os_error().map(io::Error::from_raw_os_error).unwrap_or(e);
        io::Error::new(cause.kind(), format!("cannot create a temporary file in {}: {cause}", folder_of(path).display()))
    })?;
    tmp.as_file_mut().write_all(bytes)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

fn write_renamed(path: &Path, fill: &mut dyn FnMut(&mut fs::File) -> io::Result<()>, durable: bool) -> io::Result<()> {
    let target = save_target(path)?;
    let dir = folder_of(&target);
    let existing = fs::metadata(&target).ok();
    let (prefix, suffix) = temp_affixes(&target);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(suffix);
    #[cfg(unix)]
    if existing.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| {
        let through = if target != path { format!(" (the target of the link {})", path.display()) } else { String::new() };
        // tempfile's own message names the random temporary path; the folder says more.
        let cause = e.raw_os_error().map(io::Error::from_raw_os_error).unwrap_or(e);
        io::Error::new(cause.kind(), format!("cannot create a temporary file in {}{through}: {cause}", dir.display()))
    })?;
    fill(tmp.as_file_mut())?;
    tmp.as_file_mut().flush()?;
    if let Some(meta) = existing {
        let _ = fs::set_permissions(tmp.path(), meta.permissions());
    }
    if durable {
        tmp.as_file().sync_all()?;
    }
    tmp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable.
    if durable && let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A temporary file that a save of the file did not get to rename or remove (the process was
/// killed mid-save). The original beside it is intact; this is only the half-written copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleTemp {
    pub path: PathBuf,
    pub len: u64,
    /// Since it was last written; zero when the clock disagrees.
    pub age: Duration,
}

impl std::fmt::Display for StaleTemp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({} bytes, {} old)", self.path.display(), self.len, age_text(self.age))
    }
}

impl StaleTemp {
    /// The sentence the CLI prints and the editor logs about it (its age written as
    /// [`Display`](std::fmt::Display) writes it).
    pub fn notice(&self, of: &Path) -> Message {
        let (path, of) = (self.path.display().to_string(), of.display().to_string());
        let s = self.age.as_secs();
        match s {
            0..120 => msg!(
                "doc-stale-temp-s",
                "{path} ({size} bytes, {n} s old) is left from an interrupted save of {of}; the file itself is intact, and this copy can be removed",
                path = path,
                size = self.len,
                n = s,
                of = of
            ),
            120..7200 => msg!(
                "doc-stale-temp-min",
                "{path} ({size} bytes, {n} min old) is left from an interrupted save of {of}; the file itself is intact, and this copy can be removed",
                path = path,
                size = self.len,
                n = s / 60,
                of = of
            ),
            7200..172_800 => msg!(
                "doc-stale-temp-h",
                "{path} ({size} bytes, {n} h old) is left from an interrupted save of {of}; the file itself is intact, and this copy can be removed",
                path = path,
                size = self.len,
                n = s / 3600,
                of = of
            ),
            _ => msg!(
                "doc-stale-temp-days",
                "{path} ({size} bytes, {n} days old) is left from an interrupted save of {of}; the file itself is intact, and this copy can be removed",
                path = path,
                size = self.len,
                n = s / 86_400,
                of = of
            ),
        }
    }
}

fn age_text(age: Duration) -> String {
    let s = age.as_secs();
    match s {
        0..120 => format!("{s} s"),
        120..7200 => format!("{} min", s / 60),
        7200..172_800 => format!("{} h", s / 3600),
        _ => format!("{} days", s / 86_400),
    }
}

/// The temporary files of interrupted saves of `path` (`.NAME.XXXXXX.tmp` beside the file it
/// saves to, through a link as a save goes), oldest first. Nothing is removed: the caller shows
/// them and offers [`remove_stale_temp`]. Unreadable folders give an empty list.
pub fn stale_temp_files(path: &Path) -> Vec<StaleTemp> {
    let Ok(target) = save_target(path) else { return Vec::new() };
    let (prefix, suffix) = temp_affixes(&target);
    let Ok(dir) = fs::read_dir(folder_of(&target)) else { return Vec::new() };
    let now = SystemTime::now();
    let mut found: Vec<StaleTemp> = dir
        .filter_map(|e| e.ok())
        .filter(|e| {
            // tempfile's random part is 6 alphanumeric characters.
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.len() == prefix.len() + 6 + suffix.len()
                && name.starts_with(&prefix)
                && name.ends_with(suffix)
                && name[prefix.len()..prefix.len() + 6].bytes().all(|b| b.is_ascii_alphanumeric())
        })
        .filter_map(|e| {
            let m = e.metadata().ok().filter(|m| m.is_file())?;
            let age = m.modified().ok().and_then(|t| now.duration_since(t).ok()).unwrap_or_default();
            Some(StaleTemp { path: e.path(), len: m.len(), age })
        })
        .collect();
    found.sort_by_key(|t| std::cmp::Reverse(t.age));
    found
}

/// Removes one stale temporary file, after the user said so. Refuses anything that is not
/// still such a file of the save it was found for.
pub fn remove_stale_temp(stale: &StaleTemp) -> io::Result<()> {
    let m = fs::symlink_metadata(&stale.path)?;
    if !m.is_file() || m.len() != stale.len {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{} changed since it was found; not removed", stale.path.display())));
    }
    fs::remove_file(&stale.path)
}
