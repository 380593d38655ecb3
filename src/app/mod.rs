//! The egui editor. Panels read the document and return intents; one place applies them.

use crate::doc::Workspace;
use std::path::PathBuf;

pub struct StudioApp {
    pub ws: Workspace,
    pub log: Vec<String>,
}

impl StudioApp {
    pub fn new(files: Vec<PathBuf>) -> StudioApp {
        let mut ws = Workspace::new();
        let mut log = Vec::new();
        for f in files {
            match ws.open(&f) {
                Ok(_) => log.push(format!("opened {}", f.display())),
                Err(e) => log.push(format!("error: {e}")),
            }
        }
        StudioApp { ws, log }
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show_inside(ui, |ui| {
            ui.heading("Parkan Studio");
            for f in self.ws.files() {
                ui.label(format!("{} — {} entries", f.path.display(), f.root().len()));
            }
            for l in &self.log {
                ui.label(l);
            }
        });
    }
}

/// Opens the editor window; returns the process exit code.
pub fn run(files: Vec<PathBuf>, _readings: &[String]) -> i32 {
    let options = eframe::NativeOptions::default();
    match eframe::run_native("Parkan Studio", options, Box::new(move |_cc| Ok(Box::new(StudioApp::new(files))))) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: could not open the editor window: {e}");
            2
        }
    }
}
