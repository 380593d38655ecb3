//! The objects table: one row per placed object (kind, path, clan, logical id, instance name,
//! position, rotation, scale, property count), sorted by a clicked column, filtered by typed
//! text (any column's text, ignoring case). A click selects the row's object (Shift or Ctrl
//! adds or removes it), the same selection the view shows.

use super::selection::Selection;
use crate::formats::tma::{Mission, Object, ObjectKind};
use crate::tr;
use egui::{Align, Layout, RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    #[default]
    Index,
    Kind,
    Path,
    Clan,
    Id,
    Name,
    Position,
    Properties,
}

#[derive(Debug, Clone, Default)]
pub struct TableState {
    pub filter: String,
    pub sort: SortBy,
    pub descending: bool,
    /// Scroll to this object's row on the next draw (it was selected in the view).
    pub reveal: Option<usize>,
    /// The object indices of the rows shown, in order, as of the last draw.
    pub rows: Vec<usize>,
}

/// The kind's name in the interface's language.
pub fn kind_label(kind: u32) -> String {
    match ObjectKind::of(kind) {
        ObjectKind::Building => tr!("mission-kind-building"),
        ObjectKind::Unit => tr!("mission-kind-unit"),
        ObjectKind::Vegetation => tr!("mission-kind-vegetation"),
        ObjectKind::Rock => tr!("mission-kind-rock"),
        ObjectKind::Other(w) => tr!("mission-kind-other", word = w.to_string()),
    }
}

/// The owner's name (scenery's leftover indices are shown as numbers).
pub fn clan_label(m: &Mission, o: &Object) -> String {
    match usize::try_from(o.clan).ok().and_then(|c| m.clans.get(c)) {
        Some(c) if !ObjectKind::of(o.kind).is_scenery() => c.name.decode(),
        _ => o.clan.to_string(),
    }
}

fn vec3(v: [f32; 3]) -> String {
    format!("{:.1}, {:.1}, {:.1}", v[0], v[1], v[2])
}

fn degrees(v: [f32; 3]) -> String {
    format!("{:.0}°, {:.0}°, {:.0}°", v[0].to_degrees(), v[1].to_degrees(), v[2].to_degrees())
}

/// The rows shown: indices of the objects whose text holds the filter, sorted.
pub fn rows(m: &Mission, filter: &str, sort: SortBy, descending: bool) -> Vec<usize> {
    let needle = filter.trim().to_lowercase();
    let mut rows: Vec<usize> = (0..m.objects.len())
        .filter(|&i| {
            if needle.is_empty() {
                return true;
            }
            let o = &m.objects[i];
            let hay = [kind_label(o.kind), o.path.decode(), clan_label(m, o), o.logical_id.to_string(), o.name.decode(), i.to_string()];
            hay.iter().any(|h| h.to_lowercase().contains(&needle))
        })
        .collect();
    let key = |i: &usize| {
        let o = &m.objects[*i];
        match sort {
            SortBy::Index => format!("{i:010}"),
            SortBy::Kind => format!("{:010}{i:010}", o.kind),
            SortBy::Path => format!("{}\u{0}{i:010}", o.path.decode().to_lowercase()),
            SortBy::Clan => format!("{:011}{i:010}", i64::from(o.clan) + 1_000_000_000),
            SortBy::Id => format!("{:011}{i:010}", i64::from(o.logical_id) + 1_000_000_000),
            SortBy::Name => format!("{}\u{0}{i:010}", o.name.decode().to_lowercase()),
            SortBy::Position => String::new(),
            SortBy::Properties => format!("{:010}{i:010}", o.properties.len()),
        }
    };
    if sort == SortBy::Position {
        rows.sort_by(|a, b| {
            let (p, q) = (m.objects[*a].position, m.objects[*b].position);
            p[0].total_cmp(&q[0]).then(p[1].total_cmp(&q[1])).then(a.cmp(b))
        });
    } else {
        rows.sort_by_cached_key(key);
    }
    if descending {
        rows.reverse();
    }
    rows
}

/// Each column and what a click on its title sorts by (`None`: it does not sort).
const COLUMNS: [Option<SortBy>; 10] =
    [Some(SortBy::Index), Some(SortBy::Kind), Some(SortBy::Path), Some(SortBy::Clan), Some(SortBy::Id), Some(SortBy::Name), Some(SortBy::Position), None, None, Some(SortBy::Properties)];

fn column_label(k: usize) -> String {
    match k {
        0 => tr!("mission-col-index"),
        1 => tr!("mission-col-kind"),
        2 => tr!("mission-col-path"),
        3 => tr!("mission-col-clan"),
        4 => tr!("mission-col-id"),
        5 => tr!("mission-col-name"),
        6 => tr!("mission-col-position"),
        7 => tr!("mission-col-rotation"),
        8 => tr!("mission-col-scale"),
        _ => tr!("mission-col-properties"),
    }
}

/// Draws the table; changes `selection` on a click.
pub fn show(ui: &mut Ui, t: &mut TableState, m: &Mission, selection: &mut Selection, findings: &[(usize, String)]) {
    ui.horizontal(|ui| {
        ui.label(tr!("mission-filter"));
        ui.add(egui::TextEdit::singleline(&mut t.filter).hint_text(tr!("mission-filter-hint")).desired_width(220.0).id_salt("mission-filter"));
        ui.weak(tr!("mission-rows", shown = t.rows.len(), n = m.objects.len()));
    });
    t.rows = rows(m, &t.filter, t.sort, t.descending);
    let scroll = t.reveal.take().and_then(|i| t.rows.iter().position(|&r| r == i));
    let height = ui.available_height().max(60.0);
    let mut tb = TableBuilder::new(ui)
        .id_salt("mission-objects")
        .striped(true)
        .resizable(true)
        .sense(Sense::click())
        .cell_layout(Layout::left_to_right(Align::Center))
        .column(Column::initial(40.0).at_least(28.0))
        .column(Column::initial(80.0).at_least(40.0).clip(true))
        .column(Column::initial(170.0).at_least(60.0).clip(true))
        .column(Column::initial(80.0).at_least(40.0).clip(true))
        .column(Column::initial(44.0).at_least(30.0))
        .column(Column::initial(110.0).at_least(40.0).clip(true))
        .column(Column::initial(140.0).at_least(60.0).clip(true))
        .column(Column::initial(110.0).at_least(50.0).clip(true))
        .column(Column::initial(90.0).at_least(40.0).clip(true))
        .column(Column::remainder().at_least(40.0))
        .max_scroll_height(height);
    if let Some(r) = scroll {
        tb = tb.scroll_to_row(r, Some(Align::Center));
    }
    let mut clicked: Option<(usize, bool)> = None;
    tb.header(20.0, |mut header| {
        for (k, by) in COLUMNS.into_iter().enumerate() {
            let label = column_label(k);
            header.col(|ui| {
                let mark = if by == Some(t.sort) { if t.descending { " v" } else { " ^" } } else { "" };
                let r = ui.add(egui::Button::new(RichText::new(format!("{label}{mark}")).strong()).frame(false).truncate());
                if let Some(by) = by
                    && r.on_hover_text(tr!("mission-sort-by", column = label.as_str())).clicked()
                {
                    t.descending = t.sort == by && !t.descending;
                    t.sort = by;
                }
            });
        }
    })
    .body(|body| {
        body.rows(18.0, t.rows.len(), |mut row| {
            let i = t.rows[row.index()];
            let o = &m.objects[i];
            row.set_selected(selection.objects.contains(&i));
            let flagged = findings.iter().filter(|(k, _)| *k == i).map(|(_, f)| f.as_str()).collect::<Vec<_>>();
            row.col(|ui| {
                let l = if flagged.is_empty() { ui.weak(i.to_string()) } else { ui.colored_label(ui.visuals().warn_fg_color, format!("!{i}")) };
                if !flagged.is_empty() {
                    l.on_hover_text(flagged.join("\n"));
                }
            });
            row.col(|ui| {
                ui.label(kind_label(o.kind));
            });
            row.col(|ui| {
                ui.add(egui::Label::new(o.path.decode()).truncate());
            });
            row.col(|ui| {
                ui.add(egui::Label::new(clan_label(m, o)).truncate());
            });
            row.col(|ui| {
                ui.label(o.logical_id.to_string());
            });
            row.col(|ui| {
                ui.add(egui::Label::new(o.name.decode()).truncate());
            });
            row.col(|ui| {
                ui.add(egui::Label::new(vec3(o.position)).truncate());
            });
            row.col(|ui| {
                ui.add(egui::Label::new(degrees(o.rotation)).truncate());
            });
            row.col(|ui| {
                ui.add(egui::Label::new(vec3(o.scale)).truncate());
            });
            row.col(|ui| {
                ui.label(o.properties.len().to_string());
            });
            if row.response().clicked() {
                let add = row.response().ctx.input(|i| i.modifiers.shift || i.modifiers.command);
                clicked = Some((i, add));
            }
        });
    });
    if let Some((i, add)) = clicked {
        if add { selection.toggle(i) } else { selection.only(i) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::missions;

    #[test]
    fn filter_and_sort_pick_and_order_the_rows() {
        let m = missions::mission(3);
        assert!(m.objects.len() > 10);
        let all = rows(&m, "", SortBy::Index, false);
        assert_eq!(all, (0..m.objects.len()).collect::<Vec<_>>());
        let path = m.objects[4].path.decode();
        let hits = rows(&m, &path.to_uppercase(), SortBy::Index, false);
        assert!(hits.contains(&4) && hits.iter().all(|&i| m.objects[i].path.decode().eq_ignore_ascii_case(&path) || m.objects[i].name.decode().to_lowercase().contains(&path.to_lowercase())));
        let by_id = rows(&m, "", SortBy::Id, true);
        assert!(by_id.windows(2).all(|w| m.objects[w[0]].logical_id >= m.objects[w[1]].logical_id));
        let by_path = rows(&m, "", SortBy::Path, false);
        assert!(by_path.windows(2).all(|w| m.objects[w[0]].path.decode().to_lowercase() <= m.objects[w[1]].path.decode().to_lowercase()));
    }
}
