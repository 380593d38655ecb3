//! The archive browser: its view state (selection, expanded rows, filter, the cached row
//! model, an inline rename, where rows were drawn for drag and drop) and its table.

pub mod icons;
pub mod model;
pub mod table;

use super::intent::Intent;
use super::selection::Selection;
use crate::doc::{FileId, ItemPath, Workspace};
use model::{Expansion, Filter, Model, Sort};
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq)]
pub struct Renaming {
    pub path: ItemPath,
    pub text: String,
    /// Take the keyboard focus on the next draw.
    pub focus: bool,
}

#[derive(Default)]
pub struct BrowserState {
    pub selection: Selection,
    pub expansion: Expansion,
    pub filter: Filter,
    pub model: Model,
    pub renaming: Option<Renaming>,
    pub focus_filter: bool,
    /// Scroll the table so this row shows (after keyboard moves, reveal, add).
    pub scroll_to: Option<ItemPath>,
    /// Rows drawn last frame, for finding the row under a drop.
    pub(crate) row_rects: Vec<(egui::Rect, ItemPath)>,
    pub(crate) table_rect: Option<egui::Rect>,
    built_for: Option<(u64, Sort)>,
    /// The view (expansion, filter) changed: every row is built again, not only those of the
    /// files that changed.
    stale: bool,
    /// How many times the row model was rebuilt (tests and the benchmark watch it).
    pub builds: u64,
}

impl BrowserState {
    /// The next refresh rebuilds every row (the view changed, or entries moved).
    pub fn invalidate(&mut self) {
        self.stale = true;
    }

    /// Builds the rows again when the document or the view changed since the last build:
    /// after a document change alone, only the rows of the files that changed.
    pub fn refresh(&mut self, ws: &Workspace, generation: u64, sort: Sort) {
        let same_view = !self.stale && self.built_for.is_some_and(|(_, s)| s == sort);
        if same_view && self.built_for == Some((generation, sort)) {
            return;
        }
        let previous = if same_view { std::mem::take(&mut self.model) } else { model::Model::default() };
        self.model = model::rebuild(previous, ws, &self.expansion, &self.filter, sort);
        self.built_for = Some((generation, sort));
        self.stale = false;
        self.builds += 1;
    }

    pub fn set_filter(&mut self, f: Filter) {
        if f != self.filter {
            self.filter = f;
            self.invalidate();
        }
    }

    pub fn remap(&mut self, f: &dyn Fn(&ItemPath) -> Option<ItemPath>) {
        self.selection.remap(f);
        let expanded: std::collections::BTreeSet<ItemPath> = self.expansion.expanded.iter().filter_map(f).collect();
        // Rows of the edited file are built again anyway; the others only when entries moved.
        if expanded != self.expansion.expanded {
            self.expansion.expanded = expanded;
            self.invalidate();
        }
        if let Some(r) = &mut self.renaming {
            match f(&r.path) {
                Some(p) => r.path = p,
                None => self.renaming = None,
            }
        }
        self.scroll_to = self.scroll_to.as_ref().and_then(f);
    }

    pub fn forget_file(&mut self, file: FileId) {
        self.selection.retain(&|p| p.file != file);
        self.expansion.expanded.retain(|p| p.file != file);
        self.expansion.collapsed_files.remove(&file);
        if self.renaming.as_ref().is_some_and(|r| r.path.file == file) {
            self.renaming = None;
        }
        self.invalidate();
    }

    pub fn start_rename(&mut self, path: ItemPath, current: String) {
        self.selection.select_only(path.clone());
        self.renaming = Some(Renaming { path, text: current, focus: true });
    }

    /// What files dropped at `pos` mean: onto a row, into the table, or elsewhere (open).
    pub fn drop_intent(&self, pos: Option<egui::Pos2>, files: Vec<PathBuf>) -> Intent {
        let Some(pos) = pos else { return Intent::Open(files) };
        if let Some((_, p)) = self.row_rects.iter().find(|(r, _)| r.contains(pos)) {
            return Intent::DropOnRow { target: p.clone(), files };
        }
        if self.table_rect.is_some_and(|r| r.contains(pos)) {
            return Intent::DropOnBrowser(files);
        }
        Intent::Open(files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;

    #[test]
    fn rebuilds_only_when_something_changed() {
        let mut ws = Workspace::new();
        ws.open_bytes(PathBuf::from("a.lib"), SharedBytes::from(crate::fixtures::nres::simple())).unwrap();
        let mut b = BrowserState::default();
        b.refresh(&ws, 1, Sort::default());
        b.refresh(&ws, 1, Sort::default());
        assert_eq!(b.builds, 1);
        b.refresh(&ws, 2, Sort::default());
        assert_eq!(b.builds, 2);
        b.set_filter(Filter { text: "st".into(), type_label: None });
        b.refresh(&ws, 2, Sort::default());
        assert_eq!((b.builds, b.model.rows.len()), (3, 2));
        b.set_filter(Filter { text: "st".into(), type_label: None });
        b.refresh(&ws, 2, Sort::default());
        assert_eq!(b.builds, 3);
    }

    #[test]
    fn an_edit_rebuilds_the_rows_of_its_file_only() {
        let mut ws = Workspace::new();
        let a = ws.open_bytes(PathBuf::from("a.lib"), SharedBytes::from(crate::fixtures::nres::simple())).unwrap();
        ws.open_bytes(PathBuf::from("b.lib"), SharedBytes::from(crate::fixtures::nres::simple())).unwrap();
        let mut b = BrowserState::default();
        b.refresh(&ws, 1, Sort::default());
        assert_eq!(b.model.files_built, 2);
        let before: Vec<String> = b.model.rows.iter().map(|r| r.name.clone()).collect();
        ws.apply(crate::doc::items::rename(&ItemPath::root(a).child(0), "RENAMED").unwrap()).unwrap();
        b.refresh(&ws, 2, Sort::default());
        assert_eq!(b.model.files_built, 1);
        let after: Vec<String> = b.model.rows.iter().map(|r| r.name.clone()).collect();
        assert_eq!(after.len(), before.len());
        assert_eq!(after[1], "RENAMED");
        assert_eq!(after[before.len() / 2..], before[before.len() / 2..], "the other file's rows are as they were");
        assert!(b.model.rows[0].dirty && !b.model.rows[before.len() / 2].dirty);
        // A view change builds every file again.
        b.set_filter(Filter { text: "e".into(), type_label: None });
        b.refresh(&ws, 2, Sort::default());
        assert_eq!(b.model.files_built, 2);
    }

    #[test]
    fn drops_land_on_rows_the_table_or_the_window() {
        let mut b = BrowserState::default();
        let row = ItemPath::root(1).child(0);
        b.row_rects = vec![(egui::Rect::from_min_size(egui::pos2(0.0, 20.0), egui::vec2(100.0, 20.0)), row.clone())];
        b.table_rect = Some(egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(100.0, 200.0)));
        let f = vec![PathBuf::from("x")];
        assert_eq!(b.drop_intent(Some(egui::pos2(5.0, 25.0)), f.clone()), Intent::DropOnRow { target: row, files: f.clone() });
        assert_eq!(b.drop_intent(Some(egui::pos2(5.0, 120.0)), f.clone()), Intent::DropOnBrowser(f.clone()));
        assert_eq!(b.drop_intent(Some(egui::pos2(500.0, 120.0)), f.clone()), Intent::Open(f.clone()));
        assert_eq!(b.drop_intent(None, f.clone()), Intent::Open(f));
    }
}
