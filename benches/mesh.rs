//! Mesh benchmarks, each beside a memcpy of the same bytes measured in the same run:
//! - an MSH model of 131,072 triangles (the fixture's smallest block count above 100,000):
//!   NRes directory + component list alone (parse), and with every component decoded and
//!   LOD0 geometry extracted;
//! - a level.geom of 1,000,000 vertices (16 brush buffers of 62,500, with their index
//!   buffers): chunk parse alone, parse + every attribute decoded, parse + viewer extraction.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::fixtures::{msh as mfx, xray as xfx};
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::msh::Msh;
use parkan_studio::formats::msh::geometry::extract_model;
use parkan_studio::formats::msh::nodes::GridCell;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::xray_geom::{LevelGeom, decode_attributes, geometry::extract};
use std::hint::black_box;
use std::time::Duration;

fn msh(c: &mut Criterion) {
    let bytes = mfx::large_model(100_000);
    let shared = SharedBytes::from(bytes.clone());
    let r = Readings::default();
    let mut g = c.benchmark_group("msh_parse_extract_131k_triangles");
    g.throughput(Throughput::Bytes(bytes.len() as u64)).sample_size(20).measurement_time(Duration::from_secs(4));
    g.bench_function("parse", |b| b.iter(|| black_box(Msh::parse(black_box(shared.clone())).unwrap())));
    g.bench_function("parse_and_extract", |b| {
        b.iter(|| {
            let (_, m, _) = Msh::parse(black_box(shared.clone())).unwrap();
            let (parts, _) = m.parts();
            black_box(extract_model(&parts, &r, GridCell::default()).unwrap())
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&bytes).to_vec())));
    g.finish();
}

fn geom(c: &mut Criterion) {
    let bytes = xfx::large_level(1_000_000);
    let shared = SharedBytes::from(bytes.clone());
    let r = Readings::default();
    let mut g = c.benchmark_group("xray_geom_1m_vertices");
    g.throughput(Throughput::Bytes(bytes.len() as u64)).sample_size(10).measurement_time(Duration::from_secs(6));
    g.bench_function("parse", |b| b.iter(|| black_box(LevelGeom::parse(black_box(shared.clone())).unwrap())));
    g.bench_function("parse_and_decode", |b| {
        b.iter(|| {
            let (geom, _) = LevelGeom::parse(black_box(shared.clone())).unwrap();
            black_box(geom.vertex_buffers().iter().map(|vb| decode_attributes(vb, &r)).collect::<Vec<_>>())
        })
    });
    g.bench_function("parse_and_extract", |b| {
        b.iter(|| {
            let (geom, _) = LevelGeom::parse(black_box(shared.clone())).unwrap();
            black_box(extract(&geom, &r))
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&bytes).to_vec())));
    g.finish();
}

criterion_group!(benches, msh, geom);
criterion_main!(benches);
