//! The bottom panel: the log, and the diagnostics of the last check of each file (click one
//! to select the entry it is about).

use crate::app::cx::PanelCx;
use crate::app::tabs::Tabs;
use crate::app::intent::Intent;
use crate::app::log::BottomTab;
use crate::formats::Severity;
use egui::{RichText, Ui};

/// What the bottom panel reads: the shell's state and the open tabs (their editors' live
/// findings).
struct Parts<'a> {
    cx: &'a PanelCx<'a>,
    tabs: &'a Tabs,
}

/// The bottom panel on its tab (`tab`, which it switches); clicks go into `out`.
pub fn show(cx: &PanelCx, tabs: &Tabs, tab: &mut BottomTab, ui: &mut Ui, out: &mut Vec<Intent>) {
    let app = Parts { cx, tabs };
    egui::Panel::bottom("log").resizable(true).default_size(110.0).size_range(48.0..=600.0).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.selectable_value(tab, BottomTab::Log, crate::tr!("log-tab"));
            let project = app.cx.folder.and_then(|v| v.index.as_ref()).map_or(0, |ix| ix.problems().len());
            let n = app.cx.log.finding_count() + editor_findings(&app).map(|(.., d)| d.len()).sum::<usize>() + project;
            ui.selectable_value(tab, BottomTab::Diagnostics, crate::tr!("log-diagnostics-tab", n = n));
        });
        ui.separator();
        match *tab {
            BottomTab::Log => lines(&app, ui),
            BottomTab::Diagnostics => findings(&app, ui, out),
        }
    });
}

fn severity_text(ui: &Ui, s: Severity) -> RichText {
    match s {
        Severity::Error => RichText::new(crate::tr!("severity-error")).color(ui.visuals().error_fg_color),
        Severity::Warning => RichText::new(crate::tr!("severity-warning")).color(ui.visuals().warn_fg_color),
        Severity::Info => RichText::new(crate::tr!("severity-info")).color(ui.visuals().weak_text_color()),
    }
}

fn lines(app: &Parts, ui: &mut Ui) {
    let lines = app.cx.log.lines();
    let h = ui.text_style_height(&egui::TextStyle::Body);
    egui::ScrollArea::vertical().id_salt("log-lines").auto_shrink([false, false]).stick_to_bottom(true).show_rows(
        ui,
        h,
        lines.len(),
        |ui, range| {
            for l in &lines[range] {
                ui.horizontal(|ui| {
                    ui.weak(format!("{:>7.2}s", l.at));
                    ui.label(severity_text(ui, l.severity));
                    ui.label(crate::app::shown_path::text(&l.text).as_ref());
                });
            }
        },
    );
}

/// The open tabs whose editor reports live diagnostics: tab index, editor, item, findings.
fn editor_findings<'a>(app: &Parts<'a>) -> impl Iterator<Item = (usize, &'static str, &'a crate::doc::ItemPath, &'a [crate::formats::Diagnostic])> {
    app.tabs.tabs.iter().enumerate().filter_map(|(i, t)| {
        let slot = t.editor.as_ref()?;
        let d = slot.state.diagnostics();
        (!d.is_empty()).then_some((i, slot.id, &t.path, d))
    })
}

/// The open editors' live findings, one heading per tab; a click shows the place in its tab.
fn editor_rows(app: &Parts, ui: &mut Ui, out: &mut Vec<Intent>) {
    for (tab, editor, path, diags) in editor_findings(app) {
        let name = crate::doc::items::address(app.cx.ws, path);
        ui.label(RichText::new(crate::tr!("log-editor-findings", name = name, n = diags.len())).strong());
        for d in diags.iter().take(200) {
            ui.horizontal(|ui| {
                ui.label(severity_text(ui, d.severity));
                let at = match (d.line, d.column) {
                    (Some(l), Some(c)) => crate::tr!("log-line-column", line = l, column = c),
                    _ => crate::tr!("log-whole-item"),
                };
                if ui.link(at).on_hover_text(crate::tr!("log-show-place")).clicked() {
                    out.push(Intent::ActivateTab(tab));
                    if let Some(o) = d.offset {
                        let msg = crate::app::editors::EditorMsg::new(crate::app::editors::RevealAt(o));
                        out.push(Intent::Editor { editor, target: path.clone(), msg });
                    }
                }
                ui.label(crate::app::i18n::messages::diagnostic(d));
            });
        }
    }
}

/// The open project's findings (names that reach nothing, models without a table, shadowed
/// names); a click opens the item, another the item at the other end.
fn project_rows(app: &Parts, ui: &mut Ui, out: &mut Vec<Intent>) {
    let Some(ix) = app.cx.folder.and_then(|v| v.index.as_ref()) else { return };
    let problems = ix.problems();
    ui.label(RichText::new(crate::tr!("log-project-findings", n = problems.len())).strong());
    egui::ScrollArea::vertical().id_salt("project-findings").max_height(160.0).auto_shrink([false, true]).show(ui, |ui| {
        for p in problems.iter().take(500) {
            ui.horizontal(|ui| {
                ui.label(severity_text(ui, p.severity));
                let at = match (p.line, p.offset) {
                    (Some(l), _) => format!(" {}", crate::tr!("log-line", line = l)),
                    (None, Some(o)) => format!(" @0x{o:X}"),
                    _ => String::new(),
                };
                if ui.link(format!("{}{at}", p.file)).on_hover_text(crate::tr!("open-it")).clicked() {
                    out.push(Intent::OpenProjectItem { address: p.file.clone(), offset: p.offset });
                }
                ui.label(crate::app::i18n::messages::message(&p.text()));
                if let Some(r) = &p.related
                    && ui.link(format!("-> {r}")).on_hover_text(crate::tr!("log-open-other-end")).clicked()
                {
                    out.push(Intent::OpenProjectItem { address: r.clone(), offset: None });
                }
            });
        }
    });
    ui.separator();
}

fn findings(app: &Parts, ui: &mut Ui, out: &mut Vec<Intent>) {
    project_rows(app, ui, out);
    if editor_findings(app).next().is_some() {
        editor_rows(app, ui, out);
        ui.separator();
    }
    if app.cx.log.reports.is_empty() {
        ui.weak(if app.cx.ws.files().is_empty() { crate::tr!("log-no-files") } else { crate::tr!("log-checking") });
        return;
    }
    // One heading line per checked file, then its findings.
    let rows: Vec<_> = app
        .cx
        .log
        .reports
        .iter()
        .flat_map(|(f, r)| std::iter::once((*f, r, None)).chain(r.diagnostics.iter().map(move |d| (*f, r, Some(d)))))
        .collect();
    let h = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    egui::ScrollArea::vertical().id_salt("findings").auto_shrink([false, false]).show_rows(ui, h, rows.len(), |ui, range| {
        for (file, report, d) in &rows[range] {
            let Some(d) = d else {
                let status = if report.ok { crate::tr!("check-ok") } else { crate::tr!("check-failed") };
                let trip = if report.roundtrip { crate::tr!("check-roundtrip") } else { crate::tr!("check-no-roundtrip") };
                let text = format!("{}: {status}, {}, {trip}, {}", report.path, crate::tr!("entries-count", n = report.entries), crate::tr!("findings-count", n = report.diagnostics.len()));
                ui.label(RichText::new(text).strong());
                continue;
            };
            let path = &report.path;
            ui.horizontal(|ui| {
                ui.label(severity_text(ui, d.severity));
                let at = match (d.line, d.column, d.offset) {
                    (Some(l), Some(c), _) => format!(" {}", crate::tr!("log-line-column", line = l, column = c)),
                    (_, _, Some(o)) => format!(" @0x{o:X}"),
                    _ => String::new(),
                };
                let entry = d.entry.as_ref().map(|e| format!("::{e}")).unwrap_or_default();
                if ui.link(format!("{path}{entry}{at}")).on_hover_text(crate::tr!("log-select-item")).clicked() {
                    out.push(Intent::Reveal { file: *file, entry: d.entry.clone() });
                }
                ui.label(crate::app::i18n::messages::finding(d));
            });
        }
    });
}
