//! Reading an NRes archive into the raw layer, with every check of docs/formats/nres.md.

use super::{Archive, HEADER_LEN, Item, Loc, MAGIC, NAME_FIELD, Piece, ROW_LEN, Row, Rows, VERSION, lookup};
use crate::formats::bytes::{Reader, SharedBytes};
use crate::formats::message::hex;
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

impl Archive {
    /// Parses the whole file. Fails only when the archive cannot be read at all; everything
    /// else (a bad lookup table, shared ranges, unterminated names) is a diagnostic.
    pub fn parse(bytes: SharedBytes) -> Result<(Archive, Vec<Diagnostic>)> {
        let dir_len = dir_len(&bytes, bytes.len())?;
        let mut header = [0u8; HEADER_LEN];
        header.copy_from_slice(&bytes[..HEADER_LEN]);
        let dir_offset = bytes.len() - dir_len;
        let dir = bytes.slice(dir_offset..bytes.len());
        Archive::from_parts(header, dir, bytes.len(), Some(bytes.slice(HEADER_LEN..dir_offset)))
    }

    /// A directory-only reading: the header and the directory (the last
    /// [`Archive::directory_len`] bytes of a file of `file_len` bytes), checked as
    /// [`Archive::parse`] checks them, with the data region left in the file. Payloads are
    /// loaded as needed ([`Archive::load_payload`]) and the archive is written with
    /// [`Archive::write_streamed`], the rest copied from the file.
    pub fn parse_directory(header: [u8; HEADER_LEN], dir: SharedBytes, file_len: usize) -> Result<(Archive, Vec<Diagnostic>)> {
        let want = dir_len(&header, file_len)?;
        if dir.len() != want {
            return Err(Error::new(file_len.saturating_sub(want), msg!("nres-directory-length", "the directory is {want} bytes; {given} given", want = want, given = dir.len())));
        }
        Archive::from_parts(header, dir, file_len, None)
    }

    /// The length of the directory the header announces for a file of `file_len` bytes (the
    /// header checked as [`Archive::parse`] checks it).
    pub fn directory_len(header: &[u8; HEADER_LEN], file_len: usize) -> Result<usize> {
        dir_len(header, file_len)
    }

    /// The rows checked and the archive made; `data` is the data region, or `None` when it
    /// stays in the file.
    fn from_parts(header: [u8; HEADER_LEN], dir: SharedBytes, file_len: usize, data: Option<SharedBytes>) -> Result<(Archive, Vec<Diagnostic>)> {
        let dir_offset = file_len - dir.len();
        let rows = Row::view(dir.as_chunks::<ROW_LEN>().0);
        // One pass over the rows: the range checks, the name terminators, and whether the
        // payloads lie apart in directory order (as every writer lays them out): then the data
        // region needs no layout until an edit moves bytes ([`Archive::build_layout`]).
        let mut diags = Vec::new();
        let mut apart = true;
        let mut prev_end = HEADER_LEN;
        for (k, row) in rows.iter().enumerate() {
            let (o, s) = (row.offset() as usize, row.size() as usize);
            let end = o.checked_add(s);
            if o < HEADER_LEN || end.is_none_or(|e| e > dir_offset) {
                return Err(Error::new(
                    dir_offset + k * ROW_LEN + 56,
                    msg!(
                        "nres-payload-outside",
                        "entry {k} ({name:?}): payload {o}..+{s} lies outside the data region {start}..{end}",
                        k = k,
                        name = row.name(),
                        o = hex(o),
                        s = hex(s),
                        start = hex(HEADER_LEN),
                        end = hex(dir_offset)
                    ),
                ));
            }
            if !row.has_nul() {
                diags.push(Diagnostic::warning(
                    dir_offset + k * ROW_LEN + 20,
                    msg!("nres-name-unterminated", "entry {k}: name field has no NUL terminator ({used} bytes used)", k = k, used = NAME_FIELD),
                ));
            }
            apart &= o >= prev_end;
            prev_end = o + s;
        }
        diags.extend(lookup::validate(rows, dir_offset as u64));

        let away = data.is_none().then_some(dir_offset - HEADER_LEN);
        let data = data.unwrap_or_else(SharedBytes::empty);
        let mut a = Archive { header, rows: Rows::Read(dir), locs: Vec::new(), items: Vec::new(), data, away, direct: true };
        if !apart {
            // Payloads out of order, shared or overlapping: the clusters are found now, and
            // rows sharing bytes reported.
            for k in a.build_layout() {
                let row = a.entry(k);
                diags.push(Diagnostic::warning(row.offset(), msg!("nres-shared-bytes", "entry {k} ({name:?}) shares or overlaps another entry's bytes", k = k, name = row.name())));
            }
        }
        Ok((a, diags))
    }
}

/// The header's checks (magic, version, count, total size against `file_len`) and the length
/// of the directory it announces; `header` is the file's start (at least its 16 bytes when
/// the checks pass).
fn dir_len(header: &[u8], file_len: usize) -> Result<usize> {
    let mut r = Reader::new(header);
    let magic = r.array::<4>("NRes magic")?;
    if &magic != MAGIC {
        return Err(Error::new(0, msg!("nres-not-nres", "not an NRes archive (magic {magic}, expected \"NRes\")", magic = format!("{magic:02X?}"))));
    }
    let version = r.u32("version")?;
    if version != VERSION {
        return Err(Error::new(4, msg!("nres-version", "unsupported NRes version {version} (expected 0x100)", version = hex(version))));
    }
    let count = r.i32("entry_count")?;
    let total = r.u32("total_size")?;
    if count < 0 {
        return Err(Error::new(8, msg!("nres-negative-count", "negative entry count {count}", count = count)));
    }
    if total as usize != file_len {
        return Err(Error::new(12, msg!("nres-total-size", "total_size {total} differs from the file length {length}", total = total, length = file_len)));
    }
    let count = count as usize;
    count.checked_mul(ROW_LEN).filter(|&l| l <= file_len.saturating_sub(HEADER_LEN)).ok_or_else(|| {
        Error::new(
            8,
            msg!(
                "nres-directory-too-big",
                "directory of {count} entries ({size} bytes) does not fit in a {length}-byte file after the header",
                count = count,
                size = (count as u128 * ROW_LEN as u128).to_string(),
                length = file_len
            ),
        )
    })
}

impl Archive {
    /// Builds the data region's items and each row's location from the rows, once: the parse
    /// of an archive whose payloads lie apart in directory order leaves them unbuilt (each
    /// payload then read where its row says, the region written as it was read), and the
    /// first edit that moves bytes builds them. Returns the rows in shared clusters.
    pub(super) fn build_layout(&mut self) -> Vec<usize> {
        if !self.direct {
            return Vec::new();
        }
        let spans = self
            .rows()
            .iter()
            .enumerate()
            .map(|(k, r)| Span { start: r.offset() - HEADER_LEN as u32, end: r.offset() - HEADER_LEN as u32 + r.size(), row: k as u32 })
            .collect();
        let (items, locs, shared) = cluster(spans, self.data_len());
        self.items = items;
        self.locs = locs;
        self.direct = false;
        shared
    }
}

impl Archive {
    /// A salvage reading of an archive [`Archive::parse`] refuses: the directory read where
    /// the file ends or where `total_size` says it ends (a file cut short or grown), and only
    /// the rows whose payload lies inside the data region and whose name is a plausible name
    /// kept, each dropped row a diagnostic. `None` when no row survives. The result is for
    /// listing and reading entries; written out it would not be the file it came from.
    pub fn salvage(bytes: SharedBytes) -> Option<(Archive, Vec<Diagnostic>)> {
        if bytes.len() < HEADER_LEN || bytes[..4] != *MAGIC {
            return None;
        }
        let count = usize::try_from(i32::from_le_bytes(bytes[8..12].try_into().ok()?)).ok()?;
        let total = u32::from_le_bytes(bytes[12..16].try_into().ok()?) as usize;
        let mut best: Option<(Archive, Vec<Diagnostic>)> = None;
        for end in [bytes.len(), total] {
            let Some(dir_offset) = count.checked_mul(ROW_LEN).and_then(|l| end.checked_sub(l)).filter(|&d| d >= HEADER_LEN && end <= bytes.len()) else {
                continue;
            };
            let mut rows = Vec::new();
            let mut diags = Vec::new();
            for (k, raw) in bytes[dir_offset..end].chunks_exact(ROW_LEN).enumerate() {
                let row = Row::from_raw(raw.try_into().expect("64-byte chunks"));
                let (o, s) = (row.offset() as usize, row.size() as usize);
                let inside = o >= HEADER_LEN && o.checked_add(s).is_some_and(|e| e <= dir_offset);
                let field = row.name_field();
                let name_len = field.iter().position(|&b| b == 0).unwrap_or(0);
                let named = name_len > 0 && field[..name_len].iter().all(|&b| b >= 0x20);
                if inside && named {
                    rows.push(row);
                } else {
                    diags.push(Diagnostic::warning(
                        dir_offset + k * ROW_LEN,
                        msg!("nres-salvage-dropped", "salvage: directory row {k} ({name:?}) is not intact (payload {o}..+{s}); not listed", k = k, name = row.name(), o = hex(o), s = hex(s)),
                    ));
                }
            }
            if rows.is_empty() || best.as_ref().is_some_and(|(b, _)| b.len() >= rows.len()) {
                continue;
            }
            let mut header = [0u8; HEADER_LEN];
            header.copy_from_slice(&bytes[..HEADER_LEN]);
            let data = bytes.slice(HEADER_LEN..dir_offset);
            let spans = rows.iter().enumerate().map(|(k, r)| Span { start: r.offset() - HEADER_LEN as u32, end: r.offset() - HEADER_LEN as u32 + r.size(), row: k as u32 }).collect();
            let (items, locs, _) = cluster(spans, data.len());
            best = Some((Archive { header, rows: Rows::Owned(rows), locs, items, data, away: None, direct: false }, diags));
        }
        best
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

#[cfg(test)]
mod salvage_tests {
    use super::*;

    #[test]
    fn salvage_lists_the_intact_rows_of_a_refused_archive() {
        let good = crate::fixtures::nres::simple();
        let (a, _) = Archive::parse(good.clone().into()).unwrap();
        let n = a.len();
        // Row 1's data_offset points past the directory: parse refuses the whole file.
        let mut bad = good.clone();
        let row1 = bad.len() - n * ROW_LEN + ROW_LEN;
        bad[row1 + 56..row1 + 60].copy_from_slice(&0x00FF_FFFF_u32.to_le_bytes());
        assert!(Archive::parse(bad.clone().into()).is_err());
        let (s, d) = Archive::salvage(bad.into()).expect("the other rows are intact");
        assert_eq!(s.len(), n - 1);
        assert_eq!(d.len(), 1);
        assert_eq!(s.entry(0).name(), a.entry(0).name());
        // Bytes appended after the archive: the directory is where total_size says.
        let mut grown = good.clone();
        grown.extend_from_slice(&[0xAB; 40]);
        assert!(Archive::parse(grown.clone().into()).is_err());
        assert_eq!(Archive::salvage(grown.into()).unwrap().0.len(), n);
        // Random bytes after a magic: nothing plausible survives.
        let mut noise = b"NRes".to_vec();
        noise.extend(crate::fixtures::nres::pattern(7, 300));
        assert!(Archive::salvage(noise.into()).is_none_or(|(a, _)| a.len() < 2));
    }
}
