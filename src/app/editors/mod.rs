//! The registry of item editors, the twin of `doc::registry`'s codecs. An editor claims items
//! by the kind of the codec that claims them, makes each tab's state, adds its commands to the
//! one command table (menus, keys, the palette and the context menu show them), draws into a
//! tab and hands back intents: document changes as [`crate::app::intent::ItemEdit`]s,
//! everything else it owns (its dialogs, its file pickers' answers) as [`EditorMsg`]s that come
//! back to [`ItemEditor::handle`]. What an editor implements and may use is `app::seam`; an
//! editor imports the seam, never this registry nor another editor. The shell (tabs, intents,
//! apply, dispatch) never names a format.
//!
//! # Adding an editor
//! 1. A folder `src/app/editors/NAME/` with a unit struct implementing [`ItemEditor`] and a
//!    state type implementing [`EditorState`].
//! 2. One line in [`ALL`].
//!
//! The summary, hex and raw-fields views are not editors: every item gets them.

pub mod mat0;
pub mod materials;
pub mod mesh;
pub mod mission;
pub mod palette;
pub mod record;
pub mod font;
pub mod sound;
pub mod texture;
pub mod unit;
pub mod wear;

pub use super::seam::*;

use super::command::Command;
use crate::doc::registry::{Codec, Item, codec_for};
use crate::doc::{ItemPath, Workspace, items};

/// Every registered editor. The first that claims an item opens it.
pub static ALL: &[&dyn ItemEditor] =
    &[&texture::TextureEditor, &sound::SoundEditor, &font::FontEditor, &palette::PaletteEditor, &mesh::MeshEditor, &wear::WearEditor, &mat0::Mat0Editor, &record::RecordEditor, &unit::UnitEditor, &mission::MissionEditor, &materials::MaterialListEditor];

pub fn by_id(id: EditorId) -> Option<&'static dyn ItemEditor> {
    ALL.iter().copied().find(|e| e.id() == id)
}

/// The codec that claims an item, read through the workspace (the entry's type id and attrs,
/// or a loose file's name).
pub fn codec_of(ws: &Workspace, path: &ItemPath, bytes: &[u8]) -> Option<&'static dyn Codec> {
    let meta = items::meta_of(ws, path);
    let name = match &meta {
        Some(m) => m.name.clone(),
        None => ws.file(path.file).map(|f| f.name()).unwrap_or_default(),
    };
    let item = Item { bytes, name: &name, type_id: meta.as_ref().and_then(|m| m.type_id), attrs: meta.map(|m| m.attrs).unwrap_or([0; 3]), readings: &ws.readings };
    codec_for(&item)
}

/// For an archive item, the codec kind of each entry as its directory row claims it (the
/// entries' bytes are not read); empty for anything else.
pub fn entry_kinds(ws: &Workspace, path: &ItemPath) -> Vec<Option<crate::doc::kinds::FormatKind>> {
    match items::node_at(ws, path) {
        Ok(node) if node.is_archive() => node
            .metas()
            .iter()
            .map(|m| codec_for(&Item { bytes: &[], name: &m.name, type_id: m.type_id, attrs: m.attrs, readings: &ws.readings }).map(|c| c.kind()))
            .collect(),
        _ => Vec::new(),
    }
}

/// The body an editor of the registry draws for two sides of a compared item of
/// `input.kind` (the first that offers one), instead of the compare view knowing formats.
pub fn compare_body(input: &mut compare::CompareInput) -> Option<Box<dyn compare::CompareBody>> {
    ALL.iter().find_map(|e| e.compare(input))
}

/// The editor that opens an item, if any.
pub fn editor_for(ws: &Workspace, path: &ItemPath, bytes: &[u8]) -> Option<&'static dyn ItemEditor> {
    let kind = codec_of(ws, path, bytes).map(|c| c.kind());
    // Only an item no codec claims can be an archive worth listing (an MSH is an archive too).
    let entry_kinds = if kind.is_none() { entry_kinds(ws, path) } else { Vec::new() };
    let claim = Claim { kind, bytes, entry_kinds };
    ALL.iter().copied().find(|e| e.claims(&claim))
}

/// [`editor_for`] reading the item's bytes.
pub fn editor_of(ws: &Workspace, path: &ItemPath) -> Option<&'static dyn ItemEditor> {
    items::bytes_of(ws, path).ok().and_then(|b| editor_for(ws, path, &b))
}

impl EditorCommand {
    /// The spec its editor gives it.
    pub fn spec(self) -> Option<&'static CommandSpec> {
        by_id(self.editor)?.commands().iter().find(|s| s.name == self.name)
    }
}

impl Command {
    /// Every command: the shell's, then each editor's.
    pub fn every() -> Vec<Command> {
        let mut v = Command::ALL.to_vec();
        for e in ALL {
            v.extend(e.commands().iter().map(|s| Command::Editor(EditorCommand { editor: e.id(), name: s.name })));
        }
        v
    }

    /// The key of its label in `i18n/*/commands.ftl` (or, for an editor whose commands are
    /// not written against the keys yet, its English label).
    pub fn label_key(self) -> &'static str {
        match self {
            Command::Editor(c) => c.spec().map_or("?", |s| s.label),
            c => c.shell_label(),
        }
    }

    pub fn tooltip_key(self) -> &'static str {
        match self {
            Command::Editor(c) => c.spec().map_or("", |s| s.tooltip),
            c => c.shell_tooltip(),
        }
    }

    /// Its label in the interface's language.
    pub fn label(self) -> String {
        crate::app::i18n::tr_or_text(self.label_key())
    }

    pub fn tooltip(self) -> String {
        crate::app::i18n::tr_or_text(self.tooltip_key())
    }

    /// The shortcuts that run the command; the first is the one menus show.
    pub fn shortcuts(self) -> &'static [egui::KeyboardShortcut] {
        match self {
            Command::Editor(c) => c.spec().map_or(&[], |s| s.shortcuts),
            c => c.shell_shortcuts(),
        }
    }

    pub fn shortcut(self) -> Option<egui::KeyboardShortcut> {
        self.shortcuts().first().copied()
    }

    pub fn group(self) -> MenuGroup {
        match self {
            Command::Editor(c) => c.spec().and_then(|s| s.menu).unwrap_or(MenuGroup::View),
            c => c.shell_group(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::editors;
    use std::collections::HashSet;

    #[test]
    fn editor_ids_are_unique_and_commands_have_text() {
        let ids: HashSet<_> = ALL.iter().map(|e| e.id()).collect();
        assert_eq!(ids.len(), ALL.len());
        for e in ALL {
            assert!(by_id(e.id()).is_some());
            for c in e.commands() {
                assert!(!c.label.is_empty() && !c.tooltip.is_empty(), "{}", c.label);
            }
            // A command is found by its name: two of one editor with one name would run the
            // first for both.
            let names: HashSet<_> = e.commands().iter().map(|c| c.name).collect();
            assert_eq!(names.len(), e.commands().len(), "{}: command names repeat", e.id());
            for c in e.commands() {
                assert_eq!(EditorCommand { editor: e.id(), name: c.name }.spec().map(|s| s.label), Some(c.label));
            }
        }
    }

    #[test]
    fn messages_compare_by_identity() {
        let a = EditorMsg::new(1u8);
        assert_eq!(a, a.clone());
        assert_ne!(a, EditorMsg::new(1u8));
        assert_eq!(a.get::<u8>(), Some(&1));
        assert_eq!(a.get::<u16>(), None);
    }

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
}
