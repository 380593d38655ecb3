//! The sound editor on the real app (egui_kittest): a sound of the demo's `sounds.lib` opens
//! with its waveform, plays on the null output (the editor says "no audio device" once, the
//! playhead moves with the clock, Space stops), a dropped WAV replaces it in the entry's kind
//! as one undo step, and a FLAC dropped on its row in the browser does the same.

#![cfg(feature = "gui")]

mod common;

use common::{drop_files, settle};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parkan_studio::app::StudioApp;
use parkan_studio::app::editors::sound::SoundView;
use parkan_studio::doc::ItemPath;
use parkan_studio::fixtures::{demo, wav as fx};
use parkan_studio::formats::wav::{Codec, Wav};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The tests never need a device: the editor is told to use the null output.
fn no_audio() {
    // SAFETY: set before the app (and any other thread of this test binary) starts.
    unsafe { std::env::set_var("PARKAN_STUDIO_AUDIO", "none") };
}

fn view<'a>(h: &'a Harness<'static, StudioApp>) -> &'a SoundView {
    h.state().tabs.active_tab().expect("a tab").state::<SoundView>().expect("the sound editor")
}

/// Steps until the view's worker has decoded the bytes it shows.
fn decoded(h: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    while view(h).decoded.is_none() {
        assert!(start.elapsed() < Duration::from_secs(30), "the sound never decoded");
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.step();
}

fn entry_bytes(h: &Harness<'static, StudioApp>, path: &ItemPath) -> Vec<u8> {
    h.state().ws.item_bytes(path).unwrap().to_vec()
}

fn no_device_lines(h: &Harness<'static, StudioApp>) -> usize {
    h.state().log.lines().iter().filter(|l| l.text.contains("no audio device")).count()
}

#[test]
fn a_sound_opens_plays_on_a_null_output_and_takes_a_dropped_wav_with_undo() {
    no_audio();
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    let lib = d.path().join("sounds.lib");
    let mut h = common::app_with(vec![PathBuf::from(format!("{}::voice_hello.wav", lib.display()))], [1400.0, 900.0]);
    decoded(&mut h);
    let path = h.state().tabs.active_tab().unwrap().path.clone();
    assert_eq!(view(&h).frames(), 33075);
    assert!(view(&h).wave_rect.is_some(), "the waveform is drawn");

    // Space plays from the cursor; with no device the editor says so once.
    h.key_press(Key::Space);
    h.step();
    assert!(view(&h).playing.is_some(), "Space plays");
    assert_eq!(no_device_lines(&h), 1);
    h.step();
    let p1 = view(&h).playhead.expect("a playhead while playing");
    h.step();
    let p2 = view(&h).playhead.expect("still playing");
    assert!(p2 > p1, "the playhead moves with the clock: {p1} then {p2}");
    h.key_press(Key::Space);
    h.step();
    assert!(view(&h).playing.is_none() && view(&h).playhead.is_none(), "Space stops");
    h.key_press(Key::Space);
    h.step();
    assert!(view(&h).playing.is_some());
    assert_eq!(no_device_lines(&h), 1, "said once");
    h.key_press(Key::Space);
    h.step();

    // Drop a 44.1 kHz stereo WAV on the waveform: it becomes 22,050 Hz mono MS-ADPCM, block 256.
    let before = entry_bytes(&h, &path);
    let wav = d.path().join("new.wav");
    std::fs::write(&wav, fx::encode(&fx::music(44100, 0.5, 2), Codec::Pcm16, 0)).unwrap();
    let at = view(&h).wave_rect.unwrap().center();
    drop_files(&mut h, at, &[wav]);
    settle(&mut h);
    let after = entry_bytes(&h, &path);
    assert_ne!(after, before, "the drop replaced the sound");
    let i = Wav::parse(&after).unwrap().info().unwrap();
    assert_eq!((i.codec, i.rate, i.channels, i.block_align, i.frames), ("ms-adpcm", 22050, 1, 256, 11025));
    decoded(&mut h);
    let start = Instant::now();
    while view(&h).frames() != 11025 {
        assert!(start.elapsed() < Duration::from_secs(30), "the new sound never decoded");
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }

    // The sound before the drop plays beside the new one.
    assert_eq!(view(&h).before.as_ref().map(|b| b.sound.frames()), Some(33075));
    h.get_by_label(&parkan_studio::app::i18n::tr("snd-play-before")).click();
    h.step();
    assert!(view(&h).playing.is_some_and(|p| p.before && p.to == 33075), "the old sound plays");
    h.key_press(Key::Space);
    h.step();
    assert!(view(&h).playing.is_none());

    // One undo step restores the entry.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(entry_bytes(&h, &path), before);

    // A FLAC dropped on the entry's row in the browser: the same conversion, one more undo step.
    let flac = d.path().join("new.flac");
    std::fs::write(&flac, parkan_studio::fixtures::foreign_audio::flac(&fx::tone(48000, 4800, 1))).unwrap();
    // The browser's row is the leftmost label of that name (the tab's title is another).
    let row = h.query_all_by_label("voice_hello.wav").map(|n| n.rect().center()).min_by(|a, b| a.x.total_cmp(&b.x)).expect("the entry's row is on screen");
    drop_files(&mut h, row, &[flac]);
    settle(&mut h);
    let i = Wav::parse(&entry_bytes(&h, &path)).unwrap().info().unwrap();
    assert_eq!((i.codec, i.rate, i.channels, i.frames), ("ms-adpcm", 22050, 1, 2205));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(entry_bytes(&h, &path), before);
}
