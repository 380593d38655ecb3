//! Model import benchmarks, beside a memcpy of the same input bytes measured in the same run:
//! a `.glb` of 130,050 triangles (a 255 x 255 grid with normals and UVs, as Blender writes a
//! dense mesh) to MSH bytes, the whole of `import-model` but the file writes: reading the
//! container and accessors, splitting into batches and slots (two, past the 16-bit limits),
//! triangle descriptors with neighbour links, bounds, and the NRes archive.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parkan_studio::fixtures::gltf as fx;
use parkan_studio::import::{Options, gltf_read, import};
use std::hint::black_box;
use std::time::Duration;

fn dense_glb() -> Vec<u8> {
    let mut doc = fx::large_grid(255);
    let p = &mut doc.nodes[0].mesh.as_mut().unwrap()[0];
    p.normals = Some(vec![[0.0, 1.0, 0.0]; p.positions.len()]);
    p.uvs = Some(p.positions.iter().map(|q| [q[0] / 25.6, q[2] / 25.6]).collect());
    doc.glb()
}

fn dense(c: &mut Criterion) {
    let glb = dense_glb();
    let opts = Options::default();
    let mut g = c.benchmark_group("import_glb_130k_triangles");
    g.throughput(Throughput::Bytes(glb.len() as u64)).sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("to_msh", |b| {
        b.iter(|| {
            let gltf = gltf_read::load(black_box(&glb), None).unwrap();
            black_box(import(gltf, &opts).unwrap().msh)
        })
    });
    g.bench_function("baseline_memcpy", |b| b.iter(|| black_box(black_box(&glb).to_vec())));
    g.finish();
}

criterion_group!(benches, dense);
criterion_main!(benches);
