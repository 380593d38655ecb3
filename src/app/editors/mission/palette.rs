//! What the mission editor's palette offers to place (docs/formats/tma.md, "Objects"): the
//! game folder's unit files under `UNITS/` (a building when its class word says so, kind 0,
//! else a unit, kind 1; placed by their path relative to the game folder, with backslashes as
//! the game writes them) and the scenery records of its `objects.rlb` (`STAT`, placed by record
//! key as vegetation, kind 2, or rock, kind 3). Each is searchable by its name and path; a new
//! object of an item gets what the shipped files give its kind (see [`new_object`]). The
//! palette's state ([`PaletteState`]: shown or not, the filter, the owner, the listing read on
//! a worker, the thumbnails) lives here; [`super::palette_view`] draws it.

use super::edits::{fresh_logical_id, fresh_name};
use super::thumbs::Thumbs;
use crate::app::seam::EditorCx;
use crate::app::worker::Worker;
use crate::doc::resolve::world::GameFolder;
use crate::formats::objrec::{Kind, Objects};
use crate::formats::readings::Readings;
use crate::formats::tma::{CLAN_PLAYER, Mission, Object, ObjectKind, Property, Text};
use std::collections::BTreeSet;
use std::path::PathBuf;
use crate::formats::unit_dat::{UnitClass, UnitDat};
use std::path::Path;

/// The folder under the game folder that holds the unit files.
pub const UNITS_DIR: &str = "UNITS";
/// Unit files listed at most (the shipped game has 458).
pub const MAX_UNIT_FILES: usize = 20_000;
/// A unit file larger than this is not read (the shipped ones are under 3 KB: 8 bytes and 112
/// per component).
pub const MAX_UNIT_FILE_BYTES: u64 = 1 << 20;
/// Folder depth walked under `UNITS/` at most.
const MAX_DEPTH: usize = 12;

/// One placeable thing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Item {
    /// The object kind word it is placed as (0 building, 1 unit, 2 vegetation, 3 rock).
    pub kind: u32,
    /// What the placed object names: `UNITS\BUILDS\GENER\gener_t.dat` or a record key.
    pub path: String,
    /// What the palette shows: the unit file's stem, or the record key.
    pub label: String,
}

impl Item {
    /// Whether it names a unit file (kinds 0, 1) rather than a record.
    pub fn is_unit_file(&self) -> bool {
        !ObjectKind::of(self.kind).is_scenery()
    }

    /// What its thumbnail draws.
    pub fn subject(&self) -> super::thumbs::Subject {
        super::thumbs::Subject { unit_file: self.is_unit_file(), path: self.path.clone() }
    }
}

/// The folder's placeable things, sorted by kind and name, and what could not be read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Listing {
    pub items: Vec<Item>,
    /// Files that were skipped, and why.
    pub problems: Vec<String>,
}

/// The unit file at `rel` (relative to the game folder, `/` or `\` separators): a building when
/// its class word says so, else a unit.
pub fn unit_item(rel: &str, bytes: &[u8], readings: &Readings) -> Result<Item, String> {
    let (unit, _) = UnitDat::parse(bytes, readings.unit_dat).map_err(|e| format!("{rel}: {e}"))?;
    let kind = if UnitClass::of(unit.class_word) == UnitClass::Building { ObjectKind::Building } else { ObjectKind::Unit };
    let path = rel.split(['/', '\\']).filter(|c| !c.is_empty()).collect::<Vec<_>>().join("\\");
    let file = path.rsplit('\\').next().unwrap_or(&path);
    let label = file.rsplit_once('.').map_or(file, |(stem, _)| stem).to_string();
    Ok(Item { kind: kind.word(), path, label })
}

/// Whether a scenery record is placed as a rock: the kind the mission already places it with,
/// else its key's words (`rock`, `stone`, `cliff`).
pub fn scenery_kind(key: &str, used: &Mission) -> u32 {
    let placed = used.objects.iter().find(|o| ObjectKind::of(o.kind).is_scenery() && o.path.eq_ignore_case(key.as_bytes()));
    if let Some(o) = placed {
        return o.kind;
    }
    let k = key.to_ascii_lowercase();
    if ["rock", "stone", "cliff"].iter().any(|w| k.contains(w)) { ObjectKind::Rock.word() } else { ObjectKind::Vegetation.word() }
}

/// The scenery records (`STAT`) of `objects`.
pub fn scenery_items(objects: &Objects, used: &Mission) -> Vec<Item> {
    (0..objects.len())
        .filter(|&i| objects.kind(i) == Kind::Stat)
        .map(|i| {
            let key = objects.key(i);
            Item { kind: scenery_kind(&key, used), path: key.clone(), label: key }
        })
        .collect()
}

/// Sorts by kind, then name (ignoring case), and drops repeats.
pub fn sort(items: &mut Vec<Item>) {
    items.sort_by(|a, b| (a.kind, a.label.to_lowercase(), &a.path).cmp(&(b.kind, b.label.to_lowercase(), &b.path)));
    items.dedup_by(|a, b| a.kind == b.kind && a.path.eq_ignore_ascii_case(&b.path));
}

/// Every `.dat` under `dir` (relative paths from the game folder, as found on disk), at most
/// [`MAX_UNIT_FILES`], in name order.
fn unit_files(root: &Path, dir: &Path, depth: usize, out: &mut Vec<String>, problems: &mut Vec<String>) {
    if depth > MAX_DEPTH || out.len() >= MAX_UNIT_FILES {
        return;
    }
    let mut entries: Vec<std::path::PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => {
            problems.push(format!("{}: {e}", dir.display()));
            return;
        }
    };
    entries.sort();
    for p in entries {
        if out.len() >= MAX_UNIT_FILES {
            return;
        }
        if p.is_dir() {
            unit_files(root, &p, depth + 1, out, problems);
        } else if p.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("dat"))
            && let Ok(rel) = p.strip_prefix(root)
        {
            out.push(rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("\\"));
        }
    }
}

/// The placeable things of the game folder at `root`; scenery kinds as `used` places them.
pub fn list_folder(root: &Path, used: &Mission, readings: &Readings) -> Listing {
    let mut out = Listing::default();
    let mut files = Vec::new();
    match crate::doc::resolve::world::child_ci(root, UNITS_DIR) {
        Some(dir) => unit_files(root, &dir, 0, &mut files, &mut out.problems),
        None => out.problems.push(format!("{}: no {UNITS_DIR} folder", root.display())),
    }
    for rel in files {
        let path = root.join(rel.replace('\\', std::path::MAIN_SEPARATOR_STR));
        if let Ok(meta) = std::fs::metadata(&path)
            && meta.len() > MAX_UNIT_FILE_BYTES
        {
            out.problems.push(format!("{rel}: {} bytes, more than a unit file holds ({MAX_UNIT_FILE_BYTES}); not read", meta.len()));
            continue;
        }
        let read = std::fs::read(&path);
        match read.map_err(|e| format!("{rel}: {e}")).and_then(|b| unit_item(&rel, &b, readings)) {
            Ok(item) => out.items.push(item),
            Err(e) => out.problems.push(e),
        }
    }
    match GameFolder::on_disk(root).objects() {
        Ok(objects) => out.items.extend(scenery_items(&objects, used)),
        Err(e) => out.problems.push(crate::app::i18n::messages::message(&e)),
    }
    sort(&mut out.items);
    out
}

/// Whether `item` matches the typed filter: every word of it is in the name or the path
/// (ignoring case; `\` and `/` alike).
pub fn matches(item: &Item, filter: &str) -> bool {
    let hay = format!("{} {}", item.label, item.path).to_lowercase().replace('\\', "/");
    filter.to_lowercase().replace('\\', "/").split_whitespace().all(|w| hay.contains(w))
}

/// The indices of the items that match `filter`, in order.
pub fn filtered(items: &[Item], filter: &str) -> Vec<usize> {
    items.iter().enumerate().filter(|(_, it)| matches(it, filter)).map(|(i, _)| i).collect()
}

/// A placed object's properties as the shipped files give its kind: the list of another
/// object with the same path in `m` (else of the same kind, else the usual list), with its
/// logical id, owner and kind set to the new object's.
fn properties(m: &Mission, item: &Item, logical_id: i32, clan: i32) -> Vec<Property> {
    let same_path = m.objects.iter().find(|o| o.kind == item.kind && o.path.eq_ignore_case(item.path.as_bytes()) && !o.properties.is_empty());
    let same_kind = || m.objects.iter().find(|o| o.kind == item.kind && !o.properties.is_empty());
    let mut list = match same_path.or_else(same_kind) {
        Some(o) => o.properties.clone(),
        None => {
            let mut l = vec![
                Property::i32("Invulnerability", 0, 0, 1),
                Property::f32("Life state", 1.0, 0.0, 1.0),
                Property::i32("LogicalID", logical_id, logical_id, logical_id),
                Property::i32("ClanID", clan, 0, -1),
                Property::i32("Type", item.kind as i32, 0, -1),
            ];
            if item.kind == ObjectKind::Building.word() {
                l.push(Property::i32("FreeBotNum", 4, 0, 16));
            }
            l
        }
    };
    for p in &mut list {
        let name = p.name.bytes();
        if name.eq_ignore_ascii_case(b"LogicalID") {
            // Locked at the object's id, as the shipped files hold it.
            let id = logical_id as u32;
            (p.kind, p.value, p.min, p.max) = (crate::formats::tma::PROPERTY_I32, id, id, id);
        } else if name.eq_ignore_ascii_case(b"ClanID") {
            p.value = clan as u32;
        } else if name.eq_ignore_ascii_case(b"Type") {
            p.value = item.kind;
        } else if name.eq_ignore_ascii_case(b"Life state") && p.kind == crate::formats::tma::PROPERTY_F32 {
            // A new object starts whole: its maximum.
            p.value = p.max;
        }
    }
    list
}

/// A new object of `item` at `at` (Parkan x, y, z) owned by clan `clan`: buildings and units
/// get a fresh logical id, an instance name from the file's stem made unique, and the
/// properties of their kind; scenery is owned by clan −1, has no id, no name, no properties
/// and scale 1, as shipped scenery does.
pub fn new_object(m: &Mission, item: &Item, at: [f32; 3], clan: i32) -> Object {
    let mut o = Object::new(item.kind, Text::from(item.path.as_str()), at);
    if !item.is_unit_file() {
        o.clan = -1;
        return o;
    }
    o.clan = clan;
    o.logical_id = fresh_logical_id(m).max(0);
    o.name = fresh_name(m, &Text::from(item.label.as_str()));
    o.properties = properties(m, item, o.logical_id, clan);
    o
}

#[derive(Default)]
pub struct PaletteState {
    /// Shown beside the view (the tool bar's toggle).
    pub open: bool,
    pub filter: String,
    /// The owner of new buildings and units (a clan index); the player's clan until chosen.
    pub clan: Option<usize>,
    /// Kinds whose group is folded.
    pub folded: BTreeSet<u32>,
    /// The game folder above the mission (looked for once).
    pub(super) root: Option<Option<PathBuf>>,
    worker: Option<Worker<Listing>>,
    pub listing: Option<Listing>,
    /// The filter last matched and the indices of the items it matched.
    pub(super) matched: Option<(String, Vec<usize>)>,
    pub thumbs: Thumbs,
    /// The rows drawn last frame: each item and where its row is (tests drag from there).
    pub shown: Vec<(Item, egui::Rect)>,
    /// Where the pointer last was over the view while an item was dragged.
    pub(super) hover: Option<egui::Pos2>,
}

impl PaletteState {
    /// The game folder the mission lies in.
    pub fn root(&mut self, cx: &EditorCx) -> Option<PathBuf> {
        self.root.get_or_insert_with(|| cx.ws.file(cx.path.file).and_then(|f| GameFolder::root_of(&f.path))).clone()
    }

    /// Reads the folder's listing on a worker (once), and takes it when it comes.
    pub fn refresh(&mut self, cx: &EditorCx, ctx: &egui::Context, m: &Mission) {
        let Some(root) = self.root(cx) else { return };
        if self.listing.is_none() && self.worker.is_none() {
            let (used, readings) = (m.clone(), cx.ws.readings);
            let c = ctx.clone();
            let mut w = Worker::new("mission-palette-listing", move || c.request_repaint());
            w.request(move || list_folder(&root, &used, &readings));
            self.worker = Some(w);
        }
        if let Some(l) = self.worker.as_mut().and_then(Worker::poll) {
            self.listing = Some(l);
            self.matched = None;
            self.worker = None;
        }
    }

    /// Waits up to `limit` for the listing (tests).
    pub fn wait(&mut self, limit: std::time::Duration) {
        if let Some(l) = self.worker.as_mut().and_then(|w| w.wait(limit)) {
            self.listing = Some(l);
            self.matched = None;
            self.worker = None;
        }
    }

    /// The owner of new buildings and units: the chosen clan, else the player's, else the first.
    pub fn owner(&self, m: &Mission) -> i32 {
        let default = m.clans.iter().position(|c| c.kind == CLAN_PLAYER).unwrap_or(0);
        let c = self.clan.filter(|&c| c < m.clans.len()).unwrap_or(default);
        i32::try_from(c).unwrap_or(0)
    }
}

#[cfg(test)]
#[path = "palette_tests.rs"]
mod tests;
