//! Edit in External Program driven through egui_kittest on the real `StudioApp`, with native
//! dialogs off (so no program is started: the file is written, watched and listed in
//! `launched`). The test plays the external program: it rewrites the watched file and pumps
//! frames (a bounded number, polling) until the app took the save.

#![cfg(feature = "gui")]

mod common;
use common::settle;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::editors::mat0::Mat0View;
use parkan_studio::app::editors::texture::TextureView;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;
use parkan_studio::fixtures;
use parkan_studio::formats::mat0::Mat0;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::png::{png_bytes, read_image};
use parkan_studio::formats::texm::{Pixmap, Texm};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn harness(arg: PathBuf) -> Harness<'static, StudioApp> {
    let opts = StartOptions { files: vec![arg], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut h = Harness::builder().with_size([1600.0, 1000.0]).build_eframe(move |cc| StudioApp::new(cc, opts));
    settle(&mut h);
    // The browser is hidden so that the editor has the room it has on a wide screen.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::B);
    settle(&mut h);
    h
}

/// Clicks an item of the menu bar's `menu`.
fn click_menu(h: &mut Harness<'static, StudioApp>, menu: &str, label: &str) {
    h.get_by_label(menu).click();
    h.run_ok();
    h.get_by_label(label).click();
    h.run_ok();
}

fn steps(h: &Harness<'static, StudioApp>) -> usize {
    h.state().ws.history.steps().len()
}

fn tab_path(h: &Harness<'static, StudioApp>) -> ItemPath {
    h.state().tabs.active_tab().expect("a tab is open").path.clone()
}

/// Steps frames (each a short wait, as a window waits for the watcher's wake-up) until `done`,
/// at most about ten seconds.
fn pump_until(h: &mut Harness<'static, StudioApp>, what: &str, done: impl Fn(&Harness<'static, StudioApp>) -> bool) {
    for _ in 0..500 {
        h.step();
        if done(h) {
            h.run_ok();
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("never happened: {what}");
}

/// Steps frames for `d` (the watcher's quiet time and more), for checking that nothing happens.
fn pump_for(h: &mut Harness<'static, StudioApp>, d: Duration) {
    let end = std::time::Instant::now() + d;
    while std::time::Instant::now() < end {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn stripes(w: u32, h: u32) -> Pixmap {
    let mut rgba = Vec::new();
    for _y in 0..h {
        for x in 0..w {
            rgba.extend_from_slice(&if x % 8 < 4 { [250, 20, 20, 255] } else { [20, 20, 250, 255] });
        }
    }
    Pixmap::from_rgba(w, h, rgba).unwrap()
}

/// The way image programs save: a new file renamed over the old one.
fn save_as_a_program_does(file: &Path, bytes: &[u8]) {
    let tmp = file.with_extension("saving");
    std::fs::write(&tmp, bytes).unwrap();
    std::fs::rename(&tmp, file).unwrap();
}

#[test]
fn a_texture_saved_in_the_external_program_is_taken_as_one_undo_step_until_the_tab_closes() {
    let d = tempfile::tempdir().unwrap();
    let lib = d.path().join("Textures.lib");
    std::fs::write(&lib, fixtures::texm::textures_lib()).unwrap();
    let mut h = harness(PathBuf::from(format!("{}::GRASS.0", lib.display())));
    let path = tab_path(&h);
    let before = h.state().ws.item_bytes(&path).unwrap().to_vec();
    let (old, _) = Texm::parse(&before).unwrap();
    let (w, ht) = (old.width(), old.height());

    click_menu(&mut h, "Entry", "Edit Texture in External Program");
    let launched = h.state().outside.launched.clone();
    assert_eq!(launched.len(), 1, "one file handed to the external program");
    let file = launched[0].clone();
    assert!(file.file_name().unwrap().to_string_lossy().ends_with("GRASS.0.png"), "{}", file.display());
    let written = read_image(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!((written.width, written.height), (w, ht), "level 0 is written");
    assert!(h.state().tabs.active_tab().unwrap().state::<TextureView>().unwrap().outside.is_some());
    h.get_by_label("Editing in an external program");
    let steps0 = steps(&h);

    // The program saves: one undo step, and the texture is the saved image.
    let img = stripes(w, ht);
    save_as_a_program_does(&file, &png_bytes(&img).unwrap());
    pump_until(&mut h, "the save is taken", |h| steps(h) == steps0 + 1);
    assert_eq!(h.state().ws.history.undo_label(), Some("Edit the image of Textures.lib::GRASS.0 in an external program"));
    let after = h.state().ws.item_bytes(&path).unwrap().to_vec();
    let (new, _) = Texm::parse(&after).unwrap();
    let level0 = new.decode_mip(0, &Readings::default(), None).unwrap();
    let (red, blue) = (&level0.rgba[0..4], &level0.rgba[4 * 5..4 * 5 + 4]);
    assert!(red[0] > 180 && red[2] < 90, "texel 0 is red as painted: {red:?}");
    assert!(blue[2] > 180 && blue[0] < 90, "texel 5 is blue as painted: {blue:?}");
    h.get_by_label(&parkan_studio::app::i18n::tr_args("external-saves", &[("n", parkan_studio::app::i18n::Arg::from(1u32))]));

    // A file that is no image: refused, said in the tab, the texture unchanged.
    save_as_a_program_does(&file, b"not a png");
    pump_until(&mut h, "the bad save is refused", |h| h.state().tabs.active_tab().unwrap().state::<TextureView>().unwrap().outside.as_ref().is_some_and(|w| w.note.is_some()));
    assert_eq!(steps(&h), steps0 + 1, "no undo step for a file that does not read");
    assert_eq!(h.state().ws.item_bytes(&path).unwrap().to_vec(), after);
    let note = h.state().tabs.active_tab().unwrap().state::<TextureView>().unwrap().outside.as_ref().unwrap().note.clone().unwrap();
    assert!(note.contains("does not read as an image") && note.contains("GRASS.0.png"), "{note}");

    // Undo gives the original back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_ok();
    assert_eq!(h.state().ws.item_bytes(&path).unwrap().to_vec(), before);

    // Closing the tab stops the watching: a later save changes nothing.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    settle(&mut h);
    assert!(h.state().tabs.tabs.iter().all(|t| t.state::<TextureView>().is_none()), "the texture tab is closed");
    let steps1 = steps(&h);
    save_as_a_program_does(&file, &png_bytes(&stripes(w, ht)).unwrap());
    pump_for(&mut h, parkan_studio::app::external::SETTLE * 4);
    assert_eq!(steps(&h), steps1, "no edit once the tab is closed");
    assert_eq!(h.state().ws.item_bytes(&path).unwrap().to_vec(), before);
}

fn mat_view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a Mat0View {
    h.state().tabs.active_tab().unwrap().state::<Mat0View>().expect("the material editor")
}

#[test]
fn a_material_text_saved_in_the_external_program_becomes_the_material_and_mistakes_name_line_and_column() {
    let d = tempfile::tempdir().unwrap();
    fixtures::demo::write_demo(d.path()).unwrap();
    let mut h = harness(PathBuf::from(format!("{}::ROCK", d.path().join("Material.lib").display())));
    let path = tab_path(&h);
    click_menu(&mut h, "Entry", "Edit Material Text in External Program");
    let file = h.state().outside.launched.last().cloned().expect("the text is handed to the program");
    assert!(file.to_string_lossy().ends_with("ROCK.mat0.toml"), "{}", file.display());
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.find("\ndiffuse = ").expect("a diffuse colour line");
    let quote = at + text[at..].find('"').unwrap();
    let mut edited = text.clone();
    edited.replace_range(quote + 1..quote + 8, "#0A141E");
    let steps0 = steps(&h);

    save_as_a_program_does(&file, edited.as_bytes());
    pump_until(&mut h, "the text is taken", |h| steps(h) == steps0 + 1);
    assert_eq!(h.state().ws.history.undo_label(), Some("Edit the text of Material.lib::ROCK in an external program"));
    let bytes = h.state().ws.item_bytes(&path).unwrap().to_vec();
    let m = Mat0::parse(&bytes, parkan_studio::formats::mat0::SHIPPED_VERSION).unwrap();
    assert_eq!(&m.phases[0].params[4..7], &[0x0A, 0x14, 0x1E], "phase 0's diffuse is the colour typed");
    assert_eq!(mat_view(&h).material().map(|m| m.phases[0].params[4]), Some(0x0A), "the editor shows it at once");

    // A mistake: refused with its line and column, the material unchanged.
    let broken = edited.replacen("#0A141E", "#ZZ141E", 1);
    save_as_a_program_does(&file, broken.as_bytes());
    pump_until(&mut h, "the mistake is refused", |h| mat_view(h).outside.as_ref().is_some_and(|w| w.note.is_some()));
    let note = mat_view(&h).outside.as_ref().unwrap().note.clone().unwrap();
    let line = broken[..quote].matches('\n').count() + 1;
    assert!(note.contains(&format!("line {line}, column")), "{note}");
    assert_eq!(steps(&h), steps0 + 1);
    assert_eq!(h.state().ws.item_bytes(&path).unwrap().to_vec(), bytes);

    // Stop Watching: later saves are not taken.
    h.get_by_label(&parkan_studio::app::i18n::tr("external-stop")).click();
    h.run_ok();
    assert!(mat_view(&h).outside.is_none());
    save_as_a_program_does(&file, text.as_bytes());
    pump_for(&mut h, parkan_studio::app::external::SETTLE * 4);
    assert_eq!(steps(&h), steps0 + 1);
}

#[test]
fn a_program_that_is_missing_is_said_in_a_dialog_and_the_file_stays_watched() {
    let d = tempfile::tempdir().unwrap();
    let lib = d.path().join("Textures.lib");
    std::fs::write(&lib, fixtures::texm::textures_lib()).unwrap();
    let mut h = harness(PathBuf::from(format!("{}::GRASS.0", lib.display())));
    h.state_mut().outside.launch_programs = true;
    h.state_mut().settings.external_program = d.path().join("no-such-program").display().to_string();
    click_menu(&mut h, "Entry", "Edit Texture in External Program");
    let text = match &h.state().views.dialog {
        Some(parkan_studio::app::intent::Dialog::Message { title, text }) if title == "Edit in External Program" => text.clone(),
        _ => panic!("no message dialog"),
    };
    assert!(text.contains("cannot open") && text.contains("no-such-program") && text.contains("still watched"), "{text}");
    assert!(h.state().tabs.active_tab().unwrap().state::<TextureView>().unwrap().outside.is_some(), "the file is watched all the same");
}

/// The replace dialog's last confirmed choices (here: the smooth mip filter) are the ones an external save
/// is converted with.
#[test]
fn an_external_save_is_converted_with_the_dialogs_last_choices() {
    use parkan_studio::app::editors::texture::import::{Choices, ImportDialog, convert};
    let d = tempfile::tempdir().unwrap();
    let lib = d.path().join("Textures.lib");
    std::fs::write(&lib, fixtures::texm::textures_lib()).unwrap();
    let mut h = harness(PathBuf::from(format!("{}::GRASS.0", lib.display())));
    let path = tab_path(&h);
    let (w, ht) = Texm::parse(h.state().ws.item_bytes(&path).unwrap()).map(|(t, _)| (t.width(), t.height())).unwrap();
    let mut rgba = Vec::new();
    for y in 0..ht {
        for x in 0..w {
            rgba.extend_from_slice(&[(x * 255 / w) as u8, (y * 255 / ht) as u8, 77, 255]);
        }
    }
    let gradient = Pixmap::from_rgba(w, ht, rgba).unwrap();
    let png = d.path().join("gradient.png");
    std::fs::write(&png, png_bytes(&gradient).unwrap()).unwrap();
    let canvas = h.state().tabs.active_tab().unwrap().state::<TextureView>().unwrap().canvas_rect.unwrap().center();
    common::drop_files(&mut h, canvas, &[png]);
    assert!(h.state().editor_dialog::<ImportDialog>().is_some());
    h.get_by_label("Smooth").click();
    h.run_ok();
    h.get_by_label("Replace").click();
    h.run_ok();
    let chosen = h.state().tabs.active_tab().unwrap().state::<TextureView>().unwrap().import_choices.clone();
    assert!(chosen.smooth, "the tab keeps the confirmed choices");

    click_menu(&mut h, "Entry", "Edit Texture in External Program");
    let file = h.state().outside.launched[0].clone();
    let old = h.state().ws.item_bytes(&path).unwrap().to_vec();
    let steps0 = steps(&h);
    let mut flipped = gradient.clone();
    flipped.rgba.reverse();
    save_as_a_program_does(&file, &png_bytes(&flipped).unwrap());
    pump_until(&mut h, "the save is taken", |h| steps(h) == steps0 + 1);
    let expected = convert(&old, &flipped, &chosen, Readings::default(), None).unwrap();
    assert_eq!(h.state().ws.item_bytes(&path).unwrap().to_vec(), expected, "converted with the smooth filter");
    let plain = convert(&old, &flipped, &Choices::default(), Readings::default(), None).unwrap();
    assert_ne!(plain, expected, "the filter makes a difference on this image");
}
