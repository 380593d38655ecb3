//! Microsoft ADPCM (format tag 2), our own decoder and encoder
//! (docs/formats/wav.md#microsoft-adpcm-tag-2).

use super::fmt::ms_samples_per_block;
use crate::formats::message::Message;
use crate::msg;

const ADAPT: [i32; 16] = [230, 230, 230, 230, 307, 409, 512, 614, 768, 614, 512, 409, 307, 230, 230, 230];

/// Deltas are held below this, so `delta × 768` stays in an i32 (a stored delta can be any i16,
/// and codes of 8 grow it three-fold a step).
const MAX_DELTA: i32 = i32::MAX / 768;

#[derive(Clone, Copy)]
struct State {
    c1: i32,
    c2: i32,
    delta: i32,
    s1: i32,
    s2: i32,
}

impl State {
    #[inline(always)]
    fn step(&mut self, code: u8) -> i16 {
        let n = ((code << 4) as i8 >> 4) as i32;
        let pred = ((self.s1 as i64 * self.c1 as i64 + self.s2 as i64 * self.c2 as i64) >> 8) as i32;
        let s = (pred.clamp(-(1 << 24), 1 << 24) + n * self.delta).clamp(-32768, 32767);
        self.delta = ((self.delta * ADAPT[code as usize & 15]) >> 8).clamp(16, MAX_DELTA);
        self.s2 = self.s1;
        self.s1 = s;
        s as i16
    }
}

/// What a decode found wrong, with the offset in the data chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub offset: usize,
    pub message: Message,
}

fn i16_at(b: &[u8], at: usize) -> i32 {
    i16::from_le_bytes([b[at], b[at + 1]]) as i32
}

/// Decodes the data chunk to interleaved 16-bit samples. The last block may be short; a block
/// whose header is cut off ends the decode; a predictor index outside the table is a problem and
/// decodes with the pair (0, 0).
pub fn decode(data: &[u8], channels: usize, block_align: usize, coefs: &[(i16, i16)]) -> (Vec<i16>, Vec<Problem>) {
    let ch = channels.clamp(1, 2);
    let hdr = 7 * ch;
    let mut problems = Vec::new();
    if block_align <= hdr {
        problems.push(Problem { offset: 0, message: msg!("wav-block-no-room", "block align {block_align} leaves no room for samples", block_align = block_align) });
        return (Vec::new(), problems);
    }
    let full = ms_samples_per_block(block_align, ch);
    let mut out = Vec::with_capacity((data.len() / block_align + 1) * full * ch);
    for (bi, block) in data.chunks(block_align).enumerate() {
        let base = bi * block_align;
        if block.len() < hdr {
            problems.push(Problem { offset: base, message: msg!("wav-last-block-cut", "a last block of {len} bytes: its {hdr}-byte header is cut off", len = block.len(), hdr = hdr) });
            break;
        }
        let mut st = [State { c1: 0, c2: 0, delta: 16, s1: 0, s2: 0 }; 2];
        for (c, s) in st.iter_mut().enumerate().take(ch) {
            let p = block[c] as usize;
            let (c1, c2) = match coefs.get(p) {
                Some(&v) => v,
                None => {
                    problems.push(Problem { offset: base + c, message: msg!("wav-ms-predictor", "predictor index {p} outside the {pairs}-pair table", p = p, pairs = coefs.len()) });
                    (0, 0)
                }
            };
            s.c1 = c1 as i32;
            s.c2 = c2 as i32;
            s.delta = i16_at(block, ch + 2 * c);
            s.s1 = i16_at(block, 3 * ch + 2 * c);
            s.s2 = i16_at(block, 5 * ch + 2 * c);
        }
        for s in st.iter().take(ch) {
            out.push(s.s2 as i16);
        }
        for s in st.iter().take(ch) {
            out.push(s.s1 as i16);
        }
        let body = &block[hdr..];
        if ch == 1 {
            let s = &mut st[0];
            for &b in body {
                out.push(s.step(b >> 4));
                out.push(s.step(b & 15));
            }
        } else {
            let [l, r] = &mut st;
            for &b in body {
                out.push(l.step(b >> 4));
                out.push(r.step(b & 15));
            }
        }
    }
    (out, problems)
}

/// Encodes one channel's block: codes for `x[2..]` from the pair, the initial delta and the
/// first two samples; returns the codes and the squared error.
fn encode_run(x: &[i16], c1: i32, c2: i32, delta0: i32, codes: &mut Vec<u8>, limit: u64) -> u64 {
    codes.clear();
    let mut st = State { c1, c2, delta: delta0, s1: x[1] as i32, s2: x[0] as i32 };
    let mut err = 0u64;
    for &v in &x[2..] {
        let v = v as i32;
        let pred = ((st.s1 as i64 * st.c1 as i64 + st.s2 as i64 * st.c2 as i64) >> 8).clamp(-(1 << 24), 1 << 24) as i32;
        let d = v - pred;
        // Nearest code, rounding half away from zero.
        let q = if d >= 0 { (d + st.delta / 2) / st.delta } else { -((-d + st.delta / 2) / st.delta) };
        let mut n = q.clamp(-8, 7);
        // Clamping to 16 bits can make the neighbour nearer.
        let recon = |n: i32| (pred + n * st.delta).clamp(-32768, 32767);
        let mut e = (recon(n) - v).abs();
        for m in [n - 1, n + 1] {
            if (-8..=7).contains(&m) {
                let em = (recon(m) - v).abs();
                if em < e {
                    e = em;
                    n = m;
                }
            }
        }
        let code = (n & 15) as u8;
        st.step(code);
        err += (e as u64) * (e as u64);
        codes.push(code);
        if err > limit {
            return err;
        }
    }
    err
}

/// The best pair and initial delta for one channel's block, and its codes.
fn best_for_block(x: &[i16], coefs: &[(i16, i16)], codes: &mut Vec<u8>, scratch: &mut Vec<u8>) -> (u8, i32) {
    let mut best = (u64::MAX, 0u8, 16i32);
    if x.len() <= 2 {
        codes.clear();
        return (0, 16);
    }
    for (k, &(c1, c2)) in coefs.iter().enumerate().take(256) {
        let (c1, c2) = (c1 as i32, c2 as i32);
        // The mean prediction error over the first samples sets the scale of the first delta.
        let look = x.len().min(2 + 6);
        let mut sum = 0i64;
        for i in 2..look {
            let pred = ((x[i - 1] as i64 * c1 as i64 + x[i - 2] as i64 * c2 as i64) >> 8) as i32;
            sum += (x[i] as i32 - pred).abs() as i64;
        }
        let mean = (sum / (look - 2).max(1) as i64) as i32;
        let base = (mean / 4).max(16);
        for d0 in [base / 2, base * 3 / 4, base, base * 3 / 2, base * 2, base * 3] {
            let d0 = d0.clamp(16, 32767);
            let e = encode_run(x, c1, c2, d0, scratch, best.0);
            if e < best.0 {
                best = (e, k as u8, d0);
                std::mem::swap(codes, scratch);
            }
        }
    }
    (best.1, best.2)
}

/// Encodes interleaved samples to MS-ADPCM blocks of `block_align` bytes with the given
/// coefficient table (the standard seven pairs for a new sound). The last block is as short as
/// its samples allow; a last block of one frame repeats it (a decoder gives one sample more,
/// which the `fact` count trims).
pub fn encode(samples: &[i16], channels: usize, block_align: usize, coefs: &[(i16, i16)]) -> Vec<u8> {
    let ch = channels.clamp(1, 2);
    let spb = ms_samples_per_block(block_align, ch);
    let frames = samples.len() / ch;
    let mut out = Vec::with_capacity(frames.div_ceil(spb.max(1)) * block_align);
    let mut chan: [Vec<i16>; 2] = [Vec::with_capacity(spb), Vec::with_capacity(spb)];
    let mut codes: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut scratch = Vec::new();
    let mut f = 0;
    while f < frames {
        let n = (frames - f).min(spb);
        for (c, v) in chan.iter_mut().enumerate().take(ch) {
            v.clear();
            v.extend((f..f + n).map(|i| samples[i * ch + c]));
            if v.len() < 2 {
                let last = *v.last().unwrap_or(&0);
                v.push(last);
            }
        }
        let mut head = [(0u8, 16i32); 2];
        for c in 0..ch {
            head[c] = best_for_block(&chan[c], coefs, &mut codes[c], &mut scratch);
        }
        for h in head.iter().take(ch) {
            out.push(h.0);
        }
        for h in head.iter().take(ch) {
            out.extend_from_slice(&(h.1 as i16).to_le_bytes());
        }
        for v in chan.iter().take(ch) {
            out.extend_from_slice(&v[1].to_le_bytes());
        }
        for v in chan.iter().take(ch) {
            out.extend_from_slice(&v[0].to_le_bytes());
        }
        if ch == 1 {
            for pair in codes[0].chunks(2) {
                out.push(pair[0] << 4 | pair.get(1).copied().unwrap_or(0));
            }
        } else {
            for (l, r) in codes[0].iter().zip(&codes[1]) {
                out.push(l << 4 | r);
            }
        }
        f += n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::fmt::MS_COEFS;
    use super::*;
    use proptest::prelude::*;

    /// A hand-written mono block: predictor 0 (256, 0), delta 16, sample1 = 100, sample2 = 50,
    /// then codes 1, -1 (0x1F).
    #[test]
    fn decodes_a_hand_written_block() {
        let block = [0u8, 16, 0, 100, 0, 50, 0, 0x1F];
        let (s, p) = decode(&block, 1, 8, &MS_COEFS);
        assert!(p.is_empty());
        // 50, 100, then 100 + 1×16 = 116 (delta → 16), then 116 − 16 = 100.
        assert_eq!(s, vec![50, 100, 116, 100]);
    }

    #[test]
    fn a_bad_predictor_and_a_cut_header_are_problems() {
        let block = [9u8, 16, 0, 0, 0, 0, 0, 0x00, 1, 2];
        let (s, p) = decode(&block, 1, 8, &MS_COEFS);
        assert_eq!(s.len(), 4);
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].offset, p[1].offset), (0, 8));
    }

    fn snr(a: &[i16], b: &[i16]) -> f64 {
        let sig: f64 = a.iter().map(|&v| (v as f64).powi(2)).sum();
        let err: f64 = a.iter().zip(b).map(|(&x, &y)| (x as f64 - y as f64).powi(2)).sum();
        10.0 * (sig / err.max(1e-9)).log10()
    }

    #[test]
    fn a_sine_encodes_well() {
        let x: Vec<i16> = (0..5000).map(|i| ((i as f64 * 0.05).sin() * 12000.0) as i16).collect();
        let enc = encode(&x, 1, 256, &MS_COEFS);
        let (d, p) = decode(&enc, 1, 256, &MS_COEFS);
        assert!(p.is_empty());
        assert!(d.len() >= x.len() && d.len() <= x.len() + 1);
        let s = snr(&x, &d[..x.len()]);
        assert!(s > 25.0, "SNR {s}");
    }

    proptest! {
        #[test]
        fn encode_then_decode_keeps_the_length(x in proptest::collection::vec(any::<i16>(), 0..2000), stereo in any::<bool>(), extra in 0usize..40) {
            let ch = if stereo { 2 } else { 1 };
            let x = &x[..x.len() / ch * ch];
            let ba = 7 * ch + 1 + extra;
            let enc = encode(x, ch, ba, &MS_COEFS);
            let (d, p) = decode(&enc, ch, ba, &MS_COEFS);
            prop_assert!(p.is_empty());
            let frames = x.len() / ch;
            prop_assert!(d.len() / ch >= frames && d.len() / ch <= frames + 2, "{} vs {}", d.len(), x.len());
            // The first two samples of every block are stored exactly.
            for c in 0..ch.min(x.len()) {
                prop_assert_eq!(d[c], x[c]);
            }
        }

        #[test]
        fn decoding_any_bytes_never_panics(b in proptest::collection::vec(any::<u8>(), 0..600), ba in 0usize..300, stereo in any::<bool>()) {
            let _ = decode(&b, if stereo { 2 } else { 1 }, ba, &MS_COEFS);
        }
    }
}
