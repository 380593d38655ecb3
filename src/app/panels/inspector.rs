//! The inspector: what the selection is (directory fields, sizes, offsets), its attributes
//! (editable: a drag is one undo step), a texture preview, and the diagnostics its codec finds.

use crate::app::browser::BrowserState;
use crate::app::cx::PanelCx;
use crate::app::thumbs::Thumbnails;
use crate::doc::items;
use crate::app::intent::Intent;
use crate::app::thumbs::Thumb;
use crate::doc::node::Node;
use crate::doc::registry::{Item, codec_for};
use crate::doc::{EntryMeta, ItemPath, Workspace};
use crate::formats::{Diagnostic, Severity, nres};
use crate::app::words::severity;
use egui::{RichText, Ui};

const ROOT_CODEC_LIMIT: usize = 64 << 20;

/// What the inspector shows of one item, computed again only when an edit touched the item
/// (or anything else changed the document as a whole).
#[derive(Clone, Debug, Default)]
pub struct Info {
    pub address: String,
    pub meta: Option<EntryMeta>,
    pub kind: Option<&'static str>,
    pub diagnostics: Vec<Diagnostic>,
    pub roundtrip: Option<bool>,
    /// A sound's format fields (docs/formats/wav.md).
    pub sound: Option<crate::formats::wav::Info>,
}

#[derive(Default)]
pub struct InspectorCache {
    /// The item `info` is of; `None` when it must be computed again.
    key: Option<ItemPath>,
    /// The item `info` was last computed for, stale or not.
    shown: Option<ItemPath>,
    pub info: Info,
    /// The type field being typed into, for the selected entry.
    type_text: Option<(ItemPath, String)>,
}

impl InspectorCache {
    /// Forgets the info when its item is one `affected` names.
    pub fn invalidate_where(&mut self, affected: &dyn Fn(&ItemPath) -> bool) {
        if self.key.as_ref().is_some_and(affected) {
            self.key = None;
        }
    }
}

pub fn info(ws: &Workspace, path: &ItemPath) -> Info {
    let mut info = Info { address: items::address(ws, path), meta: items::meta_of(ws, path), ..Info::default() };
    if path.entries.is_empty() {
        if let Some(f) = ws.file(path.file) {
            info.diagnostics = f.open_diagnostics.clone();
            info.kind = Some(f.root().format_name());
            // Typed codecs also claim whole files (an .msh is an NRes of mesh components); the
            // archive is written out once per change to ask them, unless it is very large.
            let bytes = match f.root() {
                Node::Blob(b) => Some(b.clone()),
                Node::Nres(a) if a.total_size() <= ROOT_CODEC_LIMIT => ws.item_bytes(path).ok(),
                _ => None,
            };
            if let Some(b) = bytes {
                let item = Item { bytes: &b, name: &f.name(), type_id: None, attrs: [0; 3], readings: &ws.readings };
                info.sound = crate::formats::wav::peek(&b);
                if let Some(c) = codec_for(&item) {
                    let checked = c.check(&item);
                    info.kind = Some(c.kind().name());
                    info.roundtrip = Some(checked.roundtrip);
                    info.diagnostics.extend(checked.diagnostics);
                }
            }
        }
        return info;
    }
    let Some(meta) = &info.meta else { return info };
    let bytes = match items::bytes_of(ws, path) {
        Ok(b) => b,
        Err(e) => {
            info.diagnostics.push(Diagnostic::error(0u64, e));
            return info;
        }
    };
    let item = Item { bytes: &bytes, name: &meta.name, type_id: meta.type_id, attrs: meta.attrs, readings: &ws.readings };
    info.sound = crate::formats::wav::peek(&bytes);
    if let Some(c) = codec_for(&item) {
        let checked = c.check(&item);
        info.kind = Some(c.kind().name());
        info.roundtrip = Some(checked.roundtrip);
        info.diagnostics.extend(checked.diagnostics);
    } else if crate::doc::registry::classify::is_archive_magic(&bytes) {
        match ws.node(path.file, &path.entries) {
            Ok(n) => {
                info.kind = Some(n.0.format_name());
                info.diagnostics.extend(n.1.iter().cloned());
            }
            Err(e) => info.diagnostics.push(e.into()),
        }
    }
    info
}

/// What the inspector reads and keeps: the shell's state, the browser's selection, its own
/// cache and the thumbnails it previews textures with.
pub struct Inspector<'a> {
    pub cx: PanelCx<'a>,
    pub browser: &'a BrowserState,
    pub cache: &'a mut InspectorCache,
    pub thumbs: &'a mut Thumbnails,
}

/// The inspector of the selection; edits of its fields go into `out`.
pub fn show(app: &mut Inspector, ui: &mut Ui, out: &mut Vec<Intent>) {
    ui.heading(crate::tr!("inspector-heading"));
    ui.separator();
    let sel = app.browser.selection.clone();
    if sel.is_empty() {
        ui.weak(crate::tr!("inspector-select"));
        return;
    }
    if sel.len() > 1 {
        let total: u64 = sel.iter().filter_map(|p| app.browser.model.row(p).and_then(|r| r.size)).sum();
        ui.label(crate::tr!("inspector-many-selected", n = sel.len()));
        ui.label(crate::tr!("inspector-bytes-in-all", total = total.to_string(), n = total));
        return;
    }
    let Some(path) = sel.single().cloned() else { return };
    // The codec's check of the item (for a texture, the runtime's decode of every level) runs
    // again once a drag of it ends, not on every mouse move.
    // The directory row stays current (the attribute fields drag from it).
    let dragging = app.cx.ws.history.is_merging() && app.cache.shown.as_ref() == Some(&path);
    if app.cache.key.as_ref() != Some(&path) {
        if dragging {
            app.cache.info.meta = items::meta_of(app.cx.ws, &path);
        } else {
            app.cache.info = info(app.cx.ws, &path);
            app.cache.key = Some(path.clone());
            app.cache.shown = Some(path.clone());
        }
    }
    egui::ScrollArea::vertical().id_salt("inspector").auto_shrink([false, false]).show(ui, |ui| {
        let info = app.cache.info.clone();
        ui.label(RichText::new(&info.address).strong()).on_hover_text(crate::tr!("inspector-address-tip"));
        ui.add_space(4.0);
        if path.entries.is_empty() {
            file_fields(app, ui, &path, &info);
        } else if let Some(m) = &info.meta {
            entry_fields(app, ui, &path, m, out);
        }
        if let Some(s) = &info.sound {
            sound_fields(ui, s);
        }
        preview(app, ui, &path);
        diagnostics(ui, &info);
        checked(app, ui, &path);
        super::references::show(&app.cx, ui, &path, out);
    });
}

/// A sound's format fields: codec, rate, channels, bits, block, length, chunks.
fn sound_fields(ui: &mut Ui, s: &crate::formats::wav::Info) {
    ui.add_space(8.0);
    ui.label(RichText::new(crate::tr!("inspector-sound")).strong());
    grid(ui, "sound", |ui| {
        let ch = match s.channels {
            1 => crate::tr!("inspector-mono"),
            2 => crate::tr!("inspector-stereo"),
            n => n.to_string(),
        };
        let rows = [
            (crate::tr!("inspector-codec"), crate::tr!("inspector-codec-value", codec = s.codec.to_string(), tag = format!("{:#06X}", s.format_tag))),
            (crate::tr!("inspector-rate"), crate::tr!("inspector-hz", rate = s.rate.to_string())),
            (crate::tr!("inspector-channels"), ch),
            (crate::tr!("inspector-bits"), s.bits.to_string()),
            (crate::tr!("inspector-block-align"), crate::tr!("inspector-block-align-value", bytes = bytes(s.block_align as u64), samples = samples(s.samples_per_block as u64))),
            (crate::tr!("inspector-length"), crate::tr!("inspector-length-value", samples = samples(s.frames), seconds = crate::app::i18n::format::decimal(s.duration, 3))),
            (crate::tr!("inspector-data"), bytes(s.data_bytes as u64)),
            (crate::tr!("inspector-chunks"), s.chunks.join(", ")),
        ];
        for (k, v) in rows {
            ui.label(k);
            ui.label(v);
            ui.end_row();
        }
    });
}

fn grid(ui: &mut Ui, id: &str, rows: impl FnOnce(&mut Ui)) {
    egui::Grid::new(id).num_columns(2).striped(true).spacing([12.0, 4.0]).show(ui, rows);
}

fn file_fields(app: &Inspector, ui: &mut Ui, path: &ItemPath, info: &Info) {
    let Some(f) = app.cx.ws.file(path.file) else { return };
    grid(ui, "file-fields", |ui| {
        ui.label(crate::tr!("inspector-path"));
        let shown = crate::app::shown_path::path(&f.path);
        ui.add(egui::Label::new(shown).truncate());
        ui.end_row();
        ui.label(crate::tr!("inspector-format"));
        ui.label(info.kind.map_or_else(|| crate::tr!("inspector-format-bytes"), str::to_string));
        ui.end_row();
        if f.root().is_archive() {
            ui.label(crate::tr!("inspector-entries"));
            ui.label(f.root().len().to_string());
            ui.end_row();
        }
        if let Node::Nres(a) = f.root() {
            ui.label(crate::tr!("inspector-size"));
            ui.label(bytes(a.total_size() as u64));
            ui.end_row();
            ui.label(crate::tr!("inspector-lookup"));
            ui.label(if a.lookup_is_canonical() { crate::tr!("inspector-lookup-sorted") } else { crate::tr!("inspector-lookup-unsorted") });
            ui.end_row();
        }
        ui.label(crate::tr!("inspector-unsaved"));
        ui.label(if f.is_dirty() { crate::tr!("inspector-yes") } else { crate::tr!("inspector-no") });
        ui.end_row();
        if app.cx.ws.changed_on_disk(path.file) {
            ui.label(crate::tr!("inspector-on-disk"));
            ui.colored_label(ui.visuals().warn_fg_color, crate::tr!("inspector-changed-on-disk"));
            ui.end_row();
        }
    });
}

fn entry_fields(app: &mut Inspector, ui: &mut Ui, path: &ItemPath, m: &EntryMeta, out: &mut Vec<Intent>) {
    grid(ui, "entry-fields", |ui| {
        ui.label(crate::tr!("inspector-name"));
        ui.label(&m.name).on_hover_text(crate::tr!("inspector-raw-bytes", hex = hex(&m.name_bytes)));
        ui.end_row();
        ui.label(crate::tr!("inspector-index"));
        ui.label(m.index.to_string());
        ui.end_row();
        if let Some(t) = m.type_id {
            let label = ui.label(crate::tr!("inspector-type"));
            type_field(app, ui, path, t, m.attrs, label.id, out);
            ui.end_row();
            for k in 0..3 {
                let label = ui.label(format!("attr{}", k + 1));
                let mut v = m.attrs[k];
                let r = ui.add(egui::DragValue::new(&mut v).speed(0.25)).labelled_by(label.id);
                if r.changed() {
                    let mut attrs = m.attrs;
                    attrs[k] = v;
                    out.push(Intent::SetAttrs { path: path.clone(), type_id: None, attrs, dragging: r.dragged() });
                }
                if r.drag_stopped() {
                    out.push(Intent::EndDrag);
                }
                ui.end_row();
            }
        }
        if let Some(method) = m.method {
            ui.label(crate::tr!("inspector-method"));
            ui.label(method);
            ui.end_row();
        }
        ui.label(crate::tr!("inspector-size"));
        ui.label(bytes(m.size));
        ui.end_row();
        if let Some(p) = m.packed_size {
            ui.label(crate::tr!("inspector-packed-size"));
            ui.label(bytes(p));
            ui.end_row();
        }
        ui.label(crate::tr!("inspector-offset"));
        ui.label(format!("{:#X} ({})", m.offset, m.offset));
        ui.end_row();
        ui.label(crate::tr!("inspector-sort-index"));
        ui.label(m.sort_index.to_string());
        ui.end_row();
    });
}

fn type_field(app: &mut Inspector, ui: &mut Ui, path: &ItemPath, type_id: u32, attrs: [u32; 3], label: egui::Id, out: &mut Vec<Intent>) {
    let current = nres::type_label(type_id);
    let entry = app.cache.type_text.get_or_insert_with(|| (path.clone(), current.clone()));
    if entry.0 != *path {
        *entry = (path.clone(), current.clone());
    }
    let r = ui.add(egui::TextEdit::singleline(&mut entry.1).desired_width(80.0).id_salt("type-field")).labelled_by(label);
    let r = r.on_hover_text(crate::tr!("inspector-type-tip", id = type_id.to_string(), hex = format!("{type_id:#010X}")));
    if r.lost_focus() {
        if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            match parse_type(&entry.1) {
                Some(t) if t != type_id => out.push(Intent::SetAttrs { path: path.clone(), type_id: Some(t), attrs, dragging: false }),
                Some(_) => {}
                None => out.push(Intent::Log(Severity::Error, crate::tr!("inspector-type-bad", text = format!("{:?}", entry.1)))),
            }
        }
        entry.1 = current;
    } else if !r.has_focus() {
        entry.1 = current;
    }
}

/// A type as typed: four ASCII characters, or a decimal id.
pub fn parse_type(t: &str) -> Option<u32> {
    if let Ok(n) = t.trim().parse::<u32>() {
        return Some(n);
    }
    let b = t.as_bytes();
    (b.len() == 4 && b.iter().all(|c| (0x20..0x7F).contains(c))).then(|| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// An exact byte count: the digits as they are (offsets and sizes are compared with hex dumps),
/// the word in the language's plural.
fn bytes(n: u64) -> String {
    crate::tr!("inspector-bytes", count = n.to_string(), n = n)
}

fn samples(n: u64) -> String {
    crate::tr!("inspector-samples", count = n.to_string(), n = n)
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect::<Vec<_>>().join(" ")
}

fn preview(app: &mut Inspector, ui: &mut Ui, path: &ItemPath) {
    let Some(row) = app.browser.model.row(path) else { return };
    let is_texture = row.kind == crate::app::browser::model::Kind::Texture
        || (row.kind == crate::app::browser::model::Kind::File && row.type_label == "Texm");
    let Some(bytes) = row.bytes.clone().filter(|_| is_texture) else { return };
    ui.add_space(8.0);
    match app.thumbs.get(&bytes) {
        Thumb::Ready(t) => {
            let size = t.size_vec2();
            let scale = (160.0 / size.x.max(size.y)).clamp(1.0, 8.0).floor();
            ui.add(egui::Image::new((t.id(), size * scale)).texture_options(egui::TextureOptions::NEAREST));
        }
        Thumb::Pending => {
            ui.spinner();
        }
        Thumb::Failed(m) => {
            ui.colored_label(ui.visuals().error_fg_color, crate::tr!("inspector-no-preview", reason = m.to_string()));
        }
    }
}

fn diagnostics(ui: &mut Ui, info: &Info) {
    ui.add_space(8.0);
    let title = match (info.kind, info.roundtrip) {
        (Some(k), Some(true)) => crate::tr!("inspector-reencodes", kind = k),
        (Some(k), Some(false)) => crate::tr!("inspector-not-reencodes", kind = k),
        (Some(k), None) => k.to_string(),
        (None, _) => crate::tr!("inspector-no-codec"),
    };
    ui.label(RichText::new(title).weak());
    if info.diagnostics.is_empty() {
        ui.weak(crate::tr!("inspector-codec-nothing"));
        return;
    }
    for d in &info.diagnostics {
        let color = match d.severity {
            Severity::Error => ui.visuals().error_fg_color,
            Severity::Warning => ui.visuals().warn_fg_color,
            Severity::Info => ui.visuals().weak_text_color(),
        };
        let at = d.offset.map(|o| format!("@0x{o:X} ")).unwrap_or_default();
        ui.label(RichText::new(format!("{}: {at}{}", severity(d.severity), crate::app::i18n::messages::diagnostic(d))).color(color));
    }
}

/// The background check's findings about the item (a file: all of them), under the codec's.
fn checked(app: &Inspector, ui: &mut Ui, path: &ItemPath) {
    let Some((_, report)) = app.cx.log.reports.iter().find(|(f, _)| *f == path.file) else {
        ui.weak(crate::tr!("inspector-checking"));
        return;
    };
    let address = items::address(app.cx.ws, path);
    let within = address.split_once("::").map(|(_, e)| e.to_string());
    let about: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| match (&within, &d.entry) {
            (None, _) => true,
            (Some(w), Some(e)) => e == w || e.starts_with(&format!("{w}::")),
            (Some(_), None) => false,
        })
        .collect();
    ui.add_space(4.0);
    ui.label(RichText::new(crate::tr!("inspector-check", n = about.len())).weak());
    for d in about.iter().take(100) {
        let color = match d.severity {
            Severity::Error => ui.visuals().error_fg_color,
            Severity::Warning => ui.visuals().warn_fg_color,
            Severity::Info => ui.visuals().weak_text_color(),
        };
        let entry = d.entry.as_ref().filter(|_| within.is_none()).map(|e| format!("{e}: ")).unwrap_or_default();
        let at = d.offset.map(|o| format!("@0x{o:X} ")).unwrap_or_default();
        ui.label(RichText::new(format!("{}: {entry}{at}{}", severity(d.severity), crate::app::i18n::messages::text_in(crate::app::i18n::language(), &d.message, d.key.as_deref()))).color(color));
    }
}

#[cfg(test)]
mod tests {
    use super::parse_type;

    #[test]
    fn types_parse_as_fourcc_or_decimal() {
        assert_eq!(parse_type("Texm"), Some(crate::formats::TYPE_TEXM));
        assert_eq!(parse_type(" 12 "), Some(12));
        assert_eq!(parse_type("Tex"), None);
        assert_eq!(parse_type("Texmm"), None);
    }
}
