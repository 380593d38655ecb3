//! The headless command line (docs/cli.md). Every command goes through the document model, the
//! same code paths as the editor, so a CLI test also tests the editor's save path.
//!
//! One module per command family; this file only parses readings and dispatches:
//! `archive` (list, extract), `edit` (replace, add, remove, rename), `check`, `info`, `typed`
//! (material, export-png, import-png), `export`, `render`, `desktop` (install-desktop), `dev`
//! (the hidden fixture, demo and game-folder writers), `shell_files` (the hidden completion and
//! man page writer). `open` resolves addresses and saves for all of them.

use crate::formats::Error;
use crate::formats::readings::Readings;
use std::path::Path;

mod archive;
mod args;
mod batch;
mod check;
mod desktop;
// Compiled everywhere so its registry plan is tested on Linux; only used on Windows.
#[cfg_attr(not(windows), allow(dead_code))]
mod desktop_windows;
#[cfg(feature = "test-support")]
mod dev;
mod diff;
mod edit;
mod export;
mod import;
mod info;
mod mods;
mod open;
mod project;
mod shell_files;
pub mod output;
pub mod render;
mod sound;
mod suggest;
mod typed;

pub use args::{Cli, Command, OutArg};
pub use open::open_item;
pub use shell_files::{SHELLS, shell_files};
pub use crate::doc::items::split_address;
pub(crate) use info::print_plain;

/// A failure with its exit code: 1 for malformed input, 2 for usage and I/O.
#[derive(Debug)]
pub struct Failure {
    pub code: i32,
    pub message: String,
}

impl Failure {
    pub fn usage(m: impl Into<String>) -> Failure {
        Failure { code: 2, message: m.into() }
    }
    pub fn io(path: &Path, e: std::io::Error) -> Failure {
        Failure { code: 2, message: format!("{}: {e}", path.display()) }
    }
    /// A format error inside `address`.
    pub fn format(address: &str, e: Error) -> Failure {
        Failure { code: 1, message: format!("{address} {e}") }
    }
}

type Out = Result<i32, Failure>;

/// Runs a subcommand; prints to stdout, returns the exit code.
pub fn run(command: Command, readings: Readings) -> Out {
    match command {
        Command::List { archive, json } => archive::list(&archive, json, &readings),
        Command::Extract { item, out, all, jobs } => archive::extract(&item, out, all, jobs, &readings),
        Command::Replace { item, src, out } => edit::replace(&item, &src, out.out, &readings),
        Command::Add { archive, src, name, type_id, attr1, attr2, attr3, out } => {
            edit::add(&archive, &src, edit::AddArgs { name, type_id, attrs: [attr1, attr2, attr3], out: out.out }, &readings)
        }
        Command::Remove { item, out } => edit::remove(&item, out.out, &readings),
        Command::Rename { item, new_name, references: Some(dir), dry_run, .. } => {
            project::rename_with_references(&item, &new_name, &dir, dry_run, &readings)
        }
        Command::Rename { item, new_name, out, .. } => edit::rename(&item, &new_name, out.out, &readings),
        Command::Export { item, out, lod, variant, frame } => export::export(&item, &out, lod, variant, frame, &readings),
        Command::Render(args) => render::render(&args, &readings),
        Command::ImportModel(args) => import::import_model(&args, &readings),
        Command::Mod(cmd) => mods::run(cmd),
        Command::Unpack { sources, out, compression, no_models, batch } => batch::unpack_cmd(&sources, &out, compression, no_models, &batch, &readings),
        Command::Pack { dir, out, batch } => batch::pack_cmd(&dir, &out, &batch),
        Command::Diff(args) => diff::diff(&args, &readings),
        Command::InstallDesktop { uninstall } => desktop::install_desktop(uninstall),
        #[cfg(feature = "test-support")]
        Command::WriteFixtures { dir } => dev::write_fixtures(&dir),
        #[cfg(feature = "test-support")]
        Command::WriteDemo { dir } => dev::write_demo(&dir),
        #[cfg(feature = "test-support")]
        Command::WriteGame { dir, small, problems } => dev::write_game(&dir, small, problems),
        Command::WriteShellFiles { dir } => shell_files::write_shell_files(&dir),
        Command::Check { paths, json, .. } if paths.iter().any(|p| std::path::Path::new(p).is_dir()) => project::check(&paths, json, &readings),
        Command::Check { paths, json, jobs } => check::check(&paths, json, jobs, &readings),
        Command::Refs { item, project: dir, up, json } => project::refs(&item, dir, up, json, &readings),
        Command::Search { dir, query, json } => project::search_cmd(&dir, &query, json, &readings),
        Command::Info { item, json } => info::info(&item, json, &readings),
        Command::Material { item, time, block, seed, json } => typed::material(&item, time, block, seed, json, &readings),
        Command::ExportPng { item, out, mip } => typed::export_png(&item, &out, mip, &readings),
        Command::ExportWav { item, out, pcm } => sound::export_wav(&item, &out, pcm, &readings),
        Command::ImportSound { item, input, keep_format, pcm, out } => sound::import_sound(&item, &input, keep_format, pcm, out.out, &readings),
        Command::ImportPng { item, image, format, dither, smooth_mips, keep_palette, out } => {
            let opts = crate::formats::texm::ImportOptions {
                format,
                allow_resize: true,
                filter: if smooth_mips { crate::formats::texm::MipFilter::Smooth } else { crate::formats::texm::MipFilter::Box },
                dither,
                external_palette: None,
                keep_palette,
            };
            typed::import_png(&item, &image, opts, out.out, &readings)
        }
    }
}

/// The binary's entry point for subcommands: parses readings, runs, prints errors.
pub fn main_with(cli_readings: &[String], command: Command) -> i32 {
    let mut readings = Readings::default();
    for r in cli_readings {
        if let Err(e) = readings.set(r) {
            eprintln!("error: --reading {r}: {e}");
            return 2;
        }
    }
    let code = match run(command, readings) {
        Ok(code) => code,
        Err(f) => {
            eprintln!("error: {}", f.message);
            f.code
        }
    };
    match output::finish() {
        Some(e) => {
            eprintln!("error: writing to stdout: {e}");
            2
        }
        None => code,
    }
}
