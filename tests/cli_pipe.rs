//! Every command that prints, with its reader gone: `parkan-studio list X | head -1`. The
//! command ends quietly (no panic, nothing on stderr about stdout) with the exit code its work
//! earned. Each is run twice: with the pipe closed after the first line (as `head -1` does), and
//! with the pipe closed before the first write, so the failing write is certain to happen.

use parkan_studio::fixtures::{demo, nres};
use std::io::BufRead;
use std::path::Path;
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_parkan-studio"))
}

fn assert_quiet(args: &[&str], how: &str, code: Option<i32>, stderr: &[u8], expect: i32) {
    let stderr = String::from_utf8_lossy(stderr);
    assert!(!stderr.contains("panicked") && !stderr.contains("stdout"), "{args:?} ({how}): {stderr}");
    assert_eq!(code, Some(expect), "{args:?} ({how}): {stderr}");
}

/// Runs `args` in `cwd` both ways and checks each ends with exit code `expect` and no noise.
fn with_reader_gone(args: &[&str], cwd: &Path, expect: i32) {
    with_reader_gone_as(args, cwd, &[], expect);
}

/// As [`with_reader_gone`], with environment variables set.
fn with_reader_gone_as(args: &[&str], cwd: &Path, env: &[(&str, &Path)], expect: i32) {
    let bin = || {
        let mut c = bin();
        c.envs(env.iter().copied());
        c
    };
    let mut child = bin().args(args).current_dir(cwd).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(!first.is_empty(), "{args:?} printed nothing");
    drop(reader);
    let out = child.wait_with_output().unwrap();
    assert_quiet(args, "closed after the first line", out.status.code(), &out.stderr, expect);

    let (read_end, write_end) = std::io::pipe().unwrap();
    drop(read_end);
    let out = bin().args(args).current_dir(cwd).stdout(write_end).stderr(Stdio::piped()).output().unwrap();
    assert_quiet(args, "closed before the first write", out.status.code(), &out.stderr, expect);
}

fn demo_dir() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    demo::write_demo(d.path()).unwrap();
    d
}

#[test]
fn list_of_a_long_directory() {
    let d = tempfile::tempdir().unwrap();
    // 5,000 rows of about 80 characters: far more than a pipe's buffer, so the writer is still
    // writing when the reader goes away.
    std::fs::write(d.path().join("many.lib"), nres::many(5000)).unwrap();
    with_reader_gone(&["list", "many.lib"], d.path(), 0);
    with_reader_gone(&["list", "many.lib", "--json"], d.path(), 0);
}

#[test]
fn check_info_material() {
    let d = demo_dir();
    let p = d.path();
    with_reader_gone(&["check", "Material.lib", "Textures.lib", "walker.msh"], p, 0);
    with_reader_gone(&["check", "Material.lib", "--json"], p, 0);
    with_reader_gone(&["info", "Material.lib::GLOW"], p, 0);
    with_reader_gone(&["info", "Textures.lib", "--json"], p, 0);
    with_reader_gone(&["material", "Material.lib::LAMP", "--time", "300"], p, 0);
    with_reader_gone(&["material", "Material.lib::LAMP", "--time", "300", "--json"], p, 0);
}

#[test]
fn a_failed_check_keeps_exit_code_1() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("stale.lib"), nres::stale_lookup()).unwrap();
    with_reader_gone(&["check", "stale.lib"], d.path(), 1);
}

#[test]
fn commands_that_write_files_then_report() {
    let d = demo_dir();
    let p = d.path();
    with_reader_gone(&["extract", "Textures.lib", "--all", "-o", "out"], p, 0);
    with_reader_gone(&["export", "walker.msh", "walker.obj"], p, 0);
    with_reader_gone(&["write-fixtures", "fixtures"], p, 0);
    with_reader_gone(&["write-demo", "demo"], p, 0);
}

#[test]
fn install_desktop_and_uninstall() {
    let d = tempfile::tempdir().unwrap();
    let home = d.path().join("home");
    let data = home.join("share");
    let config = home.join("config");
    let env = [("HOME", home.as_path()), ("XDG_DATA_HOME", data.as_path()), ("XDG_CONFIG_HOME", config.as_path())];
    with_reader_gone_as(&["install-desktop"], d.path(), &env, 0);
    with_reader_gone_as(&["install-desktop", "--uninstall"], d.path(), &env, 0);
}

#[test]
fn help_and_version() {
    let d = tempfile::tempdir().unwrap();
    with_reader_gone(&["--help"], d.path(), 0);
    with_reader_gone(&["list", "--help"], d.path(), 0);
    with_reader_gone(&["--version"], d.path(), 0);
}
