//! NRes archives (`.lib`, `.rlb`, every `.msh`): docs/formats/nres.md.
//!
//! The raw layer keeps the 16-byte header, every 64-byte directory row whole (the full 36-byte
//! name field, bytes after the NUL included) and every byte of the data region. The data region
//! is held as an ordered list of [`Item`]s: payload clusters (one payload, or several that share
//! or overlap) and the gaps between them. Writing lays the items out in order, so an untouched
//! archive comes back byte-identical, and an edit changes only the edited payload, the offsets
//! that follow it, the sizes, the counts and the directory.
//!
//! A parse copies nothing: the directory is a view of the file's bytes (names included) until
//! an edit changes a row. Where the payloads lie apart in directory order (as every writer lays
//! them out) a parse makes no layout at all: each payload is read where its row says and the
//! data region is written as it was read, until the first edit that moves bytes builds the
//! items, ranges of the data region read; an edited payload is its own [`SharedBytes`]. So a
//! parse costs no allocation per entry and a clone (an undo snapshot) O(entries), not O(bytes).

mod edit;
mod lookup;
mod parse;
mod row;

pub use edit::{Batch, check_new_name};
pub use parse::directory_type_ids;
pub use lookup::{compare_names, lookup_order};
pub use row::Row;

use super::bytes::{CopyRange, NewBytes, SharedBytes, Span};
use std::ops::Range;

pub const MAGIC: &[u8; 4] = b"NRes";
pub const VERSION: u32 = 0x100;
pub const HEADER_LEN: usize = 16;
pub const ROW_LEN: usize = 64;
pub const NAME_FIELD: usize = 36;
/// Longest name the editor writes (one reader treats the field as 32 bytes with a NUL).
pub const MAX_NEW_NAME: usize = 31;

/// Bytes of an item: a range of the data region the archive was read from (NRes offsets are
/// u32), bytes an edit brought, or bytes an edit named and did not bring (a source of the
/// caller's, [`NewBytes::Source`], copied by [`Archive::write_streamed`]). Kept to 16 bytes: a
/// parse writes thousands of them.
#[derive(Clone, Debug)]
enum Piece {
    Read { start: u32, end: u32 },
    New(Box<SharedBytes>),
    Source { id: u32, len: u32 },
}

impl Piece {
    /// A range of the data region, which a parse has checked lies below 4 GiB.
    fn read(r: Range<usize>) -> Piece {
        Piece::Read { start: r.start as u32, end: r.end as u32 }
    }
    fn new(bytes: SharedBytes) -> Piece {
        Piece::New(Box::new(bytes))
    }
    /// An edit's new bytes, whose length its caller checked fits NRes's u32.
    fn of(bytes: NewBytes) -> Piece {
        match bytes {
            NewBytes::Held(b) => Piece::new(b),
            NewBytes::Source { id, len } => Piece::Source { id, len: len as u32 },
        }
    }
    fn len(&self) -> usize {
        match self {
            Piece::Read { start, end } => (end - start) as usize,
            Piece::New(b) => b.len(),
            Piece::Source { len, .. } => *len as usize,
        }
    }
}

/// A contiguous part of the data region.
#[derive(Clone, Debug)]
enum Item {
    /// Bytes no directory row points into (padding, leftovers); kept as they are.
    Gap(Piece),
    /// Payload bytes of one or more rows, followed by `pad_after` zero bytes that an edit
    /// inserted to keep the following bytes at their offset modulo 8.
    Data { bytes: Piece, pad_after: u32 },
}

// A parse writes one or two items an entry into fresh memory: their size is its cost.
const _: () = assert!(std::mem::size_of::<Item>() <= 24);

impl Item {
    fn len(&self) -> usize {
        match self {
            Item::Gap(b) => b.len(),
            Item::Data { bytes, pad_after } => bytes.len() + *pad_after as usize,
        }
    }
    fn piece(&self) -> &Piece {
        match self {
            Item::Gap(b) | Item::Data { bytes: b, .. } => b,
        }
    }
}

/// The directory: the file's rows where they lie until an edit changes one.
#[derive(Clone, Debug)]
enum Rows {
    /// `ROW_LEN` bytes a row.
    Read(SharedBytes),
    Owned(Vec<Row>),
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
    rows: Rows,
    locs: Vec<Loc>,
    items: Vec<Item>,
    /// The data region the archive was read from (empty for a new one): what
    /// [`Piece::Read`] ranges index. Empty in a directory-only reading
    /// ([`Archive::parse_directory`]), whose data region stays in the file (`away`).
    data: SharedBytes,
    /// The length of a data region left in the file, or `None` when `data` holds it.
    away: Option<usize>,
    /// Whether the data region is still the one read, its payloads apart in directory order:
    /// then `items` and `locs` are empty, each payload lies where its row says, and the first
    /// edit that moves bytes builds them (`build_layout`).
    direct: bool,
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
        let mut a = Archive { header, rows: Rows::Owned(Vec::new()), locs: Vec::new(), items: Vec::new(), data: SharedBytes::empty(), away: None, direct: false };
        a.relayout();
        a
    }

    pub fn len(&self) -> usize {
        self.rows().len()
    }
    pub fn is_empty(&self) -> bool {
        self.rows().is_empty()
    }
    pub fn entry(&self, i: usize) -> &Row {
        &self.rows()[i]
    }
    pub fn rows(&self) -> &[Row] {
        match &self.rows {
            Rows::Read(dir) => Row::view(dir.as_chunks::<ROW_LEN>().0),
            Rows::Owned(rows) => rows,
        }
    }
    /// Entry `i`'s name bytes (as [`Row::name_bytes`]) sharing the file's bytes while the
    /// directory is the file's; a copy once an edit has changed a row.
    pub fn name_shared(&self, i: usize) -> SharedBytes {
        let row = self.entry(i);
        match &self.rows {
            Rows::Read(dir) => {
                let at = i * ROW_LEN + row::NAME_AT;
                dir.slice(at..at + row.name_len())
            }
            Rows::Owned(_) => SharedBytes::from(row.name_bytes()),
        }
    }
    /// The rows to change: the directory is copied out of the file's bytes on the first edit.
    fn rows_mut(&mut self) -> &mut Vec<Row> {
        if let Rows::Read(_) = self.rows {
            self.rows = Rows::Owned(self.rows().to_vec());
        }
        match &mut self.rows {
            Rows::Owned(rows) => rows,
            Rows::Read(_) => unreachable!("made owned above"),
        }
    }
    fn bytes_of<'a>(&'a self, piece: &'a Piece) -> &'a [u8] {
        match piece {
            Piece::Read { start, end } => &self.data[*start as usize..*end as usize],
            Piece::New(b) => b,
            Piece::Source { id, .. } => panic!("the bytes of source {id} are not held: such an archive is written with write_streamed"),
        }
    }
    pub fn header(&self) -> &[u8; HEADER_LEN] {
        &self.header
    }

    /// The payload of entry `i`, sharing the archive's bytes. A directory-only reading
    /// ([`Archive::parse_directory`]) has only the payloads loaded into it
    /// ([`Archive::load_payload`]) or brought by edits: see [`Archive::payload_at`].
    pub fn payload(&self, i: usize) -> SharedBytes {
        match self.payload_at(i) {
            Payload::Bytes(b) => b,
            Payload::InFile(r) => panic!("entry {i}'s payload (file bytes {r:?}) was not loaded into the directory-only reading"),
            Payload::Source(id) => panic!("entry {i}'s payload is source {id}, not held"),
        }
    }

    /// Where entry `i`'s payload is: bytes held, or (a directory-only reading) a range of the
    /// file it was read from that was not loaded.
    pub fn payload_at(&self, i: usize) -> Payload {
        let size = self.entry(i).size() as usize;
        if let Some(r) = self.in_file(i) {
            return Payload::InFile(r);
        }
        if self.direct {
            // A parse checked it lies in the data region; no edit has moved it since.
            let start = self.entry(i).offset() as usize - HEADER_LEN;
            return Payload::Bytes(self.data.slice(start..start + size));
        }
        let loc = self.locs[i];
        Payload::Bytes(match self.items[loc.item].piece() {
            Piece::Read { start, .. } => self.data.slice(*start as usize + loc.rel..*start as usize + loc.rel + size),
            Piece::New(b) => b.slice(loc.rel..loc.rel + size),
            Piece::Source { id, .. } => return Payload::Source(*id),
        })
    }

    /// Entry `i`'s file range when it lies in a data region left in the file.
    fn in_file(&self, i: usize) -> Option<Range<usize>> {
        self.away?;
        let size = self.entry(i).size() as usize;
        if self.direct {
            let start = self.entry(i).offset() as usize;
            return Some(start..start + size);
        }
        let loc = self.locs[i];
        match self.items[loc.item].piece() {
            Piece::Read { start, .. } => Some(HEADER_LEN + *start as usize + loc.rel..HEADER_LEN + *start as usize + loc.rel + size),
            Piece::New(_) | Piece::Source { .. } => None,
        }
    }

    /// Holds the bytes of the file range a payload of a directory-only reading lies in
    /// ([`Payload::InFile`] of [`Archive::payload_at`]), as read by the caller: the payload
    /// (with the other payloads sharing its bytes) is then read and edited as in a whole
    /// reading, and written from these bytes. Fails when `bytes` are not that range's length.
    pub fn load_payload(&mut self, i: usize, bytes: SharedBytes) -> crate::formats::Result<()> {
        if i >= self.len() {
            return Err(crate::formats::Error::new(0, crate::msg!("archive-no-entry", "no entry #{i} (the archive has {count})", i = i, count = self.len())));
        }
        if self.in_file(i).is_none() {
            return Ok(());
        }
        self.build_layout();
        let item = self.locs[i].item;
        let (start, end) = match self.items[item].piece() {
            Piece::Read { start, end } => (*start as usize, *end as usize),
            Piece::New(_) | Piece::Source { .. } => return Ok(()),
        };
        if bytes.len() != end - start {
            return Err(crate::formats::Error::new(HEADER_LEN + start, crate::msg!("nres-cluster-size", "entry {i}: {given} bytes given for a payload cluster of {size}", i = i, given = bytes.len(), size = end - start)));
        }
        match &mut self.items[item] {
            Item::Gap(p) | Item::Data { bytes: p, .. } => *p = Piece::new(bytes),
        }
        Ok(())
    }

    /// The file range entry `i`'s payload must be loaded from ([`Archive::load_payload`]):
    /// the cluster of payloads it shares bytes with, whole. `None` when it is held.
    pub fn load_range(&mut self, i: usize) -> Option<Range<usize>> {
        self.in_file(i)?;
        self.build_layout();
        match self.items[self.locs[i].item].piece() {
            Piece::Read { start, end } => Some(HEADER_LEN + *start as usize..HEADER_LEN + *end as usize),
            Piece::New(_) | Piece::Source { .. } => None,
        }
    }

    /// The first entry whose name matches ASCII case-insensitively, in directory order.
    pub fn find(&self, name: &str) -> Option<usize> {
        let want = name.as_bytes();
        self.rows().iter().position(|r| r.name_bytes().eq_ignore_ascii_case(want))
    }

    /// The file length this archive writes.
    pub fn total_size(&self) -> usize {
        HEADER_LEN + self.data_len() + self.len() * ROW_LEN
    }

    fn data_len(&self) -> usize {
        if self.direct {
            return self.away.unwrap_or(self.data.len());
        }
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
        self.write_streamed(w, &mut |r, _| Err(std::io::Error::other(format!("file bytes {r:?} of a directory-only reading were not given"))))
    }

    /// Streams the archive as [`Archive::write_to`] does; the bytes of a data region left in
    /// the file (a directory-only reading) are written by `copy`, given their file range, and
    /// new payloads not held by `copy` given their source ([`Span`]), in order. So an archive is
    /// rebuilt from its file with only its directory in memory.
    pub fn write_streamed(&self, w: &mut dyn std::io::Write, copy: &mut CopyRange) -> std::io::Result<()> {
        const ZEROS: [u8; 4096] = [0; 4096];
        let at = HEADER_LEN as u64;
        let mut piece = |p: &Piece, w: &mut dyn std::io::Write| match (p, self.away) {
            (Piece::Read { start, end }, Some(_)) => copy(Span::File(at + u64::from(*start)..at + u64::from(*end)), w),
            (Piece::Source { id, len }, _) => copy(Span::Source { id: *id, len: u64::from(*len) }, w),
            _ => w.write_all(self.bytes_of(p)),
        };
        w.write_all(&self.header)?;
        if self.direct {
            match self.away {
                Some(len) => piece(&Piece::read(0..len), w)?,
                None => w.write_all(&self.data)?,
            }
        }
        for item in &self.items {
            match item {
                Item::Gap(b) => piece(b, w)?,
                Item::Data { bytes, pad_after } => {
                    piece(bytes, w)?;
                    let mut left = *pad_after as usize;
                    while left > 0 {
                        let n = left.min(ZEROS.len());
                        w.write_all(&ZEROS[..n])?;
                        left -= n;
                    }
                }
            }
        }
        match &self.rows {
            Rows::Read(dir) => w.write_all(dir)?,
            Rows::Owned(rows) => {
                for row in rows {
                    w.write_all(row.raw())?;
                }
            }
        }
        Ok(())
    }

    pub fn write_into(&self, out: &mut Vec<u8>) {
        assert!(self.away.is_none(), "a directory-only reading is written with write_streamed, from its file");
        out.extend_from_slice(&self.header);
        if self.direct {
            out.extend_from_slice(&self.data);
        }
        for item in &self.items {
            match item {
                Item::Gap(b) => out.extend_from_slice(self.bytes_of(b)),
                Item::Data { bytes, pad_after } => {
                    out.extend_from_slice(self.bytes_of(bytes));
                    out.resize(out.len() + *pad_after as usize, 0);
                }
            }
        }
        match &self.rows {
            Rows::Read(dir) => out.extend_from_slice(dir),
            Rows::Owned(rows) => rows.iter().for_each(|row| out.extend_from_slice(row.raw())),
        }
    }

    /// Recomputes every row's offset field from the item layout, and the header's count and
    /// total size. Called after each edit; the values are the ones a parse of the written
    /// bytes would see.
    fn relayout(&mut self) {
        self.build_layout();
        let mut starts = Vec::with_capacity(self.items.len());
        let mut at = HEADER_LEN;
        for item in &self.items {
            starts.push(at);
            at += item.len();
        }
        let locs = std::mem::take(&mut self.locs);
        for (row, loc) in self.rows_mut().iter_mut().zip(&locs) {
            row.set_offset((starts[loc.item] + loc.rel) as u32);
        }
        self.locs = locs;
        let n = self.len();
        let total = at + n * ROW_LEN;
        self.header[8..12].copy_from_slice(&(n as i32).to_le_bytes());
        self.header[12..16].copy_from_slice(&(total as u32).to_le_bytes());
    }

    /// Which entries share or overlap another entry's bytes (shipped archives have none).
    pub fn shared_entries(&self) -> Vec<usize> {
        (0..self.len()).filter(|&i| !self.sole_member(i)).collect()
    }

    fn sole_member(&self, i: usize) -> bool {
        if self.direct {
            return true;
        }
        let item = self.locs[i].item;
        self.locs.iter().enumerate().all(|(j, l)| j == i || l.item != item)
    }
}

/// Where a payload is ([`Archive::payload_at`]).
#[derive(Clone, Debug)]
pub enum Payload {
    Bytes(SharedBytes),
    /// A range of the file a directory-only reading was made from, not loaded.
    InFile(Range<usize>),
    /// New bytes an edit named and did not bring ([`NewBytes::Source`]): the source's id.
    Source(u32),
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
