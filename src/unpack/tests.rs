use super::*;
use crate::fixtures::{self, game::GameSpec};
use crate::formats::nres::Archive;
use crate::formats::{TYPE_MAT0, TYPE_TEXM, TYPE_WEAR};
use proptest::prelude::*;
use std::path::Path;

fn opts() -> Options {
    Options { jobs: 2, ..Options::default() }
}

fn write_files(dir: &Path, files: &[(String, Vec<u8>)]) {
    for (rel, b) in files {
        let p = join_rel(dir, rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, b).unwrap();
    }
}

/// Every file under `dir`, relative with '/', sorted.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn go(d: &Path, prefix: &str, out: &mut Vec<(String, Vec<u8>)>) {
        for e in std::fs::read_dir(d).unwrap() {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let rel = if prefix.is_empty() { name } else { format!("{prefix}/{name}") };
            if e.file_type().unwrap().is_dir() {
                go(&e.path(), &rel, out);
            } else {
                out.push((rel, std::fs::read(e.path()).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    go(dir, "", &mut out);
    out.sort();
    out
}

/// Unpacks `files` and packs them back; every file must come back byte for byte.
fn round_trip(files: &[(String, Vec<u8>)]) -> (tempfile::TempDir, Report) {
    let t = tempfile::tempdir().unwrap();
    let (src, un, out) = (t.path().join("src"), t.path().join("un"), t.path().join("out"));
    write_files(&src, files);
    let r = unpack(std::slice::from_ref(&src), &un, &opts(), &Quiet).unwrap();
    assert!(r.failures.is_empty(), "unpack: {:?}", r.failures);
    let p = pack(&un, &out, &opts(), &Quiet).unwrap();
    assert!(p.failures.is_empty(), "pack: {:?}", p.failures);
    assert!(p.changes.is_empty(), "nothing was edited: {:?}", p.changes);
    let (a, b) = (tree(&src), tree(&out));
    assert_eq!(a.iter().map(|f| &f.0).collect::<Vec<_>>(), b.iter().map(|f| &f.0).collect::<Vec<_>>());
    for ((name, x), (_, y)) in a.iter().zip(&b) {
        assert!(x == y, "{name}: {} bytes became {} bytes, first difference at {:?}", x.len(), y.len(), x.iter().zip(y).position(|(p, q)| p != q));
    }
    (t, r)
}

fn archive_of(entries: Vec<(&str, u32, [u32; 3], Vec<u8>)>) -> Vec<u8> {
    let mut a = Archive::new();
    for (n, t, attrs, b) in entries {
        a.add(n.as_bytes(), t, attrs, b).unwrap();
    }
    a.write()
}

fn fixture_folder() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for (n, b) in fixtures::nres::all() {
        files.push((format!("nres/{n}.lib"), b));
    }
    for (n, b) in fixtures::rsli::all() {
        files.push((format!("rsli/{n}.lib"), b));
    }
    let textures = fixtures::texm::all();
    files.push(("Textures.lib".into(), archive_of(textures.iter().map(|(n, b)| (*n, TYPE_TEXM, [0; 3], b.clone())).collect())));
    for (n, b) in fixtures::texm::malformed() {
        files.push((format!("bad/{n}.lib"), archive_of(vec![(n, TYPE_TEXM, [0; 3], b)])));
    }
    files.push(("Material.lib".into(), fixtures::mat0::material_lib()));
    files.push(("palettes.lib".into(), fixtures::texm::palettes_lib()));
    files.push(("lightmap.lib".into(), fixtures::texm::lightmap_lib()));
    files
}

#[test]
fn every_fixture_variant_packs_back_byte_identical() {
    let (t, r) = round_trip(&fixture_folder());
    // Entries that share bytes cannot be files of their own: that archive is kept whole.
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert!(r.notes[0].as_str().starts_with("nres/shared_ranges.lib: kept whole"), "{:?}", r.notes);
    assert!(t.path().join("un/rsli/deflate_eof_quirk.lib/.archive.json").is_file());
    // The textures and materials really were unpacked to their editable forms.
    let un = t.path().join("un");
    assert!(un.join("Textures.lib/565-mips-page.png").is_file());
    assert!(un.join("Material.lib/WATER.mat0.toml").is_file());
}

#[test]
fn the_small_game_with_problems_packs_back_byte_identical() {
    let (t, r) = round_trip(&fixtures::game::game_files(&GameSpec::SMALL.with_problems()));
    assert!(r.files_written > 100);
    let un = t.path().join("un");
    assert!(un.join("models/MODEL000.msh.glb").is_file(), "a model's glTF for looking");
    assert!(un.join("fortif.rlb/fr_bld_000.msh.glb").is_file(), "a nested model's glTF");
    assert!(std::fs::read_to_string(un.join("Material.lib/BRICK00.mat0.toml")).unwrap().contains("texture = \"BRICK00.0\""));
}

#[test]
fn the_demo_folder_packs_back_byte_identical() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo");
    let files = tree(&dir);
    assert!(files.len() > 5);
    round_trip(&files);
}

/// The three archives of the edit tests: textures, materials, and tables and models.
fn edit_folder() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let files = fixtures::game::game_files(&GameSpec::SMALL);
    let t = tempfile::tempdir().unwrap();
    let (src, un) = (t.path().join("src"), t.path().join("un"));
    write_files(&src, &files);
    let r = unpack(std::slice::from_ref(&src), &un, &opts(), &Quiet).unwrap();
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    (t, src, un)
}

fn entries(path: &Path) -> Vec<(String, u32, [u32; 3], Vec<u8>)> {
    let (a, _) = Archive::parse(std::fs::read(path).unwrap().into()).unwrap();
    (0..a.len()).map(|i| (a.entry(i).name(), a.entry(i).type_id(), a.entry(i).attrs(), a.payload(i).to_vec())).collect()
}

/// The names of the entries that differ between two archives (same entries expected).
fn differing(a: &Path, b: &Path) -> Vec<String> {
    let (x, y) = (entries(a), entries(b));
    assert_eq!(x.len(), y.len());
    x.iter().zip(&y).filter(|(p, q)| p != q).map(|(p, _)| p.0.clone()).collect()
}

#[test]
fn edits_land_in_exactly_the_entry_they_name() {
    let (t, src, un) = edit_folder();
    let out = t.path().join("out");
    let readings = Readings::default();
    // A texture: paint level 0 red.
    let png_path = un.join("Textures.lib/METAL00.0.png");
    let mut img = crate::formats::texm::png::read_image(&std::fs::read(&png_path).unwrap()).unwrap();
    for px in img.rgba.chunks_exact_mut(4) {
        px[..3].copy_from_slice(&[255, 0, 0]);
    }
    std::fs::write(&png_path, texture::png(&img, Compression::Fast).unwrap()).unwrap();
    // A material: another diffuse colour and the flags word.
    let mat_path = un.join("Material.lib/ROCK00.mat0.toml");
    let text = std::fs::read_to_string(&mat_path).unwrap();
    let line = text.lines().find(|l| l.starts_with("diffuse = ")).unwrap().to_string();
    let text = text.replacen(&line, "diffuse = \"#102030FF\"", 1).replacen("flags = 0x00000000", "flags = 0x00000041", 1);
    std::fs::write(&mat_path, text).unwrap();
    // A WEAR table inside an archive, edited as text.
    let wea = un.join("fortif.rlb/fr_bld_000.wea");
    let mut table = std::fs::read(&wea).unwrap();
    table.extend_from_slice(b"\r\n");
    std::fs::write(&wea, &table).unwrap();

    let r = pack(&un, &out, &opts(), &Quiet).unwrap();
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert_eq!(r.changes.len(), 3, "{:?}", r.changes);
    assert_eq!(differing(&src.join("Textures.lib"), &out.join("Textures.lib")), ["METAL00.0"]);
    assert_eq!(differing(&src.join("Material.lib"), &out.join("Material.lib")), ["ROCK00"]);
    assert_eq!(differing(&src.join("fortif.rlb"), &out.join("fortif.rlb")), ["fr_bld_000.wea"]);
    for same in ["lightmap.lib", "palettes.lib", "sprites.lib", "Land.msh", "objects.rlb"] {
        assert_eq!(std::fs::read(src.join(same)).unwrap(), std::fs::read(out.join(same)).unwrap(), "{same}");
    }

    // The texture went through the editor's import: same header and chain, red level 0.
    let e = entries(&out.join("Textures.lib"));
    let (t2, _) = crate::formats::texm::Texm::parse(&e.iter().find(|x| x.0 == "METAL00.0").unwrap().3).unwrap();
    let old = entries(&src.join("Textures.lib"));
    let (t1, _) = crate::formats::texm::Texm::parse(&old.iter().find(|x| x.0 == "METAL00.0").unwrap().3).unwrap();
    assert_eq!((t2.header(), t2.page()), (t1.header(), t1.page()));
    let l0 = t2.decode_mip(0, &readings, None).unwrap();
    assert!(l0.rgba.chunks_exact(4).all(|p| p[0] > 240 && p[1] < 10 && p[2] < 10));
    // The material: the new colour and attr1, the rest as it was.
    let m = entries(&out.join("Material.lib"));
    let rock = m.iter().find(|x| x.0 == "ROCK00").unwrap();
    assert_eq!(rock.2, [0x41, 6, 0]);
    let mat = crate::formats::mat0::Mat0::parse(&rock.3, 6).unwrap();
    assert_eq!(&mat.phases[0].params[4..8], &[0x10, 0x20, 0x30, 0xFF]);
    // The table: its new bytes as they are.
    let o = entries(&out.join("fortif.rlb"));
    assert_eq!(o.iter().find(|x| x.0 == "fr_bld_000.wea").unwrap().3, table);
}

#[test]
fn files_added_and_deleted_become_entries_added_and_removed() {
    let (t, src, un) = edit_folder();
    let out = t.path().join("out");
    std::fs::remove_file(un.join("Material.lib/GRASS00.mat0.toml")).unwrap();
    let text = std::fs::read_to_string(un.join("Material.lib/ROCK00.mat0.toml")).unwrap();
    std::fs::write(un.join("Material.lib/NEWMAT.mat0.toml"), text).unwrap();
    let img = crate::formats::texm::Pixmap::from_rgba(8, 4, vec![200; 8 * 4 * 4]).unwrap();
    std::fs::write(un.join("Textures.lib/NEW.0.png"), texture::png(&img, Compression::Fast).unwrap()).unwrap();
    std::fs::write(un.join("fortif.rlb/NOTE.wea"), b"1\r\n0 DEFAULT\r\n").unwrap();

    let r = pack(&un, &out, &opts(), &Quiet).unwrap();
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert_eq!(r.changes.len(), 4, "{:?}", r.changes);
    let (old, new) = (entries(&src.join("Material.lib")), entries(&out.join("Material.lib")));
    assert_eq!(new.len(), old.len());
    assert!(new.iter().all(|e| e.0 != "GRASS00"));
    let added = new.iter().find(|e| e.0 == "NEWMAT").unwrap();
    let rock = old.iter().find(|e| e.0 == "ROCK00").unwrap();
    assert_eq!((added.1, added.2, &added.3), (TYPE_MAT0, rock.2, &rock.3));
    let kept: Vec<_> = old.iter().filter(|e| e.0 != "GRASS00").collect();
    assert!(kept.iter().all(|e| new.contains(e)), "every other material as it was");
    let tex = entries(&out.join("Textures.lib"));
    let n = tex.iter().find(|e| e.0 == "NEW.0").unwrap();
    assert_eq!(n.1, TYPE_TEXM);
    let (nt, _) = crate::formats::texm::Texm::parse(&n.3).unwrap();
    assert_eq!((nt.width(), nt.height(), nt.mip_count()), (8, 4, 4));
    let o = entries(&out.join("fortif.rlb"));
    assert_eq!(o.iter().find(|e| e.0 == "NOTE.wea").unwrap().1, TYPE_WEAR);
}

#[test]
fn a_material_text_with_a_mistake_names_line_and_column_and_writes_nothing() {
    let (t, _, un) = edit_folder();
    let out = t.path().join("out");
    let path = un.join("Material.lib/ROCK00.mat0.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let bad = text.replacen("power = ", "power = -", 1);
    std::fs::write(&path, &bad).unwrap();
    let path2 = un.join("Material.lib/BRICK00.mat0.toml");
    let text2 = std::fs::read_to_string(&path2).unwrap();
    std::fs::write(&path2, text2.replacen("cell = 0x", "cell = 0xZ", 1)).unwrap();
    let r = pack(&un, &out, &opts(), &Quiet).unwrap();
    assert_eq!(r.failures.len(), 2, "both mistakes are listed: {:?}", r.failures);
    let f = r.failures.iter().find(|f| f.item.ends_with("ROCK00.mat0.toml")).unwrap();
    let line = bad.lines().position(|l| l.starts_with("power = -")).unwrap() + 1;
    assert!(f.message.starts_with(&format!("line {line}, column ")), "{f:?}");
    assert!(!out.exists() || tree(&out).is_empty(), "nothing written");
}

#[test]
fn a_cancelled_run_leaves_only_whole_files() {
    struct StopAfter(std::sync::atomic::AtomicU64);
    impl Progress for StopAfter {
        fn advance(&self, _: u64) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        fn cancelled(&self) -> bool {
            self.0.load(std::sync::atomic::Ordering::SeqCst) > 10
        }
    }
    let t = tempfile::tempdir().unwrap();
    let (src, un) = (t.path().join("src"), t.path().join("un"));
    write_files(&src, &fixtures::game::game_files(&GameSpec::SMALL));
    let r = unpack(std::slice::from_ref(&src), &un, &opts(), &StopAfter(Default::default())).unwrap();
    assert!(r.cancelled);
    assert!(tree(&un).iter().all(|(n, _)| !n.rsplit('/').next().unwrap().ends_with(".tmp")));
}

fn arb_entry() -> impl Strategy<Value = (String, u32, [u32; 3], Vec<u8>)> {
    use crate::fixtures::texm::{Format, Material, Spec, build};
    let formats = [Format::Indexed, Format::External, Format::Rgb565, Format::Rgb556, Format::Argb4444, Format::LumAlpha88, Format::Rgb888, Format::Argb8888];
    let names = "[A-Z][A-Z0-9_]{0,10}(\\.[0-9])?";
    prop_oneof![
        (names, 0usize..8, 1u32..20, 1u32..20, 1u32..5, any::<bool>()).prop_map(move |(n, f, w, h, m, page)| {
            let mut s = Spec::new(formats[f], w, h, m, Material::Rock);
            if page {
                s = s.quadrants();
            }
            (n, TYPE_TEXM, [0; 3], build(&s))
        }),
        (names, 0usize..5, 0u32..8).prop_map(|(n, i, v)| {
            let e = &fixtures::mat0::entries()[i];
            let payload = if v == 6 { e.payload.clone() } else { fixtures::mat0::version(v) };
            (n, TYPE_MAT0, [e.attrs[0], v, 0], payload)
        }),
        (names, proptest::collection::vec(any::<u8>(), 0..200), any::<u32>(), any::<[u32; 3]>()).prop_map(|(n, b, t, a)| (n, t, a, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn generated_archives_pack_back_byte_identical(entries in proptest::collection::vec(arb_entry(), 0..12)) {
        let mut a = Archive::new();
        for (n, t, attrs, b) in &entries {
            a.add(n.as_bytes(), *t, *attrs, b.clone()).unwrap();
        }
        round_trip(&[("gen.lib".to_string(), a.write())]);
    }
}

/// An archive larger than the stored bytes held at once (several MB): converted on every job
/// and written as entries finish, with names that differ only in case far apart, it still
/// packs back byte for byte and every entry keeps its own file.
#[test]
fn an_archive_of_several_windows_packs_back_byte_identical_with_distinct_names() {
    let big = |seed: u8| (0..(1usize << 20) + 17).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect::<Vec<u8>>();
    let texture = crate::fixtures::texm::build(&crate::fixtures::texm::Spec::new(crate::fixtures::texm::Format::Rgb565, 16, 16, 2, crate::fixtures::texm::Material::Rock));
    let upper: Vec<String> = (0..6).map(|k| format!("BLOB{k}")).collect();
    let lower: Vec<String> = (0..6).map(|k| format!("blob{k}")).collect();
    let mut entries = Vec::new();
    for (k, n) in upper.iter().enumerate() {
        entries.push((n.as_str(), 1, [0; 3], big(k as u8)));
    }
    for (k, n) in lower.iter().enumerate() {
        entries.push((n.as_str(), 1, [0; 3], vec![k as u8; 10]));
        entries.push((["T0.0", "T1.0", "T2.0", "T3.0", "T4.0", "T5.0"][k], TYPE_TEXM, [0; 3], texture.clone()));
    }
    let lib = archive_of(entries);
    same_tree_on_any_jobs(&lib);
    let budget = tree::WINDOW_BYTES_PER_JOB * opts().jobs as u64;
    assert!(lib.len() as u64 > budget, "more than one window of entries");
    let (t, _) = round_trip(&[("big.lib".to_string(), lib)]);
    let names: Vec<String> = tree(&t.path().join("un/big.lib")).into_iter().map(|f| f.0).filter(|n| !n.starts_with('.')).collect();
    assert_eq!(names.iter().filter(|n| !n.contains(".mip")).count(), 18, "one file per entry: {names:?}");
    assert!(lower.iter().all(|l| names.contains(&format!("{l}~2"))), "a name taken in an earlier window is not given again: {names:?}");
    let unique: std::collections::HashSet<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
    assert_eq!(unique.len(), names.len(), "no two files share a name, whatever the case: {names:?}");
}

/// Entries finish in an order that depends on timing; names and manifests must not.
fn same_tree_on_any_jobs(lib: &[u8]) {
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("big.lib");
    std::fs::write(&src, lib).unwrap();
    let trees: Vec<_> = [1, 2, 5]
        .into_iter()
        .map(|jobs| {
            let un = t.path().join(format!("un{jobs}"));
            let r = unpack(std::slice::from_ref(&src), &un, &Options { jobs, ..Options::default() }, &Quiet).unwrap();
            assert!(r.failures.is_empty(), "{jobs} jobs: {:?}", r.failures);
            tree(&un)
        })
        .collect();
    for (jobs, other) in [2, 5].into_iter().zip(&trees[1..]) {
        assert_eq!(trees[0].iter().map(|f| &f.0).collect::<Vec<_>>(), other.iter().map(|f| &f.0).collect::<Vec<_>>(), "{jobs} jobs: other files");
        for ((name, a), (_, b)) in trees[0].iter().zip(other) {
            assert!(a == b, "{jobs} jobs: {name} differs from 1 job's");
        }
    }
}

/// Stops a run after `n` items of progress.
struct StopAfter(std::sync::atomic::AtomicU64, u64);
impl Progress for StopAfter {
    fn advance(&self, _: u64) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
    fn cancelled(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst) > self.1
    }
}

/// An archive of several windows of entries (more than the stored bytes made at once).
fn several_windows_lib() -> Vec<u8> {
    let big = |seed: u8| (0..(1usize << 20) + 5).map(|i| (i as u8).wrapping_mul(7).wrapping_add(seed)).collect::<Vec<u8>>();
    let names: Vec<String> = (0..10).map(|k| format!("BLOB{k}")).collect();
    let lib = archive_of(names.iter().enumerate().map(|(k, n)| (n.as_str(), 1, [0; 3], big(k as u8))).collect());
    assert!(lib.len() as u64 > 2 * tree::WINDOW_BYTES_PER_JOB * opts().jobs as u64, "more than two windows");
    lib
}

/// [`several_windows_lib`] unpacked into `un`, with `out` to pack into.
fn several_windows_unpacked() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let t = tempfile::tempdir().unwrap();
    let (src, un, out) = (t.path().join("src"), t.path().join("un"), t.path().join("out"));
    write_files(&src, &[("big.lib".to_string(), several_windows_lib())]);
    unpack(std::slice::from_ref(&src), &un, &opts(), &Quiet).unwrap();
    (t, un, out)
}

/// An untouched archive is written as it is laid out, straight to a temporary: a stop in the
/// middle leaves neither the archive nor the temporary.
#[test]
fn a_cancelled_pack_leaves_no_partial_archive() {
    let (_t, un, out) = several_windows_unpacked();
    let r = pack(&un, &out, &opts(), &StopAfter(Default::default(), 5)).unwrap();
    assert!(r.cancelled);
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert!(!out.exists() || tree(&out).is_empty(), "nothing written: {:?}", tree(&out).iter().map(|f| &f.0).collect::<Vec<_>>());
}

/// The streamed archive is checked against the manifest's SHA-256 before it is renamed into
/// place: a skeleton edited by hand gives a failure naming the archive and no file.
#[test]
fn an_untouched_archive_that_differs_from_its_manifest_is_not_written() {
    let (_t, un, out) = several_windows_unpacked();
    let sk = un.join("big.lib").join(manifest::SKELETON);
    let mut b = std::fs::read(&sk).unwrap();
    let last = b.len() - 1;
    b[last] ^= 0x55;
    std::fs::write(&sk, b).unwrap();
    let r = pack(&un, &out, &opts(), &Quiet).unwrap();
    assert_eq!(r.failures.len(), 1, "{:?}", r.failures);
    assert_eq!(r.failures[0].item, "big.lib");
    assert!(r.failures[0].message.contains("other bytes than the archive had"), "{:?}", r.failures);
    assert!(!out.exists() || tree(&out).is_empty(), "nothing written: {:?}", tree(&out).iter().map(|f| &f.0).collect::<Vec<_>>());
}

/// The editor's log shows a run's notes and a run that cannot start in the user's language.
#[cfg(feature = "gui")]
#[test]
fn notes_and_run_errors_carry_their_russian_text() {
    use crate::app::i18n::Language;
    use crate::app::i18n::messages::text_in;
    let ru = |m: &Message| text_in(Language::Russian, &m.english, m.key.as_deref());
    let t = tempfile::tempdir().unwrap();
    let (src, un) = (t.path().join("src"), t.path().join("un"));
    write_files(&src, &[("shared.lib".to_string(), fixtures::nres::shared_ranges())]);
    let r = unpack(std::slice::from_ref(&src), &un, &opts(), &Quiet).unwrap();
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert_eq!(r.notes[0].as_str(), "shared.lib: kept whole, not unpacked: entry B shares bytes with another or lies outside the file");
    assert_eq!(ru(&r.notes[0]), "shared.lib: оставлен целым, не распакован: запись B делит байты с другой записью или выходит за пределы файла");
    // The JSON report keeps the English lines.
    assert_eq!(serde_json::to_value(&r).unwrap()["notes"][0], r.notes[0].as_str());

    let inside = un.join("out");
    std::fs::create_dir_all(&inside).unwrap();
    let e = pack(&un, &inside, &opts(), &Quiet).unwrap_err();
    assert_eq!(e.to_string(), format!("{}: the output must be outside the unpacked tree", inside.display()));
    assert_eq!(ru(&e.0), format!("{}: результат должен лежать вне распакованного дерева", inside.display()));
}
