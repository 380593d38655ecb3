#![no_main]
//! The body, its seeds and its input cap are this binary's row in `parkan_studio::fuzzing::TARGETS`.
use libfuzzer_sys::fuzz_target;
use parkan_studio::fuzzing::{Target, init};

static TARGET: std::sync::LazyLock<&Target> = std::sync::LazyLock::new(|| init(env!("CARGO_BIN_NAME")));

fuzz_target!(init: { std::sync::LazyLock::force(&TARGET); }, |data: &[u8]| TARGET.run(data));
