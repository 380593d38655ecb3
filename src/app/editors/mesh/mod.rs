//! The 3D viewport: MSH models and landscapes, X-Ray level.geom and levels, drawn by
//! [`crate::render`] from the exporters' scene (one builder for what is drawn and what is
//! exported), with materials read through the workspace. Camera keys as Blender's: Home
//! frames all, F the selection, 1 / 3 / 7 front, side and top, 5 orthographic; Space plays.

pub mod build;
pub mod level;
pub mod view;

use crate::app::seam::{Claim, CommandSpec, EditorId, EditorState, Host, ItemEditor, downcast_mut};
use crate::doc::ItemPath;
use crate::doc::kinds::FormatKind;
use egui::{Key, KeyboardShortcut, Modifiers};
pub use view::MeshView;

pub const ID: EditorId = "mesh";

pub struct MeshEditor;

/// The commands, in [`COMMANDS`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    FrameAll,
    FrameSelection,
    Front,
    Side,
    Top,
    Orthographic,
    Play,
    Wireframe,
}

const CMDS: [Cmd; 8] = [Cmd::FrameAll, Cmd::FrameSelection, Cmd::Front, Cmd::Side, Cmd::Top, Cmd::Orthographic, Cmd::Play, Cmd::Wireframe];

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

const fn view_cmd(label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
    CommandSpec { label, tooltip, shortcuts, menu: None, on_selection: false }
}

static COMMANDS: [CommandSpec; 8] = [
    view_cmd("3D: Frame All", "Bring the whole item into view (pointer over the view)", &[key(Key::Home)]),
    view_cmd("3D: Frame Selection", "Bring the picked part into view", &[key(Key::F)]),
    view_cmd("3D: Front View", "Look along the file's forward axis", &[key(Key::Num1)]),
    view_cmd("3D: Side View", "Look from the side", &[key(Key::Num3)]),
    view_cmd("3D: Top View", "Look down", &[key(Key::Num7)]),
    view_cmd("3D: Orthographic", "Switch between perspective and orthographic", &[key(Key::Num5)]),
    view_cmd("3D: Play / Pause", "Play or pause the node and material animation", &[key(Key::Space)]),
    view_cmd("3D: Wireframe", "Edges over the shading", &[key(Key::W)]),
];

impl ItemEditor for MeshEditor {
    fn id(&self) -> EditorId {
        ID
    }

    fn label(&self) -> &'static str {
        "3D View"
    }

    fn claims(&self, item: &Claim) -> bool {
        matches!(item.kind, Some(FormatKind::Msh | FormatKind::XrayGeom | FormatKind::XrayLevel))
    }

    fn create(&self) -> Box<dyn EditorState> {
        Box::new(MeshView::default())
    }

    fn commands(&self) -> &'static [CommandSpec] {
        &COMMANDS
    }

    fn run(&self, index: usize, _target: &ItemPath, state: Option<&mut dyn EditorState>, _host: &mut Host) {
        if let (Some(&cmd), Some(v)) = (CMDS.get(index), state.and_then(downcast_mut::<MeshView>)) {
            v.command(cmd);
        }
    }
}
