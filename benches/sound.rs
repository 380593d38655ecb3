//! Sounds (docs/formats/wav.md): decoding a 60-second 22,050 Hz ADPCM sound (MS-ADPCM and IMA,
//! mono; goal ≤ 5 ms), the MS-ADPCM encoder, and before the timings, the encoder's quality: the
//! decoded SNR of our MS-ADPCM beside SoX's (`sox in.wav -e ms-adpcm out.wav`) on a speech-like
//! and a music-like clip at the same block size, both decoded by our decoder. Without `sox` on
//! the PATH only ours is printed.
//!
//! Measured on the 2-core shared build machine (load 4 to 8), release, `--quick`, SoX 14.4.2:
//! decoding 60 s of 22,050 Hz mono MS-ADPCM (512-byte blocks) 2.76 ms, IMA-ADPCM 3.00 ms (goal
//! 5 ms); encoding 10 s of speech to MS-ADPCM 83 ms; the envelope of a 10-minute sound built in
//! 2.3 to 3.1 ms (once per edit, on the editor's worker) and one frame's 1,280 columns read
//! from it in 23 µs (goal 2 ms a frame). Decoded SNR at SoX's block size, ours against SoX's
//! (`sox -D`, no dither): speech 14.02 / 13.88 dB, music 40.11 / 40.00 dB, music stereo
//! 40.03 / 39.75 dB. With SoX's default dither its figures were 0.1 dB lower or higher from run
//! to run; ours stayed above.

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::fixtures::wav as fx;
use parkan_studio::formats::wav::envelope::Pyramid;
use parkan_studio::formats::wav::{Codec, Sound, Wav};
use std::hint::black_box;
use std::process::Command;

fn snr(a: &[i16], b: &[i16]) -> f64 {
    let n = a.len().min(b.len());
    let sig: f64 = a[..n].iter().map(|&v| (v as f64).powi(2)).sum();
    let err: f64 = a[..n].iter().zip(&b[..n]).map(|(&x, &y)| (x as f64 - y as f64).powi(2)).sum();
    10.0 * (sig / err.max(1e-9)).log10()
}

/// Our SNR and SoX's (when sox runs) on one clip; the block size is SoX's choice, or 256.
fn compare(name: &str, clip: &Sound) {
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("in.wav");
    let sox_out = dir.path().join("sox.wav");
    std::fs::write(&input, fx::encode(clip, Codec::Pcm16, 0)).expect("write clip");
    // `-D`: no dither. SoX dithers by default when it writes fewer bits than it reads, which
    // adds noise of its own (and differs run to run); without it the comparison is of encoders.
    let sox = Command::new("sox").arg("-D").arg(&input).args(["-e", "ms-adpcm"]).arg(&sox_out).status().ok().filter(|s| s.success());
    let (sox_snr, block) = match sox.and_then(|_| std::fs::read(&sox_out).ok()).and_then(|b| Wav::parse(&b).ok()) {
        Some(w) => {
            let d = w.decode().expect("sox's output decodes");
            (Some(snr(&clip.samples, &d.samples)), w.fmt().expect("fmt").block_align)
        }
        None => (None, 256),
    };
    let ours = Wav::parse(&fx::encode(clip, Codec::MsAdpcm, block)).unwrap().decode().unwrap();
    let ours = snr(&clip.samples, &ours.samples);
    match sox_snr {
        Some(s) => println!("MS-ADPCM SNR, {name} ({} ch, block {block}): ours {ours:.2} dB, SoX {s:.2} dB", clip.channels),
        None => println!("MS-ADPCM SNR, {name} ({} ch, block {block}): ours {ours:.2} dB (sox not found)", clip.channels),
    }
}

fn bench(c: &mut Criterion) {
    compare("speech", &fx::speech(22050, 10.0));
    compare("music", &fx::music(22050, 10.0, 1));
    compare("music stereo", &fx::music(22050, 10.0, 2));

    let minute = fx::music(22050, 60.0, 1);
    let ms = fx::encode(&minute, Codec::MsAdpcm, 512);
    let ima = fx::encode(&minute, Codec::ImaAdpcm, 512);
    let mut g = c.benchmark_group("sound");
    g.sample_size(20);
    g.bench_function("decode_ms_adpcm_60s_22k", |b| {
        let w = Wav::parse(&ms).unwrap();
        b.iter(|| black_box(w.decode().unwrap().samples.len()))
    });
    g.bench_function("decode_ima_adpcm_60s_22k", |b| {
        let w = Wav::parse(&ima).unwrap();
        b.iter(|| black_box(w.decode().unwrap().samples.len()))
    });
    g.bench_function("parse_and_decode_ms_adpcm_60s_22k", |b| b.iter(|| black_box(Wav::parse(&ms).unwrap().decode().unwrap().samples.len())));
    // The sound editor's waveform: the envelope of a 10-minute sound, built once per edit, and
    // one frame's read of it (1,280 pixel columns at the whole-sound zoom).
    let long = fx::music(22050, 600.0, 1);
    g.bench_function("envelope_build_10min_22k", |b| b.iter(|| black_box(Pyramid::build(&long.samples, 1).levels.len())));
    let pyramid = Pyramid::build(&long.samples, 1);
    g.bench_function("envelope_frame_1280_columns_10min", |b| {
        let frames = long.frames();
        b.iter(|| {
            let mut acc = 0i32;
            for x in 0..1280usize {
                let (a, z) = (x * frames / 1280, (x + 1) * frames / 1280);
                if let Some((lo, hi)) = pyramid.range(&long.samples, 1, a, z) {
                    acc += (hi as i32) - (lo as i32);
                }
            }
            black_box(acc)
        })
    });
    let ten = fx::speech(22050, 10.0);
    g.bench_function("encode_ms_adpcm_10s_22k", |b| b.iter(|| black_box(fx::encode(&ten, Codec::MsAdpcm, 512).len())));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
