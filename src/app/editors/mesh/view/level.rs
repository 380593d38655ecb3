//! The 3D view of an X-Ray level (a `level`, or a `level.geom` with a `level` beside it): the
//! scene the scene layer builds from the visuals, the optional LOD-facet and FASTPATH layers,
//! and a side section with each shader's colour, engine shader and textures, the picked
//! visual (index, type, shader, textures, GCONTAINER, window, place in the hierarchy) and a
//! tree of sectors → hierarchy visuals → children.

use super::{MeshView, Selection};
use crate::scene::level_pick::{LevelPick, visual_of};
use egui::{Color32, RichText, Sense, Ui};
use crate::tr;

fn swatch(ui: &mut Ui, rgba: [f32; 4]) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), Sense::hover());
    let c = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    ui.painter().rect_filled(r, 2.0, Color32::from_rgb(c(rgba[0]), c(rgba[1]), c(rgba[2])));
}

/// Selects the first part of the node drawn for `visual`, or the node alone.
fn select_visual(v: &mut MeshView, visual: usize) {
    let Some(b) = v.built() else { return };
    let prefix = format!("visual_{visual}_");
    let Some(node) = b.scene.nodes.iter().position(|n| n.name.starts_with(&prefix)) else { return };
    let part = b.scene.parts.iter().position(|p| p.node == node);
    v.selected = part.map(|part| Selection { node, part, triangle: None });
}

/// The picked visual, if the selection is one.
fn picked(v: &MeshView) -> Option<usize> {
    let b = v.built()?;
    let sel = v.selected?;
    b.scene.parts.get(sel.part).and_then(|p| visual_of(&p.label)).or_else(|| {
        let name = &b.scene.nodes.get(sel.node)?.name;
        name.strip_prefix("visual_")?.split('_').next()?.parse().ok()
    })
}

/// The level's side section: layers, the picked visual, shaders, the sector tree.
pub fn side(ui: &mut Ui, v: &mut MeshView, pick: &LevelPick) {
    ui.horizontal_wrapped(|ui| {
        ui.toggle_value(&mut v.level_layers.lod_facets, tr!("level-lod-facets")).on_hover_text(tr!("level-lod-facets-tip"));
        ui.toggle_value(&mut v.level_layers.fastpath, "FASTPATH").on_hover_text(tr!("level-fastpath-tip"));
        ui.toggle_value(&mut v.level_layers.portals, tr!("level-portals")).on_hover_text(tr!("level-portals-tip"));
    });
    ui.weak(tr!("level-counts", sectors = pick.sectors.len(), portals = pick.portals, lights = pick.lights, glows = pick.glows));
    if let Some(k) = picked(v)
        && let Some(info) = pick.visuals.get(k)
    {
        ui.label(RichText::new(tr!("level-visual-title", k = k.to_string(), kind = info.type_name)).strong());
        egui::Grid::new("level-visual").num_columns(2).show(ui, |ui| {
            let s = pick.shaders.get(info.shader as usize);
            ui.label(tr!("level-shader"));
            ui.horizontal(|ui| {
                if let Some(s) = s {
                    swatch(ui, s.colour);
                }
                ui.monospace(format!("{} {}", info.shader, s.map_or_else(|| tr!("level-past-table"), |s| s.engine.clone())));
            });
            ui.end_row();
            ui.label(tr!("level-textures"));
            ui.monospace(s.map(|s| s.textures.join(", ")).filter(|t| !t.is_empty()).unwrap_or_else(|| tr!("mesh-none")));
            ui.end_row();
            if let Some(g) = info.gcontainer {
                ui.label("GCONTAINER");
                ui.monospace(format!("vb {} vbase {} vcount {}\nib {} ibase {} icount {}", g.vb, g.vbase, g.vcount, g.ib, g.ibase, g.icount));
                ui.end_row();
            }
            if let Some(w) = info.window {
                ui.label(tr!("level-window"));
                ui.monospace(tr!("level-window-value", offset = w.offset.to_string(), triangles = w.num_tris, vertices = w.num_verts));
                ui.end_row();
            }
            if let Some(t) = info.tree_at {
                ui.label(tr!("level-placed-at"));
                ui.monospace(format!("{:.2}, {:.2}, {:.2}", t[0], t[1], t[2]));
                ui.end_row();
            }
            ui.label(tr!("level-drawn"));
            ui.label(if info.skipped { tr!("level-skipped") } else { format!("{}{}", tr!("mesh-triangles-count", n = info.triangles), if info.fastpath { " · FASTPATH" } else { "" }) });
            ui.end_row();
            ui.label(tr!("level-parents"));
            let mut chain = Vec::new();
            let mut at = info.parent;
            while let Some(p) = at.filter(|_| chain.len() < 64) {
                chain.push(format!("{p} ({})", pick.visuals[p].type_name));
                at = pick.visuals[p].parent;
            }
            ui.label(if chain.is_empty() { tr!("level-no-parent") } else { chain.join(&tr!("level-parent-join")) });
            ui.end_row();
        });
    }
    egui::CollapsingHeader::new(tr!("level-shaders", n = pick.shaders.len())).id_salt("level-shaders").default_open(true).show(ui, |ui| {
        for (k, s) in pick.shaders.iter().enumerate().filter(|(_, s)| s.visuals > 0 && !s.name.is_empty()) {
            ui.horizontal(|ui| {
                swatch(ui, s.colour);
                ui.label(format!("{k}: {}", s.engine)).on_hover_text(tr!("level-shader-tip", name = &s.name, textures = s.textures.join(", "), n = s.visuals));
            });
        }
    });
    egui::CollapsingHeader::new(tr!("level-sectors", n = pick.sectors.len())).id_salt("level-sectors").default_open(true).show(ui, |ui| sector_tree(ui, v, pick));
}

/// One row of the sector tree: a sector (with its root visual) or a visual, at a depth.
#[derive(Clone, Copy)]
enum Row {
    Sector(u32, Option<usize>),
    Visual(usize),
}

/// The rows of the open part of the tree, depth first. Sectors start open, and visuals down
/// to the children of each root; `toggled` flips those defaults.
fn tree_rows(pick: &LevelPick, toggled: &std::collections::HashSet<(u8, usize)>) -> Vec<(usize, Row)> {
    const MAX_DEPTH: usize = 32;
    const MAX_ROWS: usize = 1 << 20;
    let mut rows = Vec::new();
    for &(s, root) in &pick.sectors {
        rows.push((0, Row::Sector(s, root)));
        if toggled.contains(&(0, s as usize)) {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = root.map(|r| (r, 0)).into_iter().collect();
        while let Some((k, depth)) = stack.pop() {
            if rows.len() >= MAX_ROWS {
                return rows;
            }
            rows.push((depth + 1, Row::Visual(k)));
            let Some(info) = pick.visuals.get(k) else { continue };
            let open = (depth < 2) != toggled.contains(&(1, k));
            if open && depth < MAX_DEPTH {
                stack.extend(info.children.iter().rev().map(|&c| (c, depth + 1)));
            }
        }
    }
    rows
}

/// Sectors → hierarchy visuals → children, laid out only for the rows in view (a level's
/// hierarchy can hold thousands of children).
fn sector_tree(ui: &mut Ui, v: &mut MeshView, pick: &LevelPick) {
    let rows = tree_rows(pick, &v.level_toggled);
    let height = ui.spacing().interact_size.y;
    let on = picked(v);
    egui::ScrollArea::vertical().id_salt("level-sector-rows").max_height(360.0).auto_shrink([false, true]).show_rows(ui, height, rows.len(), |ui, range| {
        for &(depth, row) in &rows[range] {
            ui.horizontal(|ui| {
                ui.add_space(14.0 * depth as f32);
                let (key, has_children, open_default) = match row {
                    Row::Sector(s, root) => ((0u8, s as usize), root.is_some(), true),
                    Row::Visual(k) => ((1u8, k), pick.visuals.get(k).is_some_and(|i| !i.children.is_empty()), depth <= 2),
                };
                let open = open_default != v.level_toggled.contains(&key);
                if has_children {
                    if ui.small_button(if open { "-" } else { "+" }).clicked() && !v.level_toggled.remove(&key) {
                        v.level_toggled.insert(key);
                    }
                } else {
                    ui.add_space(ui.spacing().interact_size.y);
                }
                match row {
                    Row::Sector(s, None) => {
                        ui.label(tr!("level-sector", n = s.to_string()));
                        ui.weak(tr!("level-no-root"));
                    }
                    Row::Sector(s, Some(_)) => {
                        ui.label(tr!("level-sector", n = s.to_string()));
                    }
                    Row::Visual(k) => {
                        let Some(info) = pick.visuals.get(k) else { return };
                        if ui.selectable_label(on == Some(k), format!("{k} {} · {}", info.type_name, tr!("mesh-triangles-count", n = info.triangles))
).clicked() {
                            select_visual(v, k);
                        }
                    }
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sector_tree_rows_follow_the_open_nodes() {
        use crate::doc::resolve::MemoryAssets;
        use crate::fixtures::xray_level::level_set;
        use crate::scene::level::LevelFiles;
        let set = level_set();
        let files = LevelFiles::open(set.level.clone().into(), &MemoryAssets::from_files(set.files())).unwrap();
        let p = LevelPick::new(&files);
        let shown = |toggled: &[(u8, usize)]| {
            let t = toggled.iter().copied().collect();
            tree_rows(&p, &t)
                .into_iter()
                .map(|(d, r)| match r {
                    Row::Sector(s, _) => format!("{d}:s{s}"),
                    Row::Visual(k) => format!("{d}:{k}"),
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        // Roots and their children open; the LOD visual 6 (two down) closed.
        assert_eq!(shown(&[]), "0:s0 1:11 2:8 3:0 3:1 3:2 2:9 3:6 3:7 0:s1 1:10");
        assert_eq!(shown(&[(1, 6)]), "0:s0 1:11 2:8 3:0 3:1 3:2 2:9 3:6 4:3 4:4 4:5 3:7 0:s1 1:10");
        assert_eq!(shown(&[(0, 0), (1, 10)]), "0:s0 0:s1 1:10");
        assert_eq!(shown(&[(1, 8)]), "0:s0 1:11 2:8 2:9 3:6 3:7 0:s1 1:10");
    }
}
