//! The text's colours: one layout job per shown line, one section per token (by what the
//! engine's file parser reads it as) and per escaped byte, in the line's UTF-8 offsets. Only
//! the lines in view are laid out, and egui's galley cache keeps a line that did not change.

use super::text::TextModel;
use crate::formats::wear::assist::{Token, TokenKind};
use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Visuals};

pub fn color(kind: Option<TokenKind>, v: &Visuals) -> Color32 {
    let dark = v.dark_mode;
    let pick = |d: (u8, u8, u8), l: (u8, u8, u8)| if dark { Color32::from_rgb(d.0, d.1, d.2) } else { Color32::from_rgb(l.0, l.1, l.2) };
    match kind {
        Some(TokenKind::Count) => pick((86, 156, 214), (0, 80, 170)),
        Some(TokenKind::Id) => pick((181, 206, 168), (9, 134, 88)),
        Some(TokenKind::Material) => v.strong_text_color(),
        Some(TokenKind::Lightmap) => pick((78, 201, 176), (0, 128, 128)),
        Some(TokenKind::Keyword) => pick((197, 134, 192), (160, 0, 160)),
        Some(TokenKind::Ignored) | None => v.weak_text_color(),
    }
}

/// Lines longer than this many bytes of shown text are laid out up to here (a file of garbage
/// can be one long line): the rest is marked, not drawn.
pub const MAX_LINE: usize = 16 << 10;

/// The coloured job for shown line `line`. Whitespace takes the weak colour (its marks, when
/// shown, are painted over it).
pub fn line_job(model: &TextModel, tokens: &[Token], line: usize, font: FontId, v: &Visuals) -> LayoutJob {
    let full = model.line_text(line);
    let mut cut = full.len().min(MAX_LINE);
    while !full.is_char_boundary(cut) {
        cut -= 1;
    }
    let text = &full[..cut];
    let base = model.line_start(line).utf8;
    let mut job = LayoutJob { text: text.to_owned(), ..Default::default() };
    job.wrap.max_width = f32::INFINITY;
    let fmt = |color: Color32, background: Color32| TextFormat { font_id: font.clone(), color, background, ..Default::default() };
    let escape_bg = v.error_fg_color.gamma_multiply(0.25);
    let line_bytes = model.line_start(line).byte..model.char_to_byte(model.line_chars(line).end);
    // Runs of tokens and the gaps between them, each split where an escaped byte sits.
    let mut runs: Vec<(usize, usize, Option<TokenKind>)> = Vec::new();
    let mut pos = 0usize;
    let first = tokens.partition_point(|t| t.span.end <= line_bytes.start);
    for t in tokens[first..].iter().take_while(|t| t.span.start < line_bytes.end) {
        let s = model.byte_to_utf8(t.span.start.max(line_bytes.start)) - base;
        let e = (model.byte_to_utf8(t.span.end.min(line_bytes.end)) - base).min(text.len());
        if s >= e || s < pos {
            continue;
        }
        if s > pos {
            runs.push((pos, s, None));
        }
        runs.push((s, e, Some(t.kind)));
        pos = e;
    }
    if text.len() > pos {
        runs.push((pos, text.len(), None));
    }
    let mut escapes = model.escapes_in(base..base + text.len()).map(|x| (x.utf8 - base, (x.utf8 - base + usize::from(x.utf8_len)).min(text.len()))).peekable();
    let push = |job: &mut LayoutJob, from: usize, to: usize, f: TextFormat| {
        if to > from {
            job.sections.push(egui::text::LayoutSection { leading_space: 0.0, byte_range: egui::text::ByteIndex(from)..egui::text::ByteIndex(to), format: f });
        }
    };
    for (s, e, kind) in runs {
        let mut from = s;
        while let Some(&(xs, xe)) = escapes.peek().filter(|x| x.0 < e) {
            push(&mut job, from, xs.max(from), fmt(color(kind, v), Color32::TRANSPARENT));
            push(&mut job, xs.max(from), xe, fmt(v.error_fg_color, escape_bg));
            from = from.max(xe);
            escapes.next();
        }
        push(&mut job, from, e, fmt(color(kind, v), Color32::TRANSPARENT));
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::wear::Wear;

    #[test]
    fn a_line_is_coloured_by_its_tokens_and_escapes() {
        let bytes = b"1\r\n0 R\x98CK\r\n";
        let m = TextModel::new(bytes);
        let w = Wear::parse(bytes.to_vec());
        let v = Visuals::dark();
        let j = line_job(&m, &w.tokens(), 1, FontId::monospace(12.0), &v);
        assert_eq!(j.text, "0 R\\x98CK");
        let colors: Vec<(usize, Color32)> = j.sections.iter().map(|s| (s.byte_range.start.0, s.format.color)).collect();
        assert_eq!(colors[0], (0, color(Some(TokenKind::Id), &v)));
        assert_eq!(colors[2], (2, color(Some(TokenKind::Material), &v)));
        assert_eq!(colors[3], (3, v.error_fg_color), "the escape inside the name");
        assert_eq!(colors[4], (7, color(Some(TokenKind::Material), &v)));
        let long = [b"0 ".as_slice(), &vec![b'A'; MAX_LINE + 10]].concat();
        let m = TextModel::new(&long);
        assert_eq!(line_job(&m, &[], 0, FontId::monospace(12.0), &v).text.len(), MAX_LINE, "a long line is laid out up to the cap");
    }

    #[test]
    fn sections_cover_each_line_in_order() {
        for bytes in [&b"2\r\n0 ROCK\r\n1 \xCA\x98X\r\n\r\nLIGHTMAPS\r\n1\r\n0 LM\r\n\0junk\x01"[..], b"", b"\x98", b"junk"] {
            let m = TextModel::new(bytes);
            let w = Wear::parse(bytes.to_vec());
            for line in 0..m.line_count() {
                let j = line_job(&m, &w.tokens(), line, FontId::monospace(12.0), &Visuals::dark());
                assert_eq!(j.text, m.line_text(line));
                let mut pos = 0;
                for s in &j.sections {
                    let (a, b) = (s.byte_range.start.0, s.byte_range.end.0);
                    assert_eq!(a, pos, "{bytes:?} line {line}");
                    assert!(b > a);
                    assert!(j.text.is_char_boundary(b));
                    pos = b;
                }
                assert_eq!(pos, j.text.len());
            }
        }
    }
}
