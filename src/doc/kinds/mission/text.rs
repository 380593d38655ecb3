//! A mission as a TOML text a person edits (docs/unpack.md, "Mission text"): every field of
//! the model, the version-gated ones included (a field the file's version lacks holds the value
//! the engine reads instead and is not written back), in file order: routes, clans, objects,
//! lodes. Text is CP1251 shown as characters; a string whose bytes would not come back from its
//! characters is `{ hex = "…" }`. The description's buffer keeps its tail (the NUL and what
//! follows it) as hex. Floats are written as the shortest decimal that reads back to the same
//! f32; one that would not (a NaN's payload) is `{ bits = 0x… }`. Properties stay in file
//! order, duplicates too. So text → file gives back exactly the bytes it was written from.

use crate::formats::{Message, cp1251};
use crate::msg;
use crate::formats::tma::{Clan, Description, Lode, Mission, Object, Property, Relation, Route, Text, Zone, Zones};
use serde::Deserialize;
use std::fmt::Write as _;

/// The file extension of a mission's text.
pub const EXTENSION: &str = ".mission.toml";

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

fn unhex(s: &str) -> Result<Vec<u8>, Message> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if !s.len().is_multiple_of(2) {
        return Err(msg!("mission-text-odd-hex", "hex text of odd length {n}", n = s.len()));
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| msg!("mission-text-bad-hex", "bad hex {pair:?}: {error}", pair = &s[i..i + 2], error = e.to_string()))).collect()
}

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A string field: its characters when they give the bytes back, else its bytes as hex.
fn text(t: &[u8]) -> String {
    let s = cp1251::decode(t);
    if cp1251::encode(&s).as_deref() == Some(t) && !s.chars().any(char::is_control) { quote(&s) } else { format!("{{ hex = \"{}\" }}", hex(t)) }
}

/// A float: the shortest decimal that reads back (through TOML's f64) to the same bits.
fn float(f: f32) -> String {
    let s = format!("{f:?}");
    let back = s.parse::<f64>().ok().map(|d| (d as f32).to_bits());
    if f.is_finite() && back == Some(f.to_bits()) { s } else { format!("{{ bits = 0x{:08X} }}", f.to_bits()) }
}

fn floats<const N: usize>(v: [f32; N]) -> String {
    format!("[{}]", v.iter().map(|&f| float(f)).collect::<Vec<_>>().join(", "))
}

/// A property word: a float, an integer or raw bits, as its type says.
fn prop_value(kind: u32, bits: u32) -> String {
    match kind {
        crate::formats::tma::PROPERTY_F32 => float(f32::from_bits(bits)),
        crate::formats::tma::PROPERTY_I32 => (bits as i32).to_string(),
        _ => format!("0x{bits:08X}"),
    }
}

/// The text of a mission; `title` goes in the first comment.
pub fn write(m: &Mission, title: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "# Mission {title} (docs/formats/tma.md)");
    let _ = writeln!(o, "version = {}\nclan_version = {}\nobject_version = {}", m.version, m.clan_version, m.object_version);
    let _ = writeln!(o, "map = {}\nmap_word = {}", text(m.map_path.bytes()), m.map_word);
    let _ = writeln!(o, "description = {}", text(m.description.text()));
    let _ = writeln!(o, "description_tail = \"{}\"   # the buffer from the text's NUL on", hex(m.description.tail()));
    let _ = writeln!(o, "lode_word = {}", m.lode_word);
    for r in &m.routes {
        let _ = writeln!(o, "\n[[route]]\nid = {}\npoints = [{}]", r.id, r.points.iter().map(|p| floats(*p)).collect::<Vec<_>>().join(", "));
    }
    for c in &m.clans {
        clan(&mut o, c);
    }
    for (i, x) in m.objects.iter().enumerate() {
        object(&mut o, i, x);
    }
    for l in &m.lodes {
        let _ = writeln!(
            o,
            "\n[[lode]]\nposition = {}\nfound = {}\ntype = 0x{:08X}\namount = {}\nextra = 0x{:08X}",
            floats(l.position),
            l.found,
            l.kind,
            float(l.amount),
            l.extra
        );
    }
    o
}

fn clan(o: &mut String, c: &Clan) {
    let _ = writeln!(o, "\n[[clan]]\nname = {}\nid = {}\nbase = {}\ntype = {}   # 0 nature, 1 player, 2 enemy, 3 neutral", text(c.name.bytes()), c.id, floats(c.base), c.kind);
    let _ = writeln!(o, "script = {}", text(c.script.bytes()));
    match &c.zones {
        Zones::List(z) => {
            let zs: Vec<String> = z.iter().map(|z| format!("{{ kind = {}, centre = {}, inner = {}, outer = {} }}", z.kind, floats(z.centre), float(z.inner), float(z.outer))).collect();
            let _ = writeln!(o, "zones = [{}]", zs.join(", "));
        }
        Zones::Groups(g) => {
            let gs: Vec<String> = g.iter().map(|g| format!("[{}]", g.iter().map(|r| floats(*r)).collect::<Vec<_>>().join(", "))).collect();
            let _ = writeln!(o, "zone_groups = [{}]", gs.join(", "));
        }
        Zones::Word(w) => {
            let _ = writeln!(o, "zone_word = {w}");
        }
    }
    let _ = writeln!(o, "tree = {}\nbot_limit = {}", text(c.tree.bytes()), c.minds);
    let rs: Vec<String> = c.relations.iter().map(|r| format!("{{ clan = {}, value = {} }}", text(r.clan.bytes()), r.value)).collect();
    let _ = writeln!(o, "relations = [{}]   # 0 hostile, 1 neutral, 2 allied", rs.join(", "));
}

fn object(o: &mut String, i: usize, x: &Object) {
    let _ = writeln!(o, "\n[[object]]   # object {i}\nkind = {}   # 0 building, 1 unit, 2 vegetation, 3 rock\nmarker = 0x{:08X}", x.kind, x.marker);
    let _ = writeln!(o, "path = {}\nclan = {}\nlogical_id = {}", text(x.path.bytes()), x.clan, x.logical_id);
    let _ = writeln!(o, "position = {}\nrotation = {}\nscale = {}", floats(x.position), floats(x.rotation), floats(x.scale));
    let _ = writeln!(o, "name = {}\nstart = {}\nhost = {}\nvertex = {}\nproperty_word = {}", text(x.name.bytes()), x.start, x.host, x.vertex, x.property_word);
    for p in &x.properties {
        let _ = writeln!(
            o,
            "[[object.property]]\nname = {}\ntype = {}\nvalue = {}\nmin = {}\nmax = {}",
            text(p.name.bytes()),
            p.kind,
            prop_value(p.kind, p.value),
            prop_value(p.kind, p.min),
            prop_value(p.kind, p.max)
        );
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum TextIn {
    Plain(String),
    Hex { hex: String },
}

impl TextIn {
    fn bytes(&self, what: &str) -> Result<Text, Message> {
        match self {
            TextIn::Plain(s) => Text::encode(s).ok_or_else(|| msg!("mission-text-not-cp1251", "{what}: {s:?} has a character CP1251 lacks", what = what, s = s)),
            TextIn::Hex { hex } => unhex(hex).map(Text).map_err(|e| e.prefixed(&format!("{what}: "))),
        }
    }
}

#[derive(Deserialize, Clone, Copy)]
#[serde(untagged)]
enum Num {
    Int(i64),
    Float(f64),
    Bits { bits: u32 },
}

impl Num {
    fn f32(self) -> f32 {
        match self {
            Num::Int(i) => i as f32,
            Num::Float(f) => f as f32,
            Num::Bits { bits } => f32::from_bits(bits),
        }
    }
    /// A property word of type `kind`.
    fn word(self, kind: u32, what: &str) -> Result<u32, Message> {
        match (kind, self) {
            (crate::formats::tma::PROPERTY_F32, n) => Ok(n.f32().to_bits()),
            (_, Num::Int(i)) => i32::try_from(i).map(|v| v as u32).or_else(|_| u32::try_from(i)).map_err(|_| msg!("mission-text-word-range", "{what}: {i} does not fit 32 bits", what = what, i = i)),
            (_, Num::Bits { bits }) => Ok(bits),
            (_, Num::Float(f)) => Err(msg!("mission-text-not-integer", "{what}: {f} is not an integer (the property's type is {kind})", what = what, f = f, kind = kind)),
        }
    }
}

fn arr<const N: usize>(v: &[Num], what: &str) -> Result<[f32; N], Message> {
    let v: Vec<f32> = v.iter().map(|n| n.f32()).collect();
    v.try_into().map_err(|v: Vec<f32>| msg!("mission-text-count", "{what}: {n} numbers, not {want}", what = what, n = v.len(), want = N))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    version: u32,
    clan_version: u32,
    object_version: u32,
    map: TextIn,
    map_word: u32,
    description: TextIn,
    description_tail: String,
    lode_word: u32,
    #[serde(default)]
    route: Vec<RouteIn>,
    #[serde(default)]
    clan: Vec<ClanIn>,
    #[serde(default)]
    object: Vec<ObjectIn>,
    #[serde(default)]
    lode: Vec<LodeIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RouteIn {
    id: u32,
    points: Vec<Vec<Num>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ZoneIn {
    kind: u32,
    centre: Vec<Num>,
    inner: Num,
    outer: Num,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RelationIn {
    clan: TextIn,
    value: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClanIn {
    name: TextIn,
    id: i32,
    base: Vec<Num>,
    #[serde(rename = "type")]
    kind: u32,
    script: TextIn,
    zones: Option<Vec<ZoneIn>>,
    zone_groups: Option<Vec<Vec<Vec<Num>>>>,
    zone_word: Option<u32>,
    tree: TextIn,
    bot_limit: u32,
    #[serde(default)]
    relations: Vec<RelationIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PropertyIn {
    name: TextIn,
    #[serde(rename = "type")]
    kind: u32,
    value: Num,
    min: Num,
    max: Num,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectIn {
    kind: u32,
    marker: u32,
    path: TextIn,
    clan: i32,
    logical_id: i32,
    position: Vec<Num>,
    rotation: Vec<Num>,
    scale: Vec<Num>,
    name: TextIn,
    start: u32,
    host: i32,
    vertex: i32,
    property_word: u32,
    #[serde(default)]
    property: Vec<PropertyIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LodeIn {
    position: Vec<Num>,
    found: u32,
    #[serde(rename = "type")]
    kind: u32,
    amount: Num,
    extra: u32,
}

/// Reads a mission text back; a mistake names the record it is in.
pub fn read(t: &str) -> Result<Mission, Message> {
    let d: Doc = toml::from_str(t).map_err(|e| Message::from(e.to_string()))?;
    let mut description = d.description.bytes("description")?.0;
    description.extend(unhex(&d.description_tail).map_err(|e| e.prefixed("description_tail: "))?);
    let routes = d
        .route
        .iter()
        .enumerate()
        .map(|(i, r)| Ok(Route { id: r.id, points: r.points.iter().map(|p| arr(p, &format!("route {i} point"))).collect::<Result<_, Message>>()? }))
        .collect::<Result<_, Message>>()?;
    let clans = d.clan.iter().enumerate().map(|(i, c)| clan_in(i, c)).collect::<Result<_, Message>>()?;
    let objects = d.object.iter().enumerate().map(|(i, x)| object_in(i, x)).collect::<Result<_, Message>>()?;
    let lodes = d
        .lode
        .iter()
        .enumerate()
        .map(|(i, l)| Ok(Lode { position: arr(&l.position, &format!("lode {i} position"))?, found: l.found, kind: l.kind, amount: l.amount.f32(), extra: l.extra }))
        .collect::<Result<_, Message>>()?;
    Ok(Mission {
        version: d.version,
        routes,
        clan_version: d.clan_version,
        clans,
        object_version: d.object_version,
        objects,
        map_path: d.map.bytes("map")?,
        map_word: d.map_word,
        description: Description(description),
        lode_word: d.lode_word,
        lodes,
    })
}

fn clan_in(i: usize, c: &ClanIn) -> Result<Clan, Message> {
    let w = |s: &str| format!("clan {i} {s}");
    let zones = match (&c.zones, &c.zone_groups, c.zone_word) {
        (Some(z), None, None) => Zones::List(
            z.iter()
                .map(|z| Ok(Zone { kind: z.kind, centre: arr(&z.centre, &w("zone centre"))?, inner: z.inner.f32(), outer: z.outer.f32() }))
                .collect::<Result<_, Message>>()?,
        ),
        (None, Some(g), None) => {
            Zones::Groups(g.iter().map(|g| g.iter().map(|r| arr(r, &w("zone group record"))).collect::<Result<_, Message>>()).collect::<Result<_, Message>>()?)
        }
        (None, None, Some(word)) => Zones::Word(word),
        (None, None, None) => Zones::List(Vec::new()),
        _ => return Err(msg!("mission-text-zones-twice", "clan {i} has more than one of zones, zone_groups, zone_word", i = i)),
    };
    let relations = c.relations.iter().map(|r| Ok(Relation { clan: r.clan.bytes(&w("relation"))?, value: r.value })).collect::<Result<_, Message>>()?;
    Ok(Clan {
        name: c.name.bytes(&w("name"))?,
        id: c.id,
        base: arr(&c.base, &w("base"))?,
        kind: c.kind,
        script: c.script.bytes(&w("script"))?,
        zones,
        tree: c.tree.bytes(&w("tree"))?,
        minds: c.bot_limit,
        relations,
    })
}

fn object_in(i: usize, x: &ObjectIn) -> Result<Object, Message> {
    let w = |s: &str| format!("object {i} {s}");
    let properties = x
        .property
        .iter()
        .map(|p| {
            let n = p.name.bytes(&w("property name"))?;
            let what = w(&format!("property {}", n.decode()));
            Ok(Property { kind: p.kind, value: p.value.word(p.kind, &what)?, min: p.min.word(p.kind, &what)?, max: p.max.word(p.kind, &what)?, name: n })
        })
        .collect::<Result<_, Message>>()?;
    Ok(Object {
        kind: x.kind,
        marker: x.marker,
        path: x.path.bytes(&w("path"))?,
        clan: x.clan,
        logical_id: x.logical_id,
        position: arr(&x.position, &w("position"))?,
        rotation: arr(&x.rotation, &w("rotation"))?,
        scale: arr(&x.scale, &w("scale"))?,
        name: x.name.bytes(&w("name"))?,
        start: x.start,
        host: x.host,
        vertex: x.vertex,
        property_word: x.property_word,
        properties,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixture_mission_comes_back_byte_for_byte() {
        for i in 0..crate::fixtures::missions::MISSION_COUNT {
            let m = crate::fixtures::missions::mission(i);
            let t = write(&m, &format!("{i}"));
            let back = read(&t).unwrap_or_else(|e| panic!("mission {i}: {e}\n{t}"));
            assert_eq!(back.write(), m.write(), "mission {i}");
        }
    }

    #[test]
    fn raw_text_odd_floats_and_typed_zones_come_back() {
        let mut m = crate::fixtures::missions::mission(5);
        m.clans[0].name = Text(vec![b'A', 0x98, 0x01]);
        m.objects[0].position = [f32::from_bits(0x7FC0_0001), -0.0, 1e-39];
        m.objects[0].properties.push(Property { kind: 7, value: 0xDEAD_BEEF, min: 0, max: u32::MAX, name: "odd".into() });
        m.clans[1].zones = Zones::Groups(vec![vec![[1.0, 2.0, 3.0, 4.0, 0.1]], vec![]]);
        m.clans[2].zones = Zones::Word(3);
        let t = write(&m, "odd");
        assert!(t.contains("name = { hex = \"419801\" }") && t.contains("bits = 0x7FC00001"), "{t}");
        let back = read(&t).unwrap();
        assert_eq!(back.clans[1].zones, m.clans[1].zones);
        assert_eq!(back.clans[2].zones, m.clans[2].zones);
        assert_eq!(back.objects[0].position.map(f32::to_bits), m.objects[0].position.map(f32::to_bits));
        assert_eq!(back.objects[0].properties, m.objects[0].properties);
        assert_eq!(back.clans[0].name, m.clans[0].name);
    }

    #[test]
    fn mistakes_name_their_record() {
        let m = crate::fixtures::missions::mission(2);
        let t = write(&m, "x").replacen("position = [", "position = [1.0, ", 1);
        let e = read(&t).unwrap_err();
        assert!(e.english.contains("object 0 position: 4 numbers, not 3"), "{e}");
        let ru = crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &e.english, e.key.as_deref());
        assert_eq!(ru, "object 0 position: 4 числа вместо 3");
        assert!(read("version = 1").is_err());
    }
}
