#![no_main]
//! X-Ray level draw calls against level.geom; see
//! `parkan_studio::fixtures::xray_level::exercise_resolve` for what must hold.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    parkan_studio::fixtures::xray_level::exercise_resolve(data);
});
