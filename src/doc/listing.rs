//! An NRes directory without reading the archive: the header (16 bytes) is at the start and the
//! directory (64 bytes a row) at the end, and that is all a listing needs. `list` and `info` of a
//! 100 MB archive read a few KiB this way.

use super::node::{EntryMeta, Node};
use super::registry::{Item, codec_for};
use crate::formats::bytes::SharedBytes;
use crate::formats::nres::{HEADER_LEN, MAGIC, ROW_LEN};
use crate::formats::readings::Readings;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// The directory of an NRes file, as the full parse gives it.
pub struct Listing {
    node: Node,
    /// The file as far as the header and directory go; the payload region reads as zeros.
    /// Private, so nothing can take those zeros for entry bytes.
    bytes: SharedBytes,
}

impl Listing {
    /// Reads the header and the directory of `path`. None when the file is not an NRes archive
    /// whose header agrees with its length (the caller reads it whole and reports why), or is
    /// too small to be worth it.
    pub fn read(path: &Path) -> io::Result<Option<Listing>> {
        let mut f = File::open(path)?;
        let len = f.metadata()?.len();
        let mut header = [0u8; HEADER_LEN];
        if len < HEADER_LEN as u64 {
            return Ok(None);
        }
        f.read_exact(&mut header)?;
        let count = i32::from_le_bytes([header[8], header[9], header[10], header[11]]);
        let total = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
        let Ok(len_usize) = usize::try_from(len) else { return Ok(None) };
        let Some(dir_len) = usize::try_from(count).ok().and_then(|c| c.checked_mul(ROW_LEN)).filter(|&d| d <= len_usize - HEADER_LEN) else {
            return Ok(None);
        };
        if &header[..4] != MAGIC || u64::from(total) != len {
            return Ok(None);
        }
        // One zeroed allocation: the system maps it lazily, so the pages of the payload region
        // are never touched and cost no memory; only the header's and the directory's are.
        let mut buf = vec![0u8; len_usize];
        buf[..HEADER_LEN].copy_from_slice(&header);
        f.seek(SeekFrom::Start(len - dir_len as u64))?;
        f.read_exact(&mut buf[len_usize - dir_len..])?;
        let bytes = SharedBytes::from(buf);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        // The parse reads the header and the directory only; a directory it refuses is left
        // to the full read, which reports it.
        match Node::parse(&name, bytes.clone()) {
            Ok((node, _)) if matches!(node, Node::Nres(_)) => Ok(Some(Listing { node, bytes })),
            _ => Ok(None),
        }
    }

    pub fn len(&self) -> usize {
        self.node.len()
    }
    pub fn is_empty(&self) -> bool {
        self.node.is_empty()
    }
    pub fn metas(&self) -> Vec<EntryMeta> {
        self.node.metas()
    }
    pub fn format_name(&self) -> &'static str {
        self.node.format_name()
    }

    /// Whether a typed codec (MSH) claims the whole file, so that a summary needs more than
    /// the directory. Codecs decide on the name, the header and the directory.
    pub fn claimed_by_codec(&self, name: &str, readings: &Readings) -> bool {
        let item = Item { bytes: &self.bytes, name, type_id: None, attrs: [0; 3], readings };
        codec_for(&item).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_as_the_full_parse_does_and_declines_what_it_cannot() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.lib");
        let bytes = crate::fixtures::nres::simple();
        std::fs::write(&p, &bytes).unwrap();
        let listing = Listing::read(&p).unwrap().expect("an NRes archive");
        let (full, _) = Node::parse("a.lib", SharedBytes::from(bytes.clone())).unwrap();
        let names = |m: Vec<EntryMeta>| m.into_iter().map(|m| (m.name, m.type_id, m.attrs, m.size, m.offset, m.sort_index)).collect::<Vec<_>>();
        assert_eq!(names(listing.metas()), names(full.metas()));
        assert_eq!(listing.format_name(), "nres");
        assert!(!listing.claimed_by_codec("a.lib", &Readings::default()));

        let mut cut = bytes.clone();
        cut.pop();
        std::fs::write(&p, &cut).unwrap();
        assert!(Listing::read(&p).unwrap().is_none(), "a length that disagrees with the header goes to the full read");
        std::fs::write(&p, crate::fixtures::texm::loose(crate::formats::texm::Format::Rgb565, 4, 4, 1)).unwrap();
        assert!(Listing::read(&p).unwrap().is_none());
        std::fs::write(&p, b"NRe").unwrap();
        assert!(Listing::read(&p).unwrap().is_none());
        std::fs::write(&p, crate::fixtures::msh::cube()).unwrap();
        let mesh = Listing::read(&p).unwrap().expect("a mesh is an NRes archive");
        assert!(mesh.claimed_by_codec("cube.msh", &Readings::default()));
    }
}
