//! `unpack` and `pack` through the binary: the shipped-shape folder round trip, the JSON
//! summary, a material mistake's exit code, and Ctrl+C in the middle of a run.

use parkan_studio::fixtures::game::{GameSpec, write_game};
use std::path::Path;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_parkan-studio"))
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn go(d: &Path, prefix: &str, out: &mut Vec<(String, Vec<u8>)>) {
        for e in std::fs::read_dir(d).unwrap() {
            let e = e.unwrap();
            let rel = format!("{prefix}{}", e.file_name().to_string_lossy());
            if e.file_type().unwrap().is_dir() {
                go(&e.path(), &format!("{rel}/"), out);
            } else {
                out.push((rel, std::fs::read(e.path()).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    go(dir, "", &mut out);
    out.sort();
    out
}

#[test]
fn unpack_then_pack_gives_every_file_back() {
    let t = tempfile::tempdir().unwrap();
    let (game, un, out) = (t.path().join("game"), t.path().join("un"), t.path().join("out"));
    write_game(&game, &GameSpec::SMALL.with_problems()).unwrap();
    let o = bin().arg("unpack").arg(&game).arg("-o").arg(&un).args(["--jobs", "2", "--json"]).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["command"], "unpack");
    assert!(v["files_written"].as_u64().unwrap() > 100);
    assert!(o.stderr.is_empty(), "no progress bar when piped: {}", String::from_utf8_lossy(&o.stderr));

    let o = bin().arg("pack").arg(&un).arg("-o").arg(&out).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("pack: "));
    assert!(files(&game) == files(&out), "byte-identical");
}

#[test]
fn a_material_mistake_fails_with_line_and_column() {
    let t = tempfile::tempdir().unwrap();
    let (game, un, out) = (t.path().join("game"), t.path().join("un"), t.path().join("out"));
    write_game(&game, &GameSpec::SMALL).unwrap();
    assert_eq!(bin().arg("unpack").arg(&game).arg("-o").arg(&un).arg("--no-models").output().unwrap().status.code(), Some(0));
    let p = un.join("Material.lib/ROCK00.mat0.toml");
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, text.replacen("specular = \"#", "specular = \"#X", 1)).unwrap();
    let line = text.lines().position(|l| l.starts_with("specular")).unwrap() + 1;
    let o = bin().arg("pack").arg(&un).arg("-o").arg(&out).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("Material.lib/ROCK00.mat0.toml: line {line}, column 12: specular colour")), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert!(!out.exists());
}

/// An archive's skeleton edited by hand: the untouched archive packs to other bytes, so it is
/// not written; the JSON failure names the message's id beside its English text.
#[test]
fn an_edited_skeleton_fails_with_the_messages_id() {
    let t = tempfile::tempdir().unwrap();
    let (game, un, out) = (t.path().join("game"), t.path().join("un"), t.path().join("out"));
    write_game(&game, &GameSpec::SMALL).unwrap();
    assert_eq!(bin().arg("unpack").arg(&game).arg("-o").arg(&un).arg("--no-models").output().unwrap().status.code(), Some(0));
    let sk = un.join("Material.lib/.archive.bin");
    let mut b = std::fs::read(&sk).unwrap();
    b[5] ^= 0xFF;
    std::fs::write(&sk, b).unwrap();
    let o = bin().arg("pack").arg(&un).arg("-o").arg(&out).arg("--json").output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let f = v["failures"].as_array().unwrap();
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0]["item"], "Material.lib");
    assert_eq!(f[0]["message"], "the files give other bytes than the archive had, though none changed (was the manifest or .archive.bin edited?)");
    assert_eq!(f[0]["id"], "unpack-untouched-differs");
    assert!(!out.join("Material.lib").exists());
}

/// SIGINT in the middle of an unpack: the run stops, exits 130, and leaves only whole files.
#[cfg(unix)]
#[test]
fn ctrl_c_leaves_no_half_written_file() {
    let t = tempfile::tempdir().unwrap();
    let (game, un) = (t.path().join("game"), t.path().join("un"));
    write_game(&game, &GameSpec::SHIPPED).unwrap();
    let mut child = bin().arg("unpack").arg(&game).arg("-o").arg(&un).args(["--jobs", "2"]).spawn().unwrap();
    // Wait until it is writing, then interrupt it.
    let start = std::time::Instant::now();
    while !un.join("models").is_dir() && start.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "stopped by the interrupt, not killed by it");
    let written = files(&un);
    assert!(!written.is_empty());
    for (name, bytes) in &written {
        assert!(!name.rsplit('/').next().unwrap().starts_with('.') || name.ends_with(".json") || name.ends_with(".bin"), "left behind: {name}");
        if name.ends_with(".png") {
            parkan_studio::formats::texm::png::read_image(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        if name.ends_with(".json") {
            serde_json::from_slice::<serde_json::Value>(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
    // The archive it was in the middle of has no manifest: a second run finishes the tree.
    let o = bin().arg("unpack").arg(&game).arg("-o").arg(&un).arg("--no-models").output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

/// `check` of many files and `extract --all` run on several threads and report as with one.
#[test]
fn check_and_extract_on_two_jobs_match_one() {
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("game");
    write_game(&game, &GameSpec::SMALL.with_problems()).unwrap();
    let mut paths: Vec<String> = files(&game).into_iter().map(|(n, _)| game.join(n).display().to_string()).collect();
    paths.push(game.join("MISSING.lib").display().to_string());
    let run = |jobs: &str| bin().arg("check").args(&paths).args(["--jobs", jobs]).output().unwrap();
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.status.code(), two.status.code());
    assert_eq!(two.status.code(), Some(2), "a file that cannot be read");
    assert!(String::from_utf8_lossy(&two.stderr).contains("MISSING.lib"));

    for jobs in ["1", "2"] {
        let dir = t.path().join(format!("x{jobs}"));
        let o = bin().arg("extract").arg(game.join("Material.lib")).arg("--all").arg("-o").arg(&dir).args(["--jobs", jobs]).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(String::from_utf8_lossy(&o.stdout).starts_with("extracted 41 of 41 entries"));
    }
    assert!(files(&t.path().join("x1")) == files(&t.path().join("x2")));
}
