//! A texture's diff: A and B side by side (with the amplified difference image as a third
//! pane), a swipe between them, or a blink; one zoom and pan for every pane (wheel zooms at the
//! pointer, a drag pans), the level's figures (changed pixels, PSNR, the box around the
//! change, drawn on the images) and the engine's (header bits, palette, Page rects).

use crate::app::seam::compare::{CompareBody, Placement};
use crate::app::widgets::image::{load_texture, paint_checker};
use crate::doc::diff::{DEFAULT_GAIN, Decoded, LevelPair, Side, difference_image, level_pair};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use egui::{Color32, Pos2, Rect, RichText, Sense, Stroke, TextureHandle, TextureOptions, Ui, Vec2};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    SideBySide,
    Swipe,
    Blink,
}

pub struct TextureDiff {
    a: Option<SharedBytes>,
    b: Option<SharedBytes>,
    readings: Readings,
    pub pair: LevelPair,
    /// A, B and the difference image on the GPU.
    tex: [Option<TextureHandle>; 3],
    pub mode: Mode,
    pub show_difference: bool,
    /// Swipe: the share of the width that shows A.
    pub swipe: f32,
    /// Blink: switch by itself twice a second; `showing_b` is the side shown.
    pub blink: bool,
    pub showing_b: bool,
    pub gain: u8,
    /// Screen points per texel; `None` fits the level into the panes.
    pub zoom: Option<f32>,
    pub pan: Vec2,
    /// Draw the Page rects over the images.
    pub show_rects: bool,
    /// Each side's level 0 width, which its Page rects are measured in.
    level0_width: [u32; 2],
    blinked_at: f64,
    /// Where each pane was drawn last frame (tests point at them).
    pub pane_rects: Vec<Rect>,
}

fn size_of(d: &Option<Decoded>) -> Option<(u32, u32)> {
    d.as_ref().and_then(|r| r.as_ref().ok()).map(|p| (p.width, p.height))
}

impl TextureDiff {
    pub fn new(ctx: &egui::Context, a: Option<&Side>, b: Option<&Side>, readings: Readings) -> TextureDiff {
        let (a, b) = (a.map(|s| s.bytes.clone()), b.map(|s| s.bytes.clone()));
        let pair = level_pair(a.as_deref(), b.as_deref(), 0, &readings, DEFAULT_GAIN);
        let mut t = TextureDiff {
            a,
            b,
            readings,
            pair,
            tex: [None, None, None],
            mode: Mode::SideBySide,
            show_difference: true,
            swipe: 0.5,
            blink: false,
            showing_b: false,
            gain: DEFAULT_GAIN,
            zoom: None,
            pan: Vec2::ZERO,
            show_rects: true,
            level0_width: [0; 2],
            blinked_at: 0.0,
            pane_rects: Vec::new(),
        };
        t.level0_width = [size_of(&t.pair.a).map_or(0, |s| s.0), size_of(&t.pair.b).map_or(0, |s| s.0)];
        t.upload(ctx);
        t
    }

    fn upload(&mut self, ctx: &egui::Context) {
        let up = |name: &str, d: Option<&crate::formats::texm::Pixmap>| d.map(|p| load_texture(ctx, name, p.width, p.height, &p.rgba, TextureOptions::NEAREST));
        let ok = |d: &Option<Decoded>| d.as_ref().and_then(|r| r.as_ref().ok()).cloned();
        self.tex = [up("compare-a", ok(&self.pair.a).as_ref()), up("compare-b", ok(&self.pair.b).as_ref()), up("compare-diff", self.pair.image.as_ref())];
    }

    pub fn set_level(&mut self, ctx: &egui::Context, level: u32) {
        self.pair = level_pair(self.a.as_deref(), self.b.as_deref(), level, &self.readings, self.gain);
        self.upload(ctx);
    }

    pub fn set_gain(&mut self, ctx: &egui::Context, gain: u8) {
        self.gain = gain.max(1);
        if let (Some(Ok(pa)), Some(Ok(pb))) = (&self.pair.a, &self.pair.b) {
            self.pair.image = difference_image(pa, pb, self.gain);
            self.tex[2] = self.pair.image.as_ref().map(|p| load_texture(ctx, "compare-diff", p.width, p.height, &p.rgba, TextureOptions::NEAREST));
        }
    }

    fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if self.pair.levels > 1 {
                let mut level = self.pair.level;
                egui::ComboBox::from_label(crate::tr!("tcmp-level")).selected_text(level.to_string()).show_ui(ui, |ui| {
                    for l in 0..self.pair.levels {
                        ui.selectable_value(&mut level, l, l.to_string());
                    }
                });
                if level != self.pair.level {
                    self.set_level(ui.ctx(), level);
                }
                ui.separator();
            }
            for (m, label) in [(Mode::SideBySide, crate::tr!("tcmp-side-by-side")), (Mode::Swipe, crate::tr!("tcmp-swipe")), (Mode::Blink, crate::tr!("tcmp-blink"))] {
                if ui.selectable_label(self.mode == m, label).clicked() {
                    self.mode = m;
                }
            }
            ui.separator();
            match self.mode {
                Mode::SideBySide => {
                    ui.checkbox(&mut self.show_difference, crate::tr!("tcmp-difference"));
                }
                Mode::Swipe => {
                    ui.add(egui::Slider::new(&mut self.swipe, 0.0..=1.0).show_value(false).text("A | B"));
                }
                Mode::Blink => {
                    ui.checkbox(&mut self.blink, crate::tr!("tcmp-blink"));
                    if ui.button(if self.showing_b { crate::tr!("tcmp-showing-b") } else { crate::tr!("tcmp-showing-a") }).on_hover_text(crate::tr!("tcmp-switch-tip")).clicked() {
                        self.showing_b = !self.showing_b;
                    }
                }
            }
            if self.pair.rects.iter().any(|r| !r.is_empty()) {
                ui.checkbox(&mut self.show_rects, crate::tr!("tex-page-rects"));
            }
            let mut gain = self.gain;
            if ui.add(egui::Slider::new(&mut gain, 1..=128).logarithmic(true).text(crate::tr!("tcmp-gain"))).on_hover_text(crate::tr!("tcmp-gain-tip")).changed() {
                self.set_gain(ui.ctx(), gain);
            }
            if ui.button(crate::tr!("tex-fit")).clicked() {
                (self.zoom, self.pan) = (None, Vec2::ZERO);
            }
            if ui.button("1:1").clicked() {
                (self.zoom, self.pan) = (Some(1.0), Vec2::ZERO);
            }
        });
    }

    pub fn show(&mut self, ui: &mut Ui, figures: impl FnOnce(&mut Ui)) {
        self.toolbar(ui);
        let line = match (&self.pair.diff, size_of(&self.pair.a), size_of(&self.pair.b)) {
            (Some(d), _, _) => format!("{}: {}", crate::tr!("tcmp-level-n", level = self.pair.level.to_string()), crate::app::i18n::messages::message(&d.note())),
            (None, Some(a), Some(b)) => crate::tr!("tcmp-sizes-differ", level = self.pair.level.to_string(), a = format!("{}x{}", a.0, a.1), b = format!("{}x{}", b.0, b.1)),
            _ => crate::tr!("tcmp-level-n", level = self.pair.level.to_string()),
        };
        ui.label(RichText::new(line).strong());
        egui::CollapsingHeader::new(crate::tr!("compare-what-changed")).default_open(true).show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("compare-figures-scroll").max_height(120.0).show(ui, figures);
        });
        if self.blink && self.mode == Mode::Blink {
            let now = ui.input(|i| i.time);
            if now - self.blinked_at >= 0.5 {
                self.showing_b = !self.showing_b;
                self.blinked_at = now;
            }
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(500));
        }
        self.canvas(ui);
    }

    /// The panes, sharing one zoom and pan.
    fn canvas(&mut self, ui: &mut Ui) {
        // The toolbar can be wider than the panel: lay the panes out in what is visible.
        let area = ui.available_rect_before_wrap().intersect(ui.clip_rect());
        ui.allocate_rect(area, Sense::hover());
        let Some((w, h)) = size_of(&self.pair.b).or(size_of(&self.pair.a)) else {
            for (tag, d) in [("A", &self.pair.a), ("B", &self.pair.b)] {
                if let Some(Err(e)) = d {
                    ui.colored_label(ui.visuals().error_fg_color, format!("{tag}: {}", crate::app::i18n::messages::message(e)));
                }
            }
            return;
        };
        let (a, b) = (crate::tr!("compare-a"), crate::tr!("compare-b"));
        let panes: Vec<(String, usize)> = match self.mode {
            Mode::SideBySide if self.show_difference && self.tex[2].is_some() => vec![(a, 0), (b, 1), (crate::tr!("tcmp-difference"), 2)],
            Mode::SideBySide => vec![(a, 0), (b, 1)],
            Mode::Swipe => vec![("A | B".into(), 0)],
            Mode::Blink => vec![(if self.showing_b { b } else { a }, usize::from(self.showing_b))],
        };
        let gap = 6.0;
        let pw = (area.width() - gap * (panes.len() as f32 - 1.0)) / panes.len() as f32;
        let caption_h = 18.0;
        let fit = ((pw / w as f32).min((area.height() - caption_h) / h as f32)).max(0.01);
        let zoom = self.zoom.unwrap_or(fit);
        self.pane_rects.clear();
        for (k, (caption, which)) in panes.iter().enumerate() {
            let x0 = area.left() + k as f32 * (pw + gap);
            let rect = Rect::from_min_size(Pos2::new(x0, area.top() + caption_h), Vec2::new(pw, area.height() - caption_h));
            self.pane_rects.push(rect);
            ui.painter().text(Pos2::new(x0 + 4.0, area.top() + 2.0), egui::Align2::LEFT_TOP, caption.as_str(), egui::FontId::proportional(13.0), ui.visuals().text_color());
            let resp = ui.interact(rect, ui.scope_id().with(("compare-pane", k)), Sense::drag());
            if resp.dragged() {
                self.pan += resp.drag_delta();
                self.zoom = Some(zoom);
            }
            if let Some(p) = resp.hover_pos() {
                let scroll = ui.input(|i| i.smooth_scroll_delta.y);
                if scroll != 0.0 {
                    let z2 = (zoom * (scroll / 300.0).exp()).clamp(0.02, 64.0);
                    let at = p - rect.center() - self.pan;
                    self.pan += at - at * (z2 / zoom);
                    self.zoom = Some(z2);
                }
            }
            // Each side at its own size (a resized texture is not stretched to the other's).
            let (iw, ih) = if *which == 0 && self.mode != Mode::Swipe { size_of(&self.pair.a).unwrap_or((w, h)) } else { (w, h) };
            let img = Rect::from_center_size(rect.center() + self.pan, Vec2::new(iw as f32, ih as f32) * zoom);
            let painter = ui.painter().with_clip_rect(rect);
            painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
            paint_checker(&painter, img.intersect(rect));
            let draw = |i: usize, clip: Rect| match &self.tex[i] {
                Some(t) => {
                    painter.with_clip_rect(clip.intersect(rect)).image(t.id(), img, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
                }
                None => {
                    let side = if i == 0 { &self.pair.a } else { &self.pair.b };
                    let msg = match side {
                        Some(Err(e)) => crate::app::i18n::messages::message(e),
                        None => crate::tr!("tcmp-not-on-side"),
                        _ => String::new(),
                    };
                    painter.text(rect.center(), egui::Align2::CENTER_CENTER, msg, egui::FontId::proportional(13.0), ui.visuals().error_fg_color);
                }
            };
            if self.mode == Mode::Swipe {
                let x = rect.left() + rect.width() * self.swipe;
                draw(0, Rect::from_min_max(rect.min, Pos2::new(x, rect.bottom())));
                draw(1, Rect::from_min_max(Pos2::new(x, rect.top()), rect.max));
                painter.vline(x, rect.y_range(), Stroke::new(2.0, ui.visuals().selection.stroke.color));
            } else {
                draw(*which, rect);
            }
            // Page rects (stored in level 0's texels), each side's on its pane, B's on the others.
            if self.show_rects {
                let side = if self.mode != Mode::Swipe && *which == 0 { 0 } else { 1 };
                let scale = zoom * iw as f32 / self.level0_width[side].max(1) as f32;
                for &(x, y, rw, rh) in &self.pair.rects[side] {
                    let r = Rect::from_min_size(img.min + Vec2::new(x as f32, y as f32) * scale, Vec2::new(rw as f32, rh as f32) * scale);
                    painter.rect_stroke(r, 0.0, Stroke::new(1.0, Color32::from_rgb(80, 200, 255)), egui::StrokeKind::Inside);
                }
            }
            if let Some((x0, y0, x1, y1)) = self.pair.diff.and_then(|d| d.bbox) {
                let to = |x: u32, y: u32| img.min + Vec2::new(x as f32, y as f32) * zoom;
                let b = Rect::from_min_max(to(x0, y0), to(x1 + 1, y1 + 1)).expand(1.0);
                painter.rect_stroke(b, 0.0, Stroke::new(1.5, Color32::from_rgb(255, 64, 160)), egui::StrokeKind::Outside);
            }
        }
    }
}

impl CompareBody for TextureDiff {
    fn name(&self) -> &'static str {
        "texture"
    }

    fn placement(&self) -> Placement {
        Placement::Alone
    }

    fn show(&mut self, ui: &mut Ui, _readings: &Readings, _gpu: Option<&eframe::egui_wgpu::RenderState>, figures: &mut dyn FnMut(&mut Ui)) {
        TextureDiff::show(self, ui, |ui| figures(ui));
    }
}
