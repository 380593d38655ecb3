//! A name chosen from a list with completion: a filter field and the names containing what is
//! typed (ASCII case ignored), names starting with it first; a click on one, or Enter on an
//! exact match or the only match, chooses it. The record editor picks members with it, the unit
//! editor record keys.

use egui::Ui;

/// The names of `names` containing `filter` (ASCII case ignored): those starting with it first,
/// each group in the list's order.
pub fn matches<'a>(names: &'a [String], filter: &str) -> Vec<&'a str> {
    let f = filter.trim().to_ascii_lowercase();
    let (mut starts, mut inside) = (Vec::new(), Vec::new());
    for n in names {
        let l = n.to_ascii_lowercase();
        if l.starts_with(&f) {
            starts.push(n.as_str());
        } else if l.contains(&f) {
            inside.push(n.as_str());
        }
    }
    starts.extend(inside);
    starts
}

/// Draws the filter (named `label`, `hint` when empty) and the matching names in a list
/// `height` points high; returns the name chosen this frame.
pub fn show(ui: &mut Ui, salt: &str, label: &str, filter: &mut String, names: &[String], hint: &str, height: f32) -> Option<String> {
    let mut chosen = None;
    let found = matches(names, filter);
    let resp = ui
        .horizontal(|ui| {
            let l = ui.label(label);
            // As wide as there is room for beside its label, at most 260 points.
            let width = ui.available_width().clamp(80.0, 260.0);
            ui.add(egui::TextEdit::singleline(filter).hint_text(hint).id_salt((salt, "filter")).desired_width(width)).labelled_by(l.id)
        })
        .inner;
    if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        let exact = found.iter().find(|n| n.eq_ignore_ascii_case(filter.trim()));
        chosen = exact.or(if found.len() == 1 { found.first() } else { None }).map(|s| s.to_string());
    }
    ui.label(egui::RichText::new(crate::tr!("picker-count", shown = found.len(), n = names.len())).small().weak());
    let row = ui.text_style_height(&egui::TextStyle::Body) + 2.0;
    egui::ScrollArea::vertical().id_salt((salt, "list")).max_height(height).auto_shrink([false, true]).show_rows(ui, row, found.len(), |ui, range| {
        for n in &found[range] {
            if ui.selectable_label(false, *n).clicked() {
                chosen = Some(n.to_string());
            }
        }
    });
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_matches_come_first_and_case_is_ignored() {
        let names: Vec<String> = ["b_tree.msh", "s_tree.msh", "S_TREE.wea", "rock.msh"].iter().map(|s| s.to_string()).collect();
        assert_eq!(matches(&names, "S_T"), ["s_tree.msh", "S_TREE.wea"]);
        assert_eq!(matches(&names, "tree"), ["b_tree.msh", "s_tree.msh", "S_TREE.wea"]);
        assert_eq!(matches(&names, "").len(), 4);
        assert!(matches(&names, "zzz").is_empty());
    }
}
