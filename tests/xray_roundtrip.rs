//! Property round trips of level.geom chunks, and corrupted files that must never panic.

use parkan_studio::fixtures::xray as fx;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::readings::Readings;
use parkan_studio::formats::xray_geom::decl::{TYPE_FLOAT3, USAGE_POSITION, type_size};
use parkan_studio::formats::xray_geom::geometry::extract;
use parkan_studio::formats::xray_geom::{
    Declaration, IndexBuffer, LevelGeom, SwiEntry, SwiItem, VertexBuffer, VertexElement, decode_attributes,
};
use proptest::prelude::*;

fn element() -> impl Strategy<Value = VertexElement> {
    (0u16..64, 0u8..17, any::<u8>(), 0u8..14, 0u8..4).prop_map(|(offset, ty, method, usage, idx)| VertexElement { stream: 0, offset, ty, method, usage, usage_index: idx })
}

fn buffer() -> impl Strategy<Value = VertexBuffer> {
    (proptest::collection::vec(element(), 0..6), 0usize..20).prop_flat_map(|(mut elements, n)| {
        elements.insert(0, VertexElement::new(0, TYPE_FLOAT3, USAGE_POSITION, 0));
        let decl = Declaration::new(elements);
        let stride = decl.stride();
        proptest::collection::vec(any::<u8>(), n * stride)
            .prop_map(move |data| VertexBuffer { decl: decl.clone(), vertex_count: n as u32, data: data.into() })
    })
}

fn swi() -> impl Strategy<Value = SwiItem> {
    (any::<[u32; 4]>(), proptest::collection::vec((any::<u32>(), any::<u16>(), any::<u16>()), 0..5)).prop_map(|(reserved, e)| SwiItem {
        reserved,
        entries: e.into_iter().map(|(offset, num_tris, num_verts)| SwiEntry { offset, num_tris, num_verts }).collect(),
    })
}

proptest! {
    #[test]
    fn chunks_round_trip(
        version in prop_oneof![Just(13u16), Just(14u16)], quality in 0u16..3,
        vbs in proptest::collection::vec(buffer(), 0..4),
        ibs in proptest::collection::vec(proptest::collection::vec(any::<u16>(), 0..30), 0..4),
        swis in proptest::collection::vec(swi(), 0..3),
        raw in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let mut g = LevelGeom::new(version, quality);
        g.set_vertex_buffers(vbs.clone());
        g.set_index_buffers(ibs.iter().map(|i| IndexBuffer::from_indices(i)).collect());
        g.set_swis(swis.clone());
        g.push_raw(0x8000_0000 | 9, raw.clone());
        g.push_raw(77, raw);
        let bytes = g.write();
        let (h, _) = LevelGeom::parse(SharedBytes::from(bytes.as_slice())).unwrap();
        prop_assert_eq!(h.header().version, version);
        prop_assert_eq!(h.vertex_buffers(), &vbs[..]);
        prop_assert_eq!(h.index_buffers().iter().map(|b| b.iter().collect::<Vec<_>>()).collect::<Vec<_>>(), ibs);
        prop_assert_eq!(h.swis(), &swis[..]);
        prop_assert_eq!(h.write(), bytes);
        for vb in h.vertex_buffers() {
            let a = decode_attributes(vb, &Readings::default());
            prop_assert_eq!(a.positions.len(), vb.vertex_count as usize);
        }
        let _ = extract(&h, &Readings::default());
    }

    #[test]
    fn corrupted_files_never_panic(which in 0usize..3, flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..20), cut in any::<usize>()) {
        let mut b = fx::all()[which].1.clone();
        for (at, v) in flips {
            let n = b.len();
            b[at % n] = v;
        }
        let n = b.len();
        b.truncate(cut % (n + 1));
        if let Ok((g, _)) = LevelGeom::parse(SharedBytes::from(b.as_slice())) {
            let out = g.write();
            prop_assert_eq!(&out, &b);
            for vb in g.vertex_buffers() {
                let _ = decode_attributes(vb, &Readings::default());
            }
            let _ = extract(&g, &Readings::default());
        }
    }
}

#[test]
fn stride_is_the_largest_element_end() {
    let d = Declaration::new(vec![VertexElement::new(0, TYPE_FLOAT3, USAGE_POSITION, 0), VertexElement::new(40, 7, 5, 0), VertexElement::new(12, 2, 3, 0)]);
    assert_eq!(d.stride(), 48);
    assert_eq!(type_size(7), Some(8));
}

#[test]
fn the_three_seed_declarations_and_version_14() {
    assert_eq!(fx::vegetation_decl().stride(), 32);
    assert_eq!(fx::brush13_decl().stride(), 36);
    assert_eq!(fx::entity_decl().stride(), 36);
    assert_eq!(fx::brush14_decl().stride(), 32);
    let (g, _) = LevelGeom::parse(SharedBytes::from(fx::large_level(100_000))).unwrap();
    let total: u32 = g.vertex_buffers().iter().map(|v| v.vertex_count).sum();
    assert!(total >= 100_000);
    let meshes = extract(&g, &Readings::default());
    assert!(meshes.iter().all(|m| m.indices.is_some()));
}

#[test]
fn fixtures_replay_through_the_fuzz_exercise() {
    for (_, b) in fx::all() {
        fx::exercise(&b);
    }
    fx::exercise(&fx::level_version(12));
    fx::exercise(&[]);
}
