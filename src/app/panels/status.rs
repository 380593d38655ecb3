//! The status bar: running tasks with progress and Cancel, else the last log line and counts.

use crate::app::cx::PanelCx;
use crate::app::intent::Intent;
use crate::formats::Severity;
use egui::{Align, Layout, RichText, Ui};

pub fn show(app: &PanelCx, ui: &mut Ui, out: &mut Vec<Intent>) {
    egui::Panel::bottom("status-bar").resizable(false).show(ui, |ui| {
        ui.horizontal(|ui| {
            if let Some(t) = app.tasks.running().first() {
                ui.spinner();
                ui.label(&t.label);
                let (done, total) = t.progress.get();
                let bar = match t.progress.fraction() {
                    Some(f) => egui::ProgressBar::new(f).text(format!("{done} / {total}")),
                    None => egui::ProgressBar::new(0.0).animate(true),
                };
                ui.add(bar.desired_width(220.0));
                if ui.button(crate::tr!("dlg-cancel")).on_hover_text(crate::tr!("cmd-cancel-task-tip")).clicked() {
                    out.push(Intent::CancelTasks);
                }
                if app.tasks.running().len() > 1 {
                    ui.weak(crate::tr!("status-more-tasks", n = app.tasks.running().len() - 1));
                }
            } else if let Some(l) = app.log.last() {
                let color = match l.severity {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                    Severity::Info => ui.visuals().weak_text_color(),
                };
                ui.label(RichText::new(crate::app::shown_path::text(&l.text)).color(color));
            }
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let dirty = app.ws.files().iter().filter(|f| f.is_dirty()).count();
                let files = app.ws.files().len();
                ui.weak(if dirty > 0 { crate::tr!("status-files-unsaved", n = files, dirty = dirty) } else { crate::tr!("files-count", n = files) });
                if let Some(u) = app.ws.history.undo_message() {
                    ui.weak(format!("{}  ·", crate::tr!("status-undo", what = crate::app::i18n::messages::message(u))));
                }
            });
        });
    });
}
