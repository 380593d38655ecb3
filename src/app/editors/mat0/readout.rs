//! What the material is at the playhead, from `formats::mat0::eval` only: per block the key,
//! phase, next phase, alpha and the time within the block (reflected for a ping-pong's return,
//! held after a one-shot), and the evaluated runtime phase; and a plot of each interpolated
//! float over one cycle.

use crate::formats::mat0::eval::{select_by_time, state_at_time, state_from_selection};
use crate::formats::mat0::rng::MsvcRand;
use crate::formats::mat0::runtime::interpolated_set;
use crate::formats::mat0::{AnimMode, Mat0, MaterialState};
use crate::formats::readings::Readings;
use egui::{Color32, Pos2, Sense, Stroke, Ui, pos2, vec2};

/// How the block's own time relates to the playhead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Forward,
    /// A ping-pong's backward pass.
    Reflected,
    /// A one-shot past its end: the last key held.
    Held,
}

/// One block at the playhead.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockReadout {
    /// `None` for a material without blocks (phase 0 throughout).
    pub block: Option<usize>,
    pub key: Option<usize>,
    pub alpha: f32,
    /// The time within the cycle the selection stands for: the key's start plus `alpha` of
    /// its interval.
    pub local: f64,
    pub pass: Phase,
    pub state: Result<MaterialState, String>,
}

/// Every block of `mat` at game time `time` (start time 0), random draws from `seed`.
pub fn evaluate(mat: &Mat0, time: u32, seed: u32, readings: &Readings) -> Vec<BlockReadout> {
    if mat.anim.is_empty() {
        let state = state_at_time(mat, 0, time, 0, &mut MsvcRand::new(seed), readings).map_err(|e| e.to_string());
        return vec![BlockReadout { block: None, key: None, alpha: 0.0, local: 0.0, pass: Phase::Forward, state }];
    }
    mat.anim
        .iter()
        .enumerate()
        .map(|(b, block)| {
            let sel = select_by_time(block, time, 0, &mut MsvcRand::new(seed));
            let (key, alpha) = (sel.key, sel.alpha);
            let local = key.and_then(|k| block.interval(k)).map_or(0.0, |(s, e)| f64::from(s) + f64::from(alpha) * (f64::from(e) - f64::from(s)));
            let cycle = block.cycle_len();
            let pass = match block.mode() {
                AnimMode::PingPong if cycle > 0 && (time / cycle) & 1 == 1 => Phase::Reflected,
                AnimMode::OneShot if time >= cycle => Phase::Held,
                _ => Phase::Forward,
            };
            let state = state_from_selection(mat, b, sel, readings).map_err(|e| e.to_string());
            BlockReadout { block: Some(b), key, alpha, local, pass, state }
        })
        .collect()
}

/// Samples of each interpolated float of block `b` over one cycle: `(float index, values)`.
pub fn channel_samples(mat: &Mat0, b: usize, seed: u32, readings: &Readings, n: usize) -> Vec<(usize, Vec<f32>)> {
    let Some(block) = mat.anim.get(b) else { return Vec::new() };
    let set = interpolated_set(block.interp_mask(), readings.interp_mask);
    let cycle = block.cycle_len();
    let states: Vec<Option<MaterialState>> = (0..n)
        .map(|i| {
            let t = (u64::from(cycle) * i as u64 / n.max(1) as u64) as u32;
            state_at_time(mat, b, t, 0, &mut MsvcRand::new(seed), readings).ok()
        })
        .collect();
    (0..16).filter(|f| set & (1 << f) != 0).map(|f| (f, states.iter().map(|s| s.as_ref().map_or(0.0, |s| s.values[f])).collect())).collect()
}

/// Which runtime float offset / 4 a name stands for (diffuse first, as the engine holds them).
pub fn float_name(f: usize) -> String {
    let group = ["diffuse", "ambient", "specular", "emissive"].get(f / 4).copied().unwrap_or("?");
    format!("{group}.{}", ["r", "g", "b", "a"][f % 4])
}

fn channel_colour(f: usize) -> Color32 {
    [Color32::from_rgb(230, 70, 70), Color32::from_rgb(70, 200, 90), Color32::from_rgb(80, 130, 255), Color32::from_gray(200)][f % 4]
}

/// The cycle plot of one block: each sampled float over one cycle (0..1 high) and the playhead.
/// The samples are made for a block and a seed (the editor drops the plot when the bytes
/// change), their lines when the plot moves on screen; per frame only the playhead is new.
pub struct CyclePlot {
    block: usize,
    seed: u32,
    samples: Vec<(usize, Vec<f32>)>,
    lines: Option<(egui::Rect, Vec<egui::Shape>)>,
    names: String,
}

impl CyclePlot {
    pub fn new(mat: &Mat0, block: usize, seed: u32, readings: &Readings) -> CyclePlot {
        let samples = channel_samples(mat, block, seed, readings, 96);
        let names = samples.iter().map(|(f, _)| float_name(*f)).collect::<Vec<_>>().join(", ");
        CyclePlot { block, seed, samples, lines: None, names }
    }

    pub fn is_for(&self, block: usize, seed: u32) -> bool {
        (self.block, self.seed) == (block, seed)
    }

    /// Draws the plot with the playhead at `at` (the fraction of the cycle).
    pub fn show(&mut self, ui: &mut Ui, at: f32) {
        let (rect, resp) = ui.allocate_exact_size(vec2(ui.available_width().clamp(120.0, 320.0), 80.0), Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
        if self.lines.as_ref().is_none_or(|(r, _)| *r != rect) {
            let lines = self
                .samples
                .iter()
                .map(|(f, values)| {
                    let n = values.len().max(2) - 1;
                    let points: Vec<Pos2> = values
                        .iter()
                        .enumerate()
                        .map(|(i, v)| pos2(rect.left() + rect.width() * i as f32 / n as f32, rect.bottom() - 2.0 - (rect.height() - 4.0) * v.clamp(0.0, 1.0)))
                        .collect();
                    egui::Shape::line(points, Stroke::new(1.5, channel_colour(*f)))
                })
                .collect();
            self.lines = Some((rect, lines));
        }
        if let Some((_, lines)) = &self.lines {
            painter.extend(lines.iter().cloned());
        }
        let x = rect.left() + rect.width() * at.clamp(0.0, 1.0);
        painter.line_segment([pos2(x, rect.top()), pos2(x, rect.bottom())], Stroke::new(1.5, Color32::from_rgb(255, 90, 60)));
        if self.samples.is_empty() {
            painter.text(rect.center(), egui::Align2::CENTER_CENTER, crate::tr!("mat-no-interpolated"), egui::FontId::proportional(11.0), ui.visuals().weak_text_color());
        }
        resp.on_hover_text(self.names.as_str());
    }
}
