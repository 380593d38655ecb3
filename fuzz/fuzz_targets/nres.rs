#![no_main]
//! NRes: parse arbitrary bytes; whatever parses must write back byte-identically and survive
//! an edit of every kind.
use libfuzzer_sys::fuzz_target;
use parkan_studio::formats::bytes::SharedBytes;
use parkan_studio::formats::nres::Archive;

fuzz_target!(|data: &[u8]| {
    let Ok((mut a, _)) = Archive::parse(SharedBytes::from(data)) else { return };
    assert!(a.write() == data, "round trip");
    for i in 0..a.len() {
        let _ = a.payload(i);
    }
    if !a.is_empty() {
        let _ = a.replace(0, vec![1u8; 3]);
        let _ = a.rename(a.len() - 1, b"FUZZ");
        let _ = a.remove(a.len() / 2);
    }
    let _ = a.add(b"ADDED", 1, [0; 3], vec![2u8; 5]);
    let out = a.write();
    Archive::parse(SharedBytes::from(&out[..])).expect("edited archive re-parses");
});
