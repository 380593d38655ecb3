//! WEAR tables end to end: loose files and entries through the registry, edits that keep each
//! file's style, names checked against the fixture Material.lib, and a replay of the saved
//! fuzz corpus (fuzz/corpus/wear) when present.

use parkan_studio::doc::registry::{Item, codec_for};
use parkan_studio::fixtures::{mat0 as mfx, wear as fx};
use parkan_studio::formats::nres::Archive;
use parkan_studio::formats::readings::{Readings, WearLookup};
use parkan_studio::formats::wear::{LineEnding, Section, Wear, check_names};
use parkan_studio::formats::{Severity, TYPE_WEAR};

#[test]
fn loose_files_and_entries_use_the_wear_codec() {
    let r = Readings::default();
    for (name, bytes) in fx::all() {
        for type_id in [None, Some(TYPE_WEAR)] {
            let item = Item { bytes: &bytes, name, type_id, attrs: [0, 0, 1], readings: &r };
            let codec = codec_for(&item).expect("claimed");
            assert_eq!(codec.kind(), "wear", "{name}");
            let c = codec.check(&item);
            assert!(c.roundtrip);
            let info = codec.info(&item).unwrap();
            assert_eq!(info["kind"], "wear");
            assert_eq!(c.diagnostics.iter().any(|d| d.severity == Severity::Error), name.starts_with("bad_"), "{name}");
        }
    }
}

#[test]
fn demo_tables_resolve_in_the_fixture_library() {
    let (lib, _) = Archive::parse(mfx::material_lib().into()).unwrap();
    let has = |n: &str| lib.find(n).is_some();
    for w in [fx::demo(), fx::demo_lightmapped(), fx::tower(), fx::land1()] {
        let w = Wear::parse(w);
        assert!(check_names(&w, &has, &|n| n.starts_with("LM_")).is_empty());
    }
    let w = Wear::parse(fx::seed_land1());
    let d = check_names(&w, &has, &|_| true);
    assert_eq!(d.len(), 4, "B_S0, L04, L02, L00 are not in the fixture library");
    assert!(d.iter().all(|d| d.severity == Severity::Warning && d.line.is_some()));
}

#[test]
fn an_edit_session_rewrites_only_touched_lines() {
    let original = fx::tower();
    let mut w = Wear::parse(original.clone());
    w.set_name(Section::Materials, 1, "GRASS").unwrap();
    w.add_row(Section::Materials, 3, "WATER").unwrap();
    w.remove_row(Section::Lightmaps, 1).unwrap();
    let text = String::from_utf8(w.bytes().to_vec()).unwrap();
    assert_eq!(text, "4\r\n0 METAL01\r\n1 GRASS\r\n2 LAMP\r\n3 WATER\r\n\r\nLIGHTMAPS\r\n1\r\n0 LM_BASE.0\r\n");
    assert_eq!(w.line_ending(), LineEnding::Crlf);
    assert!(w.diagnostics().is_empty());
    let r = w.lookup(Section::Materials, 3, WearLookup::ByRow);
    assert_eq!(w.name(&w.materials()[r.row.unwrap()]), "WATER");
    w.remove_lightmaps().unwrap();
    assert_eq!(w.lightmaps(), None);
    assert!(w.bytes().ends_with(b"3 WATER\r\n"));
}

/// `PARKAN_WRITE_CORPUS=1` saves the fixtures as the fuzz target's seed corpus.
#[test]
fn saved_fuzz_corpus_and_fixtures_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/wear");
    if std::env::var_os("PARKAN_WRITE_CORPUS").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        for (name, b) in fx::all() {
            std::fs::write(dir.join(name), b).unwrap();
        }
    }
    for (_, b) in fx::all() {
        fx::exercise(&b);
    }
    if let Ok(rd) = std::fs::read_dir(dir) {
        for f in rd.flatten() {
            fx::exercise(&std::fs::read(f.path()).unwrap());
        }
    }
}
