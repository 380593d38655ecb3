use super::*;
use crate::fixtures::nres as fx;
use crate::formats::Severity;

fn parse(b: &[u8]) -> (Archive, Vec<crate::formats::Diagnostic>) {
    Archive::parse(SharedBytes::from(b)).expect("fixture parses")
}

/// A two-entry archive laid out by hand, field by field.
fn hand_built() -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(b"NRes"); // magic
    b.extend_from_slice(&0x100u32.to_le_bytes()); // version
    b.extend_from_slice(&2i32.to_le_bytes()); // entry_count
    b.extend_from_slice(&(16u32 + 16 + 128).to_le_bytes()); // total_size
    b.extend_from_slice(b"hello\0\0\0"); // payload 0 at 16 (5 bytes + 3 padding)
    b.extend_from_slice(b"world!!!"); // payload 1 at 24 (8 bytes)
    for (name, off, size, sort) in [(&b"b"[..], 16u32, 5u32, 1u32), (b"a", 24, 8, 0)] {
        b.extend_from_slice(b"DATA"); // type_id
        b.extend_from_slice(&1u32.to_le_bytes()); // attr1
        b.extend_from_slice(&2u32.to_le_bytes()); // attr2
        b.extend_from_slice(&size.to_le_bytes()); // size
        b.extend_from_slice(&3u32.to_le_bytes()); // attr3
        let mut field = [0u8; 36];
        field[..name.len()].copy_from_slice(name);
        b.extend_from_slice(&field); // name
        b.extend_from_slice(&off.to_le_bytes()); // data_offset
        b.extend_from_slice(&sort.to_le_bytes()); // sort_index: row 0 holds "a" = entry 1
    }
    b
}

#[test]
fn parses_hand_built_fields() {
    let (a, d) = parse(&hand_built());
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(a.len(), 2);
    assert_eq!(a.entry(0).name(), "b");
    assert_eq!(a.entry(1).attrs(), [1, 2, 3]);
    assert_eq!(&*a.payload(0), b"hello");
    assert_eq!(&*a.payload(1), b"world!!!");
    assert_eq!(type_label(a.entry(0).type_id()), "DATA");
    assert!(a.lookup_is_canonical());
    assert_eq!(a.find("A"), Some(1));
}

#[test]
fn every_fixture_round_trips() {
    for (name, bytes) in fx::all() {
        let (a, _) = parse(&bytes);
        assert!(a.write() == bytes, "{name} did not write back byte-identically");
    }
}

#[test]
fn fixture_diagnostics() {
    let (_, d) = parse(&fx::stale_lookup());
    assert!(d.iter().any(|d| d.severity == Severity::Error && d.message.contains("not sorted")), "{d:?}");
    let (a, d) = parse(&fx::shared_ranges());
    assert!(d.iter().any(|d| d.message.contains("shares")), "{d:?}");
    assert_eq!(a.shared_entries(), vec![0, 1, 2]);
    let (a, d) = parse(&fx::garbage_after_nul());
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(a.entry(1).name(), "Паркан");
    assert_ne!(a.entry(0).name_field()[10], 0);
}

#[test]
fn replace_grow_shifts_following_bytes_by_multiple_of_8() {
    let original = fx::gaps_nonzero();
    let (mut a, _) = parse(&original);
    let old_second = a.entry(1).offset() as usize;
    a.replace(0, vec![7u8; 14]).unwrap(); // 11 -> 14: +3 rounds to +8
    let out = a.write();
    let (b, _) = parse(&out);
    assert_eq!(&*b.payload(0), &[7u8; 14][..]);
    assert_eq!(b.entry(1).offset() as usize, old_second + 8);
    assert_eq!(&*b.payload(1), &*parse(&original).0.payload(1));
    // bytes 14..16 after the new payload are zeros, then the old garbage padding follows
    let p0 = b.entry(0).offset() as usize;
    assert_eq!(&out[p0 + 14..p0 + 19], &[0; 5]);
    assert_eq!(&out[p0 + 19..p0 + 24], &[0xAA, 0xBB, 0xCC, 0xDD, 0xEE]);
    // the leading gap is untouched
    assert_eq!(&out[16..24], &original[16..24]);
    assert_eq!(out.len(), original.len() + 8);
}

#[test]
fn small_shrink_moves_nothing_and_zero_fills() {
    let original = fx::gaps_nonzero();
    let (mut a, _) = parse(&original);
    let p0 = a.entry(0).offset() as usize;
    a.replace(0, vec![1u8; 6]).unwrap(); // 11 -> 6: -5 rounds to 0
    let out = a.write();
    assert_eq!(out.len(), original.len());
    assert_eq!(&out[p0..p0 + 6], &[1u8; 6]);
    assert_eq!(&out[p0 + 6..p0 + 11], &[0u8; 5]);
    assert_eq!(&out[p0 + 11..p0 + 16], &original[p0 + 11..p0 + 16]);
    let (b, _) = parse(&out);
    assert_eq!(b.entry(1).offset(), a.entry(1).offset());
}

#[test]
fn large_shrink_moves_back_by_multiple_of_8() {
    let (mut a, _) = parse(&fx::gaps_nonzero());
    let second = a.entry(1).offset();
    a.replace(0, Vec::<u8>::new()).unwrap(); // 11 -> 0: -11 rounds to -8
    assert_eq!(a.entry(1).offset(), second - 8);
    let (b, _) = parse(&a.write());
    assert_eq!(b.entry(0).size(), 0);
}

#[test]
fn replacing_shared_entry_appends_own_copy() {
    let original = fx::shared_ranges();
    let (mut a, _) = parse(&original);
    a.replace(1, b"brand new".to_vec()).unwrap();
    let out = a.write();
    let (b, _) = parse(&out);
    assert_eq!(&*b.payload(1), b"brand new");
    assert_eq!(b.entry(1).offset() % 8, 0);
    assert_eq!(&*b.payload(0), &original[16..40]);
    assert_eq!(&out[16..64], &original[16..64], "the shared cluster is untouched");
}

#[test]
fn add_aligns_and_rebuilds_lookup() {
    let (mut a, _) = parse(&fx::unaligned());
    let i = a.add(b"ADDED", 5, [1, 2, 3], vec![9u8; 3]).unwrap();
    assert_eq!(a.entry(i).offset() % 8, 0);
    assert!(a.lookup_is_canonical());
    let (b, d) = parse(&a.write());
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(&*b.payload(i), &[9, 9, 9]);
    assert_eq!(b.entry(i).attrs(), [1, 2, 3]);
}

#[test]
fn remove_and_rename_keep_other_payloads() {
    let bytes = fx::simple();
    let (orig, _) = parse(&bytes);
    let (mut a, _) = parse(&bytes);
    a.remove(1).unwrap();
    a.rename(0, b"RENAMED").unwrap();
    let (b, d) = parse(&a.write());
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(b.len(), orig.len() - 1);
    assert_eq!(b.entry(0).name(), "RENAMED");
    for (k, j) in [(0, 0), (1, 2), (2, 3), (3, 4)] {
        assert_eq!(&*b.payload(k), &*orig.payload(j));
        assert_eq!(b.entry(k).attrs(), orig.entry(j).attrs());
    }
    assert!(b.lookup_is_canonical());
}

#[test]
fn names_are_limited_to_31_bytes() {
    let mut a = Archive::new();
    assert!(a.add(&[b'x'; 31], 0, [0; 3], vec![]).is_ok());
    assert!(a.add(&[b'x'; 32], 0, [0; 3], vec![]).is_err());
    assert!(a.add(b"", 0, [0; 3], vec![]).is_err());
    assert!(a.rename(0, b"a\0b").is_err());
}

#[test]
fn lookup_sorts_case_insensitively_with_underscore_first() {
    let (a, _) = parse(&fx::simple());
    let names: Vec<String> = a.rows().iter().map(|r| a.entry(r.sort_index() as usize).name()).collect();
    assert_eq!(names, ["_under", "alpha", "brick.0", "STEEL", "Zeta"]);
    let (d, _) = parse(&fx::duplicate_names());
    let order: Vec<u32> = d.rows().iter().map(Row::sort_index).collect();
    assert_eq!(order, [1, 0, 2, 3], "ties keep original index order");
}

#[test]
fn compact_drops_gaps_and_aligns() {
    let (mut a, _) = parse(&fx::gaps_nonzero());
    let p: Vec<_> = (0..a.len()).map(|i| a.payload(i).to_vec()).collect();
    a.compact();
    let (b, _) = parse(&a.write());
    assert_eq!(b.len(), p.len());
    for (i, want) in p.iter().enumerate() {
        assert_eq!(b.entry(i).offset() % 8, 0);
        assert_eq!(&*b.payload(i), &want[..]);
    }
    assert_eq!(b.entry(0).offset(), 16);
}

#[test]
fn truncation_at_every_offset_is_an_error_not_a_panic() {
    let bytes = fx::simple();
    for n in 0..bytes.len() {
        let e = Archive::parse(SharedBytes::from(&bytes[..n]));
        assert!(e.is_err(), "truncated to {n} parsed");
    }
}

#[test]
fn hostile_headers_are_refused_with_offsets() {
    let mut b = fx::simple();
    b[8..12].copy_from_slice(&i32::MAX.to_le_bytes());
    assert_eq!(Archive::parse(SharedBytes::from(&b[..])).unwrap_err().offset, 8);
    b[8..12].copy_from_slice(&(-1i32).to_le_bytes());
    assert_eq!(Archive::parse(SharedBytes::from(&b[..])).unwrap_err().offset, 8);
    let mut b = fx::simple();
    b[12..16].copy_from_slice(&1u32.to_le_bytes());
    assert_eq!(Archive::parse(SharedBytes::from(&b[..])).unwrap_err().offset, 12);
    let mut b = fx::simple();
    let dir = b.len() - 5 * 64;
    b[dir + 56..dir + 60].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = Archive::parse(SharedBytes::from(&b[..])).unwrap_err();
    assert_eq!(e.offset as usize, dir + 56);
    assert!(e.message.contains("outside the data region"), "{e}");
    let mut b = fx::simple();
    b[5] = 2;
    assert!(Archive::parse(SharedBytes::from(&b[..])).unwrap_err().message.contains("version"));
}

/// A written archive (payloads apart, in directory order) parses into no layout: each payload
/// read where its row says; the first edit that moves bytes builds the layout, and the other
/// payloads and the written bytes are what they were.
#[test]
fn an_archive_in_directory_order_parses_without_a_layout() {
    let bytes = fx::many(50);
    let (a, _) = parse(&bytes);
    assert!(a.direct && a.items.is_empty() && a.locs.is_empty());
    assert!(a.shared_entries().is_empty());
    assert_eq!(a.write(), bytes);
    let mut renamed = a.clone();
    renamed.rename(3, b"X").unwrap();
    assert!(renamed.direct, "a rename moves no bytes");
    let mut e = a.clone();
    e.replace(7, vec![1u8; 100]).unwrap();
    assert!(!e.direct && !e.items.is_empty());
    let (back, _) = parse(&e.write());
    for i in (0..a.len()).filter(|&i| i != 7) {
        assert_eq!(&*back.payload(i), &*a.payload(i), "entry {i}");
    }
    assert_eq!(&*back.payload(7), &[1u8; 100][..]);
    // Out of directory order: laid out at the parse, as before.
    let (o, _) = parse(&fx::shared_ranges());
    assert!(!o.direct);
}

#[test]
fn streaming_write_matches_buffered_write() {
    for (name, bytes) in fx::all() {
        let (mut a, _) = parse(&bytes);
        if !a.is_empty() {
            a.replace(0, vec![5u8; 5000]).unwrap(); // a pad longer than one zero block
        }
        let mut streamed = Vec::new();
        a.write_to(&mut streamed).unwrap();
        assert!(streamed == a.write(), "{name}");
    }
}

mod shared_parse {
    use super::*;
    use crate::fixtures::nres::{RawArchive, RawRow};
    use proptest::prelude::*;

    /// Hand-laid archives: payloads anywhere in the data region (overlapping, shared, empty,
    /// out of order), gaps of any bytes, name fields of any bytes, any lookup values.
    fn raw_archive() -> impl Strategy<Value = Vec<u8>> {
        (proptest::collection::vec(any::<u8>(), 0..160), proptest::collection::vec((any::<u16>(), any::<u16>(), any::<[u8; 36]>(), any::<u32>(), any::<bool>(), any::<[u32; 3]>()), 0..12)).prop_map(|(data, rows)| {
            let len = data.len();
            let rows = rows
                .into_iter()
                .map(|(o, s, name_field, sort, keep_sort, attrs)| {
                    let offset = if len == 0 { 0 } else { usize::from(o) % (len + 1) };
                    let size = usize::from(s) % (len - offset + 1);
                    let mut r = RawRow::named(b"", (16 + offset) as u32, size as u32);
                    r.name_field = name_field;
                    r.attrs = attrs;
                    r.sort_index = keep_sort.then_some(sort % 16);
                    r
                })
                .collect();
            RawArchive { data, rows }.write()
        })
    }

    fn name() -> impl Strategy<Value = Vec<u8>> {
        let edges = [0u8, b'0', b'@', b'A', b'B', b'Z', b'[', b'_', b'`', b'a', b'z', b'{', 0x7F, 0x80, 0xC1, 0xDA, 0xE1, 0xFF];
        proptest::collection::vec(proptest::sample::select(edges.to_vec()), 0..24)
    }

    proptest! {
        /// Parsed from shared bytes, an archive is a view of them: rows and payloads point
        /// into the buffer, and writing gives the input back. An edit changes a copy; the
        /// buffer and the archive it was made from keep their bytes.
        #[test]
        fn a_shared_parse_writes_its_input_and_edits_a_copy(b in raw_archive(), attrs in any::<[u32; 3]>(), grow in 0usize..20) {
            let file = SharedBytes::from(b.clone());
            let (a, _) = Archive::parse(file.clone()).unwrap();
            let dir = &file[file.len() - a.len() * ROW_LEN..];
            prop_assert!(std::ptr::eq(a.rows().as_ptr().cast::<u8>(), dir.as_ptr()), "the rows are the file's");
            for i in 0..a.len() {
                let (o, s) = (a.entry(i).offset() as usize, a.entry(i).size() as usize);
                prop_assert!(a.payload(i).same_buffer(&file));
                prop_assert_eq!(&a.payload(i)[..], &b[o..o + s]);
                prop_assert!(a.name_shared(i).same_buffer(&file));
                prop_assert_eq!(&a.name_shared(i)[..], a.entry(i).name_bytes());
            }
            prop_assert_eq!(a.write(), b.clone());
            let mut streamed = Vec::new();
            a.write_to(&mut streamed).unwrap();
            prop_assert_eq!(&streamed, &b);
            if a.is_empty() {
                return Ok(());
            }
            let mut e = a.clone();
            e.set_attrs(0, attrs).unwrap();
            e.rename(0, b"RENAMED").unwrap();
            let new_payload = vec![0xC3; a.entry(0).size() as usize + grow];
            e.replace(0, new_payload.clone()).unwrap();
            prop_assert_eq!(&file[..], &b[..], "the file's bytes are unchanged");
            prop_assert_eq!(a.write(), b.clone(), "the archive the edit was made from is unchanged");
            let (back, _) = Archive::parse(SharedBytes::from(e.write())).unwrap();
            prop_assert_eq!((back.entry(0).attrs(), back.entry(0).name_bytes()), (attrs, &b"RENAMED"[..]));
            prop_assert_eq!(&e.name_shared(0)[..], b"RENAMED");
            prop_assert_eq!(&back.payload(0)[..], &new_payload[..]);
            for i in 1..a.len() {
                prop_assert_eq!(&back.payload(i)[..], &a.payload(i)[..]);
                prop_assert_eq!(back.entry(i).name_field(), a.entry(i).name_field());
            }
        }

        /// Names from bytes around the letters' edges, long enough for the eight-byte steps.
        #[test]
        fn name_order_is_the_folded_bytes_order(x in name(), y in name(), same in 0usize..24) {
            let folded = |v: &[u8]| v.iter().map(u8::to_ascii_lowercase).collect::<Vec<u8>>();
            prop_assert_eq!(compare_names(&x, &y), folded(&x).cmp(&folded(&y)));
            // a common prefix, as sorted names have
            let y2: Vec<u8> = x.iter().take(same).chain(&y).copied().collect();
            prop_assert_eq!(compare_names(&x, &y2), folded(&x).cmp(&folded(&y2)));
        }

        #[test]
        fn name_len_is_where_the_first_nul_is(field in any::<[u8; 36]>(), nul in proptest::option::of(0usize..36), more in proptest::option::of(0usize..36)) {
            let mut raw = [0u8; 64];
            raw[20..56].copy_from_slice(&field);
            for at in [nul, more].into_iter().flatten() {
                raw[20 + at] = 0;
            }
            let row = Row::from_raw(raw);
            prop_assert_eq!(row.name_len(), row.name_field().iter().position(|&b| b == 0).unwrap_or(36));
            prop_assert_eq!(row.has_nul(), row.name_field().contains(&0));
        }

        /// The parse's table check compares the name fields in place (bytes after the NUL of
        /// any value): the same order as the names compared.
        #[test]
        fn field_order_is_the_name_order(x in name(), y in name(), same in 0usize..36, junk in any::<[u8; 36]>(), long in any::<bool>()) {
            let field = |name: &[u8]| {
                let mut raw = [0u8; 64];
                raw[20..56].copy_from_slice(&junk);
                let n = name.len().min(36);
                raw[20..20 + n].copy_from_slice(&name[..n]);
                if n < 36 {
                    raw[20 + n] = 0;
                }
                Row::from_raw(raw)
            };
            // a common prefix, and names of the whole 36 bytes (no NUL)
            let mut y2: Vec<u8> = x.iter().take(same).chain(&y).copied().collect();
            if long {
                y2.resize(36, b'Q');
            }
            for (p, q) in [(&x, &y), (&x, &y2), (&y2, &x), (&y2, &y2)] {
                let (a, b) = (field(p), field(q));
                prop_assert_eq!(lookup::compare_fields(&a, &b), compare_names(a.name_bytes(), b.name_bytes()));
            }
        }
    }
}

/// Real bad inputs give keyed messages that the editor shows in Russian.
#[cfg(feature = "gui")]
#[test]
fn findings_and_refusals_read_in_russian() {
    use crate::app::i18n::{Language, messages::text_in};
    let (_, d) = parse(&fx::stale_lookup());
    let d = d.iter().find(|d| d.severity == Severity::Error).expect("the stale table is an error");
    assert_eq!(d.key.as_ref().map(|k| k.id), Some("nres-lookup-unsorted"));
    let ru = text_in(Language::Russian, &d.message, d.key.as_deref());
    assert!(ru.starts_with("таблица поиска не отсортирована в строке ") && ru.ends_with("(перестройте таблицу)"), "{ru}");
    let mut a = Archive::new();
    let e = a.add(&[b'x'; 32], 0, [0; 3], vec![]).unwrap_err();
    assert_eq!(e.message, "name is 32 bytes; NRes names the editor writes are at most 31", "the English text is the CLI's");
    let ru = text_in(Language::Russian, &e.message, e.key.as_deref());
    assert_eq!(ru, "имя занимает 32 байта; предел для имён NRes, которые пишет редактор, — 31 байт");
    let e = a.remove(3).unwrap_err();
    assert_eq!(text_in(Language::Russian, &e.message, e.key.as_deref()), "нет записи №3 (в архиве 0 записей)");
    // A short file: the reader's own message.
    let e = Archive::parse(SharedBytes::from(&b"NRes\x00\x01\x00\x00"[..])).unwrap_err();
    assert_eq!(e.message, "entry_count runs past the end (need 4 bytes, 0 left)");
    assert_eq!(text_in(Language::Russian, &e.message, e.key.as_deref()), "entry_count выходит за конец данных (нужно 4 байта, осталось 0)");
}

/// New payloads given as sources ([`NewBytes::Source`]) are written by the streamed writer's
/// callback where the held bytes would be: the same file, byte for byte, in place and appended.
#[test]
fn sources_are_written_where_held_bytes_would_be() {
    let bytes = fx::all().into_iter().map(|(_, b)| b).max_by_key(|b| parse(b).0.len()).expect("fixtures");
    let (a, _) = parse(&bytes);
    assert!(a.len() >= 2);
    let new: Vec<SharedBytes> = (0..3).map(|k| SharedBytes::from(fx::pattern(k, 100 + 333 * k as usize))).collect();
    let batch = |source: bool| {
        let b = |k: usize| if source { NewBytes::Source { id: k as u32, len: new[k].len() as u64 } } else { NewBytes::Held(new[k].clone()) };
        edit::Batch { replace: vec![(1, b(0))], add: vec![(b"ADDED".to_vec(), 7, [1, 2, 3], b(1)), (b"ADDED2".to_vec(), 7, [0; 3], b(2))], remove: vec![0], ..Default::default() }
    };
    let mut held = a.clone();
    held.edit_batch(batch(false)).unwrap();
    let mut fed = a.clone();
    fed.edit_batch(batch(true)).unwrap();
    assert!(matches!(fed.payload_at(0), Payload::Source(0)), "the replaced entry (now #0) is its source");
    let mut out = Vec::new();
    let mut asked = Vec::new();
    fed.write_streamed(&mut out, &mut |span, w| match span {
        Span::Source { id, len } => {
            asked.push(id);
            assert_eq!(len, new[id as usize].len() as u64);
            w.write_all(&new[id as usize])
        }
        Span::File(r) => panic!("nothing is left in a file: {r:?}"),
    })
    .unwrap();
    assert!(out == held.write(), "the same bytes as with the payloads held");
    assert_eq!(asked, vec![0, 1, 2], "each source copied once, in file order");
    // Written without a callback that gives them: an error, not a panic.
    assert!(fed.write_to(&mut Vec::new()).is_err());
}
