//! Game paths: relative, `/`-separated, matched ASCII case-insensitively as the game opens
//! files; and the checks that keep a package's paths inside the game folder.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

/// The folder in a game folder where the journal lives; never a game path.
pub const JOURNAL_DIR: &str = ".parkan-mods";

/// Why a package's path is refused, or `None` when it stays inside the game folder: no `..`,
/// `.`, empty parts, absolute paths, drive letters or other `:`, backslashes, NUL, and nothing
/// under the journal's folder.
pub fn unsafe_game_path(p: &str) -> Option<&'static str> {
    if p.is_empty() {
        return Some("is empty");
    }
    if p.contains('\\') {
        return Some("contains a backslash (game paths use /)");
    }
    if p.starts_with('/') {
        return Some("is absolute");
    }
    if p.contains(':') {
        return Some("contains ':' (a drive letter or a stream name)");
    }
    if p.contains('\0') {
        return Some("contains a NUL byte");
    }
    for part in p.split('/') {
        match part {
            "" => return Some("has an empty part"),
            "." | ".." => return Some("leaves or names the folder itself (. or ..)"),
            _ => {}
        }
    }
    if p.split('/').next().is_some_and(|f| f.eq_ignore_ascii_case(JOURNAL_DIR)) {
        return Some("is inside the mod journal's folder");
    }
    None
}

/// Why an entry name in a package is refused, or `None`.
pub fn unsafe_entry_name(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return Some("is empty");
    }
    if name.contains('\0') {
        return Some("contains a NUL byte");
    }
    None
}

/// Every file under `dir` as (relative path with `/`, full path), sorted, the journal's folder
/// left out: the compare engine's walk (`doc::diff::files_under`), so a mod and a compare see
/// the same files.
pub fn files_under(dir: &Path) -> io::Result<Vec<(String, PathBuf)>> {
    let mut files = crate::doc::diff::files_under(dir).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    files.retain(|(rel, _)| !rel.split('/').next().is_some_and(|top| top == JOURNAL_DIR));
    Ok(files)
}

/// The files of a game folder by lower-cased relative path.
pub struct GameFolder {
    pub root: PathBuf,
    by_key: HashMap<String, String>,
}

impl GameFolder {
    pub fn scan(root: &Path) -> io::Result<GameFolder> {
        let by_key = files_under(root)?.into_iter().map(|(rel, _)| (rel.to_ascii_lowercase(), rel)).collect();
        Ok(GameFolder { root: root.to_path_buf(), by_key })
    }

    /// The path on disk of a game path: the existing file whose path matches
    /// case-insensitively, else the path as written (a new file), through any existing
    /// folders matched the same way.
    pub fn locate(&self, game_path: &str) -> PathBuf {
        if let Some(rel) = self.by_key.get(&game_path.to_ascii_lowercase()) {
            return self.root.join(rel);
        }
        let mut at = self.root.clone();
        for part in game_path.split('/') {
            let want = part.to_ascii_lowercase();
            let found = std::fs::read_dir(&at).ok().and_then(|rd| {
                rd.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).find(|n| n.to_ascii_lowercase() == want)
            });
            at = at.join(found.unwrap_or_else(|| part.to_string()));
        }
        at
    }

    /// The path as the folder spells it, when the file exists.
    pub fn existing(&self, game_path: &str) -> Option<&str> {
        self.by_key.get(&game_path.to_ascii_lowercase()).map(String::as_str)
    }

    pub fn note_written(&mut self, game_path: &str, exists: bool) {
        let k = game_path.to_ascii_lowercase();
        if exists {
            self.by_key.entry(k).or_insert_with(|| game_path.to_string());
        } else {
            self.by_key.remove(&k);
        }
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
        for p in ["Textures.lib", "models/A.msh", "..x/y", "a..b"] {
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
        let g = GameFolder::scan(d.path()).unwrap();
        assert_eq!(g.locate("models/a.msh"), d.path().join("Models/A.MSH"));
        assert_eq!(g.locate("MODELS/new.wea"), d.path().join("Models/new.wea"));
        assert_eq!(g.existing("models/a.msh"), Some("Models/A.MSH"));
        assert_eq!(files_under(d.path()).unwrap().len(), 1, "the journal is not a game file");
    }
}
