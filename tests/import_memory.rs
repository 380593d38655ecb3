//! The importer's working memory, measured with a counting allocator on the 130,050-triangle
//! glTF the import benchmark converts (benches/import.rs), from the glTF's bytes as read to the
//! model's bytes as written, held to issue 42's budget: twice the glTF's size plus the model's
//! (8.35 MB against 9.49 MB here; it was 16.8, then 13.7 MB), and prints the figures
//! (docs/formats/msh.md#import, "Cost").

use parkan_studio::fixtures::gltf as fx;
use parkan_studio::import::plan::{self, Libraries};
use parkan_studio::import::{Options, gltf_read};

#[path = "support/heap.rs"]
mod heap;

#[global_allocator]
static A: heap::Counting = heap::Counting;

pub fn dense_glb() -> Vec<u8> {
    let mut doc = fx::large_grid(255);
    let p = &mut doc.nodes[0].mesh.as_mut().unwrap()[0];
    p.normals = Some(vec![[0.0, 1.0, 0.0]; p.positions.len()]);
    p.uvs = Some(p.positions.iter().map(|q| [q[0] / 25.6, q[2] / 25.6]).collect());
    doc.glb()
}

#[test]
fn importing_130k_triangles_holds_at_most_two_gltfs_and_one_model() {
    let glb = dense_glb();
    let size = glb.len();
    // The heap from here on: the glTF's bytes (as a file read gives them) and what import adds.
    let (c, above) = heap::peak(|| {
        let g = gltf_read::load(glb, None).unwrap();
        plan::convert(g, &Options::default(), Libraries::default(), &[], &Default::default()).unwrap()
    });
    let peak = above + size;
    let model = c.msh.len();
    let mb = |b: usize| b as f64 / (1 << 20) as f64;
    println!("glTF {:.2} MB, model {:.2} MB, peak {:.2} MB (budget {:.2} MB), {} triangles", mb(size), mb(model), mb(peak), mb(2 * size + model), c.summary.triangles);
    assert_eq!(c.summary.triangles, 130_050);
    assert!(peak <= 2 * size + model, "peak {peak} bytes > 2 x {size} + {model}");
}

