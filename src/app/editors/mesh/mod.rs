//! The 3D viewport: MSH models and landscapes, X-Ray level.geom and levels, drawn by
//! [`crate::render`] from the exporters' scene (one builder for what is drawn and what is
//! exported), with materials read through the workspace. Camera keys as Blender's: Home
//! frames all, F the selection, 1 / 3 / 7 front, side and top, 5 orthographic; Space plays.

pub mod build;
pub mod compare;
pub mod import;
pub mod view;

use crate::app::intent::{FileRequest, Intent, Pick};
use crate::app::seam::{Claim, CommandSpec, EditorId, EditorMsg, EditorState, Host, ItemEditor, MenuGroup, Picked, command_lookup, command_table, downcast_mut};
use crate::app::seam::compare::{CompareBody, CompareInput};
use crate::doc::ItemPath;
use crate::doc::kinds::FormatKind;
use egui::{Key, KeyboardShortcut, Modifiers};
use import::{ImportDialog, ImportMsg};
use std::path::Path;
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
    ImportModel,
}

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

const fn view_cmd(name: &'static str, label: &'static str, tooltip: &'static str, shortcuts: &'static [KeyboardShortcut]) -> CommandSpec {
    CommandSpec { name, label, tooltip, shortcuts, menu: None, on_selection: false }
}

impl Cmd {
    /// Every command, in the order the palette lists them.
    pub const ALL: [Cmd; 9] = [Cmd::FrameAll, Cmd::FrameSelection, Cmd::Front, Cmd::Side, Cmd::Top, Cmd::Orthographic, Cmd::Play, Cmd::Wireframe, Cmd::ImportModel];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::FrameAll => view_cmd("frame-all", "cmd-mesh-frame-all", "cmd-mesh-frame-all-tip", const { &[key(Key::Home)] }),
            Cmd::FrameSelection => view_cmd("frame-selection", "cmd-mesh-frame-selection", "cmd-mesh-frame-selection-tip", const { &[key(Key::F)] }),
            Cmd::Front => view_cmd("front", "cmd-mesh-front", "cmd-mesh-front-tip", const { &[key(Key::Num1)] }),
            Cmd::Side => view_cmd("side", "cmd-mesh-side", "cmd-mesh-side-tip", const { &[key(Key::Num3)] }),
            Cmd::Top => view_cmd("top", "cmd-mesh-top", "cmd-mesh-top-tip", const { &[key(Key::Num7)] }),
            Cmd::Orthographic => view_cmd("orthographic", "cmd-mesh-orthographic", "cmd-mesh-orthographic-tip", const { &[key(Key::Num5)] }),
            Cmd::Play => view_cmd("play", "cmd-mesh-play", "cmd-mesh-play-tip", const { &[key(Key::Space)] }),
            Cmd::Wireframe => view_cmd("wireframe", "cmd-mesh-wireframe", "cmd-mesh-wireframe-tip", const { &[key(Key::W)] }),
            Cmd::ImportModel => CommandSpec {
                name: "import-model",
                label: "cmd-mesh-import-model",
                tooltip: "cmd-mesh-import-model-tip",
                shortcuts: &[],
                menu: Some(MenuGroup::File),
                on_selection: true,
            },
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
        "view-mesh"
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

    fn runs_without_item(&self, cmd: &str) -> bool {
        Cmd::named(cmd) == Some(Cmd::ImportModel)
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        if Cmd::named(cmd) == Some(Cmd::ImportModel) {
            // Over the model in front, or, with none (the target is where a new one goes, or a
            // landscape or level the view draws), as a new model.
            let is_model = host.ws.item_bytes(target).ok().is_some_and(|b| crate::formats::msh::Msh::parse(b).is_ok());
            let tag = if is_model { ImportMsg::PickGltf } else { ImportMsg::PickGltfNew };
            let request = FileRequest::Open { title: crate::tr!("import-model-from"), filters: &[("glTF", &["glb", "gltf"])] };
            host.out.push(Intent::Pick(Pick::ForEditor { editor: ID, target: target.clone(), request, tag: EditorMsg::new(tag) }));
            return;
        }
        if let (Some(cmd), Some(v)) = (Cmd::named(cmd), state.and_then(downcast_mut::<MeshView>)) {
            v.command(cmd);
        }
    }

    /// A glTF dropped on a model (its tab or its row) opens the import dialog.
    fn take_file(&self, _target: &ItemPath, file: &Path, bytes: &[u8]) -> Option<EditorMsg> {
        import::is_gltf(file).then(|| EditorMsg::new(ImportMsg::Gltf { from: file.to_path_buf(), bytes: bytes.to_vec() }))
    }

    fn handle(&self, target: &ItemPath, msg: EditorMsg, _state: Option<&mut dyn EditorState>, host: &mut Host) {
        if let Some(p) = msg.get::<Picked>()
            && let Some(tag @ (ImportMsg::PickGltf | ImportMsg::PickGltfNew)) = p.tag.get::<ImportMsg>()
        {
            let new = matches!(tag, ImportMsg::PickGltfNew);
            match std::fs::read(&p.path) {
                Ok(bytes) if new => match ImportDialog::new_model(host.ws, target, &p.path, bytes, host.ctx) {
                    Ok(d) => *host.dialog = Some(Box::new(d)),
                    Err(m) => host.fail(&crate::tr!("import-model-title"),
 m),
                },
                Ok(bytes) => open_dialog(target, &p.path, bytes, host),
                Err(e) => host.fail(&crate::tr!("import-model-title"),
 format!("{}: {e}", p.path.display())),
            }
            return;
        }
        if let Some(ImportMsg::Gltf { from, bytes }) = msg.get::<ImportMsg>() {
            open_dialog(target, from, bytes.clone(), host);
        }
    }
}

fn open_dialog(target: &ItemPath, from: &Path, bytes: Vec<u8>, host: &mut Host) {
    match ImportDialog::new(host.ws, target, from, bytes, host.ctx) {
        Ok(d) => *host.dialog = Some(Box::new(d)),
        Err(m) => host.fail(&crate::tr!("import-model-title"),
 m),
    }
}
