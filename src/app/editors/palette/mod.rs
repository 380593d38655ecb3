//! The palette view (docs/formats/pal.md): the 256 colours as a 16 x 16 grid (hover: index, hex
//! and the stored bytes) and the `Ipol` table drawn as a 256 x 256 image, each cell in the
//! colour of the index it holds (hover: row, column and index). Opens any item the PAL codec
//! claims. The table is read as plain indices; what the engine does with it is not confirmed,
//! and the view says so.

use crate::app::intent::Intent;
use crate::app::seam::{Claim, EditorCx, EditorId, EditorState, ItemEditor};
use crate::app::widgets::image::load_texture;
use crate::app::widgets::readings;
use crate::formats::pal::Pal;
use crate::formats::readings::{PaletteOrder, TABLE};
use crate::formats::{Diagnostic, Severity};
use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, vec2};

pub const ID: EditorId = "palette";

pub struct PaletteEditor;

impl ItemEditor for PaletteEditor {
    fn id(&self) -> EditorId {
        ID
    }
    fn label(&self) -> &'static str {
        "view-palette"
    }
    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(crate::doc::kinds::FormatKind::Pal)
    }
    fn create(&self) -> Box<dyn EditorState> {
        Box::new(PaletteView::default())
    }
}

/// What the view shows of one version of the bytes.
pub struct Parsed {
    pub pal: Result<Pal, String>,
    pub diagnostics: Vec<Diagnostic>,
    order: PaletteOrder,
}

/// One tab's state.
#[derive(Default)]
pub struct PaletteView {
    seen: Option<(usize, usize, PaletteOrder)>,
    pub parsed: Option<Parsed>,
    table: Option<egui::TextureHandle>,
    /// The swatch under the pointer, as of the last frame.
    pub hovered: Option<u8>,
    /// The table cell under the pointer (row, column), as of the last frame.
    pub hovered_cell: Option<(u8, u8)>,
    /// Where the grid and the table were drawn last frame.
    pub grid_rect: Option<Rect>,
    pub table_rect: Option<Rect>,
}

fn hex(c: [u8; 4]) -> String {
    format!("#{:02X}{:02X}{:02X}", c[0], c[1], c[2])
}

fn colour(c: [u8; 4]) -> Color32 {
    Color32::from_rgb(c[0], c[1], c[2])
}

impl PaletteView {
    fn refresh(&mut self, ctx: &egui::Context, cx: &EditorCx) {
        let order = cx.ws.readings.palette;
        let key = (cx.bytes.as_ptr() as usize, cx.bytes.len(), order);
        if self.seen == Some(key) {
            return;
        }
        self.seen = Some(key);
        let (pal, diagnostics) = match Pal::parse(cx.bytes) {
            Ok((p, d)) => (Ok(p), d),
            Err(e) => (Err(e.to_string()), Vec::new()),
        };
        self.table = pal.as_ref().ok().and_then(|p| {
            let t = p.ipol.as_ref()?;
            let lut = p.palette.lut(order);
            let rgba: Vec<u8> = t.iter().flat_map(|&i| {
                let c = lut[usize::from(i)];
                [c[0], c[1], c[2], 255]
            }).collect();
            Some(load_texture(ctx, "palette-ipol", 256, 256, &rgba, egui::TextureOptions::NEAREST))
        });
        self.parsed = Some(Parsed { pal, diagnostics, order });
    }
}

impl EditorState for PaletteView {
    fn show(&mut self, ui: &mut Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        self.refresh(ui.ctx(), cx);
        let Some(parsed) = &self.parsed else { return };
        let pal = match &parsed.pal {
            Ok(p) => p,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, crate::tr!("pal-cannot-open", error = e.to_string()));
                return;
            }
        };
        let order = parsed.order;
        ui.horizontal(|ui| {
            let tail = if pal.tail.is_empty() { String::new() } else { crate::tr!("pal-tail", n = pal.tail.len()) };
            ui.label(if pal.ipol.is_some() { crate::tr!("pal-summary-ipol", tail = tail) } else { crate::tr!("pal-summary", tail = tail) });
            ui.separator();
            ui.label(crate::tr!("pal-reading"));
            if let Some((name, values, _)) = TABLE.iter().find(|(n, _, _)| *n == "palette") {
                readings::combo(ui, &cx.ws.readings, name, values, "pal-view", out);
            }
        });
        for d in &parsed.diagnostics {
            let c = if d.severity == Severity::Warning { ui.visuals().warn_fg_color } else { ui.visuals().weak_text_color() };
            ui.colored_label(c, format!("@0x{:X}: {}", d.offset.unwrap_or(0), crate::app::i18n::messages::diagnostic(d)));
        }
        ui.add_space(4.0);
        self.hovered = None;
        self.hovered_cell = None;
        ui.horizontal_top(|ui| {
            // The grid: 16 x 16 swatches, smaller when the Ipol table beside would not fit (a
            // laptop-sized window with the browser and the inspector open).
            let cell = ((ui.available_width() - 16.0 - 256.0 - 16.0) / 16.0).clamp(12.0, 22.0);
            let (rect, resp) = ui.allocate_exact_size(vec2(cell * 16.0, cell * 16.0), Sense::hover());
            self.grid_rect = Some(rect);
            let painter = ui.painter_at(rect);
            for i in 0..=255u8 {
                let (x, y) = (f32::from(i % 16), f32::from(i / 16));
                let r = Rect::from_min_size(rect.min + vec2(x * cell, y * cell), vec2(cell, cell)).shrink(1.0);
                painter.rect_filled(r, 2.0, colour(pal.palette.entry(i, order)));
            }
            if let Some(p) = resp.hover_pos() {
                let (x, y) = (((p.x - rect.left()) / cell) as i32, ((p.y - rect.top()) / cell) as i32);
                if (0..16).contains(&x) && (0..16).contains(&y) {
                    let i = (y * 16 + x) as u8;
                    self.hovered = Some(i);
                    let r = Rect::from_min_size(rect.min + vec2(x as f32 * cell, y as f32 * cell), vec2(cell, cell));
                    painter.rect_stroke(r, 2.0, Stroke::new(2.0, ui.visuals().strong_text_color()), egui::StrokeKind::Inside);
                    let c = pal.palette.entry(i, order);
                    let raw = &pal.palette.raw[usize::from(i) * 4..usize::from(i) * 4 + 4];
                    resp.on_hover_text(crate::tr!("pal-swatch-tip", i = i.to_string(), hex = format!("0x{i:02X}"), colour = hex(c), raw = format!("{raw:02X?}"), at = format!("0x{:X}", usize::from(i) * 4)));
                }
            }
            ui.add_space(16.0);
            ui.vertical(|ui| {
                match &self.table {
                    Some(tex) => {
                        let side = ((ui.available_width() - 16.0).min(ui.available_height() - 40.0)).clamp(160.0, 512.0);
                        ui.scope(|ui| {
                            ui.set_max_width(side);
                            ui.add(egui::Label::new(crate::tr!("pal-ipol-heading")).wrap());
                        });
                        let (rect, resp) = ui.allocate_exact_size(vec2(side, side), Sense::hover());
                        self.table_rect = Some(rect);
                        ui.painter().image(tex.id(), rect, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
                        if let Some(p) = resp.hover_pos() {
                            let k = 256.0 / side;
                            let (b, a) = (((p.x - rect.left()) * k) as i32, ((p.y - rect.top()) * k) as i32);
                            if (0..256).contains(&a) && (0..256).contains(&b) {
                                let (a, b) = (a as u8, b as u8);
                                self.hovered_cell = Some((a, b));
                                let i = pal.ipol_at(a, b).unwrap_or(0);
                                resp.on_hover_text(crate::tr!("pal-ipol-tip",
                                    a = a.to_string(),
                                    b = b.to_string(),
                                    i = i.to_string(),
                                    ca = hex(pal.palette.entry(a, order)),
                                    cb = hex(pal.palette.entry(b, order)),
                                    ci = hex(pal.palette.entry(i, order))
                                ));
                            }
                        }
                        // Wrapped to the table's width: the column is as wide as the table, and a
                        // longer line would run off the window at 1024 pixels.
                        ui.scope(|ui| {
                            ui.set_max_width(side.min(ui.available_width()));
                            ui.add(egui::Label::new(egui::RichText::new(crate::tr!("pal-ipol-note")).small().weak()).wrap());
                        });
                    }
                    None => {
                        self.table_rect = None;
                        ui.label(crate::tr!("pal-no-ipol"));
                    }
                }
            });
        });
    }
}
