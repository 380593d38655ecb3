//! The inspector's "Uses" and "Used by" sections for an item of the open project: the names
//! it uses and what each reaches, the items that use it (with the phase, row or batches that
//! do) and the meshes that draw it; every other end is a link that opens it. "Used by
//! nothing" is said, so a dead texture or material shows as one.

use crate::app::cx::PanelCx;
use crate::app::intent::Intent;
use crate::app::panels::folder::offset_of;
use crate::doc::ItemPath;
use egui::{RichText, Ui};

pub fn show(app: &PanelCx, ui: &mut Ui, path: &ItemPath, out: &mut Vec<Intent>) {
    let Some(view) = app.folder else { return };
    let Some(address) = view.address_of(app.ws, path) else { return };
    ui.add_space(8.0);
    let Some(ix) = &view.index else {
        ui.weak(crate::tr!("refs-indexing"));
        return;
    };
    let Some(id) = ix.find(&address) else { return };
    let uses = ix.uses(id);
    let used_by = ix.used_by(id);
    let kind = ix.item(id).map(|i| i.kind);
    egui::CollapsingHeader::new(RichText::new(crate::tr!("refs-used-by", n = used_by.len())).strong()).id_salt("used-by").default_open(true).show(ui, |ui| {
        if used_by.is_empty() {
            ui.weak(if ix.is_unused(id) { crate::tr!("refs-unused") } else { crate::tr!("refs-used-by-nothing") });
        }
        for l in &used_by {
            ui.horizontal_wrapped(|ui| {
                if ui.link(&l.address).on_hover_text(crate::tr!("open-it")).clicked() {
                    out.push(Intent::OpenProjectItem { address: l.address.clone(), offset: offset_of(l.at) });
                }
                let how = if l.exact { String::new() } else { format!(" {}", crate::tr!("refs-fallback")) };
                ui.weak(format!("{}{how}", l.at.describe()));
            });
        }
    });
    if !uses.is_empty() {
        egui::CollapsingHeader::new(RichText::new(crate::tr!("refs-uses", n = uses.len())).strong()).id_salt("uses").default_open(true).show(ui, |ui| {
            for (r, target) in &uses {
                ui.horizontal_wrapped(|ui| {
                    ui.weak(format!("{}: {} {} ->", r.at.describe(), r.kind.label(), r.name));
                    match target {
                        Some(t) => {
                            let row = r.target.and_then(|x| x.row).map(|row| format!(" {}", crate::tr!("refs-row", row = row))).unwrap_or_default();
                            if ui.link(format!("{t}{row}")).on_hover_text(crate::tr!("open-it")).clicked() {
                                out.push(Intent::OpenProjectItem { address: t.clone(), offset: None });
                            }
                        }
                        None => {
                            ui.colored_label(ui.visuals().warn_fg_color, crate::tr!("refs-nothing"));
                        }
                    }
                });
            }
        });
    }
    // A model is what draws: it is not drawn by anything.
    if kind.is_none_or(|k| k != crate::doc::kinds::FormatKind::Msh) {
        let shown = ix.shown_by(id);
        if !shown.is_empty() {
            egui::CollapsingHeader::new(RichText::new(crate::tr!("refs-drawn-by", n = shown.len()))).id_salt("drawn-by").default_open(false).show(ui, |ui| {
                for l in &shown {
                    ui.horizontal_wrapped(|ui| {
                        if ui.link(&l.address).clicked() {
                            out.push(Intent::OpenProjectItem { address: l.address.clone(), offset: None });
                        }
                        ui.weak(crate::tr!("refs-through", at = l.at.describe(), name = l.name.as_str()));
                    });
                }
            });
        }
    }
}
