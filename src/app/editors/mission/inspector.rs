//! The inspector of the selected objects: kind and path, the owner (a picker of the mission's
//! clans, for every selected object at once), logical id, instance name, position, rotation in
//! degrees, scale (scenery only: the inspector says why it is off for the others), the start
//! word, the host building and hall-way vertex. Typed values apply when the field loses focus
//! or Enter is pressed; a dragged number is one undo step however long the drag.

use super::edits::{MissionOp, Place};
use super::table::{clan_label, kind_label};
use crate::formats::tma::{Mission, ObjectKind, gate};
use crate::tr;
use egui::Ui;

/// An edit a panel asks for, and the gesture it is part of (frames of one drag merge).
pub type Request = (MissionOp, Option<&'static str>);

/// What a panel asks for in one frame.
#[derive(Debug, Default)]
pub struct Asked {
    pub ops: Vec<Request>,
    /// A dragged value was let go: the gesture's undo step closes.
    pub end_drag: bool,
}

/// The text fields being typed, per object; kept while the object stays selected.
#[derive(Debug, Clone, Default)]
pub struct InspectorState {
    of: Option<(usize, usize)>,
    pub path: String,
    pub name: String,
}

fn vec_row(ui: &mut Ui, label: &str, v: &mut [f32; 3], speed: f64, suffix: &str, enabled: bool) -> (bool, bool) {
    let (mut changed, mut done) = (false, false);
    ui.label(label);
    ui.horizontal(|ui| {
        for (axis, c) in ["x", "y", "z"].iter().zip(v.iter_mut()) {
            let r = ui.add_enabled(enabled, egui::DragValue::new(c).speed(speed).prefix(format!("{axis} ")).suffix(suffix).max_decimals(3));
            changed |= r.changed();
            done |= r.drag_stopped() || r.lost_focus();
        }
    });
    ui.end_row();
    (changed, done)
}

/// Draws the inspector for the selection; returns the edits asked for.
pub fn show(ui: &mut Ui, st: &mut InspectorState, m: &Mission, selected: &[usize], bytes_id: usize) -> Asked {
    let mut out = Asked::default();
    match selected {
        [] => {
            ui.weak(tr!("mission-inspector-none"));
        }
        [i] => object(ui, st, m, *i, bytes_id, &mut out),
        many => {
            ui.strong(tr!("mission-inspector-many", n = many.len()));
            clan_picker(ui, m, many, &mut out);
        }
    }
    out
}

fn clan_picker(ui: &mut Ui, m: &Mission, list: &[usize], out: &mut Asked) {
    let owned: Vec<usize> = list.iter().copied().filter(|&i| m.objects.get(i).is_some_and(|o| !ObjectKind::of(o.kind).is_scenery())).collect();
    ui.horizontal(|ui| {
        ui.label(tr!("mission-field-clan"));
        let current = owned.first().and_then(|&i| m.objects.get(i)).map(|o| clan_label(m, o)).unwrap_or_default();
        let enabled = !owned.is_empty() && m.object_version >= gate::OBJECT_CLAN;
        ui.add_enabled_ui(enabled, |ui| {
            egui::ComboBox::from_id_salt("mission-clan-picker").selected_text(current).show_ui(ui, |ui| {
                for (c, clan) in m.clans.iter().enumerate() {
                    let swatch = super::scene::color(crate::scene::mission::clan_color(c));
                    let text = egui::RichText::new(clan.name.decode()).color(swatch);
                    if ui.selectable_label(false, text).clicked() {
                        out.ops.push((MissionOp::SetClan(owned.clone(), c as i32), None));
                    }
                }
            });
        })
        .response
        .on_disabled_hover_text(tr!("mission-clan-scenery"));
    });
}

fn object(ui: &mut Ui, st: &mut InspectorState, m: &Mission, i: usize, bytes_id: usize, out: &mut Asked) {
    let Some(o) = m.objects.get(i) else { return };
    if st.of != Some((i, bytes_id)) {
        if st.of.map(|(k, _)| k) != Some(i) {
            st.path = o.path.decode();
            st.name = o.name.decode();
        }
        st.of = Some((i, bytes_id));
    }
    ui.strong(tr!("mission-inspector-object", i = i.to_string(), kind = kind_label(o.kind)));
    clan_picker(ui, m, &[i], out);
    egui::Grid::new("mission-object-fields").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
        ui.label(tr!("mission-field-path"));
        let r = ui.add(egui::TextEdit::singleline(&mut st.path).desired_width(220.0).id_salt("mission-path"));
        if r.lost_focus() && st.path != o.path.decode() {
            out.ops.push((MissionOp::SetPath(i, st.path.clone()), None));
        }
        ui.end_row();
        ui.label(tr!("mission-field-name"));
        let named = m.object_version >= gate::OBJECT_NAME;
        let r = ui.add_enabled(named, egui::TextEdit::singleline(&mut st.name).desired_width(220.0).id_salt("mission-name"));
        if r.lost_focus() && st.name != o.name.decode() {
            out.ops.push((MissionOp::SetName(i, st.name.clone()), None));
        }
        ui.end_row();
        ui.label(tr!("mission-field-logical-id"));
        let mut id = o.logical_id;
        let r = ui.add_enabled(m.object_version >= gate::OBJECT_LOGICAL_ID, egui::DragValue::new(&mut id).range(-1..=i32::MAX));
        if r.changed() && id != o.logical_id {
            out.ops.push((MissionOp::SetLogicalId(i, id), None));
        }
        ui.end_row();

        let mut pos = o.position;
        let (changed, done) = vec_row(ui, &tr!("mission-field-position"), &mut pos, 0.25, "", true);
        out.end_drag |= done;
        if changed && pos != o.position {
            out.ops.push((MissionOp::Place(vec![Place { object: i, position: pos, rotation: o.rotation }]), Some("mission-position")));
        }
        let mut deg = o.rotation.map(f32::to_degrees);
        let (changed, done) = vec_row(ui, &tr!("mission-field-rotation"), &mut deg, 1.0, "°", true);
        out.end_drag |= done;
        let rot = deg.map(f32::to_radians);
        if changed && rot != o.rotation {
            out.ops.push((MissionOp::Place(vec![Place { object: i, position: o.position, rotation: rot }]), Some("mission-rotation")));
        }
        let scenery = ObjectKind::of(o.kind).is_scenery();
        let scalable = scenery && m.object_version >= gate::OBJECT_SCALE;
        let mut scale = o.scale;
        ui.label(tr!("mission-field-scale"));
        let row = ui.horizontal(|ui| {
            let (mut changed, mut done) = (false, false);
            for (axis, c) in ["x", "y", "z"].iter().zip(scale.iter_mut()) {
                let r = ui.add_enabled(scalable, egui::DragValue::new(c).speed(0.01).range(0.01..=100.0).prefix(format!("{axis} ")).max_decimals(3));
                changed |= r.changed();
                done |= r.drag_stopped() || r.lost_focus();
            }
            (changed, done)
        });
        let why = if !scenery { tr!("mission-scale-why-kind") } else { tr!("mission-scale-why-version", version = m.object_version.to_string()) };
        let (changed, done) = row.inner;
        out.end_drag |= done;
        if !scalable {
            row.response.on_hover_text(why);
        }
        if changed && scale != o.scale {
            out.ops.push((MissionOp::SetScale(i, scale), Some("mission-scale")));
        }
        ui.end_row();

        ui.label(tr!("mission-field-start"));
        let mut start = o.start;
        if ui.add_enabled(m.object_version >= gate::OBJECT_START, egui::DragValue::new(&mut start)).changed() {
            out.ops.push((MissionOp::SetStart(i, start), None));
        }
        ui.end_row();
        ui.label(tr!("mission-field-host"));
        let hosts = m.object_version >= gate::OBJECT_HOST;
        ui.horizontal(|ui| {
            let (mut host, mut vertex) = (o.host, o.vertex);
            let a = ui.add_enabled(hosts, egui::DragValue::new(&mut host).range(-1..=i32::MAX).prefix(tr!("mission-host-building")));
            let b = ui.add_enabled(hosts, egui::DragValue::new(&mut vertex).range(-1..=i32::MAX).prefix(tr!("mission-host-vertex")));
            if (a.changed() || b.changed()) && (host, vertex) != (o.host, o.vertex) {
                out.ops.push((MissionOp::SetHost(i, host, vertex), None));
            }
            if o.host >= 0 {
                match crate::doc::world::host(m, o.host) {
                    Some(h) => ui.weak(tr!("mission-host-is", i = h.to_string())),
                    None => ui.colored_label(ui.visuals().warn_fg_color, tr!("mission-host-missing")),
                };
            }
        });
        ui.end_row();
    });
}
