//! Both sides of a material playing in step: one timeline (the shared widget) over the longer
//! of the two cycles, each side's keys as a track, and at the playhead each side's evaluated
//! colours (`formats::mat0::eval`, as the material editor and `render` evaluate them), phase
//! and texture. A swatch preview, not the 3D sphere.

use crate::app::widgets::timeline::{Axis, Bar, Timeline, Track};
use crate::doc::diff::Side;
use crate::formats::mat0::eval::{MaterialState, state_at_time};
use crate::formats::mat0::rng::MsvcRand;
use crate::formats::mat0::Mat0;
use crate::formats::mat0::phase::ColorGroup;
use crate::formats::mat0::runtime::VALUE_OF_PARAM;
use crate::formats::readings::Readings;
use egui::{Color32, RichText, Sense, Ui, Vec2};

pub struct MaterialPlay {
    /// A's and B's material (`None` where a side is missing or does not parse).
    mats: [Option<Mat0>; 2],
    pub timeline: Timeline,
    length: f64,
}

fn bars(m: &Mat0) -> Vec<Bar> {
    let Some(b) = m.anim.first() else { return Vec::new() };
    (0..b.keys.len())
        .filter_map(|i| {
            let (s, e) = b.interval(i)?;
            let k0 = b.keys[i].k0;
            let shade = 90 + (u32::from(k0) * 53 % 120) as u8;
            Some(Bar { start: f64::from(s), end: f64::from(e.max(s)), label: format!("phase {k0}"), color: Color32::from_rgb(shade / 2, shade, shade), flagged: false, selected: false })
        })
        .collect()
}

/// The state at `ms`, or why there is none.
fn state(m: &Mat0, ms: f64, readings: &Readings) -> Result<MaterialState, String> {
    let mut rng = MsvcRand::new(1);
    state_at_time(m, 0, ms.max(0.0) as u32, 0, &mut rng, readings).map_err(|e| e.to_string())
}

impl MaterialPlay {
    /// `None` when neither side reads as a material.
    pub fn new(a: Option<&Side>, b: Option<&Side>) -> Option<MaterialPlay> {
        let parse = |s: Option<&Side>| s.and_then(|s| Mat0::parse(&s.bytes, s.attrs[1]).ok());
        let mats = [parse(a), parse(b)];
        if mats.iter().all(Option::is_none) {
            return None;
        }
        let length = mats.iter().flatten().filter_map(|m| m.anim.first()).map(|b| f64::from(b.cycle_len())).fold(0.0, f64::max);
        Some(MaterialPlay { mats, timeline: Timeline::default(), length })
    }

    pub fn show(&mut self, ui: &mut Ui, readings: &Readings) {
        let axis = Axis { length: self.length.max(1.0), max_end: self.length.max(1.0), step: 10.0, per_second: 1000.0, unit: "ms", counted: false };
        let mut events = Vec::new();
        self.timeline.tick(f64::from(ui.input(|i| i.stable_dt)), &axis);
        if self.timeline.playing {
            ui.ctx().request_repaint();
        }
        self.timeline.controls(ui, &axis, &mut events);
        let tracks: Vec<Track> = self
            .mats
            .iter()
            .zip(["A", "B"])
            .map(|(m, tag)| Track { label: tag.into(), bars: m.as_ref().map(bars).unwrap_or_default(), echoes: Vec::new() })
            .collect();
        self.timeline.tracks(ui, &axis, &tracks, &mut events);
        let t = self.timeline.time;
        for (m, tag) in self.mats.iter().zip(["A (before)", "B (after)"]) {
            ui.horizontal(|ui| {
                ui.label(RichText::new(tag).strong());
                let Some(m) = m else {
                    ui.weak("not on this side, or not a material");
                    return;
                };
                match state(m, t, readings) {
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                    Ok(s) => {
                        for g in ColorGroup::ALL {
                            // The group's stored bytes, through the engine's order of the floats.
                            let v = |i: usize| s.values[VALUE_OF_PARAM[g.first_param() + i]];
                            let c = |i: usize| (v(i).clamp(0.0, 1.0) * 255.0) as u8;
                            let (rect, resp) = ui.allocate_exact_size(Vec2::new(28.0, 18.0), Sense::hover());
                            ui.painter().rect_filled(rect, 3.0, Color32::from_rgb(c(0), c(1), c(2)));
                            resp.on_hover_text(format!("{} {:.3} {:.3} {:.3}", g.label(), v(0), v(1), v(2)));
                        }
                        ui.label(format!("phase {} -> {} at {:.0}%", s.phase, s.next_phase, s.alpha * 100.0));
                        ui.weak(s.texture.clone().unwrap_or_else(|| "no texture".into()));
                    }
                }
            });
        }
    }
}
