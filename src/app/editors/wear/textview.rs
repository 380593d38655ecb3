//! The text view: a monospaced text editor over [`super::text::TextModel`] with line numbers,
//! colours, squiggles under what a diagnostic is about, whitespace marks, a light bulb on a
//! line that has fixes, the fix and completion lists, hover previews and Ctrl+click to the
//! material; under it the list of diagnostics. A file too large to edit as text is shown read
//! only, line by line.

use super::assets::Preview;
use super::{Popup, WearView};
use crate::app::editors::EditorCx;
use crate::app::intent::Intent;
use crate::formats::Severity;
use crate::formats::wear::assist::TokenKind;
use egui::text::{CCursor, CCursorRange, LayoutJob};
use egui::{Align, Color32, Key, KeyboardShortcut, Modifiers, Pos2, Rect, RichText, Stroke, Ui, vec2};
use std::sync::Arc;

/// Keys the text handles itself while it has the focus (the command table does not fire
/// editor keys while a text widget has the keyboard).
const REDO: [KeyboardShortcut; 2] = [KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z), KeyboardShortcut::new(Modifiers::COMMAND, Key::Y)];
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
pub const QUICK_FIX: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Period);
pub const COMPLETE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Space);
pub const GO_TO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F12);

pub fn severity_color(ui: &Ui, s: Severity) -> Color32 {
    match s {
        Severity::Error => ui.visuals().error_fg_color,
        Severity::Warning => ui.visuals().warn_fg_color,
        Severity::Info => ui.visuals().weak_text_color(),
    }
}

pub fn show(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    let rows = v.diagnostics.len().clamp(1, 6) as f32;
    let list_h = rows * (ui.text_style_height(&egui::TextStyle::Body) + 6.0) + 8.0;
    let text_h = (ui.available_height() - list_h - 12.0).max(80.0);
    if v.editable() {
        editable(ui, cx, v, out, text_h);
    } else {
        read_only(ui, v, text_h);
    }
    ui.separator();
    diagnostics_list(ui, cx, v, out);
}

/// Runs the keys the focused text owns: undo and redo through the document's history, the
/// quick-fix and completion lists, go to material; and the open list's arrows.
fn keys(ui: &Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    let (undo, redo, fix, complete, goto) = ui.input_mut(|i| {
        let redo = REDO.iter().any(|s| i.consume_shortcut(s));
        (i.consume_shortcut(&UNDO), redo, i.consume_shortcut(&QUICK_FIX), i.consume_shortcut(&COMPLETE), i.consume_shortcut(&GO_TO))
    });
    if undo || redo {
        out.push(Intent::EndDrag);
        out.push(if undo { Intent::Undo } else { Intent::Redo });
        v.popup = None;
    }
    if fix {
        open_fixes(v);
    }
    if complete {
        v.open_completion();
    }
    if goto && let Some(n) = v.name_at_cursor() {
        v.go_to(&n, out);
    }
    if v.popup.is_some() {
        popup_keys(ui, cx, v, out);
    }
}

pub fn open_fixes(v: &mut WearView) {
    let Some(pos) = v.cursor else { return };
    let items = v.fixes_on_line(pos);
    v.popup = (!items.is_empty()).then_some(Popup::Fixes { items, selected: 0 });
}

fn popup_keys(ui: &Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    let (down, up, enter, esc) = ui.input_mut(|i| {
        (
            i.consume_key(Modifiers::NONE, Key::ArrowDown),
            i.consume_key(Modifiers::NONE, Key::ArrowUp),
            i.consume_key(Modifiers::NONE, Key::Enter) || i.consume_key(Modifiers::NONE, Key::Tab),
            i.consume_key(Modifiers::NONE, Key::Escape),
        )
    });
    let len = match &v.popup {
        Some(Popup::Fixes { items, .. }) => items.len(),
        Some(Popup::Complete { items, .. }) => items.len(),
        None => 0,
    };
    if let Some(Popup::Fixes { selected, .. } | Popup::Complete { selected, .. }) = &mut v.popup {
        if down {
            *selected = (*selected + 1).min(len.saturating_sub(1));
        }
        if up {
            *selected = selected.saturating_sub(1);
        }
    }
    if esc {
        v.popup = None;
    } else if enter {
        choose(cx, v, None, out);
    }
}

/// Applies the popup's selected item (or item `index`).
fn choose(cx: &EditorCx, v: &mut WearView, index: Option<usize>, out: &mut Vec<Intent>) {
    match v.popup.clone() {
        Some(Popup::Fixes { items, selected }) => {
            if let Some(f) = items.get(index.unwrap_or(selected)) {
                v.apply_fix(cx.path, f, out);
            }
        }
        Some(Popup::Complete { word, items, selected, .. }) => {
            if let Some(n) = items.get(index.unwrap_or(selected)) {
                v.complete(cx.path, word, n, out);
            }
        }
        None => {}
    }
}

fn gutter_width(ui: &Ui, lines: usize, char_w: f32) -> f32 {
    let digits = lines.max(1).to_string().len().max(3) as f32;
    let _ = ui;
    digits * char_w + 26.0
}

fn editable(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>, height: f32) {
    let id = egui::Id::unique(("wear-text", cx.path.file, &cx.path.entries));
    v.text_id = Some(id);
    let ctx = ui.ctx().clone();
    if ctx.memory(|m| m.has_focus(id)) {
        keys(ui, cx, v, out);
    } else if v.popup.is_some() {
        popup_keys(ui, cx, v, out);
    }
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let dark = ui.visuals().dark_mode;
    if v.job.as_ref().is_none_or(|(ver, d, _)| *ver != v.version || *d != dark) {
        let job = super::layout::job(&v.model, v.tokens(), font.clone(), ui.visuals());
        v.job = Some((v.version, dark, job));
    }
    let char_w = ctx.fonts_mut(|f| f.glyph_width(&font, '0'));
    let lines = v.model.text.bytes().filter(|&b| b == b'\n').count() + 1;
    let gutter = gutter_width(ui, lines, char_w);
    if let Some(c) = v.jump {
        let mut st = egui::TextEdit::load_state(&ctx, id).unwrap_or_default();
        st.cursor.set_char_range(Some(CCursorRange::one(CCursor::new(c))));
        egui::TextEdit::store_state(&ctx, id, st);
        ctx.memory_mut(|m| m.request_focus(id));
    }
    let mut buf = v.model.text.clone();
    let shown = v.model.text.as_str();
    let cached = v.job.as_ref().map(|(_, _, j)| j);
    let weak = ui.visuals().text_color();
    let mut layouter = |ui: &Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
        let job = match cached {
            Some(j) if text.as_str() == shown => j.clone(),
            _ => {
                let mut j = LayoutJob::simple(text.as_str().to_owned(), font.clone(), weak, f32::INFINITY);
                j.wrap.max_width = f32::INFINITY;
                j
            }
        };
        ui.ctx().fonts_mut(|f| f.layout_job(job))
    };
    let scroll = egui::ScrollArea::both().id_salt(("wear-text-scroll", id)).max_height(height).auto_shrink([false, false]).show(ui, |ui| {
        egui::TextEdit::multiline(&mut buf)
            .id(id)
            .code_editor()
            .lock_focus(true)
            .desired_width(f32::INFINITY)
            .desired_rows(4)
            .min_size(vec2(0.0, height - 4.0))
            .margin(egui::Margin { left: gutter as i8, right: 4, top: 2, bottom: 2 })
            .layouter(&mut layouter)
            .show(ui)
    });
    if let Some(l) = v.label_id {
        let _ = scroll.inner.response.response.clone().labelled_by(l);
    }
    let output = scroll.inner;
    let now = ctx.input(|i| i.time);
    if buf != v.model.text {
        match v.model.splice_for(&buf, v.eol()) {
            Ok(Some(s)) => {
                let bytes = super::text::apply(v.bytes(), &s);
                v.typed(cx.path, bytes, s.at, s.end, now, out);
                let typed_name = s.range.is_empty() && !s.bytes.is_empty() && s.bytes.iter().all(|&b| !crate::formats::wear::scan::is_space(b));
                if let Some(r) = output.cursor_range {
                    v.cursor = Some(v.model.char_to_byte(r.primary.index.0));
                }
                let in_name = v.cursor.and_then(|c| v.token_at(c.saturating_sub(1))).is_some_and(|k| matches!(k, TokenKind::Material | TokenKind::Lightmap));
                if typed_name && in_name {
                    v.open_completion();
                } else if matches!(v.popup, Some(Popup::Complete { .. })) {
                    v.popup = None;
                }
            }
            Ok(None) => {}
            Err(c) => out.push(Intent::Log(Severity::Error, format!("{c:?} has no CP1251 byte: a WEAR name cannot hold it"))),
        }
    } else if let Some(r) = output.cursor_range {
        let at = v.model.char_to_byte(r.primary.index.0);
        if v.cursor != Some(at) && matches!(v.popup, Some(Popup::Complete { .. })) {
            v.popup = None;
        }
        v.cursor = Some(at);
    }
    let galley = output.galley.clone();
    let origin = output.galley_pos;
    if let Some(c) = v.jump.take() {
        let r = galley.pos_from_cursor(CCursor::new(c)).translate(origin.to_vec2());
        ui.scroll_to_rect(r.expand(20.0), Some(Align::Center));
    }
    let clip = scroll.inner_rect;
    let painter = ui.painter().with_clip_rect(clip);
    paint_gutter(ui, &painter, &galley, origin, gutter, clip);
    paint_squiggles(ui, &painter, v, &galley, origin, clip);
    if v.whitespace {
        paint_whitespace(ui, &painter, v, &galley, origin, clip);
    }
    bulb(ui, cx, v, &galley, origin, gutter, clip, out);
    let response = output.response.response.clone();
    hover(ui, cx, v, &galley, origin, &response, out);
    popup(ui, cx, v, &galley, origin, out);
}

fn paint_gutter(ui: &Ui, painter: &egui::Painter, galley: &Arc<egui::Galley>, origin: Pos2, gutter: f32, clip: Rect) {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let color = ui.visuals().weak_text_color();
    let mut line = 1;
    for row in &galley.rows {
        let y = origin.y + row.pos.y;
        if y + row.row.size.y >= clip.top() && y <= clip.bottom() {
            painter.text(Pos2::new(origin.x - gutter + 2.0, y), egui::Align2::LEFT_TOP, line.to_string(), font.clone(), color);
        }
        if row.ends_with_newline {
            line += 1;
        }
    }
}

/// The character range a diagnostic underlines: the token holding its position, else one
/// character.
fn diag_range(v: &WearView, offset: usize) -> (usize, usize) {
    let tokens = v.tokens();
    let i = tokens.partition_point(|t| t.span.end <= offset);
    let (s, e) = match tokens.get(i).filter(|t| t.span.start <= offset) {
        Some(t) => (t.span.start, t.span.end),
        None => (offset, (offset + 1).min(v.bytes().len())),
    };
    (v.model.byte_to_char(s), v.model.byte_to_char(e))
}

fn paint_squiggles(ui: &Ui, painter: &egui::Painter, v: &WearView, galley: &Arc<egui::Galley>, origin: Pos2, clip: Rect) {
    // Only what is in view: a cursor position costs a walk over the rows.
    let first = galley.cursor_from_pos(clip.min - origin).index.0;
    let last = galley.cursor_from_pos(clip.max - origin).index.0;
    for d in &v.diagnostics {
        let Some(off) = d.offset.and_then(|o| usize::try_from(o).ok()) else { continue };
        let (s, e) = diag_range(v, off);
        if e < first || s > last {
            continue;
        }
        let a = galley.pos_from_cursor(CCursor::new(s)).translate(origin.to_vec2());
        let b = galley.pos_from_cursor(CCursor::new(e)).translate(origin.to_vec2());
        let x1 = if (b.top() - a.top()).abs() < 1.0 { b.left().max(a.left() + 6.0) } else { a.left() + 6.0 };
        wavy(painter, a.left(), x1, a.bottom() - 1.0, Stroke::new(1.2, severity_color(ui, d.severity)));
    }
}

fn wavy(painter: &egui::Painter, x0: f32, x1: f32, y: f32, stroke: Stroke) {
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

fn paint_whitespace(ui: &Ui, painter: &egui::Painter, v: &WearView, galley: &Arc<egui::Galley>, origin: Pos2, clip: Rect) {
    let color = ui.visuals().weak_text_color().gamma_multiply(0.7);
    let font = egui::FontId::monospace(egui::TextStyle::Monospace.resolve(ui.style()).size * 0.8);
    let mut ch = 0usize;
    for row in &galley.rows {
        let y = origin.y + row.pos.y;
        let visible = y + row.row.size.y >= clip.top() && y <= clip.bottom();
        if visible {
            for g in &row.row.glyphs {
                let c = origin + row.pos.to_vec2() + g.pos.to_vec2();
                let mid = Pos2::new(c.x + g.advance_width / 2.0, y + row.row.size.y / 2.0);
                match g.chr {
                    ' ' => {
                        painter.circle_filled(mid, 1.2, color);
                    }
                    '\t' => {
                        let (a, b) = (Pos2::new(c.x + 2.0, mid.y), Pos2::new(c.x + g.advance_width - 2.0, mid.y));
                        painter.line_segment([a, b], Stroke::new(1.0, color));
                        painter.line_segment([b, b + vec2(-3.0, -3.0)], Stroke::new(1.0, color));
                        painter.line_segment([b, b + vec2(-3.0, 3.0)], Stroke::new(1.0, color));
                    }
                    _ => {}
                }
            }
        }
        ch += row.row.glyphs.len();
        if row.ends_with_newline {
            if visible {
                let b = v.model.char_to_byte(ch);
                let crlf = v.bytes().get(b) == Some(&b'\r');
                let end = origin + row.pos.to_vec2() + vec2(row.row.size.x + 2.0, row.row.size.y / 2.0);
                painter.text(end, egui::Align2::LEFT_CENTER, if crlf { "CRLF" } else { "LF" }, font.clone(), color);
            }
            ch += 1;
        }
    }
}

/// The light bulb on the cursor's line when a diagnostic there has fixes; click for the list.
#[allow(clippy::too_many_arguments)]
fn bulb(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, galley: &Arc<egui::Galley>, origin: Pos2, gutter: f32, clip: Rect, out: &mut Vec<Intent>) {
    let _ = out;
    let Some(pos) = v.cursor else { return };
    let line = v.wear.line_col(pos).0;
    if !v.diagnostics.iter().any(|d| d.line == Some(line)) || v.fixes_on_line(pos).is_empty() {
        return;
    }
    let c = galley.pos_from_cursor(CCursor::new(v.model.byte_to_char(pos))).translate(origin.to_vec2());
    let r = Rect::from_min_size(Pos2::new(origin.x - 18.0, c.top()), vec2(16.0, c.height()));
    if !clip.intersects(r) || gutter < 18.0 {
        return;
    }
    let b = ui.interact(r, egui::Id::unique(("wear-bulb", cx.path.file)), egui::Sense::click()).on_hover_text("Quick fixes (Ctrl+.)");
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

fn hover(ui: &Ui, cx: &EditorCx, v: &mut WearView, galley: &Arc<egui::Galley>, origin: Pos2, response: &egui::Response, out: &mut Vec<Intent>) {
    let Some(p) = response.hover_pos() else { return };
    let c = galley.cursor_from_pos(p - origin);
    let b = v.model.char_to_byte(c.index.0);
    let Some((s, row)) = v.name_at(b) else { return };
    let name = v.wear.rows(s)[row].name.clone();
    if s == crate::formats::wear::Section::Materials {
        if response.clicked() && ui.input(|i| i.modifiers.command) {
            v.go_to(&name, out);
        }
        let preview = v.assets.preview(ui.ctx(), cx.ws, cx.path, &name);
        egui::Tooltip::always_open(ui.ctx().clone(), ui.layer_id(), egui::Id::unique("wear-hover"), egui::PopupAnchor::Pointer).show(|ui| {
            preview_ui(ui, &name, preview);
            ui.weak("Ctrl+click or F12: open the material");
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
                (Some(m), _) => ui.colored_label(ui.visuals().warn_fg_color, format!("not found: falls back to {m}")),
                (None, _) => ui.weak("no material library"),
            };
            if let Some(t) = &p.texture_name {
                let size = p.texture_size.map_or(String::new(), |s| format!(" ({}×{})", s[0], s[1]));
                ui.weak(format!("texture {t}{size}"));
            }
        });
    });
}

pub fn swatch(ui: &mut Ui, color: Color32, size: f32) {
    let (r, _) = ui.allocate_exact_size(vec2(size, size), egui::Sense::hover());
    ui.painter().rect_filled(r, 2.0, color);
    ui.painter().rect_stroke(r, 2.0, Stroke::new(1.0, ui.visuals().weak_text_color()), egui::StrokeKind::Inside);
}

fn popup(ui: &Ui, cx: &EditorCx, v: &mut WearView, galley: &Arc<egui::Galley>, origin: Pos2, out: &mut Vec<Intent>) {
    let Some(p) = v.popup.clone() else { return };
    let Some(pos) = v.cursor else { return };
    let c = galley.pos_from_cursor(CCursor::new(v.model.byte_to_char(pos))).translate(origin.to_vec2());
    let mut chosen = None;
    let mut previews = Vec::new();
    if let Popup::Complete { items, .. } = &p {
        for n in items.iter().take(40) {
            let pr = v.assets.preview(ui.ctx(), cx.ws, cx.path, n);
            previews.push((pr.color, pr.texture.clone()));
        }
    }
    egui::Area::new(egui::Id::unique("wear-popup")).order(egui::Order::Foreground).fixed_pos(c.left_bottom()).show(ui.ctx(), |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| match &p {
                Popup::Fixes { items, selected } => {
                    ui.weak("Quick fixes");
                    for (i, f) in items.iter().enumerate() {
                        if ui.selectable_label(i == *selected, &f.label).clicked() {
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

fn read_only(ui: &mut Ui, v: &WearView, height: f32) {
    ui.colored_label(ui.visuals().warn_fg_color, format!("{} bytes: shown read only (edit it in the table, or apply fixes)", v.bytes().len()));
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let row_h = ui.fonts_mut(|f| f.row_height(&font));
    let starts = &v.big_lines;
    egui::ScrollArea::both().id_salt("wear-big").max_height(height).auto_shrink([false, false]).show_rows(ui, row_h, starts.len(), |ui, range| {
        for i in range {
            let s = starts[i];
            let e = starts.get(i + 1).copied().unwrap_or(v.bytes().len());
            const MAX: usize = 4096;
            let shown = super::text::TextModel::new(&v.bytes()[s..e.min(s + MAX)]).text;
            let more = if e - s > MAX { format!(" … ({} more bytes)", e - s - MAX) } else { String::new() };
            ui.label(RichText::new(format!("{:>7}  {}{more}", i + 1, shown.trim_end_matches('\n'))).font(font.clone()));
        }
    });
}

pub(crate) fn line_starts(b: &[u8]) -> Vec<usize> {
    std::iter::once(0).chain(b.iter().enumerate().filter(|(_, c)| **c == b'\n').map(|(i, _)| i + 1)).filter(|&s| s < b.len() || s == 0).collect()
}

fn diagnostics_list(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    if v.diagnostics.is_empty() {
        ui.weak("No diagnostics: the engine's two parsers read this table alike, and every name resolves.");
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
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                    Severity::Info => "info",
                };
                ui.label(RichText::new(sev).color(severity_color(ui, d.severity)));
                let at = match (d.line, d.column) {
                    (Some(l), Some(c)) => format!("{l}:{c}"),
                    _ => "—".to_string(),
                };
                let link = ui.link(at).on_hover_text("Go to the place");
                if link.clicked()
                    && let Some(o) = d.offset
                {
                    v.jump = Some(v.model.byte_to_char(usize::try_from(o).unwrap_or(0)));
                }
                ui.label(&d.message);
                for f in v.fixes_for(&d) {
                    if ui.small_button(format!("Fix: {}", f.label)).clicked() {
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
