//! IMA (DVI) ADPCM (format tag 0x11), our own decoder and encoder
//! (docs/formats/wav.md#ima-adpcm-tag-0x11).

use super::fmt::ima_samples_per_block;
use super::msadpcm::Problem;
use crate::msg;

pub const STEPS: [i32; 89] = [
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118, 130, 143, 157, 173,
    190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066,
    2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818,
    18500, 20350, 22385, 24623, 27086, 29794, 32767,
];
const INDEX: [i32; 8] = [-1, -1, -1, -1, 2, 4, 6, 8];

#[derive(Clone, Copy)]
struct State {
    sample: i32,
    index: i32,
}

impl State {
    #[inline(always)]
    fn diff(step: i32, code: u8) -> i32 {
        let mut d = step >> 3;
        if code & 1 != 0 {
            d += step >> 2;
        }
        if code & 2 != 0 {
            d += step >> 1;
        }
        if code & 4 != 0 {
            d += step;
        }
        if code & 8 != 0 { -d } else { d }
    }

    #[inline(always)]
    fn step(&mut self, code: u8) -> i16 {
        let step = STEPS[self.index as usize];
        self.sample = (self.sample + Self::diff(step, code)).clamp(-32768, 32767);
        self.index = (self.index + INDEX[code as usize & 7]).clamp(0, 88);
        self.sample as i16
    }
}

/// Decodes the data chunk to interleaved samples. The last block may be short (whole 4-byte
/// groups per channel are decoded); a step index above 88 is a problem and is clamped.
pub fn decode(data: &[u8], channels: usize, block_align: usize) -> (Vec<i16>, Vec<Problem>) {
    let ch = channels.clamp(1, 2);
    let hdr = 4 * ch;
    let mut problems = Vec::new();
    if block_align <= hdr {
        problems.push(Problem { offset: 0, message: msg!("wav-block-no-room", "block align {block_align} leaves no room for samples", block_align = block_align) });
        return (Vec::new(), problems);
    }
    let full = ima_samples_per_block(block_align, ch);
    let mut out = Vec::with_capacity((data.len() / block_align + 1) * full * ch);
    let mut buf = [[0i16; 8]; 2];
    for (bi, block) in data.chunks(block_align).enumerate() {
        let base = bi * block_align;
        if block.len() < hdr {
            problems.push(Problem { offset: base, message: msg!("wav-last-block-cut", "a last block of {len} bytes: its {hdr}-byte header is cut off", len = block.len(), hdr = hdr) });
            break;
        }
        let mut st = [State { sample: 0, index: 0 }; 2];
        for (c, s) in st.iter_mut().enumerate().take(ch) {
            s.sample = i16::from_le_bytes([block[4 * c], block[4 * c + 1]]) as i32;
            let idx = block[4 * c + 2] as i32;
            if idx > 88 {
                problems.push(Problem { offset: base + 4 * c + 2, message: msg!("wav-ima-step-index", "step index {idx} above 88", idx = idx) });
            }
            s.index = idx.min(88);
            out.push(s.sample as i16);
        }
        let groups = (block.len() - hdr) / (4 * ch);
        for g in 0..groups {
            for c in 0..ch {
                let at = hdr + (g * ch + c) * 4;
                for (k, &b) in block[at..at + 4].iter().enumerate() {
                    buf[c][2 * k] = st[c].step(b & 15);
                    buf[c][2 * k + 1] = st[c].step(b >> 4);
                }
            }
            for k in 0..8 {
                for b in buf.iter().take(ch) {
                    out.push(b[k]);
                }
            }
        }
    }
    (out, problems)
}

/// The code whose decode lands nearest `target` from `st`.
#[inline]
fn nearest(st: State, target: i32) -> u8 {
    let step = STEPS[st.index as usize];
    let mut best = (i32::MAX, 0u8);
    for code in 0u8..16 {
        let v = (st.sample + State::diff(step, code)).clamp(-32768, 32767);
        let e = (v - target).abs();
        if e < best.0 {
            best = (e, code);
        }
    }
    best.1
}

/// Encodes interleaved samples to IMA-ADPCM blocks of `block_align` bytes (a multiple of four
/// per channel after the header). Each block starts from the previous block's step index; the
/// last block's samples are padded to a whole group by repeating the last one.
pub fn encode(samples: &[i16], channels: usize, block_align: usize) -> Vec<u8> {
    let ch = channels.clamp(1, 2);
    let spb = ima_samples_per_block(block_align, ch);
    let frames = samples.len() / ch;
    let mut out = Vec::with_capacity(frames.div_ceil(spb.max(1)) * block_align);
    let mut index = [0i32; 2];
    // A starting step index that fits the first difference.
    for (c, idx) in index.iter_mut().enumerate().take(ch) {
        if frames >= 2 {
            let d = (samples[ch + c] as i32 - samples[c] as i32).abs();
            *idx = STEPS.iter().position(|&s| s >= d / 2).unwrap_or(88) as i32;
        }
    }
    let mut f = 0;
    let mut codes: [Vec<u8>; 2] = [Vec::with_capacity(spb), Vec::with_capacity(spb)];
    while f < frames {
        let n = (frames - f).min(spb);
        let mut st = [State { sample: 0, index: 0 }; 2];
        for c in 0..ch {
            st[c] = State { sample: samples[f * ch + c] as i32, index: index[c] };
            out.extend_from_slice(&(st[c].sample as i16).to_le_bytes());
            out.push(index[c] as u8);
            out.push(0);
            codes[c].clear();
            let mut last = samples[f * ch + c];
            for i in 1..n {
                last = samples[(f + i) * ch + c];
                let code = nearest(st[c], last as i32);
                st[c].step(code);
                codes[c].push(code);
            }
            while !codes[c].len().is_multiple_of(8) {
                let code = nearest(st[c], last as i32);
                st[c].step(code);
                codes[c].push(code);
            }
            index[c] = st[c].index;
        }
        let groups = codes[0].len() / 8;
        for g in 0..groups {
            for cc in codes.iter().take(ch) {
                for k in 0..4 {
                    out.push(cc[g * 8 + 2 * k] | cc[g * 8 + 2 * k + 1] << 4);
                }
            }
        }
        f += n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A hand-written mono block: sample 0, index 0, then one group: codes 4 (+7+... ) in the low
    /// nibble first.
    #[test]
    fn decodes_a_hand_written_block() {
        // code 4: diff = 7>>3 + 7 = 7; index 0 + 2 = 2. code 0x8|4 = 12: step 9: 1 + 9 = 10 down.
        let block = [0u8, 0, 0, 0, 0xC4, 0, 0, 0];
        let (s, p) = decode(&block, 1, 8);
        assert!(p.is_empty());
        assert_eq!(&s[..3], &[0, 7, -3]);
        assert_eq!(s.len(), 9);
    }

    #[test]
    fn stereo_groups_alternate() {
        // Left: sample 100, right: sample -100; left's group all code 0 (+0 at step 7: 0),
        // right's group all code 1.
        let mut b = vec![100, 0, 0, 0, 0x9C, 0xFF, 0, 0];
        b.extend([0, 0, 0, 0]);
        b.extend([0x11, 0x11, 0x11, 0x11]);
        let (s, p) = decode(&b, 2, b.len());
        assert!(p.is_empty());
        assert_eq!(s.len(), 18);
        assert_eq!((s[0], s[1]), (100, -100));
        assert!(s.iter().step_by(2).all(|&v| v == 100));
        assert!(s[3] > -100);
    }

    proptest! {
        #[test]
        fn encode_then_decode_keeps_length_and_shape(x in proptest::collection::vec(-8000i16..8000, 0..3000), stereo in any::<bool>(), groups in 1usize..20) {
            let ch = if stereo { 2 } else { 1 };
            let x = &x[..x.len() / ch * ch];
            let ba = 4 * ch + 4 * ch * groups;
            let enc = encode(x, ch, ba);
            let (d, p) = decode(&enc, ch, ba);
            prop_assert!(p.is_empty());
            let frames = x.len() / ch;
            prop_assert!(d.len() / ch >= frames && d.len() / ch < frames + 8);
            for c in 0..ch.min(x.len()) {
                prop_assert_eq!(d[c], x[c]);
            }
        }

        #[test]
        fn decoding_any_bytes_never_panics(b in proptest::collection::vec(any::<u8>(), 0..600), ba in 0usize..300, stereo in any::<bool>()) {
            let _ = decode(&b, if stereo { 2 } else { 1 }, ba);
        }
    }
}
