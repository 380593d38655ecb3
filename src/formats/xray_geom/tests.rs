//! File-level tests: chunk framing, versions, raw chunks, edits, viewer geometry.

use super::geometry::extract;
use super::*;
use crate::fixtures::xray;
use crate::formats::readings::Readings;

fn parse(b: &[u8]) -> Result<(LevelGeom, Vec<Diagnostic>)> {
    LevelGeom::parse(SharedBytes::from(b))
}

#[test]
fn header_chunk_as_the_seed_shows_it() {
    // Chunk 1: id word 1, compression word 0, size 4, then "u32 = 13" = version 13, quality 0.
    let b = [1, 0, 0, 0, 4, 0, 0, 0, 13, 0, 0, 0];
    let (g, d) = parse(&b).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(g.header(), Header { version: 13, quality: 0 });
    assert_eq!(g.header().quality_name(), "draft");
    assert_eq!(g.write(), b);
}

#[test]
fn unsupported_versions_are_refused_by_number() {
    for v in [12u16, 15, 0, 0xFFFF] {
        let e = parse(&xray::level_version(v)).unwrap_err();
        assert!(e.message.contains(&format!("version {v} ")), "{e}");
        assert_eq!(e.offset, 8);
    }
    assert!(parse(&xray::level_version(12)).unwrap_err().message.contains("swaps"));
    let e = parse(&[9, 0, 0, 0, 0, 0, 0, 0]).unwrap_err();
    assert!(e.message.contains("no header chunk"), "{e}");
    // A header chunk too short for the quality word.
    let e = parse(&[1, 0, 0, 0, 2, 0, 0, 0, 13, 0]).unwrap_err();
    assert_eq!(e.offset, 10);
}

#[test]
fn fixtures_round_trip_byte_for_byte() {
    for (name, bytes) in xray::all() {
        let (g, _) = parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(g.write(), bytes, "{name}");
        // Re-encoding every typed chunk gives the same bytes too.
        let mut h = g.clone();
        h.set_vertex_buffers(g.vertex_buffers().to_vec());
        h.set_index_buffers(g.index_buffers().to_vec());
        if !g.swis().is_empty() {
            h.set_swis(g.swis().to_vec());
        }
        assert_eq!(h.write(), bytes, "{name} re-encoded");
    }
}

#[test]
fn version_13_level_contents() {
    let (g, d) = parse(&xray::level_v13()).unwrap();
    assert_eq!(g.version(), 13);
    let strides: Vec<usize> = g.vertex_buffers().iter().map(VertexBuffer::stride).collect();
    assert_eq!(strides, [32, 36, 36]);
    assert_eq!(g.index_buffers().len(), 3);
    assert_eq!(g.swis().iter().map(|s| s.entries.len()).collect::<Vec<_>>(), [2, 1]);
    // The unknown chunk is reported and kept.
    assert!(d.iter().any(|x| x.message.contains("unknown chunk 5")), "{d:?}");
    assert!(g.chunks.iter().any(|c| c.kind() == 5 && &c.raw[..10] == b"an unknown"));
    let meshes = extract(&g, &Readings::default());
    assert_eq!(meshes.iter().map(|m| m.triangle_count()).collect::<Vec<_>>(), [4, 18, 0]);
    assert!(meshes[2].note.english.contains("does not fit"), "{}", meshes[2].note);
    assert!(meshes[1].note.english.contains("base vertex 0"));
    // Brush normals point up.
    assert!(meshes[1].normals.iter().all(|n| n[1] > 0.99));
}

#[test]
fn version_14_brush_texcoords() {
    let (g, _) = parse(&xray::level_v14()).unwrap();
    assert_eq!(g.header(), Header { version: 14, quality: 2 });
    let a = decode_attributes(&g.vertex_buffers()[0], &Readings::default());
    assert_eq!(a.uv0_source, Some(attributes::Uv0Source::BrushShort2));
    // Grid texcoords are multiples of 0.5, stored as whole 1/1024 steps.
    let uv = a.uv0.unwrap();
    assert_eq!(uv[1], [0.5, 0.0]);
    assert_eq!(uv[6], [0.5, 0.5]);
    let lm = a.uv_lightmap.unwrap();
    assert!((lm[1][0] - 0.2).abs() < 1e-4);
}

#[test]
fn compressed_chunk_is_kept_and_reported() {
    let bytes = xray::level_compressed();
    let (g, d) = parse(&bytes).unwrap();
    assert_eq!(g.compressed_chunks().count(), 1);
    assert_eq!(g.compressed_chunks().next().unwrap().kind(), 11);
    assert!(g.swis().is_empty());
    assert!(d.iter().any(|x| x.message.contains("compressed")), "{d:?}");
    assert_eq!(g.write(), bytes);
}

#[test]
fn editing_one_chunk_keeps_the_others() {
    let bytes = xray::level_v13();
    let (mut g, _) = parse(&bytes).unwrap();
    g.set_index_buffers(vec![IndexBuffer::from_indices(&[0, 1, 2])]);
    let out = g.write();
    let (h, _) = parse(&out).unwrap();
    assert_eq!(h.index_buffers().len(), 1);
    assert_eq!(h.vertex_buffers(), g.vertex_buffers());
    for kind in [CHUNK_HEADER, CHUNK_VERTICES, CHUNK_SWIS, 5] {
        let a = g.chunks.iter().find(|c| c.kind() == kind).unwrap();
        let b = h.chunks.iter().find(|c| c.kind() == kind).unwrap();
        assert_eq!(a.raw, b.raw, "chunk {kind}");
    }
    assert!(g.set_header(Header { version: 12, quality: 0 }).is_err());
    g.set_header(Header { version: 14, quality: 1 }).unwrap();
    assert_eq!(parse(&g.write()).unwrap().0.version(), 14);
}

#[test]
fn truncation_at_every_offset_fails_with_an_offset() {
    let bytes = xray::level_v13();
    for cut in 0..bytes.len() {
        match parse(&bytes[..cut]) {
            Ok((g, _)) => assert_eq!(g.write(), &bytes[..cut], "cut {cut} parsed: must be a chunk boundary"),
            Err(e) => assert!(e.offset <= cut as u64, "cut {cut}: {e}"),
        }
    }
    // A chunk declaring more than remains.
    let mut b = xray::level_version(13);
    b.extend_from_slice(&[9, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F]);
    let e = parse(&b).unwrap_err();
    assert_eq!(e.offset, 12);
    assert!(e.message.contains("chunk 9 declares"), "{e}");
}

#[test]
fn refusals_carry_ids_the_editor_reads_in_russian() {
    let russian = |e: &Error| crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &e.message, e.key.as_deref());
    let e = parse(&xray::level_version(12)).unwrap_err();
    assert_eq!(e.key.as_ref().map(|k| k.id), Some("xray-geom-version-12"));
    assert_eq!(russian(&e), "версия level.geom 12 не поддерживается; поддерживаются версии 13 и 14 (в версии 12 чанки вершин и индексов переставлены)");
    let e = parse(&xray::level_version(15)).unwrap_err();
    assert_eq!(russian(&e), "версия level.geom 15 не поддерживается; поддерживаются версии 13 и 14");
    // A chunk that declares more than is left: the reader's own words ride along as they are.
    let e = parse(&[1, 0, 0, 0, 9, 0, 0, 0, 13, 0]).unwrap_err();
    let why = e.message.split_once(": ").map(|(_, w)| w.to_string()).unwrap_or_default();
    assert_eq!(russian(&e), format!("чанк 1 объявляет 9 байт: {why}"));
}
