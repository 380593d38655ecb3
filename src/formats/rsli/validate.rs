//! Findings about an archive as it stands (what `write` would produce): header consistency,
//! the lookup table, methods, names, sizes and overlapping ranges, and optionally whether every
//! entry decodes. Offsets are file offsets of the field or bytes concerned.

use super::archive::{Archive, COUNT_AT, COUNT2_AT, HEADER_SIZE, PRESORTED, PRESORTED_AT, SUM_AT, label};
use super::method::Method;
use super::row::{FLAGS_AT, NAME_LEN, PACKED_AT, ROW_SIZE, SORT_AT};
use crate::formats::Diagnostic;
use crate::formats::bytes::{le_i16, le_u16, le_u32};
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
                d.push(Diagnostic::error(e.offset, e.message));
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
            d.push(Diagnostic::info(2, format!("reserved header byte is 0x{:02X}, usually 0 (kept)", h[2])));
        }
        if h[24..32].iter().any(|&b| b != 0) {
            d.push(Diagnostic::info(24, "header bytes +24..+32 are usually zero (kept as they are)"));
        }
        let (c1, c2) = (le_i16(&h, COUNT_AT), le_i16(&h, COUNT2_AT));
        if c1 != c2 {
            d.push(Diagnostic::warning(COUNT2_AT, format!("second entry count {c2} differs from the first ({c1})")));
        }
        let stored = le_u32(&h, SUM_AT);
        let sum = self.unpacked_sum();
        if stored != sum {
            d.push(Diagnostic::warning(
                SUM_AT,
                format!("header sum of unpacked sizes is {stored}, the rows add up to {sum} (a save corrects it)"),
            ));
        }
    }

    fn check_lookup(&self, d: &mut Vec<Diagnostic>) {
        let flag = le_u16(&self.header, PRESORTED_AT);
        if flag != PRESORTED {
            d.push(Diagnostic::info(
                PRESORTED_AT,
                format!("table not flagged presorted (0x{flag:04X}): the loader sorts the names itself"),
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
        let (k, what) = match first_bad {
            Some(k) => (k, format!("value {} is out of range or repeated", self.rows[k].sort_to_original())),
            None => {
                let k = self
                    .lookup
                    .windows(2)
                    .position(|w| self.rows[usize::from(w[0])].name_bytes() > self.rows[usize::from(w[1])].name_bytes())
                    .map_or(0, |k| k + 1);
                (k, "names are not in strcmp order here".to_string())
            }
        };
        d.push(Diagnostic::error(
            HEADER_SIZE + k * ROW_SIZE + SORT_AT,
            format!(
                "lookup table flagged presorted but invalid at row {k} ({what}): the engine's binary search would miss entries; rebuilding the table fixes it"
            ),
        ));
    }

    fn check_rows(&self, d: &mut Vec<Diagnostic>) {
        let mut names: HashMap<&[u8], usize> = HashMap::new();
        for (i, row) in self.rows.iter().enumerate() {
            let at = HEADER_SIZE + i * ROW_SIZE;
            let who = label(i, row);
            let name = row.name_bytes();
            if name.is_empty() {
                d.push(Diagnostic::warning(at, format!("{who}: empty name")));
            } else if let Some(first) = names.insert(name, i) {
                names.insert(name, first);
                d.push(Diagnostic::warning(at, format!("{who}: same name as entry #{first}; lookups find only one")));
            }
            if name.len() == NAME_LEN && row.service()[0] != 0 {
                d.push(Diagnostic::warning(
                    at,
                    format!("{who}: the name fills all 12 bytes and the next byte is not NUL: a string compare runs into the service bytes"),
                ));
            }
            if name.iter().any(u8::is_ascii_lowercase) {
                d.push(Diagnostic::warning(
                    at,
                    format!("{who}: lower-case name: the engine upper-cases the names it looks up, so it never finds this one"),
                ));
            }
            let method = row.method();
            if let Method::Unknown(bits) = method {
                d.push(Diagnostic::error(
                    at + FLAGS_AT,
                    format!("{who}: storage method 0x{bits:03X} is unknown; the entry is kept raw"),
                ));
            }
            if method.is_uncompressed() && row.packed_size() != row.unpacked_size() {
                d.push(Diagnostic::warning(
                    at + PACKED_AT,
                    format!(
                        "{who}: {} entry stores {} bytes for {} unpacked",
                        method.name(),
                        row.packed_size(),
                        row.unpacked_size()
                    ),
                ));
            }
            if (self.packed[i].len() as u64) < u64::from(row.packed_size()) {
                d.push(Diagnostic::warning(
                    at + PACKED_AT,
                    format!(
                        "{who}: declares {} packed bytes, {} are in the file (its range ends past the data); compacting corrects the size",
                        row.packed_size(),
                        self.packed[i].len()
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
                    let how = if (start, end) == (s0, e0) { "share the same bytes" } else { "overlap" };
                    d.push(Diagnostic::warning(
                        start,
                        format!(
                            "{} and {} {how} (0x{start:X}..0x{end:X})",
                            label(j, &self.rows[j]),
                            label(i, &self.rows[i])
                        ),
                    ));
                }
                if end <= e0 {
                    continue;
                }
            }
            reach = Some((start, end, i));
        }
    }
}
