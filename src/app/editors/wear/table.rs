//! The table view: one row per WEAR row with its id and name (editable), the material it
//! resolves to (swatch, texture, fallback flagged), which engine parser reads it, a landscape
//! table's role, and how much of the mesh beside it uses the row; rows added, removed and moved
//! through `formats::wear::edit`, with the re-pointing warning first.

use super::textview::{preview_ui, swatch};
use super::{Confirm, RowOp, WearView, assets};
use crate::app::seam::EditorCx;
use crate::app::intent::Intent;
use crate::formats::Severity;
use crate::formats::mat0::lookup::Fallback;
use crate::formats::wear::{EngineParser, Section};
use egui::{RichText, Ui, vec2};
use egui_extras::{Column, TableBuilder};
use std::collections::HashSet;

pub fn show(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    if let Some(u) = &v.assets.uses {
        ui.weak(crate::tr!("wear-uses-line", uses = uses_text(u.per_row.iter().sum::<usize>(), u.unit), mesh = u.mesh.as_str()));
    } else {
        ui.weak(crate::tr!("wear-no-mesh"));
    }
    if v.assets.materials.is_none() {
        ui.colored_label(ui.visuals().warn_fg_color, crate::tr!("wear-names-unchecked", what = v.assets.materials_missing.to_string()));
    }
    let sections: Vec<Section> = if v.wear.lightmaps().is_some() { vec![Section::Materials, Section::Lightmaps] } else { vec![Section::Materials] };
    let h = ui.available_height();
    for s in sections {
        let share = if s == Section::Materials && v.wear.lightmaps().is_some() { 0.65 } else { 1.0 };
        ui.horizontal(|ui| {
            ui.strong(match s {
                Section::Materials => crate::tr!("wear-materials", n = v.wear.materials().len().to_string()),
                Section::Lightmaps => crate::tr!("wear-lightmaps", n = v.wear.rows(s).len().to_string()),
            });
            let add = if s == Section::Materials { crate::tr!("wear-add-material") } else { crate::tr!("wear-add-lightmap") };
            if ui.button(add).clicked() {
                add_row(cx, v, s, out);
            }
        });
        ui.push_id(s.label(), |ui| section(ui, cx, v, s, (h * share - 60.0).max(80.0), out));
    }
}

fn add_row(cx: &EditorCx, v: &mut WearView, s: Section, out: &mut Vec<Intent>) {
    let known = match s {
        Section::Materials => v.assets.materials.as_ref(),
        Section::Lightmaps => v.assets.lightmaps.as_ref(),
    };
    let name = known.and_then(|k| k.iter().find(|n| n.eq_ignore_ascii_case("DEFAULT")).or(k.first())).cloned().unwrap_or_else(|| "DEFAULT".into());
    v.settle();
    let mut w = v.wear.clone();
    let id = i32::try_from(w.rows(s).len()).unwrap_or(i32::MAX);
    match w.add_row(s, id, &name) {
        Ok(_) => v.commit_wear(cx.path, w, &crate::tr!("wear-undo-add"), out),
        Err(e) => out.push(Intent::Log(Severity::Error, crate::tr!("wear-add-failed", error = crate::app::i18n::messages::error_message(&e)))),
    }
}

fn section(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, s: Section, height: f32, out: &mut Vec<Intent>) {
    let buffer: HashSet<usize> = {
        let b = v.wear.engine_table(EngineParser::Buffer);
        let rows = match s {
            Section::Materials => Some(&b.materials),
            Section::Lightmaps => b.lightmaps.as_ref().map(|(_, x)| x),
        };
        rows.map(|r| r.rows.iter().map(|r| r.name_span.start).collect()).unwrap_or_default()
    };
    let land = v.assets.uses.as_ref().and_then(|u| u.land.map(|l| (l, u.land_reading)));
    let n = v.wear.rows(s).len();
    let row_h = 30.0;
    let mut op = None;
    let mut builder = TableBuilder::new(ui)
        .id_salt(("wear-table", s.label()))
        .striped(true)
        .max_scroll_height(height)
        .auto_shrink([false, true])
        .column(Column::exact(36.0))
        .column(Column::exact(64.0))
        .column(Column::exact(150.0))
        .column(Column::initial(220.0).at_least(120.0).clip(true))
        .column(Column::exact(110.0));
    if land.is_some() && s == Section::Materials {
        builder = builder.column(Column::initial(190.0).clip(true));
    }
    builder = builder.column(Column::exact(70.0)).column(Column::exact(170.0));
    builder
        .header(20.0, |mut h| {
            for t in ["#".to_string(), crate::tr!("wear-col-id"), crate::tr!("wear-col-name"), crate::tr!("wear-col-material"), crate::tr!("wear-col-read-by")] {
                h.col(|ui| {
                    ui.strong(t);
                });
            }
            if land.is_some() && s == Section::Materials {
                h.col(|ui| {
                    ui.strong(crate::tr!("wear-col-role"));
                });
            }
            h.col(|ui| {
                ui.strong(crate::tr!("wear-col-uses"));
            });
            h.col(|_| {});
        })
        .body(|body| {
            body.rows(row_h, n, |mut row| {
                let i = row.index();
                let r = v.wear.rows(s)[i].clone();
                let (id, name) = (r.legacy_id, v.wear.name(&r).into_owned());
                let mut num = None;
                row.col(|ui| {
                    num = Some(ui.weak(i.to_string()).id);
                });
                row.col(|ui| cell(ui, cx, v, (s, i, 0), num, id.to_string(), out));
                row.col(|ui| cell(ui, cx, v, (s, i, 1), num, name.clone(), out));
                row.col(|ui| {
                    if s == Section::Materials {
                        material_cell(ui, cx, v, &name);
                    } else if v.assets.has_lightmap(&name) {
                        ui.label(crate::tr!("wear-in-lightmap-lib"));
                    } else {
                        ui.colored_label(ui.visuals().warn_fg_color, crate::tr!("wear-no-lightmap"));
                    }
                });
                row.col(|ui| {
                    if buffer.contains(&r.name_span.start) {
                        ui.label(crate::tr!("wear-both-parsers"));
                    } else {
                        ui.colored_label(ui.visuals().warn_fg_color, crate::tr!("wear-file-parser-only")).on_hover_text(crate::tr!("wear-not-read-by", parser = EngineParser::Buffer.label()));
                    }
                });
                if let Some((file, reading)) = land.filter(|_| s == Section::Materials) {
                    row.col(|ui| {
                        ui.label(assets::land_role(file, reading, i));
                    });
                }
                row.col(|ui| {
                    match v.assets.uses.as_ref().filter(|_| s == Section::Materials) {
                        Some(u) => ui.label(uses_text(u.per_row.get(i).copied().unwrap_or(0), u.unit)),
                        None => ui.weak("—"),
                    };
                });
                row.col(|ui| {
                    ui.horizontal(|ui| {
                        if ui.small_button(crate::tr!("mat-up")).on_hover_text(crate::tr!("wear-up-tip")).clicked() && i > 0 {
                            op = Some(RowOp::Swap(s, i - 1, i));
                        }
                        if ui.small_button(crate::tr!("mat-down")).on_hover_text(crate::tr!("wear-down-tip")).clicked() && i + 1 < n {
                            op = Some(RowOp::Swap(s, i, i + 1));
                        }
                        if ui.small_button(crate::tr!("mat-remove")).on_hover_text(crate::tr!("wear-remove-tip")).clicked() {
                            op = Some(RowOp::Remove(s, i));
                        }
                    });
                });
            });
        });
    if let Some(op) = op {
        request(cx, v, op, out);
    }
}

/// "1 batch", "3 batches", "1 triangle" (`unit` is "triangles" or "batches"), in the language.
fn uses_text(n: usize, unit: &str) -> String {
    match unit {
        "triangles" => crate::tr!("wear-n-triangles", n = n),
        "batches" => crate::tr!("wear-n-batches", n = n),
        _ => crate::tr!("wear-n-uses", n = n),
    }
}

/// An editable id or name cell: the text is the row's until the cell has the focus, and is
/// written when the focus leaves (Enter or a click elsewhere).
fn cell(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, (s, row, col): (Section, usize, u8), label: Option<egui::Id>, value: String, out: &mut Vec<Intent>) {
    let id = egui::Id::unique(("wear-cell", s.label(), row, col));
    let width = if col == 0 { 56.0 } else { 140.0 };
    let editing = matches!(&v.cell, Some((cs, cr, cc, _)) if *cs == s && *cr == row && *cc == col);
    let mut text = if editing { v.cell.as_ref().map(|c| c.3.clone()).unwrap_or_default() } else { value.clone() };
    let font = egui::TextStyle::Monospace;
    let mut resp = ui.add(egui::TextEdit::singleline(&mut text).id(id).font(font).desired_width(width));
    if let Some(l) = label {
        resp = resp.labelled_by(l);
    }
    if resp.changed() || (resp.has_focus() && !editing) {
        v.cell = Some((s, row, col, text.clone()));
    }
    if resp.lost_focus() && editing {
        v.cell = None;
        if text == value {
            return;
        }
        v.settle();
        let mut w = v.wear.clone();
        let result = if col == 0 {
            match text.trim().parse::<i32>() {
                Ok(n) => w.set_id(s, row, n),
                Err(_) => Err(crate::formats::Error::new(0, crate::tr!("wear-not-integer", text = format!("{text:?}")))),
            }
        } else {
            w.set_name(s, row, &text)
        };
        match result {
            Ok(()) => v.commit_wear(cx.path, w, &if col == 0 { crate::tr!("wear-undo-id") } else { crate::tr!("wear-undo-rename") }, out),
            Err(e) => out.push(Intent::Log(Severity::Error, crate::tr!("wear-row-error", row = row.to_string(), error = crate::app::i18n::messages::error_message(&e)))),
        }
    }
}

fn material_cell(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, name: &str) {
    let p = v.assets.preview(ui.ctx(), cx.ws, cx.path, name);
    let resp = ui
        .horizontal(|ui| {
            swatch(ui, p.color, 18.0);
            if let Some(t) = &p.texture {
                ui.add(egui::Image::new(t).fit_to_exact_size(vec2(22.0, 22.0)));
            }
            match (&p.mat0, p.fallback) {
                (Some(m), Some(Fallback::Exact)) => {
                    ui.label(m.rsplit("::").next().unwrap_or(m));
                }
                (Some(m), Some(f)) => {
                    let entry = m.rsplit("::").next().unwrap_or(m);
                    let text = if f == Fallback::Default { crate::tr!("wear-not-found", entry = entry) } else { crate::tr!("wear-not-found-no-default", entry = entry) };
                    ui.colored_label(ui.visuals().warn_fg_color, RichText::new(text)).on_hover_text(crate::tr!("wear-fallback-tip"));
                }
                _ => {
                    ui.weak(crate::tr!("wear-unresolved"));
                }
            }
        })
        .response;
    resp.on_hover_ui(|ui| preview_ui(ui, name, p));
}

/// Applies a row operation, or asks first when it re-points uses of the mesh.
fn request(cx: &EditorCx, v: &mut WearView, op: RowOp, out: &mut Vec<Intent>) {
    let uses = v.assets.uses.as_ref();
    let at = |i: usize| uses.map_or(0, |u| u.per_row.get(i).copied().unwrap_or(0));
    let unit = uses.map_or("uses", |u| u.unit);
    let n = |k: usize| uses_text(k, unit);
    let mesh = uses.map_or(String::new(), |u| u.mesh.clone());
    let message = match op {
        RowOp::Remove(Section::Materials, i) => {
            let after: usize = (i + 1..v.wear.materials().len().max(i + 1)).map(at).sum();
            let own = at(i);
            (after + own > 0).then(|| {
                crate::tr!("wear-confirm-remove", row = i.to_string(), after = n(after), own = n(own), mesh = mesh.as_str())
            })
        }
        RowOp::Swap(Section::Materials, a, b) => (at(a) + at(b) > 0).then(|| {
            crate::tr!("wear-confirm-move", a = a.to_string(), b = b.to_string(), uses_a = n(at(a)), uses_b = n(at(b)), mesh = mesh.as_str())
        }),
        _ => None,
    };
    match message {
        Some(message) => v.confirm = Some(Confirm { op, message }),
        None => apply(cx, v, op, out),
    }
}

pub fn apply(cx: &EditorCx, v: &mut WearView, op: RowOp, out: &mut Vec<Intent>) {
    v.settle();
    let mut w = v.wear.clone();
    let (result, label) = match op {
        RowOp::Remove(s, i) => (w.remove_row(s, i), crate::tr!("wear-undo-remove")),
        RowOp::Swap(s, a, b) => (w.swap_rows(s, a, b), crate::tr!("wear-undo-move")),
    };
    match result {
        Ok(()) => v.commit_wear(cx.path, w, &label, out),
        Err(e) => out.push(Intent::Log(Severity::Error, format!("{label}: {}", crate::app::i18n::messages::error_message(&e)))),
    }
}

pub fn confirm_dialog(ctx: &egui::Context, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    let Some(c) = v.confirm.clone() else { return };
    let mut close = false;
    egui::Modal::new(egui::Id::unique("wear-confirm")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading(match c.op {
            RowOp::Remove(..) => crate::tr!("wear-confirm-remove-title"),
            RowOp::Swap(..) => crate::tr!("wear-confirm-move-title"),
        });
        ui.label(&c.message);
        ui.horizontal(|ui| {
            let go = match c.op {
                RowOp::Remove(..) => crate::tr!("wear-remove-anyway"),
                RowOp::Swap(..) => crate::tr!("wear-move-anyway"),
            };
            if ui.button(go).clicked() {
                apply(cx, v, c.op, out);
                close = true;
            }
            if ui.button(crate::tr!("dlg-cancel")).clicked() {
                close = true;
            }
        });
    });
    if close {
        v.confirm = None;
    }
}

#[cfg(test)]
mod tests {
    use super::uses_text;

    #[test]
    fn use_counts_read_naturally() {
        assert_eq!(uses_text(1, "batches"), "1 batch");
        assert_eq!(uses_text(3, "batches"), "3 batches");
        assert_eq!(uses_text(1, "triangles"), "1 triangle");
        assert_eq!(uses_text(0, "triangles"), "0 triangles");
    }
}
