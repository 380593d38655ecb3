//! Two missions compared in the game's terms. Objects are paired by logical id (where it is set
//! and unique on both sides), then by kind, path and place, then by kind and path in file
//! order; each pair is reported as moved, rotated, scaled, its clan, name, path, start, host
//! or properties changed, and the rest as added or removed. Clans pair by name (a relation by
//! the clan it names), routes by id, lodes by position in the list; the map path, the
//! description (its text and its buffer's tail) and the section versions too.
//!
//! Every detail's field starts with what it is about (`object 12 (Base 3)`, `clan Plr`,
//! `route 2`, `lode 0`, `map`), so the compare view can group them.

use crate::doc::diff::{Change, Detail, Side, damage};
use crate::formats::tma::{Clan, Mission, Object, Options, Property, Value, VersionCheck, Zones};
use std::collections::HashMap;

fn v3(v: [f32; 3]) -> String {
    format!("({}, {}, {})", v[0], v[1], v[2])
}

fn bits3(v: [f32; 3]) -> [u32; 3] {
    v.map(f32::to_bits)
}

/// How an object is called in a detail: its index on the new side and its name or path.
pub fn label(j: usize, o: &Object) -> String {
    let what = if o.name.is_empty() { o.path.decode() } else { o.name.decode() };
    format!("object {j} ({what})")
}

/// Pairs of object indices (a, b), and the unpaired ones of each side.
pub fn pair_objects(a: &[Object], b: &[Object]) -> (Vec<(usize, usize)>, Vec<usize>, Vec<usize>) {
    let mut taken_a = vec![false; a.len()];
    let mut taken_b = vec![false; b.len()];
    let mut pairs = Vec::new();
    // Logical ids that are set and unique on their side.
    let unique = |objs: &[Object]| {
        let mut m: HashMap<i32, Option<usize>> = HashMap::new();
        for (i, o) in objs.iter().enumerate().filter(|(_, o)| o.logical_id >= 0) {
            m.entry(o.logical_id).and_modify(|e| *e = None).or_insert(Some(i));
        }
        m
    };
    let ub = unique(b);
    for (id, i) in unique(a) {
        if let (Some(i), Some(Some(j))) = (i, ub.get(&id)) {
            pairs.push((i, *j));
            taken_a[i] = true;
            taken_b[*j] = true;
        }
    }
    // Then kind, path and place; then kind and path in order.
    type Key = (u32, Vec<u8>, Option<[u32; 3]>);
    for with_place in [true, false] {
        let key = |o: &Object| -> Key { (o.kind, o.path.bytes().to_ascii_lowercase(), with_place.then(|| bits3(o.position))) };
        let mut free: HashMap<Key, Vec<usize>> = HashMap::new();
        for (j, o) in b.iter().enumerate().rev().filter(|(j, _)| !taken_b[*j]) {
            free.entry(key(o)).or_default().push(j);
        }
        for (i, o) in a.iter().enumerate() {
            if taken_a[i] {
                continue;
            }
            if let Some(j) = free.get_mut(&key(o)).and_then(Vec::pop) {
                pairs.push((i, j));
                taken_a[i] = true;
                taken_b[j] = true;
            }
        }
    }
    pairs.sort_by_key(|&(_, j)| j);
    let only = |t: &[bool]| t.iter().enumerate().filter(|(_, x)| !**x).map(|(i, _)| i).collect();
    (pairs, only(&taken_a), only(&taken_b))
}

fn show_value(v: Value) -> String {
    match v {
        Value::F32(f) => f.to_string(),
        Value::I32(i) => i.to_string(),
        Value::Other(b) => format!("0x{b:08X}"),
    }
}

/// Properties by name and occurrence (`NOT USED` repeats).
fn properties(field: &str, a: &[Property], b: &[Property], out: &mut Vec<Detail>) {
    fn keyed(ps: &[Property]) -> Vec<((Vec<u8>, usize), &Property)> {
        let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
        ps.iter()
            .map(|p| {
                let n = seen.entry(p.name.bytes().to_vec()).or_default();
                *n += 1;
                ((p.name.bytes().to_vec(), *n), p)
            })
            .collect()
    }
    let (ka, kb) = (keyed(a), keyed(b));
    let name = |k: &(Vec<u8>, usize)| {
        let n = crate::formats::cp1251::decode(&k.0);
        if k.1 > 1 { format!("{n} #{}", k.1) } else { n }
    };
    for (k, p) in &ka {
        match kb.iter().find(|(x, _)| x == k) {
            None => out.push(Detail::removed(format!("{field} property {}", name(k)), show_value(p.value()))),
            Some((_, q)) => {
                if p.value != q.value || p.kind != q.kind {
                    out.push(Detail::values(format!("{field} property {}", name(k)), show_value(p.value()), show_value(q.value())));
                }
                if (p.min, p.max) != (q.min, q.max) {
                    let r = |p: &Property| format!("{}..{}", show_value(p.min()), show_value(p.max()));
                    out.push(Detail::values(format!("{field} property {} range", name(k)), r(p), r(q)));
                }
            }
        }
    }
    for (k, q) in &kb {
        if !ka.iter().any(|(x, _)| x == k) {
            out.push(Detail::added(format!("{field} property {}", name(k)), show_value(q.value())));
        }
    }
    let order = |v: &[(_, &Property)]| v.iter().map(|(k, _)| k).cloned().collect::<Vec<(Vec<u8>, usize)>>();
    if ka.len() == kb.len() && order(&ka) != order(&kb) && ka.iter().all(|(k, _)| kb.iter().any(|(x, _)| x == k)) {
        out.push(Detail::note(format!("{field} properties"), "reordered"));
    }
}

pub fn object(j: usize, x: &Object, y: &Object, out: &mut Vec<Detail>) {
    let f = label(j, y);
    if bits3(x.position) != bits3(y.position) {
        out.push(Detail { note: Some("moved".into()), ..Detail::values(format!("{f} position"), v3(x.position), v3(y.position)) });
    }
    if bits3(x.rotation) != bits3(y.rotation) {
        out.push(Detail { note: Some("rotated".into()), ..Detail::values(format!("{f} rotation"), v3(x.rotation), v3(y.rotation)) });
    }
    if bits3(x.scale) != bits3(y.scale) {
        out.push(Detail { note: Some("scaled".into()), ..Detail::values(format!("{f} scale"), v3(x.scale), v3(y.scale)) });
    }
    if x.clan != y.clan {
        out.push(Detail { note: Some("clan changed".into()), ..Detail::values(format!("{f} clan"), x.clan, y.clan) });
    }
    let texts = [("path", &x.path, &y.path), ("name", &x.name, &y.name)];
    for (what, p, q) in texts {
        if p != q {
            out.push(Detail::values(format!("{f} {what}"), p.decode(), q.decode()));
        }
    }
    let words = [("kind", x.kind as i64, y.kind as i64), ("logical id", x.logical_id.into(), y.logical_id.into()), ("start", x.start.into(), y.start.into()), ("host", x.host.into(), y.host.into()), ("hall-way vertex", x.vertex.into(), y.vertex.into()), ("marker", x.marker.into(), y.marker.into()), ("property word", x.property_word.into(), y.property_word.into())];
    for (what, p, q) in words {
        if p != q {
            out.push(Detail::values(format!("{f} {what}"), p, q));
        }
    }
    properties(&f, &x.properties, &y.properties, out);
}

fn zones(z: &Zones) -> String {
    match z {
        Zones::List(l) => l.iter().map(|z| format!("{}@{} r{}..{}", z.kind, v3(z.centre), z.inner, z.outer)).collect::<Vec<_>>().join("; "),
        Zones::Groups(g) => format!("{} groups: {g:?}", g.len()),
        Zones::Word(w) => format!("word {w}"),
    }
}

fn clan(x: &Clan, y: &Clan, out: &mut Vec<Detail>) {
    let f = format!("clan {}", y.name.decode());
    let vals = [
        ("type", x.kind.to_string(), y.kind.to_string()),
        ("id", x.id.to_string(), y.id.to_string()),
        ("base", format!("({}, {})", x.base[0], x.base[1]), format!("({}, {})", y.base[0], y.base[1])),
        ("script", x.script.decode(), y.script.decode()),
        ("zones", zones(&x.zones), zones(&y.zones)),
        ("tree", x.tree.decode(), y.tree.decode()),
        ("bot limit", x.minds.to_string(), y.minds.to_string()),
    ];
    for (what, p, q) in vals {
        if p != q {
            out.push(Detail::values(format!("{f} {what}"), p, q));
        }
    }
    if x.name != y.name {
        out.push(Detail::values(format!("{f} name"), x.name.decode(), y.name.decode()));
    }
    for r in &x.relations {
        match y.relation(r.clan.bytes()) {
            None => out.push(Detail::removed(format!("{f} relation to {}", r.clan.decode()), r.value)),
            Some(v) if v != r.value => out.push(Detail::values(format!("{f} relation to {}", r.clan.decode()), r.value, v)),
            Some(_) => {}
        }
    }
    for r in y.relations.iter().filter(|r| x.relation(r.clan.bytes()).is_none()) {
        out.push(Detail::added(format!("{f} relation to {}", r.clan.decode()), r.value));
    }
}

/// Every difference between two missions, in order: versions, map, description, clans,
/// routes, objects, lodes.
pub fn mission_details(a: &Mission, b: &Mission, out: &mut Vec<Detail>) {
    let words = [("file version", a.version, b.version), ("clan table version", a.clan_version, b.clan_version), ("object version", a.object_version, b.object_version), ("map word", a.map_word, b.map_word), ("lode word", a.lode_word, b.lode_word)];
    for (what, p, q) in words {
        if p != q {
            out.push(Detail::values(what, p, q));
        }
    }
    if a.map_path != b.map_path {
        out.push(Detail::values("map", a.map_path.decode(), b.map_path.decode()));
    }
    if a.description.text() != b.description.text() {
        out.push(Detail::values("description", a.description.decode(), b.description.decode()));
    }
    if a.description.tail() != b.description.tail() {
        out.push(Detail::values("description buffer", format!("{} bytes", a.description.0.len()), format!("{} bytes", b.description.0.len())));
    }
    // Clans pair by name; one whose name is on neither side pairs with the clan at its index
    // when that one's name is not on the other side either (a renamed clan).
    let renamed = |k: usize, x: &Clan| b.clan_by_name(x.name.bytes()).is_none() && b.clans.get(k).is_some_and(|y| a.clan_by_name(y.name.bytes()).is_none());
    for (k, x) in a.clans.iter().enumerate() {
        match b.clan_by_name(x.name.bytes()) {
            Some(j) => clan(x, &b.clans[j], out),
            None if renamed(k, x) => clan(x, &b.clans[k], out),
            None => out.push(Detail::removed(format!("clan {}", x.name.decode()), crate::doc::kinds::mission::clan_kind_label(x.kind))),
        }
    }
    for (k, y) in b.clans.iter().enumerate().filter(|(_, y)| a.clan_by_name(y.name.bytes()).is_none()) {
        if !a.clans.get(k).is_some_and(|x| renamed(k, x)) {
            out.push(Detail::added(format!("clan {}", y.name.decode()), crate::doc::kinds::mission::clan_kind_label(y.kind)));
        }
    }
    let pts = |p: &[[f32; 3]]| p.iter().map(|v| v3(*v)).collect::<Vec<_>>().join(" ");
    for x in &a.routes {
        match b.routes.iter().find(|y| y.id == x.id) {
            Some(y) if x.points.len() != y.points.len() || x.points.iter().zip(&y.points).any(|(p, q)| bits3(*p) != bits3(*q)) => {
                out.push(Detail::values(format!("route {}", x.id), pts(&x.points), pts(&y.points)));
            }
            Some(_) => {}
            None => out.push(Detail::removed(format!("route {}", x.id), format!("{} points", x.points.len()))),
        }
    }
    for y in b.routes.iter().filter(|y| !a.routes.iter().any(|x| x.id == y.id)) {
        out.push(Detail::added(format!("route {}", y.id), format!("{} points", y.points.len())));
    }
    let (pairs, only_a, only_b) = pair_objects(&a.objects, &b.objects);
    for &(i, j) in &pairs {
        object(j, &a.objects[i], &b.objects[j], out);
    }
    for i in only_a {
        out.push(Detail::removed(format!("object {i}"), format!("{} at {}", label(i, &a.objects[i]), v3(a.objects[i].position))));
    }
    for j in only_b {
        out.push(Detail::added(label(j, &b.objects[j]), v3(b.objects[j].position)));
    }
    let lode = |l: &crate::formats::tma::Lode| format!("{} amount {} found {} type 0x{:08X} extra 0x{:08X}", v3(l.position), l.amount, l.found, l.kind, l.extra);
    for k in 0..a.lodes.len().max(b.lodes.len()) {
        match (a.lodes.get(k), b.lodes.get(k)) {
            (Some(x), Some(y)) if lode(x) != lode(y) => out.push(Detail::values(format!("lode {k}"), lode(x), lode(y))),
            (Some(x), None) => out.push(Detail::removed(format!("lode {k}"), lode(x))),
            (None, Some(y)) => out.push(Detail::added(format!("lode {k}"), lode(y))),
            _ => {}
        }
    }
}

impl crate::doc::kinds::Diff for super::MissionCodec {
    fn diff(&self, a: &Side, b: &Side, opts: &crate::doc::diff::Options, change: &mut Change) {
        let o = Options { clan_body: opts.readings.clan_body, versions: VersionCheck::Gated };
        match (Mission::parse_with(&a.bytes, &o), Mission::parse_with(&b.bytes, &o)) {
            (Ok((x, _)), Ok((y, _))) => {
                mission_details(&x, &y, &mut change.details);
                change.context.push(format!("objects {} -> {}, clans {} -> {}", x.objects.len(), y.objects.len(), x.clans.len(), y.clans.len()));
            }
            (ra, rb) => change.damaged = damage(ra.err().map(|e| e.to_string()), rb.err().map(|e| e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::missions::mission;

    fn details(a: &Mission, b: &Mission) -> Vec<String> {
        let mut out = Vec::new();
        mission_details(a, b, &mut out);
        out.iter().map(Detail::line).collect()
    }

    #[test]
    fn an_unchanged_mission_has_no_details() {
        let m = mission(4);
        assert!(details(&m, &m).is_empty());
    }

    #[test]
    fn moved_rotated_owned_and_set_objects_pair_by_logical_id_even_reordered() {
        let a = mission(4);
        let mut b = a.clone();
        let k = b.objects.iter().position(|o| o.logical_id > 0).unwrap();
        b.objects[k].position[0] += 5.0;
        b.objects[k].rotation[2] = 1.5;
        b.objects[k].clan = 2;
        b.objects[k].properties[1] = Property::f32("Life state", 0.25, 0.0, 1.0);
        let moved = b.objects.remove(k);
        b.objects.push(moved);
        let d = details(&a, &b);
        let j = b.objects.len() - 1;
        let name = b.objects[j].name.decode();
        assert!(d.iter().any(|l| l.starts_with(&format!("object {j} ({name}) position")) && l.ends_with("(moved)")), "{d:#?}");
        assert!(d.iter().any(|l| l.contains("rotation") && l.ends_with("(rotated)")), "{d:#?}");
        assert!(d.iter().any(|l| l.contains("clan:") && l.ends_with("(clan changed)")), "{d:#?}");
        assert!(d.iter().any(|l| l.contains("property Life state: ") && l.ends_with("-> 0.25")), "{d:#?}");
        assert_eq!(d.len(), 4, "{d:#?}");
    }

    #[test]
    fn scenery_moves_pair_by_path_and_added_removed_clans_routes_lodes_show() {
        let a = mission(4);
        let mut b = a.clone();
        let k = b.objects.iter().position(|o| o.kind == 2).unwrap();
        b.objects[k].position[1] += 1.0;
        b.objects.push(Object::new(3, "rock09".into(), [1.0, 2.0, 3.0]));
        b.clans[1].relations[0].value = 2;
        b.lodes.clear();
        b.map_path = "DATA\\MAPS\\SC_9\\land".into();
        b.description.set_text(b"New text");
        let d = details(&a, &b);
        assert!(d.iter().any(|l| l.contains("position") && l.ends_with("(moved)")), "{d:#?}");
        assert!(d.iter().any(|l| l.starts_with(&format!("object {} (rock09): (1, 2, 3) (added)", b.objects.len() - 1))), "{d:#?}");
        assert!(d.iter().any(|l| l.starts_with("clan Plr relation to Ntrl: 1 -> 2")), "{d:#?}");
        assert!(d.iter().any(|l| l.starts_with("lode 0") && l.ends_with("(removed)")), "{d:#?}");
        assert!(d.contains(&format!("map: {} -> DATA\\MAPS\\SC_9\\land", a.map_path.decode())), "{d:#?}");
        assert!(d.iter().any(|l| l.starts_with("description: ")), "{d:#?}");
    }

    #[test]
    fn a_renamed_clan_pairs_by_its_index_and_shows_its_name() {
        let a = mission(4);
        let mut b = a.clone();
        let old = a.clans[1].name.decode();
        b.clans[1].name = "Renamed".into();
        let d = details(&a, &b);
        assert_eq!(d, [format!("clan Renamed name: {old} -> Renamed")]);
    }
}
