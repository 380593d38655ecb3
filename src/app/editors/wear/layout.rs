//! The text's colours: one layout section per token (by what the engine's file parser reads
//! it as) and per escaped byte, in the shown text's UTF-8 offsets.

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

/// The coloured job for the shown text. Whitespace takes the weak colour (its marks, when
/// shown, are painted over it).
pub fn job(model: &TextModel, tokens: &[Token], font: FontId, v: &Visuals) -> LayoutJob {
    let text = &model.text;
    let mut job = LayoutJob { text: text.clone(), ..Default::default() };
    job.wrap.max_width = f32::INFINITY;
    let fmt = |color: Color32, background: Color32| TextFormat { font_id: font.clone(), color, background, ..Default::default() };
    let escape_bg = v.error_fg_color.gamma_multiply(0.25);
    // Runs of tokens and the gaps between them, each split where an escaped byte sits.
    let mut runs: Vec<(usize, usize, Option<TokenKind>)> = Vec::with_capacity(tokens.len() * 2 + 1);
    let mut pos = 0usize;
    for t in tokens {
        let (s, e) = (model.byte_to_utf8(t.span.start), model.byte_to_utf8(t.span.end));
        if s > pos {
            runs.push((pos, s, None));
        }
        runs.push((s, e, Some(t.kind)));
        pos = e;
    }
    if text.len() > pos {
        runs.push((pos, text.len(), None));
    }
    let mut escapes = model.escapes().map(|x| (x.utf8, x.utf8 + usize::from(x.utf8_len))).peekable();
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
    fn sections_cover_the_text_in_order() {
        for bytes in [&b"2\r\n0 ROCK\r\n1 \xCA\x98X\r\n\r\nLIGHTMAPS\r\n1\r\n0 LM\r\n\0junk\x01"[..], b"", b"\x98", b"junk"] {
            let m = TextModel::new(bytes);
            let w = Wear::parse(bytes.to_vec());
            let j = job(&m, &w.tokens(), FontId::monospace(12.0), &Visuals::dark());
            let mut pos = 0;
            for s in &j.sections {
                let (a, b) = (s.byte_range.start.0, s.byte_range.end.0);
                assert_eq!(a, pos, "{bytes:?}");
                assert!(b > a);
                assert!(m.text.is_char_boundary(b));
                pos = b;
            }
            assert_eq!(pos, m.text.len());
        }
    }
}
