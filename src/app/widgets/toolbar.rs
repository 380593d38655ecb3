//! A tool bar that fits or folds: one row while it fits the width; else the main tools stay
//! in the row and the others go into a "More" menu, one under another; where even the main
//! ones do not fit, all of them go into a "Tools" menu. Never a row wrapped over several lines
//! that pushes the editor down (a 1024-point window, a narrow tab).

use egui::Ui;

/// Room the "More" button takes.
const MORE_W: f32 = 64.0;

/// Draws the tools `add` makes as one row (`add(ui, false)`, the main ones, then
/// `add(ui, true)`, the others), folded as the module says when the row, as measured the last
/// time it was drawn whole, is wider than the room there is now.
pub fn toolbar(ui: &mut Ui, id: &str, mut add: impl FnMut(&mut Ui, bool)) {
    let key = egui::Id::unique(("toolbar-width", id));
    let need: Option<(f32, f32)> = ui.data(|d| d.get_temp(key));
    let room = ui.available_width();
    match need {
        Some((whole, main)) if whole > room => {
            ui.horizontal(|ui| {
                if main + MORE_W > room {
                    ui.menu_button(crate::tr!("toolbar-tools"), |ui| {
                        add(ui, false);
                        ui.separator();
                        add(ui, true);
                    })
                    .response
                    .on_hover_text(crate::tr!("toolbar-tools-tip"));

                } else {
                    add(ui, false);
                    ui.menu_button(crate::tr!("toolbar-more"), |ui| add(ui, true)).response.on_hover_text(crate::tr!("toolbar-more-tip"));
                }
            });
        }
        _ => {
            // Laid out where it may overflow, so its widths are known; clipped to the room.
            let mut main = 0.0;
            let row = ui.horizontal(|ui| {
                ui.set_clip_rect(ui.clip_rect().intersect(ui.max_rect()));
                let left = ui.cursor().left();
                add(ui, false);
                main = ui.cursor().left() - left;
                add(ui, true);
            });
            let whole = row.response.rect.width();
            ui.data_mut(|d| d.insert_temp(key, (whole, main)));
            if whole > room {
                ui.ctx().request_repaint();
            }
        }
    }
}
