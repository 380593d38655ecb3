//! The archive model: the header and rows exactly as stored, the data region after the table
//! as a list of shared byte chunks (the original bytes first, appended payloads after), and
//! for each entry the stored bytes it points at. Rows always hold what `write` will emit.

use super::method::{self, Method};
use super::row::{NAME_LEN, ROW_SIZE, Row};
use crate::formats::bytes::{SharedBytes, Span, le_i16, le_u16, le_u32};
use crate::formats::{Error, Result, cp1251};
use crate::msg;
use std::cmp::Ordering;

pub const HEADER_SIZE: usize = 32;
pub const TRAILER_SIZE: usize = 6;
/// The value at header +14 that says the rows' `sort_to_original` fields are a valid table.
pub const PRESORTED: u16 = 0xABBA;
pub const COUNT_AT: usize = 4;
pub const COUNT2_AT: usize = 6;
pub const PRESORTED_AT: usize = 14;
pub const SUM_AT: usize = 16;
pub const SEED_AT: usize = 20;
/// Entry counts are stored as i16.
pub const MAX_ENTRIES: usize = i16::MAX as usize;

/// A part of the data region: bytes held, (a table-only reading, [`Archive::parse_table`]) a
/// range of the file, or a new payload the caller packed ahead ([`Archive::prepacked`]), the
/// last two written by copying them ([`Archive::write_streamed`]); or one of those two
/// re-keyed as it is copied: an xor payload not held whose key a batch changed (a kept
/// entry's range, keys old and new) or set (a source packed ahead with key 0, the final key).
#[derive(Clone, Debug)]
pub(super) enum Chunk {
    Held(SharedBytes),
    InFile(std::ops::Range<u64>),
    Source { id: u32, len: u64 },
    Keyed { span: Span, from: u16, to: u16 },
}

/// A new payload a caller packed ahead, outside the archive (a streamed rebuild packs each one
/// into a file of its own): its method and its packed and unpacked sizes. A batch entry whose
/// bytes are `NewBytes::Source { id, .. }` is written as the `packed` bytes of source `id`.
/// An xor method's source is packed with key 0 (not encrypted: the key is the final lookup
/// table's, which only the batch knows); the streamed writer encrypts it as it copies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prepacked {
    pub method: Method,
    pub packed: u64,
    pub unpacked: u64,
}

impl Chunk {
    pub(super) fn len(&self) -> u64 {
        match self {
            Chunk::Held(b) => b.len() as u64,
            Chunk::InFile(r) => r.end - r.start,
            Chunk::Source { len, .. } | Chunk::Keyed { span: Span::Source { len, .. }, .. } => *len,
            Chunk::Keyed { span: Span::File(r), .. } => r.end - r.start,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Archive {
    pub(super) header: [u8; HEADER_SIZE],
    pub(super) rows: Vec<Row>,
    /// Per entry: the stored bytes its range covers (clipped to the data region).
    pub(super) packed: Vec<SharedBytes>,
    /// Per entry: its start relative to the data region, or `None` for an empty entry whose
    /// offset points into the header or table (kept verbatim, it moves with nothing).
    pub(super) rel: Vec<Option<u64>>,
    /// The data region after the entry table and before the AO trailer, in file order.
    pub(super) body: Vec<Chunk>,
    pub(super) trailer: Option<[u8; TRAILER_SIZE]>,
    /// Per entry: the lookup-table value the loader uses (also the xor payload key).
    pub(super) lookup: Vec<u16>,
    /// Set by every edit: the writer then updates both counts and the unpacked-size sum.
    pub(super) edited: bool,
    /// New payloads packed ahead, by source id ([`Archive::prepacked`]).
    pub(super) sources: std::collections::HashMap<u32, Prepacked>,
}

impl Default for Archive {
    fn default() -> Self {
        Archive::new()
    }
}

impl Archive {
    /// An empty archive: version 1, seed 0, flagged presorted.
    pub fn new() -> Archive {
        Archive::with_seed(0)
    }

    pub fn with_seed(seed: u32) -> Archive {
        let mut header = [0u8; HEADER_SIZE];
        header[..2].copy_from_slice(b"NL");
        header[3] = 1;
        header[PRESORTED_AT..PRESORTED_AT + 2].copy_from_slice(&PRESORTED.to_le_bytes());
        header[SEED_AT..SEED_AT + 4].copy_from_slice(&seed.to_le_bytes());
        Archive {
            header,
            rows: Vec::new(),
            packed: Vec::new(),
            rel: Vec::new(),
            body: Vec::new(),
            trailer: None,
            lookup: Vec::new(),
            edited: false,
            sources: Default::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
    /// Panics when `i >= len()`, like slice indexing.
    pub fn entry(&self, i: usize) -> &Row {
        &self.rows[i]
    }
    pub fn entries(&self) -> &[Row] {
        &self.rows
    }
    /// The 32 header bytes as they will be written.
    pub fn header(&self) -> [u8; HEADER_SIZE] {
        self.written_header()
    }
    pub fn seed(&self) -> u32 {
        le_u32(&self.header, SEED_AT)
    }
    /// Header +14 holds 0xABBA: the loader trusts the stored lookup table.
    pub fn presorted(&self) -> bool {
        le_u16(&self.header, PRESORTED_AT) == PRESORTED
    }
    /// The two stored entry counts (+4, +6) as read; they differ only in a damaged file.
    pub fn declared_counts(&self) -> (i16, i16) {
        (le_i16(&self.header, COUNT_AT), le_i16(&self.header, COUNT2_AT))
    }
    pub fn overlay(&self) -> Option<u32> {
        self.trailer.map(|t| le_u32(&t, 2))
    }
    pub fn trailer(&self) -> Option<[u8; TRAILER_SIZE]> {
        self.trailer
    }
    pub(super) fn overlay_or_zero(&self) -> u32 {
        self.overlay().unwrap_or(0)
    }
    pub(super) fn table_end(&self) -> u64 {
        (HEADER_SIZE + self.rows.len() * ROW_SIZE) as u64
    }
    pub(super) fn body_len(&self) -> u64 {
        self.body.iter().map(Chunk::len).sum()
    }

    /// The file range entry `i`'s stored bytes are read from in a table-only reading
    /// ([`Archive::parse_table`]) that has not loaded them yet ([`Archive::load_packed`]);
    /// `None` when they are held (or empty). Asked before any edit.
    pub fn stored_range(&self, i: usize) -> Option<std::ops::Range<u64>> {
        let row = self.rows.get(i)?;
        let (Some(rel), Some(Chunk::InFile(region))) = (self.rel.get(i).copied().flatten(), self.body.first()) else { return None };
        if !self.packed[i].is_empty() || row.packed_size() == 0 {
            return None;
        }
        let start = region.start + rel;
        // A Deflate range may end one byte past the data (see `parse`): read without it.
        let end = (start + u64::from(row.packed_size())).min(region.end);
        Some(start..end)
    }

    /// Holds entry `i`'s stored bytes, read by the caller from [`Archive::stored_range`], in a
    /// table-only reading: it then unpacks, and is edited, as in a whole reading.
    pub fn load_packed(&mut self, i: usize, bytes: SharedBytes) -> Result<()> {
        let Some(r) = self.stored_range(i) else { return Ok(()) };
        if bytes.len() as u64 != r.end - r.start {
            return Err(Error::new(r.start, crate::msg!("rsli-stored-size", "entry {i}: {given} bytes given for {stored} stored", i = i, given = bytes.len(), stored = r.end - r.start)));
        }
        self.packed[i] = bytes;
        Ok(())
    }

    /// Declares source `id` packed ahead as `p`: an edit batch may then name it
    /// (`NewBytes::Source`), and the streamed writer asks for its `p.packed` bytes
    /// (`Span::Source`). The archive is then written streamed only, and not compacted.
    pub fn prepacked(&mut self, id: u32, p: Prepacked) {
        self.sources.insert(id, p);
    }

    /// The stored (packed) bytes of entry `i`. Panics when `i >= len()`.
    pub fn packed(&self, i: usize) -> SharedBytes {
        self.packed[i].clone()
    }

    /// The lookup-table value of row `i` as the loader uses it: the stored field when the table
    /// is flagged presorted, else the one it rebuilds by sorting the names bytewise.
    pub fn lookup(&self, i: usize) -> u16 {
        self.lookup[i]
    }

    /// The key of entry `i`'s xor methods. The public reader keys them by the row's lookup
    /// value; no shipped archive uses an xor method, so this is unconfirmed: this function is
    /// the only place that makes the choice.
    pub fn xor_key(&self, i: usize) -> u16 {
        self.lookup[i]
    }

    /// What unpacking entry `i` needs, detached from the archive (for another thread).
    pub fn packed_entry(&self, i: usize) -> Option<PackedEntry> {
        let row = self.rows.get(i)?;
        Some(PackedEntry {
            method: row.method(),
            key: self.xor_key(i),
            packed: self.packed[i].clone(),
            size: usize::try_from(row.unpacked_size()).ok()?,
        })
    }

    /// Entry `i` decoded to exactly its unpacked size. Errors name the entry and carry the
    /// file offset where decoding failed.
    pub fn unpack(&self, i: usize) -> Result<Vec<u8>> {
        let row =
            self.rows.get(i).ok_or_else(|| Error::new(0, msg!("archive-no-entry", "no entry #{i} (the archive has {count})", i = i, count = self.len())))?;
        let size = usize::try_from(row.unpacked_size()).unwrap_or(usize::MAX);
        method::unpack(row.method(), self.xor_key(i), &self.packed[i], size).map_err(|e| {
            let at = e.offset.saturating_add(row.effective_offset());
            let text = e.text().prefixed(&format!("{} ({} entry): ", label(i, row), row.method().name()));
            Error { offset: at, context: Vec::new(), message: text.english, key: text.key }
        })
    }

    /// The entry the engine finds for `name`: the query is upper-cased (ASCII) and compared
    /// bytewise, through the lookup table when it is a valid sorted permutation, else by a
    /// linear search (as a damaged table would make the engine miss entries). Names the engine
    /// cannot find (lower-case ones) are not found here either.
    pub fn find(&self, name: &str) -> Option<usize> {
        let query = cp1251::encode(&name.to_ascii_uppercase())?;
        if self.lookup_is_valid() {
            let n = self.lookup.len();
            let (mut lo, mut hi) = (0usize, n);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                let at = usize::from(self.lookup[mid]);
                if self.rows[at].name_bytes() < &query[..] {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            let at = usize::from(*self.lookup.get(lo)?);
            return (self.rows[at].name_bytes() == &query[..]).then_some(at);
        }
        self.rows.iter().position(|r| r.name_bytes() == &query[..])
    }

    /// Whether the lookup values form a permutation of the rows sorted bytewise by name.
    pub fn lookup_is_valid(&self) -> bool {
        let n = self.rows.len();
        let mut seen = vec![false; n];
        for &v in &self.lookup {
            match seen.get_mut(usize::from(v)) {
                Some(s) if !*s => *s = true,
                _ => return false,
            }
        }
        self.lookup
            .windows(2)
            .all(|w| self.rows[usize::from(w[0])].name_bytes() <= self.rows[usize::from(w[1])].name_bytes())
    }

    /// Recomputes the loader's view of the lookup table from the rows and the header flag.
    pub(super) fn refresh_lookup(&mut self) {
        self.lookup = if self.presorted() {
            self.rows.iter().map(|r| r.sort_to_original() as u16).collect()
        } else {
            rebuilt_order(&self.names())
        };
    }

    pub(super) fn names(&self) -> Vec<&[u8]> {
        self.rows.iter().map(|r| r.name_bytes()).collect()
    }
}

/// The table the loader builds: row k holds the original index of the k-th name in strcmp
/// order (plain bytes, no case folding); equal names keep their original order.
pub fn rebuilt_order(names: &[&[u8]]) -> Vec<u16> {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| strcmp(names[a], names[b]));
    order.into_iter().map(|i| i as u16).collect()
}

fn strcmp(a: &[u8], b: &[u8]) -> Ordering {
    a.cmp(b)
}

/// Checks a name for `add` and `rename`: 1..=12 bytes, no NUL.
pub(super) fn check_name(name: &[u8]) -> Result<()> {
    if name.is_empty() {
        return Err(Error::new(0, msg!("archive-name-empty", "an entry name cannot be empty")));
    }
    if name.len() > NAME_LEN {
        return Err(Error::new(0, msg!("rsli-name-too-long", "entry name is {len} bytes; RsLi names hold at most {max}", len = name.len(), max = NAME_LEN)));
    }
    if name.contains(&0) {
        return Err(Error::new(0, msg!("archive-name-nul", "an entry name cannot contain a NUL byte")));
    }
    Ok(())
}

/// `#3 FONT.0`: how messages name an entry.
pub(super) fn label(i: usize, row: &Row) -> String {
    format!("entry #{i} {:?}", row.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strcmp_order_is_bytewise_and_stable() {
        let names: Vec<&[u8]> = vec![b"b", b"B", b"_", b"a", b"B", b"AB", b"A"];
        // 'A' 0x41 < 'B' 0x42 < '_' 0x5F < 'a' 0x61 < 'b' 0x62; "A" < "AB" (prefix first);
        // the two "B" keep their order (1 before 4).
        assert_eq!(rebuilt_order(&names), vec![6, 5, 1, 4, 2, 3, 0]);
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name(b"").is_err());
        assert!(check_name(b"ABCDEFGHIJKLM").is_err());
        assert!(check_name(b"A\0B").is_err());
        assert!(check_name(b"ABCDEFGHIJKL").is_ok());
    }

    #[test]
    fn new_archive_header() {
        let a = Archive::with_seed(0x1234_5678);
        let h = a.header();
        assert_eq!(&h[..4], b"NL\0\x01");
        assert_eq!(&h[14..16], &[0xBA, 0xAB]);
        assert_eq!(&h[20..24], &[0x78, 0x56, 0x34, 0x12]);
        assert!(a.presorted() && a.is_empty() && a.overlay().is_none());
        assert_eq!(a.find("X"), None);
    }
}

/// One entry's packed bytes with what decoding them takes (see [`Archive::packed_entry`]).
#[derive(Clone, Debug)]
pub struct PackedEntry {
    pub method: Method,
    pub key: u16,
    pub packed: SharedBytes,
    /// The unpacked size the directory declares.
    pub size: usize,
}

impl PackedEntry {
    pub fn unpack(&self) -> Result<Vec<u8>> {
        method::unpack(self.method, self.key, &self.packed, self.size)
    }
}
