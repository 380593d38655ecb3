//! Models of the engine's two WEAR parsers (docs/formats/wear.md#the-engines-two-parsers), so the
//! editor can say what the game reads, and where the two disagree:
//! - [`EngineParser::File`] (`sub_10003B10`, file or resource mode) reads with `fscanf`: a
//!   stream of tokens, line breaks being whitespace like any other.
//! - [`EngineParser::Buffer`] (`sub_10003F80`, from a string buffer) converts each record with
//!   `sscanf` at the current line and then skips to the next `\n`; after it finds `LIGHTMAPS`
//!   it skips two lines, which is why it needs a blank line before `LIGHTMAPS`.
//!
//! Both stop at the first NUL byte (the resource text is a C string), match `LIGHTMAPS`
//! case-insensitively as the word after the material rows, and stop at the first record that
//! fails to convert (the engine then works with garbage, which here is an error).

use super::scan::{next_line, scan_int, scan_word};
use std::ops::Range;

pub const LIGHTMAPS: &[u8] = b"LIGHTMAPS";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EngineParser {
    File,
    Buffer,
}

impl EngineParser {
    pub fn label(self) -> &'static str {
        match self {
            EngineParser::File => "file parser (sub_10003B10)",
            EngineParser::Buffer => "buffer parser (sub_10003F80)",
        }
    }
}

/// One `legacy_id name` record as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadRow {
    pub id: i64,
    pub id_span: Range<usize>,
    pub name_span: Range<usize>,
}

/// A count and the rows read after it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadSection {
    pub count: Option<(i64, Range<usize>)>,
    pub rows: Vec<ReadRow>,
}

/// Why reading stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FailKind {
    /// No material count: empty text, or not an integer ("Illegal wear length.").
    NoCount,
    /// A material count <= 0 ("Illegal wear length.").
    BadCount,
    /// A lightmap count missing, not an integer, or <= 0 ("Illegal lightmaps length.").
    BadLightmapCount,
    /// A row whose id is not an integer.
    BadId,
    /// The text ends before the counted rows do.
    MissingRows,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub pos: usize,
    pub kind: FailKind,
    /// Which section: false materials, true lightmaps.
    pub in_lightmaps: bool,
}

/// What one parser reads from a text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineTable {
    pub materials: ReadSection,
    /// The `LIGHTMAPS` word's span and the section after it.
    pub lightmaps: Option<(Range<usize>, ReadSection)>,
    pub failure: Option<Failure>,
    /// Where the parser's cursor stood after the material rows (before looking for
    /// `LIGHTMAPS`).
    pub after_materials: usize,
    /// Where it stood when it finished.
    pub end: usize,
}

/// Rows as `(id, name bytes)`.
pub type NamedRows<'t> = Vec<(i64, &'t [u8])>;

impl EngineTable {
    /// The names read, as bytes, with their ids: materials and lightmaps.
    pub fn summary<'t>(&self, t: &'t [u8]) -> (NamedRows<'t>, Option<NamedRows<'t>>) {
        let rows = |s: &ReadSection| s.rows.iter().map(|r| (r.id, &t[r.name_span.clone()])).collect::<Vec<_>>();
        (rows(&self.materials), self.lightmaps.as_ref().map(|(_, s)| rows(s)))
    }
}

struct Cursor<'a> {
    t: &'a [u8],
    mode: EngineParser,
    pos: usize,
}

impl Cursor<'_> {
    /// Moves past a record that began at `start` and whose last token ended at `end`.
    fn advance(&mut self, start: usize, end: usize) {
        self.pos = match self.mode {
            EngineParser::File => end,
            EngineParser::Buffer => next_line(self.t, start),
        };
    }

    fn count(&mut self) -> Option<(i64, Range<usize>)> {
        let start = self.pos;
        let (v, span) = scan_int(self.t, start)?;
        self.advance(start, span.end);
        Some((v, span))
    }

    /// Reads `count` rows; on failure, the position and kind.
    fn rows(&mut self, count: i64, out: &mut Vec<ReadRow>) -> Result<(), (usize, FailKind)> {
        let mut left = count;
        while left > 0 {
            let start = self.pos;
            let Some((id, id_span)) = scan_int(self.t, start) else {
                return Err(match scan_word(self.t, start) {
                    Some(w) => (w.start, FailKind::BadId),
                    None => (self.t.len(), FailKind::MissingRows),
                });
            };
            let Some(name_span) = scan_word(self.t, id_span.end) else {
                return Err((self.t.len(), FailKind::MissingRows));
            };
            self.advance(start, name_span.end);
            out.push(ReadRow { id, id_span, name_span });
            left -= 1;
        }
        Ok(())
    }
}

/// Reads `t` (already cut at its first NUL) the way `parser` does.
pub fn read(t: &[u8], parser: EngineParser) -> EngineTable {
    let mut c = Cursor { t, mode: parser, pos: 0 };
    let mut table = EngineTable::default();
    let fail = |table: &mut EngineTable, pos, kind, in_lightmaps, end| {
        table.failure = Some(Failure { pos, kind, in_lightmaps });
        table.end = end;
    };

    let Some((count, span)) = c.count() else {
        let pos = scan_word(t, 0).map_or(0, |w| w.start);
        fail(&mut table, pos, FailKind::NoCount, false, 0);
        return table;
    };
    table.materials.count = Some((count, span.clone()));
    if count <= 0 {
        fail(&mut table, span.start, FailKind::BadCount, false, span.end);
        return table;
    }
    if let Err((pos, kind)) = c.rows(count, &mut table.materials.rows) {
        fail(&mut table, pos, kind, false, c.pos);
        return table;
    }
    table.after_materials = c.pos;
    table.end = c.pos;

    let Some(word) = scan_word(t, c.pos).filter(|w| t[w.clone()].eq_ignore_ascii_case(LIGHTMAPS)) else {
        return table;
    };
    let before = c.pos;
    c.pos = match parser {
        EngineParser::File => word.end,
        EngineParser::Buffer => next_line(t, next_line(t, before)),
    };
    let mut section = ReadSection::default();
    let count = c.count();
    section.count = count.clone();
    let ok_count = match count {
        Some((n, _)) if n > 0 => Some(n),
        _ => None,
    };
    let Some(n) = ok_count else {
        let pos = section.count.as_ref().map_or_else(|| scan_word(t, c.pos).map_or(t.len(), |w| w.start), |(_, s)| s.start);
        table.lightmaps = Some((word, section));
        fail(&mut table, pos, FailKind::BadLightmapCount, true, c.pos);
        return table;
    };
    let result = c.rows(n, &mut section.rows);
    table.lightmaps = Some((word, section));
    table.end = c.pos;
    if let Err((pos, kind)) = result {
        fail(&mut table, pos, kind, true, c.pos);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    type Rows = Vec<(i64, String)>;

    fn names(t: &[u8], p: EngineParser) -> (Rows, Option<Rows>, Option<FailKind>) {
        let table = read(t, p);
        let (m, l) = table.summary(t);
        let conv = |v: Vec<(i64, &[u8])>| v.into_iter().map(|(i, n)| (i, String::from_utf8_lossy(n).into_owned())).collect();
        (conv(m), l.map(conv), table.failure.map(|f| f.kind))
    }

    fn rows(list: &[(i64, &str)]) -> Vec<(i64, String)> {
        list.iter().map(|&(i, n)| (i, n.to_string())).collect()
    }

    #[test]
    fn both_parsers_agree_on_a_regular_file() {
        let t = b"2\r\n0 ROCK\r\n1 GRASS\r\n\r\nLIGHTMAPS\r\n1\r\n0 LM.0\r\n";
        for p in [EngineParser::File, EngineParser::Buffer] {
            assert_eq!(names(t, p), (rows(&[(0, "ROCK"), (1, "GRASS")]), Some(rows(&[(0, "LM.0")])), None), "{p:?}");
        }
    }

    #[test]
    fn buffer_parser_needs_the_blank_line() {
        let t = b"1\n0 ROCK\nLIGHTMAPS\n1\n0 LM.0\n";
        assert_eq!(names(t, EngineParser::File).1, Some(rows(&[(0, "LM.0")])));
        // Two skips from the LIGHTMAPS line land on "0 LM.0": a count of 0.
        let b = read(t, EngineParser::Buffer);
        assert_eq!(b.failure.as_ref().map(|f| f.kind), Some(FailKind::BadLightmapCount));
        assert_eq!(b.lightmaps.as_ref().unwrap().1.count.as_ref().unwrap().0, 0);
    }

    #[test]
    fn file_parser_reads_tokens_across_lines() {
        let t = b"2 0 ROCK\n1\nGRASS";
        assert_eq!(names(t, EngineParser::File), (rows(&[(0, "ROCK"), (1, "GRASS")]), None, None));
        // The buffer parser starts each record on a new line: the first row is "1" with the
        // name "GRASS" found across the break, and the second starts at "GRASS": no id.
        let (m, _, f) = names(t, EngineParser::Buffer);
        assert_eq!(m, rows(&[(1, "GRASS")]));
        assert_eq!(f, Some(FailKind::BadId));
    }

    #[test]
    fn failures() {
        assert_eq!(names(b"", EngineParser::File).2, Some(FailKind::NoCount));
        assert_eq!(names(b"  \r\n", EngineParser::Buffer).2, Some(FailKind::NoCount));
        assert_eq!(names(b"x\n", EngineParser::File).2, Some(FailKind::NoCount));
        assert_eq!(names(b"0\n", EngineParser::File).2, Some(FailKind::BadCount));
        assert_eq!(names(b"-3\n", EngineParser::File).2, Some(FailKind::BadCount));
        assert_eq!(names(b"3\n0 A\n1 B\n", EngineParser::File).2, Some(FailKind::MissingRows));
        assert_eq!(names(b"2\n0 A\nB C\n", EngineParser::File).2, Some(FailKind::BadId));
        assert_eq!(names(b"1\n0 A\n\nlightmaps\n0\n", EngineParser::File).2, Some(FailKind::BadLightmapCount));
        assert_eq!(names(b"1\n0 A\n\nLIGHTMAPS\n", EngineParser::Buffer).2, Some(FailKind::BadLightmapCount));
        assert_eq!(names(b"1\n0 A\n\nLIGHTMAPS\n2\n0 L\n", EngineParser::File).2, Some(FailKind::MissingRows));
        // A huge count stops at the end of the text without reserving anything.
        assert_eq!(names(b"2000000000\n0 A\n", EngineParser::File).2, Some(FailKind::MissingRows));
    }
}
