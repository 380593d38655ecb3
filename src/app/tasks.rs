//! Long work off the UI thread: each task runs on its own thread with a shared progress
//! counter and a cancel flag, and sends one [`Outcome`] back over a channel, waking the UI.
//! The status bar shows the counters and a Cancel button; the app applies outcomes in the same
//! place as every other change.

use crate::doc::FileId;
use crate::doc::check::{FileReport, Progress as CheckProgress};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

#[derive(Default, Debug)]
pub struct Progress {
    done: AtomicU64,
    total: AtomicU64,
    cancel: AtomicBool,
}

impl Progress {
    pub fn set(&self, done: u64, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
    }
    pub fn get(&self) -> (u64, u64) {
        (self.done.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }
    pub fn fraction(&self) -> Option<f32> {
        let (d, t) = self.get();
        (t > 0).then(|| (d as f64 / t as f64).clamp(0.0, 1.0) as f32)
    }
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// `doc::check` reports through this and stops when asked.
pub struct CheckSink<'a>(pub &'a Progress);

impl CheckProgress for CheckSink<'_> {
    fn step(&mut self, done: usize, total: usize) -> bool {
        self.0.set(done as u64, total as u64);
        !self.0.cancelled()
    }
}

/// `unpack` reports its bytes through this and stops when asked.
pub struct BatchSink<'a>(pub &'a Progress);

impl crate::unpack::Progress for BatchSink<'_> {
    fn begin(&self, _items: u64, bytes: u64) {
        self.0.set(0, bytes);
    }
    fn advance(&self, bytes: u64) {
        self.0.done.fetch_add(bytes, Ordering::Relaxed);
    }
    fn cancelled(&self) -> bool {
        self.0.cancelled()
    }
}

/// Unpacks or packs (`pack` true) on the calling thread, as a task's work.
pub fn run_batch(pack: bool, from: PathBuf, dest: PathBuf, p: &Progress) -> Outcome {
    use crate::unpack::{Options, pack as pack_tree, unpack};
    let opts = Options::default();
    let sink = BatchSink(p);
    let (verb, report) = if pack {
        ("pack", pack_tree(&from, &dest, &opts, &sink))
    } else {
        ("unpack", unpack(std::slice::from_ref(&from), &dest, &opts, &sink))
    };
    Outcome::Batch { verb, dest, report: report.map_err(|e| crate::app::i18n::messages::message(&e.0)) }
}

/// What a finished task hands back.
#[derive(Debug)]
pub enum Outcome {
    /// A file was read in the background: its bytes and the disk stamp taken before reading.
    Loaded { path: PathBuf, result: Result<(crate::formats::bytes::SharedBytes, Option<crate::doc::save::DiskStamp>), String> },
    /// A game folder was walked: the project's tree.
    ProjectWalked { project: Box<crate::doc::project::Project> },
    /// The project's reference index is complete.
    ProjectIndexed { root: PathBuf, index: Box<crate::doc::project::Index> },
    /// Entries were written to disk.
    Extracted { dest: PathBuf, written: usize, failed: Vec<String> },
    Checked { file: FileId, report: FileReport },
    /// An unpack or pack ran (`verb`), with its report, or could not start.
    Batch { verb: &'static str, dest: PathBuf, report: Result<crate::unpack::Report, String> },
    /// A mod command ran on a game folder (kept when cancelled: a cancel after the commit
    /// point does not stop it, and the folder is refreshed either way).
    /// `result`: the lines to log, or why it did not.
    ModsChanged { game: PathBuf, result: Result<Vec<String>, String> },
    /// The dry run of installing a package.
    ModPreviewed { game: PathBuf, package: PathBuf, force: bool, order: Option<usize>, result: Result<Box<crate::doc::mods::preview::Preview>, String> },
    /// The changes Export Changes as Mod offers (`base`: against that clean folder, else
    /// against the files on disk).
    ModExportChanges { base: Option<PathBuf>, result: Result<Vec<crate::doc::mods::Change>, String> },
    /// A compare ran for the compare view that asked with `view` (its serial).
    Compared { view: u64, report: Result<crate::doc::diff::Report, String> },
    Cancelled,
}

pub struct Running {
    pub id: u64,
    pub label: String,
    pub progress: Arc<Progress>,
}

pub struct Tasks {
    running: Vec<Running>,
    tx: Sender<(u64, Outcome)>,
    rx: Receiver<(u64, Outcome)>,
    next_id: u64,
    ctx: egui::Context,
}

impl Tasks {
    pub fn new(ctx: &egui::Context) -> Tasks {
        let (tx, rx) = channel();
        Tasks { running: Vec::new(), tx, rx, next_id: 0, ctx: ctx.clone() }
    }

    /// Starts `work` on a new thread; it reports through the progress and returns its outcome
    /// (or [`Outcome::Cancelled`] when it saw the flag).
    pub fn spawn(&mut self, label: impl Into<String>, work: impl FnOnce(&Progress) -> Outcome + Send + 'static) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        let progress = Arc::new(Progress::default());
        let (p, tx, ctx) = (progress.clone(), self.tx.clone(), self.ctx.clone());
        let label = label.into();
        let spawned = std::thread::Builder::new().name(format!("task {id}")).spawn(move || {
            let outcome = work(&p);
            let outcome = if p.cancelled() && !matches!(outcome, Outcome::Checked { .. } | Outcome::ModsChanged { .. }) { Outcome::Cancelled } else { outcome };
            let _ = tx.send((id, outcome));
            ctx.request_repaint();
        });
        if let Err(e) = spawned {
            let _ = self.tx.send((id, Outcome::Extracted { dest: PathBuf::new(), written: 0, failed: vec![crate::tr!("log-no-thread", error = e.to_string())]
 }));
        }
        self.running.push(Running { id, label, progress });
        id
    }

    /// Finished tasks since the last call, with their labels.
    pub fn poll(&mut self) -> Vec<(String, Outcome)> {
        let mut out = Vec::new();
        while let Ok((id, outcome)) = self.rx.try_recv() {
            if let Some(i) = self.running.iter().position(|r| r.id == id) {
                let r = self.running.remove(i);
                out.push((r.label, outcome));
            }
        }
        out
    }

    pub fn running(&self) -> &[Running] {
        &self.running
    }

    pub fn busy(&self) -> bool {
        !self.running.is_empty()
    }

    pub fn cancel(&self, id: u64) {
        if let Some(r) = self.running.iter().find(|r| r.id == id) {
            r.progress.cancel();
        }
    }

    pub fn cancel_all(&self) {
        for r in &self.running {
            r.progress.cancel();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait(t: &mut Tasks) -> Vec<(String, Outcome)> {
        let start = Instant::now();
        loop {
            let got = t.poll();
            if !got.is_empty() {
                return got;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "task never finished");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn runs_reports_and_finishes() {
        let ctx = egui::Context::default();
        let mut t = Tasks::new(&ctx);
        t.spawn("count", |p| {
            p.set(3, 3);
            Outcome::Extracted { dest: PathBuf::from("x"), written: 3, failed: vec![] }
        });
        assert!(t.busy());
        let got = wait(&mut t);
        assert_eq!(got[0].0, "count");
        assert!(matches!(got[0].1, Outcome::Extracted { written: 3, .. }));
        assert!(!t.busy());
    }

    #[test]
    fn cancel_stops_a_long_task() {
        let ctx = egui::Context::default();
        let mut t = Tasks::new(&ctx);
        let id = t.spawn("forever", |p| {
            let mut i = 0;
            while !p.cancelled() {
                i += 1;
                p.set(i, 0);
                std::thread::sleep(Duration::from_millis(1));
            }
            Outcome::Extracted { dest: PathBuf::new(), written: 0, failed: vec![] }
        });
        std::thread::sleep(Duration::from_millis(10));
        assert!(t.running()[0].progress.get().0 > 0);
        t.cancel(id);
        assert!(matches!(wait(&mut t)[0].1, Outcome::Cancelled));
    }
}
