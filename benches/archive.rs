//! Archive benchmarks, each beside a baseline measured in the same run:
//! - parse a 3,000-entry NRes directory vs a memcpy of the same bytes, and per entry vs a
//!   memcpy of the directory alone (printed);
//! - parse a 2,000-entry RsLi directory (the table decrypted, every row's range) vs a memcpy
//!   of the table and vs the table decrypted alone (the work no parse can skip). Load 8.5,
//!   the old and new benches in turn: 43.4 / 46.0 ns an entry before, 29.3 / 31.1 ns after
//!   the table was decrypted straight into the rows and eight keystream bytes a step (the
//!   decryption alone 22 ns an entry before, 11 ns after);
//!
//!   NRes per entry, median of single parses on the 2-core shared machine: 57 ns before the
//!   directory and payload ranges were shared (load 5), 17-18.5 ns after (load 10-19);
//!   criterion's mean over batches counts the time other processes hold the cores (330 us
//!   before, 161-334 us after for the 3,000 entries, its memcpy baseline 2.5 and 6.8-12 us).
//!   Then (load 3.5, the old and new benches run one after the other): 22.9-23.5 / 25.5 ns
//!   (20.6x the directory memcpy) before, 8.3 / 8.6 ns (6.8x) after the parse stopped building
//!   the data region's layout for payloads that lie apart in directory order (the spans, their
//!   order check, one or two items and a location an entry: about 100 bytes written an entry)
//!   and the lookup check compared the name fields in place (no NUL sought per name) with one
//!   bit a row for the permutation. What is left an entry: the range check and the NUL check
//!   of the row (its 64 bytes read), the table's permutation bit and one name comparison at a
//!   row found through the table.
//! - list and extract every entry of a 100 MB archive vs a memcpy of 100 MB;
//! - replace one entry and save a 100 MB archive atomically vs a plain sequential write;
//! - `list` of a 100 MB archive on disk (the real binary, and the listing in process) vs reading
//!   the whole file, as list did before it read only the header and directory;
//! - memory: the peak resident memory that `list`, `check` and the editor's open add, on the
//!   100 MB archive, printed before the timings (Linux: /proc/self).

#[path = "support/timing.rs"]
mod timing;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::doc::Workspace;
use parkan_studio::doc::check::check_bytes;
use parkan_studio::doc::listing::Listing;
use parkan_studio::doc::save::atomic_write_with;
use parkan_studio::formats::readings::Readings;
use parkan_studio::fixtures::nres::{many, pattern};
use parkan_studio::fixtures::rsli;
use parkan_studio::formats::rsli::Archive as Rsli;
use parkan_studio::formats::rsli::cipher;
use std::time::Duration;
use timing::{Stats, interleaved};
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::nres::Archive;
use std::hint::black_box;

fn big_archive() -> Vec<u8> {
    // 1,000 entries of 100 KiB: about 100 MB.
    let chunk = pattern(7, 100 * 1024);
    let mut a = Archive::new();
    a.add_batch((0..1000).map(|i| (format!("BIG{i:04}.0"), 1u32, [0u32; 3], chunk.clone()))).unwrap();
    a.write()
}

fn parse_directory(c: &mut Criterion) {
    let bytes = many(3000);
    let shared = SharedBytes::from(&bytes[..]);
    let mut g = c.benchmark_group("nres_parse_3000_entries");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("parse", |b| b.iter(|| black_box(Archive::parse(shared.clone()).unwrap())));
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(bytes.to_vec())));
    g.finish();
    // Per entry, beside a memcpy of the directory alone (what a parse must at least read).
    let dir = bytes[bytes.len() - 3000 * 64..].to_vec();
    let s = interleaved(Duration::from_millis(1500), 1, &mut [
        &mut || {
            black_box(Archive::parse(black_box(shared.clone())).unwrap());
        },
        &mut || {
            black_box(black_box(&dir).to_vec());
        },
    ]);
    let per = |t: Duration| t.as_secs_f64() * 1e9 / 3000.0;
    println!(
        "nres parse 3000 entries ({}): {:.1} / {:.1} ns an entry (best / median), directory memcpy {:.2} / {:.2} ns an entry, {:.1}x / {:.1}x",
        timing::load(),
        per(s[0].best),
        per(s[0].median),
        per(s[1].best),
        per(s[1].median),
        s[0].best.as_secs_f64() / s[1].best.as_secs_f64(),
        s[0].median.as_secs_f64() / s[1].median.as_secs_f64()
    );
}

/// The RsLi directory: header, the table decrypted, every row's range; beside a memcpy of
/// the table.
fn parse_rsli(c: &mut Criterion) {
    let bytes = rsli::large(2000);
    let shared = SharedBytes::from(&bytes[..]);
    let table = bytes[32..32 + 2000 * 32].to_vec();
    let mut g = c.benchmark_group("rsli_parse_2000_entries");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("parse", |b| b.iter(|| black_box(Rsli::parse(shared.clone()).unwrap())));
    g.bench_function("baseline_memcpy_table", |b| b.iter(|| black_box(table.to_vec())));
    g.finish();
    let seed = u32::from_le_bytes(bytes[20..24].try_into().unwrap()) as u16;
    let s = interleaved(Duration::from_millis(1000), 1, &mut [
        &mut || {
            black_box(Rsli::parse(black_box(shared.clone())).unwrap());
        },
        &mut || {
            black_box(black_box(&table).to_vec());
        },
        &mut || {
            // What no parse can skip: the table decrypted (a copy, then the keystream).
            let mut t = black_box(&table).to_vec();
            cipher::apply(seed, &mut t);
            black_box(t);
        },
    ]);
    let per = |t: Duration| t.as_secs_f64() * 1e9 / 2000.0;
    println!(
        "rsli parse 2000 entries ({}): {:.1} / {:.1} ns an entry (best / median), table memcpy {:.2} / {:.2} ns an entry, table decrypted {:.1} / {:.1} ns an entry; {:.1} us the whole parse",
        timing::load(),
        per(s[0].best),
        per(s[0].median),
        per(s[1].best),
        per(s[1].median),
        per(s[2].best),
        per(s[2].median),
        Stats::us(s[0].median)
    );
}

fn extract_all(c: &mut Criterion) {
    let bytes = big_archive();
    let shared = SharedBytes::from(&bytes[..]);
    let mut g = c.benchmark_group("nres_100mb_list_extract_all");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(BenchmarkId::new("parse_list_extract", bytes.len()), |b| {
        b.iter(|| {
            let (a, _) = Archive::parse(shared.clone()).unwrap();
            let mut total = 0usize;
            for i in 0..a.len() {
                let name = a.entry(i).name();
                let out = a.payload(i).to_vec();
                total += out.len() + name.len();
            }
            black_box(total)
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(bytes.to_vec())));
    g.finish();
}

fn replace_and_save(c: &mut Criterion) {
    let bytes = big_archive();
    let shared = SharedBytes::from(&bytes[..]);
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("big.lib");
    let plain = dir.path().join("plain.bin");
    let mut g = c.benchmark_group("nres_100mb_replace_save");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("replace_one_and_atomic_save", |b| {
        b.iter(|| {
            let (mut a, _) = Archive::parse(shared.clone()).unwrap();
            a.replace(500, pattern(9, 123_457)).unwrap();
            // exactly what Workspace::save does: stream through a buffer into the temp file
            atomic_write_with(&target, &mut |f| {
                let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
                a.write_to(&mut w)?;
                std::io::Write::flush(&mut w)
            })
            .unwrap();
        })
    });
    g.bench_function("baseline_sequential_write_fsync", |b| {
        b.iter(|| {
            use std::io::Write;
            let mut f = std::fs::File::create(&plain).unwrap();
            f.write_all(&bytes).unwrap();
            f.sync_all().unwrap();
        })
    });
    g.finish();
}

fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The resident memory `f` adds at its peak, in bytes: the kernel's high-water mark is reset to
/// the current size first (`/proc/self/clear_refs`), so what came before does not count.
fn peak_added(f: impl FnOnce()) -> Option<u64> {
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    let before = status_kb("VmRSS")?;
    f();
    Some(status_kb("VmHWM")?.saturating_sub(before) * 1024)
}

/// Writes the 100 MB archive to a file and keeps none of it in memory.
fn big_file(dir: &std::path::Path) -> (std::path::PathBuf, u64) {
    let path = dir.join("big.lib");
    std::fs::write(&path, big_archive()).unwrap();
    let len = std::fs::metadata(&path).unwrap().len();
    (path, len)
}

fn memory(_: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (path, len) = big_file(dir.path());
    let mb = |b: u64| b as f64 / 1e6;
    let report = |what: &str, peak: Option<u64>| match peak {
        Some(p) => println!("memory: {what} of a {:.0} MB archive: peak +{:.1} MB ({:.2}x the file)", mb(len), mb(p), p as f64 / len as f64),
        None => println!("memory: {what}: not measured (no /proc/self)"),
    };
    // what `list` and `info` do: header and directory only
    report("list", peak_added(|| {
        let l = Listing::read(&path).unwrap().unwrap();
        black_box(l.metas().len());
    }));
    // what `check` does: read the file, check every entry, compare the re-encoding
    report("check", peak_added(|| {
        let bytes = std::fs::read(&path).unwrap();
        black_box(check_bytes("big.lib", SharedBytes::from(bytes), &Readings::default()).ok);
    }));
    // what the editor and every editing command do to open a file
    report("open in the workspace", peak_added(|| {
        let mut ws = Workspace::new();
        black_box(ws.open(&path).unwrap());
    }));
}

fn list_from_disk(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (path, len) = big_file(dir.path());
    let mut g = c.benchmark_group("nres_100mb_list_from_disk");
    g.sample_size(20);
    g.throughput(Throughput::Bytes(len));
    g.bench_function("cli_list", |b| {
        b.iter(|| {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_parkan-studio")).arg("list").arg(&path).stdout(std::process::Stdio::null()).status().unwrap();
            assert!(out.success());
        })
    });
    g.bench_function("cli_version_process_start", |b| {
        b.iter(|| std::process::Command::new(env!("CARGO_BIN_EXE_parkan-studio")).arg("--version").stdout(std::process::Stdio::null()).status().unwrap())
    });
    g.bench_function("listing_in_process", |b| b.iter(|| black_box(Listing::read(&path).unwrap().unwrap().metas().len())));
    g.bench_function("baseline_read_whole_file", |b| b.iter(|| black_box(std::fs::read(&path).unwrap().len())));
    g.finish();
}

criterion_group!(benches, memory, parse_directory, parse_rsli, extract_all, replace_and_save, list_from_disk);
criterion_main!(benches);
