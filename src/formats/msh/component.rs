//! What every MSH component codec shares: fixed-size records read from and written to exact
//! byte layouts, and the [`Component`] trait that ties a type id to a typed value, its encoder
//! and the NRes attrs it determines (docs/formats/msh.md#counts-live-in-the-nres-attrs).

use crate::formats::bytes::{le_u16, le_u32};
use crate::formats::{Error, Result};

/// A record of fixed size, read from exactly `SIZE` bytes and written back bit for bit.
pub trait Record: Copy {
    const SIZE: usize;
    /// `b` is exactly `SIZE` bytes long (the caller slices it).
    fn read(b: &[u8]) -> Self;
    fn write(&self, out: &mut Vec<u8>);
}

/// Splits `bytes` into whole records; a remainder is an error at the first byte that does not
/// make a whole record.
pub fn decode_records<R: Record>(bytes: &[u8], what: &str) -> Result<Vec<R>> {
    let rem = bytes.len() % R::SIZE;
    if rem != 0 {
        return Err(not_whole(bytes.len(), R::SIZE, what));
    }
    Ok(bytes.chunks_exact(R::SIZE).map(R::read).collect())
}

pub fn encode_records<R: Record>(records: &[R]) -> Vec<u8> {
    let mut out = Vec::with_capacity(records.len().saturating_mul(R::SIZE));
    for r in records {
        r.write(&mut out);
    }
    out
}

/// The error for a payload that is not a whole number of records.
pub fn not_whole(len: usize, size: usize, what: &str) -> Error {
    let rem = len % size;
    let m = crate::msg!("msh-records-not-whole", "{len} bytes is not a whole number of {size}-byte records ({rem} bytes left over)", len = len, size = size, rem = rem);
    Error::new(len - rem, m.prefixed(&format!("{what}: ")))
}

/// A count as stored in an attr; payloads of an NRes never exceed `u32`, so saturation only
/// happens for values no archive can hold.
pub fn count32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One typed MSH component: its type id, how it decodes from and encodes to its payload, and
/// which attrs its value determines.
pub trait Component: Sized {
    const TYPE_ID: u32;
    /// Human name used in diagnostics ("positions", "batch table").
    const LABEL: &'static str;
    /// Decodes a payload. `attrs` are the entry's attrs: a few components keep a value there
    /// (the frame count of 19) or need one to pick between layouts (the node-table stride).
    fn decode(bytes: &[u8], attrs: [u32; 3]) -> Result<Self>;
    /// Encodes exactly: `encode(decode(b)) == b` for every payload `decode` accepts.
    fn encode(&self) -> Vec<u8>;
    /// The attrs this value determines; `None` = kept as stored.
    fn derived_attrs(&self) -> [Option<u32>; 3];
}

/// The attrs after an edit: derived values replace the stored ones, the rest are kept.
pub fn merge_attrs(old: [u32; 3], derived: [Option<u32>; 3]) -> [u32; 3] {
    [derived[0].unwrap_or(old[0]), derived[1].unwrap_or(old[1]), derived[2].unwrap_or(old[2])]
}

/// The label of a component type, for messages and `info`.
pub fn type_label(type_id: u32) -> &'static str {
    match type_id {
        1 => "node table",
        2 => "bounds and slots",
        3 => "positions",
        4 => "normals",
        5 => "UV0",
        6 => "indices",
        7 => "triangle descriptors",
        8 => "animation keys",
        9 => "node names",
        10 => "node strings",
        11 => "landscape face order",
        13 => "batch table",
        14 => "second-material alpha",
        17 => "path graph",
        18 => "lightmap UVs",
        19 => "animation frame map",
        21 => "landscape triangles",
        _ => "unknown component",
    }
}

/// The record size of components whose payload is a plain array of fixed-size records (what
/// `info`'s `count` divides by); `None` for components with a header or variable records.
pub fn record_size(type_id: u32) -> Option<usize> {
    Some(match type_id {
        3 => 12,
        4 | 5 | 11 | 14 | 18 => 4,
        6 | 19 => 2,
        7 => 16,
        8 => 24,
        9 => 32,
        13 => 20,
        21 => 28,
        _ => return None,
    })
}

impl Record for u16 {
    const SIZE: usize = 2;
    fn read(b: &[u8]) -> Self {
        le_u16(b, 0)
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl Record for f32 {
    const SIZE: usize = 4;
    fn read(b: &[u8]) -> Self {
        f32::from_bits(le_u32(b, 0))
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_bits().to_le_bytes());
    }
}

impl Record for [f32; 3] {
    const SIZE: usize = 12;
    fn read(b: &[u8]) -> Self {
        [0, 4, 8].map(|at| f32::from_bits(le_u32(b, at)))
    }
    fn write(&self, out: &mut Vec<u8>) {
        for v in self {
            out.extend_from_slice(&v.to_bits().to_le_bytes());
        }
    }
}

impl Record for [i8; 4] {
    const SIZE: usize = 4;
    fn read(b: &[u8]) -> Self {
        [b[0] as i8, b[1] as i8, b[2] as i8, b[3] as i8]
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend(self.iter().map(|&v| v as u8));
    }
}

impl Record for [u16; 2] {
    const SIZE: usize = 4;
    fn read(b: &[u8]) -> Self {
        [le_u16(b, 0), le_u16(b, 2)]
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self[0].to_le_bytes());
        out.extend_from_slice(&self[1].to_le_bytes());
    }
}

impl<const N: usize> Record for [u8; N] {
    const SIZE: usize = N;
    fn read(b: &[u8]) -> Self {
        let mut out = [0u8; N];
        out.copy_from_slice(b);
        out
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self);
    }
}

/// Declares a component that is a plain array of records whose `attr1` is the record count.
macro_rules! record_component {
    ($(#[$meta:meta])* $name:ident, $type_id:expr, $label:expr, $record:ty) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Default)]
        pub struct $name(pub Vec<$record>);

        impl $crate::formats::msh::component::Component for $name {
            const TYPE_ID: u32 = $type_id;
            const LABEL: &'static str = $label;
            fn decode(bytes: &[u8], _attrs: [u32; 3]) -> $crate::formats::Result<Self> {
                $crate::formats::msh::component::decode_records(bytes, $label).map($name)
            }
            fn encode(&self) -> Vec<u8> {
                $crate::formats::msh::component::encode_records(&self.0)
            }
            fn derived_attrs(&self) -> [Option<u32>; 3] {
                [Some($crate::formats::msh::component::count32(self.0.len())), None, None]
            }
        }
    };
}
pub(crate) use record_component;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remainder_is_an_error_at_the_first_partial_record() {
        let e = decode_records::<[f32; 3]>(&[0; 26], "positions").unwrap_err();
        assert_eq!(e.offset, 24);
        assert!(e.message.contains("26 bytes") && e.message.contains("12-byte") && e.message.contains("2 bytes left"));
    }

    #[test]
    fn records_round_trip_bit_for_bit() {
        // A signalling NaN and a negative zero survive.
        let b: Vec<u8> = [0x7F80_0001u32, 0x8000_0000, 0x3F80_0000].iter().flat_map(|v| v.to_le_bytes()).collect();
        let v = decode_records::<[f32; 3]>(&b, "p").unwrap();
        assert_eq!(encode_records(&v), b);
    }

    #[test]
    fn merge_keeps_what_is_not_derived() {
        assert_eq!(merge_attrs([1, 2, 3], [Some(9), None, Some(7)]), [9, 2, 7]);
    }
}
