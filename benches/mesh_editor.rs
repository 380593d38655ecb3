//! CPU time of one frame of the whole app with the 3D view open on a 1,015,808-triangle model
//! (the scene built and uploaded once before): the UI laid out (`egui::Context::run_ui`),
//! tessellated, and egui_wgpu's `update_buffers`, which runs the view's paint callback
//! `prepare` (node matrices, material uniforms, the offscreen pass recorded), as eframe does
//! each frame. The GPU's own work (submitted after the timed part) is not counted. Beside it,
//! the same frame playing (the material time runs), and the frame in which a change asks the
//! worker thread for a new scene (the build itself runs off the UI thread; its time is
//! printed).
//!
//! Needs a wgpu adapter (Mesa's software Vulkan or GL on the CI machines); without one the
//! benchmark says so and measures nothing.

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui_wgpu::{self, RenderState, ScreenDescriptor, wgpu};
use parkan_studio::app::editors::mesh::MeshView;
use parkan_studio::app::intent::Intent;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

const SIZE: [f32; 2] = [1600.0, 1000.0];

/// A RenderState as eframe makes one for a window, on a device of its own.
fn render_state() -> Option<RenderState> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor { backends: wgpu::Backends::all().with_env(), ..wgpu::InstanceDescriptor::new_without_display_handle() });
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default())).ok()?;
    let limits = adapter.limits();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor { required_limits: limits, ..Default::default() })).ok()?;
    let target_format = wgpu::TextureFormat::Rgba8Unorm;
    let renderer = egui_wgpu::Renderer::new(&device, target_format, egui_wgpu::RendererOptions::default());
    Some(RenderState { adapter, available_adapters: Vec::new(), instance, device, queue, target_format, renderer: Arc::new(egui::mutex::RwLock::new(renderer)) })
}

fn try_view(app: &mut StudioApp) -> Option<&mut MeshView> {
    let i = app.tabs.tabs.iter().position(|t| t.state::<MeshView>().is_some())?;
    app.tabs.tabs[i].state_mut::<MeshView>()
}

fn view(app: &mut StudioApp) -> &mut MeshView {
    try_view(app).expect("the 3D view")
}

/// One frame; returns the CPU time up to and including `update_buffers`, then lets the GPU
/// finish the frame's work untimed.
fn frame(ctx: &egui::Context, app: &mut StudioApp, rs: &RenderState) -> Duration {
    let start = Instant::now();
    let input = egui::RawInput { screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(SIZE[0], SIZE[1]))), ..Default::default() };
    let out = ctx.run_ui(input, |ui| app.frame(ui));
    let jobs = ctx.tessellate(out.shapes.clone(), out.pixels_per_point);
    let sd = ScreenDescriptor { size_in_pixels: [SIZE[0] as u32, SIZE[1] as u32], pixels_per_point: out.pixels_per_point };
    let mut encoder = rs.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("bench frame") });
    let extra = rs.renderer.write().update_buffers(&rs.device, &rs.queue, &mut encoder, black_box(&jobs), &sd);
    let cpu = start.elapsed();
    out.drop_without_applying_deltas();
    rs.queue.submit(extra.into_iter().chain([encoder.finish()]));
    let _ = rs.device.poll(wgpu::PollType::wait_indefinitely());
    cpu
}

/// The app with `file` open in the 3D view, its scene built by the worker and uploaded.
fn open_and_wait(ctx: &egui::Context, rs: &RenderState, file: std::path::PathBuf) -> StudioApp {
    let opts = StartOptions { files: vec![file], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut app = StudioApp::with_context(ctx, None, opts);
    app.work.gpu = Some(rs.clone());
    // Until the file is read (a file this large is read in the background, and then not
    // opened in its editor by itself), its tab open, and the worker's scene there and uploaded.
    let start = Instant::now();
    let mut asked = false;
    while try_view(&mut app).is_none_or(|v| v.built().is_none()) {
        if !asked && let Some(f) = app.ws.files().first() {
            app.push_intent(Intent::OpenTab(ItemPath::root(f.id)));
            asked = true;
        }
        frame(ctx, &mut app, rs);
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the scene never came: {} tabs, view {:?}",
            app.tabs.tabs.len(),
            try_view(&mut app).map(|v| (v.updating(), v.build_error().map(str::to_owned)))
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    for _ in 0..3 {
        frame(ctx, &mut app, rs);
    }
    app
}

fn bench(c: &mut Criterion) {
    let Some(rs) = render_state() else {
        eprintln!("skipping the 3D view frame bench: no graphics adapter");
        return;
    };
    eprintln!("adapter: {:?}", rs.adapter.get_info().name);
    let dir = tempfile::tempdir().expect("temp dir");
    let mesh = dir.path().join("sheet.msh");
    std::fs::write(&mesh, parkan_studio::fixtures::msh::large_model(1_000_000)).expect("write fixture");
    let ctx = egui::Context::default();
    let mut app = open_and_wait(&ctx, &rs, mesh);
    let triangles = view(&mut app).built().expect("built").scene.triangle_count();
    assert!(triangles > 1_000_000, "{triangles} triangles");

    let mut g = c.benchmark_group("mesh_editor_1m_triangles");
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    let timed = |app: &mut StudioApp, iters: u64| (0..iters).map(|_| frame(&ctx, app, &rs)).sum::<Duration>();
    g.bench_function("whole app frame, 3D view paused", |b| b.iter_custom(|n| timed(&mut app, n)));
    view(&mut app).timeline.playing = true;
    view(&mut app).overlays.wireframe = false;
    g.bench_function("whole app frame, 3D view playing", |b| b.iter_custom(|n| timed(&mut app, n)));
    view(&mut app).timeline.playing = false;
    g.finish();

    // A change (here a reading that models do not use, so each build is the same full one):
    // the UI thread's frame that asks for the rebuild, timed; then, untimed, frames until the
    // worker's scene is taken. The worker's own build time is printed.
    let mut g = c.benchmark_group("mesh_editor_rebuild_1m_triangles");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    let mut build_ms = Vec::new();
    g.bench_function("frame asking for a rebuild", |b| {
        b.iter_custom(|n| {
            let mut total = Duration::ZERO;
            for _ in 0..n {
                use parkan_studio::formats::readings::LandFlag20000;
                let r = &mut app.ws.readings.land_flag_20000;
                *r = if *r == LandFlag20000::Water { LandFlag20000::Collision } else { LandFlag20000::Water };
                total += frame(&ctx, &mut app, &rs);
                assert!(view(&mut app).updating(), "the change asked for a build");
                while view(&mut app).updating() {
                    std::thread::sleep(Duration::from_millis(1));
                    frame(&ctx, &mut app, &rs);
                }
                build_ms.push(view(&mut app).built().expect("built").build_ms);
            }
            total
        })
    });
    g.finish();
    build_ms.sort_by(f64::total_cmp);
    // Nothing was built when a filter left the rebuild out.
    if let Some(median) = build_ms.get(build_ms.len() / 2) {
        eprintln!("the worker's build of the 1M-triangle scene: median {median:.0} ms over {} builds", build_ms.len());
    }

    // An X-Ray level of 10,000 visuals of 100 triangles (10,000 parts in 5 shaders) under one
    // hierarchy root, drawn through its level.geom; the level side panel (legend, sector
    // tree) laid out each frame.
    let set = parkan_studio::fixtures::xray_level::large_level_set(10_000, 100);
    for (name, bytes) in set.files() {
        std::fs::write(dir.path().join(name), bytes).expect("write level fixture");
    }
    let mut app = open_and_wait(&ctx, &rs, dir.path().join("level"));
    let b = view(&mut app).built().expect("built");
    assert_eq!(b.scene.triangle_count(), 1_000_000);
    eprintln!("the level: {} parts, {} nodes; the worker's build {:.0} ms", b.scene.parts.len(), b.scene.nodes.len(), b.build_ms);
    let mut g = c.benchmark_group("mesh_editor_level_10k_visuals");
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    g.bench_function("whole app frame, level view", |b| b.iter_custom(|n| (0..n).map(|_| frame(&ctx, &mut app, &rs)).sum::<Duration>()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
