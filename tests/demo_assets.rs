//! The committed demo folder is exactly what the project's writers produce, and it checks
//! clean.

use parkan_studio::doc::check::check_bytes;
use parkan_studio::fixtures::demo::{LEVEL_FOLDER, demo_files, level_files};
use parkan_studio::formats::readings::Readings;
use std::path::Path;

#[test]
fn demo_assets_are_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo");
    for (name, bytes) in demo_files() {
        let on_disk = std::fs::read(dir.join(name))
            .unwrap_or_else(|e| panic!("assets/demo/{name}: {e}; run `cargo run --no-default-features --features test-support -- write-demo assets/demo`"));
        assert!(on_disk == bytes, "assets/demo/{name} is stale; run `cargo run --no-default-features --features test-support -- write-demo assets/demo`");
    }
    for (name, bytes) in parkan_studio::fixtures::demo_world::world_files() {
        let on_disk = std::fs::read(dir.join(&name)).unwrap_or_else(|e| panic!("assets/demo/{name}: {e}; run write-demo"));
        assert!(on_disk == bytes, "assets/demo/{name} is stale; run `cargo run --no-default-features --features test-support -- write-demo assets/demo`");
    }
    for (name, bytes) in level_files() {
        let on_disk = std::fs::read(dir.join(LEVEL_FOLDER).join(name)).unwrap_or_else(|e| panic!("assets/demo/{LEVEL_FOLDER}/{name}: {e}; run write-demo"));
        assert!(on_disk == bytes, "assets/demo/{LEVEL_FOLDER}/{name} is stale; run `cargo run --no-default-features --features test-support -- write-demo assets/demo`");
    }
}

#[test]
fn demo_assets_check_clean() {
    for (name, bytes) in demo_files().into_iter().chain(level_files()) {
        let r = check_bytes(name, bytes.into(), &Readings::default());
        assert!(r.roundtrip, "{name}: {r:?}");
        let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.severity == parkan_studio::formats::Severity::Error).collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
    }
}
