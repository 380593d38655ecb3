//! The mission editor's panels driven through egui_kittest on the real `StudioApp`, on a small
//! game folder (`fixtures::game`, `GameSpec::SMALL`): a property's value and type edited, one
//! added by completion, undone; a clan renamed (its relations follow), a relation cycled in the
//! matrix, a base and a zone ring dragged in the view; a route corner moved (typed and
//! dragged), inserted and removed; a lode added, moved, its amount changed, removed; the
//! description typed. Each saves and reads back with only the edited fields changed.
//! Snapshots of the Clans tab (the matrix) and the Routes tab.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::{app_with, settle};

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::mission::MissionView;
use parkan_studio::app::editors::mission::overlays::on_ground;
use parkan_studio::app::editors::mission::props::cell_name;
use parkan_studio::app::editors::mission::selection::Marker;
use parkan_studio::app::i18n::{Arg, tr, tr_args};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::tma::{Mission, PROPERTY_F32, PROPERTY_I32, Zones};
use std::path::{Path, PathBuf};
use std::time::Duration;

type H = Harness<'static, StudioApp>;

fn game(name: &str) -> common::SnapshotDir {
    let d = common::SnapshotDir::new(&format!("/tmp/parkan-studio-ui-mission-panels-{name}"));
    write_game(d.path(), &GameSpec::SMALL).unwrap();
    d
}

fn read(file: &Path) -> Mission {
    Mission::parse(&std::fs::read(file).unwrap()).unwrap().0
}

/// The folder's first mission with routes, two lodes, a clan with zones and relations.
fn a_full_mission(d: &Path) -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(d.join("MISSIONS")).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.sort();
    dirs.into_iter()
        .map(|p| p.join("data.tma"))
        .find(|f| {
            let m = read(f);
            !m.routes.is_empty() && m.lodes.len() >= 2 && m.clan_version >= 6 && m.clans.iter().any(|c| matches!(&c.zones, Zones::List(z) if !z.is_empty()))
        })
        .expect("a mission with routes, lodes and zones")
}

fn view(h: &H) -> &MissionView {
    h.state().tabs.active_tab().expect("a tab").state::<MissionView>().expect("the mission editor")
}

fn view_mut(h: &mut H) -> &mut MissionView {
    let tabs = &mut h.state_mut().tabs;
    let i = tabs.active.expect("a tab");
    tabs.tabs[i].state_mut::<MissionView>().expect("the mission editor")
}

fn mission(h: &H) -> Mission {
    view(h).mission().expect("the mission reads").clone()
}

/// Opens `file` and waits for its scene.
fn open(file: &Path) -> H {
    let mut h = app_with(vec![file.to_path_buf()], [1400.0, 900.0]);
    for _ in 0..50 {
        view_mut(&mut h).scene.wait(Duration::from_secs(60));
        settle(&mut h);
        if view(&h).scene.built().is_some() && view(&h).viewport.rect.is_some() {
            break;
        }
    }
    assert!(view(&h).scene.built().is_some(), "the scene builds");
    h
}

fn key(h: &mut H, mods: Modifiers, k: Key) {
    h.key_press_modifiers(mods, k);
    settle(h);
}

fn type_text(h: &mut H, text: &str) {
    for c in text.chars() {
        h.input_mut().events.push(egui::Event::Text(c.to_string()));
        h.run();
    }
}

/// Shows a tab of the side panel (the rightmost widget of that name: the editor's own tab
/// bar may use the same word).
fn tab(h: &mut H, key: &str) {
    let label = tr(key);
    let node = h.get_all_by_label(&label).max_by(|a, b| a.rect().left().total_cmp(&b.rect().left())).expect("the tab");
    node.click();
    settle(h);
}

/// Scrolls the widget named `label` into view (the side panel scrolls).
fn reveal(h: &mut H, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
}

/// Clicks the widget named `label`, scrolled into view first.
fn click_label(h: &mut H, label: &str) {
    reveal(h, label);
    h.get_by_label(label).click();
    settle(h);
}

/// The number fields on the row of `anchor`, left to right, right of it.
fn spins_right_of(h: &H, anchor: egui::Rect) -> Vec<egui::Rect> {
    let mut v: Vec<egui::Rect> = h.get_all_by_role(Role::SpinButton).map(|n| n.rect()).filter(|r| (r.center().y - anchor.center().y).abs() < 6.0 && r.left() >= anchor.right() - 1.0).collect();
    v.sort_by(|a, b| a.left().total_cmp(&b.left()));
    v
}

/// Sets the number field at `rect` through its AccessKit action (as a screen reader would).
fn set_spin(h: &mut H, rect: egui::Rect, value: f64) {
    let node = h.get_all_by_role(Role::SpinButton).find(|n| n.rect() == rect).expect("the field");
    node.set_value_accesskit(value);
    settle(h);
}

/// The screen point of a Parkan point on the ground, as the overlays draw it.
fn screen(h: &H, p: [f32; 3]) -> Pos2 {
    let v = view(h);
    let b = v.scene.built().unwrap();
    let proj = v.viewport.projector(b, v.viewport.rect.unwrap());
    proj.to_screen(on_ground(b, p)).expect("on screen")
}

/// Where the ground under a point of the view is (Parkan axes).
fn ground_at(h: &H, at: Pos2) -> [f32; 3] {
    let v = view(h);
    let b = v.scene.built().unwrap();
    let proj = v.viewport.projector(b, v.viewport.rect.unwrap());
    b.ground_hit(proj.ray(at)).expect("the ground")
}

/// A primary drag in the view from `a` to `b`, in a few moves.
fn drag(h: &mut H, a: Pos2, b: Pos2) {
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    for t in [0.25f32, 0.5, 0.75, 1.0] {
        h.hover_at(a + (b - a) * t);
        h.run();
    }
    h.drop_at(b);
    settle(h);
}

/// A snapshot with what changes from run to run masked: the log's times (the scene's build
/// time is a tooltip, never drawn in a snapshot).
fn snapshot(h: &mut H, name: &str) {
    let log = h.get_by_label(&tr("log-tab")).rect();
    h.mask(egui::Rect::from_min_max(egui::pos2(0.0, log.bottom() + 2.0), egui::pos2(1400.0, 900.0)));
    h.snapshot(name);
}

fn near(a: f32, b: f32, tol: f32) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn a_property_is_edited_retyped_added_by_completion_and_undone() {
    let snap = game("props");
    let file = a_full_mission(snap.path());
    let original = std::fs::read(&file).unwrap();
    let mut h = open(&file);
    let m = mission(&h);
    // A unit (not a GENER building: no MaximumOre yet) with a "Life state".
    let i = m.objects.iter().position(|o| o.kind == 1 && o.properties.iter().any(|p| p.name.decode() == "Life state")).expect("a unit with properties");
    let k = m.objects[i].properties.iter().position(|p| p.name.decode() == "Life state").unwrap();
    let before = m.objects[i].properties.clone();
    view_mut(&mut h).selection.only(i);
    settle(&mut h);
    assert!(h.query_by_label(&tr_args("mission-prop-title", &[("n", Arg::from(before.len()))])).is_some(), "the table's title counts the rows");

    // The value, typed.
    h.get_by_label(&cell_name(&tr("mission-prop-value"), k + 1)).set_value_accesskit(0.25);
    settle(&mut h);
    let after = mission(&h).objects[i].properties.clone();
    assert_eq!(after[k].value, 0.25f32.to_bits());
    for (q, p) in after.iter().zip(&before).enumerate().filter(|(n, _)| *n != k).map(|(_, x)| x) {
        assert_eq!(q, p, "the other rows keep their bits");
    }
    assert_eq!((after[k].min, after[k].max), (before[k].min, before[k].max));

    // Its type: float → integer (the numbers converted).
    let type_cell = cell_name(&tr("mission-prop-type"), k + 1);
    let combo = h.get_by_label(&type_cell);
    let combo_rect = combo.rect();
    combo.click();
    settle(&mut h);
    h.get_all_by_label(&tr("mission-prop-int")).find(|n| n.rect().top() > combo_rect.bottom() - 1.0 && (n.rect().left() - combo_rect.left()).abs() < 40.0).expect("the choice").click();
    settle(&mut h);
    let p = &mission(&h).objects[i].properties[k];
    assert_eq!((p.kind, p.value as i32, p.max as i32), (PROPERTY_I32, 0, 1), "0.25 rounds to 0, the maximum 1.0 to 1");

    // A new row by completion: type part of a name, pick it from the list, add.
    reveal(&mut h, &tr("mission-prop-new-hint"));
    h.get_by_label(&tr("mission-prop-new-hint")).click();
    h.run();
    type_text(&mut h, "maxim");
    click_label(&mut h, "MaximumOre");
    click_label(&mut h, &tr("mission-prop-add"));
    let props = mission(&h).objects[i].properties.clone();
    assert_eq!(props.len(), before.len() + 1);
    let last = props.last().unwrap();
    assert_eq!((last.name.decode().as_str(), last.kind, last.value), ("MaximumOre", PROPERTY_F32, 0));

    // Moved up a row (the duplicates' order is the file's), then removed.
    let n = before.len();
    click_label(&mut h, &cell_name(&tr("mission-prop-up"), n + 1));
    let props = mission(&h).objects[i].properties.clone();
    assert_eq!((props[n - 1].name.decode().as_str(), &props[n]), ("MaximumOre", &before[n - 1]));
    click_label(&mut h, &cell_name(&tr("mission-prop-remove"), n));
    let props = mission(&h).objects[i].properties.clone();
    assert_eq!(props.len(), n);
    assert!(props.iter().all(|p| p.name.decode() != "MaximumOre"));

    // Five edits, five undo steps, back to the bytes read.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).objects[i].properties[n - 1].name.decode(), "MaximumOre", "the removal goes first");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).objects[i].properties[n].name.decode(), "MaximumOre", "then the move");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).objects[i].properties.len(), before.len(), "the added row goes first");
    assert_eq!(mission(&h).objects[i].properties[k].kind, PROPERTY_I32);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).objects[i].properties[k].value, 0.25f32.to_bits(), "then the type");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).objects[i].properties, before, "then the value");
    assert!(!h.state().ws.any_dirty(), "nothing left to save");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).objects[i].properties, before, "nothing more to undo");
    assert_eq!(std::fs::read(&file).unwrap(), original);
}

#[test]
fn a_clan_is_renamed_a_relation_cycled_and_its_base_and_zone_dragged() {
    let snap = game("clans");
    let file = a_full_mission(snap.path());
    let orig = read(&file);
    let mut h = open(&file);
    tab(&mut h, "mission-tab-clans");
    let player = orig.clans.iter().position(|c| c.name.decode() == "Plr").expect("a player clan");
    let enemy = orig.clans.iter().position(|c| c.kind == 2).expect("an enemy clan");
    let enemy_name = orig.clans[enemy].name.decode();
    h.get_by_label_contains("Plr —").click();
    settle(&mut h);
    assert_eq!(view(&h).selection.marker, Some(Marker::Clan(player)));

    // Rename: every relation naming the clan follows.
    h.get_by_role_and_label(Role::TextInput, &tr("mission-clan-name")).click();
    h.run();
    key(&mut h, Modifiers::NONE, Key::End);
    for _ in 0..3 {
        h.key_press(Key::Backspace);
        h.run();
    }
    type_text(&mut h, "Hero");
    key(&mut h, Modifiers::NONE, Key::Enter);
    let m = mission(&h);
    assert_eq!(m.clans[player].name.decode(), "Hero");
    for (c, clan) in m.clans.iter().enumerate() {
        assert!(clan.relations.iter().all(|r| r.clan.decode() != "Plr"), "clan {c} still names Plr");
        assert_eq!(clan.relation(b"Hero"), orig.clans[c].relation(b"Plr"), "clan {c}'s relation kept its value");
    }

    // The matrix: Hero towards the enemy, one click further.
    let was = m.clans[player].relation(enemy_name.as_bytes()).unwrap_or(0);
    let cell = tr_args("mission-rel-cell", &[("a", Arg::from("Hero")), ("b", Arg::from(enemy_name.as_str()))]);
    h.get_by_label_contains(&format!("{cell}:")).scroll_to_me();
    h.run();
    h.get_by_label_contains(&format!("{cell}:")).click();
    settle(&mut h);

    assert_eq!(mission(&h).clans[player].relation(enemy_name.as_bytes()), Some((was + 1) % 3));
    snapshot(&mut h, "mission_panels_clans");

    // Clans added and selected; one that owns nothing removed, one that owns objects (here
    // scenery whose leftover owner index names it) refused with the reason.
    let n = orig.clans.len();
    let owned = |k: usize| orig.objects.iter().filter(|o| o.clan == k as i32).count();
    assert!(owned(n) > 0 && owned(n + 1) == 0, "the fixture's scenery names index {n} as owner, and nothing {}", n + 1);
    for name in ["Raiders", "Pirates"] {
        reveal(&mut h, &tr("mission-clan-new-hint"));
        h.get_by_label(&tr("mission-clan-new-hint")).click();
        h.run();
        type_text(&mut h, name);
        click_label(&mut h, &tr("mission-clan-add"));
    }
    assert_eq!(mission(&h).clans.len(), n + 2);
    assert_eq!((mission(&h).clans[n + 1].name.decode().as_str(), view(&h).selection.marker), ("Pirates", Some(Marker::Clan(n + 1))));
    assert!(!h.get_by_label(&tr("mission-clan-remove")).accesskit_node().is_disabled());
    click_label(&mut h, &tr("mission-clan-remove"));
    assert_eq!(mission(&h).clans.len(), n + 1);
    view_mut(&mut h).selection.marker = Some(Marker::Clan(n));
    settle(&mut h);
    assert!(h.get_by_label(&tr("mission-clan-remove")).accesskit_node().is_disabled(), "Raiders is named by scenery");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).clans.len(), n, "three undo steps: removed, added, added");
    view_mut(&mut h).selection.marker = Some(Marker::Clan(player));
    settle(&mut h);
    assert!(h.get_by_label(&tr("mission-clan-remove")).accesskit_node().is_disabled(), "Hero owns units");

    // The base, dragged in the view: it follows the ground; the camera stays.
    let yaw = view(&h).viewport.yaw;
    let base = mission(&h).clans[player].base;
    let from = screen(&h, [base[0], base[1], 0.0]);
    let to = from + egui::vec2(60.0, 30.0);
    let want = ground_at(&h, to);
    drag(&mut h, from, to);
    let got = mission(&h).clans[player].base;
    assert!(near(got[0], want[0], 1.0) && near(got[1], want[1], 1.0), "{got:?} vs {want:?}");
    assert_eq!(view(&h).viewport.yaw, yaw, "the drag was the base's, not the camera's");
    assert_eq!(view(&h).selection.marker, Some(Marker::Base(player)));
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).clans[player].base, base, "the whole drag is one undo step");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);

    // Escape during a base drag puts it back, with no step to undo or redo, and the rest of
    // the held drag is nobody's (the camera stays).
    let moved = mission(&h).clans[player].base;
    let at = screen(&h, [moved[0], moved[1], 0.0]);
    let steps = h.state().ws.history.steps().len();
    h.hover_at(at);
    h.run();
    h.drag_at(at);
    h.run();
    for t in [0.3f32, 0.6] {
        h.hover_at(at + egui::vec2(-50.0, 20.0) * t);
        h.run();
    }
    assert_ne!(mission(&h).clans[player].base, moved, "the base follows the drag");
    h.key_press(Key::Escape);
    h.run();
    h.hover_at(at + egui::vec2(-80.0, 40.0));
    h.run();
    h.drop_at(at + egui::vec2(-80.0, 40.0));
    settle(&mut h);
    assert_eq!(mission(&h).clans[player].base, moved, "Escape put the base back");
    assert_eq!(h.state().ws.history.steps().len(), steps, "no step left by the cancelled drag");
    assert!(!h.state().ws.history.can_redo(), "nothing to redo");
    assert_eq!(view(&h).viewport.yaw, yaw, "the held drag after Escape did not turn the camera");

    // A zone's outer ring, dragged outwards: only its radius changes.
    let (zc, zone) = orig.clans.iter().enumerate().find_map(|(c, cl)| match &cl.zones { Zones::List(z) if !z.is_empty() => Some((c, z[0])), _ => None }).unwrap();
    let edge = screen(&h, [zone.centre[0] + zone.outer, zone.centre[1], zone.centre[2]]);
    let centre = screen(&h, zone.centre);
    let out = edge + (edge - centre).normalized() * 25.0;
    let g = ground_at(&h, out);
    drag(&mut h, edge, out);
    let Zones::List(z) = &mission(&h).clans[zc].zones else { panic!() };
    let want = ((g[0] - zone.centre[0]).powi(2) + (g[1] - zone.centre[1]).powi(2)).sqrt();
    assert!(near(z[0].outer, want, 1.0) && z[0].outer > zone.outer, "{} → {} (want {want})", zone.outer, z[0].outer);
    assert_eq!((z[0].centre, z[0].inner), (zone.centre, zone.inner));

    // Saved and read back: the clans changed as edited, nothing else.
    key(&mut h, Modifiers::COMMAND, Key::S);
    let saved = read(&file);
    assert_eq!(saved.clans, mission(&h).clans);
    assert_eq!((&saved.objects, &saved.routes, &saved.lodes, &saved.description), (&orig.objects, &orig.routes, &orig.lodes, &orig.description));
}

#[test]
fn a_route_corner_moves_inserts_and_goes_and_a_lode_is_added_moved_and_removed() {
    let snap = game("routes");
    let file = a_full_mission(snap.path());
    let orig = read(&file);
    let original = std::fs::read(&file).unwrap();
    let mut h = open(&file);
    tab(&mut h, "mission-tab-routes");
    let route = &orig.routes[0];
    let row = tr_args("mission-route-row", &[("id", Arg::from(route.id.to_string())), ("n", Arg::from(route.points.len()))]);
    h.get_by_label(&row).click();
    settle(&mut h);
    assert_eq!(view(&h).selection.marker, Some(Marker::Route { route: 0, point: None }));

    // Corner 1's x, typed.
    let label = h.get_by_label(&tr_args("mission-route-corner", &[("i", Arg::from("1"))])).rect();
    let spins = spins_right_of(&h, label);
    set_spin(&mut h, spins[0], (route.points[0][0] + 10.0) as f64);
    assert_eq!(mission(&h).routes[0].points[0][0], route.points[0][0] + 10.0);
    // One field's edit changes only its 4 bytes in the saved file.
    key(&mut h, Modifiers::COMMAND, Key::S);
    let saved = std::fs::read(&file).unwrap();
    let at = orig.offsets().routes[0];
    let diff: Vec<usize> = (0..saved.len()).filter(|&i| saved[i] != original[i]).collect();
    assert_eq!(saved.len(), original.len());
    assert!(!diff.is_empty() && diff.iter().all(|&i| i >= at + 8 && i < at + 12), "only corner 1's x: {diff:?} (route at {at})");

    // Corner 2, dragged on the ground.
    let p = route.points[1];
    let from = screen(&h, p);
    let to = from + egui::vec2(-40.0, 25.0);
    let want = ground_at(&h, to);
    drag(&mut h, from, to);
    let got = mission(&h).routes[0].points[1];
    assert!(near(got[0], want[0], 1.0) && near(got[1], want[1], 1.0), "{got:?} vs {want:?}");
    assert_eq!(view(&h).selection.marker, Some(Marker::Route { route: 0, point: Some(1) }));

    // A corner inserted after corner 1 (midway to the next), then removed.
    let pts = mission(&h).routes[0].points.clone();
    view_mut(&mut h).selection.marker = Some(Marker::Route { route: 0, point: Some(0) });
    settle(&mut h);
    click_label(&mut h, &tr("mission-route-insert"));
    let now = mission(&h).routes[0].points.clone();
    assert_eq!(now.len(), pts.len() + 1);
    let mid = [(pts[0][0] + pts[1][0]) / 2.0, (pts[0][1] + pts[1][1]) / 2.0, (pts[0][2] + pts[1][2]) / 2.0];
    assert_eq!(now[1], mid);
    assert_eq!(view(&h).selection.marker, Some(Marker::Route { route: 0, point: Some(1) }));
    snapshot(&mut h, "mission_panels_routes");
    click_label(&mut h, &tr("mission-route-remove-point"));
    assert_eq!(mission(&h).routes[0].points, pts);

    // A double-click on an edge of the route inserts a corner there.
    // (The longest edge on screen: its middle is clear of the corners.)
    let pts = mission(&h).routes[0].points.clone();
    let k = (0..pts.len() - 1).max_by(|&i, &j| {
        let len = |i: usize| screen(&h, pts[i]).distance(screen(&h, pts[i + 1]));
        len(i).total_cmp(&len(j))
    }).unwrap();
    let (a, b) = (pts[k], pts[k + 1]);
    assert!(screen(&h, a).distance(screen(&h, b)) > 30.0, "an edge long enough to aim at");
    let at = screen(&h, [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0, (a[2] + b[2]) / 2.0]);
    let want = ground_at(&h, at);
    h.hover_at(at);
    h.run();
    // The harness's clock moves a quarter second a frame, and a click's release comes a frame
    // after its press: a double-click here spans more than egui's 0.3 s.
    h.ctx.options_mut(|o| o.input_options.max_double_click_delay = 1.0);
    for _ in 0..2 {
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed, modifiers: Modifiers::NONE });
            h.step();
        }
    }
    h.ctx.options_mut(|o| o.input_options.max_double_click_delay = 0.3);
    settle(&mut h);
    let now = mission(&h).routes[0].points.clone();
    assert_eq!(now.len(), pts.len() + 1, "one corner inserted");
    assert!(near(now[k + 1][0], want[0], 1.0) && near(now[k + 1][1], want[1], 1.0), "{:?} vs {want:?}", now[k + 1]);
    assert_eq!((&now[..k + 1], &now[k + 2..]), (&pts[..k + 1], &pts[k + 1..]));
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).routes[0].points, pts);

    // A lode added at the view's centre, moved, its amount changed, removed.
    let n = orig.lodes.len();
    click_label(&mut h, &tr("mission-lode-add"));
    let m = mission(&h);
    assert_eq!(m.lodes.len(), n + 1);
    let rect = view(&h).viewport.rect.unwrap();
    let centre = ground_at(&h, rect.center());
    let added = m.lodes[n];
    assert!(near(added.position[0], centre[0], 1.0) && near(added.position[1], centre[1], 1.0), "{:?} vs {centre:?}", added.position);
    assert_eq!(view(&h).selection.marker, Some(Marker::Lode(n)));
    let lode_row = tr_args("mission-lode-row", &[("i", Arg::from((n + 1).to_string()))]);
    reveal(&mut h, &lode_row);
    let row = h.get_by_label(&lode_row).rect();
    let spins = spins_right_of(&h, row);
    assert_eq!(spins.len(), 4, "x, y, z, amount");
    set_spin(&mut h, spins[3], 1234.0);
    assert_eq!(mission(&h).lodes[n].amount, 1234.0);
    set_spin(&mut h, spins[1], (added.position[1] + 15.0) as f64);
    assert!(near(mission(&h).lodes[n].position[1], added.position[1] + 15.0, 0.01));
    let l = mission(&h).lodes[n];
    let from = screen(&h, l.position);
    let to = from + egui::vec2(50.0, 0.0);
    let want = ground_at(&h, to);
    drag(&mut h, from, to);
    let got = mission(&h).lodes[n];
    assert!(near(got.position[0], want[0], 1.0) && near(got.position[1], want[1], 1.0), "{:?} vs {want:?}", got.position);
    assert_eq!(got.amount, 1234.0, "a move keeps the amount");
    reveal(&mut h, &lode_row);
    let row = h.get_by_label(&lode_row).rect();
    h.get_all_by_label("×").find(|b| (b.rect().center().y - row.center().y).abs() < 6.0).expect("the row's remove").click();
    settle(&mut h);
    assert_eq!(mission(&h).lodes, orig.lodes);

    // Saved and read back: the route as edited, all else as it was.
    key(&mut h, Modifiers::COMMAND, Key::S);
    let saved = read(&file);
    assert_eq!(saved.routes, mission(&h).routes);
    assert_eq!(saved.routes[0].points[1], got_point(&h));
    assert_eq!((&saved.objects, &saved.clans, &saved.lodes, &saved.description), (&orig.objects, &orig.clans, &orig.lodes, &orig.description));
    assert_eq!(&saved.routes[1..], &orig.routes[1..]);
}

fn got_point(h: &H) -> [f32; 3] {
    mission(h).routes[0].points[1]
}

#[test]
fn the_description_is_typed_and_saved_in_its_buffer() {
    let snap = game("description");
    let file = a_full_mission(snap.path());
    let orig = read(&file);
    let original = std::fs::read(&file).unwrap();
    let mut h = open(&file);
    tab(&mut h, "mission-tab-mission");
    assert!(h.query_by_label(&orig.map_path.decode()).is_some(), "the map path");
    assert!(h.query_by_label(&tr("mission-open-landscape")).is_some(), "the landscape is in the folder: a link");
    let text = orig.description.decode();
    h.get_by_role_and_label(Role::MultilineTextInput, &tr("mission-field-description")).click();
    h.run();
    key(&mut h, Modifiers::COMMAND, Key::End);
    type_text(&mut h, " Уровень 2");
    // Focus leaves the field: the text applies.
    h.get_by_label(&tr("mission-versions")).click();
    settle(&mut h);
    let m = mission(&h);
    assert_eq!(m.description.decode(), format!("{text} Уровень 2"));
    let cap = orig.description.0.len();
    assert_eq!(m.description.0.len(), cap, "the buffer keeps its capacity");
    let end = m.description.text().len() + 1;
    assert_eq!(&m.description.0[end..], &orig.description.0[end..], "the bytes after the new NUL stay");
    key(&mut h, Modifiers::COMMAND, Key::S);
    let saved = std::fs::read(&file).unwrap();
    assert_eq!(saved.len(), original.len());
    let at = orig.offsets().description.expect("a description") + 4;
    let diff: Vec<usize> = (0..saved.len()).filter(|&i| saved[i] != original[i]).collect();
    assert!(diff.iter().all(|&i| i >= at && i < at + cap), "only the description's bytes: {diff:?}");
    let back = read(&file);
    assert_eq!(back.description, m.description);
    assert_eq!((&back.objects, &back.clans, &back.routes, &back.lodes), (&orig.objects, &orig.clans, &orig.routes, &orig.lodes));
    // Undo: the description as read.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(mission(&h).description, orig.description);
}
