//! What a world item draws, found across the game folder (docs/formats/objects.md,
//! docs/formats/unit-dat.md, docs/formats/tma.md): a unit `.dat` → its components → the
//! `objects.rlb` record each names (keys ASCII case-insensitive) → the record's mesh slot
//! (`ARCHIVE::MEMBER`: the archive found by file name in the game folder, the member inside it)
//! and its `.wea` slot; a record → its mesh and table; a mission → its map folder (the
//! landscape `.msh`, `Land1.wea`, `Land2.wea`) and, per object, its unit file (kinds 0 and 1, a
//! path under the game folder with backslashes) or its record (kinds 2 and 3).
//!
//! Nothing here fails on what the folder lacks: every piece that names nothing is a
//! [`Diagnostic`] on the result (only a unit file or mission that does not parse at all is an
//! error). [`GameFolder`] is the folder on disk or in memory; it is also an [`AssetSource`]
//! whose libraries (`Material.lib`, `Textures.lib`, `palettes.lib`) are the folder's.

use super::assets::{AssetSource, Beside, Found, Library};
use super::{WearTable, prefixed, warn};
use crate::formats::bytes::SharedBytes;
use crate::formats::nres::Archive;
use crate::formats::objrec::{Kind, OBJECTS_RLB, Objects, Role, Slot};
use crate::formats::readings::Readings;
use crate::formats::tma::Mission;
use crate::formats::unit_dat::{PartClass, UnitDat};
use crate::formats::wear::Wear;
use crate::formats::{Diagnostic, Error, Message, cp1251};
use crate::msg;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Where the folder's files come from.
enum Source {
    Disk(PathBuf),
    /// `(relative path with '/', bytes)`.
    Memory(Vec<(String, SharedBytes)>),
}

/// A game folder: files by relative path, matched ASCII case-insensitively component by
/// component (the game ran on a case-insensitive filesystem), archives parsed once.
pub struct GameFolder {
    source: Source,
    archives: Mutex<HashMap<String, Found<Arc<Library>>>>,
    objects: Mutex<Option<Result<Arc<Objects>, Message>>>,
}

/// A relative path's components, `\` and `/` both separators, empty and `.` parts dropped.
fn components(rel: &str) -> impl Iterator<Item = &str> {
    rel.split(['/', '\\']).filter(|c| !c.is_empty() && *c != ".")
}

/// `rel` in the one spelling the memory folder compares: lower case, `/` separators.
fn normal(rel: &str) -> String {
    components(rel).map(|c| c.to_ascii_lowercase()).collect::<Vec<_>>().join("/")
}

/// The entry of `dir` named `name` (exact first, else ignoring ASCII case).
pub fn child_ci(dir: &Path, name: &str) -> Option<PathBuf> {
    let exact = dir.join(name);
    if exact.exists() {
        return Some(exact);
    }
    std::fs::read_dir(dir).ok()?.filter_map(|e| e.ok()).find(|e| e.file_name().to_str().is_some_and(|n| n.eq_ignore_ascii_case(name))).map(|e| e.path())
}

impl GameFolder {
    pub fn on_disk(root: impl Into<PathBuf>) -> GameFolder {
        GameFolder::with(Source::Disk(root.into()))
    }

    /// Files in memory, `(relative path, bytes)`, `/` or `\` separators.
    pub fn in_memory<N: AsRef<str>, B: Into<SharedBytes>>(files: impl IntoIterator<Item = (N, B)>) -> GameFolder {
        GameFolder::with(Source::Memory(files.into_iter().map(|(n, b)| (normal(n.as_ref()), b.into())).collect()))
    }

    fn with(source: Source) -> GameFolder {
        GameFolder { source, archives: Mutex::new(HashMap::new()), objects: Mutex::new(None) }
    }

    /// The game folder holding `file`: the nearest folder above it with an `objects.rlb`
    /// (any case); `None` when no folder above has one. The path as the user gave it, made
    /// absolute (not resolved through links, and with no `\\?\` prefix on Windows: views show it).
    pub fn root_of(file: &Path) -> Option<PathBuf> {
        let start = std::path::absolute(file).ok()?;
        start.ancestors().skip(1).find(|d| child_ci(d, OBJECTS_RLB).is_some_and(|p| p.is_file())).map(Path::to_path_buf)
    }

    /// What reports call the folder.
    pub fn label(&self) -> String {
        match &self.source {
            Source::Disk(p) => p.display().to_string(),
            Source::Memory(_) => "memory".to_string(),
        }
    }

    /// The file at `rel` (components matched ignoring ASCII case).
    pub fn read(&self, rel: &str) -> Found<Beside> {
        match &self.source {
            Source::Memory(files) => {
                let key = normal(rel);
                match files.iter().find(|(n, _)| *n == key) {
                    Some((n, b)) => Found::Yes(Beside { origin: n.clone(), bytes: b.clone() }),
                    None => Found::Missing { searched: vec![self.label()] },
                }
            }
            Source::Disk(root) => {
                let mut path = root.clone();
                for c in components(rel) {
                    match child_ci(&path, c) {
                        Some(p) => path = p,
                        None => return Found::Missing { searched: vec![root.display().to_string()] },
                    }
                }
                if !path.is_file() {
                    return Found::Missing { searched: vec![root.display().to_string()] };
                }
                let origin = path.strip_prefix(root).map_or_else(|_| path.display().to_string(), |p| p.display().to_string());
                match std::fs::read(&path) {
                    Ok(b) => Found::Yes(Beside { origin, bytes: SharedBytes::from(b) }),
                    Err(e) => Found::Unreadable { origin, message: e.to_string() },
                }
            }
        }
    }

    /// The NRes archive of the folder named `file_name` (`static.rlb`, `Material.lib`), parsed
    /// once.
    pub fn archive(&self, file_name: &str) -> Found<Arc<Library>> {
        let key = file_name.to_ascii_lowercase();
        if let Ok(cache) = self.archives.lock()
            && let Some(hit) = cache.get(&key)
        {
            return hit.clone();
        }
        let found = match self.read(file_name) {
            Found::Yes(b) => match Archive::parse(b.bytes) {
                Ok((archive, _)) => Found::Yes(Arc::new(Library { origin: b.origin, archive })),
                Err(e) => Found::Unreadable { origin: b.origin, message: e.to_string() },
            },
            Found::Missing { searched } => Found::Missing { searched },
            Found::Unreadable { origin, message } => Found::Unreadable { origin, message },
        };
        if let Ok(mut cache) = self.archives.lock() {
            cache.insert(key, found.clone());
        }
        found
    }

    /// The folder's `objects.rlb`, parsed once; the error says why there is none.
    pub fn objects(&self) -> Result<Arc<Objects>, Message> {
        if let Ok(cache) = self.objects.lock()
            && let Some(hit) = cache.as_ref()
        {
            return hit.clone();
        }
        let got = match self.read(OBJECTS_RLB) {
            Found::Yes(b) => Objects::parse(b.bytes).map(|(o, _)| Arc::new(o)).map_err(|e| e.as_message().prefixed(&format!("{}: ", b.origin))),
            other => Err(other.why(OBJECTS_RLB).unwrap_or_else(|| Message::from(""))),
        };
        if let Ok(mut cache) = self.objects.lock() {
            *cache = Some(got.clone());
        }
        got
    }

    /// A slot's member: `archive::member` of the folder.
    pub fn member(&self, archive: &str, member: &str) -> Found<Beside> {
        let lib = match self.archive(archive) {
            Found::Yes(l) => l,
            Found::Missing { searched } => return Found::Missing { searched },
            Found::Unreadable { origin, message } => return Found::Unreadable { origin, message },
        };
        match lib.find(member.as_bytes()).or_else(|| cp1251::encode(member).and_then(|b| lib.find(&b))) {
            Some(i) => Found::Yes(Beside { origin: format!("{archive}::{}", lib.archive.entry(i).name()), bytes: lib.archive.payload(i) }),
            None => Found::Missing { searched: vec![lib.origin.clone()] },
        }
    }
}

/// The libraries the material chain asks for are the folder's archives; a file "beside" is a
/// file of the folder's top level.
impl AssetSource for GameFolder {
    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        self.archive(file_name)
    }
    fn beside(&self, file_name: &str) -> Found<Beside> {
        self.read(file_name)
    }
    fn game(&self) -> Option<&GameFolder> {
        Some(self)
    }
}

/// A folder of the game seen as the place a mesh sits in: libraries from the game folder,
/// files beside from `dir` (a map folder's `Land1.wea`).
pub struct FolderView<'a> {
    pub game: &'a GameFolder,
    pub dir: String,
}

impl AssetSource for FolderView<'_> {
    fn library(&self, file_name: &str) -> Found<Arc<Library>> {
        self.game.archive(file_name)
    }
    fn beside(&self, file_name: &str) -> Found<Beside> {
        self.game.read(&format!("{}/{file_name}", self.dir))
    }
    fn game(&self) -> Option<&GameFolder> {
        Some(self.game)
    }
}

/// A mesh a slot names, with the material table found for it.
#[derive(Debug, Clone)]
pub struct ResolvedMesh {
    /// `static.rlb::s_obj_000.msh`.
    pub address: String,
    /// The member's name (the scene builder names the model by it).
    pub member: String,
    pub bytes: SharedBytes,
    /// The record's `.wea` slot, else the `.wea` of the mesh's stem in the same archive.
    pub wear: WearTable,
}

/// A record and what its slots resolve to.
#[derive(Debug, Clone)]
pub struct ResolvedRecord {
    /// The key as the caller spelled it.
    pub key: String,
    /// `None` when `objects.rlb` has no such record.
    pub kind: Option<Kind>,
    /// `None` when the record has no mesh slot or it names nothing.
    pub mesh: Option<ResolvedMesh>,
    /// Everything that did not resolve.
    pub problems: Vec<Diagnostic>,
}

/// The slots of record `key`, parent slots (docs/formats/objects.md#parent-slots-uncertain)
/// spliced in where they stand; a cycle or a parent that names nothing is a problem.
fn spliced_slots(objects: &Objects, key: &str, problems: &mut Vec<Diagnostic>) -> Option<(Kind, Vec<Slot>)> {
    let i = objects.find(key)?;
    let mut out = Vec::new();
    let mut stack: Vec<(usize, usize)> = vec![(i, 0)];
    let mut path: Vec<usize> = vec![i];
    while let Some((rec, slot)) = stack.pop() {
        let Some(s) = objects.record(rec).slots.get(slot) else {
            path.pop();
            continue;
        };
        stack.push((rec, slot + 1));
        if s.role() != Role::Parent {
            out.push(*s);
            continue;
        }
        let parent = s.member();
        match objects.find(&parent) {
            Some(p) if path.contains(&p) => problems.push(warn(msg!("resolve-parent-cycle", "objects.rlb::{key}: parent record {parent} names itself through its parents; not followed", key = key, parent = parent))),
            Some(p) => {
                path.push(p);
                stack.push((p, 0));
            }
            None => problems.push(warn(msg!("resolve-parent-missing", "objects.rlb::{key}: parent slot names record {parent}, which objects.rlb lacks", key = key, parent = parent))),
        }
    }
    Some((objects.kind(i), out))
}

/// Record `key` of the folder's `objects.rlb` (ASCII case ignored) and its mesh and table.
pub fn resolve_record(game: &GameFolder, key: &str) -> ResolvedRecord {
    let mut r = ResolvedRecord { key: key.to_string(), kind: None, mesh: None, problems: Vec::new() };
    let objects = match game.objects() {
        Ok(o) => o,
        Err(why) => {
            r.problems.push(warn(why.prefixed(&format!("record {key}: "))));
            return r;
        }
    };
    let Some((kind, slots)) = spliced_slots(&objects, key, &mut r.problems) else {
        r.problems.push(warn(msg!("resolve-record-missing", "record {key}: objects.rlb has no such record", key = key)));
        return r;
    };
    r.kind = Some(kind);
    let Some(mesh_slot) = slots.iter().find(|s| s.role() == Role::Mesh) else {
        r.problems.push(warn(msg!("resolve-record-no-mesh", "objects.rlb::{key}: no .msh slot; nothing to draw", key = key)));
        return r;
    };
    let (archive, member) = (mesh_slot.archive().into_owned(), mesh_slot.member().into_owned());
    let bytes = match game.member(&archive, &member) {
        Found::Yes(b) => b.bytes,
        other => {
            let why = other.why(&format!("{archive}::{member}")).unwrap_or_else(|| Message::from(""));
            r.problems.push(warn(why.prefixed(&format!("objects.rlb::{key}: mesh slot: "))));
            return r;
        }
    };
    let (wear_archive, wear_member) = match slots.iter().find(|s| s.role() == Role::Materials) {
        Some(s) => (s.archive().into_owned(), s.member().into_owned()),
        None => (archive.clone(), super::wear_name_for_mesh(&member)),
    };
    let wear = wear_table(game, &wear_archive, &wear_member);
    r.mesh = Some(ResolvedMesh { address: format!("{archive}::{member}"), member, bytes, wear });
    r
}

/// The `.wea` at `archive::member`, as [`WearTable::load`] reads a table beside a mesh.
fn wear_table(game: &GameFolder, archive: &str, member: &str) -> WearTable {
    let address = format!("{archive}::{member}");
    match game.member(archive, member) {
        Found::Yes(b) => {
            let wear = Wear::parse(b.bytes);
            let diagnostics = wear.diagnostics().iter().map(|d| prefixed(&b.origin, d)).collect();
            WearTable { file_name: member.to_string(), origin: Some(b.origin), wear: Some(wear), diagnostics }
        }
        other => WearTable {
            file_name: member.to_string(),
            origin: None,
            wear: None,
            diagnostics: vec![warn(msg!(
                "resolve-no-table-drawn",
                "{why}: the mesh's materials cannot be resolved; drawn untextured",
                why = other.why(&address).unwrap_or_default()
            ))],
        },
    }
}

/// One component of a unit and its record.
#[derive(Debug, Clone)]
pub struct ResolvedComponent {
    pub record_key: String,
    pub display_name: String,
    pub class: PartClass,
    /// −1 on the root; a turret's or gun's socket node of its parent's mesh; an internal
    /// part's or clip's slot of its parent's controller.
    pub attach: i32,
    pub parent: Option<usize>,
    pub record: Arc<ResolvedRecord>,
}

/// A unit or building file resolved: its components in stored (depth-first) order.
#[derive(Debug, Clone)]
pub struct ResolvedUnit {
    pub name: String,
    pub class_word: u32,
    pub components: Vec<ResolvedComponent>,
    /// The unit's own findings (parse diagnostics); each record's are on the record.
    pub problems: Vec<Diagnostic>,
}

impl ResolvedUnit {
    /// Every problem of the unit and its records, each record's prefixed by its component.
    pub fn all_problems(&self) -> Vec<Diagnostic> {
        let mut out = self.problems.clone();
        for (i, c) in self.components.iter().enumerate() {
            out.extend(c.record.problems.iter().map(|d| prefixed(&format!("{} component {i}", self.name), d)));
        }
        out
    }
}

/// Records resolved once per key (ASCII case ignored), shared by every unit and object.
#[derive(Default)]
pub struct RecordCache {
    records: HashMap<String, Arc<ResolvedRecord>>,
}

impl RecordCache {
    pub fn get(&mut self, game: &GameFolder, key: &str) -> Arc<ResolvedRecord> {
        self.records.entry(key.to_ascii_lowercase()).or_insert_with(|| Arc::new(resolve_record(game, key))).clone()
    }
}

/// A unit file's bytes resolved against the folder. Only a file that does not parse fails.
pub fn resolve_unit(game: &GameFolder, name: &str, bytes: &[u8], readings: &Readings, cache: &mut RecordCache) -> Result<ResolvedUnit, Error> {
    let (unit, diags) = UnitDat::parse(bytes, readings.unit_dat)?;
    let tree = unit.tree();
    let components = unit
        .components()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let key = c.record().into_owned();
            let mut record = cache.get(game, &key);
            if !c.archive_bytes().eq_ignore_ascii_case(OBJECTS_RLB.as_bytes()) {
                let mut r = (*record).clone();
                r.problems.push(warn(msg!(
                    "resolve-component-archive",
                    "component {i} names archive {archive}, not {rlb}; looked up in {rlb}",
                    i = i,
                    archive = c.archive(),
                    rlb = OBJECTS_RLB
                )));
                record = Arc::new(r);
            }
            ResolvedComponent {
                record_key: key,
                display_name: c.display_name().into_owned(),
                class: c.class(),
                attach: c.attach(),
                parent: tree.parent.get(i).copied().flatten(),
                record,
            }
        })
        .collect();
    Ok(ResolvedUnit { name: name.to_string(), class_word: unit.class_word, components, problems: diags })
}

/// The files of a mission's map folder.
#[derive(Debug, Clone)]
pub struct MapFiles {
    /// The folder under the game folder (`DATA/MAPS/SC_3`, as the mission spells it).
    pub folder: String,
    /// The landscape mesh (`<stem>.msh`, `land.msh` for `...\land`), when found.
    pub landscape: Option<Beside>,
}

/// What one placed object draws.
#[derive(Debug, Clone)]
pub enum ObjectTarget {
    Unit(Arc<ResolvedUnit>),
    Record(Arc<ResolvedRecord>),
    /// The path names nothing (the reason is among the mission's problems).
    Missing(Message),
}

/// A mission resolved: its map, each object's target (in object order), and every problem.
#[derive(Debug, Clone)]
pub struct ResolvedMission {
    pub mission: Mission,
    pub map: MapFiles,
    pub targets: Vec<ObjectTarget>,
    pub problems: Vec<Diagnostic>,
}

/// Object kinds that name a unit file (0 building, 1 unit); 2 and 3 name a record.
pub fn names_unit_file(kind: u32) -> bool {
    kind <= 1
}

/// A parsed mission resolved against the folder. Unit files and records are read once each.
pub fn resolve_mission(game: &GameFolder, mission: Mission, readings: &Readings) -> ResolvedMission {
    let mut problems = Vec::new();
    let path = cp1251::decode(mission.map_path.bytes());
    let folder = cp1251::decode(mission.map_folder());
    let stem = components(&path).last().unwrap_or("land").to_string();
    let landscape = match game.read(&format!("{folder}/{stem}.msh")) {
        Found::Yes(b) => Some(b),
        other => {
            let why = other.why(&format!("{stem}.msh")).unwrap_or_else(|| Message::from(""));
            problems.push(warn(why.prefixed(&format!("map {path}: "))));
            None
        }
    };
    let mut records = RecordCache::default();
    let mut units: HashMap<String, ObjectTarget> = HashMap::new();
    let mut targets = Vec::with_capacity(mission.objects.len());
    for (i, o) in mission.objects.iter().enumerate() {
        let p = cp1251::decode(o.path.bytes());
        let target = if names_unit_file(o.kind) {
            units
                .entry(normal(&p))
                .or_insert_with(|| match game.read(&p) {
                    Found::Yes(b) => match resolve_unit(game, &p, &b.bytes, readings, &mut records) {
                        Ok(u) => ObjectTarget::Unit(Arc::new(u)),
                        Err(e) => ObjectTarget::Missing(msg!("resolve-unit-file-unreadable", "unit file {p} does not read: {error}", p = &p, error = &e)),
                    },
                    other => ObjectTarget::Missing(other.why(&format!("unit file {p}")).unwrap_or_else(|| Message::from(""))),
                })
                .clone()
        } else {
            let r = records.get(game, &p);
            match r.mesh {
                Some(_) => ObjectTarget::Record(r),
                None => ObjectTarget::Missing(r.problems.first().map_or_else(|| msg!("resolve-record-nothing", "record {p}: nothing to draw", p = &p), |d| d.text())),
            }
        };
        match &target {
            ObjectTarget::Missing(why) => {
                problems.push(warn(msg!("resolve-object-missing", "object {i} ({p}): {why}; drawn as a marked box", i = i, p = &p, why = why.english.as_str())))
            }
            ObjectTarget::Unit(u) => problems.extend(u.all_problems().iter().map(|d| prefixed(&format!("object {i}"), d))),
            ObjectTarget::Record(r) => problems.extend(r.problems.iter().map(|d| prefixed(&format!("object {i}"), d))),
        }
        targets.push(target);
    }
    dedup_messages(&mut problems);
    ResolvedMission { mission, map: MapFiles { folder, landscape }, targets, problems }
}

/// Drops repeats of one message (a unit placed 40 times reports its missing record once).
fn dedup_messages(d: &mut Vec<Diagnostic>) {
    let mut seen = std::collections::HashSet::new();
    d.retain(|x| seen.insert(x.message.split_once(": ").map_or(x.message.clone(), |(_, rest)| rest.to_string())));
}

#[cfg(test)]
#[path = "world_tests.rs"]
mod tests;
