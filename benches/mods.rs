//! Mods on the shipped-size game folder (`fixtures::game`, about 21 MB), 50 changed entries in
//! 10 archives (NRes libraries, meshes and the RsLi sprites.lib, whose entries are packed again) (issue 26's targets):
//! - `create`: `mod create` from the clean and the modded folder (walk, compare, package);
//!   target at most 0.5 s;
//! - `apply` and `revert` of that package, beside the baseline of writing the 10 modded
//!   archives with the atomic save (`doc::save`); target at most 1.3 times the baseline.
//!
//! Measured (2 cores shared with other builds, `cargo bench --no-default-features --bench mods
//! -- --warm-up-time 1 --measurement-time 3`): create 33 ms; baseline 104 ms, apply 101 ms
//! (0.97x), revert 105 ms (1.01x). Apply writes each archive once, as the baseline does, and
//! saves the baseline's temporary file and folder flush per file; what it adds is the journal
//! and the commit record.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use parkan_studio::doc::mods::create::diff_folders;
use parkan_studio::doc::mods::manage::{self, InstallOptions};
use parkan_studio::doc::mods::package::Source;
use parkan_studio::doc::mods::{Meta, Package};
use parkan_studio::doc::node::Node;
use parkan_studio::doc::save::atomic_write;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::bytes::SharedBytes;
use std::hint::black_box;
use std::path::{Path, PathBuf};

const ARCHIVES: [&str; 10] = [
    "Textures.lib",
    "Material.lib",
    "lightmap.lib",
    "palettes.lib",
    "sprites.lib",
    "Land.msh",
    "models/MODEL000.msh",
    "models/HOUSE001.msh",
    "models/CRATE002.msh",
    "models/CRANE003.msh",
];

fn copy_dir(from: &Path, to: &Path) {
    parkan_studio::fixtures::files::copy_dir(from, to).unwrap();
}

/// Five entries of each archive get the bytes of the entry after them, reversed (new bytes
/// no other entry has).
fn modify(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for a in ARCHIVES {
        let path = dir.join(a);
        let (mut node, _) = Node::parse(a, SharedBytes::from(std::fs::read(&path).unwrap())).unwrap();
        let n = node.len();
        assert!(n >= 2, "{a} has {n} entries");
        for k in 0..5 {
            let i = k % n;
            let mut b = node.entry_bytes((i + 1) % n).unwrap().to_vec();
            b.reverse();
            b.push(k as u8);
            node.replace_entry(i, SharedBytes::from(b)).unwrap();
        }
        let bytes = node.write();
        std::fs::write(&path, &bytes).unwrap();
        out.push((PathBuf::from(a), bytes));
    }
    out
}

fn mods(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let clean = tmp.path().join("clean");
    write_game(&clean, &GameSpec::SHIPPED).unwrap();
    for m in ["MODEL000", "HOUSE001", "CRATE002", "CRANE003"] {
        assert!(clean.join(format!("models/{m}.msh")).exists(), "{m}");
    }
    let modded = tmp.path().join("modded");
    copy_dir(&clean, &modded);
    let archives = modify(&modded);
    let pkg_path = tmp.path().join("bench.parkanmod");
    let changes = diff_folders(&clean, &modded).unwrap();
    let entries = changes.len();
    let pkg = Package { meta: Meta { name: "Bench".into(), ..Meta::default() }, changes };
    std::fs::write(&pkg_path, pkg.to_bytes().unwrap()).unwrap();
    let total: u64 = archives.iter().map(|(_, b)| b.len() as u64).sum();
    eprintln!("mods bench: {entries} changed entries in {} archives of {total} bytes", archives.len());

    let mut g = c.benchmark_group("mods_shipped_50_entries_10_archives");
    g.sample_size(10);
    g.bench_function("create", |b| {
        b.iter(|| {
            let changes = diff_folders(&clean, &modded).unwrap();
            let p = Package { meta: Meta { name: "Bench".into(), ..Meta::default() }, changes };
            atomic_write(&tmp.path().join("out.parkanmod"), &p.to_bytes().unwrap()).unwrap();
        })
    });
    let game = tmp.path().join("game");
    copy_dir(&clean, &game);
    g.bench_function("baseline_write_10_archives", |b| {
        b.iter(|| {
            for (rel, bytes) in &archives {
                atomic_write(&game.join(rel), black_box(bytes)).unwrap();
            }
        })
    });
    let fresh = |name: &str| {
        let g = tmp.path().join(name);
        let _ = std::fs::remove_dir_all(&g);
        copy_dir(&clean, &g);
        g
    };
    g.bench_function("apply", |b| {
        b.iter_batched(
            || fresh("apply"),
            |g| manage::install(&g, &pkg_path, &InstallOptions::default(), &mut |_| false).unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.bench_function("revert", |b| {
        b.iter_batched(
            || {
                let g = fresh("revert");
                manage::install(&g, &pkg_path, &InstallOptions::default(), &mut |_| false).unwrap();
                g
            },
            |g| manage::revert(&g, "Bench", false, false, &mut |_| false).unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

/// A package of `n` `add_entry` changes of one archive, all naming one member (as a hostile
/// package would: the manifest is what grows).
fn add_entries(n: usize) -> Vec<u8> {
    use std::io::Write;
    let data = b"entry";
    let sha = parkan_studio::doc::mods::change::sha256_hex(data);
    let changes: Vec<String> = (0..n)
        .map(|i| format!(r#"{{"op":"add_entry","file":"Material.lib","entry":["N{i:06}"],"data":{{"path":"data/0001","size":5,"sha256":"{sha}"}}}}"#))
        .collect();
    let manifest = format!(r#"{{"format":"parkanmod","format_version":1,"name":"Many","changes":[{}]}}"#, changes.join(","));
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    z.start_file("mod.json", o).unwrap();
    z.write_all(manifest.as_bytes()).unwrap();
    z.start_file("data/0001", o).unwrap();
    z.write_all(data).unwrap();
    z.finish().unwrap().into_inner()
}

/// The dry run of packages of 5 000, 20 000 and 100 000 `add_entry` changes of one archive of
/// the small game: linear in the changes (docs/formats/parkanmod.md, "Limits", has the release
/// command line's figures for the same kind of package on the shipped-size folder: 5 000 in
/// 0.15 s, 20 000 in 0.77 s, 45 000 in 1.8 s, 90 000 in 3.5 s). Run with `cargo bench
/// --no-default-features --bench mods -- many_changes`.
fn many_changes(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    write_game(&game, &GameSpec::SMALL).unwrap();
    let mut g = c.benchmark_group("many_changes");
    g.sample_size(10);
    for n in [5_000, 20_000, 100_000] {
        let bytes = add_entries(n);
        g.bench_function(format!("dry_run_add_entry_{n}"), |b| {
            b.iter(|| {
                let opts = InstallOptions { dry_run: true, ..Default::default() };
                let p = manage::plan(&game, "many", Source::Bytes(SharedBytes::from(bytes.clone())), &opts).unwrap();
                assert_eq!(p.outcomes.len(), n);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, mods, many_changes);
criterion_main!(benches);
