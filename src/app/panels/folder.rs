//! The project panel over the browser: a game folder's tree (every archive and loose file,
//! archives and the archives nested in them expanded in place, each read when it is expanded)
//! and a search field (Ctrl+P) whose results come as you type; a click opens the item.

use crate::app::project::ProjectView;
use crate::app::intent::Intent;
use crate::doc::project::Index;
use egui::{RichText, Ui};
use std::collections::BTreeMap;

/// The project panel of the open folder; clicks go into `out`.
pub fn show(view: &mut ProjectView, ui: &mut Ui, out: &mut Vec<Intent>) {
    let title = crate::tr!("folder-title", root = crate::app::shown_path::path(view.root()), n = view.project.files().len());
    egui::CollapsingHeader::new(title).id_salt("project").default_open(true).show(ui, |ui| {
        ui.horizontal(|ui| {
            let field = egui::TextEdit::singleline(&mut view.query).hint_text(crate::tr!("folder-search-hint")).desired_width(260.0);
            let r = ui.add(field);
            if view.focus_search {
                r.request_focus();
                view.focus_search = false;
            }
            if ui.small_button(crate::tr!("folder-close")).clicked() {
                out.push(Intent::CloseFolder);
            }
        });
        match &view.index {
            None => {
                ui.weak(crate::tr!("folder-indexing"));
            }
            Some(ix) => {
                let problems = ix.problems().iter().filter(|p| p.severity >= crate::formats::Severity::Warning).count();
                ui.weak(crate::tr!("folder-indexed", items = ix.items().count(), findings = problems));
            }
        }
        let h = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
        if !view.query.trim().is_empty() {
            if view.index.is_none() {
                ui.weak(crate::tr!("folder-search-waits"));
            }
            let hits = view.hits().to_vec();
            ui.label(crate::tr!("folder-results", n = hits.len()));
            egui::ScrollArea::vertical().id_salt("project-hits").max_height(260.0).auto_shrink([false, true]).show_rows(ui, h, hits.len(), |ui, range| {
                for hit in &hits[range] {
                    if ui.link(hit.describe()).on_hover_text(crate::tr!("folder-open-in-editor")).clicked() {
                        let offset = hit.at.and_then(offset_of);
                        out.push(Intent::OpenProjectItem { address: hit.address.clone(), offset });
                    }
                }
            });
        } else {
            egui::ScrollArea::vertical().id_salt("project-tree").max_height(260.0).auto_shrink([false, true]).show(ui, |ui| {
                tree(view, ui, out);
            });
        }
    });
    ui.separator();
}

/// The byte offset of a place in an item, for the editor to reveal.
pub fn offset_of(at: crate::doc::project::At) -> Option<u64> {
    use crate::doc::project::At;
    match at {
        At::Phase { offset, .. } | At::Row { offset, .. } => Some(offset),
        _ => None,
    }
}

/// Folders, then each folder's files; an expanded archive lists its entries (from the index
/// when it is there: nested archives expand too; else from its directory).
fn tree(view: &mut crate::app::project::ProjectView, ui: &mut Ui, out: &mut Vec<Intent>) {
    let mut by_dir: BTreeMap<String, Vec<(String, bool)>> = BTreeMap::new();
    for f in view.project.files() {
        let archive = matches!(f.kind, crate::formats::magic::FileKind::Nres | crate::formats::magic::FileKind::Rsli);
        by_dir.entry(f.dir().to_string()).or_default().push((f.rel.clone(), archive));
    }
    for (dir, files) in by_dir {
        let depth = if dir.is_empty() { 0 } else { 1 };
        if !dir.is_empty() {
            let key = format!("{dir}/");
            let open = view.expanded.contains(&key);
            if toggle_row(ui, 0, true, open, &format!("{dir}/"), "folder").0 {
                flip(view, &key);
            }
            if !open {
                continue;
            }
        }
        for (rel, archive) in files {
            let name = rel.rsplit('/').next().unwrap_or(&rel).to_string();
            let open = view.expanded.contains(&rel);
            let indexed = view.index.as_ref().and_then(|ix| ix.find(&rel).and_then(|i| ix.item(i)).map(|it| it.kind));
            let kind = indexed.map_or(if archive { "archive" } else { "file" }, |k| k.name());
            let expandable = archive && !indexed.and_then(|k| k.format()).is_some_and(|k| k.codec().whole_archive());
            let (toggled, clicked) = toggle_row(ui, depth, expandable, open, &name, kind);
            if toggled {
                flip(view, &rel);
            }
            if clicked {
                out.push(Intent::OpenProjectItem { address: rel.clone(), offset: None });
            }
            if open && expandable {
                entries(view, ui, &rel, depth + 1, out);
            }
        }
    }
}

fn flip(view: &mut crate::app::project::ProjectView, key: &str) {
    if !view.expanded.remove(key) {
        view.expanded.insert(key.to_string());
    }
}

fn entries(view: &mut crate::app::project::ProjectView, ui: &mut Ui, address: &str, depth: usize, out: &mut Vec<Intent>) {
    if let Some(ix) = &view.index {
        let rows = children(ix, address);
        for (child, name, kind, nested) in rows {
            let open = view.expanded.contains(&child);
            let (toggled, clicked) = toggle_row(ui, depth, nested, open, &name, kind);
            if toggled {
                flip(view, &child);
            }
            if clicked {
                out.push(Intent::OpenProjectItem { address: child.clone(), offset: None });
            }
            if open && nested {
                entries(view, ui, &child, depth + 1, out);
            }
        }
        return;
    }
    match view.directory(address).clone() {
        Ok(metas) => {
            for m in metas {
                let (_, clicked) = toggle_row(ui, depth, false, false, &m.name, "entry");
                if clicked {
                    out.push(Intent::OpenProjectItem { address: format!("{address}::{}", m.name), offset: None });
                }
            }
        }
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

/// The items directly inside the item at `address`: (address, name, kind, is a nested archive).
fn children(ix: &Index, address: &str) -> Vec<(String, String, &'static str, bool)> {
    let Some(id) = ix.find(address) else { return Vec::new() };
    let Some(file) = ix.file_of(id) else { return Vec::new() };
    file.items
        .iter()
        .filter(|it| it.container == Some(id.item))
        .map(|it| (it.address.clone(), it.name.clone(), it.kind.name(), it.kind.is_archive()))
        .collect()
}

/// One tree row: a disclosure arrow when it has children, then the name (a click opens it)
/// and its kind. Returns (arrow clicked, name clicked).
fn toggle_row(ui: &mut Ui, depth: usize, expandable: bool, open: bool, name: &str, kind: &str) -> (bool, bool) {
    let mut toggled = false;
    let mut clicked = false;
    ui.horizontal(|ui| {
        ui.add_space(depth as f32 * 14.0);
        if expandable {
            toggled = crate::app::browser::icons::expander(ui, open).on_hover_text(if open { crate::tr!("tree-collapse") } else { crate::tr!("tree-expand") }).clicked();
        } else {
            ui.add_space(18.0);
        }
        if kind == "folder" {
            toggled |= ui.selectable_label(false, RichText::new(name).strong()).clicked();
        } else {
            clicked = ui.selectable_label(false, name).on_hover_text(crate::tr!("open-it")).clicked();
            ui.weak(match kind {
                "archive" => crate::tr!("folder-kind-archive"),
                "file" => crate::tr!("folder-kind-file"),
                "entry" => crate::tr!("folder-kind-entry"),
                other => other.to_string(),
            });
        }
    });
    (toggled, clicked)
}
