//! Memory of the installer where mods meet (docs/formats/parkanmod.md, "Limits"): an install
//! placed before other installed mods, and a revert, rebuild the files they share through the
//! other mods' packages read one file at a time (not held whole), and a member named by
//! several files is inflated once per command. Each case is checked byte for byte against
//! installing the same mods in that order on a fresh copy, and a kill at every step of them
//! ends as before or as after.

use parkan_studio::doc::mods::text::joined;
use parkan_studio::doc::mods::change::sha256_hex;
use parkan_studio::doc::mods::journal::Journal;
use parkan_studio::doc::mods::manage::{self, InstallOptions};
use std::path::{Path, PathBuf};
#[path = "support/mods.rs"]
mod mods_support;
use mods_support::{Setup, assert_same, snapshot, zip_of};

fn blob(member: &str, data: &[u8]) -> String {
    format!(r#"{{"path":"{member}","size":{},"sha256":"{}"}}"#, data.len(), sha256_hex(data))
}

fn add_file(file: &str, member: &str, data: &[u8]) -> String {
    format!(r#"{{"op":"add_file","file":"{file}","data":{}}}"#, blob(member, data))
}

fn add_entry(file: &str, entry: &str, member: &str, data: &[u8]) -> String {
    format!(r#"{{"op":"add_entry","file":"{file}","entry":["{entry}"],"data":{},"type_id":0,"attrs":[0,0,0]}}"#, blob(member, data))
}

/// A package of `changes` (manifest JSON objects) and `members`, each member stored once.
fn package(name: &str, changes: &[String], members: &[(&str, &[u8])]) -> Vec<u8> {
    let m = format!(r#"{{"format":"parkanmod","format_version":1,"name":"{name}","version":"1","changes":[{}]}}"#, changes.join(","));
    let mut all: Vec<(&str, &[u8])> = vec![("mod.json", m.as_bytes())];
    all.extend_from_slice(members);
    zip_of(&all)
}

/// NRes archives of the SMALL game, each changed by both mods below.
const SHARED: [&str; 4] = ["turrets.rlb", "static.rlb", "bases.rlb", "objects.rlb"];

fn bytes_of(seed: u32, len: usize) -> Vec<u8> {
    (0..len as u32).map(|i| (i.wrapping_mul(2_654_435_761).wrapping_add(seed.wrapping_mul(40_503)) >> 13) as u8).collect()
}

/// Mod `name`: an entry added to each shared archive (distinct members), one member named by
/// an entry of every shared archive and by two loose files, and a loose file of its own.
fn mod_package(name: &str, seed: u32) -> Vec<u8> {
    let own: Vec<Vec<u8>> = (0..SHARED.len() as u32).map(|i| bytes_of(seed * 10 + i, 3000 + i as usize * 17)).collect();
    let common = bytes_of(seed * 10 + 9, 5000);
    let mut changes = Vec::new();
    let names: Vec<String> = (1..=SHARED.len()).map(|i| format!("data/{i:04}")).collect();
    let mut members: Vec<(&str, &[u8])> = Vec::new();
    for (i, file) in SHARED.iter().enumerate() {
        changes.push(add_entry(file, &format!("{name}_OWN"), &names[i], &own[i]));
        changes.push(add_entry(file, &format!("{name}_COMMON"), "data/0099", &common));
        members.push((&names[i], &own[i]));
    }
    changes.push(add_file(&format!("{name}/one.bin"), "data/0099", &common));
    changes.push(add_file(&format!("{name}/two.bin"), "data/0099", &common));
    members.push(("data/0099", &common));
    package(name, &changes, &members)
}

/// What this suite does with the shared set-up beyond copying it.
trait SetupExt {
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf;
}

impl SetupExt for Setup {
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.root.join(format!("{name}.parkanmod"));
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

fn install(game: &Path, pkg: &Path, order: Option<usize>) {
    manage::install(game, pkg, &InstallOptions { order, ..Default::default() }, &mut |_| false).unwrap();
}

fn revert(game: &Path, name: &str) -> String {
    joined(&manage::revert(game, name, false, false, &mut |_| false).unwrap())
}

/// Nothing staged is left in the journal's folder (a spilled member included).
fn no_stage(game: &Path) {
    assert!(!Journal::dir(game).join("stage").exists(), "the stage is gone");
}

#[test]
fn an_install_before_others_and_a_revert_give_what_installing_in_order_gives() {
    let s = Setup::new();
    let (a, b) = (s.write("A", &mod_package("A", 1)), s.write("B", &mod_package("B", 2)));
    let clean = snapshot(&s.clean);
    // A then B, installed in that order: the reference.
    let reference = s.copy("in-order");
    install(&reference, &a, None);
    install(&reference, &b, None);
    let a_then_b = snapshot(&reference);
    let only_b = s.copy("only-b");
    install(&only_b, &b, None);
    let only_b = snapshot(&only_b);

    // B installed, then A placed before it: each shared file rebuilt through B.
    let game = s.copy("game");
    install(&game, &b, None);
    install(&game, &a, Some(1));
    no_stage(&game);
    assert_eq!(Journal::load(&game).unwrap().mods.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["A", "B"]);
    assert_same(&snapshot(&game), &a_then_b, "B, then A before it = A then B");
    let st = joined(&manage::status(&game).unwrap());
    assert!(!st.contains("changed by hand"), "{st}");

    // A reverted: every shared file rebuilt from its snapshot through B alone.
    let out = revert(&game, "A");
    assert!(out.contains("keeping the changes of B"), "{out}");
    no_stage(&game);
    assert_same(&snapshot(&game), &only_b, "A reverted = only B installed");
    revert(&game, "B");
    assert_same(&snapshot(&game), &clean, "both reverted = the clean game");
    no_stage(&game);
}

#[test]
fn a_member_named_by_many_files_installs_the_same_bytes_everywhere_and_reverts() {
    let s = Setup::new();
    let data = bytes_of(7, 70_000);
    let n = 9;
    let mut changes: Vec<String> = (0..n).map(|i| add_file(&format!("NEW/copy{i}.bin"), "data/0001", &data)).collect();
    // The same member as an entry of three archives, and as a loose file in a nested folder.
    for file in &SHARED[..3] {
        changes.push(add_entry(file, "SHARED_ENTRY", "data/0001", &data));
    }
    changes.push(add_file("NEW/deeper/last.bin", "data/0001", &data));
    let pkg = s.write("Shared", &package("Shared", &changes, &[("data/0001", &data)]));
    let game = s.copy("game");
    // The dry run (nothing staged, so nothing spilled) and the install agree.
    let dry = joined(&manage::install(&game, &pkg, &InstallOptions { dry_run: true, ..Default::default() }, &mut |_| false).unwrap());
    assert!(dry.contains(&format!("{} change(s) to {} file(s)", n + 4, n + 4)), "{dry}");
    assert_same(&snapshot(&game), &snapshot(&s.clean), "the dry run wrote nothing");
    install(&game, &pkg, None);
    no_stage(&game);
    for i in 0..n {
        assert_eq!(std::fs::read(game.join(format!("NEW/copy{i}.bin"))).unwrap(), data, "copy{i}.bin");
    }
    assert_eq!(std::fs::read(game.join("NEW/deeper/last.bin")).unwrap(), data);
    // A later mod on the same archives, then the first reverted: rebuilt through the later one.
    let b = s.write("B", &mod_package("B", 3));
    install(&game, &b, None);
    let only_b = s.copy("only-b");
    install(&only_b, &b, None);
    revert(&game, "Shared");
    assert_same(&snapshot(&game), &snapshot(&only_b), "Shared reverted = only B");
    revert(&game, "B");
    assert_same(&snapshot(&game), &snapshot(&s.clean), "all reverted");
}

/// Every step a transaction can be killed at, for one that writes `files` files.
fn steps(files: usize) -> Vec<String> {
    let mut v: Vec<String> = ["snapshots", "staging", "staged"].iter().map(|s| s.to_string()).collect();
    v.extend((1..=files).map(|n| format!("file {n}")));
    v.push("journal".into());
    v
}

#[test]
fn a_kill_at_any_step_of_an_install_before_others_or_a_revert_ends_as_before_or_as_after() {
    let s = Setup::new();
    let (a, b) = (s.write("A", &mod_package("A", 1)), s.write("B", &mod_package("B", 2)));
    let with_b = s.copy("with-b");
    install(&with_b, &b, None);
    let before = snapshot(&with_b);
    let both = s.copy("both");
    install(&both, &a, None);
    install(&both, &b, None);
    let after = snapshot(&both);
    // A writes its four shared archives and two loose files.
    let files = SHARED.len() + 2;
    for (n, step) in steps(files).iter().enumerate() {
        let game = s.root.join(format!("kill-{n}"));
        parkan_studio::fixtures::files::copy_dir(&with_b, &game).unwrap();
        let mut hit = false;
        let r = manage::install(&game, &a, &InstallOptions { order: Some(1), ..Default::default() }, &mut |at| {
            let k = at == step && !hit;
            hit |= k;
            k
        });
        assert!(r.is_err() && hit, "{step}: killed");
        let committed = !matches!(step.as_str(), "snapshots" | "staging" | "staged");
        if !committed {
            assert_same(&snapshot(&game), &before, &format!("killed at {step}: nothing of the game touched"));
        }
        let st = joined(&manage::status(&game).unwrap());
        if committed {
            assert!(st.contains("finished the interrupted install of \"A\""), "{step}: {st}");
            assert_same(&snapshot(&game), &after, &format!("{step}: finished"));
        } else {
            assert!(st.contains("rolled back") && st.contains("1. B"), "{step}: {st}");
            assert_same(&snapshot(&game), &before, &format!("{step}: rolled back"));
        }
        no_stage(&game);
        // Then A reverted, killed at the same step (a revert has no snapshots to take).
        if !committed || step == "snapshots" {
            continue;
        }
        let mut hit = false;
        let r = manage::revert(&game, "A", false, false, &mut |at| {
            let k = at == step && !hit;
            hit |= k;
            k
        });
        assert!(r.is_err() && hit, "revert {step}: killed");
        let st = joined(&manage::status(&game).unwrap());
        assert!(st.contains("finished the interrupted revert"), "revert {step}: {st}");
        assert_same(&snapshot(&game), &before, &format!("revert {step}: finished"));
        no_stage(&game);
    }
    // A revert killed before its commit point leaves the game as it was.
    for step in ["staging", "staged"] {
        let game = s.root.join(format!("kill-revert-{step}"));
        parkan_studio::fixtures::files::copy_dir(&both, &game).unwrap();
        let mut hit = false;
        let r = manage::revert(&game, "A", false, false, &mut |at| {
            let k = at == step && !hit;
            hit |= k;
            k
        });
        assert!(r.is_err() && hit, "revert {step}: killed");
        let st = joined(&manage::status(&game).unwrap());
        assert!(st.contains("rolled back") && st.contains("1. A"), "revert {step}: {st}");
        assert_same(&snapshot(&game), &after, &format!("revert {step}: rolled back"));
        no_stage(&game);
    }
}

#[test]
fn moving_a_mod_in_the_order_installs_it_from_its_kept_copy() {
    let s = Setup::new();
    let (a, b) = (s.write("A", &mod_package("A", 1)), s.write("B", &mod_package("B", 2)));
    let reference = s.copy("b-then-a");
    install(&reference, &b, None);
    install(&reference, &a, None);
    let game = s.copy("game");
    install(&game, &a, None);
    install(&game, &b, None);
    let lines = joined(&parkan_studio::doc::mods::order::reorder(&game, "A", 2, &mut |_| false).unwrap());
    assert!(lines.contains("moved A from #1 to #2"), "{lines}");
    assert_same(&snapshot(&game), &snapshot(&reference), "A moved after B = B then A");
    assert!(!Journal::dir(&game).join("moving.parkanmod").exists(), "the kept copy goes");
    no_stage(&game);
    revert(&game, "A");
    revert(&game, "B");
    assert_same(&snapshot(&game), &snapshot(&s.clean), "all reverted");
}
