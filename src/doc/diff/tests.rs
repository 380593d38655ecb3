//! Each kind of item with known edits: every edit reported once, nothing else reported.

use super::*;
use crate::fixtures::{mat0 as fmat, msh as fmsh, nres as fnres, texm as ftex, wear as fwear, xray as fxray, xray_level as flevel};
use crate::formats::mat0::{AnimBlock, AnimMode, Key, Mat0, Meta, SHIPPED_VERSION};
use crate::formats::nres::Archive;
use crate::formats::texm::{Format, Rect, Texm};
use crate::formats::{TYPE_MAT0, TYPE_TEXM, TYPE_WEAR, rsli};

const DATA: u32 = u32::from_le_bytes(*b"DATA");

fn run(name: &str, a: Vec<u8>, b: Vec<u8>) -> Report {
    run_with(name, a, b, false)
}

fn run_with(name: &str, a: Vec<u8>, b: Vec<u8>, stat_only: bool) -> Report {
    let mut r = Report::default();
    let opts = Options { stat_only, ..Options::default() };
    diff_items(name, &Side::file(name, a.into()), &Side::file(name, b.into()), &opts, &mut r);
    r
}

/// A typed entry alone in a library, so it is read with its type and attributes.
fn entry(type_id: u32, attrs: [u32; 3], bytes: Vec<u8>) -> Vec<u8> {
    let mut a = Archive::new();
    a.add(b"ITEM", type_id, attrs, bytes).unwrap();
    a.write()
}

fn lib(entries: &[(&str, [u32; 3], Vec<u8>)]) -> Vec<u8> {
    let mut a = Archive::new();
    for (n, attrs, b) in entries {
        a.add(n.as_bytes(), DATA, *attrs, b.clone()).unwrap();
    }
    a.write()
}

fn summary(r: &Report) -> Vec<(Kind, String)> {
    let mut v: Vec<(Kind, String)> = r.changes.iter().map(|c| (c.kind, c.path.clone())).collect();
    v.sort_by_key(|(k, p)| (p.clone(), k.label()));
    v
}

/// The one change's details as lines.
fn details(r: &Report) -> Vec<String> {
    assert_eq!(r.changes.len(), 1, "{:#?}", r.changes);
    r.changes[0].details.iter().map(Detail::line).collect()
}

fn p(seed: u32, len: usize) -> Vec<u8> {
    fnres::pattern(seed, len)
}

#[test]
fn identical_items_are_counted_and_never_listed() {
    let r = run("t.lib", fnres::simple(), fnres::simple());
    assert!(r.is_equal());
    assert_eq!(r.identical, 1);
    assert_eq!(r.summary(), "no differences, 1 identical");
}

#[test]
fn nres_edits_each_reported_once() {
    let a = lib(&[
        ("STEEL", [0; 3], p(1, 40)),
        ("brick.0", [0; 3], p(2, 41)),
        ("_under", [0; 3], p(3, 42)),
        ("Zeta", [0; 3], p(4, 43)),
        ("alpha", [0; 3], p(5, 44)),
        ("gone", [0; 3], p(6, 45)),
    ]);
    let b = lib(&[
        ("_under", [0; 3], p(3, 42)),
        ("STEEL", [0; 3], p(9, 40)),
        ("brick.1", [0; 3], p(2, 41)),
        ("Zeta", [5, 0, 0], p(4, 43)),
        ("alpha", [0; 3], p(5, 44)),
        ("NEW", [0; 3], p(7, 10)),
    ]);
    let r = run("t.lib", a, b);
    assert_eq!(
        summary(&r),
        [
            (Kind::Added, "t.lib::NEW".to_string()),
            (Kind::Changed, "t.lib::STEEL".into()),
            (Kind::Changed, "t.lib::Zeta".into()),
            (Kind::Moved, "t.lib::_under".into()),
            (Kind::Renamed, "t.lib::brick.1".into()),
            (Kind::Removed, "t.lib::gone".into()),
        ]
    );
    let c = |path: &str, kind: Kind| r.changes.iter().find(|c| c.path == path && c.kind == kind).unwrap();
    assert_eq!(c("t.lib::brick.1", Kind::Renamed).from.as_deref(), Some("brick.0"));
    assert_eq!((c("t.lib::_under", Kind::Moved).old_index, c("t.lib::_under", Kind::Moved).new_index), (Some(2), Some(0)));
    assert_eq!(c("t.lib::Zeta", Kind::Changed).details, [Detail::values("attr1", 0, 5)]);
    let steel = c("t.lib::STEEL", Kind::Changed);
    assert_eq!(steel.item, "bytes");
    assert!(steel.details.iter().all(|d| d.field.starts_with("bytes ")), "{:?}", steel.details);
    // _under, brick, Zeta's bytes and alpha.
    assert_eq!(r.identical, 4);
}

#[test]
fn nested_archives_are_walked_to_the_entry_that_changed() {
    let (outer, _) = Archive::parse(fnres::nested().into()).unwrap();
    let (mut inner, _) = Archive::parse(outer.payload(0)).unwrap();
    let mut changed = inner.payload(0).to_vec();
    changed[2] ^= 0xFF;
    inner.replace(0, changed).unwrap();
    let mut outer2 = outer.clone();
    outer2.replace(0, inner.write()).unwrap();
    let r = run("n.lib", fnres::nested(), outer2.write());
    assert_eq!(summary(&r), [(Kind::Changed, "n.lib::inner.rlb::STEEL".to_string())]);
    let d = &r.changes[0].details;
    assert_eq!(d.iter().map(|d| (d.field.as_str(), d.note.as_deref())).collect::<Vec<_>>(), [("bytes 0x2..0x3", Some("1 bytes differ"))]);
    assert_eq!(d[0].note_key.as_ref().map(|k| k.id), Some("diff-bytes-differ"));
    // --stat still finds the entry, without its details.
    let s = run_with("n.lib", fnres::nested(), outer2.write(), true);
    assert_eq!(summary(&s), summary(&r));
    assert!(s.changes[0].details.is_empty());
}

#[test]
fn rsli_rename_replace_and_method_change() {
    let a = rsli::Archive::parse(crate::fixtures::rsli::large(12).into()).unwrap().0;
    let mut b = a.clone();
    b.rename(3, b"RENAMED.TEX").unwrap();
    let data = a.unpack(5).unwrap();
    let mut d2 = data.clone();
    d2[0] ^= 1;
    b.replace(5, &d2, a.entry(5).method()).unwrap();
    // Same bytes, stored another way: a directory field, not a byte change.
    let m = if a.entry(7).method() == rsli::Method::Stored { rsli::Method::Deflate } else { rsli::Method::Stored };
    b.replace(7, &a.unpack(7).unwrap(), m).unwrap();
    let r = run("s.lib", a.write(), b.write());
    let n = |i: usize| format!("s.lib::{}", a.entry(i).name());
    let mut want = vec![(Kind::Renamed, "s.lib::RENAMED.TEX".to_string()), (Kind::Changed, n(5)), (Kind::Changed, n(7))];
    want.sort_by_key(|(k, p)| (p.clone(), k.label()));
    assert_eq!(summary(&r), want);
    let c7 = r.changes.iter().find(|c| c.path == n(7)).unwrap();
    assert_eq!(c7.details.len(), 1);
    assert_eq!(c7.details[0].field, "method");
}

fn texture(spec: &ftex::Spec) -> Vec<u8> {
    ftex::build(spec)
}

#[test]
fn texture_header_bits_level_pixels_and_page_rects() {
    let spec = ftex::Spec::new(Format::Rgb565, 64, 64, 3, ftex::Material::Rock).quadrants();
    let a = texture(&spec);
    let (mut t, _) = Texm::parse(&a).unwrap();
    let readings = crate::formats::readings::Readings::default();
    // Level 0: a 5x3 box of pixels painted white.
    let mut img = t.decode_mip(0, &readings, None).unwrap();
    for y in 10..13 {
        for x in 20..25 {
            let at = (y * 64 + x) * 4;
            img.rgba[at..at + 4].copy_from_slice(&[255, 255, 255, 255]);
        }
    }
    t.set_mip_rgba(0, &img, &readings, None).unwrap();
    let h = *t.header();
    t.set_flags(h.flags4, h.flags5 | 0x0100_0000, h.unk6);
    let mut page = t.page().unwrap().clone();
    page.rects[1] = Rect { x: page.rects[1].x + 4, ..page.rects[1] };
    page.rects.push(Rect { x: 1, w: 2, y: 3, h: 4 });
    t.set_page(Some(page)).unwrap();
    let r = run("Textures.lib", entry(TYPE_TEXM, [0; 3], a), entry(TYPE_TEXM, [0; 3], t.write()));
    let d = details(&r);
    assert_eq!(d.len(), 4, "{d:#?}");
    assert_eq!(d[0], "flags5 bit 24 (alpha surface): off -> on");
    assert!(d[1].starts_with("level 0 (64x64): 15 of 4096 pixels changed, PSNR "), "{}", d[1]);
    assert!(d[1].ends_with("box x 20..24, y 10..12"), "{}", d[1]);
    assert_eq!(d[2], "page rect 1: 32,0 32x32 -> 36,0 32x32 (moved)");
    assert_eq!(d[3], "page rect 4: 1,3 2x4 (added)");
    assert_eq!(r.changes[0].path, "Textures.lib::ITEM");
}

#[test]
fn texture_palette_entries_and_size() {
    let spec = ftex::Spec::new(Format::Indexed, 16, 16, 1, ftex::Material::Metal);
    let a = texture(&spec);
    let (mut t, _) = Texm::parse(&a).unwrap();
    let pal = t.palette_mut().unwrap();
    pal.raw[5 * 4] ^= 0x10;
    pal.raw[9 * 4 + 1] ^= 0x10;
    let r = run("x.tex", a.clone(), t.write());
    assert_eq!(details(&r), ["palette: 2 entries changed: 5, 9"]);
    let bigger = texture(&ftex::Spec::new(Format::Indexed, 32, 16, 1, ftex::Material::Metal));
    // Another size: no level is compared pixel by pixel.
    let d = details(&run("x.tex", a, bigger));
    assert_eq!(d[0], "size: 16x16 -> 32x16");
    assert!(!d.iter().any(|l| l.starts_with("level")), "{d:?}");
}

#[test]
fn a_damaged_texture_is_compared_as_far_as_it_reads() {
    let a = texture(&ftex::Spec::new(Format::Rgb565, 32, 32, 1, ftex::Material::Rock));
    let mut b = a.clone();
    b[20..24].copy_from_slice(&0x0100_0000u32.to_le_bytes());
    b.truncate(200);
    let r = run("x.tex", a, b);
    assert_eq!(details(&r), ["flags5 bit 24 (alpha surface): off -> on"]);
    let damaged = r.changes[0].damaged.as_deref().unwrap();
    assert!(damaged.starts_with("b: ") && damaged.contains("mip chain"), "{damaged}");
}

#[test]
fn level_diff_counts_psnr_and_box() {
    use crate::formats::texm::Pixmap;
    let a = Pixmap::from_rgba(4, 4, vec![0; 64]).unwrap();
    let mut b = a.clone();
    b.rgba[(4 + 2) * 4] = 255; // pixel (2, 1), red channel
    let d = level_diff(&a, &b).unwrap();
    assert_eq!((d.changed, d.total, d.bbox), (1, 16, Some((2, 1, 2, 1))));
    // MSE = 255² / 64 over the 64 channels: PSNR = 10 log10(64).
    assert!((d.psnr - 10.0 * 64f64.log10()).abs() < 1e-9);
    assert_eq!(level_diff(&a, &a).unwrap().psnr, f64::INFINITY);
    assert!(level_diff(&a, &Pixmap::from_rgba(2, 2, vec![0; 16]).unwrap()).is_none());
    // The difference image: amplified where they differ, black elsewhere, always opaque.
    let mut c = a.clone();
    c.rgba[(4 + 2) * 4] = 3;
    c.rgba[7] = 1; // pixel (1, 0), alpha only
    let img = difference_image(&a, &c, 32).unwrap();
    assert_eq!(&img.rgba[(4 + 2) * 4..(4 + 2) * 4 + 4], &[96, 0, 0, 255]);
    assert_eq!(&img.rgba[4..8], &[32, 32, 32, 255]);
    assert_eq!(&img.rgba[0..4], &[0, 0, 0, 255]);
    assert_eq!(difference_image(&a, &b, 255).unwrap().rgba[(4 + 2) * 4], 255, "saturates");
}

fn material(phases: Vec<crate::formats::mat0::Phase>, anim: Vec<AnimBlock>) -> Vec<u8> {
    Mat0 { version: SHIPPED_VERSION, meta: Meta::RUNTIME_DEFAULT, phases, anim }.write().unwrap()
}

fn keys(k: &[(u16, u16)]) -> Vec<Key> {
    k.iter().map(|&(k0, k1)| Key { k0, k1, k2: 0 }).collect()
}

#[test]
fn material_fields_each_once() {
    let ph = [fmat::plain([200, 10, 10], "RED.0"), fmat::plain([10, 200, 10], "GREEN.0"), fmat::plain([10, 10, 200], "BLUE.0")];
    let block = AnimBlock::new(AnimMode::Loop, 0x1F, keys(&[(0, 100), (1, 200), (2, 300)]));
    let a = material(ph.to_vec(), vec![block.clone()]);
    let mut ph2 = ph;
    ph2[1].set_power(9);
    ph2[2].set_texture("CYAN.0").unwrap();
    let mut block2 = block.clone();
    block2.keys[1].k1 = 250;
    block2.set_mode(AnimMode::PingPong);
    let b = material(ph2.to_vec(), vec![block2]);
    let attrs = [0, SHIPPED_VERSION, 0];
    let r = run("Material.lib", entry(TYPE_MAT0, attrs, a), entry(TYPE_MAT0, attrs, b));
    assert_eq!(
        details(&r),
        ["phase 1 power: 3 -> 9", "phase 2 texture: BLUE.0 -> CYAN.0", "block 0 mode: loop -> ping-pong", "block 0 key 1 time: 200 -> 250"]
    );
}

#[test]
fn a_moved_phase_is_one_move_and_its_keys_follow() {
    let ph = [fmat::plain([200, 10, 10], "RED.0"), fmat::plain([10, 200, 10], "GREEN.0"), fmat::plain([10, 10, 200], "BLUE.0")];
    let a = material(ph.to_vec(), vec![AnimBlock::new(AnimMode::Loop, 0, keys(&[(0, 100), (1, 200), (2, 300)]))]);
    // Phase 2 moved to the front; the keys re-pointed as the editor does.
    let b = material(vec![ph[2], ph[0], ph[1]], vec![AnimBlock::new(AnimMode::Loop, 0, keys(&[(1, 100), (2, 200), (0, 300)]))]);
    let attrs = [0, SHIPPED_VERSION, 0];
    let r = run("m", entry(TYPE_MAT0, attrs, a.clone()), entry(TYPE_MAT0, attrs, b));
    assert_eq!(details(&r), ["phase 2: moved to 0"]);
    // Added phase and a block.
    let c = material(vec![ph[0], ph[1], ph[2], ph[0]], vec![
        AnimBlock::new(AnimMode::Loop, 0, keys(&[(0, 100), (1, 200), (2, 300)])),
        AnimBlock::new(AnimMode::OneShot, 0, keys(&[(3, 50)])),
    ]);
    let r = run("m", entry(TYPE_MAT0, attrs, a), entry(TYPE_MAT0, attrs, c));
    assert_eq!(details(&r), ["phase 3: texture RED.0, diffuse 200 10 10 255 (added)", "block 1: one-shot, 1 keys (added)"]);
}

#[test]
fn wear_rows_by_name_and_the_text_diff() {
    let style = fwear::Style::default();
    let a = fwear::table(&[(0, "STEEL"), (1, "GLASS"), (2, "BRICK")], Some(&[(0, "LM_A.0")]), style);
    let b = fwear::table(&[(0, "STEEL"), (1, "COPPER"), (2, "BRICK"), (3, "NEWMAT")], Some(&[(0, "LM_A.0")]), style);
    let r = run("x.wea", a.clone(), b);
    assert_eq!(details(&r), ["material row 1: GLASS -> COPPER", "material row 3: NEWMAT (added)"]);
    let ctx = &r.changes[0].context;
    assert!(ctx.contains(&"-    3: 1 GLASS".to_string()) && ctx.contains(&"+    3: 1 COPPER".to_string()), "{ctx:?}");
    // A row moved (names swapped) and a count line that no longer matches its rows.
    let c = fwear::table(&[(1, "GLASS"), (0, "STEEL"), (2, "BRICK")], Some(&[(0, "LM_A.0")]), style);
    // The name moved; the ids stay with their lines (rows are addressed by position).
    let c = String::from_utf8(c).unwrap().replace("1 GLASS", "0 GLASS").replace("0 STEEL", "1 STEEL").into_bytes();
    let r = run("x.wea", a, c);
    assert_eq!(details(&r), ["material STEEL: moved from row 0 to row 1"]);
    let plain = |n: Option<i64>| fwear::table(&[(0, "STEEL"), (1, "GLASS")], None, fwear::Style { material_count: n, ..style });
    // A count that no longer matches its rows is an edit of its own.
    assert_eq!(details(&run("x.wea", plain(None), plain(Some(5)))), ["material count: 2 -> 5"]);
}

#[test]
fn wear_text_only_changes_are_named() {
    let a = fwear::table(&[(0, "STEEL")], None, fwear::Style::default());
    let mut b = a.clone();
    b.extend_from_slice(b"; note\r\n");
    let r = run(
        "lib",
        entry(TYPE_WEAR, [0; 3], a),
        entry(TYPE_WEAR, [0; 3], b),
    );
    assert_eq!(r.changes[0].item, "wear");
    assert_eq!(details(&r).len(), 1);
}

#[test]
fn mesh_component_with_counts() {
    let a = fmsh::cube();
    let (mut arch, _) = Archive::parse(a.clone().into()).unwrap();
    let i = (0..arch.len()).find(|&i| arch.entry(i).type_id() == 3).unwrap();
    let mut pos = arch.payload(i).to_vec();
    pos[0..4].copy_from_slice(&1.5f32.to_le_bytes());
    arch.replace(i, pos).unwrap();
    let r = run("CUBE.msh", a, arch.write());
    assert_eq!(r.changes[0].item, "msh");
    let d = details(&r);
    assert_eq!(d.len(), 1);
    assert!(d[0].starts_with("component 3 (positions): changed, "), "{}", d[0]);
    let ctx = &r.changes[0].context[0];
    assert!(ctx.starts_with("nodes ") && ctx.contains("vertices") && !ctx.contains("(changed)"), "{ctx}");
}

#[test]
fn xray_level_shader_and_geom_buffer() {
    let set = flevel::level_set();
    let old = flevel::SHADERS[2].as_bytes();
    let at = set.level.windows(old.len()).position(|w| w == old).unwrap();
    let mut b = set.level.clone();
    b[at + old.len() - 1] = b'9'; // ston_beton04 -> ston_beton09
    let r = run("level", set.level.clone(), b);
    assert_eq!(r.changes[0].item, "xray-level");
    assert_eq!(details(&r), [format!("shaders[2]: {} -> {}", flevel::SHADERS[2], flevel::SHADERS[2].replace("04", "09"))]);

    let a = fxray::level_v13();
    let (mut g, _) = crate::formats::xray_geom::LevelGeom::parse(a.clone().into()).unwrap();
    let mut vbs = g.vertex_buffers().to_vec();
    let mut data = vbs[1].data.to_vec();
    data[vbs[1].stride() * 2] ^= 0x40;
    vbs[1].data = data.into();
    g.set_vertex_buffers(vbs);
    let r = run("level.geom", a, g.write());
    let d = details(&r);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].starts_with("vertex_buffers[1] data: 1 of "), "{}", d[0]);
}

#[test]
fn unknown_bytes_by_range() {
    let a = vec![7u8; 1000];
    let mut b = a.clone();
    b[100] = 0;
    b[900..904].copy_from_slice(&[1, 2, 3, 4]);
    let r = run("x.bin", a, b);
    assert_eq!(details(&r), ["bytes 0x64..0x65: 1 bytes differ", "bytes 0x384..0x388: 4 bytes differ"]);
}

#[test]
fn a_damaged_archive_is_one_line() {
    let a = fnres::simple();
    let mut b = a.clone();
    b[4..8].copy_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    let r = run("t.lib", a, b);
    assert_eq!(r.changes.len(), 1);
    assert!(r.changes[0].damaged.as_deref().is_some_and(|d| d.starts_with("b: ")), "{:?}", r.changes[0]);
}

#[test]
fn folders_match_paths_case_insensitively() {
    use crate::fixtures::game::{GameSpec, write_game};
    let da = tempfile::tempdir().unwrap();
    let db = tempfile::tempdir().unwrap();
    write_game(da.path(), &GameSpec::SMALL).unwrap();
    write_game(db.path(), &GameSpec::SMALL).unwrap();
    let (a, b) = (da.path(), db.path());
    // The same file under another case is the same file.
    std::fs::rename(b.join("Land1.wea"), b.join("LAND1.WEA")).unwrap();
    std::fs::rename(b.join("models/CRATE002.msh"), b.join("models/BOX002.msh")).unwrap();
    std::fs::remove_file(b.join("Land2.wea")).unwrap();
    std::fs::write(b.join("readme.txt"), b"new").unwrap();
    let mut wea = std::fs::read(b.join("models/ROBOT004.wea")).unwrap();
    wea.extend_from_slice(b"\r\n");
    std::fs::write(b.join("models/ROBOT004.wea"), wea).unwrap();
    let r = diff_folders(a, b, &Options::default()).unwrap();
    assert_eq!(
        summary(&r),
        [
            (Kind::Removed, "Land2.wea".to_string()),
            (Kind::Renamed, "models/BOX002.msh".into()),
            (Kind::Changed, "models/ROBOT004.wea".into()),
            (Kind::Added, "readme.txt".into()),
        ]
    );
    assert_eq!(r.changes.iter().find(|c| c.kind == Kind::Renamed).unwrap().from.as_deref(), Some("models/CRATE002.msh"));
    let same = diff_folders(a, a, &Options::default()).unwrap();
    assert!(same.is_equal());
    assert_eq!(same.identical, crate::fixtures::game::game_files(&GameSpec::SMALL).len());
}
