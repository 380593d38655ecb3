//! RsLi: parse; on success unpack every entry, validate, write, re-parse and compare.
//! Fails only on a panic (or a broken round trip, which is a bug too).
#![no_main]

use libfuzzer_sys::fuzz_target;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::rsli::Archive;

fuzz_target!(|data: &[u8]| {
    let Ok((archive, _)) = Archive::parse(SharedBytes::from(data)) else { return };
    for i in 0..archive.len() {
        let _ = archive.unpack(i);
    }
    let _ = archive.validate_structure();
    let written = archive.write();
    assert_eq!(written, data, "untouched archive must write back byte-identically");
    let (again, _) = Archive::parse(SharedBytes::from(written)).expect("own output re-parses");
    assert_eq!(again.len(), archive.len());
    // An edit path too: compact re-lays every payload and must still parse back.
    let mut c = archive.clone();
    c.compact();
    let (compacted, _) = Archive::parse(SharedBytes::from(c.write())).expect("compacted output re-parses");
    for i in 0..archive.len() {
        assert_eq!(&*compacted.packed(i), &*archive.packed(i));
    }
});
