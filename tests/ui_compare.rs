//! The compare view on the real `StudioApp`: File ▸ Compare With File… through the window's
//! own file dialog (the test seam every ui suite uses: native dialogs are off), the tree with
//! each edit marked, a texture's diff with its figures; Unsaved Changes after edits, Show
//! changes from the close prompt, and a tab's Compare with Saved.

#![cfg(feature = "gui")]

mod common;
use common::{app_with, settle};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::compare::Body;
use parkan_studio::app::editors::mat0::compare::MaterialPlay;
use parkan_studio::app::editors::mesh::compare::MeshPair;
use parkan_studio::app::editors::texture::compare::TextureDiff;
use parkan_studio::app::editors::wear::compare::{Tag, TextDiff};
use parkan_studio::app::intent::{Dialog, Intent};
use parkan_studio::doc::ItemPath;
use parkan_studio::doc::diff::Kind;
use parkan_studio::fixtures::texm::{Material, Spec, build, textures_lib};
use parkan_studio::formats::TYPE_TEXM;
use parkan_studio::formats::nres::Archive;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::{Format, Texm};
use std::path::Path;

/// `bytes` (a texture) with a 6x4 block of level 0 painted magenta: 24 pixels changed.
fn painted(bytes: &[u8]) -> Vec<u8> {
    let r = Readings::default();
    let (mut t, _) = Texm::parse(bytes.to_vec()).unwrap();
    let mut img = t.decode_mip(0, &r, None).unwrap();
    let w = img.width as usize;
    for y in 8..12 {
        for x in 20..26 {
            img.rgba[(y * w + x) * 4..(y * w + x) * 4 + 4].copy_from_slice(&[255, 0, 255, 255]);
        }
    }
    t.set_mip_rgba(0, &img, &r, None).unwrap();
    t.write()
}

/// `Textures.lib` and a copy with known edits: GRASS.0 painted, METAL.0 renamed, SAND.0
/// removed, NEW.0 added.
fn two_libraries(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let (a, b) = (dir.join("Textures.lib"), dir.join("edited").join("Textures.lib"));
    std::fs::create_dir_all(b.parent().unwrap()).unwrap();
    std::fs::write(&a, textures_lib()).unwrap();
    let (mut lib, _) = Archive::parse(textures_lib().into()).unwrap();
    let find = |lib: &Archive, n: &str| (0..lib.len()).find(|&i| lib.entry(i).name() == n).unwrap();
    let g = find(&lib, "GRASS.0");
    lib.replace(g, painted(&lib.payload(g))).unwrap();
    let m = find(&lib, "METAL.0");
    lib.rename(m, b"METALX.0").unwrap();
    let s = find(&lib, "SAND.0");
    lib.remove(s).unwrap();
    lib.add(b"NEW.0", TYPE_TEXM, [0; 3], build(&Spec::new(Format::Rgb565, 16, 16, 1, Material::Light))).unwrap();
    std::fs::write(&b, lib.write()).unwrap();
    (a, b)
}

fn file_menu(h: &mut Harness<'static, StudioApp>, command: &str) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(command).click();
    h.run();
}

/// Two presses and releases at the widget within one frame (kittest's queued events take a
/// frame each, a quarter second apart: too slow for a double click).
fn double_click(h: &mut Harness<'static, StudioApp>, label: &str) {
    let at = h.get_by_label(label).rect().center();
    h.hover_at(at);
    h.run();
    for pressed in [true, false, true, false] {
        h.input_mut().events.push(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed, modifiers: Default::default() });
    }
    h.run();
}

fn kinds(h: &Harness<'static, StudioApp>) -> Vec<(Kind, String)> {
    let c = h.state().views.compare.as_ref().expect("the compare view is open");
    let mut v: Vec<(Kind, String)> = c.changes().iter().map(|c| (c.kind, c.path.clone())).collect();
    v.sort_by(|a, b| a.1.cmp(&b.1));
    v
}

fn shown_body<'a>(h: &'a Harness<'static, StudioApp>) -> Option<&'a Body> {
    h.state().views.compare.as_ref()?.shown.as_ref().map(|s| &s.body)
}

#[test]
fn compare_with_a_file_marks_each_edit_and_shows_a_texture_diff() {
    let d = tempfile::tempdir().unwrap();
    let (a, b) = two_libraries(d.path());
    let mut h = app_with(vec![a], [1280.0, 800.0]);
    file_menu(&mut h, "Compare With File…");
    let dialog = h.state_mut().views.file_dialog.open.as_mut().expect("the window's own file dialog");
    dialog.go(b.parent().unwrap().to_path_buf());
    dialog.name = "Textures.lib".into();
    h.run();
    h.get_by_label(&parkan_studio::app::i18n::tr("fd-open-selected")).click();
    settle(&mut h);
    let want = [
        (Kind::Changed, "Textures.lib::GRASS.0"),
        (Kind::Renamed, "Textures.lib::METALX.0"),
        (Kind::Added, "Textures.lib::NEW.0"),
        (Kind::Removed, "Textures.lib::SAND.0"),
    ];
    let got = kinds(&h);
    assert_eq!(got.iter().map(|(k, p)| (*k, p.as_str())).collect::<Vec<_>>(), want);
    // Each marked in the tree, the identical ones counted.
    for label in ["GRASS.0changed", "METALX.0renamedfrom METAL.0", "NEW.0added", "SAND.0removed"] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    let identical = h.state().views.compare.as_ref().unwrap().report.as_ref().unwrap().as_ref().unwrap().identical;
    assert!(h.query_by_label(&format!("{identical} identical (not listed)")).is_some());
    // A double-click shows the texture's diff: the painted block's figures.
    double_click(&mut h, "GRASS.0changed");
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { panic!("a texture diff, not {:?}", shown_body(&h).map(|b| b.name())) };
    let fig = t.pair.diff.expect("both levels decoded");
    assert_eq!((fig.changed, fig.bbox), (24, Some((20, 8, 25, 11))));
    assert!(t.pair.image.is_some(), "the difference image");
    assert_eq!(h.query_all_by_label_contains("24 of 4096 pixels changed").count(), 2, "the level line and the engine's figure");
    for pane in ["Side by side", "Swipe", "Blink", "Difference"] {
        assert!(h.query_by_label(pane).is_some(), "{pane}");
    }
    // The inspector and the log name the temporary folder: hidden for a stable snapshot.
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::I);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::J);
    h.run();
    h.snapshot("compare_texture");
    // A removed texture: only A, no figures; Close goes back to the tabs.
    h.get_by_label("SAND.0removed").click();
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { panic!("a texture diff") };
    assert!(t.pair.a.as_ref().is_some_and(|a| a.is_ok()) && t.pair.b.is_none());
    // The arrow keys step through the changes in the tree's order, showing each.
    h.key_press(Key::ArrowUp);
    h.run();
    let c = h.state().views.compare.as_ref().unwrap();
    assert_eq!(c.changes()[c.selected.unwrap()].path, "Textures.lib::NEW.0");
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { panic!("a texture diff") };
    assert!(t.pair.a.is_none() && t.pair.b.as_ref().is_some_and(|b| b.is_ok()), "added: only B");
    h.get_by_label("Close Compare").click();
    h.run();
    assert!(h.state().views.compare.is_none());
    // Opening a tab (a double-click in the browser) shows the tabs again.
    h.state_mut().push_intent(Intent::ShowUnsaved);
    h.run();
    assert!(h.state().views.compare.is_some());
    let file = h.state().ws.files()[0].id;
    h.state_mut().push_intent(Intent::OpenTab(ItemPath::root(file).child(0)));
    h.run();
    assert!(h.state().views.compare.is_none(), "the tab is shown");
}

/// The first of [`two_libraries`] open, its `GRASS.0` painted (unsaved): the app, the file and
/// the entry.
fn with_grass_painted(dir: &Path) -> (Harness<'static, StudioApp>, parkan_studio::doc::FileId, ItemPath) {
    let (a, _) = two_libraries(dir);
    let mut h = app_with(vec![a], [1280.0, 800.0]);
    let file = h.state().ws.files()[0].id;
    let lib = Archive::parse(textures_lib().into()).unwrap().0;
    let g = (0..lib.len()).find(|&i| lib.entry(i).name() == "GRASS.0").unwrap();
    let grass = ItemPath::root(file).child(g);
    h.state_mut().push_intent(Intent::ReplaceBytes { path: grass.clone(), bytes: painted(&lib.payload(g)).into() });
    (h, file, grass)
}

#[test]
fn unsaved_changes_show_changes_from_the_close_prompt_and_compare_with_saved() {
    let d = tempfile::tempdir().unwrap();
    let (mut h, file, grass) = with_grass_painted(d.path());
    let lib = Archive::parse(textures_lib().into()).unwrap().0;
    h.state_mut().push_intent(Intent::RenameConfirmed { path: ItemPath::root(file).child(0), name: "METAL2.0".into(), references: false });
    settle(&mut h);
    // File ▸ Unsaved Changes: both edits, each diffable.
    file_menu(&mut h, "Unsaved Changes");
    assert_eq!(kinds(&h), [(Kind::Changed, "Textures.lib::GRASS.0".to_string()), (Kind::Renamed, "Textures.lib::METAL2.0".to_string())]);
    h.get_by_label("GRASS.0changed").click();
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { panic!("a texture diff") };
    assert_eq!(t.pair.diff.unwrap().changed, 24);
    // One more edit; Refresh compares again.
    let sand = (0..lib.len()).find(|&i| lib.entry(i).name() == "SAND.0").unwrap();
    h.state_mut().push_intent(Intent::Delete(vec![ItemPath::root(file).child(sand)]));
    settle(&mut h);
    h.get_by_label("Refresh").click();
    h.run();
    assert_eq!(kinds(&h).len(), 3, "{:?}", kinds(&h));
    h.get_by_label("Close Compare").click();
    h.run();
    // Closing the file asks; Show changes keeps it open and shows the same view.
    h.state_mut().push_intent(Intent::Close { file, confirmed: false });
    h.run();
    assert!(matches!(h.state().views.dialog, Some(Dialog::Unsaved { .. })));
    h.get_by_label("Show changes").click();
    h.run();
    assert!(h.state().views.dialog.is_none());
    assert!(h.state().ws.file(file).is_some(), "still open");
    assert_eq!(kinds(&h).len(), 3);
    h.get_by_label("Close Compare").click();
    h.run();
    // A tab's Compare with Saved: that entry's change alone, shown at once.
    h.state_mut().push_intent(Intent::OpenTab(grass));
    settle(&mut h);
    // The tab's context menu (a right-click on its title).
    h.get_by_label("GRASS.0 •").click_secondary();
    h.run();
    h.get_by_label("Compare with Saved").click();
    h.run();
    assert_eq!(kinds(&h), [(Kind::Changed, "Textures.lib::GRASS.0".to_string())]);
    assert!(shown_body(&h).and_then(Body::editor::<TextureDiff>).is_some());
}

#[test]
fn compare_with_a_folder_runs_in_the_background_and_opens_a_wear_diff() {
    use parkan_studio::fixtures::game::{GameSpec, write_game};
    let d = tempfile::tempdir().unwrap();
    let (a, b) = (d.path().join("a"), d.path().join("b"));
    write_game(&a, &GameSpec::SMALL).unwrap();
    write_game(&b, &GameSpec::SMALL).unwrap();
    let mut t = std::fs::read(b.join("Land1.wea")).unwrap();
    t.extend_from_slice(b"\r\n");
    std::fs::write(b.join("Land1.wea"), t).unwrap();
    // A damaged side: compared as far as it reads, the failure one line.
    let lights = std::fs::read(b.join("lightmap.lib")).unwrap();
    std::fs::write(b.join("lightmap.lib"), &lights[..40]).unwrap();
    let mut h = app_with(Vec::new(), [1280.0, 800.0]);
    h.state_mut().push_intent(Intent::OpenFolder(a));
    settle(&mut h);
    h.state_mut().push_intent(Intent::CompareWith(b));
    h.step();
    assert!(h.state().work.tasks.busy(), "a folder compares as a task");
    settle(&mut h);
    assert_eq!(kinds(&h), [(Kind::Changed, "Land1.wea".to_string()), (Kind::Changed, "lightmap.lib".to_string())]);
    double_click(&mut h, "lightmap.libchanged");
    let damaged = h.state().views.compare.as_ref().unwrap().changes().iter().find_map(|c| c.damaged.clone()).expect("one line");
    assert!(damaged.starts_with("b: "), "{damaged}");
    assert!(h.query_by_label(&damaged).is_some(), "shown: {damaged}");
    double_click(&mut h, "Land1.weachanged");
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextDiff>) else { panic!("a text diff, not {:?}", shown_body(&h).map(|b| b.name())) };
    let added: Vec<_> = t.lines.iter().filter(|l| l.2 == Tag::Added).collect();
    assert_eq!(added.len(), 1, "the one line added");
}

#[test]
fn a_material_diff_shows_both_field_tables_and_both_live_previews_on_one_timeline() {
    use parkan_studio::fixtures::mat0::material_lib;
    use parkan_studio::formats::mat0::{Mat0, SHIPPED_VERSION};
    let d = tempfile::tempdir().unwrap();
    let (a, b) = (d.path().join("Material.lib"), d.path().join("edited").join("Material.lib"));
    std::fs::create_dir_all(b.parent().unwrap()).unwrap();
    std::fs::write(&a, material_lib()).unwrap();
    // Each side's textures beside it: B's LAMP.0 is painted, so the two previews differ.
    let lamp_tex = build(&Spec::new(Format::Rgb565, 32, 32, 1, Material::Light));
    for (dir, tex) in [(d.path().to_path_buf(), lamp_tex.clone()), (b.parent().unwrap().to_path_buf(), painted(&lamp_tex))] {
        let (mut texs, _) = Archive::parse(textures_lib().into()).unwrap();
        texs.add(b"LAMP.0", TYPE_TEXM, [0; 3], tex).unwrap();
        std::fs::write(dir.join("Textures.lib"), texs.write()).unwrap();
    }
    let (mut lib, _) = Archive::parse(material_lib().into()).unwrap();
    let lamp = (0..lib.len()).find(|&i| lib.entry(i).name() == "LAMP").unwrap();
    let mut m = Mat0::parse(&lib.payload(lamp), SHIPPED_VERSION).unwrap();
    m.phases[0].params[4] = 10; // the "on" phase's diffuse red
    lib.replace(lamp, m.write().unwrap()).unwrap();
    std::fs::write(&b, lib.write()).unwrap();
    let mut h = app_with(vec![a], [1280.0, 900.0]);
    h.state_mut().push_intent(Intent::CompareWith(b));
    settle(&mut h);
    assert_eq!(kinds(&h), [(Kind::Changed, "Material.lib::LAMP".to_string())]);
    double_click(&mut h, "LAMPchanged");
    let Some(Body::Fields(t)) = shown_body(&h) else { panic!("field tables, not {:?}", shown_body(&h).map(|b| b.name())) };
    let changed: Vec<&str> = t.rows.iter().filter(|r| r.differs()).map(|r| r.field.as_str()).collect();
    assert!(!changed.is_empty() && changed.iter().all(|f| f.starts_with("phases[0].")), "{changed:?}");
    for label in ["Both sides playing", "Only changed fields"] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    let play = t.extra::<MaterialPlay>().expect("both sides on one timeline");
    // Both sides drawn by the material editor's live preview (the lit shape), each textured
    // from beside its own Material.lib.
    for k in 0..2 {
        assert!(play.image_rect(k).is_some(), "side {k}'s 3D preview");
    }
    let origins = [play.texture_origin(0).expect("A's texture").to_string(), play.texture_origin(1).expect("B's texture").to_string()];
    assert!(!origins[0].contains("edited") && origins[1].contains("edited"), "{origins:?}");
    // At the playhead (0 ms) both sides are in their phase 0; at 500 ms both in phase 1.
    assert_eq!(h.query_all_by_label_contains("phase 0 -> ").count(), 2);
    assert_eq!((play.state(0).unwrap().phase, play.state(1).unwrap().phase), (0, 0));
    let Some(Body::Fields(t)) = h.state_mut().views.compare.as_mut().and_then(|c| c.shown.as_mut()).map(|s| &mut s.body) else { unreachable!() };
    t.extra_mut::<MaterialPlay>().unwrap().timeline.time = 500.0;
    h.run();
    assert_eq!(h.query_all_by_label_contains("phase 1 -> ").count(), 2);
    let Some(Body::Fields(t)) = shown_body(&h) else { unreachable!() };
    let play = t.extra::<MaterialPlay>().unwrap();
    assert_eq!((play.state(0).unwrap().phase, play.state(1).unwrap().phase), (1, 1));
    // One turn: a drag on A's shape turns B's too.
    let (ra, rb) = (play.image_rect(0).unwrap(), play.image_rect(1).unwrap());
    let before = snapshot_pixels(&mut h, rb);
    h.hover_at(ra.center());
    h.drag_at(ra.center());
    h.hover_at(ra.center() + egui::vec2(40.0, 0.0));
    h.hover_at(ra.center() + egui::vec2(90.0, 0.0));
    h.drop_at(ra.center() + egui::vec2(90.0, 0.0));
    h.run();
    assert_ne!(before, snapshot_pixels(&mut h, rb), "B's shape turned with A's");
    // The lamp on (phase 0), where the edited diffuse red shows.
    let Some(Body::Fields(t)) = h.state_mut().views.compare.as_mut().and_then(|c| c.shown.as_mut()).map(|s| &mut s.body) else { unreachable!() };
    t.extra_mut::<MaterialPlay>().unwrap().timeline.time = 100.0;
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::I);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::J);
    h.state_mut().push_intent(Intent::Log(parkan_studio::formats::Severity::Info, "compared".into()));
    h.run();
    h.snapshot("compare_material");
}

/// The rendered pixels inside `rect` (points), for telling whether a view changed.
fn snapshot_pixels(h: &mut Harness<'static, StudioApp>, rect: egui::Rect) -> Vec<u8> {
    let img = h.render().expect("a rendered frame");
    let ppp = h.ctx.pixels_per_point();
    let (x0, y0, x1, y1) = ((rect.min.x * ppp) as u32, (rect.min.y * ppp) as u32, (rect.max.x * ppp) as u32, (rect.max.y * ppp) as u32);
    let mut out = Vec::new();
    for y in y0..y1.min(img.height()) {
        for x in x0..x1.min(img.width()) {
            out.extend_from_slice(&img.get_pixel(x, y).0);
        }
    }
    out
}

#[test]
fn a_mesh_diff_shows_two_3d_views_and_its_components() {
    use parkan_studio::fixtures::msh::models::boxhouse;
    let d = tempfile::tempdir().unwrap();
    let (a, b) = (d.path().join("house.msh"), d.path().join("edited").join("house.msh"));
    std::fs::create_dir_all(b.parent().unwrap()).unwrap();
    std::fs::write(&a, boxhouse()).unwrap();
    std::fs::write(&b, one_vertex_moved(boxhouse().into())).unwrap();
    let mut h = app_with(vec![a], [1280.0, 800.0]);
    h.state_mut().push_intent(Intent::CompareWith(b));
    settle(&mut h);
    assert_eq!(kinds(&h), [(Kind::Changed, "house.msh".to_string())]);
    double_click(&mut h, "house.mshchanged");
    let Some((Some(views), table)) = shown_body(&h).and_then(|b| if let Body::Fields(t) = b { Some((t.extra::<MeshPair>(), t)) } else { None }) else { panic!("a mesh diff, not {:?}", shown_body(&h).map(|b| b.name())) };
    assert_eq!(views.built(), 2, "both sides drawn");
    assert!(!table.rows.is_empty());
    // One camera: a drag on A turns B too.
    let yaw = views.yaw;
    let at = h.get_all_by_label("A (before)").next().unwrap().rect().left_bottom() + egui::vec2(120.0, 100.0);
    h.hover_at(at);
    h.drag_at(at);
    h.hover_at(at + egui::vec2(40.0, 0.0));
    h.hover_at(at + egui::vec2(80.0, 0.0));
    h.drop_at(at + egui::vec2(80.0, 0.0));
    h.run();
    let Some(views) = shown_body(&h).and_then(Body::editor::<MeshPair>) else { unreachable!() };
    assert!(views.yaw < yaw, "the shared camera turned: {yaw} -> {}", views.yaw);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::I);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::J);
    // The status line repeats the log's last line, which names the temporary folder.
    h.state_mut().push_intent(Intent::Log(parkan_studio::formats::Severity::Info, "compared".into()));
    h.run();
    h.snapshot("compare_mesh");
}

/// A mesh with its positions component's first x changed in one bit.
fn one_vertex_moved(msh: parkan_studio::formats::bytes::SharedBytes) -> Vec<u8> {
    let (mut m, _) = Archive::parse(msh).unwrap();
    let pos = (0..m.len()).find(|&i| m.entry(i).type_id() == 3).expect("a positions component");
    let mut p = m.payload(pos).to_vec();
    p[3] ^= 0x01;
    m.replace(pos, p).unwrap();
    m.write()
}

/// Two copies of the small game folder under `d` (`a` and `b`).
fn two_games(d: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    use parkan_studio::fixtures::game::{GameSpec, write_game};
    let (a, b) = (d.join("a"), d.join("b"));
    write_game(&a, &GameSpec::SMALL).unwrap();
    write_game(&b, &GameSpec::SMALL).unwrap();
    (a, b)
}

#[test]
fn a_mesh_diff_draws_both_sides_textured_from_beside_each_side() {
    let d = tempfile::tempdir().unwrap();
    let (a, b) = two_games(d.path());
    // B's building (a mesh inside fortif.rlb, its table beside it in the archive): one vertex
    // moved.
    let (mut rlb, _) = Archive::parse(std::fs::read(b.join("fortif.rlb")).unwrap().into()).unwrap();
    let k = (0..rlb.len()).find(|&i| rlb.entry(i).name() == "fr_bld_000.msh").unwrap();
    rlb.replace(k, one_vertex_moved(rlb.payload(k))).unwrap();
    std::fs::write(b.join("fortif.rlb"), rlb.write()).unwrap();
    let mut h = app_with(Vec::new(), [1280.0, 800.0]);
    h.state_mut().push_intent(Intent::OpenFolder(a));
    settle(&mut h);
    h.state_mut().push_intent(Intent::CompareWith(b));
    settle(&mut h);
    assert_eq!(kinds(&h), [(Kind::Changed, "fortif.rlb::fr_bld_000.msh".to_string())]);
    double_click(&mut h, "fr_bld_000.mshchanged");
    let Some(views) = shown_body(&h).and_then(Body::editor::<MeshPair>) else { panic!("a mesh diff, not {:?}", shown_body(&h).map(|b| b.name())) };
    assert_eq!(views.built(), 2, "both sides drawn");
    // Materials through the table beside the mesh, textures from the libraries: both textured.
    assert!(views.textures(0) > 0 && views.textures(1) > 0, "textured: {} and {}", views.textures(0), views.textures(1));
}

#[test]
fn a_folder_compare_takes_the_editors_unsaved_edits_and_marks_them() {
    let d = tempfile::tempdir().unwrap();
    let (a, b) = two_games(d.path());
    // On disk, B's Land2.wea differs; in the editor, A's Land1.wea is edited (not saved).
    let mut t = std::fs::read(b.join("Land2.wea")).unwrap();
    t.extend_from_slice(b"\r\n");
    std::fs::write(b.join("Land2.wea"), t).unwrap();
    let mut h = app_with(Vec::new(), [1280.0, 800.0]);
    h.state_mut().push_intent(Intent::OpenFolder(a.clone()));
    settle(&mut h);
    h.state_mut().push_intent(Intent::Open(vec![a.join("Land1.wea")]));
    settle(&mut h);
    let file = h.state().ws.files().iter().find(|f| f.name() == "Land1.wea").expect("open").id;
    let mut edited = std::fs::read(a.join("Land1.wea")).unwrap();
    edited.extend_from_slice(b"\r\n\r\n");
    h.state_mut().push_intent(Intent::EditItem(parkan_studio::app::intent::ItemEdit::bytes(&ItemPath::root(file), edited, "edit")));
    settle(&mut h);
    assert!(h.state().ws.is_dirty(file));
    h.state_mut().push_intent(Intent::CompareWith(b));
    settle(&mut h);
    assert_eq!(kinds(&h), [(Kind::Changed, "Land1.wea".to_string()), (Kind::Changed, "Land2.wea".to_string())]);
    assert!(h.query_by_label("Land1.weachangedunsaved").is_some(), "the edited file is marked unsaved");
    assert!(h.query_by_label("Land2.weachanged").is_some(), "the other is not");
    // Its diff is from the editor's bytes: the two lines the editor added are not in B.
    double_click(&mut h, "Land1.weachangedunsaved");
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextDiff>) else { panic!("a text diff, not {:?}", shown_body(&h).map(|b| b.name())) };
    let gone = t.lines.iter().filter(|l| l.2 == Tag::Removed).count();
    assert_eq!(gone, 2, "the two lines the editor added");
}

#[test]
fn unsaved_changes_tell_two_dirty_files_of_one_name_apart() {
    let d = tempfile::tempdir().unwrap();
    let (x, y) = (d.path().join("x").join("Textures.lib"), d.path().join("y").join("Textures.lib"));
    for p in [&x, &y] {
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, textures_lib()).unwrap();
    }
    let mut h = app_with(vec![x, y], [1280.0, 800.0]);
    let ids: Vec<_> = h.state().ws.files().iter().map(|f| (f.id, f.path.clone())).collect();
    assert_eq!(ids.len(), 2);
    let lib = Archive::parse(textures_lib().into()).unwrap().0;
    let find = |n: &str| (0..lib.len()).find(|&i| lib.entry(i).name() == n).unwrap();
    // x's GRASS.0 painted, y's SAND.0 painted.
    let (fx, fy) = if ids[0].1.starts_with(d.path().join("x")) { (ids[0].0, ids[1].0) } else { (ids[1].0, ids[0].0) };
    for (file, name) in [(fx, "GRASS.0"), (fy, "SAND.0")] {
        let i = find(name);
        h.state_mut().push_intent(Intent::ReplaceBytes { path: ItemPath::root(file).child(i), bytes: painted(&lib.payload(i)).into() });
    }
    settle(&mut h);
    file_menu(&mut h, "Unsaved Changes");
    assert_eq!(kinds(&h), [(Kind::Changed, "x/Textures.lib::GRASS.0".to_string()), (Kind::Changed, "y/Textures.lib::SAND.0".to_string())]);
    for heading in ["x/Textures.lib", "y/Textures.lib"] {
        assert!(h.query_by_label(heading).is_some(), "{heading}");
    }
    // Each change's diff is its own file's: y's SAND.0 is painted in y only.
    double_click(&mut h, "SAND.0changed");
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { panic!("a texture diff") };
    assert_eq!(t.pair.diff.expect("both decoded").changed, 24);
    // A tab's Compare with Saved finds its own file's change.
    h.state_mut().push_intent(Intent::CompareWithSaved(ItemPath::root(fy).child(find("SAND.0"))));
    h.run();
    assert_eq!(kinds(&h), [(Kind::Changed, "y/Textures.lib::SAND.0".to_string())]);
    // The prompt on quit names them the same way.
    h.state_mut().push_intent(Intent::Quit { confirmed: false });
    h.run();
    assert!(matches!(h.state().views.dialog, Some(Dialog::Unsaved { .. })));
    for name in ["• x/Textures.lib", "• y/Textures.lib"] {
        assert!(h.query_by_label(name).is_some(), "{name}");
    }
}

#[test]
fn compare_tab_with_saved_from_the_file_menu_and_one_pan_for_every_pane() {
    let d = tempfile::tempdir().unwrap();
    let (mut h, _, grass) = with_grass_painted(d.path());
    h.state_mut().push_intent(Intent::OpenTab(grass));
    settle(&mut h);
    file_menu(&mut h, "Compare Tab with Saved");
    assert_eq!(kinds(&h), [(Kind::Changed, "Textures.lib::GRASS.0".to_string())]);
    h.run();
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { panic!("a texture diff, not {:?}", shown_body(&h).map(|b| b.name())) };
    assert_eq!(t.pane_rects.len(), 3, "A, B and the difference image");
    let panes = t.pane_rects.clone();
    let before = snapshot_pixels(&mut h, panes[0]);
    // A drag on the difference pane pans A and B with it.
    let at = panes[2].center();
    h.hover_at(at);
    h.drag_at(at);
    h.hover_at(at + egui::vec2(20.0, 10.0));
    h.hover_at(at + egui::vec2(40.0, 20.0));
    h.drop_at(at + egui::vec2(40.0, 20.0));
    h.run();
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { unreachable!() };
    assert!(t.pan.x > 0.0 && t.pan.y > 0.0 && t.zoom.is_some(), "one pan: {:?} {:?}", t.pan, t.zoom);
    let zoom = t.zoom.unwrap();
    assert_ne!(before, snapshot_pixels(&mut h, panes[0]), "A's pane moved with the difference pane");
    // The wheel over B zooms every pane.
    h.hover_at(panes[1].center());
    h.input_mut().events.push(egui::Event::MouseWheel { unit: egui::MouseWheelUnit::Point, delta: egui::vec2(0.0, 120.0), phase: egui::TouchPhase::Move, modifiers: Default::default(), source: egui::MouseWheelSource::Wheel });
    h.run();
    let Some(t) = shown_body(&h).and_then(Body::editor::<TextureDiff>) else { unreachable!() };
    assert!(t.zoom.unwrap() > zoom, "{zoom} -> {:?}", t.zoom);
}
