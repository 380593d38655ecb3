//! The command line on archives, run as a user would: the real binary on fixture files.

use parkan_studio::fixtures;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_parkan-studio"))
}

fn run(args: &[&str], cwd: &Path) -> Output {
    let out = bin().args(args).current_dir(cwd).output().expect("binary runs");
    assert_ne!(out.status.code(), Some(101), "panic on {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().to_path_buf();
    fixtures::files::write_all(&p).unwrap();
    (dir, p)
}

#[test]
fn check_reports_roundtrip_on_every_fixture() {
    let (_d, dir) = setup();
    let files: Vec<String> = fixtures::files::all_files().into_iter().map(|(n, _)| n).collect();
    let mut args = vec!["check", "--json"];
    args.extend(files.iter().map(String::as_str));
    let out = run(&args, &dir);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let reports = v["files"].as_array().unwrap();
    assert_eq!(reports.len(), files.len());
    for r in reports {
        assert_eq!(r["roundtrip"], true, "{}: {r}", r["path"]);
        let expect_ok = !fixtures::files::expected_to_fail(r["path"].as_str().unwrap());
        assert_eq!(r["ok"], expect_ok, "{r}");
    }
    // exit code 1 because some fixtures carry errors
    assert_eq!(out.status.code(), Some(1));
    let stale = reports.iter().find(|r| r["path"].as_str().unwrap().contains("stale_lookup")).unwrap();
    let d = &stale["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert!(d["offset"].as_u64().is_some() && d["entry"].is_null(), "{d}");
}

#[test]
fn list_json_follows_the_contract() {
    let (_d, dir) = setup();
    let v = json(&run(&["list", "nres_simple.lib", "--json"], &dir));
    assert_eq!(v["format"], "nres");
    assert_eq!(v["path"], "nres_simple.lib");
    let e = &v["entries"][1];
    assert_eq!(e["index"], 1);
    assert_eq!(e["name"], "brick.0");
    assert_eq!(e["type"], "DATA");
    assert_eq!(e["type_id"], u32::from_le_bytes(*b"DATA"));
    assert_eq!(e["attr1"], 1);
    assert_eq!(e["attr2"], 7);
    assert_eq!(e["size"], 8);
    assert_eq!(e["offset"], 24);
    assert!(e["sort_index"].is_u64());
    let v = json(&run(&["list", "rsli_one_per_method.lib", "--json"], &dir));
    assert_eq!(v["format"], "rsli");
    let methods: Vec<&str> = v["entries"].as_array().unwrap().iter().map(|e| e["method"].as_str().unwrap()).collect();
    for m in ["stored", "xor", "lzss", "xor+lzss", "lzhuf", "xor+lzhuf", "deflate"] {
        assert!(methods.contains(&m), "{m} missing from {methods:?}");
    }
    assert!(v["entries"][0]["type"].is_null());
    assert!(v["entries"][0]["packed_size"].is_u64());
}

#[test]
fn extract_replace_add_rename_remove() {
    let (_d, dir) = setup();
    // extract by name (case-insensitive) and by index
    assert!(run(&["extract", "nres_simple.lib::BRICK.0", "-o", "b.bin"], &dir).status.success());
    assert!(run(&["extract", "nres_simple.lib::#1", "-o", "b1.bin"], &dir).status.success());
    let b = std::fs::read(dir.join("b.bin")).unwrap();
    assert_eq!(b, std::fs::read(dir.join("b1.bin")).unwrap());
    assert_eq!(b.len(), 8);
    // extract --all from RsLi gives unpacked bytes
    assert!(run(&["extract", "rsli_one_per_method.lib", "--all", "-o", "all"], &dir).status.success());
    assert!(std::fs::read_dir(dir.join("all")).unwrap().count() >= 7);

    std::fs::write(dir.join("new.bin"), b"replacement payload").unwrap();
    let before = std::fs::read(dir.join("nres_simple.lib")).unwrap();
    assert!(run(&["replace", "nres_simple.lib::STEEL", "new.bin", "-o", "out.lib"], &dir).status.success());
    assert_eq!(std::fs::read(dir.join("nres_simple.lib")).unwrap(), before, "-o leaves the input alone");
    assert!(run(&["extract", "out.lib::steel", "-o", "s.bin"], &dir).status.success());
    assert_eq!(std::fs::read(dir.join("s.bin")).unwrap(), b"replacement payload");

    // in place
    assert!(run(&["add", "out.lib", "new.bin", "--name", "ADDED.0", "--type", "BLOB", "--attr1", "5"], &dir).status.success());
    let v = json(&run(&["list", "out.lib", "--json"], &dir));
    let added = v["entries"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(added["name"], "ADDED.0");
    assert_eq!(added["type"], "BLOB");
    assert_eq!(added["attr1"], 5);
    assert_eq!(added["offset"].as_u64().unwrap() % 8, 0);

    assert!(run(&["rename", "out.lib::ADDED.0", "RENAMED.0"], &dir).status.success());
    assert!(run(&["remove", "out.lib::alpha"], &dir).status.success());
    let v = json(&run(&["list", "out.lib", "--json"], &dir));
    let names: Vec<&str> = v["entries"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["STEEL", "brick.0", "_under", "Zeta", "RENAMED.0"]);
    let c = json(&run(&["check", "out.lib", "--json"], &dir));
    assert_eq!(c["files"][0]["ok"], true, "{c}");

    // edits inside a nested archive rewrite the parents
    assert!(run(&["rename", "nres_nested.lib::deeper.rlb::level2::other", "INNER"], &dir).status.success());
    let v = json(&run(&["list", "nres_nested.lib::deeper.rlb::level2", "--json"], &dir));
    assert_eq!(v["entries"][1]["name"], "INNER");
}

#[test]
fn usage_and_io_errors_exit_2_malformed_exit_1() {
    let (_d, dir) = setup();
    assert_eq!(run(&["list", "missing.lib"], &dir).status.code(), Some(2));
    assert_eq!(run(&["rename", "nres_simple.lib::STEEL", &"x".repeat(40)], &dir).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"], &dir).status.code(), Some(2));
    // an address that names nothing is a usage error, like a missing file, with the nearest names
    let out = run(&["extract", "nres_simple.lib::BRICK.1"], &dir);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: nres_simple.lib: no entry BRICK.1; did you mean brick.0, "), "{err}");
    let out = run(&["info", "nres_simple.lib::#9"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no entry #9; the archive has entries #0 to #4"));
    let out = run(&["info", "nres_nested.lib::deeper.rlb::level2::NOPE"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nres_nested.lib::deeper.rlb::level2: no entry NOPE; did you mean "));
    let out = run(&["info", "nres_simple.lib::STEEL::X"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nres_simple.lib::STEEL: not an archive"));

    let mut bad = std::fs::read(dir.join("nres_simple.lib")).unwrap();
    let dir_at = bad.len() - 5 * 64;
    bad[dir_at + 56..dir_at + 60].copy_from_slice(&0xFFFF_0000u32.to_le_bytes());
    std::fs::write(dir.join("bad.lib"), &bad).unwrap();
    let out = run(&["list", "bad.lib"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: bad.lib") && err.contains(&format!("@0x{:X}", dir_at + 56)), "{err}");
    assert_eq!(run(&["check", "bad.lib"], &dir).status.code(), Some(1));
}

#[test]
fn truncated_files_never_panic() {
    let (_d, dir) = setup();
    for name in ["nres_simple.lib", "rsli_one_per_method.lib"] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        for cut in (0..bytes.len()).step_by(bytes.len() / 23 + 1) {
            std::fs::write(dir.join("cut.lib"), &bytes[..cut]).unwrap();
            let out = run(&["check", "cut.lib", "--json"], &dir);
            assert_eq!(out.status.code(), Some(1), "{name} cut at {cut}");
            run(&["list", "cut.lib"], &dir);
        }
    }
}

#[test]
fn every_command_has_help() {
    // Every subcommand clap knows (and theirs: `mod install`, ...), so a new command is
    // covered without anyone adding it here.
    fn paths(c: &clap::Command, above: &[String], out: &mut Vec<Vec<String>>) {
        for sub in c.get_subcommands() {
            let mut p = above.to_vec();
            p.push(sub.get_name().to_string());
            paths(sub, &p, out);
            out.push(p);
        }
    }
    let mut all = Vec::new();
    paths(&<parkan_studio::cli::Cli as clap::CommandFactory>::command(), &[], &mut all);
    assert!(all.len() >= 25, "the subcommands are found: {all:?}");
    let dir = tempfile::tempdir().unwrap();
    for c in &all {
        let mut args: Vec<&str> = c.iter().map(String::as_str).collect();
        args.push("--help");
        let out = run(&args, dir.path());
        assert!(out.status.success(), "{} --help", c.join(" "));
        assert!(String::from_utf8_lossy(&out.stdout).contains("Usage"), "{}", c.join(" "));
    }
    let out = run(&["--help"], dir.path());
    assert!(String::from_utf8_lossy(&out.stdout).contains("texm-8888"), "readings are listed");
}

/// `add` without `--type` takes the type the editor gives a dropped file: one rule, in
/// `doc::items::guess_type`, asked here from the command line and from the library.
#[test]
fn add_without_type_guesses_like_the_editor() {
    let (_d, dir) = setup();
    std::fs::write(dir.join("tex.lib"), fixtures::texm::textures_lib()).unwrap();
    std::fs::write(dir.join("NEW.0"), fixtures::texm::loose(parkan_studio::formats::texm::Format::Rgb565, 4, 4, 1)).unwrap();
    std::fs::write(dir.join("robot.wea"), b"1\n0 STEEL\n").unwrap();
    assert!(run(&["add", "tex.lib", "NEW.0"], &dir).status.success());
    assert!(run(&["add", "nres_simple.lib", "robot.wea", "-o", "w.lib"], &dir).status.success());
    let types = |file: &str| -> Vec<Value> {
        json(&run(&["list", file, "--json"], &dir))["entries"].as_array().unwrap().iter().map(|e| e["type"].clone()).collect()
    };
    assert_eq!(types("tex.lib").last().unwrap(), "Texm");
    assert_eq!(types("w.lib").last().unwrap(), "WEAR");
    // The library's rule gives the same answers.
    let mut ws = parkan_studio::doc::Workspace::new();
    let id = ws.open(&dir.join("nres_simple.lib")).unwrap();
    let node = parkan_studio::doc::items::node_at(&ws, &parkan_studio::doc::ItemPath::root(id)).unwrap();
    assert_eq!(parkan_studio::doc::items::guess_type(&node, "robot.wea", b""), parkan_studio::formats::TYPE_WEAR);
    assert_eq!(parkan_studio::doc::items::guess_type(&node, "x", b"Texm...."), parkan_studio::formats::TYPE_TEXM);
}

fn mode(path: &Path) -> u32 {
    std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(path).unwrap().permissions()) & 0o7777
}

/// `replace link.lib::STEEL blob.bin` with `link.lib -> t.lib`: the game reads t.lib, so that is
/// what changes; the link stays, and t.lib keeps its mode. A dangling link is an I/O error.
#[test]
fn replace_through_a_symlink() {
    let (_d, dir) = setup();
    std::fs::copy(dir.join("nres_simple.lib"), dir.join("t.lib")).unwrap();
    std::fs::set_permissions(dir.join("t.lib"), std::os::unix::fs::PermissionsExt::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("t.lib", dir.join("link.lib")).unwrap();
    std::fs::write(dir.join("blob.bin"), b"through the link").unwrap();
    let out = run(&["replace", "link.lib::STEEL", "blob.bin"], &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::symlink_metadata(dir.join("link.lib")).unwrap().file_type().is_symlink());
    assert!(run(&["extract", "t.lib::STEEL", "-o", "s.bin"], &dir).status.success());
    assert_eq!(std::fs::read(dir.join("s.bin")).unwrap(), b"through the link");
    assert_eq!(mode(&dir.join("t.lib")), 0o640);

    std::os::unix::fs::symlink("gone.lib", dir.join("dangling.lib")).unwrap();
    let out = run(&["replace", "dangling.lib::STEEL", "blob.bin"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.join("gone.lib").exists());
}

/// `-o` makes a file as any program would (0666 less the umask, as `fs::write` gives); saving
/// in place keeps the file's own mode.
#[test]
fn new_files_get_the_usual_mode() {
    let (_d, dir) = setup();
    std::fs::write(dir.join("reference"), b"x").unwrap();
    let usual = mode(&dir.join("reference"));
    assert!(run(&["rename", "nres_simple.lib::STEEL", "STEEL2", "-o", "m2.lib"], &dir).status.success());
    assert_eq!(mode(&dir.join("m2.lib")), usual);
    std::fs::set_permissions(dir.join("m2.lib"), std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    assert!(run(&["rename", "m2.lib::STEEL2", "STEEL3"], &dir).status.success());
    assert_eq!(mode(&dir.join("m2.lib")), 0o600);
}

#[test]
fn stale_temp_files_are_reported_not_removed() {
    let (_d, dir) = setup();
    std::fs::write(dir.join(".nres_simple.lib.a1B2c3.tmp"), vec![0u8; 777]).unwrap();
    let out = run(&["list", "nres_simple.lib"], &dir);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(".nres_simple.lib.a1B2c3.tmp (777 bytes") && err.contains("interrupted save"), "{err}");
    assert!(dir.join(".nres_simple.lib.a1B2c3.tmp").exists());
}

/// A finding written with an id names it in the JSON (scripts can match the id instead of the
/// English text), and the text stays the English one.
#[test]
fn check_json_names_a_message_id() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"NRes".to_vec();
    bytes.extend(0x100u32.to_le_bytes());
    bytes.extend((-1i32).to_le_bytes());
    bytes.extend(16u32.to_le_bytes());
    std::fs::write(dir.path().join("neg.lib"), &bytes).unwrap();
    let out = run(&["check", "--json", "neg.lib"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let d = &v["files"][0]["diagnostics"][0];
    assert_eq!(d["id"], "nres-negative-count", "{d}");
    assert_eq!(d["message"], "negative entry count -1", "{d}");
}
