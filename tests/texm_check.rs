//! The registered Texm codec over every fixture: valid payloads check clean and round-trip,
//! malformed ones give errors with offsets, and no truncation panics.

use parkan_studio::doc::registry::{Item, codec_for};
use parkan_studio::fixtures::texm::{all, lightmap_lib, malformed, textures_lib};
use parkan_studio::formats::nres::Archive;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::{Severity, TYPE_TEXM};

fn loose<'a>(name: &'a str, bytes: &'a [u8], r: &'a Readings) -> Item<'a> {
    Item { bytes, name, type_id: None, attrs: [0; 3], readings: r }
}

#[test]
fn every_loose_fixture_checks_clean() {
    let r = Readings::default();
    for (name, bytes) in all() {
        let item = loose(name, &bytes, &r);
        let codec = codec_for(&item).expect("a Texm codec claims it");
        assert_eq!(codec.kind(), "texm");
        let c = codec.check(&item);
        assert!(c.roundtrip, "{name}");
        assert!(c.diagnostics.iter().all(|d| d.severity != Severity::Error), "{name}: {:?}", c.diagnostics);
        let info = codec.info(&item).unwrap();
        assert_eq!(info["kind"], "texm");
    }
}

#[test]
fn archive_entries_check_clean() {
    let r = Readings::default();
    for lib in [textures_lib(), lightmap_lib()] {
        let (a, diags) = Archive::parse(lib.into()).unwrap();
        assert!(diags.is_empty());
        for i in 0..a.len() {
            let row = a.entry(i);
            let name = row.name();
            let bytes = a.payload(i);
            let item = Item { bytes: &bytes, name: &name, type_id: Some(TYPE_TEXM), attrs: row.attrs(), readings: &r };
            let codec = codec_for(&item).unwrap();
            let c = codec.check(&item);
            assert!(c.roundtrip, "{name}");
            assert!(c.diagnostics.iter().all(|d| d.severity != Severity::Error), "{name}: {:?}", c.diagnostics);
        }
    }
}

#[test]
fn malformed_payloads_are_errors_with_offsets() {
    let r = Readings::default();
    for (name, bytes) in malformed() {
        let item = loose(name, &bytes, &r);
        let c = codec_for(&item).unwrap().check(&item);
        let e = c.diagnostics.iter().find(|d| d.severity == Severity::Error).unwrap_or_else(|| panic!("{name}: no error"));
        assert!(e.offset.is_some_and(|o| o <= bytes.len() as u64), "{name}: {e:?}");
    }
}

#[test]
fn truncating_any_fixture_never_panics() {
    let r = Readings::default();
    for (name, bytes) in all().into_iter().take(12) {
        for cut in 0..bytes.len() {
            let item = loose(name, &bytes[..cut], &r);
            if let Some(codec) = codec_for(&item) {
                let c = codec.check(&item);
                if !c.roundtrip {
                    assert!(c.diagnostics.iter().any(|d| d.severity == Severity::Error && d.offset.is_some()), "{name} cut {cut}");
                }
            }
        }
    }
}
