//! Turning any decoded sound into an entry's kind (docs/formats/wav.md#converting-a-sound-to-an-entrys-kind):
//! channels, rate, then the entry's codec with its block align; the entry's other chunks kept.

use super::{Chunk, Codec, Fmt, Riff, Sound, Wav, ima, msadpcm, pcm, resample};
use crate::formats::error::{Error, Result};
use crate::msg;

/// Interleaved samples from one channel count to another: stereo to mono averages, mono to
/// stereo copies; other counts take the first channels (or repeat the last).
pub fn channels(x: &[i16], from: usize, to: usize) -> Vec<i16> {
    let from = from.max(1);
    let to = to.max(1);
    if from == to {
        return x[..x.len() / from * from].to_vec();
    }
    let frames = x.len() / from;
    let mut out = Vec::with_capacity(frames * to);
    for f in x.chunks_exact(from) {
        if to == 1 {
            let sum: i32 = f.iter().map(|&v| v as i32).sum();
            out.push((sum as f64 / from as f64).round() as i16);
        } else {
            for c in 0..to {
                out.push(f[c.min(from - 1)]);
            }
        }
    }
    out
}

/// Encodes interleaved 16-bit samples with a format's codec.
pub fn encode(x: &[i16], ch: usize, f: &Fmt, codec: Codec) -> Vec<u8> {
    match codec {
        Codec::Pcm8 => pcm::encode8(x),
        Codec::Pcm16 => pcm::encode16(x),
        Codec::MsAdpcm => msadpcm::encode(x, ch, f.block_align as usize, &f.ms_coefs()),
        Codec::ImaAdpcm => ima::encode(x, ch, f.block_align as usize),
    }
}

/// A sound at a rate and channel count.
pub fn reshape(s: &Sound, rate: u32, ch: u16) -> Result<Sound> {
    let x = channels(&s.samples, s.channels as usize, ch as usize);
    let samples = resample::resample(&x, ch as usize, s.rate, rate)
        .ok_or_else(|| Error::new(0, msg!("wav-resample", "resampling {from} Hz to {rate} Hz: a rate of 0 or a result too long", from = s.rate, rate = rate)))?;
    Ok(Sound { rate, channels: ch, samples })
}

/// What a replacement becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The entry's own codec, rate, channels and block align.
    EntryKind,
    /// 16-bit PCM at the entry's rate and channels.
    Pcm16,
}

/// The bytes of `entry` with its sound replaced by `new`, converted to `target`. Chunks other
/// than `fmt `, `fact` and `data` stay in their places; sizes are recomputed.
pub fn replace(entry: &Wav, new: &Sound, target: Target) -> Result<Vec<u8>> {
    let f = entry.fmt()?;
    let codec = f.codec().map_err(|m| Error::new(0, msg!("wav-entry-format-unwritable", "the entry's format cannot be written: {why}", why = m.english)))?;
    let s = reshape(new, f.rate, f.channels)?;
    let (fmt_body, codec, f) = match target {
        Target::EntryKind => (entry.riff.chunk(b"fmt ").map(|c| c.body.clone()).unwrap_or_else(|| f.write()), codec, f),
        Target::Pcm16 => {
            let nf = Fmt::new(Codec::Pcm16, f.rate, f.channels, 0);
            (nf.write(), Codec::Pcm16, nf)
        }
    };
    let data = encode(&s.samples, s.channels as usize, &f, codec);
    let frames = s.frames() as u32;
    let mut chunks = Vec::with_capacity(entry.riff.chunks.len() + 2);
    let mut saw_fact = false;
    for c in &entry.riff.chunks {
        match &c.id {
            b"fmt " => chunks.push(Chunk::new(c.id, fmt_body.clone())),
            b"fact" => {
                saw_fact = true;
                if codec.is_adpcm() {
                    chunks.push(Chunk::new(c.id, frames.to_le_bytes().to_vec()));
                }
            }
            b"data" => {
                if codec.is_adpcm() && !saw_fact {
                    chunks.push(Chunk::new(*b"fact", frames.to_le_bytes().to_vec()));
                    saw_fact = true;
                }
                chunks.push(Chunk::new(c.id, data.clone()));
            }
            _ => chunks.push(Chunk::new(c.id, c.body.clone())),
        }
    }
    if entry.data().is_none() {
        chunks.push(Chunk::new(*b"data", data));
    }
    Ok(Riff::new(chunks).write())
}

/// A sound decoded to 16-bit PCM, as `export-wav --pcm` writes it.
pub fn to_pcm16(w: &Wav) -> Result<Vec<u8>> {
    let s = w.decode()?;
    Ok(Wav::from_sound(&s, Codec::Pcm16, 0).write())
}
