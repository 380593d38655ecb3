//! The WEAR codec: entries of type `WEAR` and loose `*.wea` files. The text is kept as it is,
//! so the round trip always holds; `check` reports the table rules with line and column, and
//! `info` is the "wear" object of docs/cli.md#info (rows carry their line too). Names are resolved
//! against the workspace's libraries by the document model through `formats::wear::check_names`.

pub mod diff;
pub mod merge;
pub mod refs;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::wear::{Wear, WearRow};
use crate::formats::{Result, TYPE_WEAR};
use serde_json::{Value, json};

pub struct WearCodec;

fn rows(w: &Wear, r: &[WearRow]) -> Vec<Value> {
    r.iter().map(|r| json!({"id": r.legacy_id, "name": w.name(r), "line": r.line})).collect()
}

impl Codec for WearCodec {
    fn kind(&self) -> FormatKind {
        FormatKind::Wear
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn refs(&self) -> Option<&dyn crate::doc::kinds::Refs> {
        Some(self)
    }

    fn merge(&self) -> Option<&dyn crate::doc::kinds::Merge> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["wea", "table"]
    }

    fn claims(&self, item: &Item) -> bool {
        match item.type_id {
            Some(t) => t == TYPE_WEAR,
            None => item.name.to_ascii_lowercase().ends_with(".wea"),
        }
    }

    fn check(&self, item: &Item) -> Checked {
        let w = Wear::parse(item.bytes);
        Checked { roundtrip: w.bytes() == item.bytes, diagnostics: w.diagnostics().to_vec() }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let w = Wear::parse(item.bytes);
        Ok(json!({
            "kind": FormatKind::Wear,
            "materials": rows(&w, w.materials()),
            "lightmaps": w.lightmaps().map(|l| rows(&w, l)),
            "diagnostics": w.diagnostics(),
            "line_ending": match w.line_ending() {
                crate::formats::wear::LineEnding::Crlf => "crlf",
                crate::formats::wear::LineEnding::Lf => "lf",
            },
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::wear as fx;
    use crate::formats::Severity;
    use crate::formats::readings::Readings;

    fn item<'a>(bytes: &'a [u8], name: &'a str, type_id: Option<u32>, r: &'a Readings) -> Item<'a> {
        Item { bytes, name, type_id, attrs: [0, 0, 1], readings: r }
    }

    #[test]
    fn claims_by_type_or_extension() {
        let r = Readings::default();
        let b = fx::demo();
        assert!(WearCodec.claims(&item(&b, "ROBOT.wea", Some(TYPE_WEAR), &r)));
        assert!(WearCodec.claims(&item(&b, "anything", Some(TYPE_WEAR), &r)));
        assert!(!WearCodec.claims(&item(&b, "ROBOT.wea", Some(crate::formats::TYPE_MAT0), &r)));
        assert!(WearCodec.claims(&item(&b, "Land1.WEA", None, &r)));
        assert!(!WearCodec.claims(&item(&b, "Land1.txt", None, &r)));
    }

    #[test]
    fn check_round_trips_and_reports() {
        let r = Readings::default();
        for (name, b) in fx::all() {
            let c = WearCodec.check(&item(&b, name, None, &r));
            assert!(c.roundtrip, "{name}");
            assert_eq!(name.starts_with("bad_"), c.diagnostics.iter().any(|d| d.severity == Severity::Error), "{name}");
        }
    }

    #[test]
    fn info_follows_the_schema() {
        let r = Readings::default();
        let v = WearCodec.info(&item(&fx::demo_lightmapped(), "x.wea", None, &r)).unwrap();
        assert_eq!(v["kind"], "wear");
        assert_eq!(v["materials"][1]["id"], 1);
        assert_eq!(v["materials"][1]["name"], "GLASS");
        assert_eq!(v["lightmaps"][0]["name"], "LM_BASE.0");
        assert_eq!(v["diagnostics"], json!([]));
        let v = WearCodec.info(&item(&fx::all().into_iter().find(|(n, _)| *n == "bad_fewer_rows.wea").unwrap().1, "x.wea", None, &r)).unwrap();
        assert!(v["lightmaps"].is_null());
        let d = &v["diagnostics"][0];
        assert_eq!((d["severity"].as_str(), d["line"].as_u64(), d["column"].as_u64()), (Some("error"), Some(6), Some(1)));
    }
}
