//! The font and palette views on the real app (egui_kittest): the demo's `gamefont.rlb` font
//! opens with its sheet decoded through the `PAL.PAL` beside it; typing into the line adds
//! drawn glyphs and width, a character outside CP1251 is marked; a click on the sheet selects
//! a glyph whose advance, typed in, changes only its record and undoes in one step; a double
//! click on the font's browser row opens it; the palette opens with its 256 colours and its `Ipol` table, and hovering names an
//! index.

#![cfg(feature = "gui")]

mod common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::font::{FontView, SAMPLE};
use parkan_studio::app::editors::palette::PaletteView;
use parkan_studio::fixtures::demo;
use parkan_studio::formats::tfnt::{Glyph, Tfnt};
use std::path::PathBuf;

fn font<'a>(h: &'a Harness<'static, StudioApp>) -> &'a FontView {
    h.state().tabs.active_tab().expect("a tab").state::<FontView>().expect("the font view")
}

fn palette<'a>(h: &'a Harness<'static, StudioApp>) -> &'a PaletteView {
    h.state().tabs.active_tab().expect("a tab").state::<PaletteView>().expect("the palette view")
}

fn open(entry: &str) -> (tempfile::TempDir, Harness<'static, StudioApp>) {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    let lib = d.path().join("gamefont.rlb");
    let h = common::app_with(vec![PathBuf::from(format!("{}::{entry}", lib.display()))], [1400.0, 900.0]);
    (d, h)
}

#[test]
fn the_font_draws_a_typed_line() {
    let (_d, mut h) = open("GAME.FNT");
    h.run();
    let v = font(&h);
    let parsed = v.parsed.as_ref().expect("parsed");
    assert!(parsed.font.is_ok());
    assert_eq!(parsed.palette_from.as_deref().map(|a| a.ends_with("PAL.PAL")), Some(true), "the palette beside the font is used");
    assert!(parsed.sheet.is_some() && v.sheet_rect.is_some(), "the sheet is drawn");
    let l = v.layout.as_ref().expect("the line is laid out");
    assert_eq!(v.text, SAMPLE);
    assert_eq!(l.missing(), 1, "the sample's № has no glyph");
    let (drawn, width) = (l.drawn(), l.width);

    h.get_by(|n| n.data().placeholder() == Some("Type a line")).click();
    h.run();
    h.key_press(egui::Key::End);
    h.get_by(|n| n.data().placeholder() == Some("Type a line")).type_text(" Ж42");
    h.run();
    let l = font(&h).layout.as_ref().unwrap();
    assert_eq!(l.drawn(), drawn + 3, "three more glyphs drawn");
    assert!(l.width > width, "the line is wider: {} then {}", width, l.width);
    assert_eq!(l.missing(), 1);

    h.get_by(|n| n.data().placeholder() == Some("Type a line")).type_text("Ω");
    h.run();
    let l = font(&h).layout.as_ref().unwrap();
    assert_eq!(l.missing(), 2, "a character outside CP1251 is marked");
    assert_eq!(l.drawn(), drawn + 3);

    // A click on the sheet at the first glyph's rect selects it.
    let f = font(&h).parsed.as_ref().unwrap().font.as_ref().unwrap().clone();
    let g = f.glyphs[usize::from(b'0')];
    let r = font(&h).sheet_rect.unwrap();
    let zoom = r.width() / 128.0;
    let at = r.min + egui::vec2((f32::from(g.x) + 2.5) * zoom, (f32::from(g.y) + 2.5) * zoom);
    h.hover_at(at);
    h.run();
    assert_eq!(font(&h).hovered, vec![b'0']);
    h.get_by(|n| n.data().placeholder() == Some("Type a line")).hover();
    h.hover_at(at);
    h.run();
    let pressed = |h: &mut Harness<'static, StudioApp>, down: bool| {
        h.event(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed: down, modifiers: egui::Modifiers::NONE });
    };
    pressed(&mut h, true);
    h.step();
    pressed(&mut h, false);
    h.run();
    assert_eq!(font(&h).selected, Some(b'0'));

    // Its advance typed in: only its record changes, one undo step takes it back.
    let path = h.state().tabs.active_tab().unwrap().path.clone();
    let before = h.state().ws.item_bytes(&path).unwrap().to_vec();
    let spin = h.query_all_by(|n| n.role() == egui::accesskit::Role::SpinButton && n.label().as_deref() == Some("advance")).next().expect("the advance field").rect().center();
    h.hover_at(spin);
    h.run();
    for pressed in [true, false] {
        h.input_mut().events.push(egui::Event::PointerButton { pos: spin, button: egui::PointerButton::Primary, pressed, modifiers: Default::default() });
    }
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.input_mut().events.push(egui::Event::Text("13".into()));
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let after = h.state().ws.item_bytes(&path).unwrap().to_vec();
    let at = Glyph::offset(b'0');
    let changed: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
    assert_eq!(after.len(), before.len());
    assert!(!changed.is_empty() && changed.iter().all(|&i| (at..at + 16).contains(&i)), "{changed:?}");
    assert_eq!(Tfnt::parse(&after).unwrap().0.glyphs[usize::from(b'0')].advance, 13);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().ws.item_bytes(&path).unwrap().to_vec(), before, "one undo step");
}

/// Double-clicking the font's row in the browser opens it in a tab of the font view.
#[test]
fn a_double_click_in_the_browser_opens_the_font() {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    let opts = parkan_studio::app::StartOptions { files: vec![d.path().join("gamefont.rlb")], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1280.0, 800.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    common::settle(&mut h);
    let at = h.get_all_by_label("GAME.FNT").next().expect("the font's row").rect().center();
    h.hover_at(at);
    h.run();
    for pressed in [true, false, true, false] {
        h.input_mut().events.push(egui::Event::PointerButton { pos: at, button: egui::PointerButton::Primary, pressed, modifiers: Default::default() });
    }
    common::settle(&mut h);
    assert!(h.state().tabs.active_tab().and_then(|t| t.state::<FontView>()).is_some(), "the font opened in the font view");
}

#[test]
fn the_palette_shows_colours_and_its_table() {
    let (_d, mut h) = open("PAL.PAL");
    h.run();
    let v = palette(&h);
    let p = v.parsed.as_ref().unwrap().pal.as_ref().expect("parsed");
    assert!(p.ipol.is_some());
    let grid = v.grid_rect.expect("the grid is drawn");
    assert!(v.table_rect.is_some(), "the Ipol table is drawn");
    // Swatch 17 is row 1, column 1.
    let cell = grid.width() / 16.0;
    h.hover_at(grid.min + egui::vec2(cell * 1.5, cell * 1.5));
    h.run();
    assert_eq!(palette(&h).hovered, Some(17));
    let t = palette(&h).table_rect.unwrap();
    h.hover_at(t.min + egui::vec2(t.width() * 0.75, t.height() * 0.25));
    h.run();
    assert_eq!(palette(&h).hovered_cell, Some((64, 192)));
}
