//! Shell completions (bash, zsh, fish, PowerShell) and man pages (one per subcommand), made
//! from the clap definitions in args.rs so they cannot fall behind them. The hidden
//! `write-shell-files DIR` writes them; packaging/build.sh puts them in the .deb and the
//! archive (docs/packaging.md). Hidden subcommands get no man page, as they get no --help line.

use super::output::outln;
use super::{Cli, Failure, Out};
use clap::CommandFactory;
use clap_complete::Shell;
use std::path::{Path, PathBuf};

const BIN: &str = "parkan-studio";

/// The shells a completion script is written for, with the file each one's script goes in.
pub const SHELLS: [Shell; 4] = [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::PowerShell];

/// Every file, by its path under the output folder: `completions/<the shell's own file name>`
/// and `man/<command>.1` (`parkan-studio.1`, `parkan-studio-list.1`, `parkan-studio-mod-create.1`).
pub fn shell_files() -> Result<Vec<(PathBuf, Vec<u8>)>, std::io::Error> {
    let mut files = Vec::new();
    for shell in SHELLS {
        let mut cmd = Cli::command();
        let mut bytes = Vec::new();
        clap_complete::generate(shell, &mut cmd, BIN, &mut bytes);
        files.push((Path::new("completions").join(clap_complete::Generator::file_name(&shell, BIN)), bytes));
    }
    // As clap_mangen's generate_to: no `help` pseudo-subcommand, names joined by "-" once built.
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    man_pages(root, &mut files)?;
    Ok(files)
}

fn man_pages(cmd: clap::Command, files: &mut Vec<(PathBuf, Vec<u8>)>) -> Result<(), std::io::Error> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned() {
        man_pages(sub, files)?;
    }
    let man = clap_mangen::Man::new(cmd)
        .date(crate::build_info::BUILD_DATE)
        .source(format!("Parkan Studio {}", crate::build_info::VERSION))
        .manual("Parkan Studio");
    let mut bytes = Vec::new();
    man.render(&mut bytes)?;
    files.push((Path::new("man").join(man.get_filename()), bytes));
    Ok(())
}

pub(super) fn write_shell_files(dir: &Path) -> Out {
    let files = shell_files().map_err(|e| Failure::usage(format!("rendering the man pages: {e}")))?;
    for (rel, bytes) in &files {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Failure::io(parent, e))?;
        }
        std::fs::write(&path, bytes).map_err(|e| Failure::io(&path, e))?;
    }
    outln!("wrote {} completion scripts and {} man pages to {}", SHELLS.len(), files.len() - SHELLS.len(), dir.display());
    Ok(0)
}
