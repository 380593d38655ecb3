//! The command line on typed items, on the demo folder: `info --json` schemas, `material`,
//! `export-png` and `import-png` (the drag-a-PNG story, headless).

use serde_json::Value;

#[path = "support/cli.rs"]
mod cli;
use cli::{demo_folder as setup, json, run};

#[test]
fn info_schemas() {
    let d = setup();
    let p = d.path();
    let v = json(&["info", "Textures.lib::METAL01.0", "--json"], p);
    assert_eq!(v["kind"], "texm");
    for k in ["width", "height", "mip_count", "format", "flags4", "flags5", "unk6", "palette", "page", "mip_skip"] {
        assert!(v.get(k).is_some(), "texm info lacks {k}: {v}");
    }
    assert_eq!(v["width"], 64);
    let v = json(&["info", "Material.lib::GLOW", "--json"], p);
    assert_eq!(v["kind"], "mat0");
    for k in ["attr1", "attr2", "phase_count", "anim_block_count", "meta_a", "meta_b", "meta_c", "meta_d", "meta_c_raw", "meta_d_raw", "phases", "anim"] {
        assert!(v.get(k).is_some(), "mat0 info lacks {k}: {v}");
    }
    assert_eq!(v["phases"][0]["params"].as_array().unwrap().len(), 18);
    let v = json(&["info", "tower.wea", "--json"], p);
    assert_eq!(v["kind"], "wear");
    assert!(v["lightmaps"].is_array());
    let v = json(&["info", "walker.msh", "--json"], p);
    assert_eq!(v["kind"], "msh");
    assert_eq!(v["variant"], "model");
    let v = json(&["info", "Land.msh", "--json"], p);
    assert_eq!(v["variant"], "landscape");
    let v = json(&["info", "level.geom", "--json"], p);
    assert_eq!(v["kind"], "xray-geom");
    assert_eq!(v["version"], 14);
    let v = json(&["info", "Material.lib", "--json"], p);
    assert_eq!(v["kind"], "nres");
    assert_eq!(v["entries"], 35);
}

#[test]
fn material_state_over_time() {
    let d = setup();
    let p = d.path();
    let a = json(&["material", "Material.lib::LAMP", "--time", "0", "--json"], p);
    for k in ["block", "phase", "next_phase", "alpha", "values", "u16", "cell", "texture"] {
        assert!(a.get(k).is_some(), "material lacks {k}: {a}");
    }
    assert_eq!(a["values"].as_array().unwrap().len(), 16);
    // the lamp blinks: some later time shows the other phase
    let phases: Vec<Value> = (0..40).map(|i| json(&["material", "Material.lib::LAMP", "--time", &(i * 100).to_string(), "--json"], p)["phase"].clone()).collect();
    assert!(phases.iter().any(|x| *x != phases[0]), "{phases:?}");
    // a command that needs an entry of a type says so, and it is a usage error
    let out = run(&["material", "Textures.lib::METAL01.0", "--time", "0"], p);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Textures.lib::METAL01.0 is a Texm entry; name a MAT0 entry"));
    let out = run(&["material", "Material.lib", "--time", "500"], p);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), "error: Material.lib is an NRes archive; name a MAT0 entry, e.g. Material.lib::DEFAULT");
    let out = run(&["export-png", "Material.lib", "x.png"], p);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Material.lib is an NRes archive with no Texm entry"));
    let out = run(&["export-png", "Textures.lib", "x.png"], p);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Textures.lib is an NRes archive; name a Texm entry, e.g. Textures.lib::"));
}

#[test]
fn png_export_import_round_trip() {
    let d = setup();
    let p = d.path();
    assert!(run(&["export-png", "Textures.lib::METAL01.0", "metal.png"], p).status.success());
    let img = image::open(p.join("metal.png")).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (64, 64));
    assert!(run(&["export-png", "Textures.lib::METAL01.0", "m3.png", "--mip", "3"], p).status.success());
    assert_eq!(image::open(p.join("m3.png")).unwrap().width(), 8);

    // a modder paints the texture red and drops it back in
    let mut red = img.clone();
    for px in red.pixels_mut() {
        px.0 = [255, 0, 0, 255];
    }
    red.save(p.join("red.png")).unwrap();
    let before = std::fs::read(p.join("Textures.lib")).unwrap();
    assert!(run(&["import-png", "Textures.lib::METAL01.0", "red.png", "-o", "New.lib"], p).status.success());
    assert_eq!(std::fs::read(p.join("Textures.lib")).unwrap(), before);
    assert!(run(&["export-png", "New.lib::METAL01.0", "again.png"], p).status.success());
    let again = image::open(p.join("again.png")).unwrap().to_rgba8();
    assert!(again.pixels().all(|px| px.0 == [255, 0, 0, 255]));
    let a = json(&["info", "Textures.lib::METAL01.0", "--json"], p);
    let b = json(&["info", "New.lib::METAL01.0", "--json"], p);
    for k in ["width", "height", "mip_count", "format", "flags4", "flags5", "unk6", "page"] {
        assert_eq!(a[k], b[k], "{k} kept");
    }
    // every other entry is untouched
    let c = json(&["check", "New.lib", "--json"], p);
    assert_eq!(c["files"][0]["ok"], true, "{c}");
    for name in ["ROCK.0", "GRASS.0", "ATLAS.0"] {
        assert!(run(&["extract", &format!("Textures.lib::{name}"), "-o", "x1"], p).status.success());
        assert!(run(&["extract", &format!("New.lib::{name}"), "-o", "x2"], p).status.success());
        assert_eq!(std::fs::read(p.join("x1")).unwrap(), std::fs::read(p.join("x2")).unwrap());
    }
    // format 0 through the quantiser, in place
    assert!(run(&["extract", "Textures.lib::DECAL.B", "-o", "decal_before"], p).status.success());
    assert!(run(&["import-png", "Textures.lib::STEEL.A", "metal.png", "--dither"], p).status.success());
    let v = json(&["info", "Textures.lib::STEEL.A", "--json"], p);
    assert_eq!(v["format"], 0);
    // --keep-palette maps onto the texture's own palette: the 1024 palette bytes stay as they are
    assert!(run(&["import-png", "Textures.lib::DECAL.B", "metal.png", "--keep-palette"], p).status.success());
    assert!(run(&["extract", "Textures.lib::DECAL.B", "-o", "decal_after"], p).status.success());
    let (before, after) = (std::fs::read(p.join("decal_before")).unwrap(), std::fs::read(p.join("decal_after")).unwrap());
    assert_eq!(before[32..32 + 1024], after[32..32 + 1024], "palette kept");
    assert_ne!(before[32 + 1024..], after[32 + 1024..], "the indices changed");
}

#[test]
fn check_runs_the_msh_codec_on_a_loose_mesh() {
    use parkan_studio::formats::bytes::SharedBytes;
    use parkan_studio::formats::msh::Msh;
    let d = setup();
    let p = d.path();
    let c = json(&["check", "walker.msh", "--json"], p);
    assert_eq!(c["files"][0]["ok"], true, "{c}");
    // break the index range of the first batch: the MSH checks must see it
    let bytes = std::fs::read(p.join("walker.msh")).unwrap();
    let (mut archive, _, _) = Msh::parse(SharedBytes::from(&bytes[..])).unwrap();
    let i = (0..archive.len()).find(|&i| archive.entry(i).type_id() == 13).unwrap();
    let mut batches = archive.payload(i).to_vec();
    batches[10..14].copy_from_slice(&0x7FFF_0000u32.to_le_bytes()); // index_start far past the end
    archive.replace(i, batches).unwrap();
    std::fs::write(p.join("broken.msh"), archive.write()).unwrap();
    let out = run(&["check", "broken.msh", "--json"], p);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["files"][0]["ok"], false, "{v}");
}

/// `info` on an item the game cannot load (a Texm of unknown pixel format) is malformed input:
/// exit 1, the error named on stderr with its offset, the JSON still printed.
#[test]
fn info_on_an_item_with_an_error_exits_1_and_still_prints() {
    let d = tempfile::tempdir().unwrap();
    let (_, bad) = parkan_studio::fixtures::texm::malformed().into_iter().find(|(n, _)| *n == "unknown-format").unwrap();
    std::fs::write(d.path().join("bad.tex"), bad).unwrap();
    let out = run(&["info", "bad.tex", "--json"], d.path());
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("the summary is still JSON");
    assert_eq!(v["kind"], "texm");
    assert_eq!(v["format"], 1555);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.tex @0x1C") && err.contains("unknown pixel format"), "{err}");
    // A good texture stays exit 0.
    std::fs::write(d.path().join("good.tex"), parkan_studio::fixtures::texm::loose(parkan_studio::formats::texm::Format::Rgb565, 4, 4, 1)).unwrap();
    assert_eq!(run(&["info", "good.tex", "--json"], d.path()).status.code(), Some(0));
}
