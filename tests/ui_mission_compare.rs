//! The mission editor's compare body and problems, driven through egui_kittest on the real
//! `StudioApp` and a small game folder (`fixtures::game`, `GameSpec::SMALL`):
//! - a mission edited in its tab (an object moved and turned, a clan renamed, a lode added)
//!   and compared with its saved file shows the object-level diff grouped by kind of change,
//!   each row with both sides' values, and both sides on the map (snapshot `mission_compare`);
//! - a mission whose object names a path that is nowhere and whose unit starts in a host that
//!   no building is lists both findings, each naming its object, in the Diagnostics panel, and
//!   marks the objects; a click on a finding selects its object.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::{app_with, settle};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::compare::Body;
use parkan_studio::app::editors::mission::MissionView;
use parkan_studio::app::editors::mission::compare::{Group, MissionCompare};
use parkan_studio::app::editors::mission::edits::{MissionOp, Place, run};
use parkan_studio::app::i18n::{Arg, tr, tr_args};
use parkan_studio::app::intent::{Intent, ItemEdit};
use parkan_studio::doc::ItemPath;
use parkan_studio::doc::kinds::mission::diff::label;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::tma::{LODE_TYPE, Lode, Mission};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A fresh small game folder and its first mission's `data.tma`.
fn game(d: &Path) -> PathBuf {
    write_game(d, &GameSpec::SMALL).unwrap();
    let mut missions: Vec<PathBuf> = std::fs::read_dir(d.join("MISSIONS")).unwrap().map(|e| e.unwrap().path().join("data.tma")).filter(|p| p.exists()).collect();
    missions.sort();
    missions.into_iter().next().expect("a mission")
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a MissionView {
    h.state().tabs.active_tab().expect("a tab").state::<MissionView>().expect("the mission editor")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut MissionView {
    let tabs = &mut h.state_mut().tabs;
    let i = tabs.active.expect("a tab");
    tabs.tabs[i].state_mut::<MissionView>().expect("the mission editor")
}

fn has(h: &Harness<'static, StudioApp>, text: &str) -> bool {
    h.query_all_by_label(text).next().is_some()
}

#[test]
fn compare_with_saved_shows_the_objects_moved_turned_the_clan_renamed_and_the_lode_added() {
    let d = common::SnapshotDir::new("/tmp/parkan-studio-ui-mission-compare");
    let tma = game(d.path());
    let mut h = app_with(vec![tma.clone()], [1400.0, 900.0]);
    let file = h.state().ws.files()[0].id;
    let original = Mission::parse(&std::fs::read(&tma).unwrap()).unwrap().0;
    let k = original.objects.iter().position(|o| o.logical_id > 0).expect("an object with a logical id");
    let o = &original.objects[k];
    let mut m = original.clone();
    let moved = [o.position[0] + 10.0, o.position[1] - 4.0, o.position[2]];
    run(&mut m, &MissionOp::Place(vec![Place { object: k, position: moved, rotation: [o.rotation[0], o.rotation[1], o.rotation[2] + 0.5] }])).unwrap();
    let old_clan = original.clans[1].name.decode();
    run(&mut m, &MissionOp::RenameClan(1, "Rebels".into())).unwrap();
    run(&mut m, &MissionOp::AddLode(Lode { position: [30.0, 40.0, 0.0], found: 0, kind: LODE_TYPE, amount: 750.0, extra: 0 })).unwrap();
    h.state_mut().push_intent(Intent::EditItem(ItemEdit::bytes(&ItemPath::root(file), m.write(), "edit")));
    settle(&mut h);
    h.state_mut().push_intent(Intent::CompareWithSaved(ItemPath::root(file)));
    settle(&mut h);
    h.run();
    let shown = h.state().views.compare.as_ref().and_then(|c| c.shown.as_ref()).map(|s| &s.body);
    let Some(c) = shown.and_then(Body::editor::<MissionCompare>) else { panic!("the mission compare body") };
    let rows = |g: Group| c.group(g).cloned().collect::<Vec<_>>();
    let what = label(k, &m.objects[k]);
    let moved_rows = rows(Group::Moved);
    assert_eq!(moved_rows.len(), 1, "{:#?}", c.rows);
    assert_eq!(moved_rows[0].what, what);
    assert_eq!(moved_rows[0].b.as_deref(), Some(format!("({}, {}, {})", moved[0], moved[1], moved[2]).as_str()));
    assert_eq!(rows(Group::Turned).len(), 1, "{:#?}", c.rows);
    let clans = rows(Group::Clans);
    assert!(clans.iter().any(|r| r.field == "name" && r.a.as_deref() == Some(old_clan.as_str()) && r.b.as_deref() == Some("Rebels")), "{clans:#?}");
    let lodes = rows(Group::Lodes);
    assert!(lodes.len() == 1 && lodes[0].a.is_none() && lodes[0].b.as_deref().is_some_and(|b| b.starts_with("(30, 40, 0) amount 750")), "{lodes:#?}");
    assert!(rows(Group::Added).is_empty() && rows(Group::Removed).is_empty(), "{:#?}", c.rows);
    // Every object is on the map; the moved one is an arrow from its old place to its new.
    assert_eq!(c.dots.len(), m.objects.len());
    let dot = c.dots.iter().find(|d| d.objects.1 == Some(k)).unwrap();
    assert_eq!((dot.a, dot.b), (Some([o.position[0], o.position[1]]), Some([moved[0], moved[1]])));
    // What the rows show.
    let heading = |key: &str, n: usize| tr_args(key, &[("n", Arg::from(n))]);
    for text in [heading("mission-compare-moved", 1), heading("mission-compare-turned", 1), heading("mission-compare-clans", 1), heading("mission-compare-lodes", 1), tr("mission-compare-map"), "Rebels".to_string()] {
        assert!(has(&h, &text), "{text} is shown");
    }
    assert!(h.query_all_by_label(&what).count() >= 2, "the object's label on its moved and turned rows");
    assert!(has(&h, &old_clan), "the clan's old name");
    h.snapshot("mission_compare");
}

#[test]
fn a_missing_path_and_a_bad_host_are_findings_on_their_objects_and_a_click_selects() {
    let d = tempfile::tempdir().unwrap();
    let tma = game(d.path());
    let mut m = Mission::parse(&std::fs::read(&tma).unwrap()).unwrap().0;
    let gone = m.objects.iter().position(|o| o.kind <= 1).expect("a unit or building");
    m.objects[gone].path = "UNITS\\UNITS\\GONE\\nothing.dat".into();
    let hosted = m.objects.iter().rposition(|o| o.kind == 1).expect("a unit");
    assert_ne!(gone, hosted);
    m.objects[hosted].host = 4242;
    m.objects[hosted].vertex = 0;
    std::fs::write(&tma, m.write()).unwrap();
    let mut h = app_with(vec![tma], [1400.0, 900.0]);
    view_mut(&mut h).scene.wait(Duration::from_secs(60));
    settle(&mut h);
    h.run();
    let v = view(&h);
    assert!(v.scene.built().is_some(), "the scene is built");
    let find = |what: &str| v.diagnostics.iter().position(|d| d.message.contains(what));
    let missing = find("nothing.dat").unwrap_or_else(|| panic!("the missing path's finding: {:#?}", v.diagnostics));
    let host = find("host 4242").unwrap_or_else(|| panic!("the bad host's finding: {:#?}", v.diagnostics));
    assert!(v.diagnostics[missing].message.starts_with(&label(gone, &m.objects[gone])), "{}", v.diagnostics[missing].message);
    assert!(v.diagnostics[host].message.starts_with(&label(hosted, &m.objects[hosted])), "{}", v.diagnostics[host].message);
    // The objects carry their findings (the view's warning marks).
    assert!(v.object_findings.iter().any(|(i, t)| *i == gone && t.contains("nothing.dat")));
    assert!(v.object_findings.iter().any(|(i, t)| *i == hosted && t.contains("host 4242")));
    let message = v.diagnostics[host].message.clone();
    // The Diagnostics panel lists them; the click on the bad host's finding selects its unit.
    h.state_mut().views.bottom_tab = parkan_studio::app::log::BottomTab::Diagnostics;
    h.run();
    assert!(has(&h, &message), "{message} is listed");
    let whole = tr("log-whole-item");
    let links: Vec<_> = h.query_all_by_label(&whole).collect();
    assert!(links.len() > host, "one link per finding");
    links[host].click();
    // Frames without `run`'s accessibility check: the inspector the selection opens is
    // another part's.
    for _ in 0..3 {
        h.step();
    }
    assert_eq!(view(&h).selection.objects.iter().copied().collect::<Vec<_>>(), [hosted]);
}
