//! Archive-level tests: a hand-built file with every field commented, malformed inputs, the
//! trailer and the Deflate quirk, edits parsed back, and `write(parse(b)) == b` over generated
//! raw archives.

use super::*;
use crate::formats::Severity;
use crate::formats::bytes::SharedBytes;
use proptest::prelude::*;

const SEED: u32 = 0xCAFE_0102;

/// Encrypts plain rows with the low 16 bits of `seed`, as the table is stored.
fn table(seed: u32, rows: &[[u8; 32]]) -> Vec<u8> {
    let plain: Vec<u8> = rows.concat();
    cipher::applied(seed as u16, &plain)
}

fn row(name: &[u8], flags: u16, sort: i16, unpacked: u32, offset: u32, packed: u32) -> [u8; 32] {
    let mut r = [0u8; 32];
    r[..name.len()].copy_from_slice(name); // name, NUL-padded to 12
    // +12..+16 service bytes: zero here
    r[16..18].copy_from_slice(&flags.to_le_bytes()); // flags (method = flags & 0x1E0)
    r[18..20].copy_from_slice(&sort.to_le_bytes()); // sort_to_original
    r[20..24].copy_from_slice(&unpacked.to_le_bytes()); // unpacked_size
    r[24..28].copy_from_slice(&offset.to_le_bytes()); // data_offset
    r[28..32].copy_from_slice(&packed.to_le_bytes()); // packed_size
    r
}

fn header(count: i16, count2: i16, presorted: u16, sum: u32, seed: u32) -> Vec<u8> {
    let mut h = Vec::new();
    h.extend_from_slice(b"NL"); // +0 magic
    h.push(0); // +2 reserved
    h.push(1); // +3 version
    h.extend_from_slice(&count.to_le_bytes()); // +4 entry_count
    h.extend_from_slice(&count2.to_le_bytes()); // +6 entry_count again
    h.extend_from_slice(&[0; 6]); // +8..+14 preserved
    h.extend_from_slice(&presorted.to_le_bytes()); // +14 presorted flag
    h.extend_from_slice(&sum.to_le_bytes()); // +16 sum of unpacked sizes
    h.extend_from_slice(&seed.to_le_bytes()); // +20 xor_seed
    h.extend_from_slice(&[0; 8]); // +24 two zero u32
    h
}

/// Two entries: "B.TXT" stored "hello" at 0x60, "A.TXT" LZSS "aaaaaa" at 0x65.
fn hand_made() -> Vec<u8> {
    let mut f = header(2, 2, PRESORTED, 5 + 6, SEED);
    // Lookup table: row 0 holds 1 ("A.TXT" sorts first), row 1 holds 0.
    f.extend(table(SEED, &[row(b"B.TXT", 0x000, 1, 5, 0x60, 5), row(b"A.TXT", 0x040, 0, 6, 0x65, 4)]));
    assert_eq!(f.len(), 0x60);
    f.extend_from_slice(b"hello"); // 0x60: stored payload
    // 0x65: LZSS: control 0b01 (literal, then copy), 'a', copy from ring 0xFEE, 3 + 2 = 5 bytes.
    f.extend_from_slice(&[0x01, b'a', 0xEE, 0xF2]);
    f
}

fn parse(b: &[u8]) -> Result<(Archive, Vec<crate::formats::Diagnostic>), crate::formats::Error> {
    Archive::parse(SharedBytes::from(b))
}

#[test]
fn hand_made_archive_reads_and_writes_back() {
    let f = hand_made();
    let (a, diags) = parse(&f).unwrap();
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(a.len(), 2);
    assert_eq!(a.entry(0).name(), "B.TXT");
    assert_eq!(a.entry(1).method(), Method::Lzss);
    assert_eq!(a.entry(1).effective_offset(), 0x65);
    assert_eq!(a.unpack(0).unwrap(), b"hello");
    assert_eq!(a.unpack(1).unwrap(), b"aaaaaa");
    assert_eq!(&*a.packed(0), b"hello");
    assert_eq!(a.find("a.txt"), Some(1));
    assert_eq!(a.find("B.TXT"), Some(0));
    assert_eq!(a.find("C.TXT"), None);
    assert_eq!(a.write(), f);
    let v = a.validate();
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn truncation_at_every_offset_is_an_error_with_an_offset() {
    let f = hand_made();
    for cut in 0..f.len() {
        let e = parse(&f[..cut]).err().unwrap_or_else(|| panic!("cut at {cut} parsed"));
        assert!(e.offset <= f.len() as u64, "cut {cut}: {e}");
        assert!(!e.message.is_empty());
    }
}

#[test]
fn hostile_headers() {
    let mut f = hand_made();
    f[4..6].copy_from_slice(&0x7FFFi16.to_le_bytes());
    let e = parse(&f).unwrap_err();
    assert_eq!(e.offset, 4);
    assert!(e.message.contains("do not fit"), "{e}");
    f[4..6].copy_from_slice(&(-1i16).to_le_bytes());
    let e = parse(&f).unwrap_err();
    assert!(e.offset == 4 && e.message.contains("negative"), "{e}");
    let mut f = hand_made();
    f[3] = 2;
    assert_eq!(parse(&f).unwrap_err().offset, 3);
    let mut f = hand_made();
    f[0] = b'X';
    assert_eq!(parse(&f).unwrap_err().offset, 0);
}

#[test]
fn mismatched_second_count_is_a_warning() {
    let mut f = hand_made();
    f[6..8].copy_from_slice(&5i16.to_le_bytes());
    let (a, d) = parse(&f).unwrap();
    assert_eq!(a.len(), 2);
    assert!(d.iter().any(|x| x.severity == Severity::Warning && x.offset == Some(6)), "{d:?}");
    assert_eq!(a.write(), f, "kept as it was until an edit");
    let mut b = a.clone();
    b.rename(0, b"C.TXT").unwrap();
    assert_eq!(b.write()[6..8], 2i16.to_le_bytes());
}

#[test]
fn bad_ranges_are_errors_at_the_row() {
    let mk = |offset: u32, packed: u32, flags: u16| {
        let mut f = header(1, 1, PRESORTED, 5, SEED);
        f.extend(table(SEED, &[row(b"X", flags, 0, 5, offset, packed)]));
        f.extend_from_slice(b"hello");
        f
    };
    assert!(parse(&mk(0x40, 5, 0)).is_ok());
    let e = parse(&mk(0x41, 5, 0)).unwrap_err();
    assert_eq!(e.offset, 32 + 24);
    assert!(e.message.contains("runs past"), "{e}");
    let e = parse(&mk(0x10, 5, 0)).unwrap_err();
    assert!(e.message.contains("overlaps the header"), "{e}");
    let e = parse(&mk(u32::MAX, u32::MAX, 0)).unwrap_err();
    assert!(e.message.contains("runs past"), "{e}");
    // An empty entry may point anywhere up to the end; into the header it is kept verbatim.
    let (a, _) = parse(&mk(0x10, 0, 0)).unwrap();
    assert_eq!(a.write(), mk(0x10, 0, 0));
    // One byte past the end: accepted for Deflate only, with a warning.
    assert!(parse(&mk(0x41, 5, 0)).is_err());
    let (a, d) = parse(&mk(0x41, 5, 0x100)).unwrap();
    assert!(d.iter().any(|x| x.severity == Severity::Warning && x.message.contains("one byte past")), "{d:?}");
    assert_eq!(a.packed(0).len(), 4);
}

#[test]
fn deflate_quirk_decodes_what_is_there() {
    let data = b"the quick brown fox jumps over the lazy dog".repeat(3);
    let packed = pack(Method::Deflate, 0, &data).unwrap();
    let mut f = header(1, 1, PRESORTED, data.len() as u32, SEED);
    f.extend(table(SEED, &[row(b"Q", 0x100, 0, data.len() as u32, 0x40, packed.len() as u32 + 1)]));
    f.extend_from_slice(&packed);
    let (a, d) = parse(&f).unwrap();
    assert_eq!(d.len(), 1);
    assert_eq!(a.unpack(0).unwrap(), data);
    assert_eq!(a.write(), f);
    assert!(a.validate().iter().all(|x| x.severity != Severity::Error));
    let mut c = a.clone();
    c.compact();
    assert_eq!(c.entry(0).packed_size() as usize, packed.len(), "compact corrects the size");
    let (c2, d2) = parse(&c.write()).unwrap();
    assert!(d2.is_empty());
    assert_eq!(c2.unpack(0).unwrap(), data);
}

#[test]
fn ao_trailer_adds_the_overlay() {
    // Stored offsets relative to 0x40, the end of the one-row table.
    let mut f = header(1, 1, PRESORTED, 5, SEED);
    f.extend(table(SEED, &[row(b"X", 0, 0, 5, 2, 5)]));
    f.extend_from_slice(b"..hello");
    f.extend_from_slice(b"AO"); // trailer magic
    f.extend_from_slice(&0x40u32.to_le_bytes()); // overlay
    let (a, d) = parse(&f).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(a.overlay(), Some(0x40));
    assert_eq!(a.entry(0).data_offset(), 2);
    assert_eq!(a.entry(0).effective_offset(), 0x42);
    assert_eq!(a.unpack(0).unwrap(), b"hello");
    assert_eq!(a.write(), f);
    // A replacement goes before the trailer, which stays last.
    let mut b = a.clone();
    b.replace(0, b"world!", Method::Stored).unwrap();
    let w = b.write();
    assert_eq!(&w[w.len() - 6..], &f[f.len() - 6..]);
    let (b2, _) = parse(&w).unwrap();
    assert_eq!(b2.unpack(0).unwrap(), b"world!");
    assert_eq!(b2.entry(0).data_offset(), 7, "after the old bytes, relative to the overlay");
    // Removing the only row shrinks the table below the overlay: filler keeps offsets valid.
    let mut c = b2.clone();
    c.add(b"Y", b"yy", Method::Stored).unwrap();
    c.remove(0).unwrap();
    let (c2, _) = parse(&c.write()).unwrap();
    assert_eq!(c2.unpack(0).unwrap(), b"yy");
}

#[test]
fn a_payload_ending_in_ao_is_not_a_trailer() {
    let mut f = header(1, 1, PRESORTED, 6, SEED);
    f.extend(table(SEED, &[row(b"X", 0, 0, 6, 0x40, 6)]));
    f.extend_from_slice(b"AO\xFF\xFF\xFF\x7F");
    let (a, d) = parse(&f).unwrap();
    assert_eq!(a.overlay(), None);
    assert!(d.iter().any(|x| x.severity == Severity::Info), "{d:?}");
    assert_eq!(a.unpack(0).unwrap(), b"AO\xFF\xFF\xFF\x7F");
    assert_eq!(a.write(), f);
}

#[test]
fn unsorted_table_keys_xor_by_the_rebuilt_lookup() {
    // Not flagged presorted: stored sort fields are junk (7, 7, 7); the loader's table for the
    // names ["M", "A", "Z"] is [1, 0, 2], so row 0 ("M", xor) is keyed with 1.
    let plain = b"secret";
    let enc = cipher::applied(1, plain);
    let mut f = header(3, 3, 0, 6 + 1 + 1, SEED);
    f.extend(table(SEED, &[row(b"M", 0x020, 7, 6, 0x80, 6), row(b"A", 0, 7, 1, 0x86, 1), row(b"Z", 0, 7, 1, 0x87, 1)]));
    f.extend_from_slice(&enc);
    f.extend_from_slice(b"az");
    let (a, _) = parse(&f).unwrap();
    assert!(!a.presorted());
    assert_eq!((a.lookup(0), a.lookup(1), a.lookup(2)), (1, 0, 2));
    assert_eq!(a.xor_key(0), 1);
    assert_eq!(a.unpack(0).unwrap(), plain);
    assert_eq!(a.find("a"), Some(1));
    assert_eq!(a.write(), f);
    // Renaming "A" to "N" makes the table [0, 1, 2]: "M" is re-keyed with 0.
    let mut b = a.clone();
    b.rename(1, b"N").unwrap();
    assert!(!b.presorted(), "the flag is kept");
    let (b2, _) = parse(&b.write()).unwrap();
    assert_eq!(b2.xor_key(0), 0);
    assert_eq!(b2.unpack(0).unwrap(), plain);
    assert_eq!(&*b2.packed(0), &cipher::applied(0, plain)[..]);
    assert_eq!(b2.entry(0).sort_to_original(), 0, "the rebuilt table is written into the fields");
}

#[test]
fn presorted_but_invalid_table_is_reported_and_lookups_fall_back() {
    let mut f = header(2, 2, PRESORTED, 2, SEED);
    f.extend(table(SEED, &[row(b"B", 0, 0, 1, 0x60, 1), row(b"A", 0, 0, 1, 0x61, 1)]));
    f.extend_from_slice(b"ba");
    let (a, _) = parse(&f).unwrap();
    assert!(!a.lookup_is_valid());
    assert_eq!(a.find("A"), Some(1), "linear search");
    let v = a.validate();
    assert!(v.iter().any(|d| d.severity == Severity::Error && d.message.contains("lookup table")), "{v:?}");
    let mut b = a.clone();
    b.rebuild_lookup().unwrap();
    assert!(b.lookup_is_valid());
    assert!(b.validate().iter().all(|d| d.severity != Severity::Error));
}

#[test]
fn unknown_method_is_kept_raw() {
    let mut f = header(1, 1, PRESORTED, 3, SEED);
    f.extend(table(SEED, &[row(b"U", 0x1E0 | 0x8000, 0, 3, 0x40, 3)]));
    f.extend_from_slice(b"???");
    let (a, _) = parse(&f).unwrap();
    assert_eq!(a.entry(0).method(), Method::Unknown(0x1E0));
    let e = a.unpack(0).unwrap_err();
    assert!(e.message.contains("unknown") && e.message.contains("#0"), "{e}");
    assert!(a.validate().iter().any(|d| d.severity == Severity::Error && d.offset == Some(32 + 16)));
    assert_eq!(a.write(), f);
    let mut b = a.clone();
    b.add(b"V", b"v", Method::Stored).unwrap();
    let (b2, _) = parse(&b.write()).unwrap();
    assert_eq!(&*b2.packed(0), b"???");
    assert_eq!(b2.entry(0).flags(), 0x81E0);
}

#[test]
fn unpack_errors_name_the_entry_and_the_file_offset() {
    let mut f = header(1, 1, PRESORTED, 100, SEED);
    f.extend(table(SEED, &[row(b"LZ", 0x040, 0, 100, 0x40, 2)]));
    f.extend_from_slice(&[0xFF, b'x']);
    let (a, _) = parse(&f).unwrap();
    let e = a.unpack(0).unwrap_err();
    assert_eq!(e.offset, 0x42);
    assert!(e.message.contains("#0 \"LZ\""), "{e}");
}

#[test]
fn edits_parse_back() {
    let mut a = Archive::with_seed(SEED);
    for (k, m) in Method::ALL.into_iter().enumerate() {
        let data = format!("entry {k} {}", "xyz".repeat(k * 30)).into_bytes();
        a.add(format!("E{k}").as_bytes(), &data, m).unwrap();
    }
    let (b, d) = parse(&a.write()).unwrap();
    assert!(d.is_empty(), "{d:?}");
    for k in 0..7 {
        assert_eq!(b.entry(k).method(), Method::ALL[k]);
        assert!(b.unpack(k).unwrap().starts_with(format!("entry {k}").as_bytes()));
    }
    let mut c = b.clone();
    c.replace(3, b"replaced", Method::XorLzhuf).unwrap();
    c.remove(0).unwrap();
    let i = c.add(b"AAA", b"first by name", Method::Xor).unwrap();
    c.rename(1, b"ZZZ").unwrap();
    let (c2, d) = parse(&c.write()).unwrap();
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(c2.len(), 7);
    assert_eq!(c2.unpack(2).unwrap(), b"replaced");
    assert_eq!(c2.unpack(i).unwrap(), b"first by name");
    assert_eq!(c2.entry(1).name(), "ZZZ");
    assert_eq!(c2.find("zzz"), Some(1));
    assert!(c2.lookup_is_valid());
    let v = c2.validate();
    assert!(v.is_empty(), "{v:?}");
    // The header counts and the unpacked-size sum follow the rows.
    let w = c.write();
    assert_eq!(w[4..6], 7i16.to_le_bytes());
    let sum: u32 = (0..7).map(|k| c2.entry(k).unpacked_size()).sum();
    assert_eq!(w[16..20], sum.to_le_bytes());
    // Compact drops the gaps left by the replace, the remove and the re-keyed xor entries.
    let mut d2 = c2.clone();
    d2.compact();
    let w2 = d2.write();
    assert!(w2.len() < w.len());
    let (e, _) = parse(&w2).unwrap();
    for k in 0..7 {
        assert_eq!(e.unpack(k).unwrap(), c2.unpack(k).unwrap());
    }
    assert!(e.validate().is_empty());
}

#[test]
fn edits_refuse_bad_input_and_leave_the_archive_alone() {
    let (mut a, _) = parse(&hand_made()).unwrap();
    let before = a.write();
    assert!(a.add(b"", b"x", Method::Stored).is_err());
    assert!(a.add(b"THIRTEEN.CHRS", b"x", Method::Stored).is_err());
    assert!(a.add(b"A", b"x", Method::Unknown(0x1E0)).is_err());
    assert!(a.rename(0, b"A\0").is_err());
    assert!(a.rename(9, b"A").is_err());
    assert!(a.remove(2).is_err());
    assert!(a.replace(5, b"", Method::Stored).is_err());
    assert_eq!(a.write(), before);
}

#[test]
fn replace_keeps_other_flag_bits_and_the_old_bytes_as_a_gap() {
    let mut f = header(1, 1, PRESORTED, 5, SEED);
    let mut r = row(b"X", 0x8001, 0, 5, 0x40, 5);
    r[12..16].copy_from_slice(&[9, 8, 7, 6]);
    f.extend(table(SEED, &[r]));
    f.extend_from_slice(b"hello");
    let (mut a, _) = parse(&f).unwrap();
    a.replace(0, b"hello hello hello", Method::Lzss).unwrap();
    let w = a.write();
    assert_eq!(&w[0x40..0x45], b"hello", "old bytes stay");
    let (b, _) = parse(&w).unwrap();
    assert_eq!(b.entry(0).flags(), 0x8041);
    assert_eq!(b.entry(0).service(), [9, 8, 7, 6]);
    assert_eq!(b.entry(0).effective_offset(), 0x45);
    assert_eq!(b.unpack(0).unwrap(), b"hello hello hello");
}

/// A raw archive with arbitrary preserved bytes: random header filler, rows with any flags,
/// service bytes and names, ranges anywhere in a random data region (overlaps allowed).
fn raw_archive() -> impl Strategy<Value = Vec<u8>> {
    (
        any::<[u8; 6]>(),
        any::<u16>(),
        any::<u32>(),
        any::<u32>(),
        any::<[u8; 8]>(),
        proptest::collection::vec(any::<u8>(), 0..300),
        proptest::collection::vec(
            (any::<[u8; 16]>(), any::<u16>(), any::<i16>(), any::<u32>(), any::<u16>(), any::<u16>()),
            0..12,
        ),
        proptest::option::of(0u32..64),
    )
        .prop_map(|(filler, presorted, sum, seed, tail, body, rows, overlay)| {
            let n = rows.len();
            let table_end = 32 + 32 * n as u32;
            let overlay = overlay.map(|o| o.min(table_end));
            let mut h = header(n as i16, n as i16, presorted, sum, seed);
            h[8..14].copy_from_slice(&filler);
            h[24..32].copy_from_slice(&tail);
            let raws: Vec<[u8; 32]> = rows
                .iter()
                .map(|(name_service, flags, sort, unpacked, a, b)| {
                    let len = body.len() as u32;
                    let (s, e) = if len == 0 { (0, 0) } else { (u32::from(*a) % (len + 1), u32::from(*b) % (len + 1)) };
                    let (s, e) = (s.min(e), s.max(e));
                    let start = table_end + s - overlay.unwrap_or(0);
                    let mut r = row(b"", *flags, *sort, *unpacked, start, e - s);
                    r[..16].copy_from_slice(name_service);
                    r
                })
                .collect();
            h.extend(table(seed, &raws));
            h.extend_from_slice(&body);
            if let Some(o) = overlay {
                h.extend_from_slice(b"AO");
                h.extend_from_slice(&o.to_le_bytes());
            }
            h
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn write_of_parse_is_identity(f in raw_archive()) {
        // Parsed from shared bytes, the stored payloads are views of them, and the archive
        // still writes its input.
        let file = SharedBytes::from(f.clone());
        let (a, _) = Archive::parse(file.clone()).unwrap();
        for i in 0..a.len() {
            prop_assert!(a.packed(i).same_buffer(&file), "entry {} is a view of the file", i);
        }
        prop_assert_eq!(a.write(), f);
        // Whatever the rows hold, unpacking and validating never panic.
        for i in 0..a.len() {
            let _ = a.unpack(i);
        }
        let _ = a.validate();
    }

    #[test]
    fn any_bytes_never_panic(mut f in raw_archive(), flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..8)) {
        for (at, v) in flips {
            let n = f.len();
            f[at % n] = v;
        }
        if let Ok((a, _)) = parse(&f) {
            prop_assert_eq!(a.write(), f);
            for i in 0..a.len() {
                let _ = a.unpack(i);
            }
        }
    }
}

#[test]
fn an_empty_entry_pointing_into_the_table_survives_a_shrinking_table() {
    // Three rows; "E" is empty and points at 0x70, inside the table (which ends at 0x80).
    let mut f = header(3, 3, PRESORTED, 2, SEED);
    f.extend(table(
        SEED,
        &[row(b"A", 0, 0, 1, 0x80, 1), row(b"B", 0, 1, 1, 0x81, 1), row(b"E", 0, 2, 0, 0x70, 0)],
    ));
    f.extend_from_slice(b"ab");
    let (mut a, _) = parse(&f).unwrap();
    assert_eq!(a.write(), f);
    a.remove(0).unwrap();
    a.remove(0).unwrap();
    // The table now ends at 0x40 and the data at 0x42: 0x70 would point past it.
    let (b, _) = parse(&a.write()).unwrap();
    assert_eq!(b.len(), 1);
    assert_eq!(b.unpack(0).unwrap(), b"");
    assert!(b.entry(0).effective_offset() <= 0x42);
}

/// Real bad inputs give keyed messages that the editor shows in Russian.
#[cfg(feature = "gui")]
#[test]
fn findings_read_in_russian() {
    use crate::app::i18n::{Language, messages::text_in};
    let ru = |d: &crate::formats::Diagnostic| text_in(Language::Russian, &d.message, d.key.as_deref());
    let mut f = header(2, 2, PRESORTED, 2, SEED);
    f.extend(table(SEED, &[row(b"B", 0, 0, 1, 0x60, 1), row(b"a", 0, 0, 1, 0x61, 1)]));
    f.extend_from_slice(b"ba");
    let (a, _) = parse(&f).unwrap();
    let v = a.validate();
    let lower = v.iter().find(|d| d.key.as_ref().is_some_and(|k| k.id == "rsli-name-lower-case")).expect("the lower-case name");
    assert_eq!(lower.message, "entry #1 \"a\": lower-case name: the engine upper-cases the names it looks up, so it never finds this one");
    assert_eq!(
        ru(lower),
        "запись №1 «a»: имя в нижнем регистре; движок переводит искомые имена в верхний регистр и эту запись никогда не найдёт"
    );
    let bad = v.iter().find(|d| d.severity == Severity::Error).expect("the invalid table");
    assert!(ru(bad).starts_with("таблица помечена как отсортированная, но неверна в строке ") && ru(bad).contains("двоичный поиск движка"), "{}", ru(bad));
    let e = parse(b"XY\0\x01").unwrap_err();
    assert_eq!(text_in(Language::Russian, &e.message, e.key.as_deref()), "это не архив RsLi: сигнатура [58, 59], ожидалась «NL»");
    let e = unpack(Method::Lzss, 0, &[0xFF, b'x'], 4).unwrap_err();
    assert_eq!(e.message, "LZSS stream ends before 4 bytes were produced (reading a literal)");
    assert_eq!(
        text_in(Language::Russian, &e.message, e.key.as_deref()),
        "поток LZSS кончается раньше заявленного размера (4 байта) — при чтении литерала"
    );
}
