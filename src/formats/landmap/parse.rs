//! Reading a `Land.map` with the strict rules of docs/formats/land-map.md. Offsets are the
//! file's: the archive's rules come from the NRes codec, the payload's add the payload's start.

use super::{AREAL_HEADER, Areal, ArealMap, CELL_LIMIT, ENTRY_NAME, LandMap, Link, SubBlock, SubBlockReading, TYPE_AREAL_MAP};
use crate::formats::bytes::SharedBytes;
use crate::formats::nres::{Archive, ROW_LEN};
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

/// A cursor whose errors carry file offsets: a scalar past the end fails at its first byte.
struct Cur<'a> {
    b: &'a [u8],
    pos: usize,
    base: u64,
}

impl Cur<'_> {
    fn at(&self) -> u64 {
        self.base + self.pos as u64
    }
    fn left(&self) -> usize {
        self.b.len() - self.pos
    }
    fn take<const N: usize>(&mut self, what: &str) -> Result<[u8; N]> {
        if self.left() < N {
            return Err(Error::new(self.at(), msg!("landmap-past-end", "{what}: {n} bytes past the end of the payload ({left} left)", what = what, n = N, left = self.left())));
        }
        let v = self.b[self.pos..self.pos + N].try_into().expect("N bytes");
        self.pos += N;
        Ok(v)
    }
    fn u16(&mut self, what: &str) -> Result<u16> {
        self.take(what).map(u16::from_le_bytes)
    }
    fn u32(&mut self, what: &str) -> Result<u32> {
        self.take(what).map(u32::from_le_bytes)
    }
    fn i32(&mut self, what: &str) -> Result<i32> {
        self.take(what).map(i32::from_le_bytes)
    }
    fn f32(&mut self, what: &str) -> Result<f32> {
        self.take(what).map(f32::from_le_bytes)
    }
    /// How many records of `size` bytes to reserve room for: never more than the bytes left
    /// could hold, whatever the count says (the reads then fail where R1 says).
    fn room(&self, n: u64, size: usize) -> usize {
        n.min((self.left() / size) as u64) as usize
    }
}

impl LandMap {
    pub fn parse(bytes: impl Into<SharedBytes>) -> Result<(LandMap, Vec<Diagnostic>)> {
        LandMap::parse_with(bytes, SubBlockReading::default())
    }

    pub fn parse_with(bytes: impl Into<SharedBytes>, reading: SubBlockReading) -> Result<(LandMap, Vec<Diagnostic>)> {
        let bytes: SharedBytes = bytes.into();
        let len = bytes.len();
        let (archive, mut diags) = Archive::parse(bytes)?;
        if archive.len() != 1 {
            return Err(Error::new(8, msg!("landmap-entry-count", "{n} entries; a Land.map holds exactly one (ArealMap)", n = archive.len())));
        }
        let row = archive.entry(0);
        let row_at = len - ROW_LEN;
        if row.type_id() != TYPE_AREAL_MAP {
            return Err(Error::new(row_at, msg!("landmap-entry-type", "entry type {t}, expected {expected} (ArealMap)", t = row.type_id(), expected = TYPE_AREAL_MAP)));
        }
        if !row.name_bytes().eq_ignore_ascii_case(ENTRY_NAME) {
            diags.push(Diagnostic::warning(row_at + 20, msg!("landmap-entry-name", "entry named {name:?}, shipped maps name it ArealMap", name = row.name())));
        }
        let payload = archive.payload(0);
        let (map, more) = ArealMap::parse(&payload, row.attr1(), u64::from(row.offset()), reading)?;
        diags.extend(more);
        Ok((LandMap { archive, map, reading }, diags))
    }
}

impl ArealMap {
    /// Reads a payload of `count` areals; `base` is the payload's offset in its file, added to
    /// every offset reported.
    pub fn parse(payload: &[u8], count: u32, base: u64, reading: SubBlockReading) -> Result<(ArealMap, Vec<Diagnostic>)> {
        let mut c = Cur { b: payload, pos: 0, base };
        let mut diags = Vec::new();
        let mut areals = Vec::with_capacity(c.room(u64::from(count), AREAL_HEADER));
        for i in 0..count {
            areals.push(areal(&mut c, reading, &mut diags).map_err(|e| e.within(format!("areals[{i}]")))?);
        }
        let across_at = c.at();
        let across = c.u32("cells across")?;
        let down_at = c.at();
        let down = c.u32("cells down")?;
        if across == 0 {
            return Err(Error::new(across_at, msg!("landmap-zero-across", "a grid of zero cells across")));
        }
        if down == 0 {
            return Err(Error::new(down_at, msg!("landmap-zero-down", "a grid of zero cells down")));
        }
        let n_cells = u64::from(across) * u64::from(down);
        let mut cells = Vec::with_capacity(c.room(n_cells, 2));
        for k in 0..n_cells {
            let (x, y) = (k / u64::from(down), k % u64::from(down));
            let n_at = c.at();
            let n = c.u16("cell count")? as usize;
            if n >= CELL_LIMIT {
                return Err(Error::new(n_at, msg!("landmap-cell-list-too-long", "cell ({x}, {y}) lists {n} areals (fewer than {limit} fit)", x = x, y = y, n = n, limit = CELL_LIMIT)));
            }
            let mut list = Vec::with_capacity(c.room(n as u64, 2));
            for _ in 0..n {
                let at = c.at();
                let a = c.u16("cell areal")?;
                if u32::from(a) >= count {
                    return Err(Error::new(at, msg!("landmap-cell-areal-past", "cell ({x}, {y}) names areal {a} of {count}", x = x, y = y, a = a, count = count)));
                }
                list.push(a);
            }
            cells.push(list);
        }
        if c.left() > 0 {
            return Err(Error::new(c.at(), msg!("landmap-trailing-bytes", "{n} bytes after the grid", n = c.left())));
        }
        let map = ArealMap { areals, across, down, cells };
        map.check_links(base)?;
        Ok((map, diags))
    }

    /// Every link is the border or names an existing areal and one of its edges.
    fn check_links(&self, base: u64) -> Result<()> {
        let layout = self.layout();
        for (i, a) in self.areals.iter().enumerate() {
            for (k, l) in a.links.iter().enumerate() {
                let ok = l.is_border()
                    || usize::try_from(l.areal)
                        .ok()
                        .and_then(|t| self.areals.get(t))
                        .is_some_and(|t| usize::try_from(l.edge).is_ok_and(|e| e < t.vertices.len()));
                if !ok {
                    return Err(Error::new(
                        base + self.link_offset(&layout, i, k) as u64,
                        msg!(
                            "landmap-link-bad",
                            "areal {i} link {k}: ({areal}, {edge}) is neither the border (-1, -1) nor an edge of an areal of {count}",
                            i = i,
                            k = k,
                            areal = l.areal,
                            edge = l.edge,
                            count = self.areals.len()
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

fn areal(c: &mut Cur, reading: SubBlockReading, diags: &mut Vec<Diagnostic>) -> Result<Areal> {
    let start = c.at();
    let centre = [c.f32("centre x")?, c.f32("centre y")?];
    let reserved = [c.f32("reserved")?, c.f32("reserved")?];
    let area = c.f32("area")?;
    let normal = [c.f32("normal")?, c.f32("normal")?, c.f32("normal")?];
    let words = [c.u32("word")?, c.u32("word")?, c.u32("class")?, c.u32("word")?];
    let v = c.u32("vertex count")?;
    let b = c.u32("sub-block count")?;
    let mut vertices = Vec::with_capacity(c.room(u64::from(v), 12));
    for _ in 0..v {
        vertices.push([c.f32("vertex")?, c.f32("vertex")?, c.f32("vertex")?]);
    }
    let n_links = u64::from(v) + 3 * u64::from(b);
    let mut links = Vec::with_capacity(c.room(n_links, 8));
    for _ in 0..n_links {
        links.push(Link { areal: c.i32("neighbour areal")?, edge: c.i32("neighbour edge")? });
    }
    let mut sub_blocks = Vec::with_capacity(c.room(u64::from(b), 4));
    if b > 0 {
        diags.push(Diagnostic::info(start + 52, msg!("landmap-sub-blocks", "{b} sub-blocks: no shipped map has one; sized as {reading}", b = b, reading = format!("{reading:?}"))));
    }
    for _ in 0..b {
        let n = c.u32("sub-block count")?;
        let body_len = reading.body_len(n).unwrap_or(u64::MAX);
        if body_len > c.left() as u64 {
            // The body is read a word at a time: the first word that does not fit.
            let at = c.at() + (c.left() as u64 / 4) * 4;
            return Err(Error::new(at, msg!("landmap-sub-block-past-end", "sub-block of {n}: {body_len} bytes, {left} left", n = n, body_len = body_len, left = c.left())));
        }
        let body = c.b[c.pos..c.pos + body_len as usize].to_vec();
        c.pos += body_len as usize;
        sub_blocks.push(SubBlock { n, body });
    }
    Ok(Areal { centre, reserved, area, normal, words, vertices, links, sub_blocks })
}
