//! The browser's table: a filter bar, then a virtualised `TableBuilder` of the row model (only
//! the rows on screen are laid out). Clicks, keys, the context menu and drops become intents.

use super::icons;
use super::model::{Filter, Kind, Row, Sort, SortColumn, file_kind};
use super::BrowserState;
use crate::app::cx::{Enabled, PanelCx};
use crate::app::command::Command;
use crate::app::intent::Intent;
use crate::app::panels::menu::command_button;
use crate::app::selection::ClickMods;
use crate::app::thumbs::{Thumb, Thumbnails};
use egui::{Align, Key, Layout, RichText, Sense, TextEdit, Ui};
use egui_extras::{Column, TableBuilder};

pub const ROW_HEIGHT: f32 = 20.0;

const COLUMNS: [SortColumn; 10] =
    [SortColumn::Index, SortColumn::Name, SortColumn::Type, SortColumn::Size, SortColumn::Attr1, SortColumn::Attr2, SortColumn::Attr3, SortColumn::Offset, SortColumn::Format, SortColumn::Length];

/// A column's heading; the attributes keep the format's own names.
fn column_label(c: SortColumn) -> String {
    match c {
        SortColumn::Index => "#".into(),
        SortColumn::Name => crate::tr!("col-name"),
        SortColumn::Type => crate::tr!("col-type"),
        SortColumn::Size => crate::tr!("col-size"),
        SortColumn::Attr1 => "attr1".into(),
        SortColumn::Attr2 => "attr2".into(),
        SortColumn::Attr3 => "attr3".into(),
        SortColumn::Offset => crate::tr!("col-offset"),
        SortColumn::Format => crate::tr!("col-format"),
        SortColumn::Length => crate::tr!("col-length"),
    }
}

/// What the browser's table reads and keeps.
pub struct Table<'a> {
    pub cx: PanelCx<'a>,
    pub browser: &'a mut BrowserState,
    pub thumbs: &'a mut Thumbnails,
    /// A dialog, the palette or the compare view has the keys (the arrows are theirs).
    pub keys_taken: bool,
    pub menu: ContextMenu,
}

/// The row context menu's commands as they apply now, asked before the table borrows the
/// browser: each of [`MENU`], and the editors' commands that act on the selected item.
pub struct ContextMenu {
    enabled: [bool; 9],
    editor: Vec<Command>,
}

impl ContextMenu {
    pub fn new(enabled: Enabled) -> ContextMenu {
        // The editors' commands that act on a selected item (Replace Texture Image…), when they
        // apply to the selection.
        let editor = Command::every()
            .into_iter()
            .filter(|c| matches!(c, Command::Editor(e) if e.spec().is_some_and(|s| s.on_selection)))
            .filter(|c| enabled(*c))
            .collect();
        ContextMenu { enabled: MENU.map(enabled), editor }
    }
}

/// The filter bar and the table; what the user asks for goes into `out`.
pub fn show(app: &mut Table, ui: &mut Ui, out: &mut Vec<Intent>) {
    filter_bar(app, ui, out);
    ui.separator();
    if app.cx.ws.files().is_empty() {
        ui.add_space(24.0);
        ui.vertical_centered(|ui| {
            ui.label(RichText::new(crate::tr!("browser-empty")).heading());
            ui.label(crate::tr!("browser-empty-hint"));
        });
        app.browser.table_rect = Some(ui.available_rect_before_wrap());
        app.browser.row_rects.clear();
    } else {
        keyboard(app, ui, out);
        // The columns scroll sideways rather than hold the panel wide: the browser can be made
        // as narrow as a small screen needs.
        egui::ScrollArea::horizontal().id_salt("entries-h").auto_shrink([false, false]).show(ui, |ui| table(app, ui, out));
    }
}

fn filter_bar(app: &mut Table, ui: &mut Ui, out: &mut Vec<Intent>) {
    let mut filter = app.browser.filter.clone();
    ui.horizontal_wrapped(|ui| {
        let r = ui.add(TextEdit::singleline(&mut filter.text).hint_text(crate::tr!("browser-filter-hint")).desired_width(ui.available_width().clamp(100.0, 180.0)).id_salt("browser-filter"));
        if app.browser.focus_filter {
            r.request_focus();
            app.browser.focus_filter = false;
        }
        let shown = match &filter.type_label {
            None => crate::tr!("browser-all-types"),
            Some(t) => t.clone(),
        };
        egui::ComboBox::from_id_salt("type-filter")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.type_label, None, crate::tr!("browser-all-types"));
                for t in &app.browser.model.type_labels {
                    ui.selectable_value(&mut filter.type_label, Some(t.clone()), t);
                }
            })
            .response
            .on_hover_text(crate::tr!("browser-filter-type"));
        if filter.is_active() && ui.small_button("×").on_hover_text(crate::tr!("browser-clear-filter")).clicked() {
            filter = Filter::default();
        }
        let entries = app.browser.model.rows.iter().filter(|r| !r.path.entries.is_empty()).count();
        // Flows under the filter when the panel is narrow.
        let sel = app.browser.selection.len();
        ui.weak(if sel > 0 { crate::tr!("browser-shown-selected", n = entries, sel = sel) } else { crate::tr!("browser-shown", n = entries) });
    });
    // The filter text is the text field's own buffer; the model follows it.
    app.browser.set_filter(filter);
    let _ = out;
}

fn keyboard(app: &Table, ui: &Ui, out: &mut Vec<Intent>) {
    // The compare view's tree takes the arrows while it is open.
    if app.keys_taken || ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    ui.input(|i| {
        let extend = i.modifiers.shift;
        if i.key_pressed(Key::ArrowDown) {
            out.push(Intent::SelectStep { delta: 1, extend });
        }
        if i.key_pressed(Key::ArrowUp) {
            out.push(Intent::SelectStep { delta: -1, extend });
        }
        if i.key_pressed(Key::PageDown) {
            out.push(Intent::SelectStep { delta: 20, extend });
        }
        if i.key_pressed(Key::PageUp) {
            out.push(Intent::SelectStep { delta: -20, extend });
        }
        if let Some(lead) = app.browser.selection.lead()
            && let Some(row) = app.browser.model.row(lead)
            && row.expandable
        {
            if i.key_pressed(Key::ArrowRight) && !row.expanded {
                out.push(Intent::SetExpanded { path: lead.clone(), open: true });
            }
            if i.key_pressed(Key::ArrowLeft) && row.expanded {
                out.push(Intent::SetExpanded { path: lead.clone(), open: false });
            }
        }
    });
}

const MENU: [Command; 9] = [
    Command::OpenEntry,
    Command::Extract,
    Command::ExtractAll,
    Command::Replace,
    Command::Rename,
    Command::Delete,
    Command::AddFiles,
    Command::CopyName,
    Command::Check,
];

fn table(app: &mut Table, ui: &mut Ui, out: &mut Vec<Intent>) {
    let enabled = app.menu.enabled;
    let editor_menu = app.menu.editor.clone();
    // Each file's findings from its background check, for its row.
    let findings: std::collections::HashMap<crate::doc::FileId, (usize, usize)> = app
        .cx
        .log
        .reports
        .iter()
        .map(|(f, r)| (*f, (r.diagnostics.iter().filter(|d| d.severity == crate::formats::Severity::Error).count(), r.diagnostics.len())))
        .collect();
    let (browser, thumbs, settings) = (&mut *app.browser, &mut *app.thumbs, app.cx.settings);
    let sort = settings.sort;
    let rows = &browser.model.rows;
    let scroll_row = browser.scroll_to.take().and_then(|p| rows.iter().position(|r| r.path == p));
    let hovering_files = ui.ctx().input(|i| !i.raw.hovered_files.is_empty());
    let pointer = ui.ctx().input(|i| i.pointer.latest_pos());
    browser.table_rect = Some(ui.available_rect_before_wrap());
    let mut rects = Vec::new();
    // Labels would take the clicks that select rows.
    ui.style_mut().interaction.selectable_labels = false;
    let mut tb = TableBuilder::new(ui)
        .id_salt("entries")
        .striped(true)
        .resizable(true)
        .sense(Sense::click())
        .cell_layout(Layout::left_to_right(Align::Center))
        .column(Column::initial(44.0).at_least(28.0))
        .column(Column::initial(180.0).at_least(80.0).clip(true))
        .column(Column::initial(56.0).at_least(36.0))
        .column(Column::initial(72.0).at_least(40.0))
        .columns(Column::initial(42.0).at_least(30.0), 3)
        .column(Column::initial(72.0).at_least(56.0))
        .column(Column::initial(200.0).at_least(60.0).clip(true))
        .column(Column::remainder().at_least(56.0));
    if let Some(i) = scroll_row {
        tb = tb.scroll_to_row(i, Some(Align::Center));
    }
    tb.header(ROW_HEIGHT + 2.0, |mut header| {
        for col in COLUMNS {
            let label = column_label(col);
            header.col(|ui| {
                let r = ui.add(egui::Button::new(RichText::new(&label).strong()).frame(false).truncate()).on_hover_text(&label);
                if sort.column == col {
                    icons::sort_arrow(ui, sort.ascending);
                }
                if r.on_hover_text(crate::tr!("browser-sort-by", column = label.as_str())).clicked() {
                    let ascending = if sort.column == col { !sort.ascending } else { true };
                    out.push(Intent::SetSort(Sort { column: col, ascending }));
                }
            });
        }
    })
    .body(|body| {
        body.rows(ROW_HEIGHT, rows.len(), |mut row| {
            let r = &rows[row.index()];
            let selected = browser.selection.contains(&r.path);
            row.set_selected(selected);
            let renaming = browser.renaming.as_mut().filter(|x| x.path == r.path);
            cells(&mut row, r, renaming, thumbs, findings.get(&r.path.file).filter(|_| r.depth == 0).copied(), out);
            let resp = row.response();
            if hovering_files && pointer.is_some_and(|p| resp.rect.contains(p)) {
                let painter = resp.ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("drop-target")));
                let stroke = resp.ctx.global_style().visuals.selection.stroke;
                painter.rect_stroke(resp.rect, 2.0, egui::Stroke::new(2.0, stroke.color), egui::StrokeKind::Inside);
            }
            rects.push((resp.rect, r.path.clone()));
            row_interaction(&resp, r, selected, &enabled, &editor_menu, out);
        });
    });
    browser.row_rects = rects;
}

/// `findings`: a file row's errors and findings in all, from its background check.
fn cells(row: &mut egui_extras::TableRow<'_, '_>, r: &Row, renaming: Option<&mut super::Renaming>, thumbs: &mut Thumbnails, findings: Option<(usize, usize)>, out: &mut Vec<Intent>) {
    row.col(|ui| {
        if let Some(i) = r.path.entries.last() {
            ui.weak(i.to_string());
        }
    });
    row.col(|ui| name_cell(ui, r, renaming, thumbs, findings, out));
    row.col(|ui| {
        let l = ui.label(&r.type_label);
        if let (Some(t), Some(p)) = (r.type_id, r.packed_size) {
            l.on_hover_text(crate::tr!("browser-type-packed", id = format!("{t:#010X}"), packed = crate::app::i18n::format::bytes(p)));
        } else if let Some(p) = r.packed_size {
            l.on_hover_text(crate::tr!("browser-packed", packed = crate::app::i18n::format::bytes(p)));
        } else if let Some(t) = r.type_id {
            l.on_hover_text(crate::tr!("browser-type-id", id = t.to_string(), hex = format!("{t:#010X}")));
        }
    });
    row.col(|ui| {
        if let Some(s) = r.size {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| ui.label(crate::app::i18n::format::int(s)).on_hover_text(crate::app::i18n::format::bytes(s)));
        }
    });
    for k in 0..3 {
        row.col(|ui| {
            if let Some(a) = r.attrs {
                ui.label(a[k].to_string());
            }
        });
    }
    row.col(|ui| {
        if let Some(o) = r.offset {
            ui.monospace(format!("{o:#X}"));
        }
    });
    row.col(|ui| {
        if !r.format.is_empty() {
            ui.label(&r.format).on_hover_text(&r.format);
        }
    });
    row.col(|ui| {
        if let Some(s) = r.seconds {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| ui.label(crate::tr!("seconds", s = crate::app::i18n::format::decimal(s, 2))));
        }
    });
}

fn name_cell(ui: &mut Ui, r: &Row, renaming: Option<&mut super::Renaming>, thumbs: &mut Thumbnails, findings: Option<(usize, usize)>, out: &mut Vec<Intent>) {
    ui.add_space(r.depth as f32 * 14.0);
    if r.expandable {
        if icons::expander(ui, r.expanded).clicked() {
            out.push(Intent::SetExpanded { path: r.path.clone(), open: !r.expanded });
        }
    } else {
        ui.add_space(16.0);
    }
    let kind = if r.kind == Kind::File { file_kind(r) } else { r.kind };
    let mut drew_thumb = false;
    let thumb = match (&r.bytes, &r.packed) {
        (Some(bytes), _) if kind == Kind::Texture => Some(thumbs.get(bytes)),
        (None, Some(p)) if kind == Kind::Data => Some(thumbs.get_packed(p)),
        _ => None,
    };
    if let Some(Thumb::Ready(t)) = thumb {
        let size = egui::vec2(16.0, 16.0);
        let img = ui.add(egui::Image::new((t.id(), size)).fit_to_exact_size(size));
        img.on_hover_ui(|ui| {
            ui.add(egui::Image::new((t.id(), t.size_vec2())));
        });
        drew_thumb = true;
    }
    if !drew_thumb {
        icons::badge(ui, kind, 16.0);
    }
    match renaming {
        Some(ren) => {
            let resp = ui.add(TextEdit::singleline(&mut ren.text).hint_text(crate::tr!("browser-new-name")).desired_width(f32::INFINITY).id_salt("rename"));
            if ren.focus {
                resp.request_focus();
                ren.focus = false;
            }
            if resp.lost_focus() {
                if ui.input(|i| i.key_pressed(Key::Enter)) {
                    out.push(Intent::Rename { path: ren.path.clone(), name: ren.text.clone() });
                } else {
                    out.push(Intent::CancelRename);
                }
            }
        }
        None => {
            let text = if r.dirty { RichText::new(format!("{} •", r.name)).strong() } else { RichText::new(&r.name) };
            let text = if r.depth == 0 { text.strong() } else { text };
            ui.label(text);
            // A sound's length after its name, where a narrow panel still shows it (the Format
            // and Length columns further right have the rest).
            if let Some(secs) = r.seconds {
                ui.weak(crate::tr!("seconds", s = crate::app::i18n::format::decimal(secs, 2))).on_hover_text(&r.format);
            }
            if let Some((errors, all)) = findings.filter(|(_, all)| *all > 0) {
                let colour = if errors > 0 { ui.visuals().error_fg_color } else { ui.visuals().warn_fg_color };
                ui.colored_label(colour, crate::tr!("browser-problems", n = all)).on_hover_text(crate::tr!("browser-problems-tip", n = errors));
            }
        }
    }
}

fn row_interaction(resp: &egui::Response, r: &Row, selected: bool, enabled: &[bool; 9], editor_menu: &[Command], out: &mut Vec<Intent>) {
    if resp.clicked() {
        let m = resp.ctx.input(|i| i.modifiers);
        out.push(Intent::Select { path: r.path.clone(), mods: ClickMods { toggle: m.command, range: m.shift } });
    }
    if resp.double_clicked() {
        out.push(Intent::OpenTab(r.path.clone()));
    }
    if resp.secondary_clicked() && !selected {
        out.push(Intent::Select { path: r.path.clone(), mods: ClickMods::default() });
    }
    resp.context_menu(|ui| {
        // The right-clicked row becomes the selection this frame; the enabled states are
        // last frame's, which is what the menu was opened on.
        for (k, c) in MENU.into_iter().enumerate() {
            if k == 6 {
                ui.separator();
            }
            if command_button(ui, c, enabled[k] || !selected) {
                out.push(Intent::Run(c));
            }
        }
        if selected && !editor_menu.is_empty() {
            ui.separator();
            for &c in editor_menu {
                if command_button(ui, c, true) {
                    out.push(Intent::Run(c));
                }
            }
        }
        if r.expandable {
            ui.separator();
            let label = if r.expanded { crate::tr!("tree-collapse") } else { crate::tr!("tree-expand") };
            if ui.button(label).clicked() {
                out.push(Intent::SetExpanded { path: r.path.clone(), open: !r.expanded });
                ui.close();
            }
        }
    });
}
