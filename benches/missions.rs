//! Missions (docs/formats/tma.md) and Land.map (docs/formats/land-map.md): parsing all 30
//! generated missions (`fixtures::missions`, 2,000+ objects in all; the budget is every
//! mission of the game parsed and resolved in 100 ms, resolving comes with the world model),
//! the largest mission (300 objects) parsed and written, and one generated Land.map (32 × 32
//! areals, the shipped 128 × 128 grid) parsed and checked.
//!
//! Measured on the shared 2-core build machine (load average about 15), release, `--quick`:
//! all 30 missions (2,062 objects, 341,254 bytes) parsed in 1.79 ms (budget with resolving:
//! 100 ms); the 300-object mission parsed in 214 µs and written in 23 µs; the 1,024-areal
//! Land.map (204,888 bytes) parsed in 1.99 ms and checked against its extent in 425 µs.

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::fixtures::{land_map, missions};
use parkan_studio::formats::landmap::LandMap;
use parkan_studio::formats::tma::Mission;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let files: Vec<Vec<u8>> = missions::files().into_iter().map(|(_, b)| b).collect();
    let total: usize = files.iter().map(|b| b.len()).sum();
    let objects: usize = files.iter().map(|b| Mission::parse(b).unwrap().0.objects.len()).sum();
    println!("{} missions, {objects} objects, {total} bytes", files.len());
    let big = files[1].clone();
    let mut g = c.benchmark_group("missions");
    g.sample_size(30);
    g.bench_function("parse_all_30_missions", |b| {
        b.iter(|| black_box(files.iter().map(|f| Mission::parse(f).unwrap().0.objects.len()).sum::<usize>()))
    });
    g.bench_function("parse_one_mission_300_objects", |b| b.iter(|| black_box(Mission::parse(&big).unwrap().0.objects.len())));
    let m = Mission::parse(&big).unwrap().0;
    g.bench_function("write_one_mission_300_objects", |b| b.iter(|| black_box(m.write().len())));
    g.finish();

    let map = land_map::land_map(32);
    println!("Land.map: 1,024 areals, 128 × 128 cells, {} bytes", map.len());
    let mut g = c.benchmark_group("land_map");
    g.sample_size(20);
    g.bench_function("parse_land_map_1024_areals", |b| b.iter(|| black_box(LandMap::parse(&map[..]).unwrap().0.map.areals.len())));
    let lm = LandMap::parse(&map[..]).unwrap().0;
    g.bench_function("check_land_map_1024_areals", |b| b.iter(|| black_box(lm.check(Some(land_map::extent(32))).len())));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
