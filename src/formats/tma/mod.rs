//! A mission's `data.tma` (docs/formats/tma.md): routes, clans, placed objects, the map path,
//! the description and the ore lodes, in that order with no padding.
//!
//! Every byte of the file is a field: strings keep their raw bytes, the description its whole
//! buffer, property values their raw bits, version words and opaque words their values. So the
//! model written back is the file it came from, and an edit changes only the bytes of the field
//! it edits (and a string's length word); nothing is cached that an edit could make stale.
//! Fields a section's version does not have hold the value the engine uses instead (a scale of
//! 1,1,1) and are not written: an older mission is written back in its own version.

mod edit;
mod parse;
mod write;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_strict;

pub use edit::{EditError, ObjectKind};
pub use parse::{Options, fail_offset};
pub use write::Offsets;

use crate::formats::cp1251;
use serde::{Deserialize, Serialize};

/// The values every shipped file holds (R4 of docs/formats/tma.md).
pub const FILE_VERSION: u32 = 1;
pub const CLAN_VERSION: u32 = 6;
pub const OBJECT_VERSION: u32 = 10;
pub const PROPERTY_WORD: u32 = 1;
pub const LODE_WORD: u32 = 1;
/// The word after every object's kind.
pub const MARKER: u32 = 0x8000_0002;
/// The lode type word of a live lode.
pub const LODE_TYPE: u32 = 0x1000_1000;

/// How a clan's body between its type and its tree is read (docs/formats/tma.md, "Readings").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ClanBodyReading {
    /// One layout for every clan type: a zone count and 24-byte zones. Every shipped file agrees.
    #[default]
    Single,
    /// The layout branches on the type: type 0 holds groups of five-float records, types 1..3
    /// a plain word where the zone count would be, other types are refused.
    ByType,
}

/// Whether version words other than the shipped ones are read through the version gates or
/// refused (docs/formats/tma.md, "Versions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum VersionCheck {
    /// Clan table 1..6 and objects 1..10 read through the gates; any word other than the
    /// shipped value is a warning.
    #[default]
    Gated,
    /// R4 as written: any of the five words other than 1/6/10/1/1 stops the parse at that word.
    Shipped,
}

/// A length-prefixed string's bytes, CP1251 for display, never re-encoded unless edited.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Text(pub Vec<u8>);

impl Text {
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The text for display (CP1251).
    pub fn decode(&self) -> String {
        cp1251::decode(&self.0)
    }
    /// Text typed by a user, in CP1251; `None` when a character has no CP1251 byte.
    pub fn encode(text: &str) -> Option<Text> {
        cp1251::encode(text).map(Text)
    }
    /// Clans and relations match by name ignoring ASCII case, as names are compared elsewhere
    /// in the game's files (docs/formats/README.md).
    pub fn eq_ignore_case(&self, other: &[u8]) -> bool {
        self.0.eq_ignore_ascii_case(other)
    }
}

impl From<&str> for Text {
    /// ASCII and Cyrillic text; a character without a CP1251 byte becomes `?`.
    fn from(s: &str) -> Text {
        Text(s.chars().map(|c| cp1251::encode_char(c).unwrap_or(b'?')).collect())
    }
}

impl From<&[u8]> for Text {
    fn from(b: &[u8]) -> Text {
        Text(b.to_vec())
    }
}

/// A tactical areal tested by scripts: a polygon, not a path.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Route {
    pub id: u32,
    pub points: Vec<[f32; 3]>,
}

/// One zone of the single-layout reading.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Zone {
    /// 1 in every shipped file.
    pub kind: u32,
    pub centre: [f32; 3],
    pub inner: f32,
    pub outer: f32,
}

/// What sits between a clan's script and its tree, as the chosen reading read it.
#[derive(Debug, Clone, PartialEq)]
pub enum Zones {
    /// The single layout: a count and 24-byte zones.
    List(Vec<Zone>),
    /// The by-type reading of a type-0 clan: groups of five-float records.
    Groups(Vec<Vec<[f32; 5]>>),
    /// The by-type reading of a type 1..3 clan: one word (the single layout's zone count).
    Word(u32),
}

impl Default for Zones {
    fn default() -> Self {
        Zones::List(Vec::new())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relation {
    /// The other clan, by name (ignoring ASCII case).
    pub clan: Text,
    /// 0 hostile, 1 neutral or friendly (each clan writes 1 for itself), 2 allied.
    pub value: u32,
}

pub const RELATION_HOSTILE: u32 = 0;
pub const RELATION_NEUTRAL: u32 = 1;
pub const RELATION_ALLIED: u32 = 2;

/// Clan types.
pub const CLAN_NATURE: u32 = 0;
pub const CLAN_PLAYER: u32 = 1;
pub const CLAN_ENEMY: u32 = 2;
pub const CLAN_NEUTRAL: u32 = 3;

#[derive(Debug, Clone, PartialEq)]
pub struct Clan {
    pub name: Text,
    /// −1 in every shipped file.
    pub id: i32,
    pub base: [f32; 2],
    /// 0 nature, 1 player, 2 enemy, 3 neutral.
    pub kind: u32,
    /// Clan table version 2 and later.
    pub script: Text,
    /// Version 3 and later.
    pub zones: Zones,
    /// Version 4 and later: a `.trf` path or empty.
    pub tree: Text,
    /// Version 5 and later: the bot cap.
    pub minds: u32,
    /// Version 6 and later.
    pub relations: Vec<Relation>,
}

impl Clan {
    /// A new clan as the shipped files write one: no zones, no tree, itself neutral.
    pub fn new(name: Text, kind: u32) -> Clan {
        let relations = vec![Relation { clan: name.clone(), value: RELATION_NEUTRAL }];
        Clan { name, id: -1, base: [0.0; 2], kind, script: Text::default(), zones: Zones::default(), tree: Text::default(), minds: 2, relations }
    }
    /// The relation this clan holds towards `name` (ignoring ASCII case).
    pub fn relation(&self, name: &[u8]) -> Option<u32> {
        self.relations.iter().find(|r| r.clan.eq_ignore_case(name)).map(|r| r.value)
    }
}

/// Property value types.
pub const PROPERTY_F32: u32 = 0;
pub const PROPERTY_I32: u32 = 1;

/// A typed setting of an object. Value, minimum and maximum keep their raw bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    /// 0 float, 1 integer.
    pub kind: u32,
    pub value: u32,
    pub min: u32,
    pub max: u32,
    pub name: Text,
}

/// A property's value as its type says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    F32(f32),
    I32(i32),
    /// A type word neither 0 nor 1: the raw bits.
    Other(u32),
}

impl Property {
    pub fn f32(name: &str, value: f32, min: f32, max: f32) -> Property {
        Property { kind: PROPERTY_F32, value: value.to_bits(), min: min.to_bits(), max: max.to_bits(), name: Text::from(name) }
    }
    pub fn i32(name: &str, value: i32, min: i32, max: i32) -> Property {
        Property { kind: PROPERTY_I32, value: value as u32, min: min as u32, max: max as u32, name: Text::from(name) }
    }
    fn typed(&self, bits: u32) -> Value {
        match self.kind {
            PROPERTY_F32 => Value::F32(f32::from_bits(bits)),
            PROPERTY_I32 => Value::I32(bits as i32),
            _ => Value::Other(bits),
        }
    }
    pub fn value(&self) -> Value {
        self.typed(self.value)
    }
    pub fn min(&self) -> Value {
        self.typed(self.min)
    }
    pub fn max(&self) -> Value {
        self.typed(self.max)
    }
    /// Min = max = value: the game does not let the player change it.
    pub fn locked(&self) -> bool {
        self.min == self.max && self.max == self.value
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    /// 0 building, 1 unit, 2 vegetation, 3 rock.
    pub kind: u32,
    /// 0x80000002 in every file a reader accepts.
    pub marker: u32,
    /// A `.dat` under the game folder (kinds 0, 1) or an `objects.rlb` key (kinds 2, 3).
    pub path: Text,
    /// Object version 3 and later. The owner's index; scenery holds leftovers such as −1.
    pub clan: i32,
    /// Version 4 and later.
    pub logical_id: i32,
    pub position: [f32; 3],
    /// Radians about x, y, z.
    pub rotation: [f32; 3],
    /// Version 10 and later; 1,1,1 before.
    pub scale: [f32; 3],
    /// Version 7 and later; empty on scenery.
    pub name: Text,
    /// Version 8 and later.
    pub start: u32,
    /// Version 9 and later: the host building's logical id or −1.
    pub host: i32,
    /// Version 9 and later: the host's hall-way vertex or −1.
    pub vertex: i32,
    /// Version 6 and later: 1 in every shipped file.
    pub property_word: u32,
    /// Version 6 and later, in file order (names repeat: `NOT USED`).
    pub properties: Vec<Property>,
}

impl Object {
    /// A new object with the values the fields of an older version read as.
    pub fn new(kind: u32, path: Text, position: [f32; 3]) -> Object {
        Object {
            kind,
            marker: MARKER,
            path,
            clan: 0,
            logical_id: -1,
            position,
            rotation: [0.0; 3],
            scale: [1.0; 3],
            name: Text::default(),
            start: 0,
            host: -1,
            vertex: -1,
            property_word: PROPERTY_WORD,
            properties: Vec::new(),
        }
    }
}

/// An ore lode: 28 bytes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lode {
    pub position: [f32; 3],
    pub found: u32,
    /// 0x10001000 or 0.
    pub kind: u32,
    pub amount: f32,
    /// 0 or the bits of 100.0.
    pub extra: u32,
}

/// The description buffer: its length is the capacity the editor gave it; the text ends at
/// the first NUL and whatever follows (NUL, 0xCD fill, junk) is kept byte for byte. 0xCD is
/// CP1251 `Н`, so nothing is cut there.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Description(pub Vec<u8>);

impl Description {
    pub fn text(&self) -> &[u8] {
        &self.0[..self.text_len()]
    }
    fn text_len(&self) -> usize {
        self.0.iter().position(|&b| b == 0).unwrap_or(self.0.len())
    }
    /// The bytes from the first NUL on (empty when there is none).
    pub fn tail(&self) -> &[u8] {
        &self.0[self.text_len()..]
    }
    pub fn decode(&self) -> String {
        cp1251::decode(self.text())
    }
    /// Replaces the text (no NUL inside). The buffer keeps its capacity when the text and a
    /// NUL fit, and the bytes after the new NUL stay what they were; a longer text grows it to
    /// the text and a NUL.
    pub fn set_text(&mut self, text: &[u8]) {
        let text: Vec<u8> = text.iter().copied().take_while(|&b| b != 0).collect();
        let n = text.len();
        if n < self.0.len() {
            self.0[..n].copy_from_slice(&text);
            self.0[n] = 0;
        } else {
            self.0 = text;
            self.0.push(0);
        }
    }
}

/// A whole `data.tma`.
#[derive(Debug, Clone, PartialEq)]
pub struct Mission {
    /// 1 in every shipped file.
    pub version: u32,
    pub routes: Vec<Route>,
    /// 1..6; which clan fields are present.
    pub clan_version: u32,
    pub clans: Vec<Clan>,
    /// 1..10; which object fields, and which of the map word, description and lodes, are present.
    pub object_version: u32,
    pub objects: Vec<Object>,
    /// `DATA\MAPS\SC_3\land`: the map folder and the stem of its files.
    pub map_path: Text,
    /// Object version 2 and later: 1 on multiplayer maps, unused.
    pub map_word: u32,
    /// Object version 2 and later.
    pub description: Description,
    /// Object version 5 and later: 1 in every shipped file.
    pub lode_word: u32,
    /// Object version 5 and later.
    pub lodes: Vec<Lode>,
}

impl Default for Mission {
    fn default() -> Self {
        Mission {
            version: FILE_VERSION,
            routes: Vec::new(),
            clan_version: CLAN_VERSION,
            clans: Vec::new(),
            object_version: OBJECT_VERSION,
            objects: Vec::new(),
            map_path: Text::default(),
            map_word: 0,
            description: Description::default(),
            lode_word: LODE_WORD,
            lodes: Vec::new(),
        }
    }
}

/// Which fields each section version has (docs/formats/tma.md, "Versions").
pub mod gate {
    pub const CLAN_SCRIPT: u32 = 2;
    pub const CLAN_ZONES: u32 = 3;
    pub const CLAN_TREE: u32 = 4;
    pub const CLAN_MINDS: u32 = 5;
    pub const CLAN_RELATIONS: u32 = 6;
    pub const OBJECT_CLAN: u32 = 3;
    pub const OBJECT_LOGICAL_ID: u32 = 4;
    pub const OBJECT_PROPERTIES: u32 = 6;
    pub const OBJECT_NAME: u32 = 7;
    pub const OBJECT_START: u32 = 8;
    pub const OBJECT_HOST: u32 = 9;
    pub const OBJECT_SCALE: u32 = 10;
    pub const DESCRIPTION: u32 = 2;
    pub const LODES: u32 = 5;
}

impl Mission {
    /// The map folder (`DATA\MAPS\SC_3` of `DATA\MAPS\SC_3\land`), raw bytes.
    pub fn map_folder(&self) -> &[u8] {
        let p = self.map_path.bytes();
        match p.iter().rposition(|&b| b == b'\\' || b == b'/') {
            Some(i) => &p[..i],
            None => &[],
        }
    }
    /// The clan of this name, ignoring ASCII case.
    pub fn clan_by_name(&self, name: &[u8]) -> Option<usize> {
        self.clans.iter().position(|c| c.name.eq_ignore_case(name))
    }
}
