//! The mission codec: a mission's `data.tma` (docs/formats/tma.md). `info` is the mission at a
//! glance (its map, clans, objects per kind and per clan, routes, lodes); `check` reads with the
//! readings `clan-body` and the version gates, re-encodes, and says when the file would read
//! differently under the other clan-body reading.

pub mod diff;
pub mod merge;
pub mod refs;
pub mod text;
pub mod unpack;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::tma::{ClanBodyReading, Mission, Options, VersionCheck};
use crate::formats::{Diagnostic, Result};
use crate::msg;
use serde_json::{Value, json};
use std::collections::BTreeMap;

pub struct MissionCodec;

/// The object kinds' names by their `kind` word (docs/formats/tma.md).
pub fn object_kind_label(kind: u32) -> &'static str {
    match kind {
        0 => "building",
        1 => "unit",
        2 => "vegetation",
        3 => "rock",
        _ => "other",
    }
}

/// The clan types' names by their `kind` word.
pub fn clan_kind_label(kind: u32) -> &'static str {
    match kind {
        0 => "nature",
        1 => "player",
        2 => "enemy",
        3 => "neutral",
        _ => "other",
    }
}

fn options(item: &Item) -> Options {
    Options { clan_body: item.readings.clan_body, versions: VersionCheck::Gated }
}

/// Whether the other clan-body reading reads these bytes differently (a note for `check`).
fn other_reading_note(item: &Item, mine: &Mission) -> Option<Diagnostic> {
    let other = match item.readings.clan_body {
        ClanBodyReading::Single => ClanBodyReading::ByType,
        ClanBodyReading::ByType => ClanBodyReading::Single,
    };
    let name = match other {
        ClanBodyReading::Single => "single",
        ClanBodyReading::ByType => "by-type",
    };
    match Mission::parse_with(item.bytes, &Options { clan_body: other, versions: VersionCheck::Gated }) {
        Ok((m, _)) if m == *mine => None,
        Ok(_) => Some(Diagnostic::info(0, msg!("mission-other-reading-differs", "the reading clan-body={name} reads this file differently (other values for the clans)", name = name))),
        Err(e) => Some(Diagnostic::info(e.offset, crate::msg!("mission-reading-refuses", "the reading clan-body={name} does not read this file: {why}", name = name, why = &e.text()))),
    }
}

impl Codec for MissionCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Mission
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["tma", "map"]
    }

    fn refs(&self) -> Option<&dyn crate::doc::kinds::Refs> {
        Some(self)
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn unpack(&self) -> Option<&dyn crate::doc::kinds::Unpack> {
        Some(self)
    }

    fn merge(&self) -> Option<&dyn crate::doc::kinds::Merge> {
        Some(self)
    }

    fn claims(&self, item: &Item) -> bool {
        item.type_id.is_none() && item.name.to_ascii_lowercase().ends_with(".tma")
    }

    fn check(&self, item: &Item) -> Checked {
        match Mission::parse_with(item.bytes, &options(item)) {
            Ok((m, mut diagnostics)) => {
                diagnostics.extend(other_reading_note(item, &m));
                Checked { roundtrip: m.write() == item.bytes, diagnostics }
            }
            Err(e) => Checked::failed(e),
        }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (m, diagnostics) = Mission::parse_with(item.bytes, &options(item))?;
        let mut per_kind: BTreeMap<&str, usize> = BTreeMap::new();
        let mut per_clan: BTreeMap<i32, usize> = BTreeMap::new();
        for o in &m.objects {
            *per_kind.entry(object_kind_label(o.kind)).or_default() += 1;
            *per_clan.entry(o.clan).or_default() += 1;
        }
        let clans: Vec<Value> = m
            .clans
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "name": c.name.decode(),
                    "type": clan_kind_label(c.kind),
                    "base": c.base,
                    "script": c.script.decode(),
                    "tree": c.tree.decode(),
                    "bot_limit": c.minds,
                    "objects": per_clan.get(&(i as i32)).copied().unwrap_or(0),
                })
            })
            .collect();
        Ok(json!({
            "kind": FormatKind::Mission,
            "versions": {"file": m.version, "clans": m.clan_version, "objects": m.object_version},
            "map": m.map_path.decode(),
            "description": m.description.decode(),
            "clans": clans,
            "objects": m.objects.len(),
            "objects_per_kind": per_kind,
            "routes": m.routes.len(),
            "lodes": m.lodes.len(),
            "diagnostics": diagnostics,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::readings::Readings;
    use crate::formats::tma::{Clan, Object, Text};

    #[test]
    fn claims_tma_and_summarises() {
        let r = Readings::default();
        let mut m = Mission { map_path: Text::encode("DATA\\MAPS\\SC_3\\land").unwrap(), ..Mission::default() };
        m.clans.push(Clan::new(Text::encode("Игрок").unwrap(), 1));
        m.objects.push(Object::new(0, Text::encode("UNITS\\BUILDINGS\\b.dat").unwrap(), [1.0, 2.0, 3.0]));
        m.objects.push(Object::new(2, Text::encode("S_TREE01").unwrap(), [4.0, 5.0, 6.0]));
        let b = m.write();
        let it = Item { bytes: &b, name: "data.tma", type_id: None, attrs: [0; 3], readings: &r };
        assert!(MissionCodec.claims(&it));
        assert!(!MissionCodec.claims(&Item { name: "data.txt", ..it }));
        let c = MissionCodec.check(&it);
        assert!(c.roundtrip, "{:?}", c.diagnostics);
        let v = MissionCodec.info(&it).unwrap();
        assert_eq!(v["kind"], "mission");
        assert_eq!(v["map"], "DATA\\MAPS\\SC_3\\land");
        assert_eq!(v["clans"][0]["name"], "Игрок");
        assert_eq!(v["clans"][0]["objects"], 2);
        assert_eq!(v["objects_per_kind"]["vegetation"], 1);
    }

    #[test]
    fn a_truncated_mission_fails_with_an_offset() {
        let r = Readings::default();
        let c = MissionCodec.check(&Item { bytes: &[1, 0, 0, 0, 5], name: "data.tma", type_id: None, attrs: [0; 3], readings: &r });
        assert!(!c.roundtrip);
        assert!(c.diagnostics[0].offset.is_some());
    }
}
