//! Both sides of a material playing in step: one timeline (the shared widget) over the longer
//! of the two cycles, each side's keys as a track, and at the one playhead each side's
//! evaluated state (`formats::mat0::eval`, as the material editor and `render` evaluate it)
//! drawn by the material editor's own live preview (`widgets::material_preview`: the lit
//! shape from the 3D renderer, or the flat swatch without a device), textured with the
//! phase's texture and cell as that side finds it (`assets`: the editor's side through the
//! workspace, a side on disk from its own folder). The two previews share their shape and
//! their turn: a drag on either turns both.

use crate::app::seam::compare::{Assets, CompareBody, Placement};
use crate::app::widgets::material_preview::shape::ShapePreview;
use crate::app::widgets::material_preview::{MaterialPreview, PreviewInput};
use crate::app::widgets::named_texture::{TexLook, cell_uv, look_up_in};
use crate::app::widgets::timeline::{Axis, Bar, Timeline, Track};
use crate::doc::diff::Side;
use crate::formats::mat0::Mat0;
use crate::formats::mat0::eval::{MaterialState, state_at_time};
use crate::formats::mat0::flags::Mat0Flags;
use crate::formats::mat0::rng::MsvcRand;
use crate::formats::readings::Readings;
use crate::render::shapes::Shape;
use eframe::egui_wgpu::RenderState;
use egui::{Color32, RichText, Ui};
use std::collections::HashMap;

/// One side: its material, what it finds beside it, its textures by name, its preview.
struct SidePlay {
    mat: Option<Mat0>,
    flags: Mat0Flags,
    assets: Assets,
    looks: HashMap<Vec<u8>, TexLook>,
    preview: ShapePreview,
    /// The state drawn last frame (tests and the caption read it).
    state: Option<Result<MaterialState, String>>,
}

pub struct MaterialPlay {
    sides: [SidePlay; 2],
    pub timeline: Timeline,
    length: f64,
    /// The previews' shared shape, flat switch and turn.
    look: (Shape, bool, f32, f32),
}

fn bars(m: &Mat0) -> Vec<Bar> {
    let Some(b) = m.anim.first() else { return Vec::new() };
    (0..b.keys.len())
        .filter_map(|i| {
            let (s, e) = b.interval(i)?;
            let k0 = b.keys[i].k0;
            let shade = 90 + (u32::from(k0) * 53 % 120) as u8;
            Some(Bar { start: f64::from(s), end: f64::from(e.max(s)), label: crate::tr!("mat-phase-n", n = k0.to_string()), color: Color32::from_rgb(shade / 2, shade, shade), flagged: false, selected: false })
        })
        .collect()
}

/// The state at `ms`, or why there is none.
fn state(m: &Mat0, ms: f64, readings: &Readings) -> Result<MaterialState, String> {
    let mut rng = MsvcRand::new(1);
    state_at_time(m, 0, ms.max(0.0) as u32, 0, &mut rng, readings).map_err(|e| e.to_string())
}

/// An origin (`/games/x/Textures.lib::GRASS.0`) by its file's name and entry: the full path
/// is in the tooltip.
fn short_origin(o: &str) -> &str {
    let file = o.split("::").next().unwrap_or(o);
    let cut = file.rfind(['/', '\\']).map_or(0, |i| i + 1);
    &o[cut..]
}

impl MaterialPlay {
    /// `None` when neither side reads as a material. `assets` are A's and B's
    /// (`app::compare::assets::side_assets`).
    pub fn new(a: Option<&Side>, b: Option<&Side>, assets: [Assets; 2]) -> Option<MaterialPlay> {
        let parse = |s: Option<&Side>| s.and_then(|s| Mat0::parse(&s.bytes, s.attrs[1]).ok());
        let flags = |s: Option<&Side>| Mat0Flags(s.map_or(0, |s| s.attrs[0]));
        let mats = [parse(a), parse(b)];
        if mats.iter().all(Option::is_none) {
            return None;
        }
        let length = mats.iter().flatten().filter_map(|m| m.anim.first()).map(|b| f64::from(b.cycle_len())).fold(0.0, f64::max);
        let [ma, mb] = mats;
        let [xa, xb] = assets;
        let side = |mat, flags, assets| SidePlay { mat, flags, assets, looks: HashMap::new(), preview: ShapePreview::default(), state: None };
        let shape = ShapePreview::default();
        Some(MaterialPlay {
            sides: [side(ma, flags(a), xa), side(mb, flags(b), xb)],
            timeline: Timeline::default(),
            length,
            look: (shape.shape, shape.flat, shape.yaw, shape.pitch),
        })
    }

    /// Where side `k`'s preview drew its image last frame (`None`: the flat swatch, or no
    /// material on that side).
    pub fn image_rect(&self, k: usize) -> Option<egui::Rect> {
        self.sides.get(k).and_then(|s| s.preview.image_rect())
    }

    /// Side `k`'s state at the playhead as drawn last frame.
    pub fn state(&self, k: usize) -> Option<&MaterialState> {
        self.sides.get(k).and_then(|s| s.state.as_ref()).and_then(|s| s.as_ref().ok())
    }

    /// Where side `k`'s current texture was found (`None`: no texture, or not found).
    pub fn texture_origin(&self, k: usize) -> Option<&str> {
        let s = self.sides.get(k)?;
        let state = s.state.as_ref()?.as_ref().ok()?;
        let p = s.mat.as_ref()?.phases.get(state.phase)?;
        s.looks.get(p.texture_bytes()).and_then(|l| l.origin.as_deref())
    }

    pub fn show(&mut self, ui: &mut Ui, readings: &Readings, gpu: Option<&RenderState>) {
        let axis = Axis { length: self.length.max(1.0), max_end: self.length.max(1.0), step: 10.0, per_second: 1000.0, unit: crate::app::widgets::timeline::TimeUnit::Ms, counted: false };
        let mut events = Vec::new();
        self.timeline.tick(f64::from(ui.input(|i| i.stable_dt).min(0.1)), &axis);
        if self.timeline.playing {
            ui.ctx().request_repaint();
        }
        self.timeline.controls(ui, &axis, &mut events);
        let tracks: Vec<Track> = self
            .sides
            .iter()
            .zip(["A", "B"])
            .map(|(s, tag)| Track { label: tag.into(), bars: s.mat.as_ref().map(bars).unwrap_or_default(), echoes: Vec::new() })
            .collect();
        self.timeline.tracks(ui, &axis, &tracks, &mut events);
        let t = self.timeline.time;
        let look = self.look;
        let mut moved = None;
        ui.columns(2, |cols| {
            for (k, (ui, tag)) in cols.iter_mut().zip([crate::tr!("compare-a"), crate::tr!("compare-b")]).enumerate() {
                ui.push_id(("compare-material-side", k), |ui| {
                    let side = &mut self.sides[k];
                    ui.label(RichText::new(tag).strong());
                    let Some(m) = side.mat.as_ref() else {
                        side.state = None;
                        ui.weak(crate::tr!("mat-not-on-side"));
                        return;
                    };
                    side.state = Some(state(m, t, readings));
                    let s = match side.state.as_ref() {
                        Some(Ok(s)) => s,
                        Some(Err(e)) => {
                            ui.colored_label(ui.visuals().error_fg_color, e);
                            return;
                        }
                        None => return,
                    };
                    ui.label(crate::tr!("mat-phase-blend", from = s.phase.to_string(), to = s.next_phase.to_string(), percent = format!("{:.0}", s.alpha * 100.0)));
                    let phase = m.phases.get(s.phase);
                    let texture = match phase.filter(|p| p.has_texture()) {
                        Some(p) => {
                            let name = p.texture_bytes().to_vec();
                            let (ctx, assets) = (ui.ctx().clone(), &side.assets);
                            Some(&*side.looks.entry(name.clone()).or_insert_with(|| look_up_in(&ctx, assets.as_ref(), &name, readings)))
                        }
                        None => None,
                    };
                    let uv = texture.map_or(egui::Rect::from_min_max(egui::Pos2::ZERO, egui::pos2(1.0, 1.0)), |l| cell_uv(l, phase.map_or(0xFF, |p| p.cell())));
                    match texture {
                        Some(l) => match (&l.origin, &l.problem) {
                            (Some(o), _) => ui.weak(crate::tr!("mat-texture-from", texture = s.texture.clone().unwrap_or_default(), origin = short_origin(o))).on_hover_text(o),
                            (None, Some(p)) => ui.colored_label(ui.visuals().warn_fg_color, p),
                            (None, None) => ui.weak(crate::tr!("mat-no-texture")),
                        },
                        None => ui.weak(crate::tr!("mat-no-texture")),
                    };
                    let input = PreviewInput { state: s, flags: side.flags, texture, uv, resolved: texture.and_then(|l| l.resolved.clone()), gpu };
                    let p = &mut side.preview;
                    (p.shape, p.flat, p.yaw, p.pitch) = look;
                    p.show(ui, &input);
                    let now = (p.shape, p.flat, p.yaw, p.pitch);
                    if now != look {
                        moved = Some(now);
                    }
                });
            }
        });
        if let Some(now) = moved {
            self.look = now;
            ui.ctx().request_repaint();
        }
    }
}

impl CompareBody for MaterialPlay {
    fn name(&self) -> &'static str {
        "material"
    }

    fn placement(&self) -> Placement {
        Placement::InFields
    }

    fn show(&mut self, ui: &mut Ui, readings: &Readings, gpu: Option<&RenderState>, _figures: &mut dyn FnMut(&mut Ui)) {
        MaterialPlay::show(self, ui, readings, gpu);
    }
}
