//! Material benchmarks, each beside a memcpy of the same bytes measured in the same run:
//! - one evaluation (select the key at a game time, convert two phases, interpolate) of the
//!   water demo material vs a memcpy of its payload;
//! - parsing a large MAT0 (29 phases, 8 blocks of 16 keys: the shipped maxima) vs a memcpy
//!   of it; parse + evaluate from bytes (the CLI's `material_state`);
//! - parsing a WEAR table of 64 rows with LIGHTMAPS vs a memcpy of its text.
//! - printed, each call beside a memcpy of the same bytes in turn (best / median): the MAT0
//!   parse and its in-place reading, and the WEAR parse of 64 and of 10,000 rows per row.
//!   Load 6-7 (2-core shared machine), the old and new benches in turn: MAT0 parse 294 / 316 ns
//!   before, 249 / 258 ns after (blocks' extents found without the checked reader), read in
//!   place (`Mat0Ref`) 54 / 55 ns, memcpy 37-43 ns. WEAR 64 rows 135 / 146 ns a row before
//!   (each row's name copied twice: bytes and a String), 59 / 65 ns after (names as spans of
//!   the shared text); 10,000 rows 157-220 ns before, 50-106 ns after over three runs.

#[path = "support/timing.rs"]
mod timing;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::fixtures::mat0 as fx;
use parkan_studio::fixtures::wear as wfx;
use parkan_studio::formats::mat0::eval::{material_state, state_at_time};
use parkan_studio::formats::mat0::rng::MsvcRand;
use parkan_studio::formats::mat0::{AnimBlock, AnimMode, Key, Mat0, Mat0Ref, Phase};
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::wear::Wear;
use std::hint::black_box;
use std::time::Duration;
use timing::interleaved;

fn large_material() -> Vec<u8> {
    let mut m = Mat0::new(6);
    for i in 0..29u8 {
        m.phases.push(Phase::new([i.wrapping_mul(9); 18], "METAL01.0").unwrap());
    }
    for b in 0..8u32 {
        let keys = (0..16u16).map(|k| Key { k0: (k * 7 + b as u16) % 29, k1: (k + 1) * 125, k2: 0 }).collect();
        m.anim.push(AnimBlock::new(AnimMode::from_bits(b % 4), 0x1F, keys));
    }
    m.write().unwrap()
}

fn evaluate(c: &mut Criterion) {
    let bytes = fx::water();
    let m = Mat0::parse(&bytes, 6).unwrap();
    let r = Readings::default();
    let mut g = c.benchmark_group("mat0_evaluate_water");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    let mut t = 0u32;
    g.bench_function("state_at_time", |b| {
        b.iter(|| {
            t = t.wrapping_add(37);
            black_box(state_at_time(&m, 0, black_box(t), 0, &mut MsvcRand::default(), &r).unwrap())
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&bytes).to_vec())));
    g.finish();
}

fn parse(c: &mut Criterion) {
    let bytes = large_material();
    let r = Readings::default();
    let mut g = c.benchmark_group("mat0_parse_29_phases_8_blocks");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("parse", |b| b.iter(|| black_box(Mat0::parse(black_box(&bytes), 6).unwrap())));
    g.bench_function("parse_and_evaluate", |b| b.iter(|| black_box(material_state(black_box(&bytes), 6, 777, 3, None, &r).unwrap())));
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&bytes).to_vec())));
    g.finish();
}

fn wear(c: &mut Criterion) {
    let names: Vec<String> = (0..64).map(|i| format!("MATERIAL_{i:02}")).collect();
    let rows: Vec<(i32, &str)> = names.iter().enumerate().map(|(i, n)| (i as i32, n.as_str())).collect();
    let text = wfx::table(&rows, Some(wfx::TOWER_LIGHTMAPS), wfx::Style::default());
    let shared = parkan_studio::formats::bytes::SharedBytes::from(text.clone());
    let mut g = c.benchmark_group("wear_parse_64_rows");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("parse", |b| b.iter(|| black_box(Wear::parse(black_box(&shared)))));
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&text).to_vec())));
    g.finish();
}

fn wear_text(rows: usize) -> Vec<u8> {
    let names: Vec<String> = (0..rows).map(|i| format!("MATERIAL_{i:02}")).collect();
    let rows: Vec<(i32, &str)> = names.iter().enumerate().map(|(i, n)| (i as i32, n.as_str())).collect();
    wfx::table(&rows, Some(wfx::TOWER_LIGHTMAPS), wfx::Style::default())
}

/// The parse of bytes the document holds (shared, so a parse that keeps them copies nothing),
/// beside a memcpy of the same bytes, in turn.
fn printed(_: &mut Criterion) {
    let bytes = large_material();
    let shared = parkan_studio::formats::bytes::SharedBytes::from(bytes.clone());
    let s = interleaved(Duration::from_millis(800), 64, &mut [
        &mut || {
            black_box(Mat0::parse(black_box(&shared), 6).unwrap());
        },
        &mut || {
            black_box(Mat0Ref::parse(black_box(&shared), 6).unwrap());
        },
        &mut || {
            black_box(black_box(&bytes).to_vec());
        },
    ]);
    let ns = |t: Duration| t.as_secs_f64() * 1e9;
    println!(
        "mat0 parse, {} bytes ({}): {:.0} / {:.0} ns (best / median), read in place (Mat0Ref) {:.0} / {:.0} ns, memcpy {:.0} / {:.0} ns",
        bytes.len(),
        timing::load(),
        ns(s[0].best),
        ns(s[0].median),
        ns(s[1].best),
        ns(s[1].median),
        ns(s[2].best),
        ns(s[2].median)
    );
    for (rows, batch) in [(64usize, 16u32), (10_000, 1)] {
        let text = wear_text(rows);
        let shared = parkan_studio::formats::bytes::SharedBytes::from(text.clone());
        let s = interleaved(Duration::from_millis(800), batch, &mut [
            &mut || {
                black_box(Wear::parse(black_box(&shared)));
            },
            &mut || {
                black_box(black_box(&text).to_vec());
            },
        ]);
        let per = |t: Duration| t.as_secs_f64() * 1e9 / (rows + 2) as f64;
        println!(
            "wear parse, {rows} rows and 2 lightmaps, {} bytes ({}): {:.1} / {:.1} ns a row (best / median), memcpy {:.2} / {:.2} ns a row",
            text.len(),
            timing::load(),
            per(s[0].best),
            per(s[0].median),
            per(s[1].best),
            per(s[1].median)
        );
    }
}

criterion_group!(benches, evaluate, parse, wear, printed);
criterion_main!(benches);
