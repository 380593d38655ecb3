//! The gizmo painted over the view at the selection's centre: three axis handles (x and y
//! along the ground, z up; the map has no z) that drag the selection along one axis, and a
//! ring on the ground that turns it about the vertical as R does. Its size stays the same on
//! the screen; the handle under the pointer is drawn in the highlight colour. Also the pure
//! geometry the drags use: where the pointer's ray comes closest to an axis, and at what angle
//! it meets the ground plane around the centre.

use super::camera::Projector;
pub use super::drag::Handle;
use super::overlays::HIGHLIGHT;
use super::scene::{to_parkan, to_scene};
use crate::render::Ray;
use egui::{Color32, Painter, Pos2, Shape, Stroke};

fn handle_color(h: Handle) -> Color32 {
    match h {
        Handle::X => Color32::from_rgb(230, 70, 70),
        Handle::Y => Color32::from_rgb(90, 200, 90),
        Handle::Z => Color32::from_rgb(80, 140, 255),
        Handle::Ring => Color32::from_rgb(235, 235, 235),
    }
}

/// How long an axis handle is on the screen, points.
pub const AXIS_POINTS: f32 = 72.0;
/// The ring's radius on the screen (measured at the centre), points.
pub const RING_POINTS: f32 = 52.0;
/// The axis handles start this far from the centre, points: a press nearer the centre takes
/// the object under it (a move on the ground).
pub const HOLLOW: f32 = 18.0;
/// How near the pointer must be to a handle to take it, points.
pub const REACH: f32 = 7.0;
const RING_STEPS: usize = 48;

/// The gizmo as it stands on the screen this frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Gizmo {
    /// The selection's centre (Parkan axes).
    pub centre: [f32; 3],
    pub at: Pos2,
    /// Each axis handle's tip on the screen.
    pub axes: Vec<(Handle, Pos2)>,
    /// The ring's points on the screen (closed), empty when it is not in view.
    pub ring: Vec<Pos2>,
}

/// The centre of objects' positions (`None` for none).
pub fn centre(points: impl Iterator<Item = [f32; 3]>) -> Option<[f32; 3]> {
    let (mut sum, mut n) = ([0.0f64; 3], 0usize);
    for p in points {
        for k in 0..3 {
            sum[k] += f64::from(p[k]);
        }
        n += 1;
    }
    (n > 0).then(|| sum.map(|s| (s / n as f64) as f32))
}

impl Gizmo {
    /// The gizmo at `centre`; the map (`map`) has no z handle. `None` when the centre is not
    /// in front of the camera.
    pub fn new(proj: &Projector, centre: [f32; 3], map: bool) -> Option<Gizmo> {
        let at = proj.to_screen(centre)?;
        let per = proj.units_per_point(to_scene(centre));
        let len = AXIS_POINTS * per;
        let mut axes = Vec::new();
        for h in [Handle::X, Handle::Y, Handle::Z] {
            if map && h == Handle::Z {
                continue;
            }
            let Some(a) = h.axis() else { continue };
            if let Some(tip) = proj.to_screen([centre[0] + a[0] * len, centre[1] + a[1] * len, centre[2] + a[2] * len]) {
                axes.push((h, tip));
            }
        }
        let r = RING_POINTS * per;
        let ring: Option<Vec<Pos2>> = (0..=RING_STEPS)
            .map(|k| {
                let t = k as f32 / RING_STEPS as f32 * std::f32::consts::TAU;
                proj.to_screen([centre[0] + r * t.cos(), centre[1] + r * t.sin(), centre[2]])
            })
            .collect();
        Some(Gizmo { centre, at, axes, ring: ring.unwrap_or_default() })
    }

    /// The handle under `p`: the nearest axis within [`REACH`] (but not within [`HOLLOW`] of
    /// the centre), else the ring.
    pub fn hit(&self, p: Pos2) -> Option<Handle> {
        let axis = self
            .axes
            .iter()
            .map(|(h, tip)| (*h, segment_distance(p, self.at + (*tip - self.at).normalized() * HOLLOW, *tip)))
            .filter(|(_, d)| *d <= REACH)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(h, _)| h);
        axis.or_else(|| (polyline_distance(p, &self.ring) <= REACH).then_some(Handle::Ring))
    }

    /// Paints it; `hot` (hovered or being dragged) in the highlight colour.
    pub fn paint(&self, painter: &Painter, hot: Option<Handle>) {
        let shadow = Stroke::new(5.0, Color32::from_black_alpha(140));
        let col = |h: Handle| if hot == Some(h) { HIGHLIGHT } else { handle_color(h) };
        if self.ring.len() > 1 {
            painter.add(Shape::line(self.ring.clone(), shadow));
            painter.add(Shape::line(self.ring.clone(), Stroke::new(if hot == Some(Handle::Ring) { 3.0 } else { 2.0 }, col(Handle::Ring))));
        }
        for (h, tip) in &self.axes {
            let w = if hot == Some(*h) { 4.0 } else { 2.5 };
            painter.line_segment([self.at, *tip], shadow);
            painter.line_segment([self.at, *tip], Stroke::new(w, col(*h)));
            painter.circle_filled(*tip, if hot == Some(*h) { 6.0 } else { 4.5 }, col(*h));
        }
        painter.circle_filled(self.at, 3.5, Color32::WHITE);
    }
}

/// The distance from `p` to the segment `a`–`b`.
pub fn segment_distance(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_sq();
    let t = if len2 > 1e-9 { ((p - a).dot(ab) / len2).clamp(0.0, 1.0) } else { 0.0 };
    (a + ab * t).distance(p)
}

/// The distance from `p` to a polyline (infinite for fewer than two points).
pub fn polyline_distance(p: Pos2, line: &[Pos2]) -> f32 {
    line.windows(2).map(|w| segment_distance(p, w[0], w[1])).fold(f32::INFINITY, f32::min)
}

/// How far along the axis through `centre` (Parkan axes, `axis` a unit vector) the point
/// nearest to `ray` lies; `None` when the ray runs along the axis.
pub fn along_axis(ray: Ray, centre: [f32; 3], axis: [f32; 3]) -> Option<f32> {
    let (c, a) = (to_scene(centre), to_scene(axis));
    let d = ray.dir;
    let w = c - ray.origin;
    let (aa, ad, dd) = (a.dot(a), a.dot(d), d.dot(d));
    let denom = aa * dd - ad * ad;
    if denom.abs() <= 1e-6 * aa * dd {
        return None;
    }
    let s = (ad * d.dot(w) - dd * a.dot(w)) / denom;
    s.is_finite().then_some(s)
}

/// Where `ray` meets the level plane through `centre` (Parkan axes).
pub fn on_level(ray: Ray, centre: [f32; 3]) -> Option<[f32; 3]> {
    let h = centre[2];
    if ray.dir.y.abs() <= 1e-6 {
        return None;
    }
    let t = (h - ray.origin.y) / ray.dir.y;
    (t >= 0.0 && t.is_finite()).then(|| to_parkan(ray.origin + ray.dir * t))
}

/// The angle about the vertical at which `ray` meets the level plane around `centre`.
pub fn angle_at(ray: Ray, centre: [f32; 3]) -> Option<f32> {
    let p = on_level(ray, centre)?;
    let (dx, dy) = (p[0] - centre[0], p[1] - centre[1]);
    (dx * dx + dy * dy > 1e-8).then(|| dy.atan2(dx))
}

/// A ray from a Parkan point along a Parkan direction (tests, benches).
pub fn ray_from(origin: [f32; 3], dir: [f32; 3]) -> Ray {
    Ray { origin: to_scene(origin), dir: to_scene(dir).normalize_or_zero() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gizmo() -> Gizmo {
        let at = Pos2::new(100.0, 100.0);
        let ring = (0..=RING_STEPS)
            .map(|k| {
                let t = k as f32 / RING_STEPS as f32 * std::f32::consts::TAU;
                at + egui::vec2(50.0 * t.cos(), 50.0 * t.sin())
            })
            .collect();
        Gizmo { centre: [0.0; 3], at, axes: vec![(Handle::X, Pos2::new(170.0, 100.0)), (Handle::Y, Pos2::new(100.0, 30.0)), (Handle::Z, Pos2::new(60.0, 60.0))], ring }
    }

    #[test]
    fn the_handle_under_the_pointer_is_the_nearest_axis_then_the_ring() {
        let g = gizmo();
        assert_eq!(g.hit(Pos2::new(165.0, 103.0)), Some(Handle::X), "near the x tip");
        assert_eq!(g.hit(Pos2::new(103.0, 40.0)), Some(Handle::Y));
        assert_eq!(g.hit(Pos2::new(75.0, 73.0)), Some(Handle::Z));
        // Where the x axis crosses the ring, the axis wins.
        assert_eq!(g.hit(Pos2::new(150.0, 101.0)), Some(Handle::X));
        assert_eq!(g.hit(Pos2::new(100.0, 152.0)), Some(Handle::Ring), "the ring below the centre");
        assert_eq!(g.hit(Pos2::new(100.0, 160.0)), None, "beyond reach");
        assert_eq!(g.hit(Pos2::new(130.0, 130.0)), None, "inside the ring, off the axes");
        assert_eq!(g.hit(Pos2::new(178.0, 100.0)), None, "past the x tip");
        assert_eq!(g.hit(Pos2::new(108.0, 100.0)), None, "the centre is left to the object");
    }

    #[test]
    fn the_gizmo_keeps_its_size_on_screen_and_the_map_has_no_z_handle() {
        use crate::render::OrbitCamera;
        let rect = egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(800.0, 600.0));
        let (lo, hi) = (glam::Vec3::new(0.0, -10.0, 0.0), glam::Vec3::new(1000.0, 50.0, 1000.0));
        for (map, pitch) in [(false, 0.6), (true, std::f32::consts::FRAC_PI_2)] {
            let mut cam = OrbitCamera::framing(lo, hi, 0.3, pitch, 800.0 / 600.0);
            cam.orthographic = map;
            let proj = Projector::new(cam, rect, 900.0);
            let g = Gizmo::new(&proj, [500.0, 500.0, 0.0], map).expect("the centre is in view");
            let handles: Vec<Handle> = g.axes.iter().map(|(h, _)| *h).collect();
            assert_eq!(handles, if map { vec![Handle::X, Handle::Y] } else { vec![Handle::X, Handle::Y, Handle::Z] });
            for (h, tip) in &g.axes {
                let len = tip.distance(g.at);
                assert!(len > 20.0 && len < AXIS_POINTS * 1.6, "{h:?} is {len} points long (map {map})");
                assert_eq!(g.hit(g.at + (*tip - g.at) * 0.6), Some(*h), "{h:?} (map {map})");
            }
            assert_eq!(g.ring.len(), RING_STEPS + 1);
            assert_eq!(g.hit(g.ring[7]), Some(Handle::Ring));
            assert_eq!(g.hit(g.at), None, "the centre is the object's");
        }
    }

    #[test]
    fn distances_to_segments_and_lines() {
        let (a, b) = (Pos2::new(0.0, 0.0), Pos2::new(10.0, 0.0));
        assert_eq!(segment_distance(Pos2::new(5.0, 3.0), a, b), 3.0);
        assert_eq!(segment_distance(Pos2::new(-4.0, 3.0), a, b), 5.0);
        assert_eq!(segment_distance(Pos2::new(1.0, 1.0), a, a), 2f32.sqrt());
        assert_eq!(polyline_distance(Pos2::new(0.0, 0.0), &[a]), f32::INFINITY);
    }

    #[test]
    fn a_ray_meets_an_axis_where_it_passes_nearest() {
        // Straight down onto (30, 5): 30 along x from the origin, 5 along y.
        let down = ray_from([30.0, 5.0, 100.0], [0.0, 0.0, -1.0]);
        assert!((along_axis(down, [0.0; 3], [1.0, 0.0, 0.0]).unwrap() - 30.0).abs() < 1e-3);
        assert!((along_axis(down, [0.0; 3], [0.0, 1.0, 0.0]).unwrap() - 5.0).abs() < 1e-3);
        assert_eq!(along_axis(down, [0.0; 3], [0.0, 0.0, 1.0]), None, "the ray runs along z");
        // Level, towards +y, 12 above the ground: meets the z axis at 12.
        let level = ray_from([0.0, -50.0, 12.0], [0.0, 1.0, 0.0]);
        assert!((along_axis(level, [0.0; 3], [0.0, 0.0, 1.0]).unwrap() - 12.0).abs() < 1e-3);
    }

    #[test]
    fn the_ring_angle_is_measured_on_the_level_plane() {
        let c = [10.0, 10.0, 4.0];
        let a = angle_at(ray_from([10.0, 20.0, 50.0], [0.0, 0.0, -1.0]), c).unwrap();
        assert!((a - std::f32::consts::FRAC_PI_2).abs() < 1e-5);
        assert_eq!(angle_at(ray_from([10.0, 10.0, 50.0], [0.0, 0.0, -1.0]), c), None, "at the centre");
        assert_eq!(on_level(ray_from([0.0, 0.0, 50.0], [0.0, 0.0, 1.0]), c), None, "looking away");
    }

    #[test]
    fn the_centre_of_positions() {
        assert_eq!(centre([[0.0, 0.0, 0.0], [10.0, 4.0, 2.0]].into_iter()), Some([5.0, 2.0, 1.0]));
        assert_eq!(centre(std::iter::empty()), None);
    }
}
