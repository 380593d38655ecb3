//! Hostile packages against the installer, each built here and run on a fresh game folder
//! (`fixtures::game` SMALL): links out of the folder are never followed, a file and a folder
//! at one path are refused before the commit point (the folder never sticks), a member used by
//! many changes is read once and every use counts against the limit, the limits on changes
//! and entry paths, the zip's member names, names with control characters shown escaped, and
//! every refusal docs/formats/parkanmod.md promises.

use parkan_studio::doc::mods::text::joined;
use parkan_studio::doc::mods::change::sha256_hex;
use parkan_studio::doc::mods::journal::Journal;
use parkan_studio::doc::mods::manage::{self, InstallOptions, ModError};
use parkan_studio::doc::mods::package::{MAX_CHANGES, MAX_USED};
use parkan_studio::doc::mods::paths::MAX_ENTRY_DEPTH;
use parkan_studio::doc::mods::Package;
use parkan_studio::doc::node::Node;
use parkan_studio::fixtures::game::{GameSpec, write_game};
use parkan_studio::formats::bytes::SharedBytes;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
#[path = "support/mods.rs"]
#[allow(dead_code, reason = "this suite builds its packages by hand, on folders of its own")]
mod mods_support;
use mods_support::{declare_member_size, zip_of};

/// Every file under `dir` (links not followed; the journal left out) with its bytes, and each
/// link with where it leads.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![(String::new(), dir.to_path_buf())];
    while let Some((rel, at)) = stack.pop() {
        for e in std::fs::read_dir(&at).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if rel.is_empty() && name == ".parkan-mods" {
                continue;
            }
            let r = if rel.is_empty() { name } else { format!("{rel}/{name}") };
            let t = e.file_type().unwrap();
            if t.is_symlink() {
                out.insert(r, std::fs::read_link(e.path()).unwrap().to_string_lossy().into_owned().into_bytes());
            } else if t.is_dir() {
                out.insert(format!("{r}/"), Vec::new());
                stack.push((r, e.path()));
            } else {
                out.insert(r, std::fs::read(e.path()).unwrap());
            }
        }
    }
    out
}

struct Game {
    t: tempfile::TempDir,
    game: PathBuf,
    outside: PathBuf,
}

impl Game {
    fn new() -> Game {
        let t = tempfile::tempdir().unwrap();
        let (game, outside) = (t.path().join("game"), t.path().join("outside"));
        write_game(&game, &GameSpec::SMALL).unwrap();
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(outside.join("victim.txt"), b"victim").unwrap();
        std::fs::write(outside.join("table.wea"), parkan_studio::fixtures::wear::demo()).unwrap();
        Game { t, game, outside }
    }

    fn package(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.t.path().join(format!("{name}.parkanmod"));
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

fn cli(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parkan-studio")).args(args).output().unwrap()
}

fn apply_cli(pkg: &Path, game: &Path, dry_run: bool) -> Output {
    let mut args = vec!["mod".as_ref(), "apply".as_ref(), pkg.as_os_str(), game.as_os_str()];
    if dry_run {
        args.push("--dry-run".as_ref());
    }
    cli(&args)
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Renames a member in place in both its local and central headers (same length), making
/// names the zip writer would not write.
fn rename_member(z: &mut [u8], from: &[u8], to: &[u8]) {
    assert_eq!(from.len(), to.len());
    let mut patched = 0;
    for i in 0..z.len() - 4 {
        let name_at = match &z[i..i + 4] {
            b"PK\x03\x04" => i + 30,
            b"PK\x01\x02" => i + 46,
            _ => continue,
        };
        if z.get(name_at..name_at + from.len()) == Some(from) {
            z[name_at..name_at + from.len()].copy_from_slice(to);
            patched += 1;
        }
    }
    assert_eq!(patched, 2, "{}", String::from_utf8_lossy(from));
}

fn blob(member: &str, data: &[u8]) -> String {
    format!(r#"{{"path":"{member}","size":{},"sha256":"{}"}}"#, data.len(), sha256_hex(data))
}

fn digest(data: &[u8]) -> String {
    format!(r#"{{"size":{},"sha256":"{}"}}"#, data.len(), sha256_hex(data))
}

fn add_file(file: &str, member: &str, data: &[u8]) -> String {
    format!(r#"{{"op":"add_file","file":{},"data":{}}}"#, serde_json::to_string(file).unwrap(), blob(member, data))
}

fn manifest(name: &str, changes: &[String]) -> String {
    format!(r#"{{"format":"parkanmod","format_version":1,"name":{},"changes":[{}]}}"#, serde_json::to_string(name).unwrap(), changes.join(","))
}

fn package(name: &str, changes: &[String], members: &[(&str, &[u8])]) -> Vec<u8> {
    let m = manifest(name, changes);
    let mut all: Vec<(&str, &[u8])> = vec![("mod.json", m.as_bytes())];
    all.extend_from_slice(members);
    zip_of(&all)
}

fn refused_reading(bytes: &[u8]) -> String {
    match Package::from_bytes("evil.parkanmod", bytes) {
        Ok(_) => panic!("a hostile package reads"),
        Err(e) => e.0.english,
    }
}

// ---- 1. links ----

/// A link inside the game folder leading out of it is never followed: an add, replace or
/// remove through it, and a WEAR table that is such a link, fail before anything is written,
/// naming the link, in the dry run too; a link that stays inside the folder is fine.
#[cfg(unix)]
#[test]
fn links_out_of_the_game_folder_are_never_followed() {
    let g = Game::new();
    std::os::unix::fs::symlink(&g.outside, g.game.join("link")).unwrap();
    std::os::unix::fs::symlink(g.outside.join("table.wea"), g.game.join("Land9.wea")).unwrap();
    let (game_before, outside_before) = (tree(&g.game), tree(&g.outside));
    let payload: &[u8] = b"PWNED";
    let table = parkan_studio::fixtures::wear::demo();
    let edited = String::from_utf8_lossy(&table).replacen('0', "1", 1).into_bytes();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("add", package("Add", &[add_file("link/PWNED", "data/0001", payload)], &[("data/0001", payload)])),
        (
            "replace",
            package(
                "Replace",
                &[format!(r#"{{"op":"replace_file","file":"link/victim.txt","data":{},"original":{}}}"#, blob("data/0001", payload), digest(b"victim"))],
                &[("data/0001", payload)],
            ),
        ),
        ("remove", package("Remove", &[format!(r#"{{"op":"remove_file","file":"LINK/victim.txt","original":{}}}"#, digest(b"victim"))], &[])),
        (
            "wear",
            package(
                "Wear",
                &[format!(r#"{{"op":"wear_rows","file":"Land9.wea","base":{},"data":{}}}"#, blob("data/0001", &table), blob("data/0002", &edited))],
                &[("data/0001", &table), ("data/0002", &edited)],
            ),
        ),
    ];
    for (what, bytes) in cases {
        let p = g.package(what, &bytes);
        for dry in [true, false] {
            let o = apply_cli(&p, &g.game, dry);
            let t = text(&o);
            assert_eq!(o.status.code(), Some(1), "{what} (dry run {dry}): {t}");
            assert!(t.contains("outside the game folder") && t.contains("nothing was written"), "{what}: {t}");
            assert!(t.contains("link") || t.contains("Land9.wea"), "{what}: the path is named: {t}");
        }
        assert_eq!(tree(&g.outside), outside_before, "{what}: nothing outside changed");
        assert_eq!(tree(&g.game), game_before, "{what}: nothing inside changed");
        assert!(!Journal::dir(&g.game).exists());
    }
    // A link that stays inside the folder is followed.
    std::fs::create_dir(g.game.join("sub")).unwrap();
    std::os::unix::fs::symlink(g.game.join("sub"), g.game.join("inner")).unwrap();
    let p = g.package("Inside", &package("Inside", &[add_file("inner/new.txt", "data/0001", payload)], &[("data/0001", payload)]));
    let o = apply_cli(&p, &g.game, false);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(std::fs::read(g.game.join("sub/new.txt")).unwrap(), payload);
    manage::revert(&g.game, "Inside", false, false, &mut |_| false).unwrap();
    assert!(!g.game.join("sub/new.txt").exists());
    // The journal's folder itself may not be a link out.
    std::fs::remove_dir_all(Journal::dir(&g.game)).unwrap();
    std::os::unix::fs::symlink(&g.outside, Journal::dir(&g.game)).unwrap();
    let o = apply_cli(&p, &g.game, false);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains(".parkan-mods is a link"), "{}", text(&o));
    assert_eq!(tree(&g.outside), outside_before);
}

// ---- 2. a file and a folder at one path ----

#[test]
fn a_file_and_a_folder_at_one_path_are_refused_and_the_folder_never_sticks() {
    let g = Game::new();
    let before = tree(&g.game);
    let x: &[u8] = b"x";
    // Within the package, in either order.
    for changes in [
        [add_file("newdir", "data/0001", x), add_file("newdir/x", "data/0001", x)],
        [add_file("NewDir/x", "data/0001", x), add_file("newdir", "data/0001", x)],
    ] {
        let p = g.package("Stuck", &package("Stuck", &changes, &[("data/0001", x)]));
        for dry in [true, false] {
            let o = apply_cli(&p, &g.game, dry);
            assert_eq!(o.status.code(), Some(1), "{}", text(&o));
            assert!(text(&o).contains("is a file one change writes and a folder"), "{}", text(&o));
        }
        assert_eq!(tree(&g.game), before);
        let st = cli(&["mod".as_ref(), "status".as_ref(), g.game.as_os_str()]);
        assert_eq!(st.status.code(), Some(0), "{}", text(&st));
    }
    // Two changes of one path in another case spelling.
    let twice = package("Twice", &[add_file("a.txt", "data/0001", x), add_file("A.TXT", "data/0001", x)], &[("data/0001", x)]);
    assert!(refused_reading(&twice).contains("is changed twice"));
    // Against the disk: a file where a folder must be, a folder where a file must be.
    std::fs::create_dir(g.game.join("sub")).unwrap();
    for (file, why) in [("Textures.lib/x", "Textures.lib is a file, where Textures.lib/x needs a folder"), ("SUB", "sub is a folder, where the mod needs a file")] {
        let p = g.package("Disk", &package("Disk", &[add_file(file, "data/0001", x)], &[("data/0001", x)]));
        let o = apply_cli(&p, &g.game, true);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        assert!(text(&o).contains(why), "{file}: {}", text(&o));
    }
    // New folders spelled two ways are one folder, as on the game's Windows.
    let p = g.package("Spelled", &package("Spelled", &[add_file("NewDir/a.txt", "data/0001", x), add_file("newdir/b.txt", "data/0001", x)], &[("data/0001", x)]));
    manage::install(&g.game, &p, &InstallOptions::default(), &mut |_| false).unwrap();
    assert!(g.game.join("NewDir/a.txt").exists() && g.game.join("NewDir/b.txt").exists());
    assert!(!g.game.join("newdir").exists());
    manage::revert(&g.game, "Spelled", false, false, &mut |_| false).unwrap();

    // A revert that would write a file where a folder now is fails before its commit point,
    // naming the path; nothing sticks, and once the folder is gone the revert works.
    let notes = std::fs::read(g.game.join("Material.lib")).unwrap();
    let rm = format!(r#"{{"op":"remove_file","file":"Material.lib","original":{}}}"#, digest(&notes));
    let p = g.package("Remover", &package("Remover", &[rm], &[]));
    manage::install(&g.game, &p, &InstallOptions::default(), &mut |_| false).unwrap();
    std::fs::create_dir(g.game.join("Material.lib")).unwrap();
    let e = manage::revert(&g.game, "Remover", false, false, &mut |_| false).unwrap_err().to_string();
    assert!(e.contains("Material.lib is a folder"), "{e}");
    assert!(!Journal::dir(&g.game).join("txn.json").exists(), "nothing committed");
    let st = joined(&manage::status(&g.game).unwrap());
    assert!(st.contains("Remover"), "{st}");
    std::fs::remove_dir(g.game.join("Material.lib")).unwrap();
    manage::revert(&g.game, "Remover", false, false, &mut |_| false).unwrap();
    let after = tree(&g.game);
    let kept: BTreeMap<_, _> = after.into_iter().filter(|(k, _)| !k.starts_with("sub") && !k.starts_with("NewDir")).collect();
    assert_eq!(kept, before, "every game file back");
}

// ---- 3. a member used many times ----

#[test]
fn a_member_used_by_many_changes_is_read_once_and_every_use_counts() {
    let data: Vec<u8> = (0..65_536u32).map(|i| (i * 7) as u8).collect();
    let changes: Vec<String> = (0..3).map(|i| add_file(&format!("copy{i}.bin"), "data/0001", &data)).collect();
    let bytes = package("Thrice", &changes, &[("data/0001", &data)]);
    let pkg = Package::from_bytes("thrice", &bytes).unwrap();
    let ptrs: Vec<*const u8> = pkg.changes.iter().map(|c| c.op.new_bytes().unwrap().as_slice().as_ptr()).collect();
    assert!(ptrs.iter().all(|p| *p == ptrs[0]), "one buffer shared by the three changes");
    let g = Game::new();
    let p = g.package("Thrice", &bytes);
    manage::install(&g.game, &p, &InstallOptions::default(), &mut |_| false).unwrap();
    for i in 0..3 {
        assert_eq!(std::fs::read(g.game.join(format!("copy{i}.bin"))).unwrap(), data);
    }

    // A member declaring 1 GiB, named by five changes: 5 GiB of use, refused before any member
    // is read (the member holds 64 bytes: its declared size is patched, as a zip bomb's is).
    let small = [0u8; 64];
    let gib = 1u64 << 30;
    let uses: Vec<String> = (0..5)
        .map(|i| format!(r#"{{"op":"add_file","file":"big{i}.bin","data":{{"path":"data/0001","size":{gib},"sha256":"{}"}}}}"#, sha256_hex(&small)))
        .collect();
    let mut z = package("Bomb", &uses, &[("data/0001", &small)]);
    assert_eq!(declare_member_size(&mut z, b"data/0001", gib as u32), 2);
    let e = refused_reading(&z);
    assert!(e.contains(&format!("more than the {MAX_USED} a package may use")), "{e}");
}

// ---- 4. limits ----

#[test]
fn the_limits_on_changes_and_entry_paths_are_enforced() {
    let deep: Vec<String> = (0..=MAX_ENTRY_DEPTH).map(|i| format!("E{i}")).collect();
    let c = format!(r#"{{"op":"remove_entry","file":"Textures.lib","entry":{},"original":{}}}"#, serde_json::to_string(&deep).unwrap(), digest(b""));
    let e = refused_reading(&package("Deep", &[c], &[]));
    assert!(e.contains(&format!("more than the {MAX_ENTRY_DEPTH}")), "{e}");
    // The count is checked before any change is: the smallest change that parses will do.
    let many: Vec<String> = (0..=MAX_CHANGES).map(|_| r#"{"op":"x","file":"f"}"#.to_string()).collect();
    let e = refused_reading(&package("Many", &many, &[]));
    assert!(e.contains(&format!("more than the {MAX_CHANGES} a package may hold")), "{e}");
}

/// Thousands of entry changes of one archive, made in one batch: every entry added, every
/// replacement, rename and removal made, and the revert byte-identical.
#[test]
fn thousands_of_entry_changes_of_one_archive_apply_and_revert() {
    let g = Game::new();
    let before = tree(&g.game);
    let lib = SharedBytes::from(std::fs::read(g.game.join("Material.lib")).unwrap());
    let (node, _) = Node::parse("Material.lib", lib).unwrap();
    let n = node.len();
    let metas = node.metas();
    let mut changes = Vec::new();
    let payload: &[u8] = b"added entry";
    for i in 0..3000 {
        changes.push(format!(r#"{{"op":"add_entry","file":"Material.lib","entry":["N{i:05}"],"data":{}}}"#, blob("data/0001", payload)));
    }
    let new: &[u8] = b"replaced";
    for m in &metas[..10] {
        let old = node.entry_bytes(m.index).unwrap();
        changes.push(format!(r#"{{"op":"replace_entry","file":"Material.lib","entry":[{}],"data":{},"original":{}}}"#, serde_json::to_string(&m.name).unwrap(), blob("data/0002", new), digest(&old)));
    }
    for m in &metas[10..15] {
        let old = node.entry_bytes(m.index).unwrap();
        changes.push(format!(r#"{{"op":"rename_entry","file":"Material.lib","entry":[{}],"to":"R{}","original":{}}}"#, serde_json::to_string(&m.name).unwrap(), m.index, digest(&old)));
    }
    for m in &metas[15..20] {
        let old = node.entry_bytes(m.index).unwrap();
        changes.push(format!(r#"{{"op":"remove_entry","file":"Material.lib","entry":[{}],"original":{}}}"#, serde_json::to_string(&m.name).unwrap(), digest(&old)));
    }
    let p = g.package("Batch", &package("Batch", &changes, &[("data/0001", payload), ("data/0002", new)]));
    manage::install(&g.game, &p, &InstallOptions::default(), &mut |_| false).unwrap();
    let (after, _) = Node::parse("Material.lib", SharedBytes::from(std::fs::read(g.game.join("Material.lib")).unwrap())).unwrap();
    assert_eq!(after.len(), n - 5 + 3000);
    for m in &metas[..10] {
        assert_eq!(&after.entry_bytes(after.resolve(&m.name).unwrap()).unwrap()[..], new);
    }
    for m in &metas[10..15] {
        assert!(after.resolve(&format!("R{}", m.index)).is_some());
    }
    for m in &metas[15..20] {
        assert!(after.resolve(&m.name).is_none() || metas.iter().filter(|o| o.name.eq_ignore_ascii_case(&m.name)).count() > 1);
    }
    assert_eq!(&after.entry_bytes(after.resolve("N02999").unwrap()).unwrap()[..], payload);
    manage::revert(&g.game, "Batch", false, false, &mut |_| false).unwrap();
    assert_eq!(tree(&g.game), before);
}

/// Thousands of changes of one RsLi archive are made in one pass (`rsli::Archive::edit_batch`)
/// and give the bytes of the same edits made one by one: replacements, renames, removals from
/// the highest index, additions.
#[test]
fn thousands_of_entry_changes_of_an_rsli_archive_give_the_edits_made_one_by_one() {
    let g = Game::new();
    let lib = SharedBytes::from(std::fs::read(g.game.join("sprites.lib")).unwrap());
    let (node, _) = Node::parse("sprites.lib", lib.clone()).unwrap();
    assert!(matches!(node, Node::Rsli(_)));
    // Entries a name finds (the first of its spelling).
    let metas: Vec<_> = node.metas().into_iter().filter(|m| node.resolve(&m.name) == Some(m.index)).collect();
    assert!(metas.len() >= 7, "{}", metas.len());
    let mut changes = Vec::new();
    let (added, new): (&[u8], &[u8]) = (b"added entry", b"replaced");
    for i in 0..3000 {
        changes.push(format!(r#"{{"op":"add_entry","file":"sprites.lib","entry":["N{i:05}"],"data":{}}}"#, blob("data/0001", added)));
    }
    let original = |i: usize| digest(&node.entry_bytes(i).unwrap());
    for m in &metas[..3] {
        changes.push(format!(r#"{{"op":"replace_entry","file":"sprites.lib","entry":[{}],"data":{},"original":{}}}"#, serde_json::to_string(&m.name).unwrap(), blob("data/0002", new), original(m.index)));
    }
    for m in &metas[3..5] {
        changes.push(format!(r#"{{"op":"rename_entry","file":"sprites.lib","entry":[{}],"to":"R{}","original":{}}}"#, serde_json::to_string(&m.name).unwrap(), m.index, original(m.index)));
    }
    for m in &metas[5..7] {
        changes.push(format!(r#"{{"op":"remove_entry","file":"sprites.lib","entry":[{}],"original":{}}}"#, serde_json::to_string(&m.name).unwrap(), original(m.index)));
    }
    let p = g.package("RsliBatch", &package("RsliBatch", &changes, &[("data/0001", added), ("data/0002", new)]));
    manage::install(&g.game, &p, &InstallOptions::default(), &mut |_| false).unwrap();
    let mut want = node.clone();
    for m in &metas[..3] {
        want.replace_entry(m.index, SharedBytes::from(new)).unwrap();
    }
    for m in &metas[3..5] {
        want.rename_entry(m.index, format!("R{}", m.index).as_bytes()).unwrap();
    }
    for m in metas[5..7].iter().rev() {
        want.remove_entry(m.index).unwrap();
    }
    for i in 0..3000 {
        want.add_entry(format!("N{i:05}").as_bytes(), 0, [0; 3], SharedBytes::from(added)).unwrap();
    }
    let got = std::fs::read(g.game.join("sprites.lib")).unwrap();
    assert!(got == want.write(), "sprites.lib as installed is not the edits made one by one");
    manage::revert(&g.game, "RsliBatch", false, false, &mut |_| false).unwrap();
    assert_eq!(std::fs::read(g.game.join("sprites.lib")).unwrap(), &lib[..]);
}

// ---- 5. the zip's member names ----

#[test]
fn duplicate_and_absolute_member_names_are_refused() {
    let harmless = manifest("Harmless", &[]);
    let evil = manifest("EvilTwin", &[]);
    assert_eq!(harmless.len(), evil.len());
    // Two members named mod.json: the zip reader would keep the last.
    let mut z = zip_of(&[("mod.json", harmless.as_bytes()), ("mod.jsoX", evil.as_bytes())]);
    rename_member(&mut z, b"mod.jsoX", b"mod.json");
    let e = refused_reading(&z);
    assert!(e.contains("in the zip twice"), "{e}");
    let g = Game::new();
    let o = apply_cli(&g.package("twins", &z), &g.game, true);
    assert_eq!(o.status.code(), Some(1));
    assert!(!text(&o).contains("EvilTwin"), "{}", text(&o));
    // An absolute member name, a `..` one, a backslash.
    for (from, to, why) in [
        (&b"Xdata/0001"[..], &b"/data/0001"[..], "is absolute"),
        (b"data/X/0001", b"data/../001", "leaves the package"),
        (b"dataX0001", b"data\\0001", "backslash"),
    ] {
        let x: &[u8] = b"x";
        let name = std::str::from_utf8(from).unwrap();
        let mut z = package("Members", &[add_file("x.txt", "data/0001", x)], &[("data/0001", x), (name, x)]);
        rename_member(&mut z, from, to);
        let e = refused_reading(&z);
        assert!(e.contains(why), "{e}");
    }
}

// ---- 6. control characters ----

#[test]
fn names_with_control_characters_are_shown_escaped() {
    let g = Game::new();
    let x: &[u8] = b"x";
    let name = "Evil\u{1b}[2J\r\ninstalled Fake as #1 of 1";
    let bytes = package(name, &[add_file("evil.txt", "data/0001", x)], &[("data/0001", x)]);
    let p = g.package("evil", &bytes);
    for args in [
        vec!["mod".as_ref(), "apply".as_ref(), p.as_os_str(), g.game.as_os_str(), "--dry-run".as_ref()],
        vec!["mod".as_ref(), "apply".as_ref(), p.as_os_str(), g.game.as_os_str()],
        vec!["mod".as_ref(), "status".as_ref(), g.game.as_os_str()],
        vec!["mod".as_ref(), "conflicts".as_ref(), p.as_os_str()],
    ] {
        let o = cli(&args);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(0), "{t}");
        assert!(!t.contains('\u{1b}') && !t.contains('\r'), "{t:?}");
        assert!(!t.lines().any(|l| l.starts_with("installed Fake")), "{t}");
        assert!(t.contains("Evil\\u{1b}[2J\\r\\ninstalled Fake"), "{t}");
    }
    let o = cli(&["mod".as_ref(), "revert".as_ref(), name.as_ref(), g.game.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(!text(&o).contains('\u{1b}'));
}

// ---- 7. the format page's other refusals and hashes ----

#[test]
fn names_the_game_cannot_open_and_other_refusals() {
    let x: &[u8] = b"x";
    let one = |c: String| package("Refused", &[c], &[("data/0001", x)]);
    for (change, why) in [
        (add_file("a<b.txt", "data/0001", x), "Windows refuses"),
        (add_file("CON", "data/0001", x), "Windows device"),
        (add_file("models/aux.txt", "data/0001", x), "Windows device"),
        (add_file("dir./x", "data/0001", x), "space or a dot"),
        (add_file("a\u{1b}b", "data/0001", x), "control character"),
        (add_file("\u{4e2d}.txt", "data/0001", x), "CP1251"),
        (format!(r#"{{"op":"add_entry","file":"Textures.lib","entry":["../../x"],"data":{}}}"#, blob("data/0001", x)), "not a path"),
        (format!(r#"{{"op":"add_entry","file":"Textures.lib","entry":["{}"],"data":{}}}"#, "N".repeat(32), blob("data/0001", x)), "at most 31"),
        (format!(r#"{{"op":"rename_entry","file":"Textures.lib","entry":["A"],"to":"{}","original":{}}}"#, "N".repeat(32), digest(x)), "at most 31"),
        (format!(r#"{{"op":"rename_entry","file":"Textures.lib","entry":["A"],"to":"a/b","original":{}}}"#, digest(x)), "not a path"),
        (r#"{"op":"remove_file","file":"x.txt","original":{"size":1,"sha256":"zz"}}"#.to_string(), "64 hex digits"),
    ] {
        let e = refused_reading(&one(change.clone()));
        assert!(e.contains(why), "{change}: {e}");
    }
    // A mod needs a name.
    for name in ["", "   "] {
        let e = refused_reading(&package(name, &[add_file("x.txt", "data/0001", x)], &[("data/0001", x)]));
        assert!(e.contains("has no name"), "{e}");
    }
    // A blob's or an original's SHA-256 in upper case is the same hash.
    let g = Game::new();
    let old = std::fs::read(g.game.join("Material.lib")).unwrap();
    let upper = format!(r#"{{"size":{},"sha256":"{}"}}"#, old.len(), sha256_hex(&old).to_ascii_uppercase());
    let data_upper = format!(r#"{{"path":"data/0001","size":1,"sha256":"{}"}}"#, sha256_hex(x).to_ascii_uppercase());
    let c = format!(r#"{{"op":"replace_file","file":"material.lib","data":{data_upper},"original":{upper}}}"#);
    let p = g.package("Upper", &package("Upper", &[c], &[("data/0001", x)]));
    manage::install(&g.game, &p, &InstallOptions::default(), &mut |_| false).unwrap();
    assert_eq!(std::fs::read(g.game.join("Material.lib")).unwrap(), x);
    manage::revert(&g.game, "Upper", false, false, &mut |_| false).unwrap();
    assert_eq!(std::fs::read(g.game.join("Material.lib")).unwrap(), old);
    // Refusals are package errors: nothing is written.
    let e = manage::install(&g.game, &g.package("Con", &one(add_file("CON", "data/0001", x))), &InstallOptions::default(), &mut |_| false).unwrap_err();
    assert!(matches!(e, ModError::Package(_)), "{e}");
}
