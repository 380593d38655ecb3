//! WEAR material tables (entries of type `WEAR`, usually `*.wea`, and loose `.wea` files):
//! docs/formats/wear.md.
//!
//! The text is kept byte for byte (line endings, trailing whitespace, blank lines, a trailing
//! NUL, a missing final newline, CP1251 bytes) and is the only state: the structured view
//! (material rows, optional lightmap rows) is what the engine's file parser reads from it, with
//! the byte spans of every token, so that an edit replaces exactly the tokens or lines it
//! changes and the view is then read again from the new text. [`engine`] models both engine
//! parsers; [`Wear::diagnostics`] reports every rule of docs/formats/wear.md#rules with line and
//! column.

pub mod assist;
mod diagnose;
pub mod edit;
pub mod engine;
pub mod lookup;
pub mod scan;

pub use edit::LineEnding;
pub use engine::{EngineParser, EngineTable};
pub use lookup::{MAX_TABLES, check_names, check_table_count};

use crate::formats::bytes::SharedBytes;
use crate::formats::cp1251;
use std::borrow::Cow;
use crate::formats::error::{Diagnostic, Error, Result, Severity};
use crate::formats::message::Message;
use engine::ReadRow;
use scan::Lines;
use std::ops::Range;

/// Which table of a WEAR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    Materials,
    Lightmaps,
}

impl Section {
    pub fn label(self) -> &'static str {
        match self {
            Section::Materials => "material",
            Section::Lightmaps => "lightmap",
        }
    }
}

/// One `legacy_id name` row of the structured view. The name is a span of the text, read
/// through [`Wear::name`] and [`Wear::name_bytes`]: a parse allocates nothing a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WearRow {
    /// The id as written (the engine reads it and ignores it; values outside i32 saturate
    /// and are reported).
    pub legacy_id: i32,
    /// 1-based line and column of the row's id.
    pub line: u32,
    pub column: u32,
    pub id_span: Range<usize>,
    pub name_span: Range<usize>,
}

/// A WEAR text and what the engine reads from it. The text is the bytes it was parsed from,
/// shared (the document's own when it hands them over), never copied by the parse; an edit
/// makes new text and reads it again.
#[derive(Debug, Clone, PartialEq)]
pub struct Wear {
    text: SharedBytes,
    /// The text the engine sees: up to the first NUL.
    seen: usize,
    lines: Lines,
    file: EngineTable,
    buffer: EngineTable,
    materials: Vec<WearRow>,
    lightmaps: Option<Vec<WearRow>>,
    diagnostics: Vec<Diagnostic>,
}

fn saturate(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

impl Wear {
    /// Reads a WEAR text. Any bytes are accepted: problems become [`Wear::diagnostics`].
    /// Shared bytes ([`SharedBytes`], or a `Vec` handed over) are kept as they are; a borrowed
    /// slice is copied once.
    pub fn parse(bytes: impl Into<SharedBytes>) -> Wear {
        let text: SharedBytes = bytes.into();
        let seen = text.iter().position(|&b| b == 0).unwrap_or(text.len());
        let t = &text[..seen];
        let lines = Lines::new(&text);
        let file = engine::read(t, EngineParser::File);
        let buffer = engine::read(t, EngineParser::Buffer);
        // Rows come in text order: their lines are found walking forward.
        let hint = std::cell::Cell::new(0);
        let row = |r: &ReadRow| {
            let mut h = hint.get();
            let (line, column) = lines.line_col_from(r.id_span.start, &mut h);
            hint.set(h);
            WearRow {
                legacy_id: saturate(r.id),
                line,
                column,
                id_span: r.id_span.clone(),
                name_span: r.name_span.clone(),
            }
        };
        let materials = file.materials.rows.iter().map(row).collect();
        let lightmaps = file.lightmaps.as_ref().map(|(_, s)| s.rows.iter().map(row).collect());
        let mut w = Wear { text, seen, lines, file, buffer, materials, lightmaps, diagnostics: Vec::new() };
        w.diagnostics = diagnose::diagnose(&w);
        w
    }

    /// As [`Wear::parse`], but the first error diagnostic is returned as an error (its byte
    /// offset, and its line and column in the message).
    pub fn parse_strict(bytes: impl Into<SharedBytes>) -> Result<Wear> {
        let w = Wear::parse(bytes);
        match w.diagnostics.iter().find(|d| d.severity == Severity::Error) {
            Some(d) => Err(Error::new(
                d.offset.unwrap_or(0),
                d.text().prefixed(&format!("line {}, column {}: ", d.line.unwrap_or(1), d.column.unwrap_or(1))),
            )),
            None => Ok(w),
        }
    }

    /// The text exactly as it is (after edits: with them).
    pub fn bytes(&self) -> &[u8] {
        &self.text
    }
    pub fn write(&self) -> Vec<u8> {
        self.text.to_vec()
    }
    /// The text as the shared bytes it was read from (an untouched table writes these back).
    pub fn shared_bytes(&self) -> &SharedBytes {
        &self.text
    }
    /// A row's name as the text holds it.
    pub fn name_bytes(&self, row: &WearRow) -> &[u8] {
        &self.text[row.name_span.clone()]
    }
    /// A row's name for display, bytes above 0x7F as CP1251 (borrowed when it is ASCII).
    pub fn name(&self, row: &WearRow) -> Cow<'_, str> {
        cp1251::decode_cow(self.name_bytes(row))
    }
    /// The part the engine reads: up to the first NUL.
    pub fn seen_text(&self) -> &[u8] {
        &self.text[..self.seen]
    }
    pub fn has_nul(&self) -> bool {
        self.seen < self.text.len()
    }

    pub fn materials(&self) -> &[WearRow] {
        &self.materials
    }
    pub fn lightmaps(&self) -> Option<&[WearRow]> {
        self.lightmaps.as_deref()
    }
    /// A section's rows (none for an absent LIGHTMAPS section).
    pub fn rows(&self, section: Section) -> &[WearRow] {
        match section {
            Section::Materials => &self.materials,
            Section::Lightmaps => self.lightmaps.as_deref().unwrap_or(&[]),
        }
    }
    /// The count as written for a section, when one was read.
    pub fn declared_count(&self, section: Section) -> Option<i64> {
        let s = match section {
            Section::Materials => &self.file.materials,
            Section::Lightmaps => &self.file.lightmaps.as_ref()?.1,
        };
        s.count.as_ref().map(|(n, _)| *n)
    }

    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }

    /// What one of the engine's parsers reads.
    pub fn engine_table(&self, parser: EngineParser) -> &EngineTable {
        match parser {
            EngineParser::File => &self.file,
            EngineParser::Buffer => &self.buffer,
        }
    }

    /// 1-based line and column of a byte position.
    pub fn line_col(&self, pos: usize) -> (u32, u32) {
        self.lines.line_col(pos)
    }

    /// A diagnostic at a byte position.
    fn at(&self, severity: Severity, pos: usize, message: impl Into<Message>) -> Diagnostic {
        let (line, col) = self.line_col(pos);
        Diagnostic::at_line(severity, line, col, message).with_offset(pos as u64)
    }
}

#[cfg(test)]
mod tests;
