//! Unit trees component by component. Components are matched by their place in the tree (the
//! records of their ancestors, their record, and which of their parent's children of that
//! record they are), then what is left by record name alone (those were re-parented or moved);
//! the rest were added or removed. For each pair: parent, attachment, class, display name and
//! flags; and the file's class word and any bytes after the root's subtree.

use super::UnitCodec;
use crate::doc::diff::{Change, Detail, Options, Side, damage};
use crate::doc::kinds::Diff;
use crate::formats::unit_dat::{Component, UnitDat};
use std::collections::HashMap;

/// Each component's place: `root/child#n/...`, record names ASCII lower-cased.
fn places(u: &UnitDat) -> Vec<String> {
    let tree = u.tree();
    let mut out: Vec<String> = Vec::with_capacity(u.len());
    let mut seen: HashMap<(Option<usize>, Vec<u8>), usize> = HashMap::new();
    for (i, c) in u.components().iter().enumerate() {
        let parent = tree.parent.get(i).copied().flatten();
        let rec = c.record_bytes().to_ascii_lowercase();
        let n = seen.entry((parent, rec.clone())).or_insert(0);
        let base = parent.and_then(|p| out.get(p)).cloned().unwrap_or_default();
        out.push(format!("{base}/{}#{n}", crate::formats::cp1251::decode(&rec)));
        *n += 1;
    }
    out
}

fn label(i: usize, c: &Component) -> String {
    format!("component {i} {}", c.record())
}

fn parent_label(u: &UnitDat, p: Option<usize>) -> String {
    match p {
        Some(p) => label(p, u.component(p)),
        None => "(root)".into(),
    }
}

impl Diff for UnitCodec {
    fn diff(&self, a: &Side, b: &Side, opts: &Options, change: &mut Change) {
        let reading = opts.readings.unit_dat;
        let (ua, ub) = match (UnitDat::parse(&a.bytes, reading), UnitDat::parse(&b.bytes, reading)) {
            (Ok((x, _)), Ok((y, _))) => (x, y),
            (x, y) => {
                change.damaged = damage(x.err().map(|e| e.to_string()), y.err().map(|e| e.to_string()));
                return;
            }
        };
        let out = &mut change.details;
        if ua.class_word != ub.class_word {
            out.push(Detail::values("class word", format!("0x{:08X}", ua.class_word), format!("0x{:08X}", ub.class_word)));
        }
        if ua.magic != ub.magic {
            out.push(Detail::values("magic", format!("0x{:08X}", ua.magic), format!("0x{:08X}", ub.magic)));
        }
        let (pa, pb) = (places(&ua), places(&ub));
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let mut a_left: Vec<bool> = vec![true; pa.len()];
        let mut b_left: Vec<bool> = vec![true; pb.len()];
        let by_place: HashMap<&str, usize> = pa.iter().enumerate().map(|(i, p)| (p.as_str(), i)).collect();
        for (j, p) in pb.iter().enumerate() {
            if let Some(&i) = by_place.get(p.as_str()) {
                pairs.push((i, j));
                a_left[i] = false;
                b_left[j] = false;
            }
        }
        // Re-parented or moved: the same record elsewhere, first come first paired.
        for (j, left) in b_left.iter_mut().enumerate() {
            if !*left {
                continue;
            }
            let rec = ub.component(j).record_bytes();
            if let Some(i) = (0..pa.len()).find(|&i| a_left[i] && ua.component(i).record_bytes().eq_ignore_ascii_case(rec)) {
                pairs.push((i, j));
                a_left[i] = false;
                *left = false;
            }
        }
        pairs.sort_by_key(|&(_, j)| j);
        let (ta, tb) = (ua.tree(), ub.tree());
        for (i, j) in pairs {
            let (ca, cb) = (ua.component(i), ub.component(j));
            let at = label(j, cb);
            let (par_a, par_b) = (ta.parent.get(i).copied().flatten(), tb.parent.get(j).copied().flatten());
            let (la, lb) = (parent_label(&ua, par_a), parent_label(&ub, par_b));
            if pa[i].rsplit_once('/').map(|x| x.0) != pb[j].rsplit_once('/').map(|x| x.0) {
                out.push(Detail::values(format!("{at} parent"), la, lb));
            } else if i != j {
                out.push(Detail::note(at.clone(), format!("moved from component {i}")));
            }
            if ca.record_bytes() != cb.record_bytes() {
                out.push(Detail::values(format!("{at} record"), ca.record(), cb.record()));
            }
            if ca.archive_bytes() != cb.archive_bytes() {
                out.push(Detail::values(format!("{at} archive"), ca.archive(), cb.archive()));
            }
            if ca.attach() != cb.attach() {
                out.push(Detail::values(format!("{at} attach"), ca.attach(), cb.attach()));
            }
            if ca.class_raw() != cb.class_raw() {
                out.push(Detail::values(format!("{at} class"), ca.class().label(), cb.class().label()));
            }
            if ca.display_bytes() != cb.display_bytes() {
                out.push(Detail::values(format!("{at} display name"), ca.display_name(), cb.display_name()));
            }
            if ca.flags() != cb.flags() {
                out.push(Detail::values(format!("{at} flags"), ca.flags(), cb.flags()));
            }
        }
        for i in (0..pa.len()).filter(|&i| a_left[i]) {
            out.push(Detail::removed(label(i, ua.component(i)), format!("under {}", parent_label(&ua, ta.parent.get(i).copied().flatten()))));
        }
        for j in (0..pb.len()).filter(|&j| b_left[j]) {
            out.push(Detail::added(label(j, ub.component(j)), format!("under {}", parent_label(&ub, tb.parent.get(j).copied().flatten()))));
        }
        if ua.leftover != ub.leftover {
            out.push(Detail::values("bytes after the root's subtree", ua.leftover.len(), ub.leftover.len()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::diff::Kind as ChangeKind;
    use crate::doc::kinds::{FormatKind, ItemKind};
    use crate::formats::unit_dat::PartClass;

    fn side(u: &UnitDat) -> Side {
        Side::file("walker.dat", u.write().into())
    }

    #[test]
    fn components_are_matched_by_place_then_by_record() {
        let mut a = UnitDat::new(0x0100_8000, Component::new("r_ch", "Шасси", PartClass::Chassis, -1).unwrap());
        let t1 = a.add_child(0, None, Component::new("e_tur", "Башня", PartClass::Turret, 0).unwrap()).unwrap();
        let t2 = a.add_child(0, None, Component::new("e_tur2", "Turret 2", PartClass::Turret, 1).unwrap()).unwrap();
        a.add_child(t1, None, Component::new("e_gun", "gun", PartClass::Gun, 1).unwrap()).unwrap();
        a.add_child(0, None, Component::new("i_part", "engine", PartClass::Internal, 0).unwrap()).unwrap();
        let mut b = a.clone();
        // The gun moves to the second turret; the first turret's attach and name change; the
        // engine goes; a clip comes.
        let gun = (0..b.len()).find(|&i| b.component(i).record() == "e_gun").unwrap();
        let t2b = (0..b.len()).find(|&i| b.component(i).record() == "e_tur2").unwrap();
        b.move_subtree(gun, t2b, None).unwrap();
        let t1b = (0..b.len()).find(|&i| b.component(i).record() == "e_tur").unwrap();
        b.component_mut(t1b).unwrap().set_attach(5);
        b.component_mut(t1b).unwrap().set_display_name("Башня 2").unwrap();
        let eng = (0..b.len()).find(|&i| b.component(i).record() == "i_part").unwrap();
        b.remove_subtree(eng).unwrap();
        b.add_child(0, None, Component::new("o_clip", "clip", PartClass::Ammo, 0).unwrap()).unwrap();
        let _ = t2;
        let mut c = Change::new("UNITS/walker.dat", ChangeKind::Changed, ItemKind::Format(FormatKind::Unit));
        UnitCodec.diff(&side(&a), &side(&b), &Options::default(), &mut c);
        let d: Vec<String> = c.details.iter().map(|d| d.line()).collect();
        assert!(d.iter().any(|l| l.contains("e_tur attach: 0 -> 5")), "{d:#?}");
        assert!(d.iter().any(|l| l.contains("e_tur display name: Башня -> Башня 2")), "{d:#?}");
        assert!(d.iter().any(|l| l.contains("e_gun parent: component 1 e_tur -> component ") && l.contains("e_tur2")), "{d:#?}");
        assert!(d.iter().any(|l| l.contains("i_part") && l.contains("removed")), "{d:#?}");
        assert!(d.iter().any(|l| l.contains("o_clip") && l.contains("added")), "{d:#?}");
        assert!(!d.iter().any(|l| l.starts_with("component 0 ")), "the root did not change: {d:#?}");
    }
}
