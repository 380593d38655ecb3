use super::visual::*;
use super::*;
use crate::formats::xray_geom::{SwiEntry, SwiItem};

fn header(ty: u8, shader: u16) -> OgfHeader {
    OgfHeader { format_version: 4, ty, shader, bbox_min: [0.0; 3], bbox_max: [1.0; 3], sphere_centre: [0.5; 3], sphere_radius: 1.0 }
}

fn small() -> Vec<u8> {
    let g = GContainer { vb: 0, vbase: 4, vcount: 4, ib: 0, ibase: 6, icount: 6 };
    let swi = SwiItem { reserved: [0; 4], entries: vec![SwiEntry { offset: 0, num_tris: 2, num_verts: 4 }] };
    let visuals = vec![
        VisualWriter::new().gcontainer(&g).chunk(OGF_HEADER, header(MT_NORMAL, 1).encode()).finish(),
        VisualWriter::new().gcontainer(&g).swidata(&swi).fastpath(&g, Some(&swi)).chunk(OGF_HEADER, header(MT_PROGRESSIVE, 1).encode()).finish(),
        VisualWriter::new().chunk(OGF_CHILDREN_L, Children { ids: vec![0, 1], narrow: true }.encode()).chunk(77, b"odd".to_vec()).chunk(OGF_HEADER, header(MT_HIERRARHY, 0).encode()).finish(),
    ];
    LevelWriter {
        header: Header { version: 13, quality: 1 },
        shaders: vec![String::new(), "default/crete\\roof,lmap#1_1,lmap#1_2".into()],
        visuals,
        portals: Vec::new(),
        lights: vec![[7; 108]],
        glows: Vec::new(),
        sectors: vec![Sector { index: 0, portals: vec![], root: Some(2) }],
        extra: vec![(42, b"unknown".to_vec()), (COMPRESSED | CHUNK_PORTALS, vec![1, 2, 3])],
    }
    .write()
}

#[test]
fn parses_every_layer_and_writes_back_byte_identical() {
    let b = small();
    assert!(Level::sniff(&b));
    let (l, d) = Level::parse(SharedBytes::from(b.clone())).unwrap();
    assert_eq!(l.write(), b);
    assert_eq!((l.header.version, l.header.quality, l.light_count), (13, 1, 1));
    assert_eq!(l.shaders[1].engine, "default");
    assert_eq!(l.shaders[1].textures.len(), 3);
    assert_eq!(l.visuals.len(), 3);
    assert_eq!(l.visuals[1].swidata.as_ref().unwrap().entries[0].num_tris, 2);
    assert_eq!(l.visuals[1].fastpath.as_ref().unwrap().gcontainer.unwrap().vbase, 4);
    let ch = l.visuals[2].children.as_ref().unwrap();
    assert_eq!((ch.ids.clone(), ch.narrow), (vec![0, 1], true));
    assert!(l.visuals[2].chunks.iter().any(|c| c.id == 77), "unknown visual chunks are kept");
    assert_eq!(l.sectors[0].root, Some(2));
    assert!(d.iter().any(|d| d.message.contains("chunk 4 (PORTALS) is compressed")), "{d:?}");
    assert!(d.iter().any(|d| d.message.contains("chunk 42 (unknown")), "{d:?}");
    assert!(!d.iter().any(|d| d.severity == crate::formats::Severity::Error), "{d:?}");
}

#[test]
fn refuses_other_versions_and_truncations_name_where() {
    let mut b = small();
    b[8] = 12;
    assert!(!Level::sniff(&b));
    assert!(Level::parse(SharedBytes::from(b)).unwrap_err().message.contains("version 12"));
    let b = small();
    for cut in 0..b.len() {
        match Level::parse(SharedBytes::from(&b[..cut])) {
            Ok((l, _)) => assert_eq!(l.write(), &b[..cut]),
            Err(e) => assert!(e.offset <= cut as u64, "cut {cut}: {e}"),
        }
    }
    // A level.geom (header, no SHADERS/VISUALS) is not a level.
    assert!(!Level::sniff(&crate::fixtures::xray::level_v14()));
}

#[test]
fn broken_visual_chunks_are_diagnostics_with_visual_and_offset() {
    let visuals = vec![VisualWriter::new().chunk(OGF_GCONTAINER, vec![0; 20]).chunk(OGF_HEADER, header(MT_NORMAL, 5).encode()).finish()];
    let b = LevelWriter { sectors: vec![Sector { index: 0, portals: vec![], root: Some(9) }], ..LevelWriter::new(Header { version: 14, quality: 0 }, vec![String::new()], visuals) }.write();
    let (l, d) = Level::parse(SharedBytes::from(b.clone())).unwrap();
    assert_eq!(l.write(), b);
    let gc = d.iter().find(|d| d.message.contains("OGF_GCONTAINER")).unwrap();
    assert!(gc.message.starts_with("visual 0"));
    let at = gc.offset.unwrap() as usize;
    assert_eq!(&b[at..at + 4], &OGF_GCONTAINER.to_le_bytes(), "the offset is the chunk's header");
    assert!(d.iter().any(|d| d.message.contains("shader 5 is past")));
    assert!(d.iter().any(|d| d.message.contains("root visual 9 is past")));
}

#[test]
fn a_compressed_visual_is_kept_and_reported_not_read() {
    let visuals = vec![VisualWriter::new().chunk(OGF_HEADER, header(MT_NORMAL, 0).encode()).finish(), VisualWriter::new().chunk(OGF_HEADER, header(MT_NORMAL, 0).encode()).finish()];
    let mut b = LevelWriter::new(Header { version: 14, quality: 0 }, vec![String::new()], visuals).write();
    let (l, _) = Level::parse(SharedBytes::from(b.clone())).unwrap();
    // Set bit 31 on visual 1's sub-chunk id.
    let at = l.visuals[1].offset as usize - 8;
    b[at + 3] |= 0x80;
    let (l, d) = Level::parse(SharedBytes::from(b.clone())).unwrap();
    assert_eq!(l.write(), b);
    assert_eq!(l.visuals.len(), 2);
    assert!(l.visuals[1].header.is_none() && l.visuals[1].chunks.is_empty());
    assert!(d.iter().any(|d| d.message == "visual 1 is compressed (bit 31): kept as stored, not decoded" && d.offset == Some(at as u64)), "{d:?}");
}

mod fixture_set {
    use super::super::draw::{planned_triangles, resolve};
    use super::*;
    use crate::fixtures::xray_level::{BAD_VISUAL, EXPECTED_TRIANGLES, PROGRESSIVE, TREES, level_set, tree_matrices};
    use crate::formats::readings::Readings;
    use crate::formats::xray_geom::{LevelGeom, decode_attributes};
    use glam::Vec3;

    fn open() -> (Level, LevelGeom, LevelGeom, Vec<u8>) {
        let set = level_set();
        let (l, d) = Level::parse(SharedBytes::from(set.level.clone())).unwrap();
        assert!(!d.iter().any(|d| d.severity == crate::formats::Severity::Error), "{d:?}");
        let (g, _) = LevelGeom::parse(SharedBytes::from(set.geom)).unwrap();
        let (x, _) = LevelGeom::parse(SharedBytes::from(set.geomx)).unwrap();
        (l, g, x, set.level)
    }

    #[test]
    fn every_type_round_trips_byte_identical() {
        let (l, _, _, bytes) = open();
        assert_eq!(l.write(), bytes);
        let types: Vec<u8> = l.visuals.iter().filter_map(|v| v.ty()).collect();
        for t in [MT_NORMAL, MT_HIERRARHY, MT_PROGRESSIVE, MT_LOD, MT_TREE_ST, MT_TREE_PM] {
            assert!(types.contains(&t), "type {t}");
        }
        assert!(l.visuals[8].children.as_ref().unwrap().narrow);
        assert!(!l.visuals[9].children.as_ref().unwrap().narrow);
        assert_eq!(l.visuals[6].loddef.as_ref().unwrap().facets.len(), 8);
        assert_eq!((l.portals.len(), l.light_count, l.glows.len(), l.sectors.len()), (1, 1, 2, 2));
        assert_eq!(l.visuals[5].swicontainer, Some(0));
        assert_eq!(planned_triangles(&l.visuals[PROGRESSIVE]), Some(18));
    }

    #[test]
    fn triangles_per_visual_match_the_fixture_and_the_bad_one_is_skipped() {
        let (l, g, x, bytes) = open();
        let r = resolve(&l, Some(&g), Some(&x));
        for (v, n) in EXPECTED_TRIANGLES {
            assert_eq!(r.draw_of(v).map_or(0, |d| d.triangle_count()), n, "visual {v}");
        }
        assert_eq!(r.skipped, [BAD_VISUAL]);
        assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
        let d = &r.diagnostics[0];
        assert!(d.message.starts_with("visual 7 (normal): vertices 30..50 run past vertex buffer 0's 41"), "{}", d.message);
        let at = d.offset.unwrap() as usize;
        assert_eq!(&bytes[at..at + 4], &OGF_GCONTAINER.to_le_bytes(), "the offset is visual 7's GCONTAINER");
        assert_eq!(r.triangle_count(), EXPECTED_TRIANGLES.iter().map(|e| e.1).sum::<usize>());
        // Window 0 of both progressive visuals, not their whole index ranges.
        assert_eq!(r.draw_of(5).unwrap().window.unwrap().num_tris, 12);
        // FASTPATH: the terrain and the progressive grid from level.geomx.
        assert_eq!(r.fastpath.iter().map(|d| (d.visual, d.triangle_count())).collect::<Vec<_>>(), [(0, 32), (2, 18)]);
        // Without level.geom nothing draws, and that is said.
        let none = resolve(&l, None, None);
        assert!(none.draws.is_empty() && none.diagnostics[0].message.contains("no level.geom"));
    }

    #[test]
    fn winding_agrees_with_the_stored_normals_and_trees_land_in_their_boxes() {
        let (l, g, x, _) = open();
        let r = resolve(&l, Some(&g), Some(&x));
        let attrs: Vec<_> = g.vertex_buffers().iter().map(|vb| decode_attributes(vb, &Readings::default())).collect();
        let mut checked = 0;
        for d in &r.draws {
            let a = &attrs[d.range.vb as usize];
            let normals = a.normals.as_ref().unwrap();
            let t = l.visuals[d.visual].treedef;
            let place = |i: u32| {
                let k = (d.range.vbase + i) as usize;
                let (p, n) = (a.positions[k], normals[k]);
                match t {
                    Some(t) => (Vec3::from(t.apply_point(p)), Vec3::from(t.apply_vector(n))),
                    None => (Vec3::from(p), Vec3::from(n)),
                }
            };
            for tri in d.indices.chunks_exact(3) {
                let [(p0, n0), (p1, _), (p2, _)] = [place(tri[0]), place(tri[1]), place(tri[2])];
                assert!((p1 - p0).cross(p2 - p0).dot(n0) > 0.0, "visual {} triangle {tri:?}", d.visual);
                checked += 1;
            }
            if let Some(t) = t {
                let h = l.visuals[d.visual].header.unwrap();
                for i in d.indices.iter() {
                    let p = Vec3::from(t.apply_point(a.positions[(d.range.vbase + i) as usize]));
                    assert!(p.cmpge(Vec3::from(h.bbox_min) - 1e-4).all() && p.cmple(Vec3::from(h.bbox_max) + 1e-4).all(), "visual {}: {p} outside its box", d.visual);
                }
            }
        }
        assert_eq!(checked, r.triangle_count());
        assert_eq!(TREES.map(|t| l.visuals[t].treedef.unwrap().xform), tree_matrices());
        // The column-vector reading puts the first tree elsewhere: the translation is in 12..14.
        let h = l.visuals[TREES[0]].header.unwrap();
        assert!(h.bbox_min[0] > 15.0 && h.bbox_max[0] < 25.0, "{h:?}");
    }

    #[test]
    fn every_range_check_names_what_failed() {
        use super::super::draw::checked_indices;
        let (_, g, _, _) = open();
        let ok = GContainer { vb: 1, vbase: 0, vcount: 24, ib: 1, ibase: 0, icount: 36 };
        assert_eq!(checked_indices(&ok, None, &g, "level.geom").unwrap().len(), 36);
        let cases = [
            (GContainer { vb: 9, ..ok }, "vertex buffer 9 does not exist"),
            (GContainer { vbase: u32::MAX, ..ok }, "overflows u32"),
            (GContainer { ib: 5, ..ok }, "index buffer 5 does not exist"),
            (GContainer { ibase: u32::MAX - 1, ..ok }, "overflows u32"),
            (GContainer { ibase: 3, ..ok }, "run past index buffer 1"),
            (GContainer { icount: 35, ..ok }, "not a whole number"),
            (GContainer { vcount: 20, ..ok }, "is not below vcount 20"),
        ];
        for (g2, want) in cases {
            let e = checked_indices(&g2, None, &g, "level.geom").unwrap_err();
            assert!(e.english.contains(want), "{g2:?}: {e}");
        }
        let w = crate::formats::xray_geom::SwiEntry { offset: 30, num_tris: 3, num_verts: 4 };
        assert!(checked_indices(&ok, Some(w), &g, "level.geom").unwrap_err().english.contains("window 0"));
    }

    #[test]
    fn draw_failures_carry_ids_the_editor_reads_in_russian() {
        use super::super::draw::checked_indices;
        let russian = |m: &crate::formats::Message| crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &m.english, m.key.as_deref());
        let (l, g, x, _) = open();
        let ok = GContainer { vb: 9, vbase: 0, vcount: 24, ib: 1, ibase: 0, icount: 36 };
        let e = checked_indices(&ok, None, &g, "level.geom").unwrap_err();
        let n = g.vertex_buffers().len();
        assert_eq!(e.english, format!("vertex buffer 9 does not exist (level.geom has {n}); not drawn"));
        assert_eq!(russian(&e), format!("вершинного буфера 9 нет (в level.geom их {n}); не рисуется"));
        // The skipped visual's finding: its name in front, kept apart from the translated text.
        let r = resolve(&l, Some(&g), Some(&x));
        let d = r.diagnostics.iter().find(|d| d.message.starts_with(&format!("visual {BAD_VISUAL} "))).expect("the bad visual is reported");
        let k = d.key.as_deref().expect("keyed");
        assert!(k.prefix.starts_with(&format!("visual {BAD_VISUAL} (")), "{k:?}");
        let ru = russian(&d.text());
        assert!(ru.starts_with(&k.prefix) && ru.ends_with("; не рисуется"), "{ru}");
        let e = Level::parse(SharedBytes::from(crate::fixtures::xray::level_version(15))).unwrap_err();
        assert_eq!(russian(&e.text()), "версия уровня 15 не поддерживается; поддерживаются версии xrLC 13 и 14");
    }
}
