//! A Texm entry as files a person edits (docs/unpack.md): level 0 as a PNG, and beside it only
//! what the editor's import (`texm::png::import_pixmap`) would not rebuild from that PNG:
//! the palette (format 0), the levels whose stored bytes differ from the rebuilt chain (as a
//! PNG when the level decodes and encodes back exactly, else its raw bytes), and, when even
//! that does not give the stored bytes back, the whole payload. The header words and the
//! Page rects go in the manifest.

use serde::{Deserialize, Serialize};
use crate::formats::readings::Readings;
use crate::formats::texm::header::{Format, Header};
use crate::formats::texm::png::{import_pixmap, read_image};
use crate::formats::texm::{ImportOptions, Page, Palette, Pixmap, Rect, Texm, mips};
use crate::formats::{Error, Result, TYPE_TEXM};
use crate::msg;
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

/// The header words and Page rects of a texture, and which parts are kept beside its PNG.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TexmForm {
    pub width: u32,
    pub height: u32,
    pub mip_count: u32,
    pub format: u32,
    pub flags4: u32,
    pub flags5: u32,
    pub unk6: u32,
    /// `[x, w, y, h]` per rect, `None` without a Page tail.
    pub page: Option<Vec<[i16; 4]>>,
    pub palette: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<TexmLevel>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub whole: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TexmLevel {
    pub level: u32,
    pub png: bool,
}

/// How hard the PNG encoder works.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Compression {
    /// Quick to write, somewhat larger files (the default).
    #[default]
    Fast,
    /// Smallest files, several times slower.
    Best,
}

pub fn png(img: &Pixmap, c: Compression) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(img.rgba.len() / 2 + 64);
    let (ct, ft) = match c {
        Compression::Fast => (CompressionType::Fast, FilterType::Adaptive),
        Compression::Best => (CompressionType::Best, FilterType::Adaptive),
    };
    PngEncoder::new_with_quality(&mut out, ct, ft)
        .write_image(&img.rgba, img.width, img.height, image::ExtendedColorType::Rgba8)
        .map_err(|e| Error::new(0u64, msg!("texm-png-encode", "PNG encoding failed: {error}", error = e.to_string())))?;
    Ok(out)
}

/// The files of one exported texture, named by suffix (`""` is the level-0 PNG itself).
pub struct Exported {
    pub form: TexmForm,
    /// `(suffix, bytes)`: `.png` first, then the kept parts.
    pub files: Vec<(String, Vec<u8>)>,
}

pub const PALETTE_SUFFIX: &str = ".palette.bin";
pub const WHOLE_SUFFIX: &str = ".texm";
pub fn level_suffix(level: u32, png: bool) -> String {
    format!(".mip{level}.{}", if png { "png" } else { "bin" })
}

/// What the files say beside the level-0 image, read back from disk.
#[derive(Default)]
pub struct Kept {
    pub palette: Option<Vec<u8>>,
    /// Level and its replacement: a decoded image or raw bytes.
    pub levels: Vec<(u32, LevelData)>,
    pub whole: Option<Vec<u8>>,
}

pub enum LevelData {
    Image(Pixmap),
    Raw(Vec<u8>),
}

fn header_of(form: &TexmForm) -> Header {
    Header {
        magic: TYPE_TEXM,
        width: form.width,
        height: form.height,
        mip_count: form.mip_count,
        flags4: form.flags4,
        flags5: form.flags5,
        unk6: form.unk6,
        format: form.format,
    }
}

fn page_of(form: &TexmForm) -> Option<Page> {
    form.page.as_ref().map(|rects| Page { rects: rects.iter().map(|r| Rect { x: r[0], w: r[1], y: r[2], h: r[3] }).collect() })
}

/// The texture an import lands on: the header, palette and Page rects the form keeps, with
/// the kept levels' bytes (zeros elsewhere).
fn base(form: &TexmForm, kept: &Kept, readings: &Readings) -> Result<Texm> {
    let header = header_of(form);
    let format = header.known_format().ok_or_else(|| Error::new(28u64, msg!("texm-form-unknown-format", "format {format} is unknown", format = header.format)))?;
    let palette = match (format.has_embedded_palette(), &kept.palette) {
        (false, _) => None,
        (true, Some(p)) => Some(Palette::from_bytes(p)?),
        (true, None) => Some(Palette::zeroed()),
    };
    let bpp = format.bytes_per_pixel();
    let total = crate::formats::texm::header::chain_pixels(header.width, header.height, header.mip_count)
        .and_then(|p| usize::try_from(p).ok())
        .and_then(|p| p.checked_mul(bpp))
        .ok_or_else(|| Error::new(12u64, msg!("texm-form-chain-overflow", "the mip chain overflows")))?;
    let t = Texm::from_parts(header, palette, vec![0; total], page_of(form))?;
    with_levels(t, &kept.levels, readings)
}

/// Replaces the given levels (an image through the format's encoder, raw bytes as they are).
fn with_levels(t: Texm, levels: &[(u32, LevelData)], readings: &Readings) -> Result<Texm> {
    if levels.is_empty() {
        return Ok(t);
    }
    let mut t = t;
    for (level, data) in levels {
        if let LevelData::Image(img) = data {
            t.set_mip_rgba(*level, img, readings, None).map_err(|e| e.within(format!("level {level}")))?;
        }
    }
    let mut data = t.mip_data().to_vec();
    for (level, d) in levels {
        if let LevelData::Raw(bytes) = d {
            let format = t.format().ok_or_else(|| Error::new(28u64, msg!("texm-form-format-unknown", "unknown format")))?;
            let range = crate::formats::texm::header::level_range(t.width(), t.height(), *level, format.bytes_per_pixel())
                .filter(|r| r.end <= data.len() && r.len() == bytes.len())
                .ok_or_else(|| Error::new(0u64, msg!("texm-form-level-bytes", "level {level}: {size} bytes do not fit the level", level = *level, size = bytes.len())))?;
            data[range].copy_from_slice(bytes);
        }
    }
    Texm::from_parts(*t.header(), t.palette().cloned(), data, t.page().cloned())
}

/// The stored bytes the files give: the level-0 image imported onto the kept header, palette
/// and Page, then the kept levels laid over the rebuilt chain. With the whole payload kept,
/// that payload, as long as `level0` is the image exported from it (`untouched`).
pub fn rebuild(form: &TexmForm, level0: Pixmap, kept: &Kept, untouched: bool, readings: &Readings) -> Result<Vec<u8>> {
    if let (true, Some(whole)) = (untouched, &kept.whole) {
        return Ok(whole.clone());
    }
    let old = match &kept.whole {
        Some(w) => Texm::parse(w)?.0,
        None => base(form, kept, readings)?,
    };
    let opts = ImportOptions { allow_resize: true, ..ImportOptions::default() };
    let (t, _) = import_pixmap(&old, level0, &opts, readings)?;
    // A new image rebuilds the whole chain; only an untouched level 0 takes the kept levels.
    let t = if untouched && kept.whole.is_none() { with_levels(t, &kept.levels, readings)? } else { t };
    Ok(t.write())
}

/// Exports a texture, or `None` when it is not one the importer can rebuild (unknown format,
/// unparsable): the caller keeps it as bytes.
pub fn export(bytes: &[u8], readings: &Readings, c: Compression) -> Option<Exported> {
    let (t, _) = Texm::parse(bytes).ok()?;
    let format = t.format()?;
    let h = *t.header();
    let level0 = t.decode_mip(0, readings, None).ok()?;
    let mut form = TexmForm {
        width: h.width,
        height: h.height,
        mip_count: h.mip_count,
        format: h.format,
        flags4: h.flags4,
        flags5: h.flags5,
        unk6: h.unk6,
        page: t.page().map(|p| p.rects.iter().map(|r| [r.x, r.w, r.y, r.h]).collect()),
        palette: false,
        levels: Vec::new(),
        whole: false,
    };
    let mut kept = Kept::default();
    let mut files = vec![(".png".to_string(), png(&level0, c).ok()?)];
    let try_rebuild = |form: &TexmForm, kept: &Kept| rebuild(form, level0.clone(), kept, true, readings).ok();

    let mut got = try_rebuild(&form, &kept);
    if got.as_deref() != Some(bytes) && format == Format::Indexed {
        let raw = t.palette()?.raw.to_vec();
        form.palette = true;
        kept.palette = Some(raw.clone());
        files.push((PALETTE_SUFFIX.to_string(), raw));
        got = try_rebuild(&form, &kept);
    }
    if got.as_deref() != Some(bytes)
        && let Some(rebuilt) = got.as_deref().and_then(|b| Texm::parse(b).ok()).map(|(t, _)| t)
    {
        for level in 0..h.mip_count {
            let (ours, theirs) = (rebuilt.mip_bytes(level).ok()?, t.mip_bytes(level).ok()?);
            if ours == theirs {
                continue;
            }
            let img = t.decode_mip(level, readings, None).ok()?;
            let lossless = level > 0 && {
                let mut probe = rebuilt.clone();
                probe.set_mip_rgba(level, &img, readings, None).is_ok() && probe.mip_bytes(level).ok() == Some(theirs)
            };
            if lossless {
                files.push((level_suffix(level, true), png(&img, c).ok()?));
                kept.levels.push((level, LevelData::Image(img)));
            } else {
                files.push((level_suffix(level, false), theirs.to_vec()));
                kept.levels.push((level, LevelData::Raw(theirs.to_vec())));
            }
            form.levels.push(TexmLevel { level, png: lossless });
        }
        got = try_rebuild(&form, &kept);
    }
    if got.as_deref() != Some(bytes) {
        // Nothing short of the payload gives it back; the PNG still edits it.
        files.truncate(1);
        form.palette = false;
        form.levels.clear();
        form.whole = true;
        files.push((WHOLE_SUFFIX.to_string(), bytes.to_vec()));
    }
    Some(Exported { form, files })
}

/// Reads the kept parts of a texture (the files the form names) through `read(suffix)`.
pub fn read_kept(form: &TexmForm, read: &mut dyn FnMut(&str) -> std::io::Result<Option<Vec<u8>>>) -> std::result::Result<Kept, String> {
    let mut kept = Kept::default();
    let io = |s: &str, e: std::io::Error| format!("{s}: {e}");
    if form.palette {
        kept.palette = read(PALETTE_SUFFIX).map_err(|e| io(PALETTE_SUFFIX, e))?;
    }
    if form.whole {
        kept.whole = read(WHOLE_SUFFIX).map_err(|e| io(WHOLE_SUFFIX, e))?;
    }
    for l in &form.levels {
        let suffix = level_suffix(l.level, l.png);
        // A removed level file leaves that level to the rebuilt chain.
        let Some(bytes) = read(&suffix).map_err(|e| io(&suffix, e))? else { continue };
        let data = if l.png { LevelData::Image(read_image(&bytes).map_err(|e| format!("{suffix}: {e}"))?) } else { LevelData::Raw(bytes) };
        kept.levels.push((l.level, data));
    }
    Ok(kept)
}

/// A new texture from an image added to an archive's folder: 8888 when it has transparency,
/// 565 otherwise, with a whole box-filtered mip chain.
pub fn new_texture(img: Pixmap, readings: &Readings) -> Result<Vec<u8>> {
    let format = if img.has_transparency() { Format::Argb8888 } else { Format::Rgb565 };
    let levels = (0..32).find(|&l| crate::formats::texm::header::mip_dims(img.width, img.height, l) == (1, 1)).map_or(1, |l| l + 1);
    let chain = mips::build_chain(img, levels, mips::MipFilter::Box)?;
    let opts = crate::formats::texm::EncodeOptions { format: Some(format), flags4: 32, ..Default::default() };
    Ok(crate::formats::texm::encode_levels(&chain, &opts, readings)?.0.write())
}

/// A texture's form in an unpacked tree: level 0 as `NAME.png`, the kept parts beside it.
impl crate::doc::kinds::Unpack for super::TexmCodec {
    fn suffix(&self) -> &'static str {
        ".png"
    }

    fn unpack(&self, e: &crate::doc::kinds::UnpackIn) -> Option<crate::doc::kinds::Unpacked> {
        export(e.bytes, e.readings, e.compression).map(|x| crate::doc::kinds::Unpacked { files: x.files, texm: Some(x.form) })
    }

    fn pack(&self, p: &mut crate::doc::kinds::PackIn) -> std::result::Result<(Vec<u8>, Option<[u32; 3]>), crate::formats::Message> {
        let form = p.texm.ok_or("the manifest lacks the texture's header")?;
        let kept = read_kept(form, p.read_beside)?;
        let img = read_image(p.main).map_err(|e| e.to_string())?;
        let bytes = rebuild(form, img, &kept, p.untouched, p.readings).map_err(|e| e.to_string())?;
        Ok((bytes, None))
    }

    fn new_entry(&self, main: &[u8], readings: &Readings) -> std::result::Result<crate::doc::kinds::NewEntry, crate::formats::Message> {
        read_image(main)
            .and_then(|img| new_texture(img, readings))
            .map(|bytes| crate::doc::kinds::NewEntry { type_id: TYPE_TEXM, attrs: [0; 3], bytes })
            .map_err(|e| e.text())
    }
}
