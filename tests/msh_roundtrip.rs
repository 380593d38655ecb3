//! Property round trips of the MSH components and of edits through the NRes archive, and
//! corrupted meshes that must never panic.

use parkan_studio::fixtures::msh as fx;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::msh::anim::{AnimKeys, AnimMap};
use parkan_studio::formats::msh::batches::Batches;
use parkan_studio::formats::msh::component::Component;
use parkan_studio::formats::msh::geometry::{extract_model, model_pose};
use parkan_studio::formats::msh::indices::Indices;
use parkan_studio::formats::msh::landscape::{LandAlpha, LandFaceOrder, LandTriangles};
use parkan_studio::formats::msh::nodes::{GridCell, Node38, NodeTable};
use parkan_studio::formats::msh::slots::SlotTable;
use parkan_studio::formats::msh::strings::{NodeNames, NodeString, NodeStrings};
use parkan_studio::formats::msh::terrain::extract_landscape;
use parkan_studio::formats::msh::triangles::TriDescs;
use parkan_studio::formats::msh::vertex::{LightmapUv, Normals, Positions, Uv0};
use parkan_studio::formats::msh::{Msh, Reencode, reencode};
use parkan_studio::formats::readings::Readings;
use proptest::prelude::*;

/// `encode(decode(b)) == b` for a payload of whole records.
fn exact<C: Component>(b: &[u8], attrs: [u32; 3]) -> Result<(), TestCaseError> {
    let v = C::decode(b, attrs).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(v.encode(), b);
    Ok(())
}

fn records(size: usize, max: usize) -> impl Strategy<Value = Vec<u8>> {
    (0..max).prop_flat_map(move |n| proptest::collection::vec(any::<u8>(), n * size))
}

proptest! {
    #[test]
    fn fixed_record_components_reencode_exactly(
        b38 in records(38, 20), b12 in records(12, 40), b4 in records(4, 40), b2 in records(2, 40),
        b16 in records(16, 30), b24 in records(24, 30), b32 in records(32, 10), b20 in records(20, 30),
        b28 in records(28, 30), slots in records(68, 10), head in proptest::collection::vec(any::<u8>(), 140),
    ) {
        exact::<NodeTable>(&b38, [0, 0, 38])?;
        exact::<Positions>(&b12, [0; 3])?;
        exact::<Normals>(&b4, [0; 3])?;
        exact::<Uv0>(&b4, [0; 3])?;
        exact::<LightmapUv>(&b4, [0; 3])?;
        exact::<LandAlpha>(&b4, [0; 3])?;
        exact::<LandFaceOrder>(&b4, [0; 3])?;
        exact::<Indices>(&b2, [0; 3])?;
        exact::<AnimMap>(&b2, [0, 7, 2])?;
        exact::<TriDescs>(&b16, [0; 3])?;
        exact::<AnimKeys>(&b24, [0; 3])?;
        exact::<NodeNames>(&b32, [0; 3])?;
        exact::<Batches>(&b20, [0; 3])?;
        exact::<LandTriangles>(&b28, [0; 3])?;
        exact::<SlotTable>(&[head, slots].concat(), [0; 3])?;
    }

    #[test]
    fn node_strings_round_trip(items in proptest::collection::vec((proptest::collection::vec(1u8..=255, 0..12), any::<u8>()), 0..12), nul in any::<bool>()) {
        // One file uses one convention for its empty strings (NUL-terminated or bare).
        let strings: Vec<NodeString> = items
            .iter()
            .map(|(t, term)| NodeString { text: t.clone(), terminator: if t.is_empty() { nul.then_some(0) } else { Some(*term) } })
            .collect();
        let value = NodeStrings(strings);
        let bytes = value.encode();
        let back = NodeStrings::decode(&bytes, [value.0.len() as u32, 0, 0]).unwrap();
        prop_assert_eq!(back.encode(), bytes);
        prop_assert_eq!(back.0.len(), value.0.len());
    }

    #[test]
    fn node_values_round_trip(raw in proptest::collection::vec((any::<u16>(), any::<u16>(), any::<u16>(), any::<u16>(), any::<[u16; 15]>()), 0..20)) {
        let nodes: Vec<Node38> = raw.iter().map(|&(flags, parent, s, f, slots)| Node38 { flags, parent, anim_map_start: s, fallback_key: f, slots }).collect();
        let t = NodeTable::Node38(nodes);
        prop_assert_eq!(NodeTable::decode(&t.encode(), [0, 0, 38]).unwrap(), t);
    }

    #[test]
    fn edited_positions_survive_the_archive(dz in -100.0f32..100.0, k in 0usize..24) {
        let b = fx::cube();
        let (mut a, mut m, _) = Msh::parse(SharedBytes::from(b.as_slice())).unwrap();
        let mut p = m.get::<Positions>().unwrap().unwrap();
        p.0[k][2] += dz;
        m.set(&p);
        m.apply(&mut a).unwrap();
        let out = a.write();
        let (_, m2, _) = Msh::parse(SharedBytes::from(out)).unwrap();
        prop_assert_eq!(m2.get::<Positions>().unwrap().unwrap(), p);
        for (x, y) in m.components.iter().zip(&m2.components) {
            if x.type_id != 3 {
                prop_assert_eq!(&x.bytes, &y.bytes);
            }
            prop_assert_eq!(x.attrs, y.attrs);
        }
    }

    /// Corrupting component payloads (random bytes over random ranges) never panics anywhere:
    /// decoding, checking, extracting every cell, sampling poses, landscapes.
    #[test]
    fn corrupted_meshes_never_panic(which in 0usize..3, flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..40), cut in any::<usize>()) {
        let b = [fx::walker(), fx::boxhouse(), fx::landscape(8)][which].clone();
        let (_, mut m, _) = Msh::parse(SharedBytes::from(b)).unwrap();
        for (at, v) in flips {
            let i = at % m.components.len();
            let mut bytes = m.components[i].bytes.to_vec();
            if !bytes.is_empty() {
                let n = bytes.len();
                bytes[(at / 7) % n] = v;
            }
            m.components[i].bytes = bytes.into();
            m.components[i].attrs[(at / 3) % 3] ^= v as u32;
        }
        let i = cut % m.components.len();
        let n = m.components[i].bytes.len();
        m.components[i].bytes = m.components[i].bytes.slice(0..(cut / 5) % (n + 1));
        let _ = m.check();
        let (p, _) = m.parts();
        let r = Readings::default();
        for c in GridCell::all() {
            if let Ok((mesh, _)) = extract_model(&p, &r, c) {
                let _ = mesh.posed(Some(&model_pose(&p, &r, 3.3, true)));
            }
        }
        let _ = extract_landscape(&p, &r, 0);
        let _ = extract_landscape(&p, &r, 1);
        for c in &m.components {
            prop_assert_ne!(reencode(c), Reencode::Different);
        }
    }
}

#[test]
fn whole_file_truncation_is_an_error_with_an_offset() {
    let b = fx::cube();
    for cut in 0..b.len() {
        match Msh::parse(SharedBytes::from(&b[..cut])) {
            Ok(_) => panic!("a truncated archive parsed at {cut}"),
            Err(e) => assert!(e.offset <= b.len() as u64, "cut {cut}: {e}"),
        }
    }
}

#[test]
fn fixtures_replay_through_the_fuzz_exercise() {
    for (_, b) in fx::all() {
        fx::exercise(&b);
        // Each component alone, in the target's component mode.
        let (_, m, _) = Msh::parse(SharedBytes::from(b.as_slice())).unwrap();
        for c in &m.components {
            let mut input = vec![c.type_id as u8];
            for a in c.attrs {
                input.extend_from_slice(&a.to_le_bytes());
            }
            input.extend_from_slice(&c.bytes);
            fx::exercise(&input);
        }
    }
    fx::exercise(&[]);
    fx::exercise(&[3; 12]);
}
