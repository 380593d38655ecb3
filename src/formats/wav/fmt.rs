//! The `fmt ` chunk (WAVEFORMATEX, docs/formats/wav.md#the-format-chunk): the fields
//! as stored, the extra bytes kept, and what they mean for the three codecs read here.

use crate::formats::error::{Error, Result};
use crate::formats::message::Message;
use crate::msg;

pub const TAG_PCM: u16 = 1;
pub const TAG_MS_ADPCM: u16 = 2;
pub const TAG_IMA_ADPCM: u16 = 0x11;

/// The standard Microsoft ADPCM coefficient pairs (docs/formats/wav.md#microsoft-adpcm-tag-2).
pub const MS_COEFS: [(i16, i16); 7] = [(256, 0), (512, -256), (0, 0), (192, 64), (240, 0), (460, -208), (392, -232)];

/// What the sound's samples are stored as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Codec {
    Pcm8,
    Pcm16,
    MsAdpcm,
    ImaAdpcm,
}

impl Codec {
    /// The name `info --json` and the inspector give.
    pub fn label(self) -> &'static str {
        match self {
            Codec::Pcm8 => "pcm8",
            Codec::Pcm16 => "pcm16",
            Codec::MsAdpcm => "ms-adpcm",
            Codec::ImaAdpcm => "ima-adpcm",
        }
    }

    pub fn is_adpcm(self) -> bool {
        matches!(self, Codec::MsAdpcm | Codec::ImaAdpcm)
    }
}

/// A `fmt ` chunk's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fmt {
    pub tag: u16,
    pub channels: u16,
    pub rate: u32,
    pub avg_bytes: u32,
    pub block_align: u16,
    pub bits: u16,
    /// The extra-size field and the bytes after it (absent in a 16-byte PCM `fmt `).
    pub extra: Option<Vec<u8>>,
    /// Bytes of the chunk past the extra bytes, kept.
    pub trailing: Vec<u8>,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

impl Fmt {
    pub fn parse(b: &[u8]) -> Result<Fmt> {
        if b.len() < 16 {
            return Err(Error::new(0, msg!("wav-fmt-short", "`fmt ` chunk of {len} bytes: at least 16 needed", len = b.len())));
        }
        let u32_at = |at: usize| u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
        let (extra, trailing) = if b.len() >= 18 {
            let n = u16_at(b, 16) as usize;
            let end = (18 + n).min(b.len());
            (Some(b[18..end].to_vec()), b[end..].to_vec())
        } else {
            (None, b[16..].to_vec())
        };
        Ok(Fmt {
            tag: u16_at(b, 0),
            channels: u16_at(b, 2),
            rate: u32_at(4),
            avg_bytes: u32_at(8),
            block_align: u16_at(b, 12),
            bits: u16_at(b, 14),
            extra,
            trailing,
        })
    }

    /// The chunk body. An extra-size field that said more than the chunk held is written as the
    /// bytes present (the chunk as stored is kept by the RIFF layer; this is for new chunks).
    pub fn write(&self) -> Vec<u8> {
        let mut o = Vec::with_capacity(18);
        o.extend_from_slice(&self.tag.to_le_bytes());
        o.extend_from_slice(&self.channels.to_le_bytes());
        o.extend_from_slice(&self.rate.to_le_bytes());
        o.extend_from_slice(&self.avg_bytes.to_le_bytes());
        o.extend_from_slice(&self.block_align.to_le_bytes());
        o.extend_from_slice(&self.bits.to_le_bytes());
        if let Some(e) = &self.extra {
            o.extend_from_slice(&u16::try_from(e.len()).unwrap_or(u16::MAX).to_le_bytes());
            o.extend_from_slice(e);
        }
        o.extend_from_slice(&self.trailing);
        o
    }

    /// The codec, or why it cannot be decoded here.
    pub fn codec(&self) -> Result<Codec, Message> {
        if self.channels == 0 || self.channels > 2 {
            return Err(msg!("wav-channels", "{channels} channels: only mono and stereo are read", channels = self.channels));
        }
        if self.rate == 0 {
            return Err(msg!("wav-rate-zero", "a sample rate of 0"));
        }
        let ch = self.channels as usize;
        let ba = self.block_align as usize;
        match (self.tag, self.bits) {
            (TAG_PCM, 8) | (TAG_PCM, 16) => {
                let bytes = self.bits as usize / 8 * ch;
                if ba != bytes {
                    return Err(msg!("wav-pcm-block-align", "PCM block align {ba}, {bytes} expected for {bits} bits × {ch}", ba = ba, bytes = bytes, bits = self.bits, ch = ch));
                }
                Ok(if self.bits == 8 { Codec::Pcm8 } else { Codec::Pcm16 })
            }
            (TAG_PCM, b) => Err(msg!("wav-pcm-bits", "PCM of {b} bits: only 8 and 16 are read", b = b)),
            (TAG_MS_ADPCM, _) => {
                if ba < 7 * ch + 1 {
                    return Err(msg!("wav-ms-block-align", "MS-ADPCM block align {ba}: too small for {ch} channel(s)", ba = ba, ch = ch));
                }
                Ok(Codec::MsAdpcm)
            }
            (TAG_IMA_ADPCM, _) => {
                if ba < 4 * ch + 4 * ch || !(ba - 4 * ch).is_multiple_of(4 * ch) {
                    return Err(msg!("wav-ima-block-align", "IMA-ADPCM block align {ba}: needs 4 × {ch} header bytes and whole 4-byte groups per channel", ba = ba, ch = ch));
                }
                Ok(Codec::ImaAdpcm)
            }
            (t, _) => Err(msg!("wav-format-tag", "format tag {tag}: only PCM (1), MS-ADPCM (2) and IMA-ADPCM (0x11) are read", tag = format!("0x{t:04X}"))),
        }
    }

    /// Samples per channel in a full block of this format (1 for PCM).
    pub fn samples_per_block(&self) -> usize {
        let ch = self.channels.max(1) as usize;
        let ba = self.block_align as usize;
        match self.tag {
            TAG_MS_ADPCM => ms_samples_per_block(ba, ch),
            TAG_IMA_ADPCM => ima_samples_per_block(ba, ch),
            _ => 1,
        }
    }

    /// The samples-per-block field of an ADPCM `fmt `'s extra bytes.
    pub fn stored_samples_per_block(&self) -> Option<u16> {
        let e = self.extra.as_ref()?;
        (matches!(self.tag, TAG_MS_ADPCM | TAG_IMA_ADPCM) && e.len() >= 2).then(|| u16_at(e, 0))
    }

    /// The MS-ADPCM coefficient table: as stored when the extra bytes hold one, else the
    /// standard seven pairs.
    pub fn ms_coefs(&self) -> Vec<(i16, i16)> {
        if let Some(e) = &self.extra
            && e.len() >= 4
        {
            let n = u16_at(e, 2) as usize;
            let have = (e.len() - 4) / 4;
            if n > 0 && n <= have {
                return (0..n).map(|i| (u16_at(e, 4 + 4 * i) as i16, u16_at(e, 6 + 4 * i) as i16)).collect();
            }
        }
        MS_COEFS.to_vec()
    }

    /// A new `fmt ` for a codec, rate, channel count and (ADPCM) block align, as encoders write it.
    pub fn new(codec: Codec, rate: u32, channels: u16, block_align: u16) -> Fmt {
        let ch = channels as usize;
        match codec {
            Codec::Pcm8 | Codec::Pcm16 => {
                let bits = if codec == Codec::Pcm8 { 8 } else { 16 };
                // A channel count read from a damaged file can make these overflow their
                // fields: they saturate (the samples do not depend on them).
                let ba = (bits as u32 / 8 * channels as u32).min(u16::MAX as u32);
                let avg_bytes = (rate as u64 * ba as u64).min(u32::MAX as u64) as u32;
                Fmt { tag: TAG_PCM, channels, rate, avg_bytes, block_align: ba as u16, bits, extra: None, trailing: Vec::new() }
            }
            Codec::MsAdpcm => {
                let spb = ms_samples_per_block(block_align as usize, ch);
                let mut e = Vec::with_capacity(32);
                e.extend_from_slice(&(spb as u16).to_le_bytes());
                e.extend_from_slice(&7u16.to_le_bytes());
                for (a, b) in MS_COEFS {
                    e.extend_from_slice(&a.to_le_bytes());
                    e.extend_from_slice(&b.to_le_bytes());
                }
                let avg = (rate as u64 * block_align as u64 / spb.max(1) as u64) as u32;
                Fmt { tag: TAG_MS_ADPCM, channels, rate, avg_bytes: avg, block_align, bits: 4, extra: Some(e), trailing: Vec::new() }
            }
            Codec::ImaAdpcm => {
                let spb = ima_samples_per_block(block_align as usize, ch);
                let avg = (rate as u64 * block_align as u64 / spb.max(1) as u64) as u32;
                Fmt { tag: TAG_IMA_ADPCM, channels, rate, avg_bytes: avg, block_align, bits: 4, extra: Some((spb as u16).to_le_bytes().to_vec()), trailing: Vec::new() }
            }
        }
    }
}

/// Samples per channel in a full MS-ADPCM block.
pub fn ms_samples_per_block(block_align: usize, channels: usize) -> usize {
    let ch = channels.max(1);
    2 + block_align.saturating_sub(7 * ch) * 2 / ch
}

/// Samples per channel in a full IMA-ADPCM block.
pub fn ima_samples_per_block(block_align: usize, channels: usize) -> usize {
    let ch = channels.max(1);
    1 + block_align.saturating_sub(4 * ch) * 2 / ch
}
