//! What `--version` and the editor's About say beside the version: the commit and the build
//! date (docs/packaging.md "Version"). A tarball without `.git`, or a machine without git,
//! builds too: the commit is then "unknown". The date is SOURCE_DATE_EPOCH's when it is set
//! (reproducible builds), else the day this script last ran (it reruns when the commit moves).
//!
//! For a Windows target it also makes the icon and the version resource (build/windows.rs);
//! on every other target that code is not compiled into this script's work at all.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "build/date.rs"]
mod date;
#[path = "build/ico.rs"]
#[allow(dead_code)]
mod ico;
#[cfg(windows)]
#[path = "build/windows.rs"]
mod windows;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).current_dir(env_dir()).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

fn env_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    // Only when this folder is a git checkout of its own (a crate unpacked inside some other
    // repository would otherwise report that repository's commit).
    let own_repo = git(&["rev-parse", "--show-toplevel"]).is_some_and(|top| Path::new(&top) == env_dir().as_path()
        || std::fs::canonicalize(&top).ok() == std::fs::canonicalize(env_dir()).ok());
    let commit = if own_repo { git(&["rev-parse", "--short=12", "HEAD"]) } else { None };
    if own_repo {
        // Rerun when HEAD moves: HEAD itself (a checkout), the branch it names (a commit), and
        // packed-refs (where the branch is once git packs it). git names the files, which also
        // works in a worktree. Only files that exist are named: cargo reruns a script on every
        // build while a named file is missing, and the crate would rebuild each time.
        let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
        watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
        for what in watched {
            if let Some(p) = git(&["rev-parse", "--git-path", &what]).map(|p| env_dir().join(p)).filter(|p| p.is_file()) {
                println!("cargo:rerun-if-changed={}", p.display());
            }
        }
    }
    let commit = commit.unwrap_or_else(|| "unknown".to_string());
    let epoch = match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(v) => match v.trim().parse::<i64>() {
            Ok(secs) => secs,
            Err(_) => panic!("SOURCE_DATE_EPOCH={v:?} is not a whole number of seconds since 1970-01-01 UTC"),
        },
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0),
    };
    println!("cargo:rustc-env=PARKAN_COMMIT={commit}");
    println!("cargo:rustc-env=PARKAN_BUILD_DATE={}", date::iso_date(epoch));

    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        windows_resources();
    }
}

/// The icon and version resource for the .exe. It needs the Windows SDK's resource compiler,
/// which only a Windows host has (docs/packaging.md "Windows"); a cross-build from Linux
/// gets an .exe without them and says so.
#[cfg(windows)]
fn windows_resources() {
    windows::resources(&env_dir());
}

#[cfg(not(windows))]
fn windows_resources() {
    println!("cargo:warning=building for Windows on a non-Windows host: the .exe gets no icon or version resource (docs/packaging.md)");
}
