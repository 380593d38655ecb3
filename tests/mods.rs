//! Mods end to end on a game folder written by `fixtures::game` (SMALL): create → apply →
//! revert byte-identical, two mods on one archive, the WEAR three-way merge and its conflict,
//! every hostile package, the kill points and the full disk, --dry-run and --to.

use parkan_studio::{doc::mods::text::joined, formats::message::Message};
use parkan_studio::doc::mods::apply::Done;
use parkan_studio::doc::mods::create::diff_folders;
use parkan_studio::doc::mods::journal::Journal;
use parkan_studio::doc::mods::manage::{self, InstallOptions, ModError};
use parkan_studio::doc::mods::{Meta, Package};
use parkan_studio::doc::node::Node;
use parkan_studio::formats::bytes::SharedBytes;
use std::path::{Path, PathBuf};
use std::process::Command;
#[path = "support/mods.rs"]
mod mods_support;
use mods_support::{Setup, assert_same, snapshot, zip_of};

/// Edits an archive on disk (entry path through nested archives) with `f`.
fn edit(dir: &Path, file: &str, nested: &[&str], f: impl FnOnce(&mut Node)) {
    let path = dir.join(file);
    let bytes = SharedBytes::from(std::fs::read(&path).unwrap());
    let out = edit_node(file, bytes, nested, f);
    std::fs::write(&path, out).unwrap();
}

fn edit_node(name: &str, bytes: SharedBytes, nested: &[&str], f: impl FnOnce(&mut Node)) -> Vec<u8> {
    let (mut node, _) = Node::parse(name, bytes).unwrap();
    match nested.split_first() {
        None => f(&mut node),
        Some((first, rest)) => {
            let i = node.resolve(first).unwrap();
            let inner = edit_node(first, node.entry_bytes(i).unwrap(), rest, f);
            node.replace_entry(i, inner.into()).unwrap();
        }
    }
    node.write()
}

fn replace_entry(dir: &Path, file: &str, nested: &[&str], name: &str, bytes: &[u8]) {
    let bytes = bytes.to_vec();
    edit(dir, file, nested, |n| {
        let i = n.resolve(name).unwrap();
        n.replace_entry(i, bytes.into()).unwrap();
    });
}

fn entry(dir: &Path, file: &str, path: &[&str]) -> Vec<u8> {
    let (mut node, _) = Node::parse(file, SharedBytes::from(std::fs::read(dir.join(file)).unwrap())).unwrap();
    let mut out = Vec::new();
    for (k, p) in path.iter().enumerate() {
        let b = node.entry_bytes(node.resolve(p).unwrap()).unwrap();
        if k + 1 == path.len() {
            out = b.to_vec();
        } else {
            node = Node::parse(p, b).unwrap().0;
        }
    }
    out
}

/// What this suite does with the shared set-up beyond copying it.
trait SetupExt {
    /// A modded copy made by `f`, packaged as NAME.parkanmod.
    fn make_mod(&self, name: &str, f: impl FnOnce(&Path)) -> (PathBuf, PathBuf);
}

impl SetupExt for Setup {
    /// A modded copy made by `f`, packaged as NAME.parkanmod.
    fn make_mod(&self, name: &str, f: impl FnOnce(&Path)) -> (PathBuf, PathBuf) {
        let modded = self.copy(&format!("{name}-modded"));
        f(&modded);
        let changes = diff_folders(&self.clean, &modded).unwrap();
        let pkg = Package { meta: Meta { name: name.into(), version: "1".into(), ..Meta::default() }, changes };
        let path = self.root.join(format!("{name}.parkanmod"));
        std::fs::write(&path, pkg.to_bytes().unwrap()).unwrap();
        (path, modded)
    }
}

fn copy_dir(from: &Path, to: &Path) {
    parkan_studio::fixtures::files::copy_dir(from, to).unwrap();
}

fn install(game: &Path, pkg: &Path, opts: &InstallOptions) -> Result<Vec<Message>, ModError> {
    manage::install(game, pkg, opts, &mut |_| false)
}

fn revert(game: &Path, name: &str, force: bool) -> Result<Vec<Message>, ModError> {
    manage::revert(game, name, force, false, &mut |_| false)
}

/// A mod of every kind of change: an entry replaced, added, removed and renamed, nested WEAR
/// rows, a loose WEAR table and a loose file added.
fn every_kind(d: &Path) {
    let metal = entry(d, "Textures.lib", &["METAL00.0"]);
    replace_entry(d, "Textures.lib", &[], "BRICK00.0", &metal);
    edit(d, "Textures.lib", &[], |n| n.rename_entry(n.resolve("ROCK00.0").unwrap(), b"ROCK99.0").unwrap());
    edit(d, "Material.lib", &[], |n| {
        n.remove_entry(n.resolve("METAL00").unwrap()).unwrap();
        n.add_entry(b"NEWMAT", 0x3054_414D, [0, 6, 0], SharedBytes::from(entry(d, "Material.lib", &["BRICK00"]))).unwrap();
    });
    let wea = String::from_utf8(entry(d, "fortif.rlb", &["fr_bld_000.wea"])).unwrap();
    let first_row = wea.lines().nth(1).unwrap().to_string();
    replace_entry(d, "fortif.rlb", &[], "fr_bld_000.wea", wea.replacen(&first_row, "0 STEEL9", 1).as_bytes());
    let land = std::fs::read_to_string(d.join("Land1.wea")).unwrap();
    std::fs::write(d.join("Land1.wea"), land.replace("SAND00_D", "GOLD_D")).unwrap();
    std::fs::write(d.join("readme.txt"), b"a mod").unwrap();
}

#[test]
fn create_apply_revert_is_byte_identical() {
    let s = Setup::new();
    let (pkg, modded) = s.make_mod("Gold", every_kind);
    let p = Package::read(&pkg).unwrap();
    let ops: Vec<&str> = p.changes.iter().map(|c| c.op.name()).collect();
    for op in ["replace_entry", "add_entry", "remove_entry", "rename_entry", "wear_rows", "add_file"] {
        assert!(ops.contains(&op), "{op} in {ops:?}");
    }
    // Only what changed is in the package: the entries, not the archives.
    let size = std::fs::metadata(&pkg).unwrap().len();
    assert!(size < 8000, "{size} bytes");
    let game = s.copy("game");
    let clean = snapshot(&s.clean);
    let out = install(&game, &pkg, &InstallOptions::default()).unwrap();
    assert!(out.last().unwrap().english.contains("installed Gold as #1 of 1"), "{out:?}");
    assert_same(&snapshot(&game), &snapshot(&modded), "after apply");
    let status = joined(&manage::status(&game).unwrap());
    assert!(status.contains("1. Gold 1") && status.contains("owns Textures.lib::BRICK00.0 (replace_entry)"), "{status}");
    let out = joined(&revert(&game, "gold", false).unwrap());
    assert!(out.contains("remove readme.txt (the mod added it)"), "{out}");
    assert_same(&snapshot(&game), &clean, "after revert");
    // The journal keeps nothing of a mod that is gone.
    let j = Journal::load(&game).unwrap();
    assert!(j.mods.is_empty() && j.files.is_empty());
    for sub in ["base", "mods"] {
        assert_eq!(std::fs::read_dir(Journal::dir(&game).join(sub)).unwrap().count(), 0, "{sub}");
    }
}

#[test]
fn two_mods_on_one_archive_merge_and_revert_separately() {
    let s = Setup::new();
    let (a, _) = s.make_mod("A", |d| replace_entry(d, "Textures.lib", &[], "BRICK00.0", &entry(d, "Textures.lib", &["METAL00.0"])));
    let (b, _) = s.make_mod("B", |d| replace_entry(d, "Textures.lib", &[], "ROCK00.0", &entry(d, "Textures.lib", &["METAL00.0"])));
    let (conf, real) = manage::conflicts(&[("a".into(), Package::read(&a).unwrap()), ("b".into(), Package::read(&b).unwrap())]);
    assert!(!real && conf.last().unwrap().english.contains("no conflicts"), "{conf:?}");
    let game = s.copy("game");
    install(&game, &a, &InstallOptions::default()).unwrap();
    install(&game, &b, &InstallOptions::default()).unwrap();
    let metal = entry(&s.clean, "Textures.lib", &["METAL00.0"]);
    assert_eq!(entry(&game, "Textures.lib", &["BRICK00.0"]), metal);
    assert_eq!(entry(&game, "Textures.lib", &["ROCK00.0"]), metal);
    // A goes; B's change to the same archive stays.
    let out = joined(&revert(&game, "A", false).unwrap());
    assert!(out.contains("keeping the changes of B"), "{out}");
    assert_eq!(entry(&game, "Textures.lib", &["BRICK00.0"]), entry(&s.clean, "Textures.lib", &["BRICK00.0"]));
    assert_eq!(entry(&game, "Textures.lib", &["ROCK00.0"]), metal);
    revert(&game, "B", false).unwrap();
    assert_same(&snapshot(&game), &snapshot(&s.clean), "both reverted");
}

#[test]
fn the_same_new_bytes_never_conflict_and_a_real_conflict_needs_force_or_order() {
    let s = Setup::new();
    let metal = entry(&s.clean, "Textures.lib", &["METAL00.0"]);
    let rock = entry(&s.clean, "Textures.lib", &["ROCK00.0"]);
    let (a, _) = s.make_mod("A", |d| replace_entry(d, "Textures.lib", &[], "BRICK00.0", &metal));
    let (same, _) = s.make_mod("Same", |d| replace_entry(d, "Textures.lib", &[], "BRICK00.0", &metal));
    let (c, _) = s.make_mod("C", |d| replace_entry(d, "Textures.lib", &[], "BRICK00.0", &rock));
    let pa = Package::read(&a).unwrap();
    let (lines, real) = manage::conflicts(&[("a".into(), pa.clone()), ("same".into(), Package::read(&same).unwrap())]);
    assert!(!real && lines.iter().any(|l| l.english.contains("same new bytes: no conflict")), "{lines:?}");
    let (lines, real) = manage::conflicts(&[("a".into(), pa), ("c".into(), Package::read(&c).unwrap())]);
    assert!(real && lines.iter().any(|l| l.english.contains("Textures.lib::BRICK00.0") && l.english.contains("CONFLICT: c wins")), "{lines:?}");

    let game = s.copy("game");
    install(&game, &a, &InstallOptions::default()).unwrap();
    install(&game, &same, &InstallOptions::default()).unwrap();
    let before = snapshot(&game);
    let Err(ModError::Blocked(msg)) = install(&game, &c, &InstallOptions::default()) else { panic!("C must be blocked") };
    let msg = joined(&msg);
    assert!(msg.contains("Textures.lib::BRICK00.0") && msg.contains("installed mod \"Same\"") && msg.contains("--force"), "{msg}");
    assert_same(&snapshot(&game), &before, "a blocked install writes nothing");
    // --order 1: C goes first, so A and Same (later) win.
    let out = joined(&install(&game, &c, &InstallOptions { order: Some(1), ..Default::default() }).unwrap());
    assert!(out.contains("placed #1 in the order, before A"), "{out}");
    assert_eq!(entry(&game, "Textures.lib", &["BRICK00.0"]), metal);
    revert(&game, "C", false).unwrap();
    assert_same(&snapshot(&game), &before, "C reverted from the front of the order");
    // --force: C last, it wins and says so.
    let out = joined(&install(&game, &c, &InstallOptions { force: true, ..Default::default() }).unwrap());
    assert!(out.contains("--force") && out.contains("this mod wins"), "{out}");
    assert_eq!(entry(&game, "Textures.lib", &["BRICK00.0"]), rock);
    for m in ["C", "A", "Same"] {
        revert(&game, m, false).unwrap();
    }
    assert_same(&snapshot(&game), &snapshot(&s.clean), "all reverted, in another order than installed");
}

fn land_rows(d: &Path, from: &str, to: &str) {
    let land = std::fs::read_to_string(d.join("Land1.wea")).unwrap();
    assert!(land.contains(from), "{land}");
    std::fs::write(d.join("Land1.wea"), land.replace(from, to)).unwrap();
}

#[test]
fn wear_rows_merge_three_way_and_conflict_on_the_same_row() {
    let s = Setup::new();
    let (a, _) = s.make_mod("A", |d| land_rows(d, "1 METAL01_D", "1 GOLD_D"));
    let (b, _) = s.make_mod("B", |d| land_rows(d, "4 SAND00_D", "4 SILVER_D"));
    let (c, _) = s.make_mod("C", |d| land_rows(d, "1 METAL01_D", "1 COPPER_D"));
    let pk = |p: &Path, n: &str| (n.to_string(), Package::read(p).unwrap());
    let (lines, real) = manage::conflicts(&[pk(&a, "a"), pk(&b, "b")]);
    assert!(!real && lines.iter().any(|l| l.english.contains("Land1.wea") && l.english.contains("WEAR rows merge")), "{lines:?}");
    let (lines, real) = manage::conflicts(&[pk(&a, "a"), pk(&b, "b"), pk(&c, "c")]);
    assert!(real && lines.iter().any(|l| l.english.contains("CONFLICT: c wins")), "{lines:?}");

    let game = s.copy("game");
    install(&game, &a, &InstallOptions::default()).unwrap();
    let out = joined(&install(&game, &b, &InstallOptions::default()).unwrap());
    assert!(out.contains("rows merged"), "{out}");
    let land = std::fs::read_to_string(game.join("Land1.wea")).unwrap();
    assert!(land.contains("1 GOLD_D\r\n") && land.contains("4 SILVER_D\r\n"), "{land}");
    let Err(ModError::Blocked(msg)) = install(&game, &c, &InstallOptions::default()) else { panic!("C conflicts with A's row") };
    assert!(joined(&msg).contains("both change lines 3..3"), "{msg:?}");
    install(&game, &c, &InstallOptions { force: true, ..Default::default() }).unwrap();
    let land = std::fs::read_to_string(game.join("Land1.wea")).unwrap();
    assert!(land.contains("1 COPPER_D\r\n") && !land.contains("SILVER"), "C's table wins whole: {land}");
    // A out: B and C replayed on the base; C (later) still wins the row.
    revert(&game, "A", false).unwrap();
    let land = std::fs::read_to_string(game.join("Land1.wea")).unwrap();
    assert!(land.contains("1 COPPER_D\r\n"), "{land}");
    revert(&game, "C", false).unwrap();
    let land = std::fs::read_to_string(game.join("Land1.wea")).unwrap();
    assert!(land.contains("1 METAL01_D\r\n") && land.contains("4 SILVER_D\r\n"), "only B left: {land}");
    revert(&game, "B", false).unwrap();
    assert_same(&snapshot(&game), &snapshot(&s.clean), "all reverted");
}

#[test]
fn entries_changed_by_hand_since_are_reported_and_kept_unless_forced() {
    let s = Setup::new();
    let metal = entry(&s.clean, "Textures.lib", &["METAL00.0"]);
    let (a, _) = s.make_mod("A", |d| replace_entry(d, "Textures.lib", &[], "BRICK00.0", &metal));
    let game = s.copy("game");
    install(&game, &a, &InstallOptions::default()).unwrap();
    // By hand: the mod's entry and another one of the same archive.
    replace_entry(&game, "Textures.lib", &[], "BRICK00.0", b"by hand");
    replace_entry(&game, "Textures.lib", &[], "ROCK00.0", b"also by hand");
    let st = joined(&manage::status(&game).unwrap());
    assert!(st.contains("Textures.lib was changed by hand"), "{st}");
    let dry = joined(&manage::revert(&game, "A", false, true, &mut |_| false).unwrap());
    assert!(dry.contains("Textures.lib::BRICK00.0 was changed by hand") && dry.contains("left as it is"), "{dry}");
    let game2 = s.copy("game2");
    copy_dir(&game, &game2);
    revert(&game, "A", false).unwrap();
    assert_eq!(entry(&game, "Textures.lib", &["BRICK00.0"]), b"by hand");
    assert_eq!(entry(&game, "Textures.lib", &["ROCK00.0"]), b"also by hand");
    let out = joined(&revert(&game2, "A", true).unwrap());
    assert!(out.contains("restored anyway (--force)"), "{out}");
    assert_eq!(entry(&game2, "Textures.lib", &["BRICK00.0"]), entry(&s.clean, "Textures.lib", &["BRICK00.0"]));
    assert_eq!(entry(&game2, "Textures.lib", &["ROCK00.0"]), b"also by hand", "hand edits of other entries stay");
}

/// Every step a transaction can be killed at, for a mod that writes `files` files.
fn steps(files: usize) -> Vec<String> {
    let mut v: Vec<String> = ["snapshots", "staging", "staged"].iter().map(|s| s.to_string()).collect();
    v.extend((1..=files).map(|n| format!("file {n}")));
    v.push("journal".into());
    v
}

#[test]
fn a_kill_at_any_step_of_apply_or_revert_ends_as_before_or_as_after() {
    let s = Setup::new();
    let (pkg, modded) = s.make_mod("Gold", every_kind);
    let clean = snapshot(&s.clean);
    let after = snapshot(&modded);
    let files = 5;
    for (n, step) in steps(files).iter().enumerate() {
        let game = s.copy(&format!("kill-apply-{n}"));
        let mut hit = false;
        let r = manage::install(&game, &pkg, &InstallOptions::default(), &mut |at| {
            let k = at == step && !hit;
            hit |= k;
            k
        });
        assert!(r.is_err() && hit, "{step}: killed");
        let now = snapshot(&game);
        let committed = !matches!(step.as_str(), "snapshots" | "staging" | "staged");
        if !committed {
            assert_same(&now, &clean, &format!("killed at {step}: nothing of the game touched"));
        }
        // The next mod command finishes or rolls back, and says which.
        let st = joined(&manage::status(&game).unwrap());
        if committed {
            assert!(st.contains("finished the interrupted install of \"Gold\""), "{step}: {st}");
            assert_same(&snapshot(&game), &after, &format!("{step}: finished"));
            revert(&game, "Gold", false).unwrap();
            assert_same(&snapshot(&game), &clean, &format!("{step}: reverted after finishing"));
        } else {
            assert!(st.contains("rolled back") && st.contains("no mods installed"), "{step}: {st}");
            assert_same(&snapshot(&game), &clean, &format!("{step}: rolled back"));
            assert!(!Journal::dir(&game).join("stage").exists());
        }
    }
    for (n, step) in steps(files).iter().filter(|s| *s != "snapshots").enumerate() {
        let game = s.copy(&format!("kill-revert-{n}"));
        install(&game, &pkg, &InstallOptions::default()).unwrap();
        let mut hit = false;
        let r = manage::revert(&game, "Gold", false, false, &mut |at| {
            let k = at == step && !hit;
            hit |= k;
            k
        });
        assert!(r.is_err() && hit, "revert {step}: killed");
        let committed = !matches!(step.as_str(), "staging" | "staged");
        if !committed {
            assert_same(&snapshot(&game), &after, &format!("revert killed at {step}: untouched"));
        }
        let st = joined(&manage::status(&game).unwrap());
        if committed {
            assert!(st.contains("finished the interrupted revert"), "{step}: {st}");
            assert_same(&snapshot(&game), &clean, &format!("revert {step}: finished"));
        } else {
            assert!(st.contains("rolled back") && st.contains("1. Gold"), "{step}: {st}");
            assert_same(&snapshot(&game), &after, &format!("revert {step}: rolled back"));
        }
    }
}

fn cli(args: &[&std::ffi::OsStr], env: Option<(&str, &str)>) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_parkan-studio"));
    c.args(args);
    if let Some((k, v)) = env {
        c.env(k, v);
    }
    c.output().unwrap()
}

#[test]
fn a_real_kill_of_the_process_is_finished_by_the_next_command() {
    let s = Setup::new();
    let (pkg, modded) = s.make_mod("Gold", every_kind);
    let game = s.copy("game");
    let out = cli(&["mod".as_ref(), "apply".as_ref(), pkg.as_os_str(), game.as_os_str()], Some(("PARKAN_STUDIO_KILL_AT", "file 2")));
    assert!(!out.status.success(), "aborted");
    let st = cli(&["mod".as_ref(), "status".as_ref(), game.as_os_str()], None);
    let text = String::from_utf8_lossy(&st.stdout);
    assert!(st.status.success() && text.contains("finished the interrupted install"), "{text}");
    assert_same(&snapshot(&game), &snapshot(&modded), "finished");
}

#[test]
fn dry_run_lists_the_changes_and_writes_nothing_and_to_writes_elsewhere() {
    let s = Setup::new();
    let (pkg, modded) = s.make_mod("Gold", every_kind);
    let game = s.copy("game");
    let out = cli(&["mod".as_ref(), "apply".as_ref(), pkg.as_os_str(), game.as_os_str(), "--dry-run".as_ref()], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let want = [
        "would install Gold 1: 7 change(s) to 5 file(s)",
        "  wear_rows Land1.wea",
        "  replace_entry Textures.lib::BRICK00.0",
        "  rename_entry Textures.lib::ROCK00.0",
        "  wear_rows fortif.rlb::fr_bld_000.wea",
        "  add_file readme.txt",
        "dry run: nothing written",
    ];
    for w in want {
        assert!(text.lines().any(|l| l == w), "{w:?} in:\n{text}");
    }
    assert_same(&snapshot(&game), &snapshot(&s.clean), "dry run");
    assert!(!Journal::dir(&game).exists(), "not even a journal");
    let to = s.root.join("out");
    install(&game, &pkg, &InstallOptions { to: Some(to.clone()), ..Default::default() }).unwrap();
    assert_same(&snapshot(&game), &snapshot(&s.clean), "--to leaves the game alone");
    let m = snapshot(&modded);
    let written = snapshot(&to);
    assert_eq!(written.len(), 5);
    for (k, v) in &written {
        assert!(m[k] == *v, "{k}");
    }
}

// ---- hostile packages ----

fn manifest(changes: &str, version: u32) -> String {
    format!(r#"{{"format":"parkanmod","format_version":{version},"name":"evil","changes":[{changes}]}}"#)
}

fn add_file(path: &str, data: &[u8]) -> String {
    let sha = parkan_studio::doc::mods::change::sha256_hex(data);
    format!(r#"{{"op":"add_file","file":{},"data":{{"path":"data/0001","size":{},"sha256":"{sha}"}}}}"#, serde_json::to_string(path).unwrap(), data.len())
}

fn refused(bytes: &[u8]) -> String {
    let s = Setup::new();
    let game = s.copy("game");
    let p = s.root.join("evil.parkanmod");
    std::fs::write(&p, bytes).unwrap();
    let Err(e) = install(&game, &p, &InstallOptions::default()) else { panic!("a hostile package was installed") };
    assert!(matches!(e, ModError::Package(_)), "{e}");
    assert_same(&snapshot(&game), &snapshot(&s.clean), "nothing written");
    assert!(!Journal::dir(&game).exists());
    e.to_string()
}

#[test]
fn hostile_packages_are_refused_before_anything_is_written() {
    let data: &[u8] = b"payload";
    for (path, why) in [
        ("../outside.txt", "leaves or names the folder"),
        ("models/../../x", "leaves or names the folder"),
        ("/etc/x", "is absolute"),
        ("C:/Windows/x", "':'"),
        ("c:x", "':'"),
        ("models\\x", "backslash"),
        (".parkan-mods/journal.json", "journal"),
    ] {
        let z = zip_of(&[("mod.json", manifest(&add_file(path, data), 1).as_bytes()), ("data/0001", data)]);
        let e = refused(&z);
        assert!(e.contains(why) && e.contains("evil.parkanmod"), "{path}: {e}");
    }
    // Bytes that do not match the manifest's hash.
    let z = zip_of(&[("mod.json", manifest(&add_file("x.txt", data), 1).as_bytes()), ("data/0001", b"PAYLOAD")]);
    assert!(refused(&z).contains("does not match the manifest's SHA-256"));
    // A size the zip does not declare.
    let z = zip_of(&[("mod.json", manifest(&add_file("x.txt", b"longer payload"), 1).as_bytes()), ("data/0001", data)]);
    let e = refused(&z);
    assert!(e.contains("the zip declares 7"), "{e}");
    // Unknown manifest version, missing manifest, not a zip.
    let z = zip_of(&[("mod.json", manifest(&add_file("x.txt", data), 2).as_bytes()), ("data/0001", data)]);
    assert!(refused(&z).contains("format version 2 is not one this tool reads"));
    assert!(refused(&zip_of(&[("data/0001", data)])).contains("no mod.json"));
    assert!(refused(b"PK not really").contains("not a .parkanmod zip"));
    // Duplicate changes, and a file changed whole and in an entry.
    let twice = format!("{},{}", add_file("x.txt", data), add_file("X.TXT", data));
    let z = zip_of(&[("mod.json", manifest(&twice, 1).as_bytes()), ("data/0001", data)]);
    assert!(refused(&z).contains("is changed twice"));
    let rm = r#"{"op":"remove_entry","file":"x.txt","entry":["A"],"original":{"size":1,"sha256":"00"}}"#;
    let z = zip_of(&[("mod.json", manifest(&format!("{},{rm}", add_file("x.txt", data)), 1).as_bytes()), ("data/0001", data)]);
    assert!(refused(&z).contains("and so is x.txt that holds it"));
    // A link inside the zip.
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    z.add_symlink("data/0001", "/etc/passwd", zip::write::SimpleFileOptions::default()).unwrap();
    {
        use std::io::Write;
        z.start_file("mod.json", zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(manifest(&add_file("x.txt", data), 1).as_bytes()).unwrap();
    }
    let e = refused(&z.finish().unwrap().into_inner());
    assert!(e.contains("is a link"), "{e}");
}

/// A member that inflates far past the size its zip entry declares (a zip bomb): the reader
/// stops at the declared size and refuses it.
#[test]
fn a_member_inflating_past_its_declared_size_is_refused() {
    let big = vec![0u8; 1 << 20];
    let small: &[u8] = &[0u8; 64];
    let sha = parkan_studio::doc::mods::change::sha256_hex(small);
    let m = format!(r#"{{"op":"add_file","file":"x.bin","data":{{"path":"data/0001","size":64,"sha256":"{sha}"}}}}"#);
    let mut z = zip_of(&[("mod.json", manifest(&m, 1).as_bytes()), ("data/0001", &big)]);
    // Patch data/0001's uncompressed size (local header at +22, central record at +24) to 64.
    let name = b"data/0001";
    let mut patched = 0;
    for i in 0..z.len() - 4 {
        let sig = &z[i..i + 4];
        let (name_at, size_at) = match sig {
            b"PK\x03\x04" => (i + 30, i + 22),
            b"PK\x01\x02" => (i + 46, i + 24),
            _ => continue,
        };
        if z.get(name_at..name_at + name.len()) == Some(name) {
            z[size_at..size_at + 4].copy_from_slice(&64u32.to_le_bytes());
            patched += 1;
        }
    }
    assert_eq!(patched, 2);
    let e = refused(&z);
    assert!(e.contains("data/0001"), "{e}");
}

// ---- the full disk ----

struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// A small tmpfs (see tests/doc_workspace.rs for the same helper and why it needs root).
fn tmpfs(mnt: &Path, size: &str) -> Option<Mounted> {
    std::fs::create_dir(mnt).unwrap();
    let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"]).arg(mnt).output();
    let root = std::fs::metadata("/proc/self").map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0).unwrap_or(false);
    match &mounted {
        Ok(o) if o.status.success() => Some(Mounted(mnt.to_path_buf())),
        _ if root => panic!("as root, mounting a tmpfs at {} failed: {mounted:?}", mnt.display()),
        _ if std::env::var_os("CI").is_some() => panic!("CI must run the tests as root: {mounted:?}"),
        _ => {
            eprintln!("ignored: mounting a tmpfs needs root (CI runs it as root)");
            None
        }
    }
}

#[test]
fn a_full_disk_leaves_the_game_folder_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let mnt = tmp.path().join("mnt");
    let Some(_guard) = tmpfs(&mnt, "512k") else { return };
    let clean = tmp.path().join("clean");
    std::fs::create_dir(&clean).unwrap();
    std::fs::write(clean.join("Material.lib"), parkan_studio::fixtures::nres::simple()).unwrap();
    let modded = tmp.path().join("modded");
    copy_dir(&clean, &modded);
    edit(&modded, "Material.lib", &[], |n| {
        n.add_entry(b"HUGE", 0, [0; 3], SharedBytes::from(vec![7u8; 400_000])).unwrap();
    });
    std::fs::write(modded.join("big.bin"), vec![1u8; 300_000]).unwrap();
    let pkg = Package { meta: Meta { name: "Huge".into(), ..Meta::default() }, changes: diff_folders(&clean, &modded).unwrap() };
    let p = tmp.path().join("huge.parkanmod");
    std::fs::write(&p, pkg.to_bytes().unwrap()).unwrap();
    let game = mnt.join("game");
    copy_dir(&clean, &game);
    let before = snapshot(&game);
    let e = install(&game, &p, &InstallOptions::default()).unwrap_err().to_string();
    assert!(e.contains("No space left") && e.contains("nothing in the game folder was changed"), "{e}");
    assert_same(&snapshot(&game), &before, "disk full: the game folder is as it was");
    assert!(!Journal::dir(&game).join("stage").exists() && !Journal::dir(&game).join("txn.json").exists());
    let st = joined(&manage::status(&game).unwrap());
    assert!(st.contains("no mods installed"), "{st}");
}

/// A revert on a full disk fails while staging: the game folder keeps the mod, as it was, and
/// the revert works once there is room.
#[test]
fn a_full_disk_during_revert_leaves_the_game_folder_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let mnt = tmp.path().join("mnt");
    let Some(_guard) = tmpfs(&mnt, "1m") else { return };
    let clean = tmp.path().join("clean");
    std::fs::create_dir(&clean).unwrap();
    std::fs::write(clean.join("Material.lib"), vec![9u8; 200_000]).unwrap();
    let modded = tmp.path().join("modded");
    copy_dir(&clean, &modded);
    std::fs::write(modded.join("Material.lib"), vec![3u8; 200_000]).unwrap();
    let pkg = Package { meta: Meta { name: "Small".into(), ..Meta::default() }, changes: diff_folders(&clean, &modded).unwrap() };
    let p = tmp.path().join("small.parkanmod");
    std::fs::write(&p, pkg.to_bytes().unwrap()).unwrap();
    let game = mnt.join("game");
    copy_dir(&clean, &game);
    install(&game, &p, &InstallOptions::default()).unwrap();
    let installed = snapshot(&game);
    // Fill what is left of the disk.
    let filler = mnt.join("filler");
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&filler).unwrap();
        let chunk = vec![0u8; 4096];
        while f.write_all(&chunk).is_ok() {}
        let _ = f.sync_all();
    }
    let e = revert(&game, "Small", false).unwrap_err().to_string();
    assert!(e.contains("No space left"), "{e}");
    assert_same(&snapshot(&game), &installed, "disk full: the game folder is as it was");
    assert!(joined(&manage::status(&game).unwrap()).contains("Small"), "the mod is still installed");
    std::fs::remove_file(&filler).unwrap();
    revert(&game, "Small", false).unwrap();
    assert_same(&snapshot(&game), &snapshot(&clean), "after room is made, the revert gives the clean folder");
}

#[test]
fn apply_outcomes_say_when_an_item_already_is_as_the_mod_leaves_it() {
    let s = Setup::new();
    let (pkg, modded) = s.make_mod("Gold", every_kind);
    let p = Package::read(&pkg).unwrap();
    // Applied to the modded folder itself, every change finds its result already there.
    for c in &p.changes {
        let path = modded.join(&c.file);
        let cur = std::fs::read(&path).ok().map(SharedBytes::from);
        let r = parkan_studio::doc::mods::apply::apply_file(cur, &c.file, &[c], false);
        let done = r.outcomes[0].done.clone();
        match c.op.name() {
            // A removal or rename finds its entry gone.
            "remove_entry" => assert_eq!(done, Ok(Done::AlreadyThere), "{}", c.address()),
            "rename_entry" => assert!(done.is_err(), "{}", c.address()),
            _ => assert_eq!(done, Ok(Done::AlreadyThere), "{}", c.address()),
        }
    }
}
