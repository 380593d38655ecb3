//! Material resolution on a game folder on disk: the chain WEAR → MAT0 → phase → Texm through
//! `FolderAssets` (libraries in the mesh's folder or its parent, case-insensitive names), each
//! engine fallback with its diagnostic (DEFAULT, entry 0, a missing `.wea`, a missing
//! texture), the same through the CLI's stderr, and a property over arbitrary tables.

use parkan_studio::doc::resolve::{FolderAssets, MemoryAssets, Resolver, WearTable};
use parkan_studio::fixtures::{demo, mat0 as mfx, msh, wear as wfx};
use parkan_studio::formats::mat0::lookup::Fallback;
use parkan_studio::formats::nres::Archive;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::{Diagnostic, Severity, TYPE_MAT0};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// The demo folder with the libraries at the top and the meshes and tables in `DATA/`.
fn game() -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("DATA");
    std::fs::create_dir(&data).unwrap();
    for (name, bytes) in demo::demo_files() {
        let dir = if name.ends_with(".lib") { root.path().to_path_buf() } else { data.clone() };
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    (root, data)
}

fn has(d: &[Diagnostic], severity: Severity, needle: &str) -> bool {
    d.iter().any(|x| x.severity == severity && x.message.contains(needle))
}

fn table(data: &Path, rows: &[(i32, &str)], name: &str) {
    std::fs::write(data.join(name), wfx::table(rows, None, wfx::Style::default())).unwrap();
}

#[test]
fn the_chain_reaches_textures_from_a_subfolder() {
    let (_root, data) = game();
    let assets = FolderAssets::for_file(&data.join("walker.msh"));
    let t = WearTable::for_mesh(&assets, "walker.msh");
    let mut r = Resolver::new(&assets, &Readings::default());
    let all = r.resolve_all(&t, [0, 1, 2, 3]);
    for m in &all {
        assert_eq!(m.fallback, Some(Fallback::Exact), "{}", m.chain());
        let tex = m.texture.as_ref().unwrap_or_else(|| panic!("{}: {:?}", m.chain(), m.diagnostics));
        assert!(tex.origin.ends_with(&format!("Textures.lib::{}", m.texture_name.as_deref().unwrap())));
        assert_eq!(tex.image.rgba.len(), (tex.width * tex.height * 4) as usize);
    }
    assert_eq!(all.iter().map(|m| m.name.as_deref().unwrap()).collect::<Vec<_>>(), ["METAL01", "GLASS", "GLOW", "LAMP"]);
}

#[test]
fn default_fallback() {
    let (_root, data) = game();
    table(&data, &[(0, "NOSUCH")], "robot.wea");
    let assets = FolderAssets::for_file(&data.join("robot.msh"));
    let m = Resolver::new(&assets, &Readings::default()).resolve(&WearTable::for_mesh(&assets, "robot.msh"), 0);
    assert_eq!(m.fallback, Some(Fallback::Default));
    assert!(m.mat0.as_deref().unwrap().ends_with("Material.lib::DEFAULT"));
    assert!(has(&m.diagnostics, Severity::Warning, "Material NOSUCH not found."), "{:?}", m.diagnostics);
    assert!(has(&m.diagnostics, Severity::Warning, "NOSUCH: using DEFAULT instead"));
}

#[test]
fn entry_zero_fallback() {
    let (root, data) = game();
    let mut lib = Archive::new();
    lib.add(b"ROCK", TYPE_MAT0, [0, 6, 0], mfx::static_material([150, 140, 130], "ROCK.0")).unwrap();
    std::fs::write(root.path().join("Material.lib"), lib.write()).unwrap();
    let assets = FolderAssets::for_file(&data.join("walker.msh"));
    let m = Resolver::new(&assets, &Readings::default()).resolve(&WearTable::for_mesh(&assets, "walker.msh"), 1);
    assert_eq!((m.fallback, m.name.as_deref()), (Some(Fallback::FirstEntry), Some("GLASS")));
    assert!(has(&m.diagnostics, Severity::Warning, "GLASS: no DEFAULT material either; using entry 0 (ROCK)"), "{:?}", m.diagnostics);
    assert_eq!(m.texture.as_ref().map(|t| t.name.as_str()), Some("ROCK.0"));
}

#[test]
fn missing_wear() {
    let (_root, data) = game();
    let assets = FolderAssets::for_file(&data.join("robot.msh"));
    let t = WearTable::for_mesh(&assets, "robot.msh");
    assert!(t.wear.is_none());
    assert!(has(&t.diagnostics, Severity::Warning, "no robot.wea (looked in"), "{:?}", t.diagnostics);
    let m = Resolver::new(&assets, &Readings::default()).resolve(&t, 0);
    assert!(m.mat0.is_none() && m.texture.is_none());
}

#[test]
fn missing_texture() {
    let (root, data) = game();
    let mut lib = Archive::new();
    lib.add(b"DEFAULT", TYPE_MAT0, [0, 6, 0], mfx::static_material([1, 2, 3], "")).unwrap();
    lib.add(b"PAINT", TYPE_MAT0, [0, 6, 0], mfx::static_material([10, 20, 30], "GONE.0")).unwrap();
    std::fs::write(root.path().join("material.LIB"), lib.write()).unwrap();
    std::fs::remove_file(root.path().join("Material.lib")).unwrap();
    table(&data, &[(0, "PAINT")], "robot.wea");
    let assets = FolderAssets::for_file(&data.join("robot.msh"));
    let m = Resolver::new(&assets, &Readings::default()).resolve(&WearTable::for_mesh(&assets, "robot.msh"), 0);
    assert_eq!(m.fallback, Some(Fallback::Exact), "material.LIB is found case-insensitively");
    assert_eq!(m.texture_name.as_deref(), Some("GONE.0"));
    assert!(m.texture.is_none());
    assert!(has(&m.diagnostics, Severity::Warning, "texture GONE.0 not found in"), "{:?}", m.diagnostics);
    assert!((m.base_color[2] - 30.0 / 255.0).abs() < 1e-6, "the colour survives the missing texture");
}

#[test]
fn the_cli_reports_the_fallbacks_as_warnings() {
    let (_root, data) = game();
    table(&data, &[(0, "NOSUCH"), (1, "GLASS"), (2, "GLOW")], "robot.wea");
    std::fs::write(data.join("robot.msh"), msh::walker()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_parkan-studio"))
        .args(["export", "robot.msh", "robot.glb"])
        .current_dir(&data)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("warning: robot.msh: ") && stderr.contains("Material NOSUCH not found."), "{stderr}");
    assert!(stdout.contains("robot.wea 0 row 0 → NOSUCH → ") && stdout.contains("Material.lib::DEFAULT"), "{stdout}");
}

fn demo_files() -> &'static [(&'static str, Vec<u8>)] {
    static FILES: std::sync::OnceLock<Vec<(&'static str, Vec<u8>)>> = std::sync::OnceLock::new();
    FILES.get_or_init(demo::demo_files)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the table holds, a byte below its length names that row, the name falls back
    /// exactly when the library lacks it, and nothing panics.
    #[test]
    fn any_table_and_byte(names in proptest::collection::vec(prop_oneof![
        Just("METAL01"), Just("GLASS"), Just("lamp"), Just("NOPE"), Just("КАМЕНЬ")
    ], 1..6), index in 0u16..300) {
        let mut assets = MemoryAssets::from_files(demo_files().iter().map(|(n, b)| (*n, b.clone())));
        let rows: Vec<(i32, &str)> = names.iter().enumerate().map(|(i, n)| (i as i32, *n)).collect();
        assets.add_file("p.wea", wfx::table(&rows, None, wfx::Style::default()));
        let t = WearTable::for_mesh(&assets, "p.msh");
        let m = Resolver::new(&assets, &Readings::default()).resolve(&t, index);
        let i = usize::from(index);
        prop_assert_eq!(m.row, (i < names.len()).then_some(i));
        if let Some(r) = m.row {
            let known = ["METAL01", "GLASS", "LAMP"].iter().any(|k| k.eq_ignore_ascii_case(names[r]));
            prop_assert_eq!(m.fallback, Some(if known { Fallback::Exact } else { Fallback::Default }));
        } else {
            prop_assert!(has(&m.diagnostics, Severity::Error, "names no row"));
        }
    }
}

/// The editor's source: open documents (with unsaved edits) first, the disk second.
#[test]
fn open_documents_resolve_with_their_unsaved_edits() {
    use parkan_studio::doc::resolve::WorkspaceAssets;
    use parkan_studio::doc::{ItemPath, Workspace, items};
    use parkan_studio::formats::mat0::{Mat0, phase::ColorGroup};
    use parkan_studio::formats::wear::{Section, Wear};
    let (root, data) = game();
    let r = Readings::default();
    let mut ws = Workspace::new();
    let mesh = ItemPath::root(ws.open(&data.join("walker.msh")).unwrap());
    let resolve = |ws: &Workspace, row: u16| {
        let assets = WorkspaceAssets::for_item(ws, &mesh);
        let t = WearTable::for_mesh(&assets, "walker.msh");
        Resolver::new(&assets, &r).resolve(&t, row)
    };
    // Nothing else open: the same as the disk.
    let disk = FolderAssets::for_file(&data.join("walker.msh"));
    let on_disk = Resolver::new(&disk, &r).resolve(&WearTable::for_mesh(&disk, "walker.msh"), 0);
    let before = resolve(&ws, 0);
    assert_eq!((before.name.as_deref(), before.base_color), (Some("METAL01"), on_disk.base_color));

    // A colour edited in the open Material.lib shows before it is saved.
    let lib = ws.open(&root.path().join("Material.lib")).unwrap();
    let index = ws.file(lib).unwrap().root().resolve("METAL01").unwrap();
    let entry = ItemPath::root(lib).child(index);
    let attrs = items::meta_of(&ws, &entry).unwrap().attrs;
    let mut m = Mat0::parse(&ws.item_bytes(&entry).unwrap(), attrs[1]).unwrap();
    let phase = before.phase.unwrap();
    m.phases[phase].set_color_bytes(ColorGroup::Diffuse, [10, 200, 30, 255]);
    ws.apply(items::replace(&entry, m.write().unwrap().into())).unwrap();
    let after = resolve(&ws, 0);
    assert_ne!(after.base_color, before.base_color);
    assert_eq!(after.base_color, m.phases[phase].color(ColorGroup::Diffuse), "the evaluated colour of the edited phase");
    assert!(after.mat0.as_deref().unwrap().contains("(open)"), "{:?}", after.mat0);
    assert_eq!(Resolver::new(&disk, &r).resolve(&WearTable::for_mesh(&disk, "walker.msh"), 0).base_color, on_disk.base_color, "the disk is untouched");

    // An open table beside the mesh is read from the document too: row 0 renamed to GLASS.
    let wea = ItemPath::root(ws.open(&data.join("walker.wea")).unwrap());
    let mut w = Wear::parse(ws.item_bytes(&wea).unwrap().to_vec());
    w.set_name(Section::Materials, 0, "GLASS").unwrap();
    ws.apply(items::replace(&wea, w.bytes().to_vec().into())).unwrap();
    assert_eq!(resolve(&ws, 0).name.as_deref(), Some("GLASS"));
    // Closed again, the disk answers.
    ws.close(wea.file);
    ws.close(lib);
    assert_eq!(resolve(&ws, 0).base_color, on_disk.base_color);
}
