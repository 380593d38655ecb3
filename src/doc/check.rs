//! `check`: parse a file, every entry with the codec of its type, nested archives too;
//! re-encode each and compare with the original bytes; collect every diagnostic with the
//! nested address of the item it belongs to (docs/cli.md#check).

use super::node::Node;
use super::registry::{Item, codec_for};
use super::resolve::AssetSource;
use super::resolve::level::{LevelFiles, is_level};
use crate::formats::bytes::SharedBytes;
use crate::formats::readings::Readings;
use crate::formats::{Diagnostic, Severity};
use crate::msg;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub severity: Severity,
    /// The nested address (`ROBOT.msh::#3`), or `None` for the file itself.
    pub entry: Option<String>,
    pub offset: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The English text (what the CLI prints).
    pub message: String,
    /// The message's id and values, for the editor (the JSON names the id).
    #[serde(rename = "id", serialize_with = "crate::formats::error::id_only", skip_serializing_if = "Option::is_none")]
    pub key: Option<Box<crate::formats::message::Key>>,
}

impl Finding {
    /// A finding about `entry` (or the file) from a diagnostic.
    pub fn of(entry: Option<&str>, d: Diagnostic) -> Finding {
        Finding { severity: d.severity, entry: entry.map(str::to_string), offset: d.offset, line: d.line, column: d.column, message: d.message, key: d.key }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct FileReport {
    pub path: String,
    pub ok: bool,
    pub roundtrip: bool,
    pub entries: usize,
    pub diagnostics: Vec<Finding>,
}

/// Something that reports progress and can ask the walk to stop (the GUI's task runner).
pub trait Progress {
    /// Called after each top-level entry; returning false cancels the check.
    fn step(&mut self, done: usize, total: usize) -> bool;
}

impl Progress for () {
    fn step(&mut self, _: usize, _: usize) -> bool {
        true
    }
}

pub fn check_bytes(path: &str, bytes: SharedBytes, readings: &Readings) -> FileReport {
    check_bytes_with(path, bytes, readings, &mut ())
}

pub fn check_bytes_with(path: &str, bytes: SharedBytes, readings: &Readings, progress: &mut dyn Progress) -> FileReport {
    let name = std::path::Path::new(path).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut walk = Walk { readings, findings: Vec::new(), roundtrip: true };
    let entries = match Node::parse(&name, bytes.clone()) {
        Err(e) => {
            walk.roundtrip = false;
            walk.push(None, e.into());
            0
        }
        Ok((Node::Blob(b), _)) => {
            let item = Item { bytes: &b, name: &name, type_id: None, attrs: [0; 3], readings };
            match codec_for(&item) {
                Some(c) => walk.typed(None, c.check(&item)),
                None => walk.push(
                    None,
                    Diagnostic::error(0u64, msg!("doc-check-unrecognised", "not a recognised format (NRes, RsLi, Texm, WEAR text or level.geom)")),
                ),
            }
            0
        }
        Ok((node, diags)) => {
            for d in diags {
                walk.push(None, d);
            }
            // A loose archive may itself be a typed item (an `.msh`).
            let item = Item { bytes: &bytes, name: &name, type_id: None, attrs: [0; 3], readings };
            if let Some(c) = codec_for(&item) {
                walk.typed(None, c.check(&item));
            }
            walk.archive(&node, &bytes, None, progress);
            node.len()
        }
    };
    // The parse and the structural validation can both notice the same thing.
    let mut seen = std::collections::HashSet::new();
    walk.findings.retain(|f| seen.insert((f.entry.clone(), f.offset, f.message.clone())));
    let ok = !walk.findings.iter().any(|f| f.severity == Severity::Error);
    FileReport { path: path.to_string(), ok, roundtrip: walk.roundtrip, entries, diagnostics: walk.findings }
}

struct Walk<'a> {
    readings: &'a Readings,
    findings: Vec<Finding>,
    roundtrip: bool,
}

impl Walk<'_> {
    fn push(&mut self, entry: Option<&str>, d: Diagnostic) {
        self.findings.push(Finding::of(entry, d));
    }

    fn typed(&mut self, entry: Option<&str>, c: super::registry::Checked) {
        self.roundtrip &= c.roundtrip;
        for d in c.diagnostics {
            self.push(entry, d);
        }
    }

    /// Checks an archive whose original bytes are `original`; `prefix` is its own address.
    fn archive(&mut self, node: &Node, original: &[u8], prefix: Option<&str>, progress: &mut dyn Progress) {
        if !writes_back_to(node, original) {
            self.roundtrip = false;
            self.push(prefix, Diagnostic::error(0u64, msg!("doc-check-no-roundtrip", "the archive does not re-encode to its original bytes")));
        }
        if let Node::Rsli(a) = node {
            // Entries that fail to decode are reported per entry below.
            for d in a.validate_structure() {
                self.push(prefix, d);
            }
        }
        let metas = node.metas();
        let total = metas.len();
        for (i, meta) in metas.iter().enumerate() {
            let unique = !meta.name.is_empty() && metas.iter().filter(|m| m.name_bytes.eq_ignore_ascii_case(&meta.name_bytes)).count() == 1;
            let label = if unique { meta.name.clone() } else { format!("#{i}") };
            let address = match prefix {
                Some(p) => format!("{p}::{label}"),
                None => label,
            };
            match node.entry_bytes(i) {
                Err(e) => {
                    self.push(Some(&address), e.into());
                }
                Ok(bytes) => self.entry(node, meta, &bytes, &address),
            }
            if prefix.is_none() && !progress.step(i + 1, total) {
                self.push(None, Diagnostic::warning(0u64, msg!("doc-check-cancelled", "check cancelled after {done} of {total} entries", done = i + 1, total = total)));
                self.roundtrip = false;
                return;
            }
        }
    }

    fn entry(&mut self, _parent: &Node, meta: &super::node::EntryMeta, bytes: &SharedBytes, address: &str) {
        let item = Item { bytes, name: &meta.name, type_id: meta.type_id, attrs: meta.attrs, readings: self.readings };
        let codec = codec_for(&item);
        if let Some(c) = codec {
            self.typed(Some(address), c.check(&item));
        }
        if bytes.starts_with(b"NRes") || bytes.starts_with(b"NL") {
            match Node::parse(&meta.name, bytes.clone()) {
                Ok((child, diags)) if child.is_archive() => {
                    for d in diags {
                        self.push(Some(address), d);
                    }
                    self.archive(&child, bytes, Some(address), &mut ());
                }
                Ok(_) => {}
                Err(e) if codec.is_none() => self.push(Some(address), e.into()),
                Err(_) => {}
            }
        }
    }
}

/// Whether the node encodes to exactly `original`, compared as the writer streams it, so a
/// 100 MB archive is never held twice; the first difference ends the write.
fn writes_back_to(node: &Node, original: &[u8]) -> bool {
    struct Compare<'a>(&'a [u8]);
    impl std::io::Write for Compare<'_> {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            match self.0.strip_prefix(b) {
                Some(rest) => {
                    self.0 = rest;
                    Ok(b.len())
                }
                None => Err(std::io::Error::other("differs")),
            }
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut c = Compare(original);
    node.write_to(&mut c).is_ok() && c.0.is_empty()
}
/// Adds to `report` (a `check` of the file `name`) a `level`'s draw ranges checked against the
/// level.geom (and level.geomx) beside it, as `info` and the view resolve them: each bad
/// visual is an error with its index and offset. Without a level.geom beside it the ranges
/// cannot be checked, which is said, not failed. Anything but a level is left alone.
pub fn check_draws(name: &str, bytes: &SharedBytes, assets: &dyn AssetSource, report: &mut FileReport) {
    if !is_level(name, bytes) {
        return;
    }
    let Ok(files) = LevelFiles::open(bytes.clone(), assets) else { return };
    let found: Vec<Diagnostic> = match &files.geom {
        Some(_) => files.resolved.diagnostics.clone(),
        None => {
            let text = match assets.beside("level.geom").why("level.geom") {
                Some(why) => msg!("doc-check-draws-unchecked", "{why}: the visuals' draw ranges were not checked", why = &why),
                None => msg!("doc-check-draws-no-geom", "no level.geom beside it: the visuals' draw ranges were not checked"),
            };
            vec![Diagnostic::warning(0u64, text)]
        }
    };
    for d in found {
        report.diagnostics.push(Finding::of(None, Diagnostic { line: None, column: None, ..d }));
    }
    report.ok = !report.diagnostics.iter().any(|f| f.severity == Severity::Error);
}


