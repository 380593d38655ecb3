//! Timing for the benches that print their own summary lines beside criterion's: best and
//! median of calls run in turn, so that a comparison sees the same noise on each side (the
//! build machine has two cores shared with other work), and the load it ran under.

#![allow(dead_code)]

use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
pub struct Stats {
    pub best: Duration,
    pub median: Duration,
    pub p90: Duration,
}

impl Stats {
    pub fn us(t: Duration) -> f64 {
        t.as_secs_f64() * 1e6
    }
    pub fn ms(t: Duration) -> f64 {
        t.as_secs_f64() * 1e3
    }
}

/// Runs each of `fs` in turn, one call each, until `budget` has passed (and at least 11
/// rounds); a call too short to time alone is passed with `batch` > 1 and timed as that many
/// calls. Returns each one's best, median and 90th percentile per call.
pub fn interleaved(budget: Duration, batch: u32, fs: &mut [&mut dyn FnMut()]) -> Vec<Stats> {
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); fs.len()];
    let start = Instant::now();
    while start.elapsed() < budget || times[0].len() < 11 {
        for (f, ts) in fs.iter_mut().zip(&mut times) {
            let t = Instant::now();
            for _ in 0..batch {
                f();
            }
            ts.push(t.elapsed() / batch);
        }
    }
    times
        .into_iter()
        .map(|mut ts| {
            ts.sort();
            Stats { best: ts[0], median: ts[ts.len() / 2], p90: ts[ts.len() * 9 / 10] }
        })
        .collect()
}

/// The machine's load averages (Linux), to print beside noisy figures.
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| format!("load {}", s.split_whitespace().take(3).collect::<Vec<_>>().join(" ")))
        .unwrap_or_else(|_| "load unknown".into())
}

/// A thread spinning on arithmetic until dropped: the "other work" of a comparison (the
/// editor's UI and thumbnails, another process) sharing the cores.
pub struct Busy {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Busy {
    pub fn start() -> Busy {
        use std::sync::atomic::{AtomicBool, Ordering};
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let s = stop.clone();
        let handle = std::thread::spawn(move || {
            let mut x = 1u64;
            while !s.load(Ordering::Relaxed) {
                for _ in 0..10_000 {
                    x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
                }
            }
        });
        Busy { stop, handle: Some(handle) }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
