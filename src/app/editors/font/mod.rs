//! The font view (docs/formats/tfnt.md): the glyph sheet (the embedded Texm decoded through the
//! palette found beside the font, else greyscale) with every glyph's rect outlined; hovering
//! names the characters that use a rect (CP1251 -> Unicode) and their record fields; a click
//! selects a glyph whose advance and offsets can be changed (one record's bytes, one undo step
//! per drag). Below, a line the user types is drawn with the font as the game would, per glyph
//! rect and advance (reading `tfnt-advance`); characters outside CP1251 or without a glyph are
//! marked. Opens any item the Tfnt codec claims.

use crate::app::intent::{Intent, ItemEdit};
use crate::app::seam::{Claim, EditorCx, EditorId, EditorState, ItemEditor};
use crate::app::widgets::image::{load_texture, paint_checker};
use crate::app::widgets::readings;
use crate::doc::{ItemPath, Workspace, items};
use crate::formats::cp1251;
use crate::formats::pal::Pal;
use crate::formats::readings::{Readings, TABLE};
use crate::formats::texm::Palette;
use crate::formats::tfnt::{Glyph, Layout, Tfnt};
use crate::formats::{Diagnostic, Severity};
use egui::{Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, vec2};

pub const ID: EditorId = "font";

pub struct FontEditor;

impl ItemEditor for FontEditor {
    fn id(&self) -> EditorId {
        ID
    }
    fn label(&self) -> &'static str {
        "view-font"
    }
    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(crate::doc::kinds::FormatKind::Tfnt)
    }
    fn create(&self) -> Box<dyn EditorState> {
        Box::new(FontView::default())
    }
}

/// The sample line a new tab shows: Latin, digits, Cyrillic, and `№` (in CP1251, no glyph in
/// the demo font: marked).
pub const SAMPLE: &str = "Parkan 1998: Железная стратегия! №";

/// The font as parsed from one version of the bytes.
pub struct Parsed {
    pub font: Result<Tfnt, String>,
    pub diagnostics: Vec<Diagnostic>,
    /// Where the sheet's palette came from (an address), or `None` for greyscale.
    pub palette_from: Option<String>,
    pub sheet: Option<(egui::TextureHandle, u32, u32)>,
    pub sheet_error: Option<String>,
}

/// One tab's state.
pub struct FontView {
    seen: Option<(usize, usize, Readings, u64)>,
    pub parsed: Option<Parsed>,
    /// The line drawn with the font.
    pub text: String,
    /// The layout of [`FontView::text`], as of the last frame.
    pub layout: Option<Layout>,
    /// Sheet pixels per texel.
    pub zoom: f32,
    /// Screen pixels per font pixel in the typed line.
    pub line_zoom: f32,
    /// The byte values whose rect is under the pointer, as of the last frame.
    pub hovered: Vec<u8>,
    /// The glyph whose fields are shown for editing.
    pub selected: Option<u8>,
    pub sheet_rect: Option<Rect>,
    pub line_rect: Option<Rect>,
}

impl Default for FontView {
    fn default() -> Self {
        FontView { seen: None, parsed: None, text: SAMPLE.to_string(), layout: None, zoom: 4.0, line_zoom: 3.0, hovered: Vec::new(), selected: None, sheet_rect: None, line_rect: None }
    }
}

/// The palette beside the font: a `.PAL` entry of the same archive (`PAL.PAL` first), else a
/// `PAL.PAL` entry of any open archive. Its address and palette.
pub fn palette_beside(ws: &Workspace, path: &ItemPath) -> Option<(String, Palette)> {
    let read = |p: &ItemPath| -> Option<Palette> {
        let b = items::bytes_of(ws, p).ok()?;
        Pal::parse(&b).ok().map(|(pal, _)| pal.palette)
    };
    let pick = |archive: &ItemPath, exact_only: bool| -> Option<(String, Palette)> {
        let node = items::node_at(ws, archive).ok()?;
        let metas = node.metas();
        let mut order: Vec<usize> = metas.iter().enumerate().filter(|(_, m)| m.name.eq_ignore_ascii_case("PAL.PAL")).map(|(i, _)| i).collect();
        if !exact_only {
            order.extend(metas.iter().enumerate().filter(|(_, m)| m.name.to_ascii_lowercase().ends_with(".pal") && !m.name.eq_ignore_ascii_case("PAL.PAL")).map(|(i, _)| i));
        }
        order.into_iter().find_map(|i| {
            let p = archive.child(i);
            read(&p).map(|pal| (items::address(ws, &p), pal))
        })
    };
    if let Some((parent, _)) = path.parent()
        && let Some(found) = pick(&parent, false)
    {
        return Some(found);
    }
    ws.files().iter().filter(|f| f.root().is_archive()).find_map(|f| pick(&ItemPath::root(f.id), true))
}

impl FontView {
    fn refresh(&mut self, ctx: &egui::Context, cx: &EditorCx) {
        let key = (cx.bytes.as_ptr() as usize, cx.bytes.len(), cx.ws.readings, cx.generation);
        if self.seen == Some(key) {
            return;
        }
        self.seen = Some(key);
        let (font, diagnostics) = match Tfnt::parse(cx.bytes) {
            Ok((f, d)) => (Ok(f), d),
            Err(e) => (Err(e.to_string()), Vec::new()),
        };
        let beside = palette_beside(cx.ws, cx.path);
        let (mut sheet, mut sheet_error) = (None, None);
        if let Ok(f) = &font {
            match &f.texm {
                Some(t) => match t.decode_mip(0, &cx.ws.readings, beside.as_ref().map(|b| &b.1)) {
                    Ok(px) => sheet = Some((load_texture(ctx, "font-sheet", px.width, px.height, &px.rgba, egui::TextureOptions::NEAREST), px.width, px.height)),
                    Err(e) => sheet_error = Some(e.to_string()),
                },
                None => sheet_error = Some(crate::tr!("font-texm-no-parse")),
            }
        }
        self.parsed = Some(Parsed { font, diagnostics, palette_from: beside.map(|b| b.0), sheet, sheet_error });
    }
}

/// "'A' (0x41)": a byte value as the character it is in CP1251.
pub fn char_label(b: u8) -> String {
    let c = cp1251::decode_byte(b);
    if c.is_control() { format!("0x{b:02X}") } else { format!("'{c}' (0x{b:02X})") }
}

fn fields(g: &Glyph) -> String {
    crate::tr!("font-fields",
        rect = format!("{}×{}", g.width, g.height),
        at = format!("({}, {})", g.x, g.y),
        advance = g.advance.to_string(),
        offset = format!("({}, {})", g.x_offset, g.y_offset),
        unknown = g.unknown_e.to_string()
    )
}

impl EditorState for FontView {
    fn show(&mut self, ui: &mut Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        self.refresh(ui.ctx(), cx);
        let Some(parsed) = &self.parsed else { return };
        let font = match &parsed.font {
            Ok(f) => f,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, crate::tr!("font-cannot-open", error = e.to_string()));
                return;
            }
        };
        let info = font.info();
        ui.horizontal_wrapped(|ui| {
            ui.label(crate::tr!("font-editor-summary",
                n = info.glyphs,
                height = info.line_height.to_string(),
                spacing = font.spacing.to_string(),
                sheet = format!("{}×{}", info.sheet_width, info.sheet_height),
                format = info.sheet_format.map_or("?".into(), |f| f.to_string())
            ));
            ui.separator();
            match &parsed.palette_from {
                Some(a) => ui.label(crate::tr!("font-palette", address = a.as_str())),
                None => ui.label(crate::tr!("font-no-palette")),
            };
            ui.separator();
            ui.label("tfnt-advance");
            if let Some((name, values, _)) = TABLE.iter().find(|(n, _, _)| *n == "tfnt-advance") {
                readings::combo(ui, &cx.ws.readings, name, values, "font-view", out);
            }
        });
        ui.label(
            egui::RichText::new(crate::tr!("font-reading-note"))
                .small()
                .weak(),
        );
        for d in &parsed.diagnostics {
            let c = match d.severity {
                Severity::Error => ui.visuals().error_fg_color,
                Severity::Warning => ui.visuals().warn_fg_color,
                _ => ui.visuals().weak_text_color(),
            };
            ui.colored_label(c, format!("@0x{:X}: {}", d.offset.unwrap_or(0), crate::app::i18n::messages::diagnostic(d)));
        }
        if let Some(e) = &parsed.sheet_error {
            ui.colored_label(ui.visuals().error_fg_color, crate::tr!("font-sheet-error", error = e.to_string()));
        }

        // The typed line, drawn with the font.
        let readings = cx.ws.readings;
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label(crate::tr!("wear-text"));
            ui.add(egui::TextEdit::singleline(&mut self.text).desired_width(420.0).hint_text(crate::tr!("font-type-line")).id_salt("font-text"));
        });
        let layout = font.layout(&self.text, readings.tfnt_advance);
        // The line's own zoom, smaller when a long line would not fit.
        let fit = ((ui.available_width() - 8.0) / layout.width.max(1) as f32).floor();
        let zoom = self.line_zoom.clamp(1.0, 8.0).min(fit).max(1.0);
        ui.label(crate::tr!("font-line-info", n = layout.items.len(), drawn = layout.drawn().to_string(), missing = layout.missing().to_string(), width = layout.width.to_string()));
        let line_h = (font.line_height.clamp(1, 512) as f32).max(
            layout.items.iter().filter_map(|p| p.glyph.map(|g| (p.y + i32::from(g.height)) as f32)).fold(0.0, f32::max),
        );
        let size = vec2((layout.width.max(1) as f32 * zoom + 8.0).min(ui.available_width().max(64.0)), line_h * zoom + 8.0);
        let (line_rect, line_resp) = ui.allocate_exact_size(size, Sense::hover());
        self.line_rect = Some(line_rect);
        {
            let painter = ui.painter_at(line_rect);
            painter.rect_filled(line_rect, 2.0, Color32::from_gray(16));
            let origin = line_rect.min + vec2(4.0, 4.0);
            let mut hover_text = None;
            for p in &layout.items {
                let at = origin + vec2(p.x as f32 * zoom, p.y as f32 * zoom);
                match (p.glyph, &parsed.sheet) {
                    (Some(g), Some((tex, w, h))) => {
                        let r = Rect::from_min_size(at, vec2(f32::from(g.width) * zoom, f32::from(g.height) * zoom));
                        let uv = Rect::from_min_max(
                            Pos2::new(f32::from(g.x) / *w as f32, f32::from(g.y) / *h as f32),
                            Pos2::new((f32::from(g.x) + f32::from(g.width)) / *w as f32, (f32::from(g.y) + f32::from(g.height)) / *h as f32),
                        );
                        painter.image(tex.id(), r, uv, Color32::WHITE);
                        if line_resp.hover_pos().is_some_and(|h| r.contains(h)) {
                            hover_text = Some(format!("{} -> {}", p.ch, p.byte.map_or("?".into(), char_label)));
                        }
                    }
                    _ if p.missing() => {
                        let r = Rect::from_min_size(at, vec2(6.0 * zoom, (font.line_height.clamp(4, 64) as f32 - 2.0) * zoom));
                        painter.rect_stroke(r, 0.0, Stroke::new(1.5, Color32::from_rgb(230, 60, 60)), StrokeKind::Inside);
                        if line_resp.hover_pos().is_some_and(|h| r.contains(h)) {
                            hover_text = Some(match p.byte {
                                None => crate::tr!("font-not-cp1251", ch = p.ch.to_string()),
                                Some(b) => crate::tr!("font-no-glyph", ch = char_label(b)),
                            });
                        }
                    }
                    _ => {}
                }
            }
            if let Some(t) = hover_text {
                line_resp.on_hover_text(t);
            }
        }
        self.layout = Some(layout);

        // The sheet with every rect outlined.
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.label(crate::tr!("font-glyph-sheet"));
            ui.add(egui::Slider::new(&mut self.zoom, 1.0..=8.0).step_by(1.0).text(crate::tr!("font-zoom")));
        });
        let zoom = self.zoom.clamp(1.0, 8.0);
        self.hovered.clear();
        let Some((tex, w, h)) = &parsed.sheet else { return };
        let (w, h) = (*w as f32, *h as f32);
        let mut edit: Option<Glyph> = None;
        let mut drag_done = false;
        ui.horizontal_top(|ui| {
            let (rect, resp) = ui.allocate_exact_size(vec2(w * zoom, h * zoom), Sense::click());
            self.sheet_rect = Some(rect);
            let painter = ui.painter_at(rect);
            paint_checker(&painter, rect);
            painter.image(tex.id(), rect, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
            let texel = resp.hover_pos().map(|p| ((p.x - rect.left()) / zoom, (p.y - rect.top()) / zoom));
            let mut drawn = std::collections::HashSet::new();
            for (b, g) in font.glyphs.iter().enumerate() {
                if !g.present() {
                    continue;
                }
                let r = Rect::from_min_size(rect.min + vec2(f32::from(g.x) * zoom, f32::from(g.y) * zoom), vec2(f32::from(g.width) * zoom, f32::from(g.height) * zoom));
                let under = texel.is_some_and(|(x, y)| x >= f32::from(g.x) && y >= f32::from(g.y) && x < f32::from(g.x) + f32::from(g.width) && y < f32::from(g.y) + f32::from(g.height));
                if under {
                    self.hovered.push(b as u8);
                }
                if drawn.insert((g.x, g.y, g.width, g.height)) || under {
                    let colour = if under || self.selected == Some(b as u8) { Color32::from_rgb(255, 200, 40) } else { Color32::from_rgba_unmultiplied(80, 160, 255, 160) };
                    painter.rect_stroke(r, 0.0, Stroke::new(1.0, colour), StrokeKind::Outside);
                }
            }
            if !self.hovered.is_empty() {
                let g = font.glyphs[usize::from(self.hovered[0])];
                let chars: Vec<String> = self.hovered.iter().map(|&b| char_label(b)).collect();
                let text = format!("{}\n{}\n{}", chars.join(", "), fields(&g), crate::tr!("font-record-at", at = format!("0x{:X}", Glyph::offset(self.hovered[0]))));
                if resp.clicked() {
                    self.selected = Some(self.hovered[0]);
                }
                resp.on_hover_text(text);
            }
            // The selected glyph's record.
            ui.add_space(12.0);
            ui.vertical(|ui| {
                let Some(b) = self.selected else {
                    ui.label(egui::RichText::new(crate::tr!("font-click-glyph")).weak());
                    return;
                };
                let mut g = font.glyphs[usize::from(b)];
                let before = g;
                ui.strong(crate::tr!("font-glyph", ch = char_label(b)));
                ui.label(crate::tr!("font-record-at", at = format!("0x{:X}", Glyph::offset(b))));
                egui::Grid::new("font-glyph").num_columns(2).show(ui, |ui| {
                    ui.label("rect");
                    ui.label(crate::tr!("font-rect-value", w = g.width.to_string(), h = g.height.to_string(), x = g.x.to_string(), y = g.y.to_string()));
                    ui.end_row();
                    for (label, v) in [("advance", &mut g.advance), ("x_offset", &mut g.x_offset), ("y_offset", &mut g.y_offset)] {
                        let l = ui.label(label);
                        let r = ui.add(egui::DragValue::new(v).range(-512..=512)).labelled_by(l.id);
                        drag_done |= r.drag_stopped();
                        ui.end_row();
                    }
                    ui.label("unknown_e");
                    ui.label(g.unknown_e.to_string());
                    ui.end_row();
                });
                let sharing: Vec<String> = font.glyphs.iter().enumerate().filter(|(i, o)| *i != usize::from(b) && o.present() && (o.x, o.y, o.width, o.height) == (g.x, g.y, g.width, g.height)).map(|(i, _)| char_label(i as u8)).collect();
                if !sharing.is_empty() {
                    ui.label(egui::RichText::new(crate::tr!("font-same-rect", list = sharing.join(", "))).small().weak());
                }
                if g != before {
                    edit = Some(g);
                }
            });
        });
        if let (Some(g), Some(b)) = (edit, self.selected) {
            let mut f = font.clone();
            f.glyphs[usize::from(b)] = g;
            out.push(Intent::EditItem(ItemEdit::bytes(cx.path, f.write(), crate::tr!("font-undo-glyph", ch = char_label(b))).dragging("tfnt-glyph")));
        }
        if drag_done {
            out.push(Intent::EndDrag);
        }
    }
}
