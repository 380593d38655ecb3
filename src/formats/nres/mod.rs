//! NRes archives (`.lib`, `.rlb`, every `.msh`): docs/formats/nres.md.
//!
//! The raw layer keeps the 16-byte header, every 64-byte directory row whole (the full 36-byte
//! name field, bytes after the NUL included) and every byte of the data region. The data region
//! is held as an ordered list of [`Item`]s: payload clusters (one payload, or several that share
//! or overlap) and the gaps between them. Writing lays the items out in order, so an untouched
//! archive comes back byte-identical, and an edit changes only the edited payload, the offsets
//! that follow it, the sizes, the counts and the directory. Items hold [`SharedBytes`], so a
//! clone (an undo snapshot) costs O(entries), not O(bytes).

mod edit;
mod lookup;
mod parse;
mod row;

pub use edit::check_new_name;
pub use parse::directory_type_ids;
pub use lookup::{compare_names, lookup_order};
pub use row::Row;

use super::bytes::SharedBytes;

pub const MAGIC: &[u8; 4] = b"NRes";
pub const VERSION: u32 = 0x100;
pub const HEADER_LEN: usize = 16;
pub const ROW_LEN: usize = 64;
pub const NAME_FIELD: usize = 36;
/// Longest name the editor writes (one reader treats the field as 32 bytes with a NUL).
pub const MAX_NEW_NAME: usize = 31;

/// A contiguous part of the data region.
#[derive(Clone, Debug)]
enum Item {
    /// Bytes no directory row points into (padding, leftovers); kept as they are.
    Gap(SharedBytes),
    /// Payload bytes of one or more rows, followed by `pad_after` zero bytes that an edit
    /// inserted to keep the following bytes at their offset modulo 8.
    Data { bytes: SharedBytes, pad_after: usize },
}

impl Item {
    fn len(&self) -> usize {
        match self {
            Item::Gap(b) => b.len(),
            Item::Data { bytes, pad_after } => bytes.len() + pad_after,
        }
    }
}

/// Where a row's payload lives: item index and offset within that item's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Loc {
    item: usize,
    rel: usize,
}

#[derive(Clone, Debug)]
pub struct Archive {
    header: [u8; HEADER_LEN],
    rows: Vec<Row>,
    locs: Vec<Loc>,
    items: Vec<Item>,
}

impl Default for Archive {
    fn default() -> Self {
        Self::new()
    }
}

impl Archive {
    /// An empty archive: a header and nothing else.
    pub fn new() -> Archive {
        let mut header = [0u8; HEADER_LEN];
        header[..4].copy_from_slice(MAGIC);
        header[4..8].copy_from_slice(&VERSION.to_le_bytes());
        let mut a = Archive { header, rows: Vec::new(), locs: Vec::new(), items: Vec::new() };
        a.relayout();
        a
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
    pub fn entry(&self, i: usize) -> &Row {
        &self.rows[i]
    }
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
    pub fn header(&self) -> &[u8; HEADER_LEN] {
        &self.header
    }

    /// The payload of entry `i`, sharing the archive's bytes.
    pub fn payload(&self, i: usize) -> SharedBytes {
        let loc = self.locs[i];
        let size = self.rows[i].size() as usize;
        match &self.items[loc.item] {
            Item::Data { bytes, .. } | Item::Gap(bytes) => bytes.slice(loc.rel..loc.rel + size),
        }
    }

    /// The first entry whose name matches ASCII case-insensitively, in directory order.
    pub fn find(&self, name: &str) -> Option<usize> {
        let want = name.as_bytes();
        self.rows.iter().position(|r| r.name_bytes().eq_ignore_ascii_case(want))
    }

    /// The file length this archive writes.
    pub fn total_size(&self) -> usize {
        HEADER_LEN + self.data_len() + self.rows.len() * ROW_LEN
    }

    fn data_len(&self) -> usize {
        self.items.iter().map(Item::len).sum()
    }

    /// Serialises the archive. Offsets, sizes and counts were kept current by every edit.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.total_size());
        self.write_into(&mut out);
        out
    }

    /// Streams the archive to a writer without building it in memory first (a save of a
    /// 100 MB archive then costs one sequential write, not a copy and a write).
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        const ZEROS: [u8; 4096] = [0; 4096];
        w.write_all(&self.header)?;
        for item in &self.items {
            match item {
                Item::Gap(b) => w.write_all(b)?,
                Item::Data { bytes, pad_after } => {
                    w.write_all(bytes)?;
                    let mut left = *pad_after;
                    while left > 0 {
                        let n = left.min(ZEROS.len());
                        w.write_all(&ZEROS[..n])?;
                        left -= n;
                    }
                }
            }
        }
        for row in &self.rows {
            w.write_all(row.raw())?;
        }
        Ok(())
    }

    pub fn write_into(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.header);
        for item in &self.items {
            match item {
                Item::Gap(b) => out.extend_from_slice(b),
                Item::Data { bytes, pad_after } => {
                    out.extend_from_slice(bytes);
                    out.resize(out.len() + pad_after, 0);
                }
            }
        }
        for row in &self.rows {
            out.extend_from_slice(row.raw());
        }
    }

    /// Recomputes every row's offset field from the item layout, and the header's count and
    /// total size. Called after each edit; the values are the ones a parse of the written
    /// bytes would see.
    fn relayout(&mut self) {
        let mut starts = Vec::with_capacity(self.items.len());
        let mut at = HEADER_LEN;
        for item in &self.items {
            starts.push(at);
            at += item.len();
        }
        for (row, loc) in self.rows.iter_mut().zip(&self.locs) {
            row.set_offset((starts[loc.item] + loc.rel) as u32);
        }
        let total = at + self.rows.len() * ROW_LEN;
        self.header[8..12].copy_from_slice(&(self.rows.len() as i32).to_le_bytes());
        self.header[12..16].copy_from_slice(&(total as u32).to_le_bytes());
    }

    /// Which entries share or overlap another entry's bytes (shipped archives have none).
    pub fn shared_entries(&self) -> Vec<usize> {
        (0..self.rows.len()).filter(|&i| !self.sole_member(i)).collect()
    }

    fn sole_member(&self, i: usize) -> bool {
        let item = self.locs[i].item;
        self.locs.iter().enumerate().all(|(j, l)| j == i || l.item != item)
    }
}

/// The `type` string of `list --json`: the four bytes when all are printable ASCII, else the
/// decimal id.
pub fn type_label(type_id: u32) -> String {
    let b = type_id.to_le_bytes();
    if b.iter().all(|c| (0x20..0x7F).contains(c)) {
        b.iter().map(|&c| c as char).collect()
    } else {
        type_id.to_string()
    }
}

#[cfg(test)]
mod tests;
