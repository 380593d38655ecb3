//! The sound editor (docs/formats/wav.md): the waveform as a min/max envelope (zoom to the
//! sample with Ctrl+wheel, pan with the wheel, a time ruler), a selection (drag), play / stop /
//! loop from the cursor or the selection (Space, L) with a playhead that follows the clock, the
//! format fields, and replace by dropping a WAV, FLAC, Ogg Vorbis or MP3 on it: converted to the
//! entry's own kind (`formats::wav::convert`), one undo step.
//!
//! Decoding and the envelope pyramid (`formats::wav::envelope`) run on the view's worker once per edit.
//! Audio goes to the system's default device ([`output`], opened at the first play); with none
//! the editor says "no audio device" once, the playhead follows the clock, and everything else
//! works.

pub mod output;

use crate::app::intent::{Intent, ItemEdit};
use crate::app::seam::{Claim, CommandSpec, EditorCx, EditorId, EditorMsg, EditorState, Host, ItemEditor, MenuGroup, command_lookup, command_table, downcast_mut};
use crate::app::worker::Worker;
use crate::doc::{ItemPath, items};
use crate::formats::bytes::SharedBytes;
use crate::formats::wav::convert::{Target, replace};
use crate::formats::wav::{self, Sound, Wav};
use egui::{Color32, Key, KeyboardShortcut, Modifiers, Pos2, Rect, Sense, Stroke, Ui, vec2};
use crate::formats::wav::envelope::Pyramid;
use output::Output;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub const ID: EditorId = "sound";

/// What the worker makes of the bytes.
pub struct Decoded {
    pub info: Result<wav::Info, crate::formats::Error>,
    pub sound: Sound,
    pub pyramid: Pyramid,
}

fn decode(bytes: &[u8]) -> Decoded {
    let w = Wav::parse(bytes);
    let info = w.as_ref().map_err(Clone::clone).and_then(Wav::info);
    let sound = w.ok().and_then(|w| w.decode().ok()).unwrap_or_default();
    let pyramid = Pyramid::build(&sound.samples, sound.channels as usize);
    Decoded { info, sound, pyramid }
}

/// Playback from the clock: frame `from` at time `started`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Playing {
    pub started: f64,
    pub from: usize,
    pub to: usize,
    pub looping: bool,
    /// Playing the sound as it was before the last replace.
    pub before: bool,
}

/// One tab's state.
pub struct SoundView {
    seen: Option<(usize, usize)>,
    worker: Option<Worker<Arc<Decoded>>>,
    pub decoded: Option<Arc<Decoded>>,
    /// The first frame shown and frames per pixel.
    pub start: f64,
    pub zoom: f64,
    fit: bool,
    pub cursor: usize,
    /// A selection in frames, `from < to`.
    pub selection: Option<(usize, usize)>,
    drag_from: Option<usize>,
    pub looping: bool,
    pub playing: Option<Playing>,
    /// Where the playhead is, as of the last frame.
    pub playhead: Option<usize>,
    /// The sound before the last replace by a drop, playable beside the new one until dismissed.
    pub before: Option<Arc<Decoded>>,
    /// Opened at the first play.
    output: Option<Box<dyn Output>>,
    /// Said once: no audio device.
    pub told_no_device: bool,
    pub wave_rect: Option<Rect>,
    pub status: String,
    /// egui's input time at the last draw: the playback clock.
    pub now: f64,
}

impl Default for SoundView {
    fn default() -> Self {
        SoundView {
            seen: None,
            worker: None,
            decoded: None,
            start: 0.0,
            zoom: 1.0,
            fit: true,
            cursor: 0,
            selection: None,
            drag_from: None,
            looping: false,
            playing: None,
            playhead: None,
            before: None,
            output: None,
            told_no_device: false,
            wave_rect: None,
            status: String::new(),
            now: 0.0,
        }
    }
}

impl SoundView {
    pub fn frames(&self) -> usize {
        self.decoded.as_ref().map_or(0, |d| d.sound.frames())
    }

    fn refresh(&mut self, ctx: &egui::Context, bytes: &SharedBytes) {
        let key = (bytes.as_ptr() as usize, bytes.len());
        if self.seen != Some(key) {
            self.seen = Some(key);
            let wake = ctx.clone();
            let w = self.worker.get_or_insert_with(|| Worker::new("sound-envelope", move || wake.request_repaint()));
            let b = bytes.clone();
            w.request(move || Arc::new(decode(&b)));
            self.stop();
        }
        if let Some(d) = self.worker.as_mut().and_then(Worker::poll) {
            let n = d.sound.frames();
            self.decoded = Some(d);
            self.cursor = self.cursor.min(n);
            self.selection = self.selection.filter(|s| s.1 <= n);
        }
    }

    /// Play from the cursor (or the selection) to the end (or the selection's end); or stop.
    pub fn toggle_play(&mut self, now: f64) -> bool {
        if self.playing.is_some() {
            self.stop();
            return false;
        }
        let Some(d) = self.decoded.clone() else { return false };
        let (from, to) = match self.selection {
            Some((a, b)) => (a, b),
            None => (self.cursor.min(d.sound.frames()), d.sound.frames()),
        };
        if to <= from {
            return false;
        }
        let heard = self.output.get_or_insert_with(output::open).play(&d.sound, from, to, self.looping);
        self.playing = Some(Playing { started: now, from, to, looping: self.looping, before: false });
        !heard
    }

    /// Plays the sound as it was before the last replace, whole; false when it will be heard.
    pub fn play_before(&mut self, now: f64) -> bool {
        self.stop();
        let Some(b) = self.before.clone() else { return false };
        let to = b.sound.frames();
        if to == 0 {
            return false;
        }
        let heard = self.output.get_or_insert_with(output::open).play(&b.sound, 0, to, false);
        self.playing = Some(Playing { started: now, from: 0, to, looping: false, before: true });
        !heard
    }

    pub fn stop(&mut self) {
        if let Some(o) = &mut self.output {
            o.stop();
        }
        self.playing = None;
        self.playhead = None;
    }

    fn tick(&mut self, now: f64) {
        let shown = if self.playing.is_some_and(|p| p.before) { &self.before } else { &self.decoded };
        let (Some(p), Some(d)) = (self.playing, shown) else { return };
        let rate = d.sound.rate.max(1) as f64;
        let mut at = p.from + ((now - p.started).max(0.0) * rate) as usize;
        if at >= p.to {
            if p.looping {
                at = p.from + (at - p.from) % (p.to - p.from).max(1);
            } else {
                self.stop();
                return;
            }
        }
        self.playhead = Some(at);
    }
}

pub struct SoundEditor;

#[derive(Debug)]
pub enum SoundMsg {
    Dropped { from: PathBuf, bytes: Vec<u8> },
    NoDevice,
}

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

/// The sound editor's commands, each with its name, label, tooltip, keys and menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    PlayStop,
    Loop,
    Fit,
}

impl Cmd {
    /// Every command, in the order menus and the palette list them.
    pub const ALL: [Cmd; 3] = [Cmd::PlayStop, Cmd::Loop, Cmd::Fit];

    pub const fn spec(self) -> CommandSpec {
        match self {
            Cmd::PlayStop => CommandSpec {
                name: "play-stop",
                label: "cmd-sound-play-stop",
                tooltip: "cmd-sound-play-stop-tip",
                shortcuts: const { &[key(Key::Space)] },
                menu: Some(MenuGroup::View),
                on_selection: false,
            },
            Cmd::Loop => CommandSpec {
                name: "loop",
                label: "cmd-sound-loop",
                tooltip: "cmd-sound-loop-tip",
                shortcuts: const { &[key(Key::L)] },
                menu: Some(MenuGroup::View),
                on_selection: false,
            },
            Cmd::Fit => CommandSpec { name: "fit", label: "cmd-sound-fit", tooltip: "cmd-sound-fit-tip", shortcuts: const { &[key(Key::Num0)] }, menu: None, on_selection: false },
        }
    }

}

command_lookup!(Cmd, ID);

impl ItemEditor for SoundEditor {
    fn id(&self) -> EditorId {
        ID
    }
    fn label(&self) -> &'static str {
        "view-sound"
    }
    fn claims(&self, item: &Claim) -> bool {
        item.kind == Some(crate::doc::kinds::FormatKind::Wav)
    }
    fn create(&self) -> Box<dyn EditorState> {
        Box::new(SoundView::default())
    }
    fn commands(&self) -> &'static [CommandSpec] {
        command_table!(Cmd)
    }

    fn run(&self, cmd: &str, target: &ItemPath, state: Option<&mut dyn EditorState>, host: &mut Host) {
        let (Some(cmd), Some(view)) = (Cmd::named(cmd), state.and_then(downcast_mut::<SoundView>)) else { return };
        match cmd {
            Cmd::PlayStop => {
                // The clock is the one the view reads when it draws: egui's input time.
                let now = view.now;
                if view.toggle_play(now) && !view.told_no_device {
                    view.told_no_device = true;
                    no_device(host);
                }
                let _ = target;
            }
            Cmd::Loop => view.looping = !view.looping,
            Cmd::Fit => view.fit = true,
        }
    }

    fn handle(&self, target: &ItemPath, msg: EditorMsg, state: Option<&mut dyn EditorState>, host: &mut Host) {
        match msg.get::<SoundMsg>() {
            Some(SoundMsg::Dropped { from, bytes }) => {
                let mut view = state.and_then(downcast_mut::<SoundView>);
                if let Some(v) = view.as_deref_mut() {
                    v.stop();
                }
                let name = from.display().to_string();
                let entry = match items::bytes_of(host.ws, target).map_err(|e| e.to_string()).and_then(|b| Wav::parse(&b).map_err(|e| crate::app::i18n::messages::error(&e))) {
                    Ok(w) => w,
                    Err(e) => return host.fail(&crate::tr!("snd-replace-title"), e),
                };
                match wav::import::decode_any(bytes, &name).and_then(|s| replace(&entry, &s, Target::EntryKind)) {
                    Ok(new) => {
                        if let Some(v) = view {
                            v.before = v.decoded.clone();
                        }
                        let label = crate::tr!("snd-undo-replace", from = from.file_name().map_or(name.clone(), |n| n.to_string_lossy().into_owned()));
                        host.out.push(Intent::EditItem(ItemEdit::bytes(target, new, label)));
                    }
                    Err(e) => host.fail(&crate::tr!("snd-replace-title"), format!("{name}: {}", crate::app::i18n::messages::error(&e))),
                }
            }
            Some(SoundMsg::NoDevice) => no_device(host),
            None => {}
        }
    }

    fn take_file(&self, _target: &ItemPath, file: &Path, bytes: &[u8]) -> Option<EditorMsg> {
        Some(EditorMsg::new(SoundMsg::Dropped { from: file.to_path_buf(), bytes: bytes.to_vec() }))
    }
}

fn no_device(host: &mut Host) {
    host.log.warn(crate::tr!("snd-no-device-log"));
}

impl EditorState for SoundView {
    fn show(&mut self, ui: &mut Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        show(ui, cx, self, out);
    }
    fn drop_rect(&self) -> Option<Rect> {
        self.wave_rect
    }
}

fn fmt_time(frames: usize, rate: u32) -> String {
    let s = frames as f64 / rate.max(1) as f64;
    format!("{}:{:06.3}", (s / 60.0) as u64, s % 60.0)
}

fn show(ui: &mut Ui, cx: &EditorCx, view: &mut SoundView, out: &mut Vec<Intent>) {
    view.now = ui.input(|i| i.time);
    view.refresh(ui.ctx(), cx.bytes);
    view.tick(view.now);
    if view.playing.is_some() {
        ui.ctx().request_repaint();
    }
    let Some(d) = view.decoded.clone() else {
        ui.spinner();
        return;
    };
    let info = match &d.info {
        Ok(i) => i.clone(),
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, crate::tr!("snd-cannot-read", error = crate::app::i18n::messages::error(e)));
            return;
        }
    };
    let rate = info.rate;
    ui.horizontal(|ui| {
        let playing = view.playing.is_some();
        if ui.button(if playing { crate::tr!("snd-stop") } else { crate::tr!("snd-play") }).on_hover_text(crate::tr!("snd-space")).clicked() {
            let silent = view.toggle_play(view.now);
            if silent && !view.told_no_device {
                view.told_no_device = true;
                out.push(Intent::Editor { editor: ID, target: cx.path.clone(), msg: EditorMsg::new(SoundMsg::NoDevice) });
            }
        }
        ui.toggle_value(&mut view.looping, crate::tr!("snd-loop")).on_hover_text("L");
        if ui.button(crate::tr!("tex-fit")).clicked() {
            view.fit = true;
        }
        ui.separator();
        if view.told_no_device {
            ui.weak(crate::tr!("snd-no-device"));
            ui.separator();
        }
        // Cut with an ellipsis (whole on hover) in a narrow window.
        ui.add(egui::Label::new(crate::app::i18n::messages::message(&info.summary())).truncate());
    });
    if view.before.is_some() {
        ui.horizontal(|ui| {
            ui.label(crate::tr!("snd-replaced"));
            let playing_before = view.playing.is_some_and(|p| p.before);
            if ui.button(if playing_before { crate::tr!("snd-stop") } else { crate::tr!("snd-play-before") }).on_hover_text(crate::tr!("snd-play-before-tip")).clicked() {
                let silent = if playing_before {
                    view.stop();
                    false
                } else {
                    view.play_before(view.now)
                };
                if silent && !view.told_no_device {
                    view.told_no_device = true;
                    out.push(Intent::Editor { editor: ID, target: cx.path.clone(), msg: EditorMsg::new(SoundMsg::NoDevice) });
                }
            }
            if let Some(b) = view.before.as_ref().and_then(|b| b.info.as_ref().ok()) {
                ui.weak(crate::tr!("snd-before", summary = crate::app::i18n::messages::message(&b.summary())));
            }
            if ui.small_button(crate::tr!("snd-dismiss")).clicked() {
                view.before = None;
                if playing_before {
                    view.stop();
                }
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label(crate::tr!("snd-cursor", time = fmt_time(view.cursor, rate)));
        if let Some((a, b)) = view.selection {
            ui.label(crate::tr!("snd-selection", from = fmt_time(a, rate), to = fmt_time(b, rate), samples = crate::tr!("inspector-samples", count = (b - a).to_string(), n = b - a)));
        }
        if let Some(p) = view.playhead {
            ui.label(crate::tr!("snd-playing", time = fmt_time(p, rate)));
        }
        ui.add(egui::Label::new(egui::RichText::new(crate::tr!("snd-info", codec = info.codec.to_string(), bits = info.bits.to_string(), block = crate::tr!("inspector-block-align-value", bytes = crate::tr!("inspector-bytes", count = info.block_align.to_string(), n = info.block_align), samples = crate::tr!("inspector-samples", count = info.samples_per_block.to_string(), n = info.samples_per_block)), chunks = info.chunks.join(" "))).weak()).truncate());
    });
    ui.separator();
    waveform(ui, view, &d, rate);
}

fn waveform(ui: &mut Ui, view: &mut SoundView, d: &Decoded, rate: u32) {
    let frames = d.sound.frames();
    let size = ui.available_size();
    let (resp, painter) = ui.allocate_painter(vec2(size.x, size.y.max(80.0)), Sense::click_and_drag());
    let rect = resp.rect;
    view.wave_rect = Some(rect);
    let ruler = 18.0;
    let wave = Rect::from_min_max(Pos2::new(rect.left(), rect.top() + ruler), rect.max);
    let width = rect.width().max(1.0) as f64;
    if view.fit {
        view.fit = false;
        view.start = 0.0;
        view.zoom = (frames.max(1) as f64 / width).max(1.0 / 16.0);
    }
    // Ctrl+wheel zooms around the pointer (to 16 pixels a sample); the wheel pans.
    if resp.hovered() {
        let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta));
        if let Some(p) = resp.hover_pos() {
            let at = view.start + (p.x - rect.left()) as f64 * view.zoom;
            if zoom != 1.0 {
                view.zoom = (view.zoom / zoom as f64).clamp(1.0 / 16.0, (frames.max(1) as f64 / width).max(1.0 / 16.0));
                view.start = at - (p.x - rect.left()) as f64 * view.zoom;
            }
        }
        let pan = if scroll.x != 0.0 { scroll.x } else { scroll.y };
        view.start -= pan as f64 * view.zoom;
    }
    view.start = view.start.clamp(0.0, (frames as f64 - width * view.zoom).max(0.0));
    let to_frame = |x: f32| -> usize { (view.start + (x - rect.left()) as f64 * view.zoom).round().clamp(0.0, frames as f64) as usize };
    let to_x = |f: usize| -> f32 { rect.left() + ((f as f64 - view.start) / view.zoom) as f32 };
    // Selection by drag; a click places the cursor.
    if let Some(p) = resp.interact_pointer_pos() {
        let f = to_frame(p.x);
        if resp.drag_started() {
            view.drag_from = Some(f);
        }
        if let Some(a) = view.drag_from.filter(|_| resp.dragged()) {
            view.selection = (a != f).then(|| (a.min(f), a.max(f)));
            view.cursor = a.min(f);
        }
        if resp.clicked() {
            view.cursor = f;
            view.selection = None;
        }
    }
    if resp.drag_stopped() {
        view.drag_from = None;
    }
    let vis = ui.visuals().clone();
    painter.rect_filled(wave, 2.0, vis.extreme_bg_color);
    if let Some((a, b)) = view.selection {
        let r = Rect::from_x_y_ranges(to_x(a).max(wave.left())..=to_x(b).min(wave.right()), wave.y_range());
        painter.rect_filled(r, 0.0, vis.selection.bg_fill.gamma_multiply(0.5));
    }
    // The ruler: ticks at a round step of about 100 pixels.
    let secs_per_px = view.zoom / rate.max(1) as f64;
    let step = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0].into_iter().find(|s| s / secs_per_px >= 90.0).unwrap_or(60.0);
    let t0 = view.start / rate.max(1) as f64;
    let mut t = (t0 / step).ceil() * step;
    let t_end = t0 + width * secs_per_px;
    while t <= t_end {
        let x = to_x((t * rate as f64).round() as usize);
        painter.line_segment([Pos2::new(x, rect.top() + 10.0), Pos2::new(x, rect.top() + ruler)], Stroke::new(1.0, vis.weak_text_color()));
        painter.text(Pos2::new(x + 2.0, rect.top()), egui::Align2::LEFT_TOP, format!("{t:.3}").trim_end_matches('0').trim_end_matches('.'), egui::FontId::monospace(10.0), vis.weak_text_color());
        t += step;
    }
    // The envelope: one min/max line per pixel column.
    let mid = wave.center().y;
    let half = wave.height() / 2.0 - 2.0;
    let color = vis.hyperlink_color;
    let ch = d.sound.channels as usize;
    let mut x = wave.left();
    while x < wave.right() {
        let a = to_frame(x);
        let b = to_frame(x + 1.0).max(a + 1).min(frames);
        if let Some((lo, hi)) = d.pyramid.range(&d.sound.samples, ch, a, b) {
            let y = |v: i16| mid - v as f32 / 32768.0 * half;
            painter.line_segment([Pos2::new(x + 0.5, y(hi)), Pos2::new(x + 0.5, y(lo) + 1.0)], Stroke::new(1.0, color));
        }
        x += 1.0;
    }
    painter.line_segment([Pos2::new(wave.left(), mid), Pos2::new(wave.right(), mid)], Stroke::new(0.5, vis.weak_text_color()));
    let cx = to_x(view.cursor);
    if wave.x_range().contains(cx) {
        painter.line_segment([Pos2::new(cx, wave.top()), Pos2::new(cx, wave.bottom())], Stroke::new(1.0, vis.strong_text_color()));
    }
    if let Some(p) = view.playhead.filter(|_| !view.playing.is_some_and(|p| p.before)) {
        let px = to_x(p);
        if wave.x_range().contains(px) {
            painter.line_segment([Pos2::new(px, rect.top()), Pos2::new(px, wave.bottom())], Stroke::new(2.0, Color32::from_rgb(230, 120, 40)));
        }
    }
}
