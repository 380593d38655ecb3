//! Payload-level tests of the raw layer: hand-built fixtures, malformed inputs, round trips.

use super::*;
use proptest::prelude::*;

fn u32s(out: &mut Vec<u8>, vals: &[u32]) {
    for v in vals {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// 2x2, two levels, format 565, one Page rect: 58 bytes.
fn fixture_565() -> Vec<u8> {
    let mut b = b"Texm".to_vec(); // +0 magic
    u32s(&mut b, &[2, 2, 2]); // +4 width, +8 height, +12 mip_count
    u32s(&mut b, &[32, 0, 0x1234_5678, 565]); // +16 flags4, +20 flags5, +24 unk6, +28 format
    for w in [0xF800u16, 0x07E0, 0x001F, 0xFFFF] {
        b.extend_from_slice(&w.to_le_bytes()); // +32 level 0: red, green, blue, white
    }
    b.extend_from_slice(&0u16.to_le_bytes()); // +40 level 1: black
    b.extend_from_slice(b"Page"); // +42 Page magic
    u32s(&mut b, &[1]); // +46 rect count
    for v in [0i16, 2, 0, 1] {
        b.extend_from_slice(&v.to_le_bytes()); // +50 x, w, y, h
    }
    b
}

/// 1x2, one level, format 0: header, palette, two indices (32 + 1024 + 2 = 1058 bytes).
fn fixture_indexed() -> Vec<u8> {
    let mut b = b"Texm".to_vec(); // +0 magic
    u32s(&mut b, &[1, 2, 1, 0, 0, 0, 0]); // width 1, height 2, mip_count 1, flags4, flags5, unk6, format 0
    let mut pal = vec![0u8; 1024]; // +32 palette, entries b, g, r, x
    pal[4..8].copy_from_slice(&[0x10, 0x20, 0x30, 0]); // entry 1
    pal[1020..1024].copy_from_slice(&[0xFF, 0x80, 0x00, 0]); // entry 255
    b.extend_from_slice(&pal);
    b.extend_from_slice(&[1, 255]); // +1056 level 0: indices
    b
}

#[test]
fn hand_built_565_parses_field_by_field() {
    let b = fixture_565();
    assert_eq!(b.len(), 58);
    let (t, diags) = Texm::parse(&b).unwrap();
    assert!(diags.is_empty());
    let h = t.header();
    assert_eq!((h.width, h.height, h.mip_count, h.flags4, h.flags5, h.unk6), (2, 2, 2, 32, 0, 0x1234_5678));
    assert_eq!(t.format(), Some(Format::Rgb565));
    assert_eq!(t.page().unwrap().rects, vec![Rect { x: 0, w: 2, y: 0, h: 1 }]);
    assert_eq!(t.core_len(), 42);
    let r = Readings::default();
    let l0 = t.decode_mip(0, &r, None).unwrap();
    assert_eq!(l0.rgba, [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
    let l1 = t.decode_mip(1, &r, None).unwrap();
    assert_eq!((l1.width, l1.height, l1.rgba.as_slice()), (1, 1, &[0, 0, 0, 255][..]));
    assert!(t.decode_mip(2, &r, None).is_err());
    assert_eq!(t.write(), b);
}

#[test]
fn hand_built_indexed_follows_the_palette_reading() {
    let b = fixture_indexed();
    let (t, _) = Texm::parse(&b).unwrap();
    let mut r = Readings::default();
    assert_eq!(t.decode_mip(0, &r, None).unwrap().rgba, [0x30, 0x20, 0x10, 255, 0x00, 0x80, 0xFF, 255]);
    r.set("palette=rgba").unwrap();
    assert_eq!(t.decode_mip(0, &r, None).unwrap().rgba, [0x10, 0x20, 0x30, 0, 0xFF, 0x80, 0x00, 0]);
    assert_eq!(t.write(), b);
}

#[test]
fn external_palette_format_2_is_grey_without_a_palette() {
    let mut b = b"Texm".to_vec();
    u32s(&mut b, &[2, 1, 1, 0, 0, 0, 2]); // 2x1, one level, format 2
    b.extend_from_slice(&[7, 200]); // indices, no embedded palette
    let (t, _) = Texm::parse(&b).unwrap();
    let r = Readings::default();
    assert_eq!(t.decode_mip(0, &r, None).unwrap().rgba, [7, 7, 7, 255, 200, 200, 200, 255]);
    let mut pal = Palette::zeroed();
    pal.set_entry(7, [1, 2, 3, 255], r.palette);
    assert_eq!(&t.decode_mip(0, &r, Some(&pal)).unwrap().rgba[..4], &[1, 2, 3, 255]);
    assert_eq!(t.write(), b);
}

#[test]
fn truncation_at_every_offset_errors_with_an_offset() {
    for b in [fixture_565(), fixture_indexed()] {
        let core = Texm::parse(&b).unwrap().0.core_len();
        for cut in 0..b.len() {
            match Texm::parse(&b[..cut]) {
                Ok(_) => assert_eq!(cut, core, "only the bare core (no Page) is a valid prefix"),
                Err(e) => {
                    assert!(e.offset <= cut as u64, "cut {cut}: offset {} past the input", e.offset);
                    assert!(!e.message.is_empty());
                }
            }
        }
    }
}

#[test]
fn zero_fields_are_errors_at_their_offsets() {
    for (at, field) in [(4usize, "width"), (8, "height"), (12, "mip_count")] {
        let mut b = fixture_565();
        b[at..at + 4].fill(0);
        let e = Texm::parse(&b).unwrap_err();
        assert_eq!(e.offset, at as u64);
        assert!(e.message.contains(field), "{e}");
    }
}

#[test]
fn huge_counts_fail_before_allocating() {
    let mut b = fixture_565();
    b[12..16].copy_from_slice(&u32::MAX.to_le_bytes()); // mip_count
    let e = Texm::parse(&b).unwrap_err();
    assert_eq!(e.offset, 32);
    assert!(e.message.contains("runs past the end"), "{e}");
    let mut b = fixture_565();
    b[4..12].fill(0xFF); // width and height u32::MAX
    let e = Texm::parse(&b).unwrap_err();
    assert_eq!(e.offset, 12);
    assert!(e.message.contains("overflow"), "{e}");
    let mut b = fixture_565();
    b[46..50].copy_from_slice(&u32::MAX.to_le_bytes()); // Page count
    let e = Texm::parse(&b).unwrap_err();
    assert_eq!(e.offset, 46);
}

#[test]
fn tails_must_be_exactly_one_page_chunk() {
    let mut b = fixture_565();
    b.truncate(42);
    b.extend_from_slice(&[0, 0, 0]); // three stray bytes
    let e = Texm::parse(&b).unwrap_err();
    assert_eq!(e.offset, 42);
    assert!(e.message.contains("not a Page chunk"), "{e}");
    let mut b = fixture_565();
    b[46] = 2; // declares two rects, holds one
    let e = Texm::parse(&b).unwrap_err();
    assert_eq!(e.offset, 46);
    assert!(e.message.contains("declares 2 rects"), "{e}");
    let ru = crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &e.message, e.key.as_deref());
    assert_eq!(ru, "блок Page объявляет 2 прямоугольника (16 байт), но после его заголовка идёт 8 байт; блок должен точно завершать запись");
    let mut b = fixture_565();
    b.push(0); // a byte after the Page chunk
    assert_eq!(Texm::parse(&b).unwrap_err().offset, 46);
    let mut b = fixture_565();
    b.truncate(46);
    b.extend_from_slice(&0u32.to_le_bytes()); // a Page chunk with no rects is valid
    assert_eq!(Texm::parse(&b).unwrap().0.page().unwrap().rects.len(), 0);
}

#[test]
fn unknown_formats_stay_raw_with_an_error() {
    let mut b = fixture_565();
    b[28..32].copy_from_slice(&1555u32.to_le_bytes());
    let (t, diags) = Texm::parse(&b).unwrap();
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].severity, crate::formats::Severity::Error);
    assert_eq!(diags[0].offset, Some(28));
    assert_eq!(diags[0].key.as_ref().map(|k| k.id), Some("texm-unknown-format-kept"));
    assert!(crate::app::i18n::messages::russian_text(diags[0].key.as_ref().unwrap()).unwrap().starts_with("неизвестный формат пикселей 1555 "));
    assert_eq!(t.opaque_bytes().unwrap(), &b[32..]);
    assert_eq!(t.write(), b);
    assert!(t.decode_mip(0, &Readings::default(), None).is_err());
    let mut z = b.clone();
    z[4..8].fill(0);
    assert_eq!(Texm::parse(&z).unwrap().1.len(), 2, "zero width reported beside the format");
    assert!(Texm::parse(&b[..31]).is_err(), "the header itself must be whole");
}

#[test]
fn wrong_magic_is_refused() {
    let mut b = fixture_565();
    b[0] = b't';
    let e = Texm::parse(&b).unwrap_err();
    assert_eq!(e.offset, 0);
    assert!(e.message.contains("Texm"));
}

#[test]
fn set_mip_rgba_reencodes_only_that_level() {
    let b = fixture_565();
    let (mut t, _) = Texm::parse(&b).unwrap();
    let r = Readings::default();
    let white = Pixmap::from_rgba(1, 1, vec![255; 4]).unwrap();
    t.set_mip_rgba(1, &white, &r, None).unwrap();
    let out = t.write();
    assert_eq!(&out[..40], &b[..40]);
    assert_eq!(&out[40..42], &[0xFF, 0xFF]);
    assert_eq!(&out[42..], &b[42..]);
    assert!(t.set_mip_rgba(0, &white, &r, None).is_err(), "size mismatch");
}

fn raw_texm(format: Format, w: u32, h: u32, mips: u32, pixels: &[u8], page: Option<&[[i16; 4]]>) -> Vec<u8> {
    let mut b = b"Texm".to_vec();
    u32s(&mut b, &[w, h, mips, 32, 0, 0, format.raw()]);
    let n = header::chain_pixels(w, h, mips).unwrap() as usize * format.bytes_per_pixel()
        + if format == Format::Indexed { PALETTE_LEN } else { 0 };
    b.extend(pixels.iter().cycle().take(n));
    if let Some(rects) = page {
        b.extend_from_slice(b"Page");
        u32s(&mut b, &[rects.len() as u32]);
        for r in rects {
            for v in r {
                b.extend_from_slice(&v.to_le_bytes());
            }
        }
    }
    b
}

proptest! {
    #[test]
    fn parse_write_is_identity_for_every_format(
        fi in 0usize..8,
        w in 1u32..9, h in 1u32..9, mips in 1u32..6,
        pixels in proptest::collection::vec(any::<u8>(), 1..64),
        rects in proptest::option::of(proptest::collection::vec(any::<[i16; 4]>(), 0..4)),
    ) {
        let format = ALL_FORMATS[fi];
        let b = raw_texm(format, w, h, mips, &pixels, rects.as_deref());
        let (t, diags) = Texm::parse(&b).unwrap();
        prop_assert!(diags.is_empty());
        prop_assert_eq!(t.write(), b.clone());
        // decode then re-encode every level in place: direct formats give back their bytes,
        // indexed ones the same colours
        let r = Readings::default();
        let mut t2 = t.clone();
        for level in 0..mips {
            let img = t.decode_mip(level, &r, None).unwrap();
            t2.set_mip_rgba(level, &img, &r, None).unwrap();
            prop_assert_eq!(t2.decode_mip(level, &r, None).unwrap(), img);
        }
        if !format.is_indexed() {
            prop_assert_eq!(t2.write(), b);
        }
    }

    /// The texture as an archive holds it: a view into a larger buffer. The parse shares it
    /// (no pixel copied), writes it back as it was, and an edit copies the chain and leaves
    /// the buffer and every other view of it untouched.
    #[test]
    fn a_shared_parse_writes_its_input_and_edits_a_copy(
        fi in 0usize..9,
        w in 1u32..9, h in 1u32..9, mips in 1u32..6,
        pixels in proptest::collection::vec(any::<u8>(), 1..64),
        rects in proptest::option::of(proptest::collection::vec(any::<[i16; 4]>(), 0..4)),
        before in proptest::collection::vec(any::<u8>(), 0..16),
        after in proptest::collection::vec(any::<u8>(), 0..16),
    ) {
        // 9 formats: the 8 known ones and an unknown one, kept opaque
        let mut b = raw_texm(ALL_FORMATS[fi.min(7)], w, h, mips, &pixels, rects.as_deref());
        if fi == 8 {
            b[28..32].copy_from_slice(&777u32.to_le_bytes());
        }
        let file = SharedBytes::from([before.as_slice(), &b, &after].concat());
        let view = file.slice(before.len()..before.len() + b.len());
        let (mut t, _) = Texm::parse(&view).unwrap();
        prop_assert!(t.data.same_buffer(&file), "the chain is a view of the parsed bytes");
        prop_assert_eq!(t.write(), b.clone());
        prop_assert_eq!(Texm::parse(&b).unwrap().0, t.clone(), "shared and copied parses agree");
        if t.format().is_some() {
            let r = Readings::default();
            let level = mips - 1;
            let mut img = t.decode_mip(level, &r, None).unwrap();
            img.rgba.iter_mut().for_each(|v| *v = !*v);
            t.set_mip_rgba(level, &img, &r, None).unwrap();
            prop_assert!(!t.data.same_buffer(&file), "the edit copied");
            prop_assert_eq!(&view[..], &b[..], "the document's bytes are unchanged");
            prop_assert_eq!(t.write().len(), b.len());
            prop_assert_eq!(Texm::parse(&view).unwrap().0.write(), b);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200), fmt in 0usize..8) {
        let mut b = b"Texm".to_vec();
        b.extend_from_slice(&bytes);
        if b.len() >= 32 && bytes[0] & 1 == 0 {
            b[28..32].copy_from_slice(&ALL_FORMATS[fmt].raw().to_le_bytes());
            b[4..16].iter_mut().for_each(|v| *v &= 7);
        }
        if let Ok((t, _)) = Texm::parse(&b) {
            prop_assert_eq!(t.write(), b);
            for level in 0..t.mip_count().min(8) {
                let _ = t.decode_mip(level, &Readings::default(), None);
            }
        }
    }
}
