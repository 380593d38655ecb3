//! Tables of the compare view: the engine's figures for a change (each differing field with
//! its two values, each finding with its note, the context lines), and the two sides' decoded
//! fields (`doc::diff::field_rows`) in columns A and B, the values that differ highlighted.

use crate::app::seam::compare::{CompareBody, Placement};
use crate::app::widgets::diff::kind_color;
use crate::doc::diff::{Change, FieldRow, Kind};
use egui::{RichText, Ui};

/// The change's details and context, as the `diff` command prints them but in columns.
pub fn figures(ui: &mut Ui, change: &Change) {
    if change.details.is_empty() && change.context.is_empty() {
        ui.weak(match change.kind {
            Kind::Added | Kind::Removed => crate::tr!("compare-one-side"),
            Kind::Renamed => crate::tr!("compare-renamed"),
            Kind::Moved => crate::tr!("compare-moved"),
            Kind::Changed => crate::tr!("compare-no-details"),
        });
        return;
    }
    let dark = ui.visuals().dark_mode;
    egui::Grid::new("compare-figures").striped(true).num_columns(3).show(ui, |ui| {
        for d in &change.details {
            ui.label(RichText::new(&d.field).strong());
            match (&d.old, &d.new) {
                (None, None) => {
                    ui.label("");
                }
                (o, n) => {
                    ui.horizontal(|ui| {
                        if let Some(o) = o {
                            ui.label(RichText::new(o).monospace().color(kind_color(Kind::Removed, dark)));
                        }
                        if o.is_some() && n.is_some() {
                            ui.label("->");
                        }
                        if let Some(n) = n {
                            ui.label(RichText::new(n).monospace().color(kind_color(Kind::Added, dark)));
                        }
                    });
                }
            }
            ui.label(d.shown_note().unwrap_or_default());
            ui.end_row();
        }
    });
    for c in &change.context {
        ui.label(RichText::new(c).monospace().weak());
    }
}

/// Both sides' decoded fields.
pub struct FieldTable {
    pub rows: Vec<FieldRow>,
    /// A side that could not be decoded, one line each.
    pub errors: Vec<String>,
    pub only_changed: bool,
    /// An editor's drawing of the two sides with the tables: a mesh's two 3D views above
    /// them, a material's two sides playing in step among them.
    pub extra: Option<Box<dyn CompareBody>>,
    pub readings: crate::formats::readings::Readings,
}

impl FieldTable {
    /// The editor's drawing as its concrete type (tests, benchmarks).
    pub fn extra<T: CompareBody>(&self) -> Option<&T> {
        self.extra.as_deref().and_then(|x| x.downcast_ref())
    }

    pub fn extra_mut<T: CompareBody>(&mut self) -> Option<&mut T> {
        self.extra.as_deref_mut().and_then(|x| x.downcast_mut())
    }

    pub fn show(&mut self, ui: &mut Ui, gpu: Option<&eframe::egui_wgpu::RenderState>, figures: impl FnOnce(&mut Ui)) {
        let mut none = |_: &mut Ui| {};
        if let Some(x) = self.extra.as_mut().filter(|x| x.placement() == Placement::AboveFields) {
            x.show(ui, &self.readings, gpu, &mut none);
        }
        egui::CollapsingHeader::new(crate::tr!("compare-what-changed")).id_salt("compare-what-changed").default_open(true).show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("compare-figures-scroll").max_height(180.0).show(ui, figures);
        });
        if let Some(m) = self.extra.as_mut().filter(|x| x.placement() == Placement::InFields) {
            egui::CollapsingHeader::new(crate::tr!("compare-both-playing")).id_salt("compare-both-playing").default_open(true).show(ui, |ui| m.show(ui, &self.readings, gpu, &mut none));
        }
        for e in &self.errors {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let changed = self.rows.iter().filter(|r| r.differs()).count();
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.only_changed, crate::tr!("compare-only-changed"));
            ui.weak(crate::tr!("compare-fields-differ", n = changed, total = self.rows.len()));
        });
        let dark = ui.visuals().dark_mode;
        let (red, green) = (kind_color(Kind::Removed, dark), kind_color(Kind::Added, dark));
        let highlight = ui.visuals().selection.bg_fill.gamma_multiply(0.35);
        egui::ScrollArea::both().id_salt("compare-fields").auto_shrink([false, false]).show(ui, |ui| {
            egui::Grid::new("compare-fields-grid").striped(true).num_columns(3).min_col_width(120.0).show(ui, |ui| {
                ui.label(RichText::new(crate::tr!("compare-field")).strong());
                ui.label(RichText::new(crate::tr!("compare-a")).strong());
                ui.label(RichText::new(crate::tr!("compare-b")).strong());
                ui.end_row();
                for r in self.rows.iter().filter(|r| !self.only_changed || r.differs()) {
                    let value = |v: &Option<String>, color| {
                        let t = RichText::new(v.as_deref().unwrap_or("—")).monospace();
                        if r.differs() { t.color(color).background_color(highlight) } else { t }
                    };
                    ui.label(RichText::new(&r.field).monospace());
                    ui.label(value(&r.a, red));
                    ui.label(value(&r.b, green));
                    ui.end_row();
                }
            });
        });
    }
}
