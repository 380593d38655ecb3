//! Reading an NRes archive into the raw layer, with every check of docs/formats/nres.md.

use super::{Archive, HEADER_LEN, Item, Loc, MAGIC, NAME_FIELD, Piece, ROW_LEN, Row, Rows, VERSION, lookup};
use crate::formats::bytes::{Reader, SharedBytes};
use crate::formats::{Diagnostic, Error, Result};

impl Archive {
    /// Parses the whole file. Fails only when the archive cannot be read at all; everything
    /// else (a bad lookup table, shared ranges, unterminated names) is a diagnostic.
    pub fn parse(bytes: SharedBytes) -> Result<(Archive, Vec<Diagnostic>)> {
        let mut r = Reader::new(&bytes);
        let magic = r.array::<4>("NRes magic")?;
        if &magic != MAGIC {
            return Err(Error::new(0, format!("not an NRes archive (magic {magic:02X?}, expected \"NRes\")")));
        }
        let version = r.u32("version")?;
        if version != VERSION {
            return Err(Error::new(4, format!("unsupported NRes version 0x{version:X} (expected 0x100)")));
        }
        let count = r.i32("entry_count")?;
        let total = r.u32("total_size")?;
        if count < 0 {
            return Err(Error::new(8, format!("negative entry count {count}")));
        }
        if total as usize != bytes.len() {
            return Err(Error::new(
                12,
                format!("total_size {total} differs from the file length {}", bytes.len()),
            ));
        }
        let count = count as usize;
        let dir_len = count
            .checked_mul(ROW_LEN)
            .filter(|&l| l <= bytes.len().saturating_sub(HEADER_LEN))
            .ok_or_else(|| {
                Error::new(
                    8,
                    format!(
                        "directory of {count} entries ({} bytes) does not fit in a {}-byte file after the header",
                        count as u128 * ROW_LEN as u128,
                        bytes.len()
                    ),
                )
            })?;
        let dir_offset = bytes.len() - dir_len;
        let mut header = [0u8; HEADER_LEN];
        header.copy_from_slice(&bytes[..HEADER_LEN]);

        let dir = bytes.slice(dir_offset..bytes.len());
        let rows = Row::view(dir.as_chunks::<ROW_LEN>().0);
        // One pass over the rows: the range checks, and the (offset, size, row) keys the
        // clustering sorts, gathered where the rows are read anyway.
        let mut diags = Vec::new();
        let mut spans = Vec::with_capacity(count);
        for (k, row) in rows.iter().enumerate() {
            let row_at = dir_offset + k * ROW_LEN;
            let (o, s) = (row.offset() as usize, row.size() as usize);
            let end = o.checked_add(s);
            if o < HEADER_LEN || end.is_none_or(|e| e > dir_offset) {
                return Err(Error::new(
                    row_at + 56,
                    format!(
                        "entry {k} ({:?}): payload 0x{o:X}..+0x{s:X} lies outside the data region 0x{HEADER_LEN:X}..0x{dir_offset:X}",
                        row.name()
                    ),
                ));
            }
            if row.name_len() == NAME_FIELD {
                diags.push(Diagnostic::warning(
                    row_at + 20,
                    format!("entry {k}: name field has no NUL terminator ({NAME_FIELD} bytes used)"),
                ));
            }
            spans.push(Span { start: (o - HEADER_LEN) as u32, end: (o - HEADER_LEN + s) as u32, row: k as u32 });
        }
        diags.extend(lookup::validate(rows, dir_offset as u64));

        let (items, locs, shared) = cluster(spans, dir_offset - HEADER_LEN);
        for k in shared {
            diags.push(Diagnostic::warning(
                rows[k].offset(),
                format!("entry {k} ({:?}) shares or overlaps another entry's bytes", rows[k].name()),
            ));
        }
        let data = bytes.slice(HEADER_LEN..dir_offset);
        Ok((Archive { header, rows: Rows::Read(dir), locs, items, data }, diags))
    }
}

/// The type ids of the directory rows, read from the header and the directory alone (no
/// parse, no copy): what a codec needs to decide whether it claims a whole archive. None when
/// the bytes are not an NRes archive with a directory that fits.
pub fn directory_type_ids(bytes: &[u8]) -> Option<Vec<u32>> {
    if bytes.len() < HEADER_LEN || &bytes[..4] != MAGIC {
        return None;
    }
    let count = usize::try_from(i32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]])).ok()?;
    let dir_len = count.checked_mul(ROW_LEN).filter(|&l| l <= bytes.len() - HEADER_LEN)?;
    Some(bytes[bytes.len() - dir_len..].chunks_exact(ROW_LEN).map(|row| Row::from_raw(row.try_into().expect("64-byte chunks")).type_id()).collect())
}

/// One row's payload, relative to the data region (below 4 GiB: NRes offsets are u32).
struct Span {
    start: u32,
    end: u32,
    row: u32,
}

/// Splits the data region (`data_len` bytes) into gaps and payload clusters. A cluster is the
/// union of payload ranges that overlap or coincide; a zero-size payload joins a cluster only
/// when it lies strictly inside one. Returns the items (ranges of the data region), each row's
/// location, and the rows in shared clusters.
fn cluster(mut spans: Vec<Span>, data_len: usize) -> (Vec<Item>, Vec<Loc>, Vec<usize>) {
    // Written archives hold their payloads in directory order: no sort then.
    let key = |s: &Span| (s.start, s.end, s.row);
    if !spans.is_sorted_by_key(key) {
        spans.sort_unstable_by_key(key);
    }
    let mut items = Vec::with_capacity(spans.len() * 2 + 1);
    let mut locs = vec![Loc { item: 0, rel: 0 }; spans.len()];
    let mut shared = Vec::new();
    let mut cursor = 0usize; // end of the last item
    let mut k = 0;
    while k < spans.len() {
        let first = k;
        let start = spans[k].start as usize;
        let mut end = spans[k].end as usize;
        k += 1;
        while k < spans.len() {
            let (s_start, s_end) = (spans[k].start as usize, spans[k].end as usize);
            let joins = if s_start == s_end { s_start > start && s_start < end } else { s_start < end };
            if !joins {
                break;
            }
            end = end.max(s_end);
            k += 1;
        }
        if start > cursor {
            items.push(Item::Gap(Piece::read(cursor..start)));
        }
        let item = items.len();
        items.push(Item::Data { bytes: Piece::read(start..end), pad_after: 0 });
        for s in &spans[first..k] {
            locs[s.row as usize] = Loc { item, rel: s.start as usize - start };
        }
        if k - first > 1 {
            shared.extend(spans[first..k].iter().map(|s| s.row as usize));
        }
        cursor = end;
    }
    if cursor < data_len {
        items.push(Item::Gap(Piece::read(cursor..data_len)));
    }
    shared.sort_unstable();
    (items, locs, shared)
}
