//! WAV (docs/formats/wav.md): any bytes read by the chunk layer, written back identical, the
//! format and its findings read, and decoded; the decode gives exactly the samples `info` counts.
//! The round trip also puts the decoded sound back into the entry, in its own kind and as
//! 16-bit PCM, the way `import-sound` and `export-wav --pcm` do.

use crate::formats::wav::convert::{Target, replace, to_pcm16};
use crate::formats::wav::{Codec, Wav, peek};

pub fn parse(data: &[u8]) {
    let Ok(w) = Wav::parse(data) else { return };
    assert_eq!(w.write(), data, "an untouched sound writes back its bytes");
    for d in w.diagnostics() {
        assert!(d.offset.is_none_or(|o| o as usize <= data.len()), "a diagnostic past the end: {d:?}");
    }
    let info = w.info().ok();
    assert_eq!(peek(data).map(|i| (i.codec, i.frames)), info.as_ref().map(|i| (i.codec, i.frames)), "peek and info agree");
    if let (Ok(s), Some(i)) = (w.decode(), info) {
        assert_eq!(s.samples.len() as u64, i.frames * i.channels as u64, "decode gives the samples info counts");
    }
}

pub fn round_trip(data: &[u8]) {
    // ADPCM encoding tries every predictor on every block: the cap bounds a run's time.
    if data.len() > super::PARSE_MAX_LEN {
        return;
    }
    parse(data);
    let Ok(w) = Wav::parse(data) else { return };
    let (Ok(info), Ok(sound)) = (w.info(), w.decode()) else { return };
    let pcm = to_pcm16(&w).expect("a sound that decodes exports as PCM");
    let back = Wav::parse(&pcm).expect("the exported PCM reads").decode().expect("the exported PCM decodes");
    assert_eq!(back, sound, "16-bit PCM keeps the decoded samples exactly");
    let Ok(bytes) = replace(&w, &sound, Target::EntryKind) else { return };
    let again = Wav::parse(&bytes).expect("a replaced sound reads");
    let ai = again.info().expect("a replaced sound has its format");
    assert_eq!(
        (ai.codec, ai.format_tag, ai.rate, ai.channels, ai.block_align),
        (info.codec, info.format_tag, info.rate, info.channels, info.block_align),
        "the replaced sound keeps the entry's kind"
    );
    let decoded = again.decode().expect("a replaced sound decodes");
    assert_eq!(decoded.frames(), sound.frames(), "the replaced sound is as long as the sound put in");
    if [Codec::Pcm8, Codec::Pcm16].iter().any(|c| c.label() == ai.codec) {
        assert_eq!(decoded, sound, "PCM stores the samples exactly");
    }
    let others = |w: &Wav| w.riff.chunks.iter().filter(|c| !matches!(&c.id, b"fmt " | b"fact" | b"data")).map(|c| (c.id, c.body.clone())).collect::<Vec<_>>();
    assert_eq!(others(&again), others(&w), "the entry's other chunks stay");
}

pub fn seeds() -> Vec<Vec<u8>> {
    super::within_cap(crate::fixtures::wav::all().into_iter().map(|(_, b)| b).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_seed_goes_round_and_a_damaged_one_is_no_panic() {
        for s in super::seeds() {
            super::round_trip(&s);
            for cut in [s.len() / 2, s.len() - 1, 60] {
                super::round_trip(&s[..cut.min(s.len())]);
            }
        }
    }
}
