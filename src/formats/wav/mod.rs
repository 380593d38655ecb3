//! WAV sounds (RIFF/WAVE), as the game stores them in `SWAV` entries of `sounds.lib` and
//! `voices.lib`: docs/formats/wav.md.
//!
//! [`riff`] keeps every chunk as stored (sizes, pads, unknown chunks, a tail), so an untouched
//! sound writes back byte-identical; [`fmt`] reads the format chunk; [`pcm`], [`msadpcm`] and
//! [`ima`] are our own codecs; [`resample`] and [`convert`] turn any sound into an entry's kind.

pub mod convert;
pub mod envelope;
pub mod fmt;
pub mod import;
pub mod ima;
pub mod msadpcm;
pub mod pcm;
pub mod resample;
pub mod riff;
#[cfg(test)]
mod tests;

pub use fmt::{Codec, Fmt};
pub use riff::{Chunk, Riff, is_wave};

use crate::formats::error::{Diagnostic, Error, Result};
use crate::formats::message::Message;
use crate::msg;

/// The NRes type tag of the game's sound entries.
pub const TYPE_SWAV: u32 = crate::formats::fourcc(b"SWAV");

/// Decoded samples: 16-bit, channels interleaved.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sound {
    pub rate: u32,
    pub channels: u16,
    pub samples: Vec<i16>,
}

impl Sound {
    pub fn frames(&self) -> usize {
        self.samples.len() / self.channels.max(1) as usize
    }
    pub fn duration(&self) -> f64 {
        if self.rate == 0 { 0.0 } else { self.frames() as f64 / self.rate as f64 }
    }
}

/// What a sound is, read from its chunks without decoding.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Info {
    /// `pcm8`, `pcm16`, `ms-adpcm`, `ima-adpcm`, or `unknown`.
    pub codec: &'static str,
    pub format_tag: u16,
    pub rate: u32,
    pub channels: u16,
    pub bits: u16,
    pub block_align: u16,
    /// Samples per channel in a full block (1 for PCM).
    pub samples_per_block: usize,
    /// Samples per channel in the data (the `fact` count when it is smaller).
    pub frames: u64,
    pub duration: f64,
    pub data_bytes: usize,
    /// Ids of every chunk in file order.
    pub chunks: Vec<String>,
}

/// A sound as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Wav {
    pub riff: Riff,
}

impl Wav {
    pub fn parse(b: &[u8]) -> Result<Wav> {
        Ok(Wav { riff: Riff::parse(b)? })
    }

    /// The bytes as stored (untouched: the bytes read).
    pub fn write(&self) -> Vec<u8> {
        self.riff.write()
    }

    /// The `fmt ` chunk, or an error at its offset.
    pub fn fmt(&self) -> Result<Fmt> {
        let c = self.riff.chunk(b"fmt ").ok_or_else(|| Error::new(12, msg!("wav-no-fmt", "no `fmt ` chunk")))?;
        Fmt::parse(&c.body).map_err(|e| Error::new(c.offset + 8 + e.offset as usize, e.text()))
    }

    fn codec(&self) -> Result<(Fmt, Codec)> {
        let f = self.fmt()?;
        let at = self.riff.chunk(b"fmt ").map_or(12, |c| c.offset + 8);
        let codec = f.codec().map_err(|m| Error::new(at, m))?;
        Ok((f, codec))
    }

    pub fn data(&self) -> Option<&Chunk> {
        self.riff.chunk(b"data")
    }

    /// The `fact` chunk's sample count.
    pub fn fact(&self) -> Option<u32> {
        let b = &self.riff.chunk(b"fact")?.body;
        (b.len() >= 4).then(|| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Samples per channel the data holds, as the decoder will give them (before the `fact` trim).
    fn data_frames(f: &Fmt, codec: Codec, len: usize) -> u64 {
        let ch = f.channels.max(1) as usize;
        let ba = f.block_align.max(1) as usize;
        let (full, rem) = (len / ba, len % ba);
        let per = f.samples_per_block();
        let part = match codec {
            Codec::Pcm8 | Codec::Pcm16 => 0,
            Codec::MsAdpcm if rem >= 7 * ch => 2 + (rem - 7 * ch) * 2 / ch,
            Codec::ImaAdpcm if rem >= 4 * ch => 1 + (rem - 4 * ch) / (4 * ch) * 8,
            _ => 0,
        };
        (full as u64) * per as u64 + part as u64
    }

    pub fn info(&self) -> Result<Info> {
        let f = self.fmt()?;
        let data_bytes = self.data().map_or(0, |c| c.body.len());
        Ok(info_of(&f, data_bytes, self.fact(), self.riff.chunks.iter().map(Chunk::id_str).collect()))
    }

    /// What `check` reports: the chunk layer's findings, then the format's.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut d = self.riff.diagnostics.clone();
        match self.codec() {
            Err(e) => d.push(e.into()),
            Ok((f, codec)) => {
                let fmt_at = self.riff.chunk(b"fmt ").map_or(0, |c| c.offset);
                if codec.is_adpcm()
                    && let Some(s) = f.stored_samples_per_block()
                    && s as usize != f.samples_per_block()
                {
                    d.push(Diagnostic::warning(
                        fmt_at + 8 + 18,
                        msg!(
                            "wav-samples-per-block",
                            "samples per block says {s}, block align {block_align} holds {holds}",
                            s = s,
                            block_align = f.block_align,
                            holds = f.samples_per_block()
                        ),
                    ));
                }
                match self.data() {
                    None => d.push(Diagnostic::error(12, msg!("wav-no-data", "no `data` chunk"))),
                    Some(c) => {
                        if let Some(n) = self.fact() {
                            let have = Self::data_frames(&f, codec, c.body.len());
                            if n as u64 != have && !(codec.is_adpcm() && (n as u64) < have && have - (n as u64) < f.samples_per_block() as u64) {
                                let at = self.riff.chunk(b"fact").map_or(0, |c| c.offset + 8);
                                d.push(Diagnostic::info(at, msg!("wav-fact-count", "`fact` says {n} samples, the data holds {have}", n = n, have = have)));
                            }
                        }
                        let (_, problems) = self.decode_data(&f, codec, &c.body);
                        d.extend(problems.into_iter().map(|p| Diagnostic::warning(c.offset + 8 + p.offset, p.message)));
                    }
                }
            }
        }
        d
    }

    fn decode_data(&self, f: &Fmt, codec: Codec, data: &[u8]) -> (Vec<i16>, Vec<msadpcm::Problem>) {
        let ch = f.channels as usize;
        let ba = f.block_align as usize;
        let (mut s, p) = match codec {
            Codec::Pcm8 => (pcm::decode8(&data[..data.len() / ch * ch]), Vec::new()),
            Codec::Pcm16 => (pcm::decode16(&data[..data.len() / (2 * ch) * 2 * ch]), Vec::new()),
            Codec::MsAdpcm => msadpcm::decode(data, ch, ba, &f.ms_coefs()),
            Codec::ImaAdpcm => ima::decode(data, ch, ba),
        };
        if codec.is_adpcm()
            && let Some(n) = self.fact()
        {
            s.truncate((n as usize).saturating_mul(ch));
        }
        (s, p)
    }

    /// Decodes to 16-bit samples (a truncated data chunk as far as it goes).
    pub fn decode(&self) -> Result<Sound> {
        let (f, codec) = self.codec()?;
        let data = self.data().ok_or_else(|| Error::new(12, msg!("wav-no-data", "no `data` chunk")))?;
        let (samples, _) = self.decode_data(&f, codec, &data.body);
        Ok(Sound { rate: f.rate, channels: f.channels, samples })
    }

    /// A new sound file: `fmt `, a `fact` for ADPCM, `data`.
    pub fn from_sound(s: &Sound, codec: Codec, block_align: u16) -> Wav {
        let f = Fmt::new(codec, s.rate, s.channels, block_align);
        let data = convert::encode(&s.samples, s.channels as usize, &f, codec);
        let mut chunks = vec![Chunk::new(*b"fmt ", f.write())];
        if codec.is_adpcm() {
            chunks.push(Chunk::new(*b"fact", (s.frames() as u32).to_le_bytes().to_vec()));
        }
        chunks.push(Chunk::new(*b"data", data));
        Wav { riff: Riff::new(chunks) }
    }
}

fn info_of(f: &Fmt, data_bytes: usize, fact: Option<u32>, chunks: Vec<String>) -> Info {
    let codec = f.codec().ok();
    let mut frames = codec.map_or(0, |c| Wav::data_frames(f, c, data_bytes));
    if let Some(n) = fact
        && codec.is_some_and(Codec::is_adpcm)
    {
        frames = frames.min(n as u64);
    }
    Info {
        codec: codec.map_or("unknown", Codec::label),
        format_tag: f.tag,
        rate: f.rate,
        channels: f.channels,
        bits: f.bits,
        block_align: f.block_align,
        samples_per_block: f.samples_per_block(),
        frames,
        duration: if f.rate == 0 { 0.0 } else { frames as f64 / f.rate as f64 },
        data_bytes,
        chunks,
    }
}

/// What a sound is, for the browser's rows: the full reading's [`Wav::info`]. `None` when the
/// bytes are not RIFF/WAVE or have no readable `fmt `.
pub fn peek(b: &[u8]) -> Option<Info> {
    // The same chunk walk as the full reading: a second, lighter walk disagreed with it on
    // damaged chunk lists (found by the wav_parse fuzz target).
    if !is_wave(b) {
        return None;
    }
    Wav::parse(b).ok()?.info().ok()
}

impl Info {
    /// One line for the browser and the inspector: `ms-adpcm · 22050 Hz · mono · block 256 · 1.50 s`.
    /// One line per channel layout, with and without a block size, so that each is one sentence
    /// to translate; the codec name stays as it is.
    pub fn summary(&self) -> Message {
        // The seconds as the English shows them (two decimals): a number passed as a number would
        // show all its digits in Russian.
        let (codec, rate, seconds) = (self.codec, self.rate, format!("{:.2}", self.duration));
        let block = self.block_align;
        match (self.channels, self.samples_per_block > 1) {
            (1, false) => msg!("wav-summary-mono", "{codec} · {rate} Hz · mono · {seconds} s", codec = codec, rate = rate, seconds = seconds),
            (1, true) => msg!("wav-summary-mono-block", "{codec} · {rate} Hz · mono · block {block} · {seconds} s", codec = codec, rate = rate, block = block, seconds = seconds),
            (2, false) => msg!("wav-summary-stereo", "{codec} · {rate} Hz · stereo · {seconds} s", codec = codec, rate = rate, seconds = seconds),
            (2, true) => msg!("wav-summary-stereo-block", "{codec} · {rate} Hz · stereo · block {block} · {seconds} s", codec = codec, rate = rate, block = block, seconds = seconds),
            (n, false) => msg!("wav-summary-channels", "{codec} · {rate} Hz · {n} channels · {seconds} s", codec = codec, rate = rate, n = n, seconds = seconds),
            (n, true) => msg!(
                "wav-summary-channels-block",
                "{codec} · {rate} Hz · {n} channels · block {block} · {seconds} s",
                codec = codec,
                rate = rate,
                n = n,
                block = block,
                seconds = seconds
            ),
        }
    }
}
