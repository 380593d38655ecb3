//! A unit edit as the file's new bytes: the tree read from the tab's bytes, one of the codec's
//! edits (`formats::unit_dat`: its tree edits keep the layout a valid depth-first tree, its
//! setters only the field they name), written back whole. Each is one undo step.

use crate::app::intent::ItemEdit;
use crate::doc::ItemPath;
use crate::formats::cp1251;
use crate::formats::unit_dat::{Component, PartClass, Reading, UnitDat};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnitOp {
    SetRecord(usize, String),
    SetDisplay(usize, String),
    SetClass(usize, u32),
    SetAttach(usize, i32),
    /// A new leaf as `parent`'s last child, naming `record`.
    AddChild { parent: usize, record: String },
    /// The component and its whole subtree.
    Remove(usize),
    /// One place earlier among its siblings.
    MoveUp(usize),
    MoveDown(usize),
    /// Re-parents the component's subtree as `parent`'s last child.
    MoveTo { component: usize, parent: usize },
}

/// The first character of `text` with no Windows-1251 byte, if any.
pub fn first_unencodable(text: &str) -> Option<char> {
    text.chars().find(|c| cp1251::encode(c.encode_utf8(&mut [0; 4])).is_none())
}

/// The edit and the component to select after it, or why it is refused.
pub fn apply(path: &ItemPath, bytes: &[u8], reading: Reading, op: &UnitOp) -> Result<(ItemEdit, usize), String> {
    let (mut u, _) = UnitDat::parse(bytes, reading).map_err(|e| e.to_string())?;
    let (select, label) = run(&mut u, op)?;
    Ok((ItemEdit::bytes(path, u.write(), label), select))
}

/// Applies `op` to `u`: the component to select after it and the undo label.
pub fn run(u: &mut UnitDat, op: &UnitOp) -> Result<(usize, String), String> {
    let e = |e: crate::formats::Error| crate::app::i18n::messages::error_message(&e);
    let siblings = |u: &UnitDat, i: usize| -> Result<(usize, usize, usize), String> {
        let tree = u.tree();
        let p = tree.parent.get(i).copied().flatten().ok_or_else(|| crate::tr!("unit-err-root-siblings"))?;
        let k = tree.children[p].iter().position(|&c| c == i).ok_or_else(|| crate::tr!("unit-err-not-among", i = i.to_string()))?;
        Ok((p, k, tree.children[p].len()))
    };
    Ok(match op {
        UnitOp::SetRecord(i, name) => {
            u.component_mut(*i).map_err(e)?.set_record(name).map_err(e)?;
            (*i, crate::tr!("unit-undo-record", i = i.to_string(), name = name))
        }
        UnitOp::SetDisplay(i, name) => {
            if let Some(c) = first_unencodable(name) {
                return Err(crate::tr!("unit-err-cp1251", ch = format!("{c:?}"), code = format!("{:04X}", c as u32)));
            }
            u.component_mut(*i).map_err(e)?.set_display_name(name).map_err(e)?;
            (*i, crate::tr!("unit-undo-display", i = i.to_string(), name = name))
        }
        UnitOp::SetClass(i, v) => {
            u.component_mut(*i).map_err(e)?.set_class(*v);
            (*i, crate::tr!("unit-undo-class", i = i.to_string(), class = part_class_label(PartClass::from_raw(*v))))
        }
        UnitOp::SetAttach(i, v) => {
            u.component_mut(*i).map_err(e)?.set_attach(*v);
            (*i, crate::tr!("unit-undo-attach", i = i.to_string(), at = v.to_string()))
        }
        UnitOp::AddChild { parent, record } => {
            let c = Component::new(record, "", PartClass::Internal, 0).map_err(e)?;
            let at = u.add_child(*parent, None, c).map_err(e)?;
            (at, crate::tr!("unit-undo-add", i = parent.to_string()))
        }
        UnitOp::Remove(i) => {
            let p = u.parent_of(*i).ok_or_else(|| crate::tr!("unit-err-root-remove"))?;
            let gone = u.remove_subtree(*i).map_err(e)?;
            (p, crate::tr!("unit-undo-remove", i = i.to_string(), n = gone.len()))
        }
        UnitOp::MoveUp(i) => {
            let (p, k, _) = siblings(u, *i)?;
            if k == 0 {
                return Err(crate::tr!("unit-err-first", i = i.to_string()));
            }
            (u.move_subtree(*i, p, Some(k - 1)).map_err(e)?, crate::tr!("unit-undo-up", i = i.to_string()))
        }
        UnitOp::MoveDown(i) => {
            let (p, k, n) = siblings(u, *i)?;
            if k + 1 >= n {
                return Err(crate::tr!("unit-err-last", i = i.to_string()));
            }
            (u.move_subtree(*i, p, Some(k + 1)).map_err(e)?, crate::tr!("unit-undo-down", i = i.to_string()))
        }
        UnitOp::MoveTo { component, parent } => (u.move_subtree(*component, *parent, None).map_err(e)?, crate::tr!("unit-undo-move-to", i = component.to_string(), parent = parent.to_string())),
    })
}

/// The components `i` may move under: every one outside its own subtree.
pub fn parents_for(u: &UnitDat, i: usize) -> Vec<usize> {
    let end = u.subtree_end(i);
    (0..u.len()).filter(|p| !(i..end).contains(p)).collect()
}

/// A part class in the interface's language.
pub fn part_class_label(c: PartClass) -> String {
    match c {
        PartClass::Chassis => crate::tr!("unit-part-chassis"),
        PartClass::Turret => crate::tr!("unit-part-turret"),
        PartClass::Armour => crate::tr!("unit-part-armour"),
        PartClass::Internal => crate::tr!("unit-part-internal"),
        PartClass::Gun => crate::tr!("unit-part-gun"),
        PartClass::Ammo => crate::tr!("unit-part-ammo"),
        PartClass::Other(_) => crate::tr!("unit-part-unknown"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// root(0) → a(1) → b(2); root → c(3)
    fn unit() -> UnitDat {
        let mut u = UnitDat::new(0x0100_0000, Component::new("r_root", "Root", PartClass::Chassis, -1).unwrap());
        let a = u.add_child(0, None, Component::new("r_a", "A", PartClass::Turret, 1).unwrap()).unwrap();
        u.add_child(a, None, Component::new("r_b", "B", PartClass::Gun, 2).unwrap()).unwrap();
        u.add_child(0, None, Component::new("r_c", "C", PartClass::Internal, 0).unwrap()).unwrap();
        u
    }

    fn records(u: &UnitDat) -> Vec<String> {
        u.components().iter().map(|c| c.record().into_owned()).collect()
    }

    #[test]
    fn moves_keep_a_valid_tree_and_select_the_moved_component() {
        let mut u = unit();
        assert_eq!(run(&mut u, &UnitOp::MoveDown(1)).unwrap().0, 2);
        assert_eq!(records(&u), ["r_root", "r_c", "r_a", "r_b"]);
        assert!(u.is_valid_tree());
        assert_eq!(run(&mut u, &UnitOp::MoveUp(2)).unwrap().0, 1);
        assert_eq!(records(&u), ["r_root", "r_a", "r_b", "r_c"]);
        assert!(run(&mut u, &UnitOp::MoveUp(1)).unwrap_err().contains("first"));
        assert!(run(&mut u, &UnitOp::MoveDown(3)).unwrap_err().contains("last"));
        // c under b, then a's subtree holds three.
        assert_eq!(run(&mut u, &UnitOp::MoveTo { component: 3, parent: 2 }).unwrap().0, 3);
        assert_eq!(u.tree().parent, [None, Some(0), Some(1), Some(2)]);
        assert_eq!(parents_for(&u, 1), [0]);
        assert!(run(&mut u, &UnitOp::MoveTo { component: 1, parent: 2 }).is_err(), "not into its own subtree");
        assert!(u.is_valid_tree());
    }

    #[test]
    fn add_remove_and_fields() {
        let mut u = unit();
        let (at, _) = run(&mut u, &UnitOp::AddChild { parent: 1, record: "r_new".into() }).unwrap();
        assert_eq!((at, u.component(at).record().as_ref()), (3, "r_new"));
        assert_eq!(u.parent_of(3), Some(1));
        assert_eq!(run(&mut u, &UnitOp::Remove(1)).unwrap().0, 0);
        assert_eq!(records(&u), ["r_root", "r_c"]);
        assert!(run(&mut u, &UnitOp::Remove(0)).is_err());
        run(&mut u, &UnitOp::SetDisplay(1, "Пушка".into())).unwrap();
        assert_eq!(u.component(1).display_name(), "Пушка");
        let err = run(&mut u, &UnitOp::SetDisplay(1, "gun ß".into())).unwrap_err();
        assert!(err.contains("U+00DF") && err.contains("Windows-1251"), "{err}");
        assert_eq!(u.component(1).display_name(), "Пушка", "a refused name leaves the field");
        run(&mut u, &UnitOp::SetClass(1, 4)).unwrap();
        run(&mut u, &UnitOp::SetAttach(1, 7)).unwrap();
        assert_eq!((u.component(1).class(), u.component(1).attach()), (PartClass::Gun, 7));
        let b = u.write();
        assert_eq!(UnitDat::parse(&b, Reading::Strict).unwrap().0, u);
    }
}
