//! Where material resolution gets its bytes: the game libraries (`Material.lib`,
//! `Textures.lib`, `palettes.lib`) and the files beside a mesh (its `.wea`, a landscape's
//! `Land1.wea` / `Land2.wea`). The resolution chain only sees [`AssetSource`], so it runs the
//! same over a game folder on disk ([`FolderAssets`]), over bytes in memory
//! ([`MemoryAssets`]: tests, the demo folder, an editor that has the files open), or over
//! anything else that can answer the two questions.

use crate::doc::Node;
use crate::formats::bytes::SharedBytes;
use crate::formats::Message;
use crate::formats::nres::Archive;
use crate::msg;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A parsed game library and where it came from (for reports).
#[derive(Debug, Clone)]
pub struct Library {
    pub origin: String,
    pub archive: Archive,
}

impl Library {
    /// The first entry whose name bytes match ASCII case-insensitively (the engine's NRes
    /// lookup; CP1251 bytes compare as they are).
    pub fn find(&self, name: &[u8]) -> Option<usize> {
        self.archive.rows().iter().position(|r| r.name_bytes().eq_ignore_ascii_case(name))
    }

    /// The entry names in directory order (for [`super::lookup_material`]).
    pub fn names(&self) -> Vec<String> {
        self.archive.rows().iter().map(|r| r.name()).collect()
    }
}

/// A file found beside a mesh.
#[derive(Debug, Clone)]
pub struct Beside {
    pub origin: String,
    pub bytes: SharedBytes,
}

/// The outcome of one search.
#[derive(Debug, Clone)]
pub enum Found<T> {
    Yes(T),
    /// Nothing by that name; `searched` names the places looked in, for the warning.
    Missing { searched: Vec<String> },
    /// Found, but it cannot be read (an I/O error, or a library that is no NRes archive).
    Unreadable { origin: String, message: String },
}

impl<T> Found<T> {
    pub fn ok(self) -> Option<T> {
        match self {
            Found::Yes(t) => Some(t),
            _ => None,
        }
    }
    /// The warning for a failed search, naming what was looked for and where.
    pub fn why(&self, what: &str) -> Option<Message> {
        match self {
            Found::Yes(_) => None,
            Found::Missing { searched } if searched.is_empty() => Some(msg!("resolve-none", "no {what}", what = what)),
            Found::Missing { searched } => Some(msg!("resolve-none-looked", "no {what} (looked in {places})", what = what, places = searched.join(", "))),
            Found::Unreadable { origin, message } => {
                Some(msg!("resolve-unreadable", "{what} at {origin} cannot be read: {message}", what = what, origin = origin, message = message))
            }
        }
    }
}

/// What the resolution chain asks of the world.
pub trait AssetSource {
    /// The library the engine opens under this file name (`Material.lib`, `Textures.lib`,
    /// `palettes.lib`), ASCII case-insensitively.
    fn library(&self, file_name: &str) -> Found<Arc<Library>>;
    /// A file beside the mesh: an entry of the archive that holds the mesh first, then a
    /// file in the mesh's folder; ASCII case-insensitively.
    fn beside(&self, file_name: &str) -> Found<Beside>;
    /// The game folder around the item, for what draws across it (units, records, missions:
    /// `doc::resolve::world`); `None` where there is none.
    fn game(&self) -> Option<&super::world::GameFolder> {
        None
    }
}

/// A game folder on disk. Libraries are looked for where the engine's working folder would
/// have them: the folder of the file being exported, then its parent (meshes often sit in a
/// `DATA` folder below the libraries). Each library is read and parsed once.
pub struct FolderAssets {
    beside_dir: PathBuf,
    library_dirs: Vec<PathBuf>,
    /// The archive holding the mesh entry, when the mesh is not a loose file.
    container: Option<(String, Node)>,
    cache: Mutex<HashMap<String, Found<Arc<Library>>>>,
    /// Reads a library's file (`std::fs::read` unless [`FolderAssets::with_reader`] gave
    /// another, one that shares bytes already read).
    reader: Option<Arc<FileReader>>,
    /// The file the assets are for, and the game folder above it (found on first use).
    file: PathBuf,
    game: std::sync::OnceLock<Option<super::world::GameFolder>>,
}

/// Reads a whole file into bytes that may be shared.
pub type FileReader = dyn Fn(&Path) -> std::io::Result<SharedBytes> + Send + Sync;

impl FolderAssets {
    /// The assets of a file on disk (a loose `.msh`, or the archive that holds one).
    pub fn for_file(file: &Path) -> FolderAssets {
        let dir = match file.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut library_dirs = vec![dir.clone()];
        // Canonical paths give a real parent for "." and stop at the filesystem root.
        let parent = std::fs::canonicalize(&dir).ok().and_then(|c| {
            let p = c.parent()?.to_path_buf();
            (p != c).then_some(p)
        });
        if let Some(p) = parent {
            library_dirs.push(p);
        }
        FolderAssets {
            beside_dir: dir,
            library_dirs,
            container: None,
            cache: Mutex::new(HashMap::new()),
            reader: None,
            file: file.to_path_buf(),
            game: std::sync::OnceLock::new(),
        }
    }

    /// The archive (`label` names it in reports) that holds the mesh entry: its entries are
    /// searched before the folder.
    pub fn with_container(mut self, label: impl Into<String>, archive: Node) -> FolderAssets {
        self.container = Some((label.into(), archive));
        self
    }

    /// Libraries are read with `reader` (bulk work shares the bytes of a file it has open).
    pub fn with_reader(mut self, reader: Arc<FileReader>) -> FolderAssets {
        self.reader = Some(reader);
        self
    }

    pub fn library_dirs(&self) -> &[PathBuf] {
        &self.library_dirs
    }

    fn load_library(&self, file_name: &str) -> Found<Arc<Library>> {
        let mut searched = Vec::new();
        for dir in &self.library_dirs {
            searched.push(dir.display().to_string());
            let Some(path) = find_in_dir(dir, file_name) else { continue };
            let origin = shown(&path);
            let read = match &self.reader {
                Some(r) => r(&path),
                None => std::fs::read(&path).map(SharedBytes::from),
            };
            let bytes = match read {
                Ok(b) => b,
                Err(e) => return Found::Unreadable { origin, message: e.to_string() },
            };
            return match Archive::parse(bytes) {
                Ok((archive, _)) => Found::Yes(Arc::new(Library { origin, archive })),
                Err(e) => Found::Unreadable { origin, message: e.to_string() },
            };
        }
        Found::Missing { searched }
    }
}

impl AssetSource for FolderAssets {
    fn game(&self) -> Option<&super::world::GameFolder> {
        self.game.get_or_init(|| super::world::GameFolder::root_of(&self.file).map(super::world::GameFolder::on_disk)).as_ref()
    }

    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        let key = file_name.to_ascii_lowercase();
        if let Ok(cache) = self.cache.lock()
            && let Some(hit) = cache.get(&key)
        {
            return hit.clone();
        }
        let found = self.load_library(file_name);
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(key, found.clone());
        }
        found
    }

    fn beside(&self, file_name: &str) -> Found<Beside> {
        let mut searched = Vec::new();
        if let Some((label, node)) = &self.container {
            searched.push(label.clone());
            if let Some(i) = node.resolve(file_name).filter(|_| !file_name.starts_with('#')) {
                let origin = format!("{label}::{file_name}");
                return match node.entry_bytes(i) {
                    Ok(bytes) => Found::Yes(Beside { origin, bytes }),
                    Err(e) => Found::Unreadable { origin, message: e.to_string() },
                };
            }
        }
        searched.push(self.beside_dir.display().to_string());
        match find_in_dir(&self.beside_dir, file_name) {
            Some(path) => {
                let origin = shown(&path);
                match std::fs::read(&path) {
                    Ok(b) => Found::Yes(Beside { origin, bytes: SharedBytes::from(b) }),
                    Err(e) => Found::Unreadable { origin, message: e.to_string() },
                }
            }
            None => Found::Missing { searched },
        }
    }
}

/// A path for reports: a file of the working folder by its name alone.
fn shown(path: &Path) -> String {
    let s = path.display().to_string();
    match s.strip_prefix("./") {
        Some(rest) => rest.to_string(),
        None => s,
    }
}

/// The file named `name` in `dir`: the exact name first, else any ASCII case-insensitive
/// match (the game ran on a case-insensitive filesystem; copies of it often are not).
fn find_in_dir(dir: &Path, name: &str) -> Option<PathBuf> {
    let exact = dir.join(name);
    if exact.is_file() {
        return Some(exact);
    }
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .find(|e| e.file_name().to_str().is_some_and(|n| n.eq_ignore_ascii_case(name)) && e.path().is_file())
        .map(|e| e.path())
}

/// Files in memory, as if in one folder: every file can be found beside the mesh, and every
/// one that parses as an NRes archive is also a library.
#[derive(Debug, Clone, Default)]
pub struct MemoryAssets {
    libraries: Vec<(String, Arc<Library>)>,
    files: Vec<(String, SharedBytes)>,
}

impl MemoryAssets {
    pub fn new() -> MemoryAssets {
        MemoryAssets::default()
    }

    /// A folder of `(file name, bytes)`, e.g. the demo folder's files.
    pub fn from_files<N: AsRef<str>, B: Into<SharedBytes>>(files: impl IntoIterator<Item = (N, B)>) -> MemoryAssets {
        let mut m = MemoryAssets::new();
        for (name, bytes) in files {
            m.add_file(name.as_ref(), bytes);
        }
        m
    }

    /// Adds a file; an NRes archive becomes a library too.
    pub fn add_file(&mut self, name: &str, bytes: impl Into<SharedBytes>) {
        let bytes: SharedBytes = bytes.into();
        if bytes.starts_with(b"NRes")
            && let Ok((archive, _)) = Archive::parse(bytes.clone())
        {
            self.libraries.push((name.to_string(), Arc::new(Library { origin: name.to_string(), archive })));
        }
        self.files.push((name.to_string(), bytes));
    }

    /// Drops a file (and its library), to build the fallback cases.
    pub fn remove_file(&mut self, name: &str) {
        self.libraries.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.files.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
    }
}

impl AssetSource for MemoryAssets {
    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        match self.libraries.iter().find(|(n, _)| n.eq_ignore_ascii_case(file_name)) {
            Some((_, l)) => Found::Yes(l.clone()),
            None => match self.files.iter().find(|(n, _)| n.eq_ignore_ascii_case(file_name)) {
                Some((n, _)) => Found::Unreadable { origin: n.clone(), message: "not an NRes archive".into() },
                None => Found::Missing { searched: vec!["memory".into()] },
            },
        }
    }

    fn beside(&self, file_name: &str) -> Found<Beside> {
        match self.files.iter().find(|(n, _)| n.eq_ignore_ascii_case(file_name)) {
            Some((n, b)) => Found::Yes(Beside { origin: n.clone(), bytes: b.clone() }),
            None => Found::Missing { searched: vec!["memory".into()] },
        }
    }
}
