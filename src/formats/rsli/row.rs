//! One 32-byte entry row, kept whole as decrypted from the table:
//! `name[12] service[4] i16 flags; i16 sort_to_original; u32 unpacked_size, data_offset,
//! packed_size`. Accessors read the fields; only the archive's edits change them.

use super::method::{METHOD_MASK, Method};
use crate::formats::bytes::{le_i16, le_u16, le_u32, put_u16, put_u32};
use crate::formats::cp1251;

pub const ROW_SIZE: usize = 32;
pub const NAME_LEN: usize = 12;
pub const FLAGS_AT: usize = 16;
pub const SORT_AT: usize = 18;
pub const UNPACKED_AT: usize = 20;
pub const OFFSET_AT: usize = 24;
pub const PACKED_AT: usize = 28;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    raw: [u8; ROW_SIZE],
    /// The archive's AO overlay, copied here so that `effective_offset` needs no archive.
    overlay: u32,
}

impl Row {
    pub(crate) fn from_raw(raw: [u8; ROW_SIZE], overlay: u32) -> Row {
        Row { raw, overlay }
    }

    /// The name bytes before the first NUL (all 12 when there is none).
    pub fn name_bytes(&self) -> &[u8] {
        let field = &self.raw[..NAME_LEN];
        let end = field.iter().position(|&b| b == 0).unwrap_or(NAME_LEN);
        &field[..end]
    }
    /// The name for display, bytes >= 0x80 as CP1251.
    pub fn name(&self) -> String {
        cp1251::decode(self.name_bytes())
    }
    /// The row exactly as stored, decrypted.
    pub fn raw(&self) -> &[u8; ROW_SIZE] {
        &self.raw
    }
    /// Four bytes after the name that nothing reads.
    pub fn service(&self) -> [u8; 4] {
        [self.raw[12], self.raw[13], self.raw[14], self.raw[15]]
    }
    /// All 16 flag bits (stored as an i16); the method is `flags & 0x1E0`.
    pub fn flags(&self) -> u16 {
        le_u16(&self.raw, FLAGS_AT)
    }
    pub fn method(&self) -> Method {
        Method::from_flags(self.flags())
    }
    /// The lookup-table value held in this row, as stored (the loader rebuilds it when the
    /// table is not flagged presorted: see `Archive::lookup`).
    pub fn sort_to_original(&self) -> i16 {
        le_i16(&self.raw, SORT_AT)
    }
    pub fn unpacked_size(&self) -> u32 {
        le_u32(&self.raw, UNPACKED_AT)
    }
    /// As stored: relative to the AO overlay when the archive has one.
    pub fn data_offset(&self) -> u32 {
        le_u32(&self.raw, OFFSET_AT)
    }
    /// As declared; the bytes present may be one fewer (the Deflate end-of-file quirk).
    pub fn packed_size(&self) -> u32 {
        le_u32(&self.raw, PACKED_AT)
    }
    /// Where the packed bytes start in the file: `data_offset + overlay`.
    pub fn effective_offset(&self) -> u64 {
        u64::from(self.data_offset()) + u64::from(self.overlay)
    }

    pub(crate) fn set_name(&mut self, name: &[u8]) {
        self.raw[..NAME_LEN].fill(0);
        self.raw[..name.len()].copy_from_slice(name);
    }
    pub(crate) fn set_method(&mut self, m: Method) {
        let flags = (self.flags() & !METHOD_MASK) | m.bits();
        put_u16(&mut self.raw, FLAGS_AT, flags);
    }
    pub(crate) fn set_sort_to_original(&mut self, v: u16) {
        put_u16(&mut self.raw, SORT_AT, v);
    }
    pub(crate) fn set_unpacked_size(&mut self, v: u32) {
        put_u32(&mut self.raw, UNPACKED_AT, v);
    }
    pub(crate) fn set_data_offset(&mut self, v: u32) {
        put_u32(&mut self.raw, OFFSET_AT, v);
    }
    pub(crate) fn set_packed_size(&mut self, v: u32) {
        put_u32(&mut self.raw, PACKED_AT, v);
    }
    pub(crate) fn set_overlay(&mut self, overlay: u32) {
        self.overlay = overlay;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_at_their_offsets() {
        let mut raw = [0u8; 32];
        raw[..6].copy_from_slice(b"FONT.0"); // name, NUL-padded
        raw[7] = 0x55; // a byte after the NUL: kept, not part of the name
        raw[12..16].copy_from_slice(&[1, 2, 3, 4]); // service
        raw[16..18].copy_from_slice(&0x8041u16.to_le_bytes()); // flags: LZSS (0x040) + bits 0x8001
        raw[18..20].copy_from_slice(&(-2i16).to_le_bytes()); // sort_to_original
        raw[20..24].copy_from_slice(&1000u32.to_le_bytes()); // unpacked_size
        raw[24..28].copy_from_slice(&0x60u32.to_le_bytes()); // data_offset
        raw[28..32].copy_from_slice(&300u32.to_le_bytes()); // packed_size
        let mut r = Row::from_raw(raw, 0x10);
        assert_eq!(r.name_bytes(), b"FONT.0");
        assert_eq!(r.service(), [1, 2, 3, 4]);
        assert_eq!(r.flags(), 0x8041);
        assert_eq!(r.method(), Method::Lzss);
        assert_eq!(r.sort_to_original(), -2);
        assert_eq!((r.unpacked_size(), r.data_offset(), r.packed_size()), (1000, 0x60, 300));
        assert_eq!(r.effective_offset(), 0x70);
        r.set_method(Method::Deflate);
        assert_eq!(r.flags(), 0x8101, "bits outside 0x1E0 are kept");
        r.set_name(b"ABCDEFGHIJKL");
        assert_eq!(r.name_bytes(), b"ABCDEFGHIJKL", "12 bytes without a NUL");
        assert_eq!(r.raw()[12..16], [1, 2, 3, 4]);
    }
}
