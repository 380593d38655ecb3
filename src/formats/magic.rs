//! What a loose file is: by content (magic) first, by extension second (docs/cli.md#addressing).

use super::TYPE_TEXM;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Nres,
    Rsli,
    Texm,
    /// A RIFF/WAVE sound (docs/formats/wav.md).
    Wav,
    /// A Tfnt bitmap font (docs/formats/tfnt.md).
    Tfnt,
    /// A PAL palette: the `Ipol` tag after 1,024 bytes, or a `.pal` name (docs/formats/pal.md).
    Pal,
    Wear,
    XrayGeom,
    /// The X-Ray `level` beside a level.geom: by name, or by its chunks.
    XrayLevel,
    /// A mission's `data.tma`: by its `.tma` name (docs/formats/tma.md; it has no magic).
    Mission,
    Unknown,
}

pub fn detect(name: &str, bytes: &[u8]) -> FileKind {
    if bytes.starts_with(b"NRes") {
        return FileKind::Nres;
    }
    if bytes.starts_with(b"NL") && bytes.len() >= 32 {
        return FileKind::Rsli;
    }
    if bytes.len() >= 4 && u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) == TYPE_TEXM {
        return FileKind::Texm;
    }
    if crate::formats::wav::is_wave(bytes) {
        return FileKind::Wav;
    }
    if crate::formats::tfnt::is_tfnt(bytes) {
        return FileKind::Tfnt;
    }
    let lower = name.to_ascii_lowercase();
    if crate::formats::pal::has_ipol(bytes) || (lower.ends_with(".pal") && bytes.len() >= crate::formats::pal::PALETTE_LEN) {
        return FileKind::Pal;
    }
    if lower.ends_with(".wea") {
        return FileKind::Wear;
    }
    if lower.ends_with(".tma") {
        return FileKind::Mission;
    }
    if lower.ends_with(".geom") || lower.ends_with(".geomx") {
        return FileKind::XrayGeom;
    }
    if lower == "level" || crate::formats::xray_level::Level::sniff(bytes) {
        return FileKind::XrayLevel;
    }
    FileKind::Unknown
}
