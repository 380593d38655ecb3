//! What the packages are made of (docs/packaging.md): the completions and man pages cover every
//! command, `--version` names the commit and the build date, the AppStream metadata agrees with
//! the desktop entry and Cargo.toml, and the build script's date and icon writers are right.
//! Building and installing the .deb itself is CI's packaging step (packaging/test-install.sh).

use clap::CommandFactory;
use parkan_studio::cli::{Cli, SHELLS, shell_files};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

#[path = "../build/date.rs"]
mod date;
#[path = "../build/ico.rs"]
mod ico;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every visible command as its path of names: ["list"], ["mod", "create"], ...
fn visible_commands(cmd: &clap::Command, prefix: &[String], out: &mut Vec<Vec<String>>) {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        let mut path = prefix.to_vec();
        path.push(sub.get_name().to_string());
        out.push(path.clone());
        visible_commands(sub, &path, out);
    }
}

fn files() -> BTreeMap<PathBuf, String> {
    shell_files().expect("the shell files render").into_iter().map(|(p, b)| (p, String::from_utf8(b).expect("UTF-8"))).collect()
}

#[test]
fn there_is_a_man_page_for_every_command_and_none_for_hidden_ones() {
    let files = files();
    let mut commands = Vec::new();
    visible_commands(&Cli::command(), &[], &mut commands);
    assert!(commands.len() > 25 && commands.iter().any(|c| c == &["mod", "create"]), "{commands:?}");
    let root = files.get(&PathBuf::from("man/parkan-studio.1")).expect("the root page");
    assert!(root.contains(".TH parkan-studio 1") && root.contains(parkan_studio::build_info::VERSION), "{}", &root[..200.min(root.len())]);
    for c in &commands {
        let page = PathBuf::from(format!("man/parkan-studio-{}.1", c.join("-")));
        let text = files.get(&page).unwrap_or_else(|| panic!("no {}", page.display()));
        assert!(text.contains(".SH NAME") && text.contains(".SH SYNOPSIS"), "{}", page.display());
    }
    let pages = files.keys().filter(|p| p.starts_with("man")).count();
    assert_eq!(pages, commands.len() + 1, "one page per command and the root's");
    for hidden in ["write-demo", "write-fixtures", "write-game", "write-shell-files"] {
        assert!(!files.contains_key(&PathBuf::from(format!("man/parkan-studio-{hidden}.1"))), "{hidden} is hidden");
    }
}

#[test]
fn every_shell_completes_every_command_and_its_options() {
    let files = files();
    let mut commands = Vec::new();
    visible_commands(&Cli::command(), &[], &mut commands);
    let names = ["completions/parkan-studio.bash", "completions/_parkan-studio", "completions/parkan-studio.fish", "completions/_parkan-studio.ps1"];
    assert_eq!(SHELLS.len(), names.len());
    for name in names {
        let script = files.get(&PathBuf::from(name)).unwrap_or_else(|| panic!("no {name}"));
        for c in &commands {
            let leaf = c.last().expect("a name");
            assert!(script.contains(leaf.as_str()), "{name} does not complete {}", c.join(" "));
        }
        // An option of a nested command, a global one and a flag; fish spells a long option
        // `-l NAME`, the others `--NAME`.
        for option in ["base", "reading", "uninstall"] {
            let spelt = if name.ends_with(".fish") { format!("-l {option}") } else { format!("--{option}") };
            assert!(script.contains(&spelt), "{name} does not complete {spelt}");
        }
    }
}

#[test]
fn version_names_the_commit_and_the_build_date() {
    let out = Command::new(env!("CARGO_BIN_EXE_parkan-studio")).arg("--version").output().expect("runs");
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).expect("UTF-8");
    let rest = line.trim().strip_prefix(&format!("parkan-studio {} (commit ", env!("CARGO_PKG_VERSION"))).unwrap_or_else(|| panic!("{line}"));
    let (commit, built) = rest.strip_suffix(')').and_then(|r| r.split_once(", built ")).unwrap_or_else(|| panic!("{line}"));
    assert!(commit == "unknown" || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())), "{commit}");
    let b = built.as_bytes();
    assert!(b.len() == 10 && b[4] == b'-' && b[7] == b'-' && built.replace('-', "").chars().all(|c| c.is_ascii_digit()), "{built}");
    // The checkout the tests run in is a git checkout: the commit is HEAD's.
    if let Ok(head) = Command::new("git").args(["rev-parse", "--short=12", "HEAD"]).current_dir(ROOT).output()
        && head.status.success()
        && std::path::Path::new(ROOT).join(".git").exists()
    {
        assert_eq!(commit, String::from_utf8_lossy(&head.stdout).trim(), "--version names HEAD");
    }
}

#[test]
fn build_dates_are_calendar_dates() {
    assert_eq!(date::iso_date(0), "1970-01-01");
    assert_eq!(date::iso_date(86_399), "1970-01-01");
    assert_eq!(date::iso_date(951_782_400), "2000-02-29");
    assert_eq!(date::iso_date(951_868_800), "2000-03-01");
    assert_eq!(date::iso_date(1_709_251_199), "2024-02-29");
    assert_eq!(date::iso_date(4_107_542_400), "2100-03-01", "2100 is not a leap year");
    assert_eq!(date::iso_date(-1), "1969-12-31");
}

#[test]
fn the_windows_icon_holds_the_png_icons_as_they_are() {
    let pngs: Vec<Vec<u8>> = [48, 128, 256]
        .iter()
        .map(|s| std::fs::read(format!("{ROOT}/assets/icons/parkan-studio-{s}.png")).expect("icon"))
        .collect();
    let refs: Vec<&[u8]> = pngs.iter().map(Vec::as_slice).collect();
    let ico = ico::ico_from_pngs(&refs).expect("an icon");
    assert_eq!(&ico[..6], &[0, 0, 1, 0, 3, 0]);
    let mut at = 6 + 16 * 3;
    for (i, (png, side)) in pngs.iter().zip([48u8, 128, 0]).enumerate() {
        let e = &ico[6 + 16 * i..6 + 16 * (i + 1)];
        assert_eq!((e[0], e[1]), (side, side), "256 is written as 0");
        assert_eq!(u32::from_le_bytes(e[8..12].try_into().unwrap()) as usize, png.len());
        assert_eq!(u32::from_le_bytes(e[12..16].try_into().unwrap()) as usize, at);
        assert_eq!(&ico[at..at + png.len()], png.as_slice());
        at += png.len();
    }
    assert_eq!(at, ico.len());
    let err = ico::ico_from_pngs(&[b"GIF89a: this is not a PNG at all".as_slice()]).expect_err("not a PNG");
    assert!(err.contains("image 0") && err.contains("offset 0"), "{err}");
}

fn tag_values<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag}>");
    xml.split(&open).skip(1).filter_map(|s| s.split_once(&format!("</{tag}>")).map(|(v, _)| v.trim())).collect()
}

#[test]
fn the_appstream_metadata_agrees_with_the_desktop_entry_and_the_version() {
    let metainfo = std::fs::read_to_string(format!("{ROOT}/assets/io.github.parkan_studio.ParkanStudio.metainfo.xml")).expect("metainfo");
    let desktop = std::fs::read_to_string(format!("{ROOT}/assets/parkan-studio.desktop")).expect("desktop entry");
    let listed: Vec<&str> = desktop.lines().find_map(|l| l.strip_prefix("MimeType=")).expect("MimeType").split(';').filter(|t| !t.is_empty()).collect();
    assert_eq!(tag_values(&metainfo, "mediatype"), listed, "the metainfo provides the types the desktop entry opens");
    assert!(metainfo.contains("<launchable type=\"desktop-id\">parkan-studio.desktop</launchable>"));
    let newest = metainfo.split("<release version=\"").nth(1).and_then(|r| r.split('"').next()).expect("a release");
    assert_eq!(newest, env!("CARGO_PKG_VERSION"), "the newest release's notes are for this version");
    assert!(metainfo.contains(&format!("<project_license>{}</project_license>", env!("CARGO_PKG_LICENSE"))));
    for shot in tag_values(&metainfo, "image") {
        let file = shot.rsplit('/').next().expect("a file name");
        assert!(std::path::Path::new(ROOT).join("screenshots").join(file).is_file(), "{shot} is not in screenshots/");
    }
}
