//! `Texm::decode_mip` (the AVX2 decoders where the CPU has them, the portable loops elsewhere)
//! against a plain per-channel reading of docs/formats/texm.md, for every format and every reading
//! that changes what it decodes, over random textures of random sizes.

use super::*;
use crate::formats::readings::{Order8888, Order888, Order88, PaletteOrder};
use proptest::prelude::*;

/// `v`'s low `bits` bits widened to 8 by bit replication.
fn widen(v: u32, bits: u32) -> u8 {
    let v = v & ((1 << bits) - 1);
    ((v << (8 - bits)) | (v >> (2 * bits - 8))) as u8
}

/// One texel as docs/formats/texm.md reads it: `px` is its stored bytes, `palette` the table an
/// indexed texel goes through (greyscale without one).
fn reference(format: Format, r: &Readings, px: &[u8], palette: Option<&[u8]>) -> [u8; 4] {
    let w = |i: usize| u32::from(px[i]);
    let word = || w(0) | w(1) << 8;
    match format {
        Format::Indexed | Format::External => {
            let i = px[0];
            match palette {
                None => [i, i, i, 255],
                Some(p) => {
                    let e = &p[usize::from(i) * 4..usize::from(i) * 4 + 4];
                    match r.palette {
                        PaletteOrder::Bgrx => [e[2], e[1], e[0], 255],
                        PaletteOrder::Rgba => [e[0], e[1], e[2], e[3]],
                    }
                }
            }
        }
        Format::Rgb565 => [widen(word() >> 11, 5), widen(word() >> 5, 6), widen(word(), 5), 255],
        Format::Rgb556 => [widen(word() >> 11, 5), widen(word() >> 6, 5), widen(word(), 6), 255],
        Format::Argb4444 => [widen(word() >> 8, 4), widen(word() >> 4, 4), widen(word(), 4), widen(word() >> 12, 4)],
        Format::LumAlpha88 => match r.texm_88 {
            Order88::LumLowAlphaHigh => [px[0], px[0], px[0], px[1]],
            Order88::AlphaLowLumHigh => [px[1], px[1], px[1], px[0]],
        },
        Format::Rgb888 => match r.texm_888 {
            Order888::Bgrx => [px[2], px[1], px[0], 255],
            Order888::Rgbx => [px[0], px[1], px[2], 255],
        },
        Format::Argb8888 => match r.texm_8888 {
            Order8888::Bgra => [px[2], px[1], px[0], px[3]],
            Order8888::Argb => [px[1], px[2], px[3], px[0]],
            Order8888::BgrNoAlpha => [px[2], px[1], px[0], 255],
        },
    }
}

/// Every reading that changes how `format` decodes, each alone on the defaults.
fn readings_for(format: Format) -> Vec<Readings> {
    let d = Readings::default();
    match format {
        Format::Indexed | Format::External => [PaletteOrder::Bgrx, PaletteOrder::Rgba].map(|palette| Readings { palette, ..d }).to_vec(),
        Format::LumAlpha88 => [Order88::LumLowAlphaHigh, Order88::AlphaLowLumHigh].map(|texm_88| Readings { texm_88, ..d }).to_vec(),
        Format::Rgb888 => [Order888::Bgrx, Order888::Rgbx].map(|texm_888| Readings { texm_888, ..d }).to_vec(),
        Format::Argb8888 => [Order8888::Bgra, Order8888::Argb, Order8888::BgrNoAlpha].map(|texm_8888| Readings { texm_8888, ..d }).to_vec(),
        Format::Rgb565 | Format::Rgb556 | Format::Argb4444 => vec![d],
    }
}

/// xorshift64*: random bytes from a seed, enough of them for any size.
fn random_bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            (s.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
        })
        .collect()
}

proptest! {
    #[test]
    fn every_format_and_reading_decodes_as_the_reference(fi in 0usize..8, w in 1u32..80, h in 1u32..40, mips in 1u32..5, seed in any::<u64>(), with_palette in any::<bool>()) {
        let format = ALL_FORMATS[fi];
        let n = header::chain_pixels(w, h, mips).unwrap() as usize * format.bytes_per_pixel();
        let mut bytes = b"Texm".to_vec();
        for v in [w, h, mips, 0, 0, 0, format.raw()] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        let embedded = format.has_embedded_palette().then(|| random_bytes(seed ^ 0x5A5A, PALETTE_LEN));
        bytes.extend(embedded.iter().flatten());
        bytes.extend(random_bytes(seed, n));
        let (t, _) = Texm::parse(&bytes).unwrap();
        // Format 2 decodes through an external palette when one is given, else greyscale.
        let external = (format == Format::External && with_palette).then(|| Palette::from_bytes(&random_bytes(!seed, PALETTE_LEN)).unwrap());
        let table = embedded.as_deref().or(external.as_ref().map(|p| &p.raw[..]));
        let bpp = format.bytes_per_pixel();
        for r in readings_for(format) {
            for level in 0..mips {
                let got = t.decode_mip(level, &r, external.as_ref()).unwrap();
                let want: Vec<u8> = t.mip_bytes(level).unwrap().chunks_exact(bpp).flat_map(|px| reference(format, &r, px, table)).collect();
                prop_assert!(got.rgba == want, "{:?} {:?} level {} ({}x{})", format, r, level, got.width, got.height);
            }
        }
    }
}

/// The readings above cover every layout `pixel_fns` picks: changing any reading gives a format
/// one of the layouts already tested (so the list cannot silently miss one).
#[test]
fn no_other_reading_changes_a_decoder() {
    let d = Readings::default();
    for format in ALL_FORMATS {
        let layouts: Vec<pixel::Layout> = readings_for(format).iter().map(|r| pixel_fns(format, r).layout).collect();
        for (name, values, _) in crate::formats::readings::TABLE {
            for v in *values {
                let mut r = d;
                r.set(&format!("{name}={v}")).unwrap();
                assert!(layouts.contains(&pixel_fns(format, &r).layout), "{format:?} under {name}={v}");
            }
        }
    }
}
