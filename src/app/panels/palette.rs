//! The command palette (Ctrl+Shift+P): every command by name, filtered as you type; Enter or a
//! click runs the highlighted one, Escape closes.

use crate::app::cx::Enabled;
use crate::app::command::Command;
use crate::app::intent::Intent;
use egui::{Context, Key};

#[derive(Default, Clone, Debug)]
pub struct PaletteState {
    pub query: String,
    pub highlighted: usize,
    focused: bool,
}

/// Commands whose label (with its menu's name) contains every word of the query, in table
/// order.
pub fn matches(query: &str) -> Vec<Command> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    Command::every()
        .into_iter()
        .filter(|c| {
            // The English label too: a modder who knows the English names finds them in Russian.
            let english = crate::app::i18n::lookup(crate::app::i18n::Language::English, c.label_key(), &[]);
            let hay = format!("{} {} {english}", c.group().label(), c.label()).to_lowercase();
            words.iter().all(|w| hay.contains(w.as_str()))
        })
        .collect()
}

/// The open palette; the command it runs and its closing go into `out`.
pub fn show(state: &mut PaletteState, enabled: Enabled, ctx: &Context, out: &mut Vec<Intent>) {
    let found = matches(&state.query);
    let enabled: Vec<bool> = found.iter().map(|c| enabled(*c)).collect();
    let modal = egui::Modal::new(egui::Id::unique("command-palette")).show(ctx, |ui| {
        ui.set_width(420.0);
        let r = ui.add(egui::TextEdit::singleline(&mut state.query).hint_text(crate::tr!("palette-hint")).desired_width(f32::INFINITY).id_salt("palette-query"));
        if !state.focused {
            r.request_focus();
            state.focused = true;
        }
        if r.changed() {
            state.highlighted = 0;
        }
        let (down, up, enter) = ui.input(|i| (i.key_pressed(Key::ArrowDown), i.key_pressed(Key::ArrowUp), i.key_pressed(Key::Enter)));
        if down && state.highlighted + 1 < found.len() {
            state.highlighted += 1;
        }
        if up {
            state.highlighted = state.highlighted.saturating_sub(1);
        }
        if enter && let Some(c) = found.get(state.highlighted) {
            out.push(Intent::ClosePalette);
            out.push(Intent::Run(*c));
        }
        ui.separator();
        egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
            for (k, c) in found.iter().enumerate() {
                let shortcut = c.shortcut().map(|s| ui.ctx().format_shortcut(&s)).unwrap_or_default();
                let b = egui::Button::selectable(k == state.highlighted, format!("{}: {}", c.group().label(), c.label())).shortcut_text(shortcut);
                let resp = ui.add_enabled(enabled[k], b).on_hover_text(c.tooltip());
                if k == state.highlighted && (down || up) {
                    resp.scroll_to_me(None);
                }
                if resp.clicked() {
                    out.push(Intent::ClosePalette);
                    out.push(Intent::Run(*c));
                }
            }
            if found.is_empty() {
                ui.weak(crate::tr!("palette-none"));
            }
        });
    });
    if modal.should_close() && out.is_empty() {
        out.push(Intent::ClosePalette);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_must_match() {
        assert_eq!(matches("save as"), vec![Command::SaveAs]);
        assert!(matches("theme").len() == 3);
        assert_eq!(matches("").len(), Command::every().len());
        assert!(matches("zzzz").is_empty());
        assert!(matches("EXTRACT").contains(&Command::ExtractAll));
    }
}
