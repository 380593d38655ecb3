//! README's install story, run as a new user would on a fresh machine, into a throw-away HOME:
//! the desktop file validates, `install-desktop` registers the editor, the desktop's own tools
//! (`xdg-mime`, `gio`) then name it for every MIME type the entry lists and map real files to
//! those types, and `--uninstall` takes it all back.
//!
//! It needs desktop-file-utils, shared-mime-info, xdg-utils and libglib2.0-bin (`.ci/run`
//! installs them). Without them the test says so and passes, except under CI, where it fails.

use parkan_studio::fixtures::{demo, files};
use std::path::Path;
use std::process::{Command, Output};

const TOOLS: [(&str, &str); 6] = [
    ("desktop-file-validate", "desktop-file-utils"),
    ("desktop-file-install", "desktop-file-utils"),
    ("update-desktop-database", "desktop-file-utils"),
    ("update-mime-database", "shared-mime-info"),
    ("xdg-mime", "xdg-utils"),
    ("gio", "libglib2.0-bin"),
];

fn missing_tools() -> Vec<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    TOOLS
        .iter()
        .filter(|(tool, _)| !std::env::split_paths(&path).any(|d| d.join(tool).is_file()))
        .map(|(tool, package)| format!("{tool} ({package})"))
        .collect()
}

/// True when the tools are there; otherwise prints why the test is not run, or fails under CI.
fn tools_present() -> bool {
    let missing = missing_tools();
    if missing.is_empty() {
        return true;
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(!ci, "CI is set and the install story cannot be tested: missing {}", missing.join(", "));
    eprintln!("not run: missing {} (apt-get install desktop-file-utils shared-mime-info xdg-utils libglib2.0-bin)", missing.join(", "));
    false
}

/// A user with nothing installed: their own HOME and XDG folders, no desktop environment
/// (xdg-mime then uses the freedesktop files, as a file manager does), no GVfs daemons.
fn as_user(cmd: &mut Command, home: &Path) -> Output {
    cmd.env("HOME", home)
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("GIO_USE_VFS", "local")
        .env_remove("XDG_CURRENT_DESKTOP")
        .env_remove("DESKTOP_SESSION")
        .output()
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"))
}

fn ok(out: &Output, what: &str) -> String {
    assert!(out.status.success(), "{what}: {}\n{}", out.status, String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn studio(args: &[&str], home: &Path) -> Output {
    as_user(Command::new(env!("CARGO_BIN_EXE_parkan-studio")).args(args), home)
}

fn listed_types(desktop: &str) -> Vec<String> {
    let line = desktop.lines().find_map(|l| l.strip_prefix("MimeType=")).expect("the entry lists MIME types");
    line.split(';').filter(|t| !t.is_empty()).map(String::from).collect()
}

fn content_type(file: &Path, home: &Path) -> String {
    let out = ok(&as_user(Command::new("gio").args(["info", "-a", "standard::content-type"]).arg(file), home), "gio info");
    out.lines().find_map(|l| l.trim().strip_prefix("standard::content-type: ")).unwrap_or_default().to_string()
}

#[test]
fn the_desktop_file_validates_and_installs() {
    if !tools_present() {
        return;
    }
    let entry = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/parkan-studio.desktop");
    let out = Command::new("desktop-file-validate").arg(entry).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && said.trim().is_empty(), "desktop-file-validate: {said}");
    // README's manual step that used to refuse the file
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("desktop-file-install").arg(format!("--dir={}", dir.path().display())).arg(entry).output().unwrap();
    assert!(out.status.success(), "desktop-file-install: {}", String::from_utf8_lossy(&out.stderr));
    assert!(dir.path().join("parkan-studio.desktop").is_file());
}

#[test]
fn install_desktop_registers_every_type_and_uninstall_removes_it() {
    if !tools_present() {
        return;
    }
    let home_dir = tempfile::tempdir().unwrap();
    let home = home_dir.path();
    let out = studio(&["install-desktop"], home);
    let said = ok(&out, "install-desktop");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(said.contains("ran update-mime-database") && said.contains("ran update-desktop-database"), "{said}");

    let installed = home.join(".local/share/applications/parkan-studio.desktop");
    let desktop = std::fs::read_to_string(&installed).unwrap();
    let out = Command::new("desktop-file-validate").arg(&installed).output().unwrap();
    assert!(out.status.success() && out.stdout.is_empty(), "the installed entry: {}", String::from_utf8_lossy(&out.stdout));
    let binary = home.join(".local/bin/parkan-studio");
    assert!(desktop.contains(&format!("\nExec={} %F\n", binary.display())), "{desktop}");
    ok(&as_user(Command::new(&binary).arg("--version"), home), "the installed binary");
    for size in [48, 128, 256] {
        assert!(home.join(format!(".local/share/icons/hicolor/{size}x{size}/apps/parkan-studio.png")).is_file());
    }

    let types = listed_types(&desktop);
    assert_eq!(types.len(), 6, "{types:?}");
    for t in &types {
        let default = ok(&as_user(Command::new("xdg-mime").args(["query", "default", t]), home), "xdg-mime query default");
        assert_eq!(default.trim(), "parkan-studio.desktop", "xdg-mime query default {t}");
        let gio = ok(&as_user(Command::new("gio").args(["mime", t]), home), "gio mime");
        assert!(gio.lines().next().is_some_and(|l| l.ends_with(": parkan-studio.desktop")), "gio mime {t}: {gio}");
    }

    // real files of each kind, as the game and the demo folder have them
    let files_dir = tempfile::tempdir().unwrap();
    let at = files_dir.path();
    demo::write_demo(at).unwrap();
    let fixtures: std::collections::HashMap<String, Vec<u8>> = files::all_files().into_iter().collect();
    std::fs::write(at.join("deeper.rlb"), &fixtures["nres_nested.lib"]).unwrap();
    std::fs::write(at.join("Sounds.lib"), &fixtures["rsli_one_per_method.lib"]).unwrap();
    std::fs::write(at.join("BRICK.texm"), &fixtures["texm_565.texm"]).unwrap();
    std::fs::write(at.join("HD Bricks.parkanmod"), mod_package()).unwrap();
    let expect = [
        ("Material.lib", "application/x-parkan-nres"),
        ("deeper.rlb", "application/x-parkan-nres"),
        ("walker.msh", "application/x-parkan-nres"),
        ("Sounds.lib", "application/x-parkan-rsli"),
        ("walker.wea", "text/x-parkan-wear"),
        ("BRICK.texm", "application/x-parkan-texm"),
        ("level.geom", "application/x-xray-level-geom"),
        ("HD Bricks.parkanmod", "application/x-parkanmod"),
    ];
    for (name, mime) in expect {
        assert_eq!(content_type(&at.join(name), home), mime, "gio info {name}");
    }
    for t in &types {
        assert!(expect.iter().any(|(_, m)| m == t), "no file of type {t} was tried");
    }

    let out = studio(&["install-desktop", "--uninstall"], home);
    ok(&out, "install-desktop --uninstall");
    assert!(!installed.exists() && !binary.exists());
    assert!(!home.join(".local/share/mime/packages/parkan-studio.xml").exists());
    for t in &types {
        let default = as_user(Command::new("xdg-mime").args(["query", "default", t]), home);
        assert!(!String::from_utf8_lossy(&default.stdout).contains("parkan-studio"), "{t} still opens the editor");
    }
    assert_ne!(content_type(&at.join("Material.lib"), home), "application/x-parkan-nres");
}

/// A package as `mod create` writes it (a zip), of one loose file added.
fn mod_package() -> Vec<u8> {
    use parkan_studio::doc::mods::{Meta, Package};
    let mut changes = Vec::new();
    parkan_studio::doc::mods::create::diff_file("readme.txt", None, Some(b"hello\n".to_vec().into()), &mut changes);
    Package { meta: Meta { name: "HD Bricks".into(), ..Default::default() }, changes }.to_bytes().unwrap()
}
