//! The project index: every item of every file (archives, their entries, nested archives'
//! entries) with its kind from the codec registry, the names each item uses ([`Ref`]) and what
//! each name reaches ([`Target`]), resolved through the material chain's lookups over the
//! project's own bytes. "Used by" is the same links read backwards.
//!
//! The unit of work is a file's bytes: [`Index::build`] reads and indexes each file (two
//! threads), [`Index::update_file`] takes one file's new bytes (an edit not yet saved), and
//! [`Index::update_item`] one entry's; only the edited file's items are read again, then the
//! links of the whole project are made again from the names already read (no item is parsed
//! for that).

mod link;
mod read;
mod world;

use read::{descend, entry_item, index_archive, index_file, item_is_archive};
use super::assets::ProjectAssets;
use super::walk::{ProjectFile, parent_dir};
use super::Problem;
use crate::doc::kinds::{FormatKind, ItemKind, ReadRefs, RefsInput, named_by};
use crate::doc::node::Node;
use crate::doc::registry::{self, codec_for};
use crate::doc::resolve::{AssetSource, Found, LIGHTMAP_LIB, Library, MATERIAL_LIB, TEXTURES_LIB, lookup_material};
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::lookup::{DEFAULT_MATERIAL, Fallback};
use crate::formats::readings::Readings;
use crate::formats::wear::{Section, Wear};
use crate::formats::{Message, Severity, TYPE_TEXM};
use crate::msg;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// An item: (file, item) positions in the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ItemId {
    pub file: u32,
    pub item: u32,
}

/// What a name in an item names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefKind {
    /// A MAT0 phase's texture (in `Textures.lib`).
    Texture,
    /// A WEAR material row's material (in `Material.lib`).
    Material,
    /// A WEAR LIGHTMAPS row's texture (in `lightmap.lib`).
    Lightmap,
    /// A mesh's WEAR table (the `.wea` beside it), with the rows its batches use.
    Table,
    /// An X-Ray level shader's engine shader name (outside the project).
    XrayShader,
    /// An X-Ray level shader's texture or lightmap name (outside the project).
    XrayTexture,
    /// A mission's map path (`DATA\MAPS\SC_3\land`): the landscape `land.msh` it plays on.
    Landscape,
    /// A placed object's path: a unit `.dat` file (buildings, units) or an `objects.rlb`
    /// record key (vegetation, rocks).
    Placed,
    /// An object record's slot: a member of an archive found by file name anywhere in the
    /// project (a mesh, its `.wea`, ...; a parent slot names another record of `objects.rlb`).
    /// The ref's name is `ARCHIVE::MEMBER`.
    Slot,
    /// A unit tree's component: a record of `objects.rlb`. The ref's name is `ARCHIVE::RECORD`.
    Component,
}

impl RefKind {
    pub fn label(self) -> &'static str {
        match self {
            RefKind::Texture => "texture",
            RefKind::Material => "material",
            RefKind::Lightmap => "lightmap",
            RefKind::Table => "table",
            RefKind::XrayShader => "shader",
            RefKind::XrayTexture => "texture",
            RefKind::Landscape => "landscape",
            RefKind::Placed => "object",
            RefKind::Slot => "member",
            RefKind::Component => "record",
        }
    }
}

/// Where in the using item the name sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "at", rename_all = "kebab-case")]
pub enum At {
    /// MAT0 phase `phase`, whose cell byte is `cell`; `offset` is the name's within the entry.
    Phase { phase: usize, cell: u8, offset: u64 },
    /// WEAR row `row` of the section (0-based), on `line` (1-based); `offset` of the name.
    Row { lightmaps: bool, row: usize, line: u32, offset: u64 },
    /// A mesh's material byte `index`: `batches` batches (a landscape: 0) with `triangles`.
    Mesh { index: u16, batches: usize, triangles: usize },
    /// X-Ray level shader `index`.
    Shader { index: usize },
    /// A mission's object `index` (its path at `offset`), or its map path (`index` none).
    Object { index: Option<usize>, offset: u64 },
    /// Object record slot `slot` (0-based); `offset` of the slot within the record.
    Slot { slot: usize, offset: u64 },
    /// Unit tree component `index` (depth-first, 0 the root); `offset` of the component in the
    /// file; its `parent` component; `socket`: the node of the parent's mesh a turret or gun is
    /// attached to (other parts attach to their parent controller's slots).
    Component { index: usize, offset: u64, parent: Option<usize>, socket: Option<u32> },
}

impl At {
    pub fn describe(&self) -> String {
        match *self {
            At::Phase { phase, cell: 0xFF, .. } => format!("phase {phase}"),
            At::Phase { phase, cell, .. } => format!("phase {phase}, cell {cell}"),
            At::Row { lightmaps, row, line, .. } => format!("{} row {row} (line {line})", if lightmaps { "lightmap" } else { "material" }),
            At::Mesh { index, batches: 0, triangles } => format!("material {index}: {triangles} triangles"),
            At::Mesh { index, batches, triangles } => format!("material {index}: {batches} batches, {triangles} triangles"),
            At::Shader { index } => format!("shader {index}"),
            At::Object { index: Some(index), .. } => format!("object {index}"),
            At::Object { index: None, .. } => "map".to_string(),
            At::Slot { slot, .. } => format!("slot {slot}"),
            At::Component { index, .. } => format!("component {index}"),
        }
    }
}

/// What a name reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Target {
    pub item: ItemId,
    /// The name itself was found; false when the engine falls back to another entry
    /// (`DEFAULT`) for a name it lacks.
    pub exact: bool,
    /// For a mesh's table: the row its material byte reaches.
    pub row: Option<usize>,
}

/// One name an item uses.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ref {
    pub kind: RefKind,
    pub name: String,
    #[serde(skip)]
    pub name_bytes: Vec<u8>,
    #[serde(flatten)]
    pub at: At,
    /// Set by linking; `None` when the name reaches nothing.
    #[serde(skip)]
    pub target: Option<Target>,
}

impl Ref {
    pub(crate) fn new(kind: RefKind, name_bytes: &[u8], at: At) -> Ref {
        Ref { kind, name: crate::formats::cp1251::decode(name_bytes), name_bytes: name_bytes.to_vec(), at, target: None }
    }
}

/// One file, archive or entry.
#[derive(Debug, Clone)]
pub struct Item {
    /// `Material.lib::STEEL`, `fortif.rlb::fr_bld_000.wea`, `models/ROBOT.msh`; entry names where
    /// they are unique in their archive, `#N` where not.
    pub address: String,
    /// Entry indices from the file's root (empty: the file).
    pub entries: Vec<usize>,
    pub name: String,
    /// The codec's kind (`texm`, `mat0`, `wear`, `msh`, `xray-level`, ...), `nres` or `rsli`
    /// for an archive no codec claims, `data` for anything else.
    pub kind: ItemKind,
    pub size: u64,
    /// The archive holding the item (an item of the same file).
    pub container: Option<u32>,
    pub refs: Vec<Ref>,
    /// A WEAR table as read, for the row lookups of the meshes that use it.
    pub(super) wear: Option<Arc<Wear>>,
    /// Other text the item holds, for search (a unit component's display name).
    pub words: Vec<(String, At)>,
}

/// A file as indexed.
#[derive(Debug, Clone)]
pub struct FileIndex {
    pub rel: String,
    /// The file's tree; `None` when it could not be read or parsed.
    pub(super) node: Option<Node>,
    pub items: Vec<Item>,
    /// What reading the file reported.
    pub problems: Vec<Problem>,
    pub bytes: u64,
    /// The file's bytes as read (shared with its tree's views).
    pub(super) data: SharedBytes,
}

impl FileIndex {
    pub fn dir(&self) -> &str {
        parent_dir(&self.rel)
    }
}

/// A link for a "Used by" or "Uses" list: the item at the other end and what joins them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Link {
    pub item: ItemId,
    pub address: String,
    pub kind: RefKind,
    pub name: String,
    #[serde(flatten)]
    pub at: At,
    /// The name reaches the item only through the engine's fallback.
    pub exact: bool,
}

pub struct Index {
    pub readings: Readings,
    pub files: Vec<FileIndex>,
    walk_problems: Vec<Problem>,
    /// Lower-case address → item.
    by_address: HashMap<String, ItemId>,
    /// Lower-case (folder, file name) → file.
    by_dir_name: HashMap<(String, String), u32>,
    /// Lower-case file name → files of that name anywhere, shallowest first.
    by_file_name: HashMap<String, Vec<u32>>,
    /// (file, lower-case entry name) → the file's first top-level entry of that name.
    members: HashMap<(u32, String), u32>,
    /// Item → (using item, its ref index).
    used_by: HashMap<ItemId, Vec<(ItemId, u32)>>,
    libraries: HashMap<u32, (Arc<Library>, Arc<Vec<String>>)>,
    problems: Vec<Problem>,
}

impl std::fmt::Debug for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Index").field("files", &self.files.len()).field("problems", &self.problems.len()).finish()
    }
}

impl Index {
    /// Reads and indexes `files` on up to two threads; a file that cannot be read is a problem
    /// of its own and the rest is indexed.
    pub fn build(files: &[ProjectFile], readings: &Readings) -> Index {
        let read = |f: &ProjectFile| match std::fs::read(&f.path) {
            Ok(b) => index_file(&f.rel, SharedBytes::from(b), readings),
            Err(e) => FileIndex {
                rel: f.rel.clone(),
                node: None,
                items: Vec::new(),
                problems: vec![Problem::error(f.rel.clone(), Some(0), msg!("project-cannot-read", "cannot be read: {error}", error = e.to_string()))],
                bytes: 0,
                data: SharedBytes::from(Vec::new()),
            },
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 2);
        let indexed: Vec<FileIndex> = if threads == 1 || files.len() < 2 {
            files.iter().map(read).collect()
        } else {
            // Large libraries first, alternating, so both threads end about together.
            let mut order: Vec<usize> = (0..files.len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(files[i].size));
            let a: Vec<usize> = order.iter().copied().step_by(2).collect();
            let b: Vec<usize> = order.iter().copied().skip(1).step_by(2).collect();
            let mut slots: Vec<Option<FileIndex>> = vec![None; files.len()];
            std::thread::scope(|s| {
                let h = s.spawn(|| b.iter().map(|&i| (i, read(&files[i]))).collect::<Vec<_>>());
                for &i in &a {
                    slots[i] = Some(read(&files[i]));
                }
                for (i, f) in h.join().unwrap_or_default() {
                    slots[i] = Some(f);
                }
            });
            slots.into_iter().flatten().collect()
        };
        Index::from_files(indexed, readings)
    }

    /// An index of files given as bytes (`(project path, bytes)`), as a test or an editor
    /// with the files open has them.
    pub fn from_bytes<S: AsRef<str>>(files: impl IntoIterator<Item = (S, SharedBytes)>, readings: &Readings) -> Index {
        let files = files.into_iter().map(|(rel, b)| index_file(rel.as_ref(), b, readings)).collect();
        Index::from_files(files, readings)
    }

    fn from_files(files: Vec<FileIndex>, readings: &Readings) -> Index {
        let mut ix = Index {
            readings: *readings,
            files,
            walk_problems: Vec::new(),
            by_address: HashMap::new(),
            by_dir_name: HashMap::new(),
            by_file_name: HashMap::new(),
            members: HashMap::new(),
            used_by: HashMap::new(),
            libraries: HashMap::new(),
            problems: Vec::new(),
        };
        ix.link();
        ix
    }

    pub(super) fn add_walk_problems(&mut self, problems: &[Problem]) {
        self.walk_problems.extend_from_slice(problems);
    }

    /// Takes new bytes for a file (an edit, saved or not), or a file new to the project.
    pub fn update_file(&mut self, rel: &str, bytes: SharedBytes) {
        self.update_files([(rel, bytes)]);
    }

    /// New bytes for several files (one step that changed them all), linked once.
    pub fn update_files<S: AsRef<str>>(&mut self, files: impl IntoIterator<Item = (S, SharedBytes)>) {
        for (rel, bytes) in files {
            let fresh = index_file(rel.as_ref(), bytes, &self.readings);
            match self.file_index(rel.as_ref()) {
                Some(f) => self.files[f as usize] = fresh,
                None => self.files.push(fresh),
            }
        }
        self.link();
    }

    /// Takes new bytes for one entry (`entries` from the file's root): only that item (and
    /// what is nested in it) is read again. Its name and place stay (a rename or removal is a
    /// change of the archive: [`Index::update_file`]).
    pub fn update_item(&mut self, rel: &str, entries: &[usize], bytes: SharedBytes) -> Result<(), String> {
        let f = self.file_index(rel).ok_or_else(|| format!("{rel} is not in the project"))? as usize;
        let Some((&last, parent)) = entries.split_last() else {
            self.update_file(rel, bytes);
            return Ok(());
        };
        let node = self.files[f].node.as_ref().ok_or_else(|| format!("{rel} could not be read"))?;
        let new_root = crate::doc::edit::apply_at(node, parent, &mut |n| n.replace_entry(last, bytes.clone())).map_err(|e| e.to_string())?;
        let file = &mut self.files[f];
        let Some(pos) = file.items.iter().position(|it| it.entries == entries) else { return Err(format!("{rel}: no item at {entries:?}")) };
        let (address, name, container) = (file.items[pos].address.clone(), file.items[pos].name.clone(), file.items[pos].container);
        let holder = descend(&new_root, parent).ok_or_else(|| format!("{rel}: no archive at {parent:?}"))?;
        let m = holder.meta(last).ok_or_else(|| format!("{rel}: no entry {last}"))?;
        // The item and everything nested in it go; the subtree is read again in their place.
        let end = pos + 1 + file.items[pos + 1..].iter().take_while(|it| it.entries.starts_with(entries)).count();
        let mut fresh = Vec::new();
        let mut problems = Vec::new();
        let item = entry_item(&address, entries.to_vec(), &name, m.type_id, m.attrs, &bytes, container, &self.readings, &mut problems);
        let nested = item_is_archive(&item, &bytes);
        fresh.push(item);
        if nested && let Ok((child, _)) = Node::parse(&name, bytes.clone()) {
            index_archive(&child, &address, entries.to_vec(), Some(pos as u32), pos as u32, &self.readings, &mut fresh, &mut problems);
        }
        // Items after the subtree keep their places only if the subtree keeps its length.
        let shift = fresh.len() as i64 - (end - pos) as i64;
        file.items.splice(pos..end, fresh);
        if shift != 0 {
            for it in &mut file.items[pos..] {
                if let Some(c) = it.container.as_mut()
                    && *c as usize >= end
                {
                    *c = (*c as i64 + shift) as u32;
                }
            }
        }
        file.problems.retain(|p| !p.file.eq_ignore_ascii_case(&address) && !p.file.to_ascii_lowercase().starts_with(&format!("{}::", address.to_ascii_lowercase())));
        file.problems.extend(problems);
        file.node = Some(new_root);
        self.link();
        Ok(())
    }

    /// Drops a file from the project (deleted from the folder).
    pub fn remove_file(&mut self, rel: &str) {
        if let Some(f) = self.file_index(rel) {
            self.files.remove(f as usize);
            self.link();
        }
    }

    /// The file named `name` in folder `dir`, ASCII case-insensitively.
    pub(super) fn file_in(&self, dir: &str, name: &str) -> Option<u32> {
        self.by_dir_name.get(&(dir.to_ascii_lowercase(), name.to_ascii_lowercase())).copied()
    }

    /// The NRes file `f` as a library of the material chain.
    pub(super) fn library_of(&self, f: u32) -> Option<Arc<Library>> {
        self.libraries.get(&f).map(|(l, _)| l.clone())
    }

    fn file_index(&self, rel: &str) -> Option<u32> {
        let want = rel.replace('\\', "/");
        self.files.iter().position(|f| f.rel.eq_ignore_ascii_case(&want)).map(|i| i as u32)
    }

    pub fn item(&self, id: ItemId) -> Option<&Item> {
        self.files.get(id.file as usize)?.items.get(id.item as usize)
    }

    /// Every item, in file order.
    pub fn items(&self) -> impl Iterator<Item = (ItemId, &Item)> {
        self.files.iter().enumerate().flat_map(|(f, file)| {
            file.items.iter().enumerate().map(move |(i, it)| (ItemId { file: f as u32, item: i as u32 }, it))
        })
    }

    /// The item at an address (`Material.lib::STEEL`; ASCII case-insensitively; `\` or `/`).
    pub fn find(&self, address: &str) -> Option<ItemId> {
        self.by_address.get(&address.replace('\\', "/").to_ascii_lowercase()).copied()
    }

    /// The bytes of an item: a file's as read, an entry's from its archive.
    pub fn item_bytes(&self, id: ItemId) -> Option<SharedBytes> {
        let file = self.files.get(id.file as usize)?;
        let item = file.items.get(id.item as usize)?;
        match item.entries.split_last() {
            None => Some(file.data.clone()),
            Some((&last, parent)) => descend(file.node.as_ref()?, parent)?.entry_bytes(last).ok(),
        }
    }

    /// The file at a project path (`/` or `\\`, ASCII case-insensitively): its item.
    pub fn file_item(&self, rel: &str) -> Option<ItemId> {
        let rel = rel.replace('\\', "/");
        let (dir, name) = match rel.rsplit_once('/') {
            Some((d, n)) => (d, n),
            None => ("", rel.as_str()),
        };
        self.file_in(dir, name).map(|file| ItemId { file, item: 0 })
    }

    /// The file an item belongs to.
    pub fn file_of(&self, id: ItemId) -> Option<&FileIndex> {
        self.files.get(id.file as usize)
    }

    /// How many bytes of files the index holds (what it read).
    pub fn bytes_read(&self) -> u64 {
        self.files.iter().map(|f| f.bytes).sum()
    }

    /// The names an item uses and what each reaches.
    pub fn uses(&self, id: ItemId) -> Vec<(Ref, Option<String>)> {
        let Some(item) = self.item(id) else { return Vec::new() };
        item.refs.iter().map(|r| (r.clone(), r.target.and_then(|t| self.item(t.item)).map(|t| t.address.clone()))).collect()
    }

    /// The items that use this one, each with the name and place that does.
    pub fn used_by(&self, id: ItemId) -> Vec<Link> {
        let mut out: Vec<Link> = self
            .used_by
            .get(&id)
            .into_iter()
            .flatten()
            .filter_map(|&(from, r)| {
                let item = self.item(from)?;
                let r = item.refs.get(r as usize)?;
                Some(Link { item: from, address: item.address.clone(), kind: r.kind, name: r.name.clone(), at: r.at, exact: r.target.is_some_and(|t| t.exact) })
            })
            .collect();
        out.sort_by(|a, b| a.address.cmp(&b.address));
        out
    }

    /// The meshes that draw an item (a texture, a lightmap, a material or a table), with the
    /// material byte and the batches and triangles of each: the links followed to the end.
    pub fn shown_by(&self, id: ItemId) -> Vec<Link> {
        let Some(item) = self.item(id) else { return Vec::new() };
        // Tables and the rows of them that reach the item.
        let mut rows: Vec<(ItemId, usize)> = Vec::new();
        match item.kind.format() {
            Some(FormatKind::Wear) => rows.extend((0..item.wear.as_ref().map_or(0, |w| w.materials().len())).map(|r| (id, r))),
            Some(FormatKind::Mat0) => rows.extend(self.row_users(id)),
            _ => {
                for l in self.used_by(id) {
                    match l.at {
                        At::Row { row, lightmaps: true, .. } => rows.push((l.item, row)),
                        At::Phase { .. } => rows.extend(self.row_users(l.item)),
                        _ => {}
                    }
                }
            }
        }
        rows.sort();
        rows.dedup();
        let lightmap_rows = item.kind != FormatKind::Wear && self.used_by(id).iter().any(|l| l.kind == RefKind::Lightmap);
        let mut out = Vec::new();
        for (table, row) in rows {
            for &(from, r) in self.used_by.get(&table).into_iter().flatten() {
                let Some(user) = self.item(from) else { continue };
                let Some(rf) = user.refs.get(r as usize) else { continue };
                // A lightmap row is used by every mesh of its table (which batch takes which
                // lightmap is not read); a material row by the bytes that reach it.
                let hit = lightmap_rows || rf.target.is_some_and(|t| t.row == Some(row));
                if hit {
                    out.push(Link { item: from, address: user.address.clone(), kind: rf.kind, name: rf.name.clone(), at: rf.at, exact: true });
                }
            }
        }
        out.sort_by(|a, b| a.address.cmp(&b.address).then(format!("{:?}", a.at).cmp(&format!("{:?}", b.at))));
        out.dedup();
        out
    }

    /// The (table, row) pairs whose material row reaches a MAT0 item.
    fn row_users(&self, mat: ItemId) -> Vec<(ItemId, usize)> {
        self.used_by(mat)
            .into_iter()
            .filter_map(|l| match l.at {
                At::Row { row, lightmaps: false, .. } => Some((l.item, row)),
                _ => None,
            })
            .collect()
    }

    /// Whether nothing in the project uses the item (textures and materials only: a mesh, a
    /// table or an archive is what a game loads by its own name).
    pub fn is_unused(&self, id: ItemId) -> bool {
        let Some(item) = self.item(id) else { return false };
        // Only library entries that references name by their own name can be unused (a mesh,
        // a record or a unit file is also loaded by the engine by name or placed by missions).
        let counted = item.kind.format().is_some_and(|k| matches!(k, FormatKind::Texm | FormatKind::Mat0) && !named_by(k).is_empty()) && !item.entries.is_empty();
        // DEFAULT is what every name the library lacks falls back to.
        let fallback = item.kind == FormatKind::Mat0 && item.name.eq_ignore_ascii_case(DEFAULT_MATERIAL);
        counted && !fallback && self.used_by.get(&id).is_none_or(|v| v.is_empty())
    }

    /// The project's findings: the walk's, each file's, and the links' (names that reach
    /// nothing, models without a table, names that shadow others).
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = self.walk_problems.clone();
        for f in &self.files {
            out.extend(f.problems.iter().cloned());
        }
        out.extend(self.problems.iter().cloned());
        out
    }

    /// The problems of one file (its own and the links from its items), for `check DIR`.
    pub fn problems_of(&self, rel: &str) -> Vec<Problem> {
        let prefix = format!("{}::", rel.to_ascii_lowercase());
        self.problems()
            .into_iter()
            .filter(|p| {
                let f = p.file.to_ascii_lowercase();
                f == rel.to_ascii_lowercase() || f.starts_with(&prefix)
            })
            .collect()
    }
}
