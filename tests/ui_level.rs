//! The 3D view of an X-Ray level through egui_kittest on the real `StudioApp`: a `level`
//! opens in the level view with the fixture's triangles, the sector tree picks a visual and
//! the side section names its type, shader and GCONTAINER, the LOD-facet layer adds its quads,
//! a level.geom with a `level` beside it opens the same view, and hovering a triangle names its
//! visual and shader in a tooltip.

#![cfg(feature = "gui")]

mod common;
use common::settle;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::mesh::MeshView;
use parkan_studio::scene::SceneKind as MeshKind;
use parkan_studio::fixtures::xray_level::{EXPECTED_TRIANGLES, level_set};
use parkan_studio::app::i18n::tr;

fn level_dir() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for (name, bytes) in level_set().files() {
        std::fs::write(d.path().join(name), bytes).unwrap();
    }
    d
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a MeshView {
    h.state().tabs.active_tab().expect("a tab").state::<MeshView>().expect("the 3D view")
}

fn drawn() -> usize {
    EXPECTED_TRIANGLES.iter().map(|e| e.1).sum()
}

#[test]
fn a_level_opens_in_the_level_view_and_the_tree_picks_a_visual() {
    let d = level_dir();
    let mut h = common::app_with(vec![d.path().join("level")], [1400.0, 900.0]);
    let b = view(&h).built().expect("built");
    assert_eq!(b.kind, MeshKind::Level);
    assert_eq!(b.scene.triangle_count(), drawn());
    assert!(b.diagnostics.iter().any(|d| d.message.starts_with("visual 7 (normal)")));
    // sector 1's root is visual 10, a box: pick it in the tree.
    h.get_by_label("10 normal · 12 triangles").click();
    settle(&mut h);
    let sel = view(&h).selected.expect("a selection");
    assert_eq!(view(&h).built().unwrap().scene.parts[sel.part].label, "visual 10");
    assert!(h.query_by_label_contains(&parkan_studio::app::i18n::tr_args("level-visual-title", &[("k", "10".into()), ("kind", "normal".into())])).is_some());
    assert!(h.query_by_label_contains("vb 1 vbase 24 vcount 24").is_some());
    assert!(h.query_by_label_contains("2 def_shaders\\def_vertex").is_some());
    // The LOD facets layer: 8 quads more.
    h.get_by_label(&tr("level-lod-facets")).click();
    settle(&mut h);
    assert_eq!(view(&h).built().unwrap().scene.triangle_count(), drawn() + 16);
    // The parts were renumbered: the old pick is dropped, not shown on another part.
    assert!(view(&h).selected.is_none());
}

#[test]
fn a_level_geom_with_a_level_beside_it_opens_the_level_view() {
    let d = level_dir();
    let h = common::app_with(vec![d.path().join("level.geom")], [1400.0, 900.0]);
    let b = view(&h).built().expect("built");
    assert_eq!(b.kind, MeshKind::Level);
    assert_eq!(b.scene.triangle_count(), drawn());
    assert!(b.notes[0].english.starts_with("drawn through the level file beside it"), "{:?}", b.notes);
}

#[test]
fn hovering_a_triangle_names_its_visual_and_shader() {
    let d = level_dir();
    let mut h = common::app_with(vec![d.path().join("level")], [1400.0, 900.0]);
    // Pick visual 10 (a box) in the tree, then frame it (F, the pointer over the view): it
    // fills the middle of the view.
    h.get_by_label("10 normal · 12 triangles").click();
    settle(&mut h);
    let centre = view(&h).view_rect.expect("the view was drawn").center();
    h.hover_at(centre);
    h.key_press(egui::Key::F);
    settle(&mut h);
    // Away from everything (a corner of the view shows the background): no tooltip.
    let corner = view(&h).view_rect.unwrap().left_top() + egui::vec2(3.0, 3.0);
    h.hover_at(corner);
    h.run();
    assert_eq!(view(&h).hovered, None);
    assert!(h.query_by_label_contains("shader 2: def_shaders\\def_vertex").is_none());
    // Over the box, without a click: the tooltip names the visual and its shader.
    h.hover_at(centre);
    h.run();
    assert_eq!(view(&h).hovered.as_ref().map(|x| x.0), Some(10));
    let tip = |l: &str| l.starts_with("visual 10 · normal") && l.contains("shader 2: def_shaders\\def_vertex") && l.contains("textures: ston\\ston_beton04");
    assert!(
        h.query_all_by_label_contains("shader 2: def_shaders").any(|n| n.accesskit_node().value().is_some_and(|l| tip(&l))),
        "no tooltip naming visual 10 and its shader"
    );
}

#[test]
fn check_in_the_editor_resolves_the_draw_ranges_against_the_level_geom() {
    let d = level_dir();
    let mut h = common::app_with(vec![d.path().join("level")], [1400.0, 900.0]);
    h.key_press(egui::Key::F5);
    settle(&mut h);
    let reports = &h.state().log.reports;
    assert_eq!(reports.len(), 1);
    let report = &reports[0].1;
    assert!(!report.ok, "the fixture's visual 7 draws past its vertex buffer");
    assert!(report.diagnostics.iter().any(|f| f.message.starts_with("visual 7 (normal)") && f.offset.is_some()), "{:?}", report.diagnostics);
    // Without the level.geom the ranges cannot be checked: said, not failed.
    let lone = tempfile::tempdir().unwrap();
    std::fs::copy(d.path().join("level"), lone.path().join("level")).unwrap();
    let mut h = common::app_with(vec![lone.path().join("level")], [1400.0, 900.0]);
    h.key_press(egui::Key::F5);
    settle(&mut h);
    let report = &h.state().log.reports[0].1;
    assert!(report.ok);
    assert!(report.diagnostics.iter().any(|f| f.message.contains("the visuals' draw ranges were not checked")), "{:?}", report.diagnostics);
}
