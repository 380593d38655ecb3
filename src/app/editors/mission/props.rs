//! The selected object's property list as a typed table (docs/formats/tma.md, "Layout"):
//! name, type (float or integer), value, minimum and maximum, a lock mark where min = max =
//! value (the game does not let the player change it), duplicates kept in file order (`NOT
//! USED` twice). Rows are added, removed, moved and retyped; names are offered by completion
//! from the names the game's missions use. Every change is one `SetProperties` (a dragged
//! number is one undo step however long the drag); the values of rows not touched keep their
//! raw bits.

use super::edits::MissionOp;
use super::asked::Asked;
use crate::app::worker::Worker;
use crate::formats::tma::{Mission, PROPERTY_F32, PROPERTY_I32, Property, Text, Value, gate};
use crate::tr;
use egui::Ui;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The names the shipped missions give their objects' properties (as `fixtures/missions.rs`
/// writes them per kind), offered before the game folder has been read.
pub const SHIPPED_NAMES: &[&str] = &["Invulnerability", "Life state", "LogicalID", "ClanID", "Type", "FreeBotNum", "MaximumOre", "CurrentOre", "NOT USED"];

/// How many names the completion list shows at most.
const SUGGESTIONS: usize = 8;

/// The table's typing state: the name fields, the new row, the names offered.
#[derive(Default)]
pub struct PropsState {
    /// The object and the bytes the name fields were filled from.
    of: Option<(usize, usize)>,
    pub names: Vec<String>,
    /// The name of the row being added, and its type.
    pub new_name: String,
    pub new_kind: u32,
    /// The row whose name field offers completions (`usize::MAX`: the new row).
    completing: Option<usize>,
    /// Where the completion list was drawn last frame (a press on it keeps it open).
    list_rect: Option<egui::Rect>,
    /// Every property name known: the shipped list, the game folder's missions, this mission.
    known: BTreeSet<String>,
    scan: Option<Worker<Vec<String>>>,
    scanned: Option<PathBuf>,
}

/// Every property name of every mission under `root`'s `MISSIONS` folder (any case).
pub fn names_in_folder(root: &Path) -> Vec<String> {
    let mut out = BTreeSet::new();
    let ci = |dir: &Path, name: &str| -> Option<PathBuf> {
        std::fs::read_dir(dir).ok()?.filter_map(|e| e.ok()).find(|e| e.file_name().to_str().is_some_and(|n| n.eq_ignore_ascii_case(name))).map(|e| e.path())
    };
    let Some(missions) = ci(root, "MISSIONS") else { return Vec::new() };
    let Ok(dirs) = std::fs::read_dir(&missions) else { return Vec::new() };
    for d in dirs.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_dir()) {
        let Some(file) = ci(&d, "data.tma") else { continue };
        let Ok(bytes) = std::fs::read(&file) else { continue };
        if let Ok((m, _)) = Mission::parse(&bytes) {
            out.extend(m.objects.iter().flat_map(|o| o.properties.iter().map(|p| p.name.decode())));
        }
    }
    out.into_iter().collect()
}

impl PropsState {
    /// Starts reading the names of the game folder `root` (once per folder).
    pub fn scan(&mut self, root: Option<PathBuf>, ctx: &egui::Context) {
        if self.known.is_empty() {
            self.known.extend(SHIPPED_NAMES.iter().map(|s| s.to_string()));
        }
        if let Some(w) = &mut self.scan
            && let Some(names) = w.poll()
        {
            self.known.extend(names);
        }
        let Some(root) = root else { return };
        if self.scanned.as_ref() == Some(&root) {
            return;
        }
        self.scanned = Some(root.clone());
        let ctx = ctx.clone();
        let w = self.scan.get_or_insert_with(|| Worker::new("mission-property-names", move || ctx.request_repaint()));
        w.request(move || names_in_folder(&root));
    }

    /// The known names that contain `typed` (ignoring case), those that start with it first.
    pub fn suggestions(&self, typed: &str) -> Vec<String> {
        let t = typed.to_lowercase();
        if t.is_empty() {
            return Vec::new();
        }
        let (mut starts, mut inside): (Vec<&String>, Vec<&String>) = self.known.iter().filter(|n| n.to_lowercase().contains(&t) && n.as_str() != typed).partition(|n| n.to_lowercase().starts_with(&t));
        starts.append(&mut inside);
        starts.into_iter().take(SUGGESTIONS).cloned().collect()
    }
}

/// A value typed in its row's type, back as raw bits.
fn as_bits(kind: u32, v: f64) -> u32 {
    match kind {
        PROPERTY_I32 => (v.round().clamp(i32::MIN as f64, i32::MAX as f64) as i32) as u32,
        _ => (v as f32).to_bits(),
    }
}

fn as_number(v: Value) -> f64 {
    match v {
        Value::F32(f) => f as f64,
        Value::I32(i) => i as f64,
        Value::Other(b) => b as f64,
    }
}

/// `p` in another type: value, min and max converted as numbers (a float rounds).
pub fn retyped(p: &Property, kind: u32) -> Property {
    if p.kind == kind {
        return p.clone();
    }
    let conv = |v: Value| match v {
        Value::Other(b) => b,
        v => as_bits(kind, as_number(v)),
    };
    Property { kind, value: conv(p.value()), min: conv(p.min()), max: conv(p.max()), name: p.name.clone() }
}

fn kind_label(kind: u32) -> String {
    match kind {
        PROPERTY_F32 => tr!("mission-prop-float"),
        PROPERTY_I32 => tr!("mission-prop-int"),
        k => tr!("mission-prop-other", word = k.to_string()),
    }
}

fn kind_picker(ui: &mut Ui, id: impl std::hash::Hash + std::fmt::Debug, kind: u32, name: String) -> Option<u32> {
    let mut chosen = None;
    let r = egui::ComboBox::from_id_salt(id).selected_text(kind_label(kind)).width(70.0).show_ui(ui, |ui| {
        for k in [PROPERTY_F32, PROPERTY_I32] {
            if ui.selectable_label(k == kind, kind_label(k)).clicked() && k != kind {
                chosen = Some(k);
            }
        }
    });
    r.response.accessible_name(name);
    chosen
}

/// What a screen reader (and a test) calls a cell of the table: its column and row.
pub fn cell_name(column: &str, row: usize) -> String {
    tr!("mission-prop-cell", column = column, row = row.to_string())
}

/// One number of a row: its new bits when changed, and whether a drag or typing ended.
fn number(ui: &mut Ui, kind: u32, bits: u32, width: f32, name: String) -> (Option<u32>, bool) {
    let (new, r) = match kind {
        PROPERTY_F32 => {
            let mut v = f32::from_bits(bits);
            let r = ui.add_sized([width, 18.0], egui::DragValue::new(&mut v).speed(0.05).max_decimals(4));
            ((r.changed() && v.to_bits() != bits && v.is_finite()).then_some(v.to_bits()), r)
        }
        PROPERTY_I32 => {
            let mut v = bits as i32;
            let r = ui.add_sized([width, 18.0], egui::DragValue::new(&mut v).speed(0.2));
            ((r.changed() && v as u32 != bits).then_some(v as u32), r)
        }
        _ => {
            let mut v = bits;
            let r = ui.add_sized([width, 18.0], egui::DragValue::new(&mut v).hexadecimal(8, false, true));
            ((r.changed() && v != bits).then_some(v), r)
        }
    };
    let done = r.drag_stopped() || r.lost_focus();
    r.accessible_name(name);
    (new, done)
}

/// The completion list under a name field; the name picked.
fn completion(ui: &mut Ui, st: &mut PropsState, typed: &str) -> Option<String> {
    let list = st.suggestions(typed);
    if list.is_empty() {
        st.list_rect = None;
        return None;
    }
    let mut picked = None;
    let r = egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.weak(tr!("mission-prop-suggest"));
        for name in &list {
            if ui.selectable_label(false, name).clicked() {
                picked = Some(name.clone());
            }
        }
    });
    st.list_rect = Some(r.response.rect);
    picked
}

/// Whether the pointer is pressing on the completion list (a field losing focus to it keeps
/// its list).
fn pressing_list(ui: &Ui, st: &PropsState) -> bool {
    let at = ui.input(|i| i.pointer.interact_pos());
    matches!((st.list_rect, at), (Some(r), Some(p)) if r.contains(p))
}

/// Draws the table of object `i`; pushes the edits asked for.
pub fn show(ui: &mut Ui, st: &mut PropsState, m: &Mission, i: usize, bytes_id: usize, out: &mut Asked) {
    let Some(o) = m.objects.get(i) else { return };
    ui.separator();
    ui.strong(tr!("mission-prop-title", n = o.properties.len()));
    if m.object_version < gate::OBJECT_PROPERTIES {
        ui.weak(tr!("mission-prop-version", version = m.object_version.to_string()));
        return;
    }
    st.known.extend(o.properties.iter().map(|p| p.name.decode()));
    if st.of != Some((i, bytes_id)) {
        st.of = Some((i, bytes_id));
        st.names = o.properties.iter().map(|p| p.name.decode()).collect();
    }
    let props = &o.properties;
    let set = |list: Vec<Property>| MissionOp::SetProperties(i, list);
    let mut ops: Vec<(MissionOp, Option<&'static str>)> = Vec::new();
    egui::Grid::new("mission-props").num_columns(7).spacing([4.0, 3.0]).striped(true).show(ui, |ui| {
        for h in [tr!("mission-prop-name"), tr!("mission-prop-type"), tr!("mission-prop-value"), tr!("mission-prop-min"), tr!("mission-prop-max")] {
            ui.weak(h);
        }
        ui.label("");
        ui.label("");
        ui.end_row();
        for (k, p) in props.iter().enumerate() {
            let pressing = pressing_list(ui, st);
            let Some(name) = st.names.get_mut(k) else { break };
            // Sized: a grid column keeps last frame's width, and a text field shrinks to it.
            let r = ui.add_sized([112.0, 18.0], egui::TextEdit::singleline(name).id_salt(("mission-prop-name", k))).accessible_name(cell_name(&tr!("mission-prop-name"), k + 1));
            if r.has_focus() || r.changed() {
                st.completing = Some(k);
            }
            if r.lost_focus() && !pressing {
                st.completing = st.completing.filter(|&c| c != k);
                if *name != p.name.decode() {
                    match super::edits::encode(name) {
                        Ok(t) => {
                            let mut list = props.clone();
                            list[k].name = t;
                            ops.push((set(list), None));
                        }
                        Err(e) => out.message = Some(e),
                    }
                }
            }
            if let Some(kind) = kind_picker(ui, ("mission-prop-kind", k), p.kind, cell_name(&tr!("mission-prop-type"), k + 1)) {
                let mut list = props.clone();
                list[k] = retyped(p, kind);
                ops.push((set(list), None));
            }
            for (field, bits, column) in [(0, p.value, tr!("mission-prop-value")), (1, p.min, tr!("mission-prop-min")), (2, p.max, tr!("mission-prop-max"))] {
                let (new, done) = number(ui, p.kind, bits, 58.0, cell_name(&column, k + 1));
                out.end_drag |= done;
                if let Some(b) = new {
                    let mut list = props.clone();
                    let q = &mut list[k];
                    *[&mut q.value, &mut q.min, &mut q.max][field] = b;
                    ops.push((set(list), Some("mission-property")));
                }
            }
            if p.locked() {
                super::glyphs::lock_mark(ui).on_hover_text(tr!("mission-prop-locked"));
            } else {
                ui.label("");
            }
            ui.horizontal(|ui| {
                if super::glyphs::arrow_button(ui, true, k > 0).on_hover_text(tr!("mission-prop-up")).accessible_name(cell_name(&tr!("mission-prop-up"), k + 1)).clicked() {
                    let mut list = props.clone();
                    list.swap(k, k - 1);
                    ops.push((set(list), None));
                }
                if super::glyphs::arrow_button(ui, false, k + 1 < props.len()).on_hover_text(tr!("mission-prop-down")).accessible_name(cell_name(&tr!("mission-prop-down"), k + 1)).clicked() {
                    let mut list = props.clone();
                    list.swap(k, k + 1);
                    ops.push((set(list), None));
                }
                if ui.small_button("×").on_hover_text(tr!("mission-prop-remove")).accessible_name(cell_name(&tr!("mission-prop-remove"), k + 1)).clicked() {
                    let mut list = props.clone();
                    list.remove(k);
                    ops.push((set(list), None));
                }
            });
            ui.end_row();
            if st.completing == Some(k) {
                let typed = st.names.get(k).cloned().unwrap_or_default();
                ui.label("");
                if let Some(pick) = completion(ui, st, &typed) {
                    st.completing = None;
                    if let Some(t) = Text::encode(&pick) {
                        let mut list = props.clone();
                        list[k].name = t;
                        ops.push((set(list), None));
                    }
                }
                ui.end_row();
            }
        }
    });
    // The new row.
    ui.horizontal(|ui| {
        let r = ui.add(egui::TextEdit::singleline(&mut st.new_name).desired_width(120.0).hint_text(tr!("mission-prop-new-hint")).id_salt("mission-prop-new")).accessible_name(tr!("mission-prop-new-hint"));
        if r.has_focus() || r.changed() {
            st.completing = Some(usize::MAX);
        }
        if r.lost_focus() && !pressing_list(ui, st) && st.completing == Some(usize::MAX) {
            st.completing = None;
        }
        if let Some(k) = kind_picker(ui, "mission-prop-new-kind", st.new_kind, tr!("mission-prop-new-type")) {
            st.new_kind = k;
        }
        let add = ui.add_enabled(!st.new_name.trim().is_empty(), egui::Button::new(tr!("mission-prop-add"))).clicked();
        if add || (r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) && !st.new_name.trim().is_empty()) {
            match super::edits::encode(st.new_name.trim()) {
                Ok(t) => {
                    let mut list = props.clone();
                    let mut p = if st.new_kind == PROPERTY_I32 { Property::i32("", 0, 0, 0) } else { Property::f32("", 0.0, 0.0, 0.0) };
                    p.name = t;
                    list.push(p);
                    ops.push((set(list), None));
                    st.new_name.clear();
                    st.completing = None;
                }
                Err(e) => out.message = Some(e),
            }
        }
    });
    if st.completing == Some(usize::MAX) {
        let typed = st.new_name.clone();
        if let Some(pick) = completion(ui, st, &typed) {
            st.new_name = pick;
            st.completing = None;
        }
    }
    // One edit a frame: the later ones were computed from the same list.
    out.ops.extend(ops.into_iter().take(1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retyping_converts_the_numbers_and_keeps_the_name() {
        let p = Property::f32("Life state", 2.6, 0.0, 5.0);
        let q = retyped(&p, PROPERTY_I32);
        assert_eq!((q.value(), q.min(), q.max()), (Value::I32(3), Value::I32(0), Value::I32(5)));
        assert_eq!(q.name, p.name);
        let back = retyped(&q, PROPERTY_F32);
        assert_eq!(back.value(), Value::F32(3.0));
        assert_eq!(retyped(&p, PROPERTY_F32), p, "the same type keeps the bits");
    }

    #[test]
    fn suggestions_put_prefixes_first_and_ignore_case() {
        let mut st = PropsState::default();
        st.known.extend(["MaximumOre", "CurrentOre", "Type", "NOT USED"].map(String::from));
        assert_eq!(st.suggestions("ore"), vec!["CurrentOre", "MaximumOre"]);
        assert_eq!(st.suggestions("max"), vec!["MaximumOre"]);
        assert_eq!(st.suggestions("cu"), vec!["CurrentOre"]);
        assert!(st.suggestions("").is_empty());
        assert!(st.suggestions("Type").is_empty(), "a complete name offers nothing");
    }

    #[test]
    fn the_folder_scan_reads_every_missions_names() {
        let d = tempfile::tempdir().unwrap();
        crate::fixtures::game::write_game(d.path(), &crate::fixtures::game::GameSpec::SMALL).unwrap();
        let names = names_in_folder(d.path());
        assert!(names.iter().any(|n| n == "LogicalID"), "{names:?}");
        assert!(names.iter().any(|n| n == "NOT USED"));
        assert!(names_in_folder(&d.path().join("nothing")).is_empty());
    }
}
