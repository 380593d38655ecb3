//! Property tests of the NRes codec: lossless round trips of generated archives (including
//! irregular layouts), and model-checked edits.

use parkan_studio::fixtures::nres::{RawArchive, RawRow, pattern};
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::nres::Archive;
use proptest::prelude::*;

/// An irregular archive: a random data region and rows pointing anywhere inside it.
fn raw_archive() -> impl Strategy<Value = Vec<u8>> {
    (0usize..300, proptest::collection::vec((any::<u16>(), any::<u16>(), any::<[u8; 36]>(), any::<bool>(), any::<u32>()), 0..12), any::<u32>())
        .prop_map(|(data_len, rows, seed)| {
            let data = pattern(seed, data_len);
            let rows = rows
                .into_iter()
                .map(|(o, s, name_field, canonical, sort)| {
                    let off = if data_len == 0 { 0 } else { o as usize % (data_len + 1) };
                    let size = if data_len == off { 0 } else { s as usize % (data_len - off + 1) };
                    RawRow {
                        type_id: sort.rotate_left(7),
                        attrs: [sort, sort ^ 0x5555, 3],
                        name_field,
                        offset: (16 + off) as u32,
                        size: size as u32,
                        sort_index: if canonical { None } else { Some(sort % 16) },
                    }
                })
                .collect();
            RawArchive { data, rows }.write()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn write_parse_is_identity(bytes in raw_archive()) {
        let (a, _) = Archive::parse(SharedBytes::from(&bytes[..])).expect("generated archives parse");
        prop_assert!(a.write() == bytes);
    }

    #[test]
    fn mutated_bytes_never_panic(bytes in raw_archive(), flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..8)) {
        let mut b = bytes.clone();
        for (i, v) in flips {
            if !b.is_empty() {
                let n = b.len();
                b[i % n] = v;
            }
        }
        if let Ok((a, _)) = Archive::parse(SharedBytes::from(&b[..])) {
            prop_assert!(a.write() == b);
        }
    }

    #[test]
    fn edits_match_a_model(bytes in raw_archive(), ops in proptest::collection::vec((0u8..5, any::<u16>(), 0usize..40), 1..10)) {
        let (mut a, _) = Archive::parse(SharedBytes::from(&bytes[..])).unwrap();
        let mut model: Vec<(Vec<u8>, Vec<u8>)> = (0..a.len()).map(|i| (a.entry(i).name_bytes().to_vec(), a.payload(i).to_vec())).collect();
        for (k, (op, pick, len)) in ops.into_iter().enumerate() {
            let i = if model.is_empty() { 0 } else { pick as usize % model.len() };
            match op {
                0 if !model.is_empty() => {
                    let p = pattern(k as u32 + 1000, len);
                    a.replace(i, p.clone()).unwrap();
                    model[i].1 = p;
                }
                1 => {
                    let name = format!("N{k}").into_bytes();
                    let p = pattern(k as u32 + 2000, len);
                    a.add(&name, 1, [0; 3], p.clone()).unwrap();
                    model.push((name, p));
                }
                2 if !model.is_empty() => {
                    a.remove(i).unwrap();
                    model.remove(i);
                }
                3 if !model.is_empty() => {
                    let name = format!("R{k}").into_bytes();
                    a.rename(i, &name).unwrap();
                    model[i].0 = name;
                }
                4 => a.compact(),
                _ => {}
            }
            let written = a.write();
            let (b, _) = Archive::parse(SharedBytes::from(&written[..])).expect("edited archives parse");
            prop_assert_eq!(b.len(), model.len());
            for (j, (name, payload)) in model.iter().enumerate() {
                prop_assert_eq!(b.entry(j).name_bytes(), &name[..]);
                prop_assert_eq!(&*b.payload(j), &payload[..]);
            }
        }
    }
}
