//! The WEAR editor driven through egui_kittest on the real `StudioApp` with the demo folder's
//! `tower.wea`: type a name that resolves nowhere and see the diagnostic at its line and column,
//! apply the nearest-name fix, undo typing as one step back to identical bytes, edit a name in
//! the table and see only that line change, remove the blank line before LIGHTMAPS and fix it,
//! keep CRLF after an edit, save and read the file back; snapshots of the text view with
//! diagnostics and of the table view.

#![cfg(feature = "gui")]

#[allow(dead_code)]
mod common;
use common::settle;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::EditorState;
use parkan_studio::app::editors::wear::{Layout, Popup, WearView};
use parkan_studio::app::intent::{Intent, ViewKind};
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;
use parkan_studio::fixtures;
use parkan_studio::formats::wear::Wear;
use std::path::{Path, PathBuf};

fn demo(dir: &Path) -> PathBuf {
    for (name, bytes) in fixtures::demo::demo_files() {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    dir.join("tower.wea")
}

/// A fresh folder for a test with a snapshot, shown under a fixed name: the inspector and the
/// log show the file's path.
fn snapshot_dir(name: &str) -> common::SnapshotDir {
    common::SnapshotDir::new(&format!("/tmp/parkan-studio-wear-snapshot-{name}"))
}

/// The app with `files` open and a tab on the last one, the browser hidden.
fn open(files: Vec<PathBuf>) -> Harness<'static, StudioApp> {
    let opts = StartOptions { files, readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1500.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    let id = h.state().ws.files().last().unwrap().id;
    h.state_mut().push_intent(Intent::OpenTab(ItemPath::root(id)));
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    settle(&mut h);
    h
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a WearView {
    h.state().tabs.active_tab().expect("a tab").state::<WearView>().expect("the WEAR editor")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>) -> &'a mut WearView {
    let a = h.state().tabs.active.unwrap();
    h.state_mut().tabs.tabs[a].state_mut::<WearView>().expect("the WEAR editor")
}

fn doc_bytes(h: &Harness<'static, StudioApp>) -> Vec<u8> {
    let p = h.state().tabs.active_tab().unwrap().path.clone();
    h.state().ws.item_bytes(&p).unwrap().to_vec()
}

/// Puts the text cursor at byte `pos` (focusing the text), as a click on a diagnostic does.
fn cursor_at(h: &mut Harness<'static, StudioApp>, pos: usize) {
    let v = view_mut(h);
    v.jump = Some(v.model.byte_to_char(pos));
    h.run();
}

/// Ctrl+Z, and the frames until it has been applied.
fn undo(h: &mut Harness<'static, StudioApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(h);
}

fn type_text(h: &mut Harness<'static, StudioApp>, text: &str) {
    for c in text.chars() {
        h.input_mut().events.push(egui::Event::Text(c.to_string()));
        h.run();
    }
}

fn changed_lines(a: &[u8], b: &[u8]) -> Vec<usize> {
    let (la, lb): (Vec<&[u8]>, Vec<&[u8]>) = (a.split(|&c| c == b'\n').collect(), b.split(|&c| c == b'\n').collect());
    assert_eq!(la.len(), lb.len(), "the line count changed");
    la.iter().zip(&lb).enumerate().filter(|(_, (x, y))| x != y).map(|(i, _)| i + 1).collect()
}

fn end_of(bytes: &[u8], word: &str) -> usize {
    bytes.windows(word.len()).position(|w| w == word.as_bytes()).unwrap() + word.len()
}

#[test]
fn typing_a_bad_name_warns_at_its_place_and_the_nearest_name_fixes_it() {
    let d = snapshot_dir("text");
    let mut h = open(vec![demo(d.path())]);
    assert_eq!(h.state().tabs.active_tab().unwrap().view, ViewKind::Editor);
    let original = doc_bytes(&h);
    assert!(view(&h).diagnostics.is_empty(), "{:?}", view(&h).diagnostics);
    assert!(view(&h).status().starts_with("CRLF · no NUL · CP1251"), "{}", view(&h).status());

    // Row 1 is "1 ROCK" on line 3: typing after ROCK makes ROCKX.
    let at = end_of(&original, "1 ROCK");
    cursor_at(&mut h, at);
    type_text(&mut h, "X");
    settle(&mut h);
    let typed = doc_bytes(&h);
    assert_eq!(changed_lines(&original, &typed), [3]);
    let d0 = view(&h).diagnostics.clone();
    assert_eq!(d0.len(), 1, "{d0:?}");
    assert_eq!((d0[0].line, d0[0].column), (Some(3), Some(3)));
    assert!(d0[0].message.contains("Material ROCKX not found"), "{}", d0[0].message);
    let title = h.state().tabs.active_tab().unwrap().content().unwrap().title.clone();
    assert_eq!(view(&h).title_badge().as_deref(), Some("(1 warning)"));
    assert!(h.query_by_label_contains(&format!("{title} (1 warning)")).is_some(), "the count is in the tab title");
    h.snapshot("wear_text_diagnostics");

    // The app's Diagnostics panel lists the live finding; its link shows the place.
    h.get_by_label("Diagnostics (1)").click();
    h.run();
    cursor_at(&mut h, 0);
    h.get_by_label("line 3, column 3").click();
    h.run();
    assert_eq!(view(&h).cursor, Some(end_of(&original, "1 ")), "the cursor went to the name");

    // The light bulb's fixes are the nearest names; the first is ROCK.
    let fixes = view(&h).fixes_for(&d0[0]);
    assert!(!fixes.is_empty() && fixes.len() <= 5);
    assert_eq!(fixes[0].label.as_str(), "Replace ROCKX with ROCK");
    h.get_by_label(&parkan_studio::app::i18n::tr_args("wear-fix", &[("label", "Replace ROCKX with ROCK".into())])).click();
    settle(&mut h);
    assert_eq!(doc_bytes(&h), original, "the fix gives back the original bytes");
    assert!(view(&h).diagnostics.is_empty());

    // Undo the fix, then the typing: the original bytes again.
    undo(&mut h);
    assert_eq!(doc_bytes(&h), typed);
    undo(&mut h);
    assert_eq!(doc_bytes(&h), original);
}

#[test]
fn a_run_of_typing_is_one_undo_step_and_ctrl_dot_offers_the_fixes() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(vec![demo(d.path())]);
    let original = doc_bytes(&h);
    cursor_at(&mut h, end_of(&original, "2 LAMP"));
    type_text(&mut h, "ZZ");
    settle(&mut h);
    assert_eq!(changed_lines(&original, &doc_bytes(&h)), [4]);
    // Ctrl+. with the cursor on the line lists the fixes; Enter applies the first.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Period);
    h.run();
    assert!(matches!(view(&h).popup, Some(Popup::Fixes { .. })), "{:?}", view(&h).popup);
    h.key_press(Key::Escape);
    h.run();
    assert!(view(&h).popup.is_none());
    let text = view(&h).text_id.unwrap();
    assert!(h.ctx.memory(|m| m.has_focus(text)), "Escape closed the list, the text keeps the keys");
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.ctx.memory(|m| m.has_focus(text)), "a second Escape leaves the text");
    let typed = doc_bytes(&h);
    cursor_at(&mut h, end_of(&typed, "2 LAMPZZ"));
    // One Ctrl+Z in the text takes back both keystrokes.
    undo(&mut h);
    assert_eq!(doc_bytes(&h), original);
}

#[test]
fn table_edits_change_only_their_line_and_the_text_follows() {
    let d = snapshot_dir("table");
    let mut h = open(vec![demo(d.path())]);
    let original = doc_bytes(&h);
    h.get_by_label(&parkan_studio::app::i18n::tr("wear-table")).click();
    settle(&mut h);
    assert_eq!(view(&h).layout, Layout::Table);
    h.snapshot("wear_table");
    // Rename row 0 in its cell.
    let cell = |n: &egui_kittest::kittest::AccessKitNode<'_>| n.role() == egui::accesskit::Role::TextInput && n.value().as_deref() == Some("METAL01");
    h.get_by(cell).focus();
    h.run();
    h.get_by(cell).type_text("X");
    h.run();
    h.key_press(Key::Enter);
    settle(&mut h);
    let edited = doc_bytes(&h);
    assert_eq!(changed_lines(&original, &edited), [2]);
    assert!(view(&h).model.text.contains("0 METAL01X\n"), "the text follows");
    assert!(view(&h).diagnostics.iter().any(|d| d.message.contains("METAL01X")));
    undo(&mut h);
    assert_eq!(doc_bytes(&h), original);

    // Removing row 1 re-points the batches of tower.msh that use rows 2 and 3: asked first.
    let removes = h.get_all_by_label("Remove").collect::<Vec<_>>().len();
    assert_eq!(removes, 6, "four material rows and two lightmap rows");
    h.get_all_by_label("Remove").nth(1).unwrap().click();
    settle(&mut h);
    let c = view(&h).confirm.clone().expect("the re-pointing warning");
    assert!(c.message.contains("re-points 3 batches of tower.msh"), "{}", c.message);
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert_eq!(doc_bytes(&h), original);
    h.get_all_by_label("Remove").nth(1).unwrap().click();
    settle(&mut h);
    h.get_by_label("Remove anyway").click();
    settle(&mut h);
    let removed = doc_bytes(&h);
    assert_eq!(removed, b"3\r\n0 METAL01\r\n2 LAMP\r\n3 ROCK\r\n\r\nLIGHTMAPS\r\n2\r\n0 LM_BASE.0\r\n1 LM_TOWER.0\r\n");
    assert!(view(&h).model.text.starts_with("3\n0 METAL01\n2 LAMP\n"), "the text follows");
    undo(&mut h);
    assert_eq!(doc_bytes(&h), original);
}

#[test]
fn missing_blank_line_before_lightmaps_warns_and_the_fix_keeps_crlf() {
    let d = tempfile::tempdir().unwrap();
    let path = demo(d.path());
    let mut h = open(vec![path.clone()]);
    let original = doc_bytes(&h);
    // Delete the blank line: the cursor at its start, Delete joins it away.
    let blank = end_of(&original, "3 ROCK\r\n");
    cursor_at(&mut h, blank);
    h.key_press(Key::Delete);
    settle(&mut h);
    let joined = doc_bytes(&h);
    assert_eq!(joined.len(), original.len() - 2, "the CRLF went as one");
    let warn = view(&h).diagnostics.iter().find(|d| d.message.contains("no blank line before LIGHTMAPS")).cloned().expect("the warning");
    assert_eq!((warn.line, warn.column), (Some(6), Some(1)));
    h.get_by_label(&parkan_studio::app::i18n::tr_args("wear-fix", &[("label", "Insert a blank line before LIGHTMAPS".into())])).click();
    settle(&mut h);
    assert_eq!(doc_bytes(&h), original, "the fix puts back a CRLF line");

    // A typed line break is CRLF too; save and read back.
    cursor_at(&mut h, end_of(&original, "3 ROCK"));
    h.key_press(Key::Enter);
    h.run();
    type_text(&mut h, "4 LAMP");
    settle(&mut h);
    let grown = doc_bytes(&h);
    assert!(grown.windows(10).any(|w| w == b"\r\n4 LAMP\r\n"), "{:?}", String::from_utf8_lossy(&grown));
    assert!(grown.iter().enumerate().all(|(i, &b)| b != b'\n' || (i > 0 && grown[i - 1] == b'\r')), "every line break is CRLF");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    let saved = std::fs::read(&path).unwrap();
    assert_eq!(saved, grown);
    let w = Wear::parse(saved);
    assert_eq!(w.materials().len(), 4, "the count was not changed by typing: the extra row is a warning");
    assert!(w.diagnostics().iter().any(|d| d.message.contains("1 material rows after the 4")));
}

#[test]
fn bad_input_opens_and_saves_back_exactly() {
    let d = tempfile::tempdir().unwrap();
    let mut garbage = Vec::with_capacity(10 << 20);
    let mut x: u32 = 12345;
    while garbage.len() < 10 << 20 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        garbage.push((x >> 16) as u8);
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty.wea", Vec::new()),
        ("negative.wea", b"-3\r\n0 A\r\n".to_vec()),
        ("short.wea", b"5\n0 A\n1 B\n".to_vec()),
        ("binary.wea", (0..=255u8).cycle().take(3000).collect()),
        ("garbage.wea", garbage),
    ];
    for (name, bytes) in cases {
        let p = d.path().join(name);
        std::fs::write(&p, &bytes).unwrap();
        let start = std::time::Instant::now();
        let mut h = open(vec![p.clone()]);
        assert_eq!(doc_bytes(&h), bytes, "{name}");
        assert_eq!(view(&h).bytes(), &bytes[..], "{name}");
        h.run();
        assert!(start.elapsed().as_secs() < 60, "{name} took {:?}", start.elapsed());
        if name != "binary.wea" && name != "garbage.wea" {
            assert!(view(&h).errors() > 0, "{name}: the engine refuses it");
        }
        let file = h.state().ws.files()[0].id;
        h.state_mut().push_intent(Intent::SaveAs { file, path: d.path().join(format!("out-{name}")) });
        settle(&mut h);
        assert_eq!(std::fs::read(d.path().join(format!("out-{name}"))).unwrap(), bytes, "{name}");
    }
}

#[test]
fn ctrl_space_completes_material_names() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(vec![demo(d.path())]);
    let original = doc_bytes(&h);
    cursor_at(&mut h, end_of(&original, "2 L"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Space);
    h.run();
    let Some(Popup::Complete { items, .. }) = view(&h).popup.clone() else { panic!("no completion: {:?}", view(&h).popup) };
    assert_eq!(items, ["LAMP"], "the names starting with L");
    h.key_press(Key::Escape);
    h.run();
    // At the start of the name every material is offered.
    cursor_at(&mut h, end_of(&original, "2 "));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Space);
    h.run();
    let Some(Popup::Complete { items, word, .. }) = view(&h).popup.clone() else { panic!("no completion: {:?}", view(&h).popup) };
    assert_eq!(Some(items.clone()), view(&h).assets.materials.clone());
    assert_eq!(&original[word], b"LAMP", "the whole word is replaced");
    // Choosing one replaces the word with it as one step.
    let pick = items.iter().position(|n| n != "LAMP").expect("another L name");
    let name = items[pick].clone();
    h.get_by_label(&name).click();
    settle(&mut h);
    let done = doc_bytes(&h);
    assert_eq!(changed_lines(&original, &done), [4]);
    assert!(done.windows(name.len() + 2).any(|w| w == format!("2 {name}").as_bytes()));
    undo(&mut h);
    assert_eq!(doc_bytes(&h), original);
}

#[test]
fn landscape_tables_show_roles_and_triangle_uses() {
    let d = tempfile::tempdir().unwrap();
    demo(d.path());
    let mut h = open(vec![d.path().join("Land1.wea")]);
    h.get_by_label(&parkan_studio::app::i18n::tr("wear-table")).click();
    settle(&mut h);
    let uses = view(&h).assets.uses.as_ref().expect("Land.msh beside it");
    assert_eq!((uses.mesh.as_str(), uses.unit), ("Land.msh", "triangles"));
    assert!(uses.per_row.iter().sum::<usize>() > 0);
    assert_eq!(h.get_all_by_label("Land1: building footings (reserved)").count(), 1);
    assert_eq!(h.get_all_by_label("Land1: terrain material, both LODs").count(), 4);
}

/// A click at `p` with `mods` held from before the press until after the release.
fn click_with(h: &mut Harness<'static, StudioApp>, p: egui::Pos2, mods: Modifiers) {
    h.event(egui::Event::PointerMoved(p));
    h.event(egui::Event::ModifiersChanged(mods));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton { pos: p, button: egui::PointerButton::Primary, pressed, modifiers: mods });
    }
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

fn active_name(h: &Harness<'static, StudioApp>) -> String {
    h.state().tabs.active_tab().unwrap().content().unwrap().title.clone()
}

#[test]
fn hovering_a_name_previews_its_material_and_ctrl_click_or_f12_opens_it() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(vec![demo(d.path())]);
    let original = doc_bytes(&h);
    let wear_tab = h.state().tabs.active.unwrap();
    // The pointer over ROCK on line 3: its preview (name, what it resolves to, the texture).
    let p = view(&h).screen_pos(end_of(&original, "1 RO")).expect("line 3 is in view");
    h.event(egui::Event::PointerMoved(p));
    h.run();
    assert!(h.query_by_label("Ctrl+click or F12: open the material").is_some(), "the hover preview is open");
    assert!(h.query_by_label("ROCK").is_some(), "the name heads it");
    assert!(h.query_by_label_contains("texture ").is_some(), "the texture it draws with");
    assert!(h.query_by_role(egui::accesskit::Role::Image).is_some(), "the texture's thumbnail");
    // Away from any name, no preview.
    let blank = view(&h).screen_pos(end_of(&original, "3 ROCK\r\n")).unwrap();
    h.event(egui::Event::PointerMoved(blank + egui::vec2(200.0, 0.0)));
    h.run();
    assert!(h.query_by_label("Ctrl+click or F12: open the material").is_none());

    // Ctrl+click: Material.lib is only on disk, so it is opened, then ROCK in its editor.
    assert_eq!(h.state().ws.files().len(), 1);
    click_with(&mut h, p, Modifiers::COMMAND);
    settle(&mut h);
    settle(&mut h);
    assert!(h.state().ws.files().iter().any(|f| f.name() == "Material.lib"), "the library was opened");
    assert_eq!(active_name(&h), "ROCK", "the material's tab is in front");
    assert_eq!(h.state().tabs.active_tab().unwrap().editor_id(), Some("mat0"), "in the MAT0 editor");

    // Back in the table, F12 on LAMP opens it straight away (the library is open now).
    h.state_mut().push_intent(Intent::ActivateTab(wear_tab));
    settle(&mut h);
    cursor_at(&mut h, end_of(&original, "2 LA"));
    h.key_press(Key::F12);
    settle(&mut h);
    assert_eq!(active_name(&h), "LAMP");
    assert_eq!(h.state().tabs.active_tab().unwrap().editor_id(), Some("mat0"));
    // A plain click on a name only moves the cursor.
    h.state_mut().push_intent(Intent::ActivateTab(wear_tab));
    settle(&mut h);
    let tabs = h.state().tabs.tabs.len();
    let p = view(&h).screen_pos(end_of(&original, "0 MET")).unwrap();
    click_with(&mut h, p, Modifiers::NONE);
    settle(&mut h);
    assert_eq!((h.state().tabs.tabs.len(), h.state().tabs.active), (tabs, Some(wear_tab)));
    assert_eq!(view(&h).cursor, Some(end_of(&original, "0 MET")));
}

#[test]
fn ctrl_dot_lists_the_fixes_of_the_cursor_line_and_enter_applies_one() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(vec![demo(d.path())]);
    let original = doc_bytes(&h);
    // Nothing to fix: Ctrl+. opens nothing.
    cursor_at(&mut h, end_of(&original, "0 METAL01"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Period);
    h.run();
    assert!(view(&h).popup.is_none());
    // A count of 5 for 4 rows: the fix on line 1 sets it to the rows present.
    cursor_at(&mut h, 1);
    h.key_press(Key::Backspace);
    h.run();
    type_text(&mut h, "5");
    settle(&mut h);
    let five = doc_bytes(&h);
    assert!(five.starts_with(b"5\r\n"));
    // The engine then reads LIGHTMAPS as a fifth row's id: that error's line offers the count.
    let err = view(&h).diagnostics.iter().find(|d| d.severity == parkan_studio::formats::Severity::Error).cloned().expect("the error");
    assert_eq!(err.line, Some(7), "{err:?}");
    cursor_at(&mut h, end_of(&five, "LIGHT"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Period);
    h.run();
    let Some(Popup::Fixes { items, .. }) = view(&h).popup.clone() else { panic!("no fixes on the error's line: {:?}", view(&h).popup) };
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(h.query_by_label(&parkan_studio::app::i18n::tr_args("wear-fix", &[("label", "Set the material count to 4 (the rows present)".into())])).is_some(), "the diagnostics list offers it too");
    h.key_press(Key::Escape);
    h.run();
    // On the count's own line as well.
    cursor_at(&mut h, 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Period);
    h.run();
    let Some(Popup::Fixes { items, .. }) = view(&h).popup.clone() else { panic!("no fixes: {:?}", view(&h).popup) };
    assert!(items[0].label.as_str().contains('4'), "{:?}", items[0].label);
    assert!(h.query_by_label(items[0].label.as_str()).is_some(), "the list is shown");
    h.key_press(Key::Enter);
    settle(&mut h);
    assert_eq!(doc_bytes(&h), original, "the count is 4 again");
    assert!(view(&h).popup.is_none());
}

#[test]
fn selection_cut_copy_paste_and_word_keys_edit_the_bytes() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(vec![demo(d.path())]);
    let original = doc_bytes(&h);
    // Shift+Ctrl+Left selects METAL01; copy puts it on the clipboard.
    cursor_at(&mut h, end_of(&original, "0 METAL01"));
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::ArrowLeft);
    h.run();
    assert_eq!(view(&h).model.slice(view(&h).caret.range()), "METAL01");
    h.event(egui::Event::Copy);
    h.step();
    let copied = h.output().platform_output.commands.iter().any(|c| matches!(c, egui::OutputCommand::CopyText(t) if t == "METAL01"));
    assert!(copied, "{:?}", h.output().platform_output.commands);
    // Typing replaces the selection; Ctrl+Backspace takes the word back.
    type_text(&mut h, "GLASS");
    settle(&mut h);
    assert!(doc_bytes(&h).starts_with(b"4\r\n0 GLASS\r\n"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Backspace);
    settle(&mut h);
    assert!(doc_bytes(&h).starts_with(b"4\r\n0 \r\n"));
    h.run();
    // Paste is one step; Cut of a whole line (Home, Shift+End, Shift+Right) another.
    h.event(egui::Event::Paste("METAL01".into()));
    settle(&mut h);
    assert_eq!(doc_bytes(&h), original);
    cursor_at(&mut h, end_of(&original, "3 RO"));
    h.key_press(Key::Home);
    h.key_press_modifiers(Modifiers::SHIFT, Key::End);
    h.key_press_modifiers(Modifiers::SHIFT, Key::ArrowRight);
    h.run();
    h.event(egui::Event::Cut);
    settle(&mut h);
    let cut = doc_bytes(&h);
    assert_eq!(cut, [&original[..end_of(&original, "2 LAMP\r\n")], &original[end_of(&original, "3 ROCK\r\n")..]].concat(), "the line and its CRLF went");
    h.key_press(Key::ArrowUp);
    h.key_press(Key::Home);
    h.event(egui::Event::Paste("3 ROCK\n".into()));
    settle(&mut h);
    let pasted = doc_bytes(&h);
    assert!(pasted.windows(14).any(|w| w == b"3 ROCK\r\n2 LAMP"), "a pasted line break is CRLF: {:?}", String::from_utf8_lossy(&pasted));
    // Undo: the paste, the cut, then everything before, each a step.
    undo(&mut h);
    assert_eq!(doc_bytes(&h), cut);
    undo(&mut h);
    assert_eq!(doc_bytes(&h), original);
}

#[test]
fn a_long_table_scrolls_to_the_cursor_and_only_its_lines_in_view_are_laid_out() {
    let d = tempfile::tempdir().unwrap();
    let mut t = b"3000\r\n".to_vec();
    for i in 0..3000 {
        t.extend(format!("{i} ROCK\r\n").bytes());
    }
    let p = d.path().join("long.wea");
    std::fs::write(&p, &t).unwrap();
    let mut h = open(vec![p]);
    let shown = |h: &Harness<'static, StudioApp>| view(h).placed.as_ref().map(|p| p.lines.iter().map(|(l, _)| *l).collect::<Vec<_>>()).unwrap();
    assert!(shown(&h).len() < 80, "{} lines laid out", shown(&h).len());
    assert_eq!(shown(&h)[0], 0);
    // Ctrl+End goes to the end and the view follows; typing there edits the last row.
    cursor_at(&mut h, 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::End);
    h.run();
    assert!(shown(&h).contains(&3000), "{:?}", shown(&h));
    h.key_press(Key::ArrowUp);
    h.key_press(Key::End);
    h.run();
    type_text(&mut h, "X");
    settle(&mut h);
    assert!(doc_bytes(&h).ends_with(b"2999 ROCKX\r\n"));
    h.key_press(Key::PageUp);
    h.run();
    let c = view(&h).caret.head;
    assert!(view(&h).model.line_of_char(c) < 2990, "PageUp moved a screen up");
    assert!(shown(&h).contains(&view(&h).model.line_of_char(c)));
}

#[test]
fn an_unsaved_rename_in_the_open_material_lib_counts_at_once() {
    let d = tempfile::tempdir().unwrap();
    let wea = demo(d.path());
    let mut h = open(vec![d.path().join("Material.lib"), wea]);
    assert!(view(&h).diagnostics.is_empty(), "{:?}", view(&h).diagnostics);
    let lib = h.state().ws.files().iter().find(|f| f.name() == "Material.lib").unwrap().id;
    let rock = items_named(&h, lib, "ROCK");
    h.state_mut().push_intent(Intent::Rename { path: rock, name: "ROCKS".into() });
    settle(&mut h);
    assert!(h.state().ws.is_dirty(lib), "the rename is not saved");
    let d0 = view(&h).diagnostics.clone();
    assert_eq!(d0.iter().map(|d| d.line).collect::<Vec<_>>(), [Some(3), Some(5)], "{d0:?}");
    assert!(d0.iter().all(|d| d.message.contains("Material ROCK not found")));
    assert_eq!(view(&h).fixes_for(&d0[0])[0].label.as_str(), "Replace ROCK with ROCKS", "the renamed one is the nearest");
    undo(&mut h);
    assert!(view(&h).diagnostics.is_empty(), "undoing the rename resolves them again");
}

fn items_named(h: &Harness<'static, StudioApp>, file: parkan_studio::doc::FileId, name: &str) -> ItemPath {
    let f = h.state().ws.file(file).unwrap();
    let parkan_studio::doc::Node::Nres(a) = f.root() else { panic!("an NRes") };
    ItemPath::root(file).child(a.rows().iter().position(|r| r.name() == name).unwrap())
}

#[test]
fn a_drag_held_below_the_text_keeps_scrolling_and_selecting() {
    let d = tempfile::tempdir().unwrap();
    let rows: Vec<(i32, String)> = (0..300).map(|i| (i, format!("NAME{i}"))).collect();
    let rows: Vec<(i32, &str)> = rows.iter().map(|(i, n)| (*i, n.as_str())).collect();
    let path = d.path().join("long.wea");
    std::fs::write(&path, fixtures::wear::table(&rows, None, Default::default())).unwrap();
    let mut h = open(vec![path]);
    let bytes = doc_bytes(&h);
    let line_start = |line: usize| bytes.split(|&b| b == b'\n').take(line).map(|l| l.len() + 1).sum::<usize>();
    let last_shown = (0..400).take_while(|&l| view(&h).screen_pos(line_start(l)).is_some()).last().unwrap();
    assert!(last_shown < 150, "the table is longer than the view ({last_shown} lines shown)");
    // Press on line 2 and drag to the window's bottom edge, below the text, then hold still.
    let from = view(&h).screen_pos(line_start(2)).unwrap();
    h.event(egui::Event::PointerMoved(from));
    h.event(egui::Event::PointerButton { pos: from, button: egui::PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
    h.step();
    let below = egui::pos2(from.x, 897.0);
    h.event(egui::Event::PointerMoved(below));
    h.step();
    let line_of_head = |h: &Harness<'static, StudioApp>| view(h).model.line_of_char(view(h).caret.head);
    let first = line_of_head(&h);
    for _ in 0..20 {
        h.step();
        assert!(h.ctx.has_requested_repaint(), "the held drag asks for the next frame");
    }
    let later = line_of_head(&h);
    assert!(later > first + 10 && later > last_shown, "the selection grew past the view: line {first} → {later}");
    assert_eq!(view(&h).model.line_of_char(view(&h).caret.anchor), 2, "from where the drag began");
    // Released, it stops.
    h.event(egui::Event::PointerButton { pos: below, button: egui::PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    h.run();
    let stopped = line_of_head(&h);
    h.step();
    assert_eq!(line_of_head(&h), stopped);
}

/// A table over the background-reading size: `rows` rows, one of them (near the end) naming a
/// material no library has.
fn large_table(dir: &Path, rows: usize) -> PathBuf {
    let mut t = format!("{rows}\r\n").into_bytes();
    for i in 0..rows {
        let name = if i == rows - 10 { "NO_SUCH_MATERIAL" } else { ["METAL01", "ROCK", "LAMP"][i % 3] };
        t.extend(format!("{i} {name}\r\n").bytes());
    }
    assert!(t.len() >= parkan_studio::app::editors::wear::reading::BACKGROUND_FROM);
    let path = dir.join("large.wea");
    std::fs::write(&path, t).unwrap();
    path
}

fn wait_for_reading(h: &mut Harness<'static, StudioApp>) {
    let start = std::time::Instant::now();
    while view(h).reading_pending() {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "the reading never came back");
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
}

#[test]
fn typing_in_a_large_table_reads_it_in_the_background() {
    let d = tempfile::tempdir().unwrap();
    demo(d.path());
    let mut h = open(vec![large_table(d.path(), 110_000)]);
    let original = doc_bytes(&h);
    let fresh = |b: &[u8]| Wear::parse(b.to_vec());
    let unknown = |v: &WearView| v.diagnostics.iter().find(|d| d.message.contains("NO_SUCH_MATERIAL")).cloned().expect("the unknown name is reported");
    let before = unknown(view(&h));
    // Type into the name on row 3 ("2 LAMP"): the keystroke's frame does not read the table.
    let at = end_of(&original, "\r\n2 LA");
    cursor_at(&mut h, at);
    h.input_mut().events.push(egui::Event::Text("X".into()));
    h.step();
    let typed = doc_bytes(&h);
    assert_eq!(typed, [&original[..at], b"X", &original[at..]].concat(), "the document has the keystroke at once");
    assert!(view(&h).reading_pending(), "the reading runs on the worker");
    // Meanwhile the last reading's tokens and diagnostics are moved by the edit.
    assert_eq!(view(&h).tokens(), &fresh(&typed).tokens()[..], "tokens moved onto the new text");
    assert_eq!(unknown(view(&h)).offset, before.offset.map(|o| o + 1));
    wait_for_reading(&mut h);
    assert_eq!(view(&h).wear.bytes(), &typed[..], "the reading is of the latest text");
    assert_eq!(view(&h).tokens(), &fresh(&typed).tokens()[..]);
    assert_eq!(unknown(view(&h)).offset, before.offset.map(|o| o + 1));
}

#[test]
fn a_click_right_after_a_keystroke_in_a_large_table_waits_for_its_reading() {
    let d = tempfile::tempdir().unwrap();
    demo(d.path());
    let mut h = open(vec![large_table(d.path(), 110_000)]);
    let original = doc_bytes(&h);
    let at = end_of(&original, "\r\n5 LA");
    cursor_at(&mut h, at);
    h.input_mut().events.push(egui::Event::Text("Q".into()));
    h.step();
    assert!(view(&h).reading_pending());
    // A click (it could start a table edit or a fix) first takes the latest reading.
    let p = view(&h).screen_pos(end_of(&original, "\r\n1 RO")).expect("line 3 is in view");
    click_with(&mut h, p, Modifiers::NONE);
    assert!(!view(&h).reading_pending());
    let typed = doc_bytes(&h);
    assert!(typed.windows(7).any(|w| w == b"5 LAQMP"), "the keystroke is kept");
    assert_eq!(view(&h).wear.bytes(), &typed[..]);
    let w = &view(&h).wear;
    assert_eq!(w.name(&w.rows(parkan_studio::formats::wear::Section::Materials)[5]), "LAQMP");
}
