//! An X-Ray level of 10,000 normal visuals of 100 triangles each (1,000,000 triangles, 16-bit
//! index buffers of up to 65,536 vertices) under one hierarchy root:
//! - `parse_level_and_geom`: both files parsed;
//! - `resolve`: every GCONTAINER checked and its window-0 indices copied (files parsed once);
//! - `decode_buffers`: every level.geom vertex buffer decoded for display (part of the next);
//! - `scene_only`: the scene from files already opened and resolved (part of the next);
//! - `parse_resolve_scene`: the `level` and level.geom parsed, resolved and turned into the
//!   glTF-frame scene the viewport, `export` and `render` draw (the goal: < 150 ms);
//! - a memcpy of the level.geom's bytes measured in the same run, for scale.

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::doc::resolve::MemoryAssets;
use parkan_studio::scene::level::{LevelFiles, LevelLayers, level_scene};
use parkan_studio::fixtures::xray_level::large_level_set;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::xray_geom::{LevelGeom, decode_for_display};
use parkan_studio::formats::xray_level::Level;
use parkan_studio::formats::xray_level::draw::resolve;
use std::hint::black_box;
use std::time::Duration;

fn level(c: &mut Criterion) {
    let set = large_level_set(10_000, 100);
    let r = Readings::default();
    let (l, _) = Level::parse(SharedBytes::from(set.level.clone())).unwrap();
    let (g, _) = LevelGeom::parse(SharedBytes::from(set.geom.clone())).unwrap();
    assert_eq!(resolve(&l, Some(&g), None).triangle_count(), 1_000_000);
    let assets = MemoryAssets::from_files([("level.geom", set.geom.clone())]);
    let level_bytes = SharedBytes::from(set.level.clone());
    let geom_bytes = SharedBytes::from(set.geom.clone());
    let mut grp = c.benchmark_group("xray_level_10k_visuals_1m_triangles");
    grp.sample_size(10).measurement_time(Duration::from_secs(8));
    grp.bench_function("parse_level_and_geom", |b| {
        b.iter(|| black_box((Level::parse(black_box(level_bytes.clone())).unwrap(), LevelGeom::parse(black_box(geom_bytes.clone())).unwrap())))
    });
    grp.bench_function("resolve", |b| b.iter(|| black_box(resolve(black_box(&l), Some(&g), None))));
    grp.bench_function("decode_buffers", |b| b.iter(|| black_box(g.vertex_buffers().iter().map(|vb| decode_for_display(vb, &r)).collect::<Vec<_>>())));
    let opened = LevelFiles::open(level_bytes.clone(), &assets).unwrap();
    grp.bench_function("scene_only", |b| b.iter(|| black_box(level_scene("level", black_box(&opened), &r, LevelLayers::default()))));
    grp.bench_function("parse_resolve_scene", |b| {
        b.iter(|| {
            let files = LevelFiles::open(black_box(level_bytes.clone()), &assets).unwrap();
            black_box(level_scene("level", &files, &r, LevelLayers::default()))
        })
    });
    grp.bench_function("baseline_memcpy_level_geom", |b| b.iter(|| black_box(black_box(&set.geom).to_vec())));
    grp.finish();
}

criterion_group!(benches, level);
criterion_main!(benches);
