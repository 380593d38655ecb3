//! RsLi payloads packed ahead of the table that needs their sizes.

use super::{Feed, OnDisk, Scratch, named};
use crate::doc::mods::apply::{Fed, Names};
use crate::doc::mods::change::Change;
use crate::doc::node::Node;
use crate::formats::rsli;
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::Path;

/// The payloads a streamed rebuild packs ahead ([`prepack`]).
pub(super) struct Packs {
    /// The packed files by source id, removed when dropped.
    pub(super) files: HashMap<u32, OnDisk>,
    /// Per change: its source when its payload is written from the feed or a packed file.
    pub(super) fed: Vec<Option<Fed>>,
    /// Per change: its source when its payload cannot be packed ahead: read whole.
    pub(super) read: Vec<Option<Fed>>,
}

/// Packs the new payload of each change of an RsLi `node` that `fed` names, one at a time, into
/// a file of `scratch` as it streams from the feed ([`rsli::Packer`]: nothing held; a dry run's
/// last step only counts the packed bytes), and declares it to the archive
/// ([`rsli::Archive::prepacked`]). NRes packs nothing (its writer copies from the feed).
/// An xor method's payload is packed with key 0 (the batch keys it by the final lookup table as
/// it is written). A payload that cannot be packed ahead is left to be read whole: a change
/// inside a nested archive, or a source also packed with another method.
pub(super) fn prepack(node: &mut Node, changes: &[&Change], fed: &[Option<Fed>], feed: &mut dyn Feed, scratch: &mut Scratch) -> io::Result<Packs> {
    let mut out = Packs { files: HashMap::new(), fed: fed.to_vec(), read: vec![None; fed.len()] };
    if !matches!(node, Node::Rsli(_)) {
        return Ok(out);
    }
    let names = Names::of(node);
    let Node::Rsli(a) = node else { return Ok(out) };
    // The method `Node::edit_batch` packs each with: the entry's (an unknown one: Deflate),
    // Deflate for a new entry.
    let mut want: Vec<(u32, u64, rsli::Method)> = Vec::new();
    for (k, c) in changes.iter().enumerate() {
        let Some(f) = fed.get(k).and_then(Option::as_ref) else { continue };
        let method = match &c.entry[..] {
            [seg] => Some(match names.find(seg).map(|i| a.entry(i).method()) {
                Some(rsli::Method::Unknown(_)) | None => rsli::Method::Deflate,
                Some(m) => m,
            }),
            _ => None,
        };
        let packs = match (method, want.iter().find(|w| w.0 == f.id)) {
            (Some(m), Some(w)) => w.2 == m && w.1 == f.digest.size,
            (Some(m), None) => {
                want.push((f.id, f.digest.size, m));
                true
            }
            (None, _) => false,
        };
        if !packs {
            out.read[k] = out.fed[k].take();
        }
    }
    drop(names);
    for (id, unpacked, m) in want {
        let (built, packed) = pack_ahead(m, scratch, |w, _| feed.copy(id, w))?;
        a.prepacked(id, rsli::Prepacked { method: m, packed, unpacked });
        if let Some(b) = built {
            out.files.insert(id, b);
        }
    }
    Ok(out)
}


/// Packs with `method` the bytes `fill` writes, as they come (the packer's constant memory; an
/// xor method with key 0, not encrypted), into a file of `scratch`, or, in a dry run, nowhere
/// (only counted); `fill` is told where they go, for its errors. The file, and the packed
/// length.
pub(super) fn pack_ahead(method: rsli::Method, scratch: &mut Scratch, fill: impl FnOnce(&mut dyn Write, &Path) -> io::Result<()>) -> io::Result<(Option<OnDisk>, u64)> {
    let (mut w, built): (Box<dyn Write>, Option<OnDisk>) = if scratch.discard {
        (Box::new(io::sink()), None)
    } else {
        let (p, file) = scratch.create()?;
        (Box::new(io::BufWriter::with_capacity(1 << 16, file)), Some(OnDisk { path: p, len: 0, sha: None, scratch: true }))
    };
    let at = built.as_ref().map(|b| b.path.clone()).unwrap_or_default();
    let mut packer = rsli::Packer::new(method, 0, &mut w).map_err(|e| crate::doc::mods::text::io_said(io::ErrorKind::InvalidData, crate::doc::mods::text::on_path(at.display(), e)))?;
    fill(&mut packer, &at)?;
    let (_, packed) = packer.finish().map_err(|e| named(&at, e))?;
    let mut built = built;
    if let Some(b) = built.as_mut() {
        b.len = packed;
    }
    Ok((built, packed))
}
