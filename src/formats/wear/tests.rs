use super::*;
use crate::fixtures::wear::{self as fx, Style};
use crate::formats::readings::WearLookup;
use crate::formats::message::Message;
use crate::formats::wear::assist::Fix;
use proptest::prelude::*;

/// A message's Russian text, as the editor shows it in Russian.
fn russian(m: &Message) -> String {
    crate::app::i18n::messages::text_in(crate::app::i18n::Language::Russian, &m.english, m.key.as_deref())
}

fn errors(w: &Wear) -> Vec<&Diagnostic> {
    w.diagnostics().iter().filter(|d| d.severity == Severity::Error).collect()
}
fn warnings(w: &Wear) -> Vec<&Diagnostic> {
    w.diagnostics().iter().filter(|d| d.severity == Severity::Warning).collect()
}
/// The rows' ids and names (a decoded non-ASCII name leaked: tests only, a few bytes).
fn names<'w>(w: &'w Wear, rows: &[WearRow]) -> Vec<(i32, &'w str)> {
    let name = |r: &WearRow| match w.name(r) {
        std::borrow::Cow::Borrowed(s) => s,
        std::borrow::Cow::Owned(s) => &*Box::leak(s.into_boxed_str()),
    };
    rows.iter().map(|r| (r.legacy_id, name(r))).collect()
}

#[test]
fn hand_built_text_reads_row_by_row() {
    let t: &[u8] = b"2\r\n\
        0 ROCK\r\n\
        1 GRASS\r\n\
        \r\n\
        LIGHTMAPS\r\n\
        1\r\n\
        0 LM_BASE.0\r\n";
    // line 1: count; 2-3: rows; 4: blank; 5: LIGHTMAPS; 6: its count; 7: its row.
    let w = Wear::parse(t);
    assert_eq!(names(&w, w.materials()), [(0, "ROCK"), (1, "GRASS")]);
    assert_eq!(w.materials()[1].line, 3);
    assert_eq!(w.materials()[1].column, 1);
    let lm = w.lightmaps().unwrap();
    assert_eq!(names(&w, lm), [(0, "LM_BASE.0")]);
    assert_eq!(lm[0].line, 7);
    assert_eq!(w.declared_count(Section::Materials), Some(2));
    assert_eq!(w.declared_count(Section::Lightmaps), Some(1));
    assert!(w.diagnostics().is_empty(), "{:?}", w.diagnostics());
    assert_eq!(w.bytes(), t);
    assert_eq!(w.line_ending(), LineEnding::Crlf);
}

#[test]
fn every_fixture_keeps_its_bytes_and_has_the_expected_severity() {
    for (name, bytes) in fx::all() {
        let w = Wear::parse(bytes.clone());
        assert_eq!(w.write(), bytes, "{name}");
        let (e, wa) = (errors(&w).len(), warnings(&w).len());
        if name.starts_with("bad_") {
            assert!(e > 0, "{name}: expected an error, got {:?}", w.diagnostics());
        } else if name.starts_with("warn_") {
            assert!(e == 0 && wa > 0, "{name}: expected only warnings, got {:?}", w.diagnostics());
        } else {
            assert!(w.diagnostics().is_empty(), "{name}: {:?}", w.diagnostics());
        }
        for d in w.diagnostics() {
            assert!(d.line.is_some() && d.column.is_some() && d.offset.is_some(), "{name}: {d:?}");
        }
    }
}

#[test]
fn cp1251_names_round_trip() {
    let w = Wear::parse(fx::all().into_iter().find(|(n, _)| *n == "cp1251.wea").unwrap().1);
    assert_eq!(names(&w, w.materials()), [(0, "КАМЕНЬ"), (1, "ТРАВА")]);
    assert_eq!(w.name_bytes(&w.materials()[0]), [0xCA, 0xC0, 0xCC, 0xC5, 0xCD, 0xDC]);
}

#[test]
fn trailing_nul_and_missing_newline() {
    let t = fx::table(fx::DEMO_MATERIALS, Some(fx::DEMO_LIGHTMAPS), Style { trailing_nul: true, ..Style::default() });
    let w = Wear::parse(t.clone());
    assert!(w.has_nul());
    assert_eq!(w.seen_text(), &t[..t.len() - 1]);
    assert_eq!(w.lightmaps().unwrap().len(), 1);
    // Text after the NUL is never read, and says so.
    let mut t2 = t.clone();
    t2.extend_from_slice(b"9 JUNK\r\n");
    let w = Wear::parse(t2);
    assert_eq!(warnings(&w).len(), 1);
    assert!(warnings(&w)[0].message.contains("NUL"));
}

#[test]
fn seed_001_example_maps_material_bytes_to_rows() {
    // Triangle material 0xFFFF0102: primary 02 -> Land1.wea[2] = "L02", secondary 01 -> "L04".
    let w = Wear::parse(fx::seed_land1());
    let data: u32 = 0xFFFF_0102;
    let primary = (data & 0xFF) as usize;
    let secondary = (data >> 8 & 0xFF) as usize;
    let pick = |i| w.lookup(Section::Materials, i, WearLookup::ByRow).row.map(|r| w.name(&w.materials()[r]).into_owned());
    assert_eq!(pick(primary).as_deref(), Some("L02"));
    assert_eq!(pick(secondary).as_deref(), Some("L04"));
    let w2 = Wear::parse(fx::seed_land2());
    assert_eq!(names(&w2, w2.materials())[0], (0, "DEFAULT"));
    assert_eq!(w2.line_ending(), LineEnding::Lf);
}

#[test]
fn count_mismatches_are_positioned() {
    let get = |n: &str| Wear::parse(fx::all().into_iter().find(|(f, _)| *f == n).unwrap().1);
    let w = get("bad_fewer_rows.wea");
    let e = errors(&w);
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].line, e[0].column), (Some(6), Some(1)));
    assert!(e[0].message.contains("count is 6 but the text ends after 4"), "{}", e[0].message);
    assert_eq!(russian(&e[0].text()), "число материалов — 6, но текст кончается после 4 полных строк");
    assert_eq!(w.materials().len(), 4);

    let w = get("bad_zero_count.wea");
    let e = errors(&w);
    assert_eq!((e[0].line, e[0].column), (Some(1), Some(1)));
    assert!(e[0].message.contains("Illegal wear length."));

    let w = get("bad_empty.wea");
    assert!(errors(&w)[0].message.contains("empty WEAR"));

    let w = get("bad_id.wea");
    let e = errors(&w);
    assert_eq!((e[0].line, e[0].column, e[0].offset), (Some(3), Some(1), Some(11)));

    let w = get("bad_lightmap_count.wea");
    assert!(errors(&w)[0].message.contains("Illegal lightmaps length."));

    let w = Wear::parse(b"1\n0 A\n\nLIGHTMAPS\n1\n0 L.0\n1 M.0\n".to_vec());
    let wa = warnings(&w);
    assert_eq!(wa.len(), 1);
    assert_eq!((wa[0].line, wa[0].column), (Some(7), Some(1)));
    assert!(wa[0].message.contains("1 lightmap rows after the 1"), "{}", wa[0].message);
    assert_eq!(russian(&wa[0].text()), "1 строка лайтмапов сверх объявленного числа 1; движок их не читает");
    let fix = w.quick_fixes().into_iter().find(|f| matches!(f.fix, Fix::SetCount { .. })).expect("a count fix");
    assert_eq!(fix.label.as_str(), "Set the lightmap count to 2 (the rows present)");
    assert_eq!(russian(&fix.label), "Установить число лайтмапов равным 2 (сколько строк есть)");

    let w = get("warn_more_rows.wea");
    let wa = warnings(&w);
    assert_eq!(wa.len(), 1);
    assert_eq!(wa[0].line, Some(4));
    assert!(wa[0].message.contains("2 material rows after the 2"), "{}", wa[0].message);
    assert_eq!(w.materials().len(), 2);
}

#[test]
fn both_engine_parsers_are_modelled() {
    let t = fx::table(fx::DEMO_MATERIALS, Some(fx::DEMO_LIGHTMAPS), Style { blank_before_lightmaps: false, ..Style::default() });
    let w = Wear::parse(t);
    // The file parser reads the lightmaps; the buffer parser reads "0 LM_BASE.0" as the count.
    assert_eq!(w.lightmaps().unwrap().len(), 1);
    let b = w.engine_table(EngineParser::Buffer);
    assert!(b.failure.is_some());
    let wa = warnings(&w);
    assert_eq!(wa.len(), 1);
    assert_eq!((wa[0].line, wa[0].column), (Some(6), Some(1)));
    assert!(wa[0].message.contains("no blank line before LIGHTMAPS") && wa[0].message.contains("line 8, column 1"), "{}", wa[0].message);

    // Two blank lines: the buffer parser lands on "LIGHTMAPS" for the count.
    let w = Wear::parse(b"1\n0 ROCK\n\n\nLIGHTMAPS\n1\n0 LM_BASE.0\n".to_vec());
    let wa = warnings(&w);
    assert_eq!(wa.len(), 1, "{wa:?}");
    assert!(wa[0].message.contains("reads this text differently"), "{}", wa[0].message);
}

#[test]
fn lookup_by_position_or_legacy_id() {
    let w = Wear::parse(fx::table(&[(5, "ROCK"), (3, "GRASS")], None, Style::default()));
    assert!(!w.ids_are_positions(Section::Materials));
    let by_row = w.lookup(Section::Materials, 1, WearLookup::ByRow);
    assert_eq!(by_row.row, Some(1));
    assert_eq!(by_row.diagnostics.len(), 1);
    assert_eq!(by_row.diagnostics[0].severity, Severity::Warning);
    let by_id = w.lookup(Section::Materials, 3, WearLookup::ByLegacyId);
    assert_eq!(by_id.row, Some(1));
    let miss = w.lookup(Section::Materials, 3, WearLookup::ByRow);
    assert_eq!(miss.row, None);
    assert!(miss.diagnostics.iter().any(|d| d.severity == Severity::Error));
    let w = Wear::parse(fx::demo());
    assert!(w.lookup(Section::Materials, 2, WearLookup::ByRow).diagnostics.is_empty());
    assert_eq!(w.lookup(Section::Lightmaps, 0, WearLookup::ByRow).row, None);
}

#[test]
fn unresolved_names_and_table_limit() {
    let w = Wear::parse(fx::demo_lightmapped());
    let d = check_names(&w, &|n| n != "GLOW", &|n| n == "LM_OTHER.0");
    assert_eq!(d.len(), 2);
    assert!(d[0].message.contains("Material GLOW not found."));
    assert_eq!((d[0].line, d[0].column), (Some(4), Some(3)));
    assert!(d[1].message.contains("LightMap LM_BASE.0 not found."));
    assert!(check_names(&w, &|_| true, &|_| true).is_empty());
    assert!(check_table_count(MAX_TABLES).is_none());
    assert_eq!(check_table_count(MAX_TABLES + 1).unwrap().severity, Severity::Error);
}

#[test]
fn strict_parse_reports_line_and_column() {
    let e = Wear::parse_strict(b"2\n0 ROCK\n".to_vec()).unwrap_err();
    assert_eq!(e.offset, 9);
    assert!(e.message.starts_with("line 3, column 1:"), "{e}");
    assert!(russian(&e.text()).ends_with("число материалов — 2, но текст кончается после 1 полной строки"), "{}", russian(&e.text()));
    assert!(Wear::parse_strict(fx::demo()).is_ok());
}

#[test]
fn renaming_touches_one_token() {
    let mut w = Wear::parse(b"2  \r\n0 ROCK \t\r\n1 GRASS   \r\n".to_vec());
    w.set_name(Section::Materials, 0, "STONE").unwrap();
    assert_eq!(w.bytes(), b"2  \r\n0 STONE \t\r\n1 GRASS   \r\n");
    w.set_id(Section::Materials, 1, 42).unwrap();
    assert_eq!(w.bytes(), b"2  \r\n0 STONE \t\r\n42 GRASS   \r\n");
    assert!(w.set_name(Section::Materials, 0, "TWO WORDS").is_err());
    assert!(w.set_name(Section::Materials, 0, "").is_err());
    assert!(w.set_name(Section::Materials, 5, "X").is_err());
    assert!(w.set_name(Section::Lightmaps, 0, "X").is_err());
    w.set_name(Section::Materials, 1, "ТРАВА").unwrap();
    assert_eq!(&w.bytes()[w.materials()[1].name_span.clone()], &[0xD2, 0xD0, 0xC0, 0xC2, 0xC0]);
}

#[test]
fn adding_and_removing_rows_keeps_the_style() {
    let mut w = Wear::parse(fx::table(fx::DEMO_MATERIALS, None, Style { eol: LineEnding::Lf, ..Style::default() }));
    assert_eq!(w.add_row(Section::Materials, 4, "ROCK").unwrap(), 4);
    assert_eq!(w.bytes(), b"5\n0 METAL01\n1 GLASS\n2 GLOW\n3 LAMP\n4 ROCK\n");
    w.remove_row(Section::Materials, 1).unwrap();
    assert_eq!(w.bytes(), b"4\n0 METAL01\n2 GLOW\n3 LAMP\n4 ROCK\n");

    // No final newline: the new row goes after a new break, and the text still ends bare.
    let mut w = Wear::parse(b"1\r\n0 ROCK".to_vec());
    w.add_row(Section::Materials, 1, "GRASS").unwrap();
    assert_eq!(w.bytes(), b"2\r\n0 ROCK\r\n1 GRASS");
    w.remove_row(Section::Materials, 1).unwrap();
    assert_eq!(w.bytes(), b"1\r\n0 ROCK");
    assert!(w.remove_row(Section::Materials, 0).is_err(), "the last row stays");

    // The count keeps its zero padding and sign.
    let mut w = Wear::parse(b"+02\n0 A\n1 B\n".to_vec());
    w.add_row(Section::Materials, 2, "C").unwrap();
    assert_eq!(w.bytes(), b"+03\n0 A\n1 B\n2 C\n");
    w.remove_row(Section::Materials, 2).unwrap();
    assert_eq!(w.bytes(), b"+02\n0 A\n1 B\n");

    // A trailing NUL stays last.
    let mut w = Wear::parse(b"1\r\n0 ROCK\r\n\0".to_vec());
    w.add_row(Section::Materials, 1, "GRASS").unwrap();
    assert_eq!(w.bytes(), b"2\r\n0 ROCK\r\n1 GRASS\r\n\0");

    // Lightmap rows, with the material rows and the count untouched.
    let mut w = Wear::parse(fx::demo_lightmapped());
    w.add_row(Section::Lightmaps, 1, "LM_TOWER.0").unwrap();
    assert_eq!(names(&w, w.lightmaps().unwrap()), [(0, "LM_BASE.0"), (1, "LM_TOWER.0")]);
    assert_eq!(w.declared_count(Section::Lightmaps), Some(2));
    assert!(w.diagnostics().is_empty(), "{:?}", w.diagnostics());
    assert_eq!(&w.bytes()[..30], &fx::demo_lightmapped()[..30]);
}

#[test]
fn add_then_remove_lightmaps_is_the_identity() {
    for (name, bytes) in fx::all() {
        let w = Wear::parse(bytes.clone());
        if w.has_errors() || w.lightmaps().is_some() || name.starts_with("warn_more") {
            continue;
        }
        let mut e = w.clone();
        e.add_lightmaps(&[(0, "LM_BASE.0"), (1, "LM_TOWER.0")]).unwrap();
        assert_eq!(names(&e, e.lightmaps().unwrap()), [(0, "LM_BASE.0"), (1, "LM_TOWER.0")], "{name}");
        assert_eq!(names(&e, e.materials()), names(&w, w.materials()), "{name}");
        assert!(!e.diagnostics().iter().any(|d| d.message.contains("blank line")), "{name}: {:?}", e.diagnostics());
        assert!(e.engine_table(EngineParser::Buffer).failure.is_none(), "{name}");
        assert!(e.add_lightmaps(&[(0, "X.0")]).is_err());
        e.remove_lightmaps().unwrap();
        assert_eq!(e.bytes(), &bytes[..], "{name}");
    }
    let mut w = Wear::parse(fx::demo());
    w.add_lightmaps(&[(0, "LM_BASE.0")]).unwrap();
    assert_eq!(w.bytes(), &fx::demo_lightmapped()[..]);
    assert!(Wear::parse(fx::demo()).add_lightmaps(&[]).is_err());
}

fn arb_name() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(b"ABCZ_09.\xC0\xFF".to_vec()), 1..12).prop_map(|b| crate::formats::cp1251::decode(&b))
}

fn arb_style() -> impl Strategy<Value = Style> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(crlf, final_newline, trailing_nul)| Style {
        eol: if crlf { LineEnding::Crlf } else { LineEnding::Lf },
        final_newline,
        trailing_nul,
        ..Style::default()
    })
}

proptest! {
    #[test]
    fn generated_tables_read_back(
        mats in prop::collection::vec(arb_name(), 1..8),
        lms in prop::option::of(prop::collection::vec(arb_name(), 1..4)),
        style in arb_style(),
    ) {
        let m: Vec<(i32, &str)> = mats.iter().enumerate().map(|(i, n)| (i as i32, n.as_str())).collect();
        let l: Option<Vec<(i32, &str)>> = lms.as_ref().map(|v| v.iter().enumerate().map(|(i, n)| (i as i32, n.as_str())).collect());
        let t = fx::table(&m, l.as_deref(), style);
        let mut w = Wear::parse(t.clone());
        prop_assert_eq!(w.bytes(), &t[..]);
        prop_assert!(w.diagnostics().is_empty(), "{:?}", w.diagnostics());
        prop_assert_eq!(names(&w, w.materials()), m.clone());
        prop_assert_eq!(w.lightmaps().map(|r| names(&w, r).into_iter().map(|(i, n)| (i, n.to_string())).collect::<Vec<_>>()),
            l.map(|v| v.into_iter().map(|(i, n)| (i, n.to_string())).collect()));
        let n = w.materials().len();
        w.add_row(Section::Materials, n as i32, "NEW.0").unwrap();
        prop_assert!(w.diagnostics().is_empty(), "{:?}", w.diagnostics());
        w.remove_row(Section::Materials, n).unwrap();
        prop_assert_eq!(w.bytes(), &t[..]);
    }

    /// Parsed from shared bytes (a table inside a larger buffer, as an archive's entry is), the
    /// table keeps them: no copy, each row's name a slice of them, the same bytes written
    /// back; an edit makes its own text and leaves the buffer and the parsed table as they were.
    #[test]
    fn a_shared_parse_keeps_the_bytes_and_edits_a_copy(
        mats in prop::collection::vec(arb_name(), 1..8),
        lms in prop::option::of(prop::collection::vec(arb_name(), 1..4)),
        style in arb_style(),
        before in prop::collection::vec(any::<u8>(), 0..8),
    ) {
        let m: Vec<(i32, &str)> = mats.iter().enumerate().map(|(i, n)| (i as i32, n.as_str())).collect();
        let l: Option<Vec<(i32, &str)>> = lms.as_ref().map(|v| v.iter().enumerate().map(|(i, n)| (i as i32, n.as_str())).collect());
        let t = fx::table(&m, l.as_deref(), style);
        let file = crate::formats::bytes::SharedBytes::from([&before[..], &t[..], b"after"].concat());
        let entry = file.slice(before.len()..before.len() + t.len());
        let w = Wear::parse(&entry);
        prop_assert!(w.shared_bytes().same_buffer(&file), "the text is the buffer's");
        prop_assert_eq!(w.bytes().as_ptr(), entry.as_ptr());
        for r in w.materials().iter().chain(w.lightmaps().unwrap_or(&[])) {
            prop_assert!(std::ptr::eq(w.name_bytes(r).as_ptr(), &entry[r.name_span.start]), "a name is a slice of the text");
            prop_assert_eq!(&*w.name(r), crate::formats::cp1251::decode(w.name_bytes(r)));
        }
        prop_assert_eq!(w.write(), t.clone());
        prop_assert_eq!(names(&w, w.materials()), m.clone());
        let mut e = w.clone();
        e.set_name(Section::Materials, 0, "RENAMED").unwrap();
        prop_assert!(!e.shared_bytes().same_buffer(&file));
        prop_assert_eq!(e.name(&e.materials()[0]), "RENAMED");
        prop_assert_eq!(&file[before.len()..before.len() + t.len()], &t[..], "the buffer is unchanged");
        prop_assert_eq!(w.write(), t, "the table the edit was made from is unchanged");
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(prop::sample::select(b"0123 \r\n\t-+LIGHTMAPSlx\0\xC0".to_vec()), 0..80)) {
        let w = Wear::parse(bytes.clone());
        prop_assert_eq!(w.bytes(), &bytes[..]);
        for d in w.diagnostics() {
            prop_assert!(d.offset.unwrap() as usize <= bytes.len());
        }
        let mut e = w.clone();
        let _ = e.add_row(Section::Materials, 9, "X");
        let _ = e.remove_row(Section::Materials, 0);
        let _ = e.add_lightmaps(&[(0, "L")]);
        let _ = e.remove_lightmaps();
        let _ = e.set_name(Section::Lightmaps, 0, "Y");
    }
}

#[test]
fn fuzz_findings_stay_fixed() {
    // A zero-padded count changed by an add and back by a remove kept "4" instead of "04".
    crate::fixtures::wear::exercise(b"04\r\n0 MET&L01\r\n1 GLASS\r\n2 GLOW\r\n3 20");
    // A bare CR ending an LF file: the added break made it look like a CRLF, which the remove
    // then took whole.
    crate::fixtures::wear::exercise(b"1\n0\nligh\r");
}
