//! Texture benchmarks, each beside a baseline measured in the same run:
//! - decode every level of a 1024x1024 ARGB 8888 texture (11 levels) vs a memcpy of the
//!   decoded size (4 bytes per texel of the whole chain);
//! - the same for a 1024x1024 format-0 (palettised) texture;
//! - import a 512x512 PNG into a format-0 texture (decode PNG, rebuild mips, k-means, map)
//!   vs a memcpy of the RGBA image;
//! - quantise a 256x256 and a 1024x1024 photograph-like image (one level) to 256 colours:
//!   k-means, k-means with dithering, vs NeuQuant (what import used before) mapped by exact
//!   RGB search.

#[path = "../tests/support/quality.rs"]
mod quality;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::fixtures::texm::{Material, Spec, build, material_image};
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::texm::png::png_bytes;
use parkan_studio::formats::readings::PaletteOrder;
use parkan_studio::formats::texm::quantize::{MapMode, Mapper, QuantOptions, quantize};
use parkan_studio::formats::texm::space::Space;
use parkan_studio::formats::texm::{Format, ImportOptions, Texm, import_image};
use std::hint::black_box;

fn decode_chain(c: &mut Criterion, name: &str, format: Format) {
    let bytes = build(&Spec::new(format, 1024, 1024, 11, Material::Rock));
    let (t, _) = Texm::parse(&bytes).unwrap();
    let r = Readings::default();
    let out_len: usize = (0..t.mip_count()).map(|l| t.mip_dims(l)).map(|(w, h)| (w * h * 4) as usize).sum();
    let src = vec![0x5Au8; out_len];
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(out_len as u64));
    g.bench_function("decode_all_levels", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in 0..t.mip_count() {
                n += black_box(t.decode_mip(l, &r, None).unwrap()).rgba.len();
            }
            n
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(src.to_vec())));
    g.finish();
}

fn decode_8888(c: &mut Criterion) {
    decode_chain(c, "texm_decode_1024_8888_chain", Format::Argb8888);
}

fn decode_indexed(c: &mut Criterion) {
    decode_chain(c, "texm_decode_1024_format0_chain", Format::Indexed);
}

fn import_png(c: &mut Criterion) {
    let old = build(&Spec::new(Format::Indexed, 512, 512, 10, Material::Metal));
    let img = material_image(Material::Rock, 512, 512);
    let png = png_bytes(&img).unwrap();
    let r = Readings::default();
    let mut g = c.benchmark_group("texm_import_512_png_format0");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(img.rgba.len() as u64));
    g.bench_function("import_quantise", |b| b.iter(|| black_box(import_image(&old, &png, &ImportOptions::default(), &r).unwrap())));
    g.bench_function("import_quantise_dither", |b| {
        let opts = ImportOptions { dither: true, ..Default::default() };
        b.iter(|| black_box(import_image(&old, &png, &opts, &r).unwrap()))
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(img.rgba.to_vec())));
    g.finish();
}

fn quantise(c: &mut Criterion) {
    for size in [256u32, 1024] {
        let img = quality::photo_like(size, size);
        let levels = std::slice::from_ref(&img);
        let mut g = c.benchmark_group(format!("texm_quantise_{size}_format0"));
        g.sample_size(10);
        g.throughput(Throughput::Bytes(img.rgba.len() as u64));
        let opts = QuantOptions { dither: false, order: PaletteOrder::Bgrx, reserve0: false, keep_palette: false };
        g.bench_function("kmeans", |b| b.iter(|| black_box(quantize(levels, None, opts))));
        g.bench_function("kmeans_dither", |b| b.iter(|| black_box(quantize(levels, None, QuantOptions { dither: true, ..opts }))));
        g.bench_function("neuquant_before", |b| {
            b.iter(|| {
                let nq = color_quant::NeuQuant::new(10, 256, &img.rgba);
                let mut lut = [[0u8; 4]; 256];
                for (e, c) in lut.iter_mut().zip(nq.color_map_rgba().chunks_exact(4)) {
                    *e = [c[0], c[1], c[2], 255];
                }
                black_box(Mapper::in_space(&lut, MapMode { alpha: false, reserve0: false }, Space::Rgb).map_image(&img, false))
            })
        });
        g.finish();
    }
}

criterion_group!(benches, decode_8888, decode_indexed, import_png, quantise);
criterion_main!(benches);
