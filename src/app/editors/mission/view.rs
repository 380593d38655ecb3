//! The mission editor's layout: a tool bar (3D or map, the layers, frame the selection, the
//! counts), the view in the middle, the panel beside it (the selected object, the clans, the
//! routes and lodes, the mission's own fields), the objects table under it, and the question
//! asked when a building with units inside is removed.

use super::edits::{Hosted, MissionOp};
use super::inspector::{self, Asked};
use super::state::{MissionView, SideTab};
use super::{areals, clans, gesture, marker_drag, mission_tab, overlays, palette_view, routes, table, viewport};
use crate::app::intent::Intent;
use crate::app::seam::EditorCx;
use crate::formats::tma::Mission;
use crate::tr;
use egui::Ui;

/// How many units start inside the buildings of `list`.
pub fn hosted_in(m: &Mission, list: &[usize]) -> usize {
    let ids: Vec<i32> = list.iter().filter_map(|&i| m.objects.get(i)).filter(|o| o.kind == 0 && o.logical_id >= 0).map(|o| o.logical_id).collect();
    m.objects.iter().enumerate().filter(|(k, o)| o.host >= 0 && ids.contains(&o.host) && !list.contains(k)).count()
}

fn toolbar(ui: &mut Ui, v: &mut MissionView, m: &Mission) {
    ui.horizontal(|ui| {
        let vp = &mut v.viewport;
        if ui.selectable_label(!vp.map, tr!("mission-view-3d")).on_hover_text(tr!("mission-view-3d-tip")).clicked() {
            vp.map = false;
        }
        if ui.selectable_label(vp.map, tr!("mission-view-map")).on_hover_text(tr!("mission-view-map-tip")).clicked() {
            vp.map = true;
        }
        if ui.selectable_label(v.palette.open, tr!("mission-palette")).on_hover_text(tr!("mission-palette-tip")).clicked() {
            v.palette.open = !v.palette.open;
        }
        let vp = &mut v.viewport;
        ui.menu_button(tr!("mission-layers"), |ui| {
            let l = &mut vp.layers;
            ui.checkbox(&mut l.routes, tr!("mission-layer-routes"));
            ui.checkbox(&mut l.zones, tr!("mission-layer-zones"));
            ui.checkbox(&mut l.bases, tr!("mission-layer-bases"));
            ui.checkbox(&mut l.lodes, tr!("mission-layer-lodes"));
            ui.checkbox(&mut l.starts, tr!("mission-layer-starts"));
            ui.checkbox(&mut l.areals, tr!("mission-layer-areals"));
            ui.checkbox(&mut l.labels, tr!("mission-layer-labels"));
        });
        ui.separator();
        gesture::snap_controls(ui, v);
        ui.separator();
        // Cut with an ellipsis where the view is narrow; the whole line and the build time on hover.
        let line = tr!("mission-counts", objects = m.objects.len(), clans = m.clans.len(), lodes = m.lodes.len(), routes = m.routes.len());
        let tip = match v.scene.built() {
            Some(b) => format!("{line}\n{}", tr!("mission-built-in", ms = crate::app::i18n::format::decimal(b.millis, 0))),
            None => line.clone(),
        };
        ui.add(egui::Label::new(egui::RichText::new(line).weak()).truncate()).on_hover_text(tip);
        if v.scene.updating() {
            ui.spinner();
            ui.weak(tr!("mission-updating"));
        }
    });
    legend(ui, m);
}

/// The clans' colours, as the view draws their rings.
fn legend(ui: &mut Ui, m: &Mission) {
    ui.horizontal_wrapped(|ui| {
        for (c, clan) in m.clans.iter().enumerate() {
            table::swatch(ui, super::scene::color(crate::scene::mission::clan_color(c)));
            ui.label(clan.name.decode());
        }
    });
}

/// Draws the tab.
pub fn show(ui: &mut Ui, cx: &EditorCx, v: &mut MissionView, out: &mut Vec<Intent>) {
    v.refresh(cx, ui.ctx());
    let m = match &v.mission {
        Some(Ok(m)) => m.clone(),
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, tr!("mission-unreadable", error = e.as_str()));
            return;
        }
        None => return,
    };
    toolbar(ui, v, &m);
    if let Some(msg) = &v.message {
        ui.colored_label(ui.visuals().warn_fg_color, msg);
    }
    let mut asked = Asked::default();
    egui::Panel::bottom("mission-table").resizable(true).default_size(200.0).size_range(80.0..=600.0).show(ui, |ui| {
        let before = v.selection.clone();
        table::show(ui, &mut v.table, &m, &mut v.selection, &v.object_findings);
        if v.selection != before {
            v.side = SideTab::Object;
        }
    });
    let bytes_id = cx.bytes.as_ptr() as usize;
    let root = v.panels.root(cx.ws.file(cx.path.file).map(|f| f.path.as_path()));
    egui::Panel::right("mission-side").resizable(true).default_size(340.0).size_range(220.0..=720.0).show(ui, |ui| {
        // The tabs wrap onto a second line where the panel is narrow (Russian names are longer).
        ui.horizontal_wrapped(|ui| {
            for (tab, label) in [(SideTab::Object, tr!("mission-tab-object")), (SideTab::Clans, tr!("mission-tab-clans")), (SideTab::Routes, tr!("mission-tab-routes")), (SideTab::Mission, tr!("mission-tab-mission"))] {
                if ui.selectable_label(v.side == tab, label).clicked() {
                    v.side = tab;
                }
            }
        });
        ui.separator();
        egui::ScrollArea::vertical().id_salt("mission-side-scroll").show(ui, |ui| match v.side {
            SideTab::Object => {
                let selected: Vec<usize> = v.selection.objects.iter().copied().collect();
                asked = inspector::show(ui, &mut v.inspector, &m, &selected, bytes_id, root.clone());
            }
            SideTab::Clans => clans::show(ui, &mut v.panels.clans, &m, &mut v.selection, root.as_deref(), bytes_id, &mut asked),
            SideTab::Routes => {
                let centre = v.viewport.rect.and_then(|r| v.scene.built().and_then(|b| b.ground_hit(v.viewport.projector(b, r).ray(r.center()))));
                routes::show(ui, &m, &mut v.selection, centre, &mut asked);
            }
            SideTab::Mission => mission_tab::show(ui, &mut v.panels, &m, root.as_deref(), cx.ws.readings.clan_body, bytes_id, &mut asked),
        });
    });
    let mut picked = None;
    if v.palette.open {
        egui::Panel::left("mission-palette").resizable(true).default_size(210.0).size_range(160.0..=480.0).show(ui, |ui| {
            picked = palette_view::show(ui, cx, &mut v.palette, &m);
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        let size = ui.available_size().max(egui::vec2(120.0, 120.0));
        // A press on a marker (a base, a zone, a route corner, a lode) drags it; else a press on
        // an object or the gizmo moves or turns the selection; else the camera has the drag.
        let marker = marker_drag::claim(ui, v, &m);
        let claimed = marker || gesture::claim(ui, cx, v, &m);
        let (gesture, proj) = viewport::show(ui, cx, v, size, claimed);
        let marked = marker_drag::handle(ui, v, &m, &gesture, proj.as_ref());
        asked.ops.extend(marked.ops);
        asked.end_drag |= marked.end_drag;
        if marked.cancel {
            out.push(Intent::CancelDrag);
        }
        if let Some((hit, add)) = gesture.clicked.filter(|_| !marked.took_click) {
            match (hit, add) {
                (Some(i), true) => v.selection.toggle(i),
                (Some(i), false) => v.selection.only(i),
                (None, false) => v.selection.clear(),
                (None, true) => {}
            }
            if let Some(i) = hit {
                v.table.reveal = Some(i);
                v.side = SideTab::Object;
            }
        }
        gesture::update(ui, cx, v, &m, &gesture, proj.as_ref(), out);
        if let (Some(proj), Some(b)) = (proj, v.scene.built()) {
            if v.viewport.layers.areals {
                areals::paint(&ui.painter_at(proj.rect), &b.areals, proj.rect, |p| proj.to_screen(overlays::on_ground(b, p)));
            }
            overlays::paint(&ui.painter_at(proj.rect), v, &m, b, &proj);
            gesture::paint(ui, v, &m, &proj);
        }
        palette_view::drop_target(ui, cx, v, &m, out);
    });
    if let Some(item) = picked {
        let centre = v.viewport.rect.map_or(egui::Pos2::ZERO, |r| r.center());
        palette_view::place(cx, v, &m, &item, centre, out);
    }
    out.append(&mut asked.intents);
    if let Some(msg) = asked.message {
        v.message = Some(msg);
    }
    for (op, drag) in asked.ops {
        v.commit(cx.path, cx.bytes, op, drag, out);
    }
    if asked.end_drag {
        out.push(Intent::EndDrag);
    }
    remove_question(ui, cx, v, out);
}

/// Asks what happens to the units inside buildings being removed.
fn remove_question(ui: &mut Ui, cx: &EditorCx, v: &mut MissionView, out: &mut Vec<Intent>) {
    let Some(p) = v.pending_remove.clone() else { return };
    let mut answer: Option<Option<Hosted>> = None;
    egui::Modal::new(egui::Id::unique("mission-remove-question")).show(ui.ctx(), |ui| {
        ui.heading(tr!("mission-remove-title", n = p.objects.len()));
        ui.label(tr!("mission-remove-hosted", n = p.hosted));
        ui.horizontal(|ui| {
            if ui.button(tr!("mission-remove-outside")).clicked() {
                answer = Some(Some(Hosted::StartOutside));
            }
            if ui.button(tr!("mission-remove-too")).clicked() {
                answer = Some(Some(Hosted::RemoveToo));
            }
            if ui.button(tr!("dlg-cancel")).clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                answer = Some(None);
            }
        });
    });
    if let Some(a) = answer {
        v.pending_remove = None;
        if let Some(h) = a {
            v.commit(cx.path, cx.bytes, MissionOp::Remove(p.objects, h), None, out);
        }
    }
}
