//! NRes: the parse target reads the header and directory and lists every entry as `list` does
//! (name, type, attrs, payload); the round trip writes back and edits.

use crate::formats::bytes::SharedBytes;
use crate::formats::nres::Archive;

pub fn parse(data: &[u8]) {
    match Archive::parse(SharedBytes::from(data)) {
        Ok((a, _)) => {
            for (i, row) in a.rows().iter().enumerate() {
                let _ = (row.name(), row.type_id(), row.attrs());
                assert_eq!(a.payload(i).len(), row.size() as usize, "entry {i}: payload length is the row's size");
            }
        }
        Err(e) => super::error_within(data, &e),
    }
}

/// Whatever parses must write back byte-identically and survive an edit of every kind.
pub fn round_trip(data: &[u8]) {
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
}

/// Every NRes the fixture writers make: the archive variants, the libraries of the demo folder
/// and the meshes (an `.msh` is an NRes).
pub fn seeds() -> Vec<Vec<u8>> {
    use crate::fixtures as fx;
    let mut out: Vec<Vec<u8>> = fx::nres::all().into_iter().map(|(_, b)| b).collect();
    out.extend([fx::texm::textures_lib(), fx::texm::lightmap_lib(), fx::texm::palettes_lib(), fx::mat0::material_lib()]);
    out.extend(fx::msh::all().into_iter().map(|(_, b)| b));
    super::within_cap(out)
}
