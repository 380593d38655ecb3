//! What the editor paints over the scene, in both views, from the mission as it stands (so an
//! edit shows the same frame): the routes as ground polygons, the clans' zones as rings (inner
//! and outer) and bases as flags in their clan's colour, the lodes as diamonds, a line from
//! each unit starting inside a building to its host, the instance names, and a warning mark on
//! every object a finding is about. The selected marker is drawn in the highlight colour.

use super::camera::Projector;
use super::scene::{Built, color};
use super::selection::Marker;
use super::state::MissionView;
use crate::formats::tma::{Mission, Zones};
use crate::scene::mission::{LODE_COLOR, ROUTE_COLOR, clan_color};
use egui::{Color32, Painter, Pos2, Shape, Stroke};

pub const HIGHLIGHT: Color32 = Color32::from_rgb(255, 210, 60);
const WARN: Color32 = Color32::from_rgb(255, 170, 0);


/// A Parkan point laid on the ground (when the ground is above it).
pub fn on_ground(b: &Built, p: [f32; 3]) -> [f32; 3] {
    match b.height(p[0], p[1]) {
        Some(h) => [p[0], p[1], p[2].max(h) + 0.3],
        None => p,
    }
}

/// The screen points of a ground polyline from `a` to `b`, in pieces so it follows the ground.
fn ground_line(b: &Built, proj: &Projector, a: [f32; 3], c: [f32; 3]) -> Vec<Pos2> {
    let len = ((c[0] - a[0]).powi(2) + (c[1] - a[1]).powi(2)).sqrt();
    let pieces = ((len / 8.0).ceil() as usize).clamp(1, 32);
    (0..=pieces)
        .filter_map(|s| {
            let t = s as f32 / pieces as f32;
            proj.to_screen(on_ground(b, [a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t, a[2] + (c[2] - a[2]) * t]))
        })
        .collect()
}

/// A ring of `radius` around `centre` on the ground.
fn ground_ring(b: &Built, proj: &Projector, centre: [f32; 3], radius: f32) -> Vec<Pos2> {
    (0..=48)
        .filter_map(|k| {
            let a = k as f32 / 48.0 * std::f32::consts::TAU;
            proj.to_screen(on_ground(b, [centre[0] + radius * a.cos(), centre[1] + radius * a.sin(), centre[2]]))
        })
        .collect()
}

fn diamond(painter: &Painter, at: Pos2, r: f32, fill: Color32, stroke: Stroke) {
    let pts = vec![at + egui::vec2(0.0, -r), at + egui::vec2(r, 0.0), at + egui::vec2(0.0, r), at + egui::vec2(-r, 0.0)];
    painter.add(Shape::convex_polygon(pts, fill, stroke));
}

/// Paints every layer the view has on.
pub fn paint(painter: &Painter, v: &MissionView, m: &Mission, b: &Built, proj: &Projector) {
    let layers = v.viewport.layers;
    let selected = v.selection.marker;
    let outline = Stroke::new(1.0, Color32::BLACK);
    if layers.routes {
        for (r, route) in m.routes.iter().enumerate() {
            let sel = matches!(selected, Some(Marker::Route { route, .. }) if route == r);
            let stroke = Stroke::new(if sel { 3.0 } else { 2.0 }, if sel { HIGHLIGHT } else { color(ROUTE_COLOR) });
            let n = route.points.len();
            for k in 0..n {
                if n < 2 {
                    break;
                }
                painter.add(Shape::line(ground_line(b, proj, route.points[k], route.points[(k + 1) % n]), stroke));
            }
            for (k, p) in route.points.iter().enumerate() {
                if let Some(at) = proj.to_screen(on_ground(b, *p)) {
                    let hot = selected == Some(Marker::Route { route: r, point: Some(k) });
                    painter.rect_filled(egui::Rect::from_center_size(at, egui::vec2(7.0, 7.0)), 1.0, if hot { HIGHLIGHT } else { stroke.color });
                }
            }
        }
    }
    for (c, clan) in m.clans.iter().enumerate() {
        let col = color(clan_color(c));
        if layers.zones
            && let Zones::List(zones) = &clan.zones
        {
            for (z, zone) in zones.iter().enumerate() {
                let sel = selected == Some(Marker::Zone { clan: c, zone: z });
                for (r, w) in [(zone.inner, 1.5), (zone.outer, 2.5)] {
                    if r.is_finite() && r > 0.0 {
                        painter.add(Shape::line(ground_ring(b, proj, zone.centre, r), Stroke::new(w, if sel { HIGHLIGHT } else { col })));
                    }
                }
            }
        }
        if layers.bases {
            let base = on_ground(b, [clan.base[0], clan.base[1], 0.0]);
            if let Some(at) = proj.to_screen(base) {
                let sel = selected == Some(Marker::Base(c)) || selected == Some(Marker::Clan(c));
                painter.line_segment([at, at + egui::vec2(0.0, -18.0)], Stroke::new(2.0, if sel { HIGHLIGHT } else { Color32::WHITE }));
                let flag = vec![at + egui::vec2(0.0, -18.0), at + egui::vec2(12.0, -14.0), at + egui::vec2(0.0, -10.0)];
                painter.add(Shape::convex_polygon(flag, col, outline));
            }
        }
    }
    if layers.lodes {
        for (l, lode) in m.lodes.iter().enumerate() {
            if let Some(at) = proj.to_screen(on_ground(b, lode.position)) {
                let sel = selected == Some(Marker::Lode(l));
                diamond(painter, at, if sel { 8.0 } else { 6.0 }, color(LODE_COLOR), Stroke::new(if sel { 2.5 } else { 1.0 }, if sel { HIGHLIGHT } else { Color32::BLACK }));
            }
        }
    }
    if layers.starts {
        starts(painter, v, m, proj);
    }
    if layers.labels {
        for o in &m.objects {
            let name = if o.name.is_empty() { o.path.decode() } else { o.name.decode() };
            if let Some(at) = proj.to_screen(o.position) {
                painter.text(at + egui::vec2(0.0, 8.0), egui::Align2::CENTER_TOP, name, egui::FontId::proportional(11.0), Color32::WHITE);
            }
        }
    }
    for (i, _) in &v.object_findings {
        let Some(o) = m.objects.get(*i) else { continue };
        if let Some(at) = proj.to_screen(o.position) {
            let top = at + egui::vec2(0.0, -26.0);
            let tri = vec![top + egui::vec2(0.0, -8.0), top + egui::vec2(8.0, 6.0), top + egui::vec2(-8.0, 6.0)];
            painter.add(Shape::convex_polygon(tri, WARN, outline));
            painter.text(top + egui::vec2(0.0, 1.0), egui::Align2::CENTER_CENTER, "!", egui::FontId::proportional(11.0), Color32::BLACK);
        }
    }
}

const START: Color32 = Color32::from_rgb(200, 200, 255);

/// Units starting inside a building: the game starts them at a vertex of the host's hall-way
/// and ignores their own place, so each host gets a badge with how many start inside it; the
/// line from a unit's stored place to its host is drawn for the selected ones only.
fn starts(painter: &Painter, v: &MissionView, m: &Mission, proj: &Projector) {
    let mut inside: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for (i, o) in m.objects.iter().enumerate().filter(|(_, o)| o.host >= 0) {
        let Some(host) = crate::doc::world::host(m, o.host) else { continue };
        *inside.entry(host).or_default() += 1;
        let chosen = v.selection.objects.contains(&i) || v.selection.objects.contains(&host);
        if chosen && let (Some(a), Some(h)) = (proj.to_screen(o.position), proj.to_screen(m.objects[host].position)) {
            painter.add(Shape::dashed_line(&[a, h], Stroke::new(1.5, START), 4.0, 3.0));
            painter.circle_filled(a, 3.0, START);
        }
    }
    for (host, n) in inside {
        if let Some(at) = proj.to_screen(m.objects[host].position) {
            let c = at + egui::vec2(14.0, -14.0);
            painter.circle(c, 8.0, Color32::from_rgb(40, 50, 110), Stroke::new(1.0, START));
            painter.text(c, egui::Align2::CENTER_CENTER, n.to_string(), egui::FontId::proportional(11.0), Color32::WHITE);
        }
    }
}
