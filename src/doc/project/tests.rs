use super::*;
use crate::doc::{Edit, EditOp, ItemPath, Workspace};
use crate::fixtures::game::{GameSpec, PROBLEMS, game_files};
use crate::formats::mat0::Mat0;

fn index_of(spec: &GameSpec) -> Index {
    let files = game_files(spec);
    Index::from_bytes(files.into_iter().map(|(n, b)| (n, SharedBytes::from(b))), &Readings::default())
}

fn id(ix: &Index, address: &str) -> ItemId {
    ix.find(address).unwrap_or_else(|| panic!("{address} indexed"))
}

fn addresses(links: &[Link]) -> Vec<&str> {
    links.iter().map(|l| l.address.as_str()).collect()
}

/// A (mesh, table row, material, texture) chain the small folder has: the first mesh whose
/// batches reach a row.
fn a_chain(ix: &Index) -> (String, String, String, String) {
    for (_, item) in ix.items().filter(|(_, i)| i.kind == "msh") {
        for r in &item.refs {
            let Some(t) = r.target else { continue };
            let Some(row) = t.row else { continue };
            let table = ix.item(t.item).unwrap();
            let mat_ref = table.refs.iter().find(|x| x.at == table.refs[row].at && x.kind == RefKind::Material).unwrap();
            let mat = ix.item(mat_ref.target.unwrap().item).unwrap();
            let tex = ix.item(mat.refs[0].target.unwrap().item).unwrap();
            return (item.address.clone(), table.address.clone(), mat.address.clone(), tex.address.clone());
        }
    }
    panic!("no mesh reaches a row");
}

#[test]
fn references_both_ways_on_the_small_folder() {
    let ix = index_of(&GameSpec::SMALL);
    // Texture ← MAT0 phase: BRICK00 draws BRICK00.0 in phase 0, and its _D variant too.
    let tex = id(&ix, "Textures.lib::BRICK00.0");
    let users = ix.used_by(tex);
    assert!(addresses(&users).contains(&"Material.lib::BRICK00"), "{users:?}");
    let l = users.iter().find(|l| l.address == "Material.lib::BRICK00").unwrap();
    assert!(matches!(l.at, At::Phase { phase: 0, .. }) && l.kind == RefKind::Texture && l.exact);
    let uses = ix.uses(id(&ix, "Material.lib::BRICK00"));
    assert_eq!(uses.len(), 1);
    assert_eq!(uses[0].1.as_deref(), Some("Textures.lib::BRICK00.0"));

    // Material ← WEAR row ← mesh, followed to the end from the texture.
    let (mesh, table, mat, tex) = a_chain(&ix);
    let row_users = ix.used_by(id(&ix, &mat));
    assert!(row_users.iter().any(|l| l.address == table && matches!(l.at, At::Row { lightmaps: false, .. })), "{row_users:?}");
    let table_users = ix.used_by(id(&ix, &table));
    assert!(table_users.iter().any(|l| l.address == mesh && matches!(l.at, At::Mesh { batches: 1.., triangles: 1.., .. })), "{table_users:?}");
    let shown = ix.shown_by(id(&ix, &tex));
    assert!(addresses(&shown).contains(&mesh.as_str()), "{tex} shown by {shown:?}");

    // The nested model finds its table in its own archive.
    let bunker = ix.uses(id(&ix, "fortif.rlb::fr_bld_000.msh"));
    assert!(!bunker.is_empty() && bunker.iter().all(|(_, t)| t.as_deref() == Some("fortif.rlb::fr_bld_000.wea")), "{bunker:?}");
    // Lightmaps: a lit model's LIGHTMAPS rows reach lightmap.lib.
    let lm = id(&ix, "lightmap.lib::LM_001.0");
    assert!(ix.used_by(lm).iter().any(|l| l.kind == RefKind::Lightmap), "{:?}", ix.used_by(lm));
    // The landscape's triangles reach both its tables.
    let land = ix.uses(id(&ix, "Land.msh"));
    assert!(land.iter().any(|(_, t)| t.as_deref() == Some("Land1.wea")));
    assert!(land.iter().any(|(_, t)| t.as_deref() == Some("Land2.wea")));
}

#[test]
fn a_clean_folder_has_no_findings_and_the_problem_folder_has_each_one() {
    let ix = index_of(&GameSpec::SMALL);
    let found: Vec<Problem> = ix.problems().into_iter().filter(|p| p.severity >= Severity::Warning).collect();
    assert!(found.is_empty(), "{found:#?}");

    let ix = index_of(&GameSpec::SMALL.with_problems());
    let problems = ix.problems();
    for (where_, what) in PROBLEMS {
        assert!(problems.iter().any(|p| p.file == *where_), "{where_} ({what}) not reported: {problems:#?}");
    }
    let broken = problems.iter().find(|p| p.file == "Material.lib::BROKEN").unwrap();
    assert!(broken.message.contains("MISSING.0") && broken.offset.is_some(), "{broken:?}");
    let row = problems.iter().find(|p| p.file == "models/MODEL000.wea").unwrap();
    assert!(row.message.contains("NOSUCHMAT") && row.message.contains("DEFAULT") && row.line == Some(5), "{row:?}");
    assert_eq!(row.related.as_deref(), Some("Material.lib::DEFAULT"));
    let orphan = problems.iter().find(|p| p.file == "models/ORPHAN.msh").unwrap();
    assert!(orphan.message.contains("ORPHAN.wea"), "{orphan:?}");
    let shadow = problems.iter().find(|p| p.file == "lightmap.lib::BRICK00.0").unwrap();
    assert_eq!(shadow.related.as_deref(), Some("Textures.lib::BRICK00.0"), "{shadow:?}");
    // One finding each, nothing else.
    assert_eq!(problems.iter().filter(|p| p.severity >= Severity::Warning).count(), PROBLEMS.len(), "{problems:#?}");
}

#[test]
fn unused_and_dangling_names_are_searchable() {
    let ix = index_of(&GameSpec::SMALL.with_problems());
    let unused = search::search(&ix, &Query::parse("is:unused"));
    let names: Vec<&str> = unused.iter().map(|h| h.address.as_str()).collect();
    assert!(names.contains(&"Material.lib::BROKEN"), "{names:?}");
    assert!(!names.contains(&"Material.lib::DEFAULT"), "the fallback is never unused");
    let (_, _, mat, tex) = a_chain(&ix);
    assert!(!names.contains(&mat.as_str()) && !names.contains(&tex.as_str()));
    assert!(unused.iter().all(|h| ix.used_by(h.item).is_empty() && matches!(h.kind.name(), "texm" | "mat0")));
    let unused_tex = search::search(&ix, &Query::parse("t:texm is:unused"));
    assert!(unused_tex.iter().all(|h| h.kind == "texm"));
    assert!(unused_tex.iter().any(|h| h.address == "lightmap.lib::BRICK00.0"), "the shadowed copy reaches nothing");

    let dangling: Vec<String> = search::search(&ix, &Query::parse("is:dangling")).into_iter().map(|h| h.address).collect();
    assert_eq!(
        dangling,
        [
            "MISSIONS/Broken/data.tma",
            "Material.lib::BROKEN",
            "UNITS/UNITS/BATTLE/unit_gone.dat",
            "models/MODEL000.wea",
            "models/ORPHAN.msh",
            "objects.rlb::s_obj_gone"
        ]
    );
}

#[test]
fn searches_names_and_contained_names_with_type_filters() {
    let ix = index_of(&GameSpec::SMALL);
    let hits = search::search(&ix, &Query::parse("t:texm brick"));
    assert!(!hits.is_empty());
    assert!(hits.iter().all(|h| h.kind == "texm" && h.name.to_ascii_lowercase().contains("brick") && h.at.is_none()), "{hits:?}");
    assert_eq!(hits.len(), 2, "BRICK00.0 and BRICK01.0 of 24 textures: {hits:?}");
    let mats = search::search(&ix, &Query::parse("t:mat0"));
    assert_eq!(mats.len(), GameSpec::SMALL.materials);
    let tables = search::search(&ix, &Query::parse("t:wear"));
    // One per loose model, one per record mesh (nested in the .rlb archives), and the two
    // landscape tables, at the top and in each mission map's folder.
    let nested = GameSpec::SMALL.record_count();
    let maps = GameSpec::SMALL.missions;
    assert_eq!(tables.len(), GameSpec::SMALL.models + nested + 2 + 2 * maps);
    let meshes = search::search(&ix, &Query::parse("t:msh"));
    assert_eq!(meshes.len(), GameSpec::SMALL.models + nested + 1 + maps);
    // Contained names: the MAT0 phases naming BRICK00.0 come after the texture itself.
    let hits = search::search(&ix, &Query::parse("brick00.0"));
    assert_eq!((hits[0].address.as_str(), hits[0].at), ("Textures.lib::BRICK00.0", None));
    assert!(hits.iter().any(|h| h.address == "Material.lib::BRICK00" && matches!(h.at, Some(At::Phase { .. }))), "{hits:?}");
    // A material named in a WEAR row is found in the table.
    let (_, table, mat, _) = a_chain(&ix);
    let name = mat.rsplit("::").next().unwrap();
    let hits = search::search(&ix, &Query::parse(&format!("t:wear {name}")));
    assert!(hits.iter().any(|h| h.address == table && matches!(h.at, Some(At::Row { .. }))), "{hits:?}");
    // Unknown filters are said, not silently dropped.
    assert_eq!(Query::parse("t:nonsense x").unknown, ["t:nonsense"]);
}

#[test]
fn xray_shader_and_texture_names_are_indexed() {
    let set = crate::fixtures::xray_level::level_set();
    let files: Vec<(String, SharedBytes)> = set.files().into_iter().map(|(n, b)| (format!("xray/{n}"), SharedBytes::from(b))).collect();
    let ix = Index::from_bytes(files, &Readings::default());
    let level = id(&ix, "xray/level");
    assert_eq!(ix.item(level).unwrap().kind, "xray-level");
    let hits = search::search(&ix, &Query::parse("ston_beton"));
    assert!(hits.iter().any(|h| h.address == "xray/level" && h.at == Some(At::Shader { index: 2 })), "{hits:?}");
    let hits = search::search(&ix, &Query::parse("t:level def_vertex"));
    assert_eq!(hits.len(), 1);
    // Names outside the project are not findings.
    assert!(ix.problems().iter().all(|p| p.severity < Severity::Warning), "{:?}", ix.problems());
}

/// The bytes of an open file as the document has them.
fn doc_bytes(ws: &Workspace, f: crate::doc::FileId) -> SharedBytes {
    ws.item_bytes(&ItemPath::root(f)).unwrap()
}

#[test]
fn unsaved_edits_update_one_item_or_one_file() {
    let files = game_files(&GameSpec::SMALL);
    let mut ix = Index::from_bytes(files.iter().map(|(n, b)| (n.clone(), SharedBytes::from(b.clone()))), &Readings::default());
    let mut ws = Workspace::new();
    let lib = files.iter().find(|(n, _)| n == "Material.lib").unwrap();
    let f = ws.open_bytes("Material.lib".into(), SharedBytes::from(lib.1.clone())).unwrap();
    // BRICK00 now draws METAL00.0: one entry's bytes, not saved.
    let brick = ws.file(f).unwrap().root().resolve("BRICK00").unwrap();
    let path = ItemPath::root(f).child(brick);
    let mut m = Mat0::parse(&ws.item_bytes(&path).unwrap(), 6).unwrap();
    m.phases[0].set_texture("METAL00.0").unwrap();
    let bytes = SharedBytes::from(m.write().unwrap());
    ws.apply(Edit::new(f, vec![], EditOp::ReplaceEntry { index: brick, bytes: bytes.clone() })).unwrap();
    ix.update_item("Material.lib", &[brick], ws.item_bytes(&path).unwrap()).unwrap();
    let on_brick = addresses(&ix.used_by(id(&ix, "Textures.lib::BRICK00.0"))).into_iter().map(String::from).collect::<Vec<_>>();
    assert!(!on_brick.contains(&"Material.lib::BRICK00".to_string()), "{on_brick:?}");
    assert!(addresses(&ix.used_by(id(&ix, "Textures.lib::METAL00.0"))).contains(&"Material.lib::BRICK00"));

    // A renamed entry is a change of the archive: the file's bytes.
    ws.apply(crate::doc::items::rename(&path, "BRICKX").unwrap()).unwrap();
    ix.update_file("Material.lib", doc_bytes(&ws, f));
    assert!(ix.find("Material.lib::BRICK00").is_none());
    assert!(addresses(&ix.used_by(id(&ix, "Textures.lib::METAL00.0"))).contains(&"Material.lib::BRICKX"));
    // Undo through the document, and the index follows the bytes back.
    ws.undo().unwrap();
    ws.undo().unwrap();
    ix.update_file("Material.lib", doc_bytes(&ws, f));
    assert!(addresses(&ix.used_by(id(&ix, "Textures.lib::BRICK00.0"))).contains(&"Material.lib::BRICK00"));
}

#[test]
fn rename_rewrites_every_reference_as_one_step() {
    let files = game_files(&GameSpec::SMALL);
    let ix = Index::from_bytes(files.iter().map(|(n, b)| (n.clone(), SharedBytes::from(b.clone()))), &Readings::default());
    let (_, _, mat, _) = a_chain(&ix);
    let old = mat.rsplit("::").next().unwrap().to_string();
    let plan = rename::plan(&ix, &mat, "RENAMED").unwrap();
    assert!(!plan.rewrites.is_empty());
    assert_eq!(plan.rewrites.len(), ix.used_by(id(&ix, &mat)).iter().filter(|l| l.kind == RefKind::Material).count());
    let mut ws = Workspace::new();
    let mut open = |ws: &mut Workspace, rel: &str| -> Result<crate::doc::FileId, String> {
        if let Some(f) = ws.find_file(std::path::Path::new(rel)) {
            return Ok(f);
        }
        let b = &files.iter().find(|(n, _)| n == rel).ok_or("no such file")?.1;
        ws.open_bytes(rel.into(), SharedBytes::from(b.clone())).map_err(|e| e.to_string())
    };
    let changes = rename::apply(&mut ws, &ix, &plan, &mut open).unwrap();
    assert_eq!(changes.len(), plan.files(&ix).len());
    assert_eq!(ws.history.steps().len(), 1, "one undo step");
    // The new bytes index as the rename says: every row now names RENAMED.
    let mut now = Index::from_bytes(files.iter().map(|(n, b)| (n.clone(), SharedBytes::from(b.clone()))), &Readings::default());
    for f in ws.files() {
        now.update_file(&f.path.to_string_lossy(), doc_bytes(&ws, f.id));
    }
    let renamed = id(&now, "Material.lib::RENAMED");
    assert_eq!(now.used_by(renamed).len(), ix.used_by(id(&ix, &mat)).len());
    assert!(now.problems().iter().all(|p| p.severity < Severity::Warning), "{:?}", now.problems());
    // One undo puts every file back.
    ws.undo().unwrap();
    for f in ws.files() {
        let original = &files.iter().find(|(n, _)| std::path::Path::new(n) == f.path).unwrap().1;
        assert_eq!(doc_bytes(&ws, f.id).to_vec(), *original, "{}", f.path.display());
    }
    ws.redo().unwrap();
    assert!(ws.files().iter().all(|f| ws.is_dirty(f.id)));
    assert!(ws.files().iter().all(|f| !String::from_utf8_lossy(&doc_bytes(&ws, f.id)).contains(&format!(" {old}\n"))));
}

#[test]
fn rename_refuses_a_name_the_archive_has_and_a_texture_name_too_long_for_a_phase() {
    let ix = index_of(&GameSpec::SMALL);
    assert!(rename::plan(&ix, "Material.lib::BRICK00", "METAL00").unwrap_err().contains("already has"));
    assert!(rename::plan(&ix, "Textures.lib::BRICK00.0", "A_VERY_LONG_NAME.0").unwrap_err().contains("at most 15"));
    assert!(rename::plan(&ix, "Material.lib", "X").is_err());
}

#[test]
fn the_walk_and_index_read_a_folder_with_bad_files_and_keep_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    crate::fixtures::game::write_game(dir.path(), &GameSpec::SMALL).unwrap();
    // A library that is cut short, and 300 unrelated files.
    std::fs::write(dir.path().join("broken.lib"), &b"NRes\x00\x01\x00\x00\x05\x00\x00\x00"[..]).unwrap();
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    for i in 0..300 {
        std::fs::write(dir.path().join(format!("docs/{i}.txt")), "notes").unwrap();
    }
    let p = Project::open(dir.path());
    // The unit .dat files and the missions are project files, the notes unrelated.
    assert_eq!(p.walked.unrelated, 300);
    assert_eq!(p.files().iter().filter(|f| f.rel.ends_with(".dat")).count(), GameSpec::SMALL.units);
    let ix = p.index(&Readings::default());
    let problems = ix.problems();
    let broken: Vec<&Problem> = problems.iter().filter(|p| p.file == "broken.lib").collect();
    assert_eq!(broken.len(), 1, "{problems:#?}");
    assert!(broken[0].offset.is_some() && broken[0].severity == Severity::Error);
    // Everything else is indexed.
    assert!(ix.find("Textures.lib::BRICK00.0").is_some());
    assert!(ix.bytes_read() > 0);
    // The tree reads a directory without the payloads.
    let tex = p.file("textures.LIB").unwrap();
    assert_eq!(p.directory(tex).unwrap().len(), GameSpec::SMALL.textures);
}

#[test]
fn an_edited_nested_archive_is_read_again_in_place() {
    use crate::formats::nres::Archive;
    let table = |mat: &str| crate::fixtures::wear::table(&[(0, mat)], None, crate::fixtures::wear::Style::default());
    let inner = |mat: &str| {
        let mut a = Archive::new();
        a.add(b"X.wea", crate::formats::TYPE_WEAR, [0; 3], table(mat)).unwrap();
        a.write()
    };
    let mut outer = Archive::new();
    outer.add(b"inner.rlb", 0, [0; 3], inner("BRICK00")).unwrap();
    outer.add(b"Y.wea", crate::formats::TYPE_WEAR, [0; 3], table("METAL00")).unwrap();
    let mut files: Vec<(String, SharedBytes)> =
        game_files(&GameSpec::SMALL).into_iter().map(|(n, b)| (n, SharedBytes::from(b))).collect();
    files.push(("outer.lib".into(), SharedBytes::from(outer.write())));
    let mut ix = Index::from_bytes(files, &Readings::default());
    let users = |ix: &Index, m: &str| addresses(&ix.used_by(id(ix, m))).into_iter().map(String::from).collect::<Vec<_>>();
    assert!(users(&ix, "Material.lib::BRICK00").contains(&"outer.lib::inner.rlb::X.wea".to_string()));
    ix.update_item("outer.lib", &[0], SharedBytes::from(inner("GRASS00"))).unwrap();
    assert!(!users(&ix, "Material.lib::BRICK00").contains(&"outer.lib::inner.rlb::X.wea".to_string()));
    assert!(users(&ix, "Material.lib::GRASS00").contains(&"outer.lib::inner.rlb::X.wea".to_string()));
    // The items after the subtree keep their archive, and the nested one its own.
    let y = ix.item(id(&ix, "outer.lib::Y.wea")).unwrap();
    assert_eq!(ix.file_of(id(&ix, "outer.lib")).unwrap().items[y.container.unwrap() as usize].address, "outer.lib");
    let x = ix.item(id(&ix, "outer.lib::inner.rlb::X.wea")).unwrap();
    assert_eq!(ix.file_of(id(&ix, "outer.lib")).unwrap().items[x.container.unwrap() as usize].address, "outer.lib::inner.rlb");
    assert!(users(&ix, "Material.lib::METAL00").contains(&"outer.lib::Y.wea".to_string()));
}
