//! The model import dialog driven through egui_kittest on the real `StudioApp`: a glTF built by
//! the test (the walker: a hierarchy, three materials, one textured, an animated node) dropped
//! on a model's tab shows the dialog with its material rows and node tree and changes nothing;
//! a mapping changed, Import is one undo step over the model, its table and both libraries;
//! redo, Ctrl+S writes all four, and they equal what `import-model` writes with the same mapping.
//! Cancel changes nothing. A rendered snapshot of the dialog.

#![cfg(feature = "gui")]

mod common;
use common::{drop_files_one_frame, settle};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::mesh::import::ImportDialog;
use parkan_studio::fixtures::{demo, gltf as fx};
use parkan_studio::import::plan::Mapping;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use parkan_studio::app::i18n::tr;

fn demo_in(dir: &Path) {
    for (name, bytes) in demo::demo_files() {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    std::fs::write(dir.join("robot.glb"), fx::walker().glb()).unwrap();
}

fn dialog<'a>(h: &'a Harness<'static, StudioApp>) -> Option<&'a ImportDialog> {
    h.state().editor_dialog::<ImportDialog>()
}

/// Steps until the dialog shows the conversion of its current mapping (it runs on a worker).
fn wait_converted(h: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    loop {
        h.step();
        if dialog(h).is_some_and(|d| d.current() && d.result.is_some()) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the conversion never came");
        std::thread::sleep(Duration::from_millis(5));
    }
    while h.try_run().is_err() {
        assert!(start.elapsed() < Duration::from_secs(120), "the UI never settled");
    }
}

fn open_walker(dir: &Path) -> Harness<'static, StudioApp> {
    common::app_with(vec![dir.join("walker.msh")], [1400.0, 1000.0])
}

fn drop_on_tab(h: &mut Harness<'static, StudioApp>, file: PathBuf) {
    let title = h.state().tabs.title_rects[0].0.center();
    // One frame: the conversion runs on the worker and repaints when it lands.
    drop_files_one_frame(h, title, &[file]);
    wait_converted(h);
}

/// Every open file's bytes as the editor has them, by file name.
fn open_bytes(h: &Harness<'static, StudioApp>) -> Vec<(String, Vec<u8>)> {
    let ws = &h.state().ws;
    let mut v: Vec<(String, Vec<u8>)> = ws.files().iter().map(|f| (f.name(), ws.item_bytes(&parkan_studio::doc::ItemPath::root(f.id)).unwrap().to_vec())).collect();
    v.sort();
    v
}

fn disk(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap()
}

#[test]
fn a_dropped_gltf_is_shown_then_imported_as_one_undo_step_and_saved_as_the_cli_writes_it() {
    // A fixed folder: the dialog's snapshot names the files it writes.
    let d = Path::new("/tmp/parkan-studio-import-model-ui");
    let _ = std::fs::remove_dir_all(d);
    std::fs::create_dir_all(d).unwrap();
    demo_in(d);
    let before: Vec<(&str, Vec<u8>)> = ["walker.msh", "walker.wea", "Material.lib", "Textures.lib"].into_iter().map(|n| (n, disk(d, n))).collect();
    let mut h = open_walker(d);
    // The tab's summary behind the dialog: a still picture for the snapshot (the title takes
    // the drop whatever the tab shows).
    h.get_by_label("Summary").click();
    settle(&mut h);
    drop_on_tab(&mut h, d.join("robot.glb"));
    let dlg = dialog(&h).expect("the import dialog opened");
    let c = dlg.converted().expect("converted");
    // Three material rows, the node tree with its hierarchy and the animated arm.
    assert_eq!(c.rows.iter().map(|r| r.gltf_name.as_str()).collect::<Vec<_>>(), ["HULL", "GLASS", "METAL"]);
    assert_eq!(c.nodes.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(), ["BODY", "HEAD", "ARM_L", "ARM_R", "GUN"]);
    assert_eq!(c.nodes[4].parent, Some(3));
    assert!(c.nodes[2].animated);
    for label in ["BODY", "HEAD", "ARM_L", "ARM_R", "GUN", "HULL", "GLASS", "METAL"] {
        assert!(h.query_by_label(label).is_some(), "{label} is shown");
    }
    assert!(h.query_all_by_label_contains(tr("import-animated").trim()).next().is_some());
    assert!(h.query_by_label(&tr("import-limit-batch-vertices")).is_some() && h.query_by_label(&tr("import-limit-batch-indices")).is_some(), "the counts against the limits");
    let library = dlg.library.clone();
    assert!(!library.is_empty(), "the demo's Material.lib was found");
    // Nothing changed yet: no file edited, none written.
    assert!(!h.state().ws.any_dirty());
    h.snapshot("import_model_dialog");

    // METAL drawn with a material the library has.
    let pick = library.iter().find(|n| !["HULL", "GLASS", "METAL"].contains(&n.as_str())).unwrap().clone();
    let metal_combo = h.get_all_by_label_contains("METAL").find(|n| n.accesskit_node().role() == egui::accesskit::Role::ComboBox).expect("METAL's combo");
    metal_combo.click();
    h.run();
    let option = format!("Library: {pick}");
    h.get_all_by_label(&option).last().expect("the library's materials are offered").click();
    wait_converted(&mut h);
    let dlg = dialog(&h).unwrap();
    assert_eq!(dlg.mapping[2], Mapping::Use(pick.clone()));
    assert_eq!(dlg.converted().unwrap().rows[2].name, pick);
    h.get_by_label(&tr("import-button")).click();
    settle(&mut h);
    assert!(dialog(&h).is_none(), "the dialog closed");
    let imported = open_bytes(&h);
    let names: Vec<&str> = imported.iter().map(|(n, _)| n.as_str()).collect();
    for n in ["walker.msh", "walker.wea", "Material.lib", "Textures.lib"] {
        assert!(names.contains(&n), "{n} is open: {names:?}");
        assert!(h.state().ws.files().iter().any(|f| f.name() == n && f.is_dirty()), "{n} is edited");
    }
    assert_eq!(h.state().ws.history.undo_label(), Some("Import robot.glb into walker.msh"));
    // One undo step restores every file; redo brings them back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(!h.state().ws.any_dirty(), "undo restored every file");
    for (n, b) in open_bytes(&h) {
        if let Some((_, old)) = before.iter().find(|(name, _)| *name == n) {
            assert!(b == *old, "{n} is as it was");
        }
    }
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(open_bytes(&h), imported, "redo");
    // Nothing is on disk until saved. Ctrl+S on the model's tab writes every file the import
    // step touched (each atomically, as any save), not the model alone.
    assert_eq!(disk(d, "walker.msh"), before[0].1);
    let current = h.state().current_file().and_then(|f| h.state().ws.file(f)).map(|f| f.name());
    assert_eq!(current.as_deref(), Some("walker.msh"), "the model's tab is the current file");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(!h.state().ws.any_dirty(), "Ctrl+S saved the model, its table and both libraries");
    for (n, old) in &before {
        assert!(disk(d, n) != *old, "{n} was written");
    }

    // The command line with the same mapping writes the same bytes.
    let cli = tempfile::tempdir().unwrap();
    demo_in(cli.path());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_parkan-studio"))
        .args(["import-model", "robot.glb", "walker.msh", "--materials", "Material.lib", "--textures", "Textures.lib", "--map", &format!("METAL={pick}")])
        .current_dir(cli.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for n in ["walker.msh", "walker.wea", "Material.lib", "Textures.lib"] {
        assert!(disk(d, n) == disk(cli.path(), n), "{n}: the dialog and import-model wrote the same bytes");
    }
}

#[test]
fn cancel_changes_nothing_and_the_command_is_in_the_file_menu() {
    let d = tempfile::tempdir().unwrap();
    demo_in(d.path());
    let mut h = open_walker(d.path());
    let files_before = h.state().ws.files().len();
    drop_on_tab(&mut h, d.path().join("robot.glb"));
    assert!(dialog(&h).is_some());
    h.get_by_label(&tr("import-cancel")).click();
    h.run();
    assert!(dialog(&h).is_none());
    assert!(!h.state().ws.any_dirty() && !h.state().ws.history.can_undo());
    assert_eq!(h.state().ws.files().len(), files_before, "no file was opened");
    // File > Import Model… acts on the model open in the view.
    h.get_by_label("File").click();
    h.run();
    assert!(h.query_by_label(&tr("cmd-mesh-import-model")).is_some());
}

/// Types `name` over the new model's name.
fn rename(h: &mut Harness<'static, StudioApp>, name: &str) {
    h.get_by_label(&tr("import-name")).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(&tr("import-name")).type_text(name);
    h.step();
}

#[test]
fn with_no_model_the_import_asks_a_name_and_a_place_and_makes_a_new_model_in_one_step() {
    let d = tempfile::tempdir().unwrap();
    demo_in(d.path());
    // Only Material.lib is open: no model in front or selected.
    let mut h = common::app_with(vec![d.path().join("Material.lib")], [1400.0, 1000.0]);
    settle(&mut h);
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(&tr("cmd-mesh-import-model")).click();
    h.run();
    h.state_mut().views.file_dialog.open.as_mut().expect("the glTF is asked for").go(d.path().to_path_buf());
    h.run();
    h.get_by_label("robot.glb").click();
    h.run();
    h.get_by_label("Open Selected").click();
    h.step();
    wait_converted(&mut h);
    let dlg = dialog(&h).expect("the import dialog opened");
    let n = dlg.new_model.as_ref().expect("as a new model");
    assert_eq!(n.name, "ROBOT", "named after the file");
    assert_eq!(n.places.len(), 1, "Material.lib takes no model: the folder is the place");
    assert!(n.places[0].1.contains(&d.path().display().to_string()));
    assert!(n.problem.is_none() && dlg.edits().is_some());
    assert!(h.query_by_label(&parkan_studio::app::i18n::tr_args("import-as-new", &[("source", "robot.glb".into())])).is_some());
    // A name taken in the folder is refused, and Import waits for another.
    rename(&mut h, "walker");
    wait_converted(&mut h);
    let dlg = dialog(&h).unwrap();
    assert!(dlg.new_model.as_ref().unwrap().problem.as_deref().is_some_and(|p| p.contains("already there")), "walker.msh is there");
    assert!(dlg.edits().is_none());
    rename(&mut h, "ROBOT");
    wait_converted(&mut h);
    assert!(dialog(&h).unwrap().edits().is_some());
    h.get_by_label(&tr("import-button")).click();
    settle(&mut h);
    assert!(dialog(&h).is_none());
    assert_eq!(h.state().ws.history.undo_label(), Some(format!("Import robot.glb into {}", d.path().join("ROBOT.msh").display()).as_str()));
    let dirty: Vec<String> = h.state().ws.files().iter().filter(|f| f.is_dirty()).map(|f| f.name()).collect();
    for n in ["ROBOT.msh", "ROBOT.wea", "Material.lib", "Textures.lib"] {
        assert!(dirty.iter().any(|f| f == n), "{n} is edited: {dirty:?}");
    }
    // One undo step takes it all back; redo; Ctrl+S writes every file of the step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(!h.state().ws.any_dirty(), "undo restored every file");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert!(!d.path().join("ROBOT.msh").exists(), "nothing on disk before a save");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(!h.state().ws.any_dirty(), "Ctrl+S saved the new model, its table and both libraries");
    // The same bytes as `import-model -o` into the same folder.
    let cli = tempfile::tempdir().unwrap();
    demo_in(cli.path());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_parkan-studio"))
        .args(["import-model", "robot.glb", "-o", "ROBOT.msh", "--materials", "Material.lib", "--textures", "Textures.lib"])
        .current_dir(cli.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for n in ["ROBOT.msh", "ROBOT.wea", "Material.lib", "Textures.lib"] {
        assert!(disk(d.path(), n) == disk(cli.path(), n), "{n}: the dialog and import-model wrote the same bytes");
    }
}
