//! Links: what each name an item uses reaches (through the material chain's lookups over the
//! project's own bytes), the backwards map, and the findings about names that reach nothing or
//! shadow each other.

use super::*;

impl Index {
    /// Makes every link again from the names read: addresses, libraries, targets, the
    /// backwards map and the link findings.
    pub(super) fn link(&mut self) {
        self.by_address.clear();
        self.by_dir_name.clear();
        self.by_file_name.clear();
        self.members.clear();
        self.libraries.clear();
        for (f, file) in self.files.iter().enumerate() {
            let dir = file.dir().to_ascii_lowercase();
            let name = file.rel.rsplit('/').next().unwrap_or(&file.rel).to_ascii_lowercase();
            self.by_file_name.entry(name.clone()).or_default().push(f as u32);
            self.by_dir_name.entry((dir, name)).or_insert(f as u32);
            for (i, it) in file.items.iter().enumerate() {
                self.by_address.entry(it.address.to_ascii_lowercase()).or_insert(ItemId { file: f as u32, item: i as u32 });
                if it.entries.len() == 1 {
                    self.members.entry((f as u32, it.name.to_ascii_lowercase())).or_insert(i as u32);
                }
            }
            if let Some(Node::Nres(a)) = &file.node {
                let lib = Arc::new(Library { origin: file.rel.clone(), archive: a.clone() });
                let names = Arc::new(lib.names());
                self.libraries.insert(f as u32, (lib, names));
            }
        }
        // The shallowest file of a name is the one an archive name finds.
        let files = &self.files;
        for v in self.by_file_name.values_mut() {
            v.sort_by_key(|&f| (files[f as usize].rel.matches('/').count(), files[f as usize].rel.to_ascii_lowercase()));
        }
        let mut memo: HashMap<(String, Option<ItemId>, RefKind, Vec<u8>), Resolved> = HashMap::new();
        let mut targets: Vec<(ItemId, usize, Option<Target>)> = Vec::new();
        let mut problems = Vec::new();
        for (f, file) in self.files.iter().enumerate() {
            let dir = file.dir().to_string();
            for (i, it) in file.items.iter().enumerate() {
                let id = ItemId { file: f as u32, item: i as u32 };
                let container = it.container.map(|c| ItemId { file: f as u32, item: c });
                let assets = ProjectAssets { index: self, dir: &dir, container };
                let mut table_missing: Option<Message> = None;
                for (k, r) in it.refs.iter().enumerate() {
                    // A table is found beside its mesh (its archive first); the libraries by
                    // folder; a slot's or component's archive anywhere in the project.
                    let key_container = if r.kind == RefKind::Table { container } else { None };
                    let key_dir = if matches!(r.kind, RefKind::Slot | RefKind::Component) { String::new() } else { dir.clone() };
                    let key = (key_dir, key_container, r.kind, r.name_bytes.to_ascii_uppercase());
                    let resolved = memo.entry(key).or_insert_with(|| self.resolve(&assets, r.kind, &r.name_bytes)).clone();
                    let target = match (&resolved, r.at) {
                        (Resolved::Found(t), At::Mesh { index, .. }) => {
                            let row = self.item(t.item).and_then(|tab| tab.wear.as_ref()).and_then(|w| {
                                w.lookup(Section::Materials, usize::from(index), self.readings.wear_lookup).row
                            });
                            Some(Target { row, ..*t })
                        }
                        (Resolved::Found(t), _) => Some(*t),
                        (Resolved::Missing(_), _) => None,
                    };
                    targets.push((id, k, target));
                    let why = match &resolved {
                        Resolved::Missing(why) => Some(why.clone()),
                        _ => None,
                    };
                    match (r.kind, why) {
                        (RefKind::Table, Some(why)) => {
                            table_missing.get_or_insert(why);
                        }
                        (RefKind::Texture | RefKind::Lightmap | RefKind::Material | RefKind::Slot | RefKind::Component | RefKind::Placed | RefKind::Landscape, Some(why)) => {
                            problems.push(ref_problem(it, r, why, None));
                        }
                        (RefKind::Material, None) => {
                            if let Some(t) = target.filter(|t| !t.exact)
                                && let Some(took) = self.item(t.item)
                            {
                                let why = msg!(
                                    "project-not-in-takes",
                                    "not in {place}; the engine takes {other} instead",
                                    place = &self.files[t.item.file as usize].rel,
                                    other = &took.name
                                );
                                problems.push(ref_problem(it, r, why, Some(took.address.clone())));
                            }
                        }
                        _ => {}
                    }
                }
                if let Some(why) = table_missing {
                    let table = it.refs.iter().find(|r| r.kind == RefKind::Table).map(|r| r.name.clone()).unwrap_or_default();
                    problems.push(Problem::warning(
                        it.address.clone(),
                        None,
                        msg!(
                            "project-model-no-table",
                            "a model with no table: {why}; its batches' materials resolve to nothing (the game draws it untextured)",
                            why = why.english
                        ),
                    ).related(table));
                }
            }
        }
        self.used_by.clear();
        for (id, k, target) in targets {
            if let Some(r) = self.files[id.file as usize].items[id.item as usize].refs.get_mut(k) {
                r.target = target;
            }
            if let Some(t) = target {
                self.used_by.entry(t.item).or_default().push((id, k as u32));
            }
        }
        problems.extend(self.shadowing());
        problems.extend(self.world_problems());
        problems.extend(crate::doc::world::check(self));
        self.problems = problems;
    }

    /// What a name reaches from a folder: the engine's library for its kind and the lookup in
    /// it ([`crate::doc::resolve`]'s), or the table beside a mesh.
    fn resolve(&self, assets: &ProjectAssets, kind: RefKind, name: &[u8]) -> Resolved {
        let in_library = |lib_name: &str, material: bool| -> Resolved {
            let lib = match assets.library(lib_name) {
                Found::Yes(l) => l,
                other => return Resolved::Missing(other.why(lib_name).unwrap_or_else(|| Message::from(""))),
            };
            let Some(f) = self.file_index(&lib.origin) else { return Resolved::Missing(msg!("project-not-indexed", "{place} is not indexed", place = &lib.origin)) };
            let (index, exact) = if material {
                let names = self.libraries.get(&f).map(|(_, n)| n.clone()).unwrap_or_default();
                let l = lookup_material(&names, name);
                (l.index, l.fallback == Fallback::Exact)
            } else {
                (lib.find(name), true)
            };
            let Some(index) = index else {
                return Resolved::Missing(msg!("project-not-in", "not in {place}", place = &lib.origin));
            };
            let item = self.files[f as usize].items.iter().position(|it| it.entries == [index]);
            match item {
                Some(i) => Resolved::Found(Target { item: ItemId { file: f, item: i as u32 }, exact, row: None }),
                None => Resolved::Missing(msg!("project-entry-not-indexed", "{place} entry {index} is not indexed", place = &lib.origin, index = index)),
            }
        };
        match kind {
            RefKind::Texture => in_library(TEXTURES_LIB, false),
            RefKind::Lightmap => in_library(LIGHTMAP_LIB, false),
            RefKind::Material => in_library(MATERIAL_LIB, true),
            RefKind::Table => {
                let file_name = crate::formats::cp1251::decode(name);
                match assets.beside(&file_name) {
                    Found::Yes(b) => match self.find(&b.origin) {
                        Some(item) => Resolved::Found(Target { item, exact: true, row: None }),
                        None => Resolved::Missing(msg!("project-not-indexed", "{place} is not indexed", place = &b.origin)),
                    },
                    other => Resolved::Missing(other.why(&file_name).unwrap_or_else(|| Message::from(""))),
                }
            }
            RefKind::XrayShader | RefKind::XrayTexture => Resolved::Missing(Message::from("")),
            RefKind::Placed => match crate::doc::world::placed_target(self, name) {
                Ok(item) => Resolved::Found(Target { item, exact: true, row: None }),
                Err(why) => Resolved::Missing(why),
            },
            RefKind::Landscape => match crate::doc::world::landscape_target(self, name) {
                Ok(item) => Resolved::Found(Target { item, exact: true, row: None }),
                Err(why) => Resolved::Missing(why),
            },
            RefKind::Slot | RefKind::Component => self.resolve_member(name),
        }
    }

    /// Texture and material names held by more than one archive: which one a MAT0 phase (or a
    /// WEAR row) gets, by the same lookup, and which it never sees.
    fn shadowing(&self) -> Vec<Problem> {
        let mut groups: HashMap<(FormatKind, Vec<u8>), Vec<ItemId>> = HashMap::new();
        for (id, it) in self.items() {
            // Textures and materials: what the engine's library lookups take by name alone.
            if let Some(k) = it.kind.format().filter(|k| matches!(k, FormatKind::Texm | FormatKind::Mat0))
                && !it.entries.is_empty()
            {
                groups.entry((k, it.name.as_bytes().to_ascii_uppercase())).or_default().push(id);
            }
        }
        let mut out = Vec::new();
        let mut keys: Vec<_> = groups.into_iter().filter(|(_, v)| v.len() > 1).collect();
        keys.sort_by(|((ka, na), _), ((kb, nb), _)| (ka.name(), na).cmp(&(kb.name(), nb)));
        for ((kind, name), ids) in keys {
            // Taken from the top folder, where the game runs.
            let assets = ProjectAssets { index: self, dir: "", container: None };
            let used_kind = if kind == FormatKind::Mat0 { RefKind::Material } else { RefKind::Texture };
            let taken = match self.resolve(&assets, used_kind, &name) {
                Resolved::Found(t) if t.exact => Some(t.item),
                _ => None,
            };
            let lm_taken = match (kind, self.resolve(&assets, RefKind::Lightmap, &name)) {
                (FormatKind::Texm, Resolved::Found(t)) => Some(t.item),
                _ => None,
            };
            let addresses: Vec<String> = ids.iter().filter_map(|&i| self.item(i)).map(|i| i.address.clone()).collect();
            for &id in &ids {
                if Some(id) == taken {
                    continue;
                }
                let Some(it) = self.item(id) else { continue };
                let taken_addr = taken.and_then(|t| self.item(t)).map(|t| t.address.clone());
                let others = addresses.iter().filter(|a| **a != it.address).cloned().collect::<Vec<_>>().join(", ");
                let name = &it.name;
                let message = match (kind == FormatKind::Mat0, &taken_addr, lm_taken == Some(id)) {
                    (true, Some(t), _) => msg!("project-shadowed-material", "{name} is also {others}; WEAR rows get {t}, never this one", name = name, others = others, t = t),
                    (true, None, _) => msg!("project-shadowed-material-none", "{name} is also {others}; WEAR rows get none of them from the top folder", name = name, others = others),
                    (false, Some(t), false) => msg!("project-shadowed-texture", "{name} is also {others}; MAT0 phases get {t}, never this one", name = name, others = others, t = t),
                    (false, None, false) => msg!("project-shadowed-texture-none", "{name} is also {others}; MAT0 phases get none of them from the top folder", name = name, others = others),
                    (false, Some(t), true) => msg!(
                        "project-shadowed-texture-lightmap",
                        "{name} is also {others}; MAT0 phases get {t}, never this one; WEAR LIGHTMAPS rows get this one",
                        name = name,
                        others = others,
                        t = t
                    ),
                    (false, None, true) => msg!(
                        "project-shadowed-texture-none-lightmap",
                        "{name} is also {others}; MAT0 phases get none of them from the top folder; WEAR LIGHTMAPS rows get this one",
                        name = name,
                        others = others
                    ),
                };
                let mut p = Problem::warning(it.address.clone(), None, message);
                p.related = taken_addr;
                out.push(p);
            }
        }
        out
    }
}

#[derive(Debug, Clone)]
pub(super) enum Resolved {
    Found(Target),
    Missing(Message),
}

fn ref_problem(it: &Item, r: &Ref, why: Message, related: Option<String>) -> Problem {
    let (offset, line) = match r.at {
        At::Phase { offset, .. } | At::Object { offset, .. } => (Some(offset), None),
        At::Row { offset, line, .. } => (Some(offset), Some(line)),
        At::Slot { offset, .. } | At::Component { offset, .. } => (Some(offset), None),
        _ => (None, None),
    };
    let mut p = Problem::warning(it.address.clone(), offset, why.prefixed(&format!("{} names {} {}: ", r.at.describe(), r.kind.label(), r.name)));
    if let Some(l) = line {
        p = p.at_line(l);
    }
    p.related = related;
    p
}
