//! A band-limited resampler of our own (docs/formats/wav.md#converting-a-sound-to-an-entrys-kind):
//! a Kaiser-windowed sinc, `ZEROS` zero crossings each side, its cut-off at the lower of the two
//! Nyquist frequencies (a little below, for the window's transition band). The kernel is
//! tabulated once per call at `PHASES` points per zero crossing and read with linear
//! interpolation; positions step exactly in integers, so long sounds do not drift.

const ZEROS: usize = 32;
const PHASES: usize = 256;
const BETA: f64 = 9.0;
/// The cut-off as a fraction of the lower Nyquist frequency.
const ROLLOFF: f64 = 0.94;

/// The most output samples per channel a resample makes (about 3 hours at 48 kHz).
pub const MAX_FRAMES: u64 = 1 << 29;

fn bessel_i0(x: f64) -> f64 {
    let mut sum = 1.0;
    let mut term = 1.0;
    let q = x * x / 4.0;
    for k in 1..60 {
        term *= q / (k * k) as f64;
        sum += term;
        if term < sum * 1e-17 {
            break;
        }
    }
    sum
}

fn kernel_table() -> Vec<f32> {
    let n = ZEROS * PHASES + 2;
    let i0b = bessel_i0(BETA);
    (0..n)
        .map(|i| {
            let u = i as f64 / PHASES as f64; // in zero crossings
            if u >= ZEROS as f64 {
                return 0.0;
            }
            let sinc = if u == 0.0 { 1.0 } else { (std::f64::consts::PI * u).sin() / (std::f64::consts::PI * u) };
            let r = u / ZEROS as f64;
            let w = bessel_i0(BETA * (1.0 - r * r).max(0.0).sqrt()) / i0b;
            (sinc * w) as f32
        })
        .collect()
}

/// The output length in frames, or `None` past [`MAX_FRAMES`].
pub fn out_frames(frames: usize, from: u32, to: u32) -> Option<usize> {
    if from == 0 || to == 0 {
        return None;
    }
    let n = (frames as u64).checked_mul(to as u64)?.div_ceil(from as u64);
    (n <= MAX_FRAMES).then_some(n as usize)
}

/// Resamples interleaved samples from `from` Hz to `to` Hz. Equal rates copy. `None` when the
/// output would pass [`MAX_FRAMES`] or a rate is 0.
pub fn resample(x: &[i16], channels: usize, from: u32, to: u32) -> Option<Vec<i16>> {
    let ch = channels.max(1);
    let frames = x.len() / ch;
    let n_out = out_frames(frames, from, to)?;
    if from == to {
        return Some(x[..frames * ch].to_vec());
    }
    let table = kernel_table();
    // Kernel scale: 1 at upsampling, to/from at downsampling (the cut-off moves down).
    let fc = ROLLOFF * (to as f64 / from as f64).min(1.0);
    let half = (ZEROS as f64 / fc).ceil() as i64; // input samples each side
    let mut chan = vec![0f32; frames];
    let mut out = vec![0i16; n_out * ch];
    let (from, to) = (from as u64, to as u64);
    for c in 0..ch {
        for (i, v) in chan.iter_mut().enumerate() {
            *v = x[i * ch + c] as f32;
        }
        for o in 0..n_out {
            let num = o as u64 * from;
            let centre = (num / to) as i64;
            let frac = (num % to) as f64 / to as f64;
            let lo = (centre - half + 1).max(0);
            let hi = (centre + half).min(frames as i64 - 1);
            let mut acc = 0f32;
            let mut j = lo;
            while j <= hi {
                let t = ((j - centre) as f64 - frac).abs() * fc; // zero crossings
                let p = t * PHASES as f64;
                let k = p as usize;
                if k < ZEROS * PHASES {
                    let f = (p - k as f64) as f32;
                    let h = table[k] + (table[k + 1] - table[k]) * f;
                    acc += chan[j as usize] * h;
                }
                j += 1;
            }
            out[o * ch + c] = (acc as f64 * fc).round().clamp(-32768.0, 32767.0) as i16;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(freq: f64, rate: u32, n: usize, amp: f64) -> Vec<i16> {
        (0..n).map(|i| ((i as f64 * freq * std::f64::consts::TAU / rate as f64).sin() * amp) as i16).collect()
    }

    fn rms(x: &[i16]) -> f64 {
        (x.iter().map(|&v| (v as f64).powi(2)).sum::<f64>() / x.len().max(1) as f64).sqrt()
    }

    #[test]
    fn lengths_follow_the_ratio() {
        assert_eq!(out_frames(44100, 44100, 22050), Some(22050));
        assert_eq!(out_frames(3, 44100, 22050), Some(2));
        assert_eq!(out_frames(1, 0, 22050), None);
        assert_eq!(out_frames(usize::MAX / 4, 1, 48000), None);
        assert_eq!(resample(&[1, 2, 3, 4], 2, 8000, 8000), Some(vec![1, 2, 3, 4]));
    }

    #[test]
    fn a_passband_tone_keeps_its_level() {
        let x = sine(1000.0, 44100, 44100, 10000.0);
        let y = resample(&x, 1, 44100, 22050).unwrap();
        assert_eq!(y.len(), 22050);
        // Away from the edges the tone is the same tone at the new rate.
        let want = sine(1000.0, 22050, 22050, 10000.0);
        let err: Vec<i16> = y[1000..21000].iter().zip(&want[1000..21000]).map(|(a, b)| a - b).collect();
        assert!(rms(&err) < 20.0, "error rms {}", rms(&err));
    }

    #[test]
    fn a_tone_above_the_new_nyquist_is_removed() {
        // 15 kHz at 44.1 kHz would alias to 7,050 Hz at 22,050 Hz; the filter removes it.
        let x = sine(15000.0, 44100, 44100, 10000.0);
        let y = resample(&x, 1, 44100, 22050).unwrap();
        assert!(rms(&y[1000..21000]) < 10.0, "rms {}", rms(&y[1000..21000]));
    }

    #[test]
    fn upsampling_stereo_keeps_channels_apart() {
        let l = sine(440.0, 11025, 4000, 8000.0);
        let x: Vec<i16> = l.iter().flat_map(|&v| [v, 0]).collect();
        let y = resample(&x, 2, 11025, 22050).unwrap();
        assert_eq!(y.len(), 16000);
        assert!(y.iter().skip(1).step_by(2).all(|&v| v == 0));
        assert!(rms(&y.iter().step_by(2).copied().collect::<Vec<_>>()) > 5000.0);
    }
}
