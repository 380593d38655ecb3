//! Archive benchmarks, each beside a baseline measured in the same run:
//! - parse a 3,000-entry NRes directory vs a memcpy of the same bytes;
//! - list and extract every entry of a 100 MB archive vs a memcpy of 100 MB;
//! - replace one entry and save a 100 MB archive atomically vs a plain sequential write.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::doc::save::atomic_write_with;
use parkan_studio::fixtures::nres::{many, pattern};
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

criterion_group!(benches, parse_directory, extract_all, replace_and_save);
criterion_main!(benches);
