//! The text view: a monospaced text editor over [`super::text::TextModel`] with line numbers,
//! colours, squiggles under what a diagnostic is about, whitespace marks, a light bulb on a
//! line that has fixes, the fix and completion lists, hover previews and Ctrl+click to the
//! material; under it the list of diagnostics. It is our own widget rather than egui's
//! `TextEdit`, which lays the whole text out on every change: here only the lines in view are
//! laid out and painted, so a keystroke costs the same in ten lines and in a 10 MB file, and
//! the cursor and selection are ours ([`super::caret`]).

use super::assets::Preview;
use super::caret::{Caret, Move};
use super::{Popup, WearView};
use crate::app::seam::EditorCx;
use crate::app::intent::Intent;
use crate::formats::Severity;
use crate::formats::wear::assist::TokenKind;
use egui::text::CCursor;
use egui::{Align, Color32, Galley, Key, KeyboardShortcut, Modifiers, Pos2, Rect, RichText, Sense, Stroke, Ui, vec2};
use std::sync::Arc;

mod overlays;

use overlays::{bulb, diagnostics_list, hover, paint_squiggles, paint_whitespace, popup};
pub use overlays::{paint_bulb, preview_ui, swatch};

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
    editable(ui, cx, v, out, text_h);
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

fn gutter_width(lines: usize, char_w: f32) -> f32 {
    let digits = lines.max(1).to_string().len().max(3) as f32;
    digits * char_w + 26.0
}

/// Space above the first line and below the last.
const PAD: f32 = 2.0;

/// A shown line laid out (egui's galley cache keeps it while the line and its colours stay).
fn line_galley(ui: &Ui, v: &WearView, line: usize, font: &egui::FontId) -> Arc<Galley> {
    let job = super::layout::line_job(&v.model, v.tokens(), line, font.clone(), ui.visuals());
    ui.fonts_mut(|f| f.layout_job(job))
}

/// Where this frame's text sits: its column 0 of line 0 on screen, the row height, and the
/// visible lines' galleys.
pub struct Placed {
    pub origin: Pos2,
    pub row_h: f32,
    pub lines: Vec<(usize, Arc<Galley>)>,
}

impl Placed {
    fn galley(&self, ui: &Ui, v: &WearView, line: usize, font: &egui::FontId) -> Arc<Galley> {
        match self.lines.iter().find(|(l, _)| *l == line) {
            Some((_, g)) => g.clone(),
            None => line_galley(ui, v, line, font),
        }
    }

    fn line_top(&self, line: usize) -> f32 {
        self.origin.y + line as f32 * self.row_h
    }

    /// The character under a point (the nearest on its line; above or below the text, the
    /// first or last line).
    fn char_at(&self, ui: &Ui, v: &WearView, p: Pos2, font: &egui::FontId) -> usize {
        let line = ((p.y - self.origin.y) / self.row_h).floor().max(0.0) as usize;
        let line = line.min(v.model.line_count() - 1);
        let g = self.galley(ui, v, line, font);
        let col = g.cursor_from_pos(vec2(p.x - self.origin.x, self.row_h / 2.0)).index.0;
        let span = v.model.line_chars(line);
        (span.start + col).min(span.end)
    }

    /// The screen rectangle of character position `c` (zero wide, a row high).
    fn char_rect(&self, ui: &Ui, v: &WearView, c: usize, font: &egui::FontId) -> Rect {
        let line = v.model.line_of_char(c);
        let g = self.galley(ui, v, line, font);
        let col = c.saturating_sub(v.model.line_chars(line).start);
        let r = g.pos_from_cursor(CCursor::new(col));
        Rect::from_min_size(Pos2::new(self.origin.x + r.left(), self.line_top(line)), vec2(0.0, self.row_h))
    }
}

fn editable(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>, height: f32) {
    let id = egui::Id::unique(("wear-text", cx.path.file, &cx.path.entries));
    v.text_id = Some(id);
    let ctx = ui.ctx().clone();
    let jump = v.jump.take();
    if let Some(c) = jump {
        v.caret = Caret::at(c.min(v.model.char_len()));
        ctx.memory_mut(|m| m.request_focus(id));
    }
    let focused = ctx.memory(|m| m.has_focus(id));
    if focused {
        keys(ui, cx, v, out);
    } else if v.popup.is_some() {
        popup_keys(ui, cx, v, out);
    }
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let (row_h, char_w) = ctx.fonts_mut(|f| (f.row_height(&font), f.glyph_width(&font, '0')));
    let before = v.caret;
    let mut edited = false;
    if focused {
        // Arrows and Tab stay in the text; Escape leaves it, unless it closes an open list.
        let escape = v.popup.is_some();
        ctx.memory_mut(|m| m.set_focus_lock_filter(id, egui::EventFilter { tab: true, horizontal_arrows: true, vertical_arrows: true, escape }));
        let page = ((height / row_h) as usize).saturating_sub(1).max(1);
        edited = edit_keys(ui, cx, v, out, page);
    }
    let lines = v.model.line_count();
    let gutter = gutter_width(lines, char_w);
    let content = vec2(gutter + v.model.widest() as f32 * char_w + 4.0 * char_w, lines as f32 * row_h + 2.0 * PAD);
    let scroll = egui::ScrollArea::both().id_salt(("wear-text-scroll", id)).max_height(height).auto_shrink([false, false]).show_viewport(ui, |ui, _| {
        let size = content.max(vec2(ui.available_width(), height - 4.0));
        let (_, rect) = ui.allocate_space(size);
        let response = ui.interact(rect, id, Sense::click_and_drag());
        let clip = ui.clip_rect();
        let mut placed = Placed { origin: rect.min + vec2(gutter, PAD), row_h, lines: Vec::new() };
        let first = ((clip.top() - placed.origin.y) / row_h).floor().max(0.0) as usize;
        let last = (((clip.bottom() - placed.origin.y) / row_h).ceil().max(0.0) as usize + 1).min(lines);
        for line in first..last.max(first) {
            placed.lines.push((line, line_galley(ui, v, line, &font)));
        }
        pointer(ui, v, &placed, &response, &font);
        if response.hovered() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::Text);
        }
        let moved = v.caret.head != before.head || v.caret.anchor != before.anchor;
        if jump.is_some() {
            ui.scroll_to_rect(placed.char_rect(ui, v, v.caret.head, &font).expand(20.0), Some(Align::Center));
        } else if moved || edited {
            ui.scroll_to_rect(placed.char_rect(ui, v, v.caret.head, &font).expand2(vec2(3.0 * char_w, 0.0)), None);
        }
        let has_focus = ui.memory(|m| m.has_focus(id));
        paint(ui, v, &placed, gutter, has_focus, &font);
        (response, placed, moved)
    });
    let (response, placed, moved) = scroll.inner;
    if let Some(l) = v.label_id {
        let _ = response.clone().labelled_by(l);
    }
    let caret_line = v.model.line_text(v.model.line_of_char(v.caret.head)).to_owned();
    response.widget_info(|| egui::WidgetInfo::text_edit(true, "", &caret_line, ""));
    if ctx.memory(|m| m.has_focus(id)) {
        let at = v.model.char_to_byte(v.caret.head);
        if moved && !edited && matches!(v.popup, Some(Popup::Complete { .. })) {
            v.popup = None;
        }
        v.cursor = Some(at);
    }
    let clip = scroll.inner_rect;
    let painter = ui.painter().with_clip_rect(clip);
    if ctx.memory(|m| m.has_focus(id)) {
        painter.rect_stroke(clip, 2.0, ui.visuals().selection.stroke, egui::StrokeKind::Inside);
    }
    paint_squiggles(ui, &painter, v, &placed, &font);
    if v.whitespace {
        paint_whitespace(ui, &painter, v, &placed);
    }
    bulb(ui, cx, v, &placed, gutter, clip, &font);
    hover(ui, cx, v, &placed, &response, &font, out);
    popup(ui, cx, v, &placed, &font, out);
    v.placed = Some(placed);

}

/// A press places the cursor (Shift: extends the selection), a drag selects (scrolling while
/// held past the edge), a double click selects the word.
fn pointer(ui: &Ui, v: &mut WearView, placed: &Placed, response: &egui::Response, font: &egui::FontId) {
    let Some(p) = response.interact_pointer_pos() else { return };
    let c = placed.char_at(ui, v, p, font);
    let (pressed, shift) = ui.input(|i| (i.pointer.primary_pressed(), i.modifiers.shift));
    // A quick click presses and releases in one frame: it places the cursor too.
    if response.double_clicked() {
        v.caret = Caret::word_at(&v.model, c);
    } else if (pressed && response.is_pointer_button_down_on()) || response.clicked() {
        ui.memory_mut(|m| m.request_focus(response.id));
        v.caret = if shift { Caret { head: c, column: None, ..v.caret } } else { Caret::at(c) };
    } else if response.dragged() {
        v.caret = Caret { head: c, column: None, ..v.caret };
        // Held past the edge, the selection keeps growing: each frame the caret goes to the
        // line under the pointer and the view scrolls to it, so ask for the next frame.
        if !ui.clip_rect().contains(p) {
            ui.ctx().request_repaint();
        }
    }
}

/// The background, the selection, the text, the cursor and the line numbers.
fn paint(ui: &Ui, v: &WearView, placed: &Placed, gutter: f32, focused: bool, font: &egui::FontId) {
    let painter = ui.painter();
    let clip = ui.clip_rect();
    let visuals = ui.visuals();
    painter.rect_filled(clip, 0.0, visuals.extreme_bg_color);
    let sel = v.caret.range();
    let sel_fill = visuals.selection.bg_fill;
    for (line, g) in &placed.lines {
        let top = placed.line_top(*line);
        let pos = Pos2::new(placed.origin.x, top);
        let span = v.model.line_chars(*line);
        if !sel.is_empty() && sel.start <= span.end && sel.end > span.start {
            let x = |c: usize| g.pos_from_cursor(CCursor::new(c - span.start)).left();
            let (a, b) = (x(sel.start.max(span.start)), x(sel.end.min(span.end)));
            // A selected line break shows as a little space after the line.
            let tail = if sel.end > span.end { g.size().y * 0.4 } else { 0.0 };
            painter.rect_filled(Rect::from_min_max(Pos2::new(pos.x + a, top), Pos2::new(pos.x + b + tail, top + placed.row_h)), 0.0, sel_fill);
        }
        painter.galley(pos, g.clone(), visuals.text_color());
        if v.model.line_text(*line).len() > super::layout::MAX_LINE {
            let more = v.model.line_text(*line).len() - super::layout::MAX_LINE;
            painter.text(Pos2::new(pos.x + g.size().x + 8.0, top), egui::Align2::LEFT_TOP, crate::tr!("wear-more-bytes", n = more), font.clone(), visuals.warn_fg_color);
        }
    }
    if focused {
        let r = placed.char_rect(ui, v, v.caret.head, font);
        painter.line_segment([r.left_top(), r.left_bottom()], visuals.text_cursor.stroke);
    }
    // The gutter stays put while the text scrolls sideways under it.
    let g = Rect::from_min_max(clip.min, Pos2::new(clip.left() + gutter - 6.0, clip.bottom()));
    painter.rect_filled(g, 0.0, visuals.faint_bg_color);
    let color = visuals.weak_text_color();
    for (line, _) in &placed.lines {
        painter.text(Pos2::new(g.right() - 22.0, placed.line_top(*line)), egui::Align2::RIGHT_TOP, (line + 1).to_string(), font.clone(), color);
    }
}

/// The editing keys of the focused text: typing, paste, cut and copy, deleting, the moves and
/// selection (Shift), Ctrl+A. True when the text or the cursor changed.
fn edit_keys(ui: &Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>, page: usize) -> bool {
    let events = ui.input(|i| i.events.clone());
    let now = ui.input(|i| i.time);
    let mut changed = false;
    for e in events {
        let c = v.caret;
        match e {
            egui::Event::Text(t) if !t.is_empty() && t != "\r" => changed |= replace(cx, v, c.range(), &t, Edit::Typing, now, out),
            egui::Event::Paste(t) => changed |= replace(cx, v, c.range(), &t, Edit::Paste, now, out),
            egui::Event::Copy | egui::Event::Cut if !c.is_empty() => {
                ui.ctx().copy_text(v.model.slice(c.range()).to_owned());
                if matches!(e, egui::Event::Cut) {
                    changed |= replace(cx, v, c.range(), "", Edit::Cut, now, out);
                }
            }
            egui::Event::Key { key, pressed: true, modifiers: m, .. } => {
                let word = m.command || m.ctrl;
                let mv = |mv: Move| Some(mv);
                let motion = match key {
                    Key::ArrowLeft => mv(if word { Move::WordLeft } else { Move::Left }),
                    Key::ArrowRight => mv(if word { Move::WordRight } else { Move::Right }),
                    Key::ArrowUp => mv(Move::Up(1)),
                    Key::ArrowDown => mv(Move::Down(1)),
                    Key::PageUp => mv(Move::Up(page)),
                    Key::PageDown => mv(Move::Down(page)),
                    Key::Home => mv(if word { Move::TextStart } else { Move::LineStart }),
                    Key::End => mv(if word { Move::TextEnd } else { Move::LineEnd }),
                    _ => None,
                };
                if let Some(k) = motion {
                    v.caret = c.moved(&v.model, k, m.shift);
                    changed = true;
                    continue;
                }
                match key {
                    Key::Backspace | Key::Delete => {
                        let range = if !c.is_empty() {
                            c.range()
                        } else {
                            let k = match (key, word) {
                                (Key::Backspace, false) => Move::Left,
                                (Key::Backspace, true) => Move::WordLeft,
                                (_, false) => Move::Right,
                                (_, true) => Move::WordRight,
                            };
                            let to = c.moved(&v.model, k, false).head;
                            to.min(c.head)..to.max(c.head)
                        };
                        let how = if c.is_empty() && !word { Edit::Typing } else { Edit::Delete };
                        changed |= replace(cx, v, range, "", how, now, out);
                    }
                    Key::Enter if !word => changed |= replace(cx, v, c.range(), "\n", Edit::Typing, now, out),
                    Key::Tab if !word && !m.shift => changed |= replace(cx, v, c.range(), "\t", Edit::Typing, now, out),
                    Key::A if word => {
                        v.caret = Caret { anchor: 0, head: v.model.char_len(), column: None };
                        changed = true;
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    changed
}

#[derive(Clone, Copy, PartialEq)]
enum Edit {
    /// Part of a run of typing: merged into one undo step.
    Typing,
    /// Undo steps of their own.
    Paste,
    Cut,
    Delete,
}

/// Replaces shown characters with text as a byte splice through the document's history; the
/// cursor goes after what was put in. Typing a name opens its completion.
fn replace(cx: &EditorCx, v: &mut WearView, range: std::ops::Range<usize>, text: &str, how: Edit, now: f64, out: &mut Vec<Intent>) -> bool {
    let s = match v.model.splice(range, text, v.eol()) {
        Ok(s) => s,
        Err(c) => {
            out.push(Intent::Log(Severity::Error, crate::tr!("wear-no-cp1251", c = format!("{c:?}"))));
            return false;
        }
    };
    if s.range.is_empty() && s.bytes.is_empty() {
        return false;
    }
    let after = s.range.start + s.bytes.len();
    match how {
        Edit::Typing => v.typed(cx.path, &s, now, out),
        Edit::Paste | Edit::Cut | Edit::Delete => {
            let label = match how {
                Edit::Paste => crate::tr!("wear-undo-paste"),
                Edit::Cut => crate::tr!("wear-undo-cut"),
                _ => crate::tr!("wear-undo-delete"),
            };
            v.commit(cx.path, super::text::apply(v.bytes(), &s), &label, out)
        }

    }
    v.caret = Caret::at(v.model.byte_to_char(after));
    v.cursor = Some(after);
    let typed_name = how == Edit::Typing && s.range.is_empty() && !s.bytes.is_empty() && s.bytes.iter().all(|&b| !crate::formats::wear::scan::is_space(b));
    let in_name = v.token_at(after.saturating_sub(1)).is_some_and(|k| matches!(k, TokenKind::Material | TokenKind::Lightmap));
    if typed_name && in_name {
        v.open_completion();
    } else if matches!(v.popup, Some(Popup::Complete { .. })) {
        v.popup = None;
    }
    true
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
