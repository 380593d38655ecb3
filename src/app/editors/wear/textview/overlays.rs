//! What the text view draws over and beside the text: the diagnostics' squiggles, the
//! whitespace marks, the quick-fix bulb, the hover card with a name's preview, the fix and
//! completion popup, and the list of diagnostics.

use super::*;

pub(super) fn paint_squiggles(ui: &Ui, painter: &egui::Painter, v: &WearView, placed: &Placed, font: &egui::FontId) {
    let (Some((first, _)), Some((last, _))) = (placed.lines.first(), placed.lines.last()) else { return };
    // Only what is in view: the diagnostics are in offset order.
    let from = v.model.line_start(*first).byte;
    let to = v.model.char_to_byte(v.model.line_chars(*last).end);
    let start = v.diagnostics.partition_point(|d| d.offset.is_some_and(|o| o < from as u64));
    for d in v.diagnostics[start..].iter().take_while(|d| d.offset.is_none_or(|o| o <= to as u64)) {
        let Some(off) = d.offset.and_then(|o| usize::try_from(o).ok()) else { continue };
        let (s, e) = diag_range(v, off);
        let a = placed.char_rect(ui, v, s, font);
        let b = placed.char_rect(ui, v, e, font);
        let x1 = if (b.top() - a.top()).abs() < 1.0 { b.left().max(a.left() + 6.0) } else { a.left() + 6.0 };
        wavy(painter, a.left(), x1, a.bottom() - 1.0, Stroke::new(1.2, severity_color(ui, d.severity)));
    }
}

pub(super) fn wavy(painter: &egui::Painter, x0: f32, x1: f32, y: f32, stroke: Stroke) {
    let mut pts = Vec::new();
    let mut x = x0;
    let mut up = false;
    while x < x1 {
        pts.push(Pos2::new(x, if up { y - 1.5 } else { y + 1.0 }));
        x += 2.5;
        up = !up;
    }
    pts.push(Pos2::new(x1, y));
    painter.add(egui::Shape::line(pts, stroke));
}

pub(super) fn paint_whitespace(ui: &Ui, painter: &egui::Painter, v: &WearView, placed: &Placed) {
    let color = ui.visuals().weak_text_color().gamma_multiply(0.7);
    let font = egui::FontId::monospace(egui::TextStyle::Monospace.resolve(ui.style()).size * 0.8);
    for (line, g) in &placed.lines {
        let top = placed.line_top(*line);
        let origin = Pos2::new(placed.origin.x, top);
        for row in &g.rows {
            for glyph in &row.row.glyphs {
                let c = origin + row.pos.to_vec2() + glyph.pos.to_vec2();
                let mid = Pos2::new(c.x + glyph.advance_width / 2.0, top + placed.row_h / 2.0);
                match glyph.chr {
                    ' ' => {
                        painter.circle_filled(mid, 1.2, color);
                    }
                    '\t' => {
                        let (a, b) = (Pos2::new(c.x + 2.0, mid.y), Pos2::new(c.x + glyph.advance_width - 2.0, mid.y));
                        painter.line_segment([a, b], Stroke::new(1.0, color));
                        painter.line_segment([b, b + vec2(-3.0, -3.0)], Stroke::new(1.0, color));
                        painter.line_segment([b, b + vec2(-3.0, 3.0)], Stroke::new(1.0, color));
                    }
                    _ => {}
                }
            }
        }
        if *line + 1 < v.model.line_count() {
            let b = v.model.char_to_byte(v.model.line_chars(*line).end);
            let crlf = v.bytes().get(b) == Some(&b'\r');
            let end = origin + vec2(g.size().x + 2.0, placed.row_h / 2.0);
            painter.text(end, egui::Align2::LEFT_CENTER, if crlf { "CRLF" } else { "LF" }, font.clone(), color);
        }
    }
}

/// The light bulb on the cursor's line when a diagnostic there has fixes; click for the list.
pub(super) fn bulb(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, placed: &Placed, gutter: f32, clip: Rect, font: &egui::FontId) {
    let Some(pos) = v.cursor else { return };
    if v.fixes_on_line(pos).is_empty() {
        return;
    }
    let c = placed.char_rect(ui, v, v.model.byte_to_char(pos), font);
    let r = Rect::from_min_size(Pos2::new(clip.left() + gutter - 22.0, c.top()), vec2(16.0, c.height()));
    if !clip.intersects(r) || gutter < 22.0 {
        return;
    }
    let b = ui.interact(r, egui::Id::unique(("wear-bulb", cx.path.file)), egui::Sense::click()).on_hover_text(crate::tr!("wear-quick-fixes-tip"));
    paint_bulb(ui.painter(), r.center(), if b.hovered() { 1.15 } else { 1.0 });
    if b.clicked() {
        open_fixes(v);
    }
}

/// A small light bulb: a yellow glass over a grey base.
pub fn paint_bulb(painter: &egui::Painter, c: Pos2, scale: f32) {
    let glass = Color32::from_rgb(250, 200, 40);
    painter.circle_filled(c + vec2(0.0, -2.0 * scale), 4.5 * scale, glass);
    painter.rect_filled(Rect::from_center_size(c + vec2(0.0, 4.0 * scale), vec2(4.0, 3.0) * scale), 1.0, Color32::GRAY);
}

pub(super) fn hover(ui: &Ui, cx: &EditorCx, v: &mut WearView, placed: &Placed, response: &egui::Response, font: &egui::FontId, out: &mut Vec<Intent>) {
    let name = response.hover_pos().and_then(|p| {
        let c = placed.char_at(ui, v, p, font);
        // Past a line's end the nearest character is no name.
        ((placed.char_rect(ui, v, c, font).left() - p.x).abs() <= placed.row_h).then(|| v.name_at(v.model.char_to_byte(c)))?
    });
    let Some((s, row)) = name else { return };
    let name = v.wear.name(&v.wear.rows(s)[row]).into_owned();
    if s == crate::formats::wear::Section::Materials {
        // The release's own modifiers: a quick Ctrl+click can press and let go of Ctrl within
        // one frame, which then starts with none held.
        let command = ui.input(|i| i.modifiers.command || i.events.iter().any(|e| matches!(e, egui::Event::PointerButton { pressed: false, modifiers, .. } if modifiers.command)));
        if response.clicked() && command {
            v.go_to(&name, out);
        }
        let preview = v.assets.preview(ui.ctx(), cx.ws, cx.path, &name);
        egui::Tooltip::always_open(ui.ctx().clone(), ui.layer_id(), egui::Id::unique("wear-hover"), egui::PopupAnchor::Pointer).show(|ui| {
            preview_ui(ui, &name, preview);
            ui.weak(crate::tr!("wear-open-hint"));
        });
    }
}

/// A material's swatch, texture and what it resolved to.
pub fn preview_ui(ui: &mut Ui, name: &str, p: &Preview) {
    ui.horizontal(|ui| {
        swatch(ui, p.color, 24.0);
        if let Some(t) = &p.texture {
            ui.add(egui::Image::new(t).fit_to_exact_size(vec2(48.0, 48.0)));
        }
        ui.vertical(|ui| {
            ui.label(RichText::new(name).strong());
            match (&p.mat0, p.fallback) {
                (Some(m), Some(crate::formats::mat0::lookup::Fallback::Exact)) => ui.label(m.as_str()),
                (Some(m), _) => ui.colored_label(ui.visuals().warn_fg_color, crate::tr!("wear-falls-back", name = m.to_string())),
                (None, _) => ui.weak(crate::tr!("wear-no-library")),
            };
            if let Some(t) = &p.texture_name {
                let size = p.texture_size.map_or(String::new(), |s| format!(" ({}×{})", s[0], s[1]));
                ui.weak(crate::tr!("wear-texture-line", name = t.as_str(), size = size));
            }
        });
    });
}

pub fn swatch(ui: &mut Ui, color: Color32, size: f32) {
    let (r, _) = ui.allocate_exact_size(vec2(size, size), egui::Sense::hover());
    ui.painter().rect_filled(r, 2.0, color);
    ui.painter().rect_stroke(r, 2.0, Stroke::new(1.0, ui.visuals().weak_text_color()), egui::StrokeKind::Inside);
}

pub(super) fn popup(ui: &Ui, cx: &EditorCx, v: &mut WearView, placed: &Placed, font: &egui::FontId, out: &mut Vec<Intent>) {
    let Some(p) = v.popup.clone() else { return };
    let Some(pos) = v.cursor else { return };
    let c = placed.char_rect(ui, v, v.model.byte_to_char(pos), font);
    let mut chosen = None;
    let mut previews = Vec::new();
    if let Popup::Complete { items, .. } = &p {
        for n in items.iter().take(40) {
            let pr = v.assets.preview(ui.ctx(), cx.ws, cx.path, n);
            previews.push((pr.color, pr.texture.clone()));
        }
    }
    // Whole at once: a list opened on a key should not fade in over frames a loaded machine is
    // slow to draw.
    egui::Area::new(egui::Id::unique("wear-popup")).order(egui::Order::Foreground).fade_in(false).fixed_pos(c.left_bottom()).show(ui.ctx(), |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| match &p {
                Popup::Fixes { items, selected } => {
                    ui.weak(crate::tr!("wear-quick-fixes"));
                    for (i, f) in items.iter().enumerate() {
                        if ui.selectable_label(i == *selected, crate::app::i18n::messages::message(&f.label)).clicked() {
                            chosen = Some(i);
                        }
                    }
                }
                Popup::Complete { items, selected, .. } => {
                    for (i, n) in items.iter().take(40).enumerate() {
                        ui.horizontal(|ui| {
                            if let Some((color, tex)) = previews.get(i) {
                                swatch(ui, *color, 14.0);
                                match tex {
                                    Some(t) => {
                                        ui.add(egui::Image::new(t).fit_to_exact_size(vec2(14.0, 14.0)));
                                    }
                                    None => {
                                        ui.add_space(18.0);
                                    }
                                }
                            }
                            if ui.selectable_label(i == *selected, n).clicked() {
                                chosen = Some(i);
                            }
                        });
                    }
                }
            });
        });
    });
    if let Some(i) = chosen {
        choose(cx, v, Some(i), out);
    }
}

pub(super) fn diagnostics_list(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    if v.diagnostics.is_empty() {
        ui.add(egui::Label::new(egui::RichText::new(crate::tr!("wear-no-diagnostics")).weak()).truncate());
        return;
    }
    let row_h = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    let n = v.diagnostics.len();
    let mut fix = None;
    egui::ScrollArea::vertical().id_salt("wear-diagnostics").auto_shrink([false, true]).max_height(6.0 * row_h + 4.0).show_rows(ui, row_h, n, |ui, range| {
        for i in range {
            let d = v.diagnostics[i].clone();
            ui.horizontal(|ui| {
                let sev = match d.severity {
                    Severity::Error => crate::tr!("wear-sev-error"),
                    Severity::Warning => crate::tr!("wear-sev-warning"),
                    Severity::Info => crate::tr!("wear-sev-info"),
                };
                ui.label(RichText::new(sev).color(severity_color(ui, d.severity)));
                let at = match (d.line, d.column) {
                    (Some(l), Some(c)) => format!("{l}:{c}"),
                    _ => "—".to_string(),
                };
                let link = ui.link(at).on_hover_text(crate::tr!("wear-goto-tip"));
                if link.clicked()
                    && let Some(o) = d.offset
                {
                    v.jump = Some(v.model.byte_to_char(usize::try_from(o).unwrap_or(0)));
                }
                ui.label(crate::app::i18n::messages::diagnostic(&d));
                for f in v.fixes_for(&d) {
                    if ui.small_button(crate::tr!("wear-fix", label = crate::app::i18n::messages::message(&f.label))).clicked() {

                        fix = Some(f);
                    }
                }
            });
        }
    });
    if let Some(f) = fix {
        v.apply_fix(cx.path, &f, out);
    }
}
