//! Model import: hostile glTF (`.glb` or `.gltf` JSON, no files beside it) through the reader
//! and the converter. Whatever it is, the import either fails with an error or gives a model
//! that parses back, re-encodes to its own bytes and that `check` finds no error in.

use crate::formats::Severity;
use crate::formats::bytes::SharedBytes;
use crate::formats::msh::Msh;
use crate::import::plan::{self, Mapping};
use crate::import::{Options, gltf_read, import};

pub fn round_trip(data: &[u8]) {
    let load = || gltf_read::load(data, None);
    let Ok(g) = load() else { return };
    let rows = crate::import::materials::rows(&g, &mut Vec::new()).map_or(0, |r| r.len());
    let Ok(imported) = import(g, &Options::default()) else { return };
    let (_, msh, _) = Msh::parse(SharedBytes::from(imported.msh)).expect("an imported model parses");
    assert!(msh.reencode_mismatches().is_empty(), "an imported component re-encodes differently");
    let errors: Vec<String> = msh.check().into_iter().filter(|d| d.severity == Severity::Error).map(|d| d.message).collect();
    assert!(errors.is_empty(), "check finds errors in an imported model: {errors:?}");
    // The editor's and `import-model`'s path: the materials planned into a library (every
    // row new, or every row drawn with the library's first material), the table written.
    let lib = MATERIAL_LIB.with(|l| l.clone());
    let first = plan::library_names(&lib).ok().and_then(|n| n.into_iter().next()).unwrap_or_default();
    for mapping in [vec![Mapping::New; rows], vec![Mapping::Use(first); rows]] {
        let libs = plan::Libraries { material: Some(&lib), textures: None, add: true };
        let Ok(g) = load() else { continue };
        let Ok(c) = plan::convert(g, &Options::default(), libs, &mapping, &Default::default()) else { continue };
        let wear = crate::formats::wear::Wear::parse_strict(c.wea).expect("an imported table parses");
        assert_eq!(wear.materials().len(), c.rows.len(), "one table row per material");
        if let Some(b) = c.changes.material_lib {
            crate::formats::nres::Archive::parse(b.into()).expect("the library with the new materials parses");
        }
    }
}

thread_local! {
    static MATERIAL_LIB: Vec<u8> = crate::fixtures::mat0::material_lib();
}

/// The fixtures' glTF models as `.glb` and as `.gltf` with the buffer embedded, and the
/// export of every fixture mesh.
pub fn seeds() -> Vec<Vec<u8>> {
    use crate::fixtures::gltf as fx;
    let mut small = fx::walker();
    small.materials.iter_mut().for_each(|m| m.png = None);
    let mut out = vec![small.glb(), small.gltf_embedded(), fx::large_grid(4).glb(), fx::large_grid(2).gltf_embedded()];
    for (name, bytes) in crate::fixtures::msh::all() {
        let Ok(scene) = crate::scene::build_scene(name, SharedBytes::from(bytes), &crate::doc::resolve::MemoryAssets::new(), &Default::default(), &Default::default()) else { continue };
        if let Ok(glb) = crate::export::gltf::glb_bytes(&scene) {
            out.push(glb);
        }
    }
    out
}
