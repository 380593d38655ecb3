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
use crate::tr;
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
        let headers = ["#".to_string(), tr!("record-col-role"), tr!("record-col-archive"), tr!("record-col-member"), tr!("record-col-resolves"), tr!("record-col-raw"), String::new()];
        let resolved: Vec<Option<Resolution>> = record.slots.iter().map(|s| self.folder.as_ref().map(|f| f.resolve(&s.archive(), &s.member()))).collect();
        // The Raw column only when a slot keeps bytes after a name's NUL.
        let any_junk = record.slots.iter().any(|x| [0, NAME_FIELD].iter().any(|&at| junk_after_nul(&x.raw()[at..at + NAME_FIELD]).is_some()));
        let cap = name_column_cap(ui, &record, &resolved, &headers, any_junk);
        egui::Grid::new("record-slots").striped(true).num_columns(if any_junk { 7 } else { 6 }).spacing([COLUMN_GAP, 4.0]).show(ui, |ui| {
            for (k, h) in headers.iter().enumerate() {
                if k == 5 && !any_junk {
                    continue;
                }
                if (2..5).contains(&k) {
                    clipped(ui, cap, |ui| ui.strong(h));
                } else {
                    ui.strong(h);
                }
            }
            ui.end_row();
            for (i, slot) in record.slots.iter().enumerate() {
                if ui.selectable_label(self.selected == Some(i), i.to_string()).clicked() {
                    self.selected = Some(i);
                }
                ui.label(role_label(slot.role()));
                clipped(ui, cap, |ui| ui.monospace(slot.archive().as_ref()));
                clipped(ui, cap, |ui| ui.monospace(slot.member().as_ref()));
                match &resolved[i] {
                    _ if slot.is_empty() => {
                        clipped(ui, cap, |ui| ui.weak("—"));
                    }
                    Some(Resolution::Found { path, member }) => {
                        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                        let tip = format!("{name}::{member}\n{}", tr!("record-open-member-tip", member = member, path = path.display().to_string()));
                        if clipped(ui, cap, |ui| ui.link(format!("{name}::{member}"))).on_hover_text(tip).clicked() {
                            out.push(Intent::OpenLinked { file: path.clone(), entry: Some(member.clone()) });
                        }
                    }
                    Some(Resolution::NoMember) => {
                        let warn = ui.visuals().warn_fg_color;
                        clipped(ui, cap, |ui| ui.colored_label(warn, tr!("record-no-member", archive = slot.archive().as_ref())));
                    }
                    Some(Resolution::NoArchive) | None => {
                        let warn = ui.visuals().warn_fg_color;
                        clipped(ui, cap, |ui| ui.colored_label(warn, tr!("record-no-archive")));
                    }
                }
                let junk: Vec<String> = [(0, false), (NAME_FIELD, true)]
                    .iter()
                    .filter_map(|&(at, member)| {
                        let at = (at + junk_after_nul(&slot.raw()[at..at + NAME_FIELD])?).to_string();
                        Some(if member { tr!("record-junk-member", at = at) } else { tr!("record-junk-archive", at = at) })
                    })
                    .collect();
                if any_junk {
                    if junk.is_empty() {
                        ui.label("");
                    } else {
                        ui.colored_label(ui.visuals().warn_fg_color, tr!("record-junk")).on_hover_text(tr!("record-junk-tip", offset = (i * SLOT_LEN).to_string(), r#where = junk.join(", ")));
                    }
                }
                ui.horizontal(|ui| {
                    if ui.small_button(tr!("record-edit")).on_hover_text(tr!("record-edit-tip")).clicked() {
                        action = Some(Action::Pick(Some(i)));
                    }
                    if ui.add_enabled(!slot.is_empty(), egui::Button::new(tr!("record-clear")).small()).on_hover_text(tr!("record-clear-tip")).clicked() {
                        action = Some(Action::Clear(i));
                    }
                });
                ui.end_row();
            }
        });
        if ui.button(tr!("record-add-slot")).on_hover_text(tr!("cmd-record-add-slot-tip")).clicked() {
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
                    Some(i) => tr!("record-pick-slot", i = i.to_string()),
                    None => tr!("record-pick-new"),
                });
                let choose = tr!("record-pick-choose");
                egui::ComboBox::new("record-pick-archive", tr!("record-pick-archive")).selected_text(if pick.archive.is_empty() { choose.as_str() } else { pick.archive.as_str() }).show_ui(ui, |ui| {
                    for a in &folder.archives {
                        ui.selectable_value(&mut pick.archive, a.name.clone(), format!("{} ({})", a.name, a.members.len()));
                    }
                });
                if ui.button(tr!("record-cancel")).clicked() {
                    close = true;
                }
            });
            let members = folder.archive(&pick.archive).map(|a| a.members.clone()).unwrap_or_default();
            if let Some(member) = name_picker::show(ui, "record-pick-member", &tr!("record-member-name"), &mut pick.filter, &members, &tr!("record-member-hint"), 180.0) {
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
            ui.weak(tr!("record-no-mesh-slot"));
            return;
        };
        let Some(Resolution::Found { path, member }) = self.resolution(i) else {
            ui.weak(tr!("record-mesh-unresolved", i = i.to_string()));
            return;
        };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("record-mesh", name = format!("{name}::{member}")));
            if ui.link(tr!("record-open-mesh")).clicked() {
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
                ui.colored_label(ui.visuals().error_fg_color, tr!("record-mesh-error", error = e.as_str()));
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
    ui.horizontal_wrapped(|ui| {
        ui.heading(&p.key);
        ui.label(RichText::new(p.kind.label()).monospace().strong());
        ui.label(format!("— {}", kind_meaning(p.kind)));
    });
    let diagnostics = p.diagnostics.clone();
    if let Err(e) = &p.record {
        ui.colored_label(ui.visuals().error_fg_color, tr!("record-unreadable", error = e.as_str()));
        return;
    }
    if let Some(f) = &v.folder {
        ui.add(egui::Label::new(RichText::new(tr!("record-folder", path = crate::app::shown_path::path(&f.root), n = f.archives.len())).small().weak()).truncate());
    }
    for d in &diagnostics {
        let c = if d.severity == Severity::Warning { ui.visuals().warn_fg_color } else { ui.visuals().weak_text_color() };
        ui.colored_label(c, format!("@0x{:X}: {}", d.offset.unwrap_or(0), crate::app::i18n::messages::diagnostic(d)));
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

/// The space between the slot table's columns.
const COLUMN_GAP: f32 = 12.0;

/// A kind's meaning in the interface's language (its tag, `STAT`, is the game's and stays).
pub fn kind_meaning(k: Kind) -> String {
    match k {
        Kind::Stat => tr!("record-kind-stat"),
        Kind::Into => tr!("record-kind-into"),
        Kind::Exto => tr!("record-kind-exto"),
        Kind::Bull => tr!("record-kind-bull"),
        Kind::Btlu => tr!("record-kind-btlu"),
        Kind::Fort => tr!("record-kind-fort"),
        Kind::Wpns => tr!("record-kind-wpns"),
        Kind::Suno => tr!("record-kind-suno"),
        Kind::Other(_) => tr!("record-kind-other"),
    }
}

/// A slot's role in the interface's language.
pub fn role_label(r: Role) -> String {
    match r {
        Role::Empty => tr!("record-role-empty"),
        Role::Mesh => tr!("record-role-mesh"),
        Role::Materials => tr!("record-role-materials"),
        Role::ControlPoints => tr!("record-role-control-points"),
        Role::Damage => tr!("record-role-damage"),
        Role::Controller => tr!("record-role-controller"),
        Role::Footprint => tr!("record-role-footprint"),
        Role::Profile => tr!("record-role-profile"),
        Role::Parent => tr!("record-role-parent"),
        Role::Other => tr!("record-role-other"),
    }
}

fn text_width(ui: &Ui, text: impl Into<egui::WidgetText>, style: egui::TextStyle) -> f32 {
    text.into().into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, style).size().x
}

/// How wide each of the three name columns (archive, member, where it resolves) may be so that
/// the table fits the width there is: the other columns as wide as their text, the rest shared
/// out so that a narrow name keeps its width and only the widest are cut (with an ellipsis and
/// the whole name on hover).
fn name_column_cap(ui: &Ui, record: &Record, resolved: &[Option<Resolution>], headers: &[String], junk: bool) -> f32 {
    use egui::TextStyle::{Body, Monospace};
    let widest = |head: &str, cells: &mut dyn Iterator<Item = f32>| cells.fold(text_width(ui, RichText::new(head).strong(), Body), f32::max);
    let s = &record.slots;
    // A grid column is never narrower than an interactive widget.
    let least = ui.spacing().interact_size.x;
    let index = widest(&headers[0], &mut s.iter().enumerate().map(|(i, _)| text_width(ui, i.to_string(), Body) + 2.0 * ui.spacing().button_padding.x));
    let role = widest(&headers[1], &mut s.iter().map(|x| text_width(ui, role_label(x.role()), Body)));
    let raw = if junk { widest(&headers[5], &mut std::iter::once(text_width(ui, tr!("record-junk"), Body))).max(least) + COLUMN_GAP } else { 0.0 };
    let pad = 2.0 * ui.spacing().button_padding.x;
    let buttons = text_width(ui, tr!("record-edit"), Body) + text_width(ui, tr!("record-clear"), Body) + 2.0 * pad + ui.spacing().item_spacing.x;
    // A few points to spare for rounding and the strip's edges.
    let fixed = index.max(least) + role.max(least) + raw + buttons.max(least) + 5.0 * COLUMN_GAP + 8.0;
    let archive = widest(&headers[2], &mut s.iter().map(|x| text_width(ui, RichText::new(x.archive()).monospace(), Monospace)));
    let member = widest(&headers[3], &mut s.iter().map(|x| text_width(ui, RichText::new(x.member()).monospace(), Monospace)));
    let resolves = widest(
        &headers[4],
        &mut s.iter().zip(resolved).map(|(x, r)| match r {
            _ if x.is_empty() => 0.0,
            Some(Resolution::Found { path, member }) => text_width(ui, format!("{}::{member}", path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()), Body),
            Some(Resolution::NoMember) => text_width(ui, tr!("record-no-member", archive = x.archive().as_ref()), Body),
            _ => text_width(ui, tr!("record-no-archive"), Body),
        }),
    );
    share_out(&[archive, member, resolves], ui.available_width() - fixed).max(40.0)
}

/// The largest cap `c` with `Σ min(wᵢ, c) ≤ budget` (infinite when everything fits).
fn share_out(widths: &[f32], budget: f32) -> f32 {
    let mut sorted = widths.to_vec();
    sorted.sort_by(f32::total_cmp);
    let mut left = budget;
    for (k, w) in sorted.iter().enumerate() {
        let share = left / (sorted.len() - k) as f32;
        if *w > share {
            return share;
        }
        left -= w;
    }
    f32::INFINITY
}

/// Draws `add` at most `cap` wide, its text cut with an ellipsis (a label shows the whole text
/// on hover; a link says it in its own tooltip).
fn clipped(ui: &mut Ui, cap: f32, add: impl FnOnce(&mut Ui) -> egui::Response) -> egui::Response {
    if !cap.is_finite() {
        return add(ui);
    }
    ui.allocate_ui_with_layout(egui::vec2(cap, ui.spacing().interact_size.y), egui::Layout::left_to_right(egui::Align::Center), |ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        add(ui)
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::share_out;

    #[test]
    fn names_share_the_room_and_only_the_widest_are_cut() {
        assert_eq!(share_out(&[50.0, 60.0, 70.0], 200.0), f32::INFINITY);
        // 50 fits a third of 150; the two others share the 100 left.
        assert_eq!(share_out(&[50.0, 100.0, 120.0], 150.0), 50.0);
        assert_eq!(share_out(&[30.0, 100.0, 120.0], 150.0), 60.0);
    }
}
