//! Palettes: the 1024-byte table embedded in format-0 textures, the same table as a `.PAL`
//! entry of `palettes.lib` (trailing bytes kept), and the engine's palette-suffix rule that
//! links a texture name to one of the 286 slots `A.PAL` .. `Z9.PAL`
//! (docs/formats/texm.md#which-palette-a-texture-name-selects).

use super::header::PALETTE_LEN;
use super::pixel::Lut;
use crate::formats::bytes::Reader;
use crate::formats::nres::Archive;
use crate::formats::readings::PaletteOrder;
use crate::formats::{Diagnostic, Result, Severity};
use crate::msg;

/// 256 four-byte entries exactly as stored; the byte order is a reading (docs/readings.md).
#[derive(Clone, PartialEq, Eq)]
pub struct Palette {
    pub raw: [u8; PALETTE_LEN],
}

impl std::fmt::Debug for Palette {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Palette({:02X?}..)", &self.raw[..8])
    }
}

impl Palette {
    /// The first 1024 bytes of `bytes`; an error (at the offset where they run out) otherwise.
    pub fn from_bytes(bytes: &[u8]) -> Result<Palette> {
        let raw = Reader::new(bytes).array::<PALETTE_LEN>("palette (256 entries of 4 bytes)")?;
        Ok(Palette { raw })
    }

    pub fn zeroed() -> Palette {
        Palette { raw: [0; PALETTE_LEN] }
    }

    /// Entry `i` as RGBA. Under the RGBQUAD reading the fourth byte is not alpha: opaque.
    pub fn entry(&self, i: u8, order: PaletteOrder) -> [u8; 4] {
        let o = usize::from(i) * 4;
        let e = &self.raw[o..o + 4];
        match order {
            PaletteOrder::Bgrx => [e[2], e[1], e[0], 255],
            PaletteOrder::Rgba => [e[0], e[1], e[2], e[3]],
        }
    }

    /// Stores an RGBA colour in entry `i`; under the RGBQUAD reading the x byte is kept.
    pub fn set_entry(&mut self, i: u8, rgba: [u8; 4], order: PaletteOrder) {
        let o = usize::from(i) * 4;
        let e = &mut self.raw[o..o + 4];
        match order {
            PaletteOrder::Bgrx => e[..3].copy_from_slice(&[rgba[2], rgba[1], rgba[0]]),
            PaletteOrder::Rgba => e.copy_from_slice(&rgba),
        }
    }

    pub fn lut(&self, order: PaletteOrder) -> Lut {
        let mut lut = [[0u8; 4]; 256];
        for (i, e) in lut.iter_mut().enumerate() {
            *e = self.entry(i as u8, order);
        }
        lut
    }

    /// Whether the palette's stored bytes can express alpha under this reading.
    pub fn carries_alpha(order: PaletteOrder) -> bool {
        order == PaletteOrder::Rgba
    }
}

/// A `.PAL` entry of `palettes.lib`: the palette and whatever follows it, kept for write-back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PalEntry {
    pub palette: Palette,
    pub trailing: Vec<u8>,
}

impl PalEntry {
    pub fn parse(bytes: &[u8]) -> Result<PalEntry> {
        let palette = Palette::from_bytes(bytes)?;
        Ok(PalEntry { palette, trailing: bytes.get(PALETTE_LEN..).unwrap_or_default().to_vec() })
    }

    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(PALETTE_LEN + self.trailing.len());
        out.extend_from_slice(&self.palette.raw);
        out.extend_from_slice(&self.trailing);
        out
    }
}

/// 26 letters times 11 variants (none, `0`..`9`).
pub const PALETTE_SLOTS: u16 = 286;

/// The entry name the engine looks up for slot `index`: `A.PAL`, `A0.PAL`, .., `Z9.PAL`.
pub fn slot_name(index: u16) -> Option<String> {
    if index >= PALETTE_SLOTS {
        return None;
    }
    let letter = char::from(b'A' + (index / 11) as u8);
    Some(match index % 11 {
        0 => format!("{letter}.PAL"),
        v => format!("{letter}{}.PAL", v - 1),
    })
}

/// What the palette-suffix rule makes of a texture name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaletteSuffix {
    /// No `.` in the first 17 characters: the engine logs "Bad texture name." and loads nothing.
    BadName,
    /// A negative index (the common `NAME.0`): no palette.
    NoPalette(i32),
    /// Slot `0..286` of the palette bank.
    Slot(u16),
    /// An index past the bank; the engine does not check and would read beyond its array.
    OutOfRange(i32),
}

/// docs/formats/texm.md#which-palette-a-texture-name-selects: after the dot,
/// `L = toupper(name[dot+1])` and the optional `D = name[dot+2]`;
/// `index = (L - 'A') * 11 + (D ? D - '0' + 1 : 0)`. The name ends at its first NUL; a character
/// past the end reads as NUL. Bytes are taken unsigned (ASCII upper-casing only).
pub fn palette_suffix(name: &[u8]) -> PaletteSuffix {
    let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
    let name = &name[..end];
    let Some(dot) = name.iter().take(17).position(|&b| b == b'.') else {
        return PaletteSuffix::BadName;
    };
    let at = |i: usize| i32::from(name.get(i).copied().unwrap_or(0));
    let letter = i32::from((at(dot + 1) as u8).to_ascii_uppercase());
    let digit = at(dot + 2);
    let index = (letter - i32::from(b'A')) * 11 + if digit != 0 { digit - i32::from(b'0') + 1 } else { 0 };
    if index < 0 {
        PaletteSuffix::NoPalette(index)
    } else if index >= i32::from(PALETTE_SLOTS) {
        PaletteSuffix::OutOfRange(index)
    } else {
        PaletteSuffix::Slot(index as u16)
    }
}

impl PaletteSuffix {
    /// The finding `check` reports for this name, if any.
    pub fn diagnostic(&self) -> Option<Diagnostic> {
        match *self {
            PaletteSuffix::BadName => Some(Diagnostic::new(
                Severity::Warning,
                None,
                msg!("texm-bad-name", "Bad texture name.: no '.' in the first 17 characters; the engine refuses to load it by this name"),
            )),
            PaletteSuffix::OutOfRange(i) => Some(Diagnostic::new(
                Severity::Warning,
                None,
                msg!(
                    "texm-suffix-out-of-range",
                    "palette suffix gives index {index}, past the {slots} palette slots: the engine would read outside its palette bank",
                    index = i,
                    slots = PALETTE_SLOTS
                ),
            )),
            PaletteSuffix::NoPalette(_) | PaletteSuffix::Slot(_) => None,
        }
    }

    pub fn slot(&self) -> Option<u16> {
        match *self {
            PaletteSuffix::Slot(s) => Some(s),
            _ => None,
        }
    }
}

/// The palette a texture name selects from a `palettes.lib` archive: `None` when the name
/// selects no slot or the slot's entry is missing (the engine then has no palette bound).
pub fn palette_for_name(lib: &Archive, texture_name: &[u8]) -> Option<Result<PalEntry>> {
    let slot = palette_suffix(texture_name).slot()?;
    palette_from_lib(lib, slot)
}

/// Slot `index` of `palettes.lib`, looked up by its `X9.PAL` name (ASCII case-insensitive).
pub fn palette_from_lib(lib: &Archive, index: u16) -> Option<Result<PalEntry>> {
    let name = slot_name(index)?;
    let i = lib.find(&name)?;
    Some(PalEntry::parse(&lib.payload(i)).map_err(|e| e.within(name)))
}

/// The bank the engine builds at startup: every slot that `palettes.lib` holds, in slot order.
/// Entries too short to be a palette are reported and left empty.
pub fn palette_bank(lib: &Archive) -> (Vec<Option<PalEntry>>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let bank = (0..PALETTE_SLOTS)
        .map(|slot| match palette_from_lib(lib, slot)? {
            Ok(p) => Some(p),
            Err(e) => {
                diags.push(e.into());
                None
            }
        })
        .collect();
    (bank, diags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_suffix_examples() {
        // NAME.0: L = '0', (0x30 - 0x41) * 11 = -187: no palette
        assert_eq!(palette_suffix(b"BRICK.0"), PaletteSuffix::NoPalette(-187));
        assert_eq!(palette_suffix(b"WALL.A"), PaletteSuffix::Slot(0));
        assert_eq!(palette_suffix(b"wall.a"), PaletteSuffix::Slot(0), "toupper");
        assert_eq!(palette_suffix(b"WALL.A0"), PaletteSuffix::Slot(1));
        assert_eq!(palette_suffix(b"WALL.A9"), PaletteSuffix::Slot(10));
        assert_eq!(palette_suffix(b"WALL.B"), PaletteSuffix::Slot(11));
        assert_eq!(palette_suffix(b"WALL.C5"), PaletteSuffix::Slot(2 * 11 + 6));
        assert_eq!(palette_suffix(b"WALL.Z9"), PaletteSuffix::Slot(285));
        // D is any character: 'Z' - '0' + 1 = 43, 25 * 11 + 43 = 318
        assert_eq!(palette_suffix(b"WALL.ZZ"), PaletteSuffix::OutOfRange(318));
        assert_eq!(palette_suffix(b"WALL.0X"), PaletteSuffix::NoPalette(-187 + 41));
        // nothing after the dot: L = NUL
        assert_eq!(palette_suffix(b"WALL."), PaletteSuffix::NoPalette(-65 * 11));
        // the name ends at its NUL; bytes after it are not the suffix
        assert_eq!(palette_suffix(b"WALL.B\0\0junk"), PaletteSuffix::Slot(11));
    }

    #[test]
    fn the_dot_must_be_in_the_first_17_characters() {
        assert_eq!(palette_suffix(b"ABCDEFGHIJKLMNOP.A"), PaletteSuffix::Slot(0), "dot at index 16");
        assert_eq!(palette_suffix(b"ABCDEFGHIJKLMNOPQ.A"), PaletteSuffix::BadName, "dot at index 17");
        assert_eq!(palette_suffix(b"NODOT"), PaletteSuffix::BadName);
        assert_eq!(palette_suffix(b""), PaletteSuffix::BadName);
        let d = PaletteSuffix::BadName.diagnostic().unwrap();
        assert!(d.message.starts_with("Bad texture name."));
        assert!(PaletteSuffix::OutOfRange(300).diagnostic().unwrap().message.contains("300"));
        assert!(PaletteSuffix::Slot(3).diagnostic().is_none());
        assert!(PaletteSuffix::NoPalette(-1).diagnostic().is_none());
    }

    #[test]
    fn slot_names_cover_a_to_z9() {
        assert_eq!(slot_name(0).unwrap(), "A.PAL");
        assert_eq!(slot_name(1).unwrap(), "A0.PAL");
        assert_eq!(slot_name(10).unwrap(), "A9.PAL");
        assert_eq!(slot_name(11).unwrap(), "B.PAL");
        assert_eq!(slot_name(285).unwrap(), "Z9.PAL");
        assert_eq!(slot_name(286), None);
        for i in 0..PALETTE_SLOTS {
            let name = slot_name(i).unwrap();
            let tex = format!("T.{}", name.trim_end_matches(".PAL"));
            assert_eq!(palette_suffix(tex.as_bytes()), PaletteSuffix::Slot(i), "{name}");
        }
    }

    #[test]
    fn entries_follow_the_reading_and_keep_x() {
        let mut raw = [0u8; PALETTE_LEN];
        raw[4..8].copy_from_slice(&[10, 20, 30, 0x77]); // entry 1: b, g, r, x
        let mut p = Palette::from_bytes(&raw).unwrap();
        assert_eq!(p.entry(1, PaletteOrder::Bgrx), [30, 20, 10, 255]);
        assert_eq!(p.entry(1, PaletteOrder::Rgba), [10, 20, 30, 0x77]);
        p.set_entry(1, [1, 2, 3, 4], PaletteOrder::Bgrx);
        assert_eq!(&p.raw[4..8], &[3, 2, 1, 0x77]);
        p.set_entry(1, [1, 2, 3, 4], PaletteOrder::Rgba);
        assert_eq!(&p.raw[4..8], &[1, 2, 3, 4]);
        assert_eq!(p.lut(PaletteOrder::Rgba)[1], [1, 2, 3, 4]);
    }

    #[test]
    fn pal_entries_keep_trailing_bytes() {
        let mut bytes = vec![0u8; PALETTE_LEN];
        bytes.extend_from_slice(b"tail");
        let e = PalEntry::parse(&bytes).unwrap();
        assert_eq!(e.trailing, b"tail");
        assert_eq!(e.write(), bytes);
        let err = PalEntry::parse(&bytes[..1000]).unwrap_err();
        assert_eq!(err.offset, 0);
        assert!(err.message.contains("need 1024 bytes, 1000 left"), "{err}");
    }
}
