//! The values that cross the seam between the shell and the editors: an editor's name, its
//! commands' specs and where they sit in the menus, the messages it sends itself. Nothing
//! here knows an editor or the shell's state.

use egui::KeyboardShortcut;
use std::any::Any;
use std::sync::Arc;

/// An editor's stable name ("texture"): tabs, commands and messages name their editor by it.
pub type EditorId = &'static str;

/// One command of editor `editor`: the [`CommandSpec::name`] of one variant of the editor's
/// command enum (an editor's `Cmd::command`); never a position in a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EditorCommand {
    pub editor: EditorId,
    pub name: &'static str,
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

impl MenuGroup {
    pub fn label(self) -> String {
        match self {
            MenuGroup::File => crate::tr!("menu-file"),
            MenuGroup::Edit => crate::tr!("menu-edit"),
            MenuGroup::Entry => crate::tr!("menu-entry"),
            MenuGroup::View => crate::tr!("menu-view"),
            MenuGroup::Help => crate::tr!("menu-help"),
        }
    }
}

/// One command an editor adds to the command table: what one variant of the editor's command
/// enum says of itself (its `spec`).
#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    /// Its stable name inside the editor ("replace-image"): what [`EditorCommand`] carries and
    /// the enum's `named` finds the variant by.
    pub name: &'static str,
    /// The keys of its label and tooltip in `i18n/*/commands.ftl` (`cmd-EDITOR-NAME`,
    /// `cmd-EDITOR-NAME-tip`); an editor not yet written against the keys gives English text,
    /// shown as it is.
    pub label: &'static str,
    pub tooltip: &'static str,
    /// The first is the one menus show. The keys fire only while the editor has the focus
    /// (its tab is active and [`EditorState::wants_keys`] agrees), before the shell's.
    pub shortcuts: &'static [KeyboardShortcut],
    /// Where it sits in the menu bar; `None` keeps it out of the menus (the palette and the
    /// keys still have it).
    pub menu: Option<MenuGroup>,
    /// It acts on the selected item too when no tab of the editor is active (menus, palette).
    pub on_selection: bool,
}

/// What an editor sent itself, opaque to the shell: a picked file, a dropped image. Compared by
/// identity.
#[derive(Clone)]
pub struct EditorMsg(pub Arc<dyn Any + Send + Sync>);

impl EditorMsg {
    pub fn new<T: Any + Send + Sync>(v: T) -> EditorMsg {
        EditorMsg(Arc::new(v))
    }
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.downcast_ref()
    }
}

impl std::fmt::Debug for EditorMsg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EditorMsg")
    }
}

impl PartialEq for EditorMsg {
    fn eq(&self, o: &EditorMsg) -> bool {
        Arc::ptr_eq(&self.0, &o.0)
    }
}

/// Sent to an editor (through `ItemEditor::handle`) to show the place at a byte offset of
/// its item: a click on one of its `EditorState::diagnostics` in the Diagnostics panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RevealAt(pub u64);

/// A native file dialog's answer to an editor's `intent::Pick::ForEditor`: the tag it
/// asked with and the path picked.
pub struct Picked {
    pub tag: EditorMsg,
    pub path: std::path::PathBuf,
}


/// The `&'static [CommandSpec]` an editor's `ItemEditor::commands` returns, built from its
/// command enum (`$cmd::ALL` in menu order, `$cmd::spec` a `const fn`), so the table and the
/// enum cannot drift apart.
macro_rules! command_table {
    ($cmd:ty) => {{
        const N: usize = <$cmd>::ALL.len();
        static TABLE: [$crate::app::seam::CommandSpec; N] = {
            let mut out = [<$cmd>::ALL[0].spec(); N];
            let mut k = 1;
            while k < N {
                out[k] = <$cmd>::ALL[k].spec();
                k += 1;
            }
            out
        };
        &TABLE
    }};
}
pub(crate) use command_table;

/// The two lookups every editor's command enum has: the command as the shell's table holds it
/// (`Cmd::X.command()`) and the command of a name (`Cmd::named`).
macro_rules! command_lookup {
    ($cmd:ident, $editor:expr) => {
        impl $cmd {
            /// The command as the shell's command table holds it.
            pub fn command(self) -> $crate::app::seam::EditorCommand {
                $crate::app::seam::EditorCommand { editor: $editor, name: self.spec().name }
            }

            pub fn named(name: &str) -> Option<$cmd> {
                $cmd::ALL.into_iter().find(|c| c.spec().name == name)
            }
        }
    };
}
pub(crate) use command_lookup;
