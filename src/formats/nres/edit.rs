//! Edits of the raw layer, each following the writing rules of docs/formats/nres.md: every
//! byte no edit touched keeps its value and its offset modulo 8.

use super::{Archive, Item, Loc, MAX_NEW_NAME, Piece, Row, lookup_order};
use crate::formats::bytes::{NewBytes, SharedBytes, round_up8};
use crate::formats::{Error, Result};
use crate::msg;

const ROW_LEN_U64: u64 = super::ROW_LEN as u64;

/// The edits of [`Archive::edit_batch`], indices as before any of them; each index at most
/// once in `replace`, `rename`, `rows` and `remove` (which are disjoint from one another's
/// removals).
#[derive(Debug, Default)]
pub struct Batch {
    /// New payloads (held, or sources a streamed write copies: [`NewBytes`]).
    pub replace: Vec<(usize, NewBytes)>,
    /// A row's type (when given) and attrs.
    pub rows: Vec<(usize, Option<u32>, [u32; 3])>,
    pub rename: Vec<(usize, Vec<u8>)>,
    pub remove: Vec<usize>,
    /// Entries appended in order: name, type, attrs, payload.
    pub add: Vec<(Vec<u8>, u32, [u32; 3], NewBytes)>,
}

impl Archive {
    /// Replaces payload `i`. The new bytes go where the old ones were and everything after
    /// moves by the size change rounded up to a multiple of 8, zero-filled; an entry sharing its
    /// bytes with another row gets its own copy at the end instead, leaving the other intact.
    pub fn replace(&mut self, i: usize, bytes: impl Into<SharedBytes>) -> Result<()> {
        self.check_index(i)?;
        let bytes: SharedBytes = bytes.into();
        let new_len = u32::try_from(bytes.len())
            .map_err(|_| too_large(bytes.len()))?;
        self.check_total(bytes.len())?;
        self.build_layout();
        if self.sole_member(i) {
            let Loc { item, .. } = self.locs[i];
            if let Item::Data { bytes: old, pad_after } = &mut self.items[item] {
                let (s, n) = (old.len() as i64, bytes.len() as i64);
                let shift = round_up8(n - s);
                // Below 8 plus the old padding: the shift rounds the change up by less than 8.
                *pad_after = (i64::from(*pad_after) + shift - (n - s)) as u32;
                *old = Piece::new(bytes);
            }
            self.locs[i].rel = 0;
        } else {
            self.locs[i] = self.append_item(bytes);
        }
        self.rows_mut()[i].set_size(new_len);
        self.relayout();
        Ok(())
    }

    /// Appends an entry (payload at the next multiple of 8 after the data region) and rebuilds
    /// the lookup table. Names are at most 31 bytes, without NUL.
    pub fn add(&mut self, name: &[u8], type_id: u32, attrs: [u32; 3], bytes: impl Into<SharedBytes>) -> Result<usize> {
        self.add_batch([(name, type_id, attrs, bytes)])?;
        Ok(self.len() - 1)
    }

    /// Appends many entries at once, rebuilding the lookup table once (building a
    /// thousands-entry archive entry by entry would sort the table each time).
    pub fn add_batch<N: AsRef<[u8]>, B: Into<SharedBytes>>(
        &mut self,
        entries: impl IntoIterator<Item = (N, u32, [u32; 3], B)>,
    ) -> Result<()> {
        for (name, type_id, attrs, bytes) in entries {
            let name = name.as_ref();
            check_new_name(name)?;
            let bytes: SharedBytes = bytes.into();
            let size = u32::try_from(bytes.len())
                .map_err(|_| too_large(bytes.len()))?;
            self.check_total(bytes.len() + 8 + 64)?;
            let mut row = Row::new(name, type_id, attrs);
            row.set_size(size);
            let loc = self.append_item(bytes);
            self.rows_mut().push(row);
            self.locs.push(loc);
        }
        self.rebuild_lookup();
        self.relayout();
        Ok(())
    }

    /// Removes entry `i`: its payload is replaced by nothing (so following bytes shift as for a
    /// replace), then its row is deleted and the lookup table rebuilt.
    pub fn remove(&mut self, i: usize) -> Result<()> {
        self.replace(i, SharedBytes::empty())?;
        self.rows_mut().remove(i);
        self.locs.remove(i);
        self.rebuild_lookup();
        self.relayout();
        Ok(())
    }

    /// Many edits at once, with one relayout and one lookup rebuild: each edit alone costs
    /// O(entries), so a mod's thousands of edits of one archive would cost O(edits × entries).
    /// Indices are those before any edit; the edits are those of [`Batch`], each as the single
    /// edit of its kind makes it (the same bytes result). Everything is checked before anything
    /// changes.
    pub fn edit_batch(&mut self, b: Batch) -> Result<()> {
        let n = self.len();
        let mut total = self.total_size() as u64;
        let mut removed = vec![false; n];
        for &i in &b.remove {
            self.check_index(i)?;
            removed[i] = true;
        }
        for (i, bytes) in &b.replace {
            self.check_index(*i)?;
            u32::try_from(bytes.len()).map_err(|_| too_large(bytes.len()))?;
            total += bytes.len() + 8;
        }
        for (i, name) in &b.rename {
            self.check_index(*i)?;
            check_new_name(name)?;
        }
        for (i, _, _) in &b.rows {
            self.check_index(*i)?;
        }
        for (name, _, _, bytes) in &b.add {
            check_new_name(name)?;
            u32::try_from(bytes.len()).map_err(|_| too_large(bytes.len()))?;
            total += bytes.len() + 8 + 8 + ROW_LEN_U64;
        }
        if total + 8 > u64::from(u32::MAX) {
            return Err(Error::new(0, msg!("nres-over-4gib", "the archive would exceed 4 GiB, the limit of NRes offsets")));
        }
        self.build_layout();
        let mut members = vec![0u32; self.items.len()];
        for l in &self.locs {
            members[l.item] += 1;
        }
        // Replacements (and removals, which first replace the payload by nothing): in place
        // where the payload is its entry's alone, else appended.
        let emptied = b.remove.iter().map(|&i| (i, NewBytes::Held(SharedBytes::empty())));
        let mut appended = Vec::new();
        for (i, bytes) in b.replace.into_iter().chain(emptied) {
            let Loc { item, .. } = self.locs[i];
            let size = bytes.len() as u32;
            if members[item] == 1 {
                if let Item::Data { bytes: old, pad_after } = &mut self.items[item] {
                    let (s, n) = (old.len() as i64, bytes.len() as i64);
                    let shift = round_up8(n - s);
                    *pad_after = (i64::from(*pad_after) + shift - (n - s)) as u32;
                    *old = Piece::of(bytes);
                }
                self.locs[i].rel = 0;
            } else {
                members[item] -= 1;
                appended.push((i, bytes));
            }
            self.rows_mut()[i].set_size(size);
        }
        let mut end = super::HEADER_LEN + self.data_len();
        for (i, bytes) in appended {
            self.locs[i] = self.append_at(&mut end, bytes);
        }
        for (i, type_id, attrs) in b.rows {
            let row = &mut self.rows_mut()[i];
            if let Some(t) = type_id {
                row.set_type(t);
            }
            row.set_attrs(attrs);
        }
        for (i, name) in b.rename {
            self.rows_mut()[i].set_name(&name);
        }
        if !b.remove.is_empty() {
            let mut k = 0;
            self.rows_mut().retain(|_| {
                k += 1;
                !removed[k - 1]
            });
            let mut k = 0;
            self.locs.retain(|_| {
                k += 1;
                !removed[k - 1]
            });
        }
        for (name, type_id, attrs, bytes) in b.add {
            let mut row = Row::new(&name, type_id, attrs);
            row.set_size(bytes.len() as u32);
            let loc = self.append_at(&mut end, bytes);
            self.rows_mut().push(row);
            self.locs.push(loc);
        }
        self.rebuild_lookup();
        self.relayout();
        Ok(())
    }

    /// [`Archive::append_item`] with the data region's end known (`end`, moved past it).
    fn append_at(&mut self, end: &mut usize, bytes: NewBytes) -> Loc {
        let pad = (8 - *end % 8) % 8;
        if pad > 0 {
            self.items.push(Item::Gap(Piece::new(SharedBytes::from(vec![0u8; pad]))));
        }
        let piece = Piece::of(bytes);
        *end += pad + piece.len();
        self.items.push(Item::Data { bytes: piece, pad_after: 0 });
        Loc { item: self.items.len() - 1, rel: 0 }
    }

    /// Renames entry `i` (at most 31 bytes; the rest of the field is zeroed) and rebuilds the
    /// lookup table.
    pub fn rename(&mut self, i: usize, name: &[u8]) -> Result<()> {
        self.check_index(i)?;
        check_new_name(name)?;
        self.rows_mut()[i].set_name(name);
        self.rebuild_lookup();
        Ok(())
    }

    pub fn set_attrs(&mut self, i: usize, attrs: [u32; 3]) -> Result<()> {
        self.check_index(i)?;
        self.rows_mut()[i].set_attrs(attrs);
        Ok(())
    }

    pub fn set_type(&mut self, i: usize, type_id: u32) -> Result<()> {
        self.check_index(i)?;
        self.rows_mut()[i].set_type(type_id);
        Ok(())
    }

    /// Rewrites the sort_index column as the writer would (docs/formats/nres.md).
    pub fn rebuild_lookup(&mut self) {
        let order = lookup_order(self.rows());
        if self.rows().iter().zip(&order).all(|(r, &v)| r.sort_index() == v) {
            return;
        }
        for (row, v) in self.rows_mut().iter_mut().zip(order) {
            row.set_sort_index(v);
        }
    }

    /// Whether the stored lookup table is the one the writer would build.
    pub fn lookup_is_canonical(&self) -> bool {
        lookup_order(self.rows()).iter().zip(self.rows()).all(|(&v, r)| r.sort_index() == v)
    }

    /// The explicit "compact" operation: drops gaps and unreferenced bytes and repacks every
    /// payload cluster in directory order at 8-byte alignment.
    pub fn compact(&mut self) {
        self.build_layout();
        let mut new_items = Vec::new();
        let mut remap = vec![usize::MAX; self.items.len()];
        for loc in &self.locs {
            if remap[loc.item] != usize::MAX {
                continue;
            }
            let bytes = self.items[loc.item].piece();
            let pad_after = ((8 - bytes.len() % 8) % 8) as u32;
            remap[loc.item] = new_items.len();
            new_items.push(Item::Data { bytes: bytes.clone(), pad_after });
        }
        for loc in &mut self.locs {
            loc.item = remap[loc.item];
        }
        self.items = new_items;
        self.relayout();
    }

    fn append_item(&mut self, bytes: SharedBytes) -> Loc {
        self.build_layout();
        let end = super::HEADER_LEN + self.data_len();
        let pad = (8 - end % 8) % 8;
        if pad > 0 {
            self.items.push(Item::Gap(Piece::new(SharedBytes::from(vec![0u8; pad]))));
        }
        self.items.push(Item::Data { bytes: Piece::new(bytes), pad_after: 0 });
        Loc { item: self.items.len() - 1, rel: 0 }
    }

    fn check_index(&self, i: usize) -> Result<()> {
        if i >= self.len() {
            return Err(Error::new(0, msg!("archive-no-entry", "no entry #{i} (the archive has {count})", i = i, count = self.len())));
        }
        Ok(())
    }

    /// NRes stores offsets and the total size as u32: refuse an edit that would overflow them.
    fn check_total(&self, extra: usize) -> Result<()> {
        let total = self.total_size().checked_add(extra).and_then(|t| t.checked_add(8));
        if total.is_none_or(|t| t > u32::MAX as usize) {
            return Err(Error::new(0, msg!("nres-over-4gib", "the archive would exceed 4 GiB, the limit of NRes offsets")));
        }
        Ok(())
    }
}

/// A payload past what a u32 size field holds.
fn too_large(len: impl TryInto<u64>) -> Error {
    let len: u64 = len.try_into().unwrap_or(u64::MAX);
    Error::new(0, msg!("nres-payload-too-large", "payload of {len} bytes is too large for NRes", len = len))
}

/// Names the editor writes: 1..=31 bytes, no NUL.
pub fn check_new_name(name: &[u8]) -> Result<()> {
    if name.is_empty() {
        return Err(Error::new(0, msg!("archive-name-empty", "an entry name cannot be empty")));
    }
    if name.len() > MAX_NEW_NAME {
        return Err(Error::new(
            0,
            msg!("nres-name-too-long", "name is {len} bytes; NRes names the editor writes are at most {max}", len = name.len(), max = MAX_NEW_NAME),
        ));
    }
    if name.contains(&0) {
        return Err(Error::new(0, msg!("archive-name-nul", "an entry name cannot contain a NUL byte")));
    }
    Ok(())
}
