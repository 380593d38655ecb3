//! What the compare views share: the colour of each kind of change (the tree, the field
//! tables, a table's text diff).

use crate::doc::diff::Kind;
use egui::Color32;

/// The colour a kind of change is marked with.
/// A change's kind in a word, in the language ("changed", "изменён").
pub fn kind_word(kind: Kind) -> String {
    match kind {
        Kind::Added => crate::tr!("diff-added"),
        Kind::Removed => crate::tr!("diff-removed"),
        Kind::Renamed => crate::tr!("diff-renamed"),
        Kind::Moved => crate::tr!("diff-moved"),
        Kind::Changed => crate::tr!("diff-changed"),
    }
}

pub fn kind_color(kind: Kind, dark: bool) -> Color32 {
    let (light, darkc) = match kind {
        Kind::Added => (Color32::from_rgb(0x1a, 0x7f, 0x37), Color32::from_rgb(0x57, 0xd3, 0x6b)),
        Kind::Removed => (Color32::from_rgb(0xb3, 0x26, 0x1e), Color32::from_rgb(0xff, 0x7b, 0x72)),
        Kind::Changed => (Color32::from_rgb(0x9a, 0x67, 0x00), Color32::from_rgb(0xe3, 0xb3, 0x41)),
        Kind::Renamed => (Color32::from_rgb(0x1f, 0x5f, 0xbf), Color32::from_rgb(0x79, 0xc0, 0xff)),
        Kind::Moved => (Color32::from_rgb(0x7a, 0x3e, 0x9d), Color32::from_rgb(0xd2, 0xa8, 0xff)),
    };
    if dark { darkc } else { light }
}
