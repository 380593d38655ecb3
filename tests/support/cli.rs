//! Running the built binary from the integration tests: a panic (exit 101) fails the test
//! whatever the command, since docs/cli.md forbids it for any input.

use std::path::Path;
use std::process::{Command, Output};

pub fn run(args: &[&str], cwd: &Path) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_parkan-studio")).args(args).current_dir(cwd).output().unwrap();
    assert_ne!(out.status.code(), Some(101), "panic on {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Runs a command that must succeed; its stdout and stderr.
#[allow(dead_code, reason = "not every suite needs a command to succeed")]
pub fn ok(args: &[&str], cwd: &Path) -> (String, String) {
    let out = run(args, cwd);
    let (so, se) = (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned());
    assert!(out.status.success(), "{args:?}: {se}");
    (so, se)
}

/// Runs a command that must succeed and print JSON; the JSON.
#[allow(dead_code, reason = "not every suite reads JSON")]
pub fn json(args: &[&str], cwd: &Path) -> serde_json::Value {
    let out = run(args, cwd);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A temporary copy of the demo folder.
#[allow(dead_code, reason = "not every suite works on the demo folder")]
pub fn demo_folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    parkan_studio::fixtures::demo::write_demo(d.path()).unwrap();
    d
}
