//! The 3D viewport driven through egui_kittest on the real `StudioApp`: a mesh named on the
//! command line opens in it, the LOD grid switches cells, a click picks a part and shows its
//! material chain, the camera keys act only with the pointer over the view, an unsaved MAT0
//! edit shows at once, level.geom draws its points; a rendered snapshot of a model.

#![cfg(feature = "gui")]

mod common;
use common::settle;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::mesh::MeshView;
use parkan_studio::app::intent::ViewKind;
use parkan_studio::app::StudioApp;
use parkan_studio::fixtures::demo;
use std::path::{Path, PathBuf};
use parkan_studio::app::i18n::tr;

fn demo_dir() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for (name, bytes) in demo::demo_files() {
        std::fs::write(d.path().join(name), bytes).unwrap();
    }
    d
}

fn harness(files: Vec<PathBuf>) -> Harness<'static, StudioApp> {
    common::app_with(files, [1400.0, 900.0])
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a MeshView {
    h.state().tabs.active_tab().expect("a tab").state::<MeshView>().expect("the 3D view")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut MeshView {
    let a = h.state().tabs.active.unwrap();
    h.state_mut().tabs.tabs[a].state_mut::<MeshView>().unwrap()
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

/// Pixels of the view in the picked part's outline colour.
fn highlight_pixels(h: &mut Harness<'static, StudioApp>) -> usize {
    let rect = view(h).view_rect.unwrap();
    let img = h.render().unwrap();
    let hc = parkan_studio::render::gpu::HIGHLIGHT_COLOR.map(|c| (c * 255.0).round() as u8);
    let ppp = img.width() as f32 / 1400.0;
    let (x0, y0, x1, y1) = ((rect.min.x * ppp) as u32, (rect.min.y * ppp) as u32, (rect.max.x * ppp) as u32, (rect.max.y * ppp) as u32);
    img.enumerate_pixels().filter(|(x, y, p)| (x0..x1).contains(x) && (y0..y1).contains(y) && p.0.iter().zip(hc).take(3).all(|(a, b)| a.abs_diff(b) <= 10)).count()
}

fn open(dir: &Path, file: &str) -> Harness<'static, StudioApp> {
    harness(vec![dir.join(file)])
}

#[test]
fn a_model_opens_in_the_view_and_switches_lod() {
    let d = demo_dir();
    let mut h = open(d.path(), "walker.msh");
    assert_eq!(h.state().tabs.active_tab().unwrap().view, ViewKind::Editor);
    let lod0 = view(&h).built().expect("built").scene.triangle_count();
    assert!(lod0 > 0);
    assert!(view(&h).build_error().is_none());
    // LOD 1 (slot_index[1]) draws fewer triangles.
    h.get_by_label("1").click();
    settle(&mut h);
    assert_eq!(view(&h).lod, 1);
    let lod1 = view(&h).built().unwrap().scene.triangle_count();
    assert!(lod1 > 0 && lod1 < lod0, "LOD 1 {lod1} < LOD 0 {lod0}");
    // Empty cells cannot be chosen.
    let empty = h.get_all_by_label("·").count();
    assert!(empty > 0);
}

#[test]
fn a_click_picks_a_part_and_shows_its_material_chain() {
    let d = demo_dir();
    let mut h = open(d.path(), "walker.msh");
    let rect = view(&h).view_rect.expect("the view was drawn");
    h.hover_at(rect.center());
    h.run();
    h.get_by_label(&tr("mesh-pick-hint"));
    assert_eq!(highlight_pixels(&mut h), 0, "nothing outlined before a pick");
    // The model is framed: its middle is under the view's centre.
    click_at(&mut h, rect.center());
    settle(&mut h);
    let sel = view(&h).selected.expect("a part was picked");
    let b = view(&h).built().unwrap();
    assert!(sel.part < b.scene.parts.len() && sel.triangle.is_some());
    // The picked part is outlined in the highlight colour, which was nowhere before.
    h.hover_at(egui::pos2(5.0, 5.0));
    settle(&mut h);
    assert!(highlight_pixels(&mut h) > 30, "the outline is drawn");
    // The chain: WEAR row, MAT0, phase, texture.
    assert!(h.query_by_label_contains("walker.wea row").is_some(), "the WEAR row is shown");
    assert!(h.query_by_label("MAT0").is_some());
    // A click on empty space clears it.
    click_at(&mut h, rect.left_top() + egui::vec2(4.0, 4.0));
    settle(&mut h);
    assert!(view(&h).selected.is_none());
}

#[test]
fn camera_keys_act_with_the_pointer_over_the_view() {
    let d = demo_dir();
    let mut h = open(d.path(), "walker.msh");
    let rect = view(&h).view_rect.unwrap();
    assert!(!view(&h).camera.orthographic);
    // Elsewhere the key does nothing.
    h.hover_at(egui::pos2(rect.center().x, 10.0));
    h.run();
    h.key_press(Key::Num5);
    h.run();
    assert!(!view(&h).camera.orthographic);
    h.hover_at(rect.center());
    h.run();
    h.key_press(Key::Num5);
    h.run();
    assert!(view(&h).camera.orthographic, "5 toggles orthographic");
    h.key_press(Key::Num7);
    h.run();
    assert!((view(&h).camera.pitch.to_degrees() - 89.9).abs() < 0.01, "7 looks down");
    let before = view(&h).camera;
    view_mut(&mut h).camera.distance *= 10.0;
    h.key_press(Key::Home);
    h.run();
    assert!((view(&h).camera.distance - before.distance).abs() < before.distance * 0.01, "Home frames the model again");
    h.key_press(Key::W);
    h.run();
    assert!(view(&h).overlays.wireframe);
    // The keys are in the palette with their names.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();
    h.get_by(|n| n.data().placeholder() == Some("Type a command")).type_text("frame all");
    h.run();
    assert!(h.query_all_by_label_contains(&tr("cmd-mesh-frame-all")).next().is_some());
}

#[test]
fn an_unsaved_material_edit_shows_in_the_view() {
    use parkan_studio::app::intent::{Intent, ItemEdit};
    use parkan_studio::doc::{ItemPath, items};
    use parkan_studio::formats::mat0::{Mat0, phase::ColorGroup};
    let d = demo_dir();
    let mut h = harness(vec![d.path().join("walker.msh"), d.path().join("Material.lib")]);
    // The mesh's tab is the active one.
    let mesh_tab = h.state().tabs.tabs.iter().position(|t| t.editor_id() == Some(parkan_studio::app::editors::mesh::ID)).expect("the mesh tab");
    h.state_mut().tabs.active = Some(mesh_tab);
    settle(&mut h);
    let before = view(&h).built().unwrap().scene.materials.iter().find(|m| m.name == "METAL01").expect("METAL01").colors.diffuse;
    let ws = &h.state().ws;
    let lib = ws.files().iter().find(|f| f.name() == "Material.lib").unwrap().id;
    let entry = ItemPath::root(lib).child(ws.file(lib).unwrap().root().resolve("METAL01").unwrap());
    let attrs = items::meta_of(ws, &entry).unwrap().attrs;
    let mut m = Mat0::parse(&ws.item_bytes(&entry).unwrap(), attrs[1]).unwrap();
    for p in &mut m.phases {
        p.set_color_bytes(ColorGroup::Diffuse, [250, 20, 20, 255]);
    }
    let edit = ItemEdit::bytes(&entry, m.write().unwrap(), "red METAL01");
    h.state_mut().push_intent(Intent::EditItem(edit));
    settle(&mut h);
    let after = view(&h).built().unwrap().scene.materials.iter().find(|m| m.name == "METAL01").unwrap().colors.diffuse;
    assert_ne!(after, before);
    assert!(after[0] > 0.9 && after[1] < 0.2, "{after:?}");
}

#[test]
fn level_geom_draws_every_vertex_as_a_point() {
    let d = demo_dir();
    let h = open(d.path(), "level.geom");
    let b = view(&h).built().expect("built");
    let bytes = std::fs::read(d.path().join("level.geom")).unwrap();
    let (geom, _) = parkan_studio::formats::xray_geom::LevelGeom::parse(bytes.into()).unwrap();
    let vertices: usize = geom.vertex_buffers().iter().map(|v| v.vertex_count as usize).sum();
    // The panel lists every buffer, the vertex buffers with their declarations.
    assert_eq!(b.buffers.len(), geom.vertex_buffers().len() + geom.index_buffers().len());
    assert!(b.buffers[0].english.starts_with("vertex buffer 0:") && b.buffers[0].english.contains("@0"), "{}", b.buffers[0]);
    assert!(h.query_by_label_contains("Buffers (").is_some());
    assert_eq!(b.scene.point_count() + b.scene.parts.iter().filter(|p| !p.points).map(|p| p.vertices.len()).sum::<usize>(), vertices);
}

#[test]
fn snapshots_of_a_model_a_landscape_and_a_level() {
    // The inspector and the log in the snapshot name the folder: a fresh one shown under a
    // fixed name.
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-viewport-snapshot");
    let d = snap.path();
    for (name, bytes) in demo::demo_files() {
        std::fs::write(d.join(name), bytes).unwrap();
    }
    let mut results = egui_kittest::SnapshotResults::new();
    for (file, name) in [("tower.msh", "viewport_tower"), ("Land.msh", "viewport_landscape"), ("level.geom", "viewport_level_geom")] {
        let mut h = open(d, file);
        // The side panel hidden, the mouse away from the view.
        view_mut(&mut h).show_side = false;
        h.hover_at(egui::pos2(5.0, 5.0));
        settle(&mut h);
        h.snapshot(name);
        results.extend_harness(&mut h);
    }
}

#[test]
fn a_landscape_pick_names_the_tile_flags_and_both_materials() {
    let d = demo_dir();
    let mut h = open(d.path(), "Land.msh");
    let b = view(&h).built().expect("built");
    assert!(b.land.is_some(), "the landscape's triangles are kept for picking");
    let rect = view(&h).view_rect.unwrap();
    // From straight above, the middle of the view is ground.
    h.hover_at(rect.center());
    h.run();
    h.key_press(Key::Num7);
    h.run();
    click_at(&mut h, rect.center());
    settle(&mut h);
    let sel = view(&h).selected.expect("a ground triangle");
    let info = {
        let b = view(&h).built().unwrap();
        *b.land.as_ref().unwrap().triangle(&b.scene, sel.part, sel.triangle.unwrap()).expect("the triangle's record")
    };
    assert!(h.query_by_label_contains(&format!("{} (component 21 triangle {})", info.tile, info.source)).is_some());
    assert!(h.query_by_label_contains(&format!("0x{:05X}", info.flags)).is_some());
    assert!(h.query_by_label(&tr("mesh-secondary")).is_some());
    // The record matches the part's material: its primary byte is the group's.
    let b = view(&h).built().unwrap();
    let chain = b.chains[b.scene.parts[sel.part].material].as_ref().expect("a resolved primary");
    assert_eq!(Some(chain.index), info.primary.map(u16::from));
}

#[test]
fn space_plays_the_node_animation_on_the_timeline() {
    let d = demo_dir();
    let mut h = open(d.path(), "walker.msh");
    assert!(view(&h).built().unwrap().scene.frame_count > 1, "the walker is animated");
    let rest = view(&h).matrices();
    let rect = view(&h).view_rect.unwrap();
    h.hover_at(rect.center());
    h.run();
    h.key_press(Key::Space);
    for _ in 0..30 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(view(&h).timeline.playing);
    assert!(view(&h).frame() > 0.0, "the playhead moved");
    assert!(view(&h).time_ms > 0, "the material time runs with it");
    assert_ne!(view(&h).matrices(), rest, "a node moved");
    h.key_press(Key::Space);
    h.step();
    assert!(!view(&h).timeline.playing);
    // Scrubbing is the timeline's: set the playhead, the pose follows.
    view_mut(&mut h).timeline.time = 0.0;
    settle(&mut h);
    assert_eq!(view(&h).matrices(), rest);
}

#[test]
fn a_landscape_shows_its_triangle_flags_in_colour() {
    use parkan_studio::app::editors::mesh::build::{WATER, flag_colour, flag_scene};
    use parkan_studio::render::scene::pack_rgba;
    let d = demo_dir();
    let mut h = open(d.path(), "Land.msh");
    let (colours, water) = {
        let b = view(&h).built().unwrap();
        let land = b.land.as_ref().unwrap();
        let f = flag_scene(&b.scene, land, &Default::default());
        assert_eq!(f.triangle_count(), b.scene.triangle_count());
        // Every triangle's vertices carry its record's colour.
        let mut water = 0;
        // (A secondary material's overlay part draws its base part's triangles again.)
        for (pi, p) in b.scene.parts.iter().enumerate().filter(|(_, p)| p.over.is_none()) {
            for t in p.first / 3..(p.first + p.count) / 3 {
                let info = land.triangle(&b.scene, pi, t as usize).unwrap();
                let c = pack_rgba(flag_colour(info, &Default::default()));
                assert_eq!(f.vertices[f.indices[t as usize * 3] as usize].color, c);
                water += usize::from(c == pack_rgba(WATER));
            }
        }
        (f.vertices.len(), water)
    };
    assert!(colours > 0 && water > 0, "the demo landscape has water triangles");
    h.get_by_label(&tr("mesh-flags")).click();
    settle(&mut h);
    assert!(view(&h).show_flags);
    // Seen from above, some of the view is the water colour, drawn unlit.
    let rect = view(&h).view_rect.unwrap();
    h.hover_at(rect.center());
    h.run();
    h.key_press(Key::Num7);
    h.hover_at(egui::pos2(5.0, 5.0));
    settle(&mut h);
    let img = h.render().unwrap();
    let near = |p: &image::Rgba<u8>| p[0] < 60 && (95..140).contains(&p[1]) && p[2] > 230;
    let blue = img.pixels().filter(|p| near(p)).count();
    assert!(blue > 100, "water-coloured pixels: {blue}");
}
