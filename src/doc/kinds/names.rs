//! The one table of kind names. Every string that names a kind outside `formats/` (the `kind`
//! of `info --json`, `diff`'s `item`, the project index's and `search`'s kinds, `t:KIND`, the
//! forms of `unpack`'s manifest) is written here and nowhere else; the code matches on
//! [`FormatKind`] and [`ItemKind`], so a typo does not compile.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Writes [`FormatKind`] and its name table from one list.
macro_rules! format_kinds {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)*) => {
        /// A format the document model reads with a codec (`doc::registry::Codec`): the kind of
        /// an item once a codec claims it. Its folder is `doc::kinds::NAME`. Not the browser's
        /// classification ([`crate::doc::registry::classify::DisplayKind`], which also has
        /// archives, pages, components and plain data); [`FormatKind::display`] maps one to
        /// the other.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum FormatKind {
            $($(#[$doc])* $variant,)*
        }

        impl FormatKind {
            /// Every kind, in the table's order.
            pub const ALL: &'static [FormatKind] = &[$(FormatKind::$variant,)*];

            /// The stable name: JSON `kind`, `diff`'s `item`, `t:NAME`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(FormatKind::$variant => $name,)*
                }
            }
        }
    };
}

format_kinds! {
    /// A texture (`formats::texm`).
    Texm => "texm",
    /// A material (`formats::mat0`).
    Mat0 => "mat0",
    /// A WEAR table (`formats::wear`).
    Wear => "wear",
    /// A model or landscape (`formats::msh`).
    Msh => "msh",
    /// A palette (`formats::pal`).
    Pal => "pal",
    /// A font (`formats::tfnt`).
    Tfnt => "tfnt",
    /// A sound (`formats::wav`).
    Wav => "wav",
    /// An X-Ray level.geom (`formats::xray_geom`).
    XrayGeom => "xray-geom",
    /// An X-Ray level (`formats::xray_level`).
    XrayLevel => "xray-level",
    /// A reference record of `objects.rlb` (`formats::objrec`).
    Record => "record",
    /// A unit or building assembly, `UNITS/**/*.dat` (`formats::unit_dat`).
    Unit => "unit",
    /// A mission's `data.tma` (`formats::tma`).
    Mission => "mission",
    /// A landscape's navigation map, `Land.map` (`formats::landmap`).
    LandMap => "land-map",
}

impl FormatKind {
    /// The kind of that name (exact, lower case), if any.
    pub fn from_name(name: &str) -> Option<FormatKind> {
        FormatKind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

/// What an item is where no codec may claim it: a codec's kind, or the container and fallback
/// kinds the project index and `diff` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    Format(FormatKind),
    /// An NRes archive no codec claims.
    Nres,
    /// An RsLi archive.
    Rsli,
    /// Anything else, as `diff` names it.
    Bytes,
    /// Anything else, as the project index names it.
    Data,
    /// A whole file (`diff`'s unsaved-against-saved line).
    File,
    /// An archive entry whose bytes were not read (`diff --stat` of a packed RsLi entry).
    Entry,
}

impl ItemKind {
    pub const fn name(self) -> &'static str {
        match self {
            ItemKind::Format(k) => k.name(),
            ItemKind::Nres => "nres",
            ItemKind::Rsli => "rsli",
            ItemKind::Bytes => "bytes",
            ItemKind::Data => "data",
            ItemKind::File => "file",
            ItemKind::Entry => "entry",
        }
    }

    /// The codec's kind, if the item has one.
    pub const fn format(self) -> Option<FormatKind> {
        match self {
            ItemKind::Format(k) => Some(k),
            _ => None,
        }
    }

    /// An NRes or RsLi archive that no codec claims.
    pub const fn is_archive(self) -> bool {
        matches!(self, ItemKind::Nres | ItemKind::Rsli)
    }
}

impl From<FormatKind> for ItemKind {
    fn from(k: FormatKind) -> ItemKind {
        ItemKind::Format(k)
    }
}

impl PartialEq<FormatKind> for ItemKind {
    fn eq(&self, other: &FormatKind) -> bool {
        *self == ItemKind::Format(*other)
    }
}

// Names compare with strings so that a test can say `assert_eq!(kind, "texm")`.
macro_rules! named {
    ($t:ty) => {
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
        impl PartialEq<str> for $t {
            fn eq(&self, other: &str) -> bool {
                self.name() == other
            }
        }
        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                self.name() == *other
            }
        }
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }
    };
}
named!(FormatKind);
named!(ItemKind);

impl<'de> Deserialize<'de> for FormatKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FormatKind, D::Error> {
        let s = String::deserialize(d)?;
        FormatKind::from_name(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown kind {s:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_read_back() {
        for (i, k) in FormatKind::ALL.iter().enumerate() {
            assert_eq!(FormatKind::from_name(k.name()), Some(*k));
            assert!(FormatKind::ALL[..i].iter().all(|o| o.name() != k.name()));
            assert_eq!(serde_json::to_value(k).unwrap(), serde_json::json!(k.name()));
            assert_eq!(serde_json::from_value::<FormatKind>(serde_json::json!(k.name())).unwrap(), *k);
        }
        let others = [ItemKind::Nres, ItemKind::Rsli, ItemKind::Bytes, ItemKind::Data, ItemKind::File, ItemKind::Entry];
        assert!(others.iter().all(|o| FormatKind::from_name(o.name()).is_none()));
        assert_eq!(ItemKind::from(FormatKind::XrayLevel), "xray-level");
        assert!(serde_json::from_value::<FormatKind>(serde_json::json!("texture")).is_err());
    }
}
