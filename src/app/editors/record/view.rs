//! One tab of the record editor: the record's kind, its slots in a table (index, role, archive,
//! member, where it resolves in the game folder with a link that opens it, bytes kept after a
//! NUL), the slot picker (archive and member from what the folder holds, with completion) and
//! the record's mesh in a 3D preview.

use super::edits;
use crate::app::intent::Intent;
use crate::app::seam::EditorCx;
use crate::app::widgets::game_folder::{self, GameFolder, Resolution};
use crate::app::widgets::name_picker;
use crate::app::widgets::orbit_view::OrbitView;
use crate::doc::ItemPath;
use crate::formats::objrec::{Kind, NAME_FIELD, Record, Role, SLOT_LEN, junk_after_nul};
use crate::formats::{Diagnostic, Severity};
use crate::render::RenderScene;
use egui::{Color32, RichText, Ui};
use std::path::PathBuf;

/// The record as last read from the tab's bytes.
pub struct Parsed {
    pub kind: Kind,
    pub key: String,
    pub record: Result<Record, String>,
    pub diagnostics: Vec<Diagnostic>,
}

/// The slot being edited in the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotPick {
    /// `None`: a new slot (Add Slot).
    pub slot: Option<usize>,
    pub archive: String,
    pub filter: String,
}

/// The 3D preview's built scene, keyed by what it was built from.
struct Preview {
    key: (PathBuf, String, u64),
    scene: Result<(RenderScene, u64), String>,
}

#[derive(Default)]
pub struct RecordView {
    seen: Option<(usize, usize, u64)>,
    pub parsed: Option<Parsed>,
    /// The game folder the record's slots resolve in (rescanned on every document change).
    pub folder: Option<GameFolder>,
    folder_seen: Option<u64>,
    pub selected: Option<usize>,
    pub pick: Option<SlotPick>,
    /// Why the last edit was refused.
    pub message: Option<String>,
    preview: Option<Preview>,
    pub view: OrbitView,
}

impl RecordView {
    fn refresh(&mut self, cx: &EditorCx) {
        let key = (cx.bytes.as_ptr() as usize, cx.bytes.len(), cx.generation);
        if self.seen == Some(key) {
            return;
        }
        self.seen = Some(key);
        let meta = crate::doc::items::meta_of(cx.ws, cx.path);
        let kind = Kind::from_type_id(meta.as_ref().and_then(|m| m.type_id).unwrap_or(0));
        let key = meta.map(|m| m.name).unwrap_or_default();
        let (record, diagnostics) = match Record::parse(cx.bytes, kind) {
            Ok((r, d)) => (Ok(r), d),
            Err(e) => (Err(e.to_string()), Vec::new()),
        };
        self.parsed = Some(Parsed { kind, key, record, diagnostics });
        if self.folder_seen != Some(cx.generation) {
            let file = cx.ws.file(cx.path.file).map(|f| f.path.clone()).unwrap_or_default();
            self.folder = Some(GameFolder::scan(cx.ws, &game_folder::root_of(&file)));
            self.folder_seen = Some(cx.generation);
        }
        if let (Some(s), Some(Ok(r))) = (self.selected, self.parsed.as_ref().map(|p| &p.record))
            && s >= r.slots.len()
        {
            self.selected = None;
        }
    }

    /// The record as read, if it reads.
    pub fn record(&self) -> Option<&Record> {
        self.parsed.as_ref().and_then(|p| p.record.as_ref().ok())
    }

    /// Where slot `i` resolves.
    pub fn resolution(&self, i: usize) -> Option<Resolution> {
        let s = self.record()?.slots.get(i)?;
        Some(self.folder.as_ref()?.resolve(&s.archive(), &s.member()))
    }

    /// Opens the picker on slot `slot` (`None`: a new slot).
    pub fn start_pick(&mut self, slot: Option<usize>) {
        let (archive, filter) = match slot.and_then(|i| self.record()?.slots.get(i)) {
            Some(s) if !s.is_empty() => (s.archive().into_owned(), String::new()),
            _ => (self.folder.as_ref().and_then(|f| f.archives.iter().find(|a| !a.name.eq_ignore_ascii_case(game_folder::OBJECTS))).map(|a| a.name.clone()).unwrap_or_default(), String::new()),
        };
        self.selected = slot.or(self.selected);
        self.pick = Some(SlotPick { slot, archive, filter });
    }

    fn show_slots(&mut self, ui: &mut Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        let Some(record) = self.record().cloned() else { return };
        let mut action: Option<Action> = None;
        egui::Grid::new("record-slots").striped(true).num_columns(7).spacing([12.0, 4.0]).show(ui, |ui| {
            for h in ["#", "Role", "Archive", "Member", "Resolves to", "Raw", ""] {
                ui.strong(h);
            }
            ui.end_row();
            for (i, slot) in record.slots.iter().enumerate() {
                if ui.selectable_label(self.selected == Some(i), i.to_string()).clicked() {
                    self.selected = Some(i);
                }
                ui.label(slot.role().label());
                ui.monospace(slot.archive().as_ref());
                ui.monospace(slot.member().as_ref());
                match self.folder.as_ref().map(|f| f.resolve(&slot.archive(), &slot.member())) {
                    _ if slot.is_empty() => {
                        ui.weak("—");
                    }
                    Some(Resolution::Found { path, member }) => {
                        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                        if ui.link(format!("{name}::{member}")).on_hover_text(format!("Open {member} of {} in its editor", path.display())).clicked() {
                            out.push(Intent::OpenLinked { file: path.clone(), entry: Some(member.clone()) });
                        }
                    }
                    Some(Resolution::NoMember) => {
                        ui.colored_label(ui.visuals().warn_fg_color, format!("{} has no such member", slot.archive()));
                    }
                    Some(Resolution::NoArchive) | None => {
                        ui.colored_label(ui.visuals().warn_fg_color, "no such archive in the folder");
                    }
                }
                let junk: Vec<String> = [(0, "archive"), (NAME_FIELD, "member")]
                    .iter()
                    .filter_map(|&(at, what)| junk_after_nul(&slot.raw()[at..at + NAME_FIELD]).map(|j| format!("{what} +{}", at + j)))
                    .collect();
                if junk.is_empty() {
                    ui.label("");
                } else {
                    ui.colored_label(ui.visuals().warn_fg_color, "bytes after NUL").on_hover_text(format!(
                        "Bytes after the name's NUL, kept as stored (slot offset {}): {}",
                        i * SLOT_LEN,
                        junk.join(", ")
                    ));
                }
                ui.horizontal(|ui| {
                    if ui.small_button("Edit…").on_hover_text("Pick this slot's archive and member").clicked() {
                        action = Some(Action::Pick(Some(i)));
                    }
                    if ui.add_enabled(!slot.is_empty(), egui::Button::new("Clear").small()).on_hover_text("Zero this slot's 64 bytes").clicked() {
                        action = Some(Action::Clear(i));
                    }
                });
                ui.end_row();
            }
        });
        if ui.button("Add Slot").on_hover_text("Append a slot, picked from the folder's archives").clicked() {
            action = Some(Action::Pick(None));
        }
        match action {
            Some(Action::Pick(s)) => self.start_pick(s),
            Some(Action::Clear(i)) => self.commit(cx.path, cx.bytes, edits::SlotEdit::Clear(i), out),
            None => {}
        }
    }

    /// Sends an edit of the record's bytes (one undo step), or says why it is refused.
    pub fn commit(&mut self, path: &ItemPath, bytes: &[u8], edit: edits::SlotEdit, out: &mut Vec<Intent>) {
        let kind = self.parsed.as_ref().map_or(Kind::Other(0), |p| p.kind);
        match edits::apply(path, bytes, kind, &edit) {
            Ok((e, slot)) => {
                self.message = None;
                self.selected = Some(slot);
                out.push(Intent::EditItem(e));
            }
            Err(m) => self.message = Some(m),
        }
    }

    fn show_pick(&mut self, ui: &mut Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        let Some(folder) = self.folder.clone() else { return };
        let Some(mut pick) = self.pick.clone() else { return };
        let mut close = false;
        ui.group(|ui| {
            ui.horizontal(|ui| {
                ui.strong(match pick.slot {
                    Some(i) => format!("Slot {i}"),
                    None => "New slot".to_string(),
                });
                egui::ComboBox::new("record-pick-archive", "archive").selected_text(if pick.archive.is_empty() { "(choose)" } else { pick.archive.as_str() }).show_ui(ui, |ui| {
                    for a in &folder.archives {
                        ui.selectable_value(&mut pick.archive, a.name.clone(), format!("{} ({})", a.name, a.members.len()));
                    }
                });
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
            let members = folder.archive(&pick.archive).map(|a| a.members.clone()).unwrap_or_default();
            if let Some(member) = name_picker::show(ui, "record-pick-member", "Member name", &mut pick.filter, &members, "member name (type to filter)", 180.0) {
                let edit = match pick.slot {
                    Some(i) => edits::SlotEdit::Set { slot: i, archive: pick.archive.clone(), member },
                    None => edits::SlotEdit::Push { archive: pick.archive.clone(), member },
                };
                self.commit(cx.path, cx.bytes, edit, out);
                close = self.message.is_none();
            }
        });
        self.pick = if close { None } else { Some(pick) };
    }

    fn show_preview(&mut self, ui: &mut Ui, cx: &EditorCx, out: &mut Vec<Intent>) {
        let Some(record) = self.record() else { return };
        let Some(i) = record.find_role(Role::Mesh) else {
            ui.weak("No mesh slot: nothing to draw.");
            return;
        };
        let Some(Resolution::Found { path, member }) = self.resolution(i) else {
            ui.weak(format!("The mesh slot {i} resolves to nothing in the folder: nothing to draw."));
            return;
        };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label(format!("Mesh: {name}::{member}"));
            if ui.link("Open mesh").clicked() {
                out.push(Intent::OpenLinked { file: path.clone(), entry: Some(member.clone()) });
            }
        });
        let key = (path.clone(), member.clone(), cx.generation);
        if self.preview.as_ref().is_none_or(|p| p.key != key) {
            let scene = build_mesh(cx, &path, &member);
            self.preview = Some(Preview { key, scene });
        }
        let Some(p) = &self.preview else { return };
        match &p.scene {
            Ok((scene, id)) => {
                let w = ui.available_width().clamp(120.0, 520.0);
                let h = ui.available_height().clamp(120.0, 360.0);
                self.view.show(ui, cx.gpu, scene, *id, egui::vec2(w, h), None);
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, format!("The mesh does not draw: {e}"));
            }
        }
    }
}

enum Action {
    Pick(Option<usize>),
    Clear(usize),
}

/// The scene of `member` of the archive at `path`, with its own upload id.
fn build_mesh(cx: &EditorCx, path: &std::path::Path, member: &str) -> Result<(RenderScene, u64), String> {
    game_folder::member_scene(cx.ws, path, member).map(|s| (s, crate::app::gpu_view::next_id()))
}

/// Draws the tab.
pub fn show(ui: &mut Ui, cx: &EditorCx, v: &mut RecordView, out: &mut Vec<Intent>) {
    v.refresh(cx);
    let Some(p) = &v.parsed else { return };
    ui.horizontal(|ui| {
        ui.heading(&p.key);
        ui.label(RichText::new(p.kind.label()).monospace().strong());
        ui.label(format!("— {}", p.kind.meaning()));
    });
    let diagnostics = p.diagnostics.clone();
    if let Err(e) = &p.record {
        ui.colored_label(ui.visuals().error_fg_color, format!("This record does not read: {e}"));
        return;
    }
    if let Some(f) = &v.folder {
        ui.label(RichText::new(format!("Slots resolve in {} ({} archives)", crate::app::shown_path::path(&f.root), f.archives.len())).small().weak());
    }
    for d in &diagnostics {
        let c = if d.severity == Severity::Warning { ui.visuals().warn_fg_color } else { ui.visuals().weak_text_color() };
        ui.colored_label(c, format!("@0x{:X}: {}", d.offset.unwrap_or(0), d.message));
    }
    ui.add_space(4.0);
    v.show_slots(ui, cx, out);
    if let Some(m) = &v.message {
        ui.colored_label(Color32::from_rgb(230, 90, 80), m);
    }
    if v.pick.is_some() {
        v.show_pick(ui, cx, out);
    }
    ui.separator();
    v.show_preview(ui, cx, out);
}
