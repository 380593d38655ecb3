//! Issue 43: the interface in Russian. The language switches at once and is remembered, the
//! main panels drawn in Russian at the laptop sizes (snapshots `ru_*`), and tests in English
//! by default whatever the machine's LANG. Its own test binary: a Russian harness sets the
//! process-wide language that other threads read, so the English suites never share a
//! process with it.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::command::Command;
use parkan_studio::app::i18n::{self, Language};
use parkan_studio::app::intent::Intent;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::fixtures::demo;
use std::path::{Path, PathBuf};

fn entry(dir: &Path, file: &str, entry: &str) -> PathBuf {
    PathBuf::from(format!("{}::{entry}", dir.join(file).display()))
}

fn harness(files: Vec<PathBuf>, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let opts = StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size(size).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h
}

#[test]
fn a_start_with_nothing_remembered_is_english_whatever_lang_says() {
    let h = harness(Vec::new(), [1024.0, 768.0]);
    assert_eq!(h.state().settings.language, Some(Language::English));
    assert!(h.query_by_label(&i18n::tr("menu-file")).is_some());
    assert!(h.query_by_label("File").is_some());
}

#[test]
fn the_language_switches_without_a_restart_and_is_remembered() {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    let mut h = harness(vec![d.path().join("Material.lib")], [1280.0, 720.0]);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Language").hover();
    h.run();
    h.get_by_label("Русский").click();
    settle(&mut h);
    assert_eq!(h.state().settings.language, Some(Language::Russian));
    for label in ["Файл", "Правка", "Запись", "Вид", "Справка", "Журнал"] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    assert!(h.query_by_label("File").is_none());
    // The settings file keeps it.
    let text = serde_json::to_string(&h.state().settings).unwrap();
    assert!(text.contains("\"language\":\"Russian\""), "{text}");
    // The palette's command back, by its Russian name.
    h.state_mut().push_intent(Intent::Run(Command::LanguageEnglish));
    settle(&mut h);
    assert!(h.query_by_label("File").is_some() && h.query_by_label("Файл").is_none());
}

/// Every main panel in Russian at 1280×720 and 1024×768.
#[test]
fn the_main_panels_in_russian_at_laptop_sizes() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-ru");
    let d = snap.path();
    demo::write_demo(d).unwrap();
    let game = d.join("game");
    parkan_studio::fixtures::game::write_game(&game, &parkan_studio::fixtures::game::GameSpec::SMALL).unwrap();
    // A second walker.wea with one line more, for the compare view.
    let other = d.join("other");
    std::fs::create_dir_all(&other).unwrap();
    let mut wea = std::fs::read(d.join("walker.wea")).unwrap();
    wea.extend_from_slice(b"\r\n");
    std::fs::write(other.join("walker.wea"), wea).unwrap();
    let panels: Vec<(&str, Vec<PathBuf>)> = vec![
        ("browser", vec![d.join("Material.lib"), d.join("Textures.lib")]),
        ("material", vec![entry(d, "Material.lib", "WATER")]),
        ("texture", vec![entry(d, "Textures.lib", "METAL01.0")]),
        ("wear", vec![d.join("walker.wea")]),
        ("mods", vec![game.clone()]),
        ("compare", vec![d.join("walker.wea")]),
    ];
    let mut results = egui_kittest::SnapshotResults::new();
    for size in [[1280.0, 720.0], [1024.0, 768.0]] {
        for (name, files) in &panels {
            let mut h = harness(files.clone(), size);
            h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
            if *name == "compare" {
                h.state_mut().push_intent(Intent::CompareWith(other.join("walker.wea")));
            }
            settle(&mut h);
            assert_eq!(i18n::language(), Language::Russian);
            h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
            settle(&mut h);
            h.snapshot(format!("ru_{name}_{}x{}", size[0], size[1]));
            results.extend_harness(&mut h);
        }
    }
}

/// The sound, font and palette editors in Russian at 1024×768 (the palette's Ipol note wraps
/// under its table instead of running off the window).
#[test]
fn the_media_editors_in_russian_at_1024x768() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-ru-media");
    let d = snap.path();
    demo::write_demo(d).unwrap();
    let size = [1024.0, 768.0];
    let mut results = egui_kittest::SnapshotResults::new();
    for (name, file, item) in [("sound", "sounds.lib", "voice_hello.wav"), ("font", "gamefont.rlb", "GAME.FNT"), ("palette", "gamefont.rlb", "PAL.PAL")] {
        let mut h = harness(vec![entry(d, file, item)], size);
        h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
        settle(&mut h);
        assert_eq!(i18n::language(), Language::Russian);
        h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
        settle(&mut h);
        h.snapshot(format!("ru_{name}_1024x768"));
        results.extend_harness(&mut h);
    }
}

/// The record and unit editors in Russian at 1024×768: the slot table's names cut with an
/// ellipsis, the unit's record link on its own row, its buttons wrapped, nothing off the window.
#[test]
fn the_record_and_unit_editors_in_russian_at_1024x768() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-ru-world");
    let d = snap.path();
    demo::write_demo(d).unwrap();
    let world = d.to_path_buf();
    let size = [1024.0, 768.0];
    let mut results = egui_kittest::SnapshotResults::new();
    for (name, item) in [("record", entry(&world, "objects.rlb", "tower")), ("unit", world.join("UNITS").join("walker.dat"))] {
        let mut h = harness(vec![item], size);
        h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
        settle(&mut h);
        assert_eq!(i18n::language(), Language::Russian);
        let button = if name == "record" { "record-add-slot" } else { "unit-add-child" };
        assert_eq!(i18n::tr(button), if name == "record" { "Добавить слот" } else { "Добавить дочерний" });
        assert!(h.query_by_label(&i18n::tr(button)).is_some(), "the {name} editor is drawn in Russian");
        h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
        settle(&mut h);
        h.snapshot(format!("ru_{name}_1024x768"));
        results.extend_harness(&mut h);
    }
}

/// The 3D view (a model with its side column: counts, slot grid, nodes, materials) and the
/// model import dialog in Russian at 1280×720 and 1024×768.
#[test]
fn the_3d_view_and_the_import_dialog_in_russian_at_laptop_sizes() {
    use parkan_studio::app::editors::mesh::MeshView;
    use parkan_studio::app::editors::mesh::import::ImportDialog;
    use std::time::{Duration, Instant};
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-ru-mesh");
    let d = snap.path();
    demo::write_demo(d).unwrap();
    std::fs::write(d.join("robot.glb"), parkan_studio::fixtures::gltf::walker().glb()).unwrap();
    // Steps until `done` holds (the scene and the conversion come from workers).
    let wait = |h: &mut Harness<'static, StudioApp>, done: &dyn Fn(&StudioApp) -> bool| {
        let start = Instant::now();
        while !done(h.state()) {
            h.step();
            assert!(start.elapsed() < Duration::from_secs(120), "the worker never answered");
            std::thread::sleep(Duration::from_millis(5));
        }
        settle(h);
    };
    let mut results = egui_kittest::SnapshotResults::new();
    for size in [[1280.0, 720.0], [1024.0, 768.0]] {
        let mut h = harness(vec![d.join("walker.msh")], size);
        h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
        wait(&mut h, &|s| s.tabs.active_tab().and_then(|t| t.state::<MeshView>()).is_some_and(|v| v.built().is_some()));
        assert_eq!(i18n::language(), Language::Russian);
        let tab = h.state().tabs.active.unwrap();
        h.state_mut().tabs.tabs[tab].state_mut::<MeshView>().unwrap().show_build_ms(1.5);
        h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
        settle(&mut h);
        h.snapshot(format!("ru_viewport_{}x{}", size[0], size[1]));
        assert!(h.query_by_label(&i18n::tr("mesh-wireframe")).is_some() || h.query_by_label(&i18n::tr("toolbar-tools")).is_some(), "the tool bar in Russian");
        assert!(h.query_by_label(&i18n::tr("mesh-pick-hint")).is_some(), "the side column in Russian");
        results.extend_harness(&mut h);

        let title = h.state().tabs.title_rects[0].0.center();
        common::drop_files_one_frame(&mut h, title, &[d.join("robot.glb")]);
        wait(&mut h, &|s| s.editor_dialog::<ImportDialog>().is_some_and(|d| d.current() && d.result.is_some()));
        assert!(h.query_by_label(&i18n::tr("import-button")).is_some(), "the dialog in Russian");
        assert_eq!(i18n::tr("import-button"), "Импорт");
        h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
        settle(&mut h);
        h.snapshot(format!("ru_import_model_{}x{}", size[0], size[1]));
        results.extend_harness(&mut h);
    }
}

/// A landscape in the 3D view in Russian at 1024×768, its flag view on: the flag legend, the
/// LOD switch and the material list of the side column.
#[test]
fn a_landscape_with_its_flags_in_russian_at_1024x768() {
    use parkan_studio::app::editors::mesh::MeshView;
    use std::time::{Duration, Instant};
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-ru-land");
    let d = snap.path();
    demo::write_demo(d).unwrap();
    let size = [1024.0, 768.0];
    let mut h = harness(vec![d.join("Land.msh")], size);
    h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
    let start = Instant::now();
    while h.state().tabs.active_tab().and_then(|t| t.state::<MeshView>()).is_none_or(|v| v.built().is_none()) {
        h.step();
        assert!(start.elapsed() < Duration::from_secs(120), "the scene never came");
        std::thread::sleep(Duration::from_millis(5));
    }
    let tab = h.state().tabs.active.unwrap();
    let v = h.state_mut().tabs.tabs[tab].state_mut::<MeshView>().unwrap();
    v.show_build_ms(1.5);
    v.show_flags = true;
    h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
    settle(&mut h);
    assert_eq!(i18n::language(), Language::Russian);
    assert!(h.query_by_label(&i18n::tr("mesh-flag-liquid-bed")).is_some(), "the flag legend in Russian");
    // The side column scrolled down to the legend.
    h.hover_at(egui::pos2(520.0, 560.0));
    h.run();
    h.event(egui::Event::MouseWheel { unit: egui::MouseWheelUnit::Point, delta: egui::vec2(0.0, -110.0), phase: egui::TouchPhase::Move, modifiers: Default::default(), source: egui::MouseWheelSource::Wheel });
    settle(&mut h);
    h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
    settle(&mut h);
    h.snapshot("ru_landscape_1024x768");
}

/// The codecs' own findings in Russian: an archive whose entries share bytes opens with its
/// warnings in the inspector and the log in Russian (their ids' texts in
/// `i18n/ru/messages/`), the entry names as the file has them.
#[test]
fn a_files_findings_in_russian() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-ru-findings");
    let d = snap.path();
    std::fs::write(d.join("shared.lib"), parkan_studio::fixtures::nres::shared_ranges()).unwrap();
    let size = [1024.0, 768.0];
    let mut h = harness(Vec::new(), size);
    h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
    settle(&mut h);
    h.state_mut().push_intent(Intent::Open(vec![d.join("shared.lib")]));
    h.state_mut().push_intent(Intent::Run(Command::ToggleLog));
    settle(&mut h);
    assert_eq!(i18n::language(), Language::Russian);
    assert!(h.query_all_by_label_contains("делит или перекрывает байты другой записи").count() >= 2, "the warning in Russian");
    assert_eq!(h.query_all_by_label_contains("shares or overlaps").count(), 0, "no English left");
    h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
    settle(&mut h);
    h.snapshot("ru_findings_1024x768");
}
