//! RsLi payload codecs: `pack` and `unpack` of 1 MiB of the fixtures' mixed sample (words,
//! runs of spaces and zeros, random bytes) for every storage method, and the streaming
//! `Packer` and `unpack_into` (into a sink), in throughput of unpacked bytes.
//!
//! Run: `cargo bench --locked --no-default-features --bench rsli -- rsli`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::fixtures::rsli::sample;
use parkan_studio::formats::rsli::{Method, Packer, pack, unpack, unpack_into};
use std::io::Write;
use std::hint::black_box;
use std::time::Duration;

const SIZE: usize = 1 << 20;
const KEY: u16 = 0x5A3C;

fn codecs(c: &mut Criterion) {
    let data = sample(3, SIZE);
    let mut g = c.benchmark_group("rsli");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Bytes(SIZE as u64));
    for m in Method::ALL {
        let packed = pack(m, KEY, &data).unwrap();
        g.bench_function(BenchmarkId::new("pack", m.name()), |b| b.iter(|| black_box(pack(m, KEY, black_box(&data)).unwrap())));
        g.bench_function(BenchmarkId::new("unpack", m.name()), |b| b.iter(|| black_box(unpack(m, KEY, black_box(&packed), SIZE).unwrap())));
        // The streaming pair over a slice and a sink (their own buffers, no payload held).
        g.bench_function(BenchmarkId::new("packer", m.name()), |b| {
            b.iter(|| {
                let mut p = Packer::new(m, KEY, std::io::sink()).unwrap();
                p.write_all(black_box(&data)).unwrap();
                black_box(p.finish().unwrap().1)
            })
        });
        g.bench_function(BenchmarkId::new("unpack_into", m.name()), |b| {
            b.iter(|| black_box(unpack_into(m, KEY, &mut black_box(&packed[..]), SIZE as u64, &mut std::io::sink()).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, codecs);
criterion_main!(benches);
