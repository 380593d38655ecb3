//! One tab of the unit editor: the class word, the component tree (collapsible, indented, a
//! row dragged onto another re-parents it), and the selected component's record, class, attach
//! point and display name with the tree edits (add a child, remove, move up and down, move to
//! another parent).

use super::edits::{self, UnitOp};
use crate::app::intent::Intent;
use crate::app::seam::EditorCx;
use crate::app::widgets::game_folder::{self, GameFolder, Resolution};
use crate::app::widgets::name_picker;
use crate::doc::ItemPath;
use crate::formats::unit_dat::{Component, PartClass, UnitDat};
use crate::tr;
use crate::formats::{Diagnostic, Severity};
use egui::{Color32, RichText, Ui};
use std::collections::BTreeSet;

/// The selected component's fields as typed, before they are applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fields {
    pub record: String,
    pub display: String,
    pub attach: i32,
    /// Which component and which bytes they were read from.
    of: Option<(usize, usize, usize)>,
}

#[derive(Default)]
pub struct UnitView {
    seen: Option<(usize, usize, u64)>,
    pub unit: Option<Result<UnitDat, String>>,
    pub diagnostics: Vec<Diagnostic>,
    pub folder: Option<GameFolder>,
    folder_seen: Option<u64>,
    pub selected: usize,
    pub collapsed: BTreeSet<usize>,
    pub fields: Fields,
    /// The record picker is open under the record field.
    pub picking_record: bool,
    /// Why the last edit was refused.
    pub message: Option<String>,
    /// Where each tree row was drawn last frame (tests drag between them).
    pub row_rects: Vec<egui::Rect>,
    pub scene: super::scene::UnitScene,
}

/// The label of a class word: its hex and what it says.
pub fn class_word_label(word: u32) -> String {
    use crate::formats::unit_dat::UnitClass;
    let class = match UnitClass::of(word) {
        UnitClass::Building => tr!("unit-class-building"),
        UnitClass::Robot => tr!("unit-class-robot"),
        UnitClass::Animal => tr!("unit-class-animal"),
        UnitClass::Other => tr!("unit-class-other"),
    };
    format!("0x{word:08X} ({class})")
}

pub use super::edits::part_class_label;

/// A row of the component tree: index, record, display name (the game's) and class.
pub fn row_label(i: usize, c: &Component) -> String {
    format!("{i}  {}  “{}”  · {}", c.record(), c.display_name(), part_class_label(c.class()))
}

fn text_width(ui: &Ui, text: &str) -> f32 {
    egui::WidgetText::from(text).into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body).size().x
}

/// The link to a component's record (`text`), or in warning colour why it resolves to nothing;
/// cut with an ellipsis at the width there is, the whole text on hover.
fn record_link(ui: &mut Ui, resolution: &Option<Resolution>, text: &str, out: &mut Vec<Intent>) {
    match resolution {
        Some(Resolution::Found { path, member }) => {
            let tip = format!("{text}\n{}", tr!("unit-open-record-tip"));
            let link = ui.scope(|ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                ui.link(text)
            });
            if link.inner.on_hover_text(tip).clicked() {
                out.push(Intent::OpenLinked { file: path.clone(), entry: Some(member.clone()) });
            }
        }
        _ => {
            let warn = ui.visuals().warn_fg_color;
            short(ui, RichText::new(text).color(warn));
        }
    }
}

/// A label cut with an ellipsis at the width there is (the whole text on hover).
fn short(ui: &mut Ui, text: RichText) -> egui::Response {
    ui.add(egui::Label::new(text).truncate())
}

impl UnitView {
    fn refresh(&mut self, cx: &EditorCx) {
        let key = (cx.bytes.as_ptr() as usize, cx.bytes.len(), cx.generation);
        if self.seen == Some(key) {
            return;
        }
        self.seen = Some(key);
        match UnitDat::parse(cx.bytes, cx.ws.readings.unit_dat) {
            Ok((u, d)) => {
                self.selected = self.selected.min(u.len().saturating_sub(1));
                self.collapsed.retain(|&i| i < u.len());
                self.unit = Some(Ok(u));
                self.diagnostics = d;
            }
            Err(e) => {
                self.unit = Some(Err(e.to_string()));
                self.diagnostics = Vec::new();
            }
        }
        if self.folder_seen != Some(cx.generation) {
            let file = cx.ws.file(cx.path.file).map(|f| f.path.clone()).unwrap_or_default();
            self.folder = Some(GameFolder::scan(cx.ws, &game_folder::root_of(&file)));
            self.folder_seen = Some(cx.generation);
        }
        let of = Some((self.selected, cx.bytes.as_ptr() as usize, cx.bytes.len()));
        if self.fields.of != of {
            self.load_fields(of);
        }
    }

    fn load_fields(&mut self, of: Option<(usize, usize, usize)>) {
        if let Some(Ok(u)) = &self.unit
            && let Some(c) = u.components().get(self.selected)
        {
            self.fields = Fields { record: c.record().into_owned(), display: c.display_name().into_owned(), attach: c.attach(), of };
        }
    }

    pub fn unit(&self) -> Option<&UnitDat> {
        self.unit.as_ref().and_then(|u| u.as_ref().ok())
    }

    /// Selects component `i` (its fields are read again).
    pub fn select(&mut self, i: usize) {
        self.selected = i;
        self.fields.of = None;
        self.picking_record = false;
        // Show it: open every ancestor.
        if let Some(u) = self.unit() {
            let tree = u.tree();
            let mut at = i;
            let mut open = Vec::new();
            while let Some(p) = tree.parent.get(at).copied().flatten() {
                open.push(p);
                at = p;
            }
            open.iter().for_each(|p| {
                self.collapsed.remove(p);
            });
        }
    }

    /// Sends `op` as one edit, or keeps why it was refused.
    pub fn commit(&mut self, path: &ItemPath, bytes: &[u8], reading: crate::formats::unit_dat::Reading, op: UnitOp, out: &mut Vec<Intent>) {
        match edits::apply(path, bytes, reading, &op) {
            Ok((e, select)) => {
                self.message = None;
                self.select(select);
                out.push(Intent::EditItem(e));
            }
            Err(m) => self.message = Some(m),
        }
    }

    fn show_tree(&mut self, ui: &mut Ui, u: &UnitDat, ops: &mut Vec<UnitOp>) {
        let tree = u.tree();
        self.row_rects = vec![egui::Rect::NOTHING; u.len()];
        let mut hidden_below: Option<usize> = None;
        for (i, c) in u.components().iter().enumerate() {
            if let Some(end) = hidden_below {
                if i < end {
                    continue;
                }
                hidden_below = None;
            }
            let depth = tree.depth(i);
            let has_children = !tree.children[i].is_empty();
            let row = ui.horizontal(|ui| {
                ui.add_space(depth as f32 * 16.0);
                if has_children {
                    let open = !self.collapsed.contains(&i);
                    if ui.small_button(if open { "-" } else { "+" }).on_hover_text(if open { tr!("unit-collapse") } else { tr!("unit-expand") }).clicked() {
                        if open {
                            self.collapsed.insert(i);
                        } else {
                            self.collapsed.remove(&i);
                        }
                    }
                } else {
                    ui.add_space(18.0);
                }
                let text = row_label(i, c);
                // A press and release selects; a drag carries the component's index to the row
                // it is dropped on.
                let resp = ui.selectable_label(self.selected == i, text).interact(egui::Sense::drag());
                if resp.drag_started() {
                    egui::DragAndDrop::set_payload(ui.ctx(), i);
                }
                if resp.dragged() {
                    ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
                }
                if resp.clicked() {
                    self.select(i);
                }
            });
            let rect = row.response.rect;
            self.row_rects[i] = rect;
            if let Some(src) = row.response.dnd_release_payload::<usize>()
                && *src != i
            {
                ops.push(UnitOp::MoveTo { component: *src, parent: i });
            }
            if row.response.dnd_hover_payload::<usize>().is_some_and(|s| *s != i) {
                ui.painter().rect_stroke(rect, 2.0, egui::Stroke::new(1.5, ui.visuals().selection.stroke.color), egui::StrokeKind::Inside);
            }
            if has_children && self.collapsed.contains(&i) {
                hidden_below = Some(u.subtree_end(i));
            }
        }
    }

    fn show_details(&mut self, ui: &mut Ui, cx: &EditorCx, u: &UnitDat, ops: &mut Vec<UnitOp>, out: &mut Vec<Intent>) {
        let i = self.selected;
        let Some(c) = u.components().get(i) else { return };
        let tree = u.tree();
        ui.heading(tr!("unit-component", i = i.to_string()));
        short(
            ui,
            RichText::new(match tree.parent[i] {
                Some(p) => tr!("unit-child-of", parent = p.to_string(), record = u.component(p).record().as_ref(), n = tree.children[i].len()),
                None => tr!("unit-root", n = tree.children[i].len()),
            }),
        );
        // Text fields shrink with a narrow column, so the row's buttons stay in view.
        let field = (ui.available_width() - 260.0).clamp(90.0, 180.0);
        let resolution = self.folder.as_ref().map(|f| f.resolve(&c.archive(), &c.record()));
        let link_text = match &resolution {
            Some(Resolution::Found { member, .. }) => format!("{}::{member}", c.archive()),
            _ => tr!("unit-no-record", archive = c.archive().as_ref(), record = c.record().as_ref()),
        };
        let mut link_below = false;
        egui::Grid::new("unit-fields").num_columns(2).spacing([10.0, 6.0]).show(ui, |ui| {
            let l = ui.label(tr!("unit-record"));
            ui.horizontal(|ui| {
                let r = ui.add(egui::TextEdit::singleline(&mut self.fields.record).id_salt("unit-record").desired_width(field)).labelled_by(l.id);
                if r.lost_focus() && ui.input(|k| k.key_pressed(egui::Key::Enter)) && self.fields.record != c.record() {
                    ops.push(UnitOp::SetRecord(i, self.fields.record.clone()));
                }
                if ui.button(tr!("unit-pick")).on_hover_text(tr!("unit-pick-tip")).clicked() {
                    self.picking_record = !self.picking_record;
                }
                // The link (or why there is none) follows in the row when it fits, else it
                // takes a row of its own, cut with an ellipsis if even that is too narrow.
                let room = ui.available_width();
                if text_width(ui, &link_text) <= room {
                    record_link(ui, &resolution, &link_text, out);
                } else {
                    link_below = true;
                }
            });
            ui.end_row();
            if link_below {
                ui.label("");
                record_link(ui, &resolution, &link_text, out);
                ui.end_row();
            }
            ui.label(tr!("unit-class"));
            let current = c.class();
            egui::ComboBox::new("unit-class", tr!("unit-part-class")).selected_text(format!("{} ({})", part_class_label(current), current.raw())).show_ui(ui, |ui| {
                for k in PartClass::KNOWN {
                    if ui.selectable_label(k == current, format!("{} ({})", part_class_label(k), k.raw())).clicked() && k != current {
                        ops.push(UnitOp::SetClass(i, k.raw()));
                    }
                }
            });
            ui.end_row();
            let l = ui.label(tr!("unit-attach"));
            ui.horizontal(|ui| {
                let r = ui.add(egui::DragValue::new(&mut self.fields.attach).range(-1..=i32::MAX)).labelled_by(l.id);
                if (r.drag_stopped() || r.lost_focus()) && self.fields.attach != c.attach() {
                    ops.push(UnitOp::SetAttach(i, self.fields.attach));
                }
                short(ui, RichText::new(if i == 0 { tr!("unit-attach-root") } else { tr!("unit-attach-hint") }).weak());
            });
            ui.end_row();
            let l = ui.label(tr!("unit-display-name"));
            ui.horizontal(|ui| {
                let r = ui.add(egui::TextEdit::singleline(&mut self.fields.display).id_salt("unit-display").desired_width(field)).labelled_by(l.id);
                let enter = r.lost_focus() && ui.input(|k| k.key_pressed(egui::Key::Enter));
                if (enter || ui.button(tr!("unit-apply")).clicked()) && self.fields.display != c.display_name() {
                    ops.push(UnitOp::SetDisplay(i, self.fields.display.clone()));
                }
                if let Some(ch) = edits::first_unencodable(&self.fields.display) {
                    let error = ui.visuals().error_fg_color;
                    short(ui, RichText::new(tr!("unit-no-cp1251", ch = format!("{ch:?}"))).color(error));
                }
            });
            ui.end_row();
        });
        if self.picking_record {
            let keys = self.folder.as_ref().map(|f| f.record_keys().to_vec()).unwrap_or_default();
            let mut filter = self.fields.record.clone();
            if let Some(k) = name_picker::show(ui, "unit-record-pick", &tr!("unit-record-key"), &mut filter, &keys, &tr!("unit-record-hint"), 160.0) {
                ops.push(UnitOp::SetRecord(i, k.clone()));
                self.fields.record = k;
                self.picking_record = false;
            } else {
                self.fields.record = filter;
            }
        }
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!("unit-add-child")).on_hover_text(tr!("unit-add-child-tip")).clicked() {
                ops.push(UnitOp::AddChild { parent: i, record: c.record().into_owned() });
            }
            let not_root = i != 0;
            if ui.add_enabled(not_root, egui::Button::new(tr!("unit-remove"))).on_hover_text(tr!("unit-remove-tip")).clicked() {
                ops.push(UnitOp::Remove(i));
            }
            let (k, n) = tree.parent[i].map_or((0, 1), |p| (tree.children[p].iter().position(|&x| x == i).unwrap_or(0), tree.children[p].len()));
            if ui.add_enabled(not_root && k > 0, egui::Button::new(tr!("unit-move-up"))).on_hover_text(tr!("unit-move-up-tip")).clicked() {
                ops.push(UnitOp::MoveUp(i));
            }
            if ui.add_enabled(not_root && k + 1 < n, egui::Button::new(tr!("unit-move-down"))).on_hover_text(tr!("unit-move-down-tip")).clicked() {
                ops.push(UnitOp::MoveDown(i));
            }
            ui.add_enabled_ui(not_root, |ui| {
                ui.menu_button(tr!("unit-move-to"), |ui| {
                    for p in edits::parents_for(u, i) {
                        if ui.button(tr!("unit-move-under", i = p.to_string(), record = u.component(p).record().as_ref())).clicked() {
                            ops.push(UnitOp::MoveTo { component: i, parent: p });
                            ui.close();
                        }
                    }
                })
                .response
                .on_hover_text(tr!("unit-move-to-tip"));
            });
        });
        let _ = cx;
    }
}

/// Draws the tab.
pub fn show(ui: &mut Ui, cx: &EditorCx, v: &mut UnitView, out: &mut Vec<Intent>) {
    v.refresh(cx);
    let u = match &v.unit {
        Some(Ok(u)) => u.clone(),
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, tr!("unit-unreadable", error = e.as_str()));
            return;
        }
        None => return,
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("unit-class-word"));
        ui.label(RichText::new(class_word_label(u.class_word)).monospace().strong());
        ui.separator();
        ui.add(egui::Label::new(tr!("unit-components", n = u.len())).extend());
        if !u.leftover.is_empty() {
            ui.separator();
            ui.add(egui::Label::new(RichText::new(tr!("unit-leftover", n = u.leftover.len())).color(ui.visuals().warn_fg_color)).extend());
        }
    });
    for d in &v.diagnostics {
        let c = if d.severity == Severity::Warning { ui.visuals().warn_fg_color } else { ui.visuals().weak_text_color() };
        ui.colored_label(c, format!("@0x{:X}: {}", d.offset.unwrap_or(0), crate::app::i18n::messages::diagnostic(d)));
    }
    if let Some(m) = &v.message {
        ui.colored_label(Color32::from_rgb(230, 90, 80), m);
    }
    ui.separator();
    let mut ops = Vec::new();
    let h = ui.available_height();
    let details = |ui: &mut Ui, v: &mut UnitView, ops: &mut Vec<UnitOp>, out: &mut Vec<Intent>| {
        v.show_details(ui, cx, &u, ops, out);
        ui.separator();
        if let Some(i) = v.scene.show(ui, cx, &u, v.folder.as_ref(), v.selected) {
            v.select(i);
        }
    };
    if ui.available_width() >= 760.0 {
        // Wide: the tree beside the details.
        ui.horizontal_top(|ui| {
            let w = (ui.available_width() * 0.42).max(220.0);
            ui.vertical(|ui| {
                ui.set_width(w);
                egui::ScrollArea::vertical().id_salt("unit-tree").max_height(h).show(ui, |ui| v.show_tree(ui, &u, &mut ops));
            });
            ui.separator();
            ui.vertical(|ui| {
                egui::ScrollArea::vertical().id_salt("unit-details").max_height(h).show(ui, |ui| details(ui, v, &mut ops, out));
            });
        });
    } else {
        // Narrow: the tree above the details.
        egui::ScrollArea::vertical().id_salt("unit-tree").max_height((h * 0.3).max(80.0)).show(ui, |ui| v.show_tree(ui, &u, &mut ops));
        ui.separator();
        egui::ScrollArea::vertical().id_salt("unit-details").show(ui, |ui| details(ui, v, &mut ops, out));
    }
    // One edit a frame: each is made from the bytes this frame drew.
    if let Some(op) = ops.into_iter().next() {
        v.commit(cx.path, cx.bytes, cx.ws.readings.unit_dat, op, out);
    }
}
