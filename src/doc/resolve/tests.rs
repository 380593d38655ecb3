//! Unit tests of the chain over in-memory folders built by the project's fixture writers:
//! the demo folder for the happy path, and folders with one link removed or altered for every
//! fallback the engine has.

use super::*;
use crate::doc::Node;
use crate::fixtures::texm::{Format, Material, Spec, build};
use crate::fixtures::{demo, mat0 as mfx, wear as wfx};
use crate::formats::TYPE_TEXM;
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::SHIPPED_VERSION;
use crate::formats::nres::Archive;
use crate::formats::readings::WearLookup;
use crate::formats::texm::header::FLAG5_ALPHA;

fn demo_assets() -> MemoryAssets {
    MemoryAssets::from_files(demo::demo_files())
}

fn lib(entries: &[(&str, u32, [u32; 3], Vec<u8>)]) -> Vec<u8> {
    let mut a = Archive::new();
    for (name, t, attrs, bytes) in entries {
        a.add(name.as_bytes(), *t, *attrs, bytes.clone()).unwrap();
    }
    a.write()
}

fn v6(attr1: u32) -> [u32; 3] {
    [attr1, SHIPPED_VERSION, 0]
}

fn has(diags: &[Diagnostic], severity: Severity, needle: &str) -> bool {
    diags.iter().any(|d| d.severity == severity && d.message.contains(needle))
}

fn approx(a: [f32; 4], b: [u8; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - f32::from(y) / 255.0).abs() < 1e-6)
}

#[test]
fn wear_name_is_the_mesh_base_name() {
    assert_eq!(wear_name_for_mesh("walker.msh"), "walker.wea");
    assert_eq!(wear_name_for_mesh("DATA/ROBOTS/WALKER.MSH"), "WALKER.wea");
    assert_eq!(wear_name_for_mesh("C:\\game\\tower.msh"), "tower.wea");
    assert_eq!(wear_name_for_mesh("noext"), "noext.wea");
    assert_eq!(wear_name_for_mesh(".hidden"), ".hidden.wea");
}

#[test]
fn demo_walker_resolves_to_textures() {
    let assets = demo_assets();
    let table = WearTable::for_mesh(&assets, "walker.msh");
    assert!(table.wear.is_some() && table.diagnostics.iter().all(|d| d.severity != Severity::Error), "{:?}", table.diagnostics);
    let mut r = Resolver::new(&assets, &Readings::default());
    // walker.wea: 0 METAL01, 1 GLASS, 2 GLOW, 3 LAMP.
    let metal = r.resolve(&table, 0);
    assert_eq!((metal.row, metal.name.as_deref(), metal.fallback), (Some(0), Some("METAL01"), Some(Fallback::Exact)));
    assert_eq!(metal.mat0.as_deref(), Some("Material.lib::METAL01"));
    assert_eq!(metal.texture_name.as_deref(), Some("METAL01.0"));
    assert!(approx(metal.base_color, [200, 200, 210, 255]), "{:?}", metal.base_color);
    let t = metal.texture.as_ref().expect("METAL01.0 is in the demo Textures.lib");
    assert_eq!((t.width, t.height, t.image.rgba.len()), (64, 64, 64 * 64 * 4));
    assert_eq!(t.origin, "Textures.lib::METAL01.0");
    assert_eq!(metal.nibble_mode, 0);
    assert_eq!(metal.alpha_blended, t.has_alpha);
    assert!(metal.diagnostics.iter().all(|d| d.severity == Severity::Info), "{:?}", metal.diagnostics);
    assert!(metal.chain().contains("walker.wea 0 row 0 → METAL01 → Material.lib::METAL01 phase 0 → Textures.lib::METAL01.0"), "{}", metal.chain());

    // GLASS: attr1 nibbleMode 1, a 4444 texture with alpha.
    let glass = r.resolve(&table, 1);
    assert_eq!(glass.nibble_mode, 1);
    assert!(glass.alpha_blended);
    assert!(glass.texture.as_ref().is_some_and(|t| t.has_alpha && t.format == Format::Argb4444));
    // The texture is decoded once and shared by every material that names it.
    let again = r.resolve(&table, 0);
    assert!(Arc::ptr_eq(again.texture.as_ref().unwrap(), metal.texture.as_ref().unwrap()));
    let all = r.resolve_all(&table, [3, 0, 3, 1]);
    assert_eq!(all.iter().map(|m| m.index).collect::<Vec<_>>(), [0, 1, 3]);
}

#[test]
fn missing_wear_is_reported_once_and_materials_stay_untextured() {
    let mut assets = demo_assets();
    assets.remove_file("walker.wea");
    let table = WearTable::for_mesh(&assets, "walker.msh");
    assert!(table.wear.is_none() && table.origin.is_none());
    assert!(has(&table.diagnostics, Severity::Warning, "no walker.wea"), "{:?}", table.diagnostics);
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 2);
    assert_eq!((m.row, m.texture.is_some(), m.base_color), (None, false, UNRESOLVED_COLOR));
    assert!(has(&m.diagnostics, Severity::Info, "no walker.wea"));
}

#[test]
fn unknown_material_falls_back_to_default() {
    let mut assets = demo_assets();
    assets.add_file("odd.wea", wfx::table(&[(0, "NOPE"), (1, "GLASS")], None, wfx::Style::default()));
    let table = WearTable::for_mesh(&assets, "odd.msh");
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 0);
    assert_eq!((m.fallback, m.mat0.as_deref()), (Some(Fallback::Default), Some("Material.lib::DEFAULT")));
    assert!(has(&m.diagnostics, Severity::Warning, "Material NOPE not found."), "{:?}", m.diagnostics);
    assert!(has(&m.diagnostics, Severity::Warning, "using DEFAULT instead"));
    // DEFAULT has no texture: its diffuse only.
    assert!(m.texture_name.is_none() && m.texture.is_none());
    assert!(approx(m.base_color, [160, 160, 160, 255]));
}

#[test]
fn without_default_the_first_entry_is_used() {
    let mut assets = demo_assets();
    assets.remove_file("Material.lib");
    assets.add_file(
        "Material.lib",
        lib(&[
            ("ROCK", TYPE_MAT0, v6(0), mfx::static_material([150, 140, 130], "ROCK.0")),
            ("GLASS", TYPE_MAT0, v6(1 << 2), mfx::static_material([200, 230, 255], "GLASS.0")),
        ]),
    );
    let table = WearTable::for_mesh(&assets, "walker.msh");
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 0);
    assert_eq!((m.fallback, m.mat0.as_deref()), (Some(Fallback::FirstEntry), Some("Material.lib::ROCK")));
    assert!(has(&m.diagnostics, Severity::Warning, "Material METAL01 not found."));
    assert!(has(&m.diagnostics, Severity::Warning, "using entry 0 (ROCK)"), "{:?}", m.diagnostics);
    assert_eq!(m.texture.as_ref().map(|t| t.name.as_str()), Some("ROCK.0"));
}

#[test]
fn missing_texture_is_a_warning() {
    let mut assets = demo_assets();
    assets.remove_file("Textures.lib");
    assets.add_file("Textures.lib", lib(&[("ROCK.0", TYPE_TEXM, [0; 3], build(&Spec::new(Format::Rgb565, 8, 8, 1, Material::Rock)))]));
    let table = WearTable::for_mesh(&assets, "walker.msh");
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 0);
    assert_eq!(m.texture_name.as_deref(), Some("METAL01.0"));
    assert!(m.texture.is_none());
    assert!(has(&m.diagnostics, Severity::Warning, "texture METAL01.0 not found in Textures.lib"), "{:?}", m.diagnostics);
    assert!(m.chain().ends_with("METAL01.0 (missing)"), "{}", m.chain());
    // The material's colour survives.
    assert!(approx(m.base_color, [200, 200, 210, 255]));
}

#[test]
fn missing_and_unreadable_libraries() {
    let mut assets = demo_assets();
    assets.remove_file("Material.lib");
    let table = WearTable::for_mesh(&assets, "walker.msh");
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 0);
    assert!(has(&m.diagnostics, Severity::Warning, "no Material.lib"), "{:?}", m.diagnostics);
    assert_eq!(m.name.as_deref(), Some("METAL01"));
    assets.add_file("Material.lib", b"not an archive".to_vec());
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 0);
    assert!(has(&m.diagnostics, Severity::Warning, "cannot be read"), "{:?}", m.diagnostics);
    let mut assets = demo_assets();
    assets.remove_file("Textures.lib");
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 0);
    assert!(has(&m.diagnostics, Severity::Warning, "no Textures.lib"), "{:?}", m.diagnostics);
}

#[test]
fn a_byte_past_the_table_names_no_row() {
    let assets = demo_assets();
    let table = WearTable::for_mesh(&assets, "walker.msh");
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 9);
    assert_eq!((m.row, m.mat0.as_ref()), (None, None));
    assert!(has(&m.diagnostics, Severity::Error, "index 9 names no row"), "{:?}", m.diagnostics);
}

#[test]
fn legacy_id_reading_picks_by_id() {
    let mut assets = demo_assets();
    assets.add_file("ids.wea", wfx::table(&[(5, "ROCK"), (3, "GRASS")], None, wfx::Style::default()));
    let table = WearTable::load(&assets, "ids.wea");
    let by_row = Resolver::new(&assets, &Readings::default()).resolve(&table, 1);
    assert_eq!(by_row.name.as_deref(), Some("GRASS"));
    assert!(has(&by_row.diagnostics, Severity::Warning, "not 0..1 in order"), "{:?}", by_row.diagnostics);
    let r = Readings { wear_lookup: WearLookup::ByLegacyId, ..Readings::default() };
    let by_id = Resolver::new(&assets, &r).resolve(&table, 5);
    assert_eq!((by_id.row, by_id.name.as_deref()), (Some(0), Some("ROCK")));
}

#[test]
fn phase_follows_the_game_time() {
    let assets = demo_assets();
    let table = WearTable::for_mesh(&assets, "walker.msh");
    // LAMP: phase 0 "on" until 250 ms, phase 1 "off" until 1000 ms, no interpolation.
    let on = Resolver::new(&assets, &Readings::default()).resolve(&table, 3);
    assert_eq!(on.phase, Some(0));
    assert!(approx(on.base_color, [255, 255, 220, 255]));
    assert!(on.emissive.iter().zip([255u8, 240, 160]).all(|(a, b)| (a - f32::from(b) / 255.0).abs() < 1e-6));
    let off = Resolver::new(&assets, &Readings::default()).at_time(500).resolve(&table, 3);
    assert_eq!(off.phase, Some(1));
    assert!(approx(off.base_color, [90, 90, 80, 255]));
}

#[test]
fn palettes_come_from_the_name_suffix() {
    let mut assets = demo_assets();
    assets.remove_file("Textures.lib");
    assets.add_file(
        "Textures.lib",
        lib(&[
            // Format 2 indexes an external palette: ".A" selects A.PAL.
            ("FONT.A", TYPE_TEXM, [0; 3], build(&Spec::new(Format::External, 8, 8, 1, Material::Light))),
            ("FONT.Q", TYPE_TEXM, [0; 3], build(&Spec::new(Format::External, 8, 8, 1, Material::Light))),
            // Format 0 on an alpha surface: its own palette, index 0 transparent.
            ("DECAL.B", TYPE_TEXM, [0; 3], build(&Spec::new(Format::Indexed, 8, 8, 1, Material::Glass).flags5(FLAG5_ALPHA))),
            ("NODOT", TYPE_TEXM, [0; 3], build(&Spec::new(Format::Rgb565, 8, 8, 1, Material::Rock))),
        ]),
    );
    let r = Readings::default();
    let mut res = Resolver::new(&assets, &r);
    let (font, d) = res.texture(b"FONT.A");
    let font = font.unwrap();
    assert_eq!((font.palette.as_deref(), font.palette_used), (Some("A.PAL"), true));
    assert!(d.is_empty(), "{d:?}");
    // A.PAL is a warm ramp, unlike greyscale: some texel has r != b.
    assert!(font.image.rgba.chunks_exact(4).any(|p| p[0] != p[2]));
    let (grey, d) = res.texture(b"FONT.Q");
    assert!(grey.is_some_and(|t| !t.palette_used && t.image.rgba.chunks_exact(4).all(|p| p[0] == p[1] && p[1] == p[2])));
    assert!(has(&d, Severity::Warning, "palette Q.PAL not found"), "{d:?}");
    assert!(has(&d, Severity::Warning, "greyscale"));
    let (decal, _) = res.texture(b"DECAL.B");
    let decal = decal.unwrap();
    assert_eq!((decal.palette.as_deref(), decal.palette_used), (Some("B.PAL"), false));
    assert!(decal.has_alpha);
    let (nodot, d) = res.texture(b"NODOT");
    assert!(nodot.is_some());
    assert!(has(&d, Severity::Warning, "Bad texture name."), "{d:?}");
}

#[test]
fn broken_textures_and_materials_do_not_stop_the_chain() {
    let mut assets = demo_assets();
    let mut bad_texm = build(&Spec::new(Format::Rgb565, 8, 8, 1, Material::Rock));
    bad_texm.truncate(40);
    let mut unknown_format = build(&Spec::new(Format::Rgb565, 8, 8, 1, Material::Rock));
    unknown_format[28..32].copy_from_slice(&999u32.to_le_bytes());
    assets.remove_file("Textures.lib");
    assets.add_file(
        "Textures.lib",
        lib(&[("BAD.0", TYPE_TEXM, [0; 3], bad_texm), ("ODD.0", TYPE_TEXM, [0; 3], unknown_format)]),
    );
    let mut res = Resolver::new(&assets, &Readings::default());
    let (t, d) = res.texture(b"BAD.0");
    assert!(t.is_none() && has(&d, Severity::Warning, "runs past the end"), "{d:?}");
    let (t, d) = res.texture(b"ODD.0");
    assert!(t.is_none() && has(&d, Severity::Warning, "cannot load its format"), "{d:?}");

    assets.remove_file("Material.lib");
    let mut truncated = mfx::static_material([1, 2, 3], "ROCK.0");
    truncated.truncate(10);
    assets.add_file("Material.lib", lib(&[("METAL01", TYPE_MAT0, v6(0), truncated), ("GLASS", TYPE_MAT0, [0; 3], vec![0, 0, 0, 0])]));
    let table = WearTable::for_mesh(&assets, "walker.msh");
    let mut res = Resolver::new(&assets, &Readings::default());
    let m = res.resolve(&table, 0);
    assert!(m.mat0.is_some() && m.texture_name.is_none());
    assert!(m.diagnostics.iter().any(|d| d.severity == Severity::Warning && d.offset.is_some()), "{:?}", m.diagnostics);
    let m = res.resolve(&table, 1);
    assert!(has(&m.diagnostics, Severity::Warning, "no phases"), "{:?}", m.diagnostics);
}

#[test]
fn landscape_tables_follow_the_reading() {
    let assets = demo_assets();
    let r = Readings::default();
    assert_eq!(WearTable::for_landscape(&assets, 1, &r).file_name, "Land1.wea");
    let seed = Readings { land_wear: crate::formats::readings::LandWear::Land1Lod0Land2Lod1, ..r };
    assert_eq!(WearTable::for_landscape(&assets, 0, &seed).file_name, "Land1.wea");
    let t = WearTable::for_landscape(&assets, 1, &seed);
    assert_eq!(t.origin.as_deref(), Some("Land2.wea"));
    // Land1.wea: 0 DEFAULT, 1 GRASS, 2 ROCK, 3 ROCK, 4 WATER.
    let table = WearTable::land_file(&assets, LandWearFile::Land1);
    let water = Resolver::new(&assets, &r).resolve(&table, 4);
    assert_eq!(water.name.as_deref(), Some("WATER"));
    assert_eq!(water.nibble_mode, 2);
    assert!(water.alpha_blended && water.texture.is_some());
}

#[test]
fn folder_assets_search_the_archive_then_the_folder_then_the_parent() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("DATA");
    std::fs::create_dir(&data).unwrap();
    for (name, bytes) in demo::demo_files() {
        let dir = if name.ends_with(".lib") { root.path() } else { data.as_path() };
        // Different case than the engine asks for: the lookup folds ASCII case.
        let name = if name == "Material.lib" { "MATERIAL.LIB".to_string() } else { name.to_string() };
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let assets = FolderAssets::for_file(&data.join("walker.msh"));
    assert!(matches!(assets.library("Material.lib"), Found::Yes(l) if l.origin.ends_with("MATERIAL.LIB")));
    assert!(matches!(assets.beside("WALKER.WEA"), Found::Yes(b) if b.origin.ends_with("walker.wea")));
    let missing = assets.library("LightMap2.lib");
    assert!(missing.why("LightMap2.lib").unwrap().english.contains("DATA"), "{missing:?}");
    let table = WearTable::for_mesh(&assets, "walker.msh");
    let m = Resolver::new(&assets, &Readings::default()).resolve(&table, 0);
    assert!(m.texture.is_some(), "{:?}", m.diagnostics);

    // A mesh inside an archive: the archive's own WEAR entry comes first.
    let mut rlb = Archive::new();
    rlb.add(b"WALKER.wea", crate::formats::TYPE_WEAR, [0; 3], wfx::table(&[(0, "ROCK")], None, wfx::Style::default())).unwrap();
    let (node, _) = Node::parse("bases.rlb", SharedBytes::from(rlb.write())).unwrap();
    let inside = FolderAssets::for_file(&data.join("bases.rlb")).with_container("bases.rlb", node);
    let table = WearTable::for_mesh(&inside, "WALKER.msh");
    assert_eq!(table.origin.as_deref(), Some("bases.rlb::WALKER.wea"));
    let m = Resolver::new(&inside, &Readings::default()).resolve(&table, 0);
    assert_eq!(m.name.as_deref(), Some("ROCK"));
    // Not in the archive: the folder.
    assert!(matches!(inside.beside("tower.wea"), Found::Yes(b) if b.origin.ends_with("tower.wea")));
}

#[test]
fn a_cell_selects_its_stored_page_rect_in_uv() {
    let mut assets = demo_assets();
    let mut spec = Spec::new(Format::Rgb565, 64, 32, 1, Material::Rock);
    spec.page = Some(vec![
        crate::formats::texm::Rect { x: 0, w: 32, y: 0, h: 32 },
        crate::formats::texm::Rect { x: 32, w: 16, y: 8, h: 24 },
        crate::formats::texm::Rect { x: 48, w: 0, y: 0, h: 8 },
    ]);
    assets.remove_file("Textures.lib");
    assets.add_file("Textures.lib", lib(&[("PAGED.0", TYPE_TEXM, [0; 3], build(&spec)), ("PLAIN.0", TYPE_TEXM, [0; 3], build(&Spec::new(Format::Rgb565, 8, 8, 1, Material::Rock)))]));
    let r = Readings::default();
    let mut res = Resolver::new(&assets, &r);
    let t = res.texture(b"PAGED.0").0.unwrap();
    assert_eq!(t.page.len(), 3);
    assert_eq!(t.cell_uv(0), Some([0.0, 0.0, 0.5, 1.0]));
    assert_eq!(t.cell_uv(1), Some([0.5, 0.25, 0.25, 0.75]));
    // An empty rect, a cell past the rects, -1 and 255 (0xFF either way read): the whole texture.
    for cell in [2, 3, -1, 255] {
        assert_eq!(t.cell_uv(cell), None, "cell {cell}");
    }
    let plain = res.texture(b"PLAIN.0").0.unwrap();
    assert!(plain.page.is_empty());
    assert_eq!(plain.cell_uv(0), None);
}
