//! Every user-facing action, once: its label, tooltip and shortcut. Menus, keyboard shortcuts
//! and the command palette all push a [`Command`] onto one queue that the app drains once per
//! frame, so an action behaves the same whichever way it was asked for.

pub use super::seam::types::{EditorCommand, MenuGroup};
use egui::{Key, KeyboardShortcut, Modifiers};

/// Declares the enum and [`Command::ALL`] from one list, so that no command can be left out
/// of the table that menus, shortcuts and the palette read.
macro_rules! commands {
    ($($variant:ident),* $(,)?) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Command {
            $($variant,)*
            /// A command an editor adds (`seam::ItemEditor::commands`).
            Editor(EditorCommand),
        }

        impl Command {
            /// The shell's own commands; `Command::every` (in the editor registry) adds the editors'.
            pub const ALL: &'static [Command] = &[$(Command::$variant),*];

            /// The position in [`Command::ALL`] the macro gave the variant (`None` for editor
            /// commands): a test holds every shell variant to it.
            #[cfg(test)]
            pub(crate) fn declared_index(self) -> Option<usize> {
                let names: &[&str] = &[$(stringify!($variant)),*];
                let debug = format!("{self:?}");
                names.iter().position(|n| *n == debug)
            }
        }
    };
}

commands! {
    Open,
    OpenFolder,
    UnpackProject,
    PackProject,
    InstallMod,
    ExportMod,
    CompareWithFile,
    CompareWithFolder,
    UnsavedChanges,
    CompareTabWithSaved,
    Save,
    SaveAs,
    SaveAll,
    CloseFile,
    Quit,
    Undo,
    Redo,
    SelectAll,
    FocusFilter,
    SearchProject,
    OpenEntry,
    Extract,
    ExtractAll,
    Replace,
    Rename,
    Delete,
    AddFiles,
    CopyName,
    Check,
    RebuildLookup,
    Compact,
    CancelTask,
    CloseTab,
    NextTab,
    PrevTab,
    ToggleBrowser,
    ToggleInspector,
    ToggleLog,
    ThemeSystem,
    ThemeLight,
    ThemeDark,
    ZoomIn,
    ZoomOut,
    ZoomReset,
    CommandPalette,
    Readings,
    About,
}

const fn sc(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers { shift: true, ..Modifiers::COMMAND };
const NONE: Modifiers = Modifiers::NONE;

impl Command {
    /// A shell command's label (an editor's command has its spec's: `Command::label`).
    pub(super) fn shell_label(self) -> &'static str {
        match self {
            Command::Editor(_) => "?",
            Command::Open => "Open…",
            Command::OpenFolder => "Open Folder…",
            Command::UnpackProject => "Unpack Project…",
            Command::PackProject => "Pack…",
            Command::InstallMod => "Install Mod…",
            Command::ExportMod => "Export Changes as Mod…",
            Command::CompareWithFile => "Compare With File…",
            Command::CompareWithFolder => "Compare With Folder…",
            Command::UnsavedChanges => "Unsaved Changes",
            Command::CompareTabWithSaved => "Compare Tab with Saved",
            Command::Save => "Save",
            Command::SaveAs => "Save As…",
            Command::SaveAll => "Save All",
            Command::CloseFile => "Close File",
            Command::Quit => "Quit",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::SelectAll => "Select All",
            Command::FocusFilter => "Filter Entries",
            Command::SearchProject => "Search Project",
            Command::OpenEntry => "Open Entry",
            Command::Extract => "Extract…",
            Command::ExtractAll => "Extract All…",
            Command::Replace => "Replace…",
            Command::Rename => "Rename",
            Command::Delete => "Delete",
            Command::AddFiles => "Add Files…",
            Command::CopyName => "Copy Name",
            Command::Check => "Check File",
            Command::RebuildLookup => "Rebuild Lookup Table",
            Command::Compact => "Compact Archive",
            Command::CancelTask => "Cancel Task",
            Command::CloseTab => "Close Tab",
            Command::NextTab => "Next Tab",
            Command::PrevTab => "Previous Tab",
            Command::ToggleBrowser => "Show Browser",
            Command::ToggleInspector => "Show Inspector",
            Command::ToggleLog => "Show Log",
            Command::ThemeSystem => "Theme: Follow System",
            Command::ThemeLight => "Theme: Light",
            Command::ThemeDark => "Theme: Dark",
            Command::ZoomIn => "Zoom In",
            Command::ZoomOut => "Zoom Out",
            Command::ZoomReset => "Reset Zoom",
            Command::CommandPalette => "Command Palette…",
            Command::Readings => "Format Readings…",
            Command::About => "About Parkan Studio",
        }
    }

    pub(super) fn shell_tooltip(self) -> &'static str {
        match self {
            Command::Editor(_) => "",
            Command::Open => "Open archives or loose files (.lib, .rlb, .msh, .wea, .geom, Texm)",
            Command::OpenFolder => "Open a game folder as one project: its tree, search over every archive, what uses what",
            Command::UnpackProject => "Unpack a game folder into files to edit (textures as PNG, materials as text)",
            Command::PackProject => "Pack an unpacked folder back into archives (untouched files byte-identical)",
            Command::InstallMod => "Install a .parkanmod into the open game folder, after a dry run listing what it changes",
            Command::ExportMod => "Package your changes (unsaved edits, or the folder against a clean one) as a .parkanmod",
            Command::CompareWithFile => "Compare the current file (with its unsaved edits) with another file: entries, fields, pixels",
            Command::CompareWithFolder => "Compare the open game folder (or the current file's folder) with another folder",
            Command::UnsavedChanges => "What Save would write: every file with unsaved changes against its file on disk",
            Command::CompareTabWithSaved => "The active tab's item: its unsaved changes against the file on disk (also on the tab's right-click menu)",
            Command::Save => "Save the current file in place (atomically), with the files an undo step changed together with it",
            Command::SaveAs => "Save the current file under another name",
            Command::SaveAll => "Save every file with unsaved changes",
            Command::CloseFile => "Close the current file (asks about unsaved changes)",
            Command::Quit => "Close the window (asks about unsaved changes)",
            Command::Undo => "Undo the last change",
            Command::Redo => "Redo the last undone change",
            Command::SelectAll => "Select every visible entry",
            Command::FocusFilter => "Filter the browser by name",
            Command::SearchProject => "Search the open game folder: entry names and the names they hold (t:texm, t:mat0, t:wear, t:msh, is:unused)",
            Command::OpenEntry => "Open the selected entries in editor tabs",
            Command::Extract => "Write the selected entries' bytes to disk (RsLi: unpacked)",
            Command::ExtractAll => "Write every entry of the archive to a folder",
            Command::Replace => "Replace the selected entry's bytes with a file's",
            Command::Rename => "Rename the selected entry (at most 31 bytes)",
            Command::Delete => "Remove the selected entries from their archive",
            Command::AddFiles => "Append files as new entries of the archive",
            Command::CopyName => "Copy the selected entries' names to the clipboard",
            Command::Check => "Parse and re-encode every entry of the file; report problems",
            Command::RebuildLookup => "Rewrite the archive's name lookup table in sorted order",
            Command::Compact => "Drop unindexed bytes and repack every payload at 8-byte alignment",
            Command::CancelTask => "Stop the running background task",
            Command::CloseTab => "Close the active editor tab",
            Command::NextTab => "Activate the next editor tab",
            Command::PrevTab => "Activate the previous editor tab",
            Command::ToggleBrowser => "Show or hide the archive browser",
            Command::ToggleInspector => "Show or hide the inspector",
            Command::ToggleLog => "Show or hide the log and diagnostics",
            Command::ThemeSystem => "Use the operating system's light or dark preference",
            Command::ThemeLight => "Use the light theme",
            Command::ThemeDark => "Use the dark theme",
            Command::ZoomIn => "Make everything larger",
            Command::ZoomOut => "Make everything smaller",
            Command::ZoomReset => "Back to the screen's native scale",
            Command::CommandPalette => "Search and run any command",
            Command::Readings => "Choose between the readings where public sources disagree",
            Command::About => "Version and licence",
        }
    }

    pub(super) fn shell_shortcuts(self) -> &'static [KeyboardShortcut] {
        match self {
            Command::Editor(_) => &[],
            Command::Open => const { &[sc(CMD, Key::O)] },
            Command::OpenFolder => const { &[sc(CMD_SHIFT, Key::O)] },
            Command::Save => const { &[sc(CMD, Key::S)] },
            Command::SaveAs => const { &[sc(CMD_SHIFT, Key::S)] },
            Command::CloseFile => const { &[sc(CMD_SHIFT, Key::W)] },
            Command::Quit => const { &[sc(CMD, Key::Q)] },
            Command::Undo => const { &[sc(CMD, Key::Z)] },
            Command::Redo => const { &[sc(CMD_SHIFT, Key::Z), sc(CMD, Key::Y)] },
            Command::SelectAll => const { &[sc(CMD, Key::A)] },
            Command::FocusFilter => const { &[sc(CMD, Key::F)] },
            Command::SearchProject => const { &[sc(CMD, Key::P)] },
            Command::OpenEntry => const { &[sc(NONE, Key::Enter)] },
            Command::Extract => const { &[sc(CMD, Key::E)] },
            Command::ExtractAll => const { &[sc(CMD_SHIFT, Key::E)] },
            Command::Replace => const { &[sc(CMD, Key::R)] },
            Command::Rename => const { &[sc(NONE, Key::F2)] },
            Command::Delete => const { &[sc(NONE, Key::Delete)] },
            Command::AddFiles => const { &[sc(CMD_SHIFT, Key::A)] },
            Command::CopyName => const { &[sc(CMD, Key::C)] },
            Command::Check => const { &[sc(NONE, Key::F5)] },
            Command::CloseTab => const { &[sc(CMD, Key::W)] },
            Command::NextTab => const { &[sc(CMD, Key::Tab)] },
            Command::PrevTab => const { &[sc(CMD_SHIFT, Key::Tab)] },
            Command::ToggleBrowser => const { &[sc(CMD, Key::B)] },
            Command::ToggleInspector => const { &[sc(CMD, Key::I)] },
            Command::ToggleLog => const { &[sc(CMD, Key::J)] },
            Command::ZoomIn => const { &[sc(CMD, Key::Plus), sc(CMD, Key::Equals)] },
            Command::ZoomOut => const { &[sc(CMD, Key::Minus)] },
            Command::ZoomReset => const { &[sc(CMD, Key::Num0)] },
            Command::CommandPalette => const { &[sc(CMD_SHIFT, Key::P)] },
            _ => &[],
        }
    }

    /// Whether the shortcut also fires while a text field has the keyboard (it does not clash
    /// with text editing: Enter, Delete, Ctrl+A/C/Z/Y belong to the text field then).
    pub fn fires_while_typing(self) -> bool {
        !matches!(
            self,
            Command::Editor(_) |
            Command::Undo
                | Command::Redo
                | Command::SelectAll
                | Command::OpenEntry
                | Command::Rename
                | Command::Delete
                | Command::CopyName
                | Command::NextTab
                | Command::PrevTab
        )
    }

    pub(super) fn shell_group(self) -> MenuGroup {
        use Command::*;
        match self {
            Editor(_) => MenuGroup::View,
            Open | OpenFolder | UnpackProject | PackProject | InstallMod | ExportMod | CompareWithFile | CompareWithFolder | UnsavedChanges | CompareTabWithSaved | Save | SaveAs | SaveAll | CloseFile | Quit => MenuGroup::File,
            Undo | Redo | SelectAll | FocusFilter | SearchProject => MenuGroup::Edit,
            OpenEntry | Extract | ExtractAll | Replace | Rename | Delete | AddFiles | CopyName | Check
            | RebuildLookup | Compact | CancelTask => MenuGroup::Entry,
            CloseTab | NextTab | PrevTab | ToggleBrowser | ToggleInspector | ToggleLog | ThemeSystem | ThemeLight
            | ThemeDark | ZoomIn | ZoomOut | ZoomReset | CommandPalette | Readings => MenuGroup::View,
            About => MenuGroup::Help,
        }
    }
}
