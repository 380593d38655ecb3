//! The text view's cursor and selection, in shown-text characters, and how the editing keys
//! move them. A word is a run of characters that are not whitespace, as the engine splits a
//! row, so Ctrl+Backspace takes a whole name and a double click selects one.

use super::text::TextModel;
use std::ops::Range;

/// The selection: `anchor` stays where it began, `head` moves (a cursor is both at one place).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Caret {
    pub anchor: usize,
    pub head: usize,
    /// The column Up and Down aim for, kept across short lines.
    pub column: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Left,
    Right,
    WordLeft,
    WordRight,
    Up(usize),
    Down(usize),
    LineStart,
    LineEnd,
    TextStart,
    TextEnd,
}

fn is_word(c: char) -> bool {
    !c.is_whitespace()
}

impl Caret {
    pub fn at(c: usize) -> Caret {
        Caret { anchor: c, head: c, column: None }
    }

    pub fn range(&self) -> Range<usize> {
        self.anchor.min(self.head)..self.anchor.max(self.head)
    }

    pub fn is_empty(&self) -> bool {
        self.anchor == self.head
    }

    /// Keeps both ends inside a text that may have shrunk.
    pub fn clamped(self, m: &TextModel) -> Caret {
        let n = m.char_len();
        Caret { anchor: self.anchor.min(n), head: self.head.min(n), column: self.column }
    }

    /// Moves the head (`extend`: the anchor stays, else the selection collapses onto it).
    pub fn moved(self, m: &TextModel, mv: Move, extend: bool) -> Caret {
        let r = self.range();
        let head = match mv {
            // Left or Right on a selection lands on its edge, as text editors do.
            Move::Left if !extend && !self.is_empty() => r.start,
            Move::Right if !extend && !self.is_empty() => r.end,
            _ => target(m, self.head, mv, self.column),
        };
        let column = match mv {
            Move::Up(_) | Move::Down(_) => Some(self.column.unwrap_or_else(|| column_of(m, self.head))),
            _ => None,
        };
        Caret { anchor: if extend { self.anchor } else { head }, head, column }
    }

    /// The selection over the word at character `c` (the whitespace run when there is none).
    pub fn word_at(m: &TextModel, c: usize) -> Caret {
        let c = c.min(m.char_len());
        let line = m.line_of_char(c);
        let start = m.line_chars(line).start;
        let chars: Vec<char> = m.line_text(line).chars().collect();
        let col = (c - start).min(chars.len());
        let (at, before) = (chars.get(col).copied(), col.checked_sub(1).and_then(|i| chars.get(i)).copied());
        let kind = match (at, before) {
            (None, None) => return Caret::at(c),
            (a, b) => a.is_some_and(is_word) || b.is_some_and(is_word),
        };
        let mut a = col;
        while a > 0 && is_word(chars[a - 1]) == kind {
            a -= 1;
        }
        let mut b = col;
        while b < chars.len() && is_word(chars[b]) == kind {
            b += 1;
        }
        Caret { anchor: start + a, head: start + b, column: None }
    }
}

fn column_of(m: &TextModel, c: usize) -> usize {
    c - m.line_chars(m.line_of_char(c)).start
}

fn target(m: &TextModel, c: usize, mv: Move, column: Option<usize>) -> usize {
    let n = m.char_len();
    let line = m.line_of_char(c);
    let span = m.line_chars(line);
    let vertical = |to: usize| {
        let s = m.line_chars(to);
        s.start + column.unwrap_or(c - span.start).min(s.len())
    };
    match mv {
        Move::Left => c.saturating_sub(1),
        Move::Right => (c + 1).min(n),
        Move::WordLeft if c == span.start => c.saturating_sub(1),
        Move::WordRight if c >= span.end => (c + 1).min(n),
        Move::WordLeft | Move::WordRight => {
            let chars: Vec<char> = m.line_text(line).chars().collect();
            let mut col = c - span.start;
            if mv == Move::WordLeft {
                while col > 0 && !is_word(chars[col - 1]) {
                    col -= 1;
                }
                while col > 0 && is_word(chars[col - 1]) {
                    col -= 1;
                }
            } else {
                while col < chars.len() && !is_word(chars[col]) {
                    col += 1;
                }
                while col < chars.len() && is_word(chars[col]) {
                    col += 1;
                }
            }
            span.start + col
        }
        Move::Up(k) if line == 0 || k == 0 => if k == 0 { c } else { span.start },
        Move::Up(k) => vertical(line.saturating_sub(k)),
        Move::Down(k) if line + 1 >= m.line_count() || k == 0 => if k == 0 { c } else { span.end },
        Move::Down(k) => vertical((line + k).min(m.line_count() - 1)),
        Move::LineStart => {
            // Home goes to the first non-blank character, then to the line's start.
            let indent = m.line_text(line).chars().take_while(|c| c.is_whitespace()).count();
            if c == span.start + indent { span.start } else { span.start + indent }
        }
        Move::LineEnd => span.end,
        Move::TextStart => 0,
        Move::TextEnd => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(m: &TextModel, c: usize, k: Move) -> usize {
        Caret::at(c).moved(m, k, false).head
    }

    #[test]
    fn keys_move_by_characters_words_and_lines() {
        // "2\n0 METAL01\n  1 LM_X.0\n"
        let m = TextModel::new(b"2\r\n0 METAL01\r\n  1 LM_X.0\r\n");
        assert_eq!(mv(&m, 0, Move::Left), 0);
        assert_eq!(mv(&m, 1, Move::Right), 2, "over the CRLF as one character");
        assert_eq!(mv(&m, 11, Move::WordLeft), 4, "back to the name's start");
        assert_eq!(mv(&m, 4, Move::WordLeft), 2);
        assert_eq!(mv(&m, 2, Move::WordLeft), 1, "from a line's start to the line before");
        assert_eq!(mv(&m, 2, Move::WordRight), 3);
        assert_eq!(mv(&m, 3, Move::WordRight), 11, "over the space and the name");
        assert_eq!(mv(&m, 11, Move::WordRight), 12, "past the line's end to the next");
        assert_eq!(mv(&m, 22, Move::WordLeft), 16, "LM_X.0 is one word");
        assert_eq!(mv(&m, 20, Move::LineStart), 14, "Home: the first non-blank character");
        assert_eq!(mv(&m, 14, Move::LineStart), 12, "Home again: the line's start");
        assert_eq!(mv(&m, 13, Move::LineEnd), 22);
        assert_eq!(mv(&m, 5, Move::TextEnd), m.char_len());
        assert_eq!(mv(&m, 5, Move::TextStart), 0);
    }

    #[test]
    fn up_and_down_keep_the_column_across_short_lines() {
        let m = TextModel::new(b"0 LONGNAME\n1\n2 LONGNAME\n");
        let c = Caret::at(9);
        let short = c.moved(&m, Move::Down(1), false);
        assert_eq!(short.head, 12, "the short line's end");
        let down = short.moved(&m, Move::Down(1), false);
        assert_eq!(down.head, 13 + 9, "the column came back");
        assert_eq!(Caret::at(3).moved(&m, Move::Up(1), false).head, 0, "Up on the first line: its start");
        assert_eq!(Caret::at(13).moved(&m, Move::Down(5), false).head, 24, "past the last line: the last line");
        assert_eq!(Caret::at(24).moved(&m, Move::Down(1), false).head, 24, "Down on the last line: its end");
    }

    #[test]
    fn selections_extend_collapse_and_pick_words() {
        let m = TextModel::new(b"1\n0 ROCK grass\n");
        let s = Caret::at(4).moved(&m, Move::WordRight, true);
        assert_eq!((s.range(), s.is_empty()), (4..8, false));
        assert_eq!(s.moved(&m, Move::Left, false), Caret::at(4), "Left collapses onto the start");
        assert_eq!(s.moved(&m, Move::Right, false), Caret::at(8));
        assert_eq!(Caret::word_at(&m, 5).range(), 4..8, "the name under a double click");
        assert_eq!(Caret::word_at(&m, 8).range(), 4..8, "just after a word: that word");
        assert_eq!(Caret::word_at(&m, 14).range(), 9..14);
        assert_eq!(Caret::word_at(&m, 99).range(), 15..15, "past the end: nothing");
        assert_eq!(Caret { anchor: 90, head: 99, column: None }.clamped(&m).range(), 15..15);
    }
}
