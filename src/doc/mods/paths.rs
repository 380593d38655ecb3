//! Game paths: relative, `/`-separated, matched ASCII case-insensitively as the game opens
//! files; and the checks that keep a package's paths inside the game folder.

use super::text::{at_path, io_said};
use crate::formats::message::Message;
use crate::msg;
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

/// The folder in a game folder where the journal lives; never a game path.
pub const JOURNAL_DIR: &str = ".parkan-mods";

/// The longest game path a package may name, in bytes: Windows' paths end at 260 characters
/// (MAX_PATH, which the game's file calls keep to), the game folder's own path included.
pub const MAX_GAME_PATH: usize = 200;
/// The longest entry name or `#N` element of an entry path, in bytes.
pub const MAX_ENTRY_NAME: usize = 255;
/// The most elements an entry path may have (archives nested in archives); the game's deepest
/// nesting is two.
pub const MAX_ENTRY_DEPTH: usize = 16;

/// Characters Windows refuses in a file name (besides controls and the separators).
const NOT_IN_WINDOWS_NAMES: &[char] = &['<', '>', '"', '|', '?', '*'];

/// Why a package's path is refused, or `None` when it stays inside the game folder and names a
/// file the game can open: no `..`, `.`, empty parts, absolute paths, drive letters or other
/// `:`, backslashes, control characters, characters Windows refuses (`<>"|?*`), parts ending
/// in a space or a dot, device names (`CON`, `NUL`, `COM1`, …), characters CP1251 (the game's
/// code page) has not, more than [`MAX_GAME_PATH`] bytes, and nothing under the journal's
/// folder.
pub fn unsafe_game_path(p: &str) -> Option<Message> {
    if p.is_empty() {
        return Some(msg!("mods-path-empty", "is empty"));
    }
    if p.contains('\\') {
        return Some(msg!("mods-path-backslash", "contains a backslash (game paths use /)"));
    }
    if p.starts_with('/') {
        return Some(msg!("mods-path-absolute", "is absolute"));
    }
    if p.contains(':') {
        return Some(msg!("mods-path-colon", "contains ':' (a drive letter or a stream name)"));
    }
    if p.contains('\0') {
        return Some(msg!("mods-path-nul", "contains a NUL byte"));
    }
    if p.chars().any(char::is_control) {
        return Some(msg!("mods-path-control", "contains a control character"));
    }
    for part in p.split('/') {
        match part {
            "" => return Some(msg!("mods-path-empty-part", "has an empty part")),
            "." | ".." => return Some(msg!("mods-path-dots", "leaves or names the folder itself (. or ..)")),
            _ => {}
        }
    }
    if p.split('/').next().is_some_and(|f| f.eq_ignore_ascii_case(JOURNAL_DIR)) {
        return Some(msg!("mods-path-journal", "is inside the mod journal's folder"));
    }
    if p.contains(NOT_IN_WINDOWS_NAMES) {
        return Some(msg!("mods-path-windows-char", "contains a character Windows refuses in file names (< > \" | ? *)"));
    }
    if p.split('/').any(|part| part.ends_with(' ') || part.ends_with('.')) {
        return Some(msg!("mods-path-trailing", "has a part ending in a space or a dot, which Windows drops"));
    }
    if p.split('/').any(is_device_name) {
        return Some(msg!("mods-path-device", "names a Windows device (CON, PRN, AUX, NUL, COM1-9, LPT1-9)"));
    }
    if crate::formats::cp1251::encode(p).is_none() {
        return Some(msg!("mods-path-cp1251", "has characters CP1251, the game's code page, cannot store"));
    }
    if p.len() > MAX_GAME_PATH {
        return Some(msg!("mods-path-long", "is longer than the 200 bytes a game path may have"));
    }
    None
}

/// `CON`, `con.txt`, `LPT1.dat`: names Windows opens as a device whatever the folder.
fn is_device_name(part: &str) -> bool {
    let stem = part.split('.').next().unwrap_or(part).trim_end().to_ascii_uppercase();
    match stem.as_str() {
        "CON" | "PRN" | "AUX" | "NUL" => true,
        s if s.len() == 4 && (s.starts_with("COM") || s.starts_with("LPT")) => s.as_bytes()[3].is_ascii_digit() && s.as_bytes()[3] != b'0',
        _ => false,
    }
}

/// Why an entry name (or `#N` element) in a package is refused, or `None`: empty, control
/// characters (NUL included), a `/` or `\\` (an entry name is not a path: `../../x` is a name
/// no game asks for), characters CP1251 has not, or longer than [`MAX_ENTRY_NAME`] bytes.
pub fn unsafe_entry_name(name: &str) -> Option<Message> {
    if name.is_empty() {
        return Some(msg!("mods-entry-empty", "is empty"));
    }
    if name.contains('\0') {
        return Some(msg!("mods-entry-nul", "contains a NUL byte"));
    }
    if name.chars().any(char::is_control) {
        return Some(msg!("mods-entry-control", "contains a control character"));
    }
    if name.contains(['/', '\\']) {
        return Some(msg!("mods-entry-slash", "contains / or \\ (an entry name is not a path)"));
    }
    if crate::formats::cp1251::encode(name).is_none() {
        return Some(msg!("mods-entry-cp1251", "has characters CP1251 cannot store"));
    }
    if name.len() > MAX_ENTRY_NAME {
        return Some(msg!("mods-entry-long", "is longer than the 255 bytes an entry name may have"));
    }
    None
}

/// Every file under `dir` as (relative path with `/`, full path), sorted, the journal's folder
/// left out: the compare engine's walk (`doc::diff::files_under`), so a mod and a compare see
/// the same files.
pub fn files_under(dir: &Path) -> io::Result<Vec<(String, PathBuf)>> {
    let mut files = crate::doc::diff::files_under(dir).map_err(|e| at_path(dir, e))?;
    files.retain(|(rel, _)| rel.split('/').next().is_none_or(|top| top != JOURNAL_DIR));
    Ok(files)
}

/// The path on disk of the game path `rel` (as the folder spells it) under `root`, checked
/// part by part before anything reads or writes it (docs/formats/parkanmod.md, "Paths on
/// disk"):
///
/// - a link (a symbolic link; on Windows also a junction, which the standard library reports
///   as a link too) must lead to a place inside `root`: one leading out, or nowhere, is an
///   error naming it, since a write through it would land outside the game folder;
/// - every existing part before the last must be a folder: a file there is an error (the
///   install would fail half-way, after its commit point);
/// - the last part, when it exists, must be a file (through links that stay inside): a folder
///   there is an error.
///
/// The check canonicalizes and compares prefixes, which works the same on every system, so
/// there is no system-specific code here.
pub fn file_inside(root: &Path, rel: &str) -> io::Result<PathBuf> {
    inside(root, rel, true)
}

/// As [`file_inside`] for a folder (the journal's): the last part, when it exists, must be a
/// folder.
pub fn folder_inside(root: &Path, rel: &str) -> io::Result<PathBuf> {
    inside(root, rel, false)
}

fn inside(root: &Path, rel: &str, file: bool) -> io::Result<PathBuf> {
    let canon_root = root.canonicalize().map_err(|e| at_path(root, e))?;
    let parts: Vec<&str> = rel.split('/').collect();
    let mut at = root.to_path_buf();
    for (k, part) in parts.iter().enumerate() {
        at.push(part);
        let last = k + 1 == parts.len();
        let shown_at = || parts[..=k].join("/");
        let meta = match std::fs::symlink_metadata(&at) {
            Ok(m) => m,
            // Nothing there: this part and the ones after it are new, and a new path holds no link.
            Err(e) if e.kind() == io::ErrorKind::NotFound => break,
            Err(e) if e.kind() == io::ErrorKind::NotADirectory => {
                return Err(io_said(io::ErrorKind::NotADirectory, file_not_folder(&parts[..k].join("/"), rel)));
            }
            Err(e) => return Err(at_path(&at, e)),
        };
        let meta = if meta.file_type().is_symlink() {
            let to = std::fs::read_link(&at).map(|t| t.display().to_string()).unwrap_or_else(|_| "?".into());
            let real = at.canonicalize().map_err(|e| {
                let error = e.to_string();
                io_said(io::ErrorKind::NotFound, msg!("mods-path-link-nowhere", "{link} is a link to {to}, which leads nowhere ({error}); a mod does not write through it", link = shown_at(), to = &to, error = error))
            })?;
            if !real.starts_with(&canon_root) {
                let m = msg!("mods-path-link-outside", "{link} is a link to {to}, outside the game folder {root}; a mod does not read or write through it", link = shown_at(), to = &to, root = root.display().to_string());
                return Err(io_said(io::ErrorKind::PermissionDenied, m));
            }
            std::fs::metadata(&real).map_err(|e| at_path(&real, e))?
        } else {
            meta
        };
        if !last && !meta.is_dir() {
            return Err(io_said(io::ErrorKind::NotADirectory, file_not_folder(&shown_at(), rel)));
        }
        if last && file && meta.is_dir() {
            return Err(io_said(io::ErrorKind::IsADirectory, msg!("mods-path-folder-not-file", "{rel} is a folder, where the mod needs a file", rel = rel)));
        }
        if last && !file && !meta.is_dir() {
            return Err(io_said(io::ErrorKind::NotADirectory, msg!("mods-path-file-not-folder", "{rel} is a file, where a folder must be", rel = rel)));
        }
    }
    Ok(root.join(rel))
}

fn file_not_folder(file: &str, rel: &str) -> Message {
    msg!("mods-path-file-in-the-way", "{file} is a file, where {rel} needs a folder", file = file, rel = rel)
}

/// `PATH: not a folder`, for a game folder that is not one.
pub fn not_a_folder(root: &Path) -> Message {
    msg!("mods-not-a-folder", "{path}: not a folder", path = root.display().to_string())
}

/// A game folder's names as it spells them, for spelling a package's paths as the folder
/// does: each folder's listing read once, when a path first goes through it.
pub struct GameFolder {
    pub root: PathBuf,
    /// By folder (as spelled, `""` for the root): its names by their lower-cased form. New
    /// names a package's paths made are added, so `NewDir/a` and `newdir/b` go into one
    /// folder, as they do on the game's Windows.
    listing: HashMap<String, HashMap<String, String>>,
}

impl GameFolder {
    pub fn scan(root: &Path) -> io::Result<GameFolder> {
        if !root.is_dir() {
            return Err(io_said(io::ErrorKind::NotFound, not_a_folder(root)));
        }
        Ok(GameFolder { root: root.to_path_buf(), listing: HashMap::new() })
    }

    /// A game path as the folder spells it: each part matched case-insensitively with the
    /// names in its folder (the game opens files so), else as written. The spelling is
    /// remembered for the paths after it.
    pub fn spell(&mut self, game_path: &str) -> String {
        let mut spelled = String::new();
        for part in game_path.split('/') {
            let names = self.listing.entry(spelled.clone()).or_insert_with(|| {
                let dir = if spelled.is_empty() { self.root.clone() } else { self.root.join(&spelled) };
                std::fs::read_dir(dir)
                    .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).map(|n| (n.to_ascii_lowercase(), n)).collect())
                    .unwrap_or_default()
            });
            let name = names.entry(part.to_ascii_lowercase()).or_insert_with(|| part.to_string()).clone();
            if !spelled.is_empty() {
                spelled.push('/');
            }
            spelled.push_str(&name);
        }
        spelled
    }

    /// The path on disk of a game path ([`GameFolder::spell`], checked by [`file_inside`]).
    pub fn locate(&mut self, game_path: &str) -> io::Result<PathBuf> {
        let rel = self.spell(game_path);
        file_inside(&self.root, &rel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_paths_are_refused() {
        for p in ["../x.lib", "a/../../b", "/etc/passwd", "C:/game/x", "c:x", "a\\b", "", "a//b", "./a", ".parkan-mods/journal.json", ".PARKAN-MODS/x"] {
            assert!(unsafe_game_path(p).is_some(), "{p}");
        }
        for p in ["x<y", "a/b?", "con", "Models/nul.txt", "LPT1.dat", "dir./x", "x ", "a\u{1b}b", "\u{4e2d}.txt"] {
            assert!(unsafe_game_path(p).is_some(), "{p}");
        }
        assert!(unsafe_game_path(&"a".repeat(MAX_GAME_PATH + 1)).is_some());
        for p in ["Textures.lib", "models/A.msh", "..x/y", "a..b", "COM0.txt", "console.txt", "Земля.wea"] {
            assert_eq!(unsafe_game_path(p), None, "{p}");
        }
    }

    #[test]
    fn files_are_found_whatever_their_case() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir(d.path().join("Models")).unwrap();
        std::fs::write(d.path().join("Models/A.MSH"), b"x").unwrap();
        std::fs::create_dir(d.path().join(JOURNAL_DIR)).unwrap();
        std::fs::write(d.path().join(JOURNAL_DIR).join("j"), b"x").unwrap();
        std::fs::create_dir(d.path().join("Empty")).unwrap();
        let mut g = GameFolder::scan(d.path()).unwrap();
        assert_eq!(g.locate("models/a.msh").unwrap(), d.path().join("Models/A.MSH"));
        assert_eq!(g.locate("MODELS/new.wea").unwrap(), d.path().join("Models/new.wea"));
        assert_eq!(g.spell("EMPTY"), "Empty", "a folder holding nothing is matched too");
        // Two spellings of one new folder are one folder.
        assert_eq!(g.spell("NewDir/a"), "NewDir/a");
        assert_eq!(g.spell("newdir/B"), "NewDir/B");
        assert_eq!(files_under(d.path()).unwrap().len(), 1, "the journal is not a game file");
    }

    #[test]
    fn entry_names_are_names_not_paths() {
        for n in ["", "../../x", "a/b", "a\\b", "a\u{0}", "a\nb", "\u{4e2d}"] {
            assert!(unsafe_entry_name(n).is_some(), "{n:?}");
        }
        assert!(unsafe_entry_name(&"a".repeat(MAX_ENTRY_NAME + 1)).is_some());
        for n in ["BRICK00.0", "#3", "..", "Земля"] {
            assert_eq!(unsafe_entry_name(n), None, "{n:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn links_leading_out_and_files_where_folders_must_be_are_refused() {
        let t = tempfile::tempdir().unwrap();
        let (game, outside) = (t.path().join("game"), t.path().join("outside"));
        std::fs::create_dir_all(game.join("sub")).unwrap();
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(outside.join("f.wea"), b"x").unwrap();
        std::fs::write(game.join("file"), b"x").unwrap();
        std::os::unix::fs::symlink(&outside, game.join("out")).unwrap();
        std::os::unix::fs::symlink(outside.join("f.wea"), game.join("f.wea")).unwrap();
        std::os::unix::fs::symlink(game.join("sub"), game.join("in")).unwrap();
        std::os::unix::fs::symlink(t.path().join("nowhere"), game.join("dangling")).unwrap();
        for (rel, why) in [
            ("out/PWNED", "outside the game folder"),
            ("f.wea", "outside the game folder"),
            ("dangling", "leads nowhere"),
            ("dangling/x", "leads nowhere"),
            ("file/x", "file is a file, where file/x needs a folder"),
            ("sub", "is a folder"),
        ] {
            let e = file_inside(&game, rel).unwrap_err().to_string();
            assert!(e.contains(why), "{rel}: {e}");
        }
        assert_eq!(file_inside(&game, "in/new.txt").unwrap(), game.join("in/new.txt"), "a link that stays inside is fine");
        assert_eq!(file_inside(&game, "new/deeper/x").unwrap(), game.join("new/deeper/x"));
    }
}
