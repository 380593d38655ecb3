//! Moving an installed mod to another place in the order: the mod is reverted and installed
//! again at its new place, which rebuilds every file it touches from the journal's snapshot
//! through the mods in the new order (`manage::install` with an order does that), so the
//! result is what installing them in that order would have given.
//!
//! Moved later, its changes win over those of the mods it now follows (they are forced, as
//! the later mod wins a conflict); moved earlier, the mods after it win.
//!
//! The two steps are two transactions. If the install at the new place fails, the mod is
//! installed again at its old place (its changes forced: they were there before), and the
//! error is returned; a kill between the two leaves the mod uninstalled, which the journal
//! shows and a new install puts right.

use super::journal::{Journal, KillAt};
use super::install::install_file;
use super::manage::{InstallOptions, ModError, revert};
use super::text::{at_path, shown};
use crate::formats::message::Message;
use crate::msg;
use std::path::Path;

/// Moves the installed mod `name` to the 1-based place `to`; the lines to print.
pub fn reorder(game: &Path, name: &str, to: usize, kill: KillAt) -> Result<Vec<Message>, ModError> {
    let journal = Journal::load(game)?;
    let Some(from) = journal.find_mod(name) else {
        let (quoted, folder) = (format!("{name:?}"), game.display().to_string());
        return Err(ModError::Usage(msg!("mods-not-installed", "no mod named {name} is installed in {folder}", name = quoted, folder = folder)));
    };
    let to = to.clamp(1, journal.mods.len());
    if to == from + 1 {
        return Ok(vec![msg!("mods-order-already", "{name} is #{to} already", name = shown(name), to = to)]);
    }
    let m = &journal.mods[from];
    let pkg_path = Journal::dir(game).join(&m.package);
    // The installed copy is kept under another name while the mod is out (its revert removes
    // the copy): a hard link, or a copy where the file system has none. The install reads it
    // from there as it needs it, never whole.
    let moving = Journal::dir(game).join(MOVING);
    let _ = std::fs::remove_file(&moving);
    let kept = std::fs::hard_link(&pkg_path, &moving).or_else(|_| std::fs::copy(&pkg_path, &moving).map(|_| ()));
    kept.map_err(|e| at_path(&pkg_path, e))?;
    let r = move_kept(game, name, (from, to), &moving, kill);
    let _ = std::fs::remove_file(&moving);
    r
}

/// Where [`reorder`] keeps the package of the mod it moves, in the journal's folder (a copy
/// left by a killed command is replaced by the next).
const MOVING: &str = "moving.parkanmod";

fn move_kept(game: &Path, name: &str, (from, to): (usize, usize), moving: &Path, kill: KillAt) -> Result<Vec<Message>, ModError> {
    let mut lines = revert(game, name, false, false, kill)?;
    let label = msg!("mods-installed-copy", "{name} (installed copy)", name = shown(name)).to_string();
    // Later in the order, it wins over the mods it now follows where they change the same
    // item (as `mod conflicts` says the later one does): its changes are forced there.
    let opts = InstallOptions { order: Some(to), force: to > from + 1, ..Default::default() };
    match install_file(game, &label, moving, &opts, &mut |_| false) {
        Ok(more) => {
            lines.extend(more);
            lines.push(msg!("mods-moved", "moved {name} from #{from} to #{to}", name = shown(name), from = from + 1, to = to));
            Ok(lines)
        }
        Err(e) => {
            let back = InstallOptions { order: Some(from + 1), force: true, ..Default::default() };
            let undone = install_file(game, &label, moving, &back, &mut |_| false);
            let (name, error) = (shown(name), e.to_string());
            Err(ModError::Usage(match undone {
                Ok(_) => msg!("mods-move-failed-back", "moving {name} to #{to} failed: {error}; {name} is back at #{from}", name = name, to = to, error = error, from = from + 1),
                Err(e2) => msg!(
                    "mods-move-failed-out",
                    "moving {name} to #{to} failed: {error}; and putting it back at #{from} failed too: {error2}; it is not installed now",
                    name = name,
                    to = to,
                    error = error,
                    from = from + 1,
                    error2 = e2.to_string()
                ),
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::mods::change::{Change, Digest, Op};
    use crate::doc::mods::manage::install;
    use crate::doc::mods::{Meta, Package};
    use crate::formats::bytes::SharedBytes;

    fn pkg(dir: &Path, name: &str, changes: Vec<Change>) -> std::path::PathBuf {
        let p = Package { meta: Meta { name: name.into(), version: "1".into(), ..Default::default() }, changes };
        let path = dir.join(format!("{name}.parkanmod"));
        std::fs::write(&path, p.to_bytes().unwrap()).unwrap();
        path
    }

    fn replace(file: &str, old: &[u8], new: &[u8]) -> Change {
        Change { file: file.into(), entry: vec![], op: Op::ReplaceFile { data: SharedBytes::from(new.to_vec()), original: Digest::of(old) } }
    }

    #[test]
    fn moving_a_mod_changes_who_wins_and_reverting_all_gives_the_original() {
        let t = tempfile::tempdir().unwrap();
        let game = t.path().join("game");
        std::fs::create_dir(&game).unwrap();
        std::fs::write(game.join("a.txt"), b"base").unwrap();
        std::fs::write(game.join("b.txt"), b"bee").unwrap();
        let a = pkg(t.path(), "A", vec![replace("a.txt", b"base", b"from A"), replace("b.txt", b"bee", b"B by A")]);
        let b = pkg(t.path(), "B", vec![replace("a.txt", b"base", b"from B")]);
        install(&game, &a, &InstallOptions::default(), &mut |_| false).unwrap();
        install(&game, &b, &InstallOptions { force: true, ..Default::default() }, &mut |_| false).unwrap();
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"from B");

        let lines = reorder(&game, "B", 1, &mut |_| false).unwrap();
        assert!(lines.last().unwrap().english.contains("moved B from #2 to #1"), "{lines:?}");
        let j = Journal::load(&game).unwrap();
        assert_eq!(j.mods.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["B", "A"]);
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"from A", "A is later now: it wins");
        assert_eq!(std::fs::read(game.join("b.txt")).unwrap(), b"B by A");

        // And back later: B, moved after A, wins again.
        let lines = reorder(&game, "B", 2, &mut |_| false).unwrap();
        assert!(lines.last().unwrap().english.contains("moved B from #1 to #2"), "{lines:?}");
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"from B", "B is later: it wins");
        reorder(&game, "A", 2, &mut |_| false).unwrap();
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"from A", "A moved after B wins");
        assert_eq!(std::fs::read(game.join("b.txt")).unwrap(), b"B by A");

        revert(&game, "A", false, false, &mut |_| false).unwrap();
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"from B");
        assert_eq!(std::fs::read(game.join("b.txt")).unwrap(), b"bee");
        revert(&game, "B", false, false, &mut |_| false).unwrap();
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"base");
    }

    #[test]
    fn moving_to_its_own_place_or_an_unknown_mod() {
        let t = tempfile::tempdir().unwrap();
        let game = t.path().join("game");
        std::fs::create_dir(&game).unwrap();
        std::fs::write(game.join("a.txt"), b"base").unwrap();
        let a = pkg(t.path(), "A", vec![replace("a.txt", b"base", b"new")]);
        install(&game, &a, &InstallOptions::default(), &mut |_| false).unwrap();
        assert!(reorder(&game, "A", 1, &mut |_| false).unwrap()[0].english.contains("already"));
        assert!(matches!(reorder(&game, "Z", 1, &mut |_| false), Err(ModError::Usage(_))));
        assert_eq!(std::fs::read(game.join("a.txt")).unwrap(), b"new");
    }
}
