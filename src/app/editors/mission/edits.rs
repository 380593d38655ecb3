//! A mission edit as the file's new bytes: the mission read from the tab's bytes, one edit of
//! the model (`formats::tma`: each setter changes only the field it names), written back whole.
//! Each is one undo step (a drag's frames merge into one). Edits keep what the file links
//! consistent: new objects get logical ids no other object has, a building removed with units
//! starting inside it takes them along or lets them start outside, as the user chose.

use crate::app::intent::ItemEdit;
use crate::doc::ItemPath;
use crate::formats::tma::{self, Clan, Lode, Mission, Object, ObjectKind, Property, Route, Text, Zone, Zones, gate};
use crate::tr;

/// What happens to units starting inside a building that is removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hosted {
    /// They stay, starting outside (host and hall-way vertex −1).
    StartOutside,
    /// They are removed with it.
    RemoveToo,
}

/// One placed object's new place: position and rotation (radians about x, y, z).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    pub object: usize,
    pub position: [f32; 3],
    pub rotation: [f32; 3],
}

#[derive(Debug, Clone, PartialEq)]
pub enum MissionOp {
    /// Objects moved or turned (a drag, the gizmo, R, typed values).
    Place(Vec<Place>),
    SetScale(usize, [f32; 3]),
    /// The owner of each listed object.
    SetClan(Vec<usize>, i32),
    SetLogicalId(usize, i32),
    SetName(usize, String),
    SetPath(usize, String),
    SetStart(usize, u32),
    /// Host building's logical id and its hall-way vertex (−1, −1: starts outside).
    SetHost(usize, i32, i32),
    SetProperties(usize, Vec<Property>),
    /// New objects appended (logical ids ≥ 0 that collide are replaced by fresh ones).
    Add(Vec<Object>),
    /// Copies of the objects, moved by `offset` (Parkan x, y, z), with fresh logical ids and
    /// instance names.
    Duplicate(Vec<usize>, [f32; 3]),
    Remove(Vec<usize>, Hosted),
    RenameClan(usize, String),
    SetClanKind(usize, u32),
    SetClanBase(usize, [f32; 2]),
    SetClanScript(usize, String),
    SetClanTree(usize, String),
    SetClanMinds(usize, u32),
    SetClanZones(usize, Vec<Zone>),
    /// Clan `0`'s relation towards clan `1` (by index; stored by name).
    SetRelation(usize, usize, u32),
    AddClan(String, u32),
    RemoveClan(usize),
    SetRoutePoint { route: usize, point: usize, at: [f32; 3] },
    InsertRoutePoint { route: usize, at_index: usize, at: [f32; 3] },
    RemoveRoutePoint { route: usize, point: usize },
    AddRoute(Vec<[f32; 3]>),
    RemoveRoute(usize),
    SetLode(usize, Lode),
    AddLode(Lode),
    RemoveLode(usize),
    SetDescription(String),
}

/// What to select after an edit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum After {
    /// The selection stays (indices still valid).
    #[default]
    Keep,
    /// These objects.
    Objects(Vec<usize>),
    Clan(usize),
    Route(usize),
    Lode(usize),
    Nothing,
}

/// The edit (one undo step) and what to select after it, or why it is refused.
pub fn apply(path: &ItemPath, bytes: &[u8], options: &tma::Options, op: &MissionOp) -> Result<(ItemEdit, After), String> {
    let (mut m, _) = Mission::parse_with(bytes, options).map_err(|e| e.to_string())?;
    let (after, label) = run(&mut m, op)?;
    Ok((ItemEdit::bytes(path, m.write(), label), after))
}

/// Text typed by the user in Windows-1251, or why it cannot be written.
pub fn encode(text: &str) -> Result<Text, String> {
    match text.chars().find(|c| crate::formats::cp1251::encode_char(*c).is_none()) {
        Some(c) => Err(tr!("mission-err-cp1251", ch = format!("{c:?}"), code = format!("{:04X}", c as u32))),
        None => Ok(Text::from(text)),
    }
}

/// Refuses a field the mission's object version does not write.
fn gated(m: &Mission, needs: u32, field: &str) -> Result<(), String> {
    if m.object_version >= needs { Ok(()) } else { Err(tr!("mission-err-version", field = field, version = m.object_version.to_string(), needs = needs.to_string())) }
}

fn clan_gated(m: &Mission, needs: u32, field: &str) -> Result<(), String> {
    if m.clan_version >= needs { Ok(()) } else { Err(tr!("mission-err-clan-version", field = field, version = m.clan_version.to_string(), needs = needs.to_string())) }
}

fn object(m: &mut Mission, i: usize) -> Result<&mut Object, String> {
    let n = m.objects.len();
    m.objects.get_mut(i).ok_or_else(|| tr!("mission-err-no-object", i = i.to_string(), n = n.to_string()))
}

fn clan(m: &mut Mission, i: usize) -> Result<&mut Clan, String> {
    let n = m.clans.len();
    m.clans.get_mut(i).ok_or_else(|| tr!("mission-err-no-clan", i = i.to_string(), n = n.to_string()))
}

fn route(m: &mut Mission, i: usize) -> Result<&mut Route, String> {
    let n = m.routes.len();
    m.routes.get_mut(i).ok_or_else(|| tr!("mission-err-no-route", i = i.to_string(), n = n.to_string()))
}

/// A logical id no object of `m` has: one past the largest.
pub fn fresh_logical_id(m: &Mission) -> i32 {
    m.objects.iter().map(|o| o.logical_id).max().unwrap_or(-1).max(-1).saturating_add(1)
}

/// `name` made unique among the instance names of `m` (ignoring ASCII case) by a `_N` suffix;
/// empty stays empty (scenery has none).
pub fn fresh_name(m: &Mission, name: &Text) -> Text {
    if name.is_empty() {
        return Text::default();
    }
    let taken = |t: &[u8]| m.objects.iter().any(|o| o.name.eq_ignore_case(t));
    if !taken(name.bytes()) {
        return name.clone();
    }
    // The stem without an existing `_N`.
    let b = name.bytes();
    let stem = match b.iter().rposition(|&c| c == b'_') {
        Some(k) if k + 1 < b.len() && b[k + 1..].iter().all(u8::is_ascii_digit) => &b[..k],
        _ => b,
    };
    (2..).map(|n| Text([stem, format!("_{n}").as_bytes()].concat())).find(|t| !taken(t.bytes())).unwrap_or_else(|| name.clone())
}

fn finite(v: &[f32]) -> Result<(), String> {
    if v.iter().all(|f| f.is_finite()) { Ok(()) } else { Err(tr!("mission-err-not-finite")) }
}

/// Applies `op` to `m`: what to select after it and the undo label.
pub fn run(m: &mut Mission, op: &MissionOp) -> Result<(After, String), String> {
    Ok(match op {
        MissionOp::Place(places) => {
            let mut moved = false;
            for p in places {
                finite(&p.position)?;
                finite(&p.rotation)?;
                let o = object(m, p.object)?;
                moved |= o.position != p.position;
                o.position = p.position;
                o.rotation = p.rotation;
            }
            let label = match (places.as_slice(), moved) {
                ([one], true) => tr!("mission-undo-place", i = one.object.to_string()),
                ([one], false) => tr!("mission-undo-turn", i = one.object.to_string()),
                (many, true) => tr!("mission-undo-place-many", n = many.len()),
                (many, false) => tr!("mission-undo-turn-many", n = many.len()),
            };
            (After::Keep, label)
        }
        MissionOp::SetScale(i, s) => {
            finite(s)?;
            gated(m, gate::OBJECT_SCALE, &tr!("mission-field-scale"))?;
            let o = object(m, *i)?;
            if !ObjectKind::of(o.kind).is_scenery() {
                return Err(tr!("mission-err-scale-scenery"));
            }
            o.scale = *s;
            (After::Keep, tr!("mission-undo-scale", i = i.to_string()))
        }
        MissionOp::SetClan(list, c) => {
            gated(m, gate::OBJECT_CLAN, &tr!("mission-field-clan"))?;
            for &i in list {
                object(m, i)?.clan = *c;
            }
            (After::Keep, tr!("mission-undo-clan", n = list.len()))
        }
        MissionOp::SetLogicalId(i, id) => {
            gated(m, gate::OBJECT_LOGICAL_ID, &tr!("mission-field-logical-id"))?;
            if *id >= 0 && m.objects.iter().enumerate().any(|(k, o)| k != *i && o.logical_id == *id) {
                return Err(tr!("mission-err-id-taken", id = id.to_string()));
            }
            let old = object(m, *i)?.logical_id;
            object(m, *i)?.logical_id = *id;
            // Units starting in this building follow it to its new id.
            if m.objects[*i].kind == 0 && old >= 0 {
                for o in m.objects.iter_mut().filter(|o| o.host == old) {
                    o.host = *id;
                }
            }
            (After::Keep, tr!("mission-undo-logical-id", i = i.to_string()))
        }
        MissionOp::SetName(i, name) => {
            gated(m, gate::OBJECT_NAME, &tr!("mission-field-name"))?;
            let t = encode(name)?;
            object(m, *i)?.name = t;
            (After::Keep, tr!("mission-undo-name", i = i.to_string()))
        }
        MissionOp::SetPath(i, path) => {
            let t = encode(path)?;
            object(m, *i)?.path = t;
            (After::Keep, tr!("mission-undo-path", i = i.to_string()))
        }
        MissionOp::SetStart(i, v) => {
            gated(m, gate::OBJECT_START, &tr!("mission-field-start"))?;
            object(m, *i)?.start = *v;
            (After::Keep, tr!("mission-undo-start", i = i.to_string()))
        }
        MissionOp::SetHost(i, host, vertex) => {
            gated(m, gate::OBJECT_HOST, &tr!("mission-field-host"))?;
            let o = object(m, *i)?;
            (o.host, o.vertex) = (*host, *vertex);
            (After::Keep, tr!("mission-undo-host", i = i.to_string()))
        }
        MissionOp::SetProperties(i, props) => {
            gated(m, gate::OBJECT_PROPERTIES, &tr!("mission-field-properties"))?;
            object(m, *i)?.properties = props.clone();
            (After::Keep, tr!("mission-undo-properties", i = i.to_string()))
        }
        MissionOp::Add(objects) => {
            let first = m.objects.len();
            for o in objects {
                let mut o = o.clone();
                if o.logical_id >= 0 && m.objects.iter().any(|p| p.logical_id == o.logical_id) {
                    o.logical_id = fresh_logical_id(m);
                }
                o.name = fresh_name(m, &o.name);
                m.add_object(o);
            }
            (After::Objects((first..m.objects.len()).collect()), tr!("mission-undo-add", n = objects.len()))
        }
        MissionOp::Duplicate(list, offset) => {
            finite(offset)?;
            let first = m.objects.len();
            for &i in list {
                let mut o = object(m, i)?.clone();
                if o.logical_id >= 0 {
                    o.logical_id = fresh_logical_id(m);
                }
                o.name = fresh_name(m, &o.name);
                for (p, d) in o.position.iter_mut().zip(offset) {
                    *p += d;
                }
                m.add_object(o);
            }
            (After::Objects((first..m.objects.len()).collect()), tr!("mission-undo-duplicate", n = list.len()))
        }
        MissionOp::Remove(list, hosted) => {
            let mut gone: Vec<usize> = list.clone();
            for &i in list {
                let o = m.objects.get(i).ok_or_else(|| tr!("mission-err-no-object", i = i.to_string(), n = m.objects.len().to_string()))?;
                if o.kind != 0 || o.logical_id < 0 {
                    continue;
                }
                let id = o.logical_id;
                match hosted {
                    Hosted::RemoveToo => gone.extend(m.objects.iter().enumerate().filter(|(_, u)| u.host == id).map(|(k, _)| k)),
                    Hosted::StartOutside => m.objects.iter_mut().filter(|u| u.host == id).for_each(|u| (u.host, u.vertex) = (-1, -1)),
                }
            }
            gone.sort_unstable();
            gone.dedup();
            for &i in gone.iter().rev() {
                m.remove_object(i).map_err(|e| e.to_string())?;
            }
            (After::Nothing, tr!("mission-undo-remove", n = gone.len()))
        }
        MissionOp::RenameClan(i, name) => {
            let t = encode(name)?;
            if t.is_empty() {
                return Err(tr!("mission-err-clan-empty"));
            }
            m.rename_clan(*i, t).map_err(|e| e.to_string())?;
            (After::Clan(*i), tr!("mission-undo-clan-name", i = i.to_string()))
        }
        MissionOp::SetClanKind(i, k) => {
            clan(m, *i)?.kind = *k;
            (After::Clan(*i), tr!("mission-undo-clan-kind", i = i.to_string()))
        }
        MissionOp::SetClanBase(i, b) => {
            finite(b)?;
            clan(m, *i)?.base = *b;
            (After::Clan(*i), tr!("mission-undo-clan-base", i = i.to_string()))
        }
        MissionOp::SetClanScript(i, s) => {
            clan_gated(m, gate::CLAN_SCRIPT, &tr!("mission-field-script"))?;
            let t = encode(s)?;
            clan(m, *i)?.script = t;
            (After::Clan(*i), tr!("mission-undo-clan-script", i = i.to_string()))
        }
        MissionOp::SetClanTree(i, s) => {
            clan_gated(m, gate::CLAN_TREE, &tr!("mission-field-tree"))?;
            let t = encode(s)?;
            clan(m, *i)?.tree = t;
            (After::Clan(*i), tr!("mission-undo-clan-tree", i = i.to_string()))
        }
        MissionOp::SetClanMinds(i, n) => {
            clan_gated(m, gate::CLAN_MINDS, &tr!("mission-field-minds"))?;
            clan(m, *i)?.minds = *n;
            (After::Clan(*i), tr!("mission-undo-clan-minds", i = i.to_string()))
        }
        MissionOp::SetClanZones(i, zones) => {
            clan_gated(m, gate::CLAN_ZONES, &tr!("mission-field-zones"))?;
            for z in zones {
                finite(&z.centre)?;
                finite(&[z.inner, z.outer])?;
            }
            let c = clan(m, *i)?;
            if !matches!(c.zones, Zones::List(_)) {
                return Err(tr!("mission-err-zones-reading"));
            }
            c.zones = Zones::List(zones.clone());
            (After::Clan(*i), tr!("mission-undo-clan-zones", i = i.to_string()))
        }
        MissionOp::SetRelation(i, other, v) => {
            clan_gated(m, gate::CLAN_RELATIONS, &tr!("mission-field-relations"))?;
            let name = clan(m, *other)?.name.clone();
            m.set_relation(*i, name.bytes(), *v).map_err(|e| e.to_string())?;
            (After::Clan(*i), tr!("mission-undo-relation", i = i.to_string(), other = other.to_string()))
        }
        MissionOp::AddClan(name, kind) => {
            let t = encode(name)?;
            if t.is_empty() {
                return Err(tr!("mission-err-clan-empty"));
            }
            let i = m.add_clan(Clan::new(t, *kind)).map_err(|e| e.to_string())?;
            (After::Clan(i), tr!("mission-undo-clan-add"))
        }
        MissionOp::RemoveClan(i) => {
            m.remove_clan(*i).map_err(|e| e.to_string())?;
            (After::Nothing, tr!("mission-undo-clan-remove", i = i.to_string()))
        }
        MissionOp::SetRoutePoint { route: r, point, at } => {
            finite(at)?;
            m.set_route_point(*r, *point, *at).map_err(|e| e.to_string())?;
            (After::Route(*r), tr!("mission-undo-route-point", i = r.to_string()))
        }
        MissionOp::InsertRoutePoint { route: r, at_index, at } => {
            finite(at)?;
            let rt = route(m, *r)?;
            let k = (*at_index).min(rt.points.len());
            rt.points.insert(k, *at);
            (After::Route(*r), tr!("mission-undo-route-insert", i = r.to_string()))
        }
        MissionOp::RemoveRoutePoint { route: r, point } => {
            let rt = route(m, *r)?;
            if *point >= rt.points.len() {
                return Err(tr!("mission-err-no-point", i = point.to_string(), n = rt.points.len().to_string()));
            }
            rt.points.remove(*point);
            (After::Route(*r), tr!("mission-undo-route-remove-point", i = r.to_string()))
        }
        MissionOp::AddRoute(points) => {
            for p in points {
                finite(p)?;
            }
            let id = m.routes.iter().map(|r| r.id).max().map_or(0, |x| x.saturating_add(1));
            let i = m.add_route(Route { id, points: points.clone() });
            (After::Route(i), tr!("mission-undo-route-add"))
        }
        MissionOp::RemoveRoute(i) => {
            m.remove_route(*i).map_err(|e| e.to_string())?;
            (After::Nothing, tr!("mission-undo-route-remove", i = i.to_string()))
        }
        MissionOp::SetLode(i, l) => {
            gated(m, gate::LODES, &tr!("mission-field-lodes"))?;
            finite(&l.position)?;
            let n = m.lodes.len();
            *m.lodes.get_mut(*i).ok_or_else(|| tr!("mission-err-no-lode", i = i.to_string(), n = n.to_string()))? = *l;
            (After::Lode(*i), tr!("mission-undo-lode", i = i.to_string()))
        }
        MissionOp::AddLode(l) => {
            gated(m, gate::LODES, &tr!("mission-field-lodes"))?;
            finite(&l.position)?;
            let i = m.add_lode(*l);
            (After::Lode(i), tr!("mission-undo-lode-add"))
        }
        MissionOp::RemoveLode(i) => {
            m.remove_lode(*i).map_err(|e| e.to_string())?;
            (After::Nothing, tr!("mission-undo-lode-remove", i = i.to_string()))
        }
        MissionOp::SetDescription(text) => {
            gated(m, gate::DESCRIPTION, &tr!("mission-field-description"))?;
            let t = encode(text)?;
            m.description.set_text(t.bytes());
            (After::Keep, tr!("mission-undo-description"))
        }
    })
}

/// A new lode as the shipped files write one.
pub fn new_lode(position: [f32; 3], amount: f32) -> Lode {
    Lode { position, found: 0, kind: tma::LODE_TYPE, amount, extra: 0 }
}

#[cfg(test)]
#[path = "edits_tests.rs"]
mod tests;
