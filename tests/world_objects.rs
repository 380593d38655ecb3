//! The object database's formats over the generated folder at the shipped counts
//! (`fixtures::world_objects`): every record of `objects.rlb` and every unit tree parses, writes
//! back byte-identically, a slot edit changes exactly its 64 bytes, and tree edits keep a valid
//! tree. Property tests round-trip generated records and trees, raw bytes after NULs included,
//! and check the edits against a model.

use parkan_studio::fixtures::objects::{self as fx_objects, SHIPPED};
use parkan_studio::fixtures::unit_dat::{self as fx_units, Part};
use parkan_studio::fixtures::world_objects::WorldObjects;
use parkan_studio::formats::Severity;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::objrec::{Kind, Objects, Record, Role, SLOT_LEN};
use parkan_studio::formats::unit_dat::{COMPONENT_LEN, Component, PartClass, Reading, UnitClass, UnitDat};
use proptest::prelude::*;
use std::sync::LazyLock;

static WORLD: LazyLock<WorldObjects> = LazyLock::new(WorldObjects::shipped);

fn objects() -> Objects {
    let (o, diags) = Objects::parse(SharedBytes::from(&WORLD.objects_rlb[..])).expect("generated objects.rlb parses");
    assert!(diags.iter().all(|d| d.severity < Severity::Warning), "{diags:?}");
    o
}

#[test]
fn all_590_records_parse_at_shipped_counts_and_layouts() {
    let o = objects();
    assert_eq!(o.len(), 590);
    assert_eq!(o.census(), SHIPPED.to_vec());
    let mut seven = 0;
    for (i, r) in o.records().iter().enumerate() {
        let kind = o.kind(i);
        assert!(kind.expected_slots().contains(&r.slots.len()), "{}: {} slots", o.key(i), r.slots.len());
        assert_eq!(r.find_role(Role::Mesh), Some(0), "{}: the mesh comes first", o.key(i));
        seven += usize::from(r.slots.len() == 7);
        if r.slots.len() == 7 {
            assert_eq!(r.slots[5].role(), Role::Profile);
        }
    }
    assert!(seven > 0, "some chassis have the seven-slot layout");
    assert_eq!(o.write(), WORLD.objects_rlb, "objects.rlb round trip");
    assert_eq!(o.find("S_OBJ_080"), o.find("s_obj_080"), "keys are found ignoring case");
    assert!(o.find("s_obj_080").is_some());
}

#[test]
fn one_slot_edit_changes_exactly_its_64_bytes_of_the_file() {
    let mut o = objects();
    let i = o.find("r_ch_002").unwrap();
    o.set_slot(i, 5, "behpsp.res", "chas_новый.var").unwrap();
    let out = o.write();
    assert_eq!(out.len(), WORLD.objects_rlb.len());
    let at = o.archive.entry(i).offset() as usize + 5 * SLOT_LEN;
    let changed: Vec<usize> = (0..out.len()).filter(|&k| out[k] != WORLD.objects_rlb[k]).collect();
    assert!(!changed.is_empty() && changed.iter().all(|k| (at..at + SLOT_LEN).contains(k)), "changed bytes {changed:?}");
    let (re, _) = Objects::parse(SharedBytes::from(out)).unwrap();
    assert_eq!(re.record(i).slots[5].member(), "chas_новый.var");
    assert!(o.set_slot(i, 5, "behpsp.res", &"x".repeat(32)).is_err(), "32-byte names are refused");
}

#[test]
fn a_record_not_whole_slots_fails_at_its_size_field() {
    let mut a = parkan_studio::formats::nres::Archive::parse(SharedBytes::from(&fx_objects::sample()[..])).unwrap().0;
    let mut p = a.payload(2).to_vec();
    p.truncate(p.len() - 3);
    a.replace(2, p).unwrap();
    let bytes = a.write();
    let e = Objects::parse(SharedBytes::from(&bytes[..])).unwrap_err();
    let dir = bytes.len() - a.len() * 64;
    assert_eq!(e.offset, (dir + 2 * 64 + 12) as u64, "{e}");
    assert!(e.message.contains("not a whole number"), "{e}");
}

#[test]
fn the_sample_shows_every_kind_and_its_oddities() {
    let (o, diags) = Objects::parse(SharedBytes::from(&fx_objects::sample()[..])).unwrap();
    for k in Kind::KNOWN {
        assert!((0..o.len()).any(|i| o.kind(i) == k), "{k:?}");
    }
    assert!((0..o.len()).any(|i| o.kind(i) == Kind::Other(12)));
    let child = o.find("s_obj_child").unwrap();
    assert_eq!(o.record(child).parents().collect::<Vec<_>>(), [b"s_obj_000".as_slice()]);
    let junk = diags.iter().find(|d| d.message.contains("after the archive")).expect("junk reported");
    assert_eq!(junk.offset, Some(u64::from(o.archive.entry(0).offset()) + 20));
    assert_eq!(o.write(), fx_objects::sample());
}

#[test]
fn all_458_units_parse_round_trip_and_cover_every_class() {
    assert_eq!(WORLD.units.len(), 458);
    let o = objects();
    let mut classes = [0usize; 6];
    let mut unit_classes = std::collections::HashSet::new();
    let (mut min, mut max, mut total) = (usize::MAX, 0, 0);
    for (path, bytes) in &WORLD.units {
        let (dat, diags) = UnitDat::parse(bytes, Reading::Strict).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(diags.iter().all(|d| d.severity < Severity::Warning), "{path}: {diags:?}");
        assert_eq!(&dat.write(), bytes, "{path}");
        assert_eq!(UnitDat::parse(bytes, Reading::Lenient).unwrap().0, dat, "{path}: the readings agree");
        unit_classes.insert(format!("{:?}", dat.unit_class()));
        (min, max, total) = (min.min(dat.len()), max.max(dat.len()), total + dat.len());
        for c in dat.components() {
            if let PartClass::Other(v) = c.class() {
                panic!("{path}: class {v}");
            }
            classes[c.class_raw() as usize] += 1;
            assert!(o.find(&c.record()).is_some(), "{path}: record {} is in objects.rlb", c.record());
        }
    }
    assert!(classes.iter().all(|&n| n > 0), "every part class: {classes:?}");
    assert_eq!(unit_classes.len(), 3, "buildings, robots and animals: {unit_classes:?}");
    assert_eq!((min, max), (1, 20));
    assert!(total > 458 * 4, "{total} components");
}

#[test]
fn tree_edits_on_every_unit_keep_a_valid_tree() {
    for (path, bytes) in WORLD.units.iter().step_by(7) {
        let (mut dat, _) = UnitDat::parse(bytes, Reading::Strict).unwrap();
        let gun = Component::new("e_gun_001", "Пушка", PartClass::Gun, 1).unwrap();
        let at = dat.add_child(0, Some(0), gun).unwrap();
        assert_eq!(at, 1, "{path}: first child sits right after the root");
        let last = dat.len() - 1;
        if last > 1 {
            // The gun moves under the last component (a leaf), which shifts up by one.
            let moved = dat.move_subtree(1, last, None).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert!(dat.is_valid_tree(), "{path}");
            assert_eq!((moved, dat.parent_of(moved)), (last, Some(last - 1)), "{path}");
        }
        if dat.len() > 2 {
            dat.remove_subtree(2).unwrap();
        }
        assert!(dat.is_valid_tree(), "{path}");
        let (re, _) = UnitDat::parse(&dat.write(), Reading::Strict).expect("edited unit re-parses");
        assert_eq!(re, dat, "{path}");
    }
}

#[test]
fn fixed_units_name_their_classes() {
    let (b, _) = UnitDat::parse(&fx_units::building(), Reading::Strict).unwrap();
    assert_eq!((b.unit_class(), b.class_word), (UnitClass::Building, 0x8000_0002));
    assert_eq!(b.component(0).display_name(), "Генератор");
    let (r, _) = UnitDat::parse(&fx_units::robot(), Reading::Strict).unwrap();
    assert_eq!(r.unit_class(), UnitClass::Robot);
    let classes: Vec<PartClass> = r.components().iter().map(Component::class).collect();
    assert_eq!(classes, [PartClass::Chassis, PartClass::Armour, PartClass::Internal, PartClass::Turret, PartClass::Gun, PartClass::Ammo]);
    let (a, _) = UnitDat::parse(&fx_units::animal(), Reading::Strict).unwrap();
    assert_eq!((a.unit_class(), a.len()), (UnitClass::Animal, 1));
}

/// A random tree of at most `n` parts.
fn part_tree() -> impl Strategy<Value = Part> {
    let leaf = (0u32..8, -2i32..9, "[a-z_]{1,12}", "[a-zA-Zа-я ]{0,15}").prop_map(|(c, a, r, d)| Part::leaf(&r, &d, c, a));
    leaf.prop_recursive(4, 20, 4, |inner| {
        ((0u32..8, "[a-z_]{1,12}"), proptest::collection::vec(inner, 0..4)).prop_map(|((c, r), kids)| Part {
            record: r,
            display: "Часть".into(),
            class: c,
            attach: -1,
            children: kids,
        })
    })
}

/// A payload of `n` slots, each either empty or two names with random bytes after their NULs.
fn record_bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec((any::<bool>(), "[a-z.]{1,31}", "[a-z0-9_.]{1,31}", any::<[u8; 64]>()), 0..9).prop_map(|slots| {
        let mut out = Vec::new();
        for (empty, a, m, junk) in slots {
            let mut s = [0u8; 64];
            if !empty {
                s.copy_from_slice(&junk);
                s[..a.len()].copy_from_slice(a.as_bytes());
                s[a.len()] = 0;
                s[32..32 + m.len()].copy_from_slice(m.as_bytes());
                s[32 + m.len()] = 0;
            }
            out.extend(s);
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn records_round_trip_with_bytes_after_nul(bytes in record_bytes(), tag in any::<u32>()) {
        let kind = Kind::from_type_id(tag);
        let (r, _) = Record::parse(&bytes, kind).expect("every field has a NUL");
        prop_assert!(r.write() == bytes);
        prop_assert_eq!(r.slots.len(), bytes.len() / SLOT_LEN);
    }

    #[test]
    fn slot_edit_changes_only_its_slot(bytes in record_bytes(), pick in any::<usize>(), name in "[a-zA-Zа-яё._]{0,15}") {
        let (mut r, _) = Record::parse(&bytes, Kind::Stat).unwrap();
        prop_assume!(!r.slots.is_empty());
        let i = pick % r.slots.len();
        r.set_slot(i, "static.rlb", &name).unwrap();
        let out = r.write();
        prop_assert_eq!(out.len(), bytes.len());
        prop_assert!(out[..i * SLOT_LEN] == bytes[..i * SLOT_LEN]);
        prop_assert!(out[(i + 1) * SLOT_LEN..] == bytes[(i + 1) * SLOT_LEN..]);
        prop_assert_eq!(r.slots[i].member(), name);
    }

    #[test]
    fn trees_round_trip_and_match_the_model(root in part_tree(), word in any::<u32>()) {
        let bytes = fx_units::write(word, &root);
        let (dat, _) = UnitDat::parse(&bytes, Reading::Strict).expect("written trees parse");
        prop_assert!(dat.write() == bytes);
        prop_assert_eq!(dat.len(), root.count());
        // The model: children counts of the spec in depth-first order.
        fn counts(p: &Part, out: &mut Vec<usize>) {
            out.push(p.children.len());
            p.children.iter().for_each(|c| counts(c, out));
        }
        let mut want = Vec::new();
        counts(&root, &mut want);
        let tree = dat.tree();
        let got: Vec<usize> = tree.children.iter().map(Vec::len).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn random_tree_edits_stay_valid(root in part_tree(), ops in proptest::collection::vec((0u8..3, any::<usize>(), any::<usize>(), any::<usize>()), 1..12)) {
        let (mut dat, _) = UnitDat::parse(&fx_units::write(0x0100_8000, &root), Reading::Strict).unwrap();
        for (op, a, b, pos) in ops {
            let n = dat.len();
            let before = dat.clone();
            let ok = match op {
                0 => {
                    let c = Component::new("added", "Новая", PartClass::Internal, 0).unwrap();
                    let p = a % n;
                    let kids = dat.component(p).child_count() as usize;
                    dat.add_child(p, Some(pos % (kids + 1)), c).is_ok()
                }
                1 => dat.remove_subtree(a % n).is_ok(),
                _ => dat.move_subtree(a % n, b % n, None).is_ok(),
            };
            prop_assert!(dat.is_valid_tree());
            if !ok {
                prop_assert_eq!(&dat, &before, "a refused edit changes nothing");
            }
            // Untouched components keep their bytes: every component of the result but the
            // edited parents is a component of the input.
            let old: std::collections::HashSet<[u8; COMPONENT_LEN]> = before.components().iter().map(|c| *c.raw()).collect();
            let fresh = dat.components().iter().filter(|c| !old.contains(c.raw())).count();
            prop_assert!(fresh <= 3, "{} changed components", fresh);
        }
        let (re, _) = UnitDat::parse(&dat.write(), Reading::Strict).unwrap();
        prop_assert_eq!(re, dat);
    }

    #[test]
    fn truncations_fail_at_a_component_boundary_or_the_end(root in part_tree(), cut in any::<usize>()) {
        let bytes = fx_units::write(0xF0F1, &root);
        let n = 8 + cut % (bytes.len() - 8);
        if let Err(e) = UnitDat::parse(&bytes[..n], Reading::Strict) {
            let off = e.offset as usize;
            prop_assert!(off == n || (off >= 8 && (off - 8).is_multiple_of(COMPONENT_LEN)) || (off >= 8 && (off - 8) % COMPONENT_LEN == 108));
        }
    }
}

#[path = "support/cli.rs"]
mod support_cli;

// The command line over a write-game folder (issue 39's document half): the real binary.
mod cli {
    use super::support_cli::run;
    use parkan_studio::doc::mods::create::diff_folders;
    use parkan_studio::doc::mods::manage::{self, InstallOptions};
    use parkan_studio::doc::mods::{Meta, Package};
    use parkan_studio::fixtures::game::{GameSpec, PROBLEMS, write_game};
    use serde_json::Value;
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    fn json(args: &[&str], cwd: &Path) -> Value {
        let out = run(args, cwd);
        // (`diff` says 1 when the sides differ.)
        let want = if args[0] == "diff" { 1 } else { 0 };
        assert_eq!(out.status.code(), Some(want), "{args:?}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)))
    }

    fn game(spec: GameSpec) -> (tempfile::TempDir, PathBuf) {
        let t = tempfile::tempdir().unwrap();
        let p = t.path().join("game");
        write_game(&p, &spec).unwrap();
        (t, p)
    }

    fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
        let mut out = BTreeMap::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    out.insert(p.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"), std::fs::read(&p).unwrap());
                }
            }
        }
        out
    }

    const UNIT: &str = "UNITS/BUILDS/bld_000.dat";

    #[test]
    fn info_check_and_search_know_records_and_units() {
        let (_t, g) = game(GameSpec::SMALL.with_problems());
        let v = json(&["info", "objects.rlb::fr_bld_000", "--json"], &g);
        assert_eq!(v["kind"], "record", "{v}");
        assert_eq!(v["record_kind"], "FORT");
        assert_eq!(v["slots"][0]["member"], "fr_bld_000.msh");
        let v = json(&["info", UNIT, "--json"], &g);
        assert_eq!(v["kind"], "unit", "{v}");
        assert_eq!(v["components"][0]["record"], "fr_bld_000");

        // check DIR reports every problem of the folder, the world's two among them.
        let v = json(&["check", ".", "--json"], &g);
        let findings: Vec<&Value> = v["files"].as_array().unwrap().iter().flat_map(|f| f["project"].as_array().unwrap()).collect();
        for (where_, _) in PROBLEMS {
            assert!(findings.iter().any(|p| p["file"] == *where_), "{where_} not reported: {findings:#?}");
        }
        let slot = findings.iter().find(|p| p["file"] == "objects.rlb::s_obj_gone").unwrap();
        assert!(slot["message"].as_str().unwrap().contains("static.rlb::s_obj_gone.msh") && slot["offset"] == 0, "{slot}");
        let comp = findings.iter().find(|p| p["file"] == "UNITS/UNITS/BATTLE/unit_gone.dat").unwrap();
        assert!(comp["message"].as_str().unwrap().contains("r_ch_gone") && comp["offset"] == 8, "{comp}");
        assert_eq!(findings.len(), PROBLEMS.len(), "{findings:#?}");

        // search: by kind, a record by a slot's member, a unit by a component's record.
        let hits = json(&["search", ".", "t:record fr_bld_000.msh", "--json"], &g);
        let hits = hits["hits"].as_array().unwrap();
        assert!(hits.iter().any(|h| h["address"] == "objects.rlb::fr_bld_000"), "{hits:#?}");
        assert!(hits.iter().all(|h| h["kind"] == "record"));
        let hits = json(&["search", ".", "t:unit fr_bld_000", "--json"], &g);
        assert!(hits["hits"].as_array().unwrap().iter().any(|h| h["address"] == UNIT), "{hits}");
        // And by a component's display name (the building's root is "Шасси 0").
        let hits = json(&["search", ".", "t:unit Шасси", "--json"], &g);
        let hit = hits["hits"].as_array().unwrap().iter().find(|h| h["address"] == UNIT).unwrap_or_else(|| panic!("{hits:#}"));
        assert_eq!(hit["at"], "component");
    }

    /// The first of `refs --json`'s uses whose `at` and field match, as its target address.
    fn use_target(g: &Path, address: &str, pick: impl Fn(&Value) -> bool) -> String {
        let v = json(&["refs", address, "--json"], g);
        let u = v["uses"].as_array().unwrap().iter().find(|u| pick(u)).unwrap_or_else(|| panic!("{address}: {v:#}"));
        u["target"].as_str().unwrap().to_string()
    }

    #[test]
    fn refs_reach_from_a_texture_up_to_the_unit_trees() {
        let (_t, g) = game(GameSpec::SMALL);
        // Down the building's chain: mesh byte → table row → material → texture.
        let v = json(&["refs", "fortif.rlb::fr_bld_000.msh", "--json"], &g);
        let row = v["uses"].as_array().unwrap().iter().find_map(|u| u["row"].as_u64()).expect("a batch reaches a row");
        // (`refs --json` gives a use's target row as `row`, so the table's rows are taken in order.)
        let v = json(&["refs", "fortif.rlb::fr_bld_000.wea", "--json"], &g);
        let rows: Vec<&Value> = v["uses"].as_array().unwrap().iter().filter(|u| u["at"] == "row" && u["lightmaps"] == false).collect();
        let material = rows[row as usize]["target"].as_str().unwrap().to_string();
        let texture = use_target(&g, &material, |u| u["at"] == "phase" && u["target"].is_string());
        // And up again, to the record and the unit.
        let v = json(&["refs", &texture, "--up", "--json"], &g);
        let up = v["reached_by"].as_array().unwrap();
        let at = |a: &str| up.iter().find(|l| l["address"] == a).unwrap_or_else(|| panic!("{a} not reached: {up:#?}"));
        assert_eq!(at(&material)["depth"], 1);
        assert_eq!(at("fortif.rlb::fr_bld_000.wea")["depth"], 2);
        assert_eq!(at("fortif.rlb::fr_bld_000.msh")["depth"], 3);
        assert_eq!(at("objects.rlb::fr_bld_000")["kind"], "slot");
        assert_eq!(at("objects.rlb::fr_bld_000")["depth"], 4);
        assert_eq!(at(UNIT)["kind"], "component");
        // (Shortest first: the unit may be reached sooner through another of its parts.)
        assert!(at(UNIT)["depth"].as_u64().unwrap() <= 5);
        let text = String::from_utf8(run(&["refs", &texture, "--up"], &g).stdout).unwrap();
        assert!(text.contains("reached by:") && text.contains(&format!("<- {UNIT}  component ")), "{text}");
    }

    #[test]
    fn diff_compares_records_by_slot_and_units_by_component() {
        let (_t, g) = game(GameSpec::SMALL);
        let v = json(&["diff", "objects.rlb::s_obj_000", "objects.rlb::s_obj_001", "--json"], &g);
        let text = v.to_string();
        assert!(text.contains("slot 0 member") && text.contains("s_obj_001.msh"), "{v:#}");
        let v = json(&["diff", UNIT, "UNITS/UNITS/BATTLE/unit_002.dat", "--json"], &g);
        let text = v.to_string();
        assert!(text.contains("component 0") && (text.contains("added") || text.contains("removed")), "{v:#}");
    }

    #[test]
    fn unpack_writes_record_and_unit_texts_and_pack_gives_the_bytes_back() {
        let (t, g) = game(GameSpec::SMALL.with_problems());
        let (un, out) = (t.path().join("un"), t.path().join("out"));
        let o = run(&["unpack", g.to_str().unwrap(), "-o", un.to_str().unwrap()], t.path());
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let texts = files(&un);
        let records = texts.keys().filter(|k| k.ends_with(".record.toml")).count();
        let units: Vec<&String> = texts.keys().filter(|k| k.ends_with(".dat.unit.toml")).collect();
        assert_eq!(records, GameSpec::SMALL.record_count() + 1);
        assert_eq!(units.len(), GameSpec::SMALL.units + 1);
        assert!(!texts.keys().any(|k| k.ends_with(".dat")), "unit files are texts");
        let o = run(&["pack", un.to_str().unwrap(), "-o", out.to_str().unwrap()], t.path());
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(files(&g) == files(&out), "byte-identical");
    }

    #[test]
    fn rename_rewrites_the_slots_and_components_that_name_it() {
        let (_t, g) = game(GameSpec::SMALL);
        let before = std::fs::read(g.join("objects.rlb")).unwrap();
        let o = run(&["rename", "fortif.rlb::fr_bld_000.msh", "fr_bld_new.msh", "--references", "."], &g);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let after = std::fs::read(g.join("objects.rlb")).unwrap();
        let changed: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
        assert!(!changed.is_empty() && changed.last().unwrap() - changed[0] < 32, "only one member field: {changed:?}");
        let v = json(&["info", "objects.rlb::fr_bld_000", "--json"], &g);
        assert_eq!(v["slots"][0]["member"], "fr_bld_new.msh");
        // A record: the unit components that name it.
        let o = run(&["rename", "objects.rlb::fr_bld_000", "fr_bld_999", "--references", "."], &g);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let v = json(&["info", UNIT, "--json"], &g);
        assert_eq!(v["components"][0]["record"], "fr_bld_999");
        // Everything still resolves but the renamed mesh's table, found by the mesh's stem.
        let v = json(&["check", ".", "--json"], &g);
        assert_eq!(v["summary"]["project_findings"], 1, "{v:#}");
        assert!(v.to_string().contains("no fr_bld_new.wea"));
    }

    #[test]
    fn a_mod_of_an_edited_record_and_unit_installs_and_reverts_byte_exactly() {
        let t = tempfile::tempdir().unwrap();
        let (clean, modded, target) = (t.path().join("clean"), t.path().join("modded"), t.path().join("game"));
        for d in [&clean, &modded, &target] {
            write_game(d, &GameSpec::SMALL).unwrap();
        }
        let rec = run(&["rename", "objects.rlb::e_tur_000", "e_tur_777", "--references", "."], &modded);
        assert_eq!(rec.status.code(), Some(0), "{}", String::from_utf8_lossy(&rec.stderr));
        let changes = diff_folders(&clean, &modded).unwrap();
        let pkg = Package { meta: Meta { name: "World".into(), version: "1".into(), ..Meta::default() }, changes };
        let path = t.path().join("world.parkanmod");
        std::fs::write(&path, pkg.to_bytes().unwrap()).unwrap();
        manage::install(&target, &path, &InstallOptions::default(), &mut |_| false).unwrap();
        let strip = |m: BTreeMap<String, Vec<u8>>| m.into_iter().filter(|(k, _)| !k.starts_with(".parkan")).collect::<BTreeMap<_, _>>();
        assert!(strip(files(&target)) == strip(files(&modded)), "installed");
        let status = parkan_studio::doc::mods::text::joined(&manage::status(&target).unwrap());
        assert!(status.contains("objects.rlb") && status.contains(".dat"), "{status}");
        manage::revert(&target, "world", false, false, &mut |_| false).unwrap();
        assert!(strip(files(&target)) == strip(files(&clean)), "reverted");
    }
}
