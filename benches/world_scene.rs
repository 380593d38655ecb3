//! Drawing the world (issues 39 and 40), CPU side, on `fixtures::world_scene`'s folder in
//! memory:
//! - a 20-component unit: resolving and assembling it (one-off, textures decoded), its
//!   drawable form (`RenderScene::from_scene`), and the per-frame work the 3D view does for it
//!   (the animation pose, the material clock's colours and textures, and, where a graphics
//!   adapter exists, recording the frame's draw calls); budget 2 ms a frame;
//! - a mission's scene built (resolve + landscape + objects) at 300 and 1,000 objects;
//! - picking among 1,000 placed objects (boxes first, then the triangles of the candidates);
//!   budget 1 ms.
//!
//! Measured on the shared 2-core machine (medians): the unit's resolve + assembly 0.32 ms, its
//! drawable form 0.03 ms, a frame's pose and material clock 2 µs and its draw-call recording
//! 0.06 ms (llvmpipe); missions 6.9 ms (300 objects) and 42 ms (1,000); a pick 3.5–7 µs.

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec3;
use parkan_studio::doc::resolve::world::{GameFolder, RecordCache, resolve_mission, resolve_unit};
use parkan_studio::fixtures::world_scene as ws;
use parkan_studio::formats::readings::Readings;
use parkan_studio::render::{FrameParams, Headless, MaterialClock, Offscreen, OrbitCamera, RenderScene, wgpu};
use parkan_studio::scene::mission::{MissionOptions, mission_scene};
use parkan_studio::scene::unit::{AssemblyOptions, assemble};
use std::hint::black_box;
use std::time::Duration;

fn unit(c: &mut Criterion) {
    let files = ws::game();
    let game = GameFolder::in_memory(files);
    let bytes = ws::unit(20);
    let r = Readings::default();
    let build = || {
        let u = resolve_unit(&game, "big.dat", &bytes, &r, &mut RecordCache::default()).unwrap();
        assemble(&u, &game, &r, &AssemblyOptions::default())
    };
    let a = build();
    assert_eq!(a.parts.len(), 20);
    let drawn = RenderScene::from_scene(&a.scene);
    let clock = MaterialClock::new(&a.scene, &drawn, &r);
    let mut g = c.benchmark_group("world_unit_20_components");
    g.sample_size(30).measurement_time(Duration::from_secs(6));
    g.bench_function("resolve_and_assemble", |b| b.iter(|| black_box(build())));
    g.bench_function("render_scene", |b| b.iter(|| black_box(RenderScene::from_scene(black_box(&a.scene)))));
    let mut ms = 0u32;
    g.bench_function("frame_cpu_pose_and_materials", |b| {
        b.iter(|| {
            ms = ms.wrapping_add(16);
            let frame = (ms / 66) as f32 % drawn.frame_count.max(1) as f32;
            black_box((drawn.pose(frame), clock.colors_at(ms), clock.textures_at(ms)))
        })
    });
    match Headless::new() {
        Ok(h) => {
            let uploaded = h.upload(&drawn).unwrap();
            let target = Offscreen::new(&h.renderer, 1280, 800);
            let pose = drawn.pose(0.0);
            let mut params = FrameParams::new(OrbitCamera::framing(drawn.min, drawn.max, 0.4, 0.4, 1.6));
            params.node_matrices = Some(&pose);
            g.bench_function("frame_cpu_record_draw_calls", |b| {
                b.iter(|| {
                    let mut encoder = h.device.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
                    h.renderer.render_into(&h.queue, &mut encoder, &uploaded, &target, &params);
                    black_box(encoder.finish())
                })
            });
        }
        Err(e) => eprintln!("skipping the draw-call recording: {e}"),
    }
    g.finish();
}

fn missions(c: &mut Criterion) {
    let files = ws::game();
    let r = Readings::default();
    let m300 = ws::mission(300, &files);
    let m1000 = ws::mission(1000, &files);
    let game = GameFolder::in_memory(files);
    let build = |m: &parkan_studio::formats::tma::Mission| {
        let resolved = resolve_mission(&game, m.clone(), &r);
        mission_scene("data.tma", &resolved, &game, &r, &MissionOptions::default())
    };
    let mut g = c.benchmark_group("world_mission_scene");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("build_300_objects", |b| b.iter(|| black_box(build(&m300))));
    g.bench_function("build_1000_objects", |b| b.iter(|| black_box(build(&m1000))));
    g.finish();

    let scene = build(&m1000);
    assert_eq!(scene.objects.len(), 1000);
    let centre = scene.objects[500].min.lerp(scene.objects[500].max, 0.5);
    let down = |x: f32, z: f32| (Vec3::new(x, 500.0, z), -Vec3::Y);
    let slanted = (Vec3::new(-50.0, 300.0, -50.0), Vec3::new(1.0, -1.2, 1.0).normalize());
    assert!(scene.pick(down(centre.x, centre.z).0, -Vec3::Y).is_some());
    let mut g = c.benchmark_group("world_pick_1000_objects");
    g.sample_size(50);
    g.bench_function("straight_down_on_an_object", |b| b.iter(|| black_box(scene.pick(black_box(Vec3::new(centre.x, 500.0, centre.z)), -Vec3::Y))));
    g.bench_function("slanted_across_the_map", |b| b.iter(|| black_box(scene.pick(black_box(slanted.0), slanted.1))));
    g.bench_function("missing_everything", |b| b.iter(|| black_box(scene.pick(black_box(down(-500.0, -500.0).0), -Vec3::Y))));
    g.finish();
}

criterion_group!(benches, unit, missions);
criterion_main!(benches);
