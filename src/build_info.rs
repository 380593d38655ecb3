//! What this binary is: the version, the commit it was built from and the build date, as
//! build.rs found them (docs/packaging.md "Version"). `--version` and the editor's About say
//! the same line.

/// The package version, as in Cargo.toml.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The commit's 12-digit short hash, or "unknown" when built without git (a source tarball).
pub const COMMIT: &str = env!("PARKAN_COMMIT");
/// `YYYY-MM-DD` (UTC): SOURCE_DATE_EPOCH's date when it was set, else the day of the build.
pub const BUILD_DATE: &str = env!("PARKAN_BUILD_DATE");

/// `0.1.0 (commit 0123456789ab, built 2026-12-06)`: what `--version` prints after the name.
pub const VERSION_LINE: &str =
    concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("PARKAN_COMMIT"), ", built ", env!("PARKAN_BUILD_DATE"), ")");

/// The name of the generated list of the crates built into the binary with their licences
/// (packaging/third_party_licenses.py).
pub const LICENCES_FILE: &str = "THIRD-PARTY-LICENSES.md";

/// Where the licences of the bundled crates are, for this copy of the program: beside the
/// binary (the portable archive) or in `../share/doc/parkan-studio/` from it (the .deb, where
/// it is gzipped). None for a build run from `target/`, which has no such list.
pub fn licences_path() -> Option<std::path::PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = std::fs::canonicalize(exe).ok()?.parent()?.to_path_buf();
    let doc = dir.join("../share/doc/parkan-studio");
    [dir.join(LICENCES_FILE), doc.join(format!("{LICENCES_FILE}.gz")), doc.join(LICENCES_FILE)]
        .into_iter()
        .find(|p| p.is_file())
        .map(|p| std::fs::canonicalize(&p).unwrap_or(p))
}
