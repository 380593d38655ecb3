#![no_main]
//! X-Ray `level`; see `parkan_studio::fixtures::xray_level::exercise` for what must hold.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    parkan_studio::fixtures::xray_level::exercise(data);
});
