//! The fixture Material.lib end to end: it opens with the NRes codec, every entry parses with
//! its attr2, checks clean through the registry, evaluates, and resolves by name with the
//! engine's fallbacks. Also replays the saved fuzz corpus (fuzz/corpus/mat0) when present.

use parkan_studio::doc::registry::{Item, codec_for};
use parkan_studio::fixtures::mat0 as fx;
use parkan_studio::formats::mat0::eval::material_state;
use parkan_studio::formats::mat0::lookup::{Fallback, find_material};
use parkan_studio::formats::mat0::{Mat0, SHIPPED_VERSION};
use parkan_studio::formats::nres::Archive;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::{Severity, TYPE_MAT0};

fn library() -> Archive {
    Archive::parse(fx::material_lib().into()).expect("the fixture library opens").0
}

#[test]
fn every_entry_parses_checks_and_writes_back() {
    let a = library();
    let r = Readings::default();
    assert_eq!(a.len(), fx::entries().len());
    for i in 0..a.len() {
        let row = a.entry(i);
        assert_eq!(row.type_id(), TYPE_MAT0);
        let payload = a.payload(i);
        let m = Mat0::parse(&payload, row.attr2()).unwrap_or_else(|e| panic!("{}: {e}", row.name()));
        assert_eq!(m.write().unwrap(), &payload[..]);
        let name = row.name();
        let item = Item { bytes: &payload, name: &name, type_id: Some(row.type_id()), attrs: row.attrs(), readings: &r };
        let codec = codec_for(&item).expect("a MAT0 codec is registered");
        assert_eq!(codec.kind(), "mat0");
        let c = codec.check(&item);
        assert!(c.roundtrip, "{name}");
        assert!(c.diagnostics.iter().all(|d| d.severity != Severity::Error), "{name}: {:?}", c.diagnostics);
        let info = codec.info(&item).unwrap();
        assert_eq!(info["phase_count"], m.phases.len());
    }
    assert_eq!(a.write(), fx::material_lib(), "the library round-trips");
}

#[test]
fn lookup_by_name_falls_back_like_the_engine() {
    let a = library();
    let names: Vec<String> = (0..a.len()).map(|i| a.entry(i).name()).collect();
    let l = find_material(&names, "water");
    assert_eq!((l.index, l.fallback), (a.find("WATER"), Fallback::Exact));
    let l = find_material(&names, "NO_SUCH");
    assert_eq!((l.index, l.fallback), (a.find("DEFAULT"), Fallback::Default));
    assert_eq!(l.diagnostics[0].message, "Material NO_SUCH not found.");
    let without_default: Vec<&String> = names.iter().filter(|n| *n != "DEFAULT").collect();
    let l = find_material(&without_default, "NO_SUCH");
    assert_eq!((l.index, l.fallback), (Some(0), Fallback::FirstEntry));
}

#[test]
fn demo_materials_animate() {
    let a = library();
    let r = Readings::default();
    let state = |name: &str, t: u32| {
        let i = a.find(name).unwrap();
        material_state(&a.payload(i), a.entry(i).attr2(), t, 0, None, &r).unwrap()
    };
    // The lamp: on for 250 ms of each second, off otherwise, no blend.
    let on = state("LAMP", 100);
    let off = state("LAMP", 600);
    assert_eq!((on.phase, off.phase), (0, 1));
    assert!(on.values[12] > 0.9 && off.values[12] == 0.0, "emissive red {} / {}", on.values[12], off.values[12]);
    // The glow rises through the first 800 ms: its emissive green grows (interpolated).
    let g: Vec<f32> = [0, 200, 400, 799].iter().map(|&t| state("GLOW", t).values[13]).collect();
    assert!(g.windows(2).all(|w| w[0] < w[1]), "{g:?}");
    // Water cycles its three textures.
    let tex: Vec<String> = [0, 300, 600, 900].iter().map(|&t| state("WATER", t).texture.unwrap()).collect();
    assert_eq!(tex, ["WATER1.0", "WATER2.0", "WATER3.0", "WATER1.0"]);
    assert_eq!(a.entry(a.find("WATER").unwrap()).attr2(), SHIPPED_VERSION);
}

#[test]
fn multi_block_material_evaluates_each_block() {
    let a = library();
    let i = a.find("MULTI").unwrap();
    let p = a.payload(i);
    let r = Readings::default();
    let phases: Vec<usize> = (0..4).map(|b| material_state(&p, 6, 1100, b, Some(7), &r).unwrap().phase).collect();
    // Block 0 loops (1100 % 600 = 500: key 2), block 1 ping-pongs (q = 11 odd, r = 0 -> the end:
    // the last key, phase 0), block 2 is a finished one-shot (phase 1), block 3 is random.
    assert_eq!(&phases[..3], &[2, 0, 1]);
    assert!(phases[3] < 3);
    assert!(material_state(&p, 6, 0, 4, None, &r).is_err());
}

/// Fuzz inputs from the fixtures: the version byte (attr2, attr1's low bits above it), then
/// the payload. `PARKAN_WRITE_CORPUS=1` saves them as the fuzz target's seed corpus.
#[test]
fn saved_fuzz_corpus_and_fixtures_replay() {
    let mut seeds: Vec<(String, Vec<u8>)> = Vec::new();
    for e in fx::entries() {
        let mut data = vec![e.attrs[1] as u8 | (e.attrs[0] as u8) << 3];
        data.extend_from_slice(&e.payload);
        seeds.push((format!("fixture_{}", e.name), data));
    }
    for (name, v, b) in fx::invalid() {
        let mut data = vec![v as u8];
        data.extend_from_slice(&b);
        seeds.push((format!("invalid_{name}"), data));
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/mat0");
    if std::env::var_os("PARKAN_WRITE_CORPUS").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        for (name, data) in &seeds {
            std::fs::write(dir.join(name), data).unwrap();
        }
    }
    for (_, data) in &seeds {
        fx::exercise(data);
    }
    if let Ok(rd) = std::fs::read_dir(dir) {
        for f in rd.flatten() {
            fx::exercise(&std::fs::read(f.path()).unwrap());
        }
    }
}
