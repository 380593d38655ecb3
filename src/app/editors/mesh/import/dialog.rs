//! Drawing the model import dialog: the 3D preview beside the node tree, the material mapping
//! table, the counts against the engine's limits, the warnings, the files it writes, and the
//! answer (one undo step over every file, or nothing).

use super::*;
use crate::app::gpu_view::ViewFrame;
use crate::app::intent::Intent;
use crate::app::seam::EditorDialog;
use crate::formats::Severity;
use crate::import::geometry::{MAX_BATCH_INDICES, MAX_BATCH_VERTICES};
use crate::import::animation::MAX_KEYS;
use crate::import::plan::RowPlan;
use crate::render::{FrameParams, OrbitCamera};
use eframe::egui_wgpu::RenderState;
use egui::{Context, RichText, Sense, Ui, Vec2};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    Import,
    Cancel,
}

impl EditorDialog for ImportDialog {
    fn show(&mut self, ctx: &Context, ws: &Workspace, out: &mut Vec<Intent>) -> bool {
        self.show_with_gpu(ctx, ws, None, out)
    }

    fn show_with_gpu(&mut self, ctx: &Context, ws: &Workspace, gpu: Option<&RenderState>, out: &mut Vec<Intent>) -> bool {
        self.poll(ws);
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("model-import-dialog")).show(ctx, |ui| {
            ui.set_width(880.0);
            body(ui, self, ws, gpu, &mut answer);
        });
        if modal.should_close() && answer.is_none() {
            answer = Some(Answer::Cancel);
        }
        match answer {
            None => true,
            Some(Answer::Cancel) => {
                out.push(Intent::Log(Severity::Info, crate::tr!("import-cancelled", source = &self.source_name)));
                false
            }
            Some(Answer::Import) => {
                self.confirm(out);
                false
            }
        }
    }
}

impl ImportDialog {
    /// The import as one undo step over every file it touches.
    fn confirm(&self, out: &mut Vec<Intent>) {
        let Some(edits) = self.edits() else { return };
        let label = crate::tr!("import-into", source = &self.source_name, dest = &self.dest.label);
        out.push(Intent::EditGroup { label, edits });
    }
}

/// What the combo of a row says for a choice.
fn choice_text(row: &RowPlan, m: &Mapping, library: &[String]) -> String {
    let has = |n: &str| library.iter().any(|l| l.eq_ignore_ascii_case(n));
    match m {
        Mapping::Auto if has(&row.gltf_name) => crate::tr!("import-map-library", name = &row.gltf_name),
        Mapping::Auto if row.added => crate::tr!("import-map-new", name = &row.gltf_name),
        Mapping::Auto => crate::tr!("import-map-missing", name = &row.gltf_name),
        Mapping::New => crate::tr!("import-map-new", name = &row.gltf_name),
        Mapping::Use(n) => crate::tr!("import-map-library", name = n),
    }
}

fn body(ui: &mut Ui, d: &mut ImportDialog, ws: &Workspace, gpu: Option<&RenderState>, answer: &mut Option<Answer>) {
    match d.new_model {
        Some(_) => ui.heading(crate::tr!("import-as-new", source = &d.source_name)),
        None => ui.heading(crate::tr!("import-into", source = &d.source_name, dest = crate::app::shown_path::text(&d.dest.label).into_owned())),
    };
    new_model::section(ui, d, ws);
    ui.horizontal(|ui| {
        if d.worker.pending() {
            ui.spinner();
            let (done, total) = d.progress.get();
            ui.add(egui::ProgressBar::new(d.progress.fraction().unwrap_or(0.0)).desired_width(200.0).text(crate::tr!("import-converting", done = done, total = total)));
        } else {
            ui.weak(crate::tr!("import-nothing-until"));
        }
    });
    let failed = match &d.result {
        Some(Err(e)) => Some(e.clone()),
        _ => None,
    };
    if let Some(e) = failed {
        ui.colored_label(ui.visuals().error_fg_color, format!("{}: {e}", d.source_name));
    }
    if d.converted().is_some() {
        ui.horizontal_top(|ui| {
            preview(ui, d, gpu);
            ui.vertical(|ui| {
                ui.label(RichText::new(crate::tr!("import-nodes")).strong());
                node_tree(ui, d);
            });
        });
        ui.separator();
        ui.columns(2, |cols| {
            cols[0].label(RichText::new(crate::tr!("import-materials")).strong());
            mapping_table(&mut cols[0], d);
            cols[1].label(RichText::new(crate::tr!("import-limits")).strong());
            limits(&mut cols[1], d);
        });
        ui.separator();
        files(ui, d);
        warnings(ui, d);
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        let ok = d.current() && d.edits().is_some();
        let import = ui.add_enabled(ok, egui::Button::new(crate::tr!("import-button"))).on_hover_text(crate::tr!("import-button-tip"));
        if import.clicked() {
            *answer = Some(Answer::Import);
        }
        if ui.button(crate::tr!("import-cancel")).clicked() {
            *answer = Some(Answer::Cancel);
        }
    });
}

fn preview(ui: &mut Ui, d: &mut ImportDialog, gpu: Option<&RenderState>) {
    let size = Vec2::new(420.0, 300.0);
    let (rect, resp) = ui.allocate_exact_size(size, Sense::drag());
    ui.painter().rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
    let text = |ui: &Ui, t: &str| {
        ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, t, egui::FontId::proportional(13.0), ui.visuals().weak_text_color());
    };
    let p = &mut d.preview;
    crate::app::gpu_view::orbit_input(ui, &resp, &mut p.yaw, &mut p.pitch, &mut p.zoom);
    let Some(Ok(outcome)) = &d.result else { return };
    let (scene, id) = match &outcome.scene {
        Ok(s) => s,
        Err(e) => return text(ui, &crate::tr!("import-no-preview", error = e.to_string())),
    };
    let Some(rs) = gpu else { return text(ui, &crate::tr!("import-no-gpu", n = outcome.converted.summary.triangles)) };
    if let Some(why) = gpu_view::unsupported(rs) {
        return text(ui, &why);
    }
    if let Err(e) = gpu_view::upload(rs, p.view, *id, scene) {
        return text(ui, &crate::app::i18n::messages::message(&e.message()));
    }
    if p.slot.is_none() {
        p.slot = Some(ViewSlot { rs: rs.clone(), view: p.view });
    }
    let mut camera = OrbitCamera::framing(scene.min, scene.max, p.yaw, p.pitch, rect.width() / rect.height());
    camera.distance *= p.zoom;
    ui.painter().add(ViewFrame::at_rest(p.view, ui, rect, FrameParams::new(camera), scene).paint_callback(rect));
    resp.on_hover_text(crate::tr!("import-orbit-tip"));
}

fn node_tree(ui: &mut Ui, d: &ImportDialog) {
    let Some(c) = d.converted() else { return };
    egui::ScrollArea::vertical().id_salt("import-nodes").max_height(280.0).auto_shrink([false, true]).show(ui, |ui| {
        // Parents come before children: the depth is the parent's plus one.
        let mut depth = vec![0usize; c.nodes.len()];
        for (k, n) in c.nodes.iter().enumerate() {
            depth[k] = n.parent.map_or(0, |p| depth.get(p).map_or(0, |d| d + 1));
            ui.horizontal(|ui| {
                ui.add_space(14.0 * depth[k] as f32);
                ui.label(RichText::new(&n.name).monospace());
                ui.weak(format!("{}{}", crate::tr!("mesh-triangles-count", n = n.triangles), if n.animated { crate::tr!("import-animated") } else { String::new() }));
            });
        }
    });
}

fn mapping_table(ui: &mut Ui, d: &mut ImportDialog) {
    let Some(rows) = d.converted().map(|c| c.rows.clone()) else { return };
    let has_lib = d.dest.material_lib.is_some();
    egui::Grid::new("import-materials").num_columns(2).striped(true).show(ui, |ui| {
        for (k, row) in rows.iter().enumerate() {
            let name = ui.label(RichText::new(&row.gltf_name).monospace());
            let now = d.mapping.get(k).cloned().unwrap_or(Mapping::Auto);
            let mut chosen = now.clone();
            egui::ComboBox::from_id_salt(("import-material", k)).width(220.0).selected_text(choice_text(row, &now, &d.library)).show_ui(ui, |ui| {
                let own = d.library.iter().any(|l| l.eq_ignore_ascii_case(&row.gltf_name));
                if !own && has_lib {
                    ui.selectable_value(&mut chosen, Mapping::New, crate::tr!("import-map-new", name = &row.gltf_name)).on_hover_text(crate::tr!("import-map-new-tip"));
                }
                for name in &d.library {
                    let m = if name.eq_ignore_ascii_case(&row.gltf_name) { Mapping::Auto } else { Mapping::Use(name.clone()) };
                    ui.selectable_value(&mut chosen, m, crate::tr!("import-map-library", name = name));
                }
            })
            .response
            .labelled_by(name.id)
            .on_hover_text(crate::tr!("import-material-tip"));
            if chosen != now
                && let Some(slot) = d.mapping.get_mut(k)
            {
                *slot = chosen;
            }
            ui.end_row();
        }
    });
    if !has_lib {
        ui.weak(crate::tr!("import-no-library"));
    }
}

fn limits(ui: &mut Ui, d: &ImportDialog) {
    let Some(c) = d.converted() else { return };
    let s = &c.summary;
    egui::Grid::new("import-limits").num_columns(3).show(ui, |ui| {
        let line = |ui: &mut Ui, what: &str, n: usize, max: Option<usize>| {
            ui.label(what);
            ui.monospace(n.to_string());
            match max {
                Some(m) => {
                    let share = n as f64 / m as f64;
                    let colour = if share > 0.9 { ui.visuals().warn_fg_color } else { ui.visuals().weak_text_color() };
                    ui.colored_label(colour, crate::tr!("import-of-max", max = m));
                }
                None => {
                    ui.label("");
                }
            }
            ui.end_row();
        };
        line(ui, &crate::tr!("import-limit-nodes"), s.nodes, Some(crate::import::MAX_NODES));
        line(ui, &crate::tr!("import-limit-batch-vertices"), s.batch_vertices, Some(MAX_BATCH_VERTICES));
        line(ui, &crate::tr!("import-limit-batch-indices"), s.batch_indices, Some(MAX_BATCH_INDICES));
        line(ui, &crate::tr!("import-limit-keys"), s.keys, Some(MAX_KEYS));
        line(ui, &crate::tr!("import-limit-triangles"), s.triangles, None);
        line(ui, &crate::tr!("import-limit-batches"), s.batches, None);
        line(ui, &crate::tr!("import-limit-frames"), s.frames, None);
    });
}

fn files(ui: &mut Ui, d: &ImportDialog) {
    let Some(c) = d.converted() else { return };
    ui.label(RichText::new(crate::tr!("import-writes")).strong());
    let shown = |s: &str| crate::app::shown_path::text(s).into_owned();
    ui.label(crate::tr!("import-writes-model", dest = shown(&d.dest.label), n = c.msh.len()));
    let new = if matches!(d.dest.wea, GroupTarget::NewEntry { .. }) || matches!(&d.dest.wea, GroupTarget::File(p) if !p.exists()) { crate::tr!("import-new-mark") } else { String::new() };
    ui.label(crate::tr!("import-writes-table", dest = format!("{}{new}", shown(&d.dest.wea_label)), n = c.rows.len()));
    if let Some(l) = d.dest.material_lib.as_ref().filter(|_| !c.changes.added_materials.is_empty()) {
        ui.label(crate::tr!("import-writes-adds", dest = shown(&l.label),
 names = c.changes.added_materials.join(", ")));
    }
    if let Some(l) = d.dest.textures_lib.as_ref().filter(|_| !c.changes.added_textures.is_empty()) {
        ui.label(crate::tr!("import-writes-adds", dest = shown(&l.label),
 names = c.changes.added_textures.join(", ")));
    }
}

fn warnings(ui: &mut Ui, d: &ImportDialog) {
    let Some(c) = d.converted() else { return };
    let missing = c.rows.iter().filter(|r| !r.resolved).map(|r| crate::tr!("import-material-missing", name = &r.name));
    let all: Vec<String> = c.warnings.iter().map(crate::app::i18n::messages::message).chain(missing).collect();
    if all.is_empty() {
        return;
    }
    ui.label(RichText::new(crate::tr!("import-warnings", n = all.len())).strong());

    egui::ScrollArea::vertical().id_salt("import-warnings").max_height(90.0).show(ui, |ui| {
        for w in &all {
            ui.colored_label(ui.visuals().warn_fg_color, format!("• {w}"));
        }
    });
}
