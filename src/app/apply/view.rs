//! Intents about the shell's own view: the browser's selection, sorting and expansion, tabs,
//! dialogs, the palette, theme, zoom, readings, the log and native file pickers.

use super::*;
use crate::app::intent::Pick;

impl StudioApp {
    pub(super) fn apply_view(&mut self, intent: Intent) {
        match intent {
            Intent::Select { path, mods } => {
                let order = self.browser.model.order();
                self.browser.selection.click(&path, mods, &order);
                if self.browser.renaming.as_ref().is_some_and(|r| r.path != path) {
                    self.browser.renaming = None;
                }
            }
            Intent::SelectStep { delta, extend } => {
                let order = self.browser.model.order();
                self.browser.selection.step(delta, extend, &order);
                self.browser.scroll_to = self.browser.selection.lead().cloned();
            }
            Intent::SelectAll => {
                let order = self.browser.model.order();
                self.browser.selection.set_all(&order);
            }
            Intent::SetExpanded { path, open } => {
                self.browser.expansion.set(&path, open);
                self.browser.invalidate();
            }
            Intent::SetSort(sort) => {
                self.settings.sort = sort;
                self.browser.invalidate();
            }
            Intent::OpenTab(path) => {
                if items::exists(&self.ws, &path) {
                    let view = if editors::editor_of(&self.ws, &path).is_some() { ViewKind::Editor } else { ViewKind::Summary };
                    self.tabs.open(path, view);
                    // A tab asked for is shown: the compare view that covers the tabs closes.
                    self.views.compare = None;
                }
            }
            Intent::ActivateTab(i) => self.tabs.activate(i),
            Intent::CloseTab(i) => self.tabs.close(i),
            Intent::MoveTab { from, to } => self.tabs.move_tab(from, to),
            Intent::SetView { tab, view } => self.tabs.set_view(tab, view),
            Intent::StartRename(path) => {
                let name = items::meta_of(&self.ws, &path).map(|m| m.name);
                if let Some(name) = name {
                    self.browser.start_rename(path, name);
                }
            }
            Intent::CancelRename => self.browser.renaming = None,
            Intent::FocusFilter => self.browser.focus_filter = true,
            Intent::Reveal { file, entry } => self.reveal(file, entry.as_deref()),
            Intent::SetTheme(t) => self.settings.theme = t,
            Intent::SetLanguage(l) => {
                self.settings.language = Some(l);
                crate::app::i18n::set_language(l);
            }
            Intent::TogglePanel(p) => self.settings.toggle(p),
            Intent::Zoom(z) => {
                self.settings.zoom = match z {
                    Zoom::In => (self.settings.zoom * 1.1).min(4.0),
                    Zoom::Out => (self.settings.zoom / 1.1).max(0.4),
                    Zoom::Reset => 1.0,
                }
            }
            Intent::SetReading(spec) => self.set_reading(&spec),
            Intent::ShowDialog(d) => self.views.dialog = Some(d),
            Intent::CloseDialog => self.views.dialog = None,
            Intent::OpenPalette => self.views.palette = Some(Default::default()),
            Intent::ClosePalette => self.views.palette = None,
            Intent::ShowReadings(b) => self.views.show_readings = b,
            Intent::Run(c) => {
                let v = self.intents_for(c);
                self.queue.intents.extend(v);
            }
            Intent::Log(severity, m) => self.log.push(severity, m),
            Intent::Pick(p) => {
                use crate::app::pickers::{Route, native_unavailable, route};
                let unavailable = if self.outside.native_dialogs { native_unavailable() } else { None };
                match route(self.outside.native_dialogs, unavailable, self.views.file_dialog.native_pending) {
                    Route::InWindow { why, warn } => {
                        if warn {
                            self.log.warn(crate::tr!("log-dialog-in-window", why = &why));
                        }
                        self.pick_in_window(p, &why);
                    }
                    Route::Native => {
                        self.views.file_dialog.native_pending = true;
                        crate::app::pickers::spawn(p, self.settings.last_dir.clone(), self.send_to_inbox(), self.frame.ctx.clone(), Intent::PickInWindow);
                    }
                }
            }
            Intent::NativeDialogClosed => self.views.file_dialog.native_pending = false,
            Intent::PickInWindow(p) => self.pick_in_window(p, &crate::tr!("log-native-dialog-failed")),
            Intent::CopyText(s) => self.frame.ctx.copy_text(s),
            Intent::SetExternalProgram(p) => self.settings.external_program = p,
            other => self.misrouted(other),
        }
    }

    pub(super) fn fail(&mut self, what: &str, message: String) {
        self.log.error(format!("{what}: {message}"));
        self.views.dialog = Some(Dialog::Message { title: what.to_string(), text: message });
    }

    pub(super) fn reveal(&mut self, file: FileId, entry: Option<&str>) {
        let path = match entry {
            None => Some(ItemPath::root(file)),
            Some(e) => items::resolve(&self.ws, file, e),
        };
        let Some(path) = path else {
            self.log.warn(crate::tr!("log-no-entry-any-more", entry = format!("{entry:?}")));
            return;
        };
        for k in 0..path.entries.len() {
            self.browser.expansion.set(&ItemPath { file, entries: path.entries[..k].to_vec() }, true);
        }
        self.browser.invalidate();
        self.browser.selection.select_only(path.clone());
        self.browser.scroll_to = Some(path);
    }

    pub(super) fn set_reading(&mut self, spec: &str) {
        if let Err(e) = self.ws.readings.set(spec) {
            self.log.error(crate::app::i18n::messages::message(&e));
            return;
        }
        let name = spec.split('=').next().unwrap_or_default();
        self.settings.readings.retain(|r| r.split('=').next() != Some(name));
        let is_default = TABLE.iter().any(|(n, values, _)| *n == name && spec.ends_with(&format!("={}", values[0])));
        if !is_default {
            self.settings.readings.push(spec.to_string());
        }
        self.log.info(crate::tr!("log-reading-set", spec = spec));
        self.changed();
    }
}

impl StudioApp {
    /// Opens the in-window file dialog for `pick`; the first time, the log says why.
    pub(crate) fn pick_in_window(&mut self, pick: Pick, why: &str) {
        if self.views.file_dialog.open_for(pick, self.settings.last_dir.clone()) {
            self.log.info(crate::tr!("log-dialogs-in-window", why = why));

        }
    }
}
