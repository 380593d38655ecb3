//! PAL palettes (docs/formats/pal.md) and Tfnt fonts (docs/formats/tfnt.md): any bytes parsed,
//! written back identical; the round trips also edit one colour or one glyph record and check
//! that only its bytes change, and lay out and decode the font's sheet.

use crate::formats::pal::Pal;
use crate::formats::readings::{PaletteOrder, Readings, TfntAdvance};
use crate::formats::tfnt::{GLYPH_LEN, Glyph, Tfnt};

fn diags_within(data: &[u8], diags: &[crate::formats::Diagnostic]) {
    for d in diags {
        assert!(d.offset.is_none_or(|o| o as usize <= data.len()), "a diagnostic past the end: {d:?}");
    }
}

pub fn pal_parse(data: &[u8]) {
    match Pal::parse(data) {
        Ok((p, d)) => {
            assert_eq!(p.write(), data, "an untouched PAL writes back its bytes");
            diags_within(data, &d);
        }
        Err(e) => super::error_within(data, &e),
    }
}

pub fn pal_round_trip(data: &[u8]) {
    pal_parse(data);
    let Ok((mut p, _)) = Pal::parse(data) else { return };
    p.palette.set_entry(7, [1, 2, 3, 255], PaletteOrder::Bgrx);
    let w = p.write();
    assert_eq!(w.len(), data.len());
    assert!((0..w.len()).filter(|&i| w[i] != data[i]).all(|i| (28..31).contains(&i)), "a colour edit changes only its bytes");
    let (again, _) = Pal::parse(&w).expect("an edited PAL reads");
    assert_eq!((again.ipol.is_some(), again.tail.len()), (p.ipol.is_some(), p.tail.len()));
}

const TEXT: &str = "Hello, Мир 0123 ☃";

pub fn tfnt_parse(data: &[u8]) {
    match Tfnt::parse(data) {
        Ok((f, d)) => {
            assert_eq!(f.write(), data, "an untouched font writes back its bytes");
            diags_within(data, &d);
            for adv in [TfntAdvance::RecordAdvance, TfntAdvance::WidthPlusSpacing] {
                let l = f.layout(TEXT, adv);
                assert_eq!(l.items.len(), TEXT.chars().count());
            }
            let _ = f.info();
        }
        Err(e) => super::error_within(data, &e),
    }
}

pub fn tfnt_round_trip(data: &[u8]) {
    tfnt_parse(data);
    let Ok((mut f, _)) = Tfnt::parse(data) else { return };
    f.glyphs[65].advance = f.glyphs[65].advance.wrapping_add(1);
    let w = f.write();
    let at = Glyph::offset(65);
    assert!((0..w.len()).filter(|&i| w[i] != data[i]).all(|i| (at..at + GLYPH_LEN).contains(&i)), "a glyph edit changes only its record");
    let (again, _) = Tfnt::parse(&w).expect("an edited font reads");
    assert_eq!(again.glyphs[65], f.glyphs[65]);
    if let Some(t) = &f.texm
        && t.format().is_some()
    {
        let _ = t.decode_mip(0, &Readings::default(), None);
    }
}

pub fn pal_seeds() -> Vec<Vec<u8>> {
    let f = crate::fixtures::font::all();
    let mut s: Vec<Vec<u8>> = f.into_iter().filter(|(n, _)| n.ends_with(".pal")).map(|(_, b)| b).collect();
    // A short table, within the parse target's cap.
    let mut short = crate::fixtures::font::pal_plain();
    short.extend_from_slice(b"Ipol");
    short.extend_from_slice(&[9; 300]);
    s.push(short);
    let mut plain_tail = crate::fixtures::font::pal_plain();
    plain_tail.extend_from_slice(b"xy");
    s.push(plain_tail);
    s
}

pub fn pal_parse_seeds() -> Vec<Vec<u8>> {
    super::within_cap(pal_seeds())
}

pub fn tfnt_seeds() -> Vec<Vec<u8>> {
    let b = crate::fixtures::font::tfnt_bytes();
    let broken = b[..b.len() - 100].to_vec();
    let records_only = b[..crate::formats::tfnt::TEXM_AT].to_vec();
    let mut f = crate::fixtures::font::tfnt();
    f.glyphs[66] = Glyph { x: 120, y: 60, width: 30, height: 30, ..f.glyphs[66] };
    super::within_cap(vec![b, broken, records_only, f.write()])
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_seed_goes_round_and_a_damaged_one_is_no_panic() {
        for s in super::pal_seeds() {
            super::pal_round_trip(&s);
            for cut in [s.len() / 2, 1030, 1000] {
                super::pal_round_trip(&s[..cut.min(s.len())]);
            }
        }
        for s in super::tfnt_seeds() {
            super::tfnt_round_trip(&s);
            for cut in [s.len() / 2, 4200, 4112, 4000] {
                super::tfnt_round_trip(&s[..cut.min(s.len())]);
            }
        }
    }
}
