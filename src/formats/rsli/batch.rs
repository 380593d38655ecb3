//! Many edits at once ([`Archive::edit_batch`]): the lookup table is sorted once, each payload
//! is packed once (an xor payload with its final key) and the layout is worked out in one
//! pass, so a mod's thousands of edits of one archive cost O(n log n), not one sort and one
//! relayout per edit.
//!
//! The result is the bytes the single edits give when made one by one in the batch's order
//! (replacements, renames, removals from the highest index, additions): the same payload
//! order, and the same zero filler where a shrinking table would leave a payload before the
//! AO overlay (the one-by-one filler is simulated step by step, see [`Layout`]). The one
//! difference: an xor-method payload whose key changes is re-encrypted once, with its final
//! key, where the single edits leave a copy under each intermediate key (no shipped archive
//! has xor entries).
//!
//! A new payload may also be a source packed ahead by the caller ([`Archive::prepacked`]): it
//! is laid out by its packed size and written by the streamed writer, never held here. An xor
//! payload not held (a source, packed with key 0, or a kept entry's stored bytes left in the
//! file by a table-only reading) is not re-keyed here either: its chunk carries its keys and
//! the streamed writer re-keys it as it copies it.

use super::archive::{Archive, Chunk, MAX_ENTRIES, check_name, rebuilt_order};
use super::method::{self, Method};
use super::row::{ROW_SIZE, Row};
use super::cipher;
use crate::formats::bytes::{NewBytes, SharedBytes, Span};
use crate::formats::{Error, Result};
use crate::formats::message::hex;
use crate::msg;
use std::collections::VecDeque;

/// The edits of [`Archive::edit_batch`], indices as before any of them.
#[derive(Debug, Default)]
pub struct Batch {
    /// New contents and the method to pack them with, in order (a later one of the same
    /// entry wins, the earlier bytes left as a gap, as one by one). A source must have been
    /// packed ahead with that method ([`Archive::prepacked`]).
    pub replace: Vec<(usize, NewBytes, Method)>,
    pub rename: Vec<(usize, Vec<u8>)>,
    /// Removed entries (in any order; repeats count once).
    pub remove: Vec<usize>,
    /// Entries appended in order: name, contents, method.
    pub add: Vec<(Vec<u8>, NewBytes, Method)>,
}

const ROW: u64 = ROW_SIZE as u64;

impl Archive {
    /// Carries out `b` (see the module's notes). Everything that can fail (indices, names,
    /// counts, encoding, the 4 GiB limit of offsets) fails before the archive changes.
    pub fn edit_batch(&mut self, b: Batch) -> Result<()> {
        if b.replace.is_empty() && b.rename.is_empty() && b.remove.is_empty() && b.add.is_empty() {
            return Ok(());
        }
        let n = self.rows.len();
        let bad_index = |i: usize| Error::new(0, msg!("archive-no-entry", "no entry #{i} (the archive has {count})", i = i, count = n));
        let mut removed = vec![false; n];
        for &i in &b.remove {
            *removed.get_mut(i).ok_or_else(|| bad_index(i))? = true;
        }
        let mut remove: Vec<usize> = (0..n).filter(|&i| removed[i]).collect();
        remove.reverse();
        let mut names: Vec<&[u8]> = self.names();
        for (i, name) in &b.rename {
            check_name(name)?;
            *names.get_mut(*i).ok_or_else(|| bad_index(*i))? = name;
        }
        for (i, _, _) in &b.replace {
            if *i >= n {
                return Err(bad_index(*i));
            }
        }
        for (name, _, _) in &b.add {
            check_name(name)?;
        }
        let count = n - remove.len() + b.add.len();
        if count > MAX_ENTRIES {
            return Err(Error::new(0, msg!("rsli-too-many-entries", "an RsLi archive holds at most {max} entries", max = MAX_ENTRIES)));
        }
        // Where each kept entry ends up, and the final names' lookup table (the xor keys).
        let mut pos = vec![usize::MAX; n];
        let mut kept = 0;
        for i in 0..n {
            if !removed[i] {
                pos[i] = kept;
                kept += 1;
            }
        }
        let reorders = !(b.rename.is_empty() && remove.is_empty() && b.add.is_empty());
        let order = if reorders {
            let mut all: Vec<&[u8]> = (0..n).filter(|&i| !removed[i]).map(|i| names[i]).collect();
            all.extend(b.add.iter().map(|(name, _, _)| &name[..]));
            rebuilt_order(&all)
        } else {
            self.lookup.clone()
        };
        let key = |i: usize| if reorders && !removed[i] { order[pos[i]] } else { self.xor_key(i) };
        let mut replaced = Vec::with_capacity(b.replace.len());
        let mut is_replaced = vec![false; n];
        // Stored bytes are the contents: shared, not copied. A source packed ahead stays where
        // the caller put it, given its packed size.
        let pack = |m: Method, key: u16, data: &NewBytes| match data {
            NewBytes::Held(d) if m == Method::Stored => Ok(Chunk::Held(d.clone())),
            NewBytes::Held(d) => method::pack(m, key, d).map(|p| Chunk::Held(SharedBytes::from(p))),
            // An xor method's source was packed with key 0: keyed as it is copied.
            NewBytes::Source { id, len } => match self.sources.get(id) {
                Some(p) if p.method == m && p.unpacked == *len && m.is_xor() && key != 0 => {
                    Ok(Chunk::Keyed { span: Span::Source { id: *id, len: p.packed }, from: 0, to: key })
                }
                Some(p) if p.method == m && p.unpacked == *len => Ok(Chunk::Source { id: *id, len: p.packed }),
                _ => Err(Error::new(0, msg!("node-rsli-source", "RsLi packs its payloads: source {id} must be held", id = *id))),
            },
        };
        for (i, data, m) in &b.replace {
            let unpacked = size_u32(data.len())?;
            replaced.push((*i, pack(*m, key(*i), data)?, *m, unpacked));
            is_replaced[*i] = true;
        }
        let mut added = Vec::with_capacity(b.add.len());
        for (k, (name, data, m)) in b.add.iter().enumerate() {
            let unpacked = size_u32(data.len())?;
            added.push((name, pack(*m, order[kept + k], data)?, *m, unpacked));
        }
        let mut rekeyed = Vec::new();
        if reorders {
            for i in (0..n).filter(|&i| !removed[i] && !is_replaced[i] && self.rows[i].method().is_xor()) {
                let (old, new) = (self.xor_key(i), order[pos[i]]);
                if old != new {
                    // Stored bytes left in the file (a table-only reading) are re-keyed as
                    // they are copied, not loaded; held ones here.
                    let chunk = match self.stored_range(i) {
                        Some(r) => Chunk::Keyed { span: Span::File(r), from: old, to: new },
                        None => Chunk::Held(SharedBytes::from(cipher::rekey(old, new, &self.packed[i]))),
                    };
                    rekeyed.push((pos[i], chunk));
                }
            }
        }
        drop(names);

        // A copy to edit (rows and views of shared bytes: O(entries)), put in place only when
        // all is done, so that the 4 GiB check can still refuse.
        let mut a = self.clone();
        let mut lay = Layout::of(&a);
        for (i, packed, m, unpacked) in replaced {
            let row = &mut a.rows[i];
            row.set_method(m);
            row.set_unpacked_size(unpacked);
            lay.append(&mut a, i, packed);
            lay.settle(false);
        }
        for (i, name) in &b.rename {
            a.rows[*i].set_name(name);
        }
        for &i in &remove {
            lay.remove(i);
            lay.settle(true);
        }
        if !remove.is_empty() {
            let mut k = 0;
            a.rows.retain(|_| {
                k += 1;
                !removed[k - 1]
            });
            let mut k = 0;
            a.packed.retain(|_| {
                k += 1;
                !removed[k - 1]
            });
            lay.retain(&removed);
        }
        let overlay = a.overlay_or_zero();
        for (name, packed, m, unpacked) in added {
            let mut row = Row::from_raw([0; ROW_SIZE], overlay);
            row.set_name(name);
            row.set_method(m);
            row.set_unpacked_size(unpacked);
            a.rows.push(row);
            a.packed.push(SharedBytes::empty());
            lay.table_end += ROW;
            lay.u.push(None);
            let i = a.rows.len() - 1;
            lay.append(&mut a, i, packed);
        }
        for (j, packed) in rekeyed {
            lay.append(&mut a, j, packed);
        }
        lay.finish(&mut a);
        if reorders {
            a.apply_order(&order, Vec::new());
        }
        a.edited = true;
        a.relayout();
        let total = a.table_end() + a.body_len() + ROW + 6;
        if total > u64::from(u32::MAX) {
            return Err(Error::new(0, msg!("rsli-over-u32", "the archive would grow to {size} bytes, past what u32 offsets address", size = hex(total))));
        }
        *self = a;
        Ok(())
    }
}

fn size_u32(n: u64) -> Result<u32> {
    u32::try_from(n).map_err(|_| Error::new(0, msg!("rsli-size-over-u32", "{n} bytes do not fit a u32 size field", n = n)))
}

/// The data region's layout while a batch runs, as the single edits' `relayout` after each
/// step would leave it, in O(1) amortised a step. Positions are kept without the zero filler
/// inserted so far (`fill`): an entry's start is `u + fill`; one moved to the start of the data
/// region when `fill` was `f` has `u = -f`.
struct Layout {
    /// Per entry: its start without the filler, or `None` (an empty entry pointing into the
    /// header or table, kept verbatim).
    u: Vec<Option<i64>>,
    removed: Vec<bool>,
    /// The end of the table, and the data region's length without the filler.
    table_end: u64,
    body: u64,
    fill: u64,
    overlay: u64,
    /// The lowest start is the least of three lists' valid fronts: the starts as the batch
    /// found them (ascending), payloads appended since (ascending in time), and entries moved
    /// to the start of the data (each lower than the one before). An entry whose start changed
    /// since it was listed, or that was removed, is skipped when met.
    found: Vec<(i64, usize)>,
    found_at: usize,
    appended: VecDeque<(i64, usize)>,
    moved: Vec<(i64, usize)>,
    /// Entries with no start, by their offset, highest first: the next to move when the data
    /// region's end falls below it.
    verbatim: Vec<(u64, usize)>,
    verbatim_at: usize,
}

impl Layout {
    fn of(a: &Archive) -> Layout {
        let u: Vec<Option<i64>> = a.rel.iter().map(|r| r.map(|r| r as i64)).collect();
        let mut found: Vec<(i64, usize)> = u.iter().enumerate().filter_map(|(i, r)| r.map(|r| (r, i))).collect();
        found.sort_unstable();
        let mut verbatim: Vec<(u64, usize)> = (0..a.rows.len()).filter(|&i| u[i].is_none()).map(|i| (a.rows[i].effective_offset(), i)).collect();
        verbatim.sort_unstable_by(|x, y| y.cmp(x));
        Layout {
            removed: vec![false; u.len()],
            u,
            table_end: a.table_end(),
            body: a.body_len(),
            fill: 0,
            overlay: u64::from(a.overlay_or_zero()),
            found,
            found_at: 0,
            appended: VecDeque::new(),
            moved: Vec::new(),
            verbatim,
            verbatim_at: 0,
        }
    }

    /// Points entry `i` at `packed`, appended after the last payload (`put_payload`). A source
    /// packed ahead is not held: the entry's stored bytes are then empty here.
    fn append(&mut self, a: &mut Archive, i: usize, packed: Chunk) {
        let at = self.body as i64;
        let len = packed.len();
        self.u[i] = Some(at);
        self.appended.push_back((at, i));
        self.body += len;
        // The caller checked sizes (u32) and the 4 GiB limit refuses a larger whole.
        a.rows[i].set_packed_size(len.min(u64::from(u32::MAX)) as u32);
        a.packed[i] = match &packed {
            Chunk::Held(b) => b.clone(),
            Chunk::InFile(_) | Chunk::Source { .. } | Chunk::Keyed { .. } => SharedBytes::empty(),
        };
        if len > 0 {
            a.body.push(packed);
        }
    }

    fn remove(&mut self, i: usize) {
        self.removed[i] = true;
        self.table_end -= ROW;
    }

    fn valid(&self, (u, i): (i64, usize)) -> bool {
        !self.removed[i] && self.u[i] == Some(u)
    }

    /// What `relayout` does after a step: entries with no start that now lie past the data
    /// move to its start (only a removal shrinks the data region: `shrank`), then zero filler
    /// goes in front of the data when the lowest payload would start before the overlay.
    fn settle(&mut self, shrank: bool) {
        if shrank {
            let data_end = self.table_end + self.body + self.fill;
            while let Some(&(offset, i)) = self.verbatim.get(self.verbatim_at) {
                if offset <= data_end {
                    break;
                }
                self.verbatim_at += 1;
                if !self.removed[i] && self.u[i].is_none() {
                    let at = -(self.fill as i64);
                    self.u[i] = Some(at);
                    self.moved.push((at, i));
                }
            }
        }
        while self.found.get(self.found_at).is_some_and(|&f| !self.valid(f)) {
            self.found_at += 1;
        }
        while self.appended.front().is_some_and(|&f| !self.valid(f)) {
            self.appended.pop_front();
        }
        while self.moved.last().is_some_and(|&f| !self.valid(f)) {
            self.moved.pop();
        }
        let fronts = [self.found.get(self.found_at), self.appended.front(), self.moved.last()];
        let Some(lowest) = fronts.into_iter().flatten().map(|&(u, _)| u).min() else { return };
        let start = self.table_end as i64 + lowest + self.fill as i64;
        if start < self.overlay as i64 {
            self.fill += (self.overlay as i64 - start) as u64;
        }
    }

    /// Drops the removed entries' places (after the removals, before the additions).
    fn retain(&mut self, removed: &[bool]) {
        let mut k = 0;
        self.u.retain(|_| {
            k += 1;
            !removed[k - 1]
        });
        // The lists index entries as before: nothing after the removals reads them.
        self.found.clear();
        self.appended.clear();
        self.moved.clear();
        self.removed = vec![false; self.u.len()];
    }

    /// Writes the starts into the archive, the filler in front of the data.
    fn finish(self, a: &mut Archive) {
        let fill = self.fill as i64;
        a.rel = self.u.iter().map(|u| u.map(|u| (u + fill) as u64)).collect();
        if self.fill > 0 {
            a.body.insert(0, Chunk::Held(SharedBytes::from(vec![0u8; self.fill as usize])));
        }
    }
}
