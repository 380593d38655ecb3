//! CPU time of one frame of the archive browser showing a 10,000-entry archive, headless
//! (`egui::Context::run_ui` plus tessellation, no GPU), beside a memcpy of the archive's bytes
//! in the same run. Three cases: the steady frame (row model cached, only the visible rows laid
//! out), a frame that also rebuilds the row model (what follows an edit or a filter change), and
//! the whole editor's frame (menus, browser, inspector, tabs, log).

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;
use std::hint::black_box;

const ENTRIES: usize = 10_000;

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        ..Default::default()
    }
}

fn setup() -> (egui::Context, StudioApp, Vec<u8>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let bytes = parkan_studio::fixtures::nres::many(ENTRIES);
    let path = dir.path().join("Big.lib");
    std::fs::write(&path, &bytes).expect("write fixture");
    let ctx = egui::Context::default();
    let opts = StartOptions { files: vec![path], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut app = StudioApp::with_context(&ctx, None, opts);
    let root = ItemPath::root(app.ws.files()[0].id);
    app.browser.selection.select_only(root.child(ENTRIES / 2));
    app.browser.scroll_to = Some(root.child(ENTRIES / 2));
    (ctx, app, bytes, dir)
}

fn frame(ctx: &egui::Context, f: &mut dyn FnMut(&mut egui::Ui)) {
    let out = ctx.run_ui(input(), |ui| f(ui));
    let shapes = ctx.tessellate(out.shapes.clone(), out.pixels_per_point);
    black_box(shapes);
    out.drop_without_applying_deltas();
}

fn bench(c: &mut Criterion) {
    let (ctx, mut app, bytes, _dir) = setup();
    // Warm up: fonts, the first layout, the model.
    for _ in 0..3 {
        frame(&ctx, &mut |ui| {
            egui::Panel::left("browser").default_size(700.0).show(ui, |ui| app.browser_ui(ui));
        });
    }
    let mut g = c.benchmark_group("ui");
    let mut dst = vec![0u8; bytes.len()];
    g.bench_function("baseline: memcpy of the archive bytes", |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(&bytes));
            black_box(&dst);
        })
    });
    g.bench_function("browser frame, 10k entries", |b| {
        b.iter(|| {
            frame(&ctx, &mut |ui| {
                egui::Panel::left("browser").default_size(700.0).show(ui, |ui| app.browser_ui(ui));
            })
        })
    });
    g.bench_function("browser frame with row model rebuild, 10k entries", |b| {
        b.iter(|| {
            app.browser.invalidate();
            frame(&ctx, &mut |ui| {
                egui::Panel::left("browser").default_size(700.0).show(ui, |ui| app.browser_ui(ui));
            })
        })
    });
    g.bench_function("whole editor frame, 10k entries", |b| b.iter(|| frame(&ctx, &mut |ui| app.frame(ui))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
