//! Every user-facing action, once: its label, tooltip and shortcut. Menus, keyboard shortcuts
//! and the command palette all push a [`Command`] onto one queue that the app drains once per
//! frame, so an action behaves the same whichever way it was asked for.

use super::editors::{self, CommandSpec, EditorId, EditorState, ItemEditor};
use egui::{Key, KeyboardShortcut, Modifiers};

/// Declares the enum and [`Command::ALL`] from one list, so that no command can be left out
/// of the table that menus, shortcuts and the palette read.
macro_rules! commands {
    ($($variant:ident),* $(,)?) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Command {
            $($variant,)*
            /// A command an editor adds ([`super::editors::ItemEditor::commands`]).
            Editor(EditorCommand),
        }

        impl Command {
            /// The shell's own commands; [`Command::every`] adds the editors'.
            pub const ALL: &'static [Command] = &[$(Command::$variant),*];

            /// The position in [`Command::ALL`] the macro gave the variant (`None` for editor
            /// commands): a test holds every shell variant to it.
            #[cfg(test)]
            fn declared_index(self) -> Option<usize> {
                let names: &[&str] = &[$(stringify!($variant)),*];
                let debug = format!("{self:?}");
                names.iter().position(|n| *n == debug)
            }
        }
    };
}

/// Command `index` of editor `editor`'s [`super::editors::ItemEditor::commands`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EditorCommand {
    pub editor: EditorId,
    pub index: usize,
}

impl EditorCommand {
    pub fn spec(self) -> Option<&'static CommandSpec> {
        editors::by_id(self.editor)?.commands().get(self.index)
    }
}

commands! {
    Open,
    OpenFolder,
    UnpackProject,
    PackProject,
    Save,
    SaveAs,
    SaveAll,
    CloseFile,
    Quit,
    Undo,
    Redo,
    SelectAll,
    FocusFilter,
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

/// Where a command sits in the menu bar (and how the palette groups it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuGroup {
    File,
    Edit,
    Entry,
    View,
    Help,
}

const fn sc(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers { shift: true, ..Modifiers::COMMAND };
const NONE: Modifiers = Modifiers::NONE;

impl Command {
    /// Every command: the shell's, then each editor's.
    pub fn every() -> Vec<Command> {
        let mut v = Command::ALL.to_vec();
        for e in editors::ALL {
            v.extend((0..e.commands().len()).map(|index| Command::Editor(EditorCommand { editor: e.id(), index })));
        }
        v
    }

    pub fn label(self) -> &'static str {
        match self {
            Command::Editor(c) => c.spec().map_or("?", |s| s.label),
            Command::Open => "Open…",
            Command::OpenFolder => "Open Folder…",
            Command::UnpackProject => "Unpack Project…",
            Command::PackProject => "Pack…",
            Command::Save => "Save",
            Command::SaveAs => "Save As…",
            Command::SaveAll => "Save All",
            Command::CloseFile => "Close File",
            Command::Quit => "Quit",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::SelectAll => "Select All",
            Command::FocusFilter => "Filter Entries",
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

    pub fn tooltip(self) -> &'static str {
        match self {
            Command::Editor(c) => c.spec().map_or("", |s| s.tooltip),
            Command::Open => "Open archives or loose files (.lib, .rlb, .msh, .wea, .geom, Texm)",
            Command::OpenFolder => "List the archives and meshes of a game folder",
            Command::UnpackProject => "Unpack a game folder into files to edit (textures as PNG, materials as text)",
            Command::PackProject => "Pack an unpacked folder back into archives (untouched files byte-identical)",
            Command::Save => "Save the current file in place (atomically)",
            Command::SaveAs => "Save the current file under another name",
            Command::SaveAll => "Save every file with unsaved changes",
            Command::CloseFile => "Close the current file (asks about unsaved changes)",
            Command::Quit => "Close the window (asks about unsaved changes)",
            Command::Undo => "Undo the last change",
            Command::Redo => "Redo the last undone change",
            Command::SelectAll => "Select every visible entry",
            Command::FocusFilter => "Filter the browser by name",
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

    /// The shortcuts that run the command; the first is the one menus show.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        match self {
            Command::Editor(c) => c.spec().map_or(&[], |s| s.shortcuts),
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

    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        self.shortcuts().first().copied()
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

    pub fn group(self) -> MenuGroup {
        use Command::*;
        match self {
            Editor(c) => c.spec().and_then(|s| s.menu).unwrap_or(MenuGroup::View),
            Open | OpenFolder | UnpackProject | PackProject | Save | SaveAs | SaveAll | CloseFile | Quit => MenuGroup::File,
            Undo | Redo | SelectAll | FocusFilter => MenuGroup::Edit,
            OpenEntry | Extract | ExtractAll | Replace | Rename | Delete | AddFiles | CopyName | Check
            | RebuildLookup | Compact | CancelTask => MenuGroup::Entry,
            CloseTab | NextTab | PrevTab | ToggleBrowser | ToggleInspector | ToggleLog | ThemeSystem | ThemeLight
            | ThemeDark | ZoomIn | ZoomOut | ZoomReset | CommandPalette | Readings => MenuGroup::View,
            About => MenuGroup::Help,
        }
    }
}

impl MenuGroup {
    pub fn label(self) -> &'static str {
        match self {
            MenuGroup::File => "File",
            MenuGroup::Edit => "Edit",
            MenuGroup::Entry => "Entry",
            MenuGroup::View => "View",
            MenuGroup::Help => "Help",
        }
    }
}

/// The commands whose shortcut was pressed this frame, consumed from the input so widgets do
/// not also see them. The focused editor's keys come first (its Delete removes what it has
/// selected, not the browser's selection), and only while its state wants them; then the
/// shell's. Longer modifier sets are tried first: egui matches Ctrl+Z inside Ctrl+Shift+Z
/// otherwise.
pub fn pressed_shortcuts(ctx: &egui::Context, focus: Option<(&dyn ItemEditor, &dyn EditorState)>) -> Vec<Command> {
    let typing = ctx.egui_wants_keyboard_input();
    let by_modifiers = |v: &mut Vec<(Command, KeyboardShortcut)>| v.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
    let mut all: Vec<(Command, KeyboardShortcut)> = Vec::new();
    if let Some((editor, state)) = focus
        && !typing
    {
        for (index, spec) in editor.commands().iter().enumerate() {
            if state.wants_keys(index, ctx) {
                all.extend(spec.shortcuts.iter().map(|&s| (Command::Editor(EditorCommand { editor: editor.id(), index }), s)));
            }
        }
        by_modifiers(&mut all);
    }
    let mut shell: Vec<(Command, KeyboardShortcut)> = Command::ALL.iter().flat_map(|&c| c.shortcuts().iter().map(move |&s| (c, s))).collect();
    by_modifiers(&mut shell);
    all.extend(shell);
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for (c, s) in &all {
            if typing && !c.fires_while_typing() {
                continue;
            }
            if i.consume_shortcut(s) && !out.contains(c) {
                out.push(*c);
            }
        }
    });
    out
}

fn modifier_count(m: Modifiers) -> u8 {
    m.alt as u8 + m.ctrl as u8 + m.shift as u8 + m.mac_cmd as u8 + m.command as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_table_holds_every_variant_in_order() {
        // Each shell variant sits in ALL where the macro declared it; a variant missing from
        // ALL would leave a gap, one listed twice a repeat.
        for (i, c) in Command::ALL.iter().enumerate() {
            assert_eq!(c.declared_index(), Some(i), "{c:?}");
        }
        let every = Command::every();
        assert!(every.len() > Command::ALL.len(), "the editors' commands are in the table");
        for c in &every[Command::ALL.len()..] {
            assert!(matches!(c, Command::Editor(e) if e.spec().is_some()), "{c:?}");
            assert_eq!(c.declared_index(), None);
        }
    }

    #[test]
    fn every_command_is_listed_once_with_text() {
        let every = Command::every();
        let set: HashSet<_> = every.iter().collect();
        assert_eq!(set.len(), every.len());
        for c in &every {
            assert!(!c.label().is_empty() && !c.tooltip().is_empty(), "{c:?}");
        }
    }

    #[test]
    fn no_two_commands_share_a_shortcut() {
        // Among the shell's commands, and among each editor's (an editor's keys may shadow the
        // shell's while it has the focus: that is what they are for).
        let mut groups: Vec<Vec<Command>> = vec![Command::ALL.to_vec()];
        groups.extend(editors::ALL.iter().map(|e| Command::every().into_iter().filter(|c| matches!(c, Command::Editor(x) if x.editor == e.id())).collect()));
        for group in groups {
            let mut seen = HashSet::new();
            for c in group {
                for s in c.shortcuts() {
                    assert!(seen.insert((s.modifiers.command, s.modifiers.shift, s.modifiers.alt, s.logical_key)), "{c:?} {s:?}");
                }
            }
        }
    }

    #[test]
    fn ctrl_shift_z_is_redo_not_undo() {
        let ctx = egui::Context::default();
        let mut input = egui::RawInput::default();
        let mods = Modifiers { shift: true, ..Modifiers::COMMAND };
        input.events.push(egui::Event::ModifiersChanged(mods));
        input.events.push(egui::Event::Key {
            key: Key::Z,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: mods,
        });
        let mut got = Vec::new();
        ctx.run_ui(input, |ui| got = pressed_shortcuts(ui.ctx(), None)).drop_without_applying_deltas();
        assert_eq!(got, vec![Command::Redo]);
    }
}
