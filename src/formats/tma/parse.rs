//! Reading a `data.tma` with the strict rules R1–R5 of docs/formats/tma.md: a scalar past the
//! end fails at its first byte, a string longer than what is left at its length word, a count
//! whose records cannot fit at the count word, a refused version or marker at that word, bytes
//! after the lodes at the first of them.

use super::{
    CLAN_VERSION, Clan, ClanBodyReading, Description, FILE_VERSION, LODE_WORD, Lode, MARKER, Mission, OBJECT_VERSION,
    Object, PROPERTY_WORD, Property, Relation, Route, Text, VersionCheck, Zone, Zones, gate,
};
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

/// How to read what public readers read differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub clan_body: ClanBodyReading,
    pub versions: VersionCheck,
}

impl Options {
    /// R1–R5 exactly as docs/formats/tma.md states them: the shipped versions only.
    pub const STRICT: Options = Options { clan_body: ClanBodyReading::Single, versions: VersionCheck::Shipped };
}

/// Where the strict rules stop a parse (`None`: the file reads to its end).
pub fn fail_offset(bytes: &[u8]) -> Option<u64> {
    Mission::parse_with(bytes, &Options::STRICT).err().map(|e| e.offset)
}

/// Smallest record sizes at a section's version (R3); at the shipped versions these are the
/// sizes docs/formats/tma.md lists (clan 40, object 80).
fn clan_min(v: u32) -> usize {
    20 + [gate::CLAN_SCRIPT, gate::CLAN_ZONES, gate::CLAN_TREE, gate::CLAN_MINDS, gate::CLAN_RELATIONS]
        .iter()
        .filter(|&&g| v >= g)
        .count()
        * 4
}
fn object_min(v: u32) -> usize {
    let mut n = 12 + 24;
    for (g, size) in [
        (gate::OBJECT_CLAN, 4),
        (gate::OBJECT_LOGICAL_ID, 4),
        (gate::OBJECT_SCALE, 12),
        (gate::OBJECT_NAME, 4),
        (gate::OBJECT_START, 4),
        (gate::OBJECT_HOST, 8),
        (gate::OBJECT_PROPERTIES, 8),
    ] {
        if v >= g {
            n += size;
        }
    }
    n
}
const ROUTE_MIN: usize = 8;
const POINT: usize = 12;
const ZONE: usize = 24;
const RELATION_MIN: usize = 8;
const PROPERTY_MIN: usize = 20;
const LODE: usize = 28;
/// The by-type reading's group (a record count) and record (five floats).
const GROUP_MIN: usize = 4;
const GROUP_RECORD: usize = 20;

struct Cur<'a> {
    b: &'a [u8],
    pos: usize,
}

impl Cur<'_> {
    fn left(&self) -> usize {
        self.b.len() - self.pos
    }
    /// R1: a scalar that does not fit fails at its first byte.
    fn u32(&mut self, what: &str) -> Result<u32> {
        if self.left() < 4 {
            return Err(Error::new(self.pos, msg!("tma-word-past-end", "{what}: 4 bytes past the end ({left} left)", what = what, left = self.left())));
        }
        let v = u32::from_le_bytes(self.b[self.pos..self.pos + 4].try_into().expect("4 bytes"));
        self.pos += 4;
        Ok(v)
    }
    fn i32(&mut self, what: &str) -> Result<i32> {
        self.u32(what).map(|v| v as i32)
    }
    fn f32(&mut self, what: &str) -> Result<f32> {
        self.u32(what).map(f32::from_bits)
    }
    fn vec3(&mut self, what: &str) -> Result<[f32; 3]> {
        Ok([self.f32(what)?, self.f32(what)?, self.f32(what)?])
    }
    /// R2: a length longer than what follows fails at the length word.
    fn text(&mut self, what: &str) -> Result<Text> {
        let at = self.pos;
        let n = self.u32(what)? as usize;
        if n > self.left() {
            return Err(Error::new(at, msg!("tma-text-past-end", "{what}: length {n} runs past the end ({left} bytes left)", what = what, n = n, left = self.left())));
        }
        let t = Text(self.b[self.pos..self.pos + n].to_vec());
        self.pos += n;
        Ok(t)
    }
    /// R3: a count of records at least `min` bytes each that cannot fit fails at the count
    /// word, before anything is allocated.
    fn count(&mut self, min: usize, what: &str) -> Result<usize> {
        let at = self.pos;
        let n = self.u32(what)? as usize;
        if n.checked_mul(min).is_none_or(|total| total > self.left()) {
            return Err(Error::new(
                at,
                msg!(
                    "tma-count-too-big",
                    "{what} {n}: {n} records of at least {min} bytes do not fit in the {left} bytes left",
                    what = what,
                    n = n,
                    min = min,
                    left = self.left()
                ),
            ));
        }
        Ok(n)
    }
    /// R4 for a word whose only known value is the shipped one.
    fn word(&mut self, shipped: u32, what: &str, o: &Options, diags: &mut Vec<Diagnostic>) -> Result<u32> {
        let at = self.pos;
        let v = self.u32(what)?;
        if v != shipped {
            match o.versions {
                VersionCheck::Shipped => {
                    return Err(Error::new(at, msg!("tma-word-not-shipped", "{what} {v}, every shipped file has {shipped}", what = what, v = v, shipped = shipped)));
                }
                VersionCheck::Gated => diags.push(Diagnostic::warning(
                    at,
                    msg!("tma-word-not-shipped-gated", "{what} {v}, every shipped file has {shipped}; nothing depends on it", what = what, v = v, shipped = shipped),
                )),
            }
        }
        Ok(v)
    }
    /// R4 for a section version that gates fields: `known` read through the gates (a warning
    /// when not the shipped value), anything else refused.
    fn version(&mut self, shipped: u32, known: std::ops::RangeInclusive<u32>, what: &str, o: &Options, diags: &mut Vec<Diagnostic>) -> Result<u32> {
        let at = self.pos;
        let v = self.u32(what)?;
        if v == shipped {
            return Ok(v);
        }
        if o.versions == VersionCheck::Shipped {
            return Err(Error::new(at, msg!("tma-version-strict", "{what} {v}, strict reading accepts only {shipped}", what = what, v = v, shipped = shipped)));
        }
        if !known.contains(&v) {
            return Err(Error::new(at, msg!("tma-version-unknown", "{what} {v}: the engine reads {lo}..{hi} only", what = what, v = v, lo = *known.start(), hi = *known.end())));
        }
        diags.push(Diagnostic::warning(at, msg!(
                "tma-version-gated",
                "{what} {v} (shipped files have {shipped}): read through the version gates, written back as {v}",
                what = what,
                v = v,
                shipped = shipped
            )));
        Ok(v)
    }
}

impl Mission {
    /// Parses with the default readings: the single clan layout, older versions through the gates.
    pub fn parse(bytes: &[u8]) -> Result<(Mission, Vec<Diagnostic>)> {
        Mission::parse_with(bytes, &Options::default())
    }

    pub fn parse_with(bytes: &[u8], o: &Options) -> Result<(Mission, Vec<Diagnostic>)> {
        let mut c = Cur { b: bytes, pos: 0 };
        let mut diags = Vec::new();
        let version = c.word(FILE_VERSION, "file version", o, &mut diags)?;
        let n = c.count(ROUTE_MIN, "route count")?;
        let mut routes = Vec::with_capacity(n);
        for i in 0..n {
            routes.push(route(&mut c).map_err(|e| e.within(format!("routes[{i}]")))?);
        }
        let clan_version = c.version(CLAN_VERSION, 1..=CLAN_VERSION, "clan table version", o, &mut diags)?;
        let n = c.count(clan_min(clan_version), "clan count")?;
        let mut clans = Vec::with_capacity(n);
        for i in 0..n {
            clans.push(clan(&mut c, clan_version, o, &mut diags).map_err(|e| e.within(format!("clans[{i}]")))?);
        }
        let object_version = c.version(OBJECT_VERSION, 1..=OBJECT_VERSION, "object version", o, &mut diags)?;
        let n = c.count(object_min(object_version), "object count")?;
        let mut objects = Vec::with_capacity(n);
        for i in 0..n {
            let obj = object(&mut c, object_version, o, &mut diags).map_err(|e| e.within(format!("objects[{i}]")))?;
            objects.push(obj);
        }
        let map_path = c.text("map path")?;
        let mut m = Mission { version, routes, clan_version, clans, object_version, objects, map_path, ..Mission::default() };
        if object_version >= gate::DESCRIPTION {
            m.map_word = c.u32("map word")?;
            m.description = Description(c.text("description")?.0);
        }
        if object_version >= gate::LODES {
            m.lode_word = c.word(LODE_WORD, "lode word", o, &mut diags)?;
            let n = c.count(LODE, "lode count")?;
            m.lodes.reserve(n);
            for _ in 0..n {
                let position = c.vec3("lode position")?;
                let found = c.u32("lode found")?;
                let kind = c.u32("lode type")?;
                let amount = c.f32("lode amount")?;
                let extra = c.u32("lode extra")?;
                m.lodes.push(Lode { position, found, kind, amount, extra });
            }
        }
        if c.left() > 0 {
            return Err(Error::new(c.pos, msg!("tma-trailing-bytes", "{n} bytes after the last section", n = c.left())));
        }
        check_owners(&m, &mut diags);
        Ok((m, diags))
    }
}

fn route(c: &mut Cur) -> Result<Route> {
    let id = c.u32("route id")?;
    let n = c.count(POINT, "point count")?;
    let mut points = Vec::with_capacity(n);
    for _ in 0..n {
        points.push(c.vec3("route point")?);
    }
    Ok(Route { id, points })
}

fn clan(c: &mut Cur, v: u32, o: &Options, diags: &mut Vec<Diagnostic>) -> Result<Clan> {
    let name = c.text("clan name")?;
    let id = c.i32("clan id")?;
    let base = [c.f32("clan base x")?, c.f32("clan base y")?];
    let type_at = c.pos;
    let kind = c.u32("clan type")?;
    let mut clan = Clan { name, id, base, kind, script: Text::default(), zones: Zones::default(), tree: Text::default(), minds: 0, relations: Vec::new() };
    match o.clan_body {
        ClanBodyReading::Single if kind > 3 => diags.push(Diagnostic::warning(
            type_at,
            msg!("tma-clan-type-unknown", "clan type {kind} is none of 0..3; the by-type reading refuses this clan", kind = kind),
        )),
        ClanBodyReading::ByType if kind > 3 => {
            return Err(Error::new(type_at, msg!("tma-clan-type-by-type", "clan type {kind}: the by-type reading knows types 0..3 only", kind = kind)));
        }
        _ => {}
    }
    if v >= gate::CLAN_SCRIPT {
        clan.script = c.text("AI script")?;
    }
    if v >= gate::CLAN_ZONES {
        clan.zones = zones(c, kind, o.clan_body, diags)?;
    }
    if v >= gate::CLAN_TREE {
        clan.tree = c.text("tree")?;
    }
    if v >= gate::CLAN_MINDS {
        clan.minds = c.u32("minds")?;
    }
    if v >= gate::CLAN_RELATIONS {
        let n = c.count(RELATION_MIN, "relation count")?;
        clan.relations.reserve(n);
        for _ in 0..n {
            let name = c.text("relation clan name")?;
            let value = c.u32("relation value")?;
            clan.relations.push(Relation { clan: name, value });
        }
    }
    Ok(clan)
}

/// The part of a clan the two readings read differently; a diagnostic wherever the other
/// reading would read these bytes differently.
fn zones(c: &mut Cur, kind: u32, reading: ClanBodyReading, diags: &mut Vec<Diagnostic>) -> Result<Zones> {
    let at = c.pos;
    match reading {
        ClanBodyReading::Single => {
            let n = c.count(ZONE, "zone count")?;
            if (1..=3).contains(&kind) && n > 0 {
                diags.push(Diagnostic::warning(
                    at,
                    msg!("tma-zones-on-typed-clan", "{n} zones on a type-{kind} clan: the by-type reading reads this word as a tag and the rest differently", n = n, kind = kind),
                ));
            }
            let mut list = Vec::with_capacity(n);
            for _ in 0..n {
                let kind_at = c.pos;
                let zone_kind = c.u32("zone kind")?;
                if kind == 0 && zone_kind != 1 {
                    diags.push(Diagnostic::warning(
                        kind_at,
                        msg!(
                            "tma-zone-kind",
                            "zone kind {zone_kind} (shipped: 1): the by-type reading reads it as a count of {zone_kind} records",
                            zone_kind = zone_kind
                        ),
                    ));
                }
                let centre = c.vec3("zone centre")?;
                let inner = c.f32("zone inner radius")?;
                let outer = c.f32("zone outer radius")?;
                list.push(Zone { kind: zone_kind, centre, inner, outer });
            }
            Ok(Zones::List(list))
        }
        ClanBodyReading::ByType if kind == 0 => {
            let n = c.count(GROUP_MIN, "group count")?;
            let mut groups = Vec::with_capacity(n);
            for _ in 0..n {
                let rec_at = c.pos;
                let k = c.count(GROUP_RECORD, "group record count")?;
                if k != 1 {
                    diags.push(Diagnostic::warning(rec_at, msg!("tma-zone-group", "a group of {k} records: the single layout reads one zone of kind {k} here", k = k)));
                }
                let mut recs = Vec::with_capacity(k);
                for _ in 0..k {
                    recs.push([c.f32("group record")?, c.f32("group record")?, c.f32("group record")?, c.f32("group record")?, c.f32("group record")?]);
                }
                groups.push(recs);
            }
            Ok(Zones::Groups(groups))
        }
        ClanBodyReading::ByType => {
            let w = c.u32("clan word")?;
            if w != 0 {
                diags.push(Diagnostic::warning(at, msg!("tma-zone-word", "word {w} on a type-{kind} clan: the single layout reads {w} zones here", w = w, kind = kind)));
            }
            Ok(Zones::Word(w))
        }
    }
}

fn object(c: &mut Cur, v: u32, o: &Options, diags: &mut Vec<Diagnostic>) -> Result<Object> {
    let kind_at = c.pos;
    let kind = c.u32("object kind")?;
    if kind > 3 {
        diags.push(Diagnostic::warning(kind_at, msg!("tma-object-kind-unknown", "object kind {kind} is none of 0..3 (building, unit, vegetation, rock)", kind = kind)));
    }
    let marker_at = c.pos;
    let marker = c.u32("object marker")?;
    if marker != MARKER {
        return Err(Error::new(marker_at, msg!("tma-object-marker", "object marker {marker}, expected {expected}", marker = format!("0x{marker:08X}"), expected = format!("0x{MARKER:08X}"))));
    }
    let path = c.text("object path")?;
    let mut obj = Object::new(kind, path, [0.0; 3]);
    if v >= gate::OBJECT_CLAN {
        obj.clan = c.i32("clan index")?;
    }
    if v >= gate::OBJECT_LOGICAL_ID {
        obj.logical_id = c.i32("logical id")?;
    }
    obj.position = c.vec3("position")?;
    obj.rotation = c.vec3("rotation")?;
    if v >= gate::OBJECT_SCALE {
        obj.scale = c.vec3("scale")?;
    }
    if v >= gate::OBJECT_NAME {
        obj.name = c.text("instance name")?;
    }
    if v >= gate::OBJECT_START {
        obj.start = c.u32("start flag")?;
    }
    if v >= gate::OBJECT_HOST {
        obj.host = c.i32("host building")?;
        obj.vertex = c.i32("hall-way vertex")?;
    }
    if v >= gate::OBJECT_PROPERTIES {
        obj.property_word = c.word(PROPERTY_WORD, "property word", o, diags)?;
        let n = c.count(PROPERTY_MIN, "property count")?;
        obj.properties.reserve(n);
        for _ in 0..n {
            let type_at = c.pos;
            let kind = c.u32("property type")?;
            if kind > 1 {
                diags.push(Diagnostic::warning(type_at, msg!("tma-property-type", "property type {kind} is neither 0 (float) nor 1 (integer)", kind = kind)));
            }
            let value = c.u32("property value")?;
            let min = c.u32("property min")?;
            let max = c.u32("property max")?;
            let name = c.text("property name")?;
            obj.properties.push(Property { kind, value, min, max, name });
        }
    }
    Ok(obj)
}

/// Buildings and units name their owner by index; an index outside the clan table is a warning
/// at the object (scenery keeps leftovers, which nothing reads). Offsets are laid out only when
/// there is something to report.
fn check_owners(m: &Mission, diags: &mut Vec<Diagnostic>) {
    if m.object_version < gate::OBJECT_CLAN {
        return;
    }
    let bad: Vec<usize> = (0..m.objects.len())
        .filter(|&i| m.objects[i].kind <= 1 && usize::try_from(m.objects[i].clan).ok().is_none_or(|c| c >= m.clans.len()))
        .collect();
    if bad.is_empty() {
        return;
    }
    let offsets = m.offsets();
    for i in bad {
        let obj = &m.objects[i];
        diags.push(Diagnostic::warning(
            offsets.objects[i],
            msg!("tma-object-clan", "object {i} ({path}) names clan {clan} of {clans}", i = i, path = obj.path.decode(), clan = obj.clan, clans = m.clans.len()),
        ));
    }
}
