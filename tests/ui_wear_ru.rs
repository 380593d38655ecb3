//! The WEAR editor in Russian: its list of findings and the fix buttons beside them speak the
//! interface's language (the messages' ids, `i18n/ru/messages/wear.ftl`), while the findings
//! themselves keep their English text for the command line. Its own test binary: the Russian
//! harness sets the process-wide language, which the English suites never share.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::wear::WearView;
use parkan_studio::app::i18n::{self, Language};
use parkan_studio::app::intent::Intent;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a WearView {
    h.state().tabs.active_tab().expect("a tab").state::<WearView>().expect("the WEAR editor")
}

#[test]
fn the_wear_editors_findings_and_fixes_are_in_russian() {
    let dir = tempfile::tempdir().unwrap();
    // Three materials announced, two rows present: the engine's "Illegal wear length." case.
    let file = dir.path().join("short.wea");
    std::fs::write(&file, b"3\r\n0 ROCK\r\n1 GRASS\r\n").unwrap();
    let opts = StartOptions { files: vec![file.clone()], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1500.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h.state_mut().push_intent(Intent::SetLanguage(Language::Russian));
    let id = h.state().ws.files().last().unwrap().id;
    h.state_mut().push_intent(Intent::OpenTab(ItemPath::root(id)));
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    settle(&mut h);

    let d = view(&h).diagnostics.clone();
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].message, "the material count is 3 but the text ends after 2 complete rows", "the English text stays the CLI's");
    let russian = "число материалов — 3, но текст кончается после 2 полных строк";
    assert!(h.query_by_label(russian).is_some(), "the editor's list shows the finding in Russian");
    assert!(h.query_by_label(&d[0].message).is_none(), "and not in English");

    // The fix beside it is labelled in Russian too, and applying it clears the finding.
    let fix = i18n::tr_args("wear-fix", &[("label", "Установить число материалов равным 2 (сколько строк есть)".into())]);
    assert!(fix.starts_with("Исправить"), "{fix}");
    h.get_by_label(&fix).click();
    settle(&mut h);
    assert!(view(&h).diagnostics.is_empty(), "{:?}", view(&h).diagnostics);
    let p = h.state().tabs.active_tab().unwrap().path.clone();
    assert!(h.state().ws.item_bytes(&p).unwrap().starts_with(b"2\r\n"));
}
