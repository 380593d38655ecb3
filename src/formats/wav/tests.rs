//! Whole-file tests: every fixture round-trips, reads the format it was written with, decodes
//! near its source; the chunk layer's findings; conversion to an entry's kind.

use super::convert::{Target, replace};
use super::*;
use crate::fixtures::wav as fx;
use crate::formats::Severity;
use proptest::prelude::*;

fn snr(a: &[i16], b: &[i16]) -> f64 {
    let sig: f64 = a.iter().map(|&v| (v as f64).powi(2)).sum();
    let err: f64 = a.iter().zip(b).map(|(&x, &y)| (x as f64 - y as f64).powi(2)).sum();
    10.0 * (sig / err.max(1e-9)).log10()
}

#[test]
fn every_fixture_round_trips_and_decodes() {
    for (name, b) in fx::all() {
        let w = Wav::parse(&b).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(w.write(), b, "{name}");
        let info = w.info().unwrap();
        assert_ne!(info.codec, "unknown", "{name}");
        let s = w.decode().unwrap();
        assert_eq!(s.frames() as u64, info.frames, "{name}");
        assert_eq!(peek(&b).as_ref(), Some(&info), "{name}");
        let errors: Vec<_> = w.diagnostics().into_iter().filter(|d| d.severity >= Severity::Warning).collect();
        assert_eq!(name == "truncated_data.wav", !errors.is_empty(), "{name}: {errors:?}");
    }
}

#[test]
fn fixtures_are_the_kinds_their_names_say() {
    let f = |n: &str| {
        let b = fx::all().into_iter().find(|(k, _)| *k == n).unwrap().1;
        Wav::parse(&b).unwrap().info().unwrap()
    };
    let i = f("msadpcm_stereo.wav");
    assert_eq!((i.codec, i.channels, i.block_align, i.samples_per_block, i.frames), ("ms-adpcm", 2, 512, 500, 2000));
    let i = f("ima_odd_block.wav");
    assert_eq!((i.codec, i.channels, i.block_align, i.samples_per_block, i.frames), ("ima-adpcm", 1, 36, 65, 1001));
    let i = f("pcm8_stereo.wav");
    assert_eq!((i.codec, i.rate, i.channels, i.bits, i.frames), ("pcm8", 11025, 2, 8, 601));
    assert!((i.duration - 601.0 / 11025.0).abs() < 1e-9);
    let i = f("extra_chunks.wav");
    assert_eq!(i.chunks, ["fmt ", "LIST", "fact", "data", "note", "cue "]);
}

#[test]
fn adpcm_fixtures_decode_near_their_source() {
    for (codec, ba, ch, min) in [(Codec::MsAdpcm, 256, 1, 28.0), (Codec::MsAdpcm, 512, 2, 28.0), (Codec::ImaAdpcm, 256, 1, 22.0), (Codec::ImaAdpcm, 512, 2, 22.0)] {
        let src = fx::tone(22050, 3000, ch);
        let w = Wav::parse(&fx::encode(&src, codec, ba)).unwrap();
        let d = w.decode().unwrap();
        assert_eq!(d.samples.len(), src.samples.len());
        let s = snr(&src.samples, &d.samples);
        assert!(s > min, "{codec:?} {ch}: {s}");
    }
}

#[test]
fn a_truncated_data_chunk_reads_as_far_as_it_goes() {
    let b = fx::truncated();
    let w = Wav::parse(&b).unwrap();
    let data = w.data().unwrap();
    assert!(data.truncated());
    let d = w.diagnostics();
    let cut = d.iter().find(|d| d.message.contains("chunk `data`")).expect("a finding for the data chunk");
    assert_eq!(cut.offset, Some(data.offset as u64 + 4));
    assert!(d.iter().any(|d| d.offset == Some(4) && d.message.contains("RIFF size")), "{d:?}");
    // As far as it goes: the whole blocks and the part of the cut block.
    let s = w.decode().unwrap();
    assert!(s.frames() > 1000 && s.frames() < 2000, "{}", s.frames());
    assert_eq!(w.write(), b);
}

#[test]
fn disagreeing_sizes_and_missing_chunks_are_reported() {
    let mut b = fx::encode(&fx::tone(8000, 100, 1), Codec::Pcm16, 0);
    b[4] = b[4].wrapping_add(2);
    let w = Wav::parse(&b).unwrap();
    assert_eq!(w.write(), b);
    assert!(w.diagnostics().iter().any(|d| d.offset == Some(4) && d.severity == Severity::Warning));
    let only_fmt = Riff::new(vec![Chunk::new(*b"fmt ", Fmt::new(Codec::Pcm16, 8000, 1, 0).write())]).write();
    let w = Wav::parse(&only_fmt).unwrap();
    assert!(w.diagnostics().iter().any(|d| d.severity == Severity::Error && d.message.contains("data")));
    assert!(w.decode().is_err());
    let bad_tag = Riff::new(vec![Chunk::new(*b"fmt ", Fmt { tag: 0x55, ..Fmt::new(Codec::Pcm16, 8000, 1, 0) }.write())]).write();
    let e = Wav::parse(&bad_tag).unwrap().decode().unwrap_err();
    assert_eq!(e.offset, 20);
    assert!(Wav::parse(b"RIFF\0\0\0\0AVI ").is_err());
    assert!(Wav::parse(b"RIF").is_err());
}

#[test]
fn a_replacement_takes_the_entrys_kind_and_keeps_other_chunks() {
    let entry = Wav::parse(&fx::with_extra_chunks()).unwrap();
    let new = fx::music(44100, 0.5, 2);
    let out = replace(&entry, &new, Target::EntryKind).unwrap();
    let w = Wav::parse(&out).unwrap();
    assert!(w.diagnostics().is_empty(), "{:?}", w.diagnostics());
    let (a, b) = (entry.info().unwrap(), w.info().unwrap());
    assert_eq!((b.codec, b.rate, b.channels, b.block_align), (a.codec, a.rate, a.channels, a.block_align));
    assert_eq!(b.chunks, a.chunks);
    assert_eq!(b.frames, 11025);
    assert_eq!(w.riff.chunk(b"note").unwrap().body, b"odd");
    assert_eq!(w.fmt().unwrap(), entry.fmt().unwrap());
    let p = Wav::parse(&replace(&entry, &new, Target::Pcm16).unwrap()).unwrap();
    assert_eq!((p.info().unwrap().codec, p.info().unwrap().rate, p.info().unwrap().channels), ("pcm16", 22050, 1));
    assert!(p.riff.chunk(b"fact").is_none());
}

#[test]
fn a_chunk_past_the_riff_size_ends_the_chunks() {
    // RIFF size 20 (up to byte 28), a chunk at 12 that says 100 bytes, 200 bytes in the file.
    let mut b = b"RIFF".to_vec();
    b.extend_from_slice(&20u32.to_le_bytes());
    b.extend_from_slice(b"WAVEjunk");
    b.extend_from_slice(&100u32.to_le_bytes());
    b.resize(200, 7);
    let w = Wav::parse(&b).unwrap();
    assert_eq!(w.riff.chunks.len(), 1);
    assert_eq!(w.riff.tail.len(), 200 - 120);
    assert_eq!(w.write(), b);
    assert_eq!(crate::fuzzing::target("wav_parse").map(|t| t.run(&b)), Some(()));
}

proptest! {
    /// The fixtures with bytes changed, cut or grown: the fuzz target's promises hold (it
    /// writes back identical, decodes exactly what info counts, never panics).
    #[test]
    fn mutated_fixtures_keep_the_fuzz_targets_promises(which in 0usize..13, edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..12), cut in any::<Option<usize>>()) {
        let mut b = fx::all().swap_remove(which % fx::all().len()).1;
        for (at, v) in edits {
            // Most edits in the headers, where the fields are.
            let n = if at % 3 == 0 { b.len() } else { b.len().min(96) };
            let i = at % n.max(1);
            if let Some(x) = b.get_mut(i) {
                *x = v;
            }
        }
        if let Some(c) = cut {
            b.truncate(c % (b.len() + 1));
        }
        crate::fuzzing::target("wav_parse").unwrap().run(&b);
    }

    #[test]
    fn any_bytes_after_a_wave_header_open_and_write_back(body in proptest::collection::vec(any::<u8>(), 0..400), size in any::<u32>()) {
        let mut b = b"RIFF".to_vec();
        b.extend_from_slice(&size.to_le_bytes());
        b.extend_from_slice(b"WAVE");
        b.extend_from_slice(&body);
        let w = Wav::parse(&b).unwrap();
        prop_assert_eq!(w.write(), b.clone());
        for d in w.diagnostics() {
            prop_assert!(d.offset.is_none_or(|o| o as usize <= b.len()));
        }
        let _ = w.decode();
        let _ = w.info();
        let _ = peek(&b);
    }

    #[test]
    fn written_sounds_read_back(frames in 0usize..1500, stereo in any::<bool>(), which in 0usize..4, blocks in 1u16..40) {
        let ch = if stereo { 2 } else { 1 };
        let s = fx::tone(22050, frames, ch);
        let codec = [Codec::Pcm8, Codec::Pcm16, Codec::MsAdpcm, Codec::ImaAdpcm][which];
        let ba = match codec { Codec::ImaAdpcm => 4 * ch + 4 * ch * blocks, _ => 7 * ch + 1 + blocks * 3 };
        let b = Wav::from_sound(&s, codec, ba).write();
        let w = Wav::parse(&b).unwrap();
        prop_assert!(w.riff.diagnostics.is_empty());
        let d = w.decode().unwrap();
        prop_assert_eq!(d.samples.len(), s.samples.len());
        prop_assert_eq!(w.info().unwrap().frames as usize, frames);
        if codec == Codec::Pcm16 {
            prop_assert_eq!(d.samples, s.samples);
        }
    }
}

/// The editor shows a sound's findings and its summary line in the user's language.
#[cfg(feature = "gui")]
#[test]
fn findings_and_the_summary_carry_their_russian_text() {
    use crate::app::i18n::Language;
    use crate::app::i18n::messages::text_in;
    let ru = |m: &crate::formats::Message| text_in(Language::Russian, &m.english, m.key.as_deref());
    let e = Wav::parse(b"RIFF\x04\0\0\0AVI ").unwrap_err();
    assert_eq!(e.to_string(), "@0x8: a RIFF file of another form: expected `WAVE`");
    assert_eq!(ru(&e.text()), "файл RIFF другого вида: ожидалось «WAVE»");

    let b = fx::all().into_iter().find(|(n, _)| *n == "msadpcm_stereo.wav").unwrap().1;
    let s = Wav::parse(&b).unwrap().info().unwrap().summary();
    assert_eq!(s.as_str(), "ms-adpcm · 22050 Hz · stereo · block 512 · 0.09 s");
    assert_eq!(ru(&s), "ms-adpcm · 22050 Гц · стерео · блок 512 · 0.09 с");

    // A format the codecs do not read: its reason, in Russian, with the tag as the file has it.
    let mut f = Fmt::parse(&Fmt::new(Codec::Pcm16, 22050, 1, 0).write()).unwrap();
    f.tag = 3;
    let why = f.codec().unwrap_err();
    assert_eq!(why.as_str(), "format tag 0x0003: only PCM (1), MS-ADPCM (2) and IMA-ADPCM (0x11) are read");
    assert_eq!(ru(&why), "тег формата 0x0003: читаются только PCM (1), MS-ADPCM (2) и IMA-ADPCM (0x11)");
}
