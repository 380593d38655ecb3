//! The command line on sounds, on the demo folder's `sounds.lib`: `info --json`, `check` of a
//! truncated sound, `export-wav` as stored and decoded, `import-sound` to the entry's kind (and
//! `--pcm`, `--keep-format`), FLAC, Ogg Vorbis and MP3 inputs written by `fixtures::foreign_audio`, exit codes.

use parkan_studio::fixtures::wav as fx;
use parkan_studio::formats::nres::Archive;
use parkan_studio::formats::wav::{Codec, TYPE_SWAV, Wav};
use std::path::Path;

#[path = "support/cli.rs"]
mod cli;
use cli::{demo_folder as setup, json, run};


fn entry(p: &Path, file: &str, name: &str) -> Vec<u8> {
    let (a, _) = Archive::parse(std::fs::read(p.join(file)).unwrap().into()).unwrap();
    a.payload(a.find(name).unwrap()).to_vec()
}

#[test]
fn info_names_codec_rate_channels_block_and_duration() {
    let d = setup();
    let v = json(&["info", "sounds.lib::voice_hello.wav", "--json"], d.path());
    assert_eq!(v["kind"], "wav");
    assert_eq!(v["codec"], "ms-adpcm");
    assert_eq!((v["rate"].as_u64(), v["channels"].as_u64(), v["block_align"].as_u64()), (Some(22050), Some(1), Some(256)));
    assert_eq!(v["frames"], 33075);
    assert!((v["duration"].as_f64().unwrap() - 1.5).abs() < 1e-9);
    assert_eq!(v["diagnostics"], serde_json::json!([]));
    let v = json(&["info", "sounds.lib::click.wav", "--json"], d.path());
    assert_eq!((v["codec"].as_str(), v["bits"].as_u64()), (Some("pcm8"), Some(8)));
    // A loose file too, by content.
    std::fs::write(d.path().join("odd.bin"), fx::with_extra_chunks()).unwrap();
    let v = json(&["info", "odd.bin", "--json"], d.path());
    assert_eq!(v["chunks"], serde_json::json!(["fmt ", "LIST", "fact", "data", "note", "cue "]));
}

#[test]
fn check_reports_a_truncated_sound_and_passes_clean_ones() {
    let d = setup();
    let out = run(&["check", "sounds.lib", "--json"], d.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut a = Archive::new();
    a.add(b"cut.wav", TYPE_SWAV, [0; 3], fx::truncated()).unwrap();
    std::fs::write(d.path().join("cut.lib"), a.write()).unwrap();
    let out = run(&["check", "cut.lib", "--json"], d.path());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("chunk `data`") && text.contains("RIFF size"), "{text}");
}

#[test]
fn export_wav_as_stored_and_as_pcm() {
    let d = setup();
    let p = d.path();
    assert!(run(&["export-wav", "sounds.lib::voice_hello.wav", "a.wav"], p).status.success());
    assert_eq!(std::fs::read(p.join("a.wav")).unwrap(), entry(p, "sounds.lib", "voice_hello.wav"));
    assert!(run(&["export-wav", "sounds.lib::voice_hello.wav", "b.wav", "--pcm"], p).status.success());
    let w = Wav::parse(&std::fs::read(p.join("b.wav")).unwrap()).unwrap();
    let i = w.info().unwrap();
    assert_eq!((i.codec, i.rate, i.channels, i.frames), ("pcm16", 22050, 1, 33075));
    let stored = Wav::parse(&entry(p, "sounds.lib", "voice_hello.wav")).unwrap().decode().unwrap();
    assert_eq!(w.decode().unwrap(), stored);
    // Not a sound: a usage error; a missing entry too.
    assert_eq!(run(&["export-wav", "Material.lib::GLOW", "c.wav"], p).status.code(), Some(2));
    assert_eq!(run(&["export-wav", "sounds.lib::nope.wav", "c.wav"], p).status.code(), Some(2));
}

#[test]
fn import_sound_converts_to_the_entrys_kind() {
    let d = setup();
    let p = d.path();
    // A 44.1 kHz stereo PCM input; the entry is 22,050 Hz mono MS-ADPCM with 256-byte blocks.
    std::fs::write(p.join("new.wav"), fx::encode(&fx::music(44100, 1.0, 2), Codec::Pcm16, 0)).unwrap();
    let before = std::fs::read(p.join("sounds.lib")).unwrap();
    let out = run(&["import-sound", "sounds.lib::voice_hello.wav", "new.wav", "-o", "out.lib"], p);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("ms-adpcm · 22050 Hz · mono · block 256 · 1.00 s"));
    assert_eq!(std::fs::read(p.join("sounds.lib")).unwrap(), before, "-o leaves the input alone");
    let v = json(&["info", "out.lib::voice_hello.wav", "--json"], p);
    assert_eq!((v["codec"].as_str(), v["rate"].as_u64(), v["channels"].as_u64(), v["block_align"].as_u64(), v["frames"].as_u64()), (Some("ms-adpcm"), Some(22050), Some(1), Some(256), Some(22050)));
    // The other entries are untouched.
    assert_eq!(entry(p, "out.lib", "beep.wav"), entry(p, "sounds.lib", "beep.wav"));
    // --pcm: 16-bit PCM at the entry's rate and channels, in place.
    assert!(run(&["import-sound", "sounds.lib::music_loop.wav", "new.wav", "--pcm"], p).status.success());
    let v = json(&["info", "sounds.lib::music_loop.wav", "--json"], p);
    assert_eq!((v["codec"].as_str(), v["rate"].as_u64(), v["channels"].as_u64()), (Some("pcm16"), Some(22050), Some(2)));
    // --keep-format: stored as given.
    assert!(run(&["import-sound", "sounds.lib::click.wav", "new.wav", "--keep-format"], p).status.success());
    assert_eq!(entry(p, "sounds.lib", "click.wav"), std::fs::read(p.join("new.wav")).unwrap());
}

#[test]
fn import_sound_reads_flac_ogg_vorbis_and_mp3() {
    use parkan_studio::fixtures::foreign_audio::{flac, mp3_silence, ogg_vorbis_silence};
    use parkan_studio::formats::wav::convert::reshape;
    let d = setup();
    let p = d.path();
    // A 22,050 Hz stereo FLAC into a 22,050 Hz mono PCM 16 entry: FLAC is lossless and the rate
    // is the entry's, so the entry holds exactly the input mixed down to mono.
    let music = fx::music(22050, 0.5, 2);
    std::fs::write(p.join("new.flac"), flac(&music)).unwrap();
    let out = run(&["import-sound", "sounds.lib::beep.wav", "new.flac"], p);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stored = Wav::parse(&entry(p, "sounds.lib", "beep.wav")).unwrap().decode().unwrap();
    assert_eq!(stored, reshape(&music, 22050, 1).unwrap());
    // 20 frames of 44.1 kHz MP3 into the 22,050 Hz MS-ADPCM voice: half as many frames.
    std::fs::write(p.join("quiet.mp3"), mp3_silence(20)).unwrap();
    assert!(run(&["import-sound", "sounds.lib::voice_hello.wav", "quiet.mp3"], p).status.success());
    let v = json(&["info", "sounds.lib::voice_hello.wav", "--json"], p);
    assert_eq!((v["codec"].as_str(), v["rate"].as_u64(), v["frames"].as_u64()), (Some("ms-adpcm"), Some(22050), Some(20 * 1152 / 2)));
    // 44.1 kHz stereo Ogg Vorbis (200 short blocks: 199 * 128 frames) into the stereo music loop.
    std::fs::write(p.join("quiet.ogg"), ogg_vorbis_silence(44100, 2, 200)).unwrap();
    assert!(run(&["import-sound", "sounds.lib::music_loop.wav", "quiet.ogg"], p).status.success());
    let v = json(&["info", "sounds.lib::music_loop.wav", "--json"], p);
    assert_eq!((v["codec"].as_str(), v["channels"].as_u64(), v["frames"].as_u64()), (Some("ms-adpcm"), Some(2), Some(199 * 128 / 2)));
}

#[test]
fn import_sound_exit_codes() {
    let d = setup();
    let p = d.path();
    std::fs::write(p.join("junk.mp3"), b"this is not audio at all, not even close").unwrap();
    std::fs::write(p.join("ok.wav"), fx::encode(&fx::tone(8000, 800, 1), Codec::Pcm8, 0)).unwrap();
    let before = std::fs::read(p.join("sounds.lib")).unwrap();
    assert_eq!(run(&["import-sound", "sounds.lib::beep.wav", "junk.mp3"], p).status.code(), Some(1));
    assert_eq!(run(&["import-sound", "sounds.lib::beep.wav", "missing.wav"], p).status.code(), Some(2));
    assert_eq!(run(&["import-sound", "Material.lib::GLOW", "ok.wav"], p).status.code(), Some(2));
    assert_eq!(run(&["import-sound", "sounds.lib::beep.wav", "ok.wav", "--pcm", "--keep-format"], p).status.code(), Some(2));
    assert_eq!(run(&["import-sound", "sounds.lib::beep.wav", "junk.mp3", "--keep-format"], p).status.code(), Some(2));
    assert_eq!(std::fs::read(p.join("sounds.lib")).unwrap(), before, "failures change nothing");
    // An 8 kHz 8-bit input into a 22,050 Hz PCM 16 entry.
    assert!(run(&["import-sound", "sounds.lib::beep.wav", "ok.wav"], p).status.success());
    let v = json(&["info", "sounds.lib::beep.wav", "--json"], p);
    assert_eq!((v["codec"].as_str(), v["rate"].as_u64(), v["frames"].as_u64()), (Some("pcm16"), Some(22050), Some(2205)));
}
