//! The navigation map's areals as a layer of the mission view: the `Land.map` beside the
//! mission's landscape (docs/formats/land-map.md), read with the scene on the worker, and each
//! areal's polygon painted on the ground, outline and translucent fill (lakes in deeper blue),
//! in the map and in perspective.

use crate::doc::resolve::assets::Found;
use crate::doc::resolve::world::{GameFolder, MapFiles};
use crate::formats::landmap::LandMap;
use crate::formats::readings::Readings;
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke};

/// One areal's polygon (Parkan axes, counter-clockwise) and whether it is a lake.
#[derive(Debug, Clone, PartialEq)]
pub struct ArealShape {
    pub vertices: Vec<[f32; 3]>,
    pub lake: bool,
}

/// The folder part of a relative path (`\` or `/`), empty for none.
fn dir_of(path: &str) -> &str {
    path.rfind(['/', '\\']).map_or("", |i| &path[..i])
}

/// The areals of the `Land.map` beside the landscape (in the map's folder without one): none
/// when the folder has no such file, the reason when it does not read.
pub fn read(game: &GameFolder, map: &MapFiles, readings: &Readings) -> Result<Vec<ArealShape>, String> {
    let dir = map.landscape.as_ref().map_or(map.folder.as_str(), |l| dir_of(&l.origin));
    let rel = if dir.is_empty() { "Land.map".to_string() } else { format!("{dir}/Land.map") };
    match game.read(&rel) {
        Found::Yes(b) => {
            let (lm, _) = LandMap::parse_with(b.bytes.clone(), readings.land_map_sub_block).map_err(|e| format!("{}: {e}", b.origin))?;
            Ok(lm.map.areals.iter().map(|a| ArealShape { vertices: a.vertices.clone(), lake: a.is_lake() }).collect())
        }
        Found::Missing { .. } => Ok(Vec::new()),
        other => Err(other.why("Land.map").map(|m| m.to_string()).unwrap_or_default()),
    }
}

const LAND: Color32 = Color32::from_rgb(90, 220, 235);
const LAKE: Color32 = Color32::from_rgb(60, 110, 255);

/// Paints every areal in `rect` (`to_screen` lays a Parkan point on the ground and projects
/// it): one mesh of the fills, then the outlines; or why there are none.
pub fn paint(painter: &Painter, areals: &Result<Vec<ArealShape>, String>, rect: Rect, to_screen: impl Fn([f32; 3]) -> Option<Pos2>) {
    let shapes = match areals {
        Ok(s) => s,
        Err(e) => {
            let text = crate::tr!("mission-view-areals-error", error = e.as_str());
            painter.text(rect.left_bottom() + egui::vec2(8.0, -8.0), egui::Align2::LEFT_BOTTOM, text, egui::FontId::proportional(12.0), painter.ctx().global_style().visuals.warn_fg_color);
            return;
        }
    };
    if shapes.is_empty() {
        let text = crate::tr!("mission-view-areals-none");
        painter.text(rect.left_bottom() + egui::vec2(8.0, -8.0), egui::Align2::LEFT_BOTTOM, text, egui::FontId::proportional(12.0), painter.ctx().global_style().visuals.weak_text_color());
        return;
    }
    let mut mesh = egui::Mesh::default();
    let mut lines = Vec::new();
    for a in shapes {
        let Some(pts) = a.vertices.iter().map(|v| to_screen(*v)).collect::<Option<Vec<Pos2>>>() else { continue };
        if pts.len() < 3 || !Rect::from_points(&pts).intersects(rect) {
            continue;
        }
        let col = if a.lake { LAKE } else { LAND };
        fan(&mut mesh, &pts, col.gamma_multiply(if a.lake { 0.35 } else { 0.18 }));
        lines.push(Shape::closed_line(pts, Stroke::new(1.2, col.gamma_multiply(0.85))));
    }
    painter.add(Shape::mesh(mesh));
    painter.extend(lines);
}

/// A polygon's fill, triangulated by ear clipping: an areal may be concave (a lake's shore, a
/// pass between hills), which a fan about its centre would paint outside its outline. Either
/// winding; a polygon that crosses itself (no ear left) has its rest fanned from one corner.
fn fan(mesh: &mut egui::Mesh, pts: &[Pos2], fill: Color32) {
    let base = mesh.vertices.len() as u32;
    for p in pts {
        mesh.colored_vertex(*p, fill);
    }
    for [a, b, c] in ears(pts) {
        mesh.add_triangle(base + a as u32, base + b as u32, base + c as u32);
    }
}

fn cross(o: Pos2, a: Pos2, b: Pos2) -> f32 {
    (a - o).x * (b - o).y - (a - o).y * (b - o).x
}

/// The triangles (corner indices) that cover the simple polygon `pts`: O(n²), n is an
/// areal's corners (tens).
fn ears(pts: &[Pos2]) -> Vec<[usize; 3]> {
    let n = pts.len();
    let mut out = Vec::with_capacity(n.saturating_sub(2));
    if n < 3 {
        return out;
    }
    // Twice the signed area: its sign is the winding a convex corner turns with.
    let area: f32 = (0..n).map(|i| cross(Pos2::ZERO, pts[i], pts[(i + 1) % n])).sum();
    let turn = if area >= 0.0 { 1.0 } else { -1.0 };
    let mut left: Vec<usize> = (0..n).collect();
    let inside = |p: Pos2, a: Pos2, b: Pos2, c: Pos2| {
        let (d1, d2, d3) = (cross(a, b, p) * turn, cross(b, c, p) * turn, cross(c, a, p) * turn);
        d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
    };
    while left.len() > 3 {
        let m = left.len();
        let ear = (0..m).find(|&k| {
            let (a, b, c) = (left[(k + m - 1) % m], left[k], left[(k + 1) % m]);
            cross(pts[a], pts[b], pts[c]) * turn > 0.0
                && !left.iter().any(|&j| j != a && j != b && j != c && pts[j] != pts[a] && pts[j] != pts[b] && pts[j] != pts[c] && inside(pts[j], pts[a], pts[b], pts[c]))
        });
        let Some(k) = ear else { break };
        out.push([left[(k + m - 1) % m], left[k], left[(k + 1) % m]]);
        left.remove(k);
    }
    for k in 1..left.len() - 1 {
        out.push([left[0], left[k], left[k + 1]]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::landmap::{Areal, ArealMap, Link};

    fn square(x: f32, class: u32) -> Areal {
        let vertices = vec![[x, 0.0, 1.0], [x + 10.0, 0.0, 1.0], [x + 10.0, 10.0, 1.0], [x, 10.0, 1.0]];
        Areal { centre: [x + 5.0, 5.0], reserved: [0.0; 2], area: 100.0, normal: [0.0, 0.0, 1.0], words: [1, 0, class, 0], links: vec![Link::BORDER; 4], vertices, sub_blocks: Vec::new() }
    }

    #[test]
    fn the_areals_are_read_beside_the_landscape_and_a_bad_file_says_why() {
        let map = ArealMap { areals: vec![square(0.0, 1), square(10.0, 240)], across: 1, down: 1, cells: vec![vec![0, 1]] };
        let bytes = LandMap::new(map).unwrap().write().unwrap();
        let files = |b: Vec<u8>| GameFolder::in_memory([("DATA/MAPS/Sc/land.msh".to_string(), vec![0u8; 4]), ("DATA/MAPS/Sc/Land.map".to_string(), b)]);
        let landscape = Some(crate::doc::resolve::assets::Beside { origin: "data/maps/sc/land.msh".into(), bytes: vec![0u8; 4].into() });
        let at = MapFiles { folder: "DATA\\MAPS\\Other".into(), landscape };
        let r = Readings::default();
        let shapes = read(&files(bytes.clone()), &at, &r).unwrap();
        assert_eq!(shapes.len(), 2);
        assert_eq!((shapes[0].lake, shapes[1].lake), (false, true));
        assert_eq!(shapes[1].vertices[1], [20.0, 0.0, 1.0]);
        // No landscape: the map's folder; no file there: no areals.
        let folder = MapFiles { folder: "DATA\\MAPS\\Sc".into(), landscape: None };
        assert_eq!(read(&files(bytes.clone()), &folder, &r).unwrap().len(), 2);
        let elsewhere = MapFiles { folder: "DATA\\MAPS\\None".into(), landscape: None };
        assert_eq!(read(&files(bytes.clone()), &elsewhere, &r), Ok(Vec::new()));
        let err = read(&files(bytes[..bytes.len() / 2].to_vec()), &at, &r).unwrap_err();
        assert!(err.to_ascii_lowercase().contains("land.map") && err.contains("total_size"), "names the file and what is wrong: {err}");
    }

    /// Twice the area a triangle list covers, and whether each triangle's centre lies inside
    /// the polygon (even-odd).
    fn covered(pts: &[Pos2], tris: &[[usize; 3]]) -> (f32, bool) {
        let inside = |p: Pos2| {
            let mut odd = false;
            for i in 0..pts.len() {
                let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                    odd = !odd;
                }
            }
            odd
        };
        let area = tris.iter().map(|t| cross(pts[t[0]], pts[t[1]], pts[t[2]]).abs()).sum();
        let all_in = tris.iter().all(|t| inside(Pos2::new((pts[t[0]].x + pts[t[1]].x + pts[t[2]].x) / 3.0, (pts[t[0]].y + pts[t[1]].y + pts[t[2]].y) / 3.0)));
        (area, all_in)
    }

    #[test]
    fn a_fill_covers_convex_and_concave_polygons_exactly_in_either_winding() {
        let square = [Pos2::new(0.0, 0.0), Pos2::new(4.0, 0.0), Pos2::new(4.0, 4.0), Pos2::new(0.0, 4.0)];
        let mut mesh = egui::Mesh::default();
        fan(&mut mesh, &square, Color32::WHITE);
        assert_eq!((mesh.vertices.len(), mesh.indices.len()), (4, 6));
        // An L and a comb (three teeth): a fan about the centre would spill out of both.
        let l = [(0.0, 0.0), (6.0, 0.0), (6.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)].map(|(x, y)| Pos2::new(x, y));
        let comb = [(0.0, 0.0), (7.0, 0.0), (7.0, 5.0), (6.0, 5.0), (6.0, 1.0), (4.0, 1.0), (4.0, 5.0), (3.0, 5.0), (3.0, 1.0), (1.0, 1.0), (1.0, 5.0), (0.0, 5.0)].map(|(x, y)| Pos2::new(x, y));
        for (pts, twice_area) in [(&square[..], 32.0), (&l[..], 40.0), (&comb[..], 38.0)] {
            for reversed in [false, true] {
                let mut p = pts.to_vec();
                if reversed {
                    p.reverse();
                }
                let tris = ears(&p);
                assert_eq!(tris.len(), p.len() - 2);
                let (area, all_in) = covered(&p, &tris);
                assert!((area - twice_area).abs() < 1e-3 && all_in, "{p:?}: covers {area}, inside {all_in}");
            }
        }
        // Too few corners: nothing; a bow tie (crossing itself) still gets n - 2 triangles.
        assert!(ears(&square[..2]).is_empty());
        let bow = [Pos2::new(0.0, 0.0), Pos2::new(4.0, 4.0), Pos2::new(4.0, 0.0), Pos2::new(0.0, 4.0)];
        assert_eq!(ears(&bow).len(), 2);
    }
}
