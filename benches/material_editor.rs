//! CPU time of one frame of the whole app with the MAT0 editor open on a material of 4
//! animation blocks of 20 keys each (8 phases, every interpolation bit), playing: the timeline
//! advances, every block is evaluated at the playhead, the tracks, readout, plot and swatch
//! preview are laid out and tessellated (headless `egui::Context::run_ui`, no GPU). Beside it,
//! the readout's evaluation alone, the same frame paused, and the editor alone in a bare frame.

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::app::editors::mat0::{Mat0View, readout};
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::fixtures::mat0::plain;
use parkan_studio::formats::TYPE_MAT0;
use parkan_studio::formats::mat0::{AnimBlock, AnimMode, Key, Mat0};
use parkan_studio::formats::nres::Archive;
use std::hint::black_box;

fn material() -> Mat0 {
    let mut m = Mat0::new(6);
    m.phases = (0..8u8).map(|i| plain([i * 30, 255 - i * 30, 128], if i % 2 == 0 { "ROCK.0" } else { "GRASS.0" })).collect();
    let modes = [AnimMode::Loop, AnimMode::PingPong, AnimMode::OneShot, AnimMode::Random];
    m.anim = modes.iter().map(|&mode| AnimBlock::new(mode, 0x1F, (0..20u16).map(|k| Key { k0: k % 8, k1: (k + 1) * 50, k2: 0 }).collect())).collect();
    m
}

fn frame(ctx: &egui::Context, app: &mut StudioApp) {
    let input = egui::RawInput { screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0))), ..Default::default() };
    let out = ctx.run_ui(input, |ui| app.frame(ui));
    black_box(ctx.tessellate(out.shapes.clone(), out.pixels_per_point));
    out.drop_without_applying_deltas();
}

fn view(app: &mut StudioApp) -> &mut Mat0View {
    let i = app.tabs.tabs.iter().position(|t| t.state::<Mat0View>().is_some()).expect("the material tab");
    app.tabs.tabs[i].state_mut::<Mat0View>().expect("the material editor")
}

fn bench(c: &mut Criterion) {
    let m = material();
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, bytes) in parkan_studio::fixtures::demo::demo_files() {
        if name == "Textures.lib" || name == "palettes.lib" {
            std::fs::write(dir.path().join(name), bytes).expect("write fixture");
        }
    }
    let mut a = Archive::new();
    a.add(b"BUSY", TYPE_MAT0, [0, 6, 0], m.write().expect("writable")).expect("add");
    let lib = dir.path().join("Material.lib");
    std::fs::write(&lib, a.write()).expect("write fixture");

    let mut g = c.benchmark_group("material_editor");
    let readings = parkan_studio::formats::readings::Readings::default();
    g.bench_function("readout: 4 blocks evaluated at the playhead", |b| b.iter(|| black_box(readout::evaluate(black_box(&m), 1234, 1, &readings))));

    let ctx = egui::Context::default();
    let opts = StartOptions { files: vec![format!("{}::BUSY", lib.display()).into()], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut app = StudioApp::with_context(&ctx, None, opts);
    for _ in 0..3 {
        frame(&ctx, &mut app);
    }
    assert_eq!(view(&mut app).readout.len(), 4, "the editor shows the material");
    g.bench_function("whole app frame, editor paused", |b| b.iter(|| frame(&ctx, &mut app)));
    view(&mut app).timeline.playing = true;
    frame(&ctx, &mut app);
    assert!(view(&mut app).timeline.time > 0.0, "the playhead moves");
    g.bench_function("whole app frame, editor playing 4 blocks x 20 keys", |b| {
        b.iter(|| {
            frame(&ctx, &mut app);
        })
    });

    // The editor alone in a bare frame (no menus, browser, inspector or log), playing.
    use parkan_studio::app::editors::{EditorCx, EditorState};
    let path = app.tabs.active_tab().expect("the material tab").path.clone();
    let bytes = app.ws.item_bytes(&path).expect("the material's bytes");
    let mut alone = Mat0View::default();
    alone.timeline.playing = true;
    let mut out = Vec::new();
    let mut editor_frame = |out: &mut Vec<_>| {
        let cx = EditorCx { ws: &app.ws, generation: 0, path: &path, bytes: &bytes, gpu: None };
        let input = egui::RawInput { screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1200.0, 1000.0))), ..Default::default() };
        let o = ctx.run_ui(input, |ui| alone.show(ui, &cx, out));
        black_box(ctx.tessellate(o.shapes.clone(), o.pixels_per_point));
        o.drop_without_applying_deltas();
    };
    for _ in 0..3 {
        editor_frame(&mut out);
    }
    g.bench_function("editor alone, playing 4 blocks x 20 keys", |b| b.iter(|| editor_frame(&mut out)));
    assert!(out.is_empty(), "playing edits nothing");
    g.finish();
}

fn preview(c: &mut Criterion) {
    use parkan_studio::doc::resolve::{MemoryAssets, Resolver};
    use parkan_studio::formats::mat0::eval::state_at_time;
    use parkan_studio::formats::mat0::rng::MsvcRand;
    use parkan_studio::render::scene::FULL_UV_RECT;
    use parkan_studio::render::shapes::{Shape, preview_scene};
    use parkan_studio::render::{BlendMode, FrameParams, Headless, MaterialColors, Offscreen, OrbitCamera, wgpu};
    let headless = match Headless::new() {
        Ok(h) => h,
        Err(e) => {
            eprintln!("skipping the preview render bench: {e}");
            return;
        }
    };
    eprintln!("preview adapter: {}", headless.adapter);
    let m = material();
    let readings = parkan_studio::formats::readings::Readings::default();
    let assets = MemoryAssets::from_files(parkan_studio::fixtures::demo::demo_files());
    let mut resolver = Resolver::new(&assets, &readings);
    let state = state_at_time(&m, 0, 1234, 0, &mut MsvcRand::new(1), &readings).expect("the material evaluates");
    let texture = resolver.texture(m.phases[state.phase].texture_bytes()).0;
    assert!(texture.is_some(), "the demo's Textures.lib has the phase's texture");
    let uv = texture.as_ref().and_then(|t| t.cell_uv(state.cell)).unwrap_or(FULL_UV_RECT);
    let mut scene = preview_scene(Shape::Sphere);
    scene.set_preview_material(MaterialColors::from_runtime(&state.values, state.u16), texture, uv, BlendMode::Opaque);
    let uploaded = headless.upload(&scene).expect("upload");
    let (size, times) = (512u32, [0u32, 250, 500, 750, 1000]);
    // The colours change every frame (the playhead moves); the shape and texture stay.
    let colours: Vec<MaterialColors> = times
        .iter()
        .map(|&t| {
            let s = state_at_time(&m, 0, t, 0, &mut MsvcRand::new(1), &readings).expect("the material evaluates");
            MaterialColors::from_runtime(&s.values, s.u16)
        })
        .collect();
    let camera = OrbitCamera::framing(scene.min, scene.max, 0.5, 0.35, 1.0);
    let target = Offscreen::new(&headless.renderer, size, size);
    let mut g = c.benchmark_group("material_preview_512");
    g.sample_size(20);
    let mut i = 0;
    g.bench_function("record frame (CPU)", |b| {
        b.iter(|| {
            i = (i + 1) % colours.len();
            let mut params = FrameParams::new(camera);
            params.material_colors = Some(std::slice::from_ref(&colours[i]));
            let mut encoder = headless.device.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
            headless.renderer.render_into(&headless.queue, &mut encoder, &uploaded, &target, &params);
            black_box(encoder.finish())
        })
    });
    g.bench_function("render and read back", |b| {
        b.iter(|| {
            i = (i + 1) % colours.len();
            let mut params = FrameParams::new(camera);
            params.material_colors = Some(std::slice::from_ref(&colours[i]));
            black_box(headless.render(&uploaded, &params, size, size).expect("render"))
        })
    });
    g.finish();
}

criterion_group!(benches, bench, preview);
criterion_main!(benches);
