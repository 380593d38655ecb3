//! The editor driven as a user would, through egui_kittest on the real `StudioApp`: open a
//! fixture archive, filter, select, rename, undo and redo, extract, replace, add (also by
//! dropping files), delete, the unsaved-changes prompt on closing the window, the command
//! palette, and one rendered snapshot of the main window.

#![cfg(feature = "gui")]

mod common;
use common::{drop_files, settle};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::intent::{Dialog, Intent};
use parkan_studio::app::settings::Theme;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;
use parkan_studio::fixtures;
use std::path::{Path, PathBuf};

const CMD_SHIFT: Modifiers = Modifiers { shift: true, ..Modifiers::COMMAND };

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn options(files: Vec<PathBuf>) -> StartOptions {
    StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false }
}

fn harness(files: Vec<PathBuf>) -> Harness<'static, StudioApp> {
    let mut h = Harness::builder().with_size([1280.0, 800.0]).build_eframe(move |cc| StudioApp::new(cc, options(files)));
    settle(&mut h);
    h
}


fn names(h: &Harness<'static, StudioApp>) -> Vec<String> {
    h.state().browser.model.rows.iter().map(|r| r.name.clone()).collect()
}

fn root(h: &Harness<'static, StudioApp>) -> ItemPath {
    ItemPath::root(h.state().ws.files()[0].id)
}

fn entry_names(h: &Harness<'static, StudioApp>) -> Vec<String> {
    h.state().ws.files()[0].root().metas().into_iter().map(|m| m.name).collect()
}

fn click_row(h: &mut Harness<'static, StudioApp>, name: &str, mods: Modifiers) {
    h.get_all_by_label(name).next().unwrap_or_else(|| panic!("no row {name}")).click_modifiers(mods);
    h.run();
}


#[test]
fn opens_filters_and_selects() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let mut h = harness(vec![lib]);
    assert_eq!(names(&h), ["simple.lib", "STEEL", "brick.0", "_under", "Zeta", "alpha"]);
    h.get_by_label("Zeta").hover();
    // Filter by typing into the filter field.
    let filter = h.get_by(|n| n.data().placeholder() == Some("Filter by name (Ctrl+F)"));
    filter.click();
    h.run();
    h.get_by(|n| n.data().placeholder() == Some("Filter by name (Ctrl+F)")).type_text("e");
    h.run();
    assert_eq!(names(&h), ["simple.lib", "STEEL", "_under", "Zeta"]);
    h.get_by(|n| n.data().placeholder() == Some("Filter by name (Ctrl+F)")).type_text("R");
    h.run();
    assert_eq!(names(&h), ["simple.lib", "_under"]);
    // Clear it with the ✕ button.
    h.get_by_label("×").click();
    h.run();
    assert_eq!(names(&h).len(), 6);
    // Click, Ctrl+click, Shift+click.
    let r = root(&h);
    click_row(&mut h, "brick.0", Modifiers::NONE);
    assert_eq!(h.state().browser.selection.single(), Some(&r.child(1)));
    click_row(&mut h, "Zeta", Modifiers::COMMAND);
    assert_eq!(h.state().selected_entries(), [r.child(1), r.child(3)]);
    click_row(&mut h, "alpha", Modifiers::SHIFT);
    assert_eq!(h.state().selected_entries(), [r.child(3), r.child(4)]);
    click_row(&mut h, "STEEL", Modifiers::NONE);
    h.key_press_modifiers(Modifiers::SHIFT, Key::ArrowDown);
    h.run();
    assert_eq!(h.state().selected_entries(), [r.child(0), r.child(1)]);
    // Sort by name: '_' first, then case-insensitive.
    h.get_by_label("Name").click();
    h.run();
    assert_eq!(names(&h)[1..], ["_under", "alpha", "brick.0", "STEEL", "Zeta"]);
    h.get_by_label("Name").click();
    h.run();
    assert!(!h.state().settings.sort.ascending);
    assert_eq!(names(&h)[1], "Zeta");
    // The inspector shows the selection's fields.
    click_row(&mut h, "alpha", Modifiers::NONE);
    assert!(h.query_by_label("simple.lib::alpha").is_some());
}

#[test]
fn rename_undo_redo_through_the_keyboard() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let mut h = harness(vec![lib]);
    click_row(&mut h, "STEEL", Modifiers::NONE);
    h.key_press(Key::F2);
    h.run();
    let field = h.get_by(|n| n.data().placeholder() == Some("New name"));
    assert!(field.is_focused());
    // Select all and type over it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by(|n| n.data().placeholder() == Some("New name")).type_text("IRON");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(entry_names(&h)[0], "IRON");
    assert!(h.state().ws.any_dirty());
    assert!(h.query_by_label("simple.lib •").is_some(), "dirty marker");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(entry_names(&h)[0], "STEEL");
    assert!(!h.state().ws.any_dirty());
    h.key_press_modifiers(CMD_SHIFT, Key::Z);
    h.run();
    assert_eq!(entry_names(&h)[0], "IRON");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(entry_names(&h)[0], "IRON");
    // A name over 31 bytes is refused with a log line, nothing changes.
    let r = root(&h);
    h.state_mut().push_intent(Intent::Rename { path: r.child(0), name: "N".repeat(32) });
    h.run();
    assert_eq!(entry_names(&h)[0], "IRON");
    assert!(h.state().log.last().unwrap().text.contains("31"));
}

#[test]
fn extract_replace_add_and_delete() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let mut h = harness(vec![lib.clone()]);
    let r = root(&h);
    let payload = h.state().ws.item_bytes(&r.child(1)).unwrap().to_vec();

    // Extract one entry to a file, and all of them into a folder (a background task).
    let one = d.path().join("brick.bin");
    h.state_mut().push_intent(Intent::Extract { items: vec![r.child(1)], to: one.clone() });
    h.run();
    assert_eq!(std::fs::read(&one).unwrap(), payload);
    let all = d.path().join("all");
    h.state_mut().push_intent(Intent::ExtractAll { archive: r.clone(), dir: all.clone() });
    settle(&mut h);
    let mut got: Vec<_> = std::fs::read_dir(&all).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    got.sort();
    assert_eq!(got, ["STEEL", "Zeta", "_under", "alpha", "brick.0"]);

    // Replace an entry's bytes from a file.
    let src = write(d.path(), "new.bin", b"replacement bytes");
    h.state_mut().push_intent(Intent::Replace { path: r.child(2), from: src.clone() });
    h.run();
    assert_eq!(&*h.state().ws.item_bytes(&r.child(2)).unwrap(), b"replacement bytes");

    // Add a file; it becomes the selection.
    let extra = write(d.path(), "EXTRA.DAT", &[1, 2, 3]);
    h.state_mut().push_intent(Intent::Add { archive: r.clone(), files: vec![extra] });
    h.run();
    assert_eq!(entry_names(&h).last().unwrap(), "EXTRA.DAT");
    assert_eq!(h.state().browser.selection.single(), Some(&r.child(5)));

    // Delete two entries with the Delete key: one undo step brings both back in place.
    click_row(&mut h, "STEEL", Modifiers::NONE);
    click_row(&mut h, "Zeta", Modifiers::COMMAND);
    let steps = h.state().ws.history.steps().len();
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(entry_names(&h), ["brick.0", "_under", "alpha", "EXTRA.DAT"]);
    assert!(h.state().browser.selection.is_empty());
    assert_eq!(h.state().ws.history.steps().len(), steps + 1);
    assert_eq!(h.state().ws.history.undo_label(), Some("Remove 2 entries"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(entry_names(&h), ["STEEL", "brick.0", "_under", "Zeta", "alpha", "EXTRA.DAT"]);

    // Save writes what the document holds; reopening gives the same entries.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().ws.any_dirty());
    let (node, _) = parkan_studio::doc::node::Node::parse("simple.lib", std::fs::read(&lib).unwrap().into()).unwrap();
    assert_eq!(node.metas().len(), 6);
}

#[test]
fn dropped_files_add_to_the_table_or_replace_an_entry() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let mut h = harness(vec![lib]);
    let r = root(&h);
    // Onto an entry row: replace it.
    let src = write(d.path(), "patch.bin", b"dropped");
    let at = h.get_by_label("Zeta").rect().center();
    drop_files(&mut h, at, std::slice::from_ref(&src));
    assert_eq!(&*h.state().ws.item_bytes(&r.child(3)).unwrap(), b"dropped");
    // Onto the empty part of the table: add both.
    let a = write(d.path(), "A.DAT", b"a");
    let b = write(d.path(), "B.DAT", b"b");
    let table = h.state().browser.model.rows.len();
    assert_eq!(table, 6);
    let below = h.get_by_label("alpha").rect().center() + egui::vec2(0.0, 200.0);
    drop_files(&mut h, below, &[a, b]);
    assert_eq!(entry_names(&h)[5..], ["A.DAT", "B.DAT"]);
    assert_eq!(h.state().browser.selection.single(), Some(&r.child(6)), "the last one added is selected");
    // Both came in one step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(entry_names(&h).len(), 5);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(entry_names(&h)[5..], ["A.DAT", "B.DAT"]);
    // Onto the editor area: open the file.
    let other = write(d.path(), "other.lib", &fixtures::nres::duplicate_names());
    drop_files(&mut h, egui::pos2(900.0, 300.0), &[other]);
    assert_eq!(h.state().ws.files().len(), 2);
}

#[test]
fn nested_archives_expand_in_place_and_open_in_tabs() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "outer.rlb", &fixtures::nres::nested());
    let mut h = harness(vec![lib]);
    assert_eq!(names(&h), ["outer.rlb", "inner.rlb", "deeper.rlb", "plain.bin"]);
    click_row(&mut h, "inner.rlb", Modifiers::NONE);
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(names(&h)[..4], ["outer.rlb", "inner.rlb", "STEEL", "brick.0"]);
    // Rename inside the nested archive: the outer file is rewritten, undo restores it.
    let r = root(&h);
    h.state_mut().push_intent(Intent::Rename { path: r.child(0).child(1), name: "BRICK.1".into() });
    h.run();
    assert_eq!(names(&h)[3], "BRICK.1");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(names(&h)[3], "brick.0");
    // Enter opens the selection in a tab; the views switch.
    click_row(&mut h, "plain.bin", Modifiers::NONE);
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().tabs.tabs.len(), 1);
    h.get_by_label("Hex").click();
    h.run();
    assert!(h.query_by_label_contains("00000000  ").is_some());
    h.get_by_label("Raw fields").click();
    h.run();
    assert!(h.query_by_label("sort_index").is_some());
    h.key_press_modifiers(Modifiers::COMMAND, Key::W);
    h.run();
    assert!(h.state().tabs.tabs.is_empty());
}

#[test]
fn closing_the_window_with_unsaved_changes_asks() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let original = std::fs::read(&lib).unwrap();
    let mut h = harness(vec![lib.clone()]);
    let r = root(&h);
    h.state_mut().push_intent(Intent::Delete(vec![r.child(0)]));
    h.run();
    let request_close = |h: &mut Harness<'static, StudioApp>| {
        h.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default().events.push(egui::ViewportEvent::Close);
        h.step();
        let cancelled = h.output().viewport_output[&egui::ViewportId::ROOT].commands.contains(&egui::ViewportCommand::CancelClose);
        h.run();
        cancelled
    };
    // Cancel keeps everything.
    assert!(request_close(&mut h));
    assert!(matches!(h.state().views.dialog, Some(Dialog::Unsaved { .. })));
    h.get_by_role_and_label(Role::Button, "Cancel").click();
    h.run();
    assert!(h.state().views.dialog.is_none());
    assert!(h.state().ws.any_dirty());
    // Save writes the file, then the window closes.
    assert!(request_close(&mut h));
    h.get_by_role_and_label(Role::Button, "Save").click();
    h.step();
    h.step();
    let closing = h.output().viewport_output[&egui::ViewportId::ROOT].commands.contains(&egui::ViewportCommand::Close);
    assert!(closing || h.state().views.dialog.is_none());
    assert!(!h.state().ws.any_dirty());
    assert_ne!(std::fs::read(&lib).unwrap(), original);

    // Discard: nothing is written.
    std::fs::write(&lib, &original).unwrap();
    let mut h = harness(vec![lib.clone()]);
    let r = root(&h);
    h.state_mut().push_intent(Intent::Delete(vec![r.child(0)]));
    h.run();
    assert!(request_close(&mut h));
    h.get_by_role_and_label(Role::Button, "Discard").click();
    h.step();
    let closing = h.output().viewport_output[&egui::ViewportId::ROOT].commands.contains(&egui::ViewportCommand::Close);
    assert!(closing);
    assert_eq!(std::fs::read(&lib).unwrap(), original);
    // Once allowed, a close request is not cancelled again.
    assert!(!request_close(&mut h));
}

#[test]
fn save_refuses_when_the_file_changed_on_disk_unless_overwritten() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let mut h = harness(vec![lib.clone()]);
    let r = root(&h);
    h.state_mut().push_intent(Intent::Rename { path: r.child(0), name: "IRON".into() });
    h.run();
    // Another program rewrites the file (a different length, so the stamp differs).
    std::fs::write(&lib, fixtures::nres::duplicate_names()).unwrap();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(matches!(h.state().views.dialog, Some(Dialog::ChangedOnDisk { .. })));
    assert_eq!(std::fs::read(&lib).unwrap(), fixtures::nres::duplicate_names());
    h.get_by_role_and_label(Role::Button, "Overwrite").click();
    h.run();
    assert!(h.state().views.dialog.is_none());
    let (node, _) = parkan_studio::doc::node::Node::parse("simple.lib", std::fs::read(&lib).unwrap().into()).unwrap();
    assert_eq!(node.metas()[0].name, "IRON");
}

#[test]
fn closing_a_file_asks_and_the_palette_runs_commands() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let mut h = harness(vec![lib]);
    let r = root(&h);
    h.state_mut().push_intent(Intent::Delete(vec![r.child(4)]));
    h.run();
    h.key_press_modifiers(CMD_SHIFT, Key::W);
    h.run();
    assert!(matches!(h.state().views.dialog, Some(Dialog::Unsaved { .. })));
    h.get_by_role_and_label(Role::Button, "Discard").click();
    h.run();
    assert!(h.state().ws.files().is_empty());
    assert!(h.state().ws.history.steps().is_empty());

    h.key_press_modifiers(CMD_SHIFT, Key::P);
    h.run();
    assert!(h.state().views.palette.is_some());
    h.get_by(|n| n.data().placeholder() == Some("Type a command")).type_text("theme dark");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().views.palette.is_none());
    assert_eq!(h.state().settings.theme, Theme::Dark);
}

#[test]
fn check_runs_in_the_background_and_lists_findings() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "stale.lib", &fixtures::nres::stale_lookup());
    let mut h = harness(vec![lib]);
    h.key_press(Key::F5);
    settle(&mut h);
    let reports = &h.state().log.reports;
    assert_eq!(reports.len(), 1);
    assert!(!reports[0].1.ok, "a stale lookup table is an error for check");
    assert!(h.query_by_label_contains("Diagnostics (").is_some());
    // Rebuilding the table through the Entry menu fixes it.
    let r = root(&h);
    let file = r.file;
    h.state_mut().push_intent(Intent::RebuildLookup(r));
    h.state_mut().push_intent(Intent::Check(file));
    settle(&mut h);
    assert!(h.state().log.reports[0].1.ok);
}

#[test]
fn main_window_snapshot() {
    // The log shows the paths: a fresh folder shown under a fixed name.
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-snapshot");
    let d = snap.path();
    let tex = write(d, "Textures.lib", &fixtures::texm::textures_lib());
    let nested = write(d, "outer.rlb", &fixtures::nres::nested());
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .wgpu()
        .build_eframe(move |cc| StudioApp::new(cc, options(vec![tex, nested])));
    h.state_mut().push_intent(Intent::SetTheme(Theme::Dark));
    settle(&mut h);
    click_row(&mut h, "ATLAS.0", Modifiers::NONE);
    h.key_press(Key::Enter);
    settle(&mut h);
    // Every texture on screen got its thumbnail from the background decoder.
    assert!(h.state().work.thumbs.cached() >= 14, "{}", h.state().work.thumbs.cached());
    h.remove_cursor();
    h.run();
    h.snapshot("main_window");
}

#[test]
fn settings_and_recent_files_persist_between_runs() {
    #[derive(Default)]
    struct Store(std::collections::HashMap<String, String>);
    impl eframe::Storage for Store {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_string(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "simple.lib", &fixtures::nres::simple());
    let ctx = egui::Context::default();
    let mut app = StudioApp::with_context(&ctx, None, options(vec![lib.clone()]));
    app.push_intent(Intent::SetTheme(Theme::Light));
    app.push_intent(Intent::TogglePanel(parkan_studio::app::settings::PanelId::Inspector));
    app.push_intent(Intent::SetReading("texm-8888=argb".into()));
    app.apply_pending();
    let mut store = Store::default();
    eframe::App::save(&mut app, &mut store);
    let again = StudioApp::with_context(&egui::Context::default(), Some(&store), options(vec![]));
    assert_eq!(again.settings.theme, Theme::Light);
    assert!(!again.settings.show_inspector);
    assert_eq!(again.settings.recent_files, [std::fs::canonicalize(&lib).unwrap()]);
    assert_eq!(again.ws.readings.texm_8888, parkan_studio::formats::readings::Order8888::Argb);
}

#[test]
fn large_files_are_read_in_the_background_with_progress() {
    let d = tempfile::tempdir().unwrap();
    let mut a = parkan_studio::formats::nres::Archive::new();
    a.add(b"BIG.BIN", 0, [0; 3], vec![7u8; (parkan_studio::app::files::LARGE_FILE as usize) + 1]).unwrap();
    let big = write(d.path(), "Big.lib", &a.write());
    let mut h = harness(vec![]);
    h.state_mut().push_intent(Intent::Open(vec![big]));
    h.step();
    assert!(h.state().work.tasks.busy(), "a large file is read on a task");
    assert!(h.state().ws.files().is_empty());
    settle(&mut h);
    assert_eq!(names(&h), ["Big.lib", "BIG.BIN"]);
}

#[test]
fn temporary_files_of_an_interrupted_save_are_offered_for_removal() {
    let d = tempfile::tempdir().unwrap();
    let lib = write(d.path(), "M.lib", &parkan_studio::fixtures::nres::simple());
    let stale = d.path().join(".M.lib.Ab12Cd.tmp");
    std::fs::write(&stale, b"half a save").unwrap();
    let mut h = harness(vec![lib.clone()]);
    assert!(matches!(&h.state().views.dialog, Some(Dialog::StaleTemps { temps, .. }) if temps.len() == 1));
    assert!(stale.exists(), "nothing is removed without asking");
    // Keep: the file stays.
    h.get_by_label("Keep them").click();
    h.run();
    assert!(h.state().views.dialog.is_none() && stale.exists());
    // After the next save it is offered again; Remove takes it away, the archive stays.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    h.run();
    h.get_by_label("Remove them").click();
    h.run();
    assert!(!stale.exists());
    assert!(lib.exists());
}
