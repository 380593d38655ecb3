//! The Routes tab: the routes listed (id, corners), the selected one's corners typed, a corner
//! inserted after the selected one (midway to the next) or removed, routes added (a triangle at
//! the view's centre on the ground) and removed; the lodes listed with their position, amount
//! and their found and kind words, added at the view's centre, moved, removed, the amount
//! edited. Each change is one undo step; a dragged number is one however long the drag.

use super::edits::{MissionOp, new_lode};
use super::asked::Asked;
use super::selection::{Marker, Selection};
use crate::formats::tma::{Lode, Mission, gate};
use crate::tr;
use egui::Ui;

/// The size of a new route's triangle and a new lode's amount.
pub const NEW_ROUTE_RADIUS: f32 = 40.0;
pub const NEW_LODE_AMOUNT: f32 = 5000.0;

/// A new route's corners: a triangle around `centre`.
pub fn new_route(centre: [f32; 3]) -> Vec<[f32; 3]> {
    (0..3)
        .map(|k| {
            let a = k as f32 / 3.0 * std::f32::consts::TAU;
            [centre[0] + NEW_ROUTE_RADIUS * a.cos(), centre[1] + NEW_ROUTE_RADIUS * a.sin(), centre[2]]
        })
        .collect()
}

/// Where a corner inserted after `k` goes: midway to the next corner (the polygon closes).
pub fn midpoint_after(points: &[[f32; 3]], k: usize) -> Option<[f32; 3]> {
    let a = points.get(k)?;
    let b = points.get((k + 1) % points.len())?;
    Some([(a[0] + b[0]) * 0.5, (a[1] + b[1]) * 0.5, (a[2] + b[2]) * 0.5])
}

fn xyz(ui: &mut Ui, p: &mut [f32; 3], out: &mut Asked) {
    ui.horizontal(|ui| {
        for (axis, c) in ["x", "y", "z"].iter().zip(p.iter_mut()) {
            let r = ui.add(egui::DragValue::new(c).speed(0.5).prefix(format!("{axis} ")).max_decimals(2));
            out.end_drag |= r.drag_stopped() || r.lost_focus();
        }
    });
}

/// Draws the tab. `centre` is the view's centre on the ground (where new things go).
pub fn show(ui: &mut Ui, m: &Mission, sel: &mut Selection, centre: Option<[f32; 3]>, out: &mut Asked) {
    let centre = centre.unwrap_or([0.0; 3]);
    let (cur_route, cur_point) = match sel.marker {
        Some(Marker::Route { route, point }) if route < m.routes.len() => (Some(route), point.filter(|&k| k < m.routes[route].points.len())),
        _ => (None, None),
    };
    ui.strong(tr!("mission-routes", n = m.routes.len()));
    for (r, route) in m.routes.iter().enumerate() {
        let text = tr!("mission-route-row", id = route.id.to_string(), n = route.points.len());
        if ui.selectable_label(cur_route == Some(r), text).clicked() {
            *sel = Selection { objects: Default::default(), marker: Some(Marker::Route { route: r, point: None }) };
        }
    }
    ui.horizontal(|ui| {
        if ui.button(tr!("mission-route-add")).clicked() {
            out.ops.push((MissionOp::AddRoute(new_route(centre)), None));
        }
        if let Some(r) = cur_route
            && ui.button(tr!("mission-route-remove")).clicked()
        {
            out.ops.push((MissionOp::RemoveRoute(r), None));
        }
    });
    if let Some(r) = cur_route {
        let route = &m.routes[r];
        ui.separator();
        ui.strong(tr!("mission-route-corners", id = route.id.to_string()));
        egui::Grid::new("mission-route-corners").num_columns(2).spacing([6.0, 3.0]).show(ui, |ui| {
            for (k, p) in route.points.iter().enumerate() {
                if ui.selectable_label(cur_point == Some(k), format!("{}", k + 1)).accessible_name(tr!("mission-route-corner", i = (k + 1).to_string())).clicked() {
                    sel.marker = Some(Marker::Route { route: r, point: Some(k) });
                }
                let mut q = *p;
                xyz(ui, &mut q, out);
                if q != *p {
                    out.ops.push((MissionOp::SetRoutePoint { route: r, point: k, at: q }, Some("mission-route-point")));
                }
                ui.end_row();
            }
        });
        ui.horizontal(|ui| {
            let after = cur_point.unwrap_or(route.points.len().saturating_sub(1));
            if ui.button(tr!("mission-route-insert")).on_hover_text(tr!("mission-route-insert-tip")).clicked() {
                let at = midpoint_after(&route.points, after).unwrap_or(centre);
                out.ops.push((MissionOp::InsertRoutePoint { route: r, at_index: after + 1, at }, None));
                sel.marker = Some(Marker::Route { route: r, point: Some((after + 1).min(route.points.len())) });
            }
            if let Some(k) = cur_point
                && ui.button(tr!("mission-route-remove-point")).clicked()
            {
                out.ops.push((MissionOp::RemoveRoutePoint { route: r, point: k }, None));
            }
        });
    }
    ui.separator();
    lodes(ui, m, sel, centre, out);
}

fn lodes(ui: &mut Ui, m: &Mission, sel: &mut Selection, centre: [f32; 3], out: &mut Asked) {
    ui.strong(tr!("mission-lodes", n = m.lodes.len()));
    if m.object_version < gate::LODES {
        ui.weak(tr!("mission-lodes-version", version = m.object_version.to_string()));
        return;
    }
    let current = match sel.marker {
        Some(Marker::Lode(l)) => Some(l),
        _ => None,
    };
    egui::Grid::new("mission-lodes").num_columns(4).spacing([6.0, 3.0]).striped(true).show(ui, |ui| {
        for (l, lode) in m.lodes.iter().enumerate() {
            if ui.selectable_label(current == Some(l), tr!("mission-lode-row", i = (l + 1).to_string())).on_hover_text(words(lode)).clicked() {
                sel.objects.clear();
                sel.marker = Some(Marker::Lode(l));
            }
            let mut q = *lode;
            xyz(ui, &mut q.position, out);
            let r = ui.add(egui::DragValue::new(&mut q.amount).speed(10.0).range(0.0..=1.0e9).prefix(tr!("mission-lode-amount")).max_decimals(1));
            out.end_drag |= r.drag_stopped() || r.lost_focus();
            if q != *lode && q.position.iter().all(|f| f.is_finite()) {
                out.ops.push((MissionOp::SetLode(l, q), Some("mission-lode")));
            }
            if ui.small_button("×").on_hover_text(tr!("mission-lode-remove")).clicked() {
                out.ops.push((MissionOp::RemoveLode(l), None));
            }
            ui.end_row();
        }
    });
    if let Some(l) = current.and_then(|l| m.lodes.get(l)) {
        ui.weak(words(l));
    }
    if ui.button(tr!("mission-lode-add")).on_hover_text(tr!("mission-lode-add-tip")).clicked() {
        out.ops.push((MissionOp::AddLode(new_lode(centre, NEW_LODE_AMOUNT)), None));
    }
}

/// The lode's found and kind words, as read.
fn words(l: &Lode) -> String {
    tr!("mission-lode-words", found = l.found.to_string(), kind = format!("0x{:08X}", l.kind), extra = format!("0x{:08X}", l.extra))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_goes_midway_and_the_polygon_closes() {
        let pts = [[0.0, 0.0, 0.0], [10.0, 0.0, 2.0], [10.0, 10.0, 0.0]];
        assert_eq!(midpoint_after(&pts, 0), Some([5.0, 0.0, 1.0]));
        assert_eq!(midpoint_after(&pts, 2), Some([5.0, 5.0, 0.0]), "the last edge goes back to the first corner");
        assert_eq!(midpoint_after(&pts, 3), None);
        assert_eq!(midpoint_after(&[], 0), None);
    }

    #[test]
    fn a_new_route_is_a_triangle_around_the_centre() {
        let r = new_route([100.0, 200.0, 5.0]);
        assert_eq!(r.len(), 3);
        for p in &r {
            let d = ((p[0] - 100.0).powi(2) + (p[1] - 200.0).powi(2)).sqrt();
            assert!((d - NEW_ROUTE_RADIUS).abs() < 1e-3 && p[2] == 5.0);
        }
    }
}
