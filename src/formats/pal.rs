//! PAL palettes: the 1,024-byte palette, an optional `Ipol` tag with its 256 x 256 table of
//! palette indices, and anything after them kept raw (docs/formats/pal.md).

use crate::formats::texm::Palette;
use crate::formats::{Diagnostic, Result, Severity};
use crate::msg;

/// Bytes of the palette.
pub const PALETTE_LEN: usize = 1024;
/// The tag that follows the palette when a table is present.
pub const IPOL_TAG: &[u8; 4] = b"Ipol";
/// Bytes of the `Ipol` table: 256 rows of 256 indices.
pub const IPOL_LEN: usize = 256 * 256;
/// Where the table starts.
pub const IPOL_AT: usize = PALETTE_LEN + 4;

/// One PAL file or entry as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pal {
    pub palette: Palette,
    /// The 65,536 indices after the `Ipol` tag (row-major: `[a * 256 + b]`), when present.
    pub ipol: Option<Vec<u8>>,
    /// Bytes after the table, or after the palette when no complete table follows it.
    pub tail: Vec<u8>,
}

/// Whether bytes look like a PAL by content: a palette followed by the `Ipol` tag.
pub fn has_ipol(bytes: &[u8]) -> bool {
    bytes.get(PALETTE_LEN..IPOL_AT) == Some(IPOL_TAG.as_slice())
}

/// What the inspector and `info` show about a PAL without keeping it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Info {
    pub ipol: bool,
    pub tail_bytes: usize,
}

impl Pal {
    /// Parses a PAL. Fails only when fewer than 1,024 bytes are present; a short `Ipol` table
    /// stays in the tail with a warning.
    pub fn parse(bytes: &[u8]) -> Result<(Pal, Vec<Diagnostic>)> {
        let palette = Palette::from_bytes(bytes)?;
        let mut diags = Vec::new();
        let rest = &bytes[PALETTE_LEN..];
        let (ipol, tail) = if has_ipol(bytes) {
            let have = rest.len() - 4;
            if have >= IPOL_LEN {
                (Some(rest[4..4 + IPOL_LEN].to_vec()), rest[4 + IPOL_LEN..].to_vec())
            } else {
                diags.push(Diagnostic::new(
                    Severity::Warning,
                    Some(IPOL_AT as u64),
                    msg!("pal-data-ipol-short", "Ipol table is short: expected {expected} bytes of indices, {have} present; kept raw", expected = IPOL_LEN, have = have),
                ));
                (None, rest.to_vec())
            }
        } else {
            (None, rest.to_vec())
        };
        if !tail.is_empty() && diags.is_empty() {
            let at = bytes.len() - tail.len();
            diags.push(Diagnostic::new(
                Severity::Info,
                Some(at as u64),
                if ipol.is_some() {
                    msg!("pal-data-tail-after-ipol", "{n} bytes after the Ipol table kept raw", n = tail.len())
                } else {
                    msg!("pal-data-tail-after-palette", "{n} bytes after the palette kept raw", n = tail.len())
                },
            ));
        }
        Ok((Pal { palette, ipol, tail }, diags))
    }

    /// Palette, tag and table when present, then the tail.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(PALETTE_LEN + self.ipol.as_ref().map_or(0, |t| 4 + t.len()) + self.tail.len());
        out.extend_from_slice(&self.palette.raw);
        if let Some(t) = &self.ipol {
            out.extend_from_slice(IPOL_TAG);
            out.extend_from_slice(t);
        }
        out.extend_from_slice(&self.tail);
        out
    }

    /// The table's index at row `a`, column `b`.
    pub fn ipol_at(&self, a: u8, b: u8) -> Option<u8> {
        self.ipol.as_ref().and_then(|t| t.get(usize::from(a) * 256 + usize::from(b)).copied())
    }

    pub fn info(&self) -> Info {
        Info { ipol: self.ipol.is_some(), tail_bytes: self.tail.len() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bytes(ipol: bool, tail: &[u8]) -> Vec<u8> {
        let mut b: Vec<u8> = (0..PALETTE_LEN).map(|i| (i * 7) as u8).collect();
        if ipol {
            b.extend_from_slice(IPOL_TAG);
            b.extend((0..IPOL_LEN).map(|i| ((i >> 8) as u8).wrapping_add(i as u8)));
        }
        b.extend_from_slice(tail);
        b
    }

    #[test]
    fn reads_palette_table_and_tail() {
        let b = bytes(true, b"xyz");
        let (p, d) = Pal::parse(&b).unwrap();
        assert_eq!(p.ipol.as_ref().map(Vec::len), Some(IPOL_LEN));
        assert_eq!(p.ipol_at(2, 3), Some(5));
        assert_eq!(p.tail, b"xyz");
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].offset, Some((IPOL_AT + IPOL_LEN) as u64));
        assert_eq!(p.write(), b);
    }

    #[test]
    fn without_table() {
        let b = bytes(false, b"");
        let (p, d) = Pal::parse(&b).unwrap();
        assert!(p.ipol.is_none() && p.tail.is_empty() && d.is_empty());
        assert_eq!(p.write(), b);
        assert!(!has_ipol(&b));
    }

    #[test]
    fn short_table_stays_raw_with_a_warning() {
        let mut b = bytes(false, b"");
        b.extend_from_slice(b"Ipol");
        b.extend_from_slice(&[1, 2, 3]);
        let (p, d) = Pal::parse(&b).unwrap();
        assert!(p.ipol.is_none());
        assert_eq!(p.tail.len(), 7);
        assert_eq!((d[0].severity, d[0].offset), (Severity::Warning, Some(IPOL_AT as u64)));
        assert!(d[0].message.contains("65536"), "{}", d[0].message);
        assert_eq!(p.write(), b);
    }

    #[test]
    fn too_short_names_the_offset() {
        let e = Pal::parse(&[0u8; 1000]).unwrap_err();
        assert_eq!(e.offset, 0);
        assert!(e.message.contains("palette"), "{e}");
    }

    #[test]
    fn editing_one_colour_changes_four_bytes() {
        let b = bytes(true, b"");
        let (mut p, _) = Pal::parse(&b).unwrap();
        p.palette.set_entry(9, [1, 2, 3, 255], crate::formats::readings::PaletteOrder::Bgrx);
        let w = p.write();
        let changed: Vec<usize> = (0..b.len()).filter(|&i| b[i] != w[i]).collect();
        assert!(changed.iter().all(|&i| (36..39).contains(&i)), "{changed:?}");
    }

    proptest! {
        #[test]
        fn any_bytes_round_trip(tag in any::<bool>(), body in proptest::collection::vec(any::<u8>(), 0..2000), big in any::<bool>()) {
            let mut b = vec![0x5Au8; PALETTE_LEN];
            if tag { b.extend_from_slice(IPOL_TAG); }
            if big { b.extend(std::iter::repeat_n(3u8, IPOL_LEN)); }
            b.extend_from_slice(&body);
            let (p, _) = Pal::parse(&b).unwrap();
            prop_assert_eq!(p.ipol.is_some(), tag && big);
            prop_assert_eq!(p.write(), b);
        }

        #[test]
        fn never_panics(b in proptest::collection::vec(any::<u8>(), 0..3000)) {
            let _ = Pal::parse(&b);
        }
    }
}
