//! What a compared item names (a material's textures, a mesh's table, materials and
//! textures), read from beside each side as the editor reads it for an open item: a side that
//! is the editor's reads the open files (unsaved edits included) before the disk
//! (`WorkspaceAssets`), a side on disk reads its own folder and the one above
//! (`FolderAssets`), and an item inside an archive finds its neighbours in that archive
//! first. See docs/architecture.md, "The compare view".

use crate::doc::diff::Change;
use crate::doc::diff::sides::{Source, origins_of, parent_sides};
use crate::doc::node::Node;
use crate::doc::resolve::{FolderAssets, MemoryAssets, WorkspaceAssets};
use crate::doc::{ItemPath, Workspace, items};

pub use crate::app::seam::compare::Assets;

/// A's and B's assets for `change`'s item (nothing beside a side the source cannot place).
pub fn side_assets(ws: &Workspace, source: &Source, change: &Change) -> [Assets; 2] {
    let origins = origins_of(source, change);
    let parents = parent_sides(source, change);
    let parent_label = change.path.rsplit_once("::").map(|(p, _)| p.to_string());
    let entries = change.path.split_once("::").map(|(_, e)| e);
    let mut out: [Option<Assets>; 2] = [None, None];
    for (k, slot) in out.iter_mut().enumerate() {
        let Some(o) = &origins[k] else { continue };
        if o.open
            && let Some(id) = ws.find_file(&o.path)
        {
            // An open file: its item by name (B's names; the root when A's differs).
            let item = entries.and_then(|e| items::resolve(ws, id, e)).unwrap_or_else(|| ItemPath::root(id));
            *slot = Some(Box::new(WorkspaceAssets::for_item(ws, &item)));
            continue;
        }
        let parent = parents.as_ref().and_then(|(a, b)| if k == 0 { a.as_ref() } else { b.as_ref() });
        let container = parent.zip(parent_label.as_ref()).and_then(|(s, label)| Node::parse(&s.name, s.bytes.clone()).ok().map(|(n, _)| (label.clone(), n)));
        *slot = Some(if o.open {
            Box::new(WorkspaceAssets::for_path(ws, &o.path, container))
        } else {
            let disk = FolderAssets::for_file(&o.path);
            Box::new(match container {
                Some((label, node)) => disk.with_container(label, node),
                None => disk,
            })
        });
    }
    out.map(|a| a.unwrap_or_else(|| Box::new(MemoryAssets::default())))
}
