//! Two missions compared (the compare view's body for `data.tma`): the object-level diff of
//! `doc::kinds::mission::diff` (objects paired by logical id or place) as a list grouped by the
//! kind of change (moved, turned, scaled, changed, added, removed objects; clans, relations,
//! routes, lodes and the mission's own fields), each row with both sides' values, and a small
//! map from above of both sides: every object a dot, a moved one an arrow from its old place
//! to its new one, an added one green, a removed one red.

use crate::app::seam::compare::{CompareBody, Placement};
use crate::app::widgets::diff::kind_color;
use crate::doc::diff::{Detail, Kind, Side};
use crate::doc::kinds::mission::diff::{label, mission_details, object, pair_objects};
use crate::formats::readings::Readings;
use crate::formats::tma::{Mission, Options, VersionCheck};
use egui::{Color32, Pos2, Rect, RichText, Stroke, Ui, Vec2};

/// What kind of change a row is; the list shows them in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    Moved,
    Turned,
    Scaled,
    Changed,
    Added,
    Removed,
    Clans,
    Relations,
    Routes,
    Lodes,
    Mission,
}

impl Group {
    pub const ALL: [Group; 11] = [Group::Moved, Group::Turned, Group::Scaled, Group::Changed, Group::Added, Group::Removed, Group::Clans, Group::Relations, Group::Routes, Group::Lodes, Group::Mission];

    /// Its heading with the count of its rows.
    pub fn heading(self, n: usize) -> String {
        match self {
            Group::Moved => crate::tr!("mission-compare-moved", n = n),
            Group::Turned => crate::tr!("mission-compare-turned", n = n),
            Group::Scaled => crate::tr!("mission-compare-scaled", n = n),
            Group::Changed => crate::tr!("mission-compare-changed", n = n),
            Group::Added => crate::tr!("mission-compare-added", n = n),
            Group::Removed => crate::tr!("mission-compare-removed", n = n),
            Group::Clans => crate::tr!("mission-compare-clans", n = n),
            Group::Relations => crate::tr!("mission-compare-relations", n = n),
            Group::Routes => crate::tr!("mission-compare-routes", n = n),
            Group::Lodes => crate::tr!("mission-compare-lodes", n = n),
            Group::Mission => crate::tr!("mission-compare-mission", n = n),
        }
    }
}

/// One difference: what it is about (an object's label, a clan, a route), the field, and each
/// side's value (`None` where that side has none).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub group: Group,
    pub what: String,
    pub field: String,
    pub a: Option<String>,
    pub b: Option<String>,
    /// The object on each side, for the map.
    pub objects: (Option<usize>, Option<usize>),
}

/// Where one object stands on each side (Parkan x, y), for the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dot {
    pub a: Option<[f32; 2]>,
    pub b: Option<[f32; 2]>,
    /// Its index on each side.
    pub objects: (Option<usize>, Option<usize>),
}

pub struct MissionCompare {
    pub rows: Vec<Row>,
    pub dots: Vec<Dot>,
    /// A side that does not read, and why.
    pub errors: Vec<String>,
    /// Objects on each side.
    pub counts: (usize, usize),
    /// The row under the pointer last frame (its objects are drawn larger on the map).
    pub hovered: Option<usize>,
}

fn read(side: Option<&Side>, readings: &Readings) -> Result<Mission, String> {
    let Some(s) = side else { return Ok(Mission::default()) };
    let o = Options { clan_body: readings.clan_body, versions: VersionCheck::Gated };
    Mission::parse_with(&s.bytes, &o).map(|(m, _)| m).map_err(|e| format!("{}: {e}", s.name))
}

/// The group of a detail about an object (by the note the diff engine gives it).
fn object_group(d: &Detail) -> Group {
    match d.note.as_deref() {
        Some("moved") => Group::Moved,
        Some("rotated") => Group::Turned,
        Some("scaled") => Group::Scaled,
        _ => Group::Changed,
    }
}

/// The group of a detail about the rest of the mission (by what its field starts with).
fn other_group(field: &str) -> Group {
    if field.starts_with("clan ") {
        if field.contains(" relation to ") { Group::Relations } else { Group::Clans }
    } else if field.starts_with("route ") {
        Group::Routes
    } else if field.starts_with("lode ") {
        Group::Lodes
    } else {
        Group::Mission
    }
}

/// Splits "clan Plr relation to Ntrl" into ("clan Plr", "relation to Ntrl"); a field with one
/// word after its subject ("route 2", "map") keeps it whole.
fn split_field(field: &str) -> (String, String) {
    let subject_words = if field.starts_with("clan ") || field.starts_with("route ") || field.starts_with("lode ") { 2 } else { 0 };
    if subject_words == 0 {
        return (field.to_string(), String::new());
    }
    let mut it = field.splitn(subject_words + 1, ' ');
    let subject: Vec<&str> = it.by_ref().take(subject_words).collect();
    (subject.join(" "), it.next().unwrap_or_default().to_string())
}

fn v3(v: [f32; 3]) -> String {
    format!("({}, {}, {})", v[0], v[1], v[2])
}

impl MissionCompare {
    /// The rows and dots for A and B (either may be absent: an added or removed mission).
    pub fn new(a: Option<&Side>, b: Option<&Side>, readings: &Readings) -> MissionCompare {
        let (ra, rb) = (read(a, readings), read(b, readings));
        let errors: Vec<String> = [&ra, &rb].iter().filter_map(|r| r.as_ref().err().cloned()).collect();
        let (Ok(x), Ok(y)) = (ra, rb) else {
            return MissionCompare { rows: Vec::new(), dots: Vec::new(), errors, counts: (0, 0), hovered: None };
        };
        MissionCompare::of(&x, &y)
    }

    /// The rows and dots of two read missions.
    pub fn of(x: &Mission, y: &Mission) -> MissionCompare {
        let mut rows = Vec::new();
        let (pairs, only_a, only_b) = pair_objects(&x.objects, &y.objects);
        let xy = |o: &crate::formats::tma::Object| [o.position[0], o.position[1]];
        let mut dots = Vec::with_capacity(pairs.len() + only_a.len() + only_b.len());
        for &(i, j) in &pairs {
            let mut details = Vec::new();
            object(j, &x.objects[i], &y.objects[j], &mut details);
            let what = label(j, &y.objects[j]);
            for d in details {
                let field = d.field.strip_prefix(what.as_str()).unwrap_or(&d.field).trim().to_string();
                rows.push(Row { group: object_group(&d), what: what.clone(), field, a: d.old, b: d.new, objects: (Some(i), Some(j)) });
            }
            dots.push(Dot { a: Some(xy(&x.objects[i])), b: Some(xy(&y.objects[j])), objects: (Some(i), Some(j)) });
        }
        let placed = |o: &crate::formats::tma::Object| format!("{} {} · {}", o.path.decode(), v3(o.position), o.clan);
        for &j in &only_b {
            let o = &y.objects[j];
            rows.push(Row { group: Group::Added, what: label(j, o), field: String::new(), a: None, b: Some(placed(o)), objects: (None, Some(j)) });
            dots.push(Dot { a: None, b: Some(xy(o)), objects: (None, Some(j)) });
        }
        for &i in &only_a {
            let o = &x.objects[i];
            rows.push(Row { group: Group::Removed, what: label(i, o), field: String::new(), a: Some(placed(o)), b: None, objects: (Some(i), None) });
            dots.push(Dot { a: Some(xy(o)), b: None, objects: (Some(i), None) });
        }
        // The rest of the mission, without its objects (they are above).
        let strip = |m: &Mission| Mission { objects: Vec::new(), ..m.clone() };
        let mut details = Vec::new();
        mission_details(&strip(x), &strip(y), &mut details);
        for d in details {
            let (what, field) = split_field(&d.field);
            rows.push(Row { group: other_group(&d.field), what, field, a: d.old, b: d.new, objects: (None, None) });
        }
        rows.sort_by_key(|r| r.group);
        MissionCompare { rows, dots, errors: Vec::new(), counts: (x.objects.len(), y.objects.len()), hovered: None }
    }

    /// The rows of one group.
    pub fn group(&self, g: Group) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(move |r| r.group == g)
    }

    pub fn show(&mut self, ui: &mut Ui, figures: &mut dyn FnMut(&mut Ui)) {
        for e in &self.errors {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        egui::CollapsingHeader::new(crate::tr!("compare-what-changed")).default_open(false).show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("compare-figures-scroll").max_height(160.0).show(ui, |ui| figures(ui));
        });
        ui.label(crate::tr!("mission-compare-summary", rows = self.rows.len(), a = self.counts.0, b = self.counts.1));
        if self.rows.is_empty() {
            ui.weak(crate::tr!("mission-compare-same"));
        }
        let hovered = self.hovered.take();
        egui::Panel::right("mission-compare-map").resizable(true).default_size(280.0).show(ui, |ui| {
            ui.label(RichText::new(crate::tr!("mission-compare-map")).strong());
            self.map(ui, hovered);
            legend(ui);
        });
        egui::ScrollArea::vertical().id_salt("mission-compare-rows").auto_shrink([false, false]).show(ui, |ui| self.list(ui));
    }

    fn list(&mut self, ui: &mut Ui) {
        let dark = ui.visuals().dark_mode;
        for g in Group::ALL {
            let n = self.group(g).count();
            if n == 0 {
                continue;
            }
            let color = match g {
                Group::Added => kind_color(Kind::Added, dark),
                Group::Removed => kind_color(Kind::Removed, dark),
                _ => ui.visuals().strong_text_color(),
            };
            let title = RichText::new(g.heading(n)).color(color).strong();
            egui::CollapsingHeader::new(title).id_salt(("mission-compare-group", g as usize)).default_open(true).show(ui, |ui| {
                egui::Grid::new(("mission-compare-grid", g as usize)).striped(true).num_columns(4).show(ui, |ui| {
                    ui.weak(crate::tr!("mission-compare-what"));
                    ui.weak(crate::tr!("mission-compare-field"));
                    ui.weak("A");
                    ui.weak("B");
                    ui.end_row();
                    let none = || RichText::new("—").weak();
                    for (k, r) in self.rows.iter().enumerate().filter(|(_, r)| r.group == g) {
                        let what = ui.label(&r.what);
                        ui.label(&r.field);
                        ui.label(r.a.as_deref().map_or_else(none, |a| RichText::new(a).color(kind_color(Kind::Removed, dark))));
                        ui.label(r.b.as_deref().map_or_else(none, |b| RichText::new(b).color(kind_color(Kind::Added, dark))));
                        if what.hovered() || ui.rect_contains_pointer(Rect::from_x_y_ranges(what.rect.left()..=ui.max_rect().right(), what.rect.y_range())) {
                            self.hovered = Some(k);
                        }
                        ui.end_row();
                    }
                });
            });
        }
    }

    /// The map: both sides' objects from above, fitted to the square.
    fn map(&self, ui: &mut Ui, hovered: Option<usize>) {
        let side = ui.available_width().clamp(120.0, 420.0);
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), egui::Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
        let points = self.dots.iter().flat_map(|d| [d.a, d.b]).flatten();
        let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
        for p in points.filter(|p| p[0].is_finite() && p[1].is_finite()) {
            lo = [lo[0].min(p[0]), lo[1].min(p[1])];
            hi = [hi[0].max(p[0]), hi[1].max(p[1])];
        }
        if lo[0] > hi[0] {
            return;
        }
        let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1.0);
        let inner = rect.shrink(8.0);
        // Parkan y grows north: up on the map.
        let at = |p: [f32; 2]| Pos2::new(inner.left() + (p[0] - lo[0]) / span * inner.width(), inner.bottom() - (p[1] - lo[1]) / span * inner.height());
        let dark = ui.visuals().dark_mode;
        let (same, added, removed, moved) = (ui.visuals().weak_text_color(), kind_color(Kind::Added, dark), kind_color(Kind::Removed, dark), kind_color(Kind::Changed, dark));
        for d in &self.dots {
            match (d.a, d.b) {
                (Some(a), Some(b)) if a != b => {
                    painter.arrow(at(a), at(b) - at(a), Stroke::new(2.0, moved));
                    painter.circle_filled(at(b), 2.5, moved);
                }
                (Some(_), Some(b)) => {
                    painter.circle_filled(at(b), 1.5, same);
                }
                (None, Some(b)) => {
                    painter.circle_filled(at(b), 3.0, added);
                }
                (Some(a), None) => {
                    painter.circle_filled(at(a), 3.0, removed);
                }
                (None, None) => {}
            }
        }
        // The hovered row's objects, ringed.
        if let Some(r) = hovered.and_then(|k| self.rows.get(k)) {
            let ring = Stroke::new(2.0, ui.visuals().strong_text_color());
            for p in self.place(r.objects.0, true).into_iter().chain(self.place(r.objects.1, false)) {
                painter.circle_stroke(at(p), 6.0, ring);
            }
        }
    }

    /// Where object `i` of side A (`a`) or B stands.
    fn place(&self, i: Option<usize>, a: bool) -> Option<[f32; 2]> {
        let i = i?;
        let d = self.dots.iter().find(|d| if a { d.objects.0 == Some(i) } else { d.objects.1 == Some(i) })?;
        if a { d.a } else { d.b }
    }
}

fn legend(ui: &mut Ui) {
    let dark = ui.visuals().dark_mode;
    let item = |ui: &mut Ui, c: Color32, text: String| {
        ui.horizontal(|ui| {
            let (r, _) = ui.allocate_exact_size(Vec2::splat(10.0), egui::Sense::hover());
            ui.painter().circle_filled(r.center(), 4.0, c);
            ui.weak(text);
        });
    };
    item(ui, kind_color(Kind::Changed, dark), crate::tr!("mission-compare-legend-moved"));
    item(ui, kind_color(Kind::Added, dark), crate::tr!("mission-compare-legend-added"));
    item(ui, kind_color(Kind::Removed, dark), crate::tr!("mission-compare-legend-removed"));
    item(ui, ui.visuals().weak_text_color(), crate::tr!("mission-compare-legend-same"));
}

impl CompareBody for MissionCompare {
    fn name(&self) -> &'static str {
        "mission-diff"
    }

    fn placement(&self) -> Placement {
        Placement::Alone
    }

    fn show(&mut self, ui: &mut Ui, _readings: &Readings, _gpu: Option<&eframe::egui_wgpu::RenderState>, figures: &mut dyn FnMut(&mut Ui)) {
        MissionCompare::show(self, ui, figures);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::missions::mission;
    use crate::formats::tma::{Lode, Object};

    #[test]
    fn rows_fall_in_their_groups_with_both_sides_and_the_map_has_an_arrow_for_a_move() {
        let a = mission(4);
        let mut b = a.clone();
        let k = b.objects.iter().position(|o| o.logical_id > 0).unwrap();
        b.objects[k].position[0] += 5.0;
        b.objects[k].rotation[2] += 0.5;
        let r = b.objects.iter().rposition(|o| o.kind >= 2 && o.logical_id <= 0).unwrap();
        let gone = b.objects.remove(r);
        b.objects.push(Object::new(3, "rock_added".into(), [1.0, 2.0, 3.0]));
        b.clans[1].name = "Renamed".into();
        b.lodes.push(Lode { position: [9.0, 9.0, 0.0], found: 0, kind: 0, amount: 50.0, extra: 0 });
        let c = MissionCompare::of(&a, &b);
        let one = |g: Group| c.group(g).collect::<Vec<_>>();
        let moved = one(Group::Moved);
        assert_eq!(moved.len(), 1, "{:#?}", c.rows);
        assert_eq!((moved[0].field.as_str(), moved[0].a.clone().unwrap()), ("position", format!("({}, {}, {})", a.objects[k].position[0], a.objects[k].position[1], a.objects[k].position[2])));
        assert_eq!(one(Group::Turned).len(), 1, "{:#?}", c.rows);
        assert!(one(Group::Added).iter().any(|r| r.what.contains("rock_added") && r.a.is_none() && r.b.as_deref().is_some_and(|b| b.contains("(1, 2, 3)"))));
        assert!(one(Group::Removed).iter().any(|x| x.objects == (Some(r), None) && x.a.as_deref().is_some_and(|a| a.contains(&gone.path.decode()))));
        assert!(one(Group::Clans).iter().any(|r| r.field == "name" && r.b.as_deref() == Some("Renamed")), "{:#?}", c.rows);
        assert!(one(Group::Lodes).iter().any(|r| r.a.is_none() && r.b.is_some()));
        // Groups come in order; the moved object's dot goes from A's place to B's.
        assert!(c.rows.windows(2).all(|w| w[0].group <= w[1].group));
        let d = c.dots.iter().find(|d| d.objects.1 == moved[0].objects.1).unwrap();
        assert_ne!(d.a, d.b);
        assert!(MissionCompare::of(&a, &a).rows.is_empty());
    }

    #[test]
    fn a_side_that_does_not_read_is_said() {
        let good = Side::file("data.tma", crate::fixtures::missions::mission(4).write().into());
        let bad = Side::file("data.tma", vec![1u8, 2, 3].into());
        let c = MissionCompare::new(Some(&good), Some(&bad), &Readings::default());
        assert_eq!(c.errors.len(), 1);
        assert!(c.rows.is_empty());
    }
}
