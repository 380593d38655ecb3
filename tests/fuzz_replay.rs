//! Replays every fuzz target's inputs through the very body the fuzz binary runs
//! (`parkan_studio::fuzzing::TARGETS`), so a regression shows up in `cargo test` without a
//! fuzzer: the seeds the fixture writers make, the small minimised corpus in
//! `tests/fuzz_corpus/TARGET/` (refreshed from a campaign, see fuzz/README.md) and every input
//! a campaign ever found in `tests/fuzz_findings/TARGET/` (each fixed since).

use parkan_studio::fuzzing::TARGETS;
use std::path::{Path, PathBuf};

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
    out.sort();
    out
}

fn replay(name: &str, input: &[u8], what: &str) {
    let t = parkan_studio::fuzzing::target(name).unwrap();
    if let Err(e) = std::panic::catch_unwind(|| t.run(input)) {
        let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
        panic!("{name}: {what} fails: {}", msg.unwrap_or_default());
    }
}

#[test]
fn every_targets_seeds_and_corpus_replay() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for t in TARGETS {
        for (i, s) in t.seeds().iter().enumerate() {
            replay(t.name, s, &format!("seed {i}"));
        }
        let corpus = files(&root.join("fuzz_corpus").join(t.name));
        assert!(!corpus.is_empty(), "{}: no corpus in tests/fuzz_corpus/{}", t.name, t.name);
        for f in corpus.iter().chain(&files(&root.join("fuzz_findings").join(t.name))) {
            replay(t.name, &std::fs::read(f).unwrap(), &f.display().to_string());
        }
    }
}

/// The findings folder names only targets that exist, so a renamed target cannot silently stop
/// replaying its findings.
#[test]
fn findings_and_corpus_folders_name_targets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for dir in ["fuzz_corpus", "fuzz_findings"] {
        for d in files(&root.join(dir)) {
            let name = d.file_name().unwrap().to_string_lossy().to_string();
            assert!(parkan_studio::fuzzing::target(&name).is_some(), "tests/{dir}/{name}: no such fuzz target");
        }
    }
}
