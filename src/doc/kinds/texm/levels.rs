//! One level of two textures as the compare view shows it: both sides decoded, the engine's
//! figures for the level ([`level_diff`]) and the amplified difference image
//! ([`difference_image`]). No egui here: the view uploads the three pixmaps it is handed.
//! `benches/diff.rs` (`texture_diff_1024/compare_view_level`) times this for a 1024² level.

use super::diff::{LevelDiff, difference_image, level_diff};
use crate::formats::readings::Readings;
use crate::formats::texm::{Pixmap, Texm};
use crate::formats::{Error, Message};
use crate::msg;

/// The gain the view's difference image starts at: one step in 255 shows as 32.
pub const DEFAULT_GAIN: u8 = 32;

/// One side's decoded level, or the one line saying why it could not be read (with its id, so
/// the view shows it in the interface's language).
pub type Decoded = Result<Pixmap, Message>;

/// A level of both sides (`None` for a side the item is not on: an added or removed texture).
#[derive(Debug)]
pub struct LevelPair {
    pub level: u32,
    /// How many levels the two sides have (the larger count; a level past one side's is an
    /// error on that side).
    pub levels: u32,
    pub a: Option<Decoded>,
    pub b: Option<Decoded>,
    /// Pixel counts, PSNR and box when both decoded at the same size.
    pub diff: Option<LevelDiff>,
    /// The difference image (same condition).
    pub image: Option<Pixmap>,
    /// Each side's Page rects `(x, y, w, h)` in level 0's texels (empty without a Page).
    pub rects: [Vec<(i32, i32, i32, i32)>; 2],
}

type Rects = Vec<(i32, i32, i32, i32)>;

/// An error as `Display` writes it (`path @0x1F: message`), its message keeping its id.
fn whole(e: &Error) -> Message {
    let at = if e.context.is_empty() { format!("@0x{:X}: ", e.offset) } else { format!("{} @0x{:X}: ", e.path(), e.offset) };
    e.text().prefixed(&at)
}

fn decode(bytes: &[u8], level: u32, readings: &Readings) -> (Decoded, u32, Rects) {
    match Texm::parse(bytes.to_vec()) {
        Err(e) => (Err(whole(&e)), 0, Vec::new()),
        Ok((t, _)) => {
            let n = t.header().mip_count.max(1);
            let rects = t.page().map(|p| p.rects.iter().map(|r| (i32::from(r.x), i32::from(r.y), i32::from(r.w), i32::from(r.h))).collect()).unwrap_or_default();
            if level >= n {
                let message = if n == 1 { msg!("texm-has-one-level", "has 1 level") } else { msg!("texm-has-levels", "has {count} levels", count = n) };
                return (Err(message), n, rects);
            }
            (t.decode_mip(level, readings, None).map_err(|e| whole(&e)), n, rects)
        }
    }
}

/// Decodes `level` of each side and compares them; `gain` amplifies the difference image.
pub fn level_pair(a: Option<&[u8]>, b: Option<&[u8]>, level: u32, readings: &Readings, gain: u8) -> LevelPair {
    let side = |x: Option<&[u8]>| match x {
        None => (None, 0, Vec::new()),
        Some(x) => {
            let (d, n, r) = decode(x, level, readings);
            (Some(d), n, r)
        }
    };
    let ((a, na, ra), (b, nb, rb)) = (side(a), side(b));
    let (diff, image) = match (&a, &b) {
        (Some(Ok(pa)), Some(Ok(pb))) => (level_diff(pa, pb), difference_image(pa, pb, gain)),
        _ => (None, None),
    };
    LevelPair { level, levels: na.max(nb), a, b, diff, image, rects: [ra, rb] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::texm::{Material, Spec, build};
    use crate::app::i18n::Language;
    use crate::app::i18n::messages::text_in;
    use crate::formats::texm::Format;

    #[test]
    fn both_levels_their_figures_and_the_difference_image() {
        let a = build(&Spec::new(Format::Rgb565, 32, 32, 2, Material::Rock).quadrants());
        let (mut t, _) = Texm::parse(a.clone()).unwrap();
        let r = Readings::default();
        let mut img = t.decode_mip(0, &r, None).unwrap();
        img.rgba[(5 * 32 + 7) * 4] ^= 0xF8;
        t.set_mip_rgba(0, &img, &r, None).unwrap();
        let b = t.write();
        let p = level_pair(Some(&a), Some(&b), 0, &r, DEFAULT_GAIN);
        assert_eq!(p.levels, 2);
        assert_eq!(p.rects[0], [(0, 0, 16, 16), (16, 0, 16, 16), (0, 16, 16, 16), (16, 16, 16, 16)], "the Page rects, both sides");
        assert_eq!(p.rects[0], p.rects[1]);
        let d = p.diff.unwrap();
        assert_eq!((d.changed, d.bbox), (1, Some((7, 5, 7, 5))));
        let im = p.image.unwrap();
        assert_eq!(im.rgba[(5 * 32 + 7) * 4], 255, "the change, amplified");
        assert_eq!(im.rgba[0..4], [0, 0, 0, 255], "no change is black");
        // Level 1 is the same; a level past the count is one line on each side.
        assert_eq!(level_pair(Some(&a), Some(&b), 1, &r, 1).diff.unwrap().changed, 0);
        let past = level_pair(Some(&a), Some(&b), 5, &r, 1);
        let why = past.a.unwrap().unwrap_err();
        assert_eq!(why.as_str(), "has 2 levels");
        assert_eq!(text_in(Language::Russian, &why.english, why.key.as_deref()), "в текстуре 2 уровня");
        // An added texture: only B, no figures; a damaged side says why.
        let added = level_pair(None, Some(&b), 0, &r, 1);
        assert!(added.a.is_none() && added.diff.is_none() && added.b.unwrap().is_ok());
        let broken = level_pair(Some(&a[..20]), Some(&b), 0, &r, 1).a.unwrap().unwrap_err();
        assert!(broken.as_str().starts_with("@0x"), "{broken}");
    }
}
