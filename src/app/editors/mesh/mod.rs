//! The 3D viewport: MSH models and landscapes, X-Ray level.geom and levels, drawn by
//! [`crate::render`] from the exporters' scene (one builder for what is drawn and what is
//! exported), with materials read through the workspace. Camera keys as Blender's: Home
//! frames all, F the selection, 1 / 3 / 7 front, side and top, 5 orthographic; Space plays.

pub mod build;
pub mod compare;
pub mod view;

use crate::app::seam::{Claim, CommandSpec, EditorId, EditorState, Host, ItemEditor, command_lookup, command_table, downcast_mut};
use crate::app::seam::compare::{CompareBody, CompareInput};
use crate::doc::ItemPath;
use crate::doc::kinds::FormatKind;
use egui::{Key, KeyboardShortcut, Modifiers};
pub use view::MeshView;

pub const ID: EditorId = "mesh";

pub struct MeshEditor;

/// The 3D view's commands, each with its name, label, tooltip and keys.
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

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

const fn view_cmd(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
    CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
}

impl Cmd {
    /// Every command, in the order the palette lists them.
    pub const ALL: [Cmd; 8] = [Cmd::FrameAll, Cmd::FrameSelection, Cmd::Front, Cmd::Side, Cmd::Top, Cmd::Orthographic, Cmd::Play, Cmd::Wireframe];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::FrameAll => view_cmd("frame-all", "3D: Frame All", "Bring the whole item into view (pointer over the view)", const { &[key(Key::Home)] }),
            Cmd::FrameSelection => view_cmd("frame-selection", "3D: Frame Selection", "Bring the picked part into view", const { &[key(Key::F)] }),
            Cmd::Front => view_cmd("front", "3D: Front View", "Look along the file's forward axis", const { &[key(Key::Num1)] }),
            Cmd::Side => view_cmd("side", "3D: Side View", "Look from the side", const { &[key(Key::Num3)] }),
            Cmd::Top => view_cmd("top", "3D: Top View", "Look down", const { &[key(Key::Num7)] }),
            Cmd::Orthographic => view_cmd("orthographic", "3D: Orthographic", "Switch between perspective and orthographic", const { &[key(Key::Num5)] }),
            Cmd::Play => view_cmd("play", "3D: Play / Pause", "Play or pause the node and material animation", const { &[key(Key::Space)] }),
            Cmd::Wireframe => view_cmd("wireframe", "3D: Wireframe", "Edges over the shading", const { &[key(Key::W)] }),
        }
    }

}

command_lookup!(Cmd, ID);

impl ItemEditor for MeshEditor {
    /// Two models: both drawn with one camera, above the field tables.
    fn compare(&self, input: &mut CompareInput) -> Option<Box<dyn CompareBody>> {
        if input.kind != FormatKind::Msh {
            return None;
        }
        let assets = (input.assets)();
        Some(Box::new(compare::MeshPair::new(input.a, input.b, &input.readings, &assets)))
    }

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
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, _target: &ItemPath, state: Option<&mut dyn EditorState>, _host: &mut Host) {
        if let (Some(cmd), Some(v)) = (Cmd::named(cmd), state.and_then(downcast_mut::<MeshView>)) {
            v.command(cmd);
        }
    }
}
