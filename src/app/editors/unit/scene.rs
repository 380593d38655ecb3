//! The unit editor's 3D view and the chain behind a component: component → its record in the
//! folder's `objects.rlb` → the record's mesh and `.wea` slots → where they resolve.

use crate::app::seam::EditorCx;
use crate::app::widgets::game_folder::{self, GameFolder, Resolution};
use crate::app::widgets::orbit_view::OrbitView;
use crate::formats::objrec::{Kind, Record, Role};
use crate::formats::unit_dat::UnitDat;
use crate::render::RenderScene;
use egui::Ui;
use std::path::PathBuf;

/// What a component's record names, as far as it resolves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// `objects.rlb::KEY (KIND)`, or why not.
    pub record: Result<String, String>,
    /// The mesh slot's archive file and member.
    pub mesh: Option<(PathBuf, String)>,
    /// The `.wea` slot as it resolves (`archive::member`), or why not.
    pub materials: Option<Result<String, String>>,
}

impl Chain {
    fn failed(why: String) -> Chain {
        Chain { record: Err(why), mesh: None, materials: None }
    }

    /// One line per step, for the view.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![match &self.record {
            Ok(r) => format!("record {r}"),
            Err(e) => format!("record: {e}"),
        }];
        match &self.mesh {
            Some((p, m)) => out.push(format!("mesh {}::{m}", p.file_name().map(|n| n.to_string_lossy()).unwrap_or_default())),
            None if self.record.is_ok() => out.push("mesh: the record's mesh slot resolves to nothing".into()),
            None => {}
        }
        match &self.materials {
            Some(Ok(w)) => out.push(format!("materials {w}")),
            Some(Err(e)) => out.push(format!("materials: {e}")),
            None => {}
        }
        out
    }
}

/// The chain of component `i` of `u` in `folder`.
pub fn chain_of(cx: &EditorCx, folder: &GameFolder, u: &UnitDat, i: usize) -> Chain {
    let Some(c) = u.components().get(i) else { return Chain::failed(format!("no component {i}")) };
    let (archive, key) = (c.archive().into_owned(), c.record().into_owned());
    let Resolution::Found { path, member } = folder.resolve(&archive, &key) else {
        return Chain::failed(format!("{archive} has no record {key}"));
    };
    let read = game_folder::member_bytes(cx.ws, &path, &member).and_then(|(bytes, node)| {
        let kind = node.resolve(&member).and_then(|k| node.meta(k)).and_then(|m| m.type_id).map_or(Kind::Other(0), Kind::from_type_id);
        Record::parse(&bytes, kind).map(|(r, _)| (r, kind)).map_err(|e| e.to_string())
    });
    let (record, kind) = match read {
        Ok(r) => r,
        Err(e) => return Chain::failed(format!("{archive}::{member} does not read: {e}")),
    };
    let slot = |role| record.find_role(role).map(|s| &record.slots[s]);
    let mesh = slot(Role::Mesh).and_then(|s| match folder.resolve(&s.archive(), &s.member()) {
        Resolution::Found { path, member } => Some((path, member)),
        _ => None,
    });
    let materials = slot(Role::Materials).map(|s| match folder.resolve(&s.archive(), &s.member()) {
        Resolution::Found { member, .. } => Ok(format!("{}::{member}", s.archive())),
        _ => Err(format!("{}::{} names nothing", s.archive(), s.member())),
    });
    Chain { record: Ok(format!("{archive}::{member} ({})", kind.label())), mesh, materials }
}

/// The scene of a mesh member of the archive at `path`, with its own upload id.
pub fn build_mesh(cx: &EditorCx, path: &std::path::Path, member: &str) -> Result<(RenderScene, u64), String> {
    game_folder::member_scene(cx.ws, path, member).map(|s| (s, crate::app::gpu_view::next_id()))
}

struct Built {
    key: (u64, usize),
    chain: Chain,
    scene: Option<Result<(RenderScene, u64), String>>,
}

/// The 3D view of the unit editor: the selected component's mesh, with its chain.
#[derive(Default)]
pub struct UnitScene {
    built: Option<Built>,
    pub view: OrbitView,
}

impl UnitScene {
    /// The chain shown, as of the last draw.
    pub fn chain(&self) -> Option<&Chain> {
        self.built.as_ref().map(|b| &b.chain)
    }

    /// Draws the view; returns a component picked in it.
    pub fn show(&mut self, ui: &mut Ui, cx: &EditorCx, u: &UnitDat, folder: Option<&GameFolder>, selected: usize) -> Option<usize> {
        let folder = folder?;
        let key = (cx.generation, selected);
        if self.built.as_ref().is_none_or(|b| b.key != key) {
            let chain = chain_of(cx, folder, u, selected);
            let scene = chain.mesh.as_ref().map(|(p, m)| build_mesh(cx, p, m));
            self.built = Some(Built { key, chain, scene });
        }
        let b = self.built.as_ref()?;
        ui.strong(format!("Component {selected}"));
        for l in b.chain.lines() {
            ui.monospace(l);
        }
        match &b.scene {
            Some(Ok((scene, id))) => {
                let w = ui.available_width().clamp(120.0, 520.0);
                self.view.show(ui, cx.gpu, scene, *id, egui::vec2(w, (w * 0.7).min(340.0)), None);
            }
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, format!("The mesh does not draw: {e}"));
            }
            None => {}
        }
        None
    }
}
