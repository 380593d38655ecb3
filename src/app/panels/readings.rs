//! The readings window: one choice per disputed reading of docs/readings.md, the first
//! value being the default. Decoded views follow at once; the choice is remembered.

use crate::app::StudioApp;
use crate::app::intent::Intent;
use crate::formats::readings::{Readings, TABLE};
use egui::Context;

/// The value a reading currently has, by trying each (the switch table is the one source).
pub fn current(readings: &Readings, name: &str) -> Option<&'static str> {
    let (_, values, _) = TABLE.iter().find(|(n, _, _)| *n == name)?;
    values.iter().copied().find(|v| {
        let mut r = *readings;
        r.set(&format!("{name}={v}")).is_ok() && r == *readings
    })
}

/// A choice of one reading's values; picking another pushes [`Intent::SetReading`].
/// `salt` keeps the combo apart from the same reading's combo elsewhere.
pub fn combo(ui: &mut egui::Ui, readings: &Readings, name: &'static str, values: &[&'static str], about: &str, salt: &str, out: &mut Vec<Intent>) {
    let now = current(readings, name).unwrap_or(values[0]);
    egui::ComboBox::from_id_salt((salt, name))
        .selected_text(now)
        .show_ui(ui, |ui| {
            for v in values {
                if ui.selectable_label(*v == now, *v).clicked() && *v != now {
                    out.push(Intent::SetReading(format!("{name}={v}")));
                }
            }
        })
        .response
        .on_hover_text(format!("{name}: {about}"));
}

pub fn show(app: &mut StudioApp, ctx: &Context) {
    if !app.show_readings {
        return;
    }
    let mut open = true;
    let mut out = Vec::new();
    egui::Window::new("Format readings").open(&mut open).default_width(420.0).show(ctx, |ui| {
        ui.label("Where public readers of the formats disagree, choose the reading; the first value is the default. docs/readings.md explains each.");
        ui.separator();
        egui::Grid::new("readings").num_columns(2).striped(true).show(ui, |ui| {
            for (name, values, about) in TABLE {
                ui.label(*name).on_hover_text(*about);
                combo(ui, &app.ws.readings, name, values, about, "readings", &mut out);
                ui.end_row();
            }
        });
    });
    if !open {
        out.push(Intent::ShowReadings(false));
    }
    app.intents.extend(out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_every_value() {
        for (name, values, _) in TABLE {
            for v in *values {
                let mut r = Readings::default();
                r.set(&format!("{name}={v}")).unwrap();
                assert_eq!(current(&r, name), Some(*v), "{name}");
            }
        }
    }
}
