//! The whole `objects.rlb`: an NRes archive whose every entry is a reference record
//! (docs/formats/objects.md). The archive is the NRes codec's, so everything NRes keeps (the
//! header, the directory rows with their attrs and name fields, gaps) is kept; a slot edit
//! replaces the entry's payload with one of the same size, so the file changes in those 64
//! bytes only.

use super::{Kind, Record, SLOT_LEN};
use crate::formats::bytes::SharedBytes;
use crate::formats::nres::{self, Archive};
use crate::formats::{Diagnostic, Error, Result};
use crate::msg;

#[derive(Debug, Clone)]
pub struct Objects {
    pub archive: Archive,
    /// Entry `i`'s payload read as a record.
    records: Vec<Record>,
}

impl Objects {
    /// Parses the archive and every record. A record whose size is not whole slots fails at its
    /// directory row's size field (row + 12), naming the payload offset past the last whole
    /// slot; a name field without a NUL fails at that field's file offset. Diagnostics carry
    /// file offsets and start with the entry's name.
    pub fn parse(bytes: SharedBytes) -> Result<(Objects, Vec<Diagnostic>)> {
        let len = bytes.len();
        let (archive, mut diags) = Archive::parse(bytes)?;
        let dir = len - archive.len() * nres::ROW_LEN;
        let mut records = Vec::with_capacity(archive.len());
        for i in 0..archive.len() {
            let row = archive.entry(i);
            let name = row.name();
            let kind = Kind::from_type_id(row.type_id());
            let payload = archive.payload(i);
            let (record, found) = Record::parse(&payload, kind).map_err(|e| {
                if payload.len() % SLOT_LEN != 0 {
                    Error::new(
                        dir + i * nres::ROW_LEN + 12,
                        msg!(
                            "objrec-entry-size",
                            "entry size {size}: {inner} (at payload offset {offset})",
                            size = payload.len(),
                            inner = e.message,
                            offset = e.offset
                        ),
                    )
                    .within(name.clone())
                } else {
                    e.at_base(u64::from(row.offset()), name.clone())
                }
            })?;
            diags.extend(found.into_iter().map(|mut d| {
                d.offset = d.offset.map(|o| o + u64::from(row.offset()));
                let text = d.text().prefixed(&format!("{name}: "));
                Diagnostic { message: text.english, key: text.key, ..d }
            }));
            records.push(record);
        }
        Ok((Objects { archive, records }, diags))
    }

    /// An empty `objects.rlb`.
    pub fn new() -> Objects {
        Objects { archive: Archive::new(), records: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
    pub fn records(&self) -> &[Record] {
        &self.records
    }
    pub fn record(&self, i: usize) -> &Record {
        &self.records[i]
    }
    pub fn kind(&self, i: usize) -> Kind {
        Kind::from_type_id(self.archive.entry(i).type_id())
    }
    /// The record key (the entry's name, shown as Windows-1251).
    pub fn key(&self, i: usize) -> String {
        self.archive.entry(i).name()
    }

    /// The record of this key, ASCII case ignored (the game looks keys up that way).
    pub fn find(&self, key: &str) -> Option<usize> {
        self.archive.find(key)
    }

    /// How many records of each kind, the known kinds first, in the order of [`Kind::KNOWN`].
    pub fn census(&self) -> Vec<(Kind, usize)> {
        let mut out: Vec<(Kind, usize)> = Kind::KNOWN.iter().map(|&k| (k, 0)).collect();
        for i in 0..self.len() {
            let k = self.kind(i);
            match out.iter_mut().find(|(c, _)| *c == k) {
                Some((_, n)) => *n += 1,
                None => out.push((k, 1)),
            }
        }
        out
    }

    /// Writes slot `slot` of record `i`. The payload keeps its size, so only those 64 bytes of
    /// the file change.
    pub fn set_slot(&mut self, i: usize, slot: usize, archive: &str, member: &str) -> Result<()> {
        let n = self.len();
        let record = self.records.get_mut(i).ok_or_else(|| Error::new(0, msg!("objrec-no-record", "no record {i}: the archive has {n}", i = i, n = n)))?;
        let mut edited = record.clone();
        edited.set_slot(slot, archive, member).map_err(|e| e.within(self.archive.entry(i).name()))?;
        self.archive.replace(i, edited.write())?;
        self.records[i] = edited;
        Ok(())
    }

    /// Replaces record `i` whole (its size may change: NRes moves what follows).
    pub fn replace(&mut self, i: usize, record: Record) -> Result<()> {
        if i >= self.len() {
            return Err(Error::new(0, msg!("objrec-no-record", "no record {i}: the archive has {n}", i = i, n = self.len())));
        }
        self.archive.replace(i, record.write())?;
        self.records[i] = record;
        Ok(())
    }

    /// Appends a record under `key` (at most 31 bytes; NRes rebuilds its lookup table).
    pub fn add(&mut self, key: &str, kind: Kind, record: Record) -> Result<usize> {
        let name = crate::formats::cp1251::encode(key)
            .ok_or_else(|| Error::new(0, msg!("objrec-key-not-cp1251", "record key {key:?} has a character with no Windows-1251 byte", key = key)))?;
        let i = self.archive.add(&name, kind.type_id(), [0; 3], record.write())?;
        self.records.push(record);
        Ok(i)
    }

    pub fn write(&self) -> Vec<u8> {
        self.archive.write()
    }
}

impl Default for Objects {
    fn default() -> Self {
        Self::new()
    }
}
