//! `mod create | apply | status | conflicts | revert` (docs/cli.md, "mod"): the command line
//! of `doc::mods`.

use super::output::outln;
use super::{Failure, Out};
use crate::doc::mods::create::diff_folders;
use crate::doc::mods::manage::{self, InstallOptions, ModError};
use crate::doc::mods::package::Source;
use crate::doc::mods::{Meta, Package};
use clap::Subcommand;
use std::path::{Path, PathBuf};

#[derive(Subcommand, Debug)]
pub enum ModCommand {
    /// Package the differences between a clean game folder and a modded one.
    Create {
        /// The clean folder.
        #[arg(long)]
        base: PathBuf,
        /// The modded folder.
        #[arg(long)]
        modded: PathBuf,
        /// The package to write (.parkanmod).
        #[arg(short = 'o', long = "out")]
        out: PathBuf,
        /// The mod's name (default: the modded folder's name).
        #[arg(long)]
        name: Option<String>,
        #[arg(long = "version", default_value = "1.0")]
        mod_version: String,
        #[arg(long, default_value = "")]
        author: String,
        #[arg(long, default_value = "")]
        description: String,
    },
    /// Install a package into a game folder, all or nothing, recorded in its journal.
    Apply {
        package: PathBuf,
        game: PathBuf,
        /// Print what would be done and write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Write the modded files under OUT_DIR instead; the game is untouched.
        #[arg(long, value_name = "OUT_DIR")]
        to: Option<PathBuf>,
        /// Let this mod win where an installed mod (or a hand edit) changed what it changes.
        #[arg(long)]
        force: bool,
        /// Place the mod at this 1-based position of the installed order instead of last
        /// (the mods after it win where they conflict).
        #[arg(long, value_name = "N")]
        order: Option<usize>,
    },
    /// The installed mods in order and the entries each owns.
    Status { game: PathBuf },
    /// Which items the packages (in order; the later wins) change in common.
    Conflicts {
        #[arg(required = true)]
        packages: Vec<PathBuf>,
        /// Put the mods installed in this game folder first, in their order.
        #[arg(long)]
        game: Option<PathBuf>,
    },
    /// Take an installed mod out, restoring what it changed byte for byte.
    Revert {
        name: String,
        game: PathBuf,
        /// Also restore entries changed by hand since the mod was installed.
        #[arg(long)]
        force: bool,
        #[arg(long)]
        dry_run: bool,
    },
}

fn failure(e: ModError) -> Failure {
    match e {
        ModError::Package(e) => Failure { code: 1, message: e.to_string() },
        ModError::Blocked(lines) => Failure { code: 1, message: crate::doc::mods::text::joined(&lines) },
        ModError::Io(e) => Failure { code: 2, message: e.to_string() },
        ModError::Usage(m) => Failure::usage(m),
    }
}

/// Tests kill the process between two steps of a transaction (as `kill -9` would) by naming
/// the step in `PARKAN_STUDIO_KILL_AT`; see `doc::mods::journal::KillAt`.
fn kill_at() -> impl FnMut(&str) -> bool {
    let at = std::env::var("PARKAN_STUDIO_KILL_AT").ok();
    move |step: &str| {
        if at.as_deref() == Some(step) {
            std::process::abort();
        }
        false
    }
}

fn print(lines: Vec<crate::formats::message::Message>) {
    for l in lines {
        outln!("{l}");
    }
}

pub fn run(cmd: ModCommand) -> Out {
    match cmd {
        ModCommand::Create { base, modded, out, name, mod_version, author, description } => {
            create(&base, &modded, &out, name, mod_version, author, description)
        }
        ModCommand::Apply { package, game, dry_run, to, force, order } => {
            let opts = InstallOptions { dry_run, to, force, order };
            print(manage::install(&game, &package, &opts, &mut kill_at()).map_err(failure)?);
            Ok(0)
        }
        ModCommand::Status { game } => {
            print(manage::status(&game).map_err(failure)?);
            Ok(0)
        }
        ModCommand::Conflicts { packages, game } => {
            // Each package opened holding no member: only the changes of items several mods
            // change are read, one item at a time.
            let mut mods = Vec::new();
            if let Some(g) = &game {
                let j = crate::doc::mods::journal::Journal::load(g).map_err(|e| Failure::io(g, e))?;
                for (i, m) in j.mods.iter().enumerate() {
                    let p = crate::doc::mods::journal::Journal::dir(g).join(&m.package);
                    let (pkg, lazy) = Package::open_installed(&p).map_err(|e| failure(ModError::Package(e)))?;
                    mods.push((format!("installed #{} in {}", i + 1, g.display()), pkg, lazy));
                }
            }
            for p in &packages {
                let (pkg, lazy) = Package::open_lazy(&p.display().to_string(), Source::File(p.clone())).map_err(|e| failure(ModError::Package(e)))?;
                mods.push((p.display().to_string(), pkg, lazy));
            }
            let (lines, _) = manage::conflicts_lazy(&mut mods).map_err(|e| failure(ModError::Package(e)))?;
            print(lines);
            Ok(0)
        }
        ModCommand::Revert { name, game, force, dry_run } => {
            print(manage::revert(&game, &name, force, dry_run, &mut kill_at()).map_err(failure)?);
            Ok(0)
        }
    }
}

fn create(base: &Path, modded: &Path, out: &Path, name: Option<String>, version: String, author: String, description: String) -> Out {
    for d in [base, modded] {
        if !d.is_dir() {
            return Err(Failure::usage(format!("{}: not a folder", d.display())));
        }
    }
    let changes = diff_folders(base, modded).map_err(|e| Failure { code: 2, message: e.to_string() })?;
    if changes.is_empty() {
        return Err(Failure { code: 1, message: format!("{} and {} do not differ: nothing to package", base.display(), modded.display()) });
    }
    let name = name.unwrap_or_else(|| modded.canonicalize().ok().and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned())).unwrap_or_else(|| "mod".into()));
    let meta = Meta { name, version, author, description, tool: format!("parkan-studio {}", env!("CARGO_PKG_VERSION")) };
    let pkg = Package { meta, changes };
    let bytes = pkg.to_bytes().map_err(|e| Failure::io(out, e))?;
    // Read back as `mod apply` reads it: a package it would refuse (a name the game cannot
    // open, an entry name that is a path) is an error, not a file.
    Package::from_bytes(&out.display().to_string(), &bytes).map_err(|e| Failure { code: 1, message: e.to_string() })?;
    crate::doc::save::atomic_write(out, &bytes).map_err(|e| Failure::io(out, e))?;
    let mut counts: Vec<(&str, usize)> = Vec::new();
    let mut files: Vec<String> = Vec::new();
    for c in &pkg.changes {
        // A merged change by its manifest name (`mission_objects`, `wear_rows`).
        match counts.iter_mut().find(|(n, _)| *n == c.op_name()) {
            Some((_, k)) => *k += 1,
            None => counts.push((c.op_name(), 1)),
        }
        if !files.iter().any(|f| f.eq_ignore_ascii_case(&c.file)) {
            files.push(c.file.clone());
        }
    }
    for c in &pkg.changes {
        outln!("  {} {}", c.op_name(), c.address());
    }
    let parts: Vec<String> = counts.iter().map(|(n, k)| format!("{k} {n}")).collect();
    outln!("wrote {} ({} bytes): {} change(s) in {} file(s) ({})", out.display(), bytes.len(), pkg.changes.len(), files.len(), parts.join(", "));
    Ok(0)
}
