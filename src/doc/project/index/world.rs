//! The object database in the index (docs/formats/objects.md, unit-dat.md): archives and their
//! members found by name anywhere in the project, as the game opens them, and the findings that
//! need more than one item: records that name themselves through their parent slots, and unit
//! components attached to a node their parent's mesh does not have.

use super::*;
use super::link::Resolved;
use super::read::descend;
use crate::formats::msh::Msh;
use crate::formats::msh::nodes::NodeTable;
use std::collections::HashSet;

/// Splits a slot's or component's ref name, `ARCHIVE::MEMBER` (an archive name never holds a
/// colon: it is a file name).
pub(in crate::doc) fn split_member(name: &[u8]) -> (&[u8], &[u8]) {
    match name.windows(2).position(|w| w == b"::") {
        Some(p) => (&name[..p], &name[p + 2..]),
        None => (&[], name),
    }
}

impl Index {
    /// The files named `archive` (ASCII case-insensitively) anywhere in the project, the
    /// shallowest (then the first by path) first: the one a record's slot reaches.
    pub fn find_archive(&self, archive: &str) -> Option<u32> {
        self.by_file_name.get(&archive.to_ascii_lowercase()).and_then(|v| v.first().copied())
    }

    /// The entry `member` of the archive named `archive`, both ASCII case-insensitively, as
    /// the game opens them: the archive by file name anywhere in the project folder
    /// ([`Index::find_archive`]), the first entry of that name in it. A record's slot
    /// (`static.rlb`, `s_tree01.msh`), a unit component's record (`objects.rlb`, `r_ch_000`).
    pub fn find_member(&self, archive: &str, member: &str) -> Option<ItemId> {
        let f = self.find_archive(archive)?;
        self.members.get(&(f, member.to_ascii_lowercase())).map(|&item| ItemId { file: f, item })
    }

    /// Everything that uses the item, transitively, breadth first, each with its depth (1: a
    /// direct user) and the link that reaches it: a texture ← the materials whose phases name it
    /// ← the WEAR rows that name those ← the meshes whose material bytes reach those rows ← the
    /// records whose slots name the meshes ← the unit trees whose components name the records.
    /// A table reached through one of its material rows passes on only to the meshes whose
    /// bytes reach that row.
    pub fn reached_by(&self, id: ItemId) -> Vec<(usize, Link)> {
        let mut out = Vec::new();
        let mut seen: HashSet<(ItemId, Option<usize>)> = HashSet::from([(id, None)]);
        let mut queue = std::collections::VecDeque::from([(id, None::<usize>, 0usize)]);
        while let Some((cur, row, depth)) = queue.pop_front() {
            for &(from, k) in self.used_by.get(&cur).into_iter().flatten() {
                let Some(user) = self.item(from) else { continue };
                let Some(r) = user.refs.get(k as usize) else { continue };
                if row.is_some() && r.kind == RefKind::Table && r.target.and_then(|t| t.row) != row {
                    continue;
                }
                let next_row = match r.at {
                    At::Row { row, lightmaps: false, .. } => Some(row),
                    _ => None,
                };
                if !seen.insert((from, next_row)) {
                    continue;
                }
                let exact = r.target.is_some_and(|t| t.exact);
                out.push((depth + 1, Link { item: from, address: user.address.clone(), kind: r.kind, name: r.name.clone(), at: r.at, exact }));
                queue.push_back((from, next_row, depth + 1));
            }
        }
        out
    }

    /// What a slot's or component's `ARCHIVE::MEMBER` reaches.
    pub(super) fn resolve_member(&self, name: &[u8]) -> Resolved {
        let (archive, member) = split_member(name);
        let (archive, member) = (crate::formats::cp1251::decode(archive), crate::formats::cp1251::decode(member));
        if archive.is_empty() {
            return Resolved::Missing(msg!("project-slot-no-archive", "the slot names no archive"));
        }
        let Some(f) = self.find_archive(&archive) else {
            return Resolved::Missing(msg!("project-no-archive-file", "no file named {archive} in the project", archive = archive));
        };
        match self.members.get(&(f, member.to_ascii_lowercase())) {
            Some(&item) => Resolved::Found(Target { item: ItemId { file: f, item }, exact: true, row: None }),
            None => Resolved::Missing(msg!("project-not-in", "not in {place}", place = &self.files[f as usize].rel)),
        }
    }

    /// Records whose parent slots lead back to themselves, and sockets that name no node of
    /// the parent component's mesh.
    pub(super) fn world_problems(&self) -> Vec<Problem> {
        let mut out = self.parent_cycles();
        out.extend(self.bad_sockets());
        out
    }

    /// The records a record's parent slots reach.
    fn parents_of(&self, id: ItemId) -> Vec<ItemId> {
        let Some(it) = self.item(id) else { return Vec::new() };
        it.refs
            .iter()
            .filter(|r| r.kind == RefKind::Slot)
            .filter_map(|r| r.target)
            .map(|t| t.item)
            .filter(|t| self.item(*t).is_some_and(|x| x.kind == FormatKind::Record))
            .collect()
    }

    fn parent_cycles(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        for (id, it) in self.items() {
            if it.kind != FormatKind::Record {
                continue;
            }
            // Breadth first from the record's parents, remembering how each was reached.
            let mut came: HashMap<ItemId, ItemId> = HashMap::new();
            let mut queue: std::collections::VecDeque<ItemId> = self.parents_of(id).into();
            for &p in &queue {
                came.entry(p).or_insert(id);
            }
            let mut seen: HashSet<ItemId> = HashSet::new();
            while let Some(cur) = queue.pop_front() {
                if cur == id {
                    break;
                }
                if !seen.insert(cur) {
                    continue;
                }
                for p in self.parents_of(cur) {
                    came.entry(p).or_insert(cur);
                    queue.push_back(p);
                }
            }
            if !came.contains_key(&id) {
                continue;
            }
            // The path back: id ← ... ← id.
            let mut path = vec![it.name.clone()];
            let mut cur = came.get(&id).copied();
            while let Some(c) = cur.filter(|&c| c != id && path.len() <= came.len()) {
                path.push(self.item(c).map_or_else(String::new, |x| x.name.clone()));
                cur = came.get(&c).copied();
            }
            path.push(it.name.clone());
            let n = path.len();
            path[1..n - 1].reverse();
            out.push(Problem::warning(
                it.address.clone(),
                None,
                msg!("project-record-cycle", "the record names itself through its parent slots: {path}", path = path.join(" → ")),
            ));
        }
        out
    }

    /// The nodes of a mesh item, read from the file's tree (`None`: not a mesh, or unread).
    fn node_count(&self, mesh: ItemId) -> Option<usize> {
        let file = self.files.get(mesh.file as usize)?;
        let item = file.items.get(mesh.item as usize)?;
        let (&last, parent) = item.entries.split_last()?;
        let holder = descend(file.node.as_ref()?, parent)?;
        let bytes = holder.entry_bytes(last).ok()?;
        let (_, msh, _) = Msh::parse(bytes).ok()?;
        Some(msh.get::<NodeTable>().and_then(|t| t.ok()).map_or(0, |t| t.len()))
    }

    /// Turrets and guns attached to a node their parent component's mesh does not have: the
    /// parent's record, that record's mesh slot, the mesh's node table.
    fn bad_sockets(&self) -> Vec<Problem> {
        let mut nodes: HashMap<ItemId, Option<(usize, String)>> = HashMap::new();
        let mut out = Vec::new();
        for (_, it) in self.items() {
            if it.kind != FormatKind::Unit {
                continue;
            }
            for r in &it.refs {
                let At::Component { index, offset, parent: Some(parent), socket: Some(node) } = r.at else { continue };
                let Some(record) = it.refs.iter().find(|p| matches!(p.at, At::Component { index: i, .. } if i == parent)).and_then(|p| p.target) else {
                    continue;
                };
                let Some(rec) = self.item(record.item) else { continue };
                let mesh = rec.refs.iter().filter(|s| s.kind == RefKind::Slot).find_map(|s| {
                    let (_, member) = split_member(&s.name_bytes);
                    let is_mesh = member.len() > 4 && member[member.len() - 4..].eq_ignore_ascii_case(b".msh");
                    s.target.filter(|_| is_mesh)
                });
                let Some(mesh) = mesh else { continue };
                let found = nodes
                    .entry(mesh.item)
                    .or_insert_with(|| self.node_count(mesh.item).map(|n| (n, self.item(mesh.item).map_or_else(String::new, |m| m.address.clone()))))
                    .clone();
                if let Some((count, address)) = found
                    && node as usize >= count
                {
                    let mut p = Problem::warning(
                        it.address.clone(),
                        Some(offset + 68),
                        if count == 1 {
                            msg!(
                                "project-socket-past-one",
                                "component {index} ({name}) is attached to node {node} of its parent's mesh {address}, which has {count} node",
                                index = index,
                                name = &r.name,
                                node = node,
                                address = &address,
                                count = count
                            )
                        } else {
                            msg!(
                                "project-socket-past",
                                "component {index} ({name}) is attached to node {node} of its parent's mesh {address}, which has {count} nodes",
                                index = index,
                                name = &r.name,
                                node = node,
                                address = &address,
                                count = count
                            )
                        },
                    );
                    p.related = Some(address);
                    out.push(p);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::objects::{RecordSpec, objects_rlb};
    use crate::fixtures::unit_dat::{Part, write};
    use crate::formats::objrec::Kind;

    fn spec(key: &str, kind: Kind, slots: &[(&str, &str)]) -> RecordSpec {
        RecordSpec { key: key.into(), kind, slots: slots.iter().map(|(a, m)| (a.to_string(), m.to_string())).collect() }
    }

    /// `STATIC.RLB` in a sub-folder with a cube and its table; records `a` (its mesh named in
    /// capitals, a parent `b`), `b` (parent `a`: a loop), `t` (a turret on the cube) and `lone`
    /// (a slot naming nothing); a unit `a` ← `t` attached to node `socket`.
    fn folder(socket: i32) -> Index {
        let mut st = crate::formats::nres::Archive::new();
        st.add(b"a.msh", 0, [0; 3], crate::fixtures::msh::cube()).unwrap();
        st.add(b"a.wea", crate::formats::TYPE_WEAR, [0; 3], b"1\n0 DEFAULT\n".to_vec()).unwrap();
        let records = [
            spec("a", Kind::Btlu, &[("static.rlb", "A.MSH"), ("objects.rlb", "b")]),
            spec("b", Kind::Stat, &[("objects.rlb", "A")]),
            spec("t", Kind::Exto, &[("Static.rlb", "a.msh")]),
            spec("lone", Kind::Stat, &[("static.rlb", "gone.msh"), ("nowhere.rlb", "x.msh")]),
        ];
        let unit = write(0x0100_8000, &Part::leaf("a", "Шасси", 0, -1).with(Part::leaf("T", "Башня", 1, socket)));
        Index::from_bytes(
            [
                ("objects.rlb", SharedBytes::from(objects_rlb(&records))),
                ("data/STATIC.RLB", SharedBytes::from(st.write())),
                ("UNITS/u.dat", SharedBytes::from(unit)),
            ],
            &Readings::default(),
        )
    }

    #[test]
    fn members_are_found_by_file_name_anywhere_ignoring_case() {
        let ix = folder(0);
        let a = ix.find_member("static.rlb", "A.msh").expect("found ignoring case, in a sub-folder");
        assert_eq!(ix.item(a).unwrap().address, "data/STATIC.RLB::a.msh");
        assert_eq!(ix.find_member("OBJECTS.RLB", "T").map(|i| ix.item(i).unwrap().address.clone()).as_deref(), Some("objects.rlb::t"));
        assert!(ix.find_member("static.rlb", "gone.msh").is_none());
        assert!(ix.find_member("nowhere.rlb", "a.msh").is_none());
    }

    #[test]
    fn slots_and_components_link_both_ways() {
        let ix = folder(0);
        let mesh = ix.find("data/STATIC.RLB::a.msh").unwrap();
        let users: Vec<String> = ix.used_by(mesh).into_iter().map(|l| format!("{} {}", l.address, l.at.describe())).collect();
        assert_eq!(users, ["objects.rlb::a slot 0", "objects.rlb::t slot 0"]);
        let t = ix.find("objects.rlb::t").unwrap();
        let by: Vec<(String, At)> = ix.used_by(t).into_iter().map(|l| (l.address, l.at)).collect();
        assert_eq!(by, [("UNITS/u.dat".to_string(), At::Component { index: 1, offset: 120, parent: Some(0), socket: Some(0) })]);
    }

    #[test]
    fn dangling_slots_parent_loops_and_bad_sockets_are_findings() {
        let ix = folder(3);
        // (The table's DEFAULT has no Material.lib in this folder: not the records' business.)
        let mut found: Vec<(String, Option<u64>, String)> =
            ix.problems().into_iter().filter(|p| !p.file.starts_with("data/")).map(|p| (p.file, p.offset, p.message)).collect();
        found.sort();
        let lone: Vec<&(String, Option<u64>, String)> = found.iter().filter(|p| p.0 == "objects.rlb::lone").collect();
        assert_eq!(lone.len(), 2, "{found:#?}");
        assert!(lone[0].2.contains("static.rlb::gone.msh") && lone[0].2.contains("not in data/STATIC.RLB") && lone[0].1 == Some(0), "{lone:?}");
        assert!(lone[1].2.contains("no file named nowhere.rlb") && lone[1].1 == Some(64), "{lone:?}");
        let a = found.iter().find(|p| p.0 == "objects.rlb::a").expect("a loop");
        assert!(a.2.ends_with("a → b → a"), "{a:?}");
        assert!(found.iter().any(|p| p.0 == "objects.rlb::b" && p.2.ends_with("b → a → b")));
        let socket = found.iter().find(|p| p.0 == "UNITS/u.dat").expect("a bad socket");
        assert_eq!(socket.1, Some(120 + 68));
        assert!(socket.2.contains("node 3") && socket.2.contains("1 node"), "{socket:?}");
        assert_eq!(found.len(), 5, "{found:#?}");
        // Node 0 exists.
        assert!(!folder(0).problems().iter().any(|p| p.file == "UNITS/u.dat"));
    }

    #[test]
    fn a_unit_that_does_not_parse_is_a_finding_of_its_file() {
        let mut bytes = write(0x0100_8000, &Part::leaf("a", "x", 0, -1).with(Part::leaf("b", "y", 1, 0)));
        bytes.truncate(8 + 112);
        let ix = Index::from_bytes([("UNITS/bad.dat", SharedBytes::from(bytes))], &Readings::default());
        let p = ix.problems_of("UNITS/bad.dat");
        assert!(p.iter().any(|p| p.severity == Severity::Error && p.message.contains("does not parse") && p.offset == Some(120)), "{p:#?}");
    }

    #[test]
    fn a_finding_keeps_its_id_and_reads_in_russian() {
        use crate::app::i18n::{Language, messages::text_in};
        let ix = folder(3);
        let ru = |p: &Problem| text_in(Language::Russian, &p.message, p.key.as_deref());
        let p = ix.problems();
        let socket = p.iter().find(|p| p.file == "UNITS/u.dat").expect("a bad socket");
        assert_eq!(socket.key.as_ref().map(|k| k.id), Some("project-socket-past-one"));
        assert!(ru(socket).starts_with("компонент 1 (") && ru(socket).ends_with(", а в ней 1 узел"), "{}", ru(socket));
        let lone = p.iter().find(|p| p.file == "objects.rlb::lone" && p.message.contains("nowhere.rlb")).expect("a dangling slot");
        assert!(ru(lone).ends_with(": в проекте нет файла nowhere.rlb"), "{}", ru(lone));
    }
}
