//! Container-level tests: component lists, edits and attrs, archive round trips, checks.

use super::anim::AnimMap;
use super::batches::Batches;
use super::nodes::NodeTable;
use super::vertex::Positions;
use super::*;
use crate::fixtures::msh as fx;
use crate::formats::Severity;

fn open(b: &[u8]) -> (Archive, Msh) {
    let (a, m, d) = Msh::parse(SharedBytes::from(b)).unwrap();
    assert!(d.is_empty(), "{d:?}");
    (a, m)
}

fn errors(d: &[Diagnostic]) -> Vec<&Diagnostic> {
    d.iter().filter(|x| x.severity == Severity::Error).collect()
}

#[test]
fn detection() {
    assert!(is_msh([1, 2, 3, 13].into_iter()));
    assert!(!is_msh([1, 2, 13].into_iter()));
    assert!(!is_msh([1, 2, 3, 32].into_iter()));
    assert_eq!(Variant::detect([1, 2, 3, 6, 13].into_iter()), Variant::Model);
    assert_eq!(Variant::detect([1, 2, 3, 11, 21].into_iter()), Variant::Landscape);
    assert_eq!(Variant::detect([1, 2, 3, 6, 11].into_iter()), Variant::Unknown);
    assert_eq!(Variant::detect([1, 2, 3].into_iter()), Variant::Unknown);
    for (name, b) in fx::all() {
        let (_, m) = open(&b);
        let want = if name.starts_with("land") { Variant::Landscape } else { Variant::Model };
        assert_eq!(m.variant(), want, "{name}");
    }
    let e = Msh::parse(SharedBytes::from(crate::fixtures::nres::simple())).unwrap_err();
    assert!(e.message.contains("not an MSH"), "{e}");
}

#[test]
fn fixtures_are_clean_and_reencode_exactly() {
    for (name, b) in fx::all() {
        let (a, m) = open(&b);
        assert_eq!(a.write(), b, "{name}");
        assert!(m.reencode_mismatches().is_empty(), "{name}");
        let d = m.check();
        assert!(d.iter().all(|x| x.severity == Severity::Info), "{name}: {d:?}");
        for c in &m.components {
            assert_eq!(reencode(c), if matches!(c.type_id, 15 | 20) { Reencode::NoCodec } else { Reencode::Same }, "{name} {}", c.type_id);
        }
    }
}

#[test]
fn unknown_component_survives_an_edit_of_another() {
    let b = fx::boxhouse();
    let (mut a, mut m) = open(&b);
    let extra = m.component(15).unwrap().bytes.clone();
    let (parts, _) = m.parts();
    let mut p = parts.positions.unwrap();
    p.0[0][2] += 1.0;
    m.set(&p);
    m.apply(&mut a).unwrap();
    let out = a.write();
    let (_, m2) = open(&out);
    assert_eq!(m2.component(15).unwrap().bytes, extra);
    assert_eq!(m2.get::<Positions>().unwrap().unwrap(), p);
    // Every other component keeps its bytes and attrs.
    for (x, y) in m.components.iter().zip(&m2.components) {
        assert_eq!((x.type_id, x.attrs, &x.bytes), (y.type_id, y.attrs, &y.bytes));
    }
}

#[test]
fn edits_update_derived_attrs_only() {
    let (mut a, mut m) = open(&fx::walker());
    let before = m.component(19).unwrap().attrs;
    let mut map = m.get::<AnimMap>().unwrap().unwrap();
    map.map.extend([0, 0]);
    map.frame_count = 12;
    m.set(&map);
    let after = m.component(19).unwrap().attrs;
    assert_eq!(after, [before[0] + 2, 12, before[2]]);
    let mut batches = m.get::<Batches>().unwrap().unwrap();
    batches.0.pop();
    m.set(&batches);
    m.apply(&mut a).unwrap();
    let i = m.index_of(13).unwrap();
    let row = a.entry(m.components[i].entry.unwrap());
    assert_eq!(row.attr1() as usize, batches.0.len());
    assert_eq!(row.offset() as u64, m.components[i].offset);
    // A component that was absent is added as a new entry.
    let mut m3 = Msh::from_archive(&a);
    m3.set(&super::landscape::LandAlpha(vec![0.5; 3]));
    let n = a.len();
    m3.apply(&mut a).unwrap();
    assert_eq!(a.len(), n + 1);
    assert_eq!(a.entry(n).type_id(), 14);
    assert_eq!(a.entry(n).attrs(), [3, 0, 4]);
}

/// The walker with one component's payload replaced by `bytes`.
fn with(type_id: u32, bytes: Vec<u8>) -> Msh {
    let (_, mut m) = open(&fx::walker());
    let i = m.index_of(type_id).unwrap();
    m.components[i].bytes = bytes.into();
    m
}

#[test]
fn partial_records_are_errors_at_file_offsets() {
    let (_, m) = open(&fx::walker());
    for t in [1u32, 2, 3, 4, 5, 6, 7, 8, 9, 13, 19] {
        let c = m.component(t).unwrap();
        let cut = c.bytes.len() - 1;
        let bad = with(t, c.bytes[..cut].to_vec());
        let d = bad.check();
        let e = errors(&d);
        assert!(!e.is_empty(), "component {t}: {d:?}");
        let off = e[0].offset.unwrap();
        assert!(off >= c.offset && off <= c.offset + cut as u64, "component {t}: {off} vs {}", c.offset);
        assert!(e[0].message.contains(&format!("component {t}")), "{}", e[0].message);
    }
}

#[test]
fn truncated_payloads_never_panic() {
    let (_, m) = open(&fx::walker());
    for t in [1u32, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 19] {
        let c = m.component(t).unwrap();
        for cut in 0..c.bytes.len().min(200) {
            let bad = with(t, c.bytes[..cut].to_vec());
            let _ = bad.check();
            let (p, _) = bad.parts();
            for cell in [0, 1, 4, 5] {
                let _ = geometry::extract_model(&p, &Default::default(), nodes::GridCell::from_index(cell).unwrap());
            }
        }
    }
}

#[test]
fn cross_reference_errors() {
    let (_, m) = open(&fx::walker());
    let (p, _) = m.parts();
    let NodeTable::Node38(mut nodes) = p.nodes.clone().unwrap() else { panic!() };
    // Parent after child, a slot past the table, a fallback key past the pool.
    nodes[1].parent = 3;
    nodes[2].slots[0] = 999;
    nodes[3].fallback_key = 5000;
    let mut bad = m.clone();
    bad.set(&NodeTable::Node38(nodes));
    let d = bad.check();
    let msgs: Vec<&str> = errors(&d).iter().map(|x| x.message.as_str()).collect();
    assert!(msgs.iter().any(|s| s.contains("node 1: parent 3 is not before it")), "{msgs:?}");
    assert!(msgs.iter().any(|s| s.contains("slot 999 is past")), "{msgs:?}");
    assert!(msgs.iter().any(|s| s.contains("fallback key 5000")), "{msgs:?}");
    let nb = p.offset(1);
    assert!(errors(&d).iter().any(|x| x.offset == Some(nb + 38 + 2)));

    // A batch whose base vertex pushes indices past the vertices, one past the index buffer.
    let mut batches = p.batches.clone().unwrap();
    batches.0[0].base_vertex = 1_000_000;
    batches.0[1].index_start = 1 << 30;
    let mut bad = m.clone();
    bad.set(&batches);
    let d = bad.check();
    let msgs: Vec<&str> = errors(&d).iter().map(|x| x.message.as_str()).collect();
    assert!(msgs.iter().any(|s| s.contains("batch 0: base_vertex 1000000")), "{msgs:?}");
    assert!(msgs.iter().any(|s| s.contains("batch 1: indices")), "{msgs:?}");
    let (bp, _) = bad.parts();
    let (mesh, diags) = geometry::extract_model(&bp, &Default::default(), nodes::GridCell::default()).unwrap();
    assert!(!errors(&diags).is_empty());
    assert!(mesh.indices.iter().all(|&i| (i as usize) < mesh.positions.len()));

    // Normals shorter than positions; counts disagreeing with attrs.
    let c = m.component(4).unwrap();
    let short = with(4, c.bytes[..c.bytes.len() - 4].to_vec());
    let d = short.check();
    assert!(d.iter().any(|x| x.severity == Severity::Error && x.message.contains("records for")), "{d:?}");
    assert!(d.iter().any(|x| x.severity == Severity::Warning && x.message.contains("attr1")), "{d:?}");
}

#[test]
fn slot_ranges_and_capped_reports() {
    let (_, m) = open(&fx::walker());
    let (p, _) = m.parts();
    let mut slots = p.slots.clone().unwrap();
    for s in &mut slots.slots {
        s.batch_start = 60_000;
        s.batch_count = 3;
    }
    let mut bad = m.clone();
    bad.set(&slots);
    let d = bad.check();
    let n = d.iter().filter(|x| x.message.contains("batches") && x.message.contains("run past")).count();
    assert_eq!(n, 8, "reports are capped per kind");
    assert!(d.iter().any(|x| x.message.contains("more: slot batch range")));
}

#[test]
fn huge_counts_and_lengths_do_not_allocate_or_panic() {
    // A node-strings length of 4 GB and a frame map that claims 4 billion frames.
    let bad = with(10, vec![0xFF, 0xFF, 0xFF, 0xFF, 0]);
    assert!(!errors(&bad.check()).is_empty());
    let (_, mut m) = open(&fx::walker());
    let i = m.index_of(19).unwrap();
    m.components[i].attrs[1] = u32::MAX;
    let d = m.check();
    assert!(errors(&d).iter().any(|x| x.message.contains("frame map")), "{d:?}");
    let (p, _) = m.parts();
    let pose = geometry::model_pose(&p, &Default::default(), 1e9, false);
    assert_eq!(pose.nodes.len(), 6);
}

/// A message's Russian text, as the editor shows it.
fn russian(m: &crate::formats::Message) -> String {
    crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &m.english, m.key.as_deref())
}

#[test]
fn bad_meshes_say_so_with_ids_the_editor_reads_in_russian() {
    let e = Msh::parse(SharedBytes::from(crate::fixtures::nres::simple())).unwrap_err();
    assert_eq!(e.key.as_ref().map(|k| k.id), Some("msh-not-msh"));
    let listed = e.message.rsplit_once('[').map(|(_, l)| l.trim_end_matches(']')).unwrap_or_default().to_string();
    assert_eq!(russian(&e.text()), format!("это не MSH: нужны компоненты 1, 2 и 3 и типы меньше 32, а есть [{listed}]"));

    // A payload one byte past whole records: the label stays the format's, the numbers choose
    // the Russian plural (13 байт, 1 байт).
    let e = Positions::decode(&[0u8; 13], [0; 3]).unwrap_err();
    assert_eq!(e.message, "positions: 13 bytes is not a whole number of 12-byte records (1 bytes left over)");
    assert_eq!(russian(&e.text()), "positions: 13 байт — не целое число записей по 12 байт (остаток: 1 байт)");
    let e = Positions::decode(&[0u8; 26], [0; 3]).unwrap_err();
    assert_eq!(russian(&e.text()), "positions: 26 байт — не целое число записей по 12 байт (остаток: 2 байта)");

    // A check finding, through the diagnostic's key.
    let (_, m) = open(&fx::walker());
    let mut m = m;
    let mut b: Batches = m.get().unwrap().unwrap();
    b.0[0].index_count -= 1;
    m.set(&b);
    let d = m.check().into_iter().find(|d| d.key.as_ref().is_some_and(|k| k.id == "msh-batch-not-triangles")).expect("the batch is flagged");
    let n = b.0[0].index_count;
    assert_eq!(d.message, format!("batch 0: {n} indices is not a whole number of triangles"));
    let many = if n % 10 == 1 && n % 100 != 11 { "индекс" } else if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) { "индекса" } else { "индексов" };
    assert_eq!(russian(&d.text()), format!("батч 0: {n} {many} — не целое число треугольников"));
}
