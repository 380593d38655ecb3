//! What an item is, by its directory row, name and (when at hand) bytes: the one answer the
//! editor's browser (icons, the type filter, thumbnails) and the command line (`add`'s type
//! guess) share. A codec ([`super::codec_for`]) says how to read an item; this says what to
//! call it when nothing has been read yet.

use crate::doc::kinds::FormatKind;
use crate::doc::node::Node;
use crate::formats::magic::{FileKind, detect};
use crate::formats::{TYPE_MAT0, TYPE_PAGE, TYPE_TEXM, TYPE_WEAR};

/// What an entry or file holds, as the browser shows it (icons, the type filter): known before
/// anything is read, and wider than the codecs' [`FormatKind`] (archives, Page entries, mesh
/// components, plain data). [`FormatKind::display`] maps a codec's kind to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DisplayKind {
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
    Record,
    Unit,
    Mission,
    NavMap,
    Data,
}

impl DisplayKind {
    pub fn label(self) -> &'static str {
        match self {
            DisplayKind::File => "file",
            DisplayKind::Archive => "archive",
            DisplayKind::Mesh => "mesh",
            DisplayKind::Texture => "texture",
            DisplayKind::Material => "material",
            DisplayKind::WearTable => "WEAR table",
            DisplayKind::Page => "page",
            DisplayKind::Geometry => "level geometry",
            DisplayKind::Sound => "sound",
            DisplayKind::Font => "font",
            DisplayKind::Palette => "palette",
            DisplayKind::Component => "mesh component",
            DisplayKind::Record => "object record",
            DisplayKind::Unit => "unit",
            DisplayKind::Mission => "mission",
            DisplayKind::NavMap => "navigation map",
            DisplayKind::Data => "data",
        }
    }
}

impl FormatKind {
    /// How the browser shows an item this kind's codec claims. Exhaustive: a new kind says
    /// which it is.
    pub fn display(self) -> DisplayKind {
        match self {
            FormatKind::Texm => DisplayKind::Texture,
            FormatKind::Mat0 => DisplayKind::Material,
            FormatKind::Wear => DisplayKind::WearTable,
            FormatKind::Msh => DisplayKind::Mesh,
            FormatKind::Pal => DisplayKind::Palette,
            FormatKind::Tfnt => DisplayKind::Font,
            FormatKind::Wav => DisplayKind::Sound,
            FormatKind::XrayGeom | FormatKind::XrayLevel => DisplayKind::Geometry,
            FormatKind::Record => DisplayKind::Record,
            FormatKind::Unit => DisplayKind::Unit,
            FormatKind::Mission => DisplayKind::Mission,
            FormatKind::LandMap => DisplayKind::NavMap,
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
pub fn entry_kind(type_id: Option<u32>, name: &str, bytes: Option<&[u8]>, nested: bool) -> DisplayKind {
    let lower = name.to_ascii_lowercase();
    if nested {
        return if lower.ends_with(".msh") { DisplayKind::Mesh } else { DisplayKind::Archive };
    }
    match type_id {
        // A sound by its bytes, whatever its tag (docs/formats/wav.md).
        _ if bytes.is_some_and(crate::formats::wav::is_wave) => DisplayKind::Sound,
        // A font or a palette by its bytes, or by name when the bytes are packed.
        _ if bytes.is_some_and(crate::formats::tfnt::is_tfnt) => DisplayKind::Font,
        _ if bytes.is_some_and(crate::formats::pal::has_ipol) => DisplayKind::Palette,
        _ if lower.ends_with(".pal") && bytes.is_none_or(|b| b.len() >= crate::formats::pal::PALETTE_LEN) => DisplayKind::Palette,
        None if bytes.is_none() && is_font_name(&lower) => DisplayKind::Font,
        Some(TYPE_TEXM) => DisplayKind::Texture,
        Some(TYPE_MAT0) => DisplayKind::Material,
        Some(TYPE_WEAR) => DisplayKind::WearTable,
        Some(TYPE_PAGE) => DisplayKind::Page,
        t if crate::doc::kinds::record::record_kind(t).is_some() => DisplayKind::Record,
        Some(crate::formats::wav::TYPE_SWAV) => DisplayKind::Sound,
        Some(1..=21) => DisplayKind::Component,
        _ if bytes.is_some_and(is_texture_bytes) => DisplayKind::Texture,
        _ if is_wear_name(name) => DisplayKind::WearTable,
        _ => DisplayKind::Data,
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
            FileKind::Mission => "data.tma",
            _ if crate::doc::kinds::unit::looks_like_unit(name, b) => "unit tree",
            _ => "unknown format",
        },
    }
}

/// What a file holds, from its [`file_format`] and name.
pub fn file_kind(format: &str, name: &str) -> DisplayKind {
    match format {
        "Texm" => DisplayKind::Texture,
        "WAV" => DisplayKind::Sound,
        "Tfnt" => DisplayKind::Font,
        "PAL" => DisplayKind::Palette,
        "WEAR text" => DisplayKind::WearTable,
        "level.geom" | "X-Ray level" => DisplayKind::Geometry,
        "data.tma" => DisplayKind::Mission,
        "unit tree" => DisplayKind::Unit,
        "NRes" if name.eq_ignore_ascii_case("land.map") => DisplayKind::NavMap,
        _ if name.to_ascii_lowercase().ends_with(".msh") => DisplayKind::Mesh,
        "NRes" | "RsLi" => DisplayKind::Archive,
        _ => DisplayKind::Data,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bytes::SharedBytes;

    #[test]
    fn entries_by_type_then_content_then_name() {
        assert_eq!(entry_kind(Some(TYPE_TEXM), "x", None, false), DisplayKind::Texture);
        assert_eq!(entry_kind(Some(7), "x", None, false), DisplayKind::Component);
        assert_eq!(entry_kind(None, "ROBOT.MSH", None, true), DisplayKind::Mesh);
        assert_eq!(entry_kind(None, "sub.lib", None, true), DisplayKind::Archive);
        assert_eq!(entry_kind(None, "t", Some(b"Texm...."), false), DisplayKind::Texture);
        assert_eq!(entry_kind(None, "Land1.WEA", None, false), DisplayKind::WearTable);
        assert_eq!(entry_kind(Some(0), "x", Some(b"abc"), false), DisplayKind::Data);
        assert_eq!(entry_kind(Some(TYPE_TEXM), "x", Some(b"RIFF\0\0\0\0WAVEfmt "), false), DisplayKind::Sound);
        assert_eq!(entry_kind(Some(crate::formats::wav::TYPE_SWAV), "x", None, false), DisplayKind::Sound);
        let font = crate::fixtures::font::tfnt_bytes();
        assert_eq!(entry_kind(None, "x", Some(&font), false), DisplayKind::Font);
        assert_eq!(entry_kind(None, "GAME.FNT", None, false), DisplayKind::Font);
        assert_eq!(entry_kind(Some(0), "A.PAL", Some(&[0u8; 1024]), false), DisplayKind::Palette);
        assert_eq!(entry_kind(Some(0), "A.PAL", Some(&[0u8; 100]), false), DisplayKind::Data);
        assert_eq!(entry_kind(None, "noname", Some(&crate::fixtures::font::pal_with_ipol()), false), DisplayKind::Palette);
        assert!(is_archive_name("a.RLB") && !is_archive_name("a.wea"));
        assert!(is_material_name("x.MAT") && is_material_name("x.mat0") && !is_material_name("x.mat1"));
    }

    #[test]
    fn a_claimed_entry_shows_as_its_kind() {
        let r = crate::formats::readings::Readings::default();
        let font = crate::fixtures::font::tfnt_bytes();
        let wav = b"RIFF\0\0\0\0WAVEfmt ".to_vec();
        let cases: [(Option<u32>, &str, &[u8]); 3] = [(None, "x", &font), (Some(TYPE_TEXM), "x", &wav), (Some(TYPE_WEAR), "Land1.WEA", b"1\r\n0 A\r\n")];
        for (type_id, name, bytes) in cases {
            let codec = crate::doc::registry::codec_for(&crate::doc::registry::Item { bytes, name, type_id, attrs: [0; 3], readings: &r }).unwrap();
            assert_eq!(codec.kind().display(), entry_kind(type_id, name, Some(bytes), false), "{name}");
        }
    }

    #[test]
    fn files_by_format_then_name() {
        let blob = |b: &[u8]| Node::Blob(SharedBytes::from(b.to_vec()));
        assert_eq!(file_format("t.0", &blob(b"Texm\0\0\0\0")), "Texm");
        assert_eq!(file_format("Land1.wea", &blob(b"2\r\n")), "WEAR text");
        assert_eq!(file_format("x.bin", &blob(b"??")), "unknown format");
        assert_eq!(file_format("x.bin", &blob(b"RIFF\0\0\0\0WAVE")), "WAV");
        assert_eq!(file_kind("WAV", "x.bin"), DisplayKind::Sound);
        assert_eq!(file_kind("NRes", "ROBOT.msh"), DisplayKind::Mesh);
        assert_eq!(file_kind("NRes", "Material.lib"), DisplayKind::Archive);
        assert_eq!(file_kind("level.geom", "level.geom"), DisplayKind::Geometry);
        assert_eq!(file_kind("bytes", "x.bin"), DisplayKind::Data);
    }
}
