//! The browser's rows: every open file, its entries, and the entries of nested archives that
//! are expanded, filtered and sorted. Built only when the document or the view settings change
//! (the table then draws just the visible slice), so a frame costs the same with ten entries or
//! ten thousand.

use crate::doc::node::Node;
use crate::doc::{EntryMeta, FileId, ItemPath, Workspace};
use crate::formats::bytes::SharedBytes;
use crate::doc::registry::classify;
use crate::formats::nres;
use std::cmp::Ordering;
use std::collections::{BTreeSet, HashSet};

/// What an entry holds, for its icon and the type filter: the document registry's one
/// classification.
pub use crate::doc::registry::classify::DisplayKind as Kind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum SortColumn {
    #[default]
    Index,
    Name,
    Type,
    Size,
    Attr1,
    Attr2,
    Attr3,
    Offset,
    Format,
    Length,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sort {
    pub column: SortColumn,
    pub ascending: bool,
}

impl Default for Sort {
    fn default() -> Self {
        Sort { column: SortColumn::Index, ascending: true }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Case-insensitive substring of the name.
    pub text: String,
    /// Only rows whose type label is this one.
    pub type_label: Option<String>,
}

impl Filter {
    pub fn is_active(&self) -> bool {
        !self.text.trim().is_empty() || self.type_label.is_some()
    }
}

#[derive(Clone, Debug)]
pub struct Row {
    pub path: ItemPath,
    pub depth: u16,
    pub kind: Kind,
    pub name: String,
    /// NRes type id of an entry.
    pub type_id: Option<u32>,
    /// The Type column: the NRes type, the RsLi method, or a file's format.
    pub type_label: String,
    pub size: Option<u64>,
    pub attrs: Option<[u32; 3]>,
    pub offset: Option<u64>,
    pub sort_index: Option<u32>,
    pub packed_size: Option<u64>,
    /// The entry can be expanded in place (it is an archive).
    pub expandable: bool,
    pub expanded: bool,
    /// For file rows: unsaved changes.
    pub dirty: bool,
    /// The stored bytes when they are at hand without decoding (NRes payloads, loose files):
    /// thumbnails start from these.
    pub bytes: Option<SharedBytes>,
    /// An RsLi entry's packed bytes: the thumbnail worker unpacks them to see if they are a
    /// texture.
    pub packed: Option<crate::formats::rsli::PackedEntry>,
    /// The Format column: a sound's codec, rate, channels and block, a texture's size and
    /// pixel format; empty for other content.
    pub format: String,
    /// The Length column: a sound's duration in seconds.
    pub seconds: Option<f64>,
}

/// The rows of one file inside [`Model::rows`] and what they were built from, so that an edit
/// of one file rebuilds that file's rows only.
#[derive(Clone, Debug)]
struct FileSpan {
    file: FileId,
    /// The file's document state, unsaved flag and path when its rows were built.
    key: (u64, bool, std::path::PathBuf),
    rows: usize,
    labels: BTreeSet<String>,
    total_entries: usize,
    nested_errors: Vec<(ItemPath, String)>,
}

#[derive(Default)]
pub struct Model {
    pub rows: Vec<Row>,
    spans: Vec<FileSpan>,
    /// How many files' rows the last build made anew (the others were kept).
    pub files_built: usize,
    /// Distinct type labels of all entries (for the type filter), sorted.
    pub type_labels: Vec<String>,
    /// Entries of all open files at the top level, filtered or not.
    pub total_entries: usize,
    /// Nested archives that could not be read, with the reason.
    pub nested_errors: Vec<(ItemPath, String)>,
}

impl Model {
    pub fn order(&self) -> Vec<ItemPath> {
        self.rows.iter().map(|r| r.path.clone()).collect()
    }
    pub fn position(&self, p: &ItemPath) -> Option<usize> {
        self.rows.iter().position(|r| r.path == *p)
    }
    pub fn row(&self, p: &ItemPath) -> Option<&Row> {
        self.rows.iter().find(|r| r.path == *p)
    }
}

/// Which rows are open: nested archives listed here are expanded; files listed in
/// `collapsed_files` are folded (files start open).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expansion {
    pub expanded: BTreeSet<ItemPath>,
    pub collapsed_files: HashSet<FileId>,
}

impl Expansion {
    pub fn is_open(&self, p: &ItemPath) -> bool {
        if p.entries.is_empty() { !self.collapsed_files.contains(&p.file) } else { self.expanded.contains(p) }
    }
    pub fn set(&mut self, p: &ItemPath, open: bool) {
        if p.entries.is_empty() {
            if open {
                self.collapsed_files.remove(&p.file);
            } else {
                self.collapsed_files.insert(p.file);
            }
        } else if open {
            self.expanded.insert(p.clone());
        } else {
            self.expanded.remove(p);
        }
    }
}

pub fn build(ws: &Workspace, expansion: &Expansion, filter: &Filter, sort: Sort) -> Model {
    rebuild(Model::default(), ws, expansion, filter, sort)
}

/// The rows again after a document change, keeping the rows of every file whose document state
/// is what `previous` was built from (the view settings must be the same as then).
pub fn rebuild(previous: Model, ws: &Workspace, expansion: &Expansion, filter: &Filter, sort: Sort) -> Model {
    // Cut the previous rows into their files' runs, to move (not copy) the ones that stay.
    let mut old_rows = previous.rows;
    let mut old: Vec<(FileSpan, Vec<Row>)> = Vec::with_capacity(previous.spans.len());
    for span in previous.spans.into_iter().rev() {
        let rows = old_rows.split_off(old_rows.len().saturating_sub(span.rows));
        old.push((span, rows));
    }
    let needle = filter.text.trim().to_lowercase();
    let mut model = Model::default();
    for f in ws.files() {
        let key = (f.state(), f.is_dirty(), f.path.clone());
        if let Some(i) = old.iter().position(|(s, _)| s.file == f.id && s.key == key) {
            let (span, rows) = old.swap_remove(i);
            model.rows.extend(rows);
            model.spans.push(span);
            continue;
        }
        let mut b = Builder { ws, expansion, filter, needle: needle.clone(), sort, model: Model::default(), labels: BTreeSet::new() };
        b.file(f);
        model.files_built += 1;
        let rows = b.model.rows.len();
        model.rows.append(&mut b.model.rows);
        model.spans.push(FileSpan { file: f.id, key, rows, labels: b.labels, total_entries: b.model.total_entries, nested_errors: b.model.nested_errors });
    }
    let mut labels = BTreeSet::new();
    for s in &model.spans {
        model.total_entries += s.total_entries;
        model.nested_errors.extend(s.nested_errors.iter().cloned());
        labels.extend(s.labels.iter().cloned());
    }
    model.type_labels = labels.into_iter().collect();
    model
}

struct Builder<'a> {
    ws: &'a Workspace,
    expansion: &'a Expansion,
    filter: &'a Filter,
    needle: String,
    sort: Sort,
    model: Model,
    labels: BTreeSet<String>,
}

impl Builder<'_> {
    /// The file's row and the rows of its entries.
    fn file(&mut self, f: &crate::doc::workspace::OpenFile) {
        let path = ItemPath::root(f.id);
        let root = f.root();
        let open = self.expansion.is_open(&path);
        self.model.rows.push(Row {
            path: path.clone(),
            depth: 0,
            kind: Kind::File,
            name: f.name(),
            type_id: None,
            type_label: match &f.damage {
                Some(d) if d.salvaged.is_some() => crate::tr!("browser-salvaged"),
                Some(_) => crate::tr!("browser-damaged"),
                None => classify::file_format(&f.name(), root).to_string(),
            },
            size: match root {
                Node::Nres(a) => Some(a.total_size() as u64),
                Node::Blob(bytes) => Some(bytes.len() as u64),
                Node::Rsli(_) => None,
            },
            attrs: None,
            offset: None,
            sort_index: None,
            packed_size: None,
            expandable: root.is_archive(),
            expanded: open && root.is_archive(),
            dirty: f.is_dirty(),
            bytes: match root {
                Node::Blob(bytes) => Some(bytes.clone()),
                _ => None,
            },
            packed: None,
            format: String::new(),
            seconds: None,
        });
        if let Some(b) = self.model.rows.last().and_then(|r| r.bytes.clone()) {
            let r = self.model.rows.last_mut().expect("pushed above");
            (r.format, r.seconds) = content(file_kind(r), &b);
        }
        self.model.total_entries += root.len();
        if open && root.is_archive() {
            self.children(root, &path, 1);
        }
    }

    /// Appends the rows of `node`'s entries (and expanded descendants); returns whether any
    /// row was kept.
    fn children(&mut self, node: &Node, parent: &ItemPath, depth: u16) -> bool {
        let mut rows: Vec<Row> = (0..node.len()).filter_map(|i| node.meta(i)).map(|m| entry_row(node, parent, m, depth)).collect();
        for r in &rows {
            if !self.labels.contains(&r.type_label) {
                self.labels.insert(r.type_label.clone());
            }
        }
        sort_rows(&mut rows, self.sort);
        let mut any = false;
        for mut row in rows {
            let own = self.matches(&row);
            row.expanded = row.expandable && self.expansion.is_open(&row.path);
            let at = self.model.rows.len();
            let path = row.path.clone();
            let expanded = row.expanded;
            self.model.rows.push(row);
            let mut kept_child = false;
            if expanded {
                match self.ws.node(path.file, &path.entries) {
                    Ok(child) if child.0.is_archive() => kept_child = self.children(&child.0, &path, depth + 1),
                    Ok(_) => {
                        self.model.rows[at].expandable = false;
                        self.model.rows[at].expanded = false;
                    }
                    Err(e) => {
                        self.model.rows[at].expandable = false;
                        self.model.rows[at].expanded = false;
                        self.model.nested_errors.push((path.clone(), e.to_string()));
                    }
                }
            }
            if own || kept_child {
                any = true;
            } else {
                // Neither it nor anything below it matches: drop what was pushed for it.
                self.model.rows.truncate(at);
            }
        }
        any
    }

    fn matches(&self, row: &Row) -> bool {
        if let Some(t) = &self.filter.type_label
            && row.type_label != *t
        {
            return false;
        }
        self.needle.is_empty() || row.name.to_lowercase().contains(&self.needle)
    }
}

fn entry_row(node: &Node, parent: &ItemPath, m: EntryMeta, depth: u16) -> Row {
    let packed = match node {
        Node::Rsli(a) => a.packed_entry(m.index),
        _ => None,
    };
    let (bytes, nested) = match node {
        Node::Nres(a) => {
            let b = a.payload(m.index);
            let nested = classify::is_archive_magic(&b);
            (Some(b), nested)
        }
        Node::Rsli(a) => {
            // Packed bytes only show the magic when stored plainly; other methods are judged
            // by name and confirmed when expanded.
            let stored = m.method == Some("stored") && classify::is_archive_magic(&a.packed(m.index));
            (None, stored || classify::is_archive_name(&m.name))
        }
        Node::Blob(_) => (None, false),
    };
    let kind = classify::entry_kind(m.type_id, &m.name, bytes.as_deref(), nested);
    let (format, seconds) = bytes.as_deref().map_or((String::new(), None), |b| content(kind, b));
    let type_label = match (m.type_id, m.method) {
        (Some(t), _) => nres::type_label(t),
        (None, Some(method)) => method.to_string(),
        (None, None) => String::new(),
    };
    Row {
        path: parent.child(m.index),
        depth,
        kind,
        name: m.name,
        type_id: m.type_id,
        type_label,
        size: Some(m.size),
        attrs: m.type_id.map(|_| m.attrs),
        offset: Some(m.offset),
        sort_index: Some(m.sort_index),
        packed_size: m.packed_size,
        expandable: nested,
        expanded: false,
        dirty: false,
        format,
        seconds,
        bytes,
        packed,
    }
}

/// What the Format and Length columns show for an item's bytes (headers only, read when the
/// rows are built, not every frame).
fn content(kind: Kind, bytes: &[u8]) -> (String, Option<f64>) {
    match kind {
        Kind::Sound => match crate::formats::wav::peek(bytes) {
            Some(s) => {
                let ch = match s.channels {
                    1 => crate::tr!("sound-mono"),
                    2 => crate::tr!("sound-stereo"),
                    n => crate::tr!("sound-channels", n = n),
                };
                let block = if s.samples_per_block > 1 { format!(", {}", crate::tr!("sound-block", n = s.block_align)) } else { String::new() };
                (format!("{} {} Hz {ch}{block}", s.codec, s.rate), Some(s.duration))
            }
            None => (String::new(), None),
        },
        Kind::Font => match crate::formats::tfnt::Tfnt::parse(bytes) {
            Ok((f, _)) => {
                let i = f.info();
                (crate::tr!("font-summary", glyphs = i.glyphs, w = i.sheet_width.to_string(), h = i.sheet_height.to_string()), None)
            }
            Err(_) => (String::new(), None),
        },
        Kind::Palette => match crate::formats::pal::Pal::parse(bytes) {
            Ok((p, _)) => (if p.ipol.is_some() { crate::tr!("palette-summary-ipol") } else { crate::tr!("palette-summary") }, None),
            Err(_) => (String::new(), None),
        },
        Kind::Texture => match crate::formats::texm::Header::parse(bytes) {
            Ok(h) => {
                let mips = if h.mip_count > 1 { format!(", {}", crate::tr!("texture-mips", n = h.mip_count)) } else { String::new() };
                (format!("{}×{} fmt {}{mips}", h.width, h.height, h.format), None)
            }
            Err(_) => (String::new(), None),
        },
        _ => (String::new(), None),
    }
}

/// The kind of a file row's content, for its icon.
pub fn file_kind(row: &Row) -> Kind {
    classify::file_kind(&row.type_label, &row.name)
}

pub fn sort_rows(rows: &mut [Row], sort: Sort) {
    let index = |r: &Row| r.path.entries.last().copied().unwrap_or(0);
    rows.sort_by(|a, b| {
        let o = match sort.column {
            SortColumn::Index => Ordering::Equal,
            SortColumn::Name => nres::compare_names(
                &crate::formats::cp1251::encode(&a.name).unwrap_or_default(),
                &crate::formats::cp1251::encode(&b.name).unwrap_or_default(),
            ),
            SortColumn::Type => a.type_label.cmp(&b.type_label),
            SortColumn::Size => a.size.cmp(&b.size),
            SortColumn::Attr1 => a.attrs.map(|x| x[0]).cmp(&b.attrs.map(|x| x[0])),
            SortColumn::Attr2 => a.attrs.map(|x| x[1]).cmp(&b.attrs.map(|x| x[1])),
            SortColumn::Attr3 => a.attrs.map(|x| x[2]).cmp(&b.attrs.map(|x| x[2])),
            SortColumn::Offset => a.offset.cmp(&b.offset),
            SortColumn::Format => a.format.cmp(&b.format),
            SortColumn::Length => a.seconds.partial_cmp(&b.seconds).unwrap_or(Ordering::Equal),
        };
        let o = o.then_with(|| index(a).cmp(&index(b)));
        if sort.ascending { o } else { o.reverse() }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::nres as fx;
    use std::path::PathBuf;

    fn ws_with(bytes: Vec<u8>, name: &str) -> (Workspace, FileId) {
        let mut ws = Workspace::new();
        let id = ws.open_bytes(PathBuf::from(name), SharedBytes::from(bytes)).unwrap();
        (ws, id)
    }

    fn names(m: &Model) -> Vec<&str> {
        m.rows.iter().map(|r| r.name.as_str()).collect()
    }

    #[test]
    fn lists_the_file_then_its_entries_in_directory_order() {
        let (ws, id) = ws_with(fx::simple(), "simple.lib");
        let m = build(&ws, &Expansion::default(), &Filter::default(), Sort::default());
        assert_eq!(names(&m), ["simple.lib", "STEEL", "brick.0", "_under", "Zeta", "alpha"]);
        assert_eq!(m.rows[0].path, ItemPath::root(id));
        assert_eq!(m.rows[0].type_label, "NRes");
        assert_eq!(m.rows[2].path, ItemPath::root(id).child(1));
        assert_eq!(m.rows[2].type_label, "DATA");
        assert_eq!(m.rows[2].attrs, Some([1, 7, 0]));
        assert_eq!(m.rows[2].size, Some(8));
        assert_eq!(m.total_entries, 5);
        assert_eq!(m.type_labels, ["DATA"]);
    }

    #[test]
    fn sorts_by_every_column_both_ways() {
        let (ws, _) = ws_with(fx::simple(), "simple.lib");
        let by = |column, ascending| {
            let m = build(&ws, &Expansion::default(), &Filter::default(), Sort { column, ascending });
            names(&m)[1..].iter().map(|s| s.to_string()).collect::<Vec<_>>()
        };
        // ASCII case-insensitive with '_' before letters, as the engine's lookup.
        assert_eq!(by(SortColumn::Name, true), ["_under", "alpha", "brick.0", "STEEL", "Zeta"]);
        assert_eq!(by(SortColumn::Name, false), ["Zeta", "STEEL", "brick.0", "alpha", "_under"]);
        assert_eq!(by(SortColumn::Size, false), ["alpha", "Zeta", "_under", "brick.0", "STEEL"]);
        assert_eq!(by(SortColumn::Attr1, false)[0], "alpha");
        assert_eq!(by(SortColumn::Offset, true), by(SortColumn::Index, true));
        assert_eq!(by(SortColumn::Index, false)[0], "alpha");
        // Equal keys keep directory order.
        assert_eq!(by(SortColumn::Attr2, true), by(SortColumn::Index, true));
        assert_eq!(by(SortColumn::Type, true), by(SortColumn::Index, true));
        assert_eq!(by(SortColumn::Attr3, true), by(SortColumn::Index, true));
    }

    #[test]
    fn sounds_and_textures_fill_the_format_and_length_columns() {
        let (ws, _) = ws_with(crate::fixtures::wav::sounds_lib(), "sounds.lib");
        let by = |column, ascending| build(&ws, &Expansion::default(), &Filter::default(), Sort { column, ascending });
        let m = by(SortColumn::Index, true);
        let row = |name: &str| m.rows.iter().find(|r| r.name == name).unwrap();
        assert_eq!(row("voice_hello.wav").format, "ms-adpcm 22050 Hz mono, block 256");
        assert_eq!(row("voice_hello.wav").seconds, Some(1.5));
        assert_eq!(row("music_loop.wav").format, "ms-adpcm 22050 Hz stereo, block 512");
        assert_eq!(row("beep.wav").format, "pcm16 22050 Hz mono");
        assert_eq!(row("click.wav").format, "pcm8 22050 Hz mono");
        assert_eq!(m.rows[0].format, "", "the archive's own row has no content format");
        let longest: Vec<String> = names(&by(SortColumn::Length, false))[1..].iter().map(|s| s.to_string()).collect();
        assert_eq!(longest, ["music_loop.wav", "voice_hello.wav", "beep.wav", "click.wav"]);
        let (ws, _) = ws_with(crate::fixtures::texm::textures_lib(), "Textures.lib");
        let m = build(&ws, &Expansion::default(), &Filter::default(), Sort::default());
        let t = m.rows.iter().find(|r| r.kind == Kind::Texture).unwrap();
        assert!(t.format.contains('×') && t.format.contains("fmt "), "{}", t.format);
        assert_eq!(t.seconds, None);
    }

    #[test]
    fn filters_by_text_and_type() {
        let (ws, _) = ws_with(fx::simple(), "simple.lib");
        let f = Filter { text: "EE".into(), type_label: None };
        let m = build(&ws, &Expansion::default(), &f, Sort::default());
        assert_eq!(names(&m), ["simple.lib", "STEEL"]);
        let f = Filter { text: String::new(), type_label: Some("Texm".into()) };
        assert_eq!(names(&build(&ws, &Expansion::default(), &f, Sort::default())), ["simple.lib"]);
    }

    #[test]
    fn nested_archives_expand_in_place_and_filters_keep_their_parents() {
        let (ws, id) = ws_with(fx::nested(), "outer.rlb");
        let mut ex = Expansion::default();
        let m = build(&ws, &ex, &Filter::default(), Sort::default());
        assert_eq!(names(&m), ["outer.rlb", "inner.rlb", "deeper.rlb", "plain.bin"]);
        assert!(m.rows[1].expandable && !m.rows[1].expanded);
        assert!(!m.rows[3].expandable);
        assert_eq!(m.rows[1].kind, Kind::Archive);
        ex.set(&ItemPath::root(id).child(1), true);
        ex.set(&ItemPath::root(id).child(1).child(0), true);
        let m = build(&ws, &ex, &Filter::default(), Sort::default());
        assert_eq!(names(&m), ["outer.rlb", "inner.rlb", "deeper.rlb", "level2", "TWIN", "other", "twin", "TWIN", "plain.bin"]);
        assert_eq!(m.rows[4].path, ItemPath { file: id, entries: vec![1, 0, 0] });
        assert_eq!(m.rows[4].depth, 3);
        let f = Filter { text: "other".into(), type_label: None };
        assert_eq!(names(&build(&ws, &ex, &f, Sort::default())), ["outer.rlb", "deeper.rlb", "level2", "other"]);
        // Folding the file hides everything below it.
        ex.set(&ItemPath::root(id), false);
        assert_eq!(names(&build(&ws, &ex, &Filter::default(), Sort::default())), ["outer.rlb"]);
    }

    #[test]
    fn texture_entries_are_recognised() {
        let (ws, _) = ws_with(crate::fixtures::texm::textures_lib(), "Textures.lib");
        let m = build(&ws, &Expansion::default(), &Filter::default(), Sort::default());
        assert!(m.rows.len() > 1);
        assert!(m.rows[1..].iter().all(|r| r.kind == Kind::Texture && r.bytes.is_some()), "{:?}", m.rows[1]);
    }
}
