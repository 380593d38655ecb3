//! The command queue, drained once per frame: each command becomes the intents it means for
//! the current selection (or a native dialog whose answer becomes one).

use crate::app::StudioApp;
use crate::app::command::{Command, EditorCommand};
use crate::app::editors::{self, EditorId, EditorState, ItemEditor};
use egui::{KeyboardShortcut, Modifiers};
use crate::app::intent::{Dialog, Intent, Pick, Then, Zoom};
use crate::app::settings::{PanelId, Theme};
use crate::doc::ItemPath;

impl StudioApp {
    pub(crate) fn drain_commands(&mut self) {
        for c in std::mem::take(&mut self.queue.commands) {
            let intents = self.intents_for(c);
            self.queue.intents.extend(intents);
        }
    }

    pub(crate) fn intents_for(&self, c: Command) -> Vec<Intent> {
        let entries = self.selected_entries();
        let lead = self.browser.selection.lead().cloned();
        let file = self.current_file();
        let one = |i: Intent| vec![i];
        match c {
            Command::Editor(cmd) => self.editor_target(cmd).map(|target| Intent::RunEditor { cmd, target }).into_iter().collect(),
            Command::Open => one(Intent::Pick(Pick::OpenFiles)),
            Command::OpenFolder => one(Intent::Pick(Pick::OpenFolder)),
            Command::UnpackProject => one(Intent::Pick(Pick::Unpack(None))),
            Command::PackProject => one(Intent::Pick(Pick::Pack(None))),
            Command::InstallMod => one(Intent::Pick(Pick::ModPackage)),
            Command::ExportMod => one(Intent::ModExportChanges { base: None }),
            Command::CompareWithFile => one(Intent::Pick(Pick::CompareWith(false))),
            Command::CompareWithFolder => one(Intent::Pick(Pick::CompareWith(true))),
            Command::UnsavedChanges => one(Intent::ShowUnsaved),
            Command::CompareTabWithSaved => self.tabs.active_tab().map(|t| Intent::CompareWithSaved(t.path.clone())).into_iter().collect(),
            Command::OpenEntry if self.views.compare.is_some() => one(Intent::CompareOpenSelected),
            Command::Save => file.map(|f| Intent::Save { file: f, force: false, then: Then::Nothing }).into_iter().collect(),
            Command::SaveAs => file
                .and_then(|f| self.ws.file(f).map(|o| Intent::Pick(Pick::SaveAs(f, o.name()))))
                .into_iter()
                .collect(),
            Command::SaveAll => one(Intent::SaveAll { then: Then::Nothing }),
            Command::CloseFile => file.map(|f| Intent::Close { file: f, confirmed: false }).into_iter().collect(),
            Command::Quit => one(Intent::Quit { confirmed: false }),
            Command::Undo => one(Intent::Undo),
            Command::Redo => one(Intent::Redo),
            Command::SelectAll => one(Intent::SelectAll),
            Command::FocusFilter => {
                let mut v = Vec::new();
                if !self.settings.show_browser {
                    v.push(Intent::TogglePanel(PanelId::Browser));
                }
                v.push(Intent::FocusFilter);
                v
            }
            Command::SearchProject => one(Intent::FocusProjectSearch),
            Command::OpenEntry => {
                let mut v: Vec<ItemPath> = entries.clone();
                if v.is_empty() {
                    v.extend(lead);
                }
                v.into_iter().map(Intent::OpenTab).collect()
            }
            Command::Extract => {
                if entries.is_empty() {
                    return Vec::new();
                }
                let name = (entries.len() == 1)
                    .then(|| crate::doc::items::meta_of(&self.ws, &entries[0]).map(|m| m.name).filter(|n| !n.is_empty()))
                    .flatten()
                    .or_else(|| (entries.len() == 1).then(|| "entry.bin".to_string()));
                one(Intent::Pick(Pick::Extract(entries, name)))
            }
            Command::ExtractAll => self.current_archive().map(|a| Intent::Pick(Pick::ExtractAll(a))).into_iter().collect(),
            Command::Replace => match self.browser.selection.single() {
                Some(p) => one(Intent::Pick(Pick::Replace(p.clone()))),
                None => Vec::new(),
            },
            Command::Rename => match self.browser.selection.single() {
                Some(p) if !p.entries.is_empty() => one(Intent::StartRename(p.clone())),
                _ => Vec::new(),
            },
            Command::Delete => {
                if entries.is_empty() {
                    Vec::new()
                } else {
                    one(Intent::Delete(entries))
                }
            }
            Command::AddFiles => self.current_archive().map(|a| Intent::Pick(Pick::Add(a))).into_iter().collect(),
            Command::CopyName => {
                let names: Vec<String> = entries.iter().filter_map(|p| self.browser.model.row(p).map(|r| r.name.clone())).collect();
                if names.is_empty() { Vec::new() } else { one(Intent::CopyText(names.join("\n"))) }
            }
            Command::Check => file.map(Intent::Check).into_iter().collect(),
            Command::RebuildLookup => self.current_archive().map(Intent::RebuildLookup).into_iter().collect(),
            Command::Compact => self.current_archive().map(Intent::Compact).into_iter().collect(),
            Command::CancelTask => one(Intent::CancelTasks),
            Command::CloseTab => self.tabs.active.map(Intent::CloseTab).into_iter().collect(),
            Command::NextTab | Command::PrevTab => {
                let n = self.tabs.tabs.len();
                match (self.tabs.active, n) {
                    (Some(a), n) if n > 1 => {
                        let next = if c == Command::NextTab { (a + 1) % n } else { (a + n - 1) % n };
                        one(Intent::ActivateTab(next))
                    }
                    _ => Vec::new(),
                }
            }
            Command::ToggleBrowser => one(Intent::TogglePanel(PanelId::Browser)),
            Command::ToggleInspector => one(Intent::TogglePanel(PanelId::Inspector)),
            Command::ToggleLog => one(Intent::TogglePanel(PanelId::Log)),
            Command::ThemeSystem => one(Intent::SetTheme(Theme::System)),
            Command::ThemeLight => one(Intent::SetTheme(Theme::Light)),
            Command::ThemeDark => one(Intent::SetTheme(Theme::Dark)),
            Command::LanguageEnglish => one(Intent::SetLanguage(crate::app::i18n::Language::English)),
            Command::LanguageRussian => one(Intent::SetLanguage(crate::app::i18n::Language::Russian)),
            Command::ZoomIn => one(Intent::Zoom(Zoom::In)),
            Command::ZoomOut => one(Intent::Zoom(Zoom::Out)),
            Command::ZoomReset => one(Intent::Zoom(Zoom::Reset)),
            Command::CommandPalette => one(Intent::OpenPalette),
            Command::Readings => one(Intent::ShowReadings(true)),
            Command::About => one(Intent::ShowDialog(Dialog::About)),
        }
    }

    /// The item an editor command acts on: the active tab's when that tab is the editor's,
    /// else (for commands that allow it) the single selected item when the editor claims it.
    pub fn editor_target(&self, cmd: EditorCommand) -> Option<ItemPath> {
        if let Some(t) = self.tabs.active_tab().filter(|t| t.editor_id() == Some(cmd.editor)) {
            return Some(t.path.clone());
        }
        if !cmd.spec()?.on_selection {
            return None;
        }
        let selected = self.browser.selection.single().filter(|p| self.selection_editor(p) == Some(cmd.editor));
        if let Some(p) = selected {
            return Some(p.clone());
        }
        // A command that makes a new item gets the place it would go.
        editors::by_id(cmd.editor)
            .filter(|e| e.runs_without_item(cmd.name))
            .and_then(|_| self.current_archive().or_else(|| self.current_file().map(ItemPath::root)))
    }

    /// Which editor claims a selected item, asked once per item and document state (menus and
    /// the palette ask every frame they are open; an RsLi entry would be unpacked each time).
    fn selection_editor(&self, p: &ItemPath) -> Option<EditorId> {
        let mut cache = self.frame.selection_editor.borrow_mut();
        match &*cache {
            Some((path, generation, id)) if path == p && *generation == self.frame.generation => *id,
            _ => {
                let id = editors::editor_of(&self.ws, p).map(|e| e.id());
                *cache = Some((p.clone(), self.frame.generation, id));
                id
            }
        }
    }

    /// Whether the command has something to act on now (menus grey out the others).
    pub fn command_enabled(&self, c: Command) -> bool {
        let has_file = !self.ws.files().is_empty();
        let single_entry = self.browser.selection.single().is_some_and(|p| !p.entries.is_empty());
        let any_entry = self.browser.selection.iter().any(|p| !p.entries.is_empty());
        match c {
            Command::Save | Command::SaveAs | Command::CloseFile | Command::Check => has_file,
            Command::SaveAll | Command::UnsavedChanges => self.ws.any_dirty(),
            Command::CompareTabWithSaved => self.tabs.active_tab().is_some_and(|t| self.ws.is_dirty(t.path.file)),
            Command::CompareWithFile => has_file,
            Command::CompareWithFolder => has_file || self.views.folder.is_some(),
            Command::Undo => self.ws.history.can_undo(),
            Command::Redo => self.ws.history.can_redo(),
            Command::SelectAll => !self.browser.model.rows.is_empty(),
            Command::OpenEntry => !self.browser.selection.is_empty(),
            Command::Extract | Command::Delete | Command::CopyName => any_entry,
            Command::Rename => single_entry,
            Command::Replace => self.browser.selection.single().is_some(),
            Command::Editor(cmd) => self.editor_target(cmd).is_some(),
            Command::ExtractAll | Command::AddFiles | Command::RebuildLookup | Command::Compact => self
                .current_archive()
                .is_some_and(|a| crate::doc::items::node_at(&self.ws, &a).is_ok_and(|n| n.is_archive())),
            Command::CancelTask => self.work.tasks.busy(),
            Command::InstallMod => self.views.folder.is_some(),
            Command::ExportMod => self.views.folder.is_some() || self.ws.any_dirty(),
            Command::CloseTab => self.tabs.active.is_some(),
            Command::NextTab | Command::PrevTab => self.tabs.tabs.len() > 1,
            _ => true,
        }
    }
}

/// The commands whose shortcut was pressed this frame, consumed from the input so widgets do
/// not also see them. The focused editor's keys come first (its Delete removes what it has
/// selected, not the browser's selection), and only while its state wants them; then the
/// shell's. Longer modifier sets are tried first: egui matches Ctrl+Z inside Ctrl+Shift+Z
/// otherwise.
pub fn pressed_shortcuts(ctx: &egui::Context, focus: Option<(&dyn ItemEditor, &dyn EditorState)>) -> Vec<Command> {
    let typing = ctx.egui_wants_keyboard_input();
    let by_modifiers = |v: &mut Vec<(Command, KeyboardShortcut)>| v.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
    let mut all: Vec<(Command, KeyboardShortcut)> = Vec::new();
    if let Some((editor, state)) = focus
        && !typing
    {
        for spec in editor.commands() {
            if state.wants_keys(spec.name, ctx) {
                all.extend(spec.shortcuts.iter().map(|&s| (Command::Editor(EditorCommand { editor: editor.id(), name: spec.name }), s)));
            }
        }
        by_modifiers(&mut all);
    }
    let mut shell: Vec<(Command, KeyboardShortcut)> = Command::ALL.iter().flat_map(|&c| c.shortcuts().iter().map(move |&s| (c, s))).collect();
    by_modifiers(&mut shell);
    all.extend(shell);
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for (c, s) in &all {
            if typing && !c.fires_while_typing() {
                continue;
            }
            if i.consume_shortcut(s) && !out.contains(c) {
                out.push(*c);
            }
        }
    });
    out
}

fn modifier_count(m: Modifiers) -> u8 {
    m.alt as u8 + m.ctrl as u8 + m.shift as u8 + m.mac_cmd as u8 + m.command as u8
}


#[cfg(test)]
mod tests {
    use super::*;
    use egui::Key;

    #[test]
    fn ctrl_shift_z_is_redo_not_undo() {
        let ctx = egui::Context::default();
        let mut input = egui::RawInput::default();
        let mods = Modifiers { shift: true, ..Modifiers::COMMAND };
        input.events.push(egui::Event::ModifiersChanged(mods));
        input.events.push(egui::Event::Key {
            key: Key::Z,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: mods,
        });
        let mut got = Vec::new();
        ctx.run_ui(input, |ui| got = pressed_shortcuts(ui.ctx(), None)).drop_without_applying_deltas();
        assert_eq!(got, vec![Command::Redo]);
    }
}
