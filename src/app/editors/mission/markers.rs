//! The markers the view paints over the scene ([`super::overlays`]) as things to click and
//! drag: a clan's base, a zone's centre and the edges of its two rings, a route's corners and
//! edges, a lode. Hit-testing happens in screen space (the projector of the frame) with the
//! same ground placement the overlays draw with, so what is seen is what is hit; and the edit
//! a drag of each makes. The view's gestures act on them in [`super::marker_drag`].

use super::camera::Layers;
use super::edits::MissionOp;
use super::selection::Marker;
use crate::formats::tma::{Mission, Zones};
use egui::Pos2;

/// How near (points) the pointer must be to a point marker, and to a line.
pub const POINT_RADIUS: f32 = 9.0;
pub const LINE_RADIUS: f32 = 5.0;

/// A marker under the pointer, and which part of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Hit {
    Base(usize),
    ZoneCentre { clan: usize, zone: usize },
    /// A zone's ring: the outer one or the inner one.
    ZoneEdge { clan: usize, zone: usize, outer: bool },
    RoutePoint { route: usize, point: usize },
    /// The edge from corner `after` to the next, at the ground point `at` nearest the pointer.
    RouteEdge { route: usize, after: usize, at: [f32; 3] },
    Lode(usize),
}

impl Hit {
    /// What selecting the hit selects.
    pub fn marker(self) -> Marker {
        match self {
            Hit::Base(c) => Marker::Base(c),
            Hit::ZoneCentre { clan, zone } | Hit::ZoneEdge { clan, zone, .. } => Marker::Zone { clan, zone },
            Hit::RoutePoint { route, point } => Marker::Route { route, point: Some(point) },
            Hit::RouteEdge { route, .. } => Marker::Route { route, point: None },
            Hit::Lode(l) => Marker::Lode(l),
        }
    }

    /// Whether the Clans tab edits it (else the Routes tab).
    pub fn of_clan(self) -> bool {
        matches!(self, Hit::Base(_) | Hit::ZoneCentre { .. } | Hit::ZoneEdge { .. })
    }
}

/// The marker drag under way.
#[derive(Debug, Clone, Default)]
pub struct MarkerState {
    /// What the primary press landed on, while the button is down.
    pub pressed: Option<Hit>,
    /// Frames of the current drag sent so far.
    pub moved: bool,
    /// Where the pointer was when the last frame of the drag was sent (a still pointer sends
    /// nothing).
    pub last: Option<Pos2>,
}

fn dist_to_segment(p: Pos2, a: Pos2, b: Pos2) -> (f32, f32) {
    let ab = b - a;
    let len2 = ab.length_sq();
    let t = if len2 <= f32::EPSILON { 0.0 } else { ((p - a).dot(ab) / len2).clamp(0.0, 1.0) };
    ((a + ab * t).distance(p), t)
}

fn dist_to_polyline(p: Pos2, pts: &[Pos2]) -> f32 {
    pts.windows(2).map(|w| dist_to_segment(p, w[0], w[1]).0).fold(f32::INFINITY, f32::min)
}

/// The marker under `at`: points (bases, route corners, lodes, zone centres) before lines
/// (ring edges, route edges), the nearest of each. `screen` places a Parkan point on the
/// view as the overlays draw it (on the ground).
pub fn hit_test(m: &Mission, layers: &Layers, at: Pos2, screen: &dyn Fn([f32; 3]) -> Option<Pos2>) -> Option<Hit> {
    let mut best: Option<(f32, Hit)> = None;
    let consider = |d: f32, h: Hit, radius: f32, best: &mut Option<(f32, Hit)>| {
        if d <= radius && best.is_none_or(|(b, _)| d < b) {
            *best = Some((d, h));
        }
    };
    let near = |p: [f32; 3]| screen(p).map_or(f32::INFINITY, |s| s.distance(at));
    if layers.bases {
        for (c, clan) in m.clans.iter().enumerate() {
            consider(near([clan.base[0], clan.base[1], 0.0]), Hit::Base(c), POINT_RADIUS, &mut best);
        }
    }
    if layers.routes {
        for (r, route) in m.routes.iter().enumerate() {
            for (k, p) in route.points.iter().enumerate() {
                consider(near(*p), Hit::RoutePoint { route: r, point: k }, POINT_RADIUS, &mut best);
            }
        }
    }
    if layers.lodes {
        for (l, lode) in m.lodes.iter().enumerate() {
            consider(near(lode.position), Hit::Lode(l), POINT_RADIUS, &mut best);
        }
    }
    if layers.zones {
        for (c, clan) in m.clans.iter().enumerate() {
            if let Zones::List(zones) = &clan.zones {
                for (z, zone) in zones.iter().enumerate() {
                    consider(near(zone.centre), Hit::ZoneCentre { clan: c, zone: z }, POINT_RADIUS, &mut best);
                }
            }
        }
    }
    if best.is_some() {
        return best.map(|(_, h)| h);
    }
    if layers.zones {
        for (c, clan) in m.clans.iter().enumerate() {
            let Zones::List(zones) = &clan.zones else { continue };
            for (z, zone) in zones.iter().enumerate() {
                for (outer, radius) in [(true, zone.outer), (false, zone.inner)] {
                    if !(radius.is_finite() && radius > 0.0) {
                        continue;
                    }
                    let ring: Vec<Pos2> = (0..=48)
                        .filter_map(|k| {
                            let a = k as f32 / 48.0 * std::f32::consts::TAU;
                            screen([zone.centre[0] + radius * a.cos(), zone.centre[1] + radius * a.sin(), zone.centre[2]])
                        })
                        .collect();
                    consider(dist_to_polyline(at, &ring), Hit::ZoneEdge { clan: c, zone: z, outer }, LINE_RADIUS, &mut best);
                }
            }
        }
    }
    if layers.routes {
        for (r, route) in m.routes.iter().enumerate() {
            let n = route.points.len();
            if n < 2 {
                continue;
            }
            for k in 0..n {
                let (a, b) = (route.points[k], route.points[(k + 1) % n]);
                let (Some(sa), Some(sb)) = (screen(a), screen(b)) else { continue };
                let (d, t) = dist_to_segment(at, sa, sb);
                let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
                consider(d, Hit::RouteEdge { route: r, after: k, at: p }, LINE_RADIUS, &mut best);
            }
        }
    }
    best.map(|(_, h)| h)
}

/// The edit that puts the dragged part of `hit` at the ground point `g` (Parkan axes).
pub fn drag_op(m: &Mission, hit: Hit, g: [f32; 3]) -> Option<MissionOp> {
    match hit {
        Hit::Base(c) => Some(MissionOp::SetClanBase(c, [g[0], g[1]])),
        Hit::ZoneCentre { clan, zone } | Hit::ZoneEdge { clan, zone, .. } => {
            let Zones::List(zones) = &m.clans.get(clan)?.zones else { return None };
            let mut zones = zones.clone();
            let z = zones.get_mut(zone)?;
            match hit {
                Hit::ZoneEdge { outer, .. } => {
                    let r = ((g[0] - z.centre[0]).powi(2) + (g[1] - z.centre[1]).powi(2)).sqrt();
                    *(if outer { &mut z.outer } else { &mut z.inner }) = r;
                }
                _ => z.centre = g,
            }
            Some(MissionOp::SetClanZones(clan, zones))
        }
        Hit::RoutePoint { route, point } => Some(MissionOp::SetRoutePoint { route, point, at: g }),
        Hit::Lode(l) => {
            let mut lode = *m.lodes.get(l)?;
            lode.position = g;
            Some(MissionOp::SetLode(l, lode))
        }
        Hit::RouteEdge { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::tma::{Clan, Lode, Route, Text, Zone};

    /// A top-down screen: one point per unit, y down.
    fn flat(p: [f32; 3]) -> Option<Pos2> {
        Some(Pos2::new(p[0], -p[1]))
    }

    fn mission() -> Mission {
        let mut m = Mission::default();
        let mut c = Clan::new(Text::from("A"), 1);
        c.base = [100.0, -100.0];
        c.zones = Zones::List(vec![Zone { kind: 1, centre: [300.0, -300.0, 0.0], inner: 20.0, outer: 50.0 }]);
        m.clans.push(c);
        m.routes.push(Route { id: 1, points: vec![[0.0, 0.0, 0.0], [200.0, 0.0, 0.0], [200.0, -200.0, 0.0]] });
        m.lodes.push(Lode { position: [500.0, -500.0, 0.0], found: 0, kind: 0, amount: 1.0, extra: 0 });
        m
    }

    #[test]
    fn points_win_over_lines_and_each_marker_is_found() {
        let m = mission();
        let l = Layers::default();
        let at = |x: f32, y: f32| hit_test(&m, &l, Pos2::new(x, y), &flat);
        assert_eq!(at(102.0, 99.0), Some(Hit::Base(0)));
        assert_eq!(at(200.0, 3.0), Some(Hit::RoutePoint { route: 0, point: 1 }), "a corner, not its edges");
        assert_eq!(at(500.0, 505.0), Some(Hit::Lode(0)));
        assert_eq!(at(300.0, 300.0), Some(Hit::ZoneCentre { clan: 0, zone: 0 }));
        assert_eq!(at(350.0, 302.0), Some(Hit::ZoneEdge { clan: 0, zone: 0, outer: true }));
        assert_eq!(at(320.5, 300.0), Some(Hit::ZoneEdge { clan: 0, zone: 0, outer: false }));
        match at(60.0, 2.0) {
            Some(Hit::RouteEdge { route: 0, after: 0, at }) => assert!((at[0] - 60.0).abs() < 1e-3 && at[1].abs() < 1e-3),
            other => panic!("{other:?}"),
        }
        assert_eq!(at(700.0, 700.0), None);
        let off = Layers { lodes: false, ..l };
        assert_eq!(hit_test(&m, &off, Pos2::new(500.0, 500.0), &flat), None, "a hidden layer is not hit");
    }

    #[test]
    fn a_drag_moves_the_part_it_holds() {
        let m = mission();
        assert_eq!(drag_op(&m, Hit::Base(0), [1.0, 2.0, 3.0]), Some(MissionOp::SetClanBase(0, [1.0, 2.0])));
        let Some(MissionOp::SetClanZones(0, z)) = drag_op(&m, Hit::ZoneEdge { clan: 0, zone: 0, outer: true }, [300.0, -380.0, 0.0]) else { panic!() };
        assert_eq!((z[0].inner, z[0].outer, z[0].centre), (20.0, 80.0, [300.0, -300.0, 0.0]));
        let Some(MissionOp::SetClanZones(0, z)) = drag_op(&m, Hit::ZoneCentre { clan: 0, zone: 0 }, [10.0, 20.0, 5.0]) else { panic!() };
        assert_eq!((z[0].centre, z[0].outer), ([10.0, 20.0, 5.0], 50.0));
        assert_eq!(drag_op(&m, Hit::RoutePoint { route: 0, point: 2 }, [1.0, 1.0, 1.0]), Some(MissionOp::SetRoutePoint { route: 0, point: 2, at: [1.0, 1.0, 1.0] }));
        let Some(MissionOp::SetLode(0, l)) = drag_op(&m, Hit::Lode(0), [7.0, 8.0, 9.0]) else { panic!() };
        assert_eq!((l.position, l.amount), ([7.0, 8.0, 9.0], 1.0));
        assert_eq!(drag_op(&m, Hit::Lode(3), [0.0; 3]), None, "out of range is no edit");
    }
}
