//! Work off the UI thread for a view (the 3D view's scene builds, the WEAR editor's reading of
//! a large table): one worker thread per view takes jobs in order, skips any that a newer one
//! replaced before it started, and sends each result back tagged with the generation it was
//! asked for. The view keeps showing its last result until the one of its latest request
//! arrives; a result for an older generation is dropped.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

type Job<T> = Box<dyn FnOnce() -> T + Send>;

pub struct Worker<T> {
    jobs: Option<Sender<(u64, Job<T>)>>,
    results: Receiver<(u64, T)>,
    results_tx: Sender<(u64, T)>,
    /// The generation of the latest request.
    latest: u64,
    /// Whether the latest request's result has not come yet.
    pending: bool,
    /// Called on the worker thread after each result (the view's repaint request).
    wake: std::sync::Arc<dyn Fn() + Send + Sync>,
    /// The worker thread's name.
    name: &'static str,
}

impl<T: Send + 'static> Worker<T> {
    pub fn new(name: &'static str, wake: impl Fn() + Send + Sync + 'static) -> Worker<T> {
        let (results_tx, results) = channel();
        Worker { jobs: None, results, results_tx, latest: 0, pending: false, wake: std::sync::Arc::new(wake), name }
    }

    /// Asks for `job` to run; its result replaces every earlier request's. Returns its
    /// generation.
    pub fn request(&mut self, job: impl FnOnce() -> T + Send + 'static) -> u64 {
        self.latest += 1;
        self.pending = true;
        let job: (u64, Job<T>) = (self.latest, Box::new(job));
        let job = match &self.jobs {
            Some(tx) => match tx.send(job) {
                Ok(()) => return self.latest,
                Err(e) => e.0,
            },
            None => job,
        };
        // No worker yet, or it is gone: start one.
        let (tx, rx) = channel::<(u64, Job<T>)>();
        let _ = tx.send(job);
        let (out, wake) = (self.results_tx.clone(), self.wake.clone());
        let started = std::thread::Builder::new().name(self.name.into()).spawn(move || run(rx, out, wake));
        // A thread that cannot start (out of resources) leaves the last result shown.
        self.pending = started.is_ok();
        self.jobs = started.is_ok().then_some(tx);
        self.latest
    }

    /// The result of the latest request, once it is there; results of older requests are
    /// dropped.
    pub fn poll(&mut self) -> Option<T> {
        let mut newest = None;
        while let Ok((generation, result)) = self.results.try_recv() {
            if generation == self.latest {
                newest = Some(result);
            }
        }
        if newest.is_some() {
            self.pending = false;
        }
        newest
    }

    /// Waits up to `limit` for the latest request's result; `None` when nothing is pending or
    /// it did not come in time (the caller then does the work itself).
    pub fn wait(&mut self, limit: Duration) -> Option<T> {
        let until = Instant::now() + limit;
        while self.pending {
            match self.results.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok((generation, result)) if generation == self.latest => {
                    self.pending = false;
                    return Some(result);
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
        }
        None
    }

    /// Drops the latest request's result when it comes (the caller has what replaces it).
    pub fn cancel(&mut self) {
        self.latest += 1;
        self.pending = false;
    }

    /// Whether the latest request is still being worked on.
    pub fn pending(&self) -> bool {
        self.pending
    }

    pub fn latest(&self) -> u64 {
        self.latest
    }
}

/// The worker's loop: the newest of the queued jobs runs, the others are skipped. It ends
/// when the view (the sender) goes away.
fn run<T>(rx: Receiver<(u64, Job<T>)>, out: Sender<(u64, T)>, wake: std::sync::Arc<dyn Fn() + Send + Sync>) {
    while let Ok(mut job) = rx.recv() {
        loop {
            match rx.try_recv() {
                Ok(newer) => job = newer,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            }
        }
        let (generation, f) = job;
        if out.send((generation, f())).is_err() {
            return;
        }
        wake();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;
    use std::time::{Duration, Instant};

    fn wait<T: Send + 'static>(w: &mut Worker<T>) -> T {
        let start = Instant::now();
        loop {
            if let Some(r) = w.poll() {
                return r;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "no result");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_result_for_an_older_generation_is_discarded() {
        let mut w: Worker<&'static str> = Worker::new("test-worker", || {});
        // The first job runs and blocks until released, so the second is queued behind it.
        let (release, gate) = sync_channel::<()>(0);
        let (started_tx, started) = sync_channel::<()>(1);
        let first = w.request(move || {
            let _ = started_tx.send(());
            let _ = gate.recv();
            "old"
        });
        started.recv().unwrap();
        let second = w.request(|| "new");
        assert!(second > first);
        assert!(w.pending());
        release.send(()).unwrap();
        // "old" finishes first (generation 1) and is dropped; only "new" is handed back.
        assert_eq!(wait(&mut w), "new");
        assert!(!w.pending());
        assert_eq!(w.poll(), None);
    }

    #[test]
    fn a_late_old_result_does_not_replace_the_current_one() {
        let mut w: Worker<u64> = Worker::new("test-worker", || {});
        let g1 = w.request(|| 1);
        assert_eq!(wait(&mut w), 1);
        // A result tagged with an old generation (as one in flight when a new request came)
        // arrives after the new request: it is not taken, and the request stays pending.
        let g2 = w.request(|| {
            std::thread::sleep(Duration::from_millis(20));
            2
        });
        w.results_tx.send((g1, 99)).unwrap();
        assert_eq!(w.poll(), None);
        assert!(w.pending(), "generation {g2} has not come");
        assert_eq!(wait(&mut w), 2);
    }

    #[test]
    fn queued_jobs_a_newer_one_replaced_are_skipped() {
        let ran = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut w: Worker<()> = Worker::new("test-worker", || {});
        let (release, gate) = sync_channel::<()>(0);
        let (started_tx, started) = sync_channel::<()>(1);
        let r = ran.clone();
        w.request(move || {
            let _ = started_tx.send(());
            let _ = gate.recv();
            r.lock().unwrap().push(1);
        });
        started.recv().unwrap();
        for k in 2..5 {
            let r = ran.clone();
            w.request(move || r.lock().unwrap().push(k));
        }
        release.send(()).unwrap();
        wait(&mut w);
        assert_eq!(*ran.lock().unwrap(), [1, 4]);
    }
}

#[cfg(test)]
mod wait_tests {
    use super::*;

    #[test]
    fn wait_blocks_for_the_latest_result_and_gives_up_after_its_limit() {
        let mut w: Worker<u32> = Worker::new("test-worker", || {});
        assert_eq!(w.wait(Duration::from_millis(1)), None, "nothing asked");
        w.request(|| {
            std::thread::sleep(Duration::from_millis(30));
            1
        });
        w.request(|| 2);
        assert_eq!(w.wait(Duration::from_secs(10)), Some(2), "the latest, not the first");
        assert!(!w.pending());
        let (release, gate) = std::sync::mpsc::sync_channel::<()>(0);
        w.request(move || {
            let _ = gate.recv();
            3
        });
        assert_eq!(w.wait(Duration::from_millis(20)), None, "not in time");
        assert!(w.pending());
        release.send(()).unwrap();
        assert_eq!(w.wait(Duration::from_secs(10)), Some(3));
    }
}
