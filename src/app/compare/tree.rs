//! The compare view's tree: every change under the archives (and folders) that hold it, each
//! marked with its kind in its colour; the archives on the way that did not change themselves
//! are plain headings. Identical items are counted under the tree, never listed.

use super::{CompareView, kind_color};
use crate::doc::diff::Change;
use egui::text::LayoutJob;
use egui::{Color32, FontId, TextFormat, Ui};
use std::collections::HashSet;

/// One line of the tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub depth: usize,
    /// The last part of the path (`BRICK00.0`), or a heading's whole name.
    pub name: String,
    /// The change this line is (`None`: a heading).
    pub change: Option<usize>,
}

/// The tree's lines: changes by path, each under headings for the parts of its path that are
/// not changes themselves.
pub fn rows(changes: &[Change]) -> Vec<Row> {
    let mut order: Vec<usize> = (0..changes.len()).collect();
    order.sort_by(|&x, &y| changes[x].path.to_lowercase().cmp(&changes[y].path.to_lowercase()).then(x.cmp(&y)));
    let paths: HashSet<&str> = changes.iter().map(|c| c.path.as_str()).collect();
    let mut headed: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for i in order {
        let parts: Vec<&str> = changes[i].path.split("::").collect();
        for k in 0..parts.len().saturating_sub(1) {
            let prefix = parts[..=k].join("::");
            if !paths.contains(prefix.as_str()) && headed.insert(prefix) {
                out.push(Row { depth: k, name: parts[k].to_string(), change: None });
            }
        }
        out.push(Row { depth: parts.len() - 1, name: parts.last().copied().unwrap_or_default().to_string(), change: Some(i) });
    }
    out
}

/// A row's text: the name, the change's kind, a rename's old name, and "unsaved" on what was
/// compared with the editor's unsaved edits.
fn row_text(row: &Row, change: Option<&Change>, unsaved: bool, ui: &Ui) -> LayoutJob {
    let font = FontId::proportional(13.0);
    let text = ui.visuals().text_color();
    let mut job = LayoutJob::default();
    let mark = |job: &mut LayoutJob| {
        if unsaved {
            let f = TextFormat { italics: true, ..TextFormat::simple(font.clone(), ui.visuals().warn_fg_color) };
            job.append(&crate::tr!("cmpv-unsaved-mark"), 6.0, f);
        }
    };
    let Some(c) = change else {
        job.append(&row.name, 0.0, TextFormat::simple(font.clone(), ui.visuals().weak_text_color()));
        mark(&mut job);
        return job;
    };
    job.append(&row.name, 0.0, TextFormat::simple(font.clone(), text));
    let color: Color32 = kind_color(c.kind, ui.visuals().dark_mode);
    job.append(&crate::app::widgets::diff::kind_word(c.kind), 10.0, TextFormat::simple(font.clone(), color));
    if let Some(from) = &c.from {
        job.append(&crate::tr!("compare-from", from = from.as_str()), 6.0, TextFormat::simple(font.clone(), ui.visuals().weak_text_color()));
    }
    mark(&mut job);
    job
}

/// The change `step` rows of changes away from the selected one (the first for none).
pub fn step(view: &CompareView, step: isize) -> Option<usize> {
    let order: Vec<usize> = view.tree.iter().filter_map(|r| r.change).collect();
    let at = view.selected.and_then(|s| order.iter().position(|&c| c == s));
    let next = match at {
        None => 0,
        Some(k) => k.saturating_add_signed(step).min(order.len().saturating_sub(1)),
    };
    order.get(next).copied()
}

/// Draws the tree; true when a change was double-clicked or stepped to with the arrow keys
/// (its diff is to be shown).
pub fn show(view: &mut CompareView, ui: &mut Ui) -> bool {
    let mut open = false;
    let mut stepped = false;
    if !ui.ctx().egui_wants_keyboard_input() {
        let delta = ui.input(|i| i.key_pressed(egui::Key::ArrowDown) as isize - i.key_pressed(egui::Key::ArrowUp) as isize);
        if delta != 0
            && let Some(next) = step(view, delta)
        {
            open = view.selected != Some(next);
            stepped = open;
            view.selected = Some(next);
        }
    }
    let identical = view.report.as_ref().and_then(|r| r.as_ref().ok()).map_or(0, |r| r.identical);
    let n = view.changes().len();
    ui.label(crate::tr!("mods-changes", n = n));
    ui.weak(crate::tr!("compare-identical", n = identical));
    ui.separator();
    let row_h = ui.spacing().interact_size.y;
    let count = view.tree.len();
    let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]);
    // A row stepped to with the keys is brought into view (near the middle).
    if stepped && let Some(r) = view.tree.iter().position(|r| r.change == view.selected) {
        let pitch = row_h + ui.spacing().item_spacing.y;
        area = area.vertical_scroll_offset((r as f32 * pitch - ui.available_height() / 2.0).max(0.0));
    }
    area.show_rows(ui, row_h, count, |ui, range| {
        for r in range {
            let row = view.tree[r].clone();
            let change = row.change.and_then(|i| view.changes().get(i)).cloned();
            let unsaved = match &change {
                Some(c) => view.is_unsaved(c),
                None => row.depth == 0 && view.unsaved.contains(&row.name.to_ascii_lowercase()),
            };
            let job = row_text(&row, change.as_ref(), unsaved, ui);
            ui.horizontal(|ui| {
                ui.add_space(row.depth as f32 * 14.0);
                let Some(i) = row.change else {
                    ui.label(job);
                    return;
                };
                let selected = view.selected == Some(i);
                let hover = change.map(|c| c.path).unwrap_or_default();
                let resp = ui.add(egui::Button::selectable(selected, job)).on_hover_text(hover);
                if resp.clicked() {
                    view.selected = Some(i);
                }
                if resp.double_clicked() {
                    view.selected = Some(i);
                    open = true;
                }
            });
        }
    });
    open
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::diff::Kind;

    #[test]
    fn changes_sit_under_headings_for_their_archives() {
        let c = |p: &str, k| Change::new(p, k, crate::doc::kinds::ItemKind::Entry);
        let changes = vec![c("b.lib::X", Kind::Added), c("a.lib::inner.rlb::S", Kind::Changed), c("a.lib::T", Kind::Removed), c("c.wea", Kind::Changed)];
        let got: Vec<(usize, String, Option<usize>)> = rows(&changes).into_iter().map(|r| (r.depth, r.name, r.change)).collect();
        let want = [
            (0, "a.lib".to_string(), None),
            (1, "inner.rlb".to_string(), None),
            (2, "S".to_string(), Some(1)),
            (1, "T".to_string(), Some(2)),
            (0, "b.lib".to_string(), None),
            (1, "X".to_string(), Some(0)),
            (0, "c.wea".to_string(), Some(3)),
        ];
        assert_eq!(got, want);
    }
}
