//! A choice of one format reading (docs/readings.md): the readings window and the views that
//! decode by a reading offer the same combo.

use crate::app::intent::Intent;
use crate::formats::readings::{Readings, TABLE, about};

/// The value a reading currently has, by trying each (the switch table is the one source).
pub fn current(readings: &Readings, name: &str) -> Option<&'static str> {
    let (_, values, _) = TABLE.iter().find(|(n, _, _)| *n == name)?;
    values.iter().copied().find(|v| {
        let mut r = *readings;
        r.set(&format!("{name}={v}")).is_ok() && r == *readings
    })
}

/// A reading's description in the interface's language.
pub fn describe(name: &str) -> String {
    about(name).map(|m| crate::app::i18n::messages::message(&m)).unwrap_or_default()
}

/// A choice of one reading's values; picking another pushes [`Intent::SetReading`].
/// `salt` keeps the combo apart from the same reading's combo elsewhere.
pub fn combo(ui: &mut egui::Ui, readings: &Readings, name: &'static str, values: &[&'static str], salt: &str, out: &mut Vec<Intent>) {
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
        .on_hover_text(format!("{name}: {}", describe(name)));
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
