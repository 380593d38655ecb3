//! Export benchmarks, each beside a memcpy of the same input bytes measured in the same run:
//! - the demo walker with its materials resolved from the demo folder (in memory) to `.glb`:
//!   the per-export fixed cost (WEAR, MAT0, texture decode, PNG encode);
//! - an MSH model of 131,072 triangles (no materials) to `.glb` and to OBJ;
//! - a level.geom of 1,000,000 vertices to `.glb`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::doc::resolve::MemoryAssets;
use parkan_studio::export::{ExportFormat, encode, gltf::glb_bytes};
use parkan_studio::scene::{SceneOptions, build_scene};
use parkan_studio::fixtures::{demo, msh as mfx, xray as xfx};
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::readings::Readings;
use std::hint::black_box;
use std::time::Duration;

fn walker(c: &mut Criterion) {
    let assets = MemoryAssets::from_files(demo::demo_files());
    let bytes = mfx::walker();
    let shared = SharedBytes::from(bytes.clone());
    let (o, r) = (SceneOptions::default(), Readings::default());
    let mut g = c.benchmark_group("export_walker_with_materials");
    g.throughput(Throughput::Bytes(bytes.len() as u64)).sample_size(30).measurement_time(Duration::from_secs(4));
    g.bench_function("glb", |b| {
        b.iter(|| {
            let scene = build_scene("walker.msh", black_box(shared.clone()), &assets, &o, &r).unwrap();
            black_box(glb_bytes(&scene).unwrap())
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&bytes).to_vec())));
    g.finish();
}

fn large(c: &mut Criterion) {
    let assets = MemoryAssets::new();
    let bytes = mfx::large_model(100_000);
    let shared = SharedBytes::from(bytes.clone());
    let (o, r) = (SceneOptions::default(), Readings::default());
    let mut g = c.benchmark_group("export_msh_131k_triangles");
    g.throughput(Throughput::Bytes(bytes.len() as u64)).sample_size(10).measurement_time(Duration::from_secs(6));
    g.bench_function("glb", |b| {
        b.iter(|| {
            let scene = build_scene("sheet.msh", black_box(shared.clone()), &assets, &o, &r).unwrap();
            black_box(glb_bytes(&scene).unwrap())
        })
    });
    g.bench_function("obj", |b| {
        b.iter(|| {
            let scene = build_scene("sheet.msh", black_box(shared.clone()), &assets, &o, &r).unwrap();
            black_box(encode(&scene, ExportFormat::Obj, "sheet").unwrap())
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&bytes).to_vec())));
    g.finish();
}

fn geom(c: &mut Criterion) {
    let assets = MemoryAssets::new();
    let bytes = xfx::large_level(1_000_000);
    let shared = SharedBytes::from(bytes.clone());
    let (o, r) = (SceneOptions::default(), Readings::default());
    let mut g = c.benchmark_group("export_geom_1m_vertices");
    g.throughput(Throughput::Bytes(bytes.len() as u64)).sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("glb", |b| {
        b.iter(|| {
            let scene = build_scene("level.geom", black_box(shared.clone()), &assets, &o, &r).unwrap();
            black_box(glb_bytes(&scene).unwrap())
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&bytes).to_vec())));
    g.finish();
}

criterion_group!(benches, walker, large, geom);
criterion_main!(benches);
