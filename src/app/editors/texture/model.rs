//! What the texture inspector shows, computed from a Texm payload and independent of egui: the
//! decoded levels of the stored or the runtime view, the stored indices of the palettised
//! formats, a pixel readout, the display image after the channel toggles and the palette
//! highlight, and the Page rects with their pixel and runtime UV values.

use crate::formats::readings::Readings;
use crate::formats::texm::{Format, Lut, Palette, Pixmap, Rect, RuntimeOptions, RuntimeRect, Texm, mip_skip, runtime_rects, runtime_view};
use crate::formats::{Diagnostic, Result};

/// Which decoded view the inspector shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ViewMode {
    /// Alpha exactly as stored, every stored level (what `export-png` writes).
    #[default]
    Stored,
    /// What the game would draw: the mip-skip, index 0 transparent on an alpha surface, and the
    /// profile flags of [`RuntimeOptions`].
    Runtime,
}

/// The channel toggles: a channel switched off shows as 0 (alpha as opaque); `alpha_only`
/// shows the alpha channel as grey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Channels {
    pub r: bool,
    pub g: bool,
    pub b: bool,
    pub a: bool,
    pub alpha_only: bool,
}

impl Default for Channels {
    fn default() -> Self {
        Channels { r: true, g: true, b: true, a: true, alpha_only: false }
    }
}

impl Channels {
    pub fn apply(&self, p: [u8; 4]) -> [u8; 4] {
        if self.alpha_only {
            return [p[3], p[3], p[3], 255];
        }
        let on = |b: bool, v: u8| if b { v } else { 0 };
        [on(self.r, p[0]), on(self.g, p[1]), on(self.b, p[2]), if self.a { p[3] } else { 255 }]
    }
}

/// What the cursor is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readout {
    pub x: u32,
    pub y: u32,
    /// The stored bytes of the texel, in file order.
    pub stored: Vec<u8>,
    pub rgba: [u8; 4],
    /// The palette index of the palettised formats.
    pub index: Option<u8>,
}

/// One Page rect as the inspector lists it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShownRect {
    /// The stored rect (level-0 pixels of the stored texture).
    pub stored: Rect,
    /// What the runtime makes of it (pixels after the skip, UV).
    pub runtime: RuntimeRect,
}

pub struct TextureModel {
    pub texm: Texm,
    pub mode: ViewMode,
    /// The shown levels, level 0 of the view first.
    pub levels: Vec<Pixmap>,
    /// For the palettised formats, each shown level's stored indices.
    pub indices: Vec<Option<Vec<u8>>>,
    /// Levels the runtime skips (what the runtime view starts at).
    pub skip: u32,
    /// The palette the indices decode through (embedded, external or grey), as shown.
    pub lut: Option<Lut>,
    pub rects: Vec<ShownRect>,
    pub diagnostics: Vec<Diagnostic>,
    /// The surface format the runtime creates (after "Force 16-bit textures").
    pub surface: Option<Format>,
}

impl TextureModel {
    pub fn build(bytes: &[u8], mode: ViewMode, readings: &Readings, external: Option<&Palette>, opts: &RuntimeOptions) -> Result<TextureModel> {
        let (texm, mut diagnostics) = Texm::parse(bytes)?;
        let h = *texm.header();
        let format = texm.format();
        let skip = mip_skip(h.flags5, h.width, h.height, h.mip_count);
        let indexed = format.is_some_and(Format::is_indexed);
        let page: Vec<Rect> = texm.page().map(|p| p.rects.clone()).unwrap_or_default();
        let (levels, first_stored, mut lut, surface, runtime) = match (mode, format) {
            (_, None) => (Vec::new(), 0, None, None, runtime_rects(&page, h.width, h.height, skip)),
            (ViewMode::Stored, Some(f)) => {
                let mut levels = Vec::new();
                for l in 0..h.mip_count {
                    levels.push(texm.decode_mip(l, readings, external)?);
                }
                let (rw, rh) = (h.width >> skip, h.height >> skip);
                (levels, 0, indexed.then(|| texm.lut(readings, external)), Some(f), runtime_rects(&page, rw, rh, skip))
            }
            (ViewMode::Runtime, Some(_)) => {
                let v = runtime_view(&texm, readings, external, opts)?;
                diagnostics.extend(v.diagnostics);
                let rects = v.rects.clone();
                (v.levels, v.skip, indexed.then(|| texm.lut(readings, external)), Some(v.surface), rects)
            }
        };
        if mode == ViewMode::Runtime && h.index0_transparent()
            && let Some(l) = lut.as_mut()
        {
            l[0][3] = 0;
        }
        let indices = (0..levels.len())
            .map(|j| {
                let l = first_stored + j as u32;
                (indexed && texm.mip_dims(l) == (levels[j].width, levels[j].height)).then(|| texm.mip_bytes(l).ok().map(<[u8]>::to_vec)).flatten()
            })
            .collect();
        let rects = page.iter().zip(runtime.iter().skip(1)).map(|(s, r)| ShownRect { stored: *s, runtime: *r }).collect();
        Ok(TextureModel { texm, mode, levels, indices, skip: first_stored, lut, rects, diagnostics, surface })
    }

    /// Takes `new` as the model's texture when it differs from `old` (the bytes the model was
    /// built from) only in the Page tail, as a rect edit does: the decoded levels stay, only
    /// the texture and its rects are read anew. False when anything before the tail changed,
    /// and in the runtime view (whose rects also follow the load options): build anew then.
    pub fn take_new_page(&mut self, old: &[u8], new: &[u8]) -> bool {
        let core = self.texm.core_len();
        if self.mode != ViewMode::Stored || self.texm.format().is_none() || old.get(..core).is_none_or(|o| new.get(..core) != Some(o)) {
            return false;
        }
        let Ok((texm, diagnostics)) = Texm::parse(new) else { return false };
        if texm.core_len() != core {
            return false;
        }
        let h = *texm.header();
        let skip = mip_skip(h.flags5, h.width, h.height, h.mip_count);
        let page: Vec<Rect> = texm.page().map(|p| p.rects.clone()).unwrap_or_default();
        let runtime = runtime_rects(&page, h.width >> skip, h.height >> skip, skip);
        self.rects = page.iter().zip(runtime.iter().skip(1)).map(|(s, r)| ShownRect { stored: *s, runtime: *r }).collect();
        self.texm = texm;
        self.diagnostics = diagnostics;
        true
    }

    /// The stored Page rects, in order (what a rect edit starts from).
    pub fn stored_rects(&self) -> Vec<Rect> {
        self.rects.iter().map(|r| r.stored).collect()
    }

    /// The stored level a shown level comes from.
    pub fn stored_level(&self, shown: usize) -> u32 {
        self.skip + shown as u32
    }

    /// Level-0 size of the view (the runtime's after the skip).
    pub fn view_size(&self) -> (u32, u32) {
        self.levels.first().map_or((self.texm.width(), self.texm.height()), |l| (l.width, l.height))
    }

    /// The texel at (x, y) of shown level `level`.
    pub fn readout(&self, level: usize, x: u32, y: u32) -> Option<Readout> {
        let img = self.levels.get(level)?;
        if x >= img.width || y >= img.height {
            return None;
        }
        let i = (y * img.width + x) as usize;
        let bpp = self.texm.format().map_or(0, Format::bytes_per_pixel);
        let stored_level = self.stored_level(level);
        let stored = match self.texm.mip_bytes(stored_level) {
            Ok(b) if self.texm.mip_dims(stored_level) == (img.width, img.height) => b.get(i * bpp..(i + 1) * bpp).map(<[u8]>::to_vec).unwrap_or_default(),
            _ => Vec::new(),
        };
        let index = self.indices.get(level).and_then(|v| v.as_ref()).and_then(|v| v.get(i).copied());
        Some(Readout { x, y, stored, rgba: img.at(x, y), index })
    }

    /// RGBA of shown level `level` as the canvas draws it: channels applied, and with a palette
    /// index highlighted every other texel dimmed to a quarter of its grey.
    pub fn display_rgba(&self, level: usize, ch: Channels, highlight: Option<u8>) -> Vec<u8> {
        let Some(img) = self.levels.get(level) else { return Vec::new() };
        let mut out = img.rgba.clone();
        if ch != Channels::default() {
            for p in out.chunks_exact_mut(4) {
                p.copy_from_slice(&ch.apply([p[0], p[1], p[2], p[3]]));
            }
        }
        let indices = highlight.and_then(|h| Some((h, self.indices.get(level)?.as_ref()?)));
        if let Some((h, indices)) = indices {
            for (p, &i) in out.chunks_exact_mut(4).zip(indices.iter()) {
                if i != h {
                    let grey = ((u16::from(p[0]) * 3 + u16::from(p[1]) * 6 + u16::from(p[2])) / 40) as u8;
                    p.copy_from_slice(&[grey, grey, grey, p[3].max(160)]);
                }
            }
        }
        out
    }

    /// How many texels of shown level `level` use palette index `i`.
    pub fn index_count(&self, level: usize, i: u8) -> usize {
        self.indices.get(level).and_then(|v| v.as_ref()).map_or(0, |v| v.iter().filter(|&&x| x == i).count())
    }

    /// A Page rect in the pixels of shown level `level`: stored rects are level-0 pixels of the
    /// stored texture, runtime ones are level-0 pixels after the skip.
    pub fn rect_on_level(&self, r: &ShownRect, level: usize) -> [f32; 4] {
        let (x0, y0, x1, y1) = match self.mode {
            ViewMode::Stored => {
                let s = r.stored;
                (f32::from(s.x), f32::from(s.y), f32::from(s.x) + f32::from(s.w), f32::from(s.y) + f32::from(s.h))
            }
            ViewMode::Runtime => {
                let (w, h) = self.view_size();
                let rr = r.runtime;
                (rr.u0 * w as f32, rr.v0 * h as f32, (rr.u0 + rr.du) * w as f32, (rr.v0 + rr.dv) * h as f32)
            }
        };
        let k = 0.5f32.powi(level as i32);
        [x0 * k, y0 * k, x1 * k, y1 * k]
    }
}

/// The stored texel's fields as the format packs them, for the readout: the 16-bit formats'
/// word and its bit fields (`565 r 12 g 40 b 7`), 88 by the current reading; `None` for the
/// byte-per-channel and palettised formats, whose stored bytes already say it.
pub fn stored_fields(format: Format, readings: &Readings, stored: &[u8]) -> Option<String> {
    use crate::formats::readings::Order88;
    let [lo, hi] = <[u8; 2]>::try_from(stored).ok()?;
    let w = u16::from_le_bytes([lo, hi]);
    Some(match format {
        Format::Rgb565 => format!("0x{w:04X}: r {} g {} b {}", w >> 11, (w >> 5) & 63, w & 31),
        Format::Rgb556 => format!("0x{w:04X}: r {} g {} b {}", w >> 11, (w >> 6) & 31, w & 63),
        Format::Argb4444 => format!("0x{w:04X}: a {} r {} g {} b {}", w >> 12, (w >> 8) & 15, (w >> 4) & 15, w & 15),
        Format::LumAlpha88 => match readings.texm_88 {
            Order88::LumLowAlphaHigh => format!("0x{w:04X}: lum {lo} alpha {hi}"),
            Order88::AlphaLowLumHigh => format!("0x{w:04X}: alpha {lo} lum {hi}"),
        },
        _ => return None,
    })
}

/// The bits of a header word that have a name (docs/formats/texm.md).
/// Each described in the interface's language.
pub fn known_bits(word: &str) -> Vec<(u32, String)> {
    use crate::tr;
    match word {
        "flags4" => vec![(0x20, tr!("tex-bit-mip-mapped"))],
        "flags5" => vec![
            (0x0080_0000, tr!("tex-bit-unread")),
            (0x0100_0000, tr!("tex-bit-alpha")),
            (0x0200_0000, tr!("tex-bit-alpha-fade")),
            (0x0400_0000, tr!("tex-bit-unread")),
            (0x1000_0000, tr!("tex-bit-mip-skip-1")),
            (0x2000_0000, tr!("tex-bit-mip-skip-256")),
            (0x4000_0000, tr!("tex-bit-mip-skip-size")),
        ],
        _ => Vec::new(),
    }
}

/// The set bits of a header word, each with its name (or "unknown").
pub fn flag_names(word: &str, value: u32) -> Vec<(u32, String)> {
    let known = known_bits(word);
    let mut out = Vec::new();
    for bit in 0..32 {
        let m = 1u32 << bit;
        if value & m != 0 {
            out.push((m, known.iter().find(|(k, _)| *k == m).map_or_else(|| crate::tr!("tex-bit-unknown"), |(_, n)| n.clone())));
        }
    }
    out
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::texm as fx;
    use crate::formats::texm::header::FLAG5_ALPHA;

    fn model(bytes: &[u8], mode: ViewMode) -> TextureModel {
        TextureModel::build(bytes, mode, &Readings::default(), None, &RuntimeOptions::default()).unwrap()
    }

    #[test]
    fn stored_view_has_every_level_and_indices_for_format_0() {
        let bytes = fx::loose(Format::Indexed, 8, 4, 3);
        let m = model(&bytes, ViewMode::Stored);
        assert_eq!(m.levels.iter().map(|l| (l.width, l.height)).collect::<Vec<_>>(), [(8, 4), (4, 2), (2, 1)]);
        assert!(m.indices.iter().all(Option::is_some));
        let r = m.readout(0, 3, 2).unwrap();
        let i = r.index.unwrap();
        assert_eq!(r.stored, [i]);
        assert_eq!(r.rgba, m.levels[0].at(3, 2));
        assert_eq!(m.lut.unwrap()[usize::from(i)], r.rgba);
        assert!(m.readout(0, 8, 0).is_none() && m.readout(3, 0, 0).is_none());
    }

    #[test]
    fn readout_gives_the_stored_bytes_of_direct_formats() {
        let bytes = fx::loose(Format::Rgb565, 4, 4, 1);
        let m = model(&bytes, ViewMode::Stored);
        let r = m.readout(0, 1, 0).unwrap();
        assert_eq!(r.stored, bytes[32 + 2..32 + 4]);
        assert_eq!(r.index, None);
        assert!(m.lut.is_none());
    }

    #[test]
    fn runtime_view_skips_levels_and_makes_index_0_transparent() {
        let spec = fx::Spec::new(Format::Indexed, 16, 16, 4, fx::Material::Metal).flags5(FLAG5_ALPHA | 0x1000_0000);
        let bytes = fx::build(&spec);
        let stored = model(&bytes, ViewMode::Stored);
        let rt = model(&bytes, ViewMode::Runtime);
        assert_eq!(rt.skip, 1);
        assert_eq!(rt.view_size(), (8, 8));
        assert_eq!(rt.levels.len(), 3);
        assert_eq!(rt.stored_level(0), 1);
        assert_eq!(rt.indices[0], stored.indices[1]);
        assert_eq!(rt.lut.unwrap()[0][3], 0);
        assert_eq!(stored.lut.unwrap()[0][3], 255);
        let r = rt.readout(0, 0, 0).unwrap();
        assert_eq!(r.stored, stored.readout(1, 0, 0).unwrap().stored);
    }

    #[test]
    fn a_page_edit_keeps_the_levels_and_anything_else_rebuilds() {
        let bytes = fx::build(&fx::Spec::new(Format::Argb8888, 16, 16, 3, fx::Material::Rock).quadrants());
        let mut m = model(&bytes, ViewMode::Stored);
        let levels = m.levels.clone();
        let (mut t, _) = Texm::parse(&bytes).unwrap();
        let moved = Rect { x: 1, w: 5, y: 2, h: 6 };
        t.set_page(Some(crate::formats::texm::Page { rects: vec![moved] })).unwrap();
        let new = t.write();
        assert!(m.take_new_page(&bytes, &new));
        assert_eq!(m.stored_rects(), vec![moved]);
        assert!(m.levels == levels, "the decoded levels are kept");
        assert_eq!(m.texm.write(), new);
        // New pixels (or the runtime view) need a full build.
        let mut pixels = new.clone();
        pixels[40] ^= 0xFF;
        assert!(!m.take_new_page(&new, &pixels));
        let mut rt = model(&bytes, ViewMode::Runtime);
        assert!(!rt.take_new_page(&bytes, &new));
    }

    #[test]
    fn channels_and_highlight_change_only_the_display() {
        let bytes = fx::loose(Format::Indexed, 4, 4, 1);
        let m = model(&bytes, ViewMode::Stored);
        let all = m.display_rgba(0, Channels::default(), None);
        assert_eq!(all, m.levels[0].rgba);
        let red = m.display_rgba(0, Channels { g: false, b: false, ..Default::default() }, None);
        assert!(red.chunks_exact(4).all(|p| p[1] == 0 && p[2] == 0));
        let alpha = m.display_rgba(0, Channels { alpha_only: true, ..Default::default() }, None);
        assert!(alpha.chunks_exact(4).all(|p| p[0] == p[1] && p[1] == p[2] && p[3] == 255));
        let i = m.readout(0, 0, 0).unwrap().index.unwrap();
        let hl = m.display_rgba(0, Channels::default(), Some(i));
        let n = m.index_count(0, i);
        assert!(n > 0);
        let kept = hl.chunks_exact(4).zip(all.chunks_exact(4)).filter(|(a, b)| a == b).count();
        assert!(kept >= n, "the highlighted texels are drawn as they are");
    }

    #[test]
    fn rects_carry_runtime_uv_and_scale_with_the_level() {
        let rects = vec![Rect { x: 4, w: 4, y: 0, h: 8 }];
        let spec = fx::Spec { page: Some(rects.clone()), ..fx::Spec::new(Format::Rgb565, 16, 8, 3, fx::Material::Metal).flags5(0x1000_0000) };
        let bytes = fx::build(&spec);
        let m = model(&bytes, ViewMode::Stored);
        assert_eq!(m.rects.len(), 1);
        assert_eq!(m.rects[0].stored, rects[0]);
        assert_eq!((m.rects[0].runtime.u0, m.rects[0].runtime.du, m.rects[0].runtime.dv), (0.25, 0.25, 1.0));
        assert_eq!(m.rect_on_level(&m.rects[0], 1), [2.0, 0.0, 4.0, 4.0]);
        let rt = model(&bytes, ViewMode::Runtime);
        assert_eq!(rt.view_size(), (8, 4));
        assert_eq!(rt.rect_on_level(&rt.rects[0], 0), [2.0, 0.0, 4.0, 4.0]);
    }

    #[test]
    fn unknown_formats_show_no_levels() {
        let mut bytes = fx::loose(Format::Rgb565, 4, 4, 1);
        bytes[28..32].copy_from_slice(&7u32.to_le_bytes());
        let m = model(&bytes, ViewMode::Stored);
        assert!(m.levels.is_empty() && m.readout(0, 0, 0).is_none());
        assert!(!m.diagnostics.is_empty());
    }

    #[test]
    fn sixteen_bit_texels_read_out_their_fields() {
        let r = Readings::default();
        // 565: r 31, g 0, b 1 -> 0xF801
        assert_eq!(stored_fields(Format::Rgb565, &r, &[0x01, 0xF8]).unwrap(), "0xF801: r 31 g 0 b 1");
        assert_eq!(stored_fields(Format::Rgb556, &r, &[0x3F, 0x00]).unwrap(), "0x003F: r 0 g 0 b 63");
        assert_eq!(stored_fields(Format::Argb4444, &r, &[0x21, 0xF3]).unwrap(), "0xF321: a 15 r 3 g 2 b 1");
        assert_eq!(stored_fields(Format::LumAlpha88, &r, &[10, 200]).unwrap(), "0xC80A: lum 10 alpha 200");
        let mut rev = r;
        rev.set("texm-88=alpha-lum").unwrap();
        assert_eq!(stored_fields(Format::LumAlpha88, &rev, &[10, 200]).unwrap(), "0xC80A: alpha 10 lum 200");
        assert!(stored_fields(Format::Argb8888, &r, &[1, 2, 3, 4]).is_none());
        assert!(stored_fields(Format::Rgb565, &r, &[1]).is_none());
    }

    #[test]
    fn flag_bits_are_named() {
        let f5 = flag_names("flags5", 0x0100_0000 | 0x8);
        assert_eq!(f5.len(), 2);
        assert_eq!(f5[0].0, 0x8);
        assert!(f5[0].1.starts_with("unknown"));
        assert!(f5[1].1.starts_with("alpha surface"));
        assert!(flag_names("flags4", 32)[0].1.starts_with("mip-mapped"));
        assert!(flag_names("unk6", 0).is_empty());
    }

    /// Every Texm among the fixtures (loose, and entries of their archives, broken ones
    /// included) builds in both views, and every query on it stays in bounds.
    #[test]
    fn every_fixture_texture_survives_the_inspector() {
        use crate::doc::node::Node;
        let mut seen = 0;
        let r = Readings::default();
        for (name, bytes) in crate::fixtures::files::all_files() {
            let Ok((node, _)) = Node::parse(&name, bytes.clone().into()) else { continue };
            let mut payloads = vec![bytes.clone()];
            for i in 0..node.len() {
                if let Ok(b) = node.entry_bytes(i) {
                    payloads.push(b.to_vec());
                }
            }
            for p in payloads.iter().filter(|p| p.starts_with(b"Texm")) {
                seen += 1;
                for mode in [ViewMode::Stored, ViewMode::Runtime] {
                    let opts = RuntimeOptions { force_16bit: mode == ViewMode::Runtime, ..Default::default() };
                    let Ok(m) = TextureModel::build(p, mode, &r, None, &opts) else { continue };
                    for (l, img) in m.levels.iter().enumerate() {
                        assert_eq!(m.display_rgba(l, Channels::default(), Some(0)).len(), img.rgba.len(), "{name}");
                        for (x, y) in [(0, 0), (img.width - 1, img.height - 1), (img.width, 0)] {
                            let _ = m.readout(l, x, y);
                        }
                        for rect in &m.rects {
                            let _ = m.rect_on_level(rect, l);
                        }
                    }
                    let _ = m.readout(m.levels.len(), 0, 0);
                }
            }
        }
        assert!(seen >= 20, "{seen} textures among the fixtures");
    }
}
