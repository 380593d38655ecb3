//! Edits. Each one plans everything that can fail first (encoding, sizes, re-keyed xor
//! payloads), then applies it, so a failed edit leaves the archive as it was. New packed bytes
//! go after the last byte of the data region (before the AO trailer); bytes no row points at
//! any more stay where they are until `compact`.

use super::archive::{Archive, Chunk, HEADER_SIZE, MAX_ENTRIES, PRESORTED, PRESORTED_AT, check_name, rebuilt_order};
use super::cipher;
use super::method::{self, Method};
use super::row::{ROW_SIZE, Row};
use crate::formats::bytes::{SharedBytes, put_u16};
use crate::formats::{Error, Result};
use crate::formats::message::hex;
use crate::msg;

/// Re-encrypted payloads of xor entries whose key changes with a new lookup table.
type Rekeyed = Vec<(usize, SharedBytes)>;

impl Archive {
    /// Replaces entry `i`'s contents, encoded with `method`. The row's sizes, offset and method
    /// bits change; its other flag bits, name and service bytes are kept.
    pub fn replace(&mut self, i: usize, data: &[u8], method: Method) -> Result<()> {
        self.check_index(i)?;
        let unpacked = size_u32(data.len())?;
        let packed = SharedBytes::from(method::pack(method, self.xor_key(i), data)?);
        self.ensure_fits(0, packed.len() as u64)?;
        let row = &mut self.rows[i];
        row.set_method(method);
        row.set_unpacked_size(unpacked);
        self.put_payload(i, packed);
        self.relayout();
        Ok(())
    }

    /// Appends an entry (1..=12 name bytes, stored as given: the engine upper-cases queries, so
    /// a lower-case name is never found, which `validate` reports). The lookup table is rebuilt
    /// and the new entry's index returned.
    pub fn add(&mut self, name: &[u8], data: &[u8], method: Method) -> Result<usize> {
        check_name(name)?;
        if self.rows.len() >= MAX_ENTRIES {
            return Err(Error::new(0, msg!("rsli-too-many-entries", "an RsLi archive holds at most {max} entries", max = MAX_ENTRIES)));
        }
        let unpacked = size_u32(data.len())?;
        let mut names = self.names();
        names.push(name);
        let order = rebuilt_order(&names);
        let i = self.rows.len();
        let packed = SharedBytes::from(method::pack(method, order[i], data)?);
        let rekeyed = self.rekeyed(&order, Some);
        self.ensure_fits(1, packed.len() as u64 + rekeyed_len(&rekeyed))?;

        let mut row = Row::from_raw([0; ROW_SIZE], self.overlay_or_zero());
        row.set_name(name);
        row.set_method(method);
        row.set_unpacked_size(unpacked);
        self.rows.push(row);
        self.packed.push(SharedBytes::empty());
        self.rel.push(None);
        self.lookup.push(order[i]);
        self.apply_order(&order, rekeyed);
        self.put_payload(i, packed);
        self.relayout();
        Ok(i)
    }

    /// Deletes row `i`; its bytes stay as an unindexed gap until `compact`. Later rows move up.
    pub fn remove(&mut self, i: usize) -> Result<()> {
        self.check_index(i)?;
        let mut names = self.names();
        names.remove(i);
        let order = rebuilt_order(&names);
        // After the removal, row j was row j (below i) or j + 1.
        let rekeyed = self.rekeyed(&order, |j| Some(if j < i { j } else { j + 1 }));
        self.ensure_fits(0, rekeyed_len(&rekeyed))?;
        self.rows.remove(i);
        self.packed.remove(i);
        self.rel.remove(i);
        self.lookup.remove(i);
        self.apply_order(&order, rekeyed);
        self.relayout();
        Ok(())
    }

    /// Renames entry `i` (1..=12 bytes; the whole 12-byte field is rewritten, NUL-padded) and
    /// rebuilds the lookup table.
    pub fn rename(&mut self, i: usize, name: &[u8]) -> Result<()> {
        self.check_index(i)?;
        check_name(name)?;
        let mut names = self.names();
        names[i] = name;
        let order = rebuilt_order(&names);
        let rekeyed = self.rekeyed(&order, Some);
        self.ensure_fits(0, rekeyed_len(&rekeyed))?;
        self.rows[i].set_name(name);
        self.apply_order(&order, rekeyed);
        self.relayout();
        Ok(())
    }

    /// Writes the table the loader would build into every row's `sort_to_original` (what the
    /// editor offers when `validate` finds the stored table out of order).
    pub fn rebuild_lookup(&mut self) -> Result<()> {
        let order = rebuilt_order(&self.names());
        let rekeyed = self.rekeyed(&order, Some);
        self.ensure_fits(0, rekeyed_len(&rekeyed))?;
        self.apply_order(&order, rekeyed);
        self.relayout();
        Ok(())
    }

    /// Sets or clears the presorted flag (header +14). Setting it also rebuilds the stored
    /// table, so that the flag never vouches for a wrong one; clearing it keeps the fields.
    pub fn set_presorted(&mut self, on: bool) -> Result<()> {
        // Either way the loader ends up with the rebuilt table.
        let order = rebuilt_order(&self.names());
        let rekeyed = self.rekeyed(&order, Some);
        self.ensure_fits(0, rekeyed_len(&rekeyed))?;
        put_u16(&mut self.header, PRESORTED_AT, if on { PRESORTED } else { 0 });
        if on {
            self.apply_order(&order, rekeyed);
        } else {
            for (j, bytes) in rekeyed {
                self.put_payload(j, bytes);
            }
            self.refresh_lookup();
            self.edited = true;
        }
        self.relayout();
        Ok(())
    }

    /// Adds, changes or removes the AO trailer. Entries keep their place in the file and their
    /// stored offsets become relative to the new overlay; payloads that would sit before the
    /// overlay are moved to it by zero filler.
    pub fn set_overlay(&mut self, overlay: Option<u32>) -> Result<()> {
        let file_end = self.table_end() + self.body_len();
        if let Some(o) = overlay
            && u64::from(o) > file_end + 6
        {
            return Err(Error::new(0, msg!("rsli-overlay-past-end", "overlay {overlay} is past the end of the file ({end})", overlay = hex(o), end = hex(file_end + 6))));
        }
        self.ensure_fits(0, u64::from(overlay.unwrap_or(0)))?;
        self.trailer = overlay.map(|o| {
            let mut t = *b"AO\0\0\0\0";
            t[2..].copy_from_slice(&o.to_le_bytes());
            t
        });
        for row in &mut self.rows {
            row.set_overlay(overlay.unwrap_or(0));
        }
        self.edited = true;
        self.relayout();
        Ok(())
    }

    /// Drops every byte no row points at and packs the payloads in file order right after the
    /// table (or at the overlay, if that lies further on). Rows sharing one exact range keep
    /// sharing it; a declared size longer than the bytes present is corrected.
    pub fn compact(&mut self) {
        let lead = u64::from(self.overlay_or_zero()).saturating_sub(self.table_end());
        let mut order: Vec<usize> = (0..self.rows.len()).collect();
        order.sort_by_key(|&i| (self.rel[i].unwrap_or(0), self.packed[i].len()));
        let mut body = Vec::with_capacity(self.rows.len() + 1);
        if lead > 0 {
            body.push(Chunk::Held(SharedBytes::from(vec![0u8; lead as usize])));
        }
        let mut at = lead;
        let mut last: Option<(Option<u64>, usize, u64)> = None;
        for i in order {
            let key = (self.rel[i], self.packed[i].len());
            let start = match last {
                Some((rel, len, start)) if (rel, len) == key && len > 0 => start,
                _ => {
                    let start = at;
                    at += self.packed[i].len() as u64;
                    body.push(Chunk::Held(self.packed[i].clone()));
                    last = Some((key.0, key.1, start));
                    start
                }
            };
            self.rel[i] = Some(start);
            let len = self.packed[i].len() as u32;
            self.rows[i].set_packed_size(len);
        }
        self.body = body;
        self.edited = true;
        self.relayout();
    }

    fn check_index(&self, i: usize) -> Result<()> {
        if i >= self.rows.len() {
            return Err(Error::new(0, msg!("archive-no-entry", "no entry #{i} (the archive has {count})", i = i, count = self.rows.len())));
        }
        Ok(())
    }

    /// Fails when the file after an edit (rows changing by `extra_rows`, `extra_bytes` more
    /// payload bytes, up to 32 filler bytes) could not be addressed by u32 offsets.
    fn ensure_fits(&self, extra_rows: u64, extra_bytes: u64) -> Result<()> {
        let total = HEADER_SIZE as u64
            + (self.rows.len() as u64 + extra_rows) * ROW_SIZE as u64
            + self.body_len()
            + extra_bytes
            + ROW_SIZE as u64
            + 6;
        if total > u64::from(u32::MAX) {
            return Err(Error::new(
                0,
                msg!("rsli-over-u32", "the archive would grow to {size} bytes, past what u32 offsets address", size = hex(total)),
            ));
        }
        Ok(())
    }

    /// The xor payloads whose key changes when the lookup table becomes `order`. `old(j)` maps
    /// a row of the new table to its current index (`None`: a row that does not exist yet).
    fn rekeyed(&self, order: &[u16], old: impl Fn(usize) -> Option<usize>) -> Rekeyed {
        let mut out = Vec::new();
        for (j, &new_key) in order.iter().enumerate() {
            let Some(k) = old(j).filter(|&k| k < self.rows.len()) else { continue };
            let old_key = self.xor_key(k);
            if self.rows[k].method().is_xor() && old_key != new_key {
                out.push((j, SharedBytes::from(cipher::rekey(old_key, new_key, &self.packed[k]))));
            }
        }
        out
    }

    /// Writes `order` into the rows' `sort_to_original` fields (whether or not the table is
    /// flagged presorted: a loader that ignores them loses nothing, and the fields then agree
    /// with the keys), installs re-keyed payloads, and updates the lookup values.
    pub(super) fn apply_order(&mut self, order: &[u16], rekeyed: Rekeyed) {
        for (row, &v) in self.rows.iter_mut().zip(order) {
            row.set_sort_to_original(v);
        }
        for (j, bytes) in rekeyed {
            self.put_payload(j, bytes);
        }
        self.lookup = order.to_vec();
        self.edited = true;
    }

    /// Appends `bytes` to the data region and points row `i` at them.
    fn put_payload(&mut self, i: usize, bytes: SharedBytes) {
        self.rel[i] = Some(self.body_len());
        self.rows[i].set_packed_size(bytes.len() as u32);
        self.packed[i] = bytes.clone();
        if !bytes.is_empty() {
            self.body.push(Chunk::Held(bytes));
        }
        self.edited = true;
    }

    /// Brings every row's stored offset in line with where its bytes now sit. When the table
    /// shrank below the overlay, zero filler keeps every payload at or after the overlay.
    pub(super) fn relayout(&mut self) {
        let table_end = self.table_end();
        let overlay = u64::from(self.overlay_or_zero());
        // An empty entry that points into the header or table keeps its offset, unless the
        // table shrank (or the overlay moved) so far that it would point past the data, which
        // would not parse: it then moves to the start of the data region.
        let data_end = table_end + self.body_len();
        for (row, rel) in self.rows.iter().zip(self.rel.iter_mut()) {
            if rel.is_none() && row.effective_offset() > data_end {
                *rel = Some(0);
            }
        }
        let lowest = self.rel.iter().flatten().map(|r| table_end + r).min();
        if let Some(low) = lowest.filter(|&l| l < overlay) {
            let fill = overlay - low;
            self.body.insert(0, Chunk::Held(SharedBytes::from(vec![0u8; fill as usize])));
            for r in self.rel.iter_mut().flatten() {
                *r += fill;
            }
        }
        for (row, rel) in self.rows.iter_mut().zip(&self.rel) {
            if let Some(r) = rel {
                // ensure_fits bounded the file by u32::MAX before any edit that grows it, and
                // compact never grows it, so the offset fits.
                let offset = (table_end + r - overlay).min(u64::from(u32::MAX));
                row.set_data_offset(offset as u32);
            }
        }
    }
}

fn size_u32(n: usize) -> Result<u32> {
    u32::try_from(n).map_err(|_| Error::new(0, msg!("rsli-size-over-u32", "{n} bytes do not fit a u32 size field", n = n)))
}

fn rekeyed_len(r: &Rekeyed) -> u64 {
    r.iter().map(|(_, b)| b.len() as u64).sum()
}
