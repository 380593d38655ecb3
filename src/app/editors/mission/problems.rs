//! The mission's problems as you work: the world check of `doc::world` (docs/formats/tma.md,
//! "In the game folder") on the tab's mission and its built scene. What the mission says about
//! itself (owners, relations, hosts that no building is) comes with every parse; what needs
//! the game folder (objects whose path names nothing, hall-way vertices their host's building
//! lacks, objects below or far above the ground or off the map, lodes off the map) comes with
//! each build of the scene and is checked again at every edit against it. Each finding names
//! its object and carries the offset of the object's record, so the Diagnostics panel's click
//! selects it (`MissionEditor::handle`), and lands in `object_findings`, which marks the object in the view.

use super::scene::{Built, structure_key};
use super::selection::{Marker, Selection};
use crate::doc::kinds::mission::diff::label;
use crate::doc::world::{ABOVE, BELOW, Finding, host, mission_findings};
use crate::formats::landmap::decimal;
use crate::formats::message::Arg;
use crate::formats::{Diagnostic, Message};
use crate::msg;
use crate::formats::tma::{Mission, Offsets};
use std::collections::BTreeSet;

/// Rounds a distance for a message (`20`, `0.5`).
fn round(d: f32) -> f32 {
    (d * 10.0).round() / 10.0
}

/// "object 12 (Base 3)" for the "object 12" a finding starts with.
fn named(m: &Mission, message: String) -> String {
    let Some(rest) = message.strip_prefix("object ") else { return message };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[..digits].parse::<usize>().ok().and_then(|i| m.objects.get(i).map(|o| (i, o))) {
        Some((i, o)) => format!("{}{}", label(i, o), &rest[digits..]),
        None => message,
    }
}

/// Every finding of the world check for `m` (laid out as `at`) against a built scene; the
/// object-level facts only while the scene was built for `m`'s objects.
pub fn world_findings(m: &Mission, at: &Offsets, built: Option<&Built>) -> Vec<Finding> {
    let mut out = mission_findings(m, at);
    let object_at = |i: usize| at.objects.get(i).copied().unwrap_or(0) as u64;
    let Some(b) = built else { return name_all(m, out) };
    if b.key == structure_key(m) {
        for (i, why) in &b.facts.missing {
            out.push(Finding::new(object_at(*i), why.clone().prefixed(&format!("object {i}: "))));
        }
        for (i, o) in m.objects.iter().enumerate().filter(|(_, o)| o.host >= 0 && o.vertex >= 0) {
            let Some(n) = host(m, o.host).and_then(|h| b.facts.hallways.get(h).copied().flatten()) else { continue };
            if o.vertex as u32 >= n {
                out.push(Finding::new(
                    object_at(i),
                    msg!(
                        "mission-vertex-past-hallway",
                        "object {i} starts at hall-way vertex {vertex} of host {host}, whose hall-way has {n}",
                        i = i,
                        vertex = o.vertex,
                        host = o.host,
                        n = n
                    ),
                ));
            }
        }
    }
    if let Some(g) = &b.ground {
        for (i, o) in m.objects.iter().enumerate() {
            // A unit started in a hall-way ignores its position.
            if o.host >= 0 && o.vertex >= 0 {
                continue;
            }
            let [x, y, z] = o.position;
            let message = match g.height(x, y) {
                Some(h) if z < h - BELOW => msg!("mission-below-ground", "object {i} stands {d} below the ground", i = i, d = decimal(round(h - z))),
                Some(h) if z > h + ABOVE => msg!("mission-above-ground", "object {i} floats {d} above the ground", i = i, d = decimal(round(z - h))),
                None if !g.covers(x, y) => msg!("mission-object-off-map", "object {i} stands outside the map ({x}, {y})", i = i, x = decimal(x), y = decimal(y)),
                _ => continue,
            };
            out.push(Finding::new(object_at(i), message));
        }
        for (i, l) in m.lodes.iter().enumerate() {
            if !g.covers(l.position[0], l.position[1]) {
                let offset = at.lodes.get(i).copied().unwrap_or(0) as u64;
                out.push(Finding::new(offset, msg!("mission-lode-off-map", "lode {lode} lies outside the map ({x}, {y})", lode = i, x = decimal(l.position[0]), y = decimal(l.position[1]))));
            }
        }
    }
    name_all(m, out)
}

/// Every finding about an object named by its label, in English and in its message's `i` (a
/// translation writes "object { $i }" its own way).
fn name_all(m: &Mission, mut out: Vec<Finding>) -> Vec<Finding> {
    for f in &mut out {
        if f.message.starts_with("object ")
            && let Some(k) = &mut f.key
            && let Some((_, arg)) = k.args.iter_mut().find(|(n, _)| *n == "i")
            && let Arg::Int(i) = *arg
            && let Some(o) = usize::try_from(i).ok().and_then(|i| m.objects.get(i).map(|o| (i, o)))
        {
            *arg = Arg::Text(label(o.0, o.1).trim_start_matches("object ").to_string());
        }
        if let Some(k) = &mut f.key
            && k.prefix.starts_with("object ")
        {
            k.prefix = named(m, std::mem::take(&mut k.prefix));
        }
        f.message = named(m, std::mem::take(&mut f.message));
    }
    out
}

/// The object whose record holds `offset`.
pub fn object_at(at: &Offsets, offset: u64) -> Option<usize> {
    let k = at.objects.partition_point(|&o| o as u64 <= offset);
    let i = k.checked_sub(1)?;
    let end = at.objects.get(i + 1).copied().unwrap_or(at.map_path) as u64;
    (offset < end).then_some(i)
}

/// What is at `offset`: an object, a lode or a clan, as a selection.
pub fn selection_at(at: &Offsets, offset: u64) -> Option<Selection> {
    if let Some(i) = object_at(at, offset) {
        return Some(Selection { objects: BTreeSet::from([i]), marker: None });
    }
    let marker = if let Some(l) = at.lodes.iter().position(|&o| o as u64 == offset) {
        Marker::Lode(l)
    } else {
        let k = at.clans.partition_point(|&o| o as u64 <= offset).checked_sub(1)?;
        let end = at.clans.get(k + 1).copied().or(at.objects.first().copied()).unwrap_or(at.end) as u64;
        if offset >= end {
            return None;
        }
        Marker::Clan(k)
    };
    Some(Selection { objects: BTreeSet::new(), marker: Some(marker) })
}

/// The tab's findings as the Diagnostics panel lists them (after the parse's own), and the
/// ones about objects by object (the view's warning marks).
pub fn diagnostics(m: &Mission, at: &Offsets, built: Option<&Built>) -> (Vec<Diagnostic>, Vec<(usize, String)>) {
    let findings = world_findings(m, at, built);
    let objects = findings.iter().filter_map(|f| object_at(at, f.offset).map(|i| (i, f.message.clone()))).collect();
    (findings.into_iter().map(|f| Diagnostic::warning(f.offset, Message { english: f.message, key: f.key })).collect(), objects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::missions::mission;

    #[test]
    fn a_finding_names_its_object_and_its_offset_selects_it() {
        let mut m = mission(4);
        let k = m.objects.iter().position(|o| o.kind == 1).unwrap();
        m.objects[k].host = 9999;
        let (_, at) = m.write_with_offsets();
        let f = world_findings(&m, &at, None);
        let mine: Vec<&Finding> = f.iter().filter(|f| f.message.contains("host 9999")).collect();
        assert_eq!(mine.len(), 1, "{f:#?}");
        assert!(mine[0].message.starts_with(&format!("{} starts in host 9999", label(k, &m.objects[k]))), "{}", mine[0].message);
        assert_eq!(object_at(&at, mine[0].offset), Some(k));
        assert_eq!(selection_at(&at, mine[0].offset).unwrap().objects, BTreeSet::from([k]));
        assert_eq!(selection_at(&at, at.lodes[0] as u64).unwrap().marker, Some(Marker::Lode(0)));
        assert_eq!(selection_at(&at, at.clans[1] as u64 + 2).unwrap().marker, Some(Marker::Clan(1)));
    }

    #[test]
    fn against_the_built_scene_missing_paths_the_ground_and_lodes_off_the_map_are_found() {
        let d = tempfile::tempdir().unwrap();
        let (tma, _) = crate::fixtures::mission_bench::write(d.path(), 30).unwrap();
        let mut m = Mission::parse(&std::fs::read(&tma).unwrap()).unwrap().0;
        m.objects[3].position[2] = -50.0;
        m.objects[4].position[2] = 500.0;
        m.lodes[0].position = [-900.0, 40.0, 0.0];
        let bytes = m.write();
        std::fs::write(&tma, &bytes).unwrap();
        let input = super::super::scene::BuildInput { name: "data.tma".into(), bytes: bytes.into(), root: crate::doc::resolve::world::GameFolder::root_of(&tma), readings: Default::default() };
        let built = input.run().unwrap();
        let at = m.offsets();
        let f = world_findings(&m, &at, Some(&built));
        let about = |i: usize, what: &str| f.iter().any(|x| object_at(&at, x.offset) == Some(i) && x.message.starts_with(&label(i, &m.objects[i])) && x.message.contains(what));
        // Every 25th object names a path that is nowhere (`fixtures::world_scene::mission`).
        assert!(about(24, "nothing.dat"), "{f:#?}");
        assert!(about(3, "below the ground") && about(4, "above the ground"), "{f:#?}");
        assert!(f.iter().any(|x| x.message.starts_with("lode 0 lies outside the map") && x.offset == at.lodes[0] as u64), "{f:#?}");
        // In Russian: the missing path's reason keeps its id behind the object's label, and a
        // height is written with the decimal comma.
        let ru = |x: &Finding| crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &x.message, x.key.as_deref());
        let missing = f.iter().find(|x| object_at(&at, x.offset) == Some(24)).expect("object 24");
        assert!(missing.key.is_some() && ru(missing).starts_with(&format!("{}: ", label(24, &m.objects[24]))) && ru(missing) != missing.message, "{}", ru(missing));
        let below = f.iter().find(|x| object_at(&at, x.offset) == Some(3) && x.message.contains("below")).expect("object 3");
        let d = below.message.split("stands ").nth(1).and_then(|r| r.split(' ').next()).expect("a distance");
        assert!(ru(below).ends_with(&format!("стоит на {} ниже земли", d.replace('.', ","))), "{} / {}", ru(below), below.message);
        // Without the scene, only what the mission says about itself.
        assert!(world_findings(&m, &at, None).iter().all(|x| !x.message.contains("nothing.dat")));
    }

    #[test]
    fn a_message_without_an_object_stays_as_it_is() {
        let m = mission(4);
        assert_eq!(named(&m, "lode 3 lies outside".into()), "lode 3 lies outside");
        assert_eq!(named(&m, "object 99999 is odd".into()), "object 99999 is odd");
    }
}
