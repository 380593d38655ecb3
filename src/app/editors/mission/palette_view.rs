//! The palette panel beside the mission's view: the owner for new buildings and units (a clan
//! picker), a filter, and the game folder's placeable things ([`super::palette`]) grouped by
//! kind, one row each with its thumbnail ([`super::thumbs`]; only rows on screen ask for
//! theirs). A row dragged onto the view places a new object on the ground under the pointer;
//! a double-click places it at the view's centre. Either is one `MissionOp::Add`, one undo
//! step, and selects the new object.

use super::edits::MissionOp;
use super::palette::{self, Item, PaletteState};
use super::state::{MissionView, SideTab};
use super::thumbs::Thumb;
use crate::app::intent::Intent;
use crate::app::seam::EditorCx;
use crate::formats::tma::Mission;
use crate::tr;
use egui::{DragAndDrop, Pos2, Rect, Sense, Ui};
use std::collections::BTreeSet;

/// A row's height, in points (the thumbnail is a little less).
pub const ROW_HEIGHT: f32 = 44.0;

/// One line of the list: a group's header or an item (by index in the listing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    Header(u32, usize),
    Item(usize),
}

fn group_label(kind: u32, n: usize) -> String {
    match kind {
        0 => tr!("mission-palette-group-0", n = n),
        1 => tr!("mission-palette-group-1", n = n),
        2 => tr!("mission-palette-group-2", n = n),
        3 => tr!("mission-palette-group-3", n = n),
        k => tr!("mission-palette-group-other", kind = k.to_string(), n = n),
    }
}

/// The rows of the matching items, a header before each kind's.
fn rows(items: &[Item], shown: &[usize], folded: &BTreeSet<u32>) -> Vec<Row> {
    let mut out = Vec::with_capacity(shown.len() + 4);
    let mut k = 0;
    while k < shown.len() {
        let kind = items[shown[k]].kind;
        let end = k + shown[k..].iter().take_while(|&&i| items[i].kind == kind).count();
        out.push(Row::Header(kind, end - k));
        if !folded.contains(&kind) {
            out.extend(shown[k..end].iter().map(|&i| Row::Item(i)));
        }
        k = end;
    }
    out
}

/// Draws the panel; returns the item double-clicked.
pub fn show(ui: &mut Ui, cx: &EditorCx, p: &mut PaletteState, m: &Mission) -> Option<Item> {
    p.refresh(cx, ui.ctx(), m);
    p.thumbs.poll(ui.ctx());
    p.shown.clear();
    ui.horizontal(|ui| {
        ui.strong(tr!("mission-palette"));
    });
    ui.horizontal(|ui| {
        let label = ui.label(tr!("mission-palette-owner")).on_hover_text(tr!("mission-palette-owner-tip"));
        let owner = p.owner(m);
        let name = |c: usize| m.clans.get(c).map_or_else(|| tr!("mission-palette-no-clans"), |c| c.name.decode());
        let combo = egui::ComboBox::from_id_salt("mission-palette-owner").selected_text(name(owner as usize)).show_ui(ui, |ui| {
            for c in 0..m.clans.len() {
                if ui.selectable_label(owner as usize == c, name(c)).clicked() {
                    p.clan = Some(c);
                }
            }
        });
        combo.response.labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let label = ui.label(tr!("mission-palette-search"));
        ui.add(egui::TextEdit::singleline(&mut p.filter).hint_text(tr!("mission-palette-filter-hint")).desired_width(f32::INFINITY)).labelled_by(label.id);
    });
    let Some(root) = p.root(cx) else {
        ui.weak(tr!("mission-palette-no-folder"));
        return None;
    };
    let Some(listing) = p.listing.take() else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.weak(tr!("mission-palette-reading"));
        });
        return None;
    };
    let picked = list(ui, p, &listing, &root, cx.ws.readings);
    p.listing = Some(listing);
    dragged_label(ui);
    picked
}

/// The matching items by group; the item double-clicked.
fn list(ui: &mut Ui, p: &mut PaletteState, listing: &palette::Listing, root: &std::path::Path, readings: crate::formats::readings::Readings) -> Option<Item> {
    let items = &listing.items;
    // Matched again only when the filter changes.
    if p.matched.as_ref().is_none_or(|(f, _)| *f != p.filter) {
        p.matched = Some((p.filter.clone(), palette::filtered(items, &p.filter)));
    }
    let shown = p.matched.as_ref().map_or(0, |(_, m)| m.len());
    ui.horizontal(|ui| {
        ui.weak(tr!("mission-palette-shown", shown = shown, n = items.len()));
        if !listing.problems.is_empty() {
            ui.weak(tr!("mission-palette-skipped", n = listing.problems.len())).on_hover_text(listing.problems.join("\n"));
        }
    });
    ui.separator();
    if shown == 0 {
        ui.weak(tr!("mission-palette-none"));
        return None;
    }
    let list = rows(items, p.matched.as_ref().map_or(&[][..], |(_, m)| m.as_slice()), &p.folded);
    let mut picked = None;
    egui::ScrollArea::vertical().id_salt("mission-palette-scroll").auto_shrink([false, false]).show_rows(ui, ROW_HEIGHT, list.len(), |ui, range| {
        for row in &list[range] {
            match *row {
                Row::Header(kind, n) => {
                    if group_header(ui, !p.folded.contains(&kind), &group_label(kind, n)) && !p.folded.insert(kind) {
                        p.folded.remove(&kind);
                    }
                }
                Row::Item(i) => {
                    let item = &items[i];
                    if item_row(ui, p, item, root, readings) {
                        picked = Some(item.clone());
                    }
                }
            }
        }
    });
    picked
}

/// A group's header with a painted open or folded arrow; whether it was clicked.
fn group_header(ui: &mut Ui, open: bool, label: &str) -> bool {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(ui.available_width(), ROW_HEIGHT), Sense::click());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label));
    let color = ui.visuals().strong_text_color();
    let c = egui::pos2(rect.left() + 10.0, rect.center().y);
    let points = if open {
        vec![c + egui::vec2(-5.0, -3.0), c + egui::vec2(5.0, -3.0), c + egui::vec2(0.0, 4.0)]
    } else {
        vec![c + egui::vec2(-3.0, -5.0), c + egui::vec2(4.0, 0.0), c + egui::vec2(-3.0, 5.0)]
    };
    ui.painter().add(egui::Shape::convex_polygon(points, color, egui::Stroke::NONE));
    ui.painter().text(egui::pos2(rect.left() + 22.0, rect.center().y), egui::Align2::LEFT_CENTER, label, egui::FontId::proportional(14.0), color);
    resp.clicked()
}

/// One item's row; whether it was double-clicked.
fn item_row(ui: &mut Ui, p: &mut PaletteState, item: &Item, root: &std::path::Path, readings: crate::formats::readings::Readings) -> bool {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), ROW_HEIGHT), Sense::hover());
    let id = egui::Id::unique(("mission-palette-row", item.kind, &item.path));
    let resp = ui.interact(rect, id, Sense::click_and_drag());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &item.label));
    p.shown.push((item.clone(), rect));
    let visuals = ui.style().interact(&resp);
    if resp.hovered() || resp.dragged() {
        ui.painter().rect_filled(rect, 3.0, visuals.weak_bg_fill);
    }
    let side = ROW_HEIGHT - 4.0;
    let thumb = Rect::from_min_size(rect.min + egui::vec2(2.0, 2.0), egui::vec2(side, side));
    let mut tip = tr!("mission-palette-row-tip", path = item.path.as_str());
    // Only a row on screen asks for its picture.
    if ui.is_rect_visible(rect) {
        match p.thumbs.get(ui.ctx(), &item.subject(), root, readings) {
            Thumb::Ready(t) => {
                egui::Image::new((t.id(), thumb.size())).paint_at(ui, thumb);
            }
            Thumb::Pending => {
                ui.painter().rect_filled(thumb, 3.0, ui.visuals().faint_bg_color);
                egui::Spinner::new().size(side * 0.4).paint_at(ui, thumb.shrink(side * 0.3));
            }
            Thumb::Failed(why) => {
                ui.painter().rect_stroke(thumb, 3.0, ui.visuals().widgets.noninteractive.bg_stroke, egui::StrokeKind::Inside);
                ui.painter().text(thumb.center(), egui::Align2::CENTER_CENTER, "?", egui::FontId::proportional(18.0), ui.visuals().weak_text_color());
                tip = format!("{tip}\n{}", tr!("mission-palette-no-picture", why = why));
            }
        }
    }
    let x = thumb.right() + 6.0;
    let text = ui.visuals().text_color();
    let width = (rect.right().min(ui.clip_rect().right()) - x - 4.0).max(10.0);
    line(ui, egui::pos2(x, rect.top() + 12.0), &item.label, 14.0, text, width);
    let path = if item.is_unit_file() { item.path.as_str() } else { "objects.rlb" };
    line(ui, egui::pos2(x, rect.top() + 30.0), path, 11.0, ui.visuals().weak_text_color(), width);
    if resp.drag_started() {
        DragAndDrop::set_payload(ui.ctx(), item.clone());
    }
    let double = resp.double_clicked();
    resp.on_hover_text(tip);
    double
}

/// One line of text from `at` (left, centred vertically), cut with "…" at `width`.
fn line(ui: &Ui, at: Pos2, text: &str, size: f32, color: egui::Color32, width: f32) {
    let mut job = egui::text::LayoutJob::simple_singleline(text.to_string(), egui::FontId::proportional(size), color);
    job.wrap = egui::text::TextWrapping::truncate_at_width(width);
    let galley = ui.painter().layout_job(job);
    ui.painter().galley(at - egui::vec2(0.0, galley.size().y / 2.0), galley, color);
}

/// The dragged item's name beside the pointer.
fn dragged_label(ui: &Ui) {
    let ctx = ui.ctx();
    let (Some(item), Some(at)) = (DragAndDrop::payload::<Item>(ctx), ctx.pointer_latest_pos()) else { return };
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("mission-palette-dragged")));
    let galley = painter.layout_no_wrap(item.label.clone(), egui::FontId::proportional(14.0), ui.visuals().strong_text_color());
    let r = Rect::from_min_size(at + egui::vec2(14.0, 10.0), galley.size()).expand(4.0);
    painter.rect_filled(r, 3.0, ui.visuals().window_fill);
    painter.galley(r.min + egui::vec2(4.0, 4.0), galley, egui::Color32::PLACEHOLDER);
}

/// The view as a drop target: an item released over it is placed on the ground under the
/// pointer.
pub fn drop_target(ui: &Ui, cx: &EditorCx, v: &mut MissionView, m: &Mission, out: &mut Vec<Intent>) {
    let ctx = ui.ctx();
    if !DragAndDrop::has_payload_of_type::<Item>(ctx) {
        v.palette.hover = None;
        return;
    }
    let Some(rect) = v.viewport.rect else { return };
    let pointer = ctx.input(|i| i.pointer.latest_pos());
    if let Some(at) = pointer.filter(|p| rect.contains(*p)) {
        v.palette.hover = Some(at);
        ui.painter().circle_stroke(at, 10.0, ui.visuals().selection.stroke);
    } else if pointer.is_some() {
        v.palette.hover = None;
    }
    if ctx.input(|i| i.pointer.any_released())
        && let Some(at) = pointer.filter(|p| rect.contains(*p)).or(v.palette.hover)
        && let Some(item) = DragAndDrop::take_payload::<Item>(ctx)
    {
        v.palette.hover = None;
        place(cx, v, m, &item, at, out);
    }
}

/// Places `item` on the ground under view point `at` (owner from the palette): one undo step,
/// the new object selected.
pub fn place(cx: &EditorCx, v: &mut MissionView, m: &Mission, item: &Item, at: Pos2, out: &mut Vec<Intent>) {
    let (Some(b), Some(rect)) = (v.scene.built(), v.viewport.rect) else {
        v.message = Some(tr!("mission-palette-no-view"));
        return;
    };
    let proj = v.viewport.projector(b, rect);
    // Off the landscape (the ray passes it, or meets the plane beside it) is no place.
    let Some(ground) = b.ground_hit(proj.ray(at)).filter(|g| b.ground.is_none() || b.height(g[0], g[1]).is_some()) else {
        v.message = Some(tr!("mission-palette-no-ground"));
        return;
    };
    let o = palette::new_object(m, item, ground, v.palette.owner(m));
    v.commit(cx.path, cx.bytes, MissionOp::Add(vec![o]), None, out);
    if let Some(&i) = v.selection.objects.iter().next() {
        v.table.reveal = Some(i);
        v.side = SideTab::Object;
    }
}
