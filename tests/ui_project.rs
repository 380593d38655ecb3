//! The game folder as a project in the editor, driven as a user would through egui_kittest:
//! open the demo folder (as `parkan-studio DIR` does), search `t:texm` in the project's search
//! field, open a result, follow a "Used by" link of the inspector, and see the index follow an
//! unsaved edit and a rename with its references as one undo step.

#![cfg(feature = "gui")]

mod common;
use common::settle;

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::mat0::Mat0View;
use parkan_studio::app::editors::wear::WearView;
use parkan_studio::app::intent::{Dialog, Intent};
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::items;
use std::path::PathBuf;

const SEARCH: &str = "Search: t:texm brick, t:wear STEEL, is:unused";

/// The demo folder copied to `to` (emptied first).
fn demo_at(to: PathBuf) -> PathBuf {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            if e.path().is_dir() {
                copy(&e.path(), &to.join(e.file_name()));
            } else {
                std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
            }
        }
    }
    let _ = std::fs::remove_dir_all(&to);
    copy(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/demo"), &to);
    to
}

fn harness(dir: PathBuf) -> Harness<'static, StudioApp> {
    let opts = StartOptions { files: vec![dir], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h
}

fn selected_address(h: &Harness<'static, StudioApp>) -> Option<String> {
    let s = h.state();
    s.browser.selection.single().map(|p| items::address(&s.ws, p))
}

#[test]
fn opens_the_demo_folder_searches_opens_a_result_and_follows_used_by() {
    // The project's title shows the folder's path: a fresh folder shown under a fixed name.
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-project-snapshot");
    let mut h = harness(demo_at(snap.path().join("demo")));
    {
        let s = h.state();
        let view = s.views.folder.as_ref().expect("the folder opened as a project");
        assert!(view.index.is_some(), "the index arrived from its task");
        assert!(s.ws.files().is_empty(), "nothing is read into the document before it is opened");
        assert!(s.settings.recent_folders.iter().any(|p| p.ends_with("demo")), "the folder is among the recent ones");
    }
    // Ctrl+P gives the search field the keyboard; results come as you type.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::P);
    h.run();
    h.get_by(|n| n.data().placeholder() == Some(SEARCH)).type_text("t:texm glass");
    h.run();
    assert!(h.query_by_label(&parkan_studio::app::i18n::tr_args("folder-results", &[("n", 1usize.into())])).is_some());
    h.get_by_label("Textures.lib::GLASS.0 (texm)").click();
    settle(&mut h);
    assert_eq!(selected_address(&h).as_deref(), Some("Textures.lib::GLASS.0"));
    // The inspector says who uses it; a link opens the material.
    assert!(h.query_by_label(&parkan_studio::app::i18n::tr_args("refs-used-by", &[("n", 14.into())])).is_some());
    h.get_by_label("Material.lib::GLASS").click();
    settle(&mut h);
    assert_eq!(selected_address(&h).as_deref(), Some("Material.lib::GLASS"));
    // The material's inspector links back to its texture and on to the table rows using it.
    assert!(h.query_by_label("Textures.lib::GLASS.0").is_some());
    assert!(h.query_by_label("walker.wea").is_some(), "Used by lists the table naming GLASS");
    // Clear the search: the tree shows again, with Textures.lib expandable in place.
    h.state_mut().views.folder.as_mut().unwrap().query.clear();
    h.run();
    assert!(h.query_by_label("Textures.lib").is_some());
    // Expanding an archive in the tree lists its entries in place.
    // The tree's row (above the browser's) and the arrow on its line.
    let row = h.get_all_by_label("Material.lib").map(|n| n.rect().center()).min_by(|a, b| a.y.total_cmp(&b.y)).unwrap();
    h.get_all_by_label("Expand").find(|n| (n.rect().center().y - row.y).abs() < 6.0 && n.rect().center().x < row.x).expect("its arrow").click();
    h.run();
    assert!(h.state().views.folder.as_ref().unwrap().expanded.contains("Material.lib"));
    assert!(h.query_by_label("CYCLE_ZERO").is_some());
    // The log's times differ from run to run.
    h.state_mut().settings.show_log = false;
    h.remove_cursor();
    h.run();
    h.snapshot("project");
}

#[test]
fn a_search_hit_inside_a_file_not_yet_read_opens_it_at_the_place() {
    let d = tempfile::tempdir().unwrap();
    let dir = demo_at(d.path().join("demo"));
    let text = std::fs::read_to_string(dir.join("walker.wea")).unwrap();
    let row = text.find("3 LAMP").expect("the demo table names LAMP") + 2;
    let mut h = harness(dir);
    assert!(h.state().ws.files().is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::P);
    h.run();
    h.get_by(|n| n.data().placeholder() == Some(SEARCH)).type_text("t:wear LAMP");
    h.run();
    h.query_all_by(|n| n.label().is_some_and(|l| l.starts_with("walker.wea (wear)") && l.ends_with(": LAMP")))
        .next()
        .expect("a hit on walker.wea's LAMP row")
        .click();
    settle(&mut h);
    // The file was read on the click; its WEAR editor shows the row, the cursor on its name.
    let view = h.state().tabs.active_tab().expect("a tab").state::<WearView>().expect("the WEAR editor");
    assert_eq!(view.cursor, Some(row), "the cursor is at the row's material name");
}

#[test]
fn a_search_hit_on_a_material_phase_opens_the_material_at_that_phase() {
    let d = tempfile::tempdir().unwrap();
    let mut h = harness(demo_at(d.path().join("demo")));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::P);
    h.run();
    h.get_by(|n| n.data().placeholder() == Some(SEARCH)).type_text("t:mat0 WATER3");
    h.run();
    h.get_by_label("Material.lib::WATER (mat0) phase 2, cell 0: WATER3.0").click();
    settle(&mut h);
    assert_eq!(selected_address(&h).as_deref(), Some("Material.lib::WATER"));
    let view = h.state().tabs.active_tab().expect("a tab").state::<Mat0View>().expect("the material editor");
    assert_eq!(view.phase, 2, "the phase naming the texture is selected");
}

#[test]
fn the_index_follows_unsaved_edits_and_a_rename_with_references_is_one_undo_step() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("game");
    parkan_studio::fixtures::game::write_game(&dir, &parkan_studio::fixtures::game::GameSpec::SMALL).unwrap();
    let mut h = harness(dir.clone());
    let used = |h: &Harness<'static, StudioApp>, address: &str| {
        let ix = h.state().views.folder.as_ref().unwrap().index.as_ref().unwrap();
        ix.used_by(ix.find(address).unwrap()).len()
    };
    let before = used(&h, "Material.lib::BRICK00");
    assert_eq!(before, 3);
    // Open the material from the project and rename it: the confirm list names the three
    // table rows, and confirming rewrites them with it in one undo step over four files.
    h.state_mut().push_intent(Intent::OpenProjectItem { address: "Material.lib::BRICK00".into(), offset: None });
    settle(&mut h);
    assert_eq!(selected_address(&h).as_deref(), Some("Material.lib::BRICK00"));
    let path = h.state().browser.selection.single().cloned().unwrap();
    h.state_mut().push_intent(Intent::Rename { path, name: "BRICKY".into() });
    h.run();
    assert!(matches!(h.state().views.dialog, Some(Dialog::RenameReferences { .. })));
    assert!(h.query_all_by_label_contains("models/MODEL000.wea  material row 0").next().is_some());
    h.get_by_label("Rename and rewrite 3").click();
    settle(&mut h);
    assert_eq!(h.state().ws.history.steps().len(), 1);
    assert_eq!(h.state().ws.files().iter().filter(|f| f.is_dirty()).count(), 4);
    assert_eq!(used(&h, "Material.lib::BRICKY"), before, "the index reads the unsaved documents");
    // One Ctrl+Z puts every file back, and the index follows.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    settle(&mut h);
    assert_eq!(used(&h, "Material.lib::BRICK00"), before);
    assert!(h.state().views.folder.as_ref().unwrap().index.as_ref().unwrap().find("Material.lib::BRICKY").is_none());
    assert!(h.state().ws.files().iter().all(|f| !f.is_dirty()));
}

#[test]
fn a_dropped_folder_opens_as_the_project() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("game");
    parkan_studio::fixtures::game::write_game(&dir, &parkan_studio::fixtures::game::GameSpec::SMALL.with_problems()).unwrap();
    let opts = StartOptions { files: Vec::new(), readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    assert!(h.state().views.folder.is_none());
    // As a file manager drops it (common::drop_files runs the frame to rest, which the
    // walk's task keeps from happening: settle instead).
    #[derive(Debug)]
    struct Dropped(PathBuf);
    impl egui::DroppedFile for Dropped {
        fn path(&self) -> &std::path::Path {
            &self.0
        }
        fn bytes(&self) -> Result<Vec<u8>, String> {
            Err("a folder".into())
        }
    }
    h.hover_at(egui::pos2(300.0, 400.0));
    h.input_mut().dropped_files.push(std::sync::Arc::new(Dropped(dir.clone())));
    settle(&mut h);
    let s = h.state();
    let view = s.views.folder.as_ref().expect("the dropped folder is the project");
    assert_eq!(view.root(), dir.as_path());
    // Its findings are in the Diagnostics panel's count.
    let findings = view.index.as_ref().unwrap().problems().len();
    assert_eq!(findings, parkan_studio::fixtures::game::PROBLEMS.len());
    assert!(h.query_by_label_contains(&format!("Diagnostics ({findings})")).is_some());
}
