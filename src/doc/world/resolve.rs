//! A mission against the project index: what its names reach, and the project check's findings
//! about missions and navigation maps.

use super::{ABOVE, BELOW, Ground, host, mission_findings};
use crate::doc::kinds::FormatKind;
use crate::doc::project::{At, Index, ItemId, Problem, RefKind};
use crate::formats::landmap::decimal;
use crate::formats::{Message, cp1251};
use crate::msg;
use crate::formats::landmap::LandMap;
use crate::formats::msh::Msh;
use crate::formats::objrec::{Kind, Record, Role};
use crate::formats::tma::{Mission, Offsets, Options, VersionCheck};
use crate::formats::unit_dat::UnitDat;
use std::collections::HashMap;

/// The files of a mission's map folder, each `None` when the folder lacks it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapFolder {
    /// The folder as the mission names it (`DATA/MAPS/SC_3`).
    pub folder: String,
    pub landscape: Option<ItemId>,
    /// `Land1.wea`, `Land2.wea`.
    pub tables: [Option<ItemId>; 2],
    pub land_map: Option<ItemId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ResolvedObject {
    /// The unit file or record its path names.
    pub target: Option<ItemId>,
    /// Its owner in the clan table (buildings and units whose index is in range).
    pub clan: Option<usize>,
}

/// A mission with what its names reach.
#[derive(Debug, Clone)]
pub struct ResolvedMission {
    pub mission: Mission,
    pub offsets: Offsets,
    pub map: MapFolder,
    pub objects: Vec<ResolvedObject>,
}

/// The name of the record database every scenery key is looked up in.
pub const OBJECTS_RLB: &str = "objects.rlb";

/// The member `member` of the archive file named `archive` anywhere in the folder (the
/// project index's lookup, `Index::find_member`).
pub fn find_member(index: &Index, archive: &str, member: &str) -> Option<ItemId> {
    index.find_member(archive, member)
}

/// What an object's path reaches: a unit file by its path from the folder (kinds 0, 1), or a
/// record of `objects.rlb` by its key (kinds 2, 3). Which one the name says: a path has a
/// folder or `.dat`.
pub(crate) fn placed_target(index: &Index, name: &[u8]) -> Result<ItemId, Message> {
    let text = cp1251::decode(name);
    let is_file = text.contains(['\\', '/']) || text.to_ascii_lowercase().ends_with(".dat");
    if is_file {
        return index.file_item(&text).ok_or_else(|| msg!("world-no-such-file", "the folder has no such file"));
    }
    index.find_member(OBJECTS_RLB, &text).ok_or_else(|| msg!("world-no-such-record", "{rlb} has no such record", rlb = OBJECTS_RLB))
}

/// The landscape a map path (`DATA\MAPS\SC_3\land`) names: `DATA/MAPS/SC_3/land.msh`.
pub(crate) fn landscape_target(index: &Index, map_path: &[u8]) -> Result<ItemId, Message> {
    let text = cp1251::decode(map_path).replace('\\', "/");
    index.file_item(&format!("{text}.msh")).ok_or_else(|| msg!("world-no-landscape", "{text}.msh is not in the folder", text = text))
}

/// A mission item of the index, parsed and resolved; `None` when it is not a mission that reads.
pub fn resolve_mission(index: &Index, id: ItemId) -> Option<ResolvedMission> {
    let item = index.item(id)?;
    let bytes = index.item_bytes(id)?;
    let (mission, _) = Mission::parse_with(&bytes, &Options { clan_body: index.readings.clan_body, versions: VersionCheck::Gated }).ok()?;
    let offsets = mission.offsets();
    let mut objects: Vec<ResolvedObject> = mission
        .objects
        .iter()
        .map(|o| ResolvedObject { target: None, clan: (o.kind <= 1 && o.clan >= 0 && (o.clan as usize) < mission.clans.len()).then_some(o.clan as usize) })
        .collect();
    let mut map = MapFolder::default();
    for r in &item.refs {
        match (r.kind, r.at) {
            (RefKind::Placed, At::Object { index: Some(i), .. }) => {
                if let Some(o) = objects.get_mut(i) {
                    o.target = r.target.map(|t| t.item);
                }
            }
            (RefKind::Landscape, _) => map.landscape = r.target.map(|t| t.item),
            _ => {}
        }
    }
    map.folder = cp1251::decode(mission.map_folder()).replace('\\', "/");
    let dir = match map.landscape.and_then(|l| index.file_of(l)) {
        Some(f) => f.dir().to_string(),
        None => map.folder.clone(),
    };
    let beside = |name: &str| index.file_item(&if dir.is_empty() { name.to_string() } else { format!("{dir}/{name}") });
    map.tables = [beside("Land1.wea"), beside("Land2.wea")];
    map.land_map = beside("Land.map");
    Some(ResolvedMission { mission, offsets, map, objects })
}

/// Hall-way node counts of buildings' unit files, and grounds of landscapes, read once.
struct Cache<'a> {
    index: &'a Index,
    grounds: HashMap<ItemId, Option<Ground>>,
    hallways: HashMap<ItemId, Option<u32>>,
}

impl Cache<'_> {
    fn ground(&mut self, landscape: ItemId) -> Option<&Ground> {
        let index = self.index;
        self.grounds
            .entry(landscape)
            .or_insert_with(|| index.item_bytes(landscape).and_then(|b| Ground::of_landscape(&b, &index.readings).ok()))
            .as_ref()
    }

    /// How many hall-way nodes the building of a unit file has: its root component's record's
    /// mesh, component 17. `None` when any step of that does not read.
    fn hallway(&mut self, unit: ItemId) -> Option<u32> {
        let index = self.index;
        *self.hallways.entry(unit).or_insert_with(|| {
            let bytes = index.item_bytes(unit)?;
            let (dat, _) = UnitDat::parse(&bytes, index.readings.unit_dat).ok()?;
            let key = dat.components().first()?.record().into_owned();
            let rec = find_member(index, OBJECTS_RLB, &key)?;
            let (record, _) = Record::parse(&index.item_bytes(rec)?, Kind::from_type_id(0)).ok()?;
            let slot = &record.slots[record.find_role(Role::Mesh)?];
            let mesh = find_member(index, &slot.archive(), &slot.member())?;
            let (_, msh, _) = Msh::parse(index.item_bytes(mesh)?).ok()?;
            let (parts, _) = msh.parts();
            Some(parts.paths.map_or(0, |p| p.node_count))
        })
    }
}

/// The project check's findings about every mission (what [`mission_findings`] finds, hosts'
/// hall-way vertices, objects against the ground, lodes off the map) and every navigation map
/// (its grid against the landscape beside it).
pub fn check(index: &Index) -> Vec<Problem> {
    let mut cache = Cache { index, grounds: HashMap::new(), hallways: HashMap::new() };
    let mut out = Vec::new();
    for (id, item) in index.items() {
        match item.kind.format() {
            Some(FormatKind::Mission) => check_mission(&mut cache, id, &item.address, &mut out),
            Some(FormatKind::LandMap) => check_land_map(&mut cache, id, &item.address, &mut out),
            _ => {}
        }
    }
    out
}

fn check_mission(cache: &mut Cache, id: ItemId, address: &str, out: &mut Vec<Problem>) {
    let Some(r) = resolve_mission(cache.index, id) else { return };
    let m = &r.mission;
    let at = |i: usize| Some(r.offsets.objects.get(i).copied().unwrap_or(0) as u64);
    for f in mission_findings(m, &r.offsets) {
        out.push(Problem::warning(address, Some(f.offset), f.text()));
    }
    for (i, o) in m.objects.iter().enumerate() {
        if o.host < 0 || o.vertex < 0 {
            continue;
        }
        let Some(h) = host(m, o.host) else { continue };
        let Some(n) = r.objects[h].target.and_then(|t| cache.hallway(t)) else { continue };
        if o.vertex as u32 >= n {
            out.push(Problem::warning(address, at(i), msg!(
                    "mission-vertex-past-hallway",
                    "object {i} starts at hall-way vertex {vertex} of host {host}, whose hall-way has {n}",
                    i = i,
                    vertex = o.vertex,
                    host = o.host,
                    n = n
                )));
        }
    }
    let Some(ground) = r.map.landscape.and_then(|l| cache.ground(l)) else { return };
    for (i, o) in m.objects.iter().enumerate() {
        // A unit started in a hall-way ignores its position.
        if o.host >= 0 && o.vertex >= 0 {
            continue;
        }
        let [x, y, z] = o.position;
        match ground.height(x, y) {
            Some(h) if z < h - BELOW => out.push(Problem::warning(address, at(i), msg!("mission-below-ground", "object {i} stands {d} below the ground", i = i, d = decimal(round(h - z))))),
            Some(h) if z > h + ABOVE => out.push(Problem::warning(address, at(i), msg!("mission-above-ground", "object {i} floats {d} above the ground", i = i, d = decimal(round(z - h))))),
            Some(_) => {}
            None if !ground.covers(x, y) => out.push(Problem::warning(address, at(i), msg!("mission-object-off-map", "object {i} stands outside the map ({x}, {y})", i = i, x = decimal(x), y = decimal(y)))),
            None => {}
        }
    }
    for (i, l) in m.lodes.iter().enumerate() {
        if !ground.covers(l.position[0], l.position[1]) {
            let offset = r.offsets.lodes.get(i).map(|&o| o as u64);
            out.push(Problem::warning(address, offset, msg!("mission-lode-off-map", "lode {lode} lies outside the map ({x}, {y})", lode = i, x = decimal(l.position[0]), y = decimal(l.position[1]))));
        }
    }
}

/// Rounds a distance for a message (`20`, `0.5`).
fn round(d: f32) -> f32 {
    (d * 10.0).round() / 10.0
}

/// A navigation map against `land.msh` beside it: one finding for a grid that does not cover
/// the landscape, naming the first of what the coverage check found.
fn check_land_map(cache: &mut Cache, id: ItemId, address: &str, out: &mut Vec<Problem>) {
    let index = cache.index;
    let Some(file) = index.file_of(id) else { return };
    let dir = file.dir().to_string();
    let Some(land) = index.file_item(&if dir.is_empty() { "land.msh".to_string() } else { format!("{dir}/land.msh") }) else { return };
    let Some(extent) = cache.ground(land).map(Ground::extent) else { return };
    let Some(bytes) = index.item_bytes(id) else { return };
    let Ok((map, _)) = LandMap::parse_with(bytes, index.readings.land_map_sub_block) else { return };
    let mut findings = crate::formats::landmap::check::coverage(&map.map, extent);
    // A side the areals do not reach says it best.
    findings.sort_by_key(|f| !matches!(f, crate::formats::landmap::Finding::Uncovered { .. }));
    if let Some(first) = findings.first() {
        let (land, min, max, first) = (index.file_of(land).map_or("", |f| f.rel.as_str()), format!("{:?}", extent.min), format!("{:?}", extent.max), first.to_string());
        let message = match findings.len() - 1 {
            0 => msg!("world-grid-uncovered", "the grid does not cover the landscape {land} ({min}..{max}): {first}", land = land, min = min, max = max, first = first),
            more => msg!(
                "world-grid-uncovered-more",
                "the grid does not cover the landscape {land} ({min}..{max}): {first} (and {more} more)",
                land = land,
                min = min,
                max = max,
                first = first,
                more = more
            ),
        };
        out.push(Problem::warning(address, Some(map.payload_offset()), message));
    }
}
