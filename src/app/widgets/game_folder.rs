//! What a game folder holds, for the views that name archives and members (a record's slots, a
//! unit's records): the NRes archives of the folder and their member names, read through the
//! workspace first (an open archive with its unsaved edits) and from disk otherwise (the
//! directory only, `doc::listing`). Names are matched ASCII case-insensitively, as the game
//! opens them (docs/formats/objects.md). The record and unit editors both use it, so it sits
//! here rather than in either. Where a folder is and how a name is matched on disk are the
//! world resolver's (`doc::resolve::world`), which reads the bytes; this adds the workspace.

use crate::doc::listing::Listing;
use crate::doc::node::Node;
use crate::doc::{ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use std::path::{Path, PathBuf};

/// The archive of the object database, which the folder's root is found by.
pub use crate::formats::objrec::OBJECTS_RLB as OBJECTS;

/// One NRes archive of the folder.
#[derive(Debug, Clone)]
pub struct HeldArchive {
    /// The file name as on disk.
    pub name: String,
    pub path: PathBuf,
    /// Member names in directory order.
    pub members: Vec<String>,
    /// Open in the workspace (read with its unsaved edits).
    pub open: bool,
}

/// Where a name pair leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// The archive's path and the member's name as stored.
    Found { path: PathBuf, member: String },
    NoArchive,
    NoMember,
}

impl Resolution {
    pub fn found(&self) -> bool {
        matches!(self, Resolution::Found { .. })
    }
}

#[derive(Debug, Clone, Default)]
pub struct GameFolder {
    pub root: PathBuf,
    /// By file name, case-insensitively sorted.
    pub archives: Vec<HeldArchive>,
}

/// The folder a file of the game sits under: the nearest folder above the file holding
/// `objects.rlb` (a unit's `.dat` sits in `UNITS/…`), else the file's own folder.
pub fn root_of(file: &Path) -> PathBuf {
    crate::doc::resolve::world::GameFolder::root_of(file).unwrap_or_else(|| file.parent().map(Path::to_path_buf).unwrap_or_default())
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b || std::fs::canonicalize(a).ok().zip(std::fs::canonicalize(b).ok()).is_some_and(|(x, y)| x == y)
}

/// The open file at `path`, if any.
fn open_id(ws: &Workspace, path: &Path) -> Option<crate::doc::FileId> {
    ws.files().iter().find(|f| same_file(&f.path, path)).map(|f| f.id)
}

impl GameFolder {
    /// Reads the archives of `root` (not its subfolders).
    pub fn scan(ws: &Workspace, root: &Path) -> GameFolder {
        let dir = if root.as_os_str().is_empty() { Path::new(".") } else { root };
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir).map(|r| r.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect()).unwrap_or_default();
        // Open files of the folder that are not on disk yet count too.
        for f in ws.files() {
            if f.path.parent().is_some_and(|p| same_file(p, dir)) && !files.iter().any(|p| same_file(p, &f.path)) {
                files.push(f.path.clone());
            }
        }
        let mut archives = Vec::new();
        for path in files {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let (members, open) = match open_id(ws, &path) {
                Some(id) => match ws.file(id).map(|f| f.root()) {
                    Some(root) if matches!(root, Node::Nres(_)) => (root.metas().into_iter().map(|m| m.name).collect(), true),
                    _ => continue,
                },
                None => match Listing::read(&path) {
                    Ok(Some(l)) => (l.metas().into_iter().map(|m| m.name).collect(), false),
                    _ => continue,
                },
            };
            archives.push(HeldArchive { name, path, members, open });
        }
        archives.sort_by_key(|a| a.name.to_ascii_lowercase());
        GameFolder { root: root.to_path_buf(), archives }
    }

    pub fn archive(&self, name: &str) -> Option<&HeldArchive> {
        self.archives.iter().find(|a| a.name.eq_ignore_ascii_case(name))
    }

    /// Where `archive` / `member` lead in this folder.
    pub fn resolve(&self, archive: &str, member: &str) -> Resolution {
        let Some(a) = self.archive(archive) else { return Resolution::NoArchive };
        match a.members.iter().find(|m| m.eq_ignore_ascii_case(member)) {
            Some(m) => Resolution::Found { path: a.path.clone(), member: m.clone() },
            None => Resolution::NoMember,
        }
    }

    /// The record keys of the folder's `objects.rlb` (empty without one).
    pub fn record_keys(&self) -> &[String] {
        self.archive(OBJECTS).map_or(&[], |a| a.members.as_slice())
    }
}

/// A member's bytes and the archive holding it (for the files beside it: a mesh's `.wea`):
/// from the open document when the archive is open, else read from disk.
pub fn member_bytes(ws: &Workspace, path: &Path, member: &str) -> Result<(SharedBytes, Node), String> {
    let node = match open_id(ws, path) {
        Some(id) => ws.node(id, &[]).map_err(|e| e.to_string())?.0.clone(),
        None => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Node::parse(&name, SharedBytes::from(bytes)).map_err(|e| format!("{}: {e}", path.display()))?.0
        }
    };
    let i = node.resolve(member).filter(|_| !member.starts_with('#')).ok_or_else(|| crate::tr!("folder-no-member", path = path.display().to_string(), member = member))?;
    let bytes = node.entry_bytes(i).map_err(|e| format!("{}::{member}: {e}", path.display()))?;
    Ok((bytes, node))
}

/// The item path of `member` of the archive at `path`, when that archive is open.
pub fn open_item(ws: &Workspace, path: &Path, member: &str) -> Option<ItemPath> {
    let id = open_id(ws, path)?;
    crate::doc::items::resolve(ws, id, member)
}

/// The drawable scene of a mesh `member` of the archive at `path`: its `.wea` read from beside
/// it in that archive, materials and textures from the folder's libraries (open documents
/// first), as the 3D view builds any mesh (`scene::build_item`).
pub fn member_scene(ws: &Workspace, path: &Path, member: &str) -> Result<crate::render::RenderScene, String> {
    let (bytes, node) = member_bytes(ws, path, member)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let assets = crate::doc::resolve::WorkspaceAssets::for_path(ws, path, Some((name, node)));
    let opts = crate::scene::SceneOptions::default();
    let item = crate::scene::build_item(member, &bytes, &assets, &opts, &ws.readings, crate::scene::level::LevelLayers::default()).map_err(|e| e.to_string())?;
    Ok(crate::render::RenderScene::from_scene(&item.scene))
}
