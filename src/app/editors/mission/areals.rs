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
/// it): one mesh of fans for the fills, then the outlines; or why there are none.
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

/// A polygon's fill as a fan about its centre (areals are convex).
fn fan(mesh: &mut egui::Mesh, pts: &[Pos2], fill: Color32) {
    let n = pts.len() as f32;
    let c = pts.iter().fold(Pos2::ZERO, |s, p| s + p.to_vec2() / n);
    let base = mesh.vertices.len() as u32;
    mesh.colored_vertex(c, fill);
    for p in pts {
        mesh.colored_vertex(*p, fill);
    }
    let k = pts.len() as u32;
    for i in 0..k {
        mesh.add_triangle(base, base + 1 + i, base + 1 + (i + 1) % k);
    }
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

    #[test]
    fn a_fan_covers_the_polygon() {
        let mut mesh = egui::Mesh::default();
        fan(&mut mesh, &[Pos2::new(0.0, 0.0), Pos2::new(4.0, 0.0), Pos2::new(4.0, 4.0), Pos2::new(0.0, 4.0)], Color32::WHITE);
        assert_eq!(mesh.vertices.len(), 5);
        assert_eq!(mesh.indices.len(), 12);
        assert_eq!(mesh.vertices[0].pos, Pos2::new(2.0, 2.0));
    }
}
