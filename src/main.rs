use clap::Parser;
use parkan_studio::cli::{Cli, main_with};

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Some(command) => main_with(&cli.readings, command),
        None => open_editor(cli.files, &cli.readings),
    };
    std::process::exit(code);
}

#[cfg(feature = "gui")]
fn open_editor(files: Vec<std::path::PathBuf>, readings: &[String]) -> i32 {
    parkan_studio::app::run(files, readings)
}

#[cfg(not(feature = "gui"))]
fn open_editor(_files: Vec<std::path::PathBuf>, _readings: &[String]) -> i32 {
    eprintln!("error: this build has no editor (built without the `gui` feature); use a subcommand, see --help");
    2
}
