//! The mission editor: a mission's `data.tma` (docs/formats/tma.md) on its landscape, every
//! placed object drawn where it stands with its clan's colour, the routes, zones, bases and
//! lodes painted over it, in perspective or as the map; the objects table and the inspector;
//! select, move, turn, duplicate and delete, each one undo step that changes only the bytes
//! of what it edits. Opens what the mission codec claims.

pub mod asked;
pub mod areals;
pub mod camera;
pub mod clans;
pub mod compare;
pub mod drag;
pub mod edits;
pub mod gesture;
pub mod gizmo;
pub mod glyphs;
pub mod inspector;
pub mod marker_drag;
pub mod markers;
pub mod mission_tab;
pub mod overlays;
pub mod palette;
pub mod palette_view;
pub mod problems;
pub mod props;
pub mod routes;
pub mod scene;
pub mod selection;
pub mod state;
pub mod table;
pub mod thumbs;
pub mod view;
pub mod viewport;

use crate::app::intent::Intent;
use crate::app::seam::compare::{CompareBody, CompareInput};
use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorMsg, EditorState, Host, ItemEditor, RevealAt, command_lookup, command_table, downcast_mut};
use crate::doc::ItemPath;
use crate::doc::kinds::FormatKind;
use edits::{Hosted, MissionOp, Place};
use egui::{Key, KeyboardShortcut, Modifiers};
pub use state::MissionView;

/// The editor of one kind goes by that kind's name.
pub const ID: EditorId = FormatKind::Mission.name();

/// How far R turns the selection about the vertical.
pub const TURN_STEP: f32 = std::f32::consts::PI / 12.0;
/// How far a duplicate lands from its original (Parkan x, y).
pub const DUPLICATE_OFFSET: [f32; 3] = [8.0, 8.0, 0.0];

pub struct MissionEditor;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Delete,
    Duplicate,
    TurnLeft,
    TurnRight,
    Frame,
    ToggleMap,
    SelectAll,
}

const fn cmd(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
    CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
}

impl Cmd {
    /// Every command, in the order the palette lists them.
    pub const ALL: [Cmd; 7] = [Cmd::Delete, Cmd::Duplicate, Cmd::TurnLeft, Cmd::TurnRight, Cmd::Frame, Cmd::ToggleMap, Cmd::SelectAll];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::Delete => cmd("delete", "cmd-mission-delete", "cmd-mission-delete-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::Delete)] }),
            Cmd::Duplicate => cmd("duplicate", "cmd-mission-duplicate", "cmd-mission-duplicate-tip", const { &[KeyboardShortcut::new(Modifiers::COMMAND, Key::D)] }),
            Cmd::TurnLeft => cmd("turn-left", "cmd-mission-turn-left", "cmd-mission-turn-left-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::R)] }),
            Cmd::TurnRight => cmd("turn-right", "cmd-mission-turn-right", "cmd-mission-turn-right-tip", const { &[KeyboardShortcut::new(Modifiers::SHIFT, Key::R)] }),
            Cmd::Frame => cmd("frame", "cmd-mission-frame", "cmd-mission-frame-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::F)] }),
            Cmd::ToggleMap => cmd("toggle-map", "cmd-mission-toggle-map", "cmd-mission-toggle-map-tip", const { &[KeyboardShortcut::new(Modifiers::NONE, Key::M)] }),
            Cmd::SelectAll => cmd("select-all", "cmd-mission-select-all", "cmd-mission-select-all-tip", const { &[KeyboardShortcut::new(Modifiers::COMMAND, Key::A)] }),
        }
    }
}

command_lookup!(Cmd, ID);

impl ItemEditor for MissionEditor {
    /// Two missions: the object-level diff grouped by kind of change, and both sides on a map.
    fn compare(&self, input: &mut CompareInput) -> Option<Box<dyn CompareBody>> {
        (input.kind == FormatKind::Mission).then(|| Box::new(compare::MissionCompare::new(input.a, input.b, &input.readings)) as Box<dyn CompareBody>)
    }

    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "view-mission"
    }

    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(FormatKind::Mission)
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(MissionView::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let (Some(c), Some(v)) = (Cmd::named(cmd), state.and_then(downcast_mut::<MissionView>)) else { return };
        let Some(m) = v.mission().cloned() else { return };
        let selected: Vec<usize> = v.selection.objects.iter().copied().collect();
        let op = match c {
            Cmd::Frame => {
                if let Some(b) = v.scene.built() {
                    v.viewport.frame(b, &m, &selected);
                }
                return;
            }
            Cmd::ToggleMap => {
                v.viewport.map = !v.viewport.map;
                return;
            }
            Cmd::SelectAll => {
                v.selection.objects = (0..m.objects.len()).collect();
                v.selection.marker = None;
                return;
            }
            _ if selected.is_empty() => return,
            Cmd::Delete => {
                let hosted = view::hosted_in(&m, &selected);
                if hosted > 0 {
                    v.pending_remove = Some(state::PendingRemove { objects: selected, hosted });
                    return;
                }
                MissionOp::Remove(selected, Hosted::StartOutside)
            }
            Cmd::Duplicate => MissionOp::Duplicate(selected, DUPLICATE_OFFSET),
            Cmd::TurnLeft | Cmd::TurnRight => {
                let step = if c == Cmd::TurnLeft { TURN_STEP } else { -TURN_STEP };
                MissionOp::Place(turned(&m, &selected, step))
            }
        };
        match crate::doc::items::bytes_of(host.ws, target) {
            Ok(b) => v.commit(target, &b, op, None, host.out),
            Err(e) => host.fail(&crate::app::i18n::tr_or_text(c.spec().label), e),
        }
    }

    /// A click on one of the tab's findings in the Diagnostics panel selects what it is about.
    fn handle(&self, _target: &ItemPath, msg: EditorMsg, state: Option<&mut dyn EditorState>, _host: &mut Host) {
        if let (Some(RevealAt(o)), Some(v)) = (msg.get::<RevealAt>(), state.and_then(downcast_mut::<MissionView>)) {
            reveal(v, *o);
        }
    }
}

/// A click on a finding in the Diagnostics panel: selects what it is about (`problems`), frames
/// it in the view and scrolls the table to its row.
fn reveal(v: &mut MissionView, offset: u64) {
    let Some(s) = problems::selection_at(&v.offsets, offset) else { return };
    let objects: Vec<usize> = s.objects.iter().copied().collect();
    v.selection = s;
    if let Some(&first) = objects.first() {
        v.side = state::SideTab::Object;
        v.table.reveal = Some(first);
        if let (Some(b), Some(m)) = (v.scene.built(), v.mission.as_ref().and_then(|m| m.as_ref().ok())) {
            v.viewport.frame(b, m, &objects);
        }
    }
}

/// The selection turned by `step` radians about the vertical: one object about itself,
/// several about their common centre.
pub fn turned(m: &crate::formats::tma::Mission, list: &[usize], step: f32) -> Vec<Place> {
    let places: Vec<Place> = list.iter().filter_map(|&i| m.objects.get(i).map(|o| Place { object: i, position: o.position, rotation: o.rotation })).collect();
    drag::turn(&places, step)
}

impl EditorState for MissionView {
    fn show(&mut self, ui: &mut egui::Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        view::show(ui, cx, self, out);
    }

    fn wants_keys(&self, _cmd: &str, ctx: &egui::Context) -> bool {
        // Typing in a field keeps its keys (Delete, R, F, M are letters there).
        !ctx.egui_wants_keyboard_input()
    }

    fn title_badge(&self) -> Option<String> {
        (!self.diagnostics.is_empty()).then(|| format!("({})", self.diagnostics.len()))
    }

    fn diagnostics(&self) -> &[crate::formats::Diagnostic] {
        &self.diagnostics
    }
}
