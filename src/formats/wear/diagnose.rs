//! The WEAR rules (docs/formats/wear.md#rules). Errors: an empty
//! text, a count that is missing or <= 0 ("Illegal wear length.", "Illegal lightmaps
//! length."), fewer rows than the count, a row whose id is not a number. Warnings: rows beyond
//! the count, no blank line before `LIGHTMAPS` (the buffer parser then misreads), anything
//! else the two engine parsers read differently, text the engine never reads, ids that are not
//! 0..n-1 in order.

use super::Wear;
use super::engine::{EngineParser, EngineTable, FailKind, LIGHTMAPS, ReadSection};
use super::scan::{is_space, scan_int, scan_word};
use crate::formats::cp1251;
use crate::formats::error::{Diagnostic, Severity};
use crate::msg;

/// A token as a message shows it (`{found:?}`: quoted in English): its first 40 bytes.
fn shown(t: &[u8], span: std::ops::Range<usize>) -> String {
    cp1251::decode(&t[span.start..span.end.min(span.start + 40)])
}

pub(super) fn diagnose(w: &Wear) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let file = &w.file;
    if let Some(f) = &file.failure {
        out.push(failure(w, file, f.kind, f.pos, f.in_lightmaps));
    }
    numbers_in_range(w, &file.materials, &mut out);
    if let Some((_, s)) = &file.lightmaps {
        numbers_in_range(w, s, &mut out);
    }
    if file.failure.is_none() {
        unread_text(w, &mut out);
    }
    let blank_warned = blank_line(w, &mut out);
    if !blank_warned {
        parsers_agree(w, &mut out);
    }
    ids_in_order(w, super::Section::Materials, &mut out);
    ids_in_order(w, super::Section::Lightmaps, &mut out);
    if w.has_nul() {
        let after = &w.text[w.seen..];
        if let Some(i) = after.iter().position(|&b| b != 0 && !is_space(b)) {
            out.push(w.at(
                Severity::Warning,
                w.seen,
                msg!(
                    "wear-nul-tail",
                    "the text ends at a NUL byte; the {count} bytes after it (from offset {from}) are never read",
                    count = after.len() - 1,
                    from = w.seen + i
                ),
            ));
        }
    }
    out
}

fn failure(w: &Wear, table: &EngineTable, kind: FailKind, pos: usize, in_lightmaps: bool) -> Diagnostic {
    let t = w.seen_text();
    let word = scan_word(t, pos).filter(|s| s.start == pos);
    let empty = ReadSection::default();
    let section = if in_lightmaps { table.lightmaps.as_ref().map_or(&empty, |(_, s)| s) } else { &table.materials };
    let what = if in_lightmaps { "lightmap" } else { "material" };
    let message = match kind {
        FailKind::NoCount => match word {
            None => msg!("wear-empty", "empty WEAR: no material count (\"Illegal wear length.\")"),
            Some(s) => msg!(
                "wear-no-material-count",
                "expected the material count (an integer), found {found:?} (\"Illegal wear length.\")",
                found = shown(t, s)
            ),
        },
        FailKind::BadCount => {
            let n = section.count.as_ref().map_or(0, |c| c.0);
            msg!("wear-material-count-low", "the material count is {count}; it must be above 0 (\"Illegal wear length.\")", count = n)
        }
        FailKind::BadLightmapCount => match &section.count {
            Some((n, _)) => msg!("wear-lightmap-count-low", "the lightmap count is {count}; it must be above 0 (\"Illegal lightmaps length.\")", count = *n),
            None => match word {
                Some(s) => msg!(
                    "wear-no-lightmap-count",
                    "expected the lightmap count after LIGHTMAPS, found {found:?} (\"Illegal lightmaps length.\")",
                    found = shown(t, s)
                ),
                None => msg!("wear-ends-before-lightmap-count", "the text ends before the lightmap count (\"Illegal lightmaps length.\")"),
            },
        },
        FailKind::BadId => match word {
            Some(s) => msg!(
                "wear-bad-id",
                "{section} row {row}: expected a legacy id (an integer), found {found:?}",
                row = section.rows.len(),
                section = what,
                found = shown(t, s)
            ),
            None => msg!(
                "wear-no-id",
                "{section} row {row}: expected a legacy id (an integer), found nothing",
                row = section.rows.len(),
                section = what
            ),
        },
        FailKind::MissingRows => {
            let n = section.count.as_ref().map_or(0, |c| c.0);
            msg!(
                "wear-missing-rows",
                "the {section} count is {count} but the text ends after {rows} complete rows",
                rows = section.rows.len(),
                section = what,
                count = n
            )
        }
    };
    w.at(Severity::Error, pos, message)
}

fn numbers_in_range(w: &Wear, s: &ReadSection, out: &mut Vec<Diagnostic>) {
    let spans = s.count.iter().map(|(v, sp)| (*v, sp.start)).chain(s.rows.iter().map(|r| (r.id, r.id_span.start)));
    for (v, at) in spans {
        if i32::try_from(v).is_err() {
            out.push(w.at(Severity::Error, at, msg!("wear-number-too-big", "{value} does not fit the engine's 32-bit integer", value = v)));
        }
    }
}

/// `id name` pairs from `p` on, up to a `LIGHTMAPS` word: how many, and where they end.
pub(super) fn extra_rows(t: &[u8], mut p: usize) -> (usize, usize) {
    let mut n = 0;
    while let Some((_, id)) = scan_int(t, p) {
        match scan_word(t, id.end) {
            Some(name) if !t[name.clone()].eq_ignore_ascii_case(LIGHTMAPS) => {
                n += 1;
                p = name.end;
            }
            _ => break,
        }
    }
    (n, p)
}

/// Rows beyond a count, a LIGHTMAPS section behind extra material rows, and any other text the
/// file parser never reaches.
fn unread_text(w: &Wear, out: &mut Vec<Diagnostic>) {
    let t = w.seen_text();
    let file = &w.file;
    let (what, section) = match &file.lightmaps {
        Some((_, s)) => ("lightmap", s),
        None => ("material", &file.materials),
    };
    let (extra, p) = extra_rows(t, file.end);
    if extra > 0 {
        let count = section.count.as_ref().map_or(0, |c| c.0);
        let at = scan_word(t, file.end).map_or(file.end, |s| s.start);
        out.push(w.at(
            Severity::Warning,
            at,
            msg!(
                "wear-extra-rows",
                "{extra} {section} rows after the {count} the count announces; the engine ignores them",
                extra = extra,
                section = what,
                count = count
            ),
        ));
        if file.lightmaps.is_none()
            && let Some(word) = scan_word(t, p).filter(|s| t[s.clone()].eq_ignore_ascii_case(LIGHTMAPS))
        {
            out.push(w.at(
                Severity::Warning,
                word.start,
                msg!("wear-lightmaps-unread", "this LIGHTMAPS section follows rows beyond the count; the engine does not read it"),
            ));
            return;
        }
    }
    if let Some(word) = scan_word(t, p) {
        out.push(w.at(
            Severity::Warning,
            word.start,
            msg!("wear-text-after", "text after the table is not read by the engine: {found:?}", found = shown(t, word)),
        ));
    }
}

/// The buffer parser needs an empty line right before LIGHTMAPS. Returns whether it warned.
fn blank_line(w: &Wear, out: &mut Vec<Diagnostic>) -> bool {
    let Some((word, _)) = &w.file.lightmaps else {
        return false;
    };
    let line = w.lines.index(word.start);
    let blank = line > 0 && {
        let start = w.lines.start(line - 1);
        let end = w.lines.start(line);
        w.text[start..end].iter().all(|&b| is_space(b))
    };
    if blank {
        return false;
    }
    let message = match &w.buffer.failure {
        Some(f) => {
            let (l, c) = w.line_col(f.pos);
            msg!(
                "wear-no-blank-fails",
                "no blank line before LIGHTMAPS: the engine's buffer parser (sub_10003F80) then fails at line {line}, column {column}",
                line = l,
                column = c
            )
        }
        None => msg!("wear-no-blank-misreads", "no blank line before LIGHTMAPS: the engine's buffer parser (sub_10003F80) may then read the wrong lines"),
    };
    out.push(w.at(Severity::Warning, word.start, message));
    true
}

/// Whether two parsers read the same ids and names in each section (what
/// [`EngineTable::summary`] holds, compared without building it).
fn same_reading(t: &[u8], a: &EngineTable, b: &EngineTable) -> bool {
    let rows = |x: &ReadSection, y: &ReadSection| {
        x.rows.len() == y.rows.len() && x.rows.iter().zip(&y.rows).all(|(r, s)| r.id == s.id && t[r.name_span.clone()] == t[s.name_span.clone()])
    };
    rows(&a.materials, &b.materials)
        && match (&a.lightmaps, &b.lightmaps) {
            (Some((_, x)), Some((_, y))) => rows(x, y),
            (None, None) => true,
            _ => false,
        }
}

fn parsers_agree(w: &Wear, out: &mut Vec<Diagnostic>) {
    let t = w.seen_text();
    let (file, buffer) = (&w.file, &w.buffer);
    let same_failure = file.failure.as_ref().map(|f| f.kind) == buffer.failure.as_ref().map(|f| f.kind);
    if same_reading(t, file, buffer) && same_failure {
        return;
    }
    // The parsers' labels are EngineParser::label()'s, written out so a translation names them.
    debug_assert_eq!((EngineParser::Buffer.label(), EngineParser::File.label()), ("buffer parser (sub_10003F80)", "file parser (sub_10003B10)"));
    let message = match &buffer.failure {
        Some(f) => {
            let (l, c) = w.line_col(f.pos);
            msg!(
                "wear-parsers-differ-stops",
                "the engine's buffer parser (sub_10003F80) reads this text differently from its file parser (sub_10003B10): it stops at line {line}, column {column}",
                line = l,
                column = c
            )
        }
        None => {
            let (m, l) = buffer.summary(t);
            msg!(
                "wear-parsers-differ-reads",
                "the engine's buffer parser (sub_10003F80) reads this text differently from its file parser (sub_10003B10): it reads {materials} material rows and {lightmaps} lightmap rows",
                materials = m.len(),
                lightmaps = l.map_or(0, |l| l.len())
            )
        }
    };
    let pos = buffer.failure.as_ref().map_or(0, |f| f.pos);
    out.push(w.at(Severity::Warning, pos, message));
}

fn ids_in_order(w: &Wear, section: super::Section, out: &mut Vec<Diagnostic>) {
    if let Some((i, r)) = w.rows(section).iter().enumerate().find(|(i, r)| i64::from(r.legacy_id) != *i as i64) {
        out.push(w.at(
            Severity::Warning,
            r.id_span.start,
            msg!(
                "wear-ids-out-of-order",
                "{section} row {row} has legacy id {id}: the ids are not 0..n-1 in order; the engine looks rows up by position and ignores the ids",
                section = section.label(),
                row = i,
                id = r.legacy_id
            ),
        ));
    }
}
