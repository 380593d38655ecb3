//! The material editor as an [`ItemEditor`]: it opens items the `mat0` codec claims; its keys
//! (Space plays, Delete removes the selected key or phase, Home rewinds) fire while its tab is
//! active and no text field has the keyboard.

use super::{Mat0View, edits, panels};
use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorMsg, EditorState, Host, ItemEditor, RevealAt, downcast_mut};
use crate::app::intent::{Intent, ItemEdit};
use crate::doc::{ItemPath, items};
use crate::formats::mat0::Mat0;
use egui::{Key, KeyboardShortcut, Modifiers};

pub const ID: EditorId = "mat0";

pub struct Mat0Editor;

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

/// The commands, in the order [`Mat0Editor::run`] matches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cmd {
    PlayPause,
    Rewind,
    DeleteSelected,
    EditExternally,
}

const CMDS: [Cmd; 4] = [Cmd::PlayPause, Cmd::Rewind, Cmd::DeleteSelected, Cmd::EditExternally];

/// Index of Edit in External Program in [`Mat0Editor::commands`].
pub const EDIT_EXTERNALLY: usize = 3;

/// Command `index` of this editor.
pub fn command(index: usize) -> crate::app::seam::EditorCommand {
    crate::app::seam::EditorCommand { editor: ID, index }
}

static COMMANDS: [CommandSpec; 4] = [
    CommandSpec { label: "Material: Play/Pause", tooltip: "Play or pause the material's timeline", shortcuts: &[key(Key::Space)], menu: None, on_selection: false },
    CommandSpec { label: "Material: Rewind", tooltip: "Move the playhead to 0 ms", shortcuts: &[key(Key::Home)], menu: None, on_selection: false },
    CommandSpec {
        label: "Material: Delete Selected",
        tooltip: "Remove the selected key (or, with no key selected, the selected phase)",
        shortcuts: &[key(Key::Delete)],
        menu: None,
        on_selection: false,
    },
    CommandSpec {
        label: "Edit Material Text in External Program",
        tooltip: "Open the material as text (the form `unpack` writes) in another program (Edit > External Program); each save there replaces the material as one undo step until its tab closes",
        shortcuts: &[],
        menu: Some(crate::app::seam::MenuGroup::Entry),
        on_selection: false,
    },
];

impl ItemEditor for Mat0Editor {
    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "Material"
    }

    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(crate::doc::kinds::FormatKind::Mat0)
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(Mat0View::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        &COMMANDS
    }

    /// A search hit or a finding: the phase, block or key at its offset is selected.
    fn handle(&self, _target: &ItemPath, msg: EditorMsg, state: Option<&mut dyn EditorState>, _host: &mut Host) {
        if let (Some(RevealAt(o)), Some(v)) = (msg.get::<RevealAt>(), state.and_then(downcast_mut::<Mat0View>)) {
            v.reveal = Some(*o);
        }
    }

    fn run(&self, index: usize, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let Some(cmd) = CMDS.get(index) else { return };
        let Some(view) = state.and_then(downcast_mut::<Mat0View>) else {
            if *cmd == Cmd::EditExternally {
                host.fail("Edit in External Program", format!("open {} in its tab first", items::address(host.ws, target)));
            }
            return;
        };
        if *cmd == Cmd::EditExternally {
            return super::outside::start(target, view, host);
        }
        let Some(mat) = view.material().cloned() else { return };
        let axis = super::axis(&mat);
        match cmd {
            Cmd::PlayPause => view.timeline.toggle_play(&axis),
            Cmd::Rewind => view.timeline.time = 0.0,
            Cmd::DeleteSelected => delete_selected(target, view, mat, host),
            Cmd::EditExternally => {}
        }
    }
}

fn delete_selected(target: &ItemPath, view: &mut Mat0View, mut mat: Mat0, host: &mut Host) {
    let address = items::address(host.ws, target);
    let (b, selected_key) = (view.block, view.key);
    let done = match selected_key {
        Some(k) => edits::remove_key(&mut mat, b, k).map(|_| {
            view.key = None;
            format!("Remove key {k} of block {b}")
        }),
        None => panels::remove_phase(view, &mut mat, view.phase).map(|(to, label)| {
            view.phase = to;
            label
        }),
    };
    match done.and_then(|label| mat.write().map(|b| (label, b)).map_err(|e| e.to_string())) {
        Ok((label, bytes)) => host.out.push(Intent::EditItem(ItemEdit::bytes(target, bytes, format!("{label} ({address})")))),
        Err(e) => view.notice = Some(e),
    }
}

impl EditorState for Mat0View {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        super::show(ui, cx, self, out);
    }

    /// Not while a text field has the keyboard (Space types a space there), and Delete only
    /// with something to delete.
    fn wants_keys(&self, index: usize, ctx: &egui::Context) -> bool {
        if ctx.egui_wants_keyboard_input() {
            return false;
        }
        match CMDS.get(index) {
            Some(Cmd::EditExternally) => true,
            Some(Cmd::DeleteSelected) => self.material().is_some_and(|m| self.key.is_some() || !m.phases.is_empty()),
            Some(_) => self.material().is_some(),
            None => false,
        }
    }

    fn poll(&mut self, path: &ItemPath, host: &mut Host) {
        super::outside::poll(path, self, host);
    }
}
