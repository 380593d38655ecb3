//! The editor's sections: the header (attr1, version, meta), the phases, the animation blocks
//! with their key tables, and the readout at the playhead. Each change is one committed edit.

use super::readout::{self, Phase as Pass};
use super::{Mat0View, commit, edits};
use crate::app::seam::EditorCx;
use crate::app::intent::Intent;
use crate::formats::mat0::flags::Mat0Flags;
use crate::formats::mat0::phase::{AMBIENT_ALPHA, ColorGroup, nearest_param_byte, param_value};
use crate::formats::mat0::runtime::mask_fields;
use crate::formats::mat0::{AnimMode, Mat0, Phase, prefix_len, stores_meta_ab, stores_meta_c, stores_meta_d};
use egui::{Color32, RichText, Sense, Stroke, StrokeKind, Ui, vec2};

mod blocks;

pub use blocks::{blocks, readout};

/// Names of the nibble mode's values the engine's five-entry table has.
pub fn nibble_name(v: u8) -> String {
    match v {
        0 => crate::tr!("mat-nibble-opaque"),
        1..=4 => crate::tr!("mat-nibble-blended"),
        _ => crate::tr!("mat-nibble-raw"),
    }
}

/// The meta fields a version stores.
fn meta_fields(v: u32) -> Vec<&'static str> {
    let mut f = Vec::new();
    if stores_meta_ab(v) {
        f.extend(["metaA", "metaB"]);
    }
    if stores_meta_c(v) {
        f.push("metaC");
    }
    if stores_meta_d(v) {
        f.push("metaD");
    }
    f
}

/// What changing the version from `from` to `to` adds and drops, in words.
pub fn version_change(from: u32, to: u32) -> String {
    let (a, b) = (meta_fields(from), meta_fields(to));
    let added: Vec<_> = b.iter().filter(|f| !a.contains(f)).copied().collect();
    let dropped: Vec<_> = a.iter().filter(|f| !b.contains(f)).copied().collect();
    let mut s = Vec::new();
    if !added.is_empty() {
        s.push(crate::tr!("mat-version-adds", fields = added.join(", ")));
    }
    if !dropped.is_empty() {
        s.push(crate::tr!("mat-version-drops", fields = dropped.join(", ")));
    }
    if s.is_empty() { crate::tr!("mat-version-same") } else { s.join("; ") }
}

pub fn header(ui: &mut Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0, attrs: [u32; 3], out: &mut Vec<Intent>) {
    egui::CollapsingHeader::new(crate::tr!("tex-header")).default_open(true).show(ui, |ui| {
        let flags = Mat0Flags(attrs[0]);
        let mut f = flags;
        ui.horizontal_wrapped(|ui| {
            let mut v = f.second_stage();
            if ui.checkbox(&mut v, crate::tr!("mat-second-stage")).on_hover_text(crate::tr!("mat-second-stage-tip")).changed() {
                f.set_second_stage(v);
            }
            let mut v = f.flag_a();
            if ui.checkbox(&mut v, "flagA").on_hover_text(crate::tr!("mat-flag-a-tip")).changed() {
                f.set_flag_a(v);
            }
            let mut v = f.flag_b();
            if ui.checkbox(&mut v, "flagB").on_hover_text("attr1 bit 6").changed() {
                f.set_flag_b(v);
            }
        });
        ui.horizontal(|ui| {
            let cur = f.nibble_mode();
            egui::ComboBox::new("mat0-nibble", crate::tr!("mat-nibble-mode")).selected_text(format!("{cur}: {}", nibble_name(cur))).width(260.0).show_ui(ui, |ui| {
                for n in 0..16u8 {
                    if ui.selectable_label(n == cur, format!("{n}: {}", nibble_name(n))).clicked() {
                        f.set_nibble_mode(n);
                    }
                }
            });
        });
        if flags.unknown_bits() != 0 {
            ui.weak(crate::tr!("mat-other-bits", bits = format!("0x{:08X}", flags.unknown_bits())));
        }
        if f != flags {
            out.push(Intent::EditItem(attrs_edit(cx, [f.0, attrs[1], attrs[2]], &crate::tr!("mat-undo-flags"))));
        }

        ui.horizontal(|ui| {
            let cur = attrs[1];
            egui::ComboBox::new("mat0-version", crate::tr!("mat-version")).selected_text(cur.to_string()).width(60.0).show_ui(ui, |ui| {
                for v in 0..=7u32 {
                    let text = if v == cur { crate::tr!("mat-version-current", v = v.to_string()) } else { format!("{v}: {}", version_change(cur, v)) };
                    if ui.selectable_label(v == cur, text).clicked() && v != cur {
                        let mut m = mat.clone();
                        m.set_version(v);
                        out.push(commit(cx, &m, Some([attrs[0], v, attrs[2]]), crate::tr!("mat-undo-version", v = v.to_string()), None));
                    }
                }
            });
            ui.weak(crate::tr!("mat-prefix", n = prefix_len(cur)));
        });

        let v = attrs[1];
        let mut m = mat.clone();
        egui::Grid::new("mat0-meta").num_columns(3).show(ui, |ui| {
            let l = ui.label("metaA");
            ui.add_enabled(stores_meta_ab(v), egui::DragValue::new(&mut m.meta.a)).labelled_by(l.id);
            ui.weak(if m.meta.a == 0xFF { crate::tr!("mat-ground-unset") } else { crate::tr!("mat-ground") });
            ui.end_row();
            let l = ui.label("metaB");
            ui.add_enabled(stores_meta_ab(v), egui::DragValue::new(&mut m.meta.b)).labelled_by(l.id);
            ui.weak(crate::tr!("mat-unused"));
            ui.end_row();
            let l = ui.label("metaC");
            let mut c = m.meta.speed_factor();
            if ui.add_enabled(stores_meta_c(v), egui::DragValue::new(&mut c).speed(0.01)).labelled_by(l.id).changed() {
                m.meta.set_speed_factor(c);
            }
            ui.weak(crate::tr!("mat-speed"));
            ui.end_row();
            let l = ui.label("metaD");
            let mut d = m.meta.damage_per_second();
            if ui.add_enabled(stores_meta_d(v), egui::DragValue::new(&mut d).speed(0.1)).labelled_by(l.id).changed() {
                m.meta.set_damage_per_second(d);
            }
            ui.weak(crate::tr!("mat-damage"));
            ui.end_row();
        });
        if m.meta != mat.meta {
            view.drag_open = true;
            out.push(commit(cx, &m, None, crate::tr!("mat-undo-meta"), Some("mat0-meta")));
        }
    });
}

fn attrs_edit(cx: &EditorCx, attrs: [u32; 3], label: &str) -> crate::app::intent::ItemEdit {
    crate::app::intent::ItemEdit {
        path: cx.path.clone(),
        bytes: None,
        attrs: Some(attrs),
        label: format!("{label} ({})", crate::doc::items::address(cx.ws, cx.path)),
        merge: None,
    }
}

/// A colour swatch: fill and outline as one shape (drawn every frame while playing).
pub fn paint_swatch(painter: &egui::Painter, r: egui::Rect, c: Color32) {
    painter.add(egui::epaint::RectShape::new(r, 2.0, c, Stroke::new(1.0, Color32::from_black_alpha(120)), StrokeKind::Inside));
}

fn swatch(ui: &mut Ui, c: Color32) -> egui::Response {
    let (r, resp) = ui.allocate_exact_size(vec2(14.0, 14.0), Sense::click());
    paint_swatch(ui.painter(), r, c);
    resp
}

fn diffuse(p: &Phase) -> Color32 {
    let [r, g, b, _] = p.color_bytes(ColorGroup::Diffuse);
    Color32::from_rgb(r, g, b)
}

/// Phases keys name, per phase: so the list can say which are in use.
fn users(mat: &Mat0, i: usize) -> usize {
    mat.anim.iter().flat_map(|b| &b.keys).filter(|k| usize::from(k.k0) == i).count()
}

pub fn phases(ui: &mut Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0, out: &mut Vec<Intent>) {
    egui::CollapsingHeader::new(crate::tr!("mat-phases", n = mat.phases.len().to_string())).default_open(true).show(ui, |ui| {
        for (i, p) in mat.phases.iter().enumerate() {
            ui.horizontal(|ui| {
                swatch(ui, diffuse(p));
                let tex = p.texture_name().unwrap_or_else(|| crate::tr!("mat-no-texture"));
                if ui.selectable_label(view.phase == i, format!("{i}: {tex}")).clicked() {
                    view.phase = i;
                }
                ui.weak(crate::tr!("mat-keys", n = users(mat, i)));
            });
        }
        ui.horizontal(|ui| {
            let sel = view.phase;
            let mut m = mat.clone();
            let done = if ui.button(crate::tr!("mat-add")).on_hover_text(crate::tr!("mat-add-tip")).clicked() {
                let p = mat.phases.get(sel).copied().unwrap_or_else(edits::default_phase);
                Some(edits::add_phase(&mut m, p).map(|i| (i, crate::tr!("mat-undo-add-phase"))))
            } else if ui.add_enabled(sel < mat.phases.len(), egui::Button::new(crate::tr!("mat-duplicate"))).clicked() {
                Some(edits::duplicate_phase(&mut m, sel).map(|i| (i, crate::tr!("mat-undo-duplicate", i = sel.to_string()))))
            } else if ui.add_enabled(sel < mat.phases.len(), egui::Button::new(crate::tr!("mat-remove"))).on_hover_text(crate::tr!("mat-remove-tip")).clicked() {
                Some(remove_phase(view, &mut m, sel))
            } else if ui.add_enabled(sel > 0 && sel < mat.phases.len(), egui::Button::new(crate::tr!("mat-up"))).clicked() {
                Some(edits::swap_phases(&mut m, sel, sel - 1).map(|_| (sel - 1, crate::tr!("mat-undo-up", i = sel.to_string()))))
            } else if ui.add_enabled(sel + 1 < mat.phases.len(), egui::Button::new(crate::tr!("mat-down"))).clicked() {
                Some(edits::swap_phases(&mut m, sel, sel + 1).map(|_| (sel + 1, crate::tr!("mat-undo-down", i = sel.to_string()))))
            } else {
                None
            };
            match done {
                Some(Ok((to, label))) => {
                    view.phase = to;
                    out.push(commit(cx, &m, None, label, None));
                }
                Some(Err(e)) => view.notice = Some(e),
                None => {}
            }
        });
        if let Some(p) = mat.phases.get(view.phase) {
            ui.separator();
            phase_details(ui, cx, view, mat, view.phase, p, out);
        }
    });
}

/// Removes phase `i` of `m`, saying which keys were re-pointed.
pub fn remove_phase(view: &mut Mat0View, m: &mut Mat0, i: usize) -> Result<(usize, String), String> {
    let moved = edits::remove_phase(m, i)?;
    view.notice = (!moved.is_empty()).then(|| {
        let list: Vec<String> = moved.iter().map(|r| crate::tr!("mat-repointed", block = r.block.to_string(), key = r.key.to_string(), from = r.from.to_string(), to = r.to.to_string())).collect();
        crate::tr!("mat-removed-phase", i = i.to_string(), list = list.join(", "))
    });
    Ok((i.min(m.phases.len().saturating_sub(1)), crate::tr!("mat-undo-remove-phase", i = i.to_string())))
}

fn phase_details(ui: &mut Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0, i: usize, p: &Phase, out: &mut Vec<Intent>) {
    let mut q = *p;
    egui::Grid::new("mat0-colours").num_columns(6).show(ui, |ui| {
        for g in ColorGroup::ALL {
            ui.label(g.label());
            let mut bytes = q.color_bytes(g);
            let mut rgb = [bytes[0], bytes[1], bytes[2]];
            if ui.color_edit_button_srgb(&mut rgb).changed() {
                bytes[..3].copy_from_slice(&rgb);
            }
            for (c, name) in ["R", "G", "B", "A"].iter().enumerate() {
                let at = g.first_param() + c;
                if at == AMBIENT_ALPHA {
                    // Ambient alpha is stored in hundredths: edit the value, store the nearest byte.
                    let mut v = param_value(at, bytes[c]);
                    let r = ui.add(egui::DragValue::new(&mut v).speed(0.01).range(0.0..=2.55).max_decimals(2).prefix("A ")).on_hover_text(format!("p[3] = {} (× 0.01)", bytes[c]));
                    if r.changed() {
                        bytes[c] = nearest_param_byte(at, v);
                    }
                } else {
                    ui.add(egui::DragValue::new(&mut bytes[c]).prefix(format!("{name} "))).on_hover_text(format!("p[{at}] = {} -> {:.4}", bytes[c], param_value(at, bytes[c])));
                }
            }
            q.set_color_bytes(g, bytes);
            ui.end_row();
        }
        ui.label(crate::tr!("mat-power"));
        let mut pw = q.power();
        ui.add(egui::DragValue::new(&mut pw).prefix("p[16] "));
        q.set_power(pw);
        ui.label(q.device_power().map_or_else(|| crate::tr!("mat-power-overflow"), |d| format!("= 1 << {pw} = {d}")));
        ui.end_row();
        ui.label(crate::tr!("tex-cell"));
        let mut cell = q.cell();
        ui.add(egui::DragValue::new(&mut cell).prefix("p[17] "));
        q.set_cell(cell);
        ui.label(if q.cell_signed() < 0 { crate::tr!("mat-cell-whole", unsigned = q.cell().to_string(), signed = q.cell_signed().to_string()) } else { crate::tr!("mat-cell-value", unsigned = q.cell().to_string(), signed = q.cell_signed().to_string()) });
        ui.end_row();
    });
    if q != *p {
        let mut m = mat.clone();
        m.phases[i] = q;
        view.drag_open = true;
        out.push(commit(cx, &m, None, crate::tr!("mat-undo-edit-phase", i = i.to_string()), Some("mat0-phase")));
    }
    texture_row(ui, cx, view, mat, i, p, out);
}

fn texture_row(ui: &mut Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0, i: usize, p: &Phase, out: &mut Vec<Intent>) {
    let current = p.texture_name().unwrap_or_default();
    let mut set: Option<String> = None;
    // The typed text follows the document until the user types (and again after an undo).
    if view.tex_text.as_ref().is_none_or(|(pi, _, base)| *pi != i || *base != current) {
        view.tex_text = Some((i, current.clone(), current.clone()));
    }
    let Some((_, text, _)) = view.tex_text.as_mut() else { return };
    ui.horizontal(|ui| {
        let l = ui.label(crate::tr!("mat-texture"));
        let r = ui.add(egui::TextEdit::singleline(text).desired_width(120.0).hint_text(crate::tr!("mat-no-texture"))).labelled_by(l.id);
        if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) && *text != current {
            set = Some(text.clone());
        }
        if ui.add_enabled(p.has_texture(), egui::Button::new(crate::tr!("mat-no-texture-button"))).clicked() {
            set = Some(String::new());
        }
    });
    // Completion: names of the open texture libraries that start with what is typed.
    if let Some((_, typed, _)) = view.tex_text.as_ref().filter(|(_, t, _)| !t.is_empty() && *t != current) {
        let typed = typed.to_ascii_uppercase();
        let names: Vec<String> = view.textures.names(cx.ws, cx.path).iter().filter(|n| n.to_ascii_uppercase().starts_with(&typed)).take(8).cloned().collect();
        ui.horizontal_wrapped(|ui| {
            for n in names {
                if ui.small_button(&n).clicked() {
                    set = Some(n);
                }
            }
        });
    }
    if let Some(name) = set {
        let mut m = mat.clone();
        view.tex_text = None;
        match m.phases[i].set_texture(&name) {
            Ok(()) => out.push(commit(cx, &m, None, crate::tr!("mat-undo-texture", i = i.to_string()), None)),
            Err(e) => view.notice = Some(crate::app::i18n::messages::error_message(&e)),
        }
        return;
    }
    if !p.has_texture() {
        return;
    }
    let look = view.textures.get(ui.ctx(), cx.ws, cx.path, p.texture_bytes());
    if let Some(problem) = &look.problem {
        ui.colored_label(ui.visuals().error_fg_color, problem.to_string());
        return;
    }
    let Some(tex) = look.handle.clone() else { return };
    let [w, h] = look.size;
    let rects = look.rects.clone();
    ui.horizontal(|ui| {
        if ui.add_enabled(p.cell_signed() >= 0, egui::Button::new(crate::tr!("mat-whole-texture")).small()).on_hover_text(crate::tr!("mat-whole-texture-tip")).clicked() {
            let mut m = mat.clone();
            m.phases[i].set_cell(u8::MAX);
            out.push(commit(cx, &m, None, crate::tr!("mat-undo-whole", i = i.to_string()), None));
        }
        let origin = crate::app::shown_path::text(look.origin.as_deref().unwrap_or("")).into_owned();
        let size = format!("{w}×{h}");
        ui.weak(if rects.is_empty() { crate::tr!("mat-texture-rects", origin = origin, size = size, n = 0) } else { crate::tr!("mat-texture-rects-pick", origin = origin, size = size, n = rects.len()) });
    });
    let scale = (160.0 / w.max(h).max(1) as f32).min(4.0);
    let (rect, _) = ui.allocate_exact_size(vec2(w as f32 * scale, h as f32 * scale), Sense::hover());
    let painter = ui.painter_at(rect);
    crate::app::widgets::image::paint_checker(&painter, rect);
    painter.image(tex.id(), rect, egui::Rect::from_min_max(egui::Pos2::ZERO, egui::pos2(1.0, 1.0)), Color32::WHITE);
    let mut picked = None;
    // Each rect is its own button (drawn over the picture, later ones on top). Only 0..=254
    // name a rect: 0xFF is the whole texture.
    for (n, r) in rects.iter().enumerate().take(usize::from(u8::MAX)) {
        let rr = egui::Rect::from_min_size(rect.min + vec2(f32::from(r.x), f32::from(r.y)) * scale, vec2(f32::from(r.w), f32::from(r.h)) * scale);
        let on = n == usize::from(p.cell()) && p.cell_signed() >= 0;
        let hit = rr.intersect(rect);
        let hovered = hit.is_positive() && {
            let resp = ui.interact(hit, ui.scope_id().with(("mat0-cell", i, n)), Sense::click());
            resp.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, on, crate::tr!("mat-page-rect", n = n.to_string())));
            if resp.clicked() {
                picked = u8::try_from(n).ok();
            }
            let hovered = resp.hovered();
            resp.on_hover_text(crate::tr!("mat-cell-tip", n = n.to_string(), size = format!("{}×{}", r.w, r.h), at = format!("({}, {})", r.x, r.y)));
            hovered
        };
        let (width, colour) = match (on, hovered) {
            (true, _) => (2.5, Color32::YELLOW),
            (false, true) => (2.0, Color32::WHITE),
            (false, false) => (1.0, Color32::from_rgb(255, 120, 0)),
        };
        painter.rect_stroke(rr, 0.0, Stroke::new(width, colour), StrokeKind::Inside);
        painter.text(rr.min + vec2(2.0, 1.0), egui::Align2::LEFT_TOP, n.to_string(), egui::FontId::monospace(10.0), Color32::WHITE);
    }
    if let Some(c) = picked.filter(|&c| c != p.cell()) {
        let mut m = mat.clone();
        m.phases[i].set_cell(c);
        out.push(commit(cx, &m, None, crate::tr!("mat-undo-cell", cell = c.to_string(), i = i.to_string()), None));
    }
}
