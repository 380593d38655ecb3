//! Reading a sound to put in an entry: WAV by our own reader (every codec of this module), FLAC,
//! Ogg Vorbis and MP3 through `symphonia` (MPL-2.0), to 16-bit interleaved samples.

use super::{Sound, Wav, is_wave};
use crate::formats::error::{Error, Result};
use crate::formats::message::Message;
use crate::msg;
use symphonia::core::audio::SampleBuffer;
use symphonia::core::codecs::DecoderOptions;
use symphonia::core::errors::Error as SymError;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

/// The most samples (all channels) an imported sound may have: an hour of 48 kHz stereo.
pub const MAX_SAMPLES: usize = 48_000 * 2 * 3600;

/// Decodes a sound file's bytes; `name` gives the extension as a hint to the prober.
pub fn decode_any(bytes: &[u8], name: &str) -> Result<Sound> {
    if is_wave(bytes) {
        let w = Wav::parse(bytes)?;
        if let Ok(s) = w.decode() {
            return Ok(s);
        }
        // A WAV of a codec ours does not read (float, 24-bit, ...) goes to symphonia, which
        // has no reader for it here either: the error names ours.
        return w.decode();
    }
    // A third-party decoder's panic on a malformed stream is an error here, never a crash.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| foreign(bytes, name)))
        .unwrap_or_else(|_| Err(Error::new(0, msg!("wav-decoder-panicked", "the decoder failed on this stream (malformed?)"))))
}

fn foreign(bytes: &[u8], name: &str) -> Result<Sound> {
    let fail = |m: Message| Error::new(0, m);
    let mut hint = Hint::new();
    if let Some(ext) = std::path::Path::new(name).extension().and_then(|e| e.to_str()) {
        hint.with_extension(ext);
    }
    let mss = MediaSourceStream::new(Box::new(std::io::Cursor::new(bytes.to_vec())), Default::default());
    let probed = symphonia::default::get_probe()
        .format(&hint, mss, &FormatOptions { enable_gapless: true, ..Default::default() }, &MetadataOptions::default())
        .map_err(|e| fail(msg!("wav-import-unknown", "not a sound this reads (WAV, FLAC, Ogg Vorbis, MP3): {error}", error = e.to_string())))?;
    let mut format = probed.format;
    let track = format.default_track().ok_or_else(|| fail(msg!("wav-import-no-track", "no audio track")))?;
    let id = track.id;
    let mut decoder = symphonia::default::get_codecs()
        .make(&track.codec_params, &DecoderOptions::default())
        .map_err(|e| fail(msg!("wav-import-no-decoder", "no decoder for the track: {error}", error = e.to_string())))?;
    let mut rate = track.codec_params.sample_rate.unwrap_or(0);
    let mut channels = track.codec_params.channels.map_or(0, |c| c.count());
    let mut samples: Vec<i16> = Vec::new();
    let mut buf: Option<SampleBuffer<i16>> = None;
    loop {
        let packet = match format.next_packet() {
            Ok(p) => p,
            Err(SymError::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
            Err(SymError::ResetRequired) => break,
            Err(e) => return Err(fail(msg!("wav-import-read", "reading the stream: {error}", error = e.to_string()))),
        };
        if packet.track_id() != id {
            continue;
        }
        match decoder.decode(&packet) {
            Ok(audio) => {
                let spec = *audio.spec();
                rate = spec.rate;
                channels = spec.channels.count();
                let need = audio.capacity() as u64;
                if buf.as_ref().is_none_or(|b| (b.capacity() as u64) < need * channels as u64) {
                    buf = Some(SampleBuffer::new(need, spec));
                }
                let b = buf.as_mut().expect("made above");
                b.copy_interleaved_ref(audio);
                samples.extend_from_slice(b.samples());
                if samples.len() > MAX_SAMPLES {
                    return Err(fail(msg!("wav-import-too-long", "longer than {max} samples", max = MAX_SAMPLES)));
                }
            }
            Err(SymError::DecodeError(_)) => continue,
            Err(e) => return Err(fail(msg!("wav-import-decode", "decoding: {error}", error = e.to_string()))),
        }
    }
    if rate == 0 || channels == 0 {
        return Err(fail(msg!("wav-import-no-samples", "no samples decoded")));
    }
    // More than two channels: the first two (the converter maps 2 to the entry's count).
    let channels = channels.min(u16::MAX as usize);
    let (samples, channels) = if channels > 2 {
        (super::convert::channels(&samples, channels, 2), 2)
    } else {
        (samples, channels)
    };
    Ok(Sound { rate, channels: channels as u16, samples })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wav_goes_through_our_reader_and_junk_is_an_error() {
        let b = crate::fixtures::wav::all().remove(4).1;
        let s = decode_any(&b, "x.wav").unwrap();
        assert_eq!(s, Wav::parse(&b).unwrap().decode().unwrap());
        assert!(decode_any(b"not a sound at all", "x.mp3").is_err());
        assert!(decode_any(b"", "x.flac").is_err());
    }

    #[test]
    fn flac_decodes_to_exactly_the_samples_written() {
        use crate::fixtures::{foreign_audio, wav};
        for s in [wav::tone(44100, 5000, 1), wav::tone(22050, 1152 * 2, 2), wav::speech(48000, 0.3)] {
            let b = foreign_audio::flac(&s);
            // The extension is only a hint: the stream is recognised by its content.
            for name in ["in.flac", "in.bin"] {
                assert_eq!(decode_any(&b, name).unwrap(), s, "{name}: {} Hz, {} channels", s.rate, s.channels);
            }
        }
        let mut b = foreign_audio::flac(&wav::tone(44100, 3000, 1));
        b.truncate(b.len() / 2);
        let cut = decode_any(&b, "cut.flac");
        assert!(cut.as_ref().map_or(true, |c| c.frames() < 3000), "a cut stream is an error or shorter: {cut:?}");
    }

    #[test]
    fn mp3_decodes_to_its_frames_of_samples() {
        use crate::fixtures::foreign_audio::{MP3_FRAME_SAMPLES, mp3_silence};
        let s = decode_any(&mp3_silence(20), "in.mp3").unwrap();
        assert_eq!((s.rate, s.channels), (44100, 1));
        assert_eq!(s.frames(), 20 * MP3_FRAME_SAMPLES);
        assert!(s.samples.iter().all(|&v| v == 0), "silence decodes to silence");
    }

    #[test]
    fn ogg_vorbis_decodes_to_its_granule_count_of_samples() {
        use crate::fixtures::foreign_audio::{VORBIS_SHORT_STEP, ogg_vorbis_silence};
        for ch in [1u8, 2] {
            let s = decode_any(&ogg_vorbis_silence(32000, ch, 41), "in.ogg").unwrap();
            assert_eq!((s.rate, s.channels), (32000, ch as u16));
            assert_eq!(s.frames(), 40 * VORBIS_SHORT_STEP);
            assert!(s.samples.iter().all(|&v| v == 0), "silence decodes to silence");
        }
    }
}
