#![no_main]
//! MAT0: the first byte picks the version, the rest is the payload; see
//! `parkan_studio::fixtures::mat0::exercise` for what must hold.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    parkan_studio::fixtures::mat0::exercise(data);
});
