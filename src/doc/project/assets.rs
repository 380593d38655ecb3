//! The project as an [`AssetSource`]: the material chain's two questions ("a library by file
//! name", "a file beside the item") answered from the project's bytes, with the search
//! [`crate::doc::resolve::FolderAssets`] makes on disk: libraries in the item's folder, then in
//! the folder above it (and, in a project, the top folder); a file beside an entry in its archive first, then in its folder. The
//! origins it gives are project addresses, so the index maps what the chain found back to
//! its items.

use super::index::{Index, ItemId};
use crate::doc::node::Node;
use crate::doc::resolve::{AssetSource, Beside, Found, Library};
use std::sync::Arc;

pub(super) struct ProjectAssets<'a> {
    pub index: &'a Index,
    /// The folder of the item asking (`""` for the top one).
    pub dir: &'a str,
    /// The archive holding the item, when it is an entry.
    pub container: Option<ItemId>,
}

impl ProjectAssets<'_> {
    /// The folders searched for a library: the item's, then the one above it, then the top
    /// folder (where the game runs: a map's tables under `DATA/MAPS/<map>/` take its libraries).
    fn library_dirs(&self) -> Vec<&str> {
        let mut dirs = vec![self.dir];
        if !self.dir.is_empty() {
            dirs.push(super::walk::parent_dir(self.dir));
        }
        if !dirs.contains(&"") {
            dirs.push("");
        }
        dirs
    }

    fn file_in(&self, dir: &str, name: &str) -> Option<u32> {
        self.index.file_in(dir, name)
    }
}

fn shown(dir: &str) -> String {
    if dir.is_empty() { ".".to_string() } else { dir.to_string() }
}

impl AssetSource for ProjectAssets<'_> {
    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        let dirs = self.library_dirs();
        for dir in &dirs {
            let Some(f) = self.file_in(dir, file_name) else { continue };
            let file = &self.index.files[f as usize];
            return match self.index.library_of(f) {
                Some(lib) => Found::Yes(lib),
                None => Found::Unreadable { origin: file.rel.clone(), message: "not an NRes archive".into() },
            };
        }
        Found::Missing { searched: dirs.iter().map(|d| shown(d)).collect() }
    }

    fn beside(&self, file_name: &str) -> Found<Beside> {
        let mut searched = Vec::new();
        if let Some(c) = self.container
            && let Some(holder) = self.index.item(c)
        {
            searched.push(holder.address.clone());
            let file = &self.index.files[c.file as usize];
            // An entry of the holding archive by name, as the engine's lookup finds it.
            let entry = file.items.iter().find(|it| {
                it.container == Some(c.item) && it.name.as_bytes().eq_ignore_ascii_case(file_name.as_bytes())
            });
            if let Some(it) = entry {
                let bytes = file
                    .node
                    .as_ref()
                    .and_then(|n| entry_bytes(n, &it.entries))
                    .unwrap_or_else(crate::formats::bytes::SharedBytes::empty);
                return Found::Yes(Beside { origin: it.address.clone(), bytes });
            }
        }
        searched.push(shown(self.dir));
        match self.file_in(self.dir, file_name) {
            Some(f) => {
                let file = &self.index.files[f as usize];
                let bytes = file.node.as_ref().map(|n| crate::formats::bytes::SharedBytes::from(n.write())).unwrap_or_else(crate::formats::bytes::SharedBytes::empty);
                Found::Yes(Beside { origin: file.rel.clone(), bytes })
            }
            None => Found::Missing { searched },
        }
    }
}

/// The bytes of the entry at `path` below `root`.
fn entry_bytes(root: &Node, path: &[usize]) -> Option<crate::formats::bytes::SharedBytes> {
    let (&last, parent) = path.split_last()?;
    let mut cur = root.clone();
    for &i in parent {
        let meta = cur.meta(i)?;
        cur = Node::parse(&meta.name, cur.entry_bytes(i).ok()?).ok()?.0;
    }
    cur.entry_bytes(last).ok()
}
