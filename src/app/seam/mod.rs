//! The seam between the shell and the item editors, the twin of `doc::registry::Codec`: what
//! an editor implements ([`ItemEditor`], [`EditorState`], [`EditorDialog`]), what it is told
//! ([`Claim`], [`EditorCx`]) and what it may use while it runs ([`Host`]). An editor imports
//! this module, `intent` (the intents it pushes), `widgets` and the shell's workers, never
//! another editor or the registry (`editors::ALL`), so it can be read, changed or deleted
//! alone.

pub mod compare;
pub mod types;

pub use types::*;

use super::intent::{Dialog, Intent};
use super::log::Log;
use crate::doc::{ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::doc::kinds::FormatKind;
use std::any::Any;
use std::path::Path;

/// What an editor is told about an item when asked whether it opens it.
pub struct Claim<'a> {
    /// The kind of the codec that claims the item, if any.
    pub kind: Option<FormatKind>,
    pub bytes: &'a [u8],
    /// For an archive, the kind of the codec that claims each entry (by its directory row:
    /// name, type id, attrs); empty for anything else.
    pub entry_kinds: Vec<Option<FormatKind>>,
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
    /// The window's context (work on other threads wakes it).
    pub ctx: &'a egui::Context,
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
    /// [`EditorDialog::show`] with the window's wgpu device, for a dialog that draws in 3D (the
    /// model import's preview); the shell calls this one.
    fn show_with_gpu(&mut self, ctx: &egui::Context, ws: &Workspace, _gpu: Option<&eframe::egui_wgpu::RenderState>, out: &mut Vec<Intent>) -> bool {
        self.show(ctx, ws, out)
    }
}

pub trait ItemEditor: Sync {
    fn id(&self) -> EditorId;
    /// The view's name in the tab's view switch: a `view-…` key of the `.ftl` files (an
    /// editor not yet written against the keys gives its English name).
    fn label(&self) -> &'static str;
    fn claims(&self, item: &Claim) -> bool;
    /// A new tab's state.
    fn create(&self) -> Box<dyn EditorState>;
    fn commands(&self) -> &'static [CommandSpec] {
        &[]
    }
    /// Runs the command named `cmd` (a [`CommandSpec::name`] of [`ItemEditor::commands`]; the
    /// editor finds its enum's variant by it) on `target`; `state` is the target's tab state
    /// when a tab of this editor has it open.
    fn run(&self, _cmd: &str, _target: &ItemPath, _state: Option<&mut dyn EditorState>, _host: &mut Host) {}
    /// Whether the command named `cmd` also runs with no item of this editor's open or
    /// selected (it makes a new one): its target is then where the new item would go, the
    /// current archive or file, which this editor need not claim.
    fn runs_without_item(&self, _cmd: &str) -> bool {
        false
    }
    /// Handles a message the editor sent itself about `target`.
    fn handle(&self, _target: &ItemPath, _msg: EditorMsg, _state: Option<&mut dyn EditorState>, _host: &mut Host) {}
    /// A file dropped on the item (its row, its tab title or its drop area) or given to Replace:
    /// a message to take it over, or `None` for a plain byte replace.
    fn take_file(&self, _target: &ItemPath, _file: &Path, _bytes: &[u8]) -> Option<EditorMsg> {
        None
    }
    /// The compare capability: how this editor draws two sides of a compared item whose
    /// kind it knows (`input.kind`), or `None` (the compare view then shows the field tables).
    fn compare(&self, _input: &mut compare::CompareInput) -> Option<Box<dyn compare::CompareBody>> {
        None
    }
}

/// One tab's state of an editor.
pub trait EditorState: Any {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>);
    /// Whether the keys of the command named `cmd` should fire now (the pointer over its
    /// canvas, say).
    fn wants_keys(&self, _cmd: &str, _ctx: &egui::Context) -> bool {
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
    /// Called every frame for every tab, drawn or not, with the tab's item: work that goes on
    /// while another tab is in front (a file watched for an external program's saves).
    fn poll(&mut self, _path: &ItemPath, _host: &mut Host) {}
    /// Where files dropped on the window go to this editor, as drawn last frame.
    fn drop_rect(&self) -> Option<egui::Rect> {
        None
    }
}

/// A tab state as its concrete type (tests and the editor's own code).
pub fn downcast<T: EditorState>(s: &dyn EditorState) -> Option<&T> {
    (s as &dyn Any).downcast_ref()
}

pub fn downcast_mut<T: EditorState>(s: &mut dyn EditorState) -> Option<&mut T> {
    (s as &mut dyn Any).downcast_mut()
}

