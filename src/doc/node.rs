//! A node of a file's tree: an archive (NRes or RsLi) whose entries may themselves be
//! archives, or a plain byte blob (a loose typed file, or an entry's payload). Nodes are cheap
//! to clone: payload bytes are shared, so an undo snapshot of a node costs O(entries).

use crate::formats::bytes::SharedBytes;
use crate::formats::magic::{FileKind, detect};
use crate::formats::{Diagnostic, Error, Result, nres, rsli};
use crate::msg;

#[derive(Clone, Debug)]
pub enum Node {
    Nres(nres::Archive),
    Rsli(rsli::Archive),
    Blob(SharedBytes),
}

/// What the browser and the CLI show of one entry, whatever the archive format.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryMeta {
    pub index: usize,
    pub name: String,
    pub name_bytes: Vec<u8>,
    /// NRes type id; `None` for RsLi.
    pub type_id: Option<u32>,
    pub attrs: [u32; 3],
    /// Unpacked size.
    pub size: u64,
    /// Effective file offset of the stored bytes.
    pub offset: u64,
    pub sort_index: u32,
    /// RsLi storage method name and packed size.
    pub method: Option<&'static str>,
    pub packed_size: Option<u64>,
}

impl Node {
    /// Reads bytes as the node they are: an archive when the magic says so, else a blob.
    pub fn parse(name: &str, bytes: SharedBytes) -> Result<(Node, Vec<Diagnostic>)> {
        match detect(name, &bytes) {
            FileKind::Nres => nres::Archive::parse(bytes).map(|(a, d)| (Node::Nres(a), d)),
            FileKind::Rsli => rsli::Archive::parse(bytes).map(|(a, d)| (Node::Rsli(a), d)),
            _ => Ok((Node::Blob(bytes), Vec::new())),
        }
    }

    pub fn is_archive(&self) -> bool {
        !matches!(self, Node::Blob(_))
    }

    pub fn format_name(&self) -> &'static str {
        match self {
            Node::Nres(_) => crate::doc::kinds::ItemKind::Nres.name(),
            Node::Rsli(_) => crate::doc::kinds::ItemKind::Rsli.name(),
            Node::Blob(_) => "blob",
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Node::Nres(a) => a.len(),
            Node::Rsli(a) => a.len(),
            Node::Blob(_) => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn meta(&self, index: usize) -> Option<EntryMeta> {
        if index >= self.len() {
            return None;
        }
        Some(match self {
            Node::Nres(a) => {
                let r = a.entry(index);
                EntryMeta {
                    index,
                    name: r.name(),
                    name_bytes: r.name_bytes().to_vec(),
                    type_id: Some(r.type_id()),
                    attrs: r.attrs(),
                    size: r.size() as u64,
                    offset: r.offset() as u64,
                    sort_index: r.sort_index(),
                    method: None,
                    packed_size: None,
                }
            }
            Node::Rsli(a) => {
                let r = a.entry(index);
                EntryMeta {
                    index,
                    name: r.name(),
                    name_bytes: r.name_bytes().to_vec(),
                    type_id: None,
                    attrs: [0; 3],
                    size: r.unpacked_size() as u64,
                    offset: r.effective_offset(),
                    sort_index: r.sort_to_original() as u16 as u32,
                    method: Some(r.method().name()),
                    packed_size: Some(r.packed_size() as u64),
                }
            }
            Node::Blob(_) => return None,
        })
    }

    pub fn metas(&self) -> Vec<EntryMeta> {
        (0..self.len()).filter_map(|i| self.meta(i)).collect()
    }

    /// The entry's bytes as the game reads them (RsLi: unpacked).
    pub fn entry_bytes(&self, index: usize) -> Result<SharedBytes> {
        self.check_index(index)?;
        match self {
            Node::Nres(a) => match a.payload_at(index) {
                nres::Payload::Bytes(b) => Ok(b),
                nres::Payload::InFile(r) => Err(Error::new(r.start, msg!("node-payload-not-read", "entry #{index}: its payload was not read from the file", index = index))),
                nres::Payload::Source(_) => Err(Error::new(0, msg!("node-payload-not-held", "entry #{index}: its new payload is not held", index = index))),
            },
            Node::Rsli(a) => a.unpack(index).map(SharedBytes::from),
            Node::Blob(_) => unreachable!("check_index refuses blobs"),
        }
    }

    /// The first entry named `name` (ASCII case-insensitive) or `#N`, the 0-based index.
    pub fn resolve(&self, name: &str) -> Option<usize> {
        if let Some(n) = name.strip_prefix('#') {
            return n.parse::<usize>().ok().filter(|&i| i < self.len());
        }
        match self {
            Node::Nres(a) => a.find(name),
            Node::Rsli(_) => {
                self.metas().iter().position(|m| m.name_bytes.eq_ignore_ascii_case(name.as_bytes()))
            }
            Node::Blob(_) => None,
        }
    }

    pub fn write(&self) -> Vec<u8> {
        match self {
            Node::Nres(a) => a.write(),
            Node::Rsli(a) => a.write(),
            Node::Blob(b) => b.to_vec(),
        }
    }

    /// Streams the node's bytes (NRes without an intermediate buffer).
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        match self {
            Node::Nres(a) => a.write_to(w),
            Node::Rsli(a) => w.write_all(&a.write()),
            Node::Blob(b) => w.write_all(b),
        }
    }

    /// Streams the node as [`Node::write_to`] does; the bytes of a directory-only reading
    /// ([`nres::Archive::parse_directory`], [`rsli::Archive::parse_table`]) that stayed in its
    /// file are written by `copy`, given their file range, in order.
    pub fn write_streamed(&self, w: &mut dyn std::io::Write, copy: &mut crate::formats::bytes::CopyRange) -> std::io::Result<()> {
        match self {
            Node::Nres(a) => a.write_streamed(w, copy),
            Node::Rsli(a) => a.write_streamed(w, copy),
            Node::Blob(b) => w.write_all(b),
        }
    }

    pub fn replace_entry(&mut self, index: usize, bytes: SharedBytes) -> Result<()> {
        self.check_index(index)?;
        match self {
            Node::Nres(a) => a.replace(index, bytes),
            Node::Rsli(a) => {
                // Keep the entry's method where we can encode it; a raw-kept unknown method is
                // replaced by Deflate.
                let method = match a.entry(index).method() {
                    rsli::Method::Unknown(_) => rsli::Method::Deflate,
                    m => m,
                };
                a.replace(index, &bytes, method)
            }
            Node::Blob(_) => unreachable!("check_index refuses blobs"),
        }
    }

    pub fn add_entry(&mut self, name: &[u8], type_id: u32, attrs: [u32; 3], bytes: SharedBytes) -> Result<usize> {
        match self {
            Node::Nres(a) => a.add(name, type_id, attrs, bytes),
            Node::Rsli(a) => a.add(name, &bytes, rsli::Method::Deflate),
            Node::Blob(_) => Err(Error::new(0, msg!("doc-not-archive-add", "not an archive: entries cannot be added"))),
        }
    }

    /// Many edits at once, indices as before any of them (see [`nres::Batch`]), each archive in
    /// one pass (one relayout, one lookup rebuild): NRes through [`nres::Archive::edit_batch`],
    /// RsLi through [`rsli::Archive::edit_batch`] (the bytes of replacements, renames, removals
    /// from the highest index and additions made one by one).
    pub fn edit_batch(&mut self, b: nres::Batch) -> Result<()> {
        match self {
            Node::Nres(a) => a.edit_batch(b),
            Node::Rsli(a) => {
                if !b.rows.is_empty() {
                    return Err(Error::new(0, msg!("doc-rsli-no-attrs", "RsLi entries have no type or attrs")));
                }
                // Each replacement keeps its entry's method, as `replace_entry` does.
                let method = |i: usize| match a.entries().get(i).map(rsli::Row::method) {
                    Some(rsli::Method::Unknown(_)) | None => rsli::Method::Deflate,
                    Some(m) => m,
                };
                // RsLi packs each new payload: a source must have been packed ahead with the
                // entry's method ([`rsli::Archive::prepacked`]), else the batch refuses it.
                let replace = b.replace.into_iter().map(|(i, bytes)| (i, bytes, method(i))).collect();
                let add = b.add.into_iter().map(|(name, _, _, bytes)| (name, bytes, rsli::Method::Deflate)).collect();
                a.edit_batch(rsli::Batch { replace, rename: b.rename, remove: b.remove, add })
            }
            Node::Blob(_) => Err(Error::new(0, msg!("doc-not-archive", "not an archive: it has no entries"))),
        }
    }

    pub fn remove_entry(&mut self, index: usize) -> Result<()> {
        self.check_index(index)?;
        match self {
            Node::Nres(a) => a.remove(index),
            Node::Rsli(a) => a.remove(index),
            Node::Blob(_) => unreachable!("check_index refuses blobs"),
        }
    }

    pub fn rename_entry(&mut self, index: usize, name: &[u8]) -> Result<()> {
        self.check_index(index)?;
        match self {
            Node::Nres(a) => a.rename(index, name),
            Node::Rsli(a) => a.rename(index, name),
            Node::Blob(_) => unreachable!("check_index refuses blobs"),
        }
    }

    pub fn set_attrs(&mut self, index: usize, type_id: Option<u32>, attrs: [u32; 3]) -> Result<()> {
        self.check_index(index)?;
        match self {
            Node::Nres(a) => {
                if let Some(t) = type_id {
                    a.set_type(index, t)?;
                }
                a.set_attrs(index, attrs)
            }
            Node::Rsli(_) => Err(Error::new(0, msg!("doc-rsli-no-attrs", "RsLi entries have no type or attrs"))),
            Node::Blob(_) => unreachable!("check_index refuses blobs"),
        }
    }

    pub fn compact(&mut self) {
        match self {
            Node::Nres(a) => a.compact(),
            Node::Rsli(a) => a.compact(),
            Node::Blob(_) => {}
        }
    }

    pub fn rebuild_lookup(&mut self) {
        if let Node::Nres(a) = self {
            a.rebuild_lookup();
        }
    }

    fn check_index(&self, index: usize) -> Result<()> {
        if !self.is_archive() {
            return Err(Error::new(0, msg!("doc-not-archive", "not an archive: it has no entries")));
        }
        if index >= self.len() {
            return Err(Error::new(0, msg!("archive-no-entry", "no entry #{i} (the archive has {count})", i = index, count = self.len())));
        }
        Ok(())
    }
}

/// A file name for an extracted entry: its own name when that is safe and unique among its
/// siblings, else `NNNN_cleaned` with the entry's index. The CLI and the editor both use it.
pub fn output_name(metas: &[EntryMeta], i: usize) -> String {
    let m = &metas[i];
    let safe = !m.name.is_empty()
        && !m.name.contains(['/', '\\', ':', '\0'])
        && m.name != "."
        && m.name != ".."
        && metas.iter().filter(|o| o.name.eq_ignore_ascii_case(&m.name)).count() == 1;
    if safe {
        m.name.clone()
    } else {
        let cleaned: String = m.name.chars().map(|c| if c.is_alphanumeric() || c == '.' || c == '_' { c } else { '_' }).collect();
        format!("{:04}_{cleaned}", m.index)
    }
}
