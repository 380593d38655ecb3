//! The command line on fonts and palettes: `info --json` of the demo's `gamefont.rlb` font
//! (packed in RsLi) and its `PAL.PAL`, loose PAL files by content and name, and `check` of a
//! font whose glyph rect leaves the sheet.

use parkan_studio::fixtures::font as fx;
use parkan_studio::formats::tfnt::{Glyph, Tfnt};

#[path = "support/cli.rs"]
mod cli;
use cli::{demo_folder as setup, json, run};

#[test]
fn info_on_the_packed_font_and_its_palette() {
    let d = setup();
    let v = json(&["info", "gamefont.rlb::GAME.FNT", "--json"], d.path());
    assert_eq!(v["kind"], "tfnt");
    assert_eq!(v["glyphs"].as_u64(), Some(fx::glyph_count() as u64));
    assert_eq!((v["sheet_width"].as_u64(), v["sheet_height"].as_u64(), v["sheet_format"].as_u64()), (Some(128), Some(64), Some(2)));
    let v = json(&["info", "gamefont.rlb::PAL.PAL", "--json"], d.path());
    assert_eq!((v["kind"].as_str(), v["ipol"].as_bool()), (Some("pal"), Some(true)));
    // palettes.lib's plain entries are palettes too, by name.
    let v = json(&["info", "palettes.lib::B.PAL", "--json"], d.path());
    assert_eq!((v["ipol"].as_bool(), v["tail_bytes"].as_u64()), (Some(false), Some(8)));
}

#[test]
fn loose_files_by_content_and_check() {
    let d = setup();
    std::fs::write(d.path().join("blend.bin"), fx::pal_with_ipol()).unwrap();
    assert_eq!(json(&["info", "blend.bin", "--json"], d.path())["kind"], "pal");
    std::fs::write(d.path().join("x.fnt"), fx::tfnt_bytes()).unwrap();
    assert_eq!(json(&["info", "x.fnt", "--json"], d.path())["kind"], "tfnt");
    let out = run(&["check", "gamefont.rlb", "x.fnt", "blend.bin"], d.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));

    let mut f = fx::tfnt();
    f.glyphs[usize::from(b'Q')] = Glyph { x: 125, y: 60, width: 6, height: 10, ..f.glyphs[usize::from(b'Q')] };
    std::fs::write(d.path().join("bad.fnt"), f.write()).unwrap();
    let v = json(&["check", "bad.fnt", "--json"], d.path());
    let diags = &v["files"][0]["diagnostics"];
    let at = Glyph::offset(b'Q') as u64;
    assert!(diags.as_array().unwrap().iter().any(|d| d["severity"] == "warning" && d["offset"].as_u64() == Some(at)), "{diags}");
    assert_eq!(v["files"][0]["roundtrip"], true);
    assert!(Tfnt::parse(&f.write()).is_ok());
}
