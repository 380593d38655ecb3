//! A text table's diff (WEAR): the two sides' lines, kept, removed and added, each with its
//! line numbers, removed lines red and added lines green (`doc::diff::line_diff`). Only the
//! lines in view are laid out.

use crate::app::seam::compare::{CompareBody, Placement};
use crate::app::widgets::diff::kind_color;
use crate::formats::readings::Readings;
use crate::doc::diff::{Kind, LineOp, Side, line_diff, split_lines};
use crate::formats::cp1251;
use egui::{RichText, Ui};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    Same,
    Removed,
    Added,
}

pub struct TextDiff {
    /// A's line number, B's line number (1-based), what happened, the text.
    pub lines: Vec<(Option<usize>, Option<usize>, Tag, String)>,
    pub only_changes: bool,
}

fn text(line: &[u8]) -> String {
    cp1251::decode(line.strip_suffix(b"\r").unwrap_or(line))
}

impl TextDiff {
    pub fn new(a: Option<&Side>, b: Option<&Side>) -> TextDiff {
        let (ta, tb) = (a.map(|s| s.bytes.clone()), b.map(|s| s.bytes.clone()));
        let la = ta.as_ref().map(|t| split_lines(t)).unwrap_or_default();
        let lb = tb.as_ref().map(|t| split_lines(t)).unwrap_or_default();
        let lines = line_diff(&la, &lb)
            .into_iter()
            .map(|op| match op {
                LineOp::Equal(i, j) => (Some(i + 1), Some(j + 1), Tag::Same, text(la[i])),
                LineOp::Delete(i) => (Some(i + 1), None, Tag::Removed, text(la[i])),
                LineOp::Insert(j) => (None, Some(j + 1), Tag::Added, text(lb[j])),
            })
            .collect();
        TextDiff { lines, only_changes: false }
    }

    pub fn show(&mut self, ui: &mut Ui, figures: impl FnOnce(&mut Ui)) {
        egui::CollapsingHeader::new(crate::tr!("compare-what-changed")).default_open(true).show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("compare-figures-scroll").max_height(160.0).show(ui, figures);
        });
        let (removed, added) = (self.lines.iter().filter(|l| l.2 == Tag::Removed).count(), self.lines.iter().filter(|l| l.2 == Tag::Added).count());
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.only_changes, crate::tr!("wear-only-changed"));
            ui.weak(crate::tr!("wear-removed-added", removed = removed.to_string(), added = added.to_string()));
        });
        let dark = ui.visuals().dark_mode;
        let shown: Vec<usize> = (0..self.lines.len()).filter(|&i| !self.only_changes || self.lines[i].2 != Tag::Same).collect();
        let row_h = ui.text_style_height(&egui::TextStyle::Monospace) + 2.0;
        egui::ScrollArea::both().id_salt("compare-text").auto_shrink([false, false]).show_rows(ui, row_h, shown.len(), |ui, range| {
            for &i in &shown[range] {
                let (a, b, tag, t) = &self.lines[i];
                let num = |n: &Option<usize>| n.map_or_else(|| "    ".to_string(), |n| format!("{n:>4}"));
                let (mark, color, bg) = match tag {
                    Tag::Same => (" ", ui.visuals().text_color(), egui::Color32::TRANSPARENT),
                    Tag::Removed => ("-", kind_color(Kind::Removed, dark), kind_color(Kind::Removed, dark).gamma_multiply(0.15)),
                    Tag::Added => ("+", kind_color(Kind::Added, dark), kind_color(Kind::Added, dark).gamma_multiply(0.15)),
                };
                ui.label(RichText::new(format!("{} {} {mark} {t}", num(a), num(b))).monospace().color(color).background_color(bg));
            }
        });
    }
}

impl CompareBody for TextDiff {
    fn name(&self) -> &'static str {
        "text"
    }

    fn placement(&self) -> Placement {
        Placement::Alone
    }

    fn show(&mut self, ui: &mut Ui, _readings: &Readings, _gpu: Option<&eframe::egui_wgpu::RenderState>, figures: &mut dyn FnMut(&mut Ui)) {
        TextDiff::show(self, ui, |ui| figures(ui));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_removed_and_added_lines_with_their_numbers() {
        let a = Side::file("t.wea", b"2\r\n0 STEEL\r\n1 GLASS\r\n".to_vec().into());
        let b = Side::file("t.wea", b"2\r\n0 STEEL\r\n1 WATER\r\n".to_vec().into());
        let d = TextDiff::new(Some(&a), Some(&b));
        let got: Vec<(Option<usize>, Option<usize>, Tag, &str)> = d.lines.iter().map(|(a, b, t, s)| (*a, *b, *t, s.as_str())).collect();
        assert_eq!(got, [(Some(1), Some(1), Tag::Same, "2"), (Some(2), Some(2), Tag::Same, "0 STEEL"), (Some(3), None, Tag::Removed, "1 GLASS"), (None, Some(3), Tag::Added, "1 WATER")]);
        // An added table: every line added.
        assert!(TextDiff::new(None, Some(&b)).lines.iter().all(|l| l.2 == Tag::Added));
    }
}
