//! One tab of the mission editor: the mission read from the tab's bytes (again after every
//! change), what is selected, the scene, and each panel's own state. Edits go out as one
//! [`ItemEdit`](crate::app::intent::ItemEdit) each through [`MissionView::commit`].

use super::camera::ViewportState;
use super::edits::{self, After, MissionOp};
use super::inspector::InspectorState;
use super::scene::{BuildInput, SceneState};
use super::selection::{Marker, Selection};
use super::table::TableState;
use crate::app::intent::Intent;
use crate::app::seam::EditorCx;
use crate::doc::ItemPath;
use crate::formats::Diagnostic;
use crate::formats::tma::{self, Mission, Offsets};
use std::collections::BTreeSet;

/// Objects waiting for the answer to "what of the units inside?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingRemove {
    pub objects: Vec<usize>,
    /// Units starting inside the buildings among them.
    pub hosted: usize,
}

/// The panel shown beside the view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SideTab {
    #[default]
    Object,
    Clans,
    Routes,
    Mission,
}

#[derive(Default)]
pub struct MissionView {
    seen: Option<(usize, usize, u64)>,
    pub mission: Option<Result<Mission, String>>,
    /// Where each record of the mission lies in its bytes.
    pub offsets: Offsets,
    /// The parse's diagnostics and the mission's own findings (clans, hosts), as diagnostics
    /// the app's Diagnostics panel lists.
    pub diagnostics: Vec<Diagnostic>,
    /// The findings per object index (drawn on the objects themselves).
    pub object_findings: Vec<(usize, String)>,
    pub selection: Selection,
    pub scene: SceneState,
    pub viewport: ViewportState,
    pub table: TableState,
    pub inspector: InspectorState,
    /// The marker drag under way in the view.
    pub markers: super::markers::MarkerState,
    /// The Clans, Routes and Mission tabs' state.
    pub panels: super::mission_tab::PanelsState,
    /// Objects to remove once the user says what happens to the units inside them.
    pub pending_remove: Option<PendingRemove>,
    pub side: SideTab,
    /// Why the last edit was refused.
    pub message: Option<String>,
    /// How the tab's bytes are read.
    pub options: tma::Options,
    /// The palette of things to place (shown beside the view when open).
    pub palette: super::palette::PaletteState,
    /// The parse's own diagnostics (the problems are added to them in `diagnostics`).
    pub parsed: Vec<Diagnostic>,
    /// The bytes and the build the problems were last found for.
    pub problems_seen: Option<((usize, usize, u64), Option<u64>)>,
}

impl MissionView {
    pub fn mission(&self) -> Option<&Mission> {
        self.mission.as_ref().and_then(|m| m.as_ref().ok())
    }

    /// Reads the tab's bytes when they changed.
    pub fn refresh(&mut self, cx: &EditorCx, ctx: &egui::Context) {
        self.options = tma::Options { clan_body: cx.ws.readings.clan_body, versions: tma::VersionCheck::Gated };
        let key = (cx.bytes.as_ptr() as usize, cx.bytes.len(), cx.generation);
        if self.seen != Some(key) {
            self.seen = Some(key);
            match Mission::parse_with(cx.bytes, &self.options) {
                Ok((m, d)) => {
                    self.offsets = m.offsets();
                    self.parsed = d;
                    let n = m.objects.len();
                    self.selection.objects.retain(|&i| i < n);
                    self.mission = Some(Ok(m));
                }
                Err(e) => {
                    self.diagnostics = vec![Diagnostic::error(e.offset, e.message.clone())];
                    self.mission = Some(Err(e.to_string()));
                }
            }
        }
        if let Some(Ok(m)) = &self.mission {
            let input = || BuildInput {
                name: cx.ws.file(cx.path.file).map(|f| f.name()).unwrap_or_default(),
                bytes: cx.bytes.clone(),
                root: cx.ws.file(cx.path.file).and_then(|f| crate::doc::resolve::world::GameFolder::root_of(&f.path)),
                readings: cx.ws.readings,
            };
            self.scene.refresh(ctx, m, input);
            // The problems: again when the bytes or the built scene change.
            let seen = (key, self.scene.built().map(|b| b.id));
            if self.problems_seen != Some(seen) {
                let (found, objects) = super::problems::diagnostics(m, &self.offsets, self.scene.built());
                self.diagnostics = self.parsed.iter().cloned().chain(found).collect();
                self.object_findings = objects;
                self.problems_seen = Some(seen);
            }
        }
    }

    /// Applies `op` to the tab's bytes: one undo step (`drag` names a gesture whose frames
    /// merge into one), and what it selects after.
    pub fn commit(&mut self, path: &ItemPath, bytes: &[u8], op: MissionOp, drag: Option<&'static str>, out: &mut Vec<Intent>) {
        match edits::apply(path, bytes, &self.options, &op) {
            Ok((e, after)) => {
                self.message = None;
                match after {
                    After::Keep => {}
                    After::Objects(list) => self.selection = Selection { objects: list.into_iter().collect(), marker: None },
                    // A clan's base or zone, or a route's corner, stays selected through its own edits.
                    After::Clan(c) => {
                        let keep = matches!(self.selection.marker, Some(Marker::Base(k) | Marker::Zone { clan: k, .. }) if k == c);
                        if !keep {
                            self.selection = Selection { objects: BTreeSet::new(), marker: Some(Marker::Clan(c)) };
                        }
                    }
                    After::Route(r) => {
                        let point = match self.selection.marker {
                            Some(Marker::Route { route, point }) if route == r => point,
                            _ => None,
                        };
                        self.selection = Selection { objects: BTreeSet::new(), marker: Some(Marker::Route { route: r, point }) };
                    }
                    After::Lode(l) => self.selection = Selection { objects: BTreeSet::new(), marker: Some(Marker::Lode(l)) },
                    After::Nothing => self.selection.clear(),
                }
                out.push(Intent::EditItem(match drag {
                    Some(field) => e.dragging(field),
                    None => e,
                }));
            }
            Err(m) => self.message = Some(m),
        }
    }
}
