//! The unit editor's 3D view, the assembled unit, and the chain behind a component: component →
//! its record in the folder's `objects.rlb` → the record's mesh and `.wea` slots → where they
//! resolve → each table row's material and texture.

use crate::app::seam::EditorCx;
use crate::app::widgets::game_folder::{self, GameFolder, Resolution};
use crate::app::widgets::orbit_view::OrbitView;
use crate::app::worker::Worker;
use crate::doc::resolve::WorkspaceAssets;
use crate::doc::resolve::world::{GameFolder as WorldFolder, RecordCache, resolve_unit};
use crate::scene::unit::{Assembly, AssemblyOptions};
use crate::formats::objrec::{Kind, Record, Role};
use crate::formats::unit_dat::UnitDat;
use crate::render::RenderScene;
use crate::tr;
use egui::{RichText, Ui};
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
            Ok(r) => tr!("unit-chain-record", record = r),
            Err(e) => tr!("unit-chain-record-error", error = e),
        }];
        match &self.mesh {
            Some((p, m)) => out.push(tr!("unit-chain-mesh", mesh = format!("{}::{m}", p.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()))),
            None if self.record.is_ok() => out.push(tr!("unit-chain-no-mesh")),
            None => {}
        }
        match &self.materials {
            Some(Ok(w)) => out.push(tr!("unit-chain-materials", materials = w)),
            Some(Err(e)) => out.push(tr!("unit-chain-materials-error", error = e)),
            None => {}
        }
        out
    }
}

/// The chain of component `i` of `u` in `folder`.
pub fn chain_of(cx: &EditorCx, folder: &GameFolder, u: &UnitDat, i: usize) -> Chain {
    let Some(c) = u.components().get(i) else { return Chain::failed(tr!("unit-chain-no-component", i = i.to_string())) };
    let (archive, key) = (c.archive().into_owned(), c.record().into_owned());
    let Resolution::Found { path, member } = folder.resolve(&archive, &key) else {
        return Chain::failed(tr!("unit-no-record", archive = &archive, record = &key));
    };
    let read = game_folder::member_bytes(cx.ws, &path, &member).and_then(|(bytes, node)| {
        let kind = node.resolve(&member).and_then(|k| node.meta(k)).and_then(|m| m.type_id).map_or(Kind::Other(0), Kind::from_type_id);
        Record::parse(&bytes, kind).map(|(r, _)| (r, kind)).map_err(|e| e.to_string())
    });
    let (record, kind) = match read {
        Ok(r) => r,
        Err(e) => return Chain::failed(tr!("unit-chain-unreadable", name = format!("{archive}::{member}"), error = e)),
    };
    let slot = |role| record.find_role(role).map(|s| &record.slots[s]);
    let mesh = slot(Role::Mesh).and_then(|s| match folder.resolve(&s.archive(), &s.member()) {
        Resolution::Found { path, member } => Some((path, member)),
        _ => None,
    });
    let materials = slot(Role::Materials).map(|s| match folder.resolve(&s.archive(), &s.member()) {
        Resolution::Found { member, .. } => Ok(format!("{}::{member}", s.archive())),
        _ => Err(tr!("unit-chain-names-nothing", name = format!("{}::{}", s.archive(), s.member()))),
    });
    Chain { record: Ok(format!("{archive}::{member} ({})", kind.label())), mesh, materials }
}

struct Built {
    /// The assembly and its scene as drawn, or why there is none.
    assembly: Result<(Assembly, RenderScene, u64), String>,
    /// Per component, its chain (read when it is first shown).
    chains: Vec<Option<Chain>>,
}

type Assembled = Result<(Assembly, RenderScene, u64), String>;

/// The 3D view of the unit editor: the unit assembled as the game assembles it
/// (`scene::unit`, every component's mesh at its parent's socket), the selected component's
/// first part outlined; a click on a part selects its component. The assembly is made on a
/// worker thread; after an edit the last one stays drawn until the new one comes.
#[derive(Default)]
pub struct UnitScene {
    built: Option<Built>,
    worker: Option<Worker<Assembled>>,
    /// The document generation last asked for.
    asked: Option<u64>,
    pub view: OrbitView,
}

/// What an assembly reads, owned (the worker has no workspace): the unit's bytes, the game
/// folder, the workspace's libraries as they stand (unsaved edits included).
struct AssemblyInput {
    root: PathBuf,
    name: String,
    bytes: crate::formats::bytes::SharedBytes,
    assets: WorkspaceAssets,
    readings: crate::formats::readings::Readings,
}

impl AssemblyInput {
    fn new(cx: &EditorCx, folder: &GameFolder) -> AssemblyInput {
        let objects = folder.archive(game_folder::OBJECTS).map(|a| a.path.clone()).unwrap_or_else(|| folder.root.join(game_folder::OBJECTS));
        AssemblyInput {
            root: folder.root.clone(),
            name: cx.ws.file(cx.path.file).map(|f| f.name()).unwrap_or_default(),
            bytes: cx.bytes.clone(),
            assets: WorkspaceAssets::for_path(cx.ws, &objects, None),
            readings: cx.ws.readings,
        }
    }

    /// Resolves and assembles the unit: records and meshes from the game folder on disk,
    /// materials and textures through the workspace's libraries.
    fn run(self) -> Assembled {
        let game = WorldFolder::on_disk(self.root);
        let unit = resolve_unit(&game, &self.name, &self.bytes, &self.readings, &mut RecordCache::default()).map_err(|e| e.to_string())?;
        let assembly = crate::scene::unit::assemble(&unit, &self.assets, &self.readings, &AssemblyOptions::default());
        let scene = RenderScene::from_scene(&assembly.scene);
        Ok((assembly, scene, crate::app::gpu_view::next_id()))
    }
}

/// How long the first assembly of a tab may hold the frame (a unit is a few meshes): the view
/// opens with its picture rather than a blank first frame.
const FIRST_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

impl UnitScene {
    /// The assembly drawn, as of the last draw.
    pub fn assembly(&self) -> Option<&Assembly> {
        self.built.as_ref().and_then(|b| b.assembly.as_ref().ok()).map(|(a, _, _)| a)
    }

    /// The render scene drawn, as of the last draw.
    pub fn render_scene(&self) -> Option<&RenderScene> {
        self.built.as_ref().and_then(|b| b.assembly.as_ref().ok()).map(|(_, s, _)| s)
    }

    /// The component a render part belongs to.
    pub fn component_of_part(&self, part: usize) -> Option<usize> {
        let (a, s, _) = self.built.as_ref()?.assembly.as_ref().ok()?;
        a.part_of_node(s.parts.get(part)?.node).map(|p| p.component)
    }

    /// The first render part of component `i`.
    fn part_of_component(&self, i: usize) -> Option<usize> {
        let (a, s, _) = self.built.as_ref()?.assembly.as_ref().ok()?;
        let nodes = a.parts.iter().find(|p| p.component == i)?.nodes.clone();
        s.parts.iter().position(|p| nodes.contains(&p.node))
    }

    /// Draws the view; returns a component picked in it.
    pub fn show(&mut self, ui: &mut Ui, cx: &EditorCx, u: &UnitDat, folder: Option<&GameFolder>, selected: usize) -> Option<usize> {
        let folder = folder?;
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ui.ctx().clone();
            Worker::new("unit-assembly", move || ctx.request_repaint())
        });
        if self.asked != Some(cx.generation) {
            let input = AssemblyInput::new(cx, folder);
            worker.request(move || input.run());
            self.asked = Some(cx.generation);
        }
        let done = if self.built.is_none() { worker.wait(FIRST_WAIT) } else { worker.poll() };
        if let Some(assembly) = done {
            self.built = Some(Built { assembly, chains: vec![None; u.len()] });
        }
        let highlight = self.part_of_component(selected);
        let b = self.built.as_mut()?;
        if b.chains.len() != u.len() {
            b.chains = vec![None; u.len()];
        }
        if let Some(slot) = b.chains.get_mut(selected)
            && slot.is_none()
        {
            *slot = Some(chain_of(cx, folder, u, selected));
        }
        let c = u.components().get(selected)?;
        let mut clicked_part = None;
        match &b.assembly {
            Ok((assembly, scene, id)) => {
                let w = ui.available_width().clamp(120.0, 640.0);
                let clicked = self.view.show(ui, cx.gpu, scene, *id, egui::vec2(w, (w * 0.62).min(340.0)), highlight).clicked;
                if self.worker.as_ref().is_some_and(Worker::pending)
                    && let Some(rect) = self.view.rect
                {
                    ui.painter().text(rect.right_top() + egui::vec2(-8.0, 8.0), egui::Align2::RIGHT_TOP, tr!("unit-updating"), egui::FontId::proportional(13.0), egui::Color32::from_gray(220));
                }
                clicked_part = clicked.flatten();
                let problems = &assembly.scene.diagnostics;
                if !problems.is_empty() {
                    ui.colored_label(ui.visuals().warn_fg_color, tr!("unit-problems", n = problems.len()))
                        .on_hover_text(problems.iter().map(crate::app::i18n::messages::diagnostic).collect::<Vec<_>>().join("\n"));
                }
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, tr!("unit-not-assembled", error = e.as_str()));
            }
        }
        ui.add(egui::Label::new(RichText::new(chain_title(selected, c)).strong()).truncate());
        if let Some(chain) = b.chains.get(selected).and_then(Option::as_ref) {
            for l in chain.lines() {
                ui.add(egui::Label::new(RichText::new(l).monospace()).truncate());
            }
        }
        if let Ok((assembly, _, _)) = &b.assembly
            && let Some(part) = assembly.parts.iter().find(|p| p.component == selected)
        {
            if !part.drawn {
                ui.weak(tr!("unit-not-drawn"));
            }
            egui::CollapsingHeader::new(tr!("unit-material-chain", n = part.materials.len())).id_salt("unit-chain").show(ui, |ui| {
                for m in &part.materials {
                    ui.label(egui::RichText::new(m).monospace().small());
                }
            });
        }
        clicked_part.and_then(|p| self.component_of_part(p))
    }
}

/// The heading of the selected component's chain: its index, record, display name and class.
pub fn chain_title(i: usize, c: &crate::formats::unit_dat::Component) -> String {
    tr!("unit-chain-title", i = i.to_string(), record = c.record().as_ref(), name = c.display_name().as_ref(), class = super::edits::part_class_label(c.class()))
}
