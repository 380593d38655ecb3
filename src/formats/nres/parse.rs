//! Reading an NRes archive into the raw layer, with every check of docs/formats/nres.md.

use super::{Archive, HEADER_LEN, Item, Loc, MAGIC, NAME_FIELD, ROW_LEN, Row, VERSION, lookup};
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

        let mut rows = Vec::with_capacity(count);
        let mut r = Reader::at(&bytes, dir_offset);
        for _ in 0..count {
            rows.push(Row::from_raw(r.array::<ROW_LEN>("directory row")?));
        }
        let mut diags = Vec::new();
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
            if !row.name_field().contains(&0) {
                diags.push(Diagnostic::warning(
                    row_at + 20,
                    format!("entry {k}: name field has no NUL terminator ({NAME_FIELD} bytes used)"),
                ));
            }
        }
        diags.extend(lookup::validate(&rows, dir_offset as u64));

        let data = bytes.slice(HEADER_LEN..dir_offset);
        let (items, locs, shared) = cluster(&rows, &data);
        for k in shared {
            diags.push(Diagnostic::warning(
                rows[k].offset(),
                format!("entry {k} ({:?}) shares or overlaps another entry's bytes", rows[k].name()),
            ));
        }
        Ok((Archive { header, rows, locs, items }, diags))
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

/// Splits the data region into gaps and payload clusters. A cluster is the union of payload
/// ranges that overlap or coincide; a zero-size payload joins a cluster only when it lies
/// strictly inside one. Returns the items, each row's location, and the rows in shared clusters.
fn cluster(rows: &[Row], data: &SharedBytes) -> (Vec<Item>, Vec<Loc>, Vec<usize>) {
    let base = HEADER_LEN;
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&i| (rows[i].offset(), rows[i].size()));

    let mut items = Vec::new();
    let mut locs = vec![Loc { item: 0, rel: 0 }; rows.len()];
    let mut shared = Vec::new();
    let mut cursor = 0usize; // end of the last item, relative to the data region
    let mut k = 0;
    while k < order.len() {
        let first = order[k];
        let start = rows[first].offset() as usize - base;
        let mut end = start + rows[first].size() as usize;
        let mut members = vec![first];
        k += 1;
        while k < order.len() {
            let i = order[k];
            let o = rows[i].offset() as usize - base;
            let s = rows[i].size() as usize;
            let joins = if s == 0 { o > start && o < end } else { o < end };
            if !joins {
                break;
            }
            end = end.max(o + s);
            members.push(i);
            k += 1;
        }
        if start > cursor {
            items.push(Item::Gap(data.slice(cursor..start)));
        }
        let item = items.len();
        items.push(Item::Data { bytes: data.slice(start..end), pad_after: 0 });
        for &i in &members {
            locs[i] = Loc { item, rel: rows[i].offset() as usize - base - start };
        }
        if members.len() > 1 {
            shared.extend(members.iter().copied());
        }
        cursor = end;
    }
    if cursor < data.len() {
        items.push(Item::Gap(data.slice(cursor..data.len())));
    }
    shared.sort_unstable();
    (items, locs, shared)
}
