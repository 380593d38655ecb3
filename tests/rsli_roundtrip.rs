//! RsLi integration tests: every fixture variant round-trips and decodes; edits on them parse
//! back with the expected contents (checked against a plain model); truncations and hostile
//! counts fail with an offset and allocate no more than a small multiple of the input.

use parkan_studio::fixtures::rsli as fx;
use parkan_studio::formats::Severity;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::rsli::{Archive, Method};
use proptest::prelude::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Counts the bytes allocated by the current thread while a measurement is running.
struct Counting;

thread_local! {
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = MEASURING.try_with(|m| {
            if m.get() {
                let _ = ALLOCATED.try_with(|a| a.set(a.get() + layout.size()));
            }
        });
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Total bytes allocated while running `f` on this thread.
fn allocated_by<T>(f: impl FnOnce() -> T) -> (T, usize) {
    ALLOCATED.with(|a| a.set(0));
    MEASURING.with(|m| m.set(true));
    let out = f();
    MEASURING.with(|m| m.set(false));
    (out, ALLOCATED.with(|a| a.get()))
}

fn parse(b: &[u8]) -> parkan_studio::formats::Result<(Archive, Vec<parkan_studio::formats::Diagnostic>)> {
    Archive::parse(SharedBytes::from(b))
}

fn contents(a: &Archive) -> Vec<(Vec<u8>, Vec<u8>)> {
    (0..a.len()).map(|i| (a.entry(i).name_bytes().to_vec(), a.unpack(i).unwrap())).collect()
}

#[test]
fn every_fixture_round_trips_decodes_and_checks_clean() {
    for (name, bytes) in fx::all() {
        let (a, _) = parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(a.write() == bytes, "{name}: write(parse(b)) differs");
        for i in 0..a.len() {
            a.unpack(i).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let errors: Vec<_> = a.validate().into_iter().filter(|d| d.severity == Severity::Error).collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
    }
}

#[test]
fn fixture_variants_are_what_they_say() {
    let (a, _) = parse(&fx::one_per_method()).unwrap();
    let methods: Vec<Method> = (0..a.len()).map(|i| a.entry(i).method()).collect();
    assert_eq!(methods, Method::ALL.to_vec());
    assert!(a.seed() != 0 && a.presorted());

    let (a, _) = parse(&fx::with_ao_trailer()).unwrap();
    assert_eq!(a.overlay(), Some(32 + 32 * 7));
    assert_eq!(a.entry(0).data_offset(), 0);

    let (a, d) = parse(&fx::deflate_eof_quirk()).unwrap();
    assert!(d.iter().any(|x| x.message.contains("one byte past")), "{d:?}");
    assert_eq!(a.entry(1).packed_size() as usize, a.packed(1).len() + 1);

    let (a, _) = parse(&fx::unsorted_table()).unwrap();
    assert!(!a.presorted());
    assert!((0..a.len()).any(|i| a.entry(i).sort_to_original() as u16 != a.lookup(i)));
    assert_eq!(a.find("alpha.txt"), Some(1));

    let g = fx::gaps();
    let (a, _) = parse(&g).unwrap();
    let indexed: usize = (0..a.len()).map(|i| a.packed(i).len()).sum();
    assert!(g.len() > 32 + 32 * a.len() + indexed + 20, "gap bytes present");

    let (a, d) = parse(&fx::odd_fields()).unwrap();
    assert!(d.iter().any(|x| x.offset == Some(6)), "count mismatch noticed: {d:?}");
    assert_eq!(a.entry(0).name_bytes(), b"ABCDEFGHIJKL");
    assert_eq!(a.entry(1).service(), [1, 2, 3, 4]);

    let (a, _) = parse(&fx::large(2000)).unwrap();
    assert_eq!(a.len(), 2000);
    assert_eq!(a.find("e01234.tex").map(|i| a.entry(i).name()), Some("E01234.TEX".to_string()));
    assert!(a.lookup_is_valid());

    let (a, _) = parse(&fx::unknown_method()).unwrap();
    assert!(a.unpack(1).is_err());
    assert!(a.validate().iter().any(|d| d.severity == Severity::Error));
    assert_eq!(a.write(), fx::unknown_method());
}

#[test]
fn truncations_of_small_fixtures_fail_with_an_offset() {
    for (name, bytes) in fx::all().into_iter().filter(|(_, b)| b.len() < 5000) {
        for cut in 0..bytes.len() {
            let ((), used) = allocated_by(|| {
                match parse(&bytes[..cut]) {
                    // A shorter file can still be valid (cut inside a trailing gap); then it
                    // must write back exactly.
                    Ok((a, _)) => assert_eq!(a.write(), &bytes[..cut], "{name} cut {cut}"),
                    Err(e) => assert!(e.offset <= cut as u64, "{name} cut {cut}: {e}"),
                }
            });
            assert!(used <= 16 * cut + 4096, "{name} cut {cut}: {used} bytes allocated");
        }
    }
}

#[test]
fn hostile_counts_do_not_allocate() {
    let mut f = fx::empty();
    for count in [i16::MAX, 1000, 2] {
        f[4..6].copy_from_slice(&count.to_le_bytes());
        let (r, used) = allocated_by(|| parse(&f));
        let e = r.unwrap_err();
        assert_eq!(e.offset, 4, "{e}");
        assert!(used < 4096, "{used} bytes for a {}-byte file", f.len());
    }
    f[4..6].copy_from_slice(&(-32768i16).to_le_bytes());
    assert!(parse(&f).unwrap_err().message.contains("negative"));
}

#[test]
fn edits_on_fixtures_parse_back() {
    for (name, bytes) in fx::all() {
        let (mut a, _) = parse(&bytes).unwrap();
        let mut model = contents(&a);
        if !a.is_empty() {
            a.replace(0, b"REPLACED", Method::XorLzss).unwrap();
            model[0].1 = b"REPLACED".to_vec();
            a.rename(a.len() - 1, b"RENAMED.BIN").unwrap();
            model.last_mut().unwrap().0 = b"RENAMED.BIN".to_vec();
        }
        let i = a.add(b"ADDED.BIN", b"added, lzhuf", Method::Lzhuf).unwrap();
        model.push((b"ADDED.BIN".to_vec(), b"added, lzhuf".to_vec()));
        assert_eq!(i, model.len() - 1);
        if a.len() > 2 {
            a.remove(1).unwrap();
            model.remove(1);
        }
        let w = a.write();
        let (b, _) = parse(&w).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(contents(&b), model, "{name}");
        assert!(b.lookup_is_valid(), "{name}");
        assert_eq!(b.overlay(), a.overlay(), "{name}: trailer kept");
        let mut c = b.clone();
        c.compact();
        let (c2, _) = parse(&c.write()).unwrap();
        assert_eq!(contents(&c2), model, "{name} compacted");
        assert!(c.write().len() <= w.len(), "{name}: compact never grows");
    }
}

#[test]
fn untouched_parts_keep_their_bytes_after_a_replace() {
    let f = fx::gaps();
    let (mut a, _) = parse(&f).unwrap();
    let table_end = 32 + 32 * a.len();
    a.replace(1, b"new bytes", Method::Stored).unwrap();
    let w = a.write();
    assert_eq!(&w[table_end..f.len()], &f[table_end..], "data region kept, new bytes appended");
    assert_eq!(&w[f.len()..], b"new bytes");
}

#[derive(Debug, Clone)]
enum Op {
    Add(Vec<u8>, Vec<u8>, usize),
    Replace(usize, Vec<u8>, usize),
    Remove(usize),
    Rename(usize, Vec<u8>),
    Compact,
    TogglePresorted,
}

fn name() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(prop_oneof![Just(b'A'), Just(b'B'), Just(b'.'), Just(b'_'), 0x30u8..0x5B], 1..=12)
}

fn op() -> impl Strategy<Value = Op> {
    let data = proptest::collection::vec(prop_oneof![Just(b' '), Just(b'x'), any::<u8>()], 0..400);
    prop_oneof![
        3 => (name(), data.clone(), 0usize..7).prop_map(|(n, d, m)| Op::Add(n, d, m)),
        2 => (any::<usize>(), data, 0usize..7).prop_map(|(i, d, m)| Op::Replace(i, d, m)),
        1 => any::<usize>().prop_map(Op::Remove),
        1 => (any::<usize>(), name()).prop_map(|(i, n)| Op::Rename(i, n)),
        1 => Just(Op::Compact),
        1 => Just(Op::TogglePresorted),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random edit sequences against a plain list model: after each step the archive written,
    /// parsed back, holds exactly the model's names and contents, and writes back identically.
    #[test]
    fn edit_sequences_match_a_model(seed: u32, overlay in proptest::option::of(0u32..200), ops in proptest::collection::vec(op(), 1..14)) {
        let mut a = Archive::with_seed(seed);
        if let Some(o) = overlay {
            // An overlay before the table's end keeps every offset non-negative.
            a.set_overlay(Some(o.min(32))).unwrap();
        }
        let mut model: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
        for op in ops {
            match op {
                Op::Add(n, d, m) => {
                    a.add(&n, &d, Method::ALL[m]).unwrap();
                    model.push((n, d));
                }
                Op::Replace(i, d, m) if !model.is_empty() => {
                    let i = i % model.len();
                    a.replace(i, &d, Method::ALL[m]).unwrap();
                    model[i].1 = d;
                }
                Op::Remove(i) if !model.is_empty() => {
                    let i = i % model.len();
                    a.remove(i).unwrap();
                    model.remove(i);
                }
                Op::Rename(i, n) if !model.is_empty() => {
                    let i = i % model.len();
                    a.rename(i, &n).unwrap();
                    model[i].0 = n;
                }
                Op::Compact => a.compact(),
                Op::TogglePresorted => { let on = !a.presorted(); a.set_presorted(on).unwrap() }
                _ => {}
            }
            let w = a.write();
            let (b, _) = parse(&w).unwrap();
            prop_assert_eq!(contents(&b), model.clone());
            prop_assert_eq!(b.write(), w);
            prop_assert!(b.lookup_is_valid());
            prop_assert!(b.validate().iter().all(|d| d.severity != Severity::Error), "{:?}", b.validate());
        }
    }
}
