//! The Mission tab: the description (several lines, CP1251; the buffer's capacity and the bytes
//! after its text are kept, docs/formats/tma.md "The description"), the map path (read-only, with
//! a link that opens the landscape when the game folder has it), the section versions, and the
//! clan-body reading in use. Also the panels' shared state: where the game folder is.

use super::clans::{ClansState, find_in_folder};
use super::edits::MissionOp;
use super::asked::Asked;
use crate::app::intent::Intent;
use crate::doc::resolve::world::GameFolder;
use crate::formats::tma::{ClanBodyReading, Mission, gate};
use crate::tr;
use egui::Ui;
use std::path::{Path, PathBuf};

/// The side panel's state for the Clans, Routes and Mission tabs.
#[derive(Debug, Clone, Default)]
pub struct PanelsState {
    /// The mission file and the game folder above it (looked up once per file).
    root: Option<(PathBuf, Option<PathBuf>)>,
    pub clans: ClansState,
    /// The description being typed, and the bytes it was filled from.
    pub description: String,
    described: Option<usize>,
}

impl PanelsState {
    /// The game folder holding `file` (the nearest folder above it with an `objects.rlb`).
    pub fn root(&mut self, file: Option<&Path>) -> Option<PathBuf> {
        let file = file?;
        if self.root.as_ref().is_none_or(|(f, _)| f != file) {
            self.root = Some((file.to_path_buf(), GameFolder::root_of(file)));
        }
        self.root.as_ref().and_then(|(_, r)| r.clone())
    }
}

/// The landscape of the map path `DATA\MAPS\SC_3\land`: `<folder>/<stem>.msh`.
pub fn landscape_of(m: &Mission) -> String {
    let path = m.map_path.decode();
    format!("{path}.msh")
}

/// Draws the tab.
pub fn show(ui: &mut Ui, st: &mut PanelsState, m: &Mission, root: Option<&Path>, reading: ClanBodyReading, bytes_id: usize, out: &mut Asked) {
    if st.described != Some(bytes_id) {
        st.described = Some(bytes_id);
        st.description = m.description.decode();
    }
    ui.strong(tr!("mission-field-description"));
    let described = m.object_version >= gate::DESCRIPTION;
    let r = ui.add_enabled(described, egui::TextEdit::multiline(&mut st.description).desired_rows(5).desired_width(f32::INFINITY).id_salt("mission-description")).accessible_name(tr!("mission-field-description"));
    if r.lost_focus() && st.description != m.description.decode() {
        out.ops.push((MissionOp::SetDescription(st.description.clone()), None));
    }
    if described {
        ui.weak(tr!("mission-description-buffer", capacity = m.description.0.len(), tail = m.description.tail().len()));
    } else {
        ui.weak(tr!("mission-prop-version", version = m.object_version.to_string()));
    }
    ui.separator();
    egui::Grid::new("mission-facts").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
        ui.label(tr!("mission-map-path"));
        ui.horizontal(|ui| {
            ui.monospace(m.map_path.decode());
            let land = landscape_of(m);
            match root.and_then(|r| find_in_folder(r, &land)) {
                Some(file) => {
                    if ui.link(tr!("mission-open-landscape")).on_hover_text(file.display().to_string()).clicked() {
                        out.intents.push(Intent::OpenLinked { file, entry: None });
                    }
                }
                None => {
                    ui.weak(tr!("mission-not-in-folder"));
                }
            }
        });
        ui.end_row();
        ui.label(tr!("mission-versions"));
        ui.label(tr!("mission-versions-value", file = m.version.to_string(), clans = m.clan_version.to_string(), objects = m.object_version.to_string()));
        ui.end_row();
        ui.label(tr!("mission-words"));
        ui.label(tr!("mission-words-value", map = m.map_word.to_string(), lodes = m.lode_word.to_string()));
        ui.end_row();
        ui.label(tr!("mission-clan-reading"));
        ui.label(match reading {
            ClanBodyReading::Single => tr!("mission-clan-reading-single"),
            ClanBodyReading::ByType => tr!("mission-clan-reading-by-type"),
        })
        .on_hover_text(tr!("mission-clan-reading-tip"));
        ui.end_row();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_landscape_is_the_map_paths_mesh() {
        let m = Mission { map_path: crate::formats::tma::Text::from("DATA\\MAPS\\SC_3\\land"), ..Mission::default() };
        assert_eq!(landscape_of(&m), "DATA\\MAPS\\SC_3\\land.msh");
    }
}
