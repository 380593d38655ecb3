//! The MAT0 editor driven through egui_kittest on the real `StudioApp`: open a material of the
//! demo `Material.lib` from the command line's `FILE::ENTRY`, scrub and compare the readout with
//! `eval` (loop, ping-pong, one-shot), edit a colour and undo, drag a key end on the timeline
//! (one undo step, two bytes), add and remove phases and keys with the keys re-pointed, play
//! with Space, save and reparse; snapshots of the editor and of its timeline.

#![cfg(feature = "gui")]

#[allow(dead_code)] // drop_files is for the suites that drop files
mod common;
use common::settle;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::mat0::Mat0View;
use parkan_studio::app::editors::mat0::preview::centre_colour;
use parkan_studio::app::intent::ViewKind;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::{ItemPath, items};
use parkan_studio::fixtures;
use parkan_studio::formats::mat0::eval::state_at_time;
use parkan_studio::formats::mat0::rng::MsvcRand;
use parkan_studio::formats::mat0::{AnimBlock, AnimMode, Key as MatKey, Mat0};
use parkan_studio::formats::readings::Readings;
use std::path::{Path, PathBuf};

fn open(dir: &Path, entry: &str) -> Harness<'static, StudioApp> {
    fixtures::demo::write_demo(dir).unwrap();
    let arg = PathBuf::from(format!("{}::{entry}", dir.join("Material.lib").display()));
    common::app_with(vec![arg], [1500.0, 1500.0])
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a Mat0View {
    h.state().tabs.active_tab().expect("a tab is open").state::<Mat0View>().expect("the tab shows the material editor")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut Mat0View {
    let i = h.state().tabs.tabs.iter().position(|t| t.state::<Mat0View>().is_some()).expect("a material tab");
    h.state_mut().tabs.tabs[i].state_mut::<Mat0View>().unwrap()
}

fn path(h: &Harness<'static, StudioApp>) -> ItemPath {
    h.state().tabs.active_tab().unwrap().path.clone()
}

fn bytes(h: &Harness<'static, StudioApp>) -> Vec<u8> {
    h.state().ws.item_bytes(&path(h)).unwrap().to_vec()
}

fn material(h: &Harness<'static, StudioApp>) -> Mat0 {
    Mat0::parse(&bytes(h), 6).unwrap()
}

fn undo(h: &mut Harness<'static, StudioApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

fn seek(h: &mut Harness<'static, StudioApp>, ms: f64) {
    view_mut(h).timeline.time = ms;
    h.run();
}

/// The readout's key, phases and alpha for block `b` against `eval` at the same time.
fn check_readout(h: &Harness<'static, StudioApp>, b: usize, ms: u32) {
    let m = material(h);
    let want = state_at_time(&m, b, ms, 0, &mut MsvcRand::new(1), &Readings::default()).unwrap();
    let got = view(h).readout[b].state.as_ref().unwrap();
    assert_eq!((got.phase, got.next_phase), (want.phase, want.next_phase), "phases at {ms} ms");
    assert_eq!(got.alpha, want.alpha, "alpha at {ms} ms");
    assert_eq!(got.values, want.values, "evaluated floats at {ms} ms");
}

#[test]
fn the_readout_follows_eval_for_loop_ping_pong_and_one_shot() {
    let d = tempfile::tempdir().unwrap();
    for (entry, times, pass) in [
        ("MODE_LOOP", [150, 450, 750], ["", "", ""]),
        ("MODE_PINGPONG", [150, 700, 1000], ["", "reflected", "reflected"]),
        ("MODE_ONESHOT", [50, 590, 900], ["", "", "held"]),
    ] {
        let mut h = open(d.path(), entry);
        assert_eq!(h.state().tabs.active_tab().unwrap().view, ViewKind::Editor, "{entry} opens in the editor");
        for (ms, pass) in times.into_iter().zip(pass) {
            seek(&mut h, f64::from(ms));
            check_readout(&h, 0, ms);
            if !pass.is_empty() {
                h.get_by_label_contains(pass);
            }
        }
        // Clicking the track scrubs: the playhead lands where the click was.
        let before = view(&h).timeline.time;
        h.get_by_label(&parkan_studio::app::i18n::tr("timeline-fit")).click();
        h.run();
        assert_eq!(view(&h).timeline.time, before, "Fit does not move the playhead");
    }
}

#[test]
fn space_plays_and_the_playhead_moves_then_pauses() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "GLOW");
    assert!(!view(&h).timeline.playing);
    h.key_press(Key::Space);
    h.run_steps(5);
    assert!(view(&h).timeline.playing, "Space plays while the editor has the focus");
    let t = view(&h).timeline.time;
    assert!(t > 0.0, "time advanced: {t}");
    h.key_press(Key::Space);
    h.run();
    assert!(!view(&h).timeline.playing);
    check_readout(&h, 0, view(&h).timeline.time as u32);
}

#[test]
fn a_colour_edit_changes_the_preview_and_undo_restores_the_bytes() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "LAMP");
    let before = bytes(&h);
    let colour_before = centre_colour(view(&h).preview_state().unwrap());
    // Phase 0 (on) is shown at 0 ms: its diffuse red byte goes 255 → 10.
    let field = h.get_all_by_label("R").nth(1).expect("the diffuse red field (ambient's is first)");
    assert_eq!(field.value().as_deref(), Some("R 255"));
    field.click();
    h.run();
    field_type(&mut h, "10");
    let after = bytes(&h);
    let m0 = Mat0::parse(&before, 6).unwrap();
    let phase_at = m0.phase_offset(0);
    let diff: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
    assert_eq!(diff, vec![phase_at + 4], "only the diffuse red byte of phase 0 changed");
    assert_eq!(after[phase_at + 4], 10);
    let colour_after = centre_colour(view(&h).preview_state().unwrap());
    assert_ne!(colour_before, colour_after, "the preview's colour follows");
    assert_eq!(colour_after.r(), 10);
    undo(&mut h);
    assert_eq!(bytes(&h), before, "one undo gives the original bytes back");
}

#[test]
fn the_3d_preview_follows_an_unsaved_colour_edit() {
    use parkan_studio::app::intent::{Intent, ItemEdit};
    use parkan_studio::formats::mat0::phase::ColorGroup;
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "METAL01");
    let rect = view(&h).preview.image_rect().expect("the sphere was drawn by the renderer");
    // A point on the lit side of the sphere, away from the highlight.
    let at = rect.center() + egui::vec2(-rect.width() * 0.2, rect.height() * 0.15);
    let pixel = |h: &mut Harness<'static, StudioApp>| *h.render().expect("a rendered frame").get_pixel(at.x as u32, at.y as u32);
    let before = pixel(&mut h);
    let path = h.state().tabs.active_tab().unwrap().path.clone();
    let mut m = Mat0::parse(&bytes(&h), 6).unwrap();
    for p in &mut m.phases {
        p.set_color_bytes(ColorGroup::Diffuse, [250, 10, 10, 255]);
        p.set_color_bytes(ColorGroup::Ambient, [250, 10, 10, 255]);
    }
    h.state_mut().push_intent(Intent::EditItem(ItemEdit::bytes(&path, m.write().unwrap(), "red")));
    h.run();
    let after = pixel(&mut h);
    assert!(after[0] > after[1] + 60 && after[0] > after[2] + 60, "the sphere turned red: {before:?} -> {after:?}");
    assert_ne!(before, after);
}

/// Types into the focused field and presses Enter.
fn field_type(h: &mut Harness<'static, StudioApp>, text: &str) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.input_mut().events.push(egui::Event::Text(text.into()));
    h.key_press(Key::Enter);
    h.run();
    settle(h);
}

#[test]
fn dragging_a_key_end_is_one_undo_step_changing_two_bytes() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "MODE_LOOP");
    let before = bytes(&h);
    let m = material(&h);
    let steps = h.state().ws.history.steps().len();
    // The timeline shows 0..1260 ms (twice the 600 ms cycle, and 5 %) over its width: find key
    // 0's right edge (100 ms) from the drawn track.
    let track = view(&h).timeline_rect.expect("the timeline was drawn");
    let x_of = |ms: f64| track.left() + 84.0 + ((ms / 1260.0) as f32) * (track.width() - 84.0);
    let y = track.top() + 18.0 + 11.0;
    h.drag_at(egui::pos2(x_of(100.0), y));
    h.run();
    for ms in [120.0, 150.0, 180.0] {
        h.hover_at(egui::pos2(x_of(ms), y));
        h.run();
    }
    assert!(view(&h).timeline.drag.is_some(), "the edge is being dragged");
    h.drop_at(egui::pos2(x_of(181.0), y));
    h.run();
    assert!(view(&h).timeline.drag.is_none());
    let after = bytes(&h);
    let at = m.key_offset(0, 0) + 2;
    let diff: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
    assert!(!diff.is_empty() && diff.iter().all(|&i| i == at || i == at + 1), "only k1 of key 0 changed: {diff:?}");
    let k1 = u16::from_le_bytes([after[at], after[at + 1]]);
    assert_eq!(k1 % 10, 0, "snapped to 10 ms: {k1}");
    assert!((170..=190).contains(&k1), "near the drop: {k1}");
    assert_eq!(h.state().ws.history.steps().len(), steps + 1, "one undo step");
    undo(&mut h);
    assert_eq!(bytes(&h), before);
}

#[test]
fn phases_and_keys_are_added_and_removed_with_keys_repointed_then_saved() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "MODE_LOOP");
    // Keys (0,100) (1,300) (2,600). Select phase 1 and remove it: key 1 moves to the phase that
    // took its place, key 2 follows its phase down.
    h.get_by_label_contains("1: GRASS.0").click();
    h.run();
    h.get_by_label("Remove").click();
    h.run();
    let m = material(&h);
    assert_eq!(m.phases.len(), 2);
    assert_eq!(m.anim[0].keys.iter().map(|k| k.k0).collect::<Vec<_>>(), vec![0, 1, 1]);
    assert!(view(&h).notice.as_deref().is_some_and(|n| n.contains("re-pointed")), "the re-pointing is said");
    // Duplicate phase 0: keys naming phase 1 follow it to 2.
    h.get_by_label_contains("0: ROCK.0").click();
    h.run();
    h.get_by_label("Duplicate").click();
    h.run();
    let m = material(&h);
    assert_eq!(m.phases.len(), 3);
    assert_eq!(m.anim[0].keys.iter().map(|k| k.k0).collect::<Vec<_>>(), vec![0, 2, 2]);
    // A key added, then removed with Delete once selected.
    h.get_by_label("Add key").click();
    h.run();
    let m = material(&h);
    assert_eq!(m.anim[0].keys.len(), 4);
    assert_eq!(m.anim[0].keys[3].k1, 700);
    assert_eq!(view(&h).key, Some(3));
    h.key_press(Key::Delete);
    h.run();
    let m = material(&h);
    assert_eq!(m.anim[0].keys.len(), 3);
    // Saved, the library reparses with the edited material.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = std::fs::read(d.path().join("Material.lib")).unwrap();
    let a = parkan_studio::formats::nres::Archive::parse(saved.into()).unwrap().0;
    let i = a.find("MODE_LOOP").unwrap();
    assert_eq!(Mat0::parse(&a.payload(i), 6).unwrap(), m);
    assert_eq!(items::meta_of(&h.state().ws, &path(&h)).unwrap().attrs[1], 6);
}

#[test]
fn the_twentieth_block_is_refused_and_bad_keys_are_flagged() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "MODE_LOOP");
    let mut m = material(&h);
    m.anim[0].keys[1].k0 = 9;
    while m.anim.len() < 19 {
        m.anim.push(AnimBlock::new(AnimMode::Loop, 0, vec![MatKey { k0: 0, k1: 10, k2: 0 }]));
    }
    let p = path(&h);
    let new = m.write().unwrap();
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::EditItem(parkan_studio::app::intent::ItemEdit::bytes(&p, new.clone(), "test")));
    h.run();
    let tracks = view(&h).tracks(&material(&h));
    assert!(tracks[0].bars[1].flagged && !tracks[0].bars[0].flagged, "the key past the last phase is flagged");
    h.get_by_label(&parkan_studio::app::i18n::tr("mat-add-block")).click();
    h.run();
    assert_eq!(bytes(&h), new, "nothing changed");
    assert!(view(&h).notice.as_deref().is_some_and(|n| n.contains("at most 19")));
}

#[test]
fn a_material_that_does_not_parse_opens_read_only() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "GLOW");
    let p = path(&h);
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::EditItem(parkan_studio::app::intent::ItemEdit::bytes(&p, vec![1u8, 0, 0], "break")));
    h.run();
    h.get_by_label_contains("This material does not parse");
    assert!(view(&h).material().is_none());
}

#[test]
fn snapshots_of_the_editor_and_its_timeline() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-material-snapshot");
    let mut h = open(snap.path(), "WATER");
    seek(&mut h, 450.0);
    settle(&mut h);
    h.snapshot("material_editor");
}

#[test]
fn snapshot_of_the_timeline_mid_drag() {
    use parkan_studio::app::widgets::timeline::{LABEL_W, RULER_H, TRACK_H, Timeline, TimelineEvent};
    let bytes = fixtures::mat0::multi_block();
    let m = Mat0::parse(&bytes, 6).unwrap();
    let tracks = Mat0View::default().tracks(&m);
    let axis = parkan_studio::app::editors::mat0::axis(&m);
    let mut state = (Timeline::default(), Vec::<TimelineEvent>::new(), egui::Rect::NOTHING);
    state.0.time = 250.0;
    state.0.view = Some((0.0, 1000.0));
    let mut h = Harness::builder().with_size([900.0, 160.0]).build_ui_state(
        move |ui, (t, events, rect): &mut (Timeline, Vec<TimelineEvent>, egui::Rect)| {
            t.controls(ui, &axis, events);
            *rect = t.tracks(ui, &axis, &tracks, events);
        },
        state,
    );
    h.run();
    // Block 0's key 1 ends at 400 ms; drag it to 452 (snaps to 450, between its
    // neighbours 200 and 600).
    let r = h.state().2;
    let x = |ms: f32| r.left() + LABEL_W + ms / 1000.0 * (r.width() - LABEL_W);
    let y = r.top() + RULER_H + TRACK_H / 2.0;
    h.drag_at(egui::pos2(x(400.0), y));
    h.run();
    h.hover_at(egui::pos2(x(448.0), y));
    h.run();
    h.hover_at(egui::pos2(x(452.0), y));
    h.run();
    let (t, events, _) = h.state();
    let drag = t.drag.expect("dragging an edge");
    assert_eq!((drag.track, drag.bar, drag.value), (0, 1, 450.0));
    assert!(events.iter().all(|e| !matches!(e, TimelineEvent::Edge { done: true, .. })), "not done while the button is down");
    assert_eq!(t.time, 250.0, "an edge drag does not scrub");
    h.snapshot("material_timeline");
    h.drop_at(egui::pos2(x(452.0), y));
    h.run();
    assert!(matches!(h.state().1.last(), Some(TimelineEvent::Edge { track: 0, bar: 1, value: 450.0, done: true })));
}

#[test]
fn a_version_change_rewrites_payload_and_attr2_in_one_step() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "V6");
    let before = bytes(&h);
    let steps = h.state().ws.history.steps().len();
    h.get_by_label("version (attr2)").click();
    h.run();
    // Version 2 keeps metaA/metaB and drops metaC and metaD (the fixture sets both).
    h.get_by_label_contains("2: drops metaC, metaD").click();
    h.run();
    let p = path(&h);
    assert_eq!(items::meta_of(&h.state().ws, &p).unwrap().attrs[1], 2);
    let m = Mat0::parse(&bytes(&h), 2).expect("the payload is laid out for version 2");
    let old = Mat0::parse(&before, 6).unwrap();
    assert_eq!((m.meta.a, m.meta.b), (old.meta.a, old.meta.b));
    assert_eq!((m.phases.clone(), m.anim.clone()), (old.phases.clone(), old.anim.clone()));
    assert_eq!(bytes(&h).len(), before.len() - 8, "metaC and metaD left the prefix");
    assert_eq!(h.state().ws.history.steps().len(), steps + 1, "bytes and attrs are one step");
    undo(&mut h);
    assert_eq!(bytes(&h), before);
    assert_eq!(items::meta_of(&h.state().ws, &p).unwrap().attrs[1], 6);
}

#[test]
fn material_lib_opens_as_a_filtered_list_and_enter_opens_a_material() {
    use parkan_studio::app::editors::materials::MaterialList;
    use parkan_studio::app::intent::Intent;
    let d = tempfile::tempdir().unwrap();
    fixtures::demo::write_demo(d.path()).unwrap();
    let opts = StartOptions { files: vec![d.path().join("Material.lib")], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1200.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    let root = ItemPath::root(h.state().ws.files()[0].id);
    h.state_mut().push_intent(Intent::OpenTab(root.clone()));
    // The browser (which lists the entries too) is hidden.
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    settle(&mut h);
    let list = |h: &Harness<'static, StudioApp>| h.state().tabs.active_tab().unwrap().state::<MaterialList>().expect("the material list").shown().len();
    let total = fixtures::mat0::entries().len();
    assert_eq!(list(&h), total);
    h.get_by_label_contains(&format!("{total} of {total} materials"));
    let water = h.state().tabs.active_tab().unwrap().state::<MaterialList>().unwrap().rows().iter().find(|r| r.name == "WATER").cloned().unwrap();
    assert_eq!(water.diffuse, Some([40, 120, 200, 170]));
    assert_eq!(water.texture.as_deref(), Some(&b"WATER1.0"[..]));
    h.get_by_label(&parkan_studio::app::i18n::tr("mats-filter")).click();
    h.run();
    h.input_mut().events.push(egui::Event::Text("mode_".into()));
    h.run();
    assert_eq!(list(&h), 5, "MODE_LOOP, MODE_PINGPONG, MODE_ONESHOT, MODE_RANDOM, MODE_5");
    h.get_by_label("MODE_PINGPONG").click();
    h.run();
    let selected = |h: &Harness<'static, StudioApp>| h.state().tabs.active_tab().unwrap().state::<MaterialList>().unwrap().selected;
    let pingpong = selected(&h);
    h.key_press(Key::ArrowDown);
    h.run();
    assert_eq!(selected(&h), pingpong.map(|i| i + 1), "Down selects MODE_ONESHOT");
    h.key_press(Key::ArrowUp);
    h.run();
    assert_eq!(selected(&h), pingpong);
    h.key_press(Key::Enter);
    settle(&mut h);
    let tab = h.state().tabs.active_tab().unwrap();
    assert!(tab.state::<Mat0View>().is_some(), "Enter opened the material in the editor");
    assert_eq!(items::address(&h.state().ws, &tab.path), "Material.lib::MODE_PINGPONG");
}

/// Focuses the texture field and deletes what it holds.
fn clear_texture_field(h: &mut Harness<'static, StudioApp>) {
    h.get_by_label("texture").click();
    h.run();
    h.key_press(Key::End);
    for _ in 0..16 {
        h.key_press(Key::Backspace);
    }
    h.run();
    assert_eq!(h.get_by_label("texture").value().as_deref(), Some(""));
}

#[test]
fn texture_names_complete_from_the_open_library_and_a_missing_one_says_so() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "WATER");
    // The demo Textures.lib is read from disk beside Material.lib; open it for completion.
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::Open(vec![d.path().join("Textures.lib")]));
    settle(&mut h);
    let p = h.state().tabs.tabs.iter().find(|t| t.state::<Mat0View>().is_some()).unwrap().path.clone();
    let i = h.state().tabs.tabs.iter().position(|t| t.path == p).unwrap();
    h.state_mut().push_intent(parkan_studio::app::intent::Intent::ActivateTab(i));
    settle(&mut h);
    let before = bytes(&h);
    clear_texture_field(&mut h);
    h.input_mut().events.push(egui::Event::Text("WATER".into()));
    h.run();
    h.get_by_label("WATER3.0").click();
    h.run();
    let m = material(&h);
    assert_eq!(m.phases[0].texture_name().as_deref(), Some("WATER3.0"));
    let old = Mat0::parse(&before, 6).unwrap();
    assert_eq!(m.phases[0].params, old.phases[0].params, "only the name changed");
    // A name no library has: the phase says so.
    clear_texture_field(&mut h);
    h.input_mut().events.push(egui::Event::Text("NOPE.0".into()));
    h.key_press(Key::Enter);
    settle(&mut h);
    assert_eq!(material(&h).phases[0].texture_name().as_deref(), Some("NOPE.0"));
    assert!(h.query_all_by_label_contains("NOPE.0 not found").count() >= 1, "the missing texture is named");
}

#[test]
fn a_page_rect_clicked_on_the_picture_picks_the_cell_and_the_preview_draws_it() {
    use parkan_studio::fixtures::texm::nearest_cell_colour;
    let d = tempfile::tempdir().unwrap();
    fixtures::demo::write_demo(d.path()).unwrap();
    fixtures::demo::add_cells(d.path(), 0).unwrap();
    let mut h = common::app_with(vec![PathBuf::from(format!("{}::CELLS", d.path().join("Material.lib").display()))], [1500.0, 1500.0]);
    // On the plane the image's centre is the middle of the cell's rect.
    h.get_by_label("Plane").click();
    h.run();
    let shown = |h: &mut Harness<'static, StudioApp>| {
        let at = view(h).preview.image_rect().expect("the plane was drawn by the renderer").center();
        nearest_cell_colour(h.render().expect("a rendered frame").get_pixel(at.x as u32, at.y as u32).0)
    };
    assert_eq!(shown(&mut h), 0, "cell 0: the top-left rect");
    let before = bytes(&h);
    let steps = h.state().ws.history.steps().len();
    let cell_at = material(&h).phase_offset(0) + 17;
    h.get_by_label("Page rect 2").click();
    h.run();
    let after = bytes(&h);
    let diff: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
    assert_eq!(diff, vec![cell_at], "only the cell byte changed");
    assert_eq!(after[cell_at], 2);
    assert_eq!(h.state().ws.history.steps().len(), steps + 1, "one undo step");
    assert_eq!(shown(&mut h), 2, "the preview draws the bottom-left rect");
    h.get_by_label("Page rect 1").click();
    h.run();
    assert_eq!(shown(&mut h), 1);
    h.get_by_label(&parkan_studio::app::i18n::tr("mat-whole-texture")).click();
    h.run();
    assert_eq!(bytes(&h)[cell_at], 0xFF, "the whole texture is cell 0xFF");
    for _ in 0..3 {
        undo(&mut h);
    }
    assert_eq!(bytes(&h), before);
    assert_eq!(shown(&mut h), 0);
}
