//! The MAT0 material editor: the header (attr1's bits, the payload version, the meta fields),
//! the phases, the animation blocks and their keys, a timeline with one track per block, the
//! readout at the playhead and a preview. Everything shown is read from the item's bytes each
//! time they change; every change goes out as one [`ItemEdit`] of new bytes (and attrs when
//! the version or the flags change), so undo, save and the other views follow.

pub mod compare;
pub mod edits;
pub mod editor;
pub mod outside;
mod panels;
pub mod readout;

pub use editor::{ID, Mat0Editor};
/// The preview is a shared widget (the compare view draws materials with it too).
pub use crate::app::widgets::material_preview as preview;

use crate::app::seam::EditorCx;
use crate::app::intent::{Intent, ItemEdit};
use crate::app::widgets::timeline::{Axis, Bar, Timeline, TimelineEvent, Track};
use crate::app::words::severity;
use crate::doc::items;
use crate::formats::bytes::SharedBytes;
use crate::formats::mat0::phase::ColorGroup;
use crate::formats::mat0::{Mat0, SHIPPED_VERSION, check};
use crate::formats::{Diagnostic, Severity};
use preview::{MaterialPreview, PreviewInput};
use readout::BlockReadout;
use crate::app::widgets::named_texture::{self as textures, TextureCache};

/// The parsed material, made again when the bytes or the attrs change.
struct Parsed {
    bytes: SharedBytes,
    attrs: [u32; 3],
    mat: Result<Mat0, String>,
    diagnostics: Vec<Diagnostic>,
}

/// The editor's state for one tab.
pub struct Mat0View {
    pub timeline: Timeline,
    /// The block the key table, the plot and the Delete key act on.
    pub block: usize,
    /// The selected key of [`Mat0View::block`].
    pub key: Option<usize>,
    pub phase: usize,
    /// A byte offset to show (a search hit, a finding): the phase, block or key holding it is
    /// selected once the material is read.
    pub reveal: Option<u64>,
    /// The `rand()` state the random mode draws from (the C runtime's first is 1).
    pub seed: u32,
    /// Draws the material; the flat swatch unless a renderer replaced it.
    pub preview: Box<dyn MaterialPreview>,
    /// The readout at the playhead as drawn last frame.
    pub readout: Vec<BlockReadout>,
    /// Where the timeline's tracks were drawn last frame.
    pub timeline_rect: Option<egui::Rect>,
    /// The last refusal or note of an edit (shown under the toolbar).
    pub notice: Option<String>,
    /// The text an external program edits (Edit in External Program), while the tab is open.
    pub outside: Option<crate::app::external::Watch>,
    parsed: Option<Parsed>,
    textures: TextureCache,
    /// The texture name being typed for a phase (phase, text, the name it started from),
    /// committed on Enter or by picking a completion.
    tex_text: Option<(usize, String, String)>,
    /// A merged edit (a colour drag) is open: it ends when the pointer is released.
    drag_open: bool,
    /// A key picked on the timeline, for the key table to scroll to once.
    scroll_to_key: Option<usize>,
    /// The selected block's cycle plot, for the parsed bytes.
    plot: Option<readout::CyclePlot>,
    /// The timeline's tracks for the parsed bytes and the selected (block, key): rebuilt when
    /// either changes, not with every frame of playback.
    track_cache: Option<(TrackSelection, Vec<Track>)>,
}

/// What the timeline's tracks were built for: the parsed bytes' generation and the selected
/// (block, key).
type TrackSelection = (usize, Option<usize>);

impl Default for Mat0View {
    fn default() -> Self {
        Mat0View {
            timeline: Timeline::default(),
            block: 0,
            key: None,
            phase: 0,
            reveal: None,
            seed: 1,
            preview: Box::new(preview::shape::ShapePreview::default()),
            readout: Vec::new(),
            timeline_rect: None,
            notice: None,
            outside: None,
            parsed: None,
            textures: TextureCache::default(),
            tex_text: None,
            drag_open: false,
            scroll_to_key: None,
            plot: None,
            track_cache: None,
        }
    }
}

fn identity(b: &SharedBytes) -> (*const u8, usize) {
    (b.as_ptr(), b.len())
}

/// The tab's item attrs (a loose file has none: the shipped version is assumed).
pub fn attrs_of(cx: &EditorCx) -> [u32; 3] {
    items::meta_of(cx.ws, cx.path).map_or([0, SHIPPED_VERSION, 0], |m| m.attrs)
}

/// The material's axis: twice the longest cycle (at least a second), so a ping-pong's return
/// and a one-shot's hold are on it; past each block's own cycle its keys are drawn again as
/// playback repeats them ([`echoes`]).
pub fn axis(mat: &Mat0) -> Axis {
    let longest = mat.anim.iter().map(|b| b.cycle_len()).max().unwrap_or(0);
    Axis { length: f64::from(longest * 2).max(1000.0), max_end: f64::from(u16::MAX), step: 10.0, per_second: 1000.0, unit: crate::app::widgets::timeline::TimeUnit::Ms, counted: false }
}

/// What the timeline spans and draws, said under it.
pub fn axis_note(mat: &Mat0) -> String {
    let longest = mat.anim.iter().map(|b| b.cycle_len()).max().unwrap_or(0);
    crate::tr!("mat-axis-note", longest = longest.to_string())
}

/// Block `block`'s bars as playback repeats them after its first cycle, up to `length`.
pub fn echoes(block: &crate::formats::mat0::AnimBlock, bars: &[Bar], length: f64) -> Vec<Bar> {
    use crate::formats::mat0::AnimMode;
    let cycle = f64::from(block.cycle_len());
    let mut out = Vec::new();
    if cycle <= 0.0 || bars.is_empty() {
        return out;
    }
    let faded = |b: &Bar, start: f64, end: f64| Bar { start, end: end.min(length), label: b.label.clone(), color: b.color, flagged: false, selected: false };
    match block.mode() {
        AnimMode::Random => {}
        AnimMode::OneShot => {
            let last = &bars[bars.len() - 1];
            out.push(Bar { label: crate::tr!("mat-held", label = last.label.as_str()), ..faded(last, cycle, length) });
        }
        mode => {
            let mut k = 1u32;
            while f64::from(k) * cycle < length && out.len() < 4096 {
                let offset = f64::from(k) * cycle;
                // A ping-pong's odd cycles run the keys backwards.
                let mirrored = mode == AnimMode::PingPong && k % 2 == 1;
                for b in bars {
                    let (s, e) = if mirrored { (cycle - b.end, cycle - b.start) } else { (b.start, b.end) };
                    if offset + s < length {
                        out.push(faded(b, offset + s, offset + e));
                    }
                }
                k += 1;
            }
        }
    }
    out.retain(|b| b.end > b.start);
    out.sort_by(|a, b| a.start.total_cmp(&b.start));
    out
}

impl Mat0View {
    /// Selects what holds byte `offset` of the payload: a phase, or a block (and its key).
    pub fn select_at(&mut self, mat: &Mat0, offset: u64) {
        let o = usize::try_from(offset).unwrap_or(usize::MAX);
        let phases_end = mat.phase_offset(mat.phases.len());
        if o >= mat.phase_offset(0) && o < phases_end {
            self.phase = (o - mat.phase_offset(0)) / crate::formats::mat0::PHASE_LEN;
            return;
        }
        for b in (0..mat.anim.len()).rev() {
            if o >= mat.block_offset(b) {
                self.block = b;
                self.key = (0..mat.anim[b].keys.len()).rev().find(|&k| o >= mat.key_offset(b, k));
                self.scroll_to_key = self.key;
                return;
            }
        }
    }

    /// The material as parsed from the tab's bytes (an error when they do not parse).
    pub fn material(&self) -> Option<&Mat0> {
        self.parsed.as_ref().and_then(|p| p.mat.as_ref().ok())
    }

    fn refresh(&mut self, cx: &EditorCx) {
        let attrs = attrs_of(cx);
        if self.parsed.as_ref().is_some_and(|p| identity(&p.bytes) == identity(cx.bytes) && p.attrs == attrs) {
            return;
        }
        let mat = Mat0::parse(cx.bytes, attrs[1]).map_err(|e| e.to_string());
        let diagnostics = mat.as_ref().map(|m| check::validate(m, attrs)).unwrap_or_default();
        if let Ok(m) = &mat {
            self.phase = self.phase.min(m.phases.len().saturating_sub(1));
            self.block = self.block.min(m.anim.len().saturating_sub(1));
            let keys = m.anim.get(self.block).map_or(0, |b| b.keys.len());
            self.key = self.key.filter(|&k| k < keys);
        }
        self.parsed = Some(Parsed { bytes: cx.bytes.clone(), attrs, mat, diagnostics });
        self.plot = None;
        self.track_cache = None;
    }

    /// The tracks the timeline draws: one per block, a bar per key coloured by its phase's
    /// diffuse colour, flagged when the key names no phase.
    pub fn tracks(&self, mat: &Mat0) -> Vec<Track> {
        mat.anim
            .iter()
            .enumerate()
            .map(|(b, block)| {
                let bars: Vec<Bar> = (0..block.keys.len())
                    .filter_map(|k| {
                        let (start, end) = block.interval(k)?;
                        let k0 = block.keys[k].k0;
                        let phase = mat.phases.get(usize::from(k0));
                        let color = phase.map_or(egui::Color32::DARK_GRAY, |p| {
                            let [r, g, b, _] = p.color_bytes(ColorGroup::Diffuse);
                            egui::Color32::from_rgb(r, g, b)
                        });
                        Some(Bar {
                            start: f64::from(start),
                            end: f64::from(end),
                            label: format!("P{k0}"),
                            color,
                            flagged: phase.is_none(),
                            selected: b == self.block && self.key == Some(k),
                        })
                    })
                    .collect();
                let echoes = echoes(block, &bars, axis(mat).length);
                Track { label: format!("{b}: {}", block.mode().label().split(' ').next().unwrap_or("")), bars, echoes }
            })
            .collect()
    }

    /// What the preview draws: the evaluated state of the selected block at the playhead.
    pub fn preview_state(&self) -> Option<&crate::formats::mat0::MaterialState> {
        self.readout.get(self.block).or(self.readout.first()).and_then(|r| r.state.as_ref().ok())
    }
}

/// The edit of the tab's item to `mat` (and `attrs`), as one undo step named `label`; a
/// `merge` key merges it with the rest of a drag.
pub fn commit(cx: &EditorCx, mat: &Mat0, attrs: Option<[u32; 3]>, label: String, merge: Option<&'static str>) -> Intent {
    match mat.write() {
        Ok(b) => {
            let mut e = ItemEdit::bytes(cx.path, b, format!("{label} ({})", items::address(cx.ws, cx.path)));
            e.attrs = attrs;
            Intent::EditItem(match merge {
                Some(m) => e.dragging(m),
                None => e,
            })
        }
        Err(e) => Intent::Log(Severity::Error, format!("{label}: {e}")),
    }
}

/// The whole editor inside a tab.
pub fn show(ui: &mut egui::Ui, cx: &EditorCx, view: &mut Mat0View, out: &mut Vec<Intent>) {
    view.refresh(cx);
    let Some(parsed) = view.parsed.as_ref() else { return };
    let mat = match &parsed.mat {
        Ok(m) => m.clone(),
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, crate::tr!("mat-no-parse", error = e.to_string()));
            ui.weak(crate::tr!("mat-no-parse-hint"));
            return;
        }
    };
    let diagnostics = parsed.diagnostics.clone();
    let attrs = parsed.attrs;
    if let Some(o) = view.reveal.take() {
        view.select_at(&mat, o);
    }

    let axis = axis(&mat);
    let dt = ui.input(|i| i.stable_dt).min(0.1);
    view.timeline.tick(f64::from(dt), &axis);
    if view.timeline.playing {
        ui.ctx().request_repaint();
    }
    view.readout = readout::evaluate(&mat, view.timeline.time as u32, view.seed, &cx.ws.readings);

    ui.horizontal(|ui| {
        ui.strong(items::address(cx.ws, cx.path));
        let cycle = mat.anim.iter().map(|b| b.cycle_len()).max().unwrap_or(0);
        ui.weak(crate::tr!("mat-summary", phases = mat.phases.len(), blocks = mat.anim.len(), cycle = cycle.to_string(), version = attrs[1].to_string()));
    });
    for d in &diagnostics {
        let c = if d.severity == Severity::Error { ui.visuals().error_fg_color } else { ui.visuals().warn_fg_color };
        ui.colored_label(c, format!("{}: {}", severity(d.severity), crate::app::i18n::messages::diagnostic(d)));
    }
    if let Some(n) = &view.notice {
        ui.colored_label(ui.visuals().warn_fg_color, n);
    }
    if let Some(w) = &view.outside
        && crate::app::external::status(ui, w, &crate::tr!("external-what-material"))
    {
        view.outside = None;
    }

    let mut events = Vec::new();
    view.timeline.controls(ui, &axis, &mut events);
    let selection = (view.block, view.key);
    if view.track_cache.as_ref().is_none_or(|(s, _)| *s != selection) {
        view.track_cache = Some((selection, view.tracks(&mat)));
    }
    let tracks = view.track_cache.as_ref().map_or(&[][..], |(_, t)| t.as_slice());
    if tracks.is_empty() {
        ui.weak(crate::tr!("mat-no-blocks"));
    } else {
        view.timeline_rect = Some(view.timeline.tracks(ui, &axis, tracks, &mut events));
        ui.weak(axis_note(&mat));
    }
    for ev in events {
        match ev {
            TimelineEvent::Edge { track, bar, value, done: true } => {
                let mut m = mat.clone();
                if let Some(k) = m.anim.get_mut(track).and_then(|b| b.keys.get_mut(bar)) {
                    k.k1 = value.clamp(0.0, f64::from(u16::MAX)) as u16;
                    out.push(commit(cx, &m, None, crate::tr!("mat-undo-move-end", key = bar.to_string(), block = track.to_string()), None));
                }
            }
            TimelineEvent::BarClicked { track, bar } => {
                view.block = track;
                view.key = Some(bar);
                view.scroll_to_key = Some(bar);
                if let Some(k) = mat.anim.get(track).and_then(|b| b.keys.get(bar)) {
                    view.phase = usize::from(k.k0).min(mat.phases.len().saturating_sub(1));
                }
            }
            TimelineEvent::Scrubbed(_) | TimelineEvent::Edge { .. } => {}
        }
    }
    ui.separator();

    // Side by side when the tab is wide enough, else one column with the preview first (the
    // editing sections are wider than half a narrow tab).
    if ui.available_width() >= 1000.0 {
        ui.columns(2, |cols| {
            egui::ScrollArea::both().id_salt("mat0-left").auto_shrink([false, false]).show(&mut cols[0], |ui| {
                panels::header(ui, cx, view, &mat, attrs, out);
                panels::phases(ui, cx, view, &mat, out);
                panels::blocks(ui, cx, view, &mat, out);
            });
            egui::ScrollArea::both().id_salt("mat0-right").auto_shrink([false, false]).show(&mut cols[1], |ui| {
                preview_section(ui, cx, view, &mat, attrs);
                panels::readout(ui, cx, view, &mat);
            });
        });
    } else {
        egui::ScrollArea::both().id_salt("mat0-one").auto_shrink([false, false]).show(ui, |ui| {
            preview_section(ui, cx, view, &mat, attrs);
            panels::readout(ui, cx, view, &mat);
            ui.separator();
            panels::header(ui, cx, view, &mat, attrs, out);
            panels::phases(ui, cx, view, &mat, out);
            panels::blocks(ui, cx, view, &mat, out);
        });
    }

    if view.drag_open && !ui.input(|i| i.pointer.any_down()) {
        view.drag_open = false;
        out.push(Intent::EndDrag);
    }
}

fn preview_section(ui: &mut egui::Ui, cx: &EditorCx, view: &mut Mat0View, mat: &Mat0, attrs: [u32; 3]) {
    ui.heading(crate::tr!("mat-preview"));
    let Some(state) = view.preview_state().cloned() else {
        ui.weak(crate::tr!("mat-nothing-to-evaluate"));
        return;
    };
    let phase = mat.phases.get(state.phase);
    let look = match phase.filter(|p| p.has_texture()) {
        Some(p) => Some(view.textures.get(ui.ctx(), cx.ws, cx.path, p.texture_bytes())),
        None => None,
    };
    let uv = look.map_or(egui::Rect::from_min_max(egui::Pos2::ZERO, egui::pos2(1.0, 1.0)), |l| textures::cell_uv(l, phase.map_or(0xFF, |p| p.cell())));
    let resolved = look.and_then(|l| l.resolved.clone());
    let input = PreviewInput { state: &state, flags: crate::formats::mat0::flags::Mat0Flags(attrs[0]), texture: look, uv, resolved, gpu: cx.gpu };
    view.preview.show(ui, &input);
}
