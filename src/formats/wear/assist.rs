//! What an editor of WEAR text needs beyond the rules: every token classified by what the
//! engine's file parser makes of it (syntax colouring), the quick fixes that go with the
//! diagnostics (each one an edit of [`super::edit`], so it changes only the bytes it must), the
//! nearest known names for an unknown one, and the engine's limits that the open libraries
//! can tell.

use super::engine::FailKind;
use super::scan::is_space;
use super::{Section, Wear};
use crate::formats::error::{Diagnostic, Error, Result, Severity};
use crate::formats::message::Message;
use crate::msg;
use std::ops::Range;

/// What a run of text is to the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A section's count.
    Count,
    /// A row's legacy id.
    Id,
    /// A material row's name.
    Material,
    /// A lightmap row's name.
    Lightmap,
    /// The `LIGHTMAPS` word.
    Keyword,
    /// Text the file parser never reads (beyond the counts, after a failure, after a NUL).
    Ignored,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Range<usize>,
}

/// A change that answers a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fix {
    /// Sets a section's count to the rows the text holds.
    SetCount { section: Section, rows: usize },
    /// Inserts an empty line before `LIGHTMAPS`.
    BlankBeforeLightmaps,
    /// Replaces a row's name.
    ReplaceName { section: Section, row: usize, name: String },
}

/// A fix offered at a byte position (the diagnostic's). Its label is a message with an id: the
/// editor shows it in the interface's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuickFix {
    pub at: usize,
    pub label: Message,
    pub fix: Fix,
}

/// How many of each thing the open files hold, where they can tell (`None`: not open).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenCounts {
    /// Entries of `Material.lib`.
    pub materials: Option<usize>,
    /// Entries of `Textures.lib`.
    pub textures: Option<usize>,
    /// Entries of `lightmap.lib`.
    pub lightmaps: Option<usize>,
    /// Entries of `palettes.lib`.
    pub palettes: Option<usize>,
    /// WEAR tables open for one manager.
    pub tables: Option<usize>,
}

/// The engine's fixed arrays (docs/formats/wear.md#engine-limits); it does not check them.
pub const MAX_MATERIALS: usize = 700;
pub const MAX_TEXTURES: usize = 777;
pub const MAX_LIGHTMAPS: usize = 100;
pub const MAX_PALETTES: usize = 286;

impl Wear {
    /// Every non-blank run of the text, in order, by what the file parser reads it as.
    pub fn tokens(&self) -> Vec<Token> {
        let f = &self.file;
        let mut known: Vec<Token> = Vec::new();
        let section = |s: &super::engine::ReadSection, name: TokenKind, known: &mut Vec<Token>| {
            if let Some((_, span)) = &s.count {
                known.push(Token { kind: TokenKind::Count, span: span.clone() });
            }
            for r in &s.rows {
                known.push(Token { kind: TokenKind::Id, span: r.id_span.clone() });
                known.push(Token { kind: name, span: r.name_span.clone() });
            }
        };
        section(&f.materials, TokenKind::Material, &mut known);
        if let Some((word, s)) = &f.lightmaps {
            known.push(Token { kind: TokenKind::Keyword, span: word.clone() });
            section(s, TokenKind::Lightmap, &mut known);
        }
        known.sort_by_key(|t| t.span.start);
        let t = &self.text;
        let mut out = Vec::with_capacity(known.len() * 2);
        let mut p = 0;
        let ignored = |from: usize, to: usize, out: &mut Vec<Token>| {
            let mut q = from;
            while q < to {
                if is_space(t[q]) {
                    q += 1;
                    continue;
                }
                let s = q;
                while q < to && !is_space(t[q]) {
                    q += 1;
                }
                out.push(Token { kind: TokenKind::Ignored, span: s..q });
            }
        };
        for k in known {
            ignored(p, k.span.start, &mut out);
            p = k.span.end;
            out.push(k);
        }
        ignored(p, t.len(), &mut out);
        out
    }

    /// Rows in a section as the text holds them: `id name` pairs after its count, up to
    /// `LIGHTMAPS` or the first thing that is not a row (whatever the count says).
    pub fn rows_present(&self, section: Section) -> usize {
        let t = self.seen_text();
        let count = match section {
            Section::Materials => self.file.materials.count.as_ref(),
            Section::Lightmaps => self.file.lightmaps.as_ref().and_then(|(_, s)| s.count.as_ref()),
        };
        let Some((_, span)) = count else { return 0 };
        super::diagnose::extra_rows(t, span.end).0
    }

    /// The fixes for the table's own rules: a count that differs from the rows present, and
    /// the missing blank line before `LIGHTMAPS`.
    pub fn quick_fixes(&self) -> Vec<QuickFix> {
        let mut out = Vec::new();
        for section in [Section::Materials, Section::Lightmaps] {
            let count = match section {
                Section::Materials => self.file.materials.count.as_ref(),
                Section::Lightmaps => self.file.lightmaps.as_ref().and_then(|(_, s)| s.count.as_ref()),
            };
            let Some((n, span)) = count else { continue };
            let rows = self.rows_present(section);
            // A failure inside the materials hides what follows: the lightmap count is only
            // offered once the materials read.
            let blocked = section == Section::Lightmaps && self.file.failure.as_ref().is_some_and(|f| !f.in_lightmaps);
            if rows > 0 && i64::try_from(rows).ok() != Some(*n) && !blocked {
                // Offered at the count and at each diagnostic a wrong count causes: the rows
                // that run out or the row that is none (the failure), the rows beyond it.
                let mut at = vec![span.start];
                if let Some(f) = &self.file.failure
                    && f.in_lightmaps == (section == Section::Lightmaps)
                    && matches!(f.kind, FailKind::BadId | FailKind::MissingRows)
                {
                    at.push(f.pos);
                }
                let last = if self.file.lightmaps.is_some() { Section::Lightmaps } else { Section::Materials };
                if self.file.failure.is_none() && section == last && super::diagnose::extra_rows(self.seen_text(), self.file.end).0 > 0 {
                    at.push(super::scan::scan_word(self.seen_text(), self.file.end).map_or(self.file.end, |w| w.start));
                }
                at.dedup();
                for at in at {
                    let label = msg!("wear-fix-set-count", "Set the {section} count to {rows} (the rows present)", section = section.label(), rows = rows);
                    out.push(QuickFix { at, label, fix: Fix::SetCount { section, rows } });
                }
            }
        }
        if let Some((word, _)) = &self.file.lightmaps
            && !self.blank_before(word.start)
        {
            out.push(QuickFix { at: word.start, label: msg!("wear-fix-blank-line", "Insert a blank line before LIGHTMAPS"), fix: Fix::BlankBeforeLightmaps });
        }
        out
    }

    /// The fixes for a name that resolves nowhere: the nearest of `known`, up to five.
    pub fn name_fixes(&self, section: Section, row: usize, known: &[String]) -> Vec<QuickFix> {
        let Some(r) = self.rows(section).get(row) else { return Vec::new() };
        let current = self.name(r);
        nearest_names(&current, known, 5)
            .into_iter()
            .map(|name| QuickFix {
                at: r.name_span.start,
                label: msg!("wear-fix-replace-name", "Replace {current} with {name}", current = current.clone(), name = name.clone()),
                fix: Fix::ReplaceName { section, row, name },
            })
            .collect()
    }

    /// Whether the line before the one holding `pos` is blank.
    pub(super) fn blank_before(&self, pos: usize) -> bool {
        let line = self.lines.index(pos);
        line > 0 && {
            let start = self.lines.start(line - 1);
            let end = self.lines.start(line);
            self.text[start..end].iter().all(|&b| is_space(b))
        }
    }

    /// Applies a fix through the structured edits.
    pub fn apply_fix(&mut self, fix: &Fix) -> Result<()> {
        match fix {
            Fix::SetCount { section, rows } => {
                let edit = self.count_edit(*section, *rows)?;
                self.splice(edit.into_iter().collect());
                Ok(())
            }
            Fix::BlankBeforeLightmaps => self.insert_blank_before_lightmaps(),
            Fix::ReplaceName { section, row, name } => self.set_name(*section, *row, name),
        }
    }

    /// An empty line before `LIGHTMAPS` in the file's line-ending style: at the start of its
    /// line, or, when the word follows other text on its line, a line break and an empty line
    /// before the word.
    pub fn insert_blank_before_lightmaps(&mut self) -> Result<()> {
        let Some((word, _)) = self.file.lightmaps.clone() else {
            return Err(Error::new(0, msg!("wear-no-lightmaps-section", "the WEAR has no LIGHTMAPS section")));
        };
        if self.blank_before(word.start) {
            return Ok(());
        }
        let eol = self.line_ending().bytes();
        let line_start = self.lines.start(self.lines.index(word.start));
        let at_start = self.text[line_start..word.start].iter().all(|&b| is_space(b));
        let edit = if at_start { (line_start..line_start, eol.to_vec()) } else { (word.start..word.start, [eol, eol].concat()) };
        self.splice(vec![edit]);
        Ok(())
    }

    /// Exchanges the names of two rows of a section: rows are addressed by position, so this
    /// is moving a row (the ids stay where they are, in order).
    pub fn swap_rows(&mut self, section: Section, a: usize, b: usize) -> Result<()> {
        if a == b {
            return Ok(());
        }
        let (ra, rb) = (self.row_at(section, a)?, self.row_at(section, b)?);
        let edits = vec![(ra.name_span.clone(), self.name_bytes(rb).to_vec()), (rb.name_span.clone(), self.name_bytes(ra).to_vec())];
        self.splice(edits);
        Ok(())
    }

    /// The engine's limits as warnings: rows beyond what the engine loads, and open libraries
    /// holding more than its arrays.
    pub fn check_limits(&self, open: &OpenCounts) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let at = |s: Section| match s {
            Section::Materials => self.file.materials.count.as_ref().map_or(0, |c| c.1.start),
            Section::Lightmaps => self.file.lightmaps.as_ref().map_or(0, |(w, _)| w.start),
        };
        let rows = self.materials.len();
        if rows > MAX_MATERIALS {
            let message = msg!("wear-too-many-materials", "{rows} material rows: the engine loads at most {max} materials", rows = rows, max = MAX_MATERIALS);
            out.push(self.at(Severity::Warning, at(Section::Materials), message));
        }
        let lm = self.lightmaps().map_or(0, |l| l.len());
        if lm > MAX_LIGHTMAPS {
            let message = msg!("wear-too-many-lightmaps", "{rows} lightmap rows: the engine holds at most {max} lightmaps", rows = lm, max = MAX_LIGHTMAPS);
            out.push(self.at(Severity::Warning, at(Section::Lightmaps), message));
        }
        let libs = [
            (open.materials, MAX_MATERIALS, "Material.lib", "materials"),
            (open.textures, MAX_TEXTURES, "Textures.lib", "textures"),
            (open.lightmaps, MAX_LIGHTMAPS, "lightmap.lib", "lightmaps"),
            (open.palettes, MAX_PALETTES, "palettes.lib", "palettes"),
        ];
        for (n, max, lib, what) in libs {
            if let Some(n) = n.filter(|&n| n > max) {
                let message = msg!(
                    "wear-library-too-big",
                    "{lib} holds {count} entries: the engine loads at most {max} {what}",
                    lib = lib,
                    count = n,
                    max = max,
                    what = what
                );
                out.push(Diagnostic::new(Severity::Warning, None, message));
            }
        }
        out.extend(open.tables.and_then(super::check_table_count).map(|d| Diagnostic { severity: Severity::Warning, ..d }));
        out
    }

    /// What the engine's failure (if any) is, for a status line.
    pub fn failure_kind(&self) -> Option<FailKind> {
        self.file.failure.as_ref().map(|f| f.kind)
    }
}

/// Levenshtein distance over characters, ASCII case folded (the engine's lookups ignore ASCII
/// case).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_uppercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_uppercase()).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Up to `n` of `known` nearest to `name` (ties by name), without `name` itself and without
/// names that differ in more than half their characters.
pub fn nearest_names(name: &str, known: &[String], n: usize) -> Vec<String> {
    let mut scored: Vec<(usize, &String)> = known
        .iter()
        .filter(|k| !k.eq_ignore_ascii_case(name))
        .map(|k| (edit_distance(name, k), k))
        .filter(|(d, k)| *d * 2 <= name.chars().count().max(k.chars().count()))
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1.eq_ignore_ascii_case(b.1));
    scored.into_iter().take(n).map(|(_, k)| k.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(w: &Wear) -> Vec<(TokenKind, String)> {
        w.tokens().into_iter().map(|t| (t.kind, String::from_utf8_lossy(&w.bytes()[t.span]).into_owned())).collect()
    }

    #[test]
    fn tokens_classify_what_the_engine_reads() {
        let w = Wear::parse(b"2\r\n0 ROCK\r\n1 GRASS\r\n\r\nlightmaps\r\n1\r\n0 LM.0\r\ntail\0junk".to_vec());
        use TokenKind::*;
        let want = [
            (Count, "2"),
            (Id, "0"),
            (Material, "ROCK"),
            (Id, "1"),
            (Material, "GRASS"),
            (Keyword, "lightmaps"),
            (Count, "1"),
            (Id, "0"),
            (Lightmap, "LM.0"),
            (Ignored, "tail\0junk"),
        ];
        assert_eq!(kinds(&w), want.iter().map(|(k, s)| (*k, s.to_string())).collect::<Vec<_>>());
        // A word between the rows and LIGHTMAPS hides the section from the engine.
        let w = Wear::parse(b"1\n0 A x\n\nLIGHTMAPS\n1\n0 L\n".to_vec());
        assert_eq!(kinds(&w).iter().filter(|(k, _)| *k == Ignored).count(), 5);
        // Everything after a failure is ignored text.
        let w = Wear::parse(b"3\n0 A\nB C\n".to_vec());
        assert_eq!(kinds(&w).iter().filter(|(k, _)| *k == Ignored).count(), 2);
        assert!(Wear::parse(Vec::new()).tokens().is_empty());
    }

    #[test]
    fn count_fix_sets_the_rows_present() {
        let mut w = Wear::parse(b"3\r\n0 A\r\n1 B\r\n".to_vec());
        let fixes = w.quick_fixes();
        assert_eq!(fixes.len(), 2, "at the count and at the rows that run out");
        assert_eq!(fixes[0].fix, Fix::SetCount { section: Section::Materials, rows: 2 });
        assert_eq!(fixes[1].fix, fixes[0].fix);
        assert_eq!(w.line_col(fixes[0].at), (1, 1));
        let missing = w.diagnostics().iter().find(|d| d.severity == Severity::Error).and_then(|d| d.offset).unwrap();
        assert_eq!(fixes[1].at as u64, missing, "the error's own place offers it");
        w.apply_fix(&fixes[0].fix).unwrap();
        assert_eq!(w.bytes(), b"2\r\n0 A\r\n1 B\r\n");
        assert!(w.diagnostics().is_empty() && w.quick_fixes().is_empty());
        // Extra rows (offered at the warning too), and a count of zero, get the same fix.
        let mut w = Wear::parse(b"1\n0 A\n1 B\n".to_vec());
        let warning = w.diagnostics().iter().find(|d| d.message.contains("rows after")).and_then(|d| d.offset).unwrap();
        assert_eq!(w.quick_fixes().iter().map(|f| f.at as u64).collect::<Vec<_>>(), [0, warning]);
        // A row that is not one (here LIGHTMAPS read as an id) is where the count ran out.
        let w2 = Wear::parse(b"3\n0 A\n1 B\n\nLIGHTMAPS\n1\n0 L\n".to_vec());
        let bad = w2.diagnostics().iter().find(|d| d.severity == Severity::Error).and_then(|d| d.offset).unwrap();
        assert!(w2.quick_fixes().iter().any(|f| f.at as u64 == bad && f.fix == Fix::SetCount { section: Section::Materials, rows: 2 }), "{:?}", w2.quick_fixes());
        w.apply_fix(&w.quick_fixes()[0].fix.clone()).unwrap();
        assert_eq!(w.bytes(), b"2\n0 A\n1 B\n");
        let mut w = Wear::parse(b"-1\n0 A\n".to_vec());
        w.apply_fix(&w.quick_fixes()[0].fix.clone()).unwrap();
        assert_eq!(w.bytes(), b"1\n0 A\n");
        // Nothing to count: no fix.
        assert!(Wear::parse(b"0\n".to_vec()).quick_fixes().is_empty());
        assert!(Wear::parse(Vec::new()).quick_fixes().is_empty());
    }

    #[test]
    fn blank_line_fix_keeps_the_line_endings() {
        let mut w = Wear::parse(b"1\r\n0 A\r\nLIGHTMAPS\r\n1\r\n0 L\r\n".to_vec());
        let f = w.quick_fixes();
        assert_eq!(f.iter().map(|f| &f.fix).collect::<Vec<_>>(), [&Fix::BlankBeforeLightmaps]);
        w.apply_fix(&Fix::BlankBeforeLightmaps).unwrap();
        assert_eq!(w.bytes(), b"1\r\n0 A\r\n\r\nLIGHTMAPS\r\n1\r\n0 L\r\n");
        assert!(w.diagnostics().is_empty(), "{:?}", w.diagnostics());
        let mut w = Wear::parse(b"1\n0 A LIGHTMAPS\n1\n0 L\n".to_vec());
        w.insert_blank_before_lightmaps().unwrap();
        assert_eq!(w.bytes(), b"1\n0 A \n\nLIGHTMAPS\n1\n0 L\n");
        assert!(w.quick_fixes().is_empty());
    }

    #[test]
    fn nearest_names_by_edit_distance() {
        assert_eq!(edit_distance("ROCK", "rock"), 0);
        assert_eq!(edit_distance("ROCK", "ROCKS"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "AB"), 2);
        let known: Vec<String> = ["ROCK", "ROCKS", "BRICK", "GRASS", "DEFAULT", "RACK", "ROOF", "METAL01"].iter().map(|s| s.to_string()).collect();
        assert_eq!(nearest_names("ROCX", &known, 5), ["ROCK", "RACK", "ROCKS", "ROOF"]);
        assert_eq!(nearest_names("ROCK", &known, 2), ["RACK", "ROCKS"]);
        assert!(nearest_names("ZZZZZZZZZZZZ", &known, 5).is_empty());
        let w = Wear::parse(b"1\n0 GRAS\n".to_vec());
        let f = w.name_fixes(Section::Materials, 0, &known);
        assert_eq!(f[0].fix, Fix::ReplaceName { section: Section::Materials, row: 0, name: "GRASS".into() });
        assert_eq!(w.line_col(f[0].at), (2, 3));
    }

    #[test]
    fn swap_rows_exchanges_only_the_names() {
        let mut w = Wear::parse(b"3\r\n0 A\r\n1 LONGER\r\n2 C".to_vec());
        w.swap_rows(Section::Materials, 0, 1).unwrap();
        assert_eq!(w.bytes(), b"3\r\n0 LONGER\r\n1 A\r\n2 C");
        assert!(w.swap_rows(Section::Materials, 0, 3).is_err());
    }

    #[test]
    fn limits_warn() {
        let mut text = b"701\n".to_vec();
        for i in 0..701 {
            text.extend(format!("{i} M{i}\n").bytes());
        }
        let w = Wear::parse(text);
        let open = OpenCounts { materials: Some(701), textures: Some(777), lightmaps: Some(101), palettes: Some(300), tables: Some(71) };
        let d = w.check_limits(&open);
        let msgs: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(d.len(), 5, "{msgs:?}");
        assert!(d.iter().all(|d| d.severity == Severity::Warning));
        assert!(msgs[0].starts_with("701 material rows") && msgs[1].starts_with("Material.lib holds 701"));
        assert!(Wear::parse(b"1\n0 A\n".to_vec()).check_limits(&OpenCounts::default()).is_empty());
    }
}
