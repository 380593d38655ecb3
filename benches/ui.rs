//! CPU time of one frame of the archive browser showing a 10,000-entry archive, headless
//! (`egui::Context::run_ui` plus tessellation, no GPU), beside a memcpy of the archive's bytes
//! in the same run. Three cases: the steady frame (row model cached, only the visible rows laid
//! out), a frame that also rebuilds the row model (what follows an edit or a filter change), and
//! the whole editor's frame (menus, browser, inspector, tabs, log).
//!
//! The Texm inspector on a 1024x1024 texture (11 levels): building its model (decode every
//! level; what follows an edit or a reading change), the display image of one level with a
//! palette index highlighted (what a swatch hover costs), and the editor's frame with the
//! inspector tab open, beside a memcpy of the decoded chain.
//!
//! The compare view: the whole editor's frame with the view open on the 10,000-entry archive
//! against a copy with every fifth entry changed (2,000 changes in the tree, one byte-range
//! diff shown). And a material's compare (`compare_material`): the editor's frame with both
//! sides of an animated material playing in step on one timeline, each side's preview and its
//! texture from its own Textures.lib. Headless, there is no device: the previews draw their
//! flat swatch, so this is the view's CPU frame without the renderer's paint callbacks (whose
//! cost `benches/material_editor.rs` measures for one preview).

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

fn inspector(c: &mut Criterion) {
    use parkan_studio::app::editors::texture::model::{Channels, TextureModel, ViewMode};
    use parkan_studio::fixtures::texm::{Material, Spec, build};
    use parkan_studio::formats::texm::{Format, RuntimeOptions};
    let r = parkan_studio::formats::readings::Readings::default();
    let rgb = build(&Spec::new(Format::Argb8888, 1024, 1024, 11, Material::Rock));
    let pal = build(&Spec::new(Format::Indexed, 1024, 1024, 11, Material::Rock));
    let decoded: usize = TextureModel::build(&rgb, ViewMode::Stored, &r, None, &RuntimeOptions::default()).unwrap().levels.iter().map(|l| l.rgba.len()).sum();
    let src = vec![0x5Au8; decoded];
    let mut g = c.benchmark_group("texture_inspector_1024");
    g.sample_size(20);
    g.bench_function("baseline: memcpy of the decoded chain", |b| b.iter(|| black_box(src.to_vec())));
    g.bench_function("model build, 8888 stored", |b| b.iter(|| black_box(TextureModel::build(&rgb, ViewMode::Stored, &r, None, &RuntimeOptions::default()).unwrap())));
    g.bench_function("model build, format 0 runtime", |b| b.iter(|| black_box(TextureModel::build(&pal, ViewMode::Runtime, &r, None, &RuntimeOptions::default()).unwrap())));
    let m = TextureModel::build(&pal, ViewMode::Stored, &r, None, &RuntimeOptions::default()).unwrap();
    g.bench_function("display level 0 with a palette highlight", |b| b.iter(|| black_box(m.display_rgba(0, Channels::default(), Some(7)))));
    // The whole editor with the inspector open on the 1024x1024 texture.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("T.lib");
    let mut a = parkan_studio::formats::nres::Archive::new();
    a.add(b"BIG.0", parkan_studio::formats::TYPE_TEXM, [0; 3], rgb.clone()).unwrap();
    std::fs::write(&path, a.write()).unwrap();
    let ctx = egui::Context::default();
    let arg = std::path::PathBuf::from(format!("{}::BIG.0", path.display()));
    let opts = StartOptions { files: vec![arg], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut app = StudioApp::with_context(&ctx, None, opts);
    for _ in 0..3 {
        frame(&ctx, &mut |ui| app.frame(ui));
    }
    g.bench_function("whole editor frame, inspector open", |b| b.iter(|| frame(&ctx, &mut |ui| app.frame(ui))));
    g.finish();
}

/// Frames that follow an edit: a Page-rect corner drag on the 1024x1024, 11-level texture
/// (one merged edit plus the frame that shows it, per mouse move), and an attribute drag in
/// one archive while ten tabs of another archive are open. Each iteration changes the
/// document, so whatever the editor rebuilds after an edit is in the figure.
fn edits(c: &mut Criterion) {
    use parkan_studio::app::editors::texture::edits::with_page_rects;
    use parkan_studio::app::intent::{Intent, ItemEdit};
    use parkan_studio::fixtures::texm::{Material, Spec, build};
    use parkan_studio::formats::texm::Format;
    let dir = tempfile::tempdir().expect("temp dir");
    let tex = build(&Spec::new(Format::Argb8888, 1024, 1024, 11, Material::Rock).quadrants());
    let mut a = parkan_studio::formats::nres::Archive::new();
    a.add(b"BIG.0", parkan_studio::formats::TYPE_TEXM, [0; 3], tex).unwrap();
    let tpath = dir.path().join("T.lib");
    std::fs::write(&tpath, a.write()).unwrap();
    let other = dir.path().join("Other.lib");
    std::fs::write(&other, parkan_studio::fixtures::texm::textures_lib()).unwrap();
    let ctx = egui::Context::default();
    let arg = std::path::PathBuf::from(format!("{}::BIG.0", tpath.display()));
    let opts = StartOptions { files: vec![arg], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut app = StudioApp::with_context(&ctx, None, opts);
    let tex_path = app.tabs.active_tab().expect("the texture tab").path.clone();
    for _ in 0..3 {
        frame(&ctx, &mut |ui| app.frame(ui));
    }
    let mut g = c.benchmark_group("edit_frames");
    g.sample_size(20);
    let mut x = 0i16;
    g.bench_function("Page-rect drag frame, 1024x1024 11 levels", |b| {
        b.iter(|| {
            x = (x + 1) % 256;
            let rects = vec![parkan_studio::formats::texm::Rect { x, w: 256, y: 0, h: 256 }];
            // What the canvas does on a mouse move: the texture's bytes with the moved rect.
            let bytes = app.ws.item_bytes(&tex_path).expect("the texture");
            let new = with_page_rects(&bytes, rects).expect("a Page edit");
            app.push_intent(Intent::EditItem(ItemEdit::bytes(&tex_path, new, "drag").dragging("page-rects")));
            frame(&ctx, &mut |ui| app.frame(ui));
        })
    });
    app.push_intent(Intent::EndDrag);
    // Ten tabs of another archive, then drag an attribute of an entry of the first.
    app.push_intent(Intent::Open(vec![other]));
    app.apply_pending();
    let other_id = app.ws.files().iter().find(|f| f.name() == "Other.lib").expect("opened").id;
    let n = app.ws.file(other_id).unwrap().root().len().min(10);
    for i in 0..n {
        app.push_intent(Intent::OpenTab(ItemPath::root(other_id).child(i)));
    }
    app.push_intent(Intent::OpenTab(tex_path.clone()));
    app.apply_pending();
    for _ in 0..3 {
        frame(&ctx, &mut |ui| app.frame(ui));
    }
    let mut v = 0u32;
    g.bench_function("attribute drag frame, ten tabs of another archive open", |b| {
        b.iter(|| {
            v = v.wrapping_add(1);
            app.push_intent(Intent::SetAttrs { path: tex_path.clone(), type_id: None, attrs: [v, 0, 0], dragging: true });
            frame(&ctx, &mut |ui| app.frame(ui));
        })
    });
    g.finish();
}

fn compare(c: &mut Criterion) {
    use parkan_studio::app::intent::Intent;
    use parkan_studio::formats::nres::Archive;
    let (ctx, mut app, bytes, dir) = setup();
    let (mut other, _) = Archive::parse(bytes.clone().into()).expect("the fixture parses");
    for i in (0..ENTRIES).step_by(5) {
        let mut p = other.payload(i).to_vec();
        p[0] ^= 0xFF;
        other.replace(i, p).expect("same size");
    }
    let path = dir.path().join("Other.lib");
    std::fs::write(&path, other.write()).expect("write the copy");
    app.push_intent(Intent::CompareWith(path));
    app.apply_pending();
    let view = app.views.compare.as_mut().expect("the compare view");
    assert_eq!(view.changes().len(), ENTRIES / 5);
    view.selected = Some(ENTRIES / 10);
    view.open_selected(&ctx, &app.ws);
    for _ in 0..3 {
        frame(&ctx, &mut |ui| app.frame(ui));
    }
    let mut g = c.benchmark_group("ui");
    g.bench_function("compare view: editor frame, 2,000 changes in the tree", |b| b.iter(|| frame(&ctx, &mut |ui| app.frame(ui))));
    g.finish();
}

fn compare_material(c: &mut Criterion) {
    use parkan_studio::app::compare::Body;
    use parkan_studio::app::intent::Intent;
    use parkan_studio::fixtures::mat0::material_lib;
    use parkan_studio::fixtures::texm::textures_lib;
    use parkan_studio::formats::mat0::{Mat0, SHIPPED_VERSION};
    use parkan_studio::formats::nres::Archive;
    let dir = tempfile::tempdir().expect("temp dir");
    let (a, b) = (dir.path().join("Material.lib"), dir.path().join("edited").join("Material.lib"));
    std::fs::create_dir_all(b.parent().expect("a folder")).expect("the edited folder");
    std::fs::write(&a, material_lib()).expect("write A");
    for d in [dir.path(), b.parent().expect("a folder")] {
        std::fs::write(d.join("Textures.lib"), textures_lib()).expect("write the textures");
    }
    let (mut lib, _) = Archive::parse(material_lib().into()).expect("the fixture parses");
    let k = (0..lib.len()).find(|&i| lib.entry(i).name() == "MODE_LOOP").expect("MODE_LOOP");
    let mut m = Mat0::parse(&lib.payload(k), SHIPPED_VERSION).expect("a material");
    m.phases[1].params[4] = 255;
    lib.replace(k, m.write().expect("writes")).expect("replace");
    std::fs::write(&b, lib.write()).expect("write B");
    let ctx = egui::Context::default();
    let opts = StartOptions { files: vec![a], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut app = StudioApp::with_context(&ctx, None, opts);
    app.push_intent(Intent::CompareWith(b));
    app.apply_pending();
    let view = app.views.compare.as_mut().expect("the compare view");
    assert_eq!(view.changes().len(), 1);
    view.selected = Some(0);
    view.open_selected(&ctx, &app.ws);
    let Some(Body::Fields(t)) = app.views.compare.as_mut().and_then(|c| c.shown.as_mut()).map(|s| &mut s.body) else { panic!("a material's fields") };
    t.extra_mut::<parkan_studio::app::editors::mat0::compare::MaterialPlay>().expect("both sides playing").timeline.playing = true;
    for _ in 0..3 {
        frame(&ctx, &mut |ui| app.frame(ui));
    }
    let mut g = c.benchmark_group("ui");
    g.bench_function("compare view: editor frame, a material's two sides playing", |b| b.iter(|| frame(&ctx, &mut |ui| app.frame(ui))));
    g.finish();
}

criterion_group!(benches, bench, inspector, edits, compare, compare_material);
criterion_main!(benches);
