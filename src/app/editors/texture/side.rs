//! The inspector's side column: the header with its named bits and what the runtime makes of
//! it, the interpretation switches that change decoding, the palette (hover or click a swatch
//! to highlight its texels), and the Page rects table (edit, add, remove; each undoable).

use super::model::{ViewMode, flag_names, known_bits};
use super::TextureView;
use crate::app::seam::EditorCx;
use crate::doc::items;
use crate::app::intent::Intent;
use crate::app::widgets::readings;
use crate::doc::{ItemPath, Workspace};
use crate::formats::readings::TABLE;
use crate::formats::texm::{Format, Rect as PageRect, mip_skip};
use crate::formats::Severity;
use egui::{Color32, RichText, Sense, Ui, vec2};

/// The readings of docs/readings.md that change how textures decode.
pub const TEXTURE_READINGS: [&str; 4] = ["texm-8888", "texm-888", "texm-88", "palette"];

/// Side of one palette swatch, in points.
const SWATCH: f32 = 17.0;

pub fn show(ui: &mut Ui, cx: &EditorCx, view: &mut TextureView, out: &mut Vec<Intent>) {
    header(ui, cx, view, out);
    ui.add_space(6.0);
    interpretation(ui, cx, view, out);
    diagnostics(ui, view);
    if view.model().is_some_and(|m| m.lut.is_some()) {
        ui.add_space(6.0);
        palette(ui, view);
    }
    ui.add_space(6.0);
    page_rects(ui, cx, view, out);
}

fn header(ui: &mut Ui, cx: &EditorCx, view: &TextureView, out: &mut Vec<Intent>) {
    let Some(m) = view.model() else { return };
    let h = *m.texm.header();
    ui.heading(crate::tr!("tex-header"));
    egui::Grid::new("texm-header").num_columns(2).striped(true).show(ui, |ui| {
        ui.label(crate::tr!("tex-size"));
        ui.label(format!("{}×{}", h.width, h.height));
        ui.end_row();
        ui.label(crate::tr!("tex-format"));
        ui.label(match m.texm.format() {
            Some(f) => crate::tr!("tex-format-known", name = f.name(), n = f.bytes_per_pixel()),
            None => crate::tr!("tex-format-unknown", format = h.format.to_string()),
        });
        ui.end_row();
        ui.label(crate::tr!("tex-mip-levels"));
        ui.label(format!("{}", h.mip_count));
        ui.end_row();
        for (name, v) in [("flags4", h.flags4), ("flags5", h.flags5)] {
            ui.label(name);
            ui.vertical(|ui| {
                ui.monospace(format!("0x{v:08X}"));
                // Known bits are switches (each toggle one undo step); others are shown and kept.
                for (bit, what) in known_bits(name) {
                    let mut on = v & bit != 0;
                    let text = RichText::new(format!("0x{bit:08X} {what}")).small();
                    if ui.checkbox(&mut on, text).changed() {
                        let nv = if on { v | bit } else { v & !bit };
                        let (f4, f5) = if name == "flags4" { (nv, h.flags5) } else { (h.flags4, nv) };
                        out.push(super::edits::flags_intent(cx, [f4, f5, h.unk6]));
                    }
                }
                for (bit, what) in flag_names(name, v).into_iter().filter(|(b, _)| !known_bits(name).iter().any(|(k, _)| k == b)) {
                    ui.add(egui::Label::new(RichText::new(format!("0x{bit:08X} {what}")).small()).wrap());
                }
            });
            ui.end_row();
        }
        ui.label("unk6");
        ui.horizontal(|ui| {
            ui.monospace(format!("0x{:08X}", h.unk6));
            let [_, r, g, b] = h.unk6.to_be_bytes();
            let (rect, _) = ui.allocate_exact_size(vec2(14.0, 14.0), Sense::hover());
            ui.painter().rect_filled(rect, 2.0, Color32::from_rgb(r, g, b));
            ui.add(egui::Label::new(RichText::new(crate::tr!("tex-unk6-note")).small()).truncate());
        });
        ui.end_row();
        let skip = mip_skip(h.flags5, h.width, h.height, h.mip_count);
        ui.label(crate::tr!("tex-mip-skip"));
        ui.label(crate::tr!("tex-mip-skip-value", skip = skip.to_string(), size = format!("{}×{}", h.width >> skip, h.height >> skip), n = h.mip_count.saturating_sub(skip).max(1)));
        ui.end_row();
        if let Some(s) = m.surface.filter(|_| m.mode == ViewMode::Runtime) {
            ui.label(crate::tr!("tex-runtime-surface"));
            ui.label(s.name());
            ui.end_row();
        }
        ui.label(crate::tr!("tex-alpha-surface"));
        ui.label(if h.index0_transparent() {
            crate::tr!("tex-alpha-index0")
        } else if h.is_alpha_surface() {
            crate::tr!("inspector-yes")
        } else {
            crate::tr!("inspector-no")
        });
        ui.end_row();
        ui.label(crate::tr!("tex-byte-size"));
        ui.label(crate::tr!("tex-byte-size-value", size = cx.bytes.len().to_string(), tail = cx.bytes.len().saturating_sub(m.texm.core_len()).to_string()));
        ui.end_row();
    });
}

fn interpretation(ui: &mut Ui, cx: &EditorCx, view: &mut TextureView, out: &mut Vec<Intent>) {
    let format = view.model().and_then(|m| m.texm.format());
    let relevant = |name: &str| match (name, format) {
        ("texm-8888", Some(Format::Argb8888)) | ("texm-888", Some(Format::Rgb888)) | ("texm-88", Some(Format::LumAlpha88)) => true,
        ("palette", Some(f)) => f.is_indexed(),
        _ => false,
    };
    ui.heading(crate::tr!("tex-interpretation"));
    egui::Grid::new("texm-readings").num_columns(2).show(ui, |ui| {
        for (name, values, _) in TABLE.iter().filter(|(n, _, _)| TEXTURE_READINGS.contains(n)) {
            let label = ui.label(*name);
            let label = if relevant(name) { label } else { label.on_hover_text(crate::tr!("tex-reading-irrelevant")) };
            label.on_hover_text(readings::describe(name));
            readings::combo(ui, &cx.ws.readings, name, values, "texm-reading", out);
            ui.end_row();
        }
        if format == Some(Format::External) {
            ui.label(crate::tr!("tex-external-palette"));
            let candidates = palette_candidates(cx.ws);
            let now = view.external.as_ref().map_or_else(|| crate::tr!("tex-greyscale"), |p| items::address(cx.ws, p));
            egui::ComboBox::from_id_salt("texm-external")
                .selected_text(now)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut view.external, None, crate::tr!("tex-greyscale"));
                    for (p, name) in candidates {
                        ui.selectable_value(&mut view.external, Some(p), name);
                    }
                })
                .response
                .on_hover_text(crate::tr!("tex-external-palette-tip"));
            ui.end_row();
        }
    });
}

/// Open `.PAL` items a format-2 texture can decode through: entries of the open archives and
/// loose files, at least 1024 bytes.
pub fn palette_candidates(ws: &Workspace) -> Vec<(ItemPath, String)> {
    let mut out = Vec::new();
    for f in ws.files() {
        let root = ItemPath::root(f.id);
        if f.root().is_archive() {
            for (i, m) in f.root().metas().into_iter().enumerate() {
                if m.name.to_ascii_lowercase().ends_with(".pal") && m.size >= 1024 {
                    let p = root.child(i);
                    out.push((p.clone(), items::address(ws, &p)));
                }
            }
        } else if f.name().to_ascii_lowercase().ends_with(".pal") {
            out.push((root, f.name()));
        }
    }
    out
}

fn diagnostics(ui: &mut Ui, view: &TextureView) {
    let Some(m) = view.model() else { return };
    for d in &m.diagnostics {
        let colour = match d.severity {
            Severity::Error => ui.visuals().error_fg_color,
            Severity::Warning => ui.visuals().warn_fg_color,
            _ => ui.visuals().weak_text_color(),
        };
        ui.colored_label(colour, crate::app::i18n::messages::diagnostic(d));
    }
}

fn palette(ui: &mut Ui, view: &mut TextureView) {
    let Some(m) = view.model() else { return };
    let Some(lut) = m.lut else { return };
    let under_pointer = view.hover.as_ref().and_then(|r| r.index);
    let pin = view.palette_pin;
    let level = view.level;
    ui.heading(crate::tr!("tex-palette"));
    ui.weak(crate::tr!("tex-palette-hint"));
    let mut hovered = None;
    let mut clicked = None;
    let (rect, _) = ui.allocate_exact_size(vec2(16.0 * SWATCH, 16.0 * SWATCH), Sense::hover());
    for i in 0..=255u8 {
        let (col, row) = (f32::from(i % 16), f32::from(i / 16));
        let cell = egui::Rect::from_min_size(rect.min + vec2(col * SWATCH, row * SWATCH), vec2(SWATCH, SWATCH));
        let id = ui.scope_id().with(("swatch", i));
        let r = ui.interact(cell, id, Sense::click());
        let [cr, cg, cb, ca] = lut[usize::from(i)];
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, crate::tr!("tex-palette-index", i = i.to_string())));
        let p = ui.painter();
        let inner = cell.shrink(1.0);
        if ca < 255 {
            p.rect_filled(inner, 0.0, Color32::from_gray(170));
            p.rect_filled(egui::Rect::from_min_size(inner.min, inner.size() / 2.0), 0.0, Color32::from_gray(120));
            p.rect_filled(egui::Rect::from_min_size(inner.center(), inner.size() / 2.0), 0.0, Color32::from_gray(120));
        }
        p.rect_filled(inner, 0.0, Color32::from_rgba_unmultiplied(cr, cg, cb, ca));
        let mark = if pin == Some(i) {
            Some(Color32::from_rgb(255, 210, 40))
        } else if under_pointer == Some(i) || r.hovered() {
            Some(Color32::WHITE)
        } else {
            None
        };
        if let Some(c) = mark {
            p.rect_stroke(cell, 0.0, egui::Stroke::new(2.0, c), egui::StrokeKind::Inside);
        }
        if r.hovered() {
            hovered = Some(i);
        }
        if r.clicked() {
            clicked = Some(i);
        }
    }
    // The line is always there, so what is below does not move when a swatch is hovered.
    let show = hovered.or(pin).or(under_pointer);
    let line = show.map_or_else(
        || crate::tr!("tex-index-none"),
        |i| {
            let [cr, cg, cb, ca] = lut[usize::from(i)];
            crate::tr!("tex-index-line", i = i.to_string(), rgba = format!("{cr} {cg} {cb} {ca}"), n = m.index_count(level, i))
        },
    );
    ui.add(egui::Label::new(RichText::new(line).monospace()).truncate());
    view.palette_hover = hovered;
    if let Some(i) = clicked {
        view.palette_pin = if view.palette_pin == Some(i) { None } else { Some(i) };
    }
    if view.palette_pin.is_some() && ui.small_button(crate::tr!("tex-clear-highlight")).clicked() {
        view.palette_pin = None;
    }
}

fn page_rects(ui: &mut Ui, cx: &EditorCx, view: &mut TextureView, out: &mut Vec<Intent>) {
    let Some(m) = view.model() else { return };
    if m.texm.format().is_none() {
        return;
    }
    let editable = m.mode == ViewMode::Stored;
    let rects: Vec<_> = m.rects.clone();
    let (tw, th) = (m.texm.width(), m.texm.height());
    let has_page = m.texm.page().is_some();
    ui.heading(crate::tr!("tex-page-rects"));
    if !has_page {
        ui.weak(crate::tr!("tex-no-page"));
    }
    if !editable && !rects.is_empty() {
        ui.weak(crate::tr!("tex-runtime-rects"));
    }
    let stored = m.stored_rects();
    let mut hovered_row = None;
    let mut new = None;
    let mut dragging = false;
    let mut released = false;
    let grid = !rects.is_empty();
    egui::Grid::new("texm-page").num_columns(7).striped(true).spacing(vec2(6.0, 3.0)).show(ui, |ui| {
        if !grid {
            return;
        }
        for h in [crate::tr!("tex-cell"), "x".into(), "y".into(), "w".into(), "h".into(), crate::tr!("tex-runtime-uv"), String::new()] {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for (i, r) in rects.iter().enumerate() {
            let selected = view.rect_selected == Some(i);
            let mut row = ui.selectable_label(selected, format!("{i}")).on_hover_text(crate::tr!("tex-cell-tip", i = i.to_string()));
            if row.clicked() {
                view.rect_selected = if selected { None } else { Some(i) };
            }
            let mut v = r.stored;
            let mut changed = false;
            for (f, field) in [(&mut v.x, "x".to_string()), (&mut v.y, "y".to_string()), (&mut v.w, crate::tr!("tex-width")), (&mut v.h, crate::tr!("tex-height"))] {
                let resp = ui.add_enabled(editable, egui::DragValue::new(f).speed(0.25)).on_hover_text(crate::tr!("tex-rect-field", i = i.to_string(), field = field));
                changed |= resp.changed();
                dragging |= resp.dragged();
                released |= resp.drag_stopped();
                row = row.union(resp);
            }
            let rt = r.runtime;
            let rt_label = ui.small(format!(
                "({}, {})–({}, {})\nu {:.4} v {:.4} du {:.4} dv {:.4}",
                rt.x0, rt.y0, rt.x1, rt.y1, rt.u0, rt.v0, rt.du, rt.dv
            ));
            row = row.union(rt_label);
            if editable && ui.small_button(crate::tr!("tex-remove")).on_hover_text(crate::tr!("tex-remove-tip")).clicked() {
                let mut all = stored.clone();
                all.remove(i);
                new = Some(all);
                if view.rect_selected == Some(i) {
                    view.rect_selected = None;
                }
            } else if !editable {
                ui.label("");
            }
            if row.hovered() {
                hovered_row = Some(i);
            }
            if changed && v.w >= 0 && v.h >= 0 {
                let mut all = stored.clone();
                all[i] = v;
                new = Some(all);
            }
            ui.end_row();
        }
    });
    if editable && ui.button(crate::tr!("tex-add-rect")).on_hover_text(crate::tr!("tex-add-rect-tip")).clicked() {
        let mut all = stored.clone();
        let c = |v: u32| (v / 2).clamp(1, i16::MAX as u32) as i16;
        all.push(PageRect { x: 0, w: c(tw), y: 0, h: c(th) });
        view.rect_selected = Some(all.len() - 1);
        new = Some(all);
    }
    view.rect_hover = hovered_row;
    if let Some(rects) = new {
        out.push(super::edits::rects_intent(cx, rects, dragging));
    }
    if released {
        out.push(Intent::EndDrag);
    }
}
