//! A game folder open as a project (File ▸ Open Folder, a folder on the command line or dropped
//! on the window): the walk arrives first (the tree), the index after it, both from background
//! tasks; the index then follows every edit of a project file through the document (unsaved
//! bytes included). Addresses are `doc::project`'s: the file's path below the folder, then the
//! entries as the command line names them.

use crate::doc::node::EntryMeta;
use crate::doc::project::{Hit, Index, Project, Query, search};
use crate::doc::{ItemPath, Workspace, items};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct ProjectView {
    pub project: Arc<Project>,
    /// `None` until the background index arrives.
    pub index: Option<Index>,
    pub query: String,
    /// The last search: its text, and its hits.
    hits: Option<(String, u64, Vec<Hit>)>,
    /// Expanded tree rows: folders (`dir/`), files and nested archives (their addresses).
    pub expanded: HashSet<String>,
    /// Archive directories read for the tree before the index is there.
    directories: HashMap<String, Result<Vec<EntryMeta>, String>>,
    /// Ctrl+P asked for the search field's focus.
    pub focus_search: bool,
    /// Bumped when the index changes (the search's cache key).
    index_generation: u64,
    canonical_root: PathBuf,
    rel_cache: std::cell::RefCell<HashMap<PathBuf, Option<String>>>,
}

impl ProjectView {
    pub fn new(project: Project) -> ProjectView {
        let canonical_root = std::fs::canonicalize(&project.root).unwrap_or_else(|_| project.root.clone());
        ProjectView {
            project: Arc::new(project),
            index: None,
            query: String::new(),
            hits: None,
            expanded: HashSet::new(),
            directories: HashMap::new(),
            focus_search: false,
            index_generation: 0,
            canonical_root,
            rel_cache: Default::default(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.project.root
    }

    /// The project path of a file on disk, when it is in the folder (asked every frame by the
    /// inspector: the answer is kept per path).
    pub fn rel_of(&self, path: &Path) -> Option<String> {
        if let Some(hit) = self.rel_cache.borrow().get(path) {
            return hit.clone();
        }
        let rel = self.find_rel(path);
        self.rel_cache.borrow_mut().insert(path.to_path_buf(), rel.clone());
        rel
    }

    fn find_rel(&self, path: &Path) -> Option<String> {
        let canon = std::fs::canonicalize(path).ok()?;
        let rel = canon.strip_prefix(&self.canonical_root).ok()?;
        let rel = rel.to_string_lossy().replace('\\', "/");
        self.project.file(&rel).map(|f| f.rel.clone())
    }

    /// The path on disk of a project file.
    pub fn path_of(&self, rel: &str) -> PathBuf {
        self.project.file(rel).map(|f| f.path.clone()).unwrap_or_else(|| self.project.root.join(rel))
    }

    /// The project address of an item of an open file.
    pub fn address_of(&self, ws: &Workspace, path: &ItemPath) -> Option<String> {
        let f = ws.file(path.file)?;
        let rel = self.rel_of(&f.path)?;
        let full = items::address(ws, path);
        let entries = full.strip_prefix(&f.name()).unwrap_or("");
        Some(format!("{rel}{entries}"))
    }

    /// Takes the index built in the background, then the bytes of every open project file
    /// with unsaved edits, so the index shows the documents as they are.
    pub fn set_index(&mut self, mut index: Index, ws: &Workspace) {
        for f in ws.files().iter().filter(|f| f.is_dirty()) {
            if let (Some(rel), Ok(bytes)) = (self.rel_of(&f.path), ws.item_bytes(&ItemPath::root(f.id))) {
                index.update_file(&rel, bytes);
            }
        }
        self.index = Some(index);
        self.index_generation += 1;
    }

    /// An edit (or undo) changed these files: the changed entries' bytes go to the index, one
    /// item each when their names stayed (a material's phases edited), else the file's (a
    /// rename, an entry added or removed); several files at once are linked once.
    pub fn files_changed(&mut self, ws: &Workspace, changes: &[crate::doc::Change]) {
        if let [one] = changes {
            self.file_changed(ws, one);
            return;
        }
        let files: Vec<(String, crate::formats::bytes::SharedBytes)> = changes
            .iter()
            .filter_map(|c| {
                let f = ws.file(c.file)?;
                Some((self.rel_of(&f.path)?, ws.item_bytes(&ItemPath::root(c.file)).ok()?))
            })
            .collect();
        if let Some(index) = self.index.as_mut() {
            index.update_files(files);
            self.index_generation += 1;
        }
    }

    fn file_changed(&mut self, ws: &Workspace, change: &crate::doc::Change) {
        let Some(f) = ws.file(change.file) else { return };
        let Some(rel) = self.rel_of(&f.path) else { return };
        let Some(index) = self.index.as_mut() else { return };
        self.index_generation += 1;
        let same_item = |index: &Index, entries: &[usize]| -> bool {
            let path = ItemPath { file: change.file, entries: entries.to_vec() };
            let Some(meta) = items::meta_of(ws, &path) else { return false };
            let Some(id) = index.find(&rel) else { return false };
            index.file_of(id).is_some_and(|fi| fi.items.iter().any(|it| it.entries == entries && it.name == meta.name))
        };
        let one_by_one = matches!(change.shift, crate::doc::Shift::Nothing { .. })
            && !change.items.is_empty()
            && change.items.iter().all(|e| !e.is_empty() && same_item(index, e));
        if one_by_one {
            for entries in &change.items {
                let path = ItemPath { file: change.file, entries: entries.clone() };
                let updated = items::bytes_of(ws, &path).ok().is_some_and(|b| index.update_item(&rel, entries, b).is_ok());
                if !updated {
                    break;
                }
            }
            return;
        }
        if let Ok(bytes) = ws.item_bytes(&ItemPath::root(change.file)) {
            index.update_file(&rel, bytes);
        }
    }

    /// The hits of the current query (searched again only when the query or the index
    /// changed).
    pub fn hits(&mut self) -> &[Hit] {
        let Some(index) = &self.index else { return &[] };
        let fresh = self.hits.as_ref().is_some_and(|(q, g, _)| *q == self.query && *g == self.index_generation);
        if !fresh {
            let hits = search::search(index, &Query::parse(&self.query));
            self.hits = Some((self.query.clone(), self.index_generation, hits));
        }
        self.hits.as_ref().map_or(&[], |(_, _, h)| h)
    }

    /// An archive's directory for the tree, read once.
    pub fn directory(&mut self, rel: &str) -> &Result<Vec<EntryMeta>, String> {
        let project = self.project.clone();
        self.directories.entry(rel.to_string()).or_insert_with(|| match project.file(rel) {
            Some(f) => project.directory(f).map_err(|e| e.to_string()),
            None => Err(crate::tr!("log-not-in-project")),
        })
    }
}

/// Splits a project address into the file's path and the entry part (`NAME::#3`).
pub fn split(address: &str) -> (&str, Option<&str>) {
    match address.split_once("::") {
        Some((f, e)) => (f, Some(e)),
        None => (address, None),
    }
}
