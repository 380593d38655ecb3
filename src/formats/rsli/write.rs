//! Writing: the header (counts and the unpacked-size sum updated once edited), the rows
//! re-encrypted with the archive's seed, the data region chunks in order, the AO trailer.

use super::archive::{Archive, COUNT_AT, COUNT2_AT, Chunk, SEED_AT, SUM_AT};
use super::cipher;
use crate::formats::bytes::{CopyRange, Span, le_u32, put_u16, put_u32};

impl Archive {
    /// The file's bytes. An archive that was parsed and not edited is written byte-identically.
    pub fn write(&self) -> Vec<u8> {
        let size = self.table_end() + self.body_len() + self.trailer.map_or(0, |t| t.len() as u64);
        let mut out = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        out.extend_from_slice(&self.written_header());
        let table_at = out.len();
        for row in &self.rows {
            out.extend_from_slice(row.raw());
        }
        cipher::apply(le_u32(&self.header, SEED_AT) as u16, &mut out[table_at..]);
        for chunk in &self.body {
            match chunk {
                Chunk::Held(b) => out.extend_from_slice(b),
                Chunk::InFile(r) => panic!("file bytes {r:?} of a table-only reading are written with write_streamed, from its file"),
                Chunk::Source { id, .. } => panic!("source {id}, packed ahead, is written with write_streamed"),
                Chunk::Keyed { span, .. } => panic!("{span:?}, not held, is written with write_streamed"),
            }
        }
        if let Some(t) = self.trailer {
            out.extend_from_slice(&t);
        }
        out
    }

    /// Streams the file's bytes as [`Archive::write`] makes them; the parts of a data region
    /// left in the file (a table-only reading, [`Archive::parse_table`]) and the payloads packed
    /// ahead ([`Archive::prepacked`]) are written by `copy`, given their file range or source,
    /// in order. An xor payload a batch re-keyed, or keyed, that is not held is written by
    /// `copy` too, into a writer that re-keys it on the way ([`cipher::Rekeying`]).
    pub fn write_streamed(&self, w: &mut dyn std::io::Write, copy: &mut CopyRange) -> std::io::Result<()> {
        let mut head = Vec::with_capacity(self.table_end() as usize);
        head.extend_from_slice(&self.written_header());
        for row in &self.rows {
            head.extend_from_slice(row.raw());
        }
        cipher::apply(le_u32(&self.header, SEED_AT) as u16, &mut head[32..]);
        w.write_all(&head)?;
        for chunk in &self.body {
            match chunk {
                Chunk::Held(b) => w.write_all(b)?,
                Chunk::InFile(r) => copy(Span::File(r.clone()), w)?,
                Chunk::Source { id, len } => copy(Span::Source { id: *id, len: *len }, w)?,
                // Copied through the two keystreams, a bounded buffer at a time.
                Chunk::Keyed { span, from, to } => copy(span.clone(), &mut cipher::Rekeying::new(&mut *w, *from, *to))?,
            }
        }
        if let Some(t) = self.trailer {
            w.write_all(&t)?;
        }
        Ok(())
    }

    /// The header as stored, with both counts and the sum of unpacked sizes brought up to date
    /// once the archive has been edited (a parsed, untouched header is kept exactly).
    pub(super) fn written_header(&self) -> [u8; 32] {
        let mut h = self.header;
        if self.edited {
            let n = self.rows.len() as u16;
            put_u16(&mut h, COUNT_AT, n);
            put_u16(&mut h, COUNT2_AT, n);
            put_u32(&mut h, SUM_AT, self.unpacked_sum());
        }
        h
    }

    /// The u32 field holds the sum modulo 2^32 (an archive over 4 GiB unpacked cannot say more).
    pub(super) fn unpacked_sum(&self) -> u32 {
        self.rows.iter().fold(0u32, |s, r| s.wrapping_add(r.unpacked_size()))
    }
}
