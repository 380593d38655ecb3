//! The WEAR editor: the table's text (monospaced, line numbers, colours by what the engine
//! reads, visible whitespace on demand, bytes that are not text shown escaped), its
//! diagnostics live (squiggles, a list, a count in the tab title) with quick fixes, completion
//! of material and lightmap names, hover previews and go to material, and a table view of the
//! rows in sync with the text. The bytes are the only state: the text is made from them, and
//! every change (typing, a fix, a table edit) is a byte splice sent as one
//! [`crate::app::intent::ItemEdit`] through the document's history.

pub mod assets;
pub mod caret;
pub mod compare;
pub mod editor;
pub mod layout;
pub mod reading;
pub mod table;
pub mod text;
pub mod textview;

pub use editor::WearEditor;

use crate::app::seam::EditorCx;
use crate::app::intent::{Intent, ItemEdit};
use crate::doc::ItemPath;
use crate::formats::bytes::SharedBytes;
use crate::formats::wear::assist::{Fix, QuickFix, TokenKind};
use crate::formats::wear::{LineEnding, Section, Wear};
use crate::formats::{Diagnostic, Severity};
use crate::app::worker::Worker;
use assets::Assets;
use reading::Reading;
use egui::Ui;
use text::TextModel;

/// A run of typing is one undo step until a pause this long (seconds) or a cursor jump.
pub const TYPING_PAUSE: f64 = 1.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    #[default]
    Text,
    Table,
    Split,
}

/// An open list under the cursor: quick fixes or completions.
#[derive(Clone, Debug, PartialEq)]
pub enum Popup {
    Fixes { items: Vec<QuickFix>, selected: usize },
    Complete { section: Section, word: std::ops::Range<usize>, items: Vec<String>, selected: usize },
}

/// A row operation waiting for the user to confirm its re-pointing warning.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirm {
    pub op: RowOp,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowOp {
    Remove(Section, usize),
    Swap(Section, usize, usize),
}

/// One tab's state.
pub struct WearView {
    pub layout: Layout,
    pub whitespace: bool,
    /// The bytes the view shows: the document's, or newer ones this view sent and the document
    /// has not applied yet.
    bytes: Vec<u8>,
    /// The document payload last seen (compared by identity).
    seen: Option<SharedBytes>,
    pub model: TextModel,
    pub wear: Wear,
    tokens: Vec<crate::formats::wear::assist::Token>,
    /// The table's own quick fixes (counts, the blank line), read with the bytes.
    fixes: Vec<QuickFix>,
    /// The table's diagnostics, the unresolved names and the limits, by position.
    pub diagnostics: Vec<Diagnostic>,
    error_count: usize,
    /// The nearest-name fixes asked for so far, by section and row, until the diagnostics change.
    name_fixes: std::cell::RefCell<std::collections::HashMap<(Section, usize), Vec<QuickFix>>>,
    pub assets: Assets,
    /// Bumped whenever the text, its tokens or its diagnostics change (0: nothing read yet).
    pub version: u64,
    /// When the last keystroke was sent and the character index its typed text ended at.
    last_typed: Option<(f64, usize)>,
    /// The text's cursor and selection, in shown characters.
    pub caret: caret::Caret,
    /// The cursor, as a byte position, after the last frame (none before the text had focus).
    pub cursor: Option<usize>,
    /// A place to move the cursor to and scroll into view (a shown-text character index).
    pub jump: Option<usize>,
    /// A byte offset to reveal (a finding, a search hit), turned into a [`Self::jump`] once the
    /// view has read its bytes: a tab opened with it has not yet.
    pub reveal: Option<usize>,
    pub popup: Option<Popup>,
    pub confirm: Option<Confirm>,
    /// A table cell being edited: section, row, column (0 id, 1 name), text.
    pub cell: Option<(Section, usize, u8, String)>,
    pub text_id: Option<egui::Id>,
    /// The status line's widget, which names the text for assistive technology.
    pub(crate) label_id: Option<egui::Id>,
    status: String,
    /// Where the text view drew its lines last frame.
    pub placed: Option<textview::Placed>,
    /// A material to open once its library, opened for it, has been read.
    go_to_pending: Option<String>,
    /// Reads a large table after a keystroke ([`reading`]); made by the first frame.
    reader: Option<Worker<Reading>>,
}

impl Default for WearView {
    fn default() -> Self {
        WearView {
            layout: Layout::Text,
            whitespace: false,
            bytes: Vec::new(),
            seen: None,
            model: TextModel::default(),
            wear: Wear::parse(Vec::new()),
            tokens: Vec::new(),
            fixes: Vec::new(),
            diagnostics: Vec::new(),
            error_count: 0,
            name_fixes: Default::default(),
            assets: Assets::default(),
            version: 0,
            last_typed: None,
            caret: caret::Caret::default(),
            cursor: None,
            jump: None,
            reveal: None,
            popup: None,
            confirm: None,
            cell: None,
            text_id: None,
            label_id: None,
            status: String::new(),
            placed: None,
            go_to_pending: None,
            reader: None,
        }
    }
}

fn identity(b: &SharedBytes) -> (*const u8, usize) {
    (b.as_ptr(), b.len())
}

impl WearView {
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    pub fn errors(&self) -> usize {
        self.error_count
    }

    /// Follows the document: new bytes there (an undo, another view's edit) replace the view's
    /// unless they are what the view already shows.
    fn sync(&mut self, cx: &EditorCx) {
        let fresh = self.seen.as_ref().is_none_or(|s| identity(s) != identity(cx.bytes));
        if fresh {
            self.seen = Some(cx.bytes.clone());
            if cx.bytes[..] != self.bytes[..] || self.version == 0 {
                self.last_typed = None;
                self.popup = None;
                self.set_bytes(cx.bytes.to_vec());
            }
        }
        // A reading on its way diagnoses when it lands; the rows here are older than the text.
        if self.assets.refresh(cx.ws, cx.path) && !self.reading_pending() {
            self.diagnose();
        }
    }

    /// Takes new bytes and reads everything from them again.
    pub fn set_bytes(&mut self, bytes: Vec<u8>) {
        if let Some(r) = &mut self.reader {
            // A reading still on its way is of older bytes.
            r.cancel();
        }
        self.take_text(bytes, None);
        self.install(Reading::of(self.bytes.clone(), self.assets.names()));
    }

    /// The view's bytes become `bytes`: the text model made anew, or moved by `edit` (the
    /// lines it touched read again), and the cursor kept inside it.
    fn take_text(&mut self, bytes: Vec<u8>, edit: Option<&reading::Edit>) {
        match edit {
            Some(e) => self.model.edit(&bytes, e.range.clone(), e.inserted),
            None => self.model = TextModel::new(&bytes),
        }
        self.caret = self.caret.clamped(&self.model);
        self.bytes = bytes;
    }

    /// Takes the bytes a keystroke made: a large table is read on the worker, and until that
    /// reading is back the last one's tokens and diagnostics are moved by `edit`.
    fn set_typed_bytes(&mut self, bytes: Vec<u8>, edit: &reading::Edit) {
        let Some(reader) = self.reader.as_mut().filter(|_| bytes.len() >= reading::BACKGROUND_FROM) else {
            return self.set_bytes(bytes);
        };
        let (copy, names) = (bytes.clone(), self.assets.names());
        reader.request(move || Reading::of(copy, names));
        self.take_text(bytes, Some(edit));
        edit.shift_tokens(&mut self.tokens);
        edit.shift_diagnostics(&mut self.diagnostics);
        self.name_fixes.borrow_mut().clear();
        self.version += 1;
    }

    fn install(&mut self, r: Reading) {
        self.wear = r.wear;
        self.tokens = r.tokens;
        self.fixes = r.fixes;
        self.status = self.read_status(r.line_breaks);
        // The libraries changed while it was read: check the names against the new ones.
        let current = self.assets.names();
        let unknown = if std::sync::Arc::ptr_eq(&r.names, &current) { r.unknown_names } else { current.diagnostics(&self.wear) };
        self.set_diagnostics(unknown);
    }

    /// Whether the reading of the latest keystroke's bytes has not come back yet (tokens and
    /// diagnostics are then the last reading's, moved; the table rows are the last reading's).
    pub fn reading_pending(&self) -> bool {
        self.reader.as_ref().is_some_and(|r| r.pending())
    }

    /// Takes the latest reading when it has come back.
    fn poll_reading(&mut self) {
        if let Some(r) = self.reader.as_mut().and_then(|r| r.poll()) {
            self.install(r);
        }
    }

    /// Waits for the reading of the latest bytes, for what needs it exact (a fix, a table
    /// edit, go to, a click); reads them here if the worker does not answer.
    pub fn settle(&mut self) {
        if !self.reading_pending() {
            return;
        }
        let waited = self.reader.as_mut().and_then(|r| r.wait(std::time::Duration::from_secs(10)));
        if let Some(r) = &mut self.reader {
            r.cancel();
        }
        self.install(waited.unwrap_or_else(|| Reading::of(self.bytes.clone(), self.assets.names())));
    }

    /// The table's own diagnostics, the names that resolve nowhere and the engine's limits.
    pub fn diagnose(&mut self) {
        let names = self.assets.names().diagnostics(&self.wear);
        self.set_diagnostics(names);
    }

    /// The table's own diagnostics, `unknown_names` and the engine's limits, in text order.
    fn set_diagnostics(&mut self, unknown_names: Vec<Diagnostic>) {
        let mut d = self.wear.diagnostics().to_vec();
        d.extend(unknown_names);
        d.extend(self.wear.check_limits(&self.assets.open));
        d.sort_by_key(|d| d.offset.unwrap_or(0));
        self.error_count = d.iter().filter(|d| d.severity == Severity::Error).count();
        self.diagnostics = d;
        self.name_fixes.borrow_mut().clear();
        self.version += 1;
    }

    /// The diagnostics on the line holding byte `pos` (they are in offset order).
    fn diagnostics_on_line(&self, pos: usize) -> &[Diagnostic] {
        let line = self.model.line_of_char(self.model.byte_to_char(pos));
        let (start, end) = (self.model.line_start(line).byte, self.model.char_to_byte(self.model.line_chars(line).end));
        let at = |d: &Diagnostic| d.offset.and_then(|o| usize::try_from(o).ok()).unwrap_or(0);
        let a = self.diagnostics.partition_point(|d| at(d) < start);
        let b = self.diagnostics.partition_point(|d| at(d) <= end);
        &self.diagnostics[a..b.max(a)]
    }

    /// The row of a section whose name starts at byte `at` (rows are in text order).
    fn row_named_at(&self, section: Section, at: usize) -> Option<usize> {
        let rows = self.wear.rows(section);
        let i = rows.partition_point(|r| r.name_span.start < at);
        rows.get(i).is_some_and(|r| r.name_span.start == at).then_some(i)
    }

    pub fn tokens(&self) -> &[crate::formats::wear::assist::Token] {
        &self.tokens
    }

    /// The fixes for a diagnostic: the table's own at its position, or the nearest known names
    /// for a name that resolves nowhere.
    pub fn fixes_for(&self, d: &Diagnostic) -> Vec<QuickFix> {
        if self.reading_pending() {
            return Vec::new();
        }
        let Some(at) = d.offset.and_then(|o| usize::try_from(o).ok()) else { return Vec::new() };
        let mut out: Vec<QuickFix> = self.fixes.iter().filter(|f| f.at == at).cloned().collect();
        for section in [Section::Materials, Section::Lightmaps] {
            if let Some(row) = self.row_named_at(section, at) {
                let known = match section {
                    Section::Materials => self.assets.materials.as_deref(),
                    Section::Lightmaps => self.assets.lightmaps.as_deref(),
                };
                let unknown = match section {
                    Section::Materials => !self.assets.has_material(&self.wear.name(&self.wear.rows(section)[row])),
                    Section::Lightmaps => !self.assets.has_lightmap(&self.wear.name(&self.wear.rows(section)[row])),
                };
                // Kept until the diagnostics change: the list and the light bulb ask every frame.
                if unknown {
                    let mut cache = self.name_fixes.borrow_mut();
                    out.extend(cache.entry((section, row)).or_insert_with(|| self.wear.name_fixes(section, row, known.unwrap_or(&[]))).iter().cloned());
                }
            }
        }
        out
    }

    /// Every fix for the diagnostics on the line holding byte `pos`, and the table's own fixes
    /// placed on it (the count line offers its count).
    pub fn fixes_on_line(&self, pos: usize) -> Vec<QuickFix> {
        let line = self.wear.line_col(pos).0;
        let mut out: Vec<QuickFix> = Vec::new();
        for f in self.fixes.iter().filter(|f| self.wear.line_col(f.at).0 == line) {
            if !out.iter().any(|o| o.fix == f.fix) {
                out.push(f.clone());
            }
        }
        for d in self.diagnostics_on_line(pos) {
            for f in self.fixes_for(d) {
                if !out.iter().any(|o| o.fix == f.fix) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// Sends new bytes as one undo step (a paste, a completion): closes any typing run first.
    pub fn commit(&mut self, path: &ItemPath, bytes: Vec<u8>, label: &str, out: &mut Vec<Intent>) {
        self.settle();
        if bytes == self.bytes {
            return;
        }
        self.send_step(path, &bytes, label, out);
        let reading = Reading::of(bytes.clone(), self.assets.names());
        self.take_step_bytes(bytes, reading);
    }

    /// As [`WearView::commit`], for a table already read from the new bytes (a fix, a table
    /// edit: `Wear`'s edits read their result), which is not read again.
    pub fn commit_wear(&mut self, path: &ItemPath, w: Wear, label: &str, out: &mut Vec<Intent>) {
        self.settle();
        if w.bytes() == &self.bytes[..] {
            self.wear = w;
            return;
        }
        let bytes = w.bytes().to_vec();
        self.send_step(path, &bytes, label, out);
        let reading = Reading::from_wear(w, self.assets.names());
        self.take_step_bytes(bytes, reading);
    }

    fn send_step(&mut self, path: &ItemPath, bytes: &[u8], label: &str, out: &mut Vec<Intent>) {
        out.push(Intent::EndDrag);
        self.last_typed = None;
        out.push(Intent::EditItem(ItemEdit::bytes(path, bytes.to_vec(), label)));
    }

    /// The text model follows by the lines the step changed; the reading is the new bytes'.
    fn take_step_bytes(&mut self, bytes: Vec<u8>, reading: Reading) {
        let edit = reading::Edit::between(&self.bytes, &bytes);
        self.take_text(bytes, Some(&edit));
        self.install(reading);
    }

    /// Sends a keystroke's splice of the view's bytes, merged with the run of typing it
    /// continues.
    pub fn typed(&mut self, path: &ItemPath, s: &text::Splice, now: f64, out: &mut Vec<Intent>) {
        let edit = reading::Edit::new(&self.bytes, s.range.clone(), &s.bytes);
        let bytes = text::apply(&self.bytes, s);
        let (at, end) = (s.at, s.end);
        let continues = self.last_typed.is_some_and(|(t, e)| now - t < TYPING_PAUSE && (e == at || at + 1 == e || at == e + 1));
        if !continues {
            out.push(Intent::EndDrag);
        }
        out.push(Intent::EditItem(ItemEdit::bytes(path, bytes.clone(), crate::tr!("wear-undo-typing")).dragging("wear-text")));
        self.last_typed = Some((now, end));
        self.set_typed_bytes(bytes, &edit);
    }

    /// Applies a quick fix as one undo step.
    pub fn apply_fix(&mut self, path: &ItemPath, f: &QuickFix, out: &mut Vec<Intent>) {
        self.settle();
        let mut w = self.wear.clone();
        match w.apply_fix(&f.fix) {
            Ok(()) => {
                let label = match &f.fix {
                    Fix::SetCount { .. } => crate::tr!("wear-undo-count"),
                    Fix::BlankBeforeLightmaps => crate::tr!("wear-undo-blank"),
                    Fix::ReplaceName { .. } => crate::tr!("wear-undo-replace-name"),
                };
                self.commit_wear(path, w, &label, out);
            }
            Err(e) => out.push(Intent::Log(Severity::Error, crate::tr!("wear-quick-fix-failed", error = crate::app::i18n::messages::error_message(&e)))),
        }
        self.popup = None;
    }

    /// The name token at a byte position: its section and row.
    pub fn name_at(&self, pos: usize) -> Option<(Section, usize)> {
        if self.reading_pending() {
            // The rows' spans are of the text before the keystroke.
            return None;
        }
        [Section::Materials, Section::Lightmaps].into_iter().find_map(|s| {
            let rows = self.wear.rows(s);
            let i = rows.partition_point(|r| r.name_span.end < pos);
            rows.get(i).filter(|r| r.name_span.start <= pos && pos <= r.name_span.end).map(|_| (s, i))
        })
    }

    /// Opens the completion list for the word at the cursor: material names in the material
    /// rows, lightmap names in the LIGHTMAPS section.
    pub fn open_completion(&mut self) {
        let Some(pos) = self.cursor else { return };
        let t = &self.bytes;
        let is_word = |b: u8| !crate::formats::wear::scan::is_space(b);
        let mut start = pos.min(t.len());
        while start > 0 && is_word(t[start - 1]) {
            start -= 1;
        }
        let mut end = pos.min(t.len());
        while end < t.len() && is_word(t[end]) {
            end += 1;
        }
        let in_lightmaps = self.wear.engine_table(crate::formats::wear::EngineParser::File).lightmaps.as_ref().is_some_and(|(w, _)| w.start < start);
        let section = if in_lightmaps { Section::Lightmaps } else { Section::Materials };
        let prefix = crate::formats::cp1251::decode(&t[start..pos.min(t.len())]).to_ascii_uppercase();
        let names = match section {
            Section::Materials => self.assets.materials.clone(),
            Section::Lightmaps => self.assets.lightmaps.clone(),
        };
        let items: Vec<String> = names.unwrap_or_default().into_iter().filter(|n| n.to_ascii_uppercase().starts_with(&prefix)).collect();
        self.popup = (!items.is_empty()).then_some(Popup::Complete { section, word: start..end, items, selected: 0 });
    }

    /// Replaces the completed word with `name`.
    pub fn complete(&mut self, path: &ItemPath, word: std::ops::Range<usize>, name: &str, out: &mut Vec<Intent>) {
        let Some(b) = crate::formats::cp1251::encode(name) else { return };
        if word.start > word.end || word.end > self.bytes.len() {
            self.popup = None;
            return;
        }
        let s = text::Splice { range: word.clone(), bytes: b, at: 0, end: 0 };
        let bytes = text::apply(&self.bytes, &s);
        self.popup = None;
        self.commit(path, bytes, &crate::tr!("wear-undo-complete"), out);
        self.jump = Some(self.model.byte_to_char(word.start + s.bytes.len()));
    }

    /// Opens the material a row names in its tab (the open `Material.lib`), or opens the
    /// library when it is only on disk and then the material once the library is read.
    pub fn go_to(&mut self, name: &str, out: &mut Vec<Intent>) {
        if let Some(p) = self.assets.material_path(name) {
            out.push(Intent::OpenTab(p.clone()));
        } else if let Some(lib) = &self.assets.material_lib_on_disk {
            out.push(Intent::OpenReferenced(lib.clone()));
            out.push(Intent::Log(Severity::Info, crate::tr!("wear-opening", lib = lib.display().to_string(), name = name)));
            self.go_to_pending = Some(name.to_string());
        } else {
            out.push(Intent::Log(Severity::Warning, crate::tr!("wear-no-material-lib", name = name)));
        }
    }

    /// Where byte `pos` was drawn in the text view last frame, when its line was in view.
    pub fn screen_pos(&self, pos: usize) -> Option<egui::Pos2> {
        let p = self.placed.as_ref()?;
        let c = self.model.byte_to_char(pos);
        let line = self.model.line_of_char(c);
        let (_, g) = p.lines.iter().find(|(l, _)| *l == line)?;
        let r = g.pos_from_cursor(egui::text::CCursor::new(c - self.model.line_chars(line).start));
        Some(egui::Pos2::new(p.origin.x + r.left(), p.origin.y + line as f32 * p.row_h + p.row_h / 2.0))
    }

    /// The name under the cursor, for go to.
    pub fn name_at_cursor(&self) -> Option<String> {
        let (s, r) = self.name_at(self.cursor?)?;
        Some(self.wear.name(&self.wear.rows(s)[r]).into_owned())
    }

    /// The line-ending style the view writes new lines in.
    pub fn eol(&self) -> LineEnding {
        self.wear.line_ending()
    }

    /// The status line: line endings, terminator, code page, what the engine reads.
    pub fn status(&self) -> &str {
        &self.status
    }

    fn read_status(&self, (lf, crlf): (usize, usize)) -> String {
        let endings = match (crlf, lf - crlf) {
            (0, 0) => crate::tr!("wear-no-line-breaks"),
            (_, 0) => "CRLF".to_string(),
            (0, _) => "LF".to_string(),
            (c, l) => crate::tr!("wear-mixed-endings", crlf = c.to_string(), lf = l.to_string()),
        };
        let nul = if self.wear.has_nul() { crate::tr!("wear-nul") } else { crate::tr!("wear-no-nul") };
        let esc = self.model.escapes().count();
        let esc = if esc > 0 { format!(" · {}", crate::tr!("wear-escaped", n = esc)) } else { String::new() };
        let engine = match self.wear.failure_kind() {
            Some(_) => crate::tr!("wear-engine-refuses"),
            None => match self.wear.lightmaps() {
                Some(l) => crate::tr!("wear-engine-reads-lightmaps", n = self.wear.materials().len(), lightmaps = l.len()),
                None => crate::tr!("wear-engine-reads", n = self.wear.materials().len()),
            },
        };
        format!("{endings} · {nul} · CP1251{esc} · {} · {engine}", crate::tr!("inspector-bytes", count = self.bytes.len().to_string(), n = self.bytes.len()))
    }

    /// What a token at a byte is (hover, completion).
    pub fn token_at(&self, pos: usize) -> Option<TokenKind> {
        let i = self.tokens.partition_point(|t| t.span.end < pos);
        self.tokens.get(i).filter(|t| t.span.start <= pos).map(|t| t.kind)
    }
}

pub fn show(ui: &mut Ui, cx: &EditorCx, v: &mut WearView, out: &mut Vec<Intent>) {
    if v.reader.is_none() {
        let ctx = ui.ctx().clone();
        v.reader = Some(Worker::new("wear-read", move || ctx.request_repaint()));
    }
    v.poll_reading();
    // Only typing and moving about go on before a large table's reading is back.
    if v.reading_pending() && ui.input(|i| i.events.iter().any(|e| !reading::goes_on_without_reading(e))) {
        v.settle();
    }
    v.sync(cx);
    if let Some(b) = v.reveal.take() {
        v.jump = Some(v.model.byte_to_char(b));
    }
    if let Some(name) = v.go_to_pending.take() {
        match v.assets.material_path(&name) {
            Some(p) => out.push(Intent::OpenTab(p.clone())),
            // Still loading (or it failed, which the log tells): wait while it is on disk only.
            None if v.assets.material_lib_on_disk.is_some() => v.go_to_pending = Some(name),
            None => {}
        }
    }
    ui.horizontal_wrapped(|ui| {
        for (l, label) in [(Layout::Text, crate::tr!("wear-text")), (Layout::Table, crate::tr!("wear-table")), (Layout::Split, crate::tr!("wear-split"))] {
            if ui.selectable_label(v.layout == l, label).clicked() {
                v.layout = l;
            }
        }
        ui.separator();
        ui.checkbox(&mut v.whitespace, crate::tr!("wear-whitespace")).on_hover_text(crate::tr!("wear-whitespace-tip"));
        ui.separator();
        v.label_id = Some(ui.weak(v.status()).id);
    });
    ui.separator();
    match v.layout {
        Layout::Text => textview::show(ui, cx, v, out),
        Layout::Table => table::show(ui, cx, v, out),
        Layout::Split => {
            let w = ui.available_width();
            ui.horizontal_top(|ui| {
                ui.allocate_ui(egui::vec2(w * 0.5, ui.available_height()), |ui| textview::show(ui, cx, v, out));
                ui.separator();
                ui.allocate_ui(egui::vec2(ui.available_width(), ui.available_height()), |ui| table::show(ui, cx, v, out));
            });
        }
    }
    table::confirm_dialog(ui.ctx(), cx, v, out);
}
