//! Texture thumbnails, decoded off the UI thread and cached.
//!
//! The browser asks for a thumbnail of the bytes it shows; the request goes on a stack that
//! one worker thread drains newest first (the rows on screen now matter more than the ones
//! scrolled past), the worker decodes a small mip level to RGBA, sends it back over a channel
//! and wakes the UI. The cache is keyed by the identity of the shared payload bytes: the entry
//! holds a clone of them, so the allocation cannot be freed and its address reused while the
//! key lives, and an edited payload (new bytes) gets a new key. Entries unused for a while are
//! dropped once the cache is over its size.

use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::rsli::PackedEntry;
use crate::formats::texm::{Pixmap, Texm};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};

/// Longest side of a thumbnail, in pixels.
pub const THUMB_SIZE: u32 = 96;
/// Thumbnails kept before the least recently used are dropped.
const CAPACITY: usize = 512;
/// Payload bytes the cache may keep alive through its keys before the least recently used go:
/// a drag that edits a large texture makes new bytes on every mouse move, and each version's
/// thumbnail would otherwise hold its 5 MB until 512 versions had piled up.
const BYTE_BUDGET: usize = 96 << 20;

type Key = (usize, usize);

fn key_of(b: &SharedBytes) -> Key {
    (b.as_ptr() as usize, b.len())
}

pub enum Thumb<'a> {
    Ready(&'a egui::TextureHandle),
    Pending,
    Failed(&'a str),
}

enum State {
    Pending,
    Ready(egui::TextureHandle),
    Failed(String),
}

struct Entry {
    bytes: SharedBytes,
    state: State,
    last_used: u64,
}

/// What a thumbnail is made from.
enum Source {
    /// Texm payload bytes.
    Texm(SharedBytes),
    /// An RsLi entry still packed: unpacked on the worker, a thumbnail when it is a texture.
    Packed(PackedEntry),
}

struct Job {
    key: Key,
    source: Source,
    readings: Readings,
}

/// Packed entries larger than this unpacked are not opened just to see if they are textures.
pub const MAX_PACKED_PROBE: usize = 16 << 20;

/// The jobs of one thumbnail worker thread, newest first (what the user looks at now), and
/// the flag that ends it. The browser's and the mission palette's thumbnails share it.
pub(crate) struct JobStack<J> {
    jobs: Mutex<Vec<J>>,
    wake: Condvar,
    stop: AtomicBool,
}

impl<J> JobStack<J> {
    pub fn new() -> JobStack<J> {
        JobStack { jobs: Mutex::new(Vec::new()), wake: Condvar::new(), stop: AtomicBool::new(false) }
    }

    /// Runs `f` on the waiting jobs (to add, drop or reorder them) and wakes the worker.
    pub fn with<R>(&self, f: impl FnOnce(&mut Vec<J>) -> R) -> Option<R> {
        let r = self.jobs.lock().ok().map(|mut jobs| f(&mut jobs));
        self.wake.notify_one();
        r
    }

    /// Ends the worker: its next [`JobStack::next`] returns `None`.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wake.notify_all();
    }

    /// The newest job, waiting until there is one; `None` once stopped.
    pub fn next(&self) -> Option<J> {
        let mut jobs = self.jobs.lock().ok()?;
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            if let Some(j) = jobs.pop() {
                return Some(j);
            }
            jobs = self.wake.wait(jobs).ok()?;
        }
    }
}

pub struct Thumbnails {
    cache: HashMap<Key, Entry>,
    shared: Arc<JobStack<Job>>,
    results: Receiver<(Key, Result<Pixmap, String>)>,
    frame: u64,
    worker: Option<std::thread::JoinHandle<()>>,
    /// Decoded thumbnails waiting to become textures (made on the UI thread).
    readings: Readings,
}

impl Thumbnails {
    pub fn new(ctx: &egui::Context) -> Thumbnails {
        let shared = Arc::new(JobStack::new());
        let (tx, rx) = channel();
        let worker = {
            let shared = shared.clone();
            let ctx = ctx.clone();
            std::thread::Builder::new()
                .name("thumbnails".into())
                .spawn(move || worker(&shared, &tx, &ctx))
                .ok()
        };
        Thumbnails { cache: HashMap::new(), shared, results: rx, frame: 0, worker, readings: Readings::default() }
    }

    /// Called once per frame before the panels draw: takes finished decodes and trims.
    pub fn begin_frame(&mut self, ctx: &egui::Context, readings: Readings) {
        self.frame += 1;
        if readings != self.readings {
            // Another reading decodes other colours: start over.
            self.readings = readings;
            self.cache.clear();
            self.shared.with(Vec::clear);
        }
        while let Ok((key, result)) = self.results.try_recv() {
            let Some(e) = self.cache.get_mut(&key) else { continue };
            e.state = match result {
                Ok(p) => {
                    let image = egui::ColorImage::from_rgba_unmultiplied([p.width as usize, p.height as usize], &p.rgba);
                    State::Ready(ctx.load_texture(format!("thumb-{}-{}", key.0, key.1), image, egui::TextureOptions::LINEAR))
                }
                Err(m) => State::Failed(m),
            };
        }
        self.trim();
    }

    /// Drops the least recently used thumbnails (never one used last frame) while the cache
    /// holds more than [`CAPACITY`] entries or [`BYTE_BUDGET`] bytes, with their queued jobs.
    fn trim(&mut self) {
        let mut held: usize = self.cache.values().map(|e| e.bytes.len()).sum();
        if self.cache.len() <= CAPACITY && held <= BYTE_BUDGET {
            return;
        }
        let mut by_age: Vec<(u64, Key)> = self.cache.iter().map(|(k, e)| (e.last_used, *k)).collect();
        by_age.sort_unstable();
        let mut dropped = Vec::new();
        for (used, k) in by_age {
            if (self.cache.len() <= CAPACITY && held <= BYTE_BUDGET) || used + 1 >= self.frame {
                break;
            }
            if let Some(e) = self.cache.remove(&k) {
                held -= e.bytes.len();
                dropped.push(k);
            }
        }
        if !dropped.is_empty() {
            self.shared.with(|jobs| jobs.retain(|j| !dropped.contains(&j.key)));
        }
    }

    /// Payload bytes the cache keeps alive (the benchmark and tests watch it).
    pub fn held_bytes(&self) -> usize {
        self.cache.values().map(|e| e.bytes.len()).sum()
    }

    /// The thumbnail of these Texm bytes, asking for it on first sight.
    pub fn get(&mut self, bytes: &SharedBytes) -> Thumb<'_> {
        self.get_from(bytes, || Source::Texm(bytes.clone()))
    }

    /// The thumbnail of a packed RsLi entry if it turns out to be a texture (`Failed` when
    /// it is not, or too large to look at).
    pub fn get_packed(&mut self, entry: &PackedEntry) -> Thumb<'_> {
        self.get_from(&entry.packed, || Source::Packed(entry.clone()))
    }

    fn get_from(&mut self, bytes: &SharedBytes, source: impl FnOnce() -> Source) -> Thumb<'_> {
        let key = key_of(bytes);
        let frame = self.frame;
        let e = self.cache.entry(key).or_insert_with(|| {
            self.shared.with(|jobs| jobs.push(Job { key, source: source(), readings: self.readings }));
            Entry { bytes: bytes.clone(), state: State::Pending, last_used: frame }
        });
        e.last_used = frame;
        match &e.state {
            State::Ready(t) => Thumb::Ready(t),
            State::Pending => Thumb::Pending,
            State::Failed(m) => Thumb::Failed(m),
        }
    }

    /// Thumbnails asked for and not decoded yet.
    pub fn pending(&self) -> usize {
        self.cache.values().filter(|e| matches!(e.state, State::Pending)).count()
    }

    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// Whether these bytes were decoded as a texture (without asking for them).
    pub fn is_texture(&self, bytes: &SharedBytes) -> bool {
        self.cache.get(&key_of(bytes)).is_some_and(|e| matches!(e.state, State::Ready(_)))
    }

    /// Thumbnails decoded and on the GPU.
    pub fn ready(&self) -> usize {
        self.cache.values().filter(|e| matches!(e.state, State::Ready(_))).count()
    }
}

impl Drop for Thumbnails {
    fn drop(&mut self) {
        self.shared.stop();
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

fn worker(shared: &JobStack<Job>, tx: &Sender<(Key, Result<Pixmap, String>)>, ctx: &egui::Context) {
    while let Some(job) = shared.next() {
        let result = match &job.source {
            Source::Texm(bytes) => thumbnail(bytes, &job.readings).map_err(|e| e.to_string()),
            Source::Packed(p) if p.size > MAX_PACKED_PROBE => Err(crate::tr!("thumb-too-large")),
            Source::Packed(p) => match p.unpack() {
                Ok(b) if crate::doc::registry::classify::is_texture_bytes(&b) => thumbnail(&b, &job.readings).map_err(|e| e.to_string()),
                Ok(_) => Err(crate::tr!("thumb-not-texture")),
                Err(e) => Err(e.to_string()),
            },
        };
        if tx.send((job.key, result)).is_err() {
            return;
        }
        ctx.request_repaint();
    }
}

/// A thumbnail of a Texm payload: the smallest stored level at least [`THUMB_SIZE`] on its
/// longer side (or level 0), scaled down to fit. The document's bytes are shared, not copied.
pub fn thumbnail(bytes: impl Into<SharedBytes>, readings: &Readings) -> crate::formats::Result<Pixmap> {
    let (t, _) = Texm::parse(bytes)?;
    let mut level = 0;
    for l in 1..t.mip_count() {
        let (w, h) = t.mip_dims(l);
        if w.max(h) < THUMB_SIZE {
            break;
        }
        level = l;
    }
    let full = t.decode_mip(level, readings, None)?;
    Ok(fit(&full, THUMB_SIZE))
}

/// Scales an image down (box filter over the source pixels each target pixel covers) so its
/// longer side is at most `max`; smaller images are returned as they are.
pub fn fit(src: &Pixmap, max: u32) -> Pixmap {
    let long = src.width.max(src.height);
    if long <= max || src.width == 0 || src.height == 0 {
        return src.clone();
    }
    let w = ((src.width as u64 * max as u64) / long as u64).max(1) as u32;
    let h = ((src.height as u64 * max as u64) / long as u64).max(1) as u32;
    let mut rgba = Vec::with_capacity(w as usize * h as usize * 4);
    for y in 0..h {
        let y0 = y as u64 * src.height as u64 / h as u64;
        let y1 = ((y as u64 + 1) * src.height as u64 / h as u64).max(y0 + 1);
        for x in 0..w {
            let x0 = x as u64 * src.width as u64 / w as u64;
            let x1 = ((x as u64 + 1) * src.width as u64 / w as u64).max(x0 + 1);
            let mut sum = [0u64; 4];
            for sy in y0..y1 {
                for sx in x0..x1 {
                    let p = src.at(sx as u32, sy as u32);
                    for c in 0..4 {
                        sum[c] += p[c] as u64;
                    }
                }
            }
            let n = (y1 - y0) * (x1 - x0);
            rgba.extend(sum.iter().map(|s| (s / n) as u8));
        }
    }
    Pixmap { width: w, height: h, rgba }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::texm as fx;
    use crate::formats::texm::Format;

    #[test]
    fn picks_a_small_level_and_fits_it() {
        // 128x128 with 8 levels: level 1 (64x64) is below 96, so level 0 scaled to 96x96.
        let t = fx::loose(Format::Rgb565, 128, 128, 8);
        let p = thumbnail(&t, &Readings::default()).unwrap();
        assert_eq!((p.width, p.height), (96, 96));
        // 256x128 with mips: level 1 (128x64) is the smallest with a side >= 96.
        let t = fx::loose(Format::Argb8888, 256, 128, 3);
        let p = thumbnail(&t, &Readings::default()).unwrap();
        assert_eq!((p.width, p.height), (96, 48));
        // Small textures stay as they are.
        let t = fx::loose(Format::Rgb565, 5, 3, 1);
        let p = thumbnail(&t, &Readings::default()).unwrap();
        assert_eq!((p.width, p.height), (5, 3));
    }

    #[test]
    fn box_filter_averages() {
        let src = Pixmap::from_rgba(2, 1, vec![0, 0, 0, 255, 200, 100, 50, 255]).unwrap();
        let p = fit(&src, 1);
        assert_eq!(p.rgba, vec![100, 50, 25, 255]);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(thumbnail(b"Texm\x01\x00", &Readings::default()).is_err());
        assert!(thumbnail(b"", &Readings::default()).is_err());
    }

    #[test]
    fn versions_of_a_large_payload_do_not_pile_up() {
        // A drag on a big texture: new payload bytes every frame, each asked for once.
        let ctx = egui::Context::default();
        let mut th = Thumbnails::new(&ctx);
        let big = fx::loose(Format::Argb8888, 1024, 1024, 1);
        let mut last = None;
        for i in 0..40u8 {
            let mut b = big.clone();
            b[40] = i;
            let b = SharedBytes::from(b);
            ctx.run_ui(egui::RawInput::default(), |ui| {
                th.begin_frame(ui.ctx(), Readings::default());
                let _ = th.get(&b);
            })
            .drop_without_applying_deltas();
            last = Some(b);
        }
        assert!(th.held_bytes() <= BYTE_BUDGET + 2 * big.len(), "{} bytes held", th.held_bytes());
        assert!(th.held_bytes() >= big.len(), "the newest version stays");
        drop(last);
    }

    #[test]
    fn worker_decodes_and_the_cache_keeps_identity() {
        let ctx = egui::Context::default();
        let mut th = Thumbnails::new(&ctx);
        let bytes = SharedBytes::from(fx::loose(Format::Rgb565, 32, 32, 1));
        ctx.run_ui(egui::RawInput::default(), |ui| {
            th.begin_frame(ui.ctx(), Readings::default());
            assert!(matches!(th.get(&bytes), Thumb::Pending));
        })
        .drop_without_applying_deltas();
        let start = std::time::Instant::now();
        loop {
            let mut done = false;
            ctx.run_ui(egui::RawInput::default(), |ui| {
                th.begin_frame(ui.ctx(), Readings::default());
                done = matches!(th.get(&bytes), Thumb::Ready(_));
            })
            .drop_without_applying_deltas();
            if done {
                break;
            }
            assert!(start.elapsed().as_secs() < 20, "thumbnail never arrived");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // The same allocation is a hit; equal bytes elsewhere are a new key.
        let copy = SharedBytes::from(bytes.to_vec());
        ctx.run_ui(egui::RawInput::default(), |ui| {
            th.begin_frame(ui.ctx(), Readings::default());
            assert!(matches!(th.get(&bytes.clone()), Thumb::Ready(_)));
            assert!(matches!(th.get(&copy), Thumb::Pending));
        })
        .drop_without_applying_deltas();
        assert_eq!(th.cached(), 2);
    }
}
