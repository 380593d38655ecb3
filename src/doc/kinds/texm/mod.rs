//! The Texm codec: entries of type `Texm` and loose files starting with "Texm". `check`
//! parses, reports what the parser and the runtime's loader would find (unknown format,
//! palette-suffix rule of the entry's name, a mip-skip that reads past the chain) and compares
//! the re-encoding; `info` is the "texm" object of docs/cli.md#info.

pub mod diff;
pub mod levels;
pub mod unpack;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::texm::{RuntimeOptions, Texm, mip_skip, palette_suffix, runtime_view};
use crate::formats::{Result, Severity, TYPE_TEXM, cp1251};
use serde_json::{Value, json};

pub struct TexmCodec;

/// The entry name as the engine sees it (raw CP1251 bytes).
fn name_bytes(name: &str) -> Vec<u8> {
    cp1251::encode(name).unwrap_or_else(|| name.as_bytes().to_vec())
}

impl Codec for TexmCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Texm
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn unpack(&self) -> Option<&dyn crate::doc::kinds::Unpack> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["texture", "tex"]
    }

    fn claims(&self, item: &Item) -> bool {
        match item.type_id {
            Some(t) => t == TYPE_TEXM,
            None => item.bytes.starts_with(b"Texm"),
        }
    }

    fn check(&self, item: &Item) -> Checked {
        let (t, mut diagnostics) = match Texm::parse(item.bytes) {
            Ok(v) => v,
            Err(e) => return Checked::failed(e),
        };
        // Archive entries are looked up by name; loose file names are not texture names.
        if item.type_id.is_some() {
            diagnostics.extend(palette_suffix(&name_bytes(item.name)).diagnostic());
        }
        if t.format().is_some() {
            match runtime_view(&t, item.readings, None, &RuntimeOptions::default()) {
                Ok(v) => diagnostics.extend(v.diagnostics.into_iter().filter(|d| d.severity != Severity::Info)),
                Err(e) => diagnostics.push(e.into()),
            }
        }
        Checked { roundtrip: t.write() == item.bytes, diagnostics }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let (t, diags) = Texm::parse(item.bytes)?;
        let h = t.header();
        let page = t.page().map(|p| p.rects.iter().map(|r| json!([r.x, r.w, r.y, r.h])).collect::<Vec<_>>());
        let suffix = if item.type_id.is_some() { palette_suffix(&name_bytes(item.name)).slot() } else { None };
        Ok(json!({
            "kind": FormatKind::Texm,
            "width": h.width,
            "height": h.height,
            "mip_count": h.mip_count,
            "format": h.format,
            "flags4": h.flags4,
            "flags5": h.flags5,
            "unk6": h.unk6,
            "palette": t.palette().is_some(),
            "page": page,
            "mip_skip": mip_skip(h.flags5, h.width, h.height, h.mip_count),
            "format_name": t.format().map(|f| f.name()),
            "alpha_surface": h.is_alpha_surface(),
            "index0_transparent": h.index0_transparent(),
            "palette_slot": suffix,
            "palette_slot_name": suffix.and_then(crate::formats::texm::slot_name),
            "diagnostics": diags,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::readings::Readings;

    fn item<'a>(bytes: &'a [u8], name: &'a str, type_id: Option<u32>, readings: &'a Readings) -> Item<'a> {
        Item { bytes, name, type_id, attrs: [0; 3], readings }
    }

    #[test]
    fn claims_by_type_or_magic() {
        let r = Readings::default();
        let bytes = crate::fixtures::texm::loose(crate::formats::texm::Format::Rgb565, 4, 4, 1);
        assert!(TexmCodec.claims(&item(&bytes, "X.0", Some(TYPE_TEXM), &r)));
        assert!(!TexmCodec.claims(&item(&bytes, "X.0", Some(0x3054414D), &r)));
        assert!(TexmCodec.claims(&item(&bytes, "x.tex", None, &r)));
        assert!(!TexmCodec.claims(&item(b"NRes", "x.lib", None, &r)));
    }

    #[test]
    fn check_and_info_follow_the_schema() {
        let r = Readings::default();
        let bytes = crate::fixtures::texm::loose(crate::formats::texm::Format::Argb8888, 8, 4, 3);
        let c = TexmCodec.check(&item(&bytes, "METAL.0", Some(TYPE_TEXM), &r));
        assert!(c.roundtrip);
        assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
        let v = TexmCodec.info(&item(&bytes, "METAL.0", Some(TYPE_TEXM), &r)).unwrap();
        for key in ["kind", "width", "height", "mip_count", "format", "flags4", "flags5", "unk6", "palette", "page", "mip_skip"] {
            assert!(v.get(key).is_some(), "{key}");
        }
        assert_eq!(v["kind"], "texm");
        assert_eq!((v["width"].as_u64(), v["height"].as_u64(), v["format"].as_u64()), (Some(8), Some(4), Some(8888)));
        assert_eq!(v["palette"], false);
        let c = TexmCodec.check(&item(&bytes, "NODOT", Some(TYPE_TEXM), &r));
        assert!(c.diagnostics.iter().any(|d| d.message.starts_with("Bad texture name.")));
        let c = TexmCodec.check(&item(&bytes, "NODOT", None, &r));
        assert!(c.diagnostics.is_empty(), "loose names are not texture names");
    }

    #[test]
    fn unknown_formats_fail_check_but_round_trip() {
        let r = Readings::default();
        let mut bytes = crate::fixtures::texm::loose(crate::formats::texm::Format::Rgb565, 4, 4, 1);
        bytes[28..32].copy_from_slice(&7u32.to_le_bytes());
        let c = TexmCodec.check(&item(&bytes, "A.0", Some(TYPE_TEXM), &r));
        assert!(c.roundtrip);
        assert!(c.diagnostics.iter().any(|d| d.severity == Severity::Error && d.offset == Some(28)));
        let v = TexmCodec.info(&item(&bytes, "A.0", Some(TYPE_TEXM), &r)).unwrap();
        assert_eq!(v["format"], 7);
        let c = TexmCodec.check(&item(&bytes[..40], "A.0", Some(TYPE_TEXM), &r));
        assert!(c.roundtrip, "opaque entries keep every byte, however short");
        let c = TexmCodec.check(&item(&bytes[..20], "A.0", Some(TYPE_TEXM), &r));
        assert!(!c.roundtrip);
        assert_eq!(c.diagnostics[0].offset, Some(20));
    }
}
