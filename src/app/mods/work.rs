//! The mod commands as background tasks. A Cancel is honoured until the transaction's commit
//! point (`doc::mods::journal`): the staged files are then rolled back at once and the game
//! folder is as it was; after it the command finishes, as a killed one would on the next run.

use crate::app::tasks::{Outcome, Progress};
use crate::doc::mods::journal::{KillAt, recover};
use crate::doc::mods::manage::{self, InstallOptions, ModError};
use crate::doc::mods::{order, preview};
use crate::formats::message::Message;
use std::path::{Path, PathBuf};

/// The steps before the commit point, where a cancel still leaves the game as it was.
fn before_commit(step: &str) -> bool {
    matches!(step, "snapshots" | "staging" | "staged")
}

fn run(game: PathBuf, p: &Progress, command: impl FnOnce(&Path, KillAt<'_>) -> Result<Vec<Message>, ModError>) -> Outcome {
    let mut steps = 0;
    let mut kill = |step: &str| {
        steps += 1;
        p.set(steps, 0);
        before_commit(step) && p.cancelled()
    };
    let result = match command(&game, &mut kill) {
        // Each line in the interface's language (the English is the command line's).
        Ok(lines) => Ok(lines.iter().map(crate::app::i18n::messages::message).collect()),
        Err(ModError::Io(e)) if e.kind() == std::io::ErrorKind::Interrupted => match recover(&game) {
            Ok(_) => Err(crate::tr!("mods-cancelled-clean")),
            Err(e) => Err(crate::tr!("mods-cancelled-rollback-failed", error = e.to_string())),

        },
        Err(e) => Err(e.to_string()),
    };
    Outcome::ModsChanged { game, result }
}

pub fn install(game: PathBuf, package: PathBuf, force: bool, order: Option<usize>, p: &Progress) -> Outcome {
    run(game, p, |g, kill| manage::install(g, &package, &InstallOptions { force, order, ..Default::default() }, kill))
}

pub fn uninstall(game: PathBuf, name: String, p: &Progress) -> Outcome {
    run(game, p, |g, kill| manage::revert(g, &name, false, false, kill))
}

/// Moves `name` to the 1-based place `to`.
pub fn reorder(game: PathBuf, name: String, to: usize, p: &Progress) -> Outcome {
    run(game, p, |g, kill| order::reorder(g, &name, to, kill))
}

/// The dry run of installing `package` into `game` (`force`, `order`: as [`InstallOptions`]).
pub fn dry_run(game: PathBuf, package: PathBuf, force: bool, order: Option<usize>) -> Outcome {
    // The package is read from its file as an install reads it, not held.
    let opts = InstallOptions { force, order, ..Default::default() };
    let result = preview::preview_file(&game, &package, &opts).map_err(|e| e.to_string()).map(Box::new);
    Outcome::ModPreviewed { game, package, force, order, result }
}
