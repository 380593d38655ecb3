//! Findings about an archive as it stands (what `write` would produce): header consistency,
//! the lookup table, methods, names, sizes and overlapping ranges, and optionally whether every
//! entry decodes. Offsets are file offsets of the field or bytes concerned.

use super::archive::{Archive, COUNT_AT, COUNT2_AT, HEADER_SIZE, PRESORTED, PRESORTED_AT, SUM_AT};
use super::method::Method;
use super::row::{FLAGS_AT, NAME_LEN, PACKED_AT, ROW_SIZE, SORT_AT};
use crate::formats::Diagnostic;
use crate::formats::bytes::{le_i16, le_u16, le_u32};
use crate::formats::message::hex;
use crate::msg;
use std::collections::HashMap;

impl Archive {
    /// Everything `validate_structure` finds, plus an error for each entry that does not decode
    /// to exactly its unpacked size.
    pub fn validate(&self) -> Vec<Diagnostic> {
        let mut d = self.validate_structure();
        for i in 0..self.len() {
            if matches!(self.rows[i].method(), Method::Unknown(_)) {
                continue; // reported by validate_structure
            }
            if let Err(e) = self.unpack(i) {
                d.push(Diagnostic::error(e.offset, e.text()));
            }
        }
        d
    }

    /// The checks that need no decoding.
    pub fn validate_structure(&self) -> Vec<Diagnostic> {
        let mut d = Vec::new();
        self.check_header(&mut d);
        self.check_lookup(&mut d);
        self.check_rows(&mut d);
        self.check_ranges(&mut d);
        d
    }

    fn check_header(&self, d: &mut Vec<Diagnostic>) {
        let h = self.written_header();
        if h[2] != 0 {
            d.push(Diagnostic::info(2, msg!("rsli-reserved-byte", "reserved header byte is {value}, usually 0 (kept)", value = format!("0x{:02X}", h[2]))));
        }
        if h[24..32].iter().any(|&b| b != 0) {
            d.push(Diagnostic::info(24, msg!("rsli-header-tail", "header bytes +24..+32 are usually zero (kept as they are)")));
        }
        let (c1, c2) = (le_i16(&h, COUNT_AT), le_i16(&h, COUNT2_AT));
        if c1 != c2 {
            d.push(Diagnostic::warning(COUNT2_AT, msg!("rsli-count2-differs", "second entry count {c2} differs from the first ({c1})", c2 = c2, c1 = c1)));
        }
        let stored = le_u32(&h, SUM_AT);
        let sum = self.unpacked_sum();
        if stored != sum {
            d.push(Diagnostic::warning(
                SUM_AT,
                msg!("rsli-size-sum", "header sum of unpacked sizes is {stored}, the rows add up to {sum} (a save corrects it)", stored = stored, sum = sum),
            ));
        }
    }

    fn check_lookup(&self, d: &mut Vec<Diagnostic>) {
        let flag = le_u16(&self.header, PRESORTED_AT);
        if flag != PRESORTED {
            d.push(Diagnostic::info(
                PRESORTED_AT,
                msg!("rsli-not-presorted", "table not flagged presorted ({flag}): the loader sorts the names itself", flag = format!("0x{flag:04X}")),
            ));
            return;
        }
        if self.lookup_is_valid() {
            return;
        }
        let n = self.len();
        let mut seen = vec![false; n];
        let mut first_bad = None;
        for (k, &v) in self.lookup.iter().enumerate() {
            let v = usize::from(v);
            let ok = v < n && !seen[v];
            if v < n {
                seen[v] = true;
            }
            if !ok {
                first_bad = Some(k);
                break;
            }
        }
        let (k, text) = match first_bad {
            Some(k) => (
                k,
                msg!(
                    "rsli-lookup-bad-value",
                    "lookup table flagged presorted but invalid at row {k} (value {value} is out of range or repeated): the engine's binary search would miss entries; rebuilding the table fixes it",
                    k = k,
                    value = self.rows[k].sort_to_original()
                ),
            ),
            None => {
                let k = self
                    .lookup
                    .windows(2)
                    .position(|w| self.rows[usize::from(w[0])].name_bytes() > self.rows[usize::from(w[1])].name_bytes())
                    .map_or(0, |k| k + 1);
                (
                    k,
                    msg!(
                        "rsli-lookup-unsorted",
                        "lookup table flagged presorted but invalid at row {k} (names are not in strcmp order here): the engine's binary search would miss entries; rebuilding the table fixes it",
                        k = k
                    ),
                )
            }
        };
        d.push(Diagnostic::error(HEADER_SIZE + k * ROW_SIZE + SORT_AT, text));
    }

    fn check_rows(&self, d: &mut Vec<Diagnostic>) {
        let mut names: HashMap<&[u8], usize> = HashMap::new();
        for (i, row) in self.rows.iter().enumerate() {
            let at = HEADER_SIZE + i * ROW_SIZE;
            let who = row.name();
            let name = row.name_bytes();
            if name.is_empty() {
                d.push(Diagnostic::warning(at, msg!("rsli-name-empty", "entry #{i} {who:?}: empty name", i = i, who = &who)));
            } else if let Some(first) = names.insert(name, i) {
                names.insert(name, first);
                d.push(Diagnostic::warning(at, msg!("rsli-name-twice", "entry #{i} {who:?}: same name as entry #{first}; lookups find only one", i = i, who = &who, first = first)));
            }
            if name.len() == NAME_LEN && row.service()[0] != 0 {
                d.push(Diagnostic::warning(
                    at,
                    msg!(
                        "rsli-name-unterminated",
                        "entry #{i} {who:?}: the name fills all 12 bytes and the next byte is not NUL: a string compare runs into the service bytes",
                        i = i,
                        who = &who
                    ),
                ));
            }
            if name.iter().any(u8::is_ascii_lowercase) {
                d.push(Diagnostic::warning(
                    at,
                    msg!(
                        "rsli-name-lower-case",
                        "entry #{i} {who:?}: lower-case name: the engine upper-cases the names it looks up, so it never finds this one",
                        i = i,
                        who = &who
                    ),
                ));
            }
            let method = row.method();
            if let Method::Unknown(bits) = method {
                d.push(Diagnostic::error(
                    at + FLAGS_AT,
                    msg!("rsli-method-unknown-kept", "entry #{i} {who:?}: storage method {method} is unknown; the entry is kept raw", i = i, who = &who, method = format!("0x{bits:03X}")),
                ));
            }
            if method.is_uncompressed() && row.packed_size() != row.unpacked_size() {
                d.push(Diagnostic::warning(
                    at + PACKED_AT,
                    msg!(
                        "rsli-stored-size-differs",
                        "entry #{i} {who:?}: {method} entry stores {packed} bytes for {unpacked} unpacked",
                        i = i,
                        who = &who,
                        method = method.name(),
                        packed = row.packed_size(),
                        unpacked = row.unpacked_size()
                    ),
                ));
            }
            if (self.packed[i].len() as u64) < u64::from(row.packed_size()) {
                d.push(Diagnostic::warning(
                    at + PACKED_AT,
                    msg!(
                        "rsli-packed-short",
                        "entry #{i} {who:?}: declares {packed} packed bytes, {present} are in the file (its range ends past the data); compacting corrects the size",
                        i = i,
                        who = &who,
                        packed = row.packed_size(),
                        present = self.packed[i].len()
                    ),
                ));
            }
        }
    }

    fn check_ranges(&self, d: &mut Vec<Diagnostic>) {
        let mut ranges: Vec<(u64, u64, usize)> = (0..self.len())
            .filter(|&i| !self.packed[i].is_empty())
            .map(|i| {
                let start = self.rows[i].effective_offset();
                (start, start + self.packed[i].len() as u64, i)
            })
            .collect();
        ranges.sort_unstable();
        let mut reach: Option<(u64, u64, usize)> = None;
        for &(start, end, i) in &ranges {
            if let Some((s0, e0, j)) = reach {
                if start < e0 {
                    let (a, b) = (self.rows[j].name(), self.rows[i].name());
                    let text = if (start, end) == (s0, e0) {
                        msg!(
                            "rsli-ranges-shared",
                            "entry #{j} {a:?} and entry #{i} {b:?} share the same bytes ({from}..{to})",
                            j = j,
                            a = a,
                            i = i,
                            b = b,
                            from = hex(start),
                            to = hex(end)
                        )
                    } else {
                        msg!(
                            "rsli-ranges-overlap",
                            "entry #{j} {a:?} and entry #{i} {b:?} overlap ({from}..{to})",
                            j = j,
                            a = a,
                            i = i,
                            b = b,
                            from = hex(start),
                            to = hex(end)
                        )
                    };
                    d.push(Diagnostic::warning(start, text));
                }
                if end <= e0 {
                    continue;
                }
            }
            reach = Some((start, end, i));
        }
    }
}
