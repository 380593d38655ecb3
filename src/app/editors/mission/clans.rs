//! The Clans tab: the clans listed in their colours; the selected one's name (a rename carries
//! every relation naming it along), type, base, AI script and research tree (links that open
//! the files where the game folder has them), bot limit and zones; the relations as a matrix
//! (row towards column; a click cycles hostile, neutral, allied); a clan added, or removed
//! when it owns no object (refused with the reason otherwise). Each change is one undo step;
//! a dragged number is one however long the drag. Fields a clan table version does not write
//! are disabled with the version named.

use super::edits::MissionOp;
use super::asked::Asked;
use super::selection::{Marker, Selection};
use crate::app::intent::Intent;
use crate::formats::tma::{CLAN_ENEMY, CLAN_NATURE, CLAN_NEUTRAL, CLAN_PLAYER, Mission, RELATION_ALLIED, RELATION_HOSTILE, RELATION_NEUTRAL, Zone, Zones, gate};
use crate::tr;
use egui::Ui;
use std::path::{Path, PathBuf};

/// The clan fields being typed; refilled when the mission's bytes change.
#[derive(Debug, Clone, Default)]
pub struct ClansState {
    of: Option<usize>,
    pub names: Vec<String>,
    pub scripts: Vec<String>,
    pub trees: Vec<String>,
    pub new_name: String,
    pub new_kind: u32,
}

/// The clan a marker belongs to.
pub fn clan_of(sel: &Selection) -> Option<usize> {
    match sel.marker? {
        Marker::Clan(c) | Marker::Base(c) | Marker::Zone { clan: c, .. } => Some(c),
        _ => None,
    }
}

/// The next relation a click on a matrix cell gives.
pub fn cycled(v: u32) -> u32 {
    match v {
        RELATION_HOSTILE => RELATION_NEUTRAL,
        RELATION_NEUTRAL => RELATION_ALLIED,
        _ => RELATION_HOSTILE,
    }
}

pub fn kind_label(k: u32) -> String {
    match k {
        CLAN_NATURE => tr!("mission-clan-nature"),
        CLAN_PLAYER => tr!("mission-clan-player"),
        CLAN_ENEMY => tr!("mission-clan-enemy"),
        CLAN_NEUTRAL => tr!("mission-clan-neutral"),
        k => tr!("mission-clan-kind-other", word = k.to_string()),
    }
}

fn relation_label(v: u32) -> (String, egui::Color32) {
    match v {
        RELATION_HOSTILE => (tr!("mission-rel-hostile"), egui::Color32::from_rgb(220, 80, 70)),
        RELATION_NEUTRAL => (tr!("mission-rel-neutral"), egui::Color32::from_rgb(170, 170, 170)),
        RELATION_ALLIED => (tr!("mission-rel-allied"), egui::Color32::from_rgb(90, 200, 110)),
        v => (v.to_string(), egui::Color32::from_rgb(220, 180, 60)),
    }
}

/// A file named by a path relative to the game folder (`\` or `/`, any case), when it is there.
pub fn find_in_folder(root: &Path, rel: &str) -> Option<PathBuf> {
    let mut path = root.to_path_buf();
    for c in rel.split(['/', '\\']).filter(|c| !c.is_empty() && *c != ".") {
        if c == ".." {
            return None;
        }
        let exact = path.join(c);
        path = if exact.exists() {
            exact
        } else {
            std::fs::read_dir(&path).ok()?.filter_map(|e| e.ok()).find(|e| e.file_name().to_str().is_some_and(|n| n.eq_ignore_ascii_case(c)))?.path()
        };
    }
    (path.is_file() && path != root).then_some(path)
}

/// A path field with a link that opens the file when the game folder has it.
pub fn path_link(ui: &mut Ui, root: Option<&Path>, rel: &str, intents: &mut Vec<Intent>) {
    if rel.is_empty() {
        return;
    }
    match root.and_then(|r| find_in_folder(r, rel)) {
        Some(file) => {
            if ui.link(tr!("mission-open-linked")).on_hover_text(file.display().to_string()).clicked() {
                intents.push(Intent::OpenLinked { file, entry: None });
            }
        }
        None => {
            ui.weak(tr!("mission-not-in-folder"));
        }
    }
}

/// Draws the tab; pushes the edits and intents asked for.
pub fn show(ui: &mut Ui, st: &mut ClansState, m: &Mission, sel: &mut Selection, root: Option<&Path>, bytes_id: usize, out: &mut Asked) {
    if st.of != Some(bytes_id) {
        st.of = Some(bytes_id);
        st.names = m.clans.iter().map(|c| c.name.decode()).collect();
        st.scripts = m.clans.iter().map(|c| c.script.decode()).collect();
        st.trees = m.clans.iter().map(|c| c.tree.decode()).collect();
    }
    let current = clan_of(sel).filter(|&c| c < m.clans.len());
    for (c, clan) in m.clans.iter().enumerate() {
        let swatch = super::scene::color(crate::scene::mission::clan_color(c));
        let text = format!("{} — {}", clan.name.decode(), kind_label(clan.kind));
        let clicked = ui.horizontal(|ui| {
            super::glyphs::swatch(ui, swatch);
            ui.selectable_label(current == Some(c), text).clicked()
        });
        if clicked.inner {
            *sel = Selection { objects: Default::default(), marker: Some(Marker::Clan(c)) };
        }
    }
    if let Some(c) = current.filter(|&c| c < m.clans.len()) {
        ui.separator();
        clan(ui, st, m, c, root, out);
    }
    ui.separator();
    matrix(ui, m, out);
    ui.separator();
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(&mut st.new_name).desired_width(110.0).hint_text(tr!("mission-clan-new-hint")).id_salt("mission-clan-new")).accessible_name(tr!("mission-clan-new-hint"));
        egui::ComboBox::from_id_salt("mission-clan-new-kind")
            .selected_text(kind_label(st.new_kind))
            .show_ui(ui, |ui| {
                for k in [CLAN_NATURE, CLAN_PLAYER, CLAN_ENEMY, CLAN_NEUTRAL] {
                    ui.selectable_value(&mut st.new_kind, k, kind_label(k));
                }
            })
            .response
            .accessible_name(tr!("mission-clan-new-type"));
        if ui.add_enabled(!st.new_name.trim().is_empty(), egui::Button::new(tr!("mission-clan-add"))).clicked() {
            out.ops.push((MissionOp::AddClan(st.new_name.trim().to_string(), st.new_kind), None));
            st.new_name.clear();
        }
    });
}

fn clan(ui: &mut Ui, st: &mut ClansState, m: &Mission, c: usize, root: Option<&Path>, out: &mut Asked) {
    let clan = &m.clans[c];
    let v = m.clan_version;
    let version_tip = |needs: u32| tr!("mission-clan-field-version", version = v.to_string(), needs = needs.to_string());
    egui::Grid::new("mission-clan-fields").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
        ui.label(tr!("mission-clan-name"));
        if let Some(name) = st.names.get_mut(c) {
            let r = ui.add(egui::TextEdit::singleline(name).desired_width(160.0).id_salt("mission-clan-name")).accessible_name(tr!("mission-clan-name"));
            if r.lost_focus() && *name != clan.name.decode() {
                out.ops.push((MissionOp::RenameClan(c, name.clone()), None));
            }
        }
        ui.end_row();
        ui.label(tr!("mission-clan-type"));
        egui::ComboBox::from_id_salt("mission-clan-kind")
            .selected_text(kind_label(clan.kind))
            .show_ui(ui, |ui| {
                for k in [CLAN_NATURE, CLAN_PLAYER, CLAN_ENEMY, CLAN_NEUTRAL] {
                    if ui.selectable_label(clan.kind == k, kind_label(k)).clicked() && clan.kind != k {
                        out.ops.push((MissionOp::SetClanKind(c, k), None));
                    }
                }
            })
            .response
            .accessible_name(tr!("mission-clan-type"));
        ui.end_row();
        ui.label(tr!("mission-clan-base"));
        ui.horizontal(|ui| {
            let mut base = clan.base;
            let mut done = false;
            for (axis, b) in ["x", "y"].iter().zip(base.iter_mut()) {
                let r = ui.add(egui::DragValue::new(b).speed(0.5).prefix(format!("{axis} ")).max_decimals(2));
                done |= r.drag_stopped() || r.lost_focus();
            }
            out.end_drag |= done;
            if base != clan.base {
                out.ops.push((MissionOp::SetClanBase(c, base), Some("mission-clan-base")));
            }
        });
        ui.end_row();
        for (label, needs, list, op, id) in [
            (tr!("mission-field-script"), gate::CLAN_SCRIPT, &mut st.scripts, MissionOp::SetClanScript as fn(usize, String) -> MissionOp, "mission-clan-script"),
            (tr!("mission-field-tree"), gate::CLAN_TREE, &mut st.trees, MissionOp::SetClanTree, "mission-clan-tree"),
        ] {
            ui.label(&label);
            ui.horizontal(|ui| {
                let stored = if needs == gate::CLAN_SCRIPT { clan.script.decode() } else { clan.tree.decode() };
                if let Some(text) = list.get_mut(c) {
                    let r = ui.add_enabled(v >= needs, egui::TextEdit::singleline(text).desired_width(160.0).id_salt(id)).on_disabled_hover_text(version_tip(needs)).accessible_name(label.clone());
                    if r.lost_focus() && *text != stored {
                        out.ops.push((op(c, text.clone()), None));
                    }
                }
                path_link(ui, root, &stored, &mut out.intents);
            });
            ui.end_row();
        }
        ui.label(tr!("mission-field-minds"));
        let mut minds = clan.minds;
        let r = ui.add_enabled(v >= gate::CLAN_MINDS, egui::DragValue::new(&mut minds).range(0..=1000)).on_disabled_hover_text(version_tip(gate::CLAN_MINDS)).accessible_name(tr!("mission-field-minds"));
        out.end_drag |= r.drag_stopped();
        if minds != clan.minds {
            out.ops.push((MissionOp::SetClanMinds(c, minds), Some("mission-clan-minds")));
        }
        ui.end_row();
    });
    ui.horizontal(|ui| {
        ui.strong(tr!("mission-field-zones"));
        if v < gate::CLAN_ZONES {
            ui.weak(version_tip(gate::CLAN_ZONES));
        }
    });
    match &clan.zones {
        Zones::List(zones) if v >= gate::CLAN_ZONES => zone_list(ui, c, zones, out),
        Zones::List(_) => {}
        _ => {
            ui.weak(tr!("mission-err-zones-reading"));
        }
    }
    let owned = m.objects.iter().filter(|o| o.clan == c as i32).count();
    let r = ui.add_enabled(owned == 0, egui::Button::new(tr!("mission-clan-remove"))).on_disabled_hover_text(tr!("mission-clan-remove-owned", n = owned));
    if r.clicked() {
        out.ops.push((MissionOp::RemoveClan(c), None));
    }
}

fn zone_list(ui: &mut Ui, c: usize, zones: &[Zone], out: &mut Asked) {
    let mut changed: Option<Vec<Zone>> = None;
    egui::Grid::new("mission-clan-zones").num_columns(4).spacing([4.0, 3.0]).show(ui, |ui| {
        ui.weak(tr!("mission-zone-centre"));
        ui.weak(tr!("mission-zone-inner"));
        ui.weak(tr!("mission-zone-outer"));
        ui.label("");
        ui.end_row();
        for (k, z) in zones.iter().enumerate() {
            let mut nz = *z;
            ui.horizontal(|ui| {
                for (axis, p) in ["x", "y", "z"].iter().zip(nz.centre.iter_mut()) {
                    let r = ui.add(egui::DragValue::new(p).speed(0.5).prefix(format!("{axis} ")).max_decimals(1));
                    out.end_drag |= r.drag_stopped() || r.lost_focus();
                }
            });
            for (f, column) in [(&mut nz.inner, tr!("mission-zone-inner")), (&mut nz.outer, tr!("mission-zone-outer"))] {
                let r = ui.add(egui::DragValue::new(f).speed(0.5).range(0.0..=100_000.0).max_decimals(1)).accessible_name(super::props::cell_name(&column, k + 1));
                out.end_drag |= r.drag_stopped() || r.lost_focus();
            }
            if nz != *z {
                let mut list = zones.to_vec();
                list[k] = nz;
                changed = Some(list);
            }
            if ui.small_button("×").on_hover_text(tr!("mission-zone-remove")).clicked() {
                let mut list = zones.to_vec();
                list.remove(k);
                out.ops.push((MissionOp::SetClanZones(c, list), None));
            }
            ui.end_row();
        }
    });
    if let Some(list) = changed {
        out.ops.push((MissionOp::SetClanZones(c, list), Some("mission-zone")));
    }
    if ui.button(tr!("mission-zone-add")).clicked() {
        let mut list = zones.to_vec();
        let centre = zones.last().map_or([0.0; 3], |z| [z.centre[0] + 50.0, z.centre[1], z.centre[2]]);
        list.push(Zone { kind: 1, centre, inner: 20.0, outer: 40.0 });
        out.ops.push((MissionOp::SetClanZones(c, list), None));
    }
}

/// The relations: row clan towards column clan; a click cycles the cell.
fn matrix(ui: &mut Ui, m: &Mission, out: &mut Asked) {
    ui.strong(tr!("mission-relations"));
    if m.clan_version < gate::CLAN_RELATIONS {
        ui.weak(tr!("mission-clan-field-version", version = m.clan_version.to_string(), needs = gate::CLAN_RELATIONS.to_string()));
        return;
    }
    ui.weak(tr!("mission-relations-tip"));
    egui::Grid::new("mission-relations").spacing([3.0, 3.0]).show(ui, |ui| {
        ui.label("");
        for (j, other) in m.clans.iter().enumerate() {
            let swatch = super::scene::color(crate::scene::mission::clan_color(j));
            ui.label(egui::RichText::new(other.name.decode()).color(swatch).small());
        }
        ui.end_row();
        for (i, clan) in m.clans.iter().enumerate() {
            let swatch = super::scene::color(crate::scene::mission::clan_color(i));
            ui.label(egui::RichText::new(clan.name.decode()).color(swatch));
            for (j, other) in m.clans.iter().enumerate() {
                // A clan no relation names is hostile (docs/formats/tma.md, "Layout").
                let value = clan.relation(other.name.bytes()).unwrap_or(RELATION_HOSTILE);
                let (word, col) = relation_label(value);
                let r = ui.add(egui::Button::new(egui::RichText::new(&word).color(col).small()).min_size(egui::vec2(44.0, 18.0)));
                let label = tr!("mission-rel-cell", a = clan.name.decode(), b = other.name.decode());
                let (lb, wd) = (label.clone(), word.clone());
                r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Button, true, format!("{lb}: {wd}")));
                if r.on_hover_text(format!("{label}: {word}")).clicked() {
                    out.ops.push((MissionOp::SetRelation(i, j, cycled(value)), None));
                }
            }
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_cycles_hostile_neutral_allied() {
        assert_eq!(cycled(RELATION_HOSTILE), RELATION_NEUTRAL);
        assert_eq!(cycled(RELATION_NEUTRAL), RELATION_ALLIED);
        assert_eq!(cycled(RELATION_ALLIED), RELATION_HOSTILE);
        assert_eq!(cycled(7), RELATION_HOSTILE, "an unknown word starts over");
    }

    #[test]
    fn a_path_is_found_in_any_case_and_never_above_the_folder() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("Scripts/AI")).unwrap();
        std::fs::write(d.path().join("Scripts/AI/bot.scr"), b"x").unwrap();
        assert_eq!(find_in_folder(d.path(), "SCRIPTS\\ai\\BOT.SCR"), Some(d.path().join("Scripts/AI/bot.scr")));
        assert_eq!(find_in_folder(d.path(), "SCRIPTS\\ai\\other.scr"), None);
        assert_eq!(find_in_folder(d.path(), "..\\etc\\passwd"), None);
        assert_eq!(find_in_folder(d.path(), "Scripts"), None, "a folder is not a file");
    }
}
