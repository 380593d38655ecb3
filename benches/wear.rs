//! One keystroke's full cycle in the WEAR editor, headless (`egui::Context::run_ui` plus
//! tessellation, no GPU): the frame that takes the key (the text widget's edit, the byte
//! splice, the reparse, the diagnostics with the name checks against the demo Material.lib,
//! the edit through the document's history) and the frame after it (the coloured re-layout),
//! on a 1,000-row table. Each iteration types a character and deletes it again: two keystrokes.
//!
//! On a 10 MB table (800,000 rows) the same two keystrokes in the middle of the text, and the
//! table edit (the splice of one name and everything read again from the new bytes).
//!
//! Measured on the 2-core shared build machine, release, the same bench before and after the
//! text view became our own widget (only the lines in view laid out) and the tab's summary was
//! made only when shown: two keystrokes with their four frames 43.6 ms before (load about 3),
//! 2.9 to 5.2 ms after (load 3 to 6): 1.4 to 2.6 ms a keystroke against the 2 ms goal, the
//! editor's own work 0.36 to 0.47 ms of it, the rest the app's frame (browser, inspector, log
//! panels); a steady frame 0.93 ms before, 0.34 to 0.46 ms after. 10 MB: a keystroke in the
//! text 0.45 s (each one parses the table once: it was read only before), a steady frame
//! 0.33 ms (9.7 ms for the read-only view before), a table edit 1.0 to 1.3 s (two parses here,
//! one in the editor). Then a keystroke re-read only its lines into the text model and, from
//! 1 MiB on, the table on the view's worker: two keystrokes on 10 MB 47 ms (24 ms each, from
//! 0.43 s); 1,000 rows unchanged at 2.5 ms for two. The table edit now runs the editor's own
//! path (the renamed table, already read by the rename, taken as it is): 0.30 s.

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::app::editors::wear::WearView;
use parkan_studio::app::intent::Intent;
use parkan_studio::app::{StartOptions, StudioApp};
use parkan_studio::doc::ItemPath;
use parkan_studio::formats::wear::Section;
use std::hint::black_box;
use std::path::Path;

fn input(events: Vec<egui::Event>) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        events,
        ..Default::default()
    }
}

fn frame(ctx: &egui::Context, app: &mut StudioApp, events: Vec<egui::Event>) {
    let out = ctx.run_ui(input(events), |ui| app.frame(ui));
    let shapes = ctx.tessellate(out.shapes.clone(), out.pixels_per_point);
    black_box(shapes);
    out.drop_without_applying_deltas();
}

fn table(rows: usize, names: &[&str]) -> Vec<u8> {
    let mut t = format!("{rows}\r\n").into_bytes();
    for i in 0..rows {
        t.extend(format!("{i} {}\r\n", names[i % names.len()]).bytes());
    }
    t
}

fn setup(dir: &Path, bytes: &[u8]) -> (egui::Context, StudioApp) {
    for (name, b) in parkan_studio::fixtures::demo::demo_files() {
        std::fs::write(dir.join(name), b).expect("demo file");
    }
    let path = dir.join("big.wea");
    std::fs::write(&path, bytes).expect("table");
    let ctx = egui::Context::default();
    let opts = StartOptions { files: vec![path], readings: Default::default(), open_demo: false, native_dialogs: false };
    let mut app = StudioApp::with_context(&ctx, None, opts);
    let id = app.ws.files().last().expect("opened").id;
    app.push_intent(Intent::OpenTab(ItemPath::root(id)));
    for _ in 0..3 {
        frame(&ctx, &mut app, Vec::new());
    }
    (ctx, app)
}

fn view(app: &mut StudioApp) -> &mut WearView {
    let a = app.tabs.active.expect("a tab");
    app.tabs.tabs[a].state_mut::<WearView>().expect("the WEAR editor")
}

fn bench(c: &mut Criterion) {
    let names = ["METAL01", "ROCK", "LAMP", "GRASS", "WATER", "DEFAULT"];
    let dir = tempfile::tempdir().expect("temp dir");
    let small = table(1000, &names);
    let (ctx, mut app) = setup(dir.path(), &small);
    // The cursor after the name on row 500.
    let at = small.windows(5).enumerate().filter(|(_, w)| w == b"\r\n500").map(|(i, _)| i).next().expect("row 500") + 2;
    let at = at + b"500 ".len() + names[500 % names.len()].len();
    let v = view(&mut app);
    v.jump = Some(v.model.byte_to_char(at));
    frame(&ctx, &mut app, Vec::new());
    frame(&ctx, &mut app, Vec::new());
    let mut g = c.benchmark_group("wear");
    g.sample_size(30);
    let backspace = egui::Event::Key { key: egui::Key::Backspace, physical_key: None, pressed: true, repeat: false, modifiers: egui::Modifiers::NONE };
    g.bench_function("two keystrokes (type, delete), each with its frame and the re-layout frame, 1,000 rows", |b| {
        b.iter(|| {
            frame(&ctx, &mut app, vec![egui::Event::Text("X".into())]);
            frame(&ctx, &mut app, Vec::new());
            frame(&ctx, &mut app, vec![backspace.clone()]);
            frame(&ctx, &mut app, Vec::new());
        })
    });
    assert_eq!(view(&mut app).bytes(), &small[..], "typing and deleting gave back the table");
    g.bench_function("steady frame, 1,000 rows", |b| b.iter(|| frame(&ctx, &mut app, Vec::new())));
    let mut plain = WearView::default();
    g.bench_function("keystroke without egui: splice, reparse, tokens, diagnostics, 1,000 rows", |b| {
        let mut toggle = false;
        b.iter(|| {
            toggle = !toggle;
            let mut bytes = small.clone();
            if toggle {
                bytes.insert(at, b'X');
            }
            plain.set_bytes(bytes);
            black_box(plain.diagnostics.len());
        })
    });

    let big = table(800_000, &names);
    assert!(big.len() > 10_000_000);
    let dir2 = tempfile::tempdir().expect("temp dir");
    let (ctx2, mut app2) = setup(dir2.path(), &big);
    g.sample_size(10);
    // The table's path: the view's table cloned and renamed (which reads it), then taken as
    // one undo step (the text model follows by the changed lines; tokens, diagnostics).
    plain.set_bytes(big.clone());
    let path = ItemPath::root(app2.ws.files().last().expect("opened").id);
    g.bench_function("table edit on a 10 MB table: rename, reparse, diagnostics", |b| {
        let mut toggle = false;
        b.iter(|| {
            toggle = !toggle;
            let mut w = plain.wear.clone();
            w.set_name(Section::Materials, 400_000, if toggle { "ROCKX" } else { "ROCK" }).expect("rename");
            let mut out = Vec::new();
            plain.commit_wear(&path, w, "Rename WEAR row", &mut out);
            black_box((plain.diagnostics.len(), out.len()));
        })
    });
    g.bench_function("steady frame, 10 MB table", |b| b.iter(|| frame(&ctx2, &mut app2, Vec::new())));
    // The cursor after the name on row 400,000, in the middle of the 10 MB text.
    let mid = big.windows(8).position(|w| w == b"\r\n400000").expect("row 400,000") + 2;
    let mid = mid + b"400000 ".len() + names[400_000 % names.len()].len();
    let v = view(&mut app2);
    v.jump = Some(v.model.byte_to_char(mid));
    frame(&ctx2, &mut app2, Vec::new());
    frame(&ctx2, &mut app2, Vec::new());
    g.bench_function("two keystrokes (type, delete), each with its frame and the re-layout frame, 10 MB table", |b| {
        b.iter(|| {
            frame(&ctx2, &mut app2, vec![egui::Event::Text("X".into())]);
            frame(&ctx2, &mut app2, Vec::new());
            frame(&ctx2, &mut app2, vec![backspace.clone()]);
            frame(&ctx2, &mut app2, Vec::new());
        })
    });
    assert!(view(&mut app2).bytes() == &big[..], "typing and deleting gave back the 10 MB table");
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
