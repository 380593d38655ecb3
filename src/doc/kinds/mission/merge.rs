//! Three-way merge of missions object by object (docs/formats/parkanmod.md, "Mission
//! objects"): two edits of one base mission merge when they touch different objects, or
//! different fields of one object. Objects are paired with the base as `diff` pairs them (by
//! logical id, then kind, path and place, then kind and path); `theirs`' changes are laid over
//! `ours`: an edited field, a removed object, an added one. The rest of the mission (clans,
//! routes, lodes, map, description, versions) merges part by part: a part only one side
//! changed takes that side's. Both sides changing one field of one object, or one part,
//! differently is a conflict; so is one side editing an object the other removed.

use super::diff::pair_objects;
use crate::formats::Message;
use crate::formats::tma::{Mission, Object};
use crate::msg;

/// The fields of an object, each compared and taken as a whole.
const FIELDS: &[&str] = &["kind", "marker", "path", "clan", "logical id", "position", "rotation", "scale", "name", "start", "host", "vertex", "property word", "properties"];

/// Whether field `f` of two objects is equal.
fn same(f: usize, a: &Object, b: &Object) -> bool {
    let bits = |v: [f32; 3]| v.map(f32::to_bits);
    match f {
        0 => a.kind == b.kind,
        1 => a.marker == b.marker,
        2 => a.path == b.path,
        3 => a.clan == b.clan,
        4 => a.logical_id == b.logical_id,
        5 => bits(a.position) == bits(b.position),
        6 => bits(a.rotation) == bits(b.rotation),
        7 => bits(a.scale) == bits(b.scale),
        8 => a.name == b.name,
        9 => a.start == b.start,
        10 => a.host == b.host,
        11 => a.vertex == b.vertex,
        12 => a.property_word == b.property_word,
        _ => a.properties == b.properties,
    }
}

/// Field `f` of `from` into `to`.
fn take(f: usize, to: &mut Object, from: &Object) {
    match f {
        0 => to.kind = from.kind,
        1 => to.marker = from.marker,
        2 => to.path = from.path.clone(),
        3 => to.clan = from.clan,
        4 => to.logical_id = from.logical_id,
        5 => to.position = from.position,
        6 => to.rotation = from.rotation,
        7 => to.scale = from.scale,
        8 => to.name = from.name.clone(),
        9 => to.start = from.start,
        10 => to.host = from.host,
        11 => to.vertex = from.vertex,
        12 => to.property_word = from.property_word,
        _ => to.properties = from.properties.clone(),
    }
}

fn object_label(i: usize, o: &Object) -> String {
    let what = if o.name.is_empty() { o.path.decode() } else { o.name.decode() };
    format!("object {i} ({what})")
}

/// For each base object, its partner on the other side.
fn partners(base: &[Object], other: &[Object]) -> (Vec<Option<usize>>, Vec<usize>) {
    let (pairs, _, added) = pair_objects(base, other);
    let mut of = vec![None; base.len()];
    for (i, j) in pairs {
        of[i] = Some(j);
    }
    (of, added)
}

/// A part of the mission other than its objects: the side that changed it, or a conflict.
fn merged<T: PartialEq>(what: &str, base: T, ours: T, theirs: T, conflicts: &mut Vec<Message>) -> T {
    if theirs == base || theirs == ours {
        ours
    } else if ours == base {
        theirs
    } else {
        conflicts.push(msg!("mission-merge-both-changed", "{what}: both sides changed it", what = what));
        ours
    }
}

/// `theirs`' changes against `base` laid over `ours`, or every conflict.
pub fn merge_missions(base: &Mission, ours: &Mission, theirs: &Mission) -> Result<Mission, Vec<Message>> {
    let mut out = ours.clone();
    let mut conflicts = Vec::new();
    let versions = |m: &Mission| (m.version, m.clan_version, m.object_version);
    (out.version, out.clan_version, out.object_version) = merged("versions", versions(base), versions(ours), versions(theirs), &mut conflicts);
    out.routes = merged("routes", &base.routes, &ours.routes, &theirs.routes, &mut conflicts).clone();
    out.clans = merged("clans", &base.clans, &ours.clans, &theirs.clans, &mut conflicts).clone();
    let map = |m: &Mission| (m.map_path.clone(), m.map_word);
    (out.map_path, out.map_word) = merged("map", map(base), map(ours), map(theirs), &mut conflicts);
    out.description = merged("description", &base.description, &ours.description, &theirs.description, &mut conflicts).clone();
    let lodes = |m: &Mission| (m.lode_word, m.lodes.clone());
    (out.lode_word, out.lodes) = merged("lodes", lodes(base), lodes(ours), lodes(theirs), &mut conflicts);

    let (in_ours, _) = partners(&base.objects, &ours.objects);
    let (in_theirs, added) = partners(&base.objects, &theirs.objects);
    let mut removed = Vec::new();
    for (i, b) in base.objects.iter().enumerate() {
        let label = object_label(i, b);
        match (in_ours[i], in_theirs[i]) {
            (_, Some(t)) if theirs.objects[t] == *b => {}
            (None, Some(_)) => conflicts.push(msg!("mission-merge-removed-edited", "{label}: removed on one side, edited on the other", label = &label)),
            (None, None) => {}
            (Some(o), None) if ours.objects[o] != *b => conflicts.push(msg!("mission-merge-edited-removed", "{label}: edited on one side, removed on the other", label = &label)),
            (Some(o), None) => removed.push(o),
            (Some(o), Some(t)) => {
                let (mine, them) = (&ours.objects[o], &theirs.objects[t]);
                for (f, name) in FIELDS.iter().enumerate() {
                    if same(f, them, b) || same(f, them, mine) {
                        continue;
                    }
                    if same(f, mine, b) {
                        take(f, &mut out.objects[o], them);
                    } else {
                        conflicts.push(msg!("mission-merge-field", "{label}: both sides changed its {name}", label = &label, name = *name));
                    }
                }
            }
        }
    }
    if !conflicts.is_empty() {
        return Err(conflicts);
    }
    removed.sort_unstable();
    for o in removed.into_iter().rev() {
        out.objects.remove(o);
    }
    out.objects.extend(added.into_iter().map(|j| theirs.objects[j].clone()));
    Ok(out)
}

impl crate::doc::kinds::Merge for super::MissionCodec {
    fn merge3(&self, base: &[u8], ours: &[u8], theirs: &[u8]) -> Result<Vec<u8>, crate::formats::Message> {
        let read = |b: &[u8], what: &str| Mission::parse(b).map(|(m, _)| m).map_err(|e| format!("{what} does not read: {e}"));
        let (b, o, t) = (read(base, "the base mission")?, read(ours, "the game's mission")?, read(theirs, "the mod's mission")?);
        merge_missions(&b, &o, &t).map(|m| m.write()).map_err(|c| {
            // Every conflict, in one message: "a; b; c".
            let mut all = c.into_iter();
            let first = all.next().unwrap_or_else(|| crate::formats::Message::from(""));
            all.fold(first, |a, b| crate::msg!("merge-conflict-and", "{a}; {b}", a = &a, b = &b))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::kinds::Merge;
    use crate::doc::kinds::mission::MissionCodec;
    use crate::fixtures::missions::mission;

    #[test]
    fn moves_of_different_objects_and_fields_merge_and_the_same_field_conflicts() {
        let base = mission(4);
        let (mut ours, mut theirs) = (base.clone(), base.clone());
        ours.objects[1].position[0] += 10.0;
        theirs.objects[2].position[1] += 20.0;
        theirs.objects[1].rotation[2] = 0.5;
        theirs.objects.push(Object::new(2, "tree09".into(), [1.0, 1.0, 0.0]));
        let merged = MissionCodec.merge3(&base.write(), &ours.write(), &theirs.write()).unwrap();
        let (m, _) = Mission::parse(&merged).unwrap();
        assert_eq!(m.objects[1].position, ours.objects[1].position);
        assert_eq!(m.objects[1].rotation, theirs.objects[1].rotation);
        assert_eq!(m.objects[2].position, theirs.objects[2].position);
        assert_eq!(m.objects.len(), base.objects.len() + 1);
        // Both moving object 1: a conflict naming it.
        theirs.objects[1].position[0] -= 3.0;
        let e = MissionCodec.merge3(&base.write(), &ours.write(), &theirs.write()).unwrap_err();
        assert!(e.english.contains("object 1") && e.english.contains("position"), "{e}");
    }

    #[test]
    fn removed_against_edited_conflicts_and_untouched_parts_take_the_changed_side() {
        let base = mission(6);
        let (mut ours, mut theirs) = (base.clone(), base.clone());
        ours.objects[0].clan = 2;
        theirs.objects.remove(0);
        assert!(merge_missions(&base, &ours, &theirs).unwrap_err()[0].english.contains("removed"));
        let mut theirs = base.clone();
        theirs.lodes.clear();
        theirs.objects.remove(3);
        let m = merge_missions(&base, &ours, &theirs).unwrap();
        assert!(m.lodes.is_empty() && m.objects.len() == base.objects.len() - 1 && m.objects[0].clan == 2);
        ours.lodes[0].amount += 1.0;
        assert!(merge_missions(&base, &ours, &theirs).unwrap_err().iter().any(|c| c.english.starts_with("lodes")));
    }
}
