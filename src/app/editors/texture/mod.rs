//! The Texm inspector: a tab view with the image at any mip (zoom, pan, fit, pixel grid,
//! checkerboard, channel toggles, pixel readout), the header with its named bits and the
//! interpretation switches, the palette, the Page rects (overlay, table, editing) and the
//! replace-from-image dialog. What it shows comes from [`model::TextureModel`]; edits go out as
//! intents like every other panel's.

pub mod canvas;
pub mod compare;
pub mod edits;
pub mod editor;
pub mod import;
pub mod model;
pub mod outside;
pub mod side;

use crate::doc::items;
use crate::app::seam::EditorCx;
use crate::app::widgets::image::load_texture;
use crate::app::widgets::side_column::SideColumn;
use crate::app::intent::Intent;
pub use editor::{TextureEditor, TextureMsg};
use crate::doc::{ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::texm::{Palette, RuntimeOptions};
use crate::formats::texm;
use egui::{Rect, Ui, Vec2};
use model::{Channels, Readout, TextureModel, ViewMode};

/// Zoom steps the buttons and keys go through (the wheel zooms freely between the ends).
pub const ZOOM_STEPS: [f32; 15] = [0.125, 0.25, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0, 32.0, 48.0, 64.0];
pub const MIN_ZOOM: f32 = 0.125;
pub const MAX_ZOOM: f32 = 64.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
    /// The whole rect, grabbed inside.
    Body,
}

/// A Page rect being dragged on the canvas.
#[derive(Clone, Debug)]
pub struct RectDrag {
    pub index: usize,
    pub corner: Corner,
    pub start: texm::Rect,
    /// Where the drag began, in level-0 texels of the stored texture.
    pub from: egui::Pos2,
}

/// What the model was built from. Payloads are compared by identity: the cache holds them,
/// so an address cannot be reused while it is compared, and an edit makes new bytes. Edits
/// elsewhere in the document leave the model alone.
struct ModelKey {
    bytes: SharedBytes,
    readings: Readings,
    mode: ViewMode,
    runtime: RuntimeOptions,
    external: Option<SharedBytes>,
}

fn identity(b: &SharedBytes) -> (*const u8, usize) {
    (b.as_ptr(), b.len())
}

impl ModelKey {
    fn same(&self, o: &ModelKey) -> bool {
        identity(&self.bytes) == identity(&o.bytes) && self.same_but_bytes(o)
    }

    fn same_but_bytes(&self, o: &ModelKey) -> bool {
        (self.readings, self.mode, self.runtime) == (o.readings, o.mode, o.runtime)
            && self.external.as_ref().map(identity) == o.external.as_ref().map(identity)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DisplayKey {
    level: usize,
    channels: Channels,
    highlight: Option<u8>,
}

struct Cache {
    key: ModelKey,
    model: Result<TextureModel, String>,
    shown: Option<(DisplayKey, egui::TextureHandle)>,
    /// One texture per shown level for the mip strip, with the level's size.
    strip: Vec<(egui::TextureHandle, [u32; 2])>,
}

/// The inspector's state for one tab.
pub struct TextureView {
    pub mode: ViewMode,
    pub runtime: RuntimeOptions,
    pub level: usize,
    pub zoom: f32,
    /// Offset of the image's centre from the canvas centre, in points.
    pub pan: Vec2,
    /// Fit the image to the canvas on every frame until the user zooms or pans.
    pub fit: bool,
    pub channels: Channels,
    pub grid: bool,
    /// The side column (header, palette, Page rects) is shown.
    pub show_side: bool,
    /// The palette index clicked in the palette (stays highlighted).
    pub palette_pin: Option<u8>,
    /// The index under the pointer in the palette, this frame.
    pub palette_hover: Option<u8>,
    pub rect_hover: Option<usize>,
    pub rect_selected: Option<usize>,
    pub hover: Option<Readout>,
    /// The palette a format-2 texture decodes through (an open `.PAL` item).
    pub external: Option<ItemPath>,
    pub drag: Option<RectDrag>,
    /// Where the canvas was drawn last frame (dropped images landing there replace the texture).
    pub canvas_rect: Option<Rect>,
    /// The PNG an external program edits (Edit in External Program), while the tab is open.
    pub outside: Option<crate::app::external::Watch>,
    /// The replace dialog's last confirmed choices: external saves convert with them.
    pub import_choices: import::Choices,
    /// The document generation and choice `external` was last looked up for, and its bytes.
    external_at: Option<(u64, Option<ItemPath>, Option<SharedBytes>)>,
    cache: Option<Cache>,
}

impl Default for TextureView {
    fn default() -> Self {
        TextureView {
            mode: ViewMode::Stored,
            runtime: RuntimeOptions::default(),
            level: 0,
            zoom: 1.0,
            pan: Vec2::ZERO,
            fit: true,
            channels: Channels::default(),
            grid: true,
            show_side: true,
            palette_pin: None,
            palette_hover: None,
            rect_hover: None,
            rect_selected: None,
            hover: None,
            external: None,
            drag: None,
            canvas_rect: None,
            outside: None,
            import_choices: import::Choices::default(),
            external_at: None,
            cache: None,
        }
    }
}

impl TextureView {
    pub fn model(&self) -> Option<&TextureModel> {
        self.cache.as_ref().and_then(|c| c.model.as_ref().ok())
    }

    /// The highlighted palette index: the hovered swatch, else the pinned one.
    pub fn highlight(&self) -> Option<u8> {
        self.palette_hover.or(self.palette_pin)
    }

    pub fn zoom_step(&mut self, up: bool) {
        let z = self.zoom;
        self.zoom = if up {
            ZOOM_STEPS.iter().copied().find(|&s| s > z * 1.001).unwrap_or(MAX_ZOOM)
        } else {
            ZOOM_STEPS.iter().rev().copied().find(|&s| s < z / 1.001).unwrap_or(MIN_ZOOM)
        };
        self.fit = false;
    }

    /// Zooms by `factor` keeping the image point under `anchor` (relative to the canvas
    /// centre, in points) where it is.
    pub fn zoom_about(&mut self, factor: f32, anchor: Vec2) {
        let new = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let k = new / self.zoom;
        self.pan = anchor - (anchor - self.pan) * k;
        self.zoom = new;
        self.fit = false;
    }

    pub fn actual_size(&mut self) {
        self.zoom = 1.0;
        self.pan = Vec2::ZERO;
        self.fit = false;
    }

    /// The largest zoom (a power of two at or above 1, free below) that shows the whole image.
    pub fn fit_zoom(image: Vec2, canvas: Vec2) -> f32 {
        if image.x <= 0.0 || image.y <= 0.0 {
            return 1.0;
        }
        let z = ((canvas.x - 16.0) / image.x).min((canvas.y - 16.0) / image.y);
        let z = if z >= 1.0 { 2f32.powi(z.log2().floor() as i32) } else { z };
        z.clamp(MIN_ZOOM, MAX_ZOOM)
    }

    /// The chosen palette's bytes, looked up again only when the document changed (or the
    /// choice did). An edit elsewhere can move its index: it must still name a `.PAL`.
    fn external_bytes(&mut self, ws: &Workspace, generation: u64) -> Option<SharedBytes> {
        let fresh = self.external_at.as_ref().is_some_and(|(g, p, _)| *g == generation && *p == self.external);
        if !fresh {
            if let Some(p) = &self.external {
                let still = items::meta_of(ws, p).map_or_else(|| ws.file(p.file).map(|f| f.name()), |m| Some(m.name));
                if !still.is_some_and(|n| n.to_ascii_lowercase().ends_with(".pal")) {
                    self.external = None;
                }
            }
            let bytes = self.external.as_ref().and_then(|p| items::bytes_of(ws, p).ok());
            self.external_at = Some((generation, self.external.clone(), bytes));
        }
        self.external_at.as_ref().and_then(|(_, _, b)| b.clone())
    }

    fn refresh(&mut self, ctx: &egui::Context, ws: &Workspace, generation: u64, bytes: &SharedBytes) {
        let ext_bytes = self.external_bytes(ws, generation);
        let key = ModelKey { bytes: bytes.clone(), readings: ws.readings, mode: self.mode, runtime: self.runtime, external: ext_bytes };
        if self.cache.as_ref().is_some_and(|c| c.key.same(&key)) {
            return;
        }
        // A Page-rect edit (every mouse move of a corner drag) keeps the decoded levels.
        if let Some(c) = self.cache.as_mut()
            && c.key.same_but_bytes(&key)
            && let Ok(m) = c.model.as_mut()
            && m.take_new_page(&c.key.bytes, bytes)
        {
            c.key = key;
            if self.rect_selected.is_some_and(|r| r >= m.rects.len()) {
                self.rect_selected = None;
            }
            return;
        }
        let external = key.external.as_deref().and_then(|b| Palette::from_bytes(b).ok());
        let model = TextureModel::build(bytes, self.mode, &ws.readings, external.as_ref(), &self.runtime).map_err(|e| e.to_string());
        let strip = match &model {
            Ok(m) => m
                .levels
                .iter()
                .enumerate()
                .map(|(i, l)| (load_texture(ctx, format!("mip-strip-{i}"), l.width, l.height, &l.rgba, egui::TextureOptions::NEAREST), [l.width, l.height]))
                .collect(),
            Err(_) => Vec::new(),
        };
        if let Ok(m) = &model {
            self.level = self.level.min(m.levels.len().saturating_sub(1));
            if self.rect_selected.is_some_and(|r| r >= m.rects.len()) {
                self.rect_selected = None;
            }
        }
        self.cache = Some(Cache { key, model, shown: None, strip });
    }

    /// The texture of the current level as displayed (channels, highlight), rebuilt on change.
    fn shown_texture(&mut self, ctx: &egui::Context) -> Option<egui::TextureHandle> {
        let key = DisplayKey { level: self.level, channels: self.channels, highlight: self.highlight() };
        let cache = self.cache.as_mut()?;
        let model = cache.model.as_ref().ok()?;
        let level = model.levels.get(self.level)?;
        if let Some((k, t)) = &cache.shown
            && *k == key
        {
            return Some(t.clone());
        }
        let rgba = model.display_rgba(self.level, key.channels, key.highlight);
        let tex = load_texture(ctx, "texture-view", level.width, level.height, &rgba, egui::TextureOptions::NEAREST);
        cache.shown = Some((key, tex.clone()));
        Some(tex)
    }

    fn strip(&self) -> &[(egui::TextureHandle, [u32; 2])] {
        self.cache.as_ref().map_or(&[], |c| &c.strip)
    }
}

/// The whole inspector inside a tab.
pub fn show(ui: &mut Ui, cx: &EditorCx, view: &mut TextureView, out: &mut Vec<Intent>) {
    view.refresh(ui.ctx(), cx.ws, cx.generation, cx.bytes);
    toolbar(ui, cx, view, out);
    if let Some(w) = &view.outside
        && crate::app::external::status(ui, w, &crate::tr!("external-what-texture"))
    {
        view.outside = None;
    }
    ui.separator();
    let err = match view.cache.as_ref().map(|c| &c.model) {
        Some(Err(e)) => Some(e.clone()),
        _ => None,
    };
    if let Some(e) = err {
        ui.colored_label(ui.visuals().error_fg_color, crate::tr!("tex-cannot-decode", error = e.to_string()));
        ui.weak(crate::tr!("tex-cannot-decode-hint"));
        return;
    }
    if view.show_side {
        SideColumn { id: "texture-side", width: (280.0, 0.38, 440.0), width_range: 240.0..=640.0, height: 0.45 }.show(ui, |ui| side::show(ui, cx, view, out));
    }
    egui::Panel::bottom("texture-strip").resizable(false).show(ui, |ui| {
        readout_line(ui, view, &cx.ws.readings);
        mip_strip(ui, view);
    });
    egui::CentralPanel::default().show(ui, |ui| canvas::show(ui, cx, view, out));
}

fn toolbar(ui: &mut Ui, cx: &EditorCx, view: &mut TextureView, out: &mut Vec<Intent>) {
    let levels = view.model().map_or(0, |m| m.levels.len());
    let sizes: Vec<(u32, u32)> = view.model().map(|m| m.levels.iter().map(|l| (l.width, l.height)).collect()).unwrap_or_default();
    let tools = |ui: &mut Ui, more: bool| {
        if more {
            return more_tools(ui, cx, view, out);
        }
        for (m, label, tip) in [
            (ViewMode::Stored, crate::tr!("tex-stored"), crate::tr!("tex-stored-tip")),
            (ViewMode::Runtime, crate::tr!("tex-runtime"), crate::tr!("tex-runtime-tip")),
        ] {
            if ui.selectable_label(view.mode == m, label).on_hover_text(tip).clicked() {
                view.mode = m;
                view.level = 0;
            }
        }
        if view.mode == ViewMode::Runtime {
            ui.checkbox(&mut view.runtime.force_16bit, crate::tr!("tex-force16")).on_hover_text(crate::tr!("tex-force16-tip"));
            ui.checkbox(&mut view.runtime.disable_mipmap, "DisableMipmap").on_hover_text(crate::tr!("tex-disable-mipmap-tip"));
            ui.checkbox(&mut view.runtime.ignore_page, crate::tr!("tex-ignore-page")).on_hover_text(crate::tr!("tex-ignore-page-tip"));
        }
        ui.separator();
        ui.label(crate::tr!("tex-mip"));
        egui::ComboBox::from_id_salt("mip-level")
            .selected_text(sizes.get(view.level).map_or("-".to_string(), |(w, h)| format!("{} · {w}×{h}", view.level)))
            .show_ui(ui, |ui| {
                for (i, (w, h)) in sizes.iter().enumerate() {
                    ui.selectable_value(&mut view.level, i, format!("{i} · {w}×{h}"));
                }
            })
            .response
            .on_hover_text(crate::tr!("tex-mip-tip"));
        if ui.add_enabled(view.level > 0, egui::Button::new("<")).on_hover_text(crate::tr!("tex-larger-tip")).clicked() {
            view.level -= 1;
        }
        if ui.add_enabled(view.level + 1 < levels, egui::Button::new(">")).on_hover_text(crate::tr!("tex-smaller-tip")).clicked() {
            view.level += 1;
        }
        ui.separator();
        if ui.button("−").on_hover_text(crate::tr!("tex-zoom-out-tip")).clicked() {
            view.zoom_step(false);
        }
        ui.label(zoom_label(view.zoom));
        if ui.button("+").on_hover_text(crate::tr!("tex-zoom-in-tip")).clicked() {
            view.zoom_step(true);
        }
        if ui.button("1:1").on_hover_text(crate::tr!("tex-actual-size-tip")).clicked() {
            view.actual_size();
        }
        if ui.selectable_label(view.fit, crate::tr!("tex-fit")).on_hover_text(crate::tr!("tex-fit-tip")).clicked() {
            view.fit = true;
        }
        ui.separator();
    };
    crate::app::widgets::toolbar::toolbar(ui, "texture", tools);
}

/// The texture tools that go into the tool bar's "More" menu when it does not fit.
fn more_tools(ui: &mut Ui, cx: &EditorCx, view: &mut TextureView, out: &mut Vec<Intent>) {
    let ch = &mut view.channels;
    ui.toggle_value(&mut ch.r, "R").on_hover_text(crate::tr!("tex-red-tip"));
    ui.toggle_value(&mut ch.g, "G").on_hover_text(crate::tr!("tex-green-tip"));
    ui.toggle_value(&mut ch.b, "B").on_hover_text(crate::tr!("tex-blue-tip"));
    ui.toggle_value(&mut ch.a, "A").on_hover_text(crate::tr!("tex-alpha-tip"));
    ui.toggle_value(&mut ch.alpha_only, crate::tr!("tex-alpha-only")).on_hover_text(crate::tr!("tex-alpha-only-tip"));
    ui.toggle_value(&mut view.grid, crate::tr!("tex-grid")).on_hover_text(crate::tr!("tex-grid-tip"));
    ui.toggle_value(&mut view.show_side, crate::tr!("tex-details")).on_hover_text(crate::tr!("tex-details-tip"));
    ui.separator();
    if ui.button(crate::tr!("tex-replace")).on_hover_text(crate::tr!("tex-replace-tip")).clicked() {
        out.push(editor::pick_image(cx.path));
    }
    ui.menu_button(crate::tr!("tex-export"), |ui| {
        let level = view.model().map_or(0, |m| m.stored_level(view.level));
        if ui.button(crate::tr!("tex-export-level", level = level.to_string())).clicked() {
            let stem = items::meta_of(cx.ws, cx.path).map(|m| m.name).filter(|n| !n.is_empty()).unwrap_or_else(|| "texture".into());
            out.push(editor::pick_export(cx.path, Some(level), format!("{}_mip{level}.png", edits::file_stem(&stem))));
            ui.close();
        }
        if ui.button(crate::tr!("tex-export-all")).clicked() {
            out.push(editor::pick_export(cx.path, None, String::new()));
            ui.close();
        }
    });
}

pub fn zoom_label(z: f32) -> String {
    if z >= 1.0 { format!("{}%", (z * 100.0).round()) } else { format!("{:.1}%", z * 100.0) }
}

fn readout_line(ui: &mut Ui, view: &TextureView, readings: &Readings) {
    ui.horizontal(|ui| match &view.hover {
        Some(r) => {
            let stored: Vec<String> = r.stored.iter().map(|b| format!("{b:02X}")).collect();
            ui.monospace(format!("x {:>4}  y {:>4}", r.x, r.y));
            ui.separator();
            ui.monospace(crate::tr!("tex-stored-bytes", bytes = if stored.is_empty() { "-".into() } else { stored.join(" ") }));
            let fields = view.model().and_then(|m| m.texm.format()).and_then(|f| model::stored_fields(f, readings, &r.stored));
            if let Some(f) = fields {
                ui.monospace(format!("({f})"));
            }
            ui.separator();
            let [cr, cg, cb, ca] = r.rgba;
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, egui::Color32::from_rgba_unmultiplied(cr, cg, cb, 255));
            ui.monospace(format!("RGBA {cr:>3} {cg:>3} {cb:>3} {ca:>3}"));
            if let Some(i) = r.index {
                ui.separator();
                ui.monospace(crate::tr!("tex-index", i = i.to_string()));
            }
        }
        None => {
            ui.add(egui::Label::new(egui::RichText::new(crate::tr!("tex-point-hint")).weak()).truncate());
        }
    });
}

fn mip_strip(ui: &mut Ui, view: &mut TextureView) {
    let strip: Vec<(egui::TextureHandle, [u32; 2])> = view.strip().to_vec();
    if strip.len() < 2 {
        return;
    }
    egui::ScrollArea::horizontal().id_salt("mip-strip").show(ui, |ui| {
        ui.horizontal(|ui| {
            for (i, (t, [w, h])) in strip.iter().enumerate() {
                let (w, h) = (*w, *h);
                let k = (56.0 / w.max(h) as f32).min(4.0);
                let size = egui::vec2(w as f32 * k, h as f32 * k).max(egui::vec2(4.0, 4.0));
                ui.vertical(|ui| {
                    let img = egui::Image::new((t.id(), size)).sense(egui::Sense::click());
                    let r = ui.add(img).on_hover_text(crate::tr!("tex-level-tip", i = i.to_string(), size = format!("{w}×{h}")));
                    if view.level == i {
                        ui.painter().rect_stroke(r.rect.expand(2.0), 2.0, ui.visuals().selection.stroke, egui::StrokeKind::Outside);
                    }
                    if r.clicked() {
                        view.level = i;
                    }
                    ui.small(format!("{i} · {w}×{h}"));
                });
            }
        });
    });
}
