//! The viewport's side column: what the item is and its cell grid, the picked part and its
//! material chain, the node tree, the buffers, the flag and material legends, the light.

use super::*;
use crate::tr;


pub(super) fn side(ui: &mut Ui, cx: &EditorCx, v: &mut MeshView, out: &mut Vec<Intent>) {
    let Some(b) = v.built() else { return };
    let kind = b.kind;
    let scene = b.scene.clone();
    ui.label(RichText::new(match kind {
        SceneKind::Model { .. } => tr!("mesh-kind-model"),
        SceneKind::Landscape => tr!("mesh-kind-landscape"),
        SceneKind::Geom => tr!("mesh-kind-geom"),
        SceneKind::Level => tr!("mesh-kind-level"),
    }).strong());
    ui.weak(tr!("mesh-scene-counts",
        nodes = scene.nodes.len(),
        parts = scene.parts.iter().filter(|p| p.over.is_none()).count(),
        triangles = scene.triangle_count(),
        points = scene.point_count(),
        ms = crate::app::words::ms(b.build_ms)
    ));
    for n in &b.notes {
        ui.small(crate::app::shown_path::text(&crate::app::i18n::messages::message(n)).as_ref());
    }
    match kind {
        SceneKind::Model { cells } => cell_grid(ui, v, cells),
        SceneKind::Landscape => {
            ui.horizontal(|ui| {
                ui.label("LOD");
                ui.selectable_value(&mut v.lod, 0, "0");
                ui.selectable_value(&mut v.lod, 1, "1");
            });
        }
        SceneKind::Geom => {}
        SceneKind::Level => {
            if let Some(pick) = b.level.clone() {
                super::level::side(ui, v, &pick);
            }
        }
    }
    ui.separator();
    selection(ui, cx, v, out);
    ui.separator();
    egui::CollapsingHeader::new(tr!("mesh-nodes", n = scene.nodes.len())).id_salt("mesh-nodes").default_open(scene.nodes.len() <= 64).show(ui, |ui| node_tree(ui, v));
    buffers(ui, v);
    flag_legend(ui, v, &cx.ws.readings);
    legend(ui, v);
    lighting(ui, v);
    let Some(b) = v.built() else { return };
    if !b.diagnostics.is_empty() {
        egui::CollapsingHeader::new(tr!("mesh-problems", n = b.diagnostics.len())).id_salt("mesh-problems").default_open(true).show(ui, |ui| {
            for d in b.diagnostics.iter().take(200) {
                let c = match d.severity {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                    Severity::Info => ui.visuals().weak_text_color(),
                };
                let at = d.offset.map(|o| format!("@0x{o:X} ")).unwrap_or_default();
                ui.colored_label(c, format!("{at}{}", crate::app::i18n::messages::diagnostic(d)));
            }
        });
    }
}

/// The 3 x 5 slot grid: rows are damage variants and columns LODs 0..3 (column 4 the unit's
/// first-person view is not offered); empty cells are disabled.
fn cell_grid(ui: &mut Ui, v: &mut MeshView, cells: [bool; 15]) {
    ui.label(tr!("mesh-cells"));
    egui::Grid::new("mesh-cells").spacing([4.0, 4.0]).show(ui, |ui| {
        ui.label("");
        for lod in 0..4 {
            ui.weak(format!("LOD {lod}"));
        }
        ui.end_row();
        for variant in 0..3 {
            ui.weak(tr!("mesh-variant", n = variant.to_string()));
            for lod in 0..4 {
                let has = cells[variant * 5 + lod];
                let on = v.lod == lod && v.variant == variant;
                let index = variant * 5 + lod;
                let text = if has { index.to_string() } else { "·".to_string() };
                let r = ui.add_enabled(has, egui::Button::selectable(on, text)).on_hover_text(format!("slot_index[{index}]"));
                if r.clicked() {
                    v.lod = lod;
                    v.variant = variant;
                }
            }
            ui.end_row();
        }
    });
}

/// Every node with its part count, laid out only for the rows in view (a level has a node per
/// visual: thousands).
fn node_tree(ui: &mut Ui, v: &mut MeshView) {
    let Some(b) = v.built() else { return };
    let scene = b.scene.clone();
    let depth = |mut i: usize| {
        let mut d = 0;
        while let Some(p) = scene.nodes.get(i).and_then(|n| n.parent).filter(|&p| p < i) {
            d += 1;
            i = p;
        }
        d
    };
    let mut parts = vec![0usize; scene.nodes.len()];
    let mut first = vec![None; scene.nodes.len()];
    for (k, p) in scene.parts.iter().enumerate() {
        if let Some(n) = parts.get_mut(p.node) {
            *n += 1;
            first[p.node].get_or_insert(k);
        }
    }
    let height = ui.spacing().interact_size.y;
    egui::ScrollArea::vertical().id_salt("mesh-node-rows").max_height(360.0).auto_shrink([false, true]).show_rows(ui, height, scene.nodes.len(), |ui, range| {
        for i in range {
            let n = &scene.nodes[i];
            ui.horizontal(|ui| {
                ui.add_space(12.0 * depth(i).min(32) as f32);
                let mut shown = !v.hidden.get(i).copied().unwrap_or(false);
                if ui.checkbox(&mut shown, "").on_hover_text(tr!("mesh-node-shown-tip")).changed()
                    && let Some(h) = v.hidden.get_mut(i)
                {
                    *h = !shown;
                }
                let on = v.selected.is_some_and(|s| s.node == i);
                if ui.selectable_label(on, format!("{} ({})", n.name, parts[i])).clicked() {
                    v.selected = first[i].map(|part| Selection { node: i, part, triangle: None });
                }
            });
        }
    });
}

fn swatch(ui: &mut Ui, rgba: [f32; 4]) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), Sense::hover());
    let c = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    ui.painter().rect_filled(r, 2.0, Color32::from_rgb(c(rgba[0]), c(rgba[1]), c(rgba[2])));
}

/// The flag view's colours.
fn flag_legend(ui: &mut Ui, v: &MeshView, readings: &Readings) {
    if !v.show_flags || v.built().is_none_or(|b| b.land.is_none()) {
        return;
    }
    let bit = if readings.land_flag_20000 == crate::formats::readings::LandFlag20000::Water { tr!("mesh-flag-water-bit") } else { tr!("mesh-flag-collision-bit") };
    egui::CollapsingHeader::new(tr!("mesh-flags")).id_salt("mesh-flags").default_open(true).show(ui, |ui| {
        let with_20000 = if readings.land_flag_20000 == crate::formats::readings::LandFlag20000::Water { WATER } else { COLLISION };
        for (c, label) in [(with_20000, bit), (LIQUID_BED, tr!("mesh-flag-liquid-bed")), (BLENDED, tr!("mesh-flag-blended-bit")), (PLAIN, tr!("mesh-flag-none"))] {
            ui.horizontal(|ui| {
                swatch(ui, c);
                ui.label(label);
            });
        }
    });
}

/// A level.geom's vertex buffers with their declarations, and its index buffers.
fn buffers(ui: &mut Ui, v: &MeshView) {
    let Some(b) = v.built().filter(|b| !b.buffers.is_empty()) else { return };
    egui::CollapsingHeader::new(tr!("mesh-buffers", n = b.buffers.len())).id_salt("mesh-buffers").default_open(true).show(ui, |ui| {
        for line in &b.buffers {
            ui.small(crate::app::i18n::messages::message(line));
        }
    });
}

fn legend(ui: &mut Ui, v: &MeshView) {
    let Some(b) = v.built() else { return };
    // Materials the scene holds once per WEAR row: rows naming the same material (a
    // landscape's ROCK on rows 2 and 3) are one line with their rows.
    let mut lines: Vec<(usize, Vec<u16>, usize)> = Vec::new();
    for (i, m) in b.scene.materials.iter().enumerate() {
        let parts = b.scene.parts.iter().filter(|p| p.material == i).count();
        let row = b.chains.get(i).and_then(Option::as_ref).map(|c| c.index);
        let same = lines.iter_mut().find(|(j, _, _)| {
            let o = &b.scene.materials[*j];
            o.name == m.name && o.status == m.status && o.vertex_colors == m.vertex_colors
        });
        match same {
            Some((_, rows, n)) => {
                rows.extend(row.filter(|r| !rows.contains(r)));
                *n += parts;
            }
            None => lines.push((i, row.into_iter().collect(), parts)),
        }
    }
    egui::CollapsingHeader::new(tr!("mesh-materials", n = lines.len())).id_salt("mesh-legend").default_open(true).show(ui, |ui| {
        for (i, rows, parts) in &lines {
            let m = &b.scene.materials[*i];
            ui.horizontal(|ui| {
                let color = if matches!(m.status, MaterialStatus::Unresolved | MaterialStatus::NoMaterial) && !m.vertex_colors { NEUTRAL_GREY } else { m.colors.diffuse };
                swatch(ui, color);
                let why = match m.status {
                    MaterialStatus::Textured => tr!("mesh-mat-textured"),
                    MaterialStatus::Untextured if b.kind == SceneKind::Level => tr!("mesh-mat-shader-colour"),
                    MaterialStatus::Untextured => tr!("mesh-mat-untextured"),
                    MaterialStatus::Unresolved => tr!("mesh-mat-unresolved"),
                    MaterialStatus::NoMaterial if m.vertex_colors => tr!("mesh-mat-vertex-colours"),
                    MaterialStatus::NoMaterial => tr!("mesh-mat-none"),
                };
                let rows = match rows.as_slice() {
                    [_, _, ..] => format!(" · {}", tr!("mesh-mat-rows", rows = rows.iter().map(u16::to_string).collect::<Vec<_>>().join(", "))),
                    _ => String::new(),
                };
                ui.label(format!("{} · {why} · {}{rows}", m.name, tr!("mesh-parts-count", n = *parts)));
            });
        }
    });
}

fn lighting(ui: &mut Ui, v: &mut MeshView) {
    egui::CollapsingHeader::new(tr!("mesh-light")).id_salt("mesh-light").show(ui, |ui| {
        ui.add(egui::Slider::new(&mut v.light.intensity, 0.0..=2.0).text(tr!("mesh-light-directional")));
        let mut a = v.light.ambient[0];
        if ui.add(egui::Slider::new(&mut a, 0.0..=1.0).text(tr!("mesh-light-ambient"))).changed() {
            v.light.ambient = [a; 3];
        }
        ui.checkbox(&mut v.light.follow_camera, tr!("mesh-light-follows"));
    });
}

/// The picked part and its material chain: WEAR row → MAT0 (fallback flagged) → phase at the
/// current time → texture and cell, with links that open them.
fn selection(ui: &mut Ui, cx: &EditorCx, v: &MeshView, out: &mut Vec<Intent>) {
    let (Some(b), Some(sel)) = (v.built(), v.selected) else {
        ui.weak(tr!("mesh-pick-hint"));
        return;
    };
    let scene = &b.scene;
    let Some(part) = scene.parts.get(sel.part) else { return };
    ui.label(RichText::new(format!("{} · {}", scene.nodes.get(sel.node).map_or("?", |n| n.name.as_str()), part.label)).strong());
    // One index space, named: a landscape's triangles by their component 21 record (as the
    // tile line says), anything else's by their place in the picked part.
    let land_info = b.land.as_ref().zip(sel.triangle).and_then(|(land, t)| land.triangle(scene, sel.part, t));
    let tri = match (land_info, sel.triangle) {
        (Some(info), _) => tr!("mesh-pick-land-triangle", i = info.source.to_string()),
        (None, Some(t)) => tr!("mesh-pick-part-triangle", i = t.to_string()),
        (None, None) => String::new(),
    };
    ui.weak(format!("{}{tri}", tr!("mesh-triangles-count", n = part.triangle_count())));
    if let Some(info) = land_info {
        let name = |byte: Option<u8>| match byte {
            Some(x) => {
                let n = b.chains.iter().flatten().find(|c| c.index == u16::from(x)).and_then(|c| c.name.clone());
                format!("{x}{}", n.map(|n| format!(" ({n})")).unwrap_or_default())
            }
            None => tr!("mesh-none"),
        };
        egui::Grid::new("mesh-land-triangle").num_columns(2).show(ui, |ui| {
            ui.label(tr!("mesh-tile"));
            ui.monospace(tr!("mesh-tile-value", tile = info.tile.to_string(), i = info.source.to_string()));
            ui.end_row();
            ui.label(tr!("mesh-tri-flags"));
            let flag_0x20000 = if cx.ws.readings.land_flag_20000 == crate::formats::readings::LandFlag20000::Water { tr!("mesh-flag-water") } else { tr!("mesh-flag-collision") };
            let mut named = Vec::new();
            if info.blended {
                named.push(tr!("mesh-flag-blended"));
            }
            if info.water || info.collision {
                named.push(flag_0x20000);
            }
            if info.liquid_bed {
                named.push(tr!("mesh-flag-liquid-bed"));
            }
            ui.monospace(format!("0x{:05X} {}", info.flags, named.join(", ")));
            ui.end_row();
            ui.label(tr!("mesh-primary"));
            ui.label(name(info.primary));
            ui.end_row();
            ui.label(tr!("mesh-secondary"));
            ui.label(name(info.secondary));
            ui.end_row();
        });
    }
    let m = scene.materials.get(part.material);
    match b.chains.get(part.material).and_then(Option::as_ref) {
        Some(c) => {
            egui::Grid::new("mesh-chain").num_columns(2).show(ui, |ui| {
                ui.label(tr!("mesh-material-byte"));
                ui.monospace(c.index.to_string());
                ui.end_row();
                ui.label(tr!("mesh-wear-row"));
                ui.label(match (c.row, &c.name) {
                    (Some(r), Some(n)) => tr!("mesh-wear-row-value", table = &c.table, row = r.to_string(), name = n),
                    _ => tr!("mesh-wear-no-row", table = &c.table),
                });
                ui.end_row();
                ui.label("MAT0");
                ui.horizontal(|ui| {
                    ui.label(c.mat0.clone().unwrap_or_else(|| tr!("mesh-not-found")));
                    match c.fallback {
                        Some(Fallback::Default) => {
                            ui.colored_label(ui.visuals().warn_fg_color, tr!("mesh-fallback-default"));
                        }
                        Some(Fallback::FirstEntry) => {
                            ui.colored_label(ui.visuals().warn_fg_color, tr!("mesh-fallback-first"));
                        }
                        _ => {}
                    }
                    if let Some(p) = c.mat0.as_deref().and_then(|m| open_entry(cx.ws, m))
                        && ui.small_button(tr!("mesh-open")).on_hover_text(tr!("mesh-open-material-tip")).clicked()
                    {
                        out.push(Intent::OpenTab(p));
                    }
                });
                ui.end_row();
                ui.label(tr!("mesh-phase"));
                let mat = c.material.as_ref();
                let now = mat.and_then(|mat| crate::formats::mat0::eval::state_at_time(mat, 0, v.time_ms, 0, &mut crate::formats::mat0::rng::MsvcRand::new(1), &cx.ws.readings).ok());
                ui.label(match &now {
                    Some(s) => tr!("mesh-phase-value", phase = s.phase.to_string(), next = s.next_phase.to_string(), alpha = format!("{:.2}", s.alpha), time = crate::app::words::ms(f64::from(v.time_ms))),
                    None => c.phase.map_or("-".into(), |p| p.to_string()),
                });
                ui.end_row();
                ui.label(tr!("mesh-texture"));
                ui.horizontal(|ui| {
                    let name = now.as_ref().and_then(|s| s.texture.clone()).or_else(|| c.texture_name.clone());
                    ui.label(name.clone().unwrap_or_else(|| tr!("mesh-none")));
                    if let Some(cell) = c.cell.filter(|&c| c >= 0) {
                        ui.weak(tr!("mesh-cell", n = cell.to_string()));
                    }
                    if let Some(t) = &c.texture
                        && let Some(p) = open_entry(cx.ws, &t.origin)
                        && ui.small_button(tr!("mesh-open")).on_hover_text(tr!("mesh-open-texture-tip")).clicked()
                    {
                        out.push(Intent::OpenTab(p));
                    }
                });
                ui.end_row();
            });
        }
        None => {
            ui.horizontal(|ui| {
                if let Some(m) = m {
                    swatch(ui, m.colors.diffuse);
                    ui.label(&m.name);
                }
            });
        }
    }
}

/// An entry named `LIB::ENTRY` (a chain's origin, "(open)" stripped) in an open file.
fn open_entry(ws: &Workspace, origin: &str) -> Option<ItemPath> {
    let (file, entry) = origin.rsplit_once("::")?;
    let file = file.trim_end_matches(" (open)");
    let name = std::path::Path::new(file).file_name()?.to_str()?;
    let f = ws.files().iter().find(|f| f.path == std::path::Path::new(file)).or_else(|| ws.files().iter().find(|f| f.name().eq_ignore_ascii_case(name)))?;
    items::resolve(ws, f.id, entry)
}
