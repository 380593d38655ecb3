//! The WEAR bytes as editable text, and back. The bytes stay the truth: the shown text is made
//! from them (CP1251 decoded, a `\r\n` or `\n` as one line break, bytes that are not text shown
//! as `\xNN` escapes), and a change to the shown text becomes one byte splice of the changed
//! region, so everything the user did not touch (an escaped byte, the other line endings, a
//! trailing NUL) is written back as it was.

use crate::formats::cp1251;
use crate::formats::wear::LineEnding;
use std::ops::Range;

/// A run of bytes that does not show as one ASCII character per byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seg {
    pub byte: usize,
    pub ch: usize,
    /// Offset in the shown `String` (UTF-8).
    pub utf8: usize,
    pub bytes: u8,
    pub chars: u8,
    pub utf8_len: u8,
    pub escape: bool,
}

/// Where a shown line starts, in bytes, characters and the shown `String`'s UTF-8 offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineStart {
    pub byte: usize,
    pub ch: usize,
    pub utf8: usize,
}

/// Shown text and the map between its positions and the bytes'.
#[derive(Debug, Clone)]
pub struct TextModel {
    pub text: String,
    segs: Vec<Seg>,
    len: usize,
    /// Never empty: the first line starts at 0.
    lines: Vec<LineStart>,
    /// The longest line's width in monospaced cells (a tab is four).
    widest: usize,
}

impl Default for TextModel {
    fn default() -> Self {
        TextModel::new(&[])
    }
}

/// Bytes shown escaped: controls other than tab and line breaks, DEL, and 0x98 (no character
/// in CP1251).
fn escaped(b: u8) -> bool {
    (b < 0x20 && b != b'\t' && b != b'\n') || b == 0x7F || b == 0x98
}

/// The change the user made to the shown text, as bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    pub range: Range<usize>,
    pub bytes: Vec<u8>,
    /// Shown-text character index where the change began and where the typed text ends.
    pub at: usize,
    pub end: usize,
}

impl TextModel {
    pub fn new(bytes: &[u8]) -> TextModel {
        let mut text = String::with_capacity(bytes.len());
        let mut segs = Vec::new();
        let mut lines = vec![LineStart::default()];
        let (mut widest, mut tabs) = (0, 0);
        let mut ch = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let utf8 = text.len();
            let line_ch = lines.last().map_or(0, |l| l.ch);
            if b == b'\n' || (b == b'\r' && bytes.get(i + 1) == Some(&b'\n')) {
                widest = widest.max(ch - line_ch + 3 * tabs);
                tabs = 0;
            }
            tabs += usize::from(b == b'\t');
            if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                text.push('\n');
                segs.push(Seg { byte: i, ch, utf8, bytes: 2, chars: 1, utf8_len: 1, escape: false });
                i += 2;
                ch += 1;
                lines.push(LineStart { byte: i, ch, utf8: utf8 + 1 });
                continue;
            }
            if escaped(b) {
                text.push_str(&format!("\\x{b:02X}"));
                segs.push(Seg { byte: i, ch, utf8, bytes: 1, chars: 4, utf8_len: 4, escape: true });
                ch += 4;
            } else {
                let c = cp1251::decode_byte(b);
                text.push(c);
                if b >= 0x80 {
                    segs.push(Seg { byte: i, ch, utf8, bytes: 1, chars: 1, utf8_len: c.len_utf8() as u8, escape: false });
                }
                ch += 1;
            }
            i += 1;
            if b == b'\n' {
                lines.push(LineStart { byte: i, ch, utf8: utf8 + 1 });
            }
        }
        let line_ch = lines.last().map_or(0, |l| l.ch);
        widest = widest.max(ch - line_ch + 3 * tabs);
        TextModel { text, segs, len: bytes.len(), lines, widest }
    }

    /// Becomes the model of `new`: these bytes with `range` replaced by `inserted` bytes.
    /// Only the lines the edit touched are read again (the rest move by its length), so a
    /// keystroke in a 10 MB text costs a few milliseconds. `widest` does not shrink here: it
    /// only sizes the horizontal scroll.
    pub fn edit(&mut self, new: &[u8], range: Range<usize>, inserted: usize) {
        let delta = inserted as isize - range.len().min(self.len.saturating_sub(range.start)) as isize;
        let line_of_byte = |b: usize| self.lines.partition_point(|l| l.byte <= b).saturating_sub(1);
        let first = line_of_byte(range.start.min(self.len));
        let mut last = line_of_byte(range.end.min(self.len));
        let start = self.lines[first];
        // The region ends where a line the edit did not touch starts; when the edit took a line
        // break away, the line after it joins the region.
        let end_of = |last: usize| self.lines.get(last + 1).copied();
        let (old_end, new_end) = loop {
            match end_of(last) {
                None => break (None, new.len()),
                Some(l) => {
                    let e = l.byte.wrapping_add_signed(delta);
                    if e >= new.len() || new[e - 1] == b'\n' {
                        break (Some(l), e.min(new.len()));
                    }
                    last += 1;
                }
            }
        };
        let sub = TextModel::new(&new[start.byte..new_end]);
        let (old_ch_end, old_utf8_end, old_byte_end) = old_end.map_or((self.char_len(), self.text.len(), self.len), |l| (l.ch, l.utf8, l.byte));
        let d_ch = sub.char_len() as isize - (old_ch_end - start.ch) as isize;
        let d_utf8 = sub.text.len() as isize - (old_utf8_end - start.utf8) as isize;
        self.text.replace_range(start.utf8..old_utf8_end, &sub.text);

        let s0 = self.segs.partition_point(|s| s.byte < start.byte);
        let s1 = self.segs.partition_point(|s| s.byte < old_byte_end);
        let made = sub.segs.iter().map(|s| Seg { byte: s.byte + start.byte, ch: s.ch + start.ch, utf8: s.utf8 + start.utf8, ..*s });
        let n = sub.segs.len();
        self.segs.splice(s0..s1, made);
        for s in &mut self.segs[s0 + n..] {
            (s.byte, s.ch, s.utf8) = (s.byte.wrapping_add_signed(delta), s.ch.wrapping_add_signed(d_ch), s.utf8.wrapping_add_signed(d_utf8));
        }

        // The region's own line starts after its first, and (when a line follows) that line's
        // start, which the region's reading ends with.
        let replaced = first + 1..old_end.map_or(self.lines.len(), |_| last + 2);
        let made = sub.lines[1..].iter().map(|l| LineStart { byte: l.byte + start.byte, ch: l.ch + start.ch, utf8: l.utf8 + start.utf8 });
        let n = sub.lines.len() - 1;
        self.lines.splice(replaced, made);
        for l in &mut self.lines[first + 1 + n..] {
            (l.byte, l.ch, l.utf8) = (l.byte.wrapping_add_signed(delta), l.ch.wrapping_add_signed(d_ch), l.utf8.wrapping_add_signed(d_utf8));
        }
        self.len = new.len();
        self.widest = self.widest.max(sub.widest);
    }

    /// The longest line's width in monospaced cells.
    pub fn widest(&self) -> usize {
        self.widest
    }

    pub fn line_count(&self) -> usize {
        self.lines.len()
    }
    /// The line holding character `c` (the last line past the end).
    pub fn line_of_char(&self, c: usize) -> usize {
        self.lines.partition_point(|l| l.ch <= c).saturating_sub(1)
    }
    pub fn line_start(&self, line: usize) -> LineStart {
        self.lines.get(line).or(self.lines.last()).copied().unwrap_or_default()
    }
    /// A line's characters, without its line break.
    pub fn line_chars(&self, line: usize) -> Range<usize> {
        let s = self.line_start(line);
        let end = self.lines.get(line + 1).map_or(self.char_len(), |n| n.ch - 1);
        s.ch..end.max(s.ch)
    }
    /// A line's shown text, without its line break.
    pub fn line_text(&self, line: usize) -> &str {
        let s = self.line_start(line).utf8;
        let end = self.lines.get(line + 1).map_or(self.text.len(), |n| n.utf8 - 1);
        &self.text[s..end.max(s)]
    }

    pub fn byte_len(&self) -> usize {
        self.len
    }
    pub fn char_len(&self) -> usize {
        self.segs.last().map_or(self.len, |s| s.ch + usize::from(s.chars) + (self.len - s.byte - usize::from(s.bytes)))
    }
    /// The escaped bytes' segments.
    pub fn escapes(&self) -> impl Iterator<Item = &Seg> {
        self.segs.iter().filter(|s| s.escape)
    }
    /// The escaped bytes' segments that start in a range of the shown text (the layout of a
    /// line colours them).
    pub fn escapes_in(&self, utf8: Range<usize>) -> impl Iterator<Item = &Seg> {
        let from = self.segs.partition_point(|s| s.utf8 < utf8.start);
        self.segs[from..].iter().take_while(move |s| s.utf8 < utf8.end).filter(|s| s.escape)
    }

    /// Maps a position between two coordinates; a position inside a segment maps to the
    /// segment's start.
    fn map(&self, v: usize, from: impl Fn(&Seg) -> (usize, u8), to: impl Fn(&Seg) -> (usize, u8)) -> usize {
        let i = self.segs.partition_point(|s| from(s).0 <= v);
        let Some(s) = i.checked_sub(1).map(|i| &self.segs[i]) else { return v };
        let ((f, fl), (t, tl)) = (from(s), to(s));
        if v < f + usize::from(fl) { t } else { t + usize::from(tl) + (v - f - usize::from(fl)) }
    }

    pub fn char_to_byte(&self, c: usize) -> usize {
        self.map(c, |s| (s.ch, s.chars), |s| (s.byte, s.bytes)).min(self.len)
    }
    pub fn byte_to_char(&self, b: usize) -> usize {
        self.map(b.min(self.len), |s| (s.byte, s.bytes), |s| (s.ch, s.chars))
    }
    pub fn byte_to_utf8(&self, b: usize) -> usize {
        self.map(b.min(self.len), |s| (s.byte, s.bytes), |s| (s.utf8, s.utf8_len)).min(self.text.len())
    }
    pub fn char_to_utf8(&self, c: usize) -> usize {
        self.map(c, |s| (s.ch, s.chars), |s| (s.utf8, s.utf8_len)).min(self.text.len())
    }
    pub fn utf8_to_char(&self, u: usize) -> usize {
        self.map(u.min(self.text.len()), |s| (s.utf8, s.utf8_len), |s| (s.ch, s.chars))
    }
    /// The shown text of a character range.
    pub fn slice(&self, chars: Range<usize>) -> &str {
        let (a, b) = (self.char_to_utf8(chars.start), self.char_to_utf8(chars.end));
        &self.text[a.min(b)..b]
    }

    /// The segment a character index falls strictly inside (not at its start).
    fn inside(&self, c: usize) -> Option<&Seg> {
        let i = self.segs.partition_point(|s| s.ch <= c);
        let s = &self.segs[i.checked_sub(1)?];
        (c > s.ch && c < s.ch + usize::from(s.chars)).then_some(s)
    }

    /// The byte splice that replaces the shown characters `chars` with `insert`, widened to
    /// whole segments (a partly deleted escape removes its byte). Typed line breaks become
    /// `eol`. `Err` names a character CP1251 lacks.
    pub fn splice(&self, chars: Range<usize>, insert: &str, eol: LineEnding) -> Result<Splice, char> {
        let (a, b) = (chars.start.min(chars.end), chars.end.max(chars.start).min(self.char_len()));
        // Typing inside an escape goes after it rather than replacing its byte.
        let (a, b) = match self.inside(a) {
            Some(s) if a == b => (s.ch + usize::from(s.chars), s.ch + usize::from(s.chars)),
            _ => (a, b),
        };
        let start = self.inside(a).map_or(a, |s| s.ch);
        let end = self.inside(b).map_or(b, |s| s.ch + usize::from(s.chars));
        let mut bytes = Vec::with_capacity(insert.len());
        for c in insert.chars() {
            if c == '\n' {
                bytes.extend_from_slice(eol.bytes());
            } else if c != '\r' {
                bytes.push(cp1251::encode_char(c).ok_or(c)?);
            }
        }
        Ok(Splice { range: self.char_to_byte(start)..self.char_to_byte(end), bytes, at: a, end: a + insert.chars().filter(|&c| c != '\r').count() })
    }
}

/// Applies a splice to bytes.
pub fn apply(bytes: &[u8], s: &Splice) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + s.bytes.len());
    out.extend_from_slice(&bytes[..s.range.start]);
    out.extend_from_slice(&s.bytes);
    out.extend_from_slice(&bytes[s.range.end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(bytes: &[u8], chars: Range<usize>, insert: &str, eol: LineEnding) -> Vec<u8> {
        apply(bytes, &TextModel::new(bytes).splice(chars, insert, eol).unwrap())
    }

    #[test]
    fn shows_bytes_and_maps_positions() {
        let b = b"1\r\n0 \xCA\x98\0\n";
        let m = TextModel::new(b);
        assert_eq!(m.text, "1\n0 К\\x98\\x00\n");
        assert_eq!(m.char_len(), m.text.chars().count());
        assert_eq!(m.byte_to_char(3), 2);
        assert_eq!(m.char_to_byte(2), 3);
        assert_eq!(m.byte_to_char(5), 4, "К");
        assert_eq!(m.byte_to_utf8(6), 6, "К is two bytes of UTF-8");
        assert_eq!(m.byte_to_char(6), 5);
        assert_eq!(m.char_to_byte(7), 6, "inside an escape maps to its byte");
        assert_eq!(m.byte_to_char(b.len()), m.char_len());
        assert_eq!(m.escapes().count(), 2);
        assert_eq!(cp_roundtrip(b), b);
    }

    /// The shown text maps back onto the bytes: all of it onto all of them, each line start
    /// onto its byte, and an empty splice changes nothing.
    fn cp_roundtrip(b: &[u8]) -> Vec<u8> {
        let m = TextModel::new(b);
        let n = m.char_len();
        assert_eq!(m.splice(0..n, "", LineEnding::Lf).unwrap().range, 0..b.len());
        for i in 0..m.line_count() {
            let l = m.line_start(i);
            assert_eq!((m.byte_to_char(l.byte), m.char_to_utf8(l.ch)), (l.ch, l.utf8));
        }
        apply(b, &m.splice(n..n, "", LineEnding::Lf).unwrap())
    }

    #[test]
    fn edits_splice_only_what_changed() {
        let b = b"2\r\n0 A\x98\r\n1 B\r\n";
        // Shown "2\n0 A\\x98\n1 B\n": the escape is characters 5..9.
        assert_eq!(edit(b, 9..9, "Z", LineEnding::Crlf), b"2\r\n0 A\x98Z\r\n1 B\r\n", "typing after the escape");
        assert_eq!(edit(b, 7..7, "Z", LineEnding::Crlf), b"2\r\n0 A\x98Z\r\n1 B\r\n", "typing inside it goes after it");
        assert_eq!(edit(b, 13..13, "\n2 C", LineEnding::Crlf), b"2\r\n0 A\x98\r\n1 B\r\n2 C\r\n", "a new line in the file's style");
        assert_eq!(edit(b, 8..9, "", LineEnding::Crlf), b"2\r\n0 A\r\n1 B\r\n", "deleting one character of an escape removes its byte");
        assert_eq!(edit(b, 5..6, "", LineEnding::Crlf), b"2\r\n0 A\r\n1 B\r\n");
        assert_eq!(edit(b, 9..10, "", LineEnding::Crlf), b"2\r\n0 A\x981 B\r\n", "joining two lines removes the whole CRLF");
        assert_eq!(edit(b"1\n0 A\n", 4..5, "АБ", LineEnding::Lf), b"1\n0 \xC0\xC1\n", "Cyrillic is written as CP1251");
        assert_eq!(edit(b"x", 1..1, "a\r\nb", LineEnding::Crlf), b"xa\r\nb", "a pasted CRLF is one line break");
        let m = TextModel::new(b"x");
        assert_eq!(m.splice(1..1, "漢", LineEnding::Lf), Err('漢'));
        let s = m.splice(1..1, "y", LineEnding::Lf).unwrap();
        assert_eq!((s.range, s.at, s.end), (1..1, 1, 2));
        assert_eq!(m.splice(0..9, "", LineEnding::Lf).unwrap().range, 0..1, "a range past the end is clamped");
    }

    #[test]
    fn lines_in_every_coordinate() {
        let b = b"2\r\n0 \xCA\x98\n\nlast";
        let m = TextModel::new(b);
        assert_eq!(m.text, "2\n0 К\\x98\n\nlast");
        assert_eq!(m.line_count(), 4);
        assert_eq!(m.line_text(1), "0 К\\x98");
        assert_eq!(m.line_chars(1), 2..9);
        assert_eq!(m.line_start(1), LineStart { byte: 3, ch: 2, utf8: 2 });
        assert_eq!(m.line_text(2), "");
        assert_eq!(m.line_start(3), LineStart { byte: 9, ch: 11, utf8: 12 });
        assert_eq!(m.line_text(3), "last");
        assert_eq!((m.line_of_char(0), m.line_of_char(2), m.line_of_char(10), m.line_of_char(11), m.line_of_char(99)), (0, 1, 2, 3, 3));
        assert_eq!(m.utf8_to_char(m.char_to_utf8(4)), 4);
        assert_eq!(m.utf8_to_char(m.char_to_utf8(6)), 5, "inside an escape: its start");
        assert_eq!(m.slice(4..9), "К\\x98");
        assert_eq!(m.widest(), 7, "0 К\\x98");
        assert_eq!(TextModel::new(b"\tA\nB").widest(), 5, "a tab is four cells");
        let empty = TextModel::default();
        assert_eq!((empty.line_count(), empty.line_text(0), empty.line_chars(5)), (1, "", 0..0));
    }
    #[test]
    fn any_bytes_round_trip() {
        let all: Vec<u8> = (0..=255u8).chain([b'\r', b'\n', b'\r', 0]).collect();
        assert_eq!(cp_roundtrip(&all), all);
        assert_eq!(cp_roundtrip(b""), b"");
    }

    proptest::proptest! {
        /// Editing the model gives the model of the edited bytes, whatever the bytes (line
        /// breaks of both kinds, lone CRs, escapes, CP1251 letters) and the edit.
        #[test]
        fn an_edited_model_is_the_model_of_the_edited_bytes(
            old in proptest::collection::vec(proptest::sample::select(vec![b'a', b' ', b'\r', b'\n', b'\t', 0u8, 0xC0, 0x98, b'1']), 0..40),
            at in 0usize..45, len in 0usize..8,
            inserted in proptest::collection::vec(proptest::sample::select(vec![b'b', b' ', b'\r', b'\n', 0x01, 0xE9]), 0..6),
        ) {
            let a = at.min(old.len());
            let b = (a + len).min(old.len());
            let new = [&old[..a], &inserted[..], &old[b..]].concat();
            let mut m = TextModel::new(&old);
            m.edit(&new, a..b, inserted.len());
            let fresh = TextModel::new(&new);
            proptest::prop_assert_eq!(&m.text, &fresh.text);
            proptest::prop_assert_eq!(&m.lines, &fresh.lines);
            proptest::prop_assert_eq!(&m.segs, &fresh.segs);
            proptest::prop_assert_eq!(m.len, fresh.len);
            proptest::prop_assert!(m.widest >= fresh.widest);
        }
    }

}
