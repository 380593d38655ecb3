//! A timeline: tracks of intervals drawn as labelled bars, a playhead scrubbed by click or drag,
//! play/pause/loop/speed, an editable time readout and a zoomable, pannable time axis. Dragging
//! a bar's right edge reports the value while the drag goes on and once more when it ends
//! (snapped to a step and to other bars' ends, Shift for free, never past a neighbour's end).
//!
//! The widget never edits anything: scrubbing moves [`Timeline::time`], and an edge drag is a
//! [`TimelineEvent::Edge`] the caller turns into its one undo step when `done`. Time is in the
//! caller's unit (ms for materials, frames for node animation), always whole units.

use egui::{Align2, Color32, CursorIcon, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, pos2, vec2};

/// One interval `[start, end)` of a track.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub start: f64,
    pub end: f64,
    pub label: String,
    pub color: Color32,
    /// Drawn with a red outline (a key that points at no phase, say).
    pub flagged: bool,
    pub selected: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    pub label: String,
    /// Bars in order; bar `i`'s neighbours are bars `i - 1` and `i + 1`.
    pub bars: Vec<Bar>,
    /// The bars as playback repeats them past their own span (a loop's next cycle): drawn
    /// faded under the bars, never grabbed or clicked.
    pub echoes: Vec<Bar>,
}

/// What the caller tells the widget each frame besides the tracks.
#[derive(Clone, Copy, Debug)]
pub struct Axis {
    /// The time the playhead runs to (and wraps at when looping).
    pub length: f64,
    /// The largest value an edge may take.
    pub max_end: f64,
    /// Snapping step of edge drags (10 ms, 1 frame).
    pub step: f64,
    /// Units of time per second of playback (1000 for ms, the frame rate for frames).
    pub per_second: f64,
    pub unit: TimeUnit,
    /// The axis counts whole items (frames 0..=length): its end is the last one's index, so
    /// it holds `length + 1` of them, and that is the number shown.
    pub counted: bool,
}

impl Axis {
    /// What the axis spans, as the time field's neighbour says it: "of 900 ms", or for a
    /// counted axis "of 9 frames (0–8)", the count every other place gives.
    pub fn span_label(&self) -> String {
        match self.unit {
            TimeUnit::Frames => crate::tr!("timeline-span-frames", n = self.length + 1.0, last = self.length.to_string()),
            TimeUnit::Ms => crate::tr!("timeline-span-ms", n = self.length.to_string()),
        }
    }
}

/// What an axis counts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Ms,
    Frames,
}

impl TimeUnit {
    /// The unit after a number ("ms", "frames"), in the language.
    pub fn suffix(self) -> String {
        match self {
            TimeUnit::Ms => crate::tr!("unit-ms-suffix"),
            TimeUnit::Frames => crate::tr!("timeline-frames-suffix"),
        }
    }
}

/// A bar's right edge being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeDrag {
    pub track: usize,
    pub bar: usize,
    pub value: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TimelineEvent {
    /// The user moved the playhead (click, drag, the time field).
    Scrubbed(f64),
    /// A bar's right edge dragged to `value` (snapped and clamped); `done` on release.
    Edge { track: usize, bar: usize, value: f64, done: bool },
    /// A bar was clicked.
    BarClicked { track: usize, bar: usize },
}

pub const SPEEDS: [f32; 5] = [0.25, 0.5, 1.0, 2.0, 4.0];
pub const LABEL_W: f32 = 84.0;
pub const RULER_H: f32 = 18.0;
pub const TRACK_H: f32 = 22.0;
/// How near (points) the pointer must be to grab an edge or snap to another bar's end.
const GRAB: f32 = 5.0;
const SNAP: f32 = 6.0;
const MIN_SPAN: f64 = 1.0;

/// The playback and view state; one per timeline shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    pub time: f64,
    pub playing: bool,
    pub looping: bool,
    pub speed: f32,
    /// The first time shown, and how many units the width shows; `None`: fit the length.
    pub view: Option<(f64, f64)>,
    pub drag: Option<EdgeDrag>,
    scrubbing: bool,
}

impl Default for Timeline {
    fn default() -> Self {
        Timeline { time: 0.0, playing: false, looping: true, speed: 1.0, view: None, drag: None, scrubbing: false }
    }
}

/// The lowest and highest value bar `i`'s end may take: the previous bar's end (0 for the
/// first) and the next bar's end (`max_end` for the last), so neighbours never cross.
pub fn edge_bounds(bars: &[Bar], i: usize, max_end: f64) -> (f64, f64) {
    let lo = i.checked_sub(1).and_then(|p| bars.get(p)).map_or(0.0, |b| b.end).max(0.0);
    let hi = bars.get(i + 1).map_or(max_end, |b| b.end);
    (lo, hi.max(lo))
}

/// Where an edge dragged to `raw` lands: with `free` the nearest whole unit; else the nearest
/// of `targets` within `tolerance`, or else the nearest multiple of `step`. Then clamped to
/// `lo..=hi`.
pub fn snap_edge(raw: f64, step: f64, targets: &[f64], tolerance: f64, free: bool, (lo, hi): (f64, f64)) -> f64 {
    let v = if free || !raw.is_finite() {
        raw.round()
    } else {
        let near = targets.iter().copied().filter(|t| (t - raw).abs() <= tolerance).min_by(|a, b| (a - raw).abs().total_cmp(&(b - raw).abs()));
        match near {
            Some(t) => t,
            None if step > 0.0 => (raw / step).round() * step,
            None => raw.round(),
        }
    };
    if v.is_finite() { v.clamp(lo, hi) } else { lo }
}

/// The time after `dt` units of playback: wraps at `length` when looping, else stops there
/// (the second value says whether playback goes on).
pub fn advance(time: f64, dt: f64, length: f64, looping: bool) -> (f64, bool) {
    if length <= 0.0 {
        return (0.0, false);
    }
    let t = time + dt.max(0.0);
    if t < length {
        (t, true)
    } else if looping {
        (t.rem_euclid(length), true)
    } else {
        (length, false)
    }
}

/// A view `(start, span)` zoomed by `factor` (above 1 shows less) keeping `anchor` where it
/// is on screen; the span stays within `min_span..=max_span` and the start at or above 0.
pub fn zoom_about((start, span): (f64, f64), anchor: f64, factor: f64, min_span: f64, max_span: f64) -> (f64, f64) {
    let new = (span / factor.max(1e-6)).clamp(min_span, max_span.max(min_span));
    let k = new / span.max(1e-9);
    (((anchor - start) * (1.0 - k) + start).max(0.0), new)
}

impl Timeline {
    fn view_or_fit(&self, axis: &Axis) -> (f64, f64) {
        self.view.unwrap_or((0.0, (axis.length * 1.05).max(10.0)))
    }

    /// Advances the playhead by `seconds` of wall time when playing.
    pub fn tick(&mut self, seconds: f64, axis: &Axis) {
        if !self.playing || self.drag.is_some() || self.scrubbing {
            return;
        }
        let (t, go) = advance(self.time, seconds * axis.per_second * f64::from(self.speed), axis.length, self.looping);
        self.time = t;
        self.playing = go;
    }

    /// The controls row: play/pause, loop, speed, the time field, the length, fit (wrapped
    /// where the row is narrow, never cut).
    pub fn controls(&mut self, ui: &mut Ui, axis: &Axis, events: &mut Vec<TimelineEvent>) {
        ui.horizontal_wrapped(|ui| {
            let play = if self.playing { crate::tr!("mesh-pause") } else { crate::tr!("mesh-play") };
            if ui.button(play).on_hover_text(crate::tr!("timeline-play-tip")).clicked() {
                self.toggle_play(axis);
            }
            ui.toggle_value(&mut self.looping, crate::tr!("timeline-loop")).on_hover_text(crate::tr!("timeline-loop-tip"));
            egui::ComboBox::from_id_salt("timeline-speed")
                .width(64.0)
                .selected_text(format!("{}×", self.speed))
                .show_ui(ui, |ui| {
                    for s in SPEEDS {
                        ui.selectable_value(&mut self.speed, s, format!("{s}×"));
                    }
                })
                .response
                .on_hover_text(crate::tr!("timeline-speed-tip"));
            ui.label(crate::tr!("timeline-time"));
            let mut t = self.time;
            let r = ui.add(egui::DragValue::new(&mut t).range(0.0..=axis.length.max(0.0)).speed(1.0).max_decimals(0).suffix(format!(" {}", axis.unit.suffix())));
            if r.changed() {
                self.time = t.round();
                events.push(TimelineEvent::Scrubbed(self.time));
            }
            ui.weak(axis.span_label());
            if ui.button(crate::tr!("timeline-fit")).on_hover_text(crate::tr!("timeline-fit-tip")).clicked() {
                self.view = None;
            }
        });
    }

    pub fn toggle_play(&mut self, axis: &Axis) {
        if !self.playing && !self.looping && self.time >= axis.length {
            self.time = 0.0;
        }
        self.playing = !self.playing;
    }

    /// Draws the ruler and the tracks and handles scrubbing, edge drags, zoom and pan; returns
    /// where they were drawn (the track labels take the first 84 points).
    pub fn tracks(&mut self, ui: &mut Ui, axis: &Axis, tracks: &[Track], events: &mut Vec<TimelineEvent>) -> Rect {
        let width = ui.available_width().max(LABEL_W + 60.0);
        let height = RULER_H + TRACK_H * tracks.len().max(1) as f32 + 4.0;
        let (rect, resp) = ui.allocate_exact_size(vec2(width, height), Sense::click_and_drag());
        let lane = Rect::from_min_max(pos2(rect.left() + LABEL_W, rect.top()), rect.right_bottom());
        let (start, span) = self.view_or_fit(axis);
        let to_x = |t: f64| lane.left() + ((t - start) / span * f64::from(lane.width())) as f32;
        let to_t = |x: f32| start + f64::from(x - lane.left()) / f64::from(lane.width().max(1.0)) * span;
        let per_point = span / f64::from(lane.width().max(1.0));
        let track_at = |y: f32| {
            let i = ((y - rect.top() - RULER_H) / TRACK_H).floor();
            (i >= 0.0 && (i as usize) < tracks.len()).then_some(i as usize)
        };
        let edge_at = |p: Pos2| {
            let t = track_at(p.y)?;
            tracks[t].bars.iter().enumerate().filter(|(_, b)| (to_x(b.end) - p.x).abs() <= GRAB).min_by(|a, b| (to_x(a.1.end) - p.x).abs().total_cmp(&(to_x(b.1.end) - p.x).abs())).map(|(i, _)| (t, i))
        };

        // Zoom with the wheel about the pointer, pan with a horizontal scroll (Shift+wheel).
        if resp.hovered() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
            let anchor = resp.hover_pos().map_or(start + span / 2.0, |p| to_t(p.x));
            let max_span = (axis.length * 4.0).max(100.0);
            let mut view = (start, span);
            if zoom != 1.0 {
                view = zoom_about(view, anchor, f64::from(zoom), MIN_SPAN, max_span);
            } else if scroll.y != 0.0 {
                view = zoom_about(view, anchor, f64::from((scroll.y / 200.0).exp()), MIN_SPAN, max_span);
            }
            if scroll.x != 0.0 {
                view.0 = (view.0 - f64::from(scroll.x) * per_point).max(0.0);
            }
            if view != (start, span) {
                self.view = Some(view);
            }
            if self.drag.is_some() || resp.hover_pos().and_then(edge_at).is_some() {
                ui.ctx().set_cursor_icon(CursorIcon::ResizeHorizontal);
            }
        }

        let pointer = resp.interact_pointer_pos();
        // A drag starts once the pointer has moved: what was grabbed is where it was pressed.
        if resp.drag_started()
            && let Some(p) = ui.input(|i| i.pointer.press_origin()).or(pointer)
        {
            match edge_at(p) {
                Some((track, bar)) => self.drag = Some(EdgeDrag { track, bar, value: tracks[track].bars[bar].end }),
                None => self.scrubbing = true,
            }
        }
        if let (Some(d), Some(p)) = (self.drag.as_mut(), pointer)
            && let Some(bars) = tracks.get(d.track).map(|t| &t.bars)
            && d.bar < bars.len()
        {
            let free = ui.input(|i| i.modifiers.shift);
            let me = (d.track, d.bar);
            let targets: Vec<f64> =
                tracks.iter().enumerate().flat_map(|(ti, t)| t.bars.iter().enumerate().filter(move |(bi, _)| (ti, *bi) != me).map(|(_, b)| b.end)).collect();
            let v = snap_edge(to_t(p.x), axis.step, &targets, f64::from(SNAP) * per_point, free, edge_bounds(bars, d.bar, axis.max_end));
            let done = resp.drag_stopped();
            if v != d.value || done {
                d.value = v;
                events.push(TimelineEvent::Edge { track: d.track, bar: d.bar, value: v, done });
            }
        }
        if ((self.scrubbing && resp.dragged()) || resp.clicked())
            && let Some(p) = pointer
        {
            self.time = to_t(p.x).round().clamp(0.0, axis.length.max(0.0));
            events.push(TimelineEvent::Scrubbed(self.time));
        }
        if resp.clicked()
            && let Some(p) = pointer
            && let Some(t) = track_at(p.y)
            && let Some(b) = tracks[t].bars.iter().position(|b| (b.start..b.end).contains(&to_t(p.x)))
        {
            events.push(TimelineEvent::BarClicked { track: t, bar: b });
        }
        if resp.drag_stopped() || !ui.input(|i| i.pointer.any_down()) {
            self.drag = None;
            self.scrubbing = false;
        }

        self.paint(ui, rect, lane, axis, tracks, (start, span));
        rect
    }

    fn paint(&self, ui: &Ui, rect: Rect, lane: Rect, axis: &Axis, tracks: &[Track], (start, span): (f64, f64)) {
        let painter = ui.painter_at(rect);
        let vis = ui.visuals();
        let to_x = |t: f64| lane.left() + ((t - start) / span * f64::from(lane.width())) as f32;
        painter.rect_filled(rect, 2.0, vis.extreme_bg_color);
        let font = FontId::proportional(11.0);
        let text = vis.text_color();
        let weak = vis.weak_text_color();

        // Ruler: a tick every "nice" step so that labels are ~80 points apart.
        let step = nice_step(span * 80.0 / f64::from(lane.width().max(1.0)));
        let mut t = (start / step).floor() * step;
        while t <= start + span {
            let x = to_x(t);
            if x >= lane.left() {
                painter.line_segment([pos2(x, rect.top() + RULER_H - 6.0), pos2(x, rect.bottom())], Stroke::new(1.0, vis.faint_bg_color));
                painter.text(pos2(x + 2.0, rect.top() + 2.0), Align2::LEFT_TOP, format!("{t}"), font.clone(), weak);
            }
            t += step;
        }
        let end_x = to_x(axis.length);
        painter.line_segment([pos2(end_x, rect.top()), pos2(end_x, rect.bottom())], Stroke::new(1.0, weak));

        for (ti, track) in tracks.iter().enumerate() {
            let top = rect.top() + RULER_H + ti as f32 * TRACK_H;
            painter.text(pos2(rect.left() + 4.0, top + TRACK_H / 2.0), Align2::LEFT_CENTER, &track.label, font.clone(), text);
            let clip = painter.with_clip_rect(Rect::from_min_max(pos2(lane.left(), top), pos2(lane.right(), top + TRACK_H)).intersect(rect));
            for bar in &track.echoes {
                let r = Rect::from_min_max(pos2(to_x(bar.start), top + 2.0), pos2(to_x(bar.end), top + TRACK_H - 2.0));
                if r.width() <= 0.0 {
                    continue;
                }
                let faded = bar.color.gamma_multiply(0.4);
                clip.add(egui::epaint::RectShape::new(r, 0.0, faded, Stroke::new(1.0, Color32::from_black_alpha(60)), StrokeKind::Inside));
                if r.width() > 18.0 {
                    clip.with_clip_rect(r).text(r.left_center() + vec2(4.0, 0.0), Align2::LEFT_CENTER, &bar.label, font.clone(), weak);
                }
            }
            for (bi, bar) in track.bars.iter().enumerate() {
                let end = match self.drag {
                    Some(d) if (d.track, d.bar) == (ti, bi) => d.value,
                    _ => bar.end,
                };
                let begin = match self.drag {
                    Some(d) if (d.track, d.bar + 1) == (ti, bi) => d.value,
                    _ => bar.start,
                };
                if end <= begin {
                    continue;
                }
                let r = Rect::from_min_max(pos2(to_x(begin), top + 2.0), pos2(to_x(end), top + TRACK_H - 2.0));
                let outline = if bar.flagged {
                    Stroke::new(2.0, Color32::RED)
                } else if bar.selected {
                    Stroke::new(2.0, vis.selection.stroke.color)
                } else {
                    Stroke::new(1.0, Color32::from_black_alpha(120))
                };
                // Fill and outline as one square-cornered shape: a material plays at 60 frames
                // a second with every bar redrawn, and a rounded rect costs several times more
                // to tessellate.
                clip.add(egui::epaint::RectShape::new(r, 0.0, bar.color, outline, StrokeKind::Inside));
                let ink = if luminance(bar.color) > 0.55 { Color32::BLACK } else { Color32::WHITE };
                if r.width() > 18.0 {
                    clip.with_clip_rect(r).text(r.left_center() + vec2(4.0, 0.0), Align2::LEFT_CENTER, &bar.label, font.clone(), ink);
                }
            }
        }

        if let Some(d) = self.drag {
            let x = to_x(d.value);
            let y = rect.top() + RULER_H + d.track as f32 * TRACK_H;
            painter.line_segment([pos2(x, y), pos2(x, y + TRACK_H)], Stroke::new(2.0, vis.selection.stroke.color));
            let label = format!("{} {}", d.value, axis.unit.suffix());

            let galley = painter.layout_no_wrap(label, font.clone(), text);
            let at = Rect::from_min_size(pos2(x + 4.0, y - 14.0), galley.size() + Vec2::splat(2.0));
            painter.rect_filled(at, 2.0, vis.window_fill);
            painter.galley(at.min + Vec2::splat(1.0), galley, text);
        }

        let px = to_x(self.time);
        if px >= lane.left() - 1.0 && px <= lane.right() + 1.0 {
            let head = Color32::from_rgb(255, 90, 60);
            painter.line_segment([pos2(px, rect.top()), pos2(px, rect.bottom())], Stroke::new(2.0, head));
            painter.add(egui::Shape::convex_polygon(vec![pos2(px - 5.0, rect.top()), pos2(px + 5.0, rect.top()), pos2(px, rect.top() + 7.0)], head, Stroke::NONE));
        }
    }
}

/// 1, 2 or 5 times a power of ten, at or above `raw`.
fn nice_step(raw: f64) -> f64 {
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|s| *s >= raw).unwrap_or(10.0 * p).max(1.0)
}

fn luminance(c: Color32) -> f32 {
    (0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b())) / 255.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bars(ends: &[f64]) -> Vec<Bar> {
        let mut start = 0.0;
        ends.iter()
            .map(|&end| {
                let b = Bar { start, end, label: String::new(), color: Color32::GRAY, flagged: false, selected: false };
                start = end;
                b
            })
            .collect()
    }

    #[test]
    fn bounds_are_the_neighbours_ends() {
        let b = bars(&[100.0, 300.0, 600.0]);
        assert_eq!(edge_bounds(&b, 0, 65535.0), (0.0, 300.0));
        assert_eq!(edge_bounds(&b, 1, 65535.0), (100.0, 600.0));
        assert_eq!(edge_bounds(&b, 2, 65535.0), (300.0, 65535.0));
        // Already crossed data: the range collapses to the previous end instead of inverting.
        let crossed = bars(&[500.0, 200.0, 100.0]);
        assert_eq!(edge_bounds(&crossed, 1, 65535.0), (500.0, 500.0));
    }

    #[test]
    fn snapping_prefers_near_ends_then_the_step() {
        let range = (0.0, 1000.0);
        assert_eq!(snap_edge(123.0, 10.0, &[], 5.0, false, range), 120.0);
        assert_eq!(snap_edge(126.0, 10.0, &[], 5.0, false, range), 130.0);
        // Another bar's end within the tolerance wins over the step.
        assert_eq!(snap_edge(123.0, 10.0, &[127.0, 300.0], 5.0, false, range), 127.0);
        assert_eq!(snap_edge(123.0, 10.0, &[118.0, 127.0], 5.0, false, range), 127.0);
        assert_eq!(snap_edge(123.0, 10.0, &[140.0], 5.0, false, range), 120.0);
        // Shift: free, whole units only.
        assert_eq!(snap_edge(123.4, 10.0, &[127.0], 5.0, true, range), 123.0);
    }

    #[test]
    fn snapping_never_crosses_a_neighbour() {
        assert_eq!(snap_edge(90.0, 10.0, &[], 5.0, false, (100.0, 600.0)), 100.0);
        assert_eq!(snap_edge(-50.0, 10.0, &[], 5.0, true, (0.0, 600.0)), 0.0);
        assert_eq!(snap_edge(700.0, 10.0, &[], 5.0, false, (100.0, 600.0)), 600.0);
        assert_eq!(snap_edge(f64::NAN, 10.0, &[], 5.0, false, (100.0, 600.0)), 100.0);
        assert_eq!(snap_edge(70000.0, 10.0, &[], 5.0, false, (0.0, 65535.0)), 65535.0);
    }

    #[test]
    fn playback_wraps_or_stops() {
        assert_eq!(advance(100.0, 50.0, 600.0, true), (150.0, true));
        assert_eq!(advance(590.0, 30.0, 600.0, true), (20.0, true));
        assert_eq!(advance(590.0, 30.0, 600.0, false), (600.0, false));
        assert_eq!(advance(10.0, 5000.0, 600.0, true).0, 210.0);
        assert_eq!(advance(10.0, 5.0, 0.0, true), (0.0, false));
        assert_eq!(advance(10.0, -5.0, 600.0, true), (10.0, true));
    }

    #[test]
    fn zoom_keeps_the_anchor_in_place() {
        let (s, w) = zoom_about((0.0, 1000.0), 500.0, 2.0, 1.0, 4000.0);
        assert_eq!((s, w), (250.0, 500.0));
        // The anchor's fraction of the width is unchanged.
        assert!(((500.0 - s) / w - 0.5).abs() < 1e-9);
        assert_eq!(zoom_about((0.0, 1000.0), 0.0, 0.001, 1.0, 4000.0), (0.0, 4000.0));
        assert_eq!(zoom_about((0.0, 2.0), 1.0, 100.0, 1.0, 4000.0).1, 1.0);
        assert!(zoom_about((10.0, 100.0), 0.0, 0.5, 1.0, 4000.0).0 >= 0.0);
    }

    #[test]
    fn ruler_steps_are_round() {
        assert_eq!(nice_step(7.0), 10.0);
        assert_eq!(nice_step(130.0), 200.0);
        assert_eq!(nice_step(0.3), 1.0);
        assert_eq!(nice_step(f64::NAN), 1.0);
    }
}
