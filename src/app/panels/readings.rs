//! The readings window: one choice per disputed reading of docs/readings.md, the first
//! value being the default. Decoded views follow at once; the choice is remembered.

use crate::app::cx::PanelCx;
use crate::app::intent::Intent;
use crate::app::widgets::readings::{combo, describe};
use crate::formats::readings::TABLE;
use egui::Context;

pub fn show(app: &PanelCx, ctx: &Context, out: &mut Vec<Intent>) {
    let mut open = true;
    egui::Window::new(crate::tr!("readings-title")).id(egui::Id::unique("format-readings")).open(&mut open).default_width(420.0).show(ctx, |ui| {
        ui.label(crate::tr!("readings-text"));
        ui.separator();
        egui::Grid::new("readings").num_columns(2).striped(true).show(ui, |ui| {
            for (name, values, _) in TABLE {
                ui.label(*name).on_hover_text(describe(name));
                combo(ui, &app.ws.readings, name, values, "readings", out);
                ui.end_row();
            }
        });
    });
    if !open {
        out.push(Intent::ShowReadings(false));
    }
}
