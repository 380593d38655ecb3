//! Item editors plug in here, the twin of `doc::registry::Codec`. An editor claims items by
//! the kind of the codec that claims them, makes each tab's state, adds its commands to the one
//! command table (menus, keys, the palette and the context menu show them), draws into a tab
//! and hands back intents: document changes as [`crate::app::intent::ItemEdit`]s, everything
//! else it owns (its dialogs, its file pickers' answers) as [`EditorMsg`]s that come back to
//! [`ItemEditor::handle`]. The shell (tabs, intents, apply, dispatch) never names a format.
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
pub mod texture;
pub mod wear;

use super::command::MenuGroup;
use super::intent::{Dialog, Intent};
use super::log::Log;
use crate::doc::registry::{Codec, Item, codec_for};
use crate::doc::{ItemPath, Workspace, items};
use crate::formats::bytes::SharedBytes;
use egui::KeyboardShortcut;
use std::any::Any;
use std::path::Path;
use std::sync::Arc;

/// An editor's stable name ("texture"): tabs, commands and messages name their editor by it.
pub type EditorId = &'static str;

/// Every registered editor. The first that claims an item opens it.
pub static ALL: &[&dyn ItemEditor] =
    &[&texture::TextureEditor, &mesh::MeshEditor, &wear::WearEditor, &mat0::Mat0Editor, &materials::MaterialListEditor];

/// What an editor is told about an item when asked whether it opens it.
pub struct Claim<'a> {
    /// The `kind` of the codec that claims the item (`"texm"`, `"mat0"`, ...), if any.
    pub kind: Option<&'static str>,
    pub bytes: &'a [u8],
    /// For an archive, the kind of the codec that claims each entry (by its directory row:
    /// name, type id, attrs); empty for anything else.
    pub entry_kinds: Vec<Option<&'static str>>,
}

/// One command an editor adds to the command table.
pub struct CommandSpec {
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

/// Sent to an editor (through [`ItemEditor::handle`]) to show the place at a byte offset of
/// its item: a click on one of its [`EditorState::diagnostics`] in the Diagnostics panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RevealAt(pub u64);

/// A native file dialog's answer to an editor's [`super::intent::Pick::ForEditor`]: the tag it
/// asked with and the path picked.
pub struct Picked {
    pub tag: EditorMsg,
    pub path: std::path::PathBuf,
}

/// What a tab's editor reads while it draws.
pub struct EditorCx<'a> {
    pub ws: &'a Workspace,
    /// Bumped on every document change.
    pub generation: u64,
    pub path: &'a ItemPath,
    pub bytes: &'a SharedBytes,
    /// The window's wgpu device, when the app has one (3D views draw with it).
    pub gpu: Option<&'a eframe::egui_wgpu::RenderState>,
}

/// What an editor may use while it runs a command or handles a message: the document (read
/// only: changes go out as intents), the log, the one editor-dialog slot and the intent queue.
pub struct Host<'a> {
    pub ws: &'a Workspace,
    pub log: &'a mut Log,
    pub dialog: &'a mut Option<Box<dyn EditorDialog>>,
    pub out: &'a mut Vec<Intent>,
}

impl Host<'_> {
    /// A failure the user asked for directly: logged and shown.
    pub fn fail(&mut self, title: &str, text: String) {
        self.log.error(format!("{title}: {text}"));
        self.out.push(Intent::ShowDialog(Dialog::Message { title: title.to_string(), text }));
    }
}

/// A modal an editor owns (the texture's replace dialog).
pub trait EditorDialog: Any {
    /// Draws the dialog; false once it closed (confirmed or cancelled).
    fn show(&mut self, ctx: &egui::Context, ws: &Workspace, out: &mut Vec<Intent>) -> bool;
}

pub trait ItemEditor: Sync {
    fn id(&self) -> EditorId;
    /// The view's name in the tab's view switch.
    fn label(&self) -> &'static str;
    fn claims(&self, item: &Claim) -> bool;
    /// A new tab's state.
    fn create(&self) -> Box<dyn EditorState>;
    fn commands(&self) -> &'static [CommandSpec] {
        &[]
    }
    /// Runs command `index` of [`ItemEditor::commands`] on `target`; `state` is the target's tab
    /// state when a tab of this editor has it open.
    fn run(&self, _index: usize, _target: &ItemPath, _state: Option<&mut dyn EditorState>, _host: &mut Host) {}
    /// Handles a message the editor sent itself about `target`.
    fn handle(&self, _target: &ItemPath, _msg: EditorMsg, _state: Option<&mut dyn EditorState>, _host: &mut Host) {}
    /// A file dropped on the item (its row, its tab title or its drop area) or given to Replace:
    /// a message to take it over, or `None` for a plain byte replace.
    fn take_file(&self, _target: &ItemPath, _file: &Path, _bytes: &[u8]) -> Option<EditorMsg> {
        None
    }
}

/// One tab's state of an editor.
pub trait EditorState: Any {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>);
    /// Whether command `index`'s keys should fire now (the pointer over its canvas, say).
    fn wants_keys(&self, _index: usize, _ctx: &egui::Context) -> bool {
        true
    }
    /// A short text after the tab's title (a count of diagnostics), as of the last draw.
    fn title_badge(&self) -> Option<String> {
        None
    }
    /// What the editor finds in its item as it stands (live, as of the last draw): the app's
    /// Diagnostics panel lists them beside the last check's, and a click there sends the
    /// editor a [`RevealAt`] with the finding's offset.
    fn diagnostics(&self) -> &[crate::formats::Diagnostic] {
        &[]
    }
    /// Where files dropped on the window go to this editor, as drawn last frame.
    fn drop_rect(&self) -> Option<egui::Rect> {
        None
    }
}

/// How an editor's side column sits: its fraction of the tab's width (clamped) when beside
/// the main view, and of the height when under it.
pub struct SideColumn {
    pub id: &'static str,
    pub width: (f32, f32, f32),
    pub width_range: std::ops::RangeInclusive<f32>,
    pub height: f32,
}

impl SideColumn {
    /// Draws the column (scrolling) beside the main view when the tab is at least 760 points
    /// wide, else under it; the caller draws the main view in the room that is left.
    pub fn show(&self, ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
        let (w, h) = (ui.available_width(), ui.available_height());
        let (lo, frac, hi) = self.width;
        let panel = if w >= 760.0 {
            egui::Panel::right(self.id).default_size((w * frac).clamp(lo, hi)).size_range(160.0f32.min(*self.width_range.start())..=*self.width_range.end())
        } else {
            egui::Panel::bottom(format!("{}-below", self.id)).default_size(h * self.height).size_range(120.0..=h * 0.8)
        };
        panel.resizable(true).show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt(format!("{}-scroll", self.id)).auto_shrink([false, false]).show(ui, add);
        });
    }
}

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
pub fn entry_kinds(ws: &Workspace, path: &ItemPath) -> Vec<Option<&'static str>> {
    match items::node_at(ws, path) {
        Ok(node) if node.is_archive() => node
            .metas()
            .iter()
            .map(|m| codec_for(&Item { bytes: &[], name: &m.name, type_id: m.type_id, attrs: m.attrs, readings: &ws.readings }).map(|c| c.kind()))
            .collect(),
        _ => Vec::new(),
    }
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

/// A tab state as its concrete type (tests and the editor's own code).
pub fn downcast<T: EditorState>(s: &dyn EditorState) -> Option<&T> {
    (s as &dyn Any).downcast_ref()
}

pub fn downcast_mut<T: EditorState>(s: &mut dyn EditorState) -> Option<&mut T> {
    (s as &mut dyn Any).downcast_mut()
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
