//! The unit editor: a unit's or building's `.dat` (docs/formats/unit-dat.md), its class word,
//! the component tree with each component's record, class, attach point and display name
//! (Windows-1251), the tree edits (add a child, remove a subtree, move among siblings,
//! re-parent by dragging a row or with Move to…), each one undo step, and the 3D view. Opens
//! what the unit codec claims.

pub mod edits;
pub mod scene;
pub mod view;

use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorState, Host, ItemEditor, command_lookup, command_table, downcast_mut};
use crate::app::intent::Intent;
use crate::doc::ItemPath;
use crate::doc::kinds::FormatKind;
use edits::UnitOp;
use egui::{Key, KeyboardShortcut, Modifiers};
pub use view::UnitView;

/// The editor of one kind goes by that kind's name.
pub const ID: EditorId = FormatKind::Unit.name();

pub struct UnitEditor;

/// The unit editor's commands; they act on the selected component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    AddChild,
    Remove,
    MoveUp,
    MoveDown,
}

const fn cmd(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
    CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
}

impl Cmd {
    /// Every command, in the order the palette lists them.
    pub const ALL: [Cmd; 4] = [Cmd::AddChild, Cmd::Remove, Cmd::MoveUp, Cmd::MoveDown];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::AddChild => cmd("add-child", "cmd-unit-add-child", "cmd-unit-add-child-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::Insert)] }),
            Cmd::Remove => cmd("remove", "cmd-unit-remove", "cmd-unit-remove-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::Delete)] }),
            Cmd::MoveUp => cmd("move-up", "cmd-unit-move-up", "cmd-unit-move-up-tip", const { &[KeyboardShortcut::new(Modifiers::ALT, Key::ArrowUp)] }),
            Cmd::MoveDown => cmd("move-down", "cmd-unit-move-down", "cmd-unit-move-down-tip", const { &[KeyboardShortcut::new(Modifiers::ALT, Key::ArrowDown)] }),
        }
    }
}

command_lookup!(Cmd, ID);

impl ItemEditor for UnitEditor {
    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "view-unit"
    }

    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(FormatKind::Unit)
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(UnitView::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let (Some(c), Some(v)) = (Cmd::named(cmd), state.and_then(downcast_mut::<UnitView>)) else { return };
        let i = v.selected;
        let op = match c {
            Cmd::AddChild => {
                let record = v.unit().and_then(|u| u.components().get(i)).map(|c| c.record().into_owned()).unwrap_or_default();
                UnitOp::AddChild { parent: i, record }
            }
            Cmd::Remove => UnitOp::Remove(i),
            Cmd::MoveUp => UnitOp::MoveUp(i),
            Cmd::MoveDown => UnitOp::MoveDown(i),
        };
        match crate::doc::items::bytes_of(host.ws, target) {
            Ok(b) => v.commit(target, &b, host.ws.readings.unit_dat, op, host.out),
            Err(e) => host.fail(&crate::app::i18n::tr_or_text(c.spec().label), e),
        }
    }
}

impl EditorState for UnitView {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        view::show(ui, cx, self, out);
    }

    fn diagnostics(&self) -> &[crate::formats::Diagnostic] {
        &self.diagnostics
    }
}
