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

/// Shown text and the map between its positions and the bytes'.
#[derive(Debug, Clone, Default)]
pub struct TextModel {
    pub text: String,
    segs: Vec<Seg>,
    len: usize,
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
        let mut ch = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let utf8 = text.len();
            if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                text.push('\n');
                segs.push(Seg { byte: i, ch, utf8, bytes: 2, chars: 1, utf8_len: 1, escape: false });
                i += 2;
                ch += 1;
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
        }
        TextModel { text, segs, len: bytes.len() }
    }

    pub fn byte_len(&self) -> usize {
        self.len
    }
    pub fn char_len(&self) -> usize {
        self.segs.last().map_or(self.len, |s| s.ch + usize::from(s.chars) + (self.len - s.byte - usize::from(s.bytes)))
    }
    /// The escaped bytes' segments (the layout colours them).
    pub fn escapes(&self) -> impl Iterator<Item = &Seg> {
        self.segs.iter().filter(|s| s.escape)
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

    /// The segment a character index falls strictly inside (not at its start).
    fn inside(&self, c: usize) -> Option<&Seg> {
        let i = self.segs.partition_point(|s| s.ch <= c);
        let s = &self.segs[i.checked_sub(1)?];
        (c > s.ch && c < s.ch + usize::from(s.chars)).then_some(s)
    }

    /// The byte splice that turns the shown text into `new`: the changed run of characters
    /// (common prefix and suffix kept), widened to whole segments. Typed line breaks become
    /// `eol`; a partly deleted escape removes its byte. `Err` names a character CP1251 lacks.
    pub fn splice_for(&self, new: &str, eol: LineEnding) -> Result<Option<Splice>, char> {
        if new == self.text {
            return Ok(None);
        }
        let old: Vec<char> = self.text.chars().collect();
        let newc: Vec<char> = new.chars().collect();
        let prefix = old.iter().zip(&newc).take_while(|(a, b)| a == b).count();
        let max_suffix = old.len().min(newc.len()) - prefix;
        let suffix = old.iter().rev().zip(newc.iter().rev()).take(max_suffix).take_while(|(a, b)| a == b).count();
        let (a, old_end, new_end) = (prefix, old.len() - suffix, newc.len() - suffix);
        let start = self.inside(a).map_or(a, |s| s.ch);
        let end = self.inside(old_end).map_or(old_end, |s| s.ch + usize::from(s.chars));
        let mut bytes = Vec::with_capacity(new_end - a);
        for &c in &newc[a..new_end] {
            if c == '\n' {
                bytes.extend_from_slice(eol.bytes());
            } else {
                bytes.push(cp1251::encode_char(c).ok_or(c)?);
            }
        }
        Ok(Some(Splice { range: self.char_to_byte(start)..self.char_to_byte(end), bytes, at: a, end: new_end }))
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

    fn edit(bytes: &[u8], new: &str, eol: LineEnding) -> Vec<u8> {
        let m = TextModel::new(bytes);
        match m.splice_for(new, eol).unwrap() {
            Some(s) => apply(bytes, &s),
            None => bytes.to_vec(),
        }
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

    fn cp_roundtrip(b: &[u8]) -> Vec<u8> {
        let m = TextModel::new(b);
        edit(b, &m.text.clone(), LineEnding::Lf)
    }

    #[test]
    fn edits_splice_only_what_changed() {
        let b = b"2\r\n0 A\x98\r\n1 B\r\n";
        // Typing a letter after the escape.
        assert_eq!(edit(b, "2\n0 A\\x98Z\n1 B\n", LineEnding::Crlf), b"2\r\n0 A\x98Z\r\n1 B\r\n");
        // A new line in the file's style.
        assert_eq!(edit(b, "2\n0 A\\x98\n1 B\n2 C\n", LineEnding::Crlf), b"2\r\n0 A\x98\r\n1 B\r\n2 C\r\n");
        // Deleting one character of an escape removes its byte.
        assert_eq!(edit(b, "2\n0 A\\x9\n1 B\n", LineEnding::Crlf), b"2\r\n0 A\r\n1 B\r\n");
        assert_eq!(edit(b, "2\n0 Ax98\n1 B\n", LineEnding::Crlf), b"2\r\n0 A\r\n1 B\r\n");
        // Joining two lines removes the whole CRLF.
        assert_eq!(edit(b, "2\n0 A\\x981 B\n", LineEnding::Crlf), b"2\r\n0 A\x981 B\r\n");
        // Cyrillic is written as CP1251.
        assert_eq!(edit(b"1\n0 A\n", "1\n0 АБ\n", LineEnding::Lf), b"1\n0 \xC0\xC1\n");
        let m = TextModel::new(b"x");
        assert_eq!(m.splice_for("x漢", LineEnding::Lf), Err('漢'));
        assert_eq!(m.splice_for("x", LineEnding::Lf), Ok(None));
        let s = m.splice_for("xy", LineEnding::Lf).unwrap().unwrap();
        assert_eq!((s.range, s.at, s.end), (1..1, 1, 2));
    }

    #[test]
    fn any_bytes_round_trip() {
        let all: Vec<u8> = (0..=255u8).chain([b'\r', b'\n', b'\r', 0]).collect();
        assert_eq!(cp_roundtrip(&all), all);
        assert_eq!(cp_roundtrip(b""), b"");
    }
}
