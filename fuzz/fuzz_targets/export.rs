#![no_main]
//! Export: an MSH (model or landscape) or a level.geom built into a scene with the demo
//! folder's materials and encoded as .glb, .gltf and OBJ; see
//! `parkan_studio::fixtures::export::exercise` for what must hold.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    parkan_studio::fixtures::export::exercise(data);
});
