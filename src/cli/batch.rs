//! `unpack` and `pack` (docs/cli.md, "Unpack and pack"), and what long runs share: a progress
//! bar on a terminal (items, bytes, rate, ETA; nothing when stderr is not a terminal or with
//! `--json`), `--jobs`, every failure listed at the end (exit 1), and Ctrl+C that stops
//! between items, so no file is left half-written (exit 130).

use super::output::outln;
use super::{Failure, Out};
use crate::unpack::{self, Compression, Options, Progress, Report};
use crate::formats::readings::Readings;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Set by Ctrl+C; long runs stop between items when they see it.
static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl+C handler once (the `ctrlc` crate: SIGINT/SIGTERM on Unix, the console
/// control handler on Windows).
fn catch_interrupt() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst));
    });
}

#[derive(Args, Debug, Clone)]
pub struct BatchArgs {
    /// Worker threads (default: every core).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// One JSON summary on stdout instead of the text report (no progress bar).
    #[arg(long)]
    pub json: bool,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompressionArg {
    Fast,
    Best,
}

/// Progress on stderr, when it is a terminal.
pub struct Bar {
    bar: ProgressBar,
    items: AtomicU64,
    total_items: AtomicU64,
}

impl Bar {
    pub fn new(verb: &str, quiet: bool) -> Bar {
        let target = if quiet { ProgressDrawTarget::hidden() } else { ProgressDrawTarget::stderr() };
        let bar = ProgressBar::with_draw_target(Some(0), target);
        bar.set_style(
            ProgressStyle::with_template("{prefix} [{bar:30}] {msg} {bytes}/{total_bytes} {binary_bytes_per_sec} ETA {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_prefix(verb.to_string());
        Bar { bar, items: AtomicU64::new(0), total_items: AtomicU64::new(0) }
    }
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Progress for Bar {
    fn begin(&self, items: u64, bytes: u64) {
        self.total_items.store(items, Ordering::Relaxed);
        self.bar.set_length(bytes);
        self.bar.set_message(format!("0/{items} files"));
    }
    fn advance(&self, bytes: u64) {
        self.bar.inc(bytes);
    }
    fn item_done(&self, _what: &str) {
        let n = self.items.fetch_add(1, Ordering::Relaxed) + 1;
        self.bar.set_message(format!("{n}/{} files", self.total_items.load(Ordering::Relaxed)));
    }
    fn cancelled(&self) -> bool {
        STOP.load(Ordering::SeqCst)
    }
}

fn jobs(a: &BatchArgs) -> Result<usize, Failure> {
    match a.jobs {
        Some(0) => Err(Failure::usage("--jobs must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(unpack::default_jobs()),
    }
}

/// Prints the report (text or JSON) and gives the exit code: 0, 1 when anything failed, 130
/// when stopped.
fn finish(command: &str, r: &Report, started: Instant, json: bool, dest: &Path) -> Out {
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let v = serde_json::json!({
            "command": command,
            "output": dest.display().to_string(),
            "items": r.items,
            "bytes_in": r.bytes_in,
            "files_written": r.files_written,
            "bytes_out": r.bytes_out,
            "seconds": seconds,
            "changes": r.changes.iter().map(|m| m.as_str()).collect::<Vec<_>>(),
            "notes": r.notes.iter().map(|m| m.as_str()).collect::<Vec<_>>(),
            "failures": r.failures,
            "cancelled": r.cancelled,
        });
        outln!("{v}");
    } else {
        for c in &r.changes {
            outln!("{c}");
        }
        for n in &r.notes {
            eprintln!("note: {n}");
        }
        outln!(
            "{command}: {} files ({} bytes) -> {} files ({} bytes) in {} in {seconds:.2} s",
            r.items,
            r.bytes_in,
            r.files_written,
            r.bytes_out,
            dest.display()
        );
        if !r.failures.is_empty() {
            eprintln!("{} failed:", r.failures.len());
            for f in &r.failures {
                eprintln!("  {}: {}", f.item, f.message);
            }
        }
        if r.cancelled {
            eprintln!("stopped by Ctrl+C: every file written is whole; run again to finish");
        }
    }
    Ok(if r.cancelled {
        130
    } else if r.failures.is_empty() {
        0
    } else {
        1
    })
}

pub fn unpack_cmd(sources: &[PathBuf], out: &Path, compression: CompressionArg, no_models: bool, args: &BatchArgs, readings: &Readings) -> Out {
    catch_interrupt();
    let opts = Options {
        jobs: jobs(args)?,
        compression: match compression {
            CompressionArg::Fast => Compression::Fast,
            CompressionArg::Best => Compression::Best,
        },
        readings: *readings,
        models: !no_models,
    };
    let bar = Bar::new("unpack", args.json);
    let started = Instant::now();
    let r = unpack::unpack(sources, out, &opts, &bar).map_err(|e| Failure::usage(e.0))?;
    bar.finish();
    finish("unpack", &r, started, args.json, out)
}

pub fn pack_cmd(dir: &Path, out: &Path, args: &BatchArgs) -> Out {
    catch_interrupt();
    let opts = Options { jobs: jobs(args)?, ..Options::default() };
    let bar = Bar::new("pack", args.json);
    let started = Instant::now();
    let r = unpack::pack(dir, out, &opts, &bar).map_err(|e| Failure::usage(e.0))?;
    bar.finish();
    if !r.failures.is_empty() && r.files_written == 0 && !args.json {
        eprintln!("nothing was written");
    }
    finish("pack", &r, started, args.json, out)
}

/// `check` of many files: read and checked on `jobs` threads, reports in the order given.
/// Returns the reports, whether a file could not be read, and whether Ctrl+C stopped it.
pub fn check_files(paths: &[String], jobs: Option<usize>, quiet: bool, readings: &Readings) -> Result<(Vec<crate::doc::check::FileReport>, bool, bool), Failure> {
    use rayon::prelude::*;
    catch_interrupt();
    let jobs = jobs_of(jobs)?;
    let bar = Bar::new("check", quiet || paths.len() < 2);
    bar.begin(paths.len() as u64, paths.iter().map(|p| std::fs::metadata(p).map_or(0, |m| m.len())).sum());
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().map_err(|e| Failure::usage(e.to_string()))?;
    let results: Vec<Option<Result<crate::doc::check::FileReport, String>>> = pool.install(|| {
        paths
            .par_iter()
            .map(|p| {
                if bar.cancelled() {
                    return None;
                }
                let r = super::check::check_file(p, readings).map_err(|e| format!("{p}: {e}"));
                bar.advance(std::fs::metadata(p).map_or(0, |m| m.len()));
                bar.item_done(p);
                Some(r)
            })
            .collect()
    });
    bar.finish();
    let cancelled = results.iter().any(Option::is_none);
    let mut reports = Vec::new();
    let mut io_failed = false;
    for r in results.into_iter().flatten() {
        match r {
            Ok(rep) => reports.push(rep),
            Err(e) => {
                eprintln!("error: {e}");
                io_failed = true;
            }
        }
    }
    if cancelled {
        eprintln!("stopped by Ctrl+C after {} of {} files", reports.len(), paths.len());
    }
    Ok((reports, io_failed, cancelled))
}

fn jobs_of(j: Option<usize>) -> Result<usize, Failure> {
    jobs(&BatchArgs { jobs: j, json: false })
}

/// `extract --all`: every entry written on `jobs` threads (each to a temporary renamed over its
/// name); an entry that fails is listed and the rest go on. Exit 1 when any failed, 130 when
/// stopped.
pub fn extract_all(address: &str, node: &crate::doc::node::Node, dir: &Path, jobs: Option<usize>) -> Out {
    use rayon::prelude::*;
    catch_interrupt();
    let jobs = jobs_of(jobs)?;
    std::fs::create_dir_all(dir).map_err(|e| Failure::io(dir, e))?;
    let metas = node.metas();
    let bar = Bar::new("extract", false);
    bar.begin(metas.len() as u64, metas.iter().map(|m| m.size).sum());
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().map_err(|e| Failure::usage(e.to_string()))?;
    let results: Vec<Option<Result<(), String>>> = pool.install(|| {
        (0..metas.len())
            .into_par_iter()
            .map(|i| {
                if bar.cancelled() {
                    return None;
                }
                let r = node.entry_bytes(i).map_err(|e| format!("{address}::{} {e}", metas[i].name)).and_then(|b| {
                    let p = dir.join(crate::doc::node::output_name(&metas, i));
                    crate::doc::save::atomic_write_fast(&p, &b).map_err(|e| format!("{}: {e}", p.display()))
                });
                bar.advance(metas[i].size);
                bar.item_done(&metas[i].name);
                Some(r)
            })
            .collect()
    });
    bar.finish();
    let done = results.iter().filter(|r| matches!(r, Some(Ok(())))).count();
    let failures: Vec<&String> = results.iter().flatten().filter_map(|r| r.as_ref().err()).collect();
    outln!("extracted {done} of {} entries to {}", metas.len(), dir.display());
    for f in &failures {
        eprintln!("error: {f}");
    }
    if results.iter().any(Option::is_none) {
        eprintln!("stopped by Ctrl+C: every file written is whole");
        return Ok(130);
    }
    Ok(if failures.is_empty() { 0 } else { 1 })
}
