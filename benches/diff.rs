//! Compare benchmarks, each beside its baseline in the same run:
//! - `diff --stat` and the full diff of two copies of the shipped-size game folder
//!   (`fixtures::game`, about 21 MB) with 20 scattered edits, vs reading every file of both
//!   folders (the least any compare does); the ratio is printed before the timings
//!   (target: `--stat` at most 0.3 s and 1.2x the read);
//! - the compare view's texture diff of a 1024x1024 level (decode both sides, count, PSNR,
//!   box; target 16 ms), the compare view's level (`compare_view_level`: both sides decoded,
//!   the figures and the amplified difference image, what the view computes before it uploads
//!   three textures; target 16 ms), and the pixel comparison alone.
//!
//! A name filter (`cargo bench --bench diff -- texture_diff_1024`) also skips the folder
//! setup, which writes and times two 21 MB folders outside criterion.

use criterion::{Criterion, criterion_group, criterion_main};
use parkan_studio::doc::diff::{DEFAULT_GAIN, Options, Report, Side, diff_folders, diff_items, files_under, level_diff, level_pair};
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::fixtures::texm::{Material, Spec, build};
use parkan_studio::formats::nres::Archive;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::{Format, Texm};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

fn edit_entry(path: &Path, pick: impl Fn(usize) -> bool, edit: impl Fn(&mut Vec<u8>)) -> usize {
    let (mut a, _) = Archive::parse(std::fs::read(path).unwrap().into()).unwrap();
    let mut n = 0;
    for i in 0..a.len() {
        if pick(i) {
            let mut b = a.payload(i).to_vec();
            edit(&mut b);
            a.replace(i, b).unwrap();
            n += 1;
        }
    }
    std::fs::write(path, a.write()).unwrap();
    n
}

/// Twenty edits spread over the folder: six textures, four materials and a renamed one, four
/// tables, two meshes, a sprite removed, the landscape table, a new file (which the baseline
/// does not read).
fn scatter_edits(b: &Path) -> usize {
    let mut n = edit_entry(&b.join("Textures.lib"), |i| i % 65 == 7, |t| {
        let at = t.len() / 2;
        t[at] ^= 0xFF;
    });
    n += edit_entry(&b.join("Material.lib"), |i| i % 250 == 11, |m| m[10] ^= 0x3C);
    let (mut lib, _) = Archive::parse(std::fs::read(b.join("Material.lib")).unwrap().into()).unwrap();
    lib.rename(500, b"RENAMED_MAT").unwrap();
    std::fs::write(b.join("Material.lib"), lib.write()).unwrap();
    n += 1;
    for k in [3, 30, 60, 90] {
        let p = files_under(&b.join("models")).unwrap().into_iter().filter(|(r, _)| r.ends_with(".wea")).nth(k).unwrap().1;
        let mut t = std::fs::read(&p).unwrap();
        t.extend_from_slice(b"\r\n");
        std::fs::write(p, t).unwrap();
        n += 1;
    }
    for k in [10, 70] {
        let p = files_under(&b.join("models")).unwrap().into_iter().filter(|(r, _)| r.ends_with(".msh")).nth(k).unwrap().1;
        n += edit_entry(&p, |i| i == 2, |c| c[0] ^= 1);
    }
    let (mut s, _) = parkan_studio::formats::rsli::Archive::parse(std::fs::read(b.join("sprites.lib")).unwrap().into()).unwrap();
    s.remove(100).unwrap();
    std::fs::write(b.join("sprites.lib"), s.write()).unwrap();
    n += 1;
    let mut t = std::fs::read(b.join("Land1.wea")).unwrap();
    t.extend_from_slice(b"\r\n");
    std::fs::write(b.join("Land1.wea"), t).unwrap();
    std::fs::write(b.join("notes.txt"), b"new file").unwrap();
    n + 2
}

/// A second baseline: every file read and dropped at once (the allocator hands the same memory
/// back each time, so this one never pays for fresh pages).
fn read_each(a: &Path, b: &Path) -> u64 {
    let mut total = 0;
    for dir in [a, b] {
        for (_, p) in files_under(dir).unwrap() {
            total += black_box(std::fs::read(p).unwrap()).len() as u64;
        }
    }
    total
}

/// The baseline: every file of both folders read into memory, the two files of a path held
/// together (the least a compare of them needs), in the diff's order.
fn read_both(a: &Path, b: &Path) -> u64 {
    let (fa, fb) = (files_under(a).unwrap(), files_under(b).unwrap());
    let mut total = 0;
    for (rel, pa) in &fa {
        let x = std::fs::read(pa).unwrap();
        let y = fb.iter().find(|(r, _)| r.eq_ignore_ascii_case(rel)).map(|(_, p)| std::fs::read(p).unwrap()).unwrap_or_default();
        total += black_box(&x).len() as u64 + black_box(&y).len() as u64;
    }
    total
}

fn median(mut f: impl FnMut(), runs: usize) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    t[runs / 2]
}

/// Whether the command line's name filter (if any) selects `group`.
fn wanted(group: &str) -> bool {
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    filters.is_empty() || filters.iter().any(|f| group.contains(f.as_str()))
}

fn folders(c: &mut Criterion) {
    if !wanted("diff_game_folder_20_edits") {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let (a, b) = (d.path().join("a"), d.path().join("b"));
    let w = write_game(&a, &GameSpec::SHIPPED).unwrap();
    write_game(&b, &GameSpec::SHIPPED).unwrap();
    let edits = scatter_edits(&b);
    let stat = Options { stat_only: true, readings: Readings::default() };
    let full = Options::default();
    let r = diff_folders(&a, &b, &stat).unwrap();
    eprintln!("{} files, {} bytes a side; {edits} edits; --stat: {}", w.files, w.bytes, r.summary());
    assert_eq!(r.changes.len(), edits, "{:#?}", r.changes);
    let read = median(|| _ = read_both(&a, &b), 15);
    let each = median(|| _ = read_each(&a, &b), 15);
    let diff_stat = median(|| drop(diff_folders(&a, &b, &stat).unwrap()), 15);
    let diff_full = median(|| drop(diff_folders(&a, &b, &full).unwrap()), 15);
    eprintln!(
        "median of 15: read both (pairs held) {:.1} ms, read each (dropped at once) {:.1} ms, diff --stat {:.1} ms ({:.2}x, {:.2}x), full diff {:.1} ms ({:.2}x)",
        read.as_secs_f64() * 1e3,
        each.as_secs_f64() * 1e3,
        diff_stat.as_secs_f64() * 1e3,
        diff_stat.as_secs_f64() / read.as_secs_f64(),
        diff_stat.as_secs_f64() / each.as_secs_f64(),
        diff_full.as_secs_f64() * 1e3,
        diff_full.as_secs_f64() / read.as_secs_f64()
    );
    let mut g = c.benchmark_group("diff_game_folder_20_edits");
    g.sample_size(20);
    g.bench_function("baseline_read_both", |x| x.iter(|| read_both(&a, &b)));
    g.bench_function("baseline_read_each", |x| x.iter(|| read_each(&a, &b)));
    g.bench_function("diff_stat", |x| x.iter(|| diff_folders(&a, &b, &stat).unwrap()));
    g.bench_function("diff_full", |x| x.iter(|| diff_folders(&a, &b, &full).unwrap()));
    g.finish();
}

fn texture_level(c: &mut Criterion) {
    let spec = Spec::new(Format::Rgb565, 1024, 1024, 1, Material::Rock);
    let a = build(&spec);
    let (mut t, _) = Texm::parse(&a).unwrap();
    let readings = Readings::default();
    let mut img = t.decode_mip(0, &readings, None).unwrap();
    for y in 300..340 {
        for x in 500..620 {
            img.rgba[(y * 1024 + x) * 4] ^= 0x80;
        }
    }
    t.set_mip_rgba(0, &img, &readings, None).unwrap();
    let b = t.write();
    let (sa, sb) = (Side::file("a.tex", a.into()), Side::file("b.tex", b.into()));
    let opts = Options::default();
    let pa = Texm::parse(&sa.bytes).unwrap().0.decode_mip(0, &readings, None).unwrap();
    let pb = t.decode_mip(0, &readings, None).unwrap();
    let mut g = c.benchmark_group("texture_diff_1024");
    g.bench_function("decode_both_and_compare", |x| {
        x.iter(|| {
            let mut r = Report::default();
            diff_items("t", &sa, &sb, &opts, &mut r);
            r
        })
    });
    g.bench_function("compare_view_level", |x| x.iter(|| level_pair(Some(&sa.bytes[..]), Some(&sb.bytes[..]), 0, &readings, DEFAULT_GAIN)));
    g.bench_function("compare_decoded", |x| x.iter(|| level_diff(&pa, &pb)));
    g.finish();
}

criterion_group!(benches, folders, texture_level);
criterion_main!(benches);
