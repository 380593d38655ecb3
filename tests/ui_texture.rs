//! The Texm inspector driven through egui_kittest on the real `StudioApp`: open a texture from
//! the command line's `FILE::ENTRY`, zoom, toggle channels, read a texel, pick a palette swatch,
//! switch to the runtime view, edit Page rects (fields, add, remove, drag a corner), drop a PNG
//! on the image and on the browser row, replace through the dialog, undo, save, export levels;
//! rendered snapshots of the inspector and of the replace dialog.

#![cfg(feature = "gui")]

mod common;
use common::{drop_files, settle};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::texture::{self as texture_editor, TextureView, import::ImportDialog};
use parkan_studio::app::intent::{Intent, ViewKind};
use parkan_studio::app::editors::texture::model::ViewMode;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;
use parkan_studio::fixtures;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::png::{png_bytes, read_image};
use parkan_studio::formats::texm::{Pixmap, Texm};
use std::path::{Path, PathBuf};

fn harness_at(file: &Path, entry: &str, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let arg = PathBuf::from(format!("{}::{entry}", file.display()));
    let opts = StartOptions { files: vec![arg], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size(size).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    h
}


fn textures(dir: &Path) -> PathBuf {
    let p = dir.join("Textures.lib");
    std::fs::write(&p, fixtures::texm::textures_lib()).unwrap();
    p
}

fn open(dir: &Path, entry: &str) -> Harness<'static, StudioApp> {
    let lib = textures(dir);
    let mut h = harness_at(&lib, entry, [1600.0, 1000.0]);
    // The browser is hidden so that the inspector has the room it has on a wide screen.
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    settle(&mut h);
    h
}

fn tab<'a>(h: &'a Harness<'static, StudioApp>) -> &'a parkan_studio::app::tabs::Tab {
    h.state().tabs.active_tab().expect("a tab is open")
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a TextureView {
    tab(h).state::<TextureView>().expect("the tab shows the texture editor")
}

fn view_mut<'a>(h: &'a mut Harness<'static, StudioApp>, i: usize) -> &'a mut TextureView {
    h.state_mut().tabs.tabs[i].state_mut::<TextureView>().expect("the tab shows the texture editor")
}

fn import<'a>(h: &'a Harness<'static, StudioApp>) -> Option<&'a ImportDialog> {
    h.state().editor_dialog::<ImportDialog>()
}

fn entry_bytes(h: &Harness<'static, StudioApp>, path: &ItemPath) -> Vec<u8> {
    h.state().ws.item_bytes(path).unwrap().to_vec()
}

fn gradient_png(dir: &Path, w: u32, h: u32) -> (PathBuf, Pixmap) {
    let mut rgba = Vec::new();
    for y in 0..h {
        for x in 0..w {
            rgba.extend_from_slice(&[(x * 255 / w) as u8, (y * 255 / h) as u8, 200, 255]);
        }
    }
    let img = Pixmap::from_rgba(w, h, rgba).unwrap();
    let p = dir.join("new.png");
    std::fs::write(&p, png_bytes(&img).unwrap()).unwrap();
    (p, img)
}


fn canvas(h: &Harness<'static, StudioApp>) -> egui::Rect {
    view(h).canvas_rect.expect("the canvas was drawn")
}

fn undo(h: &mut Harness<'static, StudioApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

fn redo(h: &mut Harness<'static, StudioApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
}

fn click(h: &mut Harness<'static, StudioApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

#[test]
fn opens_a_texture_zooms_toggles_channels_and_reads_texels() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "METAL.0");
    assert_eq!(tab(&h).view, ViewKind::Editor, "a texture opens in the inspector");
    assert!(view(&h).fit);
    let fitted = view(&h).zoom;
    assert!(fitted >= 4.0, "a 64x64 texture fits at a power of two above 1: {fitted}");
    click(&mut h, "+");
    assert!(view(&h).zoom > fitted && !view(&h).fit);
    click(&mut h, "1:1");
    assert_eq!(view(&h).zoom, 1.0);
    click(&mut h, "−");
    assert_eq!(view(&h).zoom, 0.5);
    click(&mut h, &parkan_studio::app::i18n::tr("tex-fit"));
    assert_eq!(view(&h).zoom, fitted);
    // The wheel zooms about the pointer; keys work while the pointer is over the image.
    let c = canvas(&h).center();
    h.hover_at(c);
    h.run();
    h.input_mut().events.push(egui::Event::MouseWheel { unit: egui::MouseWheelUnit::Point, delta: egui::vec2(0.0, 120.0), phase: egui::TouchPhase::Move, modifiers: Modifiers::NONE, source: egui::MouseWheelSource::Wheel });
    h.run();
    assert!(view(&h).zoom > fitted, "the wheel zoomed in");
    h.key_press(Key::Num1);
    h.run();
    assert_eq!(view(&h).zoom, 1.0);
    h.key_press(Key::Num0);
    h.run();
    assert!(view(&h).fit);

    // The readout names the texel under the pointer: at the centre of a 64x64 image, (32, 32).
    let r = view(&h).hover.clone().expect("a texel under the pointer");
    assert_eq!((r.x, r.y), (32, 32));
    let model = view(&h).model().unwrap();
    assert_eq!(r.rgba, model.levels[0].at(32, 32));
    assert_eq!(r.stored.len(), 4, "8888 stores four bytes per texel");
    assert_eq!([r.stored[2], r.stored[1], r.stored[0], r.stored[3]], r.rgba, "b,g,r,a in memory");

    // An interpretation switch re-decodes at once: under a,r,g,b the same bytes read rotated.
    h.state_mut().push_intent(Intent::SetReading("texm-8888=argb".into()));
    settle(&mut h); // the browser's thumbnails are decoded again in the background
    let r2 = view(&h).hover.clone().unwrap();
    assert_eq!(r2.stored, r.stored, "the bytes stay");
    assert_eq!(r2.rgba, [r.stored[1], r.stored[2], r.stored[3], r.stored[0]]);
    h.state_mut().push_intent(Intent::SetReading("texm-8888=bgra".into()));
    settle(&mut h);
    assert_eq!(view(&h).hover.clone().unwrap().rgba, r.rgba);

    // Channel toggles.
    click(&mut h, "R");
    assert!(!view(&h).channels.r);
    click(&mut h, "A only");
    assert!(view(&h).channels.alpha_only);
    click(&mut h, "A only");
    click(&mut h, "R");
    assert_eq!(view(&h).channels, Default::default());

    // The details column hides and comes back (button and D).
    click(&mut h, "Details");
    assert!(!view(&h).show_side);
    assert!(h.query_by_label("Add rect").is_none() && h.query_by_label("Header").is_none());
    h.hover_at(canvas(&h).center());
    h.key_press(Key::D);
    h.run();
    assert!(view(&h).show_side);
    h.get_by_label("Header");

    // Smaller levels from the selector buttons and the keyboard.
    click(&mut h, ">");
    assert_eq!(view(&h).level, 1);
    h.hover_at(canvas(&h).center());
    h.key_press(Key::PageDown);
    h.run();
    assert_eq!(view(&h).level, 2);
    let r = view(&h).hover.clone().unwrap();
    assert!(r.x < 16 && r.y < 16, "level 2 is 16x16: {r:?}");
}

#[test]
fn palette_swatches_highlight_their_texels_and_the_runtime_view_skips() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "STEEL.A");
    let model = view(&h).model().unwrap();
    let used = (0..=255u8).find(|&i| model.index_count(0, i) > 0).unwrap();
    let unused = (0..=255u8).find(|&i| model.index_count(0, i) == 0);
    click(&mut h, &format!("palette index {used}"));
    assert_eq!(view(&h).palette_pin, Some(used));
    assert_eq!(view(&h).highlight(), Some(used));
    let m = view(&h).model().unwrap();
    let shown = m.display_rgba(0, Default::default(), Some(used));
    assert_ne!(shown, m.levels[0].rgba, "the other texels are dimmed");
    if let Some(u) = unused {
        h.get_by_label(&format!("palette index {u}")).hover();
        h.run();
        assert_eq!(view(&h).highlight(), Some(u), "hovering wins over the pinned swatch");
    }
    click(&mut h, &format!("palette index {used}"));
    assert_eq!(view(&h).palette_pin, None, "a second click clears it");

    // HULL.0 has flags5 0x40000000: a 128x128 texture skips one level at runtime.
    let lib = d.path().join("Textures.lib");
    let mut h = harness_at(&lib, "HULL.0", [1600.0, 1000.0]);
    click(&mut h, "Runtime");
    let m = view(&h).model().unwrap();
    assert_eq!((m.mode, m.skip, m.view_size(), m.levels.len()), (ViewMode::Runtime, 1, (64, 64), 7));
    click(&mut h, "DisableMipmap");
    assert_eq!(view(&h).model().unwrap().levels.len(), 1);
    click(&mut h, &parkan_studio::app::i18n::tr("tex-stored"));
    assert_eq!(view(&h).model().unwrap().levels.len(), 8);
}

#[test]
fn page_rects_are_edited_added_removed_and_dragged_with_undo() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "ATLAS.0");
    let path = tab(&h).path.clone();
    let rects = |h: &Harness<'static, StudioApp>| Texm::parse(entry_bytes(h, &path)).unwrap().0.page().unwrap().rects.clone();
    let before = entry_bytes(&h, &path);
    assert_eq!(rects(&h).len(), 4);
    click(&mut h, "Add rect");
    assert_eq!(rects(&h).len(), 5);
    assert_eq!(rects(&h)[4], parkan_studio::formats::texm::Rect { x: 0, w: 32, y: 0, h: 32 });
    let after_add = entry_bytes(&h, &path);
    assert_eq!(after_add.len(), before.len() + 8, "only the Page tail grew, by one rect");
    assert_eq!(after_add[..before.len() - 40], before[..before.len() - 40], "the header, palette and mips are untouched");
    // Remove the first rect with its remove button.
    h.get_all_by_label("remove").next().unwrap().click();
    h.run();
    assert_eq!(rects(&h).len(), 4);
    undo(&mut h);
    undo(&mut h);
    assert_eq!(entry_bytes(&h, &path), before, "two undos restore the texture byte for byte");

    // Drag the bottom-right corner of rect 1 (0,0,32,32) to texel (40, 24): one undo step.
    click(&mut h, &parkan_studio::app::i18n::tr("tex-fit"));
    let v = &view(&h);
    let (zoom, c) = (v.zoom, canvas(&h).center());
    let origin = c - egui::vec2(32.0, 32.0) * zoom;
    let at = |x: f32, y: f32| origin + egui::vec2(x, y) * zoom;
    view_mut(&mut h, 0).rect_selected = Some(0);
    h.run();
    let steps = h.state().ws.history.steps().len();
    h.hover_at(at(32.0, 32.0));
    h.run();
    h.event(egui::Event::PointerButton { pos: at(32.0, 32.0), button: egui::PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
    h.run();
    for k in 1..=8 {
        let t = k as f32 / 8.0;
        h.hover_at(at(32.0 + 8.0 * t, 32.0 - 8.0 * t));
        h.run();
    }
    h.event(egui::Event::PointerButton { pos: at(40.0, 24.0), button: egui::PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    h.run();
    assert_eq!(rects(&h)[0], parkan_studio::formats::texm::Rect { x: 0, w: 40, y: 0, h: 24 });
    assert_eq!(h.state().ws.history.steps().len(), steps + 1, "the whole drag is one undo step");
    assert_eq!(h.state().ws.history.undo_label(), Some("Edit the Page rects of Textures.lib::ATLAS.0"));
    undo(&mut h);
    assert_eq!(entry_bytes(&h, &path), before);

    // Delete over the image removes the selected rect, not the texture entry.
    let entries = h.state().ws.files()[0].root().len();
    view_mut(&mut h, 0).rect_selected = Some(2);
    h.hover_at(c);
    h.run();
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(h.state().ws.files()[0].root().len(), entries, "the entry stays");
    assert_eq!(rects(&h).len(), 3);
    assert_eq!(rects(&h)[2], parkan_studio::formats::texm::Rect { x: 32, w: 32, y: 32, h: 32 }, "rect 3 went");
    undo(&mut h);
    assert_eq!(entry_bytes(&h, &path), before);
}

#[test]
fn dropping_a_png_on_the_image_replaces_it_after_the_dialog_and_undo_restores() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "GRASS.0");
    let path = tab(&h).path.clone();
    let before = entry_bytes(&h, &path);
    let (png, img) = gradient_png(d.path(), 64, 64);
    let c = canvas(&h).center();
    drop_files(&mut h, c, std::slice::from_ref(&png));
    assert!(import(&h).is_some(), "the replace dialog opened");
    assert_eq!(entry_bytes(&h, &path), before, "nothing changes before the user confirms");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(import(&h).is_none());
    // The tab's title takes a drop too.
    let title = h.state().tabs.title_rects[0].0.center();
    drop_files(&mut h, title, std::slice::from_ref(&png));
    assert!(import(&h).is_some_and(|d| d.target == path));
    h.key_press(Key::Escape);
    h.run();
    assert!(import(&h).is_none(), "Escape cancels");
    let c = canvas(&h).center();
    drop_files(&mut h, c, &[png]);
    click(&mut h, "Replace");
    assert!(import(&h).is_none());
    let after = entry_bytes(&h, &path);
    assert_eq!(h.state().ws.history.undo_label(), Some("Replace the image of Textures.lib::GRASS.0 from new.png"));
    let (t, diags) = Texm::parse(&after).unwrap();
    assert!(diags.is_empty());
    let old = Texm::parse(&before).unwrap().0;
    assert_eq!((t.header().format, t.mip_count(), t.header().flags5), (old.header().format, old.mip_count(), old.header().flags5));
    let level0 = t.decode_mip(0, &Readings::default(), None).unwrap();
    let off = level0.rgba.iter().zip(&img.rgba).map(|(a, b)| a.abs_diff(*b)).max().unwrap();
    assert!(off <= 8, "565 keeps the image within its precision: {off}");
    // One undo step.
    undo(&mut h);
    assert_eq!(entry_bytes(&h, &path), before);
    redo(&mut h);
    assert_eq!(entry_bytes(&h, &path), after);
    // Saved, the archive still loads and carries the new texture.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = std::fs::read(d.path().join("Textures.lib")).unwrap();
    let a = parkan_studio::formats::nres::Archive::parse(saved.into()).unwrap().0;
    let i = a.find("GRASS.0").unwrap();
    assert_eq!(&*a.payload(i), &after[..]);
}

#[test]
fn a_png_dropped_on_a_texture_row_opens_the_dialog_with_format_choices() {
    // The log line in the snapshot names the folder: a fresh one shown under a fixed name.
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-replace-snapshot");
    let d = snap.path();
    let lib = textures(d);
    let mut h = harness_at(&lib, "STEEL.A", [1600.0, 1000.0]);
    let (png, _) = gradient_png(d, 64, 32);
    let row = h.get_by_label("DECAL.B").rect().center();
    drop_files(&mut h, row, &[png]);
    let imp = import(&h).expect("the dialog opened for the row's texture");
    assert!(imp.target_name.ends_with("DECAL.B"));
    assert!(imp.sizes_differ());
    // Format 0 offers the palette choice and dithering; the size choice is there.
    h.get_by_label("Keep the texture's palette (nearest colour)").click();
    h.run();
    assert!(import(&h).unwrap().keep_palette);
    h.get_by_label("Dither (Floyd–Steinberg)").click();
    h.run();
    assert!(import(&h).unwrap().dither);
    h.get_by_label("Resize the texture to 64×32").click();
    h.run();
    h.snapshot("texture_replace_dialog");
    click(&mut h, "Replace");
    let p = h.state().ws.files()[0].root().metas().iter().position(|m| m.name == "DECAL.B").unwrap();
    let t = Texm::parse(entry_bytes(&h, &ItemPath::root(h.state().ws.files()[0].id).child(p))).unwrap().0;
    assert_eq!((t.width(), t.height(), t.header().format), (64, 32, 0));
}

#[test]
fn levels_export_as_png_and_a_bad_image_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "ODD.0");
    let path = tab(&h).path.clone();
    let out = d.path().join("levels");
    h.state_mut().push_intent(texture_editor::editor::export_to(&path, None, out.clone()));
    h.run();
    let t = Texm::parse(entry_bytes(&h, &path)).unwrap().0;
    for l in 0..t.mip_count() {
        let png = std::fs::read(out.join(format!("ODD_0_mip{l}.png"))).unwrap();
        assert_eq!(read_image(&png).unwrap(), t.decode_mip(l, &Readings::default(), None).unwrap());
    }
    let one = d.path().join("one.png");
    h.state_mut().push_intent(texture_editor::editor::export_to(&path, Some(1), one.clone()));
    h.run();
    assert_eq!(read_image(&std::fs::read(&one).unwrap()).unwrap(), t.decode_mip(1, &Readings::default(), None).unwrap());
    let bad = d.path().join("bad.png");
    std::fs::write(&bad, b"not a png").unwrap();
    let c = canvas(&h).center();
    drop_files(&mut h, c, &[bad]);
    assert!(import(&h).is_none());
    assert!(h.state().views.dialog.is_some(), "the refusal is shown");
}

#[test]
fn texture_inspector_snapshot() {
    let snap = common::SnapshotDir::new("/tmp/parkan-studio-texture-snapshot");
    let mut h = open(snap.path(), "ATLAS.0");
    view_mut(&mut h, 0).rect_selected = Some(1);
    h.hover_at(canvas(&h).center() + egui::vec2(-40.0, -40.0));
    h.run();
    h.snapshot("texture_inspector");
}

#[test]
fn a_format_2_texture_decodes_through_an_open_palette() {
    let d = tempfile::tempdir().unwrap();
    let lib = textures(d.path());
    let pals = d.path().join("palettes.lib");
    std::fs::write(&pals, fixtures::texm::palettes_lib()).unwrap();
    let font = PathBuf::from(format!("{}::FONT.0", lib.display()));
    let opts = StartOptions { files: vec![pals, font], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1600.0, 1000.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    let grey = view(&h).model().unwrap().lut.unwrap();
    assert!(grey.iter().all(|c| c[0] == c[1] && c[1] == c[2]), "without a palette format 2 is greyscale");
    let candidates = parkan_studio::app::editors::texture::side::palette_candidates(&h.state().ws);
    let (pal, name) = candidates.iter().find(|(_, n)| n.ends_with("PAL.PAL")).cloned().expect("PAL.PAL is offered");
    assert!(name.starts_with("palettes.lib::"));
    assert_eq!(candidates.len(), 5, "every .PAL entry of palettes.lib");
    let i = h.state().tabs.active.unwrap();
    view_mut(&mut h, i).external = Some(pal);
    h.run();
    let lut = view(&h).model().unwrap().lut.unwrap();
    assert_eq!(lut, fixtures::texm::pal_pal().lut(Readings::default().palette));
}

#[test]
fn header_bits_switch_with_undo_and_change_only_the_header() {
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "GRASS.0");
    let path = tab(&h).path.clone();
    let before = entry_bytes(&h, &path);
    // The readout of a 565 texel names its bit fields.
    h.hover_at(canvas(&h).center());
    h.run();
    let r = view(&h).hover.clone().unwrap();
    let w = u16::from_le_bytes([r.stored[0], r.stored[1]]);
    let want = format!("(0x{w:04X}: r {} g {} b {})", w >> 11, (w >> 5) & 63, w & 31);
    assert!(h.query_by_label(&want).is_some(), "{want}");
    h.get_by_label("0x10000000 mip-skip 1").click();
    h.run();
    let after = entry_bytes(&h, &path);
    assert_eq!(after.len(), before.len());
    let changed: Vec<usize> = (0..after.len()).filter(|&i| after[i] != before[i]).collect();
    assert_eq!(changed, [23], "flags5's top byte, nothing else");
    assert_eq!(Texm::parse(&after).unwrap().0.header().flags5, 0x1000_0000);
    assert_eq!(h.state().ws.history.undo_label(), Some("Set the header flags of Textures.lib::GRASS.0"));
    click(&mut h, "Runtime");
    assert_eq!(view(&h).model().unwrap().skip, 1, "the runtime view follows at once");
    undo(&mut h);
    assert_eq!(entry_bytes(&h, &path), before);
    assert_eq!(view(&h).model().unwrap().skip, 0);
}

#[test]
fn a_texture_wider_than_the_gpu_allows_still_shows() {
    use parkan_studio::fixtures::texm::{Material, Spec, build};
    let d = tempfile::tempdir().unwrap();
    let mut a = parkan_studio::formats::nres::Archive::new();
    let wide = build(&Spec::new(parkan_studio::formats::texm::Format::Rgb565, 40_000, 2, 1, Material::Rock));
    a.add(b"WIDE.0", parkan_studio::formats::TYPE_TEXM, [0; 3], wide).unwrap();
    let lib = d.path().join("Wide.lib");
    std::fs::write(&lib, a.write()).unwrap();
    let mut h = harness_at(&lib, "WIDE.0", [1600.0, 1000.0]);
    // Software renderers allow 8192 or 16384 texels a side: this one is subsampled for display.
    let max = h.ctx.input(|i| i.max_texture_side);
    eprintln!("max_texture_side {max}");
    let m = view(&h).model().unwrap();
    assert_eq!(m.view_size(), (40_000, 2), "the model keeps every texel");
    click(&mut h, "1:1");
    h.hover_at(canvas(&h).center());
    h.run();
    let r = view(&h).hover.clone().expect("texels read out in real coordinates");
    assert_eq!((r.x, r.y), (20_000, 1));
}

#[test]
fn a_packed_rsli_texture_gets_a_thumbnail_and_opens_in_the_inspector() {
    use parkan_studio::formats::rsli::{Archive, Method};
    let d = tempfile::tempdir().unwrap();
    let mut a = Archive::new();
    a.add(b"PACKED.0", &fixtures::texm::loose(parkan_studio::formats::texm::Format::Rgb565, 32, 32, 3), Method::Lzhuf).unwrap();
    a.add(b"NOTES.TXT", b"not a texture at all", Method::Lzss).unwrap();
    let lib = d.path().join("Packed.rlb");
    std::fs::write(&lib, a.write()).unwrap();
    let mut h = harness_at(&lib, "PACKED.0", [1600.0, 1000.0]);
    assert_eq!(tab(&h).view, ViewKind::Editor, "the unpacked bytes are a texture");
    assert_eq!(view(&h).model().unwrap().view_size(), (32, 32));
    // Both rows were probed on the worker: one thumbnail, one "not a texture".
    settle(&mut h);
    assert_eq!(h.state().work.thumbs.cached(), 2);
    assert_eq!(h.state().work.thumbs.ready(), 1);
}

#[test]
fn texture_commands_follow_the_open_texture_or_the_selection() {
    use parkan_studio::app::command::Command;
    let replace_image = texture_editor::editor::Cmd::ReplaceImage.command();
    let export_levels = texture_editor::editor::Cmd::ExportLevels.command();
    assert_eq!(Command::Editor(replace_image).label(), "Replace Texture Image…");
    assert_eq!(Command::Editor(export_levels).label(), "Export Texture Levels…");
    let d = tempfile::tempdir().unwrap();
    let mut h = open(d.path(), "MOSS.0");
    let path = tab(&h).path.clone();
    assert_eq!(h.state().editor_target(replace_image), Some(path.clone()));
    assert!(h.state().command_enabled(Command::Editor(replace_image)) && h.state().command_enabled(Command::Editor(export_levels)));
    // The palette lists them.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();
    h.get_by(|n| n.data().placeholder() == Some("Type a command")).type_text("texture levels");
    h.run();
    assert!(h.query_all_by_label_contains("Export Texture Levels").next().is_some(), "the palette lists it");
    h.key_press(Key::Escape);
    h.run();
    // No tab, the archive selected: nothing to act on.
    h.key_press_modifiers(Modifiers::COMMAND, Key::W);
    h.run();
    let root = ItemPath::root(path.file);
    h.state_mut().browser.selection.select_only(root);
    h.run();
    assert_eq!(h.state().editor_target(replace_image), None);
    assert!(!h.state().command_enabled(Command::Editor(replace_image)));
    // A texture row selected: it is the target.
    h.state_mut().browser.selection.select_only(path.clone());
    h.run();
    assert_eq!(h.state().editor_target(replace_image), Some(path));
    // The row's context menu offers the editor's commands for it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    h.run();
    h.get_all_by_label("MOSS.0").next().expect("the texture's row").click_secondary();
    h.run();
    assert!(h.query_by_label("Replace Texture Image…").is_some(), "the context menu lists the texture's commands");
    assert!(h.query_by_label("Export Texture Levels…").is_some());
}

/// A file of 16 MiB or more is read in the background; the tab the command line asked for
/// (the loose file's editor, or `FILE::ENTRY`) still opens when the read ends.
#[test]
fn a_large_file_named_on_the_command_line_opens_its_tab_after_the_background_read() {
    use parkan_studio::formats::nres::Archive;
    use parkan_studio::formats::texm::Format;
    let d = tempfile::tempdir().unwrap();
    let big = fixtures::texm::loose(Format::Argb8888, 2048, 2048, 1);
    assert!(big.len() as u64 >= parkan_studio::app::files::LARGE_FILE);
    let loose = d.path().join("BIG.0");
    std::fs::write(&loose, &big).unwrap();
    let h = common::app_with(vec![loose.clone()], [1400.0, 900.0]);
    assert_eq!(h.state().ws.files().len(), 1, "the file was read");
    assert_eq!(tab(&h).path, ItemPath::root(h.state().ws.files()[0].id));
    assert!(tab(&h).state::<TextureView>().is_some(), "the texture editor shows it");

    let mut a = Archive::new();
    a.add(b"BIG.0", parkan_studio::formats::TYPE_TEXM, [0; 3], big).unwrap();
    a.add(b"SMALL.0", parkan_studio::formats::TYPE_TEXM, [0; 3], fixtures::texm::loose(Format::Rgb565, 8, 8, 1)).unwrap();
    let lib = d.path().join("Big.lib");
    std::fs::write(&lib, a.write()).unwrap();
    let h = common::app_with(vec![PathBuf::from(format!("{}::SMALL.0", lib.display()))], [1400.0, 900.0]);
    let file = h.state().ws.files()[0].id;
    assert_eq!(tab(&h).path.file, file);
    assert_eq!(parkan_studio::doc::items::meta_of(&h.state().ws, &tab(&h).path).map(|m| m.name).as_deref(), Some("SMALL.0"));
}
