//! What a panel is handed: the parts of the shell's state it reads, never the app itself. A
//! panel (the menus, the status bar, the log, the inspector, the browser's table, the tabs, the
//! compare view, the Mods panel and its windows) takes a [`PanelCx`], the one piece of state it
//! owns (`&mut`), and a `Vec<Intent>` to say what should happen; the shell applies those in
//! `apply/`, as it does an editor's (`seam::EditorCx` is the editors' twin of this).

use super::command::Command;
use super::log::Log;
use super::project::ProjectView;
use super::settings::Settings;
use super::tasks::Tasks;
use crate::doc::Workspace;

/// The shell's state as a panel reads it while it draws.
#[derive(Clone, Copy)]
pub struct PanelCx<'a> {
    pub ws: &'a Workspace,
    /// Bumped on every document change.
    pub generation: u64,
    pub settings: &'a Settings,
    pub log: &'a Log,
    pub tasks: &'a Tasks,
    /// The game folder open as a project.
    pub folder: Option<&'a ProjectView>,
    /// The window's wgpu device, when the app has one.
    pub gpu: Option<&'a eframe::egui_wgpu::RenderState>,
}

/// What a panel with menus asks: whether a command has something to act on now (menus grey
/// out the others). The shell answers from its selection, tabs and document.
pub type Enabled<'a> = &'a dyn Fn(Command) -> bool;
