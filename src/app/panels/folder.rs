//! A game folder's listing (File ▸ Open Folder): its archives, meshes, WEAR tables and
//! level.geom files, relative to the folder; click one to open it.

use crate::app::StudioApp;
use crate::app::intent::Intent;
use egui::Ui;
use std::path::PathBuf;

pub struct FolderListing {
    pub root: PathBuf,
    pub files: Vec<PathBuf>,
    pub filter: String,
}

impl FolderListing {
    pub fn new(root: PathBuf, files: Vec<PathBuf>) -> FolderListing {
        FolderListing { root, files, filter: String::new() }
    }

    pub fn shown(&self) -> Vec<&PathBuf> {
        let f = self.filter.to_lowercase();
        self.files.iter().filter(|p| f.is_empty() || p.to_string_lossy().to_lowercase().contains(&f)).collect()
    }
}

pub fn show(app: &mut StudioApp, ui: &mut Ui) {
    let Some(listing) = &mut app.folder else { return };
    let mut out = Vec::new();
    let title = format!("Folder {} ({} files)", listing.root.display(), listing.files.len());
    egui::CollapsingHeader::new(title).id_salt("folder-listing").default_open(true).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.add(egui::TextEdit::singleline(&mut listing.filter).hint_text("Filter files").desired_width(160.0));
            if ui.small_button("Close folder").clicked() {
                out.push(Intent::CloseFolder);
            }
        });
        let shown = listing.shown();
        let h = ui.text_style_height(&egui::TextStyle::Body) + 2.0;
        egui::ScrollArea::vertical().id_salt("folder-files").max_height(180.0).auto_shrink([false, true]).show_rows(ui, h, shown.len(), |ui, range| {
            for p in &shown[range] {
                let rel = p.strip_prefix(&listing.root).unwrap_or(p);
                let open = app.ws.find_file(p).is_some();
                let text = if open { format!("{} (open)", rel.display()) } else { rel.display().to_string() };
                if ui.selectable_label(open, text).on_hover_text("Open this file").clicked() {
                    out.push(Intent::Open(vec![(*p).clone()]));
                }
            }
        });
    });
    ui.separator();
    app.intents.extend(out);
}
