//! The game folder as one project, on a folder of the shipped install's counts and sizes
//! (`fixtures::game`, about 21 MB):
//! - the tree: walk the folder and read every archive's directory (no payloads);
//! - the index complete (every file read, items, names and links; two threads);
//! - a search keystroke (`t:texm bri`, `brick0`, a contained name);
//! - a rename with 300 references (plan and apply to the open documents, one undo step), and
//!   the index taking the 101 changed files from the documents;
//! - memory: the resident memory the walk and the index add, against the bytes they read,
//!   printed before the timings (Linux: /proc/self).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use parkan_studio::doc::Workspace;
use parkan_studio::doc::project::{Index, Project, Query, rename, search};
use parkan_studio::fixtures::game::{GameSpec, game_files, write_game};
use parkan_studio::fixtures::wear;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::readings::Readings;
use std::hint::black_box;
use std::path::PathBuf;

fn shipped() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("game");
    let w = write_game(&p, &GameSpec::SHIPPED).unwrap();
    println!("folder: {} files, {:.1} MB", w.files, w.bytes as f64 / 1e6);
    (dir, p)
}

fn tree_and_index(c: &mut Criterion) {
    let (_t, dir) = shipped();
    let readings = Readings::default();
    let mut g = c.benchmark_group("project_shipped");
    g.sample_size(10);
    g.bench_function("tree_directories_only", |b| {
        b.iter(|| {
            let p = Project::open(&dir);
            let entries: usize = p.files().iter().filter(|f| p.directory(f).is_ok()).map(|f| p.directory(f).map_or(0, |d| d.len())).sum();
            black_box(entries)
        })
    });
    g.bench_function("index_complete", |b| {
        b.iter(|| {
            let p = Project::open(&dir);
            black_box(p.index(&readings).problems().len())
        })
    });
    g.finish();

    let index = Project::open(&dir).index(&readings);
    let mut g = c.benchmark_group("project_search_keystroke");
    for q in ["t:texm bri", "brick0", "metal01.0", "is:unused"] {
        let query = Query::parse(q);
        g.bench_function(q, |b| b.iter(|| black_box(search::search(&index, &query).len())));
    }
    g.finish();
}

/// The shipped folder with 100 tables naming one material in three rows each: 300 references.
fn three_hundred_references() -> Vec<(String, Vec<u8>)> {
    let mut files = game_files(&GameSpec::SHIPPED);
    let mut tables = 0;
    for (name, bytes) in files.iter_mut() {
        if name.starts_with("models/") && name.ends_with(".wea") && tables < 100 {
            *bytes = wear::table(&[(0, "STEEL"), (1, "STEEL"), (2, "STEEL"), (3, "DEFAULT")], None, wear::Style::default());
            tables += 1;
        }
    }
    // STEEL is the first material after DEFAULT, renamed so; no other table names it.
    let lib = files.iter_mut().find(|(n, _)| n == "Material.lib").unwrap();
    let (mut a, _) = parkan_studio::formats::nres::Archive::parse(SharedBytes::from(lib.1.clone())).unwrap();
    let i = a.find("BRICK00").unwrap();
    a.rename(i, b"STEEL").unwrap();
    lib.1 = a.write();
    files
}

fn rename_300(c: &mut Criterion) {
    let files = three_hundred_references();
    let readings = Readings::default();
    let index = Index::from_bytes(files.iter().map(|(n, b)| (n.clone(), SharedBytes::from(b.clone()))), &readings);
    let plan = rename::plan(&index, "Material.lib::STEEL", "STEEL2").unwrap();
    println!("rename: {} references in {} files", plan.rewrites.len(), plan.files(&index).len());
    let open_all = || {
        let mut ws = Workspace::new();
        for rel in plan.files(&index) {
            let b = &files.iter().find(|(n, _)| *n == rel).unwrap().1;
            ws.open_bytes(rel.into(), SharedBytes::from(b.clone())).unwrap();
        }
        ws
    };
    let mut g = c.benchmark_group("project_rename");
    g.bench_function("rename_300_references", |b| {
        b.iter_batched(
            open_all,
            |mut ws| {
                let plan = rename::plan(&index, "Material.lib::STEEL", "STEEL2").unwrap();
                let mut open = |ws: &mut Workspace, rel: &str| ws.find_file(std::path::Path::new(rel)).ok_or_else(|| rel.to_string());
                black_box(rename::apply(&mut ws, &index, &plan, &mut open).unwrap().len());
                ws
            },
            BatchSize::LargeInput,
        )
    });
    // The editor's index takes the rename's files (unsaved) at once, linking once.
    let mut ws = open_all();
    let mut open = |ws: &mut Workspace, rel: &str| ws.find_file(std::path::Path::new(rel)).ok_or_else(|| rel.to_string());
    rename::apply(&mut ws, &index, &plan, &mut open).unwrap();
    let touched: Vec<(String, SharedBytes)> = ws
        .files()
        .iter()
        .map(|f| (f.path.to_string_lossy().into_owned(), ws.item_bytes(&parkan_studio::doc::ItemPath::root(f.id)).unwrap()))
        .collect();
    g.sample_size(10);
    g.bench_function("index_follows_the_rename", |b| {
        b.iter_batched(
            || Index::from_bytes(files.iter().map(|(n, b)| (n.clone(), SharedBytes::from(b.clone()))), &readings),
            |mut ix| {
                ix.update_files(touched.iter().map(|(r, b)| (r.as_str(), b.clone())));
                ix
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn memory(_: &mut Criterion) {
    let (_t, dir) = shipped();
    let Some(baseline) = status_kb("VmRSS") else {
        println!("memory: not measured (no /proc/self)");
        return;
    };
    // The peak counts from here: what the walk and the index add.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let index = Project::open(&dir).index(&Readings::default());
    let read = index.bytes_read();
    let peak = status_kb("VmHWM").unwrap_or(0).saturating_sub(baseline) * 1024;
    let held = status_kb("VmRSS").unwrap_or(0).saturating_sub(baseline) * 1024;
    let mb = |b: u64| b as f64 / 1e6;
    println!(
        "memory: baseline {:.1} MB; the indexed project holds +{:.1} MB (peak +{:.1} MB) for {:.1} MB read: {:.2}x the bytes read",
        baseline as f64 / 1e3,
        mb(held),
        mb(peak),
        mb(read),
        held as f64 / read as f64
    );
    black_box(index.problems().len());
}

criterion_group!(benches, memory, tree_and_index, rename_300);
criterion_main!(benches);
