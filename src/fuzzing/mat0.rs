//! MAT0: the first byte picks the version (attr2, the low three bits) as the directory row would;
//! the rest is the payload.

use crate::formats::mat0::Mat0;

pub fn parse(data: &[u8]) {
    let Some((&v, payload)) = data.split_first() else { return };
    if let Err(e) = Mat0::parse(payload, u32::from(v & 7)) {
        super::error_within(payload, &e);
    }
}

/// Every material the fixture writers make, valid and invalid, with its version byte.
pub fn seeds() -> Vec<Vec<u8>> {
    use crate::fixtures::mat0;
    let mut out = Vec::new();
    for e in mat0::entries() {
        let mut d = vec![e.attrs[1] as u8 | (e.attrs[0] as u8) << 3];
        d.extend_from_slice(&e.payload);
        out.push(d);
    }
    for (_, v, b) in mat0::invalid() {
        let mut d = vec![v as u8];
        d.extend_from_slice(&b);
        out.push(d);
    }
    super::within_cap(out)
}
