//! Reading an RsLi file: header, the encrypted table, the optional AO trailer and each row's
//! byte range. Counts are bounded by the file before anything is allocated; every range is
//! checked with u64 arithmetic against the data region.

use super::archive::{Archive, COUNT_AT, Chunk, COUNT2_AT, HEADER_SIZE, SEED_AT, TRAILER_SIZE};
use super::cipher;
use super::method::Method;
use super::row::{OFFSET_AT, PACKED_AT, ROW_SIZE, Row};
use crate::formats::bytes::{Reader, SharedBytes, le_i16, le_u32};
use crate::formats::{Diagnostic, Error, Result};
use crate::formats::message::hex;
use crate::msg;

/// Where each entry's bytes are, as found by [`layout`].
struct Layout {
    packed: Vec<SharedBytes>,
    rel: Vec<Option<u64>>,
    diagnostics: Vec<Diagnostic>,
}

impl Archive {
    /// Parses an RsLi file. Diagnostics are what reading noticed (the Deflate one-byte-past-EOF
    /// quirk, a file end that looks like an AO trailer but is not one); `validate` reports
    /// these too, with everything else about the archive.
    pub fn parse(bytes: SharedBytes) -> Result<(Archive, Vec<Diagnostic>)> {
        let tail = &bytes[bytes.len().saturating_sub(TRAILER_SIZE)..];
        Archive::from_parts(&bytes, tail, bytes.len(), Some(&bytes))
    }

    /// A table-only reading: `head` is the file's start, its header and entry table (the
    /// file's first `32 + 32 × count` bytes, or all of a shorter file), `tail` its last six
    /// bytes (or fewer), `file_len` its length; checked as [`Archive::parse`] checks a whole
    /// file, the data region left in the file. Entries' stored bytes are loaded as needed
    /// ([`Archive::load_packed`]) and the archive is written with
    /// [`Archive::write_streamed`], the rest copied from the file.
    pub fn parse_table(head: &[u8], tail: &[u8], file_len: usize) -> Result<(Archive, Vec<Diagnostic>)> {
        Archive::from_parts(head, tail, file_len, None)
    }

    /// The length of the header and entry table the file starting with `header` (its first
    /// 32 bytes) announces; `None` when they are not an RsLi header.
    pub fn table_len(header: &[u8]) -> Option<usize> {
        if header.len() < HEADER_SIZE || &header[..2] != b"NL" {
            return None;
        }
        let count = usize::try_from(le_i16(header, COUNT_AT)).ok()?;
        Some(HEADER_SIZE + count * ROW_SIZE)
    }

    /// [`Archive::parse`] of a file whose start is `b` (the whole file, or its header and
    /// table), whose end is `tail` and whose length is `file_len`; `whole` holds the file when
    /// its data region is read too.
    fn from_parts(b: &[u8], tail: &[u8], file_len: usize, whole: Option<&SharedBytes>) -> Result<(Archive, Vec<Diagnostic>)> {
        let mut r = Reader::new(b);
        let magic = r.array::<2>("magic")?;
        if &magic != b"NL" {
            return Err(Error::new(0, msg!("rsli-not-rsli", "not an RsLi archive: magic {magic}, expected \"NL\"", magic = format!("{magic:02X?}"))));
        }
        r.need(HEADER_SIZE - 2, "RsLi header")?;
        let mut header = [0u8; HEADER_SIZE];
        header.copy_from_slice(&b[..HEADER_SIZE]);
        if header[3] != 1 {
            return Err(Error::new(3, msg!("rsli-version", "RsLi version {version} is not supported (expected 1)", version = header[3])));
        }
        let count = le_i16(&header, COUNT_AT);
        let count =
            usize::try_from(count).map_err(|_| Error::new(COUNT_AT, msg!("rsli-negative-count", "entry count {count} is negative", count = count)))?;
        let mut diagnostics = Vec::new();
        let count2 = le_i16(&header, COUNT2_AT);
        if i32::from(count2) != count as i32 {
            // The loaders read the first count only; the second is a copy that a writer keeps
            // in step. A mismatch does not stop the file from opening.
            diagnostics.push(Diagnostic::warning(
                COUNT2_AT,
                msg!("rsli-count2-ignored", "second entry count {count2} differs from the first ({count}); the first is used", count2 = count2, count = count),
            ));
        }
        let table = Reader::at(b, HEADER_SIZE);
        // The count is an i16: the table's length never overflows, so the one failure is a
        // table running past the end of the file.
        let table_len = table.need_records(count, ROW_SIZE, "entry table").map_err(|_| {
            Error::new(
                COUNT_AT,
                msg!(
                    "rsli-table-past-end",
                    "{count} entries of {row} bytes do not fit: entry table runs past the end (need {need} bytes, {left} left)",
                    count = count,
                    row = ROW_SIZE,
                    need = count * ROW_SIZE,
                    left = table.remaining()
                ),
            )
        })?;
        let table_end = HEADER_SIZE + table_len;
        // The one copy a parse makes: the table is stored encrypted, and is decrypted straight
        // into the rows (one stream over the whole table). Their overlay is set once the
        // trailer is known.
        let mut stream = cipher::Keystream::new(le_u32(&header, SEED_AT) as u16);
        let mut rows: Vec<Row> = b[HEADER_SIZE..table_end]
            .as_chunks::<ROW_SIZE>()
            .0
            .iter()
            .map(|&stored| {
                let mut raw = stored;
                stream.apply(&mut raw);
                Row::from_raw(raw, 0)
            })
            .collect();
        let raws = &rows[..];

        // "AO" + u32 at the very end, outside the table: the media-overlay variant. A file
        // whose last payload merely ends in "AO" is read without a trailer if the trailer
        // reading does not fit.
        let candidate =
            (file_len >= table_end + TRAILER_SIZE && tail.len() == TRAILER_SIZE && tail.starts_with(b"AO")).then(|| {
                let mut t = [0u8; TRAILER_SIZE];
                t.copy_from_slice(tail);
                t
            });
        // The stored bytes of an entry: a view of the file, or nothing yet (table-only).
        let slice = |r: std::ops::Range<usize>| whole.map_or_else(SharedBytes::empty, |w| w.slice(r));
        let (trailer, lay) = match candidate {
            Some(t) => match layout(file_len, &slice, raws, table_end, Some(t)) {
                Ok(lay) => (Some(t), lay),
                Err(with_trailer) => match layout(file_len, &slice, raws, table_end, None) {
                    Ok(mut lay) => {
                        lay.diagnostics.push(Diagnostic::info(
                            file_len - TRAILER_SIZE,
                            msg!(
                                "rsli-not-ao-trailer",
                                "the file ends in \"AO\" but is not read as an AO trailer ({reason})",
                                reason = with_trailer.message
                            ),
                        ));
                        (None, lay)
                    }
                    Err(_) => return Err(with_trailer),
                },
            },
            None => (None, layout(file_len, &slice, raws, table_end, None)?),
        };
        diagnostics.extend(lay.diagnostics);
        let overlay = trailer.map_or(0, |t| le_u32(&t, 2));
        if overlay != 0 {
            rows.iter_mut().for_each(|r| r.set_overlay(overlay));
        }
        let data_end = file_len - trailer.map_or(0, |_| TRAILER_SIZE);
        let body = match whole {
            Some(w) => Chunk::Held(w.slice(table_end..data_end)),
            None => Chunk::InFile(table_end as u64..data_end as u64),
        };
        let mut archive = Archive {
            header,
            rows,
            packed: lay.packed,
            rel: lay.rel,
            body: vec![body],
            trailer,
            lookup: Vec::new(),
            edited: false,
            sources: Default::default(),
        };
        archive.refresh_lookup();
        Ok((archive, diagnostics))
    }
}

/// Finds every row's bytes. A range must lie in the data region (after the table, before the
/// trailer); a Deflate range may end one byte past it (a shipped archive does), which is read
/// without that byte. An empty range may also point into the header or table.
fn layout(
    file_len: usize,
    slice: &dyn Fn(std::ops::Range<usize>) -> SharedBytes,
    rows: &[Row],
    table_end: usize,
    trailer: Option<[u8; TRAILER_SIZE]>,
) -> Result<Layout> {
    let overlay = trailer.map_or(0, |t| le_u32(&t, 2));
    if u64::from(overlay) > file_len as u64 {
        return Err(Error::new(
            file_len - TRAILER_SIZE + 2,
            msg!("rsli-ao-overlay-past-end", "AO overlay {overlay} points past the end of the file ({len})", overlay = hex(overlay), len = hex(file_len)),
        ));
    }
    let data_end = (file_len - trailer.map_or(0, |_| TRAILER_SIZE)) as u64;
    let mut lay =
        Layout { packed: Vec::with_capacity(rows.len()), rel: Vec::with_capacity(rows.len()), diagnostics: Vec::new() };
    for (i, row) in rows.iter().enumerate() {
        let row = Row::from_raw(*row.raw(), overlay);
        let at = HEADER_SIZE + i * ROW_SIZE;
        let start = row.effective_offset();
        let size = u64::from(row.packed_size());
        let end = start + size;
        if start < table_end as u64 {
            if size == 0 {
                // An empty view of the file rather than a new empty buffer: no allocation.
                lay.packed.push(slice(0..0));
                lay.rel.push(None);
                continue;
            }
            return Err(Error::new(
                at + OFFSET_AT,
                msg!(
                    "rsli-payload-in-table",
                    "entry #{i} {name:?}: payload at {start} overlaps the header or entry table (which ends at {table_end})",
                    i = i,
                    name = row.name(),
                    start = hex(start),
                    table_end = hex(table_end)
                ),
            ));
        }
        let available = if end <= data_end {
            end
        } else if end == data_end + 1 && row.method() == Method::Deflate && size > 0 {
            lay.diagnostics.push(Diagnostic::warning(
                at + PACKED_AT,
                msg!(
                    "rsli-deflate-one-past",
                    "entry #{i} {name:?}: Deflate range {start}..{end} ends one byte past the data ({data_end}); read without that byte",
                    i = i,
                    name = row.name(),
                    start = hex(start),
                    end = hex(end),
                    data_end = hex(data_end)
                ),
            ));
            data_end
        } else {
            return Err(Error::new(
                at + OFFSET_AT,
                msg!(
                    "rsli-payload-past-end",
                    "entry #{i} {name:?}: payload range {start}..{end} runs past the end of the data ({data_end})",
                    i = i,
                    name = row.name(),
                    start = hex(start),
                    end = hex(end),
                    data_end = hex(data_end)
                ),
            ));
        };
        lay.packed.push(slice(start as usize..available as usize));
        lay.rel.push(Some(start - table_end as u64));
    }
    Ok(lay)
}
