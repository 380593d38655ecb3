// A release build of the editor for Windows is a GUI program, so starting it from Explorer
// opens no console window beside the editor. The command line still prints: main attaches to
// the console of the shell it was started from (docs/packaging.md "Windows" says what differs).
#![cfg_attr(all(windows, feature = "gui", not(debug_assertions)), windows_subsystem = "windows")]

use clap::Parser;
use parkan_studio::cli::{Cli, main_with};

fn main() {
    #[cfg(all(windows, feature = "gui", not(debug_assertions)))]
    attach_parent_console();
    let cli = Cli::parse();
    let code = match cli.command {
        Some(command) => main_with(&cli.readings, command),
        None => open_editor(cli.files, &cli.readings),
    };
    std::process::exit(code);
}

/// A GUI-subsystem program starts with no console; when its parent (cmd.exe, PowerShell) has
/// one, attaching to it gives stdout and stderr somewhere to go (the standard library asks
/// for the standard handles on every write, so it picks them up). Started from Explorer there
/// is no parent console and this does nothing. Redirected output (`> out.txt`, a pipe) was
/// handed over by the parent and works either way.
#[cfg(all(windows, feature = "gui", not(debug_assertions)))]
fn attach_parent_console() {
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn AttachConsole(process_id: u32) -> i32;
    }
    const ATTACH_PARENT_PROCESS: u32 = u32::MAX;
    // SAFETY: AttachConsole takes a process id by value and only fails (returns 0) when there
    // is no parent console or one is already attached; both leave the process as it was.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
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
