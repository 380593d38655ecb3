//! Assets read through the workspace: a library or table that is open is read from the
//! document, unsaved edits and all, so an edited material or texture shows at once in a
//! preview or the viewport; one that is not open is read from disk beside the mesh, as
//! [`FolderAssets`] does.

use super::assets::{AssetSource, Beside, FolderAssets, Found, Library};
use crate::doc::node::Node;
use crate::doc::workspace::OpenFile;
use crate::doc::{ItemPath, Workspace, items};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct WorkspaceAssets<'a> {
    ws: &'a Workspace,
    /// The archive that holds the mesh, when the mesh is an entry.
    container: Option<ItemPath>,
    /// The mesh's folder, where tables beside it are looked for.
    beside_dir: PathBuf,
    disk: FolderAssets,
}

impl<'a> WorkspaceAssets<'a> {
    /// The assets of the item at `mesh` (a loose mesh, or an entry of an open archive).
    pub fn for_item(ws: &'a Workspace, mesh: &ItemPath) -> WorkspaceAssets<'a> {
        let file = ws.file(mesh.file).map(|f| f.path.clone()).unwrap_or_default();
        let disk = FolderAssets::for_file(&file);
        let beside_dir = disk.library_dirs().first().cloned().unwrap_or_else(|| PathBuf::from("."));
        WorkspaceAssets { ws, container: mesh.parent().map(|(p, _)| p), beside_dir, disk }
    }

    /// The open file named `name` (ASCII case-insensitively) in the first of `dirs` that has
    /// one, the search order on disk.
    fn open_file(&self, name: &str, dirs: &[PathBuf]) -> Option<&'a OpenFile> {
        let named: Vec<(&OpenFile, PathBuf)> = self
            .ws
            .files()
            .iter()
            .filter(|f| f.path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.eq_ignore_ascii_case(name)))
            .map(|f| (f, canonical(f.path.parent().unwrap_or(Path::new("")))))
            .collect();
        dirs.iter().map(|d| canonical(d)).find_map(|d| named.iter().find(|(_, p)| *p == d).map(|(f, _)| *f))
    }
}

/// A folder for comparison: canonical when it exists ("." and symlinks resolve), else as given.
fn canonical(dir: &Path) -> PathBuf {
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf())
}

impl AssetSource for WorkspaceAssets<'_> {
    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        let Some(f) = self.open_file(file_name, self.disk.library_dirs()) else { return self.disk.library(file_name) };
        let origin = format!("{} (open)", f.path.display());
        match f.root() {
            Node::Nres(archive) => Found::Yes(Arc::new(Library { origin, archive: archive.clone() })),
            _ => Found::Unreadable { origin, message: "not an NRes archive".into() },
        }
    }

    fn beside(&self, file_name: &str) -> Found<Beside> {
        if let Some(container) = &self.container
            && !file_name.starts_with('#')
            && let Ok(node) = items::node_at(self.ws, container)
            && let Some(i) = node.resolve(file_name)
        {
            let origin = format!("{}::{file_name}", items::address(self.ws, container));
            return match node.entry_bytes(i) {
                Ok(bytes) => Found::Yes(Beside { origin, bytes }),
                Err(e) => Found::Unreadable { origin, message: e.to_string() },
            };
        }
        if let Some(f) = self.open_file(file_name, std::slice::from_ref(&self.beside_dir)) {
            let origin = format!("{} (open)", f.path.display());
            return match self.ws.item_bytes(&ItemPath::root(f.id)) {
                Ok(bytes) => Found::Yes(Beside { origin, bytes }),
                Err(e) => Found::Unreadable { origin, message: e.to_string() },
            };
        }
        self.disk.beside(file_name)
    }
}
