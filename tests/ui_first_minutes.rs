//! Issue 28, "the first ten minutes": the small places where panels disagreed with each other,
//! each driven through egui_kittest on the real `StudioApp` over the demo folder.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::mat0::Mat0View;
use parkan_studio::app::editors::mesh::MeshView;
use parkan_studio::app::editors::texture::TextureView;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::fixtures::{self, demo};
use parkan_studio::formats::mat0::Mat0;
use std::path::{Path, PathBuf};

fn demo_dir() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    d
}

fn entry(dir: &Path, file: &str, entry: &str) -> PathBuf {
    PathBuf::from(format!("{}::{entry}", dir.join(file).display()))
}

fn mat_view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a Mat0View {
    h.state().tabs.active_tab().unwrap().state::<Mat0View>().expect("the material editor")
}

fn mat_view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut Mat0View {
    let a = h.state().tabs.active.unwrap();
    h.state_mut().tabs.tabs[a].state_mut::<Mat0View>().unwrap()
}

fn mesh_view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a MeshView {
    h.state().tabs.active_tab().unwrap().state::<MeshView>().expect("the 3D view")
}

/// Some widget's label or shown text contains `text`.
fn has_label(h: &Harness<'static, StudioApp>, text: &str) -> bool {
    h.query_all_by(|n| n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))).next().is_some()
}

/// A click (press and release) at `at`.
fn click_at(h: &mut Harness<'static, StudioApp>, at: egui::Pos2) {
    h.hover_at(at);
    h.run();
    h.drag_at(at);
    h.run();
    h.event(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    h.run();
}

#[test]
fn the_material_readout_gives_game_time_with_at_most_one_decimal() {
    let d = demo_dir();
    let mut h = common::app_with(vec![entry(d.path(), "Material.lib", "MODE_LOOP")], [1500.0, 1500.0]);
    mat_view_mut(&mut h).timeline.time = 625.000_061_094_760_9;
    h.run();
    assert!(has_label(&h, "game time 625 ms"), "whole ms when the fraction rounds away");
    mat_view_mut(&mut h).timeline.time = 16.66;
    h.run();
    assert!(has_label(&h, "game time 16.7 ms"), "one decimal at most");
}

#[test]
fn the_material_timeline_draws_its_whole_span_and_says_what_it_spans() {
    let d = demo_dir();
    let h = common::app_with(vec![entry(d.path(), "Material.lib", "MODE_PINGPONG")], [1500.0, 1500.0]);
    let m: &Mat0 = mat_view(&h).material().unwrap();
    let cycle = f64::from(m.anim[0].cycle_len());
    let axis = parkan_studio::app::editors::mat0::axis(m);
    assert_eq!(axis.length, 2.0 * cycle);
    assert!(has_label(&h, &format!("spans twice the longest cycle ({cycle} ms)")));
    let track = &mat_view(&h).tracks(m)[0];
    let last = track.bars.last().unwrap();
    // The return runs the keys backwards: the last key first, from the cycle's end.
    assert_eq!((track.echoes[0].start, track.echoes[0].label.as_str()), (cycle, last.label.as_str()));
    assert_eq!(track.echoes.last().unwrap().end, axis.length, "bars to the end of the span");
}

#[test]
fn page_rects_are_numbered_from_0_as_the_cell_byte_and_the_cell_picker_number_them() {
    let d = demo_dir();
    demo::add_cells(d.path(), 1).unwrap();
    let mut h = common::app_with(vec![entry(d.path(), "Textures.lib", "CELLS.0")], [1600.0, 1000.0]);
    h.get_by_label("0").click();
    h.run();
    let a = h.state().tabs.active.unwrap();
    assert_eq!(h.state().tabs.tabs[a].state::<TextureView>().unwrap().rect_selected, Some(0), "row 0 is rect 0");
    assert!(h.query_by_label("4").is_none(), "four rects are 0 to 3");
    // The material drawn with cell 1 picks the rect numbered 1 in the texture's table.
    let mut h = common::app_with(vec![entry(d.path(), "Material.lib", "CELLS")], [1500.0, 1500.0]);
    settle(&mut h);
    assert!(h.query_by_label("Page rect 1").is_some() && h.query_by_label("Page rect 4").is_none());
}

#[test]
fn viewing_every_editor_of_the_demo_leaves_every_file_unchanged() {
    let d = demo_dir();
    let level = d.path().join(demo::LEVEL_FOLDER).join("level");
    let files = vec![
        d.path().join("Material.lib"),
        entry(d.path(), "Material.lib", "LAMP"),
        entry(d.path(), "Textures.lib", "METAL01.0"),
        d.path().join("walker.msh"),
        d.path().join("walker.wea"),
        d.path().join("Land.msh"),
        d.path().join("Land1.wea"),
        level,
    ];
    let mut h = common::app_with(files, [1400.0, 900.0]);
    let n = h.state().tabs.tabs.len();
    assert!(n >= 7, "a tab per file and entry, got {n}");
    for i in 0..n {
        h.state_mut().tabs.activate(i);
        settle(&mut h);
        let title = h.state().tabs.tabs[i].path.clone();
        let dirty: Vec<String> = h.state().ws.files().iter().filter(|f| f.is_dirty()).map(|f| f.name()).collect();
        assert!(dirty.is_empty(), "viewing tab {i} ({title:?}) made {dirty:?} unsaved");
    }
    assert!(h.query_by_label_contains(" •").is_none(), "no unsaved dot on any tab or row");
}

#[test]
fn the_node_animation_counts_its_frames_as_the_inspector_does() {
    let d = demo_dir();
    let h = common::app_with(vec![d.path().join("walker.msh")], [1400.0, 900.0]);
    let frames = mesh_view(&h).built().unwrap().scene.frame_count;
    assert!(frames > 1);
    assert!(has_label(&h, &parkan_studio::app::i18n::tr_args("timeline-span-frames", &[("n", frames.into()), ("last", (frames - 1).to_string().into())])));
    assert!(!has_label(&h, &format!("of {} frames", frames - 1)));
}

#[test]
fn a_landscape_pick_names_one_triangle_index_space() {
    let d = demo_dir();
    let mut h = common::app_with(vec![d.path().join("Land.msh")], [1400.0, 900.0]);
    let rect = mesh_view(&h).view_rect.unwrap();
    h.hover_at(rect.center());
    h.run();
    h.key_press(Key::Num7);
    h.run();
    click_at(&mut h, rect.center());
    settle(&mut h);
    let sel = mesh_view(&h).selected.expect("a ground triangle");
    let b = mesh_view(&h).built().unwrap();
    let info = *b.land.as_ref().unwrap().triangle(&b.scene, sel.part, sel.triangle.unwrap()).unwrap();
    assert!(has_label(&h, &format!(", component 21 triangle {}", info.source)), "the part line names the record");
    assert!(!has_label(&h, &format!(", triangle {}", sel.triangle.unwrap())), "no second numbering");
}

#[test]
fn the_landscape_lists_a_material_named_on_two_rows_once() {
    let d = demo_dir();
    let h = common::app_with(vec![d.path().join("Land.msh")], [1400.0, 900.0]);
    let rock: Vec<_> = h.query_all_by(|n| n.role() == egui::accesskit::Role::Label && n.value().is_some_and(|l| l.starts_with("ROCK ·"))).collect();
    assert_eq!(rock.len(), 1, "Land1.wea names ROCK on rows 2 and 3");
}

#[test]
fn the_level_view_names_its_shader_shading_and_its_materials_as_shaders() {
    let d = demo_dir();
    let h = common::app_with(vec![d.path().join(demo::LEVEL_FOLDER).join("level")], [1400.0, 900.0]);
    assert_eq!(h.query_all_by(|n| n.value().as_deref() == Some("Shader")).count(), 1, "the shading says Shader");
    assert!(!has_label(&h, "untextured"), "a shader's colour is not a missing texture");
    assert!(has_label(&h, "shader colour"));
}

#[test]
fn counts_of_one_are_singular() {
    let d = demo_dir();
    let h = common::app_with(vec![entry(d.path(), "Material.lib", "MODE_LOOP")], [1500.0, 1500.0]);
    let m = mat_view(&h).material().unwrap();
    assert_eq!(m.anim.len(), 1);
    assert!(has_label(&h, ", 1 block, longest cycle"));
    assert!(!has_label(&h, "1 blocks") && !has_label(&h, " 1 phases") && !has_label(&h, " 1 keys"));
}

#[test]
fn hovering_a_palette_swatch_moves_nothing_below_it() {
    let d = tempfile::tempdir().unwrap();
    let lib = d.path().join("Textures.lib");
    std::fs::write(&lib, fixtures::texm::textures_lib()).unwrap();
    let mut h = common::app_with(vec![PathBuf::from(format!("{}::STEEL.A", lib.display()))], [1600.0, 1000.0]);
    let below = |h: &Harness<'static, StudioApp>| h.get_by_label("Page rects").rect();
    let before = below(&h);
    h.get_by_label("palette index 7").hover();
    h.run();
    assert!(has_label(&h, "index 7: RGBA"));
    assert_eq!(below(&h), before, "the Page rects heading stays put");
}

#[test]
fn open_recent_opens_the_same_tab_as_the_command_line() {
    let d = demo_dir();
    let lib = d.path().join("Material.lib");
    let cli = common::app_with(vec![lib.clone()], [1400.0, 900.0]);
    let want = cli.state().tabs.active_tab().map(|t| (t.path.entries.clone(), t.view));
    assert!(want.is_some(), "the command line opens Material.lib's Materials list");
    let mut h = common::app_with(Vec::new(), [1400.0, 900.0]);
    h.state_mut().settings.recent_files = vec![lib.clone()];
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open Recent").hover();
    h.run();
    h.get_by_label(&lib.display().to_string()).click();
    settle(&mut h);
    assert_eq!(h.state().tabs.active_tab().map(|t| (t.path.entries.clone(), t.view)), want);
}

#[test]
fn the_inspector_follows_the_active_editor_tab() {
    let d = demo_dir();
    let mut h = common::app_with(vec![entry(d.path(), "Material.lib", "LAMP"), entry(d.path(), "Material.lib", "GLOW")], [1400.0, 900.0]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::B); // the browser back
    settle(&mut h);
    for i in [0, 1, 0] {
        h.state_mut().tabs.activate(i);
        settle(&mut h);
        let want = if i == 0 { "Material.lib::LAMP" } else { "Material.lib::GLOW" };
        assert_eq!(h.state().views.inspector.info.address, want);
    }
}

#[test]
fn a_hidden_browser_says_how_to_show_it() {
    let opts = StartOptions { files: Vec::new(), readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1280.0, 720.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    h.state_mut().settings.show_browser = false;
    settle(&mut h);
    assert!(has_label(&h, "Ctrl+B"));
    assert!(!has_label(&h, "Double-click an entry"));
    h.get_by_label("Show the Browser").click();
    settle(&mut h);
    assert!(h.state().settings.show_browser);
}


#[test]
fn a_key_end_dragged_back_where_it_was_leaves_the_file_saved() {
    let d = demo_dir();
    let mut h = common::app_with(vec![entry(d.path(), "Material.lib", "MODE_LOOP")], [1500.0, 1500.0]);
    let steps = h.state().ws.history.steps().len();
    // 0..1260 ms (twice the 600 ms cycle, and 5 %) over the lane; key 0 ends at 100 ms.
    let track = mat_view(&h).timeline_rect.expect("the timeline was drawn");
    let x_of = |ms: f64| track.left() + 84.0 + ((ms / 1260.0) as f32) * (track.width() - 84.0);
    let y = track.top() + 18.0 + 11.0;
    h.drag_at(egui::pos2(x_of(100.0), y));
    h.run();
    for ms in [130.0, 160.0, 120.0] {
        h.hover_at(egui::pos2(x_of(ms), y));
        h.run();
    }
    h.drop_at(egui::pos2(x_of(101.0), y));
    settle(&mut h);
    assert_eq!(h.state().ws.history.steps().len(), steps, "no undo step for no change");
    assert!(!h.state().ws.any_dirty(), "the bytes are the saved ones");
    assert!(!has_label(&h, "MODE_LOOP •"), "no unsaved dot on the tab");
}

fn diagnostics_count(h: &Harness<'static, StudioApp>) -> usize {
    let title = std::cell::RefCell::new(None);
    let _ = h
        .query_all_by(|n| {
            if let Some(l) = n.label().filter(|l| l.starts_with("Diagnostics (")) {
                *title.borrow_mut() = Some(l.to_string());
            }
            false
        })
        .count();
    title.into_inner().expect("the Diagnostics tab").trim_start_matches("Diagnostics (").trim_end_matches(')').parse().unwrap()
}

#[test]
fn problems_show_without_asking_and_follow_each_edit() {
    use parkan_studio::app::intent::Intent;
    let d = demo_dir();
    let level = d.path().join(demo::LEVEL_FOLDER).join("level");
    let opts = StartOptions { files: vec![d.path().join("Material.lib"), level], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    // No F5: both files were checked in the background.
    assert_eq!(h.state().log.reports.len(), 2, "a report per open file");
    let before = diagnostics_count(&h);
    assert!(before > 0, "the Diagnostics tab counts the findings");
    assert!(has_label(&h, "1 problem"), "the level's row: its visual with a bad range");
    // The Inspector shows the selected entry's findings.
    let lib = h.state().ws.files()[0].id;
    h.state_mut().push_intent(Intent::Reveal { file: lib, entry: Some("V7".into()) });
    settle(&mut h);
    assert!(has_label(&h, "version (attr2) 7 is above the shipped 6"));
    // An edit that removes the finding: attr2 (the version) back to 6.
    let v7 = parkan_studio::doc::items::resolve(&h.state().ws, lib, "V7").unwrap();
    let mut attrs = parkan_studio::doc::items::meta_of(&h.state().ws, &v7).unwrap().attrs;
    attrs[1] = 6;
    h.state_mut().push_intent(Intent::SetAttrs { path: v7, type_id: None, attrs, dragging: false });
    settle(&mut h);
    assert!(!has_label(&h, "version (attr2) 7 is above"), "the check ran again after the edit");
    assert!(diagnostics_count(&h) < before);
}

fn harness_on(files: Vec<PathBuf>) -> Harness<'static, StudioApp> {
    let opts = StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h
}

#[test]
fn a_file_that_does_not_parse_opens_read_only_in_hex_at_the_failing_byte() {
    use parkan_studio::app::intent::{Intent, ViewKind};
    let d = tempfile::tempdir().unwrap();
    // An archive cut short: its header's total_size (offset 12) no longer matches, and the
    // directory at its end is gone.
    let mut cut = fixtures::nres::simple();
    cut.truncate(100);
    let p = d.path().join("cut.lib");
    std::fs::write(&p, &cut).unwrap();
    let mut h = harness_on(vec![p.clone()]);
    let tab = h.state().tabs.active_tab().expect("a tab opens");
    assert_eq!(tab.view, ViewKind::Hex);
    assert_eq!(tab.hex.mark.as_ref().map(|m| m.0), Some(12), "at total_size");
    assert!(has_label(&h, "0xC: damaged at 0xC: total_size"), "the error above the dump");
    assert!(has_label(&h, "damaged (read-only)"), "the browser says so");
    // Read-only: an edit is refused and the bytes stay as read.
    let root = parkan_studio::doc::ItemPath::root(h.state().ws.files()[0].id);
    h.state_mut().push_intent(Intent::ReplaceBytes { path: root.clone(), bytes: vec![1, 2, 3].into() });
    settle(&mut h);
    assert_eq!(h.state().ws.item_bytes(&root).unwrap().as_slice(), cut.as_slice());
    assert!(!h.state().ws.any_dirty());
}

#[test]
fn a_damaged_archive_lists_its_intact_entries_which_open_and_extract() {
    use parkan_studio::app::intent::Intent;
    let d = tempfile::tempdir().unwrap();
    let good = fixtures::nres::simple();
    let (archive, _) = parkan_studio::formats::nres::Archive::parse(good.clone().into()).unwrap();
    let n = archive.len();
    // Row 1's data_offset (at +56 of its row) points past the directory.
    let mut bad = good.clone();
    let row1 = bad.len() - n * 64 + 64;
    bad[row1 + 56..row1 + 60].copy_from_slice(&0x00FF_FFFFu32.to_le_bytes());
    let p = d.path().join("bad.lib");
    std::fs::write(&p, &bad).unwrap();
    let h = harness_on(vec![p]);
    let names: Vec<String> = h.state().browser.model.rows.iter().map(|r| r.name.clone()).collect();
    assert_eq!(names.len(), n, "the file and its {} intact entries: {names:?}", n - 1);
    assert!(has_label(&h, "NRes (salvage, read-only)"));
    // An intact entry reads as it is stored, and extracts.
    let file = h.state().ws.files()[0].id;
    let first = parkan_studio::doc::ItemPath::root(file).child(0);
    let stored = archive.payload(0).to_vec();
    assert_eq!(h.state().ws.item_bytes(&first).unwrap().as_slice(), stored.as_slice());
    let out = d.path().join("first.bin");
    let mut h = h;
    h.state_mut().push_intent(Intent::Extract { items: vec![first], to: out.clone() });
    settle(&mut h);
    assert_eq!(std::fs::read(&out).unwrap(), stored);
}

#[test]
fn an_unknown_format_says_so_and_shows_its_first_bytes() {
    use parkan_studio::app::intent::ViewKind;
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("x.lib");
    std::fs::write(&p, fixtures::nres::pattern(3, 64)).unwrap();
    let first: Vec<String> = fixtures::nres::pattern(3, 64)[..16].iter().map(|b| format!("{b:02X}")).collect();
    let h = harness_on(vec![p]);
    assert_eq!(h.state().tabs.active_tab().expect("a tab opens").view, ViewKind::Summary);
    assert!(has_label(&h, "unknown format"));
    assert!(has_label(&h, &first.join(" ")));
}

/// Opens `command` from the File menu.
fn file_menu(h: &mut Harness<'static, StudioApp>, command: &str) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains(command).click();
    h.run();
}

#[test]
fn with_the_native_dialog_off_the_window_draws_one_that_opens_and_saves() {
    let d = demo_dir();
    let mut h = harness_on(Vec::new());
    // File ▸ Open…: the dialog drawn in the window; navigate by typing the folder, pick a file.
    file_menu(&mut h, "Open…");
    assert!(h.state().views.file_dialog.open.is_some(), "a dialog in the window");
    assert!(h.state().log.lines().iter().any(|l| l.text.contains("file dialogs are drawn in the window")), "the log says why, once");
    h.state_mut().views.file_dialog.open.as_mut().unwrap().go(d.path().to_path_buf());
    h.run();
    h.get_by_label("Land1.wea").click();
    h.run();
    h.get_by_label(&parkan_studio::app::i18n::tr("fd-open-selected")).click();
    settle(&mut h);
    assert!(!has_label(&h, "Choose a file"), "walker.wea was selected");
    assert!(h.state().views.file_dialog.open.is_none());
    assert!(h.state().ws.files().iter().any(|f| f.name() == "Land1.wea"), "the file opened");
    // File ▸ Open Folder…: select stalker/ and choose it.
    file_menu(&mut h, "Open Folder…");
    h.state_mut().views.file_dialog.open.as_mut().unwrap().go(d.path().to_path_buf());
    h.run();
    h.get_by_label("stalker/").click(); // a selected folder is the one chosen
    h.run();
    h.get_by_label(&parkan_studio::app::i18n::tr("fd-choose-folder")).click();
    settle(&mut h);
    let folder = h.state().views.folder.as_ref().expect("the folder listing");
    assert_eq!(folder.root(), d.path().join("stalker"));
    // File ▸ Save As…: type a new name.
    file_menu(&mut h, "Save As…");
    let target = d.path().join("copy.wea");
    let dialog = h.state_mut().views.file_dialog.open.as_mut().unwrap();
    dialog.go(d.path().to_path_buf());
    dialog.name = "copy.wea".into();
    h.run();
    h.get_by_label(&parkan_studio::app::i18n::tr("fd-save-here")).click();
    settle(&mut h);
    assert_eq!(std::fs::read(&target).unwrap(), std::fs::read(d.path().join("Land1.wea")).unwrap());
    let lines = h.state().log.lines().iter().filter(|l| l.text.contains("file dialogs are drawn in the window")).count();
    assert_eq!(lines, 1, "said once");
}

/// Every editor of the demo, as a user opens it: the file or `FILE::ENTRY`, and a name.
fn editors(d: &Path) -> Vec<(PathBuf, &'static str)> {
    vec![
        (d.join("Material.lib"), "materials_list"),
        (entry(d, "Material.lib", "WATER"), "material"),
        (entry(d, "Textures.lib", "METAL01.0"), "texture"),
        (d.join("walker.wea"), "wear"),
        (d.join("walker.msh"), "model"),
        (d.join("Land.msh"), "landscape"),
        (d.join(demo::LEVEL_FOLDER).join("level"), "level"),
    ]
}

/// The editor of the registry that opens `item` (`FILE` or `FILE::ENTRY::…`) first.
fn editor_id(item: &Path) -> Option<&'static str> {
    use parkan_studio::doc::{Workspace, items};
    let text = item.to_str()?;
    let (file, entries) = items::split_address(text);
    let mut ws = Workspace::new();
    let id = ws.open(Path::new(file)).ok()?;
    let path = if entries.is_empty() { parkan_studio::doc::ItemPath::root(id) } else { items::resolve(&ws, id, &text[file.len() + 2..])? };
    parkan_studio::app::editors::editor_of(&ws, &path).map(|e| e.id())
}

/// Every file of the demo folder and every entry of its archives (one level down).
fn demo_items(d: &Path) -> Vec<PathBuf> {
    use parkan_studio::doc::{ItemPath, Workspace, items};
    let mut files: Vec<PathBuf> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().path()).collect();
    files.extend(std::fs::read_dir(d.join(demo::LEVEL_FOLDER)).unwrap().map(|e| e.unwrap().path()));
    files.extend(std::fs::read_dir(d.join("UNITS")).unwrap().map(|e| e.unwrap().path()));
    files.extend(std::fs::read_dir(d.join(format!("MISSIONS/{}", parkan_studio::fixtures::demo_world::MISSION))).unwrap().map(|e| e.unwrap().path()));
    files.retain(|p| p.is_file());
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let mut ws = Workspace::new();
        let Ok(id) = ws.open(&f) else { continue };
        let names: Vec<String> = items::node_at(&ws, &ItemPath::root(id)).map(|n| n.metas().into_iter().map(|m| m.name).collect()).unwrap_or_default();
        out.push(f.clone());
        out.extend(names.into_iter().map(|n| entry(f.parent().unwrap(), &f.file_name().unwrap().to_string_lossy(), &n)));
    }
    out
}

/// [`editors`], and for each editor of the registry that none of them opens, the first item
/// of the demo it opens (named by the editor), so a new editor is drawn at laptop sizes
/// without anyone adding it here; the demo must hold an item for every editor.
fn every_editor(d: &Path) -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = editors(d).into_iter().map(|(p, n)| (p, n.to_string())).collect();
    let mut covered: Vec<&'static str> = out.iter().filter_map(|(p, _)| editor_id(p)).collect();
    let all = demo_items(d);
    for e in parkan_studio::app::editors::ALL {
        if covered.contains(&e.id()) {
            continue;
        }
        let item = all.iter().find(|p| editor_id(p) == Some(e.id()));
        let item = item.unwrap_or_else(|| panic!("the demo folder has no item the {} editor opens; add one to fixtures::demo", e.id()));
        out.push((item.clone(), e.id().to_string()));
        covered.push(e.id());
    }
    out
}

#[test]
fn every_editor_at_laptop_sizes() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-fit");
    let d = snap.path();
    demo::write_demo(d).unwrap();
    let mut results = egui_kittest::SnapshotResults::new();
    let items = every_editor(d);
    let mut shown = std::collections::BTreeSet::new();
    for size in [[1280.0, 720.0], [1024.0, 768.0]] {
        for (file, name) in items.clone() {
            let opts = StartOptions { files: vec![file], readings: Default::default(), open_demo: false, native_dialogs: false };
            let mut h = Harness::builder().with_size(size).wgpu().build_eframe(move |cc| StudioApp::new(cc, opts));
            settle(&mut h);
            shown.extend(h.state().tabs.active_tab().and_then(|t| t.editor_id()));
            // The 3D view's build time is the clock's: a fixed figure in the picture.
            if let Some(a) = h.state().tabs.active
                && let Some(v) = h.state_mut().tabs.tabs[a].state_mut::<MeshView>()
            {
                v.show_build_ms(1.5);
            }
            h.hover_at(egui::pos2(size[0] - 5.0, size[1] - 5.0));
            settle(&mut h);
            if size[0] == 1280.0 && std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
                h.render().unwrap().save(format!("screenshots/editor_{name}.png")).unwrap();
            }
            h.snapshot(format!("fit_{name}_{}x{}", size[0], size[1]));
            results.extend_harness(&mut h);
        }
    }
    let registry: std::collections::BTreeSet<&str> = parkan_studio::app::editors::ALL.iter().map(|e| e.id()).collect();
    assert_eq!(shown, registry, "every editor of the registry was drawn in its tab");
}

fn rect_of(h: &Harness<'static, StudioApp>, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

#[test]
fn at_1024_by_768_the_panels_leave_the_editor_room_and_tool_bars_fold() {
    let d = demo_dir();
    let opts = StartOptions { files: vec![entry(d.path(), "Textures.lib", "METAL01.0")], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1024.0, 768.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    let editor = rect_of(&h, "Inspector").left() - rect_of(&h, "Raw fields").left();
    let tab_left = h.get_all_by_label("METAL01.0").map(|n| n.rect().left()).fold(f32::INFINITY, f32::min);
    assert!(rect_of(&h, "Inspector").left() - tab_left >= 420.0, "the editor gets room: {editor}");
    // The texture's tool bar folds into a menu rather than wrapping over rows.
    assert!(h.query_by_label(&parkan_studio::app::i18n::tr("toolbar-tools")).is_some(), "a Tools menu");
    assert!(h.query_by_label("Stored").is_none(), "its tools are in the menu");
    // The browser's edge drags down to something small.
    let edge = tab_left - 9.0;
    h.drag_at(egui::pos2(edge, 400.0));
    h.run();
    for x in [edge - 40.0, 300.0, 200.0] {
        h.hover_at(egui::pos2(x, 400.0));
        h.run();
    }
    h.drop_at(egui::pos2(200.0, 400.0));
    settle(&mut h);
    let tab_left = h.get_all_by_label("METAL01.0").map(|n| n.rect().left()).filter(|x| *x > 100.0).fold(f32::INFINITY, f32::min);
    assert!(tab_left < 260.0, "the browser is about 200 points wide now: the tab starts at {tab_left}");
}

#[test]
fn at_1280_by_720_the_material_timeline_fits_beside_the_panels() {
    let d = demo_dir();
    let opts = StartOptions { files: vec![entry(d.path(), "Material.lib", "WATER")], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1280.0, 720.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    let inspector = rect_of(&h, "Inspector").left();
    assert!(rect_of(&h, &parkan_studio::app::i18n::tr("timeline-fit")).right() <= inspector, "the timeline's controls are not cut off");
    assert!(has_label(&h, "of 1800 ms"));
}
