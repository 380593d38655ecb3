//! The material editor as an [`ItemEditor`]: it opens items the `mat0` codec claims; its keys
//! (Space plays, Delete removes the selected key or phase, Home rewinds) fire while its tab is
//! active and no text field has the keyboard.

use super::{Mat0View, edits, panels};
use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorMsg, EditorState, Host, ItemEditor, MenuGroup, RevealAt, command_lookup, command_table, downcast_mut};
use crate::app::intent::{Intent, ItemEdit};
use crate::app::seam::compare::{CompareBody, CompareInput};
use crate::doc::{ItemPath, items};
use crate::formats::mat0::Mat0;
use egui::{Key, KeyboardShortcut, Modifiers};

/// The editor of one kind goes by that kind's name.
pub const ID: EditorId = crate::doc::kinds::FormatKind::Mat0.name();

pub struct Mat0Editor;

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

/// The material editor's commands, each with its name, label, tooltip, keys and menu.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cmd {
    PlayPause,
    Rewind,
    DeleteSelected,
    EditExternally,
}

impl Cmd {
    /// Every command, in the order menus and the palette list them.
    pub const ALL: [Cmd; 4] = [Cmd::PlayPause, Cmd::Rewind, Cmd::DeleteSelected, Cmd::EditExternally];

    pub const fn spec(self) -> CommandSpec {
        const fn canvas(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
            CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
        }
        match self {
            Cmd::PlayPause => canvas("play-pause", "cmd-mat0-play-pause", "cmd-mat0-play-pause-tip", const { &[key(Key::Space)] }),
            Cmd::Rewind => canvas("rewind", "cmd-mat0-rewind", "cmd-mat0-rewind-tip", const { &[key(Key::Home)] }),
            Cmd::DeleteSelected => canvas("delete-selected", "cmd-mat0-delete-selected", "cmd-mat0-delete-selected-tip", const { &[key(Key::Delete)] }),
            Cmd::EditExternally => CommandSpec {
                name: "edit-externally",
                label: "cmd-mat0-edit-externally",
                tooltip: "cmd-mat0-edit-externally-tip",
                shortcuts: &[],
                menu: Some(MenuGroup::Entry),
                on_selection: false,
            },
        }
    }

}

command_lookup!(Cmd, ID);

impl ItemEditor for Mat0Editor {
    /// Two materials: both sides playing on one timeline, in the field tables.
    fn compare(&self, input: &mut CompareInput) -> Option<Box<dyn CompareBody>> {
        if input.kind != crate::doc::kinds::FormatKind::Mat0 {
            return None;
        }
        let assets = (input.assets)();
        super::compare::MaterialPlay::new(input.a, input.b, assets).map(|p| Box::new(p) as Box<dyn CompareBody>)
    }

    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "view-material"
    }

    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(crate::doc::kinds::FormatKind::Mat0)
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(Mat0View::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    /// A search hit or a finding: the phase, block or key at its offset is selected.
    fn handle(&self, _target: &ItemPath, msg: EditorMsg, state: Option<&mut dyn EditorState>, _host: &mut Host) {
        if let (Some(RevealAt(o)), Some(v)) = (msg.get::<RevealAt>(), state.and_then(downcast_mut::<Mat0View>)) {
            v.reveal = Some(*o);
        }
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let Some(cmd) = Cmd::named(cmd) else { return };
        let Some(view) = state.and_then(downcast_mut::<Mat0View>) else {
            if cmd == Cmd::EditExternally {
                host.fail(&crate::tr!("tex-edit-external-title"), crate::tr!("tex-open-tab-first", address = items::address(host.ws, target)));
            }
            return;
        };
        if cmd == Cmd::EditExternally {
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
            crate::tr!("mat-undo-remove-key", key = k.to_string(), block = b.to_string())
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
    fn wants_keys(&self, cmd: &str, ctx: &egui::Context) -> bool {
        if ctx.egui_wants_keyboard_input() {
            return false;
        }
        match Cmd::named(cmd) {
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
