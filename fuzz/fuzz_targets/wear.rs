#![no_main]
//! WEAR: any bytes; see `parkan_studio::fixtures::wear::exercise` for what must hold.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    parkan_studio::fixtures::wear::exercise(data);
});
