//! Tfnt bitmap fonts (`gamefont.rlb`): a 16-byte header, 256 glyph records of 16 bytes and an
//! embedded Texm glyph sheet (docs/formats/tfnt.md). The field layout is the project's reading;
//! every byte is kept, and the embedded Texm's bytes are written back as read.

use crate::formats::bytes::Reader;
use crate::formats::cp1251;
use crate::formats::readings::TfntAdvance;
use crate::formats::texm::Texm;
use crate::formats::{Diagnostic, Error, Result, Severity};
use crate::msg;

pub const MAGIC: &[u8; 4] = b"Tfnt";
pub const HEADER_LEN: usize = 16;
pub const GLYPH_LEN: usize = 16;
pub const GLYPHS: usize = 256;
/// Where the embedded Texm starts.
pub const TEXM_AT: usize = HEADER_LEN + GLYPHS * GLYPH_LEN;

/// Whether bytes look like a font by content.
pub fn is_tfnt(bytes: &[u8]) -> bool {
    bytes.len() >= TEXM_AT && bytes.starts_with(MAGIC)
}

/// One glyph record, every field as stored (docs/formats/tfnt.md#glyph-record-16-bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Glyph {
    pub x: u16,
    pub y: u16,
    pub width: u16,
    pub height: u16,
    pub advance: i16,
    pub x_offset: i16,
    pub y_offset: i16,
    pub unknown_e: u16,
}

impl Glyph {
    /// Whether the record has an image.
    pub fn present(&self) -> bool {
        self.width > 0 && self.height > 0
    }

    fn read(r: &mut Reader) -> Result<Glyph> {
        Ok(Glyph {
            x: r.u16("glyph x")?,
            y: r.u16("glyph y")?,
            width: r.u16("glyph width")?,
            height: r.u16("glyph height")?,
            advance: r.i16("glyph advance")?,
            x_offset: r.i16("glyph x_offset")?,
            y_offset: r.i16("glyph y_offset")?,
            unknown_e: r.u16("glyph unknown_e")?,
        })
    }

    pub fn write_to(&self, out: &mut Vec<u8>) {
        for v in [self.x, self.y, self.width, self.height] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in [self.advance, self.x_offset, self.y_offset] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.unknown_e.to_le_bytes());
    }

    /// Byte offset of record `index` in the payload.
    pub fn offset(index: u8) -> usize {
        HEADER_LEN + usize::from(index) * GLYPH_LEN
    }
}

/// One Tfnt payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tfnt {
    pub line_height: u32,
    pub spacing: u32,
    pub unknown_0c: u32,
    /// Exactly 256 records, record `c` for byte value `c`.
    pub glyphs: Vec<Glyph>,
    /// The embedded Texm's bytes exactly as stored.
    pub texm_bytes: Vec<u8>,
    /// The embedded Texm, when it parses.
    pub texm: Option<Texm>,
}

/// What `info` and the inspector show.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Info {
    pub line_height: u32,
    pub glyphs: usize,
    pub sheet_width: u32,
    pub sheet_height: u32,
    pub sheet_format: Option<u32>,
}

impl Tfnt {
    /// Parses a font. Fails on a short payload or a wrong magic; an embedded Texm that does not
    /// parse is kept raw with an error diagnostic at its offset.
    pub fn parse(bytes: &[u8]) -> Result<(Tfnt, Vec<Diagnostic>)> {
        let mut r = Reader::new(bytes);
        let magic = r.array::<4>("magic Tfnt")?;
        if &magic != MAGIC {
            return Err(Error::new(0u64, msg!("tfnt-magic", "expected magic Tfnt, found {magic}", magic = format!("{magic:02X?}"))));
        }
        let line_height = r.u32("line_height")?;
        let spacing = r.u32("spacing")?;
        let unknown_0c = r.u32("unknown_0c")?;
        r.need_records(GLYPHS, GLYPH_LEN, "256 glyph records of 16 bytes")?;
        let mut glyphs = Vec::with_capacity(GLYPHS);
        for i in 0..GLYPHS {
            let at = r.pos();
            glyphs.push(Glyph::read(&mut r).map_err(|e| e.within(format!("glyph[{i}] @0x{at:X}")))?);
        }
        let texm_bytes = r.rest().to_vec();
        let mut diags = Vec::new();
        let texm = if texm_bytes.is_empty() {
            diags.push(Diagnostic::new(Severity::Error, Some(TEXM_AT as u64), msg!("tfnt-no-texm", "no embedded Texm after the glyph records")));
            None
        } else {
            match Texm::parse(texm_bytes.as_slice()) {
                Ok((t, d)) => {
                    diags.extend(d.into_iter().map(|mut d| {
                        d.offset = d.offset.map(|o| o + TEXM_AT as u64);
                        let m = d.text().prefixed("embedded Texm: ");
                        (d.message, d.key) = (m.english, m.key);
                        d
                    }));
                    Some(t)
                }
                Err(e) => {
                    diags.push(Diagnostic::new(
                        Severity::Error,
                        Some(e.offset.saturating_add(TEXM_AT as u64)),
                        msg!("tfnt-texm-bad", "embedded Texm does not parse ({reason}); its bytes are kept raw", reason = e.message),
                    ));
                    None
                }
            }
        };
        let font = Tfnt { line_height, spacing, unknown_0c, glyphs, texm_bytes, texm };
        diags.extend(font.check_rects());
        Ok((font, diags))
    }

    /// Warnings for glyph rects that leave the sheet.
    pub fn check_rects(&self) -> Vec<Diagnostic> {
        let Some(t) = &self.texm else { return Vec::new() };
        let (w, h) = (t.width(), t.height());
        self.glyphs
            .iter()
            .enumerate()
            .filter(|(_, g)| g.present() && (u32::from(g.x) + u32::from(g.width) > w || u32::from(g.y) + u32::from(g.height) > h))
            .map(|(i, g)| {
                Diagnostic::new(
                    Severity::Warning,
                    Some(Glyph::offset(i as u8) as u64),
                    msg!(
                        "tfnt-glyph-off-sheet",
                        "glyph {i} rect {gw}x{gh} at ({x}, {y}) leaves the {w}x{h} sheet",
                        i = i,
                        gw = g.width,
                        gh = g.height,
                        x = g.x,
                        y = g.y,
                        w = w,
                        h = h
                    ),
                )
            })
            .collect()
    }

    /// Header, records, then the Texm bytes as stored.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(TEXM_AT + self.texm_bytes.len());
        out.extend_from_slice(MAGIC);
        for v in [self.line_height, self.spacing, self.unknown_0c] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for g in self.glyphs.iter().take(GLYPHS) {
            g.write_to(&mut out);
        }
        for _ in self.glyphs.len()..GLYPHS {
            Glyph::default().write_to(&mut out);
        }
        out.extend_from_slice(&self.texm_bytes);
        out
    }

    /// Replaces the sheet: the Texm is written into the kept bytes.
    pub fn set_texm(&mut self, texm: Texm) {
        self.texm_bytes = texm.write();
        self.texm = Some(texm);
    }

    pub fn info(&self) -> Info {
        Info {
            line_height: self.line_height,
            glyphs: self.glyphs.iter().filter(|g| g.present()).count(),
            sheet_width: self.texm.as_ref().map_or(0, Texm::width),
            sheet_height: self.texm.as_ref().map_or(0, Texm::height),
            sheet_format: self.texm.as_ref().map(|t| t.header().format),
        }
    }

    /// Lays out a line of text as the game draws it (docs/formats/tfnt.md#drawing-a-line-of-text).
    pub fn layout(&self, text: &str, advance: TfntAdvance) -> Layout {
        let mut pen: i32 = 0;
        let mut items = Vec::new();
        let missing_step = (self.line_height.clamp(1, 256) as i32 / 2).max(4);
        for ch in text.chars() {
            let byte = cp1251::encode_char(ch);
            let glyph = byte.map(|b| self.glyphs[usize::from(b)]).filter(Glyph::present);
            match (byte, glyph) {
                (Some(b), Some(g)) => {
                    items.push(Placed { ch, byte: Some(b), glyph: Some(g), x: pen.saturating_add(i32::from(g.x_offset)), y: i32::from(g.y_offset) });
                    // Saturating: a long line of large advances stays in range.
                    pen = pen.saturating_add(match advance {
                        TfntAdvance::RecordAdvance => i32::from(g.advance),
                        TfntAdvance::WidthPlusSpacing => i32::from(g.width) + self.spacing.min(1024) as i32,
                    });
                }
                (b, _) => {
                    // A space-like byte without image still moves by its advance when it has one.
                    let step = b
                        .map(|b| self.glyphs[usize::from(b)])
                        .filter(|g| g.advance > 0 && advance == TfntAdvance::RecordAdvance)
                        .map_or(missing_step, |g| i32::from(g.advance));
                    items.push(Placed { ch, byte: b, glyph: None, x: pen, y: 0 });
                    pen = pen.saturating_add(step);
                }
            }
        }
        let width = items
            .iter()
            .map(|p| p.x.saturating_add(p.glyph.map_or(missing_step, |g| i32::from(g.width))))
            .chain(std::iter::once(pen))
            .max()
            .unwrap_or(0)
            .max(0);
        Layout { items, width }
    }
}

/// One character of a laid-out line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub ch: char,
    /// The CP1251 byte; `None` when the character is outside CP1251.
    pub byte: Option<u8>,
    /// The record drawn; `None` when there is no glyph (outside CP1251, or an empty record).
    pub glyph: Option<Glyph>,
    /// Where the rect's top-left goes, relative to the line's start and top.
    pub x: i32,
    pub y: i32,
}

impl Placed {
    pub fn missing(&self) -> bool {
        self.glyph.is_none() && !(self.ch == ' ' && self.byte.is_some())
    }
}

/// A laid-out line: its characters and its width in pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub items: Vec<Placed>,
    pub width: i32,
}

impl Layout {
    pub fn drawn(&self) -> usize {
        self.items.iter().filter(|p| p.glyph.is_some()).count()
    }
    pub fn missing(&self) -> usize {
        self.items.iter().filter(|p| p.missing()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::texm::{Format, Header};
    use proptest::prelude::*;

    fn font() -> Vec<u8> {
        let texm = Texm::from_parts(Header::new(16, 8, 1, Format::External), None, vec![7; 128], None).unwrap();
        let mut f = Tfnt {
            line_height: 8,
            spacing: 1,
            unknown_0c: 0xDEAD,
            glyphs: vec![Glyph::default(); 256],
            texm_bytes: Vec::new(),
            texm: None,
        };
        f.glyphs[b'A' as usize] = Glyph { x: 0, y: 0, width: 5, height: 7, advance: 6, x_offset: 0, y_offset: 1, unknown_e: 9 };
        f.glyphs[b'B' as usize] = Glyph { x: 5, y: 0, width: 4, height: 7, advance: 5, ..Default::default() };
        f.glyphs[0xC0] = Glyph { x: 9, y: 0, width: 6, height: 7, advance: 7, ..Default::default() }; // А
        f.glyphs[b' ' as usize] = Glyph { advance: 3, ..Default::default() };
        f.set_texm(texm);
        f.write()
    }

    #[test]
    fn round_trip_and_fields() {
        let b = font();
        let (f, d) = Tfnt::parse(&b).unwrap();
        assert!(d.is_empty(), "{d:?}");
        assert_eq!((f.line_height, f.spacing, f.unknown_0c), (8, 1, 0xDEAD));
        assert_eq!(f.glyphs[65].unknown_e, 9);
        assert_eq!(f.info().glyphs, 3);
        assert_eq!((f.info().sheet_width, f.info().sheet_format), (16, Some(2)));
        assert_eq!(f.write(), b);
        assert!(is_tfnt(&b));
    }

    #[test]
    fn glyph_edit_changes_only_its_record() {
        let b = font();
        let (mut f, _) = Tfnt::parse(&b).unwrap();
        f.glyphs[66].advance = -3;
        let w = f.write();
        let at = Glyph::offset(66);
        let changed: Vec<usize> = (0..b.len()).filter(|&i| b[i] != w[i]).collect();
        assert!(!changed.is_empty() && changed.iter().all(|&i| (at..at + GLYPH_LEN).contains(&i)), "{changed:?}");
    }

    #[test]
    fn layout_uses_advances_and_marks_missing() {
        let (f, _) = Tfnt::parse(&font()).unwrap();
        // Huge advances over a long line saturate instead of overflowing.
        let mut big = f.clone();
        big.glyphs[b'A' as usize].advance = i16::MAX;
        assert!(big.layout(&"A".repeat(100_000), TfntAdvance::RecordAdvance).width > 0);
        let l = f.layout("AB А€z", TfntAdvance::RecordAdvance);
        let xs: Vec<i32> = l.items.iter().map(|p| p.x).collect();
        assert_eq!(&xs[..4], &[0, 6, 11, 14]);
        assert_eq!(l.drawn(), 3);
        // '€' is in CP1251 (0x88) but has no glyph; 'z' has none either.
        assert_eq!(l.missing(), 2);
        let w = f.layout("AB", TfntAdvance::WidthPlusSpacing);
        assert_eq!(w.items[1].x, 6);
        let outside = f.layout("A☃", TfntAdvance::RecordAdvance);
        assert_eq!(outside.items[1].byte, None);
        assert!(outside.items[1].missing());
        assert!(f.layout("AAA", TfntAdvance::RecordAdvance).width > f.layout("A", TfntAdvance::RecordAdvance).width);
    }

    #[test]
    fn errors_name_offsets() {
        let b = font();
        let e = Tfnt::parse(&b[..100]).unwrap_err();
        assert!(e.message.contains("glyph"), "{e}");
        let mut bad = b.clone();
        bad[0] = b'X';
        assert_eq!(Tfnt::parse(&bad).unwrap_err().offset, 0);
        // A broken Texm keeps the font open.
        let mut broken = b[..TEXM_AT + 10].to_vec();
        broken[TEXM_AT..TEXM_AT + 4].copy_from_slice(b"Texm");
        let (f, d) = Tfnt::parse(&broken).unwrap();
        assert!(f.texm.is_none());
        assert!(d.iter().any(|d| d.severity == Severity::Error && d.offset.unwrap() >= TEXM_AT as u64), "{d:?}");
        assert_eq!(f.write(), broken);
    }

    #[test]
    fn rect_outside_the_sheet_warns() {
        let (mut f, _) = Tfnt::parse(&font()).unwrap();
        f.glyphs[70] = Glyph { x: 14, y: 0, width: 5, height: 3, ..Default::default() };
        let d = f.check_rects();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].offset, Some(Glyph::offset(70) as u64));
    }

    /// The editor's Russian text of a real finding.
    #[cfg(feature = "gui")]
    #[test]
    fn a_rect_outside_the_sheet_reads_in_russian() {
        use crate::app::i18n::{Language, messages::text_in};
        let (mut f, _) = Tfnt::parse(&font()).unwrap();
        f.glyphs[70] = Glyph { x: 14, y: 0, width: 5, height: 3, ..Default::default() };
        let d = &f.check_rects()[0];
        let (w, h) = f.texm.as_ref().map(|t| (t.width(), t.height())).unwrap();
        assert_eq!(d.message, format!("glyph 70 rect 5x3 at (14, 0) leaves the {w}x{h} sheet"));
        assert_eq!(
            text_in(Language::Russian, &d.message, d.key.as_deref()),
            format!("прямоугольник глифа 70 размером 5x3 в точке (14, 0) выходит за лист {w}x{h}")
        );
    }

    proptest! {
        #[test]
        fn records_round_trip(recs in proptest::collection::vec(any::<[u8; 16]>(), 256), head in any::<[u8; 12]>(), tail in proptest::collection::vec(any::<u8>(), 0..200)) {
            let mut b = MAGIC.to_vec();
            b.extend_from_slice(&head);
            for r in &recs { b.extend_from_slice(r); }
            b.extend_from_slice(&tail);
            let (f, _) = Tfnt::parse(&b).unwrap();
            prop_assert_eq!(f.write(), b);
        }

        #[test]
        fn never_panics(b in proptest::collection::vec(any::<u8>(), 0..5000), text in "\\PC{0,20}") {
            let mut b = b;
            if b.len() >= 4 { b[..4].copy_from_slice(MAGIC); }
            if let Ok((f, _)) = Tfnt::parse(&b) { let _ = f.layout(&text, TfntAdvance::RecordAdvance); }
        }
    }
}
