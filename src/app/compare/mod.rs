//! The compare view: what changed between the open file or project and another, or between
//! the editor and the disk, in the tree of changes on the left (each marked added, removed,
//! changed, renamed or moved, with the identical count), and the chosen change's diff on the
//! right: the body the editor of the item's kind draws (`ItemEditor::compare`: a texture's
//! two images, a table's text diff, a mesh's two 3D views, a material's two sides playing),
//! any decoded item's two field tables (`tables`), always with the engine's figures; this
//! view names no format. It is shown instead
//! of the editor tabs while open. The diff engine is `doc::diff`; this only draws its report
//! and the two sides `doc::diff::sides::sides_of` walks back to.

pub mod assets;
pub mod tables;
pub mod tree;

use crate::app::cx::PanelCx;
use crate::app::editors;
use crate::app::seam::compare::{CompareBody, CompareInput, Placement};
use crate::app::intent::Intent;
use crate::doc::diff::sides::{Source, sides_of};
use crate::doc::diff::{Change, Kind, Report, Side, field_rows, item_kind};
use crate::doc::Workspace;
use crate::doc::kinds::ItemKind;
use crate::formats::readings::Readings;
use egui::{RichText, Ui};
use std::sync::atomic::{AtomicU64, Ordering};

pub use crate::app::widgets::diff::kind_color;

static SERIAL: AtomicU64 = AtomicU64::new(1);

pub struct CompareView {
    pub title: String,
    pub source: Source,
    /// Tells a background result for this view from one for an older view.
    pub serial: u64,
    /// `None` while the compare runs; an error that stopped it (a folder that cannot be read).
    pub report: Option<Result<Report, String>>,
    /// Only changes at or inside this path are listed (Compare with Saved of one entry).
    pub only: Option<String>,
    /// The change the cursor is on (an index into the report's changes).
    pub selected: Option<usize>,
    /// The change whose diff is shown.
    pub shown: Option<Shown>,
    /// The tree's lines, made once per report.
    pub tree: Vec<tree::Row>,
    /// What asked for this view, asked again by Refresh (after more edits).
    pub again: Option<Intent>,
    /// A folder compare's files (relative paths, lower case) that were compared as the editor
    /// has them, with unsaved edits: their changes are marked "unsaved" in the tree.
    pub unsaved: Vec<String>,
}

/// One change's diff as drawn.
pub struct Shown {
    pub change: usize,
    pub body: Body,
}

pub enum Body {
    /// The editor's own drawing of the two sides (a texture's images, a table's lines): the
    /// body of the item's kind the editor registry hands out (`ItemEditor::compare`).
    Editor(Box<dyn CompareBody>),
    /// The two field tables, with the editor's drawing of the kind above them (a mesh's two
    /// 3D views) or among them (a material's two sides playing), when it has one.
    Fields(tables::FieldTable),
    /// Only the engine's figures (byte ranges, an archive's layout, a side that is missing).
    Figures,
    /// A side could not be reached: the one line saying why.
    Failed(String),
}

impl Body {
    /// The editor's drawing (alone, or with the field tables) as its concrete type.
    pub fn editor<T: CompareBody>(&self) -> Option<&T> {
        match self {
            Body::Editor(b) => b.downcast_ref(),
            Body::Fields(t) => t.extra(),
            _ => None,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Body::Editor(b) => b.name(),
            Body::Fields(t) => t.extra.as_ref().filter(|x| x.placement() == Placement::AboveFields).map_or("fields", |x| x.name()),
            Body::Figures => "figures",
            Body::Failed(_) => "failed",
        }
    }
}

impl CompareView {
    pub fn new(title: impl Into<String>, source: Source) -> CompareView {
        CompareView { title: title.into(), source, serial: SERIAL.fetch_add(1, Ordering::Relaxed), report: None, only: None, selected: None, shown: None, tree: Vec::new(), again: None, unsaved: Vec::new() }
    }

    /// The name of the background task that compares for this view.
    pub fn task_label(&self) -> String {
        crate::tr!("task-comparing", title = self.title.as_str())
    }

    /// Takes the compare's result, keeping only the changes [`CompareView::only`] asks for.
    pub fn set_report(&mut self, report: Result<Report, String>) {
        self.report = Some(report.map(|mut r| {
            if let Some(at) = &self.only {
                let inside = format!("{at}::");
                r.changes.retain(|c| c.path == *at || c.path.starts_with(&inside));
            }
            r
        }));
        self.tree = tree::rows(self.changes());
        self.selected = None;
        self.shown = None;
    }

    /// Whether `change` lies in a file compared with its unsaved edits.
    pub fn is_unsaved(&self, change: &Change) -> bool {
        let root = change.path.split("::").next().unwrap_or_default().to_ascii_lowercase();
        let from = change.from.as_deref().filter(|_| !change.path.contains("::")).map(str::to_ascii_lowercase);
        self.unsaved.iter().any(|u| *u == root || Some(u) == from.as_ref())
    }

    pub fn changes(&self) -> &[Change] {
        match &self.report {
            Some(Ok(r)) => &r.changes,
            _ => &[],
        }
    }

    /// Shows the selected change's diff (a double-click or Enter); what the two items name is
    /// read from beside each side (`assets`), the editor's side through `ws`.
    pub fn open_selected(&mut self, ctx: &egui::Context, ws: &Workspace) {
        let Some(i) = self.selected.filter(|&i| i < self.changes().len()) else { return };
        let change = self.changes()[i].clone();
        let body = match sides_of(&self.source, &change) {
            Err(e) => Body::Failed(crate::app::i18n::messages::message(&e)),
            Ok((a, b)) => body_for(ctx, &change, a.as_ref(), b.as_ref(), ws.readings, || assets::side_assets(ws, &self.source, &change)),
        };
        self.shown = Some(Shown { change: i, body });
    }
}

/// What the two sides are drawn as: by the kind of item they hold (a renamed or moved entry
/// is `entry` in the report, so its bytes say). The editor of the kind draws the sides, alone
/// or with the field tables; archives and plain bytes get the engine's figures.
fn body_for(ctx: &egui::Context, change: &Change, a: Option<&Side>, b: Option<&Side>, readings: Readings, assets: impl FnOnce() -> [assets::Assets; 2]) -> Body {
    let kind = b.or(a).map_or(change.item, |s| item_kind(s, &readings));
    if kind.is_archive() || kind == ItemKind::Bytes {
        return Body::Figures;
    }
    let mut assets = Some(assets);
    let mut ask = || match assets.take() {
        Some(f) => f(),
        None => [(), ()].map(|_| Box::new(crate::doc::resolve::MemoryAssets::default()) as assets::Assets),
    };
    let mut input = CompareInput { ctx, kind, change, a, b, readings, assets: &mut ask };
    let extra = match editors::compare_body(&mut input) {
        Some(body) if body.placement() == Placement::Alone => return Body::Editor(body),
        other => other,
    };
    let (rows, errors) = field_rows(a, b, &readings);
    let errors = errors.iter().map(crate::app::i18n::messages::message).collect();
    // Only the changed fields, when some are (a mesh's change can lie below its fields).
    let only_changed = change.kind == Kind::Changed && rows.iter().any(|r| r.differs());
    let above = extra.as_ref().is_some_and(|x| x.placement() == Placement::AboveFields);
    let table = tables::FieldTable { rows, errors, only_changed, extra, readings };
    if !above && table.rows.is_empty() && table.errors.is_empty() { Body::Figures } else { Body::Fields(table) }
}

/// The whole view: a header with the summary and Close, the tree, and the shown diff.
pub fn show(view: &mut CompareView, cx: &PanelCx, ui: &mut Ui, out: &mut Vec<Intent>) {
    let ws = cx.ws;
    ui.horizontal_wrapped(|ui| {
        ui.heading(crate::tr!("compare-heading"));
        // The buttons after the heading, on a line of their own when the panel is narrow; the
        // compared names under them, cut with an ellipsis (whole on hover) when they do not fit.
        if let Some(again) = &view.again
            && ui.button(crate::tr!("compare-refresh")).on_hover_text(crate::tr!("compare-refresh-tip")).clicked()
        {
            out.push(again.clone());
        }
        if ui.button(crate::tr!("compare-close")).on_hover_text(crate::tr!("compare-close-tip")).clicked() {
            out.push(Intent::CloseCompare);
        }
    });
    ui.add(egui::Label::new(RichText::new(&view.title).strong()).truncate());
    match &view.report {
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(crate::tr!("compare-running"));
            });
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        Some(Ok(r)) => {
            ui.label(r.summary_with(&crate::app::i18n::messages::message));
        }
    }
    ui.separator();
    if !matches!(view.report, Some(Ok(_))) {
        return;
    }
    egui::Panel::left("compare-tree").resizable(true).default_size(220.0).size_range(160.0..=900.0).show(ui, |ui| {
        if tree::show(view, ui) {
            view.open_selected(ui.ctx(), ws);
        }
    });
    let gpu = cx.gpu;
    let readings = cx.ws.readings;
    egui::CentralPanel::default().show(ui, |ui| shown(view, ui, gpu, &readings));
}

/// The shown change: its header line, its damage, its body, then the engine's figures.
fn shown(view: &mut CompareView, ui: &mut Ui, gpu: Option<&eframe::egui_wgpu::RenderState>, readings: &Readings) {
    let Some(s) = view.shown.as_mut() else {
        ui.weak(crate::tr!("compare-hint"));
        return;
    };
    let Some(change) = view.report.as_ref().and_then(|r| r.as_ref().ok()).and_then(|r| r.changes.get(s.change)) else { return };
    let dark = ui.visuals().dark_mode;
    ui.horizontal(|ui| {
        ui.label(RichText::new(change.kind.label()).color(kind_color(change.kind, dark)).strong());
        ui.label(RichText::new(&change.path).monospace());
        ui.weak(change.item.name());
        if let Some(from) = &change.from {
            ui.weak(crate::tr!("compare-from", from = from.as_str()));
        }
        if let (Some(a), Some(b)) = (change.old_size, change.new_size) {
            ui.weak(format!("{} -> {}", crate::app::i18n::format::bytes(a), crate::app::i18n::format::bytes(b)));
        }
    });
    if let Some(d) = &change.damaged {
        ui.colored_label(ui.visuals().error_fg_color, d);
    }
    let figures = |ui: &mut Ui| tables::figures(ui, change);
    match &mut s.body {
        Body::Editor(b) => {
            let mut figures = figures;
            b.show(ui, readings, gpu, &mut figures);
        }
        Body::Fields(t) => t.show(ui, gpu, figures),
        Body::Figures => {
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, figures);
        }
        Body::Failed(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e.as_str());
            figures(ui);
        }
    }
}
