#![no_main]
//! MSH: a whole `.msh`, or (first byte < 32) one component payload; see
//! `parkan_studio::fixtures::msh::exercise` for what must hold.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    parkan_studio::fixtures::msh::exercise(data);
});
