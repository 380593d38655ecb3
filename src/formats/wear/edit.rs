//! Edits through the structured view. Each one is a set of byte splices: a token replaced (a
//! name, an id, the count), or whole lines inserted or removed, in the file's own line-ending
//! style; every other byte stays where it was. The view is then read again from the new text,
//! so it can never drift from the bytes.

use super::engine::{LIGHTMAPS, ReadSection};
use super::scan::{is_space, line_content_end, next_line};
use super::{Section, Wear};
use crate::formats::bytes::SharedBytes;
use crate::formats::cp1251;
use crate::formats::error::{Error, Result};
use crate::msg;
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineEnding {
    Crlf,
    Lf,
}

impl LineEnding {
    pub fn bytes(self) -> &'static [u8] {
        match self {
            LineEnding::Crlf => b"\r\n",
            LineEnding::Lf => b"\n",
        }
    }
}

/// The extent of one line of the engine-visible text.
struct LineBounds {
    start: usize,
    /// Before the `\r\n` / `\n`.
    content_end: usize,
    /// After the terminator; equal to `content_end` on a last line without one.
    next: usize,
}

impl LineBounds {
    fn terminated(&self) -> bool {
        self.next > self.content_end
    }
}

/// A name the parsers read back as one `%s` token: CP1251, not empty, no whitespace, no NUL.
fn name_bytes(name: &str, at: usize) -> Result<Vec<u8>> {
    let b = cp1251::encode(name).ok_or_else(|| Error::new(at, msg!("wear-name-not-cp1251", "name {name:?} has a character outside CP1251", name = name)))?;
    if b.is_empty() {
        return Err(Error::new(at, msg!("wear-name-empty", "a name cannot be empty")));
    }
    if b.iter().any(|&c| c == 0 || is_space(c)) {
        return Err(Error::new(
            at,
            msg!("wear-name-blank", "name {name:?} contains whitespace or a NUL; the engine reads names up to the first blank", name = name),
        ));
    }
    Ok(b)
}

/// `n` written the way `old` was: a `+` sign and zero padding are kept, so a count that
/// changes and changes back returns to its original bytes.
fn number_like(old: &[u8], n: usize) -> Vec<u8> {
    let (sign, digits) = match old.first() {
        Some(b'+') => ("+", &old[1..]),
        _ => ("", old),
    };
    let width = if digits.len() > 1 && digits[0] == b'0' { digits.len() } else { 0 };
    format!("{sign}{n:0width$}").into_bytes()
}

impl Wear {
    /// The style of the first line break (CRLF when the text has none: the game's files are
    /// DOS text).
    pub fn line_ending(&self) -> LineEnding {
        match self.text.iter().position(|&b| b == b'\n') {
            Some(i) if i > 0 && self.text[i - 1] == b'\r' => LineEnding::Crlf,
            Some(_) => LineEnding::Lf,
            None => LineEnding::Crlf,
        }
    }

    fn bounds(&self, pos: usize) -> LineBounds {
        let t = self.seen_text();
        let start = self.lines.start(self.lines.index(pos));
        LineBounds { start, content_end: line_content_end(t, start), next: next_line(t, start) }
    }

    /// Where the line break ending just before `line_start` begins: a `\r\n` in a CRLF file,
    /// else the `\n` alone. Going by the file's style rather than by the bytes undoes exactly
    /// what [`Wear::insert_after_line`] added, also after a last line ending in a bare `\r`.
    fn break_before(&self, line_start: usize) -> usize {
        let Some(nl) = line_start.checked_sub(1) else { return 0 };
        let crlf = self.line_ending() == LineEnding::Crlf;
        if crlf && nl > 0 && self.text[nl - 1] == b'\r' { nl - 1 } else { nl }
    }

    fn read_section(&self, section: Section) -> Option<&ReadSection> {
        match section {
            Section::Materials => Some(&self.file.materials),
            Section::Lightmaps => self.file.lightmaps.as_ref().map(|(_, s)| s),
        }
    }

    pub(super) fn row_at(&self, section: Section, row: usize) -> Result<&super::WearRow> {
        let rows = self.rows(section);
        rows.get(row).ok_or_else(|| {
            Error::new(
                0,
                msg!("wear-no-such-row", "{section} row {row} does not exist (the table has {count})", section = section.label(), row = row, count = rows.len()),
            )
        })
    }

    /// Applies non-overlapping splices and reads the view again.
    pub(super) fn splice(&mut self, mut edits: Vec<(Range<usize>, Vec<u8>)>) {
        edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        let mut text = std::mem::replace(&mut self.text, SharedBytes::empty()).into_vec();
        for (range, bytes) in edits {
            text.splice(range, bytes);
        }
        *self = Wear::parse(text);
    }

    /// The splice that adds `new_lines` after the line holding `pos`: each line with a
    /// terminator after it, or, when that line is the last and has none, a terminator before
    /// each so that the text still ends without one.
    fn insert_after_line(&self, pos: usize, new_lines: &[Vec<u8>]) -> (Range<usize>, Vec<u8>) {
        let b = self.bounds(pos);
        let eol = self.line_ending().bytes();
        let mut out = Vec::new();
        if b.terminated() {
            for l in new_lines {
                out.extend_from_slice(l);
                out.extend_from_slice(eol);
            }
            (b.next..b.next, out)
        } else {
            for l in new_lines {
                out.extend_from_slice(eol);
                out.extend_from_slice(l);
            }
            (b.content_end..b.content_end, out)
        }
    }

    /// The splice that sets a section's count to `n`, if it is not `n` already.
    pub(super) fn count_edit(&self, section: Section, n: usize) -> Result<Option<(Range<usize>, Vec<u8>)>> {
        let s = self.read_section(section).ok_or_else(|| Error::new(0, msg!("wear-no-lightmaps-section", "the WEAR has no LIGHTMAPS section")))?;
        let (v, span) = s
            .count
            .clone()
            .ok_or_else(|| Error::new(0, msg!("wear-no-count", "the WEAR has no {section} count to update", section = section.label())))?;
        let n64 = i64::try_from(n).unwrap_or(i64::MAX);
        let old = &self.text[span.clone()];
        Ok((v != n64).then(|| (span.clone(), number_like(old, n))))
    }

    /// Renames row `row`: only the name token changes.
    pub fn set_name(&mut self, section: Section, row: usize, name: &str) -> Result<()> {
        let span = self.row_at(section, row)?.name_span.clone();
        let b = name_bytes(name, span.start)?;
        self.splice(vec![(span, b)]);
        Ok(())
    }

    /// Sets row `row`'s legacy id: only the id token changes.
    pub fn set_id(&mut self, section: Section, row: usize, id: i32) -> Result<()> {
        let span = self.row_at(section, row)?.id_span.clone();
        self.splice(vec![(span, id.to_string().into_bytes())]);
        Ok(())
    }

    /// Appends a row after the section's last one and updates its count. Returns the new
    /// row's index.
    pub fn add_row(&mut self, section: Section, id: i32, name: &str) -> Result<usize> {
        let s = self.read_section(section).ok_or_else(|| Error::new(0, msg!("wear-add-lightmaps-first", "the WEAR has no LIGHTMAPS section; add one first")))?;
        let anchor = match (s.rows.last(), &s.count) {
            (Some(r), _) => r.name_span.start,
            (None, Some((_, c))) => c.start,
            (None, None) => return Err(Error::new(0, msg!("wear-no-count", "the WEAR has no {section} count to update", section = section.label()))),
        };
        let n = s.rows.len();
        let mut line = id.to_string().into_bytes();
        line.push(b' ');
        line.extend(name_bytes(name, anchor)?);
        let mut edits = vec![self.insert_after_line(anchor, &[line])];
        edits.extend(self.count_edit(section, n + 1)?);
        self.splice(edits);
        Ok(n)
    }

    /// Removes row `row` (its whole line when the line holds nothing else) and updates the
    /// count. A table keeps at least one row: the engine refuses an empty one.
    pub fn remove_row(&mut self, section: Section, row: usize) -> Result<()> {
        let r = self.row_at(section, row)?.clone();
        let n = self.rows(section).len();
        if n == 1 {
            return Err(Error::new(
                r.id_span.start,
                match section {
                    Section::Materials => msg!("wear-last-material-row", "a WEAR needs at least one material row"),
                    Section::Lightmaps => msg!("wear-last-lightmap-row", "the last lightmap row goes with its section: remove the LIGHTMAPS section instead"),
                },
            ));
        }
        let t = self.seen_text();
        let b = self.bounds(r.id_span.start);
        let alone = r.name_span.end <= b.content_end
            && t[b.start..r.id_span.start].iter().all(|&c| is_space(c))
            && t[r.name_span.end..b.content_end].iter().all(|&c| is_space(c));
        let range = if !alone {
            let mut end = r.name_span.end;
            while end < t.len() && matches!(t[end], b' ' | b'\t') {
                end += 1;
            }
            r.id_span.start..end
        } else if b.terminated() {
            b.start..b.next
        } else if b.start > 0 {
            // The last line without a terminator: take the break before it instead, so the text
            // still ends without one.
            self.break_before(b.start)..b.content_end
        } else {
            b.start..b.content_end
        };
        let mut edits = vec![(range, Vec::new())];
        edits.extend(self.count_edit(section, n - 1)?);
        self.splice(edits);
        Ok(())
    }

    /// Adds a LIGHTMAPS section after the material rows: a blank line (the buffer parser needs
    /// it), `LIGHTMAPS`, the count and the rows.
    pub fn add_lightmaps(&mut self, rows: &[(i32, &str)]) -> Result<()> {
        if rows.is_empty() {
            return Err(Error::new(0, msg!("wear-lightmaps-need-row", "a LIGHTMAPS section needs at least one row")));
        }
        let t = self.seen_text();
        let after = self.file.after_materials;
        let mut p = after;
        while let Some(w) = super::scan::scan_word(t, p) {
            if t[w.clone()].eq_ignore_ascii_case(LIGHTMAPS) {
                return Err(Error::new(w.start, msg!("wear-lightmaps-exists", "the WEAR already has a LIGHTMAPS line")));
            }
            p = w.end;
        }
        let anchor = match (self.file.materials.rows.last(), &self.file.materials.count) {
            (Some(r), _) => r.name_span.start,
            (None, Some((_, c))) => c.start,
            (None, None) => return Err(Error::new(0, msg!("wear-no-material-count-line", "the WEAR has no material count"))),
        };
        let mut lines = vec![Vec::new(), LIGHTMAPS.to_vec(), rows.len().to_string().into_bytes()];
        for (id, name) in rows {
            let mut l = id.to_string().into_bytes();
            l.push(b' ');
            l.extend(name_bytes(name, anchor)?);
            lines.push(l);
        }
        let edit = self.insert_after_line(anchor, &lines);
        self.splice(vec![edit]);
        Ok(())
    }

    /// Removes the LIGHTMAPS section: its lines and the blank line before it.
    pub fn remove_lightmaps(&mut self) -> Result<()> {
        let Some((word, s)) = self.file.lightmaps.clone() else {
            return Err(Error::new(0, msg!("wear-no-lightmaps-section", "the WEAR has no LIGHTMAPS section")));
        };
        let t = self.seen_text();
        let mat_end = self
            .file
            .materials
            .rows
            .last()
            .map(|r| r.name_span.end)
            .or_else(|| self.file.materials.count.as_ref().map(|c| c.1.end))
            .unwrap_or(0);
        let wl = self.lines.index(word.start);
        let mut start = self.lines.start(wl);
        if start < mat_end {
            start = word.start;
        } else if wl > 0 {
            let prev = self.lines.start(wl - 1);
            if prev >= mat_end && t[prev..start].iter().all(|&c| is_space(c)) {
                start = prev;
            }
        }
        let last = s.rows.last().map(|r| r.name_span.start).or_else(|| s.count.as_ref().map(|c| c.1.start)).unwrap_or(word.start);
        let b = self.bounds(last);
        let mut end = if b.terminated() { b.next } else { b.content_end };
        if !b.terminated() && start > 0 && start == self.lines.start(self.lines.index(start)) {
            // The section ran to the end of a text without a final newline: drop the break
            // before it too, so the text still ends without one.
            start = self.break_before(start).max(mat_end);
        }
        end = end.max(start);
        self.splice(vec![(start..end, Vec::new())]);
        Ok(())
    }
}
