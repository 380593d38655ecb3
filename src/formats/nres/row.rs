//! One 64-byte directory row, kept whole; fields are read from and written into the raw bytes.

use super::NAME_FIELD;
use crate::formats::bytes::{le_u32, put_u32};
use crate::formats::cp1251;

const TYPE: usize = 0;
const ATTR1: usize = 4;
const ATTR2: usize = 8;
const SIZE: usize = 12;
const ATTR3: usize = 16;
const NAME: usize = 20;
/// Where the name field starts in a row.
pub(super) const NAME_AT: usize = NAME;
const OFFSET: usize = 56;
const SORT: usize = 60;

/// `repr(transparent)`: a directory read from a file is viewed as rows where it lies
/// ([`Row::view`]), so a parse copies no row.
#[derive(Clone, PartialEq, Eq)]
#[repr(transparent)]
pub struct Row {
    raw: [u8; 64],
}

impl Row {
    pub fn from_raw(raw: [u8; 64]) -> Row {
        Row { raw }
    }

    /// Whole 64-byte records seen as rows, in place.
    pub fn view(raw: &[[u8; 64]]) -> &[Row] {
        // SAFETY: `Row` is `repr(transparent)` over `[u8; 64]`: the same size and alignment
        // (1), so a slice of one is a valid slice of the other, borrowed for the same lifetime.
        unsafe { std::slice::from_raw_parts(raw.as_ptr().cast::<Row>(), raw.len()) }
    }

    /// A fresh row: the name NUL-terminated and zero-filled, everything else as given.
    pub fn new(name: &[u8], type_id: u32, attrs: [u32; 3]) -> Row {
        let mut r = Row { raw: [0; 64] };
        put_u32(&mut r.raw, TYPE, type_id);
        r.set_attrs(attrs);
        r.set_name(name);
        r
    }

    pub fn raw(&self) -> &[u8; 64] {
        &self.raw
    }
    pub fn type_id(&self) -> u32 {
        le_u32(&self.raw, TYPE)
    }
    pub fn attr1(&self) -> u32 {
        le_u32(&self.raw, ATTR1)
    }
    pub fn attr2(&self) -> u32 {
        le_u32(&self.raw, ATTR2)
    }
    pub fn attr3(&self) -> u32 {
        le_u32(&self.raw, ATTR3)
    }
    pub fn attrs(&self) -> [u32; 3] {
        [self.attr1(), self.attr2(), self.attr3()]
    }
    pub fn size(&self) -> u32 {
        le_u32(&self.raw, SIZE)
    }
    pub fn offset(&self) -> u32 {
        le_u32(&self.raw, OFFSET)
    }
    /// The stored lookup-table value of this row position (see docs/formats/nres.md).
    pub fn sort_index(&self) -> u32 {
        le_u32(&self.raw, SORT)
    }
    /// The whole 36-byte name field, bytes after the NUL included.
    pub fn name_field(&self) -> &[u8] {
        &self.raw[NAME..NAME + NAME_FIELD]
    }
    /// The name: the bytes before the first NUL (all 36 when there is none).
    pub fn name_bytes(&self) -> &[u8] {
        &self.name_field()[..self.name_len()]
    }
    /// Where the name's NUL is (36 when there is none). Eight bytes a step: a parse asks it of
    /// every row, twice.
    pub fn name_len(&self) -> usize {
        let (words, tail) = self.name_field().as_chunks::<8>();
        for (k, w) in words.iter().enumerate() {
            let w = u64::from_le_bytes(*w);
            // The high bit of each zero byte (and maybe of bytes above one, never below).
            let zeros = w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080;
            if zeros != 0 {
                return k * 8 + zeros.trailing_zeros() as usize / 8;
            }
        }
        words.len() * 8 + tail.iter().position(|&b| b == 0).unwrap_or(tail.len())
    }
    /// Whether the name field holds a NUL (the name is terminated): eight bytes a step, no
    /// position sought.
    pub fn has_nul(&self) -> bool {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let f = self.name_field();
        let word = |k: usize| u64::from_le_bytes(f[k..k + 8].try_into().expect("8 bytes"));
        // The last word overlaps the fourth: bytes 28..36.
        let all_nonzero = [0, 8, 16, 24, 28].into_iter().fold(0x8080_8080_8080_8080u64, |acc, k| {
            let w = word(k);
            acc & (((w & LOW7) + LOW7) | w)
        });
        all_nonzero & 0x8080_8080_8080_8080 != 0x8080_8080_8080_8080
    }
    /// The name for display, bytes above 0x7F as CP1251.
    pub fn name(&self) -> String {
        cp1251::decode(self.name_bytes())
    }

    pub(super) fn set_type(&mut self, type_id: u32) {
        put_u32(&mut self.raw, TYPE, type_id);
    }
    pub(super) fn set_attrs(&mut self, [a1, a2, a3]: [u32; 3]) {
        put_u32(&mut self.raw, ATTR1, a1);
        put_u32(&mut self.raw, ATTR2, a2);
        put_u32(&mut self.raw, ATTR3, a3);
    }
    pub(super) fn set_size(&mut self, size: u32) {
        put_u32(&mut self.raw, SIZE, size);
    }
    pub(super) fn set_offset(&mut self, offset: u32) {
        put_u32(&mut self.raw, OFFSET, offset);
    }
    pub(super) fn set_sort_index(&mut self, v: u32) {
        put_u32(&mut self.raw, SORT, v);
    }
    /// Writes a new name NUL-terminated and zero-filled; the caller has checked its length.
    pub(super) fn set_name(&mut self, name: &[u8]) {
        let field = &mut self.raw[NAME..NAME + NAME_FIELD];
        field.fill(0);
        field[..name.len()].copy_from_slice(name);
    }
}

impl std::fmt::Debug for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Row")
            .field("name", &self.name())
            .field("type", &super::type_label(self.type_id()))
            .field("attrs", &self.attrs())
            .field("size", &self.size())
            .field("offset", &self.offset())
            .field("sort_index", &self.sort_index())
            .finish()
    }
}
