//! `parkan-studio diff` run as a user would: two copies of the small game folder, edits made
//! with the binary's own commands, and the exit codes and JSON of diff(1)'s contract.

#[path = "support/cli.rs"]
mod cli;

use cli::run;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use serde_json::Value;
use std::path::Path;

fn two_games() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    write_game(&d.path().join("a"), &GameSpec::SMALL).unwrap();
    write_game(&d.path().join("b"), &GameSpec::SMALL).unwrap();
    d
}

fn code(args: &[&str], cwd: &Path) -> (i32, String, String) {
    let out = run(args, cwd);
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn json(args: &[&str], cwd: &Path) -> (i32, Value) {
    let (c, so, se) = code(args, cwd);
    (c, serde_json::from_str(&so).unwrap_or_else(|e| panic!("{e}: {so} {se}")))
}

#[test]
fn identical_folders_exit_0_with_only_the_summary() {
    let d = two_games();
    let (c, so, se) = code(&["diff", "a", "b"], d.path());
    assert_eq!(c, 0, "{se}");
    assert_eq!(so, format!(" no differences, {} identical\n", parkan_studio::fixtures::game::game_files(&GameSpec::SMALL).len()));
    let (c, v) = json(&["diff", "a", "b", "--json"], d.path());
    assert_eq!((c, v["equal"].as_bool(), v["changes"].as_array().map(Vec::len)), (0, Some(true), Some(0)));
}

#[test]
fn edits_made_with_the_cli_are_each_reported_once() {
    let d = two_games();
    let dir = d.path();
    let ok = |args: &[&str]| {
        let (c, _, se) = code(args, dir);
        assert_eq!(c, 0, "{args:?}: {se}");
    };
    ok(&["rename", "b/Material.lib::DEFAULT", "DEFAULT2"]);
    ok(&["remove", "b/sprites.lib::#3"]);
    ok(&["add", "b/lightmap.lib", "a/Land1.wea", "--name", "EXTRA.wea"]);
    let (c, v) = json(&["diff", "a", "b", "--json"], dir);
    assert_eq!(c, 1);
    let got: Vec<(String, String)> =
        v["changes"].as_array().unwrap().iter().map(|c| (c["kind"].as_str().unwrap().to_string(), c["path"].as_str().unwrap().to_string())).collect();
    assert_eq!(
        got,
        [
            ("added".to_string(), "lightmap.lib::EXTRA.wea".to_string()),
            ("renamed".into(), "Material.lib::DEFAULT2".into()),
            ("removed".into(), "sprites.lib::E00002.TEX".into()),
        ]
    );
    assert_eq!(v["counts"]["renamed"], 1);
    assert_eq!(v["changes"][1]["from"], "DEFAULT");
    assert_eq!(v["changes"][0]["item"], "wear");
    // Readable: the stat lines, then the summary.
    let (c, so, _) = code(&["diff", "a", "b", "--stat"], dir);
    assert_eq!(c, 1);
    let lines: Vec<&str> = so.lines().collect();
    assert_eq!(lines.len(), 4, "{so}");
    assert!(lines[1].contains("Material.lib::DEFAULT2") && lines[1].ends_with("| renamed from DEFAULT"), "{so}");
    assert!(lines[3].starts_with(" 3 changes (1 added, 1 removed, 1 renamed), "), "{so}");
}

#[test]
fn items_by_address_with_details() {
    let d = two_games();
    let dir = d.path();
    // Two textures of one library: typed details, B's address as the path.
    let (c, v) = json(&["diff", "a/Textures.lib::BRICK00.0", "a/Textures.lib::METAL00.0", "--json"], dir);
    assert_eq!(c, 1);
    let ch = &v["changes"][0];
    assert_eq!((ch["kind"].as_str(), ch["item"].as_str(), ch["path"].as_str()), (Some("changed"), Some("texm"), Some("Textures.lib::METAL00.0")));
    assert!(!ch["details"].as_array().unwrap().is_empty());
    // An entry against itself.
    let (c, so, _) = code(&["diff", "a/Material.lib::DEFAULT", "b/Material.lib::DEFAULT"], dir);
    assert_eq!((c, so.as_str()), (0, " no differences, 1 identical\n"));
    // Plain files, one of them a renamed copy: compared by content.
    std::fs::copy(dir.join("a/Land1.wea"), dir.join("copy.bin")).unwrap();
    let (c, so, _) = code(&["diff", "a/Land1.wea", "copy.bin"], dir);
    assert_eq!((c, so.as_str()), (0, " no differences, 1 identical\n"));
}

#[test]
fn damaged_side_is_a_difference_not_an_error() {
    let d = two_games();
    let dir = d.path();
    let bytes = std::fs::read(dir.join("a/Material.lib")).unwrap();
    std::fs::write(dir.join("b/Material.lib"), &bytes[..bytes.len() / 2]).unwrap();
    let (c, so, se) = code(&["diff", "a", "b"], dir);
    assert_eq!(c, 1, "{se}");
    let damaged: Vec<&str> = so.lines().filter(|l| l.contains("damaged: b: ")).collect();
    assert_eq!(damaged.len(), 1, "{so}");
    assert!(so.lines().next().unwrap().contains("Material.lib"), "{so}");
}

#[test]
fn usage_and_io_errors_exit_2() {
    let d = two_games();
    let dir = d.path();
    for args in [
        &["diff", "a", "missing"][..],
        &["diff", "a/nope.lib", "b/Material.lib"],
        &["diff", "a", "b/Material.lib"],
        &["diff", "a/Material.lib::NOSUCH", "b/Material.lib::DEFAULT"],
        &["diff", "a"],
        &["diff", "a", "b", "--bogus"],
    ] {
        let (c, so, se) = code(args, dir);
        assert_eq!(c, 2, "{args:?}: {so} {se}");
        assert!(!se.is_empty(), "{args:?} says why");
    }
}
