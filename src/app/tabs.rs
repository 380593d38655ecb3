//! The central editor tabs: one per opened item, closable (× or middle click), reorderable by
//! dragging, each with the summary, hex and raw-fields views. A tab's content is computed again
//! only when an edit touched its item (or the document changed as a whole).

use super::cx::PanelCx;
use super::settings::PanelId;
use crate::doc::items;
use super::intent::{Intent, ViewKind};
use super::views::{fields, hex, summary};
use crate::doc::ItemPath;
use crate::formats::bytes::SharedBytes;
use super::editors::{self, EditorCx, EditorId, EditorState};
use egui::{RichText, Sense, Ui};

pub struct TabContent {
    /// An edit touched the item since this was computed.
    stale: bool,
    pub title: String,
    pub bytes: Result<SharedBytes, String>,
    /// The summary and raw-fields views, made when first shown: an editor's tab edited on
    /// every keystroke would otherwise decode its item again for views nobody looks at.
    summary: Option<Result<serde_json::Value, String>>,
    fields: Option<Result<(String, Vec<fields::Field>), String>>,
    /// The editor that claims the item.
    pub editor: Option<EditorId>,
}

/// A tab's editor and its state for this tab.
pub struct EditorSlot {
    pub id: EditorId,
    pub state: Box<dyn EditorState>,
}

pub struct Tab {
    pub path: ItemPath,
    pub view: ViewKind,
    pub hex: hex::HexState,
    /// Made when the editor first draws, kept while the same editor claims the item.
    pub editor: Option<EditorSlot>,
    content: Option<TabContent>,
}

impl Tab {
    pub fn content(&self) -> Option<&TabContent> {
        self.content.as_ref()
    }

    /// The editor that claims the tab's item.
    pub fn editor_id(&self) -> Option<EditorId> {
        self.content.as_ref().and_then(|c| c.editor)
    }

    /// The tab's editor state as its concrete type.
    pub fn state<T: EditorState>(&self) -> Option<&T> {
        self.editor.as_ref().and_then(|e| editors::downcast(e.state.as_ref()))
    }

    pub fn state_mut<T: EditorState>(&mut self) -> Option<&mut T> {
        self.editor.as_mut().and_then(|e| editors::downcast_mut(e.state.as_mut()))
    }

    /// The editor and its state when the tab shows its editor (it has the keys then).
    pub fn focused_editor(&self) -> Option<(&'static dyn editors::ItemEditor, &dyn EditorState)> {
        let slot = self.editor.as_ref().filter(|_| self.view == ViewKind::Editor)?;
        Some((editors::by_id(slot.id)?, slot.state.as_ref()))
    }
}

#[derive(Default)]
pub struct Tabs {
    pub tabs: Vec<Tab>,
    pub active: Option<usize>,
    /// Where each editor tab's title was drawn last frame (files dropped on a title go to its
    /// editor, as on its item's row).
    pub title_rects: Vec<(egui::Rect, ItemPath)>,
}

impl Tabs {
    pub fn active_tab(&self) -> Option<&Tab> {
        self.active.and_then(|i| self.tabs.get(i))
    }

    /// Opens a tab on the item (in `view`), or brings its tab forward.
    pub fn open(&mut self, path: ItemPath, view: ViewKind) {
        if let Some(i) = self.tabs.iter().position(|t| t.path == path) {
            self.active = Some(i);
            return;
        }
        self.tabs.push(Tab { path, view, hex: Default::default(), editor: None, content: None });
        self.active = Some(self.tabs.len() - 1);
    }

    pub fn activate(&mut self, i: usize) {
        if i < self.tabs.len() {
            self.active = Some(i);
        }
    }

    pub fn close(&mut self, i: usize) {
        if i >= self.tabs.len() {
            return;
        }
        self.tabs.remove(i);
        self.active = match self.active {
            _ if self.tabs.is_empty() => None,
            Some(a) if a > i => Some(a - 1),
            Some(a) if a == i => Some(i.min(self.tabs.len() - 1)),
            a => a,
        };
    }

    pub fn move_tab(&mut self, from: usize, to: usize) {
        if from >= self.tabs.len() || to >= self.tabs.len() || from == to {
            return;
        }
        let active_path = self.active_tab().map(|t| t.path.clone());
        let t = self.tabs.remove(from);
        self.tabs.insert(to, t);
        self.active = active_path.and_then(|p| self.tabs.iter().position(|t| t.path == p));
    }

    pub fn set_view(&mut self, i: usize, view: ViewKind) {
        if let Some(t) = self.tabs.get_mut(i) {
            t.view = view;
        }
    }

    pub fn remap(&mut self, f: &dyn Fn(&ItemPath) -> Option<ItemPath>) {
        let active_path = self.active_tab().map(|t| t.path.clone());
        self.tabs.retain_mut(|t| match f(&t.path) {
            Some(p) => {
                t.path = p;
                true
            }
            None => false,
        });
        self.active = active_path.and_then(|p| f(&p)).and_then(|p| self.tabs.iter().position(|t| t.path == p));
        if self.active.is_none() && !self.tabs.is_empty() {
            self.active = Some(self.tabs.len() - 1);
        }
    }

    /// Marks the content of the tabs whose item `affected` names for computing again.
    pub fn invalidate_where(&mut self, affected: &dyn Fn(&ItemPath) -> bool) {
        for t in &mut self.tabs {
            if let Some(c) = t.content.as_mut()
                && affected(&t.path)
            {
                c.stale = true;
            }
        }
    }

    pub fn retain(&mut self, keep: &dyn Fn(&ItemPath) -> bool) {
        self.remap(&|p| keep(p).then(|| p.clone()));
    }
}

fn content(ws: &crate::doc::Workspace, path: &ItemPath) -> TabContent {
    let title = match items::meta_of(ws, path) {
        Some(m) if !m.name.is_empty() => m.name,
        Some(m) => format!("#{}", m.index),
        None => ws.file(path.file).map(|f| f.name()).unwrap_or_default(),
    };
    let bytes = items::bytes_of(ws, path);
    let editor = bytes.as_ref().ok().and_then(|b| editors::editor_for(ws, path, b)).map(|e| e.id());
    TabContent { stale: false, title, bytes, summary: None, fields: None, editor }
}

/// The tab strip and the active tab's view; what the user asks for goes into `out`.
pub fn show(tabs: &mut Tabs, cx: &PanelCx, ui: &mut Ui, out: &mut Vec<Intent>) {
    if tabs.tabs.is_empty() {
        tabs.title_rects.clear();
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            ui.label(RichText::new("Parkan Studio").heading());
            if cx.settings.show_browser {
                ui.weak(crate::tr!("tabs-hint-open"));
            } else {
                // A browser hidden in an earlier run leaves nothing to double-click.
                ui.weak(crate::tr!("tabs-hint-browser-hidden"));
                if ui.button(crate::tr!("tabs-show-browser")).clicked() {
                    out.push(Intent::TogglePanel(PanelId::Browser));
                }
            }
            ui.weak(crate::tr!("tabs-hint-palette"));
        });
        return;
    }
    for i in 0..tabs.tabs.len() {
        let stale = tabs.tabs[i].content.as_ref().is_none_or(|c| c.stale);
        if stale {
            let c = content(cx.ws, &tabs.tabs[i].path.clone());
            tabs.tabs[i].content = Some(c);
        }
    }
    let titles = strip(tabs, cx, ui, out);
    tabs.title_rects = titles;
    ui.separator();
    if let Some(a) = tabs.active
        && let Some(tab) = tabs.tabs.get_mut(a)
    {
        let editor = tab.editor_id().and_then(editors::by_id);
        if tab.editor.as_ref().map(|s| s.id) != editor.map(|e| e.id()) {
            tab.editor = editor.map(|e| EditorSlot { id: e.id(), state: e.create() });
        }
        if tab.view == ViewKind::Editor && editor.is_none() {
            tab.view = ViewKind::Summary;
        }
        ui.horizontal(|ui| {
            let views = [(ViewKind::Editor, editor.map_or(String::new(), |e| crate::app::i18n::tr_or_text(e.label()))), (ViewKind::Summary, crate::tr!("view-summary")), (ViewKind::Hex, crate::tr!("view-hex")), (ViewKind::Fields, crate::tr!("view-raw-fields"))];
            for (v, label) in views.into_iter().filter(|(v, _)| editor.is_some() || *v != ViewKind::Editor) {
                if ui.selectable_label(tab.view == v, label).clicked() {
                    out.push(Intent::SetView { tab: a, view: v });
                }
            }
            ui.separator();
            ui.add(egui::Label::new(RichText::new(items::address(cx.ws, &tab.path)).weak()).truncate());
        });
        ui.separator();
        let Some(c) = &mut tab.content else { return };
        match tab.view {
            ViewKind::Summary => {
                let summary = c.summary.get_or_insert_with(|| match &c.bytes {
                    Ok(b) => summary::summary(cx.ws, &tab.path, b),
                    Err(e) => Err(e.clone()),
                });
                egui::ScrollArea::both().id_salt("summary").auto_shrink([false, false]).show(ui, |ui| match summary {
                    Ok(v) => summary::show(ui, v),
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                });
            }
            ViewKind::Hex => match &c.bytes {
                Ok(b) => hex::show(ui, b, &mut tab.hex),
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            },
            ViewKind::Editor => match (&c.bytes, tab.editor.as_mut()) {
                (Ok(b), Some(slot)) => {
                    let cx = EditorCx { ws: cx.ws, generation: cx.generation, path: &tab.path, bytes: b, gpu: cx.gpu };
                    slot.state.show(ui, &cx, out);
                }
                (Ok(_), None) => {}
                (Err(e), _) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            },
            ViewKind::Fields => {
                let fields = c.fields.get_or_insert_with(|| fields::fields(cx.ws, &tab.path));
                egui::ScrollArea::both().id_salt("fields").auto_shrink([false, false]).show(ui, |ui| match fields {
                    Ok((head, f)) => fields::show(ui, head, f),
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                });
            }
        }
    }
}

fn strip(tabs: &Tabs, cx: &PanelCx, ui: &mut Ui, out: &mut Vec<Intent>) -> Vec<(egui::Rect, ItemPath)> {
    let mut titles = Vec::new();
    egui::ScrollArea::horizontal().id_salt("tab-strip").show(ui, |ui| {
        ui.horizontal(|ui| {
            for (i, t) in tabs.tabs.iter().enumerate() {
                let title = t.content.as_ref().map(|c| c.title.clone()).unwrap_or_default();
                let dirty = cx.ws.is_dirty(t.path.file);
                let title = match t.editor.as_ref().and_then(|e| e.state.title_badge()) {
                    Some(b) => format!("{title} {b}"),
                    None => title,
                };
                let text = if dirty { format!("{title} •") } else { title };
                let active = tabs.active == Some(i);
                let r = ui.add(egui::Button::selectable(active, text).sense(Sense::click_and_drag()));
                let r = r.on_hover_text(items::address(cx.ws, &t.path));
                if t.editor_id().is_some() {
                    titles.push((r.rect, t.path.clone()));
                }
                if r.clicked() {
                    out.push(Intent::ActivateTab(i));
                }
                if r.middle_clicked() {
                    out.push(Intent::CloseTab(i));
                }
                // Right-click: this item's unsaved changes against the file on disk.
                r.context_menu(|ui| {
                    if ui.add_enabled(dirty, egui::Button::new(crate::tr!("tabs-compare-saved"))).on_hover_text(crate::tr!("tabs-compare-saved-tip")).clicked() {
                        out.push(Intent::CompareWithSaved(t.path.clone()));
                    }
                    if ui.button(crate::tr!("cmd-close-tab")).clicked() {
                        out.push(Intent::CloseTab(i));
                    }
                });
                if r.drag_started() {
                    r.dnd_set_drag_payload(i);
                }
                if let Some(from) = r.dnd_release_payload::<usize>() {
                    out.push(Intent::MoveTab { from: *from, to: i });
                }
                if ui.small_button("×").on_hover_text(crate::tr!("tabs-close-tip")).clicked() {
                    out.push(Intent::CloseTab(i));
                }
                ui.add_space(6.0);
            }
        });
    });
    titles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> ItemPath {
        ItemPath::root(1).child(i)
    }

    #[test]
    fn open_close_move_keep_the_active_tab() {
        let mut t = Tabs::default();
        for i in 0..4 {
            t.open(p(i), ViewKind::Summary);
        }
        assert_eq!(t.active, Some(3));
        t.open(p(1), ViewKind::Summary);
        assert_eq!((t.tabs.len(), t.active), (4, Some(1)));
        t.move_tab(1, 3);
        assert_eq!(t.active_tab().unwrap().path, p(1));
        assert_eq!(t.active, Some(3));
        t.close(0);
        assert_eq!(t.active, Some(2));
        t.close(2);
        assert_eq!(t.active, Some(1));
        t.close(9);
        t.remap(&|x| (x.entries[0] != 2).then(|| x.clone()));
        assert_eq!(t.tabs.iter().map(|x| x.path.clone()).collect::<Vec<_>>(), vec![p(3)]);
        t.close(0);
        assert_eq!(t.active, None);
    }
}
