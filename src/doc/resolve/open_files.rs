//! Assets read through the workspace: a library or table that is open is read from the
//! document, unsaved edits and all, so an edited material or texture shows at once in a
//! preview or the viewport; one that is not open is read from disk beside the mesh, as
//! [`FolderAssets`] does.
//!
//! The open documents are taken when the assets are made (their roots are shared, not
//! copied), so the assets own what they read and can go to a worker thread (the viewport
//! builds its scene off the UI thread) while the workspace moves on.

use super::assets::{AssetSource, Beside, FolderAssets, Found, Library};
use crate::doc::node::Node;
use crate::doc::workspace::NestedNode;
use crate::doc::{ItemPath, Workspace, items};
use crate::formats::bytes::SharedBytes;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct WorkspaceAssets {
    /// Every open file: its path and its root as the document has it.
    open: Vec<(PathBuf, NestedNode)>,
    /// The archive that holds the mesh, when the mesh is an entry: its address and node.
    container: Option<(String, NestedNode)>,
    /// The mesh's folder, where tables beside it are looked for.
    beside_dir: PathBuf,
    disk: FolderAssets,
}

impl WorkspaceAssets {
    /// The assets of the item at `mesh` (a loose mesh, or an entry of an open archive).
    pub fn for_item(ws: &Workspace, mesh: &ItemPath) -> WorkspaceAssets {
        let file = ws.file(mesh.file).map(|f| f.path.clone()).unwrap_or_default();
        let disk = FolderAssets::for_file(&file);
        let beside_dir = disk.library_dirs().first().cloned().unwrap_or_else(|| PathBuf::from("."));
        let open = ws.files().iter().filter_map(|f| Some((f.path.clone(), ws.node(f.id, &[]).ok()?))).collect();
        let container = mesh.parent().and_then(|(p, _)| Some((items::address(ws, &p), ws.node(p.file, &p.entries).ok()?)));
        WorkspaceAssets { open, container, beside_dir, disk }
    }

    /// The assets of a file at `path` that need not be open (a file of an open project, an
    /// item a compare walked to): the open files first, then the disk beside `path`;
    /// `container` is the archive (its address and node) that holds the item, when it is an
    /// entry.
    pub fn for_path(ws: &Workspace, path: &Path, container: Option<(String, Node)>) -> WorkspaceAssets {
        let disk = FolderAssets::for_file(path);
        let beside_dir = disk.library_dirs().first().cloned().unwrap_or_else(|| PathBuf::from("."));
        let open = ws.files().iter().filter_map(|f| Some((f.path.clone(), ws.node(f.id, &[]).ok()?))).collect();
        let container = container.map(|(label, node)| (label, Arc::new((node, Vec::new()))));
        WorkspaceAssets { open, container, beside_dir, disk }
    }

    /// The open file named `name` (ASCII case-insensitively) in the first of `dirs` that has
    /// one, the search order on disk.
    fn open_file(&self, name: &str, dirs: &[PathBuf]) -> Option<&(PathBuf, NestedNode)> {
        let named: Vec<(&(PathBuf, NestedNode), PathBuf)> = self
            .open
            .iter()
            .filter(|(p, _)| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.eq_ignore_ascii_case(name)))
            .map(|f| (f, canonical(f.0.parent().unwrap_or(Path::new("")))))
            .collect();
        dirs.iter().map(|d| canonical(d)).find_map(|d| named.iter().find(|(_, p)| *p == d).map(|(f, _)| *f))
    }
}

/// A folder for comparison: canonical when it exists ("." and symlinks resolve), else as given.
fn canonical(dir: &Path) -> PathBuf {
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf())
}

impl AssetSource for WorkspaceAssets {
    /// The game folder on disk around the item (its records and unit files as saved).
    fn game(&self) -> Option<&super::world::GameFolder> {
        self.disk.game()
    }

    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        let Some((path, root)) = self.open_file(file_name, self.disk.library_dirs()) else { return self.disk.library(file_name) };
        let origin = format!("{} (open)", path.display());
        match &root.0 {
            Node::Nres(archive) => Found::Yes(Arc::new(Library { origin, archive: archive.clone() })),
            _ => Found::Unreadable { origin, message: "not an NRes archive".into() },
        }
    }

    fn beside(&self, file_name: &str) -> Found<Beside> {
        if let Some((label, node)) = &self.container
            && !file_name.starts_with('#')
            && let Some(i) = node.0.resolve(file_name)
        {
            let origin = format!("{label}::{file_name}");
            return match node.0.entry_bytes(i) {
                Ok(bytes) => Found::Yes(Beside { origin, bytes }),
                Err(e) => Found::Unreadable { origin, message: e.to_string() },
            };
        }
        if let Some((path, root)) = self.open_file(file_name, std::slice::from_ref(&self.beside_dir)) {
            let origin = format!("{} (open)", path.display());
            // As `Workspace::item_bytes` gives a root: a blob as it is, an archive written out.
            let bytes = match &root.0 {
                Node::Blob(b) => b.clone(),
                n => SharedBytes::from(n.write()),
            };
            return Found::Yes(Beside { origin, bytes });
        }
        self.disk.beside(file_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_assets_can_go_to_another_thread() {
        fn send<T: Send + 'static>() {}
        send::<WorkspaceAssets>();
    }
}
