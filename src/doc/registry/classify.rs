//! What an item is, by its directory row, name and (when at hand) bytes: the one answer the
//! editor's browser (icons, the type filter, thumbnails) and the command line (`add`'s type
//! guess) share. A codec ([`super::codec_for`]) says how to read an item; this says what to
//! call it when nothing has been read yet.

use crate::doc::node::Node;
use crate::formats::magic::{FileKind, detect};
use crate::formats::{TYPE_MAT0, TYPE_PAGE, TYPE_TEXM, TYPE_WEAR};

/// What an entry or file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    File,
    Archive,
    Mesh,
    Texture,
    Material,
    WearTable,
    Page,
    Geometry,
    Sound,
    Font,
    Palette,
    Component,
    Data,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::File => "file",
            Kind::Archive => "archive",
            Kind::Mesh => "mesh",
            Kind::Texture => "texture",
            Kind::Material => "material",
            Kind::WearTable => "WEAR table",
            Kind::Page => "page",
            Kind::Geometry => "level geometry",
            Kind::Sound => "sound",
            Kind::Font => "font",
            Kind::Palette => "palette",
            Kind::Component => "mesh component",
            Kind::Data => "data",
        }
    }
}

/// Bytes that start an NRes or RsLi archive.
pub fn is_archive_magic(b: &[u8]) -> bool {
    b.starts_with(b"NRes") || (b.starts_with(b"NL") && b.len() >= 32)
}

/// A name archives go by (`.msh`, `.rlb`, `.lib`), for entries whose bytes are not at hand
/// (packed RsLi entries).
pub fn is_archive_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".msh", ".rlb", ".lib"].iter().any(|e| lower.ends_with(e))
}

/// Texm payload bytes.
pub fn is_texture_bytes(b: &[u8]) -> bool {
    b.starts_with(b"Texm")
}

/// A WEAR table's file name.
pub fn is_wear_name(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".wea")
}

/// A font's entry name (`.fnt`, `.tfnt`), for RsLi entries whose bytes are packed.
pub fn is_font_name(lower: &str) -> bool {
    lower.ends_with(".fnt") || lower.ends_with(".tfnt")
}

/// A MAT0 material's file name.
pub fn is_material_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".mat0") || lower.ends_with(".mat")
}

/// An archive entry by its type id and name, its bytes when they are at hand, and whether it
/// is itself an archive.
pub fn entry_kind(type_id: Option<u32>, name: &str, bytes: Option<&[u8]>, nested: bool) -> Kind {
    let lower = name.to_ascii_lowercase();
    if nested {
        return if lower.ends_with(".msh") { Kind::Mesh } else { Kind::Archive };
    }
    match type_id {
        // A sound by its bytes, whatever its tag (docs/formats/wav.md).
        _ if bytes.is_some_and(crate::formats::wav::is_wave) => Kind::Sound,
        // A font or a palette by its bytes, or by name when the bytes are packed.
        _ if bytes.is_some_and(crate::formats::tfnt::is_tfnt) => Kind::Font,
        _ if bytes.is_some_and(crate::formats::pal::has_ipol) => Kind::Palette,
        _ if lower.ends_with(".pal") && bytes.is_none_or(|b| b.len() >= crate::formats::pal::PALETTE_LEN) => Kind::Palette,
        None if bytes.is_none() && is_font_name(&lower) => Kind::Font,
        Some(TYPE_TEXM) => Kind::Texture,
        Some(TYPE_MAT0) => Kind::Material,
        Some(TYPE_WEAR) => Kind::WearTable,
        Some(TYPE_PAGE) => Kind::Page,
        Some(crate::formats::wav::TYPE_SWAV) => Kind::Sound,
        Some(1..=21) => Kind::Component,
        _ if bytes.is_some_and(is_texture_bytes) => Kind::Texture,
        _ if is_wear_name(name) => Kind::WearTable,
        _ => Kind::Data,
    }
}

/// A file's format as the browser's type column names it.
pub fn file_format(name: &str, root: &Node) -> &'static str {
    match root {
        Node::Nres(_) => "NRes",
        Node::Rsli(_) => "RsLi",
        Node::Blob(b) => match detect(name, b) {
            FileKind::Texm => "Texm",
            FileKind::Wav => "WAV",
            FileKind::Tfnt => "Tfnt",
            FileKind::Pal => "PAL",
            FileKind::Wear => "WEAR text",
            FileKind::XrayGeom => "level.geom",
            FileKind::XrayLevel => "X-Ray level",
            _ => "unknown format",
        },
    }
}

/// What a file holds, from its [`file_format`] and name.
pub fn file_kind(format: &str, name: &str) -> Kind {
    match format {
        "Texm" => Kind::Texture,
        "WAV" => Kind::Sound,
        "Tfnt" => Kind::Font,
        "PAL" => Kind::Palette,
        "WEAR text" => Kind::WearTable,
        "level.geom" | "X-Ray level" => Kind::Geometry,
        _ if name.to_ascii_lowercase().ends_with(".msh") => Kind::Mesh,
        "NRes" | "RsLi" => Kind::Archive,
        _ => Kind::Data,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;

    #[test]
    fn entries_by_type_then_content_then_name() {
        assert_eq!(entry_kind(Some(TYPE_TEXM), "x", None, false), Kind::Texture);
        assert_eq!(entry_kind(Some(7), "x", None, false), Kind::Component);
        assert_eq!(entry_kind(None, "ROBOT.MSH", None, true), Kind::Mesh);
        assert_eq!(entry_kind(None, "sub.lib", None, true), Kind::Archive);
        assert_eq!(entry_kind(None, "t", Some(b"Texm...."), false), Kind::Texture);
        assert_eq!(entry_kind(None, "Land1.WEA", None, false), Kind::WearTable);
        assert_eq!(entry_kind(Some(0), "x", Some(b"abc"), false), Kind::Data);
        assert_eq!(entry_kind(Some(TYPE_TEXM), "x", Some(b"RIFF\0\0\0\0WAVEfmt "), false), Kind::Sound);
        assert_eq!(entry_kind(Some(crate::formats::wav::TYPE_SWAV), "x", None, false), Kind::Sound);
        let font = crate::fixtures::font::tfnt_bytes();
        assert_eq!(entry_kind(None, "x", Some(&font), false), Kind::Font);
        assert_eq!(entry_kind(None, "GAME.FNT", None, false), Kind::Font);
        assert_eq!(entry_kind(Some(0), "A.PAL", Some(&[0u8; 1024]), false), Kind::Palette);
        assert_eq!(entry_kind(Some(0), "A.PAL", Some(&[0u8; 100]), false), Kind::Data);
        assert_eq!(entry_kind(None, "noname", Some(&crate::fixtures::font::pal_with_ipol()), false), Kind::Palette);
        assert!(is_archive_name("a.RLB") && !is_archive_name("a.wea"));
        assert!(is_material_name("x.MAT") && is_material_name("x.mat0") && !is_material_name("x.mat1"));
    }

    #[test]
    fn files_by_format_then_name() {
        let blob = |b: &[u8]| Node::Blob(SharedBytes::from(b.to_vec()));
        assert_eq!(file_format("t.0", &blob(b"Texm\0\0\0\0")), "Texm");
        assert_eq!(file_format("Land1.wea", &blob(b"2\r\n")), "WEAR text");
        assert_eq!(file_format("x.bin", &blob(b"??")), "unknown format");
        assert_eq!(file_format("x.bin", &blob(b"RIFF\0\0\0\0WAVE")), "WAV");
        assert_eq!(file_kind("WAV", "x.bin"), Kind::Sound);
        assert_eq!(file_kind("NRes", "ROBOT.msh"), Kind::Mesh);
        assert_eq!(file_kind("NRes", "Material.lib"), Kind::Archive);
        assert_eq!(file_kind("level.geom", "level.geom"), Kind::Geometry);
        assert_eq!(file_kind("bytes", "x.bin"), Kind::Data);
    }
}
