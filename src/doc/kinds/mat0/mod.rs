//! The MAT0 codec: entries of type `MAT0`, laid out by their `attr2` version. `check` parses,
//! validates (docs/formats/mat0.md's errors and warnings) and compares the re-encoding; `info` is
//! the "mat0" object of docs/cli.md#info plus the interpreted fields the editor shows.

pub mod diff;
pub mod refs;
pub mod text;
pub mod unpack;

use crate::doc::registry::{Checked, Codec, FormatKind, Item};
use crate::formats::mat0::flags::Mat0Flags;
use crate::formats::mat0::phase::ColorGroup;
use crate::formats::mat0::{Mat0, check};
use crate::formats::{Result, TYPE_MAT0};
use serde_json::{Value, json};

pub struct Mat0Codec;

impl Codec for Mat0Codec {
    fn kind(&self) -> FormatKind {
        FormatKind::Mat0
    }

    fn diff(&self) -> Option<&dyn crate::doc::kinds::Diff> {
        Some(self)
    }

    fn refs(&self) -> Option<&dyn crate::doc::kinds::Refs> {
        Some(self)
    }

    fn unpack(&self) -> Option<&dyn crate::doc::kinds::Unpack> {
        Some(self)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["mat", "material"]
    }

    fn claims(&self, item: &Item) -> bool {
        item.type_id == Some(TYPE_MAT0)
    }

    fn check(&self, item: &Item) -> Checked {
        let m = match Mat0::parse(item.bytes, item.attrs[1]) {
            Ok(m) => m,
            Err(e) => return Checked::failed(e),
        };
        let mut diagnostics = check::validate(&m, item.attrs);
        let roundtrip = match m.write() {
            Ok(b) => b == item.bytes,
            Err(e) => {
                diagnostics.push(e.into());
                false
            }
        };
        Checked { roundtrip, diagnostics }
    }

    fn info(&self, item: &Item) -> Result<Value> {
        let m = Mat0::parse(item.bytes, item.attrs[1])?;
        Ok(info_json(&m, item.attrs))
    }
}

/// The "mat0" object of docs/cli.md#info for a parsed material and its entry's attrs.
pub fn info_json(m: &Mat0, attrs: [u32; 3]) -> Value {
    let flags = Mat0Flags(attrs[0]);
    let phases: Vec<Value> = m
        .phases
        .iter()
        .map(|p| {
            let colors: serde_json::Map<String, Value> =
                ColorGroup::ALL.iter().map(|&g| (g.label().to_string(), json!(p.color(g)))).collect();
            json!({
                "params": p.params,
                "texture": p.texture_name(),
                "colors": colors,
                "power": p.power(),
                "device_power": p.device_power(),
                "cell": p.cell(),
                "cell_signed": p.cell_signed(),
            })
        })
        .collect();
    let anim: Vec<Value> = m
        .anim
        .iter()
        .map(|b| {
            json!({
                "mode": b.mode_bits(),
                "interp_mask": b.interp_mask(),
                "keys": b.keys.iter().map(|k| [k.k0, k.k1, k.k2]).collect::<Vec<_>>(),
                "header": b.header,
                "mode_name": b.mode().label(),
                "cycle_ms": b.cycle_len(),
            })
        })
        .collect();
    json!({
        "kind": FormatKind::Mat0,
        "attr1": attrs[0],
        "attr2": attrs[1],
        "attr3": attrs[2],
        "phase_count": m.phases.len(),
        "anim_block_count": m.anim.len(),
        "meta_a": m.meta.a,
        "meta_b": m.meta.b,
        "meta_c": m.meta.speed_factor(),
        "meta_d": m.meta.damage_per_second(),
        "meta_c_raw": m.meta.c,
        "meta_d_raw": m.meta.d,
        "flags": {
            "second_stage": flags.second_stage(),
            "flag_a": flags.flag_a(),
            "nibble_mode": flags.nibble_mode(),
            "flag_b": flags.flag_b(),
        },
        "phases": phases,
        "anim": anim,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::mat0 as fx;
    use crate::formats::Severity;
    use crate::formats::readings::Readings;

    fn item<'a>(bytes: &'a [u8], attrs: [u32; 3], r: &'a Readings) -> Item<'a> {
        Item { bytes, name: "GLOW", type_id: Some(TYPE_MAT0), attrs, readings: r }
    }

    #[test]
    fn claims_by_type_only() {
        let r = Readings::default();
        let b = fx::glow();
        assert!(Mat0Codec.claims(&item(&b, [0, 6, 0], &r)));
        assert!(!Mat0Codec.claims(&Item { type_id: None, ..item(&b, [0, 6, 0], &r) }));
        assert!(!Mat0Codec.claims(&Item { type_id: Some(crate::formats::TYPE_WEAR), ..item(&b, [0, 6, 0], &r) }));
    }

    #[test]
    fn every_fixture_checks_clean_and_round_trips() {
        let r = Readings::default();
        for e in fx::entries() {
            let c = Mat0Codec.check(&item(&e.payload, e.attrs, &r));
            assert!(c.roundtrip, "{}", e.name);
            assert!(!c.diagnostics.iter().any(|d| d.severity == Severity::Error), "{}: {:?}", e.name, c.diagnostics);
        }
    }

    #[test]
    fn invalid_fixtures_fail_check() {
        let r = Readings::default();
        for (name, v, b) in fx::invalid() {
            let c = Mat0Codec.check(&item(&b, [0, v, 0], &r));
            assert!(c.diagnostics.iter().any(|d| d.severity == Severity::Error && d.offset.is_some()), "{name}: {:?}", c.diagnostics);
        }
    }

    #[test]
    fn info_follows_the_schema() {
        let r = Readings::default();
        let b = fx::version(1);
        let v = Mat0Codec.info(&item(&b, [0x45, 1, 0], &r)).unwrap();
        for key in [
            "kind", "attr1", "attr2", "phase_count", "anim_block_count", "meta_a", "meta_b", "meta_c", "meta_d", "meta_c_raw",
            "meta_d_raw", "phases", "anim",
        ] {
            assert!(v.get(key).is_some(), "{key}");
        }
        assert_eq!(v["kind"], "mat0");
        // Version 1 stores no meta fields: the runtime defaults.
        assert_eq!((v["meta_a"].as_u64(), v["meta_b"].as_u64()), (Some(255), Some(255)));
        assert_eq!(v["meta_c"], 1.0);
        assert_eq!(v["meta_c_raw"], 0x3F80_0000u32);
        assert_eq!(v["meta_d"], 0.0);
        assert_eq!(v["phases"][0]["params"].as_array().unwrap().len(), 18);
        assert_eq!(v["phases"][0]["texture"], "METAL01.0");
        assert_eq!(v["anim"][0]["mode"], 0);
        assert_eq!(v["anim"][0]["interp_mask"], 2);
        assert_eq!(v["anim"][0]["keys"], json!([[0, 500, 0], [1, 1000, 0]]));
        assert_eq!(v["flags"]["nibble_mode"], 1);
        assert_eq!(v["flags"]["flag_b"], true);
        let none = Mat0Codec.info(&item(&fx::static_material([0, 0, 0], ""), [0, 6, 0], &r)).unwrap();
        assert!(none["phases"][0]["texture"].is_null());
        assert!(Mat0Codec.info(&item(&[1, 2], [0, 6, 0], &r)).is_err());
    }
}
