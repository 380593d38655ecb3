//! The command line over a game folder (check DIR, refs, search, rename --references), run as
//! a user would: the real binary on folders the fixtures' game writer made.

use parkan_studio::fixtures::game::{GameSpec, write_game};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str], cwd: &Path) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_parkan-studio")).args(args).current_dir(cwd).output().expect("binary runs");
    assert_ne!(out.status.code(), Some(101), "panic on {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn game(spec: GameSpec) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("game");
    write_game(&p, &spec).unwrap();
    (dir, p)
}

/// Every file of a folder and its bytes, by relative path.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((p.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn check_dir_exit_codes_and_records() {
    let (_t, dir) = game(GameSpec::SMALL.with_problems());
    let parent = dir.parent().unwrap();
    // Findings of the project are warnings: the folder checks clean.
    let out = run(&["check", "game"], parent);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    // Every file is a game file, the unit trees under UNITS/ included (issue 39); the
    // findings are PROBLEMS, the world's two among them.
    let files = snapshot(&dir).len();
    let n = parkan_studio::fixtures::game::PROBLEMS.len();
    assert!(text.contains(&format!("{files} files checked: {files} ok, 0 failed; {n} project findings; 0 files of no game format skipped")), "{text}");
    assert!(text.contains("NOSUCHMAT") && text.contains("ORPHAN.wea") && text.contains("MISSING.0"), "{text}");

    let out = run(&["check", "--json", "game"], parent);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let records = v["files"].as_array().unwrap();
    assert_eq!(records.len(), files, "one record per file");
    let model = records.iter().find(|r| r["path"].as_str().unwrap().ends_with("MODEL000.wea")).unwrap();
    assert_eq!(model["project"][0]["severity"], "warning");
    assert_eq!(model["project"][0]["line"], 5);

    // A file that does not parse fails the folder, and the rest is still checked.
    std::fs::write(dir.join("bad.lib"), b"NRes\x00\x01\x00\x00\x05\x00\x00\x00").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a game file").unwrap();
    let out = run(&["check", "game"], parent);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains(&format!("{} files checked: {files} ok, 1 failed", files + 1)), "{text}");
    assert!(text.contains("1 files of no game format skipped"), "{text}");

    // A folder that is not there is a usage error, as a file that is not there.
    assert_eq!(run(&["check", "nothing-here"], parent).status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn check_dir_survives_a_link_loop() {
    let (_t, dir) = game(GameSpec::SMALL);
    std::os::unix::fs::symlink(&dir, dir.join("models/loop")).unwrap();
    let out = run(&["check", "game"], dir.parent().unwrap());
    assert_eq!(out.status.code(), Some(0), "a loop is skipped with a warning");
    assert!(stdout(&out).contains("models/loop"), "{}", stdout(&out));
}

#[test]
fn refs_prints_both_ways() {
    let (_t, dir) = game(GameSpec::SMALL);
    let out = run(&["refs", "Textures.lib::BRICK00.0", "--json"], &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "texm");
    let users: Vec<&str> = v["used_by"].as_array().unwrap().iter().map(|l| l["address"].as_str().unwrap()).collect();
    assert!(users.contains(&"Material.lib::BRICK00"), "{users:?}");
    assert!(v["shown_by"].as_array().unwrap().iter().any(|l| l["address"].as_str().unwrap().ends_with(".msh")));
    let out = run(&["refs", "game/Material.lib::BRICK00", "--project", "game"], dir.parent().unwrap());
    let text = stdout(&out);
    assert!(text.contains("phase 0") && text.contains("-> Textures.lib::BRICK00.0"), "{text}");
    assert!(text.contains("used by:") && text.contains("material row 0"), "{text}");
    // An unknown entry is a usage error with a suggestion.
    let out = run(&["refs", "Textures.lib::BRICK00.1"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean Textures.lib::BRICK00.0"));
}

#[test]
fn search_filters_by_type_and_finds_contained_names() {
    let (_t, dir) = game(GameSpec::SMALL);
    let out = run(&["search", ".", "t:texm brick"], &dir);
    assert_eq!(stdout(&out), "Textures.lib::BRICK00.0 (texm)\nTextures.lib::BRICK01.0 (texm)\n2 results\n");
    let out = run(&["search", ".", "METAL00.0", "--json"], &dir);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let hits = v["hits"].as_array().unwrap();
    assert_eq!(hits[0]["address"], "Textures.lib::METAL00.0");
    assert!(hits.iter().any(|h| h["address"] == "Material.lib::METAL00" && h["at"] == "phase"), "{hits:?}");
    let out = run(&["search", ".", "t:mat0 is:unused"], &dir);
    assert!(stdout(&out).lines().all(|l| l.ends_with("(mat0)") || l.ends_with("results")));
}

#[test]
fn rename_with_references_dry_run_then_byte_minimal_saves() {
    let (_t, dir) = game(GameSpec::SMALL);
    let before = snapshot(&dir);
    let out = run(&["rename", "Material.lib::BRICK00", "BRICKY", "--references", ".", "--dry-run"], &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout(&out),
        "rename Material.lib::BRICK00 -> BRICKY\n\
         \x20 Land1.wea  material row 0 (line 2): BRICK00 -> BRICKY\n\
         \x20 Land2.wea  material row 0 (line 2): BRICK00 -> BRICKY\n\
         \x20 models/MODEL000.wea  material row 0 (line 2): BRICK00 -> BRICKY\n\
         3 references would be rewritten; would write 4 files: Material.lib, Land1.wea, Land2.wea, models/MODEL000.wea (dry run: nothing written)\n"
    );
    assert_eq!(snapshot(&dir), before, "a dry run writes nothing");

    let out = run(&["rename", "Material.lib::BRICK00", "BRICKY", "--references", "."], &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let after = snapshot(&dir);
    assert_eq!(after.len(), before.len());
    for ((name, old), (_, new)) in before.iter().zip(&after) {
        match name.as_str() {
            "Land1.wea" | "Land2.wea" | "models/MODEL000.wea" => {
                // Only the name token changed.
                let text = String::from_utf8(old.clone()).unwrap();
                let at = text.find(" BRICK00").unwrap() + 1;
                let mut want = old.clone();
                want.splice(at..at + "BRICK00".len(), b"BRICKY".iter().copied());
                assert_eq!(*new, want, "{name}");
            }
            "Material.lib" => {
                // The directory row's name (and the lookup order it keys): same length, a few bytes.
                assert_eq!(new.len(), old.len());
                let differing: Vec<usize> = (0..old.len()).filter(|&i| old[i] != new[i]).collect();
                assert!(!differing.is_empty() && differing.len() <= 12, "{} bytes differ", differing.len());
                let directory = old.len() - GameSpec::SMALL.materials * 64;
                assert!(differing.iter().all(|&i| i >= directory), "only the directory changes");
            }
            _ => assert_eq!(new, old, "{name} untouched"),
        }
    }
    // The rows now reach the renamed material: a second check is clean.
    let out = run(&["check", "."], &dir);
    assert!(stdout(&out).contains("0 project findings"), "{}", stdout(&out));
}
