//! Renderer benchmarks:
//! - the drawable scene (export's scene builder, then `RenderScene::from_scene`) for the
//!   131,072-triangle model and the 1,000,000-vertex level.geom;
//! - CPU picking on a 1,015,808-triangle model (the BVH build once, then one ray), beside the
//!   least a GPU id-buffer pick costs: the same scene drawn into a 1x1 target and that pixel
//!   read back (an id pass does this vertex work and this round trip, and more);
//! - the CPU cost of recording one frame of that model (uniform writes, sorting, draw calls);
//! - one headless render of it at 1280x800, read back, on whatever adapter wgpu finds (Mesa's
//!   software renderer on the CI machines). Without an adapter the GPU benches are skipped.

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec2;
use parkan_studio::doc::resolve::MemoryAssets;
use parkan_studio::scene::{SceneOptions, build_scene};
use parkan_studio::fixtures::{msh as mfx, xray as xfx};
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::readings::Readings;
use parkan_studio::render::pick::Bvh;
use parkan_studio::render::{FrameParams, Headless, Offscreen, OrbitCamera, RenderScene, pick, wgpu};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn scene_of(name: &str, bytes: &SharedBytes) -> RenderScene {
    let (o, r) = (SceneOptions::default(), Readings::default());
    RenderScene::from_scene(&build_scene(name, bytes.clone(), &MemoryAssets::new(), &o, &r).unwrap())
}

fn build(c: &mut Criterion) {
    let model = SharedBytes::from(mfx::large_model(100_000));
    let level = SharedBytes::from(xfx::large_level(1_000_000));
    let mut g = c.benchmark_group("render_scene_build");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("msh_131k_triangles", |b| b.iter(|| black_box(scene_of("sheet.msh", black_box(&model)))));
    g.bench_function("geom_1m_vertices", |b| b.iter(|| black_box(scene_of("level.geom", black_box(&level)))));
    let (o, r) = (SceneOptions::default(), Readings::default());
    let exported = build_scene("level.geom", level.clone(), &MemoryAssets::new(), &o, &r).unwrap();
    g.bench_function("geom_1m_vertices_from_export_scene_only", |b| b.iter(|| black_box(RenderScene::from_scene(black_box(&exported)))));
    g.finish();
}

fn million() -> RenderScene {
    scene_of("sheet.msh", &SharedBytes::from(mfx::large_model(1_000_000)))
}

fn picking(c: &mut Criterion) {
    let scene = million();
    let start = Instant::now();
    black_box(Bvh::build(&scene));
    eprintln!("BVH build for {} triangles: {:?}", scene.triangle_count(), start.elapsed());
    let camera = OrbitCamera::framing(scene.min, scene.max, 0.4, 0.5, 1.6);
    let rest = scene.rest_matrices();
    let size = Vec2::new(1280.0, 800.0);
    let mut g = c.benchmark_group("render_pick_1m_triangles");
    g.sample_size(50);
    // The first pick builds the tree; the measured ones reuse it.
    let centre = camera.ray(size * 0.5, size, scene.radius());
    assert!(pick(&scene, centre, &rest).is_some());
    g.bench_function("centre_ray", |b| b.iter(|| black_box(pick(&scene, black_box(centre), &rest))));
    let miss = camera.ray(Vec2::new(2.0, 2.0), size, scene.radius());
    g.bench_function("edge_ray", |b| b.iter(|| black_box(pick(&scene, black_box(miss), &rest))));
    match Headless::new() {
        Ok(headless) => {
            let uploaded = headless.upload(&scene).unwrap();
            let params = FrameParams::new(camera);
            g.sample_size(10).measurement_time(Duration::from_secs(10));
            g.bench_function("gpu_1x1_render_readback", |b| b.iter(|| black_box(headless.render(&uploaded, &params, 1, 1).unwrap())));
        }
        Err(e) => eprintln!("skipping the GPU pick bound: {e}"),
    }
    g.finish();
}

fn gpu(c: &mut Criterion) {
    let headless = match Headless::new() {
        Ok(h) => h,
        Err(e) => {
            eprintln!("skipping the GPU benches: {e}");
            return;
        }
    };
    eprintln!("adapter: {}", headless.adapter);
    let scene = million();
    let uploaded = headless.upload(&scene).unwrap();
    let camera = OrbitCamera::framing(scene.min, scene.max, 0.4, 0.5, 1280.0 / 800.0);
    let params = FrameParams::new(camera);
    let target = Offscreen::new(&headless.renderer, 1280, 800);
    let mut g = c.benchmark_group("render_1m_triangles");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("record_frame_cpu", |b| {
        b.iter(|| {
            let mut encoder = headless.device.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
            headless.renderer.render_into(&headless.queue, &mut encoder, &uploaded, &target, &params);
            black_box(encoder.finish())
        })
    });
    g.bench_function("headless_1280x800_readback", |b| b.iter(|| black_box(headless.render(&uploaded, &params, 1280, 800).unwrap())));
    g.finish();
}

criterion_group!(benches, build, picking, gpu);
criterion_main!(benches);
