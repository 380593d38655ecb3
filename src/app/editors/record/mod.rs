//! The record editor: a reference record of `objects.rlb` (docs/formats/objects.md), its kind
//! and slots, where each slot resolves in the game folder (a link opens it), slot edits picked
//! from what the folder holds (each one undo step, only that slot's 64 bytes changing), and the
//! record's mesh drawn in a 3D preview. Opens what the record codec claims.

pub mod edits;
pub mod view;

use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorState, Host, ItemEditor, command_lookup, command_table, downcast_mut};
use crate::app::intent::Intent;
use crate::app::widgets::game_folder::Resolution;
use crate::doc::ItemPath;
use crate::doc::kinds::FormatKind;
use crate::formats::objrec::Role;
use egui::{Key, KeyboardShortcut, Modifiers};
pub use view::RecordView;

/// The editor of one kind goes by that kind's name.
pub const ID: EditorId = FormatKind::Record.name();

pub struct RecordEditor;

/// The record editor's commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    EditSlot,
    AddSlot,
    ClearSlot,
    OpenMesh,
}

const fn cmd(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
    CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
}

impl Cmd {
    /// Every command, in the order the palette lists them.
    pub const ALL: [Cmd; 4] = [Cmd::EditSlot, Cmd::AddSlot, Cmd::ClearSlot, Cmd::OpenMesh];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::EditSlot => cmd("edit-slot", "cmd-record-edit-slot", "cmd-record-edit-slot-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::F2)] }),
            Cmd::AddSlot => cmd("add-slot", "cmd-record-add-slot", "cmd-record-add-slot-tip", &[]),
            Cmd::ClearSlot => cmd("clear-slot", "cmd-record-clear-slot", "cmd-record-clear-slot-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::Delete)] }),
            Cmd::OpenMesh => cmd("open-mesh", "cmd-record-open-mesh", "cmd-record-open-mesh-tip", &[]),
        }
    }
}

command_lookup!(Cmd, ID);

impl ItemEditor for RecordEditor {
    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "view-record"
    }

    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(FormatKind::Record)
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(RecordView::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let (Some(c), Some(v)) = (Cmd::named(cmd), state.and_then(downcast_mut::<RecordView>)) else { return };
        match c {
            Cmd::EditSlot => v.start_pick(v.selected),
            Cmd::AddSlot => v.start_pick(None),
            Cmd::ClearSlot => {
                let Some(i) = v.selected else {
                    host.out.push(Intent::Log(crate::formats::Severity::Info, crate::tr!("record-select-first")));
                    return;
                };
                match crate::doc::items::bytes_of(host.ws, target) {
                    Ok(b) => v.commit(target, &b, edits::SlotEdit::Clear(i), host.out),
                    Err(e) => host.fail(&crate::tr!("record-clear-title"), e),
                }
            }
            Cmd::OpenMesh => match v.record().and_then(|r| r.find_role(Role::Mesh)).and_then(|i| v.resolution(i)) {
                Some(Resolution::Found { path, member }) => host.out.push(Intent::OpenLinked { file: path, entry: Some(member) }),
                _ => host.out.push(Intent::Log(crate::formats::Severity::Warning, crate::tr!("record-mesh-nothing"))),
            },
        }
    }
}

impl EditorState for RecordView {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        egui::ScrollArea::vertical().id_salt("record-view").show(ui, |ui| view::show(ui, cx, self, out));
    }

    fn diagnostics(&self) -> &[crate::formats::Diagnostic] {
        self.parsed.as_ref().map_or(&[], |p| p.diagnostics.as_slice())
    }
}
