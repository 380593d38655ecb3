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
    g.bench_function("whole app frame, editor playing 4 blocks x 20 keys", |b| {
        b.iter(|| {
            frame(&ctx, &mut app);
        })
    });
    assert!(view(&mut app).timeline.time > 0.0, "the playhead moved");

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

criterion_group!(benches, bench);
criterion_main!(benches);
