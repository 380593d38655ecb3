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

use super::assets::ProjectAssets;
use super::walk::{ProjectFile, parent_dir};
use super::{Problem, refs};
use crate::doc::node::Node;
use crate::doc::registry::{self, codec_for};
use crate::doc::resolve::{AssetSource, Found, LIGHTMAP_LIB, Library, MATERIAL_LIB, TEXTURES_LIB, lookup_material};
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::lookup::{DEFAULT_MATERIAL, Fallback};
use crate::formats::readings::Readings;
use crate::formats::wear::{Section, Wear};
use crate::formats::{Severity, TYPE_TEXM};
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
    pub(super) fn new(kind: RefKind, name_bytes: &[u8], at: At) -> Ref {
        Ref { kind, name: crate::formats::cp1251::decode(name_bytes), name_bytes: name_bytes.to_vec(), at, target: None }
    }
}

/// One file, archive or entry.
#[derive(Debug, Clone)]
pub struct Item {
    /// `Material.lib::STEEL`, `objects.rlb::BUNKER.wea`, `models/ROBOT.msh`; entry names where
    /// they are unique in their archive, `#N` where not.
    pub address: String,
    /// Entry indices from the file's root (empty: the file).
    pub entries: Vec<usize>,
    pub name: String,
    /// The codec's kind (`texm`, `mat0`, `wear`, `msh`, `xray-level`, ...), `nres` or `rsli`
    /// for an archive no codec claims, `data` for anything else.
    pub kind: &'static str,
    pub size: u64,
    /// The archive holding the item (an item of the same file).
    pub container: Option<u32>,
    pub refs: Vec<Ref>,
    /// A WEAR table as read, for the row lookups of the meshes that use it.
    pub(super) wear: Option<Arc<Wear>>,
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
                problems: vec![Problem::error(f.rel.clone(), Some(0), format!("cannot be read: {e}"))],
                bytes: 0,
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
        match item.kind {
            "wear" => rows.extend((0..item.wear.as_ref().map_or(0, |w| w.materials().len())).map(|r| (id, r))),
            "mat0" => rows.extend(self.row_users(id)),
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
        let lightmap_rows = item.kind != "wear" && self.used_by(id).iter().any(|l| l.kind == RefKind::Lightmap);
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
        let counted = matches!(item.kind, "texm" | "mat0") && !item.entries.is_empty();
        // DEFAULT is what every name the library lacks falls back to.
        let fallback = item.kind == "mat0" && item.name.eq_ignore_ascii_case(DEFAULT_MATERIAL);
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

    /// Makes every link again from the names read: addresses, libraries, targets, the
    /// backwards map and the link findings.
    fn link(&mut self) {
        self.by_address.clear();
        self.by_dir_name.clear();
        self.libraries.clear();
        for (f, file) in self.files.iter().enumerate() {
            let dir = file.dir().to_ascii_lowercase();
            let name = file.rel.rsplit('/').next().unwrap_or(&file.rel).to_ascii_lowercase();
            self.by_dir_name.entry((dir, name)).or_insert(f as u32);
            for (i, it) in file.items.iter().enumerate() {
                self.by_address.entry(it.address.to_ascii_lowercase()).or_insert(ItemId { file: f as u32, item: i as u32 });
            }
            if let Some(Node::Nres(a)) = &file.node {
                let lib = Arc::new(Library { origin: file.rel.clone(), archive: a.clone() });
                let names = Arc::new(lib.names());
                self.libraries.insert(f as u32, (lib, names));
            }
        }
        let mut memo: HashMap<(String, Option<ItemId>, RefKind, Vec<u8>), Resolved> = HashMap::new();
        let mut targets: Vec<(ItemId, usize, Option<Target>)> = Vec::new();
        let mut problems = Vec::new();
        for (f, file) in self.files.iter().enumerate() {
            let dir = file.dir().to_string();
            for (i, it) in file.items.iter().enumerate() {
                let id = ItemId { file: f as u32, item: i as u32 };
                let container = it.container.map(|c| ItemId { file: f as u32, item: c });
                let assets = ProjectAssets { index: self, dir: &dir, container };
                let mut table_missing: Option<String> = None;
                for (k, r) in it.refs.iter().enumerate() {
                    // A table is found beside its mesh (its archive first); the libraries by folder.
                    let key_container = if r.kind == RefKind::Table { container } else { None };
                    let key = (dir.clone(), key_container, r.kind, r.name_bytes.to_ascii_uppercase());
                    let resolved = memo.entry(key).or_insert_with(|| self.resolve(&assets, r.kind, &r.name_bytes)).clone();
                    let target = match (&resolved, r.at) {
                        (Resolved::Found(t), At::Mesh { index, .. }) => {
                            let row = self.item(t.item).and_then(|tab| tab.wear.as_ref()).and_then(|w| {
                                w.lookup(Section::Materials, usize::from(index), self.readings.wear_lookup).row
                            });
                            Some(Target { row, ..*t })
                        }
                        (Resolved::Found(t), _) => Some(*t),
                        (Resolved::Missing(_), _) => None,
                    };
                    targets.push((id, k, target));
                    let why = match &resolved {
                        Resolved::Missing(why) => Some(why.clone()),
                        _ => None,
                    };
                    match (r.kind, why) {
                        (RefKind::Table, Some(why)) => {
                            table_missing.get_or_insert(why);
                        }
                        (RefKind::Texture | RefKind::Lightmap | RefKind::Material, Some(why)) => {
                            problems.push(ref_problem(it, r, &why, None));
                        }
                        (RefKind::Material, None) => {
                            if let Some(t) = target.filter(|t| !t.exact)
                                && let Some(took) = self.item(t.item)
                            {
                                let why = format!("not in {}; the engine takes {} instead", self.files[t.item.file as usize].rel, took.name);
                                problems.push(ref_problem(it, r, &why, Some(took.address.clone())));
                            }
                        }
                        _ => {}
                    }
                }
                if let Some(why) = table_missing {
                    let table = it.refs.iter().find(|r| r.kind == RefKind::Table).map(|r| r.name.clone()).unwrap_or_default();
                    problems.push(Problem::warning(
                        it.address.clone(),
                        None,
                        format!("a model with no table: {why}; its batches' materials resolve to nothing (the game draws it untextured)"),
                    ).related(table));
                }
            }
        }
        self.used_by.clear();
        for (id, k, target) in targets {
            if let Some(r) = self.files[id.file as usize].items[id.item as usize].refs.get_mut(k) {
                r.target = target;
            }
            if let Some(t) = target {
                self.used_by.entry(t.item).or_default().push((id, k as u32));
            }
        }
        problems.extend(self.shadowing());
        self.problems = problems;
    }

    /// What a name reaches from a folder: the engine's library for its kind and the lookup in
    /// it ([`crate::doc::resolve`]'s), or the table beside a mesh.
    fn resolve(&self, assets: &ProjectAssets, kind: RefKind, name: &[u8]) -> Resolved {
        let in_library = |lib_name: &str, material: bool| -> Resolved {
            let lib = match assets.library(lib_name) {
                Found::Yes(l) => l,
                other => return Resolved::Missing(other.failure(lib_name).unwrap_or_default()),
            };
            let Some(f) = self.file_index(&lib.origin) else { return Resolved::Missing(format!("{} is not indexed", lib.origin)) };
            let (index, exact) = if material {
                let names = self.libraries.get(&f).map(|(_, n)| n.clone()).unwrap_or_default();
                let l = lookup_material(&names, name);
                (l.index, l.fallback == Fallback::Exact)
            } else {
                (lib.find(name), true)
            };
            let Some(index) = index else {
                return Resolved::Missing(format!("not in {}", lib.origin));
            };
            let item = self.files[f as usize].items.iter().position(|it| it.entries == [index]);
            match item {
                Some(i) => Resolved::Found(Target { item: ItemId { file: f, item: i as u32 }, exact, row: None }),
                None => Resolved::Missing(format!("{} entry {index} is not indexed", lib.origin)),
            }
        };
        match kind {
            RefKind::Texture => in_library(TEXTURES_LIB, false),
            RefKind::Lightmap => in_library(LIGHTMAP_LIB, false),
            RefKind::Material => in_library(MATERIAL_LIB, true),
            RefKind::Table => {
                let file_name = crate::formats::cp1251::decode(name);
                match assets.beside(&file_name) {
                    Found::Yes(b) => match self.find(&b.origin) {
                        Some(item) => Resolved::Found(Target { item, exact: true, row: None }),
                        None => Resolved::Missing(format!("{} is not indexed", b.origin)),
                    },
                    other => Resolved::Missing(other.failure(&file_name).unwrap_or_default()),
                }
            }
            RefKind::XrayShader | RefKind::XrayTexture => Resolved::Missing(String::new()),
        }
    }

    /// Texture and material names held by more than one archive: which one a MAT0 phase (or a
    /// WEAR row) gets, by the same lookup, and which it never sees.
    fn shadowing(&self) -> Vec<Problem> {
        let mut groups: HashMap<(&'static str, Vec<u8>), Vec<ItemId>> = HashMap::new();
        for (id, it) in self.items() {
            if matches!(it.kind, "texm" | "mat0") && !it.entries.is_empty() {
                groups.entry((it.kind, it.name.as_bytes().to_ascii_uppercase())).or_default().push(id);
            }
        }
        let mut out = Vec::new();
        let mut keys: Vec<_> = groups.into_iter().filter(|(_, v)| v.len() > 1).collect();
        keys.sort();
        for ((kind, name), ids) in keys {
            // Taken from the top folder, where the game runs.
            let assets = ProjectAssets { index: self, dir: "", container: None };
            let (used_kind, what) = if kind == "mat0" { (RefKind::Material, "WEAR rows") } else { (RefKind::Texture, "MAT0 phases") };
            let taken = match self.resolve(&assets, used_kind, &name) {
                Resolved::Found(t) if t.exact => Some(t.item),
                _ => None,
            };
            let lm_taken = match (kind, self.resolve(&assets, RefKind::Lightmap, &name)) {
                ("texm", Resolved::Found(t)) => Some(t.item),
                _ => None,
            };
            let addresses: Vec<String> = ids.iter().filter_map(|&i| self.item(i)).map(|i| i.address.clone()).collect();
            for &id in &ids {
                if Some(id) == taken {
                    continue;
                }
                let Some(it) = self.item(id) else { continue };
                let taken_addr = taken.and_then(|t| self.item(t)).map(|t| t.address.clone());
                let mut message = format!("{} is also {}", it.name, addresses.iter().filter(|a| **a != it.address).cloned().collect::<Vec<_>>().join(", "));
                match &taken_addr {
                    Some(t) => message.push_str(&format!("; {what} get {t}, never this one")),
                    None => message.push_str(&format!("; {what} get none of them from the top folder")),
                }
                if lm_taken == Some(id) {
                    message.push_str("; WEAR LIGHTMAPS rows get this one");
                }
                let mut p = Problem::warning(it.address.clone(), None, message);
                p.related = taken_addr;
                out.push(p);
            }
        }
        out
    }
}

#[derive(Debug, Clone)]
enum Resolved {
    Found(Target),
    Missing(String),
}

fn ref_problem(it: &Item, r: &Ref, why: &str, related: Option<String>) -> Problem {
    let (offset, line) = match r.at {
        At::Phase { offset, .. } => (Some(offset), None),
        At::Row { offset, line, .. } => (Some(offset), Some(line)),
        _ => (None, None),
    };
    let mut p = Problem::warning(it.address.clone(), offset, format!("{} names {} {}: {why}", r.at.describe(), r.kind.label(), r.name));
    if let Some(l) = line {
        p = p.at_line(l);
    }
    p.related = related;
    p
}

/// The archive at `path` below `root`.
fn descend(root: &Node, path: &[usize]) -> Option<Node> {
    let mut cur = root.clone();
    for &i in path {
        let meta = cur.meta(i)?;
        let bytes = cur.entry_bytes(i).ok()?;
        cur = Node::parse(&meta.name, bytes).ok()?.0;
    }
    Some(cur)
}

/// Reads one file: its tree, every item with its kind and names.
pub(super) fn index_file(rel: &str, bytes: SharedBytes, readings: &Readings) -> FileIndex {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_string();
    let len = bytes.len() as u64;
    let mut problems = Vec::new();
    let mut items = Vec::new();
    let node = match Node::parse(&name, bytes.clone()) {
        Ok((node, diags)) => {
            for d in diags.into_iter().filter(|d| d.severity == Severity::Error) {
                problems.push(Problem::new(d.severity, rel, d.offset, d.message));
            }
            Some(node)
        }
        Err(e) => {
            problems.push(Problem::error(rel, Some(e.offset), e.message.clone()));
            None
        }
    };
    let root_item = entry_item(rel, Vec::new(), &name, None, [0; 3], &bytes, None, readings, &mut problems);
    let descend = node.as_ref().is_some_and(Node::is_archive) && root_item.kind != "msh";
    items.push(root_item);
    if descend && let Some(n) = &node {
        index_archive(n, rel, Vec::new(), Some(0), 0, readings, &mut items, &mut problems);
    }
    FileIndex { rel: rel.to_string(), node, items, problems, bytes: len }
}

fn item_is_archive(item: &Item, bytes: &[u8]) -> bool {
    item.kind != "msh" && (bytes.starts_with(b"NRes") || (bytes.starts_with(b"NL") && bytes.len() >= 32))
}

/// Every entry of an archive (and of archives nested in it, except meshes, whose entries are
/// components) as items, pushed to `items`, which will sit at `base` in the file's list.
#[allow(clippy::too_many_arguments)]
fn index_archive(
    node: &Node,
    address: &str,
    at: Vec<usize>,
    container: Option<u32>,
    base: u32,
    readings: &Readings,
    items: &mut Vec<Item>,
    problems: &mut Vec<Problem>,
) {
    let metas = node.metas();
    for (i, m) in metas.iter().enumerate() {
        let unique = !m.name.is_empty() && metas.iter().filter(|o| o.name_bytes.eq_ignore_ascii_case(&m.name_bytes)).count() == 1;
        let label = if unique { m.name.clone() } else { format!("#{i}") };
        let addr = format!("{address}::{label}");
        let mut entries = at.clone();
        entries.push(i);
        let bytes = match node.entry_bytes(i) {
            Ok(b) => b,
            Err(e) => {
                problems.push(Problem::error(addr, Some(m.offset), format!("cannot be read: {}", e.message)));
                continue;
            }
        };
        let item = entry_item(&addr, entries.clone(), &m.name, m.type_id, m.attrs, &bytes, container, readings, problems);
        let nested = item_is_archive(&item, &bytes);
        let me = base + items.len() as u32;
        items.push(item);
        if nested {
            match Node::parse(&m.name, bytes.clone()) {
                Ok((child, _)) => index_archive(&child, &addr, entries, Some(me), base, readings, items, problems),
                Err(e) => problems.push(Problem::error(addr, Some(e.offset), e.message)),
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn entry_item(
    address: &str,
    entries: Vec<usize>,
    name: &str,
    type_id: Option<u32>,
    attrs: [u32; 3],
    bytes: &SharedBytes,
    container: Option<u32>,
    readings: &Readings,
    problems: &mut Vec<Problem>,
) -> Item {
    let item = registry::Item { bytes, name, type_id, attrs, readings };
    let kind = match codec_for(&item) {
        Some(c) => c.kind(),
        None if bytes.starts_with(b"NRes") => "nres",
        None if bytes.starts_with(b"NL") && bytes.len() >= 32 => "rsli",
        // A Texm entry no codec claimed is still a texture by its type.
        None if type_id == Some(TYPE_TEXM) => "texm",
        None => "data",
    };
    let (refs, wear) = refs::read(kind, address, name, bytes, attrs, readings, problems);
    Item { address: address.to_string(), entries, name: name.to_string(), kind, size: bytes.len() as u64, container, refs, wear }
}
