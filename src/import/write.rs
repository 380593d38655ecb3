//! The imported model's NRes bytes, written as its components are made: each typed array is
//! encoded straight into the file's buffer and then dropped, so the model is never held twice
//! (as components and as the file; docs/formats/msh.md#import, "Cost"). The bytes are those of
//! `Msh::set` of each component in the same order and `Msh::to_archive().write()` (the tests
//! below hold them equal): the directory is the one [`Archive`] builds over the same payloads.

use crate::formats::bytes::SharedBytes;
use crate::formats::msh::component::{Component, Record, merge_attrs};
use crate::formats::msh::default_attr3;
use crate::formats::nres::{Archive, HEADER_LEN};
use crate::formats::{Error, Result};
use crate::msg;
use std::ops::Range;

/// A model's file being written: the header's room, then each payload at the next multiple of
/// 8, as NRes lays them out.
pub struct ModelWriter {
    /// The NRes name of every component entry.
    name: Vec<u8>,
    out: Vec<u8>,
    /// Type id, attrs and the payload's bytes in `out`, in directory order.
    entries: Vec<(u32, [u32; 3], Range<usize>)>,
}

impl ModelWriter {
    pub fn new(name: &[u8]) -> ModelWriter {
        ModelWriter { name: name.to_vec(), out: vec![0; HEADER_LEN], entries: Vec::new() }
    }

    /// Room for `len` more payload bytes after the padding; where the payload starts. The
    /// buffer grows by what each payload needs, not by doubling.
    fn begin(&mut self, len: usize) -> usize {
        let pad = (8 - self.out.len() % 8) % 8;
        self.out.reserve_exact(pad + len);
        self.out.resize(self.out.len() + pad, 0);
        self.out.len()
    }

    /// The attrs `Msh::set` gives a new component of this value.
    fn attrs<C: Component>(c: &C) -> [u32; 3] {
        merge_attrs([0, 0, default_attr3(C::TYPE_ID)], c.derived_attrs())
    }

    /// A component through its encoder (the small tables).
    pub fn put<C: Component>(&mut self, c: &C) {
        let bytes = c.encode();
        let start = self.begin(bytes.len());
        self.out.extend_from_slice(&bytes);
        self.entries.push((C::TYPE_ID, Self::attrs(c), start..self.out.len()));
    }

    /// A component that is a plain array of records (`records` is the value's own array):
    /// written record by record into the file, with no encoded copy between.
    pub fn put_records<C: Component, R: Record>(&mut self, c: &C, records: &[R]) {
        let start = self.begin(records.len().saturating_mul(R::SIZE));
        for r in records {
            r.write(&mut self.out);
        }
        self.entries.push((C::TYPE_ID, Self::attrs(c), start..self.out.len()));
    }

    /// The file: the header and the directory of an [`Archive`] holding the same payloads in
    /// the same order (its rows, lookup table and offsets), around the payloads as written.
    pub fn finish(self) -> Result<Vec<u8>> {
        let ModelWriter { name, out, entries } = self;
        let data = SharedBytes::from(out);
        let mut a = Archive::new();
        a.add_batch(entries.iter().map(|(t, attrs, r)| (&name[..], *t, *attrs, data.slice(r.clone()))))?;
        for (row, (_, _, r)) in a.rows().iter().zip(&entries) {
            if (row.offset() as usize, row.size() as usize) != (r.start, r.len()) {
                return Err(Error::new(
                    r.start,
                    msg!("import-payload-misplaced", "{name}: the archive lays this payload out at {at}, not {expected}", name = row.name(), at = row.offset(), expected = r.start),
                ));
            }
        }
        let header = *a.header();
        let rows: Vec<[u8; 64]> = a.rows().iter().map(|r| *r.raw()).collect();
        drop(a);
        let mut out = data.into_vec();
        if out.len() + rows.len() * 64 != a_total(&header) {
            return Err(Error::new(12, msg!("import-total-size-mismatch", "the archive's total size disagrees with the payloads written")));
        }
        out[..HEADER_LEN].copy_from_slice(&header);
        out.reserve_exact(rows.len() * 64);
        rows.iter().for_each(|r| out.extend_from_slice(r));
        Ok(out)
    }
}

/// The total size an NRes header declares.
fn a_total(header: &[u8; HEADER_LEN]) -> usize {
    u32::from_le_bytes([header[12], header[13], header[14], header[15]]) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::msh::Msh;
    use crate::formats::msh::indices::Indices;
    use crate::formats::msh::strings::NodeStrings;
    use crate::formats::msh::vertex::{Normals, Positions};

    #[test]
    fn the_same_bytes_as_a_mesh_written_whole() {
        // Payloads of 12, 4 and 2 bytes a record (the padding between them differs), and an
        // empty one.
        let p = Positions(vec![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]);
        let n = Normals(vec![[0, 0, 127, 0]; 3]);
        let i = Indices(vec![0, 1, 2]);
        let s = NodeStrings(Vec::new());
        let mut msh = Msh::new(b"THING");
        msh.set(&p);
        msh.set(&i);
        msh.set(&s);
        msh.set(&n);
        let whole = msh.to_archive().unwrap().write();
        let mut w = ModelWriter::new(b"THING");
        w.put_records(&p, &p.0);
        w.put_records(&i, &i.0);
        w.put(&s);
        w.put_records(&n, &n.0);
        assert_eq!(w.finish().unwrap(), whole);
    }
}
