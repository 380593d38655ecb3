//! Every user-facing action, once: its label, tooltip and shortcut (the label and tooltip as
//! keys of `i18n/*/commands.ftl`). Menus, keyboard shortcuts
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
    LanguageEnglish,
    LanguageRussian,
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
    /// A shell command's label key (an editor's command has its spec's: `Command::label`).
    pub(super) fn shell_label(self) -> &'static str {
        match self {
            Command::Editor(_) => "?",
            Command::Open => "cmd-open",
            Command::OpenFolder => "cmd-open-folder",
            Command::UnpackProject => "cmd-unpack-project",
            Command::PackProject => "cmd-pack-project",
            Command::InstallMod => "cmd-install-mod",
            Command::ExportMod => "cmd-export-mod",
            Command::CompareWithFile => "cmd-compare-with-file",
            Command::CompareWithFolder => "cmd-compare-with-folder",
            Command::UnsavedChanges => "cmd-unsaved-changes",
            Command::CompareTabWithSaved => "cmd-compare-tab-with-saved",
            Command::Save => "cmd-save",
            Command::SaveAs => "cmd-save-as",
            Command::SaveAll => "cmd-save-all",
            Command::CloseFile => "cmd-close-file",
            Command::Quit => "cmd-quit",
            Command::Undo => "cmd-undo",
            Command::Redo => "cmd-redo",
            Command::SelectAll => "cmd-select-all",
            Command::FocusFilter => "cmd-focus-filter",
            Command::SearchProject => "cmd-search-project",
            Command::OpenEntry => "cmd-open-entry",
            Command::Extract => "cmd-extract",
            Command::ExtractAll => "cmd-extract-all",
            Command::Replace => "cmd-replace",
            Command::Rename => "cmd-rename",
            Command::Delete => "cmd-delete",
            Command::AddFiles => "cmd-add-files",
            Command::CopyName => "cmd-copy-name",
            Command::Check => "cmd-check",
            Command::RebuildLookup => "cmd-rebuild-lookup",
            Command::Compact => "cmd-compact",
            Command::CancelTask => "cmd-cancel-task",
            Command::CloseTab => "cmd-close-tab",
            Command::NextTab => "cmd-next-tab",
            Command::PrevTab => "cmd-prev-tab",
            Command::ToggleBrowser => "cmd-toggle-browser",
            Command::ToggleInspector => "cmd-toggle-inspector",
            Command::ToggleLog => "cmd-toggle-log",
            Command::ThemeSystem => "cmd-theme-system",
            Command::ThemeLight => "cmd-theme-light",
            Command::ThemeDark => "cmd-theme-dark",
            Command::LanguageEnglish => "cmd-language-english",
            Command::LanguageRussian => "cmd-language-russian",
            Command::ZoomIn => "cmd-zoom-in",
            Command::ZoomOut => "cmd-zoom-out",
            Command::ZoomReset => "cmd-zoom-reset",
            Command::CommandPalette => "cmd-command-palette",
            Command::Readings => "cmd-readings",
            Command::About => "cmd-about",
        }
    }

    /// A shell command's tooltip key.
    pub(super) fn shell_tooltip(self) -> &'static str {
        match self {
            Command::Editor(_) => "?",
            Command::Open => "cmd-open-tip",
            Command::OpenFolder => "cmd-open-folder-tip",
            Command::UnpackProject => "cmd-unpack-project-tip",
            Command::PackProject => "cmd-pack-project-tip",
            Command::InstallMod => "cmd-install-mod-tip",
            Command::ExportMod => "cmd-export-mod-tip",
            Command::CompareWithFile => "cmd-compare-with-file-tip",
            Command::CompareWithFolder => "cmd-compare-with-folder-tip",
            Command::UnsavedChanges => "cmd-unsaved-changes-tip",
            Command::CompareTabWithSaved => "cmd-compare-tab-with-saved-tip",
            Command::Save => "cmd-save-tip",
            Command::SaveAs => "cmd-save-as-tip",
            Command::SaveAll => "cmd-save-all-tip",
            Command::CloseFile => "cmd-close-file-tip",
            Command::Quit => "cmd-quit-tip",
            Command::Undo => "cmd-undo-tip",
            Command::Redo => "cmd-redo-tip",
            Command::SelectAll => "cmd-select-all-tip",
            Command::FocusFilter => "cmd-focus-filter-tip",
            Command::SearchProject => "cmd-search-project-tip",
            Command::OpenEntry => "cmd-open-entry-tip",
            Command::Extract => "cmd-extract-tip",
            Command::ExtractAll => "cmd-extract-all-tip",
            Command::Replace => "cmd-replace-tip",
            Command::Rename => "cmd-rename-tip",
            Command::Delete => "cmd-delete-tip",
            Command::AddFiles => "cmd-add-files-tip",
            Command::CopyName => "cmd-copy-name-tip",
            Command::Check => "cmd-check-tip",
            Command::RebuildLookup => "cmd-rebuild-lookup-tip",
            Command::Compact => "cmd-compact-tip",
            Command::CancelTask => "cmd-cancel-task-tip",
            Command::CloseTab => "cmd-close-tab-tip",
            Command::NextTab => "cmd-next-tab-tip",
            Command::PrevTab => "cmd-prev-tab-tip",
            Command::ToggleBrowser => "cmd-toggle-browser-tip",
            Command::ToggleInspector => "cmd-toggle-inspector-tip",
            Command::ToggleLog => "cmd-toggle-log-tip",
            Command::ThemeSystem => "cmd-theme-system-tip",
            Command::ThemeLight => "cmd-theme-light-tip",
            Command::ThemeDark => "cmd-theme-dark-tip",
            Command::LanguageEnglish => "cmd-language-english-tip",
            Command::LanguageRussian => "cmd-language-russian-tip",
            Command::ZoomIn => "cmd-zoom-in-tip",
            Command::ZoomOut => "cmd-zoom-out-tip",
            Command::ZoomReset => "cmd-zoom-reset-tip",
            Command::CommandPalette => "cmd-command-palette-tip",
            Command::Readings => "cmd-readings-tip",
            Command::About => "cmd-about-tip",
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
            | ThemeDark | LanguageEnglish | LanguageRussian | ZoomIn | ZoomOut | ZoomReset | CommandPalette | Readings => MenuGroup::View,
            About => MenuGroup::Help,
        }
    }
}
