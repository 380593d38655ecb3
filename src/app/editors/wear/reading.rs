//! A large table is read again off the UI thread after a keystroke: parsing, tokens and the
//! table's own fixes take about 0.26 s for 10 MB, which would stall every key. Until the
//! reading of the latest text comes back, the view shows the last one's tokens and
//! diagnostics moved by the edit, and what needs the exact reading waits for it
//! ([`super::WearView::settle`]). Smaller tables are read at once, as before.

use super::assets::Names;
use crate::formats::Diagnostic;
use crate::formats::wear::Wear;
use crate::formats::wear::assist::{QuickFix, Token};
use crate::formats::wear::scan::is_space;
use std::ops::Range;
use std::sync::Arc;

/// Texts from this size on are read in the background after a keystroke (a 1 MiB table,
/// about 80,000 rows, reads in about 35 ms).
pub const BACKGROUND_FROM: usize = 1 << 20;

/// Whether an input event can be handled with the last reading moved by the edits since:
/// typing, deleting, moving the cursor, scrolling, pointing. Anything else (a click, a command
/// key, a function key, Escape) waits for the latest reading first.
pub fn goes_on_without_reading(e: &egui::Event) -> bool {
    use egui::{Event, Key};
    let function = |k: &Key| {
        let n = k.name();
        n.len() >= 2 && n.starts_with('F') && n[1..].bytes().all(|b| b.is_ascii_digit())
    };
    let edits_or_moves = |k: &Key| {
        matches!(
            k,
            Key::Backspace | Key::Delete | Key::Enter | Key::Tab | Key::ArrowLeft | Key::ArrowRight | Key::ArrowUp | Key::ArrowDown | Key::Home | Key::End | Key::PageUp | Key::PageDown
        )
    };
    match e {
        Event::Text(_) | Event::Paste(_) | Event::PointerMoved(_) | Event::MouseMoved(_) | Event::PointerGone | Event::MouseWheel { .. } | Event::WindowFocused(_) => true,
        Event::Key { pressed: false, .. } => true,
        Event::Key { key, modifiers, .. } if modifiers.alt || function(key) || *key == Key::Escape => false,
        Event::Key { key, modifiers, .. } => !modifiers.command || edits_or_moves(key),
        _ => false,
    }
}

/// What the view reads from its bytes besides the text model: all that scales with the
/// table, so that taking it on the UI thread costs next to nothing.
pub struct Reading {
    pub wear: Wear,
    pub tokens: Vec<Token>,
    pub fixes: Vec<QuickFix>,
    /// The names that resolve nowhere, against `names`.
    pub unknown_names: Vec<Diagnostic>,
    /// The libraries' names when the reading was asked for.
    pub names: Arc<Names>,
    /// Line breaks: all, and those that are `\r\n`.
    pub line_breaks: (usize, usize),
}

impl Reading {
    pub fn of(bytes: Vec<u8>, names: Arc<Names>) -> Reading {
        Reading::from_wear(Wear::parse(bytes), names)
    }

    /// The rest of the reading of a table already parsed.
    pub fn from_wear(wear: Wear, names: Arc<Names>) -> Reading {
        let t = wear.bytes();
        let lf = t.iter().filter(|&&b| b == b'\n').count();
        let crlf = t.windows(2).filter(|w| w == b"\r\n").count();
        Reading { tokens: wear.tokens(), fixes: wear.quick_fixes(), unknown_names: names.diagnostics(&wear), names, line_breaks: (lf, crlf), wear }
    }
}

/// One byte edit: `range` of the old bytes replaced by `inserted` bytes, which changed the
/// line count by `lines`; whether the inserted bytes begin and end with a word character (so
/// a word they touch grows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub inserted: usize,
    pub lines: isize,
    pub word_first: bool,
    pub word_last: bool,
}

impl Edit {
    pub fn new(old: &[u8], range: Range<usize>, inserted: &[u8]) -> Edit {
        let count = |b: &[u8]| b.iter().filter(|&&c| c == b'\n').count() as isize;
        let removed = old.get(range.clone()).map_or(0, count);
        let word = |b: Option<&u8>| b.is_some_and(|&b| !is_space(b));
        Edit { lines: count(inserted) - removed, inserted: inserted.len(), range, word_first: word(inserted.first()), word_last: word(inserted.last()) }
    }

    /// Where an old position is after the edit: positions in the replaced range go to the end
    /// of what was put in, so a word typed into grows.
    /// The one edit that turns `old` into `new`: what lies between their common start and
    /// their common end.
    pub fn between(old: &[u8], new: &[u8]) -> Edit {
        let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        let room = old.len().min(new.len()) - prefix;
        let suffix = old.iter().rev().zip(new.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
        Edit::new(old, prefix..old.len() - suffix, &new[prefix..new.len() - suffix])
    }

    fn map(&self, p: usize) -> usize {
        if p < self.range.start {
            p
        } else if p >= self.range.end {
            p - self.range.len() + self.inserted
        } else {
            self.range.start + self.inserted
        }
    }

    /// Moves the tokens of the old text onto the new one; a token the edit swallowed whole
    /// is dropped.
    pub fn shift_tokens(&self, tokens: &mut Vec<Token>) {
        for t in tokens.iter_mut() {
            // Word characters put in right before a token join it; anything else pushes it on.
            let start = if t.span.start == self.range.end && self.word_last { self.range.start } else { self.map(t.span.start) };
            // Those put in right after a token join it; a space does not.
            let end = if t.span.end == self.range.start && !self.word_first { t.span.end } else { self.map(t.span.end) };
            t.span = start..end.max(start);
        }
        tokens.retain(|t| !t.span.is_empty());
    }

    /// Moves the diagnostics of the old text (their offsets, and the lines of those after the
    /// edit) onto the new one.
    pub fn shift_diagnostics(&self, diagnostics: &mut [Diagnostic]) {
        for d in diagnostics {
            let Some(o) = d.offset.and_then(|o| usize::try_from(o).ok()) else { continue };
            if o >= self.range.end && self.lines != 0 {
                d.line = d.line.map(|l| (i64::from(l) + self.lines as i64).clamp(1, i64::from(u32::MAX)) as u32);
            }
            d.offset = Some(self.map(o) as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::wear::assist::TokenKind;

    fn text_after(old: &[u8], e: &Edit, inserted: &[u8]) -> Vec<u8> {
        [&old[..e.range.start], inserted, &old[e.range.end..]].concat()
    }

    /// After a keystroke that keeps the table's shape (a name typed into or shortened, a
    /// blank line added), the moved tokens and diagnostics are those a fresh reading of the
    /// new text gives.
    #[test]
    fn moved_tokens_and_diagnostics_match_a_fresh_reading_after_a_keystroke() {
        let old = b"3\r\n0 ROCK\r\n1 GRASS\r\n2 WATER\r\nextra\r\n".to_vec();
        let before = Reading::of(old.clone(), Arc::default());
        assert!(!before.wear.diagnostics().is_empty(), "the extra row is reported");
        for (range, inserted) in [(9..9, &b"Y"[..]), (5..5, b"X"), (7..8, b""), (14..16, b"RA"), (29..29, b"\r\n")] {
            let e = Edit::new(&old, range.clone(), inserted);
            let new = text_after(&old, &e, inserted);
            let fresh = Reading::of(new.clone(), Arc::default());
            let mut tokens = before.tokens.clone();
            e.shift_tokens(&mut tokens);
            assert_eq!(tokens, fresh.tokens, "{range:?} {inserted:?}");
            let mut d = before.wear.diagnostics().to_vec();
            e.shift_diagnostics(&mut d);
            assert_eq!(d, fresh.wear.diagnostics(), "{range:?} {inserted:?}");
        }
    }

    #[test]
    fn only_typing_moving_and_pointing_go_on_without_the_reading() {
        use egui::{Event, Key, Modifiers, PointerButton, pos2};
        let key = |key, modifiers, pressed| Event::Key { key, physical_key: None, pressed, repeat: false, modifiers };
        let on = [
            Event::Text("x".into()),
            key(Key::A, Modifiers::NONE, true),
            key(Key::A, Modifiers::SHIFT, true),
            key(Key::Backspace, Modifiers::COMMAND, true),
            key(Key::ArrowDown, Modifiers::SHIFT, true),
            key(Key::S, Modifiers::COMMAND, false),
            Event::PointerMoved(pos2(1.0, 2.0)),
        ];
        let waits = [
            key(Key::S, Modifiers::COMMAND, true),
            key(Key::Z, Modifiers::COMMAND, true),
            key(Key::F12, Modifiers::NONE, true),
            key(Key::Escape, Modifiers::NONE, true),
            key(Key::A, Modifiers::ALT, true),
            Event::PointerButton { pos: pos2(1.0, 2.0), button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE },
            Event::Copy,
        ];
        for e in &on {
            assert!(goes_on_without_reading(e), "{e:?}");
        }
        for e in &waits {
            assert!(!goes_on_without_reading(e), "{e:?}");
        }
    }

    #[test]
    fn between_finds_the_changed_middle() {
        let e = Edit::between(b"0 ROCK\r\n1 ROCK\r\n", b"0 ROCK\r\n1 SAND\r\n");
        assert_eq!((e.range, e.inserted, e.lines), (10..14, 4, 0));
        // Repeats at the seam: the common end does not overlap the common start.
        let e = Edit::between(b"aaa", b"aaaaa");
        assert_eq!((e.range, e.inserted), (3..3, 2));
        let e = Edit::between(b"abc\n", b"");
        assert_eq!((e.range, e.inserted, e.lines), (0..4, 0, -1));
        assert_eq!(Edit::between(b"same", b"same").range, 4..4);
    }

    #[test]
    fn a_word_typed_into_grows_and_a_word_deleted_goes() {
        let tok = |a, b| Token { kind: TokenKind::Material, span: a..b };
        let text = b"0 ROCK   SAND";
        let shifted = |range: Range<usize>, inserted: &[u8]| {
            let mut t = vec![tok(2, 6), tok(9, 13)];
            Edit::new(text, range, inserted).shift_tokens(&mut t);
            t
        };
        assert_eq!(shifted(6..6, b"S"), [tok(2, 7), tok(10, 14)], "typed at the end of the first word");
        assert_eq!(shifted(6..6, b" "), [tok(2, 6), tok(10, 14)], "a space after it");
        assert_eq!(shifted(9..9, b"AB"), [tok(2, 6), tok(9, 15)], "typed at the start of the second word");
        assert_eq!(shifted(9..9, b"A "), [tok(2, 6), tok(11, 15)], "a word and a space before it");
        assert_eq!(shifted(8..13, b""), [tok(2, 6)], "the second word deleted");
    }
}
